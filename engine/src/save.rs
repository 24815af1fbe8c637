//! Saved games: the seed, both decks, the labels of every choice so far and a digest of the card
//! pool they were played with. A save is rebuilt by deterministic replay (same seed and choices
//! give the same game, byte for byte), never by deserialising a `State`, so a save can't hold a
//! position the rules could not reach.

use crate::game::Game;
use crate::pool::Pool;
use crate::state::DeckList;
use gigscript_dsl::card::{line_col, Format};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The save-file format version.
pub const SAVE_FORMAT: u32 = 1;
/// Largest save file read (bytes).
pub const MAX_SAVE_LEN: u64 = 16 * 1024 * 1024;
/// Most choices a save may hold (a bound on the work of replaying it).
pub const MAX_SAVED_CHOICES: usize = 100_000;

/// A deck in a save file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedDeck {
    /// the deck's name
    pub name: String,
    /// the Legends' ids
    pub legends: Vec<String>,
    /// the main deck, one id per copy
    pub main: Vec<String>,
}

/// A saved game: enough to rebuild it exactly, and the check that the cards are the same.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveFile {
    /// [`SAVE_FORMAT`]
    pub format: u32,
    /// digest of the card files and the card grammar the game was played with
    pub digest: String,
    /// the game seed
    pub seed: u64,
    /// the format of the cards the game was played with; left out (older saves), `standard`
    #[serde(default, skip_serializing_if = "Format::is_standard")]
    pub cards_format: Format,
    /// the human's seat (0 or 1)
    pub human: u8,
    /// the bot's name
    pub bot: String,
    /// seat 0's and seat 1's decks
    pub decks: [SavedDeck; 2],
    /// the labels of every choice made so far, in order (not the automatic ones)
    pub choices: Vec<String>,
    /// the log as text (to check that a replay reproduces it)
    pub log: Vec<String>,
}

/// Why a save does not read or replay; the message says where (a line and column of the JSON,
/// or the number of the choice that fails).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveError {
    /// the 1-based line and column in the file, when the error has one
    pub at: Option<(usize, usize)>,
    /// what is wrong
    pub message: String,
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.at {
            Some((line, col)) => write!(f, "{line}:{col}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl SaveError {
    /// The error as `FILE:LINE:COL: message` (or `FILE: message`).
    pub fn in_file(&self, file: &std::path::Path) -> String {
        format!(
            "{}:{}{self}",
            file.display(),
            if self.at.is_some() { "" } else { " " }
        )
    }
}

fn err(message: impl Into<String>) -> SaveError {
    SaveError {
        at: None,
        message: message.into(),
    }
}

impl SaveFile {
    /// Reads a save from bytes: UTF-8, JSON of the format, the current [`SAVE_FORMAT`], within
    /// the limits. Never panics.
    pub fn from_bytes(bytes: &[u8]) -> Result<SaveFile, SaveError> {
        if bytes.len() as u64 > MAX_SAVE_LEN {
            return Err(err(format!(
                "file is {} bytes, more than the limit of {MAX_SAVE_LEN}",
                bytes.len()
            )));
        }
        let text = std::str::from_utf8(bytes).map_err(|e| SaveError {
            at: Some(line_col(bytes, e.valid_up_to())),
            message: "not UTF-8 text".into(),
        })?;
        let save: SaveFile = serde_json::from_str(text).map_err(|e| SaveError {
            at: Some((e.line(), e.column().max(1))),
            message: format!("not a gig save file: {}", strip_position(&e.to_string())),
        })?;
        if save.format != SAVE_FORMAT {
            return Err(err(format!(
                "save format {} (this gig reads {SAVE_FORMAT})",
                save.format
            )));
        }
        if save.human > 1 {
            return Err(err(format!("seat {} is not 0 or 1", save.human)));
        }
        if save.choices.len() > MAX_SAVED_CHOICES {
            return Err(err(format!(
                "{} choices, more than the limit of {MAX_SAVED_CHOICES}",
                save.choices.len()
            )));
        }
        Ok(save)
    }

    /// The new game of the saved seed and decks, before any choice. An unknown card id is an
    /// error naming it.
    pub fn start(&self, pool: Arc<Pool>) -> Result<Game, SaveError> {
        for (seat, d) in self.decks.iter().enumerate() {
            for id in d.legends.iter().chain(&d.main) {
                if pool.index_of(id).is_none() {
                    return Err(err(format!(
                        "deck of seat {seat}: unknown card `{id}` (not in this card pool)"
                    )));
                }
            }
        }
        let list = |d: &SavedDeck| DeckList {
            legends: d.legends.clone(),
            main: d.main.clone(),
        };
        let decks = [list(&self.decks[0]), list(&self.decks[1])];
        Game::new(pool, [&decks[0], &decks[1]], self.seed)
            .map_err(|e| err(format!("the saved decks don't make a game: {e}")))
    }

    /// The saved game: the new game with the first `n` saved choices replayed.
    pub fn replay(&self, pool: Arc<Pool>, n: usize) -> Result<Game, SaveError> {
        let mut game = self.start(pool)?;
        for (k, label) in self.choices.iter().take(n).enumerate() {
            game.apply_label(label)
                .map_err(|e| err(format!("choice {} `{label}` does not replay: {e}", k + 1)))?;
        }
        Ok(game)
    }
}

/// serde_json's message without its ` at line L column C` suffix (the caller puts it first).
fn strip_position(m: &str) -> &str {
    m.find(" at line ").map_or(m, |i| &m[..i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_bytes_are_located_errors() {
        let e = SaveFile::from_bytes(b"{\n  \"format\": 1,\xff}").unwrap_err();
        assert_eq!(e.to_string(), "2:15: not UTF-8 text");
        let e = SaveFile::from_bytes(b"{\n  \"format\": true }").unwrap_err();
        assert_eq!(e.at.map(|a| a.0), Some(2), "{}", e.message);
        assert!(!e.message.contains(" at line "), "{}", e.message);
    }

    /// A save records the format of its cards; a save without one (written before formats)
    /// still loads, as a game of the `standard` cards, and a `standard` save leaves it out.
    #[test]
    fn the_cards_format_is_recorded_and_older_saves_load_as_standard() {
        let old = br#"{"format": 1, "digest": "0", "seed": 7, "human": 0, "bot": "random",
            "decks": [{"name": "a", "legends": [], "main": []}, {"name": "b", "legends": [], "main": []}],
            "choices": [], "log": []}"#;
        let save = SaveFile::from_bytes(old).expect("an older save loads");
        assert_eq!(save.cards_format, Format::Standard);
        let json = serde_json::to_string(&save).unwrap();
        assert!(!json.contains("cards_format"), "{json}");
        let alpha = SaveFile {
            cards_format: Format::Alpha,
            ..save
        };
        let json = serde_json::to_string(&alpha).unwrap();
        assert!(json.contains(r#""cards_format":"alpha""#), "{json}");
        let back = SaveFile::from_bytes(json.as_bytes()).unwrap();
        assert_eq!(back.cards_format, Format::Alpha);
    }
}
