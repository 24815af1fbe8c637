//! Rulings: scenario tests written in card files and `tests/rulings/*.toml` (a public format).

use serde::{Deserialize, Serialize};

/// One scenario (a `[[ruling]]` table, docs/rulings.md): a position of the game, the choices made
/// from it by option label, and checks on the state after the last step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Ruling {
    /// What the ruling shows, as a sentence; failures are reported under it, and it names the
    /// ruling's snapshot, so two rulings of one file need different names.
    pub name: String,
    /// The rule it pins down, by number (`9.23.1`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// The format whose cards it is about: `alpha` (the Alpha Kit and spoiler printings); left
    /// out, `standard` (the current printings). It runs only with that format's cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<crate::card::Format>,
    /// The choices made, in order: each selects the option whose label equals it (ignoring case)
    /// or the only one whose label has its words in order (`attack gigs`); `me concedes`,
    /// `rival concedes` and `concede` concede.
    #[serde(default)]
    pub steps: Vec<String>,
    /// Checks on the state after the last step (`chrome-fang in field`, `me gigs = [d12:11]`,
    /// `winner = me`; docs/rulings.md lists every form).
    #[serde(default)]
    pub expect: Vec<String>,
    /// The position of "me", the player whose turn it is by default.
    #[serde(default)]
    pub me: PlayerSetup,
    /// The position of the other player.
    #[serde(default)]
    pub rival: PlayerSetup,
    /// Whose turn, the phase, the turn number, overtime and the random seed.
    #[serde(default)]
    pub game: GameSetup,
}

impl Ruling {
    /// The format the ruling is about: it runs only with that format's cards.
    pub fn format(&self) -> crate::card::Format {
        self.format.unwrap_or_default()
    }
}

/// What one player has when the scenario starts; an absent key keeps the default.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    /// Cards in hand (default: none).
    pub hand: Option<Vec<CardEntry>>,
    /// Units, and Legends with a cost, in the field (default: none); Gear is written in its
    /// host's `gear`.
    pub field: Option<Vec<CardEntry>>,
    /// Legends in the Legends area, left to right: `legend 1` is the first (default: none).
    pub legends: Option<Vec<CardEntry>>,
    /// Ready Eddies (default: none): a number of filler cards (`eddies = 3`, at most 1000), or
    /// cards placed face-down (`eddies = ["rockn-rockerboy"]`).
    pub eddies: Option<Eddies>,
    /// Dice in this player's Gig area (default: none): `d12:11` is a d12 showing 11, `rival d6:3`
    /// a die the other player owns; the dice are d4, d6, d8, d10, d12 and d20 (rule 6.2).
    pub gigs: Option<Vec<String>>,
    /// Dice left in the fixer (`["d20"]`; `[]` empties it); default: every die of the player not
    /// in a Gig area.
    pub fixer: Option<Vec<String>>,
    /// The deck, top first (default: 10 filler cards, `swordwise-huscle`).
    pub deck: Option<Vec<CardEntry>>,
    /// The trash, bottom first (default: none).
    pub trash: Option<Vec<CardEntry>>,
    /// Cards removed from the game (default: none).
    pub removed: Option<Vec<CardEntry>>,
}

/// A card in a setup: its id (`"chrome-fang"`), or a table with its state
/// (`{ card = "psycho-squad", spent = true }`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum CardEntry {
    /// The card id: the card is ready, without Lag, a Legend face-down.
    Id(String),
    /// A card id with its state.
    Full(CardState),
}

impl CardEntry {
    /// The card id.
    pub fn id(&self) -> &str {
        match self {
            CardEntry::Id(id) => id,
            CardEntry::Full(s) => &s.card,
        }
    }
}

/// A card with its state, in a setup.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CardState {
    /// The card id.
    pub card: String,
    /// Spent rather than ready.
    #[serde(default)]
    pub spent: bool,
    /// A Legend face-up (default: face-down).
    #[serde(default)]
    pub face_up: Option<bool>,
    /// The card has Lag: it entered the field this turn (rule 5.6.4).
    #[serde(default)]
    pub lag: bool,
    /// The ids of the Gear equipped to it (default: none); Gear goes on a Unit or a face-up
    /// Legend (rule 11.6).
    #[serde(default)]
    pub gear: Vec<String>,
}

/// Eddies in a setup: a number of ready filler cards, or specific cards.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum Eddies {
    /// This many ready Eddies (at most 1000).
    Count(u32),
    /// These cards, placed face-down, so a ruling can check which were spent.
    Cards(Vec<CardEntry>),
}

// Setup entries are read by hand so that a wrong one says what a card author writes instead
// (an untagged enum would only say that no variant matched).
impl<'de> Deserialize<'de> for CardEntry {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = CardEntry;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(
                    "a card: its id (\"chrome-fang\") or a table ({ card = \"chrome-fang\", spent = true })",
                )
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<CardEntry, E> {
                Ok(CardEntry::Id(v.to_owned()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<CardEntry, A::Error> {
                CardState::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(CardEntry::Full)
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for Eddies {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Eddies;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a number of ready Eddies (eddies = 3) or a list of cards")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Eddies, E> {
                u32::try_from(v).map(Eddies::Count).map_err(|_| {
                    E::custom(format!(
                        "{v} Eddies: a number of ready Eddies is 0 or more (eddies = 3)"
                    ))
                })
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Eddies, E> {
                self.visit_i64(i64::try_from(v).unwrap_or(i64::MAX))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<Eddies, A::Error> {
                Vec::<CardEntry>::deserialize(serde::de::value::SeqAccessDeserializer::new(seq))
                    .map(Eddies::Cards)
            }
        }
        d.deserialize_any(V)
    }
}

/// Which player, from the scenario's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// "me", the first player shown
    Me,
    /// the other player
    Rival,
}

/// The game state around the players' setups.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GameSetup {
    /// Whose turn it is (default: `me`).
    pub turn: Option<Side>,
    /// The phase: `main` (the Main Phase, the default) or `start` (the Start Phase, before the
    /// Ready Step).
    pub phase: Option<String>,
    /// The turn number, 1 to 65535 (default: 3); "me" went first, so odd turns are "me"'s.
    pub turn_number: Option<u32>,
    /// Whether overtime has begun (rule 1.11; default: `false`).
    pub overtime: Option<bool>,
    /// The random seed of shuffles and rolls (default: 0).
    pub seed: Option<u64>,
}

/// Largest rulings file read (bytes).
pub const MAX_RULINGS_FILE_LEN: u64 = 1024 * 1024;

/// A file of rulings that belong to no card (`tests/rulings/*.toml`): only `[[ruling]]` tables
/// (docs/rulings.md), run by `gig test` with the whole card pool at hand.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(title = "gigscript rulings file"))]
#[serde(deny_unknown_fields)]
pub struct RulingsFile {
    /// The rulings, each a `[[ruling]]` table.
    #[serde(default, rename = "ruling")]
    pub rulings: Vec<Ruling>,
}

/// A `[[ruling]]` table that does not match the format, named so the other rulings still run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadRuling {
    /// its `name`, or `ruling N` (1-based) when it has none
    pub name: String,
    /// what is wrong, e.g. ``unknown field `graveyard` ``
    pub message: String,
}

impl std::fmt::Display for BadRuling {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the ruling does not read: {}", self.message)
    }
}

impl RulingsFile {
    /// Reads a rulings file one ruling at a time: a table that does not match the format becomes
    /// a [`BadRuling`] under its name and the others still read. Fails only when the text is not
    /// TOML or holds something other than `[[ruling]]` tables.
    pub fn parse_each(text: &str) -> Result<Vec<Result<Ruling, BadRuling>>, String> {
        let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
            let m = e.to_string();
            m.trim().to_owned()
        })?;
        let mut out = Vec::new();
        for (key, value) in table {
            if key != "ruling" {
                return Err(format!(
                    "unknown key `{key}`; a rulings file holds `[[ruling]]` tables"
                ));
            }
            let toml::Value::Array(items) = value else {
                return Err("`ruling` must be an array of tables (`[[ruling]]`)".into());
            };
            for (i, item) in items.into_iter().enumerate() {
                let name = item
                    .get("name")
                    .and_then(toml::Value::as_str)
                    .map_or_else(|| format!("ruling {}", i + 1), str::to_owned);
                out.push(item.try_into::<Ruling>().map_err(|e| BadRuling {
                    name,
                    message: one_line(&e.to_string()),
                }));
            }
        }
        Ok(out)
    }
}

#[derive(Deserialize)]
struct NameOnly {
    name: Option<toml::Spanned<toml::Value>>,
}

#[derive(Deserialize)]
struct Names {
    #[serde(default)]
    ruling: Vec<NameOnly>,
}

/// Where each ruling's name is written in a TOML text (a card file or a rulings file), in the
/// order of its `ruling` array: the bytes inside the quotes, however the string is quoted
/// (`"…"`, `'…'`, `"""…"""`, inline or `[[ruling]]` tables). `None` for a ruling without a
/// string `name`; an empty list when the text does not read.
pub fn ruling_name_spans(text: &str) -> Vec<Option<std::ops::Range<usize>>> {
    let Ok(names) = toml::from_str::<Names>(text) else {
        return Vec::new();
    };
    names
        .ruling
        .iter()
        .map(|r| {
            let n = r.name.as_ref()?;
            n.get_ref().as_str()?;
            let span = n.span();
            let raw = text.get(span.clone())?;
            let quote = if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
                3
            } else {
                1
            };
            (span.len() >= 2 * quote).then(|| span.start + quote..span.end - quote)
        })
        .collect()
}

/// A message of several lines (`…\nin \`me\``) on one line.
fn one_line(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_ruling_is_named_and_the_others_still_read() {
        let text = r#"
[[ruling]]
name = "fine"
steps = ["pass"]
[ruling.me]
eddies = 2
gigs = ["d4:1"]
legends = [{ card = "v-streetkid", face_up = true }]

[[ruling]]
name = "bad zone"
[ruling.me]
graveyard = ["chrome-fang"]

[[ruling]]
steps = "pass"
"#;
        let got = RulingsFile::parse_each(text).unwrap();
        assert_eq!(got.len(), 3);
        let fine = got[0].as_ref().unwrap();
        assert_eq!(fine.me.eddies, Some(Eddies::Count(2)));
        let bad = got[1].as_ref().unwrap_err();
        assert_eq!(bad.name, "bad zone");
        assert!(bad.message.contains("graveyard"), "{}", bad.message);
        assert_eq!(got[2].as_ref().unwrap_err().name, "ruling 3");
        // The strict whole-file reading agrees on the good ruling.
        let whole: RulingsFile = toml::from_str(
            "[[ruling]]\nname = \"fine\"\nsteps = [\"pass\"]\n[ruling.me]\neddies = 2\ngigs = [\"d4:1\"]\nlegends = [{ card = \"v-streetkid\", face_up = true }]\n",
        )
        .unwrap();
        assert_eq!(&whole.rulings[0], fine);
    }

    #[test]
    fn ruling_names_are_located_however_they_are_quoted() {
        let text = "id = 'x'\nruling = [{ name = 'single' }, { steps = [] }, { name = \"double\" }]\n[more]\n";
        let spans = ruling_name_spans(text);
        assert_eq!(spans.len(), 3);
        assert_eq!(&text[spans[0].clone().unwrap()], "single");
        assert_eq!(spans[1], None);
        assert_eq!(&text[spans[2].clone().unwrap()], "double");
        let text =
            "[[ruling]]\nname = '''three'''\n[ruling.me]\nhand = []\n[[ruling]]\nname = \"two\"\n";
        let spans = ruling_name_spans(text);
        assert_eq!(&text[spans[0].clone().unwrap()], "three");
        assert_eq!(&text[spans[1].clone().unwrap()], "two");
    }

    #[test]
    fn bad_setup_entries_say_what_a_card_author_writes() {
        // Issue 17: they printed "data did not match any variant of untagged enum …".
        let text = "[[ruling]]\nname = \"a\"\n[ruling.me]\nhand = [3]\n[[ruling]]\nname = \"b\"\n[ruling.me]\neddies = \"lots\"\n[[ruling]]\nname = \"c\"\n[ruling.me]\neddies = -2\n";
        let got = RulingsFile::parse_each(text).unwrap();
        let msg = |k: usize| got[k].as_ref().unwrap_err().message.clone();
        assert!(
            msg(0).contains("a card: its id (\"chrome-fang\") or a table"),
            "{}",
            msg(0)
        );
        assert!(
            msg(1).contains("a number of ready Eddies (eddies = 3) or a list of cards"),
            "{}",
            msg(1)
        );
        assert!(
            msg(2).contains("a number of ready Eddies is 0 or more"),
            "{}",
            msg(2)
        );
        for k in 0..3 {
            assert!(!msg(k).contains("untagged"), "{}", msg(k));
        }
    }

    #[test]
    fn a_file_that_is_not_rulings_is_an_error() {
        assert!(RulingsFile::parse_each("not toml [").is_err());
        assert!(RulingsFile::parse_each("legends = []").is_err());
        assert!(RulingsFile::parse_each("ruling = 3").is_err());
        assert_eq!(RulingsFile::parse_each("").unwrap(), vec![]);
    }
}
