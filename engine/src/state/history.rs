//! This turn's history: what each card and player did this turn, with the facts a text may ask
//! about later (`The first time … each turn` counts the turn's events, also those before the
//! card was in play, FAQ §3; `you played a Program this turn`; `this Unit stole a Gig this turn`).
//! The rules record it as things happen and clear it when a turn begins (rule 8.2).

use super::{DieId, InstId, PlayerId, Zone};
use crate::pool::CardIdx;
use gigscript_dsl::prim::EventKind;
use serde::{Deserialize, Serialize};

/// Most events one turn's history keeps; a turn with more keeps its first ones (an engine
/// limit, far beyond any real turn).
pub const MAX_HISTORY: usize = 4096;

/// A card as it was when something happened to it (its last known information, rule 10.10.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardFact {
    /// the instance
    pub inst: InstId,
    /// which card
    pub card: CardIdx,
    /// its owner
    pub owner: PlayerId,
    /// its controller then
    pub controller: PlayerId,
    /// its area then
    pub zone: Zone,
    /// face-up then
    pub face_up: bool,
    /// spent then
    pub spent: bool,
    /// the card it was equipped to (a Gear)
    pub equipped_to: Option<InstId>,
    /// it had Gear equipped to it then (a defeated Unit was an equipped Unit)
    #[serde(default)]
    pub geared: bool,
}

/// A Gig as it was when something happened to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GigFact {
    /// the die
    pub die: DieId,
    /// whose Gig area it was in (`None`: a fixer, or out of the game)
    pub holder: Option<PlayerId>,
    /// its owner
    pub owner: PlayerId,
    /// its sides
    pub sides: u8,
    /// its value then
    pub value: u8,
}

/// An object as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fact {
    /// a card
    Card(CardFact),
    /// a Gig
    Gig(GigFact),
    /// a player
    Player(PlayerId),
}

/// The objects of a happening: most events are about one, kept without an allocation.
pub type FactList = smallvec::SmallVec<[Fact; 1]>;

/// One thing that happened: its kind, who did it (a card, with the player it acted for), to
/// what, and the other Unit of a fight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Happened {
    /// the kind
    pub kind: EventKind,
    /// the card that did it, if a card did (the attacking Unit, the stealing Unit)
    pub actor: Option<Fact>,
    /// the player who did it (the controller of the acting card, or the player acting)
    pub player: Option<PlayerId>,
    /// what it was done to, all at once (the Gigs of one steal)
    pub objects: FactList,
    /// the opposing Unit of a fight
    pub other: Option<Fact>,
    /// a won fight's margin of power
    pub margin: i32,
}

/// The events of the current turn, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct History {
    /// the turn they belong to
    pub turn: u16,
    /// what happened, in order
    pub events: Vec<Happened>,
}

impl History {
    /// Records an event of turn `turn` (a new turn starts a new history).
    pub fn record(&mut self, turn: u16, h: Happened) {
        if self.turn != turn {
            self.turn = turn;
            self.events.clear();
        }
        if self.events.len() < MAX_HISTORY {
            self.events.push(h);
        }
    }

    /// Records the events of `list` of turn `turn`, in order, leaving `list` empty.
    pub fn record_all(&mut self, turn: u16, list: &mut Vec<Happened>) {
        if self.turn != turn {
            self.turn = turn;
            self.events.clear();
        }
        // A turn at the limit keeps its first events. Most events are one happening: moved
        // as a value, the rest in one copy.
        let room = MAX_HISTORY.saturating_sub(self.events.len());
        match list.pop() {
            Some(h) if list.is_empty() && room > 0 => self.events.push(h),
            // A third of the events have none: checked apart, the path below costs more.
            None => {}
            // Several, or no room: the one taken out goes back and the list is cut to the room.
            last => {
                list.extend(last);
                list.truncate(room);
                self.events.append(list);
            }
        }
    }

    /// The events of turn `turn` (none for another turn).
    pub fn of_turn(&self, turn: u16) -> &[Happened] {
        match self.turn == turn {
            true => &self.events,
            false => &[],
        }
    }
}

/// Who is doing the action now being performed, when an effect does it: the events it makes
/// are theirs (`When a Rival decreases a friendly Gig`), and `kind` names the action the text
/// does (a move to the trash from the hand is a discard only when the text discards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Acting {
    /// the player acting (the effect's controller, or the player an effect names)
    pub player: PlayerId,
    /// the card acting for them, when the text names one (`it also steals a Gig`)
    pub card: Option<InstId>,
    /// the kind of event the action is, when the text's verb says (`discard`, `set`)
    pub kind: Option<EventKind>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A happening told apart from others by its margin.
    fn numbered(n: i32) -> Happened {
        Happened {
            kind: EventKind::Draw,
            actor: None,
            player: None,
            objects: FactList::new(),
            other: None,
            margin: n,
        }
    }

    fn margins(h: &History, turn: u16) -> Vec<i32> {
        h.of_turn(turn).iter().map(|e| e.margin).collect()
    }

    #[test]
    fn a_turn_keeps_its_events_in_order_and_a_new_turn_starts_afresh() {
        let mut h = History::default();
        let mut list = vec![numbered(1)];
        h.record_all(3, &mut list);
        assert!(list.is_empty());
        let mut list = vec![numbered(2), numbered(3)];
        h.record_all(3, &mut list);
        h.record_all(3, &mut Vec::new());
        assert!(list.is_empty());
        assert_eq!(margins(&h, 3), [1, 2, 3]);
        assert!(h.of_turn(4).is_empty());
        h.record_all(4, &mut vec![numbered(4)]);
        assert_eq!(margins(&h, 4), [4]);
        assert!(h.of_turn(3).is_empty());
    }

    #[test]
    fn a_turn_at_the_limit_keeps_its_first_events() {
        let mut h = History::default();
        for n in 0..MAX_HISTORY as i32 - 1 {
            h.record_all(1, &mut vec![numbered(n)]);
        }
        // One place left: the first of two happenings takes it.
        let mut list = vec![numbered(-1), numbered(-2)];
        h.record_all(1, &mut list);
        assert!(list.is_empty());
        assert_eq!(h.of_turn(1).len(), MAX_HISTORY);
        assert_eq!(h.of_turn(1).last().map(|e| e.margin), Some(-1));
        // None left: a single one is dropped, and so is a list.
        let mut list = vec![numbered(-3)];
        h.record_all(1, &mut list);
        assert!(list.is_empty());
        h.record_all(1, &mut vec![numbered(-4), numbered(-5)]);
        assert_eq!(h.of_turn(1).len(), MAX_HISTORY);
        assert_eq!(h.of_turn(1).last().map(|e| e.margin), Some(-1));
    }
}
