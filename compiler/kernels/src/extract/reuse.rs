//! Branches and loops that may give back memory they did not make: an
//! array from outside (a parameter, a loop's initial value), or a view
//! of one (a slice, a reshape, a transposition, an in-place update of
//! it). A single-thread kernel copies the arrays it returns, which would
//! turn such a result (free on the host: the branch only picks a
//! pointer) into a sequential copy, so the host keeps these statements,
//! as Futhark's migration does ("copyable memory" only: arrays built
//! inside, or of one element).

use std::collections::BTreeSet;

use runic_core::ir::{Body, DimIndex, Exp, Program, Stm, SubExp, VarId};

/// Whether a branch or loop may give an array result of more than one
/// element that is memory from outside it.
pub(super) fn returns_outer(p: &Program, s: &Stm) -> bool {
    if !matches!(s.exp, Exp::If { .. } | Exp::Loop { .. }) {
        return false;
    }
    let mut a = Aliases {
        p,
        inner: BTreeSet::new(),
        outer: BTreeSet::new(),
    };
    let given = a.exp(&s.exp);
    s.pat
        .vals
        .iter()
        .zip(given)
        .any(|(v, outer)| outer && !single(p, *v))
}

/// Whether an array has one element (sizes all the constant 1).
fn single(p: &Program, v: VarId) -> bool {
    p.ty(v)
        .dims
        .iter()
        .all(|d| matches!(d, SubExp::Const(c) if c.as_i64() == 1))
}

struct Aliases<'a> {
    p: &'a Program,
    /// Variables bound inside the statement.
    inner: BTreeSet<VarId>,
    /// Those of them that may be memory from outside.
    outer: BTreeSet<VarId>,
}

impl Aliases<'_> {
    /// Whether a value may be outer memory of more than one element (a
    /// one-element array is as cheap to copy as a scalar).
    fn is_outer(&self, x: &SubExp) -> bool {
        match x {
            SubExp::Var(v) => {
                self.p.ty(*v).rank() > 0
                    && !single(self.p, *v)
                    && (!self.inner.contains(v) || self.outer.contains(v))
            }
            SubExp::Const(_) => false,
        }
    }

    fn bind(&mut self, v: VarId, outer: bool) {
        self.inner.insert(v);
        if outer {
            self.outer.insert(v);
        }
    }

    /// For each result of the body: whether it may be outer memory.
    fn body(&mut self, b: &Body) -> Vec<bool> {
        for s in &b.stms {
            let given = self.exp(&s.exp);
            for v in &s.pat.ctx {
                self.bind(*v, false);
            }
            for (i, v) in s.pat.vals.iter().enumerate() {
                self.bind(*v, given.get(i).copied().unwrap_or(false));
            }
        }
        b.result.iter().map(|r| self.is_outer(r)).collect()
    }

    /// For each value an expression gives: whether it may be outer memory.
    fn exp(&mut self, e: &Exp) -> Vec<bool> {
        let view = |a: &VarId| vec![self.is_outer(&SubExp::Var(*a))];
        match e {
            Exp::SubExp(x) => vec![self.is_outer(x)],
            Exp::Index(a, idx) if idx.iter().any(|i| !matches!(i, DimIndex::Fix(_))) => view(a),
            Exp::Reshape(_, a) | Exp::Rearrange(_, a) | Exp::Rotate(_, a) | Exp::Update(a, ..) => {
                view(a)
            }
            Exp::Trace(args) => args.iter().map(|x| self.is_outer(x)).collect(),
            Exp::If {
                then_body,
                else_body,
                ..
            } => {
                let t = self.body(then_body);
                let f = self.body(else_body);
                t.iter().zip(&f).map(|(a, b)| *a || *b).collect()
            }
            Exp::Loop { params, body, .. } => {
                // A parameter is outer memory if its initial value is, or
                // (after a first look at the body) what the body gives it.
                let mut init: Vec<bool> = params.iter().map(|(_, x)| self.is_outer(x)).collect();
                for _ in 0..2 {
                    for ((v, _), o) in params.iter().zip(&init) {
                        self.bind(*v, *o);
                    }
                    let next = self.body(body);
                    init = init.iter().zip(&next).map(|(a, b)| *a || *b).collect();
                }
                init
            }
            _ => Vec::new(),
        }
    }
}
