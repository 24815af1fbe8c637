//! Pre-game rules that a ruling cannot show (rulings start in a Main or Start Phase): a new game
//! from two deck lists, driven through its setup (rules 7.4–7.9) with `Game::new`.

use crate::common;

use common::*;
use gigscript_engine::{DecisionKind, Game, PlayerId, Zone};

/// The ids of a player's cards in a zone, sorted (a multiset to compare with a deck list).
fn sorted_ids(g: &Game, p: PlayerId, zones: &[Zone]) -> Vec<String> {
    let mut v: Vec<String> = zones
        .iter()
        .flat_map(|&z| g.zone_ids(p, z))
        .map(str::to_owned)
        .collect();
    v.sort();
    v
}

/// The seat of a deck: the game was made with `decks()[0]` for player 0.
fn deck_of(p: PlayerId) -> gigscript_engine::DeckList {
    decks()[p.ix()].clone()
}

/// A new game once the order is chosen: decks shuffled and placed, Legends placed, hands drawn
/// (rules 7.6–7.9.1), before the mulligans.
fn prepared(seed: u64) -> Game {
    let mut g = new_game(seed);
    steps(&mut g, &["go first"]);
    g
}

#[test]
fn legends_4_3_and_5_7_1_begin_face_down_in_the_legends_area_in_a_random_order() {
    let mut orders = std::collections::BTreeSet::new();
    for seed in 0..24 {
        let g = prepared(seed);
        for p in PlayerId::BOTH {
            let legends = g.zone(p, Zone::Legends);
            assert_eq!(legends.len(), 3, "seed {seed}");
            assert!(legends.iter().all(|&l| !g.inst(l).unwrap().face_up));
            // Rule 7.7.4 spends the first player's two left-most; the third stays ready.
            assert!(!g.inst(legends[2]).unwrap().spent);
            let mut ids: Vec<String> = g
                .zone_ids(p, Zone::Legends)
                .into_iter()
                .map(str::to_owned)
                .collect();
            if p == PlayerId(0) {
                orders.insert(ids.clone());
            }
            ids.sort();
            let mut want = deck_of(p).legends;
            want.sort();
            assert_eq!(ids, want, "seed {seed}: the deck's three Legends");
            // No Legend is anywhere else (rule 7.7.3: all three in the Legends area).
            for z in [Zone::Hand, Zone::Deck, Zone::Field, Zone::Trash] {
                assert!(g
                    .zone_ids(p, z)
                    .iter()
                    .all(|id| !want.iter().any(|l| l == id)));
            }
        }
    }
    // Randomised (rules 7.7.1, 5.7.1): over 24 seeds the order is not always the same.
    assert!(orders.len() > 1, "one order for every seed: {orders:?}");
}

#[test]
fn deck_5_5_6_the_constructed_deck_is_placed_in_the_deck_area() {
    for seed in 0..8 {
        let g = prepared(seed);
        for p in PlayerId::BOTH {
            // The opening hand (rule 7.9.1) came from the deck: deck + hand is the main deck.
            let mut want = deck_of(p).main;
            want.sort();
            assert_eq!(sorted_ids(&g, p, &[Zone::Deck, Zone::Hand]), want);
            assert_eq!(g.zone(p, Zone::Hand).len(), 6);
            assert!(g.zone(p, Zone::Field).is_empty() && g.zone(p, Zone::Trash).is_empty());
        }
    }
    // Shuffled (rule 7.6): the deck order differs between seeds.
    let tops: std::collections::BTreeSet<Vec<String>> = (0..8)
        .map(|s| {
            prepared(s)
                .zone_ids(PlayerId(0), Zone::Deck)
                .into_iter()
                .map(str::to_owned)
                .collect()
        })
        .collect();
    assert!(tops.len() > 1);
}

#[test]
fn first_turn_8_2_1_begins_after_both_players_complete_the_pre_game_setup() {
    for seed in 0..8 {
        let mut g = new_game(seed);
        // Choosing the order and both mulligan decisions come before any turn.
        assert_eq!(g.decision().unwrap().prompt, DecisionKind::TurnOrder);
        assert_eq!(
            g.state().turn,
            0,
            "seed {seed}: no turn before the setup ends"
        );
        steps(&mut g, &["go first"]);
        let first = g.state().first_player.unwrap();
        let d = g.decision().unwrap();
        assert_eq!((d.prompt, d.player), (DecisionKind::Mulligan, first));
        assert_eq!(g.state().turn, 0);
        steps(&mut g, &["keep"]);
        let d = g.decision().unwrap();
        assert_eq!(
            (d.prompt, d.player),
            (DecisionKind::Mulligan, first.other())
        );
        assert_eq!(
            g.state().turn,
            0,
            "the second player's setup is not done yet"
        );
        // The first player's hand is still the opening hand: their turn has not begun.
        assert_eq!(g.zone(first, Zone::Hand).len(), 6);
        steps(&mut g, &["keep"]);
        assert_eq!(g.state().turn, 1);
        assert_eq!(g.state().turn_player, first);
        assert_eq!(g.decision().unwrap().player, first);
    }
}
