//! The grammar's own properties: the rules that exactly one card of the catalogue uses are few
//! (at most 10) and each says why it exists; every rule has a name in plain words; the parser
//! of the grammar with its choices reversed is the grammar's; the derived parser reads as
//! `pest_vm` does, and breaking a choice is caught.

use super::corpora::{card_entries, grammar, root};
use gigscript_dsl::ambiguity::{break_choice, CheckError, Grammar};
use gigscript_dsl::card::{card_files, load_cards};
use gigscript_dsl::syntax::parse::{reversed_rule_names, rule_names};
use gigscript_dsl::syntax::{reading, GRAMMAR, START_RULE};
use gigscript_dsl::Sources;
use std::collections::{BTreeMap, BTreeSet};

/// For each rule of the grammar that a card's reading uses, the cards that use it.
fn rule_users() -> BTreeMap<String, BTreeSet<String>> {
    let mut sources = Sources::new();
    let (db, errors) = load_cards(&card_files(&root().join("cards")).unwrap(), &mut sources);
    assert!(errors.is_empty());
    let mut users: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for card in db.cards() {
        for t in card.top.iter().chain([&card.text]) {
            for n in reading(&t.text).unwrap_or_else(|| panic!("{} parses", card.id)) {
                users.entry(n.rule).or_default().insert(card.id.clone());
            }
        }
    }
    users
}

/// The rules with a `// One card (…): …` comment above their doc.
fn rules_with_a_reason() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut reason = false;
    for line in GRAMMAR.lines() {
        if line.starts_with("// One card") {
            reason = true;
        } else if line.starts_with("///") {
        } else if let Some((name, _)) = line.split_once(" = ") {
            if reason {
                out.insert(name.trim().to_string());
            }
            reason = false;
        } else {
            reason = false;
        }
    }
    out
}

#[test]
fn at_most_ten_rules_serve_one_card_each_with_its_reason() {
    let one_card: BTreeMap<String, String> = rule_users()
        .into_iter()
        .filter(|(_, cards)| cards.len() == 1)
        .map(|(rule, cards)| (rule, cards.into_iter().next().unwrap_or_default()))
        .collect();
    let listed: Vec<String> = one_card.iter().map(|(r, c)| format!("{r} ({c})")).collect();
    assert!(
        one_card.len() <= 10,
        "{} rules serve one card: {}",
        one_card.len(),
        listed.join(", ")
    );
    let reasons = rules_with_a_reason();
    let missing: Vec<&String> = one_card.keys().filter(|r| !reasons.contains(*r)).collect();
    assert!(
        missing.is_empty(),
        "one-card rules without a `// One card (…): …` reason: {missing:?}"
    );
    let stale: Vec<&String> = reasons
        .iter()
        .filter(|r| !one_card.contains_key(*r))
        .collect();
    assert!(
        stale.is_empty(),
        "rules with a one-card reason that more or fewer cards use: {stale:?}"
    );
}

#[test]
fn every_rule_has_a_plain_name() {
    for (ident, name) in rule_names() {
        assert!(!name.is_empty(), "{ident}");
        assert_ne!(name, ident, "{ident} is named by its identifier");
        assert!(
            !name.ends_with('.'),
            "{ident}: names have no trailing period"
        );
    }
}

#[test]
fn the_reversed_parser_has_the_grammars_rules() {
    let names: Vec<String> = rule_names().into_iter().map(|(i, _)| i).collect();
    assert_eq!(reversed_rule_names(), names);
}

/// The derived parser and `pest_vm` (which explains an ambiguity) read every card alike, and the
/// check on `pest_vm` passes as the derived one does.
#[test]
fn the_derived_parser_reads_every_card_as_pest_vm_does() {
    let g = grammar();
    for e in card_entries(&root().join("cards")) {
        let vm = g.reading(START_RULE, &e.text).expect("parses on pest_vm");
        assert_eq!(reading(&e.text), Some(vm), "{}", e.name);
        assert_eq!(g.check(START_RULE, &e.text), Ok(()), "{}", e.name);
    }
}

/// The check is not vacuous: making one choice of the grammar overlap is caught on real cards,
/// naming that rule.
#[test]
fn breaking_one_choice_of_the_grammar_is_caught_on_real_cards() {
    let rule = "np_item";
    let broken = Grammar::new(&break_choice(GRAMMAR, rule).expect("the rule exists")).unwrap();
    let mut flagged = 0;
    for e in card_entries(&root().join("cards")) {
        match broken.check(START_RULE, &e.text) {
            Err(CheckError::Ambiguous(a)) => {
                assert!(
                    a.rules.iter().any(|r| r.starts_with(rule)),
                    "{}: culprits {:?}",
                    e.name,
                    a.rules
                );
                flagged += 1;
            }
            Err(other) => panic!("{}: {other:?}", e.name),
            Ok(()) => {}
        }
    }
    assert!(
        flagged > 100,
        "`{rule}` broken: only {flagged} texts flagged"
    );
}

/// Every card `grammar/SLOTS.md` names is a card of the catalogue (a word in backquotes with a
/// hyphen is a card id, unless the grammar has it: `bottom-deck`, `face-up`).
#[test]
fn the_phrasebook_of_slots_names_real_cards() {
    let slots = std::fs::read_to_string(root().join("grammar/SLOTS.md")).unwrap();
    let ids: BTreeSet<String> = card_entries(&root().join("cards"))
        .into_iter()
        .map(|e| e.name)
        .collect();
    let mut named = 0;
    let mut unknown = Vec::new();
    for (i, quoted) in slots.split('`').enumerate() {
        let word = i % 2 == 1
            && quoted.contains('-')
            && quoted
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !word || GRAMMAR.contains(quoted) {
            continue;
        }
        named += 1;
        if !ids.contains(quoted) {
            unknown.push(quoted.to_string());
        }
    }
    assert!(named > 50, "only {named} cards named");
    assert!(
        unknown.is_empty(),
        "not cards of the catalogue: {unknown:?}"
    );
}
