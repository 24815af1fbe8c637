//! The mistakes designers make most, recognised around a syntax error: print notation
//! (`PLAY`, `*`, `/`), a missing comma, period or `€$`, a word in the wrong case, a word the
//! language spells differently. Each is named at its place, with how to fix it.

use super::grammar::{Rule, TextParser};
use crate::diag::suggest;
use pest::Parser as _;
use std::ops::Range;

/// A common mistake: where it is (bytes in the line), what was expected and found there in plain
/// words, and how to fix it.
pub(super) struct Mistake {
    pub at: Range<usize>,
    pub label: &'static str,
    pub expected: String,
    pub found: String,
    pub suggestion: Option<String>,
    pub hint: String,
}

impl Mistake {
    fn new(
        at: Range<usize>,
        label: &'static str,
        expected: &str,
        found: &str,
        hint: impl Into<String>,
    ) -> Self {
        Mistake {
            at,
            label,
            expected: expected.to_string(),
            found: if found == "the end of the line" {
                found.to_string()
            } else {
                format!("`{found}`")
            },
            suggestion: None,
            hint: hint.into(),
        }
    }

    fn suggesting(mut self, s: impl Into<String>) -> Self {
        self.suggestion = Some(s.into());
        self
    }
}

/// Timing labels and keywords, as written in braces.
const ICONS: &[&str] = &[
    "Play",
    "Attack",
    "Defeated",
    "Call",
    "Flip",
    "Quick",
    "Blocker",
    "Go Solo",
    "Adrenaline",
    "Spend",
];

/// Words designers reach for that the language spells differently.
const SYNONYMS: &[(&str, &str)] = &[
    ("destroy", "Defeat"),
    ("kill", "Defeat"),
    ("tap", "Spend"),
    ("exhaust", "Spend"),
    ("untap", "Ready"),
    ("bounce", "Return"),
    ("mill", "Trash"),
    ("boost", "Give"),
];

/// Nouns of the language that are capitalised in card text.
const CAPITALISED_NOUNS: &[&str] = &[
    "Unit", "Units", "Legend", "Legends", "Gear", "Gears", "Program", "Programs", "Gig", "Gigs",
    "Eddie", "Eddies",
];

/// Every word of the language, for "did you mean" suggestions.
pub(super) const VOCABULARY: &[&str] = &[
    "Unit",
    "Units",
    "Legend",
    "Legends",
    "Gear",
    "Gears",
    "Program",
    "Programs",
    "card",
    "cards",
    "Gig",
    "Gigs",
    "Eddie",
    "Eddies",
    "player",
    "players",
    "Rival",
    "Rivals",
    "effect",
    "fight",
    "friendly",
    "rival",
    "spent",
    "ready",
    "equipped",
    "unequipped",
    "face-up",
    "face-down",
    "another",
    "other",
    "all",
    "each",
    "any",
    "this",
    "that",
    "those",
    "these",
    "the",
    "your",
    "their",
    "its",
    "with",
    "power",
    "cost",
    "value",
    "less",
    "more",
    "equal",
    "from",
    "among",
    "hand",
    "trash",
    "deck",
    "turn",
    "until",
    "next",
    "while",
    "during",
    "attacking",
    "fighting",
    "instead",
    "also",
    "If",
    "Then",
    "Otherwise",
    "When",
    "can't",
    "can",
    "may",
    "must",
    "would",
    "up",
    "to",
    "for",
    "free",
    "min",
    "max",
    "even",
    "odd",
    "value-pair",
    "sided-pair",
    "opposing",
    "first",
    "top",
    "rest",
    "named",
    "against",
    "whether",
    "unless",
    "once",
    "only",
    "Add",
    "Adjust",
    "Attack",
    "Block",
    "Bottom-deck",
    "Call",
    "Choose",
    "Control",
    "Decrease",
    "Defeat",
    "Discard",
    "Double",
    "Draw",
    "Equip",
    "Fight",
    "Gain",
    "Give",
    "Have",
    "Ignore",
    "Increase",
    "Look",
    "Lose",
    "Move",
    "Pay",
    "Play",
    "Ready",
    "Remove",
    "Reroll",
    "Return",
    "Reveal",
    "Roll",
    "Search",
    "Sell",
    "Set",
    "Spend",
    "Steal",
    "Swap",
    "Trash",
    "Use",
    "Win",
    "adds",
    "adjusts",
    "attacks",
    "blocks",
    "chooses",
    "controls",
    "decreases",
    "defeats",
    "discards",
    "draws",
    "equips",
    "fights",
    "gains",
    "gives",
    "has",
    "have",
    "increases",
    "loses",
    "moves",
    "pays",
    "plays",
    "readies",
    "returns",
    "reveals",
    "rolls",
    "searches",
    "sells",
    "spends",
    "steals",
    "swaps",
    "trashes",
    "uses",
    "wins",
    "attacked",
    "defeated",
    "discarded",
    "played",
    "returned",
    "readied",
    "stole",
    "stolen",
    "bottom-decked",
    "equipped",
    "called",
];

/// Whether `word` is a word the language spells this way: a word in the wrong place, not a typo.
pub(super) fn is_known_word(word: &str) -> bool {
    VOCABULARY.contains(&word)
        || TextParser::parse(Rule::verb, word).is_ok_and(|p| p.as_str() == word)
        || TextParser::parse(Rule::det, word).is_ok_and(|p| p.as_str() == word)
        || TextParser::parse(Rule::adjective, word).is_ok_and(|p| p.as_str() == word)
        || TextParser::parse(Rule::noun_word, word).is_ok_and(|p| p.as_str() == word)
        || TextParser::parse(Rule::zone, word).is_ok_and(|p| p.as_str() == word)
        || TextParser::parse(Rule::pronoun, word).is_ok_and(|p| p.as_str() == word)
}

/// The verbs that open an effect, for telling a missing comma from another mistake.
fn is_order_verb(word: &str) -> bool {
    word.chars().next().is_some_and(char::is_lowercase)
        && TextParser::parse(Rule::verb, word).is_ok_and(|p| p.as_str() == word)
}

/// Durations the grammar knows, for the hint after an unknown one.
const DURATIONS: &str = "`this turn`, `next turn`, `each turn`, `until your next turn`, `until the end of the turn`, `at the end of this turn`, `during your turn`, `while attacking`, `while fighting …` or `the turn it's played`";

/// Recognises a common mistake in `line`, given where pest stopped (`pos`, at the start of a word)
/// and the word there. The checks run from the most specific (a character that never belongs in
/// card text) to the most general, so that the first that fits names the real mistake rather
/// than a symptom of it; a check that blames another place than `pos` makes sure that place is
/// where reading stopped.
pub(super) fn recognise(line: &str, pos: usize, word: &str) -> Option<Mistake> {
    // curly quotes from a word processor
    if let Some((i, c)) = line
        .char_indices()
        .find(|(_, c)| matches!(c, '’' | '‘' | '“' | '”'))
    {
        let straight = if matches!(c, '’' | '‘') {
            "'"
        } else {
            "\""
        };
        return Some(Mistake::new(
            i..i + c.len_utf8(),
            "a curly quote",
            &format!("a straight `{straight}`"),
            &c.to_string(),
            format!("card text uses straight quotes: write `{straight}`, as in `its owner's hand`"),
        ));
    }
    // `*` for the Street Cred star
    if let Some(i) = line.find('*') {
        return Some(Mistake::new(
            i..i + 1,
            "not the Street Cred star",
            "`☆` (Street Cred)",
            "*",
            "Street Cred is written with the star `☆`: `If you have 7+ ☆ (Street Cred), …`",
        ));
    }
    // `/` between modes
    if let Some(i) = line.match_indices('/').map(|(i, _)| i).find(|&i| {
        !line[..i].ends_with('/') && !line[i + 1..].starts_with('/') && !line[..i].ends_with("and")
    }) {
        return Some(Mistake::new(
            i..i + 1,
            "a single slash",
            "` // ` between modes",
            "/",
            "the effects of `Choose one effect.` are separated by ` // ` (two slashes, spaces around): `Draw 1. // Draw 2.`",
        ));
    }
    // an unclosed parenthesis
    let mut open = Vec::new();
    for (i, c) in line.char_indices() {
        match c {
            '(' => open.push(i),
            ')' => {
                open.pop();
            }
            _ => {}
        }
    }
    if let Some(&i) = open.first() {
        return Some(Mistake::new(
            i..i + 1,
            "opened here, never closed",
            "a closing `)`",
            "(",
            "this parenthesis is never closed: reminder text ends with `)`, after its period: `(… Gigs.)`",
        ));
    }
    // print notation for labels and keywords: `PLAY`, `[PLAY]`, `Play:`
    for (i, w) in words(line) {
        let bare = w.trim_matches(|c| c == '[' || c == ']' || c == ':');
        if let Some(icon) = ICONS
            .iter()
            .find(|icon| icon.eq_ignore_ascii_case(bare) && !icon.contains(' '))
        {
            let printed = bare.chars().all(|c| c.is_ascii_uppercase()) || w.starts_with('[');
            if printed && i <= pos && (i == 0 || line[..i].trim_end().ends_with(['}', ']'])) {
                return Some(
                    Mistake::new(
                        i..i + w.len(),
                        "a label without its braces",
                        &format!("`{{{icon}}}`"),
                        w,
                        format!("labels and keywords are written in braces as printed on the icon: `{{{icon}}}`"),
                    )
                    .suggesting(format!("{{{icon}}}")),
                );
            }
        }
    }
    // a misspelt label or keyword in braces: `{Plya}`, `{Blocer}`; `{Spend}` without its colon
    // (a known one in the wrong place is no mistake of spelling)
    let brace_end = line[pos..].find('}').map_or(line.len(), |e| pos + e + 1);
    let brace_inner = line
        .get(pos + 1..brace_end)
        .unwrap_or("")
        .trim_end_matches('}');
    if line[pos..].starts_with('{') && (brace_inner == "Spend" || !ICONS.contains(&brace_inner)) {
        let end = brace_end;
        let inner = brace_inner;
        if inner == "Spend" {
            return Some(Mistake::new(
                pos..end,
                "a cost without its colon",
                "`{Spend}:`",
                "{Spend}",
                "an activation cost ends with a colon: `{Spend}: Draw 1.`",
            ));
        }
        let mut m = Mistake::new(
            pos..end,
            "unknown label or keyword",
            "a timing label such as `{Play}` or a keyword such as `{Blocker}`",
            &line[pos..end],
            format!(
                "the labels and keywords are {}",
                ICONS
                    .iter()
                    .map(|i| format!("`{{{i}}}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
        if let Some(n) = suggest(inner, ICONS.iter().copied()) {
            m = m.suggesting(format!("{{{n}}}"));
        }
        return Some(m);
    }
    // an Eddie cost without `€$`: `2, {Spend}: …`
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && pos <= digits + 1 && !line[digits..].trim_start().starts_with("€$") {
        return Some(Mistake::new(
            0..digits,
            "a number without `€$`",
            "`€$` after an Eddie cost",
            &line[..digits],
            format!(
                "an Eddie cost is written with `€$`: `{} €$, {{Spend}}: …`",
                &line[..digits]
            ),
        ));
    }
    let next = line[pos + word.len()..].trim_start();
    let next_word: String = next
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '-')
        .collect();
    // a tag not in capitals: `a rival Arasaka Unit` (a capitalised word before a card noun)
    if word.chars().next().is_some_and(char::is_uppercase)
        && word.chars().skip(1).all(char::is_lowercase)
        && word.len() > 1
        && !is_known_word(word)
        && CAPITALISED_NOUNS.contains(&next_word.as_str())
    {
        let upper = word.to_uppercase();
        return Some(
            Mistake::new(
                pos..pos + word.len(),
                "a tag not in capitals",
                &format!("`{upper}`"),
                word,
                format!("tags are written in capitals (rule 3.13): `a rival {upper} Unit`"),
            )
            .suggesting(upper),
        );
    }
    // a lower-case card type: `a rival unit`
    if let Some(capital) = CAPITALISED_NOUNS
        .iter()
        .find(|n| n.to_lowercase() == word && **n != word)
    {
        return Some(
            Mistake::new(
                pos..pos + word.len(),
                "a card type in lower case",
                &format!("`{capital}`"),
                word,
                format!(
                    "card types and game nouns are capitalised in card text: `a rival {capital}`"
                ),
            )
            .suggesting(*capital),
        );
    }
    // `rival` as a player: `A rival discards 1.`
    let before: Vec<(usize, &str)> = words(&line[..pos]).collect();
    if let Some(&(i, "rival")) = before.last() {
        if !word.is_empty() && word.chars().next().is_some_and(char::is_lowercase) {
            return Some(
                Mistake::new(
                    i..i + 5,
                    "lower-case `rival` used as a player",
                    "`Rival` (a player)",
                    "rival",
                    "as a player, `Rival` is capitalised (`A Rival discards 1.`); lower-case `rival` describes a card (`a rival Unit`)",
                )
                .suggesting("Rival"),
            );
        }
    }
    // a word the language spells differently
    if let Some((_, says)) = SYNONYMS.iter().find(|(w, _)| w.eq_ignore_ascii_case(word)) {
        return Some(
            Mistake::new(
                pos..pos + word.len(),
                "not a word of the card language",
                &format!("`{says}`"),
                word,
                format!("the card language says `{says}` for this"),
            )
            .suggesting(*says),
        );
    }
    // a trigger or condition without its comma: `When this Unit attacks draw 1.`; only when
    // reading stopped at the order that should follow the comma, with no comma before it
    let body = line.trim_start_matches(|c| c != ' ' && line.starts_with('{'));
    let body = body.trim_start();
    let body_at = line.len() - body.len();
    if [
        "When ",
        "Whenever ",
        "If ",
        "At ",
        "The first time ",
        "The next time ",
    ]
    .iter()
    .any(|l| body.starts_with(l))
        && pos > body_at
        && !line[body_at..pos].contains(',')
        && is_order_verb(word)
    {
        let gap = line[..pos].trim_end().len();
        return Some(Mistake::new(
            gap..pos,
            "missing comma",
            "`,` before the effect",
            word,
            "a trigger or condition ends with a comma before its effect: `When this Unit attacks, draw 1.`",
        ));
    }
    // a missing period at the end of a sentence
    if pos >= line.trim_end().len() && !line.trim_end().ends_with(['.', ')', ':', '"']) {
        let end = line.trim_end().len();
        return Some(Mistake::new(
            end..end,
            "missing period",
            "`.`",
            "the end of the line",
            "every sentence ends with a period: `Draw 1.`",
        ));
    }
    // an unknown duration (`this round`), when what is written there is not a duration: reading
    // stopped at its first word, or at the word after `this`, `until`, … that is no typo of a noun
    let starters = ["this", "next", "each", "until", "during", "while"];
    let prev = before
        .last()
        .filter(|(_, w)| starters.contains(&w.to_lowercase().as_str()));
    let at = if starters.contains(&word.to_lowercase().as_str()) {
        Some(pos)
    } else {
        prev.filter(|_| {
            !word.is_empty()
                && !is_known_word(word)
                && suggest(word, VOCABULARY.iter().copied()).is_none()
        })
        .map(|(i, _)| *i)
    };
    if let Some(pos) = at {
        let phrase: String = line[pos..]
            .split(['.', ','])
            .next()
            .unwrap_or("")
            .trim_end()
            .to_string();
        let known = TextParser::parse(Rule::duration, &phrase).is_ok();
        if !known {
            return Some(Mistake::new(
                pos..pos + phrase.len(),
                "unknown duration",
                "a duration",
                &phrase,
                format!("the durations are {DURATIONS}"),
            ));
        }
    }
    None
}

/// The words of a line with their byte offsets.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split(' ')
        .scan(0, |at, w| {
            let i = *at;
            *at += w.len() + 1;
            Some((i, w))
        })
        .filter(|(_, w)| !w.is_empty())
}
