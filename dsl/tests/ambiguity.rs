//! The ambiguity check (DESIGN.md guarantee 3) on small fixture grammars.

use gigscript_dsl::ambiguity::{
    break_choice, Ambiguity, AmbiguityKind, CheckError, Grammar, ReadingNode,
};
use gigscript_dsl::diag::{render, IntoDiagnostic};
use gigscript_dsl::Sources;

const AMBIGUOUS: &str = include_str!("../../grammar/fixtures/ambiguous.pest");
const STOPS: &str = include_str!("../../grammar/fixtures/stops.pest");
const DISJOINT: &str = include_str!("../../grammar/fixtures/disjoint.pest");

fn grammar(src: &str) -> Grammar {
    Grammar::new(src).unwrap_or_else(|e| panic!("fixture grammar: {e}"))
}

fn ambiguity(g: &Grammar, rule: &str, text: &str) -> Ambiguity {
    match g.check(rule, text) {
        Err(CheckError::Ambiguous(a)) => a,
        other => panic!("expected {text:?} to be ambiguous, got {other:?}"),
    }
}

/// `passes!(grammar, rule, text, ...)`: every text passes the check.
macro_rules! passes {
    ($g:expr, $rule:expr, $($text:expr),+ $(,)?) => {
        $(assert_eq!($g.check($rule, $text), Ok(()), "{:?}", $text);)+
    };
}

#[test]
fn the_ambiguous_fixture_is_flagged_on_the_word_that_overlaps() {
    let g = grammar(AMBIGUOUS);
    let text = "Draw 2 Gears.";
    let a = ambiguity(&g, "line", text);
    assert_eq!(a.kind, AmbiguityKind::TreeChanged);
    // several rules have choices, only `word` is ambiguous
    assert_eq!(
        g.rules_with_choices().collect::<Vec<_>>(),
        ["verb", "side", "word"]
    );
    assert_eq!(a.rules, ["word"]);
    assert_eq!(&text[a.span.clone()], "Gear");
    assert_eq!(&text[a.second_span.clone()], "Gears");
    assert_eq!(a.first, r#"`word` "Gear""#);
    assert_eq!(a.second, r#"`word` "Gears""#);
}

#[test]
fn the_ambiguous_fixture_passes_texts_that_do_not_reach_the_overlap() {
    let g = grammar(AMBIGUOUS);
    passes!(
        g,
        "line",
        "Draw 2 Gear.",
        "Defeat 1 rival Unit.",
        "Discard 3 friendly Units."
    );
}

#[test]
fn a_reversed_choice_that_stops_parsing_is_flagged() {
    let g = grammar(STOPS);
    let text = "Gain 3+ power.";
    let a = ambiguity(&g, "line", text);
    assert_eq!(a.kind, AmbiguityKind::StopsParsing);
    assert_eq!(a.rules, ["amount"]);
    assert_eq!(&text[a.span.clone()], "3+");
    assert_eq!(&text[a.second_span.clone()], "3");
    passes!(g, "line", "Gain 3 power.");
}

#[test]
fn the_disjoint_fixture_passes() {
    let g = grammar(DISJOINT);
    passes!(
        g,
        "text",
        "Draw 2 cards.",
        "Draw a card. Defeat a rival Unit.",
        "Gain 3+ power.\nGain 3 power.",
        "Defeat a Gear. Defeat a friendly Program.",
    );
}

#[test]
fn a_text_the_grammar_does_not_parse_is_not_an_ambiguity() {
    let g = grammar(DISJOINT);
    // where pest reports the failure is the parser's business (guarantee 1), not this check's
    assert!(matches!(
        g.check("text", "Draw 2 crads."),
        Err(CheckError::DoesNotParse { .. })
    ));
    assert_eq!(
        g.check("nope", "Draw 2 cards."),
        Err(CheckError::UnknownRule("nope".into()))
    );
}

#[test]
fn a_choice_inside_a_silent_rule_shows_through_the_outer_pairs() {
    let g = grammar(
        r#"
        line = { SOI ~ noun ~ "s"? ~ EOI }
        noun = { word }
        word = _{ "Gear" | "Gears" }
        "#,
    );
    let a = ambiguity(&g, "line", "Gears");
    assert_eq!(a.rules, ["word"]);
    assert_eq!((a.span, a.second_span), (0..4, 0..5));
    assert_eq!(a.first, r#"`noun` "Gear""#);
}

#[test]
fn the_innermost_occurrence_of_the_culprit_is_named() {
    // `group` nests itself; only the inner one meets the overlap
    let g = grammar(
        r#"
        WHITESPACE = _{ " " }
        line = { SOI ~ group ~ EOI }
        group = { "(" ~ (group | word ~ "s"?) ~ ")" }
        word = { "Gear" | "Gears" | "Unit" }
        "#,
    );
    let text = "((Gears))";
    let a = ambiguity(&g, "line", text);
    assert_eq!(a.rules, ["word"]);
    assert_eq!(a.span, 2..6);
}

#[test]
fn choices_are_reversed_however_they_are_nested() {
    // a chain of three read in reverse must try `c` first: only then does `abc` change
    let g = grammar(
        r#"
        line = { SOI ~ x ~ rest ~ EOI }
        x = { ("a" | "ab") | "abc" }
        rest = { ANY* }
        "#,
    );
    let a = ambiguity(&g, "line", "abc");
    assert_eq!(a.rules, ["x"]);
    assert_eq!((a.span, a.second_span), (0..1, 0..3));
}

#[test]
fn implicit_whitespace_and_atomic_rules_behave_as_in_pest() {
    let g = grammar(
        r#"
        WHITESPACE = _{ " " }
        line = { SOI ~ name ~ "." ~ EOI }
        name = @{ "Chrome" ~ " " ~ ("Fang" | "Fist") }
        "#,
    );
    passes!(g, "line", "Chrome Fang.", "Chrome Fist .");
    assert!(matches!(
        g.check("line", "Chrome  Fang."),
        Err(CheckError::DoesNotParse { .. })
    ));
}

#[test]
fn break_choice_makes_a_disjoint_rule_ambiguous() {
    let broken = break_choice(DISJOINT, "side").expect("`side` is a rule");
    let g = grammar(&broken);
    // texts that do not go through `side` still pass, and the original reading is unchanged
    passes!(g, "text", "Draw 2 cards.");
    let text = "Defeat a rival Unit.";
    let a = ambiguity(&g, "text", text);
    assert_eq!(a.rules, ["side"]);
    assert_eq!(&text[a.span.clone()], "rival");
    assert_eq!(a.second, r#"`side` "rival""#);

    // atomic and silent rules make pairs once broken, too
    let g = grammar(&break_choice(DISJOINT, "kind").unwrap());
    assert_eq!(ambiguity(&g, "text", text).rules, ["kind"]);
    let silent = DISJOINT.replace("side = {", "side = _{");
    let g = grammar(&break_choice(&silent, "side").unwrap());
    assert_eq!(ambiguity(&g, "text", text).rules, ["side"]);

    assert_eq!(break_choice(DISJOINT, "nope"), None);
    assert_eq!(break_choice("not a grammar {", "side"), None);
}

#[test]
fn invalid_grammars_are_errors_with_spans() {
    let e = Grammar::new("line = { word }").unwrap_err();
    assert_eq!(e.problems.len(), 1);
    assert!(e.problems[0].message.contains("word"), "{e}");
    assert_eq!(e.problems[0].span, 9..13);
    assert!(Grammar::new("line = { \"a\" ").is_err());
}

#[test]
fn the_diagnostic_points_into_the_card_file() {
    let g = grammar(AMBIGUOUS);
    let file = "id = \"gear-run\"\ntext = \"Draw 2 Gears.\"\n";
    let offset = file.find("Draw").unwrap();
    let mut sources = Sources::new();
    let id = sources.add("cards/gear-run.toml", file);
    let err = g.check("line", "Draw 2 Gears.").unwrap_err();
    let d = err.in_file(id, offset).to_diagnostic();
    let rendered = render(&sources, &[d], false);
    insta::assert_snapshot!(rendered);
}

/// A word grammar the size of the card grammar: one atomic rule per distinct word of the card
/// texts (a few hundred rules), grouped in choices of at most `GROUP` words, so the cost is
/// measured on the real texts. Words end at a word boundary, so the grammar is disjoint.
fn vocabulary_grammar(texts: &[String]) -> String {
    const GROUP: usize = 16;
    let mut words: Vec<String> = texts
        .iter()
        .flat_map(|t| t.split(|c: char| !c.is_ascii_alphabetic()))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    words.sort();
    words.dedup();
    let mut g = String::from(
        "WHITESPACE = _{ \" \" | \"\\n\" }\n\
         text = { SOI ~ token* ~ EOI }\n\
         token = { word | number | punct }\n\
         number = @{ ASCII_DIGIT+ }\n\
         punct = @{ !(ASCII_ALPHANUMERIC | \" \" | \"\\n\") ~ ANY }\n",
    );
    let groups = words.len().div_ceil(GROUP);
    let names: Vec<String> = (0..groups).map(|i| format!("g{i}")).collect();
    g.push_str(&format!("word = _{{ {} }}\n", names.join(" | ")));
    for (i, chunk) in words.chunks(GROUP).enumerate() {
        let alts: Vec<String> = (0..chunk.len())
            .map(|j| format!("w{}", i * GROUP + j))
            .collect();
        g.push_str(&format!("g{i} = _{{ {} }}\n", alts.join(" | ")));
    }
    for (i, w) in words.iter().enumerate() {
        g.push_str(&format!("w{i} = @{{ ^\"{w}\" ~ !ASCII_ALPHA }}\n"));
    }
    g
}

fn card_texts() -> Vec<String> {
    let mut sources = Sources::new();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards");
    let (db, errors) = gigscript_dsl::card::load_cards(&[root], &mut sources);
    assert!(errors.is_empty(), "{} card errors", errors.len());
    db.cards().iter().map(|c| c.text.text.clone()).collect()
}

/// Prints the cost (run with `--nocapture`); asserts only that every card passes, and that a
/// broken choice is caught on real texts.
#[test]
fn checking_every_card_text_on_a_grammar_of_card_size() {
    let texts = card_texts();
    assert!(texts.len() >= 154, "{} cards", texts.len());
    let src = vocabulary_grammar(&texts);
    let t = std::time::Instant::now();
    let g = grammar(&src);
    let load = t.elapsed();
    let t = std::time::Instant::now();
    for text in &texts {
        assert_eq!(g.check("text", text), Ok(()), "{text:?}");
    }
    let check = t.elapsed();
    let rules = src.lines().count();
    eprintln!(
        "{rules} rules: load {load:?}, check {} texts {check:?} (debug build)",
        texts.len()
    );

    // the slow path: a broken choice sends every flagged text through the per-rule pass
    let g = grammar(&break_choice(&src, "token").unwrap());
    let some = &texts[..8];
    let t = std::time::Instant::now();
    let flagged = some
        .iter()
        .filter(|text| match g.check("text", text) {
            Err(CheckError::Ambiguous(a)) => a.rules == ["token"],
            _ => false,
        })
        .count();
    eprintln!(
        "broken `token`: {flagged} of {} texts flagged in {:?}",
        some.len(),
        t.elapsed()
    );
    assert!(flagged > 0);
}

#[test]
fn a_grammar_can_be_shared_between_threads() {
    fn shared<T: Send + Sync>() {}
    shared::<Grammar>();
}

#[test]
fn an_ambiguity_only_several_rules_together_show_names_no_single_culprit() {
    // reversed alone, `a` falls back to `c` and `b` reads the same; together `b ~ d` wins
    let g = grammar(
        r#"
        line = { SOI ~ a ~ EOI }
        a = { c | b ~ d }
        b = _{ "xy" | "x" }
        c = _{ "xy" }
        d = { "y" }
        "#,
    );
    let a = ambiguity(&g, "line", "xy");
    assert_eq!(a.rules, Vec::<String>::new());
    assert_eq!(a.kind, AmbiguityKind::TreeChanged);
    assert_eq!((a.first.as_str(), a.span), (r#"`EOI` """#, 2..2));
    assert_eq!((a.second.as_str(), a.second_span), (r#"`d` "y""#, 1..2));
}

#[test]
fn the_diagnostic_of_a_text_that_stops_parsing() {
    let g = grammar(STOPS);
    let mut sources = Sources::new();
    let text = "Gain 3+ power.";
    let id = sources.add("text.txt", text);
    let d = g
        .check("line", text)
        .unwrap_err()
        .in_file(id, 0)
        .to_diagnostic();
    insta::assert_snapshot!(render(&sources, &[d], false));
}

/// The fixtures compiled by `pest_derive`, as the card parser is, to compare with `pest_vm`.
mod derived {
    pub mod disjoint {
        #[derive(pest_derive::Parser)]
        #[grammar = "../../grammar/fixtures/disjoint.pest"]
        pub struct Disjoint;
    }

    pub mod ambiguous {
        #[derive(pest_derive::Parser)]
        #[grammar = "../../grammar/fixtures/ambiguous.pest"]
        pub struct Ambiguous;
    }
}

/// What the card parser will hand to [`Grammar::check_reading`]: its pairs in pre-order.
fn flatten<R: pest::RuleType>(pairs: pest::iterators::Pairs<'_, R>) -> Vec<ReadingNode> {
    fn go<R: pest::RuleType>(pair: pest::iterators::Pair<'_, R>, out: &mut Vec<ReadingNode>) {
        let at = out.len();
        let span = pair.as_span();
        out.push(ReadingNode {
            rule: format!("{:?}", pair.as_rule()),
            span: span.start()..span.end(),
            descendants: 0,
        });
        for child in pair.into_inner() {
            go(child, out);
        }
        out[at].descendants = out.len() - at - 1;
    }
    let mut out = Vec::new();
    for pair in pairs {
        go(pair, &mut out);
    }
    out
}

#[test]
fn pest_vm_reads_the_fixtures_as_pest_derive_does() {
    use pest::Parser;
    let g = grammar(DISJOINT);
    for text in [
        "Draw 2 cards.",
        "Draw a card.\nDefeat a rival Unit.",
        "Gain 3+ power. Gain 3 power.",
        "Defeat a Gear. Defeat a friendly Program.",
    ] {
        let pairs =
            derived::disjoint::Disjoint::parse(derived::disjoint::Rule::text, text).unwrap();
        let first = flatten(pairs);
        assert_eq!(g.reading("text", text).unwrap(), first, "{text:?}");
        assert_eq!(g.check_reading("text", text, &first), Ok(()), "{text:?}");
    }

    let g = grammar(AMBIGUOUS);
    let text = "Draw 2 Gears.";
    let pairs = derived::ambiguous::Ambiguous::parse(derived::ambiguous::Rule::line, text).unwrap();
    let first = flatten(pairs);
    assert_eq!(g.reading("line", text).unwrap(), first);
    let Err(CheckError::Ambiguous(a)) = g.check_reading("line", text, &first) else {
        panic!("{text:?} must be ambiguous");
    };
    assert_eq!((a.rules, a.span), (vec!["word".to_owned()], 7..11));

    // a first reading that is not the grammar's own is a bug, not an ambiguity
    let mut wrong = first.clone();
    wrong[1].span.end += 1;
    assert_eq!(
        g.check_reading("line", text, &wrong),
        Err(CheckError::ReadingsDisagree { span: 0..5 })
    );
}

#[test]
fn stack_builtins_and_unicode_properties_run_in_the_vm() {
    let g = grammar(
        r#"
        line = { SOI ~ PUSH(quote) ~ inner ~ POP ~ EOI }
        quote = { "\"" | "'" }
        inner = { (!PEEK ~ (LETTER | ASCII_DIGIT | " "))* }
        "#,
    );
    passes!(g, "line", "\"Go Solo\"", "'2 Gigs'", "\"Été\"");
    assert!(matches!(
        g.check("line", "\"mixed'"),
        Err(CheckError::DoesNotParse { .. })
    ));
}

#[test]
fn the_diagnostic_of_an_invalid_grammar() {
    let src = "line = { SOI ~ word ~ EOI }\nverb = { \"Draw\" | verb }\n";
    let e = Grammar::new(src).unwrap_err();
    let mut sources = Sources::new();
    let id = sources.add("grammar/fixtures/invalid.pest", src);
    insta::assert_snapshot!(render(&sources, &[e.in_file(id, 0).to_diagnostic()], false));
}
