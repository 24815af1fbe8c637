//! Texts composed slot by slot (`tests/support/compose.rs`): every one parses, prints back to
//! itself and reads one way only. 2,000 texts in `cargo test`; `cargo test --test syntax --
//! --ignored` reads 40,000.

use super::compose;
use super::corpora::{assert_all, Entry};
use gigscript_dsl::syntax::tree::Textbox;

fn entries(seed: u64, n: usize) -> Vec<Entry> {
    compose::texts(seed, n)
        .into_iter()
        .enumerate()
        .map(|(i, (kind, text))| Entry {
            name: format!("composed text {i} (seed {seed}, {kind})"),
            kind,
            textbox: Textbox::Rules,
            text,
        })
        .collect()
}

#[test]
fn composed_texts() {
    let e = entries(13, 2_000);
    assert_eq!(e.len(), 2_000);
    assert_all("composed texts", &e);
}

#[test]
fn the_composer_is_deterministic_and_varied() {
    let a = compose::texts(7, 300);
    assert_eq!(a, compose::texts(7, 300));
    assert_ne!(a, compose::texts(8, 300));
    let distinct: std::collections::BTreeSet<&String> = a.iter().map(|(_, t)| t).collect();
    assert!(
        distinct.len() > 280,
        "only {} distinct texts of 300",
        distinct.len()
    );
}

#[test]
#[ignore = "40,000 texts: run with `cargo test --test syntax -- --ignored`"]
fn many_composed_texts() {
    for seed in 0..20 {
        assert_all("composed texts", &entries(1_000 + seed, 2_000));
    }
}
