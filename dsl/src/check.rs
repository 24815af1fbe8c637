//! The checks of `gig check` on each card: it parses, round-trips and reads one way only.

use crate::ambiguity::Grammar;
use crate::ast::CardScript;
use crate::card::Card;
use crate::diag::{Diagnostic, IntoDiagnostic};
use crate::parse::{parse_card, reading, START_RULE};
use crate::print::check_round_trip;

/// What the checks found for one card.
#[derive(Clone, Debug, Default)]
pub struct CardCheck {
    /// both textboxes parse
    pub parses: bool,
    /// every textbox prints back to its text, and the printed text reads the same
    pub round_trips: bool,
    /// every textbox reads the same with the grammar's ordered choices reversed
    pub unambiguous: bool,
    /// every problem found, in textbox order
    pub diagnostics: Vec<Diagnostic>,
    /// how the card was read, when it parses
    pub script: Option<CardScript>,
}

/// Parses a card, checks its round-trip and runs the ambiguity check (DESIGN.md guarantee 3) on
/// each textbox, the top one first.
pub fn check_card(grammar: &Grammar, card: &Card) -> CardCheck {
    let script = match parse_card(card) {
        Ok(s) => s,
        Err(errors) => {
            return CardCheck {
                diagnostics: errors.iter().map(IntoDiagnostic::to_diagnostic).collect(),
                ..CardCheck::default()
            }
        }
    };
    let mut out = CardCheck {
        parses: true,
        round_trips: true,
        unambiguous: true,
        diagnostics: Vec::new(),
        script: None,
    };
    let boxes = card
        .top
        .iter()
        .zip(script.top.iter())
        .chain([(&card.text, &script.text)]);
    for (text, s) in boxes {
        if let Err(e) = check_round_trip(text, card.file, card.kind, s) {
            out.round_trips = false;
            out.diagnostics.push(e.to_diagnostic());
        }
        // The derived parser's reading saves the check one of its two `pest_vm` parses.
        let checked = match reading(&text.text) {
            Some(first) => grammar.check_reading(START_RULE, &text.text, &first),
            None => grammar.check(START_RULE, &text.text),
        };
        if let Err(e) = checked {
            out.unambiguous = false;
            out.diagnostics
                .push(e.in_file(card.file, text.offset).to_diagnostic());
        }
    }
    out.script = Some(script);
    out
}

/// [`check_card`] on every card, on up to `threads` threads; results in the order of `cards`.
pub fn check_cards(grammar: &Grammar, cards: &[Card], threads: usize) -> Vec<CardCheck> {
    let threads = threads.clamp(1, cards.len().max(1));
    if threads == 1 {
        return cards.iter().map(|c| check_card(grammar, c)).collect();
    }
    let chunk = cards.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = cards
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|c| check_card(grammar, c))
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
    use crate::parse::GRAMMAR;

    #[test]
    fn threads_do_not_change_the_results_or_their_order() {
        let (_, db) = crate::parse::tests::corpus();
        let grammar = Grammar::new(GRAMMAR).unwrap();
        let mut cards = db.cards()[..6].to_vec();
        cards[2].text.text = "{Play} Draw 1\n".into();
        let summary = |threads| {
            check_cards(&grammar, &cards, threads)
                .iter()
                .map(|c| (c.parses, c.round_trips, c.unambiguous, c.diagnostics.len()))
                .collect::<Vec<_>>()
        };
        let one = summary(1);
        assert_eq!(one[2], (false, false, false, 1));
        assert!(one
            .iter()
            .enumerate()
            .all(|(i, c)| i == 2 || *c == (true, true, true, 0)));
        assert_eq!(summary(4), one);
    }
}
