//! Breaking one family of core operations on purpose, for the mutation test of the rulings: a
//! [`Pool`](crate::Pool) with [`Pool::break_core`](crate::Pool::break_core) set reads that
//! family as doing nothing, so a test can show that the rulings of every card whose core uses
//! it notice. Nothing outside tests sets it.

use gigscript_dsl::prim::{Action, Dir, MoveVerb, OpKind, Say};

/// A family of core operations a test can break.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Broken {
    /// `Action::Draw`
    Draw,
    /// `Action::Defeat`
    Defeat,
    /// `Action::ChangeGig` upwards
    Increase,
    /// `Action::ChangeGig` downwards
    Decrease,
    /// `Action::ChangeGig` either way
    Adjust,
    /// `Action::SetGig`
    SetGig,
    /// `Action::Move` with the verb `discard`
    Discard,
    /// `Action::Move` with the verb `return`
    Return,
    /// `Action::Move` with the verb `bottom-deck`
    BottomDeck,
    /// `Action::Move` with the verb `add … to your hand`
    AddToHand,
    /// `Action::TrashTop`, and `Action::Move` with the verb `trash`
    Trash,
    /// `Action::Ready`
    Ready,
    /// `Action::Spend`
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
    pub fn is_action(self, a: &Action) -> bool {
        match (self, a) {
            (Broken::Draw, Action::Draw { .. })
            | (Broken::Defeat, Action::Defeat(_))
            | (Broken::SetGig, Action::SetGig { .. })
            | (Broken::Trash, Action::TrashTop { .. })
            | (Broken::Ready, Action::Ready(_))
            | (Broken::Spend, Action::Spend(_)) => true,
            (Broken::Increase, Action::ChangeGig { dir, .. }) => *dir == Dir::Up,
            (Broken::Decrease, Action::ChangeGig { dir, .. }) => *dir == Dir::Down,
            (Broken::Adjust, Action::ChangeGig { dir, .. }) => *dir == Dir::Either,
            (Broken::Discard, Action::Move { verb, .. }) => *verb == MoveVerb::Discard,
            (Broken::Return, Action::Move { verb, .. }) => *verb == MoveVerb::Return,
            (Broken::BottomDeck, Action::Move { verb, .. }) => *verb == MoveVerb::BottomDeck,
            (Broken::AddToHand, Action::Move { verb, .. }) => *verb == MoveVerb::Add,
            (Broken::Trash, Action::Move { verb, .. }) => *verb == MoveVerb::Trash,
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
