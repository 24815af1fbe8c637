//! Alternatives and replacements: `… instead` sentences chosen while an effect resolves
//! (`Defeat a rival Unit with power 2 or less. If …, defeat … with power 3 or less instead.`),
//! the rules that change how modes are chosen (`If …, choose both instead.`, `they instead
//! choose one effect for you`), and replacement effects of card text (rules 10.24–10.30).

use super::EffectRun;
use crate::game::Game;
use gigscript_dsl::ast::{
    Ability, Action, Clause, Effect, Lead, ModalHead, ModeChange, NounPhrase, Np, Phrase,
    Sentence, SentenceId, Spanned,
};

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
    pub(crate) fn weigh_instead(&self, run: &EffectRun, sentences: &[Spanned<Sentence>]) -> Weighed {
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
