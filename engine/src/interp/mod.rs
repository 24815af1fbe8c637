//! The interpreter: card text (the AST of `gigscript-dsl`) executed against the rules engine.
//!
//! - [`support`]: which constructs execute ([`unsupported`], an exhaustive walk of the AST).
//! - [`run`]: an ability resolving as a resumable computation, [`EffectRun`], that lives on the
//!   frame stack ([`crate::state::Frame::Effect`]) with its cursor and bindings, so a game
//!   suspended at one of its choices clones and serialises like any other state.
//! - [`trigger`]: events of the action pipeline that make timing-label abilities pending, and
//!   the start of a resolution (a pending effect, a Program's effect).
//!
//! The pool parses every card once ([`crate::Pool::script`]); nothing here reads card text.

mod activated;
mod also_play;
mod choose_first;
mod conditions;
mod costs;
mod equip;
mod events;
mod gig_moves;
mod mutant;
mod next_attack;
mod replace;
mod run;
mod statements;
mod statics;
mod support;
mod text;
mod trigger;
pub(crate) mod zones;

pub use crate::state::legacy::{
    Ask, Bound, BoundDice, DelayedEffect, DelayedWhen, EffectRun, Fired, TriggerCtx, ZoneRun,
};
pub(crate) use activated::window_executes;
pub(crate) use costs::{cost_rule_executes, cost_rule_is_static};
pub(crate) use equip::equip_gear_executes;
pub(crate) use events::event_bits;
#[doc(hidden)]
pub use mutant::Broken;
pub(crate) use support::is_a_rival;
pub use support::{unsupported, Unsupported};
pub(crate) use text::Syntax;

pub(crate) use statements::{says_of, SaidMemo};
