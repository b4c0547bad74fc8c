//! Consumption inside `let`-bound functions: a `let` whose value is a
//! function may not consume anything while computing it (Futhark's
//! "Let-bound expression of higher-order type ... contains consumption"),
//! as in `let f = update xs`, since every call of `f` would consume `xs`
//! again. The same holds for a function-typed argument of a call.

use runic_syntax::SyntaxNode;

use super::Walk;
use crate::diagnostic::Diagnostic;

impl Walk<'_, '_> {
    /// Reports `value` (a `let`'s right-hand side, already walked) if its
    /// type is a function and something was consumed inside it.
    pub(super) fn check_let_function_consumes_nothing(&mut self, value: &SyntaxNode) {
        self.report_functional_consumption(value, "Let-bound expression of higher-order type");
    }

    /// Reports a function-typed argument (already walked) that consumed
    /// something while it was computed: `apply (update xs) 2` would
    /// consume `xs` once per call of the function.
    pub(super) fn check_function_argument(&mut self, arg: &SyntaxNode) {
        self.report_functional_consumption(arg, "Argument of functional type");
    }

    /// Reports `node` (already walked), described as `what`, if its type is
    /// a function and something was consumed inside it.
    fn report_functional_consumption(&mut self, node: &SyntaxNode, what: &str) {
        let range = node.text_range();
        let Some(ty) = self.type_of(node).filter(|t| t.is_functional()) else {
            return;
        };
        let Some(consumption) = self
            .consumed
            .values()
            .filter(|c| range.contains_range(c.at))
            .min_by_key(|c| c.at.start())
            .cloned()
        else {
            return;
        };
        let shown = self.checker.u.display(&ty);
        let diagnostic = Diagnostic::error(
            "contains-consumption",
            range,
            format!("{what}\n  {shown}\ncontains consumption, which is not allowed."),
        )
        .with_related(consumption.at, format!("consumed here {}", consumption.how));
        self.checker.report(diagnostic);
    }
}
