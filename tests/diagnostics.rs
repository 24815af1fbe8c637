//! What `gig check` says about each broken card text: one snapshot per fixture of
//! `tests/fixtures/broken-texts/` (the common mistakes) and `tests/fixtures/texts/broken/` (the
//! mistakes whose message must point at the first word not understood) and
//! `tests/fixtures/texts/meaningless/` (texts that parse but do not lower), checked as `gig check`
//! checks a card (parse, round-trip, ambiguity, tags of the catalogue, lowering). The wording of
//! parse errors is owned here; behaviour tests in `dsl` assert only the error kind.
//!
//! A snapshot changed: `cargo insta review` (or `INSTA_UPDATE=always cargo test --test diagnostics`
//! and read the diff of `tests/snapshots/`). Read every message as a designer would.

use gigscript_dsl::ambiguity::Grammar;
use gigscript_dsl::card::{card_files, load_cards, parse_card as load_card};
use gigscript_dsl::check::{check_card, pool_tags};
use gigscript_dsl::diag::render;
use gigscript_dsl::syntax::GRAMMAR;
use gigscript_dsl::Sources;
use std::collections::BTreeSet;
use std::path::Path;

fn catalogue_tags() -> BTreeSet<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = Sources::new();
    let (db, _) = load_cards(&card_files(&root.join("cards")).unwrap(), &mut sources);
    pool_tags(db.cards())
}

fn diagnostics_of(path: &Path, grammar: &Grammar, tags: &BTreeSet<String>) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // the repo-relative path, so the snapshot shows no absolute path
    let shown = path.strip_prefix(root).unwrap_or(path);
    let text = std::fs::read_to_string(path).unwrap();
    let mut sources = Sources::new();
    let file = sources.add(shown, text);
    let card = load_card(&sources, file)
        .unwrap_or_else(|e| panic!("{} does not load: {e:?}", shown.display()));
    let checked = check_card(grammar, &card, Some(tags));
    assert!(
        !checked.diagnostics.is_empty(),
        "{}: a broken text must get a diagnostic",
        shown.display()
    );
    render(&sources, &checked.diagnostics, false)
}

#[test]
fn broken_texts() {
    let grammar = Grammar::new(GRAMMAR).unwrap();
    let tags = catalogue_tags();
    insta::glob!("fixtures/broken-texts", "*.toml", |path| {
        insta::assert_snapshot!(diagnostics_of(path, &grammar, &tags));
    });
}

#[test]
fn misread_texts() {
    let grammar = Grammar::new(GRAMMAR).unwrap();
    let tags = catalogue_tags();
    insta::glob!("fixtures/texts/broken", "*.toml", |path| {
        insta::assert_snapshot!(diagnostics_of(path, &grammar, &tags));
    });
}

/// Texts that parse but have a phrase that means nothing where it is written: the error quotes
/// the phrase and says why, at its words.
#[test]
fn texts_that_do_not_lower() {
    let grammar = Grammar::new(GRAMMAR).unwrap();
    let tags = catalogue_tags();
    insta::glob!("fixtures/texts/meaningless", "*.toml", |path| {
        insta::assert_snapshot!(diagnostics_of(path, &grammar, &tags));
    });
}
