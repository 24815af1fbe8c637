//! An effect resolving: the cursor, the bindings and the choices of one ability of card text.
//!
//! Rules 10.2–10.10: the sentences resolve in order, doing as much as possible; a choice with
//! no legal option is skipped (the action does not happen); "a <noun>" picks exactly one, and
//! the resolving player chooses (rule 10.31). Whether each sentence happened is kept for
//! `If you do` and `Otherwise`.

use super::statements::is_this_turn;
use crate::decision::{Choice, Decision, DecisionKind};
use crate::error::EngineError;
use crate::game::{Flow, Game, MAX_EFFECTS};
use crate::log::Event;
use crate::rules::Action as Act;
use crate::state::legacy::{Ask, Bound, EffectRun};
use crate::state::{DieArea, DieId, Duration, InstId, Modifier, PersistentEffect, PlayerId, Zone};
use gigscript_dsl::ast::{
    self, Ability, Action, Amount, Clause, Comparison, Condition, Controller, Direction, Effect,
    Filter, Grant, Lead, Noun, NounPhrase, Np, Orientation, Parity, Phrase, PostMod, Predicate,
    Quality, Quantity, Ref, Sentence, Spanned, Stat, Status,
};
use gigscript_dsl::CardType;

impl EffectRun {
    /// The start of ability `line` of `source`, resolved by `controller`.
    pub fn new(source: InstId, controller: PlayerId, line: u16) -> Self {
        EffectRun {
            source,
            controller,
            line,
            sentence: 0,
            step: 0,
            entered: false,
            happened: false,
            did: 0,
            bindings: Vec::new(),
            picked: Vec::new(),
            ask: None,
            gig: None,
            delta: None,
            chooser: None,
            mode: None,
            dice: Vec::new(),
            only: None,
            zone: Default::default(),
            gig2: None,
            gigs: Vec::new(),
            instead: 0,
            weighed: false,
            all_modes: false,
            discarded: 0,
        }
    }

    pub(crate) fn bound(&self, id: u32) -> Vec<InstId> {
        self.bindings
            .iter()
            .find(|b| b.id == id)
            .map_or_else(Vec::new, |b| b.cards.clone())
    }

    /// The cards of binding `id` (none if unbound).
    pub(crate) fn bound_cards(&self, id: u32) -> Vec<InstId> {
        self.bound(id)
    }

    /// Sets binding `id` to `cards`.
    pub(crate) fn set_bound(&mut self, id: u32, cards: Vec<InstId>) {
        self.bindings.retain(|x| x.id != id);
        self.bindings.push(Bound { id, cards });
    }

    pub(crate) fn bind(&mut self, np: &NounPhrase, cards: &[InstId]) {
        if let Some(b) = np.binds {
            self.bindings.retain(|x| x.id != b.0);
            self.bindings.push(Bound {
                id: b.0,
                cards: cards.to_vec(),
            });
        }
    }

    fn next_sentence(&mut self) {
        if self.happened {
            self.did |= 1u32.checked_shl(u32::from(self.sentence)).unwrap_or(0);
        }
        self.sentence = self.sentence.saturating_add(1);
        self.step = 0;
        self.entered = false;
        self.weighed = false;
        self.happened = false;
        self.picked.clear();
        self.gig = None;
        self.delta = None;
        self.gig2 = None;
    }

    fn did(&self, s: ast::SentenceId) -> bool {
        self.did & 1u32.checked_shl(s.0).unwrap_or(0) != 0
    }
}

/// What resolving one action gave.
pub(crate) enum Stepped {
    /// it is done; whether anything happened
    Done(bool),
    /// it waits for a choice
    Wait,
    /// it waits for the answer to this question, asked above the effect (rule 10.26)
    Ask(crate::state::Frame),
}

/// Which cards an action applies to.
pub(crate) enum Sel {
    /// these, no choice
    Fixed(Vec<InstId>),
    /// `n` of these, chosen one at a time
    Choose(Vec<InstId>, usize),
    /// `up to n` of these: how many first (rule 2.8), then which
    UpTo(Vec<InstId>, usize),
    /// these, and `n` of those, chosen one at a time (`this Unit and a rival Unit`)
    Then(Vec<InstId>, Vec<InstId>, usize),
}

impl Game {
    /// The decision an effect frame waits for, if any.
    pub(crate) fn effect_decision(&self, run: &EffectRun) -> Option<Decision> {
        match run.ask.as_ref()? {
            Ask::May => Some(Decision {
                player: run.controller,
                prompt: DecisionKind::May,
                options: vec![Choice::Yes, Choice::No],
            }),
            Ask::Card(options) => Some(Decision {
                player: run.chooser.unwrap_or(run.controller),
                prompt: DecisionKind::EffectCard,
                options: options.iter().map(|&i| Choice::Card(i)).collect(),
            }),
            Ask::Gig(options) => Some(Decision {
                player: run.controller,
                prompt: DecisionKind::EffectGig,
                options: options.iter().map(|&d| Choice::Gig(d)).collect(),
            }),
            Ask::Instead(_) => Some(Decision {
                player: run.controller,
                prompt: DecisionKind::May,
                options: vec![Choice::Yes, Choice::No],
            }),
            Ask::Mode(n) => Some(Decision {
                player: run.chooser.unwrap_or(run.controller),
                prompt: DecisionKind::Mode,
                options: (0..*n).map(Choice::Mode).collect(),
            }),
            Ask::YesNo => Some(Decision {
                player: run.chooser.unwrap_or(run.controller),
                prompt: DecisionKind::May,
                options: vec![Choice::Yes, Choice::No],
            }),
            Ask::Number(options) => Some(Decision {
                player: run.controller,
                prompt: DecisionKind::Number,
                options: options.iter().map(|&n| Choice::Number(n)).collect(),
            }),
            ask => Some(super::zones::decision(run, ask)),
        }
    }

    /// Applies the answer to the top effect frame's question.
    pub(crate) fn effect_choice(&mut self, choice: Choice) -> Flow {
        if let Some(crate::state::Frame::Replace { source, affected }) = self.state.frames.last() {
            let (source, affected) = (*source, *affected);
            return self.replace_choice(source, affected, choice);
        }
        if let Some(crate::state::Frame::ReplaceChoose { affected, .. }) = self.state.frames.last()
        {
            let affected = *affected;
            return self.replace_chosen(affected, choice);
        }
        let Some(crate::state::Frame::Effect(run)) = self.state.frames.last_mut() else {
            return Err(EngineError::Bug("an effect choice without an effect").into());
        };
        match (run.ask.take(), choice) {
            (Some(Ask::May), Choice::Yes) => run.entered = true,
            (Some(Ask::May), Choice::No) => run.next_sentence(),
            (Some(Ask::Card(_)), Choice::Card(i)) => run.picked.push(i),
            (Some(Ask::Gig(_)), Choice::Gig(d)) if run.gig.is_some() => run.gig2 = Some(d),
            (Some(Ask::Gig(_)), Choice::Gig(d)) => run.gig = Some(d),
            (Some(Ask::Number(_)), Choice::Number(n)) => run.delta = Some(n),
            (Some(Ask::Mode(_)), Choice::Mode(m)) => {
                run.mode = Some(m);
                run.chooser = None;
            }
            (Some(Ask::Instead(j)), Choice::Yes) => {
                run.instead |= 1u32.checked_shl(j).unwrap_or(0);
                run.next_sentence();
            }
            (Some(Ask::Instead(_)), Choice::No) => {}
            (Some(Ask::YesNo), Choice::Yes) => run.delta = Some(1),
            (Some(Ask::YesNo), Choice::No) => run.delta = Some(0),
            (Some(ask), c) if super::zones::answer(run, &ask, c) => {}
            _ => return Err(EngineError::Bug("an answer to another question").into()),
        }
        Ok(())
    }

    /// Resolves the top effect frame until it needs a choice or ends (popped).
    pub(crate) fn run_effect(&mut self) -> Flow {
        let Some(crate::state::Frame::Effect(mut run)) = self.state.frames.pop() else {
            return Err(EngineError::Bug("running an effect that is not on top").into());
        };
        let pool = self.pool.clone();
        let card = self.inst_ok(run.source)?.card;
        let sentences: &[Spanned<Sentence>] = match pool.ability(card, run.line).map(|a| &a.node) {
            Some(Ability::Triggered { effect, .. })
            | Some(Ability::Resolution { effect, .. })
            | Some(Ability::Activated { effect, .. }) => {
                match effect {
                    Effect::Sentences(s) => s,
                    // `Choose one effect.` (rule 10.9): the controller picks a mode first.
                    Effect::Modal { modes, head, .. } => match run.mode {
                        Some(m) => modes.get(m as usize).map_or(&[][..], |v| v.as_slice()),
                        None => match self.modes_now(&run, effect) {
                            // `Give a friendly Unit these effects.`: the Unit first (rule 10.31).
                            _ if !self.modal_target(&mut run, &head.node) => {
                                if run.ask.is_some() {
                                    self.state.frames.push(crate::state::Frame::Effect(run));
                                }
                                return Ok(());
                            }
                            // `If …, choose both instead.`: every mode, in order.
                            super::replace::Modes::All => {
                                run.all_modes = true;
                                run.mode = Some(0);
                                modes.first().map_or(&[][..], |v| v.as_slice())
                            }
                            super::replace::Modes::One { by_rival } => {
                                if by_rival {
                                    run.chooser = Some(run.controller.other());
                                }
                                run.ask = Some(Ask::Mode(modes.len().min(u8::MAX as usize) as u8));
                                self.state.frames.push(crate::state::Frame::Effect(run));
                                return Ok(());
                            }
                        },
                    },
                }
            }
            _ => &[],
        };
        while let Some(s) = sentences.get(run.sentence as usize) {
            // A delayed effect resuming runs its own sentence only.
            if run.only.is_some_and(|o| o != run.sentence) {
                break;
            }
            let s = &s.node;
            if !run.entered && !run.weighed {
                // `… If that Gear's cost …, … instead`: the Gear is chosen before weighing.
                if !self.choose_before_instead(&mut run, sentences) {
                    self.state.frames.push(crate::state::Frame::Effect(run));
                    return Ok(());
                }
                // `… instead`: a later sentence that replaces this one is weighed first.
                run.weighed = true;
                match self.weigh_instead(&run, sentences) {
                    super::replace::Weighed::Keep => {}
                    super::replace::Weighed::Replace(j) => {
                        run.instead |= 1u32.checked_shl(j).unwrap_or(0);
                        run.next_sentence();
                        continue;
                    }
                    super::replace::Weighed::Ask(j) => {
                        run.ask = Some(Ask::Instead(j));
                        self.state.frames.push(crate::state::Frame::Effect(run));
                        return Ok(());
                    }
                }
            }
            let chosen_instead =
                matches!(
                    &s.clause.node,
                    Clause::Do {
                        instead: Some(_),
                        ..
                    }
                ) && run.instead & 1u32.checked_shl(u32::from(run.sentence)).unwrap_or(0) != 0;
            if !run.entered && chosen_instead {
                // Its condition was checked and its `you may` answered when it was weighed.
                run.entered = true;
            }
            if !run.entered {
                let go = match s.lead.as_ref().map(|l| &l.node) {
                    None => true,
                    Some(Lead::Then { condition }) => condition
                        .as_ref()
                        .is_none_or(|c| self.condition(&run, &c.node)),
                    Some(Lead::If(c)) => self.condition(&run, &c.node),
                    Some(Lead::IfYouDo { depends_on }) => run.did(*depends_on),
                    Some(Lead::Otherwise { depends_on }) => !run.did(*depends_on),
                    // The duration words are read by the statement the sentence makes.
                    Some(Lead::During(_)) => true,
                };
                let (go, optional) = match &s.clause.node {
                    // An `instead` sentence runs only in place of the one it replaces.
                    Clause::Do {
                        instead: Some(_), ..
                    } => (false, false),
                    Clause::Do {
                        optional,
                        condition,
                        ..
                    } => (
                        go && condition
                            .as_ref()
                            .is_none_or(|c| self.condition(&run, &c.node)),
                        *optional,
                    ),
                    Clause::State { .. } => (go, false),
                    Clause::Delayed { .. } => (go, false),
                };
                if !go {
                    run.next_sentence();
                    continue;
                }
                if optional && self.pool.broken() == Some(super::Broken::May) {
                    run.next_sentence(); // a phrase broken by a test (`interp::mutant`)
                    continue;
                }
                if optional {
                    run.ask = Some(Ask::May);
                    self.state.frames.push(crate::state::Frame::Effect(run));
                    return Ok(());
                }
                run.entered = true;
            }
            let steps: &[ast::Step] = match &s.clause.node {
                Clause::Do { steps, .. } => steps,
                Clause::State { predicate, .. } if super::zones::whether(&predicate.node) => {
                    match super::zones::whether_steps(&mut run, &predicate.node) {
                        Some(steps) => steps,
                        None => {
                            self.state.frames.push(crate::state::Frame::Effect(run));
                            return Ok(());
                        }
                    }
                }
                Clause::State { subject, predicate } => {
                    if predicate.node == Predicate::IsntStolen && run.step == 0 {
                        run.happened |= self.isnt_stolen(&run, subject)?;
                        run.step = u8::MAX;
                    }
                    if let Predicate::Discards { count, binds, .. } = predicate.node {
                        if run.step == 0 {
                            match self.rival_discards(&mut run, count, binds.0)? {
                                Stepped::Done(h) => {
                                    run.happened |= h;
                                    run.step = 1;
                                }
                                Stepped::Wait | Stepped::Ask(_) => {
                                    self.state.frames.push(crate::state::Frame::Effect(run));
                                    return Ok(());
                                }
                            }
                        }
                    } else if run.step != u8::MAX {
                        // A statement (rule 10.22): see `statements.rs`.
                        match self.statement_step(&mut run, s)? {
                            Stepped::Done(h) => {
                                run.happened |= h;
                                run.step = u8::MAX;
                            }
                            Stepped::Wait => {
                                self.state.frames.push(crate::state::Frame::Effect(run));
                                return Ok(());
                            }
                            // `Each player defeats …`: a replacement's controller is asked.
                            Stepped::Ask(frame) => {
                                self.state.frames.push(crate::state::Frame::Effect(run));
                                self.state.frames.push(frame);
                                return Ok(());
                            }
                        }
                    }
                    &[]
                }
                Clause::Delayed { event, then } => match (run.only, &then.node) {
                    (Some(_), Clause::Do { steps, .. }) => steps,
                    (Some(_), Clause::State { subject, predicate }) => {
                        if let (Predicate::AlsoSteals { what }, 0) = (&predicate.node, run.step) {
                            match self.also_steals(&mut run, subject, what)? {
                                Some(h) => {
                                    run.happened |= h;
                                    run.step = 1;
                                }
                                None => {
                                    self.state.frames.push(crate::state::Frame::Effect(run));
                                    return Ok(());
                                }
                            }
                        }
                        &[]
                    }
                    (Some(_), _) => &[],
                    // `The next time this Unit attacks this turn, it may attack …`: a
                    // statement until that attack ends (crate::interp::next_attack).
                    (None, _)
                        if run.step == 0
                            && super::next_attack::is_until_next_attack(event, then) =>
                    {
                        run.happened |= self.until_next_attack(&mut run, then)?;
                        run.step = 1;
                        &[]
                    }
                    (None, _) => {
                        // `The next time … this turn, …`: created now, resolved then.
                        if run.step == 0 {
                            self.make_delayed(
                                &run,
                                crate::state::legacy::DelayedWhen::NextTime,
                                0,
                            )?;
                            run.happened = true;
                            run.step = 1;
                        }
                        &[]
                    }
                },
            };
            match steps.get(run.step as usize) {
                Some(step) => match self.step_action(&mut run, &step.action.node)? {
                    Stepped::Done(h) => {
                        run.happened |= h;
                        run.step = run.step.saturating_add(1);
                        run.picked.clear();
                        run.gig = None;
                        run.delta = None;
                        run.gig2 = None;
                    }
                    Stepped::Wait => {
                        self.state.frames.push(crate::state::Frame::Effect(run));
                        return Ok(());
                    }
                    Stepped::Ask(frame) => {
                        self.state.frames.push(crate::state::Frame::Effect(run));
                        self.state.frames.push(frame);
                        return Ok(());
                    }
                },
                None => run.next_sentence(),
            }
        }
        // `the total number of discarded cards`: the next effect of the same card (a
        // Program's next line, rule 4.14) knows what this one discarded.
        let discarded = usize::from(run.discarded) + run.bound(super::statements::DISCARDED).len();
        if discarded > 0 {
            if let Some(crate::state::Frame::Effect(next)) = self.state.frames.last_mut() {
                if next.source == run.source {
                    next.discarded = next
                        .discarded
                        .saturating_add(u16::try_from(discarded).unwrap_or(u16::MAX));
                }
            }
        }
        if run.all_modes {
            // The next mode, if any, resolves as part of the same effect.
            if let Some(
                Ability::Triggered { effect, .. }
                | Ability::Resolution { effect, .. }
                | Ability::Activated { effect, .. },
            ) = pool.ability(card, run.line).map(|a| &a.node)
            {
                if let (Effect::Modal { modes, .. }, Some(m)) = (effect, run.mode) {
                    if usize::from(m) + 1 < modes.len() {
                        run.mode = Some(m + 1);
                        run.sentence = 0;
                        run.did = 0;
                        run.instead = 0;
                        self.state.frames.push(crate::state::Frame::Effect(run));
                    }
                }
            }
        }
        Ok(())
    }

    /// Resolves one action, or asks for its next card.
    fn step_action(
        &mut self,
        run: &mut EffectRun,
        a: &Action,
    ) -> Result<Stepped, crate::game::Stop> {
        let me = run.controller;
        if self.pool.broken().is_some_and(|b| b.is(a)) {
            return Ok(Stepped::Done(false)); // a phrase broken by a test (`interp::mutant`)
        }
        if let Some(stepped) = self.zone_action(run, a)? {
            return Ok(stepped);
        }
        match a {
            Action::Draw { up_to, count, per } => {
                // `draw 1 for each …`: counted when it resolves.
                let count = match per {
                    Some(np) => count.saturating_mul(self.count_each(run.source, me, np)),
                    None => *count,
                };
                // Rule 11.5.2.2: `draw up to X`: choose the number first, then draw exactly
                // that many (more than the deck holds loses, rule 11.5.2.3).
                let count = match up_to_number(run, *up_to, count) {
                    Some(n) => n,
                    None => return Ok(Stepped::Wait),
                };
                for _ in 0..count {
                    self.act(Act::Draw(me))?;
                }
                Ok(Stepped::Done(count > 0))
            }
            Action::Call { what, .. } => self.call_step(run, what),
            // Rules 1.12, 1.15: an alternate win or lose condition met; the game ends at once,
            // even mid-effect (rules 1.13, 1.17).
            Action::GameResult { win } => {
                if *win {
                    self.state.won[me.ix()] = true;
                } else {
                    self.state.lost[me.ix()] = true;
                }
                self.check_outcome()?;
                Ok(Stepped::Done(true))
            }
            Action::Double { what } => self.double_step(run, &what.node),
            Action::Trash { up_to, what } => {
                // Rule 11.7.2.1: a bare count trashes from the top of your deck; `trash up to X`
                // chooses the number first, then trashes exactly that many (rule 11.7.2.1.2).
                let Some(n) = up_to_number(run, *up_to, count_of(what)) else {
                    return Ok(Stepped::Wait);
                };
                let had = !self.state.player(me).deck.is_empty();
                let mut trashed = Vec::new();
                for _ in 0..n {
                    trashed.extend(self.state.player(me).deck.last().copied());
                    self.act(Act::Trash(me))?;
                }
                run.bind(what, &trashed);
                Ok(Stepped::Done(had && n > 0))
            }
            Action::Discard { what } => {
                let hand = self.state.player(me).hand.clone();
                let n = count_of(what) as usize;
                match self.pick(run, Sel::Choose(hand, n)) {
                    None => Ok(Stepped::Wait),
                    Some(list) => {
                        for &i in &list {
                            self.act(Act::Move {
                                inst: i,
                                to: Zone::Trash,
                                player: me,
                            })?;
                        }
                        run.bind(what, &list);
                        Ok(Stepped::Done(!list.is_empty()))
                    }
                }
            }
            Action::ChangeGig {
                direction,
                gig,
                amount,
            } => self.change_gig(run, *direction, gig, *amount),
            // `set those Gigs to 1`: the Gigs a trigger bound (a chosen Gig: `set_gig`).
            Action::SetGig { gig, to } if super::events::is_bound_gig(gig) => {
                Ok(Stepped::Done(self.set_bound_gigs(run, gig, to)?))
            }
            // `ignore the result and reroll it`: the reroll's value replaces the result.
            Action::IgnoreResult { .. } => Ok(Stepped::Done(true)),
            // Rule 9.26.4: the innermost attack ends; this effect still finishes resolving
            // (rule 9.27.2), then the attack skips to its end (`attack_step`, rule 9.27.1).
            Action::EndAttack => {
                let attack = self.state.frames.iter_mut().rev().find_map(|f| match f {
                    crate::state::Frame::Attack(a) => Some(a),
                    _ => None,
                });
                Ok(Stepped::Done(match attack {
                    Some(a) if !a.ended => {
                        a.ended = true;
                        true
                    }
                    _ => false,
                }))
            }
            Action::RerollOnce { what } => Ok(Stepped::Done(self.reroll(run, what)?)),
            Action::Steal { what } => {
                let Some(die) = run.gig else {
                    let options = self.stealable(run, what);
                    if options.is_empty() {
                        return Ok(Stepped::Done(false));
                    }
                    run.ask = Some(Ask::Gig(options));
                    return Ok(Stepped::Wait);
                };
                Self::bind_die(run, what, die);
                Ok(Stepped::Done(self.steal_die(me, die)?))
            }
            Action::Defeat {
                what,
                when: Some(_),
            } if run.only.is_none() => {
                // `Defeat it at the end of this turn` (rule 8.16.1): bound now, defeated then.
                let sel = self.select(run, what);
                let Some(list) = self.pick(run, sel) else {
                    return Ok(Stepped::Wait);
                };
                run.bind(what, &list);
                if list.iter().all(|&i| !self.in_play(i)) {
                    return Ok(Stepped::Done(false));
                }
                let step = run.step;
                self.make_delayed(run, crate::state::legacy::DelayedWhen::EndOfTurn, step)?;
                Ok(Stepped::Done(true))
            }
            Action::Defeat { what, .. }
            | Action::Spend { what, .. }
            | Action::Ready { what }
            | Action::ReturnToOwnersHand { what }
            | Action::BottomDeck { what, .. }
            | Action::Give { target: what, .. } => {
                let sel = self.select(run, what);
                // `Spend a rival Unit for each …`: that many, counted when it resolves.
                let sel = match (a, sel) {
                    (Action::Spend { per: Some(np), .. }, Sel::Choose(o, n)) => {
                        let k = self.count_each(run.source, me, np) as usize;
                        Sel::Choose(o, n.saturating_mul(k))
                    }
                    (_, sel) => sel,
                };
                let Some(list) = self.pick(run, sel) else {
                    return Ok(Stepped::Wait);
                };
                run.bind(what, &list);
                let list: Vec<InstId> = list.into_iter().filter(|&i| self.in_play(i)).collect();
                if list.is_empty() {
                    return Ok(Stepped::Done(false));
                }
                let mut done = false;
                match a {
                    Action::Defeat { .. } => {
                        // Rule 10.26: an optional replacement's controller is asked first.
                        if let Some(ask) = self.replacement_question(&list) {
                            run.picked = list;
                            return Ok(Stepped::Ask(ask));
                        }
                        self.act(Act::Defeat(list.clone()))?;
                        done = true;
                    }
                    Action::Spend { .. } | Action::Ready { .. } => {
                        let spend = matches!(a, Action::Spend { .. });
                        for &i in &list {
                            // Spending a spent card (or readying a ready one) does nothing.
                            if self.inst_ok(i)?.spent != spend {
                                self.act(if spend { Act::Spend(i) } else { Act::Ready(i) })?;
                                done = true;
                            }
                        }
                    }
                    Action::ReturnToOwnersHand { .. } => {
                        for &i in &list {
                            let owner = self.inst_ok(i)?.owner;
                            self.act(Act::Move {
                                inst: i,
                                to: Zone::Hand,
                                player: owner,
                            })?;
                            done = true;
                        }
                    }
                    Action::BottomDeck { .. } => {
                        self.act(Act::BottomDeck(list.clone()))?;
                        done = true;
                    }
                    Action::Give {
                        grants, modifiers, ..
                    } if !is_this_turn(modifiers) => {
                        done = self.give_lasting(run, &list, grants, modifiers)?;
                    }
                    Action::Give { grants, .. } => {
                        for &i in &list {
                            for g in grants {
                                if let Grant::Keyword(k) = *g {
                                    done |= self.give_keyword(run, i, k, Duration::ThisTurn)?;
                                }
                                let Grant::Power(n) = *g else { continue };
                                self.give_power(run.source, i, n, Duration::ThisTurn)?;
                                done = true;
                            }
                        }
                    }
                    _ => {}
                }
                Ok(Stepped::Done(done))
            }
            Action::Swap { gig, with } => self.swap_gigs(run, gig, with),
            Action::SetGig { gig, to } => self.set_gig(run, gig, to),
            Action::Equip { gear, to, .. } => self.equip_from_effect(run, gear, to),
            _ => {
                // Not executable: `start_effect` never runs such an ability.
                Err(EngineError::Bug("an action the interpreter does not execute").into())
            }
        }
    }

    /// `+N power` (or `-N`) for card `i` from an effect of `source`, lasting `duration`
    /// (rules 3.17.2, 10.22).
    pub(crate) fn give_power(
        &mut self,
        source: InstId,
        i: InstId,
        by: i32,
        duration: Duration,
    ) -> Flow {
        if self.state.effects.len() >= MAX_EFFECTS {
            return Err(EngineError::LimitExceeded("persistent effects").into());
        }
        self.state.effects.push(PersistentEffect {
            target: i,
            modifier: Modifier::Power(by),
            duration,
            source: Some(source),
        });
        self.emit(Event::PowerChanged { inst: i, by })
    }

    /// Rule 6.4: `Increase/Decrease/Adjust a Gig by (up to) N`. The player picks the Gig, then
    /// (for `up to` or `Adjust`) the change; a change off its faces or to the value it has fails.
    fn change_gig(
        &mut self,
        run: &mut EffectRun,
        direction: Direction,
        gig: &NounPhrase,
        amount: Amount,
    ) -> Result<Stepped, crate::game::Stop> {
        let Some(die) = run.gig else {
            let options: Vec<DieId> = match &gig.node {
                Np::Phrase(p) if p.refers_to.is_none() => (0..self.state.dice.len())
                    .map(|k| DieId(k as u8))
                    .filter(|&d| self.gig_matches(run.controller, p, d))
                    .collect(),
                // `increase it by up to 5`: the Gig the event bound, still a Gig.
                _ => self
                    .referred_dice(run, gig)
                    .into_iter()
                    .filter(|d| {
                        self.state
                            .dice
                            .get(d.0 as usize)
                            .is_some_and(|x| matches!(x.area, DieArea::Gigs(_)))
                    })
                    .collect(),
            };
            if options.is_empty() {
                return Ok(Stepped::Done(false));
            }
            run.ask = Some(Ask::Gig(options));
            return Ok(Stepped::Wait);
        };
        Self::bind_die(run, gig, die);
        let n = amount.n.min(i8::MAX as u32) as i8;
        let Some(delta) = run.delta else {
            let mags: Vec<i8> = if amount.up_to {
                (0..=n).collect()
            } else {
                vec![n]
            };
            let mut options = Vec::new();
            for &m in &mags {
                // Rule 2.8: `up to` allows 0 whichever the direction.
                if m == 0 || matches!(direction, Direction::Increase | Direction::Adjust) {
                    options.push(m);
                }
                if m != 0 && matches!(direction, Direction::Decrease | Direction::Adjust) {
                    options.push(-m);
                }
            }
            if options.len() == 1 {
                run.delta = Some(options[0]);
                return self.change_gig(run, direction, gig, amount);
            }
            run.ask = Some(Ask::Number(options));
            return Ok(Stepped::Wait);
        };
        if let Some(b) = gig.binds {
            run.gigs.retain(|x| x.0 != b.0);
            run.gigs.push((b.0, die));
        }
        let Some(d) = self.state.dice.get(die.0 as usize).copied() else {
            return Ok(Stepped::Done(false));
        };
        let to = i32::from(d.value) + i32::from(delta);
        // Rules 6.4.4, 6.4.5: off its faces, or unchanged, the adjustment fails.
        if delta == 0 || to < 1 || to > i32::from(d.sides) {
            return Ok(Stepped::Done(false));
        }
        self.act(Act::Adjust {
            die,
            value: to as u8,
        })?;
        if delta < 0 {
            self.gig_decreased(die, run.controller)?;
        }
        Ok(Stepped::Done(true))
    }

    pub(crate) fn gig_matches(&self, me: PlayerId, p: &Phrase, die: DieId) -> bool {
        let Some(d) = self.state.dice.get(die.0 as usize) else {
            return false;
        };
        let DieArea::Gigs(holder) = d.area else {
            return false;
        };
        let side_ok = match p.head.noun {
            Noun::Die(n) => u32::from(d.sides) == n,
            _ => true,
        };
        let ctrl_ok = match p.controller {
            Some(Controller::Friendly) => holder == me,
            Some(Controller::Rival) => holder != me,
            None => true,
        };
        let min_ok = p.quality != Some(Quality::Min) || d.value == 1;
        let max_ok = !(p.quality == Some(Quality::Max)
            || p.post.iter().any(|x| matches!(x.node, PostMod::AtMaxValue)))
            || d.value == d.sides;
        side_ok && ctrl_ok && min_ok && max_ok
    }

    /// `A Rival discards N.`: the Rival chooses N cards of their hand (rule 10.31); they go to
    /// the trash. The discarded cards bind.
    fn rival_discards(
        &mut self,
        run: &mut EffectRun,
        count: u32,
        binds: u32,
    ) -> Result<Stepped, crate::game::Stop> {
        if self.pool.broken() == Some(super::Broken::RivalDiscards) {
            return Ok(Stepped::Done(false)); // a phrase broken by a test (`interp::mutant`)
        }
        let rival = run.controller.other();
        run.chooser = Some(rival);
        let hand = self.state.player(rival).hand.clone();
        let Some(list) = self.pick(run, Sel::Choose(hand, count as usize)) else {
            return Ok(Stepped::Wait);
        };
        run.chooser = None;
        for &i in &list {
            self.act(Act::Move {
                inst: i,
                to: Zone::Trash,
                player: rival,
            })?;
        }
        run.bindings.retain(|b| b.id != binds);
        run.bindings.push(Bound {
            id: binds,
            cards: list.clone(),
        });
        Ok(Stepped::Done(!list.is_empty()))
    }

    /// The cards of a selection once all are picked (`None`: a card was asked for).
    pub(crate) fn pick(&mut self, run: &mut EffectRun, sel: Sel) -> Option<Vec<InstId>> {
        match sel {
            Sel::Fixed(v) => Some(v),
            Sel::UpTo(options, n) => {
                // The number is asked once, then kept (as the action's `delta`) while the
                // cards are picked.
                let most = n.min(options.len()).min(i8::MAX as usize);
                if most == 0 {
                    return Some(Vec::new());
                }
                match run.delta {
                    Some(k) => self.pick(run, Sel::Choose(options, k.max(0) as usize)),
                    None => {
                        run.ask = Some(Ask::Number((0..=most as i8).collect()));
                        None
                    }
                }
            }
            Sel::Then(fixed, options, n) => {
                let options = options.into_iter().filter(|i| !fixed.contains(i)).collect();
                let mut more = self.pick(run, Sel::Choose(options, n))?;
                let mut all = fixed;
                all.append(&mut more);
                Some(all)
            }
            Sel::Choose(options, n) => {
                let left: Vec<InstId> = options
                    .into_iter()
                    .filter(|i| !run.picked.contains(i))
                    .collect();
                if run.picked.len() >= n || left.is_empty() {
                    Some(std::mem::take(&mut run.picked))
                } else {
                    run.ask = Some(Ask::Card(left));
                    None
                }
            }
        }
    }

    pub(crate) fn in_play(&self, i: InstId) -> bool {
        self.state
            .inst(i)
            .is_some_and(|x| matches!(x.zone, Zone::Field | Zone::Legends))
    }

    /// What a noun phrase of an action stands for now.
    pub(crate) fn select(&self, run: &EffectRun, np: &NounPhrase) -> Sel {
        match &np.node {
            Np::Pronoun { refers_to, .. } => Sel::Fixed(self.refer(run, *refers_to)),
            Np::Phrase(p) => {
                if let Some(r) = p.refers_to {
                    return Sel::Fixed(self.refer(run, r));
                }
                let mut all = self.matching(run, p);
                // `a Rival's Unit`: the article belongs to the possessor; one Unit is meant.
                let quantity = match (p.owner, p.quantity) {
                    (Some(_), Quantity::Bare) => Quantity::One,
                    (_, q) => q,
                };
                match quantity {
                    Quantity::All | Quantity::Bare | Quantity::Each => Sel::Fixed(all),
                    // `another`: one other than this card.
                    Quantity::Another => {
                        all.retain(|&i| i != run.source);
                        Sel::Choose(all, 1)
                    }
                    Quantity::UpTo(n) => Sel::UpTo(all, n as usize),
                    Quantity::Exactly(n) => Sel::Choose(all, n as usize),
                    _ => Sel::Choose(all, 1),
                }
            }
            // `defeat 2 instead`: the noun and filters of the phrase named before.
            Np::Count {
                count,
                post,
                elided: Some(Ref::Binding(b)),
            } if post.is_empty() => match self.bound_phrase(run, b.0) {
                Some(p) => Sel::Choose(self.matching(run, &p), *count as usize),
                None => Sel::Fixed(Vec::new()),
            },
            Np::And(x, y) => match (self.select(run, x), self.select(run, y)) {
                (Sel::Fixed(mut a), Sel::Fixed(b)) => {
                    a.extend(b);
                    Sel::Fixed(a)
                }
                (Sel::Fixed(a), Sel::Choose(o, n)) | (Sel::Choose(o, n), Sel::Fixed(a)) => {
                    Sel::Then(a, o, n)
                }
                _ => Sel::Fixed(Vec::new()),
            },
            _ => Sel::Fixed(self.zone_select(run, np)),
        }
    }

    pub(crate) fn refer(&self, run: &EffectRun, r: Ref) -> Vec<InstId> {
        match r {
            Ref::This => vec![run.source],
            Ref::Host => self
                .state
                .inst(run.source)
                .and_then(|x| x.equipped_to)
                .or_else(|| self.left_host(run.source))
                .into_iter()
                .collect(),
            Ref::Binding(b) => run.bound(b.0),
        }
    }

    /// Every card in play that a phrase describes, in instance order.
    pub(crate) fn matching(&self, run: &EffectRun, p: &Phrase) -> Vec<InstId> {
        // A phrase's noun describes cards in play only (see `describes_in`).
        let all: Vec<InstId> = (self.state.instances.iter().enumerate())
            .filter(|(_, x)| matches!(x.zone, Zone::Field | Zone::Legends))
            .map(|(k, _)| InstId(k as u16))
            .filter(|&i| self.describes_in(run, p, i))
            .collect();
        self.superlative(p, all)
    }

    /// Whether card `i` is what phrase `p` of card `source`, controlled by `me`, describes.
    pub(crate) fn describes(&self, source: InstId, me: PlayerId, p: &Phrase, i: InstId) -> bool {
        self.describes_in(&EffectRun::new(source, me, 0), p, i)
    }

    /// Whether card `i` is what phrase `p` describes within an effect: numbers compared with
    /// (`with cost equal to or less than the discarded card's cost`) may read its bindings.
    pub(crate) fn describes_in(&self, run: &EffectRun, p: &Phrase, i: InstId) -> bool {
        let (source, me) = (run.source, run.controller);
        let Some(x) = self.state.inst(i) else {
            return false;
        };
        let facts = self.pool.facts(x.card);
        let noun_ok = |noun: &Noun, status: Option<Status>| {
            let status_ok = match status {
                None => true,
                Some(Status::FaceUp) => x.face_up,
                Some(Status::FaceDown) => !x.face_up,
                Some(Status::Equipped) => self.gear_on(i).next().is_some(),
                Some(Status::Unequipped) => self.gear_on(i).next().is_none(),
            };
            status_ok
                && match noun {
                    // Rule 4.5: a Legend in the field is a Unit; equipped Gear is not.
                    Noun::Unit => {
                        x.zone == Zone::Field
                            && x.equipped_to.is_none()
                            && facts.kind != CardType::Gear
                    }
                    Noun::Legend => x.zone == Zone::Legends && facts.kind == CardType::Legend,
                    Noun::Gear => x.equipped_to.is_some() && facts.kind == CardType::Gear,
                    _ => false,
                }
        };
        let head = noun_ok(&p.head.noun, p.status)
            || p.or
                .as_ref()
                .is_some_and(|o| noun_ok(&o.head.noun, o.status));
        if !head {
            return false;
        }
        if p.other && i == source {
            return false;
        }
        match p.controller {
            Some(Controller::Friendly) if x.controller != me => return false,
            Some(Controller::Rival) if x.controller == me => return false,
            _ => {}
        }
        match p.orientation {
            Some(Orientation::Spent) if !x.spent => return false,
            Some(Orientation::Ready) if x.spent => return false,
            _ => {}
        }
        // Rule 3.4.1: a face-down card has no tags, power or cost to read.
        let hidden = x.zone == Zone::Legends && !x.face_up;
        if let Some(Quality::Tag(t)) = &p.quality {
            if hidden || !self.pool.tags(x.card).iter().any(|x| x == t) {
                return false;
            }
        }
        // `a friendly Yellow Unit`: the card's colour (rule 3.20), unknown face-down (3.4.1).
        if let Some(Quality::Colour(c)) = &p.quality {
            if hidden || facts.color != Some(*c) {
                return false;
            }
        }
        p.post.iter().all(|post| match &post.node {
            PostMod::With(Filter::Stat { stat, cmp }) => {
                let v = match stat {
                    Stat::Power => Some(self.eff_power(i) as i64),
                    Stat::Cost => facts.cost.map(i64::from),
                    Stat::Value => None,
                };
                match (v, cmp) {
                    _ if hidden => false,
                    (Some(v), Comparison::Is(n)) => v == i64::from(*n),
                    (Some(v), Comparison::AtMost(n)) => v <= i64::from(*n),
                    (Some(v), Comparison::AtLeast(n)) => v >= i64::from(*n),
                    (Some(v), cmp) => self.compare_read_in(run, v, cmp),
                    _ => false,
                }
            }
            PostMod::With(Filter::Keyword(k)) => self.keyword(i, keyword(*k)),
            PostMod::With(f) => !hidden && self.filter_more(source, me, i, f),
            PostMod::In(zones) => self.in_zones(me, i, zones),
            _ => false,
        }) && self.possessed(me, p, i)
    }

    /// Whether a condition holds now.
    pub(crate) fn condition(&self, run: &EffectRun, c: &Condition) -> bool {
        let me = run.controller;
        let cred = self.state.street_cred(me);
        match c {
            // Rule 5.11.4.2: null ☆ is less than any number.
            Condition::CredAtLeast { n, .. } => cred.is_some_and(|v| v >= *n),
            Condition::CredLessThan { n, .. } => cred.is_none_or(|v| v < *n),
            // Rule 5.11.4.1: null ☆ is neither even nor odd.
            Condition::CredParity { parity, .. } => cred.is_some_and(|v| match parity {
                Parity::Even => v % 2 == 0,
                Parity::Odd => v % 2 == 1,
            }),
            Condition::FixerAreaEmpty => !self
                .state
                .dice
                .iter()
                .any(|d| d.area == crate::state::DieArea::Fixer(me)),
            Condition::YouControl { what, .. } => match &what.node {
                Np::Phrase(p) if p.head.noun == Noun::ValuePair => self.has_value_pair(me),
                // A sided-pair: two friendly Gigs with as many sides (one of them stolen).
                Np::Phrase(p) if p.head.noun == Noun::SidedPair => {
                    let sides: Vec<u8> = self
                        .state
                        .gigs(me)
                        .map(|d| self.state.dice[d.0 as usize].sides)
                        .collect();
                    sides
                        .iter()
                        .enumerate()
                        .any(|(k, v)| sides[k + 1..].contains(v))
                }
                Np::Phrase(p) if super::conditions::is_gig_count(p) => self.controls_gigs(me, p),
                Np::Phrase(p) if p.head.noun == Noun::Gig => {
                    let max = p.post.iter().any(|x| matches!(x.node, PostMod::AtMaxValue))
                        || p.quality == Some(Quality::Max);
                    let min = p.quality == Some(Quality::Min);
                    self.state.dice.iter().any(|d| {
                        d.area == crate::state::DieArea::Gigs(me)
                            && (!min || d.value == 1)
                            && (!max || d.value == d.sides)
                    })
                }
                Np::Phrase(p) => self
                    .matching(run, p)
                    .iter()
                    .any(|&i| self.state.inst(i).is_some_and(|x| x.controller == me)),
                _ => self.zone_condition(run, c).unwrap_or(false),
            },
            _ => self
                .zone_condition(run, c)
                .unwrap_or_else(|| self.condition_more(run, c)),
        }
    }
}

/// The number of an action written with `up to` (`Draw up to 2`, rules 11.5.2.2 and
/// 11.7.2.1.2): the player's chosen number, once asked (`None`: it is asked now). Without
/// `up to`, the number itself.
fn up_to_number(run: &mut EffectRun, up_to: bool, most: u32) -> Option<u32> {
    if !up_to || most == 0 {
        return Some(most);
    }
    match run.delta {
        Some(k) => Some(k.max(0) as u32),
        None => {
            let most = most.min(i8::MAX as u32) as i8;
            run.ask = Some(Ask::Number((0..=most).collect()));
            None
        }
    }
}

fn count_of(np: &NounPhrase) -> u32 {
    match &np.node {
        Np::Count { count, .. } => *count,
        _ => 0,
    }
}

pub(crate) fn keyword(k: ast::KeywordName) -> gigscript_dsl::Keyword {
    match k {
        ast::KeywordName::Blocker => gigscript_dsl::Keyword::Blocker,
        ast::KeywordName::Quick => gigscript_dsl::Keyword::Quick,
        ast::KeywordName::GoSolo => gigscript_dsl::Keyword::GoSolo,
        ast::KeywordName::Adrenaline => gigscript_dsl::Keyword::Adrenaline,
    }
}
