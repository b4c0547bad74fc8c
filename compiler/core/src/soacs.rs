//! Simplification rules for SOACs, run before fusion so that it sees the
//! SOACs' true inputs:
//!
//! - an input that is a `replicate` of the SOAC's width becomes a value
//!   bound inside the function (every row is the same);
//! - inside a map over `iota w`, indexing a free array of outer size `w`
//!   at the row's index becomes an input of the SOAC (row by row);
//! - an input whose parameter the function does not use is dropped, and
//!   a result that is a parameter unchanged is the input itself;
//! - a map with no inputs whose function cannot fail becomes its
//!   function's statements, run once, and a `replicate` of each result;
//! - indexing a `replicate` at one position is the replicated value;
//! - the transposition of a perfect nest of two maps is the nest over the
//!   transposed inputs, the maps swapped (map-map interchange);
//! - `unflatten` of a map's result is a nest of two maps over the inputs
//!   unflattened alike, and a slice of it the map over the inputs sliced
//!   alike;
//! - `flatten` of a perfect nest of two maps is one map over the inputs
//!   flattened alike ([`flatten`]);
//! - a statement of a SOAC's function that does not depend on its rows
//!   runs once, before the SOAC ([`hoist`]);
//! - a concatenation of a concatenation is one of all the parts;
//! - a scatter whose every input is a concatenation of `k` arrays of one
//!   size writes `k` times per row over that size (the concatenations
//!   go, and a map making the parts can fuse into it).

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

mod flatten;
mod hoist;

use crate::fuse::vars::{body_uses, consumes_of};
use crate::ir::*;

/// What an array variable is known to be.
#[derive(Clone)]
enum Def {
    Iota(SubExp),
    Replicate(Vec<SubExp>, SubExp),
    Concat(Vec<VarId>),
}

/// Applies the rules to every function (once).
pub fn program(p: &mut Program) {
    let mut funs = std::mem::take(&mut p.funs);
    for f in &mut funs {
        let mut consumed = HashSet::default();
        crate::cse::body_consumed(&f.body, &mut consumed);
        body(p, &mut f.body, &HashMap::default(), &consumed);
    }
    p.funs = funs;
}

fn body(p: &mut Program, b: &mut Body, outer: &HashMap<VarId, Def>, consumed: &HashSet<VarId>) {
    interchange(p, b);
    let mut defs = outer.clone();
    let mut out = Vec::with_capacity(b.stms.len());
    for mut s in std::mem::take(&mut b.stms) {
        nested(p, &mut s.exp, &defs, consumed);
        let hoisted = match &mut s.exp {
            Exp::Screma(sc) => hoist::invariant(p, sc.w, &mut sc.map),
            Exp::Hist(h) => hoist::invariant(p, h.w, &mut h.bucket),
            Exp::Scatter(sc) => hoist::invariant(p, sc.w, &mut sc.lambda),
            _ => Vec::new(),
        };
        for h in hoisted {
            record(&mut defs, &h);
            out.push(h);
        }
        if let Exp::Index(a, idx) = &s.exp {
            if let (Some(Def::Replicate(shape, x)), [DimIndex::Fix(_)]) = (defs.get(a), &idx[..]) {
                if shape.len() == 1 {
                    s.exp = Exp::SubExp(*x);
                }
            }
        }
        if let Exp::Screma(sc) = &mut s.exp {
            replicated_inputs(p, sc, &defs);
            out.extend(iota_indexing(p, sc, &defs));
            unused_inputs(sc);
            if let Some(hoisted) = invariant_map(sc, &s.pat) {
                out.extend(hoisted);
                continue;
            }
            let copies = identity_results(sc, &mut s.pat, consumed);
            if !copies.is_empty() {
                if !s.pat.vals.is_empty() {
                    out.push(s);
                } else if let Some(checks) = invariant_checks(p, sc) {
                    out.extend(checks);
                } else if crate::simplify::body_may_fail(&sc.map.body) {
                    out.push(s);
                }
                out.extend(copies);
                continue;
            }
        }
        if let Exp::Scatter(sc) = &mut s.exp {
            concat_scatter(p, sc, &defs);
        }
        if let Exp::Concat(parts) = &mut s.exp {
            *parts = parts
                .iter()
                .flat_map(|a| match defs.get(a) {
                    Some(Def::Concat(inner)) => inner.clone(),
                    _ => vec![*a],
                })
                .collect();
        }
        record(&mut defs, &s);
        out.push(s);
    }
    b.stms = out;
}

/// What the statement `s` binds, where a rule wants to know it.
fn record(defs: &mut HashMap<VarId, Def>, s: &Stm) {
    if let ([v], true) = (&s.pat.vals[..], s.pat.ctx.is_empty()) {
        match &s.exp {
            Exp::Iota(n) => {
                defs.insert(*v, Def::Iota(*n));
            }
            Exp::Replicate(shape, x) => {
                defs.insert(*v, Def::Replicate(shape.clone(), *x));
            }
            Exp::Concat(parts) => {
                defs.insert(*v, Def::Concat(parts.clone()));
            }
            _ => {}
        }
    }
}

/// A check made once for a map of `n` rows (hoisted out of its function):
/// it holds where the map has no rows.
pub(crate) fn guarded_assert(
    p: &mut Program,
    n: SubExp,
    c: SubExp,
    msg: Vec<MsgPart>,
    loc: Loc,
    stm_loc: Option<Loc>,
) -> Vec<Stm> {
    let bool_ty = Type::scalar(runic_sema::types::PrimType::Bool);
    let empty = p.new_var("empty", bool_ty.clone());
    let holds = p.new_var("holds", bool_ty);
    vec![
        Stm::single(
            empty,
            Exp::Scalar(
                runic_eval::builtins::Builtin::Bin(runic_eval::prim::BinOp::Eq),
                vec![n, SubExp::i64(0)],
            ),
        ),
        Stm::single(
            holds,
            Exp::Scalar(
                runic_eval::builtins::Builtin::Bin(runic_eval::prim::BinOp::Or),
                vec![SubExp::Var(empty), c],
            ),
        ),
        Stm {
            pat: Pat::default(),
            exp: Exp::Assert(SubExp::Var(holds), msg, loc),
            loc: stm_loc,
        },
    ]
}

fn nested(p: &mut Program, e: &mut Exp, defs: &HashMap<VarId, Def>, consumed: &HashSet<VarId>) {
    e.for_each_body_mut(|b| body(p, b, defs, consumed));
}

/// The variables a lambda's body consumes.
fn lambda_consumes(l: &Lambda) -> HashSet<VarId> {
    let mut out = HashSet::default();
    for s in &l.body.stms {
        out.extend(consumes_of(&s.exp));
    }
    out
}

/// Inputs that replicate one row `w` times become that row.
fn replicated_inputs(p: &Program, s: &mut Screma, defs: &HashMap<VarId, Def>) {
    let consumed = lambda_consumes(&s.map);
    let mut k = 0;
    while k < s.arrs.len() {
        let param = s.map.params[k];
        let Some(Def::Replicate(shape, x)) = defs.get(&s.arrs[k]) else {
            k += 1;
            continue;
        };
        if !shape[0].same(s.w)
            || consumed.contains(&param)
            || p.ty(param).rank() + 1 != p.ty(s.arrs[k]).rank()
        {
            k += 1;
            continue;
        }
        let exp = if shape.len() == 1 {
            Exp::SubExp(*x)
        } else {
            Exp::Replicate(shape[1..].to_vec(), *x)
        };
        s.map.body.stms.insert(0, Stm::single(param, exp));
        s.arrs.remove(k);
        s.map.params.remove(k);
    }
}

/// `a[i]` in a map over `iota w`, `i` the row's index and `a` free of
/// outer size `w`, reads row `i` of `a`: `a` becomes an input. Further
/// in, `a[c, i]` (the indices before `i` the same for every row) reads row
/// `i` of `a` with the dimension of `i` moved first: that rearrangement
/// (made before the map, so the statements it gives) becomes the input,
/// where `i` has no other use (the iota can then go).
fn iota_indexing(p: &mut Program, s: &mut Screma, defs: &HashMap<VarId, Def>) -> Vec<Stm> {
    let mut bound: HashSet<VarId> = s.map.params.iter().copied().collect();
    for st in &s.map.body.stms {
        bound.extend(st.pat.vals.iter().chain(&st.pat.ctx).copied());
    }
    let indices: Vec<VarId> = s
        .arrs
        .iter()
        .zip(&s.map.params)
        .filter(|(a, _)| matches!(defs.get(a), Some(Def::Iota(n)) if n.same(s.w)))
        .map(|(_, i)| *i)
        .collect();
    if indices.is_empty() {
        return Vec::new();
    }
    for k in 0..s.map.body.stms.len() {
        let Exp::Index(a, idx) = &s.map.body.stms[k].exp else {
            continue;
        };
        let (a, idx) = (*a, idx.clone());
        let Some(DimIndex::Fix(SubExp::Var(i))) = idx.first() else {
            continue;
        };
        if !indices.contains(i) || bound.contains(&a) || !p.ty(a).dims[0].same(s.w) {
            continue;
        }
        let row = match s.arrs.iter().position(|x| *x == a) {
            Some(q) => s.map.params[q],
            None => {
                let name = p.vars[a].name.clone();
                let row = p.new_var(&name, p.ty(a).row());
                s.arrs.push(a);
                s.map.params.push(row);
                row
            }
        };
        s.map.body.stms[k].exp = if idx.len() == 1 {
            Exp::SubExp(SubExp::Var(row))
        } else {
            Exp::Index(row, idx[1..].to_vec())
        };
    }
    let mut pre = Vec::new();
    for i in indices {
        inner_iota_indexing(p, s, i, &bound, &mut pre);
    }
    pre
}

/// The position of index `i` in `idx`, past the first, where every
/// index before it is a fixed one the same for every row (not bound in
/// the function) and `i` appears nowhere else.
fn inner_position(idx: &[DimIndex], i: VarId, bound: &HashSet<VarId>) -> Option<usize> {
    let d = idx
        .iter()
        .position(|x| matches!(x, DimIndex::Fix(SubExp::Var(v)) if *v == i))?;
    let invariant = |x: &DimIndex| match x {
        DimIndex::Fix(SubExp::Var(v)) => !bound.contains(v),
        DimIndex::Fix(SubExp::Const(_)) => true,
        DimIndex::Slice { .. } => false,
    };
    let mentions_i = |x: &DimIndex| match x {
        DimIndex::Fix(c) => c.var() == Some(i),
        DimIndex::Slice { start, len, stride } => {
            [*start, *len, *stride].iter().any(|c| c.var() == Some(i))
        }
    };
    (d > 0 && idx[..d].iter().all(invariant) && !idx[d + 1..].iter().any(mentions_i)).then_some(d)
}

/// The inner-dimension case of [`iota_indexing`] for the row index `i`.
fn inner_iota_indexing(
    p: &mut Program,
    s: &mut Screma,
    i: VarId,
    bound: &HashSet<VarId>,
    pre: &mut Vec<Stm>,
) {
    let mut sites = Vec::new();
    for (k, st) in s.map.body.stms.iter().enumerate() {
        let uses = crate::fuse::vars::uses_of(&st.exp);
        if !uses.contains(&i) {
            continue;
        }
        let site = match &st.exp {
            Exp::Index(a, idx) if !bound.contains(a) => inner_position(idx, i, bound)
                .filter(|d| p.ty(*a).dims[*d].same(s.w))
                .map(|d| (k, *a, d)),
            _ => None,
        };
        match site {
            Some(site) => sites.push(site),
            // Another use of `i`: the iota stays, so nothing to gain.
            None => return,
        }
    }
    if sites.is_empty() || s.map.body.result.iter().any(|r| r.var() == Some(i)) {
        return;
    }
    let mut rows: HashMap<(VarId, usize), VarId> = HashMap::default();
    for (k, a, d) in sites {
        let row = match rows.get(&(a, d)) {
            Some(row) => *row,
            None => {
                let ty = p.ty(a).clone();
                let perm: Vec<usize> = std::iter::once(d)
                    .chain((0..ty.rank()).filter(|x| *x != d))
                    .collect();
                let dims = perm.iter().map(|x| ty.dims[*x]).collect();
                let name = p.vars[a].name.clone();
                let moved = p.new_var(&name, Type::array(ty.prim, dims));
                pre.push(Stm::single(moved, Exp::Rearrange(perm, a)));
                let row = p.new_var(&name, p.ty(moved).row());
                s.arrs.push(moved);
                s.map.params.push(row);
                rows.insert((a, d), row);
                row
            }
        };
        let Exp::Index(_, idx) = &s.map.body.stms[k].exp else {
            continue;
        };
        let rest: Vec<DimIndex> = idx
            .iter()
            .enumerate()
            .filter(|(x, _)| *x != d)
            .map(|(_, x)| x.clone())
            .collect();
        s.map.body.stms[k].exp = if rest.is_empty() {
            Exp::SubExp(SubExp::Var(row))
        } else {
            Exp::Index(row, rest)
        };
    }
}

/// The mapped results that are a parameter unchanged (a row of an input)
/// are that input: taken out of the map and bound to it (a copy where the
/// result may be consumed).
fn identity_results(s: &mut Screma, pat: &mut Pat, consumed: &HashSet<VarId>) -> Vec<Stm> {
    let (scans, reds) = crate::fuse::rules::screma_counts(s);
    if !pat.ctx.is_empty() || s.post.is_some() {
        return Vec::new();
    }
    let mut copies = Vec::new();
    let mut k = scans + reds;
    while k < pat.vals.len() {
        let input = match s.map.body.result[k] {
            SubExp::Var(v) => s.map.params.iter().position(|q| *q == v).map(|j| s.arrs[j]),
            SubExp::Const(_) => None,
        };
        let Some(input) = input else {
            k += 1;
            continue;
        };
        let v = pat.vals.remove(k);
        s.map.body.result.remove(k);
        s.map.ret.remove(k);
        let exp = if consumed.contains(&v) || consumed.contains(&input) {
            Exp::Copy(input)
        } else {
            Exp::SubExp(SubExp::Var(input))
        };
        copies.push(Stm::single(v, exp));
    }
    copies
}

/// A map of no results whose function only checks conditions that do not
/// depend on its rows: the checks, run once, each holding when the map
/// has no rows too.
fn invariant_checks(p: &mut Program, s: &Screma) -> Option<Vec<Stm>> {
    let params: HashSet<VarId> = s.map.params.iter().copied().collect();
    let mut stms = Vec::new();
    for st in &s.map.body.stms {
        let uses = crate::fuse::vars::uses_of(&st.exp);
        if uses.iter().any(|v| params.contains(v)) {
            return None;
        }
        match &st.exp {
            Exp::Scalar(..) => stms.push(st.clone()),
            Exp::Assert(c, msg, loc) => stms.extend(guarded_assert(
                p,
                s.w,
                *c,
                msg.clone(),
                loc.clone(),
                st.loc.clone(),
            )),
            _ => return None,
        }
    }
    Some(stms)
}

/// A scatter of no computation whose every input is a concatenation of
/// the same number `k` of arrays, all of one outer size `m`: a scatter of
/// width `m` writing `k` times per row, round `r` reading the `r`th part
/// of each input.
fn concat_scatter(p: &mut Program, s: &mut Scatter, defs: &HashMap<VarId, Def>) {
    if s.rounds != 1 || s.lambda.ret.len() != s.writes() || !s.lambda.body.stms.is_empty() {
        return;
    }
    let Some(parts) = s
        .arrs
        .iter()
        .map(|a| match defs.get(a) {
            Some(Def::Concat(parts)) => Some(parts.clone()),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()
    else {
        return;
    };
    let Some(k) = parts.first().map(Vec::len) else {
        return;
    };
    let Some(m) = parts[0].first().map(|a| p.ty(*a).dims[0]) else {
        return;
    };
    if k < 2
        || parts
            .iter()
            .any(|ps| ps.len() != k || ps.iter().any(|a| !p.ty(*a).dims[0].same(m)))
    {
        return;
    }
    let n_idx: usize = s.dests.iter().map(|(r, _)| *r).sum();
    let mut arrs = Vec::new();
    let mut params = Vec::new();
    let mut rounds = Vec::new();
    for r in 0..k {
        let mut subst: HashMap<VarId, SubExp> = HashMap::default();
        for (j, ps) in parts.iter().enumerate() {
            let old = s.lambda.params[j];
            let param = if r == 0 {
                old
            } else {
                let name = p.vars[old].name.clone();
                let ty = p.ty(old).clone();
                p.new_var(&name, ty)
            };
            subst.insert(old, SubExp::Var(param));
            arrs.push(ps[r]);
            params.push(param);
        }
        rounds.push(subst);
    }
    let at = |res: &SubExp, subst: &HashMap<VarId, SubExp>| match res {
        SubExp::Var(v) => subst.get(v).copied().unwrap_or(*res),
        c => *c,
    };
    let mut result = Vec::new();
    let mut ret = Vec::new();
    for (range, _) in [(0..n_idx, ()), (n_idx..s.lambda.ret.len(), ())] {
        for subst in &rounds {
            result.extend(
                s.lambda.body.result[range.clone()]
                    .iter()
                    .map(|x| at(x, subst)),
            );
            ret.extend(s.lambda.ret[range.clone()].iter().cloned());
        }
    }
    s.w = m;
    s.arrs = arrs;
    s.lambda = Lambda {
        params,
        body: Body {
            stms: Vec::new(),
            result,
        },
        ret,
    };
    s.rounds = k;
}

/// Inputs whose parameters the function never mentions.
fn unused_inputs(s: &mut Screma) {
    let mut used = HashSet::default();
    body_uses(&s.map.body, &mut used);
    let mut k = 0;
    while k < s.arrs.len() {
        if used.contains(&s.map.params[k]) {
            k += 1;
        } else {
            s.arrs.remove(k);
            s.map.params.remove(k);
        }
    }
}

/// A map of no inputs whose function cannot fail: the function's
/// statements once, then a `replicate` of each result.
fn invariant_map(s: &Screma, pat: &Pat) -> Option<Vec<Stm>> {
    if !s.arrs.is_empty()
        || s.post.is_some()
        || !s.scans.is_empty()
        || !s.reds.is_empty()
        || !pat.ctx.is_empty()
        || crate::simplify::body_may_fail(&s.map.body)
    {
        return None;
    }
    let mut stms = s.map.body.stms.clone();
    for (v, r) in pat.vals.iter().zip(&s.map.body.result) {
        stms.push(Stm::single(*v, Exp::Replicate(vec![s.w], *r)));
    }
    Some(stms)
}

/// Map-map interchange through a transposition: `transpose a`, where `a`
/// is the only result of a perfect nest of two maps used nowhere else, is
/// the same nest over the transposed inputs with the two maps swapped.
/// The consumer of the transposition can then fuse with the nest.
fn interchange(p: &mut Program, b: &mut Body) {
    let mut r = 0;
    while r < b.stms.len() {
        if let Some((stms, also)) = interchanged(p, b, r) {
            // The other transpositions the nest now gives, after `r`.
            let mut also = also;
            also.sort_unstable();
            for k in also.into_iter().rev() {
                b.stms.remove(k);
            }
            b.stms.splice(r..=r, stms);
        } else if let Some((stms, producer)) = unflattened(p, b, r)
            .or_else(|| sliced(p, b, r))
            .or_else(|| flatten::flattened(p, b, r))
        {
            // The producer's only use was the statement replaced: the new
            // statements take its function, so it goes.
            b.stms.splice(r..=r, stms);
            b.stms.remove(producer);
            r -= 1;
        }
        r += 1;
    }
}

/// Whether a permutation swaps the two outer dimensions only.
fn swaps_outer(perm: &[usize]) -> bool {
    perm.len() >= 2 && perm[0] == 1 && perm[1] == 0 && (2..perm.len()).all(|k| perm[k] == k)
}

/// The statements replacing the transposition at `r`, if the rule
/// applies, and the positions (after `r`) of the transpositions of the
/// nest's other results, which the new nest gives too.
fn interchanged(p: &mut Program, b: &Body, r: usize) -> Option<(Vec<Stm>, Vec<usize>)> {
    let s = &b.stms[r];
    let Exp::Rearrange(perm, a) = &s.exp else {
        return None;
    };
    let a = *a;
    if !swaps_outer(perm) {
        return None;
    }
    let pi = b.stms[..r].iter().position(|x| x.pat.vals.contains(&a))?;
    let prod = &b.stms[pi];
    let Exp::Screma(outer) = &prod.exp else {
        return None;
    };
    // Each result of the nest is transposed once, at or after `r`.
    let mut ts = Vec::new();
    let mut at = Vec::new();
    for v in &prod.pat.vals {
        let k = (r..b.stms.len()).find(
            |&k| matches!(&b.stms[k].exp, Exp::Rearrange(perm, x) if x == v && swaps_outer(perm)),
        )?;
        ts.push(*b.stms[k].pat.vals.first()?);
        at.push(k);
    }
    if !prod.pat.ctx.is_empty() || !outer.scans.is_empty() || !outer.reds.is_empty() {
        return None;
    }
    let [inner_stm] = &outer.map.body.stms[..] else {
        return None;
    };
    let Exp::Screma(inner) = &inner_stm.exp else {
        return None;
    };
    if !inner.scans.is_empty()
        || !inner.reds.is_empty()
        || inner.arrs != outer.map.params
        || !inner_stm.pat.ctx.is_empty()
        || outer.map.body.result
            != inner_stm
                .pat
                .vals
                .iter()
                .map(|v| SubExp::Var(*v))
                .collect::<Vec<_>>()
        || crate::simplify::body_may_fail(&inner.map.body)
        || inner.w.var().is_some_and(|w| outer.map.params.contains(&w))
    {
        return None;
    }
    let mut inner_uses = HashSet::default();
    body_uses(&inner.map.body, &mut inner_uses);
    if outer.map.params.iter().any(|q| inner_uses.contains(q)) {
        return None;
    }
    // `a` is used only by the transposition; the inputs are not consumed
    // in between.
    let mut except = at.clone();
    except.push(pi);
    if prod.pat.vals.iter().any(|v| used_elsewhere(b, *v, &except))
        || b.stms[pi + 1..r]
            .iter()
            .any(|x| consumes_of(&x.exp).iter().any(|v| outer.arrs.contains(v)))
        || outer.arrs.iter().any(|x| p.ty(*x).rank() < 2)
    {
        return None;
    }
    let (outer, inner, inner_pat) = (outer.clone(), inner.clone(), inner_stm.pat.clone());
    let mut stms = Vec::new();
    let mut transposed = Vec::new();
    let mut params = Vec::new();
    for x in &outer.arrs {
        let ty = p.ty(*x).clone();
        let mut dims = ty.dims.clone();
        dims.swap(0, 1);
        let name = p.vars[*x].name.clone();
        let xt = p.new_var(&name, Type::array(ty.prim, dims));
        let perm: Vec<usize> = (0..ty.rank())
            .map(|k| match k {
                0 => 1,
                1 => 0,
                k => k,
            })
            .collect();
        stms.push(Stm::single(xt, Exp::Rearrange(perm, *x)));
        let row = p.ty(xt).row();
        params.push(p.new_var(&name, row));
        transposed.push(xt);
    }
    let inner_rets: Vec<Type> = inner_pat.vals.iter().map(|v| p.ty(*v).row()).collect();
    let nest = Nest {
        outer_w: inner.w,
        inner_w: outer.w,
        arrs: transposed,
        params,
        lambda: inner.map.clone(),
        elems: inner_rets,
        result: ts,
        locs: (b.stms[pi].loc.clone(), inner_stm_loc(b, pi)),
        attrs: outer.attrs.union(&inner.attrs),
    };
    stms.push(two_level_nest(p, nest));
    at.retain(|k| *k != r);
    Some((stms, at))
}

/// A nest of two maps to build: the outer over `arrs` (rows bound to
/// `params`), the inner over the rows of `params` running `lambda`, whose
/// results have types `elems`; the outer's results are `result`.
struct Nest {
    outer_w: SubExp,
    inner_w: SubExp,
    arrs: Vec<VarId>,
    params: Vec<VarId>,
    lambda: Lambda,
    elems: Vec<Type>,
    result: Vec<VarId>,
    locs: (Option<Loc>, Option<Loc>),
    /// The attributes both maps get: those of the maps they replace.
    attrs: Attrs,
}

fn two_level_nest(p: &mut Program, n: Nest) -> Stm {
    let mut results = Vec::new();
    let mut ret = Vec::new();
    for elem in &n.elems {
        let fresh = p.new_var("map", elem.with_outer(n.inner_w));
        ret.push(p.ty(fresh).clone());
        results.push(fresh);
    }
    let inner = Screma {
        post: None,
        w: n.inner_w,
        arrs: n.params.clone(),
        scans: Vec::new(),
        reds: Vec::new(),
        map: n.lambda,
        attrs: n.attrs.clone(),
    };
    let outer = Screma {
        post: None,
        w: n.outer_w,
        arrs: n.arrs,
        scans: Vec::new(),
        reds: Vec::new(),
        map: Lambda {
            params: n.params,
            body: Body {
                stms: vec![Stm {
                    pat: Pat {
                        ctx: Vec::new(),
                        vals: results.clone(),
                    },
                    exp: Exp::Screma(Box::new(inner)),
                    loc: n.locs.1,
                }],
                result: results.iter().map(|v| SubExp::Var(*v)).collect(),
            },
            ret,
        },
        attrs: n.attrs,
    };
    Stm {
        pat: Pat {
            ctx: Vec::new(),
            vals: n.result,
        },
        exp: Exp::Screma(Box::new(outer)),
        loc: n.locs.0,
    }
}

/// The map (at its position) whose only result `a` is used by the
/// statement at `r` and nowhere else, with no consumption of its inputs in
/// between: a producer the statement at `r` may take over.
fn sole_map_producer(b: &Body, a: VarId, r: usize) -> Option<(usize, &Screma)> {
    let pi = b.stms[..r].iter().position(|x| x.pat.vals.contains(&a))?;
    let prod = &b.stms[pi];
    let Exp::Screma(m) = &prod.exp else {
        return None;
    };
    let eligible = prod.pat.vals.len() == 1
        && prod.pat.ctx.is_empty()
        && m.scans.is_empty()
        && m.reds.is_empty()
        && !m.arrs.is_empty()
        && !used_elsewhere(b, a, &[r, pi])
        && !b.stms[pi + 1..r]
            .iter()
            .any(|x| consumes_of(&x.exp).iter().any(|v| m.arrs.contains(v)));
    eligible.then_some((pi, &**m))
}

/// `unflatten` of the only result of a map used nowhere else: the map
/// becomes a nest of two maps over its inputs unflattened alike, so a
/// consumer of the unflattened array can fuse with it.
fn unflattened(p: &mut Program, b: &Body, r: usize) -> Option<(Vec<Stm>, usize)> {
    let s = &b.stms[r];
    let Exp::Reshape(shape, a) = &s.exp else {
        return None;
    };
    let (a, t) = (*a, *s.pat.vals.first()?);
    let a_ty = p.ty(a).clone();
    if shape.len() != a_ty.rank() + 1 || shape[2..] != a_ty.dims[1..] {
        return None;
    }
    let (pi, m) = sole_map_producer(b, a, r)?;
    let prod = &b.stms[pi];
    let m = m.clone();
    let mut stms = Vec::new();
    let mut arrs = Vec::new();
    let mut params = Vec::new();
    for x in &m.arrs {
        let ty = p.ty(*x).clone();
        let mut dims = shape[..2].to_vec();
        dims.extend_from_slice(&ty.dims[1..]);
        let name = p.vars[*x].name.clone();
        let xr = p.new_var(&name, Type::array(ty.prim, dims));
        stms.push(Stm::single(xr, Exp::Reshape(p.ty(xr).dims.clone(), *x)));
        let row = p.ty(xr).row();
        params.push(p.new_var(&name, row));
        arrs.push(xr);
    }
    let nest = Nest {
        outer_w: shape[0],
        inner_w: shape[1],
        arrs,
        params,
        elems: m.map.ret.clone(),
        lambda: m.map,
        result: vec![t],
        locs: (b.stms[r].loc.clone(), prod.loc.clone()),
        attrs: m.attrs.clone(),
    };
    stms.push(two_level_nest(p, nest));
    Some((stms, pi))
}

/// A slice of the outer dimension of the only result of a map used
/// nowhere else: the map over the inputs sliced alike (`(map f xs)[i:j]`
/// is `map f xs[i:j]`), so a consumer of the slice can fuse with it.
fn sliced(p: &mut Program, b: &Body, r: usize) -> Option<(Vec<Stm>, usize)> {
    let s = &b.stms[r];
    let Exp::Index(a, idx) = &s.exp else {
        return None;
    };
    let (a, t) = (*a, *s.pat.vals.first()?);
    let [DimIndex::Slice { len, .. }] = &idx[..] else {
        return None;
    };
    let (pi, m) = sole_map_producer(b, a, r)?;
    let prod = &b.stms[pi];
    let mut m = m.clone();
    let mut stms = Vec::new();
    for x in m.arrs.iter_mut() {
        let ty = p.ty(*x).clone();
        let mut dims = ty.dims.clone();
        dims[0] = *len;
        let name = p.vars[*x].name.clone();
        let xs = p.new_var(&name, Type::array(ty.prim, dims));
        stms.push(Stm::single(xs, Exp::Index(*x, idx.clone())));
        *x = xs;
    }
    m.w = *len;
    stms.push(Stm {
        pat: Pat {
            ctx: Vec::new(),
            vals: vec![t],
        },
        exp: Exp::Screma(Box::new(m)),
        loc: prod.loc.clone(),
    });
    Some((stms, pi))
}

/// Whether `a` is used in `b` outside the statements at `except`.
fn used_elsewhere(b: &Body, a: VarId, except: &[usize]) -> bool {
    let mut uses = HashSet::default();
    for (k, x) in b.stms.iter().enumerate() {
        if !except.contains(&k) {
            crate::fuse::vars::exp_uses(&x.exp, &mut uses);
        }
    }
    uses.extend(b.result.iter().filter_map(|x| x.var()));
    uses.contains(&a)
}

fn inner_stm_loc(b: &Body, pi: usize) -> Option<Loc> {
    match &b.stms[pi].exp {
        Exp::Screma(s) => s.map.body.stms.first().and_then(|x| x.loc.clone()),
        _ => None,
    }
}
