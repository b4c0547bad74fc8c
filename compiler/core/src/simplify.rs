//! The simplifier's first rules: copy propagation (`let x = y` replaces
//! `x` by `y`), constant folding (scalar operations on constants, with the
//! interpreter's semantics; a failing one, such as a division by zero,
//! stays for run time), algebraic identities (`x + 0`, `x * 1`, `true &&
//! x`, ...), removal of assertions that hold, and dead code removal
//! (statements whose results nothing uses and that cannot fail).
//!
//! Variables are bound once in the whole program, so one substitution map
//! serves every function and every nested body, and the types in the arena
//! are rewritten with it too (a size may have been a copy).

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use runic_eval::builtins::{apply_scalar, Builtin};
use runic_eval::prim::BinOp;
use runic_eval::value::Prim;

use crate::ir::*;

/// Simplifies every function until nothing changes (or a few rounds).
pub fn program(p: &mut Program) {
    for _ in 0..4 {
        let mut subst = HashMap::default();
        let mut funs = std::mem::take(&mut p.funs);
        for f in &mut funs {
            body(&mut f.body, &mut subst);
            replicates(&mut f.body, &mut HashMap::default());
        }
        if !subst.is_empty() {
            for v in p.vars.handles() {
                for d in p.vars[v].ty.dims.iter_mut() {
                    *d = resolve(&subst, *d);
                }
            }
        }
        for f in &mut funs {
            for t in f.ret.iter_mut() {
                for d in t.dims.iter_mut() {
                    *d = resolve(&subst, *d);
                }
            }
        }
        let mut removed = 0;
        for f in &mut funs {
            let mut used = HashSet::default();
            for t in &f.ret {
                used.extend(t.dims.iter().filter_map(|d| d.var()));
            }
            removed += dead_code(p, &mut f.body, &mut used);
        }
        p.funs = funs;
        if subst.is_empty() && removed == 0 {
            break;
        }
    }
    crate::copies::program(p);
}

/// `replicate n (replicate m x)` of a scalar `x` becomes one replicate of
/// shape `[n][m]` (as Futhark's simplifier does): the inner array, if
/// nothing else uses it, is then dead code.
fn replicates(b: &mut Body, scalar_reps: &mut HashMap<VarId, (Vec<SubExp>, SubExp)>) {
    for s in b.stms.iter_mut() {
        if let Exp::Replicate(shape, SubExp::Var(v)) = &s.exp {
            if let Some((inner, x)) = scalar_reps.get(v) {
                let mut full = shape.clone();
                full.extend(inner.iter().copied());
                s.exp = Exp::Replicate(full, *x);
            }
        }
        if let (Exp::Replicate(shape, x @ SubExp::Const(_)), [v]) = (&s.exp, &s.pat.vals[..]) {
            scalar_reps.insert(*v, (shape.clone(), *x));
        }
        s.exp
            .for_each_body_mut(|inner| replicates(inner, scalar_reps));
    }
}

fn resolve(subst: &HashMap<VarId, SubExp>, s: SubExp) -> SubExp {
    let mut s = s;
    while let SubExp::Var(v) = s {
        match subst.get(&v) {
            Some(next) => s = *next,
            None => break,
        }
    }
    s
}

/// Copy propagation, folding and identities in a body (and the bodies
/// nested in it).
fn body(b: &mut Body, subst: &mut HashMap<VarId, SubExp>) {
    let stms = std::mem::take(&mut b.stms);
    for mut s in stms {
        rewrite_exp(&mut s.exp, subst);
        if s.pat.ctx.is_empty() && s.pat.vals.len() == 1 {
            if let Some(value) = fold(&s.exp) {
                subst.insert(s.pat.vals[0], value);
                continue;
            }
        }
        if let Exp::Assert(SubExp::Const(Prim::Bool(true)), _, _) = s.exp {
            continue;
        }
        b.stms.push(s);
    }
    for r in b.result.iter_mut() {
        *r = resolve(subst, *r);
    }
}

/// What a single-valued expression simplifies to, if an operand.
fn fold(e: &Exp) -> Option<SubExp> {
    match e {
        Exp::SubExp(s) => Some(*s),
        Exp::Scalar(op, args) => match folded(*op, args) {
            Some(c) => Some(SubExp::Const(c)),
            None if args.iter().all(|a| matches!(a, SubExp::Const(_))) => None,
            None => identity(*op, args),
        },
        _ => None,
    }
}

/// The value of a scalar operation on constant operands, unless an operand
/// is a variable or the operation fails (a division by zero stays a
/// run-time error).
pub(crate) fn folded(op: Builtin, args: &[SubExp]) -> Option<Prim> {
    let consts: Option<Vec<Prim>> = args
        .iter()
        .map(|a| match a {
            SubExp::Const(c) => Some(*c),
            SubExp::Var(_) => None,
        })
        .collect();
    apply_scalar(op, &consts?).ok()
}

/// Whether an operand is the constant `x` (booleans as 0 and 1).
fn is(s: SubExp, x: i64) -> bool {
    match s {
        SubExp::Const(Prim::Bool(b)) => b as i64 == x,
        SubExp::Const(Prim::F16(f) | Prim::F32(f)) => f as f64 == x as f64,
        SubExp::Const(Prim::F64(f)) => f == x as f64,
        SubExp::Const(c) => c.as_i64() == x,
        SubExp::Var(_) => false,
    }
}

/// Algebraic identities that give one operand back.
fn identity(op: Builtin, args: &[SubExp]) -> Option<SubExp> {
    let Builtin::Bin(bin) = op else {
        return None;
    };
    let (a, b) = (*args.first()?, *args.get(1)?);
    let integral = |s: SubExp| match s {
        SubExp::Const(c) => c.prim_type().is_integral(),
        SubExp::Var(_) => false,
    };
    match bin {
        // `x + 0` on floats is not `x` for `-0.0`: integers only.
        BinOp::Add if is(b, 0) && integral(b) => Some(a),
        BinOp::Add if is(a, 0) && integral(a) => Some(b),
        BinOp::Sub if is(b, 0) && integral(b) => Some(a),
        BinOp::Mul if is(b, 1) => Some(a),
        BinOp::Mul if is(a, 1) => Some(b),
        BinOp::Div | BinOp::Quot if is(b, 1) && integral(b) => Some(a),
        BinOp::And if is(a, 1) && matches!(a, SubExp::Const(Prim::Bool(_))) => Some(b),
        BinOp::And if is(b, 1) && matches!(b, SubExp::Const(Prim::Bool(_))) => Some(a),
        BinOp::Or if is(a, 0) && matches!(a, SubExp::Const(Prim::Bool(_))) => Some(b),
        BinOp::Or if is(b, 0) && matches!(b, SubExp::Const(Prim::Bool(_))) => Some(a),
        BinOp::And if matches!(a, SubExp::Const(Prim::Bool(false))) => Some(a),
        BinOp::And if matches!(b, SubExp::Const(Prim::Bool(false))) => Some(b),
        BinOp::Or if matches!(a, SubExp::Const(Prim::Bool(true))) => Some(a),
        BinOp::Or if matches!(b, SubExp::Const(Prim::Bool(true))) => Some(b),
        _ => None,
    }
}

/// Substitutes operands in an expression and simplifies its bodies.
fn rewrite_exp(e: &mut Exp, subst: &mut HashMap<VarId, SubExp>) {
    let r = |s: &mut SubExp, subst: &HashMap<VarId, SubExp>| *s = resolve(subst, *s);
    // Variables that must stay variables (arrays): substituted only by
    // variables, which copy propagation guarantees for arrays.
    let rv = |v: &mut VarId, subst: &HashMap<VarId, SubExp>| {
        if let SubExp::Var(w) = resolve(subst, SubExp::Var(*v)) {
            *v = w;
        }
    };
    let idx = |i: &mut Vec<DimIndex>, subst: &HashMap<VarId, SubExp>| {
        for d in i.iter_mut() {
            match d {
                DimIndex::Fix(s) => r(s, subst),
                DimIndex::Slice { start, len, stride } => {
                    r(start, subst);
                    r(len, subst);
                    r(stride, subst);
                }
            }
        }
    };
    match e {
        Exp::SubExp(s) => r(s, subst),
        Exp::Scalar(_, args) | Exp::Trace(args) => args.iter_mut().for_each(|a| r(a, subst)),
        Exp::ArrayLit(items, row) => {
            items.iter_mut().for_each(|a| r(a, subst));
            row.dims.iter_mut().for_each(|d| r(d, subst));
        }
        Exp::Index(a, i) => {
            rv(a, subst);
            idx(i, subst);
        }
        Exp::Update(a, i, v) => {
            rv(a, subst);
            idx(i, subst);
            r(v, subst);
        }
        Exp::Iota(n) => r(n, subst),
        Exp::Replicate(shape, v) => {
            shape.iter_mut().for_each(|d| r(d, subst));
            r(v, subst);
        }
        Exp::Copy(a) | Exp::Rearrange(_, a) => rv(a, subst),
        Exp::Concat(arrs) => arrs.iter_mut().for_each(|a| rv(a, subst)),
        Exp::Reshape(shape, a) => {
            shape.iter_mut().for_each(|d| r(d, subst));
            rv(a, subst);
        }
        Exp::Rotate(n, a) => {
            r(n, subst);
            rv(a, subst);
        }
        Exp::Assert(c, msg, _) => {
            r(c, subst);
            for m in msg.iter_mut() {
                if let MsgPart::Value(v) = m {
                    r(v, subst);
                }
            }
        }
        Exp::If {
            cond,
            then_body,
            else_body,
        } => {
            r(cond, subst);
            body(then_body, subst);
            body(else_body, subst);
        }
        Exp::Loop {
            params,
            form,
            body: b,
            ..
        } => {
            for (_, init) in params.iter_mut() {
                r(init, subst);
            }
            if let LoopForm::For { bound, .. } = form {
                r(bound, subst);
            }
            body(b, subst);
        }
        Exp::Screma(s) => {
            r(&mut s.w, subst);
            s.arrs.iter_mut().for_each(|a| rv(a, subst));
            for sc in &mut s.scans {
                sc.neutral.iter_mut().for_each(|n| r(n, subst));
                lambda(&mut sc.lambda, subst);
            }
            for red in &mut s.reds {
                red.neutral.iter_mut().for_each(|n| r(n, subst));
                lambda(&mut red.lambda, subst);
            }
            lambda(&mut s.map, subst);
            if let Some(post) = &mut s.post {
                lambda(post, subst);
            }
        }
        Exp::Hist(h) => {
            r(&mut h.w, subst);
            h.arrs.iter_mut().for_each(|a| rv(a, subst));
            for op in &mut h.ops {
                op.dests.iter_mut().for_each(|a| rv(a, subst));
                op.neutral.iter_mut().for_each(|n| r(n, subst));
                lambda(&mut op.op, subst);
            }
            lambda(&mut h.bucket, subst);
        }
        Exp::Scatter(s) => {
            r(&mut s.w, subst);
            s.arrs.iter_mut().for_each(|a| rv(a, subst));
            s.dests.iter_mut().for_each(|(_, a)| rv(a, subst));
            lambda(&mut s.lambda, subst);
        }
        Exp::Apply(_, args) => args.iter_mut().for_each(|a| r(a, subst)),
        Exp::Stream(s) => {
            r(&mut s.w, subst);
            s.arrs.iter_mut().for_each(|a| rv(a, subst));
            s.accs.iter_mut().for_each(|a| r(a, subst));
            lambda(&mut s.lambda, subst);
        }
    }
}

fn lambda(l: &mut Lambda, subst: &mut HashMap<VarId, SubExp>) {
    body(&mut l.body, subst);
    for t in l.ret.iter_mut() {
        for d in t.dims.iter_mut() {
            *d = resolve(subst, *d);
        }
    }
}

/// Removes statements nothing uses that cannot fail; gives how many.
fn dead_code(p: &Program, b: &mut Body, used: &mut HashSet<VarId>) -> usize {
    used.extend(b.result.iter().filter_map(|s| s.var()));
    let mut removed = 0;
    let mut kept = Vec::new();
    for mut s in std::mem::take(&mut b.stms).into_iter().rev() {
        let live = s
            .pat
            .vals
            .iter()
            .chain(&s.pat.ctx)
            .any(|v| used.contains(v))
            || (may_fail(&s.exp) && !cannot_fail(p, &s.exp));
        if !live {
            removed += 1;
            continue;
        }
        for v in &s.pat.vals {
            used.extend(p.ty(*v).dims.iter().filter_map(|d| d.var()));
        }
        removed += uses(p, &mut s.exp, used);
        kept.push(s);
    }
    kept.reverse();
    b.stms = kept;
    removed
}

/// Whether an expression may fail at run time (and so must stay).
pub(crate) fn may_fail(e: &Exp) -> bool {
    match e {
        Exp::Assert(..) => true,
        Exp::Scalar(
            Builtin::Bin(BinOp::Div | BinOp::Mod | BinOp::Quot | BinOp::Rem | BinOp::Pow),
            _,
        ) => true,
        Exp::If {
            then_body,
            else_body,
            ..
        } => body_may_fail(then_body) || body_may_fail(else_body),
        Exp::Loop { body, form, .. } => body_may_fail(body) || matches!(form, LoopForm::While(_)),
        Exp::Screma(s) => {
            lambda_may_fail(&s.map)
                || s.scans.iter().any(|x| lambda_may_fail(&x.lambda))
                || s.reds.iter().any(|x| lambda_may_fail(&x.lambda))
                || s.post.as_ref().is_some_and(lambda_may_fail)
        }
        Exp::Hist(h) => lambda_may_fail(&h.bucket) || h.ops.iter().any(|o| lambda_may_fail(&o.op)),
        Exp::Scatter(s) => lambda_may_fail(&s.lambda),
        Exp::Stream(s) => lambda_may_fail(&s.lambda),
        Exp::Apply(..) => true,
        // Reshapes and concatenations check their sizes when they run.
        Exp::Reshape(..) | Exp::Concat(..) | Exp::ArrayLit(..) => true,
        _ => false,
    }
}

/// A concatenation of arrays whose rows have the same shape, as their
/// types say: nothing left to check when it runs.
fn cannot_fail(p: &Program, e: &Exp) -> bool {
    let Exp::Concat(parts) = e else {
        return false;
    };
    let row = |a: &VarId| p.ty(*a).dims.get(1..).map(<[SubExp]>::to_vec);
    let Some(first) = parts.first().and_then(row) else {
        return false;
    };
    parts.iter().all(|a| {
        row(a).is_some_and(|r| {
            r.len() == first.len() && r.iter().zip(&first).all(|(x, y)| x.same(*y))
        })
    })
}

pub(crate) fn body_may_fail(b: &Body) -> bool {
    b.stms.iter().any(|s| may_fail(&s.exp))
}

fn lambda_may_fail(l: &Lambda) -> bool {
    body_may_fail(&l.body)
}

/// Marks what a live expression uses; removes dead code in its bodies.
fn uses(p: &Program, e: &mut Exp, used: &mut HashSet<VarId>) -> usize {
    let add = |s: SubExp, used: &mut HashSet<VarId>| {
        if let SubExp::Var(v) = s {
            used.insert(v);
        }
    };
    let mut removed = 0;
    match e {
        Exp::SubExp(s) | Exp::Iota(s) => add(*s, used),
        Exp::Scalar(_, args) | Exp::Trace(args) => args.iter().for_each(|a| add(*a, used)),
        Exp::ArrayLit(items, row) => {
            items.iter().for_each(|a| add(*a, used));
            row.dims.iter().for_each(|d| add(*d, used));
        }
        Exp::Index(a, idx) | Exp::Update(a, idx, _) => {
            used.insert(*a);
            for d in idx.iter() {
                match d {
                    DimIndex::Fix(s) => add(*s, used),
                    DimIndex::Slice { start, len, stride } => {
                        add(*start, used);
                        add(*len, used);
                        add(*stride, used);
                    }
                }
            }
            if let Exp::Update(_, _, v) = e {
                add(*v, used);
            }
        }
        Exp::Replicate(shape, v) => {
            shape.iter().for_each(|d| add(*d, used));
            add(*v, used);
        }
        Exp::Copy(a) | Exp::Rearrange(_, a) => {
            used.insert(*a);
        }
        Exp::Concat(arrs) => used.extend(arrs.iter().copied()),
        Exp::Reshape(shape, a) => {
            shape.iter().for_each(|d| add(*d, used));
            used.insert(*a);
        }
        Exp::Rotate(n, a) => {
            add(*n, used);
            used.insert(*a);
        }
        Exp::Assert(c, msg, _) => {
            add(*c, used);
            for m in msg.iter() {
                if let MsgPart::Value(v) = m {
                    add(*v, used);
                }
            }
        }
        Exp::If {
            cond,
            then_body,
            else_body,
        } => {
            add(*cond, used);
            removed += dead_code(p, then_body, used);
            removed += dead_code(p, else_body, used);
        }
        Exp::Loop {
            params, form, body, ..
        } => {
            for (v, init) in params.iter() {
                add(*init, used);
                used.insert(*v);
                used.extend(p.ty(*v).dims.iter().filter_map(|d| d.var()));
            }
            match form {
                LoopForm::For { bound, .. } => add(*bound, used),
                LoopForm::While(c) => {
                    used.insert(*c);
                }
            }
            removed += dead_code(p, body, used);
        }
        Exp::Screma(s) => {
            add(s.w, used);
            used.extend(s.arrs.iter().copied());
            for sc in &mut s.scans {
                sc.neutral.iter().for_each(|n| add(*n, used));
                removed += lambda_uses(p, &mut sc.lambda, used);
            }
            for red in &mut s.reds {
                red.neutral.iter().for_each(|n| add(*n, used));
                removed += lambda_uses(p, &mut red.lambda, used);
            }
            removed += lambda_uses(p, &mut s.map, used);
            if let Some(post) = &mut s.post {
                removed += lambda_uses(p, post, used);
            }
        }
        Exp::Hist(h) => {
            add(h.w, used);
            used.extend(h.arrs.iter().copied());
            for op in &mut h.ops {
                used.extend(op.dests.iter().copied());
                op.neutral.iter().for_each(|n| add(*n, used));
                removed += lambda_uses(p, &mut op.op, used);
            }
            removed += lambda_uses(p, &mut h.bucket, used);
        }
        Exp::Scatter(s) => {
            add(s.w, used);
            used.extend(s.arrs.iter().copied());
            used.extend(s.dests.iter().map(|(_, a)| *a));
            removed += lambda_uses(p, &mut s.lambda, used);
        }
        Exp::Apply(_, args) => args.iter().for_each(|a| add(*a, used)),
        Exp::Stream(s) => {
            add(s.w, used);
            used.extend(s.arrs.iter().copied());
            s.accs.iter().for_each(|a| add(*a, used));
            removed += lambda_uses(p, &mut s.lambda, used);
        }
    }
    removed
}

fn lambda_uses(p: &Program, l: &mut Lambda, used: &mut HashSet<VarId>) -> usize {
    for t in &l.ret {
        used.extend(t.dims.iter().filter_map(|d| d.var()));
    }
    for v in &l.params {
        used.extend(p.ty(*v).dims.iter().filter_map(|d| d.var()));
    }
    dead_code(p, &mut l.body, used)
}
