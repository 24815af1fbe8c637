//! Plays random games between the two sample decks and reports games per second
//! (single thread). `cargo run --release -p gigscript-engine --example random_games -- 2000`
//! Pass `--log SEED` to print one game's log instead.

use gigscript_dsl::{card::load_cards, deck::load_deck, Sources};
use gigscript_engine::{DeckList, Game, Outcome, Pool};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut sources = Sources::new();
    let (db, _) = load_cards(&[root.join("cards")], &mut sources);
    let pool = Arc::new(Pool::from_db(&db));
    let a = load_deck(&root.join("decks/red-street.toml"), &mut sources).expect("deck");
    let b = load_deck(&root.join("decks/yellow-blue-fixers.toml"), &mut sources).expect("deck");
    let (a, b) = (DeckList::from_deck(&a), DeckList::from_deck(&b));
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--log") {
        let seed = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        let g = play(&pool, &a, &b, seed).0;
        for e in g.log() {
            println!("{}", g.describe(e));
        }
        return;
    }
    if args.first().map(String::as_str) == Some("--clone") {
        // Time `State::clone` on a mid-game state (after half of a game's choices).
        let (_, total) = play(&pool, &a, &b, 9);
        let g = play_n(&pool, &a, &b, 9, total / 2);
        let reps = 200_000;
        let start = Instant::now();
        let mut keep = 0usize;
        for _ in 0..reps {
            let s = std::hint::black_box(g.state()).clone();
            keep += s.instances.len();
        }
        let ns = start.elapsed().as_nanos() as f64 / reps as f64;
        println!(
            "State::clone of a mid-game state (turn {}): {ns:.0} ns ({keep})",
            g.state().turn
        );
        return;
    }
    let n: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let start = Instant::now();
    let (mut choices, mut turns, mut wins) = (0usize, 0usize, [0usize; 3]);
    for seed in 0..n {
        let (g, c) = play(&pool, &a, &b, seed);
        choices += c;
        turns += g.state().turn as usize;
        match g.outcome() {
            Some(Outcome::Winner(p)) => wins[p.ix()] += 1,
            _ => wins[2] += 1,
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{n} games in {secs:.2}s: {:.0} games/s, {:.0} choices/s, {:.1} turns and {:.0} choices a game; wins p0 {} p1 {} tie {}",
        n as f64 / secs,
        choices as f64 / secs,
        turns as f64 / n as f64,
        choices as f64 / n as f64,
        wins[0],
        wins[1],
        wins[2]
    );
}

fn play(pool: &Arc<Pool>, a: &DeckList, b: &DeckList, seed: u64) -> (Game, usize) {
    let g = play_n(pool, a, b, seed, usize::MAX);
    let n = g
        .log()
        .iter()
        .filter(|e| matches!(e, gigscript_engine::LogEntry::Choice { auto: false, .. }))
        .count();
    (g, n)
}

fn play_n(pool: &Arc<Pool>, a: &DeckList, b: &DeckList, seed: u64, max: usize) -> Game {
    let mut g = Game::new(pool.clone(), [a, b], seed).expect("decks load");
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xDEC1DE);
    let mut n = 0;
    while let Some(d) = g.decision() {
        if n >= max {
            break;
        }
        let c = d.options[rng.gen_range(0..d.options.len())];
        g.apply(&c).expect("a legal choice applies");
        n += 1;
    }
    g
}
