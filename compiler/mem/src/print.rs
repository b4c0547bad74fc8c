//! The memory IR as text (`runic ir --stage mem`): the core printer's
//! statements, an `alloc` line per allocation, and after each statement
//! binding arrays one `--` line per array giving its block and index
//! function (`offset + {(size : stride), ...}`, seed 004's notation).
//! Parameters carry their memory in the function's head.

use std::fmt::Write;

use runic_core::ir::{Exp, VarId};

use crate::ir::*;

/// The whole program.
pub fn program(p: &MemProgram) -> String {
    let mut out = String::new();
    for (i, f) in p.funs.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        fun(p, f, &mut out);
    }
    out
}

fn fun(p: &MemProgram, f: &MemFun, out: &mut String) {
    let kw = if f.entry { "entry" } else { "fun" };
    let _ = writeln!(out, "{kw} {} {{", f.name);
    for &v in &f.params {
        let _ = writeln!(out, "  param {}", placed(p, v));
    }
    body(p, &f.body, 1, out);
    out.push_str("}\n");
}

fn indent(depth: usize, out: &mut String) {
    for _ in 0..depth.min(runic_core::print::MAX_INDENT) {
        out.push_str("  ");
    }
}

/// `name: type @ block -> lmad` (no placement for scalars).
fn placed(p: &MemProgram, v: VarId) -> String {
    let typed = runic_core::print::parts::typed(&p.core, v);
    match p.arrays.get(&v) {
        Some(m) => format!(
            "{typed} @ {} -> {}",
            p.blocks[m.block].name,
            m.lmad.show(&p.core)
        ),
        None => typed,
    }
}

fn body(p: &MemProgram, b: &MemBody, depth: usize, out: &mut String) {
    for s in &b.stms {
        match s {
            MemStm::Alloc { block, bytes } => {
                indent(depth, out);
                let _ = writeln!(
                    out,
                    "let {} = alloc({} bytes, {:?})",
                    p.blocks[*block].name,
                    bytes.show(&p.core),
                    p.blocks[*block].space
                );
            }
            MemStm::Let { stm, bodies, index } => {
                if bodies.is_empty() {
                    out.push_str(&runic_core::print::parts::stm(&p.core, stm, depth));
                } else {
                    indent(depth, out);
                    let vals: Vec<String> = stm
                        .pat
                        .vals
                        .iter()
                        .map(|v| runic_core::print::parts::typed(&p.core, *v))
                        .collect();
                    let _ = write!(out, "let {{{}}} = {}", vals.join(", "), head(p, &stm.exp));
                    if let Some(i) = index {
                        let _ =
                            write!(out, " (row {})", runic_core::print::parts::var(&p.core, *i));
                    }
                    out.push('\n');
                    let mut params = Vec::new();
                    crate::check::collect_params(&stm.exp, &mut params);
                    for v in params.iter().filter(|v| p.arrays.contains_key(v)) {
                        indent(depth + 1, out);
                        let _ = writeln!(out, "-- param {}", placed(p, *v));
                    }
                    for b in bodies {
                        indent(depth, out);
                        out.push_str("{\n");
                        body(p, b, depth + 1, out);
                        indent(depth, out);
                        out.push_str("}\n");
                    }
                }
                for v in stm.pat.vals.iter().filter(|v| p.arrays.contains_key(v)) {
                    indent(depth, out);
                    let _ = writeln!(out, "-- {}", placed(p, *v));
                }
            }
        }
    }
    indent(depth, out);
    let results: Vec<String> = b
        .result
        .iter()
        .map(|r| runic_core::print::parts::subexp(&p.core, *r))
        .collect();
    let _ = writeln!(out, "in {{{}}}", results.join(", "));
}

/// The construct and its operands, for a statement whose bodies follow.
fn head(p: &MemProgram, e: &Exp) -> String {
    let v = |x: VarId| runic_core::print::parts::var(&p.core, x);
    let s = |x| runic_core::print::parts::subexp(&p.core, x);
    let list = |xs: &[VarId]| xs.iter().map(|x| v(*x)).collect::<Vec<_>>().join(", ");
    match e {
        Exp::If { cond, .. } => format!("if {}", s(*cond)),
        Exp::Loop { params, form, .. } => {
            let ps: Vec<String> = params
                .iter()
                .map(|(q, init)| format!("{} = {}", v(*q), s(*init)))
                .collect();
            let f = match form {
                runic_core::ir::LoopForm::For { i, bound } => {
                    format!("for {} < {}", v(*i), s(*bound))
                }
                runic_core::ir::LoopForm::While(c) => format!("while {}", v(*c)),
            };
            format!("loop {{{}}} {f}", ps.join(", "))
        }
        Exp::Screma(sc) => format!("screma({}, {{{}}})", s(sc.w), list(&sc.arrs)),
        Exp::Hist(h) => format!("hist({}, {{{}}})", s(h.w), list(&h.arrs)),
        Exp::Scatter(sc) => format!("scatter({}, {{{}}})", s(sc.w), list(&sc.arrs)),
        Exp::Stream(st) => format!("stream({}, {{{}}})", s(st.w), list(&st.arrs)),
        _ => String::new(),
    }
}
