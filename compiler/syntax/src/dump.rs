//! A readable, indented dump of a syntax tree, used by snapshots and `runic ir --stage syntax`.
//!
//! Whitespace tokens are left out (their ranges show where they are); every
//! other token and node appears with its kind and byte range.

use std::fmt::Write;

use crate::{SyntaxElement, SyntaxKind, SyntaxNode};

/// A compact one-line rendering, `(KIND child child ...)`, trivia left out:
/// for grammar tests and for reviewing how a program parsed.
pub fn debug_sexp(node: &SyntaxNode) -> String {
    let parts: Vec<String> = node
        .children_with_tokens()
        .filter_map(|element| match element {
            SyntaxElement::Node(n) => Some(debug_sexp(&n)),
            SyntaxElement::Token(t) if t.kind().is_trivia() => None,
            SyntaxElement::Token(t) => Some(t.text().to_string()),
        })
        .collect();
    format!("({:?} {})", node.kind(), parts.join(" "))
}

/// One line per node and non-whitespace token: kind, byte range and, for tokens, the text.
pub fn debug_tree(node: &SyntaxNode) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for event in node.preorder_with_tokens() {
        match event {
            rowan::WalkEvent::Enter(element) => {
                let indent = "  ".repeat(depth);
                let range = element.text_range();
                let (start, end) = (u32::from(range.start()), u32::from(range.end()));
                match element {
                    SyntaxElement::Node(node) => {
                        let _ = writeln!(out, "{indent}{:?}@{start}..{end}", node.kind());
                        depth += 1;
                    }
                    SyntaxElement::Token(token) if token.kind() == SyntaxKind::WHITESPACE => {}
                    SyntaxElement::Token(token) => {
                        let _ = writeln!(
                            out,
                            "{indent}{:?}@{start}..{end} {:?}",
                            token.kind(),
                            token.text()
                        );
                    }
                }
            }
            rowan::WalkEvent::Leave(SyntaxElement::Node(_)) => depth -= 1,
            rowan::WalkEvent::Leave(SyntaxElement::Token(_)) => {}
        }
    }
    out
}
