//! Segmented reductions and scans (a [`KernelKind::SegRed`] or
//! [`KernelKind::SegScan`] with `segs`): `nseg` rows of `m` elements,
//! each row reduced or scanned on its own. Two kernels each, the runtime
//! picking one by the row length:
//!
//! - `_small`: a thread per row, folding it in order (short rows, or so
//!   many rows that a thread each fills the device);
//! - `_large`: a work-group per row (groups take rows in turn when there
//!   are more rows than groups). Each thread folds a contiguous chunk of
//!   the row (or, for a commutative operator, every `G`th element, so
//!   neighbours read neighbours), the chunks' results are combined in
//!   local memory: a tree for a reduction, and for a scan a scan of the
//!   chunk totals, each chunk then adding the total before it.
//!
//! A reduction's `_large` kernel may also cut each row into `chunks`
//! consecutive parts, a work-group each, writing `nseg * chunks`
//! partial results (few long rows would leave most of the device idle);
//! its third entry, `_partials`, then folds each row's partials in order
//! with a thread per row.
//!
//! Arguments after `errflag, errdata` and the kernel's scalar inputs:
//! `nseg, m`, the `K` input arrays, the `K` output arrays, then (`_large`
//! only) `K` local buffers of one element per thread and (reductions
//! only) `chunks`. `_partials` takes `nseg, chunks`, the `K` partial
//! arrays and the `K` output arrays.

use runic_core::ir::{Reduce, Scan, VarId};
use runic_core::Program;
use runic_kernels::ir::{Kernel, PreMap};
use runic_sema::types::PrimType;

use super::grid::{commutative, prims_of, Writer};
use super::scalar::c_type;
use super::values::Val;
use super::{AssertInfo, KernelCode};

fn code(k: &Kernel) -> KernelCode {
    KernelCode {
        entries: vec![format!("{}_small", k.name), format!("{}_large", k.name)],
        allocates: false,
        group: false,
    }
}

/// The reduction's entries: [`code`]'s and `_partials`.
fn red_code(k: &Kernel) -> KernelCode {
    let mut code = code(k);
    code.entries.push(format!("{}_partials", k.name));
    code
}

/// `K` names with a prefix and an optional index expression.
pub(super) fn names(prefix: &str, n: usize, index: &str) -> Vec<String> {
    (0..n)
        .map(|j| {
            if index.is_empty() {
                format!("{prefix}{j}")
            } else {
                format!("{prefix}{j}[{index}]")
            }
        })
        .collect()
}

/// Where a kernel's operands come from: input arrays of these types, or a
/// fused map giving operands of these types.
#[derive(Clone, Copy)]
enum Source<'s> {
    Arrays(&'s [PrimType]),
    Mapped(&'s [PrimType]),
}

/// A writer with the common parameters of both kernels: every input of
/// the kernel, and with a fused map no input arrays of operands.
fn writer<'a, 'b>(
    p: &'a Program,
    k: &Kernel,
    source: Source,
    asserts: &'b mut Vec<AssertInfo>,
    local: bool,
) -> Writer<'a, 'b> {
    let mut w = Writer::new(p, k, asserts);
    w.params.push("long nseg".into());
    w.params.push("long m".into());
    let prims = match source {
        Source::Mapped(prims) => prims.to_vec(),
        Source::Arrays(prims) => {
            w.ptrs("__global", "in", prims);
            prims.to_vec()
        }
    };
    w.ptrs("__global", "out", &prims);
    if local {
        w.ptrs("__local", "loc", &prims);
    }
    w
}

/// Each operand of element `i` of segment `seg`: read from the inputs, or
/// the fused map's results on the element's indices.
fn operands(w: &mut Writer, map: Option<&PreMap>, n: usize) -> Result<Vec<String>, String> {
    let Some(map) = map else {
        return Ok(names("in", n, "i"));
    };
    // The segment's indices in the nest, innermost first.
    let (last, outer) = map.space.split_last().expect("a segmented map's levels");
    let mut rest = "seg".to_string();
    for (j, (g, d)) in outer.iter().enumerate().rev() {
        let name = w.t.e.fresh("g");
        if j == 0 {
            w.t.e.line(&format!("long {name} = {rest};"));
        } else {
            let dim = w.t.val(*d)?.scalar();
            let q = w.t.e.fresh("q");
            w.t.e.line(&format!(
                "long {name} = {rest} % {dim}, {q} = {rest} / {dim};"
            ));
            rest = q;
        }
        w.t.set(*g, Val::S(name, PrimType::I64));
    }
    w.t.set(last.0, Val::S("(i - seg * m)".into(), PrimType::I64));
    let ys = w.t.apply(&map.lambda, Vec::new())?;
    Ok(ys.iter().map(|v| v.scalar()).collect())
}

/// `accJ = neutral` for every operand.
fn init(w: &mut Writer, prims: &[runic_sema::types::PrimType], neutral: &[String]) {
    for (j, prim) in prims.iter().enumerate() {
        w.t.e
            .line(&format!("{} acc{j} = {};", c_type(*prim), neutral[j]));
    }
}

/// `dest = op(a, b)` for every operand, then `also` after each.
fn combine(
    w: &mut Writer,
    l: &runic_core::ir::Lambda,
    (a, b): (&[String], &[String]),
    dest: &[String],
    prims: &[runic_sema::types::PrimType],
    also: &[String],
) -> Result<(), String> {
    let r = w.op(l, a, b, prims)?;
    // All results first: a result may read what another replaces.
    w.t.e.open("{");
    for (j, x) in r.iter().enumerate() {
        w.t.e.line(&format!("{} c{j} = {x};", c_type(prims[j])));
    }
    for (j, d) in dest.iter().enumerate().take(r.len()) {
        let after = also.get(j).map(String::as_str).unwrap_or("");
        w.t.e.line(&format!("{d} = c{j};{after}"));
    }
    w.t.e.close();
    Ok(())
}

/// The kernels of a segmented reduction.
pub fn red(
    p: &Program,
    k: &Kernel,
    arrs: &[VarId],
    map: Option<&PreMap>,
    red: &Reduce,
    asserts: &mut Vec<AssertInfo>,
) -> Result<(String, KernelCode), String> {
    let prims = match map {
        Some(m) => m.lambda.ret.iter().map(|t| t.prim).collect(),
        None => prims_of(p, arrs),
    };
    let source = match map {
        Some(_) => Source::Mapped(&prims),
        None => Source::Arrays(&prims),
    };
    let mut text = String::new();
    // A thread per row.
    let asserts = fold_rows(p, k, (source, map), red, "small", asserts, &mut text)?;
    // Each row's partials, a thread per row.
    let asserts = fold_rows(
        p,
        k,
        (Source::Arrays(&prims), None),
        red,
        "partials",
        asserts,
        &mut text,
    )?;
    // A work-group per row, or per part of a row.
    let n = prims.len();
    let accs = names("acc", n, "");
    let mut w = writer(p, k, source, asserts, true);
    w.params.push("long chunks".into());
    let neutral = w.neutral(&red.neutral)?;
    // A failed check must not leave the kernel: the group's threads
    // still meet at the barriers below.
    w.t.on_fail = "goto failed;";
    let e = &mut w.t.e;
    e.line("long lid = get_local_id(0), G = get_local_size(0), per = (m + chunks - 1) / chunks;");
    e.open("for (long part = get_group_id(0); part < nseg * chunks; part += get_num_groups(0)) {");
    e.line("long seg = part / chunks, lo = min((part % chunks) * per, m), hi = min(lo + per, m);");
    if red.commutative || commutative(p, &red.lambda) {
        e.line("long start = seg * m + lo + lid, end = seg * m + hi, step = G;");
    } else {
        e.line("long chunk = (hi - lo + G - 1) / G;");
        e.line("long start = seg * m + lo + min(lid * chunk, hi - lo), end = seg * m + lo + min(lid * chunk + chunk, hi - lo), step = 1;");
    }
    init(&mut w, &prims, &neutral);
    w.t.e.open("for (long i = start; i < end; i += step) {");
    let xs = operands(&mut w, map, n)?;
    combine(&mut w, &red.lambda, (&accs, &xs), &accs, &prims, &[])?;
    w.t.e.close();
    w.t.e.line("failed: ;");
    for j in 0..n {
        w.t.e.line(&format!("loc{j}[lid] = acc{j};"));
    }
    w.t.e.line("barrier(CLK_LOCAL_MEM_FENCE);");
    w.t.e.open("for (long s = 1; s < G; s *= 2) {");
    w.t.e.open("if (lid % (2 * s) == 0 && lid + s < G) {");
    let a = names("loc", n, "lid");
    let b = names("loc", n, "lid + s");
    combine(&mut w, &red.lambda, (&a, &b), &a, &prims, &[])?;
    w.t.e.close();
    w.t.e.line("barrier(CLK_LOCAL_MEM_FENCE);");
    w.t.e.close();
    for j in 0..n {
        w.t.e
            .line(&format!("if (lid == 0) out{j}[part] = loc{j}[0];"));
    }
    // The next row reuses the local buffers.
    w.t.e.line("barrier(CLK_LOCAL_MEM_FENCE);");
    w.t.e.close();
    text.push_str(&w.finish(&format!("{}_large", k.name)).0);
    Ok((text, red_code(k)))
}

/// A kernel `{name}_{suffix}` folding each of `nseg` rows of `m`
/// operands in order, a thread per row; the assertion table back.
fn fold_rows<'b>(
    p: &Program,
    k: &Kernel,
    (source, map): (Source, Option<&PreMap>),
    red: &Reduce,
    suffix: &str,
    asserts: &'b mut Vec<AssertInfo>,
    text: &mut String,
) -> Result<&'b mut Vec<AssertInfo>, String> {
    let prims = match source {
        Source::Arrays(prims) | Source::Mapped(prims) => prims,
    };
    let n = prims.len();
    let accs = names("acc", n, "");
    let mut w = writer(p, k, source, asserts, false);
    let neutral = w.neutral(&red.neutral)?;
    w.t.e.line("long seg = get_global_id(0);");
    w.t.e.line("if (seg >= nseg) return;");
    init(&mut w, prims, &neutral);
    w.t.e.open("for (long i = seg * m; i < seg * m + m; i++) {");
    let xs = operands(&mut w, map, n)?;
    combine(&mut w, &red.lambda, (&accs, &xs), &accs, prims, &[])?;
    w.t.e.close();
    for j in 0..n {
        w.t.e.line(&format!("out{j}[seg] = acc{j};"));
    }
    let (kernel, asserts) = w.finish(&format!("{}_{suffix}", k.name));
    text.push_str(&kernel);
    Ok(asserts)
}

/// The kernels of a segmented scan.
pub fn scan(
    p: &Program,
    k: &Kernel,
    arrs: &[VarId],
    scan: &Scan,
    asserts: &mut Vec<AssertInfo>,
) -> Result<(String, KernelCode), String> {
    let prims = prims_of(p, arrs);
    let n = prims.len();
    let accs = names("acc", n, "");
    let xs = names("in", n, "i");
    let source = Source::Arrays(&prims);
    let stores: Vec<String> = (0..n).map(|j| format!(" out{j}[i] = acc{j};")).collect();
    let mut text = String::new();
    // A thread per row.
    let mut w = writer(p, k, source, asserts, false);
    let neutral = w.neutral(&scan.neutral)?;
    w.t.e.line("long seg = get_global_id(0);");
    w.t.e.line("if (seg >= nseg) return;");
    init(&mut w, &prims, &neutral);
    w.t.e.open("for (long i = seg * m; i < seg * m + m; i++) {");
    combine(&mut w, &scan.lambda, (&accs, &xs), &accs, &prims, &stores)?;
    w.t.e.close();
    let (small, asserts) = w.finish(&format!("{}_small", k.name));
    text.push_str(&small);
    // A work-group per row: chunks scanned, their totals scanned, each
    // chunk combined with the total before it.
    let mut w = writer(p, k, source, asserts, true);
    let e = &mut w.t.e;
    e.line("long lid = get_local_id(0), G = get_local_size(0), chunk = (m + G - 1) / G;");
    e.open("for (long seg = get_group_id(0); seg < nseg; seg += get_num_groups(0)) {");
    e.line(
        "long start = seg * m + min(lid * chunk, m), end = seg * m + min(lid * chunk + chunk, m);",
    );
    init(&mut w, &prims, &neutral);
    w.t.e.open("for (long i = start; i < end; i++) {");
    combine(&mut w, &scan.lambda, (&accs, &xs), &accs, &prims, &stores)?;
    w.t.e.close();
    for j in 0..n {
        w.t.e.line(&format!("loc{j}[lid] = acc{j};"));
    }
    w.t.e.line("barrier(CLK_LOCAL_MEM_FENCE);");
    w.t.e.open("if (lid == 0) {");
    w.t.e.open("for (long t = 1; t < G; t++) {");
    let prev = names("loc", n, "t - 1");
    let this = names("loc", n, "t");
    combine(&mut w, &scan.lambda, (&prev, &this), &this, &prims, &[])?;
    w.t.e.close();
    w.t.e.close();
    w.t.e.line("barrier(CLK_LOCAL_MEM_FENCE);");
    w.t.e.open("if (lid > 0) {");
    w.t.e.open("for (long i = start; i < end; i++) {");
    let before = names("loc", n, "lid - 1");
    let outs = names("out", n, "i");
    combine(&mut w, &scan.lambda, (&before, &outs), &outs, &prims, &[])?;
    w.t.e.close();
    w.t.e.close();
    // The next row reuses the local buffers.
    w.t.e.line("barrier(CLK_LOCAL_MEM_FENCE);");
    w.t.e.close();
    text.push_str(&w.finish(&format!("{}_large", k.name)).0);
    Ok((text, code(k)))
}
