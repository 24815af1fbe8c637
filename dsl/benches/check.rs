//! How long `gig check` takes on the whole catalogue: parse every card; parse and round-trip;
//! parse, round-trip and run the ambiguity check; lower. The bar: at most 50 ms for checking all
//! the catalogue's cards on one thread. The rows `syntax: …` measure the syntax stage
//! (`gigscript_dsl::syntax`) piece by piece, `gig check's check_cards …` it and lowering, as
//! `gig check` runs them.
//!
//! `cargo bench -p gigscript-dsl --bench check` (add `-- --warm-up-time 1 --measurement-time 3`
//! for a quick run).

use criterion::{criterion_group, criterion_main, Criterion};
use gigscript_dsl::ambiguity::Grammar;
use gigscript_dsl::card::{card_files, load_cards, Card, CardText};
use gigscript_dsl::check::{check_cards, pool_tags};
use gigscript_dsl::syntax;
use gigscript_dsl::{CardDb, Sources};
use std::hint::black_box;
use std::path::Path;

fn catalogue() -> (Sources, CardDb) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards");
    let files = card_files(&root).expect("cards/ is readable");
    let mut sources = Sources::new();
    let (db, errors) = load_cards(&files, &mut sources);
    assert!(errors.is_empty(), "the catalogue loads");
    (sources, db)
}

fn textboxes(card: &Card) -> impl Iterator<Item = &CardText> {
    card.top.iter().chain(std::iter::once(&card.text))
}

/// The syntax stage: parses every textbox and, with `round_trip`, prints it back; with
/// `grammar`, also runs the ambiguity check. Returns how many cards pass.
fn syntax_stage(db: &CardDb, round_trip: bool, grammar: Option<&Grammar>) -> usize {
    db.cards()
        .iter()
        .filter(|card| {
            let Ok(tree) = syntax::parse_card(card) else {
                return false;
            };
            let scripts = tree.top.iter().chain(std::iter::once(&tree.text));
            textboxes(card).zip(scripts).all(|(t, s)| {
                (!round_trip || syntax::check_round_trip(t, card.file, card.kind, s).is_ok())
                    && grammar.is_none_or(|g| syntax::check_ambiguity(g, &t.text).is_ok())
            })
        })
        .count()
}

fn bench(c: &mut Criterion) {
    let (_sources, db) = catalogue();
    let n = db.len();
    let mut g = c.benchmark_group(format!("{n} cards"));
    g.sample_size(20);
    let syntax_grammar = Grammar::new(syntax::GRAMMAR).expect("the card grammar is valid");
    g.bench_function("syntax: parse", |b| {
        b.iter(|| assert_eq!(black_box(syntax_stage(&db, false, None)), n))
    });
    g.bench_function("syntax: parse + round-trip", |b| {
        b.iter(|| assert_eq!(black_box(syntax_stage(&db, true, None)), n))
    });
    g.bench_function("syntax: parse + round-trip + ambiguity (check_card)", |b| {
        b.iter(|| {
            let ok = db
                .cards()
                .iter()
                .map(|c| syntax::check_card(&syntax_grammar, c, None))
                .filter(|c| c.parses && c.round_trips && c.unambiguous)
                .count();
            assert_eq!(black_box(ok), n)
        })
    });
    g.bench_function(
        "syntax: parse_card, check_round_trip, check_ambiguity (which parses again)",
        |b| {
            b.iter(|| {
                let n = syntax_stage(&db, true, Some(&syntax_grammar));
                assert_eq!(black_box(n), n)
            })
        },
    );
    g.bench_function(
        "syntax: check_card with the pool's tags (what gig check will run)",
        |b| {
            let tags = db
                .cards()
                .iter()
                .flat_map(|c| c.tags.iter().cloned())
                .collect();
            b.iter(|| {
                let ok = db
                    .cards()
                    .iter()
                    .map(|c| syntax::check_card(&syntax_grammar, c, Some(&tags)))
                    .filter(|c| {
                        c.parses && c.round_trips && c.unambiguous && c.diagnostics.is_empty()
                    })
                    .count();
                assert_eq!(black_box(ok), n)
            })
        },
    );
    g.bench_function("syntax: lower (each card's tree to the core)", |b| {
        let trees: Vec<_> = db
            .cards()
            .iter()
            .map(|c| syntax::parse_card(c).expect("every card parses"))
            .collect();
        b.iter(|| {
            let ok = db
                .cards()
                .iter()
                .zip(&trees)
                .filter(|(c, t)| gigscript_dsl::lower::lower(c.kind, t).is_ok())
                .count();
            assert_eq!(black_box(ok), n)
        })
    });
    let tags = pool_tags(db.cards());
    for threads in [1, 2] {
        g.bench_function(
            format!("gig check's check_cards (syntax stage + lowering), {threads} thread(s)"),
            |b| {
                b.iter(|| {
                    let checks = check_cards(&syntax_grammar, db.cards(), Some(&tags), threads);
                    let ok = checks
                        .iter()
                        .filter(|c| {
                            c.parses
                                && c.round_trips
                                && c.unambiguous
                                && c.lowers
                                && c.diagnostics.is_empty()
                        })
                        .count();
                    assert_eq!(black_box(ok), n);
                })
            },
        );
    }
    g.finish();
    let mut g = c.benchmark_group("setup");
    g.sample_size(10);
    g.bench_function("Grammar::new (pest_meta, optimizer, VMs)", |b| {
        b.iter(|| black_box(Grammar::new(syntax::GRAMMAR).is_ok()))
    });
    g.bench_function(format!("load {n} card files"), |b| {
        b.iter(|| black_box(catalogue().1.len()))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
