//! Scope violations: a local function's type parameter (`let g 'b ...`)
//! is in scope only inside `g`, so no type inferred for anything bound
//! outside `g` may mention it (Futhark's "scope violation"), as when
//! `if c then y else x` makes an outer `x` have `g`'s type `b`.

use runic_syntax::{SyntaxKind::*, SyntaxNode};

use super::{child_nodes, name_text, Checker};
use crate::diagnostic::Diagnostic;
use crate::types::{TyVar, Type};

impl Checker<'_> {
    /// After checking the local function `node`, whose checking began
    /// when there were `outer_vars` type variables: reports an older
    /// variable whose type now mentions one of the function's type
    /// parameters.
    pub(super) fn check_type_params_stay_local(&mut self, node: &SyntaxNode, outer_vars: u32) {
        let params: Vec<SyntaxNode> = child_nodes(node)
            .filter(|c| c.kind() == TYPE_PARAM)
            .collect();
        for param in params {
            let Some(name) = child_nodes(&param).next().map(|n| name_text(&n)) else {
                continue;
            };
            // An outer type parameter of the same name is another type.
            if self
                .type_locals
                .iter()
                .any(|scope| scope.contains_key(&name))
            {
                continue;
            }
            // Variables a sibling local function made are its own.
            let siblings = &self.local_function_vars;
            let escaped = (0..outer_vars)
                .filter(|v| !siblings.iter().any(|r| r.contains(v)))
                .any(|v| self.var_mentions(TyVar(v), &name));
            if escaped {
                let function_name = child_nodes(node).find(|c| c.kind() == NAME);
                let at = function_name
                    .as_ref()
                    .map_or(node.text_range(), |n| n.text_range());
                let function = function_name.map(|n| name_text(&n)).unwrap_or_default();
                self.report(
                    Diagnostic::error(
                        "scope-violation",
                        at,
                        format!("Type parameter \"{name}\" of \"{function}\" would escape its scope (scope violation): a type inferred for something bound outside \"{function}\" refers to it.\nSee the error index entry \"scope-violation\"."),
                    )
                    .with_related(param.text_range(), format!("\"{name}\" is bound here")),
                );
                return;
            }
        }
    }

    /// Whether the type variable `var`, as solved so far, mentions the
    /// type `name`: in its binding, or in the fields or payloads that a
    /// projection or constructor required of it while it is unsolved.
    fn var_mentions(&self, var: TyVar, name: &str) -> bool {
        let ty = self.u.resolve(&Type::Var(var));
        if super::mentions_named(&ty, name) {
            return true;
        }
        let Type::Var(root) = ty else { return false };
        self.u
            .required_member_types(root)
            .into_iter()
            .any(|t| super::mentions_named(&self.u.resolve(t), name))
    }
}
