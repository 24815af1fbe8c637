//! The data of the interpreter of the syntax tree (`crate::interp`) that the state holds: an
//! effect resolving, what a pending effect knows of its event, the `The first time … each turn`
//! abilities that fired, and delayed effects. Plain data owned by the state; the interpreter
//! reads and writes it. It goes with that interpreter.

use super::{DieId, InstId, PlayerId};
use serde::{Deserialize, Serialize};

/// The cards a binding of the ability stands for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bound {
    /// the binding (`b1`)
    pub id: u32,
    /// the cards
    pub cards: Vec<InstId>,
}

/// A question the effect is waiting on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ask {
    /// `you may …`: yes or no
    May,
    /// the next card for the current action, from these
    Card(Vec<InstId>),
    /// the Gig for the current action, from these
    Gig(Vec<DieId>),
    /// how much to change the chosen Gig by, from these
    Number(Vec<i8>),
    /// which of this many modes (`Choose one effect.`)
    Mode(u8),
    /// the next card for the current action, or none (`up to`; failing to find, rule 11.13.4.1)
    CardOrNone(Vec<InstId>),
    /// a card type (`choose a card type`)
    CardType,
    /// which of two ways, answered by this player (`A Rival chooses whether …`)
    Whether(PlayerId),
    /// `you may … instead`: whether this later sentence replaces the current one
    Instead(u32),
    /// yes or no inside a sentence (`… and may draw 5`), answered by the chooser; the answer
    /// is kept in `delta` (1: yes, 0: no)
    YesNo,
}

/// One ability resolving (rules 10.2–10.10): where it is, what it has bound, what it waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectRun {
    /// the card whose ability it is
    pub source: InstId,
    /// who resolves it (rule 10.1.4)
    pub controller: PlayerId,
    /// the ability: the top textbox's abilities first, then the rules text's
    pub line: u16,
    /// the sentence being resolved
    pub sentence: u8,
    /// the action of that sentence being resolved
    pub step: u8,
    /// the sentence's lead, condition and `you may` were passed
    pub entered: bool,
    /// an action of the current sentence happened
    pub happened: bool,
    /// bit set of the sentences that happened (`If you do`, `Otherwise`)
    pub did: u32,
    /// the cards of each binding met so far
    pub bindings: Vec<Bound>,
    /// cards picked so far for the current action
    pub picked: Vec<InstId>,
    /// the question waiting for an answer
    pub ask: Option<Ask>,
    /// the Gig chosen for the current action
    pub gig: Option<DieId>,
    /// the change of value chosen for the current action
    pub delta: Option<i8>,
    /// who answers the question, when not the controller (`A Rival discards 1`)
    pub chooser: Option<PlayerId>,
    /// the mode chosen, for `Choose one effect.` (0-based)
    pub mode: Option<u8>,
    /// the Gigs of each binding met so far (`that Gig`, `those Gigs`)
    pub dice: Vec<BoundDice>,
    /// a delayed effect resuming: only this sentence runs, its delayed part
    pub only: Option<u8>,
    /// what hidden-zone actions have chosen so far (card types, Gigs, cards played)
    #[serde(default)]
    pub zone: ZoneRun,
    /// the second Gig chosen for the current action (`swap`, `set … to the value of …`)
    #[serde(default)]
    pub gig2: Option<DieId>,
    /// the Gigs of each Gig binding met so far (`Adjust a rival Gig …` → `the same value`)
    #[serde(default)]
    pub gigs: Vec<(u32, DieId)>,
    /// bit set of the `instead` sentences chosen to replace the sentence they name
    #[serde(default)]
    pub instead: u32,
    /// the sentence being entered had its `instead` alternative considered
    #[serde(default)]
    pub weighed: bool,
    /// every mode resolves, in order (`choose both instead`, `these effects`)
    #[serde(default)]
    pub all_modes: bool,
    /// cards discarded by this effect (and the earlier effects of the same Program), for
    /// `the total number of discarded cards`
    #[serde(default)]
    pub discarded: u16,
}

/// The Gigs a binding of the ability stands for (`that Gig`, `those Gigs`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoundDice {
    /// the binding (`b2`)
    pub id: u32,
    /// the dice
    pub dice: Vec<DieId>,
}

/// What a pending effect knows of the event that made it pending.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TriggerCtx {
    /// the pending effect's number
    pub seq: u16,
    /// cards bound by the event (the stealing Unit, the opposing Unit)
    pub cards: Vec<Bound>,
    /// Gigs bound by the event (the stolen Gig, the rolled Gig)
    pub dice: Vec<BoundDice>,
    /// a delayed effect: resume at this sentence and action, and run only that sentence
    pub resume: Option<(u8, u8)>,
}

/// A `The first time … each turn` ability that triggered on turn `turn`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fired {
    /// its card
    pub source: InstId,
    /// its line
    pub line: u16,
    /// the game turn
    pub turn: u16,
}

/// When a delayed effect resolves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DelayedWhen {
    /// at the end of this turn (rule 8.16.1)
    EndOfTurn,
    /// the next time its event happens this turn
    NextTime,
}

/// A delayed effect created by a resolving ability: part of that ability, resolved later.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DelayedEffect {
    /// the card whose ability created it
    pub source: InstId,
    /// who resolves it
    pub controller: PlayerId,
    /// the ability
    pub line: u16,
    /// the sentence that resolves later
    pub sentence: u8,
    /// the action of that sentence it resumes at
    pub step: u8,
    /// when
    pub when: DelayedWhen,
    /// the turn it was created (it lasts this turn only)
    pub turn: u16,
    /// the ability's card bindings when it was created
    pub cards: Vec<Bound>,
    /// the ability's Gig bindings when it was created
    pub dice: Vec<BoundDice>,
}

/// What the hidden-zone actions of one resolving ability have chosen.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZoneRun {
    /// the player chose to find (or play) no more cards for the current action
    pub none: bool,
    /// the current action has begun (a search looked, a reveal showed)
    pub begun: bool,
    /// cards played by the current action
    pub played: Vec<InstId>,
    /// a Gear played by the current action, waiting for its host
    pub host_for: Option<InstId>,
    /// the card type chosen (`choose a card type`): 0 Unit, 1 Gear, 2 Program, 3 Legend
    pub kind: Option<u8>,
    /// the way a Rival chose (`A Rival chooses whether …`): 0 the first, 1 the second
    pub whether: Option<u8>,
}
