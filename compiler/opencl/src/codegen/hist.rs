//! Histogram kernels (`SegHist`): each thread walks the input with a
//! grid stride and combines each value into its bin.
//!
//! Arguments after `errflag, errdata` and the kernel's scalar inputs:
//! `n`, the index arrays, the value array, the destination and its sizes,
//! `bins` (the product of those sizes), a local buffer and `use_local`.
//! With `use_local` set (the runtime sets it when the bins fit in local
//! memory), each work-group first builds a sub-histogram in local memory,
//! where atomic updates are cheap and contend only within the group, and
//! then combines every bin that moved from the neutral element into the
//! destination: one global update per group and bin instead of one per
//! element. Histogram operators are associative and commutative (as
//! `hist` requires), so the order of combination does not matter.
//!
//! Integer `+` (and `min`/`max` on 32-bit integers) use the atomic
//! instructions of that name; every other operator a compare-and-swap
//! loop on the value's bits.

use runic_core::ir::{HistOp, VarId};
use runic_core::Program;
use runic_eval::prim::BinOp;
use runic_kernels::ir::Kernel;
use runic_sema::types::PrimType;

use super::grid::{scalar_binop, Writer};
use super::scalar::c_type;
use super::{AssertInfo, KernelCode};

/// The OpenCL C of a histogram kernel.
pub fn kernel(
    p: &Program,
    k: &Kernel,
    idxs: &[VarId],
    vals: &[VarId],
    op: &HistOp,
    asserts: &mut Vec<AssertInfo>,
) -> Result<(String, KernelCode), String> {
    let prim = p.ty(vals[0]).prim;
    let ct = c_type(prim);
    let mut w = Writer::new(p, k, asserts);
    w.params.push("long n".into());
    w.ptrs("__global", "idx", &vec![PrimType::I64; idxs.len()]);
    w.ptrs("__global", "val", &[prim]);
    w.params.push(format!("__global {ct}* dest"));
    for d in 0..op.rank {
        w.params.push(format!("long dest_d{d}"));
    }
    w.params.push("long bins".into());
    w.params.push(format!("__local {ct}* lh"));
    w.params.push("int use_local".into());
    let neutral = w.neutral(&op.neutral)?[0].clone();
    let fast = scalar_binop(p, &op.op).and_then(|b| atomic_instruction(b, prim));
    let e = &mut w.t.e;
    e.line("long gid = get_global_id(0), lid = get_local_id(0);");
    e.line("long G = get_local_size(0), T = get_global_size(0);");
    e.open("if (use_local) {");
    e.line(&format!(
        "for (long j = lid; j < bins; j += G) lh[j] = {neutral};"
    ));
    e.line("barrier(CLK_LOCAL_MEM_FENCE);");
    e.close();
    e.open("for (long i = gid; i < n; i += T) {");
    e.line("long flat = 0;");
    for d in 0..op.rank {
        e.line(&format!(
            "if (idx{d}[i] < 0 || idx{d}[i] >= dest_d{d}) continue; flat = flat * dest_d{d} + idx{d}[i];"
        ));
    }
    e.line(&format!("{ct} v = val0[i];"));
    e.open("if (use_local) {");
    update(&mut w, op, prim, fast, "__local", "lh[flat]")?;
    w.t.e.close();
    w.t.e.open("else {");
    update(&mut w, op, prim, fast, "__global", "dest[flat]")?;
    w.t.e.close();
    w.t.e.close();
    w.t.e.open("if (use_local) {");
    w.t.e.line("barrier(CLK_LOCAL_MEM_FENCE);");
    w.t.e.open("for (long j = lid; j < bins; j += G) {");
    w.t.e.line(&format!("{ct} v = lh[j];"));
    w.t.e.open(&format!(
        "if ({} != {}) {{",
        to_bits(prim, "v"),
        to_bits(prim, &format!("({neutral})"))
    ));
    update(&mut w, op, prim, fast, "__global", "dest[j]")?;
    w.t.e.close();
    w.t.e.close();
    w.t.e.close();
    let code = KernelCode {
        entries: vec![k.name.clone()],
        allocates: false,
        group: false,
    };
    Ok((w.finish(&k.name).0, code))
}

/// The atomic instruction that performs `op` on `t` in one step, if any.
fn atomic_instruction(op: BinOp, t: PrimType) -> Option<&'static str> {
    let narrow = matches!(t, PrimType::I32 | PrimType::U32);
    let wide = matches!(t, PrimType::I64 | PrimType::U64);
    match op {
        BinOp::Add if narrow => Some("atomic_add"),
        BinOp::Add if wide => Some("atom_add"),
        BinOp::Min if narrow => Some("atomic_min"),
        BinOp::Max if narrow => Some("atomic_max"),
        _ => None,
    }
}

/// Combines `v` into the element `at` of memory `space`, atomically.
fn update(
    w: &mut Writer,
    op: &HistOp,
    prim: PrimType,
    fast: Option<&str>,
    space: &str,
    at: &str,
) -> Result<(), String> {
    let ct = c_type(prim);
    if let Some(instr) = fast {
        w.t.e
            .line(&format!("{instr}((volatile {space} {ct}*)&{at}, v);"));
        return Ok(());
    }
    let wide = matches!(prim, PrimType::I64 | PrimType::U64 | PrimType::F64);
    let (ut, cas) = if wide {
        ("ulong", "atom_cmpxchg")
    } else {
        ("uint", "atomic_cmpxchg")
    };
    let e = &mut w.t.e;
    e.open("{");
    e.line(&format!(
        "volatile {space} {ut}* at = (volatile {space} {ut}*)&{at};"
    ));
    e.line(&format!("{ut} old = *at, assumed;"));
    e.open("do {");
    e.line("assumed = old;");
    let r = w.op(
        &op.op,
        &[from_bits(prim, "assumed")],
        &["v".into()],
        &[prim],
    )?;
    w.t.e.line(&format!("{ct} next = {};", r[0]));
    w.t.e.line(&format!(
        "old = {cas}(at, assumed, {});",
        to_bits(prim, "next")
    ));
    w.t.e.close();
    w.t.e.line("while (old != assumed);");
    w.t.e.close();
    Ok(())
}

fn from_bits(t: PrimType, x: &str) -> String {
    match t {
        PrimType::F32 => format!("as_float({x})"),
        PrimType::F64 => format!("as_double({x})"),
        other => format!("(({}){x})", c_type(other)),
    }
}

fn to_bits(t: PrimType, x: &str) -> String {
    match t {
        PrimType::F32 => format!("as_uint({x})"),
        PrimType::F64 => format!("as_ulong({x})"),
        PrimType::I64 | PrimType::U64 => format!("(ulong){x}"),
        _ => format!("(uint){x}"),
    }
}
