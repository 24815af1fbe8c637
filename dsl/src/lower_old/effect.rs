//! Effects: sentences, their leads and `instead`, modes, and the actions of a sentence.

use super::np::{and, is_every, refer, reference, slot};
use super::Cx;
use crate::ast::{
    self, Action, Clause, Effect as AstEffect, Lead, ModalHead, ModeChange, NounPhrase, Np,
    Quantity, Ref, Sentence, Spanned, Step,
};
use crate::prim::{
    self, Action as Act, Block, BlockId, Cond, Count, Dest, Dir, Effect, Later, MoveVerb, Num, Op,
    OpKind, Order, Pred, Scope, Selector, SentenceId, Slot, Target, Who,
};
use crate::source::Span;
use std::collections::HashMap;

/// Builds one effect's blocks.
pub(crate) struct Builder<'c, 'a> {
    /// what lowering knows
    pub cx: &'c mut Cx<'a>,
    blocks: Vec<Block>,
    next_slot: u16,
    spans: Vec<Span>,
    sid: SentenceId,
    block: BlockId,
    /// the phrase each binding was introduced by (for elided nouns: `defeat 2 instead`)
    pub introduced: HashMap<u32, ast::Phrase>,
    /// the player a player binding names (`a Rival` … `they`)
    pub player_of: HashMap<u32, Who>,
    /// the binding a statement is about, while its predicate is lowered (`their power`)
    pub subject: Option<u32>,
    /// slots of cards looked at privately (a search): a pick among them may fail to find
    searched: Vec<Slot>,
    /// the last `Play` operation, which `Bottom-deck it after you play it` and `Equip it only
    /// to …` complete
    last_play: Option<(BlockId, usize)>,
    /// `A Rival chooses whether …`: the slot of the answer and the first action of each way
    whether: Option<(Slot, Vec<std::mem::Discriminant<Action>>)>,
    /// a count of different values is being read (`with different values` is allowed)
    pub distinct: bool,
    /// the duration that opens the sentence being lowered (`While fighting a rival Unit,`)
    during: Option<ast::Duration>,
}

impl<'c, 'a> Builder<'c, 'a> {
    /// A builder for one ability of the script `cx` reads.
    pub(crate) fn new(cx: &'c mut Cx<'a>) -> Self {
        let max = cx.script.bindings.iter().map(|b| b.id.0).max().unwrap_or(0);
        Builder {
            cx,
            blocks: vec![Block::default()],
            next_slot: u16::try_from(max + 1).unwrap_or(u16::MAX - 1),
            spans: Vec::new(),
            sid: SentenceId(0),
            block: BlockId(0),
            introduced: HashMap::new(),
            player_of: HashMap::new(),
            subject: None,
            searched: Vec::new(),
            last_play: None,
            whether: None,
            distinct: false,
            during: None,
        }
    }

    /// A slot no binding uses.
    pub(crate) fn fresh(&mut self) -> Slot {
        let s = Slot(self.next_slot);
        self.next_slot = self.next_slot.saturating_add(1);
        s
    }

    fn new_block(&mut self) -> BlockId {
        self.blocks.push(Block::default());
        BlockId(u16::try_from(self.blocks.len() - 1).unwrap_or(u16::MAX))
    }

    /// Adds an operation to the current block.
    pub(crate) fn push(&mut self, span: Span, kind: OpKind) {
        let op = Op {
            sentence: self.sid,
            span,
            kind,
        };
        let b = self.block.0 as usize;
        self.blocks[b].0.push(op);
    }

    /// Lowers `f` into a new block and returns it (the current block is restored).
    pub(crate) fn within(&mut self, f: impl FnOnce(&mut Self)) -> BlockId {
        let b = self.new_block();
        let saved = self.block;
        self.block = b;
        f(self);
        self.block = saved;
        b
    }

    /// The words of the sentence being lowered.
    pub(crate) fn last_span(&self) -> Span {
        self.spans
            .get(self.sid.0 as usize)
            .copied()
            .unwrap_or(Span {
                file: 0,
                start: 0,
                end: 0,
            })
    }

    /// `Choose` objects into a slot.
    pub(crate) fn choose(&mut self, from: Selector, into: Slot, by: Who, span: Span) {
        self.push(span, OpKind::Choose { from, into, by });
    }

    fn finish(self) -> Effect {
        let slots = self.next_slot;
        Effect {
            blocks: self.blocks,
            slots,
            sentences: self.spans,
        }
    }

    /// Records the phrases and players a noun phrase introduces.
    pub(crate) fn note(&mut self, np: &NounPhrase) {
        if let (Some(b), Np::Phrase(p)) = (np.binds, &np.node) {
            self.introduced.entry(b.0).or_insert_with(|| (**p).clone());
            if matches!(p.head.noun, ast::Noun::Rival) {
                self.player_of.insert(b.0, Who::Rival);
            }
            if matches!(p.head.noun, ast::Noun::Player) && p.quantity == Quantity::Each {
                self.player_of.insert(b.0, Who::Each);
            }
        }
    }

    // ---- effects and sentences

    /// Lowers a whole effect.
    pub(crate) fn effect(mut self, e: &AstEffect) -> Effect {
        match e {
            AstEffect::Sentences(list) => self.sentences(list, 0),
            AstEffect::Modal { head, rule, modes } => {
                self.sid = SentenceId(0);
                self.spans.push(head.span);
                let mut first = 1;
                let (mut all_if, mut rival_if) = (None, None);
                if let ModalHead::GiveAll { target } = &head.node {
                    self.note(target);
                    let _ = self.target(target, Who::You);
                    all_if = Some(Cond::True);
                }
                if let Some(r) = rule {
                    self.sid = SentenceId(1);
                    self.spans.push(r.span);
                    first = 2;
                    let c = self.condition(&r.node.condition.node, r.node.condition.span);
                    match r.node.change {
                        ModeChange::ChooseBoth => all_if = Some(c),
                        ModeChange::RivalChoosesOne { .. } => {
                            if all_if.is_some() {
                                all_if = Some(Cond::Not(Box::new(c.clone())));
                            }
                            rival_if = Some(c);
                        }
                    }
                }
                let mut ids = Vec::new();
                let mut next = first;
                for m in modes {
                    let span = match (m.first(), m.last()) {
                        (Some(a), Some(z)) => Span {
                            file: a.span.file,
                            start: a.span.start,
                            end: z.span.end,
                        },
                        _ => head.span,
                    };
                    let b = self.within(|s| s.sentences(m, next));
                    next += m.len() as u16;
                    ids.push((b, span));
                }
                self.sid = SentenceId(0);
                self.push(
                    head.span,
                    OpKind::Modes {
                        modes: ids,
                        by: Who::You,
                        all_if,
                        rival_if,
                    },
                );
            }
        }
        self.finish()
    }

    /// The effect of a replacement: one action.
    pub(crate) fn single_action(mut self, a: &Spanned<Action>, span: Span) -> Effect {
        self.spans.push(span);
        self.action(&a.node, a.span);
        self.finish()
    }

    /// Sentences numbered from `first`, into the current block.
    fn sentences(&mut self, list: &[Spanned<Sentence>], first: u16) {
        // Which later sentence replaces which (`… instead`).
        let mut replaced_by: HashMap<usize, usize> = HashMap::new();
        for (j, s) in list.iter().enumerate() {
            if let Clause::Do {
                instead: Some(i), ..
            } = &s.node.clause.node
            {
                let i = (i.0 as usize).saturating_sub(first as usize);
                replaced_by.insert(i, j);
            }
        }
        for (k, s) in list.iter().enumerate() {
            while self.spans.len() <= first as usize + k {
                self.spans.push(s.span);
            }
            self.spans[first as usize + k] = s.span;
        }
        for (i, s) in list.iter().enumerate() {
            let sid = SentenceId(first + i as u16);
            if matches!(
                &s.node.clause.node,
                Clause::Do {
                    instead: Some(_),
                    ..
                }
            ) {
                continue; // lowered with the sentence it replaces
            }
            match replaced_by.get(&i) {
                Some(&j) => self.weigh(s, sid, &list[j], SentenceId(first + j as u16)),
                None => self.sentence(s, sid),
            }
        }
    }

    /// Sentence `s` and a later sentence `alt` that replaces it (`… instead`): the choices of
    /// `s` that `alt` refers to are made first; then if `alt`'s condition holds (and, for `you
    /// may … instead`, its controller says yes) `alt` happens, otherwise `s` does.
    fn weigh(
        &mut self,
        s: &Spanned<Sentence>,
        sid: SentenceId,
        alt: &Spanned<Sentence>,
        alt_sid: SentenceId,
    ) {
        let refs = referenced(alt);
        self.sid = sid;
        // Lower `s` alone to find its choices.
        let body = self.within(|b| b.sentence(s, sid));
        let ops = std::mem::take(&mut self.blocks[body.0 as usize].0);
        let (early, rest): (Vec<Op>, Vec<Op>) = ops.into_iter().partition(
            |op| matches!(&op.kind, OpKind::Choose { into, .. } if refs.contains(&into.0)),
        );
        let b = self.block.0 as usize;
        self.blocks[b].0.extend(early);
        self.blocks[body.0 as usize].0 = rest;
        let Clause::Do {
            optional,
            condition,
            steps,
            ..
        } = &alt.node.clause.node
        else {
            return;
        };
        self.sid = alt_sid;
        let mut conds = Vec::new();
        if let Some(l) = &alt.node.lead {
            match &l.node {
                Lead::If(c) | Lead::Then { condition: Some(c) } => {
                    conds.push(self.condition(&c.node, c.span))
                }
                _ => {}
            }
        }
        if let Some(c) = condition {
            conds.push(self.condition(&c.node, c.span));
        }
        let alt_block = self.within(|b| b.steps(steps));
        let chosen = if *optional {
            self.within(|b| {
                b.push(
                    alt.span,
                    OpKind::May {
                        who: Who::You,
                        then: alt_block,
                        otherwise: Some(body),
                    },
                )
            })
        } else {
            alt_block
        };
        let cond = match conds.len() {
            0 => Cond::True,
            1 => conds.pop().unwrap_or(Cond::True),
            _ => Cond::All(conds),
        };
        self.push(
            alt.span,
            OpKind::If {
                cond,
                then: chosen,
                otherwise: Some(body),
            },
        );
    }

    /// One sentence, into the current block.
    fn sentence(&mut self, s: &Spanned<Sentence>, sid: SentenceId) {
        self.sid = sid;
        let span = s.span;
        let lead = s.node.lead.as_ref();
        let cond = match lead.map(|l| &l.node) {
            Some(Lead::If(c)) | Some(Lead::Then { condition: Some(c) }) => {
                Some(self.condition(&c.node, c.span))
            }
            Some(Lead::IfYouDo { depends_on }) => Some(Cond::Did(SentenceId(depends_on.0 as u16))),
            Some(Lead::Otherwise { depends_on }) => Some(Cond::Not(Box::new(Cond::Did(
                SentenceId(depends_on.0 as u16),
            )))),
            _ => None,
        };
        let during = match lead.map(|l| &l.node) {
            Some(Lead::During(d)) => Some(d.clone()),
            _ => None,
        };
        match cond {
            Some(cond) => {
                let then = self.within(|b| b.clause(&s.node.clause, during.as_ref()));
                self.sid = sid;
                self.push(
                    span,
                    OpKind::If {
                        cond,
                        then,
                        otherwise: None,
                    },
                );
            }
            None => self.clause(&s.node.clause, during.as_ref()),
        }
    }

    /// A clause, with a duration from the sentence's lead.
    fn clause(&mut self, c: &Spanned<Clause>, during: Option<&Spanned<ast::Duration>>) {
        self.during = during.map(|d| d.node.clone());
        match &c.node {
            Clause::Do {
                optional,
                steps,
                condition,
                ..
            } => {
                let body = |b: &mut Self| {
                    if *optional {
                        let then = b.within(|b| b.steps(steps));
                        b.push(
                            c.span,
                            OpKind::May {
                                who: Who::You,
                                then,
                                otherwise: None,
                            },
                        );
                    } else {
                        b.steps(steps);
                    }
                };
                match condition {
                    Some(cond) => {
                        let cond = self.condition(&cond.node, cond.span);
                        let then = self.within(body);
                        self.push(
                            c.span,
                            OpKind::If {
                                cond,
                                then,
                                otherwise: None,
                            },
                        );
                    }
                    None => body(self),
                }
            }
            Clause::State { subject, predicate } => {
                self.state_clause(subject, predicate, during, c.span)
            }
            Clause::Delayed { event, then } => {
                if let Some(stmt) = self.next_attack(event, then) {
                    self.push(c.span, OpKind::Make(stmt));
                    return;
                }
                let pattern = self.event(event);
                let body = self.within(|b| b.clause(then, None));
                self.push(
                    c.span,
                    OpKind::Later {
                        when: Later::NextTime(pattern),
                        then: body,
                    },
                );
            }
        }
    }

    fn steps(&mut self, steps: &[Step]) {
        for s in steps {
            self.action(&s.action.node, s.action.span);
        }
    }

    // ---- actions

    /// The targets of an action's object, one per conjunct (`this Unit and a rival Unit`).
    fn targets(&mut self, np: &NounPhrase, by: Who) -> Vec<Target> {
        self.note(np);
        match &np.node {
            Np::And(a, b) => {
                let mut v = self.targets(a, by.clone());
                v.extend(self.targets(b, by));
                v
            }
            _ => vec![self.target(np, by)],
        }
    }

    /// One action, into the current block.
    pub(crate) fn action(&mut self, a: &Action, span: Span) {
        match a {
            Action::AddToHand { what, from } => {
                let t = self.pick(what, *from, span);
                self.push(
                    span,
                    OpKind::Do(Act::Move {
                        what: t,
                        to: Dest::Hand,
                        verb: MoveVerb::Add,
                    }),
                );
            }
            Action::AddMore { count, per, from } => {
                let n = Num::Mul(
                    Box::new(Num::Lit(i64::from(*count))),
                    Box::new(self.count(per)),
                );
                let of = match from.map(|r| refer(self, r)) {
                    Some(Target::Slot(s)) => s,
                    _ => {
                        self.cx
                            .error(span, "`add … more` needs the cards looked at before it");
                        Slot(0)
                    }
                };
                let into = self.fresh();
                self.choose(
                    Selector {
                        scope: Scope::Rest { of },
                        filter: Pred::True,
                        count: Count::Exactly(n),
                        best: None,
                    },
                    into,
                    Who::You,
                    span,
                );
                self.push(
                    span,
                    OpKind::Do(Act::Move {
                        what: Target::Slot(into),
                        to: Dest::Hand,
                        verb: MoveVerb::Add,
                    }),
                );
            }
            Action::ChangeGig {
                direction,
                gig,
                amount,
            } => {
                for t in self.targets(gig, Who::You) {
                    self.push(
                        span,
                        OpKind::Do(Act::ChangeGig {
                            gig: t,
                            dir: match direction {
                                ast::Direction::Increase => Dir::Up,
                                ast::Direction::Decrease => Dir::Down,
                                ast::Direction::Adjust => Dir::Either,
                            },
                            by: Num::Lit(i64::from(amount.n)),
                            up_to: amount.up_to,
                        }),
                    );
                }
            }
            Action::BottomDeck {
                what,
                after_playing,
                any_order,
            } => {
                let order = if *any_order {
                    Order::Chosen
                } else {
                    Order::Random
                };
                if after_playing.is_some() {
                    // `Bottom-deck it after you play it`: a Program played so goes there once
                    // resolved; a card that stays in play goes now.
                    if let Some((b, k)) = self.last_play {
                        if let OpKind::Do(Act::Play { after, .. }) =
                            &mut self.blocks[b.0 as usize].0[k].kind
                        {
                            *after = Some(Dest::DeckBottom(order));
                        }
                    } else {
                        self.cx
                            .error(span, "`after you play it` needs a card played before it");
                    }
                    let t = self.fixed(what);
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
                    self.push(
                        span,
                        OpKind::If {
                            cond: Cond::Not(Box::new(Cond::Is(
                                t.clone(),
                                Pred::InZone(vec![prim::Zone::Deck]),
                            ))),
                            then,
                            otherwise: None,
                        },
                    );
                    return;
                }
                for t in self.targets(what, Who::You) {
                    self.push(
                        span,
                        OpKind::Do(Act::Move {
                            what: t,
                            to: Dest::DeckBottom(order),
                            verb: MoveVerb::BottomDeck,
                        }),
                    );
                }
            }
            Action::Call { what, free } => {
                self.note(what);
                let t = match reference(what) {
                    Some(r) => refer(self, r),
                    None => {
                        let mut sel = self.selector(what, Count::Exactly(Num::Lit(1)));
                        // Rule 5.7.3: a Legend is Called from face-down in your Legends area.
                        sel.filter = and(vec![
                            sel.filter,
                            Pred::Rel(prim::Rel::Friendly),
                            Pred::InZone(vec![prim::Zone::Legends]),
                            Pred::Not(Box::new(Pred::FaceUp)),
                        ]);
                        let into = what.binds.map(slot).unwrap_or_else(|| self.fresh());
                        self.choose(sel, into, Who::You, span);
                        Target::Slot(into)
                    }
                };
                self.push(
                    span,
                    OpKind::Do(Act::Call {
                        legend: t,
                        free: *free,
                    }),
                );
            }
            Action::Choose { what } => {
                self.note(what);
                match &what.node {
                    Np::Phrase(p)
                        if matches!(p.head.noun, ast::Noun::CardType | ast::Noun::Type) =>
                    {
                        let into = what.binds.map(slot).unwrap_or_else(|| self.fresh());
                        self.push(span, OpKind::ChooseType { into, by: Who::You });
                    }
                    _ => {
                        let _ = self.pick(what, None, span);
                    }
                }
            }
            Action::Defeat { what, when } => {
                let ts = self.targets(what, Who::You);
                for t in ts {
                    match when.as_ref().map(|w| &w.node) {
                        Some(ast::Duration::AtEndOfThisTurn) => {
                            let then =
                                self.within(|b| b.push(span, OpKind::Do(Act::Defeat(t.clone()))));
                            self.push(
                                span,
                                OpKind::Later {
                                    when: Later::EndOfTurn,
                                    then,
                                },
                            );
                        }
                        Some(_) => self
                            .cx
                            .error(span, "a defeat happens now or at the end of this turn"),
                        None => self.push(span, OpKind::Do(Act::Defeat(t))),
                    }
                }
            }
            Action::Discard { what } => {
                let t = self.hand_cards(what, Who::You, span);
                self.push(
                    span,
                    OpKind::Do(Act::Move {
                        what: t,
                        to: Dest::Trash,
                        verb: MoveVerb::Discard,
                    }),
                );
            }
            Action::Double { what } => {
                let t = self.owner_target(&what.node, what.span);
                let during = self.during.clone();
                let stmt = self.statement_of(
                    prim::About::Target(t),
                    prim::Say::DoublePower,
                    &[],
                    during.as_ref(),
                    false,
                );
                self.push(span, OpKind::Make(stmt));
            }
            Action::Draw { up_to, count, per } => {
                let n = match per {
                    Some(np) => Num::Mul(
                        Box::new(Num::Lit(i64::from(*count))),
                        Box::new(self.count(np)),
                    ),
                    None => Num::Lit(i64::from(*count)),
                };
                self.push(
                    span,
                    OpKind::Do(Act::Draw {
                        who: Who::You,
                        n,
                        up_to: *up_to,
                        into: None,
                    }),
                );
            }
            Action::EndAttack => self.push(span, OpKind::Do(Act::EndAttack)),
            Action::Equip { gear, only, to, .. } => {
                if *only {
                    // `Equip it only to another friendly Unit`: where the Gear just played may go.
                    let host = self.pred(to);
                    match self.last_play {
                        Some((b, k)) => {
                            if let OpKind::Do(Act::Play { host: h, .. }) =
                                &mut self.blocks[b.0 as usize].0[k].kind
                            {
                                *h = Some(host);
                            }
                        }
                        None => self
                            .cx
                            .error(span, "`Equip it only to …` needs a Gear played before it"),
                    }
                    return;
                }
                let g = self.target(gear, Who::You);
                let h = self.target(to, Who::You);
                self.push(span, OpKind::Do(Act::Equip { gear: g, to: h }));
            }
            Action::GameResult { win } => {
                self.push(span, OpKind::Do(Act::GameResult { win: *win }))
            }
            Action::Give {
                target,
                grants,
                modifiers,
            } => {
                for t in self.targets(target, Who::You) {
                    for g in grants {
                        let says = match g {
                            ast::Grant::Power(n) => {
                                prim::Say::Power(self.per(i64::from(*n), modifiers))
                            }
                            ast::Grant::Keyword(k) => prim::Say::Keyword(super::keyword_of(*k)),
                        };
                        let stmt = self.statement_of(
                            prim::About::Target(t.clone()),
                            says,
                            modifiers,
                            None,
                            false,
                        );
                        self.push(span, OpKind::Make(stmt));
                    }
                }
            }
            Action::IgnoreResult { .. } => self.push(span, OpKind::Do(Act::IgnoreResult)),
            Action::LookAt { what, .. } => {
                for t in self.targets(what, Who::You) {
                    self.push(span, OpKind::Do(Act::Look(t)));
                }
            }
            Action::Play { what, free } => {
                let t = self.pick(what, None, span);
                let b = self.block;
                self.push(
                    span,
                    OpKind::Do(Act::Play {
                        card: t,
                        free: *free,
                        host: None,
                        after: None,
                    }),
                );
                self.last_play = Some((b, self.blocks[b.0 as usize].0.len() - 1));
            }
            Action::Ready { what } => {
                let eddies = matches!(&what.node, Np::Phrase(p) if p.head.noun == ast::Noun::Eddie);
                if eddies {
                    let mut sel = self.selector(what, Count::Exactly(Num::Lit(1)));
                    sel.filter = and(vec![sel.filter, Pred::Spent]);
                    let into = self.fresh();
                    self.choose(sel, into, Who::You, span);
                    self.push(span, OpKind::Do(Act::Ready(Target::Slot(into))));
                    return;
                }
                for t in self.targets(what, Who::You) {
                    self.push(span, OpKind::Do(Act::Ready(t)));
                }
            }
            Action::RemoveFromGame { what } => {
                for t in self.targets(what, Who::You) {
                    self.push(
                        span,
                        OpKind::Do(Act::Move {
                            what: t,
                            to: Dest::Removed,
                            verb: MoveVerb::Remove,
                        }),
                    );
                }
            }
            Action::RerollOnce { what } => {
                let t = self.fixed(what);
                self.push(span, OpKind::Do(Act::Reroll(t)));
            }
            Action::ReturnToOwnersHand { what } => {
                for t in self.targets(what, Who::You) {
                    self.push(
                        span,
                        OpKind::Do(Act::Move {
                            what: t,
                            to: Dest::Hand,
                            verb: MoveVerb::Return,
                        }),
                    );
                }
            }
            Action::Reveal { what, from } => {
                let t = self.pick(what, *from, span);
                self.push(span, OpKind::Do(Act::Reveal(t)));
            }
            Action::Search { what, for_ } => {
                let t = self.target(what, Who::You);
                if let Target::Slot(s) = t {
                    self.searched.push(s);
                }
                self.push(span, OpKind::Do(Act::Look(t.clone())));
                if let Some(f) = for_ {
                    let from = match t {
                        Target::Slot(s) => Some(Ref::Binding(ast::BindingId(u32::from(s.0)))),
                        _ => None,
                    };
                    let _ = self.pick(f, from, span);
                }
            }
            Action::Sell { what } => {
                let t = self.target(what, Who::You);
                self.push(span, OpKind::Do(Act::Sell(t)));
            }
            Action::SetGig { gig, to } => {
                let t = self.target(gig, Who::You);
                let to = match to {
                    ast::SetValue::Number(n) => Num::Lit(i64::from(*n)),
                    ast::SetValue::SameValueAs(np) | ast::SetValue::ValueOf(np) => {
                        let other = self.other_gig(np, &t, span);
                        Num::Stat {
                            of: other,
                            stat: prim::Stat::Value,
                        }
                    }
                };
                self.push(span, OpKind::Do(Act::SetGig { gig: t, to }));
            }
            Action::Spend { what, per } => {
                if let Some(per) = per {
                    // `Spend a rival Unit for each friendly value-pair`: that many, chosen.
                    let n = self.count(per);
                    let mut sel = self.selector(what, Count::Exactly(Num::Lit(1)));
                    sel.count = Count::Exactly(n);
                    let into = what.binds.map(slot).unwrap_or_else(|| self.fresh());
                    self.choose(sel, into, Who::You, span);
                    self.push(span, OpKind::Do(Act::Spend(Target::Slot(into))));
                    return;
                }
                for t in self.targets(what, Who::You) {
                    self.push(span, OpKind::Do(Act::Spend(t)));
                }
            }
            Action::PayTo { eddies, action } => {
                self.push(span, OpKind::Do(Act::Pay(Num::Lit(i64::from(*eddies)))));
                self.action(&action.node, action.span);
            }
            Action::Steal { what } => {
                let t = self.steal_target(what, span);
                self.push(span, OpKind::Do(Act::Steal { gig: t, by: None }));
            }
            Action::Swap { gig, with } => {
                let a = self.target(gig, Who::You);
                let b = self.target(with, Who::You);
                self.push(span, OpKind::Do(Act::Swap { a, b }));
            }
            Action::Trash { up_to, what } => match &what.node {
                Np::Count { count, .. } => {
                    let into = what.binds.map(slot).unwrap_or_else(|| self.fresh());
                    self.push(
                        span,
                        OpKind::Do(Act::TrashTop {
                            whose: Who::You,
                            n: Num::Lit(i64::from(*count)),
                            into,
                            up_to: *up_to,
                        }),
                    );
                }
                _ => {
                    for t in self.targets(what, Who::You) {
                        self.push(
                            span,
                            OpKind::Do(Act::Move {
                                what: t,
                                to: Dest::Trash,
                                verb: MoveVerb::Trash,
                            }),
                        );
                    }
                }
            },
        }
    }

    /// The cards an action takes from a set of cards looked at (`from`, when the text leaves
    /// it out) or from where the phrase says: a reference as it is, otherwise a choice. A pick
    /// among cards looked at privately may fail to find when the phrase asks for something a
    /// card must show (rules 5.3.2.4.1, 11.13.4.1).
    fn pick(&mut self, what: &NounPhrase, from: Option<Ref>, span: Span) -> Target {
        self.note(what);
        if let Some(r) = reference(what) {
            return refer(self, r);
        }
        let mut sel = self.selector(what, Count::Exactly(Num::Lit(1)));
        let looked = match from.map(|r| refer(self, r)) {
            Some(Target::Slot(s)) => {
                sel.scope = Scope::Rest { of: s };
                Some(s)
            }
            _ => match sel.scope {
                Scope::Slot(s) => Some(s),
                _ => None,
            },
        };
        if let Some(s) = looked {
            if self.searched.contains(&s) && asks_something(what) {
                sel.count = match sel.count {
                    Count::Exactly(n) | Count::UpTo(n) | Count::Search(n) => Count::Search(n),
                    c => c,
                };
            }
        }
        if is_every(what) {
            sel.count = Count::All;
        }
        let into = what.binds.map(slot).unwrap_or_else(|| self.fresh());
        self.choose(sel, into, Who::You, span);
        Target::Slot(into)
    }

    /// The Gig stolen: one a Rival controls (rule 6.7: a steal takes a Rival's Gig).
    pub(crate) fn steal_target(&mut self, what: &NounPhrase, span: Span) -> Target {
        self.note(what);
        if let Some(r) = reference(what) {
            return refer(self, r);
        }
        let mut sel = self.selector(what, Count::Exactly(Num::Lit(1)));
        sel.filter = and(vec![sel.filter, Pred::Rel(prim::Rel::Rival)]);
        let into = what.binds.map(slot).unwrap_or_else(|| self.fresh());
        self.choose(sel, into, Who::You, span);
        Target::Slot(into)
    }

    /// Cards from a hand: `Discard 1`, `discard a Program from your hand`, `discard 2 Programs`.
    pub(crate) fn hand_cards(&mut self, what: &NounPhrase, by: Who, span: Span) -> Target {
        self.note(what);
        if let Some(r) = reference(what) {
            return refer(self, r);
        }
        let mut sel = self.selector(what, Count::Exactly(Num::Lit(1)));
        if !matches!(sel.scope, Scope::Zones { .. }) {
            sel.scope = Scope::Zones {
                zones: vec![prim::Zone::Hand],
                whose: by.clone(),
            };
        } else if let Scope::Zones { whose, .. } = &mut sel.scope {
            *whose = by.clone();
        }
        if is_every(what) {
            sel.count = Count::All;
        }
        let into = what.binds.map(slot).unwrap_or_else(|| self.fresh());
        self.choose(sel, into, by, span);
        Target::Slot(into)
    }

    /// The second Gig of `Set a Gig to the same value as another player's Gig`.
    fn other_gig(&mut self, np: &NounPhrase, first: &Target, span: Span) -> Target {
        self.note(np);
        if let Some(r) = reference(np) {
            return refer(self, r);
        }
        let mut sel = self.selector(np, Count::Exactly(Num::Lit(1)));
        if let Np::Phrase(p) = &np.node {
            // `another player's Gig`: controlled by the other player than the first Gig's.
            if p.owner.is_some_and(|o| o.another) {
                sel.filter = and(vec![
                    without_rel(sel.filter),
                    Pred::Not(Box::new(Pred::ControlledBy(Who::ControllerOf(
                        first.clone(),
                    )))),
                ]);
            } else if p.quantity == Quantity::Another {
                sel.filter = and(vec![
                    sel.filter,
                    Pred::Not(Box::new(Pred::Is(first.clone()))),
                ]);
            }
        }
        let into = np.binds.map(slot).unwrap_or_else(|| self.fresh());
        self.choose(sel, into, Who::You, span);
        Target::Slot(into)
    }

    /// The object a number belongs to (`double this Unit's power`).
    fn owner_target(&mut self, e: &ast::Expr, span: Span) -> Target {
        match e {
            ast::Expr::Stat { owner, .. } => match owner {
                ast::Owner::Its(r) | ast::Owner::Their(r) => refer(self, *r),
                ast::Owner::Of(np) => self.fixed(np),
            },
            _ => {
                self.cx.error(span, "only a card's power can be doubled");
                Target::This
            }
        }
    }

    /// `for each …` as a number.
    pub(crate) fn count(&mut self, np: &NounPhrase) -> Num {
        self.note(np);
        match &np.node {
            Np::Phrase(p) if p.head.noun == ast::Noun::ValuePair => Num::Pairs {
                of: Box::new(self.friendly_gigs()),
                stat: prim::Stat::Value,
            },
            Np::Phrase(p) if p.head.noun == ast::Noun::SidedPair => Num::Pairs {
                of: Box::new(self.friendly_gigs()),
                stat: prim::Stat::Sides,
            },
            _ => Num::Count(Box::new(self.all_of(np))),
        }
    }

    /// Every friendly Gig.
    pub(crate) fn friendly_gigs(&self) -> Selector {
        Selector {
            scope: Scope::Gigs,
            filter: Pred::Rel(prim::Rel::Friendly),
            count: Count::All,
            best: None,
        }
    }

    /// `+2 power` with a `for each …` among the modifiers.
    pub(crate) fn per(&mut self, n: i64, modifiers: &[ast::Modifier]) -> Num {
        let mut num = Num::Lit(n);
        for m in modifiers {
            if let ast::Modifier::ForEach(np) = m {
                num = Num::Mul(Box::new(num), Box::new(self.count(np)));
            }
        }
        num
    }
}

/// A filter without its friendly/rival part (`another player's Gig` sets its own).
fn without_rel(p: Pred) -> Pred {
    match p {
        Pred::Rel(_) => Pred::True,
        Pred::All(v) => and(v.into_iter().map(without_rel).collect()),
        p => p,
    }
}

/// Whether a phrase asks for something a hidden card must show: a type, a tag or a filter
/// (rule 5.3.2.4.1), not just `a card` or `1`.
fn asks_something(np: &NounPhrase) -> bool {
    match &np.node {
        Np::Phrase(p) => {
            p.head.noun != ast::Noun::Card
                || p.quality.is_some()
                || p.post
                    .iter()
                    .any(|m| matches!(m.node, ast::PostMod::With(_)))
        }
        Np::Count { post, .. } => !post.is_empty(),
        _ => false,
    }
}

/// The bindings a sentence refers back to (not `elided` nouns, which repeat a description).
fn referenced(s: &Spanned<Sentence>) -> Vec<u16> {
    let mut out = Vec::new();
    if let Ok(v) = serde_json::to_value(&s.node) {
        walk(&v, &mut out);
    }
    out
}

fn walk(v: &serde_json::Value, out: &mut Vec<u16>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                if k == "elided" {
                    continue;
                }
                if k == "binding" {
                    if let Some(n) = x.as_u64() {
                        out.push(u16::try_from(n).unwrap_or(u16::MAX));
                    }
                }
                walk(x, out);
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
        _ => {}
    }
}

impl Builder<'_, '_> {
    /// `A Rival chooses whether you <first> or <second>`: the way chosen is kept for `If you
    /// trash them`.
    pub(crate) fn whether(&mut self, by: Who, first: &[Step], second: &[Step], span: Span) {
        let into = self.fresh();
        let a = self.within(|b| b.steps(first));
        let b = self.within(|b| b.steps(second));
        let words = |steps: &[Step]| match (steps.first(), steps.last()) {
            (Some(x), Some(z)) => Span {
                file: x.action.span.file,
                start: x.action.span.start,
                end: z.action.span.end,
            },
            _ => span,
        };
        let kinds = [first, second]
            .iter()
            .filter_map(|s| s.first().map(|x| std::mem::discriminant(&x.action.node)))
            .collect();
        self.whether = Some((into, kinds));
        self.push(
            span,
            OpKind::Whether {
                by,
                choices: vec![(a, words(first)), (b, words(second))],
                into,
            },
        );
    }

    /// `If you trash them`: which way of a `Whether` was chosen.
    pub(crate) fn chose(&mut self, a: &Action, span: Span) -> Cond {
        match &self.whether {
            Some((slot, kinds)) => match kinds.iter().position(|k| *k == std::mem::discriminant(a))
            {
                Some(i) => Cond::Chose {
                    slot: *slot,
                    choice: i as u16,
                },
                None => {
                    self.cx
                        .error(span, "this names none of the ways chosen before");
                    Cond::True
                }
            },
            None => {
                self.cx
                    .error(span, "`If you …` needs a choice of ways before it");
                Cond::True
            }
        }
    }
}
