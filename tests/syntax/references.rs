//! Every back-reference of the catalogue is bound to what it stands for: `it`, `them`, `they`,
//! `that Gig`, `the rest`, `the card`, `the chosen type`, `its`, `their`, `If you do`,
//! `Otherwise`, `instead`, `if it can`. Each row lists, in reading order, the references of a
//! card's rules text (leaving out `you`), with the words of the referent or the sentence.

use super::corpora::{card_entries, root, Entry};
use gigscript_dsl::card::CardText;
use gigscript_dsl::syntax::{parse_text, sexpr, tree::Textbox};
use std::collections::BTreeMap;

/// `head -> target` for each `->` of the s-expression of `e`, the target of a binding given as
/// its words in quotes, of a sentence as `s<n>` (counted from 1).
fn references(e: &Entry) -> Vec<String> {
    let t = CardText {
        text: e.text.clone(),
        offset: 0,
        exact: true,
    };
    let script = parse_text(&t, 0, e.kind, e.textbox).expect("parses");
    let words: BTreeMap<String, String> = script
        .bindings
        .iter()
        .map(|b| (format!("b{}", b.id.0), b.describes.clone()))
        .collect();
    let tree = sexpr(&script);
    let mut out = Vec::new();
    for (at, _) in tree.match_indices("->") {
        let target: String = tree[at + 2..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if target == "you" {
            continue;
        }
        let open = tree[..at].rfind('(').expect("inside a node");
        let head = tree[open + 1..at].trim();
        let head = head.strip_prefix("np ").unwrap_or(head);
        match words.get(&target) {
            Some(w) => out.push(format!("{head} -> {w:?}")),
            None => out.push(format!("{head} -> {target}")),
        }
    }
    out
}

/// The cards of the catalogue whose rules text refers back, each kind of reference at least once.
const EXPECTED: &[(&str, &[&str])] = &[
    ("adrenaline-converter", &["This -> host"]),
    ("afterparty-at-lizzie-s", &[]),
    ("all-is-lost", &["Them -> \"3\""]),
    (
        "alt-cunningham-mother-of-daemons",
        &["That -> \"a Gig\"", "you-do -> s1", "The -> \"a Gig\""],
    ),
    (
        "alt-cunningham-soulkiller-architect",
        &[
            "It -> \"a Program from your trash\"",
            "It -> \"a Program from your trash\"",
        ],
    ),
    ("appetite-for-destruction", &["It -> \"a friendly Unit\""]),
    (
        "arasaka-emergency-radioport",
        &[
            "This -> host",
            "That -> \"a friendly face-down Legend\"",
            "It -> \"a friendly face-down Legend\"",
        ],
    ),
    (
        "bonnie-and-clyde",
        &[
            "count 2 -> \"a rival Unit with power 4 or less\"",
            "instead -> s1",
        ],
    ),
    (
        "caliber-totentanz-s-top-dog",
        &["The -> \"1\"", "That -> \"A Rival\""],
    ),
    ("chrome-fang", &["They -> \"rival Units\""]),
    (
        "cyberpsychosis",
        &[
            "It -> \"an equipped Unit\"",
            "That -> \"an equipped Unit\"",
            "It -> \"an equipped Unit\"",
        ],
    ),
    (
        "deadman-transmitter",
        &["This -> host", "It -> host", "instead -> s1"],
    ),
    (
        "dum-dum-maelstrom-triggerman",
        &[
            "you-do -> s1",
            "otherwise -> s1",
            "It -> \"a friendly Unit\"",
        ],
    ),
    (
        "evelyn-parker-beautiful-enigma",
        &["if-it-can -> \"A rival Unit\""],
    ),
    ("floor-it", &[]),
    (
        "fool-on-the-hill",
        &[
            "Them -> \"the top 2 cards of your deck\"",
            "Them -> \"the top 2 cards of your deck\"",
            "Them -> \"the top 2 cards of your deck\"",
        ],
    ),
    ("gilded-maton", &["you-do -> s1"]),
    ("gorilla-arms", &["This -> host"]),
    (
        "gunpoint-diplomacy",
        &[
            "These -> modes",
            "They -> \"a Rival\"",
            "instead-before -> s1",
            "This -> \"a friendly Unit\"",
            "It -> \"a friendly Unit\"",
            "This -> \"a friendly Unit\"",
        ],
    ),
    ("hacked-corpo", &["Them -> \"3\""]),
    (
        "hanako-arasaka-in-a-gilded-cage",
        &[
            "among -> \"the top 4 cards of your deck\"",
            "Them -> \"any number of cards with cost equal to any friendly Gig values\"",
            "rest -> \"the top 4 cards of your deck\"",
        ],
    ),
    ("heywood-ripperdoc", &["It -> \"a Gear\""]),
    (
        "jackie-welles-mama-s-favorite",
        &["This -> this", "instead -> s1"],
    ),
    (
        "jackie-welles-pour-one-out-for-me",
        &["It -> \"a friendly Gig\""],
    ),
    (
        "johnny-silverhand-never-stop-fighting",
        &["This -> this", "It -> this", "This -> this"],
    ),
    (
        "johnny-silverhand-rocking-renegade",
        &[
            "turn-played It -> \"A friendly Unit\"",
            "It -> \"A friendly Unit\"",
            "It -> \"A friendly Unit\"",
            "This -> this",
        ],
    ),
    (
        "judy-alvarez-braindance-maestro",
        &[
            "It -> \"the top card of your deck\"",
            "It -> \"the top card of your deck\"",
        ],
    ),
    (
        "judy-alvarez-nothing-to-doubt",
        &[
            "It -> \"the top card of your deck\"",
            "otherwise -> s2",
            "It -> \"the top card of your deck\"",
        ],
    ),
    (
        "kerry-eurodyne-axe-attitude-audience",
        &[
            "The -> \"a Gig from your fixer area\"",
            "It -> \"a Gig from your fixer area\"",
            "It -> \"a Gig\"",
            "instead -> s1",
        ],
    ),
    ("kiroshi-optics", &[]),
    ("live-with-the-aftermath", &["They -> \"Each player\""]),
    (
        "lizzy-wizzy-delicate-weapon",
        &[
            "It -> \"a Program with cost 3 or less from your hand or trash\"",
            "It -> \"a Program with cost 3 or less from your hand or trash\"",
        ],
    ),
    ("maelstrom-goons", &["This -> this", "It -> this"]),
    ("maelstrom-zealots", &["This -> this", "The -> \"a fight\""]),
    ("maman-brigitte", &["you-do -> s1"]),
    ("maman-brigitte-spirit-of-death", &["you-do -> s1"]),
    (
        "maxtac-suppression-team",
        &["turn-played They -> \"Rival Units\""],
    ),
    ("memory-relapse", &["It -> \"a rival Unit\""]),
    ("meredith-stout-stone-cold-corpo", &["This -> this"]),
    (
        "misty-olszewski-mender-of-broken-spirits",
        &[
            "This -> this",
            "It -> \"the top card of your deck\"",
            "The -> \"a card type\"",
            "It -> \"the top card of your deck\"",
            "otherwise -> s3",
            "It -> \"the top card of your deck\"",
        ],
    ),
    ("modded-kusanagi", &["This -> this", "It -> this"]),
    ("mox-inciters", &["if-it-can -> \"A rival Unit\""]),
    (
        "nadia-fighting-through-grief",
        &[
            "This -> this",
            "They -> \"a Rival\"",
            "turn-played It -> this",
        ],
    ),
    ("netwatch-netdriver", &["This -> host"]),
    ("overwatch-panam-s-gift", &["The -> \"1\""]),
    (
        "panam-palmer-nomad-cavalry",
        &[
            "This -> this",
            "you-do -> s1",
            "That -> \"an unequipped friendly Unit\"",
            "Them -> \"5 or more friendly Units and/or Legends\"",
        ],
    ),
    ("panam-palmer-strength-through-family", &["you-do -> s1"]),
    ("placide-voodoo-sentinel", &["you-do -> s1"]),
    ("pyramid-song", &["Both -> modes", "instead -> s1"]),
    (
        "reboot-optics",
        &[
            "It -> \"a rival Unit\"",
            "The -> \"the fight of a rival Unit\"",
        ],
    ),
    ("riding-nomad", &[]),
    ("river-ward-detective-on-the-hunt", &[]),
    (
        "rogue-amendiares-preem-solo",
        &["It -> \"a Gig\"", "It -> \"a Gig\""],
    ),
    (
        "rogue-amendiares-queen-of-the-afterlife",
        &["It -> \"another friendly Unit\"", "This -> this"],
    ),
    ("royce-don-t-call-me-simon", &["instead -> s1"]),
    ("royce-psycho-on-the-edge", &["This -> this", "It -> this"]),
    ("ruthless-lowlife", &["This -> this"]),
    ("safety-override", &["The -> \"a fight\""]),
    (
        "sandayu-oda-hanako-s-guardian",
        &["This -> this", "turn-played It -> this"],
    ),
    (
        "sasha-yakovleva-won-t-let-you-down",
        &[
            "It -> \"the top card of your deck\"",
            "This -> this",
            "That -> \"the top card of your deck\"",
        ],
    ),
    ("satori-sword-of-saburo", &["This -> host"]),
    ("shattered-memories", &["They -> \"Each player\""]),
    (
        "sketchy-ripper",
        &[
            "among -> \"the top 3 cards of your deck\"",
            "It -> \"a Gear\"",
            "rest -> \"the top 3 cards of your deck\"",
        ],
    ),
    ("take-control", &["That -> \"A rival Unit\""]),
    (
        "tetratronic-rippler",
        &["This -> host", "It -> \"the top card of your deck\""],
    ),
    (
        "the-heist",
        &[
            "Them -> \"4\"",
            "That -> \"a Gear from among them\"",
            "It -> \"a Gear from among them\"",
            "instead -> s2",
        ],
    ),
    ("the-relic-experimental-biochip", &["This -> host"]),
    (
        "three-mouths-one-desire",
        &[
            "count 1 -> \"the top 3 cards of your deck\"",
            "count 1 More -> \"the top 3 cards of your deck\"",
            "rest -> \"the top 3 cards of your deck\"",
        ],
    ),
    ("towerfall", &["Both -> modes", "instead -> s1"]),
    ("unlikely-bond", &["you-do -> s1"]),
    (
        "v-roamer-of-the-badlands",
        &["This -> this", "It -> \"a Gig\""],
    ),
    ("v-streetkid", &[]),
    (
        "viktor-vektor-sit-down-and-relax",
        &[
            "among -> \"the top 5 cards of your deck\"",
            "Them -> \"up to 2 Gears with cost 2 or less\"",
            "rest -> \"the top 5 cards of your deck\"",
        ],
    ),
    (
        "viktor-vektor-you-might-feel-a-little-pinch",
        &["It -> \"a CYBERWARE Gear with cost 2 or less from your trash\""],
    ),
    ("westbrook-netrunner", &["They -> \"rival Legends\""]),
    ("wraith-marauders", &["This -> this", "The -> \"a Gig\""]),
    (
        "yorinobu-arasaka-steel-dragon",
        &["It -> \"a Unit with cost 4 or less from your hand or trash\""],
    ),
    ("zetatech-faceplate", &["This -> host"]),
];

#[test]
fn every_back_reference_of_the_catalogue_is_bound() {
    let cards: BTreeMap<String, Entry> = card_entries(&root().join("cards"))
        .into_iter()
        .filter(|e| e.textbox == Textbox::Rules)
        .map(|e| (e.name.clone(), e))
        .collect();
    let mut wrong = Vec::new();
    for (id, expected) in EXPECTED {
        let got = references(&cards[*id]);
        if got != *expected {
            wrong.push(format!(
                "{id}:\n  expected {expected:?}\n  got      {got:?}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
