//! `textDocument/formatting` and `textDocument/rangeFormatting`: the
//! `runic-fmt` formatter on a snapshot's text, answered as one text edit.
//!
//! A document with syntax errors gets no edits (an empty list, not an
//! error): formatting is refused until it parses. Range formatting formats
//! the top-level declarations the range touches.

use runic_fmt::{range, Edit, FormatError};
use runic_queries::TextRange;
use tower_lsp::jsonrpc::Result;
use tower_lsp::lsp_types::{Range, TextEdit};

use super::line_index::LineIndex;
use super::owner::Snapshot;

/// The edits that format the whole document.
pub fn format_document(snapshot: &Snapshot) -> Result<Vec<TextEdit>> {
    let text = snapshot.file.text(&snapshot.db);
    let edit = runic_fmt::format(text).map(|formatted| {
        Some(Edit {
            range: range(0, text.len()),
            text: formatted,
        })
    });
    Ok(edits(text, edit))
}

/// The edits that format the declarations `lsp_range` touches.
pub fn format_range(snapshot: &Snapshot, lsp_range: Range) -> Result<Vec<TextEdit>> {
    let text = snapshot.file.text(&snapshot.db);
    let (start, end) = LineIndex::new(text).byte_range(lsp_range);
    Ok(edits(
        text,
        runic_fmt::format_range(text, range(start, end)),
    ))
}

/// The formatter's answer as LSP edits: none when it refused or when nothing
/// changes, else one edit trimmed to the part that differs.
fn edits(text: &str, edit: std::result::Result<Option<Edit>, FormatError>) -> Vec<TextEdit> {
    let edit = match edit {
        Ok(Some(edit)) => edit,
        Ok(None) | Err(FormatError::Syntax(_)) => return Vec::new(),
        Err(error) => {
            eprintln!("runic lsp: formatting refused: {error}");
            return Vec::new();
        }
    };
    let old = &text[std::ops::Range::<usize>::from(edit.range)];
    let Some((range, new_text)) = trim(old, &edit.text, edit.range) else {
        return Vec::new();
    };
    let index = LineIndex::new(text);
    vec![TextEdit {
        range: index.range(range),
        new_text,
    }]
}

/// The smallest replacement of `old` (at `at`) by `new`: common prefix and
/// suffix left out, on character boundaries. `None` when equal.
fn trim(old: &str, new: &str, at: TextRange) -> Option<(TextRange, String)> {
    if old == new {
        return None;
    }
    let mut prefix = common_len(old.bytes(), new.bytes());
    while !old.is_char_boundary(prefix) || !new.is_char_boundary(prefix) {
        prefix -= 1;
    }
    let (old_rest, new_rest) = (&old[prefix..], &new[prefix..]);
    let mut suffix = common_len(old_rest.bytes().rev(), new_rest.bytes().rev());
    while !old_rest.is_char_boundary(old_rest.len() - suffix)
        || !new_rest.is_char_boundary(new_rest.len() - suffix)
    {
        suffix -= 1;
    }
    let start = usize::from(at.start()) + prefix;
    let end = usize::from(at.start()) + old.len() - suffix;
    Some((
        range(start, end),
        new_rest[..new_rest.len() - suffix].to_string(),
    ))
}

fn common_len(a: impl Iterator<Item = u8>, b: impl Iterator<Item = u8>) -> usize {
    a.zip(b).take_while(|(x, y)| x == y).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_are_trimmed_to_what_differs() {
        let at = range(10, 18);
        assert_eq!(
            trim("def  x=1", "def x = 1", at),
            Some((range(14, 17), "x = ".to_string()))
        );
        assert_eq!(trim("a", "a", at), None);
        assert_eq!(
            trim("é1", "é2", range(0, 3)),
            Some((range(2, 3), "2".to_string()))
        );
    }
}
