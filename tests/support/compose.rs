//! Card texts composed slot by slot, in the game's own style: ability shapes × verbs × noun
//! phrases (determiners, pre-modifiers, nouns, post-modifiers, possessives) × durations (before and
//! after) × conditions × subjects × events. Deterministic: the same seed gives the same texts.
//!
//! `texts(seed, n)` is the public entry: `n` texts, each with the type of card it is written for.
//! Test binaries include this file with `#[path = "../support/compose.rs"] mod compose;`.

#![allow(dead_code)]

use gigscript_dsl::card::CardType;

/// `n` texts composed from `seed`, each a whole textbox (lines ending in a line break) with the
/// type of card it is written for.
pub fn texts(seed: u64, n: usize) -> Vec<(CardType, String)> {
    (0..n as u64)
        .map(|i| {
            let mut c = Composer::new(seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            c.card(i as usize)
        })
        .collect()
}

/// A small deterministic generator (splitmix64), so the texts never depend on a library's
/// random number generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// Which cards a noun phrase may name.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    /// Units (and Legends) on the field: defeat, spend, ready, give power to
    Units,
    /// Units, Legends or Gear on the field: defeat, bottom-deck
    Cards,
    /// Gigs
    Gigs,
}

struct Composer {
    rng: Rng,
}

const DURATIONS_AFTER: &[&str] = &[
    "this turn",
    "until your next turn",
    "until the end of the turn",
    "during your turn",
    "until the end of your turn",
];

const DURATIONS_BEFORE: &[&str] = &[
    "This turn,",
    "Until your next turn,",
    "During your turn,",
    "During a Rival's turn,",
    "While attacking,",
    "While fighting a rival Unit,",
    "While blocking,",
];

const CONDITIONS: &[&str] = &[
    "you control a min Gig",
    "you control 3 or more Units",
    "you control a value-pair of Gigs",
    "you have 7+ ☆ (Street Cred)",
    "you have more ☆ (Street Cred) than a Rival",
    "you have less ☆ (Street Cred) than a Rival",
    "your ☆ (Street Cred) is an even number",
    "a Rival has no Units",
    "a Rival controls more Gigs than you",
    "a Rival controls at least 2 more Gigs than you",
    "all friendly Legends are face-up",
    "this Unit is spent",
    "this Unit is equipped",
    "this Unit has power 5+",
    "this Unit stole a Gig this turn",
    "this Unit attacked this turn",
    "you played a Program this turn",
    "the number of friendly Units is 3 or more",
    "the number of rival Units with {Blocker} is 2 or more",
    "this Unit's power equals a friendly Gig's value",
    "a friendly d6 is a min Gig",
    "your fixer area is empty",
    "you control a Gig with 8+ value",
    "you control 2 or more Gigs with different values",
    "a friendly Legend is face-down",
    "you control a friendly CORPO or GANGER Unit",
];

const PROGRAM_CONDITIONS: &[&str] = &[
    "you control a min Gig",
    "you control 3 or more Units",
    "you have 7+ ☆ (Street Cred)",
    "you have less ☆ (Street Cred) than a Rival",
    "a Rival has no Units",
    "a Rival controls more Gigs than you",
    "all friendly Legends are face-up",
    "you played a Program this turn",
    "the number of friendly Units is 3 or more",
    "your fixer area is empty",
    "you control a Gig with 8+ value",
];

impl Composer {
    fn new(seed: u64) -> Self {
        Composer { rng: Rng(seed) }
    }

    // ---- noun phrases

    /// Pre-modifiers for a card on the field.
    fn premods(&mut self, field: Field) -> String {
        let words: &[&str] = match field {
            Field::Gigs => &[
                "",
                "friendly ",
                "rival ",
                "min ",
                "friendly min ",
                "rival max ",
            ],
            _ => &[
                "",
                "friendly ",
                "rival ",
                "spent ",
                "ready ",
                "spent rival ",
                "ready friendly ",
                "friendly ARASAKA ",
                "rival CORPO or GANGER ",
                "friendly Red or Blue ",
                "rival Red or Green ",
                "equipped ",
                "unequipped rival ",
                "friendly equipped ",
                "other friendly ",
                "rival MERC ",
                "friendly AI, DRONE, or VEHICLE ",
            ],
        };
        self.rng.pick(words).to_string()
    }

    fn heads(&mut self, field: Field, plural: bool) -> String {
        let (one, many): (&[&str], &[&str]) = match field {
            Field::Units => (
                &["Unit", "Unit", "Unit or Legend", "Unit or face-up Legend"],
                &["Units", "Units", "Units and/or Legends"],
            ),
            Field::Cards => (
                &["Unit", "Gear", "Unit or Gear", "Unit", "Legend"],
                &["Units", "Gear", "Units and/or Legends"],
            ),
            Field::Gigs => (&["Gig", "Gig", "d6", "d20"], &["Gigs"]),
        };
        let xs = if plural { many } else { one };
        self.rng.pick(xs).to_string()
    }

    fn postmods(&mut self, field: Field) -> String {
        let xs: &[&str] = match field {
            Field::Gigs => &[
                "",
                "",
                " with value 4 or less",
                " with 8+ value",
                " with an even value",
                " with an odd value",
                " with value less than this Unit's power",
                " at max value",
            ],
            _ => &[
                "",
                "",
                "",
                " with power 4 or less",
                " with cost 2 or less",
                " with cost 3 or less",
                " with {Blocker}",
                " with no equipped Gear",
                " with power equal to this Unit's power",
                " with less power than this Unit",
                " with cost equal to the number of friendly Units",
                " that attacked this turn",
                " with power 3 or less and cost 2 or less",
            ],
        };
        let p = self.rng.pick(xs);
        // `with power 3 or less and cost 2 or less` joins two filters the language does not join
        if p.contains(" and cost") {
            " with power 3 or less".to_string()
        } else {
            p.to_string()
        }
    }

    /// A noun phrase naming cards on the field or Gigs, with a determiner that fits its number.
    fn np(&mut self, field: Field) -> String {
        let dets: &[(&str, bool)] = &[
            ("a", false),
            ("a", false),
            ("another", false),
            ("all", true),
            ("each", false),
            ("up to 2", true),
            ("2", true),
            ("any number of", true),
        ];
        let (det, plural) = dets[self.rng.below(dets.len())];
        if field != Field::Gigs && self.rng.chance(8) {
            // a possessive: `a Rival's lowest-power Unit`
            return self
                .rng
                .pick(&[
                    "a Rival's Unit",
                    "a Rival's lowest-power Unit",
                    "a Rival's spent Unit",
                ])
                .to_string();
        }
        if field != Field::Gigs && self.rng.chance(6) {
            let sup = self.rng.pick(&["the highest power", "the lowest power"]);
            let premods = self.premods(field);
            return format!("the {premods}Unit with {sup}");
        }
        let premods = self.premods(field);
        let heads = self.heads(field, plural);
        let post = self.postmods(field);
        let mut det = det.to_string();
        if det == "another" && premods.starts_with("other") {
            det = "each".into();
        }
        let phrase = format!("{det} {premods}{heads}{post}");
        fix_article(&phrase)
    }

    // ---- effects

    /// One imperative sentence (its verb capitalised as the first word of a sentence).
    fn order(&mut self, program: bool) -> String {
        let n = self.rng.pick(&["1", "2", "3"]);
        let k = self.rng.below(30);
        let s = match k {
            0 => format!("Defeat {}.", self.np(Field::Cards)),
            1 => format!("Spend {}.", self.np(Field::Units)),
            2 => format!("Ready {}.", self.np(Field::Units)),
            3 => format!("Bottom-deck {}.", self.np(Field::Cards)),
            4 => format!(
                "Return {} to its owner's hand.",
                self.np_single(Field::Units)
            ),
            5 => format!(
                "Give {} {} {}.",
                self.np(Field::Units),
                self.rng.pick(&[
                    "+2 power",
                    "-2 power",
                    "+1 power and {Blocker}",
                    "{Blocker}",
                    "{Adrenaline}"
                ]),
                self.rng.pick(DURATIONS_AFTER)
            ),
            6 => format!("Draw {n}."),
            7 => format!("Discard {n}."),
            8 => format!("Trash {n}."),
            9 => format!("Increase {} by up to {n}.", self.np(Field::Gigs)),
            10 => format!("Decrease {} by {n}.", self.np(Field::Gigs)),
            11 => format!("Adjust {} by up to ±{n}.", self.np_single(Field::Gigs)),
            12 => format!("Set {} to {n}.", self.np_single(Field::Gigs)),
            13 => "Swap a friendly Gig with a rival Gig.".into(),
            14 => format!("Steal a rival Gig with value {n} or less."),
            15 => format!(
                "Look at the top {} cards of your deck.",
                self.rng.pick(&["2", "3", "5"])
            ),
            16 => format!(
                "Search the top {} cards of your deck. Add 1 to your hand. Bottom-deck the rest.",
                self.rng.pick(&["2", "3", "4"])
            ),
            17 => "Reveal the top card of your deck and add it to your hand.".into(),
            18 => format!("Play a Unit with cost {n} or less from your trash for free."),
            19 => "Call a Legend for free.".into(),
            20 => "Sell the top card of your deck.".into(),
            21 => format!("Ready {n} Eddies.").replace("Ready 1 Eddies", "Ready 1 Eddie"),
            22 => format!("Draw 1 for each {}.", self.each_np()),
            23 => format!("Each player draws {n}."),
            24 => format!("A Rival discards {n}."),
            25 => format!(
                "Defeat {}. Its controller draws 1.",
                self.np_single(Field::Units)
            ),
            26 => "Look at a Rival's hand. Then, discard a card from it.".into(),
            27 => format!(
                "Bottom-deck the top {} cards of your deck in a random order.",
                self.rng.pick(&["2", "3"])
            ),
            28 => format!(
                "Move a Gear from {} to another friendly Unit.",
                self.rng.pick(&["a friendly Unit", "this Unit"])
            ),
            _ => format!(
                "Give {} +1 power this turn for each {}.",
                self.np_single(Field::Units),
                self.each_np()
            ),
        };
        if program && s.contains("this Unit") {
            // a Program's text says `this Program`, never `this Unit`
            return format!("Draw {n}.");
        }
        s
    }

    /// An order that opens with its verb (no subject of its own), for `You may …` and `If you do, …`.
    fn imperative(&mut self, program: bool) -> String {
        loop {
            let s = self.order(program);
            if !s.starts_with("Each player") && !s.starts_with("A Rival") {
                return s;
            }
        }
    }

    /// A noun phrase naming one card or Gig.
    fn np_single(&mut self, field: Field) -> String {
        let premods = self.premods(field);
        let head = self.heads(field, false);
        let post = self.postmods(field);
        fix_article(&format!("a {premods}{head}{post}"))
    }

    /// What `for each` counts.
    fn each_np(&mut self) -> String {
        self.rng
            .pick(&[
                "friendly Unit",
                "rival Unit with {Blocker}",
                "friendly face-up Legend",
                "friendly Gig with 8+ value",
                "friendly min Gig",
                "friendly value-pair of Gigs",
                "Unit in your trash",
                "of a Rival's Units",
                "equipped Gear",
                "friendly Gig with an odd value",
            ])
            .to_string()
    }

    /// An effect: one to three sentences, some optional, some conditional.
    fn effect(&mut self, program: bool) -> String {
        let first = self.order(program);
        match self.rng.below(8) {
            0 => format!("You may {}", lower_first(&self.imperative(program))),
            1 => {
                let cond = self.condition(program);
                format!("If {cond}, {}", lower_first(&first))
            }
            2 => {
                let second = self.order(program);
                format!("{first} Then, {}", lower_first(&second))
            }
            3 => {
                let first = self.imperative(program);
                let second = self.order(program);
                format!(
                    "You may {} If you do, {}",
                    lower_first(&first),
                    lower_first(&second)
                )
            }
            4 => {
                let cond = self.condition(program);
                let second = self.order(program);
                format!("{first} Then, if {cond}, {}", lower_first(&second))
            }
            5 => {
                let cond = self.condition(program);
                let (a, b) = ("Draw 1.", self.order(program));
                format!("If {cond}, {}", lower_first(&b)) + " Otherwise, " + &lower_first(a)
            }
            6 if !program => {
                let d = self.rng.pick(DURATIONS_BEFORE);
                let s = self.statement(false, false);
                format!("{d} {}", lower_first(&s))
            }
            _ => first,
        }
    }

    fn condition(&mut self, program: bool) -> String {
        if program {
            self.rng.pick(PROGRAM_CONDITIONS).to_string()
        } else {
            self.rng.pick(CONDITIONS).to_string()
        }
    }

    /// A statement about something, with a duration after it: `This Unit can't attack this turn.`
    fn statement_body(&mut self, program: bool) -> String {
        self.statement(program, true)
    }

    /// A statement about something, with or without a duration after it.
    fn statement(&mut self, program: bool, with_duration: bool) -> String {
        let subjects_one: &[&str] = if program {
            &[
                "a rival Unit",
                "a friendly Unit",
                "another friendly Unit",
                "a rival ARASAKA Unit",
            ]
        } else {
            &[
                "this Unit",
                "a rival Unit",
                "a friendly Unit",
                "another friendly Unit",
            ]
        };
        let subjects_many: &[&str] = &[
            "rival Units",
            "friendly Units",
            "other friendly Units",
            "all friendly Legends",
            "friendly ARASAKA Units",
        ];
        let plural = self.rng.chance(40);
        let subject = if plural {
            self.rng.pick(subjects_many)
        } else {
            self.rng.pick(subjects_one)
        };
        let has = if plural { "have" } else { "has" };
        let d = if with_duration {
            self.rng.pick(DURATIONS_AFTER)
        } else {
            ""
        };
        let body = match self.rng.below(10) {
            0 => format!("{subject} can't attack {d}"),
            1 => format!("{subject} can't be blocked {d}"),
            2 => format!("{subject} can't steal Gigs {d}"),
            3 => format!("{subject} can't ready {d}"),
            4 => format!("{subject} can attack spent rival Units {d}"),
            5 => format!("{subject} {has} +2 power {d}"),
            6 => format!("{subject} {has} {{Blocker}} {d}"),
            7 => format!("{subject} can't be defeated in a fight {d}"),
            8 => format!("{subject} {has} +1 power for each {} {d}", self.each_np()),
            _ => format!("{subject} can only attack rival Units {d}"),
        };
        capitalise(body.trim_end()) + "."
    }

    /// Something that happens, for `When …,`, `The first time … each turn,`, `The next time …`.
    fn event(&mut self, program: bool) -> String {
        let xs: &[&str] = &[
            "this Unit attacks",
            "a friendly Unit attacks",
            "a rival Unit attacks",
            "this Unit steals a Gig",
            "a friendly Unit steals 1 or more Gigs",
            "a Rival steals 1 or more Gigs",
            "a Rival plays a Program",
            "you play a BRAINDANCE Program",
            "an ARASAKA Unit is defeated",
            "a friendly Unit or Legend is defeated",
            "this Unit is spent",
            "this Unit is readied",
            "a rival Unit would steal a Gig",
            "this Unit wins a fight against a rival Unit",
            "this Unit wins a fight by 3+ power",
            "this Unit loses a fight",
            "a Rival discards a card",
            "you sell a card",
            "you roll in a Gig",
            "a friendly Legend goes solo",
            "a Rival increases a friendly Gig",
            "a Rival adjusts or swaps 1 or more friendly Gigs",
            "this Unit uses {Blocker}",
            "a rival Unit is bottom-decked",
            "a friendly Unit is returned to your hand",
            "a Gear is equipped to this Unit",
        ];
        let e = self.rng.pick(xs);
        if program && e.contains("this Unit") {
            "a friendly Unit attacks".to_string()
        } else {
            e.to_string()
        }
    }

    // ---- cards

    /// One card text, of a shape chosen by `i` (so that every shape comes round in turn).
    fn card(&mut self, i: usize) -> (CardType, String) {
        let shape = i % 17;
        match shape {
            0 => (
                CardType::Unit,
                format!(
                    "{} {}\n",
                    self.rng
                        .pick(&["{Play}", "{Attack}", "{Defeated}", "{Play} {Attack}"]),
                    self.effect(false)
                ),
            ),
            1 => (
                CardType::Legend,
                format!("{{Call}} {}\n", self.effect(false)),
            ),
            2 => {
                let e = self.event(false);
                (
                    CardType::Unit,
                    format!("When {e}, {}\n", lower_first(&self.effect(false))),
                )
            }
            3 => {
                let e = self.event(false);
                (
                    CardType::Unit,
                    format!(
                        "The first time {e} each turn, {}\n",
                        lower_first(&self.effect(false))
                    ),
                )
            }
            4 => {
                let point = self
                    .rng
                    .pick(&["At the end of your turn,", "At the start of your turn,"]);
                let cond = self.condition(false);
                let effect = self.effect(false);
                if self.rng.chance(50) {
                    (
                        CardType::Unit,
                        format!("{point} if {cond}, {}\n", lower_first(&effect)),
                    )
                } else {
                    (
                        CardType::Unit,
                        format!("{point} {}\n", lower_first(&effect)),
                    )
                }
            }
            5 => {
                let cost = self.rng.pick(&[
                    "{Spend}:",
                    "1 €$, {Spend}:",
                    "{Quick} 2 €$, {Spend}:",
                    "{Quick} {Spend}:",
                ]);
                (CardType::Legend, format!("{cost} {}\n", self.effect(false)))
            }
            6 => {
                let e = self.event(false);
                (
                    CardType::Legend,
                    format!("When {e}, {{Spend}}: {}\n", self.effect(false)),
                )
            }
            7 => {
                // a rule about the card, with a duration before or a condition
                let body = self.statement_body(false);
                match self.rng.below(3) {
                    0 => (CardType::Unit, format!("{body}\n")),
                    1 => {
                        let d = self.rng.pick(DURATIONS_BEFORE);
                        let body = self.statement(false, false);
                        (CardType::Unit, format!("{d} {}\n", lower_first(&body)))
                    }
                    _ => {
                        let cond = self.condition(false);
                        (
                            CardType::Unit,
                            format!("If {cond}, {}\n", lower_first(&body)),
                        )
                    }
                }
            }
            8 => (CardType::Program, format!("{}\n", self.effect(true))),
            9 => (
                CardType::Program,
                format!("{{Quick}} {}\n", self.effect(true)),
            ),
            10 => {
                let a = self.order(true);
                let b = self.order(true);
                let c = self.order(true);
                let head = if self.rng.chance(30) {
                    let cond = self.condition(true);
                    format!("Choose one effect. If {cond}, choose both instead.")
                } else {
                    "Choose one effect.".to_string()
                };
                let modes = if self.rng.chance(50) {
                    format!("{a} // {b}")
                } else {
                    format!("{a} // {b} // {c}")
                };
                (CardType::Program, format!("{head}\n{modes}\n"))
            }
            11 => {
                let what = self.rng.pick(&[
                    "defeated",
                    "bottom-decked",
                    "returned to its owner's hand",
                    "spent",
                ]);
                let then = self.rng.pick(&[
                    "return it to its owner's hand",
                    "you may discard 1",
                    "ready it",
                    "defeat a friendly Gear",
                    "you may spend 1 €$ to defeat another friendly Unit",
                ]);
                (
                    CardType::Unit,
                    format!("If this Unit would be {what}, {then} instead.\n"),
                )
            }
            12 => {
                let each = self.each_np();
                let kind = self.rng.pick(&["Unit", "Program", "Gear"]);
                let card = match kind {
                    "Unit" => CardType::Unit,
                    "Program" => CardType::Program,
                    _ => CardType::Gear,
                };
                let rest = if card == CardType::Program {
                    format!("\n{}", self.effect(true))
                } else {
                    String::new()
                };
                (
                    card,
                    format!(
                        "Play this {kind} for -1 €$ for each {each}, to a minimum of 1 €$.{rest}\n"
                    ),
                )
            }
            13 => {
                let kw = self.rng.pick(&[
                    "{Blocker}",
                    "{Go Solo}",
                    "{Adrenaline} (This Unit can attack the turn it's played.)",
                ]);
                let card = if kw.starts_with("{Go") {
                    CardType::Legend
                } else {
                    CardType::Unit
                };
                (card, format!("{kw}\n{}\n", self.statement_body(false)))
            }
            14 => {
                let e = self.event(true);
                (
                    CardType::Program,
                    format!(
                        "{{Quick}} The next time {e} this turn, {}\n",
                        lower_first(&self.order(true))
                    ),
                )
            }
            15 => {
                // a Unit that names what its effect acts on again
                let np = self.np_single(Field::Units);
                let follow = self.rng.pick(&[
                    "It can't ready until your next turn.",
                    "It can attack this turn.",
                    "If it's a ROCKER Unit, draw 1.",
                    "Then, ready it.",
                    "Its controller draws 1.",
                ]);
                (
                    CardType::Unit,
                    format!(
                        "{{Play}} {} {np}. {follow}\n",
                        self.rng.pick(&["Spend", "Defeat", "Ready", "Bottom-deck"])
                    ),
                )
            }
            _ => {
                let body = self.statement_body(false);
                let cond = self.condition(false);
                (
                    CardType::Gear,
                    format!("{} if {cond}.\n", body.trim_end_matches('.')),
                )
            }
        }
    }
}

fn lower_first(s: &str) -> String {
    // `Call` (the game action) keeps its capital; card nouns and tags never open an order
    if s.starts_with("Call") {
        return s.to_string();
    }
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// `a` before a consonant, `an` before a vowel: `an equipped Unit`, `a Unit`.
fn fix_article(s: &str) -> String {
    let Some(rest) = s.strip_prefix("a ") else {
        return s.to_string();
    };
    let lower = rest.to_ascii_lowercase();
    let vowel = lower.starts_with(['a', 'e', 'i', 'o', 'u']) && !lower.starts_with("uni");
    if vowel {
        format!("an {rest}")
    } else {
        s.to_string()
    }
}
