//! Where a cursor stands in a TOML file, read from the text alone: in which table, after which
//! key, inside which string. It never needs the file to parse, so it works while a line is
//! half-typed.

use std::ops::Range;

/// What surrounds a byte offset of a TOML file.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Place {
    /// the header of the table the offset is in, without brackets (`ruling.me`, `main`), empty
    /// at the top of the file
    pub table: String,
    /// how many `[[ruling]]` headers come before the offset (the ruling the offset is in is
    /// number `rulings - 1`)
    pub rulings: usize,
    /// the key whose value the offset is in (`hand`, `steps`), or `None` where a key is written
    pub key: Option<String>,
    /// the string the offset is inside: its content's byte range (to the offset when the string
    /// is not closed yet)
    pub string: Option<Range<usize>>,
    /// the word being typed before the offset: its byte range
    pub word: Range<usize>,
    /// which element of the key's array the offset is in (0 for the first; 0 outside arrays)
    pub element: usize,
}

/// Where `offset` stands in `text`.
pub fn place(text: &str, offset: usize) -> Place {
    let offset = floor_char(text, offset.min(text.len()));
    let before = &text[..offset];
    let mut place = Place::default();
    // Tables: the last header line before the offset.
    for line in before.lines() {
        let t = line.trim();
        if t.starts_with('[') && !t.contains('=') {
            let name = t.trim_matches(|c| c == '[' || c == ']').trim();
            if t.starts_with("[[") && name == "ruling" {
                place.rulings += 1;
            }
            place.table = name.to_string();
        }
    }
    // The current statement: from the start of the line where the last key was written.
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = &text[line_start..offset];
    let statement = multi_line_statement(text, offset).unwrap_or((line_start, line));
    let (stmt_start, stmt) = statement;
    if let Some(eq) = key_end(stmt) {
        place.key = Some(stmt[..eq].trim().trim_matches('"').to_string());
        let value = &stmt[eq + 1..];
        let value_start = stmt_start + eq + 1;
        let (string, element) = scan_value(value);
        place.string = string.map(|s| value_start + s..offset);
        place.element = element;
    } else if !stmt.trim_start().starts_with('[') {
        place.key = None;
    }
    let word_start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| is_word_char(*c))
        .last()
        .map_or(offset, |(i, _)| i);
    place.word = word_start..offset;
    place
}

/// Whether `c` can be part of a word a completion replaces: letters, digits, `-`, `'`, and the
/// braces of an icon such as `{Play}`.
pub fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '-' | '_' | '{' | '\'')
}

fn floor_char(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The position of the `=` ending a key at the start of a statement, if one is written there.
fn key_end(stmt: &str) -> Option<usize> {
    let t = stmt.trim_start();
    if t.starts_with('[') || t.starts_with('#') {
        return None;
    }
    let mut in_quote = false;
    for (i, c) in stmt.char_indices() {
        match c {
            '"' => in_quote = !in_quote,
            '=' if !in_quote => return Some(i),
            _ => {}
        }
    }
    None
}

/// A statement whose value spans lines (an array or a `"""` string) and is still open at
/// `offset`: its start and its text up to the offset.
fn multi_line_statement(text: &str, offset: usize) -> Option<(usize, &str)> {
    let before = &text[..offset];
    let mut start = before.rfind('\n').map_or(0, |i| i + 1);
    // Walk back over lines while the statement has not begun with a key.
    for _ in 0..10_000 {
        let stmt = &text[start..offset];
        if let Some(eq) = key_end(stmt) {
            let (_, _) = (eq, ());
            let value = &stmt[eq + 1..];
            return open_value(value).then_some((start, stmt));
        }
        if start == 0 {
            return None;
        }
        let prev = text[..start - 1].rfind('\n').map_or(0, |i| i + 1);
        let line = text[prev..start - 1].trim_start();
        if line.starts_with('[') && !line.contains('=') {
            return None;
        }
        start = prev;
    }
    None
}

/// Whether a value is still open at its end: an unclosed array or string.
fn open_value(value: &str) -> bool {
    let v = value.trim_start();
    if let Some(rest) = v.strip_prefix("\"\"\"") {
        return !rest.contains("\"\"\"");
    }
    let (string, _) = scan_value(value);
    let depth = bracket_depth(value);
    string.is_some() || depth > 0
}

fn bracket_depth(value: &str) -> i32 {
    let mut depth = 0;
    let mut in_str = false;
    let mut escape = false;
    for c in value.chars() {
        if in_str {
            match (escape, c) {
                (true, _) => escape = false,
                (false, '\\') => escape = true,
                (false, '"') => in_str = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_str = true,
            '[' | '{' => depth += 1,
            ']' | '}' => depth -= 1,
            _ => {}
        }
    }
    depth
}

/// The start of the string open at the end of `value` (just after its quote), and the index of
/// the array element the end of `value` is in.
fn scan_value(value: &str) -> (Option<usize>, usize) {
    if let Some(at) = value.find("\"\"\"") {
        let rest = &value[at + 3..];
        if !rest.contains("\"\"\"") {
            return (Some(at + 3), 0);
        }
    }
    let mut open = None;
    let mut escape = false;
    let mut element = 0;
    let mut depth = 0;
    for (i, c) in value.char_indices() {
        if open.is_some() {
            match (escape, c) {
                (true, _) => escape = false,
                (false, '\\') => escape = true,
                (false, '"') => open = None,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => open = Some(i + 1),
            '[' | '{' => depth += 1,
            ']' | '}' => depth -= 1,
            ',' if depth == 1 => element += 1,
            _ => {}
        }
    }
    (open, element)
}

/// The tokens under `offset`, widest first: the content of a quoted string around it, then
/// the bare word of letters, digits and `-` under it, each with its byte range.
pub fn tokens_at(text: &str, offset: usize) -> Vec<(Range<usize>, &str)> {
    let mut out = Vec::new();
    let offset = floor_char(text, offset.min(text.len()));
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let line = &text[line_start..line_end];
    let at = offset - line_start;
    let quotes: Vec<usize> = line.match_indices('"').map(|(i, _)| i).collect();
    for pair in quotes.chunks(2) {
        if let [a, b] = pair {
            if *a < at && at <= *b && b - a > 1 {
                let r = line_start + a + 1..line_start + b;
                out.push((r.clone(), &text[r]));
            }
        }
    }
    let is = |c: char| c.is_alphanumeric() || c == '-';
    let start = line[..at]
        .char_indices()
        .rev()
        .take_while(|(_, c)| is(*c))
        .last()
        .map_or(at, |(i, _)| i);
    let end = line[at..]
        .char_indices()
        .find(|(_, c)| !is(*c))
        .map_or(line.len(), |(i, _)| at + i);
    if start < end {
        let r = line_start + start..line_start + end;
        out.push((r.clone(), &text[r]));
    }
    out
}

/// The byte offset of a 0-based line and a column counted in UTF-16 code units (the language
/// server protocol's default), clamped to the line.
pub fn offset_of(text: &str, line: usize, utf16_col: usize) -> usize {
    let mut start = 0;
    for _ in 0..line {
        match text[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return text.len(),
        }
    }
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let mut units = 0;
    for (i, c) in text[start..end].char_indices() {
        if units >= utf16_col {
            return start + i;
        }
        units += c.len_utf16();
    }
    end
}

/// The 0-based line and UTF-16 column of a byte offset.
pub fn position_of(text: &str, offset: usize) -> (usize, usize) {
    let offset = floor_char(text, offset.min(text.len()));
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = text[start..offset].chars().map(char::len_utf16).sum();
    (line, col)
}

/// The byte offsets where each `[[ruling]]` header starts, in order.
pub fn ruling_headers(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if line.trim() == "[[ruling]]" {
            let s = at + line.find('[').unwrap_or(0);
            out.push(s..s + "[[ruling]]".len());
        }
        at += line.len();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_in_an_array_of_a_ruling_table() {
        let text = "id = \"x\"\n[[ruling]]\nname = \"n\"\nsteps = [\"pass\", \"pla\n[ruling.me]\nhand = [\"chr";
        let at = text.find("\"pla").unwrap() + 4;
        let p = place(text, at);
        assert_eq!(p.table, "ruling");
        assert_eq!(p.rulings, 1);
        assert_eq!(p.key.as_deref(), Some("steps"));
        assert_eq!(p.element, 1);
        assert_eq!(&text[p.string.clone().unwrap()], "pla");
        let p = place(text, text.len());
        assert_eq!(
            (p.table.as_str(), p.key.as_deref()),
            ("ruling.me", Some("hand"))
        );
        assert_eq!(&text[p.word], "chr");
    }

    #[test]
    fn a_key_being_written() {
        let text = "[ruling.game]\nph";
        let p = place(text, text.len());
        assert_eq!(p.key, None);
        assert_eq!(&text[p.word], "ph");
    }

    #[test]
    fn inside_a_multi_line_text() {
        let text = "id = \"x\"\ntext = \"\"\"\n{Play} Draw 1.\nSpe";
        let p = place(text, text.len());
        assert_eq!(p.key.as_deref(), Some("text"));
        assert!(p.string.is_some());
        let text = "text = \"\"\"\nDraw 1.\n\"\"\"\nna";
        assert_eq!(place(text, text.len()).key, None);
    }

    #[test]
    fn tokens_and_positions() {
        let text = "a = [\"chrome-fang\", x]\nchrome-fang = 3\n";
        let t = tokens_at(text, 8);
        assert_eq!((t[0].1, t[0].0.start), ("chrome-fang", 6));
        assert_eq!(tokens_at(text, 25)[0].1, "chrome-fang");
        let t = tokens_at("x = [\"attack with psycho-squad\"]", 22);
        assert_eq!(
            (t[0].1, t[1].1),
            ("attack with psycho-squad", "psycho-squad")
        );
        assert_eq!(offset_of("ab\n☆x", 1, 1), 6);
        assert_eq!(position_of("ab\n☆x", 6), (1, 1));
        assert_eq!(ruling_headers("x\n[[ruling]]\n[[ruling]]\n")[1].start, 13);
    }
}
