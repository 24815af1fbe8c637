//! Fuzz target: any UTF-8 as card text must parse or fail with errors, never panic; a text that
//! parses must print to canonical text that parses again to the same reading.
#![no_main]

use gigscript_dsl::ast::Textbox;
use gigscript_dsl::card::{CardText, CardType};
use gigscript_dsl::parse::parse_text;
use gigscript_dsl::print::{print_script, sexpr};
use libfuzzer_sys::fuzz_target;

const KINDS: [CardType; 4] = [
    CardType::Program,
    CardType::Unit,
    CardType::Legend,
    CardType::Gear,
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(src) = std::str::from_utf8(rest) else {
        return;
    };
    // the first byte picks the card type and textbox, which decide how a bare line is read
    let kind = KINDS[usize::from(first) % KINDS.len()];
    let textbox = if kind == CardType::Gear && first & 4 != 0 {
        Textbox::Top
    } else {
        Textbox::Rules
    };
    let text = CardText {
        text: src.to_string(),
        offset: 0,
        exact: true,
    };
    let Ok(script) = parse_text(&text, 0, kind, textbox) else {
        return;
    };
    let printed = print_script(&script);
    let again = CardText {
        text: printed.clone(),
        offset: 0,
        exact: true,
    };
    let reparsed = parse_text(&again, 0, kind, textbox)
        .unwrap_or_else(|e| panic!("printed text does not parse: {printed:?}: {e:?}"));
    assert_eq!(
        sexpr(&script),
        sexpr(&reparsed),
        "printing changed the reading of {src:?} (printed {printed:?})"
    );
});
