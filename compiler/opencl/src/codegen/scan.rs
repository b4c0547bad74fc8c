//! Scan kernels (`SegScan` over one segment): reduce, then scan, in
//! three launches, every global access coalesced.
//!
//! The input is cut into `B` blocks of `per_block` elements (a multiple
//! of the tile, `G * E`: `G` threads of a work-group, `E` elements each);
//! work-group `b` walks block `b` tile by tile. A tile is read into local
//! memory with neighbouring threads on neighbouring elements, then each
//! thread takes `E` consecutive elements of it, so the operator sees
//! elements in order and need not commute.
//! - `_1` (`n, per_block, E`, inputs, block totals, local tile and
//!   partials): each group's total.
//! - `_2` (`B`, block totals): one thread turns the totals into exclusive
//!   prefixes.
//! - `_3` (`n, per_block, E`, inputs, outputs, block prefixes, local tile
//!   and partials): each group scans its block again, starting from its
//!   prefix: each thread scans its elements, the group scans the threads'
//!   totals (Hillis-Steele in local memory), and each thread adds the
//!   totals before it.
//!
//! The runtime chooses `B`, `E` and `per_block`
//! ([`crate::runtime::launch`]); local buffers hold `G * E` and `G`
//! elements per operand.

use runic_core::ir::{Scan, VarId};
use runic_core::Program;
use runic_kernels::ir::Kernel;
use runic_sema::types::PrimType;

use super::grid::{prims_of, Writer};
use super::scalar::c_type;
use super::segmented::names;
use super::{AssertInfo, KernelCode};

/// The OpenCL C of the three kernels of a scan.
pub fn kernel(
    p: &Program,
    k: &Kernel,
    arrs: &[VarId],
    scan: &Scan,
    asserts: &mut Vec<AssertInfo>,
) -> Result<(String, KernelCode), String> {
    let prims = prims_of(p, arrs);
    let mut text = String::new();
    let (pass, asserts) = block_pass(p, k, scan, &prims, false, asserts)?;
    text.push_str(&pass);
    let (pass, asserts) = totals_pass(p, k, scan, &prims, asserts)?;
    text.push_str(&pass);
    let (pass, _) = block_pass(p, k, scan, &prims, true, asserts)?;
    text.push_str(&pass);
    let code = KernelCode {
        entries: ["_1", "_2", "_3"]
            .iter()
            .map(|s| format!("{}{s}", k.name))
            .collect(),
        allocates: false,
        group: false,
    };
    Ok((text, code))
}

/// `dst_j = op(a, b)` for every operand.
fn combine_into(
    w: &mut Writer,
    scan: &Scan,
    dst: &[String],
    a: &[String],
    b: &[String],
    prims: &[PrimType],
) -> Result<(), String> {
    let r = w.op(&scan.lambda, a, b, prims)?;
    for (d, x) in dst.iter().zip(r) {
        w.t.e.line(&format!("{d} = {x};"));
    }
    Ok(())
}

/// Declares `name_j` of each operand's type, set to `init_j`.
fn declare(w: &mut Writer, name: &str, init: &[String], prims: &[PrimType]) {
    for (j, (x, t)) in init.iter().zip(prims).enumerate() {
        w.t.e.line(&format!("{} {name}{j} = {x};", c_type(*t)));
    }
}

/// Pass `_1` (the block totals) or `_3` (the scan of each block from its
/// prefix).
fn block_pass<'b>(
    p: &Program,
    k: &Kernel,
    scan: &Scan,
    prims: &[PrimType],
    write: bool,
    asserts: &'b mut Vec<AssertInfo>,
) -> Result<(String, &'b mut Vec<AssertInfo>), String> {
    let m = prims.len();
    let mut w = Writer::new(p, k, asserts);
    w.params
        .extend(["long n", "long per_block", "long E"].map(String::from));
    w.ptrs("__global", "in", prims);
    if write {
        w.ptrs("__global", "out", prims);
    }
    w.ptrs("__global", "tot", prims);
    w.ptrs("__local", "loc", prims);
    w.ptrs("__local", "part", prims);
    let neutral = w.neutral(&scan.neutral)?;
    w.t.e
        .line("long lid = get_local_id(0), G = get_local_size(0), b = get_group_id(0);");
    w.t.e
        .line("long start = b * per_block, end = min(start + per_block, n);");
    if write {
        declare(&mut w, "carry", &names("tot", m, "b"), prims);
    } else {
        declare(&mut w, "carry", &neutral, prims);
    }
    w.t.e
        .open("for (long base = start; base < end; base += G * E) {");
    // The tile, coalesced, padded with the neutral element.
    w.t.e.open("for (long q = 0; q < E; q++) {");
    w.t.e.line("long i = base + q * G + lid;");
    for (j, ne) in neutral.iter().enumerate() {
        w.t.e
            .line(&format!("loc{j}[q * G + lid] = i < end ? in{j}[i] : {ne};"));
    }
    w.t.e.close();
    w.t.e.line("barrier(CLK_LOCAL_MEM_FENCE);");
    // Each thread's E elements, in order (scanned in place for `_3`).
    declare(&mut w, "acc", &names("loc", m, "lid * E"), prims);
    w.t.e.open("for (long q = 1; q < E; q++) {");
    let accs = names("acc", m, "");
    combine_into(
        &mut w,
        scan,
        &accs,
        &accs,
        &names("loc", m, "lid * E + q"),
        prims,
    )?;
    if write {
        for j in 0..m {
            w.t.e.line(&format!("loc{j}[lid * E + q] = acc{j};"));
        }
    }
    w.t.e.close();
    for j in 0..m {
        w.t.e.line(&format!("part{j}[lid] = acc{j};"));
    }
    w.t.e.line("barrier(CLK_LOCAL_MEM_FENCE);");
    if write {
        scan_partials(&mut w, scan, prims)?;
        // The prefix of this thread's elements: the block's carry, then
        // the totals of the threads before it.
        declare(&mut w, "pre", &names("carry", m, ""), prims);
        w.t.e.open("if (lid > 0) {");
        let pre = names("pre", m, "");
        combine_into(
            &mut w,
            scan,
            &pre,
            &pre,
            &names("part", m, "lid - 1"),
            prims,
        )?;
        w.t.e.close();
        w.t.e.open("for (long q = 0; q < E; q++) {");
        let mine = names("loc", m, "lid * E + q");
        combine_into(&mut w, scan, &mine, &pre, &mine, prims)?;
        w.t.e.close();
        w.t.e.line("barrier(CLK_LOCAL_MEM_FENCE);");
        w.t.e.open("for (long q = 0; q < E; q++) {");
        w.t.e.line("long i = base + q * G + lid;");
        for j in 0..m {
            w.t.e
                .line(&format!("if (i < end) out{j}[i] = loc{j}[q * G + lid];"));
        }
        w.t.e.close();
        let carry = names("carry", m, "");
        combine_into(
            &mut w,
            scan,
            &carry,
            &carry,
            &names("part", m, "G - 1"),
            prims,
        )?;
    } else {
        reduce_partials(&mut w, scan, prims)?;
        let carry = names("carry", m, "");
        combine_into(&mut w, scan, &carry, &carry, &names("part", m, "0"), prims)?;
    }
    w.t.e.line("barrier(CLK_LOCAL_MEM_FENCE);");
    w.t.e.close();
    if !write {
        for j in 0..m {
            w.t.e.line(&format!("if (lid == 0) tot{j}[b] = carry{j};"));
        }
    }
    let name = format!("{}{}", k.name, if write { "_3" } else { "_1" });
    Ok(w.finish(&name))
}

/// The group's partials reduced in order into `part[0]` (a tree over
/// neighbours).
fn reduce_partials(w: &mut Writer, scan: &Scan, prims: &[PrimType]) -> Result<(), String> {
    let m = prims.len();
    w.t.e.open("for (long s = 1; s < G; s *= 2) {");
    w.t.e.open("if (lid % (2 * s) == 0 && lid + s < G) {");
    let mine = names("part", m, "lid");
    combine_into(w, scan, &mine, &mine, &names("part", m, "lid + s"), prims)?;
    w.t.e.close();
    w.t.e.line("barrier(CLK_LOCAL_MEM_FENCE);");
    w.t.e.close();
    Ok(())
}

/// The group's partials scanned inclusively in place (Hillis-Steele).
fn scan_partials(w: &mut Writer, scan: &Scan, prims: &[PrimType]) -> Result<(), String> {
    let m = prims.len();
    w.t.e.open("for (long s = 1; s < G; s *= 2) {");
    for (j, t) in prims.iter().enumerate() {
        w.t.e.line(&format!("{} left{j};", c_type(*t)));
    }
    for j in 0..m {
        w.t.e
            .line(&format!("if (lid >= s) left{j} = part{j}[lid - s];"));
    }
    w.t.e.line("barrier(CLK_LOCAL_MEM_FENCE);");
    w.t.e.open("if (lid >= s) {");
    let mine = names("part", m, "lid");
    combine_into(w, scan, &mine, &names("left", m, ""), &mine, prims)?;
    w.t.e.close();
    w.t.e.line("barrier(CLK_LOCAL_MEM_FENCE);");
    w.t.e.close();
    Ok(())
}

/// Pass `_2`: the block totals into exclusive prefixes, in one thread.
fn totals_pass<'b>(
    p: &Program,
    k: &Kernel,
    scan: &Scan,
    prims: &[PrimType],
    asserts: &'b mut Vec<AssertInfo>,
) -> Result<(String, &'b mut Vec<AssertInfo>), String> {
    let m = prims.len();
    let mut w = Writer::new(p, k, asserts);
    w.params.push("long B".into());
    w.ptrs("__global", "tot", prims);
    let neutral = w.neutral(&scan.neutral)?;
    declare(&mut w, "acc", &neutral, prims);
    w.t.e.open("for (long t = 0; t < B; t++) {");
    declare(&mut w, "x", &names("tot", m, "t"), prims);
    for j in 0..m {
        w.t.e.line(&format!("tot{j}[t] = acc{j};"));
    }
    let accs = names("acc", m, "");
    combine_into(&mut w, scan, &accs, &accs, &names("x", m, ""), prims)?;
    w.t.e.close();
    Ok(w.finish(&format!("{}_2", k.name)))
}
