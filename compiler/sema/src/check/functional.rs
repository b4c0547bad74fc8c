//! Places where Futhark refuses values of function type, checked once the
//! definition's types are solved (a type may be known to be a function
//! only after a later use: `def f x = ([x], x 2)`): the branches of `if`
//! and `match`, loop parameters, and array elements. Defunctionalisation
//! needs to know statically which function a value is, which these
//! constructs would hide. Equality (`==`, `!=`) is likewise checked once
//! types are solved: it is refused on functions, on the definition's type
//! parameters, and on operands whose type stays unknown (which would make
//! the definition polymorphic in a type it compares); on arrays it is
//! deprecated (a warning).

use runic_syntax::{SyntaxNode, TextRange};

use super::liftedness::lifted_param_named;
use super::Checker;
use crate::types::Type;

/// A construct whose value may not be a function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstOrderPlace {
    Conditional,
    Match,
    LoopParameter,
    ArrayElement,
    /// The operands of `==` or `!=`.
    Equality,
}

impl Checker<'_> {
    /// Notes that the value of type `ty` at `range` may not be a function.
    pub(super) fn require_first_order(
        &mut self,
        range: TextRange,
        ty: &Type,
        place: FirstOrderPlace,
    ) {
        self.pending_first_order.push((range, ty.clone(), place));
    }

    /// Reports the values noted by [`Self::require_first_order`] whose
    /// solved types contain a function (for well-typed definitions: a
    /// function where one cannot be is found by unification first).
    /// `type_params` are the definition's type parameters.
    pub(super) fn check_first_order(&mut self, type_params: &[String], node: &SyntaxNode) {
        // Found on the first array element that needs them: a walk of
        // the whole definition.
        let mut lifted: Option<Vec<(String, &'static str)>> = None;
        for (range, ty, place) in std::mem::take(&mut self.pending_first_order) {
            let ty = self.u.resolve(&ty);
            if place == FirstOrderPlace::Equality {
                self.check_equality_type(range, &ty, type_params);
                continue;
            }
            if place == FirstOrderPlace::ArrayElement {
                if let Some((name, how)) = lifted_param_named(&mut lifted, node, &ty) {
                    self.error(
                        "lifted-type",
                        range,
                        format!(
                            "Type parameter \"{name}\" is {how} and cannot be an array element."
                        ),
                    );
                    continue;
                }
            }
            if !ty.is_functional() {
                continue;
            }
            let shown = self.u.display(&ty);
            let message = match place {
                FirstOrderPlace::Conditional => {
                    format!("The branches of a conditional may not be of function type:\n  {shown}")
                }
                FirstOrderPlace::Match => {
                    format!("The cases of a match may not be of function type:\n  {shown}")
                }
                FirstOrderPlace::LoopParameter => {
                    format!("A loop parameter may not be of function type:\n  {shown}")
                }
                FirstOrderPlace::Equality => unreachable!("checked above"),
                FirstOrderPlace::ArrayElement => {
                    format!("Cannot create array with elements of functional type:\n  {shown}")
                }
            };
            self.error("function-type", range, message);
        }
    }
}

impl Checker<'_> {
    /// Reports the operands of an equality of type `ty` that have none.
    fn check_equality_type(&mut self, range: TextRange, ty: &Type, type_params: &[String]) {
        if let Type::Var(var) = ty {
            if matches!(self.u.constraint(*var), crate::unify::Constraint::Equality) {
                self.error(
                    "equality",
                    range,
                    "The operands' type is ambiguous, and a type parameter does not support equality.\nAdd a type annotation.",
                );
            }
            return;
        }
        if matches!(ty, Type::Array { .. }) {
            self.report(crate::Diagnostic::warning(
                "deprecated",
                range,
                "Comparing arrays with \"==\" or \"!=\" is deprecated and will be removed in a future release.\nCompare the elements instead (for example with \"map2\" and \"and\").",
            ));
        }
        let param = type_params
            .iter()
            .find(|p| ty.any(&|t| matches!(t, Type::Named { name, .. } if name == *p)));
        if let Some(param) = param {
            self.error(
                "equality",
                range,
                format!("Type parameter \"{param}\" does not support equality."),
            );
        }
    }
}
