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

/// The option a typed line names: its number, its exact label, or the only label containing
/// the typed words in order.
pub fn pick(labels: &[String], line: &str) -> Result<usize, String> {
    if let Ok(n) = line.parse::<usize>() {
        return if (1..=labels.len()).contains(&n) {
            Ok(n - 1)
        } else {
            Err(format!("no option {n}: type 1 to {}", labels.len()))
        };
    }
    if let Some(ix) = labels.iter().position(|l| l == line) {
        return Ok(ix);
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let matches: Vec<usize> = labels
        .iter()
        .enumerate()
        .filter(|(_, l)| {
            let mut rest = l.split_whitespace();
            words.iter().all(|w| rest.any(|x| x == *w))
        })
        .map(|(k, _)| k)
        .collect();
    match matches.as_slice() {
        [one] => Ok(*one),
        [] => Err(format!("no option matches `{line}`")),
        _ => Err(format!(
            "`{line}` matches {} options; be more precise",
            matches.len()
        )),
    }
}
