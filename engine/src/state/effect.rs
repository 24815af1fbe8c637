//! Effects as data: persistent effects with durations, pending triggered effects, the triggers
//! and replacement effects being watched for.

use super::{InstId, PlayerId};
use gigscript_dsl::Keyword;
use serde::{Deserialize, Serialize};

/// How long a persistent effect lasts (rules 8.6.2.1, 8.16.2, 9.29).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Duration {
    /// removed at the end of the turn (rule 8.16.2)
    ThisTurn,
    /// removed at the start of this player's next turn (rule 8.6.2.1)
    UntilNextTurnOf(PlayerId),
    /// removed when the attack ends (rule 9.29)
    WhileAttacking,
    /// removed when the attack ends (rule 9.29)
    WhileFighting,
    /// removed when the attack ends (rule 9.29)
    WhileStealing,
    /// lasts while its target stays where it is
    Indefinite,
    /// removed when this Unit's next attack ends (rule 9.29) or at the end of the turn (rule
    /// 8.16.2): `The next time this Unit attacks this turn, it may …`
    UntilAttackEnds(InstId),
}

/// What a persistent effect changes about its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Modifier {
    /// `+N power` or `-N power` (rule 3.17.2)
    Power(i32),
    /// grants a keyword
    Keyword(Keyword),
    /// wins every fight it is in (rule 9.17.4)
    WinsFights,
    /// is not defeated as the result of a fight (rule 9.19.3)
    NotDefeatedInFights,
}

/// A persistent effect on one card instance (rules 10.22, 10.23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PersistentEffect {
    /// the card it applies to
    pub target: InstId,
    /// what it changes
    pub modifier: Modifier,
    /// how long it lasts
    pub duration: Duration,
    /// the card it comes from, if any
    pub source: Option<InstId>,
}

/// The effect a pending or watched ability resolves. Opaque until the interpreter exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EffectRef {
    /// a test-installed effect that only logs its resolution; the number tells effects apart
    Opaque(u16),
    /// the effect on line `line` of the source card's text (run by the interpreter, later)
    Text {
        /// 0-based effect line (rule 10.1.1)
        line: u16,
    },
}

/// A triggered effect waiting to resolve (rule 10.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// its number, unique in the game (never given twice)
    pub seq: u32,
    /// who resolves it (rule 10.1.4)
    pub controller: PlayerId,
    /// the card whose effect it is
    pub source: InstId,
    /// what it does
    pub effect: EffectRef,
}

/// The kinds of events, which triggers listen for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EventKind {
    /// a turn began (rule 8.6.2.2)
    TurnStart,
    /// a turn is ending (rule 8.16.1)
    TurnEnd,
    /// a card was drawn
    Draw,
    /// a card was played (rule 11.20)
    Play,
    /// a Legend was called (rule 11.18)
    Call,
    /// a Unit attacked (rule 11.21)
    Attack,
    /// a Unit blocked (rule 11.24)
    Block,
    /// a Unit lost a fight (rule 9.18)
    LoseFight,
    /// a Unit was defeated (rule 11.19)
    Defeat,
    /// a Gig was chosen to be stolen (rule 6.7.4)
    WouldSteal,
    /// a Gig was stolen (rule 6.7.3)
    Steal,
    /// a card was sold
    Sell,
    /// a card was spent
    Spend,
    /// a Gig was rolled in
    RollIn,
    /// a Gear was equipped
    Equip,
    /// a card moved between areas
    Move,
}

/// A triggered ability being watched for: when an event of kind `on` concerning `source`
/// (or any event of that kind if `any_card`) happens, its effect becomes pending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trigger {
    /// the event kind listened for
    pub on: EventKind,
    /// the card the ability is on
    pub source: InstId,
    /// fire on events about any card, not just `source`
    pub any_card: bool,
    /// what becomes pending
    pub effect: EffectRef,
}

/// The kinds of game actions, which replacement effects apply to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ActionKind {
    /// draw a card
    Draw,
    /// move a card between areas
    Move,
    /// defeat a card
    Defeat,
    /// spend a card
    Spend,
    /// ready a card
    Ready,
    /// sell a card
    Sell,
    /// flip a card
    Flip,
    /// equip a Gear
    Equip,
    /// steal a Gig
    Steal,
    /// roll in a Gig
    RollIn,
    /// bottom-deck cards
    BottomDeck,
    /// trash the top card of a deck
    Trash,
    /// swap two Gigs
    Swap,
    /// adjust a Gig
    Adjust,
}

/// A mandatory replacement effect that prevents actions of one kind on one card (rule 10.24);
/// the general "… instead" form arrives with the interpreter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replacement {
    /// the action kind replaced
    pub on: ActionKind,
    /// the card whose action is replaced (`None`: any)
    pub affected: Option<InstId>,
    /// the card the effect comes from
    pub source: InstId,
    /// how long it lasts
    pub duration: Duration,
}
