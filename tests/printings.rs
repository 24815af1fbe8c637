//! The card pool is the official one: every card file's current facts and text are those of
//! `cards/printings.json` (the official current printing of each card, and its older
//! printings), notation aside, so the pool can't drift from the printed cards again.

use gigscript_dsl::card::{load_cards_in, Card, CardDb, CardType, Format};
use gigscript_dsl::Sources;
use serde_json::Value;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn printings() -> Vec<Value> {
    let text = std::fs::read_to_string(root().join("cards/printings.json")).expect("reads");
    serde_json::from_str(&text).expect("printings.json is JSON")
}

fn pool(format: Format) -> CardDb {
    let (db, errors) = load_cards_in(&[root().join("cards")], &mut Sources::new(), format);
    assert!(errors.is_empty(), "{} card files do not load", errors.len());
    db
}

/// A rules text with its notation taken out, to compare the words: the official site writes
/// icons in braces without the colon the card language puts after costs (`{Spend}` /
/// `{Spend}:`), curly quotes, `*` for the ☆ of Street Cred on the oldest prints, and marks a
/// flavour line `[Flavour Text]`; the card files keep a Gear's reminder line in `top` and a
/// flavour line in `flavor`. Case and spacing are not compared.
fn words(text: &str) -> String {
    let mut t = text
        .replace(['’', '‘'], "'")
        .replace(['“', '”'], "\"")
        .replace('*', "☆");
    for marker in ["[Flavour Text]", "[Flavour]", "[Flavor]"] {
        t = t.replace(marker, "");
    }
    t.retain(|c| !matches!(c, '{' | '}' | ':' | '"'));
    t.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The card's whole printed text: top textbox, rules text, flavour.
fn card_words(card: &Card) -> String {
    let parts = [
        card.top.as_ref().map(|t| t.text.as_str()),
        Some(card.text.text.as_str()),
        card.flavor.as_deref(),
    ];
    words(&parts.into_iter().flatten().collect::<Vec<_>>().join("\n"))
}

fn opt_u32(v: &Value) -> Option<u32> {
    v.as_u64().map(|n| u32::try_from(n).unwrap())
}

/// A Legend without {Go Solo} prints a 0 in its power box, which the official site (and this
/// pool) write as no power (printings notes, B7).
fn power_of(v: &Value, kind: CardType) -> Option<i32> {
    let p = v.as_i64().map(|n| i32::try_from(n).unwrap());
    if kind == CardType::Legend && p == Some(0) {
        None
    } else {
        p
    }
}

/// The tags as a sorted set; the official site spells the ALDECALDO tag "Aldecado", the cards
/// print ALDECALDO (printings notes, B4).
fn tags(v: &[String]) -> Vec<String> {
    let mut t: Vec<String> = v
        .iter()
        .map(|t| {
            if t == "ALDECADO" {
                "ALDECALDO".to_owned()
            } else {
                t.clone()
            }
        })
        .collect();
    t.sort();
    t
}

/// Compares a card with a printing of `printings.json`; returns each difference.
fn differences(card: &Card, p: &Value, with_text: bool) -> Vec<String> {
    let mut out = Vec::new();
    let mut fact = |what: &str, got: String, want: String| {
        if got != want {
            out.push(format!("{}: {what} is {got}, printed {want}", card.id));
        }
    };
    fact(
        "type",
        card.kind.to_string(),
        p["type"].as_str().unwrap().into(),
    );
    fact(
        "color",
        card.color.to_string(),
        p["color"].as_str().unwrap().into(),
    );
    fact(
        "cost",
        format!("{:?}", card.cost),
        format!("{:?}", opt_u32(&p["cost"])),
    );
    fact(
        "ram",
        format!("{:?}", card.ram.filter(|&r| r > 0)),
        format!("{:?}", opt_u32(&p["ram"]).filter(|&r| r > 0)),
    );
    let power = card
        .power
        .filter(|&p| !(card.kind == CardType::Legend && p == 0));
    fact(
        "power",
        format!("{power:?}"),
        format!("{:?}", power_of(&p["power"], card.kind)),
    );
    let printed: Vec<String> = p["tags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_owned())
        .collect();
    fact(
        "tags",
        format!("{:?}", tags(&card.tags)),
        format!("{:?}", tags(&printed)),
    );
    fact("sell", card.sell.to_string(), p["sell"].to_string());
    fact("set", card.set.clone(), p["set"].as_str().unwrap().into());
    fact(
        "number",
        format!("{:?}", card.number.as_deref()),
        format!("{:?}", p["collector_number"].as_str()),
    );
    if with_text {
        fact("text", card_words(card), words(p["text"].as_str().unwrap()));
    }
    out
}

/// The printing a card plays in `standard`: the official current one, or for the cards with
/// none, the one printing they have.
fn current(identity: &Value) -> &Value {
    match &identity["current"] {
        Value::Null => &identity["older"][0],
        c => c,
    }
}

#[test]
fn the_pool_is_one_file_per_card_identity() {
    let all = printings();
    let db = pool(Format::Standard);
    assert_eq!(all.len(), 154);
    assert_eq!(db.len(), all.len());
    for identity in &all {
        let id = identity["id"].as_str().unwrap();
        assert!(db.get(id).is_some(), "no card file for {id}");
    }
}

#[test]
fn every_card_file_holds_the_current_printing() {
    let db = pool(Format::Standard);
    let mut wrong = Vec::new();
    for identity in printings() {
        let id = identity["id"].as_str().unwrap();
        let card = db.get(id).unwrap();
        if card.name != identity["name"].as_str().unwrap()
            || card.subtitle.as_deref() != identity["subtitle"].as_str()
        {
            wrong.push(format!("{id}: name is {}", card.full_name()));
        }
        wrong.extend(differences(card, current(&identity), true));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Each older printing is a `[[printing]]` of the card's file, with its product and number, in
/// the order of `printings.json`.
#[test]
fn every_older_printing_is_listed_in_its_card_file() {
    let db = pool(Format::Standard);
    let mut wrong = Vec::new();
    for identity in printings() {
        let id = identity["id"].as_str().unwrap();
        let card = db.get(id).unwrap();
        let older = identity["older"].as_array().unwrap();
        let want: Vec<(String, Option<String>)> = older
            .iter()
            .skip(usize::from(identity["current"].is_null()))
            .map(|p| {
                (
                    p["set"].as_str().unwrap().to_owned(),
                    p["collector_number"].as_str().map(str::to_owned),
                )
            })
            .collect();
        let got: Vec<(String, Option<String>)> = card
            .printings
            .iter()
            .map(|p| (p.set.clone(), p.number.clone()))
            .collect();
        if got != want {
            wrong.push(format!("{id}: printings {got:?}, printed {want:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// In `alpha`, a card with an Alpha Kit or spoiler printing plays it, with that printing's
/// facts; the others play their current printing. (The texts of those printings are the
/// catalogue's readings of the prints, written in the card language; their notes say where a
/// reading departs from the print.)
#[test]
fn the_alpha_format_plays_the_alpha_kit_and_spoiler_printings() {
    let db = pool(Format::Alpha);
    let standard = pool(Format::Standard);
    let mut wrong = Vec::new();
    for identity in printings() {
        let id = identity["id"].as_str().unwrap();
        let card = db.get(id).unwrap();
        let early = identity["older"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["set"] == "alpha" || p["set"] == "spoiler");
        match early {
            Some(p) => wrong.extend(differences(card, p, false)),
            None => {
                let s = standard.get(id).unwrap();
                if (&card.set, &card.text.text) != (&s.set, &s.text.text) {
                    wrong.push(format!("{id}: in alpha, not its current printing"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn notation_is_not_compared() {
    assert_eq!(
        words("1 €$, {Spend}: Draw 1.\n“Choom”"),
        words("1 €$, {Spend} Draw 1. \"Choom\"")
    );
    assert_eq!(words("12+ * (Street Cred)"), words("12+ ☆ (Street Cred)"));
    assert_ne!(words("Draw 1."), words("Draw 2."));
}
