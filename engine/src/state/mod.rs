//! The game state: one plain value holding players, zones, card instances, Gig dice, the frame
//! stack of the rules state machine, pending and persistent effects, and the seeded RNG.
//!
//! Invariants kept by the rules (and checked by tests):
//! - every instance is listed in exactly one zone list of one player, except equipped Gear
//!   (listed nowhere; found through `equipped_to`) and a Program being resolved
//!   ([`Zone::Resolving`], listed nowhere);
//! - a deck list is bottom first: the **top of a deck is the end of its `Vec`**;
//! - nothing random happens except through `rng` (a portable ChaCha8 generator).

mod effect;
mod frame;
mod history;
mod run;
mod setup;

pub use effect::{
    ActionKind, Duration, EffectRef, EventKind, Modifier, Pending, PersistentEffect, Replacement,
    Trigger,
};
pub use frame::Activation;
pub use frame::{
    die_bit, AttackFrame, AttackStep, EndStep, Frame, PlayHow, SetupStep, StartStep, Target,
};
pub use history::{Acting, CardFact, Fact, FactList, GigFact, Happened, History, MAX_HISTORY};
pub use run::{Ask, Delayed, DelayedAt, Lasting, Obj, PendingBinds, Pos, Run, Val, Work};
pub use setup::{CardSpec, DeckList, DieSpec, Phase, PlayerSetup, Setup};

use crate::pool::CardIdx;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// A player: 0 or 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// Both players, in seat order.
    pub const BOTH: [PlayerId; 2] = [PlayerId(0), PlayerId(1)];

    /// The other player (the Rival, rule 1.4).
    pub fn other(self) -> PlayerId {
        PlayerId(1 - (self.0 & 1))
    }

    /// Index into per-player arrays.
    pub fn ix(self) -> usize {
        (self.0 & 1) as usize
    }
}

/// A card instance: an index into [`State::instances`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct InstId(pub u16);

/// A Gig die: an index into [`State::dice`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct DieId(pub u8);

/// The area a card is in (rule 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Zone {
    /// the deck area (hidden, rule 5.5)
    Deck,
    /// the hand (hidden, rule 5.4)
    Hand,
    /// the field (rule 5.6)
    Field,
    /// the Legends area (rule 5.7)
    Legends,
    /// the Eddies area (rule 5.8)
    Eddies,
    /// the trash (rule 5.9)
    Trash,
    /// removed from the game (rule 5.13)
    Removed,
    /// a Program between payment and the trash, outside every area (rule 4.14.2)
    Resolving,
}

impl Zone {
    /// The lowercase name used in labels and scenario checks.
    pub fn as_str(self) -> &'static str {
        match self {
            Zone::Deck => "deck",
            Zone::Hand => "hand",
            Zone::Field => "field",
            Zone::Legends => "legends",
            Zone::Eddies => "eddies",
            Zone::Trash => "trash",
            Zone::Removed => "removed",
            Zone::Resolving => "resolving",
        }
    }

    /// Whether a Legend may be here (rule 4.4).
    pub fn valid_for_legend(self) -> bool {
        matches!(self, Zone::Field | Zone::Legends)
    }

    /// Whether Gear stays equipped to a card here (rules 4.10.2, 4.12.1).
    pub fn keeps_gear(self) -> bool {
        matches!(self, Zone::Field | Zone::Legends)
    }
}

/// One card in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Instance {
    /// which card
    pub card: CardIdx,
    /// who brought it (rule 1.7.1)
    pub owner: PlayerId,
    /// who controls it (rule 1.7.2)
    pub controller: PlayerId,
    /// where it is
    pub zone: Zone,
    /// face-up (meaningful in the Legends area, field and Eddies area)
    pub face_up: bool,
    /// spent rather than ready (rules 3.5–3.8)
    pub spent: bool,
    /// lagging (rule 11.3)
    pub lag: bool,
    /// the card this Gear is equipped to (rule 11.6)
    pub equipped_to: Option<InstId>,
    /// the turn number on which it entered its current zone ("the turn it's played")
    pub entered_turn: u16,
    /// played with {Go Solo}: can attack this turn, removed if it leaves the field (rule 11.25)
    pub go_solo: bool,
}

/// Where a Gig die is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DieArea {
    /// in a player's fixer area (rule 5.10)
    Fixer(PlayerId),
    /// in a player's Gig area (rules 5.11, 5.12)
    Gigs(PlayerId),
    /// out of the game (scenario setups only)
    Out,
}

/// One Gig die (rule 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Die {
    /// who brought it
    pub owner: PlayerId,
    /// 4, 6, 8, 10, 12 or 20 (rule 6.1.1)
    pub sides: u8,
    /// current value (rule 6.3)
    pub value: u8,
    /// where it is
    pub area: DieArea,
}

/// The sides of the six Gig dice, from the bottom up (rule 7.8.1).
pub const DICE_SIDES: [u8; 6] = [4, 6, 8, 10, 12, 20];

/// One player's areas and per-turn counters.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// the deck, bottom first (top = last)
    pub deck: Vec<InstId>,
    /// the hand
    pub hand: Vec<InstId>,
    /// the field (Units, including Legends played as Units), oldest first
    pub field: Vec<InstId>,
    /// the Legends area, left to right
    pub legends: Vec<InstId>,
    /// the Legends as they were placed, left to right (rule 7.7.2): a face-down Legend is
    /// named by its place, which doesn't change as others leave the area
    #[serde(default)]
    pub places: Vec<InstId>,
    /// the Eddies area
    pub eddies: Vec<InstId>,
    /// the trash, bottom first
    pub trash: Vec<InstId>,
    /// cards removed from the game, in the order removed
    pub removed: Vec<InstId>,
    /// took the "Sell a Card" action this turn (rule 8.11.1)
    pub sold_this_turn: bool,
    /// called a Legend this turn (rules 8.12.1, 11.11.2)
    pub called_this_turn: bool,
    /// has declared their mulligan choice (rule 7.9.2)
    pub mulligan_done: bool,
    /// turns this player has begun
    pub turns_taken: u16,
}

impl Player {
    /// The list for a zone (`None` for [`Zone::Resolving`]).
    pub fn zone(&self, z: Zone) -> Option<&Vec<InstId>> {
        Some(match z {
            Zone::Deck => &self.deck,
            Zone::Hand => &self.hand,
            Zone::Field => &self.field,
            Zone::Legends => &self.legends,
            Zone::Eddies => &self.eddies,
            Zone::Trash => &self.trash,
            Zone::Removed => &self.removed,
            Zone::Resolving => return None,
        })
    }

    /// The mutable list for a zone (`None` for [`Zone::Resolving`]).
    pub fn zone_mut(&mut self, z: Zone) -> Option<&mut Vec<InstId>> {
        Some(match z {
            Zone::Deck => &mut self.deck,
            Zone::Hand => &mut self.hand,
            Zone::Field => &mut self.field,
            Zone::Legends => &mut self.legends,
            Zone::Eddies => &mut self.eddies,
            Zone::Trash => &mut self.trash,
            Zone::Removed => &mut self.removed,
            Zone::Resolving => return None,
        })
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// this player won (rules 1.5, 1.6)
    Winner(PlayerId),
    /// both won or both lost at once (rules 1.13.1, 1.17.1)
    Tie,
}

/// The whole game state: a plain, cheaply cloned, serialisable value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// every card instance of the game
    pub instances: Vec<Instance>,
    /// every Gig die of the game
    pub dice: Vec<Die>,
    /// the two players
    pub players: [Player; 2],
    /// the game turn number, 1 for the first player's first turn
    pub turn: u16,
    /// whose turn it is
    pub turn_player: PlayerId,
    /// the player who went first, once chosen
    pub first_player: Option<PlayerId>,
    /// the rules state machine: the top frame is the current step
    pub frames: Vec<Frame>,
    /// triggered effects waiting to resolve (rule 10.11)
    pub pending: Vec<Pending>,
    /// the player now resolving their pending effects (rule 10.14.1)
    pub resolving: Option<PlayerId>,
    /// sequence number of the next pending effect
    pub next_seq: u32,
    /// persistent effects with durations (rules 10.22, 10.23)
    pub effects: Vec<PersistentEffect>,
    /// triggered abilities being watched for (installed by tests, later by card text)
    pub triggers: Vec<Trigger>,
    /// replacement effects being watched for (rules 10.24–10.30)
    pub replacements: Vec<Replacement>,
    /// Legends spent at setup that don't ready on the first turn (rule 7.7.4)
    pub unready_first_turn: Vec<InstId>,
    /// overtime has begun (rule 1.11)
    pub overtime: bool,
    /// consecutive turns that began with both fixers empty (rule 1.11.1)
    pub empty_fixer_turns: u8,
    /// players who met a win condition during the current action
    pub won: [bool; 2],
    /// players who met a lose condition during the current action
    pub lost: [bool; 2],
    /// the result, once the game is over
    pub outcome: Option<Outcome>,
    /// the only source of randomness
    pub rng: ChaCha8Rng,
    /// cards in a hidden area (or face-down) that a player has looked at or searched (rules
    /// 5.3.2.1, 11.13): that player may see them until they change area
    #[serde(default)]
    pub seen: Vec<(PlayerId, InstId)>,
    /// Programs played by an effect that go to the bottom of the deck instead of the trash
    /// once resolved (`Bottom-deck it after you play it`)
    #[serde(default)]
    pub bottom_after_play: Vec<InstId>,
    /// (Gear, host) for Gear unequipped because its host left play (rule 4.12.2): its
    /// {Defeated} and `this Unit` still mean that host (rule 4.11)
    #[serde(default)]
    pub left_hosts: Vec<(InstId, InstId)>,
    /// answers to optional replacement effects (rule 10.26) for the action about to happen:
    /// (the replacement's card, the card it would replace the action on, applied?)
    #[serde(default)]
    pub replace_answers: Vec<(InstId, InstId, bool)>,
    /// what happened this turn
    #[serde(default)]
    pub history: History,
    /// who performs the action now being done, when an effect does it
    #[serde(default)]
    pub acting: Option<Acting>,
    /// statements effects made that last (rules 10.22, 10.23)
    #[serde(default)]
    pub lasting: Vec<Lasting>,
    /// delayed effects of the core (rule 8.16.1)
    #[serde(default)]
    pub delayed_runs: Vec<Delayed>,
    /// what each pending effect of the core knows of its event, by its number
    #[serde(default)]
    pub pending_binds: Vec<PendingBinds>,
}

impl Player {
    /// Makes `self` equal to `other`, reusing `self`'s allocations. Every field is named: one
    /// added to the player and left out here does not compile.
    pub fn copy_from(&mut self, other: &Player) {
        let Player {
            deck,
            hand,
            field,
            legends,
            places,
            eddies,
            trash,
            removed,
            sold_this_turn,
            called_this_turn,
            mulligan_done,
            turns_taken,
        } = self;
        deck.clone_from(&other.deck);
        hand.clone_from(&other.hand);
        field.clone_from(&other.field);
        legends.clone_from(&other.legends);
        places.clone_from(&other.places);
        eddies.clone_from(&other.eddies);
        trash.clone_from(&other.trash);
        removed.clone_from(&other.removed);
        *sold_this_turn = other.sold_this_turn;
        *called_this_turn = other.called_this_turn;
        *mulligan_done = other.mulligan_done;
        *turns_taken = other.turns_taken;
    }
}

impl State {
    /// Makes `self` equal to `other`, reusing `self`'s allocations (a cheap backup). Every
    /// field is named: one added to the state and left out here does not compile.
    pub fn copy_from(&mut self, other: &State) {
        let State {
            instances,
            dice,
            players,
            turn,
            turn_player,
            first_player,
            frames,
            pending,
            resolving,
            next_seq,
            effects,
            triggers,
            replacements,
            unready_first_turn,
            overtime,
            empty_fixer_turns,
            won,
            lost,
            outcome,
            rng,
            seen,
            bottom_after_play,
            left_hosts,
            replace_answers,
            history:
                History {
                    turn: history_turn,
                    events,
                },
            acting,
            lasting,
            delayed_runs,
            pending_binds,
        } = self;
        instances.clone_from(&other.instances);
        dice.clone_from(&other.dice);
        for (a, b) in players.iter_mut().zip(&other.players) {
            a.copy_from(b);
        }
        *turn = other.turn;
        *turn_player = other.turn_player;
        *first_player = other.first_player;
        frames.clone_from(&other.frames);
        pending.clone_from(&other.pending);
        *resolving = other.resolving;
        *next_seq = other.next_seq;
        effects.clone_from(&other.effects);
        triggers.clone_from(&other.triggers);
        replacements.clone_from(&other.replacements);
        unready_first_turn.clone_from(&other.unready_first_turn);
        *overtime = other.overtime;
        *empty_fixer_turns = other.empty_fixer_turns;
        *won = other.won;
        *lost = other.lost;
        *outcome = other.outcome;
        rng.clone_from(&other.rng);
        seen.clone_from(&other.seen);
        bottom_after_play.clone_from(&other.bottom_after_play);
        left_hosts.clone_from(&other.left_hosts);
        replace_answers.clone_from(&other.replace_answers);
        *history_turn = other.history.turn;
        events.clone_from(&other.history.events);
        *acting = other.acting;
        lasting.clone_from(&other.lasting);
        delayed_runs.clone_from(&other.delayed_runs);
        pending_binds.clone_from(&other.pending_binds);
    }

    /// Replaces the RNG by a fresh one from `seed`. A new game's state depends on its seed only
    /// through the RNG, so a state from [`State::new_game`] reseeded equals a new game with that
    /// seed: headless runs build one per deck pair and clone it instead of resolving card ids
    /// for every game.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
    }

    /// The instance `id` (panics never: an unknown id is a bug reported by the caller).
    pub fn inst(&self, id: InstId) -> Option<&Instance> {
        self.instances.get(id.0 as usize)
    }

    /// The 1-based place of Legend `l` in its player's Legends area as set up (rule 7.7.2); a
    /// Legend that came to the area later is numbered after the places, in the area's order.
    pub fn legend_place(&self, l: InstId) -> usize {
        let Some(x) = self.inst(l) else { return 0 };
        let pl = self.player(x.controller);
        if let Some(k) = pl.places.iter().position(|&y| y == l) {
            return k + 1;
        }
        let later = pl.legends.iter().filter(|y| !pl.places.contains(y));
        pl.places.len() + later.take_while(|&&y| y != l).count() + 1
    }

    /// The player `p`.
    pub fn player(&self, p: PlayerId) -> &Player {
        &self.players[p.ix()]
    }

    /// The Gig dice in `p`'s Gig area, in die order.
    pub fn gigs(&self, p: PlayerId) -> impl Iterator<Item = DieId> + '_ {
        self.dice
            .iter()
            .enumerate()
            .filter(move |(_, d)| d.area == DieArea::Gigs(p))
            .map(|(i, _)| DieId(i as u8))
    }

    /// The Gig dice in `p`'s fixer area, in die order.
    pub fn fixer(&self, p: PlayerId) -> impl Iterator<Item = DieId> + '_ {
        self.dice
            .iter()
            .enumerate()
            .filter(move |(_, d)| d.area == DieArea::Fixer(p))
            .map(|(i, _)| DieId(i as u8))
    }

    /// Number of Gigs in `p`'s Gig area.
    pub fn gig_count(&self, p: PlayerId) -> usize {
        self.gigs(p).count()
    }

    /// Whether `p`'s Gig area holds a Gig (the first found is enough).
    pub fn has_gigs(&self, p: PlayerId) -> bool {
        self.gigs(p).next().is_some()
    }

    /// `p`'s Street Cred: the sum of their Gigs' values, `None` (null) with no Gigs (rule 11.2.3).
    pub fn street_cred(&self, p: PlayerId) -> Option<u32> {
        let mut any = false;
        let sum = self
            .gigs(p)
            .map(|d| {
                any = true;
                u32::from(self.dice[d.0 as usize].value)
            })
            .sum();
        any.then_some(sum)
    }

    /// Gear equipped to `host`, in instance order.
    pub fn gear_of(&self, host: InstId) -> impl Iterator<Item = InstId> + '_ {
        self.instances
            .iter()
            .enumerate()
            .filter(move |(_, i)| i.equipped_to == Some(host))
            .map(|(i, _)| InstId(i as u16))
    }
}
