//! Map distribution around a segmented operation: a map whose lambda
//! computes a reduction or scan over a row and then some scalar code on
//! its result,
//!
//! ```text
//! map (\i -> let s = reduce (+) 0 xss[i] in s * 2 + ys[i]) is
//! ```
//!
//! is split in two maps: one ending in the reduction (a segmented
//! operation), then one running the rest over the reductions' results
//! (the cheap statements before the reduction rerun there as needed).

use runic_core::ir::{Body, Exp, Lambda, Pat, Screma, Stm, SubExp, VarId};

use super::{cheap, Extractor};
use crate::free;
use crate::ir::HostStm;

impl Extractor {
    /// The kernels of a map distributed around the last SOAC of its
    /// lambda, when that is a segmented operation and what follows it is
    /// scalar code (at the innermost level of a nest of maps); `None`
    /// otherwise.
    pub(super) fn distributed(&mut self, s: &Stm, outer: &Screma) -> Option<Vec<HostStm>> {
        let (first_sc, temps, rest_sc) = self.fission(outer)?;
        let first = Stm {
            pat: Pat {
                ctx: Vec::new(),
                vals: temps,
            },
            exp: Exp::Screma(Box::new(first_sc.clone())),
            loc: s.loc.clone(),
        };
        let mut stms = self.segmented(&first, &first_sc)?;
        let rest = Stm {
            pat: s.pat.clone(),
            exp: Exp::Screma(Box::new(rest_sc.clone())),
            loc: s.loc.clone(),
        };
        stms.extend(self.outer_map(&rest, &rest_sc));
        Some(stms)
    }

    /// A map split in two after the segmented operation its lambda ends
    /// in (or that a map ending its lambda splits around, level by
    /// level): the map ending in the operation, the fresh arrays of its
    /// results, and the map running the rest over the rows of its inputs
    /// and of those arrays. The cheap statements before the operation
    /// run in both.
    fn fission(&mut self, outer: &Screma) -> Option<(Screma, Vec<VarId>, Screma)> {
        let l = &outer.map;
        let k = l
            .body
            .stms
            .iter()
            .rposition(|t| matches!(t.exp, Exp::Screma(_)))?;
        let (before, rest) = l.body.stms.split_at(k);
        let (inner_stm, after) = rest.split_first()?;
        let Exp::Screma(inner) = &inner_stm.exp else {
            return None;
        };
        if !inner_stm.pat.ctx.is_empty()
            || outer.post.is_some()
            || !outer.reds.is_empty()
            || !outer.scans.is_empty()
            || !before.iter().all(|b| cheap(&b.exp))
            || !after.iter().all(|b| {
                (cheap(&b.exp) || self.row_update(l, after, &b.exp)) && !free::has_soac(&b.exp)
            })
        {
            return None;
        }
        // The inner statement of the first map, its results there, and
        // what takes its place in the second.
        let (first_inner, results, rest_inner) =
            if !inner.reds.is_empty() || !inner.scans.is_empty() {
                if after.is_empty() {
                    return None;
                }
                (inner_stm.clone(), inner_stm.pat.vals.clone(), None)
            } else {
                let (inner_first, inner_temps, inner_rest) = self.fission(inner)?;
                let first_inner = Stm {
                    pat: Pat {
                        ctx: Vec::new(),
                        vals: inner_temps.clone(),
                    },
                    exp: Exp::Screma(Box::new(inner_first)),
                    loc: inner_stm.loc.clone(),
                };
                let rest_inner = Stm {
                    pat: inner_stm.pat.clone(),
                    exp: Exp::Screma(Box::new(inner_rest)),
                    loc: inner_stm.loc.clone(),
                };
                (first_inner, inner_temps, Some(rest_inner))
            };
        let temps: Vec<VarId> = results
            .iter()
            .map(|v| {
                let t = self.core.ty(*v).with_outer(outer.w);
                self.new_var("seg_res", t)
            })
            .collect();
        let mut first_stms = before.to_vec();
        first_stms.push(first_inner);
        let first_sc = Screma {
            map: Lambda {
                params: l.params.clone(),
                body: Body {
                    stms: first_stms,
                    result: results.iter().map(|v| SubExp::Var(*v)).collect(),
                },
                ret: results.iter().map(|v| self.core.ty(*v).clone()).collect(),
            },
            ..outer.clone()
        };
        let mut params = l.params.clone();
        params.extend(results.iter().copied());
        let mut arrs = outer.arrs.clone();
        arrs.extend(temps.iter().copied());
        let mut rest_stms = before.to_vec();
        rest_stms.extend(rest_inner);
        rest_stms.extend(after.iter().cloned());
        let rest_sc = Screma {
            w: outer.w,
            arrs,
            scans: Vec::new(),
            reds: Vec::new(),
            map: Lambda {
                params,
                body: Body {
                    stms: rest_stms,
                    result: l.body.result.clone(),
                },
                ret: l.ret.clone(),
            },
            post: None,
            attrs: outer.attrs.clone(),
        };
        Some((first_sc, temps, rest_sc))
    }
}

impl Extractor {
    /// Whether an expression after the operation is a single-element
    /// update in place of a row the lambda takes (a row of its own input,
    /// which the map after the operation takes in turn) or of an array
    /// bound after the operation.
    fn row_update(&self, l: &Lambda, after: &[Stm], e: &Exp) -> bool {
        let Exp::Update(a, idx, v) = e else {
            return false;
        };
        let own = l.params.contains(a) || after.iter().any(|t| t.pat.vals.contains(a));
        own && self.core.subexp_type(*v).rank() == 0
            && idx.len() == self.core.ty(*a).rank()
            && idx
                .iter()
                .all(|i| matches!(i, runic_core::ir::DimIndex::Fix(_)))
    }
}
