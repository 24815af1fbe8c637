//! Breaking one family of core operations on purpose, for the mutation test of the rulings: a
//! [`Pool`](crate::Pool) with [`Pool::break_core`](crate::Pool::break_core) set reads that
//! family as doing nothing, so a test can show that the rulings of every card whose core uses
//! it notice. Nothing outside tests sets it.

use gigscript_dsl::prim::{Dir, GameAction, MoveVerb, OpKind, Say};

/// A family of core operations a test can break.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Broken {
    /// `GameAction::Draw`
    Draw,
    /// `GameAction::Defeat`
    Defeat,
    /// `GameAction::ChangeGig` upwards
    Increase,
    /// `GameAction::ChangeGig` downwards
    Decrease,
    /// `GameAction::ChangeGig` either way
    Adjust,
    /// `GameAction::SetGig`
    SetGig,
    /// `GameAction::Move` with the verb `discard`
    Discard,
    /// `GameAction::Move` with the verb `return`
    Return,
    /// `GameAction::Move` with the verb `bottom-deck`
    BottomDeck,
    /// `GameAction::Move` with the verb `add … to your hand`
    AddToHand,
    /// `GameAction::TrashTop`, and `GameAction::Move` with the verb `trash`
    Trash,
    /// `GameAction::Ready`
    Ready,
    /// `GameAction::Spend`
    Spend,
    /// `Say::Power` made by an effect (`Give … +2 power`)
    GivePower,
    /// `Say::Power` of a static ability (`This Unit has +2 power …`)
    StaticPower,
    /// `Say::CantAttack`
    CantAttack,
    /// `OpKind::May`: the player is not asked and its block does not happen
    May,
}

impl Broken {
    /// Every family a test can break.
    pub const ALL: [Broken; 17] = [
        Broken::Draw,
        Broken::Defeat,
        Broken::Increase,
        Broken::Decrease,
        Broken::Adjust,
        Broken::SetGig,
        Broken::Discard,
        Broken::Return,
        Broken::BottomDeck,
        Broken::AddToHand,
        Broken::Trash,
        Broken::Ready,
        Broken::Spend,
        Broken::GivePower,
        Broken::StaticPower,
        Broken::CantAttack,
        Broken::May,
    ];

    /// Whether action `a` is of this family.
    pub fn is_action(self, a: &GameAction) -> bool {
        match (self, a) {
            (Broken::Draw, GameAction::Draw { .. })
            | (Broken::Defeat, GameAction::Defeat(_))
            | (Broken::SetGig, GameAction::SetGig { .. })
            | (Broken::Trash, GameAction::TrashTop { .. })
            | (Broken::Ready, GameAction::Ready(_))
            | (Broken::Spend, GameAction::Spend(_)) => true,
            (Broken::Increase, GameAction::ChangeGig { dir, .. }) => *dir == Dir::Up,
            (Broken::Decrease, GameAction::ChangeGig { dir, .. }) => *dir == Dir::Down,
            (Broken::Adjust, GameAction::ChangeGig { dir, .. }) => *dir == Dir::Either,
            (Broken::Discard, GameAction::Move { verb, .. }) => *verb == MoveVerb::Discard,
            (Broken::Return, GameAction::Move { verb, .. }) => *verb == MoveVerb::Return,
            (Broken::BottomDeck, GameAction::Move { verb, .. }) => *verb == MoveVerb::BottomDeck,
            (Broken::AddToHand, GameAction::Move { verb, .. }) => *verb == MoveVerb::Add,
            (Broken::Trash, GameAction::Move { verb, .. }) => *verb == MoveVerb::Trash,
            _ => false,
        }
    }

    /// Whether a statement saying `s` is of this family (`in_static`: a static ability's).
    pub fn is_say(self, s: &Say, in_static: bool) -> bool {
        match (self, s) {
            (Broken::GivePower, Say::Power(_)) => !in_static,
            (Broken::StaticPower, Say::Power(_)) => in_static,
            (Broken::CantAttack, Say::CantAttack) => true,
            _ => false,
        }
    }

    /// Whether operation `op` is of this family (its action or statement, or a `May`).
    pub fn is_op(self, op: &OpKind) -> bool {
        match op {
            OpKind::Do(a) => self.is_action(a),
            OpKind::Make(s) => self.is_say(&s.says, false),
            OpKind::May { .. } => self == Broken::May,
            _ => false,
        }
    }
}
