//! Single-thread kernels of scalar branches and `for` loops made host
//! code again before migration, so that migration decides, as Futhark's
//! does, what of them runs where: a branch whose condition the host has
//! stays on the host with its reads delayed out of it, and a `for` loop
//! stays on the host with a single-thread kernel per iteration, its
//! scalar parameters carried on the device ([`super`]). The way back,
//! for what migrates whole, is [`to_core`]. An array literal in them
//! becomes a kernel of its own (`arraylit_N`), a host operation in
//! Futhark's terms.

use runic_core::ir::{Body, DimIndex, Exp, LoopForm, Stm, SubExp};

use crate::ir::*;

/// Unfolds the launches of a body and of the bodies inside it.
pub(super) fn body(kp: &mut KernelProgram, b: &mut HostBody) {
    let old = std::mem::take(&mut b.stms);
    for mut s in old {
        for inner in inner_bodies(&mut s) {
            body(kp, inner);
        }
        match unfolded(kp, &s) {
            Some(stms) => b.stms.extend(stms),
            None => b.stms.push(s),
        }
    }
}

fn inner_bodies(s: &mut HostStm) -> Vec<&mut HostBody> {
    match s {
        HostStm::If {
            then_body,
            else_body,
            ..
        } => vec![then_body, else_body],
        HostStm::Loop { body, .. } => vec![body],
        _ => Vec::new(),
    }
}

/// The host statements of a single-thread launch of scalar code with a
/// branch or a `for` loop at its top.
fn unfolded(kp: &mut KernelProgram, s: &HostStm) -> Option<Vec<HostStm>> {
    let HostStm::Launch { kernel, pat } = s else {
        return None;
    };
    let KernelKind::Seq { body } = &kp.kernels[*kernel].kind else {
        return None;
    };
    let body = body.clone();
    if !pat.ctx.is_empty()
        || pat.vals.len() != body.result.len()
        || !body.stms.iter().all(|s| hostable(kp, s))
        || !body.stms.iter().any(|s| match &s.exp {
            Exp::If { .. } => true,
            Exp::Loop { form, .. } => matches!(form, LoopForm::For { .. }),
            _ => false,
        })
    {
        return None;
    }
    let mut out: Vec<HostStm> = body.stms.iter().map(|s| to_host(kp, s)).collect();
    for (v, r) in pat.vals.iter().zip(&body.result) {
        if *r != SubExp::Var(*v) {
            out.push(HostStm::Scalar(Stm::copy(*v, *r)));
        }
    }
    Some(out)
}

/// Whether a core statement is scalar code and element reads that both
/// the host and a single thread can run (`for` loops only: a `while`
/// loop of device values migrates whole, as it was).
fn hostable(kp: &KernelProgram, s: &Stm) -> bool {
    let p = &kp.core;
    let scalar = |v: &runic_core::ir::VarId| p.ty(*v).rank() == 0;
    if let Exp::ArrayLit(_, row) = &s.exp {
        // The host makes an array of scalars it has, as Futhark's does.
        return row.rank() == 0;
    }
    let fixed = |a: &runic_core::ir::VarId, idx: &[DimIndex]| {
        idx.len() == p.ty(*a).rank() && idx.iter().all(|i| matches!(i, DimIndex::Fix(_)))
    };
    if !s.pat.ctx.is_empty() {
        return false;
    }
    match &s.exp {
        // One element written in place: a host write.
        Exp::Update(a, idx, v) => fixed(a, idx) && p.subexp_type(*v).rank() == 0,
        // Branches and loops may give arrays such writes update.
        Exp::If {
            then_body,
            else_body,
            ..
        } => [then_body, else_body]
            .iter()
            .all(|b| b.stms.iter().all(|s| hostable(kp, s))),
        Exp::Loop {
            ctx,
            form: LoopForm::For { .. },
            body,
            ..
        } => ctx.is_empty() && body.stms.iter().all(|s| hostable(kp, s)),
        _ if !s.pat.vals.iter().all(scalar) => false,
        Exp::Scalar(..) | Exp::SubExp(_) | Exp::Assert(..) => true,
        Exp::Index(a, idx) => fixed(a, idx),
        _ => false,
    }
}

fn to_host(kp: &mut KernelProgram, s: &Stm) -> HostStm {
    match &s.exp {
        Exp::ArrayLit(..) => {
            let body = Body {
                stms: vec![s.clone()],
                result: s.pat.vals.iter().map(|v| SubExp::Var(*v)).collect(),
            };
            let kernel = kp.kernels.len();
            kp.kernels.push(Kernel {
                name: format!("arraylit_{kernel}"),
                inputs: crate::free::of_body(&kp.core, &body),
                kind: KernelKind::Seq { body },
                part_of: None,
                intra: false,
                tile: None,
            });
            HostStm::Launch {
                kernel,
                pat: s.pat.clone(),
            }
        }
        Exp::Update(a, idx, v) => HostStm::Write {
            dest: s.pat.vals[0],
            arr: *a,
            idx: idx
                .iter()
                .map(|i| match i {
                    DimIndex::Fix(x) => *x,
                    DimIndex::Slice { start, .. } => *start,
                })
                .collect(),
            value: *v,
        },
        Exp::Index(a, idx) => HostStm::Read {
            dest: s.pat.vals[0],
            arr: *a,
            idx: idx
                .iter()
                .map(|i| match i {
                    DimIndex::Fix(x) => *x,
                    DimIndex::Slice { start, .. } => *start,
                })
                .collect(),
        },
        Exp::If {
            cond,
            then_body,
            else_body,
        } => HostStm::If {
            pat: s.pat.clone(),
            cond: *cond,
            then_body: host_body(kp, then_body),
            else_body: host_body(kp, else_body),
        },
        Exp::Loop {
            ctx,
            params,
            form,
            body,
        } => HostStm::Loop {
            pat: s.pat.clone(),
            ctx: ctx.clone(),
            params: params.clone(),
            form: form.clone(),
            body: host_body(kp, body),
        },
        _ => HostStm::Scalar(s.clone()),
    }
}

fn host_body(kp: &mut KernelProgram, b: &Body) -> HostBody {
    HostBody {
        stms: b.stms.iter().map(|s| to_host(kp, s)).collect(),
        result: b.result.clone(),
    }
}

/// A host statement of scalar code, reads, branches and loops (one that
/// migrates whole) as the core statement a single thread runs; `None`
/// for anything else.
pub(super) fn to_core(kp: &KernelProgram, s: &HostStm) -> Option<Vec<Stm>> {
    Some(match s {
        HostStm::Read { dest, arr, idx } => vec![Stm::single(
            *dest,
            Exp::Index(*arr, idx.iter().map(|i| DimIndex::Fix(*i)).collect()),
        )],
        HostStm::Scalar(stm) => vec![stm.clone()],
        HostStm::Write {
            dest,
            arr,
            idx,
            value,
        } => vec![Stm::single(
            *dest,
            Exp::Update(
                *arr,
                idx.iter().map(|i| DimIndex::Fix(*i)).collect(),
                *value,
            ),
        )],
        HostStm::Launch { kernel, pat } => {
            let KernelKind::Seq { body } = &kp.kernels[*kernel].kind else {
                return None;
            };
            let mut stms = body.stms.clone();
            for (v, r) in pat.vals.iter().zip(&body.result) {
                if *r != SubExp::Var(*v) {
                    stms.push(Stm::copy(*v, *r));
                }
            }
            stms
        }
        HostStm::If {
            pat,
            cond,
            then_body,
            else_body,
        } => vec![Stm {
            pat: pat.clone(),
            exp: Exp::If {
                cond: *cond,
                then_body: core_body(kp, then_body)?,
                else_body: core_body(kp, else_body)?,
            },
            loc: None,
        }],
        HostStm::Loop {
            pat,
            ctx,
            params,
            form,
            body,
        } => vec![Stm {
            pat: pat.clone(),
            exp: Exp::Loop {
                ctx: ctx.clone(),
                params: params.clone(),
                form: form.clone(),
                body: core_body(kp, body)?,
            },
            loc: None,
        }],
        _ => return None,
    })
}

fn core_body(kp: &KernelProgram, b: &HostBody) -> Option<Body> {
    let mut stms = Vec::new();
    for s in &b.stms {
        stms.extend(to_core(kp, s)?);
    }
    Some(Body {
        stms,
        result: b.result.clone(),
    })
}
