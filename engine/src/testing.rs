//! Helpers of the crate's unit tests.

use crate::{DeckList, Game, Pool};
use gigscript_dsl::{card::load_cards, deck::load_deck, Sources};
use std::sync::Arc;

/// A new game of the catalogue between the sample decks `red-street` and
/// `yellow-blue-fixers`, which hold copies.
pub(crate) fn sample_game(seed: u64) -> Game {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut sources = Sources::new();
    let (db, _) = load_cards(&[root.join("cards")], &mut sources);
    let pool = Arc::new(Pool::from_db(&db));
    let mut deck = |f: &str| {
        let d = load_deck(&root.join("decks").join(f), &mut sources).unwrap();
        DeckList::from_deck(&d)
    };
    let (a, b) = (deck("red-street.toml"), deck("yellow-blue-fixers.toml"));
    Game::new(pool, [&a, &b], seed).unwrap()
}
