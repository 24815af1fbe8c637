//! One diagnostics snapshot per broken card text in `tests/fixtures/broken-texts/`: what a designer
//! sees for each common mistake. The wording of parse errors is owned here; behaviour tests in
//! `dsl` assert only the error kind.
//!
//! A snapshot changed: `cargo insta review` (or `INSTA_UPDATE=always cargo test --test diagnostics`
//! and read the diff of `tests/snapshots/`). Read every message as a designer would.

use gigscript_dsl::card::parse_card as load_card;
use gigscript_dsl::diag::{render, IntoDiagnostic};
use gigscript_dsl::parse::parse_card;
use gigscript_dsl::Sources;
use std::path::Path;

#[test]
fn broken_texts() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    insta::glob!("fixtures/broken-texts", "*.toml", |path| {
        // the repo-relative path, so the snapshot shows no absolute path
        let shown = path.strip_prefix(root).unwrap_or(path);
        let text = std::fs::read_to_string(path).unwrap();
        let mut sources = Sources::new();
        let file = sources.add(shown, text);
        let card = load_card(&sources, file)
            .unwrap_or_else(|e| panic!("{} does not load: {e:?}", shown.display()));
        let errors = parse_card(&card).expect_err("a broken text must not parse");
        let diags: Vec<_> = errors.iter().map(IntoDiagnostic::to_diagnostic).collect();
        let out = render(&sources, &diags, false);
        insta::assert_snapshot!(out);
    });
}
