//! The JSON Schemas of the card, deck and rulings files (`schemas/`, written by `gig schema` from
//! the types that read the files): the committed ones are what the types generate today, every
//! card, deck and rulings file of the project validates against them, and a file the loaders
//! refuse for its shape (a wrong type, an unknown key, a missing key, a value out of bounds) is
//! refused by the schema too, while one they accept is accepted.

use gigscript_dsl::card::{fact_limits, parse_card};
use gigscript_dsl::deck::parse_deck;
use gigscript_dsl::ruling::RulingsFile;
use gigscript_dsl::Sources;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn gig(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gig"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("gig runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The committed schema `schemas/NAME`.
fn committed(name: &str) -> Value {
    let path = root().join("schemas").join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run `gig schema`", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn validator(name: &str) -> jsonschema::Validator {
    let schema = committed(name);
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A TOML text as the JSON value an editor validates.
fn json_of(toml_text: &str) -> Result<Value, String> {
    let v: toml::Value = toml::from_str(toml_text).map_err(|e| e.to_string())?;
    Ok(serde_json::to_value(v).expect("TOML is JSON"))
}

/// What the schema says is wrong with a TOML text, one line per problem (empty: it validates).
fn problems(v: &jsonschema::Validator, toml_text: &str) -> Vec<String> {
    match json_of(toml_text) {
        Ok(json) => v
            .iter_errors(&json)
            .map(|e| format!("at `{}`: {e}", e.instance_path()))
            .collect(),
        Err(e) => vec![format!("not TOML: {e}")],
    }
}

fn toml_files(dir: &Path, recursive: bool) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() && recursive {
            out.extend(toml_files(&p, true));
        } else if p.extension().is_some_and(|e| e == "toml") {
            out.push(p);
        }
    }
    out
}

#[test]
fn the_committed_schemas_are_what_gig_schema_writes() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("schemas");
    let out = gig(&["schema", "--out", out_dir.to_str().unwrap()], root());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = text(&out.stdout);
    let names = [
        "card.schema.json",
        "deck.schema.json",
        "rulings.schema.json",
    ];
    for name in names {
        assert!(written.contains(&format!("wrote {}", out_dir.join(name).display())));
        let fresh = std::fs::read_to_string(out_dir.join(name)).unwrap();
        let path = root().join("schemas").join(name);
        let old = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            old == fresh,
            "schemas/{name} is not what the types generate today: run `gig schema` (or `cargo \
             run -- schema`) at the root and commit schemas/"
        );
    }
    // Only those three files are there.
    let mut listed: Vec<_> = std::fs::read_dir(root().join("schemas"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    listed.sort();
    assert_eq!(listed, names);
    // Each is a draft-7 schema.
    for name in names {
        let schema = committed(name);
        assert_eq!(schema["$schema"], "http://json-schema.org/draft-07/schema#");
        jsonschema::draft7::meta::validate(&schema)
            .unwrap_or_else(|e| panic!("{name} is not a valid draft-7 schema: {e}"));
    }
}

#[test]
fn gig_schema_check_finds_a_stale_file_and_writes_nothing() {
    let out = gig(&["schema", "--check"], root());
    assert_eq!(
        out.status.code(),
        Some(0),
        "schemas/ is out of date: run `gig schema`\n{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    assert!(gig(&["schema", "--out", d], root()).status.success());
    let stale = dir.path().join("deck.schema.json");
    std::fs::write(&stale, "{}\n").unwrap();
    std::fs::remove_file(dir.path().join("card.schema.json")).unwrap();
    let out = gig(&["schema", "--out", d, "--check"], root());
    assert_eq!(out.status.code(), Some(1));
    let said = text(&out.stdout);
    assert!(
        said.contains("would write") && said.contains("deck.schema.json"),
        "{said}"
    );
    assert!(said.contains("card.schema.json"), "{said}");
    assert!(said.contains("up to date") && said.contains("rulings.schema.json"));
    assert!(text(&out.stderr).contains("run `gig schema`"));
    assert_eq!(std::fs::read_to_string(&stale).unwrap(), "{}\n");
    assert!(!dir.path().join("card.schema.json").exists());
    // Written again, the folder is up to date.
    assert!(gig(&["schema", "--out", d], root()).status.success());
    assert!(gig(&["schema", "--out", d, "--check"], root())
        .status
        .success());
}

#[test]
fn every_card_deck_and_rulings_file_of_the_project_validates() {
    let card = validator("card.schema.json");
    let deck = validator("deck.schema.json");
    let rulings = validator("rulings.schema.json");
    let cards = toml_files(&root().join("cards"), true);
    assert_eq!(cards.len(), 154);
    let decks = toml_files(&root().join("decks"), false);
    assert!(decks.len() >= 2);
    // The deck fixtures break deck rules, not the file format; one is not TOML at all.
    let (deck_fixtures, not_toml): (Vec<_>, Vec<_>) =
        toml_files(&root().join("tests/decks"), false)
            .into_iter()
            .partition(|p| !p.ends_with("not-toml.toml"));
    assert_eq!(not_toml.len(), 1);
    assert!(json_of(&std::fs::read_to_string(&not_toml[0]).unwrap()).is_err());
    let ruling_files = toml_files(&root().join("tests/rulings"), false);
    assert!(ruling_files.len() >= 8);
    let mut failures = Vec::new();
    let mut checked = 0;
    for (v, files) in [
        (&card, &cards),
        (&deck, &decks),
        (&deck, &deck_fixtures),
        (&rulings, &ruling_files),
    ] {
        for path in files {
            let src = std::fs::read_to_string(path).unwrap();
            for p in problems(v, &src) {
                failures.push(format!("{}: {p}", path.display()));
            }
            checked += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > 170);
}

const CARD: &str = r#"id = "chrome-fang"
name = "Chrome Fang"
type = "unit"
color = "red"
cost = 5
ram = 1
power = 6
tags = ["GANGER"]
sell = false
set = "welcometonightcityretail"
text = """
{Play} Draw 1.
"""
"#;

const DECK: &str = r#"name = "Red Street"
legends = ["adam-smasher-ender-of-legends", "dexter-deshawn-off-the-grid", "royce-psycho-on-the-edge"]

[main]
chrome-fang = 3
"#;

/// Whether the card loader takes a card file (parsing it, then the bounds on its facts).
fn card_loads(src: &str) -> Result<(), String> {
    let mut sources = Sources::new();
    let f = sources.add("cards/welcometonightcityretail/chrome-fang.toml", src);
    let card = parse_card(&sources, f).map_err(|e| format!("{:?}", e[0].message))?;
    match fact_limits(&sources, &card).first() {
        Some(e) => Err(e.message.clone()),
        None => Ok(()),
    }
}

fn deck_loads(src: &str) -> Result<(), String> {
    let mut sources = Sources::new();
    let f = sources.add("decks/red-street.toml", src);
    parse_deck(&sources, f)
        .map(|_| ())
        .map_err(|e| e.message.clone())
}

/// The strict reading of a whole rulings file (every ruling must read).
fn rulings_load(src: &str) -> Result<(), String> {
    toml::from_str::<RulingsFile>(src)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// The schema and the loader agree on `src`, and both say `ok`.
fn agree(
    what: &str,
    v: &jsonschema::Validator,
    loads: fn(&str) -> Result<(), String>,
    src: &str,
    ok: bool,
) -> Option<String> {
    let schema = problems(v, src);
    let loader = loads(src);
    let fine = schema.is_empty() == ok && loader.is_ok() == ok;
    (!fine).then(|| {
        format!(
            "{what}: expected {}; the schema says {schema:?}, the loader {loader:?}\n{src}",
            if ok { "accepted" } else { "refused" }
        )
    })
}

#[test]
fn the_card_schema_refuses_what_the_loader_refuses_for_its_shape() {
    let v = validator("card.schema.json");
    let with = |from: &str, to: &str| {
        assert!(CARD.contains(from), "{from}");
        CARD.replacen(from, to, 1)
    };
    let ruling = |body: &str| format!("{CARD}\n[[ruling]]\nname = \"r\"\n{body}\n");
    let cases: Vec<(&str, String, bool)> = vec![
        ("the base card", CARD.to_owned(), true),
        ("a wrong type", with("cost = 5", "cost = \"5\""), false),
        ("an unknown key", with("power = 6", "powr = 6"), false),
        ("a missing key", with("sell = false\n", ""), false),
        ("a type not in the list", with("\"unit\"", "\"spell\""), false),
        ("a colour not in the list", with("\"red\"", "\"purple\""), false),
        ("a cost out of bounds", with("cost = 5", "cost = 120"), false),
        ("a negative cost", with("cost = 5", "cost = -1"), false),
        ("a RAM out of bounds", with("ram = 1", "ram = 100"), false),
        ("a power out of bounds", with("power = 6", "power = -1000"), false),
        ("the highest power", with("power = 6", "power = 999"), true),
        ("an id that is no slug", with("\"chrome-fang\"", "\"Chrome_Fang\""), false),
        (
            "a keyword not in the list",
            with("sell = false", "sell = false\nkeywords = [\"Flying\"]"),
            false,
        ),
        ("tags that are not a list", with("[\"GANGER\"]", "\"GANGER\""), false),
        ("a ruling", ruling("steps = [\"pass\"]\nexpect = []"), true),
        ("a ruling without a name", format!("{CARD}\n[[ruling]]\nsteps = []\n"), false),
        ("a misspelt ruling key", ruling("expects = []"), false),
        ("steps that are not a list", ruling("steps = \"pass\""), false),
        (
            "every setup form",
            ruling(
                "rule = \"9.23.1\"\n[ruling.me]\nhand = [\"chrome-fang\", { card = \"psycho-squad\", spent = true, lag = true, gear = [\"mantis-blades\"] }]\nlegends = [{ card = \"v-streetkid\", face_up = true }]\neddies = 3\ngigs = [\"d4:2\", \"rival d6:3\"]\nfixer = []\n[ruling.rival]\neddies = [\"rockn-rockerboy\"]\n[ruling.game]\nturn = \"rival\"\nphase = \"start\"\nturn_number = 4\novertime = true\nseed = 7",
            ),
            true,
        ),
        ("a zone that is no zone", ruling("[ruling.me]\ngraveyard = []"), false),
        ("a card that is a number", ruling("[ruling.me]\nhand = [3]"), false),
        ("a misspelt card state", ruling("[ruling.me]\nfield = [{ card = \"x\", spnt = true }]"), false),
        ("a card state without its card", ruling("[ruling.me]\nfield = [{ spent = true }]"), false),
        ("Eddies as a word", ruling("[ruling.me]\neddies = \"lots\""), false),
        ("negative Eddies", ruling("[ruling.me]\neddies = -2"), false),
        ("more Eddies than a u32", ruling("[ruling.me]\neddies = 5000000000"), false),
        ("a side that is no side", ruling("[ruling.game]\nturn = \"opponent\""), false),
        ("an unknown game key", ruling("[ruling.game]\nround = 2"), false),
    ];
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|(what, src, ok)| agree(what, &v, card_loads, src, *ok))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_deck_and_rulings_schemas_refuse_what_the_loaders_refuse_for_their_shape() {
    let deck = validator("deck.schema.json");
    let rulings = validator("rulings.schema.json");
    let d = |from: &str, to: &str| {
        assert!(DECK.contains(from), "{from}");
        DECK.replacen(from, to, 1)
    };
    let deck_cases: Vec<(&str, String, bool)> = vec![
        ("the base deck", DECK.to_owned(), true),
        ("a side deck", format!("{DECK}\n[side]\nfloor-it = 2\n"), true),
        ("no name", d("name = \"Red Street\"\n", ""), true),
        ("no main deck", d("\n[main]\nchrome-fang = 3\n", "\n"), false),
        ("no legends", d("legends = [", "legend = ["), false),
        ("legends that are not a list", d("legends = [\"adam-smasher-ender-of-legends\", \"dexter-deshawn-off-the-grid\", \"royce-psycho-on-the-edge\"]", "legends = \"adam\""), false),
        ("a count that is a word", d("chrome-fang = 3", "chrome-fang = \"3\""), false),
        ("a negative count", d("chrome-fang = 3", "chrome-fang = -1"), false),
        ("an unknown key", format!("{DECK}\n[sideboard]\nfloor-it = 2\n"), false),
    ];
    let ruling_cases: Vec<(&str, String, bool)> = vec![
        ("no ruling", String::new(), true),
        (
            "a ruling",
            "[[ruling]]\nname = \"a\"\nsteps = [\"pass\"]\n".into(),
            true,
        ),
        ("another key", "legends = []\n".into(), false),
        (
            "a ruling without a name",
            "[[ruling]]\nsteps = []\n".into(),
            false,
        ),
        (
            "a misspelt ruling key",
            "[[ruling]]\nname = \"a\"\nexpects = []\n".into(),
            false,
        ),
        (
            "a rule that is a number",
            "[[ruling]]\nname = \"a\"\nrule = 9.23\n".into(),
            false,
        ),
    ];
    let mut failures: Vec<String> = deck_cases
        .iter()
        .filter_map(|(what, src, ok)| agree(what, &deck, deck_loads, src, *ok))
        .collect();
    failures.extend(
        ruling_cases
            .iter()
            .filter_map(|(what, src, ok)| agree(what, &rulings, rulings_load, src, *ok)),
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// What an editor shows on hover: every key of every schema says what it means.
#[test]
fn every_key_has_a_description() {
    fn walk(v: &Value, at: &str, out: &mut Vec<String>) {
        let Some(obj) = v.as_object() else { return };
        if let Some(Value::Object(props)) = obj.get("properties") {
            for (k, p) in props {
                if p.get("description")
                    .and_then(Value::as_str)
                    .is_none_or(str::is_empty)
                {
                    out.push(format!("{at}.{k}"));
                }
            }
        }
        for (k, x) in obj {
            match x {
                Value::Object(_) => walk(x, &format!("{at}/{k}"), out),
                Value::Array(items) => items
                    .iter()
                    .enumerate()
                    .for_each(|(i, x)| walk(x, &format!("{at}/{k}/{i}"), out)),
                _ => {}
            }
        }
    }
    for name in [
        "card.schema.json",
        "deck.schema.json",
        "rulings.schema.json",
    ] {
        let schema = committed(name);
        let mut missing = Vec::new();
        walk(&schema, "", &mut missing);
        assert!(missing.is_empty(), "{name}: no description for {missing:?}");
        assert!(schema["title"]
            .as_str()
            .is_some_and(|t| t.starts_with("gigscript")));
    }
}

/// The keys the loaders suggest and the language server completes are the keys of the formats,
/// in the order the files write them.
#[test]
fn the_keys_the_tools_offer_are_the_keys_of_the_schemas() {
    let keys = |name: &str| -> Vec<String> {
        committed(name)["properties"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect()
    };
    assert_eq!(keys("card.schema.json"), gigscript_dsl::card::CARD_KEYS);
    assert_eq!(keys("deck.schema.json"), gigscript_dsl::deck::DECK_KEYS);
}

/// `.taplo.toml` associates each schema with the files it is for, by paths that exist.
#[test]
fn taplo_associates_each_schema_with_its_files() {
    let config: toml::Table =
        toml::from_str(&std::fs::read_to_string(root().join(".taplo.toml")).unwrap()).unwrap();
    let rules = config["rule"].as_array().unwrap();
    for file in gigscript_dsl::schema::files() {
        let path = format!("schemas/{}", file.name);
        assert!(root().join(&path).is_file(), "{path}");
        let rule = rules
            .iter()
            .find(|r| r["schema"]["path"].as_str() == Some(path.as_str()))
            .unwrap_or_else(|| panic!(".taplo.toml has no rule for {path}"));
        let include: Vec<&str> = rule["include"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g.as_str().unwrap())
            .collect();
        assert!(include.contains(&file.describes), "{path}: {include:?}");
    }
}
