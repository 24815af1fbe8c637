//! Steps of a ruling: a step selects one option of the current decision by its label.

use std::fmt;

/// Why a step selected no option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepError {
    /// the step has no words: it names no option, even when there is only one
    Blank,
    /// no label equals the step or contains its words in order
    NoMatch {
        /// the step as written
        step: String,
        /// every label that was available
        available: Vec<String>,
    },
    /// more than one label contains the step's words in order
    Ambiguous {
        /// the step as written
        step: String,
        /// the labels that matched
        matching: Vec<String>,
    },
}

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepError::Blank => f.write_str("the step is blank; write the option's label"),
            StepError::NoMatch { step, available } => {
                write!(f, "step `{step}` matches no option; available: ")?;
                write_list(f, available)
            }
            StepError::Ambiguous { step, matching } => {
                write!(f, "step `{step}` matches several options: ")?;
                write_list(f, matching)
            }
        }
    }
}

fn write_list(f: &mut fmt::Formatter<'_>, labels: &[String]) -> fmt::Result {
    if labels.is_empty() {
        return f.write_str("none");
    }
    for (i, l) in labels.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "`{l}`")?;
    }
    Ok(())
}

/// Whether every word of `step` occurs in `label`, in order, as whole words.
pub fn words_in_order(step: &str, label: &str) -> bool {
    let mut words = label.split_whitespace();
    step.split_whitespace()
        .all(|w| words.any(|l| l.eq_ignore_ascii_case(w)))
}

/// The option a step selects: the label equal to the step, otherwise the only label that contains
/// every word of the step in order.
pub fn match_step(step: &str, labels: &[String]) -> Result<usize, StepError> {
    let wanted = step.trim();
    if wanted.is_empty() {
        return Err(StepError::Blank);
    }
    if let Some(i) = labels.iter().position(|l| l.eq_ignore_ascii_case(wanted)) {
        return Ok(i);
    }
    let matching: Vec<usize> = labels
        .iter()
        .enumerate()
        .filter(|(_, l)| words_in_order(wanted, l))
        .map(|(i, _)| i)
        .collect();
    match matching.as_slice() {
        [i] => Ok(*i),
        [] => Err(StepError::NoMatch {
            step: wanted.to_owned(),
            available: labels.to_vec(),
        }),
        _ => Err(StepError::Ambiguous {
            step: wanted.to_owned(),
            matching: matching.iter().map(|&i| labels[i].clone()).collect(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(ls: &[&str]) -> Vec<String> {
        ls.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn exact_label_wins_over_word_match() {
        let ls = labels(&["pass", "pass turn"]);
        assert_eq!(match_step("pass", &ls), Ok(0));
    }

    #[test]
    fn words_in_order_select_the_only_match() {
        let ls = labels(&[
            "attack rival gigs with psycho-squad",
            "attack rival corpo-security with psycho-squad",
            "pass",
        ]);
        assert_eq!(match_step("attack gigs", &ls), Ok(0));
        assert_eq!(match_step("attack corpo-security", &ls), Ok(1));
    }

    #[test]
    fn words_must_be_in_order_and_whole() {
        assert!(!words_in_order("gigs attack", "attack rival gigs"));
        assert!(!words_in_order("gig", "attack rival gigs"));
    }

    #[test]
    fn no_match_lists_what_was_available() {
        let ls = labels(&["pass", "play chrome-fang"]);
        let e = match_step("sell floor-it", &ls).unwrap_err();
        assert_eq!(
            e.to_string(),
            "step `sell floor-it` matches no option; available: `pass`, `play chrome-fang`"
        );
    }

    #[test]
    fn a_blank_step_is_an_error_even_with_one_option() {
        // Issue 17: a blank step picked the only option.
        let ls = labels(&["pass"]);
        assert_eq!(match_step("", &ls), Err(StepError::Blank));
        assert_eq!(match_step("   ", &ls), Err(StepError::Blank));
    }

    #[test]
    fn several_matches_are_an_error() {
        let ls = labels(&["play floor-it", "play floor-it #2"]);
        assert!(matches!(
            match_step("play", &ls),
            Err(StepError::Ambiguous { .. })
        ));
    }
}
