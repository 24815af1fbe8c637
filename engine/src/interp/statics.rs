//! Static abilities of card text, consulted where characteristics are computed (rules 10.21,
//! 3.17.2): `This Unit can't attack.`, `<units> have +N power [while attacking] [for each
//! friendly Gig]`. A static holds while its card is in play, face-up. They are read, with the
//! statements effects make, in `statements.rs`.

use crate::game::Game;
use crate::state::{InstId, Zone};

impl Game {
    /// Power that statics in play (and statements of effects) give card `i`.
    pub(crate) fn static_power(&self, i: InstId) -> i32 {
        if !self.saying() || self.pool.broken() == Some(super::Broken::StaticPower) {
            return 0;
        }
        self.said_power(i)
    }

    /// Whether a static (or a statement of an effect) says card `i` can't attack.
    pub(crate) fn static_cant_attack(&self, i: InstId) -> bool {
        let Some(x) = self.state.inst(i) else {
            return false;
        };
        if x.zone != Zone::Field || !self.saying() {
            return false;
        }
        self.said_cant_attack(i)
    }
}
