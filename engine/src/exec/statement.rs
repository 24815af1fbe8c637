//! Statements in force (rules 10.22, 10.23): the static abilities of the face-up cards in play
//! (a Gear's bottom textbox for the card it is equipped to, rule 4.11) and the statements
//! effects made that still last. Nothing is stored about what they change: they are read where
//! the rules compute power (3.17), keywords, attack targets (9.3), blocking (9.9), fights
//! (9.17.4, 9.19.3), steals (9.23), readying, costs and calls; a preventing statement beats an
//! allowing one (rule 2.6).

use super::cond::holds;
use super::number::nums;
use super::select::{players, pred, target, Thing};
use super::Cx;
use crate::decision::Choice;
use crate::error::EngineError;
use crate::game::{Game, Stop, MAX_EFFECTS};
use crate::log::Event;
use crate::pool::{say_bit, says};
use crate::state::{
    DieId, Duration, InstId, Lasting, Obj, PlayerId, Run, Target as AttackTarget, Val, Zone,
};
use gigscript_dsl::prim::{
    About, AttackWhat, Body, Cond, CostChange, CostRule, Lasts, Pred, Say, Statement,
};
use gigscript_dsl::Keyword;
use smallvec::SmallVec;

/// How deep statements may read statements (a statement about Units with power 4 or less reads
/// power, which reads statements): deeper, no statement applies (an engine limit).
const MAX_DEPTH: u8 = 8;

/// One statement in force: whose it is, what it says, what it is about when that was fixed.
#[derive(Clone, Copy)]
pub(crate) struct Said<'a> {
    /// the card whose text says it
    pub src: InstId,
    /// its controller
    pub me: PlayerId,
    /// the statement
    pub st: &'a Statement,
    /// the objects it is about, fixed when an effect made it (empty: as `st.about` reads)
    pub fixed: &'a [Obj],
    /// the effect's slots when it was made
    pub slots: &'a [Val],
}

impl<'a> Said<'a> {
    fn cx(&self, subject: Obj) -> Cx<'a> {
        Cx {
            source: self.src,
            me: self.me,
            slots: self.slots,
            subject: Some(subject),
            did: &[],
            discarded: 0,
        }
    }
}

/// Where a static statement in force is: card `src`'s ability `line`, statement `idx`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StaticAt {
    src: InstId,
    me: PlayerId,
    line: u16,
    idx: u16,
    /// its kind ([`say_bit`])
    bits: u32,
}

/// The static statements in force, remembered while a decision is computed over an unchanging
/// state (see [`Game::text_memo`]); never part of the state.
#[derive(Clone, Debug, Default)]
pub(crate) struct Memo {
    /// a decision is being computed
    on: bool,
    /// `list` holds the statics in force
    ready: bool,
    list: Vec<StaticAt>,
    /// the kinds ([`say_bit`]) of the statements in `list` and of the lasting statements in
    /// force, once `ready`
    bits: u32,
}

/// A decision's computation begins (`false`: one is under way already).
pub(crate) fn memo_begin(g: &Game) -> bool {
    let mut m = g.core_memo.borrow_mut();
    if m.on {
        return false;
    }
    m.on = true;
    m.ready = false;
    true
}

/// The decision is computed: nothing later reads what was remembered.
pub(crate) fn memo_done(g: &Game) {
    let mut m = g.core_memo.borrow_mut();
    m.on = false;
    m.ready = false;
}

/// The static statements of kinds `bits` of the face-up cards in play (a Gear's bottom
/// textbox for the face-up card it is equipped to, rule 4.11).
fn statics_in_force(g: &Game, bits: u32, out: &mut Vec<StaticAt>) {
    let pool = &*g.pool;
    for &i in g.tables.statics_at.iter() {
        let Some(x) = g.state.inst(i) else { continue };
        if !x.face_up || !matches!(x.zone, Zone::Field | Zone::Legends) {
            continue;
        }
        let Some(t) = pool.core(x.card) else { continue };
        if t.says & bits == 0 {
            continue;
        }
        let gear = pool.facts(x.card).kind == gigscript_dsl::CardType::Gear;
        if gear
            && !x
                .equipped_to
                .and_then(|h| g.state.inst(h))
                .is_some_and(|h| h.face_up)
        {
            continue;
        }
        for s in &t.static_says {
            if s.bit & bits == 0 || (gear && s.top) {
                continue;
            }
            let at = StaticAt {
                src: i,
                me: x.controller,
                line: s.line,
                idx: s.idx,
                bits: s.bit,
            };
            // A test may break a family of statements: the statement is looked up only then.
            let broken = pool
                .core_broken()
                .is_some_and(|b| static_at(g, &at).is_some_and(|st| b.is_say(&st.says, true)));
            if !broken {
                out.push(at);
            }
        }
    }
}

/// The statement of a static in force.
fn static_at<'g>(g: &'g Game, a: &StaticAt) -> Option<&'g Statement> {
    let card = g.state.inst(a.src)?.card;
    match &g.pool.core(card)?.ability(a.line)?.body {
        Body::Static(ss) => ss.get(usize::from(a.idx)),
        _ => None,
    }
}

/// Whether a game may have statements of kinds `bits` in force (a fast path): its cards say
/// such things, and, where the statements in force are remembered for this decision, one of
/// them says one; otherwise a static or a lasting statement may.
fn may(g: &Game, bits: u32) -> bool {
    if g.tables.kinds.says & bits == 0 {
        return false;
    }
    if g.tables.kinds.statics {
        let memo = g.core_memo.borrow();
        if memo.ready {
            return memo.bits & bits != 0;
        }
    }
    g.tables.kinds.statics || !g.state.lasting.is_empty()
}

/// The kinds ([`say_bit`]) of the lasting statements in force.
fn lasting_kinds(g: &Game) -> u32 {
    (g.state.lasting.iter())
        .filter_map(|l| lasting_statement(g, l))
        .fold(0, |b, st| b | say_bit(&st.says))
}

/// Calls `f` with every statement in force that says one of the kinds `bits` ([`say_bit`]).
fn each<'a>(g: &'a Game, bits: u32, mut f: impl FnMut(Said<'a>)) {
    if !may(g, bits) {
        return;
    }
    let depth = g.text_depth.get();
    if depth >= MAX_DEPTH {
        return;
    }
    g.text_depth.set(depth + 1);
    /// Steps back out however the reading ends.
    struct Back<'g>(&'g std::cell::Cell<u8>, u8);
    impl Drop for Back<'_> {
        fn drop(&mut self) {
            self.0.set(self.1);
        }
    }
    let _back = Back(&g.text_depth, depth);
    let pool = &*g.pool;
    if g.tables.kinds.statics {
        let memo = g.core_memo.borrow();
        if memo.ready {
            // Remembered for this decision (every kind).
            for a in memo.list.iter().filter(|a| a.bits & bits != 0) {
                if let Some(st) = static_at(g, a) {
                    f(Said {
                        src: a.src,
                        me: a.me,
                        st,
                        fixed: &[],
                        slots: &[],
                    });
                }
            }
        } else {
            let armed = memo.on;
            drop(memo);
            // The memo's room is reused while it holds nothing remembered (`ready` is false).
            let mut list = std::mem::take(&mut g.core_memo.borrow_mut().list);
            list.clear();
            statics_in_force(g, if armed { u32::MAX } else { bits }, &mut list);
            for a in list.iter().filter(|a| a.bits & bits != 0) {
                if let Some(st) = static_at(g, a) {
                    f(Said {
                        src: a.src,
                        me: a.me,
                        st,
                        fixed: &[],
                        slots: &[],
                    });
                }
            }
            let mut memo = g.core_memo.borrow_mut();
            if !memo.ready {
                // Remembered for the rest of the decision, or kept for its room.
                memo.bits = list.iter().fold(lasting_kinds(g), |b, a| b | a.bits);
                memo.list = list;
                memo.ready = armed && memo.on;
            }
        }
    }
    for l in &g.state.lasting {
        let Some(st) = lasting_statement(g, l) else {
            continue;
        };
        let broken = pool
            .core_broken()
            .is_some_and(|b| b.is_say(&st.says, false));
        if say_bit(&st.says) & bits != 0 && !broken {
            f(Said {
                src: l.source,
                me: l.controller,
                st,
                fixed: &l.about,
                slots: &l.slots,
            });
        }
    }
}

/// The statement a lasting statement points at.
pub(crate) fn lasting_statement<'a>(
    g: &'a Game,
    l: &crate::state::Lasting,
) -> Option<&'a Statement> {
    let card = g.state.inst(l.source)?.card;
    let a = g.pool.core(card)?.ability(l.line)?;
    let e = a.body.effect()?;
    match &e
        .blocks
        .get(usize::from(l.block))?
        .0
        .get(usize::from(l.index))?
        .kind
    {
        gigscript_dsl::prim::OpKind::Make(st) => Some(st),
        _ => None,
    }
}

/// Whether statement `s` is about `o` and holds for it now.
fn applies(g: &Game, s: &Said, o: Obj) -> bool {
    let cx = s.cx(o);
    let about = match &s.st.about {
        _ if !s.fixed.is_empty() => s.fixed.contains(&o),
        About::Target(t) => target(g, &cx, t).contains(&o),
        About::Each(p) => in_play_or_player(g, o) && pred(g, &cx, p, Thing::Now(o)),
        About::Player(who) => matches!(o, Obj::Player(q) if players(g, &cx, who).contains(&q)),
    };
    about && holds(g, &cx, &s.st.when)
}

/// `Rival Units can't attack …`: statements about every object a predicate describes are about
/// objects in play (and players).
fn in_play_or_player(g: &Game, o: Obj) -> bool {
    match o {
        Obj::Card(i) => super::in_play(g, i),
        _ => true,
    }
}

/// Calls `f` with what each statement in force of kinds `bits` says about `o`.
fn about<'a>(g: &'a Game, bits: u32, o: Obj, mut f: impl FnMut(&Said<'a>, &'a Say)) {
    each(g, bits, |s| {
        if applies(g, &s, o) {
            f(&s, &s.st.says);
        }
    });
}

fn any(g: &Game, bits: u32, o: Obj, f: impl Fn(&Said, &Say) -> bool) -> bool {
    let mut yes = false;
    about(g, bits, o, |s, say| yes |= f(s, say));
    yes
}

/// The power of card `i` with the statements in force, given `so_far` (rule 3.17.2): their
/// changes added, then doubled where one says so.
pub(crate) fn power(g: &Game, i: InstId, so_far: i32) -> i32 {
    let bits = says::POWER | says::DOUBLE_POWER;
    if !may(g, bits) {
        return so_far;
    }
    let mut add: i64 = 0;
    let mut doubles = 0u32;
    about(g, bits, Obj::Card(i), |s, say| match say {
        Say::Power(n) => {
            add = add.saturating_add(nums(g, &s.cx(Obj::Card(i)), n).first().unwrap_or(0))
        }
        Say::DoublePower => doubles += 1,
        _ => {}
    });
    let mut p = i64::from(so_far).saturating_add(add);
    for _ in 0..doubles.min(31) {
        p = p.saturating_mul(2);
    }
    p.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// Whether a statement gives card `i` keyword `k`.
pub(crate) fn has_keyword(g: &Game, i: InstId, k: Keyword) -> bool {
    any(
        g,
        says::KEYWORD,
        Obj::Card(i),
        |_, s| matches!(s, Say::Keyword(x) if *x == k),
    )
}

/// Rule 2.6: a statement says Unit `i` can't attack now.
pub(crate) fn cant_attack(g: &Game, i: InstId) -> bool {
    let Some(x) = g.state.inst(i) else {
        return false;
    };
    x.zone == Zone::Field && any(g, says::CANT_ATTACK, Obj::Card(i), |_, _| true)
}

/// Whether attacker `a` can't be blocked (rule 9.9).
pub(crate) fn cant_be_blocked(g: &Game, a: InstId) -> bool {
    any(g, says::CANT_BE_BLOCKED, Obj::Card(a), |_, _| true)
}

/// Whether Unit `u` can't block.
pub(crate) fn cant_block(g: &Game, u: InstId) -> bool {
    any(g, says::CANT_BLOCK, Obj::Card(u), |_, _| true)
}

/// Whether card `i` can't ready now.
pub(crate) fn cant_ready(g: &Game, i: InstId) -> bool {
    any(g, says::CANT_READY, Obj::Card(i), |_, _| true)
}

/// Rule 9.19.3: card `i` is not defeated as the result of a fight.
pub(crate) fn not_defeated_in_fight(g: &Game, i: InstId) -> bool {
    any(g, says::CANT_BE_DEFEATED, Obj::Card(i), |_, _| true) || winner_spares(g, i)
}

/// `it doesn't defeat the opposing friendly Unit`: the Unit fighting `i` says it does not
/// defeat such Units (rule 9.19).
fn winner_spares(g: &Game, i: InstId) -> bool {
    let Some(o) = super::select::fighting(g, i) else {
        return false;
    };
    let b = says::DOESNT_DEFEAT;
    let mut yes = false;
    about(g, b, Obj::Card(o), |s, say| {
        if let Say::DoesntDefeatInFight(p) = say {
            yes |= pred(g, &s.cx(Obj::Card(o)), p, Thing::Now(Obj::Card(i)));
        }
    });
    yes
}

/// Whether card `i` can't be defeated at all (`can't be defeated`).
pub(crate) fn cant_be_defeated(g: &Game, i: InstId) -> bool {
    any(g, says::CANT_BE_DEFEATED, Obj::Card(i), |_, s| {
        matches!(s, Say::CantBeDefeated { in_fight: false })
    })
}

/// Rule 9.17.4: card `i` wins every fight against `opponent`.
pub(crate) fn wins_against(g: &Game, i: InstId, opponent: InstId) -> bool {
    let mut yes = false;
    about(g, says::WINS_FIGHTS, Obj::Card(i), |s, say| {
        if let Say::WinsFightsAgainst(p) = say {
            yes |= pred(g, &s.cx(Obj::Card(i)), p, Thing::Now(Obj::Card(opponent)));
        }
    });
    yes
}

/// How many fewer Gigs attacker `a` steals (rule 9.23.1; `steals 1 more` counts against it).
pub(crate) fn steals_fewer(g: &Game, a: InstId) -> u32 {
    let mut more: i64 = 0;
    about(g, says::STEALS_MORE, Obj::Card(a), |s, say| {
        if let Say::StealsMore(n) = say {
            more = more.saturating_add(nums(g, &s.cx(Obj::Card(a)), n).first().unwrap_or(0));
        }
    });
    u32::try_from((-more).max(0)).unwrap_or(u32::MAX)
}

/// Rule 9.23.1: attacker `a` can't steal Gig `d` (`their power`: the attacker's).
pub(crate) fn cant_steal(g: &Game, a: InstId, d: DieId) -> bool {
    let mut yes = false;
    about(g, says::CANT_STEAL, Obj::Card(a), |s, say| {
        if let Say::CantSteal(p) = say {
            yes |= pred(g, &s.cx(Obj::Card(a)), p, Thing::Now(Obj::Gig(d)));
        }
    });
    yes
}

/// `must attack next turn if it can`: a Unit of `p`'s that a Rival's statement makes attack,
/// with an attack among `options` (then `p` can't pass yet).
pub(crate) fn must_attack_now(g: &Game, p: PlayerId, options: &[Choice]) -> bool {
    if g.state.lasting.is_empty() || !may(g, says::MUST_ATTACK) || g.state.turn_player != p {
        return false;
    }
    options.iter().any(|c| match *c {
        Choice::Attack { attacker, .. } => {
            g.state.inst(attacker).is_some_and(|x| x.controller == p)
                && any(g, says::MUST_ATTACK, Obj::Card(attacker), |s, _| s.me != p)
        }
        _ => false,
    })
}

/// Whether a predicate names ready Units (rule 9.3.2.3: a statement that names them lets a Unit
/// attack them; otherwise rule 9.3.2.1 allows spent ones only).
fn names_ready(p: &Pred) -> bool {
    match p {
        Pred::Not(q) => matches!(**q, Pred::Spent),
        Pred::All(ps) => ps.iter().any(names_ready),
        _ => false,
    }
}

/// The attack options of Unit `a` with the statements in force (rules 9.3, 9.3.2.3, 2.6),
/// appended to `out`; `false` when no statement of the game can change them.
pub(crate) fn attack_options(g: &Game, a: InstId, out: &mut Vec<Choice>) -> bool {
    let bits = says::CAN_ATTACK | says::CAN_ONLY_ATTACK | says::CANT_ATTACK;
    if !may(g, bits) {
        return false;
    }
    let Some(x) = g.state.inst(a).copied() else {
        return true;
    };
    if x.zone != Zone::Field
        || x.equipped_to.is_some()
        || x.controller != g.state.turn_player
        || x.spent
    {
        return true;
    }
    // What the statements about `a` say, in one reading: a `can't attack` leaves no option;
    // then by the rules (ready, no Lag or Lag lifted by a keyword), and what they let or limit.
    let mut cant = false;
    let mut perms: SmallVec<[(Said, &AttackWhat, bool); 4]> = SmallVec::new();
    let mut only: SmallVec<[(Said, &AttackWhat); 4]> = SmallVec::new();
    about(g, bits, Obj::Card(a), |s, say| match say {
        Say::CantAttack => cant = true,
        Say::CanAttack { what, despite_lag } => perms.push((*s, what, *despite_lag)),
        Say::CanOnlyAttack(what) => only.push((*s, what)),
        _ => {}
    });
    if cant {
        return true;
    }
    let free = g.lag_lets_attack(a);
    let rival = x.controller.other();
    let unit_ok =
        |s: &Said, p: &Pred, u: InstId| pred(g, &s.cx(Obj::Card(a)), p, Thing::Now(Obj::Card(u)));
    let only_ok = |t: AttackTarget| {
        only.iter().all(|(s, w)| match (w, t) {
            (AttackWhat::GigArea, AttackTarget::Gigs(_)) => true,
            (AttackWhat::Units(p), AttackTarget::Unit(u)) => unit_ok(s, p, u),
            _ => false,
        })
    };
    for &u in &g.state.player(rival).field {
        let Some(ux) = g.state.inst(u) else { continue };
        if ux.equipped_to.is_some() {
            continue;
        }
        let ok = (free && ux.spent)
            || perms.iter().any(|(s, w, lifts)| match w {
                AttackWhat::Units(p) => {
                    (free || *lifts) && unit_ok(s, p, u) && (ux.spent || names_ready(p))
                }
                AttackWhat::GigArea => false,
            });
        if ok && only_ok(AttackTarget::Unit(u)) {
            out.push(Choice::Attack {
                attacker: a,
                target: AttackTarget::Unit(u),
            });
        }
    }
    let gigs = g.state.has_gigs(rival)
        && (free
            || perms
                .iter()
                .any(|(_, w, lifts)| *lifts && matches!(w, AttackWhat::GigArea)));
    if gigs && only_ok(AttackTarget::Gigs(rival)) {
        out.push(Choice::Attack {
            attacker: a,
            target: AttackTarget::Gigs(rival),
        });
    }
    true
}

/// Whether a ready Unit `u` stays a legal target of attacker `a` (rule 9.26.3): a statement
/// lets `a` attack ready Units such as `u`.
pub(crate) fn ready_target(g: &Game, a: InstId, u: InstId) -> bool {
    let b = says::CAN_ATTACK;
    let mut yes = false;
    about(g, b, Obj::Card(a), |s, say| {
        if let Say::CanAttack {
            what: AttackWhat::Units(p),
            ..
        } = say
        {
            yes |= names_ready(p) && pred(g, &s.cx(Obj::Card(a)), p, Thing::Now(Obj::Card(u)));
        }
    });
    yes
}

/// The cost rules statements in force say about player `p` or object `o` (`Rivals must pay
/// +2 €$ to use {Go Solo}`, `A friendly Legend may use {Go Solo} for -2 €$ this turn`, `During
/// your turn, you may Call a Legend for free`), with the reading of each.
pub(crate) fn cost_rules<'a>(
    g: &'a Game,
    p: PlayerId,
    o: Option<Obj>,
) -> Vec<(Said<'a>, &'a CostRule)> {
    let b = says::COST;
    let mut out = Vec::new();
    each(g, b, |s| {
        let Say::Cost(r) = &s.st.says else { return };
        let hit = applies(g, &s, Obj::Player(p)) || o.is_some_and(|o| applies(g, &s, o));
        if hit {
            out.push((s, r));
        }
    });
    out
}

/// How long a statement an effect makes lasts, for the card it is about (`about`).
pub(crate) fn duration(lasts: &Lasts, me: PlayerId, about: Option<InstId>) -> Duration {
    match lasts {
        Lasts::ThisTurn | Lasts::WhileInPlay => Duration::ThisTurn,
        // `next turn`: the Rival's next turn, which ends when `you` start your next one.
        Lasts::UntilYourNextTurn | Lasts::TheirNextTurn => Duration::UntilNextTurnOf(me),
        Lasts::ThisAttack => Duration::WhileAttacking,
        Lasts::NextAttack => match about {
            Some(i) => Duration::UntilAttackEnds(i),
            None => Duration::ThisTurn,
        },
        Lasts::Indefinite => Duration::Indefinite,
    }
}

/// The amounts a player chooses between for a change of power given to one card (`this Unit
/// gains power equal to a friendly max Gig`, rule 10.31): the different values the amount reads
/// when it reads more than one, else `None` (nothing to choose).
pub(crate) fn power_choices(g: &Game, run: &Run, st: &Statement) -> Option<Vec<i8>> {
    let (Say::Power(n), Cond::True, About::Target(t)) = (&st.says, &st.when, &st.about) else {
        return None;
    };
    let cx = Cx::new(run.source, run.controller, &run.slots);
    let [o] = target(g, &cx, t)[..] else {
        return None;
    };
    let mut vals: Vec<i8> = (nums(g, &cx.about(o), n).vals.iter())
        .map(|&v| v.clamp(i64::from(i8::MIN), i64::from(i8::MAX)) as i8)
        .collect();
    vals.sort_unstable();
    vals.dedup();
    (vals.len() > 1).then_some(vals)
}

/// `Make`: the statement at (`block`, `index`) of the resolving ability becomes one in force
/// (rules 10.22, 10.23). About fixed objects (a slot, this card), each gets its own: a change
/// of power or a keyword with no condition is a persistent effect counted now (`Give … +2
/// power this turn`), anything else a lasting statement read where it matters. About every
/// object a predicate describes, or a player, one statement read live. Returns whether one was
/// made.
pub(crate) fn make(
    g: &mut Game,
    run: &Run,
    st: &Statement,
    block: u16,
    index: u16,
) -> Result<bool, Stop> {
    if g.pool
        .core_broken()
        .is_some_and(|b| b.is_say(&st.says, false))
    {
        return Ok(false); // a family broken by a test (`exec::mutant`)
    }
    let me = run.controller;
    let cx = Cx::new(run.source, me, &run.slots);
    let fixed: Option<Vec<Obj>> = match &st.about {
        About::Target(t) => Some(
            target(g, &cx, t)
                .into_iter()
                .filter(|o| match o {
                    Obj::Card(i) => super::in_play(g, *i),
                    _ => true,
                })
                .collect(),
        ),
        About::Player(who) => Some(players(g, &cx, who).into_iter().map(Obj::Player).collect()),
        About::Each(_) => None,
    };
    // A change of what a play costs, made by an effect, is counted now and kept (FAQ-046).
    let mut slots = run.slots.clone();
    if let Say::Cost(CostRule {
        change: CostChange::Add { by, .. },
        ..
    }) = &st.says
    {
        slots.push(Val::Num(nums(g, &cx, by).first().unwrap_or(0)));
    }
    let push = |g: &mut Game, about: Vec<Obj>, duration: Duration| -> Result<(), Stop> {
        if g.state.lasting.len() >= MAX_EFFECTS {
            return Err(EngineError::LimitExceeded("statements").into());
        }
        let target = match about[..] {
            [Obj::Card(i)] => Some(i),
            _ => None,
        };
        g.state.lasting.push(Lasting {
            source: run.source,
            controller: me,
            line: run.line,
            block,
            index,
            about,
            duration,
            slots: slots.clone(),
        });
        g.emit(Event::Stated {
            source: run.source,
            target,
        })
    };
    let Some(objs) = fixed else {
        push(g, Vec::new(), duration(&st.lasts, me, None))?;
        return Ok(true);
    };
    let mut done = false;
    for o in objs {
        let card = o.card();
        let d = duration(&st.lasts, me, card);
        match (&st.says, card) {
            (Say::Power(n), Some(i)) if st.when == Cond::True => {
                let cx = Cx::new(run.source, me, &run.slots).about(o);
                let by = match run.work.number {
                    Some(v) => v,
                    None => nums(g, &cx, n).first().unwrap_or(0),
                };
                let by = by.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
                super::act::give_power(g, run.source, i, by, d)?;
            }
            (Say::Keyword(k), Some(i)) if st.when == Cond::True => {
                super::act::give_keyword(g, run.source, i, *k, d)?;
            }
            _ => push(g, vec![o], d)?,
        }
        done = true;
    }
    Ok(done)
}
