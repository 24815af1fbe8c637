//! Alternatives and replacements: `… instead` sentences chosen while an effect resolves
//! (`Defeat a rival Unit with power 2 or less. If …, defeat … with power 3 or less instead.`),
//! the rules that change how modes are chosen (`If …, choose both instead.`, `they instead
//! choose one effect for you`), and replacement effects of card text (rules 10.24–10.30).

use super::EffectRun;
use crate::decision::{Choice, Decision, DecisionKind};
use crate::game::Game;
use crate::state::{Frame, InstId, Zone};
use gigscript_dsl::ast::{
    Ability, Action, Clause, Effect, Lead, ModalHead, ModeChange, Noun, NounPhrase, Np, Phrase,
    Sentence, SentenceId, Spanned,
};
use gigscript_dsl::CardType;

/// What the sentence about to resolve becomes, given the later sentences that replace it.
pub(crate) enum Weighed {
    /// it resolves as written
    Keep,
    /// this later sentence resolves in its place
    Replace(u32),
    /// its controller chooses whether this later sentence resolves in its place (`you may … instead`)
    Ask(u32),
}

/// How the modes of a modal effect are chosen.
pub(crate) enum Modes {
    /// its controller (or the Rival, `they instead choose`) picks one
    One {
        /// the Rival picks it for them
        by_rival: bool,
    },
    /// every mode resolves, in order
    All,
}

impl Game {
    /// Rule 10.3.3 applied to `instead` (PHRASES hard cases 3.4, 3.5): before a sentence
    /// resolves, a later sentence of the same effect that replaces it is checked: if its
    /// condition holds, it resolves instead (asking first when it says `you may`).
    pub(crate) fn weigh_instead(
        &self,
        run: &EffectRun,
        sentences: &[Spanned<Sentence>],
    ) -> Weighed {
        let cur = u32::from(run.sentence);
        for (j, s) in sentences.iter().enumerate().skip(cur as usize + 1) {
            let Clause::Do {
                instead: Some(SentenceId(k)),
                optional,
                condition,
                ..
            } = &s.node.clause.node
            else {
                continue;
            };
            if *k != cur {
                continue;
            }
            let lead_ok = match s.node.lead.as_ref().map(|l| &l.node) {
                None => true,
                Some(Lead::If(c)) => self.condition(run, &c.node),
                Some(Lead::Then { condition }) => condition
                    .as_ref()
                    .is_none_or(|c| self.condition(run, &c.node)),
                Some(_) => false,
            };
            let ok = lead_ok
                && condition
                    .as_ref()
                    .is_none_or(|c| self.condition(run, &c.node));
            if !ok {
                return Weighed::Keep;
            }
            if *optional && self.pool.broken() == Some(super::Broken::May) {
                return Weighed::Keep; // a phrase broken by a test (`interp::mutant`)
            }
            return if *optional {
                Weighed::Ask(j as u32)
            } else {
                Weighed::Replace(j as u32)
            };
        }
        Weighed::Keep
    }

    /// The phrase a binding of the running ability was introduced by (`defeat 2 instead`
    /// counts the `rival Unit with power 4 or less` named before).
    pub(crate) fn bound_phrase(&self, run: &EffectRun, b: u32) -> Option<Phrase> {
        let card = self.state.inst(run.source)?.card;
        let pool = self.pool.clone();
        let ability = pool.ability(card, run.line)?;
        let effect = match &ability.node {
            Ability::Triggered { effect, .. }
            | Ability::Resolution { effect, .. }
            | Ability::Activated { effect, .. }
            | Ability::Static(effect) => effect,
            _ => return None,
        };
        let sentences: Vec<&Spanned<Sentence>> = match effect {
            Effect::Sentences(s) => s.iter().collect(),
            Effect::Modal { modes, .. } => modes.iter().flatten().collect(),
        };
        let found = |np: &NounPhrase| -> Option<Phrase> {
            match &np.node {
                Np::Phrase(p) if np.binds.map(|x| x.0) == Some(b) => Some((**p).clone()),
                _ => None,
            }
        };
        for s in sentences {
            let Clause::Do { steps, .. } = &s.node.clause.node else {
                continue;
            };
            for step in steps {
                let np = match &step.action.node {
                    Action::Defeat { what, .. }
                    | Action::Spend { what, .. }
                    | Action::Ready { what }
                    | Action::ReturnToOwnersHand { what }
                    | Action::BottomDeck { what, .. }
                    | Action::Give { target: what, .. } => what,
                    _ => continue,
                };
                if let Some(p) = found(np) {
                    return Some(p);
                }
            }
        }
        None
    }

    /// How the modes of a modal effect are chosen now (rule 10.3.3: its rule's condition is
    /// checked as it starts resolving).
    pub(crate) fn modes_now(&self, run: &EffectRun, effect: &Effect) -> Modes {
        let Effect::Modal { head, rule, .. } = effect else {
            return Modes::One { by_rival: false };
        };
        let applies = rule
            .as_ref()
            .is_some_and(|r| self.condition(run, &r.node.condition.node));
        let change = rule.as_ref().map(|r| r.node.change);
        match (&head.node, applies, change) {
            (ModalHead::ChooseOne, true, Some(ModeChange::ChooseBoth)) => Modes::All,
            (ModalHead::ChooseOne, true, Some(ModeChange::RivalChoosesOne { .. })) => {
                Modes::One { by_rival: true }
            }
            (ModalHead::ChooseOne, _, _) => Modes::One { by_rival: false },
            (ModalHead::GiveAll { .. }, true, Some(ModeChange::RivalChoosesOne { .. })) => {
                Modes::One { by_rival: true }
            }
            (ModalHead::GiveAll { .. }, true, Some(ModeChange::ChooseBoth)) => Modes::All,
            (ModalHead::GiveAll { .. }, _, _) => Modes::All,
        }
    }
}

/// A replacement effect of card text that could apply to defeating one card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Applicable {
    /// the card whose text it is
    pub source: InstId,
    /// its line
    pub line: u16,
    /// `you may`
    pub optional: bool,
    /// the card whose defeat it replaces
    pub affected: InstId,
}

impl Game {
    /// The replacement effects of the cards in play that could replace defeating `c` now
    /// (rules 10.24, 10.27), mandatory ones first (rule 10.28), each card in instance order.
    pub(crate) fn replacements_for(&self, c: InstId) -> Vec<Applicable> {
        let mut out = Vec::new();
        let pool = self.pool.clone();
        for (k, x) in self.state.instances.iter().enumerate() {
            if !pool.has_replacements(x.card) {
                continue;
            }
            let source = InstId(k as u16);
            // Rules 10.22.3, 4.11: a Legend's text works face-up in play; a Gear's bottom
            // textbox works while it is equipped.
            let active = match x.equipped_to {
                Some(_) => true,
                None => matches!(x.zone, Zone::Field | Zone::Legends) && x.face_up,
            };
            if !active {
                continue;
            }
            let top = pool.top_len(x.card);
            let Some(script) = pool.script(x.card) else {
                continue;
            };
            let abilities = script.lines();
            for (line, a) in abilities.enumerate() {
                let Ability::Replacement {
                    subject,
                    optional,
                    action,
                    ..
                } = &a.node
                else {
                    continue;
                };
                let is_gear = x.equipped_to.is_some() || pool.facts(x.card).kind == CardType::Gear;
                if is_gear && (line as u16) < top {
                    continue;
                }
                let run = EffectRun::new(source, x.controller, line as u16);
                let names = match &subject.node {
                    Np::Pronoun { refers_to, .. } => self.refer(&run, *refers_to).contains(&c),
                    Np::Phrase(p) => match p.refers_to {
                        Some(r) => self.refer(&run, r).contains(&c),
                        None => self.describes(source, x.controller, p, c),
                    },
                    _ => false,
                };
                // Rule 10.29.1: replacing a defeat with the same defeat changes nothing.
                if !names || source == c {
                    continue;
                }
                // Rule 10.27: a replacement that can't be performed does not apply.
                if !self.can_replace(&run, c, &action.node) {
                    continue;
                }
                out.push(Applicable {
                    source,
                    line: line as u16,
                    optional: *optional,
                    affected: c,
                });
            }
        }
        out.sort_by_key(|a| a.optional);
        out
    }

    /// Whether the action of a replacement can be done now (rule 10.27).
    fn can_replace(&self, run: &EffectRun, affected: InstId, a: &Action) -> bool {
        match a {
            Action::Defeat { what, when: None } => {
                !self.replaced_cards(run, affected, what).is_empty()
            }
            Action::PayTo { eddies, action } => {
                self.ready_eddies(run.controller).len() >= *eddies as usize
                    && self.can_replace(run, affected, &action.node)
            }
            _ => false,
        }
    }

    fn ready_eddies(&self, p: crate::state::PlayerId) -> Vec<InstId> {
        self.state
            .player(p)
            .eddies
            .iter()
            .copied()
            .filter(|&i| self.state.inst(i).is_some_and(|x| !x.spent))
            .collect()
    }

    /// The cards a replacement's `defeat …` names: `this Legend`, or `its "DEADMAN
    /// TRANSMITTER"` (the Gear of that name equipped to the card it refers to).
    fn replaced_cards(&self, run: &EffectRun, _affected: InstId, np: &NounPhrase) -> Vec<InstId> {
        let in_play = |i: &InstId| {
            self.state
                .inst(*i)
                .is_some_and(|x| matches!(x.zone, Zone::Field | Zone::Legends))
        };
        match &np.node {
            Np::Pronoun { refers_to, .. } => self
                .refer(run, *refers_to)
                .into_iter()
                .filter(in_play)
                .collect(),
            Np::Phrase(p) => {
                let Some(r) = p.refers_to else {
                    return Vec::new();
                };
                let cards = self.refer(run, r);
                match &p.head.noun {
                    // The Gear of that name equipped to it: the Gear carrying the text when it
                    // is one of them (two copies each defeat themselves), else the first.
                    Noun::Named(name) => {
                        let named: Vec<InstId> = cards
                            .iter()
                            .flat_map(|&h| self.gear_on(h))
                            .filter(|&g| {
                                self.state.inst(g).is_some_and(|x| {
                                    self.pool.name(x.card).eq_ignore_ascii_case(name)
                                })
                            })
                            .collect();
                        if named.contains(&run.source) {
                            vec![run.source]
                        } else {
                            named.into_iter().take(1).collect()
                        }
                    }
                    _ => cards.into_iter().filter(in_play).collect(),
                }
            }
            _ => Vec::new(),
        }
    }

    /// Rules 10.24–10.29 for `Defeat`: each card of the list whose defeat a replacement effect
    /// replaces is taken out of it, and the replacement's action is done instead (through the
    /// action pipeline, so other replacements may apply to it, rule 10.29). Mandatory ones
    /// apply before optional ones (10.28); an optional one applies only if its controller
    /// said so (10.26). Returns the cards still to defeat.
    pub(crate) fn replace_defeats(
        &mut self,
        list: Vec<InstId>,
    ) -> Result<Vec<InstId>, crate::game::Stop> {
        let mut rest = Vec::new();
        let mut todo = Vec::new();
        for &c in &list {
            let all = self.replacements_for(c);
            // The last answer counts: rule 10.28.2's choice takes back the other yeses.
            match self.chosen_replacement(&all, c) {
                Some(a) => todo.push(a),
                None => rest.push(c),
            }
        }
        self.state
            .replace_answers
            .retain(|(_, x, _)| !list.contains(x));
        for a in todo {
            self.apply_replacement(a)?;
        }
        Ok(rest)
    }

    fn apply_replacement(&mut self, a: Applicable) -> crate::game::Flow {
        let pool = self.pool.clone();
        let Some(card) = self.state.inst(a.source).map(|x| x.card) else {
            return Ok(());
        };
        let Some(Ability::Replacement { action, .. }) = pool.ability(card, a.line).map(|x| &x.node)
        else {
            return Ok(());
        };
        let controller = self.inst_ok(a.source)?.controller;
        let run = EffectRun::new(a.source, controller, a.line);
        self.emit(crate::log::Event::Replaced {
            source: a.source,
            affected: a.affected,
        })?;
        let mut act = &action.node;
        if let Action::PayTo { eddies, action } = act {
            for e in self
                .ready_eddies(controller)
                .into_iter()
                .take(*eddies as usize)
            {
                self.act(crate::rules::Action::Spend(e))?;
            }
            act = &action.node;
        }
        if let Action::Defeat { what, .. } = act {
            let cards = self.replaced_cards(&run, a.affected, what);
            if !cards.is_empty() {
                self.act(crate::rules::Action::Defeat(cards))?;
            }
        }
        Ok(())
    }

    /// The next optional replacement effect whose controller must say whether it applies
    /// before `list` is defeated (rule 10.26), as a frame asking them.
    pub(crate) fn replacement_question(&self, list: &[InstId]) -> Option<Frame> {
        if !self.kinds.replacements {
            return None;
        }
        self.question_in_chain(list, &mut Vec::new())
    }

    /// [`Self::replacement_question`] for the defeats of `list`, which replace defeats by the
    /// replacements of `chain` (none for the first ones): once the replacement that applies to
    /// a card is known, the defeat it puts in its place is asked about in turn (rule 10.29),
    /// without the replacements already applied in the chain (rule 10.29.1).
    fn question_in_chain(&self, list: &[InstId], chain: &mut Vec<Applicable>) -> Option<Frame> {
        if chain.len() > 16 {
            return None;
        }
        for &c in list {
            let mut all = self.replacements_for(c);
            all.retain(|a| {
                // Rule 10.27: the Eddies the replacements before it in the chain spend are
                // not there to pay for it.
                let controller = self.state.inst(a.source).map(|x| x.controller);
                let reserved: usize = chain
                    .iter()
                    .filter(|b| self.state.inst(b.source).map(|x| x.controller) == controller)
                    .map(|b| self.replacement_eddies(*b))
                    .sum();
                let needed = self.replacement_eddies(*a);
                !chain.iter().any(|b| b.source == a.source)
                    && (needed == 0
                        || controller
                            .is_some_and(|p| self.ready_eddies(p).len() >= reserved + needed))
            });
            // A mandatory replacement applies first (rule 10.28); the card is no longer
            // defeated, so no optional one is asked about. Of several mandatory ones, the
            // controller of the affected card chooses (rule 10.28.1).
            let mandatory: Vec<InstId> = all
                .iter()
                .filter(|a| !a.optional)
                .map(|a| a.source)
                .collect();
            if mandatory.len() > 1 {
                let chosen = self
                    .state
                    .replace_answers
                    .iter()
                    .any(|&(s, x, yes)| x == c && yes && mandatory.contains(&s));
                if !chosen {
                    return Some(Frame::ReplaceChoose {
                        affected: c,
                        options: mandatory,
                    });
                }
            }
            if !mandatory.is_empty() {
                if let Some(f) = self.question_after(&all, c, chain) {
                    return Some(f);
                }
                continue;
            }
            for a in &all {
                let answered = self
                    .state
                    .replace_answers
                    .iter()
                    .any(|&(s, x, _)| s == a.source && x == c);
                if !answered {
                    return Some(Frame::Replace {
                        source: a.source,
                        affected: c,
                    });
                }
            }
            // Rule 10.28.2: of several optional ones chosen to apply, the controller of the
            // affected card chooses which one applies.
            let yes: Vec<InstId> = all
                .iter()
                .filter(|a| self.said_yes(a.source, c))
                .map(|a| a.source)
                .collect();
            if yes.len() > 1 {
                return Some(Frame::ReplaceChoose {
                    affected: c,
                    options: yes,
                });
            }
            if let Some(f) = self.question_after(&all, c, chain) {
                return Some(f);
            }
        }
        None
    }

    /// The next question about the defeat that the replacement applying to `c` puts in its
    /// place (rule 10.29).
    fn question_after(
        &self,
        all: &[Applicable],
        c: InstId,
        chain: &mut Vec<Applicable>,
    ) -> Option<Frame> {
        let a = self.chosen_replacement(all, c)?;
        let next = self.replacement_defeats(a);
        chain.push(a);
        let f = self.question_in_chain(&next, chain);
        chain.pop();
        f
    }

    /// Of the replacements that could apply to defeating `c`, the one that does: the mandatory
    /// one chosen by the affected card's controller, else the first mandatory one (rule
    /// 10.28.1); else an optional one its controller said yes to (rule 10.26).
    fn chosen_replacement(&self, all: &[Applicable], c: InstId) -> Option<Applicable> {
        let said = |a: &Applicable| self.said_yes(a.source, c);
        all.iter()
            .find(|a| !a.optional && said(a))
            .or_else(|| all.iter().find(|a| !a.optional))
            .or_else(|| all.iter().find(|a| said(a)))
            .copied()
    }

    /// The Eddies replacement `a` spends (`you may spend 1 €$ to …`).
    fn replacement_eddies(&self, a: Applicable) -> usize {
        let Some(card) = self.state.inst(a.source).map(|x| x.card) else {
            return 0;
        };
        match self.pool.ability(card, a.line).map(|x| &x.node) {
            Some(Ability::Replacement { action, .. }) => match &action.node {
                Action::PayTo { eddies, .. } => *eddies as usize,
                _ => 0,
            },
            _ => 0,
        }
    }

    /// The cards the action of replacement `a` defeats.
    fn replacement_defeats(&self, a: Applicable) -> Vec<InstId> {
        let Some(card) = self.state.inst(a.source).map(|x| x.card) else {
            return Vec::new();
        };
        let Some(Ability::Replacement { action, .. }) =
            self.pool.ability(card, a.line).map(|x| &x.node)
        else {
            return Vec::new();
        };
        let Some(controller) = self.state.inst(a.source).map(|x| x.controller) else {
            return Vec::new();
        };
        let run = EffectRun::new(a.source, controller, a.line);
        let mut act = &action.node;
        if let Action::PayTo { action, .. } = act {
            act = &action.node;
        }
        match act {
            Action::Defeat { what, .. } => self.replaced_cards(&run, a.affected, what),
            _ => Vec::new(),
        }
    }

    /// Whether the last answer about replacement `source` for card `c` was yes.
    fn said_yes(&self, source: InstId, c: InstId) -> bool {
        self.state
            .replace_answers
            .iter()
            .rev()
            .find(|&&(s, x, _)| s == source && x == c)
            .is_some_and(|&(_, _, yes)| yes)
    }

    /// The question of a [`Frame::Replace`]: yes or no, to the replacement's controller.
    pub(crate) fn replace_decision(&self, source: InstId) -> Option<Decision> {
        let player = self.state.inst(source)?.controller;
        Some(Decision {
            player,
            prompt: DecisionKind::Replace,
            options: vec![Choice::Yes, Choice::No],
        })
    }

    /// Records the answer and goes back to the action.
    pub(crate) fn replace_choice(
        &mut self,
        source: InstId,
        affected: InstId,
        choice: Choice,
    ) -> crate::game::Flow {
        let yes = match choice {
            Choice::Yes => true,
            Choice::No => false,
            _ => {
                return Err(crate::error::EngineError::Bug("an answer to another question").into())
            }
        };
        // Rule 10.26: each optional replacement's controller is asked; if several say yes,
        // rule 10.28.2 lets the affected card's controller choose among them.
        self.state.replace_answers.push((source, affected, yes));
        self.state.frames.pop();
        Ok(())
    }

    /// `Give a friendly Unit these effects.`: chooses and binds the Unit the modes are about.
    /// Returns whether the modes may start: false while the Unit is asked for, or when there
    /// is none (rule 10.7: nothing to give the effects to).
    pub(crate) fn modal_target(&mut self, run: &mut EffectRun, head: &ModalHead) -> bool {
        let ModalHead::GiveAll { target } = head else {
            return true;
        };
        let id = target.binds.map(|b| b.0);
        if run.bindings.iter().any(|b| Some(b.id) == id) {
            return true;
        }
        let sel = self.select(run, target);
        match self.pick(run, sel) {
            None => false,
            Some(list) => {
                run.bind(target, &list);
                !list.is_empty()
            }
        }
    }

    /// The question of a [`Frame::ReplaceChoose`]: which one, to the controller of the card.
    pub(crate) fn replace_choose_decision(
        &self,
        affected: InstId,
        options: &[InstId],
    ) -> Option<Decision> {
        let player = self.state.inst(affected)?.controller;
        Some(Decision {
            player,
            prompt: DecisionKind::Replace,
            options: options.iter().map(|&i| Choice::Card(i)).collect(),
        })
    }

    /// Records which mandatory replacement applies and goes back to the action.
    pub(crate) fn replace_chosen(&mut self, affected: InstId, choice: Choice) -> crate::game::Flow {
        let Choice::Card(source) = choice else {
            return Err(crate::error::EngineError::Bug("an answer to another question").into());
        };
        // The others offered are not applied (rules 10.28.1, 10.28.2).
        if let Some(Frame::ReplaceChoose { options, .. }) = self.state.frames.last() {
            let others: Vec<InstId> = options.iter().copied().filter(|&o| o != source).collect();
            for o in others {
                self.state.replace_answers.push((o, affected, false));
            }
        }
        self.state.replace_answers.push((source, affected, true));
        self.state.frames.pop();
        Ok(())
    }
}
