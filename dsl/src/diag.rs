//! Diagnostics: every error of the crate becomes a [`Diagnostic`], rendered in one place.

use crate::source::{Sources, Span};
use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label as CsLabel};
use codespan_reporting::files::{Error as FilesError, Files};
use codespan_reporting::term::{self, termcolor};
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

struct FilesAdapter<'a>(&'a Sources);

impl<'a> Files<'a> for FilesAdapter<'a> {
    type FileId = usize;
    type Name = String;
    type Source = &'a str;

    fn name(&'a self, id: usize) -> Result<String, FilesError> {
        Ok(self.0.path(id).display().to_string())
    }

    fn source(&'a self, id: usize) -> Result<&'a str, FilesError> {
        Ok(&self.0.get(id).text)
    }

    fn line_index(&'a self, id: usize, byte_index: usize) -> Result<usize, FilesError> {
        Ok(self.0.get(id).line_col(byte_index).0 - 1)
    }

    fn line_range(&'a self, id: usize, line_index: usize) -> Result<Range<usize>, FilesError> {
        let text = &self.0.get(id).text;
        let mut start = 0;
        for _ in 0..line_index {
            match text[start..].find('\n') {
                Some(i) => start += i + 1,
                None => {
                    return Err(FilesError::LineTooLarge {
                        given: line_index,
                        max: line_index,
                    })
                }
            }
        }
        let end = text[start..]
            .find('\n')
            .map_or(text.len(), |i| start + i + 1);
        Ok(start..end)
    }
}

fn to_codespan(sources: &Sources, d: &Diagnostic) -> CsDiagnostic<usize> {
    let base = match d.severity {
        Severity::Error => CsDiagnostic::error(),
        Severity::Warning => CsDiagnostic::warning(),
    };
    let labels = d
        .labels
        .iter()
        .map(|l| {
            let len = sources.get(l.span.file).text.len();
            let range = l.span.start.min(len)..l.span.end.min(len).max(l.span.start.min(len));
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

/// Renders diagnostics as text, with or without colours.
pub fn render(sources: &Sources, diagnostics: &[Diagnostic], color: bool) -> String {
    let config = term::Config::default();
    let files = FilesAdapter(sources);
    let mut out = Vec::new();
    for d in diagnostics {
        let cs = to_codespan(sources, d);
        let result = if color {
            let mut w = termcolor::Ansi::new(&mut out);
            term::emit(&mut w, &config, &files, &cs)
        } else {
            let mut w = termcolor::NoColor::new(&mut out);
            term::emit(&mut w, &config, &files, &cs)
        };
        if let Err(e) = result {
            out.extend_from_slice(format!("error: {} ({e})\n", d.message).as_bytes());
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The nearest word to `word` among `candidates`, if it is close enough to be a likely typo.
pub fn suggest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = word.to_lowercase();
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(&lower, &c.to_lowercase()), c))
        // a word differing only in case (`unit` for `Unit`) is the nearest of all
        .filter(|(d, c)| (*d > 0 || *c != word) && *d <= (c.chars().count().max(3) / 3).max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_are_close_words_only() {
        let words = ["power", "cost", "ram", "Unit"];
        assert_eq!(suggest("powr", words), Some("power"));
        assert_eq!(suggest("Unti", words), Some("Unit"));
        assert_eq!(suggest("colour", words), None);
        assert_eq!(suggest("power", words), None);
        assert_eq!(suggest("unit", words), Some("Unit"));
    }
}
