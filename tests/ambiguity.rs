//! Guarantee 3 over the real cards: no card's reading depends on the order of a choice, and the
//! check is not vacuous — making one choice of the real grammar overlap is caught on real cards.

use gigscript_dsl::ambiguity::{break_choice, CheckError, Grammar};
use gigscript_dsl::card::load_cards;
use gigscript_dsl::parse::{GRAMMAR, START_RULE};
use gigscript_dsl::{CardDb, Sources};
use std::path::Path;

fn catalogue() -> CardDb {
    let mut sources = Sources::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards");
    let (db, errors) = load_cards(&[root], &mut sources);
    assert!(errors.is_empty());
    db
}

fn texts(db: &CardDb) -> Vec<(String, String)> {
    db.cards()
        .iter()
        .flat_map(|c| {
            let top = c.top.iter().map(move |t| (c.id.clone(), t.text.clone()));
            top.chain(std::iter::once((c.id.clone(), c.text.text.clone())))
        })
        .collect()
}

#[test]
fn no_real_card_is_ambiguous() {
    let grammar = Grammar::new(GRAMMAR).unwrap();
    for (id, text) in texts(&catalogue()) {
        assert!(
            grammar.check(START_RULE, &text).is_ok(),
            "{id} is ambiguous"
        );
    }
}

/// Breaks the disjointness of one choice of the real grammar: the check must flag real cards,
/// naming that rule.
fn flagged_by_breaking(rule: &str) -> Vec<String> {
    let broken = break_choice(GRAMMAR, rule).expect("the rule exists");
    let grammar = Grammar::new(&broken).unwrap();
    texts(&catalogue())
        .into_iter()
        .filter_map(|(id, text)| match grammar.check(START_RULE, &text) {
            Err(CheckError::Ambiguous(a)) => {
                assert!(
                    a.rules.iter().any(|r| r.starts_with(rule)),
                    "{id}: culprits {:?}",
                    a.rules
                );
                Some(id)
            }
            Err(e) => panic!("{id}: {e:?}"),
            Ok(()) => None,
        })
        .collect()
}

#[test]
fn breaking_one_choice_of_the_real_grammar_is_caught_on_real_cards() {
    let flagged = flagged_by_breaking("np");
    assert!(flagged.len() > 50, "only {} cards flagged", flagged.len());
    assert!(flagged.contains(&"wild-in-the-streets".to_string()));
}
