//! `iota` arrays that only feed SOACs row by row need no memory: row `i`
//! of `iota n` is `i`, the SOAC's row index. As Futhark's sequential
//! pipeline turns a map into a loop whose index replaces the iota (and
//! its kernels use their thread index), such an input is dropped from the
//! SOAC, its parameter bound to the row index at the top of the function,
//! and the `iota` statement, now unused, removed.

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
    for s in &b.stms {
        let mut f = Free::default();
        let subs = |f: &mut Free, xs: &[SubExp]| {
            xs.iter().filter_map(|x| x.var()).for_each(|v| f.var(p, v));
        };
        // Everything but the input arrays themselves.
        match &s.exp {
            Exp::Screma(sc) => {
                for l in sc
                    .scans
                    .iter()
                    .map(|x| &x.lambda)
                    .chain(sc.reds.iter().map(|x| &x.lambda))
                {
                    f.lambda(p, l);
                }
                sc.scans.iter().for_each(|x| subs(&mut f, &x.neutral));
                sc.reds.iter().for_each(|x| subs(&mut f, &x.neutral));
                sc.post.iter().for_each(|l| f.lambda(p, l));
                f.lambda(p, &sc.map);
            }
            Exp::Hist(h) => {
                for o in &h.ops {
                    f.lambda(p, &o.op);
                    subs(&mut f, &o.neutral);
                    o.dests.iter().for_each(|d| f.var(p, *d));
                }
                f.lambda(p, &h.bucket);
            }
            Exp::Scatter(sc) => {
                f.lambda(p, &sc.lambda);
                sc.dests.iter().for_each(|(_, d)| f.var(p, *d));
            }
            _ => f.stm(p, s),
        }
        kept.extend(f.vars());
    }
    let virtual_: FxHashSet<VarId> = iotas.difference(&kept).copied().collect();
    if virtual_.is_empty() {
        return;
    }
    let mut dropped = false;
    for s in b.stms.iter_mut() {
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
        drop_inputs(arrs, lambda, &virtual_, i);
        dropped = true;
    }
    if dropped {
        b.stms
            .retain(|s| !s.pat.vals.iter().any(|v| virtual_.contains(v)));
    }
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
