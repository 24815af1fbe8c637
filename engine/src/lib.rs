//! Game state, rules, decisions and the card-text interpreter.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod scenario;
