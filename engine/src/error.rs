//! Engine errors as data, with their wording in one place.

use std::fmt;

/// Why the engine refused a request. The state is unchanged whenever one is returned (unless
/// the host turned rollback off, [`crate::Game::set_rollback`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// the game is over; there is nothing to choose
    GameOver,
    /// the choice is not an option of the current decision (illegal or stale; rule 11.4.1.2)
    IllegalChoice,
    /// no option of the current decision has this label
    NoSuchLabel(String),
    /// a named limit was reached
    LimitExceeded(&'static str),
    /// an internal invariant broke: a bug in the engine, not in the input
    Bug(&'static str),
    /// an earlier change failed with rollback off; the game can't go on
    Abandoned,
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::GameOver => write!(f, "the game is over"),
            EngineError::IllegalChoice => {
                write!(f, "choice is not an option of the current decision")
            }
            EngineError::NoSuchLabel(l) => write!(f, "no option is labelled `{l}`"),
            EngineError::LimitExceeded(what) => write!(f, "limit exceeded: {what}"),
            EngineError::Bug(what) => write!(f, "bug in the engine: {what}"),
            EngineError::Abandoned => write!(f, "the game was abandoned at an earlier error"),
        }
    }
}

impl std::error::Error for EngineError {}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// no card has this id
    UnknownCard(String),
    /// a die is not `d4`…`d20` with a value on its faces
    BadDie(String),
    /// a Gear entry was given to a card that can't hold Gear, or is not a Gear
    BadGear(String),
    /// more card instances than an `InstId` can address
    TooManyCards,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::UnknownCard(id) => write!(f, "unknown card `{id}`"),
            SetupError::BadDie(d) => write!(f, "bad Gig die `{d}`"),
            SetupError::BadGear(id) => write!(f, "`{id}` can't be equipped there"),
            SetupError::TooManyCards => write!(f, "too many cards for one game"),
        }
    }
}

impl std::error::Error for SetupError {}
