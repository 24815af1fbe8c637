//! Triggers on events and what a triggered effect knows of its event.
//!
//! - `When …` abilities (rules 10.16, 10.17) of the face-up cards in play, and of the bottom
//!   textbox of their Gear (rule 4.11), become pending when their event happens; once for each
//!   time (rule 10.16.3), except `one or more` (once per action).
//! - `The first time … each turn` abilities trigger once per turn: a record of the abilities
//!   that fired, with the turn number, is kept in the state (a new turn, rule 8.18, starts a
//!   new record).
//! - Delayed effects: `The next time … this turn` (created by an effect, ends with the turn,
//!   rule 8.16.2) and `… at the end of this turn` (resolves with the end-of-turn effects,
//!   rule 8.16.1).
//! - The event's objects bind (`that Gig`, `those Gigs`, `the opposing rival Unit`): they are
//!   kept with the pending effect and given to its run when it starts resolving.
//! - Effects on Gigs that belong to triggers: `reroll`, `steal`, `set`, `isn't stolen`.

use super::EffectRun;
use crate::error::EngineError;
use crate::game::{Flow, Game, Stop};
use crate::log::Event;
use crate::rules::Action as Act;
use crate::state::legacy::{Bound, BoundDice, DelayedEffect, DelayedWhen, Fired, TriggerCtx};
use crate::state::{die_bit, DieArea, DieId, EffectRef, Frame, InstId, PlayerId, Zone};
use gigscript_dsl::ast::{
    self, Ability, Clause, Controller, Effect, Filter, Noun, NounPhrase, Np, PostMod, Quality,
    Quantity, Ref, SetValue, Trigger,
};
use gigscript_dsl::CardType;
use rand::Rng;

/// Something that happened, as triggers read it.
#[derive(Clone, Copy, Debug)]
enum Happening<'a> {
    Spent(InstId),
    Blocked(InstId),
    Attacked(InstId),
    Played(InstId),
    Defeated(InstId),
    /// a Gig rolled in from `player`'s fixer
    RolledIn(DieId, PlayerId),
    /// a roll whose value counts (a roll-in or a reroll) by `player`
    Rolled(DieId, PlayerId),
    /// Gigs stolen (or about to be) by `by`, with the stealing card if a card steals
    Stole {
        dice: &'a [DieId],
        by: PlayerId,
        actor: Option<InstId>,
        would: bool,
    },
    /// a Unit won or lost a fight against `opponent`, by `margin` power
    Fought {
        unit: InstId,
        opponent: InstId,
        won: bool,
        margin: i32,
    },
    /// a Gig was decreased by an effect of `by`
    Decreased(DieId, PlayerId),
}

impl Happening<'_> {
    /// Its kind, one bit ([`event_bits`] of the events that can match it).
    fn bit(&self) -> u16 {
        1 << match self {
            Happening::Spent(_) => 0,
            Happening::Blocked(_) => 1,
            Happening::Attacked(_) => 2,
            Happening::Played(_) => 3,
            Happening::Defeated(_) => 4,
            Happening::RolledIn(..) => 5,
            Happening::Rolled(..) => 6,
            Happening::Stole { .. } => 7,
            Happening::Fought { .. } => 8,
            Happening::Decreased(..) => 9,
        }
    }
}

/// The kinds of happening ([`Happening::bit`]) a trigger's event can match (see
/// [`Game::matches`]): the index that lets most happenings skip most `When …` lines.
pub(crate) fn event_bits(ev: &ast::Event) -> u16 {
    1 << match ev {
        ast::Event::IsSpent(_) => 0,
        ast::Event::Uses { .. } => 1,
        ast::Event::Attacks(_) => 2,
        ast::Event::YouPlay(_) => 3,
        ast::Event::IsDefeated(_) => 4,
        ast::Event::YouRollIn(_) => 5,
        ast::Event::YouRollMinOrMax(_) => 6,
        ast::Event::Steals { .. } => 7,
        ast::Event::LosesAFight { .. } | ast::Event::WinsAFight { .. } => 8,
        ast::Event::Decreases { .. } => 9,
    }
}

/// Bindings one trigger gets from an event.
type Binds = (Vec<Bound>, Vec<BoundDice>);

fn bind_cards(out: &mut Vec<Bound>, np: &NounPhrase, cards: Vec<InstId>) {
    if let Some(b) = np.binds {
        out.push(Bound { id: b.0, cards });
    }
}

fn bind_dice(out: &mut Vec<BoundDice>, np: &NounPhrase, dice: Vec<DieId>) {
    if let Some(b) = np.binds {
        out.push(BoundDice { id: b.0, dice });
    }
}

impl Game {
    /// Whether any trigger may be waiting for an event (a fast path: a pool with no `When …`
    /// card and no delayed effect skips the event hooks).
    pub(crate) fn watching(&self) -> bool {
        self.kinds.when || !self.state.delayed.is_empty()
    }

    /// The event hook of the action pipeline: events become happenings that triggers read.
    pub(crate) fn event_triggers(&mut self, ev: &Event) -> Flow {
        let h = match *ev {
            Event::Spent(i) => Happening::Spent(i),
            Event::Blocked(i) => Happening::Blocked(i),
            Event::Attacked { attacker, .. } => Happening::Attacked(attacker),
            Event::Played(i) => Happening::Played(i),
            Event::Defeated(i) => Happening::Defeated(i),
            Event::RolledIn { die, .. } => {
                let Some(DieArea::Gigs(p)) = self.state.dice.get(die.0 as usize).map(|d| d.area)
                else {
                    return Ok(());
                };
                self.happened(Happening::RolledIn(die, p))?;
                Happening::Rolled(die, p)
            }
            Event::Rerolled { die, .. } => {
                let Some(DieArea::Gigs(p)) = self.state.dice.get(die.0 as usize).map(|d| d.area)
                else {
                    return Ok(());
                };
                Happening::Rolled(die, p)
            }
            Event::WouldSteal(die) => {
                // Rule 6.7.4: chosen, not yet moved; the attacking Unit is the actor (6.7.1.1).
                let Some(&Frame::Attack(a)) = self.state.frames.last() else {
                    return Ok(());
                };
                return self.happened(Happening::Stole {
                    dice: &[die],
                    by: a.player,
                    actor: Some(a.attacker),
                    would: true,
                });
            }
            Event::TurnEnding(_) => return self.end_of_turn_delayed(),
            _ => return Ok(()),
        };
        self.happened(h)
    }

    /// `When a Rival decreases a friendly Gig`: an effect of `by` decreased Gig `die`.
    pub(crate) fn gig_decreased(&mut self, die: DieId, by: PlayerId) -> Flow {
        if !self.watching() {
            return Ok(());
        }
        self.happened(Happening::Decreased(die, by))
    }

    /// `When … steals …` triggers of one steal action (rules 6.7.3, 10.16.3): a Unit attacking
    /// is the actor (rule 6.7.1.1); a steal of an effect is the player's (rule 6.7.1.2).
    pub(crate) fn steal_triggers(&mut self, dice: &[DieId], by: PlayerId) -> Flow {
        if dice.is_empty() || !self.watching() {
            return Ok(());
        }
        let actor = match self.state.frames.last() {
            _ if self.state.steal_actor.is_some() => self.state.steal_actor,
            Some(Frame::Attack(a)) if a.step == crate::state::AttackStep::StealMove => {
                Some(a.attacker)
            }
            _ => None,
        };
        self.happened(Happening::Stole {
            dice,
            by,
            actor,
            would: false,
        })
    }

    /// `When … loses/wins a fight` triggers, once the fight is compared (rules 9.17, 9.18).
    /// `losers`: bit 0 the attacker, bit 1 the defender.
    pub(crate) fn fight_triggers(
        &mut self,
        attacker: InstId,
        defender: InstId,
        losers: u8,
        pa: i32,
        pd: i32,
    ) -> Flow {
        if !self.watching() {
            return Ok(());
        }
        for (bit, unit, opponent, margin) in [
            (1, attacker, defender, pa - pd),
            (2, defender, attacker, pd - pa),
        ] {
            let lost = losers & bit != 0;
            // Rule 9.17.1.1: a Unit wins when the opposing Unit loses and it does not.
            let won = !lost && losers != 0;
            if lost || won {
                self.happened(Happening::Fought {
                    unit,
                    opponent,
                    won,
                    margin,
                })?;
            }
        }
        Ok(())
    }

    fn happened(&mut self, h: Happening) -> Flow {
        if self.kinds.when {
            let pool = self.pool.clone();
            // The cards in play with `When …` lines, then their Gear host by host, both players,
            // turn player first (only these can trigger; the face-up check is below).
            let tp = self.state.turn_player;
            let st = &self.state;
            let kind = h.bit();
            let when = |c: InstId| {
                st.inst(c)
                    .is_some_and(|x| pool.when_kinds(x.card) & kind != 0)
            };
            let in_play = || {
                [tp, tp.other()].into_iter().flat_map(|p| {
                    let pl = st.player(p);
                    pl.field.iter().chain(pl.legends.iter()).copied()
                })
            };
            // The list reuses the room of the last one (most happenings trigger nothing).
            let mut cards = std::mem::take(&mut self.scratch);
            cards.clear();
            for p in [tp, tp.other()] {
                let pl = st.player(p);
                cards.extend(pl.field.iter().filter(|&&c| when(c)));
                cards.extend(pl.legends.iter().filter(|&&c| when(c)));
            }
            // (host, Gear) for Gear with `When …` lines, in instance order.
            if self.kinds.gear_when {
                let gear: Vec<(InstId, InstId)> = (self.gear_at.iter())
                    .filter(|&&g| when(g))
                    .filter_map(|&g| Some((st.inst(g)?.equipped_to?, g)))
                    .collect();
                for host in in_play() {
                    cards.extend(gear.iter().filter(|&&(h, _)| h == host).map(|&(_, g)| g));
                }
            }
            let r = match cards.is_empty() {
                true => Ok(()),
                false => self.trigger_from(&cards, h),
            };
            self.scratch = cards;
            r?;
        }
        self.next_time_delayed(h)
    }

    /// Makes pending the `When …` lines of `cards` (in that order) that happening `h` triggers.
    fn trigger_from(&mut self, cards: &[InstId], h: Happening) -> Flow {
        let pool = self.pool.clone();
        for &src in cards {
            let Some(x) = self.state.inst(src).copied() else {
                continue;
            };
            if !x.face_up || !matches!(x.zone, Zone::Field | Zone::Legends) {
                continue;
            }
            let lines = pool.when_lines(x.card);
            if lines.is_empty() {
                continue;
            }
            let top = pool.top_len(x.card);
            let is_gear = x.equipped_to.is_some();
            for &line in lines {
                // Rule 4.11: a Gear's bottom textbox belongs to its host.
                if is_gear && line < top {
                    continue;
                }
                let Some(Ability::Triggered { trigger, .. }) =
                    pool.ability(x.card, line).map(|a| &a.node)
                else {
                    continue;
                };
                let (ev, first) = match &trigger.node {
                    Trigger::When(e) => (&e.node, false),
                    Trigger::FirstTimeEachTurn(e) => (&e.node, true),
                    _ => continue,
                };
                let turn = self.state.turn;
                if first
                    && self
                        .state
                        .fired
                        .iter()
                        .any(|f| f.source == src && f.line == line && f.turn == turn)
                {
                    continue;
                }
                for (cards, dice) in self.matches(src, x.controller, ev, h, &[]) {
                    self.pending_with(x.controller, src, line, cards, dice, None)?;
                    if first {
                        // A new turn starts a new record (rule 8.18).
                        self.state.fired.retain(|f| f.turn == turn);
                        self.state.fired.push(Fired {
                            source: src,
                            line,
                            turn,
                        });
                        break;
                    }
                }
            }
        }
        Ok(())
    }

    /// `The next time … this turn`: the first delayed effect waiting for this happening
    /// becomes pending and is used up; those of an earlier turn are gone (rule 8.16.2).
    fn next_time_delayed(&mut self, h: Happening) -> Flow {
        if self.state.delayed.is_empty() {
            return Ok(());
        }
        let turn = self.state.turn;
        self.state.delayed.retain(|d| d.turn == turn);
        let pool = self.pool.clone();
        let mut k = 0;
        while k < self.state.delayed.len() {
            let d = self.state.delayed[k].clone();
            let ev = match d.when {
                DelayedWhen::NextTime => self.inst_ok(d.source).ok().and_then(|x| {
                    let a = pool.ability(x.card, d.line)?;
                    let (Ability::Triggered { effect, .. } | Ability::Resolution { effect, .. }) =
                        &a.node
                    else {
                        return None;
                    };
                    let Effect::Sentences(s) = effect else {
                        return None;
                    };
                    match &s.get(d.sentence as usize)?.node.clause.node {
                        Clause::Delayed { event, .. } => Some(&event.node),
                        _ => None,
                    }
                }),
                DelayedWhen::EndOfTurn => None,
            };
            let Some(ev) = ev else {
                k += 1;
                continue;
            };
            let found = self
                .matches(d.source, d.controller, ev, h, &d.cards)
                .into_iter()
                .next();
            match found {
                Some((mut cards, mut dice)) => {
                    self.state.delayed.remove(k);
                    cards.extend(d.cards.iter().cloned());
                    dice.extend(d.dice.iter().cloned());
                    self.pending_with(
                        d.controller,
                        d.source,
                        d.line,
                        cards,
                        dice,
                        Some((d.sentence, d.step)),
                    )?;
                }
                None => k += 1,
            }
        }
        Ok(())
    }

    /// Rule 8.16.1: `… at the end of this turn` effects become pending with the end-of-turn
    /// effects; delayed effects of an earlier turn are gone.
    fn end_of_turn_delayed(&mut self) -> Flow {
        if self.state.delayed.is_empty() {
            return Ok(());
        }
        let turn = self.state.turn;
        let all = std::mem::take(&mut self.state.delayed);
        for d in all {
            if d.turn != turn {
                continue;
            }
            match d.when {
                DelayedWhen::EndOfTurn => self.pending_with(
                    d.controller,
                    d.source,
                    d.line,
                    d.cards,
                    d.dice,
                    Some((d.sentence, d.step)),
                )?,
                DelayedWhen::NextTime => self.state.delayed.push(d),
            }
        }
        Ok(())
    }

    fn pending_with(
        &mut self,
        controller: PlayerId,
        source: InstId,
        line: u16,
        cards: Vec<Bound>,
        dice: Vec<BoundDice>,
        resume: Option<(u8, u8)>,
    ) -> Flow {
        let seq = self.state.next_seq;
        self.push_pending(controller, source, EffectRef::Text { line })?;
        if !cards.is_empty() || !dice.is_empty() || resume.is_some() {
            self.state.trigger_ctx.push(TriggerCtx {
                seq,
                cards,
                dice,
                resume,
            });
        }
        Ok(())
    }

    /// Starts resolving a pending effect of card text, with what it knows of its event.
    pub(crate) fn start_pending(
        &mut self,
        seq: u16,
        source: InstId,
        controller: PlayerId,
        line: u16,
    ) -> Flow {
        let ctx = self
            .state
            .trigger_ctx
            .iter()
            .position(|c| c.seq == seq)
            .map(|k| self.state.trigger_ctx.remove(k));
        let pending = &self.state.pending;
        self.state
            .trigger_ctx
            .retain(|c| pending.iter().any(|p| p.seq == c.seq));
        let n = self.state.frames.len();
        self.start_effect(source, controller, line)?;
        let Some(ctx) = ctx else {
            return Ok(());
        };
        if self.state.frames.len() > n {
            if let Some(Frame::Effect(run)) = self.state.frames.last_mut() {
                run.bindings = ctx.cards;
                // One Gig bound: also where conditions and numbers read Gig bindings.
                for b in &ctx.dice {
                    if let [d] = b.dice[..] {
                        run.gigs.retain(|x| x.0 != b.id);
                        run.gigs.push((b.id, d));
                    }
                }
                run.dice = ctx.dice;
                if let Some((sentence, step)) = ctx.resume {
                    // The sentence's lead and condition were met when it was created.
                    run.sentence = sentence;
                    run.step = step;
                    run.entered = true;
                    run.only = Some(sentence);
                }
            }
        }
        Ok(())
    }

    /// Creates a delayed effect: the current sentence of `run`, from action `step`.
    pub(crate) fn make_delayed(&mut self, run: &EffectRun, when: DelayedWhen, step: u8) -> Flow {
        if self.state.delayed.len() >= crate::game::MAX_EFFECTS {
            return Err(EngineError::LimitExceeded("delayed effects").into());
        }
        self.state.delayed.push(DelayedEffect {
            source: run.source,
            controller: run.controller,
            line: run.line,
            sentence: run.sentence,
            step,
            when,
            turn: self.state.turn,
            cards: run.bindings.clone(),
            dice: run.dice.clone(),
        });
        self.emit(Event::DelayedCreated(run.source))
    }

    // ---- matching an event ------------------------------------------------------------------

    /// The bindings of each way `ev` (an ability of `src`, controlled by `me`) is met by `h`.
    fn matches(
        &self,
        src: InstId,
        me: PlayerId,
        ev: &ast::Event,
        h: Happening,
        bound: &[Bound],
    ) -> Vec<Binds> {
        let one = |cards: Vec<Bound>, dice: Vec<BoundDice>| vec![(cards, dice)];
        let card_event = |np: &NounPhrase, i: InstId| {
            if self.subject_is(src, me, np, i, bound) {
                let mut c = Vec::new();
                bind_cards(&mut c, np, vec![i]);
                one(c, Vec::new())
            } else {
                Vec::new()
            }
        };
        match (ev, h) {
            (ast::Event::IsSpent(np), Happening::Spent(i)) => card_event(np, i),
            (
                ast::Event::Uses {
                    subject,
                    keyword: ast::KeywordName::Blocker,
                },
                Happening::Blocked(i),
            ) => card_event(subject, i),
            (ast::Event::Attacks(np), Happening::Attacked(i)) => card_event(np, i),
            (ast::Event::IsDefeated(np), Happening::Defeated(i)) => {
                if self.was(me, np, i) {
                    let mut c = Vec::new();
                    bind_cards(&mut c, np, vec![i]);
                    one(c, Vec::new())
                } else {
                    Vec::new()
                }
            }
            (ast::Event::YouPlay(np), Happening::Played(i)) => {
                let mine = self.state.inst(i).is_some_and(|x| x.controller == me);
                if mine && self.was(me, np, i) {
                    let mut c = Vec::new();
                    bind_cards(&mut c, np, vec![i]);
                    one(c, Vec::new())
                } else {
                    Vec::new()
                }
            }
            (ast::Event::YouRollIn(np), Happening::RolledIn(die, p))
                if p == me && self.event_gig_is(me, np, die, p) =>
            {
                let mut d = Vec::new();
                bind_dice(&mut d, np, vec![die]);
                one(Vec::new(), d)
            }
            (ast::Event::YouRollMinOrMax(np), Happening::Rolled(die, p)) if p == me => {
                let Some(x) = self.state.dice.get(die.0 as usize) else {
                    return Vec::new();
                };
                if (x.value == 1 || x.value == x.sides) && self.event_gig_is(me, np, die, p) {
                    let mut d = Vec::new();
                    bind_dice(&mut d, np, vec![die]);
                    one(Vec::new(), d)
                } else {
                    Vec::new()
                }
            }
            (
                ast::Event::Steals {
                    subject,
                    object,
                    would,
                },
                Happening::Stole {
                    dice,
                    by,
                    actor,
                    would: w,
                },
            ) if *would == w => {
                let mut cards = Vec::new();
                let who_ok = match &subject.node {
                    Np::Phrase(p) if p.head.noun == Noun::Rival => by != me,
                    Np::Phrase(p) if p.head.noun == Noun::Player => by == me,
                    _ => match actor {
                        Some(a) if self.subject_is(src, me, subject, a, bound) => {
                            bind_cards(&mut cards, subject, vec![a]);
                            true
                        }
                        _ => false,
                    },
                };
                if !who_ok {
                    return Vec::new();
                }
                // The Gigs were the other player's before the steal.
                // `a Gig with value less than its power`: `its` is the stealing Unit, bound above.
                let mut run = EffectRun::new(src, me, 0);
                run.bindings = cards.clone();
                let ok: Vec<DieId> = dice
                    .iter()
                    .copied()
                    .filter(|&d| {
                        self.event_gig_is(me, object, d, by.other())
                            && self.event_gig_filters(&run, object, d)
                    })
                    .collect();
                let many =
                    matches!(&object.node, Np::Phrase(p) if p.quantity == Quantity::OneOrMore);
                if many {
                    if ok.is_empty() {
                        return Vec::new();
                    }
                    let mut d = Vec::new();
                    bind_dice(&mut d, object, ok);
                    return one(cards, d);
                }
                ok.into_iter()
                    .map(|die| {
                        let mut d = Vec::new();
                        bind_dice(&mut d, object, vec![die]);
                        (cards.clone(), d)
                    })
                    .collect()
            }
            (
                ast::Event::LosesAFight { subject, opponent },
                Happening::Fought {
                    unit,
                    opponent: o,
                    won: false,
                    ..
                },
            ) => self.fight_binds(src, me, subject, *opponent, unit, o, bound),
            (
                ast::Event::WinsAFight {
                    subject,
                    by_at_least,
                    opponent,
                },
                Happening::Fought {
                    unit,
                    opponent: o,
                    won: true,
                    margin,
                },
            ) if by_at_least.is_none_or(|n| i64::from(margin) >= i64::from(n)) => {
                self.fight_binds(src, me, subject, *opponent, unit, o, bound)
            }
            (ast::Event::Decreases { subject, object }, Happening::Decreased(die, by)) => {
                let who_ok = match &subject.node {
                    Np::Phrase(p) if p.head.noun == Noun::Rival => by != me,
                    _ => by == me,
                };
                let holder = match self.state.dice.get(die.0 as usize).map(|d| d.area) {
                    Some(DieArea::Gigs(p)) => p,
                    _ => return Vec::new(),
                };
                if who_ok && self.event_gig_is(me, object, die, holder) {
                    let mut d = Vec::new();
                    bind_dice(&mut d, object, vec![die]);
                    one(Vec::new(), d)
                } else {
                    Vec::new()
                }
            }
            _ => Vec::new(),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn fight_binds(
        &self,
        src: InstId,
        me: PlayerId,
        subject: &NounPhrase,
        opponent: ast::BindingId,
        unit: InstId,
        o: InstId,
        bound: &[Bound],
    ) -> Vec<Binds> {
        if !self.subject_is(src, me, subject, unit, bound) {
            return Vec::new();
        }
        let mut c = Vec::new();
        bind_cards(&mut c, subject, vec![unit]);
        c.push(Bound {
            id: opponent.0,
            cards: vec![o],
        });
        vec![(c, Vec::new())]
    }

    /// The card `this`/`host` of an ability of `src` stands for.
    fn ref_card(&self, src: InstId, r: Ref, bound: &[Bound]) -> Vec<InstId> {
        match r {
            Ref::This => vec![src],
            Ref::Host => self
                .state
                .inst(src)
                .and_then(|x| x.equipped_to)
                .into_iter()
                .collect(),
            Ref::Binding(b) => bound
                .iter()
                .find(|x| x.id == b.0)
                .map_or_else(Vec::new, |x| x.cards.clone()),
        }
    }

    /// Whether card `i` in play is what the subject of an event describes.
    fn subject_is(
        &self,
        src: InstId,
        me: PlayerId,
        np: &NounPhrase,
        i: InstId,
        bound: &[Bound],
    ) -> bool {
        match &np.node {
            Np::Pronoun { refers_to, .. } => self.ref_card(src, *refers_to, bound).contains(&i),
            Np::Phrase(p) => match p.refers_to {
                Some(r) => self.ref_card(src, r, bound).contains(&i),
                // `another friendly Unit`: not this card.
                None if p.quantity == Quantity::Another && i == src => false,
                None => {
                    self.describes(src, me, p, i) || {
                        // A Legend played as a Unit is still a Legend (rule 4.5).
                        let legend = p.head.noun == Noun::Legend
                            || p.or.as_ref().is_some_and(|o| o.head.noun == Noun::Legend);
                        let in_field = self.state.inst(i).is_some_and(|x| {
                            x.zone == Zone::Field
                                && self.pool.facts(x.card).kind == CardType::Legend
                        });
                        legend && in_field && {
                            let mut q = p.clone();
                            q.head.noun = Noun::Unit;
                            q.or = None;
                            self.describes(src, me, &q, i)
                        }
                    }
                }
            },
            _ => false,
        }
    }

    /// Whether card `i`, wherever it is now (a defeated or played card), is of the kind a
    /// phrase names: its card type, controller and tag.
    fn was(&self, me: PlayerId, np: &NounPhrase, i: InstId) -> bool {
        let Np::Phrase(p) = &np.node else {
            return false;
        };
        let Some(x) = self.state.inst(i) else {
            return false;
        };
        let kind = self.pool.facts(x.card).kind;
        let noun_ok = |n: &Noun| match n {
            Noun::Unit => matches!(kind, CardType::Unit | CardType::Legend),
            Noun::Legend => kind == CardType::Legend,
            Noun::Gear => kind == CardType::Gear,
            Noun::Program => kind == CardType::Program,
            Noun::Card => true,
            _ => false,
        };
        let ctrl_ok = match p.controller {
            Some(Controller::Friendly) => x.controller == me,
            Some(Controller::Rival) => x.controller != me,
            None => true,
        };
        let tag_ok = match &p.quality {
            None | Some(Quality::Colour(_)) => true,
            Some(Quality::Tag(t)) => self.pool.tags(x.card).iter().any(|x| x == t),
            Some(_) => false,
        };
        // `a Blue Unit or Blue Gear`: each noun with its own colour (rule 3.20).
        let color = self.pool.facts(x.card).color;
        let head_colour_ok = match &p.quality {
            Some(Quality::Colour(c)) => color == Some(*c),
            _ => true,
        };
        ((noun_ok(&p.head.noun) && head_colour_ok)
            || p.or.as_ref().is_some_and(|o| {
                noun_ok(&o.head.noun) && o.colour.is_none_or(|c| color == Some(c))
            }))
            && ctrl_ok
            && tag_ok
            && p.post.is_empty()
    }

    /// Whether Gig `die`, held by `holder`, is what the phrase of an event describes.
    fn event_gig_is(&self, me: PlayerId, np: &NounPhrase, die: DieId, holder: PlayerId) -> bool {
        let Np::Phrase(p) = &np.node else {
            return false;
        };
        let Some(d) = self.state.dice.get(die.0 as usize) else {
            return false;
        };
        let sides_ok = match p.head.noun {
            Noun::Die(n) => u32::from(d.sides) == n,
            Noun::Gig => true,
            _ => false,
        };
        let ctrl_ok = match p.controller {
            Some(Controller::Friendly) => holder == me,
            Some(Controller::Rival) => holder != me,
            None => true,
        };
        sides_ok && ctrl_ok
    }

    /// The `with …` filters of an event's Gig (`a Gig with value less than its power`), numbers
    /// read with the event's bindings (rule 10.3.3: as the event happens).
    fn event_gig_filters(&self, run: &EffectRun, np: &NounPhrase, die: DieId) -> bool {
        let Np::Phrase(p) = &np.node else {
            return false;
        };
        let Some(d) = self.state.dice.get(die.0 as usize) else {
            return false;
        };
        let v = i64::from(d.value);
        p.post.iter().all(|post| match &post.node {
            ast::PostMod::With(ast::Filter::Stat {
                stat: ast::Stat::Value,
                cmp,
            }) => {
                let read = |e: &ast::Spanned<ast::Expr>| self.numbers(run, &e.node);
                match cmp {
                    ast::Comparison::Is(n) => v == i64::from(*n),
                    ast::Comparison::AtMost(n) => v <= i64::from(*n),
                    ast::Comparison::AtLeast(n) => v >= i64::from(*n),
                    ast::Comparison::EqualTo(e) => read(e).contains(&v),
                    ast::Comparison::AtMostExpr(e) => read(e).iter().any(|&n| v <= n),
                    ast::Comparison::HigherThan(e) => read(e).iter().any(|&n| v > n),
                    ast::Comparison::LessThan(e) => read(e).iter().any(|&n| v < n),
                }
            }
            _ => false,
        })
    }

    // ---- effects on Gigs --------------------------------------------------------------------

    /// The Gigs a noun phrase of an effect refers to (`it`, `that Gig`, `those Gigs`).
    pub(crate) fn referred_dice(&self, run: &EffectRun, np: &NounPhrase) -> Vec<DieId> {
        let r = match &np.node {
            Np::Pronoun { refers_to, .. } => Some(*refers_to),
            Np::Phrase(p) => p.refers_to,
            _ => None,
        };
        match r {
            Some(Ref::Binding(b)) => run
                .dice
                .iter()
                .find(|x| x.id == b.0)
                .map_or_else(Vec::new, |x| x.dice.clone()),
            _ => Vec::new(),
        }
    }

    /// Binds the Gig chosen for an action to its noun phrase.
    pub(crate) fn bind_die(run: &mut EffectRun, np: &NounPhrase, die: DieId) {
        if let Some(b) = np.binds {
            run.gigs.retain(|x| x.0 != b.0);
            run.gigs.push((b.0, die));
            run.dice.retain(|x| x.id != b.0);
            run.dice.push(BoundDice {
                id: b.0,
                dice: vec![die],
            });
        }
    }

    /// `reroll it once`: roll the Gig again; the new value is its value (rule 6.2).
    pub(crate) fn reroll(&mut self, run: &EffectRun, np: &NounPhrase) -> Result<bool, Stop> {
        let mut done = false;
        for die in self.referred_dice(run, np) {
            let Some(d) = self.state.dice.get(die.0 as usize).copied() else {
                continue;
            };
            if !matches!(d.area, DieArea::Gigs(_)) {
                continue;
            }
            let value = self.state.rng.gen_range(1..=u32::from(d.sides)) as u8;
            self.state.dice[die.0 as usize].value = value;
            self.emit(Event::Rerolled { die, value })?;
            done = true;
        }
        Ok(done)
    }

    /// `Set those Gigs to 1` (rule 6.4.3: setting is adjusting to a value; off its faces, or
    /// the value it has, it fails, rules 6.4.4, 6.4.5). A Gig chosen by the effect is set by
    /// `set_gig` (gig_moves.rs); this sets the Gigs a trigger bound, all of them.
    pub(crate) fn set_bound_gigs(
        &mut self,
        run: &EffectRun,
        gig: &NounPhrase,
        to: &SetValue,
    ) -> Result<bool, Stop> {
        let SetValue::Number(n) = to else {
            return Ok(false);
        };
        let value = (*n).min(u32::from(u8::MAX)) as u8;
        let mut done = false;
        for die in self.referred_dice(run, gig) {
            let Some(d) = self.state.dice.get(die.0 as usize).copied() else {
                continue;
            };
            if !matches!(d.area, DieArea::Gigs(_)) || value < 1 || value > d.sides {
                continue;
            }
            if value != d.value {
                self.act(Act::Adjust { die, value })?;
                done = true;
            }
        }
        Ok(done)
    }

    /// The rival Gigs `steal <phrase>` may take: a rival Gig, `with the same number of sides`
    /// as a bound Gig.
    pub(crate) fn stealable(&self, run: &EffectRun, np: &NounPhrase) -> Vec<DieId> {
        let Np::Phrase(p) = &np.node else {
            return Vec::new();
        };
        let me = run.controller;
        let sides: Option<Vec<u8>> = p.post.iter().find_map(|x| match &x.node {
            PostMod::With(Filter::SameSidesAs(Ref::Binding(b))) => Some(
                run.dice
                    .iter()
                    .find(|x| x.id == b.0)
                    .map_or_else(Vec::new, |x| x.dice.clone())
                    .iter()
                    .filter_map(|d| self.state.dice.get(d.0 as usize).map(|d| d.sides))
                    .collect(),
            ),
            _ => None,
        });
        self.state
            .gigs(me.other())
            .filter(|&d| {
                let x = self.state.dice[d.0 as usize];
                let n_ok = match p.head.noun {
                    Noun::Die(n) => u32::from(x.sides) == n,
                    _ => true,
                };
                n_ok && sides.as_ref().is_none_or(|s| s.contains(&x.sides)) && die_bit(d) != 0
            })
            .collect()
    }

    /// `it also steals a Gig` (a delayed effect of a fight won): the Unit steals a Gig of the
    /// Rival's Gig area, chosen by the effect's controller; the Unit is the actor (rule
    /// 6.7.1.2). `None`: a Gig was asked for.
    pub(crate) fn also_steals(
        &mut self,
        run: &mut EffectRun,
        subject: &NounPhrase,
        what: &NounPhrase,
    ) -> Result<Option<bool>, Stop> {
        let unit = self
            .condition_cards(run, subject)
            .into_iter()
            .find(|&i| self.state.inst(i).is_some_and(|x| x.zone == Zone::Field));
        let Some(unit) = unit else {
            return Ok(Some(false));
        };
        let Some(die) = run.gig else {
            let options: Vec<DieId> = self
                .state
                .gigs(run.controller.other())
                .filter(|&d| {
                    die_bit(d) != 0 && self.event_gig_is(run.controller, what, d, d_holder(self, d))
                })
                .collect();
            if options.is_empty() {
                return Ok(Some(false));
            }
            run.ask = Some(super::Ask::Gig(options));
            return Ok(None);
        };
        Self::bind_die(run, what, die);
        if self.state.dice.get(die.0 as usize).map(|d| d.area)
            != Some(DieArea::Gigs(run.controller.other()))
        {
            return Ok(Some(false));
        }
        self.state.steal_actor = Some(unit);
        let r = self.act(Act::Steal {
            dice: die_bit(die),
            by: run.controller,
        });
        self.state.steal_actor = None;
        r?;
        Ok(Some(true))
    }

    /// `steal <a rival Gig>` from an effect: the player steals (rule 6.7.1.2).
    pub(crate) fn steal_die(&mut self, me: PlayerId, die: DieId) -> Result<bool, Stop> {
        if self.state.dice.get(die.0 as usize).map(|d| d.area) != Some(DieArea::Gigs(me.other())) {
            return Ok(false);
        }
        self.act(Act::Steal {
            dice: die_bit(die),
            by: me,
        })?;
        Ok(true)
    }

    /// `the Gig isn't stolen` (rules 6.7.4, 9.23.4): the chosen Gig is taken out of the
    /// attack's choice, so the steal moves the others only.
    pub(crate) fn isnt_stolen(&mut self, run: &EffectRun, np: &NounPhrase) -> Result<bool, Stop> {
        let dice = self.referred_dice(run, np);
        let mut done = false;
        for die in dice {
            let attack = self.state.frames.iter_mut().rev().find_map(|f| match f {
                Frame::Attack(a) => Some(a),
                _ => None,
            });
            let Some(a) = attack else {
                break;
            };
            if a.chosen & die_bit(die) != 0 {
                a.chosen &= !die_bit(die);
                self.emit(Event::NotStolen(die))?;
                done = true;
            }
        }
        Ok(done)
    }

    /// The cards a condition's subject names (`this Unit`, `it`).
    fn condition_cards(&self, run: &EffectRun, np: &NounPhrase) -> Vec<InstId> {
        let r = match &np.node {
            Np::Pronoun { refers_to, .. } => Some(*refers_to),
            Np::Phrase(p) => p.refers_to,
            _ => None,
        };
        match r {
            Some(r) => self.ref_card(run.source, r, &run.bindings),
            None => Vec::new(),
        }
    }
}

fn d_holder(g: &Game, d: DieId) -> PlayerId {
    match g.state.dice.get(d.0 as usize).map(|x| x.area) {
        Some(DieArea::Gigs(p)) => p,
        _ => PlayerId(0),
    }
}

/// `it also steals a Gig`: a bound Unit steals one Gig.
pub(crate) fn is_also_steals(subject: &NounPhrase, what: &NounPhrase) -> bool {
    let bound = match &subject.node {
        Np::Pronoun { refers_to, .. } => matches!(refers_to, Ref::Binding(_)),
        _ => false,
    };
    bound
        && matches!(&what.node, Np::Phrase(p) if p.head.noun == Noun::Gig
            && p.quantity == Quantity::One
            && p.controller.is_none()
            && p.quality.is_none()
            && p.post.is_empty()
            && p.or.is_none())
}

/// Whether a phrase is a Gig an event or effect names by a binding: `it`, `that Gig`.
pub(crate) fn is_bound_gig(np: &NounPhrase) -> bool {
    match &np.node {
        Np::Pronoun { refers_to, .. } => matches!(refers_to, Ref::Binding(_)),
        Np::Phrase(p) => {
            matches!(p.refers_to, Some(Ref::Binding(_)))
                && matches!(p.head.noun, Noun::Gig | Noun::Die(_))
        }
        _ => false,
    }
}

/// `a rival Gig`, `a rival Gig with the same number of sides` (as a bound Gig).
pub(crate) fn is_rival_gig_to_steal(np: &NounPhrase) -> bool {
    let Np::Phrase(p) = &np.node else {
        return false;
    };
    matches!(p.head.noun, Noun::Gig | Noun::Die(_))
        && p.quantity == Quantity::One
        && p.controller == Some(Controller::Rival)
        && p.owner.is_none()
        && p.refers_to.is_none()
        && p.quality.is_none()
        && p.or.is_none()
        && p.post
            .iter()
            .all(|x| matches!(x.node, PostMod::With(Filter::SameSidesAs(Ref::Binding(_)))))
}
