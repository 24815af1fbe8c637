//! The ambiguity check: re-parses a text with the grammar's ordered choices reversed.
//!
//! A PEG takes the first alternative of `a | b | c` that matches and never shows the others, so
//! two alternatives that both match a text hide a second reading. The check (guarantee 3 of
//! DESIGN.md) parses a text with the grammar as written, then with every ordered choice reversed
//! (`c | b | a`). If the parse tree changes, or the text stops parsing, the choices are not
//! disjoint for this text. The check then reverses the choices of one rule at a time to name the
//! culprit rules, and finds the occurrence of the culprit where the two readings part.
//!
//! ```
//! use gigscript_dsl::ambiguity::{AmbiguityKind, CheckError, Grammar};
//! let grammar = Grammar::new(r#"
//!     WHITESPACE = _{ " " }
//!     line = { SOI ~ word ~ plural? ~ EOI }
//!     word = { "Gear" | "Gears" }
//!     plural = { "s" }
//! "#).unwrap();
//! assert!(grammar.check("line", "Gear").is_ok());
//! let Err(CheckError::Ambiguous(a)) = grammar.check("line", "Gears") else { panic!() };
//! assert_eq!(a.rules, ["word"]);
//! assert_eq!(a.kind, AmbiguityKind::TreeChanged);
//! assert_eq!((a.span, a.second_span), (0..4, 0..5));
//! ```
//!
//! For a card: `grammar.check("card", &card.text.text)`, and on error
//! `err.in_file(card.file, card.text.offset).to_diagnostic()`. [`Grammar::check_reading`] takes
//! the card parser's own pairs (flattened to [`ReadingNode`]s) instead of parsing a first time.
//!
//! The grammar is run by `pest_vm`, which interprets the same optimized rules `pest_derive`
//! compiles, with the same implicit whitespace and atomicity; no pest type leaves this module.

use crate::diag::{Diagnostic, IntoDiagnostic};
use crate::source::{FileId, Span};
use pest::error::{Error as PestError, InputLocation};
use pest::iterators::Pair;
use pest_meta::ast::{Expr, Rule as AstRule, RuleType};
use pest_meta::optimizer::{optimize, OptimizedRule};
use pest_meta::parser::{self as meta, Rule as MetaRule};
use pest_vm::Vm;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::ops::Range;
use std::sync::OnceLock;

/// Longest piece of matched text quoted in a reading's description, in characters.
pub const MAX_QUOTE_CHARS: usize = 40;

/// Builtin rules `pest_vm` implements (besides Unicode properties); any other undefined name
/// would make the VM panic, so [`Grammar::new`] rejects it.
const VM_BUILTINS: &[&str] = &[
    "ANY",
    "EOI",
    "SOI",
    "PEEK",
    "PEEK_ALL",
    "POP",
    "POP_ALL",
    "DROP",
    "ASCII_DIGIT",
    "ASCII_NONZERO_DIGIT",
    "ASCII_BIN_DIGIT",
    "ASCII_OCT_DIGIT",
    "ASCII_HEX_DIGIT",
    "ASCII_ALPHA_LOWER",
    "ASCII_ALPHA_UPPER",
    "ASCII_ALPHA",
    "ASCII_ALPHANUMERIC",
    "ASCII",
    "NEWLINE",
];

/// A grammar loaded for the ambiguity check: the rules as written, and the same rules with their
/// ordered choices reversed, all at once or one rule at a time.
///
/// Cost: loading runs `pest_meta`'s optimizer twice (it is quadratic in the length of a choice
/// chain, so prefer nested groups to one choice of hundreds of words). A text that passes costs
/// two parses by `pest_vm` ([`Grammar::check_reading`]: one). A text that fails costs one more
/// parse per rule with a choice that the first reading tries, plus, once per rule, a VM.
/// `Grammar` is `Send + Sync`: load it once and share it.
pub struct Grammar {
    /// rule name → type, for every rule of the grammar
    types: HashMap<String, RuleType>,
    /// the optimized rules as written, the base of every per-rule VM
    optimized: Vec<OptimizedRule>,
    /// the grammar as written
    original: Vm,
    /// every choice of every rule reversed
    reversed: Vm,
    /// the grammar as written, noting every rule it tries; built on first use
    tracing: OnceLock<Vm>,
    /// rules with at least one choice, in grammar order: the name, the optimized rule with its
    /// choices reversed, and the VM with only that rule reversed, built on first use
    per_rule: Vec<PerRule>,
}

struct PerRule {
    name: String,
    reversed: OptimizedRule,
    vm: OnceLock<Vm>,
}

impl fmt::Debug for Grammar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Grammar")
            .field("rules", &self.types.len())
            .field(
                "rules_with_choices",
                &self.per_rule.iter().map(|r| &r.name).collect::<Vec<_>>(),
            )
            .finish()
    }
}

/// A grammar that pest rejects, with every problem found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrammarError {
    /// the problems, in the order pest reports them
    pub problems: Vec<GrammarProblem>,
}

/// One problem of a grammar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrammarProblem {
    /// what is wrong, as pest words it
    pub message: String,
    /// byte range into the grammar source
    pub span: Range<usize>,
}

impl fmt::Display for GrammarError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{} (bytes {}..{})", p.message, p.span.start, p.span.end)?;
        }
        Ok(())
    }
}

impl std::error::Error for GrammarError {}

/// Why a text failed the check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    /// the start rule is not a rule of the grammar
    UnknownRule(String),
    /// the grammar as written does not parse the text: a parse error, not an ambiguity
    DoesNotParse {
        /// byte range into the text where parsing failed
        span: Range<usize>,
        /// what was expected there, as pest words it
        message: String,
    },
    /// the text has a second reading
    Ambiguous(Ambiguity),
    /// the first reading given to [`Grammar::check_reading`] is not the grammar's own: a bug in
    /// gigscript (the caller's flattening, or `pest_vm` and `pest_derive` disagreeing)
    ReadingsDisagree {
        /// byte range into the text of the first node where they differ
        span: Range<usize>,
    },
}

/// One pair of a parse tree, in pre-order: what the check compares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadingNode {
    /// the rule that made the pair
    pub rule: String,
    /// byte range into the text
    pub span: Range<usize>,
    /// how many of the following nodes lie inside this one
    pub descendants: usize,
}

/// How the second reading differs from the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AmbiguityKind {
    /// the text still parses, into a different tree
    TreeChanged,
    /// the text no longer parses
    StopsParsing,
}

/// A text that reads differently once ordered choices are reversed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ambiguity {
    /// rules whose choices, reversed alone, change the reading, in grammar order; empty when
    /// only reversing several rules together does
    pub rules: Vec<String>,
    /// same or stopped parsing
    pub kind: AmbiguityKind,
    /// byte range into the text of the first reading where the readings part
    pub span: Range<usize>,
    /// byte range into the text of the second reading there (empty where it stops parsing)
    pub second_span: Range<usize>,
    /// the first reading there, e.g. `word "Gear"`
    pub first: String,
    /// the second reading there, e.g. `word "Gears"`
    pub second: String,
}

impl fmt::Display for Ambiguity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at bytes {}..{}: first reading {}, second reading {}",
            headline(self),
            self.span.start,
            self.span.end,
            self.first,
            self.second
        )
    }
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::UnknownRule(r) => write!(f, "unknown start rule `{r}`"),
            CheckError::DoesNotParse { span, message } => {
                write!(f, "text does not parse at byte {}: {message}", span.start)
            }
            CheckError::Ambiguous(a) => a.fmt(f),
            CheckError::ReadingsDisagree { span } => write!(
                f,
                "the card parser and the grammar read the text differently at byte {}",
                span.start
            ),
        }
    }
}

impl std::error::Error for CheckError {}

impl std::error::Error for Ambiguity {}

/// An error together with where its text sits in a source file, so it can become a diagnostic:
/// `err.in_file(card.file, card.text.offset).to_diagnostic()`.
#[derive(Clone, Debug)]
pub struct Located<'a, E> {
    /// the error, whose spans are byte offsets into the text
    pub error: &'a E,
    /// the file the text comes from
    pub file: FileId,
    /// byte offset of the text's first character in the file
    pub offset: usize,
}

impl Ambiguity {
    /// This ambiguity located in a source file, with the text starting at `offset`.
    pub fn in_file(&self, file: FileId, offset: usize) -> Located<'_, Ambiguity> {
        Located {
            error: self,
            file,
            offset,
        }
    }
}

impl CheckError {
    /// This error located in a source file, with the text starting at `offset`.
    pub fn in_file(&self, file: FileId, offset: usize) -> Located<'_, CheckError> {
        Located {
            error: self,
            file,
            offset,
        }
    }
}

impl GrammarError {
    /// This error located in a source file, with the grammar starting at `offset`.
    pub fn in_file(&self, file: FileId, offset: usize) -> Located<'_, GrammarError> {
        Located {
            error: self,
            file,
            offset,
        }
    }
}

fn headline(a: &Ambiguity) -> String {
    let what = match a.kind {
        AmbiguityKind::TreeChanged => "changes how the text is read",
        AmbiguityKind::StopsParsing => "makes the text stop parsing",
    };
    match a.rules.as_slice() {
        [] => format!("ambiguous text: reversing all choices together {what}"),
        [rule, ..] => format!("ambiguous text: reversing the choices of `{rule}` {what}"),
    }
}

impl IntoDiagnostic for Located<'_, Ambiguity> {
    fn to_diagnostic(&self) -> Diagnostic {
        let a = self.error;
        let at =
            |r: &Range<usize>| Span::new(self.file, self.offset + r.start..self.offset + r.end);
        let mut d = Diagnostic::error(headline(a))
            .with_primary(at(&a.span), format!("first reading: {}", a.first))
            .with_secondary(
                at(&a.second_span),
                format!("second reading starts here: {}", a.second),
            );
        if a.rules.len() > 1 {
            d = d.with_note(format!(
                "reversing the choices of {} alone also changes the reading",
                quote_list(&a.rules[1..])
            ));
        }
        let fix = match a.rules.first() {
            Some(rule) => format!("make the alternatives of `{rule}` disjoint"),
            None => "make the alternatives of the rules above disjoint".to_owned(),
        };
        d.with_note(format!(
            "help: a PEG takes the first alternative that matches; {fix}, e.g. with a \
             negative lookahead or a word boundary"
        ))
    }
}

impl IntoDiagnostic for Located<'_, CheckError> {
    fn to_diagnostic(&self) -> Diagnostic {
        match self.error {
            CheckError::Ambiguous(a) => a.in_file(self.file, self.offset).to_diagnostic(),
            CheckError::UnknownRule(r) => Diagnostic::error(format!("unknown start rule `{r}`"))
                .with_note("help: this is a bug in the caller of the ambiguity check"),
            CheckError::ReadingsDisagree { span } => Diagnostic::error(
                "the card parser and the ambiguity check read the text differently",
            )
            .with_primary(
                Span::new(self.file, self.offset + span.start..self.offset + span.end),
                "the readings differ here",
            )
            .with_note("help: this is a bug in gigscript, not in the card"),
            CheckError::DoesNotParse { span, message } => {
                Diagnostic::error("text does not parse with the grammar as written").with_primary(
                    Span::new(self.file, self.offset + span.start..self.offset + span.end),
                    message.clone(),
                )
            }
        }
    }
}

impl IntoDiagnostic for Located<'_, GrammarError> {
    fn to_diagnostic(&self) -> Diagnostic {
        let mut problems = self.error.problems.iter();
        let Some(first) = problems.next() else {
            return Diagnostic::error("invalid grammar");
        };
        let at =
            |r: &Range<usize>| Span::new(self.file, self.offset + r.start..self.offset + r.end);
        let mut d =
            Diagnostic::error("invalid grammar").with_primary(at(&first.span), &first.message);
        for p in problems {
            d = d.with_secondary(at(&p.span), &p.message);
        }
        d
    }
}

fn quote_list(rules: &[String]) -> String {
    rules
        .iter()
        .map(|r| format!("`{r}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn location_range(location: &InputLocation) -> Range<usize> {
    match *location {
        InputLocation::Pos(p) => p..p,
        InputLocation::Span((s, e)) => s..e,
    }
}

fn grammar_problems(errors: Vec<PestError<MetaRule>>) -> GrammarError {
    GrammarError {
        problems: errors
            .into_iter()
            .map(|e| {
                let e = e.renamed_rules(meta::rename_meta_rule);
                GrammarProblem {
                    message: e.variant.message().into_owned(),
                    span: location_range(&e.location),
                }
            })
            .collect(),
    }
}

/// Reverses every ordered choice in `expr`. Mirroring each binary `Choice` node reverses the
/// order of the leaves of a choice chain however it is nested, and visits every node once.
fn reverse_choices(expr: Expr) -> Expr {
    expr.map_bottom_up(|e| match e {
        Expr::Choice(lhs, rhs) => Expr::Choice(rhs, lhs),
        e => e,
    })
}

fn has_choice(expr: &Expr) -> bool {
    expr.iter_top_down().any(|e| matches!(e, Expr::Choice(..)))
}

impl Grammar {
    /// Loads a pest grammar: parses and validates it with `pest_meta`, and prepares the VMs.
    pub fn new(source: &str) -> Result<Grammar, GrammarError> {
        let pairs =
            meta::parse(MetaRule::grammar_rules, source).map_err(|e| grammar_problems(vec![e]))?;
        pest_meta::validator::validate_pairs(pairs.clone()).map_err(grammar_problems)?;
        let rules = meta::consume_rules(pairs).map_err(grammar_problems)?;
        check_vm_builtins(source, &rules)?;

        let types = rules.iter().map(|r| (r.name.clone(), r.ty)).collect();
        let with_choices: Vec<String> = rules
            .iter()
            .filter(|r| has_choice(&r.expr))
            .map(|r| r.name.clone())
            .collect();
        let reversed_rules: Vec<AstRule> = rules
            .iter()
            .cloned()
            .map(|r| AstRule {
                expr: reverse_choices(r.expr),
                ..r
            })
            .collect();
        // pest_meta's optimizer is most of the cost of loading the grammar (about 100 ms a
        // grammar in release): optimize the two grammars side by side.
        // WebAssembly has no threads: one after the other there.
        #[cfg(target_arch = "wasm32")]
        let (optimized, reversed_optimized) = (optimize(rules), optimize(reversed_rules));
        #[cfg(not(target_arch = "wasm32"))]
        let (optimized, reversed_optimized) = std::thread::scope(|scope| {
            let reversed = scope.spawn(|| optimize(reversed_rules));
            let optimized = optimize(rules);
            let reversed = match reversed.join() {
                Ok(r) => r,
                Err(panic) => std::panic::resume_unwind(panic),
            };
            (optimized, reversed)
        });
        // The optimizer looks at other rules only to inline string choices into skips (order
        // does not matter there) and to find stack operations (unchanged by reversal), so a rule
        // optimized among all-reversed rules is the rule optimized with only itself reversed.
        let per_rule = reversed_optimized
            .iter()
            .filter(|r| with_choices.contains(&r.name))
            .map(|r| PerRule {
                name: r.name.clone(),
                reversed: r.clone(),
                vm: OnceLock::new(),
            })
            .collect();
        Ok(Grammar {
            types,
            original: Vm::new(optimized.clone()),
            reversed: Vm::new(reversed_optimized),
            tracing: OnceLock::new(),
            optimized,
            per_rule,
        })
    }

    /// The VM of the grammar as written (for completion, [`crate::complete`]).
    pub(crate) fn written(&self) -> &Vm {
        &self.original
    }

    /// The optimized rules as written (for completion, [`crate::complete`]).
    pub(crate) fn written_rules(&self) -> &[OptimizedRule] {
        &self.optimized
    }

    /// Whether the grammar has a rule with this name.
    pub fn has_rule(&self, name: &str) -> bool {
        self.types.contains_key(name)
    }

    /// The rules that contain an ordered choice, in grammar order: the ones the check reverses.
    pub fn rules_with_choices(&self) -> impl Iterator<Item = &str> {
        self.per_rule.iter().map(|r| r.name.as_str())
    }

    fn rule_vm(&self, i: usize) -> &Vm {
        let r = &self.per_rule[i];
        r.vm.get_or_init(|| {
            let rules = self
                .optimized
                .iter()
                .map(|o| {
                    if o.name == r.name {
                        r.reversed.clone()
                    } else {
                        o.clone()
                    }
                })
                .collect();
            Vm::new(rules)
        })
    }

    /// Parses `text` from `start_rule` with the grammar as written and with its choices
    /// reversed. `Ok` when both give the same tree (rules and spans of every pair, in pre-order);
    /// otherwise the culprit rules and where the two readings part. The rules are only reversed
    /// one at a time, to name the culprits, when reversing them all changes the reading.
    pub fn check(&self, start_rule: &str, text: &str) -> Result<(), CheckError> {
        let first = self.first_reading(start_rule, text)?;
        let all = self.tree(&self.reversed, start_rule, text);
        if all.as_ref().ok() == Some(&first) {
            return Ok(());
        }
        Err(self.explain(start_rule, text, &first, &all))
    }

    /// The reading of `text` from `start_rule` by the grammar as written: its pairs in
    /// pre-order, as [`Grammar::check_reading`] takes them.
    pub fn reading(&self, start_rule: &str, text: &str) -> Result<Vec<ReadingNode>, CheckError> {
        Ok(self
            .first_reading(start_rule, text)?
            .iter()
            .map(|n| ReadingNode {
                rule: n.rule.to_owned(),
                span: n.start..n.end,
                descendants: n.size - 1,
            })
            .collect())
    }

    /// [`Grammar::check`] given the first reading, e.g. flattened from the card parser's own
    /// pairs, which saves one of the two parses when the text passes. If the text has a second
    /// reading, the grammar as written parses it again; a first reading that differs from the
    /// given one is [`CheckError::ReadingsDisagree`].
    pub fn check_reading(
        &self,
        start_rule: &str,
        text: &str,
        first: &[ReadingNode],
    ) -> Result<(), CheckError> {
        if !self.has_rule(start_rule) {
            return Err(CheckError::UnknownRule(start_rule.to_owned()));
        }
        let given = self.nodes_of(first);
        let all = self.tree(&self.reversed, start_rule, text);
        if all.as_ref().ok() == Some(&given) {
            return Ok(());
        }
        let own = self.first_reading(start_rule, text)?;
        if own != given {
            let i = (0..own.len().max(given.len()))
                .find(|&i| own.get(i) != given.get(i))
                .unwrap_or(0);
            let span = given.get(i).or(own.get(i)).map_or(0..0, |n| n.start..n.end);
            return Err(CheckError::ReadingsDisagree { span });
        }
        Err(self.explain(start_rule, text, &own, &all))
    }

    fn first_reading<'v>(
        &'v self,
        start_rule: &'v str,
        text: &'v str,
    ) -> Result<Vec<Node<'v>>, CheckError> {
        if !self.has_rule(start_rule) {
            return Err(CheckError::UnknownRule(start_rule.to_owned()));
        }
        self.tree(&self.original, start_rule, text)
            .map_err(|f| CheckError::DoesNotParse {
                span: f.span,
                message: f.message,
            })
    }

    /// Nodes of a given reading, with the compound-atomic context recomputed from the rules.
    fn nodes_of<'r>(&self, reading: &'r [ReadingNode]) -> Vec<Node<'r>> {
        // ancestors still open: (index one past their subtree, compound inside them)
        let mut open: Vec<(usize, bool)> = Vec::new();
        let mut out = Vec::with_capacity(reading.len());
        for (i, r) in reading.iter().enumerate() {
            while open.last().is_some_and(|&(end, _)| end <= i) {
                open.pop();
            }
            let compound = open.last().is_some_and(|&(_, c)| c);
            let inner = match self.types.get(&r.rule) {
                Some(RuleType::CompoundAtomic) => true,
                Some(RuleType::NonAtomic) => false,
                _ => compound,
            };
            open.push((i + 1 + r.descendants, inner));
            out.push(Node {
                rule: &r.rule,
                start: r.span.start,
                end: r.span.end,
                size: r.descendants + 1,
                compound,
            });
        }
        out
    }

    /// The culprits of a text whose second reading differs from the first, and where.
    fn explain(
        &self,
        start_rule: &str,
        text: &str,
        first: &[Node<'_>],
        all: &Result<Vec<Node<'_>>, Failure>,
    ) -> CheckError {
        // A rule the first reading never tries cannot change it, whatever the order of its
        // choices: only the rules tried are reversed one at a time.
        let tried = self.tried(start_rule, text);
        let mut rules = Vec::new();
        let mut found: Option<Ambiguity> = None;
        for i in 0..self.per_rule.len() {
            if !tried.contains(&self.per_rule[i].name) {
                continue;
            }
            let vm = self.rule_vm(i);
            let second = self.tree(vm, start_rule, text);
            if second.as_deref().ok() == Some(first) {
                continue;
            }
            let name = &self.per_rule[i].name;
            rules.push(name.clone());
            if found.is_none() {
                found = Some(self.locate(Some((name, vm)), text, first, &second));
            }
        }
        let mut a = match found {
            Some(a) => a,
            None => self.locate(None, text, first, all),
        };
        a.rules = rules;
        CheckError::Ambiguous(a)
    }

    /// The names of the rules the grammar as written tries while parsing `text`.
    fn tried(&self, start_rule: &str, text: &str) -> HashSet<String> {
        let vm = self.tracing.get_or_init(|| {
            Vm::new_with_listener(
                self.optimized.clone(),
                Box::new(|rule, _| {
                    TRIED.with(|t| t.borrow_mut().insert(rule));
                    false
                }),
            )
        });
        TRIED.with(|t| t.borrow_mut().clear());
        let _ = vm.parse(start_rule, text);
        TRIED.with(|t| std::mem::take(&mut *t.borrow_mut()))
    }

    /// Flattens the parse of `text` into its nodes in pre-order.
    fn tree<'v>(&self, vm: &'v Vm, rule: &'v str, text: &'v str) -> Result<Vec<Node<'v>>, Failure> {
        match vm.parse(rule, text) {
            Ok(pairs) => {
                let mut out = Vec::new();
                for pair in pairs {
                    self.flatten(pair, false, 0, &mut out);
                }
                Ok(out)
            }
            Err(e) => Err(Failure {
                span: location_range(&e.location),
                message: e.variant.message().into_owned(),
            }),
        }
    }

    fn flatten<'v>(
        &self,
        pair: Pair<'v, &'v str>,
        compound: bool,
        base: usize,
        out: &mut Vec<Node<'v>>,
    ) {
        let rule = pair.as_rule();
        let span = pair.as_span();
        let at = out.len();
        out.push(Node {
            rule,
            start: base + span.start(),
            end: base + span.end(),
            size: 1,
            compound,
        });
        let inner_compound = match self.types.get(rule) {
            Some(RuleType::CompoundAtomic) => true,
            Some(RuleType::NonAtomic) => false,
            _ => compound,
        };
        for child in pair.into_inner() {
            self.flatten(child, inner_compound, base, out);
        }
        out[at].size = out.len() - at;
    }

    /// Where the readings part. With a culprit rule that makes pairs, each occurrence of it in
    /// the first reading is read again with only its choices reversed, and the innermost one that
    /// reads differently is the place; otherwise the first node where the flattened trees differ,
    /// or the place where the second reading stops parsing.
    fn locate(
        &self,
        culprit: Option<(&str, &Vm)>,
        text: &str,
        first: &[Node<'_>],
        second: &Result<Vec<Node<'_>>, Failure>,
    ) -> Ambiguity {
        let kind = match second {
            Ok(_) => AmbiguityKind::TreeChanged,
            Err(_) => AmbiguityKind::StopsParsing,
        };
        let mut a = Ambiguity {
            rules: Vec::new(),
            kind,
            span: 0..0,
            second_span: 0..0,
            first: String::new(),
            second: String::new(),
        };
        if let Some((rule, vm)) = culprit {
            if let Some((i, again)) = self.occurrence(rule, vm, text, first) {
                let n = &first[i];
                a.span = n.start..n.end;
                a.first = describe(text, n);
                match again {
                    Some(m) => {
                        a.second_span = m.start..m.end;
                        a.second = describe(text, &m);
                    }
                    None => {
                        a.second_span = n.start..n.start;
                        a.second = format!("`{rule}` does not match here");
                    }
                }
                return a;
            }
        }
        match second {
            Ok(second) => {
                // Pre-order lists of (rule, span) part at the first node that differs; the
                // sizes of subtrees only tell trees apart when zero-width nodes move.
                let len = first.len().max(second.len());
                let part = |sized: bool| {
                    let key = |n: Option<&Node<'_>>| {
                        n.map(|n| {
                            (
                                n.rule.to_owned(),
                                n.start,
                                n.end,
                                if sized { n.size } else { 0 },
                            )
                        })
                    };
                    (0..len).find(|&i| key(first.get(i)) != key(second.get(i)))
                };
                let i = part(false).or_else(|| part(true)).unwrap_or(0);
                let end = first.last().map_or(0, |n| n.end);
                match first.get(i) {
                    Some(n) => {
                        a.span = n.start..n.end;
                        a.first = describe(text, n);
                    }
                    None => {
                        a.span = end..end;
                        a.first = "nothing more".to_owned();
                    }
                }
                match second.get(i) {
                    Some(n) => {
                        a.second_span = n.start..n.end;
                        a.second = describe(text, n);
                    }
                    None => {
                        a.second_span = end..end;
                        a.second = "nothing more".to_owned();
                    }
                }
            }
            Err(f) => {
                let at = f.span.start;
                // the innermost node of the first reading that covers the failure
                let n = first
                    .iter()
                    .rev()
                    .filter(|n| n.start <= at && at <= n.end)
                    .min_by_key(|n| n.end - n.start);
                match n {
                    Some(n) => {
                        a.span = n.start..n.end;
                        a.first = describe(text, n);
                    }
                    None => {
                        a.span = at..at;
                        a.first = "the whole text".to_owned();
                    }
                }
                a.second_span = f.span.clone();
                a.second = format!("stops parsing: {}", f.message);
            }
        }
        a
    }

    /// The innermost occurrence of `rule` in the first reading that `vm` reads differently from
    /// the same position, with the node `vm` reads there instead (`None`: no match).
    fn occurrence<'v>(
        &'v self,
        rule: &'v str,
        vm: &'v Vm,
        text: &'v str,
        first: &[Node<'_>],
    ) -> Option<(usize, Option<Node<'v>>)> {
        // An occurrence is read again from its start, out of its context. Inside compound-atomic
        // rules (no implicit whitespace) or after a `PUSH` the context matters, so an occurrence
        // counts only if the grammar as written reads it again as it did in place.
        let again = |vm: &'v Vm, n: &Node<'_>| -> Option<Vec<Node<'v>>> {
            let pair = vm.parse(rule, &text[n.start..]).ok()?.next()?;
            let mut out = Vec::new();
            self.flatten(pair, n.compound, n.start, &mut out);
            Some(out)
        };
        let differs = |i: usize| -> Option<Option<Node<'v>>> {
            let n = &first[i];
            let subtree = &first[i..i + n.size];
            if again(&self.original, n).as_deref() != Some(subtree) {
                return None;
            }
            match again(vm, n) {
                Some(second) if second == subtree => None,
                Some(second) => Some(second.first().copied()),
                None => Some(None),
            }
        };
        let mut best: Option<(usize, Option<Node<'v>>)> = None;
        for (i, n) in first.iter().enumerate() {
            if n.rule != rule || n.compound {
                continue;
            }
            if let Some((b, _)) = &best {
                let outer = &first[*b];
                if i >= b + outer.size {
                    break;
                }
            }
            if let Some(again) = differs(i) {
                best = Some((i, again));
            }
        }
        best
    }
}

/// Rejects names `pest_meta` accepts as builtins but `pest_vm` does not implement.
fn check_vm_builtins(source: &str, rules: &[AstRule]) -> Result<(), GrammarError> {
    let defined: Vec<&str> = rules.iter().map(|r| r.name.as_str()).collect();
    let mut problems = Vec::new();
    for r in rules {
        for e in r.expr.iter_top_down() {
            if let Expr::Ident(name) = e {
                if !defined.contains(&name.as_str())
                    && !VM_BUILTINS.contains(&name.as_str())
                    && pest::unicode::by_name(&name).is_none()
                {
                    let span = source.find(&name).map_or(0..0, |s| s..s + name.len());
                    problems.push(GrammarProblem {
                        message: format!(
                            "builtin `{name}` is not supported by the ambiguity check"
                        ),
                        span,
                    });
                }
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(GrammarError { problems })
    }
}

thread_local! {
    /// The rules tried by the tracing VM's parse running on this thread.
    static TRIED: RefCell<HashSet<String>> = RefCell::new(HashSet::new());
}

/// A pair of a parse tree, flattened.
#[derive(Clone, Copy, Debug)]
struct Node<'v> {
    rule: &'v str,
    start: usize,
    end: usize,
    /// this node and its descendants, in pre-order
    size: usize,
    /// inside a compound-atomic rule
    compound: bool,
}

impl Node<'_> {
    fn key(&self) -> (&str, usize, usize, usize) {
        (self.rule, self.start, self.end, self.size)
    }
}

impl PartialEq for Node<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

#[derive(Debug)]
struct Failure {
    span: Range<usize>,
    message: String,
}

fn describe(text: &str, n: &Node<'_>) -> String {
    let matched = text.get(n.start..n.end).unwrap_or("");
    let mut quoted: String = matched.chars().take(MAX_QUOTE_CHARS).collect();
    if matched.chars().count() > MAX_QUOTE_CHARS {
        quoted.push('…');
    }
    format!("`{}` {quoted:?}", n.rule)
}

/// A copy of `grammar_src` in which the choices of `rule` are no longer disjoint: the rule's body
/// `e` becomes `(e) | rule__overlap` with `rule__overlap = { e }`. The grammar still reads every
/// text as before (the new alternative matches only where `e` does, and comes last), but with
/// the choice reversed every text that goes through `rule` grows a `rule__overlap` node, so the
/// check must flag it. `None` when the grammar does not parse or has no such rule.
///
/// For mutation tests: "breaking the disjointness of one choice makes at least one card fail".
/// A normal rule used only inside atomic rules makes no pairs, so the break does not show there.
pub fn break_choice(grammar_src: &str, rule: &str) -> Option<String> {
    let pairs = meta::parse(MetaRule::grammar_rules, grammar_src).ok()?;
    for def in pairs.filter(|p| p.as_rule() == MetaRule::grammar_rule) {
        let mut name = None;
        let mut modifier = None;
        let mut body = None;
        for part in def.into_inner() {
            match part.as_rule() {
                MetaRule::identifier => name = Some(part.as_str()),
                MetaRule::silent_modifier
                | MetaRule::atomic_modifier
                | MetaRule::compound_atomic_modifier
                | MetaRule::non_atomic_modifier => modifier = Some(part.as_rule()),
                MetaRule::expression => body = Some(part.as_span()),
                _ => {}
            }
        }
        let (Some(name), Some(body)) = (name, body) else {
            continue;
        };
        if name != rule {
            continue;
        }
        // The overlap must make a pair wherever the rule is read: a silent rule gets a normal
        // twin, an atomic one a compound-atomic twin (no whitespace, but pairs).
        let twin_modifier = match modifier {
            Some(MetaRule::atomic_modifier) | Some(MetaRule::compound_atomic_modifier) => "$",
            Some(MetaRule::non_atomic_modifier) => "!",
            _ => "",
        };
        let twin = format!("{rule}__overlap");
        let mut out = String::with_capacity(grammar_src.len() * 2);
        out.push_str(&grammar_src[..body.start()]);
        out.push_str(&format!("({}) | {twin}", body.as_str()));
        out.push_str(&grammar_src[body.end()..]);
        out.push_str(&format!(
            "\n\n/// `{rule}` again, so that its choice overlaps (made by `break_choice`).\n\
             {twin} = {twin_modifier}{{ {} }}\n",
            body.as_str()
        ));
        return Some(out);
    }
    None
}
