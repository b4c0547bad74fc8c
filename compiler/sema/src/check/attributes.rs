//! Warnings about attributes on expressions: `#[unroll]` on a loop whose
//! iteration count is not a constant (it cannot be unrolled), and the
//! run-time safety checks inside an expression marked
//! `#[warn(safety_checks)]` (Futhark warns about each one).

use runic_syntax::{SyntaxKind::*, SyntaxNode};

use super::{child_nodes, direct_tokens, Checker};
use crate::diagnostic::Diagnostic;

/// The names and arguments of an attribute node's items: `#[warn(safety_checks)]`
/// gives `("warn", ["safety_checks"])`.
fn attribute_items(attr: &SyntaxNode) -> Vec<(String, Vec<String>)> {
    child_nodes(attr)
        .filter(|c| c.kind() == ATTR_ITEM)
        .map(|item| {
            let name = direct_tokens(&item)
                .find(|t| t.kind() == IDENT)
                .map(|t| t.text().to_string())
                .unwrap_or_default();
            let args = child_nodes(&item)
                .filter(|c| c.kind() == ATTR_ITEM)
                .map(|a| a.text().to_string().trim().to_string())
                .collect();
            (name, args)
        })
        .collect()
}

/// `node` without the parentheses around it.
fn unparenthesised(node: SyntaxNode) -> SyntaxNode {
    let mut node = node;
    while node.kind() == PAREN_EXPR {
        match child_nodes(&node).last() {
            Some(inner) => node = inner,
            None => break,
        }
    }
    node
}

impl Checker<'_> {
    /// Reports what the attributes of the attributed expression `node` warn about.
    pub(super) fn check_expr_attributes(&mut self, node: &SyntaxNode) {
        let Some(inner) = child_nodes(node).filter(|c| c.kind() != ATTR).last() else {
            return;
        };
        for attr in child_nodes(node).filter(|c| c.kind() == ATTR) {
            for (name, args) in attribute_items(&attr) {
                match name.as_str() {
                    "unroll" => self.check_unroll(&attr, &inner),
                    "warn" if args.iter().any(|a| a == "safety_checks") => {
                        self.warn_safety_checks(&inner)
                    }
                    _ => {}
                }
            }
        }
    }

    /// `#[unroll]` on a loop needs a constant number of iterations.
    fn check_unroll(&mut self, attr: &SyntaxNode, inner: &SyntaxNode) {
        let inner = unparenthesised(inner.clone());
        if inner.kind() != LOOP_EXPR {
            return;
        }
        let constant = child_nodes(&inner)
            .find(|c| c.kind() == FOR_LT_FORM)
            .and_then(|form| child_nodes(&form).find(|c| c.kind() != NAME))
            .is_some_and(|bound| unparenthesised(bound).kind() == LITERAL);
        if !constant {
            self.report(Diagnostic::warning(
                "attribute",
                attr.text_range(),
                "#[unroll] has no effect here: the loop's number of iterations is not a constant.",
            ));
        }
    }

    /// Each index and in-place update under `#[warn(safety_checks)]` needs
    /// a bounds check at run time.
    fn warn_safety_checks(&mut self, inner: &SyntaxNode) {
        for slice in inner.descendants().filter(|n| n.kind() == SLICE) {
            let at = slice.parent().unwrap_or(slice);
            self.report(Diagnostic::warning(
                "safety-check",
                at.text_range(),
                "Safety check required at run-time (an index out of bounds would fail).",
            ));
        }
    }
}
