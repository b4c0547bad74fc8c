//! Counts of the kernel IR's constructs as Futhark names them in its GPU
//! pipeline, for `structure gpu { ... }` blocks: kernels are `SegMap`,
//! `SegRed`, `SegScan` and `SegHist` (operators inside as `SegBinOp`), a
//! scatter a `WithAcc` around a `SegMap`, single-thread code a `GPUBody`;
//! host branches and loops as in the core IR's metrics
//! (`runic_core::metrics`), single-element reads and writes as `Index`
//! and `Update`; array literals of constants and reshapes built by one
//! thread as Futhark builds them, on the host. A SegMap that only computes the operands of the operator
//! kernel after it is counted inside that operator, as Futhark fuses
//! them into one construct. An intra-block SegMap counts what its
//! work-group runs as segmented operations inside it (`group.rs`).

use runic_core::ir::{Exp, LoopForm, SubExp};
use runic_core::metrics::{Counter, Metrics};

use crate::ir::{HostBody, HostStm, KernelKind, KernelProgram};

/// The metrics of every host function of a kernel program together.
pub fn program(kp: &KernelProgram) -> Metrics {
    let mut m = Counter::default();
    for f in &kp.funs {
        body(kp, &mut m, &f.body);
    }
    m.finish()
}

fn body(kp: &KernelProgram, m: &mut Counter, b: &HostBody) {
    for s in &b.stms {
        match s {
            HostStm::Scalar(stm) => m.exp(&stm.exp),
            HostStm::Alloc(_) => {}
            HostStm::Read { .. } => m.seen("Index"),
            HostStm::Write { .. } => m.seen("Update"),
            HostStm::Launch { kernel, pat } => {
                let k = &kp.kernels[*kernel];
                if let Some(helper) = flattening_helper(&k.name) {
                    if let Some(f) = helper {
                        m.inside("Apply", |m| m.seen(f));
                    }
                    continue;
                }
                match (k.part_of, array_op_name(&k.name)) {
                    (Some(chain), _) => m.within(chain, |m| kernel_parts(m, &k.kind)),
                    (None, Some(op)) => m.seen(op),
                    (None, None) if k.intra => m.inside("SegMap", |m| match &k.kind {
                        KernelKind::SegMap { lambda, .. } => {
                            crate::group::count_body(m, &lambda.body)
                        }
                        other => kernel_parts(m, other),
                    }),
                    (None, None) => match (&k.tile, &k.kind) {
                        (Some(t), KernelKind::SegMap { lambda, .. }) => {
                            m.inside("SegMap", |m| crate::tile::count(m, lambda, t))
                        }
                        _ => launch(m, &k.kind),
                    },
                }
                // A single-thread kernel's scalar results are read back.
                if let KernelKind::Seq { body } = &k.kind {
                    if !host_op(body) {
                        for v in &pat.vals {
                            if kp.core.ty(*v).rank() == 0 {
                                m.seen("Index");
                            }
                        }
                    }
                }
            }
            HostStm::Eval { body: b, .. } => m.body(b),
            HostStm::If {
                then_body,
                else_body,
                ..
            } => m.inside("If", |m| {
                m.inside("True", |m| body(kp, m, then_body));
                m.inside("False", |m| body(kp, m, else_body));
            }),
            HostStm::Loop { form, body: b, .. } => m.inside("Loop", |m| {
                m.seen(match form {
                    LoopForm::For { .. } => "ForLoop",
                    LoopForm::While(_) => "WhileLoop",
                });
                body(kp, m, b);
            }),
        }
    }
}

/// The host operation Futhark counts for a kernel made from `iota`,
/// `replicate` or `copy` (a copy is a `Replicate` of no extra dimensions
/// there), named so by extraction.
fn array_op_name(kernel: &str) -> Option<&'static str> {
    match kernel.rsplit_once('_').map_or(kernel, |(stem, _)| stem) {
        "iota" => Some("Iota"),
        "replicate" | "copy" => Some("Replicate"),
        // Made by migration's unfolding of host branches (`migrate/unfold.rs`).
        "arraylit" => Some("ArrayLit"),
        _ => None,
    }
}

/// For a kernel of the flat index space of irregular segments
/// (`extract/flatidx.rs`): the helper function of Futhark's flattening
/// it stands for a call of (`segiota`, `repiota`), or `None` for the
/// kernels computing the space's sizes, part of that call.
fn flattening_helper(kernel: &str) -> Option<Option<&'static str>> {
    match kernel.rsplit_once('_').map_or(kernel, |(stem, _)| stem) {
        "segiota" => Some(Some("segiota")),
        "repiota" => Some(Some("repiota")),
        "flatsizes" => Some(None),
        _ => None,
    }
}

/// A kernel that stands for its construct.
fn launch(m: &mut Counter, k: &KernelKind) {
    let name = match k {
        KernelKind::SegMap { .. } => "SegMap",
        KernelKind::SegRed { .. } => "SegRed",
        KernelKind::SegScan { .. } => "SegScan",
        KernelKind::SegHist { .. } => "SegHist",
        KernelKind::SegScatter { .. } => {
            return m.inside("WithAcc", |m| m.inside("SegMap", |m| kernel_parts(m, k)));
        }
        // Array literals, reshapes and the like are host operations in
        // Futhark, not code that runs on the device.
        KernelKind::Seq { body } if host_op(body) => {
            return m.body(body);
        }
        KernelKind::Seq { .. } => "GPUBody",
    };
    m.inside(name, |m| kernel_parts(m, k));
}

/// Whether a single-thread kernel only builds or rearranges arrays, as
/// the host does in Futhark: array literals of constants or of rows
/// (Futhark moves literals of scalar variables to the device), reshapes,
/// copies, slices.
pub fn host_op(body: &runic_core::ir::Body) -> bool {
    body.stms.iter().all(|s| match &s.exp {
        Exp::ArrayLit(items, row) => row.rank() > 0 || items.iter().all(|x| x.var().is_none()),
        // A slice written from another array (migration writes a device
        // scalar's one-element array so): a copy, as Futhark's `Update`.
        Exp::Update(_, idx, SubExp::Var(_)) => idx
            .iter()
            .any(|i| matches!(i, runic_core::ir::DimIndex::Slice { .. })),
        e => array_op(e),
    })
}

/// Whether an expression only rearranges or builds an array.
fn array_op(e: &Exp) -> bool {
    matches!(
        e,
        Exp::SubExp(_)
            | Exp::Reshape(..)
            | Exp::Rearrange(..)
            | Exp::Concat(_)
            | Exp::Replicate(..)
            | Exp::Iota(_)
            | Exp::Copy(_)
            | Exp::Index(..)
    )
}

/// What is inside a kernel.
fn kernel_parts(m: &mut Counter, k: &KernelKind) {
    match k {
        KernelKind::SegMap { lambda, .. } => m.lambda(lambda),
        KernelKind::SegRed { map, red, .. } => {
            if let Some(map) = map {
                m.lambda(&map.lambda);
            }
            m.inside("SegBinOp", |m| m.lambda(&red.lambda))
        }
        KernelKind::SegScan { scan, .. } => m.inside("SegBinOp", |m| m.lambda(&scan.lambda)),
        KernelKind::SegHist { op, .. } => m.inside("SegBinOp", |m| m.lambda(&op.op)),
        KernelKind::SegScatter { .. } => {}
        KernelKind::Seq { body } => m.body(&unboxed(body)),
    }
}

/// A single-thread kernel's body without the one-element array literals
/// of its scalar results that kernels read on the device (`feed`):
/// Futhark's `GPUBody` gives its results as such arrays by itself.
fn unboxed(body: &runic_core::ir::Body) -> runic_core::ir::Body {
    let boxing = |s: &runic_core::ir::Stm| {
        matches!(&s.exp, Exp::ArrayLit(items, row)
            if row.rank() == 0
                && items.len() == 1
                && items[0].var().is_some()
                && s.pat.vals.len() == 1
                && body.result.contains(&runic_core::ir::SubExp::Var(s.pat.vals[0])))
    };
    runic_core::ir::Body {
        stms: body.stms.iter().filter(|s| !boxing(s)).cloned().collect(),
        result: body.result.clone(),
    }
}
