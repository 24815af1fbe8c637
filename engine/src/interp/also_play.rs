//! The cost rule that lets a card be played at another time than its type allows (`You may
//! also play this Program when a Unit attacks by paying this card's cost and spending a
//! friendly Unit or face-up Legend.`): which cards it applies to now, and what may be spent
//! for it. The play itself is the rules' (`rules/also_play.rs`).

use crate::game::Game;
use crate::rules::When;
use crate::state::{InstId, PlayerId};
use gigscript_dsl::ast::{Ability, CostRule, Np};

impl Game {
    /// The `also play` rule of a card in hand usable now, as its line.
    pub(crate) fn also_play_line(&self, p: PlayerId, inst: InstId, when: When) -> Option<u16> {
        let card = self.state.inst(inst)?.card;
        self.pool
            .cost_rule_lines(card)
            .iter()
            .find_map(
                |&(line, _)| match self.pool.ability(card, line).map(|a| &a.node) {
                    Some(Ability::CostRule(r)) => match &r.node {
                        CostRule::AlsoPlay { when: w, .. } if self.in_window(p, &w.node, when) => {
                            Some(line)
                        }
                        _ => None,
                    },
                    _ => None,
                },
            )
    }

    /// The cards `p` may spend for the extra cost of `inst`'s `also play` rule, each leaving
    /// enough to pay its €$.
    pub(crate) fn spendable_for(&self, p: PlayerId, inst: InstId, line: u16) -> Vec<InstId> {
        let Some(card) = self.state.inst(inst).map(|x| x.card) else {
            return Vec::new();
        };
        let Some(Ability::CostRule(r)) = self.pool.ability(card, line).map(|a| &a.node) else {
            return Vec::new();
        };
        let CostRule::AlsoPlay {
            spending: Some(np), ..
        } = &r.node
        else {
            return Vec::new();
        };
        let Np::Phrase(ph) = &np.node else {
            return Vec::new();
        };
        let cost = self.play_cost(inst, p).unwrap_or(u8::MAX);
        let pl = self.state.player(p);
        pl.field
            .iter()
            .chain(pl.legends.iter())
            .copied()
            .filter(|&c| {
                self.state.inst(c).is_some_and(|x| !x.spent)
                    && self.describes(inst, p, ph, c)
                    && self.can_pay(p, cost, Some(c))
            })
            .collect()
    }
}
