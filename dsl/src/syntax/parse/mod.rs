//! Parsing: card text → pest pairs → syntax tree ([`build`]) → back-references resolved
//! ([`resolve`]). Errors are data ([`error`]), with the common mistakes of designers recognised
//! ([`mistakes`]).
//!
//! pest's `Pair` and `Rule` never leave this module: the public API returns tree values,
//! [`ParseError`]s, and readings as plain [`ReadingNode`]s.

mod build;
mod error;
mod mistakes;
mod resolve;

pub use error::{Hint, ParseError, ParseErrorKind};

use super::tree::{CardTree, Script, Textbox};
use crate::ambiguity::{CheckError, Grammar, ReadingNode};
use crate::card::{Card, CardText, CardType};
use crate::source::{FileId, Span};
use pest::Parser as _;

#[allow(missing_docs)]
mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/text.pest"]
    pub struct TextParser;
}

#[allow(missing_docs, clippy::all)]
mod reversed {
    include!(concat!(env!("OUT_DIR"), "/reversed.rs"));
}

use grammar::{Rule, TextParser};

/// The grammar's source text, for the ambiguity check's explanations (which run it on `pest_vm`).
pub const GRAMMAR: &str = include_str!("../../../../grammar/text.pest");

/// The grammar rule a whole textbox is read with.
pub const START_RULE: &str = "text";

/// Longest text the parser reads; a longer text is an error, not parsed. The longest card text is
/// under 400 bytes, and 1,000 short lines fit; the limit also bounds how deeply phrases can nest
/// (`… with less power than a Unit with less power than …`), and so the parser's stack.
pub const MAX_TEXT_LEN: usize = 8192;

/// Reads one textbox of a card of type `kind`. Spans are byte offsets into the card file
/// (`text.offset` plus the offset inside the text).
pub fn parse_text(
    text: &CardText,
    file: FileId,
    kind: CardType,
    textbox: Textbox,
) -> Result<Script, Vec<ParseError>> {
    read(text, file, kind, textbox, false).0
}

/// The pairs of a textbox's parse, kept so that the checks after parsing (the ambiguity check,
/// the tags) do not parse it again.
pub(crate) struct Reading(Vec<(usize, usize, usize)>);

impl Reading {
    /// The spans of the words read as describing words or words of state, where tags are.
    pub(crate) fn describing_words(&self) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
        let (adjective, state) = (Rule::adjective as usize, Rule::state as usize);
        self.0
            .iter()
            .filter(move |(r, _, _)| *r == adjective || *r == state)
            .map(|&(_, s, e)| s..e)
    }
}

/// Reads one textbox, and with `keep` also returns the pairs of its parse.
pub(crate) fn read(
    text: &CardText,
    file: FileId,
    kind: CardType,
    textbox: Textbox,
    keep: bool,
) -> (Result<Script, Vec<ParseError>>, Option<Reading>) {
    let src = text.text.as_str();
    if src.len() > MAX_TEXT_LEN {
        let e = ParseError::new(
            ParseErrorKind::TooLong,
            Span::new(file, text.offset..text.offset + src.len()),
        );
        return (Err(vec![e]), None);
    }
    let (tree, reading) = match TextParser::parse(Rule::text, src) {
        Ok(pairs) => {
            let reading = keep.then(|| Reading(flat(pairs.clone())));
            (pairs.into_iter().next(), reading)
        }
        Err(e) => return (Err(error::line_errors(text, file, e)), None),
    };
    let mut builder = build::Builder::new(src, text.offset, file);
    let abilities = match tree {
        Some(tree) => match builder.text(tree) {
            Ok(a) => a,
            Err(e) => return (Err(vec![e]), reading),
        },
        None => Vec::new(),
    };
    let mut errors = builder.errors;
    let mut script = Script {
        textbox,
        abilities,
        bindings: Vec::new(),
    };
    errors.extend(resolve::resolve(&mut script, src, text.offset, kind));
    if errors.is_empty() {
        (Ok(script), reading)
    } else {
        errors.sort_by_key(|e| e.span.start);
        (Err(errors), reading)
    }
}

/// Reads both textboxes of a card; the top one's errors come first.
pub fn parse_card(card: &Card) -> Result<CardTree, Vec<ParseError>> {
    read_card(card).map(std::borrow::Cow::into_owned)
}

/// [`parse_card`], borrowing the tree loading read where the card still has it
/// ([`Card::read_tree`]) instead of reading the text again.
pub fn read_card(card: &Card) -> Result<std::borrow::Cow<'_, CardTree>, Vec<ParseError>> {
    match card.read_tree() {
        Some(tree) => Ok(std::borrow::Cow::Borrowed(tree)),
        None => read_boxes(card).map(std::borrow::Cow::Owned),
    }
}

fn read_boxes(card: &Card) -> Result<CardTree, Vec<ParseError>> {
    let (top, text) = read_textboxes(card.file, card.kind, card.top.as_ref(), &card.text)?;
    Ok(CardTree {
        id: card.id.clone(),
        top,
        text,
    })
}

/// Reads the textboxes of a card of type `kind`: the top one (a Gear's), if any, and the rules
/// text; the top one's errors come first.
pub(crate) fn read_textboxes(
    file: FileId,
    kind: CardType,
    top: Option<&CardText>,
    text: &CardText,
) -> Result<(Option<Script>, Script), Vec<ParseError>> {
    let text = parse_text(text, file, kind, Textbox::Rules);
    let top = top.map(|t| parse_text(t, file, kind, Textbox::Top));
    match (text, top) {
        (Ok(text), None) => Ok((None, text)),
        (Ok(text), Some(Ok(top))) => Ok((Some(top), text)),
        (text, top) => {
            let mut errors = top.and_then(Result::err).unwrap_or_default();
            errors.extend(text.err().unwrap_or_default());
            Err(errors)
        }
    }
}

/// The reading of a textbox by the grammar as written, in the form
/// [`crate::ambiguity::Grammar::check_reading`] takes, or `None` if it does not parse.
pub fn reading(text: &str) -> Option<Vec<ReadingNode>> {
    fn walk(p: pest::iterators::Pair<Rule>, out: &mut Vec<ReadingNode>) {
        let i = out.len();
        let s = p.as_span();
        out.push(ReadingNode {
            rule: format!("{:?}", p.as_rule()),
            span: s.start()..s.end(),
            descendants: 0,
        });
        for c in p.into_inner() {
            walk(c, out);
        }
        out[i].descendants = out.len() - i - 1;
    }
    let pairs = TextParser::parse(Rule::text, text).ok()?;
    let mut out = Vec::new();
    for p in pairs {
        walk(p, &mut out);
    }
    Some(out)
}

/// The pairs of a parse as (rule index, start, end) in pre-order: what two readings are compared by.
fn flat<R: pest::RuleType + Into<usize>>(
    pairs: pest::iterators::Pairs<R>,
) -> Vec<(usize, usize, usize)> {
    pairs
        .flatten()
        .map(|p| {
            let s = p.as_span();
            (p.as_rule().into(), s.start(), s.end())
        })
        .collect()
}

impl From<Rule> for usize {
    fn from(r: Rule) -> usize {
        r as usize
    }
}

impl From<reversed::Rule> for usize {
    fn from(r: reversed::Rule) -> usize {
        r as usize
    }
}

/// The ambiguity check of a textbox (every ordered choice of the grammar reversed reads the text
/// the same way), with the derived parsers of the grammar as written and reversed. When the two
/// readings differ, `grammar` (the same grammar on `pest_vm`) names the culprit rules and where
/// the readings part. `text` must parse.
pub fn check_ambiguity(grammar: &Grammar, text: &str) -> Result<(), CheckError> {
    match TextParser::parse(Rule::text, text) {
        Ok(pairs) => check_reading(grammar, text, &Reading(flat(pairs))),
        Err(_) => grammar.check(START_RULE, text),
    }
}

/// [`check_ambiguity`] given the reading of the grammar as written.
pub(crate) fn check_reading(
    grammar: &Grammar,
    text: &str,
    first: &Reading,
) -> Result<(), CheckError> {
    match reversed::ReversedParser::parse(reversed::Rule::text, text).map(flat) {
        Ok(second) if second == first.0 => Ok(()),
        _ => match grammar.check(START_RULE, text) {
            Ok(()) => Err(CheckError::ReadingsDisagree {
                span: 0..text.len(),
            }),
            Err(e) => Err(e),
        },
    }
}

/// The plain-words name of every rule of the grammar, by its identifier (for tests and tools).
pub fn rule_names() -> Vec<(String, &'static str)> {
    Rule::all_rules()
        .iter()
        .map(|r| (format!("{r:?}"), error::rule_name(*r)))
        .collect()
}

/// The identifiers of the rules of the reversed parser, in order (they must be the grammar's).
pub fn reversed_rule_names() -> Vec<String> {
    reversed::Rule::all_rules()
        .iter()
        .map(|r| format!("{r:?}"))
        .collect()
}
