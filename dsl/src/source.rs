//! Source files: their text, and byte offsets turned into lines and columns.

use std::ops::Range;
use std::path::{Path, PathBuf};

/// Index of a file in a [`Sources`] table.
pub type FileId = usize;

/// A byte range into one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Span {
    /// the file the range is in
    pub file: FileId,
    /// first byte
    pub start: usize,
    /// one past the last byte
    pub end: usize,
}

impl Span {
    /// A span in `file` covering `range`.
    pub fn new(file: FileId, range: Range<usize>) -> Self {
        Span {
            file,
            start: range.start,
            end: range.end,
        }
    }

    /// The byte range.
    pub fn range(&self) -> Range<usize> {
        self.start..self.end
    }
}

/// One source file: its path as given by the caller and its text.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// the path used in messages
    pub path: PathBuf,
    /// the whole text
    pub text: String,
    line_starts: Vec<usize>,
    /// the text is ASCII: a column is a byte count (no walk over a long line)
    ascii: bool,
    /// for text that is not ASCII: the characters before each multiple of [`MARK`] bytes, so a
    /// column costs at most one block's walk, however long its line
    marks: Vec<usize>,
}

/// Bytes between two character-count marks of a [`SourceFile`].
const MARK: usize = 1024;

/// Characters that start in `bytes` (UTF-8 bytes that are not continuation bytes).
fn chars_in(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

impl SourceFile {
    fn new(path: PathBuf, text: String) -> Self {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let ascii = text.is_ascii();
        let marks = if ascii {
            Vec::new()
        } else {
            let mut marks = vec![0];
            for block in text.as_bytes().chunks(MARK) {
                marks.push(marks[marks.len() - 1] + chars_in(block));
            }
            marks
        };
        SourceFile {
            ascii,
            marks,
            path,
            text,
            line_starts,
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = match self.line_starts.binary_search(&offset) {
            Ok(l) => l,
            Err(l) => l - 1,
        };
        let start = self.line_starts[line];
        let col = if self.ascii {
            offset - start
        } else {
            self.chars_before(offset) - self.chars_before(start)
        };
        (line + 1, col + 1)
    }

    /// Characters that start before byte `offset` (for text that is not ASCII).
    fn chars_before(&self, offset: usize) -> usize {
        let block = offset / MARK;
        let from = block * MARK;
        self.marks[block.min(self.marks.len() - 1)] + chars_in(&self.text.as_bytes()[from..offset])
    }

    /// The 0-based line containing a byte offset.
    pub fn line_index_of(&self, offset: usize) -> usize {
        let offset = offset.min(self.text.len());
        match self.line_starts.binary_search(&offset) {
            Ok(l) => l,
            Err(l) => l - 1,
        }
    }

    /// The bytes of a 0-based line, with its newline.
    pub fn line_range(&self, line: usize) -> Option<Range<usize>> {
        let start = *self.line_starts.get(line)?;
        let end = self
            .line_starts
            .get(line + 1)
            .copied()
            .unwrap_or(self.text.len());
        Some(start..end)
    }

    /// The bytes of the line containing `offset`, with its newline.
    pub fn line_range_of(&self, offset: usize) -> Range<usize> {
        self.line_range(self.line_index_of(offset))
            .unwrap_or(self.text.len()..self.text.len())
    }

    /// The text of the 0-based line containing `offset`, without its newline.
    pub fn line_of(&self, offset: usize) -> &str {
        let offset = offset.min(self.text.len());
        let line = match self.line_starts.binary_search(&offset) {
            Ok(l) => l,
            Err(l) => l - 1,
        };
        let start = self.line_starts[line];
        let end = self
            .line_starts
            .get(line + 1)
            .map_or(self.text.len(), |e| e - 1);
        &self.text[start..end.max(start)]
    }
}

/// Every source file a run has read, so diagnostics can quote them.
#[derive(Clone, Debug, Default)]
pub struct Sources {
    files: Vec<SourceFile>,
}

impl Sources {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a file and returns its id.
    pub fn add(&mut self, path: impl Into<PathBuf>, text: impl Into<String>) -> FileId {
        self.files.push(SourceFile::new(path.into(), text.into()));
        self.files.len() - 1
    }

    /// The file with this id.
    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id]
    }

    /// All files, in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files.iter().enumerate()
    }

    /// The path of a file.
    pub fn path(&self, id: FileId) -> &Path {
        &self.files[id].path
    }

    /// `path:line:col` for the start of a span.
    pub fn location(&self, span: &Span) -> String {
        let file = self.get(span.file);
        let (line, col) = file.line_col(span.start);
        format!("{}:{line}:{col}", file.path.display())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_characters() {
        let mut s = Sources::new();
        let id = s.add("a.toml", "ab\n☆x\n");
        let f = s.get(id);
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(3), (2, 1));
        assert_eq!(f.line_col(3 + '☆'.len_utf8()), (2, 2));
        assert_eq!(f.line_of(4), "☆x");
    }

    #[test]
    fn columns_of_a_long_line_that_is_not_ascii_are_counted_in_characters() {
        let mut s = Sources::new();
        let text = format!("☆\n{}x", "é".repeat(5000));
        let id = s.add("a.toml", text.clone());
        let at = text.len() - 1;
        assert_eq!(s.get(id).line_col(at), (2, 5001));
        assert_eq!(s.get(id).line_col(text.len()), (2, 5002));
        assert_eq!(s.get(id).line_col(1 + '☆'.len_utf8() + 2 * 1000), (2, 1001));
    }
}
