//! `iota` arrays that only feed SOACs row by row need no memory: row `i`
//! of `iota n` is `i`, the SOAC's row index. As Futhark's sequential
//! pipeline turns a map into a loop whose index replaces the iota (and
//! its kernels use their thread index), such an input is dropped from the
//! SOAC, its parameter bound to the row index at the top of the function,
//! and the `iota` statement, now unused, removed. The SOACs may be nested
//! anywhere below the `iota` (`tabulate_2d n n` reads one `iota n` in the
//! outer map and again in the inner one): every one of them drops it.

use runic_core::ir::{Body, Exp, Lambda, Stm, SubExp, VarId};
use runic_core::Program;
use runic_kernels::free::Free;
use rustc_hash::{FxHashMap, FxHashSet};

use crate::plan::row_index;

/// Rewrites a body (and those nested in it); `index` receives the row
/// index of each SOAC that lost an input, by its first value.
pub fn body(p: &mut Program, b: &mut Body, index: &mut FxHashMap<VarId, VarId>) {
    for s in b.stms.iter_mut() {
        s.exp.for_each_body_mut(|inner| body(p, inner, index));
    }
    let iotas: FxHashSet<VarId> = b
        .stms
        .iter()
        .filter(|s| matches!(s.exp, Exp::Iota(_)) && s.pat.vals.len() == 1)
        .map(|s| s.pat.vals[0])
        .collect();
    if iotas.is_empty() {
        return;
    }
    // The iotas some use other than a SOAC's input rows keeps.
    let mut kept: FxHashSet<VarId> = b.result.iter().filter_map(|r| r.var()).collect();
    let mut f = Free::default();
    for s in &b.stms {
        let mut e = s.exp.clone();
        strip_inputs(&mut e);
        f.exp(p, &e);
    }
    kept.extend(f.used.iter().copied());
    let virtual_: FxHashSet<VarId> = iotas.difference(&kept).copied().collect();
    if virtual_.is_empty() {
        return;
    }
    if drop_from(p, &mut b.stms, &virtual_, index) {
        b.stms
            .retain(|s| !s.pat.vals.iter().any(|v| virtual_.contains(v)));
    }
}

/// Removes the row-by-row inputs of every SOAC in the expression, at any
/// depth (a stream reads chunks, not rows: its inputs stay), so that what
/// remains free is the other uses.
fn strip_inputs(e: &mut Exp) {
    match e {
        Exp::Screma(sc) => sc.arrs.clear(),
        Exp::Hist(h) => h.arrs.clear(),
        Exp::Scatter(sc) => sc.arrs.clear(),
        _ => {}
    }
    e.for_each_body_mut(|b| b.stms.iter_mut().for_each(|s| strip_inputs(&mut s.exp)));
}

/// Drops the inputs in `virtual_` from the SOACs of `stms` and of the
/// bodies nested in them; whether any was dropped.
fn drop_from(
    p: &mut Program,
    stms: &mut [Stm],
    virtual_: &FxHashSet<VarId>,
    index: &mut FxHashMap<VarId, VarId>,
) -> bool {
    let mut dropped = false;
    for s in stms.iter_mut() {
        s.exp.for_each_body_mut(|inner| {
            dropped |= drop_from(p, &mut inner.stms, virtual_, index);
        });
        let Some(&first) = s.pat.vals.first() else {
            continue;
        };
        let (arrs, lambda) = match &mut s.exp {
            Exp::Screma(sc) => (&mut sc.arrs, &mut sc.map),
            Exp::Hist(h) => (&mut h.arrs, &mut h.bucket),
            Exp::Scatter(sc) => (&mut sc.arrs, &mut sc.lambda),
            _ => continue,
        };
        if !arrs.iter().any(|a| virtual_.contains(a)) {
            continue;
        }
        let i = *index.entry(first).or_insert_with(|| row_index(p));
        drop_inputs(arrs, lambda, virtual_, i);
        dropped = true;
    }
    dropped
}

/// Drops the inputs in `drop`, binding their parameters to `i`.
fn drop_inputs(arrs: &mut Vec<VarId>, lambda: &mut Lambda, drop: &FxHashSet<VarId>, i: VarId) {
    let mut bound = Vec::new();
    let mut k = 0;
    while k < arrs.len() {
        if drop.contains(&arrs[k]) && k < lambda.params.len() {
            arrs.remove(k);
            bound.push(lambda.params.remove(k));
        } else {
            k += 1;
        }
    }
    let lets = bound.into_iter().map(|v| Stm::copy(v, SubExp::Var(i)));
    lambda.body.stms.splice(0..0, lets);
}
