//! What a designer sees for a broken card text: one snapshot per fixture of
//! `tests/fixtures/broken-texts/` (the common mistakes) and `tests/fixtures/texts/broken/` (the
//! mistakes the message must point at the right word for), in `tests/syntax/snapshots/`.
//! A text that parses but names a tag no card of the catalogue carries shows its warning.
//!
//! A snapshot changed: `cargo insta review`, and read every message as a designer would.

use gigscript_dsl::card::{card_files, load_cards, parse_card as load_card};
use gigscript_dsl::diag::{render, IntoDiagnostic};
use gigscript_dsl::syntax::{parse_card, unknown_tags};
use gigscript_dsl::Sources;
use std::collections::BTreeSet;
use std::path::Path;

fn catalogue_tags() -> BTreeSet<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = Sources::new();
    let (db, _) = load_cards(&card_files(&root.join("cards")).unwrap(), &mut sources);
    db.cards()
        .iter()
        .flat_map(|c| c.tags.iter().cloned())
        .collect()
}

fn diagnostics_of(path: &Path, tags: &BTreeSet<String>) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shown = path.strip_prefix(root).unwrap_or(path);
    let text = std::fs::read_to_string(path).unwrap();
    let mut sources = Sources::new();
    let file = sources.add(shown, text);
    let card = load_card(&sources, file)
        .unwrap_or_else(|e| panic!("{} does not load: {e:?}", shown.display()));
    let diags: Vec<_> = match parse_card(&card) {
        Err(errors) => errors.iter().map(IntoDiagnostic::to_diagnostic).collect(),
        Ok(_) => card
            .top
            .iter()
            .chain([&card.text])
            .flat_map(|t| unknown_tags(t, card.file, tags))
            .collect(),
    };
    assert!(
        !diags.is_empty(),
        "{}: a broken text must get a diagnostic",
        shown.display()
    );
    render(&sources, &diags, false)
}

#[test]
fn broken_texts() {
    let tags = catalogue_tags();
    insta::glob!("../fixtures/broken-texts", "*.toml", |path| {
        insta::assert_snapshot!(diagnostics_of(path, &tags));
    });
}

#[test]
fn misread_texts() {
    let tags = catalogue_tags();
    insta::glob!("../fixtures/texts/broken", "*.toml", |path| {
        insta::assert_snapshot!(diagnostics_of(path, &tags));
    });
}
