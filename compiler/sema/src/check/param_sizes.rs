//! Sizes in a function's parameter types must be expressible in its type:
//! a parameter may name a size only through an earlier parameter bound as
//! a whole (`(n: i64) (xs: [n]t)`), not through a name taken apart from a
//! tuple or record (Futhark's "Parameter ... refers to size ... which will
//! not be accessible to the caller"). `check_function_sizes` runs this
//! and the other rules on a function's sizes once its body is checked.

use runic_syntax::{SyntaxKind::*, SyntaxNode};

use super::exprs::compact_text;
use super::{name_text, Checker};
use crate::diagnostic::Diagnostic;
use crate::types::{Size, Type};

/// The name of a parameter bound as a whole: `x`, `(x)`, `(x: t)`.
/// Read from the green tree: this is asked of every parameter.
pub(super) fn whole_param_name(param: &SyntaxNode) -> Option<String> {
    use super::green::{first_token_text, node_kind, NAME_TOKENS};
    fn first_node(n: &rowan::GreenNodeData) -> Option<&rowan::GreenNodeData> {
        n.children().find_map(|c| c.into_node())
    }
    let green = param.green();
    let mut node: &rowan::GreenNodeData = &green;
    if node_kind(node) == PAREN_PAT {
        node = first_node(node)?;
    }
    if node_kind(node) == TYPED_PAT {
        node = first_node(node)?;
    }
    if node_kind(node) != NAME_PAT {
        return None;
    }
    let name = first_node(node)?;
    Some(
        first_token_text(name, NAME_TOKENS)
            .unwrap_or_default()
            .to_string(),
    )
}

/// The names a pattern binds, as `NAME` nodes.
fn bound_name_nodes(pattern: &SyntaxNode) -> impl Iterator<Item = SyntaxNode> {
    pattern.descendants().filter(|n| {
        n.kind() == NAME
            && n.parent()
                .is_some_and(|p| matches!(p.kind(), NAME_PAT | RECORD_PAT_FIELD))
    })
}

impl Checker<'_> {
    /// The size rules on the function `node` once its body (of type
    /// `body_ty`) is checked: what its parameters' sizes (of `params`, of
    /// types `tys`) may be, and for an entry point, its result's sizes.
    pub(super) fn check_function_sizes(
        &mut self,
        node: &SyntaxNode,
        params: &[SyntaxNode],
        tys: &[Type],
        body_ty: &Type,
        local: bool,
    ) {
        self.check_param_sizes_accessible(params, tys);
        self.check_param_sizes_known(node, tys);
        self.check_param_size_links(params, tys);
        if !local && self.is_entry_point(node) {
            self.check_entry_result_inferred(node, tys, body_ty);
        }
    }

    /// The size names in a parameter's (solved) type, and those its
    /// anonymous sizes were inferred to be at uses of the parameter.
    fn inferred_size_names(&self, ty: &Type) -> Vec<String> {
        let mut names = Vec::new();
        super::types::collect_sizes(&self.u.resolve(ty), &mut |s| {
            if let Size::Named(n) = s {
                names.push(n.clone());
            }
        });
        for (anonymous, var) in &self.stand_ins {
            if names.contains(anonymous) {
                self.u.resolve_size(&Size::Var(*var)).visit(&mut |s| {
                    if let Size::Named(n) = s {
                        names.push(n.clone());
                    }
                });
            }
        }
        names
    }

    /// Reports each parameter whose (solved or inferred) type names a
    /// size bound inside another parameter's tuple or record pattern.
    pub(super) fn check_param_sizes_accessible(&mut self, params: &[SyntaxNode], tys: &[Type]) {
        let hidden: Vec<SyntaxNode> = params
            .iter()
            .filter(|p| whole_param_name(p).is_none())
            .flat_map(bound_name_nodes)
            .collect();
        if hidden.is_empty() {
            return;
        }
        for (param, ty) in params.iter().zip(tys) {
            let names = self.inferred_size_names(ty);
            let Some(size) = hidden.iter().find(|h| names.contains(&name_text(h))) else {
                continue;
            };
            let size_name = name_text(size);
            let shown = whole_param_name(param).unwrap_or_else(|| compact_text(param));
            self.report(
                Diagnostic::error(
                    "inaccessible-size",
                    param.text_range(),
                    format!("Parameter \"{shown}\" refers to size \"{size_name}\" which will not be accessible to the caller, possibly because it is nested in a tuple or record. Consider ascribing an explicit type that does not reference \"{size_name}\"."),
                )
                .with_related(size.text_range(), format!("\"{size_name}\" is bound here, inside a pattern")),
            );
        }
    }
}
