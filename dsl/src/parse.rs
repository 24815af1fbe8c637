//! Parsing: card text → pest parse tree → typed AST ([`crate::ast`]), with back-references resolved.
//!
//! pest's `Pair` and `Rule` never leave this module: the public API returns AST values or
//! [`ParseError`]s, which are plain data.
//!
//! ```
//! use gigscript_dsl::ast::Textbox;
//! use gigscript_dsl::card::{CardText, CardType};
//! use gigscript_dsl::parse::parse_text;
//! use gigscript_dsl::print::{print_script, sexpr};
//! let text = CardText {
//!     text: "Spend a rival Unit. It can't ready until your next turn.\n".into(),
//!     offset: 0,
//!     exact: true,
//! };
//! let script = parse_text(&text, 0, CardType::Program, Textbox::Rules).unwrap();
//! assert_eq!(print_script(&script), text.text);
//! let tree = sexpr(&script);
//! assert!(tree.contains("(spend b1=(one rival unit))"), "{tree}");
//! assert!(tree.contains("(subject it->b1)"), "{tree}");
//! ```

use crate::ast::*;
use crate::card::{Card, CardText, CardType, Color};
use crate::diag::{suggest, Diagnostic, IntoDiagnostic};
use crate::source::{FileId, Span};
use pest::error::InputLocation;
use pest::iterators::Pair;
use pest::Parser as _;

#[allow(missing_docs)]
mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/card.pest"]
    pub struct CardParser;
}
use grammar::{CardParser, Rule};

type P<'i> = Pair<'i, Rule>;
type R<T> = Result<T, ParseError>;

/// Longest text the parser accepts; longer texts are rejected with an error, not parsed. The
/// longest card text is under 400 bytes; the limit also bounds how deeply phrases can nest
/// (`… with less power than a Unit with less power than …`), and so the parser's stack.
pub const MAX_TEXT_LEN: usize = 2048;

// ---- Errors -----------------------------------------------------------------------------------

/// What went wrong while reading a card text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// the words do not fit the grammar
    Syntax,
    /// a pronoun or `that …` has nothing to refer to
    Unresolved,
    /// a word in capitals that is not a tag of the catalogue (`SAMURAII`)
    UnknownTag,
    /// a bare number stands where a Unit, Gear or Gig must be named (`Spend 2.`)
    NumberForTarget,
    /// the text is longer than [`MAX_TEXT_LEN`]
    TooLong,
    /// the parse tree had a shape the lowering did not expect (a bug in gigscript)
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

impl IntoDiagnostic for ParseError {
    fn to_diagnostic(&self) -> Diagnostic {
        match self.kind {
            ParseErrorKind::Syntax => {
                let mut d = Diagnostic::error(format!(
                    "card text: expected {}, found {}",
                    or_list(&self.expected),
                    self.found
                ))
                .with_primary(
                    self.span,
                    self.hint.as_ref().map_or("not understood from here", |h| h.label),
                );
                if let Some(s) = &self.suggestion {
                    d = d.with_note(format!("did you mean `{s}`?"));
                }
                if let Some(h) = &self.hint {
                    d = d.with_note(h.note.clone());
                }
                d
            }
            ParseErrorKind::Unresolved => Diagnostic::error(format!(
                "card text: {} refers to nothing said before it",
                self.found
            ))
            .with_primary(self.span, "what does this refer to?")
            .with_note(format!("expected {}", or_list(&self.expected))),
            ParseErrorKind::UnknownTag => {
                let mut d = Diagnostic::error(format!("card text: unknown tag {}", self.found))
                    .with_primary(self.span, "no card of the catalogue has this tag");
                if let Some(s) = &self.suggestion {
                    d = d.with_note(format!("did you mean `{s}`?"));
                }
                d.with_note("a word in capitals is a tag (rule 3.13): it must be a tag some card of the catalogue has")
            }
            ParseErrorKind::NumberForTarget => Diagnostic::error(format!(
                "card text: number {} where a target belongs",
                self.found
            ))
            .with_primary(self.span, "which cards? name what this acts on")
            .with_note("write a noun phrase such as `a rival Unit`, `2 friendly Units` or `a Gig`")
            .with_note("a bare number stands for cards only after verbs such as `Discard 1`, or repeating a noun named just before (`defeat 2 instead`)"),
            ParseErrorKind::TooLong => Diagnostic::error(format!(
                "card text: text is longer than {MAX_TEXT_LEN} bytes"
            ))
            .with_primary(self.span, "this text"),
            ParseErrorKind::Internal => Diagnostic::error(format!(
                "card text: internal error in gigscript's parser ({}); this is a bug in gigscript, not in the card",
                self.found
            ))
            .with_primary(self.span, "while reading this"),
        }
    }
}

fn or_list(items: &[String]) -> String {
    match items {
        [] => "something else".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The plain-words name of a grammar rule, for error messages.
pub(crate) fn rule_name(rule: Rule) -> &'static str {
    use Rule::*;
    match rule {
        EOI => "the end of the text",
        WHITESPACE => "a space",
        wc => "a letter",
        B => "the end of a word",
        nl => "a line break",
        number => "a number such as `2`",
        at_least_n => "a threshold such as `7+`",
        signed => "a signed number such as `+2`",
        reminder => "reminder text in parentheses",
        eddies => "an amount of eddies such as `2 €$`",
        eddies_mod => "a cost change such as `-1 €$`",
        cred => "`☆`",
        keyword_icon => "a keyword such as `{Blocker}`",
        card_name => "a card name in double quotes",
        text => "card text",
        single_line => "an ability",
        line => "an ability",
        reminder_line => "reminder text",
        keyword_line => "a keyword such as `{Blocker}`",
        keyword => "a keyword such as `{Go Solo}`",
        labelled => "an ability with a timing label",
        label => "a timing label such as `{Play}`",
        quick => "`{Quick}`",
        activated => "an activated ability such as `{Spend}: Draw 1.`",
        costs => "a cost such as `{Spend}`",
        cost => "a cost such as `{Spend}` or `1 €$`",
        spend_icon => "`{Spend}`",
        when_line => "a trigger such as `When this Unit attacks,`",
        window => "`{Spend}:`",
        turn_line => "a trigger such as `At the end of your turn,`",
        turn_point => "`start` or `end`",
        first_time_line => "a trigger such as `The first time … each turn,`",
        cost_rule => "a cost rule such as `Play this Unit for -1 €$ …`",
        play_cost => "a cost rule such as `Play this Unit for -1 €$ …`",
        each_turn => "`each turn`",
        effect_cost => "`This effect costs …`",
        also_play => "`You may also play …`",
        if_play => "`If …, play this Program for …`",
        plain => "a sentence",
        replacement => "a replacement such as `If this Unit would be defeated, … instead.`",
        pay_to => "`spend 1 €$ to …`",
        effect => "an effect",
        sentences => "a sentence",
        modal => "`Choose one effect.`",
        modal_head => "`Choose one effect.`",
        choose_one => "`Choose one effect.`",
        give_these => "`Give … these effects.`",
        modal_rule => "`If …, choose both instead.`",
        choose_both => "`choose both instead`",
        rival_chooses => "`they instead choose one effect for you`",
        modes => "modes separated by ` // `",
        mode => "a mode",
        sentence => "a sentence such as `Draw 1.`",
        lead => "`Then,` or `If …,`",
        then_lead => "`Then,`",
        if_lead => "a condition such as `If you control a min Gig,`",
        you_do => "`you do`",
        otherwise => "`Otherwise,`",
        lead_duration => "a duration such as `Until your next turn,`",
        clause => "an action such as `draw 1` or a statement such as `this Unit can't attack`",
        delayed => "`The next time … this turn,`",
        imperative => "an action such as `defeat a rival Unit`",
        you_may => "`you may`",
        also => "`also`",
        instead => "`instead`",
        trailing_if => "`if …`",
        actions => "an action such as `draw 1`",
        action_link => "`and` or `, then`",
        action => "an action such as `Draw`, `Defeat` or `Give`",
        add => "`Add … to your hand`",
        add_more => "`1 more for each …`",
        to_hand => "`to your hand`",
        adjust => "`Adjust a Gig by …`",
        increase => "`Increase a Gig by …`",
        decrease => "`Decrease a Gig by …`",
        by_amount => "an amount such as `by up to 2`",
        up_to => "`up to`",
        bottom_deck => "`Bottom-deck …`",
        after_play => "`after you play it`",
        call => "`Call a Legend`",
        for_free => "`for free`",
        choose => "`Choose …`",
        defeat => "`Defeat …`",
        discard => "`Discard …`",
        double => "`double …'s power`",
        draw => "`Draw` and a number",
        equip => "`Equip … to …`",
        only => "`only`",
        give => "`Give … +2 power`",
        grants => "what is given, such as `+2 power`",
        grant => "`+2 power` or a keyword",
        power_mod => "a power change such as `+2 power`",
        tail => "a duration such as `this turn`",
        end_attack => "`end the attack`",
        in_any_order => "`in any order`",
        game_result => "`you win the game` or `you lose the game`",
        win_lose => "`win` or `lose`",
        ignore => "`ignore the result`",
        look => "`Look at …`",
        without_revealing => "`without revealing it`",
        play => "`Play …`",
        ready => "`Ready …`",
        remove => "`remove … from the game`",
        reroll => "`reroll it once`",
        return_ => "`Return … to its owner's hand`",
        reveal => "`Reveal …`",
        search => "`Search …`",
        sell => "`Sell …`",
        set => "`Set a Gig to …`",
        set_value => "a value such as `1`",
        same_value_as => "`the same value as …`",
        spend => "`Spend …`",
        steal => "`steal …`",
        swap => "`Swap … with …`",
        trash => "`Trash …`",
        declarative => "a statement such as `this Unit can't attack`",
        predicate => "a verb such as `can't attack` or `has +2 power`",
        w_cant => "`can't`",
        w_can => "`can`",
        cant => "`can't …`",
        cant_attack => "`attack`",
        unless => "`unless …`",
        cant_be_blocked => "`be blocked`",
        cant_be_defeated => "`be defeated in a fight`",
        in_a_fight => "`in a fight`",
        cant_ready => "`ready`",
        cant_steal => "`steal …`",
        can => "`can attack …`",
        attack_target => "what may be attacked, such as `spent rival Units`",
        their_gig_area => "`their Gig area`",
        may => "`may …`",
        may_attack => "`attack …`",
        may_use => "`use {Go Solo} for …`",
        must => "`must …`",
        must_attack => "`attack next turn if it can`",
        must_pay => "`pay +2 €$ to use …`",
        has => "`has +2 power` or `has {Adrenaline}`",
        has_word => "`has` or `have`",
        gains_loses => "`gains power equal to …`",
        gain_lose => "`gains` or `loses`",
        steals_fewer => "`steals 1 fewer Gig`",
        also_steals => "`also steals …`",
        discards => "`discards 1`",
        their_hand => "`their hand`",
        may_draw => "`and may draw …`",
        more => "`more`",
        defeats => "`defeats …`",
        wins_all => "`wins all fights against …`",
        chooses_whether => "`chooses whether you … or …`",
        isnt_stolen => "`isn't stolen`",
        duration => "a duration such as `this turn`",
        this_turn => "`this turn`",
        until_next_turn => "`until your next turn`",
        end_of_turn => "`at the end of this turn`",
        while_attacking => "`while attacking`",
        while_fighting => "`while fighting …`",
        turn_played => "`the turn it's played`",
        next_turn => "`next turn`",
        during_your_turn => "`during your turn`",
        for_each => "`for each …`",
        of_word => "`of`",
        event => "an event such as `this Unit steals a Gig`",
        you => "`you`",
        you_event => "an event such as `you play a Program`",
        play_event => "`play …`",
        roll_in => "`roll in …`",
        roll_min_max => "`roll a min or max value on …`",
        np_event => "an event such as `a rival Unit attacks`",
        event_verb => "a verb such as `attacks` or `steals a Gig`",
        would_steal => "`would steal …`",
        steals => "`steals …`",
        is_state => "`is spent` or `is defeated`",
        state_word => "`spent` or `defeated`",
        uses => "`uses {Blocker}`",
        attacks => "`attacks`",
        loses_fight => "`loses a fight`",
        wins_fight => "`wins a fight`",
        by_margin => "`by 3+ power`",
        decreases => "`decreases …`",
        condition => "a condition such as `you control a min Gig`",
        cond_you => "a condition such as `you have 7+ ☆`",
        possess => "`have …` or `control …`",
        have_control => "`have` or `control`",
        cred_cmp => "a ☆ comparison such as `more ☆ than a Rival`",
        more_less => "`more` or `less`",
        you_played => "`played … this turn`",
        cond_your => "a condition such as `your ☆ is an even number`",
        your_cred => "`☆ is an even number`",
        cred_parity => "`is an even number`",
        parity_number => "`an even number` or `an odd number`",
        cred_differs => "`differs from a Rival's by 10+`",
        fixer_empty => "`fixer area is empty`",
        cond_it_is => "a condition such as `it's a Program`",
        its => "`it's`",
        cond_expr => "a condition such as `its value is even`",
        equals => "`equals …`",
        is_parity => "`is even` or `is odd`",
        parity => "`even` or `odd`",
        cond_np => "a condition such as `this Unit is spent`",
        controls_more => "`controls more Gigs than you`",
        at_least => "`at least 2`",
        is_pred => "`is …`",
        or_has => "`or has …`",
        complement => "a description such as `spent` or `a Program`",
        state => "`spent`, `equipped` or `empty`",
        at_max => "`at max value`",
        tag_list => "tags such as `ARASAKA`",
        article => "`a` or `an`",
        head_ahead => "a noun",
        has_same_value => "`has the same value`",
        wins_against => "`wins a fight against …`",
        expr => "a number such as `the value of a friendly Gig`",
        value_of => "`the value of …`",
        total_discarded => "`the total number of discarded cards`",
        poss_stat => "a number such as `this Unit's power`",
        owner => "`its` or `that Gig's`",
        poss_pronoun => "`its` or `their`",
        stat => "`power`, `cost` or `value`",
        np => "a target such as `a rival Unit`",
        np_core => "a target such as `a rival Unit`",
        pronoun => "`it`, `them` or `they`",
        top_cards => "`the top card of your deck`",
        the_rest => "`the rest`",
        np_count => "a number of cards such as `1`",
        np_full => "a target such as `a rival Unit`",
        np_simple => "a card such as `this Program`",
        det_poss => "`a Rival's`",
        article_another => "`a` or `another`",
        rival => "`Rival`",
        player => "`player`",
        det => "a determiner such as `a`, `all` or `up to 2`",
        det_word => "a determiner such as `a` or `this`",
        up_to_n => "`up to` and a number",
        det_number => "a number such as `2`",
        or_more => "`or more`",
        premods => "a word such as `friendly` or `spent`",
        premod_word => "a word such as `friendly` or `spent`",
        other => "`other`",
        first => "`first`",
        participle => "`opposing`, `discarded` or `chosen`",
        orientation => "`spent` or `ready`",
        controller => "`friendly` or `rival`",
        status => "`equipped`, `unequipped`, `face-up` or `face-down`",
        quality => "a tag such as `ARASAKA` or a colour",
        tag => "a tag in capitals such as `ARASAKA`",
        colour => "a colour such as `Blue`",
        min => "`min`",
        max => "`max`",
        lowest_power => "`lowest-power`",
        head => "a noun such as `Unit`, `Gig` or `card`",
        or_head => "`or` and a noun",
        postmod => "a filter such as `with power 4 or less`",
        from => "`from …`",
        among_them => "`among them`",
        zone => "a zone such as `your trash`",
        zone_word => "`hand`, `trash`, `deck`, `fixer area` or `Legends area`",
        in_zone => "`in your …`",
        of_gigs => "`of Gigs`",
        filter => "a filter such as `with power 4 or less`",
        stat_cmp => "a comparison such as `power 4 or less`",
        cmp => "a comparison such as `4 or less`",
        cmp_num => "a number such as `4 or less`",
        or_less_more => "`or less` or `or more`",
        cmp_equal => "`equal to …`",
        or_less_than => "`or less than`",
        cmp_than => "`higher than …` or `less than …`",
        higher_less => "`higher` or `less`",
        value_at_least => "`8+ value`",
        parity_value => "`an even value`",
        different_values => "`different values`",
        same_sides => "`the same number of sides`",
        less_power_than => "`less power than …`",
        no_equipped => "`no equipped Gears`",
    }
}

/// Every word the grammar knows, for "did you mean" suggestions.
const VOCABULARY: &[&str] = &[
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
    "Rival",
    "Rivals",
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
    "this",
    "that",
    "those",
    "the",
    "your",
    "their",
    "with",
    "power",
    "cost",
    "value",
    "less",
    "more",
    "equal",
    "from",
    "hand",
    "trash",
    "deck",
    "turn",
    "Add",
    "Adjust",
    "Bottom-deck",
    "Call",
    "Choose",
    "Decrease",
    "Defeat",
    "Discard",
    "Double",
    "Draw",
    "Equip",
    "Give",
    "Increase",
    "Look",
    "Play",
    "Ready",
    "Remove",
    "Return",
    "Reveal",
    "Search",
    "Sell",
    "Set",
    "Spend",
    "Steal",
    "Swap",
    "Trash",
    "When",
    "If",
    "Then",
    "Otherwise",
    "instead",
    "until",
    "next",
    "while",
    "attacking",
    "fighting",
    "during",
    "attack",
    "attacks",
    "steals",
    "wins",
    "loses",
    "fight",
    "can't",
    "can",
    "may",
    "must",
    "has",
    "have",
    "control",
    "controls",
    "up",
    "to",
    "for",
    "free",
    "each",
    "min",
    "max",
    "even",
    "odd",
    "value-pair",
    "sided-pair",
];

// ---- Public API -------------------------------------------------------------------------------

/// The card grammar's source text (for the ambiguity check, which re-parses with pest_vm).
pub const GRAMMAR: &str = include_str!("../../grammar/card.pest");

/// The grammar rule a whole textbox is parsed with.
pub const START_RULE: &str = "text";

/// The parse tree of a textbox as `(rule, start, end)` in pre-order (byte offsets into `text`),
/// or `None` if it does not parse. This is what a reading of the grammar produces before it is
/// lowered to the AST, so two readings can be compared without pest types.
pub fn rule_spans(text: &str) -> Option<Vec<(String, usize, usize)>> {
    let pairs = CardParser::parse(Rule::text, text).ok()?;
    Some(
        pairs
            .flatten()
            .map(|p| {
                let s = p.as_span();
                (format!("{:?}", p.as_rule()), s.start(), s.end())
            })
            .collect(),
    )
}

/// The derived parser's reading of a textbox, in the form [`crate::ambiguity::Grammar::check_reading`]
/// takes, or `None` if it does not parse. Handing it to the ambiguity check saves the check its
/// own parse of the text as written (`pest_vm` is several times slower than the derived parser).
pub fn reading(text: &str) -> Option<Vec<crate::ambiguity::ReadingNode>> {
    fn walk(p: P, out: &mut Vec<crate::ambiguity::ReadingNode>) {
        let i = out.len();
        let s = p.as_span();
        out.push(crate::ambiguity::ReadingNode {
            rule: format!("{:?}", p.as_rule()),
            span: s.start()..s.end(),
            descendants: 0,
        });
        for c in p.into_inner() {
            walk(c, out);
        }
        out[i].descendants = out.len() - i - 1;
    }
    let pairs = CardParser::parse(Rule::text, text).ok()?;
    let mut out = Vec::new();
    for p in pairs {
        walk(p, &mut out);
    }
    Some(out)
}

/// Reads one textbox of a card of type `kind`: the type decides what a line without a header is
/// (a Program's effect, rule 4.14, or a static ability of a Unit, Legend or Gear). Spans are byte
/// offsets into the card file (`text.offset` plus the offset inside the text).
pub fn parse_text(
    text: &CardText,
    file: FileId,
    kind: CardType,
    textbox: Textbox,
) -> Result<Script, Vec<ParseError>> {
    let src = text.text.as_str();
    if src.len() > MAX_TEXT_LEN {
        return Err(vec![ParseError {
            kind: ParseErrorKind::TooLong,
            span: Span::new(file, text.offset..text.offset + src.len()),
            expected: vec![],
            found: String::new(),
            suggestion: None,
            hint: None,
        }]);
    }
    let tree = match CardParser::parse(Rule::text, src) {
        Ok(mut pairs) => pairs.next(),
        Err(e) => return Err(line_errors(text, file, e)),
    };
    let mut lower = Lower::new(text.offset, file, kind, textbox);
    let mut abilities = Vec::new();
    let mut errors = Vec::new();
    if let Some(tree) = tree {
        for line in tree.into_inner().filter(|p| p.as_rule() == Rule::line) {
            lower.start_ability();
            match lower.line(line) {
                Ok(a) => abilities.push(a),
                Err(e) => errors.push(e),
            }
        }
    }
    errors.append(&mut lower.errors);
    if errors.is_empty() {
        Ok(Script {
            textbox,
            abilities,
            bindings: lower.bindings,
        })
    } else {
        Err(errors)
    }
}

/// Reads both textboxes of a card.
pub fn parse_card(card: &Card) -> Result<CardScript, Vec<ParseError>> {
    let text = parse_text(&card.text, card.file, card.kind, Textbox::Rules);
    let top = card
        .top
        .as_ref()
        .map(|t| parse_text(t, card.file, card.kind, Textbox::Top));
    match (text, top) {
        (Ok(text), None) => Ok(CardScript {
            id: card.id.clone(),
            top: None,
            text,
        }),
        (Ok(text), Some(Ok(top))) => Ok(CardScript {
            id: card.id.clone(),
            top: Some(top),
            text,
        }),
        (text, top) => {
            let mut errors = top.and_then(Result::err).unwrap_or_default();
            errors.extend(text.err().unwrap_or_default());
            Err(errors)
        }
    }
}

/// When the whole text fails, parse each ability on its own so every bad line gets its own error.
fn line_errors(text: &CardText, file: FileId, whole: pest::error::Error<Rule>) -> Vec<ParseError> {
    let src = text.text.as_str();
    let mut errors = Vec::new();
    let mut start = 0;
    let lines: Vec<(usize, &str)> = src
        .split('\n')
        .map(|l| {
            let at = start;
            start += l.len() + 1;
            (at, l)
        })
        .collect();
    let mut i = 0;
    while i < lines.len() {
        let (at, mut line) = lines[i];
        // a modes line belongs to the line above it (also when its ` // ` is misspelt)
        if i + 1 < lines.len()
            && (lines[i + 1].1.contains(" // ")
                || lines[i].1.trim_start().starts_with("Choose one"))
        {
            let end = lines[i + 1].0 + lines[i + 1].1.len();
            line = &src[at..end];
            i += 1;
        }
        i += 1;
        if line.trim().is_empty() {
            continue;
        }
        if let Err(e) = CardParser::parse(Rule::single_line, line) {
            errors.push(syntax_error(text, file, at, line, e));
        }
    }
    if errors.is_empty() {
        errors.push(syntax_error(text, file, 0, src, whole));
    }
    errors
}

fn syntax_error(
    text: &CardText,
    file: FileId,
    base: usize,
    src: &str,
    e: pest::error::Error<Rule>,
) -> ParseError {
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let pos = pos.min(src.len());
    let word: String = src[pos..]
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '\'')
        .collect();
    let found_char = src[pos..].chars().next();
    let found = if !word.is_empty() {
        format!("`{word}`")
    } else {
        match found_char {
            None | Some('\n') => "the end of the line".to_string(),
            Some(c) => format!("`{c}`"),
        }
    };
    let mut expected: Vec<String> = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => positives
            .iter()
            .map(|r| rule_name(*r).to_string())
            .collect(),
        pest::error::ErrorVariant::CustomError { message } => vec![message.clone()],
    };
    expected.sort();
    expected.dedup();
    if expected.len() > 6 {
        expected.truncate(6);
        expected.push("other words".to_string());
    }
    let suggestion = if word.is_empty() {
        None
    } else {
        suggest(&word, VOCABULARY.iter().copied()).map(str::to_string)
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
    if let Some(m) = recognise(src, pos, &word) {
        error.span = Span::new(file, m.at);
        error.expected = vec![m.expected];
        error.found = m.found;
        error.suggestion = m.suggestion;
        error.hint = Some(Box::new(Hint {
            label: m.label,
            note: m.hint,
        }));
    }
    let shift = text.offset + base;
    error.span = Span::new(file, error.span.start + shift..error.span.end + shift);
    error
}

// ---- Common mistakes --------------------------------------------------------------------------

/// A common mistake recognised around a syntax error: where it is (bytes in the line), what was
/// expected and found there in plain words, and how to fix it.
struct Mistake {
    at: std::ops::Range<usize>,
    label: &'static str,
    expected: String,
    found: String,
    suggestion: Option<String>,
    hint: String,
}

impl Mistake {
    fn new(
        at: std::ops::Range<usize>,
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

/// Every tag of the catalogue, one word each as card text writes them (rule 3.13); the
/// `catalogue_tags_are_known` test keeps this list in step with the cards' `tags`.
pub const TAGS: &[&str] = &[
    "6THSTREET",
    "AI",
    "ALDECALDO",
    "ANIMAL",
    "ARASAKA",
    "BRAINDANCE",
    "CORPO",
    "CYBERWARE",
    "DOLL",
    "DRONE",
    "EXTREME",
    "FIXER",
    "GANGER",
    "IMPLANT",
    "MAELSTROM",
    "MAINE'SCREW",
    "MEDTECH",
    "MERC",
    "MILITECH",
    "MOX",
    "MYSTIC",
    "NCPD",
    "NETRUNNER",
    "NETWATCH",
    "NOMAD",
    "OVERCLOCKING",
    "PLAN",
    "QUICKHACK",
    "RAFFENSHIV",
    "RIPPERDOC",
    "ROCKER",
    "ROCKERBOY",
    "SAMURAI",
    "SCAVENGER",
    "TECH",
    "TECHIE",
    "TRAUMATEAM",
    "TYGERCLAWS",
    "VALENTINO",
    "VEHICLE",
    "VOODOOBOYS",
    "WEAPON",
    "ZETATECH",
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
    ("gain", "Increase"),
    ("boost", "Give"),
];

/// The action verbs, lower-case, for spotting where an effect starts.
const VERBS: &[&str] = &[
    "add",
    "adjust",
    "bottom-deck",
    "call",
    "choose",
    "decrease",
    "defeat",
    "discard",
    "double",
    "draw",
    "equip",
    "give",
    "increase",
    "look",
    "play",
    "ready",
    "remove",
    "return",
    "reveal",
    "search",
    "sell",
    "set",
    "spend",
    "steal",
    "swap",
    "trash",
    "you",
    "each",
    "all",
];

/// Durations the grammar knows, for the hint after an unknown one.
const DURATIONS: &str = "`this turn`, `until your next turn`, `at the end of this turn`, `while attacking`, `while fighting …`, `the turn it's played`, `next turn` or `during your turn`";

/// Recognises a common mistake in `line`, given where pest stopped (`pos`) and the word there.
/// The checks run from the most specific (a character that never belongs in card text) to the
/// most general, so the first that fits names the real mistake rather than a symptom of it.
fn recognise(line: &str, pos: usize, word: &str) -> Option<Mistake> {
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
    if let Some(i) = line
        .match_indices('/')
        .map(|(i, _)| i)
        .find(|&i| !line[..i].ends_with('/') && !line[i + 1..].starts_with('/'))
    {
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
    if line[pos..].starts_with('{') {
        let end = line[pos..].find('}').map_or(line.len(), |e| pos + e + 1);
        let inner = line[pos + 1..end].trim_end_matches('}');
        if inner == "Spend" {
            return Some(Mistake::new(
                pos..end,
                "a cost without its colon",
                "`{Spend}:`",
                "{Spend}",
                "an activation cost ends with a colon: `{Spend}: Draw 1.`",
            ));
        }
        let near = suggest(inner, ICONS.iter().copied());
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
        if let Some(n) = near {
            m = m.suggesting(format!("{{{n}}}"));
        }
        return Some(m);
    }
    // an Eddie cost without `€$`: `2, {Spend}: …`
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && pos == digits && !line[digits..].trim_start().starts_with("€$") {
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
    // an unknown tag
    if word.len() > 1
        && word
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        && !TAGS.contains(&word)
    {
        let mut m = Mistake::new(
            pos..pos + word.len(),
            "unknown tag",
            "a tag of the catalogue",
            word,
            "a word in capitals is a tag; it must be one the catalogue's cards have",
        );
        if let Some(n) = suggest(word, TAGS.iter().copied()) {
            m = m.suggesting(n);
        }
        return Some(m);
    }
    // a tag not in capitals: `Arasaka`
    let upper = word.to_uppercase();
    if upper != word && TAGS.contains(&upper.as_str()) {
        return Some(
            Mistake::new(
                pos..pos + word.len(),
                "a tag not in capitals",
                &format!("`{upper}`"),
                word,
                format!("tags are written in capitals: `a rival {upper} Unit`"),
            )
            .suggesting(upper),
        );
    }
    // a lower-case card type: `a rival unit`
    if let Some(noun) = [
        "unit", "units", "legend", "legends", "gear", "gears", "program", "programs", "gig",
        "gigs", "eddie", "eddies",
    ]
    .iter()
    .find(|n| **n == word)
    {
        let capital = format!("{}{}", noun[..1].to_uppercase(), &noun[1..]);
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
            .suggesting(capital),
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
    // a trigger or condition without its comma: `When this Unit attacks draw 1.`
    let lead = line.trim_start_matches(|c| c != ' ' && line.starts_with('{'));
    let lead = lead.trim_start();
    if ["When ", "If ", "At ", "The first time ", "The next time "]
        .iter()
        .any(|l| lead.starts_with(l))
    {
        let lead_at = line.len() - lead.len();
        let comma = line[lead_at..]
            .find(',')
            .map_or(line.len(), |c| lead_at + c);
        if let Some(&(i, v)) = words(line)
            .collect::<Vec<_>>()
            .iter()
            .find(|(i, w)| *i > lead_at + 3 && *i < comma && VERBS.contains(w))
        {
            let gap = line[..i].trim_end().len();
            return Some(Mistake::new(
                gap..i,
                "missing comma",
"`,` before the effect",
                v,
                "a trigger or condition ends with a comma before its effect: `When this Unit attacks, draw 1.`",
            ));
        }
    }
    // a missing period at the end of a sentence
    if pos >= line.trim_end().len() && !line.trim_end().ends_with(['.', ')', ':']) {
        let end = line.trim_end().len();
        return Some(Mistake::new(
            end..end,
            "missing period",
            "`.`",
            "the end of the line",
            "every sentence ends with a period: `Draw 1.`",
        ));
    }
    // an unknown duration: `this round`
    if word == "this" || word == "until" || word == "for" {
        let phrase: String = line[pos..]
            .split(['.', ','])
            .next()
            .unwrap_or("")
            .to_string();
        return Some(Mistake::new(
            pos..pos + phrase.len(),
            "unknown duration",
            "a duration",
            &phrase,
            format!("the durations are {DURATIONS}"),
        ));
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

// ---- Lowering ---------------------------------------------------------------------------------

struct Lower {
    offset: usize,
    file: FileId,
    kind: CardType,
    textbox: Textbox,
    bindings: Vec<Binding>,
    /// bindings visible in the current ability, oldest first
    scope: Vec<BindingId>,
    /// bindings that are cards looked at (for `the rest`)
    pools: Vec<BindingId>,
    /// bindings that are the Unit an event's subject fought (only `the opposing …` names them)
    opponents: Vec<BindingId>,
    /// what `this Unit` means inside `Give … these effects` modes
    this_override: Option<Ref>,
    /// the subject of the statement being read (for `the turn it's played`)
    subject: Option<Ref>,
    /// index of the sentence being read in its effect
    sentence: u32,
    /// leads of the sentences read so far in the effect
    leads: Vec<Option<Lead>>,
    errors: Vec<ParseError>,
}

fn kids<'i>(p: &P<'i>) -> Vec<P<'i>> {
    p.clone().into_inner().collect()
}

fn child<'i>(p: &P<'i>, rule: Rule) -> Option<P<'i>> {
    p.clone().into_inner().find(|c| c.as_rule() == rule)
}

fn children<'i>(p: &P<'i>, rule: Rule) -> Vec<P<'i>> {
    p.clone()
        .into_inner()
        .filter(|c| c.as_rule() == rule)
        .collect()
}

fn keyword_of(s: &str) -> KeywordName {
    match s {
        "{Blocker}" => KeywordName::Blocker,
        "{Quick}" => KeywordName::Quick,
        "{Go Solo}" => KeywordName::GoSolo,
        _ => KeywordName::Adrenaline,
    }
}

fn lower_first(s: &str) -> String {
    s.to_lowercase()
}

impl Lower {
    fn new(offset: usize, file: FileId, kind: CardType, textbox: Textbox) -> Self {
        Lower {
            offset,
            file,
            kind,
            textbox,
            bindings: Vec::new(),
            scope: Vec::new(),
            pools: Vec::new(),
            opponents: Vec::new(),
            this_override: None,
            subject: None,
            sentence: 0,
            leads: Vec::new(),
            errors: Vec::new(),
        }
    }

    fn start_ability(&mut self) {
        self.scope.clear();
        self.this_override = None;
        self.subject = None;
        self.start_effect();
    }

    fn start_effect(&mut self) {
        self.sentence = 0;
        self.leads.clear();
    }

    fn span(&self, p: &P) -> Span {
        let s = p.as_span();
        Span::new(self.file, self.offset + s.start()..self.offset + s.end())
    }

    fn spanned<T>(&self, p: &P, node: T) -> Spanned<T> {
        Spanned {
            node,
            span: self.span(p),
        }
    }

    fn bug(&self, p: &P, what: &str) -> ParseError {
        ParseError {
            kind: ParseErrorKind::Internal,
            span: self.span(p),
            expected: vec![],
            found: format!("{what} in `{}`", p.as_str()),
            suggestion: None,
            hint: None,
        }
    }

    fn nth<'i>(&self, p: &P<'i>, i: usize) -> R<P<'i>> {
        p.clone()
            .into_inner()
            .nth(i)
            .ok_or_else(|| self.bug(p, "missing part"))
    }

    fn need<'i>(&self, p: &P<'i>, rule: Rule) -> R<P<'i>> {
        child(p, rule).ok_or_else(|| self.bug(p, rule_name(rule)))
    }

    fn num(&self, p: &P) -> R<u32> {
        let digits: String = p.as_str().chars().filter(char::is_ascii_digit).collect();
        digits.parse().map_err(|_| ParseError {
            kind: ParseErrorKind::Syntax,
            span: self.span(p),
            expected: vec![format!("a number up to {}", u32::MAX)],
            found: format!("`{}`", p.as_str().trim()),
            suggestion: None,
            hint: None,
        })
    }

    fn signed(&self, p: &P) -> R<i32> {
        let s = p.as_str();
        let n = self.num(p)? as i32;
        Ok(if s.starts_with('-') { -n } else { n })
    }

    fn reminder(&self, p: &P) -> Reminder {
        Reminder {
            text: p.as_str().to_string(),
            span: self.span(p),
        }
    }

    fn reminders(&self, p: &P) -> Vec<Reminder> {
        children(p, Rule::reminder)
            .iter()
            .map(|r| self.reminder(r))
            .collect()
    }

    // ---- bindings

    fn declare(&mut self, np: &mut NounPhrase, describes: &str) {
        if np.binds.is_some() || is_reference(&np.node) {
            return;
        }
        let id = BindingId(self.bindings.len() as u32 + 1);
        self.bindings.push(Binding {
            id,
            describes: describes.trim().to_string(),
            kind: self.kind_of(&np.node),
            plural: self.plural_of(&np.node),
            span: np.span,
        });
        if matches!(np.node, Np::TopOfDeck { .. }) {
            self.pools.push(id);
        }
        self.scope.push(id);
        np.binds = Some(id);
    }

    fn declare_implicit(&mut self, describes: &str, kind: Kind, span: Span) -> BindingId {
        let id = BindingId(self.bindings.len() as u32 + 1);
        self.bindings.push(Binding {
            id,
            describes: describes.to_string(),
            kind,
            plural: false,
            span,
        });
        self.scope.push(id);
        id
    }

    fn binding(&self, id: BindingId) -> Option<&Binding> {
        self.bindings.get((id.0 as usize).wrapping_sub(1))
    }

    fn kind_of(&self, np: &Np) -> Kind {
        match np {
            Np::Pronoun { refers_to, .. } => self.ref_kind(*refers_to),
            Np::TopOfDeck { .. } | Np::Rest { .. } | Np::Count { .. } => Kind::Card,
            Np::And(a, _) => self.kind_of(&a.node),
            Np::Phrase(ph) => match ph.head.noun {
                Noun::Unit => Kind::Unit,
                Noun::Legend => Kind::Legend,
                Noun::Gear | Noun::Named(_) => Kind::Gear,
                Noun::Program => Kind::Program,
                Noun::Card => Kind::Card,
                Noun::CardType | Noun::Type => Kind::CardType,
                Noun::Gig | Noun::Die(_) | Noun::ValuePair | Noun::SidedPair => Kind::Gig,
                Noun::Eddie => Kind::Eddie,
                Noun::Player | Noun::Rival => Kind::Player,
            },
        }
    }

    fn ref_kind(&self, r: Ref) -> Kind {
        match r {
            Ref::This | Ref::Host => Kind::Unit,
            Ref::Binding(id) => self.binding(id).map_or(Kind::Card, |b| b.kind),
        }
    }

    fn plural_of(&self, np: &Np) -> bool {
        match np {
            Np::Pronoun { word, .. } => *word != Pronoun::It,
            Np::TopOfDeck { count } => count.is_some_and(|n| n > 1),
            Np::Rest { .. } | Np::And(..) => true,
            Np::Count { count, .. } => *count > 1,
            Np::Phrase(ph) => {
                ph.head.plural
                    || match ph.quantity {
                        Quantity::UpTo(n) | Quantity::Exactly(n) => n > 1,
                        Quantity::All | Quantity::AtLeast(_) | Quantity::OneOrMore => true,
                        _ => false,
                    }
            }
        }
    }

    /// The nearest binding in scope that `ok` accepts.
    fn nearest(&self, ok: impl Fn(&Binding) -> bool) -> Option<BindingId> {
        self.scope
            .iter()
            .rev()
            .filter_map(|id| self.binding(*id))
            .find(|b| ok(b))
            .map(|b| b.id)
    }

    fn unresolved(&mut self, p: &P, expected: &str) -> Ref {
        self.errors.push(ParseError {
            kind: ParseErrorKind::Unresolved,
            span: self.span(p),
            expected: vec![expected.to_string()],
            found: format!("`{}`", p.as_str()),
            suggestion: None,
            hint: None,
        });
        Ref::This
    }

    /// `it`, `its`, `it's`: the nearest single thing of the kinds given; else this card.
    fn resolve_it(&self, kinds: &[Kind]) -> Ref {
        self.nearest(|b| {
            !b.plural
                && !self.opponents.contains(&b.id)
                && !matches!(b.kind, Kind::Player | Kind::Eddie | Kind::CardType)
                && (kinds.is_empty() || kinds.contains(&b.kind))
        })
        .map_or(self.this_ref(), Ref::Binding)
    }

    /// The pronoun `it`: as [`Self::resolve_it`], but a Program has no `this` for a bare `it` to
    /// fall back on (it is in the trash by the time its effect is read), so there it is an error.
    fn resolve_it_word(&mut self, p: &P) -> Ref {
        let r = self.resolve_it(&[]);
        if r == Ref::This && self.kind == CardType::Program && self.this_override.is_none() {
            return self.unresolved(
                p,
                "a card, Unit or Gig named before it, such as `a rival Unit`",
            );
        }
        r
    }

    /// What `this …` or an unresolved `it` means: the card, or on a Gear the card it is
    /// equipped to (unless the phrase names the Gear itself).
    fn this_ref(&self) -> Ref {
        self.this_override
            .unwrap_or(if self.kind == CardType::Gear {
                Ref::Host
            } else {
                Ref::This
            })
    }

    /// A tag, which must be one of the catalogue's ([`TAGS`]).
    fn tag(&mut self, t: &P) -> String {
        let tag = t.as_str();
        if !TAGS.contains(&tag) {
            self.errors.push(ParseError {
                kind: ParseErrorKind::UnknownTag,
                span: self.span(t),
                expected: vec![],
                found: format!("`{tag}`"),
                suggestion: suggest(tag, TAGS.iter().copied()).map(str::to_string),
                hint: None,
            });
        }
        tag.to_string()
    }

    fn resolve_player(&mut self, p: &P) -> Ref {
        match self.nearest(|b| b.kind == Kind::Player) {
            Some(id) => Ref::Binding(id),
            None => self.unresolved(p, "a player named before, such as `a Rival`"),
        }
    }

    // ---- lines

    fn line(&mut self, p: P) -> R<Spanned<Ability>> {
        let inner = self.nth(&p, 0)?;
        let ability = match inner.as_rule() {
            Rule::reminder_line => Ability::Reminder(self.reminders(&inner)),
            Rule::keyword_line => {
                let k = self.need(&inner, Rule::keyword)?;
                Ability::Keyword {
                    keyword: keyword_of(k.as_str()),
                    reminder: child(&inner, Rule::reminder).map(|r| self.reminder(&r)),
                }
            }
            Rule::labelled => {
                let labels = children(&inner, Rule::label)
                    .iter()
                    .map(|l| match l.as_str() {
                        "{Play}" => Label::Play,
                        "{Attack}" => Label::Attack,
                        "{Defeated}" => Label::Defeated,
                        "{Call}" => Label::Call,
                        _ => Label::Flip,
                    })
                    .collect::<Vec<_>>();
                let label_pairs = children(&inner, Rule::label);
                let span = match (label_pairs.first(), label_pairs.last()) {
                    (Some(a), Some(b)) => {
                        Span::new(self.file, self.span(a).start..self.span(b).end)
                    }
                    _ => self.span(&inner),
                };
                let trigger = Spanned {
                    node: Trigger::Labels(labels),
                    span,
                };
                let effect = self.effect(self.need(&inner, Rule::effect)?)?;
                Ability::Triggered { trigger, effect }
            }
            Rule::quick => {
                if let Some(act) = child(&inner, Rule::activated) {
                    self.activated(&act, true, None)?
                } else {
                    let effect = self.effect(self.need(&inner, Rule::effect)?)?;
                    self.plain(effect, true)
                }
            }
            Rule::activated => self.activated(&inner, false, None)?,
            Rule::when_line => {
                let ev = self.need(&inner, Rule::event)?;
                let event = self.event(&ev)?;
                if let Some(w) = child(&inner, Rule::window) {
                    self.activated(&w, false, Some(event))?
                } else {
                    let effect = self.effect(self.need(&inner, Rule::effect)?)?;
                    Ability::Triggered {
                        trigger: Spanned {
                            node: Trigger::When(event),
                            span: self.span(&ev),
                        },
                        effect,
                    }
                }
            }
            Rule::turn_line => {
                let point = self.need(&inner, Rule::turn_point)?;
                let node = if point.as_str().starts_with("start") {
                    Trigger::StartOfYourTurn
                } else {
                    Trigger::EndOfYourTurn
                };
                let effect = self.effect(self.need(&inner, Rule::effect)?)?;
                Ability::Triggered {
                    trigger: self.spanned(&point, node),
                    effect,
                }
            }
            Rule::first_time_line => {
                let ev = self.need(&inner, Rule::event)?;
                let event = self.event(&ev)?;
                let effect = self.effect(self.need(&inner, Rule::effect)?)?;
                Ability::Triggered {
                    trigger: Spanned {
                        node: Trigger::FirstTimeEachTurn(event),
                        span: self.span(&ev),
                    },
                    effect,
                }
            }
            Rule::cost_rule => Ability::CostRule(self.cost_rule(&self.nth(&inner, 0)?)?),
            Rule::replacement => {
                let mut subject = self.np(&self.need(&inner, Rule::np)?)?;
                let describes = self.need(&inner, Rule::np)?.as_str().to_string();
                self.declare(&mut subject, &describes);
                let optional = child(&inner, Rule::you_may).is_some();
                let action = if let Some(pay) = child(&inner, Rule::pay_to) {
                    let eddies =
                        self.num(&self.need(&self.need(&pay, Rule::eddies)?, Rule::number)?)?;
                    let act = self.action(&self.need(&pay, Rule::action)?)?;
                    self.spanned(
                        &pay,
                        Action::PayTo {
                            eddies,
                            action: Box::new(act),
                        },
                    )
                } else {
                    self.action(&self.need(&inner, Rule::action)?)?
                };
                Ability::Replacement {
                    subject,
                    optional,
                    action,
                    reminders: self.reminders(&inner),
                }
            }
            Rule::plain => {
                let effect = self.effect(self.need(&inner, Rule::effect)?)?;
                self.plain(effect, false)
            }
            _ => return Err(self.bug(&inner, "unknown line")),
        };
        Ok(self.spanned(&p, ability))
    }

    fn plain(&self, effect: Effect, quick: bool) -> Ability {
        // a Program's text is its effect (rule 4.14); `{Quick}` only ever opens a Program's effect
        if quick || (self.kind == CardType::Program && self.textbox == Textbox::Rules) {
            Ability::Resolution { quick, effect }
        } else {
            Ability::Static(effect)
        }
    }

    fn activated(&mut self, p: &P, quick: bool, window: Option<Spanned<Event>>) -> R<Ability> {
        let costs = self.need(p, Rule::costs)?;
        let mut list = Vec::new();
        for c in children(&costs, Rule::cost) {
            let inner = self.nth(&c, 0)?;
            let node = if inner.as_rule() == Rule::spend_icon {
                Cost::Spend
            } else {
                Cost::Eddies(self.num(&self.need(&inner, Rule::number)?)?)
            };
            list.push(self.spanned(&c, node));
        }
        let effect = self.effect(self.need(p, Rule::effect)?)?;
        Ok(Ability::Activated {
            quick,
            window,
            costs: list,
            effect,
        })
    }

    fn cost_rule(&mut self, p: &P) -> R<Spanned<CostRule>> {
        let node = match p.as_rule() {
            Rule::play_cost => {
                let card = self.np_simple(&self.need(p, Rule::np_simple)?)?;
                let change =
                    self.signed(&self.need(&self.need(p, Rule::eddies_mod)?, Rule::signed)?)?;
                let per = match child(p, Rule::for_each) {
                    Some(f) => Some(self.for_each(&f)?),
                    None => None,
                };
                let minimum = self.num(&self.need(&self.need(p, Rule::eddies)?, Rule::number)?)?;
                CostRule::PlayFor {
                    card,
                    each_turn: child(p, Rule::each_turn).is_some(),
                    change,
                    per,
                    minimum,
                }
            }
            Rule::effect_cost => CostRule::EffectCosts {
                change: self.signed(&self.need(&self.need(p, Rule::eddies_mod)?, Rule::signed)?)?,
                per: self.for_each(&self.need(p, Rule::for_each)?)?,
            },
            Rule::also_play => {
                let card = self.np_simple(&self.need(p, Rule::np_simple)?)?;
                let ev = self.need(p, Rule::event)?;
                let when = self.event(&ev)?;
                let paying = self.expr(&self.need(p, Rule::expr)?)?;
                let spending = match child(p, Rule::np) {
                    Some(n) => Some(self.np(&n)?),
                    None => None,
                };
                CostRule::AlsoPlay {
                    card,
                    when,
                    paying,
                    spending,
                }
            }
            Rule::if_play => {
                let condition = self.condition(&self.need(p, Rule::condition)?)?;
                let card = self.np_simple(&self.need(p, Rule::np_simple)?)?;
                let cost = self.num(&self.need(&self.need(p, Rule::eddies)?, Rule::number)?)?;
                CostRule::PlayForIf {
                    condition,
                    card,
                    cost,
                }
            }
            _ => return Err(self.bug(p, "unknown cost rule")),
        };
        Ok(self.spanned(p, node))
    }

    // ---- effects

    fn effect(&mut self, p: P) -> R<Effect> {
        self.start_effect();
        let inner = self.nth(&p, 0)?;
        match inner.as_rule() {
            Rule::sentences => {
                let mut out = Vec::new();
                for s in children(&inner, Rule::sentence) {
                    out.push(self.sentence(&s)?);
                }
                Ok(Effect::Sentences(out))
            }
            Rule::modal => {
                let head_p = self.need(&inner, Rule::modal_head)?;
                let h = self.nth(&head_p, 0)?;
                let head_node = if h.as_rule() == Rule::give_these {
                    let np_p = self.need(&h, Rule::np)?;
                    let mut target = self.np(&np_p)?;
                    self.declare(&mut target, np_p.as_str());
                    if let Some(id) = target.binds {
                        self.this_override = Some(Ref::Binding(id));
                    }
                    ModalHead::GiveAll { target }
                } else {
                    ModalHead::ChooseOne
                };
                let head = self.spanned(&head_p, head_node);
                self.leads.push(None);
                self.sentence = 1;
                let rule = match child(&inner, Rule::modal_rule) {
                    Some(r) => {
                        let condition = self.condition(&self.need(&r, Rule::condition)?)?;
                        let change = if child(&r, Rule::choose_both).is_some() {
                            ModeChange::ChooseBoth
                        } else {
                            let chooser = self.resolve_player(&r);
                            ModeChange::RivalChoosesOne { chooser }
                        };
                        self.leads.push(None);
                        self.sentence += 1;
                        Some(self.spanned(&r, ModalRule { condition, change }))
                    }
                    None => None,
                };
                let mut modes = Vec::new();
                for m in children(&self.need(&inner, Rule::modes)?, Rule::mode) {
                    let mut sentences = Vec::new();
                    for s in children(&m, Rule::sentence) {
                        sentences.push(self.sentence(&s)?);
                    }
                    modes.push(sentences);
                }
                Ok(Effect::Modal { head, rule, modes })
            }
            _ => Err(self.bug(&inner, "unknown effect")),
        }
    }

    fn sentence(&mut self, p: &P) -> R<Spanned<Sentence>> {
        let lead = match child(p, Rule::lead) {
            Some(l) => {
                let node = self.lead(&l)?;
                Some(self.spanned(&l, node))
            }
            None => None,
        };
        let clause = self.clause(&self.need(p, Rule::clause)?)?;
        self.leads.push(lead.as_ref().map(|l| l.node.clone()));
        self.sentence += 1;
        Ok(self.spanned(
            p,
            Sentence {
                lead,
                clause,
                reminders: self.reminders(p),
            },
        ))
    }

    fn previous(&self) -> SentenceId {
        SentenceId(self.sentence.saturating_sub(1))
    }

    fn lead(&mut self, p: &P) -> R<Lead> {
        let inner = self.nth(p, 0)?;
        Ok(match inner.as_rule() {
            Rule::then_lead => Lead::Then {
                condition: match child(&inner, Rule::if_lead) {
                    Some(i) => Some(self.condition(&self.need(&i, Rule::condition)?)?),
                    None => None,
                },
            },
            Rule::if_lead => {
                if child(&inner, Rule::you_do).is_some() {
                    if self.sentence == 0 {
                        self.unresolved(&inner, "a sentence before `If you do`");
                    }
                    Lead::IfYouDo {
                        depends_on: self.previous(),
                    }
                } else {
                    Lead::If(self.condition(&self.need(&inner, Rule::condition)?)?)
                }
            }
            Rule::otherwise => {
                if self.sentence == 0 {
                    self.unresolved(&inner, "a sentence before `Otherwise`");
                }
                let prev = self.previous();
                let depends_on = match self.leads.get(prev.0 as usize) {
                    Some(Some(Lead::IfYouDo { depends_on })) => *depends_on,
                    _ => prev,
                };
                Lead::Otherwise { depends_on }
            }
            Rule::lead_duration => {
                let d = self.nth(&inner, 0)?;
                Lead::During(self.duration_inner(&d)?)
            }
            _ => return Err(self.bug(&inner, "unknown lead")),
        })
    }

    fn clause(&mut self, p: &P) -> R<Spanned<Clause>> {
        let inner = self.nth(p, 0)?;
        let node = match inner.as_rule() {
            Rule::delayed => {
                let event = self.event(&self.need(&inner, Rule::event)?)?;
                let then = self.clause(&self.need(&inner, Rule::clause)?)?;
                Clause::Delayed {
                    event,
                    then: Box::new(then),
                }
            }
            Rule::imperative => {
                let steps = self.steps(&self.need(&inner, Rule::actions)?)?;
                let instead = if child(&inner, Rule::instead).is_some() {
                    if self.sentence == 0 {
                        self.unresolved(&inner, "a sentence before `instead`");
                    }
                    Some(self.previous())
                } else {
                    None
                };
                let condition = match child(&inner, Rule::trailing_if) {
                    Some(t) => Some(self.condition(&self.need(&t, Rule::condition)?)?),
                    None => None,
                };
                Clause::Do {
                    optional: child(&inner, Rule::you_may).is_some(),
                    also: child(&inner, Rule::also).is_some(),
                    steps,
                    instead,
                    condition,
                }
            }
            Rule::declarative => {
                let np_p = self.need(&inner, Rule::np)?;
                let mut subject = self.np(&np_p)?;
                self.declare(&mut subject, np_p.as_str());
                let saved = self.subject.take();
                self.subject = Some(match (&subject.binds, &subject.node) {
                    (Some(id), _) => Ref::Binding(*id),
                    (None, Np::Pronoun { refers_to, .. }) => *refers_to,
                    (None, Np::Phrase(ph)) => ph.refers_to.unwrap_or(Ref::This),
                    _ => self.this_ref(),
                });
                let pred_p = self.need(&inner, Rule::predicate)?;
                let predicate = self.predicate(&pred_p);
                self.subject = saved;
                Clause::State {
                    subject,
                    predicate: predicate?,
                }
            }
            _ => return Err(self.bug(&inner, "unknown clause")),
        };
        Ok(self.spanned(p, node))
    }

    fn steps(&mut self, p: &P) -> R<Vec<Step>> {
        let mut steps = Vec::new();
        let mut link = None;
        for c in kids(p) {
            match c.as_rule() {
                Rule::action_link => {
                    link = Some(if c.as_str().starts_with(',') {
                        Link::Then
                    } else {
                        Link::And
                    })
                }
                Rule::action => {
                    let action = self.action(&c)?;
                    steps.push(Step {
                        link: link.take(),
                        action,
                    });
                }
                _ => return Err(self.bug(&c, "unknown step")),
            }
        }
        Ok(steps)
    }

    /// Lowers a noun phrase that is an object of an action, and declares it.
    fn object(&mut self, p: &P) -> R<NounPhrase> {
        let np_p = self.need(p, Rule::np)?;
        let mut np = self.np(&np_p)?;
        self.declare(&mut np, np_p.as_str());
        Ok(np)
    }

    /// An object that must name what it acts on (a Unit, Gear, Legend or Gig): a bare count
    /// such as `Spend 2` names nothing, unlike `Discard 2` (cards from your hand).
    fn target(&mut self, p: &P) -> R<NounPhrase> {
        let np = self.object(p)?;
        self.no_bare_count(&np);
        Ok(np)
    }

    fn no_bare_count(&mut self, np: &NounPhrase) {
        if let Np::Count {
            count,
            post,
            elided: None,
        } = &np.node
        {
            if post.is_empty() {
                self.errors.push(ParseError {
                    kind: ParseErrorKind::NumberForTarget,
                    span: np.span,
                    expected: vec![],
                    found: format!("`{count}`"),
                    suggestion: None,
                    hint: None,
                });
            }
        }
    }

    /// An object taken from cards looked at: `Add 1 to your hand`, `Reveal a Gear`. When no
    /// source is written and cards were searched or revealed before, they are taken from those.
    fn taken_object(&mut self, p: &P) -> R<(NounPhrase, Option<Ref>)> {
        let np_p = self.need(p, Rule::np)?;
        let mut np = self.np(&np_p)?;
        let sourced = |post: &[Spanned<PostMod>]| {
            post.iter().any(|m| {
                matches!(
                    m.node,
                    PostMod::FromZone(_)
                        | PostMod::FromAmong(_)
                        | PostMod::FromCard(_)
                        | PostMod::In(_)
                )
            })
        };
        let open = match &np.node {
            Np::Count { post, .. } => !sourced(post),
            Np::Phrase(ph) => ph.refers_to.is_none() && !sourced(&ph.post),
            _ => false,
        };
        let from = if open {
            let pools = self.pools.clone();
            self.nearest(|b| pools.contains(&b.id)).map(Ref::Binding)
        } else {
            None
        };
        self.declare(&mut np, np_p.as_str());
        Ok((np, from))
    }

    fn objects(&mut self, p: &P) -> R<Vec<NounPhrase>> {
        let mut out = Vec::new();
        for n in children(p, Rule::np) {
            let mut np = self.np(&n)?;
            self.declare(&mut np, n.as_str());
            out.push(np);
        }
        Ok(out)
    }

    fn two(&self, p: &P, mut v: Vec<NounPhrase>) -> R<(NounPhrase, NounPhrase)> {
        let b = v.pop().ok_or_else(|| self.bug(p, "second noun phrase"))?;
        let a = v.pop().ok_or_else(|| self.bug(p, "first noun phrase"))?;
        Ok((a, b))
    }

    fn opt_for_each(&mut self, p: &P) -> R<Option<NounPhrase>> {
        match child(p, Rule::for_each) {
            Some(f) => Ok(Some(self.for_each(&f)?)),
            None => Ok(None),
        }
    }

    fn action(&mut self, p: &P) -> R<Spanned<Action>> {
        let a = self.nth(p, 0)?;
        let node = match a.as_rule() {
            Rule::add => {
                if let Some(m) = child(&a, Rule::add_more) {
                    let pools = self.pools.clone();
                    Action::AddMore {
                        count: self.num(&self.need(&m, Rule::number)?)?,
                        per: self.for_each(&self.need(&m, Rule::for_each)?)?,
                        from: self.nearest(|b| pools.contains(&b.id)).map(Ref::Binding),
                    }
                } else {
                    let (what, from) = self.taken_object(&a)?;
                    Action::AddToHand { what, from }
                }
            }
            Rule::adjust | Rule::increase | Rule::decrease => {
                let direction = match a.as_rule() {
                    Rule::adjust => Direction::Adjust,
                    Rule::increase => Direction::Increase,
                    _ => Direction::Decrease,
                };
                let gig = self.object(&a)?;
                let by = self.need(&a, Rule::by_amount)?;
                let (n, plus_minus) = match child(&by, Rule::signed) {
                    Some(s) => (self.num(&s)?, s.as_str().starts_with('±')),
                    None => (self.num(&self.need(&by, Rule::number)?)?, false),
                };
                Action::ChangeGig {
                    direction,
                    gig,
                    amount: Amount {
                        up_to: child(&by, Rule::up_to).is_some(),
                        plus_minus,
                        n,
                    },
                }
            }
            Rule::bottom_deck => {
                let what = self.object(&a)?;
                let after_playing = match child(&a, Rule::after_play) {
                    Some(ap) => Some(self.np(&self.need(&ap, Rule::np)?)?),
                    None => None,
                };
                Action::BottomDeck {
                    what,
                    after_playing,
                    any_order: child(&a, Rule::in_any_order).is_some(),
                }
            }
            Rule::call => Action::Call {
                what: self.object(&a)?,
                free: child(&a, Rule::for_free).is_some(),
            },
            Rule::choose => Action::Choose {
                what: self.object(&a)?,
            },
            Rule::defeat => {
                let mut what = self.object(&a)?;
                if let Np::Count {
                    post,
                    elided: elided @ None,
                    ..
                } = &mut what.node
                {
                    // `defeat 2`: the noun and filters of the Units named before are left out
                    if post.is_empty() {
                        let opponents = self.opponents.clone();
                        *elided = self
                            .nearest(|b| {
                                matches!(b.kind, Kind::Unit | Kind::Legend | Kind::Gear)
                                    && !opponents.contains(&b.id)
                                    && Some(b.id) != what.binds
                            })
                            .map(Ref::Binding);
                    }
                }
                self.no_bare_count(&what);
                let when = match child(&a, Rule::duration) {
                    Some(d) => Some(self.duration(&d)?),
                    None => None,
                };
                Action::Defeat { what, when }
            }
            Rule::discard => Action::Discard {
                what: self.object(&a)?,
            },
            Rule::double => Action::Double {
                what: self.poss_stat(&self.need(&a, Rule::poss_stat)?)?,
            },
            Rule::draw => Action::Draw {
                up_to: child(&a, Rule::up_to).is_some(),
                count: self.num(&self.need(&a, Rule::number)?)?,
                per: self.opt_for_each(&a)?,
            },
            Rule::equip => {
                let v = self.objects(&a)?;
                let (gear, to) = self.two(&a, v)?;
                Action::Equip {
                    gear,
                    only: child(&a, Rule::only).is_some(),
                    free: child(&a, Rule::for_free).is_some(),
                    to,
                }
            }
            Rule::give => {
                let target = self.target(&a)?;
                let mut grants = Vec::new();
                for g in children(&self.need(&a, Rule::grants)?, Rule::grant) {
                    let gi = self.nth(&g, 0)?;
                    grants.push(if gi.as_rule() == Rule::power_mod {
                        Grant::Power(self.signed(&self.need(&gi, Rule::signed)?)?)
                    } else {
                        Grant::Keyword(keyword_of(gi.as_str()))
                    });
                }
                let modifiers = self.tail(&self.need(&a, Rule::tail)?)?;
                Action::Give {
                    target,
                    grants,
                    modifiers,
                }
            }
            Rule::end_attack => Action::EndAttack,
            Rule::game_result => Action::GameResult {
                win: self.need(&a, Rule::win_lose)?.as_str() == "win",
            },
            Rule::ignore => Action::IgnoreResult {
                of: match self.nearest(|b| b.kind == Kind::Gig) {
                    Some(id) => Ref::Binding(id),
                    None => self.unresolved(&a, "a Gig rolled before"),
                },
            },
            Rule::look => {
                let what = self.object(&a)?;
                let without_revealing = match child(&a, Rule::without_revealing) {
                    Some(w) => Some(self.np(&self.need(&w, Rule::np)?)?),
                    None => None,
                };
                Action::LookAt {
                    what,
                    without_revealing,
                }
            }
            Rule::play => Action::Play {
                what: self.object(&a)?,
                free: child(&a, Rule::for_free).is_some(),
            },
            Rule::ready => Action::Ready {
                what: self.target(&a)?,
            },
            Rule::remove => Action::RemoveFromGame {
                what: self.object(&a)?,
            },
            Rule::reroll => Action::RerollOnce {
                what: self.object(&a)?,
            },
            Rule::return_ => Action::ReturnToOwnersHand {
                what: self.object(&a)?,
            },
            Rule::reveal => {
                let (what, from) = self.taken_object(&a)?;
                Action::Reveal { what, from }
            }
            Rule::search => {
                let mut v = self.objects(&a)?;
                let for_ = if v.len() > 1 { v.pop() } else { None };
                let what = v.pop().ok_or_else(|| self.bug(&a, "searched cards"))?;
                Action::Search { what, for_ }
            }
            Rule::sell => Action::Sell {
                what: self.object(&a)?,
            },
            Rule::set => {
                let gig = self.object(&a)?;
                let sv = self.nth(&self.need(&a, Rule::set_value)?, 0)?;
                let to = match sv.as_rule() {
                    Rule::number => SetValue::Number(self.num(&sv)?),
                    Rule::same_value_as => {
                        SetValue::SameValueAs(self.np(&self.need(&sv, Rule::np)?)?)
                    }
                    _ => SetValue::ValueOf(self.np(&self.need(&sv, Rule::np)?)?),
                };
                Action::SetGig { gig, to }
            }
            Rule::spend => Action::Spend {
                what: self.target(&a)?,
                per: self.opt_for_each(&a)?,
            },
            Rule::steal => Action::Steal {
                what: self.target(&a)?,
            },
            Rule::swap => {
                let v = self.objects(&a)?;
                let (gig, with) = self.two(&a, v)?;
                Action::Swap { gig, with }
            }
            Rule::trash => Action::Trash {
                up_to: child(&a, Rule::up_to).is_some(),
                what: self.object(&a)?,
            },
            _ => return Err(self.bug(&a, "unknown action")),
        };
        Ok(self.spanned(p, node))
    }

    fn tail(&mut self, p: &P) -> R<Vec<Modifier>> {
        let mut out = Vec::new();
        for c in kids(p) {
            out.push(match c.as_rule() {
                Rule::duration => Modifier::Duration(self.duration(&c)?),
                _ => Modifier::ForEach(self.for_each(&c)?),
            });
        }
        Ok(out)
    }

    fn for_each(&mut self, p: &P) -> R<NounPhrase> {
        self.np(&self.need(p, Rule::np)?)
    }

    fn duration(&mut self, p: &P) -> R<Spanned<Duration>> {
        let d = self.nth(p, 0)?;
        self.duration_inner(&d)
    }

    fn duration_inner(&mut self, d: &P) -> R<Spanned<Duration>> {
        let node = match d.as_rule() {
            Rule::this_turn => Duration::ThisTurn,
            Rule::until_next_turn => Duration::UntilYourNextTurn,
            Rule::end_of_turn => Duration::AtEndOfThisTurn,
            Rule::while_attacking => Duration::WhileAttacking,
            Rule::while_fighting => Duration::WhileFighting(self.np(&self.need(d, Rule::np)?)?),
            Rule::turn_played => Duration::TurnPlayed {
                plural: d.as_str().contains("they're"),
                of: self.subject.unwrap_or_else(|| self.this_ref()),
            },
            Rule::next_turn => Duration::NextTurn,
            Rule::during_your_turn => Duration::DuringYourTurn,
            _ => return Err(self.bug(d, "unknown duration")),
        };
        Ok(self.spanned(d, node))
    }

    // ---- statements

    fn predicate(&mut self, p: &P) -> R<Spanned<Predicate>> {
        let q = self.nth(p, 0)?;
        let node = match q.as_rule() {
            Rule::cant => {
                let c = self.nth(&q, 1)?;
                match c.as_rule() {
                    Rule::cant_attack => Predicate::CantAttack {
                        duration: match child(&c, Rule::duration) {
                            Some(d) => Some(self.duration(&d)?),
                            None => None,
                        },
                        unless: match child(&c, Rule::unless) {
                            Some(u) => Some(self.condition(&self.need(&u, Rule::condition)?)?),
                            None => None,
                        },
                    },
                    Rule::cant_be_blocked => Predicate::CantBeBlocked,
                    Rule::cant_be_defeated => Predicate::CantBeDefeatedInAFight {
                        duration: self.duration(&self.need(&c, Rule::duration)?)?,
                    },
                    Rule::cant_ready => Predicate::CantReady {
                        duration: self.duration(&self.need(&c, Rule::duration)?)?,
                    },
                    Rule::cant_steal => Predicate::CantSteal {
                        what: self.np(&self.need(&c, Rule::np)?)?,
                    },
                    _ => return Err(self.bug(&c, "unknown can't")),
                }
            }
            Rule::can => {
                let t = self.nth(&self.need(&q, Rule::attack_target)?, 0)?;
                let target = if t.as_rule() == Rule::their_gig_area {
                    AttackTarget::GigArea {
                        whose: self.resolve_player(&t),
                    }
                } else {
                    AttackTarget::Cards(self.np(&t)?)
                };
                Predicate::CanAttack {
                    target,
                    duration: match child(&q, Rule::duration) {
                        Some(d) => Some(self.duration(&d)?),
                        None => None,
                    },
                }
            }
            Rule::may => {
                let m = self.nth(&q, 0)?;
                if m.as_rule() == Rule::may_attack {
                    Predicate::MayAttack {
                        target: self.np(&self.need(&m, Rule::np)?)?,
                    }
                } else {
                    Predicate::MayUseFor {
                        keyword: keyword_of(self.need(&m, Rule::keyword_icon)?.as_str()),
                        change: self
                            .signed(&self.need(&self.need(&m, Rule::eddies_mod)?, Rule::signed)?)?,
                        duration: self.duration(&self.need(&m, Rule::duration)?)?,
                        minimum: self
                            .num(&self.need(&self.need(&m, Rule::eddies)?, Rule::number)?)?,
                    }
                }
            }
            Rule::must => {
                let m = self.nth(&q, 0)?;
                if m.as_rule() == Rule::must_attack {
                    Predicate::MustAttack {
                        duration: self.duration(&self.need(&m, Rule::duration)?)?,
                    }
                } else {
                    Predicate::MustPayToUse {
                        change: self
                            .signed(&self.need(&self.need(&m, Rule::eddies_mod)?, Rule::signed)?)?,
                        keyword: keyword_of(self.need(&m, Rule::keyword_icon)?.as_str()),
                    }
                }
            }
            Rule::has => {
                if let Some(k) = child(&q, Rule::keyword_icon) {
                    Predicate::HasKeyword(keyword_of(k.as_str()))
                } else {
                    Predicate::HasPower {
                        change: self
                            .signed(&self.need(&self.need(&q, Rule::power_mod)?, Rule::signed)?)?,
                        modifiers: self.tail(&self.need(&q, Rule::tail)?)?,
                    }
                }
            }
            Rule::gains_loses => Predicate::PowerEqualTo {
                gains: self.need(&q, Rule::gain_lose)?.as_str().starts_with('g'),
                amount: self.expr(&self.need(&q, Rule::expr)?)?,
                duration: self.duration(&self.need(&q, Rule::duration)?)?,
            },
            Rule::steals_fewer => Predicate::StealsFewer {
                count: self.num(&self.need(&q, Rule::number)?)?,
                duration: self.duration(&self.need(&q, Rule::duration)?)?,
            },
            Rule::also_steals => Predicate::AlsoSteals {
                what: self.object(&q)?,
            },
            Rule::discards => {
                if let Some(h) = child(&q, Rule::their_hand) {
                    Predicate::DiscardsHand {
                        whose: self.resolve_player(&h),
                        then_may_draw: match child(&q, Rule::may_draw) {
                            Some(m) => Some(self.num(&self.need(&m, Rule::number)?)?),
                            None => None,
                        },
                    }
                } else {
                    let count = self.num(&self.need(&q, Rule::number)?)?;
                    let binds =
                        self.declare_implicit("the discarded card", Kind::Card, self.span(&q));
                    Predicate::Discards {
                        count,
                        more: child(&q, Rule::more).is_some(),
                        binds,
                    }
                }
            }
            Rule::defeats => Predicate::Defeats {
                what: self.object(&q)?,
            },
            Rule::wins_all => Predicate::WinsAllFightsAgainst {
                against: self.np(&self.need(&q, Rule::np)?)?,
            },
            Rule::chooses_whether => {
                let lists = children(&q, Rule::actions);
                if lists.len() != 2 {
                    return Err(self.bug(&q, "two choices"));
                }
                Predicate::ChoosesWhether {
                    first: self.steps(&lists[0])?,
                    second: self.steps(&lists[1])?,
                }
            }
            Rule::isnt_stolen => Predicate::IsntStolen,
            _ => return Err(self.bug(&q, "unknown predicate")),
        };
        Ok(self.spanned(p, node))
    }

    // ---- events and conditions

    fn event(&mut self, p: &P) -> R<Spanned<Event>> {
        let e = self.nth(p, 0)?;
        let node = if e.as_rule() == Rule::you_event {
            let v = self.nth(&e, 1)?;
            let np_p = self.need(&v, Rule::np)?;
            let mut np = self.np(&np_p)?;
            self.declare(&mut np, np_p.as_str());
            match v.as_rule() {
                Rule::play_event => Event::YouPlay(np),
                Rule::roll_in => Event::YouRollIn(np),
                _ => Event::YouRollMinOrMax(np),
            }
        } else {
            let np_p = self.need(&e, Rule::np)?;
            let mut subject = self.np(&np_p)?;
            self.declare(&mut subject, np_p.as_str());
            let verb = self.nth(&self.need(&e, Rule::event_verb)?, 0)?;
            match verb.as_rule() {
                Rule::would_steal | Rule::steals => Event::Steals {
                    subject,
                    object: self.object(&verb)?,
                    would: verb.as_rule() == Rule::would_steal,
                },
                Rule::is_state => {
                    if self
                        .need(&verb, Rule::state_word)?
                        .as_str()
                        .starts_with('s')
                    {
                        Event::IsSpent(subject)
                    } else {
                        Event::IsDefeated(subject)
                    }
                }
                Rule::uses => Event::Uses {
                    subject,
                    keyword: keyword_of(self.need(&verb, Rule::keyword_icon)?.as_str()),
                },
                Rule::attacks => Event::Attacks(subject),
                Rule::loses_fight => {
                    let opponent =
                        self.declare_implicit("the Unit it fought", Kind::Unit, self.span(&verb));
                    self.opponents.push(opponent);
                    Event::LosesAFight { subject, opponent }
                }
                Rule::wins_fight => {
                    let by_at_least = match child(&verb, Rule::by_margin) {
                        Some(m) => Some(self.num(&self.need(&m, Rule::at_least_n)?)?),
                        None => None,
                    };
                    let opponent =
                        self.declare_implicit("the Unit it fought", Kind::Unit, self.span(&verb));
                    self.opponents.push(opponent);
                    Event::WinsAFight {
                        subject,
                        by_at_least,
                        opponent,
                    }
                }
                Rule::decreases => Event::Decreases {
                    subject,
                    object: self.object(&verb)?,
                },
                _ => return Err(self.bug(&verb, "unknown event")),
            }
        };
        Ok(self.spanned(p, node))
    }

    fn cred_reminder(&self, cred: &P) -> Option<Reminder> {
        child(cred, Rule::reminder).map(|r| self.reminder(&r))
    }

    fn condition(&mut self, p: &P) -> R<Spanned<Condition>> {
        let c = self.nth(p, 0)?;
        let node = match c.as_rule() {
            Rule::cond_you => {
                let v = self.nth(&c, 1)?;
                match v.as_rule() {
                    Rule::possess => {
                        let have = self
                            .need(&v, Rule::have_control)?
                            .as_str()
                            .to_lowercase()
                            .starts_with("have");
                        if let Some(cmp) = child(&v, Rule::cred_cmp) {
                            let cred = self.need(&cmp, Rule::cred)?;
                            let reminder = self.cred_reminder(&cred);
                            if let Some(t) = child(&cmp, Rule::at_least_n) {
                                Condition::CredAtLeast {
                                    n: self.num(&t)?,
                                    reminder,
                                }
                            } else if let Some(n) = child(&cmp, Rule::number) {
                                Condition::CredLessThan {
                                    n: self.num(&n)?,
                                    reminder,
                                }
                            } else {
                                let more = self.need(&cmp, Rule::more_less)?.as_str() == "more";
                                let mut than = self.np(&self.need(&cmp, Rule::np)?)?;
                                let d = self.need(&cmp, Rule::np)?.as_str().to_string();
                                self.declare(&mut than, &d);
                                Condition::CredComparedTo {
                                    more,
                                    reminder,
                                    than,
                                }
                            }
                        } else {
                            Condition::YouControl {
                                have,
                                what: self.np(&self.need(&v, Rule::np)?)?,
                            }
                        }
                    }
                    Rule::you_played => Condition::YouPlayed {
                        what: self.np(&self.need(&v, Rule::np)?)?,
                        duration: self.duration(&self.need(&v, Rule::duration)?)?,
                    },
                    _ => Condition::YouDid(Box::new(self.action(&v)?)),
                }
            }
            Rule::cond_your => {
                let v = self.nth(&c, 0)?;
                if v.as_rule() == Rule::fixer_empty {
                    Condition::FixerAreaEmpty
                } else {
                    let cred = self.need(&v, Rule::cred)?;
                    let reminder = self.cred_reminder(&cred);
                    if let Some(par) = child(&v, Rule::cred_parity) {
                        Condition::CredParity {
                            reminder,
                            parity: if self
                                .need(&par, Rule::parity_number)?
                                .as_str()
                                .contains("even")
                            {
                                Parity::Even
                            } else {
                                Parity::Odd
                            },
                        }
                    } else {
                        let d = self.need(&v, Rule::cred_differs)?;
                        Condition::CredDiffers {
                            reminder,
                            from: self.np_simple(&self.need(&d, Rule::np_simple)?)?,
                            by_at_least: self.num(&self.need(&d, Rule::at_least_n)?)?,
                        }
                    }
                }
            }
            Rule::cond_it_is => {
                let its = self.need(&c, Rule::its)?;
                let comp_p = self.need(&c, Rule::complement)?;
                let hint: &[Kind] = match self.nth(&comp_p, 0)?.as_rule() {
                    Rule::state => &[Kind::Unit, Kind::Legend],
                    Rule::at_max => &[Kind::Gig],
                    _ => &[],
                };
                let refers_to = self.resolve_it(hint);
                let complement = self.complement(&comp_p)?;
                Condition::Is {
                    contracted: true,
                    subject: NounPhrase {
                        node: Np::Pronoun {
                            word: Pronoun::It,
                            refers_to,
                        },
                        binds: None,
                        reminder: None,
                        span: self.span(&its),
                    },
                    complement,
                    or_has: None,
                }
            }
            Rule::cond_expr => {
                let a = self.expr(&self.need(&c, Rule::expr)?)?;
                if let Some(eq) = child(&c, Rule::equals) {
                    Condition::Equals(a, self.expr(&self.need(&eq, Rule::expr)?)?)
                } else {
                    let par = self.need(&self.need(&c, Rule::is_parity)?, Rule::parity)?;
                    Condition::NumberParity(
                        a,
                        if par.as_str() == "even" {
                            Parity::Even
                        } else {
                            Parity::Odd
                        },
                    )
                }
            }
            Rule::cond_np => {
                let np_p = self.need(&c, Rule::np)?;
                let mut subject = self.np(&np_p)?;
                let pred = self.nth(&c, 1)?;
                match pred.as_rule() {
                    Rule::controls_more => {
                        self.declare(&mut subject, np_p.as_str());
                        Condition::ControlsMoreGigs {
                            who: subject,
                            at_least: match child(&pred, Rule::at_least) {
                                Some(a) => Some(self.num(&self.need(&a, Rule::number)?)?),
                                None => None,
                            },
                        }
                    }
                    Rule::is_pred => Condition::Is {
                        contracted: false,
                        subject,
                        complement: self.complement(&self.need(&pred, Rule::complement)?)?,
                        or_has: child(&pred, Rule::or_has)
                            .and_then(|o| child(&o, Rule::keyword_icon))
                            .map(|k| keyword_of(k.as_str())),
                    },
                    Rule::has_same_value => Condition::HasSameValue {
                        subject,
                        as_: match self.nearest(|b| b.kind == Kind::Gig) {
                            Some(id) => Ref::Binding(id),
                            None => self.unresolved(&pred, "a Gig named before"),
                        },
                    },
                    Rule::wins_against => Condition::WinsAFightAgainst {
                        subject,
                        against: self.np(&self.need(&pred, Rule::np)?)?,
                    },
                    _ => return Err(self.bug(&pred, "unknown condition")),
                }
            }
            _ => return Err(self.bug(&c, "unknown condition")),
        };
        Ok(self.spanned(p, node))
    }

    fn complement(&mut self, p: &P) -> R<Complement> {
        let c = self.nth(p, 0)?;
        Ok(match c.as_rule() {
            Rule::state => Complement::State(match c.as_str() {
                "spent" => State::Spent,
                "equipped" => State::Equipped,
                _ => State::Empty,
            }),
            Rule::at_max => Complement::AtMaxValue,
            Rule::tag_list => Complement::Tags {
                article: child(&c, Rule::article).is_some(),
                tags: children(&c, Rule::tag)
                    .iter()
                    .map(|t| self.tag(t))
                    .collect(),
            },
            _ => Complement::Kind(self.np(&c)?),
        })
    }

    // ---- numbers

    fn expr(&mut self, p: &P) -> R<Spanned<Expr>> {
        let e = self.nth(p, 0)?;
        match e.as_rule() {
            Rule::value_of => {
                let node = Expr::ValueOf(self.np(&self.need(&e, Rule::np)?)?);
                Ok(self.spanned(p, node))
            }
            Rule::total_discarded => Ok(self.spanned(p, Expr::TotalDiscarded)),
            _ => self.poss_stat(&e),
        }
    }

    fn poss_stat(&mut self, p: &P) -> R<Spanned<Expr>> {
        let stat = match self.need(p, Rule::stat)?.as_str() {
            "power" => Stat::Power,
            "cost" => Stat::Cost,
            _ => Stat::Value,
        };
        let o = self.nth(&self.need(p, Rule::owner)?, 0)?;
        let owner = if o.as_rule() == Rule::poss_pronoun {
            if o.as_str().to_lowercase() == "its" {
                let hint: &[Kind] = match stat {
                    Stat::Power => &[Kind::Unit, Kind::Legend],
                    Stat::Value => &[Kind::Gig],
                    Stat::Cost => &[
                        Kind::Card,
                        Kind::Gear,
                        Kind::Unit,
                        Kind::Program,
                        Kind::Legend,
                    ],
                };
                Owner::Its(self.resolve_it(hint))
            } else {
                let r = match self
                    .nearest(|b| b.plural && matches!(b.kind, Kind::Unit | Kind::Legend))
                {
                    Some(id) => Ref::Binding(id),
                    None => self.unresolved(&o, "Units named before"),
                };
                Owner::Their(r)
            }
        } else {
            Owner::Of(self.np_simple(&o)?)
        };
        Ok(self.spanned(p, Expr::Stat { owner, stat }))
    }

    // ---- noun phrases

    fn np(&mut self, p: &P) -> R<NounPhrase> {
        let cores = children(p, Rule::np_core);
        let mut out = Vec::new();
        for c in &cores {
            out.push(self.np_core(c)?);
        }
        let mut it = out.into_iter();
        let first = it.next().ok_or_else(|| self.bug(p, "noun phrase"))?;
        Ok(match it.next() {
            Some(second) => NounPhrase {
                node: Np::And(Box::new(first), Box::new(second)),
                binds: None,
                reminder: None,
                span: self.span(p),
            },
            None => first,
        })
    }

    fn np_core(&mut self, p: &P) -> R<NounPhrase> {
        let c = self.nth(p, 0)?;
        let node = match c.as_rule() {
            Rule::pronoun => {
                let s = c.as_str().to_lowercase();
                if s == "it" {
                    Np::Pronoun {
                        word: Pronoun::It,
                        refers_to: self.resolve_it_word(&c),
                    }
                } else {
                    let word = if s == "them" {
                        Pronoun::Them
                    } else {
                        Pronoun::They
                    };
                    let refers_to = match self.nearest(|b| b.plural && b.kind != Kind::Player) {
                        Some(id) => Ref::Binding(id),
                        None => self.unresolved(&c, "cards named before"),
                    };
                    Np::Pronoun { word, refers_to }
                }
            }
            Rule::top_cards => Np::TopOfDeck {
                count: match child(&c, Rule::number) {
                    Some(n) => Some(self.num(&n)?),
                    None => None,
                },
            },
            Rule::the_rest => {
                let pools = self.pools.clone();
                let of = match self.nearest(|b| pools.contains(&b.id)) {
                    Some(id) => Ref::Binding(id),
                    None => self.unresolved(&c, "cards searched or revealed before"),
                };
                Np::Rest { of }
            }
            Rule::np_count => Np::Count {
                count: self.num(&self.need(&c, Rule::number)?)?,
                post: self.postmods(&c)?,
                elided: None,
            },
            Rule::np_full => Np::Phrase(Box::new(self.phrase(&c)?)),
            _ => return Err(self.bug(&c, "unknown noun phrase")),
        };
        Ok(NounPhrase {
            node,
            binds: None,
            reminder: child(p, Rule::reminder).map(|r| self.reminder(&r)),
            span: self.span(p),
        })
    }

    fn np_simple(&mut self, p: &P) -> R<NounPhrase> {
        let ph = self.phrase(p)?;
        Ok(NounPhrase {
            node: Np::Phrase(Box::new(ph)),
            binds: None,
            reminder: None,
            span: self.span(p),
        })
    }

    fn head(&self, h: &P) -> R<Head> {
        let s = h.as_str();
        let plural = s.ends_with('s') && !s.starts_with('"') && s != "card type";
        let base = if plural { &s[..s.len() - 1] } else { s };
        let noun = match base {
            "Unit" => Noun::Unit,
            "Legend" => Noun::Legend,
            "Gear" => Noun::Gear,
            "Program" => Noun::Program,
            "card" => Noun::Card,
            "card type" => Noun::CardType,
            "type" => Noun::Type,
            "Gig" => Noun::Gig,
            "Eddie" => Noun::Eddie,
            "value-pair" => Noun::ValuePair,
            "sided-pair" => Noun::SidedPair,
            "player" => Noun::Player,
            "Rival" => Noun::Rival,
            _ if s.starts_with('"') => Noun::Named(s.trim_matches('"').to_string()),
            _ if s.starts_with('d') => Noun::Die(self.num(h)?),
            _ => return Err(self.bug(h, "unknown noun")),
        };
        Ok(Head { noun, plural })
    }

    fn phrase(&mut self, p: &P) -> R<Phrase> {
        let mut ph = Phrase {
            owner: None,
            quantity: Quantity::Bare,
            refers_to: None,
            other: false,
            first: false,
            participle: None,
            orientation: None,
            controller: None,
            status: None,
            quality: None,
            head: Head {
                noun: Noun::Unit,
                plural: false,
            },
            or: None,
            post: Vec::new(),
        };
        let mut head_p = None;
        for c in kids(p) {
            match c.as_rule() {
                Rule::det_poss => {
                    ph.owner = Some(Possessor {
                        another: self
                            .need(&c, Rule::article_another)?
                            .as_str()
                            .to_lowercase()
                            .starts_with("another"),
                        rival: child(&c, Rule::rival).is_some(),
                    })
                }
                Rule::det => {
                    let d = self.nth(&c, 0)?;
                    ph.quantity = match d.as_rule() {
                        Rule::det_word => match lower_first(d.as_str()).as_str() {
                            "a" | "an" => Quantity::One,
                            "another" => Quantity::Another,
                            "all" => Quantity::All,
                            "each" => Quantity::Each,
                            "this" => Quantity::This,
                            "that" => Quantity::That,
                            "the" => Quantity::The,
                            "those" => Quantity::Those,
                            "its" => Quantity::Its,
                            "your" => Quantity::Your,
                            "their" => Quantity::Their,
                            "one or more" => Quantity::OneOrMore,
                            _ => Quantity::OneOfTheir,
                        },
                        Rule::up_to_n => Quantity::UpTo(self.num(&self.need(&d, Rule::number)?)?),
                        _ => {
                            let n = self.num(&self.need(&d, Rule::number)?)?;
                            if child(&d, Rule::or_more).is_some() {
                                Quantity::AtLeast(n)
                            } else {
                                Quantity::Exactly(n)
                            }
                        }
                    };
                }
                Rule::premods => {
                    for m in kids(&c) {
                        let s = m.as_str();
                        match m.as_rule() {
                            Rule::other => ph.other = true,
                            Rule::first => ph.first = true,
                            Rule::participle => {
                                ph.participle = Some(match s {
                                    "opposing" => Participle::Opposing,
                                    "discarded" => Participle::Discarded,
                                    _ => Participle::Chosen,
                                })
                            }
                            Rule::orientation => {
                                ph.orientation = Some(if s.eq_ignore_ascii_case("spent") {
                                    Orientation::Spent
                                } else {
                                    Orientation::Ready
                                })
                            }
                            Rule::controller => {
                                ph.controller = Some(if s.eq_ignore_ascii_case("friendly") {
                                    Controller::Friendly
                                } else {
                                    Controller::Rival
                                })
                            }
                            Rule::status => ph.status = Some(status_of(s)),
                            Rule::quality => {
                                let q = self.nth(&m, 0)?;
                                ph.quality = Some(match q.as_rule() {
                                    Rule::tag => Quality::Tag(self.tag(&q)),
                                    Rule::colour => Quality::Colour(colour_of(q.as_str())),
                                    Rule::min => Quality::Min,
                                    Rule::max => Quality::Max,
                                    _ => Quality::LowestPower,
                                });
                            }
                            _ => return Err(self.bug(&m, "unknown modifier")),
                        }
                    }
                }
                Rule::head => head_p = Some(c.clone()),
                Rule::or_head => {
                    ph.or = Some(OrHead {
                        status: child(&c, Rule::status).map(|s| status_of(s.as_str())),
                        colour: child(&c, Rule::colour).map(|s| colour_of(s.as_str())),
                        head: self.head(&self.need(&c, Rule::head)?)?,
                    })
                }
                Rule::postmod => {}
                _ => return Err(self.bug(&c, "unknown noun phrase part")),
            }
        }
        let head_p = head_p.ok_or_else(|| self.bug(p, "noun"))?;
        ph.head = self.head(&head_p)?;
        ph.refers_to = self.definite(&ph, p);
        ph.post = self.postmods(p)?;
        Ok(ph)
    }

    /// What a definite noun phrase (`this Unit`, `that Gig`, `the card`, `its …`) points at.
    fn definite(&mut self, ph: &Phrase, p: &P) -> Option<Ref> {
        let kind = self.kind_of(&Np::Phrase(Box::new(ph.clone())));
        let card_like = |k: Kind| {
            matches!(
                k,
                Kind::Card | Kind::Unit | Kind::Gear | Kind::Program | Kind::Legend
            )
        };
        let same = move |b: &Binding| {
            if kind == Kind::Card {
                card_like(b.kind)
            } else {
                b.kind == kind
            }
        };
        match ph.quantity {
            Quantity::This => Some(match (&ph.head.noun, self.kind) {
                // `this Gear`, `this card`, `this Program`: the printed card itself
                (Noun::Gear | Noun::Card | Noun::Program, _) => Ref::This,
                _ => self.this_ref(),
            }),
            Quantity::That | Quantity::The | Quantity::Those => {
                let plural = ph.quantity == Quantity::Those;
                // `the opposing rival Unit` names the Unit an event's subject fought, and only it
                let opposing = ph.participle == Some(Participle::Opposing);
                let opponents = self.opponents.clone();
                Some(
                    match self.nearest(|b| {
                        same(b) && (!plural || b.plural) && opposing == opponents.contains(&b.id)
                    }) {
                        Some(id) => Ref::Binding(id),
                        None => self.unresolved(p, "something of the same kind named before"),
                    },
                )
            }
            Quantity::Its => Some(self.resolve_it(&[Kind::Unit, Kind::Legend])),
            Quantity::Their | Quantity::OneOfTheir => Some(self.resolve_player(p)),
            _ => None,
        }
    }

    fn postmods(&mut self, p: &P) -> R<Vec<Spanned<PostMod>>> {
        let mut out = Vec::new();
        for m in children(p, Rule::postmod) {
            let x = self.nth(&m, 0)?;
            let node = match x.as_rule() {
                Rule::filter => PostMod::With(self.filter(&self.nth(&x, 0)?)?),
                Rule::from => {
                    let f = self.nth(&x, 0)?;
                    match f.as_rule() {
                        Rule::among_them => PostMod::FromAmong(self.np(&self.need(&f, Rule::np)?)?),
                        Rule::zone => PostMod::FromZone(zones(&f)),
                        _ => PostMod::FromCard(self.np_simple(&f)?),
                    }
                }
                Rule::in_zone => PostMod::In(zones(&self.need(&x, Rule::zone)?)),
                Rule::of_gigs => PostMod::OfGigs,
                _ => PostMod::AtMaxValue,
            };
            out.push(self.spanned(&m, node));
        }
        Ok(out)
    }

    fn filter(&mut self, f: &P) -> R<Filter> {
        Ok(match f.as_rule() {
            Rule::stat_cmp => {
                let stat = match self.need(f, Rule::stat)?.as_str() {
                    "power" => Stat::Power,
                    "cost" => Stat::Cost,
                    _ => Stat::Value,
                };
                let c = self.nth(&self.need(f, Rule::cmp)?, 0)?;
                let cmp = match c.as_rule() {
                    Rule::cmp_num => {
                        let n = self.num(&self.need(&c, Rule::number)?)?;
                        match child(&c, Rule::or_less_more).map(|o| o.as_str().to_string()) {
                            Some(o) if o.ends_with("less") => Comparison::AtMost(n),
                            Some(_) => Comparison::AtLeast(n),
                            None => Comparison::Is(n),
                        }
                    }
                    Rule::cmp_equal => {
                        let e = self.expr(&self.need(&c, Rule::expr)?)?;
                        if child(&c, Rule::or_less_than).is_some() {
                            Comparison::AtMostExpr(e)
                        } else {
                            Comparison::EqualTo(e)
                        }
                    }
                    _ => {
                        let e = self.expr(&self.need(&c, Rule::expr)?)?;
                        if self.need(&c, Rule::higher_less)?.as_str() == "higher" {
                            Comparison::HigherThan(e)
                        } else {
                            Comparison::LessThan(e)
                        }
                    }
                };
                Filter::Stat { stat, cmp }
            }
            Rule::value_at_least => {
                Filter::ValueAtLeast(self.num(&self.need(f, Rule::at_least_n)?)?)
            }
            Rule::parity_value => {
                Filter::ValueParity(if self.need(f, Rule::parity)?.as_str() == "even" {
                    Parity::Even
                } else {
                    Parity::Odd
                })
            }
            Rule::different_values => Filter::DifferentValues,
            Rule::same_sides => Filter::SameSidesAs(match self.nearest(|b| b.kind == Kind::Gig) {
                Some(id) => Ref::Binding(id),
                None => self.unresolved(f, "a Gig named before"),
            }),
            Rule::less_power_than => Filter::LessPowerThan(self.np(&self.need(f, Rule::np)?)?),
            Rule::no_equipped => Filter::NoEquipped(self.head(&self.need(f, Rule::head)?)?),
            Rule::keyword_icon => Filter::Keyword(keyword_of(f.as_str())),
            _ => return Err(self.bug(f, "unknown filter")),
        })
    }
}

fn zones(z: &P) -> Vec<Zone> {
    children(z, Rule::zone_word)
        .iter()
        .map(|w| match w.as_str() {
            "hand" => Zone::Hand,
            "trash" => Zone::Trash,
            "deck" => Zone::Deck,
            "fixer area" => Zone::FixerArea,
            _ => Zone::LegendsArea,
        })
        .collect()
}

fn status_of(s: &str) -> Status {
    match s {
        "equipped" => Status::Equipped,
        "unequipped" => Status::Unequipped,
        "face-up" => Status::FaceUp,
        _ => Status::FaceDown,
    }
}

fn colour_of(s: &str) -> Color {
    match s {
        "Red" => Color::Red,
        "Green" => Color::Green,
        "Blue" => Color::Blue,
        _ => Color::Yellow,
    }
}

/// Whether a noun phrase points back at something instead of introducing a referent.
fn is_reference(np: &Np) -> bool {
    match np {
        Np::Pronoun { .. } | Np::Rest { .. } => true,
        Np::Phrase(ph) => ph.refers_to.is_some(),
        _ => false,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::card::load_cards;
    use crate::source::Sources;

    pub(crate) fn corpus() -> (Sources, crate::CardDb) {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards");
        let mut sources = Sources::new();
        let (db, errors) = load_cards(&[root], &mut sources);
        assert!(errors.is_empty());
        (sources, db)
    }

    #[test]
    fn every_card_parses() {
        let (sources, db) = corpus();
        let mut bad = 0;
        for card in db.cards() {
            if let Err(errors) = parse_card(card) {
                bad += 1;
                let d: Vec<_> = errors.iter().map(IntoDiagnostic::to_diagnostic).collect();
                eprintln!("{}", crate::diag::render(&sources, &d, false));
            }
        }
        assert_eq!(bad, 0, "{bad} cards fail to parse");
    }

    fn textboxes(card: &Card) -> Vec<(&CardText, Textbox)> {
        let mut v = vec![(&card.text, Textbox::Rules)];
        if let Some(t) = &card.top {
            v.push((t, Textbox::Top));
        }
        v
    }

    #[test]
    fn every_card_round_trips() {
        use crate::print::{print_script, same_text, without_spans};
        let (_, db) = corpus();
        let mut bad = Vec::new();
        for card in db.cards() {
            for (text, tb) in textboxes(card) {
                let Ok(script) = parse_text(text, card.file, card.kind, tb) else {
                    bad.push(format!("{}: does not parse", card.id));
                    continue;
                };
                let printed = print_script(&script);
                if !same_text(&printed, &text.text) {
                    bad.push(format!(
                        "{}:\n  card:  {}\n  print: {}",
                        card.id,
                        text.text.trim(),
                        printed.trim()
                    ));
                    continue;
                }
                let again = CardText {
                    text: printed.clone(),
                    offset: 0,
                    exact: true,
                };
                match parse_text(&again, 0, card.kind, tb) {
                    Ok(s2) => {
                        if without_spans(&s2) != without_spans(&script) {
                            bad.push(format!("{}: parse(print(ast)) differs", card.id));
                        }
                        if print_script(&s2) != printed {
                            bad.push(format!("{}: fmt is not idempotent", card.id));
                        }
                    }
                    Err(_) => bad.push(format!("{}: printed text does not parse", card.id)),
                }
            }
        }
        assert!(
            bad.is_empty(),
            "{} problems:\n{}",
            bad.len(),
            bad.join("\n")
        );
    }

    fn card_with_text(text: &str) -> (Sources, Card) {
        let src = format!(
            "id = \"test-unit\"\nname = \"Test Unit\"\ntype = \"unit\"\ncolor = \"red\"\ncost = 2\nram = 1\npower = 2\ntags = []\nsell = false\nset = \"alpha\"\ntext = \"\"\"\n{text}\n\"\"\"\n"
        );
        let mut sources = Sources::new();
        let file = sources.add("cards/alpha/test-unit.toml", src);
        let card = crate::card::parse_card(&sources, file).expect("the test card loads");
        (sources, card)
    }

    #[test]
    fn an_unknown_word_is_located_and_gets_a_suggestion() {
        let (sources, card) = card_with_text("{Play} Defeat a rival Unti.");
        let errors = parse_card(&card).unwrap_err();
        assert_eq!(errors.len(), 1);
        let e = &errors[0];
        assert_eq!(e.kind, ParseErrorKind::Syntax);
        assert_eq!(e.found, "`Unti`");
        assert_eq!(e.suggestion.as_deref(), Some("Unit"));
        let file = sources.get(card.file);
        assert_eq!(&file.text[e.span.range()], "Unti");
        assert_eq!(file.line_col(e.span.start), (12, 23));
        let d = e.to_diagnostic();
        assert!(
            d.message.starts_with("card text: expected"),
            "{}",
            d.message
        );
        assert!(d.notes.iter().any(|n| n.contains("did you mean `Unit`")));
    }

    #[test]
    fn every_bad_line_gets_its_own_error() {
        let (_, card) = card_with_text("{Play} Drw 1.\n{Blocker}\nWhen this Unit atacks, draw 1.");
        let errors = parse_card(&card).unwrap_err();
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert_eq!(errors[0].found, "`Drw`");
        assert_eq!(errors[1].found, "`atacks`");
        assert_eq!(errors[1].suggestion.as_deref(), Some("attacks"));
    }

    #[test]
    fn reminder_text_after_a_noun_phrase_is_kept() {
        let (_, card) =
            card_with_text("{Play} Defeat a rival Unit (the one you choose) with power 2 or less.");
        assert!(
            parse_card(&card).is_err(),
            "a reminder ends the noun phrase"
        );
        let (_, card) = card_with_text("{Play} Defeat a rival Unit with power 2 or less (or 0).");
        let script = parse_card(&card).unwrap();
        assert_eq!(
            crate::print::print_script(&script.text),
            "{Play} Defeat a rival Unit with power 2 or less (or 0).\n"
        );
    }

    #[test]
    fn a_pronoun_with_nothing_before_it_is_an_error() {
        let (_, card) = card_with_text("{Play} Bottom-deck the rest.");
        let errors = parse_card(&card).unwrap_err();
        assert_eq!(errors[0].kind, ParseErrorKind::Unresolved);
    }

    fn kinds(kind: CardType, text: &str) -> Vec<ParseErrorKind> {
        let t = CardText {
            text: text.to_string(),
            offset: 0,
            exact: true,
        };
        parse_text(&t, 0, kind, Textbox::Rules)
            .err()
            .unwrap_or_default()
            .into_iter()
            .map(|e| e.kind)
            .collect()
    }

    #[test]
    fn mistakes_have_their_kinds() {
        use ParseErrorKind::*;
        assert_eq!(
            kinds(CardType::Unit, "{Play} Defeat a rival SAMURAII Unit.\n"),
            [UnknownTag]
        );
        assert_eq!(
            kinds(CardType::Unit, "{Play} Defeat a rival SAMURAI Unit.\n"),
            []
        );
        assert_eq!(
            kinds(CardType::Unit, "{Play} Spend 2.\n"),
            [NumberForTarget]
        );
        assert_eq!(
            kinds(CardType::Program, "Draw 1. Defeat it.\n"),
            [Unresolved]
        );
        assert_eq!(
            kinds(CardType::Program, "Otherwise, draw 1.\n"),
            [Unresolved]
        );
        assert_eq!(kinds(CardType::Unit, "PLAY Draw 1.\n"), [Syntax]);
        assert_eq!(
            kinds(CardType::Unit, "{Play} Draw 1\n{Play} Draw 2\n"),
            [Syntax, Syntax]
        );
    }

    #[test]
    fn common_mistakes_get_a_hint() {
        for text in [
            "{Play} If you have 7+ * (Street Cred), draw 1.\n",
            "{Spend} Draw 1.\n",
            "When this Unit attacks draw 1.\n",
            "Choose one effect.\nDraw 1. / Draw 2.\n",
        ] {
            let (_, card) = card_with_text(text);
            let errors = parse_card(&card).unwrap_err();
            assert!(
                errors.iter().all(|e| e.hint.is_some()),
                "{text:?}: {errors:?}"
            );
        }
    }

    #[test]
    fn the_derived_parser_reads_every_card_as_the_vm_does() {
        let grammar = crate::ambiguity::Grammar::new(GRAMMAR).unwrap();
        let (_, db) = corpus();
        for card in db.cards() {
            for (t, _) in textboxes(card) {
                let ours = reading(&t.text).expect("every card parses");
                assert_eq!(
                    ours,
                    grammar.reading(START_RULE, &t.text).unwrap(),
                    "{}",
                    card.id
                );
                assert!(grammar.check_reading(START_RULE, &t.text, &ours).is_ok());
            }
        }
    }

    #[test]
    fn catalogue_tags_are_known() {
        let (_, db) = corpus();
        for card in db.cards() {
            for tag in &card.tags {
                let word: String = tag.chars().filter(|c| *c != ' ').collect();
                assert!(
                    TAGS.contains(&word.as_str()),
                    "{}: tag {tag} missing from TAGS",
                    card.id
                );
            }
        }
    }

    #[test]
    fn garbage_does_not_panic() {
        for text in [
            "",
            "(",
            "{",
            "If",
            "Choose one effect.\n",
            "☆☆☆ ()",
            "When , {Spend}:",
            "Draw 99999999999999999999.",
        ] {
            let t = CardText {
                text: text.to_string(),
                offset: 0,
                exact: true,
            };
            let _ = parse_text(&t, 0, CardType::Unit, Textbox::Rules);
        }
    }

    #[test]
    fn every_rule_has_a_plain_name() {
        // `rule_name` is an exhaustive match, so a new rule without a name does not compile;
        // this checks that every name is a phrase for a reader, not the rule's own identifier.
        for r in Rule::all_rules() {
            let name = rule_name(*r);
            let ident = format!("{r:?}");
            assert!(!name.is_empty(), "{ident}");
            assert_ne!(name, ident, "{ident} is named by its identifier");
            assert!(
                !name.ends_with('.'),
                "{ident}: names have no trailing period"
            );
        }
    }

    #[test]
    fn the_outline_hook_names_rules() {
        let outline = rule_spans("{Play} Draw 2.\n").expect("parses");
        assert!(outline
            .iter()
            .any(|(r, s, e)| r == "draw" && (*s, *e) == (7, 13)));
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use crate::print::{print_script, without_spans};
    use proptest::prelude::*;

    /// Words and punctuation of the language, so that random texts often parse.
    const PIECES: &[&str] = &[
        "{Play}",
        "{Attack}",
        "{Spend}:",
        "{Quick}",
        "{Blocker}",
        "When",
        "If",
        "Then,",
        "you",
        "may",
        "draw",
        "1",
        "2",
        "defeat",
        "a",
        "rival",
        "friendly",
        "Unit",
        "Units",
        "Gig",
        "it",
        "this",
        "that",
        "the",
        "rest",
        "with",
        "power",
        "or",
        "less",
        "and",
        "Give",
        "+2",
        "-1",
        "turn",
        "can't",
        "attack",
        ".",
        ",",
        "//",
        "\n",
        "(reminder)",
        "☆",
        "€$",
        "spent",
        "steals",
        "instead",
        "Otherwise,",
        "Choose",
        "one",
        "effect.",
        "for",
        "each",
        "The",
        "next",
        "time",
        "attacks",
        "this turn,",
        "Trash",
        "3.",
        "Add",
        "from",
        "among",
        "them",
        "to",
        "your",
        "hand",
    ];

    fn text() -> impl Strategy<Value = String> {
        proptest::collection::vec(proptest::sample::select(PIECES), 0..30).prop_map(|v| v.join(" "))
    }

    fn parse(s: &str) -> Result<Script, Vec<ParseError>> {
        let t = CardText {
            text: s.to_string(),
            offset: 0,
            exact: true,
        };
        parse_text(&t, 0, CardType::Unit, Textbox::Rules)
    }

    /// Sentences put together from phrases of the language, so that most of them parse.
    fn sentence() -> impl Strategy<Value = String> {
        let det = proptest::sample::select(vec![
            "a", "another", "all", "up to 2", "each", "this", "that",
        ]);
        let orient = proptest::sample::select(vec!["", "spent ", "ready "]);
        let ctrl = proptest::sample::select(vec!["", "friendly ", "rival "]);
        let head = proptest::sample::select(vec![
            "Unit", "Units", "Legend", "Gear", "Program", "Gig", "card",
        ]);
        let post = proptest::sample::select(vec![
            "",
            " with power 4 or less",
            " with cost equal to its cost",
            " from your trash",
            " with 8+ value",
            " with {Blocker}",
            " in your Legends area",
        ]);
        let np =
            (det, orient, ctrl, head, post).prop_map(|(d, o, c, h, p)| format!("{d} {o}{c}{h}{p}"));
        let lead = proptest::sample::select(vec![
            "",
            "Then, ",
            "If you control a min Gig, ",
            "If you do, ",
            "Until your next turn, ",
            "If it's a Program, ",
            "Otherwise, ",
        ]);
        let verb = proptest::sample::select(vec![
            "Defeat",
            "Spend",
            "Ready",
            "Reveal",
            "Trash",
            "Choose",
            "Bottom-deck",
            "You may defeat",
            "Play",
            "Give",
        ]);
        let tail =
            proptest::sample::select(vec!["", " for free", " +2 power this turn", " instead"]);
        (lead, verb, np, tail).prop_map(|(l, v, n, t)| format!("{l}{v} {n}{t}."))
    }

    fn card_text() -> impl Strategy<Value = String> {
        let head = proptest::sample::select(vec![
            "{Play} ",
            "When this Unit attacks, ",
            "{Spend}: ",
            "",
            "At the end of your turn, ",
            "{Quick} 1 €$, {Spend}: ",
            "The first time a friendly Unit steals a Gig each turn, ",
        ]);
        (head, proptest::collection::vec(sentence(), 1..4))
            .prop_map(|(h, ss)| format!("{h}{}", ss.join(" ")))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn printing_composed_texts_gives_them_back(s in card_text()) {
            if let Ok(script) = parse(&s) {
                let printed = print_script(&script);
                // the printer may change the case of a sentence's first word, nothing else
                prop_assert!(
                    crate::print::same_text(&printed.to_lowercase(), &s.to_lowercase()),
                    "printed {:?} from {:?}", printed, s
                );
                let again = parse(&printed).expect("printed text parses");
                prop_assert_eq!(without_spans(&again), without_spans(&script));
            }
        }

        #[test]
        fn reading_never_panics_and_printing_is_a_fixed_point(s in text()) {
            if let Ok(script) = parse(&s) {
                let printed = print_script(&script);
                let again = parse(&printed).expect("printed text parses");
                prop_assert_eq!(without_spans(&again), without_spans(&script));
                prop_assert_eq!(print_script(&again), printed);
            }
        }

        #[test]
        fn any_text_is_read_without_panicking(s in "\\PC{0,200}") {
            let _ = parse(&s);
        }
    }

    #[test]
    fn deep_nesting_is_an_error_or_a_parse_not_a_crash() {
        let fill = |unit: &str, end: &str| {
            let n = (MAX_TEXT_LEN - end.len()) / unit.len();
            unit.repeat(n) + end
        };
        for (unit, end) in [
            ("The next time a Unit attacks this turn, ", "draw 1."),
            ("Defeat a Unit with less power than ", "a Unit."),
            ("Defeat a Unit with power equal to the value of ", "a Gig."),
            ("(", ")"),
        ] {
            let text = fill(unit, end);
            assert!(text.len() <= MAX_TEXT_LEN);
            let _ = parse(&text);
        }
        let long = "Draw 1. ".repeat(500);
        assert_eq!(parse(&long).unwrap_err()[0].kind, ParseErrorKind::TooLong);
    }
}
