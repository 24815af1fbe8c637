//! Scenarios: rulings run against the engine (steps are option labels, expectations are checks).

pub mod expect;
pub mod step;
