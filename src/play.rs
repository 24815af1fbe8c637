//! `gig play` (a human against a bot, commands read line by line from standard input) and
//! `gig replay` (step through a saved game). Save files are JSON: the seed, both decks, the
//! labels of every choice so far and a digest of the card pool they were played with.

use crate::cmd::{game_deck, sample_deck, Context, Outcome};
use crate::input::{pick, read_line, LineError, MAX_INPUT_LINE};
use crate::out::errln;
use crate::sim::mix;
use crate::table::Table;
use gigscript_dsl::{CardDb, Sources};
use gigscript_engine::bot::{bot_by_name, BOT_NAMES};
use gigscript_engine::{Game, LogEntry, PlayerId, Pool};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use gigscript_engine::save::{SaveFile, SavedDeck, MAX_SAVE_LEN, SAVE_FORMAT};
/// Largest card grammar read for the digest.
const MAX_GRAMMAR_LEN: u64 = 1024 * 1024;

/// A stable digest (64-bit FNV-1a) of the card files a game is played with (by path relative
/// to their card folder, sorted; files of a second or later folder prefixed by its position)
/// and of `grammar/text.pest` beside the first folder, if present. It hashes the text the cards
/// were loaded from, so nothing is read twice and no read is unbounded.
pub fn pool_digest(ctx: &Context, sources: &Sources, db: &CardDb) -> String {
    let roots: Vec<PathBuf> = ctx
        .cards_dirs
        .iter()
        .map(|d| std::fs::canonicalize(d).unwrap_or_else(|_| d.clone()))
        .collect();
    let mut files: Vec<(String, &str)> = db
        .cards()
        .iter()
        .map(|c| {
            let path = sources.path(c.file);
            let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
            let (k, rel) = roots
                .iter()
                .enumerate()
                .rev()
                .find_map(|(k, r)| real.strip_prefix(r).ok().map(|rel| (k, rel.to_path_buf())))
                .unwrap_or((0, real.clone()));
            let rel = rel.to_string_lossy().replace('\\', "/");
            let rel = if k == 0 { rel } else { format!("{k}/{rel}") };
            (rel, sources.get(c.file).text.as_str())
        })
        .collect();
    files.sort();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    for (rel, text) in &files {
        feed(rel.as_bytes());
        feed(&[0]);
        feed(text.as_bytes());
        feed(&[0]);
    }
    let grammar = ctx
        .cards_dir()
        .parent()
        .unwrap_or(Path::new("."))
        .join("grammar/text.pest");
    if let Ok(text) = gigscript_dsl::card::read_regular(&grammar, MAX_GRAMMAR_LEN) {
        feed(b"grammar/text.pest\0");
        feed(text.as_bytes());
    }
    format!("{h:016x}")
}

/// What `gig play` was asked.
pub struct PlayArgs {
    /// the human's deck
    pub deck: Option<PathBuf>,
    /// the bot's deck
    pub bot_deck: Option<PathBuf>,
    /// the bot
    pub bot: String,
    /// the game seed
    pub seed: u64,
    /// save here when the game ends or input runs out
    pub save: Option<PathBuf>,
    /// resume a saved game
    pub load: Option<PathBuf>,
    /// line mode even on a terminal
    pub lines: bool,
}

/// A game being played or replayed, with what it takes to save it.
pub(crate) struct Session {
    pub(crate) game: Game,
    save: SaveFile,
}

impl Session {
    fn new(pool: Arc<Pool>, save: SaveFile) -> Result<Session, String> {
        let game = save.start(pool).map_err(|e| e.message)?;
        Ok(Session { game, save })
    }

    /// Re-applies the saved choices.
    fn replay(&mut self, choices: &[String]) -> Result<(), String> {
        for (n, label) in choices.iter().enumerate() {
            self.apply_label(label)
                .map_err(|e| format!("choice {} `{label}` does not replay: {e}", n + 1))?;
        }
        Ok(())
    }

    fn apply_label(&mut self, label: &str) -> Result<(), String> {
        self.game.apply_label(label).map_err(|e| e.to_string())?;
        self.save.choices.push(label.to_owned());
        Ok(())
    }

    /// Takes back `human`'s last choice and every choice after it (the bot's), by replaying
    /// the seed and the choices before it: the game is exactly as it was at that decision, and
    /// nothing is shown that was not shown then. The number of choices taken back.
    fn undo(&mut self, human: PlayerId) -> Result<usize, String> {
        let players: Vec<PlayerId> = self
            .game
            .log()
            .iter()
            .filter_map(|e| match e {
                LogEntry::Choice {
                    player,
                    auto: false,
                    ..
                } => Some(*player),
                _ => None,
            })
            .collect();
        let Some(k) = players.iter().rposition(|&p| p == human) else {
            return Err("nothing to undo: you have not chosen anything yet".into());
        };
        let pool = self.game.pool().clone();
        let game = self
            .save
            .replay(pool, k)
            .map_err(|e| format!("can't undo: {e}"))?;
        let n = self.save.choices.len() - k;
        self.save.choices.truncate(k);
        self.game = game;
        Ok(n)
    }

    fn log_text(&self) -> Vec<String> {
        self.game
            .log()
            .iter()
            .map(|e| self.game.describe(e))
            .collect()
    }

    fn write(&mut self, path: &Path) -> Result<(), String> {
        self.save.log = self.log_text();
        let text = serde_json::to_string_pretty(&self.save).expect("a save serialises");
        crate::files::write_atomic(path, (text + "\n").as_bytes())
    }
}

fn read_save(path: &Path) -> Result<SaveFile, (Outcome, String)> {
    let bytes = read_bounded(path, MAX_SAVE_LEN).map_err(|e| match e {
        ReadError::Io(e) => (
            Outcome::Fatal,
            format!("can't read {}: {e}", path.display()),
        ),
        ReadError::TooLarge => (
            Outcome::Findings,
            format!(
                "{}: file is larger than the limit of {MAX_SAVE_LEN} bytes",
                path.display()
            ),
        ),
    })?;
    SaveFile::from_bytes(&bytes).map_err(|e| (Outcome::Findings, e.in_file(path)))
}

/// Why [`read_bounded`] failed.
enum ReadError {
    Io(std::io::Error),
    TooLarge,
}

/// Reads at most `max` bytes of a file: a longer file (or a device that never ends) is an
/// error after reading `max + 1` bytes, never an unbounded allocation.
fn read_bounded(path: &Path, max: u64) -> Result<Vec<u8>, ReadError> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > max {
        return Err(ReadError::TooLarge);
    }
    Ok(bytes)
}

/// Loads the pool and checks the save's digest against it.
fn open_save(ctx: &Context, path: &Path) -> Result<Session, Outcome> {
    let save = read_save(path).map_err(|(o, msg)| {
        errln!("error: {msg}");
        o
    })?;
    open_read_save(ctx, path, save)
}

/// The decks of a save as deck files would give them, checked by the deck rules 7.3 and 3.20.
fn check_saved_decks(save: &SaveFile, db: &CardDb) -> Result<(), String> {
    use gigscript_dsl::deck::{check_deck, Deck, DeckEntry};
    let mut sources = Sources::new();
    let file = sources.add("save", "");
    let span = gigscript_dsl::Span::new(file, 0..0);
    for (seat, d) in save.decks.iter().enumerate() {
        let entry = |id: &String, count: u32| DeckEntry {
            id: id.clone(),
            count,
            span,
        };
        let mut main: Vec<DeckEntry> = Vec::new();
        for id in &d.main {
            match main.iter_mut().find(|e| &e.id == id) {
                Some(e) => e.count = e.count.saturating_add(1),
                None => main.push(entry(id, 1)),
            }
        }
        let deck = Deck {
            name: d.name.clone(),
            legends: d.legends.iter().map(|id| entry(id, 1)).collect(),
            main,
            side: None,
            legends_span: span,
            main_span: span,
            file,
        };
        if let Some(e) = check_deck(&deck, db).first() {
            let rule = e.rule.map_or(String::new(), |r| format!(" (rule {r})"));
            return Err(format!(
                "the deck of seat {seat} is not legal: {}{rule}",
                e.message
            ));
        }
    }
    Ok(())
}

/// A save already read: its bot, its decks and its digest checked against the cards here.
fn open_read_save(ctx: &Context, path: &Path, save: SaveFile) -> Result<Session, Outcome> {
    let fail = |(o, msg): (Outcome, String)| {
        errln!("error: {msg}");
        o
    };
    if !BOT_NAMES.contains(&save.bot.as_str()) {
        return Err(fail((
            Outcome::Findings,
            format!(
                "{}: unknown bot `{}` (one of {})",
                path.display(),
                save.bot,
                BOT_NAMES.join(", ")
            ),
        )));
    }
    if save.cards_format != ctx.format {
        return Err(fail((
            Outcome::Findings,
            format!(
                "{}: played with the `{}` cards; load it with `--format {}`",
                path.display(),
                save.cards_format,
                save.cards_format
            ),
        )));
    }
    let mut sources = Sources::new();
    let db = ctx.load_db(&mut sources)?;
    let digest = pool_digest(ctx, &sources, &db);
    if save.digest != digest {
        return Err(fail((
            Outcome::Findings,
            format!(
                "{}: saved with another card pool (digest {}, the cards here give {digest}); \
                 it would not replay the same game",
                path.display(),
                save.digest
            ),
        )));
    }
    check_saved_decks(&save, &db)
        .map_err(|m| fail((Outcome::Findings, format!("{}: {m}", path.display()))))?;
    let pool = Arc::new(Pool::from_db(&db));
    let choices = save.choices.clone();
    let mut s = Session::new(
        pool,
        SaveFile {
            choices: Vec::new(),
            ..save
        },
    )
    .map_err(|m| fail((Outcome::Findings, format!("{}: {m}", path.display()))))?;
    s.replay(&choices)
        .map_err(|m| fail((Outcome::Findings, format!("{}: {m}", path.display()))))?;
    Ok(s)
}

/// `gig play …`: the full-screen view when standard input and output are a terminal (and
/// `--lines` was not given), the line mode otherwise.
pub fn play(ctx: &Context, args: PlayArgs) -> Outcome {
    let session = match &args.load {
        Some(path) => match open_save(ctx, path) {
            Ok(s) => s,
            Err(o) => return o,
        },
        None => match new_session(ctx, &args) {
            Ok(s) => s,
            Err(o) => return o,
        },
    };
    if bot_for(&session.save, 0).is_none() {
        errln!(
            "error: unknown bot `{}` (one of {})",
            session.save.bot,
            BOT_NAMES.join(", ")
        );
        return Outcome::Fatal;
    }
    use std::io::IsTerminal;
    if !args.lines && std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        return crate::tui::run(session, &args);
    }
    play_lines(session, &args)
}

/// What a command did.
pub(crate) enum Reply {
    /// the game changed (a choice, an undo); what to say about it
    Changed(Vec<String>),
    /// the game is as it was; what to say
    Said(Vec<String>),
    /// a card to read (`look`)
    Card(Vec<String>),
    /// the help text
    Help,
    /// the whole log, asked for
    Log,
    /// leave (the caller saves to `--save FILE` when given)
    Quit,
}

/// The commands, for `help`.
pub(crate) const HELP: &[&str] = &[
    "NUMBER       choose that option",
    "LABEL        choose the option with that label, or the one a part of it names, words in order",
    "             (`play japantown` is `play japantown-jonin` when no other option matches)",
    "look CARD    a card's facts and text: a card you can see (or any card) by a part of its",
    "             id or name; `look` alone lists the cards you can see",
    "log          the whole game so far",
    "undo         take back your last choice and the bot's moves after it",
    "save FILE    save the game here (`gig play --load FILE` resumes it)",
    "quit         leave the game (it is saved to --save FILE when that was given)",
    "help         this list",
    "Labels name cards by id; `rival` always marks a card or Gig the bot controls (the bot's",
    "moves read `your` for yours); a face-down Legend is `legend N`, by its place in the",
    "Legends area. `d8` is always the eight-sided die; the log says whose die it is (`your d8`,",
    "`the bot's d8`), the boards where a stolen one came from.",
];

impl Session {
    /// The human's seat.
    pub(crate) fn human(&self) -> PlayerId {
        PlayerId(self.save.human & 1)
    }

    /// Plays the bot's decisions until the human decides or the game ends, telling `moved`
    /// each label. The bot is seeded afresh for each of its decisions from the game seed and
    /// the number of choices so far: a loaded or undone game replays its moves identically.
    pub(crate) fn bot_moves(&mut self, mut moved: impl FnMut(&str)) -> Result<(), String> {
        let human = self.human();
        while let Some(d) = self
            .game
            .decision_ref()
            .filter(|d| d.player != human)
            .cloned()
        {
            let mut bot = bot_for(&self.save, self.save.choices.len()).expect("a known bot");
            let ix = {
                let view = self.game.view(d.player);
                bot.choose(&view, &d.options)
            };
            let label = self
                .game
                .labels(&d)
                .swap_remove(ix.min(d.options.len() - 1));
            moved(&label);
            self.apply_label(&label)
                .map_err(|m| format!("the bot's choice failed (a bug in the engine): {m}"))?;
        }
        Ok(())
    }

    /// Carries out a typed line (already trimmed, not empty).
    pub(crate) fn execute(&mut self, line: &str) -> Reply {
        use crate::input::Command;
        match crate::input::command(line) {
            Command::Quit => Reply::Quit,
            Command::Help => Reply::Help,
            Command::Log => Reply::Log,
            Command::Undo => match self.undo(self.human()) {
                Ok(n) => Reply::Changed(vec![format!("took back {n} choice(s)")]),
                Err(m) => Reply::Said(vec![m]),
            },
            Command::Save(path) => match self.write(Path::new(path)) {
                Ok(()) => Reply::Said(vec![format!("saved to {path}")]),
                Err(m) => Reply::Said(vec![format!("error: {m}")]),
            },
            Command::Look(what) => match crate::table::look(&self.game.view(self.human()), what) {
                Ok(lines) => Reply::Card(lines),
                Err(m) => Reply::Said(vec![m]),
            },
            Command::Choose(what) => {
                let view = self.game.view(self.human());
                if view.decision().is_none() {
                    return Reply::Said(
                        vec!["the game is over: there is nothing to choose".into()],
                    );
                }
                let labels = view.labels();
                match pick(&labels, what) {
                    Ok(ix) => match self.apply_label(&labels[ix]) {
                        Ok(()) => Reply::Changed(Vec::new()),
                        Err(m) => Reply::Said(vec![format!("error: {m}")]),
                    },
                    Err(m) => Reply::Said(vec![m]),
                }
            }
        }
    }
}

/// Writes the game to `--save FILE` when it was given; false (after saying why) when that fails.
pub(crate) fn save_if_asked(session: &mut Session, args: &PlayArgs) -> bool {
    if let Some(path) = &args.save {
        if let Err(m) = session.write(path) {
            errln!("error: {m}");
            return false;
        }
    }
    true
}

/// The line mode: the table printed as text before each of the human's decisions (the log
/// since their last choice, both boards, the hand, the prompt and the numbered options), the
/// bot's choices as it makes them, and commands read line by line from standard input.
fn play_lines(mut session: Session, args: &PlayArgs) -> Outcome {
    let human = session.human();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut line_no = 0;
    let mut out = crate::out::stdout();
    // After a command that changed nothing, only the prompt is printed again.
    let mut whole = true;
    loop {
        if let Err(m) = session.bot_moves(|label| {
            let _ = writeln!(out, "bot: {}", crate::table::bot_label(label));
        }) {
            errln!("error: {m}");
            return Outcome::Findings;
        }
        let table = Table::of(&session.game, human);
        if table.over.is_some() {
            let _ = write!(out, "{}", table.text());
            return if save_if_asked(&mut session, args) {
                Outcome::Ok
            } else {
                Outcome::Fatal
            };
        }
        if whole {
            let _ = write!(out, "{}", table.text());
        } else {
            for l in &table.prompt {
                let _ = writeln!(out, "{l}");
            }
            let _ = write!(out, "{}", table.options_text());
        }
        let _ = write!(out, "> ");
        let _ = out.flush();
        line_no += 1;
        let line = match read_line(&mut input, MAX_INPUT_LINE) {
            Ok(l) => l,
            Err(LineError::TooLong) => {
                let _ = writeln!(
                    out,
                    "line {line_no} is longer than {MAX_INPUT_LINE} bytes; ignored"
                );
                whole = false;
                continue;
            }
            Err(LineError::NotUtf8) => {
                errln!("error: standard input line {line_no} is not UTF-8 text");
                return Outcome::Findings;
            }
            Err(LineError::Io(e)) => {
                errln!("error: can't read standard input: {e}");
                return Outcome::Fatal;
            }
        };
        let Some(line) = line else {
            let _ = writeln!(out, "\ninput ended; the game is not over");
            return if save_if_asked(&mut session, args) {
                Outcome::Ok
            } else {
                Outcome::Fatal
            };
        };
        let line = line.trim();
        if line.is_empty() {
            whole = false;
            continue;
        }
        let said = |out: &mut crate::out::Sink<_>, lines: &[String]| {
            for l in lines {
                let _ = writeln!(out, "{l}");
            }
        };
        match session.execute(line) {
            Reply::Quit => {
                // `quit` keeps the game when `--save` was given, as the end of input does.
                if !save_if_asked(&mut session, args) {
                    return Outcome::Fatal;
                }
                if let Some(path) = &args.save {
                    let _ = writeln!(out, "saved to {}", path.display());
                }
                return Outcome::Ok;
            }
            Reply::Changed(lines) => {
                said(&mut out, &lines);
                whole = true;
            }
            Reply::Said(lines) | Reply::Card(lines) => {
                said(&mut out, &lines);
                whole = false;
            }
            Reply::Help => {
                let _ = writeln!(out, "commands:");
                for l in HELP {
                    let _ = writeln!(out, "  {l}");
                }
                whole = false;
            }
            Reply::Log => {
                let _ = writeln!(out, "-- the whole game --");
                for l in &table.log {
                    let _ = writeln!(out, "  {l}");
                }
                whole = false;
            }
        }
    }
}

/// The bot of a save for its decision after `choices` choices (`None` for an unknown name).
fn bot_for(save: &SaveFile, choices: usize) -> Option<Box<dyn gigscript_engine::Bot>> {
    bot_by_name(&save.bot, mix(save.seed ^ 0xB07 ^ mix(choices as u64)))
}

fn new_session(ctx: &Context, args: &PlayArgs) -> Result<Session, Outcome> {
    if !BOT_NAMES.contains(&args.bot.as_str()) {
        errln!(
            "error: unknown bot `{}` (one of {})",
            args.bot,
            BOT_NAMES.join(", ")
        );
        return Err(Outcome::Fatal);
    }
    let mut sources = Sources::new();
    let db = ctx.load_db(&mut sources)?;
    let paths = [
        args.deck
            .clone()
            .unwrap_or_else(|| sample_deck("red-street.toml")),
        args.bot_deck
            .clone()
            .unwrap_or_else(|| sample_deck("yellow-blue-fixers.toml")),
    ];
    let mut decks = Vec::new();
    for p in &paths {
        let (name, list) = game_deck(ctx, &mut sources, &db, p)?;
        decks.push(SavedDeck {
            name,
            legends: list.legends,
            main: list.main,
        });
    }
    let digest = pool_digest(ctx, &sources, &db);
    let save = SaveFile {
        format: SAVE_FORMAT,
        digest,
        cards_format: ctx.format,
        seed: args.seed,
        human: 0,
        bot: args.bot.clone(),
        decks: [decks[0].clone(), decks[1].clone()],
        choices: Vec::new(),
        log: Vec::new(),
    };
    Session::new(Arc::new(Pool::from_db(&db)), save).map_err(|m| {
        errln!("error: {m}");
        Outcome::Findings
    })
}

/// `gig replay FILE [--to-end]`
pub fn replay(ctx: &Context, file: &Path, to_end: bool) -> Outcome {
    let saved = match read_save(file) {
        Ok(s) => s,
        Err((o, m)) => {
            errln!("error: {m}");
            return o;
        }
    };
    // The file is read once (it may be a FIFO): the session is built from what was read.
    let session = match open_read_save(ctx, file, saved.clone()) {
        Ok(s) => s,
        Err(o) => return o,
    };
    let log = session.log_text();
    if !saved.log.is_empty() && saved.log != log {
        let at = saved
            .log
            .iter()
            .zip(&log)
            .position(|(a, b)| a != b)
            .unwrap_or(saved.log.len().min(log.len()));
        errln!(
            "error: {}: the replay departs from the saved log at line {} (saved `{}`, replayed `{}`)",
            file.display(),
            at + 1,
            saved.log.get(at).map_or("", String::as_str),
            log.get(at).map_or("", String::as_str)
        );
        return Outcome::Findings;
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = crate::out::stdout();
    let mut stepping = !to_end;
    for (k, e) in session.game.log().iter().enumerate() {
        let _ = writeln!(out, "{}", log[k]);
        let is_choice = matches!(e, LogEntry::Choice { auto: false, .. });
        if stepping && is_choice {
            let _ = write!(out, "[Enter: next, `end`: to the end] ");
            let _ = out.flush();
            match read_line(&mut input, MAX_INPUT_LINE) {
                Ok(Some(l)) if l.trim() == "end" => stepping = false,
                Ok(Some(_)) | Err(LineError::TooLong) => {}
                Ok(None) | Err(_) => stepping = false,
            }
        }
    }
    let _ = writeln!(
        out,
        "replayed {} choices, {} log lines: {}",
        saved.choices.len(),
        log.len(),
        if saved.log.is_empty() {
            "no saved log to compare".to_string()
        } else {
            "the saved log is reproduced".to_string()
        }
    );
    Outcome::Ok
}
