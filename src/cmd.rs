//! The commands: each loads what it needs, prints, and says how the run went.

use gigscript_dsl::ambiguity::Grammar;
use gigscript_dsl::ast::{Script, Textbox};
use gigscript_dsl::card::{load_cards, CardError, CardErrorKind};
use gigscript_dsl::card::{Card, CardText};
use gigscript_dsl::check::{check_cards, default_threads};
use gigscript_dsl::deck::{check_deck, load_deck, DeckErrorKind};
use gigscript_dsl::diag::{render, Diagnostic, IntoDiagnostic};
use gigscript_dsl::parse::{parse_card, GRAMMAR};
use gigscript_dsl::print::{explain as explain_script, print_script};
use gigscript_dsl::ruling::{BadRuling, Ruling, RulingsFile};
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
    pub(crate) cards_dir: PathBuf,
    color: bool,
}

impl Context {
    /// Resolves the card folder and the colour choice.
    pub fn new(cards: Option<PathBuf>, color: ColorChoice) -> Self {
        let cards_dir = cards.unwrap_or_else(default_cards_dir);
        let color = match color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal()
            }
        };
        Context { cards_dir, color }
    }

    pub(crate) fn report(&self, sources: &Sources, diagnostics: &[Diagnostic]) {
        if diagnostics.is_empty() {
            return;
        }
        let text = render(sources, diagnostics, self.color);
        let _ = std::io::stderr().write_all(text.as_bytes());
    }

    /// Loads the whole card folder; on any problem prints it and returns the outcome.
    pub(crate) fn load_db(&self, sources: &mut Sources) -> Result<CardDb, Outcome> {
        self.load_db_with(sources, &[])
    }

    /// The card folder plus `extra` card files (a card written for a test, outside the folder).
    fn load_db_with(&self, sources: &mut Sources, extra: &[PathBuf]) -> Result<CardDb, Outcome> {
        if !self.cards_dir.is_dir() {
            eprintln!(
                "error: card folder {} not found (use --cards DIR)",
                self.cards_dir.display()
            );
            return Err(Outcome::Fatal);
        }
        let mut paths = vec![self.cards_dir.clone()];
        paths.extend(extra.iter().cloned());
        let (db, errors) = load_cards(&paths, sources);
        if errors.is_empty() {
            Ok(db)
        } else {
            self.report(sources, &to_diags(&errors));
            eprintln!("error: {} card file(s) failed to load", errors.len());
            Err(outcome_of(&errors))
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
    let mut out = std::io::stdout().lock();
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
                c.full_name()
            );
        }
        let _ = writeln!(out, "{} of {} cards", shown.len(), db.len());
    }
    Outcome::Ok
}

/// The card files or folders a command works on: those given, else the card folder.
fn card_paths(ctx: &Context, paths: &[PathBuf]) -> Result<Vec<PathBuf>, Outcome> {
    let paths = if paths.is_empty() {
        vec![ctx.cards_dir.clone()]
    } else {
        paths.to_vec()
    };
    match paths.iter().find(|p| !p.exists()) {
        Some(p) => {
            eprintln!("error: {} not found", p.display());
            Err(Outcome::Fatal)
        }
        None => Ok(paths),
    }
}

/// What `gig check` found for one card: the three language checks, the phrases that do not
/// lower to the core (so do not execute), and the reports of its rulings.
struct CheckedCard {
    parses: bool,
    round_trips: bool,
    unambiguous: bool,
    missing: Vec<gigscript_dsl::lower_old::LowerError>,
    rulings: Vec<RulingReport>,
}

/// The pool the rulings of checked cards run against: the checked cards, plus the card folder's
/// cards they do not replace (a card written outside the catalogue plays with catalogue cards).
fn check_pool(ctx: &Context, paths: &[PathBuf], db: &CardDb, sources: &mut Sources) -> Pool {
    let folder = std::fs::canonicalize(&ctx.cards_dir).ok();
    let only_folder = paths
        .iter()
        .all(|p| std::fs::canonicalize(p).ok() == folder);
    if only_folder || folder.is_none() {
        return Pool::from_db(db);
    }
    let known: std::collections::HashSet<&str> = db.cards().iter().map(|c| c.id.as_str()).collect();
    let (catalogue, _) = load_cards(std::slice::from_ref(&ctx.cards_dir), sources);
    let mut cards = db.cards().to_vec();
    cards.extend(
        catalogue
            .cards()
            .iter()
            .filter(|c| !known.contains(c.id.as_str()))
            .cloned(),
    );
    Pool::from_db(&CardDb::from_cards(cards))
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
        .flat_map(|(i, c)| c.rulings.iter().map(move |r| (i, r)))
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

/// Where a ruling's `name = "…"` is written in its card file, if it can be found.
fn ruling_span(sources: &Sources, card: &Card, name: &str) -> Option<gigscript_dsl::source::Span> {
    let text = &sources.get(card.file).text;
    let quoted = format!("\"{name}\"");
    let from = text.find("[[ruling]]")?;
    let at = from + text[from..].find(&quoted)?;
    Some(gigscript_dsl::source::Span {
        file: card.file,
        start: at + 1,
        end: at + quoted.len() - 1,
    })
}

/// `gig check [--json] [PATHS]`: every card loads, parses, round-trips, reads one way only,
/// executes, and passes its rulings (DESIGN.md, the four guarantees; issue 5).
pub fn check(ctx: &Context, paths: &[PathBuf], json: bool) -> Outcome {
    let paths = match card_paths(ctx, paths) {
        Ok(p) => p,
        Err(o) => return o,
    };
    let mut sources = Sources::new();
    let grammar_file = sources.add("grammar/card.pest", GRAMMAR);
    let grammar = match Grammar::new(GRAMMAR) {
        Ok(g) => g,
        Err(e) => {
            ctx.report(&sources, &[e.in_file(grammar_file, 0).to_diagnostic()]);
            eprintln!("error: the card grammar is invalid; this is a bug in gigscript");
            return Outcome::Fatal;
        }
    };
    let (db, errors) = load_cards(&paths, &mut sources);
    let mut diags = to_diags(&errors);
    let threads = default_threads();
    let pool = std::sync::Arc::new(check_pool(ctx, &paths, &db, &mut sources));
    let mut rulings = run_card_rulings(&pool, db.cards(), threads).into_iter();
    let mut checked = Vec::new();
    for (card, c) in db
        .cards()
        .iter()
        .zip(check_cards(&grammar, db.cards(), threads))
    {
        diags.extend(c.diagnostics);
        // Guarantee 4: every phrase lowers to the core, which executes; a card that does not
        // is a failure.
        let missing = match &c.script {
            Some(script) => gigscript_dsl::lower_old::lower(card.kind, script)
                .err()
                .unwrap_or_default(),
            None => Vec::new(),
        };
        for u in &missing {
            diags.push(
                Diagnostic::error(format!("not executable: {} ({})", u.message, card.id))
                    .with_primary(u.span, "this does not lower to the core"),
            );
        }
        let reports = rulings.next().unwrap_or_default();
        for r in reports.iter().filter(|r| !r.passed()) {
            let mut d = Diagnostic::error(format!("ruling fails: {}: {}", card.id, r.name));
            if let Some(span) = ruling_span(&sources, card, &r.name) {
                d = d.with_primary(span, "this ruling fails");
            }
            for f in &r.failures {
                d = d.with_note(f.to_string());
            }
            diags.push(d);
        }
        checked.push(CheckedCard {
            parses: c.parses,
            round_trips: c.parses && c.round_trips,
            unambiguous: !c.parses || c.unambiguous,
            missing,
            rulings: reports,
        });
    }
    let count = |f: fn(&CheckedCard) -> bool| checked.iter().filter(|c| f(c)).count();
    let parsed = count(|c| c.parses);
    let round_trip = count(|c| c.round_trips);
    let ambiguous = count(|c| !c.unambiguous);
    let executable = count(|c| c.parses && c.missing.is_empty());
    let rulings_total: usize = checked.iter().map(|c| c.rulings.len()).sum();
    let rulings_passed: usize = checked
        .iter()
        .map(|c| c.rulings.iter().filter(|r| r.passed()).count())
        .sum();
    let total = db.len() + errors.len();
    let clean = errors.is_empty()
        && parsed == db.len()
        && round_trip == db.len()
        && ambiguous == 0
        && executable == db.len()
        && rulings_passed == rulings_total;
    ctx.report(&sources, &diags);
    let mut summary = format!(
        "{total} cards: {parsed} parse, {round_trip} round-trip, {ambiguous} ambiguous, \
         {executable} executable, {rulings_passed}/{rulings_total} rulings pass"
    );
    if !errors.is_empty() {
        summary.push_str(&format!(", {} fail to load", errors.len()));
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
                    .map(|u| {
                        let (line, column) = sources.get(u.span.file).line_col(u.span.start);
                        serde_json::json!({
                            "phrase": u.message,
                            "file": shown(sources.path(u.span.file)),
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
                    "executable": c.parses && c.missing.is_empty(),
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
            "executable": executable,
            "rulings_passed": rulings_passed,
            "rulings_total": rulings_total,
            "fail_to_load": errors.len(),
            "ok": clean,
            "cards": cards,
        });
        let text = serde_json::to_string_pretty(&doc).expect("json values serialise");
        println!("{text}");
    } else {
        println!("{summary}");
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
fn textboxes<'a>(
    card: &'a Card,
    script: &'a gigscript_dsl::ast::CardScript,
) -> Vec<(&'a CardText, &'a Script)> {
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
    let (db, errors) = load_cards(&paths, &mut sources);
    let mut diags = to_diags(&errors);
    let mut outcome = if errors.is_empty() {
        Outcome::Ok
    } else {
        outcome_of(&errors)
    };
    let mut changed = Vec::new();
    for card in db.cards() {
        let script = match parse_card(card) {
            Ok(s) => s,
            Err(errs) => {
                diags.extend(to_diags(&errs));
                outcome = outcome.max_with(Outcome::Findings);
                continue;
            }
        };
        let file = sources.get(card.file);
        let src = file.text.as_str();
        let mut edits = Vec::new();
        for (text, s) in textboxes(card, &script) {
            let mut canonical = print_script(s);
            if !text.text.ends_with('\n') {
                canonical = canonical.trim_end_matches('\n').to_string();
            }
            if canonical == text.text {
                continue;
            }
            let multiline = src[..text.offset.min(src.len())].ends_with("\"\"\"\n");
            if !text.exact || (canonical.contains('\n') && !multiline) {
                eprintln!(
                    "warning: {}: `{}` is not written as a plain multi-line string; not rewritten",
                    file.path.display(),
                    card.id
                );
                outcome = outcome.max_with(Outcome::Findings);
                continue;
            }
            edits.push((text.offset..text.offset + text.text.len(), canonical));
        }
        if edits.is_empty() {
            continue;
        }
        changed.push(file.path.clone());
        if check {
            continue;
        }
        let mut new = src.to_string();
        edits.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
        for (range, text) in edits {
            new.replace_range(range, &text);
        }
        if let Err(e) = std::fs::write(&file.path, new) {
            eprintln!("error: cannot write {}: {e}", file.path.display());
            return Outcome::Fatal;
        }
    }
    ctx.report(&sources, &diags);
    for path in &changed {
        if check {
            println!("would reformat {}", path.display());
        } else {
            println!("reformatted {}", path.display());
        }
    }
    if check && !changed.is_empty() {
        outcome = outcome.max_with(Outcome::Findings);
    }
    outcome
}

/// `gig explain CARD`: how the card's text was read.
pub fn explain(ctx: &Context, id: &str) -> Outcome {
    let mut sources = Sources::new();
    let db = match ctx.load_db(&mut sources) {
        Ok(db) => db,
        Err(o) => return o,
    };
    let Some(card) = db.get(id) else {
        match db.suggest_id(id) {
            Some(s) => eprintln!("error: no card `{id}`; did you mean `{s}`?"),
            None => eprintln!("error: no card `{id}`"),
        }
        return Outcome::Findings;
    };
    let script = match parse_card(card) {
        Ok(s) => s,
        Err(errs) => {
            ctx.report(&sources, &to_diags(&errs));
            return Outcome::Findings;
        }
    };
    let file_text = &sources.get(card.file).text;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{} ({})", card.full_name(), card.id);
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
            println!(
                "{}: legal ({} Legends, {main} main cards)",
                path.display(),
                deck.legends.len()
            );
        } else {
            println!("{}: {} problem(s)", path.display(), errors.len());
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
fn load_rulings_file(path: &Path) -> Result<RulingSet, (Outcome, String)> {
    use gigscript_dsl::card::{read_text, CardErrorKind};
    use gigscript_dsl::ruling::MAX_RULINGS_FILE_LEN;
    let text = read_text(path, MAX_RULINGS_FILE_LEN).map_err(|(kind, e)| {
        let o = if kind == CardErrorKind::Io {
            Outcome::Fatal
        } else {
            Outcome::Findings
        };
        (o, format!("{}: {e}", path.display()))
    })?;
    let rulings = RulingsFile::parse_each(&text)
        .map_err(|e| (Outcome::Findings, format!("{}: {e}", path.display())))?;
    Ok(RulingSet {
        file: shown(path),
        rulings,
    })
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
    // A `--file` that is a card file (it has an `id`) joins the pool; its rulings run.
    let (card_files, files): (Vec<PathBuf>, Vec<PathBuf>) =
        files.iter().cloned().partition(|p| is_card_file(p));
    let db = match ctx.load_db_with(&mut sources, &card_files) {
        Ok(db) => db,
        Err(o) => return o,
    };
    let mut sets = Vec::new();
    let card_set = |id: &str| {
        db.get(id).map(|c| RulingSet {
            file: shown(sources.path(c.file)),
            rulings: c.rulings.iter().cloned().map(Ok).collect(),
        })
    };
    for id in cards {
        match card_set(id) {
            Some(set) => sets.push(set),
            None => {
                match db.suggest_id(id) {
                    Some(s) => eprintln!("error: unknown card `{id}`; did you mean `{s}`?"),
                    None => eprintln!("error: unknown card `{id}`"),
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
    if cards.is_empty() && files.is_empty() && card_files.is_empty() {
        sets.extend(db.cards().iter().filter_map(|c| card_set(&c.id)));
        paths = rule_rulings_files(&ctx.cards_dir);
    }
    for path in &paths {
        match load_rulings_file(path) {
            Ok(set) => sets.push(set),
            Err((o, e)) => {
                eprintln!("error: {e}");
                return o;
            }
        }
    }
    let pool = std::sync::Arc::new(Pool::from_db(&db));
    let results: Vec<(&str, RulingReport)> = sets
        .iter()
        .flat_map(|set| {
            set.rulings.iter().map(|r| {
                let report = match r {
                    Ok(r) => run_ruling(&pool, r),
                    Err(bad) => RulingReport::unreadable(bad),
                };
                (set.file.as_str(), report)
            })
        })
        .collect();
    let passed = results.iter().filter(|(_, r)| r.passed()).count();
    let mut out = std::io::stdout().lock();
    if json {
        let list: Vec<_> = results
            .iter()
            .map(|(file, r)| {
                serde_json::json!({
                    "file": file,
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
        for (file, r) in results.iter().filter(|(_, r)| !r.passed()) {
            let why: Vec<String> = r.failures.iter().map(ToString::to_string).collect();
            let _ = writeln!(out, "FAIL {file}: {}: {}", r.name, why.join("; "));
            if verbose {
                for line in &r.log {
                    let _ = writeln!(out, "    {line}");
                }
            }
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
        eprintln!("error: {} is not a legal deck", path.display());
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
