//! What `gig play` shows, as text: the table as the human may see it (both sides' boards, the
//! hand with each card's facts and text, whose turn and which phase, the decision's prompt and
//! options, the whole log in words, what the bot did since the human's last choice), built from
//! the engine's [`View`] alone. The line mode prints it ([`Table::text`]); the full-screen view
//! (`tui.rs`) lays the same pieces out on the screen.

use gigscript_engine::log::{Event, LogEntry, Names};
use gigscript_engine::pool::CardIdx;
use gigscript_engine::state::Target;
use gigscript_engine::view::{SeenCard, SeenDie, SeenLegend, SeenPhase, SeenUnit, View};
use gigscript_engine::{Game, Outcome, PlayerId, Zone};

/// How the human names the bot, as a subject and as an owner.
pub const BOT: (&str, &str) = ("the bot", "the bot's");

/// The log as the human reads it: `you draw …`, `the bot draws a card`.
pub fn names(human: PlayerId) -> Names<'static> {
    Names::to(human, BOT.0, BOT.1)
}

/// One side of the table.
#[derive(Clone, Debug, Default)]
pub struct Side {
    /// `the bot` or `you`
    pub title: String,
    /// hand, deck, trash and removed counts, Eddies, Street Cred
    pub counts: String,
    /// the Gig area: each die with its value
    pub gigs: String,
    /// the fixer area
    pub fixer: String,
    /// the Legends area, left to right
    pub legends: Vec<String>,
    /// the field: each Unit with its power, spent, Lag and Gear
    pub field: Vec<String>,
}

/// A card of the human's hand.
#[derive(Clone, Debug, Default)]
pub struct HandCard {
    /// its id, as labels name it
    pub id: String,
    /// how many of it the hand holds
    pub copies: usize,
    /// name, type, cost, power, Sell Tag
    pub facts: String,
    /// its printed text (a Gear's top textbox first), one string per line
    pub text: Vec<String>,
}

impl HandCard {
    /// Its facts, with the number of copies when there are several.
    pub fn heading(&self) -> String {
        match self.copies {
            1 => self.facts.clone(),
            n => format!("{n} × {}", self.facts),
        }
    }
}

/// The table as the human sees it at one moment.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// `turn 3 · your turn · Main Phase`
    pub header: String,
    /// the attack in progress, in words
    pub attack: Option<String>,
    /// the bot's side, then the human's
    pub sides: [Side; 2],
    /// the human's hand
    pub hand: Vec<HandCard>,
    /// the decision's prompt (card and ability words, then the question), when the human decides
    pub prompt: Vec<String>,
    /// the labels of the human's options
    pub options: Vec<String>,
    /// the whole log, one line per entry
    pub log: Vec<String>,
    /// index in `log` of the human's last choice (what happened since begins with it)
    pub since: usize,
    /// whether the human has made a choice yet
    pub chose: bool,
    /// what the bot did to the human since their last choice (Gigs stolen, cards defeated, …)
    pub harm: Vec<String>,
    /// the game-over line, once the game is over
    pub over: Option<String>,
}

impl Table {
    /// The table of `game` as `human` sees it.
    pub fn of(game: &Game, human: PlayerId) -> Table {
        let v = game.view(human);
        let names = names(human);
        let whose_turn = if v.turn_player() == human {
            "your turn".to_owned()
        } else {
            format!("{} turn", BOT.1)
        };
        let mut header = match v.phase() {
            SeenPhase::Setup => "setup, before the first turn".to_owned(),
            phase => format!("turn {} · {whose_turn} · {}", v.turn(), phase.words()),
        };
        if v.overtime() {
            header += " · overtime";
        }
        let attack = v.attack().map(|a| {
            let who = |p: PlayerId| if p == human { "your" } else { BOT.1 };
            let unit = |i| match v.unit(i) {
                Some(u) => format!("{} (power {})", v.id(u.card), u.power),
                None => v
                    .card(i)
                    .map_or("a card".to_owned(), |c| v.id(c).to_owned()),
            };
            let target = match a.target {
                Target::Unit(u) => {
                    let whose = v
                        .controller(u)
                        .map_or(String::new(), |p| format!("{} ", who(p)));
                    format!("{whose}{}", unit(u))
                }
                Target::Gigs(p) => format!("{} Gigs", who(p)),
            };
            format!(
                "{} {} attacks {target} · {}",
                who(a.player),
                unit(a.attacker),
                a.step.words()
            )
        });
        let sides = [side(&v, v.rival()), side(&v, human)];
        // copies of a card are one entry
        let mut hand: Vec<HandCard> = Vec::new();
        for c in v.hand() {
            let id = v.id(c);
            match hand.iter_mut().find(|h| h.id == id) {
                Some(h) => h.copies += 1,
                None => hand.push(hand_card(&v, c)),
            }
        }
        let prompt = match v.prompt() {
            Some(p) => {
                let mut lines = Vec::new();
                match (p.card, p.ability) {
                    (Some(c), Some(words)) => lines.push(format!("{}: {words}", v.id(c))),
                    (Some(c), None) => lines.push(format!("{}:", v.id(c))),
                    _ => {}
                }
                lines.push(p.question);
                lines
            }
            None => Vec::new(),
        };
        let options = v.labels();
        let entries = game.log();
        let log = entries
            .iter()
            .map(|e| match e {
                LogEntry::Choice {
                    player,
                    label,
                    auto,
                } if *player != human => {
                    let how = if *auto { " (only option)" } else { "" };
                    format!("{}: {}{how}", BOT.0, bot_label(label))
                }
                e => v.describe_with(e, &names),
            })
            .collect();
        let last = entries.iter().rposition(
            |e| matches!(e, LogEntry::Choice { player, auto: false, .. } if *player == human),
        );
        let since = last.unwrap_or(0);
        let harm = harm(&v, &entries[since..]);
        let over = game.outcome().map(|o| {
            let result = match o {
                Outcome::Winner(p) if p == human => "you win".to_owned(),
                Outcome::Winner(_) => format!("{} wins", BOT.0),
                Outcome::Tie => "a tie".to_owned(),
            };
            let reasons = game.outcome_reasons(&names);
            if reasons.is_empty() {
                format!("game over: {result}")
            } else {
                format!("game over: {result}: {}", reasons.join("; "))
            }
        });
        Table {
            header,
            attack,
            sides,
            hand,
            prompt,
            options,
            log,
            since,
            chose: last.is_some(),
            harm,
            over,
        }
    }

    /// The title of the log's newest part.
    pub fn since_title(&self) -> &'static str {
        if self.chose {
            "your last choice and what followed"
        } else {
            "the game so far"
        }
    }

    /// The line mode's picture: what happened since the human's last choice, the boards, the
    /// hand, and the prompt with its numbered options (or the game-over line).
    pub fn text(&self) -> String {
        let mut s = String::new();
        s += &format!("\n-- {} --\n", self.since_title());
        for l in &self.log[self.since..] {
            s += &format!("  {l}\n");
        }
        if !self.harm.is_empty() {
            s += &format!("{} did to you: {}\n", BOT.0, self.harm.join("; "));
        }
        s += &format!("\n== {} ==\n", self.header);
        if let Some(a) = &self.attack {
            s += &format!("attack: {a}\n");
        }
        for side in &self.sides {
            s += &format!("{}: {}\n", side.title, side.counts);
            s += &format!("  Gigs: {}   fixer: {}\n", side.gigs, side.fixer);
            s += &format!("  Legends: {}\n", list_or_dash(&side.legends));
            s += &format!("  field: {}\n", list_or_dash(&side.field));
        }
        s += &format!("your hand ({}):\n", self.hand_size());
        for c in &self.hand {
            s += &format!("  {}\n", c.heading());
            for l in &c.text {
                s += &format!("      {l}\n");
            }
        }
        if let Some(over) = &self.over {
            s += &format!("{over}\n");
            return s;
        }
        for l in &self.prompt {
            s += &format!("{l}\n");
        }
        s += &self.options_text();
        s
    }

    /// Cards in the human's hand.
    pub fn hand_size(&self) -> usize {
        self.hand.iter().map(|c| c.copies).sum()
    }

    /// `options:` and the numbered labels.
    pub fn options_text(&self) -> String {
        let mut s = "options:\n".to_owned();
        for (k, l) in self.options.iter().enumerate() {
            s += &format!("  {:>2}. {l}\n", k + 1);
        }
        s
    }
}

/// The bot's label as the human reads it. A label marks what its decider doesn't control with
/// `rival`; the human's own options do too, so on the table `rival` always means the bot's and
/// the bot's `rival` is the human's: `attack rival gigs with psycho-squad` is read `attack your
/// gigs with psycho-squad`.
pub fn bot_label(label: &str) -> String {
    label
        .split(' ')
        .map(|w| if w == "rival" { "your" } else { w })
        .collect::<Vec<_>>()
        .join(" ")
}

fn list_or_dash(items: &[String]) -> String {
    if items.is_empty() {
        "-".into()
    } else {
        items.join(", ")
    }
}

/// `d4 (1)`: a die by its sides, with its value; a die of the other player's says so.
fn die_text(v: &View<'_>, d: &SeenDie, area_of: PlayerId, value: bool) -> String {
    let mut s = format!("d{}", d.sides);
    if value {
        s += &format!(" ({})", d.value);
    }
    if d.owner != area_of {
        let from = if d.owner == v.me() { "you" } else { BOT.0 };
        s += &format!(" stolen from {from}");
    }
    s
}

/// A Unit (or face-up Legend) with its power, spent, Lag and Gear.
fn unit_text(v: &View<'_>, u: &SeenUnit) -> String {
    let mut tags = vec![format!("power {}", u.power)];
    if u.spent {
        tags.push("spent".into());
    }
    if u.lag {
        tags.push("Lag".into());
    }
    for g in &u.gear {
        tags.push(format!("Gear {}", v.id(*g)));
    }
    format!("{} ({})", v.id(u.card), tags.join(", "))
}

fn side(v: &View<'_>, p: PlayerId) -> Side {
    let (ready, spent) = v.eddies(p);
    let cred = v
        .street_cred(p)
        .map_or("none (no Gigs)".to_owned(), |c| c.to_string());
    let counts = format!(
        "hand {} · deck {} · trash {} · removed {} · Eddies {ready} ready, {spent} spent · Street Cred {cred}",
        v.hand_size(p),
        v.deck_size(p),
        v.trash(p).len(),
        v.removed(p).len(),
    );
    let dice = |list: Vec<SeenDie>, value: bool| {
        let items: Vec<String> = list.iter().map(|d| die_text(v, d, p, value)).collect();
        if items.is_empty() {
            "-".to_owned()
        } else {
            items.join(", ")
        }
    };
    let legends = v
        .legends(p)
        .iter()
        .map(|l| match l {
            SeenLegend::FaceDown {
                position,
                spent,
                known,
            } => {
                let mut tags = vec!["face-down".to_owned()];
                if let Some(c) = known {
                    tags.push(format!("you looked: {}", v.id(*c)));
                }
                if *spent {
                    tags.push("spent".into());
                }
                format!("legend {position} ({})", tags.join(", "))
            }
            SeenLegend::FaceUp(u) => unit_text(v, u),
        })
        .collect();
    Side {
        title: if p == v.me() { "you" } else { BOT.0 }.to_owned(),
        counts,
        gigs: dice(v.gigs(p), true),
        fixer: dice(v.fixer(p), false),
        legends,
        field: v.field(p).iter().map(|u| unit_text(v, u)).collect(),
    }
}

/// A card's facts in one line: `japantown-jonin: Japantown Jonin · unit · 2 €$ · power 3`.
pub fn facts_line(v: &View<'_>, card: CardIdx) -> String {
    let pool = v.pool();
    let f = pool.facts(card);
    let mut parts = vec![pool.name(card).to_owned(), f.kind.as_str().to_owned()];
    parts.push(match f.cost {
        Some(c) => format!("{c} €$"),
        None => "no cost".into(),
    });
    if let Some(p) = f.power {
        parts.push(if f.kind == gigscript_dsl::CardType::Gear {
            format!("power {p:+}")
        } else {
            format!("power {p}")
        });
    }
    if f.sell {
        parts.push("Sell Tag".into());
    }
    format!("{}: {}", pool.id(card), parts.join(" · "))
}

/// A card's printed text, line by line: a Gear's top textbox first, marked `top:`.
pub fn text_lines(v: &View<'_>, card: CardIdx) -> Vec<String> {
    let Some(p) = v.pool().printed(card) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if let Some(top) = &p.top {
        out.extend(top.lines().map(|l| format!("top: {l}")));
    }
    out.extend(
        p.text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(str::to_owned),
    );
    out
}

fn hand_card(v: &View<'_>, c: SeenCard) -> HandCard {
    HandCard {
        id: v.id(c).to_owned(),
        copies: 1,
        facts: facts_line(v, c.card),
        text: text_lines(v, c.card),
    }
}

/// What the bot did to the human in `entries` (the log since the human's last choice): Gigs
/// stolen, cards defeated, and the human's cards sent from their hand, field or deck elsewhere.
/// Only what happened after the bot's first choice counts: before it, it is the human's own
/// choice working.
fn harm(v: &View<'_>, entries: &[LogEntry]) -> Vec<String> {
    let me = v.me();
    let Some(first) = entries
        .iter()
        .position(|e| matches!(e, LogEntry::Choice { player, .. } if *player != me))
    else {
        return Vec::new();
    };
    let game_card = |i| v.card(i);
    let owner_is_me = |i| v.card(i).is_some() && v.owner(i) == Some(me);
    // a defeated card is said defeated, not also moved (its move to the trash comes first)
    let defeated: Vec<_> = (entries[first..].iter())
        .filter_map(|e| match e {
            LogEntry::Event(Event::Defeated(i)) => Some(*i),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for e in &entries[first..] {
        let LogEntry::Event(ev) = e else { continue };
        match *ev {
            Event::Stolen { die, by } if by != me => {
                let d = v.die(die).map_or("a Gig".to_owned(), |d| {
                    let whose = if d.owner == me { "your" } else { "its own" };
                    format!("{whose} d{}", d.sides)
                });
                out.push(format!("stole {d}"));
            }
            Event::Defeated(i) if owner_is_me(i) => {
                if let Some(c) = game_card(i) {
                    out.push(format!("defeated {}", v.id(c)));
                }
            }
            Event::Moved { inst, from, to }
                if owner_is_me(inst)
                    && !defeated.contains(&inst)
                    && matches!(from, Zone::Hand | Zone::Field | Zone::Legends | Zone::Deck)
                    && matches!(to, Zone::Trash | Zone::Removed | Zone::Deck | Zone::Hand)
                    && from != to =>
            {
                if let Some(c) = game_card(inst) {
                    out.push(format!(
                        "sent {} from your {} to your {}",
                        v.id(c),
                        from.as_str(),
                        to.as_str()
                    ));
                }
            }
            _ => {}
        }
    }
    out
}

/// Every card the human may see now, each once, with where it is (`your hand`, `the bot's
/// field`), in the order: hand, fields, Legends, trash, removed, the attack.
pub fn visible_cards(v: &View<'_>) -> Vec<(SeenCard, String)> {
    let mut out: Vec<(SeenCard, String)> = Vec::new();
    let mut add = |c: SeenCard, at: String| match out.iter_mut().find(|(k, _)| k.card == c.card) {
        Some((_, places)) => {
            if !places.split("; ").any(|p| p == at) {
                *places += &format!("; {at}");
            }
        }
        None => out.push((c, at)),
    };
    let me = v.me();
    let whose = |p: PlayerId| if p == me { "your" } else { BOT.1 };
    for c in v.hand() {
        add(c, "your hand".into());
    }
    for p in [me, v.rival()] {
        for u in v.field(p) {
            add(u.card, format!("{} field", whose(p)));
            for g in u.gear {
                add(g, format!("{} field (Gear of {})", whose(p), v.id(u.card)));
            }
        }
    }
    for p in [me, v.rival()] {
        for l in v.legends(p) {
            match l {
                SeenLegend::FaceUp(u) => {
                    add(u.card, format!("{} Legends", whose(p)));
                    for g in u.gear {
                        add(
                            g,
                            format!("{} Legends (Gear of {})", whose(p), v.id(u.card)),
                        );
                    }
                }
                SeenLegend::FaceDown {
                    position,
                    known: Some(c),
                    ..
                } => add(
                    c,
                    format!("{} Legends (face-down legend {position})", whose(p)),
                ),
                SeenLegend::FaceDown { .. } => {}
            }
        }
    }
    for p in [me, v.rival()] {
        for c in v.trash(p) {
            add(c, format!("{} trash", whose(p)));
        }
        for c in v.removed(p) {
            add(c, format!("{} removed cards", whose(p)));
        }
    }
    if let Some(c) = v.prompt().and_then(|p| p.card) {
        add(c, "the decision".into());
    }
    out
}

/// `look CARD`: the card named by a unique part of its id or name, among the cards the human
/// may see now, else among every card of the pool (the printed cards are public): its facts,
/// its text and where it is. `look` alone lists the cards there are to look at.
pub fn look(v: &View<'_>, what: &str) -> Result<Vec<String>, String> {
    let visible = visible_cards(v);
    if what.trim().is_empty() {
        let mut lines = vec!["cards you can see (`look CARD` for one):".to_owned()];
        lines.extend(
            visible
                .iter()
                .map(|(c, at)| format!("  {} ({at})", v.id(*c))),
        );
        return Ok(lines);
    }
    let pool = v.pool();
    let find = |cards: &[CardIdx]| -> Result<usize, Vec<usize>> {
        let keys: Vec<String> = cards
            .iter()
            .map(|&c| format!("{} {}", pool.id(c), pool.name(c)))
            .collect();
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        // an id typed whole names that card
        if let Some(k) = cards.iter().position(|&c| pool.id(c) == what.trim()) {
            return Ok(k);
        }
        crate::input::unique(&keys, what)
    };
    let seen: Vec<CardIdx> = visible.iter().map(|(c, _)| c.card).collect();
    let card = match find(&seen) {
        Ok(k) => seen[k],
        Err(several) if several.len() > 1 => {
            let ids: Vec<&str> = several.iter().map(|&k| pool.id(seen[k])).collect();
            return Err(format!(
                "`{what}` could be {}; type more of one",
                ids.join(", ")
            ));
        }
        Err(_) => {
            let all: Vec<CardIdx> = (0..pool.len()).map(|k| CardIdx(k as u16)).collect();
            match find(&all) {
                Ok(k) => all[k],
                Err(several) if several.len() > 1 => {
                    let mut ids: Vec<&str> = several.iter().map(|&k| pool.id(all[k])).collect();
                    let n = ids.len();
                    ids.truncate(8);
                    let more = if n > 8 { ", …" } else { "" };
                    return Err(format!(
                        "`{what}` could be {n} cards: {}{more}; type more of one",
                        ids.join(", ")
                    ));
                }
                Err(_) => return Err(format!("no card matches `{what}`")),
            }
        }
    };
    let printed = pool.printed(card);
    let f = pool.facts(card);
    let mut lines = vec![match printed.and_then(|p| p.subtitle.as_deref()) {
        Some(sub) => format!("{}: {sub} ({})", pool.name(card), pool.id(card)),
        None => format!("{} ({})", pool.name(card), pool.id(card)),
    }];
    let mut facts = vec![f.kind.as_str().to_owned()];
    if let Some(c) = f.color {
        facts.push(c.as_str().to_owned());
    }
    facts.push(match f.cost {
        Some(c) => format!("cost {c} €$"),
        None => "no cost".into(),
    });
    if let Some(r) = printed.and_then(|p| p.ram) {
        facts.push(format!("RAM {r}"));
    }
    if let Some(p) = f.power {
        facts.push(format!("power {p}"));
    }
    if f.sell {
        facts.push("Sell Tag".into());
    }
    lines.push(facts.join(" · "));
    let tags = pool.tags(card);
    if !tags.is_empty() {
        lines.push(tags.join(", "));
    }
    lines.extend(text_lines(v, card));
    match visible.iter().find(|(c, _)| c.card == card) {
        Some((_, at)) => lines.push(format!("where: {at}")),
        None => lines.push("where: nowhere you can see".into()),
    }
    Ok(lines)
}
