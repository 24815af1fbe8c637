//! Lowering of the first grammar's AST ([`crate::ast`]) to the core ([`crate::prim`]).
//!
//! This is the bridge of the language's migration: it lets the engine run every card from the
//! core while the first parser still reads the texts. Each phrase of the AST becomes core
//! primitives here, once; what has no core meaning yet is a [`LowerError`] at its words.

mod cond;
mod effect;
mod event;
mod np;
mod statement;

use crate::ast::{self, Ability as A, CardScript, Script, Textbox};
use crate::card::{CardType, Keyword};
use crate::prim::{self, Body, CardCore};
use crate::source::Span;

/// A phrase that has no core meaning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LowerError {
    /// where it is written
    pub span: Span,
    /// what could not be lowered, in the card author's words
    pub message: String,
}

/// Lowers a card's parsed text. `kind` is the card's type (a Program's plain lines are its
/// resolution, rule 4.14).
pub fn lower(kind: CardType, script: &CardScript) -> Result<CardCore, Vec<LowerError>> {
    let mut errors = Vec::new();
    let mut abilities = Vec::new();
    let mut keywords = Vec::new();
    let mut line: u16 = 0;
    for (textbox, s) in script
        .top
        .iter()
        .chain(std::iter::once(&script.text))
        .map(|s| (s.textbox, s))
    {
        for a in &s.abilities {
            let mut cx = Cx::new(kind, textbox, s);
            let body = cx.ability(&a.node, a.span);
            errors.append(&mut cx.errors);
            if let Body::Keyword(k) = &body {
                if !keywords.contains(k) {
                    keywords.push(*k);
                }
            }
            abilities.push(prim::Ability {
                line,
                span: a.span,
                top: textbox == Textbox::Top,
                body,
            });
            line = line.saturating_add(1);
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

impl<'a> Cx<'a> {
    fn new(kind: CardType, textbox: Textbox, script: &'a Script) -> Self {
        Cx {
            kind,
            textbox,
            script,
            errors: Vec::new(),
        }
    }

    /// Records a phrase that does not lower.
    pub(crate) fn error(&mut self, span: Span, message: impl Into<String>) {
        self.errors.push(LowerError {
            span,
            message: message.into(),
        });
    }

    /// The card itself as `this Unit` names it: on a Gear's bottom textbox, its host.
    pub(crate) fn this(&self) -> prim::Target {
        if self.kind == CardType::Gear && self.textbox == Textbox::Rules {
            prim::Target::Host
        } else {
            prim::Target::This
        }
    }

    /// The kind of a binding.
    pub(crate) fn binding_kind(&self, id: ast::BindingId) -> Option<ast::Kind> {
        self.script
            .bindings
            .iter()
            .find(|b| b.id == id)
            .map(|b| b.kind)
    }

    fn ability(&mut self, a: &A, span: Span) -> Body {
        match a {
            A::Keyword { keyword, .. } => Body::Keyword(keyword_of(*keyword)),
            A::Reminder(_) => Body::Nothing,
            A::Triggered { trigger, effect } => {
                let mut e = effect::Builder::new(self);
                let (on, first_each_turn) = match &trigger.node {
                    ast::Trigger::Labels(labels) => (
                        prim::TriggerOn::Labels(labels.iter().map(|l| label_of(*l)).collect()),
                        false,
                    ),
                    ast::Trigger::When(ev) => (prim::TriggerOn::Event(e.event(ev)), false),
                    ast::Trigger::FirstTimeEachTurn(ev) => {
                        (prim::TriggerOn::Event(e.event(ev)), true)
                    }
                    ast::Trigger::StartOfYourTurn => (
                        prim::TriggerOn::Turn {
                            start: true,
                            whose: prim::Who::You,
                        },
                        false,
                    ),
                    ast::Trigger::EndOfYourTurn => (
                        prim::TriggerOn::Turn {
                            start: false,
                            whose: prim::Who::You,
                        },
                        false,
                    ),
                };
                let effect = e.effect(effect);
                Body::Triggered {
                    on,
                    first_each_turn,
                    effect,
                }
            }
            A::Activated {
                quick,
                window,
                costs,
                effect,
            } => {
                let mut e = effect::Builder::new(self);
                let window = window.as_ref().map(|w| e.event(w));
                let effect = e.effect(effect);
                let mut c = prim::Costs {
                    eddies: 0,
                    spend: false,
                };
                for cost in costs {
                    match cost.node {
                        ast::Cost::Spend => c.spend = true,
                        ast::Cost::Eddies(n) => c.eddies = c.eddies.saturating_add(n),
                    }
                }
                Body::Activated {
                    quick: *quick,
                    window,
                    costs: c,
                    effect,
                }
            }
            A::Static(effect) => self.static_body(effect, span),
            A::CostRule(rule) => Body::Cost(self.cost_rule(&rule.node, rule.span)),
            A::Replacement {
                subject,
                optional,
                action,
                ..
            } => {
                let mut e = effect::Builder::new(self);
                let replaces = e.would_be_defeated(subject);
                let effect = e.single_action(action, span);
                Body::Replacement {
                    replaces,
                    optional: *optional,
                    effect,
                }
            }
            A::Resolution { quick, effect } => {
                let e = effect::Builder::new(self);
                let effect = e.effect(effect);
                Body::Resolution {
                    quick: *quick,
                    effect,
                }
            }
        }
    }
}

/// The core keyword of an AST keyword.
pub(crate) fn keyword_of(k: ast::KeywordName) -> Keyword {
    match k {
        ast::KeywordName::Blocker => Keyword::Blocker,
        ast::KeywordName::Quick => Keyword::Quick,
        ast::KeywordName::GoSolo => Keyword::GoSolo,
        ast::KeywordName::Adrenaline => Keyword::Adrenaline,
    }
}

fn label_of(l: ast::Label) -> prim::Label {
    match l {
        ast::Label::Play => prim::Label::Play,
        ast::Label::Attack => prim::Label::Attack,
        ast::Label::Defeated => prim::Label::Defeated,
        ast::Label::Call | ast::Label::Flip => prim::Label::Call,
    }
}
