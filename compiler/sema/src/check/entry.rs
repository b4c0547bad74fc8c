//! The rules for entry points, which the outside world calls without type
//! inference: no functions in their parameters or results, no type
//! parameters, no sizes in the result that only the caller could choose
//! ("size-polymorphic in their return type"), and every size parameter
//! used directly as the size of some parameter's dimension (so that the
//! size can be read from an argument).

use runic_syntax::{SyntaxKind::*, SyntaxNode};

use super::{child_nodes, name_text, Checker};
use crate::env::{Liftedness, Scheme, TypeParam};
use crate::types::{Size, Type};

/// The parameter types and the final result of a function type.
fn split_arrows(ty: &Type) -> (Vec<&Type>, &Type) {
    let mut params = Vec::new();
    let mut result = ty;
    while let Type::Arrow { param, ret, .. } = result {
        params.push(&**param);
        result = ret;
    }
    (params, result)
}

/// Every size name mentioned in `types`, inside size expressions too.
fn size_names<'t>(types: impl IntoIterator<Item = &'t Type>) -> Vec<String> {
    let mut names = Vec::new();
    for ty in types {
        super::types::collect_sizes(ty, &mut |s| {
            if let Size::Named(n) = s {
                names.push(n.clone());
            }
        });
    }
    names
}

impl Checker<'_> {
    /// Checks the generalised type of the entry point named `name`;
    /// `errors_before` tells whether its definition had errors already.
    pub(super) fn check_entry_point(
        &mut self,
        node: &SyntaxNode,
        name: &SyntaxNode,
        scheme: &Scheme,
        errors_before: usize,
    ) {
        let (params, result) = split_arrows(&scheme.ty);
        let higher_order = params
            .iter()
            .chain([&result])
            .any(|t| t.is_functional() || self.lifted_abstract_in(t) == Some(Liftedness::Lifted));
        if higher_order {
            self.error(
                "entry-point",
                name.text_range(),
                "Entry point functions may not be higher-order.",
            );
        }
        let typed = scheme
            .params
            .iter()
            .any(|p| matches!(p, TypeParam::Type { .. }));
        if typed && self.diagnostics.len() == errors_before {
            self.error(
                "entry-point",
                name.text_range(),
                "Entry point functions may not be polymorphic.",
            );
        }
        self.check_entry_size_params(node, &params, result);
    }

    /// Each size parameter `[n]` must be the size of a dimension of some
    /// parameter (`[n + 1]` does not tell the caller's `n`), and must not
    /// appear in the result only.
    fn check_entry_size_params(&mut self, node: &SyntaxNode, params: &[&Type], result: &Type) {
        let constructive: Vec<Size> = params.iter().flat_map(|p| super::exprs::dims(p)).collect();
        let in_params = size_names(params.iter().copied());
        let in_result = size_names([result]);
        for size_param in child_nodes(node).filter(|c| c.kind() == SIZE_PARAM) {
            let Some(name) = child_nodes(&size_param).next().map(|n| name_text(&n)) else {
                continue;
            };
            if !in_params.contains(&name) && in_result.contains(&name) {
                self.report_size_polymorphic_result(node);
            } else if in_params.contains(&name)
                && !constructive.contains(&Size::Named(name.clone()))
            {
                self.error(
                    "nonconstructive-entry",
                    size_param.text_range(),
                    format!("Entry point size parameter [{name}] only used non-constructively."),
                );
            }
        }
    }

    /// Called while the entry point's types are solved, before they are
    /// generalised: a size of the body's result that nothing determines
    /// and that no parameter mentions would be chosen by each caller (as
    /// in `entry f : [0][]i32 = []`).
    pub(super) fn check_entry_result_inferred(
        &mut self,
        node: &SyntaxNode,
        param_tys: &[Type],
        result: &Type,
    ) {
        let mut params: Vec<Type> = param_tys.iter().map(|t| self.u.resolve(t)).collect();
        // A point-free entry point (`entry f = map g`) takes the parameters
        // of its body's function type.
        let result = self.u.resolve(result);
        let (more_params, result) = split_arrows(&result);
        params.extend(more_params.into_iter().map(|t| self.u.resolve(t)));
        let mut in_params = Vec::new();
        for ty in &params {
            super::types::collect_sizes(ty, &mut |s| in_params.push(s.clone()));
        }
        let undetermined = self.u.undetermined_sizes();
        let mut unknown = false;
        super::types::collect_sizes(&self.u.resolve(result), &mut |s| {
            let chosen_by_caller = matches!(s, Size::Var(v) if undetermined.contains(v));
            unknown |= chosen_by_caller && !in_params.contains(s);
        });
        if unknown {
            self.report_size_polymorphic_result(node);
        }
    }

    fn report_size_polymorphic_result(&mut self, node: &SyntaxNode) {
        let at = child_nodes(node)
            .find(|c| c.kind() == RET_TYPE)
            .or_else(|| child_nodes(node).find(|c| c.kind() == NAME))
            .map_or(node.text_range(), |n| n.text_range());
        self.error(
            "size-polymorphic-entry",
            at,
            "Entry point functions must not be size-polymorphic in their return type.",
        );
    }
}
