//! Breaking one phrase's interpretation on purpose, for the mutation test of the rulings
//! (issue 5: breaking how the interpreter reads one phrase must make a ruling of every card that
//! uses it fail). A [`Pool`](crate::Pool) with [`Pool::break_phrase`](crate::Pool::break_phrase)
//! set treats that phrase as doing nothing; nothing outside tests sets it.

use gigscript_dsl::ast::{Action, Direction, Grant};

/// A phrase whose interpretation a test can break.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Broken {
    /// `Draw N.`
    Draw,
    /// `Defeat …`
    Defeat,
    /// `Increase a Gig by …`
    IncreaseGig,
    /// `Decrease a Gig by …`
    DecreaseGig,
    /// `Adjust a Gig by …`
    AdjustGig,
    /// `Give … +N power …`
    GivePower,
    /// `Discard N.`
    Discard,
    /// `A Rival discards N.`
    RivalDiscards,
    /// `Ready …`
    Ready,
    /// `Spend …` (a card, not a cost)
    Spend,
    /// `Trash N.`
    Trash,
    /// `Bottom-deck …`
    BottomDeck,
    /// `Return … to its owner's hand.`
    ReturnToOwnersHand,
    /// a static `… has/have +N power …`
    StaticPower,
    /// `you may …` (broken: the controller is not asked and the sentence does not happen)
    May,
}

impl Broken {
    /// Every phrase a test can break.
    pub const ALL: [Broken; 15] = [
        Broken::Draw,
        Broken::Defeat,
        Broken::IncreaseGig,
        Broken::DecreaseGig,
        Broken::AdjustGig,
        Broken::GivePower,
        Broken::Discard,
        Broken::RivalDiscards,
        Broken::Ready,
        Broken::Spend,
        Broken::Trash,
        Broken::BottomDeck,
        Broken::ReturnToOwnersHand,
        Broken::StaticPower,
        Broken::May,
    ];

    /// Whether action `a` is this phrase.
    pub fn is(self, a: &Action) -> bool {
        match (self, a) {
            (Broken::Draw, Action::Draw { .. })
            | (Broken::Defeat, Action::Defeat { .. })
            | (Broken::Discard, Action::Discard { .. })
            | (Broken::Ready, Action::Ready { .. })
            | (Broken::Spend, Action::Spend { .. })
            | (Broken::Trash, Action::Trash { .. })
            | (Broken::BottomDeck, Action::BottomDeck { .. })
            | (Broken::ReturnToOwnersHand, Action::ReturnToOwnersHand { .. }) => true,
            (Broken::IncreaseGig, Action::ChangeGig { direction, .. }) => {
                *direction == Direction::Increase
            }
            (Broken::DecreaseGig, Action::ChangeGig { direction, .. }) => {
                *direction == Direction::Decrease
            }
            (Broken::AdjustGig, Action::ChangeGig { direction, .. }) => {
                *direction == Direction::Adjust
            }
            (Broken::GivePower, Action::Give { grants, .. }) => {
                grants.iter().any(|g| matches!(g, Grant::Power(_)))
            }
            _ => false,
        }
    }
}
