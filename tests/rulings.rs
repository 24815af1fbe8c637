//! Every ruling runs green, and its log is a snapshot: one per ruling of `tests/rulings/*.toml`
//! (named `<file>__<ruling-name-slug>`) and of every card file (`<card-id>__<slug>`).

use gigscript_dsl::card::load_cards;
use gigscript_dsl::ruling::{Ruling, RulingsFile};
use gigscript_dsl::Sources;
use gigscript_engine::scenario::run_ruling;
use gigscript_engine::Pool;
use std::path::Path;
use std::sync::{Arc, OnceLock};

fn pool() -> Arc<Pool> {
    static POOL: OnceLock<Arc<Pool>> = OnceLock::new();
    POOL.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
        let (db, errors) = load_cards(&[root], &mut Sources::new());
        assert!(errors.is_empty(), "card errors: {}", errors.len());
        Arc::new(Pool::from_db(&db))
    })
    .clone()
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

/// Runs the rulings of one file; snapshots each log; panics listing every failure.
fn run_all(stem: &str, rulings: &[Ruling]) {
    let mut failures = Vec::new();
    let mut settings = insta::Settings::clone_current();
    settings.remove_snapshot_suffix();
    settings.set_prepend_module_to_snapshot(false);
    for r in rulings {
        let report = run_ruling(&pool(), r);
        if !report.passed() {
            let why: Vec<String> = report.failures.iter().map(|f| f.to_string()).collect();
            failures.push(format!("{stem}: {}: {}", r.name, why.join("; ")));
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
    assert!(
        failures.is_empty(),
        "failing rulings:\n{}",
        failures.join("\n")
    );
}

/// The log as a snapshot: one entry per line, with no absolute path of this machine in it.
fn snapshot_text(log: &[String]) -> String {
    log.join("\n").replace(env!("CARGO_MANIFEST_DIR"), "[root]")
}

#[test]
fn rule_rulings() {
    insta::glob!("rulings/*.toml", |path| {
        let text = std::fs::read_to_string(path).expect("rulings file reads");
        let file: RulingsFile = toml::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: {e}", path.file_name().unwrap().to_string_lossy()));
        let stem = path.file_stem().unwrap().to_string_lossy();
        run_all(&stem, &file.rulings);
    });
}

#[test]
fn card_rulings() {
    insta::glob!("../cards", "**/*.toml", |path| {
        let (db, errors) = load_cards(&[path.to_path_buf()], &mut Sources::new());
        assert!(errors.is_empty(), "card file does not load");
        for card in db.cards() {
            run_all(&card.id, &card.rulings);
        }
    });
}

#[test]
fn slugs_are_plain() {
    assert_eq!(
        slug("seven Gigs (one of them stolen) win!"),
        "seven-gigs-one-of-them-stolen-win"
    );
}
