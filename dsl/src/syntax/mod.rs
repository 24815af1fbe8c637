//! The syntax stage: card text → syntax tree, with every back-reference resolved; and back.
//!
//! The first stage of the card language's pipeline, text → **syntax** → lowering → core →
//! interpreter. [`tree`] is the syntax tree, the contract with lowering: few node kinds, each slot
//! open to every filler of its family. The grammar is `grammar/text.pest`.
pub mod tree;

/// The largest number a card text may write (`Draw 99.`); a larger literal is an error at its
/// span. No card of the game prints a number above 20; the limit keeps arithmetic on input in range.
pub const MAX_NUMBER: u32 = 99;
