//! Whether the engine asks only real questions (rules 2.8, 10.6, 10.7): in random games between
//! random legal decks of the whole pool, at every decision
//!
//! - no decision but the Main Phase's has exactly one option (a single option leaves nothing
//!   to decide: the engine takes it and logs it as `(only option)`; the Main Phase waits for
//!   its `pass`), and
//! - no two options lead to the same state (each option is applied to a copy of the game and
//!   the states are compared; the log is not part of the state).
//!
//! `cargo test -p gigscript-engine --test engine decisions::` plays [`GAMES`] games and asserts the
//! first, printing what it found of the second; `--ignored` (in release) plays [`SOAK_GAMES`]
//! and asserts both. A failure names the game's seed, the decision and its labels.

use crate::common;

use gigscript_engine::{Decision, DecisionKind, Game, State};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// Games of the `cargo test` run.
const GAMES: u64 = 500;
/// Games of the long run.
const SOAK_GAMES: u64 = 10_000;
/// Most choices in one game.
const CHOICE_BOUND: usize = 20_000;
/// What a decision with a single option is called in the report.
const SINGLE: &str = "a decision with a single option";
/// Log lines shown before a decision that breaks a rule of this test.
const CONTEXT: usize = 4;

/// What one game found: its decisions and the questions that were not real.
#[derive(Default)]
struct Found {
    decisions: usize,
    /// (what is wrong, the decision's prompt, its labels, the log before it)
    unreal: Vec<(&'static str, String, Vec<String>, Vec<String>)>,
}

/// Game `seed`: two random legal decks, then random choices from the same generator.
fn game_setup(seed: u64) -> (Game, ChaCha8Rng) {
    let (db, pool) = common::decks::catalogue();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let a = common::decks::random_deck(db, &mut rng);
    let b = common::decks::random_deck(db, &mut rng);
    let g = Game::new(pool.clone(), [&a, &b], rng.gen()).expect("a legal deck makes a game");
    (g, rng)
}

/// Worlds besides the game's own in which the options are tried: the same game with each deck
/// shuffled and the dice's generator reseeded. Two options are
/// alike only when they lead to the same state in every world: an answer whose outcome turns
/// on a card or a roll the player can't know (`choose a card type`, then reveal the top card) is
/// a real question even when this game's hidden cards make both answers come out the same.
const WORLDS: u64 = 16;

/// Game `g` with the order of its decks and its generator changed by `k`.
fn world(g: &Game, k: u64) -> Game {
    let mut st = g.state().clone();
    let mut rng = ChaCha8Rng::seed_from_u64(k);
    for p in &mut st.players {
        p.deck.shuffle(&mut rng);
    }
    st.rng = ChaCha8Rng::seed_from_u64(rng.gen());
    let mut w = Game::from_state(g.pool().clone(), st);
    w.set_log_choices(false);
    w
}

/// The states option `ix` of decision `d` leads to in game `g` and in each of its other worlds
/// (`None` where the option is not one there).
fn outcomes(
    g: &Game,
    worlds: &[Game],
    d: &Decision,
    ix: usize,
) -> Result<Vec<Option<State>>, String> {
    let mut h = g.clone();
    h.set_log_choices(false);
    h.apply_index(ix)
        .map_err(|e| format!("option {ix} of {:?} fails: {e}", d.prompt))?;
    let mut out = vec![Some(h.state().clone())];
    for w in worlds {
        let mut h = w.clone();
        out.push(h.apply(&d.options[ix]).ok().map(|()| h.state().clone()));
    }
    Ok(out)
}

/// What is wrong with decision `d` of game `g`, if anything: the indices of two options that
/// lead to the same state, or a single option.
fn unreal(g: &Game, d: &Decision) -> Result<Option<(&'static str, Vec<usize>)>, String> {
    // The Main Phase waits for its `pass` (rule 8.9: the turn player ends it), even when
    // there is nothing else to do; every other decision with one option is taken.
    if d.options.len() == 1 && d.prompt != DecisionKind::MainAction {
        return Ok(Some((SINGLE, vec![0])));
    }
    let mut after = Vec::with_capacity(d.options.len());
    for ix in 0..d.options.len() {
        after.push(outcomes(g, &[], d, ix)?);
    }
    let mut worlds: Option<Vec<Game>> = None;
    for i in 0..after.len() {
        for j in i + 1..after.len() {
            if after[i][0] != after[j][0] {
                continue;
            }
            // the same here: the same in every world?
            let ws = worlds.get_or_insert_with(|| (1..=WORLDS).map(|k| world(g, k)).collect());
            let (a, b) = (outcomes(g, ws, d, i)?, outcomes(g, ws, d, j)?);
            // A new turn readies every card (rule 8.6): answers that differed only in what
            // they spent come out the same once the turn has passed, and still were real.
            let same_turn =
                |x: &Option<State>| x.as_ref().is_some_and(|x| x.turn == g.state().turn);
            if a.iter().zip(&b).all(|(x, y)| same_turn(x) && x == y) {
                return Ok(Some(("two options lead to the same state", vec![i, j])));
            }
        }
    }
    Ok(None)
}

/// Plays game `seed` with random choices, checking every decision.
fn play(seed: u64) -> Result<Found, String> {
    let (mut g, mut rng) = game_setup(seed);
    let mut found = Found::default();
    while let Some(d) = g.decision_ref().cloned() {
        found.decisions += 1;
        if found.decisions > CHOICE_BOUND {
            return Err(format!("no end after {CHOICE_BOUND} choices"));
        }
        if let Some((what, ixs)) = unreal(&g, &d)? {
            let labels = g.labels(&d);
            let log = g.log();
            let context = log[log.len().saturating_sub(CONTEXT)..]
                .iter()
                .map(|e| g.describe(e))
                .collect();
            let named = ixs.iter().map(|&i| labels[i].clone()).collect();
            found
                .unreal
                .push((what, format!("{:?}", d.prompt), named, context));
        }
        let ix = rng.gen_range(0..d.options.len());
        g.apply_index(ix)
            .map_err(|e| format!("choice {} fails: {e}", found.decisions))?;
    }
    Ok(found)
}

/// Plays games `first..first + n` on every core: per seed, what it found.
fn run(first: u64, n: u64) -> Vec<(u64, Result<Found, String>)> {
    common::each_seed(first, n, play)
}

/// Plays `n` games, printing how many asked a question that is not real, the decisions per game,
/// and the kinds of unreal question (with an example of each). Fails if a game broke, or asked a
/// decision with a single option, or (`alike`) had two options that lead to the same state.
fn check(n: u64, alike: bool) {
    let results = run(0, n);
    let mut failing = 0;
    let mut single = 0;
    let mut decisions = 0;
    let mut errors = Vec::new();
    // (what, prompt, first label's first word) -> (count, an example)
    let mut kinds: BTreeMap<(String, String, String), (usize, String)> = BTreeMap::new();
    for (seed, r) in &results {
        match r {
            Err(e) => errors.push(format!("seed {seed}: {e}")),
            Ok(f) => {
                decisions += f.decisions;
                if !f.unreal.is_empty() {
                    failing += 1;
                }
                if f.unreal.iter().any(|u| u.0 == SINGLE) {
                    single += 1;
                }
                for (what, prompt, labels, context) in &f.unreal {
                    let word = labels[0].split(' ').next().unwrap_or("").to_owned();
                    let e = kinds
                        .entry((what.to_string(), prompt.clone(), word))
                        .or_insert_with(|| {
                            let example = format!(
                                "seed {seed}: {labels:?} after\n      {}",
                                context.join("\n      ")
                            );
                            (0, example)
                        });
                    e.0 += 1;
                }
            }
        }
    }
    eprintln!(
        "{failing} of {n} games asked a question that is not real; {:.1} decisions a game",
        decisions as f64 / n as f64
    );
    for ((what, prompt, word), (count, example)) in &kinds {
        eprintln!("{count:6} × {what} ({prompt}, `{word} …`), e.g. {example}");
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    assert_eq!(
        single, 0,
        "{single} of {n} games asked a single-option question"
    );
    if alike {
        assert_eq!(failing, 0, "{failing} of {n} games asked unreal questions");
    }
}

/// No decision of a random game has a single option; the options that lead to the same state
/// are counted and shown (a Gig at its min chosen for a decrease, rule 6.4.4's example, or an
/// effect that spends a spent Unit, FAQ-207, are legal choices that change nothing; two
/// different pending effects may commute).
#[test]
fn no_decision_of_random_games_has_a_single_option() {
    check(GAMES, false);
}

/// The long run (in release, `--ignored`): no single option, and no two options alike.
#[test]
#[ignore]
fn every_decision_of_ten_thousand_random_games_is_a_real_question() {
    check(SOAK_GAMES, true);
}
