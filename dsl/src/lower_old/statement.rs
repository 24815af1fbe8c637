//! Statements: what a clause says about its subject, in a static ability or made by an effect;
//! and the cost rules.

use super::effect::Builder;
use super::np::{is_every, refer, reference, slot};
use super::Cx;
use crate::ast::{
    self, AttackTarget, Clause, CostRule as AstCost, Duration, Lead, Modifier, NounPhrase,
    Predicate, Spanned,
};
use crate::prim::{
    About, AttackWhat, Body, Cond, CostChange, CostRule, Costed, Count, Lasts, Num, OpKind, Pred,
    Role, Say, Statement, Target, Who,
};
use crate::source::Span;

impl Builder<'_, '_> {
    /// A statement made by an effect, or an effect a statement-shaped clause describes
    /// (`A Rival discards 1`, `the Gig isn't stolen`, `Each player defeats one of their Units`).
    pub(crate) fn state_clause(
        &mut self,
        subject: &NounPhrase,
        p: &Spanned<Predicate>,
        during: Option<&Spanned<Duration>>,
        span: Span,
    ) {
        self.note(subject);
        match &p.node {
            Predicate::Discards { count, binds, .. } => {
                let by = self.who(subject);
                let into = slot(*binds);
                self.choose(
                    crate::prim::Selector {
                        scope: crate::prim::Scope::Zones {
                            zones: vec![crate::prim::Zone::Hand],
                            whose: by.clone(),
                        },
                        filter: Pred::True,
                        count: Count::Exactly(Num::Lit(i64::from(*count))),
                        best: None,
                    },
                    into,
                    by,
                    span,
                );
                self.push(
                    span,
                    OpKind::Do(crate::prim::Action::Move {
                        what: Target::Slot(into),
                        to: crate::prim::Dest::Trash,
                        verb: crate::prim::MoveVerb::Discard,
                    }),
                );
            }
            Predicate::DiscardsHand { then_may_draw, .. } => {
                let player = subject.binds.map(slot).unwrap_or_else(|| self.fresh());
                let who = Who::Slot(player);
                let body = self.within(|b| {
                    let into = b.fresh();
                    b.choose(
                        crate::prim::Selector {
                            scope: crate::prim::Scope::Zones {
                                zones: vec![crate::prim::Zone::Hand],
                                whose: who.clone(),
                            },
                            filter: Pred::True,
                            count: Count::All,
                            best: None,
                        },
                        into,
                        who.clone(),
                        span,
                    );
                    b.push(
                        span,
                        OpKind::Do(crate::prim::Action::Move {
                            what: Target::Slot(into),
                            to: crate::prim::Dest::Trash,
                            verb: crate::prim::MoveVerb::Discard,
                        }),
                    );
                    if let Some(n) = then_may_draw {
                        let then = b.within(|b| {
                            b.push(
                                span,
                                OpKind::Do(crate::prim::Action::Draw {
                                    who: who.clone(),
                                    n: Num::Lit(i64::from(*n)),
                                    up_to: false,
                                    into: None,
                                }),
                            )
                        });
                        b.push(
                            span,
                            OpKind::May {
                                who: who.clone(),
                                then,
                                otherwise: None,
                            },
                        );
                    }
                });
                self.push(span, OpKind::ForEachPlayer { player, body });
            }
            Predicate::Defeats { what } => {
                // `Each player defeats one of their Units.`
                let player = subject.binds.map(slot).unwrap_or_else(|| self.fresh());
                let who = Who::Slot(player);
                self.player_of.insert(u32::from(player.0), who.clone());
                let body = self.within(|b| {
                    b.note(what);
                    let sel = b.selector(what, Count::Exactly(Num::Lit(1)));
                    let into = what.binds.map(slot).unwrap_or_else(|| b.fresh());
                    b.choose(sel, into, who.clone(), span);
                    b.push(
                        span,
                        OpKind::Do(crate::prim::Action::Defeat(Target::Slot(into))),
                    );
                });
                self.push(span, OpKind::ForEachPlayer { player, body });
            }
            Predicate::ChoosesWhether { first, second } => {
                let by = self.who(subject);
                self.whether(by, first, second, span);
            }
            Predicate::IsntStolen => {
                let t = self.fixed(subject);
                self.push(span, OpKind::Do(crate::prim::Action::Prevent(t)));
            }
            Predicate::AlsoSteals { what } => {
                let by = self.fixed(subject);
                let gig = self.steal_target(what, span);
                self.push(
                    span,
                    OpKind::Do(crate::prim::Action::Steal { gig, by: Some(by) }),
                );
            }
            _ => {
                let about = match reference(subject) {
                    Some(r) => About::Target(refer(self, r)),
                    None if is_every(subject) => About::Each(self.pred(subject)),
                    None => About::Target(self.target(subject, Who::You)),
                };
                let stmt = self.predicate_statement(about, subject, p, during, false);
                if let Some(stmt) = stmt {
                    self.push(span, OpKind::Make(stmt));
                }
            }
        }
    }

    /// What a predicate says, as a statement about `about`.
    pub(crate) fn predicate_statement(
        &mut self,
        about: About,
        subject: &NounPhrase,
        p: &Spanned<Predicate>,
        during: Option<&Spanned<Duration>>,
        is_static: bool,
    ) -> Option<Statement> {
        let saved = self.subject;
        self.subject = subject.binds.map(|b| b.0);
        let mut when = Vec::new();
        let mut duration = during.map(|d| d.node.clone());
        let mut more: Vec<Duration> = Vec::new();
        // Whose use of a keyword a cost statement is about.
        let user = match &about {
            About::Player(w) => Pred::ControlledBy(w.clone()),
            _ => Pred::Is(Target::Subject),
        };
        let says = match &p.node {
            Predicate::CantAttack {
                duration: d,
                unless,
            } => {
                if let Some(d) = d {
                    duration = Some(d.node.clone());
                }
                if let Some(u) = unless {
                    let c = self.condition(&u.node, u.span);
                    when.push(Cond::Not(Box::new(c)));
                }
                Say::CantAttack
            }
            Predicate::CantBeBlocked => Say::CantBeBlocked,
            Predicate::CantBeDefeatedInAFight { duration: d } => {
                duration = Some(d.node.clone());
                Say::CantBeDefeated { in_fight: true }
            }
            Predicate::CantReady { duration: d } => {
                duration = Some(d.node.clone());
                Say::CantReady
            }
            Predicate::CantSteal { what } => Say::CantSteal(self.pred(what)),
            Predicate::CanAttack {
                target,
                duration: d,
            } => {
                if let Some(d) = d {
                    duration = Some(d.node.clone());
                }
                let despite_lag = matches!(duration, Some(Duration::TurnPlayed { .. }))
                    || (!is_static && matches!(duration, Some(Duration::ThisTurn)));
                let what = match target {
                    AttackTarget::Cards(np) => AttackWhat::Units(self.pred(np)),
                    AttackTarget::GigArea { .. } => AttackWhat::GigArea,
                };
                Say::CanAttack { what, despite_lag }
            }
            Predicate::MayAttack { target } => Say::CanAttack {
                what: AttackWhat::Units(self.pred(target)),
                despite_lag: false,
            },
            Predicate::MayUseFor {
                keyword,
                change,
                duration: d,
                minimum,
            } => {
                duration = Some(d.node.clone());
                Say::Cost(CostRule {
                    of: Costed::Use {
                        keyword: super::keyword_of(*keyword),
                        by: user.clone(),
                    },
                    change: CostChange::Add {
                        by: Num::Lit(i64::from(*change)),
                        minimum: Some(*minimum),
                    },
                    when: Cond::True,
                })
            }
            Predicate::MustAttack { duration: d } => {
                duration = Some(d.node.clone());
                Say::MustAttack
            }
            Predicate::MustPayToUse { change, keyword } => Say::Cost(CostRule {
                of: Costed::Use {
                    keyword: super::keyword_of(*keyword),
                    by: user.clone(),
                },
                change: CostChange::Add {
                    by: Num::Lit(i64::from(*change)),
                    minimum: None,
                },
                when: Cond::True,
            }),
            Predicate::HasPower { change, modifiers } => {
                for m in modifiers {
                    if let Modifier::Duration(d) = m {
                        more.push(d.node.clone());
                    }
                }
                Say::Power(self.per(i64::from(*change), modifiers))
            }
            Predicate::HasKeyword(k) => Say::Keyword(super::keyword_of(*k)),
            Predicate::PowerEqualTo {
                gains,
                amount,
                duration: d,
            } => {
                duration = Some(d.node.clone());
                let n = self.number(&amount.node, amount.span);
                Say::Power(if *gains { n } else { Num::Neg(Box::new(n)) })
            }
            Predicate::StealsFewer { count, duration: d } => {
                duration = Some(d.node.clone());
                Say::StealsMore(Num::Lit(-i64::from(*count)))
            }
            Predicate::WinsAllFightsAgainst { against } => {
                Say::WinsFightsAgainst(self.pred(against))
            }
            _ => {
                self.cx
                    .error(p.span, "this says nothing a statement can hold");
                self.subject = saved;
                return None;
            }
        };
        more.extend(duration);
        let (dur_when, lasts) = self.durations(&more, is_static, &about);
        when.extend(dur_when);
        self.subject = saved;
        Some(Statement {
            about,
            says,
            when: match when.len() {
                0 => Cond::True,
                1 => when.pop().unwrap_or(Cond::True),
                _ => Cond::All(when),
            },
            lasts,
        })
    }

    /// A statement made by `Give`.
    pub(crate) fn statement_of(
        &mut self,
        about: About,
        says: Say,
        modifiers: &[Modifier],
        during: Option<&Duration>,
        is_static: bool,
    ) -> Statement {
        let mut all: Vec<Duration> = during.cloned().into_iter().collect();
        for m in modifiers {
            if let Modifier::Duration(d) = m {
                all.push(d.node.clone());
            }
        }
        let (when, lasts) = self.durations(&all, is_static, &about);
        Statement {
            about,
            says,
            when: match when.len() {
                0 => Cond::True,
                1 => when.into_iter().next().unwrap_or(Cond::True),
                _ => Cond::All(when),
            },
            lasts,
        }
    }

    /// What durations mean together: every condition, and the one lasting that is said.
    fn durations(&mut self, ds: &[Duration], is_static: bool, about: &About) -> (Vec<Cond>, Lasts) {
        let mut when = Vec::new();
        let mut lasts = None;
        for d in ds {
            let (mut w, l) = self.duration(Some(d), is_static, about);
            when.append(&mut w);
            let default = matches!(l, Lasts::WhileInPlay | Lasts::Indefinite);
            if !default || lasts.is_none() {
                lasts = Some(l);
            }
        }
        let lasts = lasts.unwrap_or_else(|| self.duration(None, is_static, about).1);
        (when, lasts)
    }

    /// What a duration means: conditions on when the statement holds, and how long it lasts.
    fn duration(
        &mut self,
        d: Option<&Duration>,
        is_static: bool,
        about: &About,
    ) -> (Vec<Cond>, Lasts) {
        let subject = match about {
            About::Target(t) => t.clone(),
            _ => Target::Subject,
        };
        let default = if is_static {
            Lasts::WhileInPlay
        } else {
            Lasts::Indefinite
        };
        match d {
            None => (Vec::new(), default),
            Some(Duration::ThisTurn) => (
                Vec::new(),
                if is_static { default } else { Lasts::ThisTurn },
            ),
            Some(Duration::UntilYourNextTurn) => (Vec::new(), Lasts::UntilYourNextTurn),
            Some(Duration::NextTurn) => (Vec::new(), Lasts::TheirNextTurn),
            Some(Duration::WhileAttacking) => (
                vec![Cond::Is(subject, Pred::Role(Role::Attacking))],
                if is_static { default } else { Lasts::ThisTurn },
            ),
            Some(Duration::WhileFighting(np)) => {
                let against = self.pred(np);
                (
                    vec![Cond::Is(subject, Pred::Fighting(Box::new(against)))],
                    if is_static { default } else { Lasts::ThisTurn },
                )
            }
            Some(Duration::TurnPlayed { .. }) => (
                vec![Cond::Is(subject, Pred::EnteredThisTurn)],
                if is_static { default } else { Lasts::ThisTurn },
            ),
            Some(Duration::DuringYourTurn) => (vec![Cond::TurnOf(Who::You)], default),
            Some(Duration::AtEndOfThisTurn) => {
                let span = self.last_span();
                self.cx.error(
                    span,
                    "`at the end of this turn` goes with an action, not a statement",
                );
                (Vec::new(), default)
            }
        }
    }

    /// `The next time this Unit attacks this turn, it may attack ready Units.`: a statement
    /// about that Unit until its next attack ends.
    pub(crate) fn next_attack(
        &mut self,
        event: &Spanned<ast::Event>,
        then: &Spanned<Clause>,
    ) -> Option<Statement> {
        let ast::Event::Attacks(who) = &event.node else {
            return None;
        };
        let Clause::State { subject, predicate } = &then.node else {
            return None;
        };
        if !matches!(predicate.node, Predicate::MayAttack { .. }) {
            return None;
        }
        let about = About::Target(self.fixed(who));
        let mut stmt = self.predicate_statement(about, subject, predicate, None, false)?;
        stmt.lasts = Lasts::NextAttack;
        Some(stmt)
    }
}

impl Cx<'_> {
    /// A static ability: the statements of its sentences.
    pub(crate) fn static_body(&mut self, effect: &ast::Effect, span: Span) -> Body {
        let ast::Effect::Sentences(sentences) = effect else {
            self.error(span, "a static ability has no modes");
            return Body::Nothing;
        };
        let mut out = Vec::new();
        let mut b = Builder::new(self);
        for s in sentences {
            let mut when = Vec::new();
            let mut during = None;
            match s.node.lead.as_ref().map(|l| &l.node) {
                Some(Lead::If(c)) => when.push(b.condition(&c.node, c.span)),
                Some(Lead::During(d)) => during = Some(d.clone()),
                None => {}
                Some(_) => {
                    b.cx.error(s.span, "a static ability can't depend on another sentence")
                }
            }
            match &s.node.clause.node {
                Clause::State { subject, predicate } => {
                    b.note(subject);
                    let about = match reference(subject) {
                        Some(r) => About::Target(refer(&b, r)),
                        None if is_players(subject) => About::Player(b.who(subject)),
                        None => About::Each(b.pred(subject)),
                    };
                    if let Some(mut st) =
                        b.predicate_statement(about, subject, predicate, during.as_ref(), true)
                    {
                        if !when.is_empty() {
                            when.push(st.when);
                            st.when = Cond::All(when);
                        }
                        out.push(st);
                    }
                }
                // `During your turn, you may Call a Legend for free.`
                Clause::Do {
                    optional: true,
                    steps,
                    ..
                } if matches!(
                    steps.as_slice(),
                    [ast::Step {
                        action: Spanned {
                            node: ast::Action::Call { free: true, .. },
                            ..
                        },
                        ..
                    }]
                ) =>
                {
                    let (mut w, _) = b.duration_pub(during.as_ref().map(|d| &d.node));
                    when.append(&mut w);
                    out.push(Statement {
                        about: About::Player(Who::You),
                        says: Say::Cost(CostRule {
                            of: Costed::Call,
                            change: CostChange::Free,
                            when: Cond::True,
                        }),
                        when: match when.len() {
                            0 => Cond::True,
                            _ => Cond::All(when),
                        },
                        lasts: Lasts::WhileInPlay,
                    });
                }
                _ => b.cx.error(
                    s.span,
                    "a static ability says something about a card or player",
                ),
            }
        }
        Body::Static(out)
    }

    /// A rule about a cost.
    pub(crate) fn cost_rule(&mut self, r: &AstCost, span: Span) -> CostRule {
        let mut b = Builder::new(self);
        match r {
            AstCost::PlayFor {
                card,
                each_turn,
                change,
                per,
                minimum,
            } => {
                let by = match per {
                    Some(np) => Num::Mul(
                        Box::new(Num::Lit(i64::from(*change))),
                        Box::new(b.count(np)),
                    ),
                    None => Num::Lit(i64::from(*change)),
                };
                let of = match reference(card) {
                    Some(_) => Costed::ThisCard,
                    None => {
                        let what = b.pred(card);
                        Costed::Plays {
                            what,
                            first_each_turn: *each_turn,
                            next_only: false,
                        }
                    }
                };
                CostRule {
                    of,
                    change: CostChange::Add {
                        by,
                        minimum: Some(*minimum),
                    },
                    when: Cond::True,
                }
            }
            AstCost::EffectCosts { change, per } => CostRule {
                of: Costed::ThisEffect,
                change: CostChange::Add {
                    by: Num::Mul(
                        Box::new(Num::Lit(i64::from(*change))),
                        Box::new(b.count(per)),
                    ),
                    minimum: None,
                },
                when: Cond::True,
            },
            AstCost::AlsoPlay { when, spending, .. } => {
                let window = b.event(when);
                let spending = spending.as_ref().map(|np| {
                    b.note(np);
                    b.selector(np, Count::Exactly(Num::Lit(1)))
                });
                CostRule {
                    of: Costed::AlsoWhen { window, spending },
                    change: CostChange::Add {
                        by: Num::Lit(0),
                        minimum: None,
                    },
                    when: Cond::True,
                }
            }
            AstCost::PlayForIf {
                condition, cost, ..
            } => {
                let when = b.condition(&condition.node, condition.span);
                let _ = span;
                CostRule {
                    of: Costed::ThisCard,
                    change: CostChange::Set(Num::Lit(i64::from(*cost))),
                    when,
                }
            }
        }
    }
}

impl Builder<'_, '_> {
    /// `duration` for callers outside a statement.
    pub(crate) fn duration_pub(&mut self, d: Option<&Duration>) -> (Vec<Cond>, Lasts) {
        self.duration(d, true, &About::Player(Who::You))
    }
}

/// Whether a noun phrase names players (`Rivals`, `each player`).
fn is_players(np: &NounPhrase) -> bool {
    matches!(&np.node, ast::Np::Phrase(p) if matches!(p.head.noun, ast::Noun::Rival | ast::Noun::Player))
}
