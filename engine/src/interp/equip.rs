//! `Equip it to that Unit`, `Equip it for free to a friendly Unit` from an effect (rules 4.9–4.12,
//! 11.6): the Gear named before is attached to the card chosen, from wherever it is (a hand, or
//! another card it is equipped to: a move, rule 11.6.6). It is not played, so no cost is paid.

use super::run::{Sel, Stepped};
use crate::game::{Game, Stop};
use crate::rules::Action as Act;
use crate::state::legacy::EffectRun;
use crate::state::{InstId, Zone};
use gigscript_dsl::ast::{NounPhrase, Np};
use gigscript_dsl::CardType;

/// Whether the Gear of `Equip <gear> to …` is one the interpreter can find: a pronoun or a
/// phrase referring to a card named before (`it`, `that Gear`).
pub(crate) fn equip_gear_executes(np: &NounPhrase) -> bool {
    match &np.node {
        Np::Pronoun { .. } => true,
        Np::Phrase(p) => p.refers_to.is_some(),
        _ => false,
    }
}

impl Game {
    pub(super) fn equip_from_effect(
        &mut self,
        run: &mut EffectRun,
        gear: &NounPhrase,
        to: &NounPhrase,
    ) -> Result<Stepped, Stop> {
        let me = run.controller;
        let Sel::Fixed(gears) = self.select(run, gear) else {
            return Ok(Stepped::Done(false));
        };
        // The Gear: a Gear card the player controls, in their hand or equipped in play.
        let Some(&g) = gears.iter().find(|&&g| {
            self.state.inst(g).is_some_and(|x| {
                self.pool.facts(x.card).kind == CardType::Gear
                    && x.controller == me
                    && (x.zone == Zone::Hand || x.equipped_to.is_some())
            })
        }) else {
            return Ok(Stepped::Done(false));
        };
        let can = |h: &InstId| self.can_host(me, *h);
        let sel = match self.select(run, to) {
            Sel::Fixed(v) => Sel::Fixed(v),
            Sel::Choose(v, n) => Sel::Choose(v.into_iter().filter(can).collect(), n),
            Sel::Then(a, v, n) => Sel::Then(a, v.into_iter().filter(can).collect(), n),
            Sel::UpTo(v, n) => Sel::UpTo(v.into_iter().filter(can).collect(), n),
        };
        let Some(hosts) = self.pick(run, sel) else {
            return Ok(Stepped::Wait);
        };
        run.bind(to, &hosts);
        // Rule 4.10.1: a friendly Unit or friendly face-up Legend; not the card it is already on.
        let Some(&host) = hosts.iter().find(|&&h| self.can_host(me, h)) else {
            return Ok(Stepped::Done(false));
        };
        if self.state.inst(g).and_then(|x| x.equipped_to) == Some(host) {
            return Ok(Stepped::Done(false));
        }
        self.act(Act::Equip { gear: g, host })?;
        Ok(Stepped::Done(true))
    }

    /// Rules 4.10.1, 4.10.2: a friendly Unit in the field or friendly face-up Legend in the
    /// Legends area.
    fn can_host(&self, me: crate::state::PlayerId, h: InstId) -> bool {
        self.state.inst(h).is_some_and(|x| {
            x.controller == me
                && x.equipped_to.is_none()
                && match x.zone {
                    Zone::Field => true,
                    Zone::Legends => x.face_up,
                    _ => false,
                }
        })
    }
}
