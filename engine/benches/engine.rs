//! Engine speed: one decision (apply + the next option list), a state clone, and complete
//! random and greedy games on one thread, with the two sample decks.
//! `cargo bench -p gigscript-engine` (each group runs for a few seconds).

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use gigscript_dsl::{card::load_cards, deck::load_deck, Sources};
use gigscript_engine::bot::{bot_by_name, step, Bot};
use gigscript_engine::{DeckList, Game, Pool};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

fn setup() -> (Arc<Pool>, [DeckList; 2]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut sources = Sources::new();
    let (db, _) = load_cards(&[root.join("cards")], &mut sources);
    let mut deck = |f: &str| {
        let d = load_deck(&root.join("decks").join(f), &mut sources).expect("sample deck");
        DeckList::from_deck(&d)
    };
    let decks = [deck("red-street.toml"), deck("yellow-blue-fixers.toml")];
    (Arc::new(Pool::from_db(&db)), decks)
}

fn bots(name: &str, seed: u64) -> [Box<dyn Bot>; 2] {
    [
        bot_by_name(name, seed).unwrap(),
        bot_by_name(name, seed ^ 1).unwrap(),
    ]
}

fn play(pool: &Arc<Pool>, decks: &[DeckList; 2], bot: &str, seed: u64) -> Game {
    let mut g = Game::new(pool.clone(), [&decks[0], &decks[1]], seed).unwrap();
    g.set_log_choices(false);
    let mut b = bots(bot, seed);
    while step(&mut g, &mut b).unwrap() {}
    g
}

/// A game stopped after `n` random decisions.
fn midgame(pool: &Arc<Pool>, decks: &[DeckList; 2], n: usize) -> Game {
    let mut g = Game::new(pool.clone(), [&decks[0], &decks[1]], 9).unwrap();
    let mut b = bots("random", 9);
    for _ in 0..n {
        step(&mut g, &mut b).unwrap();
    }
    g
}

fn benches(c: &mut Criterion) {
    let (pool, decks) = setup();
    let g = midgame(&pool, &decks, 40);
    c.bench_function("state clone (mid-game)", |b| {
        b.iter(|| black_box(g.state()).clone())
    });
    // Every decision of one recorded random game, replayed by index: apply + the next option
    // list, averaged over a real game (criterion reports the time per decision).
    let start = Game::new(pool.clone(), [&decks[0], &decks[1]], 3).unwrap();
    let choices = {
        let mut g = start.clone();
        let mut b = bots("random", 3);
        let mut v = Vec::new();
        while let Some(d) = g.decision_ref() {
            let ix = b[d.player.ix()].choose(&g.view(d.player), &d.options.clone());
            v.push(ix);
            g.apply_index(ix).unwrap();
        }
        v
    };
    let mut group = c.benchmark_group("decision");
    group.throughput(Throughput::Elements(choices.len() as u64));
    group.bench_function("apply + next options, per decision of a random game", |b| {
        b.iter_batched(
            || {
                let mut g = start.clone();
                g.set_log_choices(false);
                g
            },
            |mut g| {
                for &ix in &choices {
                    g.apply_index(ix).unwrap();
                }
                g
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
    for bot in ["random", "greedy"] {
        let mut seed = 0u64;
        c.bench_function(&format!("full game, {bot} vs {bot}"), |b| {
            b.iter(|| {
                seed += 1;
                play(&pool, &decks, bot, seed).outcome()
            })
        });
    }
}

criterion_group! {
    name = engine;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20);
    targets = benches
}
criterion_main!(engine);
