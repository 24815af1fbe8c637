//! What `gig check` asks of a card's text in the syntax stage: each textbox parses, prints back to
//! itself, reads the same with every ordered choice of the grammar reversed, and names no tag that
//! no card of the pool carries (a warning, with a "did you mean").

use super::parse::{check_reading, parse_text, read, reading, Reading};
use super::print::{print_script, sexpr};
use super::tree::{CardTree, Script, Textbox};
use crate::ambiguity::Grammar;
use crate::card::{Card, CardText, CardType};
use crate::diag::{suggest, Diagnostic, IntoDiagnostic};
use crate::source::{FileId, Span};
use std::collections::BTreeSet;

/// What the syntax checks found for one card.
#[derive(Clone, Debug, Default)]
pub struct SyntaxCheck {
    /// both textboxes parse
    pub parses: bool,
    /// every textbox prints back to its text
    pub round_trips: bool,
    /// every textbox reads the same with the grammar's ordered choices reversed
    pub unambiguous: bool,
    /// every problem found, in textbox order (errors, and warnings about unknown tags)
    pub diagnostics: Vec<Diagnostic>,
    /// how the card was read, when it parses
    pub tree: Option<CardTree>,
}

/// A textbox whose tree does not print back to its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundTrip {
    /// the text in the card file
    pub span: Span,
    /// what printing the tree gives
    pub printed: String,
    /// the printed text differs only in spacing, but reading it gives another tree
    pub reparse_differs: bool,
}

impl IntoDiagnostic for RoundTrip {
    fn to_diagnostic(&self) -> Diagnostic {
        let what = if self.reparse_differs {
            "card text: reading the printed text gives another tree"
        } else {
            "card text: printing the tree does not give back the text"
        };
        Diagnostic::error(what)
            .with_primary(self.span, "this text")
            .with_note(format!("printed: {}", self.printed.trim_end()))
            .with_note("write the text as printed (`gig fmt` does), or this is a bug in gigscript's parser or printer")
    }
}

/// The lines of a text without trailing spaces, leading and trailing blank lines dropped.
fn lines(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let start = lines
        .iter()
        .position(|l| !l.is_empty())
        .unwrap_or(lines.len());
    let end = lines
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(start, |e| e + 1);
    lines[start..end].iter().map(|l| format!("{l}\n")).collect()
}

/// Checks that printing a textbox's tree gives back its text. A text that differs from its
/// printing only in spacing passes if reading the printing gives the same tree. `script` must be
/// what reading `text` gave.
pub fn check_round_trip(
    text: &CardText,
    file: FileId,
    kind: CardType,
    script: &Script,
) -> Result<(), RoundTrip> {
    let printed = print_script(script);
    let span = Span::new(file, text.offset..text.offset + text.text.len());
    if printed == lines(&text.text) {
        return Ok(());
    }
    let same_words = printed.split_whitespace().eq(text.text.split_whitespace());
    if !same_words {
        return Err(RoundTrip {
            span,
            printed,
            reparse_differs: false,
        });
    }
    let again = CardText {
        text: printed.clone(),
        offset: 0,
        exact: true,
    };
    match parse_text(&again, file, kind, script.textbox) {
        Ok(s2) if sexpr(&s2) == sexpr(script) => Ok(()),
        _ => Err(RoundTrip {
            span,
            printed,
            reparse_differs: true,
        }),
    }
}

/// Parses both textboxes of a card, checks their round trip and runs the ambiguity check on
/// each, the top one first (each textbox is parsed once for all of it). With `pool_tags` (the tags of the pool's cards, as card files write
/// them: `6TH STREET`), a tag no card carries is a warning.
pub fn check_card(
    grammar: &Grammar,
    card: &Card,
    pool_tags: Option<&BTreeSet<String>>,
) -> SyntaxCheck {
    let mut out = SyntaxCheck {
        parses: true,
        round_trips: true,
        unambiguous: true,
        ..SyntaxCheck::default()
    };
    let boxes = card
        .top
        .iter()
        .map(|t| (t, Textbox::Top))
        .chain([(&card.text, Textbox::Rules)]);
    let mut top = None;
    let mut text = None;
    for (t, textbox) in boxes {
        let (script, pairs) = read(t, card.file, card.kind, textbox, true);
        match script {
            Err(errors) => {
                out.parses = false;
                out.round_trips = false;
                out.unambiguous = false;
                out.diagnostics
                    .extend(errors.iter().map(IntoDiagnostic::to_diagnostic));
            }
            Ok(script) => {
                if let Err(e) = check_round_trip(t, card.file, card.kind, &script) {
                    out.round_trips = false;
                    out.diagnostics.push(e.to_diagnostic());
                }
                let Some(pairs) = pairs else {
                    unreachable!("a text that parses has its pairs kept");
                };
                if let Err(e) = check_reading(grammar, &t.text, &pairs) {
                    out.unambiguous = false;
                    out.diagnostics
                        .push(e.in_file(card.file, t.offset).to_diagnostic());
                }
                if let Some(tags) = pool_tags {
                    out.diagnostics
                        .extend(tags_unknown(t, card.file, tags, &pairs));
                }
                match textbox {
                    Textbox::Top => top = Some(script),
                    Textbox::Rules => text = Some(script),
                }
            }
        }
    }
    if let (true, Some(text)) = (out.parses, text) {
        out.tree = Some(CardTree {
            id: card.id.clone(),
            top,
            text,
        });
    }
    out
}

/// A tag as the tags of card files are compared with it: capitals, no spaces (`6TH STREET` is
/// `6THSTREET`).
fn tag_key(tag: &str) -> String {
    tag.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_uppercase)
        .collect()
}

/// A warning for every tag a textbox names that no card of the pool carries (rule 3.13: any word
/// in capitals is a tag; words in capitals next to each other are one tag, `TYGER CLAWS`), with
/// the nearest tag of the pool. `text` must parse.
pub fn unknown_tags(
    text: &CardText,
    file: FileId,
    pool_tags: &BTreeSet<String>,
) -> Vec<Diagnostic> {
    let Some(nodes) = reading(&text.text) else {
        return Vec::new();
    };
    let words = nodes
        .into_iter()
        .filter(|n| n.rule == "adjective" || n.rule == "state")
        .map(|n| n.span);
    unknown_among(text, file, pool_tags, words)
}

fn tags_unknown(
    text: &CardText,
    file: FileId,
    pool_tags: &BTreeSet<String>,
    pairs: &Reading,
) -> Vec<Diagnostic> {
    unknown_among(text, file, pool_tags, pairs.describing_words())
}

/// The warnings for the tags among `words`, the describing words and words of state of `text`.
fn unknown_among(
    text: &CardText,
    file: FileId,
    pool_tags: &BTreeSet<String>,
    words: impl Iterator<Item = std::ops::Range<usize>>,
) -> Vec<Diagnostic> {
    let known: BTreeSet<String> = pool_tags.iter().map(|t| tag_key(t)).collect();
    let src = text.text.as_str();
    // the words in capitals, joined into tags where only a space parts them
    let mut tags: Vec<std::ops::Range<usize>> = Vec::new();
    for span in words {
        let word = &src[span.clone()];
        let is_tag = word.len() >= 2
            && word.chars().any(|c| c.is_ascii_uppercase())
            && word
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '\'');
        if !is_tag {
            continue;
        }
        match tags.last_mut() {
            Some(last) if &src[last.end..span.start] == " " => last.end = span.end,
            _ => tags.push(span),
        }
    }
    let mut out = Vec::new();
    for range in tags {
        let tag = &src[range.clone()];
        // a tag, or tags of the pool side by side
        if known.contains(&tag_key(tag)) || tag.split(' ').all(|w| known.contains(w)) {
            continue;
        }
        let span = Span::new(file, text.offset + range.start..text.offset + range.end);
        let mut d = Diagnostic::warning(format!("card text: unknown tag `{tag}`"))
            .with_primary(span, "no card of the pool has this tag");
        if let Some(s) = suggest(tag, pool_tags.iter().map(String::as_str)) {
            d = d.with_note(format!("did you mean `{s}`?"));
        }
        out.push(d.with_note(
            "a word in capitals is a tag (rule 3.13); a tag no card has matches nothing",
        ));
    }
    out
}

/// The canonical text of any text that parses, and the check that it is canonical: printed, it
/// reads again as the same tree (the printer writes words its own way: `a equipped Unit` becomes
/// `an equipped Unit`) and prints to itself. `Ok(None)` when `text` does not parse; `Err`
/// describes a text the printer misreads.
pub fn reprint(text: &str, kind: CardType, textbox: Textbox) -> Result<Option<String>, String> {
    let read = |t: &str| {
        let t = CardText {
            text: t.to_string(),
            offset: 0,
            exact: true,
        };
        parse_text(&t, 0, kind, textbox)
    };
    let Ok(script) = read(text) else {
        return Ok(None);
    };
    let printed = print_script(&script);
    let again = read(&printed)
        .map_err(|e| format!("the printed text {printed:?} does not parse: {e:?}"))?;
    if reading_of(&sexpr(&script)) != reading_of(&sexpr(&again)) {
        return Err(format!(
            "printing changed the reading of {text:?} (printed {printed:?}):\n{}\n{}",
            sexpr(&script),
            sexpr(&again)
        ));
    }
    let twice = print_script(&again);
    if twice != printed {
        return Err(format!(
            "the printed text {printed:?} of {text:?} prints as {twice:?}"
        ));
    }
    Ok(Some(printed))
}

/// An s-expression without the words of its referents: a binding line `b2 = a equipped Unit
/// (Unit)` keeps only `b2 (Unit)`, so two texts whose referents are worded apart compare equal.
fn reading_of(sexpr: &str) -> Vec<String> {
    sexpr
        .lines()
        .map(|line| match (line.split_once(" = "), line.rfind(" (")) {
            (Some((id, _)), Some(kind)) if !id.contains(' ') => format!("{id}{}", &line[kind..]),
            _ => line.to_string(),
        })
        .collect()
}
