//! Canonical printing of texts that are not in the catalogue (`syntax::reprint`), with the texts
//! fuzzing found.

use gigscript_dsl::card::CardType;
use gigscript_dsl::syntax::reprint;
use gigscript_dsl::syntax::tree::Textbox;

/// Found by the `card_text` fuzz target: the printer writes `an equipped Unit` for `a equipped
/// Unit`; the reading is the same, only the referent's words differ.
#[test]
fn a_wrong_article_is_printed_right_and_reads_the_same() {
    let text = "{Play} You may discard 2 Programs. If you do, bottom-deck a equipped Unit.\n";
    let printed = reprint(text, CardType::Unit, Textbox::Rules).expect("reprints");
    assert_eq!(
        printed.as_deref(),
        Some("{Play} You may discard 2 Programs. If you do, bottom-deck an equipped Unit.\n")
    );
}

#[test]
fn a_text_that_does_not_parse_has_no_canonical_text() {
    assert_eq!(
        reprint("Draw a banana.", CardType::Program, Textbox::Rules),
        Ok(None)
    );
}
