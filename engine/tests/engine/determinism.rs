//! Errors leave the state untouched (rule 11.4.1.2), and the same seed and choices give the
//! same log byte for byte, also across a serde round-trip of the state mid-game.

// Positions read best as one assignment per area.
#![allow(clippy::field_reassign_with_default)]

use crate::common;

use common::*;
use gigscript_engine::{Choice, EngineError, Game, InstId, PlayerId, PlayerSetup, State};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn snapshot(g: &Game) -> String {
    serde_json::to_string(g.state()).unwrap()
}

#[test]
fn rule_11_4_1_2_illegal_choices_leave_the_state_byte_identical() {
    let mut me = PlayerSetup::default();
    me.hand = cards(&["mantis-blades", "chrome-fang"]);
    me.eddies = eddies(1);
    let mut g = game(&setup(me, PlayerSetup::default()));
    let before = snapshot(&g);
    let log_len = g.log().len();
    for bad in [
        Choice::Play(InstId(9999)),
        Choice::Yes,
        Choice::EndReactions,
        Choice::GoFirst,
        Choice::PayEddie,
        Choice::Resolve(7),
        Choice::Attack {
            attacker: InstId(0),
            target: gigscript_engine::state::Target::Gigs(PlayerId(1)),
        },
    ] {
        assert_eq!(g.apply(&bad), Err(EngineError::IllegalChoice), "{bad:?}");
        assert_eq!(snapshot(&g), before);
    }
    assert!(matches!(
        g.apply_label("play chrome-fang"),
        Err(EngineError::NoSuchLabel(_))
    ));
    assert_eq!(snapshot(&g), before);
    assert_eq!(g.log().len(), log_len);
}

#[test]
fn rule_11_4_1_2_stale_choices_leave_the_state_byte_identical() {
    let mut me = PlayerSetup::default();
    me.hand = cards(&["mantis-blades", "trust-no-one"]);
    let mut g = game(&setup(me, PlayerSetup::default()));
    let d = g.decision().unwrap();
    let sell = d.options[0];
    assert_eq!(g.label(&sell), "sell mantis-blades");
    g.apply(&sell).unwrap();
    let before = snapshot(&g);
    // Selling again this turn is stale (rule 8.11.1).
    assert_eq!(g.apply(&sell), Err(EngineError::IllegalChoice));
    assert_eq!(snapshot(&g), before);
    // So is every option of the old decision.
    for c in &d.options[1..] {
        if !g.decision().unwrap().options.contains(c) {
            assert_eq!(g.apply(c), Err(EngineError::IllegalChoice));
        }
    }
    assert_eq!(snapshot(&g), before);
}

#[test]
fn the_state_round_trips_through_serde_exactly() {
    for seed in 0..20 {
        let mut g = new_game(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut n = 0;
        while let Some(d) = g.decision() {
            if n % 7 == 0 {
                let json = snapshot(&g);
                let back: State = serde_json::from_str(&json).unwrap();
                assert_eq!(&back, g.state());
                assert_eq!(serde_json::to_string(&back).unwrap(), json);
            }
            g.apply(&d.options[rng.gen_range(0..d.options.len())])
                .unwrap();
            n += 1;
        }
    }
}

/// Plays `seed` with random choices, returning the choices and the serialised log.
fn record(seed: u64) -> (Vec<Choice>, Vec<usize>, Game) {
    let mut g = new_game(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 77);
    let (mut choices, mut log_lens) = (Vec::new(), Vec::new());
    while let Some(d) = g.decision() {
        let c = d.options[rng.gen_range(0..d.options.len())];
        log_lens.push(g.log().len());
        g.apply(&c).unwrap();
        choices.push(c);
    }
    (choices, log_lens, g)
}

#[test]
fn same_seed_and_choices_give_byte_identical_logs() {
    for seed in [1, 2, 3, 42, 1000] {
        let (choices, _, g1) = record(seed);
        let mut g2 = new_game(seed);
        for c in &choices {
            g2.apply(c).unwrap();
        }
        assert_eq!(
            serde_json::to_string(g1.log()).unwrap(),
            serde_json::to_string(g2.log()).unwrap()
        );
        assert_eq!(snapshot(&g1), snapshot(&g2));
    }
}

#[test]
fn a_game_resumed_from_a_serialised_state_logs_the_same() {
    for seed in [5, 6, 7] {
        let (choices, log_lens, full) = record(seed);
        for k in [0, choices.len() / 3, choices.len() / 2, choices.len() - 1] {
            let mut g = new_game(seed);
            for c in &choices[..k] {
                g.apply(c).unwrap();
            }
            let json = snapshot(&g);
            let state: State = serde_json::from_str(&json).unwrap();
            let mut resumed = Game::from_state(pool(), state);
            for c in &choices[k..] {
                resumed.apply(c).unwrap();
            }
            assert_eq!(
                serde_json::to_string(&full.log()[log_lens[k]..]).unwrap(),
                serde_json::to_string(resumed.log()).unwrap(),
                "seed {seed}, resumed at choice {k}"
            );
            assert_eq!(snapshot(&full), snapshot(&resumed));
        }
    }
}

#[test]
fn every_option_of_random_positions_applies_or_errors_without_panicking() {
    // Apply every option (and a few bogus choices) to clones of positions along a game.
    let (choices, _, _) = record(11);
    let mut g = new_game(11);
    for c in &choices {
        if let Some(d) = g.decision() {
            for o in &d.options {
                let mut h = g.clone();
                h.apply(o).unwrap();
            }
            let before = snapshot(&g);
            let mut h = g.clone();
            let _ = h.apply(&Choice::Block(InstId(3)));
            let _ = h.apply(&Choice::ChooseGig(gigscript_engine::state::DieId(200)));
            let _ = h.apply_label("");
            if h.decision() == g.decision() {
                assert_eq!(snapshot(&h), before);
            }
        }
        g.apply(c).unwrap();
    }
}

/// More triggers on spending a card, watched by "me"'s first Unit, than `MAX_PENDING` effects
/// may be pending: the next spend hits the limit mid-step.
fn flood_spend_triggers(g: &mut Game) {
    use gigscript_engine::state::{EffectRef, EventKind, Trigger};
    let a = g.zone(PlayerId(0), gigscript_engine::Zone::Field)[0];
    for n in 0..=gigscript_engine::game::MAX_PENDING as u16 {
        g.add_trigger(Trigger {
            on: EventKind::Spend,
            source: a,
            any_card: true,
            effect: EffectRef::Opaque(n),
        })
        .unwrap();
    }
}

#[test]
fn a_limit_hit_mid_step_restores_the_state_byte_identical() {
    let mut me = PlayerSetup::default();
    me.field = cards(&["psycho-squad"]);
    let mut rival = PlayerSetup::default();
    rival.gigs = vec![die(1, 4, 2)];
    let mut g = game(&setup(me, rival));
    flood_spend_triggers(&mut g);
    let before = snapshot(&g);
    let log = g.log().len();
    assert_eq!(
        g.apply_label("attack rival gigs with psycho-squad"),
        Err(EngineError::LimitExceeded("pending effects"))
    );
    assert_eq!(snapshot(&g), before);
    assert_eq!(g.log().len(), log);
}

#[test]
fn without_rollback_a_failed_change_abandons_the_game() {
    let mut me = PlayerSetup::default();
    me.field = cards(&["psycho-squad"]);
    me.hand = cards(&["chrome-fang"]);
    let mut rival = PlayerSetup::default();
    rival.gigs = vec![die(1, 4, 2)];
    let mut g = game(&setup(me, rival));
    g.set_rollback(false);
    // An illegal choice is still refused before anything changes.
    let before = snapshot(&g);
    assert_eq!(g.apply(&Choice::Yes), Err(EngineError::IllegalChoice));
    assert_eq!(snapshot(&g), before);
    flood_spend_triggers(&mut g);
    assert_eq!(
        g.apply_label("attack rival gigs with psycho-squad"),
        Err(EngineError::LimitExceeded("pending effects"))
    );
    // The half-done change is not undone: the game offers nothing more.
    assert_eq!(g.decision(), None);
    assert!(g.decision_ref().is_none());
    assert_eq!(g.apply_index(0), Err(EngineError::Abandoned));
    assert_eq!(
        g.apply_label("play chrome-fang"),
        Err(EngineError::Abandoned)
    );
}
