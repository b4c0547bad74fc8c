//! Kernels that read their scalar inputs from device memory, as Futhark's
//! kernels read scalars a `GPUBody` left on the device: a scalar a kernel
//! only uses as a value (not as the size of its space or of an array it
//! sees) can be loaded by each thread from an array element instead of
//! being passed from the host. Migration (`migrate.rs`) uses this so
//! that a value computed or read on the device and used only by kernels
//! is never read back.

use std::collections::BTreeSet;

use runic_core::ir::{DimIndex, Exp, Stm, SubExp, VarId};

use crate::free::Free;
use crate::ir::*;

/// Whether a kernel can load its inputs itself: a SegMap (its lambda), a
/// reduction's fused map, or a single-thread kernel that is not a host
/// operation.
fn loads(k: &Kernel) -> bool {
    match &k.kind {
        KernelKind::SegMap { .. } | KernelKind::SegRed { map: Some(_), .. } => true,
        KernelKind::Seq { body } => !crate::metrics::host_op(body),
        _ => false,
    }
}

/// The scalar inputs of a kernel that it uses as values only.
pub fn value_inputs(kp: &KernelProgram, k: KernelId) -> BTreeSet<VarId> {
    let kernel = &kp.kernels[k];
    if !loads(kernel) {
        return BTreeSet::new();
    }
    let p = &kp.core;
    let mut f = Free::default();
    let mut sizes: BTreeSet<VarId> = BTreeSet::new();
    match &kernel.kind {
        KernelKind::SegMap { space, lambda, .. } => {
            f.lambda(p, lambda);
            sizes.extend(space.iter().filter_map(|(_, d)| d.var()));
        }
        KernelKind::Seq { body } => f.body(p, body),
        KernelKind::SegRed {
            w,
            map: Some(map),
            red,
            ..
        } => {
            f.lambda(p, &map.lambda);
            f.bound.extend(map.space.iter().map(|(g, _)| *g));
            // Only the map loads: what the operator or the neutral
            // element uses stays an input.
            sizes.extend(w.var());
            sizes.extend(crate::free::of_lambda(p, &red.lambda));
            sizes.extend(red.neutral.iter().filter_map(|n| n.var()));
        }
        _ => {}
    }
    for v in f.used.iter().chain(&f.bound).chain(&kernel.inputs) {
        sizes.extend(p.ty(*v).dims.iter().filter_map(|d| d.var()));
    }
    kernel
        .inputs
        .iter()
        .filter(|v| p.ty(**v).rank() == 0 && !sizes.contains(v))
        .copied()
        .collect()
}

/// Makes kernel `k` bind `v` to element `idx` of `arr` itself, in place
/// of taking `v` as an input.
pub fn load_inside(kp: &mut KernelProgram, k: KernelId, v: VarId, arr: VarId, idx: &[SubExp]) {
    let stm = Stm::single(
        v,
        Exp::Index(arr, idx.iter().map(|i| DimIndex::Fix(*i)).collect()),
    );
    prepend(kp, k, &[stm]);
}

/// Makes kernel `k` run `stms` first (each thread of a SegMap): what they
/// bind is no longer an input of the kernel, what they use is.
pub fn prepend(kp: &mut KernelProgram, k: KernelId, stms: &[Stm]) {
    let mut f = Free::default();
    for s in stms {
        f.stm(&kp.core, s);
    }
    let kernel = &mut kp.kernels[k];
    let body = match &mut kernel.kind {
        KernelKind::SegMap { lambda, .. } => &mut lambda.body,
        KernelKind::SegRed { map: Some(map), .. } => &mut map.lambda.body,
        KernelKind::Seq { body } => body,
        _ => unreachable!("only kernels that load their inputs"),
    };
    body.stms.splice(0..0, stms.iter().cloned());
    let mut inputs: BTreeSet<VarId> = kernel.inputs.iter().copied().collect();
    inputs.retain(|v| !f.bound.contains(v));
    inputs.extend(f.vars());
    kernel.inputs = inputs.into_iter().collect();
}
