//! The time from a keystroke (`didChange` of a catalogue card file) to its published
//! diagnostics, the server running in-process on a memory connection:
//! `cargo bench -p gigscript-lsp --bench keystroke`.

use criterion::{criterion_group, criterion_main, Criterion};
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::json;
use std::path::Path;

fn wait_diagnostics(client: &Connection) -> serde_json::Value {
    loop {
        match client.receiver.recv().expect("the server answers") {
            Message::Notification(n) if n.method == "textDocument/publishDiagnostics" => {
                return n.params
            }
            _ => {}
        }
    }
}

fn keystroke(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let cards = root.join("cards");
    let (server, client) = Connection::memory();
    let dir = cards.clone();
    let thread = std::thread::spawn(move || gigscript_lsp::serve(&server, Some(dir.clone()), dir));
    let send = |m: Message| client.sender.send(m).unwrap();
    send(Message::Request(Request::new(
        RequestId::from(1),
        "initialize".into(),
        json!({"processId": null, "capabilities": {}}),
    )));
    while !matches!(client.receiver.recv().unwrap(), Message::Response(_)) {}
    send(Message::Notification(Notification::new(
        "initialized".into(),
        json!({}),
    )));
    // The card of the catalogue with the longest text (and the largest file).
    let path = cards.join("welcometonightcityretail/jackie-welles-mama-s-favorite.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let uri = format!("file://{}", std::fs::canonicalize(&path).unwrap().display());
    send(Message::Notification(Notification::new(
        "textDocument/didOpen".into(),
        json!({"textDocument": {"uri": uri, "languageId": "toml", "version": 1, "text": text}}),
    )));
    wait_diagnostics(&client);
    // A keystroke: one letter typed at the end of the text, then taken back.
    let typed = text.replacen("this Legend instead.", "this Legend instead.x", 1);
    assert_ne!(typed, text);
    let mut version = 1;
    c.bench_function("keystroke to diagnostics, jackie-welles-mama-s-favorite", |b| {
        b.iter(|| {
            version += 1;
            let t = if version % 2 == 0 { &typed } else { &text };
            send(Message::Notification(Notification::new(
                "textDocument/didChange".into(),
                json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": t}]}),
            )));
            wait_diagnostics(&client)
        })
    });
    send(Message::Request(Request::new(
        RequestId::from(2),
        "shutdown".into(),
        json!(null),
    )));
    while !matches!(client.receiver.recv().unwrap(), Message::Response(_)) {}
    send(Message::Notification(Notification::new(
        "exit".into(),
        json!(null),
    )));
    thread.join().unwrap().unwrap();
}

criterion_group!(benches, keystroke);
criterion_main!(benches);
