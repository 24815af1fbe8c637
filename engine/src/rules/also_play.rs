//! Playing a card at another time than its type allows, by a cost rule of its text:
//! `You may also play this Program when a Unit attacks by paying this card's cost and spending
//! a friendly Unit or face-up Legend.` The play is offered in that window (the attacking
//! player's, after [ATTACK] effects; the defending player's React Step); its costs are the
//! €$, then the card to spend, in the order written (rule 10.19.3); the card to spend is chosen
//! first (rule 10.19.1) so that it does not also pay (rule 10.19.2).

use super::text::When;
use super::CardText;
use crate::decision::{Choice, Decision, DecisionKind};
use crate::error::EngineError;
use crate::game::{Flow, Game};
use crate::state::{Frame, InstId, PlayHow, PlayerId, Zone};

impl Game {
    /// Appends the cards in `p`'s hand that a cost rule lets them play now (`play <id>`).
    pub(crate) fn push_also_plays(&self, p: PlayerId, when: When, out: &mut Vec<Choice>) {
        let hand = &self.state.player(p).hand;
        for (k, &i) in hand.iter().enumerate() {
            let Some(x) = self.state.inst(i) else {
                continue;
            };
            if self
                .pool
                .core(x.card)
                .is_none_or(|t| t.cost_rules.is_empty())
                || hand[..k]
                    .iter()
                    .any(|&j| self.state.inst(j).is_some_and(|y| y.card == x.card))
            {
                continue;
            }
            if let Some(line) = self.text().also_play_line(self, p, i, when) {
                if !self.text().spendable_for(self, p, i, line).is_empty() {
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
            .text()
            .also_play_line(self, p, inst, when)
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
            .text()
            .spendable_for(self, player, inst, line)
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
        let cost = self
            .text()
            .play_cost(self, inst, player)
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
