//! Numbers read from the game. A number may stand for several values (`the value of a friendly
//! Gig`: one per friendly Gig, FAQ §12.9): a comparison holds when one of them makes it true,
//! and where one amount is needed the first is used. Arithmetic on numbers from card text
//! saturates, never wraps.

use super::select::{self, objects, stat, target, Thing};
use super::Cx;
use crate::game::Game;
use crate::state::Obj;
use gigscript_dsl::prim::{Cmp, Num, Stat};
use smallvec::{smallvec, SmallVec};

/// The values of a number: most numbers stand for one, kept without an allocation.
pub(crate) type Vals = SmallVec<[i64; 2]>;

/// Most values a number stands for (arithmetic on two of them combines every pair).
const MAX_VALUES: usize = 64;

/// The values a number stands for now.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Nums {
    /// the values, in the order their objects are listed
    pub vals: Vals,
    /// the null ☆ (rule 5.11.4): no value, and less than any number
    pub null: bool,
}

impl Nums {
    fn one(v: i64) -> Nums {
        Nums {
            vals: smallvec![v],
            null: false,
        }
    }

    /// The first value, if any.
    pub fn first(&self) -> Option<i64> {
        self.vals.first().copied()
    }
}

/// Whether two numbers compare (rules 5.11.4.1, 5.11.4.2: the null ☆ is less than any number
/// and equal to none; values of several objects: one of them).
pub(crate) fn compare(a: &Nums, cmp: Cmp, b: &Nums) -> bool {
    match (a.null, b.null) {
        (true, true) => false,
        (true, false) => !b.vals.is_empty() && matches!(cmp, Cmp::Lt | Cmp::Le | Cmp::Ne),
        (false, true) => !a.vals.is_empty() && matches!(cmp, Cmp::Gt | Cmp::Ge | Cmp::Ne),
        (false, false) => a
            .vals
            .iter()
            .any(|&x| b.vals.iter().any(|&y| select::compare(x, cmp, y))),
    }
}

/// The values of `stat` of the objects of `objs`, skipping those without one.
fn values(g: &Game, cx: &Cx, objs: &[Obj], s: Stat) -> Vals {
    objs.iter()
        .filter_map(|&o| stat(g, cx, Thing::Now(o), s))
        .collect()
}

/// Every pair of values combined by `f`, saturating.
fn combine(a: Nums, b: Nums, f: impl Fn(i64, i64) -> i64) -> Nums {
    let mut vals = Vals::new();
    'out: for &x in &a.vals {
        for &y in &b.vals {
            if vals.len() >= MAX_VALUES {
                break 'out;
            }
            vals.push(f(x, y));
        }
    }
    Nums { vals, null: false }
}

/// The values number `n` stands for now, read in `cx`.
pub(crate) fn nums(g: &Game, cx: &Cx, n: &Num) -> Nums {
    match n {
        Num::Lit(v) => Nums::one(*v),
        Num::Count(sel) => Nums::one(objects(g, cx, sel).len() as i64),
        Num::Stat { of, stat: s } => Nums {
            vals: values(g, cx, &target(g, cx, of), *s),
            null: false,
        },
        Num::Values { of, stat: s } => Nums {
            vals: values(g, cx, &objects(g, cx, of), *s),
            null: false,
        },
        Num::Cred(who) => match select::player(g, cx, who).and_then(|p| g.state.street_cred(p)) {
            Some(v) => Nums::one(i64::from(v)),
            None => Nums {
                vals: Vals::new(),
                null: true,
            },
        },
        // Rule 6.5.1: each object is in one pair at a time.
        Num::Pairs { of, stat: s } => {
            let mut vals = values(g, cx, &objects(g, cx, of), *s);
            vals.sort_unstable();
            let mut pairs = 0;
            let mut k = 0;
            while k + 1 < vals.len() {
                if vals[k] == vals[k + 1] {
                    pairs += 1;
                    k += 2;
                } else {
                    k += 1;
                }
            }
            Nums::one(pairs)
        }
        Num::Distinct { of, stat: s } => {
            let mut vals = values(g, cx, &objects(g, cx, of), *s);
            vals.sort_unstable();
            vals.dedup();
            Nums::one(vals.len() as i64)
        }
        Num::Add(a, b) => combine(nums(g, cx, a), nums(g, cx, b), i64::saturating_add),
        Num::Mul(a, b) => combine(nums(g, cx, a), nums(g, cx, b), i64::saturating_mul),
        Num::Neg(a) => {
            let a = nums(g, cx, a);
            Nums {
                vals: a.vals.iter().map(|v| v.saturating_neg()).collect(),
                null: false,
            }
        }
        // A null ☆ reads as the least number there is (0) against one that is not; two null
        // ☆ don't differ (rule 5.11.4).
        Num::Diff(a, b) => {
            let (a, b) = (nums(g, cx, a), nums(g, cx, b));
            if a.null && b.null {
                return Nums::default();
            }
            let z = |x: Nums| match x.null {
                true => Nums::one(0),
                false => x,
            };
            combine(z(a), z(b), |x, y| x.saturating_sub(y).saturating_abs())
        }
        Num::Discarded => Nums::one(i64::from(cx.discarded)),
    }
}

/// The one amount a number gives where one is needed (the first of its values; 0 for none),
/// as a count from 0 to `most`.
pub(crate) fn amount(g: &Game, cx: &Cx, n: &Num, most: i64) -> i64 {
    nums(g, cx, n).first().unwrap_or(0).clamp(0, most)
}
