//! Kernels that write into existing arrays: a histogram as a SegHist
//! (its bucket lambda's indices and values computed by a SegMap first,
//! part of it), a scatter as one SegScatter per round (Futhark's
//! `WithAcc` around a `SegMap`).

use runic_core::ir::{Pat, Stm, SubExp, VarId};

use super::{atomic_prim, simple_op, Extractor};
use crate::free::Free;
use crate::ir::{HostStm, KernelKind};

impl Extractor {
    pub(super) fn hist(&mut self, s: &Stm, h: &runic_core::ir::Hist) -> Option<Vec<HostStm>> {
        let ok = h.ops.iter().all(|op| {
            op.dests.len() == 1
                && self.core.ty(op.dests[0]).rank() == op.rank
                && atomic_prim(self.core.ty(op.dests[0]).prim)
                && simple_op(&self.core, &op.op)
        });
        if !ok {
            return None;
        }
        // The bucket lambda's results: the indices of every op (`rank`
        // each), then the values of every op (one each).
        let mut stms = Vec::new();
        let temps = self.materialise(h.w, &h.arrs, &h.bucket, "bucket", &["SegHist"], &mut stms);
        let n_idx: usize = h.ops.iter().map(|op| op.rank).sum();
        let mut at = 0;
        for (k, op) in h.ops.iter().enumerate() {
            let idxs = temps[at..at + op.rank].to_vec();
            let vals = vec![temps[n_idx + k]];
            at += op.rank;
            let mut inputs = self.op_inputs(&idxs, &op.op, &op.neutral, h.w);
            for v in vals.iter().chain(&op.dests) {
                if !inputs.contains(v) {
                    inputs.push(*v);
                }
            }
            let kernel = self.add_kernel(
                "seghist",
                inputs,
                KernelKind::SegHist {
                    w: h.w,
                    idxs,
                    vals,
                    op: op.clone(),
                },
            );
            if k > 0 {
                self.kernels[kernel].part_of = Some(&["SegHist"]);
            }
            stms.push(HostStm::Launch {
                kernel,
                pat: Pat {
                    ctx: Vec::new(),
                    vals: vec![s.pat.vals[k]],
                },
            });
        }
        Some(stms)
    }

    /// A scatter: a SegMap computing the indices and values (and the
    /// mapped results fusion gave it, straight into their arrays), then
    /// one SegScatter per round, each writing into the previous round's
    /// destinations.
    pub(super) fn scatter(
        &mut self,
        s: &Stm,
        sc: &runic_core::ir::Scatter,
    ) -> Option<Vec<HostStm>> {
        if !sc
            .dests
            .iter()
            .all(|(rank, d)| self.core.ty(*d).rank() == *rank)
        {
            return None;
        }
        let part_of: &'static [&'static str] = &["WithAcc", "SegMap"];
        let writes = sc.writes();
        let n_dests = sc.dests.len();
        let mut stms = Vec::new();
        let temps = if sc.lambda.ret.len() == writes {
            self.materialise(sc.w, &sc.arrs, &sc.lambda, "write", part_of, &mut stms)
        } else {
            let temps = self.temporaries(sc.w, &sc.lambda.ret[..writes], "write");
            let mut outs = temps.clone();
            outs.extend_from_slice(&s.pat.vals[n_dests..]);
            stms.extend(self.seg_map(sc.w, &sc.arrs, &sc.lambda, &outs, Some(part_of)));
            temps
        };
        let per_round: usize = sc.dests.iter().map(|(r, _)| *r).sum();
        let n_idx = sc.rounds * per_round;
        let mut dests: Vec<VarId> = sc.dests.iter().map(|(_, d)| *d).collect();
        for round in 0..sc.rounds {
            let mut idxs = Vec::new();
            let mut at = round * per_round;
            for (rank, _) in &sc.dests {
                idxs.push(temps[at..at + rank].to_vec());
                at += rank;
            }
            let first = n_idx + round * n_dests;
            let vals = temps[first..first + n_dests].to_vec();
            let outs: Vec<VarId> = if round + 1 == sc.rounds {
                s.pat.vals[..n_dests].to_vec()
            } else {
                dests
                    .iter()
                    .map(|d| {
                        let t = self.core.ty(*d).clone();
                        self.new_var("written", t)
                    })
                    .collect()
            };
            let mut f = Free::default();
            for v in idxs.iter().flatten().chain(&vals).chain(&dests) {
                f.var(&self.core, *v);
            }
            if let SubExp::Var(v) = sc.w {
                f.var(&self.core, v);
            }
            let kernel = self.add_kernel(
                "segscatter",
                f.vars(),
                KernelKind::SegScatter {
                    w: sc.w,
                    idxs,
                    vals,
                    dests: dests.clone(),
                },
            );
            if round > 0 {
                self.kernels[kernel].part_of = Some(part_of);
            }
            stms.push(HostStm::Launch {
                kernel,
                pat: Pat {
                    ctx: Vec::new(),
                    vals: outs.clone(),
                },
            });
            dests = outs;
        }
        Some(stms)
    }
}
