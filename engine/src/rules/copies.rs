//! Copies of a card that nothing tells apart (rule 10.6: no question whose every answer leads to
//! the same game). Two options of a decision that differ only in which of two interchangeable
//! copies they name lead to the same game up to which copy is which, so they are one option:
//! the first is kept ([`Game::merge_copies`], applied to every decision). Two pending effects
//! alike are one option in the same way (`Game::alike`).

use crate::decision::Choice;
use crate::game::Game;
use crate::state::{
    Ask, CardFact, Delayed, Fact, Frame, Happened, InstId, Lasting, Obj, PlayerId, Target, Val,
    Zone,
};

/// Swapping two card instances, to ask whether the game reads the same with one for the other.
#[derive(Clone, Copy)]
struct Swap(InstId, InstId);

impl Swap {
    fn names(self, i: InstId) -> bool {
        i == self.0 || i == self.1
    }

    fn inst(self, i: InstId) -> InstId {
        match i {
            i if i == self.0 => self.1,
            i if i == self.1 => self.0,
            i => i,
        }
    }

    fn obj(self, o: Obj) -> Obj {
        match o {
            Obj::Card(i) => Obj::Card(self.inst(i)),
            o => o,
        }
    }

    fn objs(self, objs: &[Obj]) -> Vec<Obj> {
        objs.iter().map(|&o| self.obj(o)).collect()
    }

    fn val(self, v: &Val) -> Val {
        match v {
            Val::Objs { objs, short } => Val::Objs {
                objs: self.objs(objs),
                short: *short,
            },
            v => v.clone(),
        }
    }

    fn vals(self, vals: &[Val]) -> Vec<Val> {
        vals.iter().map(|v| self.val(v)).collect()
    }

    /// Whether objects name the two alike: both or neither.
    fn both_or_neither(self, objs: &[Obj]) -> bool {
        objs.contains(&Obj::Card(self.0)) == objs.contains(&Obj::Card(self.1))
    }

    fn fact(self, f: Fact) -> Fact {
        match f {
            Fact::Card(c) => Fact::Card(CardFact {
                inst: self.inst(c.inst),
                equipped_to: c.equipped_to.map(|h| self.inst(h)),
                ..c
            }),
            f => f,
        }
    }

    fn fact_names(self, f: &Fact) -> bool {
        matches!(f, Fact::Card(c) if self.names(c.inst) || c.equipped_to.is_some_and(|h| self.names(h)))
    }

    fn happened(self, h: &Happened) -> Happened {
        Happened {
            actor: h.actor.map(|f| self.fact(f)),
            objects: h.objects.iter().map(|&f| self.fact(f)).collect(),
            other: h.other.map(|f| self.fact(f)),
            ..h.clone()
        }
    }

    fn happened_names(self, h: &Happened) -> bool {
        (h.actor.iter().chain(&h.objects).chain(&h.other)).any(|f| self.fact_names(f))
    }

    /// Whether a frame reads the same with one card for the other (a question offering both,
    /// as a choice among them does, is the same question).
    fn keeps(self, f: &Frame) -> bool {
        let not = |i: InstId| !self.names(i);
        match f {
            Frame::Pay { exclude, .. } => exclude.is_none_or(not),
            Frame::Play { inst, .. }
            | Frame::ProgramEnd { inst }
            | Frame::Equip { gear: inst }
            | Frame::Call { legend: inst } => not(*inst),
            Frame::Attack(a) => {
                not(a.attacker) && !matches!(a.target, Target::Unit(u) if self.names(u))
            }
            Frame::Run(run) => {
                not(run.source)
                    && self.vals(&run.slots) == run.slots
                    && self.objs(&run.work.picked) == run.work.picked
                    && match &run.ask {
                        Some(Ask::Pick { from, .. }) => self.both_or_neither(from),
                        _ => true,
                    }
            }
            Frame::Activate(a) => not(a.card) && not(a.source) && a.attacker.is_none_or(not),
            Frame::SpendToPlay { inst, chosen, .. } => not(*inst) && chosen.is_none_or(not),
            Frame::Replace { source, affected } => not(*source) && not(*affected),
            Frame::ReplaceChoose { affected, options } => {
                not(*affected) && options.contains(&self.0) == options.contains(&self.1)
            }
            Frame::Setup(_) | Frame::Start(_) | Frame::Main | Frame::End(_) => true,
        }
    }
}

/// The cards option `c` names for which an interchangeable copy could stand ([`Game::copy_of`]
/// compares no others): all it names ([`Choice::cards`]) but a sell's or a play's from the
/// hand, which are listed once per distinct card already ([`Game::distinct_in_hand`]).
fn named(c: Choice) -> [Option<InstId>; 2] {
    match c {
        Choice::Sell(_) | Choice::Play(_) => [None, None],
        c => c.cards(),
    }
}

/// Whether swapping maps each entry of `list` that `names` onto as many entries of it as there
/// are of the entry: the list reads the same with one card for the other.
fn symmetric<T: PartialEq>(list: &[T], names: impl Fn(&T) -> bool, swap: impl Fn(&T) -> T) -> bool {
    let count = |x: &T| list.iter().filter(|y| *y == x).count();
    (list.iter().filter(|e| names(e))).all(|e| count(&swap(e)) == count(e))
}

impl Game {
    /// Whether cards `a` and `b` are interchangeable: copies of one card with equal records
    /// (owner, controller, area, face, spent, lag, host, the turn they entered, {Go Solo}), out
    /// of the deck (whose order tells them apart), with no Gear equipped to either, and read
    /// alike by everything else in the game: what the frames, pending effects, persistent
    /// effects, lasting statements, delayed effects, answers to replacements, looks and this
    /// turn's history say of one, they say of the other. Doing something to one or to the
    /// other then leads to the same game up to which copy is which (rule 10.6).
    pub(crate) fn interchangeable(&self, a: InstId, b: InstId) -> bool {
        if a == b {
            return true;
        }
        let st = &self.state;
        let (Some(x), Some(y)) = (st.inst(a), st.inst(b)) else {
            return false;
        };
        if x != y || matches!(x.zone, Zone::Deck | Zone::Resolving) {
            return false;
        }
        let s = Swap(a, b);
        let card_names = |o: &Obj| o.card().is_some_and(|i| s.names(i));
        let val_names = |v: &Val| v.objs().iter().any(card_names);
        let lasting = |l: &Lasting| Lasting {
            source: s.inst(l.source),
            about: s.objs(&l.about),
            slots: s.vals(&l.slots),
            ..l.clone()
        };
        let delayed = |l: &Delayed| Delayed {
            source: s.inst(l.source),
            slots: s.vals(&l.slots),
            ..l.clone()
        };
        // A pending effect with what its event bound.
        let binds = |seq: u32| {
            (st.pending_binds.iter())
                .find(|x| x.seq == seq)
                .map(|x| (x.slots.clone(), x.resume.clone()))
        };
        let pending_fixed = || {
            let pending: Vec<_> = (st.pending.iter())
                .map(|e| (e.controller, e.source, e.effect, binds(e.seq)))
                .collect();
            symmetric(
                &pending,
                |p| {
                    s.names(p.1)
                        || p.3.as_ref().is_some_and(|(slots, resume)| {
                            slots.iter().any(|(_, v)| val_names(v))
                                || resume.iter().any(|(_, vals)| vals.iter().any(val_names))
                        })
                },
                |p| {
                    let binds = p.3.as_ref().map(|(slots, resume)| {
                        let slots = slots.iter().map(|(k, v)| (*k, s.val(v))).collect();
                        (slots, resume.as_ref().map(|(b, vals)| (*b, s.vals(vals))))
                    });
                    (p.0, s.inst(p.1), p.2, binds)
                },
            )
        };
        let seen = |p: PlayerId, i: InstId| st.seen.contains(&(p, i));
        self.gear_on(a).next().is_none()
            && self.gear_on(b).next().is_none()
            && st.frames.iter().all(|f| s.keeps(f))
            && symmetric(
                &st.effects,
                |e| s.names(e.target) || e.source.is_some_and(|i| s.names(i)),
                |e| crate::state::PersistentEffect {
                    target: s.inst(e.target),
                    source: e.source.map(|i| s.inst(i)),
                    ..*e
                },
            )
            && symmetric(
                &st.triggers,
                |t| s.names(t.source),
                |t| crate::state::Trigger {
                    source: s.inst(t.source),
                    ..*t
                },
            )
            && symmetric(
                &st.replacements,
                |r| s.names(r.source) || r.affected.is_some_and(|i| s.names(i)),
                |r| crate::state::Replacement {
                    source: s.inst(r.source),
                    affected: r.affected.map(|i| s.inst(i)),
                    ..*r
                },
            )
            && symmetric(
                &st.replace_answers,
                |&(x, y, _)| s.names(x) || s.names(y),
                |&(x, y, yes)| (s.inst(x), s.inst(y), yes),
            )
            && symmetric(
                &st.left_hosts,
                |&(x, y)| s.names(x) || s.names(y),
                |&(x, y)| (s.inst(x), s.inst(y)),
            )
            && symmetric(
                &st.lasting,
                |l| {
                    s.names(l.source)
                        || l.about.iter().any(card_names)
                        || l.slots.iter().any(val_names)
                },
                lasting,
            )
            && symmetric(
                &st.delayed_runs,
                |l| s.names(l.source) || l.slots.iter().any(val_names),
                delayed,
            )
            && symmetric(
                &st.history.events,
                |h| s.happened_names(h),
                |h| s.happened(h),
            )
            && st.unready_first_turn.contains(&a) == st.unready_first_turn.contains(&b)
            && st.bottom_after_play.contains(&a) == st.bottom_after_play.contains(&b)
            && PlayerId::BOTH.iter().all(|&p| seen(p, a) == seen(p, b))
            && !st
                .acting
                .is_some_and(|x| x.card.is_some_and(|i| s.names(i)))
            && (st.pending.is_empty() || pending_fixed())
    }

    /// Whether player `viewer` knows which card `i` is: not a face-down card they have not
    /// looked at, nor a card in another player's hand. Copies are made one option only where
    /// the player sees that they are copies.
    fn known_to(&self, viewer: PlayerId, i: InstId) -> bool {
        let Some(x) = self.state.inst(i) else {
            return false;
        };
        let hidden = match x.zone {
            Zone::Legends | Zone::Field | Zone::Eddies => !x.face_up,
            Zone::Hand => x.controller != viewer,
            Zone::Deck => true,
            Zone::Trash | Zone::Removed | Zone::Resolving => false,
        };
        !hidden || self.state.seen.contains(&(viewer, i))
    }

    /// Whether `b` is option `a` with a copy interchangeable with a card it names, known as
    /// such to `viewer`, in its place (a card with an interchangeable Gear's ability, a Unit
    /// attacking an interchangeable copy of its target, …).
    pub(crate) fn copy_of(&self, viewer: PlayerId, a: Choice, b: Choice) -> bool {
        let copies = |x: InstId, y: InstId| {
            x != y
                && self.known_to(viewer, x)
                && self.known_to(viewer, y)
                && self.interchangeable(x, y)
        };
        let same = |x: InstId, y: InstId| x == y || copies(x, y);
        use Choice as C;
        match (a, b) {
            (C::Sell(x), C::Sell(y))
            | (C::Call(x), C::Call(y))
            | (C::Play(x), C::Play(y))
            | (C::PlayFromLegends(x), C::PlayFromLegends(y))
            | (C::GoSolo(x), C::GoSolo(y))
            | (C::PayLegend(x), C::PayLegend(y))
            | (C::EquipTo(x), C::EquipTo(y))
            | (C::Block(x), C::Block(y))
            | (C::PlayAlso(x), C::PlayAlso(y))
            | (C::Card(x), C::Card(y)) => copies(x, y),
            (
                C::Attack {
                    attacker: x,
                    target: s,
                },
                C::Attack {
                    attacker: y,
                    target: t,
                },
            ) => {
                let targets = match (s, t) {
                    (Target::Unit(u), Target::Unit(v)) => same(u, v),
                    (s, t) => s == t,
                };
                a != b && same(x, y) && targets
            }
            (
                C::Activate {
                    card: c,
                    source: s,
                    line: l,
                },
                C::Activate {
                    card: d,
                    source: t,
                    line: m,
                },
            ) => {
                // Its own ability on each copy, or the abilities of copies of a Gear on one host.
                l == m && ((c == s && d == t && copies(c, d)) || (c == d && c != s && copies(s, t)))
            }
            _ => false,
        }
    }

    /// What two options must share to be [`Game::copy_of`] one another: the kind of option,
    /// the cards (not instances) it names, an ability's line. `None`: an option that is a copy
    /// of none (it names no card, or its kind is listed once per distinct card already).
    fn copy_key(&self, c: Choice) -> Option<u64> {
        let card = |i: InstId| {
            self.state
                .inst(i)
                .map_or(u64::from(u16::MAX), |x| u64::from(x.card.0))
        };
        let key = |kind: u64, a: u64, b: u64| Some(kind << 48 | a << 32 | b << 16);
        use Choice as C;
        match c {
            // One per distinct card of the hand already ([`Game::distinct_in_hand`]): never a
            // copy of another option.
            C::Sell(_) | C::Play(_) => None,
            C::Call(x) => key(2, card(x), 0),
            C::PlayFromLegends(x) => key(4, card(x), 0),
            C::GoSolo(x) => key(5, card(x), 0),
            C::PayLegend(x) => key(6, card(x), 0),
            C::EquipTo(x) => key(7, card(x), 0),
            C::Block(x) => key(8, card(x), 0),
            C::PlayAlso(x) => key(9, card(x), 0),
            C::Card(x) => key(10, card(x), 0),
            C::Attack { attacker, target } => {
                let t = match target {
                    Target::Unit(u) => card(u),
                    Target::Gigs(p) => 0x1_0000 + u64::from(p.0),
                };
                // 17 bits for the target: the attacker's card above it.
                Some(11 << 48 | card(attacker) << 24 | t)
            }
            C::Activate {
                card: c,
                source,
                line,
            } => Some(12 << 48 | card(c) << 32 | card(source) << 16 | u64::from(line)),
            _ => None,
        }
    }

    /// Keeps the first of options that differ only in which of interchangeable copies they
    /// name ([`Game::copy_of`]): every decision's options pass here. Only options that name
    /// copies of one card ([`Game::may_name_copies`]) are compared, and of those only the ones
    /// that name the same cards the same way ([`Game::copy_key`]).
    #[inline]
    pub(crate) fn merge_copies(&self, viewer: PlayerId, options: &mut Vec<Choice>) {
        if self.may_name_copies(options) {
            self.merge_named_copies(viewer, options);
        }
    }

    /// Whether options may name interchangeable copies ([`Game::interchangeable`]): two of the
    /// instances they name ([`named`]) are distinct copies of one card of one owner
    /// ([`crate::game::Tables::copies_at`]). Most decisions name none such (three Legends to
    /// call, one attacker and its targets): nothing more is compared then, and no list is made.
    #[inline]
    fn may_name_copies(&self, options: &[Choice]) -> bool {
        if options.len() < 2 {
            return false;
        }
        let copies_at = &self.tables.copies_at;
        // The sets of copies named so far (a bit each), and the instance named first of each.
        let mut sets = 0u64;
        let mut first = [InstId(0); 64];
        let mut another = |i: InstId| {
            let set = copies_at.get(usize::from(i.0)).copied();
            let Some(set) = set.filter(|&s| s != crate::game::NO_COPY) else {
                return false;
            };
            let (k, bit) = (usize::from(set % 64), 1u64 << (set % 64));
            if sets & bit == 0 {
                sets |= bit;
                first[k] = i;
                return false;
            }
            first[k] != i
        };
        options.iter().any(|&c| {
            let [a, b] = named(c);
            a.is_some_and(&mut another) || b.is_some_and(&mut another)
        })
    }

    #[inline(never)]
    fn merge_named_copies(&self, viewer: PlayerId, options: &mut Vec<Choice>) {
        let mut keys: Vec<Option<u64>> = options.iter().map(|&c| self.copy_key(c)).collect();
        let mut kept = 0;
        for k in 0..options.len() {
            let (c, key) = (options[k], keys[k]);
            let copy = key.is_some()
                && (0..kept).any(|j| keys[j] == key && self.copy_of(viewer, options[j], c));
            if !copy {
                (options[kept], keys[kept]) = (c, key);
                kept += 1;
            }
        }
        options.truncate(kept);
    }
}

#[cfg(test)]
mod tests {
    /// `merge_copies` compares only options of one key: two options that are copies of one
    /// another always share it. Checked on every pair of every decision of random games
    /// between the sample decks, which hold copies.
    #[test]
    fn options_that_are_copies_share_their_key() {
        let mut copies = 0;
        crate::testing::at_each_random_decision(30, |g, d| {
            for (i, &a) in d.options.iter().enumerate() {
                for &b in &d.options[i + 1..] {
                    if g.copy_of(d.player, a, b) || g.copy_of(d.player, b, a) {
                        copies += 1;
                        assert!(g.may_name_copies(&[a, b]), "{a:?} and {b:?}");
                        assert_eq!(g.copy_key(a), g.copy_key(b), "{a:?} and {b:?}");
                        assert!(g.copy_key(a).is_some());
                    }
                }
            }
        });
        assert!(copies > 0, "the games had no copies to check");
    }
}
