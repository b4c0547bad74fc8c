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

/// A green node's kind as a [`SyntaxKind`].
pub(super) fn node_kind(node: &GreenNodeData) -> SyntaxKind {
    FutharkLanguage::kind_from_raw(node.kind())
}

/// Whether `node` or a node below it satisfies `pred` (as
/// `node.descendants().any(...)`, in preorder, without cursors).
pub(super) fn any_node(node: &SyntaxNode, mut pred: impl FnMut(&GreenNodeData) -> bool) -> bool {
    let green = node.green();
    let mut stack: Vec<&GreenNodeData> = vec![&green];
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
pub(super) fn first_token_text<'g>(node: &'g GreenNodeData, kinds: &[SyntaxKind]) -> Option<&'g str> {
    node.children().find_map(|c| match c {
        NodeOrToken::Token(t) if kinds.contains(&FutharkLanguage::kind_from_raw(t.kind())) => {
            Some(t.text())
        }
        _ => None,
    })
}
