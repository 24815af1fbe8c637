//! The adapter on catalogue files and broken ones.

use gigscript_studio::{Catalogue, CompletionKind, Table};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn cat() -> &'static Catalogue {
    static C: OnceLock<Catalogue> = OnceLock::new();
    C.get_or_init(|| Catalogue::load(&root().join("cards")))
}

fn card_file(id: &str) -> (PathBuf, String) {
    let path = cat().file_of(id).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    (path, text)
}

#[test]
fn a_catalogue_card_has_no_problems_and_its_rulings_pass() {
    let (path, text) = card_file("chrome-fang");
    assert_eq!(cat().check_file(&path, &text), vec![]);
    assert_eq!(cat().run_rulings(&path, &text), vec![]);
}

#[test]
fn a_typo_is_reported_at_its_place_with_the_hint_of_gig_check() {
    let (path, text) = card_file("chrome-fang");
    let broken = text.replace("{Play} Until", "{Play} Untill");
    let problems = cat().check_file(&path, &broken);
    assert_eq!(problems.len(), 1, "{problems:?}");
    let at = broken.find("Untill").unwrap();
    assert_eq!(problems[0].range.start, at);
    assert!(
        problems[0].message.starts_with("card text: expected"),
        "{}",
        problems[0].message
    );
}

#[test]
fn a_failing_ruling_is_shown_on_its_header() {
    let (path, text) = card_file("chrome-fang");
    let broken = text.replacen(
        "expect = [\"me gigs = [d12:11]\"",
        "expect = [\"me gigs = [d12:12]\"",
        1,
    );
    let problems = cat().run_rulings(&path, &broken);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].range.start, broken.find("[[ruling]]").unwrap());
    assert!(
        problems[0].message.contains("ruling fails: chrome-fang"),
        "{}",
        problems[0].message
    );
}

#[test]
fn hover_shows_the_reading_of_a_phrase_and_a_card_named() {
    let (path, text) = card_file("chrome-fang");
    let at = text.find("rival Units").unwrap() + 2;
    let h = cat().hover(&path, &text, at).unwrap();
    assert!(h.markdown.contains("rival"), "{}", h.markdown);
    println!("{}", h.markdown);
    let at = text.find("psycho-squad").unwrap() + 3;
    let h = cat().hover(&path, &text, at).unwrap();
    assert!(h.markdown.contains("**Psycho Squad**"), "{}", h.markdown);
}

#[test]
fn completion_in_text_keys_and_steps() {
    let (path, text) = card_file("chrome-fang");
    let at = text.find("Until your").unwrap();
    let c = cat().complete(&path, &text, at);
    assert!(c.iter().any(|c| c.label == "Until your next turn"), "{c:?}");
    let at = text.find("\"play chrome-fang\"").unwrap() + 1;
    let c = cat().complete(&path, &text, at);
    assert!(
        c.iter()
            .any(|c| c.kind == CompletionKind::Step && c.label == "play chrome-fang"),
        "{c:?}"
    );
    let at = text.find("[ruling.me]\n").unwrap() + "[ruling.me]\n".len();
    let c = cat().complete(&path, &text, at);
    assert!(
        c.iter()
            .any(|c| c.label == "hand" && c.kind == CompletionKind::Key),
        "{c:?}"
    );
}

#[test]
fn a_scenario_plays_step_by_step_and_a_game_against_the_bot() {
    let mut t = Table::from_card_ruling(cat(), "chrome-fang", 0).unwrap();
    while t.next_step().unwrap() {}
    assert_eq!(
        t.verdict().as_deref(),
        Some("the ruling passes (3 expectations hold)")
    );
    let decks = cat().decks();
    let mut g = Table::versus_bot(cat(), &decks[0].1, &decks[1].1, 1).unwrap();
    for _ in 0..10 {
        if g.persons_turn() {
            g.choose(0).unwrap();
        } else {
            g.bot_move().unwrap();
        }
    }
    let b = g.board();
    assert_eq!(b.sides[0].name, "you");
    assert!(b.sides[1].hand.is_none());
}

#[test]
fn a_deck_file_its_entries_and_its_rules() {
    let path = root().join("decks/red-street.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(cat().check_file(&path, &text), vec![]);
    // a deck entry: hover gives the card, go-to-definition its file
    let (id, at) = {
        let line = text.lines().skip_while(|l| *l != "[main]").nth(1).unwrap();
        let id = line
            .split(" = ")
            .next()
            .unwrap()
            .trim()
            .trim_matches('"')
            .to_string();
        (id.clone(), text.find(&id).unwrap() + 1)
    };
    let h = cat().hover(&path, &text, at).unwrap();
    assert!(h.markdown.contains(&format!("(`{id}`)")), "{}", h.markdown);
    let (_, found) = cat().card_at(&text, at).unwrap();
    assert!(cat()
        .file_of(&found)
        .unwrap()
        .ends_with(format!("{id}.toml")));
    // a fourth copy breaks rule 7.3
    let broken = text.replacen(" = 3\n", " = 4\n", 1);
    assert!(!cat().check_file(&path, &broken).is_empty());
    // completion of a card id in the main deck
    let end = format!("{text}\nchrome-f");
    let c = cat().complete(&path, &end, end.len());
    assert!(
        c.iter()
            .any(|c| c.label == "chrome-fang" && c.kind == CompletionKind::Card),
        "{c:?}"
    );
}

#[test]
fn a_quoted_card_name_completes_with_its_quote() {
    let (path, text) = card_file("deadman-transmitter");
    let at = text.find("\"DEADMAN").unwrap() + 5;
    let half = text[..at].to_string();
    let c = cat().complete(&path, &half, half.len());
    let name = c
        .iter()
        .find(|c| c.label == "\"DEADMAN TRANSMITTER\"")
        .expect("the name is offered");
    assert_eq!(name.replace, at - 5..at);
}
