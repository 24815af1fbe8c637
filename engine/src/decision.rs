//! Decisions: what the engine asks a player, and the options they may choose.

use crate::state::{DieId, InstId, PlayerId, Target};
use serde::{Deserialize, Serialize};

/// What a decision is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DecisionKind {
    /// go first or second (rule 7.5.2)
    TurnOrder,
    /// mulligan or keep (rule 7.9.2)
    Mulligan,
    /// which Gig to roll in (rule 8.6.5.1)
    RollIn,
    /// the next Main Phase action (rules 8.9–8.15)
    MainAction,
    /// how to pay a cost (rule 11.8)
    Pay,
    /// what a Gear equips to (rule 4.10)
    EquipTarget,
    /// the defending player's next reaction (rule 9.7)
    Reaction,
    /// the next Gig to steal (rule 9.23.3.2)
    StealGig,
    /// which pending effect resolves next (rule 10.12)
    PendingOrder,
    /// whether to do what a `you may` sentence says (rule 10.7)
    May,
    /// the next card an effect applies to (rule 10.31)
    EffectCard,
    /// the Gig an effect applies to (rule 10.31)
    EffectGig,
    /// which mode of `Choose one effect.` (rule 10.9)
    Mode,
    /// a number: how much to change a Gig by (`up to`, rule 2.8; `±`)
    Number,
    /// a card type for an effect (`choose a card type`)
    CardType,
    /// whether an optional replacement effect applies (rule 10.26)
    Replace,
}

impl DecisionKind {
    /// Whether two options of a decision of this kind may come out the same, so that the
    /// engine tries them before asking (rules 10.6, 10.7): the questions of card text, a
    /// steal's Gig and the order of pending effects. The Main Phase, the React Step and paying
    /// are not tried (their options differ by what they do), nor the setup decisions.
    pub(crate) fn may_come_out_the_same(self) -> bool {
        matches!(
            self,
            DecisionKind::PendingOrder | DecisionKind::Mode | DecisionKind::CardType
        )
    }

    /// Whether a decision with a single option is taken automatically (and logged). Every
    /// decision but the Main Phase's is: the turn order and mulligan always offer two options,
    /// and a React Step whose only option is `pass` leaves the defending player nothing
    /// to decide (rule 9.12). The Main Phase always waits, so passing is always a step.
    pub fn is_mandatory(self) -> bool {
        !matches!(
            self,
            DecisionKind::TurnOrder | DecisionKind::Mulligan | DecisionKind::MainAction
        )
    }
}

/// One option of a decision. Small and `Copy`; [`crate::Game::label`] gives its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Choice {
    /// `go first`
    GoFirst,
    /// `go second`
    GoSecond,
    /// `mulligan`
    Mulligan,
    /// `keep`
    Keep,
    /// `roll d6`
    Roll(DieId),
    /// `sell <id>`
    Sell(InstId),
    /// `call legend 2` (position in the Legends area, 1-based)
    Call(InstId),
    /// `play <id>`
    Play(InstId),
    /// `play <id> from legends`
    PlayFromLegends(InstId),
    /// `go solo <id>`
    GoSolo(InstId),
    /// `pay 3 €$: 2 Eddies + legend 1`: the whole of what is left of a cost at once (rule
    /// 11.8), from `eddies` ready Eddies and the payer's Legends whose places in the Legends
    /// area are the bits of `legends` (bit 0: the first place)
    PayWith {
        /// how many ready Eddies pay
        eddies: u8,
        /// which places of the payer's Legends area pay, one bit each
        legends: u8,
    },
    /// `pay with eddie`: one €$ from a ready Eddie, as steps and saves written before paying was
    /// one decision say it ([`crate::Game::apply_pay_step`]); never an option of a decision
    PayEddie,
    /// `pay with legend 2` (face-down) or `pay with <id>` (face-up): one €$ from a Legend, as
    /// [`Choice::PayEddie`]; never an option of a decision
    PayLegend(InstId),
    /// `equip <gear> to <id>`
    EquipTo(InstId),
    /// `attack rival <id> with <id>` or `attack rival gigs with <id>`
    Attack {
        /// the attacking Unit
        attacker: InstId,
        /// what it attacks
        target: Target,
    },
    /// `block with <id>`
    Block(InstId),
    /// `choose d12 (11)`
    ChooseGig(DieId),
    /// `resolve <source-id>`
    Resolve(u32),
    /// `pass`
    Pass,
    /// `pass`
    EndReactions,
    /// `yes`
    Yes,
    /// `no`
    No,
    /// `choose <id>`, `choose rival <id>`, `choose legend 2`: a card for an effect
    Card(InstId),
    /// `choose d6 (3)`, `choose rival d6 (3)`: a Gig for an effect
    Gig(DieId),
    /// `choose: draw 1`: a mode of `Choose one effect.` or a way of `… chooses whether …`, by its
    /// printed words (0-based; the label before, `choose mode 2`, counted from 1)
    Mode(u8),
    /// `choose 3` (or `choose +2`/`choose -2` when both ways are offered): a change of value
    Number(i8),
    /// a card type (rule 3.3), for `choose a card type`: 0 Unit, 1 Gear, 2 Program, 3 Legend
    CardType(u8),
    /// `activate <id>` (`activate <id> 2` on a card with several): an activated ability
    /// (rules 10.18–10.20)
    Activate {
        /// the card it is used on (a Gear's host, rule 4.11.3)
        card: InstId,
        /// the card whose text it is
        source: InstId,
        /// the ability's line on `source`
        line: u16,
    },
    /// `play <id>`: playing a card at another time a cost rule allows (`You may also play this
    /// Program when a Unit attacks …`)
    PlayAlso(InstId),
}

impl Choice {
    /// The €$ a payment option pays (0 for any other option).
    pub fn pays(self) -> u8 {
        match self {
            Choice::PayWith { eddies, legends } => {
                eddies.saturating_add(legends.count_ones() as u8)
            }
            Choice::PayEddie | Choice::PayLegend(_) => 1,
            _ => 0,
        }
    }

    /// The cards this option names, in the order its label names them (`attack <target> with
    /// <attacker>`, `activate <card>` with a Gear's ability). A pending effect's card is found
    /// in the state (`Game::named_cards`): none here.
    pub(crate) fn cards(self) -> [Option<InstId>; 2] {
        match self {
            Choice::Sell(i)
            | Choice::Call(i)
            | Choice::Play(i)
            | Choice::PlayFromLegends(i)
            | Choice::GoSolo(i)
            | Choice::PayLegend(i)
            | Choice::EquipTo(i)
            | Choice::Block(i)
            | Choice::PlayAlso(i)
            | Choice::Card(i) => [Some(i), None],
            Choice::Attack { attacker, target } => {
                let t = match target {
                    Target::Unit(u) => Some(u),
                    Target::Gigs(_) => None,
                };
                [t, Some(attacker)]
            }
            Choice::Activate { card, source, .. } => [Some(card), Some(source)],
            _ => [None, None],
        }
    }

    /// How many Legends a payment option spends (0 for any other option).
    pub(crate) fn pays_from_legends(self) -> u32 {
        match self {
            Choice::PayWith { legends, .. } => legends.count_ones(),
            Choice::PayLegend(_) => 1,
            _ => 0,
        }
    }
}

/// What a step written before paying was one decision does ([`crate::Game::apply_pay_step`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PayStep {
    /// pays one €$ of the cost being asked ([`Choice::PayEddie`] or [`Choice::PayLegend`])
    One(Choice),
    /// names a €$ that was paid automatically since the last choice: nothing more to do
    PaidAutomatically,
}

/// A question to one player with the complete, finite list of legal options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// who decides
    pub player: PlayerId,
    /// what about
    pub prompt: DecisionKind,
    /// the legal options, never empty
    pub options: Vec<Choice>,
}
