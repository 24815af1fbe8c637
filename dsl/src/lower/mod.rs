//! Lowering: the syntax tree of a card's text becomes the core of game primitives
//! ([`crate::prim`]), once, when the card is loaded.
//!
//! This is where meaning is decided. The syntax tree says how the words go together; lowering
//! says what they do: which lines are triggers, rules about the card, cost rules, replacements or
//! a Program's effect (rule 4.14), which verb frame a verb phrase fills, what a noun phrase
//! selects, when a duration ends. Every phrase that has no meaning in its place is a
//! [`LowerError`] at its words, in the card author's words, so nothing parses and then fails
//! while a game is played.
//!
//! The modules: `effect` (sentences, their leads, `instead`, modes; the builder of an effect's
//! blocks), `clause` (what a clause does: an action, a statement, a cost rule), `np` (what a noun
//! phrase selects, describes or names: cards, Gigs, players, zones), `number` (numbers and
//! comparisons), `cond` (conditions), `event` (events, for triggers, windows, `would` and this
//! turn's history) and `duration` (how long a statement lasts and when it holds).

mod clause;
mod cond;
mod duration;
mod effect;
mod event;
mod np;
mod number;

use crate::card::{CardType, Keyword};
use crate::prim::{self, Body, CardCore};
use crate::source::Span;
use crate::syntax::tree::{self as t, Ability as A, CardTree, Script, Textbox};

/// A phrase that has no meaning where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LowerError {
    /// where it is written
    pub span: Span,
    /// what is wrong, in the card author's words
    pub message: String,
}

/// Lowers a card's syntax tree. `kind` is the card's type: a Program's plain lines are its
/// effect (rule 4.14), other cards' are rules that hold while they are in play.
pub fn lower(kind: CardType, tree: &CardTree) -> Result<CardCore, Vec<LowerError>> {
    let mut errors = Vec::new();
    let mut abilities: Vec<prim::Ability> = Vec::new();
    let mut keywords = Vec::new();
    for script in tree.top.iter().chain(std::iter::once(&tree.text)) {
        for a in &script.abilities {
            let mut cx = Cx {
                kind,
                textbox: script.textbox,
                script,
                errors: Vec::new(),
            };
            for body in cx.ability(&a.node, a.span) {
                if let Body::Keyword(k) = &body {
                    if !keywords.contains(k) {
                        keywords.push(*k);
                    }
                }
                abilities.push(prim::Ability {
                    line: u16::try_from(abilities.len()).unwrap_or(u16::MAX),
                    span: a.span,
                    top: script.textbox == Textbox::Top,
                    body,
                });
            }
            errors.append(&mut cx.errors);
        }
    }
    if errors.is_empty() {
        Ok(CardCore {
            abilities,
            keywords,
        })
    } else {
        Err(errors)
    }
}

/// What lowering one ability knows.
pub(crate) struct Cx<'a> {
    /// the card's type
    pub kind: CardType,
    /// which textbox
    pub textbox: Textbox,
    /// the script, for its bindings
    pub script: &'a Script,
    /// problems met
    pub errors: Vec<LowerError>,
}

impl Cx<'_> {
    /// Records a phrase that has no meaning here.
    pub(crate) fn error(&mut self, span: Span, message: impl Into<String>) {
        self.errors.push(LowerError {
            span,
            message: message.into(),
        });
    }

    /// The card `this Unit` names: on a Gear's rules text, the card it is equipped to (4.11).
    pub(crate) fn this(&self) -> prim::Target {
        if self.kind == CardType::Gear && self.textbox == Textbox::Rules {
            prim::Target::Host
        } else {
            prim::Target::This
        }
    }

    /// The kind of a binding.
    pub(crate) fn kind_of(&self, id: t::BindingId) -> Option<t::Kind> {
        self.script
            .bindings
            .iter()
            .find(|b| b.id == id)
            .map(|b| b.kind)
    }

    /// The core abilities of one line (a line whose first sentences are cost rules gives a
    /// cost rule for each, then the rest: `Play this Program for -1 €$ …. Defeat a rival Unit …`).
    fn ability(&mut self, a: &A, span: Span) -> Vec<Body> {
        match a {
            A::Keyword { keyword, .. } => vec![Body::Keyword(keyword_of(keyword.node))],
            A::Reminder(_) | A::Flavour(_) => vec![Body::Nothing],
            A::Triggered { trigger, effect } => {
                let mut b = effect::Builder::new(self);
                let (on, first_each_turn) = b.trigger(trigger);
                let mut out = b.split_rules(effect);
                let effect = b.effect(effect);
                out.insert(
                    0,
                    Body::Triggered {
                        on,
                        first_each_turn,
                        effect,
                    },
                );
                out
            }
            A::Activated {
                quick,
                window,
                costs,
                effect,
            } => {
                let mut b = effect::Builder::new(self);
                let window = window.as_ref().map(|w| b.event(w));
                let mut c = prim::Costs {
                    eddies: 0,
                    spend: false,
                };
                for cost in costs {
                    match cost.node {
                        t::Cost::Spend => c.spend = true,
                        t::Cost::Eddies(n) => c.eddies = c.eddies.saturating_add(n),
                    }
                }
                let mut out = b.split_rules(effect);
                let effect = b.effect(effect);
                out.insert(
                    0,
                    Body::Activated {
                        quick: *quick,
                        window,
                        costs: c,
                        effect,
                    },
                );
                out
            }
            A::Plain { quick, effect } => {
                let mut b = effect::Builder::new(self);
                b.plain(*quick, effect, span)
            }
        }
    }
}

/// The core keyword of a written one.
pub(crate) fn keyword_of(k: t::Keyword) -> Keyword {
    match k {
        t::Keyword::Blocker => Keyword::Blocker,
        t::Keyword::Quick => Keyword::Quick,
        t::Keyword::GoSolo => Keyword::GoSolo,
        t::Keyword::Adrenaline => Keyword::Adrenaline,
    }
}
