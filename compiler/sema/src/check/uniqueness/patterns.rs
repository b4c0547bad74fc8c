//! What the walk reads of patterns: the names a pattern binds, the type
//! annotation that applies to each, and a tuple or record pattern's parts.

use runic_syntax::{SyntaxKind::*, SyntaxNode};

use crate::check::{child_nodes, name_text};

/// The `NAME`s a pattern binds (a record field's label only where the
/// field is punned: `{a}` or `{a: t}`).
pub(super) fn bound_names(pattern: &SyntaxNode) -> impl Iterator<Item = SyntaxNode> {
    pattern.descendants().filter(|n| {
        n.kind() == NAME
            && n.parent().is_some_and(|p| match p.kind() {
                NAME_PAT => true,
                RECORD_PAT_FIELD => !child_nodes(&p).any(|c| c.kind().is_pattern()),
                _ => false,
            })
    })
}

/// The type annotation that applies to the bound name `name` inside
/// `pattern`: that of its innermost typed pattern.
pub(super) fn declared_type(name: &SyntaxNode, pattern: &SyntaxNode) -> Option<SyntaxNode> {
    let mut node = name.parent()?;
    loop {
        match node.kind() {
            TYPED_PAT => return child_nodes(&node).nth(1),
            RECORD_PAT_FIELD if *name.parent().as_ref()? == node => {
                if let Some(ty) = child_nodes(&node).find(|c| c.kind() != NAME) {
                    return Some(ty);
                }
            }
            _ => {}
        }
        if node == *pattern {
            return None;
        }
        node = node.parent()?;
    }
}

/// The parts of a tuple or record pattern, by field name (`0`, `1`, ...
/// for tuples), parentheses and type annotations looked through.
pub(super) fn pattern_fields(pattern: &SyntaxNode) -> Option<Vec<(String, SyntaxNode)>> {
    match pattern.kind() {
        PAREN_PAT | TYPED_PAT => pattern_fields(&child_nodes(pattern).next()?),
        TUPLE_PAT => Some(
            child_nodes(pattern)
                .filter(|c| c.kind().is_pattern())
                .enumerate()
                .map(|(i, p)| (i.to_string(), p))
                .collect(),
        ),
        RECORD_PAT => child_nodes(pattern)
            .filter(|f| f.kind() == RECORD_PAT_FIELD)
            .map(|f| {
                let label = child_nodes(&f).find(|c| c.kind() == NAME)?;
                let part = child_nodes(&f)
                    .find(|c| c.kind().is_pattern())
                    .unwrap_or_else(|| f.clone());
                Some((name_text(&label), part))
            })
            .collect(),
        _ => None,
    }
}
