//! Readings that were once wrong, each fixed in the slot it belongs to.

use gigscript_dsl::card::{CardText, CardType};
use gigscript_dsl::syntax::{parse_text, sexpr, tree::Textbox};

fn read(text: &str, kind: CardType) -> String {
    let t = CardText {
        text: format!("{text}\n"),
        offset: 0,
        exact: true,
    };
    let script =
        parse_text(&t, 0, kind, Textbox::Rules).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    sexpr(&script)
}

/// `and` before a verb with its object starts the next verb phrase: River Ward searches the top
/// 2 cards of the deck, then trashes 1 of them; `trash` is not a second zone of the `of`.
#[test]
fn and_before_a_verb_and_its_object_is_a_second_action() {
    let tree = read(
        "{Play} Search the top 2 cards of your deck and trash 1.",
        CardType::Unit,
    );
    assert!(tree.contains("(vp search/Base"), "{tree}");
    assert!(tree.contains("(vp trash/Base"), "{tree}");
    assert!(!tree.contains("(np trash)"), "{tree}");
    // a zone named after `and` is still a zone
    let tree = read("Return a Unit from your hand and trash.", CardType::Program);
    assert!(!tree.contains("(vp trash"), "{tree}");
}

/// `with different values` is a filter of the noun phrase it follows, not an adjunct of the verb.
#[test]
fn with_different_values_filters_its_noun_phrase() {
    let tree = read(
        "{Play} If you control 2 or more Gigs with different values, draw 1.",
        CardType::Unit,
    );
    assert!(
        tree.contains("Gigs (with (np [Different] values))"),
        "the filter is not inside the noun phrase: {tree}"
    );
}
