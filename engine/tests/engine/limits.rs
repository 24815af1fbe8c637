//! Integer widths at the edges: computed power never wraps around (issue 17: `power =
//! 2147483647` with Mantis Blades became negative). `gig` refuses such facts at load
//! (`MAX_POWER`); a pool built from cards that skipped the load checks still computes safely.

use crate::common;

use common::{cards, setup, spec};
use gigscript_dsl::card::{parse_card, CardDb};
use gigscript_dsl::Sources;
use gigscript_engine::{Game, PlayerSetup, Pool};
use std::sync::Arc;

#[test]
fn power_saturates_instead_of_wrapping() {
    let mut sources = Sources::new();
    let huge = sources.add(
        "cards/alpha/huge-unit.toml",
        "id = \"huge-unit\"\nname = \"Huge\"\ntype = \"unit\"\ncolor = \"red\"\ncost = 1\nram = 1\npower = 2147483647\ntags = []\nsell = false\nset = \"alpha\"\ntext = \"\"\n",
    );
    let mut all: Vec<_> = common::pool_db().cards().to_vec();
    all.push(parse_card(&sources, huge).expect("the card parses (limits are the loader's)"));
    let pool = Arc::new(Pool::from_db(&CardDb::from_cards(all)));
    let me = PlayerSetup {
        field: vec![spec("huge-unit", false, true, false, &["mantis-blades"])],
        ..PlayerSetup::default()
    };
    let rival = PlayerSetup {
        hand: cards(&[]),
        ..PlayerSetup::default()
    };
    let g = Game::from_setup(pool, &setup(me, rival)).unwrap();
    let unit = (0..g.state().instances.len())
        .map(|i| gigscript_engine::state::InstId(i as u16))
        .find(|&i| g.card_id(i) == "huge-unit")
        .unwrap();
    assert_eq!(g.power(unit), i32::MAX);
}
