//! gigscript-studio: what a designer's tools ask of the language and the engine.
//!
//! The language server (`gigscript-lsp`) and the web playground (`gigscript-web`) use only this
//! crate. [`adapter`] is the one place that calls `gigscript-dsl` and `gigscript-engine` ("check
//! this text", "explain this text", "run these rulings", "start a game", "the labels of the
//! current decision"); everything it returns is plain data of this crate (byte ranges into the
//! file, strings, serialisable boards), so a change of the language's or the engine's internals
//! changes only that module. [`cursor`] reads where a cursor stands in a TOML file from the text
//! alone (it works on files that do not parse).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod adapter;
pub mod cursor;
pub mod explain;
pub mod table;

pub use adapter::{
    Catalogue, Completion, CompletionKind, FileKind, Hover, Problem, Severity, TextReport,
};
pub use table::{Board, Table};
