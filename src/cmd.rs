//! The commands: each loads what it needs, prints, and says how the run went.

use gigscript_dsl::card::{load_cards, CardError, CardErrorKind};
use gigscript_dsl::deck::{check_deck, load_deck, DeckErrorKind};
use gigscript_dsl::diag::{render, Diagnostic, IntoDiagnostic};
use gigscript_dsl::{CardDb, Sources};
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
        if !self.cards_dir.is_dir() {
            eprintln!(
                "error: card folder {} not found (use --cards DIR)",
                self.cards_dir.display()
            );
            return Err(Outcome::Fatal);
        }
        let (db, errors) = load_cards(std::slice::from_ref(&self.cards_dir), sources);
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

/// `gig check [PATHS]`
pub fn check(ctx: &Context, paths: &[PathBuf]) -> Outcome {
    let paths = if paths.is_empty() {
        vec![ctx.cards_dir.clone()]
    } else {
        paths.to_vec()
    };
    for p in &paths {
        if !p.exists() {
            eprintln!("error: {} not found", p.display());
            return Outcome::Fatal;
        }
    }
    let mut sources = Sources::new();
    let (db, errors) = load_cards(&paths, &mut sources);
    ctx.report(&sources, &to_diags(&errors));
    let total = db.len() + errors.len();
    println!("{total} cards: {} load, {} fail", db.len(), errors.len());
    if errors.is_empty() {
        Outcome::Ok
    } else {
        outcome_of(&errors)
    }
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
