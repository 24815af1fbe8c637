//! Corpus-wide guarantees of the card language, over every catalogue card: the text parses,
//! printing the AST gives the text back (whitespace aside), reading the printed text gives the same
//! AST (spans aside), and formatting is idempotent.

use gigscript_dsl::card::{load_cards, CardText};
use gigscript_dsl::parse::parse_card;
use gigscript_dsl::print::{check_round_trip, print_script};
use gigscript_dsl::Sources;
use std::path::Path;

#[test]
fn every_card_parses_round_trips_and_formats_idempotently() {
    let mut sources = Sources::new();
    let (db, errors) = load_cards(
        &[Path::new(env!("CARGO_MANIFEST_DIR")).join("cards")],
        &mut sources,
    );
    assert!(errors.is_empty());
    assert_eq!(db.len(), 155);
    let mut problems = Vec::new();
    for card in db.cards() {
        let script = match parse_card(card) {
            Ok(s) => s,
            Err(e) => {
                problems.push(format!("{}: does not parse: {e:?}", card.id));
                continue;
            }
        };
        let mut boxes = vec![(&card.text, &script.text)];
        if let (Some(t), Some(s)) = (&card.top, &script.top) {
            boxes.push((t, s));
        }
        for (text, s) in boxes {
            if let Err(e) = check_round_trip(text, card.file, card.kind, s) {
                problems.push(format!("{}: does not round-trip: {}", card.id, e.printed));
            }
            // fmt(fmt(x)) == fmt(x)
            let once = print_script(s);
            let again = CardText {
                text: once.clone(),
                offset: 0,
                exact: true,
            };
            let reread = gigscript_dsl::parse::parse_text(&again, card.file, card.kind, s.textbox)
                .map(|s2| print_script(&s2));
            if reread.as_deref() != Ok(once.as_str()) {
                problems.push(format!("{}: formatting is not idempotent", card.id));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
