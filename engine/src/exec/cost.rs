//! Cost rules (rules 3.11, 11.8): what a card's own text changes of its cost (`Play this Unit
//! for -1 €$ for each …, to a minimum of 1 €$`, `If your fixer area is empty, play this Program
//! for 1 €$`), what the cards in play change of others' (`Play your first CYBERWARE Gear each
//! turn for -3 €$`), an activated ability's (`This effect costs …`), and what statements say of
//! Calls and {Go Solo}. The cost value itself never changes (rule 11.8.2); a reduction stops at
//! the minimum its text prints (`to a minimum of 1 €$`), and one that prints none may take the
//! amount to 0: the official FAQ (FAQ-047, Johnny Silverhand: Rocking Renegade) overrides the
//! floor of 1 of rule 11.8.3 there.

use super::cond::holds;
use super::number::nums;
use super::select::{pred, Thing};
use super::{statement, Cx};
use crate::game::Game;
use crate::pool::says;
use crate::rules::reduced;
use crate::state::{Fact, InstId, Obj, PlayerId};
use gigscript_dsl::prim::{Body, CostChange, CostRule, Costed, EventKind, Say};
use gigscript_dsl::Keyword;

/// What one cost rule changes: the change, the floor, an alternative price (rule 11.8.2).
#[derive(Default)]
struct Change {
    add: i64,
    floor: i64,
    price: Option<i64>,
}

impl Change {
    fn apply(&mut self, g: &Game, cx: &Cx, r: &CostRule) {
        self.apply_counted(g, cx, r, None);
    }

    /// `counted`: the amount of an `Add` as it was counted when its statement was made.
    fn apply_counted(&mut self, g: &Game, cx: &Cx, r: &CostRule, counted: Option<i64>) {
        if !holds(g, cx, &r.when) {
            return;
        }
        match &r.change {
            CostChange::Add { by, minimum } => {
                let by = counted.unwrap_or_else(|| nums(g, cx, by).first().unwrap_or(0));
                self.add = self.add.saturating_add(by);
                if let Some(m) = minimum {
                    self.floor = self.floor.max(i64::from(*m));
                }
            }
            CostChange::Set(n) => {
                let v = nums(g, cx, n).first().unwrap_or(0);
                self.price = Some(self.price.map_or(v, |p| p.min(v)));
            }
            CostChange::Free => self.price = Some(0),
        }
    }

    /// The amount for a printed cost of `base`.
    fn amount(&self, base: i64) -> u8 {
        let base = self.price.map_or(base, |p| p.min(base));
        let clamp = |v: i64| v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
        reduced(clamp(base), clamp(self.add), clamp(self.floor.max(0)))
    }
}

/// Whether player `p` played a card that `what` describes this turn, other than `inst`
/// (`your first … each turn`).
fn played_before(
    g: &Game,
    cx: &Cx,
    what: &gigscript_dsl::prim::Pred,
    p: PlayerId,
    inst: InstId,
) -> bool {
    (g.state.history.of_turn(g.state.turn).iter()).any(|h| {
        h.kind == EventKind::Play
            && h.player == Some(p)
            && h.objects.iter().any(|f| {
                matches!(f, Fact::Card(c) if c.inst != inst) && pred(g, cx, what, Thing::Was(f))
            })
    })
}

/// The €$ `p` pays to play card `inst` now: its cost value or an alternative price, changed by
/// its own cost rules and by those of `p`'s face-up cards in play (rules 11.8.2, 11.8.3).
/// `None`: a null cost can't be paid (rule 3.11.2.1).
pub(crate) fn play_cost(g: &Game, inst: InstId, p: PlayerId) -> Option<u8> {
    let card = g.state.inst(inst)?.card;
    let printed = g.pool.facts(card).cost?;
    let printed = i64::from(printed);
    let own = g.pool.core(card);
    // No cost rule of its own, none of another card, and none an effect made (no card of the
    // game makes one, or no lasting statement is in force).
    if own.is_none_or(|t| t.cost_rules.is_empty())
        && !g.tables.kinds.cost_statics
        && (g.tables.kinds.says & says::COST == 0 || g.state.lasting.is_empty())
    {
        return Some(printed.clamp(0, i64::from(u8::MAX)) as u8);
    }
    Some(changed_cost(g, inst, p, printed, own))
}

/// [`play_cost`] where a cost rule may change `printed` (out of line: most plays read none).
#[inline(never)]
fn changed_cost(
    g: &Game,
    inst: InstId,
    p: PlayerId,
    printed: i64,
    own: Option<&crate::pool::CoreText>,
) -> u8 {
    let mut ch = Change::default();
    if let Some(t) = own {
        let cx = Cx::new(inst, p, &[]);
        for &line in &t.cost_rules {
            if let Some(Body::Cost(r)) = t.ability(line).map(|a| &a.body) {
                if r.of == Costed::ThisCard {
                    ch.apply(g, &cx, r);
                }
            }
        }
    }
    if g.tables.kinds.cost_statics {
        let pl = g.state.player(p);
        for &c in pl.field.iter().chain(pl.legends.iter()) {
            let Some(x) = g.state.inst(c) else { continue };
            if !x.face_up || c == inst {
                continue;
            }
            let Some(t) = g.pool.core(x.card) else {
                continue;
            };
            let cx = Cx::new(c, x.controller, &[]);
            for &line in &t.cost_rules {
                let Some(Body::Cost(r)) = t.ability(line).map(|a| &a.body) else {
                    continue;
                };
                let Costed::Plays {
                    what,
                    first_each_turn,
                    ..
                } = &r.of
                else {
                    continue;
                };
                let here = Thing::Now(Obj::Card(inst));
                if pred(g, &cx, what, here)
                    && !(*first_each_turn && played_before(g, &cx, what, p, inst))
                {
                    ch.apply(g, &cx, r);
                }
            }
        }
    }
    // Made by an effect: `Your next Program this turn plays for -1 €$ for each friendly min
    // Gig`, its amount counted when it was made (FAQ-044 to FAQ-046).
    for (s, r, counted) in lasting_plays(g, p, inst) {
        ch.apply_counted(g, &Cx::new(s.src, s.me, s.slots), r, counted);
    }
    ch.amount(printed)
}

/// The lasting statements made by effects that change what `p` pays to play card `inst`
/// (`Your next Program this turn plays for …`), each with its amount as counted when made.
fn lasting_plays<'a>(
    g: &'a Game,
    p: PlayerId,
    inst: InstId,
) -> Vec<(statement::Said<'a>, &'a CostRule, Option<i64>)> {
    let mut out = Vec::new();
    if g.state.lasting.is_empty() {
        return out;
    }
    for (s, r) in statement::cost_rules(g, p, None) {
        let Costed::Plays { what, .. } = &r.of else {
            continue;
        };
        if s.fixed.is_empty() {
            continue; // a card's own static text: read above
        }
        let cx = Cx::new(s.src, s.me, s.slots);
        if !pred(g, &cx, what, Thing::Now(Obj::Card(inst))) {
            continue;
        }
        let counted = match s.slots.last() {
            Some(crate::state::Val::Num(v)) => Some(*v),
            _ => None,
        };
        out.push((s, r, counted));
    }
    out
}

/// Card `inst` is played by `p`: a lasting `Your next … plays for …` that applied to it is used
/// up (it changes only the next such card, FAQ-045).
pub(crate) fn use_up_next(g: &mut Game, p: PlayerId, inst: InstId) {
    if g.state.lasting.is_empty() {
        return;
    }
    let used: Vec<usize> = (g.state.lasting.iter().enumerate())
        .filter(|(_, l)| {
            let Some(st) = statement::lasting_statement(g, l) else {
                return false;
            };
            let Say::Cost(CostRule {
                of:
                    Costed::Plays {
                        what,
                        next_only: true,
                        ..
                    },
                ..
            }) = &st.says
            else {
                return false;
            };
            l.about.contains(&Obj::Player(p))
                && pred(
                    g,
                    &Cx::new(l.source, l.controller, &l.slots),
                    what,
                    Thing::Now(Obj::Card(inst)),
                )
        })
        .map(|(k, _)| k)
        .collect();
    for k in used.into_iter().rev() {
        g.state.lasting.remove(k);
    }
}

/// The €$ `p` pays to activate ability `line` of `source` (rule 10.19): its `N €$`, changed by
/// `This effect costs …` on the same card; with no printed minimum a reduction may reach 0
/// (FAQ-047, overriding rule 11.8.3's floor of 1).
pub(crate) fn activation_eddies(g: &Game, source: InstId, line: u16, p: PlayerId) -> u8 {
    let Some(t) = g.state.inst(source).and_then(|x| g.pool.core(x.card)) else {
        return 0;
    };
    let Some(Body::Activated { costs, .. }) = t.ability(line).map(|a| &a.body) else {
        return 0;
    };
    let mut ch = Change::default();
    let cx = Cx::new(source, p, &[]);
    for &l in &t.cost_rules {
        if let Some(Body::Cost(r)) = t.ability(l).map(|a| &a.body) {
            if r.of == Costed::ThisEffect {
                ch.apply(g, &cx, r);
            }
        }
    }
    ch.amount(i64::from(costs.eddies))
}

/// The €$ `p` pays to Call a Legend (rule 11.11.1; `During your turn, you may Call a Legend
/// for free.`).
pub(crate) fn call_cost(g: &Game, p: PlayerId) -> u8 {
    let mut ch = Change::default();
    for (s, r) in statement::cost_rules(g, p, None) {
        if r.of == Costed::Call {
            ch.apply(g, &Cx::new(s.src, s.me, s.slots).about(Obj::Player(p)), r);
        }
    }
    match ch.price {
        Some(v) => v.clamp(0, 1) as u8,
        None => 1,
    }
}

/// What player `p` pays to use {Go Solo} on Legend `l` of cost `cost` (rule 11.25): `Rivals must
/// pay +2 €$ to use {Go Solo}`, `A friendly Legend may use {Go Solo} for -2 €$ this turn, to a
/// minimum of 1 €$`.
pub(crate) fn go_solo_cost(g: &Game, p: PlayerId, l: InstId, cost: u8) -> u8 {
    let mut add: i64 = 0;
    let mut floor: i64 = 0;
    for (s, r) in statement::cost_rules(g, p, Some(Obj::Card(l))) {
        let Costed::Use {
            keyword: Keyword::GoSolo,
            by,
        } = &r.of
        else {
            continue;
        };
        let cx = Cx::new(s.src, s.me, s.slots).about(Obj::Card(l));
        if !pred(g, &cx, by, Thing::Now(Obj::Card(l))) || !holds(g, &cx, &r.when) {
            continue;
        }
        if let CostChange::Add { by, minimum } = &r.change {
            add = add.saturating_add(nums(g, &cx, by).first().unwrap_or(0));
            if let Some(m) = minimum {
                floor = floor.max(i64::from(*m));
            }
        }
    }
    (i64::from(cost).saturating_add(add))
        .max(floor)
        .clamp(0, i64::from(u8::MAX)) as u8
}
