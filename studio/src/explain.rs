//! The reading of one phrase: the smallest node of a card's reading that covers a place, shown
//! as an indented tree in the words of `gig explain` (`b1 = "a rival Unit"`, `"It" → b1`).
//!
//! It works on the reading as plain JSON (every located node is `{"node": …, "span": …}`, a
//! noun phrase that can be referred to also has `"binds"`), so it knows nothing of the
//! language's types.

use serde_json::{Map, Value};
use std::ops::Range;

/// The smallest located node of `reading` whose span covers `offset`, with its key path (the
/// fields that lead to it) and its span.
pub fn smallest_at(reading: &Value, offset: usize) -> Option<(Vec<String>, Range<usize>, &Value)> {
    let mut best: Option<(Vec<String>, Range<usize>, &Value)> = None;
    let mut path = Vec::new();
    walk(reading, offset, &mut path, &mut best);
    best
}

fn span_of(v: &Value) -> Option<Range<usize>> {
    let s = v.get("span")?;
    let n = |k| s.get(k).and_then(Value::as_u64).map(|x| x as usize);
    Some(n("start")?..n("end")?)
}

fn walk<'v>(
    v: &'v Value,
    offset: usize,
    path: &mut Vec<String>,
    best: &mut Option<(Vec<String>, Range<usize>, &'v Value)>,
) {
    match v {
        Value::Object(m) => {
            if m.contains_key("node") {
                if let Some(r) = span_of(v) {
                    if r.start <= offset && offset < r.end.max(r.start + 1) {
                        let smaller = best.as_ref().is_none_or(|(_, b, _)| r.len() <= b.len());
                        if smaller {
                            *best = Some((path.clone(), r, v));
                        }
                    } else {
                        return;
                    }
                }
            }
            for (k, x) in m {
                if k == "span" {
                    continue;
                }
                let named = k != "node";
                if named {
                    path.push(k.clone());
                }
                walk(x, offset, path, best);
                if named {
                    path.pop();
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| walk(x, offset, path, best)),
        _ => {}
    }
}

/// The bindings a node declares or refers to, by number, in order of first appearance.
pub fn bindings_in(v: &Value) -> Vec<u64> {
    let mut out = Vec::new();
    fn go(v: &Value, out: &mut Vec<u64>) {
        match v {
            Value::Object(m) => {
                for (k, x) in m {
                    match (k.as_str(), x) {
                        ("binds" | "binding", Value::Number(n)) => {
                            if let Some(n) = n.as_u64() {
                                if !out.contains(&n) {
                                    out.push(n);
                                }
                            }
                        }
                        _ => go(x, out),
                    }
                }
            }
            Value::Array(a) => a.iter().for_each(|x| go(x, out)),
            _ => {}
        }
    }
    go(v, &mut out);
    out
}

fn words(name: &str) -> String {
    name.replace('_', " ")
}

fn quote(file_text: &str, v: &Value) -> String {
    span_of(v)
        .and_then(|r| file_text.get(r))
        .unwrap_or("")
        .trim()
        .replace('\n', " ⏎ ")
}

/// The binding a noun phrase refers to: a `refers_to` or `of` with a binding number, found in
/// the phrase's own fields (not inside its filters).
fn refers_to(node: &Value) -> Option<u64> {
    let m = node.as_object()?;
    for x in m.values() {
        if let Some(inner) = x.as_object() {
            for key in ["refers_to", "of"] {
                if let Some(n) = inner
                    .get(key)
                    .and_then(|r| r.get("binding"))
                    .and_then(Value::as_u64)
                {
                    return Some(n);
                }
            }
        }
    }
    None
}

/// The tree of a node, as `gig explain` shows its parts.
pub fn tree(key: Option<&str>, v: &Value, file_text: &str) -> String {
    let mut out = String::new();
    render(key, v, 0, file_text, &mut out);
    out
}

fn render(key: Option<&str>, v: &Value, depth: usize, file_text: &str, out: &mut String) {
    let pad = "  ".repeat(depth);
    let label = key.map(|k| format!("{}: ", words(k))).unwrap_or_default();
    match v {
        Value::Null | Value::Bool(false) => {}
        Value::Bool(true) => out.push_str(&format!("{pad}{}\n", words(key.unwrap_or("yes")))),
        Value::Number(n) => out.push_str(&format!("{pad}{label}{n}\n")),
        Value::String(s) => out.push_str(&format!("{pad}{label}{}\n", words(s))),
        Value::Array(a) => a.iter().for_each(|x| render(key, x, depth, file_text, out)),
        Value::Object(m) => render_object(key, m, v, depth, file_text, out),
    }
}

fn render_object(
    key: Option<&str>,
    m: &Map<String, Value>,
    v: &Value,
    depth: usize,
    file_text: &str,
    out: &mut String,
) {
    let pad = "  ".repeat(depth);
    let label = key.map(|k| format!("{}: ", words(k))).unwrap_or_default();
    if let Some(node) = m.get("node") {
        if m.contains_key("binds") {
            let text = quote(file_text, v);
            let line = match (m.get("binds").and_then(Value::as_u64), refers_to(node)) {
                (Some(b), _) => format!("b{b} = \"{text}\""),
                (None, Some(r)) => format!("\"{text}\" → b{r}"),
                _ => format!("\"{text}\""),
            };
            out.push_str(&format!("{pad}{label}{line}\n"));
            return;
        }
        render(key, node, depth, file_text, out);
        return;
    }
    if let Some(n) = m.get("binding").and_then(Value::as_u64) {
        out.push_str(&format!("{pad}{label}→ b{n}\n"));
        return;
    }
    if m.len() == 1 {
        if let Some((k, inner)) = m.iter().next() {
            let name = match key {
                Some(key) => format!("{}: {}", words(key), words(k)),
                None => words(k),
            };
            if inner.is_object() || inner.is_array() {
                out.push_str(&format!("{pad}{name}\n"));
                render(None, inner, depth + 1, file_text, out);
            } else {
                render(Some(&name), inner, depth, file_text, out);
            }
            return;
        }
    }
    let d = match key {
        Some(k) => {
            out.push_str(&format!("{pad}{}\n", words(k)));
            depth + 1
        }
        None => depth,
    };
    for (k, x) in m {
        if k != "span" {
            render(Some(k), x, d, file_text, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_smallest_node_and_its_tree() {
        let text = "Spend a rival Unit.";
        let np = json!({"node": {"who": "rival"}, "span": {"file": 0, "start": 6, "end": 18}, "binds": 1});
        let sentence = json!({"node": {"spend": np}, "span": {"file": 0, "start": 0, "end": 19}});
        let reading =
            json!({"node": {"sentence": sentence}, "span": {"file": 0, "start": 0, "end": 19}});
        let (path, range, node) = smallest_at(&reading, 9).unwrap();
        assert_eq!(
            (path, range),
            (vec!["sentence".to_string(), "spend".to_string()], 6..18)
        );
        assert_eq!(
            tree(Some("spend"), node, text),
            "spend: b1 = \"a rival Unit\"\n"
        );
        assert_eq!(bindings_in(&reading), vec![1]);
        assert!(smallest_at(&reading, 40).is_none());
    }
}
