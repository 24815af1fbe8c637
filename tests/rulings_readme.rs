//! The rule table of `tests/rulings/README.md` names rulings that exist: every
//! `` `<file>.toml`: <ruling name> `` in it (a file of `tests/rulings/`, or a card file by its path)
//! is the name of a `[[ruling]]` of that file, and every `` `engine/tests/engine/<file>.rs`: <test> ``
//! is a test function of that file; a bare `` `<card-id>` `` stands for that card's file, and
//! `` `<card-id> (fixture)` `` for that fixture card's file under `tests/fixtures/cards/alpha/`. A renamed ruling must not leave the table pointing nowhere.

use std::collections::HashMap;
use std::path::Path;

fn ruling_names(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let table: toml::Table = text
        .parse()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    table
        .get("ruling")
        .and_then(|r| r.as_array())
        .into_iter()
        .flatten()
        .filter_map(|r| r.get("name").and_then(|n| n.as_str()).map(str::to_owned))
        .collect()
}

#[test]
fn every_test_the_rule_table_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("tests/rulings/README.md")).unwrap();
    let mut files: HashMap<String, String> = HashMap::new();
    let mut rulings: HashMap<String, Vec<String>> = HashMap::new();
    let mut missing = Vec::new();
    let mut checked = 0;
    for line in readme.lines().filter(|l| l.starts_with("| ")) {
        let Some(cell) = line.trim_end_matches(" |").rsplit(" | ").next() else {
            continue;
        };
        for item in cell.split("<br>") {
            let Some(rest) = item.strip_prefix('`') else {
                continue;
            };
            let Some((file, name)) = rest.split_once("`: ") else {
                continue;
            };
            // `<id> (fixture)` names a fixture card's file.
            let fixture_file = file
                .strip_suffix(" (fixture)")
                .map(|id| root.join(format!("tests/fixtures/cards/alpha/{id}.toml")));
            // A bare card id names that card's file.
            let card_file = fixture_file.or_else(|| {
                (!file.contains('.'))
                    .then(|| {
                        std::fs::read_dir(root.join("cards"))
                            .ok()?
                            .filter_map(|set| set.ok())
                            .map(|set| set.path().join(format!("{file}.toml")))
                            .find(|p| p.is_file())
                    })
                    .flatten()
            });
            // Other forms are not checked here.
            if card_file.is_none() && !file.ends_with(".toml") && !file.ends_with(".rs") {
                continue;
            }
            let path = if let Some(p) = &card_file {
                p.clone()
            } else if file.contains('/') {
                root.join(file)
            } else {
                root.join("tests/rulings").join(file)
            };
            let found = if file.ends_with(".toml") || card_file.is_some() {
                rulings
                    .entry(file.to_owned())
                    .or_insert_with(|| ruling_names(&path))
                    .iter()
                    .any(|n| n == name)
            } else {
                let text = files.entry(file.to_owned()).or_insert_with(|| {
                    std::fs::read_to_string(&path)
                        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
                });
                text.contains(&format!("fn {name}("))
            };
            checked += 1;
            if !found {
                missing.push(format!("{file}: {name}"));
            }
        }
    }
    assert!(checked > 200, "only {checked} references read");
    assert!(
        missing.is_empty(),
        "the rule table names tests that do not exist:\n  {}",
        missing.join("\n  ")
    );
}
