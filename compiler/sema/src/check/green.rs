//! Questions about a subtree answered from its green tree: a cursor step
//! (`descendants()`, `children()`) makes a node of its own, allocated and
//! freed; reading the green nodes it would visit makes none. The checker
//! asks these of every parameter, type annotation and function body, so
//! they are among its hot paths.

use rowan::{GreenNodeData, GreenTokenData, Language, NodeOrToken};
use runic_syntax::{FutharkLanguage, SyntaxKind, SyntaxNode};

/// A green element's kind as a [`SyntaxKind`].
pub(super) fn green_kind<N, T>(element: &NodeOrToken<N, T>) -> SyntaxKind
where
    N: std::ops::Deref<Target = GreenNodeData>,
    T: std::ops::Deref<Target = GreenTokenData>,
{
    let raw = match element {
        NodeOrToken::Node(n) => n.kind(),
        NodeOrToken::Token(t) => t.kind(),
    };
    FutharkLanguage::kind_from_raw(raw)
}

/// The child nodes of a green node.
pub(crate) fn green_children(node: &GreenNodeData) -> impl Iterator<Item = &GreenNodeData> {
    node.children().filter_map(|c| c.into_node())
}

/// A green node's kind as a [`SyntaxKind`].
pub(crate) fn node_kind(node: &GreenNodeData) -> SyntaxKind {
    FutharkLanguage::kind_from_raw(node.kind())
}

/// Whether `node` or a node below it satisfies `pred` (as
/// `node.descendants().any(...)`, in preorder, without cursors).
pub(super) fn any_node(node: &SyntaxNode, pred: impl FnMut(&GreenNodeData) -> bool) -> bool {
    green_any(&node.green(), pred)
}

/// Whether the green node `node` or a node below it satisfies `pred`.
pub(crate) fn green_any(
    node: &GreenNodeData,
    mut pred: impl FnMut(&GreenNodeData) -> bool,
) -> bool {
    let mut stack: Vec<&GreenNodeData> = vec![node];
    while let Some(n) = stack.pop() {
        if pred(n) {
            return true;
        }
        // Reversed, so the first child is visited first.
        let at = stack.len();
        stack.extend(n.children().filter_map(|c| c.into_node()));
        stack[at..].reverse();
    }
    false
}

/// Whether `node` has a token of kind `kind` among its direct children
/// (as `token_of_kind(node, kind).is_some()`, without cursors).
pub(super) fn has_direct_token(node: &SyntaxNode, kind: SyntaxKind) -> bool {
    node.green().children().any(|c| {
        c.into_token()
            .is_some_and(|t| FutharkLanguage::kind_from_raw(t.kind()) == kind)
    })
}

/// Whether `node` has a child node of one of `kinds` (read from the green
/// tree, so asking makes no cursor).
pub(super) fn has_child_of_kind(node: &SyntaxNode, kinds: &[SyntaxKind]) -> bool {
    green_children(&node.green()).any(|c| kinds.contains(&node_kind(c)))
}

/// Whether `node` or a node below it is of kind `kind`.
pub(super) fn contains_kind(node: &SyntaxNode, kind: SyntaxKind) -> bool {
    any_node(node, |n| node_kind(n) == kind)
}

/// Calls `f` on `node` and every node below it, in preorder.
pub(super) fn for_each_node<'g>(node: &'g GreenNodeData, f: &mut impl FnMut(&'g GreenNodeData)) {
    let mut stack: Vec<&'g GreenNodeData> = vec![node];
    while let Some(n) = stack.pop() {
        f(n);
        let at = stack.len();
        stack.extend(n.children().filter_map(|c| c.into_node()));
        stack[at..].reverse();
    }
}

/// The text of the first token of `node` (a green node) that is of one of
/// `kinds`, among its direct children.
pub(super) fn first_token_text<'g>(
    node: &'g GreenNodeData,
    kinds: &[SyntaxKind],
) -> Option<&'g str> {
    node.children().find_map(|c| match c {
        NodeOrToken::Token(t) if kinds.contains(&FutharkLanguage::kind_from_raw(t.kind())) => {
            Some(t.text())
        }
        _ => None,
    })
}

/// The text of the names a pattern binds, in order: each `NAME` directly
/// under a `NAME_PAT` or a `RECORD_PAT_FIELD`; with `labels` false, a
/// field's only where it is punned (`{a}`, `{a: t}`), not the label of a
/// field with a pattern of its own (`{a = p}`).
pub(super) fn pattern_name_texts(pattern: &SyntaxNode, labels: bool) -> Vec<String> {
    let green = pattern.green();
    let mut names = Vec::new();
    let mut stack: Vec<(&GreenNodeData, bool)> = vec![(&green, false)];
    while let Some((n, binds)) = stack.pop() {
        let kind = node_kind(n);
        if kind == SyntaxKind::NAME && binds {
            names.push(
                first_token_text(n, NAME_TOKENS)
                    .unwrap_or_default()
                    .to_string(),
            );
        }
        let children_bind = match kind {
            SyntaxKind::NAME_PAT => true,
            SyntaxKind::RECORD_PAT_FIELD => {
                labels
                    || !n
                        .children()
                        .filter_map(|c| c.into_node())
                        .any(|c| node_kind(c).is_pattern())
            }
            _ => false,
        };
        let at = stack.len();
        stack.extend(
            n.children()
                .filter_map(|c| c.into_node())
                .map(|c| (c, children_bind)),
        );
        stack[at..].reverse();
    }
    names
}

/// The tokens a `NAME` is made of (as [`super::name_text`] reads them).
pub(super) const NAME_TOKENS: &[SyntaxKind] = &[
    SyntaxKind::IDENT,
    SyntaxKind::OPERATOR,
    SyntaxKind::INT_NUMBER,
];
