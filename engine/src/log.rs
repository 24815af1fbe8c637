//! The game log: events and the labels of the choices that caused them.
//!
//! Same seed and same choices give the same log, byte for byte (serialised).

use crate::state::{ActionKind, DieId, InstId, Outcome, PlayerId, Target, Zone};
use serde::{Deserialize, Serialize};

/// Something that happened in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// the random method chose this player to pick the turn order (rule 7.5.1)
    ChosenToPickOrder(PlayerId),
    /// this player goes first (rule 7.5.2)
    GoesFirst(PlayerId),
    /// a player shuffled their deck (rules 7.6, 7.9.3.2)
    Shuffled(PlayerId),
    /// a player shuffled their Legends (rule 7.7.1)
    ShuffledLegends(PlayerId),
    /// a player used their mulligan (rule 7.9.3)
    Mulliganed(PlayerId),
    /// a player kept their opening hand
    Kept(PlayerId),
    /// a turn began (rule 8.2)
    TurnBegan {
        /// game turn number
        turn: u16,
        /// whose turn
        player: PlayerId,
    },
    /// start-of-turn effects trigger (rule 8.6.2.2)
    StartOfTurn(PlayerId),
    /// the turn player passed; end-of-turn effects trigger (rules 8.9, 8.16.1)
    TurnEnding(PlayerId),
    /// a card was drawn (rule 11.5)
    Drew {
        /// who drew
        player: PlayerId,
        /// the card
        inst: InstId,
    },
    /// a player had to draw from an empty deck (rule 1.14)
    DrewFromEmpty(PlayerId),
    /// a card was readied
    Readied(InstId),
    /// a card was spent
    Spent(InstId),
    /// a Gig was rolled in (rule 8.6.5)
    RolledIn {
        /// the die
        die: DieId,
        /// its rolled value
        value: u8,
    },
    /// a card was sold (rule 11.9)
    Sold(InstId),
    /// a Legend was called (rule 11.11)
    Called(InstId),
    /// a card was played (rule 11.4)
    Played(InstId),
    /// a played Program's effects resolved (opaque for now; rule 4.14)
    ProgramResolved(InstId),
    /// a Gear was equipped (rule 11.6)
    Equipped {
        /// the Gear
        gear: InstId,
        /// the card it is equipped to
        host: InstId,
    },
    /// a card moved between areas
    Moved {
        /// the card
        inst: InstId,
        /// from
        from: Zone,
        /// to
        to: Zone,
    },
    /// an attack was declared (rule 9.3)
    Attacked {
        /// the attacker
        attacker: InstId,
        /// the target
        target: Target,
    },
    /// a Unit blocked, becoming the defending Unit (rule 9.9)
    Blocked(InstId),
    /// the React Step ended (rule 9.12)
    ReactionsEnded,
    /// a fight was compared (rule 9.17)
    Fight {
        /// attacker power (negative counts as 0)
        attacker: i32,
        /// defender power (negative counts as 0)
        defender: i32,
    },
    /// a Unit lost a fight (rule 9.17)
    LostFight(InstId),
    /// a Unit was defeated (rule 9.19.1)
    Defeated(InstId),
    /// the attacker steals this many Gigs (rule 9.23.2)
    WillSteal(u8),
    /// a Gig was chosen to be stolen (rule 9.23.3)
    WouldSteal(DieId),
    /// a Gig was stolen (rule 9.23.5)
    Stolen {
        /// the die
        die: DieId,
        /// the player who took control of it
        by: PlayerId,
    },
    /// two Gigs were swapped (rule 6.6)
    Swapped {
        /// one die
        a: DieId,
        /// the other
        b: DieId,
    },
    /// the attack ended (rule 9.26)
    AttackEnded,
    /// a replacement effect prevented an action (rule 10.25)
    Prevented {
        /// the action kind
        kind: ActionKind,
        /// the replacement effect's card
        source: InstId,
    },
    /// a pending effect resolved (rule 10.11.3)
    Resolved {
        /// its number
        seq: u32,
        /// its card
        source: InstId,
    },
    /// an ability whose text the interpreter does not execute yet resolved without effect
    NotExecuted {
        /// its card
        source: InstId,
        /// the ability (top textbox first)
        line: u16,
    },
    /// an effect changed a card's power (rule 3.17.2)
    PowerChanged {
        /// the card
        inst: InstId,
        /// by how much
        by: i32,
    },
    /// a Gig's value was adjusted (rule 6.4)
    Adjusted {
        /// the die
        die: DieId,
        /// its value before
        from: u8,
        /// its value now
        to: u8,
    },
    /// all Units lost Lag (rule 11.3.2)
    LagLost,
    /// overtime began (rule 1.11.1)
    OvertimeBegan,
    /// the game ended
    GameOver(Outcome),
    /// a Gig was rolled again by an effect, its earlier result ignored
    Rerolled {
        /// the die
        die: DieId,
        /// its new value
        value: u8,
    },
    /// an effect kept a chosen Gig from being stolen (rules 6.7.4, 9.23.4)
    NotStolen(DieId),
    /// a delayed effect was created, to resolve later this turn (rule 8.16.1)
    DelayedCreated(InstId),
    /// a card was revealed to both players (rule 11.14)
    Revealed(InstId),
    /// a player looked at a hidden or face-down card (rules 5.3.2.1, 11.13)
    LookedAt {
        /// who looked
        player: PlayerId,
        /// the card
        inst: InstId,
    },
    /// a player searched the top cards of their deck (rule 11.13.1.1)
    Searched {
        /// who searched
        player: PlayerId,
        /// how many cards
        count: u8,
    },
    /// an effect made a lasting statement (rule 10.22) about a card, or about every card its
    /// subject describes (`target` = `None`)
    Stated {
        /// the card whose effect it is
        source: InstId,
        /// the card it is about
        target: Option<InstId>,
    },
    /// an effect gave a card a keyword
    Granted {
        /// the card
        inst: InstId,
        /// the keyword
        keyword: gigscript_dsl::Keyword,
    },
    /// a replacement effect of card text applies instead of defeating a card (rule 10.25)
    Replaced {
        /// the replacement effect's card
        source: InstId,
        /// the card that would have been defeated
        affected: InstId,
    },
}

/// One line of the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LogEntry {
    /// a player chose an option (`auto`: the only option of a mandatory decision)
    Choice {
        /// who chose
        player: PlayerId,
        /// the option's label
        label: String,
        /// taken automatically
        auto: bool,
    },
    /// something happened
    Event(Event),
}

/// How the log names the two players: as a subject (`p0`, `me`, `you`) and as an owner (`p0's`,
/// `my`, `your`), and whether a player is spoken to (`you draw`, `you steal`: the verb agrees).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Names<'a> {
    /// subject names of player 0 and player 1
    pub who: [&'a str; 2],
    /// possessive names of player 0 and player 1
    pub whose: [&'a str; 2],
    /// whether player 0 and player 1 are spoken to: their verbs take the second person
    pub you: [bool; 2],
}

impl Names<'static> {
    /// Seats: `p0`, `p1` (games, bots, the CLI).
    pub const SEATS: Names<'static> = Names {
        who: ["p0", "p1"],
        whose: ["p0's", "p1's"],
        you: [false, false],
    };
    /// Scenario sides: player 0 is `me`, player 1 is `rival` (rulings).
    pub const SCENARIO: Names<'static> = Names {
        who: ["me", "rival"],
        whose: ["my", "rival's"],
        you: [false, false],
    };
}

impl<'a> Names<'a> {
    /// The log as player `me` reads it: `you` (`you draw chrome-fang`, `your d8`), and the rival
    /// by `rival` and `rivals` (`the bot`, `the bot's`).
    pub fn to(me: crate::state::PlayerId, rival: &'a str, rivals: &'a str) -> Names<'a> {
        let mut n = Names {
            who: [rival; 2],
            whose: [rivals; 2],
            you: [false; 2],
        };
        n.who[me.ix()] = "you";
        n.whose[me.ix()] = "your";
        n.you[me.ix()] = true;
        n
    }

    /// `third` (`draws`) for a player named in the third person, `second` (`draw`) for one
    /// spoken to.
    pub fn verb<'v>(&self, p: crate::state::PlayerId, third: &'v str, second: &'v str) -> &'v str {
        if self.you[p.ix()] {
            second
        } else {
            third
        }
    }

    /// `their` for a player named in the third person, `your` for one spoken to.
    pub fn their(&self, p: crate::state::PlayerId) -> &'static str {
        if self.you[p.ix()] {
            "your"
        } else {
            "their"
        }
    }
}
