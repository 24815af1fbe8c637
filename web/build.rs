//! Embeds the card pool and the sample decks: every `cards/**/*.toml` and `decks/*.toml` of the
//! project becomes a `(path, text)` pair in `$OUT_DIR/pool.rs`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn toml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            toml_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "toml") {
            out.push(p);
        }
    }
}

fn list(root: &Path, sub: &str) -> String {
    let mut files = Vec::new();
    toml_files(&root.join(sub), &mut files);
    files.sort();
    let mut s = String::from("&[\n");
    for f in files {
        let rel = f.strip_prefix(root).unwrap_or(&f).display().to_string();
        let abs = std::fs::canonicalize(&f).unwrap_or(f);
        let _ = writeln!(
            s,
            "    ({rel:?}, include_str!({:?})),",
            abs.display().to_string()
        );
    }
    s.push(']');
    s
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    println!("cargo:rerun-if-changed=../cards");
    println!("cargo:rerun-if-changed=../decks");
    let code = format!(
        "/// Every card file of the pool: (path, text).\npub const CARDS: &[(&str, &str)] = {};\n\
         /// The sample decks: (path, text).\npub const DECKS: &[(&str, &str)] = {};\n",
        list(&root, "cards"),
        list(&root, "decks")
    );
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("pool.rs"), code).expect("OUT_DIR is writable");
}
