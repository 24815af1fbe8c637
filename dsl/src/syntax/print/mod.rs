//! Printing the syntax tree: canonical card text ([`text`], the formatter), a compact
//! s-expression per node ([`sexpr`], for snapshots and for comparing readings), and the
//! explanation of a reading for `gig explain` ([`explain`]).

pub mod explain;
pub mod sexpr;
pub mod text;

pub use explain::explain;
pub use sexpr::sexpr;
pub use text::{print_ability, print_script};
