//! Fuzz target: any UTF-8 as card text must parse or fail with errors, never panic; a text that
//! parses must print to canonical text that parses again to the same reading and prints to
//! itself (`gigscript_dsl::syntax::reprint`).
#![no_main]

use gigscript_dsl::syntax::tree::Textbox;
use gigscript_dsl::card::CardType;
use gigscript_dsl::syntax::reprint;
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
    if let Err(e) = reprint(src, kind, textbox) {
        panic!("{e}");
    }
});
