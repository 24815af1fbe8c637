//! Hidden zones and playing from effects: cards named in the deck, hand and trash (rules 5.3,
//! 5.5, 5.9), adding them to the hand, searching (11.13), revealing (11.14), looking at a
//! face-down Legend, `the rest`, choosing a card type, a Gig or a card of the trash, discarding
//! cards that match a description, selling (11.9) and removing from the game by an effect, and
//! playing a card for free from the hand, trash or deck (11.8.4), a Gear with a restricted host.

use super::run::Stepped;
use super::support::{is_bare_count, Walk};
use crate::decision::{Choice, Decision, DecisionKind};
use crate::game::{Game, Stop};
use crate::log::Event;
use crate::rules::Action as Act;
use crate::state::legacy::{Ask, EffectRun};
use crate::state::{DieId, Frame, InstId, PlayHow, PlayerId, Zone};
use gigscript_dsl::ast::{
    self, Action, Comparison, Complement, Condition, Controller, Expr, Filter, Noun, NounPhrase,
    Np, Owner, Phrase, PostMod, Predicate, Quality, Quantity, Ref, Stat, Step,
};
use gigscript_dsl::CardType;

fn type_code(kind: CardType) -> u8 {
    match kind {
        CardType::Unit => 0,
        CardType::Gear => 1,
        CardType::Program => 2,
        CardType::Legend => 3,
    }
}

/// The decision for one of this module's questions.
pub(super) fn decision(run: &EffectRun, ask: &Ask) -> Decision {
    match ask {
        Ask::CardOrNone(options) => Decision {
            player: run.chooser.unwrap_or(run.controller),
            prompt: DecisionKind::EffectCard,
            options: options
                .iter()
                .map(|&i| Choice::Card(i))
                .chain(std::iter::once(Choice::No))
                .collect(),
        },
        // Rule 3.3: the four card types.
        Ask::CardType => Decision {
            player: run.controller,
            prompt: DecisionKind::CardType,
            options: (0..4).map(Choice::CardType).collect(),
        },
        Ask::Whether(p) => Decision {
            player: *p,
            prompt: DecisionKind::Mode,
            options: vec![Choice::Mode(0), Choice::Mode(1)],
        },
        _ => Decision {
            player: run.controller,
            prompt: DecisionKind::May,
            options: vec![Choice::Yes, Choice::No],
        },
    }
}

/// Applies an answer to one of this module's questions; false if it answers another.
pub(super) fn answer(run: &mut EffectRun, ask: &Ask, c: Choice) -> bool {
    match (ask, c) {
        (Ask::CardOrNone(_), Choice::Card(i)) => run.picked.push(i),
        (Ask::CardOrNone(_), Choice::No) => run.zone.none = true,
        (Ask::CardType, Choice::CardType(k)) => run.zone.kind = Some(k),
        (Ask::Whether(_), Choice::Mode(m)) => run.zone.whether = Some(m),
        _ => return false,
    }
    true
}

/// `A Rival chooses whether …`.
pub(super) fn whether(p: &Predicate) -> bool {
    matches!(p, Predicate::ChoosesWhether { .. })
}

/// The steps the Rival chose (rule 10.31: the player an effect names makes its choice), or
/// `None` after asking them.
pub(super) fn whether_steps<'a>(run: &mut EffectRun, p: &'a Predicate) -> Option<&'a [Step]> {
    let Predicate::ChoosesWhether { first, second } = p else {
        return Some(&[]);
    };
    match run.zone.whether {
        None => {
            run.ask = Some(Ask::Whether(run.controller.other()));
            None
        }
        Some(0) => Some(first),
        Some(_) => Some(second),
    }
}

/// The quantity of a phrase: how many, and whether fewer may be chosen (`up to`).
fn how_many(p: &Phrase, all: usize) -> (usize, bool) {
    match p.quantity {
        Quantity::All | Quantity::Bare => (all, false),
        Quantity::Exactly(n) => (n as usize, false),
        Quantity::UpTo(n) => (n as usize, true),
        _ => (1, false),
    }
}

/// Whether a phrase asks for information a hidden card must show (rule 5.3.2.4.1): a type,
/// a tag or a filter, not just `a card`.
fn qualifies(p: &Phrase) -> bool {
    p.head.noun != Noun::Card
        || p.quality.is_some()
        || p.post.iter().any(|x| matches!(x.node, PostMod::With(_)))
}

fn done(run: &mut EffectRun, h: bool) -> Stepped {
    run.zone.none = false;
    run.zone.begun = false;
    run.zone.played.clear();
    run.zone.host_for = None;
    Stepped::Done(h)
}

impl Game {
    /// The cards of the deck, hand or trash a noun phrase names (`the top 3 cards of your
    /// deck`, `the rest`), for the actions of `run.rs`.
    pub(super) fn zone_select(&self, run: &EffectRun, np: &NounPhrase) -> Vec<InstId> {
        match &np.node {
            Np::TopOfDeck { count } => self.top_cards(run.controller, count.unwrap_or(1)),
            // `the rest`: the cards of that binding still where they were (rule 11.13.2).
            Np::Rest { of } => self
                .refer(run, *of)
                .into_iter()
                .filter(|&i| self.state.inst(i).is_some_and(|x| x.zone == Zone::Deck))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The card a Gear was equipped to when that card left play (rule 4.12.2).
    pub(super) fn left_host(&self, gear: InstId) -> Option<InstId> {
        self.state
            .left_hosts
            .iter()
            .find(|s| s.0 == gear)
            .map(|s| s.1)
    }

    /// The top `n` cards of a deck, top first.
    fn top_cards(&self, p: PlayerId, n: u32) -> Vec<InstId> {
        self.state
            .player(p)
            .deck
            .iter()
            .rev()
            .take(n as usize)
            .copied()
            .collect()
    }

    /// Cards bound earlier that are still in the deck or trash (not yet moved on).
    fn still_there(&self, cards: Vec<InstId>) -> Vec<InstId> {
        cards
            .into_iter()
            .filter(|&i| {
                self.state
                    .inst(i)
                    .is_some_and(|x| matches!(x.zone, Zone::Deck | Zone::Trash))
            })
            .collect()
    }

    /// The cards a phrase naming cards outside play describes (`a Unit from among them`,
    /// `another Unit from your trash`, `a Program with cost 3 or less from your hand or
    /// trash`), with whether some are hidden; `None` if the phrase names no such place.
    fn candidates(
        &self,
        run: &EffectRun,
        p: &Phrase,
        from: Option<Ref>,
    ) -> Option<(Vec<InstId>, bool)> {
        let me = run.controller;
        let mut pool: Option<Vec<InstId>> = from.map(|r| self.still_there(self.refer(run, r)));
        for post in &p.post {
            match &post.node {
                PostMod::FromAmong(np) => {
                    let r = match &np.node {
                        Np::Pronoun { refers_to, .. } => Some(*refers_to),
                        Np::Phrase(q) => q.refers_to,
                        _ => None,
                    };
                    if let Some(r) = r {
                        pool = Some(self.still_there(self.refer(run, r)));
                    }
                }
                PostMod::FromZone(zones) | PostMod::In(zones) => {
                    let pl = self.state.player(me);
                    let mut v = Vec::new();
                    for z in zones {
                        match z {
                            ast::Zone::Hand => v.extend(&pl.hand),
                            // the trash from the top down
                            ast::Zone::Trash => v.extend(pl.trash.iter().rev()),
                            ast::Zone::Deck => v.extend(pl.deck.iter().rev()),
                            ast::Zone::LegendsArea => v.extend(&pl.legends),
                            ast::Zone::FixerArea => {}
                        }
                    }
                    pool = Some(v);
                }
                // `a Gear from this Legend`: the Gear equipped to it (rule 11.6.1).
                PostMod::FromCard(np) => {
                    let r = match &np.node {
                        Np::Pronoun { refers_to, .. } => Some(*refers_to),
                        Np::Phrase(q) => q.refers_to,
                        _ => None,
                    };
                    let hosts = r.map_or_else(Vec::new, |r| self.refer(run, r));
                    pool = Some(
                        hosts
                            .into_iter()
                            .flat_map(|h| self.gear_on(h).collect::<Vec<_>>())
                            .collect(),
                    );
                }
                _ => {}
            }
        }
        let pool = pool?;
        let list: Vec<InstId> = pool
            .into_iter()
            .filter(|&i| self.card_matches(run, p, i))
            .collect();
        let hidden = list.iter().any(|&i| {
            self.state
                .inst(i)
                .is_some_and(|x| matches!(x.zone, Zone::Deck | Zone::Hand))
        });
        Some((list, hidden))
    }

    /// Whether card `i` (anywhere) fits a phrase's noun, tag and filters.
    fn card_matches(&self, run: &EffectRun, p: &Phrase, i: InstId) -> bool {
        let Some(x) = self.state.inst(i) else {
            return false;
        };
        let f = self.pool.facts(x.card);
        let noun_ok = |n: &Noun| match n {
            Noun::Unit => f.kind == CardType::Unit,
            Noun::Gear => f.kind == CardType::Gear,
            Noun::Program => f.kind == CardType::Program,
            Noun::Legend => f.kind == CardType::Legend,
            Noun::Card => true,
            _ => false,
        };
        if !(noun_ok(&p.head.noun) || p.or.as_ref().is_some_and(|o| noun_ok(&o.head.noun))) {
            return false;
        }
        if (p.other || p.quantity == Quantity::Another)
            && (i == run.source || self.refer(run, Ref::Host).contains(&i))
        {
            return false;
        }
        let tag_ok = match &p.quality {
            None => true,
            Some(Quality::Tag(t)) => self.pool.tags(x.card).iter().any(|x| x == t),
            Some(Quality::Colour(c)) => self.pool.facts(x.card).color == Some(*c),
            Some(_) => false,
        };
        if !tag_ok {
            return false;
        }
        p.post.iter().all(|post| match &post.node {
            PostMod::With(Filter::Stat { stat, cmp }) => {
                let v = match stat {
                    Stat::Cost => f.cost.map(i64::from),
                    Stat::Power => f.power.map(i64::from),
                    Stat::Value => None,
                };
                let Some(v) = v else { return false };
                match cmp {
                    Comparison::Is(n) => v == i64::from(*n),
                    Comparison::AtMost(n) => v <= i64::from(*n),
                    Comparison::AtLeast(n) => v >= i64::from(*n),
                    Comparison::EqualTo(e) => self.zone_expr(run, &e.node) == Some(v),
                    _ => false,
                }
            }
            PostMod::FromZone(_) | PostMod::FromAmong(_) | PostMod::In(_) => true,
            PostMod::FromCard(_) => true,
            _ => false,
        })
    }

    /// `that Gig's value`: a number read from a Gig chosen earlier.
    fn zone_expr(&self, run: &EffectRun, e: &Expr) -> Option<i64> {
        let np = value_of(e)?;
        let Np::Phrase(p) = &np.node else {
            return None;
        };
        let Some(Ref::Binding(b)) = p.refers_to else {
            return None;
        };
        // A Gig an action chose, or the Gig of the event that triggered the ability.
        let event_die = || {
            run.dice
                .iter()
                .find(|x| x.id == b.0)
                .and_then(|x| (x.dice.len() == 1).then(|| (b.0, x.dice[0])))
        };
        let (_, die) = run
            .gigs
            .iter()
            .copied()
            .find(|(id, _)| *id == b.0)
            .or_else(event_die)?;
        self.state
            .dice
            .get(die.0 as usize)
            .map(|d| i64::from(d.value))
    }

    /// Picks up to `n` of `options` one at a time; with `may_stop`, the player may stop
    /// (`up to`, or failing to find, rule 11.13.4.1). `None`: a card was asked for.
    fn choose_cards(
        &mut self,
        run: &mut EffectRun,
        options: Vec<InstId>,
        n: usize,
        may_stop: bool,
    ) -> Option<Vec<InstId>> {
        let left: Vec<InstId> = options
            .into_iter()
            .filter(|i| !run.picked.contains(i))
            .collect();
        if run.picked.len() >= n || left.is_empty() || run.zone.none {
            run.zone.none = false;
            return Some(std::mem::take(&mut run.picked));
        }
        run.ask = Some(if may_stop {
            Ask::CardOrNone(left)
        } else {
            Ask::Card(left)
        });
        None
    }

    /// [`Self::zone_pick`] for another module.
    pub(super) fn zone_pick_for(
        &mut self,
        run: &mut EffectRun,
        what: &NounPhrase,
        from: Option<Ref>,
    ) -> Option<Vec<InstId>> {
        self.zone_pick(run, what, from)
    }

    /// The cards a phrase or pronoun of a hidden-zone action names, chosen if need be
    /// (`None`: waiting for a choice).
    fn zone_pick(
        &mut self,
        run: &mut EffectRun,
        what: &NounPhrase,
        from: Option<Ref>,
    ) -> Option<Vec<InstId>> {
        match &what.node {
            Np::Pronoun { refers_to, .. } => Some(self.refer(run, *refers_to)),
            Np::Phrase(p) if p.refers_to.is_some() => {
                Some(p.refers_to.map_or_else(Vec::new, |r| self.refer(run, r)))
            }
            Np::Phrase(p) => {
                let (list, hidden) = self.candidates(run, p, from).unwrap_or_default();
                let (n, up_to) = how_many(p, list.len());
                if matches!(p.quantity, Quantity::All | Quantity::Bare) {
                    return Some(list);
                }
                let may_stop = up_to || (hidden && qualifies(p));
                self.choose_cards(run, list, n, may_stop)
            }
            // `Add 1 to your hand` from searched cards: any card, so one must be chosen
            // (rule 5.3.2.5).
            Np::Count { count, .. } => {
                let pool = from.map_or_else(Vec::new, |r| self.still_there(self.refer(run, r)));
                self.choose_cards(run, pool, *count as usize, false)
            }
            Np::TopOfDeck { .. } | Np::Rest { .. } => Some(self.zone_select(run, what)),
            Np::And(..) => Some(Vec::new()),
        }
    }

    fn move_each(&mut self, list: &[InstId], to: Zone) -> Result<bool, Stop> {
        let mut any = false;
        for &i in list {
            let x = *self.inst_ok(i)?;
            if x.zone == to {
                continue;
            }
            self.act(Act::Move {
                inst: i,
                to,
                player: x.owner,
            })?;
            any = true;
        }
        Ok(any)
    }

    /// Resolves an action of this module; `None` for the actions `run.rs` resolves.
    pub(super) fn zone_action(
        &mut self,
        run: &mut EffectRun,
        a: &Action,
    ) -> Result<Option<Stepped>, Stop> {
        let me = run.controller;
        let stepped = match a {
            // `Trash it`, `Trash the rest`: those cards go to the trash (rule 11.7).
            Action::Trash { what, .. } if !is_bare_count(what) => {
                let Some(list) = self.zone_pick(run, what, None) else {
                    return Ok(Some(Stepped::Wait));
                };
                // Rule 11.7.2: trashing reveals the card on its way to the trash.
                let h = self.move_each(&list, Zone::Trash)?;
                run.bind(what, &list);
                done(run, h)
            }
            // `Discard 2 Programs`, `discard a Program from your hand`: chosen from the hand.
            Action::Discard { what } if !is_bare_count(what) => {
                // `discard 1 with cost equal to that Gig's value`: that many cards, filtered.
                let counted = match &what.node {
                    Np::Count {
                        count,
                        post,
                        elided: None,
                    } => Some(counted_cards(*count, post)),
                    _ => None,
                };
                let p = match (&what.node, &counted) {
                    (_, Some(c)) => c,
                    (Np::Phrase(p), None) => &**p,
                    _ => return Ok(Some(done(run, false))),
                };
                let hand = self.state.player(me).hand.clone();
                let options: Vec<InstId> = hand
                    .into_iter()
                    .filter(|&i| self.card_matches(run, p, i))
                    .collect();
                let (n, _) = how_many(p, options.len());
                // Rule 5.3.2.4.1: the hand is hidden; a player may fail to find.
                let Some(list) = self.choose_cards(run, options, n, true) else {
                    return Ok(Some(Stepped::Wait));
                };
                self.move_each(&list, Zone::Trash)?;
                run.bind(what, &list);
                // Rule 10.2.1: as much as possible is done; `If you do` asks for all of it.
                done(run, !list.is_empty() && list.len() >= n)
            }
            Action::AddToHand { what, from } => {
                // Chosen already when a later `instead` sentence reads it
                // (crate::interp::choose_first).
                let chosen = what
                    .binds
                    .filter(|b| super::choose_first::is_bound(run, b.0))
                    .map(|b| run.bound(b.0));
                let Some(list) = chosen.or_else(|| self.zone_pick(run, what, *from)) else {
                    return Ok(Some(Stepped::Wait));
                };
                let list: Vec<InstId> = list.into_iter().filter(|&i| !self.in_play(i)).collect();
                let h = self.move_each(&list, Zone::Hand)?;
                run.bind(what, &list);
                done(run, h)
            }
            // `add 1 more for each friendly min Gig`: from the same cards.
            Action::AddMore { count, per, from } => {
                let k = match &per.node {
                    Np::Phrase(p) => (0..self.state.dice.len())
                        .filter(|&d| self.gig_matches(me, p, DieId(d as u8)))
                        .count(),
                    _ => 0,
                };
                let n = (*count as usize).saturating_mul(k);
                let pool = from.map_or_else(Vec::new, |r| self.still_there(self.refer(run, r)));
                let Some(list) = self.choose_cards(run, pool, n, false) else {
                    return Ok(Some(Stepped::Wait));
                };
                let h = self.move_each(&list, Zone::Hand)?;
                done(run, h)
            }
            // Rule 11.13: the searcher looks at the cards; they stay where they are.
            Action::Search { what, for_ } => {
                let cards = self.zone_select(run, what);
                if !run.zone.begun {
                    run.zone.begun = true;
                    self.emit(Event::Searched {
                        player: me,
                        count: cards.len().min(u8::MAX as usize) as u8,
                    })?;
                    for &i in &cards {
                        self.state.seen.push((me, i));
                        self.emit(Event::LookedAt {
                            player: me,
                            inst: i,
                        })?;
                    }
                    run.bind(what, &cards);
                }
                if let Some(f) = for_ {
                    let Np::Phrase(p) = &f.node else {
                        return Ok(Some(done(run, !cards.is_empty())));
                    };
                    let options: Vec<InstId> = cards
                        .iter()
                        .copied()
                        .filter(|&i| self.card_matches(run, p, i))
                        .collect();
                    let (n, _) = how_many(p, options.len());
                    // Rule 11.13.4.1: a searcher may fail to find any or all.
                    let Some(list) = self.choose_cards(run, options, n, true) else {
                        return Ok(Some(Stepped::Wait));
                    };
                    run.bind(f, &list);
                }
                done(run, !cards.is_empty())
            }
            // Rule 11.14: revealed cards are shown to both players and stay where they are.
            Action::Reveal { what, from } => {
                let list = match &what.node {
                    Np::TopOfDeck { .. } => Some(self.zone_select(run, what)),
                    _ => self.zone_pick(run, what, *from),
                };
                let Some(list) = list else {
                    return Ok(Some(Stepped::Wait));
                };
                for &i in &list {
                    self.emit(Event::Revealed(i))?;
                }
                run.bind(what, &list);
                done(run, !list.is_empty())
            }
            // `Look at a friendly face-down Legend`: only its controller learns it.
            Action::LookAt { what, .. } => {
                let sel = self.select(run, what);
                let Some(list) = self.pick(run, sel) else {
                    return Ok(Some(Stepped::Wait));
                };
                for &i in &list {
                    if !self.state.seen.contains(&(me, i)) {
                        self.state.seen.push((me, i));
                    }
                    self.emit(Event::LookedAt {
                        player: me,
                        inst: i,
                    })?;
                }
                run.bind(what, &list);
                done(run, !list.is_empty())
            }
            Action::Choose { what } => self.zone_choose(run, what)?,
            Action::Play { what, free: true } => self.play_free(run, what)?,
            // `Equip it only to another friendly Unit`: the play of the Gear chose its host.
            Action::Equip {
                gear, only: true, ..
            } => {
                let gears = self.zone_select_ref(run, gear);
                let h = !gears.is_empty()
                    && gears
                        .iter()
                        .all(|&g| self.state.inst(g).is_some_and(|x| x.equipped_to.is_some()));
                done(run, h)
            }
            Action::BottomDeck {
                what,
                after_playing: Some(_),
                ..
            } => {
                // A Program played this way went to the bottom of its deck once resolved; a
                // card still in play goes now.
                let list = self.zone_select_ref(run, what);
                let mut h = false;
                let mut now = Vec::new();
                for &i in &list {
                    self.state.bottom_after_play.retain(|&x| x != i);
                    match self.state.inst(i).map(|x| x.zone) {
                        Some(Zone::Deck) => h = true,
                        Some(Zone::Field | Zone::Trash | Zone::Legends) => now.push(i),
                        _ => {}
                    }
                }
                if !now.is_empty() {
                    self.act(Act::BottomDeck(now))?;
                    h = true;
                }
                done(run, h)
            }
            // `Then, bottom-deck this Unit` on a Gear whose host was defeated: from the trash.
            Action::BottomDeck { what, .. }
                if matches!(&what.node, Np::Phrase(p) if p.refers_to == Some(Ref::Host))
                    && self
                        .refer(run, Ref::Host)
                        .iter()
                        .any(|&i| self.state.inst(i).is_some_and(|x| x.zone == Zone::Trash)) =>
            {
                let list: Vec<InstId> = self
                    .refer(run, Ref::Host)
                    .into_iter()
                    .filter(|&i| self.state.inst(i).is_some_and(|x| x.zone == Zone::Trash))
                    .collect();
                self.act(Act::BottomDeck(list))?;
                done(run, true)
            }
            // `Bottom-deck the rest in any order` (rule 11.12.2): the player places them one at
            // a time, each under the ones before, instead of randomizing.
            Action::BottomDeck {
                what,
                any_order: true,
                ..
            } if matches!(what.node, Np::Rest { .. }) => {
                let list = self.zone_select(run, what);
                if list.is_empty() {
                    return Ok(Some(done(run, false)));
                }
                let n = list.len();
                let Some(order) = self.pick(run, super::run::Sel::Choose(list, n)) else {
                    return Ok(Some(Stepped::Wait));
                };
                self.act(Act::BottomDeckInOrder(order))?;
                done(run, true)
            }
            // `Bottom-deck the rest` (rule 11.12: in a random order).
            Action::BottomDeck { what, .. } if matches!(what.node, Np::Rest { .. }) => {
                let list = self.zone_select(run, what);
                if list.is_empty() {
                    return Ok(Some(done(run, false)));
                }
                self.act(Act::BottomDeck(list))?;
                done(run, true)
            }
            // `ready 1 Eddie`: spent Eddies of the player's Eddies area (rule 5.8).
            Action::Ready { what } if is_eddies(what) => {
                let n = match &what.node {
                    Np::Phrase(p) => how_many(p, usize::MAX).0,
                    _ => 0,
                };
                let spent: Vec<InstId> = self
                    .state
                    .player(me)
                    .eddies
                    .iter()
                    .copied()
                    .filter(|&e| self.state.inst(e).is_some_and(|x| x.spent))
                    .take(n)
                    .collect();
                for &e in &spent {
                    self.act(Act::Ready(e))?;
                }
                done(run, !spent.is_empty())
            }
            Action::RemoveFromGame { what } => {
                let sel = self.select(run, what);
                let Some(list) = self.pick(run, sel) else {
                    return Ok(Some(Stepped::Wait));
                };
                let h = self.move_each(&list, Zone::Removed)?;
                done(run, h)
            }
            // Rule 11.9: sold face-down and ready to the Eddies area; rule 11.9.2.2: it counts
            // as the turn's Sell action.
            Action::Sell { what } => {
                let list = self.zone_select(run, what);
                for &i in &list {
                    self.state.players[me.ix()].sold_this_turn = true;
                    self.act(Act::Sell(i))?;
                }
                done(run, !list.is_empty())
            }
            _ => return Ok(None),
        };
        Ok(Some(stepped))
    }

    fn zone_select_ref(&self, run: &EffectRun, np: &NounPhrase) -> Vec<InstId> {
        match &np.node {
            Np::Pronoun { refers_to, .. } => self.refer(run, *refers_to),
            Np::Phrase(p) => p.refers_to.map_or_else(Vec::new, |r| self.refer(run, r)),
            _ => self.zone_select(run, np),
        }
    }

    /// `choose a card type`, `choose a friendly Gig`, `choose 1 BRAINDANCE Program from your
    /// trash`.
    fn zone_choose(&mut self, run: &mut EffectRun, what: &NounPhrase) -> Result<Stepped, Stop> {
        let Np::Phrase(p) = &what.node else {
            return Ok(done(run, false));
        };
        match p.head.noun {
            Noun::CardType | Noun::Type => {
                if run.zone.kind.is_some() {
                    return Ok(done(run, true));
                }
                run.ask = Some(Ask::CardType);
                Ok(Stepped::Wait)
            }
            Noun::Gig | Noun::Die(_) => {
                if let Some(d) = run.gig {
                    if let Some(b) = what.binds {
                        run.gigs.retain(|(id, _)| *id != b.0);
                        run.gigs.push((b.0, d));
                    }
                    return Ok(done(run, true));
                }
                let options: Vec<DieId> = (0..self.state.dice.len())
                    .map(|k| DieId(k as u8))
                    .filter(|&d| self.gig_matches(run.controller, p, d))
                    .collect();
                if options.is_empty() {
                    return Ok(done(run, false));
                }
                run.ask = Some(Ask::Gig(options));
                Ok(Stepped::Wait)
            }
            _ => {
                let Some(list) = self.zone_pick(run, what, None) else {
                    return Ok(Stepped::Wait);
                };
                run.bind(what, &list);
                Ok(done(run, !list.is_empty()))
            }
        }
    }

    /// The next sentence's first action, if the current effect is a list of sentences.
    fn next_action(&self, run: &EffectRun) -> Option<Action> {
        let card = self.state.inst(run.source)?.card;
        let ability = self.pool.ability(card, run.line)?;
        let effect = match &ability.node {
            ast::Ability::Triggered { effect, .. } | ast::Ability::Resolution { effect, .. } => {
                effect
            }
            _ => return None,
        };
        let ast::Effect::Sentences(s) = effect else {
            return None;
        };
        let next = s.get(run.sentence as usize + 1)?;
        match &next.node.clause.node {
            ast::Clause::Do { steps, .. } => steps.first().map(|s| s.action.node.clone()),
            _ => None,
        }
    }

    /// Rules 11.8.4, 11.8.4.1: a card played for free pays no cost but follows every other
    /// rule of playing it (a Legend can't be played so; a Gear needs a host, only one the next
    /// sentence allows when it says `Equip it only to …`).
    fn play_free(&mut self, run: &mut EffectRun, what: &NounPhrase) -> Result<Stepped, Stop> {
        let me = run.controller;
        // A Gear waiting for its host.
        if let Some(g) = run.zone.host_for {
            let Some(h) = run.picked.pop() else {
                return Ok(done(run, false));
            };
            run.picked.clear();
            run.zone.host_for = None;
            self.act(Act::Equip { gear: g, host: h })?;
            self.emit(Event::Played(g))?;
            run.zone.played.push(g);
        }
        let only = match self.next_action(run) {
            Some(Action::Equip { only: true, to, .. }) => Some(to),
            _ => None,
        };
        let after = matches!(
            self.next_action(run),
            Some(Action::BottomDeck {
                after_playing: Some(_),
                ..
            })
        ) && self.pool.broken() != Some(super::Broken::BottomDeck); // `interp::mutant`
        let hosts = |g: &Game, run: &EffectRun| -> Vec<InstId> {
            match &only {
                Some(to) => match &to.node {
                    Np::Phrase(p) => (0..g.state.instances.len())
                        .map(|k| InstId(k as u16))
                        .filter(|&i| g.describes(run.source, me, p, i))
                        .filter(|&i| !(p.quantity == Quantity::Another && i == run.source))
                        .collect(),
                    _ => Vec::new(),
                },
                None => Vec::new(),
            }
        };
        let playable = |g: &Game, run: &EffectRun, i: InstId| -> bool {
            let Some(x) = g.state.inst(i) else {
                return false;
            };
            if g.in_play(i) || run.zone.played.contains(&i) {
                return false;
            }
            match g.pool.facts(x.card).kind {
                CardType::Unit | CardType::Program => true,
                CardType::Gear if only.is_some() => !hosts(g, run).is_empty(),
                CardType::Gear => g.has_equip_host(me),
                CardType::Legend => false,
            }
        };
        let (options, n, may_stop) = match &what.node {
            Np::Phrase(p) if p.refers_to.is_none() => {
                let (list, _) = self.candidates(run, p, None).unwrap_or_default();
                let (n, up_to) = how_many(p, list.len());
                (list, n, up_to)
            }
            _ => (self.zone_select_ref(run, what), 1, false),
        };
        let options: Vec<InstId> = options
            .into_iter()
            .filter(|&i| playable(self, run, i))
            .collect();
        let finished = run.zone.played.len() >= n || run.zone.none || options.is_empty();
        if finished {
            let played = std::mem::take(&mut run.zone.played);
            run.bind(what, &played);
            return Ok(done(run, !played.is_empty()));
        }
        let Some(card) = run.picked.pop() else {
            run.ask = Some(if may_stop {
                Ask::CardOrNone(options)
            } else {
                Ask::Card(options)
            });
            return Ok(Stepped::Wait);
        };
        let kind = self.pool.facts(self.inst_ok(card)?.card).kind;
        if kind == CardType::Gear && only.is_some() {
            run.zone.host_for = Some(card);
            run.ask = Some(Ask::Card(hosts(self, run)));
            return Ok(Stepped::Wait);
        }
        if after && kind == CardType::Program {
            self.state.bottom_after_play.push(card);
        }
        run.zone.played.push(card);
        // The card's owner controls it once played (rule 1.7).
        let owner = self.inst_ok(card)?.owner;
        if owner != me {
            return Ok(done(run, false));
        }
        Ok(Stepped::Ask(Frame::Play {
            inst: card,
            how: PlayHow::Hand,
        }))
    }

    /// Conditions about cards of hidden zones: `If it's a Program`, `If it's the chosen type`,
    /// `If you trash them`, `If you control a Gig with an even value and a Gig with an odd
    /// value`. `None`: not one of these.
    pub(super) fn zone_condition(&self, run: &EffectRun, c: &Condition) -> Option<bool> {
        match c {
            Condition::Is {
                subject,
                complement: Complement::Kind(kind),
                or_has: None,
                ..
            } => {
                let cards = self.zone_select_ref(run, subject);
                let Np::Phrase(k) = &kind.node else {
                    return None;
                };
                // Only a bare type (`a Program`) or `the chosen type`: a tag or filter is read
                // by the general conditions.
                if k.quality.is_some() || !k.post.is_empty() || k.or.is_some() {
                    return None;
                }
                let want = match k.head.noun {
                    Noun::Type | Noun::CardType => run.zone.kind?,
                    Noun::Unit => 0,
                    Noun::Gear => 1,
                    Noun::Program => 2,
                    Noun::Legend => 3,
                    _ => return None,
                };
                Some(
                    !cards.is_empty()
                        && cards.iter().all(|&i| {
                            self.state
                                .inst(i)
                                .is_some_and(|x| type_code(self.pool.facts(x.card).kind) == want)
                        }),
                )
            }
            // `If you trash them`: they were trashed.
            Condition::YouDid(a) => match &a.node {
                Action::Trash { what, .. } if !is_bare_count(what) => {
                    let cards = self.zone_select_ref(run, what);
                    Some(
                        !cards.is_empty()
                            && cards.iter().all(|&i| {
                                self.state.inst(i).is_some_and(|x| x.zone == Zone::Trash)
                            }),
                    )
                }
                _ => None,
            },
            Condition::YouControl { what, .. } => {
                let Np::And(a, b) = &what.node else {
                    return None;
                };
                Some(self.controls_gig(run, a)? && self.controls_gig(run, b)?)
            }
            _ => None,
        }
    }

    /// `a Gig with an even value` in the player's Gig area.
    fn controls_gig(&self, run: &EffectRun, np: &NounPhrase) -> Option<bool> {
        let Np::Phrase(p) = &np.node else {
            return None;
        };
        if !matches!(p.head.noun, Noun::Gig | Noun::Die(_)) {
            return None;
        }
        let me = run.controller;
        Some(self.state.gigs(me).any(|d| {
            let Some(die) = self.state.dice.get(d.0 as usize) else {
                return false;
            };
            self.gig_matches(me, p, d)
                && p.post.iter().all(|x| match &x.node {
                    PostMod::With(Filter::ValueParity(par)) => match par {
                        ast::Parity::Even => die.value % 2 == 0,
                        ast::Parity::Odd => die.value % 2 == 1,
                    },
                    PostMod::AtMaxValue => true,
                    _ => false,
                })
        }))
    }
}

/// Which of this module's constructs execute (called from [`super::support::unsupported`]).
impl Walk {
    /// A phrase naming cards outside play: `a Unit from among them`, `2 Programs`,
    /// `another Unit with cost 9 or less from your trash`.
    pub(super) fn zone_phrase(&mut self, np: &NounPhrase) {
        let span = &np.span;
        match &np.node {
            Np::Pronoun { .. } | Np::TopOfDeck { .. } | Np::Rest { .. } => {}
            Np::Count { post, elided, .. } => {
                if elided.is_some() || !post.is_empty() {
                    self.no(span, "a card list other than a bare count");
                }
            }
            Np::And(..) => self.no(span, "two noun phrases joined by `and`"),
            Np::Phrase(p) => {
                if p.refers_to.is_some() {
                    return;
                }
                let ok = p.owner.is_none()
                    && matches!(
                        p.quantity,
                        Quantity::One
                            | Quantity::Another
                            | Quantity::All
                            | Quantity::Exactly(_)
                            | Quantity::UpTo(_)
                    )
                    && !p.first
                    && p.participle.is_none()
                    && p.orientation.is_none()
                    && matches!(p.controller, None | Some(Controller::Friendly))
                    && p.status.is_none()
                    && matches!(p.quality, None | Some(Quality::Tag(_)))
                    && matches!(
                        p.head.noun,
                        Noun::Unit | Noun::Gear | Noun::Program | Noun::Card | Noun::Legend
                    )
                    && p.or.as_ref().is_none_or(|o| {
                        o.colour.is_none()
                            && matches!(o.head.noun, Noun::Unit | Noun::Gear | Noun::Program)
                    })
                    && p.post.iter().all(|x| match &x.node {
                        PostMod::With(Filter::Stat { stat, cmp }) => {
                            matches!(stat, Stat::Cost | Stat::Power)
                                && match cmp {
                                    Comparison::Is(_)
                                    | Comparison::AtMost(_)
                                    | Comparison::AtLeast(_) => true,
                                    Comparison::EqualTo(e) => is_gig_value(&e.node),
                                    _ => false,
                                }
                        }
                        PostMod::FromZone(z) | PostMod::In(z) => z.iter().all(|z| {
                            matches!(z, ast::Zone::Hand | ast::Zone::Trash | ast::Zone::Deck)
                        }),
                        PostMod::FromAmong(n) => matches!(n.node, Np::Pronoun { .. }),
                        // `from this Legend`: Gear equipped to a card named before
                        PostMod::FromCard(n) => {
                            p.head.noun == Noun::Gear
                                && matches!(&n.node, Np::Pronoun { .. })
                                    | matches!(&n.node, Np::Phrase(q) if q.refers_to.is_some())
                        }
                        _ => false,
                    });
                if !ok {
                    self.no(span, "a card list other than a bare count");
                }
            }
        }
    }

    /// The constructs of this module in an action; false if the action is not one of them.
    pub(super) fn zone_action(&mut self, a: &ast::Spanned<Action>) -> bool {
        let span = &a.span;
        match &a.node {
            Action::AddToHand { what, .. } => self.zone_phrase(what),
            Action::AddMore { per, .. } => {
                let per_gig = matches!(&per.node, Np::Phrase(p) if p.head.noun == Noun::Gig
                    && p.quantity == Quantity::Bare && p.owner.is_none() && p.post.is_empty()
                    && matches!(p.quality, None | Some(Quality::Min)));
                if !per_gig {
                    self.no(span, "`add … more`");
                }
            }
            Action::Search { what, for_ } => {
                if !matches!(what.node, Np::TopOfDeck { .. }) {
                    self.no(span, "`search …`");
                }
                if let Some(f) = for_ {
                    self.zone_phrase(f);
                }
            }
            Action::Reveal { what, .. } => self.zone_phrase(what),
            Action::LookAt { what, .. } => match &what.node {
                Np::Phrase(p)
                    if p.head.noun == Noun::Legend
                        && p.status == Some(ast::Status::FaceDown)
                        && p.post.is_empty() =>
                {
                    self.target(what)
                }
                _ => self.no(span, "`look at …`"),
            },
            Action::Choose { what } => match &what.node {
                Np::Phrase(p) if matches!(p.head.noun, Noun::CardType | Noun::Type) => {}
                Np::Phrase(_) if super::support::is_gig_phrase(what) => {}
                Np::Phrase(p)
                    if p.post.iter().any(|x| {
                        matches!(
                            x.node,
                            PostMod::FromZone(_) | PostMod::FromAmong(_) | PostMod::FromCard(_)
                        )
                    }) =>
                {
                    self.zone_phrase(what)
                }
                _ => self.no(span, "`choose …`"),
            },
            Action::Play { what, free } => {
                if !*free {
                    self.no(span, "`play …` from an effect");
                }
                match &what.node {
                    Np::Phrase(p)
                        if p.refers_to.is_none()
                            && !p
                                .post
                                .iter()
                                .any(|x| matches!(x.node, PostMod::FromZone(_))) =>
                    {
                        self.no(span, "`play …` from an effect")
                    }
                    _ => self.zone_phrase(what),
                }
            }
            // `Equip it only to …` after a play of this module; other equips are not this
            // module's.
            Action::Equip {
                gear,
                only: true,
                to,
                ..
            } if matches!(gear.node, Np::Pronoun { .. }) => {
                match &to.node {
                    // `another friendly Unit`: other than this card (the hosts of the play).
                    Np::Phrase(p)
                        if p.quantity == Quantity::Another
                            && p.head.noun == Noun::Unit
                            && p.or.is_none()
                            && p.post.is_empty()
                            && p.quality.is_none()
                            && p.status.is_none() => {}
                    _ => self.target(to),
                }
            }
            Action::BottomDeck {
                what,
                after_playing: Some(p),
                ..
            } => {
                if !matches!(what.node, Np::Pronoun { .. }) || !matches!(p.node, Np::Pronoun { .. })
                {
                    self.no(span, "`bottom-deck … after you play it`");
                }
            }
            Action::BottomDeck { what, .. } if matches!(what.node, Np::Rest { .. }) => {}
            Action::Ready { what } if is_eddies(what) => {}
            Action::RemoveFromGame { what } => self.target(what),
            Action::Sell { what } => {
                if !matches!(what.node, Np::TopOfDeck { .. }) {
                    self.no(span, "`sell …` from an effect");
                }
            }
            Action::Trash { what, .. } | Action::Discard { what } if !is_bare_count(what) => {
                match &what.node {
                    // `discard 1 with cost equal to that Gig's value` (from the hand)
                    Np::Count {
                        post, elided: None, ..
                    } if matches!(a.node, Action::Discard { .. })
                        && post.iter().all(|x| is_hand_filter(&x.node)) => {}
                    Np::Phrase(p) if matches!(a.node, Action::Discard { .. }) => {
                        let from_hand = p.post.iter().all(|x| match &x.node {
                            PostMod::FromZone(z) => z == &[ast::Zone::Hand],
                            _ => true,
                        });
                        if !from_hand || p.quantity == Quantity::All {
                            self.no(span, "a card list other than a bare count");
                        }
                        self.zone_phrase(what)
                    }
                    Np::Pronoun { .. } | Np::Rest { .. } => {}
                    Np::TopOfDeck { .. } if matches!(a.node, Action::Trash { .. }) => {}
                    _ => self.no(&what.span, "a card list other than a bare count"),
                }
            }
            _ => return false,
        }
        true
    }

    /// Conditions of this module; false if the condition is not one of them.
    /// (Only the shapes executed here answer true: any other is left to the general walk.)
    pub(super) fn zone_condition(&mut self, c: &ast::Spanned<Condition>) -> bool {
        match &c.node {
            // `If it's a Program`, `If it's the chosen type`.
            Condition::Is {
                subject,
                complement: Complement::Kind(k),
                or_has: None,
                ..
            } => {
                matches!(subject.node, Np::Pronoun { .. })
                    && matches!(&k.node, Np::Phrase(p)
                        if matches!(p.head.noun, Noun::Type | Noun::CardType)
                            && p.participle == Some(ast::Participle::Chosen)
                        || matches!(p.head.noun, Noun::Unit | Noun::Gear | Noun::Program | Noun::Legend)
                            && p.participle.is_none() && p.post.is_empty() && p.quality.is_none())
            }
            // `If you trash them`.
            Condition::YouDid(a) => matches!(&a.node,
                Action::Trash { what, .. } if matches!(what.node, Np::Pronoun { .. })),
            // `If you control a Gig with an even value and a Gig with an odd value`.
            Condition::YouControl { what, .. } => match &what.node {
                Np::And(a, b) => [a, b].iter().all(|np| {
                    matches!(&np.node, Np::Phrase(p)
                        if p.head.noun == Noun::Gig && p.quantity == Quantity::One
                            && p.controller.is_none() && p.quality.is_none()
                            && p.post.iter().all(|x| matches!(x.node, PostMod::With(Filter::ValueParity(_)))))
                }),
                _ => false,
            },
            _ => false,
        }
    }
}

/// `1 Eddie`, `2 Eddies`.
fn is_eddies(np: &NounPhrase) -> bool {
    matches!(&np.node, Np::Phrase(p) if p.head.noun == Noun::Eddie
        && matches!(p.quantity, Quantity::One | Quantity::Exactly(_))
        && p.owner.is_none() && p.post.is_empty() && p.quality.is_none()
        && p.orientation.is_none() && p.controller.is_none())
}

/// `1 with cost equal to that Gig's value`: `count` cards of any type, with those filters.
fn counted_cards(count: u32, post: &[ast::Spanned<PostMod>]) -> Phrase {
    Phrase {
        owner: None,
        quantity: Quantity::Exactly(count),
        refers_to: None,
        other: false,
        first: false,
        participle: None,
        orientation: None,
        controller: None,
        status: None,
        quality: None,
        head: ast::Head {
            noun: Noun::Card,
            plural: count != 1,
        },
        or: None,
        post: post.to_vec(),
    }
}

/// A filter of a counted discard: a printed cost or power, or one equal to a bound Gig's value.
fn is_hand_filter(m: &PostMod) -> bool {
    match m {
        PostMod::With(Filter::Stat { stat, cmp }) => {
            matches!(stat, Stat::Cost | Stat::Power)
                && match cmp {
                    Comparison::Is(_) | Comparison::AtMost(_) | Comparison::AtLeast(_) => true,
                    Comparison::EqualTo(e) => is_gig_value(&e.node),
                    _ => false,
                }
        }
        _ => false,
    }
}

/// What `… 's value` or `the value of …` reads the value of.
fn value_of(e: &Expr) -> Option<&NounPhrase> {
    match e {
        Expr::Stat {
            owner: Owner::Of(np),
            stat: Stat::Value,
        }
        | Expr::ValueOf(np) => Some(np),
        _ => None,
    }
}

/// `that Gig's value`, `the value of that Gig`: a Gig bound earlier.
fn is_gig_value(e: &Expr) -> bool {
    let Some(np) = value_of(e) else {
        return false;
    };
    matches!(&np.node, Np::Phrase(p) if p.head.noun == Noun::Gig
        && matches!(p.refers_to, Some(Ref::Binding(_))))
}
