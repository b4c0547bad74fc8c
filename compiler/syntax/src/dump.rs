//! A readable, indented dump of a syntax tree, used by snapshots and `runic ir --stage syntax`.
//!
//! Whitespace tokens are left out (their ranges show where they are); every
//! other token and node appears with its kind and byte range.

use std::fmt::Write;

use crate::{SyntaxElement, SyntaxKind, SyntaxNode};

/// A compact one-line rendering, `(KIND child child ...)`, trivia left out:
/// for grammar tests, for reviewing how a program parsed, and for the
/// formatter's check that its output is the same program. Written in one
/// walk into one buffer: linear in the tree, however deep.
pub fn debug_sexp(node: &SyntaxNode) -> String {
    let mut out = String::new();
    // Whether the next part is the first of its node (no space before it).
    let mut first = true;
    for event in node.preorder_with_tokens() {
        match event {
            rowan::WalkEvent::Enter(SyntaxElement::Node(n)) => {
                if !first {
                    out.push(' ');
                }
                let _ = write!(out, "({:?} ", n.kind());
                first = true;
            }
            rowan::WalkEvent::Enter(SyntaxElement::Token(t)) if !t.kind().is_trivia() => {
                if !first {
                    out.push(' ');
                }
                out.push_str(t.text());
                first = false;
            }
            rowan::WalkEvent::Enter(SyntaxElement::Token(_)) => {}
            rowan::WalkEvent::Leave(SyntaxElement::Node(_)) => {
                out.push(')');
                first = false;
            }
            rowan::WalkEvent::Leave(SyntaxElement::Token(_)) => {}
        }
    }
    out
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
