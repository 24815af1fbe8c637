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
//! use gigscript_dsl::syntax::GRAMMAR;
//! let grammar = Grammar::new(GRAMMAR).unwrap();
//! let next = continuations(&grammar, "{Play} ").unwrap();
//! assert!(next.iter().any(|c| c.words == "Draw"), "{next:?}");
//! // a line that went wrong before its end has nothing to continue
//! assert!(continuations(&grammar, "{Play} Drwa ").is_none());
//! ```

use crate::ambiguity::Grammar;
use pest::error::{ErrorVariant, InputLocation};
use pest_meta::ast::RuleType;
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
    let docs = rule_docs(crate::syntax::GRAMMAR);
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
    // pest does not always list the period among the tokens it tried; a line that a period
    // would end is offered one
    let ended = format!("{}.", line.trim_end());
    if grammar.written().parse(LINE_RULE, &ended).is_ok() {
        add(".".into(), "sentence");
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
    rules: HashMap<&'g str, (&'g OptimizedExpr, bool)>,
}

/// At most this many phrases are made by joining a literal to what follows it; past it, the
/// literals alone are offered.
const MAX_JOINED: usize = 64;

impl<'g> FirstWords<'g> {
    fn new(rules: &'g [OptimizedRule]) -> Self {
        FirstWords {
            rules: rules
                .iter()
                .map(|r| {
                    let atomic = matches!(r.ty, RuleType::Atomic | RuleType::CompoundAtomic);
                    (r.name.as_str(), (&r.expr, atomic))
                })
                .collect(),
        }
    }

    fn of_rule(&self, name: &str) -> Vec<String> {
        let Some(&(expr, atomic)) = self.rules.get(name) else {
            return Vec::new();
        };
        let mut visiting = vec![name];
        let (out, _) = self.first(expr, atomic, &mut visiting);
        out.into_iter()
            .filter(|w| !w.trim().is_empty())
            .take(MAX_WORDS_PER_RULE)
            .collect()
    }

    /// The phrases that can start `e`, and whether `e` can match nothing. A literal followed by
    /// what can't be skipped is joined to it (`until` + `your next turn`; inside a word,
    /// `choos` + `ing`), so a completion is a whole word or phrase, not a stem.
    fn first<'a>(
        &'a self,
        e: &'a OptimizedExpr,
        atomic: bool,
        visiting: &mut Vec<&'a str>,
    ) -> (BTreeSet<String>, bool) {
        let one = |w: String| (BTreeSet::from([w]), false);
        match e {
            OptimizedExpr::Str(s) => {
                if s.is_empty() {
                    (BTreeSet::new(), true)
                } else {
                    one(s.clone())
                }
            }
            // marked, so the caller can write it in the case its place needs
            OptimizedExpr::Insens(s) => {
                if s.is_empty() {
                    (BTreeSet::new(), true)
                } else {
                    one(format!("{INSENSITIVE}{s}"))
                }
            }
            OptimizedExpr::Ident(name) => {
                let Some(&(inner, inner_atomic)) = self.rules.get(name.as_str()) else {
                    // builtins (`SOI`, `ANY`, …): `SOI` and `EOI` match nothing at a start
                    return (BTreeSet::new(), matches!(name.as_str(), "SOI" | "EOI"));
                };
                if visiting.contains(&name.as_str()) {
                    return (BTreeSet::new(), false);
                }
                visiting.push(name);
                let found = self.first(inner, atomic || inner_atomic, visiting);
                visiting.pop();
                found
            }
            OptimizedExpr::Seq(a, b) => {
                let (x, x_null) = self.first(a, atomic, visiting);
                if x_null {
                    let (y, y_null) = self.first(b, atomic, visiting);
                    return (x.union(&y).cloned().collect(), y_null);
                }
                if !is_literal(a) {
                    return (x, false);
                }
                let (y, y_null) = self.first(b, atomic, visiting);
                if y_null || y.is_empty() || x.len() * y.len() > MAX_JOINED {
                    return (x, false);
                }
                let mut out = BTreeSet::new();
                for w in &x {
                    for v in &y {
                        let v = v.strip_prefix(INSENSITIVE).unwrap_or(v);
                        if atomic {
                            out.insert(format!("{w}{v}"));
                        } else if v.starts_with(['.', ',', ':']) {
                            out.insert(format!("{}{}", w.trim_end(), v.trim_start()));
                        } else {
                            out.insert(format!("{} {}", w.trim_end(), v.trim_start()));
                        }
                    }
                }
                (out, false)
            }
            OptimizedExpr::Choice(a, b) => {
                let (mut x, x_null) = self.first(a, atomic, visiting);
                let (y, y_null) = self.first(b, atomic, visiting);
                x.extend(y);
                (x, x_null || y_null)
            }
            OptimizedExpr::Opt(a) | OptimizedExpr::Rep(a) => {
                (self.first(a, atomic, visiting).0, true)
            }
            OptimizedExpr::Push(a) | OptimizedExpr::RestoreOnErr(a) => {
                self.first(a, atomic, visiting)
            }
            OptimizedExpr::PosPred(_) | OptimizedExpr::NegPred(_) => (BTreeSet::new(), true),
            // character ranges (digits, capitals) and the rest name no word
            _ => (BTreeSet::new(), false),
        }
    }
}

/// Whether an expression is literals only (a word, or a choice of words).
fn is_literal(e: &OptimizedExpr) -> bool {
    match e {
        OptimizedExpr::Str(s) | OptimizedExpr::Insens(s) => !s.is_empty(),
        OptimizedExpr::Choice(a, b) => is_literal(a) && is_literal(b),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::GRAMMAR;

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
        // a verb is offered whole, not as the stem its forms share
        let w = words("{Play} ");
        assert!(w.iter().any(|x| x == "Choose"), "{w:?}");
        assert!(!w.iter().any(|x| x == "Choos" || x == "Giv"), "{w:?}");
        // a word that opens a sentence has its capital there, not inside one
        let w = words("{Play} ");
        assert!(w.iter().any(|x| x == "Draw"), "{w:?}");
        assert!(!w.iter().any(|x| x == "draw"), "{w:?}");
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
