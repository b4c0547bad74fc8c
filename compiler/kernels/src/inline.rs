//! Inlining of the calls of non-recursive functions before kernel
//! extraction. The core IR keeps a call ([`Exp::Apply`]) only for
//! functions the internaliser could not inline at once, such as the
//! functions made for a composition (`>->`, `<-<`) passed around as a
//! value; the ones among them that do not call themselves, directly or
//! through others, are inlined here so that their SOACs become kernels.
//! Each inlined copy gets fresh variables (the core IR binds a variable
//! once per function).

use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

use runic_core::ir::{Body, DimIndex, Exp, FunDef, Lambda, LoopForm, MsgPart, Pat, Stm, SubExp};
use runic_core::ir::{Type, VarId};
use runic_core::Program;

use crate::free::Free;

/// Inlines every call of a non-recursive function, in every function.
pub fn program(p: &mut Program) {
    let mut funs = p.funs.clone();
    let recursive = recursive_funs(&mut funs);
    let callees: HashMap<Rc<str>, &FunDef> = funs
        .iter()
        .filter(|f| !recursive.contains(&f.name) && !f.noinline)
        .map(|f| (f.name.clone(), f))
        .collect();
    if callees.is_empty() {
        return;
    }
    for i in 0..p.funs.len() {
        let mut body = std::mem::take(&mut p.funs[i].body);
        inline_body(p, &callees, &mut body);
        p.funs[i].body = body;
    }
}

/// The functions that call themselves, directly or through others.
fn recursive_funs(funs: &mut [FunDef]) -> BTreeSet<Rc<str>> {
    let calls: HashMap<Rc<str>, BTreeSet<Rc<str>>> = funs
        .iter_mut()
        .map(|f| {
            let mut out = BTreeSet::new();
            calls_in(&mut f.body, &mut out);
            (f.name.clone(), out)
        })
        .collect();
    let mut recursive = BTreeSet::new();
    for f in funs.iter() {
        // Whether `f` reaches itself.
        let mut seen = BTreeSet::new();
        let mut todo: Vec<Rc<str>> = calls[&f.name].iter().cloned().collect();
        while let Some(g) = todo.pop() {
            if g == f.name {
                recursive.insert(f.name.clone());
                break;
            }
            if seen.insert(g.clone()) {
                todo.extend(calls.get(&g).into_iter().flatten().cloned());
            }
        }
    }
    recursive
}

/// The functions a body calls (mutable only to share the walk over nested
/// bodies; nothing changes).
fn calls_in(b: &mut Body, out: &mut BTreeSet<Rc<str>>) {
    for s in &mut b.stms {
        if let Exp::Apply(name, _) = &s.exp {
            out.insert(name.clone());
        }
        s.exp.for_each_body_mut(|b| calls_in(b, out));
    }
}

fn inline_body(p: &mut Program, callees: &HashMap<Rc<str>, &FunDef>, b: &mut Body) {
    let mut stms = Vec::with_capacity(b.stms.len());
    for mut s in std::mem::take(&mut b.stms) {
        match &s.exp {
            Exp::Apply(name, args) if callees.contains_key(name) => {
                let args = args.clone();
                let mut inlined = inline_call(p, callees[name], &args, &s);
                // The callee's own calls, in turn (it is not recursive,
                // so this ends).
                let mut tmp = Body {
                    stms: std::mem::take(&mut inlined),
                    result: Vec::new(),
                };
                inline_body(p, callees, &mut tmp);
                stms.extend(tmp.stms);
            }
            _ => {
                s.exp.for_each_body_mut(|b| inline_body(p, callees, b));
                stms.push(s);
            }
        }
    }
    b.stms = stms;
}

/// The statements of one call: the parameters bound to the arguments,
/// the callee's statements with fresh variables, the pattern bound to its
/// results and the sizes of the pattern to the results' sizes.
fn inline_call(p: &mut Program, f: &FunDef, args: &[SubExp], call: &Stm) -> Vec<Stm> {
    let mut bound = Free::default();
    for v in &f.params {
        bound.bound.insert(*v);
    }
    bound.body(p, &f.body);
    let fresh: HashMap<VarId, VarId> = bound
        .bound
        .iter()
        .map(|v| {
            let var = &p.vars[*v];
            let (name, ty) = (var.name.clone(), var.ty.clone());
            (*v, p.new_var(&name, ty))
        })
        .collect();
    // The fresh variables' types name the fresh sizes.
    for v in fresh.values() {
        let mut ty = p.ty(*v).clone();
        rename_type(&mut ty, &fresh);
        p.vars[*v].ty = ty;
    }
    let mut body = f.body.clone();
    rename_body(&mut body, &fresh);
    let copy = |v: VarId, from: SubExp| Stm {
        pat: Pat {
            ctx: Vec::new(),
            vals: vec![v],
        },
        exp: Exp::SubExp(from),
        loc: call.loc.clone(),
    };
    let mut stms: Vec<Stm> = f
        .params
        .iter()
        .zip(args)
        .map(|(v, a)| copy(fresh[v], *a))
        .collect();
    stms.extend(body.stms);
    let mut ret = f.ret.clone();
    for t in &mut ret {
        rename_type(t, &fresh);
    }
    for d in &call.pat.ctx {
        // The size is a dimension of one of the results.
        let size = call.pat.vals.iter().zip(&ret).find_map(|(v, t)| {
            let k = p.ty(*v).dims.iter().position(|x| *x == SubExp::Var(*d))?;
            t.dims.get(k).copied()
        });
        stms.push(copy(*d, size.unwrap_or(SubExp::i64(0))));
    }
    for (v, r) in call.pat.vals.iter().zip(&body.result) {
        stms.push(copy(*v, *r));
    }
    stms
}

fn rename_type(t: &mut Type, m: &HashMap<VarId, VarId>) {
    for d in &mut t.dims {
        sub(d, m);
    }
}

fn var(v: &mut VarId, m: &HashMap<VarId, VarId>) {
    if let Some(x) = m.get(v) {
        *v = *x;
    }
}

fn sub(s: &mut SubExp, m: &HashMap<VarId, VarId>) {
    if let SubExp::Var(v) = s {
        var(v, m);
    }
}

fn subs(ss: &mut [SubExp], m: &HashMap<VarId, VarId>) {
    ss.iter_mut().for_each(|s| sub(s, m));
}

fn vars(vs: &mut [VarId], m: &HashMap<VarId, VarId>) {
    vs.iter_mut().for_each(|v| var(v, m));
}

/// Renames every variable of a body, bound or used.
fn rename_body(b: &mut Body, m: &HashMap<VarId, VarId>) {
    for s in &mut b.stms {
        vars(&mut s.pat.ctx, m);
        vars(&mut s.pat.vals, m);
        rename_exp(&mut s.exp, m);
    }
    subs(&mut b.result, m);
}

fn rename_lambda(l: &mut Lambda, m: &HashMap<VarId, VarId>) {
    vars(&mut l.params, m);
    rename_body(&mut l.body, m);
    for t in &mut l.ret {
        rename_type(t, m);
    }
}

fn rename_idx(idx: &mut [DimIndex], m: &HashMap<VarId, VarId>) {
    for i in idx {
        match i {
            DimIndex::Fix(x) => sub(x, m),
            DimIndex::Slice { start, len, stride } => {
                sub(start, m);
                sub(len, m);
                sub(stride, m);
            }
        }
    }
}

fn rename_exp(e: &mut Exp, m: &HashMap<VarId, VarId>) {
    match e {
        Exp::SubExp(x) | Exp::Iota(x) => sub(x, m),
        Exp::Scalar(_, args) | Exp::Trace(args) | Exp::Apply(_, args) => subs(args, m),
        Exp::ArrayLit(items, row) => {
            subs(items, m);
            rename_type(row, m);
        }
        Exp::Index(a, idx) => {
            var(a, m);
            rename_idx(idx, m);
        }
        Exp::Update(a, idx, v) => {
            var(a, m);
            rename_idx(idx, m);
            sub(v, m);
        }
        Exp::Replicate(shape, v) => {
            subs(shape, m);
            sub(v, m);
        }
        Exp::Copy(a) | Exp::Rearrange(_, a) => var(a, m),
        Exp::Concat(arrs) => vars(arrs, m),
        Exp::Reshape(shape, a) => {
            subs(shape, m);
            var(a, m);
        }
        Exp::Rotate(r, a) => {
            sub(r, m);
            var(a, m);
        }
        Exp::Assert(c, msg, _) => {
            sub(c, m);
            for part in msg.iter_mut() {
                if let MsgPart::Value(v) = part {
                    sub(v, m);
                }
            }
        }
        Exp::If {
            cond,
            then_body,
            else_body,
        } => {
            sub(cond, m);
            rename_body(then_body, m);
            rename_body(else_body, m);
        }
        Exp::Loop {
            ctx,
            params,
            form,
            body,
        } => {
            vars(ctx, m);
            for (v, init) in params.iter_mut() {
                var(v, m);
                sub(init, m);
            }
            match form {
                LoopForm::For { i, bound } => {
                    var(i, m);
                    sub(bound, m);
                }
                LoopForm::While(c) => var(c, m),
            }
            rename_body(body, m);
        }
        Exp::Screma(s) => {
            sub(&mut s.w, m);
            vars(&mut s.arrs, m);
            for sc in &mut s.scans {
                subs(&mut sc.neutral, m);
                rename_lambda(&mut sc.lambda, m);
            }
            for r in &mut s.reds {
                subs(&mut r.neutral, m);
                rename_lambda(&mut r.lambda, m);
            }
            rename_lambda(&mut s.map, m);
        }
        Exp::Hist(h) => {
            sub(&mut h.w, m);
            vars(&mut h.arrs, m);
            for op in &mut h.ops {
                vars(&mut op.dests, m);
                subs(&mut op.neutral, m);
                rename_lambda(&mut op.op, m);
            }
            rename_lambda(&mut h.bucket, m);
        }
        Exp::Scatter(s) => {
            sub(&mut s.w, m);
            vars(&mut s.arrs, m);
            for (_, d) in &mut s.dests {
                var(d, m);
            }
            rename_lambda(&mut s.lambda, m);
        }
        Exp::Stream(s) => {
            sub(&mut s.w, m);
            vars(&mut s.arrs, m);
            subs(&mut s.accs, m);
            rename_lambda(&mut s.lambda, m);
        }
    }
}
