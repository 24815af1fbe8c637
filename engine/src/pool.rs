//! The card pool: the facts of every card a game may use, indexed by a small [`CardIdx`], and
//! each card's text lowered to the core once ([`lower_card`]) with its index.
//!
//! The pool is built once from a [`CardDb`] and shared (`Arc`) by every game; it is never
//! serialised. A [`crate::State`] refers to cards only by [`CardIdx`], so a saved state is only
//! meaningful together with the pool it was played with.

mod core_text;

pub use core_text::{kind_bit, say_bit, says, CoreText};

use gigscript_dsl::{CardDb, CardType, Keyword};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Index of a card in a [`Pool`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardIdx(pub u16);

/// A set of keywords (rules 11.23–11.26) as a bit set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Keywords(pub u8);

impl Keywords {
    fn bit(k: Keyword) -> u8 {
        match k {
            Keyword::Blocker => 1,
            Keyword::Quick => 2,
            Keyword::GoSolo => 4,
            Keyword::Adrenaline => 8,
        }
    }

    /// Whether the set holds `k`.
    pub fn has(self, k: Keyword) -> bool {
        self.0 & Self::bit(k) != 0
    }

    /// The set with `k` added.
    pub fn with(self, k: Keyword) -> Self {
        Keywords(self.0 | Self::bit(k))
    }
}

/// The facts of a card that the rules read (card text stays opaque to the engine core).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facts {
    /// legend, unit, gear or program
    pub kind: CardType,
    /// cost value; `None` for a null cost (rule 3.11.2)
    pub cost: Option<u32>,
    /// printed power, if any (rule 3.17.4)
    pub power: Option<i32>,
    /// has a Sell Tag (rule 3.12)
    pub sell: bool,
    /// printed keywords
    pub keywords: Keywords,
    /// colour (rule 3.20); `None` for a null card
    pub color: Option<gigscript_dsl::card::Color>,
}

/// The printed words of a card, for players to read (`gig play`'s `look`); the rules never
/// read them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Printed {
    /// the subtitle (rule 3.10)
    pub subtitle: Option<String>,
    /// the RAM value (rule 3.20.1)
    pub ram: Option<u32>,
    /// a Gear's top textbox (rule 4.11)
    pub top: Option<String>,
    /// the rules text (a Gear's bottom textbox)
    pub text: String,
    /// the words of each ability, numbered as the engine numbers them (a Gear's top textbox
    /// first); `None` where the file spells the text with escapes
    pub abilities: Vec<Option<String>>,
    /// each textbox spelt without escapes, with the byte offset of its text in the card file,
    /// for the words of a phrase ([`Printed::words`])
    sources: Vec<(usize, String)>,
}

impl Printed {
    fn of(card: &gigscript_dsl::Card, core: Option<&gigscript_dsl::prim::CardCore>) -> Printed {
        let mut printed = Printed {
            subtitle: card.subtitle.clone(),
            ram: card.ram,
            top: card.top.as_ref().map(|t| t.text.trim().to_owned()),
            text: card.text.text.trim().to_owned(),
            abilities: Vec::new(),
            sources: [card.top.as_ref(), Some(&card.text)]
                .into_iter()
                .flatten()
                .filter(|t| t.exact)
                .map(|t| (t.offset, t.text.clone()))
                .collect(),
        };
        printed.abilities = core.map_or_else(Vec::new, |c| {
            (c.abilities.iter())
                .map(|a| printed.words(a.span).map(str::to_owned))
                .collect()
        });
        printed
    }

    /// The printed words of a phrase of the card's text (`None` where the file spells the text
    /// with escapes).
    pub fn words(&self, span: gigscript_dsl::Span) -> Option<&str> {
        self.sources.iter().find_map(|(offset, text)| {
            let start = span.start.checked_sub(*offset)?;
            let end = span.end.checked_sub(*offset)?;
            text.get(start..end).map(str::trim)
        })
    }
}

/// The facts of every card of a [`CardDb`], plus ids, tags and names for labels and filters,
/// and each card's core for the executor.
#[derive(Clone, Debug, Default)]
pub struct Pool {
    facts: Vec<Facts>,
    ids: Vec<String>,
    tags: Vec<Vec<String>>,
    by_id: HashMap<String, CardIdx>,
    names: Vec<String>,
    /// each card's core, when its text lowers, with its index
    cores: Vec<Option<CoreText>>,
    /// why a card's text does not parse or lower: (where, what), in the author's words
    lower_errors: Vec<Vec<(gigscript_dsl::Span, String)>>,
    /// each card's printed words, for players to read
    printed: Vec<Printed>,
    /// a family of core operations a test broke
    core_broken: Option<crate::exec::Broken>,
    /// the format whose printings the cards are
    format: gigscript_dsl::card::Format,
}

/// A card's text as the executor runs it: parsed to the syntax tree (`gigscript_dsl::syntax`)
/// and lowered to the core (`gigscript_dsl::lower`), or why not, each at its words: a phrase
/// that does not parse or lower, or a part of the core the executor would not run
/// ([`crate::exec::unrunnable`]). A card with any is not executable.
pub fn lower_card(
    card: &gigscript_dsl::card::Card,
) -> Result<gigscript_dsl::prim::CardCore, Vec<(gigscript_dsl::Span, String)>> {
    use gigscript_dsl::diag::IntoDiagnostic;
    let tree = gigscript_dsl::syntax::read_card(card).map_err(|e| {
        e.iter()
            .map(|e| (e.span, e.to_diagnostic().message))
            .collect::<Vec<_>>()
    })?;
    lower_tree(card.kind, &tree)
}

/// [`lower_card`] from a syntax tree, for a card of type `kind`.
pub fn lower_tree(
    kind: CardType,
    tree: &gigscript_dsl::syntax::tree::CardTree,
) -> Result<gigscript_dsl::prim::CardCore, Vec<(gigscript_dsl::Span, String)>> {
    let core = gigscript_dsl::lower::lower(kind, tree).map_err(|e| {
        e.into_iter()
            .map(|e| (e.span, e.message))
            .collect::<Vec<_>>()
    })?;
    let unrunnable = crate::exec::unrunnable(&core);
    match unrunnable.is_empty() {
        true => Ok(core),
        false => Err(unrunnable),
    }
}

/// Which kinds of card text the cards of one game have. A game computes it once from its card
/// instances (they are fixed at setup), so the fast paths hold for a game whose cards have none
/// of a kind even when the pool has many.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextKinds {
    /// a static ability that executes
    pub statics: bool,
    /// a `When …` or `The first time … each turn` trigger
    pub when: bool,
    /// such a trigger on a Gear (it may trigger while equipped)
    pub gear_when: bool,
    /// a cost rule that changes other cards' costs
    pub cost_statics: bool,
    /// a Gear with a keyword (its host has it too, rule 4.11)
    pub gear_keywords: bool,
    /// a replacement effect that executes
    pub replacements: bool,
    /// the kinds of statement (`… can't attack`, `… has +1 power`) a text can make, one bit
    /// each ([`say_bit`]): a question no text can answer is not asked
    pub says: u32,
    /// the kinds of event the core's triggers listen for ([`kind_bit`])
    pub listens: u32,
    /// a timing-label trigger (`{Play}`, `{Attack}`, …) in the core
    pub labels: bool,
    /// an `At the start/end of … turn` trigger in the core
    pub turns: bool,
}

/// Most cards a pool can hold (a [`CardIdx`] is 16 bits).
pub const MAX_POOL_CARDS: usize = u16::MAX as usize;

impl Pool {
    /// The format whose printings the cards are (`standard`, `alpha`).
    pub fn format(&self) -> gigscript_dsl::card::Format {
        self.format
    }

    /// Builds the pool of every card in `db` (at most [`MAX_POOL_CARDS`]; the rest are ignored).
    pub fn from_db(db: &CardDb) -> Self {
        let mut pool = Pool {
            format: db.format(),
            ..Pool::default()
        };
        for card in db.cards().iter().take(MAX_POOL_CARDS) {
            let keywords = card
                .keywords
                .iter()
                .fold(Keywords::default(), |k, &kw| k.with(kw));
            pool.facts.push(Facts {
                kind: card.kind,
                cost: card.cost,
                power: card.power,
                sell: card.sell,
                keywords,
                color: Some(card.color),
            });
            let idx = CardIdx(pool.ids.len() as u16);
            pool.by_id.entry(card.id.clone()).or_insert(idx);
            pool.ids.push(card.id.clone());
            pool.tags.push(card.tags.clone());
            pool.names.push(card.name.clone());
            let (core, errors) = match lower_card(card) {
                Ok(core) => (Some(CoreText::new(core)), Vec::new()),
                Err(e) => (None, e),
            };
            // Rule 2.10: a keyword written in the text is the card's, as the printed ones.
            if let (Some(t), Some(f)) = (&core, pool.facts.last_mut()) {
                f.keywords = t.core.keywords.iter().fold(f.keywords, |k, &kw| k.with(kw));
            }
            pool.printed
                .push(Printed::of(card, core.as_ref().map(|t| &t.core)));
            pool.cores.push(core);
            pool.lower_errors.push(errors);
        }
        pool
    }

    /// The kinds of card text among `cards`.
    pub fn kinds_of(&self, cards: impl IntoIterator<Item = CardIdx>) -> TextKinds {
        let mut k = TextKinds::default();
        for c in cards {
            let f = self.facts(c);
            k.gear_keywords |= f.kind == CardType::Gear && f.keywords != Keywords::default();
            let Some(t) = self.core(c) else {
                continue;
            };
            k.statics |= !t.statics.is_empty();
            k.when |= !t.when.is_empty();
            k.gear_when |= f.kind == CardType::Gear && !t.when.is_empty();
            k.cost_statics |= t.cost_statics;
            k.replacements |= !t.replacements.is_empty();
            k.says |= t.says;
            k.listens |= t.listens;
            k.labels |= !t.labels.is_empty();
            k.turns |= !t.turn.is_empty();
        }
        k
    }

    /// The core of a card, with its index, when its text lowers.
    pub fn core(&self, idx: CardIdx) -> Option<&CoreText> {
        self.cores.get(idx.0 as usize)?.as_ref()
    }

    /// Why a card's text does not lower: each phrase's words (as spans) and the reason.
    pub fn lower_errors(&self, idx: CardIdx) -> &[(gigscript_dsl::Span, String)] {
        self.lower_errors
            .get(idx.0 as usize)
            .map_or(&[][..], |v| v.as_slice())
    }

    /// Test-only: the executor reads `family` as doing nothing in games of this pool (the
    /// mutation test of the rulings; see `exec::mutant`).
    #[doc(hidden)]
    pub fn break_core(&mut self, family: Option<crate::exec::Broken>) {
        self.core_broken = family;
    }

    /// The family of core operations a test broke, if any.
    pub(crate) fn core_broken(&self) -> Option<crate::exec::Broken> {
        self.core_broken
    }

    /// The printed name of a card (`""` for an index from another pool).
    pub fn name(&self, idx: CardIdx) -> &str {
        self.names.get(idx.0 as usize).map_or("", |s| s.as_str())
    }

    /// The printed words of a card (`None` for an index from another pool).
    pub fn printed(&self, idx: CardIdx) -> Option<&Printed> {
        self.printed.get(idx.0 as usize)
    }

    /// The words of ability `line` of a card (numbered as the core numbers them, a Gear's top textbox first).
    pub fn ability_words(&self, idx: CardIdx, line: u16) -> Option<&str> {
        self.printed(idx)?
            .abilities
            .get(usize::from(line))?
            .as_deref()
    }

    /// Test-only: ability `line` of card `idx` does not execute, `phrase` naming the construct
    /// (so `not executed` logging and executability reporting stay tested whatever the
    /// catalogue's state; nothing outside tests calls it).
    #[doc(hidden)]
    pub fn break_line(&mut self, idx: CardIdx, line: u16, phrase: &'static str) {
        if let Some(Some(t)) = self.cores.get_mut(idx.0 as usize) {
            if t.ability(line).is_some() {
                t.not_executed.push((line, phrase.to_owned()));
            }
        }
    }

    /// Whether the card's text runs: it parses and lowers to the core, every line of it.
    pub fn executable(&self, idx: CardIdx) -> bool {
        self.core(idx).is_some_and(|t| t.not_executed.is_empty())
    }

    /// The lines of a card that do not execute, with the words that don't.
    pub fn not_executed_lines(&self, idx: CardIdx) -> impl Iterator<Item = (u16, &str)> {
        (self.core(idx).into_iter())
            .flat_map(|t| t.not_executed.iter().map(|(l, w)| (*l, w.as_str())))
    }

    /// The words of ability `line` of a card that do not execute (`None`: it all does).
    pub fn not_executed(&self, idx: CardIdx, line: u16) -> Option<&str> {
        match self.core(idx) {
            Some(t) => (t.not_executed.iter())
                .find(|(l, _)| *l == line)
                .map(|(_, w)| w.as_str()),
            None => Some("text that does not lower"),
        }
    }

    /// Whether a card has a static ability.
    pub fn has_statics(&self, idx: CardIdx) -> bool {
        self.core(idx).is_some_and(|t| !t.statics.is_empty())
    }

    /// The index of the card with this id.
    pub fn index_of(&self, id: &str) -> Option<CardIdx> {
        self.by_id.get(id).copied()
    }

    /// Every card id, in pool order.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.ids.iter().map(String::as_str)
    }

    /// The facts of a card. An index from another pool gives the facts of a null card.
    pub fn facts(&self, idx: CardIdx) -> Facts {
        self.facts.get(idx.0 as usize).copied().unwrap_or(Facts {
            kind: CardType::Program,
            cost: None,
            power: None,
            sell: false,
            keywords: Keywords::default(),
            color: None,
        })
    }

    /// The id of a card (`?` for an index from another pool).
    pub fn id(&self, idx: CardIdx) -> &str {
        self.ids.get(idx.0 as usize).map_or("?", |s| s.as_str())
    }

    /// The tags of a card.
    pub fn tags(&self, idx: CardIdx) -> &[String] {
        self.tags.get(idx.0 as usize).map_or(&[], |t| t.as_slice())
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        self.facts.len()
    }

    /// Whether the pool is empty.
    pub fn is_empty(&self) -> bool {
        self.facts.is_empty()
    }
}
