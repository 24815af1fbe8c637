//! `gig sim`: bot games in parallel (rayon), a results table or JSON, shards and `merge`.
//!
//! Each game's seeds come from the run seed and the game's index alone, and results are integer
//! sums (associative and commutative), so a run gives the same totals for any thread count and
//! any split into shards.

use crate::cmd::{game_deck, sample_deck, Context, Outcome};
use crate::out::{errln, outln};
use gigscript_dsl::Sources;
use gigscript_engine::bot::{bot_by_name, step, Bot, BOT_NAMES};
use gigscript_engine::{Event, Game, LogEntry, Outcome as GameOutcome, Pool};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// Most decisions one simulated game may take before it is counted unfinished.
pub const MAX_DECISIONS: u64 = 100_000;
/// Most games one run may ask for (`--games`): a billion games is days of work already.
pub const MAX_GAMES: u64 = 1_000_000_000;
/// Most worker threads (`--threads`).
pub const MAX_THREADS: usize = 256;
/// Largest `gig sim --json` result `gig sim merge` reads (bytes).
pub const MAX_RESULT_LEN: u64 = 16 * 1024 * 1024;

/// What `gig sim` was asked.
pub struct SimArgs {
    /// the two deck files (side A, side B)
    pub decks: Vec<PathBuf>,
    /// games in the whole run
    pub games: u64,
    /// bot names for side A and side B
    pub bots: Vec<String>,
    /// the run seed
    pub seed: u64,
    /// worker threads (0: one per core)
    pub threads: usize,
    /// print JSON
    pub json: bool,
    /// `i/n`: only games with index ≡ i (mod n)
    pub shard: Option<String>,
    /// single thread, games/s only
    pub bench: bool,
}

/// Per-card counts of one side.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CardStat {
    /// 0 for side A, 1 for side B
    pub side: u8,
    /// card id
    pub id: String,
    /// games in which it was drawn
    pub drawn: u64,
    /// games in which it was played
    pub played: u64,
    /// games in which it was played and its side won
    pub won_when_played: u64,
    /// won_when_played / played
    pub win_rate_when_played: f64,
}

/// The results of a run or of merged shards. `elapsed_s` and `games_per_s` are the only
/// fields that depend on the machine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimResult {
    /// deck names, side A then B
    pub decks: [String; 2],
    /// bot names, side A then B
    pub bots: [String; 2],
    /// the format of the cards played (results without it are `standard`'s)
    #[serde(default)]
    pub format: gigscript_dsl::card::Format,
    /// the run seed
    pub seed: u64,
    /// games in the whole run (all shards)
    pub games: u64,
    /// the shards these results cover, of `shard_count` (a whole run: `[0]` of 1)
    pub shards: Vec<u64>,
    /// how many shards the run is split into
    pub shard_count: u64,
    /// games played here
    pub played: u64,
    /// wins of side A and side B
    pub wins: [u64; 2],
    /// ties
    pub ties: u64,
    /// games stopped at the decision limit
    pub unfinished: u64,
    /// games stopped by an engine error (a bug)
    pub errors: u64,
    /// the lowest game index that hit an engine error
    pub first_error: Option<u64>,
    /// sum of the games' turns
    pub turns_total: u64,
    /// sum of the games' decisions (choices made by bots)
    pub decisions_total: u64,
    /// turns_total / played
    pub mean_turns: f64,
    /// decisions_total / played
    pub mean_decisions: f64,
    /// per-card statistics, side then id
    pub cards: Vec<CardStat>,
    /// wall-clock seconds (summed over merged shards)
    pub elapsed_s: f64,
    /// played / elapsed_s
    pub games_per_s: f64,
}

/// The integer accumulator of a slice of games.
#[derive(Clone, Debug)]
struct Acc {
    played: u64,
    wins: [u64; 2],
    ties: u64,
    unfinished: u64,
    errors: u64,
    first_error: Option<u64>,
    turns: u64,
    decisions: u64,
    /// per side, per card index: drawn, played, won when played
    cards: [Vec<[u64; 3]>; 2],
}

impl Acc {
    fn new(pool_len: usize) -> Acc {
        Acc {
            played: 0,
            wins: [0; 2],
            ties: 0,
            unfinished: 0,
            errors: 0,
            first_error: None,
            turns: 0,
            decisions: 0,
            cards: [vec![[0; 3]; pool_len], vec![[0; 3]; pool_len]],
        }
    }

    fn merge(mut self, o: Acc) -> Acc {
        self.played += o.played;
        self.wins[0] += o.wins[0];
        self.wins[1] += o.wins[1];
        self.ties += o.ties;
        self.unfinished += o.unfinished;
        self.errors += o.errors;
        self.first_error = match (self.first_error, o.first_error) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.turns += o.turns;
        self.decisions += o.decisions;
        for side in 0..2 {
            for (a, b) in self.cards[side].iter_mut().zip(&o.cards[side]) {
                for k in 0..3 {
                    a[k] += b[k];
                }
            }
        }
        self
    }
}

/// A 64-bit mix (SplitMix64's finaliser) for deriving independent seeds.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of stream `what` (0 the game, 1 and 2 the bots) of game `k` of a run.
pub fn game_seed(seed: u64, k: u64, what: u64) -> u64 {
    mix(mix(seed ^ mix(k)) ^ what)
}

/// Everything a worker needs to play games.
pub struct Table {
    /// the card pool
    pub pool: Arc<Pool>,
    /// bot names
    pub bots: [String; 2],
    /// run seed
    pub seed: u64,
    /// a new game of the two decks, reseeded for each game
    pub template: gigscript_engine::State,
    /// what the template's game read from its cards, shared by each game
    pub tables: gigscript_engine::game::CardTables,
    /// the cards (pool indices) each side's instances are of, each once
    pub owned: [Vec<usize>; 2],
}

/// One finished game, as the statistics need it.
pub struct Played {
    /// the game
    pub game: Game,
    /// choices made by bots
    pub decisions: u64,
    /// an engine error stopped it
    pub error: bool,
}

impl Table {
    fn bot(&self, side: usize, k: u64) -> Box<dyn Bot> {
        bot_by_name(&self.bots[side], game_seed(self.seed, k, 1 + side as u64))
            .expect("bot names are checked before the run")
    }

    /// Plays game `k` of the run to its end (choices are not logged: the fast path).
    pub fn play(&self, k: u64) -> Played {
        let mut state = self.template.clone();
        state.reseed(game_seed(self.seed, k, 0));
        let mut game = Game::from_state_with(self.pool.clone(), state, &self.tables);
        game.set_log_choices(false);
        // A game that fails is counted as an engine error and dropped, never resumed.
        game.set_rollback(false);
        let mut bots = [self.bot(0, k), self.bot(1, k)];
        let mut decisions = 0;
        let mut error = false;
        while decisions < MAX_DECISIONS {
            match step(&mut game, &mut bots) {
                Ok(true) => decisions += 1,
                Ok(false) => break,
                Err(_) => {
                    error = true;
                    break;
                }
            }
        }
        Played {
            game,
            decisions,
            error,
        }
    }

    fn record(
        &self,
        acc: &mut Acc,
        k: u64,
        p: Played,
        drawn: &mut [Vec<bool>; 2],
        played: &mut [Vec<bool>; 2],
    ) {
        let g = &p.game;
        acc.played += 1;
        acc.decisions += p.decisions;
        acc.turns += u64::from(g.state().turn);
        // An engine error comes first: with rollback off, the failed change may have gone as
        // far as an outcome.
        let winner = match g.outcome().filter(|_| !p.error) {
            Some(GameOutcome::Winner(w)) => {
                acc.wins[w.ix()] += 1;
                Some(w.ix())
            }
            Some(GameOutcome::Tie) => {
                acc.ties += 1;
                None
            }
            None if p.error => {
                acc.errors += 1;
                acc.first_error = Some(acc.first_error.map_or(k, |e| e.min(k)));
                None
            }
            None => {
                acc.unfinished += 1;
                None
            }
        };
        for side in 0..2 {
            for &c in &self.owned[side] {
                (drawn[side][c], played[side][c]) = (false, false);
            }
        }
        for e in g.log() {
            let (inst, set) = match e {
                LogEntry::Event(Event::Drew { inst, .. }) => (*inst, &mut *drawn),
                LogEntry::Event(Event::Played(inst)) => (*inst, &mut *played),
                _ => continue,
            };
            if let Some(x) = g.inst(inst) {
                set[x.owner.ix()][x.card.0 as usize] = true;
            }
        }
        // Only a side's own cards are drawn or played by it: the others are not looked at.
        for side in 0..2 {
            for &c in &self.owned[side] {
                let slot = &mut acc.cards[side][c];
                if drawn[side][c] {
                    slot[0] += 1;
                }
                if played[side][c] {
                    slot[1] += 1;
                    if winner == Some(side) {
                        slot[2] += 1;
                    }
                }
            }
        }
    }
}

fn parse_shard(s: &str) -> Option<(u64, u64)> {
    let (i, n) = s.split_once('/')?;
    let (i, n) = (i.trim().parse().ok()?, n.trim().parse().ok()?);
    (n > 0 && i < n).then_some((i, n))
}

/// The number of game indices below `games` that are ≡ `i` (mod `n`).
fn shard_len(games: u64, (i, n): (u64, u64)) -> u64 {
    if i >= games {
        0
    } else {
        (games - i - 1) / n + 1
    }
}

/// `gig sim …`
pub fn sim(ctx: &Context, args: SimArgs) -> Outcome {
    if args.games > MAX_GAMES {
        errln!(
            "error: --games {} is more than the limit of {MAX_GAMES}; split the run with --shard",
            args.games
        );
        return Outcome::Fatal;
    }
    if args.threads > MAX_THREADS {
        errln!(
            "error: --threads {} is more than the limit of {MAX_THREADS}",
            args.threads
        );
        return Outcome::Fatal;
    }
    let Some(shard) = args.shard.as_deref().map_or(Some((0, 1)), parse_shard) else {
        errln!("error: --shard takes i/n with 0 <= i < n, e.g. 0/4");
        return Outcome::Fatal;
    };
    let mut bots = args.bots.clone();
    if bots.is_empty() {
        bots.push("random".into());
    }
    if bots.len() == 1 {
        bots.push(bots[0].clone());
    }
    if bots.len() != 2 || bots.iter().any(|b| !BOT_NAMES.contains(&b.as_str())) {
        errln!(
            "error: --bots takes one or two of {} (e.g. random,greedy)",
            BOT_NAMES.join(", ")
        );
        return Outcome::Fatal;
    }
    let decks = if args.decks.is_empty() {
        vec![
            sample_deck("red-street.toml"),
            sample_deck("yellow-blue-fixers.toml"),
        ]
    } else {
        args.decks.clone()
    };
    if decks.len() != 2 {
        errln!("error: --decks takes two deck files");
        return Outcome::Fatal;
    }
    let mut sources = Sources::new();
    let db = match ctx.load_db(&mut sources) {
        Ok(db) => db,
        Err(o) => return o,
    };
    let mut names = Vec::new();
    let mut lists = Vec::new();
    for path in &decks {
        match game_deck(ctx, &mut sources, &db, path) {
            Ok((name, list)) => {
                names.push(name);
                lists.push(list);
            }
            Err(o) => return o,
        }
    }
    let pool = Arc::new(Pool::from_db(&db));
    let template = match gigscript_engine::State::new_game(&pool, [&lists[0], &lists[1]], 0) {
        Ok(t) => t,
        Err(e) => {
            errln!("error: the decks don't make a game: {e}");
            return Outcome::Findings;
        }
    };
    let table = Table {
        tables: gigscript_engine::game::CardTables::of(&pool, &template),
        owned: [0, 1].map(|side| {
            let mut v: Vec<usize> = (template.instances.iter())
                .filter(|x| x.owner.ix() == side)
                .map(|x| x.card.0 as usize)
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        }),
        template,
        pool: pool.clone(),
        bots: [bots[0].clone(), bots[1].clone()],
        seed: args.seed,
    };
    // `--bench` plays on one thread unless told otherwise.
    let threads = if args.bench && args.threads == 0 {
        1
    } else {
        args.threads
    };
    // The games of this shard, k = i + j·n for j below their count: streamed, never listed.
    let count = shard_len(args.games, shard);
    let bar = if std::io::stderr().is_terminal() && !args.bench {
        let bar = ProgressBar::new(count);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Some(bar)
    } else {
        None
    };
    let n_cards = pool.len();
    let cpu_start = cpu_seconds();
    let start = Instant::now();
    let run = || {
        (0..count)
            .into_par_iter()
            .map(|j| shard.0 + j * shard.1)
            .fold(
                || {
                    (
                        Acc::new(n_cards),
                        [vec![false; n_cards], vec![false; n_cards]],
                        [vec![false; n_cards], vec![false; n_cards]],
                    )
                },
                |(mut acc, mut drawn, mut played), k| {
                    let p = table.play(k);
                    table.record(&mut acc, k, p, &mut drawn, &mut played);
                    if let Some(b) = &bar {
                        b.inc(1);
                    }
                    (acc, drawn, played)
                },
            )
            .map(|(acc, _, _)| acc)
            .reduce(|| Acc::new(n_cards), Acc::merge)
    };
    let acc = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(tp) => tp.install(run),
        Err(e) => {
            errln!("error: can't start {threads} threads: {e}");
            return Outcome::Fatal;
        }
    };
    let elapsed = start.elapsed().as_secs_f64();
    let cpu = cpu_start.zip(cpu_seconds()).map(|(a, b)| b - a);
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let result = finish(
        &pool,
        [names[0].clone(), names[1].clone()],
        table.bots.clone(),
        args.seed,
        args.games,
        vec![shard.0],
        shard.1,
        &acc,
        elapsed,
    );
    if args.bench {
        let threads_used = if threads == 0 {
            rayon::current_num_threads()
        } else {
            threads
        };
        let us_a_game = 1e6 * elapsed / result.played.max(1) as f64;
        let ns_a_decision = 1e9 * elapsed / result.decisions_total.max(1) as f64;
        let cpu = cpu.filter(|&c| c > 0.0);
        if args.json {
            let doc = serde_json::json!({
                "games": result.played,
                "bots": result.bots,
                "threads": threads_used,
                "elapsed_s": elapsed,
                "games_per_s": result.games_per_s,
                "us_a_game": us_a_game,
                "decisions_a_game": result.mean_decisions,
                "ns_a_decision": ns_a_decision,
                "cpu_s": cpu,
                "games_per_cpu_s": cpu.map(|c| result.played as f64 / c),
            });
            outln!(
                "{}",
                serde_json::to_string_pretty(&doc).expect("json values serialise")
            );
        } else {
            outln!(
                "{} games {} vs {}, {threads_used} thread(s): {:.0} games/s ({us_a_game:.1} us a game, {:.0} decisions a game, {ns_a_decision:.0} ns a decision)",
                result.played,
                result.bots[0],
                result.bots[1],
                result.games_per_s,
                result.mean_decisions,
            );
            // On a shared machine wall-clock rates fall with the load; CPU time does not.
            if let Some(cpu) = cpu {
                outln!(
                    "cpu time {cpu:.2} s: {:.0} games per cpu-second",
                    result.played as f64 / cpu
                );
            }
        }
    } else {
        emit(&result, args.json);
    }
    if result.errors > 0 {
        errln!(
            "error: {} game(s) stopped on an engine error (a bug in the engine); first at game index {}",
            result.errors,
            result.first_error.unwrap_or(0)
        );
        return Outcome::Findings;
    }
    Outcome::Ok
}

#[allow(clippy::too_many_arguments)]
fn finish(
    pool: &Pool,
    decks: [String; 2],
    bots: [String; 2],
    seed: u64,
    games: u64,
    shards: Vec<u64>,
    shard_count: u64,
    acc: &Acc,
    elapsed: f64,
) -> SimResult {
    let mut cards = Vec::new();
    for side in 0..2 {
        let mut v: Vec<CardStat> = acc.cards[side]
            .iter()
            .enumerate()
            .filter(|(_, c)| c[0] > 0 || c[1] > 0)
            .map(|(ix, c)| CardStat {
                side: side as u8,
                id: pool.id(gigscript_engine::CardIdx(ix as u16)).to_owned(),
                drawn: c[0],
                played: c[1],
                won_when_played: c[2],
                win_rate_when_played: 0.0,
            })
            .collect();
        v.sort_by(|a, b| a.id.cmp(&b.id));
        cards.extend(v);
    }
    let mut r = SimResult {
        decks,
        bots,
        format: pool.format(),
        seed,
        games,
        shards,
        shard_count,
        played: acc.played,
        wins: acc.wins,
        ties: acc.ties,
        unfinished: acc.unfinished,
        errors: acc.errors,
        first_error: acc.first_error,
        turns_total: acc.turns,
        decisions_total: acc.decisions,
        mean_turns: 0.0,
        mean_decisions: 0.0,
        cards,
        elapsed_s: elapsed,
        games_per_s: 0.0,
    };
    derive(&mut r);
    r
}

/// Recomputes the fields derived from the integer totals.
fn derive(r: &mut SimResult) {
    let per = |x: u64, n: u64| if n == 0 { 0.0 } else { x as f64 / n as f64 };
    r.mean_turns = per(r.turns_total, r.played);
    r.mean_decisions = per(r.decisions_total, r.played);
    r.games_per_s = if r.elapsed_s > 0.0 {
        r.played as f64 / r.elapsed_s
    } else {
        0.0
    };
    for c in &mut r.cards {
        c.win_rate_when_played = per(c.won_when_played, c.played);
    }
    if r.shards.len() as u64 == r.shard_count {
        r.shards = vec![0];
        r.shard_count = 1;
    }
}

fn emit(r: &SimResult, json: bool) {
    if json {
        outln!(
            "{}",
            serde_json::to_string_pretty(r).expect("results serialise")
        );
        return;
    }
    let pct = |x: u64| 100.0 * x as f64 / r.played.max(1) as f64;
    outln!(
        "{} games (seed {}{}{}) in {:.2} s: {:.0} games/s",
        r.played,
        r.seed,
        if r.format.is_standard() {
            String::new()
        } else {
            format!(", format {}", r.format)
        },
        if r.shard_count > 1 {
            format!(", shards {:?} of {}", r.shards, r.shard_count)
        } else {
            String::new()
        },
        r.elapsed_s,
        r.games_per_s
    );
    outln!("side  deck                       bot      wins     win%");
    for s in 0..2 {
        outln!(
            "{:<5} {:<26} {:<8} {:>6}  {:>6.1}%",
            ["A", "B"][s],
            r.decks[s],
            r.bots[s],
            r.wins[s],
            pct(r.wins[s])
        );
    }
    outln!(
        "ties {}, unfinished {}, engine errors {}",
        r.ties,
        r.unfinished,
        r.errors
    );
    outln!(
        "mean turns {:.2}, mean decisions {:.1}",
        r.mean_turns,
        r.mean_decisions
    );
    outln!();
    outln!("side  card                                          drawn   played  win% played");
    for c in &r.cards {
        outln!(
            "{:<5} {:<44} {:>7} {:>8}  {:>6.1}%",
            ["A", "B"][c.side as usize & 1],
            c.id,
            c.drawn,
            c.played,
            100.0 * c.win_rate_when_played
        );
    }
}

/// `gig sim merge FILE…`: adds up shard results of one run.
pub fn merge(files: &[PathBuf], json: bool) -> Outcome {
    use gigscript_dsl::card::{read_text, CardErrorKind};
    let mut parts = Vec::new();
    for f in files {
        let text = match read_text(f, MAX_RESULT_LEN) {
            Ok(t) => t,
            Err((CardErrorKind::Io, e)) => {
                errln!("error: can't read {}: {e}", f.display());
                return Outcome::Fatal;
            }
            Err((_, e)) => {
                errln!("error: {}: {e}", f.display());
                return Outcome::Findings;
            }
        };
        match serde_json::from_str::<SimResult>(&text) {
            Ok(r) => parts.push((f.clone(), r)),
            Err(e) => {
                errln!(
                    "error: {}:{}:{}: not a `gig sim --json` result: {}",
                    f.display(),
                    e.line(),
                    e.column(),
                    strip_position(&e.to_string())
                );
                return Outcome::Findings;
            }
        }
    }
    match merge_results(&parts) {
        Ok(r) => {
            emit(&r, json);
            Outcome::Ok
        }
        Err(msg) => {
            errln!("error: {msg}");
            Outcome::Findings
        }
    }
}

/// serde_json's message without its ` at line L column C` suffix (the caller puts it first).
fn strip_position(m: &str) -> &str {
    m.find(" at line ").map_or(m, |i| &m[..i])
}

/// Checks one shard's results against themselves: its shards exist, it played exactly the
/// games of those shards, and its totals can be (no more wins than games, no negative time).
fn check_part(r: &SimResult) -> Result<(), String> {
    let n = r.shard_count;
    if n == 0 {
        return Err("shard count 0".into());
    }
    if r.shards.is_empty() {
        return Err("no shard listed".into());
    }
    if let Some(s) = r.shards.iter().find(|&&s| s >= n) {
        return Err(format!(
            "shard {s} is out of range (shards 0 to {} of {n})",
            n - 1
        ));
    }
    let mut expected: u64 = 0;
    for &s in &r.shards {
        expected = expected.saturating_add(shard_len(r.games, (s, n)));
    }
    if r.played != expected {
        return Err(format!(
            "{} games played, but shards {:?} of {n} of a {}-game run have {expected}",
            r.played, r.shards, r.games
        ));
    }
    let outcomes = [r.wins[0], r.wins[1], r.ties, r.unfinished, r.errors]
        .iter()
        .try_fold(0u64, |a, &b| a.checked_add(b));
    if outcomes != Some(r.played) {
        return Err(format!(
            "wins, ties, unfinished games and errors don't add up to the {} games played",
            r.played
        ));
    }
    if !(r.elapsed_s.is_finite() && r.elapsed_s >= 0.0) {
        return Err(format!("elapsed time {} is not a duration", r.elapsed_s));
    }
    match r.first_error {
        Some(k) if k >= r.games || !r.shards.contains(&(k % n)) => {
            return Err(format!(
                "first error at game {k}, not a game of these shards"
            ));
        }
        Some(_) if r.errors == 0 => return Err("a first error but no errors".into()),
        None if r.errors > 0 => return Err("errors but no first error".into()),
        _ => {}
    }
    for c in &r.cards {
        if c.side > 1 || c.drawn > r.played || c.played > r.played || c.won_when_played > c.played {
            return Err(format!(
                "the statistics of `{}` (side {}) can't be: drawn {}, played {}, won {} of {} games",
                c.id, c.side, c.drawn, c.played, c.won_when_played, r.played
            ));
        }
    }
    Ok(())
}

fn merge_results(parts: &[(PathBuf, SimResult)]) -> Result<SimResult, String> {
    let Some((_, first)) = parts.first() else {
        return Err("nothing to merge".into());
    };
    let mut total = SimResult {
        shards: Vec::new(),
        cards: Vec::new(),
        played: 0,
        wins: [0; 2],
        ties: 0,
        unfinished: 0,
        errors: 0,
        first_error: None,
        turns_total: 0,
        decisions_total: 0,
        elapsed_s: 0.0,
        ..first.clone()
    };
    let mut acc_cards: std::collections::BTreeMap<(u8, String), [u64; 3]> =
        std::collections::BTreeMap::new();
    let overflow = || "the totals are too large to add up".to_string();
    for (path, r) in parts {
        check_part(r).map_err(|m| format!("{}: {m}", show(path)))?;
        let differs = [
            (r.decks != total.decks, "decks"),
            (r.bots != total.bots, "bots"),
            (r.format != total.format, "format"),
            (r.seed != total.seed, "seed"),
            (r.games != total.games, "number of games"),
            (r.shard_count != total.shard_count, "shard count"),
        ];
        if let Some((_, what)) = differs.iter().find(|(d, _)| *d) {
            return Err(format!(
                "{}: from another run (its {what} differs from {}'s)",
                show(path),
                show(&parts[0].0)
            ));
        }
        for s in &r.shards {
            if total.shards.contains(s) {
                return Err(format!("{}: shard {s} is given twice", show(path)));
            }
            total.shards.push(*s);
        }
        let add = |a: u64, b: u64| a.checked_add(b).ok_or_else(overflow);
        total.played = add(total.played, r.played)?;
        total.wins[0] = add(total.wins[0], r.wins[0])?;
        total.wins[1] = add(total.wins[1], r.wins[1])?;
        total.ties = add(total.ties, r.ties)?;
        total.unfinished = add(total.unfinished, r.unfinished)?;
        total.errors = add(total.errors, r.errors)?;
        total.first_error = match (total.first_error, r.first_error) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        total.turns_total = add(total.turns_total, r.turns_total)?;
        total.decisions_total = add(total.decisions_total, r.decisions_total)?;
        total.elapsed_s += r.elapsed_s;
        for c in &r.cards {
            let e = acc_cards.entry((c.side, c.id.clone())).or_insert([0; 3]);
            e[0] = add(e[0], c.drawn)?;
            e[1] = add(e[1], c.played)?;
            e[2] = add(e[2], c.won_when_played)?;
        }
    }
    total.shards.sort_unstable();
    let missing: Vec<String> = (0..total.shard_count)
        .filter(|s| total.shards.binary_search(s).is_err())
        .take(20)
        .map(|s| s.to_string())
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "the shards don't make the whole run: shard(s) {}{} of {} missing",
            missing.join(", "),
            if missing.len() == 20 { ", …" } else { "" },
            total.shard_count
        ));
    }
    total.cards = acc_cards
        .into_iter()
        .map(|((side, id), c)| CardStat {
            side,
            id,
            drawn: c[0],
            played: c[1],
            won_when_played: c[2],
            win_rate_when_played: 0.0,
        })
        .collect();
    derive(&mut total);
    Ok(total)
}

fn show(p: &Path) -> String {
    p.display().to_string()
}

/// CPU seconds this process has used (user + system, all threads), where the system says
/// (Linux `/proc/self/stat`, in clock ticks of 1/100 s).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses and may hold spaces).
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}
