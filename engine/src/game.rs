//! The public face of the engine: a [`Game`] of a shared card [`Pool`] and a [`State`], the
//! decision API (`decision`, `apply`, `label`), the log, and accessors for scenario checks.

use crate::decision::{Choice, Decision, DecisionKind, PayStep};
use crate::error::{EngineError, SetupError};
use crate::log::LogEntry;
use crate::pool::Pool;
use crate::state::{
    DeckList, DieArea, Duration, Frame, InstId, Instance, Outcome, PersistentEffect, PlayerId,
    Replacement, Setup, State, Trigger, Zone,
};
use gigscript_dsl::Keyword;
use std::sync::Arc;

/// Most automatic steps the engine takes between two decisions before giving up with
/// [`EngineError::LimitExceeded`] (a guard against rules loops).
pub const MAX_AUTO_STEPS: usize = 100_000;
/// Most effects that may be pending at once (rule 10.11).
pub const MAX_PENDING: usize = 256;
/// Most persistent effects, triggers or replacement effects of each kind at once.
pub const MAX_EFFECTS: usize = 4096;

/// Why stepping stopped early: the game ended (not an error) or something went wrong.
#[derive(Debug)]
pub(crate) enum Stop {
    /// the game is over (rules 1.13, 1.17): stop at once, even mid-action
    Over,
    /// an error: the caller restores the state (boxed: a step's result is then two words,
    /// returned in registers, and errors are rare)
    Err(Box<EngineError>),
}

impl From<EngineError> for Stop {
    #[cold]
    fn from(e: EngineError) -> Self {
        Stop::Err(Box::new(e))
    }
}

/// Result of an internal step.
pub(crate) type Flow = Result<(), Stop>;

/// A game: the shared card facts and the state, plus the log of what happened.
///
/// The log lives beside the state (not in it) so that cloning a state, as bots and searches do,
/// never copies the history.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) pool: Arc<Pool>,
    pub(crate) state: State,
    pub(crate) log: Vec<LogEntry>,
    /// scratch copy of the state taken before each change, restored on error (made by the
    /// first change with rollback on)
    backup: Option<Box<State>>,
    /// the decision the game stopped at, computed once per change (see [`Game::decision_ref`])
    pub(crate) cached: Option<Decision>,
    /// whether choices are written to the log (off for fast headless games)
    pub(crate) log_choices: bool,
    /// whether events are written to the log (off in a copy of the game tried for an option,
    /// whose log no one reads)
    pub(crate) log_events: bool,
    /// €$ paid automatically (a single way to pay) since the last choice: a step written
    /// before paying was one decision still names each of them ([`Game::apply_pay_step`])
    pub(crate) auto_paid: u8,
    /// whether a failed change is undone (off for headless games dropped at their first error)
    rollback: bool,
    /// a change failed with rollback off: the state is half-changed and the game is over for
    /// its host
    abandoned: bool,
    /// what the game read once from its cards (shared with the game's copies)
    pub(crate) tables: Tables,
    /// how deep card text's statements are reading statements now (not state)
    pub(crate) text_depth: std::cell::Cell<u8>,
    /// how many copies deep this game is, each made to try an order of pending effects (not
    /// state)
    pub(crate) sim_depth: u8,
    /// the static statements in force while a decision is computed (not state)
    pub(crate) core_memo: std::cell::RefCell<crate::exec::Memo>,
    /// room for the happenings of one event, reused (not state)
    pub(crate) happened: Vec<crate::state::Happened>,
    /// room for the cards an event may trigger and the abilities it triggers, reused (not
    /// state)
    pub(crate) watchers: Vec<(InstId, PlayerId)>,
    pub(crate) found: Vec<(InstId, PlayerId, u16, crate::exec::Binds)>,
}

/// What a game reads once from its cards ([`CardTables::of`]), to be shared by the games of
/// the same cards ([`Game::from_state_with`]).
#[derive(Clone, Debug)]
pub struct CardTables(Tables);

impl CardTables {
    /// What a game of `state` reads from its cards.
    pub fn of(pool: &Pool, state: &State) -> CardTables {
        CardTables(Tables::of(pool, state))
    }
}

/// What a game reads once from its cards: a game's instances are made at setup, once, so
/// these never change; they are derived from the state, never saved.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    /// the card of each instance
    cards: Arc<[crate::pool::CardIdx]>,
    /// the kinds of card text the cards have (fast paths for the others)
    pub(crate) kinds: crate::pool::TextKinds,
    /// the instances whose card has a static ability
    pub(crate) statics_at: Arc<[InstId]>,
    /// the Gear
    pub(crate) gear_at: Arc<[InstId]>,
    /// the kinds of happening each instance's card listens for (`CoreText::listens`), by
    /// instance
    pub(crate) listens_at: Arc<[u32]>,
    /// the instances whose card has an `At the start/end of … turn` ability
    pub(crate) turn_at: Arc<[InstId]>,
    /// whether each instance's card has an activated ability, by instance
    pub(crate) activates_at: Arc<[bool]>,
    /// the copies of each instance, by instance: instances of one card and one owner share a
    /// number below 64 (two or more sets of copies may share one), an instance with no copy
    /// has [`NO_COPY`]; only copies can be interchangeable (`Game::interchangeable`)
    pub(crate) copies_at: Arc<[u8]>,
    /// whether the Main Phase may offer the options that come out the same too rarely to try
    /// every option for (`Game::main_twins`): a card of the game has an ability that plays a
    /// card, or a card with an activated ability has two or more instances
    pub(crate) main_twins: bool,
}

impl Tables {
    fn of(pool: &Pool, state: &State) -> Tables {
        let kinds = pool.kinds_of(state.instances.iter().map(|x| x.card));
        let insts = |f: &dyn Fn(&crate::state::Instance) -> bool| -> Arc<[InstId]> {
            (state.instances.iter().enumerate())
                .filter(|(_, x)| f(x))
                .map(|(k, _)| InstId(k as u16))
                .collect()
        };
        Tables {
            cards: state.instances.iter().map(|x| x.card).collect(),
            kinds,
            statics_at: insts(&|x| pool.has_statics(x.card)),
            // Only a Gear is ever equipped (rule 11.6); a scenario may have set one up already.
            gear_at: insts(&|x| {
                pool.facts(x.card).kind == gigscript_dsl::CardType::Gear || x.equipped_to.is_some()
            }),
            listens_at: (state.instances.iter())
                .map(|x| pool.core(x.card).map_or(0, |t| t.listens))
                .collect(),
            turn_at: insts(&|x| pool.core(x.card).is_some_and(|t| !t.turn.is_empty())),
            activates_at: (state.instances.iter())
                .map(|x| pool.core(x.card).is_some_and(|t| !t.activated.is_empty()))
                .collect(),
            copies_at: {
                let key = |x: &crate::state::Instance| (x.card.0, x.owner.0);
                let mut sorted: Vec<_> = state.instances.iter().map(key).collect();
                sorted.sort_unstable();
                // The sets of two or more instances of one card and owner, numbered in order.
                let mut sets: Vec<_> = (sorted.windows(2))
                    .filter(|w| w[0] == w[1])
                    .map(|w| w[0])
                    .collect();
                sets.dedup();
                (state.instances.iter())
                    .map(|x| match sets.binary_search(&key(x)) {
                        Ok(n) => (n % 64) as u8,
                        Err(_) => NO_COPY,
                    })
                    .collect()
            },
            main_twins: {
                let core = |x: &crate::state::Instance| pool.core(x.card);
                let plays =
                    (state.instances.iter()).any(|x| core(x).is_some_and(|t| !t.plays.is_empty()));
                let mut activated: Vec<_> = (state.instances.iter())
                    .filter(|x| core(x).is_some_and(|t| !t.activated.is_empty()))
                    .map(|x| x.card)
                    .collect();
                activated.sort_unstable();
                plays || activated.windows(2).any(|w| w[0] == w[1])
            },
        }
    }
}

/// The set of copies of an instance that has none ([`Tables::copies_at`]).
pub(crate) const NO_COPY: u8 = u8::MAX;

/// The log entries a new game has room for before its log grows.
const LOG_ROOM: usize = 512;

impl Game {
    /// A new game between two decks, stopped at its first decision (the go-first choice).
    pub fn new(pool: Arc<Pool>, decks: [&DeckList; 2], seed: u64) -> Result<Game, SetupError> {
        let state = State::new_game(&pool, decks, seed)?;
        Ok(Game::from_state(pool, state))
    }

    /// A game at a position built from plain data (for scenarios).
    pub fn from_setup(pool: Arc<Pool>, setup: &Setup) -> Result<Game, SetupError> {
        let state = State::from_setup(&pool, setup)?;
        Ok(Game::from_state(pool, state))
    }

    /// A game resumed from a state (e.g. one deserialised), with an empty log. The engine steps
    /// any automatic steps until the first decision.
    pub fn from_state(pool: Arc<Pool>, state: State) -> Game {
        let tables = Tables::of(&pool, &state);
        Game::from_tables(pool, state, tables)
    }

    /// [`Game::from_state`] for a state of the same cards as the game `tables` were read from,
    /// as a reseeded copy of one template is (`gig sim`): they are not read again. A state of
    /// other cards, or with Gear equipped, is read as [`Game::from_state`] reads it.
    pub fn from_state_with(pool: Arc<Pool>, state: State, tables: &CardTables) -> Game {
        let t = &tables.0;
        let same = (t.cards.len() == state.instances.len())
            && (t.cards.iter().zip(&state.instances))
                .all(|(&c, x)| c == x.card && x.equipped_to.is_none());
        let tables = match same {
            true => t.clone(),
            false => Tables::of(&pool, &state),
        };
        Game::from_tables(pool, state, tables)
    }

    fn from_tables(pool: Arc<Pool>, state: State, tables: Tables) -> Game {
        let mut g = Game {
            tables,
            pool,
            state,
            // A game's log holds a few hundred entries: room for them at once.
            log: Vec::with_capacity(LOG_ROOM),
            backup: None,
            cached: None,
            log_choices: true,
            log_events: true,
            auto_paid: 0,
            rollback: true,
            abandoned: false,
            text_depth: Default::default(),
            sim_depth: 0,
            happened: Vec::new(),
            watchers: Vec::new(),
            found: Vec::new(),
            core_memo: Default::default(),
        };
        // Rule 1.8: the game checks its state first (in overtime, 7 Gigs wins at once). A state
        // that can't advance is kept as given; `decision` reports what it can.
        let _ = g.guarded(|g| {
            if g.state.outcome.is_none() {
                g.check_outcome()?;
            }
            g.advance()
        });
        g.invalidate();
        g
    }

    /// What card text says, as the rules ask it ([`crate::rules::CardText`]): the executor of
    /// the lowered core. It is named here only, so that the rules' calls into card text are
    /// direct, and their quick answers inlined, rather than made through a table of functions.
    pub(crate) fn text(&self) -> &'static crate::exec::Core {
        &crate::exec::Core
    }

    /// A copy of the game without its log, writing no labels, to try a choice on.
    pub(crate) fn sandbox(&self) -> Game {
        Game {
            pool: self.pool.clone(),
            state: self.state.clone(),
            // A copy's log would be read by no one: it logs nothing.
            log: Vec::new(),
            backup: None,
            cached: None,
            log_choices: false,
            log_events: false,
            auto_paid: 0,
            rollback: self.rollback,
            abandoned: self.abandoned,
            tables: self.tables.clone(),
            text_depth: Default::default(),
            sim_depth: self.sim_depth,
            core_memo: Default::default(),
            happened: Vec::new(),
            watchers: Vec::new(),
            found: Vec::new(),
        }
    }

    /// Whether choices are written to the log (default on). Off, the log holds only events and
    /// no option label is ever formatted: the fast path for headless games, whose choices are
    /// counted by the caller. Replays and saves need it on.
    pub fn set_log_choices(&mut self, on: bool) {
        self.log_choices = on;
    }

    /// Whether a change that fails is undone (default on: rule 11.4.1.2, an error leaves the
    /// state as it was). A host that drops a game at its first error, as `gig sim` does, may
    /// turn it off to skip the copy of the state each change takes. A failed change then
    /// leaves the game abandoned: no decision, and every later change fails. An illegal or
    /// stale choice is refused before anything changes, either way.
    pub fn set_rollback(&mut self, on: bool) {
        self.rollback = on;
    }

    /// Refuses every change once the game is abandoned ([`Game::set_rollback`]).
    fn usable(&self) -> Result<(), EngineError> {
        match self.abandoned {
            true => Err(EngineError::Abandoned),
            false => Ok(()),
        }
    }

    /// The current decision without recomputing it (computed once after each change), or
    /// `None` when the game is over. Same value as [`Game::decision`].
    pub fn decision_ref(&self) -> Option<&Decision> {
        self.cached.as_ref()
    }

    /// Applies option `ix` of the current decision (as [`Game::decision_ref`] lists them):
    /// the fast path for bots, which choose by index. Same guarantees as [`Game::apply`].
    pub fn apply_index(&mut self, ix: usize) -> Result<(), EngineError> {
        self.usable()?;
        let Some(d) = self.cached.take() else {
            return Err(EngineError::GameOver);
        };
        if ix >= d.options.len() {
            self.cached = Some(d);
            return Err(EngineError::IllegalChoice);
        }
        let r = self.apply_option(&d, ix);
        if r.is_err() && !self.abandoned {
            self.cached = Some(d);
        }
        r
    }

    /// Recomputes the cached decision after the state was changed directly.
    pub(crate) fn invalidate(&mut self) {
        self.cached = match self.abandoned {
            true => None,
            false => self.current_decision(),
        };
    }

    /// The Gear equipped to `host`, in instance order ([`State::gear_of`] for the hot paths).
    pub(crate) fn gear_on(&self, host: InstId) -> impl Iterator<Item = InstId> + '_ {
        (self.tables.gear_at.iter().copied()).filter(move |&g| {
            self.state
                .inst(g)
                .is_some_and(|x| x.equipped_to == Some(host))
        })
    }

    /// Each Gear equipped now, with its host, in instance order: one pass over the Gear for a
    /// loop over many hosts (instead of [`Game::gear_on`] for each).
    pub(crate) fn equipped(&self) -> impl Iterator<Item = (InstId, InstId)> + '_ {
        (self.tables.gear_at.iter().copied())
            .filter_map(|g| Some((g, self.state.inst(g)?.equipped_to?)))
    }

    /// The card pool.
    pub fn pool(&self) -> &Arc<Pool> {
        &self.pool
    }

    /// The state.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The log so far.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// Why the game ended, one reason per player who won or lost (rules 1.10–1.16), each
    /// naming the player as `names` does (`the bot has 7 Gigs`, `you have 7 Gigs`); empty while
    /// the game goes on.
    pub fn outcome_reasons(&self, names: &crate::log::Names<'_>) -> Vec<String> {
        let st = &self.state;
        if st.outcome.is_none() {
            return Vec::new();
        }
        let name = |p: PlayerId| names.who[p.ix()];
        let mut out = Vec::new();
        for p in PlayerId::BOTH {
            if st.won[p.ix()] {
                let gigs = st.gig_count(p);
                out.push(if gigs >= crate::rules::GIGS_TO_WIN {
                    format!(
                        "{} {} {gigs} Gigs (rule {})",
                        name(p),
                        names.verb(p, "has", "have"),
                        if st.overtime { "1.11" } else { "1.10" }
                    )
                } else {
                    let v = names.verb(p, "wins", "win");
                    format!("{} {v} by a card's effect (rule 1.12)", name(p))
                });
            }
            if st.lost[p.ix()] {
                let drew = self
                    .log
                    .iter()
                    .any(|e| matches!(e, LogEntry::Event(crate::log::Event::DrewFromEmpty(q)) if *q == p));
                let conceded = self.log.iter().any(|e| {
                    matches!(e, LogEntry::Choice { player, label, .. } if *player == p && label == "concede")
                });
                out.push(if conceded {
                    format!("{} conceded (rule 1.16)", name(p))
                } else if drew {
                    format!("{} had to draw from an empty deck (rule 1.14)", name(p))
                } else {
                    let v = names.verb(p, "loses", "lose");
                    format!("{} {v} by a card's effect (rule 1.15)", name(p))
                });
            }
        }
        out
    }

    /// The game's result, once it is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome
    }

    /// The current decision, or `None` when the game is over.
    pub fn decision(&self) -> Option<Decision> {
        match self.abandoned {
            true => None,
            false => self.current_decision(),
        }
    }

    /// Applies a choice: advances to the next decision, or returns an error and leaves the state
    /// exactly as it was (rule 11.4.1.2).
    pub fn apply(&mut self, choice: &Choice) -> Result<(), EngineError> {
        self.usable()?;
        let d = self.current_decision().ok_or(EngineError::GameOver)?;
        let Some(ix) = d.options.iter().position(|c| c == choice) else {
            return Err(EngineError::IllegalChoice);
        };
        self.apply_option(&d, ix)
    }

    /// Applies the option of the current decision whose label is exactly `label`.
    pub fn apply_label(&mut self, label: &str) -> Result<(), EngineError> {
        self.usable()?;
        let d = self.current_decision().ok_or(EngineError::GameOver)?;
        let labels = self.labels(&d);
        let Some(ix) = labels.iter().position(|l| l == label).or_else(|| {
            // a save written before a label was renamed
            (self.old_labels(&d).into_iter()).find_map(|(ix, old)| (old == label).then_some(ix))
        }) else {
            // a save written before paying was one decision
            return match self.apply_pay_step(label)? {
                Some(_) => Ok(()),
                None => Err(EngineError::NoSuchLabel(label.to_owned())),
            };
        };
        self.apply_option(&d, ix)
    }

    /// What a step written before paying was one decision does now (README, "Label
    /// changelog"): `pay with eddie`, `pay with legend 2` or `pay with <id>` paid one €$ a
    /// step. While the current decision asks how to pay, it pays that €$ and the rest is asked
    /// next; once a payment was made automatically (a single way to pay), the steps that named
    /// its €$ name nothing more to do. `None`: `step` is no such step, or names a source that
    /// can't pay.
    fn pay_step(&self, d: &Decision, step: &str) -> Option<PayStep> {
        let name = step.trim();
        let name = (name.get(..9))
            .filter(|p| p.eq_ignore_ascii_case("pay with "))
            .map(|_| name[9..].trim())?;
        let Some(&Frame::Pay {
            player, exclude, ..
        }) = self
            .state
            .frames
            .last()
            .filter(|_| d.prompt == DecisionKind::Pay)
        else {
            return (self.auto_paid > 0).then_some(PayStep::PaidAutomatically);
        };
        let choice = self.legacy_pay(player, exclude, name)?;
        Some(PayStep::One(choice))
    }

    /// Does what a step written before paying was one decision says (`pay_step`),
    /// logged with its label of then, and tells what that was; `Ok(None)`: `step` is no such
    /// step, and nothing changed.
    pub fn apply_pay_step(&mut self, step: &str) -> Result<Option<PayStep>, EngineError> {
        self.usable()?;
        let d = self.current_decision().ok_or(EngineError::GameOver)?;
        let Some(pay) = self.pay_step(&d, step) else {
            return Ok(None);
        };
        match pay {
            PayStep::PaidAutomatically => self.auto_paid -= 1,
            PayStep::One(choice) => {
                let label = self.log_choices.then(|| self.base_label(&d, choice));
                self.apply_choice(d.player, choice, label)?;
            }
        }
        Ok(Some(pay))
    }

    /// The labels options had before the renames of the README's "Label changelog"
    /// (`choose mode 2`, `resolve modded-kusanagi #2`), which steps, `decision =` and saves
    /// still take, each with the option of `d` it selects now: options were listed then with a
    /// copy interchangeable with another as an option of its own (`activate
    /// dexter-deshawn-off-the-grid #2`), which selects the one option of both now.
    pub fn old_labels(&self, d: &Decision) -> Vec<(usize, String)> {
        // The decision as it was asked then, when `d` is the decision the game is at.
        let then = self
            .decision_with_copies()
            .filter(|w| w.player == d.player && w.prompt == d.prompt)
            .filter(|w| {
                let mut merged = w.options.clone();
                self.merge_copies(w.player, &mut merged);
                merged == d.options
            })
            .unwrap_or_else(|| d.clone());
        let base: Vec<String> = (then.options.iter())
            .map(|&c| {
                self.old_label(&then, c)
                    .unwrap_or_else(|| self.base_label(&then, c))
            })
            .collect();
        (then.options.iter().enumerate())
            .filter_map(|(i, &c)| {
                let now =
                    (d.options.iter()).position(|&o| o == c || self.copy_of(d.player, o, c))?;
                Some((now, with_suffix(&base, i)))
            })
            .collect()
    }

    /// The option of decision `d` that a step written with a label from before a rename
    /// selects (README, "Label changelog"): `choose mode 2`.
    pub fn old_label_option(&self, d: &Decision, step: &str) -> Option<usize> {
        let step = step.trim();
        let new = self.labels(d);
        (self.old_labels(d).into_iter())
            .find(|(ix, old)| *old != new[*ix] && old.eq_ignore_ascii_case(step))
            .map(|(ix, _)| ix)
    }

    fn apply_option(&mut self, d: &Decision, ix: usize) -> Result<(), EngineError> {
        let label = self.log_choices.then(|| self.label_at(d, ix));
        self.apply_choice(d.player, d.options[ix], label)
    }

    fn apply_choice(
        &mut self,
        player: PlayerId,
        choice: Choice,
        label: Option<String>,
    ) -> Result<(), EngineError> {
        self.guarded(|g| {
            g.auto_paid = 0;
            if let Some(label) = label {
                g.log.push(LogEntry::Choice {
                    player,
                    label,
                    auto: false,
                });
            }
            g.step_choice(player, choice)?;
            g.advance()
        })
    }

    /// Runs a change of the game; if it fails, restores the state and log as they were, so an
    /// error never leaves a half-done change (rule 11.4.1.2).
    pub(crate) fn guarded(&mut self, f: impl FnOnce(&mut Game) -> Flow) -> Result<(), EngineError> {
        self.usable()?;
        if self.rollback {
            match &mut self.backup {
                Some(b) => b.copy_from(&self.state),
                None => self.backup = Some(Box::new(self.state.clone())),
            }
        }
        let log_len = self.log.len();
        let saved = self.cached.take();
        match f(self) {
            Ok(()) => {
                if self.cached.is_none() {
                    self.invalidate();
                }
                Ok(())
            }
            Err(Stop::Over) => {
                self.invalidate();
                Ok(())
            }
            Err(Stop::Err(e)) if !self.rollback => {
                self.abandoned = true;
                self.cached = None;
                Err(*e)
            }
            Err(Stop::Err(e)) => {
                // Taken above: rollback is on.
                if let Some(b) = self.backup.as_deref_mut() {
                    std::mem::swap(&mut self.state, b);
                }
                self.log.truncate(log_len);
                self.cached = saved;
                Err(*e)
            }
        }
    }

    /// The label of a choice in the current decision (with what tells its card apart from a
    /// copy's where their words are the same). A choice that is no option gets its plain label.
    pub fn label(&self, choice: &Choice) -> String {
        match self.current_decision() {
            Some(d) => match d.options.iter().position(|c| c == choice) {
                Some(ix) => self.label_at(&d, ix),
                None => self.base_label(&d, *choice),
            },
            None => String::new(),
        }
    }

    /// The labels of every option of a decision, in order; they are distinct: options whose
    /// words are the same get what tells their cards apart (`resolve modded-kusanagi (spent)`),
    /// and ` #2`… only where nothing does.
    pub fn labels(&self, d: &Decision) -> Vec<String> {
        let mut base: Vec<String> = d.options.iter().map(|&c| self.base_label(d, c)).collect();
        self.tell_apart(d, &mut base);
        (0..base.len()).map(|i| with_suffix(&base, i)).collect()
    }

    pub(crate) fn label_at(&self, d: &Decision, ix: usize) -> String {
        let mine = self.base_label(d, d.options[ix]);
        // Only options of the same kind can share a label; skip formatting the others.
        let kind = std::mem::discriminant(&d.options[ix]);
        let shared = (d.options.iter().enumerate()).any(|(k, &c)| {
            k != ix && std::mem::discriminant(&c) == kind && self.base_label(d, c) == mine
        });
        match shared {
            false => mine,
            true => self.labels(d).swap_remove(ix),
        }
    }

    // ---- accessors for checks -------------------------------------------------------------

    /// The card id of an instance.
    pub fn card_id(&self, i: InstId) -> &str {
        match self.state.inst(i) {
            Some(inst) => self.pool.id(inst.card),
            None => "?",
        }
    }

    /// An instance.
    pub fn inst(&self, i: InstId) -> Option<&Instance> {
        self.state.inst(i)
    }

    /// The instances in a player's zone, in order (decks top first; field lists Units only,
    /// their Gear is found with [`Game::gear_of`]).
    pub fn zone(&self, p: PlayerId, z: Zone) -> Vec<InstId> {
        let list = self.state.player(p).zone(z).cloned().unwrap_or_default();
        if z == Zone::Deck {
            list.into_iter().rev().collect()
        } else {
            list
        }
    }

    /// The card ids in a player's zone, in the order of [`Game::zone`].
    pub fn zone_ids(&self, p: PlayerId, z: Zone) -> Vec<&str> {
        self.zone(p, z)
            .into_iter()
            .map(|i| self.card_id(i))
            .collect()
    }

    /// The first instance of a card id in a player's zone.
    pub fn find(&self, p: PlayerId, z: Zone, id: &str) -> Option<InstId> {
        self.zone(p, z).into_iter().find(|&i| self.card_id(i) == id)
    }

    /// The Gear equipped to a card.
    pub fn gear_of(&self, host: InstId) -> Vec<InstId> {
        self.gear_on(host).collect()
    }

    /// A card's power (rule 3.17.2), possibly negative (rule 2.10: compare with `max(0)`).
    pub fn power(&self, i: InstId) -> i32 {
        self.power_of(i)
    }

    /// Whether a card has a keyword, printed or granted.
    pub fn has_keyword(&self, i: InstId, k: Keyword) -> bool {
        self.keyword(i, k)
    }

    /// A player's Gigs as `d12:11`, with `rival ` before dice the other player owns, sorted by
    /// sides then value.
    pub fn gig_labels(&self, p: PlayerId) -> Vec<String> {
        let mut dice: Vec<_> = self
            .state
            .gigs(p)
            .map(|d| self.state.dice[d.0 as usize])
            .collect();
        dice.sort_by_key(|d| (d.sides, d.value, d.owner != p));
        dice.iter()
            .map(|d| {
                let who = if d.owner == p { "" } else { "rival " };
                format!("{who}d{}:{}", d.sides, d.value)
            })
            .collect()
    }

    /// The dice in a player's fixer area as `d20`, smallest first.
    pub fn fixer_labels(&self, p: PlayerId) -> Vec<String> {
        self.state
            .dice
            .iter()
            .filter(|d| d.area == DieArea::Fixer(p))
            .map(|d| format!("d{}", d.sides))
            .collect()
    }

    /// A player's Street Cred, `None` when null (rule 11.2.3).
    pub fn street_cred(&self, p: PlayerId) -> Option<u32> {
        self.state.street_cred(p)
    }

    // ---- hooks for tests and, later, the interpreter ---------------------------------------

    /// Adds a persistent effect (rule 10.22).
    pub fn add_effect(&mut self, e: PersistentEffect) -> Result<(), EngineError> {
        if self.state.effects.len() >= MAX_EFFECTS {
            return Err(EngineError::LimitExceeded("persistent effects"));
        }
        self.state.effects.push(e);
        self.invalidate();
        Ok(())
    }

    /// Watches for a trigger (rule 10.16).
    pub fn add_trigger(&mut self, t: Trigger) -> Result<(), EngineError> {
        if self.state.triggers.len() >= MAX_EFFECTS {
            return Err(EngineError::LimitExceeded("triggers"));
        }
        self.state.triggers.push(t);
        self.invalidate();
        Ok(())
    }

    /// Adds a replacement effect (rule 10.24).
    pub fn add_replacement(&mut self, r: Replacement) -> Result<(), EngineError> {
        if self.state.replacements.len() >= MAX_EFFECTS {
            return Err(EngineError::LimitExceeded("replacement effects"));
        }
        self.state.replacements.push(r);
        self.invalidate();
        Ok(())
    }

    /// Performs one game action through the action pipeline outside any decision (for tests,
    /// tools and the interpreter), then steps to the next decision. On error nothing changes.
    pub fn perform(&mut self, action: crate::rules::Action) -> Result<(), EngineError> {
        self.guarded(|g| {
            g.act(action)?;
            g.advance()
        })
    }

    /// Rule 1.16: a player concedes and loses at once. Not an option of decisions (a player may
    /// concede at any point, rule 1.16.1); the game must still be running.
    pub fn concede(&mut self, p: PlayerId) -> Result<(), EngineError> {
        if self.state.outcome.is_some() {
            return Err(EngineError::GameOver);
        }
        self.log.push(LogEntry::Choice {
            player: p,
            label: "concede".into(),
            auto: false,
        });
        self.state.lost[p.ix()] = true;
        self.guarded(Game::check_outcome)
    }

    /// Removes persistent effects whose duration ends now.
    pub(crate) fn end_effects(&mut self, pred: impl Fn(Duration) -> bool) {
        self.state.effects.retain(|e| !pred(e.duration));
        self.state.replacements.retain(|r| !pred(r.duration));
        self.state.lasting.retain(|r| !pred(r.duration));
    }
}

fn with_suffix(base: &[String], i: usize) -> String {
    let n = base[..i].iter().filter(|b| **b == base[i]).count();
    if n == 0 {
        base[i].clone()
    } else {
        format!("{} #{}", base[i], n + 1)
    }
}
