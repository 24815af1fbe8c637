//! Running a ruling: its setup becomes a [`Setup`], its steps choose options by label, its
//! `expect` lines are checked against the final state, and the log is rendered in plain words.

use super::expect::{CardName, Expect, ExpectError, WinnerName, ZoneName};
use super::step::{match_step, words_in_order, StepError};
use crate::decision::PayStep;
use crate::error::{EngineError, SetupError};
use crate::game::Game;
use crate::log::Names;
use crate::pool::Pool;
use crate::state::{
    CardSpec, DieSpec, Outcome, Phase, PlayerId, PlayerSetup, Setup, Zone, DICE_SIDES,
};
use gigscript_dsl::ruling::{self, BadRuling, CardEntry, Eddies, Ruling, Side};
use std::fmt;
use std::sync::Arc;

/// The vanilla card that fills decks and Eddies areas a ruling leaves unspecified.
pub const FILLER: &str = "swordwise-huscle";
/// Cards in a deck a ruling leaves unspecified.
pub const DEFAULT_DECK_SIZE: usize = 10;
/// Most Eddies `eddies = N` may ask for (a guard, far above any game).
pub const MAX_EDDIES: u32 = 1000;
/// The turn number a ruling starts on unless it says otherwise (me went first).
pub const DEFAULT_TURN: u32 = 3;

/// The seat of a side: "me" is player 0, "rival" player 1.
pub fn seat(side: Side) -> PlayerId {
    match side {
        Side::Me => PlayerId(0),
        Side::Rival => PlayerId(1),
    }
}

/// Why a ruling's setup could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulingSetupError {
    /// a die written other than `dN:V` with N in 4, 6, 8, 10, 12, 20 and V on its faces
    BadDie {
        /// whose setup
        side: Side,
        /// the die as written
        text: String,
        /// what is wrong
        why: &'static str,
    },
    /// a phase the engine can't start in
    BadPhase(String),
    /// a turn number out of range
    BadTurn(u32),
    /// more Eddies than a game can hold
    TooManyEddies(u32),
    /// a card the pool does not know, with the nearest id
    UnknownCard {
        /// the id as written
        id: String,
        /// the nearest known id
        suggestion: Option<String>,
    },
    /// a position the rules can't reach (a Legend outside the Legends area and the field, a
    /// Gear on a Gear, …), with the setup key where it is written (`me.field[2]`)
    Unreachable {
        /// where in the setup, e.g. `rival.legends[1].gear[0]`
        key: String,
        /// why the rules can't reach it
        why: String,
    },
    /// the engine refused the position (a bad Gear, a die placed twice, …)
    Engine(SetupError),
}

impl fmt::Display for RulingSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulingSetupError::BadDie { side, text, why } => {
                write!(f, "bad die `{text}` in {}'s setup: {why}", side_name(*side))
            }
            RulingSetupError::BadPhase(p) => {
                write!(f, "unknown phase `{p}`; expected `main` or `start`")
            }
            RulingSetupError::BadTurn(n) => write!(f, "turn number {n} is out of range"),
            RulingSetupError::TooManyEddies(n) => {
                write!(f, "{n} Eddies are more than a game can hold ({MAX_EDDIES})")
            }
            RulingSetupError::UnknownCard { id, suggestion } => {
                write!(f, "unknown card `{id}`")?;
                if let Some(s) = suggestion {
                    write!(f, "; did you mean `{s}`?")?;
                }
                Ok(())
            }
            RulingSetupError::Unreachable { key, why } => write!(f, "`{key}`: {why}"),
            RulingSetupError::Engine(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for RulingSetupError {}

/// One thing that went wrong in a ruling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// the `[[ruling]]` table does not match the format (see [`RulingReport::unreadable`])
    Unreadable(String),
    /// the setup could not be built
    Setup(RulingSetupError),
    /// an `expect` line could not be read
    BadExpect(ExpectError),
    /// a step selected no option (or several)
    Step {
        /// 1-based position of the step
        index: usize,
        /// why
        error: StepError,
    },
    /// a step came after the game ended
    GameOver {
        /// 1-based position of the step
        index: usize,
        /// the step as written
        step: String,
    },
    /// the engine refused the selected option
    Engine {
        /// 1-based position of the step
        index: usize,
        /// the step as written
        step: String,
        /// the engine's error
        error: EngineError,
    },
    /// an expectation did not hold
    Expect {
        /// the line as written
        line: String,
        /// what the line asks for
        expected: String,
        /// what the state shows
        actual: String,
    },
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Unreadable(m) => write!(f, "the ruling does not read: {m}"),
            Failure::Setup(e) => write!(f, "setup: {e}"),
            Failure::BadExpect(e) => write!(f, "{e}"),
            Failure::Step { index, error } => write!(f, "step {index}: {error}"),
            Failure::GameOver { index, step } => {
                write!(f, "step {index} `{step}`: the game is already over")
            }
            Failure::Engine { index, step, error } => {
                write!(f, "step {index} `{step}`: {error}")
            }
            Failure::Expect {
                line,
                expected,
                actual,
            } => write!(f, "expected `{line}`: wanted {expected}, found {actual}"),
        }
    }
}

/// The result of running one ruling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulingReport {
    /// the ruling's name
    pub name: String,
    /// the rule it pins down
    pub rule: Option<String>,
    /// what went wrong; empty when the ruling passes
    pub failures: Vec<Failure>,
    /// the game log, one entry per line in plain words (empty if the setup failed)
    pub log: Vec<String>,
    /// the steps and expectations that name an option by its label from before a rename
    /// (README, "Label changelog"), each with the option's label now: they still hold, and a
    /// ruling of the repository is migrated to the label now
    pub renamed: Vec<String>,
}

impl RulingReport {
    /// The failing report of a ruling whose table does not match the format.
    pub fn unreadable(bad: &BadRuling) -> RulingReport {
        RulingReport {
            name: bad.name.clone(),
            rule: None,
            failures: vec![Failure::Unreadable(bad.message.clone())],
            log: Vec::new(),
            renamed: Vec::new(),
        }
    }

    /// Whether every step applied and every expectation held.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Me => "me",
        Side::Rival => "rival",
    }
}

/// Reads `d12:11` (a die of `side`) or `rival d6:3` (a die of the other player) placed in
/// `side`'s Gig area.
fn parse_gig(side: Side, text: &str) -> Result<DieSpec, RulingSetupError> {
    let bad = |why| RulingSetupError::BadDie {
        side,
        text: text.to_owned(),
        why,
    };
    let (owner, die) = match text.trim().strip_prefix("rival ") {
        Some(rest) => (seat(side).other(), rest.trim()),
        None => (seat(side), text.trim()),
    };
    let (sides, value) = die
        .split_once(':')
        .ok_or_else(|| bad("expected `dN:V`, e.g. `d12:11`"))?;
    let sides = parse_sides(sides).ok_or_else(|| bad("no such die; dice are d4 to d20"))?;
    let value: u64 = value
        .trim()
        .parse()
        .map_err(|_| bad("the value is not a number"))?;
    if value == 0 || value > u64::from(sides) {
        return Err(bad(
            "the value is out of range: a die shows 1 to its number of faces",
        ));
    }
    let value = value as u8;
    Ok(DieSpec {
        owner,
        sides,
        value,
    })
}

/// `d20` → 20, only for the six dice of rule 6.2.
fn parse_sides(text: &str) -> Option<u8> {
    let n: u8 = text.trim().strip_prefix('d')?.parse().ok()?;
    DICE_SIDES.contains(&n).then_some(n)
}

fn spec(pool: &Pool, e: &CardEntry) -> Result<CardSpec, RulingSetupError> {
    let check = |id: &str| {
        if pool.index_of(id).is_some() {
            Ok(())
        } else {
            Err(RulingSetupError::UnknownCard {
                id: id.to_owned(),
                suggestion: gigscript_dsl::diag::suggest(id, pool.ids()).map(str::to_owned),
            })
        }
    };
    check(e.id())?;
    Ok(match e {
        CardEntry::Id(id) => CardSpec::from(id.as_str()),
        CardEntry::Full(s) => {
            for g in &s.gear {
                check(g)?;
            }
            CardSpec {
                id: s.card.clone(),
                spent: s.spent,
                face_up: s.face_up,
                lag: s.lag,
                gear: s.gear.clone(),
            }
        }
    })
}

fn specs(pool: &Pool, list: &Option<Vec<CardEntry>>) -> Result<Vec<CardSpec>, RulingSetupError> {
    list.iter().flatten().map(|e| spec(pool, e)).collect()
}

fn player_setup(
    pool: &Pool,
    side: Side,
    p: &ruling::PlayerSetup,
) -> Result<PlayerSetup, RulingSetupError> {
    let deck = match &p.deck {
        Some(list) => list
            .iter()
            .map(|e| spec(pool, e))
            .collect::<Result<_, _>>()?,
        None => vec![CardSpec::from(FILLER); DEFAULT_DECK_SIZE],
    };
    let eddies = match &p.eddies {
        None => Vec::new(),
        Some(Eddies::Count(n)) if *n > MAX_EDDIES => {
            return Err(RulingSetupError::TooManyEddies(*n))
        }
        Some(Eddies::Count(n)) => vec![CardSpec::from(FILLER); *n as usize],
        Some(Eddies::Cards(list)) => list
            .iter()
            .map(|e| spec(pool, e))
            .collect::<Result<_, _>>()?,
    };
    let gigs = p
        .gigs
        .iter()
        .flatten()
        .map(|g| parse_gig(side, g))
        .collect::<Result<_, _>>()?;
    let fixer = match &p.fixer {
        None => None,
        Some(list) => Some(
            list.iter()
                .map(|d| {
                    parse_sides(d).ok_or_else(|| RulingSetupError::BadDie {
                        side,
                        text: d.clone(),
                        why: "expected a die of the fixer such as `d20`",
                    })
                })
                .collect::<Result<_, _>>()?,
        ),
    };
    Ok(PlayerSetup {
        hand: specs(pool, &p.hand)?,
        field: specs(pool, &p.field)?,
        legends: specs(pool, &p.legends)?,
        eddies,
        deck,
        trash: specs(pool, &p.trash)?,
        removed: specs(pool, &p.removed)?,
        gigs,
        fixer,
    })
}

/// Checks that the rules can reach a player's setup: Legends only in the Legends area, the
/// field (a Legend with a cost, rules 3.11.2, 4.5) or removed (rule 4.4); only Legends in the
/// Legends area (rule 4.3); no Program or unequipped Gear in the field (rules 4.9, 4.14); Gear
/// equipped only to a Unit or a face-up Legend (rules 4.11, 11.6).
fn reachable(pool: &Pool, side: Side, p: &ruling::PlayerSetup) -> Result<(), RulingSetupError> {
    use gigscript_dsl::CardType;
    let facts = |id: &str| pool.index_of(id).map(|i| pool.facts(i));
    let zones: [(&str, &Option<Vec<CardEntry>>); 6] = [
        ("hand", &p.hand),
        ("field", &p.field),
        ("legends", &p.legends),
        ("deck", &p.deck),
        ("trash", &p.trash),
        ("removed", &p.removed),
    ];
    let eddies = match &p.eddies {
        Some(Eddies::Cards(list)) => Some(list.clone()),
        _ => None,
    };
    let all = zones
        .iter()
        .map(|(z, l)| (*z, (*l).clone()))
        .chain(std::iter::once(("eddies", eddies)));
    for (zone, list) in all {
        for (k, e) in list.iter().flatten().enumerate() {
            let key = format!("{}.{zone}[{k}]", side_name(side));
            let unreachable = |why: String| RulingSetupError::Unreachable {
                key: key.clone(),
                why,
            };
            let Some(f) = facts(e.id()) else { continue };
            let id = e.id();
            match (zone, f.kind) {
                ("hand" | "deck" | "trash" | "eddies", CardType::Legend) => {
                    return Err(unreachable(format!(
                        "`{id}` is a Legend; a Legend is only in the Legends area or the field \
                         (rule 4.4), or removed from the game"
                    )))
                }
                ("legends", k) if k != CardType::Legend => {
                    return Err(unreachable(format!(
                        "`{id}` is a {k}; the Legends area holds Legends only (rule 4.3)"
                    )))
                }
                ("field", CardType::Legend) if f.cost.is_none() => {
                    return Err(unreachable(format!(
                        "`{id}` is a Legend without a cost; it can't be played to the field \
                         (rules 3.11.2, 4.5)"
                    )))
                }
                ("field", CardType::Program) => {
                    return Err(unreachable(format!(
                        "`{id}` is a Program; a Program is trashed once it resolves (rule 4.14)"
                    )))
                }
                ("field", CardType::Gear) => {
                    return Err(unreachable(format!(
                        "`{id}` is a Gear; a Gear in play is equipped to a Unit (write it in \
                         that Unit's `gear`)"
                    )))
                }
                _ => {}
            }
            let CardEntry::Full(state) = e else { continue };
            for (g, gear) in state.gear.iter().enumerate() {
                let key = format!("{key}.gear[{g}]");
                let why = match facts(gear).map(|g| g.kind) {
                    Some(CardType::Gear) if f.kind == CardType::Gear => {
                        format!("`{gear}` can't be equipped to `{id}`, a Gear (rule 11.6)")
                    }
                    Some(CardType::Gear) if zone == "legends" && state.face_up != Some(true) => {
                        format!(
                            "`{gear}` can't be equipped to `{id}`, a face-down Legend (rule 11.6)"
                        )
                    }
                    Some(CardType::Gear) | None => continue,
                    Some(k) => format!("`{gear}` is a {k}, not a Gear"),
                };
                return Err(RulingSetupError::Unreachable { key, why });
            }
        }
    }
    Ok(())
}

/// The engine position a ruling describes, with the defaults of the format: "me"'s Main Phase
/// of turn 3 (me went first), 10 filler cards in each deck, every unplaced die in its owner's
/// fixer, Legends face-down.
pub fn ruling_setup(pool: &Pool, r: &Ruling) -> Result<Setup, RulingSetupError> {
    let g = &r.game;
    let phase = match g.phase.as_deref().map(str::trim) {
        None | Some("main") => Phase::Main,
        Some("start") => Phase::Start,
        Some(other) => return Err(RulingSetupError::BadPhase(other.to_owned())),
    };
    let turn_number = g.turn_number.unwrap_or(DEFAULT_TURN);
    let turn = u16::try_from(turn_number)
        .ok()
        .filter(|&t| t >= 1)
        .ok_or(RulingSetupError::BadTurn(turn_number))?;
    reachable(pool, Side::Me, &r.me)?;
    reachable(pool, Side::Rival, &r.rival)?;
    Ok(Setup {
        players: [
            player_setup(pool, Side::Me, &r.me)?,
            player_setup(pool, Side::Rival, &r.rival)?,
        ],
        turn_player: seat(g.turn.unwrap_or(Side::Me)),
        turn,
        phase,
        overtime: g.overtime.unwrap_or(false),
        seed: g.seed.unwrap_or(0),
    })
}

/// Runs a ruling: builds its position, applies its steps, checks its expectations. Never panics;
/// every problem is a [`Failure`] in the report.
pub fn run_ruling(pool: &Arc<Pool>, r: &Ruling) -> RulingReport {
    let mut report = RulingReport {
        name: r.name.clone(),
        rule: r.rule.clone(),
        failures: Vec::new(),
        log: Vec::new(),
        renamed: Vec::new(),
    };
    let expects: Vec<Expect> = r
        .expect
        .iter()
        .filter_map(|line| match Expect::parse(line) {
            Ok(e) => Some(e),
            Err(e) => {
                report.failures.push(Failure::BadExpect(e));
                None
            }
        })
        .collect();
    let game = ruling_setup(pool, r).and_then(|s| {
        Game::from_setup(pool.clone(), &s).map_err(|e| match e {
            SetupError::UnknownCard(id) => RulingSetupError::UnknownCard {
                suggestion: gigscript_dsl::diag::suggest(&id, pool.ids()).map(str::to_owned),
                id,
            },
            e => RulingSetupError::Engine(e),
        })
    });
    let mut game = match game {
        Ok(g) => g,
        Err(e) => {
            report.failures.push(Failure::Setup(e));
            return report;
        }
    };
    let steps_ok = apply_steps(
        &mut game,
        &r.steps,
        &mut report.failures,
        &mut report.renamed,
    );
    report.log = render_log(&game);
    if steps_ok && report.failures.is_empty() {
        for (e, line) in expects.iter().zip(r.expect.iter()) {
            if let Some(now) = renamed_in(&game, e) {
                report
                    .renamed
                    .push(format!("`{}` (now `{now}`)", line.trim()));
            }
            if let Err((expected, actual)) = check(&game, e) {
                report.failures.push(Failure::Expect {
                    line: line.trim().to_owned(),
                    expected,
                    actual,
                });
            }
        }
    }
    report
}

/// The game log in plain words, players named `me` and `rival`.
pub fn render_log(game: &Game) -> Vec<String> {
    game.log()
        .iter()
        .map(|e| game.describe_with(e, &Names::SCENARIO))
        .collect()
}

fn apply_steps(
    game: &mut Game,
    steps: &[String],
    failures: &mut Vec<Failure>,
    renamed: &mut Vec<String>,
) -> bool {
    for (i, step) in steps.iter().enumerate() {
        let index = i + 1;
        let Some(d) = game.decision() else {
            failures.push(Failure::GameOver {
                index,
                step: step.clone(),
            });
            return false;
        };
        let done = if let Some(who) = concession(step, d.player) {
            // Rule 1.16: a player may concede at any point, not only at their own decision.
            game.concede(who)
        } else {
            let labels = game.labels(&d);
            match match_step(step, &labels) {
                Ok(ix) => game.apply(&d.options[ix]),
                // a step written with a label from before a rename (README, "Label changelog")
                Err(error) => match game.old_label_option(&d, step) {
                    Some(ix) => {
                        let now = &labels[ix];
                        renamed.push(format!("step {index} `{step}` (now `{now}`)"));
                        game.apply(&d.options[ix])
                    }
                    // one €$ of a payment, from before paying was one decision
                    None => match game.apply_pay_step(step) {
                        Ok(None) => {
                            failures.push(Failure::Step { index, error });
                            return false;
                        }
                        Ok(Some(pay)) => {
                            renamed.push(match pay {
                                PayStep::One(_) => format!(
                                    "step {index} `{step}` (now one step for the whole payment)"
                                ),
                                PayStep::PaidAutomatically => {
                                    format!("step {index} `{step}` (now paid automatically)")
                                }
                            });
                            Ok(())
                        }
                        Err(e) => Err(e),
                    },
                },
            }
        };
        if let Err(error) = done {
            failures.push(Failure::Engine {
                index,
                step: step.clone(),
                error,
            });
            return false;
        }
    }
    true
}

/// The option's label now, where expectation `e` holds only by a label from before a rename:
/// `decision =` that selects an option so, `options include` that only such a label has.
fn renamed_in(game: &Game, e: &Expect) -> Option<String> {
    let d = game.decision()?;
    let labels = game.labels(&d);
    match e {
        Expect::Decision(step) if match_step(step, &labels).is_err() => {
            let ix = game.old_label_option(&d, step)?;
            Some(labels[ix].clone())
        }
        Expect::Options {
            include: true,
            label,
        } => {
            let has = |l: &String| l.eq_ignore_ascii_case(label.trim()) || words_in_order(label, l);
            if labels.iter().any(has) {
                return None;
            }
            let (ix, _) = game.old_labels(&d).into_iter().find(|(_, l)| has(l))?;
            Some(labels[ix].clone())
        }
        _ => None,
    }
}

/// The player a step makes concede: `me concedes`, `rival concedes`, or `concede` (the player
/// whose decision it is). Not an option label: no label starts with `concede`.
fn concession(step: &str, deciding: PlayerId) -> Option<PlayerId> {
    let words: Vec<String> = step
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    match words.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["concede"] => Some(deciding),
        ["me", "concedes"] => Some(seat(Side::Me)),
        ["rival", "concedes"] => Some(seat(Side::Rival)),
        _ => None,
    }
}

fn zone_of(z: ZoneName) -> Option<Zone> {
    Some(match z {
        ZoneName::Hand => Zone::Hand,
        ZoneName::Deck => Zone::Deck,
        ZoneName::Field => Zone::Field,
        ZoneName::Legends => Zone::Legends,
        ZoneName::Eddies => Zone::Eddies,
        ZoneName::Trash => Zone::Trash,
        ZoneName::Removed => Zone::Removed,
        ZoneName::Gigs | ZoneName::Fixer => return None,
    })
}

fn show(items: &[String]) -> String {
    format!("[{}]", items.join(", "))
}

/// Sort key of a die label (`d12:11`, `rival d6:3`, `d20`), the order of
/// [`Game::gig_labels`]; unreadable labels sort last, as written.
fn die_key(label: &str) -> (u8, u8, bool, String) {
    let t = label.trim();
    let (rival, die) = match t.strip_prefix("rival ") {
        Some(rest) => (true, rest.trim()),
        None => (false, t),
    };
    let (sides, value) = die.split_once(':').unwrap_or((die, "0"));
    match (parse_sides(sides), value.trim().parse()) {
        (Some(s), Ok(v)) => (s, v, rival, String::new()),
        _ => (u8::MAX, u8::MAX, rival, t.to_owned()),
    }
}

fn dice_of(game: &Game, p: PlayerId, z: ZoneName) -> Vec<String> {
    if z == ZoneName::Gigs {
        game.gig_labels(p)
    } else {
        game.fixer_labels(p)
    }
}

/// The instances an expectation names, in play first (field, then Legends area, with Gear on
/// them), else wherever they are.
fn named(game: &Game, c: &CardName) -> Vec<crate::state::InstId> {
    let st = game.state();
    let all: Vec<_> = (0..st.instances.len())
        .map(|i| crate::state::InstId(i as u16))
        .filter(|&i| game.card_id(i) == c.id)
        .filter(|&i| {
            c.side
                .is_none_or(|s| game.inst(i).is_some_and(|x| x.controller == seat(s)))
        })
        .collect();
    let in_play: Vec<_> = all
        .iter()
        .copied()
        .filter(|&i| game.inst(i).is_some_and(|x| x.zone.keeps_gear()))
        .collect();
    if in_play.is_empty() {
        all
    } else {
        in_play
    }
}

/// One value shared by every named instance, or a failure naming them.
fn one_value<T: PartialEq + fmt::Display>(
    game: &Game,
    c: &CardName,
    value: impl Fn(crate::state::InstId) -> T,
) -> Result<T, String> {
    let found = named(game, c);
    let Some(&first) = found.first() else {
        return Err(format!("no `{}` in the game", c.id));
    };
    let v = value(first);
    if found.iter().all(|&i| value(i) == v) {
        Ok(v)
    } else {
        let vals: Vec<String> = found.iter().map(|&i| value(i).to_string()).collect();
        Err(format!(
            "several copies that differ ({}); name the player (`me {id}`/`rival {id}`)",
            vals.join(", "),
            id = c.id
        ))
    }
}

/// Checks one expectation: `Err((expected, actual))` when it does not hold.
fn check(game: &Game, e: &Expect) -> Result<(), (String, String)> {
    match e {
        Expect::Zone { side, zone, items } => {
            let p = seat(*side);
            match zone_of(*zone) {
                Some(z) => {
                    let actual: Vec<String> =
                        game.zone_ids(p, z).into_iter().map(str::to_owned).collect();
                    if &actual == items {
                        Ok(())
                    } else {
                        Err((show(items), show(&actual)))
                    }
                }
                None => {
                    let actual = dice_of(game, p, *zone);
                    let mut want = items.clone();
                    want.sort_by_key(|l| die_key(l));
                    let mut got = actual.clone();
                    got.sort_by_key(|l| die_key(l));
                    if want == got {
                        Ok(())
                    } else {
                        Err((show(items), show(&actual)))
                    }
                }
            }
        }
        Expect::Count { side, zone, count } => {
            let p = seat(*side);
            let n = match zone_of(*zone) {
                Some(z) => game.zone(p, z).len(),
                None => dice_of(game, p, *zone).len(),
            };
            if n == *count {
                Ok(())
            } else {
                Err((count.to_string(), n.to_string()))
            }
        }
        Expect::In { card, zone } => {
            let want = format!("`{}` in {}", card.id, zone.as_str());
            let found = named(game, card);
            let zones: Vec<String> = found
                .iter()
                .filter_map(|&i| game.inst(i))
                .map(|x| x.zone.as_str().to_owned())
                .collect();
            let hit = match zone_of(*zone) {
                Some(z) => found
                    .iter()
                    .filter_map(|&i| game.inst(i))
                    .any(|x| x.zone == z),
                None => false,
            };
            match (hit, zones.is_empty()) {
                (true, _) => Ok(()),
                (false, true) => Err((want, "no such card in the game".into())),
                (false, false) => Err((want, format!("it is in {}", zones.join(", ")))),
            }
        }
        Expect::Power { card, power } => {
            let v = one_value(game, card, |i| i64::from(game.power(i)))
                .map_err(|m| (format!("power {power}"), m))?;
            if v == *power {
                Ok(())
            } else {
                Err((format!("power {power}"), format!("power {v}")))
            }
        }
        Expect::Spent { card, spent } => {
            let word = |s: bool| if s { "spent" } else { "ready" };
            let v = one_value(game, card, |i| word(game.inst(i).is_some_and(|x| x.spent)))
                .map_err(|m| (word(*spent).to_owned(), m))?;
            if v == word(*spent) {
                Ok(())
            } else {
                Err((word(*spent).to_owned(), v.to_owned()))
            }
        }
        Expect::StreetCred { side, value } => {
            let show = |v: Option<i64>| v.map_or("null".to_owned(), |n| n.to_string());
            let got = game.street_cred(seat(*side)).map(i64::from);
            if got == *value {
                Ok(())
            } else {
                Err((show(*value), show(got)))
            }
        }
        Expect::Winner(w) => {
            let got = match game.outcome() {
                None => WinnerName::None,
                Some(Outcome::Tie) => WinnerName::Tie,
                Some(Outcome::Winner(p)) if p == seat(Side::Me) => WinnerName::Me,
                Some(Outcome::Winner(_)) => WinnerName::Rival,
            };
            let show = |w: WinnerName| match w {
                WinnerName::Me => "me",
                WinnerName::Rival => "rival",
                WinnerName::Tie => "tie",
                WinnerName::None => "none (the game goes on)",
            };
            if got == *w {
                Ok(())
            } else {
                Err((show(*w).to_owned(), show(got).to_owned()))
            }
        }
        Expect::Decision(step) => {
            let Some(d) = game.decision() else {
                return Err((
                    format!("a decision with `{step}`"),
                    "the game is over".into(),
                ));
            };
            let labels = game.labels(&d);
            match match_step(step, &labels) {
                Ok(_) => Ok(()),
                Err(_) if game.old_label_option(&d, step).is_some() => Ok(()),
                Err(e) => Err((format!("a decision with `{step}`"), decision_text(e))),
            }
        }
        Expect::Options { include, label } => {
            let labels = game.decision().map(|d| game.labels(&d)).unwrap_or_default();
            // A label from before a rename still counts (README, "Label changelog"), so an
            // `exclude` written with it is not passed by the rename alone.
            let old: Vec<String> = (game.decision().iter())
                .flat_map(|d| game.old_labels(d))
                .map(|(_, l)| l)
                .collect();
            let any = labels
                .iter()
                .chain(&old)
                .any(|l| l.eq_ignore_ascii_case(label.trim()) || words_in_order(label, l));
            if any == *include {
                Ok(())
            } else {
                let verb = if *include { "include" } else { "exclude" };
                Err((
                    format!("options that {verb} `{label}`"),
                    if labels.is_empty() {
                        "no decision (the game is over)".into()
                    } else {
                        show(&labels)
                    },
                ))
            }
        }
    }
}

fn decision_text(e: StepError) -> String {
    match e {
        StepError::Blank => e.to_string(),
        StepError::NoMatch { available, .. } => format!("options {}", show(&available)),
        StepError::Ambiguous { matching, .. } => {
            format!("several matching options {}", show(&matching))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_are_read_strictly() {
        assert_eq!(
            parse_gig(Side::Me, "rival d6:3").unwrap(),
            DieSpec {
                owner: PlayerId(1),
                sides: 6,
                value: 3
            }
        );
        for bad in ["d7:3", "d6:9", "d6:0", "d6", "six:3", "d6:x"] {
            assert!(
                matches!(
                    parse_gig(Side::Me, bad),
                    Err(RulingSetupError::BadDie { .. })
                ),
                "{bad}"
            );
        }
    }

    #[test]
    fn die_labels_sort_like_the_gig_area() {
        let mut v = vec!["d12:11", "rival d4:2", "d4:2", "d4:1"];
        v.sort_by_key(|l| die_key(l));
        assert_eq!(v, ["d4:1", "d4:2", "rival d4:2", "d12:11"]);
    }
}
