//! What a statement uses and consumes, for deciding whether two SOACs may
//! be fused: every variable bound in a program is unique, so "uses" can
//! simply collect every operand in an expression and in the bodies nested
//! in it (names bound inside never clash with names outside).

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::ir::*;

/// Every variable an expression mentions, nested bodies included.
pub fn exp_uses(e: &Exp, out: &mut HashSet<VarId>) {
    let mut add = |s: SubExp| {
        if let SubExp::Var(v) = s {
            out.insert(v);
        }
    };
    match e {
        Exp::SubExp(s) | Exp::Iota(s) => add(*s),
        Exp::Scalar(_, args) | Exp::Trace(args) | Exp::Apply(_, args) => {
            args.iter().for_each(|a| add(*a))
        }
        Exp::ArrayLit(items, row) => {
            items.iter().for_each(|a| add(*a));
            row.dims.iter().for_each(|d| add(*d));
        }
        Exp::Index(a, idx) | Exp::Update(a, idx, _) => {
            add(SubExp::Var(*a));
            for d in idx {
                match d {
                    DimIndex::Fix(s) => add(*s),
                    DimIndex::Slice { start, len, stride } => {
                        add(*start);
                        add(*len);
                        add(*stride);
                    }
                }
            }
            if let Exp::Update(_, _, v) = e {
                add(*v);
            }
        }
        Exp::Replicate(shape, v) => {
            shape.iter().for_each(|d| add(*d));
            add(*v);
        }
        Exp::Copy(a) | Exp::Rearrange(_, a) => add(SubExp::Var(*a)),
        Exp::Concat(arrs) => arrs.iter().for_each(|a| add(SubExp::Var(*a))),
        Exp::Reshape(shape, a) => {
            shape.iter().for_each(|d| add(*d));
            add(SubExp::Var(*a));
        }
        Exp::Rotate(n, a) => {
            add(*n);
            add(SubExp::Var(*a));
        }
        Exp::Assert(c, msg, _) => {
            add(*c);
            for m in msg {
                if let MsgPart::Value(v) = m {
                    add(*v);
                }
            }
        }
        Exp::If {
            cond,
            then_body,
            else_body,
        } => {
            add(*cond);
            body_uses(then_body, out);
            body_uses(else_body, out);
        }
        Exp::Loop {
            params, form, body, ..
        } => {
            for (_, init) in params {
                add(*init);
            }
            if let LoopForm::For { bound, .. } = form {
                add(*bound);
            }
            body_uses(body, out);
        }
        Exp::Screma(s) => {
            add(s.w);
            s.arrs.iter().for_each(|a| add(SubExp::Var(*a)));
            for sc in &s.scans {
                sc.neutral.iter().for_each(|n| add(*n));
            }
            for r in &s.reds {
                r.neutral.iter().for_each(|n| add(*n));
            }
            for sc in &s.scans {
                body_uses(&sc.lambda.body, out);
            }
            for r in &s.reds {
                body_uses(&r.lambda.body, out);
            }
            body_uses(&s.map.body, out);
            if let Some(post) = &s.post {
                body_uses(&post.body, out);
            }
        }
        Exp::Hist(h) => {
            add(h.w);
            h.arrs.iter().for_each(|a| add(SubExp::Var(*a)));
            for op in &h.ops {
                op.dests.iter().for_each(|d| add(SubExp::Var(*d)));
                op.neutral.iter().for_each(|n| add(*n));
            }
            for op in &h.ops {
                body_uses(&op.op.body, out);
            }
            body_uses(&h.bucket.body, out);
        }
        Exp::Scatter(s) => {
            add(s.w);
            s.arrs.iter().for_each(|a| add(SubExp::Var(*a)));
            s.dests.iter().for_each(|(_, d)| add(SubExp::Var(*d)));
            body_uses(&s.lambda.body, out);
        }
        Exp::Stream(s) => {
            add(s.w);
            s.arrs.iter().for_each(|a| add(SubExp::Var(*a)));
            s.accs.iter().for_each(|a| add(*a));
            body_uses(&s.lambda.body, out);
        }
    }
}

/// Every variable a body mentions (its results included).
pub fn body_uses(b: &Body, out: &mut HashSet<VarId>) {
    for s in &b.stms {
        exp_uses(&s.exp, out);
    }
    out.extend(b.result.iter().filter_map(|r| r.var()));
}

/// The variables of one expression.
pub fn uses_of(e: &Exp) -> HashSet<VarId> {
    let mut out = HashSet::default();
    exp_uses(e, &mut out);
    out
}

/// The variables an expression consumes (updates in place, scatter and
/// histogram destinations), in nested branches and loops too; a lambda
/// consumes nothing bound outside it.
pub fn exp_consumes(e: &Exp, out: &mut HashSet<VarId>) {
    match e {
        Exp::Update(a, _, _) => {
            out.insert(*a);
        }
        Exp::Hist(h) => out.extend(h.ops.iter().flat_map(|o| o.dests.iter().copied())),
        Exp::Scatter(s) => out.extend(s.dests.iter().map(|(_, d)| *d)),
        Exp::If {
            then_body,
            else_body,
            ..
        } => {
            for s in then_body.stms.iter().chain(&else_body.stms) {
                exp_consumes(&s.exp, out);
            }
        }
        Exp::Loop { body, .. } => {
            for s in &body.stms {
                exp_consumes(&s.exp, out);
            }
        }
        _ => {}
    }
}

/// The variables one expression consumes.
pub fn consumes_of(e: &Exp) -> HashSet<VarId> {
    let mut out = HashSet::default();
    exp_consumes(e, &mut out);
    out
}

/// Replaces variables by operands everywhere in a body (nested bodies
/// included; a variable replaced by a constant must not be an array
/// input or update target, which the callers ensure by substituting only
/// variables for those).
pub fn substitute_body(b: &mut Body, s: &HashMap<VarId, SubExp>) {
    for st in &mut b.stms {
        substitute_exp(&mut st.exp, s);
    }
    for r in &mut b.result {
        sub(r, s);
    }
}

fn sub(x: &mut SubExp, s: &HashMap<VarId, SubExp>) {
    if let SubExp::Var(v) = x {
        if let Some(y) = s.get(v) {
            *x = *y;
        }
    }
}

fn var(v: &mut VarId, s: &HashMap<VarId, SubExp>) {
    if let Some(SubExp::Var(y)) = s.get(v) {
        *v = *y;
    }
}

fn substitute_lambda(l: &mut Lambda, s: &HashMap<VarId, SubExp>) {
    substitute_body(&mut l.body, s);
    for t in l.ret.iter_mut() {
        t.dims.iter_mut().for_each(|d| sub(d, s));
    }
}

fn substitute_exp(e: &mut Exp, s: &HashMap<VarId, SubExp>) {
    match e {
        Exp::SubExp(x) | Exp::Iota(x) => sub(x, s),
        Exp::Scalar(_, args) | Exp::Trace(args) | Exp::Apply(_, args) => {
            args.iter_mut().for_each(|a| sub(a, s))
        }
        Exp::ArrayLit(items, row) => {
            items.iter_mut().for_each(|a| sub(a, s));
            row.dims.iter_mut().for_each(|d| sub(d, s));
        }
        Exp::Index(a, idx) | Exp::Update(a, idx, _) => {
            var(a, s);
            for d in idx.iter_mut() {
                match d {
                    DimIndex::Fix(x) => sub(x, s),
                    DimIndex::Slice { start, len, stride } => {
                        sub(start, s);
                        sub(len, s);
                        sub(stride, s);
                    }
                }
            }
            if let Exp::Update(_, _, v) = e {
                sub(v, s);
            }
        }
        Exp::Replicate(shape, v) => {
            shape.iter_mut().for_each(|d| sub(d, s));
            sub(v, s);
        }
        Exp::Copy(a) | Exp::Rearrange(_, a) => var(a, s),
        Exp::Concat(arrs) => arrs.iter_mut().for_each(|a| var(a, s)),
        Exp::Reshape(shape, a) => {
            shape.iter_mut().for_each(|d| sub(d, s));
            var(a, s);
        }
        Exp::Rotate(n, a) => {
            sub(n, s);
            var(a, s);
        }
        Exp::Assert(c, msg, _) => {
            sub(c, s);
            for m in msg.iter_mut() {
                if let MsgPart::Value(v) = m {
                    sub(v, s);
                }
            }
        }
        Exp::If {
            cond,
            then_body,
            else_body,
        } => {
            sub(cond, s);
            substitute_body(then_body, s);
            substitute_body(else_body, s);
        }
        Exp::Loop {
            params, form, body, ..
        } => {
            for (_, init) in params.iter_mut() {
                sub(init, s);
            }
            if let LoopForm::For { bound, .. } = form {
                sub(bound, s);
            }
            substitute_body(body, s);
        }
        Exp::Screma(x) => {
            sub(&mut x.w, s);
            x.arrs.iter_mut().for_each(|a| var(a, s));
            for sc in x.scans.iter_mut() {
                sc.neutral.iter_mut().for_each(|n| sub(n, s));
                substitute_lambda(&mut sc.lambda, s);
            }
            for r in x.reds.iter_mut() {
                r.neutral.iter_mut().for_each(|n| sub(n, s));
                substitute_lambda(&mut r.lambda, s);
            }
            substitute_lambda(&mut x.map, s);
            if let Some(post) = &mut x.post {
                substitute_lambda(post, s);
            }
        }
        Exp::Hist(h) => {
            sub(&mut h.w, s);
            h.arrs.iter_mut().for_each(|a| var(a, s));
            for op in h.ops.iter_mut() {
                op.dests.iter_mut().for_each(|d| var(d, s));
                op.neutral.iter_mut().for_each(|n| sub(n, s));
                substitute_lambda(&mut op.op, s);
            }
            substitute_lambda(&mut h.bucket, s);
        }
        Exp::Scatter(x) => {
            sub(&mut x.w, s);
            x.arrs.iter_mut().for_each(|a| var(a, s));
            x.dests.iter_mut().for_each(|(_, d)| var(d, s));
            substitute_lambda(&mut x.lambda, s);
        }
        Exp::Stream(x) => {
            sub(&mut x.w, s);
            x.arrs.iter_mut().for_each(|a| var(a, s));
            x.accs.iter_mut().for_each(|a| sub(a, s));
            substitute_lambda(&mut x.lambda, s);
        }
    }
}
