//! Kernels that read their scalar inputs from device memory, as Futhark's
//! kernels read scalars a `GPUBody` left on the device: a scalar a kernel
//! only uses as a value (not as the size of its space or of an array it
//! sees) can be loaded by each thread from an array element instead of
//! being passed from the host. Migration (`migrate.rs`) uses this so
//! that a value computed or read on the device and used only by kernels
//! is never read back.

use std::collections::BTreeSet;

use runic_core::ir::{Body, DimIndex, Exp, Stm, SubExp, VarId};

use crate::free::Free;
use crate::ir::*;

/// Whether a kernel can load its inputs itself: a grid kernel (its
/// lambdas and operators, as Futhark delays reads into kernel bodies and
/// combining operators), or a single-thread kernel that is not a host
/// operation.
fn loads(k: &Kernel) -> bool {
    match &k.kind {
        KernelKind::SegMap { .. }
        | KernelKind::SegRed { .. }
        | KernelKind::SegScan { .. }
        | KernelKind::SegHist { .. } => true,
        KernelKind::Seq { body } => !crate::metrics::host_op(body),
        KernelKind::SegScatter { .. } => false,
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
    // The sizes of the space and the neutral elements stay inputs: the
    // host or every thread needs them before any lambda runs.
    let mut outer = |dims: &[SubExp], neutral: &[SubExp]| {
        sizes.extend(dims.iter().chain(neutral).filter_map(|d| d.var()));
    };
    match &kernel.kind {
        KernelKind::SegMap { space, lambda, .. } => {
            f.lambda(p, lambda);
            let dims: Vec<SubExp> = space.iter().map(|(_, d)| *d).collect();
            outer(&dims, &[]);
        }
        KernelKind::Seq { body } => f.body(p, body),
        KernelKind::SegRed {
            w, segs, map, red, ..
        } => {
            let mut dims = vec![*w, segs.unwrap_or(*w)];
            if let Some(map) = map {
                f.lambda(p, &map.lambda);
                f.bound.extend(map.space.iter().map(|(g, _)| *g));
                dims.extend(map.space.iter().map(|(_, d)| *d));
            }
            f.lambda(p, &red.lambda);
            outer(&dims, &red.neutral);
        }
        KernelKind::SegScan { w, segs, scan, .. } => {
            f.lambda(p, &scan.lambda);
            outer(&[*w, segs.unwrap_or(*w)], &scan.neutral);
        }
        KernelKind::SegHist { w, op, .. } => {
            f.lambda(p, &op.op);
            outer(&[*w], &op.neutral);
        }
        KernelKind::SegScatter { .. } => {}
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

/// Makes kernel `k` run `stms` first (each thread of a SegMap, each
/// application of an operator that uses what they bind): what they bind
/// is no longer an input of the kernel, what they use is.
pub fn prepend(kp: &mut KernelProgram, k: KernelId, stms: &[Stm]) {
    let mut f = Free::default();
    for s in stms {
        f.stm(&kp.core, s);
    }
    let KernelProgram { core, kernels, .. } = kp;
    let kernel = &mut kernels[k];
    let bodies: Vec<&mut Body> = match &mut kernel.kind {
        KernelKind::SegMap { lambda, .. } => vec![&mut lambda.body],
        KernelKind::SegRed { map, red, .. } => map
            .iter_mut()
            .map(|m| &mut m.lambda.body)
            .chain([&mut red.lambda.body])
            .collect(),
        KernelKind::SegScan { scan, .. } => vec![&mut scan.lambda.body],
        KernelKind::SegHist { op, .. } => vec![&mut op.op.body],
        KernelKind::Seq { body } => vec![body],
        KernelKind::SegScatter { .. } => unreachable!("only kernels that load their inputs"),
    };
    let single = bodies.len() == 1;
    for body in bodies {
        let used = crate::free::of_body(core, body);
        if single || used.iter().any(|v| f.bound.contains(v)) {
            body.stms.splice(0..0, stms.iter().cloned());
        }
    }
    let mut inputs: BTreeSet<VarId> = kernel.inputs.iter().copied().collect();
    inputs.retain(|v| !f.bound.contains(v));
    inputs.extend(f.vars());
    kernel.inputs = inputs.into_iter().collect();
}
