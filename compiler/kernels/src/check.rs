//! The kernel IR checker: every kernel input is bound on the host before
//! the launch that reads it, host variables are bound once, launches bind
//! as many values as their kernels give, grid kernels' operators are
//! scalar (besides reads of elements of the kernel's arrays), and the core bodies inside kernels are checked by the core
//! checker's rules where they stand alone (their free variables being the
//! kernel's inputs).

use std::collections::HashSet;

use runic_core::ir::{LoopForm, SubExp, VarId};

use crate::extract::simple_op;
use crate::ir::*;

/// Checks a kernel program; the message names the problem.
pub fn program(kp: &KernelProgram) -> Result<(), String> {
    for k in &kp.kernels {
        kernel(kp, k).map_err(|e| format!("kernel {}: {e}", k.name))?;
    }
    for f in &kp.funs {
        let mut c = Checker {
            kp,
            bound: f.params.iter().copied().collect(),
        };
        c.body(&f.body)
            .map_err(|e| format!("host {}: {e}", f.name))?;
    }
    thresholds(kp)
}

/// Every threshold names a comparison the host code makes, once.
fn thresholds(kp: &KernelProgram) -> Result<(), String> {
    let mut bound = Vec::new();
    for f in &kp.funs {
        crate::thresholds::host_scalars(&f.body, &mut bound);
    }
    for (k, t) in kp.thresholds.iter().enumerate() {
        if !bound.contains(&t.cond) {
            return Err(format!("threshold {} binds nothing on the host", t.name));
        }
        if kp.thresholds[..k].iter().any(|u| u.name == t.name) {
            return Err(format!("threshold {} is named twice", t.name));
        }
    }
    Ok(())
}

fn kernel(kp: &KernelProgram, k: &Kernel) -> Result<(), String> {
    crate::tile::check(&kp.core, k)?;
    let free: Vec<VarId> = match &k.kind {
        KernelKind::Seq { body } => crate::free::of_body(&kp.core, body),
        KernelKind::SegMap {
            lambda,
            arrs,
            space,
        } => {
            if lambda.params.len() != arrs.len() {
                return Err("a segmap's lambda takes one row of each array".into());
            }
            let gtids: Vec<VarId> = space.iter().map(|(g, _)| *g).collect();
            crate::free::of_lambda(&kp.core, lambda)
                .into_iter()
                .filter(|v| !gtids.contains(v))
                .collect()
        }
        KernelKind::SegRed {
            red,
            arrs,
            map,
            segs,
            ..
        } => {
            let mut free = crate::free::of_lambda(&kp.core, &red.lambda);
            match map {
                None => op(kp, &red.lambda, arrs.len())?,
                Some(map) => {
                    pre_map(kp, map, arrs, segs.is_some())?;
                    op(kp, &red.lambda, map.lambda.ret.len())?;
                    free.extend(
                        crate::free::of_lambda(&kp.core, &map.lambda)
                            .into_iter()
                            .filter(|v| !map.space.iter().any(|(g, _)| g == v)),
                    );
                }
            }
            free
        }
        KernelKind::SegScan { scan, arrs, .. } => {
            op(kp, &scan.lambda, arrs.len())?;
            crate::free::of_lambda(&kp.core, &scan.lambda)
        }
        KernelKind::SegHist { op: h, vals, .. } => {
            op(kp, &h.op, vals.len())?;
            crate::free::of_lambda(&kp.core, &h.op)
        }
        KernelKind::SegScatter {
            idxs, vals, dests, ..
        } => {
            if idxs.len() != dests.len() || vals.len() != dests.len() {
                return Err("a scatter needs indices and values for each destination".into());
            }
            Vec::new()
        }
    };
    for v in free {
        if !k.inputs.contains(&v) {
            return Err(format!(
                "uses {} which is not an input",
                kp.core.vars[v].name
            ));
        }
    }
    Ok(())
}

/// A map fused into a reduction: unsegmented, one scalar parameter per
/// input, an element of a one-dimensional array; segmented, no inputs
/// and an index per level. Scalar results.
fn pre_map(
    kp: &KernelProgram,
    pre: &PreMap,
    arrs: &[VarId],
    segmented: bool,
) -> Result<(), String> {
    let map = &pre.lambda;
    let levels_fit = if segmented {
        pre.space.len() >= 2 && arrs.is_empty()
    } else {
        pre.space.is_empty()
    };
    if !levels_fit {
        return Err("a segmented reduction's map indexes its segment and element".into());
    }
    if map.params.len() != arrs.len() {
        return Err("a reduction's map takes one element of each array".into());
    }
    for (param, arr) in map.params.iter().zip(arrs) {
        let (pt, at) = (kp.core.ty(*param), kp.core.ty(*arr));
        if at.rank() != 1 || pt.rank() != 0 || pt.prim != at.prim {
            return Err(format!(
                "a reduction's map parameter {} is not an element of {}",
                kp.core.vars[*param].name, kp.core.vars[*arr].name
            ));
        }
    }
    if map.ret.iter().any(|t| t.rank() != 0) {
        return Err("a reduction's map returns scalars".into());
    }
    Ok(())
}

fn op(kp: &KernelProgram, l: &runic_core::ir::Lambda, operands: usize) -> Result<(), String> {
    // Besides scalar code, an operator may read elements of arrays the
    // kernel takes (device values migration loads there, `feed`).
    let mut scalar = l.clone();
    scalar.body.stms.retain(|s| !element_read(&kp.core, s, l));
    if !simple_op(&kp.core, &scalar) {
        return Err("an operator of a grid kernel must be scalar".into());
    }
    if l.params.len() != 2 * operands {
        return Err(format!(
            "an operator of {operands} operand(s) takes {} parameters",
            l.params.len()
        ));
    }
    Ok(())
}

/// Whether a statement reads one element of an array that is not one of
/// the lambda's parameters.
fn element_read(
    p: &runic_core::Program,
    s: &runic_core::ir::Stm,
    l: &runic_core::ir::Lambda,
) -> bool {
    use runic_core::ir::{DimIndex, Exp};
    matches!(&s.exp, Exp::Index(a, idx)
        if !l.params.contains(a)
            && idx.len() == p.ty(*a).rank()
            && idx.iter().all(|i| matches!(i, DimIndex::Fix(_))))
}

struct Checker<'a> {
    kp: &'a KernelProgram,
    bound: HashSet<VarId>,
}

impl Checker<'_> {
    fn bind(&mut self, v: VarId) -> Result<(), String> {
        if !self.bound.insert(v) {
            return Err(format!("{} is bound twice", self.kp.core.vars[v].name));
        }
        Ok(())
    }

    fn uses(&self, v: VarId) -> Result<(), String> {
        if !self.bound.contains(&v) {
            return Err(format!(
                "{} is used before it is bound",
                self.kp.core.vars[v].name
            ));
        }
        Ok(())
    }

    fn body(&mut self, b: &HostBody) -> Result<(), String> {
        for s in &b.stms {
            match s {
                HostStm::Scalar(stm) => {
                    for v in stm.pat.ctx.iter().chain(&stm.pat.vals) {
                        self.bind(*v)?;
                    }
                }
                HostStm::Alloc(v) => self.bind(*v)?,
                HostStm::Read { dest, arr, .. } | HostStm::Write { dest, arr, .. } => {
                    self.uses(*arr)?;
                    self.bind(*dest)?;
                }
                HostStm::Launch { kernel, pat } => {
                    let k = &self.kp.kernels[*kernel];
                    for v in &k.inputs {
                        self.uses(*v)?;
                    }
                    let preallocated = matches!(
                        k.kind,
                        KernelKind::SegMap { .. }
                            | KernelKind::SegScan { .. }
                            | KernelKind::SegRed { segs: Some(_), .. }
                    );
                    for v in &pat.vals {
                        if preallocated {
                            self.uses(*v)?;
                        } else {
                            self.bind(*v)?;
                        }
                    }
                }
                HostStm::Eval { inputs, pat, .. } => {
                    for v in inputs {
                        self.uses(*v)?;
                    }
                    for v in &pat.vals {
                        self.bind(*v)?;
                    }
                }
                HostStm::If {
                    pat,
                    then_body,
                    else_body,
                    ..
                } => {
                    self.body(then_body)?;
                    self.body(else_body)?;
                    for v in pat.ctx.iter().chain(&pat.vals) {
                        self.bind(*v)?;
                    }
                }
                HostStm::Loop {
                    pat,
                    ctx,
                    params,
                    form,
                    body,
                } => {
                    for c in ctx {
                        self.bind(*c)?;
                    }
                    for (v, init) in params {
                        if let SubExp::Var(i) = init {
                            self.uses(*i)?;
                        }
                        self.bind(*v)?;
                    }
                    if let LoopForm::For { i, .. } = form {
                        self.bind(*i)?;
                    }
                    self.body(body)?;
                    for v in pat.ctx.iter().chain(&pat.vals) {
                        self.bind(*v)?;
                    }
                }
            }
        }
        for r in &b.result {
            if let SubExp::Var(v) = r {
                self.uses(*v)?;
            }
        }
        Ok(())
    }
}
