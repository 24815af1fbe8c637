//! The rulings catch a broken executor: for each family of core operations the executor runs,
//! breaking it (it then does nothing) makes at least one ruling fail on every executable card
//! whose core uses the family. A card whose rulings all still pass is a finding: it needs a
//! ruling that shows what the operation does.
//!
//! Cards are those of `cards/` and the card fixtures `tests/fixtures/cards/` (cards written only
//! in existing phrases). A card whose text does not lower runs none of its text, so breaking an
//! operation changes nothing for it; such cards are listed on stderr, not tested (`gig check`
//! fails for them already).

use gigscript_dsl::card::{load_cards, Card};
use gigscript_dsl::prim::{Body, CardCore};
use gigscript_dsl::Sources;
use gigscript_engine::exec::Broken;
use gigscript_engine::scenario::run_ruling;
use gigscript_engine::{CardIdx, Pool};
use std::path::Path;
use std::sync::Arc;

/// The catalogue plus the card fixtures, and the pool of them.
fn cards() -> (Vec<Card>, Pool) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let paths = [root.join("cards"), root.join("tests/fixtures/cards")];
    let (db, errors) = load_cards(&paths, &mut Sources::new());
    assert!(errors.is_empty(), "card errors: {}", errors.len());
    let pool = Pool::from_db(&db);
    (db.cards().to_vec(), pool)
}

/// Whether a card's core uses the family: an operation of an effect, or a statement of a
/// static ability.
fn uses(b: Broken, core: &CardCore) -> bool {
    core.abilities.iter().any(|a| match &a.body {
        Body::Static(ss) => ss.iter().any(|s| b.is_say(&s.says, true)),
        Body::Triggered { effect, .. }
        | Body::Activated { effect, .. }
        | Body::Resolution { effect, .. }
        | Body::Replacement { effect, .. } => effect
            .blocks
            .iter()
            .flat_map(|block| block.0.iter())
            .any(|op| b.is_op(&op.kind)),
        Body::Keyword(_) | Body::Nothing | Body::Cost(_) => false,
    })
}

#[test]
fn the_walk_finds_phrases_where_the_text_has_them() {
    let (cards, pool) = cards();
    let core = |id: &str| {
        let ix = pool.index_of(id).unwrap();
        pool.core(ix).unwrap().core.clone()
    };
    assert!(cards.len() > 155);
    for (id, b, want) in [
        ("delamain-rideshare-ai", Broken::Draw, true),
        ("delamain-rideshare-ai", Broken::Defeat, false),
        ("trust-no-one", Broken::Decrease, true),
        ("trust-no-one", Broken::Increase, false),
        ("industrial-assembly", Broken::Increase, true),
        ("japantown-jonin", Broken::GivePower, true),
        (
            "jackie-welles-ride-or-die-choom",
            Broken::StaticPower,
            false,
        ),
        ("jackie-welles-ride-or-die-choom", Broken::GivePower, true),
        ("throwaway-fixer-squeeze", Broken::Discard, true),
        ("unlikely-bond", Broken::BottomDeck, true),
        ("modded-kusanagi", Broken::Return, true),
        ("floor-it", Broken::GivePower, true),
        ("corporate-surveillance", Broken::Spend, true),
        ("psycho-squad", Broken::Draw, false),
        ("gilded-maton", Broken::May, true),
        ("wild-in-the-streets", Broken::May, false),
        ("panam-palmer-strength-through-family", Broken::May, false),
        ("corpo-security", Broken::CantAttack, true),
        ("peace-offering", Broken::SetGig, true),
    ] {
        assert_eq!(uses(b, &core(id)), want, "{id} uses {b:?}");
    }
}

/// Findings not fixed here: (family, card) pairs whose card's rulings do not show the family yet,
/// each with what is missing. The test fails if a listed pair is caught (then remove it), so the
/// list only shrinks; a new miss is never added silently.
const FINDINGS: &[(Broken, &str, &str)] = &[];

#[test]
fn breaking_a_phrase_fails_a_ruling_of_every_executable_card_that_uses_it() {
    let (cards, pool) = cards();
    let idx = |c: &Card| pool.index_of(&c.id).expect("every card is in the pool");
    // (phrase, card) pairs to run, and the cards skipped because they do not execute.
    let mut jobs: Vec<(Broken, usize)> = Vec::new();
    let mut skipped: Vec<String> = Vec::new();
    for b in Broken::ALL {
        for (k, c) in cards.iter().enumerate() {
            let ix: CardIdx = idx(c);
            let Some(t) = pool.core(ix) else {
                skipped.push(format!("{b:?}: {} (its text does not lower)", c.id));
                continue;
            };
            if !uses(b, &t.core) {
                continue;
            }
            if pool.executable(ix) {
                jobs.push((b, k));
            } else {
                skipped.push(format!("{b:?}: {}", c.id));
            }
        }
    }
    for &(b, id, _) in FINDINGS {
        assert!(
            jobs.iter().any(|&(x, k)| x == b && cards[k].id == id),
            "FINDINGS lists {b:?}: {id}, which is not a tested pair (not executable, or no such phrase)"
        );
    }
    let pools: Vec<(Broken, Arc<Pool>)> = Broken::ALL
        .iter()
        .map(|&b| {
            let mut p = pool.clone();
            p.break_core(Some(b));
            (b, Arc::new(p))
        })
        .collect();
    let broken_pool = |b: Broken| pools.iter().find(|(x, _)| *x == b).unwrap().1.clone();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
    let chunk = jobs.len().div_ceil(threads).max(1);
    // A card none of whose rulings fails with the phrase broken: (phrase, card, rulings run).
    let misses: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = jobs
            .chunks(chunk)
            .map(|part| {
                let cards = &cards;
                let broken_pool = &broken_pool;
                scope.spawn(move || {
                    let mut misses = Vec::new();
                    for &(b, k) in part {
                        let c = &cards[k];
                        let p = broken_pool(b);
                        let caught = c.format_rulings().any(|(_, r)| !run_ruling(&p, r).passed());
                        let known = FINDINGS.iter().any(|&(x, id, _)| x == b && id == c.id);
                        if caught && known {
                            misses.push(format!(
                                "{b:?}: {} is caught now: remove it from FINDINGS",
                                c.id
                            ));
                        }
                        if !caught && !known {
                            misses.push(format!(
                                "{b:?}: {} ({} rulings, none fails)",
                                c.id,
                                c.rulings.len()
                            ));
                        }
                    }
                    misses
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a ruling run panicked"))
            .collect()
    });
    for (b, id, why) in FINDINGS {
        eprintln!("known finding, {b:?}: {id}: {why}");
    }
    if !skipped.is_empty() {
        eprintln!(
            "not tested, the card does not execute yet ({}):\n  {}",
            skipped.len(),
            skipped.join("\n  ")
        );
    }
    eprintln!(
        "{} (family, card) pairs tested, each with the family broken",
        jobs.len()
    );
    assert!(!jobs.is_empty());
    assert!(
        misses.is_empty(),
        "{} of {} (family, card) pairs: breaking the family fails none of the card's rulings:\n  {}",
        misses.len(),
        jobs.len(),
        misses.join("\n  ")
    );
}

#[test]
fn an_unbroken_pool_passes_every_ruling_of_the_cards_tested() {
    // The control: the failures above come from the broken phrase, not from the rulings.
    let (cards, pool) = cards();
    let pool = Arc::new(pool);
    let failing: Vec<String> = cards
        .iter()
        .filter(|c| pool.index_of(&c.id).is_some_and(|i| pool.executable(i)))
        .flat_map(|c| {
            c.format_rulings()
                .map(|(_, r)| r)
                .filter(|r| !run_ruling(&pool, r).passed())
                .map(move |r| format!("{}: {}", c.id, r.name))
        })
        .collect();
    assert!(failing.is_empty(), "{failing:#?}");
}
