//! An effect resolving (rules 10.2–10.10): a small machine over the blocks of a
//! [`prim::Effect`]. Its whole position is data of its frame ([`Run`]): a cursor of (block,
//! index) positions, the slots it has bound, which sentences happened, the question it waits
//! on and what the current operation has done so far; so a game suspended at any of its
//! choices clones and serialises like any other state.
//!
//! One operation at a time resolves to completion, waits for a choice, or lets frames pushed
//! above it (a card played, a replacement's question) go first. The effect is atomic (rule
//! 10.2.3): triggers it causes wait as pending effects.

use super::act::{act, names_any, names_slot, possible, set_slot, with_chosen, Step};
use super::cond::holds;
use super::number::amount;
use super::select::{choice, objects, player, Choice as Pick};
use super::{statement, Cx};
use crate::decision::{Choice, Decision, DecisionKind};
use crate::error::EngineError;
use crate::game::{Flow, Game, Stop, MAX_EFFECTS};
use crate::log::Event;
use crate::rules::Records;
use crate::state::{
    Ask, DelayedAt, Frame, InstId, Obj, PendingBinds, PlayerId, Pos, Run, Val, Work,
};
use gigscript_dsl::prim::{self, Cond, Effect, Later, Op, OpKind, Scope};
use gigscript_dsl::CardType;
use smallvec::{smallvec, SmallVec};

/// Whether a condition reads the fight of the current attack.
fn cond_fight(c: &Cond) -> bool {
    match c {
        Cond::WinsFight { .. } => true,
        Cond::Not(x) => cond_fight(x),
        Cond::All(xs) | Cond::Any(xs) => xs.iter().any(cond_fight),
        _ => false,
    }
}

/// Whether an effect's first operations test the fight of the current attack (`{Attack} If
/// this Unit wins a fight against …`).
pub(crate) fn mentions_fight(e: &Effect) -> bool {
    e.blocks.first().is_some_and(|b| {
        b.0.iter()
            .any(|op| matches!(&op.kind, OpKind::If { cond, .. } if cond_fight(cond)))
    })
}

/// A new run of ability `line` of `source` for `controller`, at the start of `block`.
pub(crate) fn new_run(
    source: InstId,
    controller: PlayerId,
    line: u16,
    e: &Effect,
    block: u16,
) -> Run {
    Run {
        source,
        controller,
        line,
        cursor: smallvec::smallvec![Pos {
            block,
            index: 0,
            lap: 0,
            laps: 1,
            player: None,
        }],
        slots: vec![Val::default(); usize::from(e.slots)],
        did: Default::default(),
        ask: None,
        work: Work::default(),
        discarded: 0,
        delayed: block != 0,
        now: false,
    }
}

/// Starts resolving ability `line` of `source` for `controller`, with what its event bound:
/// an effect frame, or `not executed` for a card whose text does not lower (never a silent
/// no-op).
pub(crate) fn start(
    g: &mut Game,
    source: InstId,
    controller: PlayerId,
    line: u16,
    binds: Option<PendingBinds>,
) -> Flow {
    let card = g.inst_ok(source)?.card;
    let Some(e) = runnable(&g.pool, card, line) else {
        return g.emit(Event::NotExecuted { source, line });
    };
    let run = bound_run(source, controller, line, e, binds);
    g.state.frames.push(Frame::Run(Box::new(run)));
    Ok(())
}

/// The effect of ability `line` of `card`, where the executor runs it.
fn runnable(pool: &crate::Pool, card: crate::CardIdx, line: u16) -> Option<&Effect> {
    let e = pool.core(card)?.ability(line)?.body.effect()?;
    pool.not_executed(card, line).is_none().then_some(e)
}

/// A new run of effect `e` with what its event bound (a delayed effect resumes at its block,
/// with all the slots it had).
fn bound_run(
    source: InstId,
    controller: PlayerId,
    line: u16,
    e: &Effect,
    binds: Option<PendingBinds>,
) -> Run {
    let mut run = match binds.as_ref().and_then(|b| b.resume.as_ref()) {
        Some((block, slots)) => {
            let mut r = new_run(source, controller, line, e, *block);
            r.slots.clone_from(slots);
            r
        }
        None => new_run(source, controller, line, e, 0),
    };
    for (s, v) in binds.into_iter().flat_map(|b| b.slots) {
        let k = usize::from(s);
        if run.slots.len() <= k {
            run.slots.resize(k + 1, Val::default());
        }
        run.slots[k] = v;
    }
    run
}

/// Whether resolving pending effect `seq` surely stops at once at a question of its own, every
/// other pending effect still pending: the effect's first operation is `you may …` and the
/// player is asked (there is something to do, and a yes would change something; rules 10.6,
/// 10.7). Read before it resolves, on the state as it is: starting it changes nothing these
/// read (it leaves the queue, and the event that it resolves is no happening and triggers
/// nothing), and the question's two answers are never one option.
pub(crate) fn asks_at_once(g: &Game, seq: u32) -> bool {
    let Some(p) = g.state.pending.iter().find(|p| p.seq == seq) else {
        return false;
    };
    let crate::state::EffectRef::Text { line } = p.effect else {
        return false;
    };
    let Some(card) = g.state.inst(p.source).map(|x| x.card) else {
        return false;
    };
    let Some(e) = runnable(&g.pool, card, line) else {
        return false;
    };
    let binds = g.state.pending_binds.iter().find(|b| b.seq == seq).cloned();
    let run = bound_run(p.source, p.controller, line, e, binds);
    let Some(&pos) = run.cursor.last() else {
        return false;
    };
    let Some(first) = e
        .blocks
        .get(usize::from(pos.block))
        .and_then(|b| b.0.first())
    else {
        return false;
    };
    let OpKind::May {
        then, otherwise, ..
    } = &first.kind
    else {
        return false;
    };
    if g.pool.core_broken().is_some_and(|b| b.is_op(&first.kind)) {
        return false;
    }
    !futile(g, &run, e, then.0)
        && !yes_changes_nothing(g, &run, e, pos, then.0, otherwise.is_some())
}

/// Starts a pending effect of the core: its event's bindings go with it.
pub(crate) fn start_pending(
    g: &mut Game,
    seq: u32,
    source: InstId,
    controller: PlayerId,
    line: u16,
) -> Flow {
    let binds = (g.state.pending_binds.iter())
        .position(|b| b.seq == seq)
        .map(|k| g.state.pending_binds.remove(k));
    let pending = &g.state.pending;
    g.state
        .pending_binds
        .retain(|b| pending.iter().any(|p| p.seq == b.seq));
    start(g, source, controller, line, binds)
}

fn mark(run: &mut Run, s: prim::SentenceId) {
    let k = usize::from(s.0);
    if run.did.len() <= k / 64 {
        run.did.resize(k / 64 + 1, 0);
    }
    run.did[k / 64] |= 1u64 << (k % 64);
}

/// Steps the effect on top of the frame stack until it needs a choice or ends.
pub(crate) fn step(g: &mut Game) -> Flow {
    let Some(Frame::Run(mut run)) = g.state.frames.pop() else {
        return Err(EngineError::Bug("running an effect that is not on top").into());
    };
    let base = g.state.frames.len();
    let pool = g.pool.clone();
    let card = g.inst_ok(run.source)?.card;
    let Some(e) = pool
        .core(card)
        .and_then(|t| t.ability(run.line))
        .and_then(|a| a.body.effect())
    else {
        return Err(EngineError::Bug("an effect of the core that is not there").into());
    };
    loop {
        let Some(pos) = run.cursor.last().copied() else {
            return finish(g, *run);
        };
        let Some(block) = e.blocks.get(usize::from(pos.block)) else {
            return Err(EngineError::Bug("an effect block that is not there").into());
        };
        let Some(op) = block.0.get(usize::from(pos.index)) else {
            // The block is done: its next run (`Repeat`, `ForEachPlayer`), or the block above.
            let top = run.cursor.last_mut().expect("a position");
            if top.lap.saturating_add(1) < top.laps {
                top.lap += 1;
                top.index = 0;
                let (lap, slot) = (top.lap, top.player);
                bind_lap(g, &mut run, lap, slot);
                continue;
            }
            run.cursor.pop();
            continue;
        };
        let stepped = op_step(g, &mut run, e, op, pos)?;
        let advance = |run: &mut Run| {
            if let Some(p) = run.cursor.last_mut() {
                p.index = p.index.saturating_add(1);
            }
            run.work = Work::default();
        };
        match stepped {
            Step::Done(happened) => {
                if happened {
                    mark(&mut run, op.sentence);
                }
                advance(&mut run);
            }
            Step::Enter(blocks) => {
                advance(&mut run);
                for &b in blocks.iter().rev() {
                    run.cursor.push(Pos {
                        block: b,
                        index: 0,
                        lap: 0,
                        laps: 1,
                        player: None,
                    });
                }
            }
            Step::Loop {
                block,
                laps,
                player,
            } => {
                advance(&mut run);
                if laps > 0 {
                    run.cursor.push(Pos {
                        block,
                        index: 0,
                        lap: 0,
                        laps,
                        player,
                    });
                    bind_lap(g, &mut run, 0, player);
                }
            }
            Step::Wait if run.now => {
                // A replacement's effect can't wait (rule 10.25): it takes an answer now.
                auto_answer(&mut run);
                continue;
            }
            Step::Wait => {
                g.state.frames.push(Frame::Run(run));
                return Ok(());
            }
            Step::Suspend => {
                g.state.frames.insert(base, Frame::Run(run));
                return Ok(());
            }
        }
        if run.cursor.len() > MAX_EFFECTS {
            return Err(EngineError::LimitExceeded("nested blocks of an effect").into());
        }
        // What it did pushed frames (a replacement's effect): they go first.
        if g.state.frames.len() > base {
            g.state.frames.insert(base, Frame::Run(run));
            return Ok(());
        }
    }
}

/// `ForEachPlayer`: run `lap` is the turn player's (0) or the other player's (1).
fn bind_lap(g: &Game, run: &mut Run, lap: u16, slot: Option<u16>) {
    if let Some(s) = slot {
        let tp = g.state.turn_player;
        let p = if lap == 0 { tp } else { tp.other() };
        set_slot(run, s, vec![Obj::Player(p)]);
    }
}

/// The effect is done: what it discarded counts for the next effect of the same card (a
/// Program's next line, rule 4.14).
fn finish(g: &mut Game, run: Run) -> Flow {
    if run.discarded > 0 {
        if let Some(Frame::Run(next)) = g.state.frames.last_mut() {
            if next.source == run.source {
                next.discarded = next.discarded.saturating_add(run.discarded);
            }
        }
    }
    Ok(())
}

/// The answer to the question of the current operation, if it was asked.
fn answered(run: &Run) -> Option<u16> {
    run.work.answer
}

/// The top-level position of operation `k` of `block` (one lap, no player bound).
fn op_at(block: u16, k: usize) -> Pos {
    Pos {
        block,
        index: u16::try_from(k).unwrap_or(u16::MAX),
        lap: 0,
        laps: 1,
        player: None,
    }
}

/// Whether condition `c` holds for the effect `run` resolves (its slots, what it did and
/// discarded).
fn holds_in(g: &Game, run: &Run, c: &Cond) -> bool {
    let cx = Cx {
        did: &run.did,
        discarded: run.discarded,
        ..Cx::new(run.source, run.controller, &run.slots)
    };
    holds(g, &cx, c)
}

/// Resolves one operation as far as it can.
fn op_step(g: &mut Game, run: &mut Run, e: &Effect, op: &Op, pos: Pos) -> Result<Step, Stop> {
    let me = run.controller;
    if g.pool.core_broken().is_some_and(|b| b.is_op(&op.kind)) {
        return Ok(Step::Done(false)); // a family broken by a test (`exec::mutant`)
    }
    let who = |g: &Game, run: &Run, w: &prim::Who| {
        let cx = Cx::new(run.source, me, &run.slots);
        player(g, &cx, w).unwrap_or(me)
    };
    match &op.kind {
        OpKind::If {
            cond,
            then,
            otherwise,
        } => Ok(match holds_in(g, run, cond) {
            true => Step::Enter(vec![then.0]),
            false => match otherwise {
                Some(b) => Step::Enter(vec![b.0]),
                None => Step::Done(false),
            },
        }),
        OpKind::May {
            who: w,
            then,
            otherwise,
        } => match answered(run) {
            // Rule 10.7: what the player may do has nothing to act on, so there is no choice
            // to make; the effect goes on as if they said no. So where yes would change
            // nothing (rule 10.6).
            None if futile(g, run, e, then.0)
                || yes_changes_nothing(g, run, e, pos, then.0, otherwise.is_some()) =>
            {
                Ok(match otherwise {
                    Some(b) => Step::Enter(vec![b.0]),
                    None => Step::Done(false),
                })
            }
            None => {
                run.ask = Some(Ask::YesNo {
                    who: who(g, run, w),
                });
                Ok(Step::Wait)
            }
            Some(1) => Ok(Step::Enter(vec![then.0])),
            Some(_) => Ok(match otherwise {
                Some(b) => Step::Enter(vec![b.0]),
                None => Step::Done(false),
            }),
        },
        OpKind::Choose { from, into, by } => {
            let chooser = who(g, run, by);
            choose(g, run, e, pos, from, into.0, chooser)
        }
        OpKind::Modes {
            modes,
            by,
            all_if,
            rival_if,
        } => {
            // Rule 10.3.3: how the modes are chosen is read as they start resolving.
            if all_if.as_ref().is_some_and(|c| holds_in(g, run, c)) {
                return Ok(Step::Enter(modes.iter().map(|(b, _)| b.0).collect()));
            }
            match answered(run) {
                Some(m) => Ok(match modes.get(usize::from(m)) {
                    Some((b, _)) => Step::Enter(vec![b.0]),
                    None => Step::Done(false),
                }),
                None => {
                    let by = match rival_if.as_ref().is_some_and(|c| holds_in(g, run, c)) {
                        true => me.other(),
                        false => who(g, run, by),
                    };
                    run.ask = Some(Ask::Mode {
                        who: by,
                        n: u8::try_from(modes.len()).unwrap_or(u8::MAX),
                    });
                    Ok(Step::Wait)
                }
            }
        }
        OpKind::Whether { by, choices, into } => match answered(run) {
            Some(k) => {
                let Some((b, _)) = choices.get(usize::from(k)) else {
                    return Ok(Step::Done(false));
                };
                // `If you trash them`: a way that had nothing to act on was not taken.
                if idle(g, run, e, b.0) {
                    return Ok(Step::Done(false));
                }
                let s = usize::from(into.0);
                if run.slots.len() <= s {
                    run.slots.resize(s + 1, Val::default());
                }
                run.slots[s] = Val::Choice(k);
                Ok(Step::Enter(vec![b.0]))
            }
            None => {
                run.ask = Some(Ask::Whether {
                    who: who(g, run, by),
                    n: u8::try_from(choices.len()).unwrap_or(u8::MAX),
                });
                Ok(Step::Wait)
            }
        },
        OpKind::ChooseType { into, by } => match answered(run) {
            Some(k) => {
                let s = usize::from(into.0);
                if run.slots.len() <= s {
                    run.slots.resize(s + 1, Val::default());
                }
                run.slots[s] = Val::Type(card_type(k));
                Ok(Step::Done(true))
            }
            None => {
                run.ask = Some(Ask::CardType {
                    who: who(g, run, by),
                });
                Ok(Step::Wait)
            }
        },
        OpKind::Do(a) => act(g, run, a),
        OpKind::Make(st) => {
            // `gains power equal to a friendly max Gig`: with several such Gigs of different
            // values, the controller chooses which one the amount reads (rule 10.31, FAQ-077).
            if run.work.number.is_none() {
                if let Some(options) = statement::power_choices(g, run, st) {
                    run.ask = Some(Ask::Number {
                        who: run.controller,
                        options,
                    });
                    return Ok(Step::Wait);
                }
            }
            Ok(Step::Done(statement::make(
                g, run, st, pos.block, pos.index,
            )?))
        }
        OpKind::Later { when, then } => {
            // At the end of this turn, to objects already gone: nothing to do (the next time
            // an event happens, its objects are bound then).
            if *when == Later::EndOfTurn && idle(g, run, e, then.0) {
                return Ok(Step::Done(false));
            }
            let at = match when {
                Later::EndOfTurn => DelayedAt::EndOfTurn,
                Later::NextTime(_) => DelayedAt::NextTime {
                    block: pos.block,
                    index: pos.index,
                },
            };
            super::event::make_delayed(g, run, then.0, at)?;
            Ok(Step::Done(true))
        }
        OpKind::ForEachPlayer { player: p, body } => Ok(Step::Loop {
            block: body.0,
            laps: 2,
            player: Some(p.0),
        }),
        OpKind::Repeat { times, body } => {
            let cx = Cx::new(run.source, me, &run.slots);
            let n = amount(g, &cx, times, i64::from(u16::MAX));
            if n > MAX_EFFECTS as i64 {
                return Err(EngineError::LimitExceeded("repetitions of an effect").into());
            }
            Ok(Step::Loop {
                block: body.0,
                laps: n as u16,
                player: None,
            })
        }
    }
}

/// The answer an effect resolving at once takes: its own card when offered, else the first
/// option (the most, for a number of `up to`).
fn auto_answer(run: &mut Run) {
    let own = Obj::Card(run.source);
    match run.ask.take() {
        Some(Ask::YesNo { .. }) => run.work.answer = Some(1),
        Some(Ask::Pick { from, .. }) => {
            let pick = if from.contains(&own) {
                Some(own)
            } else {
                from.first().copied()
            };
            match pick {
                Some(o) => run.work.picked.push(o),
                None => run.work.stop = true,
            }
        }
        Some(Ask::Count { most, .. }) => run.work.count = Some(most),
        Some(Ask::Number { options, .. }) => {
            run.work.number = Some(options.first().map_or(0, |&n| i64::from(n)))
        }
        Some(Ask::Mode { .. } | Ask::Whether { .. } | Ask::CardType { .. }) => {
            run.work.answer = Some(0)
        }
        None => run.work.stop = true,
    }
}

/// Whether a block can do nothing: each of its operations is an action whose objects are
/// slots holding none it could act on (no card in play for an action on cards in play), so it
/// is ignored (rule 10.6.1), and a choice about it is not made (rule 10.7).
fn idle(g: &Game, run: &Run, e: &Effect, block: u16) -> bool {
    let Some(b) = e.blocks.get(usize::from(block)) else {
        return true;
    };
    let objs = |t: &prim::Target| match t {
        prim::Target::Slot(s) => Some(run.slots.get(usize::from(s.0)).map_or(&[][..], Val::objs)),
        _ => None,
    };
    let none = |a: &prim::GameAction, t: &prim::Target| {
        use prim::GameAction as A;
        let in_play_only = matches!(a, A::Defeat(_) | A::Spend(_) | A::Ready(_))
            || matches!(
                a,
                A::Move {
                    verb: prim::MoveVerb::Return,
                    ..
                }
            );
        objs(t).is_some_and(|v| {
            v.iter().all(|o| match o {
                Obj::Card(i) => in_play_only && !super::in_play(g, *i),
                _ => false,
            })
        })
    };
    !b.0.is_empty()
        && b.0.iter().all(|op| match &op.kind {
            OpKind::Do(a) => action_targets(a).into_iter().any(|t| none(a, t)),
            _ => false,
        })
}

/// Whether a block could not happen at all now (rule 10.7): it is idle, or it begins with an
/// action that can't be done (a second Call this turn), or with a choice of objects there are
/// none of, or made for an action that can't be done. What the block does after that first
/// part is not looked at: `you may X. If you do, Y` may do X when Y has nothing to act on.
pub(crate) fn futile(g: &Game, run: &Run, e: &Effect, block: u16) -> bool {
    if idle(g, run, e, block) {
        return true;
    }
    let Some(ops) = e.blocks.get(usize::from(block)).map(|b| &b.0[..]) else {
        return true;
    };
    match ops.first().map(|op| &op.kind) {
        Some(OpKind::Do(a)) => !possible(g, run, a),
        Some(OpKind::Choose { from, into, .. }) => {
            let a = consumer(e, op_at(block, 0));
            if a.is_some_and(|a| !possible(g, run, a)) {
                return true;
            }
            let all = offered(g, run, from, into.0, a);
            let cx = Cx::new(run.source, run.controller, &run.slots);
            // None to choose, none asked for (`1 more for each friendly min Gig` with none), or
            // fewer than it names: `you may X` does X whole or not at all. Or whatever is
            // chosen, the action changes nothing: yes comes out as no (rule 10.6).
            all.is_empty()
                || every_way_idle(g, run, e, block, 0)
                || match choice(g, &cx, from, &all, false) {
                    // `You may add 1 more for each friendly min Gig` with none asks for 0.
                    Pick::OneByOne { n, .. } if matches!(from.count, prim::Count::Exactly(_)) => {
                        n == 0 || all.len() < n
                    }
                    Pick::OneByOne { n, .. } | Pick::CountFirst { n } => n == 0,
                    Pick::All => false,
                }
        }
        _ => false,
    }
}

/// Whether block `block`, from its operation `k` on, is one or more choices of one object each
/// and then the action they are for, and the action changes nothing whatever is chosen (no
/// other operation reading the choices), or a choice finds nothing and the action is not done
/// (rule 10.7): `you may decrease a friendly Gig` with every friendly Gig at its min, `you may
/// set a Gig's value to the value of another Gig` with all of one value or only one Gig.
fn every_way_idle(g: &Game, run: &Run, e: &Effect, block: u16, k: usize) -> bool {
    let Some(ops) = e.blocks.get(usize::from(block)).map(|b| &b.0[..]) else {
        return false;
    };
    let Some(OpKind::Choose { from, into, .. }) = ops.get(k).map(|op| &op.kind) else {
        return false;
    };
    if !matches!(from.count, prim::Count::Exactly(prim::Num::Lit(1))) {
        return false;
    }
    let pos = op_at(block, k);
    let Some(a) = consumer(e, pos) else {
        return false;
    };
    // The choices of this block are tried one by one below: only other operations count.
    let tried = |b: usize, i: usize| b == usize::from(block) && i >= k && i < ops.len();
    if reads_outside(e, tried, a, into.0) {
        return false;
    }
    let all = offered(g, run, from, into.0, Some(a));
    match ops.get(k + 1).map(|op| &op.kind) {
        Some(OpKind::Do(x)) if std::ptr::eq(x, a) && k + 2 == ops.len() => {
            (all.iter()).all(|&o| super::act::changes_nothing(g, run, a, into.0, o))
        }
        Some(OpKind::Choose { .. }) => all.iter().all(|&o| {
            let mut r = run.clone();
            set_slot(&mut r, into.0, vec![o]);
            every_way_idle(g, &r, e, block, k + 1)
        }),
        _ => false,
    }
}

/// Whether saying yes to the `you may` at `pos`, whose block is `then`, comes out as saying no
/// (rule 10.6), whatever is chosen in it: its choices (of one object each) lead to actions that
/// change nothing on what they chose ([`super::act::changes_nothing`]), to conditions read as
/// they stand (nothing before them changed anything), and to `you may` that could not happen
/// ([`futile`]); after it, the operations of the block it is in read what it chose only in
/// conditions that come out as they would after a no. `You may look at a friendly face-down
/// Legend. If that Legend is ARASAKA …, you may Call it` with the only face-down Legend known
/// and not one to Call. Not where a `no` does something else, or where an `If you do` reads
/// whether the block was done.
fn yes_changes_nothing(
    g: &Game,
    run: &Run,
    e: &Effect,
    pos: Pos,
    then: u16,
    otherwise: bool,
) -> bool {
    if otherwise || mentions_did(e) {
        return false;
    }
    let after = usize::from(pos.index) + 1;
    let mut inside = vec![then];
    entered(e, then, 0, &mut inside);
    let mut outer = Vec::new();
    entered(e, pos.block, after, &mut outer);
    // Where what is chosen may be read: the block, what it enters, and the rest of the block
    // of the `you may` (checked against a no below).
    let region = |b: usize, i: usize| {
        (b == usize::from(pos.block) && i >= after)
            || inside.iter().chain(&outer).any(|&n| usize::from(n) == b)
    };
    let same_after = |yes: &Run| same_as_no(g, run, yes, e, pos.block, after);
    rest_idle(g, run, e, then, 0, None, &region, &same_after)
}

/// Whether an operation of `e` is `If you do` (a condition on whether a sentence was done).
fn mentions_did(e: &Effect) -> bool {
    fn did(c: &Cond) -> bool {
        match c {
            Cond::Did(_) => true,
            Cond::Not(c) => did(c),
            Cond::All(cs) | Cond::Any(cs) => cs.iter().any(did),
            _ => false,
        }
    }
    (e.blocks.iter().flat_map(|b| b.0.iter())).any(|op| match &op.kind {
        OpKind::If { cond, .. } => did(cond),
        OpKind::Modes {
            all_if, rival_if, ..
        } => all_if.iter().chain(rival_if).any(did),
        _ => false,
    })
}

/// The blocks the operations of `block` from `k` on enter (`If …,`, `you may`), nested ones too.
fn entered(e: &Effect, block: u16, k: usize, out: &mut Vec<u16>) {
    let Some(ops) = e.blocks.get(usize::from(block)).map(|b| &b.0[..]) else {
        return;
    };
    for op in ops.iter().skip(k) {
        let inner = match &op.kind {
            OpKind::If {
                then, otherwise, ..
            }
            | OpKind::May {
                then, otherwise, ..
            } => [Some(*then), *otherwise],
            _ => continue,
        };
        for b in inner.into_iter().flatten() {
            if !out.contains(&b.0) {
                out.push(b.0);
                entered(e, b.0, 0, out);
            }
        }
    }
}

/// Whether the operations of `block` from `k` on do after a yes (slots `yes`) what they do after
/// a no (slots `no`), nothing having changed: each reads no slot the two fill differently, or
/// is a condition that holds alike and enters a block that reads none of them.
fn same_as_no(g: &Game, no: &Run, yes: &Run, e: &Effect, block: u16, k: usize) -> bool {
    let n = no.slots.len().max(yes.slots.len());
    let objs = |r: &Run, i: usize| r.slots.get(i).map_or(&[][..], Val::objs).to_vec();
    let differ: Vec<u16> = (0..n)
        .filter(|&i| objs(no, i) != objs(yes, i))
        .filter_map(|i| u16::try_from(i).ok())
        .collect();
    let block_reads = |b: u16| {
        let mut all = vec![b];
        entered(e, b, 0, &mut all);
        (all.iter()).any(|&b| {
            e.blocks
                .get(usize::from(b))
                .is_some_and(|b| names_any(&b.0, &differ))
        })
    };
    let Some(ops) = e.blocks.get(usize::from(block)).map(|b| &b.0[..]) else {
        return false;
    };
    ops.iter().skip(k).all(|op| match &op.kind {
        OpKind::If {
            cond,
            then,
            otherwise,
        } => {
            let branch = |r: &Run| match holds_in(g, r, cond) {
                true => Some(*then),
                false => *otherwise,
            };
            let (after_yes, after_no) = (branch(yes), branch(no));
            // Another branch after a yes: each does nothing (`If that Legend is ARASAKA, you
            // may Call it` with the turn's Call made).
            let idle = |r: &Run, b: Option<prim::BlockId>| {
                b.is_none_or(|b| rest_idle(g, r, e, b.0, 0, None, &|_, _| false, &|_| true))
            };
            match after_yes == after_no {
                true => after_yes.is_none_or(|b| !block_reads(b.0)),
                false => idle(yes, after_yes) && idle(no, after_no),
            }
        }
        kind => !names_any(kind, &differ),
    })
}

/// [`yes_changes_nothing`] for the operations of `block` from `k` on, the object last chosen
/// being `last` (its slot and the object): what is chosen is read only within `region`, and
/// `then` is asked of the slots as they are at the end.
#[allow(clippy::too_many_arguments)]
fn rest_idle(
    g: &Game,
    run: &Run,
    e: &Effect,
    block: u16,
    k: usize,
    last: Option<(u16, Obj)>,
    region: &dyn Fn(usize, usize) -> bool,
    then: &dyn Fn(&Run) -> bool,
) -> bool {
    let Some(ops) = e.blocks.get(usize::from(block)).map(|b| &b.0[..]) else {
        return false;
    };
    let Some(op) = ops.get(k) else {
        return then(run);
    };
    let rest = |run: &Run, last| rest_idle(g, run, e, block, k + 1, last, region, then);
    match &op.kind {
        OpKind::Choose { from, into, .. }
            if matches!(from.count, prim::Count::Exactly(prim::Num::Lit(1))) =>
        {
            let Some(a) = consumer(e, op_at(block, k)) else {
                return false;
            };
            let tried = |b: usize, i: usize| (b == usize::from(block) && i >= k) || region(b, i);
            if reads_outside(e, tried, a, into.0) {
                return false;
            }
            let all = offered(g, run, from, into.0, Some(a));
            !all.is_empty()
                && all.iter().all(|&o| {
                    let mut r = run.clone();
                    set_slot(&mut r, into.0, vec![o]);
                    rest(&r, Some((into.0, o)))
                })
        }
        OpKind::Do(a) => {
            last.is_some_and(|(s, o)| super::act::changes_nothing(g, run, a, s, o))
                && rest(run, last)
        }
        OpKind::If {
            cond,
            then: yes,
            otherwise,
        } => {
            let entered = match holds_in(g, run, cond) {
                true => Some(*yes),
                false => *otherwise,
            };
            match entered {
                Some(b) => rest_idle(g, run, e, b.0, 0, last, region, &|r| rest(r, last)),
                None => rest(run, last),
            }
        }
        OpKind::May {
            then: yes,
            otherwise: None,
            ..
        } => futile(g, run, e, yes.0) && rest(run, last),
        _ => false,
    }
}

/// The action a choice at `pos` is made for: the first action after it in its block, unless
/// something else (a statement, a condition) comes first. An action of the same sentence that
/// does not read the choice is passed over: `Spend this Unit and a rival Unit` chooses the
/// rival Unit for the second spend.
fn consumer(e: &Effect, pos: Pos) -> Option<&prim::GameAction> {
    let ops = e
        .blocks
        .get(usize::from(pos.block))
        .map_or(&[][..], |b| &b.0[..]);
    let here = ops.get(usize::from(pos.index));
    let into = here.and_then(|op| match &op.kind {
        OpKind::Choose { into, .. } => Some(into.0),
        _ => None,
    });
    let after = ops.get(usize::from(pos.index) + 1..).unwrap_or(&[]);
    // The actions up to something else, with their sentences.
    let actions: SmallVec<[(&prim::GameAction, prim::SentenceId); 4]> = (after.iter())
        .take_while(|op| matches!(op.kind, OpKind::Choose { .. } | OpKind::Do(_)))
        .filter_map(|op| match &op.kind {
            OpKind::Do(a) => Some((a, op.sentence)),
            _ => None,
        })
        .collect();
    let (&(first, sentence), rest) = actions.split_first()?;
    let same = |s: prim::SentenceId| here.is_some_and(|h| h.sentence == s);
    match into {
        // Read only where another action of the sentence may be the one (slots are read from
        // the actions' descriptions).
        Some(slot) if same(sentence) && rest.iter().any(|&(_, s)| same(s)) => {
            if names_slot(first, slot) {
                return Some(first);
            }
            (rest.iter())
                .find(|&&(a, s)| same(s) && names_slot(a, slot))
                .map_or(Some(first), |&(a, _)| Some(a))
        }
        _ => Some(first),
    }
}

/// The objects a choice from `from` into slot `into` offers now, for action `consumer`.
fn offered(
    g: &Game,
    run: &Run,
    from: &prim::Selector,
    into: u16,
    consumer: Option<&prim::GameAction>,
) -> Vec<Obj> {
    let cx = Cx::new(run.source, run.controller, &run.slots);
    let mut all = objects(g, &cx, from);
    match consumer {
        // Rule 9.23.1 (through 6.7.1): a Gig the stealing Unit can't steal is no choice.
        Some(prim::GameAction::Steal { by, .. }) => {
            if let Ok(Some(u)) = super::act::stealer(g, run, by.as_ref()) {
                all.retain(|o| o.gig().is_none_or(|d| super::act::may_steal(g, u, d)));
            }
        }
        // Rule 11.8.1: a card chosen to be played that can't be (its cost can't be paid) is
        // no choice.
        Some(prim::GameAction::Play {
            card: prim::Target::Slot(s),
            free,
            host,
            ..
        }) if s.0 == into => {
            all.retain(|o| {
                o.card()
                    .is_none_or(|c| super::act::playable(g, run, c, *free, host.as_ref()))
            });
        }
        _ => {}
    }
    all
}

/// Keeps the first of the objects `all` on which action `a` would change nothing (rules 6.4.4,
/// 10.6: a choice whose answers all come out the same is no question), when nothing else in
/// the effect reads slot `into`: choosing one of them or another then leads to the same game.
/// Where choosing is `optional` (`up to 2`, `any number of`), choosing such an object is
/// choosing fewer, so none of them is kept.
#[allow(clippy::too_many_arguments)]
fn one_of_the_alike(
    g: &Game,
    run: &Run,
    e: &Effect,
    pos: Pos,
    into: u16,
    a: &prim::GameAction,
    optional: bool,
    all: &mut Vec<Obj>,
) {
    // Chosen before the other objects the action reads (`Set a player's Gig to the same
    // value as another player's Gig`): idle if it is whatever they are.
    let ops = (e.blocks.get(usize::from(pos.block))).map_or(&[][..], |b| &b.0[..]);
    let k = usize::from(pos.index);
    let more = matches!(
        ops.get(k + 1).map(|op| &op.kind),
        Some(OpKind::Choose { .. })
    );
    let idle: Vec<bool> = (all.iter())
        .map(|&o| match more {
            true => {
                let mut r = run.clone();
                set_slot(&mut r, into, vec![o]);
                every_way_idle(g, &r, e, pos.block, k + 1)
            }
            false => super::act::changes_nothing(g, run, a, into, o),
        })
        .collect();
    let keep = usize::from(!optional);
    // The later choices of the block read this one only for what they offer, tried above.
    let later = |b: usize, i: usize| b == usize::from(pos.block) && (i == k || (more && i > k));
    if idle.iter().filter(|&&i| i).count() <= keep || reads_outside(e, later, a, into) {
        return;
    }
    let mut kept = 0;
    let mut k = 0;
    all.retain(|_| {
        let i = idle[k];
        k += 1;
        if i {
            kept += 1;
        }
        !i || kept <= keep
    });
}

/// Keeps the first of the objects `all` that give action `a` the same number, when `a` reads
/// the object chosen into slot `into` only for a number (`to the same value as another
/// player's Gig`, `by its value`) and nothing else in the effect reads the choice: choosing one
/// or another of them then leads to the same game (rule 10.6).
fn one_per_number(
    g: &Game,
    run: &Run,
    e: &Effect,
    pos: Pos,
    into: u16,
    a: &prim::GameAction,
    all: &mut Vec<Obj>,
) {
    let (acted_on, n) = match a {
        prim::GameAction::SetGig { gig, to } => (gig, to),
        prim::GameAction::ChangeGig { gig, by, .. } => (gig, by),
        _ => return,
    };
    if all.len() < 2
        || names_slot(acted_on, into)
        || !names_slot(n, into)
        || reads_elsewhere(e, pos, a, into)
    {
        return;
    }
    let mut seen: Vec<Vec<i64>> = Vec::new();
    all.retain(|&o| {
        let slots = with_chosen(run, into, o);
        let cx = Cx::new(run.source, run.controller, &slots);
        let v = super::number::nums(g, &cx, n).vals.to_vec();
        let new = !seen.contains(&v);
        if new {
            seen.push(v);
        }
        new
    });
}

/// Whether an operation of `e` other than the choice at `pos` and its action `a` names slot
/// `s` (a pronoun or a condition on the chosen object, `another Gig`, a later sentence): read
/// from the operations' descriptions, so any mention counts, a write too. One exception: a
/// condition that holds only if `a`'s sentence was done (`If it becomes a min Gig`, which
/// needs the change, FAQ-194) reads nothing of an object `a` changes nothing on, when nothing
/// else in that sentence can be done: it is false for every such object alike.
fn reads_elsewhere(e: &Effect, pos: Pos, a: &prim::GameAction, s: u16) -> bool {
    let here = |b: usize, k: usize| b == usize::from(pos.block) && k == usize::from(pos.index);
    reads_outside(e, here, a, s)
}

/// [`reads_elsewhere`] for the operations `skip` does not name (by block and index).
fn reads_outside(
    e: &Effect,
    skip: impl Fn(usize, usize) -> bool,
    a: &prim::GameAction,
    s: u16,
) -> bool {
    let is_action = |op: &prim::Op| matches!(&op.kind, OpKind::Do(x) if std::ptr::eq(x, a));
    let ops = || e.blocks.iter().flat_map(|b| b.0.iter());
    let done = ops().find(|op| is_action(op)).map(|op| op.sentence);
    // Choosing, asking and testing are never "done" themselves (`If you do`).
    let only_action = |sentence: prim::SentenceId| {
        ops().all(|op| {
            op.sentence != sentence
                || is_action(op)
                || matches!(
                    op.kind,
                    OpKind::Choose { .. } | OpKind::May { .. } | OpKind::If { .. }
                )
        })
    };
    let done = done.filter(|&d| only_action(d));
    e.blocks.iter().enumerate().any(|(b, block)| {
        block.0.iter().enumerate().any(|(k, op)| {
            !skip(b, k)
                && !is_action(op)
                && match (&op.kind, done) {
                    (OpKind::If { cond, .. }, Some(d)) => cond_names(cond, s, d),
                    (kind, _) => names_slot(kind, s),
                }
        })
    })
}

/// Whether condition `c` names `slot` outside the conjunctions that need sentence `done` to
/// have been done.
fn cond_names(c: &prim::Cond, slot: u16, done: prim::SentenceId) -> bool {
    use prim::Cond;
    match c {
        Cond::All(parts) if parts.contains(&Cond::Did(done)) => false,
        Cond::All(parts) | Cond::Any(parts) => parts.iter().any(|p| cond_names(p, slot, done)),
        Cond::Not(p) => cond_names(p, slot, done),
        other => names_slot(other, slot),
    }
}

/// Whether the choice at `pos` is the first thing the `then` block of a `you may` does: the
/// player already said they do it.
fn right_after_yes(run: &Run, e: &Effect, pos: Pos) -> bool {
    let n = run.cursor.len();
    if pos.index != 0 || n < 2 {
        return false;
    }
    let parent = run.cursor[n - 2];
    let Some(k) = usize::from(parent.index).checked_sub(1) else {
        return false;
    };
    (e.blocks.get(usize::from(parent.block)))
        .and_then(|b| b.0.get(k))
        .is_some_and(|op| matches!(&op.kind, OpKind::May { then, .. } if then.0 == pos.block))
}

/// The targets an action acts on (its first: the cards it moves, defeats, spends …).
fn action_targets(a: &prim::GameAction) -> SmallVec<[&prim::Target; 2]> {
    use prim::GameAction as A;
    match a {
        A::Move { what, .. } => smallvec![what],
        A::Defeat(t)
        | A::Spend(t)
        | A::Ready(t)
        | A::Reroll(t)
        | A::Reveal(t)
        | A::Look(t)
        | A::Sell(t)
        | A::Prevent(t) => smallvec![t],
        A::ChangeGig { gig, .. } | A::SetGig { gig, .. } => smallvec![gig],
        A::Swap { a, b } => smallvec![a, b],
        A::Steal { gig, .. } => smallvec![gig],
        A::Call { legend, .. } => smallvec![legend],
        A::Play { card, .. } => smallvec![card],
        A::Equip { gear, to } | A::MoveGear { gear, to } => smallvec![gear, to],
        A::Draw { .. }
        | A::TrashTop { .. }
        | A::Pay(_)
        | A::IgnoreResult
        | A::EndAttack
        | A::GameResult { .. } => SmallVec::new(),
    }
}

/// The card type of a [`Choice::CardType`] answer (rule 3.3).
fn card_type(k: u16) -> CardType {
    match k {
        0 => CardType::Unit,
        1 => CardType::Gear,
        2 => CardType::Program,
        _ => CardType::Legend,
    }
}

/// `Choose` (rule 10.31): the objects are offered one at a time (`a`: exactly one if there is
/// one; `up to N` in play: how many first), `all` binds every one with no question.
fn choose(
    g: &mut Game,
    run: &mut Run,
    e: &Effect,
    pos: Pos,
    from: &prim::Selector,
    into: u16,
    chooser: PlayerId,
) -> Result<Step, Stop> {
    let me = run.controller;
    // Answered as far as it asked: nothing changed while the player chose, so the objects it
    // offered and how many it wants are what they were.
    if (run.work.wants).is_some_and(|n| run.work.picked.len() >= n as usize) {
        bind_picked(run, into, false);
        return Ok(Step::Done(false));
    }
    // The action the choice is made for: the first after it in its block.
    let ops = e
        .blocks
        .get(usize::from(pos.block))
        .map_or(&[][..], |b| &b.0[..]);
    let after = ops.get(usize::from(pos.index) + 1..).unwrap_or(&[]);
    let chosen_later: Vec<u16> = (after.iter())
        .take_while(|op| matches!(op.kind, OpKind::Choose { .. }))
        .filter_map(|op| match &op.kind {
            OpKind::Choose { into, .. } => Some(into.0),
            _ => None,
        })
        .collect();
    let consumer = consumer(e, pos);
    if let Some(a) = consumer {
        // Rule 10.7: a choice made only for an action that can't be done now, or whose other
        // objects were chosen and found none, is not made.
        let other_none = action_targets(a).into_iter().any(|t| match t {
            prim::Target::Slot(s) if s.0 != into && !chosen_later.contains(&s.0) => run
                .slots
                .get(usize::from(s.0))
                .is_none_or(|v| v.objs().is_empty()),
            _ => false,
        });
        // Or whose other object, to be chosen next, can't be found whatever is chosen here
        // (`Move a Gear from this Legend to an unequipped friendly Unit` with none).
        let later_none = || {
            (after.iter())
                .take_while(|op| matches!(op.kind, OpKind::Choose { .. }))
                .any(|op| match &op.kind {
                    OpKind::Choose {
                        from: f, into: s, ..
                    } => {
                        matches!(f.count, prim::Count::Exactly(prim::Num::Lit(1)))
                            && action_targets(a).contains(&&prim::Target::Slot(*s))
                            && !names_slot(f, into)
                            && offered(g, run, f, s.0, Some(a)).is_empty()
                    }
                    _ => false,
                })
        };
        if !possible(g, run, a) || other_none || later_none() {
            set_slot(run, into, Vec::new());
            return Ok(Step::Done(false));
        }
    }
    let for_play = matches!(consumer, Some(prim::GameAction::Play { .. }));
    let (options, how) = {
        let mut all = offered(g, run, from, into, consumer);
        if let Some(a) = consumer {
            let optional = matches!(from.count, prim::Count::UpTo(_) | prim::Count::AnyNumber);
            one_of_the_alike(g, run, e, pos, into, a, optional, &mut all);
            if matches!(from.count, prim::Count::Exactly(prim::Num::Lit(1))) {
                one_per_number(g, run, e, pos, into, a, &mut all);
            }
        }
        let cx = Cx::new(run.source, me, &run.slots);
        let how = match choice(g, &cx, from, &all, for_play) {
            // Failing to find (rule 5.3.2.4.1) right after saying yes to `you may` would only
            // say no again: the player chooses among what they said they would choose.
            Pick::OneByOne { n, stop: true }
                if matches!(from.count, prim::Count::Exactly(_))
                    && right_after_yes(run, e, pos) =>
            {
                Pick::OneByOne { n, stop: false }
            }
            how => how,
        };
        (all, how)
    };
    let left: Vec<Obj> = (options.iter())
        .copied()
        .filter(|o| !run.work.picked.contains(o))
        .collect();
    let bind = |run: &mut Run, short: bool| {
        bind_picked(run, into, short);
        Ok(Step::Done(false))
    };
    // Eddies are face-down and alike (rule 5.8): the first ones, with no question.
    let alike = matches!(from.scope, Scope::Eddies(_));
    match how {
        Pick::All => {
            run.work.picked = options;
            bind(run, false)
        }
        Pick::OneByOne { n, stop } => {
            if alike {
                run.work.picked = options.into_iter().take(n).collect();
                let short = run.work.picked.len() < n;
                return bind(run, short);
            }
            if run.work.picked.len() >= n || left.is_empty() || run.work.stop {
                let short = run.work.picked.len() < n && !stop;
                return bind(run, short);
            }
            // As many left as are still to be chosen, with no stopping: every one, no question
            // (a single one is the decision's only option).
            if !stop && left.len() > 1 && n - run.work.picked.len() >= left.len() {
                run.work.picked.extend(left);
                let short = run.work.picked.len() < n;
                return bind(run, short);
            }
            // A Rival is no choice in a two-player game.
            if let [Obj::Player(_)] = left[..] {
                run.work.picked.push(left[0]);
                return choose(g, run, e, pos, from, into, chooser);
            }
            run.work.wants = Some(u32::try_from(n).unwrap_or(u32::MAX));
            run.ask = Some(Ask::Pick {
                who: chooser,
                from: left,
                stop,
            });
            Ok(Step::Wait)
        }
        Pick::CountFirst { n } => {
            let most = n.min(options.len()).min(127);
            if most == 0 {
                return bind(run, false);
            }
            let Some(k) = run.work.count else {
                run.ask = Some(Ask::Count {
                    who: chooser,
                    most: most as u16,
                });
                return Ok(Step::Wait);
            };
            if run.work.picked.len() >= usize::from(k) || left.is_empty() {
                return bind(run, false);
            }
            // As many left as the number still to choose: every one, no question.
            if left.len() > 1 && usize::from(k) - run.work.picked.len() >= left.len() {
                run.work.picked.extend(left);
                return bind(run, false);
            }
            run.ask = Some(Ask::Pick {
                who: chooser,
                from: left,
                stop: false,
            });
            Ok(Step::Wait)
        }
    }
}

/// The objects chosen so far bound to slot `into` (`short`: fewer than the choice wanted).
fn bind_picked(run: &mut Run, into: u16, short: bool) {
    let objs = std::mem::take(&mut run.work.picked);
    let k = usize::from(into);
    if run.slots.len() <= k {
        run.slots.resize(k + 1, Val::default());
    }
    run.slots[k] = Val::Objs { objs, short };
}

/// The decision an effect of the core waits for.
pub(crate) fn decision(run: &Run) -> Option<Decision> {
    Some(match run.ask.as_ref()? {
        Ask::YesNo { who } => Decision {
            player: *who,
            prompt: DecisionKind::May,
            options: vec![Choice::Yes, Choice::No],
        },
        Ask::Pick { who, from, stop } => {
            let gigs = from.iter().any(|o| matches!(o, Obj::Gig(_)));
            let mut options: Vec<Choice> = (from.iter())
                .filter_map(|&o| match o {
                    Obj::Card(i) => Some(Choice::Card(i)),
                    Obj::Gig(d) => Some(Choice::Gig(d)),
                    Obj::Player(_) => None,
                })
                .collect();
            if *stop {
                options.push(Choice::No);
            }
            Decision {
                player: *who,
                prompt: match gigs {
                    true => DecisionKind::EffectGig,
                    false => DecisionKind::EffectCard,
                },
                options,
            }
        }
        Ask::Count { who, most } => Decision {
            player: *who,
            prompt: DecisionKind::Number,
            options: (0..=*most)
                .map(|k| Choice::Number(i8::try_from(k).unwrap_or(i8::MAX)))
                .collect(),
        },
        Ask::Number { who, options } => Decision {
            player: *who,
            prompt: DecisionKind::Number,
            options: options.iter().map(|&n| Choice::Number(n)).collect(),
        },
        Ask::Mode { who, n } | Ask::Whether { who, n } => Decision {
            player: *who,
            prompt: DecisionKind::Mode,
            options: (0..*n).map(Choice::Mode).collect(),
        },
        Ask::CardType { who } => Decision {
            player: *who,
            prompt: DecisionKind::CardType,
            options: (0..4).map(Choice::CardType).collect(),
        },
    })
}

/// Applies the answer to the question of the effect on top of the frame stack.
pub(crate) fn answer(g: &mut Game, choice: Choice) -> Flow {
    let Some(Frame::Run(run)) = g.state.frames.last_mut() else {
        return Err(EngineError::Bug("an effect choice without an effect").into());
    };
    let w = &mut run.work;
    match (run.ask.take(), choice) {
        (Some(Ask::YesNo { .. }), Choice::Yes) => w.answer = Some(1),
        (Some(Ask::YesNo { .. }), Choice::No) => w.answer = Some(0),
        (Some(Ask::Pick { .. }), Choice::Card(i)) => w.picked.push(Obj::Card(i)),
        (Some(Ask::Pick { .. }), Choice::Gig(d)) => w.picked.push(Obj::Gig(d)),
        (Some(Ask::Pick { stop: true, .. }), Choice::No) => w.stop = true,
        (Some(Ask::Count { .. }), Choice::Number(k)) => {
            w.count = Some(u16::try_from(k.max(0)).unwrap_or(0))
        }
        (Some(Ask::Number { .. }), Choice::Number(n)) => w.number = Some(i64::from(n)),
        (Some(Ask::Mode { .. } | Ask::Whether { .. }), Choice::Mode(m)) => {
            w.answer = Some(u16::from(m))
        }
        (Some(Ask::CardType { .. }), Choice::CardType(k)) => w.answer = Some(u16::from(k)),
        _ => return Err(EngineError::Bug("an answer to another question").into()),
    }
    Ok(())
}

/// The effect on top of the frame stack, the card whose ability it is, and the operation its
/// cursor is at (the one asking, while it waits on a question).
fn top_op(g: &Game) -> Option<(&Run, crate::CardIdx, &Effect, &Op)> {
    let Some(Frame::Run(run)) = g.state.frames.last() else {
        return None;
    };
    let card = g.state.inst(run.source)?.card;
    let e = g.pool.core(card)?.ability(run.line)?.body.effect()?;
    let pos = run.cursor.last()?;
    let block = e.blocks.get(usize::from(pos.block))?;
    Some((run, card, e, block.0.get(usize::from(pos.index))?))
}

/// What answering the question of the effect on top of the frame stack with `c` surely records
/// in this turn's history by the next decision ([`Records`]). Only the modes of `Choose one
/// effect.` are read; entering a mode changes nothing else first (its `If …, choose both
/// instead.` did not hold when the question was asked, and nothing has changed since).
///
/// - [`Records::Surely`]: the mode's first operation draws at least one card, with a card in
///   each drawing player's deck, where no replacement effect can apply to a draw and the
///   history has room. The draw is the next thing done, and a draw from a deck with a card
///   always records one ([`Game::draw`]).
/// - [`Records::Nothing`]: the mode, and what is left of the effect after the question, only
///   choose, test, ask `you may` and make statements ([`quiet`]), no part of it runs again
///   (`for each`), and below the effect is the Main Phase with nothing pending: the game comes
///   back to the Main Phase's decision having recorded nothing, whatever is answered on the way.
pub(crate) fn records(g: &Game, c: Choice) -> Records {
    let (Choice::Mode(m), Some((run, _, e, op))) = (c, top_op(g)) else {
        return Records::Unsure;
    };
    let (Some(Ask::Mode { .. }), OpKind::Modes { modes, .. }) = (&run.ask, &op.kind) else {
        return Records::Unsure;
    };
    let Some(&(mode, _)) = modes.get(usize::from(m)) else {
        return Records::Unsure;
    };
    if surely_draws(g, run, e, mode.0) {
        return Records::Surely;
    }
    let back_to_main =
        matches!(g.state.frames[..], [Frame::Main, Frame::Run(_)]) && g.state.pending.is_empty();
    if !back_to_main {
        return Records::Unsure;
    }
    // The rest of the effect: the operations after the question in its block, and in each
    // block below it on the cursor those from its position on (already past the operation
    // that entered the block above), with no lap left to run.
    let top = run.cursor.len().saturating_sub(1);
    let rest_quiet = (run.cursor.iter().enumerate()).all(|(k, p)| {
        let from = usize::from(p.index) + usize::from(k == top);
        p.lap.saturating_add(1) >= p.laps && quiet(e, p.block, from)
    });
    match rest_quiet && quiet(e, mode.0, 0) {
        true => Records::Nothing,
        false => Records::Unsure,
    }
}

/// Whether block `block`'s first operation draws at least one card from each drawing player's
/// deck, surely recording it (see [`records`]).
fn surely_draws(g: &Game, run: &Run, e: &Effect, block: u16) -> bool {
    let Some(first) = e.blocks.get(usize::from(block)).and_then(|b| b.0.first()) else {
        return false;
    };
    let OpKind::Do(
        a @ prim::GameAction::Draw {
            who,
            n,
            up_to: false,
            ..
        },
    ) = &first.kind
    else {
        return false;
    };
    let replaced = g.tables.kinds.replacements
        || (g.state.replacements.iter()).any(|r| r.on == crate::state::ActionKind::Draw);
    let broken = g.pool.core_broken().is_some_and(|b| b.is_action(a));
    let room = g.state.history.events.len() < crate::state::MAX_HISTORY;
    if replaced || broken || !room {
        return false;
    }
    let cx = Cx::new(run.source, run.controller, &run.slots);
    let drawers = super::select::players(g, &cx, who);
    amount(g, &cx, n, 1) >= 1
        && !drawers.is_empty()
        && (drawers.iter()).all(|&p| !g.state.player(p).deck.is_empty())
}

/// Whether the operations of `block` from its `k`th on record nothing in this turn's history,
/// whatever is answered: each chooses (binding objects is no happening), makes a statement
/// (its events, `Stated`, `PowerChanged`, `Granted`, are no happenings and trigger nothing),
/// tests a condition whose blocks are quiet too, or asks `you may` (a yes is a question, where
/// the game stops; a no goes on to a quiet `Otherwise,`). Any other operation may record.
fn quiet(e: &Effect, block: u16, k: usize) -> bool {
    // Blocks nest as a tree; the bound only keeps a malformed effect from looping.
    fn go(e: &Effect, block: u16, k: usize, depth: u8) -> bool {
        let quiet_block = |b: prim::BlockId| depth < 16 && go(e, b.0, 0, depth + 1);
        let Some(ops) = e.blocks.get(usize::from(block)) else {
            return false;
        };
        (ops.0.iter().skip(k)).all(|op| match &op.kind {
            OpKind::Choose { .. } | OpKind::Make(_) => true,
            OpKind::If {
                then, otherwise, ..
            } => quiet_block(*then) && otherwise.is_none_or(quiet_block),
            OpKind::May { otherwise, .. } => otherwise.is_none_or(quiet_block),
            _ => false,
        })
    }
    go(e, block, k, 0)
}

/// The words of way `m` of the question the effect on top of the frame stack asks: a mode of
/// `Choose one effect.` (`Draw 1.`) or a way of `… chooses whether …` (`trash them`), as printed.
pub(crate) fn way_words(g: &Game, m: u8) -> Option<&str> {
    let (_, card, _, op) = top_op(g)?;
    let ways = match &op.kind {
        OpKind::Modes { modes, .. } => modes,
        OpKind::Whether { choices, .. } => choices,
        _ => return None,
    };
    let (_, span) = ways.get(usize::from(m))?;
    g.pool.printed(card)?.words(*span)
}
