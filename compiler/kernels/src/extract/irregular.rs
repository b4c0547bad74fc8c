//! Irregular nested parallelism flattened, as Futhark 0.28's flattening
//! does it: a map whose lambda reduces a range `iota n` of a size `n` it
//! computes itself (so the inner parallelism differs per element),
//!
//! ```text
//! map (\x -> S; let r = redomap op ne f (iota n); T) xs
//! ```
//!
//! (`S` and `T` scalar statements), becomes four steps over one flat
//! space of all the inner elements together:
//!
//! 1. a SegMap over the outer elements computing what later steps need
//!    of `S` (the sizes `n` among them) into arrays;
//! 2. the flat space of the sizes (`flatidx.rs`): each flat element's
//!    index in its segment (`segiota`), and its segment (`repiota`) where
//!    `f` reads values of its segment;
//! 3. a segmented SegScan of `f`'s results with the reductions' operators
//!    made flagged (`flatidx::flagged`), its operands (a tag saying where
//!    segments start, then `f`'s results) computed by a SegMap part of it;
//! 4. a SegMap over the outer elements taking each segment's last scanned
//!    values (`ne` for an empty segment) as `r`, then running `T`.
//!
//! A segment's values are read by index from the outer arrays (the
//! lambda's parameters) or from step 1's arrays.

use std::collections::BTreeSet;

use runic_core::ir::{Body, DimIndex, Exp, Lambda, Screma, Stm, SubExp, Type, VarId};
use runic_core::Program;
use runic_eval::prim::BinOp;
use runic_sema::types::PrimType;

use super::flatidx::{flagged, just, launch, select, TAG_CONT, TAG_START};
use super::versions::scalar;
use super::{simple_op, Extractor};
use crate::free::{self, Free};
use crate::ir::{HostStm, KernelKind};

/// The parts of a lambda `S; let r = redomap ... (iota n); T`.
pub(super) struct Nest<'a> {
    /// `S` without the iotas the reduction ranges over (`ranges`; its
    /// other arrays are the host's).
    pub before: Vec<Stm>,
    pub ranges: BTreeSet<VarId>,
    pub inner: &'a Screma,
    /// What the reduction binds.
    pub reduced: &'a [VarId],
    pub after: &'a [Stm],
}

impl Nest<'_> {
    /// The reductions' neutral elements.
    pub fn neutral(&self) -> Vec<SubExp> {
        self.inner
            .reds
            .iter()
            .flat_map(|r| r.neutral.clone())
            .collect()
    }

    /// The lambda of the last step over the outer elements: `before`,
    /// then the reduced values (the neutral elements where `empty`,
    /// else what `else_body` gives), then `T`.
    pub fn segment_lambda(
        &self,
        sc: &Screma,
        params: Vec<VarId>,
        mut stms: Vec<Stm>,
        empty: VarId,
        else_body: Body,
    ) -> Lambda {
        stms.push(Stm {
            pat: runic_core::ir::Pat {
                ctx: Vec::new(),
                vals: self.reduced.to_vec(),
            },
            exp: Exp::If {
                cond: SubExp::Var(empty),
                then_body: Body {
                    stms: Vec::new(),
                    result: self.neutral(),
                },
                else_body,
            },
            loc: None,
        });
        stms.extend(self.after.iter().cloned());
        Lambda {
            params,
            body: Body {
                stms,
                result: sc.map.body.result.clone(),
            },
            ret: sc.map.ret.clone(),
        }
    }
}

/// Whether a statement is scalar code a thread runs (no SOAC, no array
/// made).
fn scalar_stm(p: &Program, s: &Stm) -> bool {
    s.pat.ctx.is_empty()
        && s.pat.vals.iter().all(|v| p.ty(*v).rank() == 0)
        && !free::has_soac(&s.exp)
        && super::redomap::scalar_thread_body(
            p,
            &Body {
                stms: vec![s.clone()],
                result: Vec::new(),
            },
        )
}

/// The nest of a map lambda that reduces ranges of its own sizes.
fn analyse<'a>(p: &Program, l: &'a Lambda) -> Option<Nest<'a>> {
    let k = l.body.stms.iter().position(|s| free::has_soac(&s.exp))?;
    let red = &l.body.stms[k];
    let Exp::Screma(inner) = &red.exp else {
        return None;
    };
    let n_red: usize = inner.reds.iter().map(|r| r.neutral.len()).sum();
    let ops_ok = inner.scans.is_empty()
        && !inner.reds.is_empty()
        && inner.post.is_none()
        && red.pat.ctx.is_empty()
        && inner.map.ret.len() == n_red
        && inner.map.ret.iter().all(|t| t.rank() == 0)
        && inner.reds.iter().all(|r| simple_op(p, &r.lambda));
    if !ops_ok {
        return None;
    }
    let iotas: BTreeSet<VarId> = l.body.stms[..k]
        .iter()
        .filter(|s| matches!(s.exp, Exp::Iota(x) if x == inner.w))
        .map(|s| s.pat.vals[0])
        .filter(|a| inner.arrs.contains(a))
        .collect();
    let mut before = Vec::new();
    for s in &l.body.stms[..k] {
        match &s.exp {
            Exp::Iota(_) if iotas.contains(&s.pat.vals[0]) => {}
            _ if scalar_stm(p, s) => before.push(s.clone()),
            _ => return None,
        }
    }
    let after = &l.body.stms[k + 1..];
    if !after.iter().all(|s| scalar_stm(p, s)) {
        return None;
    }
    // Every array ranged over is such an iota, used nowhere else.
    let mut f = Free::default();
    f.lambda(p, &inner.map);
    for s in before.iter().chain(after) {
        f.stm(p, s);
    }
    for r in &l.body.result {
        if let SubExp::Var(v) = r {
            f.var(p, *v);
        }
    }
    // The other arrays are the host's (of a width the host knows).
    let inside = |a: &VarId| {
        l.params.contains(a)
            || l.body.stms[..k]
                .iter()
                .any(|s| s.pat.vals.contains(a) || s.pat.ctx.contains(a))
    };
    let others_ok = inner
        .arrs
        .iter()
        .all(|a| iotas.contains(a) || (!inside(a) && !p.ty(*a).dims.is_empty()));
    if !others_ok || iotas.iter().any(|a| f.used.contains(a)) {
        return None;
    }
    Some(Nest {
        ranges: iotas,
        before,
        inner,
        reduced: &red.pat.vals,
        after,
    })
}

impl Extractor {
    /// A map reducing ranges of sizes its lambda computes, flattened
    /// (the module's comment); `None` when it is not of that form.
    pub(super) fn irregular(&mut self, s: &Stm, sc: &Screma) -> Option<Vec<HostStm>> {
        let scalar = |t: &Type| t.rank() == 0;
        // `#[flattening(sequentialise_nonuniform)]` keeps such inner
        // parallelism sequential in each thread.
        if sc.attrs.flattening("sequentialise_nonuniform")
            || !sc.scans.is_empty()
            || !sc.reds.is_empty()
            || sc.post.is_some()
            || !s.pat.ctx.is_empty()
            || !sc.map.params.iter().all(|p| scalar(self.core.ty(*p)))
            || !sc.map.ret.iter().all(scalar)
        {
            return None;
        }
        let nest = analyse(&self.core, &sc.map)?;
        let params = &sc.map.params;
        let bound: BTreeSet<VarId> = nest
            .before
            .iter()
            .flat_map(|s| s.pat.vals.clone())
            .collect();
        let n = match nest.inner.w {
            SubExp::Var(n) if params.contains(&n) || bound.contains(&n) => Some(n),
            _ => None,
        };
        if n.is_some() && nest.inner.arrs.iter().any(|a| !nest.ranges.contains(a)) {
            return None;
        }
        // Operators reading values of a segment are not lifted here.
        let of_segment = |v: &VarId| params.contains(v) || bound.contains(v);
        let op_reads_segment = nest.inner.reds.iter().any(|r| {
            free::of_lambda(&self.core, &r.lambda)
                .iter()
                .any(of_segment)
        });
        if op_reads_segment {
            return None;
        }
        let mut stms = Vec::new();
        // Step 1: what the later steps need of `S`, and the sizes.
        let flat_free: Vec<VarId> = free::of_lambda(&self.core, &nest.inner.map)
            .into_iter()
            .filter(of_segment)
            .collect();
        let mut later = Free::default();
        for st in nest.after {
            later.stm(&self.core, st);
        }
        let neutral = nest.neutral();
        for x in sc.map.body.result.iter().chain(&neutral) {
            if let SubExp::Var(v) = x {
                later.var(&self.core, *v);
            }
        }
        let sizes_param = params.iter().position(|p| Some(*p) == n);
        let sizes_array = sizes_param
            .map(|i| sc.arrs[i])
            .filter(|a| !self.is_virtual(*a));
        let mut kept: Vec<VarId> = bound
            .iter()
            .copied()
            .filter(|v| flat_free.contains(v) || later.vars().contains(v))
            .collect();
        if let Some(n) = n.filter(|n| sizes_array.is_none() && !kept.contains(n)) {
            kept.push(n);
        }
        let kept_arrs = self.temporaries(sc.w, &self.types_of(&kept), "seg_val");
        let pre = Lambda {
            params: params.clone(),
            body: Body {
                stms: nest.before.clone(),
                result: kept.iter().map(|v| SubExp::Var(*v)).collect(),
            },
            ret: self.types_of(&kept),
        };
        stms.extend(self.seg_map(sc.w, &sc.arrs, &pre, &kept_arrs, None));
        // Where each value of a segment is: a row of an outer array or of
        // step 1's arrays.
        let mut source: Vec<(VarId, VarId)> = params.iter().copied().zip(sc.arrs.clone()).collect();
        source.extend(kept.iter().copied().zip(kept_arrs.iter().copied()));
        let Some(n) = n else {
            // A width the host knows: a regular segmented reduction.
            let segs = super::uniform::Segments {
                kept: &kept,
                kept_arrs: &kept_arrs,
                source: &source,
                flat_free: &flat_free,
            };
            return Some(self.uniform_red(s, sc, &nest, &segs, stms));
        };
        let ns =
            sizes_array.unwrap_or_else(|| kept_arrs[kept.iter().position(|v| *v == n).unwrap()]);
        // Step 2.
        let flat = self.flat_space(sc.w, ns, &mut stms);
        let elems = self.flat_iota(&flat, false, &mut stms);
        let segs = (!flat_free.is_empty()).then(|| self.flat_iota(&flat, true, &mut stms));
        // Step 3.
        let scanned = self.flat_scan(&nest, &flat, elems, segs, &flat_free, &source, &mut stms);
        // Step 4.
        let last = self.segment_results(sc, &nest, &flat, &scanned, &kept, &kept_arrs);
        stms.extend(self.seg_map(sc.w, &last.1, &last.0, &s.pat.vals, None));
        Some(stms)
    }

    fn types_of(&self, vs: &[VarId]) -> Vec<Type> {
        vs.iter().map(|v| self.core.ty(*v).clone()).collect()
    }

    /// The statement binding a value of a segment at index `seg`.
    pub(super) fn segment_value(&self, v: VarId, arr: VarId, seg: VarId) -> Stm {
        if self.is_virtual(arr) {
            Stm::copy(v, SubExp::Var(seg))
        } else {
            Stm::single(v, Exp::Index(arr, vec![DimIndex::Fix(SubExp::Var(seg))]))
        }
    }

    /// Step 3: the operands over the flat space and their segmented scan;
    /// the scanned arrays (tag first).
    #[allow(clippy::too_many_arguments)]
    fn flat_scan(
        &mut self,
        nest: &Nest,
        flat: &super::flatidx::Flat,
        elems: VarId,
        segs: Option<VarId>,
        flat_free: &[VarId],
        source: &[(VarId, VarId)],
        stms: &mut Vec<HostStm>,
    ) -> Vec<VarId> {
        let i64t = Type::scalar(PrimType::I64);
        let m = SubExp::Var(flat.m);
        let j = self.new_var("flat_i", i64t.clone());
        let (e, first, tag) = (
            self.new_var("in_seg", i64t.clone()),
            self.new_var("first", Type::scalar(PrimType::Bool)),
            self.new_var("tag", i64t.clone()),
        );
        let idx = |arr: VarId| Exp::Index(arr, vec![DimIndex::Fix(SubExp::Var(j))]);
        let mut body = vec![
            Stm::single(e, idx(elems)),
            scalar(first, BinOp::Eq, SubExp::Var(e), SubExp::i64(0)),
            select(
                tag,
                SubExp::Var(first),
                just(SubExp::i64(TAG_START)),
                just(SubExp::i64(TAG_CONT)),
            ),
        ];
        if let Some(segs) = segs {
            let seg = self.new_var("seg", i64t.clone());
            body.push(Stm::single(seg, idx(segs)));
            for v in flat_free {
                let arr = source
                    .iter()
                    .find(|(x, _)| x == v)
                    .expect("a segment value")
                    .1;
                body.push(self.segment_value(*v, arr, seg));
            }
        }
        let map = &nest.inner.map;
        body.extend(map.params.iter().map(|p| Stm::copy(*p, SubExp::Var(e))));
        body.extend(map.body.stms.iter().cloned());
        let mut ret = vec![i64t.clone()];
        ret.extend(map.ret.iter().cloned());
        let mut result = vec![SubExp::Var(tag)];
        result.extend(map.body.result.iter().copied());
        let lambda = Lambda {
            params: Vec::new(),
            body: Body { stms: body, result },
            ret: ret.clone(),
        };
        let operands = self.temporaries(m, &ret, "flat_op");
        stms.extend(self.space_map("segmap", vec![(j, m)], lambda, &operands));
        let k = self.kernels.len() - 1;
        self.kernels[k].part_of = Some(&["SegScan"]);
        let scan = flagged(self, &nest.inner.reds);
        let scanned = self.temporaries(m, &ret, "flat_scanned");
        let inputs = self.op_inputs(&operands, &scan.lambda, &scan.neutral, m);
        let kernel = self.add_kernel(
            "segscan",
            inputs,
            KernelKind::SegScan {
                w: m,
                segs: None,
                arrs: operands,
                scan,
            },
        );
        stms.extend(scanned.iter().map(|v| HostStm::Alloc(*v)));
        stms.push(launch(kernel, scanned.clone()));
        scanned
    }

    /// Step 4's lambda over rows of its arrays: each segment's reduced
    /// values from the scan's last element (the neutral elements when it
    /// is empty), then `T`.
    fn segment_results(
        &mut self,
        sc: &Screma,
        nest: &Nest,
        flat: &super::flatidx::Flat,
        scanned: &[VarId],
        kept: &[VarId],
        kept_arrs: &[VarId],
    ) -> (Lambda, Vec<VarId>) {
        let i64t = Type::scalar(PrimType::I64);
        let (n, end, empty, last) = (
            self.new_var("n", i64t.clone()),
            self.new_var("end", i64t.clone()),
            self.new_var("empty", Type::scalar(PrimType::Bool)),
            self.new_var("last", i64t),
        );
        let mut params = sc.map.params.clone();
        params.extend([n, end]);
        params.extend(kept.iter().copied());
        let mut arrs = sc.arrs.clone();
        arrs.extend([flat.ns, flat.ends]);
        arrs.extend(kept_arrs.iter().copied());
        // The reduced values are bound by a branch whose arms give them
        // as their results: the neutral elements, or the last elements
        // of the segment (read into fresh variables).
        let mut reads = Vec::new();
        let mut read = Vec::new();
        for (a, r) in scanned[1..].iter().zip(nest.reduced) {
            let fresh = self.new_var("seg_last", self.core.ty(*r).clone());
            reads.push(Stm::single(
                fresh,
                Exp::Index(*a, vec![DimIndex::Fix(SubExp::Var(last))]),
            ));
            read.push(SubExp::Var(fresh));
        }
        let before = vec![
            scalar(empty, BinOp::Eq, SubExp::Var(n), SubExp::i64(0)),
            scalar(last, BinOp::Sub, SubExp::Var(end), SubExp::i64(1)),
        ];
        let else_body = Body {
            stms: reads,
            result: read,
        };
        let lambda = nest.segment_lambda(sc, params, before, empty, else_body);
        (lambda, arrs)
    }
}
