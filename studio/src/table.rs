//! A game on the table: a ruling's position played step by step, or a game against the greedy
//! bot; its board as each player may see it, the labels of the current decision, the log.

use crate::adapter::Catalogue;
use gigscript_dsl::ruling::{Ruling, RulingsFile};
use gigscript_dsl::Sources;
use gigscript_engine::scenario::step::match_step;
use gigscript_engine::scenario::{render_log, ruling_setup, run_ruling};
use gigscript_engine::view::{SeenCard, SeenDie, SeenLegend, SeenUnit};
use gigscript_engine::{Bot, DeckList, Game, GreedyBot, Outcome, PlayerId, Pool};
use serde::Serialize;
use std::sync::Arc;

/// Most decisions a game on the table takes (a guard: games end far sooner).
pub const MAX_DECISIONS: usize = 20_000;

/// A game in progress.
pub struct Table {
    game: Game,
    /// the ruling played, and how many of its steps have been applied
    ruling: Option<(Ruling, usize)>,
    /// against the bot: the seat the person plays (the bot has the other)
    human: Option<PlayerId>,
    decisions: usize,
}

/// A card on the board.
#[derive(Clone, Debug, Serialize)]
pub struct BoardCard {
    /// the card's id (`None` for a card face-down to the viewer)
    pub id: Option<String>,
    /// its name
    pub name: String,
    /// current power, for a Unit or face-up Legend
    pub power: Option<i32>,
    /// spent rather than ready
    pub spent: bool,
    /// face-down (a Legend)
    pub face_down: bool,
    /// equipped Gear
    pub gear: Vec<BoardCard>,
}

/// A Gig die.
#[derive(Clone, Debug, Serialize)]
pub struct BoardDie {
    /// `d12`
    pub die: String,
    /// its value
    pub value: u8,
    /// brought by the other player
    pub rival_owned: bool,
}

/// One side of the board.
#[derive(Clone, Debug, Serialize)]
pub struct BoardSide {
    /// `me`/`rival`, or `you`/`bot`
    pub name: String,
    /// the hand, when it may be seen
    pub hand: Option<Vec<BoardCard>>,
    /// cards in hand
    pub hand_size: usize,
    /// cards in the deck
    pub deck_size: usize,
    /// the field
    pub field: Vec<BoardCard>,
    /// the Legends area, left to right
    pub legends: Vec<BoardCard>,
    /// ready Eddies
    pub eddies_ready: usize,
    /// spent Eddies
    pub eddies_spent: usize,
    /// the Gig area
    pub gigs: Vec<BoardDie>,
    /// the fixer area
    pub fixer: Vec<BoardDie>,
    /// the trash, top last
    pub trash: Vec<BoardCard>,
    /// Street Cred
    pub street_cred: Option<u32>,
}

/// The whole board.
#[derive(Clone, Debug, Serialize)]
pub struct Board {
    /// the game turn
    pub turn: u16,
    /// whose turn (0 or 1)
    pub turn_player: usize,
    /// the phase, in words
    pub phase: String,
    /// who decides now (0 or 1), if anyone
    pub decider: Option<usize>,
    /// the options of the current decision, when the viewer may see them
    pub options: Vec<String>,
    /// the result, once over
    pub outcome: Option<String>,
    /// side 0 then side 1
    pub sides: [BoardSide; 2],
    /// the ruling's steps and how many were applied, for a ruling
    pub steps: Option<(Vec<String>, usize)>,
}

fn card(pool: &Pool, c: SeenCard) -> BoardCard {
    BoardCard {
        id: Some(pool.id(c.card).to_string()),
        name: pool.name(c.card).to_string(),
        power: None,
        spent: false,
        face_down: false,
        gear: Vec::new(),
    }
}

fn unit(pool: &Pool, u: &SeenUnit) -> BoardCard {
    BoardCard {
        power: Some(u.power),
        spent: u.spent,
        gear: u.gear.iter().map(|g| card(pool, *g)).collect(),
        ..card(pool, u.card)
    }
}

fn die(owner: PlayerId, d: &SeenDie) -> BoardDie {
    BoardDie {
        die: format!("d{}", d.sides),
        value: d.value,
        rival_owned: d.owner != owner,
    }
}

impl Table {
    /// The position of ruling `index` of a card (or of the rulings file text `rulings`, when
    /// `card` is empty), ready for its first step.
    pub fn from_card_ruling(cat: &Catalogue, card: &str, index: usize) -> Result<Table, String> {
        let info = cat.card(card).ok_or_else(|| format!("no card `{card}`"))?;
        let file = cat
            .ruling_of(&info.id, index)
            .ok_or_else(|| format!("`{card}` has no ruling {}", index + 1))?;
        Table::from_ruling_with(cat.pool().clone(), &file)
    }

    /// The position of the first ruling of a rulings file text.
    pub fn from_rulings_text(cat: &Catalogue, text: &str, index: usize) -> Result<Table, String> {
        let list = RulingsFile::parse_each(text)?;
        let r = list
            .into_iter()
            .nth(index)
            .ok_or_else(|| format!("no ruling {}", index + 1))?
            .map_err(|b| b.to_string())?;
        Table::from_ruling_with(cat.pool().clone(), &r)
    }

    pub(crate) fn from_ruling_with(pool: Arc<Pool>, r: &Ruling) -> Result<Table, String> {
        let setup = ruling_setup(&pool, r).map_err(|e| format!("setup: {e}"))?;
        let game = Game::from_setup(pool, &setup).map_err(|e| format!("setup: {e}"))?;
        Ok(Table {
            game,
            ruling: Some((r.clone(), 0)),
            human: None,
            decisions: 0,
        })
    }

    /// A game of two deck files' texts, the person with the first against the greedy bot.
    pub fn versus_bot(cat: &Catalogue, mine: &str, bots: &str, seed: u64) -> Result<Table, String> {
        let deck = |text: &str, name: &str| -> Result<DeckList, String> {
            let mut sources = Sources::new();
            let file = sources.add(name, text);
            let d = gigscript_dsl::deck::parse_deck(&sources, file)
                .map_err(|e| format!("{name}: {}", e.message))?;
            Ok(DeckList::from_deck(&d))
        };
        let (a, b) = (deck(mine, "your deck")?, deck(bots, "the bot's deck")?);
        let game = Game::new(cat.pool().clone(), [&a, &b], seed).map_err(|e| e.to_string())?;
        Ok(Table {
            game,
            ruling: None,
            human: Some(PlayerId(0)),
            decisions: 0,
        })
    }

    /// Who decides now (0 or 1), if the game goes on.
    pub fn decider(&self) -> Option<usize> {
        self.game.decision_ref().map(|d| d.player.ix())
    }

    /// Whether the person decides now (against the bot: their seat; a ruling: always).
    pub fn persons_turn(&self) -> bool {
        match (self.human, self.game.decision_ref()) {
            (_, None) => false,
            (None, Some(_)) => true,
            (Some(h), Some(d)) => d.player == h,
        }
    }

    /// The labels of the current decision's options.
    pub fn labels(&self) -> Vec<String> {
        match self.game.decision_ref() {
            Some(d) => self.game.labels(d),
            None => Vec::new(),
        }
    }

    fn count(&mut self) -> Result<(), String> {
        self.decisions += 1;
        if self.decisions > MAX_DECISIONS {
            return Err(format!(
                "more than {MAX_DECISIONS} decisions: the game is stopped"
            ));
        }
        Ok(())
    }

    /// Takes option `ix` of the current decision.
    pub fn choose(&mut self, ix: usize) -> Result<(), String> {
        if self.game.decision_ref().is_none() {
            return Err("the game is over".into());
        }
        self.count()?;
        self.game.apply_index(ix).map_err(|e| e.to_string())
    }

    /// Takes the option a step names (its label, or its words in order, as rulings write
    /// steps); `me concedes`, `rival concedes` and `concede` concede (rule 1.16).
    pub fn choose_label(&mut self, step: &str) -> Result<(), String> {
        let Some(d) = self.game.decision_ref() else {
            return Err(format!("`{step}`: the game is already over"));
        };
        let decider = d.player;
        let words: Vec<String> = step.split_whitespace().map(str::to_lowercase).collect();
        let who = match words.iter().map(String::as_str).collect::<Vec<_>>()[..] {
            ["concede"] => Some(decider),
            ["me", "concedes"] => Some(PlayerId(0)),
            ["rival", "concedes"] => Some(PlayerId(1)),
            _ => None,
        };
        if let Some(p) = who {
            self.count()?;
            return self.game.concede(p).map_err(|e| e.to_string());
        }
        let labels = self.labels();
        let ix = match_step(step, &labels).map_err(|e| format!("`{step}`: {e}"))?;
        self.choose(ix)
    }

    /// Applies the ruling's next step; `Ok(false)` when every step has been applied.
    pub fn next_step(&mut self) -> Result<bool, String> {
        let Some((r, done)) = &self.ruling else {
            return Err("not a ruling".into());
        };
        let Some(step) = r.steps.get(*done).cloned() else {
            return Ok(false);
        };
        self.choose_label(&step)?;
        if let Some((_, done)) = &mut self.ruling {
            *done += 1;
        }
        Ok(true)
    }

    /// The ruling's report once its steps are done: `passes`, or why not.
    pub fn verdict(&self) -> Option<String> {
        let (r, done) = self.ruling.as_ref()?;
        if *done < r.steps.len() {
            return None;
        }
        let report = run_ruling(self.game.pool(), r);
        Some(if report.passed() {
            format!("the ruling passes ({} expectations hold)", r.expect.len())
        } else {
            let why: Vec<String> = report.failures.iter().map(|f| f.to_string()).collect();
            format!("the ruling fails: {}", why.join("; "))
        })
    }

    /// The bot takes the current decision (the greedy bot, for whichever player decides);
    /// `Ok(false)` once the game is over.
    pub fn bot_move(&mut self) -> Result<bool, String> {
        let Some(d) = self.game.decision_ref() else {
            return Ok(false);
        };
        let p = d.player;
        let ix = {
            let view = self.game.view(p);
            let options = view.decision().map_or(&[][..], |(_, o)| o);
            GreedyBot.choose(&view, options)
        };
        self.choose(ix)?;
        Ok(true)
    }

    /// The log: every line for a ruling (players `me` and `rival`); against the bot, as the
    /// person may see it.
    pub fn log(&self) -> Vec<String> {
        match self.human {
            None => render_log(&self.game),
            Some(h) => {
                let view = self.game.view(h);
                self.game.log().iter().map(|e| view.describe(e)).collect()
            }
        }
    }

    /// The board: for a ruling, each side as its own player sees it (both hands); against the
    /// bot, as the person sees it.
    pub fn board(&self) -> Board {
        let pool = self.game.pool().clone();
        let names = match self.human {
            None => ["me", "rival"],
            Some(_) => ["you", "bot"],
        };
        let side = |p: PlayerId| {
            let viewer = self.human.unwrap_or(p);
            let view = self.game.view(viewer);
            let s = view.side(p);
            BoardSide {
                name: names[p.ix()].to_string(),
                hand: s
                    .hand
                    .as_ref()
                    .map(|h| h.iter().map(|c| card(&pool, *c)).collect()),
                hand_size: s.hand_size,
                deck_size: s.deck_size,
                field: s.field.iter().map(|u| unit(&pool, u)).collect(),
                legends: s
                    .legends
                    .iter()
                    .map(|l| match l {
                        SeenLegend::FaceUp(u) => unit(&pool, u),
                        SeenLegend::FaceDown {
                            position,
                            spent,
                            known,
                        } => BoardCard {
                            id: known.map(|k| pool.id(k.card).to_string()),
                            name: known.map_or(format!("legend {position}"), |k| {
                                pool.name(k.card).to_string()
                            }),
                            power: None,
                            spent: *spent,
                            face_down: true,
                            gear: Vec::new(),
                        },
                    })
                    .collect(),
                eddies_ready: s.eddies_ready,
                eddies_spent: s.eddies_spent,
                gigs: s.gigs.iter().map(|d| die(p, d)).collect(),
                fixer: s.fixer.iter().map(|d| die(p, d)).collect(),
                trash: s.trash.iter().map(|c| card(&pool, *c)).collect(),
                street_cred: self.game.street_cred(p),
            }
        };
        let view = self.game.view(PlayerId(0));
        let options = if self.persons_turn() {
            self.labels()
        } else {
            Vec::new()
        };
        Board {
            turn: view.turn(),
            turn_player: view.turn_player().ix(),
            phase: format!("{:?}", view.phase()).to_lowercase(),
            decider: self.decider(),
            options,
            outcome: self.game.outcome().map(|o| match (o, self.human) {
                (Outcome::Tie, _) => "a tie".to_string(),
                (Outcome::Winner(w), Some(h)) if w == h => "you win".to_string(),
                (Outcome::Winner(_), Some(_)) => "the bot wins".to_string(),
                (Outcome::Winner(w), None) => format!("{} wins", names[w.ix()]),
            }),
            sides: [side(PlayerId(0)), side(PlayerId(1))],
            steps: self.ruling.as_ref().map(|(r, n)| (r.steps.clone(), *n)),
        }
    }
}

impl Catalogue {
    /// Ruling `index` of a card of the pool.
    pub fn ruling_of(&self, id: &str, index: usize) -> Option<Ruling> {
        self.card_rulings(id)?.into_iter().nth(index)
    }
}
