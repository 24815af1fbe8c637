//! Events: what a trigger, a window or a delayed effect waits for.

use super::effect::Builder;
use super::np::{and, slot};
use crate::ast::{Event, NounPhrase, Np, Quantity, Spanned};
use crate::prim::{EventBinds, EventKind, EventPattern, Pred, Rel};

impl Builder<'_, '_> {
    /// The pattern of an event.
    pub(crate) fn event(&mut self, e: &Spanned<Event>) -> EventPattern {
        let you = and(vec![Pred::Player, Pred::Rel(Rel::Friendly)]);
        let mut p = EventPattern {
            kinds: Vec::new(),
            actor: Pred::True,
            object: Pred::True,
            other: Pred::True,
            margin: None,
            per_event: false,
            would: false,
            binds: EventBinds::default(),
        };
        match &e.node {
            Event::YouPlay(np) => {
                p.kinds = vec![EventKind::Play];
                p.actor = you;
                p.object = self.event_np(np, &mut p.binds.object);
            }
            Event::YouRollIn(np) => {
                p.kinds = vec![EventKind::RollIn];
                p.actor = you;
                p.object = self.event_np(np, &mut p.binds.object);
            }
            Event::YouRollMinOrMax(np) => {
                p.kinds = vec![EventKind::RollMinMax];
                p.actor = you;
                p.object = self.event_np(np, &mut p.binds.object);
            }
            Event::Steals {
                subject,
                object,
                would,
            } => {
                p.kinds = vec![EventKind::Steal];
                p.actor = self.event_np(subject, &mut p.binds.actor);
                p.per_event = one_or_more(object);
                p.object = self.event_np(object, &mut p.binds.object);
                p.would = *would;
            }
            Event::IsSpent(np) => {
                p.kinds = vec![EventKind::Spend];
                p.object = self.event_np(np, &mut p.binds.object);
            }
            Event::IsDefeated(np) => {
                p.kinds = vec![EventKind::Defeat];
                p.object = self.event_np(np, &mut p.binds.object);
            }
            Event::Uses { subject, .. } => {
                p.kinds = vec![EventKind::Block];
                p.actor = self.event_np(subject, &mut p.binds.actor);
            }
            Event::Attacks(np) => {
                p.kinds = vec![EventKind::Attack];
                p.actor = self.event_np(np, &mut p.binds.actor);
            }
            Event::LosesAFight { subject, opponent } => {
                p.kinds = vec![EventKind::LoseFight];
                p.actor = self.event_np(subject, &mut p.binds.actor);
                p.binds.other = Some(slot(*opponent));
            }
            Event::WinsAFight {
                subject,
                by_at_least,
                opponent,
            } => {
                p.kinds = vec![EventKind::WinFight];
                p.actor = self.event_np(subject, &mut p.binds.actor);
                p.margin = *by_at_least;
                p.binds.other = Some(slot(*opponent));
            }
            Event::Decreases { subject, object } => {
                p.kinds = vec![EventKind::Decrease];
                p.actor = self.event_np(subject, &mut p.binds.actor);
                p.object = self.event_np(object, &mut p.binds.object);
            }
        }
        p
    }

    /// `If <np> would be defeated, …`
    pub(crate) fn would_be_defeated(&mut self, subject: &NounPhrase) -> EventPattern {
        let mut binds = EventBinds::default();
        let object = self.event_np(subject, &mut binds.object);
        EventPattern {
            kinds: vec![EventKind::Defeat],
            actor: Pred::True,
            object,
            other: Pred::True,
            margin: None,
            per_event: false,
            would: true,
            binds,
        }
    }

    /// What an event's noun phrase describes, binding its slot.
    fn event_np(&mut self, np: &NounPhrase, bind: &mut Option<crate::prim::Slot>) -> Pred {
        self.note(np);
        if let Some(b) = np.binds {
            *bind = Some(slot(b));
        }
        self.pred(np)
    }
}

/// `1 or more Gigs`: once per event.
fn one_or_more(np: &NounPhrase) -> bool {
    matches!(&np.node, Np::Phrase(p) if p.quantity == Quantity::OneOrMore)
}
