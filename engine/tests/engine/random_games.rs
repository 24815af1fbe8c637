//! Full games between the sample decks with seeded uniformly random choices.

use crate::common;

use common::*;
use gigscript_engine::{DeckList, Game};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

/// 1,000 seeds: no panic, every game ends within the turn bound, option lists are never empty
/// and labels within a decision are distinct.
fn a_thousand_games_end(decks: &[DeckList; 2]) {
    let mut outcomes = [0usize; 3];
    for seed in 0..1000u64 {
        let mut g = Game::new(pool(), [&decks[0], &decks[1]], seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xDEC1DE);
        while let Some(d) = g.decision() {
            assert!(!d.options.is_empty(), "seed {seed}: empty options");
            let labels = g.labels(&d);
            let set: HashSet<_> = labels.iter().collect();
            assert_eq!(
                set.len(),
                labels.len(),
                "seed {seed}: duplicate labels {labels:?}"
            );
            let ix = rng.gen_range(0..d.options.len());
            // Half the time go through the label, to exercise `apply_label`.
            if rng.gen_bool(0.5) {
                g.apply_label(&labels[ix]).unwrap();
            } else {
                g.apply(&d.options[ix]).unwrap();
            }
            assert!(g.state().turn <= TURN_BOUND, "seed {seed}: too long");
        }
        match g.outcome().unwrap() {
            gigscript_engine::Outcome::Winner(p) => outcomes[p.ix()] += 1,
            gigscript_engine::Outcome::Tie => outcomes[2] += 1,
        }
    }
    assert_eq!(outcomes.iter().sum::<usize>(), 1000);
}

/// The sample decks, every card's text executing.
#[test]
fn a_thousand_random_games_end() {
    a_thousand_games_end(&decks());
}

/// Two decks of the catalogue's vanilla cards only (no text: 4 Units, 2 Legends; the main decks
/// take 10 copies of each Unit, which no deck rule here limits), so the game rules alone play.
#[test]
fn a_thousand_random_vanilla_games_end() {
    let units = [
        "animals-wrecker",
        "emergency-atlus",
        "psycho-squad",
        "rockn-rockerboy",
    ];
    let deck = |legends: [&str; 3]| DeckList {
        legends: legends.iter().map(|&l| l.to_owned()).collect(),
        main: units
            .iter()
            .flat_map(|&u| std::iter::repeat_n(u.to_owned(), 10))
            .collect(),
    };
    let vanilla = ["lucyna-kushinada", "rebecca-having-a-moment"];
    for id in units.iter().chain(&vanilla) {
        let c = pool().index_of(id).expect("a catalogue card");
        assert!(
            pool().core(c).is_none_or(|t| t.core.abilities.is_empty()),
            "{id} has text"
        );
    }
    a_thousand_games_end(&[
        deck([vanilla[0], vanilla[1], vanilla[0]]),
        deck([vanilla[1], vanilla[0], vanilla[1]]),
    ]);
}
