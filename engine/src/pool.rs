//! The card pool: the facts of every card a game may use, indexed by a small [`CardIdx`].
//!
//! The pool is built once from a [`CardDb`] and shared (`Arc`) by every game; it is never
//! serialised. A [`crate::State`] refers to cards only by [`CardIdx`], so a saved state is only
//! meaningful together with the pool it was played with.

use gigscript_dsl::{CardDb, CardType, Keyword};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Index of a card in a [`Pool`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardIdx(pub u16);

/// A set of keywords (rules 11.23–11.26) as a bit set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Keywords(pub u8);

impl Keywords {
    fn bit(k: Keyword) -> u8 {
        match k {
            Keyword::Blocker => 1,
            Keyword::Quick => 2,
            Keyword::GoSolo => 4,
            Keyword::Adrenaline => 8,
        }
    }

    /// Whether the set holds `k`.
    pub fn has(self, k: Keyword) -> bool {
        self.0 & Self::bit(k) != 0
    }

    /// The set with `k` added.
    pub fn with(self, k: Keyword) -> Self {
        Keywords(self.0 | Self::bit(k))
    }
}

/// The facts of a card that the rules read (card text stays opaque to the engine core).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facts {
    /// legend, unit, gear or program
    pub kind: CardType,
    /// cost value; `None` for a null cost (rule 3.11.2)
    pub cost: Option<u32>,
    /// printed power, if any (rule 3.17.4)
    pub power: Option<i32>,
    /// has a Sell Tag (rule 3.12)
    pub sell: bool,
    /// printed keywords
    pub keywords: Keywords,
}

/// The facts of every card of a [`CardDb`], plus ids and tags for labels and filters.
#[derive(Clone, Debug, Default)]
pub struct Pool {
    facts: Vec<Facts>,
    ids: Vec<String>,
    tags: Vec<Vec<String>>,
    by_id: HashMap<String, CardIdx>,
}

/// Most cards a pool can hold (a [`CardIdx`] is 16 bits).
pub const MAX_POOL_CARDS: usize = u16::MAX as usize;

impl Pool {
    /// Builds the pool of every card in `db` (at most [`MAX_POOL_CARDS`]; the rest are ignored).
    pub fn from_db(db: &CardDb) -> Self {
        let mut pool = Pool::default();
        for card in db.cards().iter().take(MAX_POOL_CARDS) {
            let keywords = card
                .keywords
                .iter()
                .fold(Keywords::default(), |k, &kw| k.with(kw));
            pool.facts.push(Facts {
                kind: card.kind,
                cost: card.cost,
                power: card.power,
                sell: card.sell,
                keywords,
            });
            let idx = CardIdx(pool.ids.len() as u16);
            pool.by_id.entry(card.id.clone()).or_insert(idx);
            pool.ids.push(card.id.clone());
            pool.tags.push(card.tags.clone());
        }
        pool
    }

    /// The index of the card with this id.
    pub fn index_of(&self, id: &str) -> Option<CardIdx> {
        self.by_id.get(id).copied()
    }

    /// Every card id, in pool order.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.ids.iter().map(String::as_str)
    }

    /// The facts of a card. An index from another pool gives the facts of a null card.
    pub fn facts(&self, idx: CardIdx) -> Facts {
        self.facts.get(idx.0 as usize).copied().unwrap_or(Facts {
            kind: CardType::Program,
            cost: None,
            power: None,
            sell: false,
            keywords: Keywords::default(),
        })
    }

    /// The id of a card (`?` for an index from another pool).
    pub fn id(&self, idx: CardIdx) -> &str {
        self.ids.get(idx.0 as usize).map_or("?", |s| s.as_str())
    }

    /// The tags of a card.
    pub fn tags(&self, idx: CardIdx) -> &[String] {
        self.tags.get(idx.0 as usize).map_or(&[], |t| t.as_slice())
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        self.facts.len()
    }

    /// Whether the pool is empty.
    pub fn is_empty(&self) -> bool {
        self.facts.is_empty()
    }
}
