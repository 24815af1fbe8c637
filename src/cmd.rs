//! The commands: each loads what it needs, prints, and says how the run went.

use crate::out::{errln, outln};
use gigscript_dsl::ambiguity::Grammar;
use gigscript_dsl::card::{load_cards_in, CardError, CardErrorKind, Format};
use gigscript_dsl::card::{Card, CardText};
use gigscript_dsl::check::{check_cards, default_threads, pool_tags};
use gigscript_dsl::deck::{check_deck, load_deck, DeckErrorKind};
use gigscript_dsl::diag::{render_to, Diagnostic, IntoDiagnostic, Severity};
use gigscript_dsl::ruling::{ruling_name_spans, BadRuling, Ruling, RulingsFile};
use gigscript_dsl::syntax::tree::{CardTree, Script, Textbox};
use gigscript_dsl::syntax::{explain as explain_script, parse_card, GRAMMAR};
use gigscript_dsl::{CardDb, Sources};
use gigscript_engine::scenario::{run_ruling, RulingReport};
use gigscript_engine::Pool;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// When to colour diagnostics.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum ColorChoice {
    /// on a terminal, unless NO_COLOR is set
    Auto,
    /// always
    Always,
    /// never
    Never,
}

/// How a command ended; becomes the exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// everything checked out: exit 0
    Ok,
    /// the inputs have problems: exit 1
    Findings,
    /// the command could not run (usage, missing file): exit 2
    Fatal,
}

impl From<Outcome> for ExitCode {
    fn from(o: Outcome) -> ExitCode {
        match o {
            Outcome::Ok => ExitCode::SUCCESS,
            Outcome::Findings => ExitCode::from(1),
            Outcome::Fatal => ExitCode::from(2),
        }
    }
}

/// What every command shares: where the cards are, and how to print diagnostics.
pub struct Context {
    /// the card folders, in the order given: a later folder adds its cards to the earlier ones
    /// and replaces their cards of the same id (a designer's new cards over the catalogue)
    pub(crate) cards_dirs: Vec<PathBuf>,
    color: bool,
    /// the format: which printing of every card is loaded
    pub(crate) format: Format,
}

/// Cards of several folders, later folders over earlier ones: a card of a later folder replaces
/// the card of the same id, the others are added. Sorted by set then id.
fn overlay(layers: Vec<CardDb>) -> CardDb {
    let mut cards: Vec<Card> = Vec::new();
    let mut at: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for layer in layers {
        for card in layer.cards() {
            match at.get(&card.id) {
                Some(&k) => cards[k] = card.clone(),
                None => {
                    at.insert(card.id.clone(), cards.len());
                    cards.push(card.clone());
                }
            }
        }
    }
    cards.sort_by(|a, b| (&a.set, &a.id).cmp(&(&b.set, &b.id)));
    CardDb::from_cards(cards)
}

impl Context {
    /// Resolves the card folders and the colour choice.
    pub fn new(cards: Vec<PathBuf>, color: ColorChoice) -> Self {
        let cards_dirs = if cards.is_empty() {
            vec![default_cards_dir()]
        } else {
            cards
        };
        let color = match color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal()
            }
        };
        Context {
            cards_dirs,
            color,
            format: Format::Standard,
        }
    }

    /// The same context, loading the cards of `format`.
    pub fn with_format(mut self, format: Format) -> Self {
        self.format = format;
        self
    }

    /// The first card folder: the catalogue the others are laid over (rule rulings and the
    /// card grammar are looked for beside it).
    pub(crate) fn cards_dir(&self) -> &Path {
        &self.cards_dirs[0]
    }

    /// Every card of the card folders (later folders over earlier ones) and of `extra` card
    /// files (laid over them), with every problem found.
    pub(crate) fn load_layers(
        &self,
        sources: &mut Sources,
        extra: &[PathBuf],
    ) -> (CardDb, Vec<CardError>) {
        let mut layers = Vec::new();
        let mut errors = Vec::new();
        for dir in &self.cards_dirs {
            let (db, errs) = load_cards_in(std::slice::from_ref(dir), sources, self.format);
            layers.push(db);
            errors.extend(errs);
        }
        if !extra.is_empty() {
            let (db, errs) = load_cards_in(extra, sources, self.format);
            layers.push(db);
            errors.extend(errs);
        }
        (overlay(layers).in_format(self.format), errors)
    }

    pub(crate) fn report(&self, sources: &Sources, diagnostics: &[Diagnostic]) {
        if diagnostics.is_empty() {
            return;
        }
        let _ = render_to(&mut crate::out::stderr(), sources, diagnostics, self.color);
    }

    /// Loads the whole card folder; on any problem prints it and returns the outcome.
    pub(crate) fn load_db(&self, sources: &mut Sources) -> Result<CardDb, Outcome> {
        self.load_db_with(sources, &[])
    }

    /// The card folder plus `extra` card files (a card written for a test, outside the folder).
    fn load_db_with(&self, sources: &mut Sources, extra: &[PathBuf]) -> Result<CardDb, Outcome> {
        self.folders_exist()?;
        let (db, errors) = self.load_layers(sources, extra);
        if errors.is_empty() {
            Ok(db)
        } else {
            self.report(sources, &to_diags(&errors));
            errln!(
                "error: {} card file(s) failed to load",
                failed_files(&errors)
            );
            Err(outcome_of(&errors))
        }
    }

    /// Every card folder exists (else the command can't run: exit 2).
    fn folders_exist(&self) -> Result<(), Outcome> {
        match self.cards_dirs.iter().find(|d| !d.is_dir()) {
            Some(d) => {
                errln!(
                    "error: card folder {} not found (use --cards DIR)",
                    d.display()
                );
                Err(Outcome::Fatal)
            }
            None => Ok(()),
        }
    }
}

fn default_cards_dir() -> PathBuf {
    let here = PathBuf::from("cards");
    if here.is_dir() {
        return here;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("cards")
}

fn to_diags<E: IntoDiagnostic>(errors: &[E]) -> Vec<Diagnostic> {
    errors.iter().map(IntoDiagnostic::to_diagnostic).collect()
}

fn outcome_of(errors: &[CardError]) -> Outcome {
    if errors.iter().any(|e| e.kind == CardErrorKind::Io) {
        Outcome::Fatal
    } else {
        Outcome::Findings
    }
}

/// `gig cards [--json] [FILTER]`
pub fn cards(ctx: &Context, json: bool, filter: Option<&str>) -> Outcome {
    let mut sources = Sources::new();
    let db = match ctx.load_db(&mut sources) {
        Ok(db) => db,
        Err(o) => return o,
    };
    let needle = filter.map(str::to_lowercase);
    let shown: Vec<_> = db
        .cards()
        .iter()
        .filter(|c| {
            needle.as_ref().is_none_or(|n| {
                [
                    c.id.as_str(),
                    c.name.as_str(),
                    c.kind.as_str(),
                    c.color.as_str(),
                    c.set.as_str(),
                ]
                .iter()
                .chain(c.tags.iter().map(String::as_str).collect::<Vec<_>>().iter())
                .any(|s| s.to_lowercase().contains(n.as_str()))
            })
        })
        .collect();
    let mut out = crate::out::stdout();
    if json {
        let facts: Vec<_> = shown.iter().map(|c| c.facts()).collect();
        let text = serde_json::to_string_pretty(&facts).expect("card facts serialise");
        let _ = writeln!(out, "{text}");
    } else {
        for c in &shown {
            let num = |v: Option<i64>| v.map_or("-".to_string(), |v| v.to_string());
            let _ = writeln!(
                out,
                "{:<44} {:<7} {:<6} cost {:>2}  ram {:>2}  power {:>2}  {}",
                c.id,
                c.kind,
                c.color,
                num(c.cost.map(i64::from)),
                num(c.ram.map(i64::from)),
                num(c.power.map(i64::from)),
                printable(&c.full_name())
            );
        }
        let _ = writeln!(out, "{} of {} cards", shown.len(), db.len());
    }
    Outcome::Ok
}

/// Text as a terminal may show it: control characters (escape sequences, carriage returns,
/// …) are written as escapes instead of being sent raw.
pub(crate) fn printable(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_owned();
    }
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// The card files or folders a command works on: those given (empty: the card folders).
fn card_paths(ctx: &Context, paths: &[PathBuf]) -> Result<Vec<PathBuf>, Outcome> {
    if paths.is_empty() {
        ctx.folders_exist()?;
    }
    match paths.iter().find(|p| std::fs::symlink_metadata(p).is_err()) {
        Some(p) => {
            errln!("error: {} not found", p.display());
            Err(Outcome::Fatal)
        }
        None => Ok(paths.to_vec()),
    }
}

/// The cards a command works on: those of `paths`, else of the card folders (overlaid).
fn load_paths(ctx: &Context, paths: &[PathBuf], sources: &mut Sources) -> (CardDb, Vec<CardError>) {
    if paths.is_empty() {
        ctx.load_layers(sources, &[])
    } else {
        load_cards_in(paths, sources, ctx.format)
    }
}

/// What `gig check` found for one card: the language checks, whether the engine executes it
/// (with the parts of its core the executor would not run), and the reports of its rulings.
struct CheckedCard {
    parses: bool,
    round_trips: bool,
    unambiguous: bool,
    lowers: bool,
    executes: bool,
    missing: Vec<(gigscript_dsl::Span, String)>,
    rulings: Vec<RulingReport>,
}

/// The pool the rulings of checked cards run against: the checked cards, plus the card folder's
/// cards they do not replace (a card written outside the catalogue plays with catalogue cards).
/// Also the tags of the pool's cards, which the card texts' tags are checked against.
fn check_pool(
    ctx: &Context,
    paths: &[PathBuf],
    db: &CardDb,
    sources: &mut Sources,
) -> (Pool, std::collections::BTreeSet<String>) {
    let folders: Vec<_> = ctx
        .cards_dirs
        .iter()
        .map(|d| std::fs::canonicalize(d).ok())
        .collect();
    let only_folders = paths.is_empty()
        || paths
            .iter()
            .all(|p| folders.contains(&std::fs::canonicalize(p).ok()));
    if only_folders {
        return (Pool::from_db(db), pool_tags(db.cards()));
    }
    let known: std::collections::HashSet<&str> = db.cards().iter().map(|c| c.id.as_str()).collect();
    let (catalogue, _) = ctx.load_layers(sources, &[]);
    let mut cards = db.cards().to_vec();
    cards.extend(
        catalogue
            .cards()
            .iter()
            .filter(|c| !known.contains(c.id.as_str()))
            .cloned(),
    );
    let tags = pool_tags(&cards);
    (Pool::from_db(&CardDb::from_cards(cards)), tags)
}

/// Runs every ruling of `cards` on up to `threads` threads; reports in card order.
fn run_card_rulings(
    pool: &std::sync::Arc<Pool>,
    cards: &[Card],
    threads: usize,
) -> Vec<Vec<RulingReport>> {
    let jobs: Vec<(usize, &Ruling)> = cards
        .iter()
        .enumerate()
        .flat_map(|(i, c)| c.format_rulings().map(move |(_, r)| (i, r)))
        .collect();
    let threads = threads.clamp(1, jobs.len().max(1));
    let chunk = jobs.len().div_ceil(threads).max(1);
    let reports: Vec<(usize, RulingReport)> = std::thread::scope(|scope| {
        let handles: Vec<_> = jobs
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|&(i, r)| (i, run_ruling(pool, r)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a ruling run panicked"))
            .collect()
    });
    let mut out = vec![Vec::new(); cards.len()];
    for (i, r) in reports {
        out[i].push(r);
    }
    out
}

/// Where each ruling of the card's format is written in its file (the bytes inside its name's
/// quotes), in the order of [`Card::format_rulings`].
fn ruling_spans(sources: &Sources, card: &Card) -> Vec<Option<gigscript_dsl::source::Span>> {
    let spans = ruling_name_spans(&sources.get(card.file).text);
    card.format_rulings()
        .map(|(k, _)| {
            spans
                .get(k)
                .cloned()
                .flatten()
                .map(|r| gigscript_dsl::source::Span::new(card.file, r))
        })
        .collect()
}

/// Files that failed to load: each counts once, however many problems it has.
fn failed_files(errors: &[CardError]) -> usize {
    let mut paths: Vec<&Path> = errors.iter().map(|e| e.path.as_path()).collect();
    paths.sort_unstable();
    paths.dedup();
    paths.len()
}

/// A diagnostic as `gig check --json` lists it: message, severity, place and card.
fn diagnostic_json(sources: &Sources, d: &Diagnostic, card: Option<&str>) -> serde_json::Value {
    let primary = d.labels.iter().find(|l| l.primary).or(d.labels.first());
    let (file, line, column) = match primary {
        Some(l) => {
            let (line, column) = sources.get(l.span.file).line_col(l.span.start);
            (
                Some(shown(sources.path(l.span.file))),
                Some(line),
                Some(column),
            )
        }
        None => (None, None, None),
    };
    serde_json::json!({
        "severity": match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        },
        "message": d.message,
        "file": file,
        "line": line,
        "column": column,
        "card": card,
        "label": primary.map(|l| l.message.as_str()),
        "notes": d.notes,
    })
}

/// `gig check [--json] [PATHS]`: every card loads, parses, round-trips, reads one way only,
/// lowers to the core, executes, and passes its rulings.
pub fn check(ctx: &Context, paths: &[PathBuf], json: bool) -> Outcome {
    let paths = match card_paths(ctx, paths) {
        Ok(p) => p,
        Err(o) => return o,
    };
    let mut sources = Sources::new();
    let grammar_file = sources.add("grammar/text.pest", GRAMMAR);
    let grammar = match Grammar::new(GRAMMAR) {
        Ok(g) => g,
        Err(e) => {
            ctx.report(&sources, &[e.in_file(grammar_file, 0).to_diagnostic()]);
            errln!("error: the card grammar is invalid; this is a bug in gigscript");
            return Outcome::Fatal;
        }
    };
    let (db, errors) = load_paths(ctx, &paths, &mut sources);
    // Each diagnostic with the card it is about (none for a file that does not load).
    let mut diags: Vec<(Diagnostic, Option<usize>)> =
        to_diags(&errors).into_iter().map(|d| (d, None)).collect();
    let threads = default_threads();
    let (pool, tags) = check_pool(ctx, &paths, &db, &mut sources);
    let pool = std::sync::Arc::new(pool);
    let mut rulings = run_card_rulings(&pool, db.cards(), threads).into_iter();
    let mut checked = Vec::new();
    for (ix, (card, c)) in db
        .cards()
        .iter()
        .zip(check_cards(&grammar, db.cards(), Some(&tags), threads))
        .enumerate()
    {
        diags.extend(c.diagnostics.into_iter().map(|d| (d, Some(ix))));
        // Every phrase lowers to the core, which the executor runs (as the pool reads it); a
        // card that does not is a failure (a text that does not lower is reported above).
        let idx = pool.index_of(&card.id);
        let missing: Vec<(gigscript_dsl::Span, String)> = match idx {
            Some(idx) if c.lowers => pool.lower_errors(idx).to_vec(),
            _ => Vec::new(),
        };
        let executes = c.lowers && idx.is_some_and(|idx| pool.executable(idx));
        for (span, why) in &missing {
            diags.push((
                Diagnostic::error(format!("not executable: {why} ({})", card.id))
                    .with_primary(*span, "this does not lower to what the executor runs"),
                Some(ix),
            ));
        }
        if c.lowers && !executes && missing.is_empty() {
            let span = gigscript_dsl::source::Span::new(
                card.file,
                card.text.offset..card.text.offset + card.text.text.len(),
            );
            diags.push((
                Diagnostic::error(format!("not executable: this text ({})", card.id))
                    .with_primary(span, "the engine does not read this text"),
                Some(ix),
            ));
        }
        let reports = rulings.next().unwrap_or_default();
        let spans = if reports.iter().all(RulingReport::passed) {
            Vec::new()
        } else {
            ruling_spans(&sources, card)
        };
        for (k, r) in reports.iter().enumerate().filter(|(_, r)| !r.passed()) {
            let mut d = Diagnostic::error(format!("ruling fails: {}: {}", card.id, r.name));
            if let Some(span) = spans.get(k).cloned().flatten() {
                d = d.with_primary(span, "this ruling fails");
            }
            for f in &r.failures {
                d = d.with_note(f.to_string());
            }
            diags.push((d, Some(ix)));
        }
        checked.push(CheckedCard {
            parses: c.parses,
            round_trips: c.round_trips,
            unambiguous: c.unambiguous,
            lowers: c.lowers,
            executes,
            missing,
            rulings: reports,
        });
    }
    let count = |f: fn(&CheckedCard) -> bool| checked.iter().filter(|c| f(c)).count();
    let parsed = count(|c| c.parses);
    let round_trip = count(|c| c.round_trips);
    let ambiguous = count(|c| !c.unambiguous);
    let lowered = count(|c| c.lowers);
    let executable = count(|c| c.executes);
    let rulings_total: usize = checked.iter().map(|c| c.rulings.len()).sum();
    let rulings_passed: usize = checked
        .iter()
        .map(|c| c.rulings.iter().filter(|r| r.passed()).count())
        .sum();
    let failed = failed_files(&errors);
    let total = db.len() + failed;
    let clean = errors.is_empty()
        && parsed == db.len()
        && round_trip == db.len()
        && ambiguous == 0
        && executable == db.len()
        && rulings_passed == rulings_total;
    let plain: Vec<Diagnostic> = diags.iter().map(|(d, _)| d.clone()).collect();
    ctx.report(&sources, &plain);
    let mut summary = format!(
        "{total} cards: {parsed} parse, {round_trip} round-trip, {ambiguous} ambiguous, \
         {executable} executable, {rulings_passed}/{rulings_total} rulings pass"
    );
    if failed > 0 {
        summary.push_str(&format!(", {failed} fail to load"));
    }
    if json {
        let cards: Vec<_> = db
            .cards()
            .iter()
            .zip(&checked)
            .map(|(card, c)| {
                let not_executable: Vec<_> = c
                    .missing
                    .iter()
                    .map(|(span, why)| {
                        let (line, column) = sources.get(span.file).line_col(span.start);
                        serde_json::json!({
                            "phrase": why,
                            "file": shown(sources.path(span.file)),
                            "line": line,
                            "column": column,
                        })
                    })
                    .collect();
                let rulings: Vec<_> = c
                    .rulings
                    .iter()
                    .map(|r| {
                        serde_json::json!({
                            "name": r.name,
                            "rule": r.rule,
                            "passed": r.passed(),
                            "failures": r.failures.iter().map(ToString::to_string).collect::<Vec<_>>(),
                        })
                    })
                    .collect();
                serde_json::json!({
                    "id": card.id,
                    "file": shown(sources.path(card.file)),
                    "parses": c.parses,
                    "round_trips": c.round_trips,
                    "unambiguous": c.unambiguous,
                    "lowers": c.lowers,
                    "executable": c.executes,
                    "not_executable": not_executable,
                    "rulings": rulings,
                })
            })
            .collect();
        let doc = serde_json::json!({
            "summary": summary,
            "cards_total": total,
            "parse": parsed,
            "round_trip": round_trip,
            "ambiguous": ambiguous,
            "lower": lowered,
            "executable": executable,
            "rulings_passed": rulings_passed,
            "rulings_total": rulings_total,
            "fail_to_load": failed,
            "ok": clean,
            "cards": cards,
            "diagnostics": diags
                .iter()
                .map(|(d, c)| diagnostic_json(&sources, d, c.map(|i| db.cards()[i].id.as_str())))
                .collect::<Vec<_>>(),
        });
        let text = serde_json::to_string_pretty(&doc).expect("json values serialise");
        outln!("{text}");
    } else {
        outln!("{summary}");
    }
    if !errors.is_empty() {
        outcome_of(&errors)
    } else if clean {
        Outcome::Ok
    } else {
        Outcome::Findings
    }
}

/// The textboxes of a card with their scripts: the top textbox first, then the rules text.
fn textboxes<'a>(card: &'a Card, script: &'a CardTree) -> Vec<(&'a CardText, &'a Script)> {
    let mut v = Vec::new();
    if let (Some(t), Some(s)) = (&card.top, &script.top) {
        v.push((t, s));
    }
    v.push((&card.text, &script.text));
    v
}

/// `gig fmt [--check] [PATHS]`: rewrites the `text` and `top` values of card files to canonical
/// text, leaving every other byte of the file as it is.
pub fn fmt(ctx: &Context, check: bool, paths: &[PathBuf]) -> Outcome {
    let paths = match card_paths(ctx, paths) {
        Ok(p) => p,
        Err(o) => return o,
    };
    let mut sources = Sources::new();
    let (db, errors) = load_paths(ctx, &paths, &mut sources);
    let mut diags = to_diags(&errors);
    let mut outcome = if errors.is_empty() {
        Outcome::Ok
    } else {
        outcome_of(&errors)
    };
    let mut changed = Vec::new();
    for card in db.cards() {
        let file = sources.get(card.file);
        let found = match gigscript_dsl::format::canonical_edits(card, &file.text) {
            Ok(found) => found,
            Err(errs) => {
                diags.extend(to_diags(&errs));
                outcome = outcome.max_with(Outcome::Findings);
                continue;
            }
        };
        for _ in 0..found.not_plain {
            errln!(
                "warning: {}: `{}` is not written as a plain multi-line string; not rewritten",
                file.path.display(),
                card.id
            );
            outcome = outcome.max_with(Outcome::Findings);
        }
        let edits = found.edits;
        if edits.is_empty() {
            continue;
        }
        changed.push(file.path.clone());
        if check {
            continue;
        }
        let new = gigscript_dsl::format::apply(&file.text, edits);
        if let Err(e) = crate::files::write_atomic(&file.path, new.as_bytes()) {
            errln!("error: {e}");
            return Outcome::Fatal;
        }
    }
    ctx.report(&sources, &diags);
    for path in &changed {
        if check {
            outln!("would reformat {}", path.display());
        } else {
            outln!("reformatted {}", path.display());
        }
    }
    if check && !changed.is_empty() {
        outcome = outcome.max_with(Outcome::Findings);
    }
    outcome
}

/// `gig explain CARD`: how the card's text was read. CARD is a card id of the card folders or
/// the path of a card file (anywhere).
pub fn explain(ctx: &Context, id: &str) -> Outcome {
    let mut sources = Sources::new();
    let as_path = Path::new(id);
    let is_file = std::fs::symlink_metadata(as_path).is_ok_and(|m| !m.is_dir());
    let db = if is_file {
        let (db, errors) = load_cards_in(&[as_path.to_path_buf()], &mut sources, ctx.format);
        if !errors.is_empty() {
            ctx.report(&sources, &to_diags(&errors));
            return outcome_of(&errors);
        }
        db
    } else {
        match ctx.load_db(&mut sources) {
            Ok(db) => db,
            Err(o) => return o,
        }
    };
    let card = if is_file {
        db.cards().first()
    } else {
        db.get(id)
    };
    let Some(card) = card else {
        // A card id that names nothing is a usage error, as in `gig test`.
        match db.suggest_id(id) {
            Some(s) => errln!("error: unknown card `{id}`; did you mean `{s}`?"),
            None => errln!("error: unknown card `{id}` (and no such file)"),
        }
        return Outcome::Fatal;
    };
    let script = match parse_card(card) {
        Ok(s) => s,
        Err(errs) => {
            ctx.report(&sources, &to_diags(&errs));
            return Outcome::Findings;
        }
    };
    let file_text = &sources.get(card.file).text;
    let mut out = crate::out::stdout();
    let _ = writeln!(out, "{} ({})", printable(&card.full_name()), card.id);
    for (_, s) in textboxes(card, &script) {
        let name = match s.textbox {
            Textbox::Top => "top textbox (about this Gear)",
            Textbox::Rules if card.kind == gigscript_dsl::CardType::Gear => {
                "rules text (bottom textbox: `this Unit` is the card this Gear is equipped to)"
            }
            Textbox::Rules => "rules text",
        };
        let _ = writeln!(out, "{name}:");
        if s.abilities.is_empty() {
            let _ = writeln!(out, "  (no abilities)");
        }
        for line in explain_script(s, file_text).lines() {
            let _ = writeln!(out, "  {line}");
        }
    }
    Outcome::Ok
}

/// `gig deck check DECK…`
pub fn deck_check(ctx: &Context, decks: &[PathBuf]) -> Outcome {
    let mut sources = Sources::new();
    let db = match ctx.load_db(&mut sources) {
        Ok(db) => db,
        Err(o) => return o,
    };
    let mut outcome = Outcome::Ok;
    for path in decks {
        let deck = match load_deck(path, &mut sources) {
            Ok(d) => d,
            Err(e) => {
                ctx.report(&sources, &[e.to_diagnostic()]);
                let missing = e.kind == DeckErrorKind::File
                    && e.file_error
                        .as_ref()
                        .is_some_and(|f| f.kind == CardErrorKind::Io);
                outcome = if missing {
                    Outcome::Fatal
                } else {
                    outcome.max_with(Outcome::Findings)
                };
                continue;
            }
        };
        let errors = check_deck(&deck, &db);
        ctx.report(&sources, &to_diags(&errors));
        if errors.is_empty() {
            let main: u32 = deck.main.iter().map(|e| e.count).sum();
            outln!(
                "{}: legal ({} Legends, {main} main cards)",
                path.display(),
                deck.legends.len()
            );
        } else {
            outln!("{}: {} problem(s)", path.display(), errors.len());
            outcome = outcome.max_with(Outcome::Findings);
        }
    }
    outcome
}

/// Rulings of one file (a table that does not read is kept as its error), and the file as
/// shown to the user.
struct RulingSet {
    file: String,
    rulings: Vec<Result<Ruling, BadRuling>>,
    /// where each ruling's name is written (line, column), in the order of `rulings`
    places: Vec<Option<(usize, usize)>>,
}

/// Where a ruling's name is written: line and column, if found.
type Place = Option<(usize, usize)>;

/// The line and column of each ruling's name in a TOML text.
fn ruling_places(text: &str) -> Vec<Option<(usize, usize)>> {
    let spans = ruling_name_spans(text);
    if spans.is_empty() {
        return Vec::new();
    }
    let mut file = Sources::new();
    let f = file.add("", text);
    spans
        .into_iter()
        .map(|r| r.map(|r| file.get(f).line_col(r.start)))
        .collect()
}

/// The rule rulings beside the card folder: `<project>/tests/rulings/*.toml`, sorted.
fn rule_rulings_files(cards_dir: &Path) -> Vec<PathBuf> {
    let Some(dir) = cards_dir.parent().map(|p| p.join("tests").join("rulings")) else {
        return Vec::new();
    };
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

/// A path as the user would write it: relative to the working directory when inside it.
fn shown(path: &Path) -> String {
    let rel = std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf));
    rel.unwrap_or_else(|| path.to_path_buf())
        .display()
        .to_string()
}

/// Whether a file is a card file (a top-level `id` key) rather than a rulings file.
fn is_card_file(path: &Path) -> bool {
    gigscript_dsl::card::read_text(path, gigscript_dsl::card::MAX_CARD_FILE_LEN)
        .ok()
        .and_then(|t| t.parse::<toml::Table>().ok())
        .is_some_and(|t| t.contains_key("id"))
}

/// Reads a rulings file; an error says whether the file could not be read (I/O, exit 2) or
/// does not hold rulings (too large, not UTF-8, not TOML: exit 1).
fn load_rulings_file(path: &Path, format: Format) -> Result<RulingSet, (Outcome, String)> {
    use gigscript_dsl::card::{read_text, CardErrorKind};
    use gigscript_dsl::ruling::MAX_RULINGS_FILE_LEN;
    if !path.exists() {
        return Err((Outcome::Fatal, format!("{}: no such file", path.display())));
    }
    let text = read_text(path, MAX_RULINGS_FILE_LEN).map_err(|(kind, e)| {
        let o = if kind == CardErrorKind::Io {
            Outcome::Fatal
        } else {
            Outcome::Findings
        };
        (o, format!("{}: {e}", path.display()))
    })?;
    let rulings = RulingsFile::parse_each(&text).map_err(|e| {
        // TOML that does not read is said at its place, `FILE:LINE:COL: …`.
        let at = text.parse::<toml::Table>().err().and_then(|te| {
            let span = te.span()?;
            let (line, col) = gigscript_dsl::card::line_col(text.as_bytes(), span.start);
            Some(format!(
                "{}:{line}:{col}: invalid TOML: {}",
                path.display(),
                te.message().trim()
            ))
        });
        (
            Outcome::Findings,
            at.unwrap_or_else(|| format!("{}: {e}", path.display())),
        )
    })?;
    // Only the rulings of the format run: a ruling that does not read runs in every format,
    // so that it is reported.
    let places = ruling_places(&text);
    let (rulings, places) = rulings
        .into_iter()
        .enumerate()
        .filter(|(_, r)| r.as_ref().map_or(true, |r| r.format() == format))
        .map(|(k, r)| (r, places.get(k).copied().flatten()))
        .unzip();
    Ok(RulingSet {
        file: shown(path),
        places,
        rulings,
    })
}

/// How many rulings `gig --format <format> test` runs: its cards' and those of the rule
/// rulings files `paths` (a file that does not read counts none).
fn rulings_of_format(ctx: &Context, format: Format, paths: &[PathBuf]) -> usize {
    let other = Context {
        cards_dirs: ctx.cards_dirs.clone(),
        color: ctx.color,
        format,
    };
    let (db, _) = other.load_layers(&mut Sources::new(), &[]);
    let of_cards: usize = db.cards().iter().map(|c| c.format_rulings().count()).sum();
    let of_files: usize = (paths.iter())
        .filter_map(|p| load_rulings_file(p, format).ok())
        .map(|set| set.rulings.iter().filter(|r| r.is_ok()).count())
        .sum();
    of_cards + of_files
}

/// `gig test [CARD…] [--file PATH…] [--verbose] [--json]`
pub fn test(
    ctx: &Context,
    cards: &[String],
    files: &[PathBuf],
    verbose: bool,
    json: bool,
) -> Outcome {
    let mut sources = Sources::new();
    // A folder given to `--file` stands for its `*.toml` files (walked as card folders are).
    let mut expanded = Vec::new();
    for f in files {
        if f.is_dir() {
            let (found, errors) = gigscript_dsl::card::walk_card_folder(f);
            if !errors.is_empty() {
                ctx.report(&sources, &to_diags(&errors));
                return outcome_of(&errors);
            }
            expanded.extend(found);
        } else {
            expanded.push(f.clone());
        }
    }
    // A `--file` that is a card file (it has an `id`) joins the pool; its rulings run.
    let (card_files, files): (Vec<PathBuf>, Vec<PathBuf>) =
        expanded.into_iter().partition(|p| is_card_file(p));
    let db = match ctx.load_db_with(&mut sources, &card_files) {
        Ok(db) => db,
        Err(o) => return o,
    };
    let mut sets = Vec::new();
    let card_set = |id: &str| {
        db.get(id).map(|c| {
            let places = ruling_places(&sources.get(c.file).text);
            RulingSet {
                file: shown(sources.path(c.file)),
                rulings: c.format_rulings().map(|(_, r)| Ok(r.clone())).collect(),
                places: c
                    .format_rulings()
                    .map(|(k, _)| places.get(k).copied().flatten())
                    .collect(),
            }
        })
    };
    for id in cards {
        match card_set(id) {
            Some(set) => sets.push(set),
            None => {
                match db.suggest_id(id) {
                    Some(s) => errln!("error: unknown card `{id}`; did you mean `{s}`?"),
                    None => errln!("error: unknown card `{id}`"),
                }
                return Outcome::Fatal;
            }
        }
    }
    for f in &card_files {
        let extra = db
            .cards()
            .iter()
            .find(|c| sources.path(c.file) == f.as_path());
        if let Some(set) = extra.and_then(|c| card_set(&c.id)) {
            sets.push(set);
        }
    }
    let mut paths = files.to_vec();
    let every = cards.is_empty() && files.is_empty() && card_files.is_empty();
    if every {
        sets.extend(db.cards().iter().filter_map(|c| card_set(&c.id)));
        paths = rule_rulings_files(ctx.cards_dir());
    }
    for path in &paths {
        match load_rulings_file(path, ctx.format) {
            Ok(set) => sets.push(set),
            Err((o, e)) => {
                errln!("error: {e}");
                return o;
            }
        }
    }
    let pool = std::sync::Arc::new(Pool::from_db(&db));
    // Each report with its file as shown and where the ruling's name is written.
    let results: Vec<(&str, Place, RulingReport)> = sets
        .iter()
        .flat_map(|set| {
            set.rulings.iter().enumerate().map(|(k, r)| {
                let report = match r {
                    Ok(r) => run_ruling(&pool, r),
                    Err(bad) => RulingReport::unreadable(bad),
                };
                (
                    set.file.as_str(),
                    set.places.get(k).copied().flatten(),
                    report,
                )
            })
        })
        .collect();
    let passed = results.iter().filter(|(_, _, r)| r.passed()).count();
    let mut out = crate::out::stdout();
    if json {
        let list: Vec<_> = results
            .iter()
            .map(|(file, at, r)| {
                serde_json::json!({
                    "file": file,
                    "line": at.map(|a| a.0),
                    "column": at.map(|a| a.1),
                    "name": r.name,
                    "rule": r.rule,
                    "passed": r.passed(),
                    "failures": r.failures.iter().map(ToString::to_string).collect::<Vec<_>>(),
                    "log": r.log,
                })
            })
            .collect();
        let doc = serde_json::json!({ "passed": passed, "total": results.len(), "rulings": list });
        let text = serde_json::to_string_pretty(&doc).expect("json values serialise");
        let _ = writeln!(out, "{text}");
    } else {
        for (file, at, r) in results.iter().filter(|(_, _, r)| !r.passed()) {
            let why: Vec<String> = r.failures.iter().map(ToString::to_string).collect();
            let at = at.map_or(String::new(), |(line, col)| format!(":{line}:{col}"));
            let _ = writeln!(out, "FAIL {file}{at}: {}: {}", r.name, why.join("; "));
            if verbose {
                for line in &r.log {
                    let _ = writeln!(out, "    {line}");
                }
            }
        }
        // Every ruling was asked for: those of the other formats are named, not run.
        for (format, n) in (Format::ALL.into_iter())
            .filter(|&f| every && f != ctx.format)
            .map(|f| (f, rulings_of_format(ctx, f, &paths)))
            .filter(|&(_, n)| n > 0)
        {
            let _ = writeln!(
                out,
                "{n} rulings of the {format} format not run: `gig --format {format} test` runs them"
            );
        }
        let _ = writeln!(out, "{passed}/{} rulings pass", results.len());
    }
    if passed == results.len() {
        Outcome::Ok
    } else {
        Outcome::Findings
    }
}

impl Outcome {
    fn max_with(self, other: Outcome) -> Outcome {
        let rank = |o| match o {
            Outcome::Ok => 0,
            Outcome::Findings => 1,
            Outcome::Fatal => 2,
        };
        if rank(other) > rank(self) {
            other
        } else {
            self
        }
    }
}

/// A deck for a game: its name and card list, or the outcome of a deck that can't be used
/// (printed): a missing file is exit 2, a bad or illegal deck exit 1.
pub(crate) fn game_deck(
    ctx: &Context,
    sources: &mut Sources,
    db: &CardDb,
    path: &Path,
) -> Result<(String, gigscript_engine::DeckList), Outcome> {
    let deck = match load_deck(path, sources) {
        Ok(d) => d,
        Err(e) => {
            ctx.report(sources, &[e.to_diagnostic()]);
            let missing = e.kind == DeckErrorKind::File
                && e.file_error
                    .as_ref()
                    .is_some_and(|f| f.kind == CardErrorKind::Io);
            return Err(if missing {
                Outcome::Fatal
            } else {
                Outcome::Findings
            });
        }
    };
    let errors = check_deck(&deck, db);
    if !errors.is_empty() {
        ctx.report(sources, &to_diags(&errors));
        errln!("error: {} is not a legal deck", path.display());
        return Err(Outcome::Findings);
    }
    Ok((
        deck.name.clone(),
        gigscript_engine::DeckList::from_deck(&deck),
    ))
}

/// The sample deck `name` (in `decks/` here, else the project's).
pub(crate) fn sample_deck(name: &str) -> PathBuf {
    let here = Path::new("decks").join(name);
    if here.is_file() {
        return here;
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("decks")
        .join(name)
}

/// `gig lsp`: the language server over stdio, with the card folder given (the first `--cards`,
/// or `GIG_CARDS`), else the editor workspace's `cards/`, else the default card folder.
pub fn lsp(ctx: &Context, cards: &[PathBuf]) -> Outcome {
    match gigscript_lsp::run(cards.first().cloned(), ctx.cards_dir().to_path_buf()) {
        Ok(()) => Outcome::Ok,
        Err(e) => {
            errln!("error: language server: {e}");
            Outcome::Fatal
        }
    }
}

/// `gig schema [--out DIR] [--check]`: the JSON Schemas of the card, deck and rulings files,
/// generated from the types that read them, written in DIR (a file already equal is left as it
/// is); with `--check`, nothing is written and a file missing or different is a finding.
pub fn schema(out: &Path, check: bool) -> Outcome {
    if !check {
        if let Err(e) = std::fs::create_dir_all(out) {
            errln!("error: can't make the folder {}: {e}", out.display());
            return Outcome::Fatal;
        }
    }
    let mut stale = 0;
    for file in gigscript_dsl::schema::files() {
        let path = out.join(file.name);
        let text = file.text();
        let same = match std::fs::read(&path) {
            Ok(old) => old == text.as_bytes(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
            Err(e) => {
                errln!("error: can't read {}: {e}", path.display());
                return Outcome::Fatal;
            }
        };
        if same {
            outln!("up to date {} ({})", path.display(), file.describes);
            continue;
        }
        stale += 1;
        if check {
            outln!("would write {} ({})", path.display(), file.describes);
            continue;
        }
        if let Err(e) = crate::files::write_atomic(&path, text.as_bytes()) {
            errln!("error: {e}");
            return Outcome::Fatal;
        }
        outln!("wrote {} ({})", path.display(), file.describes);
    }
    if check && stale > 0 {
        errln!("error: {stale} schema file(s) out of date; run `gig schema`");
        return Outcome::Findings;
    }
    Outcome::Ok
}
