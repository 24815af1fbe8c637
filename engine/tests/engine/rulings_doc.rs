//! `docs/rulings.md` keeps up with the code: every form of `expect` line the scenario checker
//! reads ([`Expect`]'s variants, each zone name, each `winner`) has an example in the doc's marked
//! list, every example there reads, and every key of a ruling's setup is named in the doc.

use gigscript_engine::scenario::expect::Expect;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text between `<!-- NAME:begin -->` and `<!-- NAME:end -->`.
fn marked<'a>(doc: &'a str, name: &str) -> &'a str {
    let begin = format!("<!-- {name}:begin -->");
    let end = format!("<!-- {name}:end -->");
    let from = doc
        .find(&begin)
        .unwrap_or_else(|| panic!("docs/rulings.md has no `{begin}`"));
    let to = doc[from..]
        .find(&end)
        .unwrap_or_else(|| panic!("docs/rulings.md has no `{end}`"));
    &doc[from + begin.len()..from + to]
}

/// The first code span of every bullet of a list.
fn bullets(list: &str) -> Vec<String> {
    list.lines()
        .filter_map(|l| l.trim().strip_prefix("- "))
        .filter_map(|l| l.split('`').nth(1))
        .map(str::to_owned)
        .collect()
}

/// The variants of `pub enum NAME { … }` in a Rust source, by name.
fn variants(src: &str, name: &str) -> BTreeSet<String> {
    let head = format!("pub enum {name} {{");
    let from = src.find(&head).unwrap_or_else(|| panic!("no `{head}`"));
    let body = &src[from + head.len()..];
    let body = &body[..body.find("\n}").expect("the enum ends")];
    body.lines()
        .filter(|l| l.starts_with("    ") && !l.starts_with("     "))
        .map(str::trim)
        .filter(|l| l.starts_with(|c: char| c.is_ascii_uppercase()))
        .map(|l| {
            l.split(|c: char| !c.is_ascii_alphanumeric())
                .next()
                .unwrap_or("")
                .to_owned()
        })
        .collect()
}

/// The fields of `pub struct NAME { … }` in a Rust source.
fn fields(src: &str, name: &str) -> Vec<String> {
    let head = format!("pub struct {name} {{");
    let from = src.find(&head).unwrap_or_else(|| panic!("no `{head}`"));
    let body = &src[from + head.len()..];
    let body = &body[..body.find("\n}").expect("the struct ends")];
    body.lines()
        .filter_map(|l| l.trim().strip_prefix("pub "))
        .filter_map(|l| l.split_once(':'))
        .map(|(f, _)| f.trim().to_owned())
        .collect()
}

/// The words a `match` reads as string literals before `=>`, in a function of a source.
fn matched_words(src: &str, func: &str) -> BTreeSet<String> {
    let from = src.find(func).unwrap_or_else(|| panic!("no `{func}`"));
    let body = &src[from..];
    let body = &body[..body.find("\n    }\n").expect("the function ends")];
    body.lines()
        .filter(|l| l.contains("=>"))
        .filter_map(|l| l.trim().strip_prefix('"'))
        .filter_map(|l| l.split('"').next())
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_expect_form_the_checker_reads_is_in_the_doc() {
    let doc = read("docs/rulings.md");
    let forms = bullets(marked(&doc, "expect-forms"));
    assert!(forms.len() >= 10, "only {} forms listed", forms.len());
    let mut covered = BTreeSet::new();
    let mut unreadable = Vec::new();
    for f in &forms {
        match Expect::parse(f) {
            Ok(e) => {
                let debug = format!("{e:?}");
                let name: String = debug
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric())
                    .collect();
                covered.insert(name);
            }
            Err(e) => unreadable.push(e.to_string()),
        }
    }
    assert!(
        unreadable.is_empty(),
        "examples that do not read: {unreadable:?}"
    );
    let src = read("engine/src/scenario/expect.rs");
    let all = variants(&src, "Expect");
    assert!(all.len() >= 9, "variants read from the code: {all:?}");
    let missing: Vec<_> = all.difference(&covered).collect();
    assert!(
        missing.is_empty(),
        "forms of `expect` with no example in docs/rulings.md: {missing:?}"
    );
    // Every zone an expectation may name, and every winner.
    let zones = matched_words(&src, "pub fn parse(word: &str) -> Option<ZoneName>");
    assert!(zones.len() >= 9, "zones read from the code: {zones:?}");
    let zone_list = marked(&doc, "expect-zones");
    let missing: Vec<_> = zones
        .iter()
        .filter(|z| !zone_list.contains(&format!("`{z}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "zones not in docs/rulings.md: {missing:?}"
    );
    for w in variants(&src, "WinnerName") {
        let line = format!("winner = {}", w.to_ascii_lowercase());
        assert!(
            forms.contains(&line),
            "`{line}` is not in the doc's list of forms"
        );
    }
}

#[test]
fn every_setup_key_is_named_in_the_doc() {
    let doc = read("docs/rulings.md");
    let src = read("dsl/src/ruling.rs");
    let mut missing = Vec::new();
    for s in ["Ruling", "PlayerSetup", "CardState", "GameSetup"] {
        let fs = fields(&src, s);
        assert!(!fs.is_empty(), "fields of {s}");
        for f in fs {
            if !doc.contains(&format!("`{f}`")) {
                missing.push(format!("{s}.{f}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "setup keys not named in docs/rulings.md: {missing:?}"
    );
}

/// The readers of the code find what they look for.
#[test]
fn the_code_is_read_as_expected() {
    let src = read("engine/src/scenario/expect.rs");
    let all = variants(&src, "Expect");
    for v in ["Zone", "Count", "In", "Power", "Spent", "Winner", "Options"] {
        assert!(all.contains(v), "{v} in {all:?}");
    }
    let zones = matched_words(&src, "pub fn parse(word: &str) -> Option<ZoneName>");
    assert!(
        zones.contains("hand") && zones.contains("fixer"),
        "{zones:?}"
    );
    let f = fields(&read("dsl/src/ruling.rs"), "CardState");
    assert_eq!(f, ["card", "spent", "face_up", "lag", "gear"]);
    assert_eq!(
        bullets("- `a`: one\n- two `b` `c`\nno `d`\n"),
        ["a".to_owned(), "b".to_owned()]
    );
}
