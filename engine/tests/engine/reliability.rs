//! Invariants under random play with the whole card pool: random legal decks (rules 7.3, 3.20,
//! checked by `check_deck`), uniformly random choices, and after every `apply` the checks of
//! [`Checker::check`]. Every game is replayed from its seed and its choice labels, and must
//! reproduce its log byte for byte.
//!
//! `cargo test -p gigscript-engine --test engine reliability::` plays [`GAMES`] games; the soak
//! test (`--ignored`, in release) plays a million. A failure names the game's seed; one game is
//! replayed with `RELIABILITY_SEED=<seed> cargo test -p gigscript-engine --test engine
//! reliability::one_game -- --ignored --nocapture`, which prints its log.

use crate::common;

use gigscript_dsl::card::{CardDb, CardType};
use gigscript_dsl::Sources;
use gigscript_engine::state::{DieArea, Frame, SetupStep, DICE_SIDES};
use gigscript_engine::{Game, LogEntry, PlayerId, Pool, State, Zone};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::{Arc, OnceLock};

/// Games of the `cargo test` run.
const GAMES: u64 = 2_000;
/// Games of the soak test.
const SOAK_GAMES: u64 = 1_000_000;
/// How thoroughly a run checks: the state is serialised and read back every `serde_every`
/// applies (and at the end of every game); every `replay_every`-th game is replayed from its
/// seed and labels. The invariants of [`Checker::check`] are checked after every apply always.
#[derive(Clone, Copy)]
struct Depth {
    serde_every: usize,
    replay_every: u64,
}

/// `cargo test`: a round trip every 8 applies, every game replayed.
const FULL: Depth = Depth {
    serde_every: 8,
    replay_every: 1,
};
/// The soak test: a round trip every 64 applies, one game in 16 replayed (a million games at
/// the full depth would take hours on two cores).
const SOAK: Depth = Depth {
    serde_every: 64,
    replay_every: 16,
};
/// Most game turns of one game. Every turn draws a card and a main deck has at most 50, so a
/// game without effects that return cards to decks ends by about turn 110 (rule 1.14).
const TURN_BOUND: u16 = 200;
/// A long run prints a line every this many games (with `--nocapture`).
const PROGRESS_EVERY: u64 = 20_000;
/// Most choices in one game.
const CHOICE_BOUND: usize = 20_000;

/// Which cards the random decks are drawn from.
#[derive(Clone, Copy)]
enum Cards {
    /// the catalogue
    Catalogue,
    /// cards whose texts the composition generator wrote (`tests/support/compose.rs`)
    Composed,
}

impl Cards {
    fn get(self) -> &'static (CardDb, Arc<Pool>) {
        match self {
            Cards::Catalogue => common::decks::catalogue(),
            Cards::Composed => composed(),
        }
    }
}

#[path = "../../../tests/support/compose.rs"]
mod compose;

/// Composed texts made into cards.
const COMPOSED_CARDS: usize = 2_000;

/// [`COMPOSED_CARDS`] texts of the composition generator made into card files (facts cycling
/// through the colours, costs and powers), each loaded as `gig check` loads a card file; the
/// ones whose text the executor runs make the pool. Every text of the generator lowers
/// (`dsl/tests/lower.rs`); a card the executor would not run is left out and counted, and the
/// pool must keep most of them.
fn composed() -> &'static (CardDb, Arc<Pool>) {
    static COMPOSED: OnceLock<(CardDb, Arc<Pool>)> = OnceLock::new();
    COMPOSED.get_or_init(|| {
        const COLORS: [&str; 4] = ["red", "blue", "green", "yellow"];
        let mut sources = Sources::new();
        let mut cards = Vec::new();
        let mut unrunnable = 0;
        for (i, (kind, text)) in compose::texts(29, COMPOSED_CARDS).into_iter().enumerate() {
            let color = COLORS[i % COLORS.len()];
            let (cost, power) = (1 + i % 6, 1 + (i / 6) % 8);
            let facts = match kind {
                CardType::Unit => format!(
                    "type = \"unit\"\ncost = {cost}\nram = {}\npower = {power}\n",
                    1 + i % 2
                ),
                CardType::Legend => {
                    format!("type = \"legend\"\ncost = {cost}\nram = 2\npower = {power}\n")
                }
                CardType::Gear => format!(
                    "type = \"gear\"\ncost = {cost}\nram = 1\npower = {}\n",
                    1 + i % 3
                ),
                CardType::Program => format!("type = \"program\"\ncost = {cost}\nram = 1\n"),
            };
            let file = format!(
                "id = \"composed-{i}\"\nname = \"Composed {i}\"\n{facts}color = \"{color}\"\n\
                 tags = [\"GANGER\"]\nsell = {}\nset = \"composed\"\ntext = \"\"\"\n{text}\"\"\"\n",
                i % 3 == 0
            );
            let id = sources.add(format!("cards/composed/composed-{i}.toml"), file.clone());
            let card = gigscript_dsl::card::parse_card(&sources, id)
                .unwrap_or_else(|e| panic!("composed card {i} does not load: {e:?}\n{file}"));
            match gigscript_engine::pool::lower_card(&card) {
                Ok(_) => cards.push(card),
                Err(why) => {
                    if std::env::var_os("RELIABILITY_SHOW_UNRUNNABLE").is_some() {
                        eprintln!(
                            "composed-{i}: {}{:?}",
                            text.trim_end(),
                            why.iter().map(|w| &w.1).collect::<Vec<_>>()
                        );
                    }
                    unrunnable += 1
                }
            }
        }
        assert!(
            unrunnable * 10 < COMPOSED_CARDS,
            "{unrunnable} of {COMPOSED_CARDS} composed cards don't execute"
        );
        eprintln!("{} composed cards execute, {unrunnable} don't", cards.len());
        let db = CardDb::from_cards(cards);
        let pool = Arc::new(Pool::from_db(&db));
        (db, pool)
    })
}

/// What does not change during a game, taken at its start.
struct Checker {
    /// each instance's card and owner
    cards: Vec<(gigscript_engine::CardIdx, PlayerId)>,
    pool: Arc<Pool>,
}

impl Checker {
    fn new(g: &Game) -> Checker {
        Checker {
            cards: g
                .state()
                .instances
                .iter()
                .map(|i| (i.card, i.owner))
                .collect(),
            pool: g.pool().clone(),
        }
    }

    /// The invariants of a state between two decisions; `Err` says which one broke.
    fn check(&self, g: &Game) -> Result<(), String> {
        let st = g.state();
        // every card instance is listed in exactly one zone of its controller, or equipped to
        // one host in play (or is a Program resolving); none appears or disappears
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| common::check_invariants(g)))
            .map_err(|e| {
                e.downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default()
            })?;
        if st.instances.len() != self.cards.len() {
            return Err(format!(
                "{} instances, the game began with {}",
                st.instances.len(),
                self.cards.len()
            ));
        }
        for (k, (inst, &(card, owner))) in st.instances.iter().zip(&self.cards).enumerate() {
            if inst.card != card || inst.owner != owner {
                return Err(format!("instance {k} changed its card or owner"));
            }
            if let Some(h) = inst.equipped_to {
                if h.0 as usize == k {
                    return Err(format!("instance {k} is equipped to itself"));
                }
                let host = &st.instances[h.0 as usize];
                if host.equipped_to.is_some() {
                    return Err(format!("instance {k} is equipped to equipped Gear"));
                }
            }
            // rule 4.4: a Legend is only in the Legends area or the field (else removed)
            if self.pool.facts(inst.card).kind == CardType::Legend
                && !matches!(inst.zone, Zone::Legends | Zone::Field | Zone::Removed)
            {
                return Err(format!(
                    "Legend {} (instance {k}) in an invalid area: {:?}",
                    self.pool.id(inst.card),
                    inst.zone
                ));
            }
        }
        // each player owns exactly its six dice, one of each size, each in its owner's fixer
        // or a Gig area, with a value on its faces
        if st.dice.len() != 12 {
            return Err(format!("{} dice", st.dice.len()));
        }
        for p in PlayerId::BOTH {
            let mut sides: Vec<u8> = st
                .dice
                .iter()
                .filter(|d| d.owner == p)
                .map(|d| d.sides)
                .collect();
            sides.sort_unstable();
            if sides != DICE_SIDES {
                return Err(format!("p{} owns dice {sides:?}", p.0));
            }
        }
        // before setup places them (rule 7.8) the dice are out of the game, all of them
        let before_setup = st.frames.iter().any(|f| {
            matches!(
                f,
                Frame::Setup(SetupStep::RollFirst | SetupStep::ChooseOrder(_))
            )
        });
        for d in &st.dice {
            if before_setup && d.area == DieArea::Out {
                continue;
            }
            if !(1..=d.sides).contains(&d.value) {
                return Err(format!("a d{} shows {}", d.sides, d.value));
            }
            match d.area {
                DieArea::Fixer(p) if p == d.owner => {}
                DieArea::Gigs(_) => {}
                a => return Err(format!("a die of p{} in {a:?}", d.owner.0)),
            }
        }
        // counts: turn numbers and counters stay in range (an unsigned count that went below
        // zero would wrap to a huge value in release builds)
        let in_setup = st.frames.iter().any(|f| matches!(f, Frame::Setup(_)));
        if (st.turn == 0 && !in_setup) || st.turn > TURN_BOUND {
            return Err(format!("turn {}", st.turn));
        }
        for p in PlayerId::BOTH {
            let pl = st.player(p);
            if pl.turns_taken > st.turn {
                return Err(format!(
                    "p{} took {} turns by turn {}",
                    p.0, pl.turns_taken, st.turn
                ));
            }
        }
        if st.empty_fixer_turns > 2 && !st.overtime {
            return Err(format!(
                "{} empty-fixer turns without overtime (rule 1.11.1)",
                st.empty_fixer_turns
            ));
        }
        if st.pending.len() > gigscript_engine::game::MAX_PENDING {
            return Err(format!("{} pending effects", st.pending.len()));
        }
        Ok(())
    }
}

/// The log as text, one line per entry.
fn log_text(g: &Game) -> Vec<String> {
    g.log().iter().map(|e| g.describe(e)).collect()
}

/// The decks and the choice generator of game `seed`.
fn game_setup(cards: Cards, seed: u64) -> (Game, ChaCha8Rng) {
    let (db, pool) = cards.get();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let a = common::decks::random_deck(db, &mut rng);
    let b = common::decks::random_deck(db, &mut rng);
    let g = Game::new(pool.clone(), [&a, &b], rng.gen()).expect("a legal deck makes a game");
    (g, rng)
}

/// Plays game `seed` with random choices, checking every invariant after every apply; the
/// game's choice labels and log on success, a description of the first violation otherwise.
fn play(cards: Cards, seed: u64, depth: Depth) -> Result<Game, String> {
    let (mut g, rng) = game_setup(cards, seed);
    play_on(&mut g, rng, depth).map(|()| g)
}

/// The body of [`play`], on a game the caller keeps (to print its log after a violation).
fn play_on(g: &mut Game, mut rng: ChaCha8Rng, depth: Depth) -> Result<(), String> {
    let checker = Checker::new(g);
    checker.check(g).map_err(|e| format!("at the start: {e}"))?;
    let mut n = 0;
    while let Some(d) = g.decision_ref() {
        if d.options.is_empty() {
            return Err(format!("after {n} choices: an empty option list"));
        }
        let ix = rng.gen_range(0..d.options.len());
        n += 1;
        // the label is in the log (LogEntry::Choice), read only when something breaks
        let at = |g: &Game| format!("after choice {n} `{}`", last_choice(g));
        g.apply_index(ix)
            .map_err(|e| format!("choice {n} (option {ix}) fails: {e}"))?;
        checker.check(g).map_err(|e| format!("{}: {e}", at(g)))?;
        if n > CHOICE_BOUND {
            return Err(format!("no end after {CHOICE_BOUND} choices"));
        }
        if n % depth.serde_every == 0 {
            round_trip(g).map_err(|e| format!("{}: {e}", at(g)))?;
            if g.decision_ref() != g.decision().as_ref() {
                return Err(format!("{}: the cached decision is stale", at(g)));
            }
        }
    }
    round_trip(g).map_err(|e| format!("at the end: {e}"))?;
    if g.outcome().is_none() {
        return Err("no decision and no outcome".into());
    }
    let logged = choice_labels(g).len();
    if logged != n {
        return Err(format!("{n} choices, {logged} in the log"));
    }
    Ok(())
}

/// The labels of the choices of a game (not the automatic ones), in its log's order.
fn choices(g: &Game) -> impl DoubleEndedIterator<Item = &String> {
    g.log().iter().filter_map(|e| match e {
        LogEntry::Choice {
            label, auto: false, ..
        } => Some(label),
        _ => None,
    })
}

/// [`choices`], collected.
fn choice_labels(g: &Game) -> Vec<String> {
    choices(g).cloned().collect()
}

/// The label of the last choice in the log.
fn last_choice(g: &Game) -> String {
    choices(g).next_back().cloned().unwrap_or_default()
}

fn round_trip(g: &Game) -> Result<(), String> {
    let json = serde_json::to_string(g.state()).map_err(|e| format!("serialise: {e}"))?;
    let back: State = serde_json::from_str(&json).map_err(|e| format!("deserialise: {e}"))?;
    if &back != g.state() {
        return Err("the state changed in a serde round trip".into());
    }
    Ok(())
}

/// Replays game `seed` from its labels; the log must be the same, byte for byte.
fn replay(cards: Cards, seed: u64, labels: &[String], log: &[String]) -> Result<(), String> {
    let (mut g, _) = game_setup(cards, seed);
    for (k, l) in labels.iter().enumerate() {
        g.apply_label(l)
            .map_err(|e| format!("replay: choice {} `{l}` fails: {e}", k + 1))?;
    }
    let again = log_text(&g);
    if again != log {
        let at = again.iter().zip(log).position(|(a, b)| a != b);
        return Err(format!("the replay departs from the log at line {at:?}"));
    }
    Ok(())
}

/// Plays games `first..first + n` on every core; the violations, by seed.
fn run(cards: Cards, first: u64, n: u64, depth: Depth) -> Vec<(u64, String)> {
    let results = common::each_seed(first, n, |seed| {
        let r = play(cards, seed, depth).and_then(|g| {
            if seed % depth.replay_every == 0 {
                replay(cards, seed, &choice_labels(&g), &log_text(&g))
            } else {
                Ok(())
            }
        });
        if let Err(e) = &r {
            eprintln!("seed {seed}: {e}");
        }
        if (seed - first) % PROGRESS_EVERY == 0 {
            eprintln!("{} games played", seed - first + 1);
        }
        r
    });
    (results.into_iter())
        .filter_map(|(seed, r)| r.err().map(|e| (seed, e)))
        .collect()
}

fn report(bad: &[(u64, String)]) -> String {
    bad.iter()
        .take(20)
        .map(|(s, e)| format!("seed {s}: {e}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Seeds beyond [`GAMES`] where the soak test once found a violation, played by `cargo test`
/// too. 113163: the game ends while a Program resolves (p1 draws from an empty deck during
/// `trust-no-one`), leaving the Program in the resolving zone with no frame.
const REGRESSIONS: [u64; 1] = [113_163];

#[test]
fn random_games_of_random_legal_decks_keep_every_invariant() {
    let mut bad = run(Cards::Catalogue, 0, GAMES, FULL);
    for seed in REGRESSIONS {
        bad.extend(run(Cards::Catalogue, seed, 1, FULL));
    }
    assert!(
        bad.is_empty(),
        "{} games broke:\n{}",
        bad.len(),
        report(&bad)
    );
}

/// Games of composed cards in the `cargo test` run (`RELIABILITY_COMPOSED_GAMES` changes it).
const COMPOSED_GAMES: u64 = 200;

/// Random games between random legal decks of composed cards: the texts a designer could write
/// by crossing the language's slots run under the same invariants as the catalogue's.
#[test]
fn random_games_of_composed_cards_keep_every_invariant() {
    let n = env_u64("RELIABILITY_COMPOSED_GAMES", COMPOSED_GAMES);
    let bad = run(Cards::Composed, 0, n, FULL);
    assert!(
        bad.is_empty(),
        "{} of {n} games of composed cards broke:\n{}",
        bad.len(),
        report(&bad)
    );
}

/// The number in environment variable `k`, else `default`.
fn env_u64(k: &str, default: u64) -> u64 {
    std::env::var(k)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The soak test: a million games (run in release, `--ignored`). `RELIABILITY_GAMES` and
/// `RELIABILITY_FIRST` change the count and the first seed.
#[test]
#[ignore]
fn soak_a_million_random_games() {
    let (first, n) = (
        env_u64("RELIABILITY_FIRST", GAMES),
        env_u64("RELIABILITY_GAMES", SOAK_GAMES),
    );
    let start = std::time::Instant::now();
    let bad = run(Cards::Catalogue, first, n, SOAK);
    eprintln!(
        "{n} games from seed {first} in {:.0} s: {} violations",
        start.elapsed().as_secs_f64(),
        bad.len()
    );
    assert!(
        bad.is_empty(),
        "{} games broke:\n{}",
        bad.len(),
        report(&bad)
    );
}

/// One game by seed (`RELIABILITY_SEED`; of composed cards with `RELIABILITY_COMPOSED=1`), its
/// log printed: to look into a violation.
#[test]
#[ignore]
fn one_game() {
    let seed = env_u64("RELIABILITY_SEED", 0);
    let cards = match std::env::var("RELIABILITY_COMPOSED") {
        Ok(_) => Cards::Composed,
        Err(_) => Cards::Catalogue,
    };
    let (mut g, rng) = game_setup(cards, seed);
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| play_on(&mut g, rng, FULL)))
        .unwrap_or_else(|_| Err("panicked".into()));
    // the log up to the violation, then the violation
    println!("{}", log_text(&g).join("\n"));
    if let Err(e) = r {
        panic!("seed {seed}: {e}");
    }
}
