//! Focused rule tests: each builds a position (or a new game) and checks one rule, cited by
//! number in the test's name or comment.

// Positions read best as one assignment per area.
#![allow(clippy::field_reassign_with_default)]

use crate::common;

use common::*;
use gigscript_dsl::Keyword;
use gigscript_engine::state::{
    ActionKind, Duration, EffectRef, EventKind, Modifier, PersistentEffect, Replacement, Trigger,
};
use gigscript_engine::{
    steal_count, Action, Choice, DecisionKind, Game, InstId, Outcome, Phase, PlayerId, PlayerSetup,
    Zone,
};

const ME: PlayerId = PlayerId(0);
const RIVAL: PlayerId = PlayerId(1);

fn has(g: &gigscript_engine::Game, label: &str) -> bool {
    labels(g).iter().any(|l| l == label)
}

// ---- setup (rules 7.4–7.9) ---------------------------------------------------------------

#[test]
fn setup_7_5_2_chosen_player_picks_order_then_7_9_2_first_player_mulligans_first() {
    for seed in 0..20 {
        let mut g = new_game(seed);
        let d = g.decision().unwrap();
        assert_eq!(d.prompt, DecisionKind::TurnOrder);
        assert_eq!(labels(&g), ["go first", "go second"]);
        let chooser = d.player;
        steps(&mut g, &["go second"]);
        let first = chooser.other();
        assert_eq!(g.state().first_player, Some(first));
        let d = g.decision().unwrap();
        assert_eq!((d.prompt, d.player), (DecisionKind::Mulligan, first));
        assert_eq!(labels(&g), ["mulligan", "keep"]);
        // Rule 7.9.1: 6-card hands; rule 7.8: every die in its owner's fixer.
        for p in PlayerId::BOTH {
            assert_eq!(g.zone(p, Zone::Hand).len(), 6);
            assert_eq!(g.fixer_labels(p), ["d4", "d6", "d8", "d10", "d12", "d20"]);
            assert_eq!(g.zone(p, Zone::Deck).len(), 42 - 6);
        }
        // Rule 7.7.4: the first player's two left-most Legends are spent.
        let legends = g.zone(first, Zone::Legends);
        let spent: Vec<bool> = legends.iter().map(|&l| g.inst(l).unwrap().spent).collect();
        assert_eq!(spent, [true, true, false]);
        assert!(g
            .zone(first.other(), Zone::Legends)
            .iter()
            .all(|&l| !g.inst(l).unwrap().spent && !g.inst(l).unwrap().face_up));
        steps(&mut g, &["mulligan"]);
        assert_eq!(g.zone(first, Zone::Hand).len(), 6);
        let d = g.decision().unwrap();
        assert_eq!(
            (d.prompt, d.player),
            (DecisionKind::Mulligan, first.other())
        );
        steps(&mut g, &["keep"]);
        // The first turn: rule 7.7.4, the two Legends don't ready on the starting turn.
        assert_eq!(g.state().turn, 1);
        assert_eq!(g.state().turn_player, first);
        let spent: Vec<bool> = g
            .zone(first, Zone::Legends)
            .iter()
            .map(|&l| g.inst(l).unwrap().spent)
            .collect();
        assert_eq!(spent[..2], [true, true]);
        // Rule 8.6.4: the first turn draws too.
        assert_eq!(g.zone(first, Zone::Hand).len(), 7);
    }
}

#[test]
fn setup_7_5_1_the_first_player_roll_is_seeded() {
    let pickers: Vec<_> = (0..32)
        .map(|s| new_game(s).decision().unwrap().player)
        .collect();
    let again: Vec<_> = (0..32)
        .map(|s| new_game(s).decision().unwrap().player)
        .collect();
    assert_eq!(pickers, again);
    assert!(pickers.contains(&ME) && pickers.contains(&RIVAL));
}

// ---- start phase (rule 8.6) -----------------------------------------------------------------

fn start_setup(me: PlayerSetup) -> gigscript_engine::Setup {
    let mut s = setup(me, PlayerSetup::default());
    s.phase = Phase::Start;
    s
}

#[test]
fn roll_in_8_6_5_1_1_d20_only_when_last() {
    let mut me = PlayerSetup::default();
    me.fixer = Some(vec![12, 20]);
    let mut g = game(&start_setup(me));
    // Only the d12 may be chosen, and a mandatory single option is taken automatically.
    assert_eq!(g.decision().unwrap().prompt, DecisionKind::MainAction);
    assert_eq!(g.fixer_labels(ME), ["d20"]);
    assert!(g.gig_labels(ME)[0].starts_with("d12:"));
    let mut me = PlayerSetup::default();
    me.fixer = Some(vec![4, 12, 20]);
    g = game(&start_setup(me));
    assert_eq!(labels(&g), ["roll d4", "roll d12"]);
    steps(&mut g, &["roll d12"]);
    assert_eq!(g.decision().unwrap().prompt, DecisionKind::MainAction);
    assert_eq!(g.fixer_labels(ME), ["d4", "d20"]);
    assert_eq!(g.gig_labels(ME).len(), 1);
}

#[test]
fn roll_in_8_6_5_the_last_d20_is_rolled_automatically() {
    let mut me = PlayerSetup::default();
    me.fixer = Some(vec![20]);
    let g = game(&start_setup(me));
    assert_eq!(g.decision().unwrap().prompt, DecisionKind::MainAction);
    let gigs = g.gig_labels(ME);
    assert_eq!(gigs.len(), 1);
    assert!(gigs[0].starts_with("d20:"));
    assert!(g
        .log()
        .iter()
        .any(|e| g.describe(e) == "p0: roll d20 (only option)"));
}

#[test]
fn start_8_6_3_readies_and_8_6_4_draws() {
    let mut me = PlayerSetup::default();
    me.field = vec![spec("chrome-fang", true, true, false, &[])];
    me.legends = vec![spec("dexter-deshawn-off-the-grid", true, false, false, &[])];
    me.eddies = vec![spec("ruthless-lowlife", true, false, false, &[])];
    me.deck = cards(&["psycho-squad", "chrome-fang"]);
    me.fixer = Some(vec![]);
    let g = game(&start_setup(me));
    for z in [Zone::Field, Zone::Legends, Zone::Eddies] {
        assert!(
            g.zone(ME, z).iter().all(|&i| !g.inst(i).unwrap().spent),
            "{z:?}"
        );
    }
    assert_eq!(g.zone_ids(ME, Zone::Hand), ["psycho-squad"]);
}

#[test]
fn win_1_10_seven_gigs_at_the_start_of_your_turn() {
    let mut me = PlayerSetup::default();
    me.gigs = [4, 6, 8, 10, 12, 20]
        .iter()
        .map(|&s| die(0, s, 1))
        .collect();
    me.gigs.push(die(1, 4, 2));
    let g = game(&start_setup(me));
    assert_eq!(g.outcome(), Some(Outcome::Winner(ME)));
    assert!(g.decision().is_none());
    // Six is not enough.
    let mut me = PlayerSetup::default();
    me.gigs = [4, 6, 8, 10, 12, 20]
        .iter()
        .map(|&s| die(0, s, 1))
        .collect();
    assert_eq!(game(&start_setup(me)).outcome(), None);
}

#[test]
fn lose_1_14_drawing_from_an_empty_deck() {
    let mut s = start_setup(PlayerSetup::default());
    // The setup helper gave filler decks: empty mine again.
    s.players[0].deck = vec![];
    let mut g = game(&s);
    assert_eq!(g.outcome(), Some(Outcome::Winner(RIVAL)));
    assert!(g
        .log()
        .iter()
        .any(|e| g.describe(e) == "p0 draws from an empty deck"));
    assert!(g.decision().is_none());
    assert_eq!(
        g.apply(&Choice::Pass),
        Err(gigscript_engine::EngineError::GameOver)
    );
}

#[test]
fn lose_1_16_conceding_loses_at_once() {
    let mut g = game(&setup(PlayerSetup::default(), PlayerSetup::default()));
    g.concede(ME).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Winner(RIVAL)));
    assert_eq!(
        g.concede(RIVAL),
        Err(gigscript_engine::EngineError::GameOver)
    );
}

#[test]
fn lose_1_14_1_drawing_past_the_deck_mid_effect_ends_the_game_at_once() {
    let mut s = setup(PlayerSetup::default(), PlayerSetup::default());
    s.players[0].deck = cards(&["chrome-fang"]);
    let mut g = game(&s);
    g.perform(Action::Draw(ME)).unwrap();
    assert_eq!(g.outcome(), None);
    g.perform(Action::Draw(ME)).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Winner(RIVAL)));
}

#[test]
fn overtime_1_11_1_counts_turns_that_begin_with_both_fixers_empty() {
    let mut me = PlayerSetup::default();
    let mut rival = PlayerSetup::default();
    me.gigs = [4, 6, 8, 10, 12, 20]
        .iter()
        .map(|&s| die(0, s, 1))
        .collect();
    rival.gigs = [4, 6, 8, 10, 12, 20]
        .iter()
        .map(|&s| die(1, s, 1))
        .collect();
    me.fixer = Some(vec![]);
    rival.fixer = Some(vec![]);
    let mut s = setup(me, rival);
    s.turn = 20;
    let mut g = game(&s);
    // Rule 1.11.1: two turns beginning with both fixers empty, then overtime begins. Turn 20,
    // shown with both fixers empty, is the first.
    assert!(!g.state().overtime);
    steps(&mut g, &["pass"]); // turn 21 begins: the second
    assert!(!g.state().overtime);
    steps(&mut g, &["pass"]); // end of turn 21: overtime begins (rule 8.17)
    assert!(g.state().overtime);
    assert_eq!(g.outcome(), None);
}

#[test]
fn setup_rejects_a_die_placed_twice() {
    let mut me = PlayerSetup::default();
    let mut rival = PlayerSetup::default();
    me.gigs = [4, 6, 8, 10, 12, 20]
        .iter()
        .map(|&s| die(0, s, 1))
        .collect();
    me.gigs.push(die(1, 4, 1));
    rival.gigs = [6, 8, 10, 12, 20].iter().map(|&s| die(1, s, 1)).collect();
    rival.gigs.push(die(1, 6, 1)); // the rival's d6 twice
    let s = setup(me.clone(), rival);
    assert_eq!(
        gigscript_engine::Game::from_setup(pool(), &s).unwrap_err(),
        gigscript_engine::SetupError::BadDie("d6:1".into())
    );
}

#[test]
fn overtime_1_11_seven_gigs_wins_immediately() {
    let mut me = PlayerSetup::default();
    me.field = cards(&["psycho-squad"]);
    me.gigs = [4, 6, 8, 10, 12, 20]
        .iter()
        .map(|&s| die(0, s, 1))
        .collect();
    let mut rival = PlayerSetup::default();
    rival.gigs = vec![die(1, 12, 11)];
    let mut s = setup(me, rival);
    s.overtime = true;
    let mut g = game(&s);
    steps(&mut g, &["attack rival gigs with psycho-squad"]);
    assert_eq!(g.outcome(), Some(Outcome::Winner(ME)));
    assert_eq!(g.gig_labels(ME).len(), 7);
}

#[test]
fn overtime_1_11_a_position_in_overtime_with_seven_gigs_is_already_won() {
    let mut me = PlayerSetup::default();
    me.gigs = [4, 6, 8, 10, 12, 20]
        .iter()
        .map(|&s| die(0, s, 1))
        .collect();
    me.gigs.push(die(1, 4, 1));
    let mut s = setup(me, PlayerSetup::default());
    s.overtime = true;
    assert_eq!(game(&s).outcome(), Some(Outcome::Winner(ME)));
    s.overtime = false;
    assert_eq!(
        game(&s).outcome(),
        None,
        "rule 1.10 checks only at the start of a turn"
    );
}

#[test]
fn overtime_1_11_1_begins_after_two_turns_with_empty_fixers() {
    let mut me = PlayerSetup::default();
    let mut rival = PlayerSetup::default();
    me.fixer = Some(vec![]);
    rival.fixer = Some(vec![4]);
    me.deck = cards(&["chrome-fang"; 10]);
    rival.deck = cards(&["chrome-fang"; 10]);
    let mut g = game(&setup(me, rival));
    steps(&mut g, &["pass"]); // rival rolls in its d4 on turn 4 (not empty at its start)
    steps(&mut g, &["pass"]); // turn 5 begins with both empty: 1
    steps(&mut g, &["pass"]); // turn 6: 2
    assert!(!g.state().overtime);
    steps(&mut g, &["pass"]); // end of turn 6: overtime
    assert!(g.state().overtime);
}

// ---- main phase (rules 8.9–8.15) ------------------------------------------------------------

#[test]
fn sell_8_11_1_once_per_turn() {
    let mut me = PlayerSetup::default();
    me.hand = cards(&["mantis-blades", "trust-no-one", "mantis-blades"]);
    let mut g = game(&setup(me, PlayerSetup::default()));
    // Copies in hand are one option.
    assert!(has(&g, "sell mantis-blades") && has(&g, "sell trust-no-one"));
    assert!(!has(&g, "sell mantis-blades #2"));
    steps(&mut g, &["sell mantis-blades"]);
    // Rules 11.9.1.1, 5.8.2.1: a face-down ready Eddie.
    let e = g.zone(ME, Zone::Eddies);
    assert_eq!(e.len(), 1);
    let inst = g.inst(e[0]).unwrap();
    assert!(!inst.face_up && !inst.spent);
    assert!(labels(&g).iter().all(|l| !l.starts_with("sell")));
}

#[test]
fn call_8_12_once_per_turn_for_one_eddie() {
    let mut me = PlayerSetup::default();
    me.legends = cards(&[
        "dexter-deshawn-off-the-grid",
        "royce-psycho-on-the-edge",
        "adam-smasher-ender-of-legends",
    ]);
    me.eddies = eddies(1);
    let mut g = game(&setup(me, PlayerSetup::default()));
    assert!(has(&g, "call legend 1") && has(&g, "call legend 3"));
    assert_eq!(
        labels(&g),
        ["call legend 1", "call legend 2", "call legend 3", "pass"]
    );
    steps(&mut g, &["call legend 2", "pay 1 €$: 1 Eddie"]);
    let l = g.zone(ME, Zone::Legends)[1];
    assert!(g.inst(l).unwrap().face_up);
    // Rule 11.11.1.3: the called Legend keeps its orientation.
    assert!(!g.inst(l).unwrap().spent);
    assert!(labels(&g).iter().all(|l| !l.starts_with("call")));
}

#[test]
fn call_8_12_2_as_a_reaction_in_the_react_step() {
    let mut me = PlayerSetup::default();
    me.field = cards(&["psycho-squad"]);
    let mut rival = PlayerSetup::default();
    rival.legends = cards(&[
        "judy-alvarez-braindance-maestro",
        "rogue-amendiares-preem-solo",
    ]);
    rival.gigs = vec![die(1, 6, 3)];
    let mut g = game(&setup(me, rival));
    steps(&mut g, &["attack rival gigs with psycho-squad"]);
    let d = g.decision().unwrap();
    assert_eq!((d.player, d.prompt), (RIVAL, DecisionKind::Reaction));
    assert_eq!(labels(&g), ["call legend 1", "call legend 2", "pass"]);
    steps(&mut g, &["call legend 1"]);
    // No Eddies: a face-down Legend pays (rule 5.7.2).
    assert_eq!(labels(&g), ["pay 1 €$: legend 1", "pay 1 €$: legend 2"]);
    steps(&mut g, &["pay 1 €$: legend 2"]);
    // Once per turn, also for the defending player (rule 11.11.2): with no reaction left,
    // the React Step ends by itself and the attack steals.
    assert_eq!(g.decision().unwrap().prompt, DecisionKind::MainAction);
    assert!(g
        .log()
        .iter()
        .any(|e| g.describe(e) == "p1: pass (only option)"));
    assert_eq!(g.gig_labels(ME), ["rival d6:3"]);
}

#[test]
fn pay_5_7_2_legends_pay_face_down_or_face_up_with_a_sell_tag() {
    let mut me = PlayerSetup::default();
    me.hand = cards(&["ruthless-lowlife"]);
    me.legends = vec![
        spec("lucyna-kushinada", false, true, false, &[]), // face-up, no Sell Tag: can't pay
        spec("dexter-deshawn-off-the-grid", false, true, false, &[]), // face-up, Sell Tag
        spec("royce-psycho-on-the-edge", false, false, false, &[]), // face-down
    ];
    me.eddies = eddies(1);
    let mut g = game(&setup(me, PlayerSetup::default()));
    steps(&mut g, &["play ruthless-lowlife"]);
    assert_eq!(g.decision().unwrap().prompt, DecisionKind::Pay);
    // Rule 11.8.1: the whole cost at once, one option per set of sources; Lucyna can't pay.
    assert_eq!(
        labels(&g),
        [
            "pay 2 €$: 1 Eddie + dexter-deshawn-off-the-grid",
            "pay 2 €$: 1 Eddie + legend 3",
            "pay 2 €$: dexter-deshawn-off-the-grid + legend 3"
        ]
    );
    steps(
        &mut g,
        &["pay 2 €$: dexter-deshawn-off-the-grid + legend 3"],
    );
    assert_eq!(g.zone_ids(ME, Zone::Field), ["ruthless-lowlife"]);
    let eddie = g.zone(ME, Zone::Eddies)[0];
    assert!(!g.inst(eddie).unwrap().spent);
}

#[test]
fn pay_11_4_1_1_a_card_that_cant_be_paid_for_is_no_option() {
    let mut me = PlayerSetup::default();
    me.hand = cards(&["chrome-fang", "ruthless-lowlife"]);
    me.legends = vec![spec("lucyna-kushinada", false, true, false, &[])];
    me.eddies = eddies(2);
    let g = game(&setup(me, PlayerSetup::default()));
    assert!(has(&g, "play ruthless-lowlife"));
    assert!(!has(&g, "play chrome-fang"));
}

#[test]
fn pay_with_a_single_way_is_automatic_and_logged_once() {
    let mut me = PlayerSetup::default();
    me.hand = cards(&["chrome-fang"]);
    me.eddies = eddies(5);
    let mut g = game(&setup(me, PlayerSetup::default()));
    steps(&mut g, &["play chrome-fang"]);
    assert_eq!(g.decision().unwrap().prompt, DecisionKind::MainAction);
    assert_eq!(g.zone_ids(ME, Zone::Field), ["chrome-fang"]);
    let autos = g
        .log()
        .iter()
        .filter(|e| g.describe(e) == "p0: pay 5 €$: 5 Eddies (only option)")
        .count();
    assert_eq!(autos, 1);
}

#[test]
fn lag_4_7_a_played_unit_is_ready_but_cannot_attack() {
    let mut me = PlayerSetup::default();
    me.hand = cards(&["chrome-fang", "modded-kusanagi"]);
    me.eddies = eddies(11);
    let mut rival = PlayerSetup::default();
    rival.gigs = vec![die(1, 6, 3)];
    let mut g = game(&setup(me, rival));
    steps(&mut g, &["play chrome-fang"]);
    let u = g.find(ME, Zone::Field, "chrome-fang").unwrap();
    let inst = g.inst(u).unwrap();
    assert!(inst.lag && !inst.spent);
    assert!(!has(&g, "attack rival gigs with chrome-fang"));
    // Rule 11.23.2: {Adrenaline} attacks while lagging.
    steps(&mut g, &["play modded-kusanagi"]);
    assert!(g.has_keyword(
        g.find(ME, Zone::Field, "modded-kusanagi").unwrap(),
        Keyword::Adrenaline
    ));
    assert!(has(&g, "attack rival gigs with modded-kusanagi"));
    // Rule 11.3.2: Lag is lost at the end of the turn.
    steps(&mut g, &["pass", "pass"]);
    assert!(!g.inst(u).unwrap().lag);
    assert!(has(&g, "attack rival gigs with chrome-fang"));
}

#[test]
fn gear_4_10_equips_to_a_friendly_unit_or_face_up_legend() {
    let mut me = PlayerSetup::default();
    me.hand = cards(&["mantis-blades"]);
    me.field = cards(&["chrome-fang"]);
    me.legends = vec![
        spec("dexter-deshawn-off-the-grid", false, true, false, &[]),
        spec("royce-psycho-on-the-edge", false, false, false, &[]),
    ];
    me.eddies = eddies(1);
    let mut rival = PlayerSetup::default();
    rival.field = cards(&["psycho-squad"]);
    let mut g = game(&setup(me, rival));
    steps(&mut g, &["play mantis-blades", "pay 1 €$: 1 Eddie"]);
    assert_eq!(g.decision().unwrap().prompt, DecisionKind::EquipTarget);
    assert_eq!(
        labels(&g),
        [
            "equip mantis-blades to chrome-fang",
            "equip mantis-blades to dexter-deshawn-off-the-grid"
        ]
    );
    steps(&mut g, &["equip mantis-blades to chrome-fang"]);
    let u = g.find(ME, Zone::Field, "chrome-fang").unwrap();
    assert_eq!(g.power(u), 8); // rule 3.17.2: 6 + 2
    assert_eq!(g.gear_of(u).len(), 1);
}

#[test]
fn gear_4_12_moves_with_its_host_and_is_unequipped_outside_play() {
    let mut me = PlayerSetup::default();
    me.field = vec![spec(
        "hanako-arasaka-in-a-gilded-cage",
        true,
        true,
        false,
        &["mantis-blades"],
    )];
    let mut rival = PlayerSetup::default();
    rival.field = cards(&["psycho-squad"]);
    let mut s = setup(me, rival);
    s.turn_player = RIVAL;
    let mut g = game(&s);
    let u = g
        .find(ME, Zone::Field, "hanako-arasaka-in-a-gilded-cage")
        .unwrap();
    assert_eq!(g.power(u), 3);
    steps(
        &mut g,
        &["attack rival hanako-arasaka-in-a-gilded-cage with psycho-squad"],
    );
    assert_eq!(
        g.zone_ids(ME, Zone::Trash),
        ["hanako-arasaka-in-a-gilded-cage", "mantis-blades"]
    );
    let gear = g.find(ME, Zone::Trash, "mantis-blades").unwrap();
    assert_eq!(g.inst(gear).unwrap().equipped_to, None);
}

#[test]
fn gear_4_12_2_a_legend_is_removed_and_its_gear_goes_to_the_trash() {
    let mut me = PlayerSetup::default();
    me.field = vec![spec(
        "royce-psycho-on-the-edge",
        true,
        true,
        false,
        &["mantis-blades"],
    )];
    let mut rival = PlayerSetup::default();
    rival.field = cards(&["animals-wrecker"]);
    let mut s = setup(me, rival);
    s.turn_player = RIVAL;
    let mut g = game(&s);
    steps(
        &mut g,
        &["attack rival royce-psycho-on-the-edge with animals-wrecker"],
    );
    // Rule 4.4.1: a Legend moved to the trash is removed from the game instead.
    assert_eq!(g.zone_ids(ME, Zone::Removed), ["royce-psycho-on-the-edge"]);
    assert_eq!(g.zone_ids(ME, Zone::Trash), ["mantis-blades"]);
}

#[test]
fn legend_4_5_played_from_the_legends_area_keeps_orientation_and_gear_with_lag() {
    let mut me = PlayerSetup::default();
    me.legends = vec![
        spec(
            "royce-psycho-on-the-edge",
            true,
            true,
            false,
            &["mantis-blades"],
        ),
        spec("dexter-deshawn-off-the-grid", false, false, false, &[]),
    ];
    me.eddies = eddies(5);
    let mut g = game(&setup(me, PlayerSetup::default()));
    assert!(has(&g, "play royce-psycho-on-the-edge from legends"));
    assert!(has(&g, "go solo royce-psycho-on-the-edge"));
    steps(&mut g, &["play royce-psycho-on-the-edge from legends"]);
    // The Legend itself can't pay; 5 Eddies and the face-down Legend can, and must: the one
    // way to pay is taken for the player.
    assert!(g
        .log()
        .iter()
        .any(|e| g.describe(e) == "p0: pay 6 €$: 5 Eddies + legend 2 (only option)"));
    let r = g.find(ME, Zone::Field, "royce-psycho-on-the-edge").unwrap();
    let inst = g.inst(r).unwrap();
    assert!(inst.spent && inst.lag, "rules 4.5.1, 4.5.2");
    // 6 printed + 2 from the Gear + 2 from Royce's own static (+2 power for each equipped Gear
    // during your turn).
    assert_eq!(g.power(r), 10, "rule 4.12: the Gear came along");
}

#[test]
fn go_solo_11_25_ready_attacks_this_turn_and_is_removed_when_it_leaves() {
    let mut me = PlayerSetup::default();
    me.legends = vec![spec("royce-psycho-on-the-edge", true, true, false, &[])];
    me.eddies = eddies(6);
    let mut rival = PlayerSetup::default();
    rival.field = vec![spec("animals-wrecker", true, true, false, &[])];
    rival.gigs = vec![die(1, 6, 3)];
    let mut g = game(&setup(me, rival));
    steps(&mut g, &["go solo royce-psycho-on-the-edge"]);
    let r = g.find(ME, Zone::Field, "royce-psycho-on-the-edge").unwrap();
    let inst = g.inst(r).unwrap();
    assert!(!inst.spent && inst.go_solo);
    assert!(has(&g, "attack rival gigs with royce-psycho-on-the-edge"));
    // It attacks the 10-power Wrecker and loses: removed from the game, not trashed.
    steps(
        &mut g,
        &["attack rival animals-wrecker with royce-psycho-on-the-edge"],
    );
    assert_eq!(g.zone_ids(ME, Zone::Removed), ["royce-psycho-on-the-edge"]);
    assert!(g.zone(ME, Zone::Trash).is_empty());
}

#[test]
fn program_4_14_goes_to_the_trash_after_resolving() {
    let mut me = PlayerSetup::default();
    me.hand = cards(&["trust-no-one"]);
    me.eddies = eddies(1);
    let mut g = game(&setup(me, PlayerSetup::default()));
    steps(&mut g, &["play trust-no-one"]);
    assert_eq!(g.zone_ids(ME, Zone::Trash), ["trust-no-one"]);
}

// ---- attacks (rules 9.1–9.29) ---------------------------------------------------------------

#[test]
fn attack_9_3_2_targets_are_spent_rival_units_and_a_non_empty_gig_area() {
    let mut me = PlayerSetup::default();
    me.field = vec![
        spec("chrome-fang", false, true, false, &[]),
        spec("psycho-squad", true, true, false, &[]),
    ];
    let mut rival = PlayerSetup::default();
    rival.field = vec![
        spec("ruthless-lowlife", true, true, false, &[]),
        spec("valentino-guerrera", false, true, false, &[]),
    ];
    let mut g = game(&setup(me.clone(), rival.clone()));
    assert_eq!(
        labels(&g),
        ["attack rival ruthless-lowlife with chrome-fang", "pass"]
    );
    rival.gigs = vec![die(1, 4, 2)];
    g = game(&setup(me, rival));
    assert!(has(&g, "attack rival gigs with chrome-fang"));
    steps(&mut g, &["attack rival gigs with chrome-fang"]);
    // Rule 9.3.3: the attacker is spent.
    let a = g.find(ME, Zone::Field, "chrome-fang").unwrap();
    assert!(g.inst(a).unwrap().spent);
}

#[test]
fn fight_9_17_1_higher_power_wins() {
    let mut me = PlayerSetup::default();
    me.field = cards(&["chrome-fang"]);
    let mut rival = PlayerSetup::default();
    rival.field = vec![spec("valentino-guerrera", true, true, false, &[])];
    let mut g = game(&setup(me, rival));
    steps(
        &mut g,
        &["attack rival valentino-guerrera with chrome-fang"],
    );
    assert_eq!(g.zone_ids(RIVAL, Zone::Trash), ["valentino-guerrera"]);
    assert_eq!(g.zone_ids(ME, Zone::Field), ["chrome-fang"]);
}

#[test]
fn fight_9_17_3_a_tie_defeats_both() {
    let mut me = PlayerSetup::default();
    me.field = cards(&["chrome-fang"]);
    let mut rival = PlayerSetup::default();
    rival.field = vec![spec("psycho-squad", true, true, false, &[])];
    let mut g = game(&setup(me, rival));
    steps(&mut g, &["attack rival psycho-squad with chrome-fang"]);
    assert_eq!(g.zone_ids(RIVAL, Zone::Trash), ["psycho-squad"]);
    assert_eq!(g.zone_ids(ME, Zone::Trash), ["chrome-fang"]);
}

#[test]
fn fight_9_19_2_zero_power_defeats_nothing() {
    // 0 against 0: both lose, neither is defeated.
    let mut me = PlayerSetup::default();
    me.field = cards(&["japantown-jonin"]);
    let mut rival = PlayerSetup::default();
    rival.field = vec![spec("sketchy-ripper", true, true, false, &[])];
    let mut g = game(&setup(me, rival));
    steps(
        &mut g,
        &["attack rival sketchy-ripper with japantown-jonin"],
    );
    assert_eq!(g.zone_ids(ME, Zone::Field), ["japantown-jonin"]);
    assert_eq!(g.zone_ids(RIVAL, Zone::Field), ["sketchy-ripper"]);
    // Negative power counts as 0 (rule 2.10.1): a -3 attacker against a 0-power Unit.
    let mut me = PlayerSetup::default();
    me.field = cards(&["ruthless-lowlife"]);
    let mut rival = PlayerSetup::default();
    rival.field = vec![spec("sketchy-ripper", true, true, false, &[])];
    let mut g = game(&setup(me, rival));
    let a = g.find(ME, Zone::Field, "ruthless-lowlife").unwrap();
    g.add_effect(PersistentEffect {
        target: a,
        modifier: Modifier::Power(-7),
        duration: Duration::ThisTurn,
        source: None,
    })
    .unwrap();
    assert_eq!(g.power(a), -3);
    steps(
        &mut g,
        &["attack rival sketchy-ripper with ruthless-lowlife"],
    );
    assert_eq!(g.zone_ids(ME, Zone::Field), ["ruthless-lowlife"]);
    assert_eq!(g.zone_ids(RIVAL, Zone::Field), ["sketchy-ripper"]);
}

#[test]
fn fight_9_17_4_wins_fights_and_9_19_3_not_defeated_in_fights() {
    let mut me = PlayerSetup::default();
    me.field = cards(&["ruthless-lowlife"]);
    let mut rival = PlayerSetup::default();
    rival.field = vec![spec("chrome-fang", true, true, false, &[])];
    let mut g = game(&setup(me.clone(), rival.clone()));
    let a = g.find(ME, Zone::Field, "ruthless-lowlife").unwrap();
    g.add_effect(PersistentEffect {
        target: a,
        modifier: Modifier::WinsFights,
        duration: Duration::WhileAttacking,
        source: None,
    })
    .unwrap();
    steps(&mut g, &["attack rival chrome-fang with ruthless-lowlife"]);
    assert_eq!(g.zone_ids(RIVAL, Zone::Trash), ["chrome-fang"]);
    // Rule 9.29: "while attacking" effects end with the attack.
    assert!(g.state().effects.is_empty());

    let mut g = game(&setup(me, rival));
    let a = g.find(ME, Zone::Field, "ruthless-lowlife").unwrap();
    g.add_effect(PersistentEffect {
        target: a,
        modifier: Modifier::NotDefeatedInFights,
        duration: Duration::ThisTurn,
        source: None,
    })
    .unwrap();
    steps(&mut g, &["attack rival chrome-fang with ruthless-lowlife"]);
    assert!(g
        .log()
        .iter()
        .any(|e| g.describe(e) == "ruthless-lowlife loses the fight"));
    assert_eq!(g.zone_ids(ME, Zone::Field), ["ruthless-lowlife"]);
    // Rule 8.16.2: "this turn" effects end with the turn.
    steps(&mut g, &["pass"]);
    assert!(g.state().effects.is_empty());
}

#[test]
fn blocker_9_9_1_redirects_the_attack() {
    let mut me = PlayerSetup::default();
    me.field = cards(&["chrome-fang"]);
    let mut rival = PlayerSetup::default();
    rival.field = cards(&["secondhand-bombus", "la-llorona-ghost-of-the-past"]);
    rival.gigs = vec![die(1, 8, 5)];
    let mut g = game(&setup(me, rival));
    steps(&mut g, &["attack rival gigs with chrome-fang"]);
    assert_eq!(
        labels(&g),
        [
            "block with secondhand-bombus",
            "block with la-llorona-ghost-of-the-past",
            "pass"
        ]
    );
    steps(&mut g, &["block with la-llorona-ghost-of-the-past"]);
    // Its `When this Unit uses {Blocker}` trigger resolves first: increase a Gig by up to 3.
    steps(&mut g, &["choose 0"]);
    // A spent Unit can't block; the blocker is the defender now.
    assert_eq!(labels(&g), ["block with secondhand-bombus", "pass"]);
    steps(&mut g, &["pass"]);
    assert_eq!(
        g.zone_ids(RIVAL, Zone::Trash),
        ["la-llorona-ghost-of-the-past"]
    );
    assert_eq!(g.gig_labels(RIVAL), ["d8:5"], "no Gig stolen");
}

#[test]
fn quick_9_10_1_programs_are_played_as_reactions() {
    let mut me = PlayerSetup::default();
    me.field = cards(&["chrome-fang"]);
    let mut rival = PlayerSetup::default();
    rival.hand = cards(&["detonate", "trust-no-one"]);
    rival.eddies = eddies(2);
    rival.gigs = vec![die(1, 8, 5)];
    let mut g = game(&setup(me, rival));
    steps(&mut g, &["attack rival gigs with chrome-fang"]);
    assert_eq!(labels(&g), ["play detonate", "pass"]);
    steps(&mut g, &["play detonate"]);
    assert_eq!(g.zone_ids(RIVAL, Zone::Trash), ["detonate"]);
    // Nothing left to react with: the attack goes on to steal.
    assert_eq!(g.gig_labels(ME), ["rival d8:5"]);
}

#[test]
fn steal_9_23_2_count_formula() {
    assert_eq!(steal_count(-5), 0);
    assert_eq!(steal_count(0), 0);
    for p in 1..=9 {
        assert_eq!(steal_count(p), 1);
    }
    assert_eq!(steal_count(10), 2);
    assert_eq!(steal_count(19), 2);
    assert_eq!(steal_count(20), 3);
    assert_eq!(steal_count(35), 4);
}

#[test]
fn steal_9_23_3_chosen_one_at_a_time_at_most_the_gigs_there_are() {
    let mut me = PlayerSetup::default();
    me.field = cards(&["animals-wrecker"]); // 10 power: steals 2
    let mut rival = PlayerSetup::default();
    rival.gigs = vec![die(1, 4, 2), die(1, 12, 11), die(0, 6, 3)];
    let mut g = game(&setup(me.clone(), rival));
    steps(&mut g, &["attack rival gigs with animals-wrecker"]);
    assert_eq!(g.decision().unwrap().prompt, DecisionKind::StealGig);
    // Options in die order: the player's own dice first, then the rival's, smallest first.
    assert_eq!(
        labels(&g),
        ["choose d6 (3)", "choose d4 (2)", "choose d12 (11)"]
    );
    steps(&mut g, &["choose d12 (11)"]);
    assert_eq!(labels(&g), ["choose d6 (3)", "choose d4 (2)"]);
    steps(&mut g, &["choose d6 (3)"]);
    assert_eq!(g.gig_labels(ME), ["d6:3", "rival d12:11"]);
    assert_eq!(g.gig_labels(RIVAL), ["d4:2"]);

    // More to steal than there are: all of them, the last one automatically.
    let mut me2 = me;
    me2.field = vec![spec(
        "animals-wrecker",
        false,
        true,
        false,
        &["mantis-blades"],
    )];
    let mut rival = PlayerSetup::default();
    rival.gigs = vec![die(1, 4, 2)];
    let mut g = game(&setup(me2, rival));
    steps(&mut g, &["attack rival gigs with animals-wrecker"]);
    assert_eq!(g.gig_labels(ME), ["rival d4:2"]);
    assert!(g.log().iter().any(|e| g.describe(e) == "steals 1"));
}

#[test]
fn steal_9_23_2_1_zero_power_steals_nothing() {
    let mut me = PlayerSetup::default();
    me.field = cards(&["japantown-jonin"]);
    let mut rival = PlayerSetup::default();
    rival.gigs = vec![die(1, 4, 2)];
    let mut g = game(&setup(me, rival));
    steps(&mut g, &["attack rival gigs with japantown-jonin"]);
    assert_eq!(g.gig_labels(RIVAL), ["d4:2"]);
    assert_eq!(g.decision().unwrap().prompt, DecisionKind::MainAction);
}

#[test]
fn steal_9_23_4_prevention_hook_after_choosing() {
    let mut me = PlayerSetup::default();
    me.field = cards(&["psycho-squad"]);
    let mut rival = PlayerSetup::default();
    rival.field = cards(&["la-llorona-ghost-of-the-past"]);
    rival.gigs = vec![die(1, 4, 2)];
    let mut g = game(&setup(me, rival));
    let src = g
        .find(RIVAL, Zone::Field, "la-llorona-ghost-of-the-past")
        .unwrap();
    g.add_replacement(Replacement {
        on: ActionKind::Steal,
        affected: None,
        source: src,
        duration: Duration::ThisTurn,
    })
    .unwrap();
    steps(&mut g, &["attack rival gigs with psycho-squad", "pass"]);
    assert_eq!(g.gig_labels(RIVAL), ["d4:2"]);
    assert!(g
        .log()
        .iter()
        .any(|e| g.describe(e) == "la-llorona-ghost-of-the-past prevents Steal"));
}

#[test]
fn attack_9_26_1_ends_when_the_attacker_leaves_the_field() {
    // An [ATTACK] trigger resolves before the React Step (rule 11.21.2.2); here the rival's
    // reaction is skipped because the attacker is gone (rule 9.6).
    let mut me = PlayerSetup::default();
    me.field = cards(&["psycho-squad"]);
    let mut rival = PlayerSetup::default();
    rival.gigs = vec![die(1, 4, 2)];
    rival.field = cards(&["secondhand-bombus"]); // a possible reaction keeps the React Step open
    let mut g = game(&setup(me, rival));
    let a = g.find(ME, Zone::Field, "psycho-squad").unwrap();
    g.add_trigger(Trigger {
        on: EventKind::Attack,
        source: a,
        any_card: false,
        effect: EffectRef::Opaque(1),
    })
    .unwrap();
    steps(&mut g, &["attack rival gigs with psycho-squad"]);
    // The single pending effect resolved automatically; now the rival reacts.
    assert!(g
        .log()
        .iter()
        .any(|e| g.describe(e) == "p0: resolve psycho-squad (only option)"));
    assert_eq!(g.decision().unwrap().prompt, DecisionKind::Reaction);
    // The attacker leaves the field mid-attack: the attack ends, nothing is stolen.
    g.perform(Action::Defeat(vec![a])).unwrap();
    assert_eq!(g.decision().unwrap().prompt, DecisionKind::MainAction);
    assert_eq!(g.gig_labels(RIVAL), ["d4:2"]);
}

#[test]
fn attack_9_26_4_an_effect_ends_the_attack() {
    let mut me = PlayerSetup::default();
    me.field = cards(&["psycho-squad"]);
    let mut rival = PlayerSetup::default();
    rival.gigs = vec![die(1, 4, 2)];
    rival.field = cards(&["secondhand-bombus"]);
    let mut g = game(&setup(me, rival));
    assert_eq!(g.end_attack(), Ok(false));
    steps(&mut g, &["attack rival gigs with psycho-squad"]);
    assert_eq!(g.decision().unwrap().prompt, DecisionKind::Reaction);
    assert_eq!(g.end_attack(), Ok(true));
    assert_eq!(g.decision().unwrap().prompt, DecisionKind::MainAction);
    assert_eq!(g.gig_labels(RIVAL), ["d4:2"]);
    assert!(g.log().iter().any(|e| g.describe(e) == "the attack ends"));
}

// ---- pending effects (rules 10.11–10.16) ----------------------------------------------------

#[test]
fn pending_10_12_10_13_turn_player_orders_theirs_first() {
    let mut me = PlayerSetup::default();
    me.field = cards(&["psycho-squad", "chrome-fang"]);
    let mut rival = PlayerSetup::default();
    rival.field = cards(&["la-llorona-ghost-of-the-past"]);
    rival.gigs = vec![die(1, 4, 2)];
    let mut g = game(&setup(me, rival));
    let a = g.find(ME, Zone::Field, "psycho-squad").unwrap();
    let b = g.find(ME, Zone::Field, "chrome-fang").unwrap();
    let r = g
        .find(RIVAL, Zone::Field, "la-llorona-ghost-of-the-past")
        .unwrap();
    for (src, n) in [(r, 1), (a, 2), (b, 3)] {
        g.add_trigger(Trigger {
            on: EventKind::Attack,
            source: src,
            any_card: true,
            effect: EffectRef::Opaque(n),
        })
        .unwrap();
    }
    steps(&mut g, &["attack rival gigs with psycho-squad"]);
    // The effects do nothing, so the order of mine comes out the same either way and is not
    // asked (rule 10.6; `tests/rulings/faq-a-order.toml` has orders that are asked): mine
    // resolve in the order they became pending, then the rival's.
    let d = g.decision().unwrap();
    assert_eq!((d.player, d.prompt), (RIVAL, DecisionKind::Reaction));
    let order: Vec<String> = g
        .log()
        .iter()
        .map(|e| g.describe(e))
        .filter(|l| l.ends_with("resolves its effect"))
        .collect();
    assert_eq!(
        order,
        [
            "psycho-squad resolves its effect",
            "chrome-fang resolves its effect",
            "la-llorona-ghost-of-the-past resolves its effect"
        ]
    );
}

#[test]
fn labels_copies_are_one_option_or_told_apart_in_words() {
    // Two copies nothing tells apart are one option: either attacking is the same game
    // (rule 10.6).
    let mut me = PlayerSetup::default();
    me.field = cards(&["chrome-fang", "chrome-fang"]);
    let mut rival = PlayerSetup::default();
    rival.gigs = vec![die(1, 4, 2)];
    let g = game(&setup(me.clone(), rival.clone()));
    assert_eq!(labels(&g), ["attack rival gigs with chrome-fang", "pass"]);
    // Copies that differ are told apart by what differs, not by a number.
    me.field[0].gear = vec!["mantis-blades".into()];
    let g = game(&setup(me, rival));
    let attacks: Vec<String> = (labels(&g).into_iter())
        .filter(|l| l.starts_with("attack "))
        .collect();
    assert_eq!(
        attacks,
        [
            "attack rival gigs with chrome-fang (with mantis-blades)",
            "attack rival gigs with chrome-fang (with no gear)"
        ]
    );
}

// ---- replacement effects (rules 10.24–10.30) -------------------------------------------------

/// A mandatory replacement that prevents actions of kind `on` done to card `c` (rule 10.24), as
/// a card's `… can't …` would make.
fn prevent(g: &mut Game, on: ActionKind, c: InstId) {
    g.add_replacement(Replacement {
        on,
        affected: Some(c),
        source: c,
        duration: Duration::ThisTurn,
    })
    .unwrap();
}

/// Moves card `c` to area `to` of its controller (here always "me").
fn move_to(g: &mut Game, c: InstId, to: Zone) {
    g.perform(Action::Move {
        inst: c,
        to,
        player: ME,
    })
    .unwrap();
}

/// A game where "me" has just gone solo with Royce (rule 11.25), and Royce.
fn solo_royce() -> (Game, InstId) {
    let mut me = PlayerSetup::default();
    me.legends = vec![spec("royce-psycho-on-the-edge", true, true, false, &[])];
    me.eddies = eddies(6);
    let mut g = game(&setup(me, PlayerSetup::default()));
    steps(&mut g, &["go solo royce-psycho-on-the-edge"]);
    let r = g.find(ME, Zone::Field, "royce-psycho-on-the-edge").unwrap();
    (g, r)
}

/// A game where "me" has Dexter DeShawn face-down in the Legends area, and Dexter.
fn legend_dexter() -> (Game, InstId) {
    let mut me = PlayerSetup::default();
    me.legends = cards(&["dexter-deshawn-off-the-grid"]);
    let g = game(&setup(me, PlayerSetup::default()));
    let l = g.zone(ME, Zone::Legends)[0];
    (g, l)
}

#[test]
fn replacement_10_25_a_mandatory_prevention_replaces_a_units_move() {
    // The control for rule 10.30 below: no game mechanic replaces moving a Unit to its
    // owner's hand, so the mandatory replacement applies and the Unit stays.
    let mut me = PlayerSetup::default();
    me.field = cards(&["psycho-squad"]);
    let mut g = game(&setup(me, PlayerSetup::default()));
    let u = g.find(ME, Zone::Field, "psycho-squad").unwrap();
    prevent(&mut g, ActionKind::Move, u);
    move_to(&mut g, u, Zone::Hand);
    assert_eq!(g.zone_ids(ME, Zone::Field), ["psycho-squad"]);
    assert!(g.zone(ME, Zone::Hand).is_empty());
}

#[test]
fn replacement_10_30_the_go_solo_removal_supersedes_a_mandatory_replacement() {
    // Rule 11.25.1's "if it leaves the field, remove it from the game" replaces where a solo
    // Legend leaving the field goes; a mandatory replacement of the same move gives way to it.
    let (mut g, r) = solo_royce();
    prevent(&mut g, ActionKind::Move, r);
    move_to(&mut g, r, Zone::Hand);
    assert_eq!(g.zone_ids(ME, Zone::Removed), ["royce-psycho-on-the-edge"]);
    assert!(g.zone(ME, Zone::Field).is_empty());
}

#[test]
fn replacement_10_30_a_legend_moved_to_an_invalid_area_is_removed_despite_a_mandatory_one() {
    // Rule 4.4.1 is a game mechanic's replacement too: the Legend leaves its Legends area for
    // the hand, is removed from the game instead, and the mandatory prevention doesn't apply.
    let (mut g, l) = legend_dexter();
    prevent(&mut g, ActionKind::Move, l);
    move_to(&mut g, l, Zone::Hand);
    assert_eq!(
        g.zone_ids(ME, Zone::Removed),
        ["dexter-deshawn-off-the-grid"]
    );
    assert!(g.zone(ME, Zone::Legends).is_empty());
}

#[test]
fn replacement_10_30_a_legend_moved_within_valid_areas_keeps_the_mandatory_one() {
    // No game mechanic replaces a Legend's move to the field (rule 4.4: a valid area), so
    // the mandatory replacement applies there.
    let (mut g, l) = legend_dexter();
    prevent(&mut g, ActionKind::Move, l);
    move_to(&mut g, l, Zone::Field);
    assert_eq!(
        g.zone_ids(ME, Zone::Legends),
        ["dexter-deshawn-off-the-grid"]
    );
}

#[test]
fn replacement_10_30_a_solo_legend_bottom_decked_is_removed_despite_a_mandatory_one() {
    // Bottom-decking moves the solo Legend out of the field to the deck, where it can't be
    // (rules 4.4.1, 11.25.1): removed from the game, the mandatory prevention superseded.
    let (mut g, r) = solo_royce();
    prevent(&mut g, ActionKind::BottomDeck, r);
    g.perform(Action::BottomDeck(vec![r])).unwrap();
    assert_eq!(g.zone_ids(ME, Zone::Removed), ["royce-psycho-on-the-edge"]);
    assert!(g.zone(ME, Zone::Field).is_empty());
}

#[test]
fn replacement_10_30_a_defeat_is_not_the_move_the_mechanic_replaces() {
    // Rule 9.19.1.1: a defeated Unit is then moved to the trash. The game mechanic replaces
    // that move, not the defeat, so a mandatory replacement of the defeat itself still
    // applies to a solo Legend (as Deadman Transmitter does, rule 10.24's EXAMPLE).
    let (mut g, r) = solo_royce();
    prevent(&mut g, ActionKind::Defeat, r);
    g.perform(Action::Defeat(vec![r])).unwrap();
    assert_eq!(g.zone_ids(ME, Zone::Field), ["royce-psycho-on-the-edge"]);
    assert!(g.zone(ME, Zone::Removed).is_empty());
}

// ---- actions --------------------------------------------------------------------------------

#[test]
fn bottom_deck_11_12_random_order_at_the_bottom() {
    let mut me = PlayerSetup::default();
    me.hand = cards(&["chrome-fang", "psycho-squad", "mantis-blades"]);
    me.deck = cards(&["ruthless-lowlife", "ruthless-lowlife"]);
    let mut g = game(&setup(me, PlayerSetup::default()));
    let hand = g.zone(ME, Zone::Hand);
    g.perform(Action::BottomDeck(hand)).unwrap();
    let deck = g.zone_ids(ME, Zone::Deck);
    assert_eq!(deck.len(), 5);
    assert_eq!(deck[..2], ["ruthless-lowlife", "ruthless-lowlife"]);
    let mut bottom: Vec<_> = deck[2..].to_vec();
    bottom.sort();
    assert_eq!(bottom, ["chrome-fang", "mantis-blades", "psycho-squad"]);
}

#[test]
fn swap_6_6_exchanges_gigs_keeping_values_and_is_no_steal() {
    let mut me = PlayerSetup::default();
    me.gigs = vec![die(0, 4, 2)];
    let mut rival = PlayerSetup::default();
    rival.gigs = vec![die(1, 12, 11)];
    let mut g = game(&setup(me, rival));
    let steals = Trigger {
        on: EventKind::Steal,
        source: gigscript_engine::InstId(0),
        any_card: true,
        effect: EffectRef::Opaque(0),
    };
    g.add_trigger(steals).unwrap();
    let d4 = gigscript_engine::state::DieId(0);
    let d12 = gigscript_engine::state::DieId(10);
    g.perform(Action::Swap { a: d4, b: d12 }).unwrap();
    assert_eq!(g.gig_labels(ME), ["rival d12:11"]);
    assert_eq!(g.gig_labels(RIVAL), ["rival d4:2"]);
    assert!(
        g.state().pending.is_empty(),
        "rule 6.6.2: no steal triggers"
    );
    // Adjusting (rule 6.4): onto a face, never to the value it has or off its faces.
    g.perform(Action::Adjust {
        die: d12,
        value: 12,
    })
    .unwrap();
    g.perform(Action::Adjust { die: d4, value: 5 }).unwrap();
    assert_eq!(g.gig_labels(ME), ["rival d12:12"]);
    assert_eq!(g.gig_labels(RIVAL), ["rival d4:2"]);
    assert_eq!(g.street_cred(ME), Some(12));
    assert_eq!(
        game(&setup(PlayerSetup::default(), PlayerSetup::default())).street_cred(ME),
        None,
        "rule 11.2.3: null Street Cred"
    );
}

#[test]
fn legend_4_4_1_moved_to_an_invalid_area_is_removed() {
    let (mut g, l) = legend_dexter();
    move_to(&mut g, l, Zone::Hand);
    assert_eq!(
        g.zone_ids(ME, Zone::Removed),
        ["dexter-deshawn-off-the-grid"]
    );
    assert!(g.zone(ME, Zone::Hand).is_empty());
}

#[test]
fn until_next_turn_8_6_2_1_effects_end_at_the_start_of_that_players_turn() {
    let mut me = PlayerSetup::default();
    me.field = cards(&["chrome-fang"]);
    let mut g = game(&setup(me, PlayerSetup::default()));
    let u = g.zone(ME, Zone::Field)[0];
    g.add_effect(PersistentEffect {
        target: u,
        modifier: Modifier::Power(3),
        duration: Duration::UntilNextTurnOf(ME),
        source: None,
    })
    .unwrap();
    assert_eq!(g.power(u), 9);
    steps(&mut g, &["pass"]);
    assert_eq!(g.power(u), 9, "still on during the rival's turn");
    steps(&mut g, &["pass"]);
    assert_eq!(g.power(u), 6);
}

#[test]
fn keywords_can_be_granted() {
    let mut me = PlayerSetup::default();
    me.field = cards(&["chrome-fang"]);
    let mut rival = PlayerSetup::default();
    rival.field = cards(&["ruthless-lowlife"]);
    rival.gigs = vec![die(1, 4, 2)];
    let mut g = game(&setup(me, rival));
    let r = g.zone(RIVAL, Zone::Field)[0];
    g.add_effect(PersistentEffect {
        target: r,
        modifier: Modifier::Keyword(Keyword::Blocker),
        duration: Duration::Indefinite,
        source: None,
    })
    .unwrap();
    steps(&mut g, &["attack rival gigs with chrome-fang"]);
    assert!(has(&g, "block with ruthless-lowlife"));
}

/// This turn's history: an attack, its steal (the Gigs as the Rival held them) and a defeat
/// (the card as it was in the field), in order; a new turn starts a new history.
#[test]
fn this_turns_history_records_what_happened_with_its_facts() {
    use gigscript_dsl::prim::EventKind;
    use gigscript_engine::state::Fact;
    let me = PlayerSetup {
        field: vec![spec("psycho-squad", false, true, false, &[])],
        hand: cards(&["wild-in-the-streets"]),
        eddies: eddies(6),
        ..PlayerSetup::default()
    };
    let rival = PlayerSetup {
        field: vec![spec("swordwise-huscle", true, true, false, &[])],
        gigs: vec![die(1, 6, 3)],
        ..PlayerSetup::default()
    };
    let mut g = game(&setup(me, rival));
    let turn = g.state().turn;
    steps(&mut g, &["attack rival gigs with psycho-squad"]);
    steps(
        &mut g,
        &["play wild-in-the-streets", "choose rival swordwise-huscle"],
    );
    let h = &g.state().history;
    assert_eq!(h.turn, turn);
    let kinds: Vec<EventKind> = h.events.iter().map(|e| e.kind).collect();
    let at = |k: EventKind| kinds.iter().position(|&x| x == k).unwrap();
    assert!(at(EventKind::Attack) < at(EventKind::Steal), "{kinds:?}");
    let attack = &h.events[at(EventKind::Attack)];
    assert!(matches!(attack.actor, Some(Fact::Card(c)) if g.card_id(c.inst) == "psycho-squad"));
    let steal = &h.events[at(EventKind::Steal)];
    assert_eq!(steal.player, Some(PlayerId(0)));
    assert!(matches!(steal.objects[..], [Fact::Gig(d)] if d.holder == Some(PlayerId(1))));
    let defeat = &h.events[at(EventKind::Defeat)];
    assert!(matches!(defeat.objects[..], [Fact::Card(c)]
        if g.card_id(c.inst) == "swordwise-huscle" && c.zone == Zone::Field && c.spent));
    steps(&mut g, &["pass"]);
    let h = &g.state().history;
    assert_eq!(h.turn, turn + 1);
    assert!(!h.events.iter().any(|e| e.kind == EventKind::Steal));
}
