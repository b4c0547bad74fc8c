//! Segmented reductions and scans: a map whose lambda ends in a
//! reduction or scan over rows of a width known outside,
//!
//! ```text
//! map (\xs -> let a = xs[0] in reduce op ne (map (+ a) xs)) xss
//! ```
//!
//! becomes one segmented operation rather than a SegMap whose threads
//! each fold a row: a SegMap over the `[n][m]` elements computing the
//! operands (counted as part of the operator, as Futhark fuses them;
//! left out when the rows are the operands as they are), then a
//! [`KernelKind::SegRed`] or [`KernelKind::SegScan`] with `segs: n`.
//!
//! The operators and neutral elements must not depend on the row (they
//! are inputs of the kernel), nor the inner width; the statements before
//! the inner SOAC must be cheap enough for every element's thread to
//! rerun them.

use std::collections::BTreeSet;

use runic_core::ir::{Exp, Lambda, Pat, Reduce, Scan, Screma, Stm, SubExp, Type, VarId};

use super::{cheap, simple_op, Extractor, Level};
use crate::free;
use crate::ir::{HostStm, KernelKind, PreMap};

impl Extractor {
    /// The kernels of a map that is a segmented reduction or scan, or
    /// `None` when it is not one.
    pub(super) fn segmented(&mut self, s: &Stm, outer: &Screma) -> Option<Vec<HostStm>> {
        if self.nested_map(&outer.map, &BTreeSet::new()).is_some() {
            return self.segmented_nest(s, outer);
        }
        let l = &outer.map;
        let (last, before) = l.body.stms.split_last()?;
        let Exp::Screma(inner) = &last.exp else {
            return None;
        };
        let n_ops: usize = inner
            .reds
            .iter()
            .map(|r| r.neutral.len())
            .chain(inner.scans.iter().map(|x| x.neutral.len()))
            .sum();
        let is_red = !inner.reds.is_empty();
        let one_kind = inner.reds.is_empty() != inner.scans.is_empty();
        let results_are_inner = l.body.result.iter().map(|r| r.var()).eq(last
            .pat
            .vals
            .iter()
            .map(|v| Some(*v)));
        if !one_kind
            || inner.post.is_some()
            || inner.map.ret.len() < n_ops
            || !last.pat.ctx.is_empty()
            || !results_are_inner
            || !before.iter().all(|b| cheap(&b.exp))
            || outer.arrs.iter().any(|a| self.core.ty(*a).rank() == 0)
            || inner.map.ret[..n_ops].iter().any(|t| t.rank() > 0)
        {
            return None;
        }
        // What the row binds: the operators, neutral elements and inner
        // width must not use it.
        let mut inside: BTreeSet<VarId> = l.params.iter().copied().collect();
        inside.extend(
            before
                .iter()
                .flat_map(|b| b.pat.ctx.iter().chain(&b.pat.vals)),
        );
        let outside = |x: &SubExp| x.var().is_none_or(|v| !inside.contains(&v));
        let ops: Vec<Op> = inner
            .reds
            .iter()
            .map(Op::Red)
            .chain(inner.scans.iter().map(Op::Scan))
            .collect();
        let invariant = ops.iter().all(|op| {
            simple_op(&self.core, op.lambda())
                && op.neutral().iter().all(outside)
                && free::of_lambda(&self.core, op.lambda())
                    .iter()
                    .all(|v| !inside.contains(v))
        });
        if !invariant || !outside(&inner.w) {
            return None;
        }
        let chain: &'static [&'static str] = if is_red { &["SegRed"] } else { &["SegScan"] };
        let mut stms = Vec::new();
        let first = self.kernels.len();
        // Mapped results beside the operands (a redomap's) come out of
        // the operands' SegMap, straight into the statement's arrays.
        let mapped = &s.pat.vals[n_ops..];
        let passed = mapped
            .is_empty()
            .then(|| self.rows_as_operands(outer, before, inner));
        let operands = match passed.flatten() {
            Some(arrs) => arrs,
            None => self.segment_operands(s, outer, before, inner, chain, &mut stms),
        };
        self.seg_ops(
            &s.pat.vals,
            &ops,
            operands,
            inner.w,
            outer.w,
            chain,
            &mut stms,
        );
        self.fuse_operands(first, &mut stms);
        Some(stms)
    }

    /// One segmented SegRed or SegScan per operator over `segs` rows of
    /// `w` operands (`arrs`, per operator in order), into `outs`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn seg_ops(
        &mut self,
        outs: &[VarId],
        ops: &[Op],
        operands: Vec<VarId>,
        w: SubExp,
        segs: SubExp,
        chain: &'static [&'static str],
        stms: &mut Vec<HostStm>,
    ) {
        let mut at = 0;
        for op in ops {
            let k = op.neutral().len();
            let arrs = operands[at..at + k].to_vec();
            let outs = outs[at..at + k].to_vec();
            let mut inputs = self.op_inputs(&arrs, op.lambda(), op.neutral(), w);
            if let SubExp::Var(n) = segs {
                if !inputs.contains(&n) {
                    inputs.push(n);
                }
            }
            let segs = Some(segs);
            let (name, kind) = match op {
                Op::Red(red) => (
                    "segred",
                    KernelKind::SegRed {
                        w,
                        segs,
                        arrs,
                        map: None,
                        red: (*red).clone(),
                    },
                ),
                Op::Scan(scan) => (
                    "segscan",
                    KernelKind::SegScan {
                        w,
                        segs,
                        arrs,
                        scan: (*scan).clone(),
                    },
                ),
            };
            let kernel = self.add_kernel(name, inputs, kind);
            if at > 0 {
                self.kernels[kernel].part_of = Some(chain);
            }
            stms.extend(outs.iter().map(|v| HostStm::Alloc(*v)));
            stms.push(HostStm::Launch {
                kernel,
                pat: Pat {
                    ctx: Vec::new(),
                    vals: outs,
                },
            });
            at += k;
        }
    }

    /// The outer map's arrays themselves, when the rows are the operands
    /// as they are (nothing computed before or in the inner map).
    fn rows_as_operands(
        &self,
        outer: &Screma,
        before: &[Stm],
        inner: &Screma,
    ) -> Option<Vec<VarId>> {
        if !before.is_empty() || !inner.map.body.stms.is_empty() {
            return None;
        }
        inner
            .map
            .body
            .result
            .iter()
            .map(|r| {
                let j = inner.map.params.iter().position(|p| Some(*p) == r.var())?;
                let k = outer.map.params.iter().position(|p| *p == inner.arrs[j])?;
                (self.core.ty(outer.arrs[k]).rank() == 2).then_some(outer.arrs[k])
            })
            .collect()
    }

    /// Fresh `[n][m]` arrays of the operands and the kernel computing
    /// them (the inner SOAC's mapped results, beside the operands, go
    /// straight into the statement's arrays): the outer map with the inner SOAC's map in its
    /// place, flattened to a thread per element where it can be.
    fn segment_operands(
        &mut self,
        s: &Stm,
        outer: &Screma,
        before: &[Stm],
        inner: &Screma,
        chain: &'static [&'static str],
        stms: &mut Vec<HostStm>,
    ) -> Vec<VarId> {
        let n_ops: usize = (inner.reds.iter().map(|r| r.neutral.len()))
            .chain(inner.scans.iter().map(|x| x.neutral.len()))
            .sum();
        let mapped = &s.pat.vals[n_ops..];
        let rows: Vec<VarId> = inner
            .map
            .ret
            .iter()
            .map(|t| self.new_var("op_row", t.with_outer(inner.w)))
            .collect();
        let temps: Vec<VarId> = inner
            .map
            .ret
            .iter()
            .enumerate()
            .map(|(k, t)| match k.checked_sub(n_ops) {
                Some(j) => mapped[j],
                None => self.new_var("op", t.with_outer(inner.w).with_outer(outer.w)),
            })
            .collect();
        let mut body_stms = before.to_vec();
        body_stms.push(Stm {
            pat: Pat {
                ctx: Vec::new(),
                vals: rows.clone(),
            },
            exp: Exp::Screma(Box::new(Screma {
                w: inner.w,
                arrs: inner.arrs.clone(),
                scans: Vec::new(),
                reds: Vec::new(),
                map: inner.map.clone(),
                post: None,
                attrs: inner.attrs.clone(),
            })),
            loc: s.loc.clone(),
        });
        let map = Lambda {
            params: outer.map.params.clone(),
            body: runic_core::ir::Body {
                stms: body_stms,
                result: rows.iter().map(|v| SubExp::Var(*v)).collect(),
            },
            ret: inner
                .map
                .ret
                .iter()
                .map(|t: &Type| t.with_outer(inner.w))
                .collect(),
        };
        let sc = Screma {
            w: outer.w,
            arrs: outer.arrs.clone(),
            scans: Vec::new(),
            reds: Vec::new(),
            map,
            post: None,
            attrs: outer.attrs.clone(),
        };
        let stm = Stm {
            pat: Pat {
                ctx: Vec::new(),
                vals: temps.clone(),
            },
            exp: Exp::Screma(Box::new(sc.clone())),
            loc: s.loc.clone(),
        };
        let first = self.kernels.len();
        match self.flatten_nest(&stm, &sc) {
            Some(launch) => stms.extend(launch),
            None => stms.extend(self.seg_map(sc.w, &sc.arrs, &sc.map, &temps, None)),
        }
        for k in &mut self.kernels[first..] {
            k.part_of = Some(chain);
        }
        temps
    }
}

impl Extractor {
    /// A segmented reduction of one operator whose operands a SegMap over
    /// the `[n][m]` elements computed (the last two kernels, from
    /// `first`): the SegMap's lambda becomes the reduction's map, run by
    /// the thread that folds the element, and the operands are never
    /// built. The fused kernel takes the SegMap's place.
    fn fuse_operands(&mut self, first: usize, stms: &mut Vec<HostStm>) {
        if self.kernels.len() != first + 2 {
            return;
        }
        let (map_k, red_k) = (&self.kernels[first], &self.kernels[first + 1]);
        let KernelKind::SegMap {
            space,
            arrs: map_arrs,
            lambda,
        } = &map_k.kind
        else {
            return;
        };
        let KernelKind::SegRed {
            w,
            segs: Some(segs),
            arrs: temps,
            map: None,
            red,
        } = &red_k.kind
        else {
            return;
        };
        // (Deeper nests number their segments as the product of the
        // outer widths, computed from the same nest.)
        let fits = !map_k.intra
            && space.len() >= 2
            && (space.len() > 2 || space[0].1 == *segs)
            && space[space.len() - 1].1 == *w
            && map_arrs.is_empty()
            && lambda.params.is_empty()
            && lambda.ret.iter().all(|t| t.rank() == 0)
            && super::redomap::scalar_thread_body(&self.core, &lambda.body);
        let launched = |k: usize, vals: &[VarId]| {
            stms.iter().any(|s| matches!(s, HostStm::Launch { kernel, pat } if *kernel == k && pat.vals == vals))
        };
        if !fits || !launched(first, temps) {
            return;
        }
        let temps = temps.clone();
        let mut inputs = red_k.inputs.clone();
        for v in &map_k.inputs {
            if !inputs.contains(v) && !temps.contains(v) {
                inputs.push(*v);
            }
        }
        inputs.retain(|v| !temps.contains(v));
        let fused = crate::ir::Kernel {
            name: format!("segred_{first}"),
            inputs,
            kind: KernelKind::SegRed {
                w: *w,
                segs: Some(*segs),
                arrs: Vec::new(),
                map: Some(PreMap {
                    space: space.clone(),
                    lambda: lambda.clone(),
                }),
                red: red.clone(),
            },
            part_of: red_k.part_of,
            intra: false,
            tile: None,
        };
        self.kernels.truncate(first);
        self.kernels.push(fused);
        stms.retain(|s| match s {
            HostStm::Alloc(v) => !temps.contains(v),
            HostStm::Launch { kernel, .. } => *kernel != first,
            _ => true,
        });
        for s in stms.iter_mut() {
            if let HostStm::Launch { kernel, .. } = s {
                if *kernel == first + 1 {
                    *kernel = first;
                }
            }
        }
    }

    /// The kernels of a perfect nest of maps whose innermost lambda ends
    /// in a reduction or scan: the operands computed by one flattened
    /// SegMap over the whole nest, then segmented operations over the
    /// product of the nest's widths (rows laid out one after another as
    /// in the nest's arrays).
    fn segmented_nest(&mut self, s: &Stm, outer: &Screma) -> Option<Vec<HostStm>> {
        let mut levels: Vec<Level> = Vec::new();
        let mut bound: BTreeSet<VarId> = BTreeSet::new();
        let (mut w, mut arrs, mut l) = (outer.w, &outer.arrs[..], &outer.map);
        let binds = |stms: &[Stm]| -> Vec<VarId> {
            stms.iter()
                .flat_map(|b| b.pat.ctx.iter().chain(&b.pat.vals).copied())
                .collect()
        };
        while let Some(inner) = {
            bound.extend(l.params.iter().copied());
            self.nested_map(l, &bound)
        } {
            let before = &l.body.stms[..l.body.stms.len() - 1];
            bound.extend(binds(before));
            levels.push((w, &l.params, arrs, before));
            (w, arrs, l) = (inner.w, &inner.arrs[..], &inner.map);
        }
        let (last, before) = l.body.stms.split_last()?;
        let Exp::Screma(inner) = &last.exp else {
            return None;
        };
        bound.extend(binds(before));
        levels.push((w, &l.params, arrs, before));
        let ops: Vec<Op> = inner
            .reds
            .iter()
            .map(Op::Red)
            .chain(inner.scans.iter().map(Op::Scan))
            .collect();
        let n_ops: usize = ops.iter().map(|op| op.neutral().len()).sum();
        let outside = |x: &SubExp| x.var().is_none_or(|v| !bound.contains(&v));
        let ok = (inner.reds.is_empty() != inner.scans.is_empty())
            && inner.post.is_none()
            && inner.map.ret.len() == n_ops
            && inner.map.ret.iter().all(|t| t.rank() == 0)
            && last.pat.ctx.is_empty()
            && l.body
                .result
                .iter()
                .map(|r| r.var())
                .eq(last.pat.vals.iter().map(|v| Some(*v)))
            && before.iter().all(|b| cheap(&b.exp))
            && outside(&inner.w)
            && ops.iter().all(|op| {
                simple_op(&self.core, op.lambda())
                    && op.neutral().iter().all(outside)
                    && free::of_lambda(&self.core, op.lambda())
                        .iter()
                        .all(|v| !bound.contains(v))
            });
        if !ok {
            return None;
        }
        let chain: &'static [&'static str] = if inner.reds.is_empty() {
            &["SegScan"]
        } else {
            &["SegRed"]
        };
        let mut stms = Vec::new();
        let widths: Vec<SubExp> = levels.iter().map(|l| l.0).collect();
        let segs = self.product(&widths, &mut stms);
        // The operands: the nest with the inner SOAC's map in its place.
        let mut ret: Vec<Type> = inner
            .map
            .ret
            .iter()
            .map(|t| t.with_outer(inner.w))
            .collect();
        let mut vals: Vec<VarId> = ret
            .iter()
            .map(|t| self.new_var("op_row", t.clone()))
            .collect();
        let mut stm_exp = Exp::Screma(Box::new(Screma {
            w: inner.w,
            arrs: inner.arrs.clone(),
            scans: Vec::new(),
            reds: Vec::new(),
            map: inner.map.clone(),
            post: None,
            attrs: inner.attrs.clone(),
        }));
        for (w, params, arrs, before) in levels.iter().rev() {
            let mut body_stms = before.to_vec();
            body_stms.push(Stm {
                pat: Pat {
                    ctx: Vec::new(),
                    vals: vals.clone(),
                },
                exp: stm_exp,
                loc: s.loc.clone(),
            });
            let lambda = Lambda {
                params: params.to_vec(),
                body: runic_core::ir::Body {
                    stms: body_stms,
                    result: vals.iter().map(|v| SubExp::Var(*v)).collect(),
                },
                ret: ret.clone(),
            };
            ret = ret.iter().map(|t| t.with_outer(*w)).collect();
            vals = ret.iter().map(|t| self.new_var("op", t.clone())).collect();
            stm_exp = Exp::Screma(Box::new(Screma {
                w: *w,
                arrs: arrs.to_vec(),
                scans: Vec::new(),
                reds: Vec::new(),
                map: lambda,
                post: None,
                attrs: outer.attrs.clone(),
            }));
        }
        let Exp::Screma(sc) = &stm_exp else {
            unreachable!("the nest is a map")
        };
        let sc = sc.as_ref().clone();
        let stm = Stm {
            pat: Pat {
                ctx: Vec::new(),
                vals: vals.clone(),
            },
            exp: stm_exp,
            loc: s.loc.clone(),
        };
        let first = self.kernels.len();
        stms.extend(self.outer_map(&stm, &sc));
        for k in &mut self.kernels[first..] {
            k.part_of = Some(chain);
        }
        self.seg_ops(&s.pat.vals, &ops, vals, inner.w, segs, chain, &mut stms);
        self.fuse_operands(first, &mut stms);
        Some(stms)
    }
}

/// One operator of the inner SOAC.
pub(super) enum Op<'a> {
    Red(&'a Reduce),
    Scan(&'a Scan),
}

impl Op<'_> {
    fn lambda(&self) -> &Lambda {
        match self {
            Op::Red(r) => &r.lambda,
            Op::Scan(x) => &x.lambda,
        }
    }

    fn neutral(&self) -> &[SubExp] {
        match self {
            Op::Red(r) => &r.neutral,
            Op::Scan(x) => &x.neutral,
        }
    }
}
