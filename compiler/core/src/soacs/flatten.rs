//! Flattening of a perfect nest of two maps whose result is flattened:
//! `flatten (map (\x -> map f ys) xs)` is one map of `n * m` rows over the
//! inputs flattened alike, so that a consumer of the flat array fuses with
//! it (fusion across a reshape).
//!
//! Each input of the inner map becomes a flat input of the new map:
//!
//! - a row of an outer input `a` (`[n][m]t`): `a` reshaped to `[n*m]t`;
//! - an array `b` (`[m]t`) bound outside the nest: `n` copies of it,
//!   reshaped to `[n*m]t`;
//!
//! and each outer parameter the inner function reads (the outer row
//! `a[i]`, the same for every inner row) becomes an input too: `a`
//! replicated `m` times, the two outer dimensions swapped, flattened. The
//! statements of the outer function before the inner map must not depend
//! on the outer row: they run once, before the new map (a check among
//! them only where the outer map has rows).

use rustc_hash::FxHashSet as HashSet;

use runic_eval::builtins::Builtin;
use runic_eval::prim::BinOp;
use runic_eval::value::Prim;

use super::{guarded_assert, sole_map_producer};
use crate::fuse::vars::{body_uses, uses_of};
use crate::ir::*;

/// The statements replacing the flattening at `r` (the hoisted statements
/// of the outer function, the new inputs, the flat map) and the position
/// of the nest they replace, if the rule applies.
pub(super) fn flattened(p: &mut Program, b: &Body, r: usize) -> Option<(Vec<Stm>, usize)> {
    let s = &b.stms[r];
    let Exp::Reshape(shape, a) = &s.exp else {
        return None;
    };
    let (a, t) = (*a, *s.pat.vals.first()?);
    let a_ty = p.ty(a).clone();
    if a_ty.rank() < 2 || shape.len() + 1 != a_ty.rank() || shape[1..] != a_ty.dims[2..] {
        return None;
    }
    let (n, m, d) = (a_ty.dims[0], a_ty.dims[1], shape[0]);
    if !is_product(b, r, d, n, m) {
        return None;
    }
    let (pi, outer) = sole_map_producer(b, a, r)?;
    let (inner_stm, prefix) = outer.map.body.stms.split_last()?;
    let Exp::Screma(inner) = &inner_stm.exp else {
        return None;
    };
    let params: HashSet<VarId> = outer.map.params.iter().copied().collect();
    let nested_map = inner.scans.is_empty()
        && inner.reds.is_empty()
        && inner.post.is_none()
        && inner_stm.pat.ctx.is_empty()
        && inner_stm.pat.vals.len() == 1
        && outer.map.body.result == [SubExp::Var(inner_stm.pat.vals[0])]
        && inner.w.same(m);
    if !nested_map {
        return None;
    }
    // The statements before the inner map: run once, outside.
    for st in prefix {
        let hoistable = match &st.exp {
            Exp::Scalar(..) | Exp::SubExp(_) => !crate::simplify::may_fail(&st.exp),
            Exp::Iota(_) | Exp::Replicate(..) | Exp::Assert(..) => true,
            _ => false,
        };
        if !hoistable || uses_of(&st.exp).iter().any(|v| params.contains(v)) {
            return None;
        }
    }
    let mut inner_uses = HashSet::default();
    body_uses(&inner.map.body, &mut inner_uses);
    let (outer, inner) = (outer.clone(), (**inner).clone());
    let mut stms = Vec::new();
    for st in prefix {
        match &st.exp {
            Exp::Assert(c, msg, loc) => stms.extend(guarded_assert(
                p,
                n,
                *c,
                msg.clone(),
                loc.clone(),
                st.loc.clone(),
            )),
            _ => stms.push(st.clone()),
        }
    }
    let mut arrs = Vec::new();
    for x in &inner.arrs {
        let flat = match outer.map.params.iter().position(|q| q == x) {
            Some(k) => flat_rows(p, &mut stms, outer.arrs[k], d),
            // An array bound outside the nest, or by a hoisted statement.
            None => {
                let x_ty = p.ty(*x).clone();
                let name = p.vars[*x].name.clone();
                let copies = p.new_var(&name, x_ty.with_outer(n));
                stms.push(Stm::single(
                    copies,
                    Exp::Replicate(vec![n], SubExp::Var(*x)),
                ));
                flat_rows(p, &mut stms, copies, d)
            }
        };
        arrs.push(flat);
    }
    let mut lambda = inner.map.clone();
    for (q, x) in outer.map.params.iter().zip(&outer.arrs) {
        if !inner_uses.contains(q) {
            continue;
        }
        // Row `i` of `x`, once for each of the `m` inner rows.
        let x_ty = p.ty(*x).clone();
        let name = p.vars[*x].name.clone();
        let copies = p.new_var(&name, x_ty.with_outer(m));
        stms.push(Stm::single(
            copies,
            Exp::Replicate(vec![m], SubExp::Var(*x)),
        ));
        let mut dims = x_ty.dims.clone();
        dims.insert(1, m);
        let swapped = p.new_var(&name, Type::array(x_ty.prim, dims));
        let perm: Vec<usize> = (0..x_ty.rank() + 1)
            .map(|k| match k {
                0 => 1,
                1 => 0,
                k => k,
            })
            .collect();
        stms.push(Stm::single(swapped, Exp::Rearrange(perm, copies)));
        arrs.push(flat_rows(p, &mut stms, swapped, d));
        lambda.params.push(*q);
    }
    stms.push(Stm {
        pat: Pat {
            ctx: Vec::new(),
            vals: vec![t],
        },
        exp: Exp::Screma(Box::new(Screma {
            w: d,
            arrs,
            scans: Vec::new(),
            reds: Vec::new(),
            map: lambda,
            post: None,
            attrs: outer.attrs.union(&inner.attrs),
        })),
        loc: b.stms[pi].loc.clone(),
    });
    Some((stms, pi))
}

/// `x` (`[n][m]...`) as `[d]...`, `d` known to be `n * m`.
fn flat_rows(p: &mut Program, stms: &mut Vec<Stm>, x: VarId, d: SubExp) -> VarId {
    let ty = p.ty(x).clone();
    let mut dims = vec![d];
    dims.extend_from_slice(&ty.dims[2..]);
    let name = p.vars[x].name.clone();
    let flat = p.new_var(&name, Type::array(ty.prim, dims.clone()));
    stms.push(Stm::single(flat, Exp::Reshape(dims, x)));
    flat
}

/// Whether `d` is `n * m`: the same constant, or bound by a
/// multiplication of the two before statement `r`.
fn is_product(b: &Body, r: usize, d: SubExp, n: SubExp, m: SubExp) -> bool {
    match (d, n, m) {
        (SubExp::Const(Prim::I64(d)), SubExp::Const(Prim::I64(n)), SubExp::Const(Prim::I64(m))) => {
            n.checked_mul(m) == Some(d)
        }
        (SubExp::Var(d), ..) => b.stms[..r].iter().any(|s| {
            s.pat.vals == [d]
                && matches!(&s.exp, Exp::Scalar(Builtin::Bin(BinOp::Mul), args)
                    if args.len() == 2
                        && (args[0].same(n) && args[1].same(m)
                            || args[0].same(m) && args[1].same(n)))
        }),
        _ => false,
    }
}
