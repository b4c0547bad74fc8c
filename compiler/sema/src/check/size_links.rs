//! Sizes given by arbitrary expressions (`replicate (length bins) 1` has
//! the size `length bins`) cannot be linked to a parameter's anonymous
//! size when they refer to that parameter or to anything the body binds:
//! the parameter's size is bound before them (Futhark's "Cannot link size
//! ... (scope violation)").

use runic_syntax::{SyntaxKind::*, SyntaxNode};

use super::exprs::compact_text;
use super::{child_nodes, path_segments, Checker};
use crate::diagnostic::Diagnostic;
use crate::types::{Size, SizeVar, Type};

/// A size that an expression computes: its variable, the expression's
/// text, and the local variables it refers to.
pub(crate) struct SizeExpression {
    pub var: SizeVar,
    pub at: runic_syntax::TextRange,
    pub text: String,
    pub locals: Vec<String>,
}

impl Checker<'_> {
    /// The size an argument `arg` computes, when it is no size expression
    /// of names and constants: a run-time unknown, remembered with what
    /// `arg` refers to.
    pub(super) fn size_computed_by(&mut self, arg: &SyntaxNode) -> Size {
        let size = self.u.fresh_unknown_size();
        let Size::Var(var) = size else {
            return size;
        };
        let mut locals: Vec<String> = arg
            .descendants()
            .filter(|d| d.kind() == PATH_EXPR)
            .filter_map(|p| child_nodes(&p).next())
            .map(|path| path_segments(&path))
            .filter_map(|segments| segments.into_iter().next())
            .filter(|name| self.lookup_local(name).is_some())
            .collect();
        locals.dedup();
        self.size_expressions.push(SizeExpression {
            var,
            at: arg.text_range(),
            text: compact_text(&without_parens(arg)),
            locals,
        });
        size
    }

    /// After checking a function with parameters `params` of types `tys`:
    /// reports an anonymous size of a parameter unified with a size that
    /// an expression referring to that parameter, or to a variable bound
    /// after the parameters, computes.
    pub(super) fn check_param_size_links(&mut self, params: &[SyntaxNode], tys: &[Type]) {
        // The names are read only where a size may name a parameter.
        let mut names = None;
        if self.check_param_sizes_name_later_params(params, tys, &mut names)
            || self.size_expressions.is_empty()
        {
            return;
        }
        let param_names = names.unwrap_or_else(|| params_bound_names(params));
        for (index, ty) in tys.iter().enumerate() {
            let mut sizes = self.anonymous_stand_ins(std::slice::from_ref(ty));
            // An unannotated parameter's inferred sizes are linked likewise.
            super::types::collect_sizes(&self.u.resolve(ty), &mut |s| {
                if let Size::Var(var) = s {
                    sizes.push(("?".to_string(), *var));
                }
            });
            for (name, var) in sizes {
                let root = self.u.resolve_size(&Size::Var(var));
                let linked = self.size_expressions.iter().find(|e| {
                    self.u.resolve_size(&Size::Var(e.var)) == root
                        && e.locals.iter().any(|l| {
                            param_names[index].contains(l)
                                || !param_names.iter().flatten().any(|p| p == l)
                        })
                });
                if let Some(linked) = linked {
                    let shown =
                        crate::unify::show_unknown_size(&Size::Named(name)).unwrap_or_default();
                    let message = format!(
                        "Cannot link size \"{shown}\" to \"{}\" (scope violation).\nThe size of parameter \"{}\" is bound before what \"{}\" refers to.",
                        linked.text,
                        compact_text(&params[index]),
                        linked.text
                    );
                    let related = format!("the size \"{}\" is computed here", linked.text);
                    let at = linked.at;
                    self.report(
                        Diagnostic::error("scope-violation", params[index].text_range(), message)
                            .with_related(at, related),
                    );
                    return;
                }
            }
        }
    }

    /// Reports a parameter whose type was inferred to have a size named
    /// by itself or a later parameter (`def f xs n = zip xs (iota n)`):
    /// the caller passes the array before that size exists. True if so.
    fn check_param_sizes_name_later_params(
        &mut self,
        params: &[SyntaxNode],
        tys: &[Type],
        names: &mut Option<Vec<Vec<String>>>,
    ) -> bool {
        for (index, ty) in tys.iter().enumerate() {
            let mut named = Vec::new();
            super::types::collect_sizes(&self.u.resolve(ty), &mut |size| {
                size.visit(&mut |s| {
                    if let Size::Named(n) = s {
                        named.push(n.clone());
                    }
                })
            });
            if named.is_empty() {
                continue;
            }
            let param_names = names.get_or_insert_with(|| params_bound_names(params));
            let later = named
                .into_iter()
                .find(|n| param_names[index..].iter().flatten().any(|p| p == n));
            let Some(name) = later else { continue };
            let message = format!(
                "Cannot link the size of parameter \"{}\" to \"{name}\" (scope violation).\nThe parameter is bound before \"{name}\", so its size cannot refer to it.",
                compact_text(&params[index]),
            );
            self.report(Diagnostic::error(
                "scope-violation",
                params[index].text_range(),
                message,
            ));
            return true;
        }
        false
    }
}

/// The names each of the parameter patterns `params` binds.
fn params_bound_names(params: &[SyntaxNode]) -> Vec<Vec<String>> {
    params
        .iter()
        .map(|p| super::green::pattern_name_texts(p, true))
        .collect()
}

/// The expression inside any parentheses around `expr`.
fn without_parens(expr: &SyntaxNode) -> SyntaxNode {
    match child_nodes(expr).next() {
        Some(inner) if expr.kind() == PAREN_EXPR => without_parens(&inner),
        _ => expr.clone(),
    }
}
