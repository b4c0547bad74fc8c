//! Counts of the constructs of a program by name, as Futhark's
//! `futhark test` counts them for `structure { ... }` blocks: every
//! construct is counted under its name alone, under each chain of the
//! constructs enclosing it (`Screma/Screma`), and under the whole chain
//! from the top of its function (`/Screma/Screma`).
//!
//! Names follow Futhark 0.28's SOACS representation. A scatter is there an
//! accumulator (`WithAcc`) around a map (`Screma`) that writes into it, so
//! ours counts as both; a `copy` is a `Replicate` of no extra dimensions;
//! a branch is an `If` with `True` and `False` parts; a loop is a `Loop`
//! holding a `ForLoop` or `WhileLoop`.

use std::collections::BTreeMap;

use runic_eval::builtins::Builtin;
use runic_eval::prim::BinOp;

use crate::ir::*;

/// Occurrences of each key (`Screma`, `Screma/Hist`, `/Loop/BinOp`, ...).
pub type Metrics = BTreeMap<String, usize>;

/// The metrics of every function of a program together.
pub fn program(p: &Program) -> Metrics {
    let mut m = Counter {
        ctx: Vec::new(),
        out: Metrics::new(),
    };
    for f in &p.funs {
        m.body(&f.body);
    }
    m.out
}

/// A count in progress: the chain of constructs around the current point
/// and the counts so far (also used for the kernel IR's metrics).
#[derive(Default)]
pub struct Counter {
    ctx: Vec<&'static str>,
    out: Metrics,
}

impl Counter {
    /// The counts.
    pub fn finish(self) -> Metrics {
        self.out
    }

    /// Counts `what` under every suffix of the enclosing chain and under
    /// the whole chain from the top.
    pub fn seen(&mut self, what: &str) {
        let mut keys = vec![format!("/{}", join(&self.ctx, what))];
        for start in 0..=self.ctx.len() {
            keys.push(join(&self.ctx[start..], what));
        }
        for k in keys {
            *self.out.entry(k).or_default() += 1;
        }
    }

    /// Counts `what`, then what `f` counts inside it.
    pub fn inside(&mut self, what: &'static str, f: impl FnOnce(&mut Self)) {
        self.seen(what);
        self.ctx.push(what);
        f(self);
        self.ctx.pop();
    }

    /// What `f` counts as if inside the given chain, which itself is
    /// counted elsewhere.
    pub fn within(&mut self, chain: &[&'static str], f: impl FnOnce(&mut Self)) {
        let depth = self.ctx.len();
        self.ctx.extend_from_slice(chain);
        f(self);
        self.ctx.truncate(depth);
    }

    pub fn body(&mut self, b: &Body) {
        for s in &b.stms {
            self.exp(&s.exp);
        }
    }

    pub fn lambda(&mut self, l: &Lambda) {
        self.body(&l.body);
    }

    pub fn exp(&mut self, e: &Exp) {
        match e {
            Exp::SubExp(_) => self.seen("SubExp"),
            Exp::Scalar(op, _) => self.seen(scalar_kind(*op)),
            Exp::ArrayLit(..) => self.seen("ArrayLit"),
            Exp::Index(..) => self.seen("Index"),
            Exp::Update(..) => self.seen("Update"),
            Exp::Iota(_) => self.seen("Iota"),
            Exp::Replicate(..) | Exp::Copy(_) => self.seen("Replicate"),
            Exp::Concat(_) => self.seen("Concat"),
            Exp::Reshape(..) => self.seen("Reshape"),
            Exp::Rearrange(..) => self.seen("Rearrange"),
            Exp::Rotate(..) => self.seen("Rotate"),
            Exp::Assert(..) => self.seen("Assert"),
            Exp::Trace(_) => self.seen("Opaque"),
            Exp::Apply(..) => self.seen("Apply"),
            Exp::If {
                then_body,
                else_body,
                ..
            } => self.inside("If", |m| {
                m.inside("True", |m| m.body(then_body));
                m.inside("False", |m| m.body(else_body));
            }),
            Exp::Loop { form, body, .. } => self.inside("Loop", |m| {
                m.seen(match form {
                    LoopForm::For { .. } => "ForLoop",
                    LoopForm::While(_) => "WhileLoop",
                });
                m.body(body);
            }),
            Exp::Screma(s) => self.inside("Screma", |m| {
                s.scans.iter().for_each(|x| m.lambda(&x.lambda));
                s.reds.iter().for_each(|x| m.lambda(&x.lambda));
                m.lambda(&s.map);
                if let Some(post) = &s.post {
                    m.lambda(post);
                }
            }),
            Exp::Hist(h) => self.inside("Hist", |m| {
                h.ops.iter().for_each(|o| m.lambda(&o.op));
                m.lambda(&h.bucket);
            }),
            Exp::Scatter(s) => self.inside("WithAcc", |m| {
                m.inside("Screma", |m| m.lambda(&s.lambda));
            }),
            Exp::Stream(s) => self.inside("Stream", |m| m.lambda(&s.lambda)),
        }
    }
}

fn join(ctx: &[&str], what: &str) -> String {
    let mut s = String::new();
    for c in ctx {
        s.push_str(c);
        s.push('/');
    }
    s.push_str(what);
    s
}

/// The kind of Futhark basic operation a scalar operation is.
fn scalar_kind(op: Builtin) -> &'static str {
    match op {
        Builtin::Bin(BinOp::Eq | BinOp::Neq | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge) => {
            "CmpOp"
        }
        Builtin::Bin(_) => "BinOp",
        Builtin::Convert(_) | Builtin::ToBits | Builtin::FromBits(_) => "ConvOp",
        Builtin::Neg
        | Builtin::Not
        | Builtin::Abs
        | Builtin::Sgn
        | Builtin::Popc
        | Builtin::Clz
        | Builtin::Ctz => "UnOp",
        _ => "Apply",
    }
}
