//! Every ruling runs green, and its log is a snapshot: one per ruling of `tests/rulings/*.toml`
//! (named `<file>__<ruling-name-slug>`) and of every card file (`<card-id>__<slug>`).

use gigscript_dsl::card::{load_cards_in, Format};
use gigscript_dsl::ruling::{BadRuling, Ruling, RulingsFile};
use gigscript_dsl::Sources;
use gigscript_engine::scenario::run_ruling;
use gigscript_engine::Pool;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// The pool of a format: a ruling runs with the cards of the format it names.
fn pool(format: Format) -> Arc<Pool> {
    static POOLS: OnceLock<Vec<Arc<Pool>>> = OnceLock::new();
    let pools = POOLS.get_or_init(|| {
        Format::ALL
            .iter()
            .map(|&f| {
                let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
                let (db, errors) = load_cards_in(&[root], &mut Sources::new(), f);
                assert!(errors.is_empty(), "card errors: {}", errors.len());
                Arc::new(Pool::from_db(&db))
            })
            .collect()
    });
    let at = Format::ALL.iter().position(|&f| f == format).unwrap();
    pools[at].clone()
}

/// `seven Gigs (one of them stolen) win` → `seven-gigs-one-of-them-stolen-win`.
fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_owned()
}

/// Runs the rulings of one file and snapshots each log; returns every failure (a ruling that
/// does not read is one). The callers assert once all files ran: a panic inside `glob!` would
/// hide the failures of the files after it.
fn run_all(stem: &str, rulings: &[Result<Ruling, BadRuling>]) -> Vec<String> {
    let mut failures = Vec::new();
    let mut settings = insta::Settings::clone_current();
    settings.remove_snapshot_suffix();
    settings.set_prepend_module_to_snapshot(false);
    let mut slugs = std::collections::HashSet::new();
    for r in rulings {
        let r = match r {
            Ok(r) => r,
            Err(bad) => {
                failures.push(format!("{stem}: {}: {bad}", bad.name));
                continue;
            }
        };
        assert!(
            slugs.insert(slug(&r.name)),
            "{stem}: two rulings share the snapshot name `{}`",
            slug(&r.name)
        );
        let report = run_ruling(&pool(r.format()), r);
        if !report.passed() {
            let why: Vec<String> = report.failures.iter().map(|f| f.to_string()).collect();
            failures.push(format!("{stem}: {}: {}", r.name, why.join("; ")));
        }
        // Every ruling of the repository names options by their labels now (README, "Label
        // changelog"); the labels before are still taken, for saves and older files.
        if !report.renamed.is_empty() {
            let old = report.renamed.join("; ");
            failures.push(format!("{stem}: {}: labels before a rename: {old}", r.name));
        }
        let mut s = settings.clone();
        s.set_description(match &r.rule {
            Some(rule) => format!("{} (rule {rule})", r.name),
            None => r.name.clone(),
        });
        s.bind(|| {
            insta::assert_snapshot!(
                format!("{stem}__{}", slug(&r.name)),
                snapshot_text(&report.log)
            );
        });
    }
    failures
}

fn assert_all_pass(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} failing rulings:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The log as a snapshot: one entry per line, with no absolute path of this machine in it.
fn snapshot_text(log: &[String]) -> String {
    log.join("\n").replace(env!("CARGO_MANIFEST_DIR"), "[root]")
}

#[test]
fn rule_rulings() {
    let mut failures = Vec::new();
    insta::glob!("rulings/*.toml", |path| {
        let text = std::fs::read_to_string(path).expect("rulings file reads");
        let stem = path.file_stem().unwrap().to_string_lossy();
        let rulings = RulingsFile::parse_each(&text).unwrap_or_else(|e| panic!("{stem}: {e}"));
        failures.extend(run_all(&stem, &rulings));
    });
    assert_all_pass(&failures);
}

#[test]
fn card_rulings() {
    let mut failures = Vec::new();
    insta::glob!("../cards", "**/*.toml", |path| {
        let (db, errors) =
            load_cards_in(&[path.to_path_buf()], &mut Sources::new(), Format::Standard);
        assert!(errors.is_empty(), "card file does not load");
        for card in db.cards() {
            let rulings: Vec<_> = card.rulings.iter().cloned().map(Ok).collect();
            failures.extend(run_all(&card.id, &rulings));
        }
    });
    assert_all_pass(&failures);
}

#[test]
fn slugs_are_plain() {
    assert_eq!(
        slug("seven Gigs (one of them stolen) win!"),
        "seven-gigs-one-of-them-stolen-win"
    );
}

/// The same expectation made false: a count or number off by one, the other winner, spent for
/// ready, another zone, a list with an item less (or more), include for exclude.
fn mutate(line: &str) -> String {
    let line = line.trim();
    if let Some(rest) = line.strip_prefix("options include ") {
        return format!("options exclude {rest}");
    }
    if let Some(rest) = line.strip_prefix("options exclude ") {
        return format!("options include {rest}");
    }
    if let Some((lhs, rhs)) = line.split_once(" = ") {
        let rhs = rhs.trim();
        let new = if let Ok(n) = rhs.parse::<i64>() {
            (n + 1).to_string()
        } else if let Some(inner) = rhs.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            let mut items: Vec<&str> = inner.split(',').map(str::trim).collect();
            items.retain(|i| !i.is_empty());
            if items.pop().is_none() {
                items.push(if lhs.ends_with("gigs") {
                    "d4:1"
                } else if lhs.ends_with("fixer") {
                    "d4"
                } else {
                    "swordwise-huscle"
                });
            }
            format!("[{}]", items.join(", "))
        } else {
            match rhs {
                "null" => "1".into(),
                "me" => "rival".into(),
                "rival" => "me".into(),
                "none" => "tie".into(),
                "tie" => "none".into(),
                _ => "no-such-option".into(),
            }
        };
        return format!("{lhs} = {new}");
    }
    if let Some((card, zone)) = line.rsplit_once(" in ") {
        let other = if zone == "trash" { "field" } else { "trash" };
        return format!("{card} in {other}");
    }
    if let Some(card) = line.strip_suffix(" spent") {
        return format!("{card} ready");
    }
    if let Some(card) = line.strip_suffix(" ready") {
        return format!("{card} spent");
    }
    line.to_owned()
}

/// Every expectation of every rule ruling is load-bearing: made false, the ruling fails. This
/// guards the runner against checks that pass whatever the state is.
#[test]
fn every_expectation_can_fail() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rulings");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let (mut vacuous, mut tried) = (Vec::new(), 0);
    for path in files {
        let file: RulingsFile = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for r in &file.rulings {
            for (i, line) in r.expect.iter().enumerate() {
                let mut m = r.clone();
                m.expect[i] = mutate(line);
                tried += 1;
                if run_ruling(&pool(m.format()), &m).passed() {
                    vacuous.push(format!("{}: {line} (as {})", r.name, m.expect[i]));
                }
            }
        }
    }
    assert!(tried > 300, "only {tried} expectations found");
    assert!(
        vacuous.is_empty(),
        "expectations that can't fail:\n{}",
        vacuous.join("\n")
    );
}

/// Labels say what a choice does (README, "Label changelog"): no ruling's log names a mode by
/// its number, and no ruling file still selects one that way (`choose mode 2` is
/// `choose: draw 1`; the old label is still taken, for saves and older files).
#[test]
fn labels_name_modes_by_their_words() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let numbered = |text: &str| {
        text.lines()
            .filter(|l| {
                l.split("choose mode ")
                    .skip(1)
                    .any(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
            })
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let mut found = Vec::new();
    let mut scan = |dir: &Path, ext: &str| {
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for entry in std::fs::read_dir(&d).expect("folder reads").flatten() {
                let p = entry.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|e| e == ext) {
                    let text = std::fs::read_to_string(&p).expect("file reads");
                    for line in numbered(&text) {
                        found.push(format!("{}: {line}", p.display()));
                    }
                }
            }
        }
    };
    scan(&root.join("cards"), "toml");
    scan(&root.join("tests/rulings"), "toml");
    scan(&root.join("tests/snapshots"), "snap");
    assert!(
        found.is_empty(),
        "modes named by number:\n{}",
        found.join("\n")
    );
}

/// Copies are told apart in words (README, "Label changelog"): no ruling's log numbers a second
/// option with the same words (`resolve modded-kusanagi #2` is `resolve modded-kusanagi
/// (spent)`, two interchangeable copies are one option), and no ruling file selects one that
/// way (the old label is still taken, for saves and older files).
#[test]
fn labels_tell_copies_apart_in_words() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let numbered = |line: &str| {
        line.split(" #")
            .skip(1)
            .any(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
    };
    let mut found = Vec::new();
    for (dir, ext) in [
        ("cards", "toml"),
        ("tests/rulings", "toml"),
        ("tests/snapshots", "snap"),
    ] {
        let mut stack = vec![root.join(dir)];
        while let Some(d) = stack.pop() {
            for entry in std::fs::read_dir(&d).expect("folder reads").flatten() {
                let p = entry.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|e| e == ext) {
                    let text = std::fs::read_to_string(&p).expect("file reads");
                    for line in text.lines().filter(|l| numbered(l)) {
                        found.push(format!("{}: {line}", p.display()));
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "options told apart by number:\n{}",
        found.join("\n")
    );
}
