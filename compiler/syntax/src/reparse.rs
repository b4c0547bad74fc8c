//! Incremental reparsing: after an edit inside one top-level declaration,
//! parse only that declaration again and splice it into the old tree.
//!
//! Top-level declarations are independent in Futhark's grammar: each starts
//! with a keyword and ends where its own grammar ends. So when an edit lies
//! strictly inside one declaration, and that declaration's new text parses
//! on its own into exactly one declaration without errors, the full parse of
//! the new file would contain the same node. Anything less certain (an edit
//! touching a declaration's edges or spanning several, a reparse with
//! errors, trivia left outside the node) falls back to a full parse, so the
//! result always equals `parse(new_text)`.

use std::sync::Arc;

use rowan::{TextRange, TextSize};

use crate::{parse, Parse, SyntaxError, SyntaxKind::*, SyntaxNode};

/// One edit: `delete` (a range of the old text) is replaced by `insert`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Indel {
    pub delete: TextRange,
    pub insert: String,
}

impl Indel {
    /// The one edit that turns `old` into `new`: everything between their
    /// common prefix and common suffix (on character boundaries).
    pub fn between(old: &str, new: &str) -> Indel {
        let mut prefix = common_prefix(old.as_bytes(), new.as_bytes());
        while !old.is_char_boundary(prefix) || !new.is_char_boundary(prefix) {
            prefix -= 1;
        }
        let room = old.len().min(new.len()) - prefix;
        let mut suffix = common_suffix(
            &old.as_bytes()[old.len() - room..],
            &new.as_bytes()[new.len() - room..],
        );
        while !old.is_char_boundary(old.len() - suffix) || !new.is_char_boundary(new.len() - suffix)
        {
            suffix -= 1;
        }
        let delete = TextRange::new(
            TextSize::from(prefix as u32),
            TextSize::from((old.len() - suffix) as u32),
        );
        Indel {
            delete,
            insert: new[prefix..new.len() - suffix].to_string(),
        }
    }

    /// Applies the edit to `text`; `None` if the range is out of bounds or
    /// not on character boundaries.
    pub fn apply(&self, text: &str) -> Option<String> {
        let (start, end) = (
            usize::from(self.delete.start()),
            usize::from(self.delete.end()),
        );
        let (before, after) = (text.get(..start)?, text.get(end..)?);
        Some(format!("{before}{}{after}", self.insert))
    }
}

impl Parse {
    /// The parse of `new_text`, which is this parse's text with `edit`
    /// applied, reusing every declaration the edit does not touch.
    pub fn reparse(&self, new_text: &str, edit: &Indel) -> Parse {
        reparse_declaration(self, new_text, edit).unwrap_or_else(|| parse(new_text))
    }
}

fn is_declaration(node: &SyntaxNode) -> bool {
    matches!(
        node.kind(),
        VALUE_DECL
            | TYPE_DECL
            | MODULE_DECL
            | MODULE_TYPE_DECL
            | OPEN_DECL
            | IMPORT_DECL
            | LOCAL_DECL
            | INCLUDE_DECL
    )
}

fn reparse_declaration(old: &Parse, new_text: &str, edit: &Indel) -> Option<Parse> {
    let root = old.syntax();
    let decl = root.children().find(|node| {
        let range = node.text_range();
        range.start() < edit.delete.start() && edit.delete.end() < range.end()
    })?;
    // The edit must leave the first token alone: the previous declaration
    // ended by looking at it, and errors reported there may name it.
    let first_token = decl
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| !t.kind().is_trivia())?;
    if !is_declaration(&decl) || edit.delete.start() < first_token.text_range().end() {
        return None;
    }
    // The next declaration must be a real one: an error node after us may
    // mean our old end was decided by broken text.
    if decl
        .next_sibling()
        .is_some_and(|next| !is_declaration(&next))
    {
        return None;
    }
    let range = decl.text_range();
    let local_edit = Indel {
        delete: edit.delete.checked_sub(range.start())?,
        insert: edit.insert.clone(),
    };
    let new_decl_text = local_edit.apply(&decl.text().to_string())?;
    let fresh = parse(&new_decl_text);
    let mut children = fresh.syntax().children_with_tokens();
    let only = children.next()?.into_node()?;
    if children.next().is_some() || !fresh.errors().is_empty() || !is_declaration(&only) {
        return None;
    }
    let new_root = decl.replace_with(only.green().into_owned());
    // Errors the old declaration caused may sit on the token after it (they
    // say what was found there): those up to the next declaration are its own.
    let owned_end = decl
        .next_sibling()
        .map_or(root.text_range().end(), |next| next.text_range().start());
    let errors = shift_errors(old.errors(), TextRange::new(range.start(), owned_end), edit)?;
    let reparsed = Parse {
        green: new_root,
        errors: Arc::from(errors),
        depth: old.depth.max(fresh.depth),
    };
    debug_assert_eq!(reparsed.syntax().to_string(), new_text);
    Some(reparsed)
}

/// The old errors with those `owned` by the reparsed declaration (which now
/// parses cleanly: after its start, up to and including the start of the
/// next declaration) dropped, and those after it moved by the edit.
fn shift_errors(
    errors: &[SyntaxError],
    owned: TextRange,
    edit: &Indel,
) -> Option<Vec<SyntaxError>> {
    let inserted = TextSize::of(edit.insert.as_str());
    let deleted = edit.delete.len();
    let mut kept = Vec::with_capacity(errors.len());
    for error in errors {
        let start = error.range.start();
        if start > owned.end() {
            let moved = error.range.checked_add(inserted)?.checked_sub(deleted)?;
            kept.push(SyntaxError::new(moved, error.message.clone()));
        } else if start <= owned.start() {
            kept.push(error.clone());
        }
    }
    Some(kept)
}

/// Bytes compared at once by [`common_prefix`] and [`common_suffix`]: a
/// block compare is a `memcmp`, many times faster than byte by byte on the
/// megabytes of a large file.
const BLOCK: usize = 64;

/// The length of the longest common prefix of `a` and `b`.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let mut at = 0;
    while at + BLOCK <= n && a[at..at + BLOCK] == b[at..at + BLOCK] {
        at += BLOCK;
    }
    at + a[at..n]
        .iter()
        .zip(&b[at..n])
        .take_while(|(x, y)| x == y)
        .count()
}

/// The length of the longest common suffix of `a` and `b`.
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let (a, b) = (&a[a.len() - n..], &b[b.len() - n..]);
    let mut matched = 0;
    while matched + BLOCK <= n
        && a[n - matched - BLOCK..n - matched] == b[n - matched - BLOCK..n - matched]
    {
        matched += BLOCK;
    }
    matched
        + a[..n - matched]
            .iter()
            .rev()
            .zip(b[..n - matched].iter().rev())
            .take_while(|(x, y)| x == y)
            .count()
}
