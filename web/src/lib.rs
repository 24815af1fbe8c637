//! gigscript-web: the playground's WebAssembly module.
//!
//! One [`Playground`] holds the card pool embedded at build time (every card file and sample
//! deck, by `build.rs`) and at most one game on the table. Every method answers a JSON string
//! (`{"error": …}` when it can't), so the page needs no bindings but `JSON.parse`. Everything it
//! knows of the language and the engine comes through `gigscript_studio`.
#![forbid(unsafe_code)]

use gigscript_studio::{Catalogue, Table};
use serde::Serialize;
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

mod pool {
    include!(concat!(env!("OUT_DIR"), "/pool.rs"));
}

/// Longest card text the editor checks; a longer one is an error, not a parse.
pub const MAX_EDITOR_TEXT: usize = 64 * 1024;

/// The playground: the embedded pool and the game on the table.
#[wasm_bindgen]
pub struct Playground {
    cat: Catalogue,
    table: Option<Table>,
    error: Option<String>,
}

fn to_json<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|e| json!({ "error": e.to_string() }).to_string())
}

impl Default for Playground {
    fn default() -> Self {
        Playground::new()
    }
}

#[wasm_bindgen]
impl Playground {
    /// Loads the embedded pool.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Playground {
        Playground {
            cat: Catalogue::from_files(pool::CARDS, pool::DECKS),
            table: None,
            error: None,
        }
    }

    /// Checks a card text as the rules text of a card of type `kind`: problems, the text as
    /// `gig check` prints them, the reading tree, whether it executes.
    pub fn check(&self, kind: &str, text: &str) -> String {
        if text.len() > MAX_EDITOR_TEXT {
            return json!({
                "error": format!(
                    "the text is {} bytes, more than the editor's limit of {MAX_EDITOR_TEXT}",
                    text.len()
                )
            })
            .to_string();
        }
        to_json(&self.cat.check_text(kind, text))
    }

    /// Every card of the pool.
    pub fn cards(&self) -> String {
        to_json(&self.cat.cards())
    }

    /// Every ruling of the pool's cards: `{card, index, name}`.
    pub fn rulings(&self) -> String {
        let list: Vec<Value> = self
            .cat
            .cards()
            .iter()
            .flat_map(|c| {
                c.rulings
                    .iter()
                    .enumerate()
                    .map(|(i, r)| json!({"card": c.id, "index": i, "name": r}))
                    .collect::<Vec<_>>()
            })
            .collect();
        to_json(&list)
    }

    /// The sample decks' names.
    pub fn decks(&self) -> String {
        let names: Vec<&str> = self.cat.decks().iter().map(|(p, _)| p.as_str()).collect();
        to_json(&names)
    }

    fn started(&mut self, t: Result<Table, String>) -> String {
        match t {
            Ok(t) => {
                self.table = Some(t);
                self.error = None;
                self.state()
            }
            Err(e) => {
                self.table = None;
                json!({ "error": e }).to_string()
            }
        }
    }

    /// Sets up ruling `index` of card `card`.
    pub fn start_ruling(&mut self, card: &str, index: usize) -> String {
        let t = Table::from_card_ruling(&self.cat, card, index);
        self.started(t)
    }

    /// Starts a game: you with sample deck `mine` against the greedy bot with deck `bots`.
    pub fn start_game(&mut self, mine: usize, bots: usize, seed: u32) -> String {
        let decks = self.cat.decks();
        let (Some(a), Some(b)) = (decks.get(mine), decks.get(bots)) else {
            return json!({"error": "no such sample deck"}).to_string();
        };
        let (a, b) = (a.1.clone(), b.1.clone());
        let t = Table::versus_bot(&self.cat, &a, &b, u64::from(seed));
        self.started(t)
    }

    fn act(&mut self, f: impl FnOnce(&mut Table) -> Result<(), String>) -> String {
        let Some(t) = self.table.as_mut() else {
            return json!({"error": "nothing is on the table"}).to_string();
        };
        self.error = f(t).err();
        self.state()
    }

    /// Applies the ruling's next step.
    pub fn next_step(&mut self) -> String {
        self.act(|t| t.next_step().map(|_| ()))
    }

    /// Takes option `ix` of the current decision.
    pub fn choose(&mut self, ix: usize) -> String {
        self.act(|t| t.choose(ix))
    }

    /// The bot takes the current decision (the greedy bot plays whoever decides).
    pub fn bot_move(&mut self) -> String {
        self.act(|t| t.bot_move().map(|_| ()))
    }

    /// Lets the bot play until it is the person's decision again (or the game ends).
    pub fn bot_until_yours(&mut self) -> String {
        self.act(|t| {
            while t.decider().is_some() && !t.persons_turn() {
                t.bot_move()?;
            }
            Ok(())
        })
    }

    /// The board, the log, the ruling's verdict and the last error.
    pub fn state(&self) -> String {
        let Some(t) = &self.table else {
            return json!({"error": "nothing is on the table"}).to_string();
        };
        json!({
            "board": t.board(),
            "log": t.log(),
            "yours": t.persons_turn(),
            "verdict": t.verdict(),
            "error": self.error,
        })
        .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_pool_checks_plays_and_refuses_huge_texts() {
        let mut p = Playground::new();
        let cards: Vec<Value> = serde_json::from_str(&p.cards()).unwrap();
        assert_eq!(cards.len(), pool::CARDS.len());
        let r: Value = serde_json::from_str(&p.check("program", "Draw 1.\n")).unwrap();
        assert_eq!(r["executable"], true, "{r}");
        let r: Value =
            serde_json::from_str(&p.check("unit", &"x".repeat(MAX_EDITOR_TEXT + 1))).unwrap();
        assert!(r["error"].as_str().unwrap().contains("limit"), "{r}");
        let s: Value = serde_json::from_str(&p.start_game(0, 1, 3)).unwrap();
        assert_eq!(s["board"]["sides"][0]["name"], "you", "{s}");
        for _ in 0..10 {
            let s: Value = serde_json::from_str(&p.state()).unwrap();
            let next = if s["yours"] == true {
                p.choose(0)
            } else {
                p.bot_move()
            };
            let s: Value = serde_json::from_str(&next).unwrap();
            assert!(s["error"].is_null(), "{s}");
        }
        let rulings: Vec<Value> = serde_json::from_str(&p.rulings()).unwrap();
        let first = &rulings[0];
        let s: Value =
            serde_json::from_str(&p.start_ruling(first["card"].as_str().unwrap(), 0)).unwrap();
        assert!(s["error"].is_null(), "{s}");
    }
}
