//! Results of reductions kept on the device, as Futhark keeps a
//! `SegRed`'s results in device memory: before the analysis, each scalar
//! result of an unsegmented reduction is given as a one-element device
//! array and read from it ([`boxed`]), so that migration treats it as any
//! other element read (delayed into the kernels and single-thread code
//! that use it, read back only where the host needs it); after the
//! rewrite, a read still on the host goes back into its launch
//! ([`unboxed`]), which reads the result itself as before.

use std::collections::BTreeSet;

use runic_core::ir::{SubExp, Type, VarId};

use crate::ir::*;

/// Gives the scalar results of the reductions of a body (and of the
/// bodies inside it) as one-element arrays read right after their
/// launch; the arrays made.
pub(super) fn boxed(kp: &mut KernelProgram, b: &mut HostBody, made: &mut BTreeSet<VarId>) {
    for inner in b.inner_bodies_mut() {
        boxed(kp, inner, made);
    }
    let mut out = Vec::with_capacity(b.stms.len());
    for mut s in std::mem::take(&mut b.stms) {
        let mut reads = Vec::new();
        if let HostStm::Launch { kernel, pat } = &mut s {
            if matches!(
                kp.kernels[*kernel].kind,
                KernelKind::SegRed { segs: None, .. }
            ) && pat.ctx.is_empty()
            {
                for v in &mut pat.vals {
                    let ty = kp.core.ty(*v).clone();
                    if ty.rank() != 0 {
                        continue;
                    }
                    let name = format!("{}_box", kp.core.vars[*v].name);
                    let bx = kp
                        .core
                        .new_var(&name, Type::array(ty.prim, vec![SubExp::i64(1)]));
                    made.insert(bx);
                    reads.push(HostStm::Read {
                        dest: *v,
                        arr: bx,
                        idx: vec![SubExp::i64(0)],
                    });
                    *v = bx;
                }
            }
        }
        out.push(s);
        out.extend(reads);
    }
    b.stms = out;
}

/// Puts back into their launches the reads of the arrays [`boxed`] made
/// that nothing else uses.
pub(super) fn unboxed(kp: &KernelProgram, b: &mut HostBody, made: &BTreeSet<VarId>) {
    for inner in b.inner_bodies_mut() {
        unboxed(kp, inner, made);
    }
    let mut used = BTreeSet::new();
    for s in &b.stms {
        if !matches!(s, HostStm::Read { arr, .. } if made.contains(arr)) {
            super::uses(kp, s, &mut used);
        }
    }
    for r in &b.result {
        used.extend(r.var());
    }
    // The read of each box only read on the host here.
    let mut reads: Vec<(VarId, VarId)> = Vec::new();
    let mut n_reads: std::collections::BTreeMap<VarId, usize> = Default::default();
    for s in &b.stms {
        if let HostStm::Read { dest, arr, .. } = s {
            if made.contains(arr) {
                *n_reads.entry(*arr).or_default() += 1;
                reads.push((*arr, *dest));
            }
        }
    }
    reads.retain(|(bx, _)| n_reads[bx] == 1 && !used.contains(bx));
    if reads.is_empty() {
        return;
    }
    let folded: BTreeSet<VarId> = reads.iter().map(|(bx, _)| *bx).collect();
    b.stms
        .retain(|s| !matches!(s, HostStm::Read { arr, .. } if folded.contains(arr)));
    for s in &mut b.stms {
        if let HostStm::Launch { pat, .. } = s {
            for v in &mut pat.vals {
                if let Some((_, dest)) = reads.iter().find(|(bx, _)| bx == v) {
                    *v = *dest;
                }
            }
        }
    }
}
