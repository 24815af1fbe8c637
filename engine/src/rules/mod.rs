//! The rules state machine: `advance` steps frames until one needs a decision; `step_choice`
//! applies a validated choice to the top frame. Each submodule implements one part of the
//! Comprehensive Rules and cites it.

mod actions;
mod also_play;
mod attack;
mod characteristics;
mod copies;
mod costs;
mod history;
mod label;
mod main_phase;
mod setup;
mod text;
mod turn;
pub(crate) use turn::GIGS_TO_WIN;

pub use actions::Action;
pub(crate) use costs::reduced;
pub(crate) use text::{not_mine, CardText, Records, When};

use crate::decision::{Choice, Decision, DecisionKind};
use crate::error::EngineError;
use crate::game::{Flow, Game, Stop, MAX_AUTO_STEPS};
use crate::log::{Event, LogEntry};
use crate::state::{Frame, InstId, Outcome, Pending, PlayerId, StartStep};

/// Worlds besides the game's own in which options that come out the same are tried
/// ([`Game::drop_moot_options`]).
const MOOT_WORLDS: u64 = 16;
/// How many decisions deep the copies of [`Game::drop_moot_options`] try options themselves.
const MOOT_DEPTH: u8 = 3;

impl Game {
    /// Steps automatic frames until a decision with a real choice, or the end of the game.
    /// A mandatory decision with a single option is taken and logged (`auto`).
    pub(crate) fn advance(&mut self) -> Flow {
        for _ in 0..MAX_AUTO_STEPS {
            if self.state.outcome.is_some() {
                return Ok(());
            }
            // Rule 10.14.1: the turn of a player resolving pending effects ends when the queue
            // is empty and no effect is resolving; simultaneous triggers after that follow 10.13.
            if self.state.resolving.is_some()
                && self.state.pending.is_empty()
                && !self.state.frames.last().is_some_and(Frame::is_atomic)
            {
                self.state.resolving = None;
            }
            // A copy of the game tried for an option stops at the Main Phase's decision, which
            // is never taken for the player: only its state is compared, not its options.
            if self.sim_depth > 0
                && self.state.pending.is_empty()
                && matches!(self.state.frames.last(), Some(Frame::Main))
            {
                return Ok(());
            }
            // A frame that never asks, with no pending effect to ask for first, is stepped
            // without computing a decision ([`Game::decision_now`] would find none).
            if let Some(top) = self.state.frames.last() {
                if top.never_asks() && (top.is_atomic() || self.state.pending.is_empty()) {
                    self.step_auto()?;
                    continue;
                }
            }
            // The decision is read where it was made (not moved into the arm that reads it).
            let made = self.current_decision();
            match &made {
                Some(d) if d.options.is_empty() => {
                    return Err(EngineError::Bug("a decision without options").into())
                }
                Some(d) if d.prompt.is_mandatory() && d.options.len() == 1 => {
                    if self.log_choices {
                        let label = self.label_at(d, 0);
                        self.log.push(LogEntry::Choice {
                            player: d.player,
                            label,
                            auto: true,
                        });
                    }
                    self.auto_paid = self.auto_paid.saturating_add(d.options[0].pays());
                    self.step_choice(d.player, d.options[0])?;
                }
                Some(_) => {
                    self.cached = made;
                    return Ok(());
                }
                None => self.step_auto()?,
            }
        }
        Err(EngineError::LimitExceeded("automatic steps between two decisions").into())
    }

    /// The decision the game is waiting for, computed from the state alone. Options that
    /// differ only in which of interchangeable copies they name are one ([`Game::merge_copies`]).
    pub(crate) fn current_decision(&self) -> Option<Decision> {
        // The decision is made in place (not moved out of a closure or an `Option`: each step
        // asks for one).
        let memo = self.text_memo();
        let mut made = self.decision_now();
        if let Some(d) = &mut made {
            self.merge_copies(d.player, &mut d.options);
        }
        drop(memo);
        let d = made.as_mut()?;
        // Rules 10.6, 10.7: of options that come out the same, only the first is offered; a
        // single one left is taken (and logged as the only option).
        if d.options.len() > 1 && d.prompt.may_come_out_the_same() {
            self.drop_moot_options(d, None);
        } else if d.options.len() > 1 && d.prompt == crate::DecisionKind::MainAction {
            if let Some(suspects) = self.main_twins(d) {
                self.drop_moot_options(d, Some(&suspects));
            }
        }
        made
    }

    /// The Main Phase's options that may come out the same as another, too rare to try every
    /// option on copies for: playing a card from the hand beside an ability that plays one
    /// (paying with River Ward's spend, or River Ward's spend playing it for free), and the
    /// same ability of two Gears of one card on one host that the turn's history tells apart.
    /// `None` where there are none; at once in a game whose cards can offer neither kind
    /// ([`crate::game::Tables::main_twins`]).
    fn main_twins(&self, d: &Decision) -> Option<Vec<bool>> {
        if !self.tables.main_twins {
            return None;
        }
        // Both kinds need an ability of a card in play; the second, two of Gear.
        let (mut abilities, mut of_gear) = (0, 0);
        for c in &d.options {
            if let Choice::Activate { card, source, .. } = *c {
                abilities += 1;
                of_gear += usize::from(card != source);
            }
        }
        if abilities == 0 {
            return None;
        }
        let pool = &*self.pool;
        let plays_a_card = |source: InstId, line: u16| {
            (self.state.inst(source))
                .and_then(|x| pool.core(x.card))
                .is_some_and(|t| t.plays.contains(&line))
        };
        let card = |i: InstId| self.state.inst(i).map(|x| x.card);
        let playing = |c: &Choice| match *c {
            Choice::Activate { source, line, .. } => plays_a_card(source, line),
            _ => false,
        };
        let any_play = d.options.iter().any(|c| matches!(c, Choice::Play(_)));
        // An ability that plays a card is a suspect only beside a card played from the hand.
        let any_playing = any_play && d.options.iter().any(playing);
        if !any_playing && of_gear < 2 {
            return None;
        }
        let suspect = |c: &Choice| match *c {
            Choice::Play(_) => any_playing,
            Choice::Activate {
                card: host,
                source,
                line,
            } => {
                (any_playing && playing(c))
                    || (host != source
                        && of_gear > 1
                        && d.options.iter().any(|o| {
                            matches!(*o, Choice::Activate { card: h, source: s, line: l }
                                if h == host && s != source && l == line && card(s) == card(source))
                        }))
            }
            _ => false,
        };
        // Most Main Phases have none: no list is made for them.
        (d.options.iter().any(suspect)).then(|| d.options.iter().map(suspect).collect())
    }

    /// Whether option `c` of the decision now may lead to `s`, the state another option led to
    /// ([`Game::outcome_of`], within this turn). Not an order of pending effects whose effect
    /// `c` resolves first while `s` still has it pending: resolving it took it off the queue,
    /// and its number, below the next one to give, is never given again
    /// ([`Game::push_pending`]). Nor an answer that surely records a happening
    /// ([`CardText::records`]) where `s` recorded none: this turn's history only grows.
    fn may_come_out_as(&self, s: &crate::state::State, c: Choice) -> bool {
        let now = &self.state;
        match c {
            Choice::Resolve(seq) if seq < now.next_seq => s.pending.iter().all(|e| e.seq != seq),
            _ if s.history.turn == now.history.turn
                && s.history.events.len() == now.history.events.len() =>
            {
                self.text().records(self, c) != Records::Surely
            }
            _ => true,
        }
    }

    /// The state option `c` of `player` leads to at the next decision (a copy of the game
    /// plays it), or `None` where it leads nowhere comparable: an error, or another turn.
    fn outcome_of(&self, player: PlayerId, c: Choice) -> Option<crate::state::State> {
        let mut h = self.sandbox();
        h.sim_depth = self.sim_depth + 1;
        // The game may end on the way (rule 1.14): its state is the outcome.
        let ended = |r: Flow| matches!(r, Ok(()) | Err(Stop::Over));
        if !ended(h.step_choice(player, c)) || !ended(h.advance()) {
            return None;
        }
        (h.state.turn == self.state.turn).then_some(h.state)
    }

    /// Drops each option of `d` that leads to the same state at the next decision, within the
    /// turn, as an earlier option: in this game and in [`MOOT_WORLDS`] others with each deck
    /// shuffled and the dice reseeded, so that a choice whose outcome turns on a hidden card or
    /// a roll is still asked (not asking it would tell the player something). Tried on copies
    /// of the game, at most [`MOOT_DEPTH`] decisions deep.
    /// Only the options `suspects` marks are tried, where it is given, and not an answer whose
    /// records tell it apart from every other answer ([`Records::apart`]).
    fn drop_moot_options(&self, d: &mut Decision, suspects: Option<&[bool]>) {
        if self.sim_depth >= MOOT_DEPTH {
            return;
        }
        let player = d.player;
        let after = |g: &Game, c: Choice| g.outcome_of(player, c);
        let options = &d.options;
        // An answer that surely comes out unlike every other is not tried: a mode whose records
        // tell it apart from every other mode's ([`Records::apart`]), an effect that stops at
        // once at a question of its own with the others still pending (which resolving any
        // of them takes off the queue for good).
        let records: Vec<Records> = match d.prompt {
            DecisionKind::Mode => (options.iter())
                .map(|&c| self.text().records(self, c))
                .collect(),
            _ => Vec::new(),
        };
        let all_resolve = d.prompt == DecisionKind::PendingOrder
            && (options.iter()).all(|c| matches!(c, Choice::Resolve(_)));
        let apart = |k: usize| match options[k] {
            Choice::Resolve(seq) if all_resolve => self.text().asks_at_once(self, seq),
            _ => {
                !records.is_empty()
                    && (records.iter().enumerate()).all(|(j, &r)| j == k || r.apart(records[k]))
            }
        };
        let tried =
            |k: usize| suspects.is_none_or(|s| s.get(k).copied().unwrap_or(false)) && !apart(k);
        // The last option is tried only if an earlier one led to a state it may come out as
        // too ([`Game::may_come_out_as`]).
        let mut here: Vec<Option<crate::state::State>> = Vec::with_capacity(options.len());
        for (k, &c) in options.iter().enumerate() {
            let last = k + 1 == options.len();
            let alone = last && !(here.iter().flatten()).any(|s| self.may_come_out_as(s, c));
            here.push((!alone && tried(k)).then(|| after(self, c)).flatten());
        }
        let twins = |i: usize, j: usize| here[i].is_some() && here[i] == here[j];
        if !(0..here.len()).any(|i| (0..i).any(|j| twins(i, j))) {
            return;
        }
        let worlds: Vec<Game> = (1..=MOOT_WORLDS)
            .map(|k| {
                use rand::seq::SliceRandom;
                use rand::{Rng, SeedableRng};
                let mut w = self.sandbox();
                w.sim_depth = self.sim_depth + 1;
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(k);
                for p in &mut w.state.players {
                    p.deck.shuffle(&mut rng);
                }
                w.state.rng = rand_chacha::ChaCha8Rng::seed_from_u64(rng.gen());
                w
            })
            .collect();
        // What option `k` leads to in world `w`: none where it is not an option there.
        let there_of = |w: &Game, k: usize| {
            let offered = w
                .with_text_memo(|| w.decision_now())
                .is_some_and(|x| x.options.contains(&options[k]));
            offered.then(|| after(w, options[k])).flatten()
        };
        let mut there: Vec<Vec<Option<Option<crate::state::State>>>> =
            vec![vec![None; options.len()]; worlds.len()];
        let mut keep = vec![true; options.len()];
        for i in 1..options.len() {
            for j in 0..i {
                if !keep[j] || !twins(i, j) {
                    continue;
                }
                let alike = (worlds.iter().zip(&mut there)).all(|(w, outs)| {
                    for k in [i, j] {
                        if outs[k].is_none() {
                            outs[k] = Some(there_of(w, k));
                        }
                    }
                    matches!((&outs[i], &outs[j]), (Some(Some(x)), Some(Some(y))) if x == y)
                });
                if alike {
                    keep[i] = false;
                    break;
                }
            }
        }
        let mut k = 0;
        d.options.retain(|_| {
            k += 1;
            keep[k - 1]
        });
    }

    /// The decision the game is waiting for with every copy an option of its own, as it was
    /// asked before interchangeable copies were one option (the labels of then name them).
    pub(crate) fn decision_with_copies(&self) -> Option<Decision> {
        self.with_text_memo(|| self.decision_now())
    }

    fn decision_now(&self) -> Option<Decision> {
        if self.state.outcome.is_some() {
            return None;
        }
        let top = self.state.frames.last()?;
        if !top.is_atomic() && !self.state.pending.is_empty() {
            return Some(self.pending_decision());
        }
        if top.never_asks() {
            return None;
        }
        match *top {
            Frame::Setup(step) => self.setup_decision(step),
            Frame::Start(StartStep::RollIn) => self.roll_in_decision(),
            Frame::Start(_) | Frame::End(_) => None,
            Frame::Main => Some(self.main_decision()),
            Frame::Pay {
                player,
                remaining,
                exclude,
            } => (remaining > 0).then(|| self.pay_decision(player, remaining, exclude)),
            Frame::Equip { gear } => Some(self.equip_decision(gear)),
            Frame::Play { .. } | Frame::Call { .. } => None,
            Frame::Attack(a) => self.attack_decision(&a),
            Frame::Run(_) => self.text().decision(self),
            Frame::ProgramEnd { .. } => None,
            Frame::Activate(_) => None,
            Frame::SpendToPlay {
                player,
                inst,
                line,
                chosen: None,
            } => self.spend_to_play_decision(player, inst, line),
            Frame::SpendToPlay { .. } => None,
            Frame::Replace { .. } | Frame::ReplaceChoose { .. } => self.text().decision(self),
        }
    }

    /// Which player resolves pending effects now (rules 10.13, 10.14.1), and their options.
    fn pending_decision(&self) -> Decision {
        let st = &self.state;
        let has = |p: PlayerId| st.pending.iter().any(|e| e.controller == p);
        let player = match st.resolving {
            Some(p) if has(p) => p,
            _ if has(st.turn_player) => st.turn_player,
            _ => st.turn_player.other(),
        };
        let mine: smallvec::SmallVec<[&Pending; 8]> = (st.pending.iter())
            .filter(|e| e.controller == player)
            .collect();
        // Two effects alike are one option: which of them resolves first changes nothing.
        let options = (mine.iter().enumerate())
            .filter(|&(k, e)| !mine[..k].iter().any(|o| self.alike(o, e)))
            .map(|(_, e)| Choice::Resolve(e.seq))
            .collect();
        Decision {
            player,
            prompt: DecisionKind::PendingOrder,
            options,
        }
    }

    /// Whether two pending effects are alike: the same ability of interchangeable cards
    /// ([`Game::interchangeable`]: copies in the same state that nothing tells apart), with
    /// the same things bound by their event where the effect reads them (`When a friendly
    /// Unit steals a d6, increase a Gig by up to 6.` twice, for two d6: which d6 each is for
    /// changes nothing).
    fn alike(&self, a: &Pending, b: &Pending) -> bool {
        use gigscript_dsl::prim;
        let st = &self.state;
        if !(a.effect == b.effect
            && a.controller == b.controller
            && st.inst(a.source).is_some()
            && self.interchangeable(a.source, b.source))
        {
            return false;
        }
        let binds = |e: &Pending| st.pending_binds.iter().find(|x| x.seq == e.seq);
        let (x, y) = match (binds(a), binds(b)) {
            (None, None) => return true,
            (Some(x), Some(y)) if x.resume == y.resume => (x, y),
            _ => return false,
        };
        // The slots the effect reads: all of them where it can't be found.
        let effect = match a.effect {
            crate::state::EffectRef::Text { line } => (st.inst(a.source))
                .and_then(|i| self.pool.core(i.card))
                .and_then(|t| t.ability(line))
                .and_then(|ab| ab.body.effect()),
            crate::state::EffectRef::Opaque(_) => None,
        };
        let read = |s: u16| effect.is_none_or(|e| !prim::names(e, &mut |n| n.0 != s));
        fn of(p: &crate::state::PendingBinds, s: u16) -> Option<&crate::state::Val> {
            (p.slots.iter()).find(|(k, _)| *k == s).map(|(_, v)| v)
        }
        (x.slots.iter().chain(&y.slots)).all(|&(s, _)| !read(s) || of(x, s) == of(y, s))
    }

    /// Takes one automatic step of the top frame.
    fn step_auto(&mut self) -> Flow {
        // The top frame is read in place (its fields are copied out): an effect frame is
        // stepped where it is, since cloning its boxed run per step would allocate.
        let Some(top) = self.state.frames.last() else {
            return Err(EngineError::Bug("no frame while the game is running").into());
        };
        match *top {
            Frame::Setup(step) => self.setup_step(step),
            Frame::Start(step) => self.start_step(step),
            Frame::End(step) => self.end_step(step),
            Frame::Pay { .. } => {
                self.state.frames.pop();
                Ok(())
            }
            Frame::Play { inst, how } => {
                self.state.frames.pop();
                self.finish_play(inst, how)
            }
            Frame::Call { legend } => {
                self.state.frames.pop();
                self.finish_call(legend)
            }
            Frame::Attack(a) => self.attack_step(a),
            Frame::Run(_) => self.text().run(self),
            Frame::Activate(a) => {
                self.state.frames.pop();
                self.text().finish_activation(self, a)
            }
            Frame::SpendToPlay {
                chosen: Some(c), ..
            } => {
                self.state.frames.pop();
                self.act(Action::Spend(c))
            }
            Frame::SpendToPlay { chosen: None, .. } => {
                // No card left to spend: the play can't be completed (rule 10.19.2).
                Err(EngineError::Bug("an extra cost that can't be paid").into())
            }
            Frame::ProgramEnd { inst } => {
                self.state.frames.pop();
                self.finish_program(inst)
            }
            Frame::Main
            | Frame::Equip { .. }
            | Frame::Replace { .. }
            | Frame::ReplaceChoose { .. } => {
                Err(EngineError::Bug("a decision frame was stepped automatically").into())
            }
        }
    }

    /// Applies a choice (already checked to be an option) to the top frame.
    pub(crate) fn step_choice(&mut self, player: PlayerId, choice: Choice) -> Flow {
        match choice {
            Choice::Resolve(seq) => self.resolve_pending(player, seq),
            Choice::GoFirst | Choice::GoSecond | Choice::Mulligan | Choice::Keep => {
                self.setup_choice(choice)
            }
            Choice::Roll(die) => self.roll_in(player, die),
            Choice::Sell(_)
            | Choice::Call(_)
            | Choice::Play(_)
            | Choice::PlayFromLegends(_)
            | Choice::GoSolo(_)
            | Choice::PayWith { .. }
            | Choice::PayEddie
            | Choice::PayLegend(_)
            | Choice::EquipTo(_)
            | Choice::Pass => self.main_choice(player, choice),
            Choice::Attack { .. }
            | Choice::Block(_)
            | Choice::ChooseGig(_)
            | Choice::EndReactions => self.attack_choice(player, choice),
            Choice::Card(c)
                if matches!(self.state.frames.last(), Some(Frame::SpendToPlay { .. })) =>
            {
                self.spend_to_play(c)
            }
            Choice::PlayAlso(i) => self.play_also(player, i),
            Choice::Yes
            | Choice::No
            | Choice::Card(_)
            | Choice::Gig(_)
            | Choice::Number(_)
            | Choice::Mode(_)
            | Choice::CardType(_) => self.text().answer(self, choice),
            Choice::Activate { card, source, line } => {
                self.text().activate(self, player, card, source, line)
            }
        }
    }

    /// Resolves one pending effect (rule 10.11.3): an effect of card text starts resolving
    /// (the interpreter); a test-installed opaque effect only logs.
    fn resolve_pending(&mut self, player: PlayerId, seq: u32) -> Flow {
        let Some(ix) = self.state.pending.iter().position(|e| e.seq == seq) else {
            return Err(EngineError::Bug("resolving an effect that is not pending").into());
        };
        let e = self.state.pending.remove(ix);
        // Rule 10.14.1: the player stays the one resolving while their effect resolves, even
        // when it was their last one; `advance` ends it once nothing is pending or resolving.
        self.state.resolving = Some(player);
        self.emit(Event::Resolved {
            seq: e.seq,
            source: e.source,
        })?;
        match e.effect {
            crate::state::EffectRef::Opaque(_) => Ok(()),
            crate::state::EffectRef::Text { line } => {
                self.text()
                    .resolve_pending(self, e.seq, e.source, e.controller, line)
            }
        }
    }

    /// Rule 1.8: the game checks its own state after every action; a win or loss ends the game
    /// at once (rules 1.13, 1.17), both at once is a tie (rules 1.13.1, 1.17.1).
    #[inline]
    pub(crate) fn check_outcome(&mut self) -> Flow {
        let st = &self.state;
        // Nearly every check finds nothing: it returns before the rest is entered.
        if !st.overtime && st.won == [false; 2] && st.lost == [false; 2] {
            return Ok(());
        }
        self.check_outcome_now()
    }

    /// [`Game::check_outcome`] once someone may have won or lost (out of line).
    #[inline(never)]
    fn check_outcome_now(&mut self) -> Flow {
        let st = &mut self.state;
        if st.overtime {
            // Rule 1.11: in overtime, 7 or more Gigs wins immediately.
            for p in PlayerId::BOTH {
                if st.gig_count(p) >= 7 {
                    st.won[p.ix()] = true;
                }
            }
        }
        if !st.won.iter().any(|&w| w) && !st.lost.iter().any(|&l| l) {
            return Ok(());
        }
        let wins = |p: PlayerId| st.won[p.ix()] || st.lost[p.other().ix()];
        let outcome = match (wins(PlayerId(0)), wins(PlayerId(1))) {
            (true, true) => Outcome::Tie,
            (true, false) => Outcome::Winner(PlayerId(0)),
            _ => Outcome::Winner(PlayerId(1)),
        };
        st.outcome = Some(outcome);
        st.frames.clear();
        st.pending.clear();
        if self.log_events {
            self.log.push(LogEntry::Event(Event::GameOver(outcome)));
        }
        Err(Stop::Over)
    }
}

/// Number of Gigs an attacker with power `p` steals (rule 9.23.2): none at 0 power or less
/// (rules 2.10.1, 9.23.2.1), else `p / 10 + 1` rounded down (rule 9.23.2.2).
pub fn steal_count(power: i32) -> u32 {
    if power <= 0 {
        0
    } else {
        power as u32 / 10 + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{PlayerSetup, Setup};

    fn game() -> Game {
        let setup = Setup {
            players: [PlayerSetup::default(), PlayerSetup::default()],
            ..Setup::default()
        };
        Game::from_setup(crate::testing::pool(), &setup).unwrap()
    }

    /// A state copied onto another game's state (`State::copy_from`, the backup a change
    /// restores on error) is the state, whatever the other held: every field is copied.
    #[test]
    fn a_state_copied_onto_another_is_the_state() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let (mut a, mut b) = (
            crate::testing::sample_game(1),
            crate::testing::sample_game(2),
        );
        let mut copies = 0;
        for step in 0..400 {
            for g in [&mut a, &mut b] {
                if let Some(n) = g.decision_ref().map(|d| d.options.len()) {
                    g.apply_index(rng.gen_range(0..n)).unwrap();
                }
            }
            if step % 10 == 0 && a.state != b.state {
                let mut other = b.state.clone();
                other.copy_from(&a.state);
                assert_eq!(other, a.state, "step {step}");
                copies += 1;
            }
        }
        assert!(copies > 10);
    }

    #[test]
    fn rules_1_13_1_and_1_17_1_simultaneous_results_tie() {
        let mut g = game();
        g.state.lost = [true, true];
        assert!(matches!(g.check_outcome(), Err(Stop::Over)));
        assert_eq!(g.state.outcome, Some(Outcome::Tie));
        assert!(g.current_decision().is_none());

        let mut g = game();
        g.state.won = [true, true];
        assert!(matches!(g.check_outcome(), Err(Stop::Over)));
        assert_eq!(g.state.outcome, Some(Outcome::Tie));

        // Rules 1.5, 1.6: one wins and the other loses is one result.
        let mut g = game();
        g.state.won[0] = true;
        g.state.lost[1] = true;
        assert!(matches!(g.check_outcome(), Err(Stop::Over)));
        assert_eq!(g.state.outcome, Some(Outcome::Winner(PlayerId(0))));
    }

    #[test]
    fn rule_1_8_nothing_to_report_continues() {
        let mut g = game();
        assert!(g.check_outcome().is_ok());
        assert_eq!(g.state.outcome, None);
    }

    /// An order of pending effects that leaves another option's effect pending never comes out
    /// as that option does ([`Game::may_come_out_as`], which spares trying it): checked by trying both
    /// at every order of random games between the sample decks, which hold Kerry Eurodyne.
    #[test]
    fn an_effect_left_pending_is_never_an_order_that_resolved_it() {
        let mut spared = 0;
        crate::testing::at_each_random_decision(40, |g, d| {
            if d.prompt != DecisionKind::PendingOrder {
                return;
            }
            for &a in &d.options {
                let Some(s) = g.outcome_of(d.player, a) else {
                    continue;
                };
                for &b in d.options.iter().filter(|&&b| b != a) {
                    if !g.may_come_out_as(&s, b) {
                        spared += 1;
                        assert_ne!(g.outcome_of(d.player, b).as_ref(), Some(&s));
                    }
                }
            }
        });
        assert!(spared > 10, "only {spared} options spared");
    }

    /// The Main Phase's options that may come out the same too rarely to try every option for
    /// ([`Game::main_twins`]) are looked for only in games whose cards can offer them
    /// ([`crate::game::Tables::main_twins`]); the decisions test (`--ignored`) finds the games
    /// that ask such a question twice when they are not looked for.
    #[test]
    fn main_phase_twins_are_looked_for_only_where_cards_can_offer_them() {
        assert!(!crate::testing::sample_game(1).tables.main_twins);
        let looks = |legends: &[&str]| {
            let mut setup = Setup::default();
            setup.players[0].legends = legends.iter().map(|&c| c.into()).collect();
            let g = Game::from_setup(crate::testing::pool(), &setup).unwrap();
            g.tables.main_twins
        };
        // An ability that plays a card (River Ward's spend plays a Gear from the hand).
        assert!(looks(&["river-ward-detective-on-the-hunt"]));
        // A card with an activated ability, twice; once is not enough.
        let dexter = "dexter-deshawn-off-the-grid";
        assert!(looks(&[dexter, dexter]));
        assert!(!looks(&[dexter]));
    }

    /// An effect that asks at once ([`CardText::asks_at_once`]) stops at its question with
    /// every other pending effect still pending, and so comes out unlike every other order
    /// (which spares trying it): checked by trying every order of random games between the
    /// sample decks, which hold Kerry Eurodyne: Axe, Attitude, Audience (`you may ignore the
    /// result and reroll it once`).
    #[test]
    fn an_effect_that_asks_at_once_leaves_the_others_pending() {
        let mut asks = 0;
        crate::testing::at_each_random_decision(40, |g, d| {
            if d.prompt != DecisionKind::PendingOrder {
                return;
            }
            for &a in &d.options {
                let Choice::Resolve(seq) = a else { continue };
                if !g.text().asks_at_once(g, seq) {
                    continue;
                }
                asks += 1;
                let s = g
                    .outcome_of(d.player, a)
                    .expect("an effect stopped at its question");
                assert!(matches!(s.frames.last(), Some(Frame::Run(r)) if r.ask.is_some()));
                let others = g.state.pending.iter().filter(|e| e.seq != seq);
                assert!(others
                    .clone()
                    .all(|e| s.pending.iter().any(|p| p.seq == e.seq)));
                for &b in d.options.iter().filter(|&&b| b != a) {
                    assert_ne!(g.outcome_of(d.player, b).as_ref(), Some(&s));
                }
            }
        });
        assert!(asks > 10, "only {asks} effects asked at once");
    }

    /// A mode that surely records a happening ([`CardText::records`]) does, and one that
    /// surely records nothing does not; so neither comes out as a mode that recorded the other
    /// way ([`Game::may_come_out_as`], [`Records::apart`], which spare trying them): checked by
    /// trying every mode of random games between the sample decks, which hold Dexter DeShawn:
    /// Off the Grid (`Give a friendly Unit +2 power this turn. // Draw 1.`).
    #[test]
    fn a_mode_records_as_surely_as_it_says() {
        let (mut sure, mut none, mut spared, mut apart) = (0, 0, 0, 0);
        crate::testing::at_each_random_decision(40, |g, d| {
            if d.prompt != DecisionKind::Mode {
                return;
            }
            let recorded = g.state.history.events.len();
            let outcomes: Vec<_> = (d.options.iter())
                .map(|&a| (a, g.text().records(g, a), g.outcome_of(d.player, a)))
                .collect();
            for (a, records, s) in &outcomes {
                let grew = s.as_ref().map(|s| s.history.events.len() > recorded);
                match records {
                    Records::Surely => {
                        sure += 1;
                        assert_ne!(grew, Some(false), "{a:?} recorded nothing");
                    }
                    Records::Nothing => {
                        none += 1;
                        assert_ne!(grew, Some(true), "{a:?} recorded something");
                    }
                    Records::Unsure => {}
                }
                for (b, other, t) in outcomes.iter().filter(|(b, ..)| b != a) {
                    if records.apart(*other) {
                        apart += 1;
                        assert!(s.is_none() || s != t, "{a:?} came out as {b:?}");
                    }
                    if s.as_ref().is_some_and(|s| !g.may_come_out_as(s, *b)) {
                        spared += 1;
                        assert_ne!(t, s);
                    }
                }
            }
        });
        assert!(
            sure > 10 && none > 10 && spared > 10 && apart > 10,
            "only {sure} sure, {none} recording nothing, {spared} spared, {apart} apart"
        );
    }

    /// The witness is not Dexter DeShawn's: a mode of any card that begins with a draw, by any
    /// player, is sure while the drawing player has a card to draw, and only then.
    #[test]
    fn a_mode_that_begins_with_a_draw_from_decks_with_cards_surely_records() {
        let pool = crate::testing::pool_with(
            "twin-feeds",
            r#"
id = "twin-feeds"
name = "Twin Feeds"
type = "program"
color = "blue"
cost = 1
ram = 1
tags = []
sell = false
set = "promo"
number = "900"
text = """
Choose one effect.
Draw 2. // A Rival draws 1.
"""
"#,
        );
        let at_the_modes = |rival_deck: &[&str]| {
            let mut setup = Setup::default();
            setup.players[0].hand = vec!["twin-feeds".into()];
            setup.players[0].eddies = vec!["detonate".into()];
            setup.players[0].deck = vec!["detonate".into(), "detonate".into()];
            setup.players[1].deck = rival_deck.iter().map(|&c| c.into()).collect();
            let mut g = Game::from_setup(pool.clone(), &setup).unwrap();
            while g
                .decision_ref()
                .is_some_and(|d| d.prompt != DecisionKind::Mode)
            {
                let d = g.decision_ref().unwrap();
                let c = (d.options.iter())
                    .find(|c| matches!(c, Choice::Play(_) | Choice::PayWith { .. }))
                    .copied()
                    .expect("the Program is played and paid for");
                g.apply(&c).unwrap();
            }
            g
        };
        let g = at_the_modes(&["detonate"]);
        let sure = |g: &Game, m| g.text().records(g, Choice::Mode(m)) == Records::Surely;
        assert_eq!(g.decision_ref().map(|d| d.options.len()), Some(2));
        assert!(sure(&g, 0) && sure(&g, 1));
        // The rival has no card to draw: `A Rival draws 1.` is no longer sure.
        let g = at_the_modes(&[]);
        assert!(sure(&g, 0) && !sure(&g, 1));
    }
}
