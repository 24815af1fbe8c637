//! Shared by the engine targets: the catalogue pool (loaded once) and the sample decks.
#![allow(dead_code)]

use gigscript_dsl::card::{load_cards, CardDb};
use gigscript_dsl::deck::load_deck;
use gigscript_dsl::diag::{render_to, Diagnostic};
use gigscript_dsl::Sources;
use gigscript_engine::{DeckList, Pool};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every catalogue card.
pub fn catalogue() -> &'static CardDb {
    static DB: OnceLock<CardDb> = OnceLock::new();
    DB.get_or_init(|| {
        let mut sources = Sources::new();
        let (db, errors) = load_cards(&[root().join("cards")], &mut sources);
        assert!(errors.is_empty(), "the catalogue loads");
        db
    })
}

/// The pool of every catalogue card.
pub fn pool() -> Arc<Pool> {
    static POOL: OnceLock<Arc<Pool>> = OnceLock::new();
    POOL.get_or_init(|| Arc::new(Pool::from_db(catalogue())))
        .clone()
}

/// Renders diagnostics as `gig` would, into a sink: the renderer must not panic either.
pub fn render(sources: &Sources, diags: &[Diagnostic]) {
    let _ = render_to(&mut std::io::sink(), sources, diags, false);
    let _ = render_to(&mut std::io::sink(), sources, diags, true);
}

/// The two sample decks.
pub fn decks() -> &'static [DeckList; 2] {
    static DECKS: OnceLock<[DeckList; 2]> = OnceLock::new();
    DECKS.get_or_init(|| {
        let mut sources = Sources::new();
        let mut load = |f: &str| {
            let d = load_deck(&root().join("decks").join(f), &mut sources).expect("a sample deck");
            DeckList::from_deck(&d)
        };
        [load("red-street.toml"), load("yellow-blue-fixers.toml")]
    })
}
