//! Transpositions read through rather than built. Extraction turns a host
//! `rearrange` into a SegMap that writes the permuted array; when only
//! SegMap, single-thread kernels and reductions' fused maps read that array (as a free variable of
//! their bodies, in the same body of host code or in branches and loops
//! inside it), it is not built: they take the source array instead and
//! bind the transposition themselves, which in a kernel only permutes a
//! view's sizes and strides. Besides saving a pass over the array, this
//! keeps reads coalesced where they matter most: a thread that walks a
//! row of the transposed array while its neighbours walk the next rows
//! reads neighbouring elements of the source (matrix multiplication by a
//! transposed matrix is the common case).
//!
//! Runs before [`crate::migrate`], whose compaction drops the kernels no
//! host code launches any more.

use std::collections::BTreeSet;

use runic_core::ir::{DimIndex, Exp, Pat, Stm, SubExp, VarId};

use crate::ir::*;
use crate::migrate::uses;

/// Reads the transpositions of every function through.
pub fn program(kp: &mut KernelProgram) {
    let mut funs = std::mem::take(&mut kp.funs);
    for f in &mut funs {
        body(kp, &mut f.body);
    }
    kp.funs = funs;
}

fn body(kp: &mut KernelProgram, b: &mut HostBody) {
    for inner in b.inner_bodies_mut() {
        body(kp, inner);
    }
    let mut at = 0;
    while at < b.stms.len() {
        if !read_through(kp, b, at) {
            at += 1;
        }
    }
}

/// The source and permutation of a kernel that only writes a permuted
/// array (what extraction makes of a `rearrange`), the identity excepted.
fn transposition(k: &Kernel) -> Option<(VarId, Vec<usize>)> {
    let KernelKind::SegMap {
        space,
        arrs,
        lambda,
    } = &k.kind
    else {
        return None;
    };
    if !arrs.is_empty() || !lambda.params.is_empty() {
        return None;
    }
    let [stm] = &lambda.body.stms[..] else {
        return None;
    };
    let Exp::Index(src, idx) = &stm.exp else {
        return None;
    };
    if lambda.body.result[..] != [SubExp::Var(*stm.pat.vals.first()?)] || idx.len() != space.len() {
        return None;
    }
    let position = |g: VarId| idx.iter().position(|i| *i == DimIndex::Fix(SubExp::Var(g)));
    let perm: Vec<usize> = space
        .iter()
        .map(|(g, _)| position(*g))
        .collect::<Option<_>>()?;
    let distinct: BTreeSet<usize> = perm.iter().copied().collect();
    let identity = perm.iter().enumerate().all(|(i, k)| i == *k);
    (distinct.len() == perm.len() && !identity).then_some((*src, perm))
}

/// Whether a kernel can bind a transposition of one of its inputs itself
/// (in the body its threads run), given the array it reads.
fn binds_views(k: &Kernel, arr: VarId) -> bool {
    match &k.kind {
        KernelKind::SegMap { arrs, .. }
        | KernelKind::SegRed {
            arrs, map: Some(_), ..
        } => !arrs.contains(&arr),
        KernelKind::Seq { .. } => true,
        _ => false,
    }
}

/// Reads the transposition launched at `b.stms[at]` through, if it is
/// one and every reader can; whether it did (the statement is gone).
fn read_through(kp: &mut KernelProgram, b: &mut HostBody, at: usize) -> bool {
    let HostStm::Launch { kernel, pat } = &b.stms[at] else {
        return false;
    };
    let ([out], Some((src, perm))) = (&pat.vals[..], transposition(&kp.kernels[*kernel])) else {
        return false;
    };
    let out = *out;
    let mut readers = Vec::new();
    if !readers_in(kp, &b.stms, Some(at), out, &mut readers)
        || readers.is_empty()
        || b.result.contains(&SubExp::Var(out))
    {
        return false;
    }
    readers.sort_unstable();
    readers.dedup();
    let bind = Stm {
        pat: Pat {
            ctx: Vec::new(),
            vals: vec![out],
        },
        exp: Exp::Rearrange(perm, src),
        loc: None,
    };
    for k in readers {
        let kernel = &mut kp.kernels[k];
        kernel.inputs.retain(|v| *v != out);
        if !kernel.inputs.contains(&src) {
            kernel.inputs.push(src);
        }
        match &mut kernel.kind {
            KernelKind::SegMap { lambda, .. } => lambda.body.stms.insert(0, bind.clone()),
            KernelKind::Seq { body } => body.stms.insert(0, bind.clone()),
            KernelKind::SegRed { map: Some(map), .. } => {
                map.lambda.body.stms.insert(0, bind.clone())
            }
            _ => unreachable!("binds_views admits SegMap, mapped SegRed and Seq kernels only"),
        }
    }
    b.stms.remove(at);
    b.stms
        .retain(|s| !matches!(s, HostStm::Alloc(v) if *v == out));
    true
}

/// Collects the kernels among `stms` (and the branches and loops inside
/// them) that read `out`; false if anything else uses it (a host
/// statement, a kernel that cannot bind the view, a body's result).
fn readers_in(
    kp: &KernelProgram,
    stms: &[HostStm],
    skip: Option<usize>,
    out: VarId,
    readers: &mut Vec<KernelId>,
) -> bool {
    for (j, s) in stms.iter().enumerate() {
        match s {
            _ if Some(j) == skip => {}
            HostStm::Alloc(v) if *v == out => {}
            HostStm::Launch { kernel, .. } if kp.kernels[*kernel].inputs.contains(&out) => {
                if !binds_views(&kp.kernels[*kernel], out) {
                    return false;
                }
                readers.push(*kernel);
            }
            HostStm::If {
                cond,
                then_body,
                else_body,
                ..
            } => {
                if *cond == SubExp::Var(out) {
                    return false;
                }
                for inner in [then_body, else_body] {
                    if !readers_in(kp, &inner.stms, None, out, readers)
                        || inner.result.contains(&SubExp::Var(out))
                    {
                        return false;
                    }
                }
            }
            HostStm::Loop {
                params, body, form, ..
            } => {
                let bound = match form {
                    runic_core::ir::LoopForm::For { bound, .. } => *bound == SubExp::Var(out),
                    runic_core::ir::LoopForm::While(c) => *c == out,
                };
                if bound
                    || params.iter().any(|(_, x)| *x == SubExp::Var(out))
                    || !readers_in(kp, &body.stms, None, out, readers)
                    || body.result.contains(&SubExp::Var(out))
                {
                    return false;
                }
            }
            other => {
                let mut used = BTreeSet::new();
                uses(kp, other, &mut used);
                if used.contains(&out) {
                    return false;
                }
            }
        }
    }
    true
}
