//! The checks of `gig check` on each card's text, in the syntax stage and lowering: it parses,
//! prints back to itself, reads one way only, names no tag no card of the pool carries (a
//! warning), and lowers to the core (a phrase that has no meaning is an error at its words).

use crate::ambiguity::Grammar;
use crate::card::Card;
use crate::diag::Diagnostic;
use crate::lower::{lower, LowerError};
use crate::prim::CardCore;
use crate::source::Span;
use crate::syntax::tree::CardTree;
use std::collections::BTreeSet;

/// What the checks found for one card.
#[derive(Clone, Debug, Default)]
pub struct CardCheck {
    /// both textboxes parse
    pub parses: bool,
    /// every textbox prints back to its text, and the printed text reads the same
    pub round_trips: bool,
    /// every textbox reads the same with the grammar's ordered choices reversed
    pub unambiguous: bool,
    /// the card's text lowers to the core: every phrase means something where it is written
    pub lowers: bool,
    /// every problem found, in textbox order (errors, and warnings about unknown tags)
    pub diagnostics: Vec<Diagnostic>,
    /// how the card was read, when it parses
    pub tree: Option<CardTree>,
    /// what it does, when it lowers
    pub core: Option<CardCore>,
}

/// The words of a card's text a span covers (the span points into the card file, which holds
/// the card's textboxes at their offsets).
pub fn words_at(card: &Card, span: Span) -> Option<&str> {
    card.top.iter().chain([&card.text]).find_map(|t| {
        let start = span.start.checked_sub(t.offset)?;
        let end = span.end.checked_sub(t.offset)?;
        t.text.get(start..end)
    })
}

/// A phrase that does not lower, as a diagnostic: the phrase, quoted, and why, at its words.
pub fn lower_diagnostic(card: &Card, e: &LowerError) -> Diagnostic {
    let words = words_at(card, e.span)
        .map(|w| w.split_whitespace().collect::<Vec<_>>().join(" "))
        .unwrap_or_default();
    let head = if words.is_empty() {
        "card text: a phrase has no meaning here".to_string()
    } else {
        format!("card text: `{words}` has no meaning here")
    };
    Diagnostic::error(head).with_primary(e.span, e.message.clone())
}

/// Parses both textboxes of a card, checks their round trip, runs the ambiguity check on each
/// (`grammar` is [`crate::syntax::GRAMMAR`] loaded for it), warns about tags no card of
/// `pool_tags` carries, then lowers the card's tree. Each textbox is parsed once for all of it.
pub fn check_card(
    grammar: &Grammar,
    card: &Card,
    pool_tags: Option<&BTreeSet<String>>,
) -> CardCheck {
    let syntax = crate::syntax::check_card(grammar, card, pool_tags);
    let mut out = CardCheck {
        parses: syntax.parses,
        round_trips: syntax.parses && syntax.round_trips,
        unambiguous: !syntax.parses || syntax.unambiguous,
        lowers: false,
        diagnostics: syntax.diagnostics,
        tree: syntax.tree,
        core: None,
    };
    if let Some(tree) = &out.tree {
        match lower(card.kind, tree) {
            Ok(core) => {
                out.lowers = true;
                out.core = Some(core);
            }
            Err(errors) => out
                .diagnostics
                .extend(errors.iter().map(|e| lower_diagnostic(card, e))),
        }
    }
    out
}

/// The tags of the pool's cards, as their files write them, for the unknown-tag warnings.
pub fn pool_tags<'a>(cards: impl IntoIterator<Item = &'a Card>) -> BTreeSet<String> {
    cards
        .into_iter()
        .flat_map(|c| c.tags.iter().cloned())
        .collect()
}

/// [`check_card`] on every card, on up to `threads` threads; results in the order of `cards`.
pub fn check_cards(
    grammar: &Grammar,
    cards: &[Card],
    pool_tags: Option<&BTreeSet<String>>,
    threads: usize,
) -> Vec<CardCheck> {
    let threads = threads.clamp(1, cards.len().max(1));
    if threads == 1 {
        return cards
            .iter()
            .map(|c| check_card(grammar, c, pool_tags))
            .collect();
    }
    let chunk = cards.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = cards
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|c| check_card(grammar, c, pool_tags))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a card check panicked"))
            .collect()
    })
}

/// How many threads to check cards on: the machine's parallelism, at most 8.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{card_files, load_cards};
    use crate::syntax::GRAMMAR;
    use crate::Sources;

    fn catalogue() -> Vec<Card> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards");
        let mut sources = Sources::new();
        let (db, errors) = load_cards(&card_files(&root).unwrap(), &mut sources);
        assert!(errors.is_empty());
        db.cards().to_vec()
    }

    #[test]
    fn threads_do_not_change_the_results_or_their_order() {
        let grammar = Grammar::new(GRAMMAR).unwrap();
        let mut cards = catalogue()[..6].to_vec();
        cards[2].text.text = "{Play} Draw 1\n".into();
        let summary = |threads| {
            check_cards(&grammar, &cards, None, threads)
                .iter()
                .map(|c| {
                    (
                        c.parses,
                        c.round_trips,
                        c.unambiguous,
                        c.lowers,
                        c.diagnostics.len(),
                    )
                })
                .collect::<Vec<_>>()
        };
        let one = summary(1);
        assert_eq!(one[2], (false, false, true, false, 1));
        assert!(one
            .iter()
            .enumerate()
            .all(|(i, c)| i == 2 || *c == (true, true, true, true, 0)));
        assert_eq!(summary(4), one);
    }

    /// A text that parses but means nothing where a phrase is written is an error at that phrase,
    /// quoting it, with why in the label.
    #[test]
    fn a_text_that_does_not_lower_is_an_error_at_the_phrase() {
        let grammar = Grammar::new(GRAMMAR).unwrap();
        let mut card = catalogue()
            .into_iter()
            .find(|c| c.kind == crate::CardType::Program)
            .unwrap();
        card.text.text = "Gain 2 power.\n".into();
        let c = check_card(&grammar, &card, None);
        assert!(c.parses && c.round_trips && c.unambiguous, "{c:?}");
        assert!(!c.lowers);
        assert!(c.core.is_none());
        let d = &c.diagnostics[0];
        assert_eq!(d.severity, crate::diag::Severity::Error);
        assert!(d.message.contains("has no meaning here"), "{}", d.message);
        let span = d.labels[0].span;
        assert_eq!(words_at(&card, span).map(str::trim), Some("Gain 2 power"));
        assert!(
            d.labels[0].message.contains("not something an effect does"),
            "{:?}",
            d.labels[0]
        );
    }
}
