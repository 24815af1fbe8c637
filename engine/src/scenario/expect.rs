//! `expect` lines of a ruling: checks on the final state, parsed into data.

use gigscript_dsl::ruling::Side;
use std::fmt;

/// A zone named in an expectation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZoneName {
    /// the hand
    Hand,
    /// the deck
    Deck,
    /// the field
    Field,
    /// the Legends area
    Legends,
    /// the Eddies area
    Eddies,
    /// the trash
    Trash,
    /// removed from the game
    Removed,
    /// the Gig area
    Gigs,
    /// the fixer area
    Fixer,
}

impl ZoneName {
    /// The zone with this name, as written in rulings.
    pub fn parse(word: &str) -> Option<ZoneName> {
        Some(match word {
            "hand" => ZoneName::Hand,
            "deck" => ZoneName::Deck,
            "field" => ZoneName::Field,
            "legends" => ZoneName::Legends,
            "eddies" => ZoneName::Eddies,
            "trash" => ZoneName::Trash,
            "removed" => ZoneName::Removed,
            "gigs" => ZoneName::Gigs,
            "fixer" => ZoneName::Fixer,
            _ => return None,
        })
    }

    /// The name as written in rulings.
    pub fn as_str(self) -> &'static str {
        match self {
            ZoneName::Hand => "hand",
            ZoneName::Deck => "deck",
            ZoneName::Field => "field",
            ZoneName::Legends => "legends",
            ZoneName::Eddies => "eddies",
            ZoneName::Trash => "trash",
            ZoneName::Removed => "removed",
            ZoneName::Gigs => "gigs",
            ZoneName::Fixer => "fixer",
        }
    }
}

/// A card named in an expectation: an id, optionally with its controller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardName {
    /// `me`/`rival` when written, else any player
    pub side: Option<Side>,
    /// the card id
    pub id: String,
}

/// Who won, in a `winner = …` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinnerName {
    /// the first player of the scenario
    Me,
    /// the other player
    Rival,
    /// both won or lost at once
    Tie,
    /// the game goes on
    None,
}

/// One check on the final state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// `me hand = [floor-it, chrome-fang]`, `rival gigs = [d4:2]` (order as listed by the zone)
    Zone {
        /// whose zone
        side: Side,
        /// which zone
        zone: ZoneName,
        /// ids of cards, or `d12:11` dice for gigs and fixer
        items: Vec<String>,
    },
    /// `me trash count = 2`
    Count {
        /// whose zone
        side: Side,
        /// which zone
        zone: ZoneName,
        /// how many cards or dice
        count: usize,
    },
    /// `chrome-fang in field`
    In {
        /// the card
        card: CardName,
        /// the zone it must be in
        zone: ZoneName,
    },
    /// `chrome-fang power = 8`
    Power {
        /// the card
        card: CardName,
        /// its current power, negatives shown as they are
        power: i64,
    },
    /// `chrome-fang spent` / `chrome-fang ready`
    Spent {
        /// the card
        card: CardName,
        /// true for spent, false for ready
        spent: bool,
    },
    /// `me street cred = 13`, `rival street cred = null`
    StreetCred {
        /// whose
        side: Side,
        /// `None` for null Street Cred (rule 5.11.4)
        value: Option<i64>,
    },
    /// `winner = me`
    Winner(WinnerName),
    /// `decision = pass` (the current decision offers an option matching this step)
    Decision(String),
    /// `options include attack rival gigs` / `options exclude …`
    Options {
        /// include (true) or exclude (false)
        include: bool,
        /// words of a label, matched like steps
        label: String,
    },
}

/// An expectation line that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectError {
    /// the line
    pub line: String,
    /// what is wrong
    pub message: String,
}

impl fmt::Display for ExpectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot read expectation `{}`: {}",
            self.line, self.message
        )
    }
}

fn side(word: &str) -> Option<Side> {
    match word {
        "me" => Some(Side::Me),
        "rival" => Some(Side::Rival),
        _ => None,
    }
}

fn list(text: &str) -> Option<Vec<String>> {
    let inner = text.trim().strip_prefix('[')?.strip_suffix(']')?;
    Some(
        inner
            .split(',')
            .map(|s| s.trim().trim_matches('"').to_owned())
            .filter(|s| !s.is_empty())
            .collect(),
    )
}

fn card_name(text: &str) -> Option<CardName> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        [id] => Some(CardName {
            side: None,
            id: (*id).to_owned(),
        }),
        [s, id] => Some(CardName {
            side: Some(side(s)?),
            id: (*id).to_owned(),
        }),
        _ => None,
    }
}

impl Expect {
    /// Reads one `expect` line.
    pub fn parse(line: &str) -> Result<Expect, ExpectError> {
        let err = |m: &str| ExpectError {
            line: line.to_owned(),
            message: m.to_owned(),
        };
        let text = line.trim();
        if let Some(rest) = text.strip_prefix("options include ") {
            return Ok(Expect::Options {
                include: true,
                label: rest.trim().to_owned(),
            });
        }
        if let Some(rest) = text.strip_prefix("options exclude ") {
            return Ok(Expect::Options {
                include: false,
                label: rest.trim().to_owned(),
            });
        }
        if let Some((lhs, rhs)) = text.split_once('=') {
            let (lhs, rhs) = (lhs.trim(), rhs.trim());
            let words: Vec<&str> = lhs.split_whitespace().collect();
            return match words.as_slice() {
                ["winner"] => Ok(Expect::Winner(match rhs {
                    "me" => WinnerName::Me,
                    "rival" => WinnerName::Rival,
                    "tie" => WinnerName::Tie,
                    "none" => WinnerName::None,
                    _ => return Err(err("expected `me`, `rival`, `tie` or `none`")),
                })),
                ["decision"] => Ok(Expect::Decision(rhs.to_owned())),
                [s, "street", "cred"] => Ok(Expect::StreetCred {
                    side: side(s).ok_or_else(|| err("expected `me` or `rival`"))?,
                    value: if rhs == "null" {
                        None
                    } else {
                        Some(
                            rhs.parse()
                                .map_err(|_| err("expected a number or `null`"))?,
                        )
                    },
                }),
                [s, z, "count"] => Ok(Expect::Count {
                    side: side(s).ok_or_else(|| err("expected `me` or `rival`"))?,
                    zone: ZoneName::parse(z).ok_or_else(|| err("unknown zone"))?,
                    count: rhs.parse().map_err(|_| err("expected a count"))?,
                }),
                [s, z] if side(s).is_some() && ZoneName::parse(z).is_some() => Ok(Expect::Zone {
                    side: side(s).expect("checked"),
                    zone: ZoneName::parse(z).expect("checked"),
                    items: list(rhs).ok_or_else(|| err("expected a list `[…]`"))?,
                }),
                [.., "power"] => Ok(Expect::Power {
                    card: card_name(lhs.trim_end_matches("power").trim())
                        .ok_or_else(|| err("expected `<card> power = N`"))?,
                    power: rhs.parse().map_err(|_| err("expected a number"))?,
                }),
                _ => Err(err("unknown expectation")),
            };
        }
        if let Some((card, zone)) = text.rsplit_once(" in ") {
            return Ok(Expect::In {
                card: card_name(card).ok_or_else(|| err("expected `<card> in <zone>`"))?,
                zone: ZoneName::parse(zone.trim()).ok_or_else(|| err("unknown zone"))?,
            });
        }
        for (suffix, spent) in [(" spent", true), (" ready", false)] {
            if let Some(card) = text.strip_suffix(suffix) {
                return Ok(Expect::Spent {
                    card: card_name(card).ok_or_else(|| err("expected `<card> spent`"))?,
                    spent,
                });
            }
        }
        Err(err("unknown expectation"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_documented_form_parses() {
        let cases = [
            "me gigs = [d12:11]",
            "rival gigs = [d4:2]",
            "chrome-fang in field",
            "rival psycho-squad in trash",
            "me hand = [floor-it, chrome-fang]",
            "me trash count = 2",
            "chrome-fang power = 8",
            "chrome-fang spent",
            "rival corpo-security ready",
            "me street cred = 13",
            "rival street cred = null",
            "winner = tie",
            "decision = pass",
            "options include attack rival gigs",
            "options exclude block with corpo-security",
        ];
        for c in cases {
            assert!(Expect::parse(c).is_ok(), "{c}");
        }
        assert_eq!(
            Expect::parse("me gigs = [d12:11, rival d6:3]").unwrap(),
            Expect::Zone {
                side: Side::Me,
                zone: ZoneName::Gigs,
                items: vec!["d12:11".into(), "rival d6:3".into()]
            }
        );
    }

    #[test]
    fn unknown_forms_are_errors() {
        for c in [
            "me hands = []",
            "winner = maybe",
            "chrome-fang in hand zone",
            "blah",
        ] {
            assert!(Expect::parse(c).is_err(), "{c}");
        }
    }
}
