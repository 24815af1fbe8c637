//! Conditions and numbers read from the game (rules 10.3, 10.3.3: a condition within an
//! effect's resolution is checked when that part resolves): Street Cred compared with a Rival
//! (null ☆ rule 5.11.4), Gig counts, `equals` between two numbers, parity of a number,
//! `has the same value`, and `<x> is <y>`.

use super::EffectRun;
use crate::game::Game;
use crate::state::{DieId, InstId, PlayerId, Zone};
use gigscript_dsl::ast::{
    Comparison, Complement, Condition, Expr, Filter, Noun, NounPhrase, Np, Owner, Parity, Phrase,
    PostMod, Quality, Ref, Stat, State, Zone as AstZone,
};

/// What a subject of a condition stands for: cards, or Gigs.
pub(crate) enum Things {
    /// cards
    Cards(Vec<InstId>),
    /// Gig dice
    Gigs(Vec<DieId>),
}

impl Game {
    /// The conditions of area "conditions" that `Game::condition` hands over.
    pub(crate) fn condition_c(&self, run: &EffectRun, c: &Condition) -> bool {
        let me = run.controller;
        match c {
            // Rule 5.11.4.2: null ☆ is less than any number (`None` orders before `Some`).
            Condition::CredComparedTo { more, .. } => {
                let mine = self.state.street_cred(me);
                let theirs = self.state.street_cred(me.other());
                if *more {
                    mine > theirs
                } else {
                    mine < theirs
                }
            }
            // Rule 5.11.4: a null ☆ has no number. Read as the least number there is (0) so a
            // Rival at 10+ ☆ differs from a player with null ☆ by 10+; two null ☆ don't differ.
            Condition::CredDiffers { by_at_least, .. } => {
                match (
                    self.state.street_cred(me),
                    self.state.street_cred(me.other()),
                ) {
                    (None, None) => false,
                    (a, b) => {
                        let (a, b) = (i64::from(a.unwrap_or(0)), i64::from(b.unwrap_or(0)));
                        (a - b).abs() >= i64::from(*by_at_least)
                    }
                }
            }
            // `a Rival controls at least 2 more Gigs than you` (rule 6.2: the Gigs in a Gig area).
            Condition::ControlsMoreGigs { at_least, .. } => {
                let mine = self.state.gig_count(me);
                let theirs = self.state.gig_count(me.other());
                theirs >= mine + at_least.unwrap_or(1) as usize
            }
            // Rule 10.3.3: `the value of a friendly Gig` stands for each friendly Gig's value;
            // the condition holds if one of them makes it true.
            Condition::Equals(a, b) => {
                let (x, y) = (self.numbers(run, &a.node), self.numbers(run, &b.node));
                x.iter().any(|v| y.contains(v))
            }
            Condition::NumberParity(e, parity) => {
                self.numbers(run, &e.node).iter().any(|v| match parity {
                    Parity::Even => v % 2 == 0,
                    Parity::Odd => v % 2 != 0,
                })
            }
            // `a friendly Gig has the same value` (as the Gig named before): another Gig.
            Condition::HasSameValue { subject, as_ } => {
                let Some(other) = self.refer_gig(run, *as_) else {
                    return false;
                };
                let Some(value) = self.state.dice.get(other.0 as usize).map(|d| d.value) else {
                    return false;
                };
                match self.things(run, subject) {
                    Things::Gigs(v) => v
                        .iter()
                        .any(|&d| d != other && self.state.dice[d.0 as usize].value == value),
                    Things::Cards(_) => false,
                }
            }
            // PHRASES hard case 3.6: the fight of the attack in progress, won by the subject.
            Condition::WinsAFightAgainst { subject, against } => {
                let Things::Cards(who) = self.things(run, subject) else {
                    return false;
                };
                self.state.frames.iter().any(|f| match f {
                    crate::state::Frame::Attack(a) => {
                        let crate::state::Target::Unit(def) = a.target else {
                            return false;
                        };
                        a.losers == 2
                            && who.contains(&a.attacker)
                            && match &against.node {
                                Np::Phrase(p) => self.describes(run.source, me, p, def),
                                _ => false,
                            }
                    }
                    _ => false,
                })
            }
            Condition::Is {
                subject,
                complement,
                or_has,
                ..
            } => match self.things(run, subject) {
                Things::Gigs(v) => v.iter().any(|&d| self.gig_is(run, d, complement)),
                Things::Cards(v) => v.iter().any(|&i| {
                    self.card_is(run, i, complement)
                        || or_has.is_some_and(|k| {
                            let k = super::run::keyword(k);
                            (self.in_play_card(i) && self.keyword(i, k))
                                || (self.looked_at(run, i)
                                    && self
                                        .state
                                        .inst(i)
                                        .is_some_and(|x| self.pool.facts(x.card).keywords.has(k)))
                        })
                }),
            },
            _ => false,
        }
    }

    /// Rule 6.5: `a value-pair of Gigs`: two Gigs with the same value in `p`'s Gig area.
    pub(crate) fn has_value_pair(&self, p: PlayerId) -> bool {
        let values: Vec<u8> = self
            .state
            .gigs(p)
            .map(|d| self.state.dice[d.0 as usize].value)
            .collect();
        values
            .iter()
            .enumerate()
            .any(|(k, v)| values[k + 1..].contains(v))
    }

    /// Whether `run`'s controller looked at face-down card `i` in the Legends area (rule
    /// 5.3.1.2): its information is known to them.
    fn looked_at(&self, run: &EffectRun, i: InstId) -> bool {
        self.state
            .inst(i)
            .is_some_and(|x| x.zone == Zone::Legends && !x.face_up)
            && self.state.seen.contains(&(run.controller, i))
    }

    /// Whether a card is in play face-up (its keywords can be read).
    fn in_play_card(&self, i: InstId) -> bool {
        self.state
            .inst(i)
            .is_some_and(|x| matches!(x.zone, Zone::Field | Zone::Legends) && x.face_up)
    }

    fn gig_is(&self, run: &EffectRun, d: DieId, c: &Complement) -> bool {
        let Some(die) = self.state.dice.get(d.0 as usize) else {
            return false;
        };
        match c {
            Complement::AtMaxValue => die.value == die.sides,
            Complement::Kind(np) => match &np.node {
                Np::Phrase(p) if matches!(p.head.noun, Noun::Gig | Noun::Die(_)) => {
                    self.gig_matches(run.controller, p, d)
                }
                _ => false,
            },
            Complement::State(_) | Complement::Tags { .. } => false,
        }
    }

    fn card_is(&self, run: &EffectRun, i: InstId, c: &Complement) -> bool {
        let Some(x) = self.state.inst(i) else {
            return false;
        };
        // Rule 3.4.1: a face-down card shows nothing, except to a player an effect directed to
        // look at it (rule 5.3.1.2: `look at a friendly face-down Legend. If that Legend is …`).
        let hidden = x.zone == Zone::Legends
            && !x.face_up
            && !self.state.seen.contains(&(run.controller, i));
        match c {
            Complement::State(State::Spent) => x.spent,
            Complement::State(State::Equipped) => self.gear_on(i).next().is_some(),
            Complement::State(State::Empty) | Complement::AtMaxValue => false,
            Complement::Tags { tags, .. } => {
                !hidden && self.pool.tags(x.card).iter().any(|t| tags.contains(t))
            }
            Complement::Kind(np) => match &np.node {
                Np::Phrase(p) => self.describes(run.source, run.controller, p, i),
                _ => false,
            },
        }
    }

    /// The Gig a reference names, if it is one.
    pub(crate) fn refer_gig(&self, run: &EffectRun, r: Ref) -> Option<DieId> {
        match r {
            Ref::Binding(b) => run.gigs.iter().find(|(id, _)| *id == b.0).map(|x| x.1),
            Ref::This | Ref::Host => None,
        }
    }

    /// What the subject of a condition stands for now: a reference, or every Gig or card
    /// in play its phrase describes (`a friendly d4`: any of them).
    pub(crate) fn things(&self, run: &EffectRun, np: &NounPhrase) -> Things {
        let r = match &np.node {
            Np::Pronoun { refers_to, .. } => Some(*refers_to),
            Np::Phrase(p) => p.refers_to,
            _ => return Things::Cards(Vec::new()),
        };
        if let Some(r) = r {
            if let Some(d) = self.refer_gig(run, r) {
                return Things::Gigs(vec![d]);
            }
            return Things::Cards(self.refer(run, r));
        }
        let Np::Phrase(p) = &np.node else {
            return Things::Cards(Vec::new());
        };
        if matches!(p.head.noun, Noun::Gig | Noun::Die(_)) {
            return Things::Gigs(self.gig_list(run.controller, p));
        }
        Things::Cards(self.matching(run, p))
    }

    /// Every Gig in a Gig area that a Gig phrase describes, in die order.
    pub(crate) fn gig_list(&self, me: PlayerId, p: &Phrase) -> Vec<DieId> {
        (0..self.state.dice.len())
            .map(|k| DieId(k as u8))
            .filter(|&d| self.gig_matches(me, p, d))
            .collect()
    }

    /// The numbers an expression may stand for now: one for a card's or Gig's number, one per
    /// Gig for `the value of a friendly Gig`; none when there is nothing to read (a null cost,
    /// rule 3.11.2, a face-down card, rule 3.4.1).
    pub(crate) fn numbers(&self, run: &EffectRun, e: &Expr) -> Vec<i64> {
        match e {
            Expr::ValueOf(np) => match self.things(run, np) {
                Things::Gigs(v) => v
                    .iter()
                    .filter_map(|d| self.state.dice.get(d.0 as usize))
                    .map(|d| i64::from(d.value))
                    .collect(),
                Things::Cards(_) => Vec::new(),
            },
            // `the total number of discarded cards`: by this effect and the earlier effects of
            // the same card (a Program's lines, rule 4.14).
            Expr::TotalDiscarded => vec![
                i64::from(run.discarded) + run.bound(super::statements::DISCARDED).len() as i64,
            ],
            Expr::Stat { owner, stat } => {
                let things = match owner {
                    Owner::Its(r) | Owner::Their(r) => match self.refer_gig(run, *r) {
                        Some(d) => Things::Gigs(vec![d]),
                        None => Things::Cards(self.refer(run, *r)),
                    },
                    Owner::Of(np) => self.things(run, np),
                };
                match things {
                    Things::Gigs(v) => v
                        .iter()
                        .filter(|_| *stat == Stat::Value)
                        .filter_map(|d| self.state.dice.get(d.0 as usize))
                        .map(|d| i64::from(d.value))
                        .collect(),
                    Things::Cards(v) => v.iter().filter_map(|&i| self.stat_of(i, *stat)).collect(),
                }
            }
        }
    }

    /// A card's cost or power: printed, or computed while it is in the field (rule 3.17).
    pub(crate) fn stat_of(&self, i: InstId, stat: Stat) -> Option<i64> {
        let x = self.state.inst(i)?;
        if x.zone == Zone::Legends && !x.face_up {
            return None;
        }
        let facts = self.pool.facts(x.card);
        match stat {
            Stat::Cost => facts.cost.map(i64::from),
            Stat::Power if x.zone == Zone::Field => Some(i64::from(self.eff_power(i))),
            Stat::Power => facts.power.map(i64::from),
            Stat::Value => None,
        }
    }

    /// `with power equal to or less than the value of a friendly d20`: a card's number
    /// compared with numbers read from the game now (rule 10.3.3). `the value of a friendly
    /// d20` stands for any friendly d20, so the comparison holds if one of them makes it true.
    /// Within an effect, `the discarded card's cost` reads the card the effect bound.
    pub(crate) fn compare_read_in(&self, run: &EffectRun, v: i64, cmp: &Comparison) -> bool {
        let read = |e: &gigscript_dsl::ast::Spanned<Expr>| self.numbers(run, &e.node);
        match cmp {
            Comparison::EqualTo(e) => read(e).contains(&v),
            Comparison::AtMostExpr(e) => read(e).iter().any(|&n| v <= n),
            Comparison::HigherThan(e) => read(e).iter().any(|&n| v > n),
            Comparison::LessThan(e) => read(e).iter().any(|&n| v < n),
            Comparison::Is(_) | Comparison::AtMost(_) | Comparison::AtLeast(_) => false,
        }
    }

    /// Filters after `with` other than a printed number or a keyword.
    pub(crate) fn filter_more(&self, source: InstId, me: PlayerId, i: InstId, f: &Filter) -> bool {
        match f {
            // `with less power than a friendly Unit`: than at least one of them.
            Filter::LessPowerThan(np) => {
                let Np::Phrase(p) = &np.node else {
                    return false;
                };
                let v = self.eff_power(i);
                (0..self.state.instances.len())
                    .map(|k| InstId(k as u16))
                    .filter(|&j| j != i && self.describes(source, me, p, j))
                    .any(|j| v < self.eff_power(j))
            }
            // `with no equipped Gears`
            Filter::NoEquipped(_) => self.gear_on(i).next().is_none(),
            _ => false,
        }
    }

    /// `in your Legends area`, `in your trash`: the card is in one of those zones of yours.
    pub(crate) fn in_zones(&self, me: PlayerId, i: InstId, zones: &[AstZone]) -> bool {
        let Some(x) = self.state.inst(i) else {
            return false;
        };
        let mine =
            x.controller == me || (x.owner == me && !matches!(x.zone, Zone::Field | Zone::Legends));
        mine && zones.iter().any(|z| match z {
            AstZone::LegendsArea => x.zone == Zone::Legends,
            AstZone::Trash => x.zone == Zone::Trash,
            AstZone::Hand => x.zone == Zone::Hand,
            AstZone::Deck => x.zone == Zone::Deck,
            AstZone::FixerArea => false,
        })
    }

    /// `a Rival's Unit`: a card the Rival controls.
    pub(crate) fn possessed(&self, me: PlayerId, p: &Phrase, i: InstId) -> bool {
        match p.owner {
            None => true,
            Some(o) => {
                let Some(x) = self.state.inst(i) else {
                    return false;
                };
                // `a Rival's` and `another player's` both name the other player in a
                // two-player game; `a player's` names either.
                !(o.rival || o.another) || x.controller != me
            }
        }
    }

    /// `lowest-power`: of the cards a phrase describes, those with the least power (ties
    /// all stay; the player chooses among them, as the reminder says).
    pub(crate) fn superlative(&self, p: &Phrase, mut all: Vec<InstId>) -> Vec<InstId> {
        if p.quality == Some(Quality::LowestPower) {
            if let Some(min) = all.iter().map(|&i| self.eff_power(i)).min() {
                all.retain(|&i| self.eff_power(i) == min);
            }
        }
        all
    }

    /// PHRASES hard case 3.6: `{Attack} If this Unit wins a fight against a rival Unit, …`
    /// resolves when the Unit attacks (rule 11.21), before any fight, so its condition is false
    /// then; the condition is a future event of that attack. When the attacker wins the fight
    /// (rule 9.17), such abilities of it and of its Gear (rule 4.11) become pending again,
    /// with the fight won.
    pub(crate) fn won_fight(&mut self, attacker: InstId) -> crate::game::Flow {
        let pool = self.pool.clone();
        let mut cards = vec![attacker];
        cards.extend(self.gear_on(attacker));
        for c in cards {
            let Some(x) = self.state.inst(c).copied() else {
                continue;
            };
            if !pool.has_label_triggers(x.card) || !pool.executable(x.card) {
                continue;
            }
            let top = pool.top_len(x.card);
            let is_gear = c != attacker;
            for line in pool.label_lines(x.card, gigscript_dsl::ast::Label::Attack) {
                // A Gear's bottom textbox is its host's (rule 4.11).
                if is_gear && line < top {
                    continue;
                }
                if super::support::is_fight_condition(pool.ability(x.card, line).map(|a| &a.node)) {
                    self.push_pending(x.controller, c, crate::state::EffectRef::Text { line })?;
                }
            }
        }
        Ok(())
    }

    /// `you control 3 or more Gigs with different values`, `2 or more Gigs with 8+ value`:
    /// enough of your Gigs (rule 6.2) pass the filters; `different values` counts values.
    pub(crate) fn controls_gigs(&self, me: PlayerId, p: &Phrase) -> bool {
        let need = match p.quantity {
            gigscript_dsl::ast::Quantity::AtLeast(n) => n as usize,
            _ => 1,
        };
        let mut values: Vec<u8> = self
            .state
            .gigs(me)
            .filter(|&d| self.gig_matches(me, p, d))
            .map(|d| self.state.dice[d.0 as usize].value)
            .filter(|&v| {
                p.post.iter().all(|m| match &m.node {
                    PostMod::With(Filter::ValueAtLeast(n)) => u32::from(v) >= *n,
                    _ => true,
                })
            })
            .collect();
        if p.post
            .iter()
            .any(|m| matches!(m.node, PostMod::With(Filter::DifferentValues)))
        {
            values.sort_unstable();
            values.dedup();
        }
        values.len() >= need
    }
}

/// `3 or more Gigs with different values`, `2 or more Gigs with 8+ value`, `a Gig with 8+
/// value`: Gigs counted by `Game::controls_gigs`.
pub(crate) fn is_gig_count(p: &Phrase) -> bool {
    p.head.noun == Noun::Gig
        && matches!(
            p.quantity,
            gigscript_dsl::ast::Quantity::AtLeast(_) | gigscript_dsl::ast::Quantity::One
        )
        && p.owner.is_none()
        && p.refers_to.is_none()
        && p.quality.is_none()
        && p.controller.is_none()
        && !p.post.is_empty()
        && p.post.iter().all(|m| {
            matches!(
                m.node,
                PostMod::With(Filter::ValueAtLeast(_)) | PostMod::With(Filter::DifferentValues)
            )
        })
}
