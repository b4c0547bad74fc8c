//! Common subexpression elimination of cheap, pure expressions (scalar
//! operations, `iota`, `replicate`, reshapes, transpositions, indexing):
//! a repeat of an expression bound earlier in scope becomes a copy of the
//! first result, which copy propagation then removes. Two SOACs reading
//! one `iota` instead of two equal ones can then be fused.
//!
//! An array is never shared this way when either copy may be consumed
//! (updated in place, a scatter or histogram destination, a loop's initial
//! value, or the input of a SOAC whose function updates in place).

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::ir::*;

/// Eliminates common subexpressions in every function.
pub fn program(p: &mut Program) {
    let mut consumed = HashSet::default();
    for f in &p.funs {
        body_consumed(&f.body, &mut consumed);
    }
    let mut funs = std::mem::take(&mut p.funs);
    for f in &mut funs {
        body(p, &mut f.body, &mut HashMap::default(), &consumed);
    }
    p.funs = funs;
}

/// `seen` holds the expressions bound in scope; those `b` binds are taken
/// out again at its end (one table for the whole function: a copy per
/// nested body made a chain of `else if`s quadratic).
fn body(p: &Program, b: &mut Body, seen: &mut HashMap<String, VarId>, consumed: &HashSet<VarId>) {
    let mut bound = Vec::new();
    for s in &mut b.stms {
        nested(p, &mut s.exp, seen, consumed);
        if !s.pat.ctx.is_empty() || s.pat.vals.len() != 1 || !cheap(&s.exp) {
            continue;
        }
        let v = s.pat.vals[0];
        let array = p.ty(v).rank() > 0;
        if array && consumed.contains(&v) {
            continue;
        }
        let key = format!("{:?}", s.exp);
        match seen.get(&key) {
            Some(first) if p.ty(*first) == p.ty(v) => {
                s.exp = Exp::SubExp(SubExp::Var(*first));
            }
            Some(_) => {}
            None => {
                seen.insert(key.clone(), v);
                bound.push(key);
            }
        }
    }
    for key in bound {
        seen.remove(&key);
    }
}

fn nested(p: &Program, e: &mut Exp, seen: &mut HashMap<String, VarId>, consumed: &HashSet<VarId>) {
    e.for_each_body_mut(|b| body(p, b, seen, consumed));
}

/// Expressions worth sharing: cheap, pure, never failing on their own.
fn cheap(e: &Exp) -> bool {
    matches!(
        e,
        Exp::Scalar(..) | Exp::Iota(_) | Exp::Replicate(..) | Exp::Rearrange(..) | Exp::Index(..)
    )
}

/// The arrays a body may consume, in any way.
pub(crate) fn body_consumed(b: &Body, out: &mut HashSet<VarId>) {
    for s in &b.stms {
        match &s.exp {
            Exp::Update(a, _, _) => {
                out.insert(*a);
            }
            Exp::Loop { params, .. } => {
                out.extend(params.iter().filter_map(|(_, init)| init.var()));
            }
            Exp::Hist(h) => out.extend(h.ops.iter().flat_map(|o| o.dests.iter().copied())),
            Exp::Scatter(sc) => out.extend(sc.dests.iter().map(|(_, d)| *d)),
            _ => {}
        }
        let mut inner = HashSet::default();
        let arrs: &[VarId] = match &s.exp {
            Exp::Screma(x) => &x.arrs,
            Exp::Hist(x) => &x.arrs,
            Exp::Scatter(x) => &x.arrs,
            Exp::Stream(x) => &x.arrs,
            _ => &[],
        };
        match &s.exp {
            Exp::If {
                then_body,
                else_body,
                ..
            } => {
                body_consumed(then_body, out);
                body_consumed(else_body, out);
            }
            Exp::Loop { body, .. } => body_consumed(body, out),
            Exp::Screma(x) => {
                body_consumed(&x.map.body, &mut inner);
                x.scans
                    .iter()
                    .for_each(|y| body_consumed(&y.lambda.body, &mut inner));
                x.reds
                    .iter()
                    .for_each(|y| body_consumed(&y.lambda.body, &mut inner));
                if let Some(post) = &x.post {
                    body_consumed(&post.body, &mut inner);
                }
            }
            Exp::Hist(x) => {
                body_consumed(&x.bucket.body, &mut inner);
                x.ops
                    .iter()
                    .for_each(|o| body_consumed(&o.op.body, &mut inner));
            }
            Exp::Scatter(x) => body_consumed(&x.lambda.body, &mut inner),
            Exp::Stream(x) => body_consumed(&x.lambda.body, &mut inner),
            _ => {}
        }
        if !inner.is_empty() {
            out.extend(arrs.iter().copied());
            out.extend(inner);
        }
    }
}
