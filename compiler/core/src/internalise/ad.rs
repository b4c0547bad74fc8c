//! The intrinsics `jvp2` and `vjp2` (behind the prelude's `jvp`, `vjp`,
//! `jmp`, `mjp` and their `2` forms).
//!
//! `jvp2 f x x'` internalises `f` applied to fresh copies of the point's
//! scalars and arrays, then runs the forward-mode transformation
//! (`crate::ad`) over the statements that gave, seeding the copies with
//! the tangent `x'`.
//!
//! `vjp2 f x y'` is, for now, computed by forward passes as the
//! interpreter does: for each scalar `x_i` of the point, a `jvp` with the
//! tangent 1 on `x_i` and 0 elsewhere gives the column `J e_i`, and the
//! adjoint's component is `sum (y' * J e_i)`; the scalars of an array are
//! taken in a `map` over their flat indices. That costs one run of `f` per
//! scalar of the point, where a real reverse mode (a tape of the forward
//! sweep and adjoints propagated backwards) costs a small multiple of one
//! run.

use std::rc::Rc;

use runic_eval::builtins::Builtin;
use runic_eval::ir::Loc as SrcLoc;
use runic_eval::prim::BinOp;
use runic_eval::value::Prim;
use runic_sema::types::PrimType;

use super::{i64c, Fun, Internaliser, SVal, R};
use crate::ir::*;

impl Internaliser<'_> {
    /// `jvp2 f x x'`: `(f x, J x')`.
    pub(crate) fn jvp2(&mut self, args: Vec<SVal>, loc: Option<&SrcLoc>) -> R<SVal> {
        let [f, x, dx] = three(args);
        let mut dl = Vec::new();
        dx.leaves(&mut dl);
        let (primal, tangent) = self.forward(f, &x, dl, loc)?;
        Ok(SVal::Tuple(Rc::from(vec![primal, tangent])))
    }

    /// `f x` and its tangent for the tangents `dl` of the leaves of `x`.
    fn forward(
        &mut self,
        f: SVal,
        x: &SVal,
        dl: Vec<SubExp>,
        loc: Option<&SrcLoc>,
    ) -> R<(SVal, SVal)> {
        let mut xl = Vec::new();
        if !x.leaves(&mut xl) {
            return self.missing(loc, "differentiating with respect to a function");
        }
        if xl.len() != dl.len() {
            return self.error(loc, "jvp: the tangent does not have the shape of the point");
        }
        let copies: Vec<SubExp> = xl
            .iter()
            .map(|l| {
                let t = self.ty(*l);
                self.bind1("ad_x", Exp::SubExp(*l), t, loc)
            })
            .collect();
        let seeds: Vec<(VarId, SubExp)> = copies
            .iter()
            .zip(&dl)
            .filter_map(|(c, d)| Some((c.var()?, *d)))
            .collect();
        let point = x.rebuild(&mut copies.into_iter());
        let mark = self.bodies.last().map_or(0, Vec::len);
        self.ad_depth += 1;
        let result = self.apply(f, vec![point], loc);
        self.ad_depth -= 1;
        let result = result?;
        let mut rl = Vec::new();
        if !result.leaves(&mut rl) {
            return self.missing(loc, "differentiating a function whose result is a function");
        }
        let stms = self.bodies.last_mut().expect("a body").split_off(mark);
        let first_new = self.prog.vars.len();
        let (stms, tans) = crate::ad::jvp(&mut self.prog, stms, &seeds, &rl)
            .map_err(|m| self.missing::<()>(loc, &m).unwrap_err())?;
        // Variables of the transformation live in nested bodies, except
        // those its top-level statements bind.
        let level = self.level();
        self.levels.resize(self.prog.vars.len(), level + 1);
        for v in first_new..self.prog.vars.len() {
            self.levels[v] = level + 1;
        }
        for s in &stms {
            for v in s.pat.ctx.iter().chain(&s.pat.vals) {
                self.levels[v.index()] = level;
            }
        }
        self.bodies.last_mut().expect("a body").extend(stms);
        let tangent = with_tangents(&result, &mut tans.into_iter());
        Ok((result, tangent))
    }

    /// `vjp2 f x y'`: `(f x, y' J)`, by one forward pass per scalar of
    /// `x`.
    pub(crate) fn vjp2(&mut self, args: Vec<SVal>, loc: Option<&SrcLoc>) -> R<SVal> {
        let [f, x, ybar] = three(args);
        let mut xl = Vec::new();
        if !x.leaves(&mut xl) {
            return self.missing(loc, "differentiating with respect to a function");
        }
        let mut adjoints = Vec::with_capacity(xl.len());
        for i in 0..xl.len() {
            let t = self.ty(xl[i]);
            let zero = SubExp::Const(Prim::zero(t.prim));
            let one = SubExp::Const(runic_eval::prim::from_f64(1.0, t.prim));
            if t.prim == PrimType::Bool {
                adjoints.push(self.zeros(&t, loc));
                continue;
            }
            if t.rank() == 0 {
                let dl = self.seeds(&xl, i, one, loc);
                let (_, column) = self.forward(f.clone(), &x, dl, loc)?;
                adjoints.push(self.dot(&ybar, &column, t.prim, loc)?);
                continue;
            }
            // One pass per flat index of the array.
            let mut n = i64c(1);
            for d in &t.dims {
                n = self.binop(BinOp::Mul, n, *d, loc);
            }
            let iota = self.bind1(
                "iota",
                Exp::Iota(n),
                Type::array(PrimType::I64, vec![n]),
                loc,
            );
            let (f2, x2, ybar2, xl2, dims) = (
                f.clone(),
                x.clone(),
                ybar.clone(),
                xl.clone(),
                t.dims.clone(),
            );
            let flat = self.map_fn(&SVal::Leaf(iota), loc, move |int, k| {
                let SVal::Leaf(k) = k else {
                    return int.error(loc, "vjp: a flat index");
                };
                let flat_ty = Type::array(t.prim, vec![n]);
                let zeros = int.bind1("zeros", Exp::Replicate(vec![n], zero), flat_ty.clone(), loc);
                let SubExp::Var(zeros) = zeros else {
                    return int.error(loc, "vjp: a seed");
                };
                let hot = int.bind1(
                    "onehot",
                    Exp::Update(zeros, vec![DimIndex::Fix(k)], one),
                    flat_ty,
                    loc,
                );
                let SubExp::Var(hot) = hot else {
                    return int.error(loc, "vjp: a seed");
                };
                let seed = int.bind1(
                    "seed",
                    Exp::Reshape(dims.clone(), hot),
                    Type::array(t.prim, dims.clone()),
                    loc,
                );
                let dl = int.seeds(&xl2, i, seed, loc);
                let (_, column) = int.forward(f2, &x2, dl, loc)?;
                Ok(SVal::Leaf(int.dot(&ybar2, &column, t.prim, loc)?))
            })?;
            let SVal::Leaf(SubExp::Var(flat)) = flat else {
                return self.error(loc, "vjp: an adjoint");
            };
            adjoints.push(self.bind1("adj", Exp::Reshape(t.dims.clone(), flat), t.clone(), loc));
        }
        // The primal last: `f` may consume its argument.
        let primal = self.apply(f, vec![x.clone()], loc)?;
        let adjoint = x.rebuild(&mut adjoints.into_iter());
        Ok(SVal::Tuple(Rc::from(vec![primal, adjoint])))
    }

    /// Zeros of a type.
    fn zeros(&mut self, t: &Type, loc: Option<&SrcLoc>) -> SubExp {
        let z = SubExp::Const(Prim::zero(t.prim));
        if t.rank() == 0 {
            return z;
        }
        self.bind1("zeros", Exp::Replicate(t.dims.clone(), z), t.clone(), loc)
    }

    /// Tangents for the leaves `xl` of a point: `seed` for leaf `i`, zeros
    /// for the others.
    fn seeds(
        &mut self,
        xl: &[SubExp],
        i: usize,
        seed: SubExp,
        loc: Option<&SrcLoc>,
    ) -> Vec<SubExp> {
        (0..xl.len())
            .map(|j| {
                if j == i {
                    seed
                } else {
                    let t = self.ty(xl[j]);
                    self.zeros(&t, loc)
                }
            })
            .collect()
    }

    /// `sum (ybar * t)` over the scalars of two values of one structure,
    /// as a scalar of type `target`.
    fn dot(&mut self, ybar: &SVal, t: &SVal, target: PrimType, loc: Option<&SrcLoc>) -> R<SubExp> {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        payload_leaves(ybar, &mut a);
        payload_leaves(t, &mut b);
        if a.len() != b.len() {
            return self.error(
                loc,
                "vjp: the adjoint does not have the shape of the result",
            );
        }
        let mut sum = SubExp::Const(Prim::zero(target));
        for (y, d) in a.into_iter().zip(b) {
            let ty = self.ty(y);
            if ty.prim == PrimType::Bool {
                continue;
            }
            let part = if ty.rank() == 0 {
                self.binop(BinOp::Mul, y, d, loc)
            } else {
                let mut n = i64c(1);
                for dim in &ty.dims {
                    n = self.binop(BinOp::Mul, n, *dim, loc);
                }
                let flat = |int: &mut Self, s: SubExp| -> R<SVal> {
                    let SubExp::Var(v) = s else {
                        return int.error(loc, "vjp: an array adjoint");
                    };
                    Ok(SVal::Leaf(int.bind1(
                        "flat",
                        Exp::Reshape(vec![n], v),
                        Type::array(ty.prim, vec![n]),
                        loc,
                    )))
                };
                let fy = flat(self, y)?;
                let fd = flat(self, d)?;
                let products =
                    self.map_fn(&SVal::Tuple(Rc::from(vec![fy, fd])), loc, |int, row| {
                        let (Some(SVal::Leaf(p)), Some(SVal::Leaf(q))) =
                            (row.field("0"), row.field("1"))
                        else {
                            return int.error(loc, "vjp: a product");
                        };
                        Ok(SVal::Leaf(int.binop(BinOp::Mul, p, q, loc)))
                    })?;
                let add = SVal::Fun(
                    Rc::new(Fun::Builtin(Builtin::Bin(BinOp::Add))),
                    Rc::from(Vec::new()),
                );
                let ne = SVal::Leaf(SubExp::Const(Prim::zero(ty.prim)));
                match self.reduce(&add, &ne, &products, super::builtins::Fold::Reduce, loc)? {
                    SVal::Leaf(s) => s,
                    _ => return self.error(loc, "vjp: a sum"),
                }
            };
            let part = self.convert(part, target);
            sum = self.binop(BinOp::Add, sum, part, loc);
        }
        Ok(sum)
    }
}

/// The three arguments of `jvp2` or `vjp2`.
fn three(args: Vec<SVal>) -> [SVal; 3] {
    let mut args = args.into_iter();
    let mut next = || args.next().unwrap_or_else(SVal::unit);
    [next(), next(), next()]
}

/// The tangent of a value from the tangents of its leaves: a sum's tag
/// stays the value's own.
fn with_tangents(v: &SVal, tans: &mut impl Iterator<Item = SubExp>) -> SVal {
    match v {
        SVal::Leaf(_) => SVal::Leaf(tans.next().unwrap_or(i64c(0))),
        SVal::Tuple(items) => SVal::Tuple(items.iter().map(|i| with_tangents(i, tans)).collect()),
        SVal::Record(fields) => SVal::Record(
            fields
                .iter()
                .map(|(n, x)| (n.clone(), with_tangents(x, tans)))
                .collect(),
        ),
        SVal::Sum(tag, ctors) => {
            tans.next();
            SVal::Sum(
                *tag,
                ctors
                    .iter()
                    .map(|(n, p)| {
                        (
                            n.clone(),
                            p.iter().map(|x| with_tangents(x, tans)).collect(),
                        )
                    })
                    .collect(),
            )
        }
        // An array of units has no tangent: it keeps its shape.
        SVal::Units(_) => {
            tans.next();
            v.clone()
        }
        SVal::Fun(..) => v.clone(),
    }
}

/// The leaves of a value other than sums' tags.
fn payload_leaves(v: &SVal, out: &mut Vec<SubExp>) {
    match v {
        SVal::Leaf(s) => out.push(*s),
        SVal::Tuple(items) => items.iter().for_each(|i| payload_leaves(i, out)),
        SVal::Record(fields) => fields.iter().for_each(|(_, x)| payload_leaves(x, out)),
        SVal::Sum(_, ctors) => ctors
            .iter()
            .for_each(|(_, p)| p.iter().for_each(|x| payload_leaves(x, out))),
        SVal::Fun(..) | SVal::Units(_) => {}
    }
}
