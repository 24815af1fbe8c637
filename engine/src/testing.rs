//! Helpers of the crate's unit tests: the catalogue and the sample decks, loaded once.

use crate::{DeckList, Game, Pool};
use gigscript_dsl::{card::load_cards, deck::load_deck, Sources};
use std::sync::{Arc, OnceLock};

/// The catalogue's cards, and the sample decks `red-street` and `yellow-blue-fixers` (which
/// hold copies).
fn sample() -> &'static (Arc<Pool>, [DeckList; 2]) {
    static SAMPLE: OnceLock<(Arc<Pool>, [DeckList; 2])> = OnceLock::new();
    SAMPLE.get_or_init(|| {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut sources = Sources::new();
        let (db, _) = load_cards(&[root.join("cards")], &mut sources);
        let pool = Arc::new(Pool::from_db(&db));
        let mut deck = |f: &str| {
            let d = load_deck(&root.join("decks").join(f), &mut sources).unwrap();
            DeckList::from_deck(&d)
        };
        (
            pool,
            [deck("red-street.toml"), deck("yellow-blue-fixers.toml")],
        )
    })
}

/// The catalogue's pool.
pub(crate) fn pool() -> Arc<Pool> {
    sample().0.clone()
}

/// The two sample decks.
pub(crate) fn sample_decks() -> &'static [DeckList; 2] {
    &sample().1
}

/// A new game of the catalogue between the sample decks.
pub(crate) fn sample_game(seed: u64) -> Game {
    let [a, b] = sample_decks();
    Game::new(pool(), [a, b], seed).unwrap()
}

/// Plays `games` random games between the sample decks (seeds 0, 1, …) to their end, calling
/// `at` with the game and its decision (every copy an option of its own) before each choice.
pub(crate) fn at_each_random_decision(games: u64, mut at: impl FnMut(&Game, &crate::Decision)) {
    use rand::{Rng, SeedableRng};
    for seed in 0..games {
        let mut g = sample_game(seed);
        g.set_log_choices(false);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        while let Some(d) = g.decision_with_copies() {
            at(&g, &d);
            let n = g.decision_ref().map_or(0, |d| d.options.len());
            g.apply_index(rng.gen_range(0..n)).unwrap();
        }
    }
}
