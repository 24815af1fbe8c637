//! Effects: the blocks of operations an ability's sentences become, with their leads (`Then,`,
//! `If …,`, `If you do,`, `Otherwise,`, a duration, `The next time …`), `instead`, and modes.

use super::Cx;
use crate::prim::{
    Block, BlockId, Body, Cond, Effect, Later, Op, OpKind, Selector, SentenceId, Slot, Who,
};
use crate::source::Span;
use crate::syntax::tree::{self as t, Clause, Lead, Sentence, Spanned};
use std::collections::{HashMap, HashSet};

/// Builds the blocks of one ability's effect.
pub(crate) struct Builder<'c, 'a> {
    /// what lowering knows
    pub cx: &'c mut Cx<'a>,
    blocks: Vec<Block>,
    next_slot: u16,
    spans: Vec<Span>,
    sid: SentenceId,
    block: BlockId,
    /// sentences lowered elsewhere (a cost rule on an effect's line)
    skip: HashSet<u32>,
    /// the player each player binding names (`a Rival` … `they`, `Each player` … `their`)
    pub players: HashMap<u32, Who>,
    /// the binding a statement is about, while it is lowered (`their power`)
    pub subject: Option<t::BindingId>,
    /// the slots of cards looked at privately (searched): a pick among them may fail to find
    pub searched: HashSet<Slot>,
    /// the last `Play`, which `Bottom-deck it after you play it` and `Equip it only to …` complete
    pub last_play: Option<(BlockId, usize)>,
    /// `A Rival chooses whether …`: the slot of the answer and the verbs of each way
    pub whether: Option<(Slot, Vec<Vec<t::Verb>>)>,
    /// the duration that opens the sentence being lowered (`While fighting a rival Unit,`)
    pub during: Option<Spanned<t::DurationPhrase>>,
    /// the bindings referred to while this is `Some` (what an `instead` sentence refers back to)
    pub recording: Option<Vec<u32>>,
    /// the zones a zone binding names (`a Rival's hand` … `from it`)
    pub zones_of: HashMap<u32, (Vec<crate::prim::Area>, Who)>,
    /// the phrase each binding was introduced by (for an elided noun: `defeat 2 instead`)
    pub introduced: HashMap<u32, (t::Phrase, Span)>,
    /// the last Gig chosen (`another Gig`)
    pub last_gig: Option<Slot>,
    /// the last cards looked at or trashed from a deck (`Add 1 to your hand`)
    pub looked: Option<Slot>,
    /// a count of different values is being read (`with different values` is allowed)
    pub distinct: bool,
    /// the tags written, with where (the check warns about a tag no card has)
    pub tags: Vec<(String, Span)>,
    /// the objects a condition's subject describes, for a pronoun after it (`if 5 or more
    /// friendly Units are equipped, ready them`)
    pub cond_bound: HashMap<u32, Selector>,
    /// what `Your next Program` describes, while its statement is lowered
    pub next_what: Option<crate::prim::Pred>,
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
            skip: HashSet::new(),
            players: HashMap::new(),
            subject: None,
            searched: HashSet::new(),
            last_play: None,
            whether: None,
            during: None,
            recording: None,
            zones_of: HashMap::new(),
            introduced: HashMap::new(),
            last_gig: None,
            looked: None,
            distinct: false,
            tags: Vec::new(),
            cond_bound: HashMap::new(),
            next_what: None,
        }
    }

    /// Notes the words of a sentence (for an effect built from one clause).
    pub(crate) fn push_span(&mut self, span: Span) {
        self.spans.push(span);
    }

    /// The effect built so far.
    pub(crate) fn done(mut self) -> Effect {
        self.finish()
    }

    /// The sentence being lowered.
    pub(crate) fn current_sentence(&self) -> u16 {
        self.sid.0
    }

    /// A slot no binding uses.
    pub(crate) fn fresh(&mut self) -> Slot {
        let s = Slot(self.next_slot);
        self.next_slot = self.next_slot.saturating_add(1);
        s
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

    /// Where the next operation of the current block goes.
    pub(crate) fn here(&self) -> (BlockId, usize) {
        (self.block, self.blocks[self.block.0 as usize].0.len())
    }

    /// The operation at a place, to complete it later.
    pub(crate) fn op_at(&mut self, at: (BlockId, usize)) -> Option<&mut OpKind> {
        self.blocks
            .get_mut(at.0 .0 as usize)
            .and_then(|b| b.0.get_mut(at.1))
            .map(|op| &mut op.kind)
    }

    /// Lowers `f` into a new block and returns it; the current block is restored.
    pub(crate) fn within(&mut self, f: impl FnOnce(&mut Self)) -> BlockId {
        self.blocks.push(Block::default());
        let b = BlockId(u16::try_from(self.blocks.len() - 1).unwrap_or(u16::MAX));
        let saved = self.block;
        self.block = b;
        f(self);
        self.block = saved;
        b
    }

    /// A `Choose` into a slot.
    pub(crate) fn choose(&mut self, from: Selector, into: Slot, by: Who, span: Span) {
        self.push(span, OpKind::Choose { from, into, by });
    }

    /// An `If`.
    pub(crate) fn push_if(
        &mut self,
        span: Span,
        cond: Cond,
        then: BlockId,
        otherwise: Option<BlockId>,
    ) {
        self.push(
            span,
            OpKind::If {
                cond,
                then,
                otherwise,
            },
        );
    }

    /// The words of the sentence being lowered.
    pub(crate) fn sentence_span(&self) -> Span {
        self.spans
            .get(self.sid.0 as usize)
            .copied()
            .unwrap_or(Span {
                file: 0,
                start: 0,
                end: 0,
            })
    }

    fn finish(&mut self) -> Effect {
        Effect {
            blocks: std::mem::take(&mut self.blocks),
            slots: self.next_slot,
            sentences: std::mem::take(&mut self.spans),
        }
    }

    // ---- lines

    /// What triggers a triggered ability.
    pub(crate) fn trigger(
        &mut self,
        tr: &Spanned<t::TriggerPhrase>,
    ) -> (crate::prim::TriggerOn, bool) {
        use crate::prim::{Label, TriggerOn};
        match &tr.node {
            t::TriggerPhrase::Labels(labels) => (
                TriggerOn::Labels(
                    labels
                        .iter()
                        .map(|l| match l.node {
                            t::Label::Play => Label::Play,
                            t::Label::Attack => Label::Attack,
                            t::Label::Defeated => Label::Defeated,
                            t::Label::Call | t::Label::Flip => Label::Call,
                        })
                        .collect(),
                ),
                false,
            ),
            t::TriggerPhrase::When { event, .. } => (TriggerOn::Event(self.event(event)), false),
            t::TriggerPhrase::FirstTime(event) => (TriggerOn::Event(self.event(event)), true),
            t::TriggerPhrase::At(tp) => {
                let whose = self.turn_owner(&tp.node.turn, tp.span);
                (
                    TriggerOn::Turn {
                        start: tp.node.start,
                        whose,
                    },
                    false,
                )
            }
        }
    }

    /// The sentences of an effect's line that are rules of their own (`This effect costs …`
    /// after an activated ability, `Play this Program for …` before a Program's effect): each
    /// becomes a cost rule, and the effect leaves it out.
    pub(crate) fn split_rules(&mut self, e: &t::Effect) -> Vec<Body> {
        let mut out = Vec::new();
        let lead = match e {
            t::Effect::Sentences(s) => s.as_slice(),
            t::Effect::Modal { lead, .. } => lead.as_slice(),
        };
        for (k, s) in lead.iter().enumerate() {
            if let Some(rule) = self.cost_sentence(s) {
                self.skip.insert(k as u32);
                out.push(Body::Cost(rule));
            }
        }
        out
    }

    /// A plain line: a Program's effect, or rules about the card (statements, cost rules,
    /// replacements).
    pub(crate) fn plain(&mut self, quick: bool, e: &t::Effect, span: Span) -> Vec<Body> {
        let mut out = self.split_rules(e);
        if self.cx.kind == crate::card::CardType::Program {
            let all_split = match e {
                t::Effect::Sentences(s) => s.len() == self.skip.len(),
                t::Effect::Modal { .. } => false,
            };
            if !all_split {
                let effect = self.effect(e);
                out.push(Body::Resolution { quick, effect });
            }
            return out;
        }
        if quick {
            self.cx.error(
                span,
                "`{Quick}` goes before a Program's effect or an activation cost",
            );
        }
        let sentences = match e {
            t::Effect::Sentences(s) => s.as_slice(),
            t::Effect::Modal { lead, .. } => {
                self.cx.error(
                    span,
                    "a rule about a card has no modes; modes belong to an effect",
                );
                lead.as_slice()
            }
        };
        let mut statics = Vec::new();
        for (k, s) in sentences.iter().enumerate() {
            if self.skip.contains(&(k as u32)) {
                continue;
            }
            self.sid = SentenceId(k as u32 as u16);
            self.spans.push(s.span);
            if let Some(r) = self.replacement(s) {
                out.push(r);
                continue;
            }
            statics.extend(self.static_sentence(s));
        }
        if !statics.is_empty() {
            out.push(Body::Static(statics));
        }
        out
    }

    // ---- effects and sentences

    /// Lowers an effect (leaving out the sentences split off as rules).
    pub(crate) fn effect(&mut self, e: &t::Effect) -> Effect {
        match e {
            t::Effect::Sentences(list) => self.sentences(list, 0),
            t::Effect::Modal { lead, modes } => self.modal(lead, modes),
        }
        self.finish()
    }

    /// `Choose one effect.` / `Give a friendly Unit these effects.` with its rules, then modes.
    fn modal(&mut self, lead: &[Spanned<Sentence>], modes: &[Vec<Spanned<Sentence>>]) {
        let mut all_if: Option<Cond> = None;
        let mut rival_if: Option<Cond> = None;
        let mut head: Option<Span> = None;
        let mut head_sid = SentenceId(0);
        for (k, s) in lead.iter().enumerate() {
            self.spans.push(s.span);
            if self.skip.contains(&(k as u32)) {
                continue;
            }
            self.sid = SentenceId(k as u16);
            match self.mode_sentence(s) {
                Some(ModeSentence::ChooseOne) if head.is_none() => {
                    head = Some(s.span);
                    head_sid = self.sid;
                }
                Some(ModeSentence::GiveAll) if head.is_none() => {
                    head = Some(s.span);
                    head_sid = self.sid;
                    all_if = Some(Cond::True);
                }
                Some(ModeSentence::Both(c)) => all_if = Some(c),
                Some(ModeSentence::RivalChooses(c)) => {
                    if all_if.is_some() {
                        all_if = Some(Cond::Not(Box::new(c.clone())));
                    }
                    rival_if = Some(c);
                }
                _ => self.cx.error(
                    s.span,
                    "before modes, a line says `Choose one effect.` or `Give … these effects.` and how the choice is made",
                ),
            }
        }
        let Some(head_span) = head else {
            let span = lead.first().map_or(self.sentence_span(), |s| s.span);
            self.cx
                .error(span, "modes need `Choose one effect.` before them");
            return;
        };
        let mut ids = Vec::new();
        let mut next = lead.len() as u32;
        for m in modes {
            let span = match (m.first(), m.last()) {
                (Some(a), Some(z)) => Span {
                    file: a.span.file,
                    start: a.span.start,
                    end: z.span.end,
                },
                _ => head_span,
            };
            let first = next;
            let b = self.within(|b| b.sentences(m, first));
            next += m.len() as u32;
            ids.push((b, span));
        }
        self.sid = head_sid;
        self.push(
            head_span,
            OpKind::Modes {
                modes: ids,
                by: Who::You,
                all_if,
                rival_if,
            },
        );
    }

    /// Sentences numbered from `first`, into the current block.
    pub(crate) fn sentences(&mut self, list: &[Spanned<Sentence>], first: u32) {
        let mut replaced_by: HashMap<u32, usize> = HashMap::new();
        for (j, s) in list.iter().enumerate() {
            let own = first + j as u32;
            if let Some(i) = s.node.clause.node.instead {
                if i.replaces.0 != own {
                    replaced_by.insert(i.replaces.0, j);
                }
            }
        }
        for (k, s) in list.iter().enumerate() {
            let id = (first + k as u32) as usize;
            while self.spans.len() <= id {
                self.spans.push(s.span);
            }
            self.spans[id] = s.span;
        }
        for (i, s) in list.iter().enumerate() {
            let own = first + i as u32;
            if first == 0 && self.skip.contains(&(i as u32)) {
                continue;
            }
            if s.node
                .clause
                .node
                .instead
                .is_some_and(|x| x.replaces.0 != own)
            {
                continue; // lowered with the sentence it replaces
            }
            let sid = SentenceId(own as u16);
            match replaced_by.get(&own) {
                Some(&j) => self.weigh(s, sid, &list[j], SentenceId((first + j as u32) as u16)),
                None => self.sentence(s, sid),
            }
        }
    }

    /// Sentence `s` and a later sentence `alt` that replaces it (`… instead`): the choices of
    /// `s` that `alt` refers back to are made first; then if `alt`'s condition holds (and, for
    /// `you may … instead`, its controller says yes) `alt` happens, otherwise `s` does.
    fn weigh(
        &mut self,
        s: &Spanned<Sentence>,
        sid: SentenceId,
        alt: &Spanned<Sentence>,
        alt_sid: SentenceId,
    ) {
        // `s` first (it introduces what `alt` may repeat: `defeat 2 instead`) …
        self.sid = sid;
        let body = self.within(|b| b.sentence(s, sid));
        // … then `alt`, noting what it refers back to.
        self.sid = alt_sid;
        let mut conds = Vec::new();
        self.recording = Some(Vec::new());
        for l in &alt.node.leads {
            if let Lead::If(c) = &l.node {
                conds.push(self.condition(c));
            }
        }
        let clause = &alt.node.clause.node;
        if let Some(c) = &clause.condition {
            if let Some(c) = self.trailing(c) {
                conds.push(c);
            }
        }
        let optional = clause
            .modal
            .as_ref()
            .is_some_and(|m| m.node == t::Modal::May)
            || clause
                .steps
                .first()
                .and_then(|s| s.modal.as_ref())
                .is_some_and(|m| m.node == t::Modal::May);
        let mut bare = clause.clone();
        bare.modal = None;
        bare.condition = None;
        let bare = Spanned {
            node: bare,
            span: alt.node.clause.span,
        };
        let alt_block = self.within(|b| b.clause_body(&bare, true));
        let refs = self.recording.take().unwrap_or_default();
        // The choices of `s` that `alt` refers to are made before weighing (`that Gear`).
        let ops = std::mem::take(&mut self.blocks[body.0 as usize].0);
        let (early, rest): (Vec<Op>, Vec<Op>) = ops.into_iter().partition(|op| {
            matches!(&op.kind, OpKind::Choose { into, .. } if refs.contains(&u32::from(into.0)))
        });
        let here = self.block.0 as usize;
        self.blocks[here].0.extend(early);
        self.blocks[body.0 as usize].0 = rest;
        let chosen = if optional {
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
        self.push_if(alt.span, cond, chosen, Some(body));
    }

    /// One sentence, into the current block: its leads, in order, around its clause.
    pub(crate) fn sentence(&mut self, s: &Spanned<Sentence>, sid: SentenceId) {
        self.sid = sid;
        // `If that Unit steals or fights, defeat it at the end of this turn.`: the whole sentence
        // happens then, its condition read then (rule 8.16.1).
        if let Some(stripped) = delayed(&s.node.clause) {
            let leads = s.node.leads.clone();
            let then = self.within(|b| b.leads(&leads, &stripped));
            self.push(
                s.span,
                OpKind::Later {
                    when: Later::EndOfTurn,
                    then,
                },
            );
            return;
        }
        self.leads(&s.node.leads, &s.node.clause);
    }

    fn leads(&mut self, leads: &[Spanned<Lead>], clause: &Spanned<Clause>) {
        let Some((first, rest)) = leads.split_first() else {
            self.clause(clause);
            return;
        };
        match &first.node {
            Lead::Then { .. } => self.leads(rest, clause),
            Lead::If(c) => {
                let cond = self.condition(c);
                let then = self.within(|b| b.leads(rest, clause));
                self.push_if(first.span, cond, then, None);
            }
            Lead::Otherwise { depends_on } => {
                let cond = Cond::Not(Box::new(Cond::Did(SentenceId(depends_on.0 as u16))));
                let then = self.within(|b| b.leads(rest, clause));
                self.push_if(first.span, cond, then, None);
            }
            Lead::During(d) => {
                // `At the end of your turn, …` inside an effect: a delayed effect (rule 8.16.1).
                if let t::DurationPhrase::At(tp) = &d.node {
                    if !tp.start {
                        let then = self.within(|b| b.leads(rest, clause));
                        self.push(
                            first.span,
                            OpKind::Later {
                                when: Later::EndOfTurn,
                                then,
                            },
                        );
                        return;
                    }
                }
                let saved = self.during.replace(d.clone());
                self.leads(rest, clause);
                self.during = saved;
            }
            Lead::NextTime { event, .. } => {
                let pattern = self.event(event);
                if let Some(stmt) = self.next_attack(event, clause) {
                    self.push(first.span, OpKind::Make(stmt));
                    return;
                }
                let then = self.within(|b| b.leads(rest, clause));
                self.push(
                    first.span,
                    OpKind::Later {
                        when: Later::NextTime(pattern),
                        then,
                    },
                );
            }
        }
    }

    /// A clause, with its trailing condition and `you may`.
    pub(crate) fn clause(&mut self, c: &Spanned<Clause>) {
        if c.node
            .instead
            .is_some_and(|i| i.replaces == self.sid_tree())
        {
            self.cx.error(c.span, "`instead` of nothing: it replaces an earlier sentence, or an event after `If … would …,`");
        }
        match c.node.condition.as_ref() {
            Some(tr) => match self.trailing(tr) {
                Some(cond) => {
                    let then = self.within(|b| b.clause_body(c, false));
                    self.push_if(c.span, cond, then, None);
                }
                None => self.clause_body(c, false),
            },
            None => self.clause_body(c, false),
        }
    }

    fn sid_tree(&self) -> t::SentenceId {
        t::SentenceId(u32::from(self.sid.0))
    }

    /// A trailing `if …` / `unless …` as a condition (`if it can` is part of `must attack`).
    pub(crate) fn trailing(&mut self, tr: &Spanned<t::Trailing>) -> Option<Cond> {
        match &tr.node {
            t::Trailing::If(c) => Some(self.condition(&Spanned {
                node: c.clone(),
                span: tr.span,
            })),
            t::Trailing::Unless(c) => Some(Cond::Not(Box::new(self.condition(&Spanned {
                node: c.clone(),
                span: tr.span,
            })))),
            t::Trailing::IfItCan { .. } => None,
        }
    }
}

/// What a sentence before modes says.
pub(crate) enum ModeSentence {
    /// `Choose one effect.`
    ChooseOne,
    /// `Give a friendly Unit these effects.` (the Unit is chosen)
    GiveAll,
    /// `If …, choose both instead.`
    Both(Cond),
    /// `If …, they instead choose one effect for you.`
    RivalChooses(Cond),
}

/// A clause whose action happens `at the end of this turn`, without those words.
fn delayed(c: &Spanned<Clause>) -> Option<Spanned<Clause>> {
    let at_end = |a: &Spanned<t::Adjunct>| matches!(&a.node, t::Adjunct::Duration(t::DurationPhrase::At(tp)) if !tp.start);
    if c.node.subject.is_some()
        || !c
            .node
            .steps
            .iter()
            .any(|s| s.vp.node.adjuncts.iter().any(at_end))
    {
        return None;
    }
    let mut out = c.clone();
    for s in &mut out.node.steps {
        s.vp.node.adjuncts.retain(|a| !at_end(a));
    }
    Some(out)
}
