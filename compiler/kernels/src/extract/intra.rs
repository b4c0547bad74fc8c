//! Intra-block versions of a map (Futhark's intra-group parallelism): a
//! work-group per row of the map, whose threads run the parallel SOACs of
//! the row's computation together (`group.rs` says what runs at group
//! level), its intermediate arrays shared by the group.
//!
//! Incremental flattening keeps it as the middle one of three versions
//! when the map's body offers enough parallelism to a group
//! (`group::interest`):
//!
//! ```text
//! if outer widths >= suff_outer_par   (when sequentialising is worth it)
//! then a thread per row, the inner SOACs sequential
//! else if group size <= max group size && inner width >= suff_intra_par
//! then a work-group per row
//! else the flattened version
//! ```
//!
//! The group's size is the largest width of the group-level operations,
//! which must all be known before the launch (not computed in the row).

use std::collections::BTreeSet;

use runic_core::ir::{Screma, Stm, SubExp, Type, VarId};
use runic_eval::prim::BinOp;
use runic_sema::types::PrimType;

use super::Extractor;
use crate::group;
use crate::ir::{HostBody, HostStm};

/// The largest work-group an intra-block version is chosen for.
const MAX_GROUP: i64 = 256;
/// The default of the threshold on the inner parallelism an intra-block
/// version needs to be chosen (Futhark's `suff_intra_par`).
const SUFF_INTRA_PAR: i64 = 32;

impl Extractor {
    /// The widths of the group-level operations of a map's rows, when an
    /// intra-block version of it can be built.
    fn intra_widths(&self, sc: &Screma) -> Option<Vec<Vec<SubExp>>> {
        if !sc.scans.is_empty() || !sc.reds.is_empty() || sc.post.is_some() {
            return None;
        }
        if sc.arrs.iter().any(|a| self.core.ty(*a).rank() == 0) {
            return None;
        }
        let inside: BTreeSet<VarId> = sc.map.params.iter().copied().collect();
        let mut ws = Vec::new();
        for w in group::widths(&self.core, &sc.map.body, &inside)? {
            if !ws.contains(&w) {
                ws.push(w);
            }
        }
        (!ws.is_empty()).then_some(ws)
    }

    /// Whether a map gets an intra-block version by default.
    pub(super) fn worth_intra(&self, sc: &Screma) -> bool {
        group::interest(&sc.map.body) > 1 && self.intra_widths(sc).is_some()
    }

    /// The intra-block kernel of a map statement: a SegMap over its rows
    /// at work-group level.
    pub(super) fn intra_kernel(&mut self, s: &Stm, sc: &Screma) -> Option<Vec<HostStm>> {
        self.intra_widths(sc)?;
        let first = self.kernels.len();
        let stms = self.seg_map(sc.w, &sc.arrs, &sc.map, &s.pat.vals, None);
        for k in &mut self.kernels[first..] {
            k.intra = true;
        }
        Some(stms)
    }

    /// A map under `#[flattening(only_intra)]`: its intra-block kernel
    /// alone, or the flattened version where there is none.
    pub(super) fn only_intra(&mut self, s: &Stm, sc: &Screma) -> Option<Vec<HostStm>> {
        if let Some(stms) = self.intra_kernel(s, sc) {
            return Some(stms);
        }
        Some(
            self.segmented(s, sc)
                .or_else(|| self.distributed(s, sc))
                .or_else(|| self.interchanged(s, sc))
                .unwrap_or_else(|| self.outer_map(s, sc)),
        )
    }

    /// A map as its versions: a thread per row (`seq`, when worth it), a
    /// work-group per row, and the flattened one; `None` when there is no
    /// intra-block version to add.
    pub(super) fn intra_versions(
        &mut self,
        s: &Stm,
        sc: &Screma,
        seq: bool,
    ) -> Option<Vec<HostStm>> {
        let ws = self.intra_widths(sc)?;
        let widths = self.nest_widths(sc);
        let first = self.kernels.len();
        let seq_part = seq.then(|| {
            let (stm, vals) = self.renamed(s);
            (self.outer_map(&stm, sc), vals)
        });
        let (intra_stm, intra_vals) = self.renamed(s);
        let Some(intra_stms) = self.intra_kernel(&intra_stm, sc) else {
            self.kernels.truncate(first);
            return None;
        };
        let (par_stm, par_vals) = self.renamed(s);
        let par_stms = self
            .flattened(&par_stm, sc)
            .unwrap_or_else(|| self.outer_map(&par_stm, sc));
        let mut stms = Vec::new();
        let intra_ok = self.intra_ok(&ws, &mut stms);
        let mut inner = HostStm::If {
            pat: s.pat.clone(),
            cond: intra_ok,
            then_body: HostBody {
                stms: intra_stms,
                result: intra_vals,
            },
            else_body: HostBody {
                stms: par_stms,
                result: par_vals,
            },
        };
        if let Some((seq_stms, seq_vals)) = seq_part {
            let (inner_pat, inner_vals) = self.renamed_pat(s);
            if let HostStm::If { pat, .. } = &mut inner {
                *pat = inner_pat;
            }
            let mut else_stms = stms;
            else_stms.push(inner);
            let mut outer = Vec::new();
            let cond = self.suff_par(&widths, &mut outer);
            outer.push(HostStm::If {
                pat: s.pat.clone(),
                cond,
                then_body: HostBody {
                    stms: seq_stms,
                    result: seq_vals,
                },
                else_body: HostBody {
                    stms: else_stms,
                    result: inner_vals,
                },
            });
            return Some(outer);
        }
        stms.push(inner);
        Some(stms)
    }

    /// Fresh variables of the types of a statement's pattern.
    fn renamed_pat(&mut self, s: &Stm) -> (runic_core::ir::Pat, Vec<SubExp>) {
        let (stm, vals) = self.renamed(s);
        (stm.pat, vals)
    }

    /// Host statements deciding whether the intra-block version runs: the
    /// group (the largest width) fits a work-group and the smallest width
    /// offers enough parallelism.
    fn intra_ok(&mut self, ws: &[Vec<SubExp>], stms: &mut Vec<HostStm>) -> SubExp {
        let products: Vec<SubExp> = ws.iter().map(|w| self.product(w, stms)).collect();
        let size = self.fold(BinOp::Max, "computed_group_size", &products, stms);
        let avail = self.fold(BinOp::Min, "intra_avail_par", &products, stms);
        let fits = self.bin(BinOp::Le, "fits", size, SubExp::i64(MAX_GROUP), stms);
        let suff = self.bin(
            BinOp::Ge,
            "suff_intra_par",
            avail,
            SubExp::i64(SUFF_INTRA_PAR),
            stms,
        );
        if let SubExp::Var(cond) = suff {
            self.tunable("suff_intra_par", cond, avail, SUFF_INTRA_PAR);
        }
        self.bin(BinOp::And, "intra_suff_and_fits", fits, suff, stms)
    }

    fn fold(&mut self, op: BinOp, name: &str, xs: &[SubExp], stms: &mut Vec<HostStm>) -> SubExp {
        let (first, rest) = xs.split_first().expect("a group has a width");
        rest.iter()
            .fold(*first, |acc, x| self.bin(op, name, acc, *x, stms))
    }

    /// `name = a op b` on the host.
    fn bin(
        &mut self,
        op: BinOp,
        name: &str,
        a: SubExp,
        b: SubExp,
        stms: &mut Vec<HostStm>,
    ) -> SubExp {
        let prim = match op {
            BinOp::Le | BinOp::Ge | BinOp::And => PrimType::Bool,
            _ => PrimType::I64,
        };
        let v = self.new_var(name, Type::scalar(prim));
        stms.push(HostStm::Scalar(super::versions::scalar(v, op, a, b)));
        SubExp::Var(v)
    }
}
