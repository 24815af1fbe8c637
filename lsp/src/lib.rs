//! gigscript-lsp: a language server for card files, deck files and rulings files.
//!
//! It speaks the Language Server Protocol over stdio (`gig lsp`) with `lsp-server` and
//! `lsp-types`, rust-analyzer's own crates: a synchronous message loop, no async runtime, since
//! every request is a short computation on one document. Everything it knows about the language
//! and the engine comes through `gigscript_studio`'s adapter:
//!
//! - diagnostics as you type (the problems `gig check` reports: loading, parsing, round-trip,
//!   ambiguity, execution), and on save the file's rulings, a failing one on its `[[ruling]]`;
//! - hover: in a card's text, how the phrase under the cursor was read; on a card id or a card
//!   name, that card's facts and text;
//! - completion: what the grammar lets continue a card's text, tags, card ids and names,
//!   keywords, table keys, and in a ruling's `steps` the labels of the options at that step;
//! - formatting (`gig fmt`) and go-to-definition from a card id or name to its file.
//!
//! A request that fails inside the adapter (a panic) is answered with an error and the server
//! goes on; a document's diagnostics then say that the check failed.

use gigscript_studio::cursor::{offset_of, position_of};
use gigscript_studio::{Catalogue, CompletionKind, Problem, Severity};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use lsp_types::{
    notification, request, CompletionItem, CompletionItemKind, CompletionOptions,
    CompletionResponse, CompletionTextEdit, Diagnostic, DiagnosticRelatedInformation,
    DiagnosticSeverity, GotoDefinitionResponse, Hover, HoverContents, HoverProviderCapability,
    InitializeParams, Location, MarkupContent, MarkupKind, OneOf, Position,
    PublishDiagnosticsParams, Range, SaveOptions, ServerCapabilities, TextDocumentSyncCapability,
    TextDocumentSyncKind, TextDocumentSyncOptions, TextDocumentSyncSaveOptions, TextEdit, Uri,
};
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::str::FromStr;

type Error = Box<dyn std::error::Error + Send + Sync>;

/// Runs the server over stdin and stdout until the client says `exit`. `cards` is the card
/// folder of the pool; without it, the `cards/` folder of the client's workspace, else
/// `fallback`.
pub fn run(cards: Option<PathBuf>, fallback: PathBuf) -> Result<(), Error> {
    let (connection, io) = Connection::stdio();
    serve(&connection, cards, fallback)?;
    drop(connection);
    io.join()?;
    Ok(())
}

/// What the server says it can do.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::FULL),
                save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                    include_text: Some(false),
                })),
                ..TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![" ".into(), "\"".into(), "{".into()]),
            ..CompletionOptions::default()
        }),
        document_formatting_provider: Some(OneOf::Left(true)),
        definition_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// Serves one client on `connection`: the `initialize` handshake, then every message until
/// `shutdown` and `exit`.
pub fn serve(
    connection: &Connection,
    cards: Option<PathBuf>,
    fallback: PathBuf,
) -> Result<(), Error> {
    let caps = serde_json::to_value(capabilities())?;
    let params = connection.initialize(caps)?;
    let params: InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let cards = cards
        .or_else(|| workspace_cards(&params))
        .unwrap_or(fallback);
    let mut server = Server {
        catalogue: None,
        cards,
        docs: HashMap::new(),
        connection,
    };
    loop {
        let Ok(first) = connection.receiver.recv() else {
            return Ok(());
        };
        // Take in everything already waiting, so a burst of keystrokes is checked once: a
        // change only records the text, and the document is checked after the burst.
        let mut batch = vec![first];
        while let Ok(m) = connection.receiver.try_recv() {
            batch.push(m);
        }
        let mut pending: Vec<Uri> = Vec::new();
        for m in batch {
            match m {
                Message::Request(req) => {
                    if connection.handle_shutdown(&req)? {
                        return Ok(());
                    }
                    server.request(req)?;
                }
                Message::Notification(n)
                    if n.method == notification::DidChangeTextDocument::METHOD =>
                {
                    if let Some(uri) = server.change(n) {
                        if !pending.contains(&uri) {
                            pending.push(uri);
                        }
                    }
                }
                Message::Notification(n) => {
                    if n.method == notification::Exit::METHOD {
                        return Ok(());
                    }
                    if let Some(uri) = server.notification(n) {
                        pending.retain(|u| *u != uri);
                    }
                }
                Message::Response(_) => {}
            }
        }
        for uri in pending {
            server.publish(&uri, false);
        }
    }
}

fn workspace_cards(params: &InitializeParams) -> Option<PathBuf> {
    let mut roots: Vec<PathBuf> = Vec::new();
    for f in params.workspace_folders.iter().flatten() {
        roots.extend(path_of(&f.uri));
    }
    #[allow(deprecated)]
    if let Some(uri) = &params.root_uri {
        roots.extend(path_of(uri));
    }
    roots
        .into_iter()
        .map(|r| r.join("cards"))
        .find(|c| c.is_dir())
}

struct Doc {
    text: String,
    version: Option<i32>,
    /// the rulings' problems found at the last save, until the next change
    rulings: Vec<Problem>,
}

struct Server<'c> {
    catalogue: Option<Catalogue>,
    cards: PathBuf,
    docs: HashMap<Uri, Doc>,
    connection: &'c Connection,
}

/// The file path of a `file:` URI.
pub fn path_of(uri: &Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let Ok(b) = u8::from_str_radix(rest.get(i + 1..i + 3)?, 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    Some(PathBuf::from(String::from_utf8(out).ok()?))
}

/// The `file:` URI of a path.
pub fn uri_of(path: &Path) -> Option<Uri> {
    let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let mut s = String::from("file://");
    for b in path.to_str()?.bytes() {
        if b.is_ascii_alphanumeric() || b"/-_.~".contains(&b) {
            s.push(b as char);
        } else {
            s.push_str(&format!("%{b:02X}"));
        }
    }
    Uri::from_str(&s).ok()
}

fn range_of(text: &str, r: &std::ops::Range<usize>) -> Range {
    let (l0, c0) = position_of(text, r.start);
    let (l1, c1) = position_of(text, r.end);
    Range::new(
        Position::new(l0 as u32, c0 as u32),
        Position::new(l1 as u32, c1 as u32),
    )
}

fn offset(text: &str, p: Position) -> usize {
    offset_of(text, p.line as usize, p.character as usize)
}

impl Server<'_> {
    fn catalogue(&mut self) -> &Catalogue {
        let cards = &self.cards;
        self.catalogue.get_or_insert_with(|| Catalogue::load(cards))
    }

    fn change(&mut self, n: Notification) -> Option<Uri> {
        let p: lsp_types::DidChangeTextDocumentParams = serde_json::from_value(n.params).ok()?;
        let doc = self.docs.get_mut(&p.text_document.uri)?;
        // Full sync: the last change holds the whole text.
        let text = p.content_changes.into_iter().last()?.text;
        doc.text = text;
        doc.version = Some(p.text_document.version);
        doc.rulings.clear();
        Some(p.text_document.uri)
    }

    /// Handles a notification; returns the document it checked, if any.
    fn notification(&mut self, n: Notification) -> Option<Uri> {
        match n.method.as_str() {
            notification::DidOpenTextDocument::METHOD => {
                let p = serde_json::from_value::<lsp_types::DidOpenTextDocumentParams>(n.params)
                    .ok()?;
                let uri = p.text_document.uri;
                self.docs.insert(
                    uri.clone(),
                    Doc {
                        text: p.text_document.text,
                        version: Some(p.text_document.version),
                        rulings: Vec::new(),
                    },
                );
                self.publish(&uri, false);
                Some(uri)
            }
            notification::DidSaveTextDocument::METHOD => {
                let p = serde_json::from_value::<lsp_types::DidSaveTextDocumentParams>(n.params)
                    .ok()?;
                self.publish(&p.text_document.uri, true);
                Some(p.text_document.uri)
            }
            notification::DidCloseTextDocument::METHOD => {
                if let Ok(p) =
                    serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(n.params)
                {
                    self.docs.remove(&p.text_document.uri);
                    self.send_diagnostics(p.text_document.uri, Vec::new(), None);
                }
                None
            }
            _ => None,
        }
    }

    fn send_diagnostics(&self, uri: Uri, diagnostics: Vec<Diagnostic>, version: Option<i32>) {
        let params = PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        };
        let n = Notification::new(notification::PublishDiagnostics::METHOD.to_string(), params);
        let _ = self.connection.sender.send(Message::Notification(n));
    }

    /// Checks a document and publishes its diagnostics; on save, runs its rulings too.
    fn publish(&mut self, uri: &Uri, saved: bool) {
        let path = path_of(uri).unwrap_or_else(|| PathBuf::from(uri.as_str()));
        let Some(text) = self.docs.get(uri).map(|d| d.text.clone()) else {
            return;
        };
        let cat = self.catalogue();
        let found = catch_unwind(AssertUnwindSafe(|| {
            let mut problems = cat.check_file(&path, &text);
            let rulings = if saved && problems.is_empty() {
                cat.run_rulings(&path, &text)
            } else {
                Vec::new()
            };
            problems.extend(rulings.iter().cloned());
            (problems, rulings)
        }));
        let (problems, rulings) = match found {
            Ok(x) => x,
            Err(_) => (
                vec![Problem {
                    severity: Severity::Error,
                    range: 0..0,
                    message:
                        "internal error: the check of this file failed; this is a bug in gigscript"
                            .into(),
                    related: Vec::new(),
                }],
                Vec::new(),
            ),
        };
        let doc = self.docs.get_mut(uri).expect("the document is open");
        let mut problems = problems;
        if saved {
            doc.rulings = rulings;
        } else {
            problems.extend(doc.rulings.iter().cloned());
        }
        let version = doc.version;
        let diagnostics = problems
            .iter()
            .map(|p| Diagnostic {
                range: range_of(&text, &p.range),
                severity: Some(match p.severity {
                    Severity::Error => DiagnosticSeverity::ERROR,
                    Severity::Warning => DiagnosticSeverity::WARNING,
                }),
                source: Some("gig".into()),
                message: p.message.clone(),
                related_information: (!p.related.is_empty()).then(|| {
                    p.related
                        .iter()
                        .map(|(r, m)| DiagnosticRelatedInformation {
                            location: Location::new(uri.clone(), range_of(&text, r)),
                            message: m.clone(),
                        })
                        .collect()
                }),
                ..Diagnostic::default()
            })
            .collect();
        self.send_diagnostics(uri.clone(), diagnostics, version);
    }

    fn request(&mut self, req: Request) -> Result<(), Error> {
        let id = req.id.clone();
        let method = req.method.clone();
        let result = catch_unwind(AssertUnwindSafe(|| self.answer(req)));
        let response = match result {
            Ok(Ok(value)) => Response::new_ok(id, value),
            Ok(Err((code, message))) => Response::new_err(id, code as i32, message),
            Err(_) => Response::new_err(
                id,
                ErrorCode::InternalError as i32,
                format!("internal error answering {method}; this is a bug in gigscript"),
            ),
        };
        self.connection.sender.send(Message::Response(response))?;
        Ok(())
    }

    fn doc_at(
        &self,
        p: &lsp_types::TextDocumentPositionParams,
    ) -> Option<(PathBuf, String, usize)> {
        let doc = self.docs.get(&p.text_document.uri)?;
        let path = path_of(&p.text_document.uri)?;
        let at = offset(&doc.text, p.position);
        Some((path, doc.text.clone(), at))
    }

    fn answer(&mut self, req: Request) -> Result<serde_json::Value, (ErrorCode, String)> {
        let bad = |e: serde_json::Error| (ErrorCode::InvalidParams, e.to_string());
        match req.method.as_str() {
            request::HoverRequest::METHOD => {
                let p: lsp_types::HoverParams = serde_json::from_value(req.params).map_err(bad)?;
                let Some((path, text, at)) = self.doc_at(&p.text_document_position_params) else {
                    return Ok(serde_json::Value::Null);
                };
                let hover = self.catalogue().hover(&path, &text, at).map(|h| Hover {
                    contents: HoverContents::Markup(MarkupContent {
                        kind: MarkupKind::Markdown,
                        value: h.markdown,
                    }),
                    range: Some(range_of(&text, &h.range)),
                });
                Ok(serde_json::to_value(hover).unwrap_or_default())
            }
            request::Completion::METHOD => {
                let p: lsp_types::CompletionParams =
                    serde_json::from_value(req.params).map_err(bad)?;
                let Some((path, text, at)) = self.doc_at(&p.text_document_position) else {
                    return Ok(serde_json::Value::Null);
                };
                let items: Vec<CompletionItem> = self
                    .catalogue()
                    .complete(&path, &text, at)
                    .into_iter()
                    .map(|c| CompletionItem {
                        label: c.label.clone(),
                        kind: Some(match c.kind {
                            CompletionKind::Phrase => CompletionItemKind::KEYWORD,
                            CompletionKind::Tag => CompletionItemKind::ENUM_MEMBER,
                            CompletionKind::Card => CompletionItemKind::REFERENCE,
                            CompletionKind::Keyword => CompletionItemKind::CONSTANT,
                            CompletionKind::Key => CompletionItemKind::PROPERTY,
                            CompletionKind::Value => CompletionItemKind::VALUE,
                            CompletionKind::Step => CompletionItemKind::EVENT,
                        }),
                        detail: Some(c.detail),
                        text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
                            range_of(&text, &c.replace),
                            c.label,
                        ))),
                        ..CompletionItem::default()
                    })
                    .collect();
                Ok(serde_json::to_value(CompletionResponse::Array(items)).unwrap_or_default())
            }
            request::Formatting::METHOD => {
                let p: lsp_types::DocumentFormattingParams =
                    serde_json::from_value(req.params).map_err(bad)?;
                let Some(doc) = self.docs.get(&p.text_document.uri) else {
                    return Ok(serde_json::Value::Null);
                };
                let text = doc.text.clone();
                let path = path_of(&p.text_document.uri).unwrap_or_default();
                let edits: Vec<TextEdit> = match self.catalogue().format(&path, &text) {
                    Some(new) => vec![TextEdit::new(range_of(&text, &(0..text.len())), new)],
                    None => Vec::new(),
                };
                Ok(serde_json::to_value(edits).unwrap_or_default())
            }
            request::GotoDefinition::METHOD => {
                let p: lsp_types::GotoDefinitionParams =
                    serde_json::from_value(req.params).map_err(bad)?;
                let Some((_, text, at)) = self.doc_at(&p.text_document_position_params) else {
                    return Ok(serde_json::Value::Null);
                };
                let cat = self.catalogue();
                let target = cat
                    .card_at(&text, at)
                    .and_then(|(_, id)| cat.file_of(&id))
                    .and_then(|f| uri_of(&f));
                Ok(match target {
                    Some(uri) => serde_json::to_value(GotoDefinitionResponse::Scalar(
                        Location::new(uri, Range::default()),
                    ))
                    .unwrap_or_default(),
                    None => serde_json::Value::Null,
                })
            }
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("unknown request {}", req.method),
            )),
        }
    }
}
