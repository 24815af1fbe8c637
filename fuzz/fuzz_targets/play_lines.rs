//! Fuzz target: `gig play` command lines. 8 bytes of seed, then any bytes as standard input:
//! read in bounded lines (`src/input.rs`, the binary's own reader), each matched to an option of
//! a game between the sample decks by number, label or words (`pick`, as `gig play` does), or
//! `undo` (replaying the seed and the choices before the last). Nothing may panic; a picked
//! option must apply.
#![no_main]

#[path = "common.rs"]
mod common;
#[path = "../../src/input.rs"]
#[allow(dead_code)]
mod input;

use gigscript_engine::Game;
use libfuzzer_sys::fuzz_target;

/// Most lines played per input.
const MAX_LINES: usize = 200;

fuzz_target!(|data: &[u8]| {
    if data.len() < 8 {
        return;
    }
    let (seed, rest) = data.split_at(8);
    let seed = u64::from_le_bytes(seed.try_into().unwrap());
    let [a, b] = common::decks();
    let new = || Game::new(common::pool(), [a, b], seed).expect("the sample decks make a game");
    let mut game = new();
    let mut choices: Vec<String> = Vec::new();
    let mut reader = std::io::Cursor::new(rest);
    for _ in 0..MAX_LINES {
        let line = match input::read_line(&mut reader, input::MAX_INPUT_LINE) {
            Ok(Some(l)) => l,
            Ok(None) | Err(input::LineError::NotUtf8) | Err(input::LineError::Io(_)) => break,
            Err(input::LineError::TooLong) => continue,
        };
        let Some(d) = game.decision() else {
            break;
        };
        let line = line.trim();
        if line == "undo" {
            choices.pop();
            game = new();
            for c in &choices {
                game.apply_label(c).expect("a choice made before replays");
            }
            continue;
        }
        let labels = game.labels(&d);
        if let Ok(ix) = input::pick(&labels, line) {
            game.apply(&d.options[ix]).expect("a picked option applies");
            choices.push(labels[ix].clone());
        }
    }
});
