//! The engine's integration tests, one module per concern, built as one test binary (one
//! compilation of the shared helpers, one link, the catalogue loaded once). Run one concern with
//! its module path: `cargo test -p gigscript-engine --test engine reliability::`.

mod common;

mod decisions;
mod determinism;
mod exec;
mod invariants;
mod limits;
mod pregame;
mod random_games;
mod reliability;
mod rules;
mod rulings_doc;
mod scenario;
