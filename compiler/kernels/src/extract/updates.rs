//! Map distribution at a write into an array a row builds: a map whose
//! lambda updates in place (`xs with [i:j] = vs`) or scatters into an
//! array it made itself,
//!
//! ```text
//! map (\i j -> reduce (+) 0 (iota 8 with [i:j] = iota 5)) is js
//! ```
//!
//! is split at the write, as Futhark's flattening does:
//!
//! 1. a map running the statements before the write, giving the arrays
//!    written into (`[n][8]`) and whatever the rest uses, as rows;
//! 2. the write over all rows at once: a scatter over the flat space of
//!    rows times written elements into the `[n]`-array of destinations,
//!    each element's row index prepended to its indices (Futhark's
//!    `WithAcc` around a `SegMap`); for a slice update, the slice's
//!    coordinates come from the flat index, its length from the value's
//!    shape (checked against the slice's in the first map, as the update
//!    itself would: the bounds are the internaliser's asserts there);
//! 3. a map running the rest over the written rows (extracted in turn:
//!    a segmented reduction above).
//!
//! A slice update whose indices do not vary with the row is left alone
//! (one update of all rows, as Futhark does), and so is one of a row the
//! lambda takes. A single-element update stays in the first map, which
//! is split off only when a SOAC of the rest runs over the updated
//! array. Every array
//! crossing a split must have a shape known outside the map.

use std::collections::{BTreeSet, HashMap};

use runic_core::ir::{
    Body, DimIndex, Exp, Lambda, MsgPart, Pat, Scatter, Screma, Stm, SubExp, Type, VarId,
};
use runic_eval::prim::BinOp;
use runic_sema::types::PrimType;

use super::versions::scalar as bin;
use super::Extractor;
use crate::free::{self, Free};
use crate::ir::HostStm;

/// The write a map is split at.
enum Write {
    /// A slice (or row) update whose value is an array.
    Slice,
    /// A single-element update, kept in the first map.
    Elem,
    /// A scatter into arrays the row built.
    Scatter,
}

/// What the split needs to know about the map's lambda.
struct Split<'a> {
    outer: &'a Screma,
    /// Variables the lambda binds at its top level, parameters included.
    inside: BTreeSet<VarId>,
    /// The host array holding the rows of each variable of the lambda
    /// that the write or the rest reads: a parameter's input array, or
    /// the first map's result.
    rows: HashMap<VarId, VarId>,
}

impl Split<'_> {
    fn variant(&self, x: &SubExp) -> bool {
        x.var().is_some_and(|v| self.inside.contains(&v))
    }

    fn regular(&self, t: &Type) -> bool {
        !t.dims.iter().any(|d| self.variant(d))
    }
}

impl Extractor {
    /// The kernels of a map split at a write into an array its rows
    /// build, or `None` when it has no such write.
    pub(super) fn update_split(&mut self, s: &Stm, outer: &Screma) -> Option<Vec<HostStm>> {
        if !outer.scans.is_empty() || !outer.reds.is_empty() || outer.post.is_some() {
            return None;
        }
        if !s.pat.ctx.is_empty() {
            return None;
        }
        let l = &outer.map;
        let mut inside: BTreeSet<VarId> = l.params.iter().copied().collect();
        inside.extend(
            l.body
                .stms
                .iter()
                .flat_map(|t| t.pat.ctx.iter().chain(&t.pat.vals)),
        );
        let split = Split {
            outer,
            inside,
            rows: l
                .params
                .iter()
                .copied()
                .zip(outer.arrs.iter().copied())
                .collect(),
        };
        let (k, write) = l
            .body
            .stms
            .iter()
            .enumerate()
            .find_map(|(k, t)| Some((k, self.write_kind(&split, &l.body.stms[k + 1..], t)?)))?;
        self.split_at(s, split, k, write)
    }

    /// Whether a statement of the lambda is a write the map splits at.
    fn write_kind(&self, sp: &Split, after: &[Stm], t: &Stm) -> Option<Write> {
        let bound_before = |a: &VarId| sp.inside.contains(a) && !sp.outer.map.params.contains(a);
        match &t.exp {
            Exp::Update(a, idx, v) => {
                let varies = idx.iter().any(|i| match i {
                    DimIndex::Fix(x) => sp.variant(x),
                    DimIndex::Slice { start, stride, .. } => {
                        sp.variant(start) || sp.variant(stride)
                    }
                });
                if !bound_before(a) || !varies || !sp.regular(self.core.ty(*a)) {
                    return None;
                }
                let vt = self.core.subexp_type(*v);
                if vt.rank() == 0 {
                    // The rest's parallelism runs over the updated array.
                    let out = t.pat.vals.first();
                    let rest_parallel = after.iter().any(|t| {
                        matches!(&t.exp, Exp::Screma(sc) if out.is_some_and(|o| sc.arrs.contains(o)))
                    });
                    let elem = idx.len() == self.core.ty(*a).rank()
                        && idx.iter().all(|i| matches!(i, DimIndex::Fix(_)));
                    return (elem && rest_parallel).then_some(Write::Elem);
                }
                sp.regular(&vt).then_some(Write::Slice)
            }
            Exp::Scatter(sc) => {
                let ok = sc.lambda.ret.len() == sc.writes()
                    && !sp.variant(&sc.w)
                    && sc
                        .dests
                        .iter()
                        .all(|(_, d)| bound_before(d) && sp.regular(self.core.ty(*d)))
                    && sc.arrs.iter().all(|a| sp.regular(self.core.ty(*a)));
                ok.then_some(Write::Scatter)
            }
            _ => None,
        }
    }

    fn split_at(&mut self, s: &Stm, mut sp: Split, k: usize, write: Write) -> Option<Vec<HostStm>> {
        let outer = sp.outer;
        let l = &outer.map;
        let (before, rest) = l.body.stms.split_at(k);
        let (wstm, after) = rest.split_first()?;
        let mut first_stms = before.to_vec();
        if matches!(write, Write::Elem) {
            first_stms.push(wstm.clone());
        }
        if let (Write::Slice, Exp::Update(_, idx, v)) = (&write, &wstm.exp) {
            first_stms.extend(self.shape_check(wstm, idx, *v));
        }
        // What the first map gives: what it binds that the rest, or the
        // write done outside it, reads.
        let mut needed = Free::default();
        for t in after {
            needed.stm(&self.core, t);
        }
        for r in &l.body.result {
            if let SubExp::Var(v) = r {
                needed.var(&self.core, *v);
            }
        }
        if !matches!(write, Write::Elem) {
            needed.stm(&self.core, wstm);
        }
        let exports: Vec<VarId> = first_stms
            .iter()
            .flat_map(|t| t.pat.ctx.iter().chain(&t.pat.vals))
            .filter(|v| needed.used.contains(v))
            .copied()
            .collect();
        if !exports.iter().all(|v| sp.regular(self.core.ty(*v))) {
            return None;
        }
        let mut stms = Vec::new();
        let first_outs: Vec<VarId> = exports
            .iter()
            .map(|v| {
                let t = self.core.ty(*v).with_outer(outer.w);
                self.new_var("split_rows", t)
            })
            .collect();
        sp.rows
            .extend(exports.iter().copied().zip(first_outs.iter().copied()));
        stms.push(map_stm(
            outer,
            l.params.clone(),
            outer.arrs.clone(),
            Body {
                stms: first_stms,
                result: exports.iter().map(|v| SubExp::Var(*v)).collect(),
            },
            exports.iter().map(|v| self.core.ty(*v).clone()).collect(),
            first_outs,
            s,
        ));
        // The write over all rows, into arrays of rows named after what
        // the write binds.
        let written: Vec<VarId> = match write {
            Write::Elem => Vec::new(),
            _ => wstm.pat.vals.clone(),
        };
        // Nothing after the write but its results: the write gives them.
        let direct = after.is_empty() && !written.is_empty() && {
            let res: Vec<Option<VarId>> = l.body.result.iter().map(|r| r.var()).collect();
            res == written.iter().map(|v| Some(*v)).collect::<Vec<_>>()
        };
        let written_rows: Vec<VarId> = if direct {
            s.pat.vals.clone()
        } else {
            written
                .iter()
                .map(|v| {
                    let t = self.core.ty(*v).with_outer(outer.w);
                    self.new_var("written", t)
                })
                .collect()
        };
        match (&write, &wstm.exp) {
            (Write::Slice, Exp::Update(a, idx, v)) => {
                self.flat_update(&sp, *a, idx, *v, written_rows[0], &mut stms)
            }
            (Write::Scatter, Exp::Scatter(sc)) => {
                self.flat_scatter(&sp, sc, &written_rows, &mut stms)
            }
            _ => {}
        }
        if direct {
            return Some(self.extracted(stms, s));
        }
        sp.rows
            .extend(written.iter().copied().zip(written_rows.iter().copied()));
        // The rest, over the rows of everything it reads.
        let mut params = Vec::new();
        let mut arrs = Vec::new();
        let mut rest_free = Free::default();
        rest_free.body(
            &self.core,
            &Body {
                stms: after.to_vec(),
                result: l.body.result.clone(),
            },
        );
        for v in rest_free.vars() {
            if let Some(a) = sp.rows.get(&v) {
                params.push(v);
                arrs.push(*a);
            }
        }
        stms.push(map_stm(
            outer,
            params,
            arrs,
            Body {
                stms: after.to_vec(),
                result: l.body.result.clone(),
            },
            l.ret.clone(),
            s.pat.vals.clone(),
            s,
        ));
        Some(self.extracted(stms, s))
    }

    /// The host code of the statements a map was split into.
    fn extracted(&mut self, stms: Vec<Stm>, s: &Stm) -> Vec<HostStm> {
        let result = s.pat.vals.iter().map(|v| SubExp::Var(*v)).collect();
        let live: BTreeSet<VarId> = s.pat.vals.iter().copied().collect();
        self.body(&Body { stms, result }, &live).stms
    }

    /// Asserts that each sliced dimension is as long as the value's, with
    /// the message the update itself would give.
    fn shape_check(&mut self, wstm: &Stm, idx: &[DimIndex], v: SubExp) -> Vec<Stm> {
        let vt = self.core.subexp_type(v);
        let lens: Vec<SubExp> = idx
            .iter()
            .filter_map(|i| match i {
                DimIndex::Slice { len, .. } => Some(*len),
                DimIndex::Fix(_) => None,
            })
            .collect();
        let pairs: Vec<(SubExp, SubExp)> = lens
            .iter()
            .copied()
            .zip(vt.dims.iter().copied())
            .filter(|(a, b)| !a.same(*b))
            .collect();
        let mut stms = Vec::new();
        let mut cond = SubExp::Const(runic_eval::value::Prim::Bool(true));
        for (a, b) in &pairs {
            let eq = self.new_var("slice_fits", Type::scalar(PrimType::Bool));
            stms.push(bin(eq, BinOp::Eq, *a, *b));
            let all = self.new_var("slice_fits", Type::scalar(PrimType::Bool));
            stms.push(bin(all, BinOp::And, cond, SubExp::Var(eq)));
            cond = SubExp::Var(all);
        }
        if pairs.is_empty() {
            return stms;
        }
        let shape = |ds: &[SubExp], msg: &mut Vec<MsgPart>| {
            for d in ds {
                msg.push(MsgPart::Text("[".into()));
                msg.push(MsgPart::Value(*d));
                msg.push(MsgPart::Text("]".into()));
            }
        };
        let mut msg = vec![MsgPart::Text("Cannot update a slice of shape ".into())];
        let full: Vec<SubExp> = lens
            .iter()
            .copied()
            .chain(vt.dims[lens.len()..].iter().copied())
            .collect();
        shape(&full, &mut msg);
        msg.push(MsgPart::Text(" with a value of shape ".into()));
        shape(&vt.dims, &mut msg);
        msg.push(MsgPart::Text(".".into()));
        let loc = wstm.loc.clone().unwrap_or_else(|| "".into());
        stms.push(Stm {
            pat: Pat::default(),
            exp: Exp::Assert(cond, msg, loc),
            loc: wstm.loc.clone(),
        });
        stms
    }

    /// `xs with [idx] = v` of every row at once: a scatter over the rows
    /// times the value's elements.
    fn flat_update(
        &mut self,
        sp: &Split,
        a: VarId,
        idx: &[DimIndex],
        v: SubExp,
        out: VarId,
        stms: &mut Vec<Stm>,
    ) {
        let vt = self.core.subexp_type(v);
        let dest = sp.rows[&a];
        let mut body = Vec::new();
        let (i, total) = self.regular_flat_space(sp.outer.w, &vt.dims, stms);
        let (r, coords) = self.coords(i, &vt.dims, &mut body);
        self.read_rows(sp, &free_in_idx(idx), r, &mut body);
        let mut results = vec![SubExp::Var(r)];
        let mut c = coords.iter();
        for d in idx {
            results.push(match d {
                DimIndex::Fix(x) => *x,
                DimIndex::Slice { start, stride, .. } => {
                    let cj = *c.next().expect("a coordinate per sliced dimension");
                    let off = self.new_var("slice_off", Type::scalar(PrimType::I64));
                    body.push(bin(off, BinOp::Mul, SubExp::Var(cj), *stride));
                    let at = self.new_var("slice_at", Type::scalar(PrimType::I64));
                    body.push(bin(at, BinOp::Add, *start, SubExp::Var(off)));
                    SubExp::Var(at)
                }
            });
        }
        results.extend(c.map(|x| SubExp::Var(*x)));
        let elem = self.new_var("elem", Type::scalar(vt.prim));
        let (src, mut at) = match v.var() {
            Some(x) if sp.inside.contains(&x) => (sp.rows[&x], vec![DimIndex::Fix(SubExp::Var(r))]),
            Some(x) => (x, Vec::new()),
            None => unreachable!("an array value is a variable"),
        };
        at.extend(coords.iter().map(|x| DimIndex::Fix(SubExp::Var(*x))));
        body.push(Stm::single(elem, Exp::Index(src, at)));
        results.push(SubExp::Var(elem));
        let rank = self.core.ty(out).rank();
        let mut ret = vec![Type::scalar(PrimType::I64); rank];
        ret.push(Type::scalar(vt.prim));
        self.push_scatter(
            total,
            i,
            vec![(rank, dest)],
            1,
            body,
            results,
            ret,
            vec![out],
            stms,
        );
    }

    /// A scatter inside the rows, of every row at once: a scatter over
    /// the rows times its width, the row's index before each index.
    fn flat_scatter(&mut self, sp: &Split, sc: &Scatter, outs: &[VarId], stms: &mut Vec<Stm>) {
        let (i, total) = self.regular_flat_space(sp.outer.w, &[sc.w], stms);
        let mut body = Vec::new();
        let (r, coords) = self.coords(i, &[sc.w], &mut body);
        let j = SubExp::Var(coords[0]);
        for (p, q) in sc.lambda.params.iter().zip(&sc.arrs) {
            let (src, at) = match sp.rows.get(q) {
                Some(rows) => (*rows, vec![DimIndex::Fix(SubExp::Var(r)), DimIndex::Fix(j)]),
                None => (*q, vec![DimIndex::Fix(j)]),
            };
            body.push(Stm::single(*p, Exp::Index(src, at)));
        }
        self.read_rows(sp, &free::of_lambda(&self.core, &sc.lambda), r, &mut body);
        body.extend(sc.lambda.body.stms.iter().cloned());
        // The row's index before every destination's indices.
        let mut results = Vec::new();
        let mut ret = Vec::new();
        let mut at = 0;
        for _ in 0..sc.rounds {
            for (rank, _) in &sc.dests {
                results.push(SubExp::Var(r));
                ret.push(Type::scalar(PrimType::I64));
                results.extend_from_slice(&sc.lambda.body.result[at..at + rank]);
                ret.extend_from_slice(&sc.lambda.ret[at..at + rank]);
                at += rank;
            }
        }
        results.extend_from_slice(&sc.lambda.body.result[at..]);
        ret.extend_from_slice(&sc.lambda.ret[at..]);
        let dests = sc
            .dests
            .iter()
            .map(|(rank, d)| (rank + 1, sp.rows[d]))
            .collect();
        self.push_scatter(
            total,
            i,
            dests,
            sc.rounds,
            body,
            results,
            ret,
            outs.to_vec(),
            stms,
        );
    }

    /// The flat space of `w` rows of `dims` elements: its index (a fresh
    /// parameter) and its size, computed by statements added to `stms`.
    fn regular_flat_space(
        &mut self,
        w: SubExp,
        dims: &[SubExp],
        stms: &mut Vec<Stm>,
    ) -> (VarId, SubExp) {
        let mut total = w;
        for d in dims {
            let t = self.new_var("flat_w", Type::scalar(PrimType::I64));
            stms.push(bin(t, BinOp::Mul, total, *d));
            total = SubExp::Var(t);
        }
        (self.new_var("flat_i", Type::scalar(PrimType::I64)), total)
    }

    /// The row and the coordinates in `dims` of a flat index.
    fn coords(&mut self, i: VarId, dims: &[SubExp], body: &mut Vec<Stm>) -> (VarId, Vec<VarId>) {
        let mut rest = SubExp::Var(i);
        let mut coords = Vec::new();
        for d in dims.iter().rev() {
            let c = self.new_var("coord", Type::scalar(PrimType::I64));
            body.push(bin(c, BinOp::Mod, rest, *d));
            let q = self.new_var("flat_q", Type::scalar(PrimType::I64));
            body.push(bin(q, BinOp::Div, rest, *d));
            coords.push(c);
            rest = SubExp::Var(q);
        }
        coords.reverse();
        let r = self.new_var("row", Type::scalar(PrimType::I64));
        body.push(Stm::copy(r, rest));
        (r, coords)
    }

    /// Binds the variables of the row among `vars` to their rows' `r`th
    /// elements.
    fn read_rows(&mut self, sp: &Split, vars: &[VarId], r: VarId, body: &mut Vec<Stm>) {
        for v in vars {
            if let Some(rows) = sp.rows.get(v) {
                body.push(Stm::single(
                    *v,
                    Exp::Index(*rows, vec![DimIndex::Fix(SubExp::Var(r))]),
                ));
            }
        }
    }

    /// `outs = scatter` over `iota total`, the lambda's parameter `i`.
    #[allow(clippy::too_many_arguments)]
    fn push_scatter(
        &mut self,
        total: SubExp,
        i: VarId,
        dests: Vec<(usize, VarId)>,
        rounds: usize,
        body: Vec<Stm>,
        results: Vec<SubExp>,
        ret: Vec<Type>,
        outs: Vec<VarId>,
        stms: &mut Vec<Stm>,
    ) {
        let space = self.new_var("flat_iota", Type::array(PrimType::I64, vec![total]));
        stms.push(Stm::single(space, Exp::Iota(total)));
        let sc = Scatter {
            w: total,
            arrs: vec![space],
            dests,
            lambda: Lambda {
                params: vec![i],
                body: Body {
                    stms: body,
                    result: results,
                },
                ret,
            },
            rounds,
        };
        stms.push(Stm {
            pat: Pat {
                ctx: Vec::new(),
                vals: outs,
            },
            exp: Exp::Scatter(Box::new(sc)),
            loc: None,
        });
    }
}

/// The variables an update's indices read.
fn free_in_idx(idx: &[DimIndex]) -> Vec<VarId> {
    idx.iter()
        .flat_map(|i| match i {
            DimIndex::Fix(x) => vec![*x],
            DimIndex::Slice { start, stride, .. } => vec![*start, *stride],
        })
        .filter_map(|x| x.var())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect()
}

/// `let outs = map (\params -> body) arrs` with the outer map's width and
/// attributes.
fn map_stm(
    outer: &Screma,
    params: Vec<VarId>,
    arrs: Vec<VarId>,
    body: Body,
    ret: Vec<Type>,
    outs: Vec<VarId>,
    s: &Stm,
) -> Stm {
    Stm {
        pat: Pat {
            ctx: Vec::new(),
            vals: outs,
        },
        exp: Exp::Screma(Box::new(Screma {
            w: outer.w,
            arrs,
            scans: Vec::new(),
            reds: Vec::new(),
            map: Lambda { params, body, ret },
            post: None,
            attrs: outer.attrs.clone(),
        })),
        loc: s.loc.clone(),
    }
}
