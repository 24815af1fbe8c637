//! Clauses: what a clause does. An order or a player's action becomes operations (each verb's
//! frame: which objects and adjuncts it takes); a statement about a card, Gig or player becomes a
//! [`Statement`]; a few sentences are rules about costs, modes or replacements.

use super::effect::{Builder, ModeSentence};
use super::np::{and, has_word, is_every, names, noun, reference, slot, Names};
use crate::prim::{
    About, AttackWhat, Body, Cond, CostChange, CostRule, Costed, Count, Dest, Dir,
    GameAction as Act, Lasts, MoveVerb, Num, OpKind, Order, Pred, Rel, Say, Scope, Selector,
    Statement, Target, Who,
};
use crate::source::Span;
use crate::syntax::tree::{
    self as t, Adjunct, ByAmount, Clause, Det, Form, Lead, Modal, Noun, NounPhrase, Np, Object,
    PremodWord, Sentence, Spanned, Verb, VerbPhrase,
};

/// The objects of a verb phrase that are noun phrases.
fn nps(vp: &VerbPhrase) -> Vec<&NounPhrase> {
    vp.objects
        .iter()
        .filter_map(|o| match &o.node {
            Object::Np(np) => Some(np),
            _ => None,
        })
        .collect()
}

/// The durations among a verb phrase's adjuncts.
fn durations(vp: &VerbPhrase) -> Vec<Spanned<t::DurationPhrase>> {
    vp.adjuncts
        .iter()
        .filter_map(|a| match &a.node {
            Adjunct::Duration(d) => Some(Spanned {
                node: d.clone(),
                span: a.span,
            }),
            _ => None,
        })
        .collect()
}

/// The `for each …` noun phrases among a verb phrase's adjuncts.
fn for_each(vp: &VerbPhrase) -> Vec<&NounPhrase> {
    vp.adjuncts
        .iter()
        .filter_map(|a| match &a.node {
            Adjunct::ForEach(np) => Some(np),
            _ => None,
        })
        .collect()
}

fn has_adjunct(vp: &VerbPhrase, f: impl Fn(&Adjunct) -> bool) -> bool {
    vp.adjuncts.iter().any(|a| f(&a.node))
}

/// Whether a modal makes a clause a statement (`can`, `can't`, `must`, …), not an action.
fn is_statement_modal(m: Option<Modal>) -> bool {
    matches!(
        m,
        Some(Modal::Can | Modal::Cant | Modal::CanOnly | Modal::Must | Modal::Doesnt | Modal::Dont)
    )
}

/// The noun of a noun phrase, if it is a phrase.
fn np_noun(np: &NounPhrase) -> Option<&Noun> {
    match &np.node {
        Np::Phrase(p) => noun(p),
        _ => None,
    }
}

impl Builder<'_, '_> {
    // ---- effects

    /// A clause in an effect: operations.
    pub(crate) fn clause_body(&mut self, c: &Spanned<Clause>, _in_instead: bool) {
        let clause = &c.node;
        let modal = clause.modal.as_ref().map(|m| m.node);
        let player = match &clause.subject {
            None => true,
            Some(s) => names(self, s) == Names::Players,
        };
        if player && !is_statement_modal(modal) {
            let who = match &clause.subject {
                None => Who::You,
                Some(s) => self.who(s),
            };
            if who == Who::Each {
                // `Each player draws 2.`: once for each player, `their` naming that player.
                let p = clause
                    .subject
                    .as_ref()
                    .and_then(|s| s.binds)
                    .map(slot)
                    .unwrap_or_else(|| self.fresh());
                if let Some(b) = clause.subject.as_ref().and_then(|s| s.binds) {
                    self.players.insert(b.0, Who::Slot(p));
                }
                let body = self.within(|b| b.steps(clause, Who::Slot(p), c.span));
                self.push(c.span, OpKind::ForEachPlayer { player: p, body });
                return;
            }
            self.steps(clause, who, c.span);
            return;
        }
        self.effect_statement(c);
    }

    /// The steps of an action clause by `who`, `you may` and `… and may …` asked.
    fn steps(&mut self, clause: &Clause, who: Who, span: Span) {
        let may_all = clause.modal.as_ref().is_some_and(|m| m.node == Modal::May);
        let body = |b: &mut Self| {
            for step in &clause.steps {
                if step.link == Some(t::Link::Or) {
                    b.cx.error(
                        step.vp.span,
                        "`or` between actions: say who chooses (`A Rival chooses whether you …`)",
                    );
                }
                if step.modal.as_ref().is_some_and(|m| m.node == Modal::May) {
                    let then = b.within(|b| {
                        b.action(&step.vp, who.clone(), clause.also, clause.subject.as_ref())
                    });
                    b.push(
                        step.vp.span,
                        OpKind::May {
                            who: who.clone(),
                            then,
                            otherwise: None,
                        },
                    );
                } else {
                    b.action(&step.vp, who.clone(), clause.also, clause.subject.as_ref());
                }
            }
        };
        if may_all {
            let then = self.within(body);
            self.push(
                span,
                OpKind::May {
                    who,
                    then,
                    otherwise: None,
                },
            );
        } else {
            body(self);
        }
    }

    /// One verb phrase done by `who`.
    fn action(
        &mut self,
        vp: &Spanned<VerbPhrase>,
        who: Who,
        also: bool,
        subject: Option<&NounPhrase>,
    ) {
        let span = vp.span;
        let v = &vp.node;
        let _ = also;
        if v.verbs.len() != 1 || v.copula.is_some() {
            self.cx.error(
                span,
                "an action is one verb: `Draw 2`, `defeat a rival Unit`",
            );
            return;
        }
        let verb = v.verbs[0].node;
        let objs = nps(v);
        let first = objs.first().copied();
        let need = |b: &mut Self, what: &str| {
            b.cx.error(span, format!("`{}` needs {what}", verb.word(Form::Base)));
        };
        match verb {
            Verb::Add => {
                let Some(np) = first else {
                    return need(self, "what is added");
                };
                let more = matches!(&np.node, Np::Count { count, .. } if count.more.is_some());
                if !more && !has_adjunct(v, |a| matches!(a, Adjunct::To(_))) {
                    self.cx.error(span, "`add` says where: `to your hand`");
                }
                let t = self.pick(np, who.clone(), v);
                self.push(
                    span,
                    OpKind::Do(Act::Move {
                        what: t,
                        to: Dest::Hand,
                        verb: MoveVerb::Add,
                    }),
                );
            }
            Verb::Adjust | Verb::Increase | Verb::Decrease => {
                let Some(np) = first else {
                    return need(self, "a Gig");
                };
                let Some(by) = v.adjuncts.iter().find_map(|a| match &a.node {
                    Adjunct::By(b) => Some(b.clone()),
                    _ => None,
                }) else {
                    return need(self, "how much: `by 2`, `by up to 3`");
                };
                let (n, either) = match &by.amount {
                    ByAmount::Number(n) => (self.number(n, span), false),
                    ByAmount::Signed { n, either } => {
                        (Num::Lit(i64::from(n.unsigned_abs())), *either)
                    }
                    ByAmount::AtLeast(_) => return need(self, "an amount, not a threshold"),
                };
                let dir = match verb {
                    Verb::Increase => Dir::Up,
                    Verb::Decrease => Dir::Down,
                    _ => Dir::Either,
                };
                let _ = either;
                let t = self.target(np, who.clone());
                self.push(
                    span,
                    OpKind::Do(Act::ChangeGig {
                        gig: t,
                        dir,
                        by: n,
                        up_to: by.up_to,
                    }),
                );
            }
            Verb::BottomDeck => {
                let Some(np) = first else {
                    return need(self, "what goes to the bottom");
                };
                let order = if v
                    .adjuncts
                    .iter()
                    .any(|a| matches!(&a.node, Adjunct::In(o) if is_any_order(o)))
                {
                    Order::Chosen
                } else {
                    Order::Random
                };
                let after = v
                    .adjuncts
                    .iter()
                    .any(|a| matches!(a.node, Adjunct::After(_)));
                if after {
                    // `Bottom-deck it after you play it`: a Program played so goes there once
                    // resolved; a card that stays in play goes now; a card that could not be
                    // played (its cost unpaid, rule 11.1.2) stays where it is.
                    match self.last_play {
                        Some(at) => {
                            if let Some(OpKind::Do(Act::Play { after, .. })) = self.op_at(at) {
                                *after = Some(Dest::DeckBottom(order));
                            }
                        }
                        None => self
                            .cx
                            .error(span, "`after you play it` needs a card played before it"),
                    }
                    let t = self.fixed(np);
                    let then = self.within(|b| {
                        b.push(
                            span,
                            OpKind::Do(Act::Move {
                                what: t.clone(),
                                to: Dest::DeckBottom(order),
                                verb: MoveVerb::BottomDeck,
                            }),
                        )
                    });
                    self.push_if(
                        span,
                        Cond::Is(t, Pred::InZone(vec![crate::prim::Area::Field])),
                        then,
                        None,
                    );
                    return;
                }
                let t = self.target(np, who.clone());
                self.push(
                    span,
                    OpKind::Do(Act::Move {
                        what: t,
                        to: Dest::DeckBottom(order),
                        verb: MoveVerb::BottomDeck,
                    }),
                );
            }
            Verb::Call => {
                let Some(np) = first else {
                    return need(self, "a Legend");
                };
                let free = has_adjunct(v, |a| matches!(a, Adjunct::ForFree));
                let t = match reference(np) {
                    Some(r) => self.refer(r),
                    None => {
                        let mut sel = self.selector(np);
                        // Rule 5.7.3: a Legend is Called from face-down in your Legends area.
                        sel.filter = and(vec![
                            sel.filter,
                            Pred::Rel(Rel::Friendly),
                            Pred::InZone(vec![crate::prim::Area::Legends]),
                            Pred::Not(Box::new(Pred::FaceUp)),
                        ]);
                        let into = np.binds.map(slot).unwrap_or_else(|| self.fresh());
                        self.choose(sel, into, who.clone(), span);
                        Target::Slot(into)
                    }
                };
                self.push(span, OpKind::Do(Act::Call { legend: t, free }));
            }
            Verb::Choose => {
                if let Some(Object::Whether(w)) = v.objects.first().map(|o| &o.node) {
                    self.whether(who, w, span);
                    return;
                }
                let Some(np) = first else {
                    return need(self, "what is chosen");
                };
                if matches!(np_noun(np), Some(Noun::CardType | Noun::Type)) {
                    let into = np.binds.map(slot).unwrap_or_else(|| self.fresh());
                    self.push(span, OpKind::ChooseType { into, by: who });
                    return;
                }
                if matches!(np_noun(np), Some(Noun::Effect)) {
                    self.cx.error(
                        span,
                        "`Choose one effect.` opens a line whose modes follow on the next line",
                    );
                    return;
                }
                let _ = self.pick(np, who, v);
            }
            Verb::Defeat => {
                let Some(np) = first else {
                    return need(self, "what is defeated");
                };
                let later = v.adjuncts.iter().any(
                    |a| matches!(&a.node, Adjunct::Duration(t::DurationPhrase::At(tp)) if !tp.start),
                );
                let t = self.target(np, who);
                if later {
                    let then = self.within(|b| b.push(span, OpKind::Do(Act::Defeat(t.clone()))));
                    self.push(
                        span,
                        OpKind::Later {
                            when: crate::prim::Later::EndOfTurn,
                            then,
                        },
                    );
                } else {
                    self.push(span, OpKind::Do(Act::Defeat(t)));
                }
            }
            Verb::Discard => {
                let Some(np) = first else {
                    return need(self, "what is discarded");
                };
                let t = self.hand_cards(np, who, span);
                self.push(
                    span,
                    OpKind::Do(Act::Move {
                        what: t,
                        to: Dest::Trash,
                        verb: MoveVerb::Discard,
                    }),
                );
            }
            Verb::Double => {
                let Some(np) = first else {
                    return need(self, "what is doubled");
                };
                let of = match &np.node {
                    Np::Phrase(p) if noun(p) == Some(&Noun::Power) => {
                        match p.possessor.as_deref() {
                            Some(o) => self.fixed(o),
                            None => self.cx.this(),
                        }
                    }
                    _ => return need(self, "a power: `double this Unit's power`"),
                };
                let during: Vec<Spanned<t::DurationPhrase>> =
                    self.during.clone().into_iter().collect();
                let about = About::Target(of);
                let said = self.durations(&during, false, &about);
                self.push(
                    span,
                    OpKind::Make(Statement {
                        about,
                        says: Say::DoublePower,
                        when: conds(said.when),
                        lasts: if said.lasts == Lasts::Indefinite {
                            Lasts::ThisTurn
                        } else {
                            said.lasts
                        },
                    }),
                );
            }
            Verb::Draw => {
                let (mut n, up_to) = match first.map(|np| &np.node) {
                    Some(Np::Count { count, .. }) => (Num::Lit(i64::from(count.n)), count.up_to),
                    _ => return need(self, "how many: `Draw 2`"),
                };
                for np in for_each(v) {
                    let c = self.count(np);
                    n = Num::Mul(Box::new(n), Box::new(c));
                }
                let into = first.and_then(|np| np.binds).map(slot);
                self.push(
                    span,
                    OpKind::Do(Act::Draw {
                        who,
                        n,
                        up_to,
                        into,
                    }),
                );
            }
            Verb::End => self.push(span, OpKind::Do(Act::EndAttack)),
            Verb::Equip => {
                let Some(np) = first else {
                    return need(self, "a Gear");
                };
                let to = v.adjuncts.iter().find_map(|a| match &a.node {
                    Adjunct::To(h) => Some(h.clone()),
                    _ => None,
                });
                let Some(to) = to else {
                    return need(self, "where: `to a friendly Unit`");
                };
                if has_adjunct(v, |a| matches!(a, Adjunct::Only)) {
                    // `Equip it only to another friendly Unit`: where the Gear just played may go.
                    let host = self.pred(&to);
                    match self.last_play {
                        Some(at) => {
                            if let Some(OpKind::Do(Act::Play { host: h, .. })) = self.op_at(at) {
                                *h = Some(host);
                            }
                        }
                        None => self
                            .cx
                            .error(span, "`Equip it only to …` needs a Gear played before it"),
                    }
                    return;
                }
                let g = self.target(np, who.clone());
                let h = self.target(&to, who);
                self.push(span, OpKind::Do(Act::Equip { gear: g, to: h }));
            }
            Verb::Give => {
                let Some(np) = first else {
                    return need(self, "who gets it");
                };
                let grants: Vec<t::Grant> = v
                    .objects
                    .iter()
                    .filter_map(|o| match &o.node {
                        Object::Grants(g) => Some(g.iter().map(|x| x.node).collect::<Vec<_>>()),
                        _ => None,
                    })
                    .flatten()
                    .collect();
                if grants.is_empty() {
                    return need(self, "what is given: `+2 power`, `{Blocker}`");
                }
                let targets = self.targets(np, who);
                let durs = durations(v);
                for t in targets {
                    for g in &grants {
                        let says = match g {
                            t::Grant::Power(n) => {
                                let mut num = Num::Lit(i64::from(*n));
                                for each in for_each(v) {
                                    let c = self.count(each);
                                    num = Num::Mul(Box::new(num), Box::new(c));
                                }
                                Say::Power(num)
                            }
                            t::Grant::Keyword(k) => Say::Keyword(super::keyword_of(*k)),
                        };
                        let about = About::Target(t.clone());
                        let mut all = durs.clone();
                        all.extend(self.during.clone());
                        let said = self.durations(&all, false, &about);
                        self.push(
                            span,
                            OpKind::Make(Statement {
                                about,
                                says,
                                when: conds(said.when),
                                lasts: said.lasts,
                            }),
                        );
                    }
                }
            }
            Verb::Ignore => self.push(span, OpKind::Do(Act::IgnoreResult)),
            Verb::LookAt => {
                let Some(np) = first else {
                    return need(self, "what is looked at");
                };
                // `Look at a Rival's hand`: every card in it
                if let Some((zones, whose)) = self.zone(np) {
                    let into = np.binds.map(slot).unwrap_or_else(|| self.fresh());
                    self.choose(
                        Selector {
                            scope: Scope::Zones { zones, whose },
                            filter: Pred::True,
                            count: Count::All,
                            best: None,
                        },
                        into,
                        who,
                        span,
                    );
                    self.push(span, OpKind::Do(Act::Look(Target::Slot(into))));
                    return;
                }
                for t in self.targets(np, who) {
                    self.push(span, OpKind::Do(Act::Look(t)));
                }
            }
            Verb::Win | Verb::Lose if first.is_some_and(|np| np_noun(np) == Some(&Noun::Game)) => {
                self.push(
                    span,
                    OpKind::Do(Act::GameResult {
                        win: verb == Verb::Win,
                    }),
                );
            }
            Verb::Move => {
                let Some(np) = first else {
                    return need(self, "what moves");
                };
                let to = v.adjuncts.iter().find_map(|a| match &a.node {
                    Adjunct::To(h) => Some(h.clone()),
                    _ => None,
                });
                let Some(to) = to else {
                    return need(self, "where: `to a friendly Unit`");
                };
                let from = v.adjuncts.iter().find_map(|a| match &a.node {
                    Adjunct::From(f) => Some(f.clone()),
                    _ => None,
                });
                let g = match from {
                    Some(f) => {
                        let mut sel = self.selector(np);
                        let on = self.target(&f, who.clone());
                        sel.filter = and(vec![sel.filter, Pred::EquippedTo(on)]);
                        let into = np.binds.map(slot).unwrap_or_else(|| self.fresh());
                        self.choose(sel, into, who.clone(), span);
                        Target::Slot(into)
                    }
                    None => self.target(np, who.clone()),
                };
                let h = self.target(&to, who);
                self.push(span, OpKind::Do(Act::MoveGear { gear: g, to: h }));
            }
            Verb::Pay => match v.objects.first().map(|o| &o.node) {
                Some(Object::Eddies(e)) => self.push(
                    span,
                    OpKind::Do(Act::Pay(Num::Lit(i64::from(e.amount.max(0))))),
                ),
                _ => need(self, "eddies: `Pay 2 €$`"),
            },
            Verb::Play => {
                let Some(np) = first else {
                    return need(self, "what is played");
                };
                let free = has_adjunct(v, |a| matches!(a, Adjunct::ForFree));
                let t = self.pick(np, who, v);
                let at = self.here();
                self.push(
                    span,
                    OpKind::Do(Act::Play {
                        card: t,
                        free,
                        host: None,
                        after: None,
                    }),
                );
                self.last_play = Some(at);
            }
            Verb::Ready => {
                let Some(np) = first else {
                    return need(self, "what is readied");
                };
                if names(self, np) == Names::Eddies {
                    let mut sel = self.selector(np);
                    sel.filter = and(vec![sel.filter, Pred::Spent]);
                    let into = self.fresh();
                    self.choose(sel, into, who, span);
                    self.push(span, OpKind::Do(Act::Ready(Target::Slot(into))));
                    return;
                }
                for t in self.targets(np, who) {
                    self.push(span, OpKind::Do(Act::Ready(t)));
                }
            }
            Verb::Remove => {
                let Some(np) = first else {
                    return need(self, "what is removed");
                };
                self.move_each(np, who, span, Dest::Removed, MoveVerb::Remove);
            }
            Verb::Reroll => {
                let Some(np) = first else {
                    return need(self, "a Gig");
                };
                let t = self.target(np, who);
                self.push(span, OpKind::Do(Act::Reroll(t)));
            }
            Verb::Return => {
                let Some(np) = first else {
                    return need(self, "what returns");
                };
                self.move_each(np, who, span, Dest::Hand, MoveVerb::Return);
            }
            Verb::Reveal => {
                let Some(np) = first else {
                    return need(self, "what is revealed");
                };
                // `A Rival reveals their hand`: every card in it.
                if let Some((zones, whose)) = self.zone(np) {
                    let into = np.binds.map(slot).unwrap_or_else(|| self.fresh());
                    self.choose(
                        Selector {
                            scope: Scope::Zones { zones, whose },
                            filter: Pred::True,
                            count: Count::All,
                            best: None,
                        },
                        into,
                        who,
                        span,
                    );
                    self.push(span, OpKind::Do(Act::Reveal(Target::Slot(into))));
                    return;
                }
                let t = self.pick(np, who, v);
                self.push(span, OpKind::Do(Act::Reveal(t)));
            }
            Verb::Search => {
                let Some(np) = first else {
                    return need(self, "what is searched");
                };
                let t = self.target(np, who.clone());
                if let Target::Slot(s) = t {
                    self.searched.insert(s);
                    self.looked = Some(s);
                }
                self.push(span, OpKind::Do(Act::Look(t.clone())));
                // `… for up to 1 BRAINDANCE Program`: found among them, or not (rule 11.13.4.1)
                if let (Some(f), Target::Slot(s)) = (
                    v.adjuncts.iter().find_map(|a| match &a.node {
                        Adjunct::For(f) => Some(f.clone()),
                        _ => None,
                    }),
                    &t,
                ) {
                    self.note(&f);
                    let mut sel = self.selector(&f);
                    sel.scope = Scope::Rest { of: *s };
                    sel.count = match sel.count {
                        Count::Exactly(n) | Count::UpTo(n) | Count::Search(n) => Count::Search(n),
                        c => c,
                    };
                    let into = f.binds.map(slot).unwrap_or_else(|| self.fresh());
                    self.choose(sel, into, who, span);
                }
            }
            Verb::Sell => {
                let Some(np) = first else {
                    return need(self, "what is sold");
                };
                let t = self.target(np, who);
                self.push(span, OpKind::Do(Act::Sell(t)));
            }
            Verb::Set => {
                let Some(np) = first else {
                    return need(self, "a Gig");
                };
                let Some(to) = v.adjuncts.iter().find_map(|a| match &a.node {
                    Adjunct::ToNumber(n) => Some(n.clone()),
                    _ => None,
                }) else {
                    return need(self, "the value: `to 5`, `to the value of another Gig`");
                };
                // `Set a Gig's value to …` names the Gig by its value.
                let gig_np = match &np.node {
                    Np::Phrase(p) if noun(p) == Some(&Noun::Value) => {
                        p.possessor.as_deref().unwrap_or(np).clone()
                    }
                    _ => np.clone(),
                };
                let t = self.target(&gig_np, who.clone());
                if let Target::Slot(s) = t {
                    self.last_gig = Some(s);
                }
                // `to the same value as another player's Gig`: a Gig of the other player than the
                // first one's, chosen
                let to = match &to {
                    t::Number::Np(n) => match self.same_as(n) {
                        Some(other) => {
                            let mut sel = self.selector(&other);
                            if other_player(&other) {
                                sel.filter = and(vec![
                                    sel.filter,
                                    Pred::Not(Box::new(Pred::ControlledBy(Who::ControllerOf(
                                        t.clone(),
                                    )))),
                                ]);
                            }
                            let into = other.binds.map(slot).unwrap_or_else(|| self.fresh());
                            self.choose(sel, into, who, span);
                            Num::Stat {
                                of: Target::Slot(into),
                                stat: crate::prim::Stat::Value,
                            }
                        }
                        None => self.number(&to, span),
                    },
                    _ => self.number(&to, span),
                };
                self.push(span, OpKind::Do(Act::SetGig { gig: t, to }));
            }
            Verb::Spend => {
                // `spend 1 €$ to defeat this Legend`: a payment, then the action.
                if let Some(Object::Eddies(e)) = v.objects.first().map(|o| &o.node) {
                    self.push(
                        span,
                        OpKind::Do(Act::Pay(Num::Lit(i64::from(e.amount.max(0))))),
                    );
                    for a in &v.adjuncts {
                        if let Adjunct::Purpose(p) = &a.node {
                            self.action(p, who.clone(), false, subject);
                        }
                    }
                    return;
                }
                let Some(np) = first else {
                    return need(self, "what is spent");
                };
                let each = for_each(v);
                if !each.is_empty() {
                    // `Spend a rival Unit for each friendly value-pair`: that many, chosen.
                    let mut n = Num::Lit(1);
                    for e in each {
                        let c = self.count(e);
                        n = Num::Mul(Box::new(n), Box::new(c));
                    }
                    let mut sel = self.selector(np);
                    sel.count = Count::Exactly(n);
                    let into = np.binds.map(slot).unwrap_or_else(|| self.fresh());
                    self.choose(sel, into, who, span);
                    self.push(span, OpKind::Do(Act::Spend(Target::Slot(into))));
                    return;
                }
                for t in self.targets(np, who) {
                    self.push(span, OpKind::Do(Act::Spend(t)));
                }
            }
            Verb::Steal => {
                let Some(np) = first else {
                    return need(self, "a Gig");
                };
                let by = subject
                    .filter(|s| names(self, s) == Names::Cards)
                    .map(|s| self.fixed(s));
                let t = self.steal_target(np, who);
                self.push(span, OpKind::Do(Act::Steal { gig: t, by }));
            }
            Verb::Swap => {
                let Some(np) = first else {
                    return need(self, "a Gig");
                };
                let with = v.adjuncts.iter().find_map(|a| match &a.node {
                    Adjunct::With(w) => Some(w.clone()),
                    _ => None,
                });
                let Some(with) = with else {
                    return need(self, "what with: `with a rival Gig`");
                };
                let a = self.target(np, who.clone());
                let b = self.target(&with, who);
                self.push(span, OpKind::Do(Act::Swap { a, b }));
            }
            Verb::Trash => {
                let Some(np) = first else {
                    return need(self, "what is trashed");
                };
                // `search the top 2 cards of your deck and trash 1`: one of the cards searched,
                // chosen; the others stay where they are (rules 11.13, 5.3.2.6).
                if let Some(of) = self
                    .looked
                    .filter(|s| matches!(&np.node, Np::Count { .. }) && self.searched.contains(s))
                {
                    self.note(np);
                    let mut sel = self.selector(np);
                    sel.scope = Scope::Rest { of };
                    let into = np.binds.map(slot).unwrap_or_else(|| self.fresh());
                    self.choose(sel, into, who.clone(), np.span);
                    let t = Target::Slot(into);
                    self.push(
                        span,
                        OpKind::Do(Act::Move {
                            what: t,
                            to: Dest::Trash,
                            verb: MoveVerb::Trash,
                        }),
                    );
                    return;
                }
                if let Np::Count { count, .. } = &np.node {
                    // `Trash 3`: the top cards of your deck (rule 11.7.2.1).
                    let into = np.binds.map(slot).unwrap_or_else(|| self.fresh());
                    let whose = who;
                    self.push(
                        span,
                        OpKind::Do(Act::TrashTop {
                            whose,
                            n: Num::Lit(i64::from(count.n)),
                            into,
                            up_to: count.up_to,
                        }),
                    );
                    self.looked = Some(into);
                    return;
                }
                self.move_each(np, who, span, Dest::Trash, MoveVerb::Trash);
            }
            _ => self.cx.error(
                span,
                format!(
                    "`{}` is not something an effect does",
                    verb.word(Form::Base)
                ),
            ),
        }
    }

    /// The targets of an action's object, one per conjunct (`this Unit and a rival Unit`): the
    /// choices first, in order, then the fixed ones (the catalogue's `Spend this Unit and a rival
    /// Unit` chooses the rival Unit first).
    /// Moves each card `np` names to `to`, by `verb` (`Remove`, `Return`, `Trash` …).
    fn move_each(&mut self, np: &NounPhrase, who: Who, span: Span, to: Dest, verb: MoveVerb) {
        for t in self.targets(np, who) {
            self.push(span, OpKind::Do(Act::Move { what: t, to, verb }));
        }
    }

    fn targets(&mut self, np: &NounPhrase, who: Who) -> Vec<Target> {
        match &np.node {
            Np::And(v) => v
                .iter()
                .flat_map(|x| self.targets(x, who.clone()))
                .collect(),
            _ => vec![self.target(np, who)],
        }
    }

    /// Cards taken from a set of cards looked at or from where the phrase says: a reference as
    /// it is, otherwise a choice. A pick among cards looked at privately may fail to find when
    /// the phrase asks for something a card must show (rules 5.3.2.4.1, 11.13.4.1).
    fn pick(&mut self, np: &NounPhrase, who: Who, _vp: &VerbPhrase) -> Target {
        self.note(np);
        if let Some(r) = reference(np) {
            return self.refer(r);
        }
        let mut sel = self.selector(np);
        // `add 1 more for each friendly min Gig`: that many more (the `for each` is the verb's)
        if let Np::Count { count, .. } = &np.node {
            if count.more.is_some() {
                let mut n = Num::Lit(i64::from(count.n));
                for e in for_each(_vp) {
                    let c = self.count(e);
                    n = Num::Mul(Box::new(n), Box::new(c));
                }
                sel.count = Count::Exactly(n);
            }
        }
        let looked = match sel.scope {
            Scope::Rest { of } | Scope::Slot(of) => Some(of),
            _ => None,
        };
        if let Some(s) = looked {
            if self.searched.contains(&s) && asks_something(np) {
                sel.count = match sel.count {
                    Count::Exactly(n) | Count::UpTo(n) | Count::Search(n) => Count::Search(n),
                    c => c,
                };
            }
        }
        if is_every(np) {
            sel.count = Count::All;
        }
        let into = np.binds.map(slot).unwrap_or_else(|| self.fresh());
        self.choose(sel, into, who, np.span);
        Target::Slot(into)
    }

    /// Cards from a hand: `Discard 1`, `discard a Program from your hand`, `discard 2 Programs`.
    fn hand_cards(&mut self, np: &NounPhrase, who: Who, span: Span) -> Target {
        self.note(np);
        if let Some(r) = reference(np) {
            return self.refer(r);
        }
        // `discards their hand`: every card in it
        if let Some((zones, whose)) = self.zone(np) {
            let into = np.binds.map(slot).unwrap_or_else(|| self.fresh());
            self.choose(
                Selector {
                    scope: Scope::Zones { zones, whose },
                    filter: Pred::True,
                    count: Count::All,
                    best: None,
                },
                into,
                who,
                span,
            );
            return Target::Slot(into);
        }
        let mut sel = self.selector(np);
        // `Discard 1`, `A Rival discards 1`: from the hand of who discards, unless the phrase
        // says where (`discard a card from it`)
        let said = matches!(&np.node, Np::Phrase(p) if p.postmods.iter().any(|m| matches!(m.node, t::Postmod::From { .. } | t::Postmod::In(_))));
        if !said {
            sel.scope = Scope::Zones {
                zones: vec![crate::prim::Area::Hand],
                whose: who.clone(),
            };
        }
        if is_every(np) {
            sel.count = Count::All;
        }
        let into = np.binds.map(slot).unwrap_or_else(|| self.fresh());
        self.choose(sel, into, who, span);
        Target::Slot(into)
    }

    /// The Gig stolen: a Rival's (rule 6.7).
    fn steal_target(&mut self, np: &NounPhrase, who: Who) -> Target {
        self.note(np);
        if let Some(r) = reference(np) {
            return self.refer(r);
        }
        let mut sel = self.selector(np);
        sel.filter = and(vec![sel.filter, Pred::Rel(Rel::Rival)]);
        let into = np.binds.map(slot).unwrap_or_else(|| self.fresh());
        self.choose(sel, into, who, np.span);
        Target::Slot(into)
    }

    /// `the same value as <np>`, `the value of <np>` where the Gig is chosen: the noun phrase.
    fn same_as(&self, n: &NounPhrase) -> Option<NounPhrase> {
        let Np::Phrase(p) = &n.node else { return None };
        if noun(p) != Some(&Noun::Value) {
            return None;
        }
        p.postmods.iter().find_map(|m| match &m.node {
            t::Postmod::As(o) | t::Postmod::Of(o) if reference(o).is_none() => Some(o.clone()),
            _ => None,
        })
    }

    /// `for each …` as a number.
    pub(crate) fn count(&mut self, np: &NounPhrase) -> Num {
        self.note(np);
        match np_noun(np) {
            Some(Noun::ValuePair | Noun::SidedPair) => {
                let stat = if np_noun(np) == Some(&Noun::ValuePair) {
                    crate::prim::Stat::Value
                } else {
                    crate::prim::Stat::Sides
                };
                // the Gigs the pairs are made of
                let mut sel = self.all_of(np);
                sel.scope = Scope::Gigs;
                Num::Pairs {
                    of: Box::new(sel),
                    stat,
                }
            }
            _ => Num::Count(Box::new(self.all_of(np))),
        }
    }

    /// `A Rival chooses whether you add them to your hand or trash them`.
    fn whether(&mut self, by: Who, w: &Clause, span: Span) {
        let into = self.fresh();
        let doer = match &w.subject {
            Some(s) => self.who(s),
            None => Who::You,
        };
        let mut choices = Vec::new();
        let mut verbs = Vec::new();
        for step in &w.steps {
            let b = self.within(|b| b.action(&step.vp, doer.clone(), false, None));
            choices.push((b, step.vp.span));
            verbs.push(step.vp.node.verbs.iter().map(|v| v.node).collect());
        }
        self.whether = Some((into, verbs));
        self.push(span, OpKind::Whether { by, choices, into });
    }

    // ---- statements

    /// A statement in an effect: made now, lasting as its durations say.
    fn effect_statement(&mut self, c: &Spanned<Clause>) {
        let clause = &c.node;
        let Some(subject) = &clause.subject else {
            self.cx.error(
                c.span,
                "a rule says what it is about: `A rival Unit can't attack …`",
            );
            return;
        };
        self.note(subject);
        let Some(step) = clause.steps.first() else {
            return;
        };
        let vp = &step.vp.node;
        let modal = clause.modal.as_ref().map(|m| m.node);
        // `the Gig isn't stolen`: the event about to happen doesn't.
        if vp
            .copula
            .as_ref()
            .is_some_and(|c| matches!(c.node, t::Copula::IsNot | t::Copula::AreNot))
            && vp.form == Form::Participle
        {
            let t = self.fixed(subject);
            self.push(c.span, OpKind::Do(Act::Prevent(t)));
            return;
        }
        // `it also steals a Gig`, `Its controller draws 1` (a card doing an action)
        if modal.is_none()
            && vp.verbs.first().is_some_and(|v| v.node == Verb::Steal)
            && !is_fewer(vp)
        {
            let who = Who::ControllerOf(self.fixed(subject));
            self.action(&step.vp, who, clause.also, Some(subject));
            return;
        }
        let saved = self.subject;
        self.subject = subject.binds;
        // `Your next Program this turn plays for …`: about the next such card you play
        let next = matches!(&subject.node, Np::Phrase(p) if p.premods.iter().any(|m| has_word(m, &PremodWord::Next)));
        let about = if next {
            let what = self.pred(subject);
            self.next_what = Some(what);
            About::Player(Who::You)
        } else {
            self.about_of(subject, false)
        };
        if let Some(d) = &clause.subject_duration {
            self.during = Some(d.clone());
        }
        if let Some(st) = self.statement(about, modal, step, c.span, false, Vec::new()) {
            self.push(c.span, OpKind::Make(st));
        }
        self.subject = saved;
    }

    /// What a statement's subject is: fixed objects, every object it describes (read live), a
    /// player, or — in an effect — objects chosen now (`A rival Unit can't attack …`).
    fn about_of(&mut self, subject: &NounPhrase, is_static: bool) -> About {
        if names(self, subject) == Names::Players {
            return About::Player(self.who(subject));
        }
        if let Some(r) = reference(subject) {
            return About::Target(self.refer(r));
        }
        if is_static || is_every(subject) {
            return About::Each(self.pred(subject));
        }
        About::Target(self.target(subject, Who::You))
    }

    /// What a clause says as a statement about `about`.
    fn statement(
        &mut self,
        about: About,
        modal: Option<Modal>,
        step: &t::Step,
        _span: Span,
        is_static: bool,
        mut when: Vec<Cond>,
    ) -> Option<Statement> {
        let saved = self.subject;
        if let About::Target(Target::Slot(s)) = &about {
            if self.subject.is_none() {
                self.subject = Some(t::BindingId(u32::from(s.0)));
            }
        }
        let vp = &step.vp.node;
        let mut durs = durations(vp);
        durs.extend(self.during.clone());
        let user = match &about {
            About::Player(w) => Pred::ControlledBy(w.clone()),
            _ => Pred::Is(Target::Subject),
        };
        let verb = vp.verbs.first().map(|v| v.node);
        let passive = vp.copula.is_some() || vp.form == Form::Participle;
        let objs = nps(vp);
        let says = match (modal, verb, passive) {
            (Some(Modal::Cant), Some(Verb::Attack), false) => Say::CantAttack,
            (Some(Modal::Can | Modal::May), Some(Verb::Attack), false) => {
                let what = self.attack_what(&objs, step.vp.span);
                let said = self.durations(&durs, is_static, &about);
                Say::CanAttack {
                    what,
                    despite_lag: said.despite_lag || (!is_static && said.lasts == Lasts::ThisTurn),
                }
            }
            (Some(Modal::CanOnly), Some(Verb::Attack), false) => {
                Say::CanOnlyAttack(self.attack_what(&objs, step.vp.span))
            }
            (Some(Modal::Must), Some(Verb::Attack), false) => Say::MustAttack,
            (Some(Modal::Cant), Some(Verb::Block), true) => Say::CantBeBlocked,
            (Some(Modal::Cant), Some(Verb::Block), false) => Say::CantBlock,
            (Some(Modal::Cant), Some(Verb::Defeat), true) => Say::CantBeDefeated {
                in_fight: vp.adjuncts.iter().any(
                    |a| matches!(&a.node, Adjunct::In(np) if np_noun(np) == Some(&Noun::Fight)),
                ),
            },
            (Some(Modal::Cant), Some(Verb::Ready), false) => Say::CantReady,
            (Some(Modal::Cant), Some(Verb::Steal), false) => {
                let what = objs.first().map_or(Pred::True, |np| self.pred(np));
                Say::CantSteal(what)
            }
            (Some(Modal::Doesnt | Modal::Dont), Some(Verb::Defeat), false) => {
                let what = objs.first().map_or(Pred::True, |np| self.pred(np));
                Say::DoesntDefeatInFight(what)
            }
            // `may use {Go Solo} for -2 €$ this turn, to a minimum of 1 €$`
            (Some(Modal::May), Some(Verb::Use), false) => {
                let Some(k) = keyword_object(vp) else {
                    self.cx
                        .error(step.vp.span, "`use` names a keyword: `use {Go Solo}`");
                    return None;
                };
                let (by, min) = self.cost_change(vp);
                Say::Cost(CostRule {
                    of: Costed::Use {
                        keyword: k,
                        by: user,
                    },
                    change: CostChange::Add { by, minimum: min },
                    when: Cond::True,
                })
            }
            // `must pay +2 €$ to use {Go Solo}`
            (Some(Modal::Must), Some(Verb::Pay), false) => {
                let amount = vp.objects.iter().find_map(|o| match &o.node {
                    Object::Eddies(e) => Some(e.amount),
                    _ => None,
                });
                let keyword = vp.adjuncts.iter().find_map(|a| match &a.node {
                    Adjunct::Purpose(p) => keyword_object(&p.node),
                    _ => None,
                });
                let (Some(amount), Some(keyword)) = (amount, keyword) else {
                    self.cx.error(
                        step.vp.span,
                        "say what is paid and for what: `must pay +2 €$ to use {Go Solo}`",
                    );
                    return None;
                };
                Say::Cost(CostRule {
                    of: Costed::Use { keyword, by: user },
                    change: CostChange::Add {
                        by: Num::Lit(i64::from(amount)),
                        minimum: None,
                    },
                    when: Cond::True,
                })
            }
            // `has +2 power for each …`, `has {Adrenaline}`
            (None, Some(Verb::Have), false) => {
                let grants: Vec<t::Grant> = vp
                    .objects
                    .iter()
                    .filter_map(|o| match &o.node {
                        Object::Grants(g) => Some(g.iter().map(|x| x.node).collect::<Vec<_>>()),
                        _ => None,
                    })
                    .flatten()
                    .collect();
                match grants.as_slice() {
                    [t::Grant::Power(n)] => {
                        let mut num = Num::Lit(i64::from(*n));
                        for each in for_each(vp) {
                            let c = self.count(each);
                            num = Num::Mul(Box::new(num), Box::new(c));
                        }
                        Say::Power(num)
                    }
                    [t::Grant::Keyword(k)] => Say::Keyword(super::keyword_of(*k)),
                    _ => {
                        self.cx
                            .error(step.vp.span, "say what it has: `+2 power` or a keyword");
                        return None;
                    }
                }
            }
            // `gains power equal to that card's cost this turn`, `loses power equal to …`
            (None, Some(Verb::Gain | Verb::Lose), false) => {
                let n = objs.first().and_then(|np| match &np.node {
                    Np::Phrase(p) if noun(p) == Some(&Noun::Power) => {
                        p.heads.first().and_then(|h| h.head.node.comparison.clone())
                    }
                    _ => None,
                });
                let Some(c) = n else {
                    self.cx
                        .error(step.vp.span, "say how much: `gains power equal to …`");
                    return None;
                };
                let t::Comparison::EqualTo { to, or: None } = &c.node else {
                    self.cx.error(c.span, "`power equal to …`");
                    return None;
                };
                let n = self.number(to, c.span);
                Say::Power(if verb == Some(Verb::Gain) {
                    n
                } else {
                    Num::Neg(Box::new(n))
                })
            }
            // `steals 1 fewer Gig this turn`
            (None, Some(Verb::Steal), false) if is_fewer(vp) => {
                let (n, fewer) = fewer_count(vp);
                Say::StealsMore(Num::Lit(if fewer { -i64::from(n) } else { i64::from(n) }))
            }
            // `wins all fights against CORPO Units`
            (None, Some(Verb::Win), false) => {
                let against = vp.adjuncts.iter().find_map(|a| match &a.node {
                    Adjunct::Against(np) => Some(np.clone()),
                    _ => None,
                });
                let Some(against) = against else {
                    self.cx.error(step.vp.span, "`wins all fights against …`");
                    return None;
                };
                Say::WinsFightsAgainst(self.pred(&against))
            }
            // `Your next Program this turn plays for -1 €$ …`
            (None, Some(Verb::Play), false) => {
                let (by, minimum) = self.cost_change(vp);
                let what = match &about {
                    About::Each(p) => p.clone(),
                    About::Target(t) => Pred::Is(t.clone()),
                    About::Player(_) => self.next_what.take().unwrap_or(Pred::True),
                };
                Say::Cost(CostRule {
                    of: Costed::Plays {
                        what,
                        first_each_turn: false,
                        next_only: true,
                    },
                    change: CostChange::Add { by, minimum },
                    when: Cond::True,
                })
            }
            // `you may Call a Legend for free` (a rule: calling costs nothing)
            (Some(Modal::May), Some(Verb::Call), false)
                if has_adjunct(vp, |a| matches!(a, Adjunct::ForFree)) =>
            {
                Say::Cost(CostRule {
                    of: Costed::Call,
                    change: CostChange::Free,
                    when: Cond::True,
                })
            }
            _ => {
                self.cx
                    .error(step.vp.span, "this says nothing a rule can hold about it");
                self.subject = saved;
                return None;
            }
        };
        let said = self.durations(&durs, is_static, &about);
        when.extend(said.when);
        self.subject = saved;
        // `it doesn't defeat the opposing friendly Unit`: in the fight it is said for
        let lasts = match (&says, &said.lasts) {
            (Say::DoesntDefeatInFight(_), Lasts::Indefinite) => Lasts::ThisAttack,
            _ => said.lasts,
        };
        Some(Statement {
            about,
            says,
            when: conds(when),
            lasts,
        })
    }

    /// What `can attack …` may attack.
    fn attack_what(&mut self, objs: &[&NounPhrase], span: Span) -> AttackWhat {
        match objs.first() {
            // `It can attack this turn.`: whatever it could attack (despite Lag, rule 11.3.1.1)
            None => {
                let _ = span;
                AttackWhat::Units(Pred::True)
            }
            Some(np) if np_noun(np) == Some(&Noun::GigArea) => AttackWhat::GigArea,
            Some(np) => AttackWhat::Units(self.pred(np)),
        }
    }

    /// A sentence of a rule about a card (a static ability).
    pub(crate) fn static_sentence(&mut self, s: &Spanned<Sentence>) -> Vec<Statement> {
        let mut when = Vec::new();
        let mut during = Vec::new();
        for l in &s.node.leads {
            match &l.node {
                Lead::If(c) => when.push(self.condition(c)),
                Lead::During(d) => during.push(d.clone()),
                Lead::Then { .. } => {}
                _ => self.cx.error(
                    l.span,
                    "a rule about a card holds all the time; it can't depend on an effect",
                ),
            }
        }
        let clause = &s.node.clause.node;
        if let Some(tr) = &clause.condition {
            if let Some(c) = self.trailing(tr) {
                when.push(c);
            }
        }
        let Some(subject) = &clause.subject else {
            self.cx.error(s.span, "an effect on a card needs a trigger (`{Play}`, `When …,`) or a cost (`{Spend}:`); a rule says what it is about");
            return Vec::new();
        };
        self.note(subject);
        let saved_subject = self.subject;
        self.subject = subject.binds;
        let about = self.about_of(subject, true);
        let saved = self.during.take();
        self.during = during.pop();
        let mut out = Vec::new();
        for step in &clause.steps {
            if let Some(st) = self.statement(
                about.clone(),
                clause.modal.as_ref().map(|m| m.node),
                step,
                s.span,
                true,
                when.clone(),
            ) {
                out.push(st);
            }
        }
        self.during = saved;
        self.subject = saved_subject;
        out
    }

    /// `If <…> would <…>, <…> instead.`: a replacement effect (rules 10.24–10.30).
    pub(crate) fn replacement(&mut self, s: &Spanned<Sentence>) -> Option<Body> {
        let clause = &s.node.clause;
        let instead = clause.node.instead?;
        let would = s.node.leads.iter().find_map(|l| match &l.node {
            Lead::If(c) => match &c.node {
                t::Condition::Holds(h)
                    if h.modal.as_ref().is_some_and(|m| m.node == Modal::Would) =>
                {
                    Some((h.clone(), c.span))
                }
                _ => None,
            },
            _ => None,
        });
        let Some((w, wspan)) = would else {
            if instead.replaces.0 == u32::from(self.current_sentence()) {
                self.cx.error(
                    s.span,
                    "`instead` of what? A replacement reads `If <…> would <…>, <…> instead.`",
                );
            }
            return None;
        };
        let subject = w.subject.as_ref()?;
        let step = w.steps.first()?;
        let ev = t::EventPhrase {
            subject: subject.clone(),
            would: true,
            vp: step.vp.clone(),
            binds: None,
        };
        let replaces = self.event(&Spanned {
            node: ev,
            span: wspan,
        });
        let optional = clause
            .node
            .modal
            .as_ref()
            .is_some_and(|m| m.node == Modal::May);
        let c = clause.clone();
        let mut inner = super::effect::Builder::new(self.cx);
        inner.players = self.players.clone();
        inner.push_span(s.span);
        let mut body = c.node.clone();
        body.modal = None;
        inner.clause_body(
            &Spanned {
                node: body,
                span: c.span,
            },
            true,
        );
        let effect = inner.done();
        Some(Body::Replacement {
            replaces,
            optional,
            effect,
        })
    }

    /// A cost rule written as a sentence: `Play this Unit for -1 €$ for each …, to a minimum of
    /// 1 €$.`, `If your fixer area is empty, play this Program for 1 €$.`, `This effect costs -1 €$
    /// for each …`, `Play your first CYBERWARE Gear each turn for -3 €$ …`, `You may also play this
    /// Program when a Unit attacks by paying …`.
    pub(crate) fn cost_sentence(&mut self, s: &Spanned<Sentence>) -> Option<CostRule> {
        let clause = &s.node.clause.node;
        let step = clause.steps.first()?;
        let vp = &step.vp.node;
        let verb = vp.verbs.first()?.node;
        let priced = has_adjunct(vp, |a| matches!(a, Adjunct::ForEddies(_)));
        let when_window = vp.adjuncts.iter().find_map(|a| match &a.node {
            Adjunct::When(e) => Some(e.clone()),
            _ => None,
        });
        let this_effect = clause
            .subject
            .as_ref()
            .is_some_and(|s| np_noun(s) == Some(&Noun::Effect));
        if !(verb == Verb::Play && (priced || when_window.is_some())
            || verb == Verb::Cost && this_effect)
        {
            return None;
        }
        // A Program's `Play it for free` is an effect, not a rule: only `this …` or a kind of card
        // with its price is a rule.
        let object = nps(vp).first().copied();
        let mut cond = Vec::new();
        for l in &s.node.leads {
            if let Lead::If(c) = &l.node {
                cond.push(self.condition(c));
            }
        }
        let (by, minimum) = self.cost_change(vp);
        let set = vp.adjuncts.iter().find_map(|a| match &a.node {
            Adjunct::ForEddies(e) if !e.signed => Some(e.amount),
            _ => None,
        });
        let change = match set {
            Some(n) => CostChange::Set(Num::Lit(i64::from(n))),
            None => CostChange::Add { by, minimum },
        };
        let of = if verb == Verb::Cost {
            Costed::ThisEffect
        } else if let Some(window) = when_window {
            let window = self.event(&window);
            let spending = vp.adjuncts.iter().find_map(|a| match &a.node {
                Adjunct::ByDoing(vps) => vps
                    .iter()
                    .find(|x| x.node.verbs.first().is_some_and(|v| v.node == Verb::Spend))
                    .cloned(),
                _ => None,
            });
            let spending = spending
                .and_then(|sp| nps(&sp.node).first().map(|np| (*np).clone()))
                .map(|np| self.selector(&np));
            return Some(CostRule {
                of: Costed::AlsoWhen { window, spending },
                change: CostChange::Add {
                    by: Num::Lit(0),
                    minimum: None,
                },
                when: conds(cond),
            });
        } else {
            match object {
                Some(np) if reference(np) == Some(t::Ref::This) => Costed::ThisCard,
                Some(np) => {
                    let first = matches!(&np.node, Np::Phrase(p) if p.premods.iter().any(|m| has_word(m, &PremodWord::First)));
                    let what = self.pred(np);
                    Costed::Plays {
                        what,
                        first_each_turn: first,
                        next_only: false,
                    }
                }
                None => return None,
            }
        };
        Some(CostRule {
            of,
            change,
            when: conds(cond),
        })
    }

    /// What a sentence before modes says.
    pub(crate) fn mode_sentence(&mut self, s: &Spanned<Sentence>) -> Option<ModeSentence> {
        let clause = &s.node.clause.node;
        let step = clause.steps.first()?;
        let vp = &step.vp.node;
        let verb = vp.verbs.first()?.node;
        let objs = nps(vp);
        let cond = s.node.leads.iter().find_map(|l| match &l.node {
            Lead::If(c) => Some(c.clone()),
            _ => None,
        });
        match verb {
            Verb::Choose if clause.instead.is_some() => {
                let cond = self.condition(&cond?);
                let rival = clause.subject.as_ref().is_some_and(|s| {
                    names(self, s) == Names::Players && reference(s) != Some(t::Ref::You)
                });
                if rival {
                    Some(ModeSentence::RivalChooses(cond))
                } else {
                    Some(ModeSentence::Both(cond))
                }
            }
            Verb::Choose
                if objs
                    .first()
                    .is_some_and(|np| np_noun(np) == Some(&Noun::Effect)) =>
            {
                Some(ModeSentence::ChooseOne)
            }
            Verb::Give if objs.len() == 2 && np_noun(objs[1]) == Some(&Noun::Effect) => {
                let _ = self.target(objs[0], Who::You);
                Some(ModeSentence::GiveAll)
            }
            _ => None,
        }
    }

    /// `The next time this Unit attacks this turn, it may attack ready Units.`: a statement about
    /// that Unit until its next attack ends (rule 9.29).
    pub(crate) fn next_attack(
        &mut self,
        event: &Spanned<t::EventPhrase>,
        clause: &Spanned<Clause>,
    ) -> Option<Statement> {
        let attacks = event
            .node
            .vp
            .node
            .verbs
            .first()
            .is_some_and(|v| v.node == Verb::Attack);
        let c = &clause.node;
        let may_attack = c.modal.as_ref().is_some_and(|m| m.node == Modal::May)
            && c.steps.first().is_some_and(|s| {
                s.vp.node
                    .verbs
                    .first()
                    .is_some_and(|v| v.node == Verb::Attack)
            });
        if !(attacks && may_attack) {
            return None;
        }
        let who = self.fixed(&event.node.subject);
        let about = About::Target(who);
        let step = c.steps.first()?;
        let mut st = self.statement(
            about,
            Some(Modal::May),
            step,
            clause.span,
            false,
            Vec::new(),
        )?;
        st.lasts = Lasts::NextAttack;
        if let Say::CanAttack { despite_lag, .. } = &mut st.says {
            *despite_lag = false;
        }
        Some(st)
    }
}

/// `another player's Gig`.
fn other_player(np: &NounPhrase) -> bool {
    matches!(&np.node, Np::Phrase(p) if p.possessor.as_deref().is_some_and(|o| matches!(&o.node, Np::Phrase(q)
        if noun(q) == Some(&Noun::Player) && q.det.as_ref().is_some_and(|d| d.node == Det::Another))))
}

/// Conditions joined.
fn conds(mut v: Vec<Cond>) -> Cond {
    match v.len() {
        0 => Cond::True,
        1 => v.pop().unwrap_or(Cond::True),
        _ => Cond::All(v),
    }
}

/// `in any order` (rather than `in a random order`).
fn is_any_order(np: &NounPhrase) -> bool {
    matches!(&np.node, Np::Phrase(p) if noun(p) == Some(&Noun::Order)
        && p.det.as_ref().is_some_and(|d| d.node == Det::Any))
}

/// The keyword a verb phrase acts on: `use {Go Solo}`.
fn keyword_object(vp: &VerbPhrase) -> Option<crate::card::Keyword> {
    vp.objects.iter().find_map(|o| match &o.node {
        Object::Grants(g) => g.iter().find_map(|x| match x.node {
            t::Grant::Keyword(k) => Some(super::keyword_of(k)),
            _ => None,
        }),
        _ => None,
    })
}

impl Builder<'_, '_> {
    /// `for -1 €$ for each …, to a minimum of 1 €$`: the change (counted for each) and the floor.
    fn cost_change(&mut self, vp: &VerbPhrase) -> (Num, Option<u32>) {
        let (mut by, min) = cost_change(vp);
        for each in for_each(vp) {
            let c = self.count(each);
            by = Num::Mul(Box::new(by), Box::new(c));
        }
        (by, min)
    }
}

/// `for -1 €$, to a minimum of 1 €$`: the change and the floor.
fn cost_change(vp: &VerbPhrase) -> (Num, Option<u32>) {
    let mut by = Num::Lit(0);
    let mut min = None;
    for a in &vp.adjuncts {
        match &a.node {
            Adjunct::ForEddies(e) => by = Num::Lit(i64::from(e.amount)),
            Adjunct::Minimum(e) => min = Some(e.amount.max(0) as u32),
            _ => {}
        }
    }
    if let Some(Object::Eddies(e)) = vp.objects.first().map(|o| &o.node) {
        by = Num::Lit(i64::from(e.amount));
    }
    (by, min)
}

/// `steals 1 fewer Gig`.
fn is_fewer(vp: &VerbPhrase) -> bool {
    nps(vp).iter().any(|np| match &np.node {
        Np::Count { count, .. } => count.more.is_some(),
        Np::Phrase(p) => matches!(
            p.det.as_ref().map(|d| d.node),
            Some(Det::NFewer(_) | Det::NMore(_) | Det::NLess(_))
        ),
        _ => false,
    })
}

/// How many fewer (or more).
fn fewer_count(vp: &VerbPhrase) -> (u32, bool) {
    for np in nps(vp) {
        match &np.node {
            Np::Count { count, .. } => {
                return (count.n, !matches!(count.more, Some(t::MoreFewer::More)));
            }
            Np::Phrase(p) => match p.det.as_ref().map(|d| d.node) {
                Some(Det::NFewer(n) | Det::NLess(n)) => return (n, true),
                Some(Det::NMore(n)) => return (n, false),
                _ => {}
            },
            _ => {}
        }
    }
    (0, true)
}

/// Whether a phrase asks for something a hidden card must show: a type, a tag or a filter
/// (rule 5.3.2.4.1), not just `a card` or `1`.
fn asks_something(np: &NounPhrase) -> bool {
    match &np.node {
        Np::Phrase(p) => {
            noun(p) != Some(&Noun::Card)
                || !p.premods.is_empty()
                || p.postmods
                    .iter()
                    .any(|m| matches!(m.node, t::Postmod::With(_) | t::Postmod::WithKeywords(_)))
        }
        Np::Count { postmods, .. } => !postmods.is_empty(),
        _ => false,
    }
}
