//! Fuzz target: any bytes as a rulings file (`tests/rulings/*.toml`) must read or fail with an
//! error; every ruling that reads runs (steps cut to a bounded count) without a panic.
#![no_main]

#[path = "common.rs"]
mod common;

use gigscript_dsl::ruling::RulingsFile;
use gigscript_engine::scenario::run_ruling;
use libfuzzer_sys::fuzz_target;

/// Most steps of one ruling run, and most rulings run, per input.
const MAX_STEPS: usize = 64;
const MAX_RULINGS: usize = 8;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(rulings) = RulingsFile::parse_each(text) else {
        return;
    };
    let pool = common::pool();
    for r in rulings.into_iter().flatten().take(MAX_RULINGS) {
        let mut r = r;
        r.steps.truncate(MAX_STEPS);
        let _ = run_ruling(&pool, &r);
    }
});
