//! Selectors and predicates: which objects a phrase describes, read against the game (or
//! against what an object was, for this turn's history and a card that left play).

use super::{event, host_of, in_play, number, Cx};
use crate::game::Game;
use crate::state::{
    AttackStep, DieArea, Fact, Frame, InstId, Obj, PlayerId, Target as AttackTarget, Val, Zone,
};
use gigscript_dsl::prim::{
    Area, Best, Cmp, Count, Parity, Pred, Rel, Role, Scope, Selector, Stat, Target, Who,
};
use gigscript_dsl::CardType;
use smallvec::{smallvec, SmallVec};

/// The players a phrase names: one or both, kept without an allocation.
pub(crate) type Players = SmallVec<[PlayerId; 2]>;

/// The objects a target names: most name one or two, kept without an allocation.
pub(crate) type Objs = SmallVec<[Obj; 4]>;

/// An object a predicate is read for: as it is now, or as a fact recorded when something
/// happened to it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Thing<'a> {
    /// as it is now
    Now(Obj),
    /// as it was
    Was(&'a Fact),
}

impl Thing<'_> {
    /// The object.
    pub fn obj(&self) -> Obj {
        match *self {
            Thing::Now(o) => o,
            Thing::Was(Fact::Card(c)) => Obj::Card(c.inst),
            Thing::Was(Fact::Gig(d)) => Obj::Gig(d.die),
            Thing::Was(Fact::Player(p)) => Obj::Player(*p),
        }
    }
}

/// What the predicates read of a card.
#[derive(Clone, Copy)]
struct CardSeen {
    inst: InstId,
    card: crate::pool::CardIdx,
    owner: PlayerId,
    controller: PlayerId,
    zone: Zone,
    face_up: bool,
    spent: bool,
    equipped_to: Option<InstId>,
    /// Gear was equipped to it, for a card seen as it was (a card read now is looked at)
    geared: Option<bool>,
    /// read now (live characteristics may be computed)
    now: bool,
}

/// What the predicates read of a Gig.
#[derive(Clone, Copy)]
struct GigSeen {
    holder: Option<PlayerId>,
    owner: PlayerId,
    sides: u8,
    value: u8,
}

fn card_seen(g: &Game, t: Thing) -> Option<CardSeen> {
    match t {
        Thing::Now(Obj::Card(i)) => {
            let x = g.state.inst(i)?;
            Some(CardSeen {
                inst: i,
                card: x.card,
                owner: x.owner,
                controller: x.controller,
                zone: x.zone,
                face_up: x.face_up,
                spent: x.spent,
                equipped_to: x.equipped_to,
                geared: None,
                now: true,
            })
        }
        Thing::Was(Fact::Card(c)) => Some(CardSeen {
            inst: c.inst,
            card: c.card,
            owner: c.owner,
            controller: c.controller,
            zone: c.zone,
            face_up: c.face_up,
            spent: c.spent,
            equipped_to: c.equipped_to,
            geared: Some(c.geared),
            now: false,
        }),
        _ => None,
    }
}

fn gig_seen(g: &Game, t: Thing) -> Option<GigSeen> {
    match t {
        Thing::Now(Obj::Gig(d)) => {
            let x = g.state.dice.get(d.0 as usize)?;
            Some(GigSeen {
                holder: match x.area {
                    DieArea::Gigs(p) => Some(p),
                    _ => None,
                },
                owner: x.owner,
                sides: x.sides,
                value: x.value,
            })
        }
        Thing::Was(Fact::Gig(f)) => Some(GigSeen {
            holder: f.holder,
            owner: f.owner,
            sides: f.sides,
            value: f.value,
        }),
        _ => None,
    }
}

/// The players `who` names for an ability read in `cx`.
pub(crate) fn players(g: &Game, cx: &Cx, who: &Who) -> Players {
    match who {
        Who::You => smallvec![cx.me],
        Who::Rival => smallvec![cx.me.other()],
        Who::Each => smallvec![cx.me, cx.me.other()],
        Who::TurnPlayer => smallvec![g.state.turn_player],
        Who::Slot(s) => {
            let mut v = Players::new();
            for &o in cx.slot(*s) {
                let p = match o {
                    Obj::Player(p) => Some(p),
                    Obj::Card(i) => g.state.inst(i).map(|x| x.controller),
                    Obj::Gig(d) => gig_seen(g, Thing::Now(Obj::Gig(d))).and_then(|x| x.holder),
                };
                if let Some(p) = p.filter(|p| !v.contains(p)) {
                    v.push(p);
                }
            }
            v
        }
        Who::ControllerOf(t) | Who::OwnerOf(t) => {
            let owner = matches!(who, Who::OwnerOf(_));
            let mut v = Players::new();
            for o in target(g, cx, t) {
                let p = match o {
                    Obj::Player(p) => Some(p),
                    Obj::Card(i) => g
                        .state
                        .inst(i)
                        .map(|x| if owner { x.owner } else { x.controller }),
                    Obj::Gig(d) => g.state.dice.get(d.0 as usize).and_then(|x| match x.area {
                        _ if owner => Some(x.owner),
                        DieArea::Gigs(p) => Some(p),
                        _ => None,
                    }),
                };
                if let Some(p) = p.filter(|p| !v.contains(p)) {
                    v.push(p);
                }
            }
            v
        }
    }
}

/// The one player `who` names (the first, in a two-player game).
pub(crate) fn player(g: &Game, cx: &Cx, who: &Who) -> Option<PlayerId> {
    players(g, cx, who).first().copied()
}

/// The objects a target names now.
pub(crate) fn target(g: &Game, cx: &Cx, t: &Target) -> Objs {
    match t {
        Target::Slot(s) => Objs::from_slice(cx.slot(*s)),
        Target::This => smallvec![Obj::Card(cx.source)],
        Target::Host => host_of(g, cx.source).map(Obj::Card).into_iter().collect(),
        Target::All(sel) => Objs::from_vec(objects(g, cx, sel)),
        Target::Subject => cx.subject.into_iter().collect(),
    }
}

/// The state's zone for a zone of the text.
pub(crate) fn zone_of(z: Area) -> Zone {
    match z {
        Area::Hand => Zone::Hand,
        Area::Deck => Zone::Deck,
        Area::Trash => Zone::Trash,
        Area::Field => Zone::Field,
        Area::Legends => Zone::Legends,
        Area::Eddies => Zone::Eddies,
    }
}

/// Whether a card's information is hidden from the player reading it: a face-down Legend
/// they have not looked at (rules 3.4.1, 5.3.1.2).
fn hidden(g: &Game, cx: &Cx, c: &CardSeen) -> bool {
    c.zone == Zone::Legends && !c.face_up && !g.state.seen.contains(&(cx.me, c.inst))
}

/// A number of a card or Gig (`None`: it has none, or it is hidden).
pub(crate) fn stat(g: &Game, cx: &Cx, t: Thing, s: Stat) -> Option<i64> {
    if let Some(d) = gig_seen(g, t) {
        return match s {
            Stat::Value => Some(i64::from(d.value)),
            Stat::Sides => Some(i64::from(d.sides)),
            _ => None,
        };
    }
    let c = card_seen(g, t)?;
    if hidden(g, cx, &c) {
        return None;
    }
    let f = g.pool.facts(c.card);
    match s {
        // Rule 3.17: computed in the field; printed elsewhere.
        Stat::Power if c.zone == Zone::Field && c.now => Some(i64::from(g.eff_power(c.inst))),
        Stat::Power => f.power.map(i64::from),
        Stat::Cost => f.cost.map(i64::from),
        Stat::Value | Stat::Sides | Stat::Ram => None,
    }
}

/// Whether a comparison of two numbers holds.
pub(crate) fn compare(a: i64, cmp: Cmp, b: i64) -> bool {
    match cmp {
        Cmp::Eq => a == b,
        Cmp::Ne => a != b,
        Cmp::Lt => a < b,
        Cmp::Le => a <= b,
        Cmp::Gt => a > b,
        Cmp::Ge => a >= b,
    }
}

/// Whether a card of type `k` in `zone` is a card of type `t` as the text names it: in the
/// field a Unit is a Unit card or a Legend (rule 4.2.1, FAQ-007), elsewhere the printed type.
fn is_type(zone: Zone, equipped: bool, k: CardType, t: CardType) -> bool {
    match t {
        CardType::Unit => match zone {
            Zone::Field => !equipped && k != CardType::Gear,
            Zone::Legends => false,
            _ => k == CardType::Unit,
        },
        _ => k == t,
    }
}

/// The Unit fighting card `i` now (rules 9.16–9.19), if any.
pub(crate) fn fighting(g: &Game, i: InstId) -> Option<InstId> {
    g.state.frames.iter().rev().find_map(|f| match f {
        Frame::Attack(a) if matches!(a.step, AttackStep::Fight | AttackStep::FightResult) => {
            let AttackTarget::Unit(u) = a.target else {
                return None;
            };
            match () {
                _ if a.attacker == i => Some(u),
                _ if u == i => Some(a.attacker),
                _ => None,
            }
        }
        _ => None,
    })
}

/// Whether `t` is what predicate `p` describes, read in `cx`.
#[inline]
pub(crate) fn pred(g: &Game, cx: &Cx, p: &Pred, t: Thing) -> bool {
    pred_of(g, cx, p, &t)
}

/// [`pred`] of a thing given by reference: the parts of `All`, `Any` and `Not` read the same
/// thing, not a copy each of what the caller has just written.
fn pred_of(g: &Game, cx: &Cx, p: &Pred, t: &Thing) -> bool {
    let card = || card_seen(g, *t);
    let gig = || gig_seen(g, *t);
    match p {
        Pred::True => true,
        Pred::All(ps) => ps.iter().all(|q| pred_of(g, cx, q, t)),
        Pred::Any(ps) => ps.iter().any(|q| pred_of(g, cx, q, t)),
        Pred::Not(q) => !pred_of(g, cx, q, t),
        Pred::Type(ts) => card().is_some_and(|c| {
            let k = g.pool.facts(c.card).kind;
            ts.iter()
                .any(|&ty| is_type(c.zone, c.equipped_to.is_some(), k, ty))
        }),
        Pred::Gig => gig().is_some(),
        Pred::Player => matches!(t.obj(), Obj::Player(_)),
        Pred::Rel(r) | Pred::Owner(r) => {
            let owner = matches!(p, Pred::Owner(_));
            let whose = match t.obj() {
                Obj::Player(q) => Some(q),
                Obj::Card(_) => card().map(|c| if owner { c.owner } else { c.controller }),
                Obj::Gig(_) => gig().and_then(|d| if owner { Some(d.owner) } else { d.holder }),
            };
            whose.is_some_and(|w| (w == cx.me) == (*r == Rel::Friendly))
        }
        Pred::Tag(tag) => card()
            .is_some_and(|c| !hidden(g, cx, &c) && g.pool.tags(c.card).iter().any(|x| x == tag)),
        Pred::Colour(col) => {
            card().is_some_and(|c| !hidden(g, cx, &c) && g.pool.facts(c.card).color == Some(*col))
        }
        Pred::Named(n) => card()
            .is_some_and(|c| !hidden(g, cx, &c) && g.pool.name(c.card).eq_ignore_ascii_case(n)),
        Pred::Spent => card().is_some_and(|c| c.spent),
        Pred::FaceUp => card().is_some_and(|c| c.face_up),
        Pred::Equipped => {
            // Rule 10.10.1: a card that has left is seen as it last was, with its Gear then.
            card().is_some_and(|c| {
                c.equipped_to.is_some()
                    || c.geared
                        .unwrap_or_else(|| g.gear_on(c.inst).next().is_some())
            })
        }
        Pred::Keyword(k) => card().is_some_and(|c| {
            g.keyword(c.inst, *k)
                // A face-down Legend the reader looked at shows its printed keywords.
                || (c.zone == Zone::Legends
                    && !c.face_up
                    && !hidden(g, cx, &c)
                    && g.pool.facts(c.card).keywords.has(*k))
        }),
        Pred::Stat { stat: s, cmp, to } => {
            let Some(v) = stat(g, cx, *t, *s) else {
                return false;
            };
            number::nums(g, cx, to)
                .vals
                .iter()
                .any(|&n| compare(v, *cmp, n))
        }
        Pred::Parity { stat: s, parity } => stat(g, cx, *t, *s).is_some_and(|v| match parity {
            // FAQ §12.9: 0 is neither even nor odd.
            Parity::Even => v != 0 && v % 2 == 0,
            Parity::Odd => v % 2 != 0,
        }),
        Pred::Min => gig().is_some_and(|d| d.value == 1),
        Pred::Max => gig().is_some_and(|d| d.value == d.sides),
        Pred::Shares { stat: s, with } => {
            let Some(v) = stat(g, cx, *t, *s) else {
                return false;
            };
            let me = t.obj();
            objects(g, cx, with)
                .into_iter()
                .any(|o| o != me && stat(g, cx, Thing::Now(o), *s) == Some(v))
        }
        Pred::Is(x) => target(g, cx, x).contains(&t.obj()),
        Pred::InZone(zs) => card().is_some_and(|c| zs.iter().any(|&z| zone_of(z) == c.zone)),
        Pred::EnteredThisTurn => card().is_some_and(|c| {
            g.state
                .inst(c.inst)
                .is_some_and(|x| x.entered_turn == g.state.turn)
        }),
        Pred::Role(r) => card().is_some_and(|c| role(g, c.inst, *r)),
        Pred::Did { pattern, as_actor } => event::did_this_turn(g, cx, pattern, *as_actor, t.obj()),
        Pred::OfChosenType(s) => card().is_some_and(|c| {
            matches!(cx.slots.get(usize::from(s.0)), Some(Val::Type(k))
                if *k == g.pool.facts(c.card).kind)
        }),
        Pred::HasGear(q) => card().is_some_and(|c| {
            g.gear_on(c.inst)
                .any(|gear| pred(g, cx, q, Thing::Now(Obj::Card(gear))))
        }),
        Pred::EquippedTo(x) => card().is_some_and(|c| {
            c.equipped_to
                .is_some_and(|h| target(g, cx, x).contains(&Obj::Card(h)))
        }),
        Pred::ControlledBy(who) => {
            let whose = match t.obj() {
                Obj::Player(q) => Some(q),
                Obj::Card(_) => card().map(|c| c.controller),
                Obj::Gig(_) => gig().and_then(|d| d.holder),
            };
            whose.is_some_and(|w| players(g, cx, who).contains(&w))
        }
        Pred::Fighting(q) => card().is_some_and(|c| {
            fighting(g, c.inst).is_some_and(|o| pred(g, cx, q, Thing::Now(Obj::Card(o))))
        }),
    }
}

/// Whether card `i` has role `r` in the current attack.
fn role(g: &Game, i: InstId, r: Role) -> bool {
    g.state.frames.iter().any(|f| {
        let Frame::Attack(a) = f else {
            return false;
        };
        let defending = a.target == AttackTarget::Unit(i);
        match r {
            Role::Attacking => a.attacker == i,
            Role::Attacked => defending,
            Role::Blocking => {
                defending
                    && (g.state.history.events.iter()).any(|h| {
                        h.kind == gigscript_dsl::prim::EventKind::Block
                            && matches!(h.actor, Some(Fact::Card(c)) if c.inst == i)
                    })
            }
            Role::Fighting => {
                matches!(a.step, AttackStep::Fight | AttackStep::FightResult)
                    && (a.attacker == i || defending)
            }
        }
    })
}

/// The objects a selector's scope holds, in the order choices list them (instance order in
/// play, a hidden area from its top, Gigs by die).
fn scope(g: &Game, cx: &Cx, s: &Scope) -> Vec<Obj> {
    let cards = |v: &mut Vec<Obj>, list: &mut dyn Iterator<Item = &InstId>| {
        v.extend(list.map(|&i| Obj::Card(i)));
    };
    let mut v = Vec::new();
    match s {
        Scope::InPlay => {
            // Each player's field and Legends area, and the Gear equipped there (in its host's
            // area), put in instance order: a few cards, not every instance of the game.
            let mut ids: SmallVec<[InstId; 32]> = SmallVec::new();
            for pl in &g.state.players {
                ids.extend(pl.field.iter().chain(&pl.legends).copied());
            }
            ids.extend(
                g.equipped()
                    .map(|(gear, _)| gear)
                    .filter(|&i| in_play(g, i)),
            );
            ids.sort_unstable();
            v.extend(ids.iter().map(|&i| Obj::Card(i)));
            debug_assert_eq!(
                v,
                (g.state.instances.iter().enumerate())
                    .filter(|(_, x)| matches!(x.zone, Zone::Field | Zone::Legends))
                    .map(|(k, _)| Obj::Card(InstId(k as u16)))
                    .collect::<Vec<_>>(),
                "the cards in play are those of the areas in play"
            );
        }
        Scope::Zones { zones, whose } => {
            for p in players(g, cx, whose) {
                let pl = g.state.player(p);
                for z in zones {
                    match z {
                        Area::Hand => cards(&mut v, &mut pl.hand.iter()),
                        // The trash and the deck from the top down.
                        Area::Trash => cards(&mut v, &mut pl.trash.iter().rev()),
                        Area::Deck => cards(&mut v, &mut pl.deck.iter().rev()),
                        Area::Field => cards(&mut v, &mut pl.field.iter()),
                        Area::Legends => cards(&mut v, &mut pl.legends.iter()),
                        Area::Eddies => cards(&mut v, &mut pl.eddies.iter()),
                    }
                }
            }
        }
        Scope::TopOfDeck { whose, n } => {
            let n = number::nums(g, cx, n).first().unwrap_or(0).max(0);
            for p in players(g, cx, whose) {
                let deck = &g.state.player(p).deck;
                let take = usize::try_from(n).unwrap_or(usize::MAX);
                cards(&mut v, &mut deck.iter().rev().take(take));
            }
        }
        Scope::Slot(s) => v.extend_from_slice(cx.slot(*s)),
        // `the rest` (rule 11.13.3): the cards of the slot still where they were.
        Scope::Rest { of } => v.extend(cx.slot(*of).iter().copied().filter(|o| {
            match o {
                Obj::Card(i) => g
                    .state
                    .inst(*i)
                    .is_some_and(|x| matches!(x.zone, Zone::Deck | Zone::Trash)),
                _ => false,
            }
        })),
        Scope::Gigs => v.extend(
            (0..g.state.dice.len())
                .map(|k| crate::state::DieId(k as u8))
                .filter(|&d| matches!(g.state.dice[d.0 as usize].area, DieArea::Gigs(_)))
                .map(Obj::Gig),
        ),
        Scope::Fixer(who) => {
            for p in players(g, cx, who) {
                v.extend(g.state.fixer(p).map(Obj::Gig));
            }
        }
        Scope::Players => v.extend([cx.me, cx.me.other()].map(Obj::Player)),
        Scope::This => v.push(Obj::Card(cx.source)),
        Scope::Host => v.extend(host_of(g, cx.source).map(Obj::Card)),
        Scope::Eddies(who) => {
            for p in players(g, cx, who) {
                cards(&mut v, &mut g.state.player(p).eddies.iter());
            }
        }
    }
    v
}

/// Every object a selector describes now (its scope, filter and `best`; its count is the
/// choice's, see [`Choice`]).
pub(crate) fn objects(g: &Game, cx: &Cx, s: &Selector) -> Vec<Obj> {
    let mut v = scope(g, cx, &s.scope);
    v.retain(|&o| pred(g, cx, &s.filter, Thing::Now(o)));
    if let Some(b) = s.best {
        best(g, cx, b, &mut v);
    }
    v
}

/// Keeps the objects with the highest (lowest) of a stat (`the … with the lowest power`).
fn best(g: &Game, cx: &Cx, b: Best, v: &mut Vec<Obj>) {
    let vals: Vec<Option<i64>> = v
        .iter()
        .map(|&o| stat(g, cx, Thing::Now(o), b.stat))
        .collect();
    let top = vals.iter().flatten().copied();
    let Some(want) = (if b.highest { top.max() } else { top.min() }) else {
        v.clear();
        return;
    };
    let mut k = 0;
    v.retain(|_| {
        let keep = vals[k] == Some(want);
        k += 1;
        keep
    });
}

/// How a choice of a selector is made (rule 10.31).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Choice {
    /// every option, no question
    All,
    /// `n` one at a time; `stop`: the player may choose no more (failing to find, rule
    /// 5.3.2.4.1, 11.13.4.1; `up to`)
    OneByOne {
        /// how many at most
        n: usize,
        /// whether stopping early is allowed
        stop: bool,
    },
    /// `up to n`: how many first (rule 2.8), then which
    CountFirst {
        /// the most
        n: usize,
    },
}

/// How the objects of a selector are chosen: `options` are the objects it describes now;
/// `for_play`: they are chosen to be played (the player said they play one: no failing to
/// find).
pub(crate) fn choice(g: &Game, cx: &Cx, s: &Selector, options: &[Obj], for_play: bool) -> Choice {
    let n = |num: &gigscript_dsl::prim::Num| {
        let v = number::nums(g, cx, num).first().unwrap_or(0);
        usize::try_from(v.max(0)).unwrap_or(usize::MAX)
    };
    // A hidden set (a hand, a deck): the player may fail to find cards of a kind
    // (rule 5.3.2.4.1), not `any` card.
    let hidden = options.iter().any(|o| {
        o.card().is_some_and(|i| {
            g.state
                .inst(i)
                .is_some_and(|x| matches!(x.zone, Zone::Hand | Zone::Deck))
        })
    });
    let may_fail = hidden && s.filter != Pred::True && !for_play;
    let in_play = matches!(s.scope, Scope::InPlay | Scope::Gigs)
        || matches!(&s.scope, Scope::Zones { zones, .. }
            if zones.iter().all(|z| matches!(z, Area::Field | Area::Legends)));
    match &s.count {
        Count::All => Choice::All,
        Count::Exactly(k) => Choice::OneByOne {
            n: n(k),
            stop: may_fail,
        },
        // Rule 2.8: in play, the number first; from an area, one at a time until the player
        // stops.
        Count::UpTo(k) if in_play => Choice::CountFirst { n: n(k) },
        Count::UpTo(k) | Count::Search(k) => Choice::OneByOne {
            n: n(k),
            stop: true,
        },
        Count::AnyNumber => Choice::OneByOne {
            n: usize::MAX,
            stop: true,
        },
    }
}
