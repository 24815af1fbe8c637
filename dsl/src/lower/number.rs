//! Numbers and comparisons: `2`, `this Unit's power`, `the value of a friendly d20`, `the number
//! of friendly Units`, `your ☆`, `4 or less`, `equal to …`.

use super::effect::Builder;
use super::np::{names, noun, reference, stat_of, Names};
use crate::prim::{Cmp, Num, Parity, Stat, Target, Who};
use crate::source::Span;
use crate::syntax::tree::{
    self as t, Comparison, LessMore, Noun, NounPhrase, Np, Number, Postmod, PremodWord, ThanWord,
};

impl Builder<'_, '_> {
    /// A number.
    pub(crate) fn number(&mut self, n: &Number, span: Span) -> Num {
        match n {
            Number::Lit(n) => Num::Lit(i64::from(*n)),
            Number::Np(np) => self.number_np(np, span),
        }
    }

    /// A noun phrase that stands for a number.
    pub(crate) fn number_np(&mut self, np: &NounPhrase, span: Span) -> Num {
        let Np::Phrase(p) = &np.node else {
            // `it` standing for a Gig: its value
            if let Some(r) = reference(np) {
                return Num::Stat {
                    of: self.refer(r),
                    stat: Stat::Value,
                };
            }
            self.cx.error(span, "this is no number");
            return Num::Lit(0);
        };
        let of = p.postmods.iter().find_map(|m| match &m.node {
            Postmod::Of(o) => Some(o.clone()),
            _ => None,
        });
        match noun(p) {
            // `☆`, `your ☆`, `a Rival's ☆`
            Some(Noun::Cred) => {
                let who = match p.possessor.as_deref() {
                    Some(o) => self.who(o),
                    None => Who::You,
                };
                Num::Cred(who)
            }
            // `the number of friendly Units`, `the total number of discarded cards`
            Some(Noun::Number) => match of {
                Some(o) => {
                    if let Np::Phrase(q) = &o.node {
                        if q.premods
                            .iter()
                            .any(|m| super::np::has_word(m, &PremodWord::Discarded))
                        {
                            return Num::Discarded;
                        }
                    }
                    Num::Count(Box::new(self.all_of(&o)))
                }
                None => {
                    self.cx.error(span, "`the number` needs `of …`");
                    Num::Lit(0)
                }
            },
            // `this Unit's power`, `its cost`, `the value of a friendly d20`, `any friendly Gig values`
            Some(n) if n.is_number() => {
                let Some(stat) = stat_of(n) else {
                    self.cx
                        .error(span, "this number is not one a card or Gig has");
                    return Num::Lit(0);
                };
                if *n == Noun::GigValue {
                    // `any friendly Gig values`: the values of the Gigs the phrase describes
                    let mut q = (**p).clone();
                    for h in &mut q.heads {
                        h.head.node.noun = Noun::Gig;
                    }
                    let np = NounPhrase {
                        node: Np::Phrase(Box::new(q)),
                        binds: None,
                        reminder: None,
                        span: np.span,
                    };
                    return Num::Values {
                        of: Box::new(self.all_of(&np)),
                        stat,
                    };
                }
                let whose = p.possessor.as_deref().cloned().or(of);
                match whose {
                    Some(o) => self.stat_of_np(&o, stat),
                    None => {
                        match p.refers_to {
                            Some(r) => Num::Stat {
                                of: self.refer(r),
                                stat,
                            },
                            None => {
                                self.cx.error(span, "whose number is this? (`this Unit's power`, `the value of a Gig`)");
                                Num::Lit(0)
                            }
                        }
                    }
                }
            }
            // `a friendly max Gig`: a Gig standing for its value
            Some(Noun::Gig | Noun::Die(_)) => self.stat_of_np(np, Stat::Value),
            _ => {
                self.cx.error(span, "this is no number");
                Num::Lit(0)
            }
        }
    }

    /// The stat of what a noun phrase names: one object's, or the values of all it describes.
    fn stat_of_np(&mut self, np: &NounPhrase, stat: Stat) -> Num {
        match reference(np) {
            Some(r) => Num::Stat {
                of: self.owner_ref(r),
                stat,
            },
            None => match names(self, np) {
                Names::Cards | Names::Gigs => Num::Values {
                    of: Box::new(self.all_of(np)),
                    stat,
                },
                _ => {
                    self.cx.error(np.span, "this has no such number");
                    Num::Lit(0)
                }
            },
        }
    }

    /// `its`, `their`: the statement's subject when it names the binding the statement is about
    /// (`rival Units … their power`), otherwise what the reference names.
    pub(crate) fn owner_ref(&mut self, r: t::Ref) -> Target {
        match r {
            t::Ref::Binding(b) if Some(b) == self.subject => Target::Subject,
            r => self.refer(r),
        }
    }

    /// A comparison with a number.
    pub(crate) fn comparison(&mut self, c: &Comparison, span: Span) -> (Cmp, Num) {
        let lit = |n: u32| Num::Lit(i64::from(n));
        match c {
            Comparison::Is(n) => (Cmp::Eq, lit(*n)),
            Comparison::OrLess(n) | Comparison::OrFewer(n) => (Cmp::Le, lit(*n)),
            Comparison::OrMore(n) | Comparison::Plus(n) => (Cmp::Ge, lit(*n)),
            Comparison::EqualTo { or, to } => {
                let n = self.number(to, span);
                match or {
                    None => (Cmp::Eq, n),
                    Some(LessMore::Less) => (Cmp::Le, n),
                    Some(LessMore::More) => (Cmp::Ge, n),
                }
            }
            Comparison::Than { word, than } => {
                let n = self.number(than, span);
                match word {
                    ThanWord::Less | ThanWord::Lower | ThanWord::Fewer => (Cmp::Lt, n),
                    ThanWord::More | ThanWord::Higher | ThanWord::Greater => (Cmp::Gt, n),
                }
            }
            Comparison::Parity { .. } => {
                self.cx.error(
                    span,
                    "`an even number` is said of a number: `your ☆ is an even number`",
                );
                (Cmp::Eq, lit(0))
            }
        }
    }

    /// A comparison said of a number: `is 3 or more`, `is an even number`, `equals …`.
    pub(crate) fn compare(&mut self, left: Num, c: &Comparison, span: Span) -> crate::prim::Cond {
        match c {
            Comparison::Parity { even } => {
                crate::prim::Cond::Parity(left, if *even { Parity::Even } else { Parity::Odd })
            }
            c => {
                let (cmp, right) = self.comparison(c, span);
                crate::prim::Cond::Cmp { left, cmp, right }
            }
        }
    }
}
