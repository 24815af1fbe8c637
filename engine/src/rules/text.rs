//! The seam between the rules and card text: every call the rules make into what cards say.
//!
//! The rules core knows card *facts* (type, cost, power, Sell Tag, printed keywords) from the
//! [`crate::Pool`] and nothing of card text; where a rule depends on text (a power a statement
//! gives, a cost a card changes, a trigger an event meets, an effect resolving) it asks the
//! [`CardText`] of the game. An implementation executes the cards' text and owns whatever it
//! keeps of it (its frames, its memo); the rules only step the frames it pushes and relay the
//! choices to it.

use super::Action;
use crate::decision::{Choice, Decision};
use crate::error::EngineError;
use crate::game::{Flow, Game, Stop};
use crate::log::Event;
use crate::state::{Activation, DieId, Frame, Happened, InstId, PlayerId};
use gigscript_dsl::Keyword;

/// When a player may activate abilities or play a card a cost rule allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum When {
    /// their Main Phase, nothing pending (rules 10.18, 10.18.1)
    Main,
    /// the React Step of a rival Unit's attack (rules 11.26.1, 11.26.2), also the window of
    /// `When a rival Unit attacks` / `When a Unit attacks`
    React {
        /// the attacking Unit
        attacker: InstId,
    },
    /// right after their own Unit attacked: `When a friendly Unit attacks` / `When a Unit attacks`
    Attacking {
        /// the attacking Unit
        attacker: InstId,
    },
}

/// What answering a question of an effect surely records in this turn's history by the next
/// decision ([`CardText::records`]): two answers of which one surely records a happening and
/// the other surely records none never come out the same, since the history only grows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Records {
    /// a happening, before anything else can happen or be asked
    Surely,
    /// nothing, whatever is answered on the way
    Nothing,
    /// not sure either way
    Unsure,
}

impl Records {
    /// Whether two answers that record so surely come out unlike.
    pub(crate) fn apart(self, other: Records) -> bool {
        matches!(
            (self, other),
            (Records::Surely, Records::Nothing) | (Records::Nothing, Records::Surely)
        )
    }
}

/// What the rules ask of card text. Reading methods take the game by reference and never change
/// it; the others run inside the rules' step functions and may push frames, emit events and act
/// through the action pipeline.
pub(crate) trait CardText {
    // ---- characteristics and legality (rules 3.17, 2.6, 9.x) ------------------------------

    /// The power of card `i`, given `so_far` from its printed power, Gear and persistent
    /// effects: the statements in force added, then doubled where a statement says so.
    fn power(&self, g: &Game, i: InstId, so_far: i32) -> i32;
    /// Whether a statement in force gives card `i` keyword `k`.
    fn has_keyword(&self, g: &Game, i: InstId, k: Keyword) -> bool;
    /// Whether a statement says Unit `i` in the field can't attack now.
    fn cant_attack(&self, g: &Game, i: InstId) -> bool;
    /// The attack options of Unit `a` when statements change them (rules 9.3.2.3, 2.6), appended
    /// to `out`; `false` when no statement can, and the rules' own targets apply.
    fn attack_options(&self, g: &Game, a: InstId, out: &mut Vec<Choice>) -> bool;
    /// Whether a ready Unit `u` stays a legal target of attacker `a` (rule 9.26.3).
    fn ready_target(&self, g: &Game, a: InstId, u: InstId) -> bool;
    /// Whether attacker `a` can't be blocked (rule 9.9).
    fn cant_be_blocked(&self, g: &Game, a: InstId) -> bool;
    /// Whether Unit `u` can't block (rule 9.9).
    fn cant_block(&self, g: &Game, u: InstId) -> bool;
    /// Whether card `i` can't ready now.
    fn cant_ready(&self, g: &Game, i: InstId) -> bool;
    /// Whether card `i` isn't defeated as the result of a fight (rule 9.19.3).
    fn not_defeated_in_fight(&self, g: &Game, i: InstId) -> bool;
    /// Whether card `i` can't be defeated at all (a defeat of it does nothing).
    fn cant_be_defeated(&self, g: &Game, i: InstId) -> bool;
    /// Whether card `i` wins every fight against `opponent` (rule 9.17.4).
    fn wins_against(&self, g: &Game, i: InstId, opponent: InstId) -> bool;
    /// How many fewer Gigs attacker `a` steals (rule 9.23.1).
    fn steals_fewer(&self, g: &Game, a: InstId) -> u32;
    /// Whether attacker `a` can't steal Gig `d` (rule 9.23.1).
    fn cant_steal(&self, g: &Game, a: InstId, d: DieId) -> bool;
    /// Whether a Unit of `p`'s must attack and has an attack among `options` (rule 9.2).
    fn must_attack_now(&self, g: &Game, p: PlayerId, options: &[Choice]) -> bool;

    // ---- costs (rules 3.11, 11.8) ---------------------------------------------------------

    /// The €$ `p` pays to play card `inst` from hand now (`None`: a null cost, rule 3.11.2.1).
    fn play_cost(&self, g: &Game, inst: InstId, p: PlayerId) -> Option<u8>;
    /// The €$ `p` pays to Call a Legend (rule 11.11.1).
    fn call_cost(&self, g: &Game, p: PlayerId) -> u8;
    /// The €$ `p` pays to use {Go Solo} on Legend `l` of cost `cost` (rule 11.25).
    fn go_solo_cost(&self, g: &Game, p: PlayerId, l: InstId, cost: u8) -> u8;

    // ---- abilities a player uses (rules 10.18–10.20, 11.8) ---------------------------------

    /// Appends the activations `p` may make now (`Choice::Activate`).
    fn activations(&self, g: &Game, p: PlayerId, when: When, out: &mut Vec<Choice>);
    /// The label of an activation (`activate <id>`, `activate <id> 2`).
    fn activation_label(&self, g: &Game, card: InstId, source: InstId, line: u16) -> String;
    /// The printed words of way `m` of the question the effect resolving now asks (a mode of
    /// `Choose one effect.`, a way of `… chooses whether …`), for its label.
    fn way_words<'g>(&self, g: &'g Game, m: u8) -> Option<&'g str>;
    /// What answering the question of the effect resolving now with `c` surely records in
    /// this turn's history by the next decision: a happening, for a mode that begins by drawing
    /// from decks that have a card; nothing, for a mode that, with the rest of the effect, only
    /// chooses, tests, asks `you may` and makes statements, and then returns to the Main
    /// Phase with nothing pending. [`Records::Unsure`] where it is not sure.
    fn records(&self, g: &Game, c: Choice) -> Records;
    /// Whether resolving pending effect `seq` surely stops at once at a question of its own
    /// (`you may …` with something to do), every other pending effect still pending.
    fn asks_at_once(&self, g: &Game, seq: u32) -> bool;
    /// Starts activating ability `line` of `source` used on `card`: its €$ are paid first.
    fn activate(&self, g: &mut Game, p: PlayerId, card: InstId, source: InstId, line: u16) -> Flow;
    /// The €$ are paid: the other costs, then the effect (rules 10.19.3, 10.20).
    fn finish_activation(&self, g: &mut Game, a: Activation) -> Flow;
    /// The line of the cost rule that lets `p` play card `inst` from hand now (`You may also
    /// play this Program when …`).
    fn also_play_line(&self, g: &Game, p: PlayerId, inst: InstId, when: When) -> Option<u16>;
    /// The cards `p` may spend for the extra cost of that rule, each leaving enough to pay.
    fn spendable_for(&self, g: &Game, p: PlayerId, inst: InstId, line: u16) -> Vec<InstId>;

    // ---- events, triggers and effects (rules 10.2–10.17) ----------------------------------

    /// An event was logged (`happened`: what it is for this turn's history, which records it
    /// next): the abilities it triggers become pending.
    fn on_event(&self, g: &mut Game, ev: &Event, happened: &[Happened]) -> Flow;
    /// Gigs were stolen by `by` in one steal action (rules 6.7.3, 10.16.3), to be recorded as
    /// `happened`.
    fn on_steal(&self, g: &mut Game, dice: &[DieId], by: PlayerId, happened: &Happened) -> Flow;
    /// A fight was compared: `losers` bit 0 the attacker, bit 1 the defender; `pa`, `pd` their
    /// powers (rules 9.17, 9.18); its wins and losses to be recorded as `happened`.
    #[allow(clippy::too_many_arguments)]
    fn on_fight(
        &self,
        g: &mut Game,
        attacker: InstId,
        defender: InstId,
        losers: u8,
        pa: i32,
        pd: i32,
        happened: &[Happened],
    ) -> Flow;
    /// A pending effect of card text starts resolving (rule 10.11.3).
    fn resolve_pending(
        &self,
        g: &mut Game,
        seq: u32,
        source: InstId,
        controller: PlayerId,
        line: u16,
    ) -> Flow;
    /// A Program is played: its resolution effects start, first line first (rule 4.14).
    fn resolve_program(&self, g: &mut Game, inst: InstId, controller: PlayerId) -> Flow;
    /// Steps the effect on top of the frame stack until it needs a choice or ends.
    fn run(&self, g: &mut Game) -> Flow;
    /// The decision the top frame of card text waits for (an effect, a replacement's question).
    fn decision(&self, g: &Game) -> Option<Decision>;
    /// Applies the answer to that decision.
    fn answer(&self, g: &mut Game, choice: Choice) -> Flow;

    // ---- replacement effects (rules 10.24–10.30) ------------------------------------------

    /// The defeats of `list` with replacement effects applied (rules 10.24–10.29): the cards
    /// still to defeat, the replacements done instead.
    fn replace_defeats(&self, g: &mut Game, list: Vec<InstId>) -> Result<Vec<InstId>, Stop>;
    /// Another action about to happen, replaced by a mandatory replacement effect of card text
    /// (rule 10.25): `true` when it was, and it must not happen.
    fn replace_action(&self, g: &mut Game, action: &Action) -> Result<bool, Stop>;
    /// The question an optional replacement effect asks before `list` is defeated (rule
    /// 10.26), as the frame that asks it.
    fn replacement_question(&self, g: &Game, list: &[InstId]) -> Option<Frame>;

    // ---- a decision's computation ---------------------------------------------------------

    /// A decision is about to be computed over an unchanging state: what the text reads may be
    /// remembered until [`CardText::decision_done`]. `false` when one is being computed already
    /// (a nested question): then `decision_done` is not called for this one.
    fn decision_begin(&self, g: &Game) -> bool;
    /// The decision is computed.
    fn decision_done(&self, g: &Game);
}

/// One decision's computation, while it lasts ([`Game::text_memo`]): card text may remember
/// what it reads meanwhile, and forgets it when this is dropped (a panic included).
pub(crate) struct TextMemo<'a>(Option<&'a Game>);

impl Drop for TextMemo<'_> {
    fn drop(&mut self) {
        if let Some(g) = self.0 {
            g.text().decision_done(g);
        }
    }
}

impl Game {
    /// Begins one decision's computation, which only reads the game: card text may remember
    /// what it reads until the returned guard is dropped.
    pub(crate) fn text_memo(&self) -> TextMemo<'_> {
        TextMemo(self.text().decision_begin(self).then_some(self))
    }

    /// Runs `f` (which only reads the game) as one decision's computation ([`Game::text_memo`]).
    pub(crate) fn with_text_memo<T>(&self, f: impl FnOnce() -> T) -> T {
        let _memo = self.text_memo();
        f()
    }
}

/// An error for a frame of card text stepped by the wrong implementation (a bug).
pub(crate) fn not_mine() -> Stop {
    EngineError::Bug("a frame of card text another interpreter made").into()
}
