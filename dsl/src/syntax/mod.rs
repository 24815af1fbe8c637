//! The syntax stage: card text → syntax tree, with every back-reference resolved; and back.
//!
//! The first stage of the card language's pipeline, text → **syntax** → lowering → core →
//! interpreter. [`tree`] is the syntax tree, the contract with lowering: few node kinds, each slot
//! open to every filler of its family. The grammar is `grammar/text.pest`; [`parse`] reads a
//! textbox into a [`tree::Script`] (pest's types never leave it), [`print`] writes the tree back as
//! canonical text, as an s-expression, or as an explanation, and [`check`] runs what `gig check`
//! asks of a card's text: it parses, prints back to itself, reads one way only, and names no tag
//! that no card of the pool has.
//!
//! ```
//! use gigscript_dsl::card::{CardText, CardType};
//! use gigscript_dsl::syntax::{parse_text, print_script, sexpr, tree::Textbox};
//! let text = CardText {
//!     text: "Spend a rival Unit. It can't ready until your next turn.\n".into(),
//!     offset: 0,
//!     exact: true,
//! };
//! let script = parse_text(&text, 0, CardType::Program, Textbox::Rules).unwrap();
//! assert_eq!(print_script(&script), text.text);
//! let tree = sexpr(&script);
//! assert!(tree.contains("b1=(np A [Rival] Unit)"), "{tree}");
//! assert!(tree.contains("(subject (It ->b1))"), "{tree}");
//! ```

pub mod check;
pub mod parse;
pub mod print;
pub mod tree;

#[cfg(test)]
mod tests;

pub use check::{check_card, check_round_trip, reprint, unknown_tags, RoundTrip, SyntaxCheck};
pub use parse::{
    check_ambiguity, parse_card, parse_text, read_card, reading, Hint, ParseError, ParseErrorKind,
    GRAMMAR, MAX_TEXT_LEN, START_RULE,
};
pub use print::{explain, print_ability, print_script, sexpr};

/// The largest number a card text may write (`Draw 99.`); a larger literal is an error at its
/// span. No card of the game prints a number above 20; the limit keeps arithmetic on numbers read
/// from card text far from overflow.
pub const MAX_NUMBER: u32 = 99;
