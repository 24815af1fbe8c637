//! The one action pipeline: every game action (draw, move, defeat, spend, ready, sell, equip,
//! steal, roll in, flip, bottom-deck, trash, adjust) goes through [`Game::act`], which
//! (1) consults replacement effects (rules 10.24–10.30), (2) performs the action, (3) logs its
//! events, each of which may make watched triggers pending (rules 10.11–10.16), and
//! (4) checks win and lose conditions (rule 1.8).

use super::CardText;
use crate::error::EngineError;
use crate::game::{Flow, Game, MAX_PENDING};
use crate::log::{Event, LogEntry};
use crate::state::{
    ActionKind, AttackStep, CardFact, DieArea, DieId, EventKind, Fact, Frame, InstId, Pending,
    PlayerId, Zone,
};
use gigscript_dsl::CardType;
use rand::Rng;

/// A game action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// draw the top card of a deck (rule 11.5)
    Draw(PlayerId),
    /// move a card to an area of a player (the area's owner for play areas)
    Move {
        /// the card
        inst: InstId,
        /// the area
        to: Zone,
        /// whose area (field, Legends, Eddies); other areas are the owner's
        player: PlayerId,
    },
    /// defeat cards at the same time: each goes to its owner's trash (rule 9.19.1.1)
    Defeat(Vec<InstId>),
    /// spend a card (rule 3.7)
    Spend(InstId),
    /// ready a card (rule 3.8)
    Ready(InstId),
    /// sell a card from hand (rule 11.9)
    Sell(InstId),
    /// flip a card (rule 11.10)
    Flip(InstId),
    /// equip a Gear (rule 11.6)
    Equip {
        /// the Gear
        gear: InstId,
        /// the Unit or Legend
        host: InstId,
    },
    /// steal Gigs at the same time (rules 6.7, 9.23.5)
    Steal {
        /// bit set of die indices
        dice: u16,
        /// the player who steals
        by: PlayerId,
    },
    /// roll a Gig in from the fixer (rule 8.6.5)
    RollIn(DieId),
    /// bottom-deck cards in a random order (rule 11.12)
    BottomDeck(Vec<InstId>),
    /// bottom-deck cards in the order given, each placed under the ones before (`in any order`,
    /// rule 11.12.2)
    BottomDeckInOrder(Vec<InstId>),
    /// trash the top card of a deck (rule 11.7.2)
    Trash(PlayerId),
    /// swap a Gig with one in the other player's Gig area (rule 6.6; not a steal, 6.6.2)
    Swap {
        /// a die in one Gig area
        a: DieId,
        /// a die in the other Gig area
        b: DieId,
    },
    /// adjust a Gig to a value (rule 6.4)
    Adjust {
        /// the die
        die: DieId,
        /// the new value
        value: u8,
    },
}

impl Action {
    fn kind(&self) -> ActionKind {
        match self {
            Action::Draw(_) => ActionKind::Draw,
            Action::Move { .. } => ActionKind::Move,
            Action::Defeat(_) => ActionKind::Defeat,
            Action::Spend(_) => ActionKind::Spend,
            Action::Ready(_) => ActionKind::Ready,
            Action::Sell(_) => ActionKind::Sell,
            Action::Flip(_) => ActionKind::Flip,
            Action::Equip { .. } => ActionKind::Equip,
            Action::Steal { .. } => ActionKind::Steal,
            Action::RollIn(_) => ActionKind::RollIn,
            Action::BottomDeck(_) | Action::BottomDeckInOrder(_) => ActionKind::BottomDeck,
            Action::Trash(_) => ActionKind::Trash,
            Action::Swap { .. } => ActionKind::Swap,
            Action::Adjust { .. } => ActionKind::Adjust,
        }
    }

    /// The card the action is done to, for replacement effects that name one.
    fn affected(&self) -> Option<InstId> {
        match self {
            Action::Move { inst, .. }
            | Action::Spend(inst)
            | Action::Ready(inst)
            | Action::Sell(inst)
            | Action::Flip(inst) => Some(*inst),
            Action::Equip { gear, .. } => Some(*gear),
            Action::Defeat(v) | Action::BottomDeck(v) | Action::BottomDeckInOrder(v) => {
                v.first().copied()
            }
            _ => None,
        }
    }
}

impl Event {
    fn kind(&self) -> Option<EventKind> {
        Some(match self {
            Event::StartOfTurn(_) => EventKind::TurnStart,
            Event::TurnEnding(_) => EventKind::TurnEnd,
            Event::Drew { .. } => EventKind::Draw,
            Event::Played(_) => EventKind::Play,
            Event::Called(_) => EventKind::Call,
            Event::Attacked { .. } => EventKind::Attack,
            Event::Blocked(_) => EventKind::Block,
            Event::LostFight(_) => EventKind::LoseFight,
            Event::Defeated(_) => EventKind::Defeat,
            Event::WouldSteal(_) => EventKind::WouldSteal,
            Event::Stolen { .. } => EventKind::Steal,
            Event::Sold(_) => EventKind::Sell,
            Event::Spent(_) => EventKind::Spend,
            Event::RolledIn { .. } => EventKind::RollIn,
            Event::Equipped { .. } => EventKind::Equip,
            Event::Moved { .. } => EventKind::Move,
            Event::Rerolled { .. } => EventKind::RollIn,
            _ => return None,
        })
    }

    fn about(&self) -> Option<InstId> {
        match self {
            Event::Drew { inst, .. } | Event::Moved { inst, .. } => Some(*inst),
            Event::Played(i)
            | Event::Called(i)
            | Event::Blocked(i)
            | Event::LostFight(i)
            | Event::Defeated(i)
            | Event::Sold(i)
            | Event::Spent(i) => Some(*i),
            Event::Attacked { attacker, .. } => Some(*attacker),
            Event::Equipped { host, .. } => Some(*host),
            _ => None,
        }
    }
}

impl Game {
    /// Logs an event, records it in this turn's history and makes every trigger it meets
    /// pending (rules 10.16.1–10.16.3).
    pub(crate) fn emit(&mut self, ev: Event) -> Flow {
        self.emit_as(ev, None)
    }

    /// [`Game::emit`] for an event about a card that has left where it was, known as `lki`
    /// (rule 10.10.1).
    pub(crate) fn emit_as(&mut self, ev: Event, lki: Option<Fact>) -> Flow {
        if self.log_events {
            self.log.push(LogEntry::Event(ev));
        }
        // The list keeps its room from one event to the next (most events are one happening).
        let mut happened = std::mem::take(&mut self.happened);
        happened.clear();
        self.happenings(&ev, lki, &mut happened);
        // An event with a happening is read by card text; one without, only if it has a kind.
        let r = match happened.is_empty() && ev.kind().is_none() {
            true => Ok(()),
            false => self.text().on_event(self, &ev, &happened),
        };
        // Into this turn's history once the triggers have read it.
        let turn = self.state.turn;
        self.state.history.record_all(turn, &mut happened);
        self.happened = happened;
        r?;
        match self.state.triggers.is_empty() {
            true => Ok(()),
            false => self.engine_triggers(&ev),
        }
    }

    /// The triggers the engine was given ([`Game::add_trigger`]) that event `ev` fires, by its
    /// kind (out of line: most games have none).
    #[inline(never)]
    fn engine_triggers(&mut self, ev: &Event) -> Flow {
        let Some(kind) = ev.kind() else {
            return Ok(());
        };
        let about = ev.about();
        // Rule 4.4.2 aside, a trigger fires only while its card is still in the game.
        for i in 0..self.state.triggers.len() {
            let t = self.state.triggers[i];
            if t.on != kind || !(t.any_card || about == Some(t.source)) {
                continue;
            }
            let Some(src) = self.state.inst(t.source).copied() else {
                continue;
            };
            if src.zone == Zone::Removed && about != Some(t.source) {
                continue;
            }
            self.push_pending(src.controller, t.source, t.effect)?;
        }
        Ok(())
    }

    /// Puts an effect in the pending queue (rule 10.11), numbered in the order it triggered.
    pub(crate) fn push_pending(
        &mut self,
        controller: PlayerId,
        source: InstId,
        effect: crate::state::EffectRef,
    ) -> Flow {
        if self.state.pending.len() >= MAX_PENDING {
            return Err(EngineError::LimitExceeded("pending effects").into());
        }
        // Numbers are never given twice in a game (a game that would need more is stopped).
        let seq = self.state.next_seq;
        self.state.next_seq = (seq.checked_add(1))
            .ok_or(EngineError::LimitExceeded("numbers for pending effects"))?;
        self.state.pending.push(Pending {
            seq,
            controller,
            source,
            effect,
        });
        Ok(())
    }

    /// The game action pipeline.
    pub(crate) fn act(&mut self, mut action: Action) -> Flow {
        // (1) Replacement effects (rules 10.24–10.30). Only mandatory "prevent" effects exist
        // without card text; one that applies replaces the action with nothing (rule 10.25).
        // A card that can't ready stays spent (`It can't ready until your next turn`).
        if let Action::Ready(i) = &action {
            if self.text().cant_ready(self, *i) {
                return Ok(());
            }
        }
        // Replacement effects of card text (`CardText::replace_defeats`): `If … would be defeated,
        // … instead.` The action is changed where it is.
        if let Action::Defeat(list) = &mut action {
            // A card that can't be defeated isn't.
            let text = self.text();
            let kept = std::mem::take(list)
                .into_iter()
                .filter(|&i| !text.cant_be_defeated(self, i))
                .collect();
            let rest = text.replace_defeats(self, kept)?;
            if rest.is_empty() {
                return self.check_outcome();
            }
            *list = rest;
        } else if self.text().replace_action(self, &action)? {
            return self.check_outcome();
        }
        let kind = action.kind();
        let affected = action.affected();
        if let Some(r) = self
            .state
            .replacements
            .iter()
            .find(|r| r.on == kind && (r.affected.is_none() || r.affected == affected))
            .copied()
            // Rule 10.30: where a game mechanic replaces the action (a Legend leaving for an
            // area it can't be in, a solo Legend leaving the field), mandatory ones don't apply.
            .filter(|_| !affected.is_some_and(|i| self.mechanic_replaces(&action, i)))
        {
            return self.emit(Event::Prevented {
                kind,
                source: r.source,
            });
        }
        // (2) and (3): perform, log, trigger.
        self.do_action(action)?;
        // (4) Rule 1.8.
        self.check_outcome()
    }

    // Inlined into its one caller, `Game::act`: the action is read where it is, not copied.
    #[inline(always)]
    fn do_action(&mut self, action: Action) -> Flow {
        match action {
            Action::Draw(p) => self.draw(p),
            Action::Move { inst, to, player } => self.move_card(inst, to, player),
            Action::Defeat(list) => {
                // Rule 9.19.1.1: each defeated card goes to its owner's trash; triggers enter
                // pending once it is there (rule 11.19.2), seeing it as it last was in play.
                let lki: Vec<Option<CardFact>> = list.iter().map(|&i| self.card_fact(i)).collect();
                for &i in &list {
                    let owner = self.inst_ok(i)?.owner;
                    self.move_card(i, Zone::Trash, owner)?;
                }
                for (&i, f) in list.iter().zip(lki) {
                    self.emit_as(Event::Defeated(i), f.map(Fact::Card))?;
                }
                Ok(())
            }
            Action::Spend(i) => {
                self.inst_mut(i)?.spent = true;
                self.emit(Event::Spent(i))
            }
            Action::Ready(i) => {
                self.inst_mut(i)?.spent = false;
                self.emit(Event::Readied(i))
            }
            Action::Sell(i) => {
                // Rules 11.9.1, 5.8.2.1: face-down and ready in the Eddies area.
                let owner = self.inst_ok(i)?.owner;
                self.move_card(i, Zone::Eddies, owner)?;
                self.emit(Event::Sold(i))
            }
            Action::Flip(i) => {
                let inst = self.inst_mut(i)?;
                inst.face_up = !inst.face_up;
                Ok(())
            }
            Action::Equip { gear, host } => {
                // Rule 11.6.1: the Gear leaves its area and is attached to the host.
                let g = *self.inst_ok(gear)?;
                let h = *self.inst_ok(host)?;
                if let Some(list) = self.state.players[g.controller.ix()].zone_mut(g.zone) {
                    list.retain(|&x| x != gear);
                }
                let gi = self.inst_mut(gear)?;
                gi.zone = h.zone;
                gi.controller = h.controller;
                gi.equipped_to = Some(host);
                gi.face_up = true;
                gi.spent = false;
                self.emit(Event::Equipped { gear, host })
            }
            Action::Steal { dice, by } => {
                // Rule 9.23.5.1: all chosen Gigs move at the same time; each is a stolen Gig.
                let mut stolen = Vec::new();
                for (k, d) in self.state.dice.iter_mut().enumerate().take(16) {
                    if dice & (1 << k) != 0 && d.area == DieArea::Gigs(by.other()) {
                        d.area = DieArea::Gigs(by);
                        stolen.push(DieId(k as u8));
                    }
                }
                for &die in &stolen {
                    self.emit(Event::Stolen { die, by })?;
                }
                if stolen.is_empty() {
                    return Ok(());
                }
                // One steal action (rule 9.23.5.1): the attacking Unit steals (rule 6.7.1.1),
                // or the card an effect names, or the player (rule 6.7.1.2).
                let actor = match self.state.frames.last() {
                    _ if self.state.acting.is_some_and(|a| a.card.is_some()) => {
                        self.state.acting.and_then(|a| a.card)
                    }
                    Some(Frame::Attack(a)) if a.step == AttackStep::StealMove => Some(a.attacker),
                    _ => None,
                };
                let h = self.steal_happened(&stolen, by, actor);
                // `When … steals …` triggers (rules 6.7.3, 10.16.3).
                let r = self.text().on_steal(self, &stolen, by, &h);
                self.record(h);
                r
            }
            Action::RollIn(die) => {
                // Rules 8.6.5.2–8.6.5.3: roll, then place it preserving the value (rule 6.2.6).
                let Some(d) = self.state.dice.get(die.0 as usize).copied() else {
                    return Err(EngineError::Bug("unknown die").into());
                };
                let DieArea::Fixer(p) = d.area else {
                    return Err(EngineError::Bug("rolling in a die that is not in a fixer").into());
                };
                let value = self.state.rng.gen_range(1..=u32::from(d.sides)) as u8;
                let d = &mut self.state.dice[die.0 as usize];
                d.value = value;
                d.area = DieArea::Gigs(p);
                self.emit(Event::RolledIn { die, value })
            }
            Action::BottomDeck(list) => self.bottom_deck(list, true),
            Action::BottomDeckInOrder(list) => self.bottom_deck(list, false),
            Action::Trash(p) => {
                // Rule 11.7.2: reveal the top card and move it to the trash.
                match self.state.players[p.ix()].deck.last().copied() {
                    Some(top) => self.move_card(top, Zone::Trash, p),
                    None => Ok(()),
                }
            }
            Action::Swap { a, b } => {
                // Rule 6.6: both move at the same time, values unchanged (rule 6.6.1).
                let (Some(da), Some(db)) = (
                    self.state.dice.get(a.0 as usize).copied(),
                    self.state.dice.get(b.0 as usize).copied(),
                ) else {
                    return Err(EngineError::Bug("unknown die").into());
                };
                match (da.area, db.area) {
                    (DieArea::Gigs(p), DieArea::Gigs(q)) if p != q => {
                        self.state.dice[a.0 as usize].area = DieArea::Gigs(q);
                        self.state.dice[b.0 as usize].area = DieArea::Gigs(p);
                        self.emit(Event::Swapped { a, b })
                    }
                    // Rule 10.6.1: an invalid swap is ignored.
                    _ => Ok(()),
                }
            }
            Action::Adjust { die, value } => {
                let Some(d) = self.state.dice.get_mut(die.0 as usize) else {
                    return Err(EngineError::Bug("unknown die").into());
                };
                // Rules 6.4.4, 6.4.5: no value off its faces, nor the value it has.
                if value >= 1 && value <= d.sides && value != d.value {
                    let from = d.value;
                    d.value = value;
                    return self.emit(Event::Adjusted {
                        die,
                        from,
                        to: value,
                    });
                }
                Ok(())
            }
        }
    }

    pub(crate) fn inst_ok(&self, i: InstId) -> Result<&crate::state::Instance, EngineError> {
        self.state
            .inst(i)
            .ok_or(EngineError::Bug("unknown card instance"))
    }

    pub(crate) fn inst_mut(
        &mut self,
        i: InstId,
    ) -> Result<&mut crate::state::Instance, EngineError> {
        self.state
            .instances
            .get_mut(i.0 as usize)
            .ok_or(EngineError::Bug("unknown card instance"))
    }

    /// Rule 11.5: move the top card of the deck to the hand; from an empty deck, lose
    /// (rules 1.14, 8.6.4.1, 11.5.2.3).
    fn draw(&mut self, p: PlayerId) -> Flow {
        let Some(top) = self.state.players[p.ix()].deck.pop() else {
            self.state.lost[p.ix()] = true;
            return self.emit(Event::DrewFromEmpty(p));
        };
        self.state.players[p.ix()].hand.push(top);
        let inst = self.inst_mut(top)?;
        inst.zone = Zone::Hand;
        inst.face_up = false;
        self.emit(Event::Drew {
            player: p,
            inst: top,
        })
    }

    /// Where a game mechanic sends card `i` instead of area `to`: Legends outside the field
    /// and Legends area are removed from the game (rule 4.4.1), and so is a {Go Solo} Legend
    /// leaving the field (rule 11.25.1). `None` when no mechanic replaces the move.
    fn mechanic_destination(&self, i: InstId, to: Zone) -> Option<Zone> {
        let inst = self.state.inst(i)?;
        let is_legend = self.pool.facts(inst.card).kind == CardType::Legend;
        let invalid = is_legend && !to.valid_for_legend();
        let solo = inst.go_solo && inst.zone == Zone::Field && to != Zone::Field;
        (invalid || solo).then_some(Zone::Removed)
    }

    /// Whether a game mechanic's replacement applies to `action` done to card `i` (rule 10.30):
    /// the card is moved, or bottom-decked alone, where a mechanic sends it elsewhere. A defeat
    /// is not such an action: the mechanic replaces the move to the trash that follows it
    /// (rule 9.19.1.1), so a replacement of the defeat itself still applies.
    fn mechanic_replaces(&self, action: &Action, i: InstId) -> bool {
        let to = match action {
            Action::Move { to, .. } => *to,
            Action::BottomDeck(v) | Action::BottomDeckInOrder(v) if v.len() == 1 => Zone::Deck,
            _ => return false,
        };
        self.mechanic_destination(i, to).is_some()
    }

    /// Moves a card, applying the area rules: Legends outside the field and Legends area are
    /// removed from the game (rule 4.4.1), a {Go Solo} Legend leaving the field is removed
    /// (rule 11.25.1), Gear moves with its host and is unequipped outside the field and
    /// Legends area (rules 4.12–4.12.2), and a card that changes area loses its modifiers
    /// (rule 5.3.2.2) and conditions.
    pub(crate) fn move_card(&mut self, i: InstId, to: Zone, player: PlayerId) -> Flow {
        let inst = *self.inst_ok(i)?;
        let from = inst.zone;
        if inst.equipped_to.is_none() {
            if let Some(list) = self.state.players[inst.controller.ix()].zone_mut(from) {
                list.retain(|&x| x != i);
            }
        }
        let dest = self.mechanic_destination(i, to).unwrap_or(to);
        let in_play = matches!(dest, Zone::Field | Zone::Legends | Zone::Eddies);
        let controller = if in_play { player } else { inst.owner };
        let turn = self.state.turn;
        let m = self.inst_mut(i)?;
        m.zone = dest;
        m.controller = controller;
        m.spent = false;
        m.lag = false;
        m.equipped_to = None;
        m.go_solo = false;
        m.entered_turn = turn;
        m.face_up = match dest {
            Zone::Field | Zone::Trash | Zone::Removed | Zone::Resolving => true,
            Zone::Legends => inst.face_up,
            Zone::Deck | Zone::Hand | Zone::Eddies => false,
        };
        if let Some(list) = self.state.players[controller.ix()].zone_mut(dest) {
            list.push(i);
        }
        self.state.effects.retain(|e| e.target != i);
        // Rule 5.3.2.2: a card in a new area is a new object; what was looked at is forgotten.
        if !self.state.seen.is_empty() {
            self.state.seen.retain(|s| s.1 != i);
        }
        if !self.state.left_hosts.is_empty() {
            self.state.left_hosts.retain(|s| s.0 != i);
        }
        let obj = crate::state::Obj::Card(i);
        self.state.lasting.retain(|e| !e.about.contains(&obj));
        self.emit(Event::Moved {
            inst: i,
            from,
            to: dest,
        })?;
        let gear: Vec<InstId> = self.gear_on(i).collect();
        for g in gear {
            if dest.keeps_gear() {
                let gm = self.inst_mut(g)?;
                gm.zone = dest;
                gm.controller = controller;
            } else {
                // Rule 4.12.2: the Gear follows to the area the card moved to, unequipped.
                let owner = self.inst_ok(g)?.owner;
                self.inst_mut(g)?.equipped_to = None;
                self.state.left_hosts.retain(|s| s.0 != g);
                self.state.left_hosts.push((g, i));
                let gfrom = self.inst_ok(g)?.zone;
                let gm = self.inst_mut(g)?;
                gm.entered_turn = turn;
                gm.zone = to;
                gm.controller = owner;
                gm.face_up = !matches!(to, Zone::Deck | Zone::Hand | Zone::Eddies);
                if let Some(list) = self.state.players[owner.ix()].zone_mut(to) {
                    list.push(g);
                }
                self.state.effects.retain(|e| e.target != g);
                let obj = crate::state::Obj::Card(g);
                self.state.lasting.retain(|e| !e.about.contains(&obj));
                self.emit(Event::Moved {
                    inst: g,
                    from: gfrom,
                    to,
                })?;
            }
        }
        Ok(())
    }

    /// Rule 11.12: cards (with their Gear, rule 4.12.3) go to the bottom of their owners'
    /// decks in a random order, randomised together (rule 11.12.1.3).
    /// Rule 11.12.1.3: randomized together (with their Gears); `in any order` keeps the
    /// order given instead (rule 11.12.2).
    fn bottom_deck(&mut self, list: Vec<InstId>, shuffle: bool) -> Flow {
        let mut all = Vec::new();
        for &i in &list {
            all.push(i);
            all.extend(self.gear_on(i));
        }
        if shuffle {
            self.shuffle_ids(&mut all);
        }
        for &i in &all {
            let owner = self.inst_ok(i)?.owner;
            self.move_card(i, Zone::Deck, owner)?;
            // move_card put it on top; the bottom is the front of the list.
            let deck = &mut self.state.players[owner.ix()].deck;
            if deck.last() == Some(&i) {
                deck.pop();
                deck.insert(0, i);
            }
        }
        Ok(())
    }

    /// Shuffles a list with the game's RNG (a portable Fisher–Yates on 32-bit draws).
    pub(crate) fn shuffle_ids(&mut self, v: &mut [InstId]) {
        for k in (1..v.len()).rev() {
            let j = self.state.rng.gen_range(0..=k as u32) as usize;
            v.swap(k, j);
        }
    }

    /// Shuffles a player's deck (rules 5.5.7, 7.6).
    pub(crate) fn shuffle_deck(&mut self, p: PlayerId) -> Flow {
        let mut deck = std::mem::take(&mut self.state.players[p.ix()].deck);
        self.shuffle_ids(&mut deck);
        self.state.players[p.ix()].deck = deck;
        self.emit(Event::Shuffled(p))
    }
}
