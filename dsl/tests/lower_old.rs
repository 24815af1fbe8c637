//! Every catalogue card's text lowers to the core, and the core of a few cards reads as expected.

use gigscript_dsl::card::{card_files, load_cards};
use gigscript_dsl::{lower_old, parse, Sources};
use std::path::Path;

fn catalogue() -> (gigscript_dsl::CardDb, Sources) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards");
    let files = card_files(&root).expect("card folder");
    let mut sources = Sources::new();
    let (db, errors) = load_cards(&files, &mut sources);
    assert!(errors.is_empty(), "card files load");
    (db, sources)
}

#[test]
fn every_catalogue_card_lowers() {
    let (db, sources) = catalogue();
    let mut failures = Vec::new();
    for card in db.cards() {
        let script = parse::parse_card(card).expect("catalogue cards parse");
        if let Err(errors) = lower_old::lower(card.kind, &script) {
            for e in errors {
                let text = sources
                    .get(e.span.file)
                    .text
                    .get(e.span.range())
                    .unwrap_or("");
                failures.push(format!("{}: {} (`{}`)", card.id, e.message, text));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} phrases don't lower:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Prints every card's core (for review): `LOWER_DUMP=path cargo test --test lower_old dump`.
#[test]
fn dump() {
    let Ok(path) = std::env::var("LOWER_DUMP") else {
        return;
    };
    let (db, sources) = catalogue();
    let mut out = String::new();
    for card in db.cards() {
        let script = parse::parse_card(card).expect("catalogue cards parse");
        if let Ok(core) = lower_old::lower(card.kind, &script) {
            out.push_str(&format!("## {}\n", card.id));
            for a in &core.abilities {
                let text = sources
                    .get(a.span.file)
                    .text
                    .get(a.span.range())
                    .unwrap_or("");
                out.push_str(&format!("> {text}\n{a}\n"));
            }
        }
    }
    std::fs::write(path, out).expect("write");
}
