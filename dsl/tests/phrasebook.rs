//! The examples of the phrasebook of slots (`grammar/README.md`) are texts the language reads:
//! every one parses with the grammar of the syntax stage, prints back to itself, reads one way
//! only and lowers to the core, and every card the book names is a card of the catalogue. So the
//! book can't drift from the grammar.
//!
//! An example is the second cell of a row of a table whose header is `| filler | example | card |`:
//! one code span, the whole text of a textbox (` ⏎ ` stands for a line break), and after it the
//! card type it is written on, `(Unit)`, `(Legend)`, `(Gear)` or `(Program)`; without one, the text is
//! a Program's. The third cell names cards by id in code spans, or says `no card yet` for a filler
//! no card of the catalogue uses.

use gigscript_dsl::ambiguity::Grammar;
use gigscript_dsl::card::{card_files, load_cards, CardText, CardType};
use gigscript_dsl::syntax::tree::{CardTree, Textbox};
use gigscript_dsl::syntax::{check_ambiguity, check_round_trip, parse_text, GRAMMAR};
use gigscript_dsl::{lower, Sources};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

const HEADER: &str = "| filler | example | card |";

/// One example of the book: its line in the README, the card type, the text, the cards named.
#[derive(Debug)]
struct Example {
    line: usize,
    kind: CardType,
    text: String,
    cards: Vec<String>,
    /// the third cell says `no card yet`
    no_card: bool,
}

/// The code spans of a table cell, in order.
fn code_spans(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

/// The cells of a table row (`| a | b | c |`); a `|` inside a code span is not a separator.
fn cells(row: &str) -> Vec<String> {
    let inner = row.trim().trim_start_matches('|').trim_end_matches('|');
    let mut out = vec![String::new()];
    let mut in_code = false;
    for c in inner.chars() {
        match c {
            '`' => {
                in_code = !in_code;
                out.last_mut().expect("a cell").push(c);
            }
            '|' if !in_code => out.push(String::new()),
            _ => out.last_mut().expect("a cell").push(c),
        }
    }
    out.into_iter().map(|c| c.trim().to_owned()).collect()
}

fn examples(readme: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut in_table = false;
    for (i, line) in readme.lines().enumerate() {
        let t = line.trim();
        if t == HEADER {
            in_table = true;
            continue;
        }
        if !t.starts_with('|') {
            in_table = false;
            continue;
        }
        if !in_table || t.starts_with("|---") {
            continue;
        }
        let row = cells(t);
        assert_eq!(
            row.len(),
            3,
            "README line {}: a row has 3 cells: {t}",
            i + 1
        );
        let spans = code_spans(&row[1]);
        assert_eq!(
            spans.len(),
            1,
            "README line {}: an example is one code span: {}",
            i + 1,
            row[1]
        );
        let after = row[1].rsplit('`').next().unwrap_or("").trim();
        let kind = match after {
            "" | "(Program)" => CardType::Program,
            "(Unit)" => CardType::Unit,
            "(Legend)" => CardType::Legend,
            "(Gear)" => CardType::Gear,
            other => panic!(
                "README line {}: after an example, a card type in parentheses, not `{other}`",
                i + 1
            ),
        };
        out.push(Example {
            line: i + 1,
            kind,
            text: format!("{}\n", spans[0].replace(" ⏎ ", "\n")),
            cards: code_spans(&row[2]).into_iter().map(str::to_owned).collect(),
            no_card: row[2] == "no card yet",
        });
    }
    out
}

/// What is wrong with an example, if anything.
fn problem(grammar: &Grammar, e: &Example) -> Option<String> {
    let text = CardText {
        text: e.text.clone(),
        offset: 0,
        exact: true,
    };
    let script = match parse_text(&text, 0, e.kind, Textbox::Rules) {
        Ok(s) => s,
        Err(errors) => {
            let first = &errors[0];
            return Some(format!(
                "does not parse: {:?} at `{}`, expected {:?}",
                first.kind,
                e.text.get(first.span.range()).unwrap_or(""),
                first.expected
            ));
        }
    };
    if let Err(r) = check_round_trip(&text, 0, e.kind, &script) {
        return Some(format!("prints back as `{}`", r.printed.trim()));
    }
    if let Err(a) = check_ambiguity(grammar, &e.text) {
        return Some(format!("reads two ways: {a}"));
    }
    let tree = CardTree {
        id: "example".into(),
        top: None,
        text: script,
    };
    if let Err(errors) = lower::lower(e.kind, &tree) {
        let why: Vec<String> = errors
            .iter()
            .map(|x| {
                format!(
                    "{} (`{}`)",
                    x.message,
                    e.text.get(x.span.range()).unwrap_or("")
                )
            })
            .collect();
        return Some(format!("does not lower: {}", why.join("; ")));
    }
    None
}

fn readme() -> String {
    std::fs::read_to_string(root().join("grammar/README.md")).expect("grammar/README.md")
}

#[test]
fn every_example_of_the_phrasebook_parses_prints_back_and_lowers() {
    let book = readme();
    let all = examples(&book);
    assert!(all.len() >= 150, "only {} examples found", all.len());
    let grammar = Grammar::new(GRAMMAR).expect("the grammar loads");
    let bad: Vec<String> = all
        .iter()
        .filter_map(|e| {
            problem(&grammar, e).map(|p| format!("line {}: `{}`: {p}", e.line, e.text.trim()))
        })
        .collect();
    assert!(
        bad.is_empty(),
        "{} of {} examples of grammar/README.md fail:\n{}",
        bad.len(),
        all.len(),
        bad.join("\n")
    );
}

#[test]
fn every_card_the_phrasebook_names_is_a_card_of_the_catalogue() {
    let mut sources = Sources::new();
    let (db, errors) = load_cards(&card_files(&root().join("cards")).unwrap(), &mut sources);
    assert!(errors.is_empty(), "the catalogue loads");
    let ids: BTreeSet<&str> = db.cards().iter().map(|c| c.id.as_str()).collect();
    let all = examples(&readme());
    let mut unknown = Vec::new();
    for e in &all {
        assert!(
            !e.cards.is_empty() || e.no_card,
            "line {}: an example names a card that uses its slot, or says `no card yet`",
            e.line
        );
        for c in &e.cards {
            if !ids.contains(c.as_str()) {
                unknown.push(format!("line {}: `{c}`", e.line));
            }
        }
    }
    assert!(
        unknown.is_empty(),
        "not cards of the catalogue: {unknown:?}"
    );
}

/// The test reads what it should: a broken example is caught.
#[test]
fn a_broken_example_is_caught() {
    let grammar = Grammar::new(GRAMMAR).expect("the grammar loads");
    let table = format!(
        "{HEADER}\n|---|---|---|\n| a | `Draw 1.` | `floor-it` |\n| b | `Draws 1.` | `floor-it` |\n| c | `This Unit can't attack.` (Unit) | `corpo-security` |\n| d | `Choose one effect. ⏎ Draw 1. // Draw 2.` | `pyramid-song` |\n"
    );
    let found = examples(&table);
    assert_eq!(found.len(), 4);
    assert_eq!(found[2].kind, CardType::Unit);
    assert_eq!(found[3].text, "Choose one effect.\nDraw 1. // Draw 2.\n");
    assert!(problem(&grammar, &found[0]).is_none());
    assert!(
        problem(&grammar, &found[1]).is_some(),
        "`Draws 1.` is caught"
    );
    assert!(problem(&grammar, &found[2]).is_none());
    assert!(problem(&grammar, &found[3]).is_none());
}
