//! Gig actions of card text that move or set dice: `swap` (rule 6.6) and `set` (rule 6.4.3).

use super::run::Stepped;
use crate::game::{Game, Stop};
use crate::rules::Action as Act;
use crate::state::legacy::{Ask, EffectRun};
use crate::state::{DieArea, DieId};
use gigscript_dsl::ast::{NounPhrase, Np, Phrase, SetValue};

impl Game {
    /// The Gigs in a Gig area that a Gig phrase describes (`a friendly Gig`, `a player's Gig`),
    /// other than `except`.
    fn gig_options(&self, run: &EffectRun, np: &NounPhrase, except: Option<DieId>) -> Vec<DieId> {
        let Np::Phrase(p) = &np.node else {
            return Vec::new();
        };
        let p: &Phrase = p;
        (0..self.state.dice.len())
            .map(|k| DieId(k as u8))
            .filter(|&d| Some(d) != except && self.gig_matches(run.controller, p, d))
            .collect()
    }

    /// Asks for a Gig of `options`, or gives the one chosen.
    fn ask_gig(run: &mut EffectRun, options: Vec<DieId>) -> Result<Option<DieId>, ()> {
        if options.is_empty() {
            return Err(());
        }
        run.ask = Some(Ask::Gig(options));
        Ok(None)
    }

    /// Rule 6.6: `Swap a friendly Gig with a rival Gig`: the player chooses one of each, and
    /// they change Gig areas at once with their values (rules 6.6.1, 6.6.2: not a steal).
    pub(super) fn swap_gigs(
        &mut self,
        run: &mut EffectRun,
        gig: &NounPhrase,
        with: &NounPhrase,
    ) -> Result<Stepped, Stop> {
        let Some(a) = run.gig else {
            return Ok(match Self::ask_gig(run, self.gig_options(run, gig, None)) {
                Ok(_) => Stepped::Wait,
                Err(()) => Stepped::Done(false),
            });
        };
        let Some(b) = run.gig2 else {
            return Ok(
                match Self::ask_gig(run, self.gig_options(run, with, Some(a))) {
                    Ok(_) => Stepped::Wait,
                    Err(()) => Stepped::Done(false),
                },
            );
        };
        let area = |d: DieId| self.state.dice.get(d.0 as usize).map(|x| x.area);
        match (area(a), area(b)) {
            (Some(DieArea::Gigs(p)), Some(DieArea::Gigs(q))) if p != q => {
                self.act(Act::Swap { a, b })?;
                Ok(Stepped::Done(true))
            }
            _ => Ok(Stepped::Done(false)),
        }
    }

    /// Rule 6.4.3: `Set a Gig to 1`, `Set a player's Gig to the same value as another player's
    /// Gig`, `set a Gig to the value of another Gig`: the player chooses the Gig (then the Gig
    /// whose value it takes); a value off its faces, or the one it has, fails (rules 6.4.4, 6.4.5).
    pub(super) fn set_gig(
        &mut self,
        run: &mut EffectRun,
        gig: &NounPhrase,
        to: &SetValue,
    ) -> Result<Stepped, Stop> {
        let Some(a) = run.gig else {
            let mut options = self.gig_options(run, gig, None);
            if let SetValue::SameValueAs(other) | SetValue::ValueOf(other) = to {
                // Only a Gig that has another Gig to take a value from.
                let others: Vec<DieId> = self.gig_options(run, other, None);
                options.retain(|&d| others.iter().any(|&o| self.other_gig_ok(other, d, o)));
            }
            return Ok(match Self::ask_gig(run, options) {
                Ok(_) => Stepped::Wait,
                Err(()) => Stepped::Done(false),
            });
        };
        let value = match to {
            SetValue::Number(n) => u8::try_from(*n).unwrap_or(u8::MAX),
            SetValue::SameValueAs(other) | SetValue::ValueOf(other) => {
                let Some(b) = run.gig2 else {
                    let options: Vec<DieId> = self
                        .gig_options(run, other, None)
                        .into_iter()
                        .filter(|&o| self.other_gig_ok(other, a, o))
                        .collect();
                    return Ok(match Self::ask_gig(run, options) {
                        Ok(_) => Stepped::Wait,
                        Err(()) => Stepped::Done(false),
                    });
                };
                match self.state.dice.get(b.0 as usize) {
                    Some(d) => d.value,
                    None => return Ok(Stepped::Done(false)),
                }
            }
        };
        let Some(d) = self.state.dice.get(a.0 as usize).copied() else {
            return Ok(Stepped::Done(false));
        };
        if value == 0 || value > d.sides || value == d.value {
            return Ok(Stepped::Done(false));
        }
        self.act(Act::Adjust { die: a, value })?;
        Ok(Stepped::Done(true))
    }

    /// Whether Gig `o` may be the `another Gig` / `another player's Gig` for Gig `a`: a
    /// different die and, for `another player's`, in the other player's Gig area.
    fn other_gig_ok(&self, other: &NounPhrase, a: DieId, o: DieId) -> bool {
        if a == o {
            return false;
        }
        let another_player =
            matches!(&other.node, Np::Phrase(p) if p.owner.is_some_and(|w| w.another));
        if !another_player {
            return true;
        }
        let area = |d: DieId| self.state.dice.get(d.0 as usize).map(|x| x.area);
        area(a) != area(o)
    }
}
