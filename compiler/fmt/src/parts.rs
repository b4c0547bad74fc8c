//! A node's children as "parts": each significant child (a node or a
//! non-trivia token) with the comments that belong to it.
//!
//! A comment on the same line as the part before it trails that part; any
//! other comment leads the next part (or, at the end of a node, is left
//! over in [`Parts::rest`]). Parts also remember what whitespace preceded
//! them in the source: whether there was any (some tokens must keep touching)
//! and whether there was a blank line (kept between declarations).

use runic_syntax::{SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken, TextRange};

use crate::doc::Doc;

/// A comment above a part.
#[derive(Debug, Clone)]
pub struct Comment {
    pub text: String,
    /// A blank line separates it from what came before.
    pub blank_before: bool,
    pub range: TextRange,
}

/// One significant child and its comments.
#[derive(Debug, Clone)]
pub struct Part {
    pub elem: SyntaxElement,
    pub leading: Vec<Comment>,
    pub trailing: Option<String>,
    /// Whitespace or comments separated it from the part before.
    pub spaced: bool,
    /// A blank line right above the part itself (below its comments).
    pub blank_before: bool,
    /// The part (or its first comment) started a line in the source.
    pub broken_before: bool,
    /// A comment the node starts with that sits on the line of the token
    /// before the node (see [`hanging_comment`]): it stays on that line.
    pub hang: Option<String>,
    /// Where the part and its comments lie in the source.
    pub range: TextRange,
}

impl Part {
    pub fn kind(&self) -> SyntaxKind {
        self.elem.kind()
    }

    pub fn node(&self) -> Option<&SyntaxNode> {
        self.elem.as_node()
    }

    pub fn first_token(&self) -> Option<SyntaxToken> {
        match &self.elem {
            SyntaxElement::Token(token) => Some(token.clone()),
            SyntaxElement::Node(node) => significant_tokens(node).next(),
        }
    }

    pub fn last_token(&self) -> Option<SyntaxToken> {
        match &self.elem {
            SyntaxElement::Token(token) => Some(token.clone()),
            SyntaxElement::Node(node) => significant_tokens(node).last(),
        }
    }

    /// Whether a blank line separates this part (or its first comment)
    /// from what came before.
    pub fn blank_above(&self) -> bool {
        self.leading
            .first()
            .map_or(self.blank_before, |c| c.blank_before)
    }

    /// The part's comments around `body` (the part's own layout): leading
    /// comments on lines of their own, blank lines between them kept when
    /// `keep_blanks`.
    pub fn wrap(&self, body: Doc, keep_blanks: bool) -> Doc {
        let mut docs = Vec::new();
        if let Some(hang) = &self.hang {
            docs.extend([Doc::text(" "), Doc::Comment(hang.clone())]);
        }
        for (i, comment) in self.leading.iter().enumerate() {
            if keep_blanks && i > 0 && comment.blank_before {
                docs.extend([Doc::Hard, Doc::Hard]);
            }
            docs.push(Doc::Comment(comment.text.clone()));
        }
        if keep_blanks && !self.leading.is_empty() && self.blank_before {
            docs.push(Doc::Hard);
            docs.push(Doc::Hard);
        }
        docs.push(body);
        docs.push(self.trailing_doc());
        Doc::Concat(docs)
    }

    /// The comment on the part's last line, if any.
    pub fn trailing_doc(&self) -> Doc {
        match &self.trailing {
            Some(comment) => Doc::concat([Doc::text(" "), Doc::Comment(comment.clone())]),
            None => Doc::Nil,
        }
    }
}

/// The parts of a node, and comments after its last part.
#[derive(Debug, Clone, Default)]
pub struct Parts {
    pub parts: Vec<Part>,
    pub rest: Vec<Comment>,
}

/// Splits `node`'s children into parts. A hanging comment at the start of
/// `node` is left out: the part holding `node` carries it.
pub fn parts(node: &SyntaxNode) -> Parts {
    let hanging = hanging_comment(node);
    let mut out = Parts::default();
    let mut leading = Vec::new();
    let mut newlines = 0;
    let mut first_newlines = None;
    let mut spaced = false;
    for elem in node.children_with_tokens() {
        match elem.kind() {
            SyntaxKind::WHITESPACE => {
                newlines += elem
                    .as_token()
                    .map_or(0, |t| t.text().matches('\n').count());
                spaced = true;
            }
            SyntaxKind::COMMENT | SyntaxKind::DOC_COMMENT
                if hanging.as_ref() == elem.as_token() => {}
            SyntaxKind::COMMENT | SyntaxKind::DOC_COMMENT => {
                let text = elem
                    .as_token()
                    .map_or("", |t| t.text())
                    .trim_end()
                    .to_string();
                let range = elem.text_range();
                let last = out.parts.last_mut();
                match last {
                    Some(part)
                        if newlines == 0 && leading.is_empty() && part.trailing.is_none() =>
                    {
                        part.trailing = Some(text);
                        part.range = part.range.cover(range);
                    }
                    _ => {
                        first_newlines.get_or_insert(newlines);
                        leading.push(Comment {
                            text,
                            blank_before: newlines >= 2,
                            range,
                        })
                    }
                }
                newlines = 0;
                spaced = true;
            }
            _ => {
                let range = leading.first().map_or(elem.text_range(), |c: &Comment| {
                    c.range.cover(elem.text_range())
                });
                let hang = elem
                    .as_node()
                    .and_then(hanging_comment)
                    .map(|c| c.text().trim_end().to_string());
                out.parts.push(Part {
                    hang,
                    range,
                    elem,
                    leading: std::mem::take(&mut leading),
                    trailing: None,
                    spaced,
                    blank_before: newlines >= 2,
                    broken_before: first_newlines.take().unwrap_or(newlines) > 0,
                });
                newlines = 0;
                spaced = false;
            }
        }
    }
    out.rest = leading;
    out
}

/// The comment `node` starts with, if it is on the same line as the token
/// before `node`. Declarations take the comments right above them (their
/// doc comments), including one that ends the previous declaration's line:
/// that one belongs with the previous line.
pub fn hanging_comment(node: &SyntaxNode) -> Option<SyntaxToken> {
    let first = node.first_token()?;
    if !matches!(first.kind(), SyntaxKind::COMMENT | SyntaxKind::DOC_COMMENT) {
        return None;
    }
    let before = first.prev_token()?;
    let same_line = match before.kind() {
        SyntaxKind::WHITESPACE => {
            !before.text().contains('\n')
                && before.prev_token().is_some_and(|t| !t.kind().is_trivia())
        }
        kind => !kind.is_trivia(),
    };
    same_line.then_some(first)
}

/// The non-trivia tokens of `node`, in order.
pub fn significant_tokens(node: &SyntaxNode) -> impl Iterator<Item = SyntaxToken> {
    node.descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia())
}

/// Comments left at the end of a node, each on its own line.
pub fn rest_doc(rest: &[Comment]) -> Doc {
    Doc::concat(rest.iter().map(|c| Doc::Comment(c.text.clone())))
}
