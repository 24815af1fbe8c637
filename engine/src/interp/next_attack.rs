//! Statements lasting until a Unit's next attack: `The next time this Unit attacks this turn, it
//! may attack ready Units.` A permission to attack must hold when the attack is declared (rule
//! 9.3.2), so it is not a delayed trigger (rule 10.17) but a statement (rule 10.22) made when the
//! effect resolves, about that Unit, that ends when that Unit's next attack ends (rule 9.29) or
//! at the end of the turn (rule 8.16.2).

use crate::game::{Game, Stop};
use crate::state::legacy::EffectRun;
use crate::state::Duration;
use gigscript_dsl::ast::{Clause, Event, NounPhrase, Np, Predicate, Ref, Spanned};

/// The reference a noun phrase makes (`this Unit` → the chosen Unit, `it`).
fn reference(np: &NounPhrase) -> Option<Ref> {
    match &np.node {
        Np::Pronoun { refers_to, .. } => Some(*refers_to),
        Np::Phrase(p) => p.refers_to,
        _ => None,
    }
}

/// Whether `The next time X attacks this turn, X may attack …` (the same Unit twice, a
/// permission to attack) is the shape of a delayed sentence.
pub(crate) fn is_until_next_attack(event: &Spanned<Event>, then: &Spanned<Clause>) -> bool {
    let Event::Attacks(attacker) = &event.node else {
        return false;
    };
    let Clause::State { subject, predicate } = &then.node else {
        return false;
    };
    let same = reference(attacker).is_some() && reference(attacker) == reference(subject);
    same && matches!(predicate.node, Predicate::MayAttack { .. })
}

impl Game {
    /// Makes the statement of `The next time this Unit attacks this turn, it may attack …` about
    /// the Unit referred to; returns whether one was made (the Unit is still in play).
    pub(crate) fn until_next_attack(
        &mut self,
        run: &mut EffectRun,
        then: &Spanned<Clause>,
    ) -> Result<bool, Stop> {
        let Clause::State { subject, .. } = &then.node else {
            return Ok(false);
        };
        let Some(r) = reference(subject) else {
            return Ok(false);
        };
        let mut done = false;
        for i in self.refer(run, r) {
            if self.in_play(i) {
                self.push_statement(run, Some(i), Duration::UntilAttackEnds(i))?;
                done = true;
            }
        }
        Ok(done)
    }
}
