//! `gig lsp` driven through stdio by a scripted client: the replies are snapshots
//! (`tests/snapshots/lsp__*.snap`), and bad input gets diagnostics, never a crash or a hang.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long the client waits for one reply before it calls the server hung.
const PATIENCE: Duration = Duration::from_secs(120);

fn root() -> PathBuf {
    std::fs::canonicalize(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

struct Client {
    child: Child,
    stdin: ChildStdin,
    replies: Receiver<Value>,
    next_id: i64,
    /// messages received while waiting for another
    held: Vec<Value>,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gig"))
            .arg("lsp")
            .current_dir(root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .env_remove("GIG_CARDS")
            .spawn()
            .expect("gig lsp starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut len = None;
                loop {
                    let mut line = String::new();
                    if r.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        len = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; len.expect("a Content-Length header")];
                if r.read_exact(&mut body).is_err() {
                    return;
                }
                let v: Value = serde_json::from_slice(&body).expect("a JSON message");
                if tx.send(v).is_err() {
                    return;
                }
            }
        });
        Client {
            child,
            stdin,
            replies: rx,
            next_id: 1,
            held: Vec::new(),
        }
    }

    fn send(&mut self, v: Value) {
        let body = serde_json::to_string(&v).unwrap();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    fn wait_for(&mut self, mut want: impl FnMut(&Value) -> bool, what: &str) -> Value {
        if let Some(i) = self.held.iter().position(&mut want) {
            return self.held.remove(i);
        }
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.replies.recv_timeout(left) {
                Ok(v) if want(&v) => return v,
                Ok(v) => self.held.push(v),
                Err(RecvTimeoutError::Timeout) => panic!("the server gave no {what}"),
                Err(RecvTimeoutError::Disconnected) => panic!("the server exited before {what}"),
            }
        }
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.wait_for(|v| v["id"] == id, method)
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Value {
        let u = uri.to_string();
        let v = self.wait_for(
            |v| v["method"] == "textDocument/publishDiagnostics" && v["params"]["uri"] == u,
            "diagnostics",
        );
        v["params"]["diagnostics"].clone()
    }

    fn initialize(&mut self) -> Value {
        let r = self.request(
            "initialize",
            json!({"processId": null, "rootUri": uri(&root()), "capabilities": {}}),
        );
        self.notify("initialized", json!({}));
        r
    }

    fn open(&mut self, uri: &str, text: &str) -> Value {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "toml", "version": 1, "text": text}}),
        );
        self.diagnostics(uri)
    }

    fn change(&mut self, uri: &str, version: i64, text: &str) -> Value {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}),
        );
        self.diagnostics(uri)
    }

    fn at(&mut self, method: &str, uri: &str, text: &str, offset: usize) -> Value {
        let before = &text[..offset];
        let line = before.matches('\n').count();
        let col: usize = before[before.rfind('\n').map_or(0, |i| i + 1)..]
            .chars()
            .map(char::len_utf16)
            .sum();
        self.request(
            method,
            json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": col}}),
        )
    }

    fn shutdown(mut self) {
        let r = self.request("shutdown", Value::Null);
        assert_eq!(r["result"], Value::Null, "{r}");
        self.notify("exit", Value::Null);
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "gig lsp exited with {status}");
                return;
            }
            assert!(Instant::now() < deadline, "gig lsp did not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// A reply as a snapshot: the machine's path of the project replaced by `<root>`.
fn shown(v: &Value) -> String {
    let text = serde_json::to_string_pretty(v).unwrap();
    text.replace(&root().display().to_string(), "<root>")
}

fn result_of(v: &Value) -> &Value {
    assert!(v.get("error").is_none(), "an error reply: {v}");
    &v["result"]
}

#[test]
fn a_scripted_client() {
    let card = root().join("cards/welcometonightcityretail/chrome-fang.toml");
    let text = std::fs::read_to_string(&card).unwrap();
    let card_uri = uri(&card);
    let mut c = Client::start();

    let init = c.initialize();
    insta::assert_snapshot!("initialize", shown(result_of(&init)));

    // A catalogue card: no problems.
    assert_eq!(c.open(&card_uri, &text), json!([]));

    // A keystroke that breaks the text: the error of `gig check`, at its place.
    let typo = text.replacen("{Play} Until", "{Play} Untill", 1);
    insta::assert_snapshot!("typo", shown(&c.change(&card_uri, 2, &typo)));

    // A text that reads but is not canonical (`gig check` says it does not round-trip):
    // formatting gives the canonical text.
    let lower = text.replacen(
        "{Play} Until your next turn",
        "{Play} until your next turn",
        1,
    );
    let d = c.change(&card_uri, 3, &lower);
    assert!(
        d[0]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("card text: printing")),
        "{d}"
    );
    let f = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": card_uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    let edits = result_of(&f);
    assert_eq!(edits.as_array().map(Vec::len), Some(1), "{f}");
    assert_eq!(edits[0]["newText"].as_str(), Some(text.as_str()));
    assert_eq!(c.change(&card_uri, 4, &text), json!([]));

    // Hover on a phrase of the text, and on a card named in a ruling.
    let at = text.find("rival Units").unwrap() + 1;
    insta::assert_snapshot!(
        "hover_phrase",
        shown(result_of(&c.at("textDocument/hover", &card_uri, &text, at)))
    );
    let at = text.find("field = [\"psycho-squad\"]").unwrap() + 12;
    insta::assert_snapshot!(
        "hover_card",
        shown(result_of(&c.at("textDocument/hover", &card_uri, &text, at)))
    );

    // Completion: what may continue a sentence; the option labels at a ruling's step.
    let half = &text[..text.find("can't").unwrap() + "can't ".len()];
    let half = half.to_string();
    c.change(&card_uri, 5, &half);
    let r = c.at("textDocument/completion", &card_uri, &half, half.len());
    let labels: Vec<&str> = result_of(&r)
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    insta::assert_snapshot!("complete_phrase", labels.join("\n"));
    c.change(&card_uri, 6, &text);
    let at = text.find("\"pass\", \"attack gigs").unwrap() + "\"pass\", \"".len();
    let r = c.at("textDocument/completion", &card_uri, &text, at);
    insta::assert_snapshot!("complete_step", shown(result_of(&r)));

    // Go to the file of the card named.
    let at = text.find("field = [\"psycho-squad\"]").unwrap() + 12;
    let r = c.at("textDocument/definition", &card_uri, &text, at);
    assert!(
        result_of(&r)["uri"]
            .as_str()
            .is_some_and(|u| u.ends_with("/cards/welcometonightcityretail/psycho-squad.toml")),
        "{r}"
    );

    // On save the rulings run: a failing one is shown on its `[[ruling]]`.
    let wrong = text.replacen(
        "expect = [\"me gigs = [d12:11]\"",
        "expect = [\"me gigs = [d12:12]\"",
        1,
    );
    c.change(&card_uri, 7, &wrong);
    c.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": card_uri}}),
    );
    insta::assert_snapshot!("ruling_fails", shown(&c.diagnostics(&card_uri)));

    c.shutdown();
}

/// A few thousand bytes that are not a card, from a fixed seed (xorshift).
fn noise(len: usize, mut seed: u64) -> String {
    let bytes: Vec<u8> = (0..len)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 24) as u8
        })
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The facts of a Program card, before its text.
const DEEP: &str =
    "id = \"deep\"\nname = \"Deep\"\ntype = \"program\"\ncolor = \"red\"\ncost = 1\n\
                    tags = []\nsell = false\nset = \"welcometonightcityretail\"\n";

#[test]
fn bad_input_gets_diagnostics_and_the_server_goes_on() {
    let mut c = Client::start();
    c.initialize();
    let dir = root().join("cards/welcometonightcityretail");
    let huge = format!(
        "id = \"huge\"\ntext = \"\"\"\n{}\"\"\"\n",
        "Draw 1. ".repeat(131_072)
    );
    let half = std::fs::read_to_string(dir.join("chrome-fang.toml")).unwrap();
    let half = &half[..half.find("their power").unwrap()];
    let deep = " with less power than a Unit".repeat(60);
    // (file, text, whether it has a problem to report)
    let cases = [
        ("half-typed.toml", half.to_string(), true),
        ("noise.toml", noise(4096, 7), true),
        ("huge.toml", huge, true),
        ("empty.toml", String::new(), true),
        // deep, and a card the language reads and executes: nothing to report
        (
            "deep.toml",
            format!("{DEEP}text = \"\"\"\nSpend a Unit{deep}.\n\"\"\"\n"),
            false,
        ),
        // deep, and a word the language does not know at its end
        (
            "deep-wrong.toml",
            format!("{DEEP}text = \"\"\"\nSpend a Unit{deep} frobnicated.\n\"\"\"\n"),
            true,
        ),
    ];
    for (name, text, bad) in &cases {
        let u = uri(&dir.join(name));
        let d = c.open(&u, text);
        assert!(
            d.as_array().is_some_and(|a| a.is_empty() != *bad),
            "{name}: diagnostics {d}"
        );
        for at in [0, text.len() / 2, text.len()] {
            let at = (0..=at).rev().find(|i| text.is_char_boundary(*i)).unwrap();
            for m in [
                "textDocument/hover",
                "textDocument/completion",
                "textDocument/definition",
            ] {
                let r = c.at(m, &u, text, at);
                assert!(r.get("error").is_none(), "{name} {m}: {r}");
            }
        }
        let f = c.request(
            "textDocument/formatting",
            json!({"textDocument": {"uri": u}, "options": {"tabSize": 4, "insertSpaces": true}}),
        );
        assert!(f.get("error").is_none(), "{name}: {f}");
    }
    // a deck and a rulings file that are broken
    let deck = uri(&root().join("decks/broken.toml"));
    let d = c.open(
        &deck,
        "legends = [\"v-streetkid\"]\n[main]\nchrome-fang = 9\n",
    );
    assert!(d.as_array().is_some_and(|a| !a.is_empty()), "{d}");
    let rulings = uri(&root().join("tests/rulings/broken.toml"));
    let d = c.open(
        &rulings,
        "[[ruling]]\nname = \"x\"\n[ruling.me]\ngraveyard = []\n",
    );
    assert!(
        d[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("graveyard")),
        "{d}"
    );
    c.shutdown();
}
