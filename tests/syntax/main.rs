//! The syntax stage of the card language (`gigscript_dsl::syntax`), over every corpus it must
//! read: the catalogue, the current and older printings, a designer's texts, the fixture cards,
//! and texts composed slot by slot; with its diagnostics and the grammar's own properties.

mod cards;
#[path = "../support/compose.rs"]
mod compose;
mod composed;
mod corpora;
mod diagnostics;
mod readings;
mod references;
mod rules;
