//! Activated abilities (rules 10.18–10.20): `{Spend}: …`, `2 €$, {Spend}: …`, `{Quick} …` and
//! `When a rival Unit attacks, {Spend}: …`, on the Units in the field and the face-up Legends
//! in the Legends area of their controller (rule 5.7.6); a Gear's bottom textbox is its host's
//! (rule 4.11.3). Activating pays the costs in order (rule 10.19.3: the €$, then `{Spend}`),
//! then the effect resolves (rule 10.20.6).

use super::EffectRun;
use crate::decision::Choice;
use crate::error::EngineError;
use crate::game::{Flow, Game};
use crate::log::Event;
use crate::rules::Action as Act;
use crate::state::legacy::Bound;
use crate::state::{Activation, Frame, InstId, PlayerId, Zone};
use gigscript_dsl::ast::{Ability, Controller, Cost, Event as TextEvent, Np, Quantity};

pub(crate) use crate::rules::When;

/// Whether `When <np> attacks` is one of the windows the interpreter runs: `a Unit`,
/// `a friendly Unit`, `a rival Unit`.
pub(crate) fn window_executes(ev: &TextEvent) -> bool {
    match ev {
        TextEvent::Attacks(np) => attacker_side(np).is_some(),
        _ => false,
    }
}

/// `a Unit` (either side: `None` inside), `a friendly Unit`, `a rival Unit`.
pub(crate) fn attacker_side(np: &gigscript_dsl::ast::NounPhrase) -> Option<Option<Controller>> {
    let Np::Phrase(p) = &np.node else {
        return None;
    };
    let plain = p.head.noun == gigscript_dsl::ast::Noun::Unit
        && p.quantity == Quantity::One
        && p.owner.is_none()
        && p.refers_to.is_none()
        && !p.other
        && !p.first
        && p.participle.is_none()
        && p.orientation.is_none()
        && p.status.is_none()
        && p.quality.is_none()
        && p.or.is_none()
        && p.post.is_empty();
    plain.then_some(p.controller)
}

impl Game {
    /// Every ability `p` could activate on its cards in play, whether or not now: (card used
    /// on, card whose text it is, line). A card's own abilities first, then its Gear's bottom
    /// textboxes (rule 4.11.3). Face-down Legends have none (rule 5.7.6).
    fn abilities_of(&self, card: InstId) -> impl Iterator<Item = (InstId, u16)> + '_ {
        let own = self
            .state
            .inst(card)
            .filter(|x| x.face_up)
            .into_iter()
            .flat_map(move |x| {
                let top = self.pool.top_len(x.card);
                let gear = self.pool.facts(x.card).kind == gigscript_dsl::CardType::Gear;
                self.pool
                    .activated_lines(x.card)
                    .iter()
                    .filter(move |&&l| !gear || l < top)
                    .map(move |&l| (card, l))
            });
        let gear = self.gear_on(card).flat_map(move |g| {
            let c = self.state.inst(g).map(|x| x.card);
            let top = c.map_or(0, |c| self.pool.top_len(c));
            c.into_iter().flat_map(move |c| {
                self.pool
                    .activated_lines(c)
                    .iter()
                    .filter(move |&&l| l >= top)
                    .map(move |&l| (g, l))
            })
        });
        own.chain(gear)
    }

    /// Appends the activations `p` may make now to `out` (rules 10.18, 10.19.2, 11.3.1.2,
    /// 11.26.2, 5.7.6).
    pub(crate) fn push_activations(&self, p: PlayerId, when: When, out: &mut Vec<Choice>) {
        let pl = self.state.player(p);
        let host_ok = |card: InstId| {
            self.state.inst(card).is_some_and(|x| {
                x.controller == p
                    && x.face_up
                    && x.equipped_to.is_none()
                    && matches!(x.zone, Zone::Field | Zone::Legends)
            })
        };
        // The cards' own abilities (a card without any costs one look-up).
        for &card in pl.field.iter().chain(pl.legends.iter()) {
            let Some(x) = self.state.inst(card) else {
                continue;
            };
            if self.pool.activated_lines(x.card).is_empty() || !host_ok(card) {
                continue;
            }
            let top = self.pool.top_len(x.card);
            let gear = self.pool.facts(x.card).kind == gigscript_dsl::CardType::Gear;
            for &line in self.pool.activated_lines(x.card) {
                if (!gear || line < top) && self.can_activate(p, card, card, line, when) {
                    out.push(Choice::Activate {
                        card,
                        source: card,
                        line,
                    });
                }
            }
        }
        // Equipped Gear's bottom textboxes, in instance order (rule 4.11.3).
        for &source in &self.gear_at {
            let Some(g) = self.state.inst(source) else {
                continue;
            };
            let Some(host) = g.equipped_to else {
                continue;
            };
            if self.pool.activated_lines(g.card).is_empty() || !host_ok(host) {
                continue;
            }
            let top = self.pool.top_len(g.card);
            for &line in self.pool.activated_lines(g.card) {
                if line >= top && self.can_activate(p, host, source, line, when) {
                    out.push(Choice::Activate {
                        card: host,
                        source,
                        line,
                    });
                }
            }
        }
    }

    fn can_activate(
        &self,
        p: PlayerId,
        card: InstId,
        source: InstId,
        line: u16,
        when: When,
    ) -> bool {
        let Some(x) = self.state.inst(card) else {
            return false;
        };
        let Some(src) = self.state.inst(source) else {
            return false;
        };
        let Some(Ability::Activated {
            quick,
            window,
            costs,
            ..
        }) = self.pool.ability(src.card, line).map(|a| &a.node)
        else {
            return false;
        };
        let timing_ok = match (when, window) {
            (When::Main, None) => true,
            (When::React { .. }, None) => *quick,
            (_, Some(w)) => self.in_window(p, &w.node, when),
            (When::Attacking { .. }, None) => false,
        };
        if !timing_ok {
            return false;
        }
        let spend = costs.iter().any(|c| c.node == Cost::Spend);
        // Rule 11.3.1.2: a lagging Unit can't use {Spend}; a spent card can't be spent to pay.
        if spend && (x.spent || (x.zone == Zone::Field && x.lag)) {
            return false;
        }
        // Rule 10.19.2: every cost must be payable; the card spent for {Spend} can't also pay €$.
        let eddies = self.activation_eddies(source, line, p);
        eddies == 0 || self.can_pay(p, eddies, spend.then_some(card))
    }

    /// Whether `When <event>` is now for `p`: `When a (friendly|rival) Unit attacks` while such
    /// a Unit's attack is declared (the attacking player's window, or the React Step).
    pub(crate) fn in_window(&self, p: PlayerId, ev: &TextEvent, when: When) -> bool {
        let attacker = match when {
            When::Main => return false,
            When::React { attacker } | When::Attacking { attacker } => attacker,
        };
        let TextEvent::Attacks(np) = ev else {
            return false;
        };
        match attacker_side(np) {
            Some(None) => true,
            Some(Some(Controller::Rival)) => {
                self.state.inst(attacker).is_some_and(|a| a.controller != p)
            }
            Some(Some(Controller::Friendly)) => {
                self.state.inst(attacker).is_some_and(|a| a.controller == p)
            }
            None => false,
        }
    }

    /// Rule 10.20: activates ability `line` of `source` used on `card`: pay its €$ (a
    /// [`Frame::Pay`]), then spend the card (`{Spend}`) and resolve it ([`Frame::Activate`]).
    pub(crate) fn activate(
        &mut self,
        p: PlayerId,
        card: InstId,
        source: InstId,
        line: u16,
    ) -> Flow {
        let src = self.inst_ok(source)?.card;
        let Some(Ability::Activated { costs, .. }) = self.pool.ability(src, line).map(|a| &a.node)
        else {
            return Err(EngineError::Bug("activating what is not an activated ability").into());
        };
        let spend = costs.iter().any(|c| c.node == Cost::Spend);
        let attacker = self.state.frames.iter().rev().find_map(|f| match f {
            Frame::Attack(a) => Some(a.attacker),
            _ => None,
        });
        let eddies = self.activation_eddies(source, line, p);
        self.state.frames.push(Frame::Activate(Activation {
            player: p,
            card,
            source,
            line,
            spend,
            attacker,
        }));
        if eddies > 0 {
            self.state.frames.push(Frame::Pay {
                player: p,
                remaining: eddies,
                exclude: spend.then_some(card),
            });
        }
        Ok(())
    }

    /// The €$ are paid: spend the card for `{Spend}`, then the effect resolves (rules 10.19.3,
    /// 10.20.4, 10.20.6). In a `When a Unit attacks` window, the attacking Unit is what the
    /// window's noun phrase binds (`that Unit`).
    pub(crate) fn finish_activation(&mut self, a: Activation) -> Flow {
        if a.spend {
            self.act(Act::Spend(a.card))?;
        }
        let card = self.inst_ok(a.source)?.card;
        if self.pool.not_executed(card, a.line).is_some() {
            return self.emit(Event::NotExecuted {
                source: a.source,
                line: a.line,
            });
        }
        let mut run = EffectRun::new(a.source, a.player, a.line);
        if let (
            Some(attacker),
            Some(Ability::Activated {
                window: Some(w), ..
            }),
        ) = (a.attacker, self.pool.ability(card, a.line).map(|x| &x.node))
        {
            if let TextEvent::Attacks(np) = &w.node {
                if let Some(b) = np.binds {
                    run.bindings.push(Bound {
                        id: b.0,
                        cards: vec![attacker],
                    });
                }
            }
        }
        self.state.frames.push(Frame::Effect(Box::new(run)));
        Ok(())
    }

    /// The label of an activation: `activate <id>`, with the 1-based number of the ability
    /// among the card's own when it has several (`activate <id> 2`).
    pub(crate) fn activation_label(&self, card: InstId, source: InstId, line: u16) -> String {
        let id = self.card_id(card).to_owned();
        let all: Vec<(InstId, u16)> = self.abilities_of(card).collect();
        if all.len() > 1 {
            let n = all
                .iter()
                .position(|&(s, l)| s == source && l == line)
                .map_or(0, |k| k + 1);
            format!("activate {id} {n}")
        } else {
            format!("activate {id}")
        }
    }
}
