//! `#[sequential]`, `#[sequential_inner]`, `#[sequential_outer]`: the
//! SOACs an attributed expression makes become loops (all of them, those
//! nested in its SOACs' functions, or its own outer ones), as Futhark runs
//! them sequentially. A map of scalar rows becomes a loop writing each
//! element into an array it makes first; a reduction, a loop over an
//! accumulator. Other SOACs (scans, fused forms) stay as they are.

use runic_eval::ir::{Expr, Sequential};
use runic_eval::value::Prim;

use super::{Frame, Internaliser, SVal, R};
use crate::ir::*;

impl Internaliser<'_> {
    /// An expression under a `#[sequential...]` attribute.
    pub(crate) fn sequential_exp(
        &mut self,
        kind: Sequential,
        inner: &Expr,
        frame: &mut Frame,
    ) -> R<SVal> {
        let start = self.bodies.last().map_or(0, |b| b.len());
        let v = self.exp(inner, frame)?;
        let Some(body) = self.bodies.last_mut() else {
            return Ok(v);
        };
        let stms = body.split_off(start);
        let mut out = Vec::with_capacity(stms.len());
        for mut s in stms {
            if let Exp::Screma(_) = &s.exp {
                if kind != Sequential::Outer {
                    // What is nested first, so that its own SOACs go too.
                    s.exp.for_each_body_mut(|b| self.all_loops(b));
                }
                if kind != Sequential::Inner {
                    if let Some(stms) = self.screma_loop(&s) {
                        out.extend(stms);
                        continue;
                    }
                }
            }
            out.push(s);
        }
        self.bodies.last_mut().expect("a body").extend(out);
        Ok(v)
    }

    /// Every SOAC of a body (and of what it nests) as loops.
    fn all_loops(&mut self, b: &mut Body) {
        let stms = std::mem::take(&mut b.stms);
        for mut s in stms {
            s.exp.for_each_body_mut(|b| self.all_loops(b));
            if let Exp::Screma(_) = &s.exp {
                if let Some(stms) = self.screma_loop(&s) {
                    b.stms.extend(stms);
                    continue;
                }
            }
            b.stms.push(s);
        }
    }

    /// A map of scalar rows or a reduction as a loop: the statements
    /// that replace statement `s`.
    fn screma_loop(&mut self, s: &Stm) -> Option<Vec<Stm>> {
        let (Exp::Screma(sc), pat) = (&s.exp, &s.pat) else {
            return None;
        };
        if !sc.scans.is_empty() || sc.post.is_some() || !pat.ctx.is_empty() {
            return None;
        }
        let i = self.var("i", Type::scalar(runic_sema::types::PrimType::I64));
        let form = LoopForm::For { i, bound: sc.w };
        // Each iteration binds the map's parameters to the rows at `i`.
        let mut stms: Vec<Stm> = sc
            .map
            .params
            .iter()
            .zip(&sc.arrs)
            .map(|(p, a)| Stm::single(*p, Exp::Index(*a, vec![DimIndex::Fix(SubExp::Var(i))])))
            .collect();
        stms.extend(sc.map.body.stms.iter().cloned());
        let results = sc.map.body.result.clone();
        match sc.reds.as_slice() {
            [] => {
                // A map of scalar rows: written into arrays made first.
                if sc.map.ret.iter().any(|t| t.rank() > 0) || pat.vals.len() != results.len() {
                    return None;
                }
                let mut params = Vec::new();
                let mut made = Vec::new();
                for (out, r) in pat.vals.iter().zip(&results) {
                    let t = self.ty(SubExp::Var(*out));
                    let zero = SubExp::Const(Prim::zero(t.prim));
                    let init = self.var("seq_init", t.clone());
                    made.push(Stm::single(init, Exp::Replicate(vec![sc.w], zero)));
                    let acc = self.var("seq_acc", t.clone());
                    let upd = self.var("seq_upd", t);
                    stms.push(Stm::single(
                        upd,
                        Exp::Update(acc, vec![DimIndex::Fix(SubExp::Var(i))], *r),
                    ));
                    params.push((acc, SubExp::Var(init)));
                }
                let result = stms
                    .iter()
                    .rev()
                    .take(params.len())
                    .rev()
                    .map(|s| SubExp::Var(s.pat.vals[0]))
                    .collect();
                let lp = Exp::Loop {
                    ctx: Vec::new(),
                    params,
                    form,
                    body: Body { stms, result },
                };
                made.push(Stm {
                    pat: pat.clone(),
                    exp: lp,
                    loc: s.loc.clone(),
                });
                Some(made)
            }
            [red] if results.len() == red.neutral.len() => {
                let k = red.neutral.len();
                let (accs, xs) = red.lambda.params.split_at(k);
                for (x, r) in xs.iter().zip(&results) {
                    stms.push(Stm::copy(*x, *r));
                }
                stms.extend(red.lambda.body.stms.iter().cloned());
                let lp = Exp::Loop {
                    ctx: Vec::new(),
                    params: accs
                        .iter()
                        .copied()
                        .zip(red.neutral.iter().copied())
                        .collect(),
                    form,
                    body: Body {
                        stms,
                        result: red.lambda.body.result.clone(),
                    },
                };
                Some(vec![Stm {
                    pat: pat.clone(),
                    exp: lp,
                    loc: s.loc.clone(),
                }])
            }
            _ => None,
        }
    }
}
