//! Rulings: scenario tests written in card files and `tests/rulings/*.toml` (a public format).

use serde::{Deserialize, Serialize};

/// One scenario: a setup, steps chosen by option label, and checks on the final state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruling {
    /// what the ruling shows
    pub name: String,
    /// the rule it pins down, e.g. `9.23.1`
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// option labels (or words of one) to choose, in order
    #[serde(default)]
    pub steps: Vec<String>,
    /// checks on the state after the last step
    #[serde(default)]
    pub expect: Vec<String>,
    /// the player who takes the turn shown
    #[serde(default)]
    pub me: PlayerSetup,
    /// the other player
    #[serde(default)]
    pub rival: PlayerSetup,
    /// turn, phase and seed
    #[serde(default)]
    pub game: GameSetup,
}

/// What one player has when the scenario starts; an absent key keeps the default.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    /// cards in hand
    pub hand: Option<Vec<CardEntry>>,
    /// cards in the field
    pub field: Option<Vec<CardEntry>>,
    /// Legends in the Legends area, left to right
    pub legends: Option<Vec<CardEntry>>,
    /// ready Eddies, as a count or as cards placed face-down
    pub eddies: Option<Eddies>,
    /// dice in this player's Gig area, `d12:11`; `rival d6:3` is a die the rival owns
    pub gigs: Option<Vec<String>>,
    /// dice left in the fixer, `d20`
    pub fixer: Option<Vec<String>>,
    /// the deck, top first
    pub deck: Option<Vec<CardEntry>>,
    /// the trash, bottom first
    pub trash: Option<Vec<CardEntry>>,
    /// cards removed from the game
    pub removed: Option<Vec<CardEntry>>,
}

/// A card in a setup: an id, or a table with its state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum CardEntry {
    /// just the id: ready, face-down for Legends, no Lag
    Id(String),
    /// an id with state
    Full(CardState),
}

impl CardEntry {
    /// The card id.
    pub fn id(&self) -> &str {
        match self {
            CardEntry::Id(id) => id,
            CardEntry::Full(s) => &s.card,
        }
    }
}

/// A card with its state, in a setup.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardState {
    /// the card id
    pub card: String,
    /// spent rather than ready
    #[serde(default)]
    pub spent: bool,
    /// face-up (Legends) or face-down
    #[serde(default)]
    pub face_up: Option<bool>,
    /// has Lag
    #[serde(default)]
    pub lag: bool,
    /// ids of Gear equipped to it
    #[serde(default)]
    pub gear: Vec<String>,
}

/// Eddies in a setup: a number of ready filler cards, or specific cards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Eddies {
    /// this many ready Eddies
    Count(u32),
    /// these cards, face-down
    Cards(Vec<CardEntry>),
}

/// Which player, from the scenario's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// the first player shown
    Me,
    /// the other player
    Rival,
}

/// The game state around the players' setups.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSetup {
    /// whose turn it is (default: me)
    pub turn: Option<Side>,
    /// the phase (default: main)
    pub phase: Option<String>,
    /// the turn number (default: 3)
    pub turn_number: Option<u32>,
    /// whether overtime has begun
    pub overtime: Option<bool>,
    /// the random seed
    pub seed: Option<u64>,
}

/// A file of rulings that belong to no card: `tests/rulings/*.toml`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulingsFile {
    /// the rulings
    #[serde(default, rename = "ruling")]
    pub rulings: Vec<Ruling>,
}
