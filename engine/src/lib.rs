//! gigscript-engine: game state, rules, decisions and the card-text interpreter.
//!
//! A [`Game`] is a shared card [`Pool`] plus a plain [`State`]. The engine never calls out to
//! a player: it stops at a [`Decision`] whose options are every legal [`Choice`], and
//! [`Game::apply`] advances to the next one (or returns an error and changes nothing).
//!
//! ```
//! use gigscript_engine::{Game, Pool, Setup, PlayerSetup, CardSpec, PlayerId};
//! use gigscript_dsl::{card::load_cards, Sources};
//! use std::sync::Arc;
//! let mut sources = Sources::new();
//! let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards");
//! let (db, _) = load_cards(&[root], &mut sources);
//! let pool = Arc::new(Pool::from_db(&db));
//! let mut me = PlayerSetup::default();
//! me.hand = vec![CardSpec::from("chrome-fang")];
//! me.eddies = vec![CardSpec::from("chrome-fang"); 5];
//! let setup = Setup { players: [me, PlayerSetup::default()], ..Setup::default() };
//! let mut game = Game::from_setup(pool, &setup).unwrap();
//! game.apply_label("play chrome-fang").unwrap();
//! assert_eq!(game.zone_ids(PlayerId(0), gigscript_engine::Zone::Field), ["chrome-fang"]);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bot;
pub mod decision;
pub mod error;
pub mod exec;
pub mod game;
pub mod log;
pub mod pool;
mod rules;
pub mod save;
pub mod scenario;
pub mod state;
#[cfg(test)]
mod testing;
pub mod view;

pub use bot::{Bot, GreedyBot, RandomBot};
pub use decision::{Choice, Decision, DecisionKind, PayStep};
pub use error::{EngineError, SetupError};
pub use game::Game;
pub use log::{Event, LogEntry, Names};
pub use pool::{CardIdx, Pool};
pub use rules::{steal_count, Action};
pub use state::{
    CardSpec, DeckList, DieSpec, InstId, Outcome, Phase, PlayerId, PlayerSetup, Setup, State, Zone,
};
pub use view::{View, ViewData};
