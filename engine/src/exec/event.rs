//! Events: patterns matched against what happened, and the triggers they make pending
//! (rules 10.11, 10.16, 10.17): timing labels of the card an event is about (rules
//! 11.17–11.21), `At the start/end of … turn` (rules 8.6.2.2, 8.16.1), `When …` and `The first
//! time … each turn` (over this turn's history, FAQ §3), and delayed effects (`The next time …
//! this turn`, `… at the end of this turn`, rule 8.16.1). An event's objects are bound to the
//! slots its pattern names, kept with the pending effect until it resolves.

use super::select::{pred, Thing};
use super::Cx;
use crate::game::{Flow, Game, MAX_EFFECTS};
use crate::log::Event;
use crate::pool::kind_bit;
use crate::state::{
    DelayedAt, EffectRef, Fact, Frame, Happened, InstId, Obj, PendingBinds, PlayerId, Val, Zone,
};
use gigscript_dsl::prim::{Body, EventKind, EventPattern, Label, Later, OpKind, Pred, TriggerOn};
use gigscript_dsl::CardType;
use smallvec::SmallVec;

/// The slots an event binds for one way it matches.
pub(crate) type Binds = Vec<(u16, Val)>;

fn fact_obj(f: &Fact) -> Obj {
    Thing::Was(f).obj()
}

fn bind(
    out: &mut Vec<Val>,
    binds: &mut Binds,
    slot: Option<gigscript_dsl::prim::Slot>,
    objs: Vec<Obj>,
) {
    let Some(s) = slot else { return };
    let k = usize::from(s.0);
    if out.len() <= k {
        out.resize(k + 1, Val::default());
    }
    let v = Val::Objs { objs, short: false };
    out[k] = v.clone();
    binds.push((s.0, v));
}

/// The ways happening `h` meets pattern `p` of an ability read in `cx` (its card and
/// controller; its slots as bound so far, for a delayed effect): the slots each way binds.
/// `would`: `h` is about to happen (a replacement or prevention window).
pub(crate) fn matches(
    g: &Game,
    cx: &Cx,
    p: &EventPattern,
    h: &Happened,
    would: bool,
) -> Vec<Binds> {
    if !p.kinds.contains(&h.kind) || p.would != would {
        return Vec::new();
    }
    if p.margin.is_some_and(|m| i64::from(h.margin) < i64::from(m)) {
        return Vec::new();
    }
    let mut slots: Vec<Val> = cx.slots.to_vec();
    let mut binds = Binds::new();
    // Who did it: the acting card, or the player it acted for (`When a Rival steals …`).
    let player_fact = h.player.map(Fact::Player);
    let mut doers = h.actor.iter().chain(player_fact.iter());
    let actor = match p.actor {
        Pred::True => doers.next(),
        _ => {
            let c = Cx {
                slots: &slots,
                ..*cx
            };
            match doers.find(|f| pred(g, &c, &p.actor, Thing::Was(f))) {
                Some(f) => Some(f),
                None => return Vec::new(),
            }
        }
    };
    if let Some(f) = actor {
        bind(&mut slots, &mut binds, p.binds.actor, vec![fact_obj(f)]);
    }
    // The other Unit of a fight.
    if p.other != Pred::True || p.binds.other.is_some() {
        let Some(o) = &h.other else {
            return Vec::new();
        };
        let c = Cx {
            slots: &slots,
            ..*cx
        };
        if !pred(g, &c, &p.other, Thing::Was(o)) {
            return Vec::new();
        }
        bind(&mut slots, &mut binds, p.binds.other, vec![fact_obj(o)]);
    }
    // What it was done to.
    let c = Cx {
        slots: &slots,
        ..*cx
    };
    let ok: Vec<Obj> = match p.object {
        Pred::True => h.objects.iter().map(fact_obj).collect(),
        _ => h
            .objects
            .iter()
            .filter(|f| pred(g, &c, &p.object, Thing::Was(f)))
            .map(fact_obj)
            .collect(),
    };
    if p.object != Pred::True && ok.is_empty() {
        return Vec::new();
    }
    // `1 or more Gigs`: once for the event (FAQ §12.10); else once for each object.
    if p.per_event || ok.len() <= 1 {
        let mut b = binds;
        let mut s = slots;
        bind(&mut s, &mut b, p.binds.object, ok);
        return vec![b];
    }
    ok.into_iter()
        .map(|o| {
            let mut b = binds.clone();
            let mut s = slots.clone();
            bind(&mut s, &mut b, p.binds.object, vec![o]);
            b
        })
        .collect()
}

/// `… this turn` conditions, `The first time … each turn`: an event matching `p` happened this
/// turn (the event being read now is recorded once its triggers are found).
pub(crate) fn happened_this_turn(g: &Game, cx: &Cx, p: &EventPattern) -> bool {
    (g.state.history.of_turn(g.state.turn).iter()).any(|h| !matches(g, cx, p, h, false).is_empty())
}

/// `that attacked this turn`, `this Unit stole a Gig this turn`: an event of this turn matching
/// `p` with `o` its actor (or, with `as_actor` false, one of its objects).
pub(crate) fn did_this_turn(g: &Game, cx: &Cx, p: &EventPattern, as_actor: bool, o: Obj) -> bool {
    let is = |f: &Fact| fact_obj(f) == o;
    g.state.history.of_turn(g.state.turn).iter().any(|h| {
        let who = match as_actor {
            true => h.actor.iter().any(is) || h.player.is_some_and(|q| Obj::Player(q) == o),
            false => h.objects.iter().any(is),
        };
        who && !matches(g, cx, p, h, false).is_empty()
    })
}

/// Makes ability `line` of `source` pending for its controller, with the slots its event binds
/// and, for a delayed effect, the block it resumes at.
pub(crate) fn make_pending(
    g: &mut Game,
    source: InstId,
    controller: PlayerId,
    line: u16,
    slots: Binds,
    resume: Option<(u16, Vec<Val>)>,
) -> Flow {
    let seq = g.state.next_seq;
    g.push_pending(controller, source, EffectRef::Text { line })?;
    if !slots.is_empty() || resume.is_some() {
        g.state
            .pending_binds
            .push(PendingBinds { seq, slots, resume });
    }
    Ok(())
}

/// Calls `f` with each card in play that may trigger, in the order they do: the turn player's
/// field and Legends area, then the other player's, then the Gear equipped to them host by host
/// (those whose card listens for one of the kinds `bits`).
fn each_watcher(g: &Game, bits: u32, mut f: impl FnMut(InstId)) {
    let st = &g.state;
    let tp = st.turn_player;
    let listens = &g.tables.listens_at[..];
    let ok = |c: InstId| (listens.get(usize::from(c.0))).is_some_and(|&l| l & bits != 0);
    for p in [tp, tp.other()] {
        let pl = st.player(p);
        for area in [&pl.field, &pl.legends] {
            for &c in area.iter() {
                if ok(c) {
                    f(c);
                }
            }
        }
    }
    if g.tables.kinds.gear_when {
        let equipped: Equipped = g.equipped().collect();
        if equipped.is_empty() {
            return;
        }
        for p in [tp, tp.other()] {
            let pl = st.player(p);
            for &host in pl.field.iter().chain(pl.legends.iter()) {
                for &(gear, on) in &equipped {
                    if on == host && ok(gear) {
                        f(gear);
                    }
                }
            }
        }
    }
}

/// The Gear equipped now with their hosts ([`Game::equipped`]): a few at most.
type Equipped = SmallVec<[(InstId, InstId); 8]>;

/// Whether ability `a` of card `c` (an equipped Gear's top textbox is its own, the bottom its
/// host's, rule 4.11) can trigger from where `c` is.
fn counts(g: &Game, c: InstId, top: bool) -> bool {
    let Some(x) = g.state.inst(c) else {
        return false;
    };
    match x.equipped_to {
        Some(_) => !top,
        None => true,
    }
}

/// `When …` and `The first time … each turn` abilities that happening `h` (or, with `would`,
/// an action about to happen) triggers: found first, then made pending in that order.
#[inline]
fn when_triggers(g: &mut Game, h: &Happened, would: bool) -> Flow {
    let bit = kind_bit(h.kind);
    if g.tables.kinds.listens & bit == 0 {
        // No card of the game listens for it (most events): only a delayed effect may.
        return next_time(g, h, would);
    }
    triggers_of(g, h, would, bit)
}

/// [`when_triggers`] for an event of a kind (`bit`) some card of the game listens for.
#[inline(never)]
fn triggers_of(g: &mut Game, h: &Happened, would: bool, bit: u32) -> Flow {
    let mut found = std::mem::take(&mut g.found);
    let mut watchers = std::mem::take(&mut g.watchers);
    found.clear();
    watchers.clear();
    let game: &Game = g;
    let pool = &*game.pool;
    each_watcher(game, bit, |src| {
        if let Some(x) = game.state.inst(src) {
            if x.face_up && matches!(x.zone, Zone::Field | Zone::Legends) {
                watchers.push((src, x.controller));
            }
        }
    });
    // A card that leaves play with the event looks back at it (rules 4.4.2, 10.10.1): a Unit
    // defeated at once with others sees its own defeat, with its controller and face as they
    // were (FAQ-059, Yorinobu Arasaka: Steel Dragon).
    if let (EventKind::Defeat, false) = (h.kind, would) {
        watchers.extend((h.objects.iter()).filter_map(|f| match f {
            Fact::Card(c)
                if c.face_up
                    && matches!(c.zone, Zone::Field | Zone::Legends)
                    && game.state.inst(c.inst).is_some_and(|x| {
                        !matches!(x.zone, Zone::Field | Zone::Legends)
                            && pool.core(x.card).is_some_and(|t| t.listens & bit != 0)
                    }) =>
            {
                Some((c.inst, c.controller))
            }
            _ => None,
        }));
    }
    for &(src, controller) in &watchers {
        let Some(x) = game.state.inst(src).copied() else {
            continue;
        };
        let x = crate::state::Instance { controller, ..x };
        let Some(t) = pool.core(x.card) else { continue };
        for &line in &t.when {
            let Some(a) = t.ability(line) else { continue };
            let Body::Triggered {
                on: TriggerOn::Event(p),
                first_each_turn,
                ..
            } = &a.body
            else {
                continue;
            };
            if !counts(game, src, a.top) {
                continue;
            }
            let cx = Cx::new(src, x.controller, &[]);
            let ways = matches(game, &cx, p, h, would);
            if ways.is_empty() {
                continue;
            }
            // FAQ §3: the turn's first such event, also one before this card was in play.
            if *first_each_turn && happened_this_turn(game, &cx, p) {
                continue;
            }
            for b in ways {
                found.push((src, x.controller, line, b));
                if *first_each_turn {
                    break;
                }
            }
        }
    }
    g.watchers = watchers;
    for (src, controller, line, b) in found.drain(..) {
        make_pending(g, src, controller, line, b, None)?;
    }
    g.found = found;
    next_time(g, h, would)
}

/// `The next time … this turn`: the first delayed effect waiting for `h` becomes pending and
/// is used up; those of an earlier turn are gone (rule 8.16.2).
#[inline]
fn next_time(g: &mut Game, h: &Happened, would: bool) -> Flow {
    match g.state.delayed_runs.is_empty() {
        true => Ok(()),
        false => delayed_for(g, h, would),
    }
}

/// [`next_time`] while some delayed effect waits (out of line: most events find none).
#[inline(never)]
fn delayed_for(g: &mut Game, h: &Happened, would: bool) -> Flow {
    let turn = g.state.turn;
    g.state.delayed_runs.retain(|d| d.turn == turn);
    let pool = g.pool.clone();
    let mut k = 0;
    while k < g.state.delayed_runs.len() {
        let d = g.state.delayed_runs[k].clone();
        let DelayedAt::NextTime { block, index } = d.at else {
            k += 1;
            continue;
        };
        let pattern = g
            .state
            .inst(d.source)
            .and_then(|x| pool.core(x.card))
            .and_then(|t| t.ability(d.line))
            .and_then(|a| a.body.effect())
            .and_then(|e| e.blocks.get(usize::from(block))?.0.get(usize::from(index)))
            .and_then(|op| match &op.kind {
                OpKind::Later {
                    when: Later::NextTime(p),
                    ..
                } => Some(p),
                _ => None,
            });
        let Some(p) = pattern else {
            k += 1;
            continue;
        };
        let cx = Cx::new(d.source, d.controller, &d.slots);
        match matches(g, &cx, p, h, would).into_iter().next() {
            Some(b) => {
                g.state.delayed_runs.remove(k);
                let mut slots = d.slots.clone();
                for (s, v) in b {
                    let s = usize::from(s);
                    if slots.len() <= s {
                        slots.resize(s + 1, Val::default());
                    }
                    slots[s] = v;
                }
                make_pending(
                    g,
                    d.source,
                    d.controller,
                    d.line,
                    Vec::new(),
                    Some((d.block, slots)),
                )?;
            }
            None => k += 1,
        }
    }
    Ok(())
}

/// Rule 8.16.1: `… at the end of this turn` effects become pending with the end-of-turn
/// effects; delayed effects of an earlier turn are gone.
fn end_of_turn(g: &mut Game) -> Flow {
    if g.state.delayed_runs.is_empty() {
        return Ok(());
    }
    let turn = g.state.turn;
    let all = std::mem::take(&mut g.state.delayed_runs);
    for d in all {
        if d.turn != turn {
            continue;
        }
        match d.at {
            DelayedAt::EndOfTurn => make_pending(
                g,
                d.source,
                d.controller,
                d.line,
                Vec::new(),
                Some((d.block, d.slots)),
            )?,
            DelayedAt::NextTime { .. } => g.state.delayed_runs.push(d),
        }
    }
    Ok(())
}

/// Makes the timing-label abilities of the card an event is about pending: {Play} when it is
/// played (11.20), {Attack} when it attacks (11.21), {Defeated} once it is in the trash
/// (11.19.2), {Call} when it is called (11.18); `only`: those whose effect passes it.
fn label_triggers(g: &mut Game, about: InstId, label: Label, only: &dyn Fn(&Body) -> bool) -> Flow {
    let Some(inst) = g.state.inst(about).copied() else {
        return Ok(());
    };
    if !g.tables.kinds.labels {
        return Ok(());
    }
    // A removed card triggers nothing, except a Legend defeated (and so removed): its
    // {Defeated} enters pending (rule 4.4.2).
    let defeated_legend =
        label == Label::Defeated && g.pool.facts(inst.card).kind == CardType::Legend;
    if inst.zone == Zone::Removed && !defeated_legend {
        return Ok(());
    }
    // The lines are read from the pool before any is made pending (the pool is borrowed only
    // while they are).
    let lines = |pool: &crate::pool::Pool, card: crate::pool::CardIdx, own: bool| -> Vec<u16> {
        let Some(t) = pool.core(card) else {
            return Vec::new();
        };
        let gear = pool.facts(card).kind == CardType::Gear;
        (t.labels.iter())
            .filter(|&&(_, l)| l == label)
            .map(|&(line, _)| line)
            .filter(|&line| {
                t.ability(line).is_some_and(|a| {
                    // The card's own abilities (a Gear's: its top textbox); a Gear's bottom
                    // textbox for the card it is equipped to (rule 4.11).
                    (!gear || a.top == own) && only(&a.body)
                })
            })
            .collect()
    };
    for line in lines(&g.pool, inst.card, true) {
        make_pending(g, about, inst.controller, line, Vec::new(), None)?;
    }
    let mut gear: Vec<InstId> = g.gear_on(about).collect();
    // A defeated card's Gear is unequipped by then (rule 4.12.2); its {Defeated} still
    // triggers (rules 4.11, 11.19.2).
    if label == Label::Defeated {
        gear.extend(
            (g.state.left_hosts.iter())
                .filter(|s| s.1 == about)
                .map(|s| s.0),
        );
    }
    for c in gear {
        let Some(x) = g.state.inst(c).copied() else {
            continue;
        };
        for line in lines(&g.pool, x.card, false) {
            make_pending(g, c, x.controller, line, Vec::new(), None)?;
        }
    }
    Ok(())
}

/// `At the start/end of … turn` abilities of the face-up cards in play (rules 8.6.2.2, 8.16.1;
/// a Gear's bottom textbox counts for it, rule 4.11) whose turn `p`'s is.
fn turn_triggers(g: &mut Game, p: PlayerId, start: bool) -> Flow {
    // Only a card in play has its abilities (a Gear equipped is in its host's area).
    if !g.tables.kinds.turns || !g.tables.turn_at.iter().any(|&c| super::in_play(g, c)) {
        return Ok(());
    }
    let pool = g.pool.clone();
    let has = |card| {
        pool.core(card)
            .is_some_and(|t| t.turn.iter().any(|x| x.1 == start))
    };
    // The turn player's cards, then the other player's (`At the end of a Rival's turn`), each
    // player's Gear after their cards, host by host.
    let equipped: Equipped = g.equipped().collect();
    let mut cards: SmallVec<[InstId; 16]> = SmallVec::new();
    for q in [p, p.other()] {
        let pl = g.state.player(q);
        let in_play = || pl.field.iter().chain(pl.legends.iter()).copied();
        cards.extend(in_play().filter(|&c| g.state.inst(c).is_some_and(|x| has(x.card))));
        if equipped.is_empty() {
            continue;
        }
        for host in in_play() {
            cards.extend(
                (equipped.iter())
                    .filter(|&&(c, on)| on == host && g.state.inst(c).is_some_and(|x| has(x.card)))
                    .map(|&(c, _)| c),
            );
        }
    }
    for c in cards {
        let Some(x) = g.state.inst(c).copied() else {
            continue;
        };
        if !x.face_up {
            continue;
        }
        let Some(t) = pool.core(x.card) else { continue };
        for (line, s, whose) in &t.turn {
            if *s != start {
                continue;
            }
            let top = t.ability(*line).is_some_and(|a| a.top);
            let cx = Cx::new(c, x.controller, &[]);
            if counts(g, c, top) && super::select::players(g, &cx, whose).contains(&p) {
                make_pending(g, c, x.controller, *line, Vec::new(), None)?;
            }
        }
    }
    Ok(())
}

/// An event was logged (`happened`: what it is in this turn's history, recorded last).
pub(crate) fn on_event(g: &mut Game, ev: &Event, happened: &[Happened]) -> Flow {
    if g.tables.kinds.when || !g.state.delayed_runs.is_empty() {
        for h in happened {
            when_triggers(g, h, false)?;
        }
        match *ev {
            // Rule 6.7.4: chosen, not yet moved; the attacking Unit is the actor (6.7.1.1).
            Event::WouldSteal(die) => {
                if let (Some(Frame::Attack(a)), Some(f)) = (g.state.frames.last(), g.gig_fact(die))
                {
                    let (attacker, player) = (a.attacker, a.player);
                    let h = Happened {
                        kind: EventKind::Steal,
                        actor: g.card_fact(attacker).map(Fact::Card),
                        player: Some(player),
                        objects: smallvec::smallvec![Fact::Gig(f)],
                        other: None,
                        margin: 0,
                    };
                    when_triggers(g, &h, true)?;
                }
            }
            Event::TurnEnding(_) => end_of_turn(g)?,
            _ => {}
        }
    }
    let no_filter: &dyn Fn(&Body) -> bool = &|_| true;
    match *ev {
        Event::StartOfTurn(p) => turn_triggers(g, p, true),
        Event::TurnEnding(p) => turn_triggers(g, p, false),
        Event::Played(i) => {
            if let Some(p) = g.state.inst(i).map(|x| x.controller) {
                super::cost::use_up_next(g, p, i);
            }
            label_triggers(g, i, Label::Play, no_filter)
        }
        Event::Attacked { attacker, .. } => label_triggers(g, attacker, Label::Attack, no_filter),
        Event::Defeated(i) => label_triggers(g, i, Label::Defeated, no_filter),
        Event::Called(i) => label_triggers(g, i, Label::Call, no_filter),
        _ => Ok(()),
    }
}

/// One steal action happened (`happened`, recorded last).
pub(crate) fn on_steal(g: &mut Game, happened: &Happened) -> Flow {
    if !g.tables.kinds.when && g.state.delayed_runs.is_empty() {
        return Ok(());
    }
    when_triggers(g, happened, false)
}

/// A fight was compared (its wins and losses recorded last). `{Attack} If this Unit wins a
/// fight against …` resolves when the Unit attacks (rule 11.21), before any fight, so its
/// condition is false then; when the attacker wins, such abilities of it and of its Gear
/// become pending again, with the fight won.
pub(crate) fn on_fight(g: &mut Game, attacker: InstId, losers: u8, happened: &[Happened]) -> Flow {
    if g.tables.kinds.when || !g.state.delayed_runs.is_empty() {
        for h in happened {
            when_triggers(g, h, false)?;
        }
    }
    if losers == 2 {
        let fight: &dyn Fn(&Body) -> bool = &|b| match b.effect() {
            Some(e) => super::run::mentions_fight(e),
            None => false,
        };
        label_triggers(g, attacker, Label::Attack, fight)?;
    }
    Ok(())
}

/// Makes a delayed effect: block `then` of the resolving ability, at the end of this turn or
/// the next time the event of the `Later` operation at (`block`, `index`) happens.
pub(crate) fn make_delayed(
    g: &mut Game,
    run: &crate::state::Run,
    then: u16,
    at: DelayedAt,
) -> Flow {
    if g.state.delayed_runs.len() >= MAX_EFFECTS {
        return Err(crate::error::EngineError::LimitExceeded("delayed effects").into());
    }
    g.state.delayed_runs.push(crate::state::Delayed {
        source: run.source,
        controller: run.controller,
        line: run.line,
        block: then,
        at,
        turn: g.state.turn,
        slots: run.slots.clone(),
    });
    g.emit(Event::DelayedCreated(run.source))
}

/// Whether a window (`When a rival Unit attacks`) is open for player `p` with `attacker`
/// attacking, and the slots it binds (`that Unit`).
pub(crate) fn window(
    g: &Game,
    source: InstId,
    p: PlayerId,
    w: &EventPattern,
    attacker: InstId,
) -> Option<Binds> {
    let h = Happened {
        kind: EventKind::Attack,
        actor: g.card_fact(attacker).map(Fact::Card),
        player: g.state.inst(attacker).map(|x| x.controller),
        objects: Default::default(),
        other: None,
        margin: 0,
    };
    let cx = Cx::new(source, p, &[]);
    matches(g, &cx, w, &h, false).into_iter().next()
}
