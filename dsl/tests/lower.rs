//! Every card text the language must read lowers to the core: the catalogue's, and each card's
//! current printing.

use gigscript_dsl::card::{card_files, load_cards, CardText, CardType};
use gigscript_dsl::syntax::parse::{parse_card, parse_text};
use gigscript_dsl::syntax::tree::{CardTree, Textbox};
use gigscript_dsl::{lower, Sources};
use std::path::Path;

fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn kind(s: &str) -> CardType {
    match s {
        "unit" => CardType::Unit,
        "program" => CardType::Program,
        "gear" => CardType::Gear,
        _ => CardType::Legend,
    }
}

/// The catalogue's cards, read and lowered: (id, core or the errors with their words).
fn catalogue() -> Vec<(String, Result<String, Vec<String>>)> {
    let files = card_files(&root().join("cards")).expect("card folder");
    let mut sources = Sources::new();
    let (db, errors) = load_cards(&files, &mut sources);
    assert!(errors.is_empty(), "card files load");
    let mut out = Vec::new();
    for card in db.cards() {
        let tree = match parse_card(card) {
            Ok(t) => t,
            Err(e) => {
                out.push((card.id.clone(), Err(vec![format!("parse: {e:?}")])));
                continue;
            }
        };
        let words = |s: gigscript_dsl::Span| {
            sources
                .get(s.file)
                .text
                .get(s.range())
                .unwrap_or("")
                .to_owned()
        };
        out.push((card.id.clone(), lowered(card.kind, &tree, words)));
    }
    out
}

fn lowered(
    kind: CardType,
    tree: &CardTree,
    words: impl Fn(gigscript_dsl::Span) -> String,
) -> Result<String, Vec<String>> {
    match lower::lower(kind, tree) {
        Ok(core) => Ok(core
            .abilities
            .iter()
            .map(|a| format!("> {}\n{a}\n", words(a.span)))
            .collect()),
        Err(errors) => Err(errors
            .iter()
            .map(|e| format!("{} (`{}`)", e.message, words(e.span)))
            .collect()),
    }
}

/// The current printings of the changed cards (`tests/fixtures/texts/current.toml`).
fn current() -> Vec<(String, Result<String, Vec<String>>)> {
    let text =
        std::fs::read_to_string(root().join("tests/fixtures/texts/current.toml")).expect("fixture");
    let v: toml::Value = toml::from_str(&text).expect("fixture reads");
    let mut out = Vec::new();
    for e in v
        .get("card")
        .and_then(|c| c.as_array())
        .into_iter()
        .flatten()
    {
        let id = e
            .get("id")
            .and_then(|x| x.as_str())
            .unwrap_or("?")
            .to_owned();
        let k = kind(e.get("type").and_then(|x| x.as_str()).unwrap_or("unit"));
        let read = |tb: &str, textbox| {
            e.get(tb).and_then(|x| x.as_str()).map(|t| {
                let ct = CardText {
                    text: t.to_owned(),
                    offset: 0,
                    exact: true,
                };
                (parse_text(&ct, 0, k, textbox), t.to_owned())
            })
        };
        let text = read("text", Textbox::Rules);
        let top = read("top", Textbox::Top);
        let (Some((Ok(text_s), src)), top) = (text, top) else {
            out.push((id, Err(vec!["parse".into()])));
            continue;
        };
        let top_s = match top {
            Some((Ok(s), _)) => Some(s),
            Some((Err(_), _)) => {
                out.push((id, Err(vec!["parse top".into()])));
                continue;
            }
            None => None,
        };
        let tree = CardTree {
            id: id.clone(),
            top: top_s,
            text: text_s,
        };
        let words = |s: gigscript_dsl::Span| src.get(s.range()).unwrap_or("").to_owned();
        out.push((id, lowered(k, &tree, words)));
    }
    out
}

fn report(all: Vec<(String, Result<String, Vec<String>>)>) {
    let failures: Vec<String> = all
        .iter()
        .filter_map(|(id, r)| r.as_ref().err().map(|e| format!("{id}: {}", e.join("; "))))
        .collect();
    if let Ok(path) = std::env::var("LOWER_DUMP") {
        let text: String = all
            .iter()
            .map(|(id, r)| match r {
                Ok(s) => format!("## {id}\n{s}"),
                Err(e) => format!("## {id}\nERROR {}\n", e.join("\n")),
            })
            .collect();
        std::fs::write(path, text).expect("dump");
    }
    assert!(
        failures.is_empty(),
        "{} cards don't lower:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_catalogue_card_lowers() {
    report(catalogue());
}

#[test]
fn every_current_printing_lowers() {
    if let Ok(p) = std::env::var("LOWER_DUMP") {
        std::env::set_var("LOWER_DUMP", format!("{p}.current"));
    }
    report(current());
}

/// Texts a designer writes (`tests/fixtures/texts/designer.txt`: `type: text`, `⏎` between lines).
#[test]
fn every_designer_text_lowers() {
    let text =
        std::fs::read_to_string(root().join("tests/fixtures/texts/designer.txt")).expect("fixture");
    let mut out = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let Some((ty, t)) = line.split_once(": ") else {
            continue;
        };
        let src = t.replace(" ⏎ ", "\n") + "\n";
        let ct = CardText {
            text: src.clone(),
            offset: 0,
            exact: true,
        };
        let k = kind(ty);
        let r = match parse_text(&ct, 0, k, Textbox::Rules) {
            Ok(s) => {
                let tree = CardTree {
                    id: "designer".into(),
                    top: None,
                    text: s,
                };
                let words = |s: gigscript_dsl::Span| src.get(s.range()).unwrap_or("").to_owned();
                lowered(k, &tree, words)
            }
            Err(e) => Err(vec![format!("parse: {:?}", e.first().map(|e| &e.kind))]),
        };
        out.push((t.to_owned(), r));
    }
    if let Ok(p) = std::env::var("LOWER_DUMP_DESIGNER") {
        std::env::set_var("LOWER_DUMP", p);
    } else {
        std::env::remove_var("LOWER_DUMP");
    }
    report(out);
}

#[path = "../../tests/support/compose.rs"]
mod compose;

/// Texts composed slot by slot lower too.
#[test]
fn every_composed_text_lowers() {
    let mut out = Vec::new();
    for (k, src) in compose::texts(13, 2_000) {
        let ct = CardText {
            text: src.clone(),
            offset: 0,
            exact: true,
        };
        let r = match parse_text(&ct, 0, k, Textbox::Rules) {
            Ok(s) => {
                let tree = CardTree {
                    id: "composed".into(),
                    top: None,
                    text: s,
                };
                let words = |s: gigscript_dsl::Span| src.get(s.range()).unwrap_or("").to_owned();
                lowered(k, &tree, words)
            }
            Err(e) => Err(vec![format!("parse: {:?}", e.first().map(|e| &e.kind))]),
        };
        out.push((format!("{k:?}: {}", src.trim_end()), r));
    }
    if let Ok(p) = std::env::var("LOWER_DUMP_COMPOSED") {
        std::env::set_var("LOWER_DUMP", p);
    }
    report(out);
}
