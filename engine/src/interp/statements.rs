//! Statements: `… can't …`, `… can …`, `… must …`, `… has …` as static abilities of cards in play
//! (rule 10.22) and as sentences of effects, which become [`Statement`]s in the state with a
//! duration (rules 10.23, 8.6.2.1, 8.16.2, 9.29). Nothing is stored about what they change: they
//! are read where characteristics and legality are computed (power 3.17, keywords, attack targets
//! 9.3, blocking 9.9, fights 9.17.4 and 9.19.3, steals 9.23, readying, calling 11.11, {Go Solo}
//! 11.25), and a preventing statement beats an allowing one (rule 2.6).
//!
//! Also here: the actions `Call a Legend` (rule 11.11), `double …`, and the counts of `for each`.

use super::run::{Sel, Stepped};
use super::EffectRun;
use crate::game::{Game, Stop, MAX_EFFECTS};
use crate::log::Event;
use crate::rules::Action as Act;
use crate::state::{
    DieArea, DieId, Duration, Frame, InstId, PersistentEffect, PlayerId, Statement, Target, Zone,
};
use gigscript_dsl::ast::{
    Ability, Action, AttackTarget, Clause, Comparison, Condition, Controller, Duration as Dur,
    Effect, Expr, Filter, Grant, KeywordName, Lead, Modifier, Noun, NounPhrase, Np, Orientation,
    Phrase, PostMod, Predicate, Quantity, Ref, Sentence, Stat, Status,
};
use gigscript_dsl::CardType;

/// One statement in force: the sentence saying it, whose it is and whom it is about.
#[derive(Clone, Copy)]
pub(crate) struct Said<'a> {
    /// the card whose text says it
    src: InstId,
    /// its controller
    me: PlayerId,
    /// the card it is about, when fixed (an effect's chosen or named subject)
    target: Option<InstId>,
    /// the sentence
    sentence: &'a Sentence,
}

/// Where a static statement in force is: card `src`'s static ability `ability` (of its main
/// textbox), sentence `sentence`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StaticAt {
    src: InstId,
    ability: usize,
    sentence: usize,
    /// its kind ([`sentence_bits`])
    bits: u32,
}

/// The static statements in force, remembered while a decision is computed (see
/// [`Game::arm_said_memo`]); never part of the state. The list keeps its room between
/// decisions.
#[derive(Clone, Debug, Default)]
pub(crate) struct SaidMemo {
    mode: Memo,
    /// the statements, when [`Memo::Ready`]; else room for the next list
    at: Vec<StaticAt>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Memo {
    /// not remembering: every question reads the cards again
    #[default]
    Off,
    /// remembering, nothing read yet
    Armed,
    /// remembering the list
    Ready,
}

/// The bits of the kinds of statement the questions below read ([`predicate_bit`]).
mod bit {
    pub const CANT_ATTACK: u32 = 1 << 0;
    pub const CANT_BE_BLOCKED: u32 = 1 << 1;
    pub const NOT_DEFEATED: u32 = 1 << 2;
    pub const CANT_READY: u32 = 1 << 3;
    pub const CANT_STEAL: u32 = 1 << 4;
    pub const CAN_ATTACK: u32 = 1 << 5;
    pub const MAY_ATTACK: u32 = 1 << 6;
    pub const MAY_USE_FOR: u32 = 1 << 7;
    pub const MUST_ATTACK: u32 = 1 << 8;
    pub const MUST_PAY_TO_USE: u32 = 1 << 9;
    pub const HAS_POWER: u32 = 1 << 10;
    pub const HAS_KEYWORD: u32 = 1 << 11;
    pub const STEALS_FEWER: u32 = 1 << 13;
    pub const WINS_ALL: u32 = 1 << 18;
    /// not a predicate: `you may Call a Legend for free` (a `Do` sentence)
    pub const FREE_CALL: u32 = 1 << 21;
    /// not a predicate: `double …` (a `Do` sentence)
    pub const DOUBLE: u32 = 1 << 22;
}

/// The bit of a kind of statement in [`crate::pool::TextKinds::says`].
pub(crate) fn predicate_bit(p: &Predicate) -> u32 {
    match p {
        Predicate::CantAttack { .. } => bit::CANT_ATTACK,
        Predicate::CantBeBlocked => bit::CANT_BE_BLOCKED,
        Predicate::CantBeDefeatedInAFight { .. } => bit::NOT_DEFEATED,
        Predicate::CantReady { .. } => bit::CANT_READY,
        Predicate::CantSteal { .. } => bit::CANT_STEAL,
        Predicate::CanAttack { .. } => bit::CAN_ATTACK,
        Predicate::MayAttack { .. } => bit::MAY_ATTACK,
        Predicate::MayUseFor { .. } => bit::MAY_USE_FOR,
        Predicate::MustAttack { .. } => bit::MUST_ATTACK,
        Predicate::MustPayToUse { .. } => bit::MUST_PAY_TO_USE,
        Predicate::HasPower { .. } => bit::HAS_POWER,
        Predicate::HasKeyword(_) => bit::HAS_KEYWORD,
        Predicate::PowerEqualTo { .. } => 1 << 12,
        Predicate::StealsFewer { .. } => bit::STEALS_FEWER,
        Predicate::AlsoSteals { .. } => 1 << 14,
        Predicate::Discards { .. } => 1 << 15,
        Predicate::DiscardsHand { .. } => 1 << 16,
        Predicate::Defeats { .. } => 1 << 17,
        Predicate::WinsAllFightsAgainst { .. } => bit::WINS_ALL,
        Predicate::ChoosesWhether { .. } => 1 << 19,
        Predicate::IsntStolen => 1 << 20,
    }
}

/// The kinds of statement an ability can make, as [`predicate_bit`]s: the `… State` sentences
/// of its effect (every mode), also after `The next time …` (what [`Game::said`] reads), and
/// the `Do` sentences that [`Game::said`] is asked about (a free Call, `double`).
pub(crate) fn says_of(a: &Ability) -> u32 {
    let effect = match a {
        Ability::Static(e)
        | Ability::Triggered { effect: e, .. }
        | Ability::Resolution { effect: e, .. }
        | Ability::Activated { effect: e, .. } => e,
        _ => return 0,
    };
    let sentences: Vec<&gigscript_dsl::ast::Spanned<Sentence>> = match effect {
        Effect::Sentences(ss) => ss.iter().collect(),
        Effect::Modal { modes, .. } => modes.iter().flatten().collect(),
    };
    sentences.iter().fold(0, |m, s| m | sentence_bits(&s.node))
}

/// The kinds of statement one sentence makes ([`says_of`]).
fn sentence_bits(s: &Sentence) -> u32 {
    let clause = match &s.clause.node {
        Clause::Delayed { then, .. } => &then.node,
        c => c,
    };
    match clause {
        Clause::State { predicate, .. } => predicate_bit(&predicate.node),
        Clause::Do { steps, .. } => steps.iter().fold(0, |m, x| match x.action.node {
            Action::Call { free: true, .. } => m | bit::FREE_CALL,
            Action::Double { .. } => m | bit::DOUBLE,
            _ => m,
        }),
        _ => 0,
    }
}

/// What lets a Unit attack now ([`Game::attack_leave`]).
struct AttackLeave<'a> {
    /// the player it attacks
    rival: PlayerId,
    /// whether it can attack by the rules (ready, no Lag or Lag lifted by a keyword)
    free: bool,
    /// the statements that let it attack: the statement, the targets, whether it lifts Lag
    perms: Vec<(&'a Said<'a>, &'a AttackTarget, bool)>,
}

/// `this turn` alone: the duration `Give` has always been read with.
pub(crate) fn is_this_turn(m: &[Modifier]) -> bool {
    m.len() == 1 && matches!(&m[0], Modifier::Duration(d) if d.node == Dur::ThisTurn)
}

/// The duration of a persistent effect for the words of a `Give`.
fn give_duration(me: PlayerId, m: &[Modifier]) -> Duration {
    let mut out = Duration::ThisTurn;
    for x in m {
        if let Modifier::Duration(d) = x {
            out = match d.node {
                Dur::UntilYourNextTurn | Dur::NextTurn => Duration::UntilNextTurnOf(me),
                Dur::WhileAttacking => Duration::WhileAttacking,
                Dur::WhileFighting(_) => Duration::WhileFighting,
                _ => Duration::ThisTurn,
            };
        }
    }
    out
}

/// A binding id the interpreter keeps for itself (the cards each player chose).
const CHOSEN: u32 = u32::MAX - 1;

/// The binding that keeps the cards an effect's `discards their hand` discarded (`the total
/// number of discarded cards`).
pub(crate) const DISCARDED: u32 = u32::MAX - 2;

impl Game {
    /// Whether any statement may be in force (a fast path: games without such cards pay
    /// nothing).
    pub(crate) fn saying(&self) -> bool {
        self.kinds.statics || !self.state.statements.is_empty()
    }

    /// Whether a text of this game can say something of kind `bits` ([`predicate_bit`]) and
    /// something may be said now: otherwise no statement of that kind is in force.
    fn may_say(&self, bits: u32) -> bool {
        self.kinds.says & bits != 0 && self.saying()
    }

    /// Every statement in force now: the static abilities of executable cards in play, face-up
    /// (a Gear's bottom textbox for the card it is equipped to, rule 4.11), whose lead holds
    /// (`If …,`, `During your turn,`), and the statements effects made.
    fn said(&self, bits: u32) -> Vec<Said<'_>> {
        let mut out = Vec::new();
        if !self.may_say(bits) {
            return out;
        }
        let kind = |a: &&StaticAt| a.bits & bits != 0;
        if self.kinds.statics {
            let mut memo = self.said_memo.borrow_mut();
            match memo.mode {
                Memo::Ready => out.extend(
                    memo.at
                        .iter()
                        .filter(kind)
                        .filter_map(|a| self.static_said(a)),
                ),
                mode => {
                    // Remembered for the whole decision (every kind), or read for this
                    // question only; reading may ask questions in turn (conditions), so the
                    // memo is let go meanwhile.
                    let mut at = std::mem::take(&mut memo.at);
                    drop(memo);
                    at.clear();
                    let armed = mode == Memo::Armed;
                    self.statics_in_force(if armed { u32::MAX } else { bits }, &mut at);
                    out.extend(at.iter().filter(kind).filter_map(|a| self.static_said(a)));
                    let mut memo = self.said_memo.borrow_mut();
                    if armed && memo.mode == Memo::Armed {
                        memo.mode = Memo::Ready;
                        memo.at = at;
                    } else if memo.mode != Memo::Ready && memo.at.capacity() < at.capacity() {
                        memo.at = at; // keep the larger room, never a list remembered meanwhile
                    }
                }
            }
        }
        for r in &self.state.statements {
            if let Some(s) = self.sentence_of(r).filter(|s| sentence_bits(s) & bits != 0) {
                out.push(Said {
                    src: r.source,
                    me: r.controller,
                    target: r.target,
                    sentence: s,
                });
            }
        }
        out
    }

    /// A decision's computation begins: the static statements in force are computed at most
    /// once until [`Game::forget_said_memo`] (its options ask them many times over an
    /// unchanging state). `false` inside one already.
    pub(crate) fn arm_said_memo(&self) -> bool {
        let mut memo = self.said_memo.borrow_mut();
        if memo.mode != Memo::Off {
            return false;
        }
        memo.mode = Memo::Armed;
        true
    }

    /// The decision is computed: no later question reads the memo.
    pub(crate) fn forget_said_memo(&self) {
        self.said_memo.borrow_mut().mode = Memo::Off;
    }

    /// Where the static statements of kinds `bits` in force are: cards in play and Gear
    /// equipped to one (a Gear shares the zone of the card it is equipped to).
    fn statics_in_force(&self, bits: u32, out: &mut Vec<StaticAt>) {
        let pool = &*self.pool;
        for &i in &self.statics_at {
            let Some(x) = self.state.inst(i) else {
                continue;
            };
            if !pool.has_statics(x.card)
                || pool.says(x.card) & bits == 0
                || !matches!(x.zone, Zone::Field | Zone::Legends)
            {
                continue;
            }
            let kind = pool.facts(x.card).kind;
            match x.equipped_to {
                Some(host) => self.statics_of(i, host, bits, out),
                None if kind != CardType::Gear => self.statics_of(i, i, bits, out),
                None => {}
            }
        }
    }

    /// The statement a static sentence makes.
    fn static_said(&self, a: &StaticAt) -> Option<Said<'_>> {
        let x = self.state.inst(a.src)?;
        let script = self.pool.script(x.card)?;
        let Ability::Static(Effect::Sentences(ss)) = &script.text.abilities.get(a.ability)?.node
        else {
            return None;
        };
        Some(Said {
            src: a.src,
            me: x.controller,
            target: None,
            sentence: &ss.get(a.sentence)?.node,
        })
    }

    /// The statics of card `i` (in play, or a Gear equipped to `host`).
    fn statics_of(&self, i: InstId, host: InstId, bits: u32, out: &mut Vec<StaticAt>) {
        let Some(x) = self.state.inst(i) else { return };
        let Some(h) = self.state.inst(host) else {
            return;
        };
        if !x.face_up || !h.face_up || !self.pool.has_statics(x.card) {
            return;
        }
        let Some(script) = self.pool.script(x.card) else {
            return;
        };
        let top = self.pool.top_len(x.card);
        for (k, a) in script.text.abilities.iter().enumerate() {
            let Ability::Static(Effect::Sentences(ss)) = &a.node else {
                continue;
            };
            let line = top.saturating_add(k as u16);
            for (j, s) in ss.iter().enumerate() {
                let said = sentence_bits(&s.node);
                if said & bits == 0 {
                    continue; // not asked about: its condition is not read
                }
                let on = match s.node.lead.as_ref().map(|l| &l.node) {
                    None => true,
                    Some(Lead::If(c)) => {
                        self.condition(&EffectRun::new(i, x.controller, line), &c.node)
                    }
                    Some(Lead::During(_)) => true,
                    Some(_) => false,
                };
                if on {
                    out.push(StaticAt {
                        src: i,
                        ability: k,
                        sentence: j,
                        bits: said,
                    });
                }
            }
        }
    }

    /// The sentence a statement made by an effect points at.
    fn sentence_of(&self, r: &Statement) -> Option<&Sentence> {
        let card = self.state.inst(r.source)?.card;
        let (Ability::Triggered { effect, .. }
        | Ability::Resolution { effect, .. }
        | Ability::Activated { effect, .. }) = &self.pool.ability(card, r.line)?.node
        else {
            return None;
        };
        let ss = match effect {
            Effect::Sentences(ss) => ss,
            Effect::Modal { modes, .. } => modes.get(r.mode? as usize)?,
        };
        ss.get(r.sentence as usize).map(|s| &s.node)
    }

    /// What `Ref::This`/`Ref::Host` of a statement's card stand for.
    fn said_ref(&self, s: &Said, r: Ref) -> Option<InstId> {
        match r {
            Ref::This => Some(s.src),
            Ref::Host => self.state.inst(s.src)?.equipped_to,
            Ref::Binding(_) => s.target,
        }
    }

    /// Whether a statement's subject is card `i`.
    fn about(&self, s: &Said, subject: &NounPhrase, i: InstId) -> bool {
        if let Some(t) = s.target {
            return t == i;
        }
        match &subject.node {
            Np::Pronoun { refers_to, .. } => self.said_ref(s, *refers_to) == Some(i),
            Np::Phrase(p) => match p.refers_to {
                Some(r) => self.said_ref(s, r) == Some(i),
                None => self.names(s.src, s.me, p, i),
            },
            _ => false,
        }
    }

    /// [`Game::describes`], where a Legend card in the field is a Legend too (rule 4.5).
    fn names(&self, src: InstId, me: PlayerId, p: &Phrase, i: InstId) -> bool {
        if self.describes(src, me, p, i) {
            return true;
        }
        let in_field_legend = self.state.inst(i).is_some_and(|x| {
            x.zone == Zone::Field && self.pool.facts(x.card).kind == CardType::Legend
        });
        if p.head.noun == Noun::Legend && in_field_legend {
            let mut q = p.clone();
            q.head.noun = Noun::Unit;
            return self.describes(src, me, &q, i);
        }
        false
    }

    /// Whether a duration or `while …` holds now for card `i` (the statement's subject).
    fn holds(&self, s: &Said, d: &Dur, i: InstId) -> bool {
        match d {
            Dur::ThisTurn | Dur::UntilYourNextTurn | Dur::NextTurn | Dur::AtEndOfThisTurn => true,
            Dur::DuringYourTurn => self.state.turn_player == s.me,
            Dur::TurnPlayed { .. } => self
                .state
                .inst(i)
                .is_some_and(|x| x.entered_turn == self.state.turn),
            Dur::WhileAttacking => self
                .state
                .frames
                .iter()
                .any(|f| matches!(f, Frame::Attack(a) if a.attacker == i)),
            Dur::WhileFighting(np) => self.fighting(i).is_some_and(|o| match &np.node {
                Np::Phrase(p) => self.names(s.src, s.me, p, o),
                _ => false,
            }),
        }
    }

    /// The Unit card `i` is fighting now (rules 9.16–9.19), if any.
    fn fighting(&self, i: InstId) -> Option<InstId> {
        self.state.frames.iter().rev().find_map(|f| match f {
            Frame::Attack(a)
                if matches!(
                    a.step,
                    crate::state::AttackStep::Fight | crate::state::AttackStep::FightResult
                ) =>
            {
                let Target::Unit(u) = a.target else {
                    return None;
                };
                if a.attacker == i {
                    Some(u)
                } else if u == i {
                    Some(a.attacker)
                } else {
                    None
                }
            }
            _ => None,
        })
    }

    /// The statements in force about card `i` with their predicate, whose lead holds for it.
    fn said_about<'a>(
        &'a self,
        said: &'a [Said<'a>],
        i: InstId,
    ) -> impl Iterator<Item = (&'a Said<'a>, &'a Predicate)> + 'a {
        let me = self;
        said.iter().filter_map(move |s| {
            let (subject, predicate) = match &s.sentence.clause.node {
                Clause::State { subject, predicate } => (subject, predicate),
                // `The next time this Unit attacks this turn, it may …` (crate::interp::next_attack)
                Clause::Delayed { then, .. } if s.target.is_some() => match &then.node {
                    Clause::State { subject, predicate } => (subject, predicate),
                    _ => return None,
                },
                _ => return None,
            };
            if let Some(Lead::During(d)) = s.sentence.lead.as_ref().map(|l| &l.node) {
                if !me.holds(s, &d.node, i) {
                    return None;
                }
            }
            me.about(s, subject, i).then_some((s, &predicate.node))
        })
    }

    /// How many things a `for each` phrase counts for a statement's controller.
    pub(crate) fn count_each(&self, src: InstId, me: PlayerId, np: &NounPhrase) -> u32 {
        let Np::Phrase(p) = &np.node else { return 0 };
        match p.head.noun {
            Noun::Gig | Noun::Die(_) | Noun::ValuePair => {
                let holders: Vec<PlayerId> = match p.controller {
                    Some(Controller::Friendly) => vec![me],
                    Some(Controller::Rival) => vec![me.other()],
                    None => PlayerId::BOTH.to_vec(),
                };
                let mut n = 0;
                for h in holders {
                    let values: Vec<u8> = self
                        .state
                        .gigs(h)
                        .filter_map(|d| self.state.dice.get(d.0 as usize))
                        .filter(|d| match p.head.noun {
                            Noun::Die(s) => u32::from(d.sides) == s,
                            _ => true,
                        })
                        .filter(|d| {
                            p.post.iter().all(|post| match &post.node {
                                PostMod::With(Filter::ValueAtLeast(v)) => u32::from(d.value) >= *v,
                                PostMod::AtMaxValue => d.value == d.sides,
                                _ => true,
                            })
                        })
                        .map(|d| d.value)
                        .collect();
                    if p.head.noun == Noun::ValuePair {
                        // Rule 6.5.1: a Gig counts towards one value-pair at a time.
                        for v in 1..=20u8 {
                            n += values.iter().filter(|&&x| x == v).count() as u32 / 2;
                        }
                    } else {
                        n += values.len() as u32;
                    }
                }
                n
            }
            Noun::Gear if p.status == Some(Status::Equipped) => {
                // `each equipped Gear`: every Gear equipped to a card in play.
                self.state
                    .instances
                    .iter()
                    .filter(|x| {
                        x.equipped_to.is_some()
                            && match p.controller {
                                Some(Controller::Friendly) => x.controller == me,
                                Some(Controller::Rival) => x.controller != me,
                                None => true,
                            }
                    })
                    .count() as u32
            }
            _ => {
                // `in your Legends area`: the friendly Legends there.
                let mut q = p.clone();
                if q.post.iter().any(|x| matches!(x.node, PostMod::In(_))) {
                    q.post.retain(|x| !matches!(x.node, PostMod::In(_)));
                    q.controller = Some(Controller::Friendly);
                }
                (0..self.state.instances.len())
                    .map(|k| InstId(k as u16))
                    .filter(|&i| self.describes(src, me, &q, i))
                    .count() as u32
            }
        }
    }

    /// Power that statements in force give card `i` (rule 3.17.2).
    pub(crate) fn said_power(&self, i: InstId) -> i32 {
        if !self.may_say(bit::HAS_POWER) {
            return 0;
        }
        let said = self.said(bit::HAS_POWER);
        let mut total = 0;
        for (s, p) in self.said_about(&said, i) {
            let Predicate::HasPower { change, modifiers } = p else {
                continue;
            };
            let mut n = *change;
            for m in modifiers {
                match m {
                    Modifier::Duration(d) => {
                        if !self.holds(s, &d.node, i) {
                            n = 0;
                        }
                    }
                    Modifier::ForEach(np) => {
                        n = n.saturating_mul(self.count_each(s.src, s.me, np) as i32)
                    }
                }
            }
            total += n;
        }
        total
    }

    /// Card `i`'s power after `double …` statements (applied last, to the power computed so far).
    pub(crate) fn doubled(&self, i: InstId, power: i32) -> i32 {
        if self.state.statements.is_empty() || !self.may_say(bit::DOUBLE) {
            return power;
        }
        let said = self.said(bit::DOUBLE);
        let mut out = power;
        for s in &said {
            let Clause::Do { steps, .. } = &s.sentence.clause.node else {
                continue;
            };
            if s.target != Some(i) {
                continue;
            }
            if let Some(Lead::During(d)) = s.sentence.lead.as_ref().map(|l| &l.node) {
                if !self.holds(s, &d.node, i) {
                    continue;
                }
            }
            for step in steps {
                if matches!(step.action.node, Action::Double { .. }) {
                    out = out.saturating_mul(2);
                }
            }
        }
        out
    }

    /// Rule 2.6: a statement says card `i` can't attack now.
    pub(crate) fn said_cant_attack(&self, i: InstId) -> bool {
        if !self.may_say(bit::CANT_ATTACK) {
            return false;
        }
        let said = self.said(bit::CANT_ATTACK);
        let r = self.said_about(&said, i).any(|(s, p)| match p {
            Predicate::CantAttack { duration, unless } => {
                duration.as_ref().is_none_or(|d| self.holds(s, &d.node, i))
                    && unless
                        .as_ref()
                        .is_none_or(|c| !self.condition(&EffectRun::new(s.src, s.me, 0), &c.node))
            }
            _ => false,
        });
        r
    }

    /// Whether a statement gives card `i` keyword `k`.
    pub(crate) fn said_keyword(&self, i: InstId, k: gigscript_dsl::Keyword) -> bool {
        if !self.may_say(bit::HAS_KEYWORD) {
            return false;
        }
        let said = self.said(bit::HAS_KEYWORD);
        let r = self
            .said_about(&said, i)
            .any(|(_, p)| matches!(p, Predicate::HasKeyword(x) if super::run::keyword(*x) == k));
        r
    }

    /// Whether attacker `a` can't be blocked (rule 9.9).
    pub(crate) fn said_cant_be_blocked(&self, a: InstId) -> bool {
        if !self.may_say(bit::CANT_BE_BLOCKED) {
            return false;
        }
        let said = self.said(bit::CANT_BE_BLOCKED);
        let r = self
            .said_about(&said, a)
            .any(|(_, p)| matches!(p, Predicate::CantBeBlocked));
        r
    }

    /// Whether card `i` can't ready now.
    pub(crate) fn said_cant_ready(&self, i: InstId) -> bool {
        if !self.may_say(bit::CANT_READY) {
            return false;
        }
        let said = self.said(bit::CANT_READY);
        let r = self
            .said_about(&said, i)
            .any(|(_, p)| matches!(p, Predicate::CantReady { .. }));
        r
    }

    /// Rule 9.19.3: card `i` is not defeated as the result of a fight.
    pub(crate) fn said_not_defeated(&self, i: InstId) -> bool {
        if !self.may_say(bit::NOT_DEFEATED) {
            return false;
        }
        let said = self.said(bit::NOT_DEFEATED);
        let r = self
            .said_about(&said, i)
            .any(|(_, p)| matches!(p, Predicate::CantBeDefeatedInAFight { .. }));
        r
    }

    /// Rule 9.17.4: card `i` wins every fight against `opponent`.
    pub(crate) fn said_wins_against(&self, i: InstId, opponent: InstId) -> bool {
        if !self.may_say(bit::WINS_ALL) {
            return false;
        }
        let said = self.said(bit::WINS_ALL);
        let r = self.said_about(&said, i).any(|(s, p)| match p {
            Predicate::WinsAllFightsAgainst { against } => match &against.node {
                Np::Phrase(ph) => self.names(s.src, s.me, ph, opponent),
                _ => false,
            },
            _ => false,
        });
        r
    }

    /// How many fewer Gigs attacker `a` steals (rule 9.23.1).
    pub(crate) fn said_steals_fewer(&self, a: InstId) -> u32 {
        if !self.may_say(bit::STEALS_FEWER) {
            return 0;
        }
        let said = self.said(bit::STEALS_FEWER);
        let r = self
            .said_about(&said, a)
            .map(|(_, p)| match p {
                Predicate::StealsFewer { count, .. } => *count,
                _ => 0,
            })
            .sum();
        r
    }

    /// Rule 9.23.1: attacker `a` can't steal Gig `d`.
    pub(crate) fn said_cant_steal(&self, a: InstId, d: DieId) -> bool {
        if !self.may_say(bit::CANT_STEAL) {
            return false;
        }
        let said = self.said(bit::CANT_STEAL);
        let Some(die) = self.state.dice.get(d.0 as usize).copied() else {
            return false;
        };
        let DieArea::Gigs(holder) = die.area else {
            return false;
        };
        let r = self.said_about(&said, a).any(|(s, p)| {
            let Predicate::CantSteal { what } = p else {
                return false;
            };
            let Np::Phrase(g) = &what.node else {
                return false;
            };
            let ctrl = match g.controller {
                Some(Controller::Friendly) => holder == s.me,
                Some(Controller::Rival) => holder != s.me,
                None => true,
            };
            ctrl && g.post.iter().all(|post| match &post.node {
                PostMod::With(Filter::Stat {
                    stat: Stat::Value,
                    cmp,
                }) => {
                    let v = i64::from(die.value);
                    match cmp {
                        Comparison::Is(n) => v == i64::from(*n),
                        Comparison::AtMost(n) => v <= i64::from(*n),
                        Comparison::AtLeast(n) => v >= i64::from(*n),
                        // `their power`: the stealing Unit's.
                        Comparison::HigherThan(e) => v > self.number_of(s, &e.node, a),
                        Comparison::LessThan(e) => v < self.number_of(s, &e.node, a),
                        _ => false,
                    }
                }
                PostMod::With(Filter::ValueAtLeast(n)) => u32::from(die.value) >= *n,
                PostMod::AtMaxValue => die.value == die.sides,
                _ => false,
            })
        });
        r
    }

    /// A number a statement reads: `their power` (of `subject`), `this Unit's power`.
    fn number_of(&self, s: &Said, e: &Expr, subject: InstId) -> i64 {
        let Expr::Stat { owner, stat } = e else {
            return 0;
        };
        let who = match owner {
            gigscript_dsl::ast::Owner::Their(_) => Some(subject),
            gigscript_dsl::ast::Owner::Its(r) => self.said_ref(s, *r),
            gigscript_dsl::ast::Owner::Of(np) => match &np.node {
                Np::Pronoun { refers_to, .. } => self.said_ref(s, *refers_to),
                Np::Phrase(p) => p.refers_to.and_then(|r| self.said_ref(s, r)),
                _ => None,
            },
        };
        let Some(w) = who else { return 0 };
        match stat {
            Stat::Power => i64::from(self.eff_power(w)),
            Stat::Cost => self
                .state
                .inst(w)
                .and_then(|x| self.pool.facts(x.card).cost)
                .map_or(0, i64::from),
            Stat::Value => 0,
        }
    }

    /// What player `p` pays to use {Go Solo} on Legend `l` whose cost is `cost` (rule 11.25):
    /// `Rivals must pay +2 €$ to use {Go Solo}`, `A friendly Legend may use {Go Solo} for -2 €$
    /// this turn, to a minimum of 1 €$`.
    pub(crate) fn go_solo_cost(&self, p: PlayerId, l: InstId, cost: u8) -> u8 {
        if !self.may_say(bit::MAY_USE_FOR | bit::MUST_PAY_TO_USE) {
            return cost;
        }
        let said = self.said(bit::MAY_USE_FOR | bit::MUST_PAY_TO_USE);
        let mut n = i32::from(cost);
        let mut minimum = 0;
        for (_, pr) in self.said_about(&said, l) {
            if let Predicate::MayUseFor {
                keyword: KeywordName::GoSolo,
                change,
                minimum: m,
                ..
            } = pr
            {
                n += change;
                minimum = minimum.max(*m as i32);
            }
        }
        for s in &said {
            let Clause::State { subject, predicate } = &s.sentence.clause.node else {
                continue;
            };
            let Predicate::MustPayToUse {
                change,
                keyword: KeywordName::GoSolo,
            } = &predicate.node
            else {
                continue;
            };
            let Np::Phrase(ph) = &subject.node else {
                continue;
            };
            let applies = match ph.head.noun {
                Noun::Rival => p != s.me,
                Noun::Player => true,
                _ => false,
            };
            if applies {
                n += change;
            }
        }
        n.max(minimum).clamp(0, i32::from(u8::MAX)) as u8
    }

    /// €$ player `p` pays to Call a Legend (rule 11.11.1; `During your turn, you may Call a
    /// Legend for free.`).
    pub(crate) fn call_cost(&self, p: PlayerId) -> u8 {
        if !self.may_say(bit::FREE_CALL) {
            return 1;
        }
        let free = self.said(bit::FREE_CALL).iter().any(|s| {
            s.me == p
                && s.target.is_none()
                && match s.sentence.lead.as_ref().map(|l| &l.node) {
                    Some(Lead::During(d)) => self.holds(s, &d.node, s.src),
                    _ => true,
                }
                && matches!(&s.sentence.clause.node, Clause::Do { steps, .. }
                    if steps.iter().any(|x| matches!(x.action.node, Action::Call { free: true, .. })))
        });
        u8::from(!free)
    }

    /// What lets unit `a` (in the field, ready, of the turn player) attack now, statements
    /// `said` considered (rules 9.3.1, 9.3.2.3, 2.6): `None` when it can't attack at all.
    fn attack_leave<'a>(&'a self, a: InstId, said: &'a [Said<'a>]) -> Option<AttackLeave<'a>> {
        let x = self.state.inst(a)?;
        if x.zone != Zone::Field
            || x.equipped_to.is_some()
            || x.controller != self.state.turn_player
            || x.spent
        {
            return None;
        }
        // can_attack: no Lag (or {Adrenaline}, {Go Solo}) and no `can't attack` (rule 2.6).
        let free = self.can_attack(a);
        if !free && self.said_cant_attack(a) {
            return None;
        }
        // `can attack … the turn it's played`, `… this turn`: despite Lag.
        let perms = if self.may_say(bit::CAN_ATTACK) {
            self.said_about(said, a)
                .filter_map(|(s, p)| match p {
                    Predicate::CanAttack { target, duration } => {
                        let ok = duration.as_ref().is_none_or(|d| self.holds(s, &d.node, a));
                        ok.then_some((s, target, duration.is_some()))
                    }
                    _ => None,
                })
                .collect()
        } else {
            Vec::new()
        };
        Some(AttackLeave {
            rival: x.controller.other(),
            free,
            perms,
        })
    }

    /// Whether unit `a`, which `leave` lets attack, may attack target `t` (rules 9.3.2,
    /// 9.3.2.3).
    fn may_attack(&self, a: InstId, leave: &AttackLeave, said: &[Said], t: Target) -> bool {
        let AttackLeave { rival, free, perms } = leave;
        let (rival, free) = (*rival, *free);
        match t {
            Target::Gigs(p) => {
                p == rival
                    && self.state.gig_count(rival) > 0
                    && (free
                        || perms.iter().any(|(_, t, lifts)| {
                            *lifts && matches!(t, AttackTarget::GigArea { .. })
                        }))
            }
            Target::Unit(u) => {
                let Some(ux) = self.state.inst(u) else {
                    return false;
                };
                if ux.zone != Zone::Field || ux.controller != rival || ux.equipped_to.is_some() {
                    return false;
                }
                // `it may attack ready Units` (rule 9.3.2): more targets, no Lag lifted.
                let may_attack_it = || {
                    self.may_say(bit::MAY_ATTACK)
                        && self.said_about(said, a).any(|(s, p)| {
                            matches!(p, Predicate::MayAttack { target } if matches!(&target.node,
                                Np::Phrase(ph) if self.names(s.src, s.me, ph, u)))
                        })
                };
                (free && (ux.spent || may_attack_it()))
                    || perms.iter().any(|(s, t, lifts)| match t {
                        AttackTarget::Cards(np) => {
                            let Np::Phrase(ph) = &np.node else {
                                return false;
                            };
                            // Rule 9.3.2.1: a spent Unit, unless the phrase says `ready`.
                            (free || *lifts)
                                && self.names(s.src, s.me, ph, u)
                                && (ux.spent || ph.orientation == Some(Orientation::Ready))
                        }
                        AttackTarget::GigArea { .. } => false,
                    })
            }
        }
    }

    /// Whether a ready Unit `u` stays a legal target of attacker `a` (rule 9.26.3): a
    /// statement lets `a` attack ready Units such as `u`.
    pub(crate) fn said_ready_target(&self, a: InstId, u: InstId) -> bool {
        if !self.may_say(bit::CAN_ATTACK | bit::MAY_ATTACK) {
            return false;
        }
        let said = self.said(bit::CAN_ATTACK | bit::MAY_ATTACK);
        let r = self.said_about(&said, a).any(|(s, p)| match p {
            Predicate::CanAttack {
                target: AttackTarget::Cards(np),
                ..
            } => matches!(&np.node, Np::Phrase(ph)
                if ph.orientation == Some(Orientation::Ready) && self.names(s.src, s.me, ph, u)),
            Predicate::MayAttack { target: np } => matches!(&np.node, Np::Phrase(ph)
                if ph.orientation == Some(Orientation::Ready) && self.names(s.src, s.me, ph, u)),
            _ => false,
        });
        r
    }

    /// The attack options of unit `a`, statements considered (rule 9.3).
    pub(crate) fn push_said_attacks(&self, a: InstId, out: &mut Vec<crate::decision::Choice>) {
        // What lets `a` attack is read once, then each target is checked against it.
        let said = if self.may_say(bit::CAN_ATTACK | bit::MAY_ATTACK) {
            self.said(bit::CAN_ATTACK | bit::MAY_ATTACK)
        } else {
            Vec::new()
        };
        let Some(leave) = self.attack_leave(a, &said) else {
            return;
        };
        let rival = leave.rival;
        for &u in &self.state.player(rival).field {
            if self.may_attack(a, &leave, &said, Target::Unit(u)) {
                out.push(crate::decision::Choice::Attack {
                    attacker: a,
                    target: Target::Unit(u),
                });
            }
        }
        if self.may_attack(a, &leave, &said, Target::Gigs(rival)) {
            out.push(crate::decision::Choice::Attack {
                attacker: a,
                target: Target::Gigs(rival),
            });
        }
    }

    /// `must attack next turn if it can`: a Unit of `p`'s that must attack and has an attack
    /// among `options` (then `p` can't pass yet).
    pub(crate) fn must_attack_now(&self, p: PlayerId, options: &[crate::decision::Choice]) -> bool {
        if self.state.statements.is_empty() || !self.may_say(bit::MUST_ATTACK) {
            return false;
        }
        let said = self.said(bit::MUST_ATTACK);
        options.iter().any(|c| match *c {
            crate::decision::Choice::Attack { attacker, .. } => {
                self.state.inst(attacker).is_some_and(|x| x.controller == p)
                    && self.said_about(&said, attacker).any(|(s, pr)| {
                        matches!(pr, Predicate::MustAttack { .. })
                            && s.me != p
                            && self.state.turn_player == p
                    })
            }
            _ => false,
        })
    }

    /// A sentence of an effect that states something (rule 10.22): the subject is chosen (`A
    /// rival Unit …`, rule 10.31), named (`It …`) or a class (`rival Units …`); the statement
    /// lasts for its duration. `Each player defeats one of their Units.` acts at once.
    pub(crate) fn statement_step(
        &mut self,
        run: &mut EffectRun,
        sentence: &Sentence,
    ) -> Result<Stepped, Stop> {
        let Clause::State { subject, predicate } = &sentence.clause.node else {
            return Ok(Stepped::Done(false));
        };
        if let Predicate::Defeats { what } = &predicate.node {
            return self.each_defeats(run, what);
        }
        if let Predicate::DiscardsHand { then_may_draw, .. } = &predicate.node {
            return self.each_discards_hand(run, *then_may_draw);
        }
        let targets: Option<Vec<InstId>> = match &subject.node {
            Np::Pronoun { refers_to, .. } => Some(self.refer(run, *refers_to)),
            Np::Phrase(p) if p.refers_to.is_some() => {
                Some(p.refers_to.map_or_else(Vec::new, |r| self.refer(run, r)))
            }
            Np::Phrase(p) if matches!(p.quantity, Quantity::One | Quantity::Exactly(_)) => {
                let sel = self.select(run, subject);
                match self.pick(run, sel) {
                    None => return Ok(Stepped::Wait),
                    Some(l) => Some(l),
                }
            }
            _ => None,
        };
        if let Some(t) = &targets {
            run.bind(subject, t);
        }
        // `gains/loses power equal to …`: the number is read now (a persistent power change).
        if let Predicate::PowerEqualTo {
            gains,
            amount,
            duration,
        } = &predicate.node
        {
            let n = self.number_now(run, &amount.node);
            let by = if *gains { n } else { -n };
            let duration = match duration.node {
                Dur::UntilYourNextTurn | Dur::NextTurn => Duration::UntilNextTurnOf(run.controller),
                Dur::WhileAttacking => Duration::WhileAttacking,
                _ => Duration::ThisTurn,
            };
            let mut done = false;
            for i in targets.unwrap_or_default() {
                if !self.in_play(i) {
                    continue;
                }
                self.give_power(run.source, i, by, duration)?;
                done = true;
            }
            return Ok(Stepped::Done(done));
        }
        let duration = self.duration_of(run.controller, sentence);
        let list: Vec<Option<InstId>> = match targets {
            None => vec![None],
            Some(t) => t
                .into_iter()
                .filter(|&i| self.in_play(i))
                .map(Some)
                .collect(),
        };
        let mut done = false;
        for target in list {
            self.push_statement(run, target, duration)?;
            done = true;
        }
        Ok(Stepped::Done(done))
    }

    pub(super) fn push_statement(
        &mut self,
        run: &EffectRun,
        target: Option<InstId>,
        duration: Duration,
    ) -> Result<(), Stop> {
        if self.state.statements.len() >= MAX_EFFECTS {
            return Err(crate::error::EngineError::LimitExceeded("statements").into());
        }
        self.state.statements.push(Statement {
            source: run.source,
            controller: run.controller,
            line: run.line,
            mode: run.mode,
            sentence: run.sentence,
            target,
            duration,
        });
        self.emit(Event::Stated {
            source: run.source,
            target,
        })
    }

    /// How long a statement of an effect lasts: its lead's or its own duration words.
    fn duration_of(&self, me: PlayerId, s: &Sentence) -> Duration {
        let mut ds: Vec<&Dur> = Vec::new();
        if let Some(Lead::During(d)) = s.lead.as_ref().map(|l| &l.node) {
            ds.push(&d.node);
        }
        if let Clause::State { predicate, .. } = &s.clause.node {
            match &predicate.node {
                Predicate::CantAttack {
                    duration: Some(d), ..
                }
                | Predicate::CanAttack {
                    duration: Some(d), ..
                }
                | Predicate::CantBeDefeatedInAFight { duration: d }
                | Predicate::CantReady { duration: d }
                | Predicate::MustAttack { duration: d }
                | Predicate::StealsFewer { duration: d, .. }
                | Predicate::MayUseFor { duration: d, .. } => ds.push(&d.node),
                Predicate::HasPower { modifiers, .. } => {
                    for m in modifiers {
                        if let Modifier::Duration(d) = m {
                            ds.push(&d.node);
                        }
                    }
                }
                _ => {}
            }
        }
        // The longest-lived words decide; `while …` words then restrict when it applies.
        let mut out = Duration::Indefinite;
        let mut rank = 0;
        for d in ds {
            let (r, x) = match d {
                Dur::UntilYourNextTurn | Dur::NextTurn => (3, Duration::UntilNextTurnOf(me)),
                Dur::ThisTurn | Dur::TurnPlayed { .. } | Dur::AtEndOfThisTurn => {
                    (2, Duration::ThisTurn)
                }
                Dur::WhileAttacking | Dur::WhileFighting(_) => (1, Duration::WhileAttacking),
                Dur::DuringYourTurn => (0, Duration::Indefinite),
            };
            if r > rank {
                rank = r;
                out = x;
            }
        }
        out
    }

    /// `Each player defeats one of their Units.`: the turn player chooses first, then the other
    /// (rule 10.33); the chosen Units are defeated at once.
    fn each_defeats(&mut self, run: &mut EffectRun, what: &NounPhrase) -> Result<Stepped, Stop> {
        let first = self.state.turn_player;
        while run.step < 2 {
            let p = if run.step == 0 { first } else { first.other() };
            let options: Vec<InstId> = match &what.node {
                Np::Phrase(ph) => self
                    .state
                    .player(p)
                    .field
                    .iter()
                    .copied()
                    .filter(|&i| {
                        let mut q = (**ph).clone();
                        q.quantity = Quantity::One;
                        q.controller = None;
                        self.describes(run.source, p, &q, i)
                    })
                    .collect(),
                _ => Vec::new(),
            };
            run.chooser = Some(p);
            let Some(list) = self.pick(run, Sel::Choose(options, 1)) else {
                return Ok(Stepped::Wait);
            };
            run.chooser = None;
            let mut all = run.bound_cards(CHOSEN);
            all.extend(list);
            run.set_bound(CHOSEN, all);
            run.step += 1;
        }
        let all = run.bound_cards(CHOSEN);
        let live: Vec<InstId> = all.iter().copied().filter(|&i| self.in_play(i)).collect();
        // Rule 10.26: an optional replacement's controller is asked first.
        if let Some(ask) = self.replacement_question(&live) {
            return Ok(Stepped::Ask(ask));
        }
        run.bindings.retain(|b| b.id != CHOSEN);
        run.bind(what, &all);
        let all = live;
        if all.is_empty() {
            return Ok(Stepped::Done(false));
        }
        self.act(Act::Defeat(all))?;
        Ok(Stepped::Done(true))
    }

    /// A number read when an effect resolves: `this Unit's power`, `that card's cost`.
    fn number_now(&self, run: &EffectRun, e: &Expr) -> i32 {
        let Expr::Stat { owner, stat } = e else {
            return 0;
        };
        let cards = match owner {
            gigscript_dsl::ast::Owner::Its(r) | gigscript_dsl::ast::Owner::Their(r) => {
                self.refer(run, *r)
            }
            gigscript_dsl::ast::Owner::Of(np) => match &np.node {
                Np::Pronoun { refers_to, .. } => self.refer(run, *refers_to),
                Np::Phrase(p) => p.refers_to.map_or_else(Vec::new, |r| self.refer(run, r)),
                _ => Vec::new(),
            },
        };
        let Some(&c) = cards.first() else { return 0 };
        match stat {
            Stat::Power => self.eff_power(c),
            Stat::Cost => self
                .state
                .inst(c)
                .and_then(|x| self.pool.facts(x.card).cost)
                .map_or(0, |v| v.min(i32::MAX as u32) as i32),
            Stat::Value => 0,
        }
    }

    /// `Each player discards their hand and may draw 5.`: both hands go to the trash at once,
    /// then each player, the turn player first (rule 10.33), chooses whether to draw.
    fn each_discards_hand(
        &mut self,
        run: &mut EffectRun,
        draw: Option<u32>,
    ) -> Result<Stepped, Stop> {
        let first = self.state.turn_player;
        if run.step == 0 {
            let mut all = Vec::new();
            for p in [first, first.other()] {
                let hand = self.state.player(p).hand.clone();
                for &i in &hand {
                    self.act(Act::Move {
                        inst: i,
                        to: Zone::Trash,
                        player: p,
                    })?;
                }
                all.extend(hand);
            }
            run.set_bound(DISCARDED, all);
            run.step = 1;
        }
        if let Some(n) = draw {
            while run.step < 3 {
                let p = if run.step == 1 { first } else { first.other() };
                match run.delta.take() {
                    None => {
                        run.chooser = Some(p);
                        run.ask = Some(crate::state::legacy::Ask::YesNo);
                        return Ok(Stepped::Wait);
                    }
                    Some(yes) => {
                        run.chooser = None;
                        if yes == 1 {
                            for _ in 0..n {
                                self.act(Act::Draw(p))?;
                            }
                        }
                        run.step += 1;
                    }
                }
            }
        }
        Ok(Stepped::Done(!run.bound_cards(DISCARDED).is_empty()))
    }

    /// `Call a Legend for free`, `Call it for free` (rule 11.11): a face-down Legend of the
    /// controller's Legends area is flipped face-up; once per turn (rule 11.11.2).
    pub(crate) fn call_step(
        &mut self,
        run: &mut EffectRun,
        what: &NounPhrase,
    ) -> Result<Stepped, Stop> {
        let me = run.controller;
        if self.state.player(me).called_this_turn {
            return Ok(Stepped::Done(false));
        }
        let face_down = |g: &Game, i: InstId| {
            g.state
                .inst(i)
                .is_some_and(|x| x.zone == Zone::Legends && x.controller == me && !x.face_up)
        };
        let sel = match &what.node {
            Np::Pronoun { refers_to, .. } => Sel::Fixed(self.refer(run, *refers_to)),
            Np::Phrase(p) if p.refers_to.is_some() => {
                Sel::Fixed(p.refers_to.map_or_else(Vec::new, |r| self.refer(run, r)))
            }
            Np::Phrase(_) => Sel::Choose(self.state.player(me).legends.clone(), 1),
            _ => Sel::Fixed(Vec::new()),
        };
        let sel = match sel {
            Sel::Fixed(v) => Sel::Fixed(v.into_iter().filter(|&i| face_down(self, i)).collect()),
            Sel::Choose(v, n) => {
                Sel::Choose(v.into_iter().filter(|&i| face_down(self, i)).collect(), n)
            }
            other => other,
        };
        let Some(list) = self.pick(run, sel) else {
            return Ok(Stepped::Wait);
        };
        run.bind(what, &list);
        let Some(&l) = list.first() else {
            return Ok(Stepped::Done(false));
        };
        self.state.players[me.ix()].called_this_turn = true;
        self.finish_call(l)?;
        Ok(Stepped::Done(true))
    }

    /// `double this Unit's power` (with its lead, e.g. `While fighting a rival Unit,`): a
    /// statement about that card, applied where its power is computed.
    pub(crate) fn double_step(
        &mut self,
        run: &mut EffectRun,
        what: &Expr,
    ) -> Result<Stepped, Stop> {
        let Expr::Stat {
            owner,
            stat: Stat::Power,
        } = what
        else {
            return Ok(Stepped::Done(false));
        };
        let cards = match owner {
            gigscript_dsl::ast::Owner::Its(r) | gigscript_dsl::ast::Owner::Their(r) => {
                self.refer(run, *r)
            }
            gigscript_dsl::ast::Owner::Of(np) => match &np.node {
                Np::Pronoun { refers_to, .. } => self.refer(run, *refers_to),
                Np::Phrase(p) => p.refers_to.map_or_else(Vec::new, |r| self.refer(run, r)),
                _ => Vec::new(),
            },
        };
        let card = self.inst_ok(run.source)?.card;
        let pool = self.pool.clone();
        let duration = match pool.ability(card, run.line).map(|a| &a.node) {
            Some(Ability::Triggered { effect, .. })
            | Some(Ability::Resolution { effect, .. })
            | Some(Ability::Activated { effect, .. }) => {
                let ss = match effect {
                    Effect::Sentences(ss) => Some(ss),
                    Effect::Modal { modes, .. } => run.mode.and_then(|m| modes.get(m as usize)),
                };
                ss.and_then(|ss| ss.get(run.sentence as usize))
                    .map_or(Duration::ThisTurn, |s| {
                        match self.duration_of(run.controller, &s.node) {
                            Duration::Indefinite => Duration::ThisTurn,
                            d => d,
                        }
                    })
            }
            _ => Duration::ThisTurn,
        };
        let mut done = false;
        for i in cards {
            if self.in_play(i) {
                self.push_statement(run, Some(i), duration)?;
                done = true;
            }
        }
        Ok(Stepped::Done(done))
    }

    /// Conditions of statements and effects the interpreter reads beyond the basic ones.
    pub(crate) fn condition_more(&self, run: &EffectRun, c: &Condition) -> bool {
        let me = run.controller;
        match c {
            // `you played a Program this turn`
            Condition::YouPlayed { what, .. } => match &what.node {
                Np::Phrase(p) => {
                    let bits = self.state.player(me).played_this_turn;
                    let bit = match p.head.noun {
                        Noun::Program => crate::state::type_bit(CardType::Program),
                        Noun::Unit => crate::state::type_bit(CardType::Unit),
                        Noun::Gear => crate::state::type_bit(CardType::Gear),
                        Noun::Legend => crate::state::type_bit(CardType::Legend),
                        Noun::Card => 0xff,
                        _ => 0,
                    };
                    bits & bit != 0
                }
                _ => false,
            },
            // The rest: crate::interp::conditions.
            _ => self.condition_c(run, c),
        }
    }

    /// Gives card `i` keyword `k` for `duration` (a persistent effect, rule 10.22).
    pub(crate) fn give_keyword(
        &mut self,
        run: &EffectRun,
        i: InstId,
        k: KeywordName,
        duration: Duration,
    ) -> Result<bool, Stop> {
        if self.state.effects.len() >= MAX_EFFECTS {
            return Err(crate::error::EngineError::LimitExceeded("persistent effects").into());
        }
        let keyword = super::run::keyword(k);
        self.state.effects.push(PersistentEffect {
            target: i,
            modifier: crate::state::Modifier::Keyword(keyword),
            duration,
            source: Some(run.source),
        });
        self.emit(Event::Granted { inst: i, keyword })?;
        Ok(true)
    }

    /// `Give …` lasting other than `this turn`, or `+N power for each …` (counted now).
    pub(crate) fn give_lasting(
        &mut self,
        run: &EffectRun,
        list: &[InstId],
        grants: &[Grant],
        modifiers: &[Modifier],
    ) -> Result<bool, Stop> {
        let duration = give_duration(run.controller, modifiers);
        let mut done = false;
        for &i in list {
            let mut times: i32 = 1;
            for m in modifiers {
                let Modifier::ForEach(np) = m else { continue };
                let n = match &np.node {
                    // `for each of its equipped Gear`: the Gear equipped to the card given.
                    Np::Phrase(p) if p.refers_to.is_some() && p.head.noun == Noun::Gear => {
                        self.gear_on(i).count() as u32
                    }
                    _ => self.count_each(run.source, run.controller, np),
                };
                times = times.saturating_mul(n as i32);
            }
            for g in grants {
                match *g {
                    Grant::Keyword(k) => done |= self.give_keyword(run, i, k, duration)?,
                    Grant::Power(n) => {
                        self.give_power(run.source, i, n.saturating_mul(times), duration)?;
                        done = true;
                    }
                }
            }
        }
        Ok(done)
    }
}

/// Which statements, statics and their words execute (the part of `unsupported` for them).
impl super::support::Walk {
    /// Static abilities: statements (`This Unit can't be blocked.`), with an `If …,` or
    /// `During your turn,` lead, and the standing permission `you may Call a Legend for free`.
    pub(super) fn statics_walk(&mut self, span: &gigscript_dsl::source::Span, e: &Effect) {
        let Effect::Sentences(ss) = e else {
            return self.no(span, "a modal static ability");
        };
        for s in ss {
            if let Some(lead) = &s.node.lead {
                match &lead.node {
                    Lead::If(c) => self.condition(c),
                    Lead::During(d) if d.node == Dur::DuringYourTurn => {}
                    _ => {
                        self.no(&s.span, "a conditional static ability");
                        continue;
                    }
                }
            }
            match &s.node.clause.node {
                Clause::State { subject, predicate } => self.statement(subject, predicate, true),
                Clause::Do {
                    optional: true,
                    steps,
                    instead: None,
                    condition: None,
                    ..
                } if steps.len() == 1
                    && matches!(&steps[0].action.node, Action::Call { free: true, what }
                        if matches!(&what.node, Np::Phrase(p) if p.head.noun == Noun::Legend
                            && p.quantity == Quantity::One && p.post.is_empty())) => {}
                _ => self.no(&s.span, "an order in a static ability"),
            }
        }
    }

    /// A sentence of an effect that opens with a duration: a statement, or `double …`.
    pub(super) fn during_lead(&mut self, span: &gigscript_dsl::source::Span, d: &Dur, c: &Clause) {
        let words = match d {
            Dur::UntilYourNextTurn | Dur::ThisTurn | Dur::WhileAttacking => true,
            Dur::WhileFighting(np) => {
                self.target(np);
                true
            }
            _ => false,
        };
        let clause = match c {
            Clause::State { .. } => true,
            Clause::Do { steps, .. } => steps
                .iter()
                .all(|s| matches!(s.action.node, Action::Double { .. })),
            Clause::Delayed { .. } => false,
        };
        if !words || !clause {
            self.no(span, "a sentence lead with a duration");
        }
    }

    /// A statement made by an effect.
    pub(super) fn effect_statement(
        &mut self,
        subject: &NounPhrase,
        predicate: &gigscript_dsl::ast::Spanned<Predicate>,
    ) {
        self.statement(subject, predicate, false)
    }

    fn statement(
        &mut self,
        subject: &NounPhrase,
        predicate: &gigscript_dsl::ast::Spanned<Predicate>,
        is_static: bool,
    ) {
        let dur_ok = |d: &Dur| !matches!(d, Dur::AtEndOfThisTurn);
        let mut nested: Vec<&NounPhrase> = Vec::new();
        let mut check_subject = true;
        let ok = match &predicate.node {
            Predicate::CantAttack { duration, unless } => {
                if let Some(c) = unless {
                    self.condition(c);
                }
                duration.as_ref().is_none_or(|d| dur_ok(&d.node))
            }
            Predicate::CantBeBlocked | Predicate::HasKeyword(_) => true,
            Predicate::CantBeDefeatedInAFight { duration }
            | Predicate::CantReady { duration }
            | Predicate::StealsFewer { duration, .. } => dur_ok(&duration.node),
            Predicate::MustAttack { duration } => {
                !is_static && matches!(duration.node, Dur::NextTurn | Dur::UntilYourNextTurn)
            }
            Predicate::CantSteal { what } => {
                matches!(&what.node, Np::Phrase(p) if p.head.noun == Noun::Gig && p.owner.is_none())
            }
            Predicate::CanAttack { target, duration } => {
                if let AttackTarget::Cards(np) = target {
                    nested.push(np);
                }
                duration.as_ref().is_none_or(|d| dur_ok(&d.node))
            }
            Predicate::HasPower { modifiers, .. } => modifiers.iter().all(|m| match m {
                Modifier::Duration(d) => {
                    if let Dur::WhileFighting(np) = &d.node {
                        nested.push(np);
                    }
                    dur_ok(&d.node)
                }
                Modifier::ForEach(np) => self.countable(np),
            }),
            Predicate::MustPayToUse {
                keyword: KeywordName::GoSolo,
                ..
            } => {
                check_subject = false;
                is_static
                    && matches!(&subject.node, Np::Phrase(p)
                        if matches!(p.head.noun, Noun::Rival | Noun::Player) && p.post.is_empty())
            }
            Predicate::WinsAllFightsAgainst { against } => {
                nested.push(against);
                true
            }
            Predicate::PowerEqualTo {
                amount, duration, ..
            } => {
                !is_static
                    && dur_ok(&duration.node)
                    && matches!(&amount.node, Expr::Stat { owner, stat: Stat::Power | Stat::Cost }
                    if match owner {
                        gigscript_dsl::ast::Owner::Its(_) => true,
                        gigscript_dsl::ast::Owner::Their(_) => false,
                        gigscript_dsl::ast::Owner::Of(np) => matches!(&np.node,
                            Np::Pronoun { .. })
                            || matches!(&np.node, Np::Phrase(p) if p.refers_to.is_some()),
                    })
            }
            Predicate::MayUseFor {
                keyword: KeywordName::GoSolo,
                duration,
                ..
            } => !is_static && dur_ok(&duration.node),
            Predicate::DiscardsHand { whose, .. } => {
                check_subject = false;
                !is_static
                    && matches!(whose, Ref::Binding(_))
                    && matches!(&subject.node, Np::Phrase(p)
                        if p.head.noun == Noun::Player && p.quantity == Quantity::Each)
            }
            Predicate::Discards { more: true, .. } => {
                check_subject = false;
                !is_static
                    && matches!(&subject.node, Np::Phrase(p)
                        if p.head.noun == Noun::Rival && p.refers_to.is_some())
            }
            Predicate::Defeats { what } => {
                check_subject = false;
                !is_static
                    && matches!(&subject.node, Np::Phrase(p)
                        if p.head.noun == Noun::Player && p.quantity == Quantity::Each)
                    && matches!(&what.node, Np::Phrase(p)
                        if p.head.noun == Noun::Unit && p.quantity == Quantity::OneOfTheir
                            && p.post.is_empty() && p.quality.is_none())
            }
            _ => false,
        };
        if !ok {
            return self.predicate(predicate);
        }
        if check_subject {
            self.target(subject);
        }
        for np in nested {
            self.target(np);
        }
    }

    /// What `for each` counts: Gigs, value-pairs, equipped Gear, cards in play.
    pub(super) fn countable(&mut self, np: &NounPhrase) -> bool {
        let Np::Phrase(p) = &np.node else {
            return false;
        };
        if p.owner.is_some() || p.refers_to.is_some() || p.or.is_some() {
            return false;
        }
        match p.head.noun {
            Noun::Gig | Noun::Die(_) | Noun::ValuePair => p.post.iter().all(|x| {
                matches!(
                    x.node,
                    PostMod::With(Filter::ValueAtLeast(_)) | PostMod::AtMaxValue | PostMod::OfGigs
                )
            }),
            Noun::Gear => p.status == Some(Status::Equipped) && p.post.is_empty(),
            Noun::Unit | Noun::Legend => {
                p.quality.is_none()
                    && p.post.iter().all(|x| match &x.node {
                        PostMod::In(z) => {
                            p.head.noun == Noun::Legend
                                && z.as_slice() == [gigscript_dsl::ast::Zone::LegendsArea]
                        }
                        _ => false,
                    })
            }
            _ => false,
        }
    }

    /// The words after `Give …`: one duration (`this turn`, `until your next turn`, `while
    /// attacking`) and counts of `for each`.
    pub(super) fn give_modifiers_ok(&mut self, m: &[Modifier]) -> bool {
        let mut durations = 0;
        for x in m {
            match x {
                Modifier::Duration(d) => {
                    durations += 1;
                    if !matches!(
                        d.node,
                        Dur::ThisTurn | Dur::UntilYourNextTurn | Dur::WhileAttacking
                    ) {
                        return false;
                    }
                }
                Modifier::ForEach(np) => {
                    // `its equipped Gear` (the card given): counted for that card.
                    let its_gear = matches!(&np.node, Np::Phrase(p) if p.refers_to.is_some()
                        && p.head.noun == Noun::Gear
                        && p.status == Some(Status::Equipped)
                        && p.post.is_empty()
                        && p.owner.is_none());
                    if !its_gear && !self.countable(np) {
                        return false;
                    }
                }
            }
        }
        durations == 1
    }
}
