//! Decks: the TOML deck format and the deck-building rules 7.3 and 3.20.

use crate::card::{read_text, toml_error, CardDb, CardError, CardType, Color};
use crate::diag::{Diagnostic, IntoDiagnostic};
use crate::source::{FileId, Sources, Span};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;
use toml::Spanned;

/// Largest deck file the loader reads.
pub const MAX_DECK_FILE_LEN: u64 = 64 * 1024;
/// Cards in a side deck when there is one.
pub const SIDE_DECK_SIZE: u32 = 7;
/// Fewest cards in a main deck (rule 7.3.2).
pub const MIN_MAIN: u32 = 40;
/// Most cards in a main deck (rule 7.3.2).
pub const MAX_MAIN: u32 = 50;
/// Most copies of one name and subtitle (rule 7.3.3).
pub const MAX_COPIES: u32 = 3;

/// The keys a deck file may have.
pub const DECK_KEYS: [&str; 4] = ["name", "legends", "main", "side"];

/// A deck file (`decks/*.toml`): three Legends, a main deck and an optional side deck, cards named
/// by id (docs/card-files.md). Keys the format does not have are errors. `gig deck check` checks
/// the deck-building rules this schema does not say (rules 7.3, 3.20: 3 Legends of different
/// names, 40 to 50 main cards, at most 3 copies of a name and subtitle, the RAM limits).
#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(title = "gigscript deck file"))]
#[serde(deny_unknown_fields)]
pub(crate) struct RawDeck {
    /// The deck's name (default: the file name).
    name: Option<String>,
    /// The ids of the deck's 3 Legends, of different names (rules 7.3, 7.3.1), left to right.
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    legends: Spanned<Vec<Spanned<String>>>,
    /// The main deck: card id = copies, 40 to 50 cards in all (rule 7.3.2), no Legend (rule
    /// 7.3).
    #[cfg_attr(feature = "schema", schemars(with = "BTreeMap<String, Copies>"))]
    main: Spanned<BTreeMap<String, Spanned<u32>>>,
    /// A side deck: card id = copies, 7 cards in all (`SIDE_DECK_SIZE`).
    #[cfg_attr(
        feature = "schema",
        schemars(with = "Option<BTreeMap<String, Copies>>")
    )]
    side: Option<Spanned<BTreeMap<String, Spanned<u32>>>>,
}

/// How many copies of the card the deck has; `gig deck check` refuses an entry of 0 and more than
/// 3 copies of one name and subtitle in a deck (rule 7.3.3).
#[cfg(feature = "schema")]
#[derive(schemars::JsonSchema)]
#[schemars(transparent)]
#[allow(dead_code)]
struct Copies(u32);

/// A card id and how many copies, with where it is written.
#[derive(Clone, Debug)]
pub struct DeckEntry {
    /// card id
    pub id: String,
    /// copies
    pub count: u32,
    /// where the entry is written
    pub span: Span,
}

/// A deck as written in its file.
#[derive(Clone, Debug)]
pub struct Deck {
    /// the deck's name, or its file name
    pub name: String,
    /// the three Legends
    pub legends: Vec<DeckEntry>,
    /// the main deck
    pub main: Vec<DeckEntry>,
    /// the side deck, if any
    pub side: Option<Vec<DeckEntry>>,
    /// where `legends` is written
    pub legends_span: Span,
    /// where `[main]` is written
    pub main_span: Span,
    /// the file
    pub file: FileId,
}

impl Deck {
    /// The main deck as a list of ids, one per copy.
    pub fn main_ids(&self) -> Vec<&str> {
        self.main
            .iter()
            .flat_map(|e| std::iter::repeat_n(e.id.as_str(), e.count as usize))
            .collect()
    }

    /// The Legends' ids.
    pub fn legend_ids(&self) -> Vec<&str> {
        self.legends.iter().map(|e| e.id.as_str()).collect()
    }
}

/// Which deck rule a deck breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeckErrorKind {
    /// the file could not be read or parsed
    File,
    /// an id that is no card
    UnknownCard,
    /// not exactly 3 Legends (rule 7.3)
    LegendCount,
    /// a card in `legends` that is not a Legend
    NotALegend,
    /// two Legends with the same name (rule 7.3.1)
    SameLegendName,
    /// fewer than 40 or more than 50 main cards (rule 7.3.2)
    MainSize,
    /// more than 3 copies of a name and subtitle (rule 7.3.3)
    TooManyCopies,
    /// a card above the RAM limit of its colour (rules 7.3.4, 3.20.5.2)
    RamLimit,
    /// a Legend in the main deck (rule 7.3)
    LegendInMain,
    /// a side deck that is not 7 cards
    SideSize,
    /// an entry with 0 copies
    ZeroCopies,
}

/// A problem with a deck.
#[derive(Clone, Debug)]
pub struct DeckError {
    /// which rule
    pub kind: DeckErrorKind,
    /// the rule number, if a game rule
    pub rule: Option<&'static str>,
    /// the headline
    pub message: String,
    /// where
    pub span: Option<Span>,
    /// a hint
    pub help: Option<String>,
    /// the underlying file error, when the file itself is bad
    pub file_error: Option<Box<CardError>>,
}

impl DeckError {
    fn new(kind: DeckErrorKind, rule: &'static str, span: Span, message: String) -> Self {
        DeckError {
            kind,
            rule: Some(rule),
            message,
            span: Some(span),
            help: None,
            file_error: None,
        }
    }
}

impl IntoDiagnostic for DeckError {
    fn to_diagnostic(&self) -> Diagnostic {
        if let Some(e) = &self.file_error {
            return e.to_diagnostic();
        }
        let message = match self.rule {
            Some(r) => format!("{} (rule {r})", self.message),
            None => self.message.clone(),
        };
        let mut d = Diagnostic::error(message);
        if let Some(span) = &self.span {
            d = d.with_primary(*span, "");
        }
        if let Some(h) = &self.help {
            d = d.with_note(format!("help: {h}"));
        }
        d
    }
}

fn file_error(e: CardError) -> DeckError {
    DeckError {
        kind: DeckErrorKind::File,
        rule: None,
        message: e.message.clone(),
        span: e.span,
        help: e.help.clone(),
        file_error: Some(Box::new(e)),
    }
}

/// Reads and parses a deck file (without checking the deck rules).
pub fn load_deck(path: &Path, sources: &mut Sources) -> Result<Deck, DeckError> {
    let text = read_text(path, MAX_DECK_FILE_LEN).map_err(|(kind, msg)| {
        file_error(CardError {
            kind,
            path: path.to_owned(),
            span: None,
            key: None,
            message: format!("cannot read {}: {msg}", path.display()),
            label: String::new(),
            help: None,
            related: None,
        })
    })?;
    let file = sources.add(path, text);
    parse_deck(sources, file)
}

/// Parses a deck file already in `sources`.
pub fn parse_deck(sources: &Sources, file: FileId) -> Result<Deck, DeckError> {
    let src = &sources.get(file).text;
    let raw: RawDeck =
        toml::from_str(src).map_err(|e| file_error(toml_error(sources, file, &e, &DECK_KEYS)))?;
    let sp = |r: std::ops::Range<usize>| Span::new(file, r);
    let entries = |m: &BTreeMap<String, Spanned<u32>>| {
        let mut v: Vec<DeckEntry> = m
            .iter()
            .map(|(id, n)| DeckEntry {
                id: id.clone(),
                count: *n.get_ref(),
                span: sp(n.span()),
            })
            .collect();
        v.sort_by_key(|e| e.span.start);
        v
    };
    let name = raw.name.unwrap_or_else(|| {
        sources
            .path(file)
            .file_stem()
            .map_or_else(|| "deck".into(), |s| s.to_string_lossy().into_owned())
    });
    Ok(Deck {
        name,
        legends: raw
            .legends
            .get_ref()
            .iter()
            .map(|l| DeckEntry {
                id: l.get_ref().clone(),
                count: 1,
                span: sp(l.span()),
            })
            .collect(),
        legends_span: sp(raw.legends.span()),
        main: entries(raw.main.get_ref()),
        main_span: sp(raw.main.span()),
        side: raw.side.as_ref().map(|s| entries(s.get_ref())),
        file,
    })
}

/// Checks a deck against rules 7.3 and 3.20; every violation is its own error.
pub fn check_deck(deck: &Deck, db: &CardDb) -> Vec<DeckError> {
    let mut errors = Vec::new();
    let unknown = |e: &DeckEntry| {
        let mut err = DeckError::new(
            DeckErrorKind::UnknownCard,
            "7.3.6",
            e.span,
            format!("unknown card `{}`", e.id),
        );
        err.rule = None;
        err.help = db.suggest_id(&e.id).map(|s| format!("did you mean `{s}`?"));
        err
    };

    // Rule 7.3: exactly 3 Legends; rule 7.3.1: with different names.
    if deck.legends.len() != 3 {
        errors.push(DeckError::new(
            DeckErrorKind::LegendCount,
            "7.3",
            deck.legends_span,
            format!(
                "the deck has {} Legends; a deck has exactly 3",
                deck.legends.len()
            ),
        ));
    }
    let mut ram: BTreeMap<Color, u32> = BTreeMap::new();
    let mut legend_names: BTreeMap<&str, &DeckEntry> = BTreeMap::new();
    for e in &deck.legends {
        let Some(card) = db.get(&e.id) else {
            errors.push(unknown(e));
            continue;
        };
        if card.kind != CardType::Legend {
            errors.push(DeckError::new(
                DeckErrorKind::NotALegend,
                "7.3",
                e.span,
                format!("`{}` is a {}, not a Legend", e.id, card.kind),
            ));
            continue;
        }
        if let Some(first) = legend_names.get(card.name.as_str()) {
            errors.push(DeckError::new(
                DeckErrorKind::SameLegendName,
                "7.3.1",
                e.span,
                format!(
                    "Legends `{}` and `{}` have the same name \"{}\"",
                    first.id, e.id, card.name
                ),
            ));
        } else {
            legend_names.insert(&card.name, e);
        }
        // Rule 3.20.5: each Legend raises the RAM limit of its colour.
        let r = ram.entry(card.color).or_default();
        *r = r.saturating_add(card.ram.unwrap_or(0));
    }

    // Rule 7.3.2: 40 to 50 main cards. Counts are added as u64: entries of up to u32::MAX
    // copies each can't wrap around into a legal total.
    let total: u64 = deck.main.iter().map(|e| u64::from(e.count)).sum();
    if !(u64::from(MIN_MAIN)..=u64::from(MAX_MAIN)).contains(&total) {
        errors.push(DeckError::new(
            DeckErrorKind::MainSize,
            "7.3.2",
            deck.main_span,
            format!("the main deck has {total} cards; it needs {MIN_MAIN} to {MAX_MAIN}"),
        ));
    }
    let mut copies: BTreeMap<String, (u64, Vec<&DeckEntry>)> = BTreeMap::new();
    for e in &deck.main {
        let Some(card) = db.get(&e.id) else {
            errors.push(unknown(e));
            continue;
        };
        if e.count == 0 {
            let mut err = DeckError::new(
                DeckErrorKind::ZeroCopies,
                "7.3",
                e.span,
                format!("`{}` is listed with 0 copies", e.id),
            );
            err.rule = None;
            err.help = Some("remove the line".into());
            errors.push(err);
        }
        if card.kind == CardType::Legend {
            errors.push(DeckError::new(
                DeckErrorKind::LegendInMain,
                "7.3",
                e.span,
                format!(
                    "`{}` is a Legend; the main deck holds only non-Legend cards",
                    e.id
                ),
            ));
            continue;
        }
        let slot = copies.entry(card.full_name()).or_default();
        slot.0 += u64::from(e.count);
        slot.1.push(e);
        // Rules 7.3.4 and 3.20.5.2: RAM within the limit of the card's colour.
        let limit = ram.get(&card.color).copied().unwrap_or(0);
        let need = card.ram.unwrap_or(0);
        if need > limit {
            errors.push(DeckError::new(
                DeckErrorKind::RamLimit,
                "7.3.4",
                e.span,
                format!(
                    "`{}` needs {need} {} RAM; the Legends give {limit} {}",
                    e.id, card.color, card.color
                ),
            ));
        }
    }
    for (name, (n, entries)) in &copies {
        if *n > u64::from(MAX_COPIES) {
            let ids: Vec<_> = entries.iter().map(|e| format!("`{}`", e.id)).collect();
            errors.push(DeckError::new(
                DeckErrorKind::TooManyCopies,
                "7.3.3",
                entries[0].span,
                format!(
                    "{n} copies of \"{name}\" ({}); a deck has at most {MAX_COPIES}",
                    ids.join(", ")
                ),
            ));
        }
    }
    if let Some(side) = &deck.side {
        let n: u64 = side.iter().map(|e| u64::from(e.count)).sum();
        for e in side {
            if db.get(&e.id).is_none() {
                errors.push(unknown(e));
            }
        }
        if n != u64::from(SIDE_DECK_SIZE) {
            let mut err = DeckError::new(
                DeckErrorKind::SideSize,
                "7.3",
                side.first().map_or(deck.main_span, |e| e.span),
                format!("the side deck has {n} cards; a side deck has {SIDE_DECK_SIZE}"),
            );
            err.rule = None;
            errors.push(err);
        }
    }
    errors
}
