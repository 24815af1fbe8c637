//! The executor's contract beyond single cards: no silent no-op, executability is reported,
//! a suspended effect survives a serde round-trip.

use crate::common;
use common::*;
use gigscript_engine::{Names, PlayerSetup};

/// The catalogue pool with maman-brigitte's `{Play}` ability (line 0) marked as not executed, so
/// these tests hold whatever the catalogue's state.
fn pool_with_a_broken_line() -> std::sync::Arc<gigscript_engine::Pool> {
    let mut p = (*pool()).clone();
    let maman = p.index_of("maman-brigitte").unwrap();
    p.break_line(maman, 0, "a construct under test");
    std::sync::Arc::new(p)
}

#[test]
fn an_ability_that_does_not_execute_logs_not_executed() {
    let me = PlayerSetup {
        hand: cards(&["maman-brigitte"]),
        eddies: eddies(5),
        ..PlayerSetup::default()
    };
    let s = setup(me, PlayerSetup::default());
    let mut g = gigscript_engine::Game::from_setup(pool_with_a_broken_line(), &s).unwrap();
    steps(&mut g, &["play maman-brigitte"]);
    let log: Vec<String> = g
        .log()
        .iter()
        .map(|e| g.describe_with(e, &Names::SCENARIO))
        .collect();
    assert!(
        log.iter()
            .any(|l| l.starts_with("not executed: ") && l.ends_with("(maman-brigitte)")),
        "{log:#?}"
    );
    // The same ability with the catalogue's pool is not reported.
    let mut g = game(&s);
    steps(&mut g, &["play maman-brigitte"]);
    assert!(!g
        .log()
        .iter()
        .map(|e| g.describe_with(e, &Names::SCENARIO))
        .any(|l| l.starts_with("not executed: ")));
}

#[test]
fn executability_is_reported_per_card() {
    let pool = pool_with_a_broken_line();
    let exec = |id: &str| pool.executable(pool.index_of(id).unwrap());
    assert!(exec("armored-minotaur"));
    assert!(exec("swordwise-huscle"));
    assert!(!exec("maman-brigitte"));
    let maman = pool.index_of("maman-brigitte").unwrap();
    assert_eq!(pool.not_executed_lines(maman).count(), 1);
    assert_eq!(pool.not_executed(maman, 0), Some("a construct under test"));
    assert_eq!(pool.not_executed(maman, 1), None);
}

#[test]
fn a_game_suspended_inside_an_effect_round_trips_through_serde() {
    let me = PlayerSetup {
        hand: cards(&["wild-in-the-streets"]),
        eddies: eddies(5),
        ..PlayerSetup::default()
    };
    let rival = PlayerSetup {
        field: vec![
            spec("psycho-squad", true, true, false, &[]),
            spec("swordwise-huscle", true, true, false, &[]),
        ],
        ..PlayerSetup::default()
    };
    let mut g = game(&setup(me, rival));
    steps(&mut g, &["play wild-in-the-streets"]);
    let json = serde_json::to_string(g.state()).unwrap();
    let back: gigscript_engine::State = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, g.state());
    let mut h = gigscript_engine::Game::from_state(pool(), back);
    assert_eq!(labels(&h), labels(&g));
    steps(&mut h, &["choose rival psycho-squad"]);
    assert_eq!(
        h.zone_ids(gigscript_engine::PlayerId(1), gigscript_engine::Zone::Trash),
        ["psycho-squad"]
    );
}

#[test]
fn an_end_of_turn_ability_triggers_and_resolves() {
    // Misty Olszewski's end-of-turn ability (which now executes) triggers when the turn ends
    // and asks for its card type.
    let me = PlayerSetup {
        field: cards(&["misty-olszewski-mender-of-broken-spirits"]),
        ..PlayerSetup::default()
    };
    let mut g = game(&setup(me, PlayerSetup::default()));
    steps(&mut g, &["pass"]);
    let log: Vec<String> = g
        .log()
        .iter()
        .map(|e| g.describe_with(e, &Names::SCENARIO))
        .collect();
    let ix = log
        .iter()
        .position(|l| l == "me ends the turn")
        .expect("turn ends");
    assert!(
        log[ix..]
            .iter()
            .any(|l| l == "misty-olszewski-mender-of-broken-spirits resolves its effect"),
        "{log:#?}"
    );
    assert!(
        labels(&g).contains(&"choose program".to_string()),
        "{:?}",
        labels(&g)
    );
}

#[test]
fn a_game_suspended_inside_a_search_round_trips_through_serde() {
    // Viktor Vektor's {Flip}: the searched cards are known to the searcher only, and one Gear
    // is chosen of up to 2 when the game is saved.
    let me = PlayerSetup {
        legends: vec![spec(
            "viktor-vektor-sit-down-and-relax",
            false,
            false,
            false,
            &[],
        )],
        eddies: eddies(1),
        deck: cards(&["mantis-blades", "floor-it", "riot-shield"]),
        ..PlayerSetup::default()
    };
    let mut g = game(&setup(me, PlayerSetup::default()));
    steps(
        &mut g,
        &["call legend 1", "pay 1 €$: 1 Eddie", "choose mantis-blades"],
    );
    assert!(
        g.view(gigscript_engine::PlayerId(0))
            .deck_size(gigscript_engine::PlayerId(0))
            == 3
    );
    let json = serde_json::to_string(g.state()).unwrap();
    let back: gigscript_engine::State = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, g.state());
    let mut h = gigscript_engine::Game::from_state(pool(), back);
    assert_eq!(labels(&h), labels(&g));
    steps(&mut h, &["no"]);
    assert_eq!(
        h.zone_ids(gigscript_engine::PlayerId(0), gigscript_engine::Zone::Hand),
        ["mantis-blades"]
    );
}

/// An ability's line is a `u16`: on a Gear with 200 abilities in its top textbox, the bottom
/// textbox's `{Defeated} Draw 2.` on line 260 still triggers when its host is defeated (as an
/// 8-bit index it was read as line 4, a `{Blocker}`).
#[test]
fn an_ability_past_line_255_runs_its_own_text() {
    use gigscript_dsl::card::{load_cards, CardDb, CardText};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards");
    let (db, _) = load_cards(&[root], &mut gigscript_dsl::Sources::new());
    let mut all = db.cards().to_vec();
    let gear = all.iter_mut().find(|c| c.id == "mantis-blades").unwrap();
    let text = |t: String| CardText {
        text: t,
        offset: 0,
        exact: false,
    };
    gear.top = Some(text("{Blocker}\n".repeat(200)));
    gear.text = text(format!(
        "{}{{Defeated}} Draw 2.\n",
        "{Blocker}\n".repeat(60)
    ));
    let pool = std::sync::Arc::new(gigscript_engine::Pool::from_db(&CardDb::from_cards(all)));
    let idx = pool.index_of("mantis-blades").unwrap();
    assert!(pool.executable(idx), "{:?}", pool.lower_errors(idx));
    let me = PlayerSetup {
        field: vec![spec(
            "ruthless-lowlife",
            true,
            true,
            false,
            &["mantis-blades"],
        )],
        deck: cards(&["chrome-fang", "chrome-fang", "chrome-fang"]),
        ..PlayerSetup::default()
    };
    let rival = PlayerSetup {
        hand: cards(&["wild-in-the-streets"]),
        eddies: eddies(5),
        ..PlayerSetup::default()
    };
    let mut s = setup(rival, me);
    s.phase = gigscript_engine::Phase::Main;
    let mut g = gigscript_engine::Game::from_setup(pool, &s).unwrap();
    steps(&mut g, &["play wild-in-the-streets"]);
    let hand = g.zone(gigscript_engine::PlayerId(1), gigscript_engine::Zone::Hand);
    assert_eq!(hand.len(), 2, "{:#?}", g.log());
}

/// A text that lowers to a part of the core the executor would not run is not executable, with
/// the words of that part: a replacement of an action no replacement is offered, or an
/// optional one of an action other than a defeat (only a defeat asks, rule 10.26). The same
/// card replacing a defeat runs.
#[test]
fn a_core_the_executor_would_not_run_is_not_executable_at_its_words() {
    use gigscript_dsl::card::{load_cards, CardDb, CardText};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards");
    let (db, _) = load_cards(&[root], &mut gigscript_dsl::Sources::new());
    let base = db
        .cards()
        .iter()
        .find(|c| c.id == "deadman-transmitter")
        .unwrap()
        .clone();
    let with_text = |id: &str, t: &str| {
        let mut c = base.clone();
        c.id = id.into();
        c.top = None;
        c.text = CardText {
            text: t.into(),
            offset: 0,
            exact: false,
        };
        c
    };
    let cards = [
        (
            "defeats",
            "If this Unit would be defeated, spend this Unit instead.",
            true,
        ),
        (
            "spent",
            "If this Unit would be spent, you may defeat this Unit instead.",
            false,
        ),
    ];
    let mut all = db.cards().to_vec();
    all.extend(cards.iter().map(|(id, t, _)| with_text(id, t)));
    let pool = gigscript_engine::Pool::from_db(&CardDb::from_cards(all));
    for (id, text, runs) in cards {
        let idx = pool.index_of(id).unwrap();
        let errors = pool.lower_errors(idx);
        assert_eq!(pool.executable(idx), runs, "{id}: {text}: {errors:?}");
        if !runs {
            assert_eq!(errors.len(), 1, "{errors:?}");
            assert_eq!(errors[0].0.range(), 0..text.len(), "{errors:?}");
            assert!(errors[0].1.contains("optional replacement"), "{errors:?}");
        }
    }
}
