//! Fuzz target: any bytes as a new card file beside the catalogue, as `gig check DIR` and
//! `gig test --file` take it: it loads or fails with errors; a card that loads joins the
//! catalogue's pool (replacing a card of the same id) and its own rulings run against it (at
//! most 8, each cut to 64 steps); every diagnostic is rendered. Nothing may panic.
#![no_main]

#[path = "common.rs"]
mod common;

use gigscript_dsl::card::{fact_limits, parse_card, CardDb};
use gigscript_dsl::diag::{Diagnostic, IntoDiagnostic};
use gigscript_dsl::ruling::ruling_name_spans;
use gigscript_dsl::{Sources, Span};
use gigscript_engine::scenario::run_ruling;
use gigscript_engine::Pool;
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

const MAX_RULINGS: usize = 8;
const MAX_STEPS: usize = 64;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut sources = Sources::new();
    let file = sources.add("cards/alpha/fuzz.toml", text);
    let card = match parse_card(&sources, file) {
        Ok(c) => c,
        Err(errs) => {
            let d: Vec<_> = errs.iter().map(IntoDiagnostic::to_diagnostic).collect();
            common::render(&sources, &d);
            return;
        }
    };
    let limits = fact_limits(&sources, &card);
    if !limits.is_empty() {
        let d: Vec<_> = limits.iter().map(IntoDiagnostic::to_diagnostic).collect();
        common::render(&sources, &d);
        return;
    }
    let mut diags: Vec<Diagnostic> = Vec::new();
    if let Err(errs) = gigscript_dsl::syntax::parse_card(&card) {
        diags.extend(errs.iter().map(IntoDiagnostic::to_diagnostic));
    }
    let mut cards: Vec<_> = common::catalogue()
        .cards()
        .iter()
        .filter(|c| c.id != card.id)
        .cloned()
        .collect();
    cards.push(card.clone());
    let pool = Arc::new(Pool::from_db(&CardDb::from_cards(cards)));
    let spans = ruling_name_spans(text);
    for (k, r) in card.rulings.iter().take(MAX_RULINGS).enumerate() {
        let mut r = r.clone();
        r.steps.truncate(MAX_STEPS);
        let report = run_ruling(&pool, &r);
        if !report.passed() {
            let mut d = Diagnostic::error(format!("ruling fails: {}", report.name));
            if let Some(range) = spans.get(k).cloned().flatten() {
                d = d.with_primary(Span::new(file, range), "this ruling fails");
            }
            for f in &report.failures {
                d = d.with_note(f.to_string());
            }
            diags.push(d);
        }
    }
    common::render(&sources, &diags);
});
