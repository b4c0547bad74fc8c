//! Sizes leaving the scope that binds them. A size bound by a `let` (a
//! size parameter `let [m] ...` or a variable) cannot be named once the
//! `let` ends: a function the `let` returns could never be applied if its
//! parameter's size were such a name ("going out of scope"). Likewise an
//! anonymous size of a function's parameter (`xs: []i32`), inferred from
//! the body, may not turn out to be a size the body computes, such as a
//! `filter`'s result ("Unknown size ... in parameter of ...").

use runic_syntax::{SyntaxKind::*, SyntaxNode};

use super::{child_nodes, name_text, Checker};
use crate::diagnostic::Diagnostic;
use crate::types::{Size, SizeVar, Type};

/// The names a `let` binds: its size parameters and its pattern's names.
fn let_bound_names(node: &SyntaxNode) -> Vec<SyntaxNode> {
    let sizes = child_nodes(node)
        .filter(|c| c.kind() == SIZE_PARAM)
        .filter_map(|p| child_nodes(&p).next());
    let pattern = child_nodes(node).find(|c| c.kind() != SIZE_PARAM);
    let names = pattern.into_iter().flat_map(|p| {
        p.descendants().filter(|n| {
            n.kind() == NAME
                && n.parent()
                    .is_some_and(|p| matches!(p.kind(), NAME_PAT | RECORD_PAT_FIELD))
        })
    });
    sizes.chain(names).collect()
}

impl Checker<'_> {
    /// Reports a `let` (`node`) whose body, of type `body_ty`, is a
    /// function with a parameter whose size the `let` binds.
    pub(super) fn check_sizes_stay_in_let(&mut self, node: &SyntaxNode, body_ty: &Type) {
        let ty = self.u.resolve(body_ty);
        if !matches!(ty, Type::Arrow { .. }) {
            return;
        }
        let in_params = super::exprs::param_size_names(&ty);
        let Some(bound) = let_bound_names(node)
            .into_iter()
            .find(|n| in_params.contains(&name_text(n)))
        else {
            return;
        };
        let name = name_text(&bound);
        let shown = self.u.display(&ty);
        let at = child_nodes(node)
            .filter(|c| c.kind() != SIZE_PARAM)
            .nth(2)
            .map_or(node.text_range(), |b| b.text_range());
        self.report(
            Diagnostic::error(
                "size-out-of-scope",
                at,
                format!("Unknown size \"{name}\" in parameter of the function this expression returns:\n  {shown}\nSize \"{name}\" is going out of scope: no argument could have the size \"{name}\" outside the \"let\" that binds it."),
            )
            .with_related(bound.text_range(), format!("\"{name}\" is bound here")),
        );
    }
}

impl Checker<'_> {
    /// A run-time unknown size standing in for the invented size `name`
    /// of a variable at one of its uses (remembered, so that what it is
    /// unified with can be traced back to `name`).
    pub(super) fn fresh_stand_in(&mut self, name: &str) -> Size {
        if let Some((_, var)) = self.stand_ins.iter().find(|(n, _)| n == name) {
            return Size::Var(*var);
        }
        let size = self.u.fresh_unknown_size();
        if let Size::Var(var) = size {
            self.stand_ins.push((name.to_string(), var));
        }
        size
    }

    /// An existential size (an application's, a branch's or a loop's
    /// unknown result size), made in the definition being checked.
    pub(super) fn fresh_existential(&mut self) -> Size {
        let name = self.fresh_name("?");
        self.existentials.push((name.clone(), None));
        Size::Named(name)
    }

    /// The anonymous sizes (`[]`) of types `tys` (of parameters), with the
    /// size variable standing in for each at its uses.
    pub(super) fn anonymous_stand_ins(&self, tys: &[Type]) -> Vec<(String, SizeVar)> {
        if self.stand_ins.is_empty() {
            return Vec::new();
        }
        let mut anonymous = Vec::new();
        for ty in tys {
            super::types::collect_sizes(&self.u.resolve(ty), &mut |s| match s {
                Size::Named(n) if n.starts_with('?') => anonymous.push(n.clone()),
                _ => {}
            });
        }
        self.stand_ins
            .iter()
            .filter(|(name, _)| anonymous.contains(name))
            .cloned()
            .collect()
    }

    /// After checking a function whose parameters have types `tys`: an
    /// anonymous parameter size is a size parameter of the function, so a
    /// use of the parameter whose size nothing else determined has that
    /// size (`def f (xs: []i32) = xs` returns an array of the argument's
    /// size, not of an unknown one).
    pub(super) fn settle_param_stand_ins(&mut self, tys: &[Type]) {
        for (name, var) in self.anonymous_stand_ins(tys) {
            if let Size::Var(unsolved) = self.u.resolve_size(&Size::Var(var)) {
                let _ = self.u.unify_size(&Size::Var(unsolved), &Size::Named(name));
            }
        }
    }

    /// After checking the function `node` whose parameters have types
    /// `tys`: reports an anonymous parameter size that the body equated
    /// with an existential size it computes.
    pub(super) fn check_param_sizes_known(&mut self, node: &SyntaxNode, tys: &[Type]) {
        for (name, var) in self.anonymous_stand_ins(tys) {
            let inferred = self.u.resolve_size(&Size::Var(var));
            let mut unknown = None;
            inferred.visit(&mut |s| match s {
                Size::Named(m) if self.existentials.iter().any(|(e, _)| e == m) => {
                    unknown.get_or_insert(m.clone());
                }
                _ => {}
            });
            if let Some(size) = unknown {
                self.report_unknown_param_size(node, &name, &size);
                return;
            }
        }
    }

    fn report_unknown_param_size(&mut self, node: &SyntaxNode, anonymous: &str, size: &str) {
        let function = child_nodes(node)
            .find(|c| c.kind() == NAME)
            .map(|n| name_text(&n))
            .unwrap_or_default();
        let shown = |n: &str| {
            crate::unify::show_unknown_size(&Size::Named(n.to_string()))
                .unwrap_or_else(|| n.to_string())
        };
        let at = child_nodes(node)
            .find(|c| c.kind() == NAME)
            .map_or(node.text_range(), |n| n.text_range());
        let mut diagnostic = Diagnostic::error(
            "unknown-param-size",
            at,
            format!(
                "Unknown size \"{}\" in parameter of \"{function}\".\nThe anonymous size \"{}\" of a parameter is inferred to be a size that only the body computes, which no caller can supply.",
                shown(size),
                shown(anonymous)
            ),
        );
        let made_at = self
            .existentials
            .iter()
            .find(|(name, _)| name == size)
            .and_then(|(_, at)| *at);
        if let Some(made_at) = made_at {
            diagnostic =
                diagnostic.with_related(made_at, format!("\"{}\" is computed here", shown(size)));
        }
        self.report(diagnostic);
    }
}
