//! The one place that calls `gigscript-dsl` and `gigscript-engine`.
//!
//! Everything here takes a file's path and text (as an editor holds it, saved or not) and
//! returns plain data: byte ranges into that text, messages, completion words, boards. The
//! messages are the ones `gig check` prints (the same diagnostics, headline, label and notes).

use crate::cursor::{self, Place};
use crate::explain;
use gigscript_dsl::ambiguity::Grammar;
use gigscript_dsl::card::{self, Card, CardText, CardType, MAX_CARD_FILE_LEN};
use gigscript_dsl::check::{check_card, lower_diagnostic, pool_tags};
use gigscript_dsl::complete::continuations;
use gigscript_dsl::deck::{check_deck, parse_deck, MAX_DECK_FILE_LEN};
use gigscript_dsl::diag::{self, Diagnostic, IntoDiagnostic};
use gigscript_dsl::ruling::{Ruling, RulingsFile, MAX_RULINGS_FILE_LEN};
use gigscript_dsl::syntax::tree::{CardTree, Textbox};
use gigscript_dsl::syntax::{
    check_round_trip, explain as explain_script, parse_card, parse_text, print_script,
    unknown_tags, GRAMMAR,
};
use gigscript_dsl::{CardDb, Sources};
use gigscript_engine::scenario::run_ruling;
use gigscript_engine::Pool;
use serde::Serialize;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// the file is rejected
    Error,
    /// accepted, but looks wrong
    Warning,
}

/// A problem in a file: where (bytes of the text), and what `gig check` says about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// error or warning
    pub severity: Severity,
    /// where, in bytes of the file's text
    pub range: Range<usize>,
    /// the headline, then the label and the notes, one per line
    pub message: String,
    /// other places involved, with what is said there
    pub related: Vec<(Range<usize>, String)>,
}

/// What a hover shows: the range it is about and the text (Markdown).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hover {
    /// the bytes the hover is about
    pub range: Range<usize>,
    /// Markdown
    pub markdown: String,
}

/// What a completion offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CompletionKind {
    /// a word or phrase of the card language
    Phrase,
    /// a tag of the catalogue
    Tag,
    /// a card of the pool
    Card,
    /// a keyword
    Keyword,
    /// a key of a table
    Key,
    /// a value of a key (a type, a colour, a phase)
    Value,
    /// the label of an option of the current decision (a ruling's step)
    Step,
}

/// One completion: the text to put in place of `replace`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Completion {
    /// what is shown and inserted
    pub label: String,
    /// what it is (the grammar rule's description, a card's name, …)
    pub detail: String,
    /// which kind
    pub kind: CompletionKind,
    /// the bytes of the text it replaces (the word typed so far)
    pub replace: Range<usize>,
}

/// Which kind of file a text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FileKind {
    /// a card file (`cards/<set>/<id>.toml`)
    Card,
    /// a deck file
    Deck,
    /// a rulings file (`[[ruling]]` tables only)
    Rulings,
}

impl FileKind {
    /// The kind of a file, from its top-level keys (or, when it does not parse, its path).
    pub fn of(path: &Path, text: &str) -> FileKind {
        if let Ok(t) = text.parse::<toml::Table>() {
            if t.contains_key("id") {
                return FileKind::Card;
            }
            if t.contains_key("legends") || t.contains_key("main") {
                return FileKind::Deck;
            }
            if t.contains_key("ruling") && t.len() == 1 {
                return FileKind::Rulings;
            }
        }
        let in_dir = |name: &str| path.components().any(|c| c.as_os_str() == name);
        if in_dir("decks") {
            FileKind::Deck
        } else if in_dir("rulings") {
            FileKind::Rulings
        } else {
            FileKind::Card
        }
    }
}

/// The card pool a file is checked against: the catalogue's cards (from a folder, or embedded
/// in a build), the grammar loaded for the ambiguity check, and the engine's pool.
pub struct Catalogue {
    db: CardDb,
    sources: Sources,
    grammar: Grammar,
    pool: Arc<Pool>,
    tags: std::collections::BTreeSet<String>,
    decks: Vec<(String, String)>,
}

/// What the check of one card text found (the playground's editor).
#[derive(Clone, Debug, Serialize)]
pub struct TextReport {
    /// the text parses
    pub parses: bool,
    /// printing the reading gives the text back
    pub round_trips: bool,
    /// the text reads one way only
    pub unambiguous: bool,
    /// every phrase means something where it is written (the text lowers to the core)
    pub lowers: bool,
    /// every construct executes
    pub executable: bool,
    /// the problems, at bytes of the text
    pub problems: Vec<Problem>,
    /// the problems as `gig check` prints them
    pub rendered: String,
    /// the reading, as `gig explain` shows it (empty when the text does not parse)
    pub tree: String,
    /// the canonical text (empty when the text does not parse)
    pub canonical: String,
}

/// A card as a tool shows it.
#[derive(Clone, Debug, Serialize)]
pub struct CardInfo {
    /// id
    pub id: String,
    /// name and subtitle
    pub name: String,
    /// type
    pub kind: String,
    /// colour
    pub color: String,
    /// cost, RAM, power (absent ones are `None`)
    pub cost: Option<u32>,
    /// RAM
    pub ram: Option<u32>,
    /// power
    pub power: Option<i32>,
    /// tags
    pub tags: Vec<String>,
    /// keywords
    pub keywords: Vec<String>,
    /// top textbox (a Gear)
    pub top: Option<String>,
    /// rules text
    pub text: String,
    /// names of its rulings
    pub rulings: Vec<String>,
}

fn problem(d: &Diagnostic, file: usize, len: usize) -> Problem {
    let primary = d.labels.iter().find(|l| l.primary && l.span.file == file);
    let range = primary.map_or(0..0, |l| l.span.start.min(len)..l.span.end.min(len));
    let mut message = d.message.clone();
    if let Some(l) = primary.filter(|l| !l.message.is_empty()) {
        message.push('\n');
        message.push_str(&l.message);
    }
    for n in &d.notes {
        message.push('\n');
        message.push_str(n);
    }
    Problem {
        severity: match d.severity {
            diag::Severity::Error => Severity::Error,
            diag::Severity::Warning => Severity::Warning,
        },
        range,
        message,
        related: d
            .labels
            .iter()
            .filter(|l| !l.primary && l.span.file == file)
            .map(|l| {
                (
                    l.span.start.min(len)..l.span.end.min(len),
                    l.message.clone(),
                )
            })
            .collect(),
    }
}

fn too_large(len: usize, max: u64) -> Option<Problem> {
    (len as u64 > max).then(|| Problem {
        severity: Severity::Error,
        range: 0..0,
        message: format!("file is {len} bytes, more than the limit of {max}"),
        related: Vec::new(),
    })
}

/// The names of the fields of a strict serde table type, read from its own error message for
/// an unknown field (so the list can't fall out of step with the type).
fn fields_of<T: serde::de::DeserializeOwned>() -> Vec<String> {
    let Err(e) = toml::from_str::<T>("zz_unknown = 0") else {
        return Vec::new();
    };
    let m = e.to_string();
    let Some(at) = m.find("expected") else {
        return Vec::new();
    };
    m[at..]
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The names of the variants of a serde enum read from a string, the same way.
fn variants_of<T: serde::de::DeserializeOwned>() -> Vec<String> {
    #[derive(serde::Deserialize)]
    struct One<T> {
        #[allow(dead_code)]
        v: T,
    }
    let Err(e) = toml::from_str::<One<T>>("v = \"zz_unknown\"") else {
        return Vec::new();
    };
    let m = e.to_string();
    let Some(at) = m.find("expected") else {
        return Vec::new();
    };
    m[at..]
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

impl Catalogue {
    /// The cards of a folder (every file that loads; the others are left out).
    pub fn load(dir: &Path) -> Catalogue {
        let mut sources = Sources::new();
        let (db, _) = card::load_cards(&[dir.to_path_buf()], &mut sources);
        let mut decks = Vec::new();
        if let Some(root) = dir.parent() {
            if let Ok(entries) = std::fs::read_dir(root.join("decks")) {
                let mut paths: Vec<PathBuf> =
                    entries.filter_map(|e| Some(e.ok()?.path())).collect();
                paths.sort();
                for p in paths {
                    if let Ok(t) = card::read_text(&p, MAX_DECK_FILE_LEN) {
                        decks.push((p.display().to_string(), t));
                    }
                }
            }
        }
        Catalogue::new(db, sources, decks)
    }

    /// The cards of files given as (path, text), e.g. embedded in a build, and sample decks.
    pub fn from_files(cards: &[(&str, &str)], decks: &[(&str, &str)]) -> Catalogue {
        let mut sources = Sources::new();
        let mut list = Vec::new();
        for (path, text) in cards {
            let file = sources.add(*path, *text);
            if let Ok(c) = card::parse_card(&sources, file) {
                list.push(c);
            }
        }
        list.sort_by(|a, b| (&a.set, &a.id).cmp(&(&b.set, &b.id)));
        let decks = decks
            .iter()
            .map(|(p, t)| (p.to_string(), t.to_string()))
            .collect();
        Catalogue::new(CardDb::from_cards(list), sources, decks)
    }

    fn new(db: CardDb, sources: Sources, decks: Vec<(String, String)>) -> Catalogue {
        let grammar = Grammar::new(GRAMMAR).expect("the card grammar loads");
        let pool = Arc::new(Pool::from_db(&db));
        let tags = pool_tags(db.cards());
        Catalogue {
            db,
            sources,
            grammar,
            pool,
            tags,
            decks,
        }
    }

    /// How many cards.
    pub fn len(&self) -> usize {
        self.db.len()
    }

    /// Whether there are no cards.
    pub fn is_empty(&self) -> bool {
        self.db.is_empty()
    }

    /// The engine's pool of the catalogue (for [`crate::Table`]).
    pub(crate) fn pool(&self) -> &Arc<Pool> {
        &self.pool
    }

    /// Every card id, in catalogue order.
    pub fn ids(&self) -> Vec<String> {
        self.db.cards().iter().map(|c| c.id.clone()).collect()
    }

    /// The sample decks: (path, text).
    pub fn decks(&self) -> &[(String, String)] {
        &self.decks
    }

    fn find(&self, token: &str) -> Option<&Card> {
        self.db.get(token).or_else(|| {
            self.db.cards().iter().find(|c| {
                c.name.eq_ignore_ascii_case(token) || c.full_name().eq_ignore_ascii_case(token)
            })
        })
    }

    /// A card of the pool as a tool shows it.
    pub fn card(&self, id: &str) -> Option<CardInfo> {
        self.find(id).map(info)
    }

    /// Every card as a tool shows it.
    pub fn cards(&self) -> Vec<CardInfo> {
        self.db.cards().iter().map(info).collect()
    }

    /// The rulings of a card of the pool.
    pub fn card_rulings(&self, id: &str) -> Option<Vec<Ruling>> {
        self.find(id).map(|c| c.rulings.clone())
    }

    /// The file a card of the pool was read from.
    pub fn file_of(&self, id: &str) -> Option<PathBuf> {
        self.find(id)
            .map(|c| self.sources.path(c.file).to_path_buf())
    }

    // ---- Checks -------------------------------------------------------------------------------

    /// The problems of a file as it is now: loading, parsing, round-trip, ambiguity and
    /// execution for a card file; the deck rules for a deck; reading for a rulings file.
    pub fn check_file(&self, path: &Path, text: &str) -> Vec<Problem> {
        match FileKind::of(path, text) {
            FileKind::Card => self.check_card_file(path, text),
            FileKind::Deck => self.check_deck_file(path, text),
            FileKind::Rulings => check_rulings_file(text),
        }
    }

    fn check_card_file(&self, path: &Path, text: &str) -> Vec<Problem> {
        if let Some(p) = too_large(text.len(), MAX_CARD_FILE_LEN) {
            return vec![p];
        }
        let mut sources = Sources::new();
        let file = sources.add(path, text);
        let to = |d: &Diagnostic| problem(d, file, text.len());
        let card = match card::parse_card(&sources, file) {
            Ok(c) => c,
            Err(errors) => return errors.iter().map(|e| to(&e.to_diagnostic())).collect(),
        };
        let checked = check_card(&self.grammar, &card, Some(&self.tags));
        let mut out: Vec<Problem> = checked.diagnostics.iter().map(to).collect();
        if checked.lowers {
            let missing = gigscript_engine::pool::lower_card(&card).err();
            for (span, why) in missing.unwrap_or_default() {
                let d = Diagnostic::error(format!("not executable: {why} ({})", card.id))
                    .with_primary(span, "this does not lower to what the executor runs");
                out.push(to(&d));
            }
        }
        out
    }

    fn check_deck_file(&self, path: &Path, text: &str) -> Vec<Problem> {
        if let Some(p) = too_large(text.len(), MAX_DECK_FILE_LEN) {
            return vec![p];
        }
        let mut sources = Sources::new();
        let file = sources.add(path, text);
        let to = |d: &Diagnostic| problem(d, file, text.len());
        match parse_deck(&sources, file) {
            Ok(deck) => check_deck(&deck, &self.db)
                .iter()
                .map(|e| to(&e.to_diagnostic()))
                .collect(),
            Err(e) => vec![to(&e.to_diagnostic())],
        }
    }

    /// Runs the rulings of a file (a card file's `[[ruling]]` against the pool with this card
    /// in it, or a rulings file's against the pool); each failing one is a problem on its
    /// `[[ruling]]` header, saying why as `gig check` and `gig test` do.
    pub fn run_rulings(&self, path: &Path, text: &str) -> Vec<Problem> {
        let headers = cursor::ruling_headers(text);
        let at = |i: usize| headers.get(i).cloned().unwrap_or(0..0);
        match FileKind::of(path, text) {
            FileKind::Card => {
                if text.len() as u64 > MAX_CARD_FILE_LEN {
                    return Vec::new();
                }
                let mut sources = Sources::new();
                let file = sources.add(path, text);
                let Ok(card) = card::parse_card(&sources, file) else {
                    return Vec::new();
                };
                let pool = Arc::new(self.pool_with(&card));
                let format = self.pool.format();
                card.rulings
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| r.format() == format)
                    .filter_map(|(i, r)| {
                        let report = run_ruling(&pool, r);
                        (!report.passed()).then(|| {
                            failing(
                                format!("ruling fails: {}: {}", card.id, report.name),
                                at(i),
                                &report,
                            )
                        })
                    })
                    .collect()
            }
            FileKind::Rulings => {
                if text.len() as u64 > MAX_RULINGS_FILE_LEN {
                    return Vec::new();
                }
                let Ok(rulings) = RulingsFile::parse_each(text) else {
                    return Vec::new();
                };
                let format = self.pool.format();
                rulings
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| r.as_ref().map_or(true, |r| r.format() == format))
                    .filter_map(|(i, r)| {
                        let report = match r {
                            Ok(r) => run_ruling(&self.pool, r),
                            Err(_) => return None,
                        };
                        (!report.passed()).then(|| {
                            failing(format!("ruling fails: {}", report.name), at(i), &report)
                        })
                    })
                    .collect()
            }
            FileKind::Deck => Vec::new(),
        }
    }

    /// The catalogue's pool with `card` in it (in place of the catalogue's card of that id).
    fn pool_with(&self, card: &Card) -> Pool {
        let mut cards: Vec<Card> = vec![card.clone()];
        cards.extend(self.db.cards().iter().filter(|c| c.id != card.id).cloned());
        Pool::from_db(&CardDb::from_cards(cards))
    }

    /// Checks one card text as the rules text of a card of type `kind` (`unit`, `program`,
    /// `legend`, `gear`): diagnostics, the reading tree, whether it executes.
    pub fn check_text(&self, kind: &str, text: &str) -> TextReport {
        let kind = match kind {
            "program" => CardType::Program,
            "legend" => CardType::Legend,
            "gear" => CardType::Gear,
            _ => CardType::Unit,
        };
        let mut sources = Sources::new();
        let file = sources.add("card text", text);
        let ct = CardText {
            text: text.to_string(),
            offset: 0,
            exact: true,
        };
        let mut report = TextReport {
            parses: false,
            round_trips: false,
            unambiguous: false,
            lowers: false,
            executable: false,
            problems: Vec::new(),
            rendered: String::new(),
            tree: String::new(),
            canonical: String::new(),
        };
        let mut diags = Vec::new();
        match parse_text(&ct, file, kind, Textbox::Rules) {
            Err(errors) => diags.extend(errors.iter().map(IntoDiagnostic::to_diagnostic)),
            Ok(script) => {
                report.parses = true;
                report.canonical = print_script(&script);
                report.tree = explain_script(&script, text);
                match check_round_trip(&ct, file, kind, &script) {
                    Ok(()) => report.round_trips = true,
                    Err(e) => diags.push(e.to_diagnostic()),
                }
                match gigscript_dsl::syntax::check_ambiguity(&self.grammar, text) {
                    Ok(()) => report.unambiguous = true,
                    Err(e) => diags.push(e.in_file(file, 0).to_diagnostic()),
                }
                diags.extend(unknown_tags(&ct, file, &self.tags));
                let tree = CardTree {
                    id: "card".into(),
                    top: None,
                    text: script,
                };
                let as_card = Card::text_only(file, kind, ct.clone());
                match gigscript_dsl::lower::lower(kind, &tree) {
                    Err(errors) => {
                        diags.extend(errors.iter().map(|e| lower_diagnostic(&as_card, e)));
                    }
                    Ok(_) => {
                        report.lowers = true;
                        let missing = gigscript_engine::pool::lower_tree(kind, &tree)
                            .err()
                            .unwrap_or_default();
                        report.executable = missing.is_empty();
                        for (span, why) in missing {
                            diags.push(
                                Diagnostic::error(format!("not executable: {why}")).with_primary(
                                    span,
                                    "this does not lower to what the executor runs",
                                ),
                            );
                        }
                    }
                }
            }
        }
        report.problems = diags.iter().map(|d| problem(d, file, text.len())).collect();
        report.rendered = diag::render(&sources, &diags, false);
        report
    }

    // ---- Hover --------------------------------------------------------------------------------

    /// What to show at `offset`: in a card's text, how the phrase there was read; on a card
    /// name or id (in text, a deck or a ruling), that card's facts and text.
    pub fn hover(&self, path: &Path, text: &str, offset: usize) -> Option<Hover> {
        if FileKind::of(path, text) == FileKind::Card {
            if let Some(h) = self.explain_at(path, text, offset) {
                // a card name inside the text: the card, after the phrase
                if let Some(c) = self.card_token(text, offset) {
                    return Some(Hover {
                        range: c.0,
                        markdown: format!("{}\n\n---\n\n{}", facts(c.1), h.markdown),
                    });
                }
                return Some(h);
            }
        }
        let (range, card) = self.card_token(text, offset)?;
        Some(Hover {
            range,
            markdown: facts(card),
        })
    }

    fn card_token(&self, text: &str, offset: usize) -> Option<(Range<usize>, &Card)> {
        cursor::tokens_at(text, offset)
            .into_iter()
            .find_map(|(range, token)| Some((range, self.find(token)?)))
    }

    /// The card a token at `offset` names, by id or name (for go-to-definition).
    pub fn card_at(&self, text: &str, offset: usize) -> Option<(Range<usize>, String)> {
        self.card_token(text, offset)
            .map(|(r, c)| (r, c.id.clone()))
    }

    /// The reading of the smallest phrase of a card's text covering `offset`.
    pub fn explain_at(&self, path: &Path, text: &str, offset: usize) -> Option<Hover> {
        if text.len() as u64 > MAX_CARD_FILE_LEN {
            return None;
        }
        let mut sources = Sources::new();
        let file = sources.add(path, text);
        let card = card::parse_card(&sources, file).ok()?;
        let script = parse_card(&card).ok()?;
        let boxes = card
            .top
            .iter()
            .zip(script.top.iter())
            .chain([(&card.text, &script.text)]);
        for (ct, s) in boxes {
            if !(ct.offset <= offset && offset <= ct.offset + ct.text.len()) {
                continue;
            }
            for a in &s.abilities {
                let v = serde_json::to_value(a).ok()?;
                let Some((path, range, node)) = explain::smallest_at(&v, offset) else {
                    continue;
                };
                let key = path.last().map(String::as_str);
                let tree = explain::tree(key, node, text);
                let mut md = format!(
                    "**{}**\n\n`{}`\n\n```text\n{tree}",
                    if path.is_empty() {
                        "ability".to_string()
                    } else {
                        path.join(" › ").replace('_', " ")
                    },
                    text.get(range.clone())
                        .unwrap_or("")
                        .trim()
                        .replace('\n', " ⏎ ")
                );
                let used = explain::bindings_in(node);
                let bound: Vec<_> = s
                    .bindings
                    .iter()
                    .filter(|b| used.contains(&(b.id.0 as u64)))
                    .collect();
                if !bound.is_empty() {
                    md.push_str("bindings:\n");
                    for b in bound {
                        md.push_str(&format!("  b{} = {}\n", b.id.0, b.describes));
                    }
                }
                md.push_str("```");
                return Some(Hover {
                    range,
                    markdown: md,
                });
            }
        }
        None
    }

    /// The whole reading of a card file's text, as `gig explain` prints it.
    pub fn explain_file(&self, path: &Path, text: &str) -> Option<String> {
        let mut sources = Sources::new();
        let file = sources.add(path, text);
        let card = card::parse_card(&sources, file).ok()?;
        let script = parse_card(&card).ok()?;
        let mut out = String::new();
        for s in script.top.iter().chain([&script.text]) {
            out.push_str(&explain_script(s, text));
        }
        Some(out)
    }

    // ---- Formatting ---------------------------------------------------------------------------

    /// The file with its `text` and `top` in canonical form, as `gig fmt` writes it; `None`
    /// when it does not parse or is already canonical.
    pub fn format(&self, path: &Path, text: &str) -> Option<String> {
        if FileKind::of(path, text) != FileKind::Card || text.len() as u64 > MAX_CARD_FILE_LEN {
            return None;
        }
        let mut sources = Sources::new();
        let file = sources.add(path, text);
        let card = card::parse_card(&sources, file).ok()?;
        let found = gigscript_dsl::format::canonical_edits(&card, text).ok()?;
        if found.edits.is_empty() {
            return None;
        }
        Some(gigscript_dsl::format::apply(text, found.edits))
    }

    // ---- Completion ---------------------------------------------------------------------------

    /// What can be written at `offset`.
    pub fn complete(&self, path: &Path, text: &str, offset: usize) -> Vec<Completion> {
        if text.len() as u64 > MAX_RULINGS_FILE_LEN {
            return Vec::new();
        }
        let place = cursor::place(text, offset);
        let typed = &text[place.word.clone()];
        let mut out = Vec::new();
        let kind = FileKind::of(path, text);
        let mut push = |label: String, detail: String, kind: CompletionKind| {
            out.push(Completion {
                label,
                detail,
                kind,
                replace: place.word.clone(),
            });
        };
        let key = place.key.as_deref();
        let in_ruling = place.rulings > 0 && place.table.starts_with("ruling");
        match (kind, key) {
            (FileKind::Card, Some("text" | "top")) if !in_ruling => {
                self.complete_text(text, &place, &mut push)
            }
            (FileKind::Card, Some("tags")) if !in_ruling => {
                for t in self.tags() {
                    push(t, "tag".into(), CompletionKind::Tag)
                }
            }
            (FileKind::Card, Some("keywords")) if !in_ruling => {
                for k in variants_of::<gigscript_dsl::Keyword>() {
                    push(k, "keyword".into(), CompletionKind::Keyword)
                }
            }
            (FileKind::Card, Some("type")) if !in_ruling => {
                for k in variants_of::<CardType>() {
                    push(k, "card type".into(), CompletionKind::Value)
                }
            }
            (FileKind::Card, Some("color")) if !in_ruling => {
                for k in variants_of::<gigscript_dsl::Color>() {
                    push(k, "colour".into(), CompletionKind::Value)
                }
            }
            (_, None) => {
                let keys = match (kind, place.table.as_str()) {
                    (_, "ruling.me" | "ruling.rival") => {
                        fields_of::<gigscript_dsl::ruling::PlayerSetup>()
                    }
                    (_, "ruling.game") => fields_of::<gigscript_dsl::ruling::GameSetup>(),
                    (_, "ruling") => fields_of::<Ruling>(),
                    (FileKind::Card, "") => card::CARD_KEYS.iter().map(|s| s.to_string()).collect(),
                    (FileKind::Deck, "") => gigscript_dsl::deck::DECK_KEYS
                        .iter()
                        .map(|s| s.to_string())
                        .collect(),
                    (FileKind::Deck, "main" | "side") => {
                        for c in self
                            .db
                            .cards()
                            .iter()
                            .filter(|c| c.kind != CardType::Legend)
                        {
                            push(c.id.clone(), c.full_name(), CompletionKind::Card);
                        }
                        Vec::new()
                    }
                    _ => Vec::new(),
                };
                for k in keys {
                    push(k, "key".into(), CompletionKind::Key);
                }
            }
            (_, Some("steps")) if in_ruling => {
                for (label, detail) in self.step_labels(text, &place) {
                    push(label, detail, CompletionKind::Step);
                }
            }
            (_, Some("phase")) if in_ruling => {
                for v in ["main", "start"] {
                    push(v.into(), "phase".into(), CompletionKind::Value)
                }
            }
            (_, Some("turn")) if in_ruling => {
                for v in variants_of::<gigscript_dsl::ruling::Side>() {
                    push(v, "whose turn".into(), CompletionKind::Value)
                }
            }
            (_, Some(k)) if in_ruling || kind == FileKind::Deck => {
                let zones = fields_of::<gigscript_dsl::ruling::PlayerSetup>();
                let cards = zones.iter().any(|z| z == k)
                    || matches!(k, "card" | "gear" | "legends")
                    || place.table == "main"
                    || place.table == "side";
                if cards && !matches!(k, "gigs" | "fixer") {
                    let want = match k {
                        "legends" => Some(CardType::Legend),
                        "gear" => Some(CardType::Gear),
                        _ => None,
                    };
                    for c in self.db.cards() {
                        if want.is_none_or(|w| c.kind == w) {
                            push(c.id.clone(), c.full_name(), CompletionKind::Card);
                        }
                    }
                }
            }
            _ => {}
        }
        // A quoted card name replaces the quote typed before the word too.
        let quoted = place.word.start > 0 && text[..place.word.start].ends_with('"');
        let typed = typed.to_lowercase();
        out.retain_mut(|c| {
            let label = match c.label.strip_prefix('"') {
                Some(rest) if quoted => {
                    c.replace.start -= 1;
                    rest
                }
                _ => c.label.as_str(),
            };
            label.to_lowercase().starts_with(&typed) && label.to_lowercase() != typed
        });
        out
    }

    fn tags(&self) -> Vec<String> {
        let mut tags: Vec<String> = self
            .db
            .cards()
            .iter()
            .flat_map(|c| c.tags.iter().cloned())
            .collect();
        tags.sort();
        tags.dedup();
        tags
    }

    /// Completions inside a card text: the grammar's continuations of the line before the
    /// word being typed, tags where a tag may come, card names where a card may be named.
    fn complete_text(
        &self,
        text: &str,
        place: &Place,
        push: &mut impl FnMut(String, String, CompletionKind),
    ) {
        let Some(string) = &place.string else {
            return;
        };
        // A card name being typed: what comes before its opening quote.
        let mut end = place.word.start;
        if text[string.start..end].ends_with('"') {
            end -= 1;
        }
        let line_start = text[..end]
            .rfind('\n')
            .map_or(0, |i| i + 1)
            .max(string.start);
        let line = &text[line_start..end];
        let Some(next) = continuations(&self.grammar, line) else {
            return;
        };
        let mut names = false;
        let mut tags = false;
        for c in next {
            if c.words == "\"" {
                names = true;
                continue;
            }
            tags |= c.rule == "tag" || c.rule == "quality" || c.rule == "tag_list";
            let detail = c.about.unwrap_or(c.rule.replace('_', " "));
            push(c.words, detail, CompletionKind::Phrase);
        }
        let typed = &text[place.word.clone()];
        if tags || (typed.len() > 1 && typed.chars().all(|c| c.is_ascii_uppercase())) {
            for t in &self.tags {
                push(t.clone(), "tag".into(), CompletionKind::Tag);
            }
        }
        if names {
            let mut seen = std::collections::HashSet::new();
            for c in self.db.cards() {
                let name = format!("\"{}\"", c.name.to_uppercase());
                if seen.insert(name.clone()) {
                    push(name, c.name.clone(), CompletionKind::Card);
                }
            }
        }
    }

    /// The labels of the decision a ruling's next step answers: its setup played up to the
    /// step the cursor is in.
    fn step_labels(&self, text: &str, place: &Place) -> Vec<(String, String)> {
        let Some(ruling) = ruling_before(text, place) else {
            return Vec::new();
        };
        let pool = match FileKind::of(Path::new(""), text) {
            FileKind::Card => {
                let mut sources = Sources::new();
                let file = sources.add("card.toml", cut_at_step(text, place));
                match card::parse_card(&sources, file) {
                    Ok(c) => Arc::new(self.pool_with(&c)),
                    Err(_) => self.pool.clone(),
                }
            }
            _ => self.pool.clone(),
        };
        match crate::table::Table::from_ruling_with(pool, &ruling) {
            Ok(mut t) => {
                let steps: Vec<String> = ruling.steps.clone();
                for s in &steps {
                    if t.choose_label(s).is_err() {
                        return Vec::new();
                    }
                }
                t.labels()
                    .into_iter()
                    .map(|l| (l, format!("an option after {} step(s)", steps.len())))
                    .collect()
            }
            Err(_) => Vec::new(),
        }
    }
}

/// The text with the steps array the cursor is in cut before the cursor's element and closed,
/// so the file reads while the step is being typed.
fn cut_at_step(text: &str, place: &Place) -> String {
    let cut = match &place.string {
        Some(s) => s.start.saturating_sub(1),
        None => place.word.start,
    };
    let mut head = text[..cut].trim_end().to_string();
    if head.ends_with(',') {
        head.pop();
    }
    let rest = text[cut..].find('\n').map_or("", |i| &text[cut + i..]);
    format!("{head}]{rest}")
}

/// The ruling the cursor's steps belong to, with only the steps before the cursor.
fn ruling_before(text: &str, place: &Place) -> Option<Ruling> {
    let cut = cut_at_step(text, place);
    let table: toml::Table = cut.parse().ok()?;
    let rulings = table.get("ruling")?.as_array()?;
    let r = rulings.get(place.rulings.checked_sub(1)?)?.clone();
    r.try_into().ok()
}

fn check_rulings_file(text: &str) -> Vec<Problem> {
    if let Some(p) = too_large(text.len(), MAX_RULINGS_FILE_LEN) {
        return vec![p];
    }
    if let Err(e) = text.parse::<toml::Table>() {
        return vec![Problem {
            severity: Severity::Error,
            range: e.span().unwrap_or(0..0),
            message: e.message().trim().to_string(),
            related: Vec::new(),
        }];
    }
    let headers = cursor::ruling_headers(text);
    match RulingsFile::parse_each(text) {
        Err(m) => vec![Problem {
            severity: Severity::Error,
            range: 0..0,
            message: m,
            related: Vec::new(),
        }],
        Ok(list) => list
            .iter()
            .enumerate()
            .filter_map(|(i, r)| {
                let bad = r.as_ref().err()?;
                Some(Problem {
                    severity: Severity::Error,
                    range: headers.get(i).cloned().unwrap_or(0..0),
                    message: format!("ruling `{}`: {bad}", bad.name),
                    related: Vec::new(),
                })
            })
            .collect(),
    }
}

fn failing(
    headline: String,
    range: Range<usize>,
    report: &gigscript_engine::scenario::RulingReport,
) -> Problem {
    let mut message = format!("{headline}\nthis ruling fails");
    for f in &report.failures {
        message.push('\n');
        message.push_str(&f.to_string());
    }
    Problem {
        severity: Severity::Error,
        range,
        message,
        related: Vec::new(),
    }
}

fn info(c: &Card) -> CardInfo {
    CardInfo {
        id: c.id.clone(),
        name: c.full_name(),
        kind: c.kind.as_str().to_string(),
        color: c.color.as_str().to_string(),
        cost: c.cost,
        ram: c.ram,
        power: c.power,
        tags: c.tags.clone(),
        keywords: c
            .keywords
            .iter()
            .map(|k| {
                serde_json::to_value(k)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default()
            })
            .collect(),
        top: c.top.as_ref().map(|t| t.text.clone()),
        text: c.text.text.clone(),
        rulings: c.rulings.iter().map(|r| r.name.clone()).collect(),
    }
}

/// A card's facts and text, in Markdown.
fn facts(c: &Card) -> String {
    let i = info(c);
    let num = |v: Option<i64>| v.map_or("-".to_string(), |v| v.to_string());
    let mut md = format!(
        "**{}** (`{}`)\n\n{} · {} · cost {} · RAM {} · power {}",
        i.name,
        i.id,
        i.kind,
        i.color,
        num(i.cost.map(i64::from)),
        num(i.ram.map(i64::from)),
        num(i.power.map(i64::from)),
    );
    if !i.tags.is_empty() {
        md.push_str(&format!(" · {}", i.tags.join(", ")));
    }
    if c.sell {
        md.push_str(" · Sell Tag");
    }
    if !i.keywords.is_empty() {
        md.push_str(&format!("\n\nkeywords: {}", i.keywords.join(", ")));
    }
    if let Some(top) = &i.top {
        md.push_str(&format!("\n\n```text\n{}\n```", top.trim_end()));
    }
    if !i.text.trim().is_empty() {
        md.push_str(&format!("\n\n```text\n{}\n```", i.text.trim_end()));
    }
    md
}
