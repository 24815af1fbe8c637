//! Replacement effects of the core (rules 10.24–10.30): `If <…> would <action>, <effect>
//! instead.` An action about to happen is matched, as a `would` event, against the
//! replacements of the cards in play; one that applies is done in its place.
//!
//! Defeats, which fights and effects do, ask first: an optional replacement's controller says
//! whether it applies (rule 10.26, a [`Frame::Replace`] above the action), and of several
//! mandatory ones (or several optional ones chosen) the affected card's controller picks one
//! (rule 10.28, a [`Frame::ReplaceChoose`]); the answers wait in `State::replace_answers` until
//! the defeat. Every other action of one card (spend, ready, a move, a sell, a flip, an equip)
//! takes the first mandatory replacement that applies, with no question.

use super::act::can_pay;
use super::event::{matches, Binds};
use super::run::new_run;
use super::select::{objects, target};
use super::Cx;
use crate::decision::{Choice, Decision, DecisionKind};
use crate::error::EngineError;
use crate::game::{Flow, Game, Stop};
use crate::log::Event;
use crate::rules::Action;
use crate::state::{CardFact, Fact, Frame, Happened, InstId, PlayerId, Zone};
use gigscript_dsl::prim::{Body, CardCore, EventKind, GameAction, Num, OpKind, Target};
use gigscript_dsl::CardType;
use gigscript_dsl::Span;

/// A replacement effect that could apply to an action on one card.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Applicable {
    /// the card whose text it is
    source: InstId,
    /// its line
    line: u16,
    /// `you may`
    optional: bool,
    /// the card the action would be done to
    affected: InstId,
    /// what the pattern binds
    binds: Binds,
}

/// The event an action on card `c` would be.
fn would(kind: EventKind, c: CardFact, player: Option<PlayerId>) -> Happened {
    Happened {
        kind,
        actor: None,
        player,
        objects: smallvec::smallvec![Fact::Card(c)],
        other: None,
        margin: 0,
    }
}

/// The replacement effects of the cards in play that could replace an action of `kind` on card
/// `c` now (rules 10.24, 10.27), mandatory ones first (rule 10.28), each card in instance order.
fn replacements_for(g: &Game, kind: EventKind, c: InstId) -> Vec<Applicable> {
    let mut out = Vec::new();
    let Some(fact) = g.card_fact(c) else {
        return out;
    };
    let h = would(kind, fact, g.state.acting.map(|a| a.player));
    let pool = g.pool.clone();
    for (k, x) in g.state.instances.iter().enumerate() {
        let Some(t) = pool.core(x.card) else { continue };
        if t.replacements.is_empty() {
            continue;
        }
        let source = InstId(k as u16);
        // Rules 10.22.3, 4.11: a card's text works face-up in play; a Gear's bottom textbox
        // while it is equipped.
        let active = match x.equipped_to {
            Some(_) => true,
            None => matches!(x.zone, Zone::Field | Zone::Legends) && x.face_up,
        };
        if !active {
            continue;
        }
        let gear = x.equipped_to.is_some() || pool.facts(x.card).kind == CardType::Gear;
        for &line in &t.replacements {
            let Some(a) = t.ability(line) else { continue };
            let Body::Replacement {
                replaces,
                optional,
                effect,
            } = &a.body
            else {
                continue;
            };
            if gear && a.top {
                continue;
            }
            let cx = Cx::new(source, x.controller, &[]);
            let Some(binds) = matches(g, &cx, replaces, &h, true).into_iter().next() else {
                continue;
            };
            // Rule 10.27: a replacement that can't be done does not apply.
            if !can_do(g, source, x.controller, effect, &binds, 0) {
                continue;
            }
            let app = Applicable {
                source,
                line,
                optional: *optional,
                affected: c,
                binds,
            };
            // Rule 10.29.1: replacing an action with the same action changes nothing; a card
            // that replaces its own defeat by paying for it does change something (FAQ-107,
            // Jackie Welles: Mama's Favorite spends 1 €$ to be defeated by her own effect).
            if source == c && eddies(g, &app) == 0 {
                continue;
            }
            out.push(app);
        }
    }
    out.sort_by_key(|a| a.optional);
    out
}

/// The slots of an effect with what its pattern bound.
fn slots_of(e: &gigscript_dsl::prim::Effect, binds: &Binds) -> Vec<crate::state::Val> {
    let mut slots = vec![crate::state::Val::default(); usize::from(e.slots)];
    for (s, v) in binds {
        let k = usize::from(*s);
        if slots.len() <= k {
            slots.resize(k + 1, Default::default());
        }
        slots[k] = v.clone();
    }
    slots
}

/// Whether a replacement's effect can be done now (rule 10.27): each of its choices has an
/// option, its payments can be made (with `reserved` €$ spoken for already), and what it
/// defeats or spends is in play.
fn can_do(
    g: &Game,
    source: InstId,
    me: PlayerId,
    e: &gigscript_dsl::prim::Effect,
    binds: &Binds,
    reserved: usize,
) -> bool {
    let slots = slots_of(e, binds);
    let cx = Cx::new(source, me, &slots);
    let Some(b) = e.blocks.first() else {
        return false;
    };
    b.0.iter().all(|op| match &op.kind {
        OpKind::Do(GameAction::Pay(n)) => can_pay(g, me, reserved + lit(n)),
        OpKind::Choose { from, .. } => !objects(g, &cx, from).is_empty(),
        OpKind::Do(GameAction::Defeat(t) | GameAction::Spend(t))
            if !matches!(t, Target::Slot(_)) =>
        {
            target(g, &cx, t)
                .iter()
                .any(|o| o.card().is_some_and(|i| super::in_play(g, i)))
        }
        _ => true,
    })
}

/// A literal amount (0 for another number).
fn lit(n: &Num) -> usize {
    match n {
        Num::Lit(v) => usize::try_from(*v).unwrap_or(0),
        _ => 0,
    }
}

fn effect<'g>(g: &'g Game, a: &Applicable) -> Option<&'g gigscript_dsl::prim::Effect> {
    let card = g.state.inst(a.source)?.card;
    g.pool.core(card)?.ability(a.line)?.body.effect()
}

/// The €$ replacement `a` pays (`you may spend 1 €$ to …`).
fn eddies(g: &Game, a: &Applicable) -> usize {
    effect(g, a).map_or(0, |e| {
        e.blocks.first().map_or(0, |b| {
            b.0.iter()
                .map(|op| match &op.kind {
                    OpKind::Do(GameAction::Pay(n)) => lit(n),
                    _ => 0,
                })
                .sum()
        })
    })
}

/// The cards replacement `a` would defeat in its place (for the questions of a chain, rule
/// 10.29): what its defeats name; of the cards a choice offers, its own card when it is one of
/// them, else the first.
fn defeats(g: &Game, a: &Applicable) -> Vec<InstId> {
    let (Some(e), Some(me)) = (effect(g, a), g.state.inst(a.source).map(|x| x.controller)) else {
        return Vec::new();
    };
    let slots = slots_of(e, &a.binds);
    let cx = Cx::new(a.source, me, &slots);
    let mut chosen: Vec<(u16, Vec<InstId>)> = Vec::new();
    let mut out = Vec::new();
    for op in e.blocks.first().map_or(&[][..], |b| &b.0[..]) {
        match &op.kind {
            OpKind::Choose { from, into, .. } => {
                let all: Vec<InstId> = objects(g, &cx, from)
                    .into_iter()
                    .filter_map(|o| o.card())
                    .collect();
                let one = match all.contains(&a.source) {
                    true => vec![a.source],
                    false => all.into_iter().take(1).collect(),
                };
                chosen.push((into.0, one));
            }
            OpKind::Do(GameAction::Defeat(Target::Slot(s))) => {
                if let Some((_, v)) = chosen.iter().find(|(k, _)| *k == s.0) {
                    out.extend(v.iter().copied());
                }
            }
            OpKind::Do(GameAction::Defeat(t)) => out.extend(
                target(g, &cx, t)
                    .into_iter()
                    .filter_map(|o| o.card())
                    .filter(|&i| super::in_play(g, i)),
            ),
            _ => {}
        }
    }
    out
}

/// Whether the last answer about replacement `source` for card `c` was yes.
fn said_yes(g: &Game, source: InstId, c: InstId) -> bool {
    (g.state.replace_answers.iter().rev())
        .find(|&&(s, x, _)| s == source && x == c)
        .is_some_and(|&(_, _, yes)| yes)
}

/// Of the replacements that could apply to defeating `c`, the one that does: the mandatory one
/// the affected card's controller chose, else the first mandatory one (rule 10.28.1); else an
/// optional one its controller said yes to (rule 10.26).
fn chosen<'a>(g: &Game, all: &'a [Applicable], c: InstId) -> Option<&'a Applicable> {
    let yes = |a: &&Applicable| said_yes(g, a.source, c);
    (all.iter().find(|a| !a.optional && yes(a)))
        .or_else(|| all.iter().find(|a| !a.optional))
        .or_else(|| all.iter().find(yes))
}

/// Does replacement `a` in place of the action (through the action pipeline, so other
/// replacements may apply to what it does, rule 10.29): its effect resolves at once, inside
/// the action (rule 10.25), so a choice it makes takes its own card when offered (`its
/// "DEADMAN TRANSMITTER"` on that card), else the first option.
fn apply(g: &mut Game, a: &Applicable) -> Flow {
    let pool = g.pool.clone();
    let Some(x) = g.state.inst(a.source).copied() else {
        return Ok(());
    };
    let Some(e) = pool
        .core(x.card)
        .and_then(|t| t.ability(a.line))
        .and_then(|ab| ab.body.effect())
    else {
        return Ok(());
    };
    g.emit(Event::Replaced {
        source: a.source,
        affected: a.affected,
    })?;
    let mut run = new_run(a.source, x.controller, a.line, e, 0);
    run.slots = slots_of(e, &a.binds);
    run.now = true;
    g.state.frames.push(Frame::Run(Box::new(run)));
    super::run::step(g)
}

/// Rules 10.24–10.29 for a defeat: each card of `list` whose defeat a replacement replaces is
/// taken out of it and the replacement is done instead. Returns the cards still to defeat.
pub(crate) fn replace_defeats(g: &mut Game, list: Vec<InstId>) -> Result<Vec<InstId>, Stop> {
    if !g.tables.kinds.replacements {
        return Ok(list);
    }
    let mut rest = Vec::new();
    let mut todo = Vec::new();
    for &c in &list {
        let all = replacements_for(g, EventKind::Defeat, c);
        // The last answer counts: rule 10.28.2's choice takes back the other yeses.
        match chosen(g, &all, c) {
            Some(a) => todo.push(a.clone()),
            None => rest.push(c),
        }
    }
    g.state
        .replace_answers
        .retain(|(_, x, _)| !list.contains(x));
    for a in todo {
        apply(g, &a)?;
    }
    Ok(rest)
}

/// The kinds of action a replacement effect can replace: a defeat, which asks (rules 10.26,
/// 10.28), and the other actions of one card the pipeline offers to [`replace_action`] (a move is
/// the kind its verb says).
const REPLACEABLE: [EventKind; 10] = [
    EventKind::Defeat,
    EventKind::Spend,
    EventKind::Ready,
    EventKind::Sell,
    EventKind::Equip,
    EventKind::Return,
    EventKind::Trash,
    EventKind::BottomDeck,
    EventKind::Remove,
    EventKind::Discard,
];

/// What of the replacement effects of a card's core the executor would not run, each at the
/// words of its ability: one of an action no replacement is offered, or an optional one
/// (`you may … instead`) of an action other than a defeat, since only defeats ask (rule 10.26).
pub(crate) fn unrunnable(core: &CardCore, out: &mut Vec<(Span, String)>) {
    for a in &core.abilities {
        let Body::Replacement {
            replaces, optional, ..
        } = &a.body
        else {
            continue;
        };
        for &k in &replaces.kinds {
            if !REPLACEABLE.contains(&k) {
                out.push((
                    a.span,
                    format!("a replacement of {k:?} (no such action is replaced)"),
                ));
            } else if *optional && k != EventKind::Defeat {
                out.push((
                    a.span,
                    format!("an optional replacement of {k:?} (only a defeat asks whether)"),
                ));
            }
        }
    }
}

/// The event kind a one-card action is, with that card.
fn kind_of(action: &Action) -> Option<(EventKind, InstId)> {
    Some(match *action {
        Action::Spend(i) => (EventKind::Spend, i),
        Action::Ready(i) => (EventKind::Ready, i),
        Action::Sell(i) => (EventKind::Sell, i),
        Action::Equip { gear, .. } => (EventKind::Equip, gear),
        Action::Move { inst, to, .. } => (
            match to {
                Zone::Hand => EventKind::Return,
                Zone::Trash => EventKind::Trash,
                Zone::Deck => EventKind::BottomDeck,
                Zone::Removed => EventKind::Remove,
                _ => return None,
            },
            inst,
        ),
        _ => return None,
    })
}

/// Rule 10.25 for an action other than a defeat: the first mandatory replacement of an
/// action of one card that applies is done instead; `true` when the action was replaced.
pub(crate) fn replace_action(g: &mut Game, action: &Action) -> Result<bool, Stop> {
    if !g.tables.kinds.replacements {
        return Ok(false);
    }
    let Some((mut kind, c)) = kind_of(action) else {
        return Ok(false);
    };
    // A move is the kind the text's verb says (a discard, a return).
    if let Some(k) = g.state.acting.and_then(|a| a.kind) {
        if matches!(action, Action::Move { .. }) {
            kind = k;
        }
    }
    let all = replacements_for(g, kind, c);
    let Some(a) = all.into_iter().find(|a| !a.optional) else {
        return Ok(false);
    };
    apply(g, &a)?;
    Ok(true)
}

/// The next question an optional replacement (or a choice among several) asks before `list` is
/// defeated (rules 10.26, 10.28), as the frame that asks it.
pub(crate) fn question(g: &Game, list: &[InstId]) -> Option<Frame> {
    if !g.tables.kinds.replacements {
        return None;
    }
    question_in_chain(g, list, &mut Vec::new())
}

/// [`question`] for the defeats of `list`, which replace defeats by the replacements of `chain`:
/// once the replacement that applies to a card is known, the defeat it puts in its place is
/// asked about in turn (rule 10.29), without the replacements already in the chain (10.29.1).
fn question_in_chain(g: &Game, list: &[InstId], chain: &mut Vec<Applicable>) -> Option<Frame> {
    if chain.len() > 16 {
        return None;
    }
    for &c in list {
        let mut all = replacements_for(g, EventKind::Defeat, c);
        all.retain(|a| {
            // Rule 10.27: the Eddies the replacements before it in the chain spend are not
            // there to pay for it.
            let controller = g.state.inst(a.source).map(|x| x.controller);
            let reserved: usize = (chain.iter())
                .filter(|b| g.state.inst(b.source).map(|x| x.controller) == controller)
                .map(|b| eddies(g, b))
                .sum();
            let needed = eddies(g, a);
            !chain.iter().any(|b| b.source == a.source)
                && (needed == 0 || controller.is_some_and(|p| can_pay(g, p, reserved + needed)))
        });
        // A mandatory replacement applies first (rule 10.28); of several, the controller of the
        // affected card chooses (rule 10.28.1).
        let mandatory: Vec<InstId> = (all.iter())
            .filter(|a| !a.optional)
            .map(|a| a.source)
            .collect();
        if mandatory.len() > 1 {
            let picked = (g.state.replace_answers.iter())
                .any(|&(s, x, yes)| x == c && yes && mandatory.contains(&s));
            if !picked {
                return Some(Frame::ReplaceChoose {
                    affected: c,
                    options: mandatory,
                });
            }
        }
        if !mandatory.is_empty() {
            if let Some(f) = question_after(g, &all, c, chain) {
                return Some(f);
            }
            continue;
        }
        for a in &all {
            let answered =
                (g.state.replace_answers.iter()).any(|&(s, x, _)| s == a.source && x == c);
            if !answered {
                return Some(Frame::Replace {
                    source: a.source,
                    affected: c,
                });
            }
        }
        // Rule 10.28.2: of several optional ones chosen to apply, the affected card's
        // controller chooses which one applies.
        let yes: Vec<InstId> = (all.iter())
            .filter(|a| said_yes(g, a.source, c))
            .map(|a| a.source)
            .collect();
        if yes.len() > 1 {
            return Some(Frame::ReplaceChoose {
                affected: c,
                options: yes,
            });
        }
        if let Some(f) = question_after(g, &all, c, chain) {
            return Some(f);
        }
    }
    None
}

/// The next question about the defeat that the replacement applying to `c` puts in its place.
fn question_after(
    g: &Game,
    all: &[Applicable],
    c: InstId,
    chain: &mut Vec<Applicable>,
) -> Option<Frame> {
    let a = chosen(g, all, c)?.clone();
    let next = defeats(g, &a);
    chain.push(a);
    let f = question_in_chain(g, &next, chain);
    chain.pop();
    f
}

/// The question of a replacement frame.
pub(crate) fn decision(g: &Game) -> Option<Decision> {
    match g.state.frames.last()? {
        Frame::Replace { source, .. } => Some(Decision {
            player: g.state.inst(*source)?.controller,
            prompt: DecisionKind::Replace,
            options: vec![Choice::Yes, Choice::No],
        }),
        Frame::ReplaceChoose { affected, options } => Some(Decision {
            player: g.state.inst(*affected)?.controller,
            prompt: DecisionKind::Replace,
            options: options.iter().map(|&i| Choice::Card(i)).collect(),
        }),
        _ => None,
    }
}

/// Records the answer to a replacement frame and goes back to the action.
pub(crate) fn answer(g: &mut Game, choice: Choice) -> Flow {
    let bug = || EngineError::Bug("an answer to another question");
    match (g.state.frames.pop(), choice) {
        (Some(Frame::Replace { source, affected }), Choice::Yes | Choice::No) => {
            // Rule 10.26: each optional replacement's controller is asked.
            g.state
                .replace_answers
                .push((source, affected, choice == Choice::Yes));
            Ok(())
        }
        (Some(Frame::ReplaceChoose { affected, options }), Choice::Card(source)) => {
            // The others offered are not applied (rules 10.28.1, 10.28.2).
            for o in options.into_iter().filter(|&o| o != source) {
                g.state.replace_answers.push((o, affected, false));
            }
            g.state.replace_answers.push((source, affected, true));
            Ok(())
        }
        _ => Err(bug().into()),
    }
}
