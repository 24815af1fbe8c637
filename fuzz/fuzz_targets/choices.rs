//! Fuzz target: bytes as a seed (8 bytes) and a sequence of option indices (one byte each,
//! taken modulo the number of options) played in a game between the sample decks. No choice may
//! panic or fail; the option list is never empty while the game runs; the state serialises and
//! reads back equal; replaying the seed and the labels reproduces the log.
#![no_main]

#[path = "common.rs"]
mod common;

use gigscript_engine::{Game, State};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 8 {
        return;
    }
    let (seed, picks) = data.split_at(8);
    let seed = u64::from_le_bytes(seed.try_into().unwrap());
    let [a, b] = common::decks();
    let mut game = Game::new(common::pool(), [a, b], seed).expect("the sample decks make a game");
    let mut labels = Vec::new();
    for &p in picks {
        let Some(d) = game.decision() else {
            break;
        };
        assert!(!d.options.is_empty(), "an empty option list");
        let ix = usize::from(p) % d.options.len();
        labels.push(game.labels(&d).swap_remove(ix));
        game.apply(&d.options[ix]).expect("an option applies");
    }
    let json = serde_json::to_string(game.state()).expect("a state serialises");
    let back: State = serde_json::from_str(&json).expect("a state reads back");
    assert!(
        &back == game.state(),
        "the state changed in a serde round trip"
    );
    let mut again = Game::new(common::pool(), [a, b], seed).unwrap();
    for l in &labels {
        again.apply_label(l).expect("a label replays");
    }
    let text = |g: &Game| g.log().iter().map(|e| g.describe(e)).collect::<Vec<_>>();
    assert_eq!(text(&game), text(&again), "the replay departs from the log");
});
