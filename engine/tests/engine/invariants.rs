//! Property tests: state invariants hold after every choice of random games.

use crate::common;

use common::*;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn invariants_hold_after_every_choice(seed in any::<u64>(), bot in any::<u64>()) {
        let mut g = new_game(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(bot);
        check_invariants(&g);
        while let Some(d) = g.decision() {
            prop_assert!(!d.options.is_empty());
            let c = d.options[rng.gen_range(0..d.options.len())];
            g.apply(&c).unwrap();
            check_invariants(&g);
            // Cloning and serialising keep the state equal.
            let json = serde_json::to_string(g.state()).unwrap();
            let back: gigscript_engine::State = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(&back, g.state());
        }
        prop_assert!(g.outcome().is_some());
    }
}
