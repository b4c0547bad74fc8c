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

use super::{cheap, simple_op, Extractor};
use crate::free;
use crate::ir::{HostStm, KernelKind};

impl Extractor {
    /// The kernels of a map that is a segmented reduction or scan, or
    /// `None` when it is not one.
    pub(super) fn segmented(&mut self, s: &Stm, outer: &Screma) -> Option<Vec<HostStm>> {
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
            || inner.map.ret.len() != n_ops
            || !last.pat.ctx.is_empty()
            || !results_are_inner
            || !before.iter().all(|b| cheap(&b.exp))
            || outer.arrs.iter().any(|a| self.core.ty(*a).rank() == 0)
            || inner.map.ret.iter().any(|t| t.rank() > 0)
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
        let operands = match self.rows_as_operands(outer, before, inner) {
            Some(arrs) => arrs,
            None => self.segment_operands(s, outer, before, inner, chain, &mut stms),
        };
        let mut at = 0;
        for op in ops {
            let k = op.neutral().len();
            let arrs = operands[at..at + k].to_vec();
            let outs = s.pat.vals[at..at + k].to_vec();
            let mut inputs = self.op_inputs(&arrs, op.lambda(), op.neutral(), inner.w);
            if let SubExp::Var(n) = outer.w {
                if !inputs.contains(&n) {
                    inputs.push(n);
                }
            }
            let (w, segs) = (inner.w, Some(outer.w));
            let (name, kind) = match op {
                Op::Red(red) => (
                    "segred",
                    KernelKind::SegRed {
                        w,
                        segs,
                        arrs,
                        red: red.clone(),
                    },
                ),
                Op::Scan(scan) => (
                    "segscan",
                    KernelKind::SegScan {
                        w,
                        segs,
                        arrs,
                        scan: scan.clone(),
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
        Some(stms)
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
    /// them: the outer map with the inner SOAC's map in its place,
    /// flattened to a thread per element where it can be.
    fn segment_operands(
        &mut self,
        s: &Stm,
        outer: &Screma,
        before: &[Stm],
        inner: &Screma,
        chain: &'static [&'static str],
        stms: &mut Vec<HostStm>,
    ) -> Vec<VarId> {
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
            .map(|t| self.new_var("op", t.with_outer(inner.w).with_outer(outer.w)))
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

/// One operator of the inner SOAC.
enum Op<'a> {
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
