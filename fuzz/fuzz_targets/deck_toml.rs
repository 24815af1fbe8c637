//! Fuzz target: any bytes as a deck file must parse or fail with an error, never panic; a deck
//! that parses is checked by the deck rules against the catalogue, and every error is rendered.
#![no_main]

#[path = "common.rs"]
mod common;

use gigscript_dsl::deck::{check_deck, parse_deck};
use gigscript_dsl::diag::IntoDiagnostic;
use gigscript_dsl::Sources;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let mut sources = Sources::new();
        let file = sources.add("decks/fuzz.toml", text);
        let diags: Vec<_> = match parse_deck(&sources, file) {
            Ok(deck) => check_deck(&deck, common::catalogue())
                .iter()
                .map(IntoDiagnostic::to_diagnostic)
                .collect(),
            Err(e) => vec![e.to_diagnostic()],
        };
        common::render(&sources, &diags);
    }
});
