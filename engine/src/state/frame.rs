//! Frames of the rules state machine. The top frame of [`super::State::frames`] is the step the
//! game is at; the engine steps frames until one needs a decision. Frames are plain data so a
//! suspended game clones and serialises like everything else, including an effect of card text
//! suspended at a choice ([`Frame::Run`]).

use super::run::Run;
use super::{DieId, InstId, PlayerId};
use serde::{Deserialize, Serialize};

/// One step of the game in progress. Not `Copy`: an effect being resolved carries its bindings
/// (boxed, so the other frames stay small).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frame {
    /// pre-game setup (rules 7.4–7.9)
    Setup(SetupStep),
    /// the Start Phase (rule 8.6)
    Start(StartStep),
    /// the open Main Phase (rules 8.9–8.15)
    Main,
    /// paying a cost (rule 11.8): in one decision, or one €$ a step as steps from before that say
    Pay {
        /// who pays
        player: PlayerId,
        /// €$ still to pay
        remaining: u8,
        /// a card that can't pay (the Legend being played from the Legends area)
        exclude: Option<InstId>,
    },
    /// finishing a play once its cost is paid (rule 11.4.1)
    Play {
        /// the card played
        inst: InstId,
        /// from where and how
        how: PlayHow,
    },
    /// choosing what a Gear being played equips to (rule 4.10)
    Equip {
        /// the Gear
        gear: InstId,
    },
    /// flipping a called Legend once its €$ is paid (rule 11.11)
    Call {
        /// the Legend
        legend: InstId,
    },
    /// an attack in progress (rules 9.3–9.29)
    Attack(AttackFrame),
    /// the End of Turn (rules 8.16–8.18)
    End(EndStep),
    /// an effect of card text being resolved (rules 10.2–10.10), run by the executor
    Run(Box<Run>),
    /// a Program whose effect has resolved goes to its owner's trash (rule 4.14)
    ProgramEnd {
        /// the Program
        inst: InstId,
    },
    /// an activated ability whose €$ are paid: pay its other costs, then resolve it (rule 10.20)
    Activate(Activation),
    /// `You may also play this Program when … by paying this card's cost and spending …`: the
    /// player chooses the card to spend, the extra cost of that play
    SpendToPlay {
        /// who plays
        player: PlayerId,
        /// the card played
        inst: InstId,
        /// the line of its cost rule
        line: u16,
        /// the card chosen to spend, once chosen (spent after the €$ are paid)
        chosen: Option<InstId>,
    },
    /// whether an optional replacement effect applies (rule 10.26), asked of its controller
    /// before the action it would replace
    Replace {
        /// the card with the replacement effect
        source: InstId,
        /// the card the action would be done to
        affected: InstId,
    },
    /// which of several mandatory replacement effects applies (rule 10.28.1), asked of the
    /// controller of the card the action would be done to
    ReplaceChoose {
        /// the card the action would be done to
        affected: InstId,
        /// the cards with the replacement effects
        options: Vec<InstId>,
    },
}

/// An activated ability being activated (rules 10.19, 10.20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Activation {
    /// who activates it
    pub player: PlayerId,
    /// the card it is used on (a Gear's bottom textbox is its host's, rule 4.11.3)
    pub card: InstId,
    /// the card whose text it is
    pub source: InstId,
    /// the ability's line on `source`
    pub line: u16,
    /// `{Spend}` is among its costs: spend `card`
    pub spend: bool,
    /// the attacking Unit, when activated in a `When a Unit attacks` window
    pub attacker: Option<InstId>,
}

impl Frame {
    /// Whether pending effects must wait for this frame to finish (rule 10.2.4: nothing
    /// interrupts paying a cost, playing a card, or choosing Gigs to steal).
    pub fn is_atomic(&self) -> bool {
        match self {
            // Rule 10.2: an effect resolves completely before anything else happens.
            Frame::Pay { .. }
            | Frame::Play { .. }
            | Frame::Equip { .. }
            | Frame::Call { .. }
            | Frame::Run(_)
            | Frame::ProgramEnd { .. }
            | Frame::Activate(_)
            | Frame::SpendToPlay { .. }
            | Frame::Replace { .. }
            | Frame::ReplaceChoose { .. } => true,
            Frame::Attack(a) => a.step == AttackStep::StealChoose,
            _ => false,
        }
    }

    /// Whether this frame, on top, waits for no decision of its own now: it is stepped (a
    /// pending effect may still be asked for first where it is not atomic). An effect asks
    /// only once a step of it has put a question ([`Run::ask`]); an attack asks only in the
    /// React Step, the window after its [ATTACK] effects and the choice of Gigs to steal.
    pub fn never_asks(&self) -> bool {
        match self {
            Frame::Start(step) => *step != StartStep::RollIn,
            Frame::Pay { remaining, .. } => *remaining == 0,
            Frame::SpendToPlay { chosen, .. } => chosen.is_some(),
            Frame::Run(run) => run.ask.is_none(),
            Frame::Attack(a) => !matches!(
                a.step,
                AttackStep::React | AttackStep::Window | AttackStep::StealChoose
            ),
            Frame::End(_)
            | Frame::Play { .. }
            | Frame::Call { .. }
            | Frame::ProgramEnd { .. }
            | Frame::Activate(_) => true,
            _ => false,
        }
    }
}

/// How a card is being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayHow {
    /// from hand (rule 11.4.2)
    Hand,
    /// a Legend from the Legends area as a Unit (rule 4.5)
    FromLegends,
    /// a Legend with {Go Solo} (rule 11.25)
    GoSolo,
}

/// Steps of setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SetupStep {
    /// randomly choose a player (rule 7.5.1)
    RollFirst,
    /// the chosen player decides to go first or second (rule 7.5.2)
    ChooseOrder(PlayerId),
    /// shuffle, place Legends and dice, draw 6 (rules 7.6–7.9.1)
    Prepare,
    /// this player declares their mulligan (rules 7.9.2, 7.9.3)
    Mulligan(PlayerId),
    /// begin the first turn (rule 8.2.1)
    Begin,
}

/// Steps of the Start Phase, in order (rule 8.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StartStep {
    /// win check (rules 1.10, 8.6.1)
    WinCheck,
    /// start-of-turn effects (rule 8.6.2)
    Effects,
    /// ready (rule 8.6.3)
    Ready,
    /// draw (rule 8.6.4)
    Draw,
    /// roll in a Gig (rule 8.6.5)
    RollIn,
}

/// Steps of the End of Turn, in order (rules 8.16–8.18).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndStep {
    /// end-of-turn effects (rule 8.16.1)
    Effects,
    /// remove "this turn" effects (rule 8.16.2) and Lag (rule 11.3.2)
    Cleanup,
    /// overtime check (rule 8.17) and the next turn (rule 8.18)
    Next,
}

/// What an attack is aimed at (rule 9.3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Target {
    /// a rival Unit (rule 9.3.2.1)
    Unit(InstId),
    /// a player's Gig area (rule 9.3.2.2)
    Gigs(PlayerId),
}

/// An attack in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackFrame {
    /// the attacking player
    pub player: PlayerId,
    /// the attacking Unit
    pub attacker: InstId,
    /// the current target (a Blocker replaces it, rule 9.9.1)
    pub target: Target,
    /// the step the attack is at
    pub step: AttackStep,
    /// fight losers: bit 0 the attacker, bit 1 the defender
    pub losers: u8,
    /// Gigs the attacker may still choose (rule 9.23.2)
    pub to_steal: u8,
    /// Gigs chosen so far, as a bit set of die indices (rule 9.23.3)
    pub chosen: u16,
    /// the last chosen Gig, for the log
    pub last: Option<DieId>,
    /// an effect ended the attack (rule 9.26.4)
    pub ended: bool,
    /// the attacker can't be blocked, as read when the attack was declared (official FAQ: MT0D12
    /// Flathead stays unblockable when the Street Creds change during the attack)
    #[serde(default)]
    pub unblockable: bool,
}

/// The bit of a die in a bit set of dice (`0` for an index a `u16` can't hold).
pub fn die_bit(d: DieId) -> u16 {
    1u16.checked_shl(u32::from(d.0)).unwrap_or(0)
}

/// Steps of an attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackStep {
    /// declared; pending [ATTACK] effects resolve next (rules 9.5, 9.6)
    Declared,
    /// the defending player reacts (rules 9.7–9.14)
    React,
    /// compare power (rules 9.16, 9.17)
    Fight,
    /// defeat the losers (rule 9.19)
    FightResult,
    /// work out how many Gigs are stolen (rules 9.22–9.23.2)
    Steal,
    /// choose Gigs one at a time (rule 9.23.3)
    StealChoose,
    /// "would be stolen" effects (rules 6.7.4, 9.23.4)
    StealPrevent,
    /// move the chosen Gigs at once (rule 9.23.5)
    StealMove,
    /// the attack ends (rules 9.26–9.29)
    End,
    /// after [ATTACK] effects: the attacking player may use `When a friendly Unit attacks`
    /// abilities (rule 10.18; the React Step follows)
    Window,
}
