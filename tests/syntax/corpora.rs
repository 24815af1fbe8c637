//! Every text of every corpus parses, prints back to itself and reads one way only.

use gigscript_dsl::ambiguity::Grammar;
use gigscript_dsl::card::{card_files, load_cards, CardText, CardType};
use gigscript_dsl::syntax::{
    check_ambiguity, check_round_trip, parse_text, tree::Textbox, GRAMMAR,
};
use gigscript_dsl::Sources;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// A text of a corpus: where it is from, the card type, which textbox, the text.
pub struct Entry {
    pub name: String,
    pub kind: CardType,
    pub textbox: Textbox,
    pub text: String,
}

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

pub fn grammar() -> &'static Grammar {
    static G: OnceLock<Grammar> = OnceLock::new();
    G.get_or_init(|| Grammar::new(GRAMMAR).expect("the grammar loads"))
}

/// The textboxes of the card files under `dir`.
pub fn card_entries(dir: &Path) -> Vec<Entry> {
    let mut sources = Sources::new();
    let (db, errors) = load_cards(&card_files(dir).unwrap(), &mut sources);
    assert!(errors.is_empty(), "{} loads", dir.display());
    let mut out = Vec::new();
    for c in db.cards() {
        if let Some(t) = &c.top {
            out.push(Entry {
                name: format!("{} (top)", c.id),
                kind: c.kind,
                textbox: Textbox::Top,
                text: t.text.clone(),
            });
        }
        out.push(Entry {
            name: c.id.clone(),
            kind: c.kind,
            textbox: Textbox::Rules,
            text: c.text.text.clone(),
        });
    }
    out
}

fn kind_of(s: &str) -> CardType {
    match s {
        "unit" => CardType::Unit,
        "legend" => CardType::Legend,
        "gear" => CardType::Gear,
        _ => CardType::Program,
    }
}

/// The texts of a fixture of `[[card]]` tables (`id`, `type`, `text`, `top`).
pub fn toml_entries(path: &Path) -> Vec<Entry> {
    let doc: toml::Table = std::fs::read_to_string(path).unwrap().parse().unwrap();
    let mut out = Vec::new();
    for c in doc["card"].as_array().unwrap() {
        let id = c["id"].as_str().unwrap();
        let kind = kind_of(c["type"].as_str().unwrap());
        if let Some(t) = c.get("top").and_then(|t| t.as_str()) {
            out.push(Entry {
                name: format!("{id} (top)"),
                kind,
                textbox: Textbox::Top,
                text: t.to_string(),
            });
        }
        let text = c["text"].as_str().unwrap().to_string();
        out.push(Entry {
            name: id.to_string(),
            kind,
            textbox: Textbox::Rules,
            text,
        });
    }
    out
}

/// The designer's texts: `type: text`, one a line, `⏎` between the lines of one text.
pub fn designer_entries() -> Vec<Entry> {
    let src = std::fs::read_to_string(root().join("tests/fixtures/texts/designer.txt")).unwrap();
    src.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .enumerate()
        .map(|(i, l)| {
            let (kind, text) = l.split_once(':').unwrap();
            Entry {
                name: format!("designer text {} ({})", i + 1, text.trim()),
                kind: kind_of(kind.trim()),
                textbox: Textbox::Rules,
                text: format!("{}\n", text.trim().replace(" ⏎ ", "\n")),
            }
        })
        .collect()
}

/// The problems of one text: it must parse, print back to itself and read one way only.
pub fn problems(e: &Entry) -> Option<String> {
    let t = CardText {
        text: e.text.clone(),
        offset: 0,
        exact: true,
    };
    let script = match parse_text(&t, 0, e.kind, e.textbox) {
        Ok(s) => s,
        Err(errors) => {
            let first = &errors[0];
            return Some(format!(
                "{}: does not parse: {:?} at {}..{} ({}): expected {:?}, found {}\n  {}",
                e.name,
                first.kind,
                first.span.start,
                first.span.end,
                e.text.get(first.span.range()).unwrap_or(""),
                first.expected,
                first.found,
                e.text.trim()
            ));
        }
    };
    if let Err(r) = check_round_trip(&t, 0, e.kind, &script) {
        return Some(format!(
            "{}: does not print back:\n  text:    {}\n  printed: {}",
            e.name,
            e.text.trim(),
            r.printed.trim()
        ));
    }
    if let Err(a) = check_ambiguity(grammar(), &e.text) {
        return Some(format!("{}: ambiguous: {a}", e.name));
    }
    None
}

pub fn assert_all(corpus: &str, entries: &[Entry]) {
    let bad: Vec<String> = entries.iter().filter_map(problems).collect();
    assert!(
        bad.is_empty(),
        "{corpus}: {} of {} texts fail:\n{}",
        bad.len(),
        entries.len(),
        bad.join("\n")
    );
}

#[test]
fn the_catalogue() {
    let entries = card_entries(&root().join("cards"));
    assert!(entries.len() > 155);
    assert_all("cards/", &entries);
}

#[test]
fn the_fixture_cards() {
    assert_all(
        "tests/fixtures/cards/",
        &card_entries(&root().join("tests/fixtures/cards")),
    );
}

#[test]
fn the_current_printings() {
    let entries = toml_entries(&root().join("tests/fixtures/texts/current.toml"));
    assert!(entries.len() >= 48);
    assert_all("current.toml", &entries);
}

#[test]
fn the_alpha_and_spoiler_printings() {
    assert_all(
        "older.toml",
        &toml_entries(&root().join("tests/fixtures/texts/older.toml")),
    );
}

#[test]
fn the_designer_texts() {
    let entries = designer_entries();
    assert_eq!(entries.len(), 80);
    assert_all("designer.txt", &entries);
}
