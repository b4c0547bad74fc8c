//! `jvp2` and `vjp2`, the intrinsics behind the prelude's `jvp`, `jvp2`,
//! `vjp` and `vjp2`.
//!
//! Forward mode runs the function once on dual numbers (`crate::ad`).
//! Reverse mode is computed by forward passes too: for each scalar `x_i`
//! of the point, one run with the tangent 1 on `x_i` (0 elsewhere) gives
//! the column `J e_i`, and the adjoint's component is `sum (y' * J e_i)`.
//! That costs one run of the function per scalar of the point (plus one
//! for the result) where a compiler's reverse mode costs a small multiple
//! of one run, which is acceptable for a reference interpreter and exact
//! (no finite differences).

use super::{Eval, Interp};
use crate::ad;
use crate::ir::Loc;
use crate::value::Value;

impl Interp<'_> {
    fn next_ad_tag(&mut self) -> u32 {
        self.ad_tag += 1;
        self.ad_tag
    }

    /// Applies `f` with dual-number arithmetic switched on.
    fn apply_dual(&mut self, f: &Value, x: Value, loc: &Loc) -> Eval<Value> {
        self.ad_depth += 1;
        let result = self.apply(f, vec![x], loc);
        self.ad_depth -= 1;
        result
    }

    /// `jvp2 f x x'`: `(f x, J x')`.
    pub(super) fn jvp2(&mut self, args: Vec<Value>, loc: &Loc) -> Eval<Value> {
        let [f, x, dx] = three(args);
        let tag = self.next_ad_tag();
        let seeded = ad::seed(&x, &dx, tag).map_err(|m| self.error(loc, format!("jvp: {m}")))?;
        let result = self.apply_dual(&f, seeded, loc)?;
        let primal = ad::primal_at(&result, tag).map_err(|m| self.error(loc, m))?;
        let tangent = ad::tangent_at(&result, tag).map_err(|m| self.error(loc, m))?;
        Ok(Value::tuple(vec![primal, tangent]))
    }

    /// `vjp2 f x y'`: `(f x, y' J)`, by one forward pass per scalar of `x`.
    pub(super) fn vjp2(&mut self, args: Vec<Value>, loc: &Loc) -> Eval<Value> {
        let [f, x, ybar] = three(args);
        let result = self.apply(&f, vec![x.clone()], loc)?;
        let points = ad::leaves(&x).map_err(|m| self.error(loc, m))?;
        let mut adjoints = Vec::with_capacity(points.len());
        for i in 0..points.len() {
            adjoints.push(self.adjoint_of(&f, &x, &points, i, &ybar, loc)?);
        }
        let adjoint = ad::with_leaves(&x, adjoints).map_err(|m| self.error(loc, m))?;
        Ok(Value::tuple(vec![result, adjoint]))
    }

    /// The adjoint of scalar `i` (of `points`, the scalars of `x`):
    /// `sum (y' * J e_i)`.
    fn adjoint_of(
        &mut self,
        f: &Value,
        x: &Value,
        points: &[Value],
        i: usize,
        ybar: &Value,
        loc: &Loc,
    ) -> Eval<Value> {
        let leaf = &points[i];
        if ad::is_bool(leaf) {
            // A boolean has no adjoint: it is zero (false).
            return Ok(ad::zero_of(leaf));
        }
        let tag = self.next_ad_tag();
        let seeded: Vec<Value> = points
            .iter()
            .enumerate()
            .map(|(j, p)| {
                let tangent = if j == i {
                    ad::one_like(p)
                } else {
                    ad::zero_of(p)
                };
                ad::seed_leaf(p.clone(), tangent, tag)
            })
            .collect();
        let seeded = ad::with_leaves(x, seeded).map_err(|m| self.error(loc, m))?;
        let column = self.apply_dual(f, seeded, loc)?;
        let column = ad::tangent_at(&column, tag).map_err(|m| self.error(loc, m))?;
        ad::same_shapes(ybar, &column, "the adjoint", "the result")
            .map_err(|m| self.error(loc, format!("vjp: {m}")))?;
        ad::dot(ybar, &column, leaf).map_err(|m| self.error(loc, format!("vjp: {m}")))
    }
}

fn three(args: Vec<Value>) -> [Value; 3] {
    let mut args = args.into_iter();
    let mut next = || args.next().unwrap_or_else(Value::unit);
    [next(), next(), next()]
}
