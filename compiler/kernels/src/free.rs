//! Free variables of core statements, bodies and lambdas, with the sizes
//! in the types of the variables they use (a kernel needs the shapes of
//! its arrays, the host the sizes of what it allocates).

use std::collections::BTreeSet;

use runic_core::ir::{Body, DimIndex, Exp, Lambda, LoopForm, MsgPart, Stm, SubExp, Type, VarId};
use runic_core::Program;

/// Variables used and not bound, in index order (deterministic).
#[derive(Default)]
pub struct Free {
    pub used: BTreeSet<VarId>,
    pub bound: BTreeSet<VarId>,
}

impl Free {
    /// The free variables once everything was visited.
    pub fn vars(&self) -> Vec<VarId> {
        self.used.difference(&self.bound).copied().collect()
    }

    fn sub(&mut self, p: &Program, s: SubExp) {
        if let SubExp::Var(v) = s {
            self.var(p, v);
        }
    }

    pub fn var(&mut self, p: &Program, v: VarId) {
        if self.used.insert(v) {
            self.ty(p, &p.ty(v).clone());
        }
    }

    fn ty(&mut self, p: &Program, t: &Type) {
        for d in &t.dims {
            self.sub(p, *d);
        }
    }

    fn bind(&mut self, p: &Program, v: VarId) {
        self.bound.insert(v);
        self.ty(p, &p.ty(v).clone());
    }

    pub fn stm(&mut self, p: &Program, s: &Stm) {
        self.exp(p, &s.exp);
        for v in s.pat.ctx.iter().chain(&s.pat.vals) {
            self.bind(p, *v);
        }
    }

    pub fn body(&mut self, p: &Program, b: &Body) {
        for s in &b.stms {
            self.stm(p, s);
        }
        for r in &b.result {
            self.sub(p, *r);
        }
    }

    pub fn lambda(&mut self, p: &Program, l: &Lambda) {
        for v in &l.params {
            self.bind(p, *v);
        }
        self.body(p, &l.body);
        for t in &l.ret {
            self.ty(p, t);
        }
    }

    fn idx(&mut self, p: &Program, idx: &[DimIndex]) {
        for i in idx {
            match i {
                DimIndex::Fix(s) => self.sub(p, *s),
                DimIndex::Slice { start, len, stride } => {
                    for s in [start, len, stride] {
                        self.sub(p, *s);
                    }
                }
            }
        }
    }

    fn subs(&mut self, p: &Program, ss: &[SubExp]) {
        for s in ss {
            self.sub(p, *s);
        }
    }

    fn vars_of(&mut self, p: &Program, vs: &[VarId]) {
        for v in vs {
            self.var(p, *v);
        }
    }

    pub fn exp(&mut self, p: &Program, e: &Exp) {
        match e {
            Exp::SubExp(s) => self.sub(p, *s),
            Exp::Scalar(_, args) | Exp::Trace(args) | Exp::Apply(_, args) => self.subs(p, args),
            Exp::ArrayLit(items, row) => {
                self.subs(p, items);
                self.ty(p, row);
            }
            Exp::Index(a, idx) => {
                self.var(p, *a);
                self.idx(p, idx);
            }
            Exp::Update(a, idx, v) => {
                self.var(p, *a);
                self.idx(p, idx);
                self.sub(p, *v);
            }
            Exp::Iota(n) => self.sub(p, *n),
            Exp::Replicate(shape, v) => {
                self.subs(p, shape);
                self.sub(p, *v);
            }
            Exp::Copy(a) | Exp::Rearrange(_, a) => self.var(p, *a),
            Exp::Concat(arrs) => self.vars_of(p, arrs),
            Exp::Reshape(shape, a) => {
                self.subs(p, shape);
                self.var(p, *a);
            }
            Exp::Rotate(r, a) => {
                self.sub(p, *r);
                self.var(p, *a);
            }
            Exp::Assert(c, msg, _) => {
                self.sub(p, *c);
                for m in msg {
                    if let MsgPart::Value(v) = m {
                        self.sub(p, *v);
                    }
                }
            }
            Exp::If {
                cond,
                then_body,
                else_body,
            } => {
                self.sub(p, *cond);
                self.body(p, then_body);
                self.body(p, else_body);
            }
            Exp::Loop {
                ctx,
                params,
                form,
                body,
            } => {
                for (_, init) in params {
                    self.sub(p, *init);
                }
                for c in ctx {
                    self.bind(p, *c);
                }
                for (v, _) in params {
                    self.bind(p, *v);
                }
                match form {
                    LoopForm::For { i, bound } => {
                        self.sub(p, *bound);
                        self.bind(p, *i);
                    }
                    LoopForm::While(_) => {}
                }
                self.body(p, body);
            }
            Exp::Screma(s) => {
                self.sub(p, s.w);
                self.vars_of(p, &s.arrs);
                for sc in &s.scans {
                    self.subs(p, &sc.neutral);
                    self.lambda(p, &sc.lambda);
                }
                for r in &s.reds {
                    self.subs(p, &r.neutral);
                    self.lambda(p, &r.lambda);
                }
                self.lambda(p, &s.map);
                if let Some(post) = &s.post {
                    self.lambda(p, post);
                }
            }
            Exp::Hist(h) => {
                self.sub(p, h.w);
                self.vars_of(p, &h.arrs);
                for op in &h.ops {
                    self.vars_of(p, &op.dests);
                    self.subs(p, &op.neutral);
                    self.lambda(p, &op.op);
                }
                self.lambda(p, &h.bucket);
            }
            Exp::Scatter(s) => {
                self.sub(p, s.w);
                self.vars_of(p, &s.arrs);
                for (_, d) in &s.dests {
                    self.var(p, *d);
                }
                self.lambda(p, &s.lambda);
            }
            Exp::Stream(s) => {
                self.sub(p, s.w);
                self.vars_of(p, &s.arrs);
                self.subs(p, &s.accs);
                self.lambda(p, &s.lambda);
            }
        }
    }
}

/// The free variables of a body.
pub fn of_body(p: &Program, b: &Body) -> Vec<VarId> {
    let mut f = Free::default();
    f.body(p, b);
    f.vars()
}

/// The free variables of a lambda.
pub fn of_lambda(p: &Program, l: &Lambda) -> Vec<VarId> {
    let mut f = Free::default();
    f.lambda(p, l);
    f.vars()
}

/// Whether an expression must be run by the host: it contains a parallel
/// SOAC (outside SOACs' lambdas: those launch kernels) or a call (a
/// recursive function's, which the host runs).
pub fn has_soac(e: &Exp) -> bool {
    match e {
        Exp::Screma(_) | Exp::Hist(_) | Exp::Scatter(_) | Exp::Apply(..) => true,
        Exp::If {
            then_body,
            else_body,
            ..
        } => body_has_soac(then_body) || body_has_soac(else_body),
        Exp::Loop { body, .. } => body_has_soac(body),
        Exp::Stream(s) => body_has_soac(&s.lambda.body),
        _ => false,
    }
}

/// Whether a branch or loop builds or copies arrays in its own bodies
/// (an array literal of rows, a concatenation, `iota`, `replicate`, a
/// copy, a slice update): the host keeps such a statement, as Futhark
/// does, so that these stay parallel operations instead of one device
/// thread's sequential work.
pub fn builds_arrays(p: &Program, e: &Exp) -> bool {
    let bodies: Vec<&Body> = match e {
        Exp::If {
            then_body,
            else_body,
            ..
        } => vec![then_body, else_body],
        Exp::Loop { body, .. } => vec![body],
        _ => return false,
    };
    bodies.iter().any(|b| {
        b.stms.iter().any(|s| match &s.exp {
            Exp::ArrayLit(_, row) => row.rank() > 0,
            Exp::Concat(_) | Exp::Iota(_) | Exp::Replicate(..) => true,
            Exp::Copy(a) => p.ty(*a).rank() > 0,
            Exp::Update(_, _, v) => p.subexp_type(*v).rank() > 0,
            e => builds_arrays(p, e),
        })
    })
}

fn body_has_soac(b: &Body) -> bool {
    b.stms.iter().any(|s| has_soac(&s.exp))
}

/// Whether an expression calls a recursive function anywhere inside it,
/// lambdas included (a device cannot run the recursion that call stands
/// for; a `#[noinline]` function's body it runs inlined).
pub fn has_call(p: &Program, e: &Exp) -> bool {
    has_call_within(p, e, 0)
}

fn has_call_within(p: &Program, e: &Exp, depth: usize) -> bool {
    let bodies: Vec<&Body> = match e {
        Exp::Apply(name, _) => {
            return match p.funs.iter().find(|f| f.name == *name) {
                Some(f) if f.noinline && depth < 32 => f
                    .body
                    .stms
                    .iter()
                    .any(|s| has_call_within(p, &s.exp, depth + 1)),
                _ => true,
            }
        }
        Exp::If {
            then_body,
            else_body,
            ..
        } => vec![then_body, else_body],
        Exp::Loop { body, .. } => vec![body],
        Exp::Screma(s) => std::iter::once(&s.map.body)
            .chain(s.scans.iter().map(|x| &x.lambda.body))
            .chain(s.reds.iter().map(|x| &x.lambda.body))
            .chain(s.post.iter().map(|l| &l.body))
            .collect(),
        Exp::Hist(h) => std::iter::once(&h.bucket.body)
            .chain(h.ops.iter().map(|o| &o.op.body))
            .collect(),
        Exp::Scatter(s) => vec![&s.lambda.body],
        Exp::Stream(s) => vec![&s.lambda.body],
        _ => return false,
    };
    bodies
        .iter()
        .any(|b| b.stms.iter().any(|s| has_call_within(p, &s.exp, depth)))
}
