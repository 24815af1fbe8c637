//! How a script was read, for `gig explain`: each ability's canonical text, the words of each of
//! its sentences with the s-expression of what they say (broken over indented lines), and the
//! referents, with the words that introduce them.

use super::text::print_ability;
use crate::syntax::tree::*;
use std::fmt::Write as _;

/// The explanation of a script. `file_text` is the text of the card file the spans point into.
pub fn explain(script: &Script, file_text: &str) -> String {
    let words = |span: &Span| file_text.get(span.range()).unwrap_or("").trim().to_string();
    let mut out = String::new();
    for (i, a) in script.abilities.iter().enumerate() {
        let _ = writeln!(
            out,
            "ability {}: {}",
            i + 1,
            print_ability(&a.node).replace('\n', " ⏎ ")
        );
        let sentences: Vec<&Spanned<Sentence>> = match &a.node {
            Ability::Triggered { trigger, effect } => {
                let _ = writeln!(out, "  trigger: {}", words(&trigger.span));
                indent(&mut out, &trigger.node.to_string(), 4);
                effect_sentences(effect)
            }
            Ability::Activated {
                window,
                costs,
                effect,
                ..
            } => {
                if let Some(w) = window {
                    let _ = writeln!(out, "  window: {}", words(&w.span));
                    indent(&mut out, &w.node.to_string(), 4);
                }
                let costs: Vec<String> = costs.iter().map(|c| c.node.to_string()).collect();
                let _ = writeln!(out, "  costs: {}", costs.join(", "));
                effect_sentences(effect)
            }
            Ability::Plain { effect, .. } => effect_sentences(effect),
            other => {
                indent(&mut out, &other.to_string(), 2);
                Vec::new()
            }
        };
        for (j, s) in sentences.iter().enumerate() {
            let _ = writeln!(out, "  sentence {}: {}", j + 1, words(&s.span));
            indent(&mut out, &s.node.to_string(), 4);
        }
    }
    if !script.bindings.is_empty() {
        out.push_str("bindings:\n");
        for b in &script.bindings {
            let _ = writeln!(
                out,
                "  b{} = \"{}\" ({:?}{})",
                b.id.0,
                b.describes,
                b.kind,
                if b.plural { ", plural" } else { "" }
            );
        }
    }
    out
}

fn effect_sentences(e: &Effect) -> Vec<&Spanned<Sentence>> {
    match e {
        Effect::Sentences(ss) => ss.iter().collect(),
        Effect::Modal { lead, modes } => lead.iter().chain(modes.iter().flatten()).collect(),
    }
}

/// Writes an s-expression at `depth`, breaking a list that does not fit in a line into its items.
fn indent(out: &mut String, sexpr: &str, depth: usize) {
    const WIDTH: usize = 96;
    let pad = " ".repeat(depth);
    if sexpr.chars().count() + depth <= WIDTH || !sexpr.starts_with('(') {
        let _ = writeln!(out, "{pad}{sexpr}");
        return;
    }
    let items = split_items(&sexpr[1..sexpr.len() - 1]);
    let mut items = items.into_iter();
    let _ = writeln!(out, "{pad}({}", items.next().unwrap_or_default());
    for item in items {
        indent(out, &item, depth + 2);
    }
}

/// The top-level items of the inside of a list: words and parenthesised lists.
fn split_items(s: &str) -> Vec<String> {
    let mut items = Vec::new();
    let mut depth = 0usize;
    let mut quoted = false;
    let mut cur = String::new();
    for c in s.chars() {
        match c {
            '"' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted => depth = depth.saturating_sub(1),
            ' ' if !quoted && depth == 0 => {
                if !cur.is_empty() {
                    items.push(std::mem::take(&mut cur));
                }
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if !cur.is_empty() {
        items.push(cur);
    }
    items
}
