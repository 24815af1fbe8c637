//! The catalogue of the `standard` format and random legal decks of it, for the tests that play
//! random games of the whole pool.

use gigscript_dsl::card::{load_cards_in, CardDb, CardType, Color, Format};
use gigscript_dsl::deck::{check_deck, parse_deck, MAX_COPIES, MAX_MAIN, MIN_MAIN};
use gigscript_dsl::Sources;
use gigscript_engine::{DeckList, Pool};
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// The catalogue as card data (for the deck rules) and as a pool (for games): the `standard`
/// pool, every card's current printing.
pub fn catalogue() -> &'static (CardDb, Arc<Pool>) {
    static CAT: OnceLock<(CardDb, Arc<Pool>)> = OnceLock::new();
    CAT.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards");
        let mut sources = Sources::new();
        let (db, errors) = load_cards_in(&[root], &mut sources, Format::Standard);
        assert!(errors.is_empty(), "card errors: {}", errors.len());
        assert_eq!(db.len(), 154, "one card per identity");
        let pool = Arc::new(Pool::from_db(&db));
        (db, pool)
    })
}

/// A random legal deck of the whole pool: three Legends of different names, then 40 to 50
/// cards within the RAM their colours allow, at most three per name. The deck is written as a
/// deck file and must pass `check_deck`, so only legal decks are played.
pub fn random_deck(db: &CardDb, rng: &mut ChaCha8Rng) -> DeckList {
    let legends: Vec<_> = db
        .cards()
        .iter()
        .filter(|c| c.kind == CardType::Legend)
        .collect();
    loop {
        let mut picked: Vec<&gigscript_dsl::card::Card> = Vec::new();
        for l in legends.choose_multiple(rng, legends.len()) {
            if picked.len() < 3 && picked.iter().all(|p| p.name != l.name) {
                picked.push(l);
            }
        }
        let mut ram: BTreeMap<Color, u32> = BTreeMap::new();
        for l in &picked {
            *ram.entry(l.color).or_default() += l.ram.unwrap_or(0);
        }
        let mut names: BTreeMap<String, Vec<&gigscript_dsl::card::Card>> = BTreeMap::new();
        for c in db.cards() {
            if c.kind != CardType::Legend
                && c.ram.unwrap_or(0) <= ram.get(&c.color).copied().unwrap_or(0)
            {
                names.entry(c.full_name()).or_default().push(c);
            }
        }
        let size = rng.gen_range(MIN_MAIN..=MAX_MAIN);
        if (names.len() as u32) * MAX_COPIES < size {
            continue;
        }
        // copies per name, then which printing of the name each copy is
        let mut slots: Vec<&str> = names.keys().map(String::as_str).collect();
        slots.shuffle(rng);
        let mut per_name: BTreeMap<&str, u32> = BTreeMap::new();
        let mut total = 0;
        while total < size {
            let n = slots[rng.gen_range(0..slots.len())];
            let c = per_name.entry(n).or_default();
            if *c < MAX_COPIES {
                *c += 1;
                total += 1;
            }
        }
        let mut main: BTreeMap<&str, u32> = BTreeMap::new();
        for (n, k) in per_name {
            let printings = &names[n];
            for _ in 0..k {
                *main
                    .entry(&printings[rng.gen_range(0..printings.len())].id)
                    .or_default() += 1;
            }
        }
        let mut text = String::from("legends = [");
        for l in &picked {
            text += &format!("\"{}\", ", l.id);
        }
        text += "]\n[main]\n";
        for (id, k) in &main {
            text += &format!("\"{id}\" = {k}\n");
        }
        let mut sources = Sources::new();
        let file = sources.add("random.toml", text.clone());
        let deck = parse_deck(&sources, file).expect("a generated deck parses");
        let errors = check_deck(&deck, db);
        assert!(
            errors.is_empty(),
            "a generated deck breaks the deck rules: {:?}\n{text}",
            errors.iter().map(|e| &e.message).collect::<Vec<_>>()
        );
        return DeckList::from_deck(&deck);
    }
}
