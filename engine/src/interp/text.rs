//! This interpreter behind the rules' seam ([`CardText`]): each call goes to the `impl Game`
//! methods of the modules beside it, which read the syntax tree.

use crate::decision::{Choice, Decision};
use crate::error::EngineError;
use crate::game::{Flow, Game, Stop};
use crate::log::Event;
use crate::rules::{not_mine, Action, CardText, When};
use crate::state::{Activation, DieId, Frame, Happened, InstId, PlayerId};
use gigscript_dsl::Keyword;

/// Card text read from the syntax tree.
#[derive(Debug)]
pub(crate) struct Syntax;

impl CardText for Syntax {
    fn power(&self, g: &Game, i: InstId, so_far: i32) -> i32 {
        g.doubled(i, so_far + g.static_power(i))
    }

    fn has_keyword(&self, g: &Game, i: InstId, k: Keyword) -> bool {
        g.saying() && g.said_keyword(i, k)
    }

    fn cant_attack(&self, g: &Game, i: InstId) -> bool {
        g.static_cant_attack(i)
    }

    fn attack_options(&self, g: &Game, a: InstId, out: &mut Vec<Choice>) -> bool {
        if !g.saying() {
            return false;
        }
        g.push_said_attacks(a, out);
        true
    }

    fn ready_target(&self, g: &Game, a: InstId, u: InstId) -> bool {
        g.saying() && g.said_ready_target(a, u)
    }

    fn cant_be_blocked(&self, g: &Game, a: InstId) -> bool {
        g.saying() && g.said_cant_be_blocked(a)
    }

    fn cant_block(&self, _: &Game, _: InstId) -> bool {
        false
    }

    fn cant_be_defeated(&self, _: &Game, _: InstId) -> bool {
        false
    }

    fn replace_action(&self, _: &mut Game, _: &Action) -> Result<bool, Stop> {
        Ok(false)
    }

    fn cant_ready(&self, g: &Game, i: InstId) -> bool {
        g.saying() && g.said_cant_ready(i)
    }

    fn not_defeated_in_fight(&self, g: &Game, i: InstId) -> bool {
        g.saying() && g.said_not_defeated(i)
    }

    fn wins_against(&self, g: &Game, i: InstId, opponent: InstId) -> bool {
        g.saying() && g.said_wins_against(i, opponent)
    }

    fn steals_fewer(&self, g: &Game, a: InstId) -> u32 {
        match g.saying() {
            true => g.said_steals_fewer(a),
            false => 0,
        }
    }

    fn cant_steal(&self, g: &Game, a: InstId, d: DieId) -> bool {
        g.saying() && g.said_cant_steal(a, d)
    }

    fn must_attack_now(&self, g: &Game, p: PlayerId, options: &[Choice]) -> bool {
        g.must_attack_now(p, options)
    }

    fn play_cost(&self, g: &Game, inst: InstId, p: PlayerId) -> Option<u8> {
        g.play_cost(inst, p)
    }

    fn call_cost(&self, g: &Game, p: PlayerId) -> u8 {
        g.call_cost(p)
    }

    fn go_solo_cost(&self, g: &Game, p: PlayerId, l: InstId, cost: u8) -> u8 {
        g.go_solo_cost(p, l, cost)
    }

    fn reads_plays(&self, g: &Game) -> bool {
        g.kinds.cost_statics
    }

    fn activations(&self, g: &Game, p: PlayerId, when: When, out: &mut Vec<Choice>) {
        g.push_activations(p, when, out)
    }

    fn activation_label(&self, g: &Game, card: InstId, source: InstId, line: u16) -> String {
        g.activation_label(card, source, line)
    }

    fn activate(&self, g: &mut Game, p: PlayerId, card: InstId, source: InstId, line: u16) -> Flow {
        g.activate(p, card, source, line)
    }

    fn finish_activation(&self, g: &mut Game, a: Activation) -> Flow {
        g.finish_activation(a)
    }

    fn also_play_line(&self, g: &Game, p: PlayerId, inst: InstId, when: When) -> Option<u16> {
        g.also_play_line(p, inst, when)
    }

    fn spendable_for(&self, g: &Game, p: PlayerId, inst: InstId, line: u16) -> Vec<InstId> {
        g.spendable_for(p, inst, line)
    }

    fn on_event(&self, g: &mut Game, ev: &Event, _: &[Happened]) -> Flow {
        g.text_triggers(ev)
    }

    fn on_steal(&self, g: &mut Game, dice: &[DieId], by: PlayerId, _: &Happened) -> Flow {
        g.steal_triggers(dice, by)
    }

    fn on_fight(
        &self,
        g: &mut Game,
        attacker: InstId,
        defender: InstId,
        losers: u8,
        pa: i32,
        pd: i32,
        _: &[Happened],
    ) -> Flow {
        g.fight_triggers(attacker, defender, losers, pa, pd)?;
        // `{Attack} If this Unit wins a fight against …` (crate::interp::conditions).
        if losers == 2 {
            g.won_fight(attacker)?;
        }
        Ok(())
    }

    fn resolve_pending(
        &self,
        g: &mut Game,
        seq: u16,
        source: InstId,
        controller: PlayerId,
        line: u16,
    ) -> Flow {
        g.start_pending(seq, source, controller, line)
    }

    fn resolve_program(&self, g: &mut Game, inst: InstId, controller: PlayerId) -> Flow {
        let lines = g.resolution_lines(inst);
        // The first line resolves first: push the last one first.
        for &line in lines.iter().rev() {
            g.start_effect(inst, controller, line)?;
        }
        Ok(())
    }

    fn run(&self, g: &mut Game) -> Flow {
        match g.state.frames.last() {
            Some(Frame::Effect(_)) => g.run_effect(),
            _ => Err(not_mine()),
        }
    }

    fn decision(&self, g: &Game) -> Option<Decision> {
        match g.state.frames.last()? {
            Frame::Effect(run) => g.effect_decision(run),
            Frame::Replace { source, .. } => g.replace_decision(*source),
            Frame::ReplaceChoose { affected, options } => {
                g.replace_choose_decision(*affected, options)
            }
            _ => None,
        }
    }

    fn answer(&self, g: &mut Game, choice: Choice) -> Flow {
        match g.state.frames.last() {
            Some(Frame::Effect(_) | Frame::Replace { .. } | Frame::ReplaceChoose { .. }) => {
                g.effect_choice(choice)
            }
            _ => Err(EngineError::Bug("an effect choice without an effect").into()),
        }
    }

    fn replace_defeats(&self, g: &mut Game, list: Vec<InstId>) -> Result<Vec<InstId>, Stop> {
        match g.kinds.replacements {
            true => g.replace_defeats(list),
            false => Ok(list),
        }
    }

    fn replacement_question(&self, g: &Game, list: &[InstId]) -> Option<Frame> {
        g.replacement_question(list)
    }

    fn decision_begin(&self, g: &Game) -> bool {
        g.arm_said_memo()
    }

    fn decision_done(&self, g: &Game) {
        g.forget_said_memo()
    }
}
