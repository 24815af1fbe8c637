//! gigscript-dsl: card files, the card-text language and its diagnostics.
//!
//! This crate knows nothing about game state: it reads card, deck and ruling files, checks them
//! strictly, and reports every problem with a location in the source file.
//!
//! ```
//! use gigscript_dsl::{card::parse_card, source::Sources};
//! let mut sources = Sources::new();
//! let file = sources.add(
//!     "cards/welcometonightcityretail/delamain-cab.toml",
//!     r#"id = "delamain-cab"
//! name = "Delamain Cab"
//! type = "unit"
//! color = "blue"
//! cost = 4
//! ram = 3
//! power = 7
//! tags = ["VEHICLE"]
//! sell = false
//! set = "welcometonightcityretail"
//! text = ""
//! "#,
//! );
//! let card = parse_card(&sources, file).unwrap();
//! assert_eq!(card.power, Some(7));
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod ambiguity;
pub mod card;
pub mod check;
pub mod complete;
pub mod deck;
pub mod diag;
pub mod format;
pub mod lower;
pub mod prim;
pub mod ruling;
#[cfg(feature = "schema")]
pub mod schema;
pub mod source;
pub mod syntax;

pub use card::{Card, CardDb, CardType, Color, Keyword};
pub use deck::Deck;
pub use source::{Sources, Span};
