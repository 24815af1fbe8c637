//! Hostile inputs through the `gig` binary (issue 17): a 256 KiB card file of failing inline
//! rulings on one line, a 64 KiB deck of errors on one line and a 1 MiB rulings file of unknown
//! card ids. Criterion times each run (wall clock); the CPU time of the runs (user + system, read
//! from `/proc/self/stat` for the waited-for children) is printed per run beside it, since the
//! target is "well under a second of CPU". `cargo bench --bench hostile`.

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

const FACTS: &str = "id = \"many\"\nname = \"Many\"\ntype = \"unit\"\ncolor = \"red\"\ncost = 2\nram = 1\npower = 2\ntags = []\nsell = false\nset = \"alpha\"\ntext = \"\"\n";

/// Items joined by `, ` until the text would pass `limit` bytes.
fn fill(prefix: &str, suffix: &str, limit: usize, item: impl Fn(usize) -> String) -> String {
    let mut s = prefix.to_owned();
    for k in 0.. {
        let it = item(k);
        if s.len() + it.len() + 2 + suffix.len() > limit {
            break;
        }
        if k > 0 {
            s.push_str(", ");
        }
        s.push_str(&it);
    }
    s + suffix
}

fn inputs(dir: &Path) -> [(String, Vec<String>); 3] {
    let set = dir.join("alpha");
    std::fs::create_dir_all(&set).unwrap();
    let card = set.join("many.toml");
    let text = fill(&format!("{FACTS}ruling = ["), "]\n", 256 * 1024, |k| {
        format!("{{ name = 'wrong {k}', steps = [\"no-such-option\"] }}")
    });
    std::fs::write(&card, text).unwrap();
    let deck = dir.join("errors.toml");
    let text = fill(
        "legends = [",
        "]\n[main]\nchrome-fang = 3\n",
        64 * 1024,
        |k| format!("\"no-card-{k}\""),
    );
    std::fs::write(&deck, text).unwrap();
    let rulings = dir.join("unknown-ids.toml");
    let text = fill("ruling = [", "]\n", 1024 * 1024, |k| {
        format!("{{ name = 'r{k}', me = {{ hand = ['chrome-fangg{k}'] }} }}")
    });
    std::fs::write(&rulings, text).unwrap();
    let s = |p: &PathBuf| p.display().to_string();
    [
        (
            "check 256 KiB of failing inline rulings".into(),
            vec!["check".into(), s(&card)],
        ),
        (
            "deck check 64 KiB of errors".into(),
            vec!["deck".into(), "check".into(), s(&deck)],
        ),
        (
            "test 1 MiB of unknown card ids".into(),
            vec!["test".into(), "--file".into(), s(&rulings)],
        ),
    ]
}

/// CPU seconds used by this process's waited-for children (Linux), if the system says.
fn children_cpu() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = f.get(13)?.parse::<u64>().ok()? + f.get(14)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

fn run(args: &[String]) {
    let out = Command::new(env!("CARGO_BIN_EXE_gig"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("gig runs");
    assert_eq!(out.status.code(), Some(1), "{args:?}");
    assert!(
        out.stderr.len() < 200_000,
        "{args:?}: {} bytes",
        out.stderr.len()
    );
}

fn hostile(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("gig-hostile-bench-{}", std::process::id()));
    let cases = inputs(&dir);
    let mut group = c.benchmark_group("hostile input");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for (name, args) in &cases {
        let runs = 5;
        let before = children_cpu();
        for _ in 0..runs {
            run(args);
        }
        if let (Some(a), Some(b)) = (before, children_cpu()) {
            println!(
                "{name}: {:.3} s of CPU a run (mean of {runs})",
                (b - a) / runs as f64
            );
        }
        group.bench_function(name.as_str(), |b| b.iter(|| run(args)));
    }
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, hostile);
criterion_main!(benches);
