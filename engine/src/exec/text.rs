//! This executor behind the rules' seam ([`CardText`]): each call goes to the module of the
//! concern it is about.

use super::{activate, cost, event, replace, run, statement};
use crate::decision::{Choice, Decision};
use crate::game::{Flow, Game, Stop};
use crate::log::Event;
use crate::rules::{not_mine, Action, CardText, Records, When};
use crate::state::{Activation, DieId, Frame, Happened, InstId, PlayerId};
use gigscript_dsl::Keyword;

/// Card text run from the core.
#[derive(Debug)]
pub(crate) struct Core;

impl CardText for Core {
    fn power(&self, g: &Game, i: InstId, so_far: i32) -> i32 {
        statement::power(g, i, so_far)
    }

    fn has_keyword(&self, g: &Game, i: InstId, k: Keyword) -> bool {
        statement::has_keyword(g, i, k)
    }

    fn cant_attack(&self, g: &Game, i: InstId) -> bool {
        statement::cant_attack(g, i)
    }

    fn attack_options(&self, g: &Game, a: InstId, out: &mut Vec<Choice>) -> bool {
        statement::attack_options(g, a, out)
    }

    fn ready_target(&self, g: &Game, a: InstId, u: InstId) -> bool {
        statement::ready_target(g, a, u)
    }

    fn cant_be_blocked(&self, g: &Game, a: InstId) -> bool {
        statement::cant_be_blocked(g, a)
    }

    fn cant_block(&self, g: &Game, u: InstId) -> bool {
        statement::cant_block(g, u)
    }

    fn cant_ready(&self, g: &Game, i: InstId) -> bool {
        statement::cant_ready(g, i)
    }

    fn not_defeated_in_fight(&self, g: &Game, i: InstId) -> bool {
        statement::not_defeated_in_fight(g, i)
    }

    fn cant_be_defeated(&self, g: &Game, i: InstId) -> bool {
        statement::cant_be_defeated(g, i)
    }

    fn wins_against(&self, g: &Game, i: InstId, opponent: InstId) -> bool {
        statement::wins_against(g, i, opponent)
    }

    fn steals_fewer(&self, g: &Game, a: InstId) -> u32 {
        statement::steals_fewer(g, a)
    }

    fn cant_steal(&self, g: &Game, a: InstId, d: DieId) -> bool {
        statement::cant_steal(g, a, d)
    }

    fn must_attack_now(&self, g: &Game, p: PlayerId, options: &[Choice]) -> bool {
        statement::must_attack_now(g, p, options)
    }

    fn play_cost(&self, g: &Game, inst: InstId, p: PlayerId) -> Option<u8> {
        cost::play_cost(g, inst, p)
    }

    fn call_cost(&self, g: &Game, p: PlayerId) -> u8 {
        cost::call_cost(g, p)
    }

    fn go_solo_cost(&self, g: &Game, p: PlayerId, l: InstId, c: u8) -> u8 {
        cost::go_solo_cost(g, p, l, c)
    }

    fn activations(&self, g: &Game, p: PlayerId, when: When, out: &mut Vec<Choice>) {
        activate::activations(g, p, when, out)
    }

    fn activation_label(&self, g: &Game, card: InstId, source: InstId, line: u16) -> String {
        activate::label(g, card, source, line)
    }

    fn way_words<'g>(&self, g: &'g Game, m: u8) -> Option<&'g str> {
        run::way_words(g, m)
    }

    fn records(&self, g: &Game, c: Choice) -> Records {
        run::records(g, c)
    }

    fn asks_at_once(&self, g: &Game, seq: u32) -> bool {
        run::asks_at_once(g, seq)
    }

    fn activate(&self, g: &mut Game, p: PlayerId, card: InstId, source: InstId, line: u16) -> Flow {
        activate::activate(g, p, card, source, line)
    }

    fn finish_activation(&self, g: &mut Game, a: Activation) -> Flow {
        activate::finish(g, a)
    }

    fn also_play_line(&self, g: &Game, p: PlayerId, inst: InstId, when: When) -> Option<u16> {
        activate::also_play_line(g, p, inst, when)
    }

    fn spendable_for(&self, g: &Game, p: PlayerId, inst: InstId, line: u16) -> Vec<InstId> {
        activate::spendable_for(g, p, inst, line)
    }

    fn on_event(&self, g: &mut Game, ev: &Event, happened: &[Happened]) -> Flow {
        event::on_event(g, ev, happened)
    }

    fn on_steal(&self, g: &mut Game, _: &[DieId], _: PlayerId, happened: &Happened) -> Flow {
        event::on_steal(g, happened)
    }

    fn on_fight(
        &self,
        g: &mut Game,
        attacker: InstId,
        _: InstId,
        losers: u8,
        _: i32,
        _: i32,
        happened: &[Happened],
    ) -> Flow {
        event::on_fight(g, attacker, losers, happened)
    }

    fn resolve_pending(
        &self,
        g: &mut Game,
        seq: u32,
        source: InstId,
        controller: PlayerId,
        line: u16,
    ) -> Flow {
        run::start_pending(g, seq, source, controller, line)
    }

    fn resolve_program(&self, g: &mut Game, inst: InstId, controller: PlayerId) -> Flow {
        let lines = match g.state.inst(inst).and_then(|x| g.pool.core(x.card)) {
            Some(t) => t.resolution.clone(),
            None => Vec::new(),
        };
        // The first line resolves first: push the last one first.
        for &line in lines.iter().rev() {
            run::start(g, inst, controller, line, None)?;
        }
        Ok(())
    }

    fn run(&self, g: &mut Game) -> Flow {
        match g.state.frames.last() {
            Some(Frame::Run(_)) => run::step(g),
            _ => Err(not_mine()),
        }
    }

    fn decision(&self, g: &Game) -> Option<Decision> {
        match g.state.frames.last()? {
            Frame::Run(r) => run::decision(r),
            Frame::Replace { .. } | Frame::ReplaceChoose { .. } => replace::decision(g),
            _ => None,
        }
    }

    fn answer(&self, g: &mut Game, choice: Choice) -> Flow {
        match g.state.frames.last() {
            Some(Frame::Run(_)) => run::answer(g, choice),
            Some(Frame::Replace { .. } | Frame::ReplaceChoose { .. }) => replace::answer(g, choice),
            _ => Err(not_mine()),
        }
    }

    fn replace_defeats(&self, g: &mut Game, list: Vec<InstId>) -> Result<Vec<InstId>, Stop> {
        replace::replace_defeats(g, list)
    }

    fn replace_action(&self, g: &mut Game, action: &Action) -> Result<bool, Stop> {
        replace::replace_action(g, action)
    }

    fn replacement_question(&self, g: &Game, list: &[InstId]) -> Option<Frame> {
        replace::question(g, list)
    }

    fn decision_begin(&self, g: &Game) -> bool {
        statement::memo_begin(g)
    }

    fn decision_done(&self, g: &Game) {
        statement::memo_done(g)
    }
}
