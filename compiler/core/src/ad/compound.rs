//! Forward mode through constructs with bodies: `if` (both branches give
//! the tangents either gives), loops (a loop parameter carries a tangent
//! when its initial value or the body's next value has one, found by
//! iterating to a fixed point), and SOACs (input arrays' tangents become
//! extra inputs, lambdas give tangents as extra results, and scan,
//! reduction and histogram operators become operators on pairs of values
//! and tangents, with zero tangents as neutral elements; a scatter writes
//! the values' tangents into the destinations' tangents at the same
//! indices).

use super::{Ad, Fwd};
use crate::ir::*;

impl Fwd<'_> {
    pub(super) fn if_(
        &mut self,
        pat: Pat,
        cond: SubExp,
        then_body: Body,
        else_body: Body,
    ) -> Ad<()> {
        let (ts, tr, tt) = self.body(then_body)?;
        let (es, er, et) = self.body(else_body)?;
        let want: Vec<bool> = tt
            .iter()
            .zip(&et)
            .map(|(a, b)| a.is_some() || b.is_some())
            .collect();
        let then_body = self.close(ts, |f| f.with_tangents(&tr, &tt, &want));
        let else_body = self.close(es, |f| f.with_tangents(&er, &et, &want));
        let mut vals = pat.vals.clone();
        let active: Vec<VarId> = select(&pat.vals, &want);
        vals.extend(self.tangent_vars(&active));
        self.push(
            Pat { ctx: pat.ctx, vals },
            Exp::If {
                cond,
                then_body,
                else_body,
            },
        );
        Ok(())
    }

    /// `results` then the tangents of those `want` says (zeros where
    /// there is none).
    fn with_tangents(
        &mut self,
        results: &[SubExp],
        tans: &[Option<SubExp>],
        want: &[bool],
    ) -> Vec<SubExp> {
        let mut out = results.to_vec();
        for ((r, d), w) in results.iter().zip(tans).zip(want) {
            if *w {
                out.push(match d {
                    Some(d) => *d,
                    None => {
                        let t = self.ty(*r);
                        self.zero(&t)
                    }
                });
            }
        }
        out
    }

    pub(super) fn loop_(
        &mut self,
        pat: Pat,
        ctx: Vec<VarId>,
        params: Vec<(VarId, SubExp)>,
        form: LoopForm,
        body: Body,
    ) -> Ad<()> {
        let mut active: Vec<bool> = params
            .iter()
            .map(|(_, init)| self.tangent(*init).is_some())
            .collect();
        loop {
            let vars: Vec<VarId> = params.iter().map(|(v, _)| *v).collect();
            for v in &vars {
                self.set(*v, None);
            }
            let tparams = self.tangent_vars(&select(&vars, &active));
            if let LoopForm::For { i, .. } = &form {
                self.set(*i, None);
            }
            let (stms, result, tans) = self.body(body.clone())?;
            let mut grew = false;
            for (i, d) in tans.iter().enumerate() {
                if d.is_some() && !active[i] {
                    active[i] = true;
                    grew = true;
                }
            }
            if grew {
                continue;
            }
            let body = self.close(stms, |f| f.with_tangents(&result, &tans, &active));
            let mut new_params = params.clone();
            for ((_, init), tp) in select(&params, &active).into_iter().zip(&tparams) {
                let d = self.tangent_or_zero(init);
                new_params.push((*tp, d));
            }
            let mut vals = pat.vals.clone();
            vals.extend(self.tangent_vars(&select(&pat.vals, &active)));
            self.push(
                Pat { ctx: pat.ctx, vals },
                Exp::Loop {
                    ctx,
                    params: new_params,
                    form,
                    body,
                },
            );
            return Ok(());
        }
    }

    /// The tangents of a SOAC's input arrays as extra inputs, with extra
    /// parameters for their rows: the new arrays and parameters.
    fn soac_inputs(&mut self, arrs: &[VarId], params: &[VarId]) -> (Vec<VarId>, Vec<VarId>) {
        let mut arrs2 = arrs.to_vec();
        let mut params2 = params.to_vec();
        for (a, p) in arrs.iter().zip(params) {
            self.set(*p, None);
            if let Some(SubExp::Var(da)) = self.tangent(SubExp::Var(*a)) {
                arrs2.push(da);
                let tp = self.tangent_vars(std::slice::from_ref(p));
                params2.extend(tp);
            }
        }
        (arrs2, params2)
    }

    /// An operator of `2m` parameters to `m` results made an operator on
    /// pairs: parameters `a, a', b, b'`, results `r, r'`. `None` where
    /// the inputs have no tangents and the results get none either.
    fn dual_op(&mut self, op: &Lambda, m: usize, inputs_active: bool) -> Ad<Option<Lambda>> {
        let (a, b) = op.params.split_at(m);
        let da = self.tangent_vars(a);
        let db = self.tangent_vars(b);
        let (stms, result, tans) = self.body(op.body.clone())?;
        if !inputs_active && tans.iter().all(Option::is_none) {
            for v in &op.params {
                self.set(*v, None);
            }
            return Ok(None);
        }
        let want = vec![true; result.len()];
        let body = self.close(stms, |f| f.with_tangents(&result, &tans, &want));
        let mut params = a.to_vec();
        params.extend(da);
        params.extend(b.iter().copied());
        params.extend(db);
        let mut ret = op.ret.clone();
        ret.extend(op.ret.iter().cloned());
        Ok(Some(Lambda { params, body, ret }))
    }

    /// Zeros of the types of some operands (neutral tangents).
    fn zeros_like(&mut self, xs: &[SubExp]) -> Vec<SubExp> {
        xs.iter()
            .map(|x| {
                let t = self.ty(*x);
                self.zero(&t)
            })
            .collect()
    }

    pub(super) fn screma(&mut self, pat: Pat, s: Screma) -> Ad<()> {
        let Screma {
            w,
            arrs,
            scans,
            reds,
            map,
            post,
            attrs,
        } = s;
        if post.is_some() {
            // Differentiation runs before fusion, which alone makes these.
            return Err("a screma with a post function cannot be differentiated".into());
        }
        let (arrs, params) = self.soac_inputs(&arrs, &map.params);
        let (stms, result, tans) = self.body(map.body)?;
        let mut res = Vec::new();
        let mut ret = Vec::new();
        let mut vals = Vec::new();
        // (result index, tangent) pairs to add to the lambda's results,
        // in order; `None` marks zeros.
        let mut extra: Vec<(Vec<usize>, usize)> = Vec::new();
        let mut at = 0;
        let mut new_scans = Vec::new();
        for sc in scans {
            let m = sc.neutral.len();
            let range: Vec<usize> = (at..at + m).collect();
            let active = range.iter().any(|i| tans[*i].is_some());
            match self.dual_op(&sc.lambda, m, active)? {
                Some(lambda) => {
                    let mut neutral = sc.neutral.clone();
                    neutral.extend(self.zeros_like(&sc.neutral));
                    new_scans.push(Scan { lambda, neutral });
                    extra.push((range.clone(), res.len() + m));
                    push_range(
                        &mut res, &mut ret, &mut vals, &result, &map.ret, &pat, &range,
                    );
                    push_range(
                        &mut res, &mut ret, &mut vals, &result, &map.ret, &pat, &range,
                    );
                    let tv = self.tangent_vars(&pat.vals[at..at + m]);
                    let n = vals.len();
                    vals[n - m..].copy_from_slice(&tv);
                }
                None => {
                    new_scans.push(sc);
                    push_range(
                        &mut res, &mut ret, &mut vals, &result, &map.ret, &pat, &range,
                    );
                }
            }
            at += m;
        }
        let mut new_reds = Vec::new();
        for red in reds {
            let m = red.neutral.len();
            let range: Vec<usize> = (at..at + m).collect();
            let active = range.iter().any(|i| tans[*i].is_some());
            match self.dual_op(&red.lambda, m, active)? {
                Some(lambda) => {
                    let mut neutral = red.neutral.clone();
                    neutral.extend(self.zeros_like(&red.neutral));
                    new_reds.push(Reduce {
                        commutative: red.commutative,
                        lambda,
                        neutral,
                    });
                    extra.push((range.clone(), res.len() + m));
                    push_range(
                        &mut res, &mut ret, &mut vals, &result, &map.ret, &pat, &range,
                    );
                    push_range(
                        &mut res, &mut ret, &mut vals, &result, &map.ret, &pat, &range,
                    );
                    let tv = self.tangent_vars(&pat.vals[at..at + m]);
                    let n = vals.len();
                    vals[n - m..].copy_from_slice(&tv);
                }
                None => {
                    new_reds.push(red);
                    push_range(
                        &mut res, &mut ret, &mut vals, &result, &map.ret, &pat, &range,
                    );
                }
            }
            at += m;
        }
        let mapped: Vec<usize> = (at..result.len()).collect();
        push_range(
            &mut res, &mut ret, &mut vals, &result, &map.ret, &pat, &mapped,
        );
        let active_maps: Vec<usize> = mapped
            .iter()
            .copied()
            .filter(|i| tans[*i].is_some())
            .collect();
        if !active_maps.is_empty() {
            extra.push((active_maps.clone(), res.len()));
            push_range(
                &mut res,
                &mut ret,
                &mut vals,
                &result,
                &map.ret,
                &pat,
                &active_maps,
            );
            let primal: Vec<VarId> = active_maps.iter().map(|i| pat.vals[*i]).collect();
            let tv = self.tangent_vars(&primal);
            let n = vals.len();
            vals[n - tv.len()..].copy_from_slice(&tv);
        }
        // The lambda's results: tangents (or zeros) in the slots marked.
        let body = self.close(stms, |f| {
            for (range, start) in &extra {
                for (k, i) in range.iter().enumerate() {
                    res[start + k] = match tans[*i] {
                        Some(d) => d,
                        None => {
                            let t = f.ty(result[*i]);
                            f.zero(&t)
                        }
                    };
                }
            }
            res
        });
        let map = Lambda { params, body, ret };
        self.push(
            Pat { ctx: pat.ctx, vals },
            Exp::Screma(Box::new(Screma {
                post: None,
                w,
                arrs,
                scans: new_scans,
                reds: new_reds,
                map,
                attrs,
            })),
        );
        Ok(())
    }

    pub(super) fn hist(&mut self, pat: Pat, h: Hist) -> Ad<()> {
        let Hist {
            w,
            arrs,
            ops,
            bucket,
        } = h;
        let (arrs, params) = self.soac_inputs(&arrs, &bucket.params);
        let (stms, result, tans) = self.body(bucket.body)?;
        let n_idx: usize = ops.iter().map(|o| o.rank).sum();
        let mut res: Vec<SubExp> = result[..n_idx].to_vec();
        let mut ret: Vec<Type> = bucket.ret[..n_idx].to_vec();
        let mut vals = Vec::new();
        let mut zero_slots: Vec<(usize, usize)> = Vec::new();
        let mut at = n_idx;
        let mut out_at = 0;
        let mut new_ops = Vec::new();
        for op in ops {
            let m = op.dests.len();
            let range: Vec<usize> = (at..at + m).collect();
            let active = range.iter().any(|i| tans[*i].is_some())
                || op
                    .dests
                    .iter()
                    .any(|d| self.tangent(SubExp::Var(*d)).is_some());
            let dual = self.dual_op(&op.op, m, active)?;
            res.extend(range.iter().map(|i| result[*i]));
            ret.extend(range.iter().map(|i| bucket.ret[*i].clone()));
            let primal = &pat.vals[out_at..out_at + m];
            vals.extend_from_slice(primal);
            match dual {
                Some(lambda) => {
                    for i in &range {
                        zero_slots.push((res.len(), *i));
                        res.push(result[*i]);
                        ret.push(bucket.ret[*i].clone());
                    }
                    let mut dests = op.dests.clone();
                    for d in &op.dests {
                        dests.push(self.consumable_tangent(*d)?);
                    }
                    let mut neutral = op.neutral.clone();
                    neutral.extend(self.zeros_like(&op.neutral));
                    vals.extend(self.tangent_vars(primal));
                    new_ops.push(HistOp {
                        rank: op.rank,
                        dests,
                        neutral,
                        op: lambda,
                    });
                }
                None => new_ops.push(op),
            }
            at += m;
            out_at += m;
        }
        let body = self.close(stms, |f| {
            for (slot, i) in &zero_slots {
                res[*slot] = match tans[*i] {
                    Some(d) => d,
                    None => {
                        let t = f.ty(result[*i]);
                        f.zero(&t)
                    }
                };
            }
            res
        });
        self.push(
            Pat { ctx: pat.ctx, vals },
            Exp::Hist(Box::new(Hist {
                w,
                arrs,
                ops: new_ops,
                bucket: Lambda { params, body, ret },
            })),
        );
        Ok(())
    }

    pub(super) fn scatter(&mut self, pat: Pat, s: Scatter) -> Ad<()> {
        let Scatter {
            w,
            arrs,
            dests,
            lambda,
            rounds,
        } = s;
        if rounds != 1
            || lambda.ret.len() > rounds * dests.iter().map(|(r, _)| r + 1).sum::<usize>()
        {
            // Differentiation runs before fusion, which alone makes these.
            return Err("a fused scatter cannot be differentiated".into());
        }
        let (arrs, params) = self.soac_inputs(&arrs, &lambda.params);
        let (stms, result, tans) = self.body(lambda.body)?;
        let n_idx: usize = dests.iter().map(|(r, _)| *r).sum();
        let mut idx_res: Vec<SubExp> = result[..n_idx].to_vec();
        let mut idx_ret: Vec<Type> = lambda.ret[..n_idx].to_vec();
        let mut val_res: Vec<SubExp> = result[n_idx..].to_vec();
        let mut val_ret: Vec<Type> = lambda.ret[n_idx..].to_vec();
        let mut new_dests = dests.clone();
        let mut vals = pat.vals.clone();
        let mut zero_slots = Vec::new();
        let mut at = 0;
        for (k, (rank, d)) in dests.iter().enumerate() {
            let vi = n_idx + k;
            let active = tans[vi].is_some() || self.tangent(SubExp::Var(*d)).is_some();
            if active {
                idx_res.extend_from_slice(&result[at..at + rank]);
                idx_ret.extend_from_slice(&lambda.ret[at..at + rank]);
                new_dests.push((*rank, self.consumable_tangent(*d)?));
                zero_slots.push((val_res.len(), vi));
                val_res.push(result[vi]);
                val_ret.push(lambda.ret[vi].clone());
                vals.extend(self.tangent_vars(&pat.vals[k..k + 1]));
            }
            at += rank;
        }
        let body = self.close(stms, |f| {
            for (slot, i) in &zero_slots {
                val_res[*slot] = match tans[*i] {
                    Some(d) => d,
                    None => {
                        let t = f.ty(result[*i]);
                        f.zero(&t)
                    }
                };
            }
            idx_res.extend(val_res);
            idx_res
        });
        idx_ret.extend(val_ret);
        self.push(
            Pat { ctx: pat.ctx, vals },
            Exp::Scatter(Box::new(Scatter {
                w,
                arrs,
                dests: new_dests,
                lambda: Lambda {
                    params,
                    body,
                    ret: idx_ret,
                },
                rounds: 1,
            })),
        );
        Ok(())
    }
}

/// The items whose flag is set.
fn select<T: Clone>(items: &[T], flags: &[bool]) -> Vec<T> {
    items
        .iter()
        .zip(flags)
        .filter(|(_, f)| **f)
        .map(|(x, _)| x.clone())
        .collect()
}

/// Appends the lambda results, their types and the pattern variables of
/// the indices given.
fn push_range(
    res: &mut Vec<SubExp>,
    ret: &mut Vec<Type>,
    vals: &mut Vec<VarId>,
    result: &[SubExp],
    types: &[Type],
    pat: &Pat,
    range: &[usize],
) {
    for i in range {
        res.push(result[*i]);
        ret.push(types[*i].clone());
        vals.push(pat.vals[*i]);
    }
}
