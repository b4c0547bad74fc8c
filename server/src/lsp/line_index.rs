//! Conversion between byte offsets (what the compiler speaks) and LSP
//! positions (line, UTF-16 code unit), for one version of a text.
//!
//! Lines end at `\n`, `\r\n` or a lone `\r`, as the LSP specification says.
//! Every conversion is total: offsets past the end, positions past the end of
//! a line or of the text, and offsets or positions inside a character (a
//! multi-byte UTF-8 sequence, a UTF-16 surrogate pair, a `\r\n`) are clamped
//! or snapped to the nearest earlier valid place instead of panicking.

use runic_queries::TextRange;
use tower_lsp::lsp_types::{Position, Range};

/// Line starts of a text, borrowed with it.
#[derive(Debug, Clone)]
pub struct LineIndex<'a> {
    text: &'a str,
    /// Byte offset at which each line starts; the first is always 0.
    line_starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> Self {
        let bytes = text.as_bytes();
        let mut line_starts = vec![0];
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\n' => line_starts.push(i + 1),
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                    i += 1;
                    line_starts.push(i + 1);
                }
                b'\r' => line_starts.push(i + 1),
                _ => {}
            }
            i += 1;
        }
        LineIndex { text, line_starts }
    }

    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// The byte range of a line's content, without its line terminator.
    fn line_content(&self, line: usize) -> (usize, usize) {
        let start = self.line_starts[line];
        let next = self
            .line_starts
            .get(line + 1)
            .copied()
            .unwrap_or(self.text.len());
        let bytes = self.text.as_bytes();
        let mut end = next;
        if end > start && bytes[end - 1] == b'\n' {
            end -= 1;
        }
        if end > start && bytes[end - 1] == b'\r' {
            end -= 1;
        }
        (start, end)
    }

    /// The length of a line's content in UTF-16 code units (0 past the end).
    pub fn line_len_utf16(&self, line: usize) -> u32 {
        if line >= self.line_count() {
            return 0;
        }
        let (start, end) = self.line_content(line);
        utf16_len(&self.text[start..end])
    }

    /// The position of a byte offset.
    pub fn position(&self, offset: usize) -> Position {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&start| start <= offset) - 1;
        let (start, end) = self.line_content(line);
        let mut column_end = offset.min(end);
        while !self.text.is_char_boundary(column_end) {
            column_end -= 1;
        }
        Position::new(line as u32, utf16_len(&self.text[start..column_end]))
    }

    /// The byte offset of a position, always on a character boundary.
    pub fn offset(&self, position: Position) -> usize {
        let line = position.line as usize;
        if line >= self.line_count() {
            return self.text.len();
        }
        let (start, end) = self.line_content(line);
        let mut units = 0u32;
        for (i, ch) in self.text[start..end].char_indices() {
            if units >= position.character {
                return start + i;
            }
            units += ch.len_utf16() as u32;
            if units > position.character {
                return start + i;
            }
        }
        end
    }

    pub fn range(&self, range: TextRange) -> Range {
        Range::new(
            self.position(range.start().into()),
            self.position(range.end().into()),
        )
    }

    /// The byte range of an LSP range, with its ends put in order.
    pub fn byte_range(&self, range: Range) -> (usize, usize) {
        let start = self.offset(range.start);
        let end = self.offset(range.end);
        (start.min(end), start.max(end))
    }
}

fn utf16_len(text: &str) -> u32 {
    text.chars().map(|c| c.len_utf16() as u32).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position::new(line, character)
    }

    #[test]
    fn ascii_lines() {
        let index = LineIndex::new("ab\ncd\n");
        assert_eq!(index.line_count(), 3);
        assert_eq!(index.position(0), pos(0, 0));
        assert_eq!(index.position(2), pos(0, 2));
        assert_eq!(index.position(3), pos(1, 0));
        assert_eq!(index.position(6), pos(2, 0));
        assert_eq!(index.offset(pos(1, 1)), 4);
        assert_eq!(index.offset(pos(2, 0)), 6);
    }

    #[test]
    fn non_ascii_counts_utf16_units() {
        // `é` is 2 bytes and 1 unit; `𝔸` is 4 bytes and 2 units (a surrogate pair).
        let text = "é𝔸x\nλ = 1";
        let index = LineIndex::new(text);
        assert_eq!(index.position(2), pos(0, 1));
        assert_eq!(index.position(6), pos(0, 3));
        assert_eq!(index.position(7), pos(0, 4));
        assert_eq!(index.offset(pos(0, 1)), 2);
        assert_eq!(index.offset(pos(0, 3)), 6);
        assert_eq!(index.offset(pos(1, 1)), text.find(" =").unwrap());
        assert_eq!(
            index.range(TextRange::new(2.into(), 7.into())).end,
            pos(0, 4)
        );
    }

    #[test]
    fn positions_inside_characters_snap_back() {
        let text = "a𝔸b";
        let index = LineIndex::new(text);
        // Between the two halves of the surrogate pair.
        assert_eq!(index.offset(pos(0, 2)), 1);
        // Inside the UTF-8 sequence of `𝔸`.
        assert_eq!(index.position(3), pos(0, 1));
    }

    #[test]
    fn out_of_range_is_clamped() {
        let text = "ab\ncd";
        let index = LineIndex::new(text);
        assert_eq!(index.offset(pos(0, 99)), 2);
        assert_eq!(index.offset(pos(7, 0)), text.len());
        assert_eq!(index.position(999), pos(1, 2));
        assert_eq!(index.line_len_utf16(9), 0);
        assert_eq!(index.byte_range(Range::new(pos(1, 1), pos(0, 1))), (1, 4));
    }

    #[test]
    fn crlf_and_lone_cr_end_lines() {
        let text = "a\r\nb\rc";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 3);
        assert_eq!(index.position(1), pos(0, 1));
        // Between `\r` and `\n`: still the end of line 0.
        assert_eq!(index.position(2), pos(0, 1));
        assert_eq!(index.position(3), pos(1, 0));
        assert_eq!(index.position(5), pos(2, 0));
        assert_eq!(index.offset(pos(0, 5)), 1);
        assert_eq!(index.offset(pos(1, 1)), 4);
        assert_eq!(index.line_len_utf16(0), 1);
    }

    #[test]
    fn every_boundary_round_trips() {
        let text = "déf 𝔸 =\r\n  ψ\n\n→x\r";
        let index = LineIndex::new(text);
        for (offset, _) in text.char_indices().chain([(text.len(), ' ')]) {
            let position = index.position(offset);
            let back = index.offset(position);
            let at_terminator = matches!(text.as_bytes().get(offset), Some(b'\n'))
                && offset > 0
                && text.as_bytes()[offset - 1] == b'\r';
            if !at_terminator {
                assert_eq!(back, offset, "offset {offset} -> {position:?}");
            }
        }
    }
}
