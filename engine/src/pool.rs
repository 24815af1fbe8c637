//! The card pool: the facts of every card a game may use, indexed by a small [`CardIdx`].
//!
//! The pool is built once from a [`CardDb`] and shared (`Arc`) by every game; it is never
//! serialised. A [`crate::State`] refers to cards only by [`CardIdx`], so a saved state is only
//! meaningful together with the pool it was played with.

mod core_text;

pub use core_text::{kind_bit, say_bit, says, CoreText};

use crate::interp::{self, Unsupported};
use gigscript_dsl::ast::{Ability, CardScript, Label, Spanned, Trigger};
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

/// What the interpreter knows of one card: its parsed text, what of it does not execute yet, and
/// which lines trigger on timing labels.
#[derive(Clone, Debug, Default)]
struct Text {
    /// the parsed text (`None` when it does not parse; `gig check` reports that)
    script: Option<CardScript>,
    /// constructs not executed, each with the source words when they could be read back
    unsupported: Vec<(Unsupported, String)>,
    /// (line, label) of each timing-label trigger
    labels: Vec<(u16, Label)>,
    /// has a static ability, and every construct of the card executes
    statics: bool,
    /// (line, start?) of each `At the start/end of your turn` trigger
    turn: Vec<(u16, bool)>,
    /// lines of `When …` and `The first time … each turn` triggers
    when: Vec<u16>,
    /// the kinds of happening those lines' events can match (`interp::event_bits`)
    when_kinds: u16,
    /// the lines of activated abilities (rules 10.18–10.20)
    activated: Vec<u16>,
    /// the lines of cost rules that execute: about this card (`false`) or others (`true`)
    cost_rules: Vec<(u16, bool)>,
    /// has a replacement effect, and every construct of the card executes
    replaces: bool,
    /// the kinds of statement its text can make ([`crate::interp::says_of`])
    says: u32,
}

/// The facts of every card of a [`CardDb`], plus ids and tags for labels and filters, and each
/// card's parsed text for the interpreter.
#[derive(Clone, Debug, Default)]
pub struct Pool {
    facts: Vec<Facts>,
    ids: Vec<String>,
    tags: Vec<Vec<String>>,
    texts: Vec<Text>,
    any_statics: bool,
    by_id: HashMap<String, CardIdx>,
    any_when: bool,
    any_cost_statics: bool,
    gear_keywords: bool,
    names: Vec<String>,
    any_replacements: bool,
    broken: Option<interp::Broken>,
    /// each card's core, when its text lowers, with its index
    cores: Vec<Option<CoreText>>,
    /// why a card's text does not lower: (where, what), in the author's words
    lower_errors: Vec<Vec<(gigscript_dsl::Span, String)>>,
    /// which interpreter runs the cards' text
    engine: TextEngine,
    /// a family of core operations a test broke
    core_broken: Option<crate::exec::Broken>,
}

/// Which interpreter runs a pool's card text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TextEngine {
    /// the interpreter of the syntax tree (`crate::interp`)
    Syntax,
    /// the executor of the core (`crate::exec`)
    #[default]
    Core,
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
    /// each ([`crate::interp::says_of`], or [`say_bit`] for the core): a question no text can
    /// answer is not asked
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
    /// Builds the pool of every card in `db` (at most [`MAX_POOL_CARDS`]; the rest are ignored).
    pub fn from_db(db: &CardDb) -> Self {
        let mut pool = Pool::default();
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
            let text = Text::of(card);
            pool.any_statics |= text.statics;
            pool.any_when |= !text.when.is_empty();
            pool.any_cost_statics |= text.cost_rules.iter().any(|&(_, others)| others);
            pool.gear_keywords |= card.kind == CardType::Gear && keywords != Keywords::default();
            pool.any_replacements |= text.replaces;
            pool.names.push(card.name.clone());
            let (core, errors) = match text
                .script
                .as_ref()
                .map(|s| gigscript_dsl::lower_old::lower(card.kind, s))
            {
                Some(Ok(core)) => (Some(CoreText::new(core)), Vec::new()),
                Some(Err(e)) => (None, e.into_iter().map(|e| (e.span, e.message)).collect()),
                None => (None, Vec::new()),
            };
            pool.cores.push(core);
            pool.lower_errors.push(errors);
            pool.texts.push(text);
        }
        pool
    }

    /// The kinds of card text among `cards`.
    pub fn kinds_of(&self, cards: impl IntoIterator<Item = CardIdx>) -> TextKinds {
        if self.engine == TextEngine::Core {
            return self.core_kinds_of(cards);
        }
        let mut k = TextKinds::default();
        for c in cards {
            let (Some(t), Some(f)) = (self.texts.get(c.0 as usize), self.facts.get(c.0 as usize))
            else {
                continue;
            };
            k.statics |= t.statics;
            k.when |= !t.when.is_empty();
            k.gear_when |= f.kind == CardType::Gear && !t.when.is_empty();
            k.cost_statics |= t.cost_rules.iter().any(|&(_, others)| others);
            k.gear_keywords |= f.kind == CardType::Gear && f.keywords != Keywords::default();
            k.replacements |= t.replaces;
            k.says |= t.says;
        }
        k
    }

    /// [`Pool::kinds_of`] read from the cores.
    fn core_kinds_of(&self, cards: impl IntoIterator<Item = CardIdx>) -> TextKinds {
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
            let gear_text_keywords = f.kind == CardType::Gear && !t.core.keywords.is_empty();
            k.gear_keywords |= gear_text_keywords;
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

    /// Test-only: the executor of the core reads `family` as doing nothing in games of this
    /// pool (the mutation test of the rulings; see `exec::mutant`).
    #[doc(hidden)]
    pub fn break_core(&mut self, family: Option<crate::exec::Broken>) {
        self.core_broken = family;
    }

    /// The family of core operations a test broke, if any.
    pub(crate) fn core_broken(&self) -> Option<crate::exec::Broken> {
        self.core_broken
    }

    /// Which interpreter runs this pool's card text.
    pub fn engine(&self) -> TextEngine {
        self.engine
    }

    /// Runs this pool's card text with `engine` (games made from the pool afterwards).
    pub fn set_engine(&mut self, engine: TextEngine) {
        self.engine = engine;
    }

    /// Whether a card has a replacement effect that executes.
    pub fn has_replacements(&self, idx: CardIdx) -> bool {
        self.texts.get(idx.0 as usize).is_some_and(|t| t.replaces)
    }

    /// Whether any card of the pool has one (games without such cards skip the search).
    pub fn any_replacements(&self) -> bool {
        self.any_replacements
    }

    /// The printed name of a card (`""` for an index from another pool).
    pub fn name(&self, idx: CardIdx) -> &str {
        self.names.get(idx.0 as usize).map_or("", |s| s.as_str())
    }

    /// Test-only: the interpreter reads `phrase` as doing nothing in games of this pool (the
    /// mutation test of the rulings; see `interp::mutant`).
    #[doc(hidden)]
    pub fn break_phrase(&mut self, phrase: Option<interp::Broken>) {
        self.broken = phrase;
    }

    /// Test-only: ability `line` of card `idx` does not execute, `phrase` naming the construct (so
    /// `not executed` logging and executability reporting stay tested whatever the catalogue's
    /// state; nothing outside tests calls it).
    #[doc(hidden)]
    pub fn break_line(&mut self, idx: CardIdx, line: u16, phrase: &'static str) {
        let Some(span) = self.ability(idx, line).map(|a| a.span) else {
            return;
        };
        if let Some(t) = self.texts.get_mut(idx.0 as usize) {
            t.unsupported
                .push((Unsupported { span, phrase, line }, phrase.to_owned()));
            t.statics = false;
            t.replaces = false;
            t.cost_rules.retain(|&(l, _)| l != line);
        }
        if let Some(Some(t)) = self.cores.get_mut(idx.0 as usize) {
            t.not_executed.push((line, phrase.to_owned()));
        }
    }

    /// The phrase a test broke, if any.
    pub(crate) fn broken(&self) -> Option<interp::Broken> {
        self.broken
    }

    /// The parsed text of a card, if it parses.
    pub fn script(&self, idx: CardIdx) -> Option<&CardScript> {
        self.texts.get(idx.0 as usize)?.script.as_ref()
    }

    /// Whether every construct of the card's text is executed by the interpreter (and it parses;
    /// for the executor of the core: it lowers).
    pub fn executable(&self, idx: CardIdx) -> bool {
        match self.engine {
            TextEngine::Syntax => self
                .texts
                .get(idx.0 as usize)
                .is_some_and(|t| t.script.is_some() && t.unsupported.is_empty()),
            TextEngine::Core => self.core(idx).is_some_and(|t| t.not_executed.is_empty()),
        }
    }

    /// The constructs of a card's text the interpreter does not execute yet.
    pub fn unsupported(&self, idx: CardIdx) -> impl Iterator<Item = &Unsupported> {
        self.texts
            .get(idx.0 as usize)
            .into_iter()
            .flat_map(|t| t.unsupported.iter().map(|(u, _)| u))
    }

    /// The words of the first construct of ability `line` that is not executed (`None`: it all is).
    pub fn not_executed(&self, idx: CardIdx, line: u16) -> Option<&str> {
        if self.engine == TextEngine::Core {
            return match self.core(idx) {
                Some(t) => (t.not_executed.iter())
                    .find(|(l, _)| *l == line)
                    .map(|(_, w)| w.as_str()),
                None => Some("text that does not lower"),
            };
        }
        let t = self.texts.get(idx.0 as usize)?;
        if t.script.is_none() {
            return Some("text that does not parse");
        }
        t.unsupported
            .iter()
            .find(|(u, _)| u.line == line)
            .map(|(_, words)| words.as_str())
    }

    /// Ability `line` of a card: the top textbox's abilities first, then the rules text's.
    pub fn ability(&self, idx: CardIdx, line: u16) -> Option<&Spanned<Ability>> {
        let s = self.script(idx)?;
        s.lines().nth(line as usize)
    }

    /// The lines of a card that trigger on a timing label.
    pub fn label_lines(&self, idx: CardIdx, label: Label) -> impl Iterator<Item = u16> + '_ {
        let labels = self
            .texts
            .get(idx.0 as usize)
            .map_or(&[][..], |t| &t.labels);
        labels
            .iter()
            .filter(move |(_, l)| *l == label || (label == Label::Call && *l == Label::Flip))
            .map(|(line, _)| *line)
    }

    /// How many abilities the card's top textbox has (a Gear's; 0 for other cards): lines below
    /// this are about the card itself, lines from it on are inherited by a Gear's host (4.11).
    pub fn top_len(&self, idx: CardIdx) -> u16 {
        self.script(idx)
            .and_then(|s| s.top.as_ref())
            .map_or(0, |t| t.abilities.len() as u16)
    }

    /// Whether a card has a static ability that executes (the card is executable).
    pub fn has_statics(&self, idx: CardIdx) -> bool {
        match self.engine {
            TextEngine::Syntax => self.texts.get(idx.0 as usize).is_some_and(|t| t.statics),
            TextEngine::Core => self.core(idx).is_some_and(|t| !t.statics.is_empty()),
        }
    }

    /// The lines of a card's activated abilities, in order.
    pub fn activated_lines(&self, idx: CardIdx) -> &[u16] {
        self.texts
            .get(idx.0 as usize)
            .map_or(&[][..], |t| &t.activated)
    }

    /// The lines of a card's cost rules that execute, each with whether it is about other
    /// cards (`Play your first CYBERWARE Gear each turn for -3 €$`) rather than this one.
    pub fn cost_rule_lines(&self, idx: CardIdx) -> &[(u16, bool)] {
        self.texts
            .get(idx.0 as usize)
            .map_or(&[][..], |t| &t.cost_rules)
    }

    /// Whether any card of the pool has an executing cost rule about other cards (a fast path).
    pub fn any_cost_statics(&self) -> bool {
        self.any_cost_statics
    }

    /// Whether any executable card of the pool has a static ability (a fast path).
    pub fn any_statics(&self) -> bool {
        self.any_statics
    }

    /// Whether any Gear of the pool has a keyword (its host has it too, rule 4.11).
    pub fn any_gear_keywords(&self) -> bool {
        self.gear_keywords
    }

    /// The lines of a card that trigger at the start (`true`) or end of its controller's turn.
    pub fn turn_lines(&self, idx: CardIdx, start: bool) -> impl Iterator<Item = u16> + '_ {
        let turn = self.texts.get(idx.0 as usize).map_or(&[][..], |t| &t.turn);
        turn.iter()
            .filter(move |(_, s)| *s == start)
            .map(|(line, _)| *line)
    }

    /// Whether a card has any timing-label trigger (a quick test for the hot event path).
    pub fn has_label_triggers(&self, idx: CardIdx) -> bool {
        self.texts
            .get(idx.0 as usize)
            .is_some_and(|t| !t.labels.is_empty())
    }

    /// The lines of a card that trigger on an event (`When …`, `The first time … each turn`).
    pub fn when_lines(&self, idx: CardIdx) -> &[u16] {
        self.texts.get(idx.0 as usize).map_or(&[][..], |t| &t.when)
    }

    /// The kinds of statement a card's text can make ([`TextKinds::says`]).
    pub(crate) fn says(&self, idx: CardIdx) -> u32 {
        self.texts.get(idx.0 as usize).map_or(0, |t| t.says)
    }

    /// The kinds of happening a card's `When …` lines can match (`interp::event_bits`).
    pub(crate) fn when_kinds(&self, idx: CardIdx) -> u16 {
        self.texts.get(idx.0 as usize).map_or(0, |t| t.when_kinds)
    }

    /// Whether any card of the pool has a `When …` trigger (a fast path for the event hook).
    pub fn any_when(&self) -> bool {
        self.any_when
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

impl Text {
    fn of(card: &gigscript_dsl::Card) -> Text {
        let Ok(script) = gigscript_dsl::parse::parse_card(card) else {
            return Text::default();
        };
        let words = |u: &Unsupported| {
            [card.top.as_ref(), Some(&card.text)]
                .into_iter()
                .flatten()
                .find_map(|t| {
                    let start = u.span.start.checked_sub(t.offset)?;
                    let end = u.span.end.checked_sub(t.offset)?;
                    t.text.get(start..end).filter(|_| t.exact)
                })
                .map_or_else(|| u.phrase.to_owned(), |w| w.trim().to_owned())
        };
        let unsupported: Vec<(Unsupported, String)> = interp::unsupported(&script)
            .into_iter()
            .map(|u| {
                let w = words(&u);
                (u, w)
            })
            .collect();
        let mut labels = Vec::new();
        let mut turn = Vec::new();
        let mut when = Vec::new();
        let mut when_kinds = 0;
        let abilities = script.lines();
        for (line, a) in abilities.enumerate() {
            if let Ability::Triggered { trigger, .. } = &a.node {
                match &trigger.node {
                    Trigger::Labels(ls) => labels.extend(ls.iter().map(|&l| (line as u16, l))),
                    Trigger::StartOfYourTurn => turn.push((line as u16, true)),
                    Trigger::EndOfYourTurn => turn.push((line as u16, false)),
                    Trigger::When(e) | Trigger::FirstTimeEachTurn(e) => {
                        when.push(line as u16);
                        when_kinds |= interp::event_bits(&e.node);
                    }
                }
            }
        }
        let executes = |line: usize| !unsupported.iter().any(|(u, _)| usize::from(u.line) == line);
        let mut activated = Vec::new();
        let mut cost_rules = Vec::new();
        for (line, a) in script.lines().enumerate() {
            match &a.node {
                // Offered even when its effect does not execute yet: activating it pays the
                // costs and logs `not executed` (never a silent no-op).
                Ability::Activated { .. } => activated.push(line as u16),
                Ability::CostRule(r) if executes(line) => {
                    cost_rules.push((line as u16, crate::interp::cost_rule_is_static(&r.node)))
                }
                _ => {}
            }
        }
        let statics = script
            .text
            .abilities
            .iter()
            .any(|a| matches!(a.node, Ability::Static(_)))
            && unsupported.is_empty();
        let replaces = script
            .lines()
            .any(|a| matches!(a.node, Ability::Replacement { .. }))
            && unsupported.is_empty();
        let says = script.lines().fold(0, |m, a| m | interp::says_of(&a.node));
        Text {
            says,
            when_kinds,
            script: Some(script),
            unsupported,
            labels,
            statics,
            turn,
            when,
            activated,
            cost_rules,
            replaces,
        }
    }
}
