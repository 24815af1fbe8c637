//! The table of the official FAQ, `tests/rulings/FAQ.md`, is kept true: it has one row for each
//! item FAQ-001 to FAQ-264, exactly once; a row that names rulings in its "pinned by" column
//! (`path: ruling name`, several joined by `<br>`) names rulings that exist in that file and
//! pass; a row that names none says why in its "status" column.

use gigscript_dsl::card::{load_cards, load_cards_in, Format};
use gigscript_dsl::ruling::{Ruling, RulingsFile};
use gigscript_dsl::Sources;
use gigscript_engine::scenario::run_ruling;
use gigscript_engine::Pool;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

/// How many items the official FAQ has.
const ITEMS: u32 = 264;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// One row of the table: its id, its "pinned by" cell and its "status" cell.
struct Row {
    line: usize,
    id: u32,
    pinned_by: String,
    status: String,
}

fn rows(text: &str) -> Vec<Row> {
    let mut out = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let Some(rest) = line.strip_prefix("| FAQ-") else {
            continue;
        };
        let cells: Vec<&str> = rest.split('|').map(str::trim).collect();
        assert!(
            cells.len() >= 4,
            "FAQ.md:{}: a row has four cells: {line}",
            k + 1
        );
        let id = cells[0]
            .parse()
            .unwrap_or_else(|_| panic!("FAQ.md:{}: `FAQ-{}` is no FAQ id", k + 1, cells[0]));
        out.push(Row {
            line: k + 1,
            id,
            pinned_by: cells[2].to_owned(),
            status: cells[3].to_owned(),
        });
    }
    out
}

/// The rulings a "pinned by" cell names: `(path, ruling name)`; `—` (or nothing) names none.
fn named(cell: &str) -> Vec<(String, String)> {
    let cell = cell.trim();
    if cell.is_empty() || cell == "—" || cell == "-" {
        return Vec::new();
    }
    cell.split("<br>")
        .map(|one| {
            let one = one.trim();
            let (path, name) = one
                .split_once(": ")
                .unwrap_or_else(|| panic!("`{one}` is not `path: ruling name`"));
            (
                path.trim().trim_matches('`').to_owned(),
                name.trim().trim_matches('`').to_owned(),
            )
        })
        .collect()
}

/// The rulings of a card file or of a rulings file, by name.
fn rulings_of(path: &str) -> Vec<Ruling> {
    let full = root().join(path);
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{path}: {e}"));
    if path.starts_with("cards/") {
        let (db, errors) = load_cards(&[full], &mut Sources::new());
        assert!(errors.is_empty(), "{path}: the card file does not load");
        db.cards()
            .iter()
            .flat_map(|c| c.rulings.iter().cloned())
            .collect()
    } else {
        RulingsFile::parse_each(&text)
            .unwrap_or_else(|e| panic!("{path}: {e}"))
            .into_iter()
            .filter_map(Result::ok)
            .collect()
    }
}

#[test]
fn every_faq_item_is_pinned_or_says_why() {
    let text = std::fs::read_to_string(root().join("tests/rulings/FAQ.md")).unwrap();
    let rows = rows(&text);
    // a ruling runs with the cards of the format it names (`standard` unless it says)
    let pools: BTreeMap<Format, Arc<Pool>> = Format::ALL
        .iter()
        .map(|&f| {
            let (db, errors) = load_cards_in(&[root().join("cards")], &mut Sources::new(), f);
            assert!(errors.is_empty(), "card errors: {}", errors.len());
            (f, Arc::new(Pool::from_db(&db)))
        })
        .collect();

    let mut seen: BTreeMap<u32, usize> = BTreeMap::new();
    let mut files: BTreeMap<String, Vec<Ruling>> = BTreeMap::new();
    let mut problems = Vec::new();
    for row in &rows {
        let at = format!("FAQ.md:{}: FAQ-{:03}", row.line, row.id);
        if let Some(first) = seen.insert(row.id, row.line) {
            problems.push(format!("{at}: a second row (the first is at line {first})"));
        }
        if !(1..=ITEMS).contains(&row.id) {
            problems.push(format!("{at}: no such FAQ item"));
        }
        let names = named(&row.pinned_by);
        if names.is_empty() {
            if row.status.is_empty() || row.status.eq_ignore_ascii_case("pinned") {
                problems.push(format!(
                    "{at}: no ruling pins it and the status says no reason"
                ));
            }
            continue;
        }
        if row.status.is_empty() {
            problems.push(format!("{at}: an empty status"));
        }
        for (path, name) in names {
            let rulings = files
                .entry(path.clone())
                .or_insert_with(|| rulings_of(&path));
            match rulings.iter().find(|r| r.name == name) {
                None => problems.push(format!("{at}: {path} has no ruling `{name}`")),
                Some(r) => {
                    let report = run_ruling(&pools[&r.format()], r);
                    if !report.passed() {
                        let why: Vec<String> =
                            report.failures.iter().map(|f| f.to_string()).collect();
                        problems.push(format!("{at}: `{name}` fails: {}", why.join("; ")));
                    }
                }
            }
        }
    }
    for id in 1..=ITEMS {
        if !seen.contains_key(&id) {
            problems.push(format!("FAQ.md: no row for FAQ-{id:03}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_cell_names_its_rulings() {
    assert!(named("—").is_empty());
    assert_eq!(
        named("`tests/rulings/a.toml`: one: two<br>cards/x/y.toml: three"),
        vec![
            ("tests/rulings/a.toml".to_owned(), "one: two".to_owned()),
            ("cards/x/y.toml".to_owned(), "three".to_owned()),
        ]
    );
}
