//! Map-loop interchange: a map whose lambda ends in a `for` loop of a
//! bound the map does not vary, with parallelism in the loop's body,
//!
//! ```text
//! map (\xs -> let ys = map (*2) xs
//!             in loop acc = ys for i < k do map (+i) acc) xss
//! ```
//!
//! becomes the statements before the loop as a map of their own (into
//! arrays of what the loop needs), then the loop on the host over arrays
//! of its parameters, its body a map over their rows:
//!
//! ```text
//! let yss = map (\xs -> map (*2) xs) xss
//! in loop accs = yss for i < k do map (\acc -> map (+i) acc) accs
//! ```
//!
//! so the body's parallelism nests under the map's (Futhark's
//! interchange of a map and a sequential loop, in the flattened version).
//! Loops whose parameters' shapes vary per row, that update parameters in
//! place, or whose bound varies, stay sequential in each thread.

use std::collections::BTreeSet;

use runic_core::ir::{Body, Exp, Lambda, LoopForm, Pat, Screma, Stm, SubExp, VarId};

use super::Extractor;
use crate::free::{self, Free};
use crate::ir::HostStm;

impl Extractor {
    /// The kernels of a map interchanged with the `for` loop its lambda
    /// ends in; `None` where the interchange does not apply.
    pub(super) fn loop_interchanged(&mut self, s: &Stm, sc: &Screma) -> Option<Vec<HostStm>> {
        let stms = self.interchange_loop(s, sc)?;
        let live: BTreeSet<VarId> = s.pat.vals.iter().copied().collect();
        let body = Body {
            stms,
            result: Vec::new(),
        };
        Some(self.body(&body, &live).stms)
    }

    /// The core statements replacing `s`: the map of what precedes the
    /// loop, the replicated invariant initial values, the host loop over
    /// a map, and copies of its results to `s`'s pattern.
    fn interchange_loop(&mut self, s: &Stm, sc: &Screma) -> Option<Vec<Stm>> {
        let l = &sc.map;
        if !sc.scans.is_empty() || !sc.reds.is_empty() || sc.post.is_some() || !s.pat.ctx.is_empty()
        {
            return None;
        }
        let (loop_stm, pre) = l.body.stms.split_last()?;
        let Exp::Loop {
            ctx,
            params,
            form: LoopForm::For { i, bound },
            body: lb,
        } = &loop_stm.exp
        else {
            return None;
        };
        if !ctx.is_empty() || !loop_stm.pat.ctx.is_empty() || !free::has_soac(&loop_stm.exp) {
            return None;
        }
        // What the lambda binds: the loop must not vary in bound or in its
        // parameters' shapes.
        let mut bound_in: BTreeSet<VarId> = l.params.iter().copied().collect();
        for t in pre {
            bound_in.extend(t.pat.ctx.iter().chain(&t.pat.vals).copied());
        }
        let varies = |x: &SubExp| x.var().is_some_and(|v| bound_in.contains(&v));
        if varies(bound) {
            return None;
        }
        let core = &self.core;
        if params.iter().any(|(p, _)| {
            core.ty(*p)
                .dims
                .iter()
                .any(|d| varies(d) || d.var() == Some(*i))
        }) {
            return None;
        }
        // In-place updates in the body only of its parameters (rows of the
        // host loop's own arrays) or of what it binds itself; the map's
        // results are the loop's.
        let mut consumed = Vec::new();
        consumed_in(lb, &mut consumed);
        let mut own: BTreeSet<VarId> = params.iter().map(|(p, _)| *p).collect();
        bound_in_body(lb, &mut own);
        if consumed.iter().any(|v| !own.contains(v)) {
            return None;
        }
        let res_index: Vec<usize> = l
            .body
            .result
            .iter()
            .map(|r| loop_stm.pat.vals.iter().position(|v| Some(*v) == r.var()))
            .collect::<Option<_>>()?;
        // The lambda-bound variables the loop uses: rows of the map's
        // inputs, or what the statements before it compute (into arrays).
        let mut uses = Free::default();
        uses.stm(core, loop_stm);
        let needed: Vec<VarId> = uses
            .used
            .iter()
            .copied()
            .filter(|v| bound_in.contains(v))
            .collect();
        let from_pre: Vec<VarId> = needed
            .iter()
            .copied()
            .filter(|v| !l.params.contains(v))
            .collect();
        if from_pre.iter().any(|v| core.ty(*v).dims.iter().any(varies)) {
            return None;
        }
        let mut out = Vec::new();
        // The rows' arrays of each needed variable.
        let mut arr_of: Vec<(VarId, VarId)> = l
            .params
            .iter()
            .copied()
            .zip(sc.arrs.iter().copied())
            .collect();
        if !pre.is_empty() {
            let arrs: Vec<VarId> = from_pre
                .iter()
                .map(|v| {
                    let t = self.core.ty(*v).with_outer(sc.w);
                    self.new_var("pre", t)
                })
                .collect();
            let pre_sc = Screma {
                w: sc.w,
                arrs: sc.arrs.clone(),
                scans: Vec::new(),
                reds: Vec::new(),
                map: Lambda {
                    params: l.params.clone(),
                    body: Body {
                        stms: pre.to_vec(),
                        result: from_pre.iter().map(|v| SubExp::Var(*v)).collect(),
                    },
                    ret: from_pre.iter().map(|v| self.core.ty(*v).clone()).collect(),
                },
                post: None,
                attrs: sc.attrs.clone(),
            };
            out.push(Stm {
                pat: Pat {
                    ctx: Vec::new(),
                    vals: arrs.clone(),
                },
                exp: Exp::Screma(Box::new(pre_sc)),
                loc: s.loc.clone(),
            });
            arr_of.extend(from_pre.iter().copied().zip(arrs));
        }
        let array_of = |v: VarId| arr_of.iter().find(|(x, _)| *x == v).map(|(_, a)| *a);
        // The host loop's parameters: arrays of the rows' parameters,
        // starting from the rows' initial values (replicated where the map
        // does not vary them).
        let mut host_params = Vec::new();
        let mut body_params = Vec::new();
        let mut body_arrs = Vec::new();
        for (p, init) in params {
            let t = self.core.ty(*p).with_outer(sc.w);
            let init_arr = match init.var().and_then(array_of) {
                // The map's own input, updated in place: a copy.
                Some(a) if !consumed.is_empty() && sc.arrs.contains(&a) => {
                    let r = self.new_var("loop_init", t.clone());
                    out.push(Stm::single(r, Exp::Copy(a)));
                    r
                }
                Some(a) => a,
                None => {
                    let r = self.new_var("loop_init", t.clone());
                    out.push(Stm::single(r, Exp::Replicate(vec![sc.w], *init)));
                    r
                }
            };
            let hp = self.new_var("loop_rows", t);
            host_params.push((hp, SubExp::Var(init_arr)));
            body_params.push(*p);
            body_arrs.push(hp);
        }
        let mut body_uses = Free::default();
        body_uses.body(&self.core, lb);
        for v in &needed {
            if body_uses.used.contains(v) && !body_params.contains(v) {
                body_params.push(*v);
                body_arrs.push(array_of(*v)?);
            }
        }
        let rets: Vec<_> = params
            .iter()
            .map(|(p, _)| self.core.ty(*p).clone())
            .collect();
        let new_rows: Vec<VarId> = rets
            .iter()
            .map(|t| self.new_var("loop_rows", t.with_outer(sc.w)))
            .collect();
        let inner = Screma {
            w: sc.w,
            arrs: body_arrs,
            scans: Vec::new(),
            reds: Vec::new(),
            map: Lambda {
                params: body_params,
                body: lb.clone(),
                ret: rets.clone(),
            },
            post: None,
            attrs: sc.attrs.clone(),
        };
        // The loop binds `s`'s results where they are its own (the first
        // time), fresh arrays otherwise.
        let loop_vals: Vec<VarId> = (0..params.len())
            .map(|j| match res_index.iter().position(|k| *k == j) {
                Some(r) => s.pat.vals[r],
                None => self.new_var("loop_res", rets[j].with_outer(sc.w)),
            })
            .collect();
        out.push(Stm {
            pat: Pat {
                ctx: Vec::new(),
                vals: loop_vals.clone(),
            },
            exp: Exp::Loop {
                ctx: Vec::new(),
                params: host_params,
                form: LoopForm::For {
                    i: *i,
                    bound: *bound,
                },
                body: Body {
                    stms: vec![Stm {
                        pat: Pat {
                            ctx: Vec::new(),
                            vals: new_rows.clone(),
                        },
                        exp: Exp::Screma(Box::new(inner)),
                        loc: loop_stm.loc.clone(),
                    }],
                    result: new_rows.into_iter().map(SubExp::Var).collect(),
                },
            },
            loc: loop_stm.loc.clone(),
        });
        for (r, k) in res_index.iter().enumerate() {
            if loop_vals[*k] != s.pat.vals[r] {
                out.push(Stm::copy(s.pat.vals[r], SubExp::Var(loop_vals[*k])));
            }
        }
        Some(out)
    }
}

/// The variables a body updates in place (updates, scatters' and
/// histograms' destinations), in its branches and loops too.
fn consumed_in(b: &Body, out: &mut Vec<VarId>) {
    for s in &b.stms {
        match &s.exp {
            Exp::Update(a, _, _) => out.push(*a),
            Exp::Scatter(sc) => out.extend(sc.dests.iter().map(|(_, d)| *d)),
            Exp::Hist(h) => out.extend(h.ops.iter().flat_map(|o| o.dests.iter().copied())),
            Exp::If {
                then_body,
                else_body,
                ..
            } => {
                consumed_in(then_body, out);
                consumed_in(else_body, out);
            }
            Exp::Loop { body, .. } => consumed_in(body, out),
            _ => {}
        }
    }
}

/// The variables a body binds (its statements', branches' and loops'
/// patterns and loop parameters).
fn bound_in_body(b: &Body, out: &mut BTreeSet<VarId>) {
    for s in &b.stms {
        out.extend(s.pat.ctx.iter().chain(&s.pat.vals).copied());
        match &s.exp {
            Exp::If {
                then_body,
                else_body,
                ..
            } => {
                bound_in_body(then_body, out);
                bound_in_body(else_body, out);
            }
            Exp::Loop {
                ctx, params, body, ..
            } => {
                out.extend(ctx.iter().copied());
                out.extend(params.iter().map(|(p, _)| *p));
                bound_in_body(body, out);
            }
            _ => {}
        }
    }
}
