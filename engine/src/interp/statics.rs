//! Static abilities of card text, consulted where characteristics are computed (rules 10.21,
//! 3.17.2): `This Unit can't attack.`, `<units> have +N power [while attacking] [for each
//! friendly Gig]`. A static holds while its card is in play, face-up.

use crate::game::Game;
use crate::state::{DieArea, Frame, InstId, Zone};
use gigscript_dsl::ast::{Ability, Clause, Duration, Effect, Modifier, Np, Predicate};

impl Game {
    /// The statics of the executable cards in play, with their card.
    fn statics(&self) -> impl Iterator<Item = (InstId, &Effect)> + '_ {
        let pool = &self.pool;
        self.state
            .players
            .iter()
            .flat_map(|p| p.field.iter().chain(p.legends.iter()))
            .copied()
            .filter_map(move |i| {
                let x = self.state.inst(i)?;
                (x.face_up && pool.has_statics(x.card)).then_some((i, x.card))
            })
            .flat_map(move |(i, card)| {
                pool.script(card)
                    .into_iter()
                    .flat_map(|s| s.text.abilities.iter())
                    .filter_map(move |a| match &a.node {
                        Ability::Static(e) => Some((i, e)),
                        _ => None,
                    })
            })
    }

    /// Power that statics in play give card `i`.
    pub(crate) fn static_power(&self, i: InstId) -> i32 {
        if !self.pool.any_statics() || self.pool.broken() == Some(super::Broken::StaticPower) {
            return 0;
        }
        let mut total = 0;
        for (src, e) in self.statics() {
            let Effect::Sentences(ss) = e else { continue };
            for s in ss {
                let Clause::State { subject, predicate } = &s.node.clause.node else {
                    continue;
                };
                let Predicate::HasPower { change, modifiers } = &predicate.node else {
                    continue;
                };
                let Some(me) = self.state.inst(src).map(|x| x.controller) else {
                    continue;
                };
                let applies = match &subject.node {
                    Np::Phrase(p) if p.refers_to.is_none() => self.describes(src, me, p, i),
                    _ => super::support::is_this(subject) && src == i,
                };
                if !applies {
                    continue;
                }
                let mut n = *change;
                for m in modifiers {
                    match m {
                        Modifier::Duration(d) if d.node == Duration::WhileAttacking => {
                            let attacking = self
                                .state
                                .frames
                                .iter()
                                .any(|f| matches!(f, Frame::Attack(a) if a.attacker == i));
                            if !attacking {
                                n = 0;
                            }
                        }
                        Modifier::ForEach(_) => {
                            let gigs = self
                                .state
                                .dice
                                .iter()
                                .filter(|d| d.area == DieArea::Gigs(me))
                                .count() as i32;
                            n *= gigs;
                        }
                        Modifier::Duration(_) => n = 0,
                    }
                }
                total += n;
            }
        }
        total
    }

    /// Whether a static of the card itself says it can't attack.
    pub(crate) fn static_cant_attack(&self, i: InstId) -> bool {
        let Some(x) = self.state.inst(i) else {
            return false;
        };
        if x.zone != Zone::Field || !self.pool.has_statics(x.card) {
            return false;
        }
        self.statics().any(|(src, e)| {
            src == i
                && matches!(e, Effect::Sentences(ss) if ss.iter().any(|s| matches!(
                    &s.node.clause.node,
                    Clause::State { predicate, .. }
                        if matches!(predicate.node, Predicate::CantAttack { .. })
                )))
        })
    }
}
