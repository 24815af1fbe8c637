//! Recording this turn's history ([`crate::state::History`]): each event a text can name, with
//! the facts of the objects it concerns as they were then (rule 10.10.1: a card that left play
//! is known as it last was). Events of the same action are one happening (the Gigs of one steal,
//! FAQ §12.10); a move is a discard, a return or a trashing only when an effect's verb says so.

use crate::game::Game;
use crate::log::Event;
use crate::state::{
    CardFact, DieArea, DieId, Fact, FactList, GigFact, Happened, InstId, PlayerId, Zone,
};
use gigscript_dsl::prim::EventKind;
use smallvec::smallvec;

impl Game {
    /// Card `i` as it is now.
    pub(crate) fn card_fact(&self, i: InstId) -> Option<CardFact> {
        let x = self.state.inst(i)?;
        Some(CardFact {
            inst: i,
            card: x.card,
            owner: x.owner,
            controller: x.controller,
            zone: x.zone,
            face_up: x.face_up,
            spent: x.spent,
            equipped_to: x.equipped_to,
            // Only a card in play hosts Gear (rule 4.10.1): the Gear is looked for only then.
            geared: matches!(x.zone, Zone::Field | Zone::Legends)
                && self.gear_on(i).next().is_some(),
        })
    }

    /// Gig `d` as it is now.
    pub(crate) fn gig_fact(&self, d: DieId) -> Option<GigFact> {
        let x = self.state.dice.get(d.0 as usize)?;
        Some(GigFact {
            die: d,
            holder: match x.area {
                DieArea::Gigs(p) => Some(p),
                _ => None,
            },
            owner: x.owner,
            sides: x.sides,
            value: x.value,
        })
    }

    /// Records a happening of this turn.
    pub(crate) fn record(&mut self, h: Happened) {
        self.state.history.record(self.state.turn, h);
    }

    /// What `ev` is, if it is something a text can name, pushed onto `out` (at most two
    /// happenings: a Legend gone solo is played too, a roll-in may be a min or max roll); `lki`:
    /// the object as it was before the action (a defeated card before it left play).
    pub(crate) fn happenings(&self, ev: &Event, lki: Option<Fact>, out: &mut Vec<Happened>) {
        let acting = self.state.acting;
        let by = acting.map(|a| a.player);
        let card = |g: &Game, i: InstId| lki.or_else(|| g.card_fact(i).map(Fact::Card));
        let gig = |g: &Game, d: DieId| g.gig_fact(d).map(Fact::Gig);
        let one = |kind: EventKind, objects: FactList, player: Option<PlayerId>| Happened {
            kind,
            actor: None,
            player,
            objects,
            other: None,
            margin: 0,
        };
        let controller = |g: &Game, i: InstId| g.state.inst(i).map(|x| x.controller);
        let mut first = None;
        let h = match *ev {
            Event::Played(i) => {
                let Some(f) = card(self, i) else {
                    return;
                };
                if self.state.inst(i).is_some_and(|x| x.go_solo) {
                    first = Some(one(EventKind::GoSolo, smallvec![f], controller(self, i)));
                }
                one(EventKind::Play, smallvec![f], controller(self, i))
            }
            Event::Called(i) => {
                let Some(f) = card(self, i) else {
                    return;
                };
                one(EventKind::Call, smallvec![f], controller(self, i))
            }
            Event::Attacked { attacker, .. } | Event::Blocked(attacker) => {
                let Some(f) = card(self, attacker) else {
                    return;
                };
                let kind = match ev {
                    Event::Attacked { .. } => EventKind::Attack,
                    _ => EventKind::Block,
                };
                Happened {
                    actor: Some(f),
                    ..one(kind, FactList::new(), controller(self, attacker))
                }
            }
            Event::Defeated(i) | Event::Spent(i) | Event::Readied(i) | Event::Sold(i) => {
                let Some(f) = card(self, i) else {
                    return;
                };
                let kind = match ev {
                    Event::Defeated(_) => EventKind::Defeat,
                    Event::Spent(_) => EventKind::Spend,
                    Event::Readied(_) => EventKind::Ready,
                    _ => EventKind::Sell,
                };
                let player = match ev {
                    Event::Sold(_) => controller(self, i),
                    _ => by,
                };
                one(kind, smallvec![f], player)
            }
            Event::Drew { player, inst } => {
                let Some(f) = card(self, inst) else {
                    return;
                };
                one(EventKind::Draw, smallvec![f], Some(player))
            }
            Event::RolledIn { die, value } | Event::Rerolled { die, value } => {
                let Some(f) = self.gig_fact(die) else {
                    return;
                };
                let holder = f.holder;
                if matches!(ev, Event::RolledIn { .. }) {
                    first = Some(one(EventKind::RollIn, smallvec![Fact::Gig(f)], holder));
                }
                if value == 1 || value == f.sides {
                    one(EventKind::RollMinMax, smallvec![Fact::Gig(f)], holder)
                } else {
                    out.extend(first);
                    return;
                }
            }
            Event::Adjusted { die, from, to } => {
                let Some(f) = gig(self, die) else {
                    return;
                };
                let kind = match acting.and_then(|a| a.kind) {
                    Some(EventKind::SetGig) => EventKind::SetGig,
                    _ if to > from => EventKind::Increase,
                    _ => EventKind::Decrease,
                };
                one(kind, smallvec![f], by)
            }
            Event::Swapped { a, b } => {
                let (Some(x), Some(y)) = (gig(self, a), gig(self, b)) else {
                    return;
                };
                one(EventKind::Swap, smallvec![x, y], by)
            }
            Event::Equipped { gear, host } => {
                let Some(f) = card(self, gear) else {
                    return;
                };
                Happened {
                    other: card(self, host),
                    ..one(EventKind::Equip, smallvec![f], controller(self, gear))
                }
            }
            Event::Moved { inst, .. } => {
                let kind = match acting.and_then(|a| a.kind) {
                    Some(
                        k @ (EventKind::Discard
                        | EventKind::Return
                        | EventKind::BottomDeck
                        | EventKind::Trash
                        | EventKind::Remove),
                    ) => k,
                    _ => return,
                };
                let Some(f) = card(self, inst) else {
                    return;
                };
                one(kind, smallvec![f], by)
            }
            _ => return,
        };
        out.extend(first);
        out.push(h);
    }

    /// One steal action: `dice` taken from `by`'s Rival by `by` (rule 9.23.5.1: at the same
    /// time), the stealing card `actor` if a card stole.
    pub(crate) fn steal_happened(
        &self,
        dice: &[DieId],
        by: PlayerId,
        actor: Option<InstId>,
    ) -> Happened {
        let objects = (dice.iter())
            .filter_map(|&d| self.gig_fact(d))
            .map(|f| {
                Fact::Gig(GigFact {
                    holder: Some(by.other()),
                    ..f
                })
            })
            .collect();
        let actor = actor.and_then(|i| self.card_fact(i)).map(Fact::Card);
        Happened {
            kind: EventKind::Steal,
            actor,
            player: Some(by),
            objects,
            other: None,
            margin: 0,
        }
    }

    /// A fight (rule 9.16), each Unit fighting the other, and its result (rules 9.17, 9.18):
    /// `losers` bit 0 the attacker, bit 1 the defender;
    /// `pa`, `pd` their powers. The attacker's win or loss first.
    pub(crate) fn fight_happened(
        &self,
        attacker: InstId,
        defender: InstId,
        losers: u8,
        pa: i32,
        pd: i32,
    ) -> Vec<Happened> {
        let mut out = Vec::new();
        for (bit, unit, opponent, margin) in [
            (1, attacker, defender, pa.saturating_sub(pd)),
            (2, defender, attacker, pd.saturating_sub(pa)),
        ] {
            let lost = losers & bit != 0;
            // Rule 9.17.1.1: a Unit wins when the opposing Unit loses and it does not.
            let won = !lost && losers != 0;
            let player = self.state.inst(unit).map(|x| x.controller);
            // Rule 9.16: both Units fight, whoever wins (`if that Unit steals or fights`).
            out.push(Happened {
                kind: EventKind::Fight,
                actor: self.card_fact(unit).map(Fact::Card),
                player,
                objects: FactList::new(),
                other: self.card_fact(opponent).map(Fact::Card),
                margin,
            });
            if !(lost || won) {
                continue;
            }
            out.push(Happened {
                kind: if won {
                    EventKind::WinFight
                } else {
                    EventKind::LoseFight
                },
                actor: self.card_fact(unit).map(Fact::Card),
                player,
                objects: FactList::new(),
                other: self.card_fact(opponent).map(Fact::Card),
                margin,
            });
        }
        out
    }
}
