//! Helpers of the crate's unit tests: the catalogue and the sample decks, loaded once.

use crate::{DeckList, Game, Pool};
use gigscript_dsl::{card::load_cards, card::parse_card, deck::load_deck, CardDb, Sources};
use std::sync::{Arc, OnceLock};

/// The catalogue's cards, and the sample decks `red-street` and `yellow-blue-fixers` (which
/// hold copies).
fn sample() -> &'static (Arc<Pool>, [DeckList; 2]) {
    static SAMPLE: OnceLock<(Arc<Pool>, [DeckList; 2])> = OnceLock::new();
    SAMPLE.get_or_init(|| {
        let mut sources = Sources::new();
        let pool = Arc::new(Pool::from_db(&catalogue(&mut sources)));
        let root = repository();
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

/// The repository's root, where `cards/` and `decks/` are.
fn repository() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The catalogue's cards, read into `sources`.
fn catalogue(sources: &mut Sources) -> CardDb {
    load_cards(&[repository().join("cards")], sources).0
}

/// The catalogue's pool with one card more: file `<id>.toml` holding `card`, written as a
/// designer would.
pub(crate) fn pool_with(id: &str, card: &str) -> Arc<Pool> {
    let mut sources = Sources::new();
    let mut cards = catalogue(&mut sources).cards().to_vec();
    let file = sources.add(format!("{id}.toml"), card);
    cards.push(parse_card(&sources, file).expect("the card reads"));
    Arc::new(Pool::from_db(&CardDb::from_cards(cards)))
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
