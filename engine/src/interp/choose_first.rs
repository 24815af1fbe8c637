//! `Add a Gear from among them to your hand. If that Gear's cost equals …, you may play it for
//! free instead.`: an `instead` sentence whose condition reads the object the sentence it
//! replaces chooses. That object is chosen first (rule 10.3.3 reads the condition when the
//! replaced sentence would resolve, and the condition can only be read of a chosen card), then
//! the condition is checked, then `you may … instead` is asked; the replaced sentence, if it
//! still resolves, acts on the card already chosen.

use crate::game::Game;
use crate::state::legacy::EffectRun;
use gigscript_dsl::ast::{
    Action, Clause, Condition, Expr, Lead, NounPhrase, Np, Owner, Ref, Sentence, SentenceId,
    Spanned, Step,
};

impl Game {
    /// Before the current sentence's `instead` alternative is weighed: if the alternative's
    /// condition reads the card the current sentence's first step chooses (`that Gear's
    /// cost`), choose it now and bind it. `false`: waiting for that choice.
    pub(crate) fn choose_before_instead(
        &mut self,
        run: &mut EffectRun,
        sentences: &[Spanned<Sentence>],
    ) -> bool {
        let cur = u32::from(run.sentence);
        let Some(alt) = sentences.iter().skip(cur as usize + 1).find(|s| {
            matches!(&s.node.clause.node, Clause::Do { instead: Some(SentenceId(k)), .. } if *k == cur)
        }) else {
            return true;
        };
        let Some(Lead::If(c)) = alt.node.lead.as_ref().map(|l| &l.node) else {
            return true;
        };
        let read = condition_reads(&c.node);
        let Some(step) = sentences
            .get(cur as usize)
            .and_then(|s| match &s.node.clause.node {
                Clause::Do { steps, .. } => steps.first(),
                _ => None,
            })
        else {
            return true;
        };
        let Some((what, from)) = chosen_object(step) else {
            return true;
        };
        let Some(b) = what.binds else {
            return true;
        };
        if !read.contains(&b.0) || is_bound(run, b.0) {
            return true;
        }
        match self.zone_pick_for(run, what, from) {
            Some(list) => {
                run.bind(what, &list);
                true
            }
            None => false,
        }
    }
}

/// Whether binding `id` was set (possibly to no card) earlier in this effect.
pub(crate) fn is_bound(run: &EffectRun, id: u32) -> bool {
    run.bindings.iter().any(|x| x.id == id)
}

/// `Add a Gear from among them to your hand`: the object a step chooses, and where from.
fn chosen_object(step: &Step) -> Option<(&NounPhrase, Option<Ref>)> {
    match &step.action.node {
        Action::AddToHand { what, from } => Some((what, *from)),
        _ => None,
    }
}

/// The bindings whose numbers a condition reads (`that Gear's cost equals …`).
fn condition_reads(c: &Condition) -> Vec<u32> {
    match c {
        Condition::Equals(a, b) => [a, b]
            .iter()
            .filter_map(|e| match &e.node {
                Expr::Stat {
                    owner: Owner::Of(np),
                    ..
                } => match &np.node {
                    Np::Phrase(p) => match p.refers_to {
                        Some(Ref::Binding(b)) => Some(b.0),
                        _ => None,
                    },
                    Np::Pronoun {
                        refers_to: Ref::Binding(b),
                        ..
                    } => Some(b.0),
                    _ => None,
                },
                Expr::Stat {
                    owner: Owner::Its(Ref::Binding(b)) | Owner::Their(Ref::Binding(b)),
                    ..
                } => Some(b.0),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}
