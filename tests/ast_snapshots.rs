//! One AST snapshot per card: the s-expression of how its text was read, with its bindings.
//!
//! A snapshot changed: `cargo insta review` (or `INSTA_UPDATE=always cargo test --test ast_snapshots`
//! and read the diff of `tests/snapshots/`).

use gigscript_dsl::card::load_cards;
use gigscript_dsl::parse::parse_card;
use gigscript_dsl::print::sexpr;
use gigscript_dsl::Sources;

#[test]
fn ast() {
    insta::glob!("../cards", "**/*.toml", |path| {
        let mut sources = Sources::new();
        let (db, errors) = load_cards(&[path.to_path_buf()], &mut sources);
        assert!(errors.is_empty(), "{} does not load", path.display());
        let card = &db.cards()[0];
        let script =
            parse_card(card).unwrap_or_else(|e| panic!("{} does not parse: {e:?}", card.id));
        let mut out = String::new();
        if let Some(top) = &script.top {
            out.push_str(";; top\n");
            out.push_str(&sexpr(top));
        }
        out.push_str(";; text\n");
        out.push_str(&sexpr(&script.text));
        insta::assert_snapshot!(out);
    });
}
