//! Hoisting of SOAC-invariant code: a statement of a SOAC's function that
//! uses neither the function's parameters nor anything bound by a
//! statement of the function left in place runs once, before the SOAC,
//! instead of once per row (`iota w` and its size check inside
//! `map (\y -> map (\x -> ...) (iota w)) ys`, so that the outer map's
//! function is only the inner map: a perfect nest).
//!
//! Hoisting never duplicates work. It must not change which errors can
//! happen either, so a statement that may fail moves only when it is an
//! assertion that every row would check first (all the statements before
//! it move too), and then it is guarded: it holds where the SOAC has no
//! rows ([`super::guarded_assert`]). Nothing is hoisted that consumes an
//! array, whose result something in the function consumes (each row
//! would update the same array), or that has an effect (`trace`); nor an
//! index, whose bounds check may be one of those guarded (it would read
//! out of bounds where the SOAC has no rows).

use rustc_hash::FxHashSet as HashSet;

use crate::fuse::vars::{consumes_of, exp_uses};
use crate::ir::*;

/// Takes the invariant statements out of `l`, the function of a SOAC of
/// `w` rows: the statements to run before the SOAC, in order.
pub(super) fn invariant(p: &mut Program, w: SubExp, l: &mut Lambda) -> Vec<Stm> {
    if l.body.stms.is_empty() {
        return Vec::new();
    }
    let mut consumed = HashSet::default();
    body_consumed(p, &l.body, &mut consumed);
    let mut variant: HashSet<VarId> = l.params.iter().copied().collect();
    let mut hoisted = Vec::new();
    let mut kept = Vec::with_capacity(l.body.stms.len());
    // Whether nothing left in place so far may fail: an assertion can
    // then move (guarded), as every row would check it before anything
    // else could fail.
    let mut prefix = true;
    let mut uses = HashSet::default();
    for s in std::mem::take(&mut l.body.stms) {
        uses.clear();
        exp_uses(&s.exp, &mut uses);
        for v in &s.pat.vals {
            uses.extend(p.ty(*v).dims.iter().filter_map(|d| d.var()));
        }
        let free = uses.iter().all(|v| !variant.contains(v));
        let movable = free
            && !matches!(s.exp, Exp::Trace(_) | Exp::Update(..) | Exp::Index(..))
            && consumes_of(&s.exp).is_empty()
            && !s
                .pat
                .ctx
                .iter()
                .chain(&s.pat.vals)
                .any(|v| consumed.contains(v));
        match &s.exp {
            Exp::Assert(c, msg, at) if movable && prefix => {
                hoisted.extend(super::guarded_assert(
                    p,
                    w,
                    *c,
                    msg.clone(),
                    at.clone(),
                    s.loc.clone(),
                ));
            }
            e if movable && !crate::simplify::may_fail(e) => hoisted.push(s),
            e => {
                prefix &= !crate::simplify::may_fail(e);
                variant.extend(s.pat.ctx.iter().chain(&s.pat.vals).copied());
                kept.push(s);
            }
        }
    }
    l.body.stms = kept;
    hoisted
}

/// The arrays a body may consume: updated in place, written by a scatter
/// or histogram, the initial value of a loop parameter, or the input of a
/// SOAC whose function consumes something (in nested bodies too).
fn body_consumed(p: &Program, b: &Body, out: &mut HashSet<VarId>) {
    for s in &b.stms {
        exp_consumed(p, &s.exp, out);
    }
}

fn exp_consumed(p: &Program, e: &Exp, out: &mut HashSet<VarId>) {
    out.extend(consumes_of(e));
    if let Exp::Loop { params, .. } = e {
        let arrays = params.iter().filter_map(|(_, init)| init.var());
        out.extend(arrays.filter(|a| p.ty(*a).rank() > 0));
    }
    let arrs: &[VarId] = match e {
        Exp::Screma(x) => &x.arrs,
        Exp::Hist(x) => &x.arrs,
        Exp::Scatter(x) => &x.arrs,
        Exp::Stream(x) => &x.arrs,
        _ => &[],
    };
    let mut inner = HashSet::default();
    e.for_each_body(|b| body_consumed(p, b, &mut inner));
    if !arrs.is_empty() && !inner.is_empty() {
        out.extend(arrs.iter().copied());
    }
    out.extend(inner);
}
