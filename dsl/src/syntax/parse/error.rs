//! Errors of the syntax stage as data, their plain words, and their rendering as diagnostics.
//!
//! A syntax error points at the first word that was not understood (never into the middle of a
//! word), names what was expected there in plain words (every grammar rule has a plain name, see
//! [`rule_name`]), and suggests a nearby word of the language or a fix for a common mistake
//! ([`super::mistakes`]). When a text does not parse, each line is read on its own, so that every
//! bad line is reported.

use super::grammar::{Rule, TextParser};
use super::mistakes::{recognise, Mistake};
use crate::card::CardText;
use crate::diag::{suggest, Diagnostic, IntoDiagnostic};
use crate::source::{FileId, Span};
use crate::syntax::MAX_NUMBER;
use pest::error::{ErrorVariant, InputLocation};
use pest::Parser as _;

/// What went wrong while reading a card text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// the words do not fit the grammar
    Syntax,
    /// a pronoun, `that …`, `If you do`, `Otherwise` or `instead` has nothing to refer to
    Unresolved,
    /// a bare number stands where a Unit, Gear or Gig must be named (`Spend 2.`)
    NumberForTarget,
    /// a number above [`MAX_NUMBER`]
    NumberTooLarge,
    /// a verb in the wrong form for its place (`Draws 2.`)
    Inflection,
    /// words that fit the grammar in a place where they mean nothing (modes with no line above,
    /// costs after `At the end of your turn,`, `The first time …` without `each turn`)
    Misplaced,
    /// the text is longer than [`super::MAX_TEXT_LEN`]
    TooLong,
    /// the parse tree had a shape the builder did not expect (a bug in gigscript)
    Internal,
}

/// A problem in a card text, located in the card file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// what kind of problem
    pub kind: ParseErrorKind,
    /// where (bytes in the card file)
    pub span: Span,
    /// what was expected there, in plain words
    pub expected: Vec<String>,
    /// what was found there (a word, or "the end of the line")
    pub found: String,
    /// a nearby word of the language, for a likely typo
    pub suggestion: Option<String>,
    /// a common mistake, when it was recognised (boxed: most errors have none)
    pub hint: Option<Box<Hint>>,
}

/// A common mistake recognised in a card text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// what the mistake is, said at its place: `missing comma`
    pub label: &'static str,
    /// how to fix it
    pub note: String,
}

impl ParseError {
    /// An error of `kind` at `span`, with nothing else said yet.
    pub fn new(kind: ParseErrorKind, span: Span) -> Self {
        ParseError {
            kind,
            span,
            expected: Vec::new(),
            found: String::new(),
            suggestion: None,
            hint: None,
        }
    }
}

impl IntoDiagnostic for ParseError {
    fn to_diagnostic(&self) -> Diagnostic {
        let expected = or_list(&self.expected);
        let mut d = match self.kind {
            ParseErrorKind::Syntax => Diagnostic::error(format!(
                "card text: expected {expected}, found {}",
                self.found
            ))
            .with_primary(
                self.span,
                self.hint
                    .as_ref()
                    .map_or("not understood from here", |h| h.label),
            ),
            ParseErrorKind::Unresolved => Diagnostic::error(format!(
                "card text: {} refers to nothing said before it",
                self.found
            ))
            .with_primary(self.span, "what does this refer to?")
            .with_note(format!("expected {expected}")),
            ParseErrorKind::NumberForTarget => Diagnostic::error(format!(
                "card text: number {} where a target belongs",
                self.found
            ))
            .with_primary(self.span, "which cards? name what this acts on")
            .with_note("write a noun phrase such as `a rival Unit`, `2 friendly Units` or `a Gig`")
            .with_note("a bare number stands for cards only after verbs such as `Discard 1`, or repeating a noun named just before (`defeat 2 instead`)"),
            ParseErrorKind::NumberTooLarge => Diagnostic::error(format!(
                "card text: number {} is larger than {MAX_NUMBER}",
                self.found
            ))
            .with_primary(self.span, "too large")
            .with_note(format!(
                "card text writes numbers up to {MAX_NUMBER}; no card of the game needs more"
            )),
            ParseErrorKind::Inflection => Diagnostic::error(format!(
                "card text: verb {} in the wrong form, expected {expected}",
                self.found
            ))
            .with_primary(self.span, "this form does not fit here")
            .with_note("an order and a verb after `can`, `may`, `must` or `to` take the plain form (`Draw 1.`, `may draw 1`); after `is` or `be`, the past participle (`is defeated`); after `while` or `by`, the form in -ing (`while attacking`)"),
            ParseErrorKind::Misplaced => Diagnostic::error(format!(
                "card text: {} here, expected {expected}",
                self.found
            ))
            .with_primary(self.span, "not in its place"),
            ParseErrorKind::TooLong => Diagnostic::error(format!(
                "card text: text is longer than {} bytes",
                super::MAX_TEXT_LEN
            ))
            .with_primary(self.span, "this text"),
            ParseErrorKind::Internal => Diagnostic::error(format!(
                "card text: internal error in gigscript's parser ({}); this is a bug in gigscript, not in the card",
                self.found
            ))
            .with_primary(self.span, "while reading this"),
        };
        if let Some(s) = &self.suggestion {
            d = d.with_note(format!("did you mean `{s}`?"));
        }
        if let Some(h) = &self.hint {
            d = d.with_note(h.note.clone());
        }
        d
    }
}

pub(super) fn or_list(items: &[String]) -> String {
    match items {
        [] => "something else".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// When a whole text fails, each line is read on its own so that every bad line gets its own
/// error; a line of modes is read with the line above it.
pub(super) fn line_errors(
    text: &CardText,
    file: FileId,
    whole: pest::error::Error<Rule>,
) -> Vec<ParseError> {
    let src = text.text.as_str();
    let mut errors = Vec::new();
    let mut at = 0;
    for line in src.split('\n') {
        let start = at;
        at += line.len() + 1;
        if line.trim().is_empty() {
            continue;
        }
        if let Err(e) = TextParser::parse(Rule::single_line, line) {
            errors.push(syntax_error(text, file, start, line, e));
        }
    }
    if errors.is_empty() {
        errors.push(syntax_error(text, file, 0, src, whole));
    }
    errors
}

/// The error at the furthest place pest reached in `line` (bytes from `base` in the text).
fn syntax_error(
    text: &CardText,
    file: FileId,
    base: usize,
    line: &str,
    e: pest::error::Error<Rule>,
) -> ParseError {
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    // never inside a word: pest can stop after `in` of `increases`
    let in_word = |c: char| c.is_alphanumeric() || c == '-';
    let mut pos = pos.min(line.len());
    while pos > 0 && !line.is_char_boundary(pos) {
        pos -= 1;
    }
    if line[pos..].starts_with(in_word) {
        while pos > 0 && line[..pos].ends_with(in_word) {
            pos -= line[..pos].chars().next_back().map_or(1, char::len_utf8);
        }
    }
    let word: String = if line[pos..].starts_with('{') {
        // a keyword or label icon is one word: `{Blocker}`
        let end = line[pos..].find('}').map_or(line.len(), |e| pos + e + 1);
        line[pos..end].to_string()
    } else {
        line[pos..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '\'')
            .collect()
    };
    let found_char = line[pos..].chars().next();
    let found = if !word.is_empty() {
        format!("`{word}`")
    } else {
        match found_char {
            None | Some('\n') | Some('\r') => "the end of the line".to_string(),
            Some(c) => format!("`{c}`"),
        }
    };
    let mut expected: Vec<String> = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => positives
            .iter()
            .map(|r| rule_name(*r).to_string())
            .collect(),
        ErrorVariant::CustomError { message } => vec![message.clone()],
    };
    expected.sort();
    expected.dedup();
    if expected.len() > 6 {
        expected.truncate(6);
        expected.push("other words".to_string());
    }
    // a word of the language in the wrong place gets no "did you mean" (it is spelt right)
    let suggestion =
        if word.is_empty() || word.starts_with('{') || super::mistakes::is_known_word(&word) {
            None
        } else {
            suggest(&word, super::mistakes::VOCABULARY.iter().copied()).map(str::to_string)
        };
    let len = word.len().max(found_char.map_or(0, char::len_utf8));
    let mut error = ParseError {
        kind: ParseErrorKind::Syntax,
        span: Span::new(file, pos..pos + len),
        expected,
        found,
        suggestion,
        hint: None,
    };
    if let Some(Mistake {
        at,
        label,
        expected,
        found,
        suggestion,
        hint,
    }) = recognise(line, pos, &word)
    {
        error.span = Span::new(file, at);
        error.expected = vec![expected];
        error.found = found;
        error.suggestion = suggestion;
        error.hint = Some(Box::new(Hint { label, note: hint }));
    }
    let shift = text.offset + base;
    error.span = Span::new(file, error.span.start + shift..error.span.end + shift);
    error
}

/// The plain-words name of a grammar rule, for error messages.
pub(crate) fn rule_name(rule: Rule) -> &'static str {
    use Rule::*;
    match rule {
        EOI => "the end of the text",
        text => "card text",
        single_line | line => "an ability",
        reminder_line => "reminder text",
        flavour_line => "flavour text in double quotes",
        keyword_line => "a keyword such as `{Blocker}`",
        modes_line => "modes separated by ` // `",
        has_modes => "` // `",
        mode => "a mode such as `Draw 1.`",
        triggered => "a triggered ability such as `{Play} Draw 1.`",
        activated => "an activated ability such as `{Spend}: Draw 1.`",
        plain => "a sentence",
        eol => "the end of the line",
        trigger_start => "a trigger such as `When this Unit attacks,`",
        labels | label => "a timing label such as `{Play}`",
        trigger => "a trigger such as `When this Unit attacks`",
        when => "`When`",
        quick => "`{Quick}`",
        costs => "a cost such as `{Spend}`",
        cost => "a cost such as `{Spend}` or `1 €$`",
        spend_icon => "`{Spend}`",
        keyword => "a keyword such as `{Blocker}`",
        effect => "an effect",
        sentence => "a sentence",
        lead | lead_start => "`Then,`, `If …,` or a duration such as `Until your next turn,`",
        then => "`Then,`",
        if_lead => "`If …,`",
        otherwise => "`Otherwise,`",
        next_time => "`The next time …,`",
        clause => "a clause such as `draw 1` or `this Unit can't attack`",
        subject => "what the sentence is about, such as `this Unit`",
        predicate => "a verb such as `draw` or `can't attack`",
        steps => "a verb such as `draw`",
        link => "`and`, `or` or `, then`",
        modal => "`can`, `can't`, `may`, `must` or `would`",
        also => "`also`",
        instead => "`instead`",
        trailing => "`if …` or `unless …`",
        vp => "a verb such as `draw 1` or `is spent`",
        verbs => "a verb such as `draw`",
        copula => "`is`, `are` or `be`",
        passive => "a verb such as `defeated`",
        complement => "what something is, such as `spent` or `a Program`",
        states => "a word such as `spent`, `face-up` or `ARASAKA`",
        object => "what the verb acts on, such as `a rival Unit`",
        object_stop => "the end of what the verb acts on",
        grants => "what is given, such as `+2 power` or `{Blocker}`",
        grant => "`+2 power` or a keyword such as `{Blocker}`",
        cmp_object => "a comparison such as `2 or less`",
        whether => "`whether …`",
        adjunct | adjunct_start => "a phrase such as `this turn`, `for each …` or `to your hand`",
        for_adj => "`for …`",
        free => "`free`",
        to_adj => "`to …`",
        purpose => "a verb such as `use {Go Solo}`",
        by_adj => "`by …`",
        doing => "a verb in -ing such as `attacking`",
        prep_adj => "`with …`, `against …`, `in …`, `on …` or `from …`",
        prep => "`with`, `against`, `in`, `on` or `from`",
        doing_adj => "`by` or `without` and a verb in -ing",
        gerund_prep => "`by` or `without`",
        minimum => "`, to a minimum of 1 €$`",
        adverb => "`once`, `only` or `each`",
        event_adj => "`after …` or `when …`",
        sub_word => "`after` or `when`",
        event_lite | event => "an event such as `this Unit attacks`",
        verb => "a verb such as `draw`, `defeat` or `attacks`",
        np | subject_np | np_item => "a noun phrase such as `a rival Unit`",
        verb_ahead => "a verb",
        pronoun => "`it`, `them`, `they` or `the rest`",
        count | count_word => "a number such as `2`",
        phrase => "a noun phrase such as `a rival Unit`",
        det => "a determiner such as `a`, `all` or `up to 2`",
        premods | premod | adjective => "a word such as `friendly`, `spent` or `ARASAKA`",
        state => "a word such as `spent` or `face-up`",
        nouns | noun => "a noun such as `Unit`, `Gig` or `card`",
        conj => "`or` or `and/or`",
        comparison_start | comparison => "a comparison such as `4 or less`",
        noun_word => "a noun such as `Unit`, `Gig`, `card` or `power`",
        zones | zone => "a zone such as `your hand` or `your trash`",
        postmod | postmod_start => "a phrase such as `with power 4 or less` or `from your trash`",
        filter => "a filter such as `with power 4 or less`",
        filter_np => "what a filter says, such as `power 4 or less`",
        stat_word => "`power`, `cost` or `value`",
        from => "`from …`",
        among => "`among`",
        in_zone => "`in …`",
        np_prep => "`of …`, `as …`, `than …` or `not shared by …`",
        than_np => "a comparison such as `more than you`",
        count_than => "`more` or `fewer`",
        np_link => "`of`, `as`, `than` or `not shared by`",
        named => "`named \"…\"`",
        relative => "`that …`",
        at_value => "`at max value`",
        amount => "a number such as `2` or `this Unit's power`",
        cred => "`☆`",
        or_less_more => "`or less` or `or more`",
        or_less_than => "`or less than`",
        than_word => "`less`, `more` or `higher`",
        parity_number => "`an even number` or `an odd number`",
        eddies => "an amount of eddies such as `2 €$`",
        number => "a number such as `2`",
        up_to => "`up to`",
        signed => "a signed number such as `+2`",
        condition | cond_item => "a condition such as `you control a min Gig`",
        you_do => "`you do`",
        duration | duration_start => "a duration such as `this turn` or `until your next turn`",
        this_turn => "`this turn`",
        while_when => "`while`",
        turn_point => "`the end of …` or `the start of …`",
        start_end => "`start` or `end`",
        turn => "a turn such as `your turn`",
        next => "`next`",
        turn_word => "`turn`",
        WHITESPACE => "a space",
        wc => "a letter",
        B => "the end of a word",
        nl => "a line break",
        reminder => "reminder text in parentheses",
        quoted => "a name in double quotes",
    }
}
