//! Catalogue card files mutated at random (bytes cut, spliced, lines doubled or swapped, hostile
//! words inserted) and fed to the `gig` binary: `gig check FILE` and `gig explain FILE` must end
//! with exit 0 or 1, by no signal, with no panic. The slowest run is printed as a figure (run
//! with `--nocapture` to see it); no run is timed against a limit.

use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Words a mutation may insert: TOML syntax, the file's keys, big numbers, card-text phrases,
/// control characters and text that is not ASCII.
const WORDS: &[&str] = &[
    "\"",
    "'",
    "\"\"\"",
    "[[ruling]]\n",
    "ruling = [{ name = 'x', steps = [\"\"] }]\n",
    "[",
    "]",
    "{",
    "}",
    "=",
    "\n",
    ",",
    "power = 2147483647\n",
    "cost = 4294967295\n",
    "4294967295",
    "-1",
    "{Play} ",
    "Trash 3.",
    "Draw 1.",
    "If you do, ",
    "☆",
    "€$",
    "\u{1b}[2J",
    "\r",
    "steps = [\"pass\"]\n",
    "gear = [\"mantis-blades\"]\n",
    "[ruling.me]\nhand = [3]\n",
    "legends = [\"v-streetkid\"]\n",
    "gigs = [\"d4:256\"]\n",
];

/// One mutation of a file's bytes.
#[derive(Clone, Debug)]
enum Mutation {
    Cut(usize, usize),
    Insert(usize, usize),
    Byte(usize, u8),
    DoubleLine(usize),
    SwapLines(usize, usize),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 0usize..64).prop_map(|(a, n)| Mutation::Cut(a, n)),
        (any::<usize>(), 0..WORDS.len()).prop_map(|(a, w)| Mutation::Insert(a, w)),
        (any::<usize>(), any::<u8>()).prop_map(|(a, b)| Mutation::Byte(a, b)),
        any::<usize>().prop_map(Mutation::DoubleLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

fn apply(bytes: &mut Vec<u8>, m: &Mutation) {
    let len = bytes.len().max(1);
    match *m {
        Mutation::Cut(a, n) => {
            let a = a % len;
            let b = (a + n).min(bytes.len());
            if a < b {
                bytes.drain(a..b);
            }
        }
        Mutation::Insert(a, w) => {
            let a = a % (bytes.len() + 1);
            bytes.splice(a..a, WORDS[w].bytes());
        }
        Mutation::Byte(a, b) => {
            if !bytes.is_empty() {
                let a = a % bytes.len();
                bytes[a] = b;
            }
        }
        Mutation::DoubleLine(k) | Mutation::SwapLines(k, _) | Mutation::Truncate(k)
            if bytes.is_empty() =>
        {
            let _ = k;
        }
        Mutation::DoubleLine(k) => {
            let mut lines: Vec<Vec<u8>> =
                bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
            let k = k % lines.len();
            let line = lines[k].clone();
            lines.insert(k, line);
            *bytes = lines.join(&b'\n');
        }
        Mutation::SwapLines(a, b) => {
            let mut lines: Vec<Vec<u8>> =
                bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
            let n = lines.len();
            lines.swap(a % n, b % n);
            *bytes = lines.join(&b'\n');
        }
        Mutation::Truncate(k) => bytes.truncate(k % len),
    }
}

fn catalogue_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|set| set.unwrap().path())
        .filter(|set| set.is_dir())
        .flat_map(|set| std::fs::read_dir(set).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

static SLOWEST: Mutex<(Duration, String)> = Mutex::new((Duration::ZERO, String::new()));
/// Cases run so far: `gig check` (about a second in a debug build, for the catalogue's rulings)
/// runs on the first [`CHECKED`] cases, `gig explain` on every case.
static CASES: Mutex<usize> = Mutex::new(0);
const CHECKED: usize = 2;

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_card_files_end_with_exit_0_or_1(
        pick in any::<usize>(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        use std::os::unix::process::ExitStatusExt;
        let files = catalogue_files();
        let original = &files[pick % files.len()];
        let mut bytes = std::fs::read(original).unwrap();
        for m in &mutations {
            apply(&mut bytes, m);
        }
        // The mutated file keeps its set folder and name, outside the catalogue.
        let dir = std::env::temp_dir().join(format!("gig-mutated-{}", std::process::id()));
        let set = original.parent().unwrap().file_name().unwrap();
        let path = dir.join(set).join(original.file_name().unwrap());
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &bytes).unwrap();
        let case = {
            let mut n = CASES.lock().unwrap();
            *n += 1;
            *n
        };
        let cmds: &[&str] = if case <= CHECKED { &["check", "explain"] } else { &["explain"] };
        for &cmd in cmds {
            let start = Instant::now();
            let out = Command::new(env!("CARGO_BIN_EXE_gig"))
                .args([cmd, path.to_str().unwrap()])
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .env("NO_COLOR", "1")
                .output()
                .unwrap();
            let took = start.elapsed();
            let err = String::from_utf8_lossy(&out.stderr);
            prop_assert!(out.status.signal().is_none(), "{cmd} {:?}: signal {:?}", mutations, out.status.signal());
            prop_assert!(!err.contains("panicked"), "{cmd} {:?}: {err}", mutations);
            prop_assert!(matches!(out.status.code(), Some(0 | 1)), "{cmd} {:?}: exit {:?}: {err}", mutations, out.status.code());
            let mut slowest = SLOWEST.lock().unwrap();
            if took > slowest.0 {
                *slowest = (took, format!("gig {cmd} of {} after {mutations:?}", original.display()));
            }
        }
        let slowest = SLOWEST.lock().unwrap();
        println!("slowest run so far: {:.3} s ({})", slowest.0.as_secs_f64(), slowest.1);
    }
}
