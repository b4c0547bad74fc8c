//! OpenCL C generation: one source for a whole kernel program (the
//! prelude, then every kernel), and what the runtime needs to call the
//! kernels and word their failures.
//!
//! Every kernel takes `errflag` (0, or the failure: an assertion's number,
//! `-1` for a thread that ran out of heap, `-2` for rows of different
//! shapes) and `errdata` (the failing assertion's values, or the heap a
//! thread needed) first. Argument conventions by kind are in
//! [`thread_kernel`] and [`grid`]; the runtime follows them.
//!
//! The runtime looks at `errflag` only where the host needs a value from
//! the device (and at the end of a call), not after every launch, so a
//! kernel launched after one that failed must do nothing: every kernel
//! starts by leaving when the flag is already set
//! ([`SKIP_AFTER_FAILURE`], [`GROUP_SKIP_AFTER_FAILURE`]).

pub mod grid;
pub mod hist;
pub mod intra;
pub mod scalar;
pub mod scan;
pub mod segmented;
pub mod thread;
pub mod tile;
pub mod values;

use runic_core::ir::{Lambda, Loc, MsgPart, SubExp, VarId};
use runic_core::Program;
use runic_kernels::ir::{Kernel, KernelKind, KernelProgram};
use runic_sema::types::PrimType;

use thread::Thread;
use values::{row_major, var_name, Emitter, Val, View};

/// A check inside a kernel (a source assertion, or an integer operation
/// that fails on some operands): how to word its failure.
#[derive(Debug, Clone)]
pub struct AssertInfo {
    pub msg: Vec<MsgPart>,
    pub loc: Option<Loc>,
    /// The types of the message's values, in order.
    pub value_types: Vec<PrimType>,
    /// For a failed operation, the operator: the message is the one the
    /// interpreter gives for its two operands.
    pub op: Option<runic_eval::prim::BinOp>,
}

/// What was generated for one kernel.
#[derive(Debug, Clone)]
pub struct KernelCode {
    /// The OpenCL kernel functions, in the order the runtime launches them.
    pub entries: Vec<String>,
    /// Whether threads allocate from the heap.
    pub allocates: bool,
    /// Whether it runs a work-group per point of its space (`intra`): the
    /// heap's parts are then the groups'.
    pub group: bool,
}

/// The OpenCL program of a kernel program.
pub struct Generated {
    pub source: String,
    pub kernels: Vec<KernelCode>,
    pub asserts: Vec<AssertInfo>,
}

/// The first line of a kernel without barriers: nothing to do after an
/// earlier launch failed (its results would be garbage, and a loop over
/// them might never end).
pub(crate) const SKIP_AFTER_FAILURE: &str = "  if (*errflag != 0) return;\n";

/// The same for a kernel whose work-groups meet at barriers: one thread
/// reads the flag for its group, so all of the group leave or none (a
/// thread of this launch may set the flag while others start).
pub(crate) const GROUP_SKIP_AFTER_FAILURE: &str = "  __local int runic_failed_before;\n  if (get_local_id(0) == 0) runic_failed_before = *errflag;\n  barrier(CLK_LOCAL_MEM_FENCE);\n  if (runic_failed_before != 0) return;\n";

const ERROR_MACROS: &str = "\
#define ALLOC(dst, bytes) { dst = (hp + 7) & ~7L; hp = dst + (bytes); if (hp > hend) { if (atomic_cmpxchg(errflag, 0, -1) == 0 || *errflag == -1) errdata[0] = hp - hstart; return; } }
#define FAIL_SHAPE() { atomic_cmpxchg(errflag, 0, -2); return; }
";

/// Generates the OpenCL C of every kernel.
pub fn generate(kp: &KernelProgram) -> Result<Generated, String> {
    let mut source = scalar::prelude();
    source.push_str(ERROR_MACROS);
    let mut asserts = Vec::new();
    let mut kernels = Vec::new();
    for k in &kp.kernels {
        let (text, code) = match &k.kind {
            KernelKind::SegMap { .. } if intra::supported(&kp.core, k) => {
                intra::kernel(&kp.core, k, &mut asserts)?
            }
            KernelKind::SegMap { .. } if k.tile.is_some() => {
                tile::kernel(&kp.core, k, &mut asserts)?
            }
            KernelKind::SegMap { .. } | KernelKind::Seq { .. } => {
                thread_kernel(&kp.core, k, &mut asserts)?
            }
            _ => grid::kernel(&kp.core, k, &mut asserts)?,
        };
        source.push_str(&text);
        kernels.push(code);
    }
    if kp.kernels.is_empty() {
        // Some drivers (NVIDIA's) crash building a program without any
        // kernel, as a program whose work is all on the host would be.
        source.push_str("__kernel void runic_no_kernels(void) {}\n");
    }
    Ok(Generated {
        source,
        kernels,
        asserts,
    })
}

/// The parameter declarations of inputs (scalars by value, arrays as a
/// pointer and their sizes).
pub fn input_params(p: &Program, inputs: &[VarId]) -> Vec<String> {
    let mut params = Vec::new();
    for v in inputs {
        let t = p.ty(*v);
        let name = var_name(*v);
        let ct = scalar::c_type(t.prim);
        if t.rank() == 0 {
            params.push(format!("{ct} {name}"));
        } else {
            params.push(format!("__global {ct}* {name}_p"));
            for k in 0..t.rank() {
                params.push(format!("long {name}_d{k}"));
            }
        }
    }
    params
}

/// Makes inputs known to the thread code (arrays as row-major views).
pub fn bind_inputs(t: &mut Thread, inputs: &[VarId]) {
    for v in inputs {
        let ty = t.e.p.ty(*v).clone();
        let name = var_name(*v);
        if ty.rank() == 0 {
            t.set(*v, Val::S(name, ty.prim));
        } else {
            let dims: Vec<String> = (0..ty.rank()).map(|k| format!("{name}_d{k}")).collect();
            t.set(
                *v,
                Val::A(View {
                    prim: ty.prim,
                    ptr: format!("{name}_p"),
                    off: "0L".into(),
                    strides: row_major(&dims),
                    dims,
                }),
            );
        }
    }
}

/// A SegMap or sequential kernel.
///
/// Arguments: `errflag, errdata, heap, quota`, the inputs, then for a
/// SegMap each output as a pointer and its full shape, for a sequential
/// kernel `outinfo` (per result: a scalar's bits, or an array's byte
/// offset in the heap and its sizes).
fn thread_kernel(
    p: &Program,
    k: &Kernel,
    asserts: &mut Vec<AssertInfo>,
) -> Result<(String, KernelCode), String> {
    let (mut params, mut t) = thread_start(p, k, asserts);
    match &k.kind {
        KernelKind::SegMap {
            space,
            arrs,
            lambda,
        } => {
            let outs = out_params(lambda, space.len(), &mut params);
            let sizes = space
                .iter()
                .map(|(_, n)| t.val(*n).map(|v| v.scalar()))
                .collect::<Result<Vec<_>, _>>()?;
            t.e.line("long gflat = get_global_id(0);");
            t.e.line(&format!("if (gflat >= {}) return;", product(&sizes)));
            t.e.line("long hstart = gflat * quota, hp = hstart, hend = hstart + quota;");
            t.e.line("long grest = gflat;");
            for (d, ((g, _), n)) in space.iter().zip(&sizes).enumerate().rev() {
                let name = var_name(*g);
                // What is left for the outermost dimension is below its
                // size already (`gflat` is below the product): no
                // division, which costs dozens of instructions in 64 bits.
                if d == 0 {
                    t.e.line(&format!("long {name} = grest;"));
                } else {
                    t.e.line(&format!("long {name} = grest % ({n}); grest /= ({n});"));
                }
                t.set(*g, Val::S(name, PrimType::I64));
            }
            let gtids: Vec<String> = space.iter().map(|(g, _)| var_name(*g)).collect();
            bind_rows(&mut t, arrs, lambda, &gtids)?;
            let results = t.body(&lambda.body)?;
            store_results(&mut t, &outs, &results, &gtids);
        }
        KernelKind::Seq { body } => {
            params.push("__global long* outinfo".into());
            t.e.line("long hstart = 0, hp = 0, hend = quota;");
            let results = t.body(body)?;
            let mut slot = 0;
            for r in &results {
                match r {
                    Val::S(x, prim) => {
                        t.e.line(&format!("outinfo[{slot}] = {};", thread::bits_of(x, *prim)));
                        slot += 1;
                    }
                    Val::A(view) => {
                        let copy = t.e.fresh_copy(view);
                        t.e.line(&format!(
                            "outinfo[{slot}] = (long)((__global uchar*){} - heap);",
                            copy.ptr
                        ));
                        for (d, dim) in copy.dims.iter().enumerate() {
                            t.e.line(&format!("outinfo[{}] = {dim};", slot + 1 + d));
                        }
                        slot += 1 + copy.dims.len();
                    }
                }
            }
        }
        _ => unreachable!("grid kernels are generated by codegen::grid"),
    }
    let allocates = t.e.allocates;
    let text = format!(
        "__kernel void {}({}) {{\n{SKIP_AFTER_FAILURE}{}}}\n\n",
        k.name,
        params.join(", "),
        t.e.out
    );
    Ok((
        text,
        KernelCode {
            entries: vec![k.name.clone()],
            allocates,
            group: false,
        },
    ))
}

/// The parameters of a kernel whose threads may allocate: the error
/// flag and data, the heap and each thread's quota of it, then the
/// kernel's inputs.
pub(super) fn heap_params(p: &Program, k: &Kernel) -> Vec<String> {
    let mut params = vec![
        "__global int* errflag".to_string(),
        "__global long* errdata".into(),
        "__global uchar* heap".into(),
        "long quota".into(),
    ];
    params.extend(input_params(p, &k.inputs));
    params
}

/// A thread kernel's first parameters (`errflag, errdata, heap, quota`,
/// the inputs) and its thread code with the inputs bound.
///
/// (The parameters are [`heap_params`].)
pub fn thread_start<'a, 'b>(
    p: &'a Program,
    k: &Kernel,
    asserts: &'b mut Vec<AssertInfo>,
) -> (Vec<String>, Thread<'a, 'b>) {
    let params = heap_params(p, k);
    let mut t = Thread::new(Emitter::new(p), asserts);
    bind_inputs(&mut t, &k.inputs);
    (params, t)
}

/// The output parameters of a SegMap (a pointer and the full shape per
/// result); gives each output's element type and rank.
pub fn out_params(
    lambda: &Lambda,
    space: usize,
    params: &mut Vec<String>,
) -> Vec<(PrimType, usize)> {
    let outs: Vec<(PrimType, usize)> = lambda
        .ret
        .iter()
        .map(|r| (r.prim, r.rank() + space))
        .collect();
    for (j, (prim, rank)) in outs.iter().enumerate() {
        params.push(format!("__global {}* out{j}_p", scalar::c_type(*prim)));
        for d in 0..*rank {
            params.push(format!("long out{j}_d{d}"));
        }
    }
    outs
}

/// Binds a SegMap lambda's parameters to the rows of its arrays at the
/// thread's first index.
pub fn bind_rows(
    t: &mut Thread,
    arrs: &[VarId],
    lambda: &Lambda,
    gtids: &[String],
) -> Result<(), String> {
    for (p, a) in lambda.params.iter().zip(arrs) {
        let Val::A(view) = t.val(SubExp::Var(*a))? else {
            return Err("internal error: a segmap over a scalar".into());
        };
        t.bind(*p, &view.row(&gtids[..1]));
    }
    Ok(())
}

/// Stores a SegMap thread's results at its point of the outputs.
pub fn store_results(
    t: &mut Thread,
    outs: &[(PrimType, usize)],
    results: &[Val],
    gtids: &[String],
) {
    for (j, ((prim, rank), r)) in outs.iter().zip(results).enumerate() {
        t.e.store(&out_view(j, *prim, *rank).row(gtids), r);
    }
}

/// Result `j` of a kernel, of rank `rank`: the row-major array its
/// `out{j}_p` and `out{j}_d*` parameters give.
pub(super) fn out_view(j: usize, prim: PrimType, rank: usize) -> View {
    let dims: Vec<String> = (0..rank).map(|d| format!("out{j}_d{d}")).collect();
    View {
        prim,
        ptr: format!("out{j}_p"),
        off: "0L".into(),
        strides: row_major(&dims),
        dims,
    }
}

/// The product of sizes as C.
pub fn product(sizes: &[String]) -> String {
    if sizes.is_empty() {
        return "1L".into();
    }
    format!("({})", sizes.join(" * "))
}

/// The number of `outinfo` slots of a sequential kernel's results.
pub fn outinfo_slots(p: &Program, results: &[SubExp]) -> usize {
    results.iter().map(|r| 1 + p.subexp_type(*r).rank()).sum()
}
