//! Whether two texts are the same program: equal trees once whitespace and
//! comments are left out, and the same comments in the same order.
//!
//! The formatter checks its own output with this before returning it, and
//! the tests use it on whole corpora.

use runic_syntax::{debug_sexp, parse, SyntaxKind};

/// The comments of `text` in order, trailing whitespace trimmed.
pub fn comments(text: &str) -> Vec<String> {
    parse(text)
        .syntax()
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| matches!(t.kind(), SyntaxKind::COMMENT | SyntaxKind::DOC_COMMENT))
        .map(|t| t.text().trim_end().to_string())
        .collect()
}

/// Why `after` is not the program `before` is, or `None` if it is.
pub fn difference(before: &str, after: &str) -> Option<String> {
    let (old, new) = (parse(before), parse(after));
    if let Some(error) = new.errors().first() {
        return Some(format!("the result does not parse: {}", error.message));
    }
    if debug_sexp(&old.syntax()) != debug_sexp(&new.syntax()) {
        return Some("the result parses to a different tree".into());
    }
    if comments(before) != comments(after) {
        return Some("the result's comments differ".into());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_is_not_a_difference_but_tokens_and_comments_are() {
        assert_eq!(difference("def x = 1 -- c", "def  x=1\n-- c\n"), None);
        assert!(difference("def x = a[1]", "def x = a [1]").is_some());
        assert!(difference("def x = 1 -- c", "def x = 1").is_some());
        assert!(difference("def x = 1", "def x = (1").is_some());
    }
}
