//! The sizes of a `loop`'s result. Each size of the loop parameter that
//! no annotation fixes is inferred: if the body gives it back unchanged
//! (or gives back the initial value's size), the loop keeps the initial
//! size; otherwise the size varies between iterations, and the loop's
//! result has a new unknown (existential) size, equal to no other.

use super::exprs::{dims, with_dims};
use super::Checker;
use crate::types::{Size, Type};

impl Checker<'_> {
    /// The type of a loop's result, given the initial value's type `init`,
    /// the loop parameter's type `param` and the body's type `body` (all
    /// after the body was checked against the parameter).
    pub(super) fn loop_result(&mut self, init: &Type, param: &Type, body: &Type) -> Type {
        let param = self.u.resolve(param);
        let init_dims = dims(&self.u.resolve(init));
        let param_dims = dims(&param);
        let body_dims = dims(&self.u.resolve(body));
        if init_dims.len() != param_dims.len() || body_dims.len() != param_dims.len() {
            return param;
        }
        let undetermined = self.u.undetermined_sizes();
        let result: Vec<Size> = param_dims
            .iter()
            .zip(&init_dims)
            .zip(&body_dims)
            .map(|((p, i), b)| self.loop_dim(p, i, b, &undetermined))
            .collect();
        with_dims(&param, &result)
    }

    /// One dimension of the loop's result: `param` of the loop parameter,
    /// `init` of the initial value, `body` of the body's result.
    fn loop_dim(
        &mut self,
        param: &Size,
        init: &Size,
        body: &Size,
        undetermined: &std::collections::BTreeSet<crate::types::SizeVar>,
    ) -> Size {
        let inferred = matches!(body, Size::Var(v) if undetermined.contains(v));
        let Size::Var(_) = param else {
            // An anonymous size of the pattern's annotation (`xs: []i32`)
            // that the body changes varies between iterations too.
            let anonymous = matches!(param, Size::Named(n) if n.starts_with('?'));
            if anonymous && body != param && body != init && !inferred {
                return self.fresh_existential();
            }
            // Fixed by the pattern's annotation, which the body matched.
            return param.clone();
        };
        let invariant = body == param || body == init || inferred;
        if invariant
            && self.u.unify_size(body, param).is_ok()
            && self.u.unify_size(param, init).is_ok()
        {
            return self.u.resolve_size(init);
        }
        // A size that changes between iterations: unknown inside the loop,
        // and a new existential size after it.
        let unknown = self.u.fresh_unknown_size();
        let _ = self.u.unify_size(param, &unknown);
        self.fresh_existential()
    }
}
