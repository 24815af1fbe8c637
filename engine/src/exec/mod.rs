//! The executor of the core: card text lowered to [`gigscript_dsl::prim`] run against the
//! rules, with one dispatch per core enum.
//!
//! - [`select`] — selectors, predicates, counts and `best` (which objects);
//! - [`number`] — numbers (set-valued: a comparison holds when one of its values does);
//! - [`cond`] — conditions;
//! - [`event`] — event patterns matched against what happened, triggers (timing labels, turns,
//!   events, `The first time … each turn` over this turn's history), delayed effects;
//! - [`statement`] — statements in force (statics of cards in play, lasting statements of
//!   effects), read where the rules compute characteristics and legality;
//! - [`act`] — each game action of the core through the rules' action pipeline;
//! - [`run`] — an effect resolving, a small machine over the blocks of an effect whose whole
//!   position lives in its frame ([`crate::state::Run`]);
//! - [`replace`] — replacement effects (rules 10.24–10.30);
//! - [`activate`] — activated abilities and the plays a cost rule allows in an attack window;
//! - [`cost`] — cost rules.
//!
//! The functions take the game as an argument: the executor keeps nothing of its own beyond
//! the state's data and a guard against statements that read themselves.

pub(crate) mod act;
pub(crate) mod activate;
pub(crate) mod cond;
pub(crate) mod cost;
pub(crate) mod event;
mod mutant;
pub(crate) mod number;
pub(crate) mod replace;
pub(crate) mod run;
pub(crate) mod select;
pub(crate) mod statement;
mod text;

pub(crate) use event::Binds;
#[doc(hidden)]
pub use mutant::Broken;
pub(crate) use statement::Memo;
pub(crate) use text::Core;

/// What of a card's core the executor would not run, each with its words and why (empty for
/// every core it runs): a card with any is not executable, so nothing lowers and then does
/// nothing in a game.
pub fn unrunnable(core: &gigscript_dsl::prim::CardCore) -> Vec<(gigscript_dsl::Span, String)> {
    let mut out = Vec::new();
    replace::unrunnable(core, &mut out);
    out
}

use crate::game::Game;
use crate::state::{InstId, Obj, PlayerId, Val};

/// What reading a phrase of an ability knows: whose ability it is, its slots, and the object a
/// statement or pattern is being read for (`Target::Subject`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cx<'a> {
    /// the card whose ability it is
    pub source: InstId,
    /// "you": the ability's controller (rule 10.1.4)
    pub me: PlayerId,
    /// the ability's slots
    pub slots: &'a [Val],
    /// the object read for
    pub subject: Option<Obj>,
    /// the sentences that happened (`If you do`)
    pub did: &'a [u64],
    /// the cards this card's effects discarded so far
    pub discarded: u16,
}

impl<'a> Cx<'a> {
    /// The context of an ability of `source` controlled by `me`, with `slots`.
    pub fn new(source: InstId, me: PlayerId, slots: &'a [Val]) -> Cx<'a> {
        Cx {
            source,
            me,
            slots,
            subject: None,
            did: &[],
            discarded: 0,
        }
    }

    /// The same, read for `subject`.
    pub fn about(self, subject: Obj) -> Cx<'a> {
        Cx {
            subject: Some(subject),
            ..self
        }
    }

    /// The objects of slot `s`.
    pub fn slot(&self, s: gigscript_dsl::prim::Slot) -> &'a [Obj] {
        self.slots.get(usize::from(s.0)).map_or(&[], Val::objs)
    }
}

/// The host of card `i` (a Gear's), also when it has just left play (rule 4.12.2: its text
/// still means that card).
pub(crate) fn host_of(g: &Game, i: InstId) -> Option<InstId> {
    g.state
        .inst(i)
        .and_then(|x| x.equipped_to)
        .or_else(|| g.state.left_hosts.iter().find(|s| s.0 == i).map(|s| s.1))
}

/// Whether card `i` is in play: the field or a Legends area (rule 5.1).
pub(crate) fn in_play(g: &Game, i: InstId) -> bool {
    g.state.inst(i).is_some_and(|x| {
        matches!(
            x.zone,
            crate::state::Zone::Field | crate::state::Zone::Legends
        )
    })
}
