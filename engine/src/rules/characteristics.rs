//! Computed characteristics: power (rule 3.17.2) and keywords, from printed facts, equipped
//! Gear and active persistent effects. Nothing here is stored; everything is recomputed.

use super::CardText;
use crate::game::Game;
use crate::state::{InstId, Modifier, Zone};
use gigscript_dsl::{CardType, Keyword};

impl Game {
    /// Rule 3.17.2: printed power + the power of equipped Gear (rules 3.17.3, 11.6.5) + active
    /// modifiers. A Gear's own power is its printed power (rule 3.17.3.2). May be negative
    /// (rule 2.10); comparisons use [`Game::eff_power`].
    pub(crate) fn power_of(&self, i: InstId) -> i32 {
        let Some(inst) = self.state.inst(i) else {
            return 0;
        };
        let facts = self.pool.facts(inst.card);
        let base = facts.power.unwrap_or(0);
        if facts.kind == CardType::Gear {
            return base;
        }
        // Rule 3.4.1: a face-down card's information is ignored.
        if inst.zone == Zone::Legends && !inst.face_up {
            return 0;
        }
        // Sums saturate: card facts are bounded at load (`MAX_POWER`), but effects add up and a
        // pool may be built from cards that skipped the load checks; power never wraps around.
        let gear = self
            .gear_on(i)
            .map(|g| {
                self.state
                    .inst(g)
                    .and_then(|gi| self.pool.facts(gi.card).power)
                    .unwrap_or(0)
            })
            .fold(0i32, i32::saturating_add);
        let mods = self
            .state
            .effects
            .iter()
            .filter(|e| e.target == i)
            .map(|e| match e.modifier {
                Modifier::Power(n) => n,
                _ => 0,
            })
            .fold(0i32, i32::saturating_add);
        let total = base.saturating_add(gear).saturating_add(mods);
        // Card text's statements (`+N power`, `double …`) apply to the power computed so far.
        self.text().power(self, i, total)
    }

    /// Power as used in comparisons: a negative value counts as 0 (rule 2.10.1).
    pub(crate) fn eff_power(&self, i: InstId) -> i32 {
        self.power_of(i).max(0)
    }

    /// Whether a card has a keyword: printed, or granted by a persistent effect.
    pub(crate) fn keyword(&self, i: InstId, k: Keyword) -> bool {
        let Some(inst) = self.state.inst(i) else {
            return false;
        };
        if inst.zone == Zone::Legends && !inst.face_up {
            return false;
        }
        self.pool.facts(inst.card).keywords.has(k)
            || self.has_modifier(i, Modifier::Keyword(k))
            // Rule 4.11: a Gear's keywords (its bottom textbox) belong to the card it equips.
            || (self.tables.kinds.gear_keywords
                && self
                    .gear_on(i)
                    .any(|g| self.state.inst(g).is_some_and(|x| self.pool.facts(x.card).keywords.has(k))))
            || self.text().has_keyword(self, i, k)
    }

    /// Whether an active persistent effect gives `i` this modifier.
    pub(crate) fn has_modifier(&self, i: InstId, m: Modifier) -> bool {
        self.state
            .effects
            .iter()
            .any(|e| e.target == i && e.modifier == m)
    }

    /// Rules 9.3.1, 11.3.1.1, 11.23.2, 11.25.1: a ready Unit in the field of the turn player
    /// that is not lagging, or has {Adrenaline}, or was played with {Go Solo} this turn.
    pub(crate) fn can_attack(&self, i: InstId) -> bool {
        let Some(inst) = self.state.inst(i) else {
            return false;
        };
        inst.zone == Zone::Field
            && inst.equipped_to.is_none()
            && inst.controller == self.state.turn_player
            && !inst.spent
            && !self.text().cant_attack(self, i)
            && self.lag_lets_attack(i)
    }

    /// The Lag part of [`Game::can_attack`]: card `i` is not lagging, or has {Adrenaline}, or
    /// was played with {Go Solo} this turn.
    pub(crate) fn lag_lets_attack(&self, i: InstId) -> bool {
        self.state.inst(i).is_some_and(|inst| {
            !inst.lag
                || self.keyword(i, Keyword::Adrenaline)
                || (inst.go_solo && inst.entered_turn == self.state.turn)
        })
    }
}
