//! Turn structure: the Start Phase (rule 8.6), passing (rule 8.9), the End of Turn
//! (rules 8.16–8.18) and overtime (rule 1.11).

use super::Action;
use crate::decision::{Choice, Decision, DecisionKind};
use crate::error::EngineError;
use crate::game::{Flow, Game};
use crate::log::Event;
use crate::state::{DieArea, DieId, Duration, EndStep, Frame, PlayerId, StartStep};

/// Gigs that win the game (rules 1.10, 1.11).
pub const GIGS_TO_WIN: usize = 7;

impl Game {
    /// Rule 8.2: a turn begins; its Start Phase begins immediately (rule 8.6).
    pub(crate) fn begin_turn(&mut self, p: PlayerId) -> Flow {
        let st = &mut self.state;
        st.turn = st.turn.saturating_add(1);
        st.turn_player = p;
        st.players[p.ix()].turns_taken = st.players[p.ix()].turns_taken.saturating_add(1);
        for pl in &mut st.players {
            pl.sold_this_turn = false;
            pl.called_this_turn = false;
        }
        // Rule 1.11.1: count consecutive turns that begin with both fixers empty.
        let empty = PlayerId::BOTH.iter().all(|&q| st.fixer(q).next().is_none());
        st.empty_fixer_turns = if empty {
            st.empty_fixer_turns.saturating_add(1)
        } else {
            0
        };
        // This turn's history begins (rule 8.2).
        st.history.turn = st.turn;
        st.history.events.clear();
        st.frames.push(Frame::Start(StartStep::WinCheck));
        let turn = st.turn;
        self.emit(Event::TurnBegan { turn, player: p })
    }

    pub(crate) fn start_step(&mut self, step: StartStep) -> Flow {
        let p = self.state.turn_player;
        match step {
            StartStep::WinCheck => {
                // Rules 1.10, 1.10.1, 8.6.1: 7 or more Gigs at the start of your turn wins.
                if self.state.gig_count(p) >= GIGS_TO_WIN {
                    self.state.won[p.ix()] = true;
                    self.check_outcome()?;
                }
                self.set_top(Frame::Start(StartStep::Effects));
                Ok(())
            }
            StartStep::Effects => {
                // Rule 8.6.2.1: effects lasting until the start of this player's next turn end;
                // rule 8.6.2.2: start-of-turn triggers became pending with `TurnBegan`.
                self.end_effects(|d| d == Duration::UntilNextTurnOf(p));
                self.emit(Event::StartOfTurn(p))?;
                self.set_top(Frame::Start(StartStep::Ready));
                Ok(())
            }
            StartStep::Ready => {
                // Rule 8.6.3: ready all spent cards in the Legends area, field and Eddies area,
                // except the Legends spent at setup, on the first turn (rule 7.7.4).
                let pl = &self.state.players[p.ix()];
                let cards: Vec<_> = pl
                    .legends
                    .iter()
                    .chain(&pl.field)
                    .chain(&pl.eddies)
                    .copied()
                    .collect();
                let skip = std::mem::take(&mut self.state.unready_first_turn);
                for i in cards {
                    if self.inst_ok(i)?.spent && !(self.state.turn == 1 && skip.contains(&i)) {
                        self.act(Action::Ready(i))?;
                    }
                }
                self.set_top(Frame::Start(StartStep::Draw));
                Ok(())
            }
            StartStep::Draw => {
                // Rule 8.6.4; an empty deck loses (rule 8.6.4.1).
                self.act(Action::Draw(p))?;
                self.set_top(Frame::Start(StartStep::RollIn));
                Ok(())
            }
            StartStep::RollIn => {
                // Only reached with an empty fixer: nothing to roll in (rule 8.6.5).
                self.set_top(Frame::Main);
                Ok(())
            }
        }
    }

    /// Rule 8.6.5.1: choose a Gig from the fixer; the d20 only when it is the last one
    /// (rule 8.6.5.1.1).
    pub(crate) fn roll_in_decision(&self) -> Option<Decision> {
        let p = self.state.turn_player;
        let sides = |d: &DieId| self.state.dice[d.0 as usize].sides;
        let small = self.state.fixer(p).any(|d| sides(&d) != 20);
        let options: Vec<Choice> = (self.state.fixer(p))
            .filter(|d| !small || sides(d) != 20)
            .map(Choice::Roll)
            .collect();
        if options.is_empty() {
            return None;
        }
        Some(Decision {
            player: p,
            prompt: DecisionKind::RollIn,
            options,
        })
    }

    pub(crate) fn roll_in(&mut self, p: PlayerId, die: DieId) -> Flow {
        if self.state.dice.get(die.0 as usize).map(|d| d.area) != Some(DieArea::Fixer(p)) {
            return Err(EngineError::Bug("rolling a die not in the fixer").into());
        }
        self.act(Action::RollIn(die))?;
        self.set_top(Frame::Main);
        Ok(())
    }

    pub(crate) fn end_step(&mut self, step: EndStep) -> Flow {
        match step {
            EndStep::Effects => {
                // Rule 8.16.1: end-of-turn triggers became pending when the turn player passed.
                self.set_top(Frame::End(EndStep::Cleanup));
                Ok(())
            }
            EndStep::Cleanup => {
                // Rule 8.16.2: "this turn" effects end; rule 11.3.2: all Units lose Lag.
                self.end_effects(|d| {
                    matches!(d, Duration::ThisTurn | Duration::UntilAttackEnds(_))
                });
                for inst in &mut self.state.instances {
                    inst.lag = false;
                }
                self.emit(Event::LagLost)?;
                self.set_top(Frame::End(EndStep::Next));
                Ok(())
            }
            EndStep::Next => {
                self.state.frames.pop();
                // Rule 8.17: overtime begins after two consecutive turns that began with both
                // fixers empty (rule 1.11.1); 7+ Gigs then wins at once (rule 1.11.2).
                if !self.state.overtime && self.state.empty_fixer_turns >= 2 {
                    self.state.overtime = true;
                    self.emit(Event::OvertimeBegan)?;
                    self.check_outcome()?;
                }
                // Rule 8.18: the Rival's turn begins.
                let next = self.state.turn_player.other();
                self.begin_turn(next)
            }
        }
    }

    /// Rule 8.9: the turn player passes; the End of Turn begins (rule 8.16).
    pub(crate) fn pass_turn(&mut self) -> Flow {
        self.set_top(Frame::End(EndStep::Effects));
        self.emit(Event::TurnEnding(self.state.turn_player))
    }
}
