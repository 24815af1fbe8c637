//! Card files: strict loading of `cards/<set>/<id>.toml` into [`Card`] values.

use crate::diag::{suggest, Diagnostic, IntoDiagnostic};
use crate::ruling::Ruling;
use crate::source::{FileId, Sources, Span};
use crate::syntax::tree::Script;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// Largest card file the loader reads; anything bigger is rejected, not read.
pub const MAX_CARD_FILE_LEN: u64 = 256 * 1024;
/// Largest cost a card may have (the catalogue's highest is 9).
pub const MAX_COST: u32 = 99;
/// Largest RAM a card may have (the catalogue's highest is 5).
pub const MAX_RAM: u32 = 99;
/// Largest printed power, either way (the catalogue's highest is 15; the rules set no limit).
/// With at most a few thousand cards in a game, sums of printed powers stay far inside `i32`.
pub const MAX_POWER: i32 = 999;

/// A card type (rule 3.21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum CardType {
    /// a Legend (rule 4.3)
    Legend,
    /// a Unit (rule 4.6)
    Unit,
    /// a Gear (rule 4.9)
    Gear,
    /// a Program (rule 4.13)
    Program,
}

impl CardType {
    /// The lowercase name used in card files.
    pub fn as_str(self) -> &'static str {
        match self {
            CardType::Legend => "legend",
            CardType::Unit => "unit",
            CardType::Gear => "gear",
            CardType::Program => "program",
        }
    }
}

impl fmt::Display for CardType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// A card colour (rule 3.20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// red
    Red,
    /// green
    Green,
    /// blue
    Blue,
    /// yellow
    Yellow,
}

impl Color {
    /// All colours, in rule order.
    pub const ALL: [Color; 4] = [Color::Red, Color::Green, Color::Blue, Color::Yellow];

    /// The lowercase name used in card files.
    pub fn as_str(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Green => "green",
            Color::Blue => "blue",
            Color::Yellow => "yellow",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// A keyword a card has (rules 11.23–11.26).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Keyword {
    /// `{Blocker}`: when a rival Unit attacks, this Unit may be spent to take the attack (rule 11.24)
    Blocker,
    /// `{Quick}`: an ability (or a Program) that may also be used as a reaction to a rival Unit's
    /// attack (rule 11.26)
    Quick,
    /// `{Go Solo}`: a Legend played from the Legends area as a Unit for its cost (rule 11.25)
    #[serde(rename = "Go Solo")]
    GoSolo,
    /// `{Adrenaline}`: a Unit that may attack the turn it is played (rule 11.23)
    Adrenaline,
}

impl Keyword {
    /// The keyword as card text writes it: `{Go Solo}`.
    pub fn icon(self) -> &'static str {
        match self {
            Keyword::Blocker => "{Blocker}",
            Keyword::Quick => "{Quick}",
            Keyword::GoSolo => "{Go Solo}",
            Keyword::Adrenaline => "{Adrenaline}",
        }
    }
}

/// A format: which printing of every card is played (`--format`). A card file's top-level facts
/// and text are its current printing, the `standard` card; a `[[printing]]` table that names a
/// format is the card in that format, and a card with no printing of a format plays its current
/// printing there too.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// the current printings (the default)
    #[default]
    Standard,
    /// the Alpha Kit and spoiler printings
    Alpha,
}

impl Format {
    /// Every format, the default first.
    pub const ALL: [Format; 2] = [Format::Standard, Format::Alpha];

    /// The lowercase name used in card files, saves and on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Standard => "standard",
            Format::Alpha => "alpha",
        }
    }

    /// Whether this is the default format (saves and rulings leave it out).
    pub fn is_standard(&self) -> bool {
        *self == Format::Standard
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl std::str::FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Format::ALL
            .into_iter()
            .find(|f| f.as_str() == s)
            .ok_or_else(|| format!("unknown format `{s}`; the formats are `standard` and `alpha`"))
    }
}

/// An older printing of a card, a `[[printing]]` table of its file: where it was printed, and
/// the format it is the card of, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Printing {
    /// the product
    pub set: String,
    /// the collector number in that product
    pub number: Option<String>,
    /// the format whose card this printing is
    pub format: Option<Format>,
    /// remarks on this printing
    pub note: Option<String>,
}

/// A textbox of a card, with where it starts in the card file.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CardText {
    /// the text as TOML decoded it
    pub text: String,
    /// byte offset of the first character of `text` in the card file
    pub offset: usize,
    /// false when the file spells the text with escapes, so offsets inside it are approximate
    pub exact: bool,
}

/// One catalogue card: facts, text and rulings.
#[derive(Clone, Debug)]
pub struct Card {
    /// unique slug, equal to the file name
    pub id: String,
    /// printed name (rule 3.9)
    pub name: String,
    /// printed subtitle (rule 3.10)
    pub subtitle: Option<String>,
    /// legend, unit, gear or program
    pub kind: CardType,
    /// colour
    pub color: Color,
    /// cost value; `None` for a null-cost Legend (rule 3.11.2)
    pub cost: Option<u32>,
    /// RAM value (rule 3.20.1)
    pub ram: Option<u32>,
    /// printed power
    pub power: Option<i32>,
    /// tags in capitals (rule 3.13)
    pub tags: Vec<String>,
    /// has a Sell Tag (rule 3.12)
    pub sell: bool,
    /// product the card comes from (in the format it was loaded in)
    pub set: String,
    /// collector number in that product
    pub number: Option<String>,
    /// the format the card was loaded in: its facts and text are that format's printing
    pub format: Format,
    /// every printing of the file other than the current one (`[[printing]]`)
    pub printings: Vec<Printing>,
    /// keywords the card has
    pub keywords: Vec<Keyword>,
    /// a Gear's top textbox (rule 4.11)
    pub top: Option<CardText>,
    /// the rules text (a Gear's bottom textbox)
    pub text: CardText,
    /// flavour text, which has no effect (rule 3.18.1.2.3)
    pub flavor: Option<String>,
    /// why the text differs from print, and other remarks
    pub note: Option<String>,
    /// scenario tests for this card, every format's, in the order of the file (see
    /// [`Card::format_rulings`])
    pub rulings: Vec<Ruling>,
    /// the file the card was read from
    pub file: FileId,
    /// where `id = …` is written
    pub id_span: Span,
    /// the syntax tree of the textboxes as loading read them ([`Card::read_tree`])
    read: Option<std::sync::Arc<ReadBoxes>>,
}

/// A card's textboxes as loading read them, with its type: the syntax tree is reused while the
/// card still has that type and those textboxes.
#[derive(Debug)]
struct ReadBoxes {
    kind: CardType,
    top: Option<CardText>,
    text: CardText,
    tree: crate::syntax::tree::CardTree,
}

impl Card {
    /// The syntax tree of the card's textboxes as loading read them, while its id, type and
    /// textboxes are the ones read (`None` for a card made otherwise or changed since, or whose
    /// text does not parse).
    pub fn read_tree(&self) -> Option<&crate::syntax::tree::CardTree> {
        let r = self.read.as_deref()?;
        (r.kind == self.kind && r.top == self.top && r.text == self.text && r.tree.id == self.id)
            .then_some(&r.tree)
    }

    /// A card of type `kind` with only a rules text and no facts beyond those its type needs
    /// (a text typed in an editor, checked as the text of such a card).
    pub fn text_only(file: FileId, kind: CardType, text: CardText) -> Card {
        Card {
            id: "card".into(),
            name: "Card".into(),
            subtitle: None,
            kind,
            color: Color::Red,
            cost: (kind != CardType::Legend).then_some(1),
            ram: Some(1),
            power: matches!(kind, CardType::Unit | CardType::Legend).then_some(1),
            tags: Vec::new(),
            sell: false,
            set: "card".into(),
            number: None,
            format: Format::Standard,
            printings: Vec::new(),
            keywords: Vec::new(),
            top: None,
            text,
            flavor: None,
            note: None,
            rulings: Vec::new(),
            file,
            id_span: Span::new(file, 0..0),
            read: None,
        }
    }

    /// The rulings of the format the card was loaded in, each with its place in
    /// [`Card::rulings`] (the order of the file's `[[ruling]]` tables).
    pub fn format_rulings(&self) -> impl Iterator<Item = (usize, &Ruling)> + '_ {
        self.rulings
            .iter()
            .enumerate()
            .filter(|(_, r)| r.format() == self.format)
    }

    /// Whether the card has a keyword.
    pub fn has_keyword(&self, k: Keyword) -> bool {
        self.keywords.contains(&k)
    }

    /// Name and subtitle, which together identify a card (rule 3.10.2).
    pub fn full_name(&self) -> String {
        match &self.subtitle {
            Some(s) => format!("{}: {s}", self.name),
            None => self.name.clone(),
        }
    }

    /// The facts of the card as the catalogue lists them.
    pub fn facts(&self) -> Facts<'_> {
        Facts {
            id: &self.id,
            name: &self.name,
            subtitle: self.subtitle.as_deref(),
            kind: self.kind,
            color: self.color,
            cost: self.cost,
            ram: self.ram,
            power: self.power,
            tags: &self.tags,
            sell: self.sell,
            set: &self.set,
            number: self.number.as_deref(),
            keywords: &self.keywords,
            text: &self.text.text,
        }
    }
}

/// The catalogue facts of a card, serialised with the catalogue's field names.
#[derive(Debug, Serialize)]
pub struct Facts<'a> {
    /// id
    pub id: &'a str,
    /// name
    pub name: &'a str,
    /// subtitle
    pub subtitle: Option<&'a str>,
    /// type
    #[serde(rename = "type")]
    pub kind: CardType,
    /// colour
    pub color: Color,
    /// cost
    pub cost: Option<u32>,
    /// RAM
    pub ram: Option<u32>,
    /// power
    pub power: Option<i32>,
    /// tags
    pub tags: &'a [String],
    /// sell tag
    pub sell: bool,
    /// set
    pub set: &'a str,
    /// collector number in the set
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<&'a str>,
    /// keywords
    pub keywords: &'a [Keyword],
    /// rules text in canonical notation
    pub text: &'a str,
}

/// The fields a card file may have, in the order the files write them (the card schema's keys;
/// `tests/schema.rs` checks they are the same).
pub const CARD_KEYS: [&str; 19] = [
    "id", "name", "subtitle", "type", "color", "cost", "ram", "power", "tags", "sell", "set",
    "number", "keywords", "top", "text", "flavor", "note", "printing", "ruling",
];

/// The keys of a `[[printing]]` table, in the order the files write them: where it was
/// printed, the format it is the card of, and the facts and text where they differ from the
/// current printing's.
pub const PRINTING_KEYS: [&str; 17] = [
    "set", "number", "format", "name", "subtitle", "type", "color", "cost", "ram", "power", "tags",
    "sell", "keywords", "top", "text", "flavor", "note",
];

/// A card file, `cards/<set>/<id>.toml`: one card's printed facts, its rules text in the card
/// language and the rulings that pin its behaviour down (docs/card-files.md). Keys the format
/// does not have are errors; the loader checks more than this schema can say (the id is the file
/// name, the set is the folder, which keys a type needs, the keywords agree with the text).
#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(title = "gigscript card file"))]
#[serde(deny_unknown_fields)]
pub(crate) struct RawCard {
    /// The card's identity in decks, rulings, saves and on the command line: a lowercase slug
    /// (`a`–`z`, `0`–`9`, `-`) equal to the file name without `.toml`, unique in the pool.
    #[cfg_attr(
        feature = "schema",
        schemars(with = "String", regex(pattern = r"^[a-z0-9-]+$"))
    )]
    id: Spanned<String>,
    /// The printed name (rule 3.9). With the subtitle it identifies the card for the deck rules
    /// (rules 3.10.2, 7.3.3); a text names a card by its name in capitals and quotes.
    name: String,
    /// The printed subtitle (rule 3.10), if the card has one.
    subtitle: Option<String>,
    /// The card type (rule 3.21): it decides which other keys the card needs and how its text is
    /// read.
    #[serde(rename = "type")]
    #[cfg_attr(feature = "schema", schemars(with = "CardType"))]
    kind: Spanned<CardType>,
    /// The card's colour (rule 3.20); the deck rules compare its `ram` with the RAM of the
    /// Legends of this colour.
    color: Color,
    /// What playing the card costs, in Eddies (€$, rule 3.11), 0 to 99 (`MAX_COST`). A Unit, Gear
    /// or Program needs one (rule 3.11.1); a Legend may leave it out for a null cost (rules
    /// 3.11.2, 4.5), unless its text has {Go Solo} (rule 11.25.1).
    #[cfg_attr(
        feature = "schema",
        schemars(with = "Option<u32>", range(max = MAX_COST))
    )]
    cost: Option<Spanned<u32>>,
    /// The card's RAM (rule 3.20.1), 0 to 99 (`MAX_RAM`); left out, 0. A Legend's RAM adds to the
    /// RAM limit of its colour in a deck; a main-deck card's must be within that limit.
    #[cfg_attr(feature = "schema", schemars(range(max = MAX_RAM)))]
    ram: Option<u32>,
    /// The printed power (rule 3.17), -999 to 999 (`MAX_POWER`). A Unit or Gear needs one, a
    /// Program has none, a Legend may have one (its power as a Unit in the field).
    #[cfg_attr(
        feature = "schema",
        schemars(with = "Option<i32>", range(min = -MAX_POWER, max = MAX_POWER))
    )]
    power: Option<Spanned<i32>>,
    /// The card's tags in capitals, as printed (`["GANGER", "TYGER CLAWS"]`, rule 3.13); `[]`
    /// for none.
    tags: Vec<String>,
    /// Whether the card has a Sell Tag (rule 3.12): it may be sold from the hand in the Main
    /// Phase, and a face-up Legend with one can be spent to pay 1 €$.
    sell: bool,
    /// The product the card comes from, equal to the folder the file is in (`set = "alpha"` in
    /// `cards/alpha/`).
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    set: Spanned<String>,
    /// The collector number of the current printing in its product (`"009"`, `"α007"`).
    number: Option<String>,
    /// The keywords the card has (rules 11.23–11.26). The text is the truth: the loader reads
    /// them from the text, and this key, when written, must say the same.
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<Keyword>>"))]
    keywords: Option<Spanned<Vec<Keyword>>>,
    /// A Gear's top textbox (rule 4.11), in the card language: its `(Equip to …)` reminder and
    /// lines about the Gear itself. Only a Gear has one.
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    top: Option<Spanned<String>>,
    /// The rules text in the card language (grammar/README.md), one ability a line; a Gear's
    /// bottom textbox. `""` for none. Write it as a multi-line string (`"""` … `"""`) so that
    /// diagnostics point at the exact word.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    text: Spanned<String>,
    /// Flavour text as printed, without its quotes; it has no effect (rule 3.18.1.2.3).
    flavor: Option<String>,
    /// Free text for the next reader: why the text differs from the print, what a ruling relies
    /// on.
    note: Option<String>,
    /// The card's older printings, each a `[[printing]]` table: where it was printed, the
    /// format it is the card of (`alpha`), and its facts and text where they differ from the
    /// current printing's.
    #[serde(default, rename = "printing")]
    printings: Vec<RawPrinting>,
    /// The card's rulings (scenario tests), each a `[[ruling]]` table (docs/rulings.md); `gig
    /// check` and `gig test` run them.
    #[serde(default, rename = "ruling")]
    rulings: Vec<Ruling>,
}

/// An older printing of a card (a `[[printing]]` table): a key left out says the same as the
/// card's current printing; one that gives `text` gives its whole text (`top`, `flavor`).
#[derive(Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub(crate) struct RawPrinting {
    /// The product of this printing (`welcometonightcitybeta`, `alpha`, `spoiler`).
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    set: Spanned<String>,
    /// The collector number in that product.
    number: Option<String>,
    /// The format whose card this printing is (`alpha`); at most one printing of a file names a
    /// format.
    #[cfg_attr(feature = "schema", schemars(with = "Option<Format>"))]
    format: Option<Spanned<Format>>,
    /// This printing's name, where it differs.
    name: Option<String>,
    /// This printing's subtitle, where it differs.
    subtitle: Option<String>,
    /// This printing's card type, where it differs.
    #[serde(rename = "type")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<CardType>"))]
    kind: Option<Spanned<CardType>>,
    /// This printing's colour, where it differs.
    color: Option<Color>,
    /// This printing's cost, where it differs.
    #[cfg_attr(
        feature = "schema",
        schemars(with = "Option<u32>", range(max = MAX_COST))
    )]
    cost: Option<Spanned<u32>>,
    /// This printing's RAM, where it differs.
    #[cfg_attr(feature = "schema", schemars(range(max = MAX_RAM)))]
    ram: Option<u32>,
    /// This printing's power, where it differs.
    #[cfg_attr(
        feature = "schema",
        schemars(with = "Option<i32>", range(min = -MAX_POWER, max = MAX_POWER))
    )]
    power: Option<Spanned<i32>>,
    /// This printing's tags, where they differ.
    tags: Option<Vec<String>>,
    /// Whether this printing has a Sell Tag, where it differs.
    sell: Option<bool>,
    /// The keywords of this printing's text, when written (they must agree with it).
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<Keyword>>"))]
    keywords: Option<Spanned<Vec<Keyword>>>,
    /// This printing's top textbox (a Gear's), with its own `text`.
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    top: Option<Spanned<String>>,
    /// This printing's rules text in the card language, where it differs.
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    text: Option<Spanned<String>>,
    /// This printing's flavour text, with its own `text`.
    flavor: Option<String>,
    /// Remarks on this printing.
    note: Option<String>,
}

/// What went wrong with a card file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardErrorKind {
    /// the file could not be read
    Io,
    /// the file is too big to be a card
    TooLarge,
    /// the file is not UTF-8 text
    NotUtf8,
    /// not valid TOML, a wrong type, an unknown key or a missing key
    Toml,
    /// `id` differs from the file name
    IdMismatch,
    /// `id` is not a lowercase slug
    BadId,
    /// `set` differs from the folder name
    SetMismatch,
    /// two files define the same id
    DuplicateId,
    /// the `keywords` key says other than the text (the text is the truth)
    KeywordsDisagree,
    /// a Legend with {Go Solo} has no cost (rule 11.25.1)
    MissingLegendCost,
    /// a Unit, Gear or Program without cost
    MissingCost,
    /// a Unit or Gear without power
    MissingPower,
    /// a Program with power
    UnexpectedPower,
    /// `top` on a card that is not a Gear
    TopOnNonGear,
    /// a FIFO, device, socket or a symbolic link out of the folder where a card file should be
    NotRegular,
    /// a file or folder name that is not UTF-8 (the id and set checks need it)
    BadFileName,
    /// a fact (cost, RAM, power) beyond the bounds a card may have
    FactOutOfRange,
    /// two printings of one file are the card of the same format
    DuplicateFormat,
}

/// A problem with a card file, with the place it was found.
#[derive(Clone, Debug)]
pub struct CardError {
    /// what kind of problem
    pub kind: CardErrorKind,
    /// the file
    pub path: PathBuf,
    /// where in the file, if known
    pub span: Option<Span>,
    /// the key concerned, if known
    pub key: Option<String>,
    /// the headline
    pub message: String,
    /// the label text at the span
    pub label: String,
    /// a hint such as "did you mean `power`?"
    pub help: Option<String>,
    /// a second place involved (the first definition of a duplicate id)
    pub related: Option<(Span, String)>,
}

impl CardError {
    fn at(kind: CardErrorKind, path: &Path, span: Span, key: &str, message: String) -> Self {
        CardError {
            kind,
            path: path.to_owned(),
            span: Some(span),
            key: Some(key.to_owned()),
            message,
            label: String::new(),
            help: None,
            related: None,
        }
    }

    fn label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

impl IntoDiagnostic for CardError {
    fn to_diagnostic(&self) -> Diagnostic {
        let message = match &self.key {
            Some(k) if !self.message.contains(&format!("`{k}`")) => {
                format!("{} (key `{k}`)", self.message)
            }
            _ => self.message.clone(),
        };
        let mut d = Diagnostic::error(message);
        match &self.span {
            Some(span) => d = d.with_primary(*span, self.label.clone()),
            None => d = d.with_note(format!("in {}", self.path.display())),
        }
        if let Some((span, msg)) = &self.related {
            d = d.with_secondary(*span, msg.clone());
        }
        if let Some(help) = &self.help {
            d = d.with_note(format!("help: {help}"));
        }
        d
    }
}

/// All cards of a card folder, by id.
#[derive(Clone, Debug, Default)]
pub struct CardDb {
    cards: Vec<Card>,
    by_id: HashMap<String, usize>,
    format: Format,
}

impl CardDb {
    /// Builds a database from cards with distinct ids (later duplicates are ignored).
    pub fn from_cards(cards: Vec<Card>) -> Self {
        let mut db = CardDb::default();
        for card in cards {
            if !db.by_id.contains_key(&card.id) {
                db.by_id.insert(card.id.clone(), db.cards.len());
                db.cards.push(card);
            }
        }
        db
    }

    /// The same cards, said to be those of `format`.
    pub fn in_format(mut self, format: Format) -> Self {
        self.format = format;
        self
    }

    /// The format the cards were loaded in.
    pub fn format(&self) -> Format {
        self.format
    }

    /// The card with this id.
    pub fn get(&self, id: &str) -> Option<&Card> {
        self.by_id.get(id).map(|&i| &self.cards[i])
    }

    /// The position of a card in [`CardDb::cards`].
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.by_id.get(id).copied()
    }

    /// All cards, sorted by set then id.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether there are no cards.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The nearest known id to a misspelt one.
    pub fn suggest_id(&self, id: &str) -> Option<&str> {
        suggest(id, self.cards.iter().map(|c| c.id.as_str()))
    }
}

/// Every `*.toml` file under `root`, sorted; the first problem of the walk is an error (see
/// [`walk_card_folder`] for all of them).
pub fn card_files(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    let (files, errors) = walk_card_folder(root);
    match errors.into_iter().next() {
        Some(e) => Err(std::io::Error::other(e.message)),
        None => Ok(files),
    }
}

/// Every `*.toml` regular file under `root`, sorted by path, and a located error for each thing
/// of the walk that can't be a card file.
///
/// The walk (walkdir) never follows a symbolic link, so a link can't make it loop or visit a
/// file twice: a link whose target is inside the folder is skipped (the walk reaches the target
/// by its own path); a link out of the folder (or one that leads nowhere), named `*.toml` or
/// leading to a folder, is an error. Only regular files are listed: a FIFO, device or socket
/// named `*.toml` is an error and is never opened. A subfolder that can't be read is an error
/// naming that subfolder; the walk goes on with its siblings.
pub fn walk_card_folder(root: &Path) -> (Vec<PathBuf>, Vec<CardError>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    let real_root = std::fs::canonicalize(root).ok();
    let is_toml = |p: &Path| p.extension().is_some_and(|e| e == "toml");
    let walk = walkdir::WalkDir::new(root)
        .follow_links(false)
        .sort_by_file_name();
    for entry in walk {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                let path = e.path().unwrap_or(root).to_owned();
                let why = e
                    .io_error()
                    .map_or_else(|| e.to_string(), ToString::to_string);
                errors.push(io_error_at(
                    &path,
                    CardErrorKind::Io,
                    format!("cannot read folder {}: {why}", path.display()),
                ));
                continue;
            }
        };
        let path = entry.path();
        let kind = entry.file_type();
        if kind.is_dir() {
            continue;
        }
        if kind.is_symlink() {
            let target = std::fs::canonicalize(path).ok();
            let inside = match (&target, &real_root) {
                (Some(t), Some(r)) => t.starts_with(r),
                _ => false,
            };
            let to_dir = target.as_ref().is_some_and(|t| t.is_dir());
            if !inside && (is_toml(path) || to_dir || target.is_none()) {
                errors.push(io_error_at(
                    path,
                    CardErrorKind::NotRegular,
                    format!(
                        "{}: a symbolic link out of the card folder (not followed)",
                        path.display()
                    ),
                ));
            }
            continue;
        }
        if !is_toml(path) {
            continue;
        }
        if !kind.is_file() {
            errors.push(not_regular(path, &kind));
            continue;
        }
        files.push(path.to_owned());
    }
    files.sort();
    (files, errors)
}

/// The error for a non-regular file where a card file should be.
fn not_regular(path: &Path, kind: &std::fs::FileType) -> CardError {
    io_error_at(
        path,
        CardErrorKind::NotRegular,
        format!(
            "{}: not a regular file ({})",
            path.display(),
            file_kind(kind)
        ),
    )
}

/// What a file that is not a regular file is, in plain words.
fn file_kind(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else {
        "not a file"
    }
}

/// Reads a file found by a folder walk: like [`read_text`], but the file must be a regular file
/// when it is opened (it is opened without blocking and checked, so a FIFO put in its place
/// after the walk is refused, not waited on).
pub fn read_regular(path: &Path, max: u64) -> Result<String, (CardErrorKind, String)> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options
        .open(path)
        .map_err(|e| (CardErrorKind::Io, e.to_string()))?;
    let meta = file
        .metadata()
        .map_err(|e| (CardErrorKind::Io, e.to_string()))?;
    if !meta.is_file() {
        return Err((
            CardErrorKind::NotRegular,
            format!("not a regular file ({})", file_kind(&meta.file_type())),
        ));
    }
    read_bounded_text(file, path, max)
}

/// Reads a file as UTF-8 text, refusing files over `max` bytes. At most `max + 1` bytes are
/// read, whatever the file claims to be (a device or a file that grows can't make it allocate
/// without bound).
pub fn read_text(path: &Path, max: u64) -> Result<String, (CardErrorKind, String)> {
    let file = std::fs::File::open(path).map_err(|e| (CardErrorKind::Io, e.to_string()))?;
    read_bounded_text(file, path, max)
}

fn read_bounded_text(
    file: std::fs::File,
    path: &Path,
    max: u64,
) -> Result<String, (CardErrorKind, String)> {
    use std::io::Read;
    let mut bytes = Vec::new();
    file.take(max.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| (CardErrorKind::Io, e.to_string()))?;
    if bytes.len() as u64 > max {
        let len = std::fs::metadata(path).map_or(bytes.len() as u64, |m| m.len());
        return Err((
            CardErrorKind::TooLarge,
            format!(
                "file is {} bytes, more than the limit of {max}",
                len.max(bytes.len() as u64)
            ),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let (line, col) = line_col(e.as_bytes(), at);
        (
            CardErrorKind::NotUtf8,
            format!("not UTF-8 text (invalid byte at line {line}, column {col}, offset {at})"),
        )
    })
}

/// The error of a card file whose name or folder name is not UTF-8: its id and set could not be
/// checked against them.
fn file_name_error(path: &Path) -> Option<CardError> {
    let stem_ok = path.file_stem().is_some_and(|s| s.to_str().is_some());
    let dir_ok = path
        .parent()
        .and_then(|p| p.file_name())
        .is_none_or(|s| s.to_str().is_some());
    (!stem_ok || !dir_ok).then(|| {
        io_error_at(
            path,
            CardErrorKind::BadFileName,
            format!(
                "{}: the {} name is not UTF-8; a card file is `<set>/<id>.toml`",
                path.display(),
                if stem_ok { "folder" } else { "file" }
            ),
        )
    })
}

/// The 1-based line and column (in characters) of a byte offset of text that is valid UTF-8
/// up to there.
pub fn line_col(bytes: &[u8], at: usize) -> (usize, usize) {
    let before = &bytes[..at.min(bytes.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let col = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
    (line, col)
}

/// Loads every card under `root` (files or folders), reporting every problem found.
///
/// The returned database holds every card that loaded; the errors list all the others.
pub fn load_cards(paths: &[PathBuf], sources: &mut Sources) -> (CardDb, Vec<CardError>) {
    load_cards_in(paths, sources, Format::Standard)
}

/// Loads every card under `paths` as the cards of `format` (see [`parse_card_in`]), reporting
/// every problem found.
pub fn load_cards_in(
    paths: &[PathBuf],
    sources: &mut Sources,
    format: Format,
) -> (CardDb, Vec<CardError>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for p in paths {
        if p.is_dir() {
            let (found, walk_errors) = walk_card_folder(p);
            files.extend(found.into_iter().map(|f| (f, true)));
            errors.extend(walk_errors);
        } else {
            files.push((p.clone(), false));
        }
    }
    let mut cards: Vec<Card> = Vec::new();
    let mut seen: HashMap<String, Span> = HashMap::new();
    for (path, walked) in files {
        if let Some(e) = file_name_error(&path) {
            errors.push(e);
            continue;
        }
        let read = if walked {
            read_regular(&path, MAX_CARD_FILE_LEN)
        } else {
            read_text(&path, MAX_CARD_FILE_LEN)
        };
        let text = match read {
            Ok(t) => t,
            Err((kind, msg)) => {
                errors.push(io_error(&path, kind, msg));
                continue;
            }
        };
        let file = sources.add(path.clone(), text);
        match parse_card_in(sources, file, format) {
            Ok(card) => {
                let limits = fact_limits(sources, &card);
                if !limits.is_empty() {
                    errors.extend(limits);
                    continue;
                }
                if let Some(first) = seen.get(&card.id) {
                    let mut e = CardError::at(
                        CardErrorKind::DuplicateId,
                        &path,
                        card.id_span,
                        "id",
                        format!("duplicate card id `{}`", card.id),
                    )
                    .label("defined again here")
                    .help("every card needs its own id");
                    e.related = Some((*first, "first defined here".into()));
                    errors.push(e);
                    continue;
                }
                seen.insert(card.id.clone(), card.id_span);
                cards.push(card);
            }
            Err(es) => errors.extend(es),
        }
    }
    cards.sort_by(|a, b| (&a.set, &a.id).cmp(&(&b.set, &b.id)));
    (CardDb::from_cards(cards).in_format(format), errors)
}

#[derive(Deserialize)]
struct FactSpans {
    cost: Option<Spanned<toml::Value>>,
    ram: Option<Spanned<toml::Value>>,
    power: Option<Spanned<toml::Value>>,
}

/// The facts of a loaded card beyond their bounds ([`MAX_COST`], [`MAX_RAM`], [`MAX_POWER`]),
/// each an error at its value.
pub fn fact_limits(sources: &Sources, card: &Card) -> Vec<CardError> {
    let out = [
        (
            "cost",
            card.cost.is_some_and(|c| c > MAX_COST),
            card.cost.map(i64::from),
            format!("0 to {MAX_COST}"),
        ),
        (
            "ram",
            card.ram.is_some_and(|r| r > MAX_RAM),
            card.ram.map(i64::from),
            format!("0 to {MAX_RAM}"),
        ),
        (
            "power",
            card.power
                .is_some_and(|p| p.unsigned_abs() > MAX_POWER.unsigned_abs()),
            card.power.map(i64::from),
            format!("-{MAX_POWER} to {MAX_POWER}"),
        ),
    ];
    if out.iter().all(|(_, bad, _, _)| !bad) {
        return Vec::new();
    }
    let src = &sources.get(card.file).text;
    let spans = toml::from_str::<FactSpans>(src).ok();
    let path = sources.path(card.file);
    out.into_iter()
        .filter(|(_, bad, _, _)| *bad)
        .map(|(key, _, value, range)| {
            let span = spans.as_ref().and_then(|s| match key {
                "cost" => s.cost.as_ref(),
                "ram" => s.ram.as_ref(),
                _ => s.power.as_ref(),
            });
            let span = span.map_or(card.id_span, |v| Span::new(card.file, v.span()));
            CardError::at(
                CardErrorKind::FactOutOfRange,
                path,
                span,
                key,
                format!("`{key}` {} is out of range", value.unwrap_or(0)),
            )
            .label(format!("a card's {key} is {range}"))
        })
        .collect()
}

fn io_error(path: &Path, kind: CardErrorKind, message: String) -> CardError {
    let message = match kind {
        CardErrorKind::NotRegular => format!("{}: {message}", path.display()),
        _ => format!("cannot read {}: {message}", path.display()),
    };
    io_error_at(path, kind, message)
}

/// An error about a file as a whole, with its message as given.
fn io_error_at(path: &Path, kind: CardErrorKind, message: String) -> CardError {
    CardError {
        kind,
        path: path.to_owned(),
        span: None,
        key: None,
        message,
        label: String::new(),
        help: None,
        related: None,
    }
}

/// Turns a TOML/serde error into a located error with a hint.
pub fn toml_error(
    sources: &Sources,
    file: FileId,
    err: &toml::de::Error,
    known_keys: &[&str],
) -> CardError {
    let src = &sources.get(file).text;
    let range = err.span().unwrap_or(0..0);
    let message = err.message().trim().to_owned();
    let key = key_at(src, range.start);
    let mut e = CardError {
        kind: CardErrorKind::Toml,
        path: sources.path(file).to_owned(),
        span: Some(Span::new(file, range.clone())),
        key: None,
        message: message
            .lines()
            .next()
            .unwrap_or("invalid card file")
            .to_owned(),
        label: String::new(),
        help: None,
        related: None,
    };
    if let Some(field) = backticked(&message, "unknown field `") {
        e.message = format!("unknown key `{field}`");
        e.label = "not a card file key".into();
        e.key = Some(field.to_owned());
        let expected: Vec<&str> = expected_list(&message);
        let pool: Vec<&str> = if expected.is_empty() {
            known_keys.to_vec()
        } else {
            expected.clone()
        };
        e.help = Some(match suggest(field, pool.iter().copied()) {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!("expected one of {}", quote_list(&pool)),
        });
    } else if let Some(variant) = backticked(&message, "unknown variant `") {
        let expected = expected_list(&message);
        e.message = format!("unknown value `{variant}`");
        e.label = format!("expected one of {}", quote_list(&expected));
        e.key = key;
        if let Some(s) = suggest(variant, expected.iter().copied()) {
            e.help = Some(format!("did you mean `{s}`?"));
        }
    } else if let Some(field) = backticked(&message, "missing field `") {
        e.message = format!("missing key `{field}`");
        e.label = "this table needs it".into();
        e.key = Some(field.to_owned());
    } else if message.starts_with("invalid type") {
        e.label = message.clone();
        e.message = "wrong type of value".into();
        e.key = key;
    } else {
        e.label = message.clone();
        e.message = "invalid TOML".into();
        e.key = key;
    }
    e
}

fn backticked<'a>(message: &'a str, prefix: &str) -> Option<&'a str> {
    let rest = &message[message.find(prefix)? + prefix.len()..];
    Some(&rest[..rest.find('`')?])
}

fn expected_list(message: &str) -> Vec<&str> {
    let Some(i) = message.find("expected") else {
        return Vec::new();
    };
    message[i..]
        .split('`')
        .skip(1)
        .step_by(2)
        .collect::<Vec<_>>()
}

fn quote_list(items: &[&str]) -> String {
    items
        .iter()
        .map(|s| format!("`{s}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The key of the `key = value` line containing `offset`, if there is one.
fn key_at(src: &str, offset: usize) -> Option<String> {
    let offset = offset.min(src.len());
    let start = src[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line = &src[start..];
    let line = &line[..line.find('\n').unwrap_or(line.len())];
    let (key, _) = line.split_once('=')?;
    let key = key.trim();
    (!key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-.\"".contains(c)))
    .then(|| key.trim_matches('"').to_owned())
}

/// The keywords a card's text gives it: its keyword lines (`{Blocker}`) and {Quick} where an
/// ability is marked so, in the order of the rules (11.23–11.26).
fn text_keywords(top: Option<&Script>, text: &Script) -> Vec<Keyword> {
    use crate::syntax::tree::Ability;
    let mut out = Vec::new();
    for script in top.into_iter().chain([text]) {
        for a in &script.abilities {
            let k = match &a.node {
                Ability::Keyword { keyword, .. } => crate::lower::keyword_of(keyword.node),
                Ability::Activated { quick: true, .. } | Ability::Plain { quick: true, .. } => {
                    Keyword::Quick
                }
                _ => continue,
            };
            if !out.contains(&k) {
                out.push(k);
            }
        }
    }
    out.sort_by_key(|k| *k as u8);
    out
}

/// Keywords as card text writes them: `{Blocker} and {Quick}`, or `no keyword`.
fn icons(keywords: &[Keyword]) -> String {
    if keywords.is_empty() {
        return "no keyword".into();
    }
    let v: Vec<&str> = keywords.iter().map(|k| k.icon()).collect();
    v.join(" and ")
}

fn text_of(src: &str, file: FileId, s: &Spanned<String>) -> CardText {
    let span = s.span();
    let raw = src.get(span.clone()).unwrap_or("");
    let mut skip = 0;
    for delim in ["\"\"\"", "'''", "\"", "'"] {
        if raw.starts_with(delim) {
            skip = delim.len();
            if delim.len() == 3 {
                if raw[skip..].starts_with("\r\n") {
                    skip += 2;
                } else if raw[skip..].starts_with('\n') {
                    skip += 1;
                }
            }
            break;
        }
    }
    let offset = span.start + skip;
    let value = s.get_ref();
    let exact = src.get(offset..offset + value.len()) == Some(value.as_str());
    let _ = file;
    CardText {
        text: value.clone(),
        offset: if exact { offset } else { span.start },
        exact,
    }
}

/// Parses one card file already added to `sources`, as its current printing (the `standard`
/// card).
pub fn parse_card(sources: &Sources, file: FileId) -> Result<Card, Vec<CardError>> {
    parse_card_in(sources, file, Format::Standard)
}

/// The facts and text of one printing as the checks see them: the current printing's, or a
/// `[[printing]]` table's laid over them.
struct View<'a> {
    kind: &'a Spanned<CardType>,
    cost: Option<&'a Spanned<u32>>,
    power: Option<&'a Spanned<i32>>,
    keywords: Option<&'a Spanned<Vec<Keyword>>>,
    top: Option<&'a Spanned<String>>,
    text: &'a Spanned<String>,
    flavor: Option<&'a String>,
}

impl<'a> View<'a> {
    fn current(raw: &'a RawCard) -> Self {
        View {
            kind: &raw.kind,
            cost: raw.cost.as_ref(),
            power: raw.power.as_ref(),
            keywords: raw.keywords.as_ref(),
            top: raw.top.as_ref(),
            text: &raw.text,
            flavor: raw.flavor.as_ref(),
        }
    }

    /// A printing's view: a key it leaves out is the current printing's; a printing that gives
    /// its own `text` gives its whole text (`top`, `flavor` and `keywords` are its own then).
    fn of(raw: &'a RawCard, p: &'a RawPrinting) -> Self {
        let cur = View::current(raw);
        let own_text = p.text.is_some();
        View {
            kind: p.kind.as_ref().unwrap_or(cur.kind),
            cost: p.cost.as_ref().or(cur.cost),
            power: p.power.as_ref().or(cur.power),
            keywords: if own_text {
                p.keywords.as_ref()
            } else {
                p.keywords.as_ref().or(cur.keywords)
            },
            top: if own_text {
                p.top.as_ref()
            } else {
                p.top.as_ref().or(cur.top)
            },
            text: p.text.as_ref().unwrap_or(cur.text),
            flavor: if own_text {
                p.flavor.as_ref()
            } else {
                p.flavor.as_ref().or(cur.flavor)
            },
        }
    }
}

/// A printing whose facts or text differ from the current printing's, so they need checking.
fn restates(p: &RawPrinting) -> bool {
    p.kind.is_some()
        || p.cost.is_some()
        || p.power.is_some()
        || p.keywords.is_some()
        || p.top.is_some()
        || p.text.is_some()
}

/// A printing's keywords, textboxes (top, rules text) and their reading by the grammar (`None`
/// where one does not parse), as [`check_view`] read them.
type Checked = (
    Vec<Keyword>,
    Option<CardText>,
    CardText,
    Option<(Option<Script>, Script)>,
);

/// Checks one printing's facts against its text and type (keywords, cost, power, top
/// textbox); returns its keywords and textboxes.
fn check_view(
    src: &str,
    file: FileId,
    path: &Path,
    v: &View<'_>,
    errors: &mut Vec<CardError>,
) -> Checked {
    let sp = |r: std::ops::Range<usize>| Span::new(file, r);
    let kind = *v.kind.get_ref();
    let kind_span = sp(v.kind.span());
    let top = v.top.map(|t| text_of(src, file, t));
    let text = text_of(src, file, v.text);
    let read = crate::syntax::parse::read_textboxes(file, kind, top.as_ref(), &text).ok();
    let derived = read.as_ref().map(|(t, x)| text_keywords(t.as_ref(), x));
    let keywords = match (v.keywords, derived) {
        (Some(key), Some(derived)) => {
            let said = key.get_ref();
            let same = said.iter().all(|k| derived.contains(k))
                && derived.iter().all(|k| said.contains(k));
            if !same {
                errors.push(
                    CardError::at(
                        CardErrorKind::KeywordsDisagree,
                        path,
                        sp(key.span()),
                        "keywords",
                        format!(
                            "`keywords` says {}, but the text gives the card {}",
                            icons(said),
                            icons(&derived)
                        ),
                    )
                    .label("the text is the truth")
                    .help(
                        "a keyword is a line of the text (`{Blocker}`) or an ability marked \
                         `{Quick}`; make the key say the same, or leave `keywords` out",
                    ),
                );
            }
            derived
        }
        (_, Some(derived)) => derived,
        // a text that does not parse: its errors are reported where the text is checked
        (Some(key), None) => key.get_ref().clone(),
        (None, None) => Vec::new(),
    };
    let go_solo = keywords.contains(&Keyword::GoSolo);
    match (kind, v.cost) {
        (CardType::Legend, None) if go_solo => errors.push(
            CardError::at(
                CardErrorKind::MissingLegendCost,
                path,
                kind_span,
                "cost",
                "a Legend with {Go Solo} needs a cost (rule 11.25.1)".into(),
            )
            .label("this Legend has no `cost`"),
        ),
        (CardType::Unit | CardType::Gear | CardType::Program, None) => errors.push(
            CardError::at(
                CardErrorKind::MissingCost,
                path,
                kind_span,
                "cost",
                format!("a {kind} needs a cost (rule 3.11.1)"),
            )
            .label("this card has no `cost`"),
        ),
        _ => {}
    }
    match (kind, v.power) {
        (CardType::Unit | CardType::Gear, None) => errors.push(
            CardError::at(
                CardErrorKind::MissingPower,
                path,
                kind_span,
                "power",
                format!("a {kind} needs a power (rule 3.17)"),
            )
            .label("this card has no `power`"),
        ),
        (CardType::Program, Some(p)) => errors.push(
            CardError::at(
                CardErrorKind::UnexpectedPower,
                path,
                sp(p.span()),
                "power",
                "a Program has no power".into(),
            )
            .label("remove this power"),
        ),
        _ => {}
    }
    if let (Some(t), true) = (v.top, kind != CardType::Gear) {
        errors.push(
            CardError::at(
                CardErrorKind::TopOnNonGear,
                path,
                sp(t.span()),
                "top",
                format!("only a Gear has a top textbox (rule 4.11), this card is a {kind}"),
            )
            .label("move these lines into `text`"),
        );
    }
    (keywords, top, text, read)
}

/// Parses one card file already added to `sources`, as the card of `format`: the printing that
/// names the format, else the current printing. Every printing's facts are checked, whatever
/// the format.
pub fn parse_card_in(
    sources: &Sources,
    file: FileId,
    format: Format,
) -> Result<Card, Vec<CardError>> {
    let src = &sources.get(file).text;
    let path = sources.path(file).to_owned();
    let raw: RawCard =
        toml::from_str(src).map_err(|e| vec![toml_error(sources, file, &e, &CARD_KEYS)])?;
    let mut errors = Vec::new();
    let id_span = Span::new(file, raw.id.span());
    let id = raw.id.get_ref().clone();
    let sp = |r: std::ops::Range<usize>| Span::new(file, r);

    if id.is_empty()
        || !id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        errors.push(
            CardError::at(
                CardErrorKind::BadId,
                &path,
                id_span,
                "id",
                format!("card id `{id}` is not a slug"),
            )
            .label("expected lowercase letters, digits and `-`"),
        );
    }
    if let Some(stem) = path.file_stem().and_then(|s| s.to_str()) {
        if stem != id {
            errors.push(
                CardError::at(
                    CardErrorKind::IdMismatch,
                    &path,
                    id_span,
                    "id",
                    format!("card id `{id}` differs from the file name `{stem}.toml`"),
                )
                .label("expected the file name")
                .help(format!(
                    "rename the file to `{id}.toml` or set `id = \"{stem}\"`"
                )),
            );
        }
    }
    if let Some(dir) = path
        .parent()
        .and_then(|p| p.file_name())
        .and_then(|s| s.to_str())
    {
        if dir != raw.set.get_ref() && dir != "cards" {
            errors.push(
                CardError::at(
                    CardErrorKind::SetMismatch,
                    &path,
                    sp(raw.set.span()),
                    "set",
                    format!(
                        "set `{}` differs from the folder `{dir}` the file is in",
                        raw.set.get_ref()
                    ),
                )
                .label("expected the folder name")
                .help("card files live in `cards/<set>/<id>.toml`"),
            );
        }
    }
    let current = check_view(src, file, &path, &View::current(&raw), &mut errors);
    let mut chosen: Option<(&RawPrinting, Checked)> = None;
    let mut named: HashMap<Format, Span> = HashMap::new();
    for p in &raw.printings {
        let checked =
            restates(p).then(|| check_view(src, file, &path, &View::of(&raw, p), &mut errors));
        let Some(f) = &p.format else { continue };
        let here = sp(f.span());
        if let Some(first) = named.get(f.get_ref()) {
            let mut e = CardError::at(
                CardErrorKind::DuplicateFormat,
                &path,
                here,
                "format",
                format!("two printings are the `{}` card", f.get_ref()),
            )
            .label("named again here")
            .help("a format plays one printing of a card; leave `format` out of the others");
            e.related = Some((*first, "first named here".into()));
            errors.push(e);
            continue;
        }
        named.insert(*f.get_ref(), here);
        if *f.get_ref() == format {
            let checked = checked.unwrap_or_else(|| current.clone());
            chosen = Some((p, checked));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let printings = raw
        .printings
        .iter()
        .map(|p| Printing {
            set: p.set.get_ref().clone(),
            number: p.number.clone(),
            format: p.format.as_ref().map(|f| *f.get_ref()),
            note: p.note.clone(),
        })
        .collect();
    let (keywords, top, text, read) = match &mut chosen {
        Some((_, c)) => std::mem::take(c),
        None => current,
    };
    let mut card = Card {
        id,
        name: raw.name.clone(),
        subtitle: raw.subtitle.clone(),
        kind: *raw.kind.get_ref(),
        color: raw.color,
        cost: raw.cost.as_ref().map(|c| *c.get_ref()),
        ram: raw.ram,
        power: raw.power.as_ref().map(|p| *p.get_ref()),
        tags: raw.tags.clone(),
        sell: raw.sell,
        set: raw.set.get_ref().clone(),
        number: raw.number.clone(),
        format,
        printings,
        keywords,
        top,
        text,
        flavor: raw.flavor.clone(),
        note: raw.note.clone(),
        rulings: raw.rulings.clone(),
        file,
        id_span,
        read: None,
    };
    if let Some((p, _)) = chosen {
        let v = View::of(&raw, p);
        card.name = p.name.clone().unwrap_or(card.name);
        card.subtitle = p.subtitle.clone().or(card.subtitle);
        card.kind = *v.kind.get_ref();
        card.color = p.color.unwrap_or(card.color);
        card.cost = v.cost.map(|c| *c.get_ref());
        card.ram = p.ram.or(card.ram);
        card.power = v.power.map(|c| *c.get_ref());
        card.tags = p.tags.clone().unwrap_or(card.tags);
        card.sell = p.sell.unwrap_or(card.sell);
        card.set = p.set.get_ref().clone();
        card.number = p.number.clone();
        card.flavor = v.flavor.cloned();
        card.note = p.note.clone().or(card.note);
    }
    card.read = read.map(|(top_script, script)| {
        std::sync::Arc::new(ReadBoxes {
            kind: card.kind,
            top: card.top.clone(),
            text: card.text.clone(),
            tree: crate::syntax::tree::CardTree {
                id: card.id.clone(),
                top: top_script,
                text: script,
            },
        })
    });
    Ok(card)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(path: &str, text: &str) -> Result<Card, Vec<CardError>> {
        let mut s = Sources::new();
        let f = s.add(path, text);
        parse_card(&s, f)
    }

    const GOOD: &str = r#"id = "chrome-fang"
name = "Chrome Fang"
type = "unit"
color = "red"
cost = 5
ram = 1
power = 6
tags = ["GANGER"]
sell = false
set = "welcometonightcityretail"
text = """
{Play} Draw 1.
"""
"#;

    #[test]
    fn a_good_card_loads_with_text_offset() {
        let c = load("cards/welcometonightcityretail/chrome-fang.toml", GOOD).unwrap();
        assert_eq!(c.text.text, "{Play} Draw 1.\n");
        assert!(c.text.exact);
        assert_eq!(&GOOD[c.text.offset..c.text.offset + 6], "{Play}");
    }

    /// Loading reads the text once: the tree is the grammar's reading of the text as it is, and
    /// it is not used for a card whose text or type changed since.
    #[test]
    fn the_tree_loading_read_is_kept_only_for_the_text_it_read() {
        use crate::syntax::tree::{CardTree, Textbox};
        let mut c = load("cards/welcometonightcityretail/chrome-fang.toml", GOOD).unwrap();
        let fresh = |c: &Card| CardTree {
            id: c.id.clone(),
            top: None,
            text: crate::syntax::parse_text(&c.text, c.file, c.kind, Textbox::Rules).unwrap(),
        };
        assert_eq!(c.read_tree(), Some(&fresh(&c)));
        c.text.text = "{Play} Draw 2.\n".into();
        assert_eq!(c.read_tree(), None);
        assert_eq!(crate::syntax::parse_card(&c).unwrap(), fresh(&c));
        let mut c = load("cards/welcometonightcityretail/chrome-fang.toml", GOOD).unwrap();
        c.kind = CardType::Program;
        assert_eq!(c.read_tree(), None);
    }

    #[test]
    fn unknown_key_suggests_the_near_one() {
        let bad = GOOD.replace("power = 6", "powr = 6");
        let e = &load("chrome-fang.toml", &bad).unwrap_err()[0];
        assert_eq!(e.kind, CardErrorKind::Toml);
        assert_eq!(e.key.as_deref(), Some("powr"));
        assert_eq!(e.help.as_deref(), Some("did you mean `power`?"));
    }

    #[test]
    fn wrong_type_names_the_key() {
        let bad = GOOD.replace("cost = 5", "cost = \"5\"");
        let e = &load("chrome-fang.toml", &bad).unwrap_err()[0];
        assert_eq!(e.kind, CardErrorKind::Toml);
        assert_eq!(e.key.as_deref(), Some("cost"));
    }

    #[test]
    fn semantic_errors_are_all_reported() {
        let bad = GOOD
            .replace("id = \"chrome-fang\"", "id = \"chrome-fangs\"")
            .replace("type = \"unit\"", "type = \"program\"");
        let errs = load("chrome-fang.toml", &bad).unwrap_err();
        let kinds: Vec<_> = errs.iter().map(|e| e.kind).collect();
        assert!(kinds.contains(&CardErrorKind::IdMismatch));
        assert!(kinds.contains(&CardErrorKind::UnexpectedPower));
    }

    /// A Legend may have a cost without {Go Solo} (rules 3.11.2, 4.5): the rules only say a
    /// Legend *may* have a null cost.
    #[test]
    fn a_costed_legend_without_go_solo_loads() {
        let legend = GOOD
            .replace("type = \"unit\"", "type = \"legend\"")
            .replace("power = 6\n", "");
        let c = load("chrome-fang.toml", &legend).unwrap();
        assert_eq!((c.kind, c.cost), (CardType::Legend, Some(5)));
        assert!(c.keywords.is_empty());
    }

    /// The text is the truth: a keyword written as a line of the text (or an ability marked
    /// {Quick}) is a keyword of the card, with or without the `keywords` key.
    #[test]
    fn keywords_come_from_the_text() {
        let blocker = GOOD.replace(
            "{Play} Draw 1.\n",
            "{Blocker} (You may spend this Unit to redirect a rival Unit's attack to it instead.)\n{Quick} 1 €$, {Spend}: Draw 1.\n",
        );
        let c = load("chrome-fang.toml", &blocker).unwrap();
        assert_eq!(c.keywords, vec![Keyword::Blocker, Keyword::Quick]);
        let agreeing = blocker.replace(
            "sell = false",
            "sell = false\nkeywords = [\"Quick\", \"Blocker\"]",
        );
        let c = load("chrome-fang.toml", &agreeing).unwrap();
        assert_eq!(c.keywords, vec![Keyword::Blocker, Keyword::Quick]);
        // a keyword given to another card is not the card's own
        let gives = GOOD.replace(
            "{Play} Draw 1.",
            "{Play} Give a friendly Unit {Blocker} this turn.",
        );
        assert!(load("chrome-fang.toml", &gives)
            .unwrap()
            .keywords
            .is_empty());
    }

    /// A `keywords` key that says other than the text is an error at the key.
    #[test]
    fn keywords_that_disagree_with_the_text_are_an_error_at_the_key() {
        let bad = GOOD.replace("sell = false", "sell = false\nkeywords = [\"Blocker\"]");
        let errs = load("chrome-fang.toml", &bad).unwrap_err();
        assert_eq!(errs.len(), 1);
        let e = &errs[0];
        assert_eq!(e.kind, CardErrorKind::KeywordsDisagree);
        assert_eq!(e.key.as_deref(), Some("keywords"));
        let span = e.span.unwrap();
        assert_eq!(&bad[span.range()], "[\"Blocker\"]");
        assert!(e.message.contains("{Blocker}"), "{}", e.message);
    }

    /// {Go Solo} in the text needs a cost to pay (rule 11.25.1).
    #[test]
    fn go_solo_in_the_text_needs_a_cost() {
        let bad = GOOD
            .replace("type = \"unit\"", "type = \"legend\"")
            .replace("cost = 5\n", "")
            .replace("power = 6\n", "")
            .replace("{Play} Draw 1.", "{Go Solo}");
        let errs = load("chrome-fang.toml", &bad).unwrap_err();
        assert_eq!(errs[0].kind, CardErrorKind::MissingLegendCost);
    }

    #[test]
    fn unknown_colour_lists_the_colours() {
        let bad = GOOD.replace("color = \"red\"", "color = \"redd\"");
        let e = &load("chrome-fang.toml", &bad).unwrap_err()[0];
        assert_eq!(e.help.as_deref(), Some("did you mean `red`?"));
        assert_eq!(e.key.as_deref(), Some("color"));
    }
}
