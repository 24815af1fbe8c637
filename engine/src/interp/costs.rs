//! The cost rules of card text (rules 3.11, 11.8), read where the rules compute what a player
//! pays: the €$ paid to play a card (`Play this Unit for -1 €$ for each …, to a minimum of 1 €$`, `If your fixer
//! area is empty, play this Program for 1 €$`, `Play your first CYBERWARE Gear each turn for
//! -3 €$`) or to activate an ability (`This effect costs -1 €$ for each …`). The cost value
//! itself never changes (rule 11.8.2); a reduction never takes the amount below 1 (rule 11.8.3).

use crate::game::Game;
use crate::rules::reduced;
use crate::state::legacy::EffectRun;
use crate::state::{DieArea, InstId, PlayerId, Zone};
use gigscript_dsl::ast::{
    Ability, Condition, Controller, Cost, CostRule, Expr, Filter, Noun, NounPhrase, Np, Owner,
    PostMod, Quality, Quantity, Ref, Stat, Status, Zone as TextZone,
};
use gigscript_dsl::CardType;

/// Whether a cost rule is about other cards than its own (`your first CYBERWARE Gear`): it
/// applies while its card is in play.
pub(crate) fn cost_rule_is_static(r: &CostRule) -> bool {
    matches!(r, CostRule::PlayFor { card, .. } if !is_this(card))
}

/// Whether the interpreter executes a cost rule.
pub(crate) fn cost_rule_executes(r: &CostRule) -> bool {
    match r {
        CostRule::PlayFor {
            card,
            each_turn,
            per,
            ..
        } => {
            if is_this(card) {
                !each_turn && per.as_ref().is_none_or(countable)
            } else {
                *each_turn && per.is_none() && first_of_yours(card).is_some()
            }
        }
        CostRule::PlayForIf {
            condition, card, ..
        } => is_this(card) && condition_executes(&condition.node),
        CostRule::EffectCosts { per, .. } => countable(per),
        CostRule::AlsoPlay {
            card,
            when,
            paying,
            spending,
        } => {
            is_this(card)
                && crate::interp::window_executes(&when.node)
                && matches!(&paying.node, Expr::Stat { owner: Owner::Of(np), stat: Stat::Cost } if is_this(np))
                && spending.as_ref().is_some_and(|np| {
                    matches!(&np.node, Np::Phrase(p)
                    if p.quantity == Quantity::One && p.post.is_empty() && p.owner.is_none()
                        && p.quality.is_none() && p.orientation.is_none())
                })
        }
    }
}

fn condition_executes(c: &Condition) -> bool {
    match c {
        Condition::FixerAreaEmpty => true,
        Condition::ControlsMoreGigs { who, .. } => crate::interp::is_a_rival(who),
        _ => false,
    }
}

fn is_this(np: &NounPhrase) -> bool {
    match &np.node {
        Np::Phrase(p) => p.refers_to == Some(Ref::This),
        Np::Pronoun { refers_to, .. } => *refers_to == Ref::This,
        _ => false,
    }
}

/// `your first CYBERWARE Gear`: the card type and tag.
fn first_of_yours(np: &NounPhrase) -> Option<(CardType, Option<&str>)> {
    let Np::Phrase(p) = &np.node else {
        return None;
    };
    if p.quantity != Quantity::Your
        || !p.first
        || p.owner.is_some()
        || p.controller.is_some()
        || p.or.is_some()
        || !p.post.is_empty()
    {
        return None;
    }
    let kind = match p.head.noun {
        Noun::Unit => CardType::Unit,
        Noun::Gear => CardType::Gear,
        Noun::Program => CardType::Program,
        _ => return None,
    };
    match &p.quality {
        None => Some((kind, None)),
        Some(Quality::Tag(t)) => Some((kind, Some(t.as_str()))),
        _ => None,
    }
}

/// The things a cost rule counts: `friendly Gig [with 8+ value]`, `Unit in your trash`,
/// `a Rival's Units`, `friendly face-up Legend`.
fn countable(np: &NounPhrase) -> bool {
    let Np::Phrase(p) = &np.node else {
        return false;
    };
    if p.refers_to.is_some() || p.other || p.first || p.participle.is_some() || p.or.is_some() {
        return false;
    }
    if p.orientation.is_some() || !matches!(p.quality, None | Some(Quality::Tag(_))) {
        return false;
    }
    match p.head.noun {
        Noun::Gig => {
            p.controller == Some(Controller::Friendly)
                && p.owner.is_none()
                && p.quality.is_none()
                && p.status.is_none()
                && p.post.iter().all(|x| {
                    matches!(
                        x.node,
                        PostMod::With(Filter::ValueAtLeast(_)) | PostMod::AtMaxValue
                    )
                })
        }
        Noun::Unit => {
            let in_trash = p.post.len() == 1
                && matches!(&p.post[0].node, PostMod::In(z) if z.as_slice() == [TextZone::Trash]);
            let rivals = p.owner.is_some_and(|o| o.rival && !o.another) && p.post.is_empty();
            let friendly_or_rival =
                p.owner.is_none() && p.controller.is_some() && p.post.is_empty();
            p.status.is_none()
                && ((in_trash && p.controller.is_none() && p.owner.is_none())
                    || (rivals && p.controller.is_none())
                    || friendly_or_rival)
        }
        Noun::Legend => {
            p.owner.is_none()
                && p.controller == Some(Controller::Friendly)
                && p.post.is_empty()
                && matches!(
                    p.status,
                    None | Some(Status::FaceUp) | Some(Status::FaceDown)
                )
        }
        _ => false,
    }
}

impl Game {
    /// The €$ `p` pays to play card `inst` from hand now: its cost value, or the alternative
    /// cost of a cost rule whose condition holds, changed by the cost rules of the card and
    /// of `p`'s cards in play (rules 11.8.2, 11.8.3). `None`: it can't be paid (rule 3.11.2.1).
    pub(crate) fn play_cost(&self, inst: InstId, p: PlayerId) -> Option<u8> {
        let card = self.state.inst(inst)?.card;
        let printed = self.cost_to_pay(card)?;
        let own = self.pool.cost_rule_lines(card);
        if own.is_empty() && !self.kinds.cost_statics {
            return Some(printed);
        }
        let mut base = i32::from(printed);
        let mut change = 0i32;
        let mut floor = 1i32;
        for &(line, others) in own {
            if others {
                continue;
            }
            match self.pool.ability(card, line).map(|a| &a.node) {
                Some(Ability::CostRule(r)) => match &r.node {
                    CostRule::PlayFor {
                        change: c,
                        per,
                        minimum,
                        ..
                    } => {
                        let n = per.as_ref().map_or(1, |np| self.count_for_cost(np, p));
                        change += c * n;
                        floor = floor.max(*minimum as i32);
                    }
                    // An alternative cost (rule 11.8.2: the cost value stays the printed one).
                    CostRule::PlayForIf {
                        condition, cost, ..
                    } => {
                        let run = EffectRun::new(inst, p, line);
                        if self.condition(&run, &condition.node) {
                            base = base.min(*cost as i32);
                        }
                    }
                    CostRule::EffectCosts { .. } | CostRule::AlsoPlay { .. } => {}
                },
                _ => continue,
            }
        }
        if self.kinds.cost_statics {
            change += self.static_cost_change(inst, p, &mut floor);
        }
        Some(reduced(base, change, floor))
    }

    /// `Play your first CYBERWARE Gear each turn for -3 €$`: the changes that `p`'s face-up
    /// cards in play make to the cost of `inst`.
    fn static_cost_change(&self, inst: InstId, p: PlayerId, floor: &mut i32) -> i32 {
        let Some(target) = self.state.inst(inst) else {
            return 0;
        };
        let facts = self.pool.facts(target.card);
        let pl = self.state.player(p);
        let mut change = 0;
        for &c in pl.field.iter().chain(pl.legends.iter()) {
            let Some(x) = self.state.inst(c) else {
                continue;
            };
            if !x.face_up || c == inst {
                continue;
            }
            for &(line, others) in self.pool.cost_rule_lines(x.card) {
                if !others {
                    continue;
                }
                let Some(Ability::CostRule(r)) = self.pool.ability(x.card, line).map(|a| &a.node)
                else {
                    continue;
                };
                let CostRule::PlayFor {
                    card,
                    change: c,
                    minimum,
                    ..
                } = &r.node
                else {
                    continue;
                };
                let Some((kind, tag)) = first_of_yours(card) else {
                    continue;
                };
                let is = |card: crate::pool::CardIdx| {
                    self.pool.facts(card).kind == kind
                        && tag.is_none_or(|t| self.pool.tags(card).iter().any(|x| x == t))
                };
                // `first … each turn`: no such card was played by `p` earlier this turn.
                let earlier = pl
                    .played_cards_this_turn
                    .iter()
                    .any(|&j| j != inst && self.state.inst(j).is_some_and(|y| is(y.card)));
                if facts.kind == kind && is(target.card) && !earlier {
                    change += c;
                    *floor = (*floor).max(*minimum as i32);
                }
            }
        }
        change
    }

    /// The €$ `p` pays to activate ability `line` of `source` (rule 10.19): its `N €$` costs,
    /// changed by `This effect costs …` on the same card, never below 1 by a reduction
    /// (rule 11.8.3).
    pub(crate) fn activation_eddies(&self, source: InstId, line: u16, p: PlayerId) -> u8 {
        let Some(card) = self.state.inst(source).map(|x| x.card) else {
            return 0;
        };
        let Some(Ability::Activated { costs, .. }) = self.pool.ability(card, line).map(|a| &a.node)
        else {
            return 0;
        };
        let base: i32 = costs
            .iter()
            .map(|c| match c.node {
                Cost::Eddies(n) => n as i32,
                Cost::Spend => 0,
            })
            .sum();
        let mut change = 0;
        for &(l, _) in self.pool.cost_rule_lines(card) {
            if let Some(Ability::CostRule(r)) = self.pool.ability(card, l).map(|a| &a.node) {
                if let CostRule::EffectCosts { change: c, per } = &r.node {
                    change += c * self.count_for_cost(per, p);
                }
            }
        }
        reduced(base, change, 1)
    }

    /// How many of what a cost rule counts `p` has (see [`countable`]).
    fn count_for_cost(&self, np: &NounPhrase, p: PlayerId) -> i32 {
        let Np::Phrase(ph) = &np.node else {
            return 0;
        };
        let rival = p.other();
        let n = match ph.head.noun {
            Noun::Gig => self
                .state
                .dice
                .iter()
                .filter(|d| d.area == DieArea::Gigs(p))
                .filter(|d| {
                    ph.post.iter().all(|x| match x.node {
                        PostMod::With(Filter::ValueAtLeast(v)) => u32::from(d.value) >= v,
                        PostMod::AtMaxValue => d.value == d.sides,
                        _ => false,
                    })
                })
                .count(),
            Noun::Unit if !ph.post.is_empty() => self
                .state
                .player(p)
                .trash
                .iter()
                .filter(|&&i| self.is_card(i, CardType::Unit, ph.quality.as_ref()))
                .count(),
            Noun::Unit => {
                let whose = match (ph.owner, ph.controller) {
                    (Some(_), _) | (None, Some(Controller::Rival)) => rival,
                    _ => p,
                };
                self.state
                    .player(whose)
                    .field
                    .iter()
                    .filter(|&&i| self.unit_with(i, ph.quality.as_ref()))
                    .count()
            }
            Noun::Legend => self
                .state
                .player(p)
                .legends
                .iter()
                .filter(|&&i| {
                    self.state.inst(i).is_some_and(|x| match ph.status {
                        Some(Status::FaceUp) => x.face_up,
                        Some(Status::FaceDown) => !x.face_up,
                        _ => true,
                    })
                })
                .count(),
            _ => 0,
        };
        n as i32
    }

    fn is_card(&self, i: InstId, kind: CardType, q: Option<&Quality>) -> bool {
        self.state.inst(i).is_some_and(|x| {
            self.pool.facts(x.card).kind == kind
                && match q {
                    Some(Quality::Tag(t)) => self.pool.tags(x.card).iter().any(|y| y == t),
                    _ => true,
                }
        })
    }

    /// A Unit in the field (a Legend played as a Unit counts, rule 4.5).
    fn unit_with(&self, i: InstId, q: Option<&Quality>) -> bool {
        self.state.inst(i).is_some_and(|x| {
            x.zone == Zone::Field
                && x.equipped_to.is_none()
                && match q {
                    Some(Quality::Tag(t)) => self.pool.tags(x.card).iter().any(|y| y == t),
                    _ => true,
                }
        })
    }
}
