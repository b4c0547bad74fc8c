//! Existential sizes that are known after all, found before fusion (a
//! SOAC whose result has an existential size is not fused):
//!
//! - a loop's array parameter whose size the body's result keeps (an
//!   in-place update, a map over it) has the size of its initial value
//!   at every iteration, and so has the loop's result;
//! - a map whose function returns arrays of a size bound outside it gives
//!   arrays of that size.
//!
//! Each such size variable is replaced by the size it equals, everywhere
//! (types included), and is no longer bound existentially.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::vars::substitute_body;
use crate::ir::*;

/// Replaces the existential sizes of the program that are known.
pub fn program(p: &mut Program) {
    for _ in 0..4 {
        let mut subst = HashMap::default();
        let mut funs = std::mem::take(&mut p.funs);
        for f in &mut funs {
            body(p, &mut f.body, &mut subst);
        }
        if subst.is_empty() {
            p.funs = funs;
            return;
        }
        // A size known equal to another known one: to the last.
        let keys: Vec<VarId> = subst.keys().copied().collect();
        for k in keys {
            let mut to = subst[&k];
            while let Some(x) = to.var().and_then(|v| subst.get(&v)) {
                to = *x;
            }
            subst.insert(k, to);
        }
        for f in &mut funs {
            substitute_body(&mut f.body, &subst);
            for t in f.ret.iter_mut() {
                dims(t, &subst);
            }
        }
        for v in p.vars.handles() {
            let mut ty = p.vars[v].ty.clone();
            dims(&mut ty, &subst);
            p.vars[v].ty = ty;
        }
        p.funs = funs;
    }
}

fn dims(t: &mut Type, subst: &HashMap<VarId, SubExp>) {
    for d in t.dims.iter_mut() {
        while let Some(x) = d.var().and_then(|v| subst.get(&v)) {
            *d = *x;
        }
    }
}

fn body(p: &Program, b: &mut Body, subst: &mut HashMap<VarId, SubExp>) {
    for s in &mut b.stms {
        s.exp.for_each_body_mut(|inner| body(p, inner, subst));
        match &mut s.exp {
            Exp::Loop {
                ctx,
                params,
                body: lb,
                ..
            } => loop_sizes(p, &mut s.pat, ctx, params, lb, subst),
            Exp::Screma(sc) => {
                let map_only = sc.scans.is_empty() && sc.reds.is_empty() && sc.post.is_none();
                let ret = sc.map.ret.clone();
                if map_only && ret.len() == s.pat.vals.len() && !s.pat.ctx.is_empty() {
                    let mut inside = HashSet::default();
                    inside.extend(sc.map.params.iter().copied());
                    bound_in(&sc.map.body, &mut inside);
                    map_sizes(p, &mut s.pat, &ret, &inside, subst);
                }
            }
            _ => {}
        }
    }
}

/// Every variable bound in a body or the bodies nested in it.
fn bound_in(b: &Body, out: &mut HashSet<VarId>) {
    let lambda = |l: &Lambda, out: &mut HashSet<VarId>| {
        out.extend(l.params.iter().copied());
        bound_in(&l.body, out);
    };
    for s in &b.stms {
        out.extend(s.pat.vals.iter().chain(&s.pat.ctx).copied());
        match &s.exp {
            Exp::If {
                then_body,
                else_body,
                ..
            } => {
                bound_in(then_body, out);
                bound_in(else_body, out);
            }
            Exp::Loop {
                ctx,
                params,
                form,
                body,
            } => {
                out.extend(ctx.iter().copied());
                out.extend(params.iter().map(|(v, _)| *v));
                if let LoopForm::For { i, .. } = form {
                    out.insert(*i);
                }
                bound_in(body, out);
            }
            Exp::Screma(x) => {
                lambda(&x.map, out);
                x.scans.iter().for_each(|y| lambda(&y.lambda, out));
                x.reds.iter().for_each(|y| lambda(&y.lambda, out));
                if let Some(post) = &x.post {
                    lambda(post, out);
                }
            }
            Exp::Hist(h) => {
                lambda(&h.bucket, out);
                h.ops.iter().for_each(|o| lambda(&o.op, out));
            }
            Exp::Scatter(x) => lambda(&x.lambda, out),
            Exp::Stream(x) => lambda(&x.lambda, out),
            _ => {}
        }
    }
}

/// The loop's size parameters that the body's results keep.
fn loop_sizes(
    p: &Program,
    pat: &mut Pat,
    ctx: &mut Vec<VarId>,
    params: &[(VarId, SubExp)],
    lb: &Body,
    subst: &mut HashMap<VarId, SubExp>,
) {
    ctx.retain(|c| {
        let mut init: Option<SubExp> = None;
        let mut uses = Vec::new();
        for (q, (param, start)) in params.iter().enumerate() {
            for (k, d) in p.ty(*param).dims.iter().enumerate() {
                if d.var() != Some(*c) {
                    continue;
                }
                let kept = lb
                    .result
                    .get(q)
                    .map(|r| p.subexp_type(*r))
                    .is_some_and(|t| t.dims.get(k).is_some_and(|x| x.var() == Some(*c)));
                let Some(from) = p.subexp_type(*start).dims.get(k).copied() else {
                    return true;
                };
                if !kept || init.is_some_and(|i| !i.same(from)) {
                    return true;
                }
                init = Some(from);
                uses.push((q, k));
            }
        }
        let Some(init) = init else {
            return true;
        };
        subst.insert(*c, init);
        for (q, k) in uses {
            let Some(v) = pat.vals.get(q) else { continue };
            if let Some(d) = p.ty(*v).dims.get(k).and_then(|d| d.var()) {
                if pat.ctx.contains(&d) {
                    pat.ctx.retain(|x| *x != d);
                    subst.insert(d, init);
                }
            }
        }
        false
    });
}

/// The existential sizes of a map's results that its function's return
/// types give as sizes bound outside it.
fn map_sizes(
    p: &Program,
    pat: &mut Pat,
    ret: &[Type],
    inside: &HashSet<VarId>,
    subst: &mut HashMap<VarId, SubExp>,
) {
    for (v, t) in pat.vals.clone().iter().zip(ret) {
        let dims = &p.ty(*v).dims;
        for (k, d) in t.dims.iter().enumerate() {
            let Some(e) = dims.get(k + 1).and_then(|x| x.var()) else {
                continue;
            };
            let outside = d.var().is_none_or(|x| !inside.contains(&x));
            if pat.ctx.contains(&e) && outside && !subst.contains_key(&e) {
                pat.ctx.retain(|x| *x != e);
                subst.insert(e, *d);
            }
        }
    }
}
