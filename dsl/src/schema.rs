//! JSON Schemas of the card, deck and rulings files, generated from the types that read them
//! (schemars), so that a TOML editor (taplo, Even Better TOML) can check a file as it is typed
//! and show each key's meaning on hover. `gig schema` writes them to `schemas/`.
//!
//! The schemas say what the serde types accept, no more: the unknown keys they refuse, the
//! required keys, the values of each enum, and the bounds the loader checks on the facts of a
//! card. What needs more than one file or the card pool (an id equal to the file name, the deck
//! rules, a ruling's steps) is left to `gig check`, `gig deck check` and `gig test`.
//!
//! They are written for JSON Schema draft 7, which taplo reads. TOML has no null, so an optional
//! key is a key that may be left out, never one that may be `null`. One difference JSON Schema
//! can't express: a TOML float without a fraction (`cost = 5.0`) is an integer to a validator,
//! while the loader refuses it.

use schemars::generate::SchemaSettings;
use schemars::transform::{transform_subschemas, Transform};
use schemars::{JsonSchema, Schema};
use serde_json::Value;

/// One schema file: its name in `schemas/` and the schema.
#[derive(Clone, Debug)]
pub struct SchemaFile {
    /// the file name, `card.schema.json`
    pub name: &'static str,
    /// the project's files it is for, as a glob (`.taplo.toml` associates them, and more)
    pub describes: &'static str,
    /// the schema
    pub schema: Value,
}

impl SchemaFile {
    /// The file's text: the schema as pretty JSON, with a final newline.
    pub fn text(&self) -> String {
        let mut s = serde_json::to_string_pretty(&self.schema).expect("a schema is JSON");
        s.push('\n');
        s
    }
}

/// The schema of a card file, `cards/<set>/<id>.toml`.
pub fn card() -> Value {
    generate::<crate::card::RawCard>()
}

/// The schema of a deck file, `decks/*.toml`.
pub fn deck() -> Value {
    generate::<crate::deck::RawDeck>()
}

/// The schema of a rulings file, `tests/rulings/*.toml`.
pub fn rulings() -> Value {
    generate::<crate::ruling::RulingsFile>()
}

/// The three schema files, in the order `gig schema` writes them.
pub fn files() -> Vec<SchemaFile> {
    vec![
        SchemaFile {
            name: "card.schema.json",
            describes: "cards/**/*.toml",
            schema: card(),
        },
        SchemaFile {
            name: "deck.schema.json",
            describes: "decks/*.toml",
            schema: deck(),
        },
        SchemaFile {
            name: "rulings.schema.json",
            describes: "tests/rulings/*.toml",
            schema: rulings(),
        },
    ]
}

fn generate<T: JsonSchema>() -> Value {
    let settings = SchemaSettings::draft07().with(|s| {
        // before the draft-7 transforms (`RemoveRefSiblings` among them)
        s.transforms.insert(0, Box::new(NoNull));
        s.transforms.insert(1, Box::new(IntegerBounds));
    });
    settings
        .into_generator()
        .into_root_schema_for::<T>()
        .to_value()
}

/// TOML has no null: an `Option` is a key that may be left out, never one that may be `null`.
/// Takes `null` out of the types and `anyOf`s schemars gives an `Option`, and out of the
/// `default` values (a `None` serialised): a default of `null` goes, and a default table keeps
/// only the keys that have a value, which is what a file that leaves the key out gets.
#[derive(Clone)]
struct NoNull;

impl Transform for NoNull {
    fn transform(&mut self, schema: &mut Schema) {
        transform_subschemas(self, schema);
        let Some(obj) = schema.as_object_mut() else {
            return;
        };
        if let Some(Value::Array(types)) = obj.get_mut("type") {
            types.retain(|t| t != "null");
            if types.len() == 1 {
                let only = types.remove(0);
                obj.insert("type".into(), only);
            }
        }
        if let Some(Value::Array(any_of)) = obj.get_mut("anyOf") {
            any_of.retain(|s| s.get("type").and_then(Value::as_str) != Some("null"));
            if any_of.len() == 1 {
                let Some(Value::Array(mut any_of)) = obj.remove("anyOf") else {
                    unreachable!("just matched");
                };
                // (a `$ref` left beside a description is moved into an `allOf` by the draft-7
                // transforms that run after this one)
                if let Value::Object(only) = any_of.remove(0) {
                    for (k, v) in only {
                        obj.entry(k).or_insert(v);
                    }
                }
            }
        }
        if obj.get("default").is_some_and(Value::is_null) {
            obj.remove("default");
        }
        if let Some(d) = obj.get_mut("default") {
            strip_nulls(d);
        }
    }
}

/// The bounds of a Rust integer type as `minimum` and `maximum` where no tighter ones are given:
/// schemars says the type with a `format` (`uint32`), which a validator does not check, and the
/// loader refuses a value the type can't hold.
#[derive(Clone)]
struct IntegerBounds;

impl Transform for IntegerBounds {
    fn transform(&mut self, schema: &mut Schema) {
        transform_subschemas(self, schema);
        let Some(obj) = schema.as_object_mut() else {
            return;
        };
        let (min, max): (i64, i64) = match obj.get("format").and_then(Value::as_str) {
            Some("int8") => (i8::MIN.into(), i8::MAX.into()),
            Some("uint8") => (0, u8::MAX.into()),
            Some("int16") => (i16::MIN.into(), i16::MAX.into()),
            Some("uint16") => (0, u16::MAX.into()),
            Some("int32") => (i32::MIN.into(), i32::MAX.into()),
            Some("uint32") => (0, u32::MAX.into()),
            // a TOML integer is an i64: any of them fits an i64, any positive one a u64
            _ => return,
        };
        obj.entry("minimum").or_insert(min.into());
        obj.entry("maximum").or_insert(max.into());
    }
}

fn strip_nulls(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.retain(|_, v| !v.is_null());
            map.values_mut().for_each(strip_nulls);
        }
        Value::Array(items) => items.iter_mut().for_each(strip_nulls),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nulls(v: &Value, at: &str, out: &mut Vec<String>) {
        match v {
            Value::Null => out.push(at.to_owned()),
            Value::String(s) if s == "null" => out.push(at.to_owned()),
            Value::Array(items) => {
                for (i, x) in items.iter().enumerate() {
                    nulls(x, &format!("{at}/{i}"), out);
                }
            }
            Value::Object(map) => {
                for (k, x) in map {
                    // prose may say "null" (a Legend's null cost); a type or a value may not
                    if k != "description" && k != "title" {
                        nulls(x, &format!("{at}/{k}"), out);
                    }
                }
            }
            _ => {}
        }
    }

    /// No `null` is left anywhere in a schema, as a type or a value: TOML can't write one.
    #[test]
    fn the_schemas_never_offer_null() {
        for f in files() {
            let mut found = Vec::new();
            nulls(&f.schema, "", &mut found);
            assert!(found.is_empty(), "{}: null at {found:?}", f.name);
        }
    }

    /// The root of each schema refuses unknown keys, as the loader does.
    #[test]
    fn unknown_keys_are_refused_at_the_root() {
        for f in files() {
            assert_eq!(
                f.schema["additionalProperties"],
                Value::Bool(false),
                "{}",
                f.name
            );
        }
    }
}
