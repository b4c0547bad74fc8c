//! Single-thread kernels of migrated code merged, as Futhark merges its
//! `GPUBody` statements: two in one host body (each with the earliest it
//! can) become one when the host
//! statements between them neither use what the first gives (it can be
//! launched later) or make what the second takes (it can be launched
//! earlier), and touch no array either uses.

use std::collections::BTreeSet;

use runic_core::ir::{DimIndex, Exp, SubExp, VarId};

use super::{defs, uses};
use crate::free;
use crate::ir::*;

/// Merges the migration kernels of a body and of the bodies inside it.
pub(super) fn body(kp: &mut KernelProgram, b: &mut HostBody, boxes: &BTreeSet<VarId>) {
    for inner in b.inner_bodies_mut() {
        body(kp, inner, boxes);
    }
    let mut k = 0;
    while k < b.stms.len() {
        if !is_gpubody(kp, &b.stms[k]) {
            k += 1;
            continue;
        }
        // The earliest earlier one it can merge with.
        let found = (0..k)
            .filter(|i| is_gpubody(kp, &b.stms[*i]))
            .find_map(|i| merge_point(kp, &b.stms, i, k, boxes).map(|p| (i, p)));
        let Some((i, plan)) = found else {
            k += 1;
            continue;
        };
        let mut rest: Vec<HostStm> = b.stms.drain(i..=k).collect();
        let later = rest.pop().expect("the second launch");
        let earlier = rest.remove(0);
        let merged = merge(kp, earlier, later);
        let (mut before, mut after) = (Vec::new(), Vec::new());
        for (j, s) in rest.into_iter().enumerate() {
            if plan.early.contains(&j) {
                before.push(s);
            } else {
                after.push(s);
            }
        }
        let at = if plan.late {
            i + before.len() + after.len()
        } else {
            i + before.len()
        };
        let mut seq = before;
        if plan.late {
            seq.extend(after);
            seq.push(merged);
        } else {
            seq.push(merged);
            seq.extend(after);
        }
        b.stms.splice(i..i, seq);
        k = at + 1;
    }
}

fn is_gpubody(kp: &KernelProgram, s: &HostStm) -> bool {
    matches!(s, HostStm::Launch { kernel, pat }
        if pat.ctx.is_empty()
            && kp.kernels[*kernel].name.starts_with("gpubody_")
            && matches!(kp.kernels[*kernel].kind, KernelKind::Seq { .. }))
}

/// How two launches become one.
struct Plan {
    /// The statements between (counted from the first after the first
    /// launch) that go before both: host scalar code and checks that do
    /// not depend on the first launch.
    early: BTreeSet<usize>,
    /// The merged launch goes where the second was (else where the first
    /// was, after the early statements).
    late: bool,
}

/// Whether and how the launches at `i` and `k` can run as one: the
/// second launched earlier, or the first later.
fn merge_point(
    kp: &KernelProgram,
    stms: &[HostStm],
    i: usize,
    k: usize,
    boxes: &BTreeSet<VarId>,
) -> Option<Plan> {
    let mention = |s: &HostStm| {
        let mut u = BTreeSet::new();
        uses(kp, s, &mut u);
        u
    };
    let array = |v: &VarId| kp.core.ty(*v).rank() > 0 && !boxes.contains(v);
    let (first, second) = (&stms[i], &stms[k]);
    let (out1, in2) = (defs(first), mention(second));
    let mut touched: BTreeSet<VarId> = mention(first).into_iter().filter(array).collect();
    touched.extend(in2.iter().filter(|v| array(v)));
    touched.extend(out1.iter().filter(|v| array(v)));
    let between = &stms[i + 1..k];
    // Nothing between may touch an array either uses (in-place updates).
    if between.iter().any(|s| {
        mention(s)
            .iter()
            .chain(&defs(s))
            .any(|v| touched.contains(v))
    }) {
        return None;
    }
    if between
        .iter()
        .all(|s| mention(s).iter().all(|u| !out1.contains(u)))
    {
        return Some(Plan {
            early: BTreeSet::new(),
            late: true,
        });
    }
    // Host scalar code (checks included) that does not need the first
    // launch goes before it; the rest must not make what the second takes
    // nor check anything (what it guards, say a read's bounds, must hold
    // before the second runs).
    let mut early = BTreeSet::new();
    let mut later_defs: BTreeSet<VarId> = out1.iter().copied().collect();
    for (j, s) in between.iter().enumerate() {
        let scalar = matches!(s, HostStm::Scalar(stm)
            if matches!(stm.exp, Exp::Scalar(..) | Exp::SubExp(_) | Exp::Assert(..)));
        if scalar && mention(s).iter().all(|u| !later_defs.contains(u)) {
            early.insert(j);
        } else if matches!(s, HostStm::Scalar(stm) if matches!(stm.exp, Exp::Assert(..))) {
            return None;
        } else {
            later_defs.extend(defs(s));
        }
    }
    if between
        .iter()
        .enumerate()
        .all(|(j, s)| early.contains(&j) || defs(s).iter().all(|d| !in2.contains(d)))
    {
        return Some(Plan { early, late: false });
    }
    None
}

/// One kernel running the first's statements, then the second's (less
/// its loads of what the first binds), giving what both gave.
fn merge(kp: &mut KernelProgram, first: HostStm, second: HostStm) -> HostStm {
    let (HostStm::Launch { kernel: a, pat: pa }, HostStm::Launch { kernel: b, pat: pb }) =
        (first, second)
    else {
        unreachable!("only launches merge")
    };
    let (KernelKind::Seq { body: ba }, KernelKind::Seq { body: bb }) =
        (&kp.kernels[a].kind, &kp.kernels[b].kind)
    else {
        unreachable!("only single-thread kernels merge")
    };
    let mut body = ba.clone();
    let bound: BTreeSet<VarId> = body
        .stms
        .iter()
        .flat_map(|s| s.pat.ctx.iter().chain(&s.pat.vals).copied())
        .collect();
    for s in &bb.stms {
        let load = matches!(&s.exp, Exp::Index(_, idx)
            if matches!(idx.as_slice(), [DimIndex::Fix(SubExp::Const(_))]));
        if load && s.pat.vals.iter().all(|v| bound.contains(v)) {
            continue;
        }
        body.stms.push(s.clone());
    }
    body.result.extend(bb.result.iter().copied());
    let mut pat = pa;
    pat.vals.extend(pb.vals);
    kp.kernels[a].inputs = free::of_body(&kp.core, &body);
    kp.kernels[a].kind = KernelKind::Seq { body };
    HostStm::Launch { kernel: a, pat }
}
