//! Properties of the syntax stage over texts made at random: reading never panics, printing is a
//! fixed point, the two ambiguity checks (derived parsers and `pest_vm`) agree, and texts too
//! long or too deep are errors, never crashes.

use super::*;
use crate::ambiguity::Grammar;
use crate::card::{CardText, CardType};
use proptest::prelude::*;
use std::sync::OnceLock;
use tree::{Script, Textbox};

fn parse(s: &str) -> Result<Script, Vec<ParseError>> {
    let t = CardText {
        text: s.to_string(),
        offset: 0,
        exact: true,
    };
    parse_text(&t, 0, CardType::Unit, Textbox::Rules)
}

fn grammar() -> &'static Grammar {
    static G: OnceLock<Grammar> = OnceLock::new();
    G.get_or_init(|| Grammar::new(GRAMMAR).expect("the grammar loads"))
}

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
    "would",
    "be",
    "defeated",
    "is",
    "its",
    "their",
    "value",
    "cost",
    "equal",
    "than",
    "ARASAKA",
    "until",
    "end",
    "of",
    "Legend",
    "Gear",
    "Program",
    "card",
    "up",
    "all",
    "another",
    "If you do,",
];

fn text() -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(PIECES), 0..30).prop_map(|v| v.join(" "))
}

/// Sentences put together from phrases of the language, so that most of them parse.
/// A `later` sentence may refer back to an earlier one.
fn sentence(later: bool) -> impl Strategy<Value = String> {
    let mut dets = vec!["a", "another", "all", "up to 2", "each", "this"];
    let mut leads = vec![
        "",
        "Then, ",
        "If you control a min Gig, ",
        "Until your next turn, ",
        "This turn, ",
    ];
    if later {
        dets.extend(["that", "the"]);
        leads.extend(["If you do, ", "If it's a Program, ", "Otherwise, "]);
    }
    let det = proptest::sample::select(dets);
    let premod = proptest::sample::select(vec![
        "",
        "spent ",
        "ready ",
        "friendly ",
        "rival ",
        "spent rival ",
        "ARASAKA ",
        "face-down ",
    ]);
    let head = proptest::sample::select(vec![
        "Unit",
        "Units",
        "Legend",
        "Gear",
        "Program",
        "Gig",
        "card",
        "Unit or Legend",
    ]);
    let post = proptest::sample::select(vec![
        "",
        " with power 4 or less",
        " with cost equal to its cost",
        " from your trash",
        " with 8+ value",
        " with {Blocker}",
        " in your Legends area",
        " with less power than this Unit",
    ]);
    let np = (det, premod, head, post).prop_map(|(d, m, h, p)| {
        let next = format!("{m}{h}");
        let d = if d == "a" && next.starts_with(['a', 'e', 'i', 'o', 'A', 'E', 'I', 'O']) {
            "an"
        } else {
            d
        };
        format!("{d} {next}{p}")
    });
    let lead = proptest::sample::select(leads);
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
        "Return",
    ]);
    let mut tails = vec![
        "",
        " for free",
        " +2 power this turn",
        " to your hand",
        " until the end of the turn",
    ];
    if later {
        tails.push(" instead");
    }
    let tail = proptest::sample::select(tails);
    (lead, verb, np, tail).prop_map(|(l, v, n, t)| {
        // after a lead the verb is not the sentence's first word
        let v = if l.is_empty() {
            v.to_string()
        } else {
            v[..1].to_lowercase() + &v[1..]
        };
        format!("{l}{v} {n}{t}.")
    })
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
        "When a rival Unit is defeated, ",
    ]);
    let later = proptest::collection::vec(sentence(true), 0..3);
    (head, sentence(false), later).prop_map(|(h, first, later)| {
        let body = std::iter::once(first)
            .chain(later)
            .collect::<Vec<_>>()
            .join(" ");
        // after a trigger's comma the effect goes on the sentence
        let body = if h.ends_with(", ") {
            body[..1].to_lowercase() + &body[1..]
        } else {
            body
        };
        format!("{h}{body}\n")
    })
}

/// The s-expression of a script without the card's words for its bindings (`a ARASAKA Unit`
/// prints as `an ARASAKA Unit`).
fn tree(script: &Script) -> String {
    let bindings: Vec<String> = script
        .bindings
        .iter()
        .map(|b| format!("{:?}", (b.kind, b.plural)))
        .collect();
    let s = sexpr(script);
    let abilities: Vec<&str> = s.lines().take(script.abilities.len()).collect();
    format!("{}\n{}", abilities.join("\n"), bindings.join(" "))
}

/// A text that parses prints to a text that reads the same, which prints to itself; and the
/// fast ambiguity check agrees with the one on `pest_vm`.
fn holds(s: &str) -> Result<(), TestCaseError> {
    if let Ok(script) = parse(s) {
        let printed = print_script(&script);
        let again = parse(&printed)
            .map_err(|e| TestCaseError::fail(format!("{printed:?} from {s:?}: {e:?}")))?;
        prop_assert_eq!(tree(&again), tree(&script), "{:?} from {:?}", printed, s);
        prop_assert_eq!(print_script(&again), printed.clone());
        let fast = check_ambiguity(grammar(), s).is_ok();
        let vm = grammar().check(START_RULE, s).is_ok();
        prop_assert_eq!(fast, vm, "{:?}", s);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn composed_texts_print_back_and_read_one_way(s in card_text()) {
        // a composed text may refer back to nothing (`that Unit` in its first sentence)
        match parse(&s) {
            Ok(script) => {
                holds(&s)?;
                prop_assert_eq!(print_script(&script), s);
            }
            Err(errors) => prop_assert!(
                errors.iter().all(|e| e.kind == ParseErrorKind::Unresolved),
                "{:?}: {:?}", s, errors
            ),
        }
    }

    #[test]
    fn printing_is_a_fixed_point(s in text()) {
        holds(&s)?;
    }

    #[test]
    fn any_text_is_read_without_panicking(s in "\\PC{0,200}") {
        match parse(&s) {
            Ok(_) => holds(&s)?,
            Err(errors) => {
                prop_assert!(!errors.is_empty());
                for e in errors {
                    prop_assert!(e.span.end <= s.len() && s.is_char_boundary(e.span.start));
                }
            }
        }
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
        (
            "Defeat a Unit with power equal to the cost of a card from among ",
            "them.",
        ),
        ("If you have a Gig, ", "draw 1."),
        ("(", ")"),
    ] {
        let text = fill(unit, end);
        assert!(text.len() <= MAX_TEXT_LEN);
        let _ = parse(&text);
    }
    let long = "Draw 1. ".repeat(MAX_TEXT_LEN / 8 + 1);
    assert!(long.len() > MAX_TEXT_LEN);
    let errors = parse(&long).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].kind, ParseErrorKind::TooLong);
}

#[test]
fn a_number_above_the_limit_is_an_error_at_its_span() {
    assert!(parse("Draw 99.").is_ok());
    assert!(parse("If you have 99+ ☆, increase a d20 by up to 99.").is_ok());
    for (text, number) in [
        ("Draw 100.", "100"),
        ("Give a friendly Unit +250 power this turn.", "250"),
        ("Defeat a rival Unit with power 1000 or less.", "1000"),
        (
            "If you have 12345678901234567890+ ☆, draw 1.",
            "12345678901234567890",
        ),
        ("Defeat up to 100 rival Units.", "100"),
        ("If you have 100+ ☆, draw 1.", "100"),
        ("Increase a d120 by 1.", "120"),
        ("Increase a d99999999999 by 1.", "99999999999"),
    ] {
        let errors = parse(text).unwrap_err();
        let e = &errors[0];
        assert_eq!(e.kind, ParseErrorKind::NumberTooLarge, "{text}");
        assert_eq!(&text[e.span.range()], number, "{text}");
    }
}

#[test]
fn a_thousand_lines_are_read() {
    let text = "Draw 1.\n".repeat(1000);
    let script = parse(&text).unwrap();
    assert_eq!(script.abilities.len(), 1000);
    assert_eq!(script.abilities[999].span.start, 999 * 8);
    let sentences = "Draw 1. ".repeat(1000) + "\n";
    let script = parse(&sentences).unwrap();
    assert!(sexpr(&script).contains("b1000=(count 1)"));
}
