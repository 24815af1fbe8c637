//! Fuzz target: any bytes as a card file must load or fail with located errors, never panic;
//! the errors (and the card text's parse errors) are rendered as `gig check` renders them.
#![no_main]

#[path = "common.rs"]
mod common;

use gigscript_dsl::card::{fact_limits, parse_card};
use gigscript_dsl::diag::IntoDiagnostic;
use gigscript_dsl::Sources;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let mut sources = Sources::new();
        let file = sources.add("cards/fuzz/fuzz.toml", text);
        let diags: Vec<_> = match parse_card(&sources, file) {
            Ok(card) => {
                let mut d: Vec<_> = fact_limits(&sources, &card)
                    .iter()
                    .map(IntoDiagnostic::to_diagnostic)
                    .collect();
                if let Err(errs) = gigscript_dsl::syntax::parse_card(&card) {
                    d.extend(errs.iter().map(IntoDiagnostic::to_diagnostic));
                }
                d
            }
            Err(errs) => errs.iter().map(IntoDiagnostic::to_diagnostic).collect(),
        };
        common::render(&sources, &diags);
    }
});
