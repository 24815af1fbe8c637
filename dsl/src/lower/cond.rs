//! Conditions: what `If …,`, `unless …` and a trailing `if …` check.

use super::effect::Builder;
use super::np::{and, any, names, noun, reference, Names};
use crate::prim::{Cmp, Cond, Count, EventBinds, Num, Pred, Rel, Scope, Selector, Stat, Who};
use crate::source::Span;
use crate::syntax::tree::{
    self as t, Clause, Condition, Copula, Det, Form, Noun, NounPhrase, Np, Object, Postmod,
    PremodWord, Spanned, Verb,
};

impl Builder<'_, '_> {
    /// A condition.
    pub(crate) fn condition(&mut self, c: &Spanned<Condition>) -> Cond {
        match &c.node {
            Condition::YouDo { depends_on } => {
                Cond::Did(crate::prim::SentenceId(depends_on.0 as u16))
            }
            Condition::All(v) => Cond::All(v.iter().map(|x| self.condition(x)).collect()),
            Condition::Any(v) => Cond::Any(v.iter().map(|x| self.condition(x)).collect()),
            Condition::Holds(clause) => self.holds(clause, c.span),
        }
    }

    /// A clause read as a condition: `this Unit is spent`, `you control a min Gig`, `its cost
    /// equals the value of a friendly Gig`, `you played a Program this turn`.
    fn holds(&mut self, c: &Clause, span: Span) -> Cond {
        let Some(subject) = &c.subject else {
            self.cx.error(
                span,
                "a condition says who or what: `you control …`, `this Unit is …`",
            );
            return Cond::True;
        };
        if c.modal.as_ref().is_some_and(|m| m.node == t::Modal::Would) {
            self.cx.error(
                span,
                "`would` opens a replacement: `If <…> would <…>, <…> instead.`",
            );
            return Cond::True;
        }
        let mut parts = Vec::new();
        let mut or = false;
        for step in &c.steps {
            if step.link == Some(t::Link::Or) {
                or = true;
            }
            parts.push(self.holds_vp(subject, &step.vp, span));
        }
        let cond = match parts.len() {
            1 => parts.pop().unwrap_or(Cond::True),
            _ if or => Cond::Any(parts),
            _ => Cond::All(parts),
        };
        match c.modal.as_ref().map(|m| m.node) {
            Some(t::Modal::Doesnt | t::Modal::Dont | t::Modal::Didnt) => Cond::Not(Box::new(cond)),
            _ => cond,
        }
    }

    /// One verb phrase said of a subject, as a condition.
    fn holds_vp(&mut self, subject: &NounPhrase, vp: &Spanned<t::VerbPhrase>, span: Span) -> Cond {
        let v = &vp.node;
        self.note(subject);
        // `is …`, `'s …`, `are …`, `becomes …`
        if let Some(cop) = &v.copula {
            if v.verbs.is_empty() {
                let negated = matches!(cop.node, Copula::IsNot | Copula::AreNot | Copula::WasNot);
                let cond = self.is(subject, &v.objects, vp.span);
                // `If it becomes a min Gig`: it is one now, and the sentence before changed it
                // (was done: a decrease by 0 is no change, official FAQ on Jackie Welles: Pour
                // One Out For Me); a Gig that already was one does not become one.
                if cop.node == Copula::Becomes {
                    let now = self.current_sentence();
                    if now > 0 {
                        let before = crate::prim::SentenceId(now - 1);
                        return Cond::All(vec![cond, Cond::Did(before)]);
                    }
                }
                return if negated {
                    Cond::Not(Box::new(cond))
                } else {
                    cond
                };
            }
        }
        let verb = v.verbs.first().map(|x| x.node);
        match (verb, v.form) {
            // `you control a min Gig`, `you have 7+ ☆`, `this Unit has power 5+`, `a Rival has no
            // Units`, `that Legend has {Go Solo}`
            (Some(Verb::Have | Verb::Control), Form::Base | Form::Third) => {
                self.has(subject, v, vp.span)
            }
            // `its cost equals the value of a friendly Gig`
            (Some(Verb::Equal), _) => {
                let left = self.number_np(subject, span);
                match v.objects.first().map(|o| &o.node) {
                    Some(Object::Np(np)) => {
                        let right = self.number_np(np, vp.span);
                        Cond::Cmp {
                            left,
                            cmp: Cmp::Eq,
                            right,
                        }
                    }
                    _ => {
                        self.cx.error(vp.span, "`equals` is followed by a number");
                        Cond::True
                    }
                }
            }
            // `your ☆ differs from a Rival's by 10+`
            (Some(Verb::Differ), _) => {
                let left = self.number_np(subject, span);
                let mut from = None;
                let mut by = None;
                for a in &v.adjuncts {
                    match &a.node {
                        t::Adjunct::From(np) => from = Some(np.clone()),
                        t::Adjunct::By(b) => by = Some(b.clone()),
                        _ => {}
                    }
                }
                let (Some(from), Some(by)) = (from, by) else {
                    self.cx
                        .error(vp.span, "`differs` needs `from …` and `by …`");
                    return Cond::True;
                };
                // `a Rival's`: the same number of that player
                let right = match &from.node {
                    Np::Phrase(p) if p.heads.is_empty() => match p.possessor.as_deref() {
                        Some(o) => {
                            let who = self.who(o);
                            match left {
                                Num::Cred(_) => Num::Cred(who),
                                _ => {
                                    self.cx
                                        .error(from.span, "only ☆ is compared between players");
                                    Num::Lit(0)
                                }
                            }
                        }
                        None => Num::Lit(0),
                    },
                    _ => self.number_np(&from, vp.span),
                };
                let n = match by.amount {
                    t::ByAmount::AtLeast(n) => n,
                    t::ByAmount::Number(t::Number::Lit(n)) => n,
                    _ => {
                        self.cx
                            .error(vp.span, "`by` is followed by a number: `by 10+`");
                        0
                    }
                };
                Cond::Cmp {
                    left: Num::Diff(Box::new(left), Box::new(right)),
                    cmp: Cmp::Ge,
                    right: Num::Lit(i64::from(n)),
                }
            }
            // `this Unit wins a fight against a rival Unit` (the fight of the current attack)
            (Some(Verb::Win), Form::Third) if self.is_fight(v) => {
                let who = self.fixed(subject);
                let against = v
                    .adjuncts
                    .iter()
                    .find_map(|a| match &a.node {
                        t::Adjunct::Against(np) => Some(np.clone()),
                        _ => None,
                    })
                    .map_or(Pred::True, |np| self.pred(&np));
                Cond::WinsFight { who, against }
            }
            // `you trash them`: which way of `A Rival chooses whether …` was taken
            (Some(verb), Form::Base) if self.whether.is_some() => self.chose(verb, vp.span),
            // `you played a Program this turn`, `this Unit stole a Gig this turn`, `that Unit
            // steals or fights` (read at the end of the turn): it happened this turn
            (Some(_), Form::Past | Form::Third | Form::Base) => {
                let ev = t::EventPhrase {
                    subject: subject.clone(),
                    would: false,
                    vp: vp.clone(),
                    binds: None,
                };
                let mut pattern = self.event(&Spanned {
                    node: ev,
                    span: vp.span,
                });
                pattern.binds = EventBinds::default();
                Cond::HappenedThisTurn(Box::new(pattern))
            }
            _ => {
                self.cx
                    .error(vp.span, "this says nothing that can be checked");
                Cond::True
            }
        }
    }

    fn is_fight(&self, v: &t::VerbPhrase) -> bool {
        v.objects.iter().any(|o| matches!(&o.node, Object::Np(NounPhrase { node: Np::Phrase(p), .. }) if noun(p) == Some(&Noun::Fight)))
    }

    /// `<subject> is <…>`.
    fn is(&mut self, subject: &NounPhrase, objects: &[Spanned<Object>], span: Span) -> Cond {
        // `its value is even`, `the number of friendly Units is 3 or more`
        if names(self, subject) == Names::Number {
            let left = self.number_np(subject, span);
            for o in objects {
                match &o.node {
                    Object::Comparison(c) => return self.compare(left, c, o.span),
                    Object::States(s) => {
                        for w in &s.words.words {
                            match w.node {
                                PremodWord::Even => {
                                    return Cond::Parity(left, crate::prim::Parity::Even)
                                }
                                PremodWord::Odd => {
                                    return Cond::Parity(left, crate::prim::Parity::Odd)
                                }
                                _ => {}
                            }
                        }
                    }
                    _ => {}
                }
            }
            self.cx.error(
                span,
                "a number is compared: `is even`, `is 3 or more`, `equals …`",
            );
            return Cond::True;
        }
        let mut preds = Vec::new();
        for o in objects {
            match &o.node {
                Object::States(s) => {
                    let mut alts = Vec::new();
                    for w in &s.words.words {
                        match w.node {
                            // `your fixer area is empty`
                            PremodWord::Empty => {
                                if let Some((zones, whose)) = self.zone(subject) {
                                    let scope = if zones.is_empty() {
                                        Scope::Fixer(whose)
                                    } else {
                                        Scope::Zones { zones, whose }
                                    };
                                    return Cond::Cmp {
                                        left: Num::Count(Box::new(Selector {
                                            scope,
                                            filter: Pred::True,
                                            count: Count::All,
                                            best: None,
                                        })),
                                        cmp: Cmp::Eq,
                                        right: Num::Lit(0),
                                    };
                                }
                                self.cx.error(w.span, "`empty` is said of an area");
                            }
                            ref word => {
                                if let Some(p) = self.premod_word(word, w.span) {
                                    alts.push(p);
                                }
                            }
                        }
                    }
                    preds.push(any(alts));
                }
                Object::Np(np) => {
                    // `your ☆ is …`, `the number of friendly Units is …` are comparisons
                    if names(self, np) == Names::Number {
                        self.cx
                            .error(np.span, "compare numbers with `is 3 or more` or `equals …`");
                        continue;
                    }
                    // `it's the chosen type`
                    if let Np::Phrase(p) = &np.node {
                        if matches!(noun(p), Some(Noun::Type | Noun::CardType)) {
                            if let Some(t::Ref::Binding(b)) = p.refers_to {
                                preds.push(Pred::OfChosenType(super::np::slot(b)));
                                continue;
                            }
                        }
                    }
                    preds.push(self.pred(np));
                }
                Object::Postmod(m) => {
                    if let Some(p) = self.postmod_pred(m, o.span) {
                        preds.push(p);
                    }
                }
                Object::Comparison(c) => {
                    let left = self.number_np(subject, span);
                    return self.compare(left, c, o.span);
                }
                _ => self
                    .cx
                    .error(o.span, "this says nothing a card, Gig or player can be"),
            }
        }
        let pred = and(preds);
        self.about(subject, pred)
    }

    /// A property said of a subject: of the object it names, of every object (`all friendly
    /// Legends are face-up`), or of some object (`a friendly d4 is a min Gig`).
    fn about(&mut self, subject: &NounPhrase, pred: Pred) -> Cond {
        if let Some(r) = reference(subject) {
            let t = self.owner_ref(r);
            return Cond::Is(t, pred);
        }
        let det = match &subject.node {
            Np::Phrase(p) => p.det.as_ref().map(|d| d.node),
            _ => None,
        };
        let sel = self.all_of(subject);
        if matches!(det, Some(Det::All | Det::Each | Det::Every)) {
            return Cond::Every(Box::new(sel), pred);
        }
        let mut sel = sel;
        sel.filter = and(vec![sel.filter, pred]);
        if let Some(b) = subject.binds {
            self.cond_bound.insert(b.0, sel.clone());
        }
        let (cmp, n) = match det {
            Some(Det::No) => (Cmp::Eq, 0),
            Some(Det::OrLess(n) | Det::OrFewer(n)) => (Cmp::Le, n),
            d => (Cmp::Ge, count_n(d).unwrap_or(1)),
        };
        Cond::Cmp {
            left: Num::Count(Box::new(sel)),
            cmp,
            right: Num::Lit(i64::from(n)),
        }
    }

    /// `<subject> has/controls <…>`.
    fn has(&mut self, subject: &NounPhrase, v: &t::VerbPhrase, span: Span) -> Cond {
        let mut parts = Vec::new();
        let player = names(self, subject) == Names::Players;
        for o in &v.objects {
            match &o.node {
                // `that Legend has {Go Solo}`
                Object::Grants(gs) => {
                    let mut alts = Vec::new();
                    for g in gs {
                        match g.node {
                            t::Grant::Keyword(k) => alts.push(Pred::Keyword(super::keyword_of(k))),
                            t::Grant::Power(_) => {
                                self.cx.error(g.span, "compare power with `has power 5+`")
                            }
                        }
                    }
                    let pred = any(alts);
                    parts.push(self.about(subject, pred));
                }
                Object::Np(np) => {
                    if player {
                        let who = self.who(subject);
                        parts.push(self.player_has(who, np, &v.adjuncts));
                    } else {
                        // `this Unit has power 5+`, `a friendly Gig has the same value`
                        parts.push(self.object_has(subject, np));
                    }
                }
                _ => self.cx.error(o.span, "this is nothing one can have"),
            }
        }
        match parts.len() {
            0 => {
                self.cx.error(span, "`has` needs what is had");
                Cond::True
            }
            1 => parts.pop().unwrap_or(Cond::True),
            _ => Cond::All(parts),
        }
    }

    /// What a player has or controls: Gigs and cards (counted), ☆, value-pairs.
    fn player_has(&mut self, who: Who, np: &NounPhrase, adjuncts: &[Spanned<t::Adjunct>]) -> Cond {
        let Np::Phrase(p) = &np.node else {
            if let Np::And(v) = &np.node {
                let parts = v
                    .iter()
                    .map(|x| self.player_has(who.clone(), x, adjuncts))
                    .collect();
                return Cond::All(parts);
            }
            self.cx.error(np.span, "this is nothing a player has");
            return Cond::True;
        };
        let det = p.det.as_ref().map(|d| d.node);
        // `7+ ☆`, `more ☆ than a Rival`, `less than 20 ☆`
        if noun(p) == Some(&Noun::Cred) {
            let mine = Num::Cred(who);
            let than = p.postmods.iter().find_map(|m| match &m.node {
                Postmod::Than(o) => Some(o.clone()),
                _ => None,
            });
            let (cmp, right) = match (det, than) {
                (Some(Det::Plus(n) | Det::OrMore(n) | Det::AtLeast(n)), _) => {
                    (Cmp::Ge, Num::Lit(i64::from(n)))
                }
                (Some(Det::LessThan(n)), _) => (Cmp::Lt, Num::Lit(i64::from(n))),
                (Some(Det::More), Some(o)) => {
                    let them = self.who(&o);
                    (Cmp::Gt, Num::Cred(them))
                }
                (Some(Det::Less | Det::Fewer), Some(o)) => {
                    let them = self.who(&o);
                    (Cmp::Lt, Num::Cred(them))
                }
                _ => {
                    self.cx.error(
                        np.span,
                        "compare ☆ as `7+ ☆`, `more ☆ than a Rival` or `less than 20 ☆`",
                    );
                    return Cond::True;
                }
            };
            return Cond::Cmp {
                left: mine,
                cmp,
                right,
            };
        }
        // `a value-pair of Gigs`, `a sided-pair of Gigs`
        if matches!(noun(p), Some(Noun::ValuePair | Noun::SidedPair)) {
            let stat = if noun(p) == Some(&Noun::ValuePair) {
                Stat::Value
            } else {
                Stat::Sides
            };
            return Cond::Cmp {
                left: Num::Pairs {
                    of: Box::new(gigs_of(who)),
                    stat,
                },
                cmp: Cmp::Ge,
                right: Num::Lit(i64::from(count_n(det).unwrap_or(1))),
            };
        }
        // `2 or more Gigs with different values`
        let is_different = |w: &NounPhrase| matches!(&w.node, Np::Phrase(q) if q.premods.iter().any(|m| super::np::has_word(m, &PremodWord::Different)));
        let different = p
            .postmods
            .iter()
            .any(|m| matches!(&m.node, Postmod::With(w) if is_different(w)))
            || adjuncts
                .iter()
                .any(|a| matches!(&a.node, t::Adjunct::With(w) if is_different(w)));
        self.distinct = different;
        let mut sel = self.all_of(np);
        self.distinct = false;
        sel.filter = and(vec![sel.filter, controlled_by(who.clone())]);
        let left = if different {
            Num::Distinct {
                of: Box::new(sel),
                stat: Stat::Value,
            }
        } else {
            Num::Count(Box::new(sel))
        };
        // `at least 2 more Gigs than you`, `more Gigs than you`; the comparison may also follow
        // the noun: `at least 2 Gigs more than you` reads as `at least 2 more Gigs than you`
        let (det, than) = match p.postmods.iter().find_map(|m| match &m.node {
            Postmod::Than(o) => Some((det, o.clone())),
            Postmod::Compared { word, than } => Some((compared_det(det, *word), than.clone())),
            _ => None,
        }) {
            Some((d, o)) => (d, Some(o)),
            None => (det, None),
        };
        if let Some(o) = than {
            let them = self.who(&o);
            let mut theirs = self.all_of(np);
            theirs.filter = and(vec![without_control(theirs.filter), controlled_by(them)]);
            let theirs = Num::Count(Box::new(theirs));
            return match det {
                Some(Det::AtLeastMore(n) | Det::NMore(n)) => Cond::Cmp {
                    left,
                    cmp: Cmp::Ge,
                    right: Num::Add(Box::new(theirs), Box::new(Num::Lit(i64::from(n)))),
                },
                Some(Det::More) => Cond::Cmp {
                    left,
                    cmp: Cmp::Gt,
                    right: theirs,
                },
                Some(Det::Fewer | Det::Less) => Cond::Cmp {
                    left,
                    cmp: Cmp::Lt,
                    right: theirs,
                },
                _ => {
                    self.cx.error(
                        np.span,
                        "`than` compares with `more`, `fewer` or `at least 2 more`",
                    );
                    Cond::True
                }
            };
        }
        let _ = adjuncts;
        let (cmp, n) = match det {
            Some(Det::No) => (Cmp::Eq, 0),
            Some(Det::OrLess(n) | Det::OrFewer(n)) => (Cmp::Le, n),
            Some(Det::LessThan(n)) => (Cmp::Lt, n),
            d => (Cmp::Ge, count_n(d).unwrap_or(1)),
        };
        Cond::Cmp {
            left,
            cmp,
            right: Num::Lit(i64::from(n)),
        }
    }

    /// What a card or Gig has: `power 5+`, `the same value` (as the Gig named before).
    fn object_has(&mut self, subject: &NounPhrase, np: &NounPhrase) -> Cond {
        let Np::Phrase(p) = &np.node else {
            self.cx.error(np.span, "this is nothing a card has");
            return Cond::True;
        };
        let Some(stat) = noun(p).and_then(super::np::stat_of) else {
            self.cx
                .error(np.span, "a card has a number: `power 5+`, `cost 2 or less`");
            return Cond::True;
        };
        // `a friendly Gig has the same value` (as the one just named)
        if p.premods
            .iter()
            .any(|m| super::np::has_word(m, &PremodWord::Same))
        {
            let Some(r) = p.refers_to else {
                self.cx
                    .error(np.span, "`the same value` needs a Gig named before");
                return Cond::True;
            };
            let other = self.refer(r);
            let pred = and(vec![
                Pred::Not(Box::new(Pred::Is(other.clone()))),
                Pred::Stat {
                    stat,
                    cmp: Cmp::Eq,
                    to: Num::Stat { of: other, stat },
                },
            ]);
            return self.about(subject, pred);
        }
        let (cmp, to) = match p
            .heads
            .first()
            .and_then(|h| h.head.node.comparison.as_deref())
        {
            Some(c) => self.comparison(&c.node, c.span),
            None => match p.det.as_ref().map(|d| d.node) {
                Some(Det::Plus(n) | Det::OrMore(n) | Det::AtLeast(n)) => {
                    (Cmp::Ge, Num::Lit(i64::from(n)))
                }
                _ => {
                    self.cx
                        .error(np.span, "compare the number: `power 5+`, `cost 2 or less`");
                    return Cond::True;
                }
            },
        };
        self.about(subject, Pred::Stat { stat, cmp, to })
    }

    /// `If you trash them`: which way of `A Rival chooses whether …` was chosen.
    pub(crate) fn chose(&mut self, verb: Verb, span: Span) -> Cond {
        let Some((slot, ways)) = self.whether.clone() else {
            self.cx.error(span, "`If you …` checks a way chosen before");
            return Cond::True;
        };
        match ways.iter().position(|w| w.contains(&verb)) {
            Some(i) => Cond::Chose {
                slot,
                choice: i as u16,
            },
            None => {
                self.cx
                    .error(span, "this names none of the ways chosen before");
                Cond::True
            }
        }
    }
}

/// Controlled by a player: `friendly` for you, `rival` for a Rival.
pub(crate) fn controlled_by(who: Who) -> Pred {
    match who {
        Who::You => Pred::Rel(Rel::Friendly),
        Who::Rival => Pred::Rel(Rel::Rival),
        w => Pred::ControlledBy(w),
    }
}

/// Every Gig a player controls.
fn gigs_of(who: Who) -> Selector {
    Selector {
        scope: Scope::Gigs,
        filter: controlled_by(who),
        count: Count::All,
        best: None,
    }
}

/// A filter without the part that says whose it is.
fn without_control(p: Pred) -> Pred {
    match p {
        Pred::ControlledBy(_) | Pred::Rel(_) => Pred::True,
        Pred::All(v) => and(v.into_iter().map(without_control).collect()),
        p => p,
    }
}

/// The number a counting determiner gives.
fn count_n(d: Option<Det>) -> Option<u32> {
    match d {
        Some(Det::Number(n) | Det::OrMore(n) | Det::Plus(n) | Det::AtLeast(n)) => Some(n),
        Some(Det::A | Det::One | Det::OneOrMore | Det::Any) | None => Some(1),
        _ => None,
    }
}

/// The determiner a count has when its comparison follows the noun: `at least 2 Gigs more
/// than you` is `at least 2 more Gigs than you`, `2 Gigs more` is `2 more Gigs`, `Gigs more` is
/// `more Gigs`. A determiner that does not combine is kept (and refused where it is read).
fn compared_det(det: Option<Det>, word: t::ThanWord) -> Option<Det> {
    use t::ThanWord as W;
    match (det, word) {
        (Some(Det::AtLeast(n)), W::More | W::Greater | W::Higher) => Some(Det::AtLeastMore(n)),
        (Some(Det::AtLeast(n)), W::Fewer | W::Less | W::Lower) => Some(Det::AtLeastFewer(n)),
        (Some(Det::Number(n)), W::More | W::Greater | W::Higher) => Some(Det::NMore(n)),
        (Some(Det::Number(n)), W::Fewer | W::Lower) => Some(Det::NFewer(n)),
        (Some(Det::Number(n)), W::Less) => Some(Det::NLess(n)),
        (None | Some(Det::A), W::More | W::Greater | W::Higher) => Some(Det::More),
        (None | Some(Det::A), W::Fewer | W::Lower) => Some(Det::Fewer),
        (None | Some(Det::A), W::Less) => Some(Det::Less),
        (d, _) => d,
    }
}
