//! `loop` expressions: the state's structure settled (a state of a sum
//! type may gain constructors in the body) and the core IR loop built.

use std::rc::Rc;

use runic_eval::ir::{Expr, Loc as SrcLoc, LoopForm as SrcLoopForm};
use runic_sema::types::PrimType;

use super::exprs::Idx;
use super::{i64c, Frame, Internaliser, SVal, R};
use crate::ir::*;

impl Internaliser<'_> {
    pub(super) fn run_loop(
        &mut self,
        pat: &runic_eval::ir::Pat,
        init: &Expr,
        form: &SrcLoopForm,
        body: &Expr,
        frame: &mut Frame,
    ) -> R<SVal> {
        let mut init = self.exp(init, frame)?;
        // A state of a sum type may gain constructors in the body: widen
        // the initial value and go again until the structure is stable.
        for _ in 0..8 {
            match self.loop_once(pat, &init, form, body, frame)? {
                Ok(result) => return Ok(result),
                Err(wider) => init = wider,
            }
        }
        self.missing(None, "a loop whose state keeps changing structure")
    }

    /// One attempt at a loop with the state structured as `init`: the
    /// result, or a wider structure to start from.
    fn loop_once(
        &mut self,
        pat: &runic_eval::ir::Pat,
        init: &SVal,
        form: &SrcLoopForm,
        body: &Expr,
        frame: &mut Frame,
    ) -> R<Result<SVal, SVal>> {
        let mut inits = Vec::new();
        if !init.leaves(&mut inits) {
            return self.missing(None, "a loop over a function");
        }
        // Array parameters get sizes of their own, read off each
        // iteration's values.
        let mut ctx = Vec::new();
        let mut params = Vec::new();
        self.push_body(Vec::new());
        for s in &inits {
            let t = self.ty(*s);
            let dims = t
                .dims
                .iter()
                .map(|_| {
                    let d = self.var("n", Type::scalar(PrimType::I64));
                    ctx.push(d);
                    SubExp::Var(d)
                })
                .collect();
            let p = self.var("p", Type::array(t.prim, dims));
            if self.is_untyped(*s) {
                self.untyped.insert(p);
            }
            params.push(p);
        }
        self.pop_body();
        let state = init.rebuild(&mut params.iter().map(|p| SubExp::Var(*p)));
        let mut cond_param = None;
        let (form, mut stms, (next, cond)) = match form {
            SrcLoopForm::For { var, bound } => {
                let bound = self.scalar(bound, frame)?;
                let bound_t = self.ty(bound).prim;
                let bound = self.convert(bound, PrimType::I64);
                let i = self.var("i", Type::scalar(PrimType::I64));
                let (stms, next) = self.nested(|int| {
                    let mut frame = frame.clone();
                    int.bind_pat(pat, state.clone(), &mut frame, None)?;
                    frame[*var as usize] = Some(SVal::Leaf(int.convert(SubExp::Var(i), bound_t)));
                    Ok((int.exp(body, &mut frame)?, None))
                })?;
                (LoopForm::For { i, bound }, stms, next)
            }
            SrcLoopForm::ForIn { pat: elem, array } => {
                let array = self.exp(array, frame)?;
                let mut leaves = Vec::new();
                array.leaves(&mut leaves);
                let n = leaves
                    .first()
                    .and_then(|l| self.ty(*l).dims.first().copied())
                    .unwrap_or(i64c(0));
                let i = self.var("i", Type::scalar(PrimType::I64));
                let (stms, next) = self.nested(|int| {
                    let mut frame = frame.clone();
                    int.bind_pat(pat, state.clone(), &mut frame, None)?;
                    let row =
                        int.index(&array, &[Idx::Fix(SubExp::Var(i))], &SrcLoc(Rc::from("")))?;
                    int.bind_pat(elem, row, &mut frame, None)?;
                    Ok((int.exp(body, &mut frame)?, None))
                })?;
                (LoopForm::For { i, bound: n }, stms, next)
            }
            SrcLoopForm::While(cond) => {
                // The condition becomes a loop parameter computed before
                // the loop and at the end of each iteration.
                let c0 = {
                    let mut f0 = frame.clone();
                    self.bind_pat(pat, init.clone(), &mut f0, None)?;
                    self.scalar(cond, &mut f0)?
                };
                self.push_body(Vec::new());
                let cv = self.var("cond", Type::scalar(PrimType::Bool));
                self.pop_body();
                cond_param = Some((cv, c0));
                let (stms, next) = self.nested(|int| {
                    let mut frame = frame.clone();
                    int.bind_pat(pat, state.clone(), &mut frame, None)?;
                    let next = int.exp(body, &mut frame)?;
                    let mut f1 = frame.clone();
                    int.bind_pat(pat, next.clone(), &mut f1, None)?;
                    let c = int.scalar(cond, &mut f1)?;
                    Ok((next, Some(c)))
                })?;
                (LoopForm::While(cv), stms, next)
            }
        };
        let next = if Self::same_structure(&next, init) {
            next
        } else {
            let wider = Self::merged(&Self::merged(init, &next), init);
            if !Self::same_structure(&wider, init) && !Self::diverges(&stms) {
                return Ok(Err(self.conform(init, &wider)?));
            }
            self.fit(&mut stms, &next, init)?
        };
        // An empty literal of unknown element type in the state takes the
        // type the body gives it; one the body gives takes the state's.
        let (mut now, mut later) = (Vec::new(), Vec::new());
        init.leaves(&mut now);
        next.leaves(&mut later);
        if now
            .iter()
            .zip(&later)
            .any(|(a, b)| self.is_untyped(*a) && !self.same_kind(*a, *b))
        {
            let mut fixed = Vec::new();
            for (a, b) in now.iter().zip(&later) {
                let like = self.ty(*b);
                fixed.push(self.retype(*a, &like));
            }
            return Ok(Err(init.rebuild(&mut fixed.into_iter())));
        }
        let next = self.in_body(&mut stms, |int| int.retyped_like(&next, init))?;
        let mut results = Vec::new();
        next.leaves(&mut results);
        if let (Some((cv, c0)), Some(c)) = (cond_param, cond) {
            results.insert(0, c);
            params.insert(0, cv);
            inits.insert(0, c0);
        }
        let while_loop = matches!(form, LoopForm::While(_));
        let types: Vec<Type> = params
            .iter()
            .map(|p| {
                let t = self.prog.ty(*p).clone();
                let dims = t
                    .dims
                    .iter()
                    .map(|_| SubExp::Var(self.ext_marker()))
                    .collect();
                Type::array(t.prim, dims)
            })
            .collect();
        let exp = Exp::Loop {
            ctx,
            params: params.iter().copied().zip(inits).collect(),
            form,
            body: Body {
                stms,
                result: results,
            },
        };
        let mut out = self.bind("loop", exp, types, None);
        if while_loop {
            out.remove(0);
        }
        Ok(Ok(init.rebuild(&mut out.into_iter())))
    }
}
