//! What a designer sees for a broken card text: one snapshot per fixture of
//! `tests/fixtures/broken-texts/` (the common mistakes) and `tests/fixtures/texts/broken/` (the
//! mistakes the message must point at the right word for), in `tests/syntax/snapshots/`.
//! A text that parses but names a tag no card of the catalogue carries shows its warning.
//!
//! A snapshot changed: `cargo insta review`, and read every message as a designer would.

use gigscript_dsl::ambiguity::Grammar;
use gigscript_dsl::card::{card_files, load_cards, parse_card as load_card, CardText, CardType};
use gigscript_dsl::diag::{render, IntoDiagnostic};
use gigscript_dsl::syntax::{
    check_card, parse_card, parse_text, tree::Textbox, unknown_tags, GRAMMAR,
};
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

/// `check_card` over the catalogue, with its own tags: every card passes with no diagnostic (a
/// tag of several words, `6TH STREET`, is one tag).
#[test]
fn the_catalogue_checks_clean() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tags = catalogue_tags();
    let mut sources = Sources::new();
    let (db, _) = load_cards(&card_files(&root.join("cards")).unwrap(), &mut sources);
    let grammar = Grammar::new(GRAMMAR).unwrap();
    for card in db.cards() {
        let check = check_card(&grammar, card, Some(&tags));
        assert!(
            check.parses && check.round_trips && check.unambiguous && check.tree.is_some(),
            "{}",
            card.id
        );
        let shown: Vec<String> = check
            .diagnostics
            .iter()
            .map(|d| d.message.clone())
            .collect();
        assert!(shown.is_empty(), "{}: {shown:?}", card.id);
    }
}

/// A tag of several words (`TYGER CLAWS`) is one tag; with a word misspelt it is unknown.
#[test]
fn a_tag_of_several_words_is_known() {
    let tags = catalogue_tags();
    let warnings = |text: &str| {
        let t = CardText {
            text: text.to_string(),
            offset: 0,
            exact: true,
        };
        let kind = CardType::Program;
        assert!(parse_text(&t, 0, kind, Textbox::Rules).is_ok(), "{text}");
        unknown_tags(&t, 0, &tags)
            .iter()
            .map(|d| format!("{} ({})", d.message, d.notes[0]))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        warnings("Defeat a rival TYGER CLAWS Unit.\n"),
        Vec::<String>::new()
    );
    assert_eq!(
        warnings("Defeat a 6TH STREET Unit.\n"),
        Vec::<String>::new()
    );
    assert_eq!(
        warnings("Defeat a rival TYGER CLAWZ Unit.\n"),
        ["card text: unknown tag `TYGER CLAWZ` (did you mean `TYGER CLAWS`?)"]
    );
}
