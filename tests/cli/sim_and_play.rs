//! `gig sim`, `gig sim merge`, `gig play` and `gig replay` end to end.

use super::gig_in;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn gig(args: &[&str]) -> Output {
    gig_in(args, "")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gig-bots-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The results without the fields that depend on the machine.
fn totals(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let o = v.as_object_mut().unwrap();
    o.remove("elapsed_s");
    o.remove("games_per_s");
    v
}

#[test]
fn sim_results_do_not_depend_on_the_thread_count() {
    let run = |t: &str| {
        totals(&gig(&[
            "sim",
            "--games",
            "60",
            "--bots",
            "random,greedy",
            "--seed",
            "9",
            "--json",
            "--threads",
            t,
        ]))
    };
    let one = run("1");
    assert_eq!(one["played"], 60);
    assert_eq!(one, run("2"));
}

#[test]
fn shards_merge_into_the_whole_run() {
    let base = [
        "sim",
        "--games",
        "50",
        "--bots",
        "greedy,random",
        "--seed",
        "4",
        "--json",
    ];
    let whole = totals(&gig(&base));
    let mut files = Vec::new();
    for i in 0..3 {
        let shard = format!("{i}/3");
        let mut args = base.to_vec();
        args.extend(["--shard", &shard]);
        let out = gig(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let f = tmp(&format!("shard{i}.json"));
        std::fs::write(&f, &out.stdout).unwrap();
        files.push(f.display().to_string());
    }
    let mut args = vec!["sim", "merge", "--json"];
    args.extend(files.iter().map(String::as_str));
    assert_eq!(totals(&gig(&args)), whole);
    // a shard given twice is refused
    let out = gig(&["sim", "merge", &files[0], &files[0]]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn sim_bench_prints_games_per_second() {
    let out = gig(&["sim", "--bench", "--games", "20"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("games/s"));
}

/// `gig play` against a random bot with option 1 typed every time: the game ends (a deck runs
/// out at the latest). Played once for the tests that read it.
fn typed_to_the_end() -> &'static std::process::Output {
    static OUT: std::sync::OnceLock<std::process::Output> = std::sync::OnceLock::new();
    OUT.get_or_init(|| {
        gig_in(
            &["play", "--seed", "2", "--bot", "random"],
            &"1\n".repeat(3000),
        )
    })
}

#[test]
fn play_reaches_the_end_by_typing_numbers() {
    let out = typed_to_the_end();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let o = text(&out.stdout);
    // the players are `you` and `the bot`, never seats
    assert!(
        o.contains("game over: you win") || o.contains("game over: the bot wins"),
        "{}",
        &o[o.len().saturating_sub(2000)..]
    );
    assert!(!o.contains("p0") && !o.contains("p1"));
}

/// The last board and options printed before `> `.
fn last_prompt(o: &str) -> String {
    let end = o.rfind("options:").expect("a prompt");
    let start = o[..end].rfind("\n== turn").expect("a board");
    let tail = &o[end..];
    let stop = tail.find("> ").unwrap_or(tail.len());
    format!("{}{}", &o[start..end], &tail[..stop])
}

#[test]
fn a_saved_game_loads_at_the_same_decision_and_replays_its_log() {
    let save = tmp("game.json");
    let s = save.display().to_string();
    let input = format!("1\n2\n1\n1\n2\n1\nsave {s}\nquit\n");
    let out = gig_in(&["play", "--seed", "5"], &input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let before = text(&out.stdout);
    let before = &before[..before.rfind("saved to").unwrap()];
    let out = gig_in(&["play", "--load", &s], "quit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(last_prompt(before), last_prompt(&text(&out.stdout)));

    let out = gig(&["replay", &s, "--to-end"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("the saved log is reproduced"));

    // a save from another card pool is refused with exit 1
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    v["digest"] = "0000000000000000".into();
    let bad = tmp("tampered.json");
    std::fs::write(&bad, v.to_string()).unwrap();
    for args in [vec!["replay", "--to-end"], vec!["play", "--load"]] {
        let mut args = args.clone();
        args.insert(
            if args[0] == "replay" { 1 } else { 2 },
            bad.to_str().unwrap(),
        );
        let out = gig(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(text(&out.stderr).contains("another card pool"));
    }
    // a tampered log is caught by replay
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    v["log"][3] = "p9 draws everything".into();
    std::fs::write(&bad, v.to_string()).unwrap();
    let out = gig(&["replay", bad.to_str().unwrap(), "--to-end"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_missing_save_is_an_io_error() {
    let out = gig(&["replay", "no-such-save.json"]);
    assert_eq!(out.status.code(), Some(2));
}

/// The board and options of a prompt segment (the text between two `> ` prompts).
fn board_of(seg: &str) -> &str {
    let start = seg.find("\n== turn").expect("a board");
    &seg[start..]
}

#[test]
fn undo_takes_back_the_last_choice_and_the_bot_moves_after_it() {
    // Setup choices, then `pass`: the bot plays its whole turn; `undo` takes it all back.
    let input = "1\n1\n1\npass\nundo\npass\nquit\n";
    let out = gig_in(&["play", "--seed", "7", "--bot", "random"], input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let o = text(&out.stdout);
    let segs: Vec<&str> = o.split("> ").collect();
    // segs[3]: the board where `pass` is typed; segs[4]: the bot's turn, then the next board
    assert!(segs[4].contains("bot: "), "the bot moved: {}", segs[4]);
    assert!(segs[5].starts_with("took back "), "{}", segs[5]);
    // the board after undo is the board before the undone choice, nothing more shown
    assert_eq!(board_of(segs[3]), board_of(segs[5]));
    // the random bot replays its moves identically
    assert_eq!(segs[4], segs[6]);
    // nothing to undo at the start
    let out = gig_in(&["play", "--seed", "7"], "undo\nquit\n");
    assert!(text(&out.stdout).contains("nothing to undo"));
}

#[test]
fn a_loaded_game_gets_the_same_bot_moves() {
    let whole = gig_in(
        &["play", "--seed", "7", "--bot", "random"],
        "1\n1\n1\npass\nquit\n",
    );
    let save = tmp("undo-load.json");
    let s = save.display().to_string();
    let first = gig_in(
        &["play", "--seed", "7", "--bot", "random"],
        &format!("1\n1\n1\nsave {s}\nquit\n"),
    );
    assert!(first.status.success(), "{}", text(&first.stderr));
    let rest = gig_in(&["play", "--load", &s], "pass\nquit\n");
    assert!(rest.status.success(), "{}", text(&rest.stderr));
    let bot_lines = |o: &Output| -> Vec<String> {
        text(&o.stdout)
            .lines()
            .filter(|l| l.starts_with("bot: ") || l.starts_with("> bot: "))
            .map(|l| l.trim_start_matches("> ").to_owned())
            .collect()
    };
    let whole_bot = bot_lines(&whole);
    let rest_bot = bot_lines(&rest);
    assert!(!rest_bot.is_empty());
    assert!(
        whole_bot.ends_with(&rest_bot),
        "after loading, the bot plays {rest_bot:?}; unbroken, {whole_bot:?}"
    );
}

#[test]
fn a_save_naming_an_unknown_card_is_refused() {
    let save = tmp("unknown-card.json");
    let s = save.display().to_string();
    let out = gig_in(&["play", "--seed", "3"], &format!("1\nsave {s}\nquit\n"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    v["decks"][1]["main"][4] = "no-such-card".into();
    std::fs::write(&save, v.to_string()).unwrap();
    for args in [vec!["replay", &s, "--to-end"], vec!["play", "--load", &s]] {
        let out = gig(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = text(&out.stderr);
        assert!(
            err.contains(&s) && err.contains("unknown card `no-such-card`"),
            "{err}"
        );
    }
}

#[test]
fn sim_refuses_games_and_threads_beyond_the_limits() {
    // Issue 17: `--games 18446744073709551615` panicked (capacity overflow), 10^10 aborted
    // allocating 80 GB for the list of game indices; a huge `--threads` aborted.
    for args in [
        &["sim", "--games", "18446744073709551615"][..],
        &["sim", "--games", "10000000000"],
        &["sim", "--threads", "100000000", "--games", "1"],
    ] {
        let out = gig(args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(
            text(&out.stderr).contains("more than the limit"),
            "{args:?}"
        );
    }
    // A large run split into a tiny shard streams its indices: a shard of one game of 10^9.
    let out = gig(&[
        "sim",
        "--games",
        "1000000000",
        "--shard",
        "999999999/1000000000",
        "--json",
    ]);
    let v = totals(&out);
    assert_eq!(v["played"], 1);
}

#[test]
fn sim_bench_honours_threads_and_json() {
    let out = gig(&["sim", "--bench", "--games", "8", "--threads", "2", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["threads"], 2);
    assert_eq!(v["games"], 8);
    assert!(v["games_per_s"].as_f64().unwrap() > 0.0);
    let out = gig(&["sim", "--bench", "--games", "4"]);
    assert!(
        text(&out.stdout).contains("1 thread(s)"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn sim_merge_checks_the_shard_set_and_the_totals() {
    let base = ["sim", "--games", "12", "--seed", "3", "--json"];
    let shard = |spec: &str| {
        let mut args = base.to_vec();
        args.extend(["--shard", spec]);
        let out = gig(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let write = |name: &str, v: &serde_json::Value| {
        let f = tmp(name);
        std::fs::write(&f, v.to_string()).unwrap();
        f.display().to_string()
    };
    let s0 = shard("0/3");
    let s1 = shard("1/3");
    let s2 = shard("2/3");
    let (f0, f1, f2) = (
        write("m0.json", &s0),
        write("m1.json", &s1),
        write("m2.json", &s2),
    );
    let out = gig(&["sim", "merge", &f0, &f1, &f2]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let refused = |files: &[&str], why: &str| {
        let mut args = vec!["sim", "merge"];
        args.extend(files);
        let out = gig(&args);
        assert_eq!(out.status.code(), Some(1), "{files:?}");
        assert!(
            text(&out.stderr).contains(why),
            "{why}: {}",
            text(&out.stderr)
        );
    };
    // a missing shard
    refused(&[&f0, &f1], "shard(s) 2 of 3 missing");
    // an index out of range
    let mut bad = s2.clone();
    bad["shards"] = serde_json::json!([7]);
    refused(
        &[&f0, &f1, &write("m-range.json", &bad)],
        "shard 7 is out of range",
    );
    // more wins than games
    let mut bad = s2.clone();
    bad["wins"][0] = (bad["played"].as_u64().unwrap() + 5).into();
    refused(&[&f0, &f1, &write("m-wins.json", &bad)], "don't add up");
    // negative time
    let mut bad = s2.clone();
    bad["elapsed_s"] = (-1.0).into();
    refused(
        &[&f0, &f1, &write("m-time.json", &bad)],
        "is not a duration",
    );
    // another seed
    let mut other = s2.clone();
    other["seed"] = 4.into();
    refused(
        &[&f0, &f1, &write("m-seed.json", &other)],
        "its seed differs",
    );
    // a shard that did not play its games
    let mut bad = s2.clone();
    bad["played"] = 1.into();
    refused(
        &[&f0, &f1, &write("m-played.json", &bad)],
        "games played, but shards",
    );
    // not UTF-8: a problem of the input, exit 1
    let f = tmp("m-bytes.json");
    std::fs::write(&f, b"{\"decks\": \xff}").unwrap();
    refused(&[f.to_str().unwrap()], "not UTF-8");
    // a device that never ends is read up to the limit only
    refused(&["/dev/zero"], "more than the limit");
}

/// A fresh scratch folder of its own.
fn scratch(name: &str) -> PathBuf {
    let dir = tmp(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn quit_saves_when_save_was_given() {
    // Issue 15: `quit` threw the game away even with `--save`.
    let dir = scratch("quit-saves");
    let save = dir.join("game.json");
    let out = gig_in(
        &["play", "--seed", "5", "--save", save.to_str().unwrap()],
        "1\nquit\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).expect("a save")).unwrap();
    assert_eq!(saved["choices"].as_array().unwrap().len(), 1);
}

#[test]
fn a_save_never_replaces_what_is_not_a_regular_file() {
    // Issue 17: saving onto a symlink, a FIFO or a device replaced it.
    let dir = scratch("save-targets");
    let target = dir.join("precious.txt");
    std::fs::write(&target, "keep me\n").unwrap();
    let link = dir.join("link.json");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let fifo = dir.join("fifo.json");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    for (path, what) in [(&link, "a symbolic link"), (&fifo, "a FIFO")] {
        let p = path.to_str().unwrap();
        // at the end of input, and by `save FILE`
        for (args, input) in [
            (vec!["play", "--save", p], String::new()),
            (vec!["play"], format!("save {p}\nquit\n")),
        ] {
            let out = gig_in(&args, &input);
            let all = text(&out.stderr) + &text(&out.stdout);
            assert!(
                all.contains(&format!("{p}: not a regular file ({what}); not replaced")),
                "{args:?}: {all}"
            );
        }
        assert!(
            std::fs::symlink_metadata(path)
                .unwrap()
                .file_type()
                .is_symlink()
                == (what == "a symbolic link")
        );
    }
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me\n");
    let out = gig_in(&["play", "--save", "/dev/null"], "");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("not a regular file (a device)"));
}

#[test]
fn a_failed_save_leaves_no_temporary_file_and_the_old_save_as_it_was() {
    // Issue 17: a full disk left the temporary file behind. Writes over 1 KiB fail here
    // (a file size limit, with its signal ignored so the write returns an error).
    let dir = scratch("failed-save");
    let save = dir.join("game.json");
    std::fs::write(&save, "an earlier save\n").unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "trap '' XFSZ; ulimit -f 1; exec {} play --save {}",
            env!("CARGO_BIN_EXE_gig"),
            save.display()
        ))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("can't write"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&save).unwrap(), "an earlier save\n");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        left,
        vec![std::ffi::OsString::from("game.json")],
        "left behind"
    );
}

/// A save of a few choices of a new game (seed 3), as JSON to tamper with.
fn a_save(name: &str) -> (PathBuf, serde_json::Value) {
    let dir = scratch(name);
    let save = dir.join("game.json");
    let out = gig_in(
        &["play", "--seed", "3", "--save", save.to_str().unwrap()],
        "1\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    (save, v)
}

/// `play --load` and `replay` of `v` both exit 1 with `why` in their message.
fn both_refuse(save: &PathBuf, v: &serde_json::Value, why: &str) {
    std::fs::write(save, v.to_string()).unwrap();
    let s = save.to_str().unwrap();
    for args in [vec!["replay", s, "--to-end"], vec!["play", "--load", s]] {
        let out = gig(&args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains(why), "{args:?}: `{why}` in {err}");
        assert!(!err.contains("(\""), "{args:?}: Rust debug output: {err}");
    }
}

#[test]
fn a_loaded_save_has_its_decks_and_bot_checked() {
    // Issue 17: a save with no main deck or three Units as Legends played to the end (exit 0);
    // an unknown bot was exit 2 from `play --load` and 0 from `replay`.
    let (save, v) = a_save("save-checks");
    let mut bad = v.clone();
    bad["decks"][0]["main"] = serde_json::json!([]);
    both_refuse(
        &save,
        &bad,
        "the deck of seat 0 is not legal: the main deck has 0 cards",
    );
    let mut bad = v.clone();
    bad["decks"][1]["legends"] = serde_json::json!(["chrome-fang", "chrome-fang", "chrome-fang"]);
    both_refuse(&save, &bad, "the deck of seat 1 is not legal");
    let mut bad = v.clone();
    bad["bot"] = "deep-blue".into();
    both_refuse(&save, &bad, "unknown bot `deep-blue`");
    // A choice that does not replay is said in words, not as Rust debug output.
    let mut bad = v.clone();
    bad["choices"][0] = "no such option".into();
    both_refuse(&save, &bad, "choice 1 `no such option` does not replay");
}

#[test]
fn replay_of_a_fifo_reads_it_once() {
    let (save, _) = a_save("replay-fifo");
    let fifo = save.with_file_name("fifo.json");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let (f, s) = (fifo.clone(), save.clone());
    let writer = std::thread::spawn(move || {
        // One writer, once: a second open of the FIFO would wait for ever.
        let bytes = std::fs::read(&s).unwrap();
        std::fs::write(&f, bytes).unwrap();
    });
    let out = gig(&["replay", fifo.to_str().unwrap(), "--to-end"]);
    writer.join().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("the saved log is reproduced"));
}

#[test]
fn standard_input_is_read_in_bounded_lines_and_must_be_utf8() {
    // Issue 17: one 1 GB line aborted `gig play`; non-UTF-8 input was taken as its end.
    let long = format!("{}\nquit\n", "x".repeat(1 << 20));
    let out = gig_in(&["play", "--seed", "1"], &long);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("line 1 is longer than 65536 bytes; ignored"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_gig"))
        .args(["play", "--seed", "1"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(b"1\n\xff\xfe\n");
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("standard input line 2 is not UTF-8 text"));
}

#[test]
fn the_game_over_line_says_why_the_game_ended() {
    let out = typed_to_the_end();
    let o = text(&out.stdout);
    let line = o
        .lines()
        .find(|l| l.starts_with("game over: "))
        .expect("the game ends");
    assert!(line.contains("(rule 1."), "{line}");
}
