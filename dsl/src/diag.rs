//! Diagnostics: every error of the crate becomes a [`Diagnostic`], rendered in one place.

use crate::source::{FileId, Sources, Span};
use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label as CsLabel};
use codespan_reporting::files::{Error as FilesError, Files};
use codespan_reporting::term::{self, termcolor};
use std::collections::HashMap;
use std::io::Write;
use std::ops::Range;

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// the input is rejected
    Error,
    /// the input is accepted but looks wrong
    Warning,
}

/// A label pointing into a source file.
#[derive(Clone, Debug)]
pub struct Label {
    /// where
    pub span: Span,
    /// what is said there (may be empty)
    pub message: String,
    /// the primary label says *what*; secondary labels say *where from*
    pub primary: bool,
}

/// A message about the input, with labels into the sources and notes.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// error or warning
    pub severity: Severity,
    /// the headline: lowercase, no trailing period, noun first
    pub message: String,
    /// places in the sources
    pub labels: Vec<Label>,
    /// hints and explanations, shown after the labels
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// An error with a headline and nothing else yet.
    pub fn error(message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            labels: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// A warning with a headline and nothing else yet.
    pub fn warning(message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(message)
        }
    }

    /// Adds the primary label.
    pub fn with_primary(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            message: message.into(),
            primary: true,
        });
        self
    }

    /// Adds a secondary label.
    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            message: message.into(),
            primary: false,
        });
        self
    }

    /// Adds a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }
}

/// Anything that can be shown to a user as a diagnostic.
pub trait IntoDiagnostic {
    /// The diagnostic for this error.
    fn to_diagnostic(&self) -> Diagnostic;
}

/// Most diagnostics rendered for one file; the others are counted in one closing line
/// (`… and N more problems in FILE`), so a file of thousands of mistakes prints a screenful,
/// not gigabytes.
pub const MAX_DIAGNOSTICS_PER_FILE: usize = 50;
/// A source line longer than this many bytes is not quoted whole: the excerpt is cut to a
/// window of about this width around the label.
pub const MAX_EXCERPT_WIDTH: usize = 160;
/// Characters of context kept on each side of a label in a cut line.
const EXCERPT_CONTEXT: usize = 40;

/// A window of one long source line, as a diagnostic quotes it.
#[derive(Debug)]
struct Window {
    /// where the window starts in the excerpt text
    at: usize,
    /// its length in the excerpt text (with the `…` marks and the newline)
    len: usize,
    /// the 0-based line of the real file
    line: usize,
    /// the real byte quoted first, the bytes of the `…` before it, and the real bytes quoted
    real_start: usize,
    prefix: usize,
    body: usize,
}

/// The lines of one file a diagnostic quotes, long ones cut to a window around their labels.
#[derive(Debug, Default)]
struct Excerpt {
    text: String,
    windows: Vec<Window>,
}

impl Excerpt {
    fn window(&self, byte: usize) -> &Window {
        let k = self
            .windows
            .partition_point(|w| w.at <= byte)
            .saturating_sub(1);
        &self.windows[k]
    }

    /// The real byte of an excerpt byte.
    fn real(&self, byte: usize) -> usize {
        let w = self.window(byte);
        w.real_start + byte.saturating_sub(w.at + w.prefix).min(w.body)
    }
}

/// The source files as codespan reads them: the real text, or for a diagnostic on a long line
/// an [`Excerpt`] of it (line numbers and columns stay those of the real file).
struct FilesAdapter<'a> {
    sources: &'a Sources,
    excerpts: HashMap<FileId, Excerpt>,
}

fn floor_boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

impl<'a> FilesAdapter<'a> {
    fn new(sources: &'a Sources) -> Self {
        FilesAdapter {
            sources,
            excerpts: HashMap::new(),
        }
    }

    /// Prepares the excerpts `d` needs and returns its labels' ranges in the files codespan
    /// reads (the real file, or the excerpt of a file with a long line).
    fn prepare(&mut self, d: &Diagnostic) -> Vec<Range<usize>> {
        self.excerpts.clear();
        let clamp = |l: &Label| {
            let len = self.sources.get(l.span.file).text.len();
            let start = l.span.start.min(len);
            start..l.span.end.min(len).max(start)
        };
        let long = |l: &Label| {
            let file = self.sources.get(l.span.file);
            let r = file.line_range_of(clamp(l).start);
            r.len() > MAX_EXCERPT_WIDTH
        };
        let files: Vec<FileId> = {
            let mut v: Vec<FileId> = d
                .labels
                .iter()
                .filter(|l| long(l))
                .map(|l| l.span.file)
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        for &f in &files {
            let file = self.sources.get(f);
            let text = file.text.as_str();
            // One window per quoted line: from the first label's start on that line.
            let mut starts: Vec<(usize, usize)> = d
                .labels
                .iter()
                .filter(|l| l.span.file == f)
                .map(|l| {
                    let r = clamp(l);
                    (file.line_index_of(r.start), r.start)
                })
                .collect();
            starts.sort_unstable();
            starts.dedup_by_key(|(line, _)| *line);
            let mut ex = Excerpt::default();
            for (line, first) in starts {
                let lr = file.line_range_of(first);
                let body_end = if text[lr.clone()].ends_with('\n') {
                    lr.end - 1
                } else {
                    lr.end
                };
                let (from, to) = if lr.len() > MAX_EXCERPT_WIDTH {
                    let from =
                        floor_boundary(text, first.saturating_sub(EXCERPT_CONTEXT).max(lr.start));
                    let to = ceil_boundary(text, (from + MAX_EXCERPT_WIDTH).min(body_end));
                    (from, to)
                } else {
                    (lr.start, body_end)
                };
                let at = ex.text.len();
                let prefix = if from > lr.start { "…" } else { "" };
                ex.text.push_str(prefix);
                ex.text.push_str(&text[from..to]);
                if to < body_end {
                    ex.text.push('…');
                }
                ex.text.push('\n');
                ex.windows.push(Window {
                    at,
                    len: ex.text.len() - at,
                    line,
                    real_start: from,
                    prefix: prefix.len(),
                    body: to - from,
                });
            }
            self.excerpts.insert(f, ex);
        }
        d.labels
            .iter()
            .map(|l| {
                let r = clamp(l);
                let Some(ex) = self.excerpts.get(&l.span.file) else {
                    return r;
                };
                let line = self.sources.get(l.span.file).line_index_of(r.start);
                let Some(w) = ex.windows.iter().find(|w| w.line == line) else {
                    return 0..0;
                };
                let to_ex = |real: usize| {
                    let off = real.saturating_sub(w.real_start).min(w.body);
                    w.at + w.prefix + off
                };
                let (a, b) = (to_ex(r.start), to_ex(r.end.max(r.start)));
                floor_boundary(&ex.text, a)..ceil_boundary(&ex.text, b.max(a))
            })
            .collect()
    }
}

impl<'a> Files<'a> for FilesAdapter<'a> {
    type FileId = usize;
    type Name = String;
    type Source = &'a str;

    fn name(&'a self, id: usize) -> Result<String, FilesError> {
        Ok(self.sources.path(id).display().to_string())
    }

    fn source(&'a self, id: usize) -> Result<&'a str, FilesError> {
        Ok(match self.excerpts.get(&id) {
            Some(ex) => &ex.text,
            None => &self.sources.get(id).text,
        })
    }

    fn line_index(&'a self, id: usize, byte_index: usize) -> Result<usize, FilesError> {
        Ok(match self.excerpts.get(&id) {
            Some(ex) => ex
                .windows
                .partition_point(|w| w.at <= byte_index)
                .saturating_sub(1),
            None => self.sources.get(id).line_index_of(byte_index),
        })
    }

    fn line_number(&'a self, id: usize, line_index: usize) -> Result<usize, FilesError> {
        Ok(match self.excerpts.get(&id) {
            Some(ex) => ex.windows.get(line_index).map_or(line_index, |w| w.line) + 1,
            None => line_index + 1,
        })
    }

    fn column_number(
        &'a self,
        id: usize,
        _line_index: usize,
        byte_index: usize,
    ) -> Result<usize, FilesError> {
        let real = match self.excerpts.get(&id) {
            Some(ex) => ex.real(byte_index),
            None => byte_index,
        };
        Ok(self.sources.get(id).line_col(real).1)
    }

    fn line_range(&'a self, id: usize, line_index: usize) -> Result<Range<usize>, FilesError> {
        let too_large = FilesError::LineTooLarge {
            given: line_index,
            max: line_index,
        };
        match self.excerpts.get(&id) {
            Some(ex) => ex
                .windows
                .get(line_index)
                .map(|w| w.at..w.at + w.len)
                .ok_or(too_large),
            None => self.sources.get(id).line_range(line_index).ok_or(too_large),
        }
    }
}

fn to_codespan(d: &Diagnostic, ranges: Vec<Range<usize>>) -> CsDiagnostic<usize> {
    let base = match d.severity {
        Severity::Error => CsDiagnostic::error(),
        Severity::Warning => CsDiagnostic::warning(),
    };
    let labels = d
        .labels
        .iter()
        .zip(ranges)
        .map(|(l, range)| {
            let label = if l.primary {
                CsLabel::primary(l.span.file, range)
            } else {
                CsLabel::secondary(l.span.file, range)
            };
            label.with_message(l.message.clone())
        })
        .collect();
    base.with_message(d.message.clone())
        .with_labels(labels)
        .with_notes(d.notes.clone())
}

/// The file a diagnostic is about: its primary label's (or first label's), if it has one.
fn file_of(d: &Diagnostic) -> Option<FileId> {
    d.labels
        .iter()
        .find(|l| l.primary)
        .or_else(|| d.labels.first())
        .map(|l| l.span.file)
}

/// Renders diagnostics as text, with or without colours (see [`render_to`]).
pub fn render(sources: &Sources, diagnostics: &[Diagnostic], color: bool) -> String {
    let mut out = Vec::new();
    let _ = render_to(&mut out, sources, diagnostics, color);
    String::from_utf8_lossy(&out).into_owned()
}

/// Writes diagnostics to `out` one at a time, as they are rendered: at most
/// [`MAX_DIAGNOSTICS_PER_FILE`] per file (then one line counting the others), each long source
/// line cut to a window around its label ([`MAX_EXCERPT_WIDTH`]). The work and the output are
/// bounded by the number of diagnostics shown, whatever the size of the files.
pub fn render_to(
    out: &mut dyn Write,
    sources: &Sources,
    diagnostics: &[Diagnostic],
    color: bool,
) -> std::io::Result<()> {
    let config = term::Config::default();
    let mut files = FilesAdapter::new(sources);
    let mut shown: HashMap<Option<FileId>, usize> = HashMap::new();
    let mut more: Vec<(Option<FileId>, usize)> = Vec::new();
    for d in diagnostics {
        let key = file_of(d);
        let n = shown.entry(key).or_default();
        *n += 1;
        if *n > MAX_DIAGNOSTICS_PER_FILE {
            match more.iter_mut().find(|(k, _)| *k == key) {
                Some((_, m)) => *m += 1,
                None => more.push((key, 1)),
            }
            continue;
        }
        let ranges = files.prepare(d);
        let cs = to_codespan(d, ranges);
        let mut buf = Vec::new();
        let result = if color {
            let mut w = termcolor::Ansi::new(&mut buf);
            term::emit(&mut w, &config, &files, &cs)
        } else {
            let mut w = termcolor::NoColor::new(&mut buf);
            term::emit(&mut w, &config, &files, &cs)
        };
        if let Err(e) = result {
            buf.extend_from_slice(format!("error: {} ({e})\n", d.message).as_bytes());
        }
        out.write_all(&buf)?;
    }
    for (key, n) in more {
        let place = match key {
            Some(f) => format!(" in {}", sources.path(f).display()),
            None => String::new(),
        };
        writeln!(out, "… and {n} more problem(s){place}")?;
    }
    Ok(())
}

/// The most a suggestion may differ from the word it replaces, for a candidate of `len` chars.
fn max_distance(len: usize) -> usize {
    (len.max(3) / 3).max(1)
}

/// The optimal-string-alignment distance (edits and transpositions of neighbours) between `a`
/// and `b` if it is at most `max`: rows of the table are dropped as soon as none can end within
/// `max`, so a far word costs a few rows, not the whole table.
fn distance_within<T: PartialEq>(a: &[T], b: &[T], max: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let n = b.len();
    // three rows of the table, side by side: the one before the previous, the previous, this
    let mut rows = vec![0usize; 3 * (n + 1)];
    for (j, x) in rows[n + 1..2 * (n + 1)].iter_mut().enumerate() {
        *x = j;
    }
    for i in 1..=a.len() {
        let (older, rest) = rows.split_at_mut(n + 1);
        let (prev, cur) = rest.split_at_mut(n + 1);
        cur[0] = i;
        let mut least = i;
        for j in 1..=n {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(older[j - 2] + 1);
            }
            cur[j] = d;
            least = least.min(d);
        }
        if least > max {
            return None;
        }
        // this row becomes the previous one, the previous the older
        rows.rotate_left(n + 1);
    }
    let last = &rows[n + 1..2 * (n + 1)];
    Some(last[n]).filter(|&d| d <= max)
}

/// A lower bound of the edit distance of two ASCII words: the letters one has more of than the
/// other (each edit changes at most one letter of each side). Costs one pass over both.
fn letters_apart(a: &[u8], b: &[u8]) -> usize {
    let mut count = [0i32; 128];
    for &x in a {
        count[usize::from(x & 0x7f)] += 1;
    }
    for &x in b {
        count[usize::from(x & 0x7f)] -= 1;
    }
    let (more, fewer) = count.iter().fold((0, 0), |(m, f), &c| {
        if c > 0 {
            (m + c as usize, f)
        } else {
            (m, f + (-c) as usize)
        }
    });
    more.max(fewer)
}

/// The nearest word to `word` among `candidates`, if it is close enough to be a likely typo.
///
/// Bounded for any input: a candidate whose length differs from the word's by more than the
/// distance allowed can't be near it and is skipped without comparing, and a comparison stops
/// as soon as the distance allowed is passed, so a 1 MB "id" costs one length count and a
/// thousand unknown ids cost a thousand short comparisons per candidate.
pub fn suggest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let len = word.chars().count();
    let mut lower: Option<(String, Vec<char>)> = None;
    candidates
        .into_iter()
        .filter_map(|c| {
            let clen = c.chars().count();
            let max = max_distance(clen);
            if len.abs_diff(clen) > max {
                return None;
            }
            let (lw, lw_chars) = lower.get_or_insert_with(|| {
                let l = word.to_lowercase();
                let chars = l.chars().collect();
                (l, chars)
            });
            let cl = c.to_lowercase();
            let d = if lw.is_ascii() && cl.is_ascii() {
                if letters_apart(lw.as_bytes(), cl.as_bytes()) > max {
                    return None;
                }
                distance_within(lw.as_bytes(), cl.as_bytes(), max)
            } else {
                distance_within(lw_chars, &cl.chars().collect::<Vec<_>>(), max)
            }?;
            // a word differing only in case (`unit` for `Unit`) is the nearest of all
            (d > 0 || c != word).then_some((d, c))
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_cut_around_the_label() {
        let mut sources = Sources::new();
        let line = format!("{}BAD{}\n", "x".repeat(100_000), "y".repeat(100_000));
        let f = sources.add("long.toml", format!("first\n{line}"));
        let at = 6 + 100_000;
        let d = Diagnostic::error("bad word").with_primary(Span::new(f, at..at + 3), "here");
        let out = render(&sources, &[d], false);
        assert!(out.contains("long.toml:2:100001"), "{out}");
        assert!(out.contains("BAD"), "{out}");
        assert!(out.contains('…'), "{out}");
        assert!(
            out.len() < 4 * MAX_EXCERPT_WIDTH,
            "{} bytes: {out}",
            out.len()
        );
        assert!(
            out.lines()
                .all(|l| l.chars().count() < 2 * MAX_EXCERPT_WIDTH),
            "{out}"
        );
    }

    #[test]
    fn a_short_line_is_quoted_whole() {
        let mut sources = Sources::new();
        let f = sources.add("short.toml", "id = \"x\"\ntext = \"Draw 1\"\n");
        let d = Diagnostic::error("bad").with_primary(Span::new(f, 16..20), "here");
        let out = render(&sources, &[d], false);
        assert!(out.contains("text = \"Draw 1\""), "{out}");
        assert!(out.contains("short.toml:2:8"), "{out}");
        assert!(!out.contains('…'), "{out}");
    }

    #[test]
    fn a_file_shows_a_bounded_number_of_problems_then_counts_the_rest() {
        let mut sources = Sources::new();
        let text = "a".repeat(10_000);
        let f = sources.add("many.toml", text);
        let diags: Vec<_> = (0..5_000)
            .map(|k| {
                Diagnostic::error(format!("problem {k}")).with_primary(Span::new(f, k..k + 1), "")
            })
            .collect();
        let out = render(&sources, &diags, false);
        assert_eq!(
            out.matches("error: problem").count(),
            MAX_DIAGNOSTICS_PER_FILE
        );
        assert!(
            out.contains(&format!(
                "… and {} more problem(s) in many.toml",
                5_000 - MAX_DIAGNOSTICS_PER_FILE
            )),
            "{out}"
        );
        assert!(
            out.len() < 200 * MAX_DIAGNOSTICS_PER_FILE * 4,
            "{} bytes",
            out.len()
        );
    }

    #[test]
    fn suggestions_are_close_words_only() {
        let words = ["power", "cost", "ram", "Unit"];
        assert_eq!(suggest("powr", words), Some("power"));
        assert_eq!(suggest("Unti", words), Some("Unit"));
        assert_eq!(suggest("colour", words), None);
        assert_eq!(suggest("power", words), None);
        assert_eq!(suggest("unit", words), Some("Unit"));
    }

    #[test]
    fn the_bounded_distance_agrees_with_the_full_one_within_the_bound() {
        let words = [
            "chrome-fang",
            "chrome-fnag",
            "chrmoe-fang",
            "floor-it",
            "Unit",
            "unti",
            "",
            "a",
        ];
        for a in words {
            for b in words {
                let (ac, bc): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
                let full = strsim::osa_distance(a, b);
                assert!(letters_apart(a.as_bytes(), b.as_bytes()) <= full, "{a} {b}");
                for max in 0..6 {
                    let want = (full <= max).then_some(full);
                    assert_eq!(distance_within(&ac, &bc, max), want, "{a} {b} {max}");
                }
            }
        }
    }

    #[test]
    fn a_huge_word_is_compared_with_no_candidate() {
        // The length filter alone decides: no candidate is within reach of a 1 MB word.
        let huge = "chrome-fang".repeat(100_000);
        assert_eq!(suggest(&huge, ["chrome-fang", "floor-it"]), None);
        assert_eq!(
            suggest("chrome-fanj", ["chrome-fang", "floor-it"]),
            Some("chrome-fang")
        );
    }
}
