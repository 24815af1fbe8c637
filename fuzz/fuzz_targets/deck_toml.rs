//! Fuzz target: any bytes as a deck file must parse or fail with an error, never panic.
#![no_main]

use gigscript_dsl::deck::parse_deck;
use gigscript_dsl::Sources;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let mut sources = Sources::new();
        let file = sources.add("decks/fuzz.toml", text);
        let _ = parse_deck(&sources, file);
    }
});
