//! `gig play`'s full-screen view (ratatui on crossterm), used when standard input and output
//! are a terminal: the header (turn, whose, phase, the attack), both boards, the hand with each
//! card's facts and text, the whole log (scrollable), the decision with its prompt and options,
//! and an input line that takes the line mode's commands. [`draw`] renders a [`Table`] and the
//! screen's own state; the screen tests render it on ratatui's `TestBackend`.

use crate::play::{save_if_asked, PlayArgs, Reply, Session, HELP};
use crate::table::{Table, BOT};
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};
use ratatui::Frame;

use crate::cmd::Outcome;
use crate::out::errln;

/// A window over the other panes: a card (`look`), the help, a message of several lines.
#[derive(Clone, Debug, Default)]
pub struct Popup {
    /// its title
    pub title: String,
    /// its lines
    pub lines: Vec<String>,
    /// the first line shown
    pub scroll: usize,
}

/// What the screen keeps besides the game.
#[derive(Clone, Debug, Default)]
pub struct Ui {
    /// the line being typed
    pub input: String,
    /// the highlighted option (Enter on an empty line chooses it)
    pub selected: usize,
    /// the log's first shown line, when scrolled by hand (`None`: it follows the game)
    pub log_top: Option<usize>,
    /// the answer to the last command
    pub message: Vec<String>,
    /// a window over the panes
    pub popup: Option<Popup>,
    /// the log's first shown line as last drawn (where PageUp and PageDown start from)
    pub drawn_top: std::cell::Cell<usize>,
}

/// Plays the game full-screen until it ends or the player leaves.
pub fn run(mut session: Session, args: &PlayArgs) -> Outcome {
    let mut terminal = ratatui::init();
    let result = run_on(&mut terminal, &mut session);
    ratatui::restore();
    match result {
        Ok(()) => {}
        Err(m) => {
            errln!("error: {m}");
            return Outcome::Findings;
        }
    }
    if !save_if_asked(&mut session, args) {
        return Outcome::Fatal;
    }
    if let Some(path) = &args.save {
        crate::out::outln!("saved to {}", path.display());
    }
    Outcome::Ok
}

/// The loop: the bot moves, the screen is drawn, a key is read.
fn run_on(terminal: &mut ratatui::DefaultTerminal, session: &mut Session) -> Result<(), String> {
    let human = session.human();
    let mut ui = Ui::default();
    loop {
        session.bot_moves(|_| {})?;
        let table = Table::of(&session.game, human);
        ui.selected = ui.selected.min(table.options.len().saturating_sub(1));
        terminal
            .draw(|f| draw(f, &table, &ui))
            .map_err(|e| format!("can't draw on the terminal: {e}"))?;
        let ev = event::read().map_err(|e| format!("can't read the terminal: {e}"))?;
        let Event::Key(key) = ev else { continue };
        if key.kind != KeyEventKind::Press {
            continue;
        }
        match on_key(&mut ui, &table, session, key) {
            Step::Stay => {}
            Step::Leave => return Ok(()),
        }
    }
}

/// Whether to go on after a key.
enum Step {
    Stay,
    Leave,
}

/// Lines a page key moves.
const PAGE: usize = 10;

fn on_key(ui: &mut Ui, table: &Table, session: &mut Session, key: KeyEvent) -> Step {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    match key.code {
        KeyCode::Char('c') | KeyCode::Char('d') if ctrl => return Step::Leave,
        KeyCode::Char(c) if !ctrl => {
            ui.input.push(c);
        }
        KeyCode::Backspace => {
            ui.input.pop();
        }
        // Esc closes the window over the panes, else clears the line and the answer
        KeyCode::Esc if ui.popup.take().is_none() => {
            ui.input.clear();
            ui.message.clear();
        }
        KeyCode::Up | KeyCode::Down if ui.popup.is_some() => {
            let p = ui.popup.as_mut().expect("a popup");
            p.scroll = match key.code {
                KeyCode::Up => p.scroll.saturating_sub(1),
                _ => (p.scroll + 1).min(p.lines.len().saturating_sub(1)),
            };
        }
        KeyCode::Up => ui.selected = ui.selected.saturating_sub(1),
        KeyCode::Down => ui.selected = (ui.selected + 1).min(table.options.len().saturating_sub(1)),
        KeyCode::PageUp | KeyCode::PageDown => {
            let down = key.code == KeyCode::PageDown;
            if let Some(p) = ui.popup.as_mut() {
                p.scroll = if down {
                    (p.scroll + PAGE).min(p.lines.len().saturating_sub(1))
                } else {
                    p.scroll.saturating_sub(PAGE)
                };
            } else {
                // from wherever the log is now, as last drawn
                let top = ui.drawn_top.get();
                ui.log_top = Some(if down {
                    top.saturating_add(PAGE)
                } else {
                    top.saturating_sub(PAGE)
                });
            }
        }
        KeyCode::Home => ui.log_top = Some(0),
        KeyCode::End => ui.log_top = None,
        KeyCode::Enter => {
            let line = ui.input.trim().to_owned();
            ui.input.clear();
            if line.is_empty() {
                if ui.popup.take().is_some() {
                    return Step::Stay;
                }
                if table.over.is_some() {
                    return Step::Leave;
                }
                match table.options.get(ui.selected) {
                    Some(label) => return command(ui, session, label.clone()),
                    None => return Step::Stay,
                }
            }
            return command(ui, session, line);
        }
        _ => {}
    }
    Step::Stay
}

/// Carries out a typed line and shows its answer.
fn command(ui: &mut Ui, session: &mut Session, line: String) -> Step {
    ui.popup = None;
    ui.message.clear();
    match session.execute(&line) {
        Reply::Quit => return Step::Leave,
        Reply::Changed(lines) => {
            ui.message = lines;
            ui.selected = 0;
            ui.log_top = None;
        }
        Reply::Said(lines) => ui.message = lines,
        Reply::Card(lines) => {
            ui.popup = Some(Popup {
                title: format!("look {}", line.split_once(' ').map_or("", |(_, w)| w)),
                lines,
                scroll: 0,
            })
        }
        Reply::Help => {
            let mut lines: Vec<String> = HELP.iter().map(|l| l.to_string()).collect();
            lines.push(String::new());
            lines.extend(KEYS.iter().map(|l| l.to_string()));
            ui.popup = Some(Popup {
                title: "help".into(),
                lines,
                scroll: 0,
            });
        }
        Reply::Log => {
            ui.log_top = Some(0);
            ui.message = vec![
                "the log pane keeps the whole game: PageUp and PageDown scroll it, End follows the game"
                    .into(),
            ];
        }
    }
    Step::Stay
}

/// The keys of the full screen, for `help`.
const KEYS: &[&str] = &[
    "Enter        carry out the typed line; on an empty line, choose the highlighted option",
    "Up, Down     move the highlight over the options",
    "PageUp/Down  scroll the log (or this window); Home: its start; End: follow the game",
    "Esc          close this window, or clear the typed line",
    "Ctrl-C       leave (saved to --save FILE when given)",
];

/// `text` cut into lines of at most `width` characters, at spaces where it can be.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out = Vec::new();
    let mut line = String::new();
    let mut len = 0;
    for word in text.split(' ') {
        let mut word = word.to_owned();
        let mut wlen = word.chars().count();
        if len > 0 && len + 1 + wlen > width {
            out.push(std::mem::take(&mut line));
            len = 0;
        }
        while wlen > width {
            // a word longer than the line is cut
            let head: String = word.chars().take(width - len.min(width)).collect();
            let rest: String = word.chars().skip(head.chars().count()).collect();
            if len > 0 {
                line.push(' ');
            }
            line += &head;
            out.push(std::mem::take(&mut line));
            len = 0;
            word = rest;
            wlen = word.chars().count();
        }
        if len > 0 {
            line.push(' ');
            len += 1;
        }
        line += &word;
        len += wlen;
    }
    if !line.is_empty() || out.is_empty() {
        out.push(line);
    }
    out
}

/// Lines of `text` wrapped to `width` with `indent` before each continuation.
fn wrapped<'a>(text: &str, width: usize, first: &str, indent: &str, style: Style) -> Vec<Line<'a>> {
    let w = width.saturating_sub(first.chars().count()).max(8);
    wrap(text, w)
        .into_iter()
        .enumerate()
        .map(|(k, l)| {
            let lead = if k == 0 { first } else { indent };
            Line::from(Span::styled(format!("{lead}{l}"), style))
        })
        .collect()
}

fn title(text: &str) -> Line<'static> {
    Line::from(Span::styled(
        format!(" {text} "),
        Style::default().add_modifier(Modifier::BOLD),
    ))
}

/// The lines of one side's board, for a pane `width` wide.
fn side_lines(side: &crate::table::Side, width: usize) -> Vec<Line<'static>> {
    let plain = Style::default();
    let mut out = wrapped(&side.counts, width, "", "  ", plain);
    out.extend(wrapped(
        &format!("{}   fixer: {}", side.gigs, side.fixer),
        width,
        "Gigs: ",
        "      ",
        Style::default().fg(Color::Yellow),
    ));
    let legends = if side.legends.is_empty() {
        "-".to_owned()
    } else {
        side.legends.join(", ")
    };
    out.extend(wrapped(&legends, width, "Legends: ", "         ", plain));
    if side.field.is_empty() {
        out.push(Line::from("field: -"));
    } else {
        out.push(Line::from("field:"));
        for u in &side.field {
            out.extend(wrapped(
                u,
                width,
                "  ",
                "    ",
                Style::default().fg(Color::Cyan),
            ));
        }
    }
    out
}

/// Draws the whole screen.
pub fn draw(f: &mut Frame<'_>, table: &Table, ui: &Ui) {
    let area = f.area();
    let head_h = 1 + u16::from(table.attack.is_some());
    let msg_w = usize::from(area.width.max(4)) - 2;
    let message: Vec<String> = ui.message.iter().flat_map(|m| wrap(m, msg_w)).collect();
    let msg_h = (message.len() as u16).min(3);
    let [head, body, msg, input] = Layout::vertical([
        Constraint::Length(head_h),
        Constraint::Min(6),
        Constraint::Length(msg_h),
        Constraint::Length(1),
    ])
    .areas(area);

    // header
    let mut lines = vec![Line::from(Span::styled(
        format!(" {} ", table.header),
        Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED),
    ))];
    if let Some(a) = &table.attack {
        lines.push(Line::from(Span::styled(
            format!(" attack: {a}"),
            Style::default()
                .fg(Color::LightRed)
                .add_modifier(Modifier::BOLD),
        )));
    }
    f.render_widget(Paragraph::new(lines), head);

    let [left, right] =
        Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(body);
    draw_boards(f, table, ui, left);
    draw_log_and_decision(f, table, ui, right);

    // the answer to the last command
    let lines: Vec<Line> = message
        .iter()
        .take(3)
        .map(|l| {
            Line::from(Span::styled(
                format!(" {l}"),
                Style::default().fg(Color::Yellow),
            ))
        })
        .collect();
    f.render_widget(Paragraph::new(lines), msg);

    // the input line
    let prompt = if table.over.is_some() {
        "(Enter leaves) > "
    } else {
        "> "
    };
    let shown: String = {
        let room = usize::from(input.width).saturating_sub(prompt.len() + 1);
        let n = ui.input.chars().count();
        ui.input.chars().skip(n.saturating_sub(room)).collect()
    };
    f.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(prompt, Style::default().add_modifier(Modifier::BOLD)),
            Span::raw(shown.clone()),
        ])),
        input,
    );
    f.set_cursor_position((
        input.x + (prompt.len() + shown.chars().count()) as u16,
        input.y,
    ));

    if let Some(p) = &ui.popup {
        draw_popup(f, p, area);
    }
}

fn draw_boards(f: &mut Frame<'_>, table: &Table, ui: &Ui, area: Rect) {
    let width = usize::from(area.width.saturating_sub(2));
    let [rival, mine] = [&table.sides[0], &table.sides[1]].map(|s| side_lines(s, width));
    let h = |n: usize| (n as u16).saturating_add(2);
    let [rival_a, mine_a, hand_a] = Layout::vertical([
        Constraint::Length(h(rival.len())),
        Constraint::Length(h(mine.len())),
        Constraint::Min(3),
    ])
    .areas(area);
    let bot = Block::bordered()
        .title(title(BOT.0))
        .border_style(Style::default().fg(Color::Red));
    f.render_widget(Paragraph::new(rival).block(bot), rival_a);
    let you = Block::bordered()
        .title(title("you"))
        .border_style(Style::default().fg(Color::Green));
    f.render_widget(Paragraph::new(mine).block(you), mine_a);

    // the hand: each card's facts, then its text; a card the highlighted option names stands out
    let chosen = table.options.get(ui.selected);
    let names_card = |id: &str| chosen.is_some_and(|l| l.split_whitespace().any(|w| w == id));
    let mut lines = Vec::new();
    for c in &table.hand {
        let style = if names_card(&c.id) {
            Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED)
        } else {
            Style::default().add_modifier(Modifier::BOLD)
        };
        lines.extend(wrapped(&c.heading(), width, "", "  ", style));
        for t in &c.text {
            lines.extend(wrapped(t, width, "  ", "    ", Style::default()));
        }
    }
    let room = usize::from(hand_a.height.saturating_sub(2));
    if lines.len() > room && room > 0 {
        lines.truncate(room - 1);
        lines.push(Line::from(Span::styled(
            "… more: `look CARD` reads a card whole",
            Style::default().fg(Color::DarkGray),
        )));
    }
    let hand = Block::bordered().title(title(&format!("your hand ({})", table.hand_size())));
    f.render_widget(Paragraph::new(lines).block(hand), hand_a);
}

fn draw_log_and_decision(f: &mut Frame<'_>, table: &Table, ui: &Ui, area: Rect) {
    let width = usize::from(area.width.saturating_sub(2));
    // the decision: what the bot did to you, the prompt, the options (or the game's end)
    let mut dec: Vec<Line> = Vec::new();
    if !table.harm.is_empty() {
        dec.extend(wrapped(
            &format!("{} did to you: {}", BOT.0, table.harm.join("; ")),
            width,
            "",
            "  ",
            Style::default()
                .fg(Color::LightRed)
                .add_modifier(Modifier::BOLD),
        ));
    }
    match &table.over {
        Some(over) => {
            dec.extend(wrapped(
                over,
                width,
                "",
                "  ",
                Style::default().add_modifier(Modifier::BOLD),
            ));
            dec.push(Line::from(
                "Enter leaves; `look CARD` and `save FILE` still work",
            ));
        }
        None => {
            let n = table.prompt.len();
            for (k, p) in table.prompt.iter().enumerate() {
                let style = if k + 1 == n {
                    Style::default().add_modifier(Modifier::BOLD)
                } else {
                    Style::default().fg(Color::Cyan)
                };
                dec.extend(wrapped(p, width, "", "  ", style));
            }
        }
    }
    let options: Vec<Line> = table
        .options
        .iter()
        .enumerate()
        .map(|(k, l)| {
            let text = format!("{:>3}. {l}", k + 1);
            if k == ui.selected {
                Line::from(Span::styled(
                    format!("▶{text}"),
                    Style::default().add_modifier(Modifier::REVERSED),
                ))
            } else {
                Line::from(format!(" {text}"))
            }
        })
        .collect();
    let want = (dec.len() + options.len()) as u16 + 2;
    let dec_h = want.min(area.height * 3 / 5).max(4);
    let [log_a, dec_a] =
        Layout::vertical([Constraint::Min(3), Constraint::Length(dec_h)]).areas(area);
    // the options shown: a window around the highlighted one
    let room = usize::from(dec_h.saturating_sub(2)).saturating_sub(dec.len());
    let start = if options.len() <= room {
        0
    } else {
        ui.selected
            .saturating_sub(room / 2)
            .min(options.len() - room)
    };
    dec.extend(options.into_iter().skip(start).take(room));
    let dec_title = if table.over.is_some() {
        "the game is over".to_owned()
    } else if table.options.len() > room {
        format!(
            "your decision · options {}–{} of {}",
            start + 1,
            start + room,
            table.options.len()
        )
    } else {
        "your decision".to_owned()
    };
    let block = Block::bordered()
        .title(title(&dec_title))
        .border_style(Style::default().fg(Color::Yellow));
    f.render_widget(Paragraph::new(dec).block(block), dec_a);

    // the log: older entries dimmed, then the ones since the human's last choice
    let mut lines: Vec<Line> = Vec::new();
    let mut since_at = 0;
    for (k, l) in table.log.iter().enumerate() {
        if k == table.since {
            since_at = lines.len();
            lines.push(Line::from(Span::styled(
                format!("── {} ──", table.since_title()),
                Style::default().add_modifier(Modifier::BOLD),
            )));
        }
        let style = if k < table.since {
            Style::default().fg(Color::DarkGray)
        } else {
            Style::default()
        };
        lines.extend(wrapped(l, width, "", "    ", style));
    }
    if table.since >= table.log.len() {
        since_at = lines.len();
        lines.push(Line::from(Span::styled(
            format!("── {} ──", table.since_title()),
            Style::default().add_modifier(Modifier::BOLD),
        )));
    }
    let h = usize::from(log_a.height.saturating_sub(2));
    let total = lines.len();
    let last_top = total.saturating_sub(h);
    let top = match ui.log_top {
        Some(t) => t.min(last_top),
        // follow the game: the newest lines, or the start of what happened since the human's
        // last choice when it does not all fit
        None if total - since_at > h => since_at,
        None => last_top,
    };
    ui.drawn_top.set(top);
    let shown: Vec<Line> = lines.into_iter().skip(top).take(h).collect();
    let log_title = format!(
        "log · lines {}–{} of {} · PgUp/PgDn",
        (top + 1).min(total),
        (top + h).min(total),
        total
    );
    f.render_widget(
        Paragraph::new(shown).block(Block::bordered().title(title(&log_title))),
        log_a,
    );
}

fn draw_popup(f: &mut Frame<'_>, p: &Popup, area: Rect) {
    let w = (area.width * 4 / 5).max(20).min(area.width);
    let h = (area.height * 7 / 10).max(6).min(area.height);
    let r = Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    };
    let width = usize::from(w.saturating_sub(2));
    let lines: Vec<Line> = p
        .lines
        .iter()
        .flat_map(|l| wrapped(l, width, "", "  ", Style::default()))
        .skip(p.scroll)
        .collect();
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines).block(
            Block::bordered()
                .title(title(&format!("{} · Esc closes", p.title)))
                .border_style(Style::default().fg(Color::Cyan)),
        ),
        r,
    );
}

#[cfg(test)]
mod tests {
    //! Screen tests: the full screen rendered on ratatui's `TestBackend` at the moments a
    //! player meets (the start, an attack's React Step, a payment, the game's end), each
    //! snapshot read and reviewed.
    use super::*;
    use gigscript_dsl::{card::load_cards, deck::load_deck, Sources};
    use gigscript_engine::bot::bot_by_name;
    use gigscript_engine::{DecisionKind, DeckList, Game, PlayerId, Pool};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;
    use std::sync::Arc;

    const HUMAN: PlayerId = PlayerId(0);

    fn new_game(seed: u64) -> Game {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut sources = Sources::new();
        let (db, _) = load_cards(&[root.join("cards")], &mut sources);
        let pool = Arc::new(Pool::from_db(&db));
        let mut deck = |f: &str| {
            let d = load_deck(&root.join("decks").join(f), &mut sources).unwrap();
            DeckList::from_deck(&d)
        };
        let (a, b) = (deck("red-street.toml"), deck("yellow-blue-fixers.toml"));
        Game::new(pool, [&a, &b], seed).unwrap()
    }

    /// Plays game `seed` (the greedy bot against random choices of the human) until `stop`
    /// holds at one of the human's decisions, or to its end.
    fn play_until(seed: u64, stop: impl Fn(&Game) -> bool) -> Option<Game> {
        let mut g = new_game(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for n in 0..5000u64 {
            let Some(d) = g.decision_ref().cloned() else {
                return stop(&g).then_some(g);
            };
            let ix = if d.player == HUMAN {
                if stop(&g) {
                    return Some(g);
                }
                rng.gen_range(0..d.options.len())
            } else {
                let mut bot = bot_by_name("greedy", seed ^ n).unwrap();
                bot.choose(&g.view(d.player), &d.options)
            };
            g.apply_index(ix).unwrap();
        }
        None
    }

    /// The screen as text, one line per row, trailing blanks cut.
    fn screen(game: &Game, ui: &Ui, w: u16, h: u16) -> String {
        let table = Table::of(game, HUMAN);
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| draw(f, &table, ui)).unwrap();
        let buf = t.backend().buffer();
        let mut out = String::new();
        for y in 0..buf.area.height {
            let row: String = (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_owned())
                .collect();
            out += row.trim_end();
            out.push('\n');
        }
        out
    }

    fn deciding(g: &Game, kind: DecisionKind) -> bool {
        g.decision_ref()
            .is_some_and(|d| d.player == HUMAN && d.prompt == kind)
    }

    #[test]
    fn the_screen_at_the_start_of_a_game() {
        let g = play_until(7, |g| deciding(g, DecisionKind::MainAction)).unwrap();
        let s = screen(&g, &Ui::default(), 120, 40);
        insta::assert_snapshot!("start", s);
    }

    #[test]
    fn the_screen_in_the_react_step_of_the_bots_attack() {
        let g = (1..40)
            .find_map(|seed| {
                play_until(seed, |g| {
                    deciding(g, DecisionKind::Reaction) && g.view(HUMAN).labels().len() > 1
                })
            })
            .expect("a React Step with a choice");
        let s = screen(&g, &Ui::default(), 120, 40);
        assert!(s.contains("React Step"), "{s}");
        insta::assert_snapshot!("react_step", s);
    }

    #[test]
    fn the_screen_during_a_payment() {
        let g = play_until(3, |g| {
            deciding(g, DecisionKind::Pay) && g.view(HUMAN).labels().len() > 1
        })
        .expect("a payment with a choice");
        let s = screen(&g, &Ui::default(), 120, 40);
        assert!(s.contains("€$ to pay"), "{s}");
        insta::assert_snapshot!("payment", s);
    }

    #[test]
    fn the_screen_at_the_end_of_a_game() {
        let g = play_until(11, |g| g.outcome().is_some()).expect("the game ends");
        let s = screen(&g, &Ui::default(), 120, 40);
        assert!(s.contains("game over: "), "{s}");
        // the reason, with its rule (the screen may wrap it)
        let over = Table::of(&g, HUMAN).over.unwrap();
        assert!(over.contains("(rule 1."), "{over}");
        assert!(s.contains(over.split(" (rule").next().unwrap()), "{s}");
        insta::assert_snapshot!("game_over", s);
    }

    #[test]
    fn a_card_looked_at_is_shown_over_the_panes() {
        let g = play_until(7, |g| deciding(g, DecisionKind::MainAction)).unwrap();
        let card = crate::table::look(&g.view(HUMAN), "huscle").unwrap();
        let ui = Ui {
            popup: Some(Popup {
                title: "look huscle".into(),
                lines: card,
                scroll: 0,
            }),
            ..Ui::default()
        };
        let s = screen(&g, &ui, 100, 30);
        assert!(s.contains("look huscle · Esc closes"), "{s}");
        assert!(s.contains("Swordwise Huscle (swordwise-huscle)"), "{s}");
    }

    #[test]
    fn no_screen_names_a_seat_or_an_internal_step() {
        // `p0`/`p1`, Rust enum names and attack steps by their code names never show.
        let games = [
            play_until(7, |g| deciding(g, DecisionKind::MainAction)).unwrap(),
            play_until(3, |g| deciding(g, DecisionKind::Pay)).unwrap(),
            play_until(11, |g| g.outcome().is_some()).unwrap(),
        ];
        for g in &games {
            for (w, h) in [(120, 40), (80, 24), (60, 16)] {
                let s = screen(g, &Ui::default(), w, h);
                for bad in ["p0", "p1", "StealChoose", "React)", "MainAction", "Phase::"] {
                    assert!(!s.contains(bad), "`{bad}` on a {w}x{h} screen:\n{s}");
                }
            }
        }
    }

    #[test]
    fn the_log_follows_the_game_and_scrolls_back_to_its_start() {
        let g = play_until(11, |g| g.outcome().is_some()).unwrap();
        let end = screen(&g, &Ui::default(), 120, 40);
        let first = Table::of(&g, HUMAN).log[0].clone();
        assert!(!end.contains(&first), "the newest lines are shown");
        let top = Ui {
            log_top: Some(0),
            ..Ui::default()
        };
        assert!(screen(&g, &top, 120, 40).contains(&first));
    }

    #[test]
    fn wrap_cuts_at_spaces_and_cuts_long_words() {
        assert_eq!(wrap("a bb ccc", 4), ["a bb", "ccc"]);
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("", 4), [""]);
    }
}
