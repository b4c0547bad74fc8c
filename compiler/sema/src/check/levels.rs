//! Levels: a name bound in an inner scope (a lambda's or local function's
//! parameter, a size parameter, a `let`'s variable) may not become the
//! size of something bound outside that scope. A parameter's anonymous
//! size (`ys: []i32`) is inferred, but only from sizes in scope where the
//! parameter is bound: `\(n: i64) (xs: [n]i32) -> zip xs ys` would make
//! the size of `ys` be `n` (Futhark's "scope violation").

use runic_syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use super::{child_nodes, name_text, Checker};
use crate::diagnostic::Diagnostic;
use crate::types::{Size, Type};
use crate::unify::Constraint;

/// Where a scope begins: how many names had been invented.
pub(super) struct ScopeMark {
    names: u32,
    type_vars: u32,
}

/// The names a binding construct binds: its size parameters and the names
/// of its patterns (`nodes`), with where each is bound.
pub(super) fn bound_in(nodes: &[SyntaxNode]) -> Vec<(String, TextRange)> {
    nodes
        .iter()
        .flat_map(|node| {
            node.descendants().filter(|n| {
                n.kind() == NAME
                    && n.parent().is_some_and(|p| {
                        matches!(p.kind(), NAME_PAT | RECORD_PAT_FIELD | SIZE_PARAM)
                    })
            })
        })
        .map(|n| (name_text(&n), n.text_range()))
        .collect()
}

impl Checker<'_> {
    pub(super) fn scope_mark(&self) -> ScopeMark {
        ScopeMark {
            names: self.fresh_names,
            type_vars: self.u.type_var_count(),
        }
    }

    /// Whether the invented name `name` was made before `mark` (or by
    /// another checker): the size of something bound outside the scope.
    fn invented_before(&self, name: &str, mark: &ScopeMark) -> bool {
        let rest = name.trim_start_matches('?');
        let (counter, namespace) = match rest.split_once('@') {
            Some((c, ns)) => (c, ns.parse::<u64>().ok()),
            None => (rest, Some(0)),
        };
        namespace != Some(self.namespace)
            || counter.parse::<u32>().map_or(true, |c| c <= mark.names)
    }

    /// The invention number of `name` in this checker, or None for a name
    /// invented elsewhere (a global's size: outside every local scope).
    fn invention_number(&self, name: &str) -> Option<u32> {
        let rest = name.trim_start_matches('?');
        let (counter, namespace) = match rest.split_once('@') {
            Some((c, ns)) => (c, ns.parse::<u64>().ok()),
            None => (rest, Some(0)),
        };
        if namespace != Some(self.namespace) {
            return None;
        }
        counter.parse::<u32>().ok()
    }

    /// Whether `size` mentions a local name bound in a scope that began
    /// after the invented size `anonymous` (the size of something bound
    /// outside that scope): linking the two would be a scope violation,
    /// so a branch join keeps them apart (as Futhark's levels do).
    pub(super) fn mentions_inner_name(&self, size: &Size, anonymous: &str) -> bool {
        let invented = self.invention_number(anonymous);
        let mut inner = false;
        size.visit(&mut |s| {
            let Size::Named(n) = s else { return };
            let innermost = self.local_index.get(n).and_then(|depths| depths.last());
            let Some(&scope) = innermost.filter(|&&d| self.locals[d].contains_key(n)) else {
                return;
            };
            let began = self.scope_marks.get(scope).copied().unwrap_or(0);
            inner |= invented.is_none_or(|c| c <= began);
        });
        inner
    }

    /// At the end of a scope begun at `mark` that binds `bound`: reports
    /// an anonymous size of something bound outside it that was inferred
    /// to be one of the names the scope binds.
    pub(super) fn check_scope_levels(&mut self, mark: &ScopeMark, bound: &[(String, TextRange)]) {
        if bound.is_empty() {
            return;
        }
        for (anonymous, var) in self.stand_ins.clone() {
            if !self.invented_before(&anonymous, mark) {
                continue;
            }
            let inferred = self.u.resolve_size(&Size::Var(var));
            let mut inner = None;
            inferred.visit(&mut |s| {
                if let Size::Named(n) = s {
                    if let Some(found) = bound.iter().find(|(b, _)| b == n) {
                        inner.get_or_insert(found.clone());
                    }
                }
            });
            let Some((name, at)) = inner else { continue };
            let shown =
                crate::unify::show_unknown_size(&Size::Named(anonymous)).unwrap_or_default();
            self.report(Diagnostic::error(
                "scope-violation",
                at,
                format!("Cannot unify size \"{shown}\" with \"{name}\": \"{name}\" is bound in this inner scope, but \"{shown}\" is the size of something bound outside it (scope-violation)."),
            ));
            return;
        }
        if let Some((var_name, (name, at))) = self.outer_constraint_naming(mark, bound) {
            self.report(Diagnostic::error(
                "scope-violation",
                at,
                format!("A {var_name} of a value bound outside this scope would have the size \"{name}\", which is bound in this inner scope (scope-violation)."),
            ));
        }
    }

    /// A type variable older than `mark`, still unsolved, whose fields or
    /// constructors (required by a projection or a pattern inside the
    /// scope) have a size the scope binds: what the variable is, and
    /// that name.
    fn outer_constraint_naming(
        &self,
        mark: &ScopeMark,
        bound: &[(String, TextRange)],
    ) -> Option<(&'static str, (String, TextRange))> {
        let names_bound = |ty: &Type| {
            let mut found = None;
            super::types::collect_sizes(&self.u.resolve(ty), &mut |size| {
                size.visit(&mut |s| {
                    if let Size::Named(n) = s {
                        if let Some(b) = bound.iter().find(|(b, _)| b == n) {
                            found.get_or_insert(b.clone());
                        }
                    }
                });
            });
            found
        };
        // The classes of variables older than the scope, oldest first.
        let older = self.u.member_constrained();
        older.into_iter().find_map(|(oldest, root)| {
            if oldest >= mark.type_vars {
                return None;
            }
            let what = match self.u.constraint(root) {
                Constraint::HasFields(_) => "record field",
                _ => "constructor payload",
            };
            self.u
                .required_member_types(root)
                .into_iter()
                .find_map(names_bound)
                .map(|b| (what, b))
        })
    }
}

/// The size parameters and parameter patterns of a function or lambda.
pub(super) fn function_binders(node: &SyntaxNode) -> Vec<SyntaxNode> {
    child_nodes(node)
        .filter(|c| c.kind() == SIZE_PARAM || super::decls::is_pattern(c))
        .collect()
}
