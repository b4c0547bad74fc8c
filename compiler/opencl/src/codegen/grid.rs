//! Grid kernels over arrays of scalars: reductions in two stages through
//! work-group local memory, scatters (scans are in [`super::scan`],
//! histograms in [`super::hist`]).
//!
//! Arguments after `errflag, errdata` and the kernel's scalar inputs:
//! - reduction `K`: `n`, `K` inputs, `K` outputs (one per group), `K`
//!   local buffers; launched on the arrays, then on the groups' results
//!   with one group. Each thread folds a contiguous chunk, and the tree
//!   combines neighbours, so the order of operands is kept (operators
//!   need not commute).
//! - scatter: `n`, then per destination its index arrays, value array,
//!   pointer and sizes.

use runic_core::ir::{Lambda, SubExp, VarId};
use runic_core::Program;
use runic_kernels::ir::{Kernel, KernelKind};
use runic_sema::types::PrimType;

use super::scalar::c_type;
use super::thread::Thread;
use super::values::{var_name, Emitter, Val};
use super::{bind_inputs, input_params, AssertInfo, KernelCode};

/// The inputs a grid kernel takes as arguments, in order: all of them
/// (arrays as views: a fused map or an operator may index them), but a
/// scatter only its scalars and a histogram not its destination, which
/// the launch takes to update in place.
pub fn passed(p: &Program, k: &Kernel) -> Vec<VarId> {
    let keep = |v: &VarId| match &k.kind {
        KernelKind::SegScatter { .. } => p.ty(*v).rank() == 0,
        KernelKind::SegHist { op, .. } => !op.dests.contains(v),
        _ => true,
    };
    k.inputs.iter().copied().filter(keep).collect()
}

/// A grid kernel being written: its parameters and its body.
pub(super) struct Writer<'a, 'b> {
    pub(super) t: Thread<'a, 'b>,
    pub(super) params: Vec<String>,
}

impl<'a, 'b> Writer<'a, 'b> {
    /// A writer whose kernel takes the inputs [`passed`] to `k`
    /// (migration moves reads of device values into operators,
    /// `runic_kernels::feed`).
    pub(super) fn new(p: &'a Program, k: &Kernel, asserts: &'b mut Vec<AssertInfo>) -> Self {
        Self::taking(p, &passed(p, k), asserts)
    }

    fn taking(p: &'a Program, inputs: &[VarId], asserts: &'b mut Vec<AssertInfo>) -> Self {
        let mut params = vec![
            "__global int* errflag".to_string(),
            "__global long* errdata".into(),
        ];
        params.extend(input_params(p, inputs));
        let mut t = Thread::new(Emitter::new(p), asserts);
        bind_inputs(&mut t, inputs);
        Writer { t, params }
    }

    pub(super) fn ptrs(&mut self, space: &str, prefix: &str, prims: &[PrimType]) {
        for (k, prim) in prims.iter().enumerate() {
            self.params
                .push(format!("{space} {}* {prefix}{k}", c_type(*prim)));
        }
    }

    /// `op(a, b)` on scalars given as C expressions; the results as C.
    pub(super) fn op(
        &mut self,
        l: &Lambda,
        a: &[String],
        b: &[String],
        prims: &[PrimType],
    ) -> Result<Vec<String>, String> {
        let args: Vec<Val> = a
            .iter()
            .chain(b)
            .zip(prims.iter().chain(prims))
            .map(|(x, t)| Val::S(x.clone(), *t))
            .collect();
        Ok(self.t.apply(l, args)?.iter().map(|v| v.scalar()).collect())
    }

    /// The kernel's text, and the assertion table back.
    pub(super) fn finish(self, name: &str) -> (String, &'b mut Vec<AssertInfo>) {
        let text = format!(
            "__kernel void {name}({}) {{\n{}{}}}\n\n",
            self.params.join(", "),
            super::GROUP_SKIP_AFTER_FAILURE,
            self.t.e.out
        );
        (text, self.t.asserts)
    }

    pub(super) fn neutral(&self, ns: &[SubExp]) -> Result<Vec<String>, String> {
        ns.iter()
            .map(|n| self.t.val(*n).map(|v| v.scalar()))
            .collect()
    }
}

/// Whether an operator is, per operand, one commutative scalar operation
/// on that operand's two parameters (`+`, `*`, `min`, `max`, bitwise and
/// logical and/or/xor): `(a, b) (c, d) -> (a + c, b * d)`.
pub(super) fn commutative(p: &Program, l: &Lambda) -> bool {
    let k = l.body.result.len();
    l.params.len() == 2 * k
        && l.body.stms.len() == k
        && (0..k).all(|j| commutative_binop(p, l, j).is_some())
}

/// The operation, when an operator is one commutative scalar operation on
/// its two parameters (`+`, `*`, `min`, `max`, bitwise and logical
/// and/or/xor).
pub(super) fn scalar_binop(p: &Program, l: &Lambda) -> Option<runic_eval::prim::BinOp> {
    (l.params.len() == 2 && l.body.stms.len() == 1 && l.body.result.len() == 1)
        .then(|| commutative_binop(p, l, 0))
        .flatten()
}

/// The operation of statement `j` of an operator of `k` operands, when it
/// is one commutative scalar operation on parameters `j` and `k + j` and
/// gives result `j`.
fn commutative_binop(p: &Program, l: &Lambda, j: usize) -> Option<runic_eval::prim::BinOp> {
    use runic_core::ir::Exp;
    use runic_eval::builtins::Builtin;
    use runic_eval::prim::BinOp;
    let k = l.body.result.len();
    let (a, b) = (l.params[j], l.params[k + j]);
    let stm = &l.body.stms[j];
    let Exp::Scalar(Builtin::Bin(op), args) = &stm.exp else {
        return None;
    };
    let operands: Vec<Option<VarId>> = args.iter().map(|x| x.var()).collect();
    let one_op = matches!(
        op,
        BinOp::Add | BinOp::Mul | BinOp::Min | BinOp::Max | BinOp::And | BinOp::Or | BinOp::Xor
    ) && (operands == [Some(a), Some(b)] || operands == [Some(b), Some(a)])
        && stm.pat.vals.len() == 1
        && l.body.result[j].var() == Some(stm.pat.vals[0])
        && p.ty(a).rank() == 0;
    one_op.then_some(*op)
}

pub(super) fn prims_of(p: &Program, arrs: &[VarId]) -> Vec<PrimType> {
    arrs.iter().map(|a| p.ty(*a).prim).collect()
}

/// The OpenCL C of a grid kernel.
pub fn kernel(
    p: &Program,
    k: &Kernel,
    asserts: &mut Vec<AssertInfo>,
) -> Result<(String, KernelCode), String> {
    let entries = |names: &[&str]| KernelCode {
        entries: names.iter().map(|s| format!("{}{s}", k.name)).collect(),
        allocates: false,
        group: false,
    };
    match &k.kind {
        KernelKind::SegRed {
            arrs,
            red,
            segs: Some(_),
            map,
            ..
        } => super::segmented::red(p, k, arrs, map.as_ref(), red, asserts),
        KernelKind::SegScan {
            arrs,
            scan,
            segs: Some(_),
            ..
        } => super::segmented::scan(p, k, arrs, scan, asserts),
        KernelKind::SegRed {
            arrs,
            red,
            map: None,
            ..
        } => {
            let prims = prims_of(p, arrs);
            let (text, _) = reduction(p, k, red, Stage::Final(&prims), asserts)?;
            Ok((text, entries(&[""])))
        }
        KernelKind::SegRed {
            arrs,
            red,
            map: Some(map),
            ..
        } => {
            let map = &map.lambda;
            let (first, asserts) = reduction(p, k, red, Stage::Mapped(map, arrs), asserts)?;
            let prims: Vec<PrimType> = map.ret.iter().map(|t| t.prim).collect();
            let mut k_final = k.clone();
            k_final.name = format!("{}_final", k.name);
            let (last, _) = reduction(p, &k_final, red, Stage::Final(&prims), asserts)?;
            Ok((first + &last, entries(&["", "_final"])))
        }
        KernelKind::SegScan { arrs, scan, .. } => super::scan::kernel(p, k, arrs, scan, asserts),
        KernelKind::SegHist { idxs, vals, op, .. } => {
            super::hist::kernel(p, k, idxs, vals, op, asserts)
        }
        KernelKind::SegScatter {
            idxs, vals, dests, ..
        } => {
            let mut w = Writer::new(p, k, asserts);
            w.params.push("long n".into());
            w.t.e.line("long i = get_global_id(0);");
            w.t.e.line("if (i >= n) return;");
            for (j, d) in dests.iter().enumerate() {
                let prim = p.ty(*d).prim;
                let ct = c_type(prim);
                for r in 0..idxs[j].len() {
                    w.params.push(format!("__global long* d{j}_idx{r}"));
                }
                w.params.push(format!("__global {ct}* d{j}_val"));
                w.params.push(format!("__global {ct}* d{j}"));
                let rank = idxs[j].len();
                for r in 0..rank {
                    w.params.push(format!("long d{j}_d{r}"));
                }
                let conds: Vec<String> = (0..rank)
                    .map(|r| format!("d{j}_idx{r}[i] >= 0 && d{j}_idx{r}[i] < d{j}_d{r}"))
                    .collect();
                let mut flat = "0L".to_string();
                for r in 0..rank {
                    flat = format!("({flat}) * d{j}_d{r} + d{j}_idx{r}[i]");
                }
                let cond = if conds.is_empty() {
                    "1".into()
                } else {
                    conds.join(" && ")
                };
                w.t.e
                    .line(&format!("if ({cond}) d{j}[{flat}] = d{j}_val[i];"));
            }
            let _ = vals;
            Ok((w.finish(&k.name).0, entries(&[""])))
        }
        _ => unreachable!("thread kernels are generated by codegen::thread_kernel"),
    }
}

/// Which launch of a reduction a kernel function serves: the first, over
/// the elements (through the fused map when there is one), or the last,
/// over the groups' partial results (operands of the given types).
#[derive(Clone, Copy)]
enum Stage<'l> {
    Final(&'l [PrimType]),
    Mapped(&'l Lambda, &'l [VarId]),
}

/// A reduction's kernel function: each thread folds its elements, then
/// the group combines its threads' values in local memory, and thread 0
/// writes the group's result.
fn reduction<'b>(
    p: &Program,
    k: &Kernel,
    red: &runic_core::ir::Reduce,
    stage: Stage,
    asserts: &'b mut Vec<AssertInfo>,
) -> Result<(String, &'b mut Vec<AssertInfo>), String> {
    let (mut w, prims) = match stage {
        Stage::Final(prims) => {
            let mut w = Writer::new(p, k, asserts);
            w.params.push("long n".into());
            w.ptrs("__global", "in", prims);
            (w, prims.to_vec())
        }
        Stage::Mapped(map, arrs) => {
            let mut w = Writer::new(p, k, asserts);
            w.params.push("long n".into());
            w.ptrs("__global", "in", &prims_of(p, arrs));
            (w, map.ret.iter().map(|t| t.prim).collect())
        }
    };
    w.ptrs("__global", "out", &prims);
    w.ptrs("__local", "loc", &prims);
    let neutral = w.neutral(&red.neutral)?;
    let e = &mut w.t.e;
    e.line("long gid = get_global_id(0), lid = get_local_id(0);");
    e.line("long G = get_local_size(0), T = get_global_size(0);");
    // A commutative operator lets neighbouring threads read
    // neighbouring elements (coalesced); otherwise each thread
    // folds a contiguous chunk, keeping the order.
    let strided = red.commutative || commutative(p, &red.lambda);
    if strided {
        e.line("long start = gid, end = n, step = T;");
    } else {
        e.line(
                "long chunk = (n + T - 1) / T, start = gid * chunk, end = min(start + chunk, n), step = 1;",
            );
    }
    let accs: Vec<String> = (0..prims.len()).map(|j| format!("acc{j}")).collect();
    for (j, prim) in prims.iter().enumerate() {
        e.line(&format!("{} acc{j} = {};", c_type(*prim), neutral[j]));
    }
    e.open("for (long i = start; i < end; i += step) {");
    let xs: Vec<String> = match stage {
        Stage::Final(_) => (0..prims.len()).map(|j| format!("in{j}[i]")).collect(),
        Stage::Mapped(map, arrs) => {
            let args = arrs
                .iter()
                .enumerate()
                .map(|(j, a)| Val::S(format!("in{j}[i]"), p.ty(*a).prim))
                .collect();
            // A failed check must not leave the kernel: the group's
            // threads still meet at the barriers below.
            w.t.on_fail = "goto failed;";
            let ys = w.t.apply(map, args)?;
            ys.iter().map(|v| v.scalar()).collect()
        }
    };
    let r = w.op(&red.lambda, &accs, &xs, &prims)?;
    for (j, x) in r.iter().enumerate() {
        w.t.e.line(&format!("acc{j} = {x};"));
    }
    w.t.e.close();
    if matches!(stage, Stage::Mapped(..)) {
        w.t.e.line("failed: ;");
    }
    for j in 0..prims.len() {
        w.t.e.line(&format!("loc{j}[lid] = acc{j};"));
    }
    w.t.e.line("barrier(CLK_LOCAL_MEM_FENCE);");
    w.t.e.open("for (long s = 1; s < G; s *= 2) {");
    w.t.e.open("if (lid % (2 * s) == 0 && lid + s < G) {");
    let a: Vec<String> = (0..prims.len()).map(|j| format!("loc{j}[lid]")).collect();
    let b: Vec<String> = (0..prims.len())
        .map(|j| format!("loc{j}[lid + s]"))
        .collect();
    let r = w.op(&red.lambda, &a, &b, &prims)?;
    for (j, x) in r.iter().enumerate() {
        w.t.e.line(&format!("loc{j}[lid] = {x};"));
    }
    w.t.e.close();
    w.t.e.line("barrier(CLK_LOCAL_MEM_FENCE);");
    w.t.e.close();
    for j in 0..prims.len() {
        w.t.e.line(&format!(
            "if (lid == 0) out{j}[get_group_id(0)] = loc{j}[0];"
        ));
    }
    Ok(w.finish(&k.name))
}

/// The C name of a variable (for the runtime's messages).
pub fn name(v: VarId) -> String {
    var_name(v)
}
