//! Activated abilities (rules 10.18–10.20): `{Spend}: …`, `2 €$, {Spend}: …`, `{Quick} …` and
//! `When a rival Unit attacks, {Spend}: …`, on the Units in the field and the face-up Legends
//! in the Legends area of their controller (rule 5.7.6); a Gear's bottom textbox is its host's
//! (rule 4.11.3). Activating pays the costs in order (rule 10.19.3: the €$, then `{Spend}`),
//! then the effect resolves (rule 10.20.6). Also the plays a cost rule allows in an attack
//! window (`You may also play this Program when a Unit attacks …`).

use super::event::window;
use super::run::new_run;
use super::select::{objects, Thing};
use super::Cx;
use crate::decision::Choice;
use crate::error::EngineError;
use crate::game::{Flow, Game};
use crate::log::Event;
use crate::rules::{Action as Act, CardText, When};
use crate::state::{Activation, Frame, InstId, Obj, PlayerId, Val, Zone};
use gigscript_dsl::prim::{Body, Costed};
use gigscript_dsl::CardType;

/// The activated abilities of card `card` (its own, then its Gear's bottom textboxes, rule
/// 4.11.3), whether usable now or not: (card whose text it is, line).
fn abilities_of(g: &Game, card: InstId) -> Vec<(InstId, u16)> {
    let mut out = Vec::new();
    let Some(x) = g.state.inst(card) else {
        return out;
    };
    if x.face_up {
        if let Some(t) = g.pool.core(x.card) {
            let gear = g.pool.facts(x.card).kind == CardType::Gear;
            for &l in &t.activated {
                if !gear || t.ability(l).is_some_and(|a| a.top) {
                    out.push((card, l));
                }
            }
        }
    }
    for gear in g.gear_on(card) {
        let Some(t) = g.state.inst(gear).and_then(|x| g.pool.core(x.card)) else {
            continue;
        };
        for &l in &t.activated {
            if t.ability(l).is_some_and(|a| !a.top) {
                out.push((gear, l));
            }
        }
    }
    out
}

/// Appends the activations `p` may make now (rules 10.18, 10.19.2, 11.3.1.2, 11.26.2, 5.7.6):
/// the cards' own abilities, then the Gear's bottom textboxes in instance order.
pub(crate) fn activations(g: &Game, p: PlayerId, when: When, out: &mut Vec<Choice>) {
    let host_ok = |card: InstId| {
        g.state.inst(card).is_some_and(|x| {
            x.controller == p
                && x.face_up
                && x.equipped_to.is_none()
                && matches!(x.zone, Zone::Field | Zone::Legends)
        })
    };
    // Only the cards with an activated ability are looked at.
    let activates = |i: InstId| g.tables.activates_at.get(usize::from(i.0)).copied() == Some(true);
    let pl = g.state.player(p);
    for &card in pl.field.iter().chain(pl.legends.iter()) {
        if !activates(card) {
            continue;
        }
        let Some(x) = g.state.inst(card) else {
            continue;
        };
        let Some(t) = g.pool.core(x.card) else {
            continue;
        };
        if t.activated.is_empty() || !host_ok(card) {
            continue;
        }
        let gear = g.pool.facts(x.card).kind == CardType::Gear;
        for &line in &t.activated {
            let top = t.ability(line).is_some_and(|a| a.top);
            if (!gear || top) && can_activate(g, p, card, card, line, when) {
                out.push(Choice::Activate {
                    card,
                    source: card,
                    line,
                });
            }
        }
    }
    for &source in g.tables.gear_at.iter() {
        if !activates(source) {
            continue;
        }
        let Some(x) = g.state.inst(source) else {
            continue;
        };
        let Some(host) = x.equipped_to else { continue };
        let Some(t) = g.pool.core(x.card) else {
            continue;
        };
        if t.activated.is_empty() || !host_ok(host) {
            continue;
        }
        for &line in &t.activated {
            let top = t.ability(line).is_some_and(|a| a.top);
            if !top && can_activate(g, p, host, source, line, when) {
                out.push(Choice::Activate {
                    card: host,
                    source,
                    line,
                });
            }
        }
    }
}

fn can_activate(
    g: &Game,
    p: PlayerId,
    card: InstId,
    source: InstId,
    line: u16,
    when: When,
) -> bool {
    let (Some(x), Some(src)) = (g.state.inst(card), g.state.inst(source)) else {
        return false;
    };
    let Some(Body::Activated {
        quick,
        window: w,
        costs,
        ..
    }) = g
        .pool
        .core(src.card)
        .and_then(|t| t.ability(line))
        .map(|a| &a.body)
    else {
        return false;
    };
    let timing = match (when, w) {
        (When::Main, None) => true,
        (When::React { .. }, None) => *quick,
        (When::React { attacker } | When::Attacking { attacker }, Some(w)) => {
            window(g, source, p, w, attacker).is_some()
        }
        (When::Main, Some(_)) | (When::Attacking { .. }, None) => false,
    };
    if !timing {
        return false;
    }
    // Rule 11.3.1.2: a lagging Unit can't use {Spend}; a spent card can't be spent to pay.
    if costs.spend && (x.spent || (x.zone == Zone::Field && x.lag)) {
        return false;
    }
    // Rule 10.19.2: every cost must be payable; the card spent for {Spend} can't also pay €$.
    let eddies = super::cost::activation_eddies(g, source, line, p);
    eddies == 0 || g.can_pay(p, eddies, costs.spend.then_some(card))
}

/// Rule 10.20: activates ability `line` of `source` used on `card`: pay its €$ (a
/// [`Frame::Pay`]), then spend the card (`{Spend}`) and resolve it ([`Frame::Activate`]).
pub(crate) fn activate(g: &mut Game, p: PlayerId, card: InstId, source: InstId, line: u16) -> Flow {
    let src = g.inst_ok(source)?.card;
    let Some(Body::Activated { costs, .. }) = g
        .pool
        .core(src)
        .and_then(|t| t.ability(line))
        .map(|a| &a.body)
    else {
        return Err(EngineError::Bug("activating what is not an activated ability").into());
    };
    let spend = costs.spend;
    let attacker = g.state.frames.iter().rev().find_map(|f| match f {
        Frame::Attack(a) => Some(a.attacker),
        _ => None,
    });
    let eddies = super::cost::activation_eddies(g, source, line, p);
    g.state.frames.push(Frame::Activate(Activation {
        player: p,
        card,
        source,
        line,
        spend,
        attacker,
    }));
    if eddies > 0 {
        g.state.frames.push(Frame::Pay {
            player: p,
            remaining: eddies,
            exclude: spend.then_some(card),
        });
    }
    Ok(())
}

/// The €$ are paid: spend the card for `{Spend}`, then the effect resolves (rules 10.19.3,
/// 10.20.4, 10.20.6). In a `When a Unit attacks` window, the attacking Unit is what the
/// window binds (`that Unit`).
pub(crate) fn finish(g: &mut Game, a: Activation) -> Flow {
    if a.spend {
        g.act(Act::Spend(a.card))?;
    }
    let card = g.inst_ok(a.source)?.card;
    let pool = g.pool.clone();
    let ability = pool.core(card).and_then(|t| t.ability(a.line));
    let Some(ability) = ability.filter(|_| pool.not_executed(card, a.line).is_none()) else {
        return g.emit(Event::NotExecuted {
            source: a.source,
            line: a.line,
        });
    };
    let (Body::Activated { window: w, .. }, Some(e)) = (&ability.body, ability.body.effect())
    else {
        return Err(EngineError::Bug("finishing what is not an activated ability").into());
    };
    let mut run = new_run(a.source, a.player, a.line, e, 0);
    if let (Some(w), Some(attacker)) = (w, a.attacker) {
        for (s, v) in window(g, a.source, a.player, w, attacker).unwrap_or_default() {
            let k = usize::from(s);
            if run.slots.len() <= k {
                run.slots.resize(k + 1, Val::default());
            }
            run.slots[k] = v;
        }
    }
    g.state.frames.push(Frame::Run(Box::new(run)));
    Ok(())
}

/// The label of an activation: `activate <id>`, with the 1-based number of the ability among
/// the card's own and its Gear's when it has several (`activate <id> 2`).
pub(crate) fn label(g: &Game, card: InstId, source: InstId, line: u16) -> String {
    let id = g.card_id(card).to_owned();
    let all = abilities_of(g, card);
    if all.len() > 1 {
        let n = (all.iter())
            .position(|&(s, l)| s == source && l == line)
            .map_or(0, |k| k + 1);
        format!("activate {id} {n}")
    } else {
        format!("activate {id}")
    }
}

/// The line of the cost rule that lets `p` play card `inst` from hand in the window `when`
/// (`You may also play this Program when a Unit attacks …`).
pub(crate) fn also_play_line(g: &Game, p: PlayerId, inst: InstId, when: When) -> Option<u16> {
    let card = g.state.inst(inst)?.card;
    let attacker = match when {
        When::Main => return None,
        When::React { attacker } | When::Attacking { attacker } => attacker,
    };
    let t = g.pool.core(card)?;
    t.cost_rules.iter().copied().find(|&line| {
        matches!(t.ability(line).map(|a| &a.body), Some(Body::Cost(r))
            if matches!(&r.of, Costed::AlsoWhen { window: w, .. }
                if window(g, inst, p, w, attacker).is_some()))
    })
}

/// The cards `p` may spend for the extra cost of the rule on `line` of `inst`, each leaving
/// enough to pay its €$ (rule 10.19.2).
pub(crate) fn spendable_for(g: &Game, p: PlayerId, inst: InstId, line: u16) -> Vec<InstId> {
    let Some(card) = g.state.inst(inst).map(|x| x.card) else {
        return Vec::new();
    };
    let Some(Body::Cost(r)) = g
        .pool
        .core(card)
        .and_then(|t| t.ability(line))
        .map(|a| &a.body)
    else {
        return Vec::new();
    };
    let Costed::AlsoWhen {
        spending: Some(sel),
        ..
    } = &r.of
    else {
        return Vec::new();
    };
    let cost = g.text().play_cost(g, inst, p).unwrap_or(u8::MAX);
    let cx = Cx::new(inst, p, &[]);
    objects(g, &cx, sel)
        .into_iter()
        .filter_map(Obj::card)
        .filter(|&c| {
            g.state.inst(c).is_some_and(|x| !x.spent)
                && super::select::pred(g, &cx, &sel.filter, Thing::Now(Obj::Card(c)))
                && g.can_pay(p, cost, Some(c))
        })
        .collect()
}
