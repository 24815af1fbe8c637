//! How long `gig check` takes on the whole catalogue: parse every card; parse and round-trip;
//! parse, round-trip and run the ambiguity check. The bar (issue 3): well under a second in
//! release, and at most 50 ms for checking all 155 cards. The rows `syntax: …` measure the same
//! steps in the new syntax stage (`gigscript_dsl::syntax`), beside the old parser's.
//!
//! `cargo bench -p gigscript-dsl --bench check` (add `-- --warm-up-time 1 --measurement-time 3`
//! for a quick run).

use criterion::{criterion_group, criterion_main, Criterion};
use gigscript_dsl::ambiguity::Grammar;
use gigscript_dsl::card::{card_files, load_cards, Card, CardText};
use gigscript_dsl::check::check_cards;
use gigscript_dsl::parse::{parse_card, reading, GRAMMAR, START_RULE};
use gigscript_dsl::print::check_round_trip;
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
    assert_eq!(db.len(), 155, "the whole catalogue");
    (sources, db)
}

fn textboxes(card: &Card) -> impl Iterator<Item = &CardText> {
    card.top.iter().chain(std::iter::once(&card.text))
}

/// Parses and round-trips every card; returns how many pass.
fn parse_and_round_trip(db: &CardDb) -> usize {
    db.cards()
        .iter()
        .filter(|card| {
            let Ok(script) = parse_card(card) else {
                return false;
            };
            let scripts = script.top.iter().chain(std::iter::once(&script.text));
            textboxes(card)
                .zip(scripts)
                .all(|(t, s)| check_round_trip(t, card.file, card.kind, s).is_ok())
        })
        .count()
}

/// The new syntax stage: parses every textbox and, with `round_trip`, prints it back; with
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
    let grammar = Grammar::new(GRAMMAR).expect("the card grammar is valid");
    let mut g = c.benchmark_group("155 cards");
    g.sample_size(20);
    g.bench_function("parse", |b| {
        b.iter(|| {
            let n = db.cards().iter().filter(|c| parse_card(c).is_ok()).count();
            assert_eq!(black_box(n), 155);
        })
    });
    g.bench_function("parse + round-trip", |b| {
        b.iter(|| assert_eq!(black_box(parse_and_round_trip(&db)), 155))
    });
    g.bench_function("parse + round-trip + ambiguity", |b| {
        b.iter(|| {
            assert_eq!(parse_and_round_trip(&db), 155);
            let ambiguous = db
                .cards()
                .iter()
                .flat_map(textboxes)
                .filter(|t| {
                    let first = reading(&t.text).expect("every card parses");
                    grammar.check_reading(START_RULE, &t.text, &first).is_err()
                })
                .count();
            assert_eq!(black_box(ambiguous), 0);
        })
    });
    g.bench_function("ambiguity, check (two pest_vm parses)", |b| {
        b.iter(|| {
            let ambiguous = db
                .cards()
                .iter()
                .flat_map(textboxes)
                .filter(|t| grammar.check(START_RULE, &t.text).is_err())
                .count();
            assert_eq!(black_box(ambiguous), 0);
        })
    });
    g.bench_function(
        "ambiguity, check_reading (derived reading + one pest_vm parse)",
        |b| {
            b.iter(|| {
                let ambiguous = db
                    .cards()
                    .iter()
                    .flat_map(textboxes)
                    .filter(|t| {
                        let first = reading(&t.text).expect("every card parses");
                        grammar.check_reading(START_RULE, &t.text, &first).is_err()
                    })
                    .count();
                assert_eq!(black_box(ambiguous), 0);
            })
        },
    );
    let syntax_grammar = Grammar::new(syntax::GRAMMAR).expect("the new grammar is valid");
    g.bench_function("syntax: parse", |b| {
        b.iter(|| assert_eq!(black_box(syntax_stage(&db, false, None)), 155))
    });
    g.bench_function("syntax: parse + round-trip", |b| {
        b.iter(|| assert_eq!(black_box(syntax_stage(&db, true, None)), 155))
    });
    g.bench_function("syntax: parse + round-trip + ambiguity (check_card)", |b| {
        b.iter(|| {
            let ok = db
                .cards()
                .iter()
                .map(|c| syntax::check_card(&syntax_grammar, c, None))
                .filter(|c| c.parses && c.round_trips && c.unambiguous)
                .count();
            assert_eq!(black_box(ok), 155)
        })
    });
    g.bench_function(
        "syntax: parse_card, check_round_trip, check_ambiguity (which parses again)",
        |b| {
            b.iter(|| {
                let n = syntax_stage(&db, true, Some(&syntax_grammar));
                assert_eq!(black_box(n), 155)
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
                assert_eq!(black_box(ok), 155)
            })
        },
    );
    for threads in [1, 2] {
        g.bench_function(
            format!("gig check's check_cards, {threads} thread(s)"),
            |b| {
                b.iter(|| {
                    let checks = check_cards(&grammar, db.cards(), threads);
                    let ok = checks
                        .iter()
                        .filter(|c| c.parses && c.round_trips && c.unambiguous)
                        .count();
                    assert_eq!(black_box(ok), 155);
                })
            },
        );
    }
    g.finish();
    let mut g = c.benchmark_group("setup");
    g.sample_size(10);
    g.bench_function("Grammar::new (pest_meta, optimizer, VMs)", |b| {
        b.iter(|| black_box(Grammar::new(GRAMMAR).is_ok()))
    });
    g.bench_function("load 155 card files", |b| {
        b.iter(|| black_box(catalogue().1.len()))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
