//! Shared helpers of the engine tests: the catalogue pool, the sample decks, setups and
//! random play.
#![allow(dead_code)]

pub mod decks;

use gigscript_dsl::{card::load_cards, deck::load_deck, Sources};
use gigscript_engine::{CardSpec, DeckList, DieSpec, Game, PlayerId, PlayerSetup, Pool, Setup};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The pool of every catalogue card (loaded once).
pub fn pool() -> Arc<Pool> {
    static POOL: OnceLock<Arc<Pool>> = OnceLock::new();
    POOL.get_or_init(|| {
        let mut sources = Sources::new();
        let (db, errors) = load_cards(&[root().join("cards")], &mut sources);
        assert!(errors.is_empty(), "card errors: {}", errors.len());
        Arc::new(Pool::from_db(&db))
    })
    .clone()
}

/// The two sample decks.
pub fn decks() -> [DeckList; 2] {
    let mut sources = Sources::new();
    let a = load_deck(&root().join("decks/red-street.toml"), &mut sources).unwrap();
    let b = load_deck(&root().join("decks/yellow-blue-fixers.toml"), &mut sources).unwrap();
    [DeckList::from_deck(&a), DeckList::from_deck(&b)]
}

/// A new game between the sample decks.
pub fn new_game(seed: u64) -> Game {
    let [a, b] = decks();
    Game::new(pool(), [&a, &b], seed).unwrap()
}

/// Card specs from ids.
pub fn cards(ids: &[&str]) -> Vec<CardSpec> {
    ids.iter().map(|&i| CardSpec::from(i)).collect()
}

/// A card spec with state.
pub fn spec(id: &str, spent: bool, face_up: bool, lag: bool, gear: &[&str]) -> CardSpec {
    CardSpec {
        id: id.into(),
        spent,
        face_up: Some(face_up),
        lag,
        gear: gear.iter().map(|&g| g.to_owned()).collect(),
    }
}

/// `n` ready Eddies.
pub fn eddies(n: usize) -> Vec<CardSpec> {
    vec![CardSpec::from("ruthless-lowlife"); n]
}

/// A die owned by `owner`.
pub fn die(owner: u8, sides: u8, value: u8) -> DieSpec {
    DieSpec {
        owner: PlayerId(owner),
        sides,
        value,
    }
}

/// Ten filler cards for a deck.
pub fn filler() -> Vec<CardSpec> {
    cards(&["ruthless-lowlife"; 10])
}

/// A setup in player 0's main phase of turn 3 with the given players, where an empty deck
/// becomes 10 filler cards and an unset fixer becomes an empty one (so turns pass without
/// rolling in).
pub fn setup(me: PlayerSetup, rival: PlayerSetup) -> Setup {
    let mut me = me;
    let mut rival = rival;
    for p in [&mut me, &mut rival] {
        if p.deck.is_empty() {
            p.deck = filler();
        }
        if p.fixer.is_none() {
            p.fixer = Some(vec![]);
        }
    }
    Setup {
        players: [me, rival],
        ..Setup::default()
    }
}

/// A game from a setup.
pub fn game(s: &Setup) -> Game {
    Game::from_setup(pool(), s).unwrap()
}

/// Labels of the current decision.
pub fn labels(g: &Game) -> Vec<String> {
    g.decision().map(|d| g.labels(&d)).unwrap_or_default()
}

/// Applies labels in order, panicking with the available labels on a miss.
pub fn steps(g: &mut Game, steps: &[&str]) {
    for s in steps {
        if let Err(e) = g.apply_label(s) {
            panic!("step `{s}`: {e}; options: {:?}", labels(g));
        }
    }
}

/// Most game turns a random game between the sample decks may take (deck-out bounds it).
pub const TURN_BOUND: u16 = 120;

/// Plays a game with uniformly random choices; returns the game and the choices made.
pub fn random_game(seed: u64) -> (Game, usize) {
    let mut g = new_game(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut n = 0;
    while let Some(d) = g.decision() {
        assert!(!d.options.is_empty(), "seed {seed}: empty option list");
        let c = d.options[rng.gen_range(0..d.options.len())];
        g.apply(&c).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        n += 1;
        assert!(
            g.state().turn <= TURN_BOUND,
            "seed {seed}: no end by turn {TURN_BOUND}"
        );
    }
    (g, n)
}

/// Checks the state invariants: every instance is listed once, in the list of its zone and
/// controller, unless it is equipped Gear (listed nowhere, in its host's zone) or a Program
/// being resolved; dice values are on their faces; face-down cards are only where they may be.
pub fn check_invariants(g: &Game) {
    use gigscript_engine::state::DieArea;
    use gigscript_engine::Zone;
    let st = g.state();
    let mut seen = vec![0u8; st.instances.len()];
    for p in PlayerId::BOTH {
        for z in [
            Zone::Deck,
            Zone::Hand,
            Zone::Field,
            Zone::Legends,
            Zone::Eddies,
            Zone::Trash,
            Zone::Removed,
        ] {
            for &i in st.player(p).zone(z).unwrap() {
                let inst = st.inst(i).expect("listed instance exists");
                assert_eq!(inst.zone, z, "{i:?} listed in {z:?}");
                assert_eq!(inst.controller, p, "{i:?} listed under its controller");
                assert!(
                    inst.equipped_to.is_none(),
                    "equipped Gear is listed nowhere"
                );
                seen[i.0 as usize] += 1;
            }
        }
    }
    for (k, inst) in st.instances.iter().enumerate() {
        match inst.equipped_to {
            Some(h) => {
                assert_eq!(seen[k], 0);
                let host = st.inst(h).expect("host exists");
                assert_eq!(inst.zone, host.zone, "Gear is where its host is");
                assert!(matches!(host.zone, Zone::Field | Zone::Legends));
            }
            // A Program resolving its effect (rule 4.14.2) is in no area, waiting on its frame;
            // or the game ended while it resolved (rule 1.14: drawing from an empty deck loses
            // at once, mid-effect), and it stays where the game stopped.
            None if inst.zone == Zone::Resolving => {
                assert_eq!(seen[k], 0);
                assert!(st.outcome.is_some() || st.frames.iter().any(
                    |f| matches!(f, gigscript_engine::state::Frame::ProgramEnd { inst } if inst.0 as usize == k)
                ));
            }
            None => assert_eq!(
                seen[k], 1,
                "instance {k} listed exactly once ({:?})",
                inst.zone
            ),
        }
        if matches!(
            inst.zone,
            Zone::Deck | Zone::Hand | Zone::Trash | Zone::Removed
        ) {
            assert_eq!(inst.controller, inst.owner);
        }
    }
    for d in &st.dice {
        assert!(d.value >= 1 && d.value <= d.sides);
        if let DieArea::Fixer(p) = d.area {
            assert_eq!(p, d.owner, "a die in a fixer is its owner's");
        }
    }
    let gigs: usize = PlayerId::BOTH.iter().map(|&p| st.gig_count(p)).sum();
    assert!(gigs <= st.dice.len());
}

/// The catalogue's cards (loaded once).
pub fn pool_db() -> &'static gigscript_dsl::CardDb {
    static DB: OnceLock<gigscript_dsl::CardDb> = OnceLock::new();
    DB.get_or_init(|| {
        let mut sources = Sources::new();
        let (db, errors) = load_cards(&[root().join("cards")], &mut sources);
        assert!(errors.is_empty(), "card errors: {}", errors.len());
        db
    })
}

/// Runs `f` for seeds `first..first + n` on every core (thread `t` takes every `threads`-th
/// seed from `first + t`); a panic is an `Err("panicked")`. The results, by seed.
pub fn each_seed<R: Send>(
    first: u64,
    n: u64,
    f: impl Fn(u64) -> Result<R, String> + Sync,
) -> Vec<(u64, Result<R, String>)> {
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get()) as u64;
    let f = &f;
    let mut all = Vec::new();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut out = Vec::new();
                    let mut seed = first + t;
                    while seed < first + n {
                        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(seed)))
                            .unwrap_or_else(|_| Err("panicked".into()));
                        out.push((seed, r));
                        seed += threads;
                    }
                    out
                })
            })
            .collect();
        for h in handles {
            all.extend(h.join().unwrap());
        }
    });
    all.sort_by_key(|(s, _)| *s);
    all
}
