//! Full games between the sample decks with seeded uniformly random choices.

mod common;

use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

/// 1,000 seeds: no panic, every game ends within the turn bound, option lists are never empty
/// and labels within a decision are distinct.
#[test]
fn a_thousand_random_games_end() {
    let mut outcomes = [0usize; 3];
    for seed in 0..1000u64 {
        let mut g = new_game(seed);
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
