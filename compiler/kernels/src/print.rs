//! The kernel IR as text (`runic ir --stage kernels`): the kernels, each
//! with its inputs and its segmented operation, then the host program of
//! each entry point. Core parts print as `runic ir --stage soacs` prints
//! them.

use std::fmt::Write;

use runic_core::ir::{LoopForm, Pat, SubExp, VarId};
use runic_core::print::parts;

use crate::ir::*;

/// The whole kernel program.
pub fn program(kp: &KernelProgram) -> String {
    let mut out = String::new();
    for k in &kp.kernels {
        out.push_str(&kernel(kp, k));
        out.push('\n');
    }
    for f in &kp.funs {
        out.push_str(&host_fun(kp, f));
    }
    for t in &kp.thresholds {
        out.push_str(&format!(
            "threshold {} = {} (binds {})\n",
            t.name,
            t.default,
            parts::var(&kp.core, t.cond)
        ));
    }
    out
}

fn vars(kp: &KernelProgram, vs: &[VarId]) -> String {
    vs.iter()
        .map(|v| parts::var(&kp.core, *v))
        .collect::<Vec<_>>()
        .join(", ")
}

fn subexps(kp: &KernelProgram, ss: &[SubExp]) -> String {
    ss.iter()
        .map(|s| parts::subexp(&kp.core, *s))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `segments N of ` for a segmented operator, else nothing.
fn segments(p: &runic_core::Program, segs: Option<SubExp>) -> String {
    segs.map(|n| format!("segments {} of ", parts::subexp(p, n)))
        .unwrap_or_default()
}

/// One kernel.
pub fn kernel(kp: &KernelProgram, k: &Kernel) -> String {
    let p = &kp.core;
    let mut out = String::new();
    let inputs: Vec<String> = k.inputs.iter().map(|v| parts::typed(p, *v)).collect();
    let _ = writeln!(out, "kernel {} ({}) {{", k.name, inputs.join(", "));
    match &k.kind {
        KernelKind::SegMap {
            space,
            arrs,
            lambda,
        } => {
            let space: Vec<String> = space
                .iter()
                .map(|(i, n)| format!("{} < {}", parts::var(p, *i), parts::subexp(p, *n)))
                .collect();
            // A work-group per point for an intra-block kernel.
            let level = match &k.tile {
                _ if k.intra => "segmap_group".to_string(),
                Some(t) => format!("segmap {}", t.describe()),
                None => "segmap".to_string(),
            };
            let head = format!(
                "{level} ({}) rows of ({})",
                space.join(", "),
                vars(kp, arrs)
            );
            out.push_str(&parts::lambda(p, &head, lambda, 1));
        }
        KernelKind::SegRed {
            w,
            segs,
            arrs,
            map,
            red,
        } => {
            if let Some(map) = map {
                let gtids: Vec<String> = map
                    .space
                    .iter()
                    .map(|(g, d)| format!("{} < {}", parts::var(p, *g), parts::subexp(p, *d)))
                    .collect();
                let head = if gtids.is_empty() {
                    format!("map ({})", vars(kp, arrs))
                } else {
                    format!("map at ({})", gtids.join(", "))
                };
                out.push_str(&parts::lambda(p, &head, &map.lambda, 1));
            }
            let kind = if red.commutative {
                "commutative"
            } else {
                "ordered"
            };
            let head = format!(
                "segred {kind} {}{} ({}) from ({})",
                segments(p, *segs),
                parts::subexp(p, *w),
                vars(kp, arrs),
                subexps(kp, &red.neutral)
            );
            out.push_str(&parts::lambda(p, &head, &red.lambda, 1));
        }
        KernelKind::SegScan {
            w,
            segs,
            arrs,
            scan,
        } => {
            let head = format!(
                "segscan {}{} ({}) from ({})",
                segments(p, *segs),
                parts::subexp(p, *w),
                vars(kp, arrs),
                subexps(kp, &scan.neutral)
            );
            out.push_str(&parts::lambda(p, &head, &scan.lambda, 1));
        }
        KernelKind::SegHist { w, idxs, vals, op } => {
            let head = format!(
                "seghist {} into ({}) at ({}) values ({}) atomically",
                parts::subexp(p, *w),
                vars(kp, &op.dests),
                vars(kp, idxs),
                vars(kp, vals)
            );
            out.push_str(&parts::lambda(p, &head, &op.op, 1));
        }
        KernelKind::SegScatter {
            w,
            idxs,
            vals,
            dests,
        } => {
            let _ = writeln!(out, "  segscatter {}", parts::subexp(p, *w));
            for (k, d) in dests.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "    {}[{}] = {}",
                    parts::var(p, *d),
                    vars(kp, &idxs[k]),
                    parts::var(p, vals[k])
                );
            }
        }
        KernelKind::Seq { body } => {
            out.push_str("  sequential {\n");
            out.push_str(&parts::body(p, body, 2));
            out.push_str("  }\n");
        }
    }
    out.push_str("}\n");
    out
}

/// One host function.
pub fn host_fun(kp: &KernelProgram, f: &HostFun) -> String {
    let params: Vec<String> = f
        .params
        .iter()
        .map(|v| format!("({})", parts::typed(&kp.core, *v)))
        .collect();
    let mut out = format!("host {} {} = {{\n", f.name, params.join(" "));
    body(kp, &f.body, 1, &mut out);
    out.push_str("}\n");
    out
}

fn pat(kp: &KernelProgram, pat: &Pat) -> String {
    let mut s = String::new();
    if !pat.ctx.is_empty() {
        let _ = write!(s, "[{}] ", vars(kp, &pat.ctx));
    }
    let vals: Vec<String> = pat
        .vals
        .iter()
        .map(|v| parts::typed(&kp.core, *v))
        .collect();
    let _ = write!(s, "{{{}}}", vals.join(", "));
    s
}

fn body(kp: &KernelProgram, b: &HostBody, indent: usize, out: &mut String) {
    let pad = "  ".repeat(indent);
    let p = &kp.core;
    for s in &b.stms {
        match s {
            HostStm::Scalar(stm) => out.push_str(&parts::stm(p, stm, indent)),
            HostStm::Alloc(v) => {
                let _ = writeln!(out, "{pad}alloc {}", parts::typed(p, *v));
            }
            HostStm::Read { dest, arr, idx } => {
                let _ = writeln!(
                    out,
                    "{pad}let {} = read {}[{}]",
                    parts::typed(p, *dest),
                    parts::var(p, *arr),
                    subexps(kp, idx)
                );
            }
            HostStm::Write {
                dest,
                arr,
                idx,
                value,
            } => {
                let _ = writeln!(
                    out,
                    "{pad}let {} = write {}[{}] = {}",
                    parts::typed(p, *dest),
                    parts::var(p, *arr),
                    subexps(kp, idx),
                    parts::subexp(p, *value)
                );
            }
            HostStm::Launch { kernel, pat: pt } => {
                let _ = writeln!(
                    out,
                    "{pad}let {} = launch {}",
                    pat(kp, pt),
                    kp.kernels[*kernel].name
                );
            }
            HostStm::Eval {
                body: b, pat: pt, ..
            } => {
                let _ = writeln!(out, "{pad}let {} = on host {{", pat(kp, pt));
                out.push_str(&parts::body(p, b, indent + 1));
                let _ = writeln!(out, "{pad}}}");
            }
            HostStm::If {
                pat: pt,
                cond,
                then_body,
                else_body,
            } => {
                let _ = writeln!(
                    out,
                    "{pad}let {} = if {} then {{",
                    pat(kp, pt),
                    parts::subexp(p, *cond)
                );
                body(kp, then_body, indent + 1, out);
                let _ = writeln!(out, "{pad}}} else {{");
                body(kp, else_body, indent + 1, out);
                let _ = writeln!(out, "{pad}}}");
            }
            HostStm::Loop {
                pat: pt,
                params,
                form,
                body: b,
                ..
            } => {
                let inits: Vec<String> = params
                    .iter()
                    .map(|(v, i)| format!("{} = {}", parts::var(p, *v), parts::subexp(p, *i)))
                    .collect();
                let form = match form {
                    LoopForm::For { i, bound } => {
                        format!("for {} < {}", parts::var(p, *i), parts::subexp(p, *bound))
                    }
                    LoopForm::While(c) => format!("while {}", parts::var(p, *c)),
                };
                let _ = writeln!(
                    out,
                    "{pad}let {} = loop ({}) {form} do {{",
                    pat(kp, pt),
                    inits.join(", ")
                );
                body(kp, b, indent + 1, out);
                let _ = writeln!(out, "{pad}}}");
            }
        }
    }
    let _ = writeln!(out, "{pad}in {{{}}}", subexps(kp, &b.result));
}
