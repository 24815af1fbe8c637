//! Scenarios: rulings run against the engine (steps are option labels, expectations are checks).

pub mod expect;
pub mod run;
pub mod step;

pub use run::{render_log, ruling_setup, run_ruling, Failure, RulingReport, RulingSetupError};
