//! The edits of `gig fmt`: a card file's `text` and `top` rewritten in canonical form, every
//! other byte of the file left as it is.

use crate::card::{Card, CardText};
use crate::parse::{parse_card, ParseError};
use crate::print::print_script;
use std::ops::Range;

/// What formatting a card file changes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Edits {
    /// byte ranges of the file to replace by canonical text, latest first so they can be
    /// applied in order; empty when the file is canonical
    pub edits: Vec<(Range<usize>, String)>,
    /// textboxes that would change but are not written as a plain multi-line string (escapes,
    /// or a one-line string that would need several lines), so they are not rewritten
    pub not_plain: usize,
}

/// The edits that put the textboxes of `card` in canonical form in `file_text` (the card file
/// `card` was read from); the parse errors when its text does not parse.
pub fn canonical_edits(card: &Card, file_text: &str) -> Result<Edits, Vec<ParseError>> {
    let script = parse_card(card)?;
    let mut boxes: Vec<(&CardText, &crate::ast::Script)> = Vec::new();
    if let (Some(t), Some(s)) = (&card.top, &script.top) {
        boxes.push((t, s));
    }
    boxes.push((&card.text, &script.text));
    let mut out = Edits::default();
    for (text, s) in boxes {
        let mut canonical = print_script(s);
        if !text.text.ends_with('\n') {
            canonical = canonical.trim_end_matches('\n').to_string();
        }
        if canonical == text.text {
            continue;
        }
        let multiline = file_text[..text.offset.min(file_text.len())].ends_with("\"\"\"\n");
        if !text.exact || (canonical.contains('\n') && !multiline) {
            out.not_plain += 1;
            continue;
        }
        out.edits
            .push((text.offset..text.offset + text.text.len(), canonical));
    }
    out.edits.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
    Ok(out)
}

/// `file_text` with `edits` (from [`canonical_edits`]) applied.
pub fn apply(file_text: &str, edits: Vec<(Range<usize>, String)>) -> String {
    let mut new = file_text.to_string();
    for (range, text) in edits {
        new.replace_range(range, &text);
    }
    new
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Sources;

    #[test]
    fn only_the_text_changes() {
        let src = "id = \"x\"\nname = \"X\"\ntype = \"program\"\ncolor = \"red\"\ncost = 1\n\
                   tags = []\nsell = false\nset = \"s\"\ntext = \"\"\"\n{Play} draw 1.\n\"\"\"\n";
        let mut sources = Sources::new();
        let file = sources.add("cards/s/x.toml", src);
        let card = crate::card::parse_card(&sources, file).unwrap();
        let edits = canonical_edits(&card, src).unwrap();
        assert_eq!((edits.edits.len(), edits.not_plain), (1, 0));
        let out = apply(src, edits.edits);
        assert!(out.starts_with("id = \"x\"\n"), "{out}");
        assert!(out.contains("\"\"\"\n{Play} Draw 1.\n\"\"\""), "{out}");
    }
}
