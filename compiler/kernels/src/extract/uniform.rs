//! The irregular rule's form (`irregular.rs`) where the inner width is
//! one the host knows: `map (\x -> S; let r = redomap op ne f arrs; T)`
//! with `S` and `T` scalar statements and `ne` perhaps computed by `S`
//! (a different neutral element per segment, each neutral in value).
//!
//! After step 1 (`S`'s values into arrays), the segments are regular: a
//! SegMap over the `[w][k]` space computes the operands (part of the
//! reduction), one segmented SegRed reduces each row with the
//! reductions' operators lifted over a tag (`flatidx::flagged`: its
//! identity needs no neutral element of the segment), and a SegMap over
//! the outer elements takes the reduced values (`ne` where the row is
//! empty), then runs `T`.

use runic_core::ir::{Body, DimIndex, Exp, Lambda, Reduce, Screma, Stm, SubExp, Type, VarId};
use runic_eval::prim::BinOp;
use runic_sema::types::PrimType;

use super::flatidx::{flagged, i64t, launch, TAG_CONT, TAG_NONE};
use super::irregular::Nest;
use super::versions::scalar;
use super::Extractor;
use crate::ir::{HostStm, KernelKind};

/// What step 1 gave: the segment values kept in arrays, where each value
/// of a segment is (an outer array or a kept array), and those the mapped
/// function reads.
pub(super) struct Segments<'a> {
    pub kept: &'a [VarId],
    pub kept_arrs: &'a [VarId],
    pub source: &'a [(VarId, VarId)],
    pub flat_free: &'a [VarId],
}

impl Extractor {
    /// Steps 2 and 3 of the module's comment, after the statements of
    /// step 1 (`stms`).
    pub(super) fn uniform_red(
        &mut self,
        s: &Stm,
        sc: &Screma,
        nest: &Nest,
        segs: &Segments,
        mut stms: Vec<HostStm>,
    ) -> Vec<HostStm> {
        let (w, k) = (sc.w, nest.inner.w);
        let (i, j) = (self.new_var("seg", i64t()), self.new_var("in_seg", i64t()));
        let mut body: Vec<Stm> = Vec::new();
        for v in segs.flat_free {
            let arr = segs
                .source
                .iter()
                .find(|(x, _)| x == v)
                .expect("a segment value")
                .1;
            body.push(self.segment_value(*v, arr, i));
        }
        let map = &nest.inner.map;
        for (p, a) in map.params.iter().zip(&nest.inner.arrs) {
            body.push(if nest.ranges.contains(a) || self.is_virtual(*a) {
                Stm::copy(*p, SubExp::Var(j))
            } else {
                Stm::single(*p, Exp::Index(*a, vec![DimIndex::Fix(SubExp::Var(j))]))
            });
        }
        body.extend(map.body.stms.iter().cloned());
        let mut ret = vec![i64t()];
        ret.extend(map.ret.iter().cloned());
        let mut result = vec![SubExp::i64(TAG_CONT)];
        result.extend(map.body.result.iter().copied());
        let lambda = Lambda {
            params: Vec::new(),
            body: Body { stms: body, result },
            ret: ret.clone(),
        };
        let operands: Vec<VarId> = ret
            .iter()
            .map(|t| self.new_var("seg_op", Type::array(t.prim, vec![w, k])))
            .collect();
        stms.extend(self.space_map("segmap", vec![(i, w), (j, k)], lambda, &operands));
        let at = self.kernels.len() - 1;
        self.kernels[at].part_of = Some(&["SegRed"]);
        let scan = flagged(self, &nest.inner.reds);
        let red = Reduce {
            commutative: nest.inner.reds.iter().all(|r| r.commutative),
            lambda: scan.lambda,
            neutral: scan.neutral,
        };
        let reduced = self.temporaries(w, &ret, "seg_red");
        let inputs = self.op_inputs(&operands, &red.lambda, &red.neutral, k);
        let kernel = self.add_kernel(
            "segred",
            inputs,
            KernelKind::SegRed {
                w: k,
                segs: Some(w),
                arrs: operands,
                map: None,
                red,
            },
        );
        stms.extend(reduced.iter().map(|v| HostStm::Alloc(*v)));
        stms.push(launch(kernel, reduced.clone()));
        let (lambda, arrs) = self.reduced_rows(sc, nest, segs, &reduced);
        stms.extend(self.seg_map(w, &arrs, &lambda, &s.pat.vals, None));
        stms
    }

    /// Step 3's lambda over rows of its arrays: the reduced values (the
    /// neutral elements where the tag says the row was empty), then `T`.
    fn reduced_rows(
        &mut self,
        sc: &Screma,
        nest: &Nest,
        segs: &Segments,
        reduced: &[VarId],
    ) -> (Lambda, Vec<VarId>) {
        let tag = self.new_var("tag", i64t());
        let empty = self.new_var("empty", Type::scalar(PrimType::Bool));
        let vals: Vec<VarId> = nest
            .reduced
            .iter()
            .map(|r| {
                let t = self.core.ty(*r).clone();
                self.new_var("reduced", t)
            })
            .collect();
        let mut params = sc.map.params.clone();
        params.push(tag);
        params.extend(&vals);
        params.extend(segs.kept.iter().copied());
        let mut arrs = sc.arrs.clone();
        arrs.extend(reduced.iter().copied());
        arrs.extend(segs.kept_arrs.iter().copied());
        let before = vec![scalar(
            empty,
            BinOp::Eq,
            SubExp::Var(tag),
            SubExp::i64(TAG_NONE),
        )];
        let else_body = Body {
            stms: Vec::new(),
            result: vals.iter().map(|v| SubExp::Var(*v)).collect(),
        };
        let lambda = nest.segment_lambda(sc, params, before, empty, else_body);
        (lambda, arrs)
    }
}
