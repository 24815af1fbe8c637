//! Completion: what the grammar lets continue a line of card text.
//!
//! The line before the cursor is parsed with the grammar as written (`pest_vm`, the same rules
//! the card parser compiles) followed by a character no rule accepts, so the parse fails exactly
//! where the text stops. pest reports the rules it tried there; each is turned into the words
//! that can begin it (the literals of its first position, following rules through), and
//! described by the grammar's own `///` comment of that rule.
//!
//! ```
//! use gigscript_dsl::ambiguity::Grammar;
//! use gigscript_dsl::complete::continuations;
//! use gigscript_dsl::parse::GRAMMAR;
//! let grammar = Grammar::new(GRAMMAR).unwrap();
//! let next = continuations(&grammar, "{Play} ").unwrap();
//! assert!(next.iter().any(|c| c.words == "Draw"), "{next:?}");
//! // a line that went wrong before its end has nothing to continue
//! assert!(continuations(&grammar, "{Play} Drwa ").is_none());
//! ```

use crate::ambiguity::Grammar;
use pest::error::{ErrorVariant, InputLocation};
use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};
use std::collections::{BTreeSet, HashMap};

/// The rule a line of card text is parsed with on its own.
const LINE_RULE: &str = "single_line";

/// A character that no rule of the card language accepts: appended to the text so the parse
/// stops where the text does.
const STOP: char = '\u{1}';

/// Marks a case-insensitive word of [`FirstWords`] (`^"defeat"` in the grammar).
const INSENSITIVE: char = '^';

/// Most words one rule contributes; rules such as `tag` have far more possible words, which the
/// caller lists from the catalogue instead.
const MAX_WORDS_PER_RULE: usize = 400;

/// Something that can come next at the end of a line.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Continuation {
    /// the word (or icon) that can come next, as written: `Draw`, `{Play}`, `€$`
    pub words: String,
    /// the grammar rule that word begins
    pub rule: String,
    /// that rule's description from the grammar (its `///` comment), if it has one
    pub about: Option<String>,
}

/// What the grammar tries where `line` stops: the rules, and the literal words pest tried
/// inside rules already under way (`.` after `Draw 1`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expected {
    /// rules that could start where the line stops
    pub rules: Vec<String>,
    /// literal words that could come next inside the rules under way, with the innermost rule
    /// that tried them, when pest names it
    pub words: Vec<(String, Option<String>)>,
}

/// What the grammar tries where `line` (one line of card text, without its newline) stops, or
/// `None` when the line goes wrong before its end (there is nothing to continue).
pub fn expected(grammar: &Grammar, line: &str) -> Option<Expected> {
    let mut text = String::with_capacity(line.len() + 1);
    text.push_str(line);
    text.push(STOP);
    // pest records the literals it tried only when asked to, for every parse of the process:
    // ask for this parse alone.
    pest::set_error_detail(true);
    let parsed = grammar.written().parse(LINE_RULE, &text).map(|_| ());
    pest::set_error_detail(false);
    let err = match parsed {
        Ok(()) => return Some(Expected::default()),
        Err(e) => e,
    };
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    // The failure is at the end of the words written (spaces after them don't count).
    if pos < line.trim_end().len() {
        return None;
    }
    let mut out = Expected::default();
    if let ErrorVariant::ParsingError { positives, .. } = &err.variant {
        out.rules = positives.iter().map(|r| r.to_string()).collect();
    }
    if let Some(attempts) = err.parse_attempts() {
        if attempts.max_position >= line.trim_end().len() {
            // pest names the rules under way only by the outermost one; the literal's own
            // rule is not known
            let rule: Option<String> = None;
            for t in attempts.expected_tokens() {
                if let Some(word) = token_word(&t.to_string()) {
                    out.words.push((word, rule.clone()));
                }
            }
        }
    }
    Some(out)
}

/// A token as pest shows it (`Draw`; a case-insensitive one in capitals, `DEFEAT`; a range
/// `0..9`; `BUILTIN_RULE`) as the word to write, if it is one.
fn token_word(shown: &str) -> Option<String> {
    let chars: Vec<char> = shown.chars().collect();
    let range = chars.len() == 4 && chars[1] == '.' && chars[2] == '.';
    if range || shown == "BUILTIN_RULE" || shown.trim().is_empty() {
        return None;
    }
    let letters = chars.iter().filter(|c| c.is_alphabetic()).count();
    if letters > 1 && chars.iter().all(|c| !c.is_lowercase()) {
        // the grammar writes case-insensitive words in lower case, and a sentence opens with
        // a capital
        return Some(capitalised(&shown.to_lowercase()));
    }
    Some(shown.to_string())
}

fn capitalised(word: &str) -> String {
    let mut it = word.chars();
    it.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(it).collect())
}

/// What can continue `line` at its end, from the grammar: each word once, with the rule it
/// begins; `None` when the line goes wrong before its end.
pub fn continuations(grammar: &Grammar, line: &str) -> Option<Vec<Continuation>> {
    let found = expected(grammar, line)?;
    let first = FirstWords::new(grammar.written_rules());
    let docs = rule_docs(crate::parse::GRAMMAR);
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    // A case-insensitive word opens a sentence, where it is written with a capital.
    let opens = {
        let t = line.trim_end();
        t.is_empty() || t.ends_with(['.', '}', ':'])
    };
    let mut add = |words: String, rule: &str| {
        let words = match words.strip_prefix(INSENSITIVE) {
            Some(w) if opens => capitalised(w),
            Some(w) => w.to_string(),
            None => words,
        };
        let words = words.trim().to_string();
        if !words.is_empty() && seen.insert(words.clone()) {
            out.push(Continuation {
                words,
                rule: rule.to_string(),
                about: docs.get(rule).cloned(),
            });
        }
    };
    for rule in &found.rules {
        for words in first.of_rule(rule) {
            add(words, rule);
        }
    }
    for (words, rule) in found.words {
        add(words, rule.as_deref().unwrap_or(""));
    }
    Some(out)
}

/// The first line of each rule's `///` comment in a pest grammar, by rule name.
pub fn rule_docs(grammar_src: &str) -> HashMap<&str, String> {
    let mut docs = HashMap::new();
    let mut pending: Option<&str> = None;
    for line in grammar_src.lines() {
        let t = line.trim();
        if let Some(doc) = t.strip_prefix("///") {
            pending.get_or_insert(doc.trim());
            continue;
        }
        if let (Some(doc), Some((name, _))) = (pending, t.split_once(" = ")) {
            if !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                docs.insert(name, doc.to_string());
            }
        }
        pending = None;
    }
    docs
}

/// The literal words that can begin each rule.
struct FirstWords<'g> {
    rules: HashMap<&'g str, &'g OptimizedExpr>,
}

impl<'g> FirstWords<'g> {
    fn new(rules: &'g [OptimizedRule]) -> Self {
        FirstWords {
            rules: rules.iter().map(|r| (r.name.as_str(), &r.expr)).collect(),
        }
    }

    fn of_rule(&self, name: &str) -> Vec<String> {
        let Some(expr) = self.rules.get(name) else {
            return Vec::new();
        };
        let mut out = BTreeSet::new();
        let mut visiting = Vec::new();
        self.first(expr, &mut out, &mut visiting);
        out.into_iter()
            .filter(|w| !w.trim().is_empty())
            .take(MAX_WORDS_PER_RULE)
            .collect()
    }

    /// Adds the literals that can start `e` to `out`; returns whether `e` can match nothing.
    fn first<'a>(
        &'a self,
        e: &'a OptimizedExpr,
        out: &mut BTreeSet<String>,
        visiting: &mut Vec<&'a str>,
    ) -> bool {
        match e {
            OptimizedExpr::Str(s) => {
                out.insert(s.trim().to_string());
                s.is_empty()
            }
            // marked, so the caller can write it in the case its place needs
            OptimizedExpr::Insens(s) => {
                out.insert(format!("{INSENSITIVE}{}", s.trim()));
                s.is_empty()
            }
            OptimizedExpr::Ident(name) => {
                let Some(inner) = self.rules.get(name.as_str()) else {
                    // builtins (`SOI`, `ANY`, …): `SOI` and `EOI` match nothing at a start
                    return matches!(name.as_str(), "SOI" | "EOI");
                };
                if visiting.contains(&name.as_str()) {
                    return false;
                }
                visiting.push(name);
                let nullable = self.first(inner, out, visiting);
                visiting.pop();
                nullable
            }
            OptimizedExpr::Seq(a, b) => {
                self.first(a, out, visiting) && self.first(b, out, visiting)
            }
            OptimizedExpr::Choice(a, b) => {
                let x = self.first(a, out, visiting);
                let y = self.first(b, out, visiting);
                x || y
            }
            OptimizedExpr::Opt(a) | OptimizedExpr::Rep(a) => {
                self.first(a, out, visiting);
                true
            }
            OptimizedExpr::Push(a) | OptimizedExpr::RestoreOnErr(a) => self.first(a, out, visiting),
            OptimizedExpr::PosPred(_) | OptimizedExpr::NegPred(_) => true,
            // character ranges (digits, capitals) and the rest name no word
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::GRAMMAR;

    fn grammar() -> &'static Grammar {
        static G: std::sync::OnceLock<Grammar> = std::sync::OnceLock::new();
        G.get_or_init(|| Grammar::new(GRAMMAR).unwrap())
    }

    fn words(line: &str) -> Vec<String> {
        continuations(grammar(), line)
            .unwrap_or_default()
            .into_iter()
            .map(|c| c.words)
            .collect()
    }

    #[test]
    fn an_empty_line_can_start_with_a_timing_label_or_a_keyword() {
        let w = words("");
        for want in ["{Play}", "{Blocker}", "When"] {
            assert!(w.iter().any(|x| x == want), "{want} missing from {w:?}");
        }
    }

    #[test]
    fn after_a_verb_come_its_objects() {
        let w = words("{Play} Spend ");
        assert!(w.iter().any(|x| x == "a"), "{w:?}");
        assert!(words("{Play} Draw ").contains(&"up to".to_string()));
        let w = words("{Play} Draw 1");
        assert!(w.iter().any(|x| x == "."), "{w:?}");
        // a word that opens a sentence has its capital there, not inside one
        assert!(words("{Play} ").iter().any(|x| x == "Until your next turn"));
        assert!(
            words("{Play} Draw 1 ").iter().any(|x| x == "if"),
            "{:?}",
            words("{Play} Draw 1 ")
        );
    }

    #[test]
    fn a_line_wrong_before_its_end_has_no_continuation() {
        assert!(continuations(grammar(), "{Play} Drwa 1").is_none());
        assert!(expected(grammar(), "{Play} Draw").is_some());
    }

    #[test]
    fn rules_are_described_by_their_comments() {
        let docs = rule_docs(GRAMMAR);
        assert!(
            docs["label"].contains("timing label"),
            "{:?}",
            docs["label"]
        );
    }
}
