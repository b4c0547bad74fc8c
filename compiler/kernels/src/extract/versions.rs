//! Incremental flattening: several versions of one parallel nest, chosen
//! on the host at run time by comparing the parallelism the outer levels
//! offer with a threshold.
//!
//! A map whose body holds enough inner parallelism (a reduction counts
//! twice, a scan once; Futhark's "worth sequentialising" measure) gets
//!
//! ```text
//! if w_1 * ... * w_k >= threshold
//! then a thread per point of the outer nest, the inner SOACs sequential
//! else the flattened version (segmented operations)
//! ```
//!
//! Both branches compute the same arrays, into fresh variables the
//! branch returns. The threshold has the default Futhark gives its
//! `suff_outer_par` parameters.

use runic_core::ir::{Body, Exp, Lambda, LoopForm, Pat, Screma, Stm, SubExp, Type, VarId};
use runic_eval::builtins::Builtin;
use runic_eval::prim::BinOp;
use runic_sema::types::PrimType;

use super::Extractor;
use crate::ir::{HostBody, HostStm};

/// The default of a sufficient-parallelism threshold.
const SUFF_OUTER_PAR: i64 = 32 * 1024;

/// How much nested parallelism of an interesting kind a body holds (maps
/// count what they hold, reductions two, other SOACs one, loops ten
/// times their bodies').
fn interest(b: &Body) -> usize {
    b.stms
        .iter()
        .map(|s| match &s.exp {
            Exp::Screma(sc) if sc.scans.is_empty() && sc.reds.is_empty() => interest(&sc.map.body),
            Exp::Screma(sc) => {
                let redomap = sc.scans.is_empty() && sc.post.is_none();
                1 + interest(&sc.map.body) + usize::from(redomap)
            }
            Exp::Loop {
                form: LoopForm::For { .. },
                body,
                ..
            } => interest(body) * 10,
            _ => 0,
        })
        .sum()
}

/// Whether the SOAC's attributes let it have the version running its
/// inner levels sequentially in each thread: `#[flattening(only_inner)]`
/// asks for the flattened one alone, `#[flattening(no_outer)]` for the
/// intra-group and flattened ones.
pub(super) fn versions_allowed(sc: &Screma) -> bool {
    !sc.attrs.flattening("only_inner") && !sc.attrs.flattening("no_outer")
}

/// Whether a map's lambda holds enough inner parallelism for a version
/// that runs it sequentially in each thread to be worth having.
pub(super) fn worth_sequentialising(l: &Lambda) -> bool {
    interest(&l.body) > 1
}

impl Extractor {
    /// A statement as a branch between the outer-parallel version
    /// (`seq`) and the flattened one (`par`), both built for a copy of
    /// the statement binding fresh variables; `None` when either cannot
    /// be built.
    pub(super) fn alternatives(
        &mut self,
        s: &Stm,
        widths: &[SubExp],
        seq: impl FnOnce(&mut Self, &Stm) -> Option<Vec<HostStm>>,
        par: impl FnOnce(&mut Self, &Stm) -> Option<Vec<HostStm>>,
    ) -> Option<Vec<HostStm>> {
        let (seq_stm, seq_vals) = self.renamed(s);
        let (par_stm, par_vals) = self.renamed(s);
        let first = self.kernels.len();
        let Some(seq_stms) = seq(self, &seq_stm) else {
            self.kernels.truncate(first);
            return None;
        };
        let Some(par_stms) = par(self, &par_stm) else {
            self.kernels.truncate(first);
            return None;
        };
        let mut stms = Vec::new();
        let cond = self.suff_par(widths, &mut stms);
        stms.push(HostStm::If {
            pat: s.pat.clone(),
            cond,
            then_body: HostBody {
                stms: seq_stms,
                result: seq_vals,
            },
            else_body: HostBody {
                stms: par_stms,
                result: par_vals,
            },
        });
        Some(stms)
    }

    /// The statement binding fresh variables of the same types, and
    /// those variables.
    pub(super) fn renamed(&mut self, s: &Stm) -> (Stm, Vec<SubExp>) {
        let vals: Vec<VarId> = s
            .pat
            .vals
            .iter()
            .map(|v| {
                let t = self.core.ty(*v).clone();
                self.new_var("alt", t)
            })
            .collect();
        let stm = Stm {
            pat: Pat {
                ctx: s.pat.ctx.clone(),
                vals: vals.clone(),
            },
            exp: s.exp.clone(),
            loc: s.loc.clone(),
        };
        (stm, vals.into_iter().map(SubExp::Var).collect())
    }

    /// Host statements comparing the product of the widths with the
    /// threshold; the boolean they bind.
    pub(super) fn suff_par(&mut self, widths: &[SubExp], stms: &mut Vec<HostStm>) -> SubExp {
        let prod = self.product(widths, stms);
        let cond = self.new_var("suff_outer_par", Type::scalar(PrimType::Bool));
        stms.push(HostStm::Scalar(scalar(
            cond,
            BinOp::Ge,
            prod,
            SubExp::i64(SUFF_OUTER_PAR),
        )));
        self.tunable("suff_outer_par", cond, prod, SUFF_OUTER_PAR);
        SubExp::Var(cond)
    }

    /// Records `cond = size >= default` as a tunable threshold of the
    /// function, numbered in the order they are made.
    pub(super) fn tunable(&mut self, kind: &str, cond: VarId, size: SubExp, default: i64) {
        let name = format!("{}.{kind}_{}", self.fun, self.thresholds.len());
        self.thresholds.push(crate::thresholds::Threshold {
            name,
            cond,
            size,
            default,
        });
    }

    /// Host statements multiplying the widths; their product.
    pub(super) fn product(&mut self, widths: &[SubExp], stms: &mut Vec<HostStm>) -> SubExp {
        let (first, rest) = widths.split_first().expect("a nest has a width");
        let mut prod = *first;
        for w in rest {
            let v = self.new_var("nest_size", Type::scalar(PrimType::I64));
            stms.push(HostStm::Scalar(scalar(v, BinOp::Mul, prod, *w)));
            prod = SubExp::Var(v);
        }
        prod
    }

    /// The widths of the perfect nest of maps a screma starts: its own,
    /// then those of the maps its lambda ends in.
    pub(super) fn nest_widths(&self, sc: &Screma) -> Vec<SubExp> {
        let mut ws = vec![sc.w];
        let mut l = &sc.map;
        let mut bound = std::collections::BTreeSet::new();
        loop {
            bound.extend(l.params.iter().copied());
            let Some(inner) = self.nested_map(l, &bound) else {
                return ws;
            };
            for b in &l.body.stms {
                bound.extend(b.pat.ctx.iter().chain(&b.pat.vals).copied());
            }
            ws.push(inner.w);
            l = &inner.map;
        }
    }
}

/// `dest = a op b`.
pub(super) fn scalar(dest: VarId, op: BinOp, a: SubExp, b: SubExp) -> Stm {
    Stm {
        pat: Pat {
            ctx: Vec::new(),
            vals: vec![dest],
        },
        exp: Exp::Scalar(Builtin::Bin(op), vec![a, b]),
        loc: None,
    }
}

/// Whether a screma of scans or of reductions (not both, no post
/// function) has inner parallelism in its map lambda, so that a version
/// computing the map part by itself (flattened in turn) is worth having
/// beside the one running the lambda sequentially in each thread.
pub(super) fn versionable_ops(sc: &Screma) -> bool {
    sc.post.is_none()
        && sc.scans.is_empty() != sc.reds.is_empty()
        && sc
            .map
            .body
            .stms
            .iter()
            .any(|s| crate::free::has_soac(&s.exp))
}

impl Extractor {
    /// A screma of scans or reductions as a map into fresh arrays (which
    /// extraction handles as any map: versioned or flattened), then the
    /// operators over those arrays.
    pub(super) fn split_screma(&mut self, s: &Stm, sc: &Screma) -> Option<Vec<HostStm>> {
        let n_ops: usize = sc
            .scans
            .iter()
            .map(|x| x.neutral.len())
            .chain(sc.reds.iter().map(|x| x.neutral.len()))
            .sum();
        let operands: Vec<VarId> = sc.map.ret[..n_ops]
            .iter()
            .map(|t| {
                let t = t.with_outer(sc.w);
                self.new_var("operand", t)
            })
            .collect();
        let mut map_vals = operands.clone();
        map_vals.extend_from_slice(&s.pat.vals[n_ops..]);
        let map_sc = Screma {
            w: sc.w,
            arrs: sc.arrs.clone(),
            scans: Vec::new(),
            reds: Vec::new(),
            map: sc.map.clone(),
            post: None,
            attrs: sc.attrs.clone(),
        };
        let map_stm = Stm {
            pat: Pat {
                ctx: Vec::new(),
                vals: map_vals,
            },
            exp: Exp::Screma(Box::new(map_sc.clone())),
            loc: s.loc.clone(),
        };
        let mut stms = self.screma(&map_stm, &map_sc)?;
        // The operators over the operands, a lambda passing them on.
        let params: Vec<VarId> = sc.map.ret[..n_ops]
            .iter()
            .map(|t| self.new_var("x", t.clone()))
            .collect();
        let ops_sc = Screma {
            w: sc.w,
            arrs: operands,
            scans: sc.scans.clone(),
            reds: sc.reds.clone(),
            map: Lambda {
                params: params.clone(),
                body: Body {
                    stms: Vec::new(),
                    result: params.iter().map(|p| SubExp::Var(*p)).collect(),
                },
                ret: sc.map.ret[..n_ops].to_vec(),
            },
            post: None,
            attrs: sc.attrs.clone(),
        };
        let ops_stm = Stm {
            pat: Pat {
                ctx: Vec::new(),
                vals: s.pat.vals[..n_ops].to_vec(),
            },
            exp: Exp::Screma(Box::new(ops_sc.clone())),
            loc: s.loc.clone(),
        };
        stms.extend(self.screma_ops(&ops_stm, &ops_sc)?);
        Some(stms)
    }
}
