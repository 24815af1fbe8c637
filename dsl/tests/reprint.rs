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

/// Found by the `card_text` fuzz target: a sentence that starts with a lower-case word of the
/// game (`power 5 …`) parsed, but the printer capitalises the first letter of a sentence and
/// `Power 5 …` did not parse. A word of the game reads with its first letter in capitals too.
#[test]
fn a_sentence_starting_with_a_lower_case_word_prints_to_a_text_that_parses() {
    let text = "When a friendly Unit steals a d6, increase a Gig by up to 6.\n\n\npower 5 don't steal Gigs.";
    let printed = reprint(text, CardType::Unit, Textbox::Rules);
    assert!(printed.is_ok(), "{printed:?}");
}

/// Every lower-case word of the game that can open a sentence reads with its capital, so the
/// printer's capital never changes what a sentence says.
#[test]
fn lower_case_words_of_the_game_open_a_sentence() {
    for text in [
        "power 5 don't steal Gigs.",
        "cards in your trash can't be played.",
        "min Gigs can't be stolen.",
        "top 3 cards of your deck can't be played.",
        "d6s can't be stolen.",
        "hand can't be discarded.",
        "even Gigs can't be stolen.",
        "Defeat a rival Unit with Power 4 or less.",
    ] {
        let printed = reprint(text, CardType::Program, Textbox::Rules);
        assert!(matches!(printed, Ok(Some(_))), "{text}: {printed:?}");
    }
}

/// A word in capitals is a tag (rule 3.13), even when it spells a word of state, and prints back
/// as written.
#[test]
fn a_word_in_capitals_is_a_tag() {
    for (text, tag) in [
        ("Defeat a SPENT Unit.", "SPENT"),
        ("Steal a MIN Gig.", "MIN"),
    ] {
        let printed = reprint(text, CardType::Program, Textbox::Rules)
            .expect("reprints")
            .expect("parses");
        assert!(printed.contains(tag), "{text} printed as {printed}");
    }
}

/// Found by the `card_text` fuzz target after the capitals were taken: the noun read `poweR` as
/// `power` while the filter's lookahead did not, so printing changed the reading. Only the two
/// spellings of a word of the game read as it.
#[test]
fn a_word_in_odd_capitals_is_not_a_word_of_the_game() {
    let printed = reprint(
        "Defeat a rival Unit with poweR 4 or less.",
        CardType::Program,
        Textbox::Rules,
    );
    assert!(printed.is_ok(), "{printed:?}");
}

/// Found by the `card_text` fuzz target: `from your hand or Trash` read `Trash` as the verb
/// (`… or trash for free`) while the printed `hand or trash` is the zone. A zone's word reads
/// with its capital too, so both read as the zone.
#[test]
fn a_capitalised_zone_after_or_is_the_zone() {
    let text = "{Play} You may play a Program with cost 3 or less from your hand or Trash for free. Bottom-deck it after you play it.\n{Blocker}\n";
    let printed = reprint(text, CardType::Unit, Textbox::Rules);
    assert!(printed.is_ok(), "{printed:?}");
}
