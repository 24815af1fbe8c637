//! Loading and checking every card file of `cards/` (what `gig check` does; as the card
//! language lands, this includes parsing and the round-trip check).
//! `cargo bench -p gigscript-dsl`

use criterion::{criterion_group, criterion_main, Criterion};
use gigscript_dsl::{card::load_cards, Sources};
use std::path::Path;
use std::time::Duration;

fn benches(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards");
    c.bench_function("load and check all cards", |b| {
        b.iter(|| {
            let mut sources = Sources::new();
            let (db, errors) = load_cards(std::slice::from_ref(&root), &mut sources);
            assert!(errors.is_empty());
            db.len()
        })
    });
}

criterion_group! {
    name = cards;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20);
    targets = benches
}
criterion_main!(cards);
