//! The lines a person types to `gig play`: read with a bound, and matched to an option label.
//! Kept free of the rest of the binary so the `play_lines` fuzz target can include it.

use std::io::BufRead;

/// Longest line of standard input `gig play` and `gig replay` read; a longer line is skipped
/// (read in pieces, never held whole).
pub const MAX_INPUT_LINE: usize = 64 * 1024;

/// Why [`read_line`] gave no line.
pub enum LineError {
    /// longer than the bound (it was read to its end and dropped)
    TooLong,
    /// not UTF-8 text
    NotUtf8,
    /// the input could not be read
    Io(std::io::Error),
}

/// The next line of `input` without its line end (`None` at the end of input), holding at most
/// `max` bytes of it: a longer line is read to its end and dropped.
pub fn read_line(input: &mut impl BufRead, max: usize) -> Result<Option<String>, LineError> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(LineError::Io(e)),
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if !too_long && line.len() + chunk.len() <= max {
            line.extend_from_slice(chunk);
        } else {
            too_long = true;
            line.clear();
        }
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if too_long {
        return Err(LineError::TooLong);
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    String::from_utf8(line)
        .map(Some)
        .map_err(|_| LineError::NotUtf8)
}

/// What a typed line asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command<'a> {
    /// `help` or `?`
    Help,
    /// `quit` or `q`
    Quit,
    /// `undo` or `u`
    Undo,
    /// `save FILE`
    Save(&'a str),
    /// `look CARD` (`look` alone: the cards there are to look at)
    Look(&'a str),
    /// `log`: the whole game so far
    Log,
    /// anything else: an option, by number, label or a unique part of a label
    Choose(&'a str),
}

/// Reads a typed line (already trimmed) as a command.
pub fn command(line: &str) -> Command<'_> {
    let (head, rest) = match line.split_once(char::is_whitespace) {
        Some((h, r)) => (h, r.trim()),
        None => (line, ""),
    };
    match (head, rest) {
        ("help" | "?", "") => Command::Help,
        ("quit" | "q", "") => Command::Quit,
        ("undo" | "u", "") => Command::Undo,
        ("log", "") => Command::Log,
        ("save", path) if !path.is_empty() => Command::Save(path),
        ("look" | "l", what) => Command::Look(what),
        _ => Command::Choose(line),
    }
}

/// How a typed text names one of `texts`: `Ok` with its index when it names exactly one, `Err`
/// with the indices of every one it could name otherwise (none, or several). A text names the
/// one equal to it (ignoring case); failing that, the ones whose words contain the typed words
/// in order, whole words first (`choose 1` is `choose 1`, not `choose 10`), then parts of words
/// (`play japantown` is `play japantown-jonin`).
pub fn unique(texts: &[&str], typed: &str) -> Result<usize, Vec<usize>> {
    let typed = typed.trim().to_lowercase();
    if let Some(ix) = texts.iter().position(|t| t.to_lowercase() == typed) {
        return Ok(ix);
    }
    let words: Vec<&str> = typed.split_whitespace().collect();
    if words.is_empty() {
        return Err(Vec::new());
    }
    let lower: Vec<String> = texts.iter().map(|t| t.to_lowercase()).collect();
    let find = |fits: &dyn Fn(&str, &str) -> bool| -> Vec<usize> {
        (lower.iter().enumerate())
            .filter(|(_, t)| {
                let mut rest = t.split_whitespace();
                words.iter().all(|w| rest.any(|x| fits(x, w)))
            })
            .map(|(k, _)| k)
            .collect()
    };
    let whole = find(&|x, w| x == w);
    let found = if whole.is_empty() {
        find(&|x, w| x.contains(w))
    } else {
        whole
    };
    match found.as_slice() {
        [one] => Ok(*one),
        _ => Err(found),
    }
}

/// The option a typed line names: its number, its exact label, or the only label containing
/// the typed words (or parts of words) in order. The error says why, listing the options an
/// ambiguous line could mean.
pub fn pick(labels: &[String], line: &str) -> Result<usize, String> {
    if let Ok(n) = line.trim().parse::<usize>() {
        return if (1..=labels.len()).contains(&n) {
            Ok(n - 1)
        } else {
            Err(format!("no option {n}: type 1 to {}", labels.len()))
        };
    }
    let texts: Vec<&str> = labels.iter().map(String::as_str).collect();
    match unique(&texts, line) {
        Ok(ix) => Ok(ix),
        Err(found) if found.is_empty() => Err(format!(
            "no option matches `{}` (type `help` for the commands)",
            line.trim()
        )),
        Err(found) => {
            let list: Vec<String> = found
                .iter()
                .map(|&k| format!("{}. {}", k + 1, labels[k]))
                .collect();
            Err(format!(
                "`{}` matches {} options: {}; type more of one, or its number",
                line.trim(),
                found.len(),
                list.join(", ")
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(l: &[&str]) -> Vec<String> {
        l.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_unique_part_of_a_label_picks_it() {
        let l = labels(&[
            "sell mantis-blades",
            "play japantown-jonin",
            "play ruthless-lowlife",
            "call legend 1",
            "pass",
        ]);
        assert_eq!(pick(&l, "play japantown"), Ok(1));
        assert_eq!(pick(&l, "japan"), Ok(1));
        assert_eq!(pick(&l, "lowlife"), Ok(2));
        assert_eq!(pick(&l, "Pass"), Ok(4));
        assert_eq!(pick(&l, "2"), Ok(1));
        assert_eq!(pick(&l, " 5 "), Ok(4));
        assert!(pick(&l, "9").unwrap_err().contains("type 1 to 5"));
        assert!(pick(&l, "attack")
            .unwrap_err()
            .contains("no option matches `attack`"));
    }

    #[test]
    fn an_ambiguous_line_lists_the_options_it_could_mean() {
        let l = labels(&["play japantown-jonin", "play japantown-jonin #2", "pass"]);
        let e = pick(&l, "play japantown").unwrap_err();
        assert!(
            e.contains("1. play japantown-jonin, 2. play japantown-jonin #2"),
            "{e}"
        );
        // the exact label is never ambiguous
        assert_eq!(pick(&l, "play japantown-jonin"), Ok(0));
    }

    #[test]
    fn whole_words_come_before_parts_of_words() {
        let l = labels(&["choose 1", "choose 10", "choose 12"]);
        assert_eq!(pick(&l, "choose 1"), Ok(0));
        // a number is an option number, never a part of a label
        assert!(pick(&l, "10").unwrap_err().contains("no option 10"));
        assert!(pick(&l, "choose 1 2").is_err());
        let l = labels(&[
            "choose d6 (3)",
            "choose rival d6 (3)",
            "choose rival d12 (2)",
        ]);
        assert_eq!(pick(&l, "rival d12"), Ok(2));
        assert!(pick(&l, "d6").unwrap_err().contains("matches 2 options"));
        // words in order
        let l = labels(&[
            "attack rival gigs with chrome-fang",
            "attack rival psycho-squad with chrome-fang",
        ]);
        assert_eq!(pick(&l, "attack gigs with fang"), Ok(0));
        assert_eq!(pick(&l, "psycho"), Ok(1));
        assert!(pick(&l, "fang attack").is_err());
    }

    #[test]
    fn commands_are_read_by_their_first_word() {
        assert_eq!(command("help"), Command::Help);
        assert_eq!(command("?"), Command::Help);
        assert_eq!(command("q"), Command::Quit);
        assert_eq!(command("undo"), Command::Undo);
        assert_eq!(command("log"), Command::Log);
        assert_eq!(command("save  game.json"), Command::Save("game.json"));
        assert_eq!(command("look chrome"), Command::Look("chrome"));
        assert_eq!(command("look"), Command::Look(""));
        assert_eq!(command("save"), Command::Choose("save"));
        assert_eq!(
            command("play chrome-fang"),
            Command::Choose("play chrome-fang")
        );
    }
}
