//! Interchanging a scan or reduction whose operator maps a scalar
//! operator over rows (Futhark's ISWIM and IRWIM):
//!
//! ```text
//! scan (map2 (+)) (replicate k 0) xss          -- xss: [n][k]
//! map (scan (map2 (+)) (replicate k 0)) xsss   -- xsss: [m][n][k]
//! ```
//!
//! scan each column: the rows are transposed (`[k][n]`, `[m][k][n]`), a
//! segmented scan with the scalar operator runs over every column, and the
//! result is transposed back. A reduction's result is the segmented
//! reduction's (`[k]`, `[m][k]`) as it is. The neutral element must be a
//! replicated scalar (each column's is that scalar).

use runic_core::ir::{Exp, Lambda, Pat, Reduce, Scan, Screma, Stm, SubExp, Type, VarId};

use super::segmented::Op;
use super::{simple_op, Extractor};
use crate::ir::HostStm;

/// The scalar operator of a scan or reduction operator over rows.
struct RowOp {
    lambda: Lambda,
    neutral: SubExp,
}

impl Extractor {
    /// The kernels of a scan or reduction over rows with an operator
    /// mapping a scalar one, or of a map of one over rows of its rows.
    pub(super) fn interchanged(&mut self, s: &Stm, sc: &Screma) -> Option<Vec<HostStm>> {
        if sc.scans.is_empty() && sc.reds.is_empty() {
            // A map whose lambda is exactly such a scan or reduction of
            // its one row.
            let l = &sc.map;
            let ([stm], [arr], [p]) = (&l.body.stms[..], &sc.arrs[..], &l.params[..]) else {
                return None;
            };
            let Exp::Screma(inner) = &stm.exp else {
                return None;
            };
            let results_are_inner = l.body.result.iter().map(|r| r.var()).eq(stm
                .pat
                .vals
                .iter()
                .map(|v| Some(*v)));
            if !results_are_inner || inner.arrs[..] != [*p] {
                return None;
            }
            return self.interchange(s, inner, *arr, 1, sc.w);
        }
        let [arr] = sc.arrs[..] else { return None };
        self.interchange(s, sc, arr, 0, SubExp::i64(1))
    }

    /// `sc` over the rows of dimension `outer` of `arr` (`outer` map
    /// dimensions before it, of `segs_out` points in all).
    fn interchange(
        &mut self,
        s: &Stm,
        sc: &Screma,
        arr: VarId,
        outer: usize,
        segs_out: SubExp,
    ) -> Option<Vec<HostStm>> {
        let t = self.core.ty(arr).clone();
        if t.rank() != outer + 2
            || sc.post.is_some()
            || sc.scans.len() + sc.reds.len() != 1
            || !passes_row(&sc.map)
        {
            return None;
        }
        let (n, k) = (t.dims[outer], t.dims[outer + 1]);
        let (lambda, neutral) = match (sc.scans.first(), sc.reds.first()) {
            (Some(x), None) => (&x.lambda, &x.neutral),
            (None, Some(r)) => (&r.lambda, &r.neutral),
            _ => return None,
        };
        let row_op = self.row_op(lambda, neutral, k)?;
        let mut stms = Vec::new();
        // The columns as rows.
        let mut perm: Vec<usize> = (0..outer).collect();
        perm.extend([outer + 1, outer]);
        let mut dims = t.dims[..outer].to_vec();
        dims.extend([k, n]);
        let cols = self.new_var("columns", Type::array(t.prim, dims.clone()));
        stms.extend(self.array_op(&assign(cols, Exp::Rearrange(perm.clone(), arr)))?);
        let segs = if outer == 0 {
            k
        } else {
            self.product(&[segs_out, k], &mut stms)
        };
        let op = match (sc.scans.first(), sc.reds.first()) {
            (Some(_), _) => Scan {
                lambda: row_op.lambda,
                neutral: vec![row_op.neutral],
            },
            (None, Some(r)) => {
                let red = Reduce {
                    commutative: r.commutative,
                    lambda: row_op.lambda,
                    neutral: vec![row_op.neutral],
                };
                self.seg_ops(
                    &s.pat.vals,
                    &[Op::Red(&red)],
                    vec![cols],
                    n,
                    segs,
                    &["SegRed"],
                    &mut stms,
                );
                return Some(stms);
            }
            _ => return None,
        };
        let scanned = self.new_var("scanned", Type::array(t.prim, dims));
        self.seg_ops(
            &[scanned],
            &[Op::Scan(&op)],
            vec![cols],
            n,
            segs,
            &["SegScan"],
            &mut stms,
        );
        stms.extend(self.array_op(&assign(s.pat.vals[0], Exp::Rearrange(perm, scanned)))?);
        Some(stms)
    }

    /// The scalar operator and neutral element of an operator that maps
    /// a scalar operator over two rows of `k` elements, its neutral
    /// element a replicated scalar.
    fn row_op(&self, l: &Lambda, neutral: &[SubExp], k: SubExp) -> Option<RowOp> {
        let ([x, y], [stm], [ne]) = (&l.params[..], &l.body.stms[..], neutral) else {
            return None;
        };
        let Exp::Screma(m) = &stm.exp else {
            return None;
        };
        let f = &m.map;
        let ok = m.scans.is_empty()
            && m.reds.is_empty()
            && m.post.is_none()
            && m.w.same(k)
            && m.arrs[..] == [*x, *y]
            && l.body.result.len() == 1
            && l.body.result[0].var() == stm.pat.vals.first().copied()
            && f.ret.len() == 1
            && simple_op(&self.core, f);
        if !ok {
            return None;
        }
        let (width, value) = *self.replicates.get(&ne.var()?)?;
        (width.same(k) && self.core.subexp_type(value).rank() == 0).then(|| RowOp {
            lambda: f.clone(),
            neutral: value,
        })
    }
}

/// Whether a map lambda only passes its one row on.
fn passes_row(l: &Lambda) -> bool {
    l.body.stms.is_empty()
        && l.params.len() == 1
        && l.body.result.len() == 1
        && l.body.result[0].var() == Some(l.params[0])
}

/// `v = e`.
fn assign(v: VarId, e: Exp) -> Stm {
    Stm {
        pat: Pat {
            ctx: Vec::new(),
            vals: vec![v],
        },
        exp: e,
        loc: None,
    }
}
