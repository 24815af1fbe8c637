//! Pre-game setup (rules 7.4–7.9): who goes first, shuffling, Legends, dice, opening hands and
//! mulligans.

use super::Action;
use crate::decision::{Choice, Decision, DecisionKind};
use crate::error::EngineError;
use crate::game::{Flow, Game};
use crate::log::Event;
use crate::state::{DieArea, Frame, PlayerId, SetupStep, Zone};
use rand::Rng;

/// Cards in an opening hand (rule 7.9.1).
pub const OPENING_HAND: usize = 6;

impl Game {
    pub(crate) fn setup_decision(&self, step: SetupStep) -> Option<Decision> {
        match step {
            SetupStep::ChooseOrder(p) => Some(Decision {
                player: p,
                prompt: DecisionKind::TurnOrder,
                options: vec![Choice::GoFirst, Choice::GoSecond],
            }),
            SetupStep::Mulligan(p) => Some(Decision {
                player: p,
                prompt: DecisionKind::Mulligan,
                options: vec![Choice::Mulligan, Choice::Keep],
            }),
            _ => None,
        }
    }

    fn first(&self) -> Result<PlayerId, EngineError> {
        self.state
            .first_player
            .ok_or(EngineError::Bug("no first player"))
    }

    pub(crate) fn setup_step(&mut self, step: SetupStep) -> Flow {
        match step {
            SetupStep::RollFirst => {
                // Rule 7.5.1: a seeded random choice of a player.
                let p = PlayerId(self.state.rng.gen_range(0..2u32) as u8);
                self.emit(Event::ChosenToPickOrder(p))?;
                self.set_top(Frame::Setup(SetupStep::ChooseOrder(p)));
                Ok(())
            }
            SetupStep::Prepare => {
                let first = self.first()?;
                for p in [first, first.other()] {
                    // Rule 7.6: shuffle the main deck.
                    self.shuffle_deck(p)?;
                    // Rules 7.7.1–7.7.3: shuffle the Legends and place them face-down.
                    let mut legends = std::mem::take(&mut self.state.players[p.ix()].legends);
                    self.shuffle_ids(&mut legends);
                    for &l in &legends {
                        let inst = self.inst_mut(l)?;
                        inst.face_up = false;
                        inst.spent = false;
                    }
                    self.state.players[p.ix()].places.clone_from(&legends);
                    self.state.players[p.ix()].legends = legends;
                    self.emit(Event::ShuffledLegends(p))?;
                }
                // Rule 7.7.4: the first player spends their 2 left-most Legends; they don't
                // ready on the first turn.
                let left: Vec<_> = self.state.players[first.ix()]
                    .legends
                    .iter()
                    .take(2)
                    .copied()
                    .collect();
                for l in left {
                    self.act(Action::Spend(l))?;
                    self.state.unready_first_turn.push(l);
                }
                // Rule 7.8: the dice go to the fixer.
                for d in &mut self.state.dice {
                    d.area = DieArea::Fixer(d.owner);
                }
                // Rule 7.9.1: draw 6.
                for p in [first, first.other()] {
                    for _ in 0..OPENING_HAND {
                        self.act(Action::Draw(p))?;
                    }
                }
                self.set_top(Frame::Setup(SetupStep::Mulligan(first)));
                Ok(())
            }
            SetupStep::Begin => {
                // Rule 8.2.1: the first player's turn begins.
                self.state.frames.pop();
                let first = self.first()?;
                self.state.turn = 0;
                self.begin_turn(first)
            }
            SetupStep::ChooseOrder(_) | SetupStep::Mulligan(_) => {
                Err(EngineError::Bug("a setup decision was stepped automatically").into())
            }
        }
    }

    pub(crate) fn setup_choice(&mut self, choice: Choice) -> Flow {
        match (self.state.frames.last().cloned(), choice) {
            (Some(Frame::Setup(SetupStep::ChooseOrder(p))), Choice::GoFirst | Choice::GoSecond) => {
                // Rule 7.5.2: the chosen player decides.
                let first = if choice == Choice::GoFirst {
                    p
                } else {
                    p.other()
                };
                self.state.first_player = Some(first);
                self.emit(Event::GoesFirst(first))?;
                self.set_top(Frame::Setup(SetupStep::Prepare));
                Ok(())
            }
            (Some(Frame::Setup(SetupStep::Mulligan(p))), Choice::Mulligan | Choice::Keep) => {
                if choice == Choice::Mulligan {
                    // Rules 7.9.3.2–7.9.3.3: the hand back into the deck, shuffle, draw 6.
                    let hand = std::mem::take(&mut self.state.players[p.ix()].hand);
                    for &i in &hand {
                        self.inst_mut(i)?.zone = Zone::Deck;
                    }
                    self.state.players[p.ix()].deck.extend(hand);
                    self.emit(Event::Mulliganed(p))?;
                    self.shuffle_deck(p)?;
                    for _ in 0..OPENING_HAND {
                        self.act(Action::Draw(p))?;
                    }
                } else {
                    self.emit(Event::Kept(p))?;
                }
                self.state.players[p.ix()].mulligan_done = true;
                // Rule 7.9.2: the first player declares first, then the second.
                let next = if Some(p) == self.state.first_player {
                    SetupStep::Mulligan(p.other())
                } else {
                    SetupStep::Begin
                };
                self.set_top(Frame::Setup(next));
                Ok(())
            }
            _ => Err(EngineError::Bug("setup choice out of setup").into()),
        }
    }

    /// Replaces the top frame.
    pub(crate) fn set_top(&mut self, f: Frame) {
        if let Some(top) = self.state.frames.last_mut() {
            *top = f;
        } else {
            self.state.frames.push(f);
        }
    }
}
