//! Playing a card at another time than its type allows, by a cost rule of its text:
//! `You may also play this Program when a Unit attacks by paying this card's cost and spending
//! a friendly Unit or face-up Legend.` The play is offered in that window (the attacking
//! player's, after [ATTACK] effects; the defending player's React Step); its costs are the
//! €$, then the card to spend, in the order written (rule 10.19.3); the card to spend is chosen
//! first (rule 10.19.1) so that it does not also pay (rule 10.19.2).

use crate::decision::{Choice, Decision, DecisionKind};
use crate::error::EngineError;
use crate::game::{Flow, Game};
use crate::interp::When;
use crate::state::{Frame, InstId, PlayHow, PlayerId, Zone};
use gigscript_dsl::ast::{Ability, CostRule, Np};

impl Game {
    /// The `also play` rule of a card in hand usable now, as its line.
    fn also_play_line(&self, p: PlayerId, inst: InstId, when: When) -> Option<u16> {
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
    fn spendable_for(&self, p: PlayerId, inst: InstId, line: u16) -> Vec<InstId> {
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

    /// Appends the cards in `p`'s hand that a cost rule lets them play now (`play <id>`).
    pub(crate) fn push_also_plays(&self, p: PlayerId, when: When, out: &mut Vec<Choice>) {
        let hand = &self.state.player(p).hand;
        for (k, &i) in hand.iter().enumerate() {
            let Some(x) = self.state.inst(i) else {
                continue;
            };
            if self.pool.cost_rule_lines(x.card).is_empty()
                || hand[..k]
                    .iter()
                    .any(|&j| self.state.inst(j).is_some_and(|y| y.card == x.card))
            {
                continue;
            }
            if let Some(line) = self.also_play_line(p, i, when) {
                if !self.spendable_for(p, i, line).is_empty() {
                    out.push(Choice::PlayAlso(i));
                }
            }
        }
    }

    /// Plays `inst` by its `also play` rule: choose the card to spend, pay, then play.
    pub(crate) fn play_also(&mut self, p: PlayerId, inst: InstId) -> Flow {
        let when = match self.state.frames.iter().rev().find_map(|f| match f {
            Frame::Attack(a) => Some(*a),
            _ => None,
        }) {
            Some(a) if a.player == p => When::Attacking {
                attacker: a.attacker,
            },
            Some(a) => When::React {
                attacker: a.attacker,
            },
            None => When::Main,
        };
        let line = self
            .also_play_line(p, inst, when)
            .ok_or(EngineError::Bug("playing a card outside its window"))?;
        self.state.frames.push(Frame::SpendToPlay {
            player: p,
            inst,
            line,
            chosen: None,
        });
        Ok(())
    }

    pub(crate) fn spend_to_play_decision(
        &self,
        player: PlayerId,
        inst: InstId,
        line: u16,
    ) -> Option<Decision> {
        let options: Vec<Choice> = self
            .spendable_for(player, inst, line)
            .into_iter()
            .map(Choice::Card)
            .collect();
        (!options.is_empty()).then_some(Decision {
            player,
            prompt: DecisionKind::EffectCard,
            options,
        })
    }

    /// `c` is chosen to be spent: pay the €$ (not with `c`), spend `c`, then the play
    /// completes (rule 11.4.1).
    pub(crate) fn spend_to_play(&mut self, c: InstId) -> Flow {
        let Some(Frame::SpendToPlay {
            player, inst, line, ..
        }) = self.state.frames.pop()
        else {
            return Err(EngineError::Bug("spending outside a play").into());
        };
        if self.inst_ok(inst)?.zone != Zone::Hand {
            return Err(EngineError::Bug("playing a card not in hand").into());
        }
        self.note_played(player, inst);
        let cost = self
            .play_cost(inst, player)
            .ok_or(EngineError::Bug("playing a card with a null cost"))?;
        self.state.frames.push(Frame::Play {
            inst,
            how: PlayHow::Hand,
        });
        self.state.frames.push(Frame::SpendToPlay {
            player,
            inst,
            line,
            chosen: Some(c),
        });
        if cost > 0 {
            self.state.frames.push(Frame::Pay {
                player,
                remaining: cost,
                exclude: Some(c),
            });
        }
        Ok(())
    }
}
