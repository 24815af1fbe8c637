//! The data of the executor of the core (`crate::exec`) that the state holds: an effect
//! resolving ([`Run`], on the frame stack), what a pending effect knows of its event, the
//! statements effects made ([`Lasting`]) and delayed effects ([`Delayed`]). Plain data, so a
//! game suspended anywhere clones and serialises; only the executor reads and writes it.

use super::{DieId, Duration, InstId, PlayerId};
use gigscript_dsl::CardType;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// An object of the game: what slots hold and selectors describe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Obj {
    /// a card instance
    Card(InstId),
    /// a Gig die
    Gig(DieId),
    /// a player
    Player(PlayerId),
}

impl Obj {
    /// The card, if it is one.
    pub fn card(self) -> Option<InstId> {
        match self {
            Obj::Card(i) => Some(i),
            _ => None,
        }
    }

    /// The die, if it is a Gig.
    pub fn gig(self) -> Option<DieId> {
        match self {
            Obj::Gig(d) => Some(d),
            _ => None,
        }
    }

    /// The player, if it is one.
    pub fn player(self) -> Option<PlayerId> {
        match self {
            Obj::Player(p) => Some(p),
            _ => None,
        }
    }
}

/// What a slot holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Val {
    /// objects, in the order they were chosen; `short`: fewer than asked for were there to
    /// choose (rule 10.2.1: the action on them is done as far as possible, and did not happen in
    /// full)
    Objs {
        /// the objects
        objs: Vec<Obj>,
        /// fewer than asked for
        short: bool,
    },
    /// a card type chosen (rule 3.3)
    Type(CardType),
    /// which of a `Whether`'s choices was chosen (0-based)
    Choice(u16),
    /// an amount counted when a lasting statement was made (`Your next Program this turn plays
    /// for -1 €$ for each friendly min Gig`: the count is set then, FAQ-046, rule 10.19.1)
    Num(i64),
}

impl Default for Val {
    fn default() -> Self {
        Val::Objs {
            objs: Vec::new(),
            short: false,
        }
    }
}

impl Val {
    /// The objects held (none for a type or a choice).
    pub fn objs(&self) -> &[Obj] {
        match self {
            Val::Objs { objs, .. } => objs,
            _ => &[],
        }
    }
}

/// The question an effect waits on, and who answers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ask {
    /// `you may …`: yes or no (rule 10.7)
    YesNo {
        /// who answers
        who: PlayerId,
    },
    /// the next object of a choice (rule 10.31), from these; `stop`: the player may choose
    /// none more (`up to`, or failing to find in a hidden area, rules 2.8, 5.3.2.4.1, 11.13.4.1)
    Pick {
        /// who chooses
        who: PlayerId,
        /// the options
        from: Vec<Obj>,
        /// whether choosing no more is an option
        stop: bool,
    },
    /// how many of `up to N` (rule 2.8), from 0 to `most`
    Count {
        /// who chooses
        who: PlayerId,
        /// the largest number offered
        most: u16,
    },
    /// how much to change a Gig by, from these
    Number {
        /// who chooses
        who: PlayerId,
        /// the options
        options: Vec<i8>,
    },
    /// which of `n` modes (rule 10.9)
    Mode {
        /// who chooses
        who: PlayerId,
        /// how many modes
        n: u8,
    },
    /// which of `n` ways (`A Rival chooses whether …`)
    Whether {
        /// who chooses
        who: PlayerId,
        /// how many ways
        n: u8,
    },
    /// a card type (rule 3.3)
    CardType {
        /// who chooses
        who: PlayerId,
    },
}

/// A position in an effect: the next operation of a block, and how many more times the block
/// runs (`Repeat`, `ForEachPlayer`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pos {
    /// the block
    pub block: u16,
    /// the next operation in it
    pub index: u16,
    /// the current run of the block (0 first)
    pub lap: u16,
    /// how many runs in all
    pub laps: u16,
    /// `ForEachPlayer`: the slot each run binds its player to
    pub player: Option<u16>,
}

/// What the operation at the cursor has done so far (cleared when it completes).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Work {
    /// objects chosen so far (a choice), or cards placed so far (an order)
    pub picked: Vec<Obj>,
    /// how many of an `up to` choice, once chosen
    pub count: Option<u16>,
    /// a number chosen (a Gig's change)
    pub number: Option<i64>,
    /// a yes or no, a mode, a way, a card type, once answered
    pub answer: Option<u16>,
    /// the player chose no more objects
    pub stop: bool,
    /// how far the operation has got (an action on several objects, one at a time)
    pub step: u16,
    /// the operation changed the game so far
    pub happened: bool,
    /// how many objects a choice asked for wants in all, once it has asked (what it offers can't
    /// change while the player answers)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wants: Option<u32>,
}

/// One ability of the core resolving (rules 10.2–10.10), on the frame stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Run {
    /// the card whose ability it is
    pub source: InstId,
    /// who resolves it (rule 10.1.4)
    pub controller: PlayerId,
    /// the ability's line
    pub line: u16,
    /// where it is: innermost block last; empty once done (a block or two deep, kept inline)
    pub cursor: SmallVec<[Pos; 2]>,
    /// the slots, as the effect numbers them
    pub slots: Vec<Val>,
    /// the sentences that happened, one bit each (`If you do`), kept inline
    pub did: SmallVec<[u64; 1]>,
    /// the question waited on
    pub ask: Option<Ask>,
    /// what the current operation has done so far
    pub work: Work,
    /// cards this card's effects discarded so far (a Program's lines resolve in order)
    pub discarded: u16,
    /// the block a delayed effect resumes at: the run ends when it is done
    pub delayed: bool,
    /// it resolves at once, inside the action it replaces (rule 10.25): its questions take
    /// its own card when offered, else the first option
    #[serde(default)]
    pub now: bool,
}

/// A statement an effect made that lasts (rules 10.22, 10.23): the operation that made it,
/// what it is about when fixed then, and how long it lasts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lasting {
    /// the card whose text made it
    pub source: InstId,
    /// who controls it (the effect's controller)
    pub controller: PlayerId,
    /// the ability
    pub line: u16,
    /// the block of the `Make` operation
    pub block: u16,
    /// its index in the block
    pub index: u16,
    /// the objects it is about, fixed when it was made (empty: as its `About` reads, live)
    pub about: Vec<Obj>,
    /// how long it lasts
    pub duration: Duration,
    /// the effect's slots when it was made (what its condition and numbers read)
    pub slots: Vec<Val>,
}

/// When a delayed effect resolves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DelayedAt {
    /// at the end of this turn (rule 8.16.1)
    EndOfTurn,
    /// the next time the event of the `Later` operation at (block, index) happens this turn
    NextTime {
        /// the block of the `Later` operation
        block: u16,
        /// its index
        index: u16,
    },
}

/// A delayed effect (rule 8.16.1): a block of an ability, to resolve later this turn with the
/// slots it had when made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Delayed {
    /// the card whose ability made it
    pub source: InstId,
    /// who resolves it
    pub controller: PlayerId,
    /// the ability
    pub line: u16,
    /// the block that resolves then
    pub block: u16,
    /// when
    pub at: DelayedAt,
    /// the turn it was made (it lasts this turn only)
    pub turn: u16,
    /// the effect's slots when it was made
    pub slots: Vec<Val>,
}

/// What a pending effect of the core knows of the event that made it pending: the objects
/// bound to its slots, and for a delayed effect where it resumes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingBinds {
    /// the pending effect's number
    pub seq: u32,
    /// (slot, value) pairs
    pub slots: Vec<(u16, Val)>,
    /// a delayed effect: the block it resumes at, with all the slots it had
    pub resume: Option<(u16, Vec<Val>)>,
}
