//! Replicates of one row that migration turns into single-thread
//! kernels, as Futhark's does (`replicate 1 x` is `gpu { [x] }` there): a
//! replicate whose value a device read gives (the read moved into the
//! replicate's kernel), and a replicate of one row of what a
//! single-thread kernel of migrated code gave (merged with it after).

use std::collections::BTreeSet;

use runic_core::ir::{Body, Exp, Stm, SubExp, Type, VarId};

use crate::free;
use crate::ir::*;

/// Rewrites the replicates of a body and of the bodies inside it.
pub(super) fn body(kp: &mut KernelProgram, b: &mut HostBody) {
    for inner in b.inner_bodies_mut() {
        body(kp, inner);
    }
    // What migration's single-thread kernels gave so far.
    let mut given: BTreeSet<VarId> = BTreeSet::new();
    // The results of the replicates rewritten (no longer allocated first).
    let mut made: BTreeSet<VarId> = BTreeSet::new();
    for s in &mut b.stms {
        let HostStm::Launch { kernel, pat } = s else {
            continue;
        };
        let k = &kp.kernels[*kernel];
        if k.name.starts_with("gpubody_") {
            given.extend(pat.vals.iter().copied());
            continue;
        }
        let KernelKind::SegMap {
            space,
            arrs,
            lambda,
        } = &k.kind
        else {
            continue;
        };
        let one = matches!(space.as_slice(), [(_, SubExp::Const(c))] if c.as_i64() == 1);
        if !k.name.starts_with("replicate_")
            || !one
            || !arrs.is_empty()
            || pat.vals.len() != lambda.body.result.len()
        {
            continue;
        }
        let reads = lambda
            .body
            .stms
            .iter()
            .any(|s| matches!(s.exp, Exp::Index(..)));
        let of_given = lambda.body.stms.is_empty()
            && lambda
                .body
                .result
                .iter()
                .all(|r| r.var().is_some_and(|v| given.contains(&v)));
        if !reads && !of_given {
            continue;
        }
        let mut stms = lambda.body.stms.clone();
        for (v, r) in pat.vals.iter().zip(&lambda.body.result) {
            let t = kp.core.subexp_type(*r);
            let exp = if t.rank() == 0 {
                Exp::ArrayLit(vec![*r], Type::scalar(t.prim))
            } else {
                Exp::Replicate(vec![SubExp::i64(1)], *r)
            };
            stms.push(Stm::single(*v, exp));
        }
        let body = Body {
            stms,
            result: pat.vals.iter().map(|v| SubExp::Var(*v)).collect(),
        };
        let id = *kernel;
        given.extend(pat.vals.iter().copied());
        made.extend(pat.vals.iter().copied());
        let k = &mut kp.kernels[id];
        k.inputs = free::of_body(&kp.core, &body);
        k.kind = KernelKind::Seq { body };
        k.name = format!("gpubody_{id}");
    }
    b.stms
        .retain(|s| !matches!(s, HostStm::Alloc(v) if made.contains(v)));
}
