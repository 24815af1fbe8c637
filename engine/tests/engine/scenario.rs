//! The scenario runner itself: setup defaults, step failures, expectation failures and setup
//! errors, on rulings written inline.

use crate::common;

use common::pool;
use gigscript_dsl::ruling::{Ruling, RulingsFile};
use gigscript_engine::scenario::step::StepError;
use gigscript_engine::scenario::{run_ruling, Failure, RulingReport, RulingSetupError};

/// Runs the single ruling of a TOML text (a `[[ruling]]` table).
fn run(text: &str) -> RulingReport {
    let file: RulingsFile = toml::from_str(text).expect("test ruling parses");
    let [r]: [Ruling; 1] = file.rulings.try_into().expect("one ruling");
    run_ruling(&pool(), &r)
}

fn setup_error(text: &str) -> RulingSetupError {
    let report = run(text);
    match report.failures.as_slice() {
        [Failure::Setup(e)] => e.clone(),
        other => panic!("expected one setup error, got {other:?}"),
    }
}

#[test]
fn defaults_are_my_main_phase_of_turn_3_with_filler_decks_and_full_fixers() {
    let r = run(r#"
[[ruling]]
name = "defaults"
expect = [
    "me deck = [swordwise-huscle, swordwise-huscle, swordwise-huscle, swordwise-huscle, swordwise-huscle, swordwise-huscle, swordwise-huscle, swordwise-huscle, swordwise-huscle, swordwise-huscle]",
    "rival deck count = 10",
    "me fixer = [d4, d6, d8, d10, d12, d20]",
    "rival fixer count = 6",
    "me eddies = [swordwise-huscle, swordwise-huscle]",
    "options include call legend 1",
    "options exclude play",
    "decision = pass",
    "winner = none",
    "me street cred = null",
]
[ruling.me]
eddies = 2
legends = ["lucyna-kushinada"]
"#);
    assert!(r.passed(), "{:?}", r.failures);
}

#[test]
fn gigs_place_dice_and_rival_dice_and_leave_the_rest_in_the_fixer() {
    let r = run(r#"
[[ruling]]
name = "gigs"
expect = [
    "me gigs = [rival d6:3, d4:2]",
    "me fixer = [d6, d8, d10, d12, d20]",
    "rival fixer = [d4, d8, d10, d12, d20]",
    "me street cred = 5",
]
[ruling.me]
gigs = ["d4:2", "rival d6:3"]
"#);
    assert!(r.passed(), "{:?}", r.failures);
}

#[test]
fn an_unknown_step_fails_listing_the_available_labels() {
    let r = run(r#"
[[ruling]]
name = "unknown step"
steps = ["sell chrome-fang"]
[ruling.me]
hand = ["psycho-squad"]
eddies = 4
"#);
    let [Failure::Step { index: 1, error }] = r.failures.as_slice() else {
        panic!("{:?}", r.failures);
    };
    assert_eq!(
        error,
        &StepError::NoMatch {
            step: "sell chrome-fang".into(),
            available: vec!["play psycho-squad".into(), "pass".into()],
        }
    );
    let text = r.failures[0].to_string();
    assert!(text.contains("`play psycho-squad`, `pass`"), "{text}");
}

#[test]
fn a_step_after_the_game_ended_fails() {
    let r = run(r#"
[[ruling]]
name = "game over"
steps = ["pass", "pass"]
[ruling.me]
fixer = []
[ruling.rival]
fixer = []
gigs = ["d4:1", "d6:2", "d8:3", "d10:4", "d12:5", "d20:6", "rival d4:2"]
"#);
    assert!(
        matches!(r.failures.as_slice(), [Failure::GameOver { index: 2, .. }]),
        "{:?}",
        r.failures
    );
    assert_eq!(r.log.last().map(String::as_str), Some("rival wins"));
}

#[test]
fn a_failing_expectation_fails_with_expected_and_actual() {
    let r = run(r#"
[[ruling]]
name = "wrong"
steps = ["play psycho-squad"]
expect = ["psycho-squad in hand", "me hand count = 0", "psycho-squad power = 7", "psycho-squad spent"]
[ruling.me]
hand = ["psycho-squad"]
eddies = 4
"#);
    let got: Vec<String> = r.failures.iter().map(ToString::to_string).collect();
    assert_eq!(
        got,
        [
            "expected `psycho-squad in hand`: wanted `psycho-squad` in hand, found it is in field",
            "expected `psycho-squad power = 7`: wanted power 7, found power 6",
            "expected `psycho-squad spent`: wanted spent, found ready",
        ]
    );
}

#[test]
fn the_log_shows_automatic_single_option_decisions() {
    let r = run(r#"
[[ruling]]
name = "auto"
steps = ["play psycho-squad"]
[ruling.me]
hand = ["psycho-squad"]
eddies = 4
"#);
    assert!(r.passed());
    assert_eq!(r.log[0], "me: play psycho-squad");
    assert_eq!(r.log[1], "me: pay 4 €$: 4 Eddies (only option)");
    assert_eq!(r.log.last().unwrap(), "psycho-squad is played");
}

#[test]
fn an_empty_deck_is_a_legal_setup_and_drawing_from_it_loses() {
    // Rule 1.14: the draw of my next Start Phase loses the game.
    let r = run(r#"
[[ruling]]
name = "empty deck"
steps = ["pass", "pass"]
expect = ["winner = rival", "me deck count = 0"]
[ruling.me]
deck = []
fixer = []
[ruling.rival]
fixer = []
"#);
    assert!(r.passed(), "{:?}", r.failures);
}

#[test]
fn setup_errors_are_reported_not_panics() {
    let e = setup_error(
        r#"
[[ruling]]
name = "typo"
[ruling.me]
hand = ["chrome-fanj"]
"#,
    );
    assert_eq!(
        e.to_string(),
        "unknown card `chrome-fanj`; did you mean `chrome-fang`?"
    );
    for die in ["d7:3", "d6:9", "d6", "rival d20:0"] {
        let e = setup_error(&format!(
            "[[ruling]]\nname = \"die\"\n[ruling.rival]\ngigs = [\"{die}\"]\n"
        ));
        assert!(matches!(e, RulingSetupError::BadDie { .. }), "{die}: {e}");
    }
    let e = setup_error("[[ruling]]\nname = \"fixer\"\n[ruling.me]\nfixer = [\"d3\"]\n");
    assert!(matches!(e, RulingSetupError::BadDie { .. }));
    // The same die twice: once as a Gig and once in the fixer.
    let e = setup_error(
        "[[ruling]]\nname = \"twice\"\n[ruling.me]\ngigs = [\"d4:1\"]\nfixer = [\"d4\"]\n",
    );
    assert!(matches!(e, RulingSetupError::Engine(_)), "{e}");
    // Gear on a card in the hand: Gear is only equipped in the field or Legends area.
    let e = setup_error(
        "[[ruling]]\nname = \"gear\"\n[ruling.me]\nhand = [{ card = \"psycho-squad\", gear = [\"mantis-blades\"] }]\n",
    );
    assert!(matches!(e, RulingSetupError::Engine(_)), "{e}");
    let e = setup_error("[[ruling]]\nname = \"phase\"\n[ruling.game]\nphase = \"combat\"\n");
    assert_eq!(e, RulingSetupError::BadPhase("combat".into()));
    let e = setup_error("[[ruling]]\nname = \"turn\"\n[ruling.game]\nturn_number = 0\n");
    assert_eq!(e, RulingSetupError::BadTurn(0));
    let e = setup_error("[[ruling]]\nname = \"eddies\"\n[ruling.me]\neddies = 4000000000\n");
    assert_eq!(e, RulingSetupError::TooManyEddies(4_000_000_000));
}

#[test]
fn an_unreadable_expectation_fails() {
    let r = run(r#"
[[ruling]]
name = "bad zone"
expect = ["me graveyard = []"]
"#);
    assert!(
        matches!(r.failures.as_slice(), [Failure::BadExpect(_)]),
        "{:?}",
        r.failures
    );
}

#[test]
fn a_payment_is_one_step_and_the_steps_of_one_source_each_still_pay() {
    // Rule 11.8.1: the whole cost at once, the amount and the sources in the label.
    let ruling = |steps: &str| {
        run(&format!(
            r#"
[[ruling]]
name = "pay"
steps = [{steps}]
expect = ["me field = [psycho-squad]", "judy-alvarez-braindance-maestro spent"]
[ruling.me]
hand = ["psycho-squad"]
legends = ["judy-alvarez-braindance-maestro"]
eddies = 4
"#
        ))
    };
    let r = ruling(r#""play psycho-squad", "pay 4 €$: 3 Eddies + legend 1""#);
    assert!(r.passed(), "{:?}", r.failures);
    assert!(r.renamed.is_empty(), "{:?}", r.renamed);
    assert_eq!(r.log[1], "me: pay 4 €$: 3 Eddies + legend 1");
    // The steps written before paying was one decision: the first pays one €$, after which
    // the rest has one way, taken for the player; the steps that named it do nothing more.
    let r = ruling(
        r#""play psycho-squad", "pay with legend 1", "pay with eddie", "pay with eddie", "pay with eddie""#,
    );
    assert!(r.passed(), "{:?}", r.failures);
    assert_eq!(
        r.renamed,
        [
            "step 2 `pay with legend 1` (now one step for the whole payment)",
            "step 3 `pay with eddie` (now paid automatically)",
            "step 4 `pay with eddie` (now paid automatically)",
            "step 5 `pay with eddie` (now paid automatically)",
        ]
    );
    assert_eq!(r.log[1], "me: pay with legend 1");
    assert_eq!(r.log[3], "me: pay 3 €$: 3 Eddies (only option)");
    // More such steps than €$ paid automatically is a step that matches nothing.
    let r = ruling(
        r#""play psycho-squad", "pay with legend 1", "pay with eddie", "pay with eddie", "pay with eddie", "pay with eddie""#,
    );
    assert!(
        matches!(r.failures.as_slice(), [Failure::Step { index: 6, .. }]),
        "{:?}",
        r.failures
    );
}
