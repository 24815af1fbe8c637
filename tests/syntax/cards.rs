//! How each card of the catalogue reads: one snapshot per card of its text and its syntax tree
//! as an s-expression (`b1=(np A [Rival] Unit)` declares binding `b1`, `(It ->b1)` refers to it).
//! A changed reading shows as a changed snapshot, reviewed by eye (`cargo insta review`).

use crate::corpora::{card_entries, root};
use gigscript_dsl::card::CardText;
use gigscript_dsl::syntax::{parse_text, sexpr};
use std::collections::BTreeMap;

#[test]
fn every_card_reads_as_its_snapshot() {
    let mut cards: BTreeMap<String, String> = BTreeMap::new();
    for e in card_entries(&root().join("cards")) {
        let id = e.name.trim_end_matches(" (top)").to_string();
        let text = CardText {
            text: e.text.clone(),
            offset: 0,
            exact: true,
        };
        let tree = match parse_text(&text, 0, e.kind, e.textbox) {
            Ok(script) => sexpr(&script),
            Err(errors) => panic!("{}: {errors:?}", e.name),
        };
        let part = cards.entry(id).or_default();
        part.push_str(&format!(
            "{}\n{}\n{}\n",
            e.name,
            e.text.trim_end(),
            tree.trim_end()
        ));
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        for (id, reading) in &cards {
            insta::assert_snapshot!(format!("reading@{id}"), reading);
        }
    });
}
