//! Game actions of the core, each through the rules' action pipeline (`Game::act`): the
//! objects an action names are read when it is done, what can't be done to them is skipped
//! (rule 10.6.2), and whether it happened is what `If you do` reads.

use super::number::{amount, nums};
use super::select::{player, players, target, Thing};
use super::{in_play, Cx};
use crate::error::EngineError;
use crate::game::{Game, Stop, MAX_EFFECTS};
use crate::log::Event;
use crate::rules::{Action as Act, CardText};
use crate::state::{
    die_bit, Acting, Ask, DieArea, DieId, Duration, EffectRef, Frame, InstId, Modifier, Obj,
    PersistentEffect, PlayHow, PlayerId, Run, Val, Zone,
};
use gigscript_dsl::prim::{self, Dest, Dir, EventKind, GameAction, MoveVerb, Order, Target};
use gigscript_dsl::CardType;
use rand::Rng;

/// What doing an operation gave.
#[derive(Debug)]
pub(crate) enum Step {
    /// it is done; whether it changed the game
    Done(bool),
    /// it waits for the answer to its question (`Run::ask`)
    Wait,
    /// it pushed frames above the effect (a card played, a replacement's question); it goes on
    /// once they are done
    Suspend,
    /// these blocks run next, the first first (`If`, `May`, modes); then the operation after
    Enter(Vec<u16>),
    /// this block runs `laps` times next (`Repeat`; `ForEachPlayer` binds a player to the slot
    /// each time)
    Loop {
        /// the block
        block: u16,
        /// how many times
        laps: u16,
        /// the slot of `ForEachPlayer`
        player: Option<u16>,
    },
}

/// The card instances among objects.
fn cards(objs: &[Obj]) -> Vec<InstId> {
    objs.iter().filter_map(|o| o.card()).collect()
}

/// The Gigs among objects.
fn gigs(objs: &[Obj]) -> Vec<DieId> {
    objs.iter().filter_map(|o| o.gig()).collect()
}

/// Whether the target is a slot whose choice found fewer objects than asked (rule 10.2.1: the
/// action is done as far as possible, and not in full).
fn short(run: &Run, t: &Target) -> bool {
    match t {
        Target::Slot(s) => matches!(
            run.slots.get(usize::from(s.0)),
            Some(Val::Objs { short: true, .. })
        ),
        _ => false,
    }
}

/// The event kind of a verb of the text, for this turn's history.
fn verb_kind(v: MoveVerb) -> Option<EventKind> {
    match v {
        MoveVerb::Discard => Some(EventKind::Discard),
        MoveVerb::Return => Some(EventKind::Return),
        MoveVerb::Trash => Some(EventKind::Trash),
        MoveVerb::BottomDeck => Some(EventKind::BottomDeck),
        MoveVerb::Remove => Some(EventKind::Remove),
        MoveVerb::Add | MoveVerb::Put => None,
    }
}

/// Whether an action can be done at all now, whatever it applies to: a choice made only for it
/// is not made otherwise (rule 10.7). `Call` needs this turn's Call unused (rule 11.11.2).
/// The changes `up to` (or exactly) `n` in direction `dir` offers for Gig `die`: a change off
/// the die's faces fails (rules 6.4.4, 6.4.5), so `up to` offers only the ones on its faces,
/// and 0 (rule 2.8).
pub(crate) fn changes(g: &Game, die: DieId, dir: Dir, n: i8, up_to: bool) -> Vec<i8> {
    let face = (g.state.dice.get(die.0 as usize)).map(|d| (i64::from(d.value), i64::from(d.sides)));
    changes_on(face, dir, n, up_to)
}

/// [`changes`] for a Gig showing `value` of `sides` faces (`face`; `None`: no such Gig).
fn changes_on(face: Option<(i64, i64)>, dir: Dir, n: i8, up_to: bool) -> Vec<i8> {
    let mags: Vec<i8> = if up_to { (0..=n).collect() } else { vec![n] };
    let on_faces = |m: i8| {
        let to = face.map_or(0, |(value, _)| value + i64::from(m));
        !up_to || face.is_some_and(|(_, sides)| (1..=sides).contains(&to))
    };
    let mut options = Vec::new();
    for &m in &mags {
        // Rule 2.8: `up to` allows 0 whichever the direction.
        if m == 0 || (matches!(dir, Dir::Up | Dir::Either) && on_faces(m)) {
            options.push(m);
        }
        if m != 0 && matches!(dir, Dir::Down | Dir::Either) && on_faces(-m) {
            options.push(-m);
        }
    }
    options
}

/// Whether a change [`changes`] offers for a Gig showing `value` of `sides` faces is not 0 and
/// lands on the faces: what [`changes_on`] would list, read without listing it (`up to` offers
/// only changes on the faces, so any but 0 lands).
fn some_change_lands(value: i64, sides: i64, dir: Dir, n: i8, up_to: bool) -> bool {
    let n = i64::from(n);
    let (up, down) = (
        matches!(dir, Dir::Up | Dir::Either),
        matches!(dir, Dir::Down | Dir::Either),
    );
    let lands = |m: i64| m != 0 && (1..=sides).contains(&(value + m));
    if up_to {
        n >= 1 && ((up && value < sides) || (down && value > 1))
    } else {
        (up && lands(n)) || (down && lands(-n))
    }
}

/// Whether action `a`, done on object `o` chosen into slot `into`, would change nothing: a Gig
/// no change of which lands on its faces (rules 6.4.4, 6.4.5), a card already spent for
/// `Spend` or ready for `Ready` (FAQ-207). Such a choice is legal; choosing one of them or
/// another of them comes out the same.
pub(crate) fn changes_nothing(g: &Game, run: &Run, a: &GameAction, into: u16, o: Obj) -> bool {
    let mine = |t: &Target| matches!(t, Target::Slot(s) if s.0 == into);
    match a {
        GameAction::ChangeGig {
            gig,
            dir,
            by,
            up_to,
        } if mine(gig) => {
            let Some(die) = o.gig() else { return false };
            let Some(d) = g.state.dice.get(die.0 as usize).copied() else {
                return false;
            };
            // The amount may read the chosen Gig (`by its value`): read it as if chosen. A
            // number written out reads nothing (and most are: `by up to 2`).
            let most = i64::from(i8::MAX);
            let n = match by {
                gigscript_dsl::prim::Num::Lit(k) => (*k).clamp(0, most) as i8,
                _ => {
                    let slots = with_chosen(run, into, o);
                    let cx = Cx::new(run.source, run.controller, &slots);
                    amount(g, &cx, by, most) as i8
                }
            };
            let (value, sides) = (i64::from(d.value), i64::from(d.sides));
            !some_change_lands(value, sides, *dir, n, *up_to)
        }
        // `Set a Gig to the value of another Gig`: the Gig to set or the one whose value is
        // read, once every other object the action reads is chosen; it changes nothing where
        // the value is the Gig's own or off its faces (rules 6.4.4, 6.4.5).
        GameAction::SetGig { gig, to } if mine(gig) || names_slot(to, into) => {
            let slots = with_chosen(run, into, o);
            let bound = |k: u16| {
                k == into
                    || slots
                        .get(usize::from(k))
                        .is_some_and(|v| !v.objs().is_empty())
            };
            if !prim::names(a, &mut |s| bound(s.0)) {
                return false;
            }
            let cx = Cx::new(run.source, run.controller, &slots);
            let Some(value) = nums(g, &cx, to).first() else {
                return false;
            };
            let dice = gigs(&target(g, &cx, gig));
            !dice.is_empty()
                && dice.iter().all(|die| {
                    g.state.dice.get(die.0 as usize).is_some_and(|d| {
                        value < 1 || value > i64::from(d.sides) || value == i64::from(d.value)
                    })
                })
        }
        // Looking again at a card out of the deck the player already knows (rule 5.7.4.2).
        GameAction::Look(t) if mine(t) => o.card().is_some_and(|i| {
            g.state.seen.contains(&(run.controller, i))
                && g.state.inst(i).is_some_and(|x| x.zone != Zone::Deck)
        }),
        GameAction::Spend(t) | GameAction::Ready(t) if mine(t) => {
            let spend = matches!(a, GameAction::Spend(_));
            o.card()
                .and_then(|i| g.state.inst(i))
                .is_some_and(|x| x.spent == spend)
        }
        _ => false,
    }
}

/// The effect's slots with object `o` chosen into slot `into`.
pub(crate) fn with_chosen(run: &Run, into: u16, o: Obj) -> Vec<crate::state::Val> {
    let mut slots = run.slots.clone();
    let k = usize::from(into);
    if slots.len() <= k {
        slots.resize(k + 1, crate::state::Val::default());
    }
    slots[k] = crate::state::Val::Objs {
        objs: vec![o],
        short: false,
    };
    slots
}

/// Whether a part of an action names slot `s` (a [`prim::Slot`] anywhere in it).
pub(crate) fn names_slot(x: &impl serde::Serialize, s: u16) -> bool {
    names_any(x, &[s])
}

/// Whether a part of an action names one of the slots `slots`.
pub(crate) fn names_any(x: &impl serde::Serialize, slots: &[u16]) -> bool {
    !prim::names(x, &mut |n| !slots.contains(&n.0))
}

pub(crate) fn possible(g: &Game, run: &Run, a: &GameAction) -> bool {
    let me = run.controller;
    match a {
        GameAction::Call { .. } => !g.state.player(me).called_this_turn,
        // `You may pay 2 €$` with fewer ready Eddies (rule 11.8: a cost is paid in full).
        GameAction::Pay(n) => {
            let cx = Cx::new(run.source, me, &run.slots);
            let n = amount(g, &cx, n, i64::from(u16::MAX));
            usize::try_from(n).is_ok_and(|n| can_pay(g, me, n))
        }
        // A Gear played to a host the text restricts needs one (rule 4.10).
        GameAction::Play { host: Some(p), .. } => {
            let cx = Cx::new(run.source, me, &run.slots);
            (0..g.state.instances.len())
                .map(|k| InstId(k as u16))
                .any(|h| {
                    can_host(g, me, h) && super::select::pred(g, &cx, p, Thing::Now(Obj::Card(h)))
                })
        }
        _ => true,
    }
}

/// The Unit an effect's `steal` names as its actor (rule 6.7.1.2), if it is still in the field.
/// `Err(())`: the text names one and it is gone, so nothing is stolen. A `steal` with no
/// subject in the text of a Gear equipped to a Unit is the host's (the inherited text acts
/// through it, rule 4.11; FAQ-089, Gorilla Arms), and in a Unit's own text the Unit's.
pub(crate) fn stealer(g: &Game, run: &Run, by: Option<&Target>) -> Result<Option<InstId>, ()> {
    let in_field = |i: InstId| g.state.inst(i).is_some_and(|x| x.zone == Zone::Field);
    match by {
        Some(t) => cards(&target(
            g,
            &Cx::new(run.source, run.controller, &run.slots),
            t,
        ))
        .into_iter()
        .find(|&i| in_field(i))
        .map(Some)
        .ok_or(()),
        None => Ok(g.state.inst(run.source).and_then(|x| match x.equipped_to {
            Some(host) => in_field(host).then_some(host),
            None => in_field(run.source).then_some(run.source),
        })),
    }
}

/// Whether Unit `u` may steal Gig `d` by an effect: the restrictions and counts of rule 9.23.1
/// (`steals 1 fewer Gig`, `can't steal … Gigs with …`) bind an effect's steal as they bind an
/// attack's (rule 6.7.1): a steal of one Gig cut by one is no steal.
pub(crate) fn may_steal(g: &Game, u: InstId, d: DieId) -> bool {
    super::statement::steals_fewer(g, u) == 0 && !super::statement::cant_steal(g, u, d)
}

/// `+N power` (or `-N`) for card `i` from an effect of `source`, lasting `duration` (rules
/// 3.17.2, 10.22).
pub(crate) fn give_power(
    g: &mut Game,
    source: InstId,
    i: InstId,
    by: i32,
    duration: Duration,
) -> Result<(), Stop> {
    if g.state.effects.len() >= MAX_EFFECTS {
        return Err(EngineError::LimitExceeded("persistent effects").into());
    }
    g.state.effects.push(PersistentEffect {
        target: i,
        modifier: Modifier::Power(by),
        duration,
        source: Some(source),
    });
    g.emit(Event::PowerChanged { inst: i, by })
}

/// Gives card `i` keyword `k` for `duration` (a persistent effect, rule 10.22).
pub(crate) fn give_keyword(
    g: &mut Game,
    source: InstId,
    i: InstId,
    k: gigscript_dsl::Keyword,
    duration: Duration,
) -> Result<(), Stop> {
    if g.state.effects.len() >= MAX_EFFECTS {
        return Err(EngineError::LimitExceeded("persistent effects").into());
    }
    g.state.effects.push(PersistentEffect {
        target: i,
        modifier: Modifier::Keyword(k),
        duration,
        source: Some(source),
    });
    g.emit(Event::Granted {
        inst: i,
        keyword: k,
    })
}

/// The ready Eddies of player `p`, in their area's order.
fn ready_eddies(g: &Game, p: PlayerId) -> Vec<InstId> {
    (g.state.player(p).eddies.iter())
        .copied()
        .filter(|&e| g.state.inst(e).is_some_and(|x| !x.spent))
        .collect()
}

/// Rule 11.8: `p` pays `n` €$ with ready Eddies (interchangeable, face-down, rule 5.8); false
/// and nothing paid when they can't.
pub(crate) fn pay(g: &mut Game, p: PlayerId, n: usize) -> Result<bool, Stop> {
    let ready = ready_eddies(g, p);
    if ready.len() < n {
        return Ok(false);
    }
    for &e in &ready[..n] {
        g.act(Act::Spend(e))?;
    }
    Ok(true)
}

/// Whether player `p` could pay `n` €$ with ready Eddies now.
pub(crate) fn can_pay(g: &Game, p: PlayerId, n: usize) -> bool {
    ready_eddies(g, p).len() >= n
}

/// Rules 4.10.1, 4.10.2: a friendly Unit in the field or a friendly face-up Legend in the
/// Legends area may take a Gear.
fn can_host(g: &Game, me: PlayerId, h: InstId) -> bool {
    g.state.inst(h).is_some_and(|x| {
        x.controller == me
            && x.equipped_to.is_none()
            && match x.zone {
                Zone::Field => true,
                Zone::Legends => x.face_up,
                _ => false,
            }
    })
}

/// Does game action `a` of `run`, its current operation's progress in `run.work`.
pub(crate) fn act(g: &mut Game, run: &mut Run, a: &GameAction) -> Result<Step, Stop> {
    if g.pool.core_broken().is_some_and(|b| b.is_action(a)) {
        return Ok(Step::Done(false)); // a family broken by a test (`exec::mutant`)
    }
    let me = run.controller;
    let acting = |kind: Option<EventKind>| Acting {
        player: me,
        card: None,
        kind,
    };
    let before = g.state.acting.replace(acting(None));
    let r = act_as(g, run, a, acting);
    g.state.acting = before;
    r
}

fn act_as(
    g: &mut Game,
    run: &mut Run,
    a: &GameAction,
    acting: impl Fn(Option<EventKind>) -> Acting,
) -> Result<Step, Stop> {
    let me = run.controller;
    let objs = |g: &Game, run: &Run, t: &Target| {
        let cx = Cx::new(run.source, me, &run.slots);
        target(g, &cx, t)
    };
    let set_kind = |g: &mut Game, kind: Option<EventKind>| g.state.acting = Some(acting(kind));
    match a {
        GameAction::Draw {
            who,
            n,
            up_to,
            into,
        } => {
            let cx = Cx::new(run.source, me, &run.slots);
            let ps = players(g, &cx, who);
            let mut k = amount(g, &cx, n, i64::from(u16::MAX));
            // Rule 11.5.2.2: `draw up to X`: the number first, then exactly that many.
            if *up_to && k > 0 {
                match run.work.count {
                    Some(c) => k = i64::from(c),
                    None => {
                        run.ask = Some(Ask::Count {
                            who: me,
                            most: u16::try_from(k.min(127)).unwrap_or(127),
                        });
                        return Ok(Step::Wait);
                    }
                }
            }
            set_kind(g, Some(EventKind::Draw));
            let mut drawn = Vec::new();
            for p in ps {
                for _ in 0..k {
                    let top = g.state.player(p).deck.last().copied();
                    g.act(Act::Draw(p))?;
                    // `Draw 1. If it's a Unit, …`: the cards that reached the hand.
                    drawn.extend(
                        top.filter(|&i| g.state.inst(i).is_some_and(|x| x.zone == Zone::Hand))
                            .map(Obj::Card),
                    );
                }
            }
            if let Some(s) = into {
                set_slot(run, s.0, drawn);
            }
            Ok(Step::Done(k > 0))
        }
        GameAction::Move { what, to, verb } => {
            let list = cards(&objs(g, run, what));
            let ok = |g: &Game, i: InstId| {
                let Some(x) = g.state.inst(i) else {
                    return false;
                };
                match verb {
                    // Cards in play return; others are added.
                    MoveVerb::Return => matches!(x.zone, Zone::Field | Zone::Legends),
                    MoveVerb::Add => !matches!(x.zone, Zone::Field | Zone::Legends | Zone::Hand),
                    MoveVerb::Discard => x.zone == Zone::Hand,
                    MoveVerb::Trash => x.zone != Zone::Trash,
                    MoveVerb::BottomDeck | MoveVerb::Put | MoveVerb::Remove => {
                        !matches!(x.zone, Zone::Removed | Zone::Resolving)
                    }
                }
            };
            let list: Vec<InstId> = list.into_iter().filter(|&i| ok(g, i)).collect();
            if list.is_empty() {
                return Ok(Step::Done(false));
            }
            let full = !short(run, what);
            set_kind(g, verb_kind(*verb));
            match to {
                Dest::DeckBottom(Order::Random) => g.act(Act::BottomDeck(list.clone()))?,
                // Rule 11.12.2: the player places them one at a time, each under the last.
                Dest::DeckBottom(Order::Chosen) => {
                    let placed = cards(&run.work.picked);
                    let left: Vec<Obj> = (list.iter())
                        .filter(|i| !placed.contains(i))
                        .map(|&i| Obj::Card(i))
                        .collect();
                    if !left.is_empty() && list.len() > 1 {
                        run.ask = Some(Ask::Pick {
                            who: me,
                            from: left,
                            stop: false,
                        });
                        return Ok(Step::Wait);
                    }
                    let order = match placed.is_empty() {
                        true => list.clone(),
                        false => placed,
                    };
                    g.act(Act::BottomDeckInOrder(order))?
                }
                Dest::Hand | Dest::Trash | Dest::DeckTop | Dest::Removed => {
                    let zone = match to {
                        Dest::Hand => Zone::Hand,
                        Dest::Trash => Zone::Trash,
                        Dest::DeckTop => Zone::Deck,
                        _ => Zone::Removed,
                    };
                    for &i in &list {
                        let owner = g.inst_ok(i)?.owner;
                        g.act(Act::Move {
                            inst: i,
                            to: zone,
                            player: owner,
                        })?;
                    }
                }
            }
            if *verb == MoveVerb::Discard {
                let n = u16::try_from(list.len()).unwrap_or(u16::MAX);
                run.discarded = run.discarded.saturating_add(n);
            }
            Ok(Step::Done(full))
        }
        GameAction::TrashTop {
            whose,
            n,
            into,
            up_to,
        } => {
            let cx = Cx::new(run.source, me, &run.slots);
            let Some(p) = player(g, &cx, whose) else {
                return Ok(Step::Done(false));
            };
            let mut k = amount(g, &cx, n, i64::from(u16::MAX));
            // Rule 11.7.2.1.2: `trash up to X`: the number first.
            if *up_to && k > 0 {
                match run.work.count {
                    Some(c) => k = i64::from(c),
                    None => {
                        run.ask = Some(Ask::Count {
                            who: me,
                            most: u16::try_from(k.min(127)).unwrap_or(127),
                        });
                        return Ok(Step::Wait);
                    }
                }
            }
            let had = !g.state.player(p).deck.is_empty();
            set_kind(g, Some(EventKind::Trash));
            let mut trashed = Vec::new();
            for _ in 0..k {
                trashed.extend(g.state.player(p).deck.last().map(|&i| Obj::Card(i)));
                g.act(Act::Trash(p))?;
            }
            set_slot(run, into.0, trashed);
            Ok(Step::Done(had && k > 0))
        }
        GameAction::Defeat(t) => {
            let list: Vec<InstId> = (cards(&objs(g, run, t)).into_iter())
                .filter(|&i| in_play(g, i))
                .collect();
            if list.is_empty() {
                return Ok(Step::Done(false));
            }
            // Rule 10.26: an optional replacement's controller is asked first (for a
            // replacement's own defeat, the chain's questions were asked before it, 10.29).
            if let Some(ask) = (!run.now)
                .then(|| g.text().replacement_question(g, &list))
                .flatten()
            {
                g.state.frames.push(ask);
                return Ok(Step::Suspend);
            }
            set_kind(g, Some(EventKind::Defeat));
            g.act(Act::Defeat(list))?;
            Ok(Step::Done(!short(run, t)))
        }
        GameAction::Spend(t) | GameAction::Ready(t) => {
            let spend = matches!(a, GameAction::Spend(_));
            let mut done = false;
            for i in cards(&objs(g, run, t)) {
                let Some(x) = g.state.inst(i) else { continue };
                // Spending a spent card (or readying a ready one) does nothing.
                if !matches!(x.zone, Zone::Field | Zone::Legends | Zone::Eddies) || x.spent == spend
                {
                    continue;
                }
                g.act(if spend { Act::Spend(i) } else { Act::Ready(i) })?;
                done = true;
            }
            Ok(Step::Done(done && !short(run, t)))
        }
        GameAction::ChangeGig {
            gig,
            dir,
            by,
            up_to,
        } => {
            let Some(die) = gigs(&objs(g, run, gig)).into_iter().find(|&d| {
                g.state
                    .dice
                    .get(d.0 as usize)
                    .is_some_and(|x| matches!(x.area, DieArea::Gigs(_)))
            }) else {
                return Ok(Step::Done(false));
            };
            let delta = match run.work.number {
                Some(n) => n,
                None => {
                    let cx = Cx::new(run.source, me, &run.slots);
                    let n = amount(g, &cx, by, i64::from(i8::MAX)) as i8;
                    let options = changes(g, die, *dir, n, *up_to);
                    match options[..] {
                        [one] => i64::from(one),
                        _ => {
                            run.ask = Some(Ask::Number { who: me, options });
                            return Ok(Step::Wait);
                        }
                    }
                }
            };
            let Some(d) = g.state.dice.get(die.0 as usize).copied() else {
                return Ok(Step::Done(false));
            };
            let to = i64::from(d.value).saturating_add(delta);
            // Rules 6.4.4, 6.4.5: off its faces, or unchanged, the adjustment fails.
            if delta == 0 || to < 1 || to > i64::from(d.sides) {
                return Ok(Step::Done(false));
            }
            g.act(Act::Adjust {
                die,
                value: to as u8,
            })?;
            Ok(Step::Done(true))
        }
        GameAction::SetGig { gig, to } => {
            let cx = Cx::new(run.source, me, &run.slots);
            let Some(value) = nums(g, &cx, to).first() else {
                return Ok(Step::Done(false));
            };
            set_kind(g, Some(EventKind::SetGig));
            let mut done = false;
            for die in gigs(&objs(g, run, gig)) {
                let Some(d) = g.state.dice.get(die.0 as usize).copied() else {
                    continue;
                };
                // Rules 6.4.3–6.4.5: off its faces, or the value it has, it fails.
                if !matches!(d.area, DieArea::Gigs(_))
                    || value < 1
                    || value > i64::from(d.sides)
                    || value == i64::from(d.value)
                {
                    continue;
                }
                g.act(Act::Adjust {
                    die,
                    value: value as u8,
                })?;
                done = true;
            }
            Ok(Step::Done(done))
        }
        GameAction::Swap { a: x, b: y } => {
            let (Some(a), Some(b)) = (
                gigs(&objs(g, run, x)).first().copied(),
                gigs(&objs(g, run, y)).first().copied(),
            ) else {
                return Ok(Step::Done(false));
            };
            let area = |d: DieId| g.state.dice.get(d.0 as usize).map(|x| x.area);
            match (area(a), area(b)) {
                // Rule 6.6: both change Gig areas at once, with their values (not a steal).
                (Some(DieArea::Gigs(p)), Some(DieArea::Gigs(q))) if p != q => {
                    set_kind(g, Some(EventKind::Swap));
                    g.act(Act::Swap { a, b })?;
                    Ok(Step::Done(true))
                }
                _ => Ok(Step::Done(false)),
            }
        }
        GameAction::Steal { gig, by } => {
            let Some(die) = gigs(&objs(g, run, gig)).first().copied() else {
                return Ok(Step::Done(false));
            };
            // The card that steals, when the text names one (rule 6.7.1.2), still in the field.
            let Ok(unit) = stealer(g, run, by.as_ref()) else {
                return Ok(Step::Done(false));
            };
            if unit.is_some_and(|u| !may_steal(g, u, die)) {
                return Ok(Step::Done(false));
            }
            let rival_gig = g
                .state
                .dice
                .get(die.0 as usize)
                .is_some_and(|d| d.area == DieArea::Gigs(me.other()));
            if !rival_gig || die_bit(die) == 0 {
                return Ok(Step::Done(false));
            }
            g.state.acting = Some(Acting {
                card: unit,
                ..acting(Some(EventKind::Steal))
            });
            g.act(Act::Steal {
                dice: die_bit(die),
                by: me,
            })?;
            Ok(Step::Done(true))
        }
        GameAction::Reroll(t) => {
            let mut done = false;
            for die in gigs(&objs(g, run, t)) {
                let Some(d) = g.state.dice.get(die.0 as usize).copied() else {
                    continue;
                };
                if !matches!(d.area, DieArea::Gigs(_)) {
                    continue;
                }
                // Rule 6.2: the new roll is its value.
                let value = g.state.rng.gen_range(1..=u32::from(d.sides)) as u8;
                g.state.dice[die.0 as usize].value = value;
                g.emit(Event::Rerolled { die, value })?;
                done = true;
            }
            Ok(Step::Done(done))
        }
        // Rule 11.14: shown to both players; they stay where they are.
        GameAction::Reveal(t) => {
            let list = cards(&objs(g, run, t));
            for &i in &list {
                g.emit(Event::Revealed(i))?;
            }
            Ok(Step::Done(!list.is_empty()))
        }
        // Shown to `you` only; looking at the top cards of a deck is searching it (rule 11.13).
        GameAction::Look(t) => {
            let list = cards(&objs(g, run, t));
            let in_deck = !list.is_empty()
                && list
                    .iter()
                    .all(|&i| g.state.inst(i).is_some_and(|x| x.zone == Zone::Deck));
            if in_deck {
                g.emit(Event::Searched {
                    player: me,
                    count: u8::try_from(list.len()).unwrap_or(u8::MAX),
                })?;
            }
            for &i in &list {
                if !g.state.seen.contains(&(me, i)) {
                    g.state.seen.push((me, i));
                }
                g.emit(Event::LookedAt {
                    player: me,
                    inst: i,
                })?;
            }
            Ok(Step::Done(!list.is_empty()))
        }
        // Rule 11.9: face-down and ready to the Eddies area; it counts as the turn's Sell
        // (rule 11.9.2.2).
        GameAction::Sell(t) => {
            let list = cards(&objs(g, run, t));
            for &i in &list {
                g.state.players[me.ix()].sold_this_turn = true;
                g.act(Act::Sell(i))?;
            }
            Ok(Step::Done(!list.is_empty()))
        }
        // Rule 11.11: a face-down Legend of the player's Legends area, once per turn (11.11.2).
        GameAction::Call { legend, free } => {
            if g.state.player(me).called_this_turn {
                return Ok(Step::Done(false));
            }
            let Some(l) = cards(&objs(g, run, legend)).into_iter().find(|&i| {
                g.state
                    .inst(i)
                    .is_some_and(|x| x.zone == Zone::Legends && x.controller == me && !x.face_up)
            }) else {
                return Ok(Step::Done(false));
            };
            if !*free {
                let cost = usize::from(g.text().call_cost(g, me));
                if !pay(g, me, cost)? {
                    return Ok(Step::Done(false));
                }
            }
            g.state.players[me.ix()].called_this_turn = true;
            g.finish_call(l)?;
            Ok(Step::Done(true))
        }
        GameAction::Play {
            card,
            free,
            host,
            after,
        } => play(g, run, card, *free, host.as_ref(), *after),
        GameAction::Equip { gear, to } | GameAction::MoveGear { gear, to } => {
            // The Gear: one the player controls, in hand or equipped (rule 11.6.6: a move).
            let Some(gear) = cards(&objs(g, run, gear)).into_iter().find(|&i| {
                g.state.inst(i).is_some_and(|x| {
                    g.pool.facts(x.card).kind == CardType::Gear
                        && x.controller == me
                        && (x.zone == Zone::Hand || x.equipped_to.is_some())
                })
            }) else {
                return Ok(Step::Done(false));
            };
            let Some(host) = cards(&objs(g, run, to))
                .into_iter()
                .find(|&h| can_host(g, me, h))
            else {
                return Ok(Step::Done(false));
            };
            if g.state.inst(gear).and_then(|x| x.equipped_to) == Some(host) {
                return Ok(Step::Done(false));
            }
            set_kind(g, Some(EventKind::Equip));
            g.act(Act::Equip { gear, host })?;
            Ok(Step::Done(true))
        }
        GameAction::Pay(n) => {
            let cx = Cx::new(run.source, me, &run.slots);
            let n = amount(g, &cx, n, i64::from(u16::MAX));
            Ok(Step::Done(pay(g, me, usize::try_from(n).unwrap_or(0))?))
        }
        // `ignore the result and reroll it`: the reroll that follows is the result.
        // `ignore the result and reroll it`: the ignored roll never happened (FAQ-079), so the
        // effects that roll of the die made pending (`When you roll a min or max value …`) are
        // no longer pending; only the new result triggers.
        GameAction::IgnoreResult => {
            let dice: Vec<DieId> = (run.slots.iter())
                .flat_map(|v| v.objs().iter().filter_map(|o| o.gig()))
                .collect();
            let pool = g.pool.clone();
            let by_roll = |p: &crate::state::Pending| {
                let EffectRef::Text { line } = p.effect else {
                    return false;
                };
                let core = g.state.inst(p.source).and_then(|x| pool.core(x.card));
                matches!(
                    core.and_then(|t| t.ability(line)).map(|a| &a.body),
                    Some(gigscript_dsl::prim::Body::Triggered {
                        on: gigscript_dsl::prim::TriggerOn::Event(e),
                        ..
                    }) if e.kinds.iter().any(|k| matches!(k, EventKind::RollIn | EventKind::RollMinMax))
                )
            };
            let about_die = |seq: u32| {
                (g.state.pending_binds.iter())
                    .filter(|b| b.seq == seq)
                    .any(|b| {
                        (b.slots.iter()).any(|(_, v)| {
                            v.objs()
                                .iter()
                                .any(|o| o.gig().is_some_and(|d| dice.contains(&d)))
                        })
                    })
            };
            let gone: Vec<u32> = (g.state.pending.iter())
                .filter(|p| by_roll(p) && about_die(p.seq))
                .map(|p| p.seq)
                .collect();
            g.state.pending.retain(|p| !gone.contains(&p.seq));
            g.state.pending_binds.retain(|b| !gone.contains(&b.seq));
            Ok(Step::Done(true))
        }
        // Rule 9.26.4: the innermost attack ends; this effect still finishes resolving (rule
        // 9.27.2), then the attack skips to its end (rule 9.27.1).
        GameAction::EndAttack => {
            let attack = g.state.frames.iter_mut().rev().find_map(|f| match f {
                Frame::Attack(a) => Some(a),
                _ => None,
            });
            Ok(Step::Done(match attack {
                Some(a) if !a.ended => {
                    a.ended = true;
                    true
                }
                _ => false,
            }))
        }
        // Rules 1.12, 1.15: an alternate win or lose condition; the game ends at once.
        GameAction::GameResult { win } => {
            match win {
                true => g.state.won[me.ix()] = true,
                false => g.state.lost[me.ix()] = true,
            }
            g.check_outcome()?;
            Ok(Step::Done(true))
        }
        // `the Gig isn't stolen` (rules 6.7.4, 9.23.4): taken out of the attack's choice, so
        // the steal moves the others only. (Cards are spared by replacement effects instead.)
        GameAction::Prevent(t) => {
            let mut done = false;
            for die in gigs(&objs(g, run, t)) {
                let attack = g.state.frames.iter_mut().rev().find_map(|f| match f {
                    Frame::Attack(a) => Some(a),
                    _ => None,
                });
                let Some(a) = attack else { break };
                if a.chosen & die_bit(die) != 0 {
                    a.chosen &= !die_bit(die);
                    g.emit(Event::NotStolen(die))?;
                    done = true;
                }
            }
            Ok(Step::Done(done))
        }
    }
}

/// Sets slot `s` of the run to `objs`.
pub(crate) fn set_slot(run: &mut Run, s: u16, objs: Vec<Obj>) {
    let k = usize::from(s);
    if run.slots.len() <= k {
        run.slots.resize(k + 1, Val::default());
    }
    run.slots[k] = Val::Objs { objs, short: false };
}

/// Rule 11.8.4: plays the cards of `card` one at a time from where they are, for free: each
/// finishes its play (a frame above the effect) before the next; a Gear whose host the text
/// restricts is equipped to one the player chooses.
/// The cards a Gear played by an effect may be equipped to, where the text restricts its host
/// (`Play a Gear … equipped to a friendly Unit`).
fn play_hosts(g: &Game, run: &Run, host: Option<&gigscript_dsl::prim::Pred>) -> Vec<Obj> {
    let Some(p) = host else {
        return Vec::new();
    };
    let me = run.controller;
    let cx = Cx::new(run.source, me, &run.slots);
    (0..g.state.instances.len())
        .map(|k| InstId(k as u16))
        .filter(|&h| can_host(g, me, h))
        .filter(|&h| super::select::pred(g, &cx, p, Thing::Now(Obj::Card(h))))
        .map(Obj::Card)
        .collect()
}

/// Whether an effect's `Play` can play card `c` now: the controller's card, not in play, of a
/// kind that is played (a Gear with a host for it), and paid for unless `free` (rules 11.1.2,
/// 11.8.1, 3.11.2.1: a cost that can't be paid in full, or a null one, plays nothing).
pub(crate) fn playable(
    g: &Game,
    run: &Run,
    c: InstId,
    free: bool,
    host: Option<&gigscript_dsl::prim::Pred>,
) -> bool {
    let me = run.controller;
    let Some(x) = g.state.inst(c).copied() else {
        return false;
    };
    !in_play(g, c)
        && x.owner == me
        && match g.pool.facts(x.card).kind {
            CardType::Unit | CardType::Program => true,
            CardType::Gear if host.is_some() => !play_hosts(g, run, host).is_empty(),
            CardType::Gear => g.has_equip_host(me),
            CardType::Legend => false,
        }
        && (free
            || g.text()
                .play_cost(g, c, me)
                .is_some_and(|cost| g.can_pay(me, cost, None)))
}

fn play(
    g: &mut Game,
    run: &mut Run,
    card: &Target,
    free: bool,
    host: Option<&gigscript_dsl::prim::Pred>,
    after: Option<Dest>,
) -> Result<Step, Stop> {
    let me = run.controller;
    let list = {
        let cx = Cx::new(run.source, me, &run.slots);
        cards(&target(g, &cx, card))
    };
    // A Gear waiting for its host: the host was chosen.
    if let Some(Obj::Card(h)) = run.work.picked.pop() {
        let gear = list.get(usize::from(run.work.step)).copied();
        if let Some(gear) = gear {
            g.act(Act::Equip { gear, host: h })?;
            g.emit(Event::Played(gear))?;
            run.work.happened = true;
        }
        run.work.step = run.work.step.saturating_add(1);
    }
    while let Some(&c) = list.get(usize::from(run.work.step)) {
        let Some(x) = g.state.inst(c).copied() else {
            run.work.step += 1;
            continue;
        };
        let kind = g.pool.facts(x.card).kind;
        if !playable(g, run, c, free, host) {
            run.work.step += 1;
            continue;
        }
        if kind == CardType::Gear && host.is_some() {
            run.ask = Some(Ask::Pick {
                who: me,
                from: play_hosts(g, run, host),
                stop: false,
            });
            return Ok(Step::Wait);
        }
        // `Bottom-deck it after you play it` (rule 4.14.3): a bottom-deck, broken with them by
        // a test (`exec::mutant`).
        let bottom = !g
            .pool
            .core_broken()
            .is_some_and(|b| b == super::Broken::BottomDeck);
        if kind == CardType::Program && matches!(after, Some(Dest::DeckBottom(_))) && bottom {
            g.state.bottom_after_play.push(c);
        }
        run.work.step += 1;
        run.work.happened = true;
        g.state.frames.push(Frame::Play {
            inst: c,
            how: PlayHow::Hand,
        });
        if !free {
            let cost = g.text().play_cost(g, c, me).unwrap_or(0);
            if cost > 0 {
                g.state.frames.push(Frame::Pay {
                    player: me,
                    remaining: cost,
                    exclude: None,
                });
            }
        }
        return Ok(Step::Suspend);
    }
    Ok(Step::Done(run.work.happened))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `some_change_lands` says what the list of `changes_on` says, for every die, face,
    /// amount and direction.
    #[test]
    fn some_change_lands_reads_the_changes_offered() {
        for sides in [4, 6, 8, 10, 12, 20] {
            for value in 1..=sides {
                for n in 0..=7 {
                    for dir in [Dir::Up, Dir::Down, Dir::Either] {
                        for up_to in [false, true] {
                            let listed = changes_on(Some((value, sides)), dir, n, up_to)
                                .iter()
                                .any(|&m| m != 0 && (1..=sides).contains(&(value + i64::from(m))));
                            assert_eq!(
                                some_change_lands(value, sides, dir, n, up_to),
                                listed,
                                "d{sides} at {value}, {dir:?} by {n}, up to: {up_to}"
                            );
                        }
                    }
                }
            }
        }
    }
}
