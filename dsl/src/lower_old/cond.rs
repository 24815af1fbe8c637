//! Conditions and numbers read from the game.

use super::effect::Builder;
use super::np::{and, parity_of, refer, reference, stat_of};
use crate::ast::{self, Complement, Condition, Expr, NounPhrase, Np, Owner, PostMod, Quantity};
use crate::prim::{
    Cmp, Cond, Count, EventBinds, EventKind, EventPattern, Num, Pred, Rel, Scope, Selector, Stat,
    Target, Who,
};
use crate::source::Span;

impl Builder<'_, '_> {
    /// A condition.
    pub(crate) fn condition(&mut self, c: &Condition, _span: Span) -> Cond {
        let you = Num::Cred(Who::You);
        match c {
            Condition::CredAtLeast { n, .. } => cmp(you, Cmp::Ge, lit(*n)),
            Condition::CredLessThan { n, .. } => cmp(you, Cmp::Lt, lit(*n)),
            Condition::CredComparedTo { more, than, .. } => {
                let them = self.who(than);
                if let Some(b) = than.binds {
                    self.player_of.insert(b.0, them.clone());
                }
                cmp(you, if *more { Cmp::Gt } else { Cmp::Lt }, Num::Cred(them))
            }
            Condition::CredParity { parity, .. } => Cond::Parity(you, parity_of(*parity)),
            Condition::CredDiffers {
                from, by_at_least, ..
            } => {
                let them = self.who(from);
                cmp(
                    Num::Diff(Box::new(you), Box::new(Num::Cred(them))),
                    Cmp::Ge,
                    lit(*by_at_least),
                )
            }
            Condition::FixerAreaEmpty => cmp(
                Num::Count(Box::new(Selector {
                    scope: Scope::Fixer(Who::You),
                    filter: Pred::True,
                    count: Count::All,
                    best: None,
                })),
                Cmp::Eq,
                lit(0),
            ),
            Condition::YouControl { what, .. } => self.you_control(what),
            Condition::YouDid(a) => self.chose(&a.node, a.span),
            Condition::YouPlayed { what, .. } => {
                self.note(what);
                let object = self.pred(what);
                Cond::HappenedThisTurn(Box::new(EventPattern {
                    kinds: vec![EventKind::Play],
                    actor: and(vec![Pred::Player, Pred::Rel(Rel::Friendly)]),
                    object,
                    other: Pred::True,
                    margin: None,
                    per_event: false,
                    would: false,
                    binds: EventBinds::default(),
                }))
            }
            Condition::ControlsMoreGigs { who, at_least } => {
                let them = self.who(who);
                if let Some(b) = who.binds {
                    self.player_of.insert(b.0, them.clone());
                }
                let theirs = gig_count(Pred::ControlledBy(them));
                let mine = gig_count(Pred::Rel(Rel::Friendly));
                match at_least {
                    Some(n) => cmp(theirs, Cmp::Ge, Num::Add(Box::new(mine), Box::new(lit(*n)))),
                    None => cmp(theirs, Cmp::Gt, mine),
                }
            }
            Condition::Is {
                subject,
                complement,
                or_has,
                ..
            } => {
                self.note(subject);
                let mut p = self.complement(complement);
                if let Some(k) = or_has {
                    p = Pred::Any(vec![p, Pred::Keyword(super::keyword_of(*k))]);
                }
                match reference(subject) {
                    Some(r) => Cond::Is(refer(self, r), p),
                    None => {
                        // `If a friendly d4 is a min Gig`: there is one.
                        let mut sel = self.all_of(subject);
                        sel.filter = and(vec![sel.filter, p]);
                        cmp(Num::Count(Box::new(sel)), Cmp::Ge, lit(1))
                    }
                }
            }
            Condition::Equals(a, b) => {
                let a = self.number(&a.node, a.span);
                let b = self.number(&b.node, b.span);
                cmp(a, Cmp::Eq, b)
            }
            Condition::NumberParity(e, p) => {
                Cond::Parity(self.number(&e.node, e.span), parity_of(*p))
            }
            Condition::HasSameValue { subject, as_ } => {
                self.note(subject);
                let other = refer(self, *as_);
                let mut sel = self.all_of(subject);
                sel.filter = and(vec![
                    sel.filter,
                    Pred::Not(Box::new(Pred::Is(other.clone()))),
                    Pred::Stat {
                        stat: Stat::Value,
                        cmp: Cmp::Eq,
                        to: Num::Stat {
                            of: other,
                            stat: Stat::Value,
                        },
                    },
                ]);
                cmp(Num::Count(Box::new(sel)), Cmp::Ge, lit(1))
            }
            Condition::WinsAFightAgainst { subject, against } => {
                let who = self.fixed(subject);
                let against = self.pred(against);
                Cond::WinsFight { who, against }
            }
        }
    }

    /// `you control …`, `you have …`.
    fn you_control(&mut self, what: &NounPhrase) -> Cond {
        self.note(what);
        match &what.node {
            Np::And(a, b) => Cond::All(vec![self.you_control(a), self.you_control(b)]),
            Np::Phrase(p) if p.head.noun == ast::Noun::ValuePair => {
                cmp(self.count(what), Cmp::Ge, lit(1))
            }
            Np::Phrase(p) if p.head.noun == ast::Noun::SidedPair => {
                cmp(self.count(what), Cmp::Ge, lit(1))
            }
            Np::Phrase(p) => {
                let n = match p.quantity {
                    Quantity::AtLeast(n) | Quantity::Exactly(n) => n,
                    _ => 1,
                };
                let different = p
                    .post
                    .iter()
                    .any(|m| matches!(m.node, PostMod::With(ast::Filter::DifferentValues)));
                self.distinct = different;
                let mut sel = self.selector(what, Count::All);
                self.distinct = false;
                sel.count = Count::All;
                sel.filter = and(vec![sel.filter, Pred::Rel(Rel::Friendly)]);
                if different {
                    cmp(
                        Num::Distinct {
                            of: Box::new(sel),
                            stat: Stat::Value,
                        },
                        Cmp::Ge,
                        lit(n),
                    )
                } else {
                    cmp(Num::Count(Box::new(sel)), Cmp::Ge, lit(n))
                }
            }
            _ => {
                self.cx
                    .error(what.span, "this names nothing you can control");
                Cond::True
            }
        }
    }

    /// What a complement says (`spent`, `a Program`, `ARASAKA`, `at max value`).
    fn complement(&mut self, c: &Complement) -> Pred {
        match c {
            Complement::State(ast::State::Spent) => Pred::Spent,
            Complement::State(ast::State::Equipped) => Pred::Equipped,
            Complement::State(ast::State::Empty) => Pred::True,
            Complement::AtMaxValue => Pred::Max,
            Complement::Tags { tags, .. } => {
                Pred::Any(tags.iter().map(|t| Pred::Tag(t.clone())).collect())
            }
            Complement::Kind(np) => {
                self.note(np);
                // `the chosen type`: the card type chosen before.
                if let Np::Phrase(p) = &np.node {
                    if matches!(p.head.noun, ast::Noun::Type | ast::Noun::CardType) {
                        if let Some(ast::Ref::Binding(b)) = p.refers_to {
                            return Pred::OfChosenType(super::np::slot(b));
                        }
                    }
                }
                self.pred(np)
            }
        }
    }

    /// A number.
    pub(crate) fn number(&mut self, e: &Expr, _span: Span) -> Num {
        match e {
            Expr::ValueOf(np) => {
                self.note(np);
                match reference(np) {
                    Some(r) => Num::Stat {
                        of: refer(self, r),
                        stat: Stat::Value,
                    },
                    None => Num::Values {
                        of: Box::new(self.all_of(np)),
                        stat: Stat::Value,
                    },
                }
            }
            Expr::TotalDiscarded => Num::Discarded,
            Expr::Stat { owner, stat } => {
                let stat = stat_of(*stat);
                match owner {
                    Owner::Its(r) | Owner::Their(r) => Num::Stat {
                        of: self.owner_ref(*r),
                        stat,
                    },
                    Owner::Of(np) => {
                        self.note(np);
                        match reference(np) {
                            Some(r) => Num::Stat {
                                of: self.owner_ref(r),
                                stat,
                            },
                            None => Num::Values {
                                of: Box::new(self.all_of(np)),
                                stat,
                            },
                        }
                    }
                }
            }
        }
    }

    /// `its`, `their`: the statement's subject when it names the binding the statement is
    /// about (`rival Units … their power`), otherwise what the reference names.
    fn owner_ref(&self, r: ast::Ref) -> Target {
        match r {
            ast::Ref::Binding(b) if Some(b.0) == self.subject => Target::Subject,
            r => refer(self, r),
        }
    }
}

fn lit(n: u32) -> Num {
    Num::Lit(i64::from(n))
}

fn cmp(left: Num, c: Cmp, right: Num) -> Cond {
    Cond::Cmp {
        left,
        cmp: c,
        right,
    }
}

fn gig_count(filter: Pred) -> Num {
    Num::Count(Box::new(Selector {
        scope: Scope::Gigs,
        filter,
        count: Count::All,
        best: None,
    }))
}
