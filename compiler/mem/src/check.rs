//! The memory IR's checker: every array bound by a statement or a
//! parameter has a placement whose index function has the array's rank
//! and whose block is in scope (a parameter's or existential block, or
//! one allocated earlier in this body or an enclosing one), each block is
//! allocated once, and allocation sizes mention only variables in scope.

use runic_core::ir::{Exp, VarId};
use rustc_hash::FxHashSet;

use crate::ir::*;

/// Checks a whole program.
pub fn program(p: &MemProgram) -> Result<(), String> {
    let mut c = Checker {
        p,
        allocated: FxHashSet::default(),
        in_scope: Vec::new(),
        vars: FxHashSet::default(),
    };
    for f in &p.funs {
        c.vars.clear();
        c.vars.extend(f.params.iter().copied());
        for d in f.params.iter().flat_map(|v| p.core.ty(*v).dims.iter()) {
            if let Some(v) = d.var() {
                c.vars.insert(v);
            }
        }
        for &v in &f.params {
            c.array(v, &f.name)?;
        }
        c.body(&f.body, &f.name)?;
    }
    Ok(())
}

struct Checker<'a> {
    p: &'a MemProgram,
    /// Every block allocated so far (each at most once).
    allocated: FxHashSet<BlockId>,
    /// Blocks allocated in the enclosing bodies, innermost last.
    in_scope: Vec<BlockId>,
    /// Variables bound so far (sizes of allocations must be among them).
    vars: FxHashSet<VarId>,
}

impl Checker<'_> {
    fn array(&self, v: VarId, f: &str) -> Result<(), String> {
        let ty = self.p.core.ty(v);
        if ty.dims.is_empty() {
            return Ok(());
        }
        let name = runic_core::print::parts::var(&self.p.core, v);
        let Some(m) = self.p.arrays.get(&v) else {
            return Err(format!("in `{f}`: array `{name}` has no memory"));
        };
        if m.lmad.rank() != ty.rank() {
            return Err(format!(
                "in `{f}`: the index function of `{name}` has rank {}, the array {}",
                m.lmad.rank(),
                ty.rank()
            ));
        }
        let block = &self.p.blocks[m.block];
        if block.origin == Origin::Alloc && !self.in_scope.contains(&m.block) {
            return Err(format!(
                "in `{f}`: `{name}` lives in `{}`, which is not allocated in scope",
                block.name
            ));
        }
        Ok(())
    }

    fn body(&mut self, b: &MemBody, f: &str) -> Result<(), String> {
        let depth = self.in_scope.len();
        for s in &b.stms {
            match s {
                MemStm::Alloc { block, bytes } => {
                    if !self.allocated.insert(*block) {
                        return Err(format!(
                            "in `{f}`: `{}` is allocated twice",
                            self.p.blocks[*block].name
                        ));
                    }
                    if let Some(v) = bytes.vars().find(|v| !self.vars.contains(v)) {
                        return Err(format!(
                            "in `{f}`: the size of `{}` mentions `{}`, not in scope",
                            self.p.blocks[*block].name,
                            runic_core::print::parts::var(&self.p.core, v)
                        ));
                    }
                    self.in_scope.push(*block);
                }
                MemStm::Let { stm, bodies, index } => {
                    self.vars.extend(index.iter().copied());
                    let mut params = Vec::new();
                    stm.exp.for_each_body(|_| {});
                    collect_params(&stm.exp, &mut params);
                    self.vars.extend(params.iter().copied());
                    for v in &params {
                        self.array(*v, f)?;
                    }
                    for inner in bodies {
                        self.body(inner, f)?;
                    }
                    for v in stm.pat.ctx.iter().chain(&stm.pat.vals) {
                        self.vars.insert(*v);
                    }
                    for v in &stm.pat.vals {
                        self.array(*v, f)?;
                    }
                }
            }
        }
        for r in &b.result {
            if let Some(v) = r.var() {
                self.array(v, f)?;
            }
        }
        self.in_scope.truncate(depth);
        Ok(())
    }
}

/// The variables a statement's shell binds for its bodies (lambda and
/// loop parameters, the loop index).
pub fn collect_params(e: &Exp, out: &mut Vec<VarId>) {
    match e {
        Exp::Loop {
            ctx, params, form, ..
        } => {
            out.extend(ctx.iter().copied());
            out.extend(params.iter().map(|(v, _)| *v));
            if let runic_core::ir::LoopForm::For { i, .. } = form {
                out.push(*i);
            }
        }
        Exp::Screma(s) => {
            out.extend(s.map.params.iter().copied());
            for l in s
                .scans
                .iter()
                .map(|x| &x.lambda)
                .chain(s.reds.iter().map(|x| &x.lambda))
            {
                out.extend(l.params.iter().copied());
            }
            if let Some(post) = &s.post {
                out.extend(post.params.iter().copied());
            }
        }
        Exp::Hist(h) => {
            out.extend(h.bucket.params.iter().copied());
            for o in &h.ops {
                out.extend(o.op.params.iter().copied());
            }
        }
        Exp::Scatter(s) => out.extend(s.lambda.params.iter().copied()),
        Exp::Stream(s) => out.extend(s.lambda.params.iter().copied()),
        _ => {}
    }
}
