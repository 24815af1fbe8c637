//! Conditions: facts about the game, read when the operation or statement that has them is
//! reached (rule 10.3.3).

use super::number::{compare, nums};
use super::select::{objects, players, pred, target, Thing};
use super::{event, Cx};
use crate::game::Game;
use crate::state::{Frame, Obj, Target as AttackTarget, Val};
use gigscript_dsl::prim::{Cond, Parity};

/// Whether condition `c` holds now, read in `cx`.
pub(crate) fn holds(g: &Game, cx: &Cx, c: &Cond) -> bool {
    match c {
        Cond::True => true,
        Cond::Not(x) => !holds(g, cx, x),
        Cond::All(xs) => xs.iter().all(|x| holds(g, cx, x)),
        Cond::Any(xs) => xs.iter().any(|x| holds(g, cx, x)),
        Cond::Cmp { left, cmp, right } => compare(&nums(g, cx, left), *cmp, &nums(g, cx, right)),
        // The null ☆ is neither even nor odd (rule 5.11.4.1), nor is 0 (FAQ §12.9).
        Cond::Parity(n, p) => nums(g, cx, n).vals.iter().any(|&v| match p {
            Parity::Even => v != 0 && v % 2 == 0,
            Parity::Odd => v % 2 != 0,
        }),
        Cond::Every(sel, p) => objects(g, cx, sel)
            .into_iter()
            .all(|o| pred(g, cx, p, Thing::Now(o))),
        Cond::Is(t, p) => target(g, cx, t)
            .into_iter()
            .any(|o| pred(g, cx, p, Thing::Now(o))),
        Cond::Did(s) => {
            let k = usize::from(s.0);
            cx.did
                .get(k / 64)
                .is_some_and(|w| w & (1u64 << (k % 64)) != 0)
        }
        Cond::TurnOf(who) => players(g, cx, who).contains(&g.state.turn_player),
        Cond::Chose { slot, choice } => {
            matches!(cx.slots.get(usize::from(slot.0)), Some(Val::Choice(k)) if k == choice)
        }
        Cond::HappenedThisTurn(p) => event::happened_this_turn(g, cx, p),
        // The fight of the attack in progress, won by one of `who` against what `against`
        // describes (`{Attack} If this Unit wins a fight against a rival Unit`).
        Cond::WinsFight { who, against } => {
            let who = target(g, cx, who);
            g.state.frames.iter().any(|f| match f {
                Frame::Attack(a) => {
                    let AttackTarget::Unit(def) = a.target else {
                        return false;
                    };
                    a.losers == 2
                        && who.contains(&Obj::Card(a.attacker))
                        && pred(g, cx, against, Thing::Now(Obj::Card(def)))
                }
                _ => false,
            })
        }
    }
}
