//! Automatic differentiation as a transformation of the core IR.
//!
//! Forward mode ([`jvp`]) works by dual numbers: every variable that
//! depends on the point gets a *tangent* variable of the same type, and
//! each statement is followed by statements computing its tangent by the
//! chain rule (`rules.rs` for scalar operations; `compound.rs` for `if`,
//! loops and SOACs, whose bodies and lambdas are transformed to carry
//! tangents alongside their values, their operators becoming operators on
//! pairs). Tangents known to be zero are not materialised (a variable
//! without a tangent has tangent zero), so `0 * inf` adds nothing, as in
//! Futhark. Integers carry tangents for `+`, `-`, `*`, `min`, `max`, `abs`
//! and negation, and booleans only through `!` (whose derivative is, as
//! in Futhark and the interpreter, `x && x'`).
//!
//! The transformation is syntactic over statements that were just
//! internalised, so nested `jvp`s need no tags: an inner `jvp` has already
//! become ordinary statements when the outer one transforms them.
//!
//! Reverse mode (`vjp`) is built on top of this by the internaliser
//! (`internalise::ad`): for now one forward pass per scalar of the point,
//! as the interpreter does, which is exact but costs one run of the
//! function per input scalar rather than a small multiple of one run.

mod compound;
mod rules;
mod special;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use runic_eval::builtins::Builtin;
use runic_eval::prim::BinOp;
use runic_eval::value::Prim;
use runic_sema::types::PrimType;

use crate::ir::*;

/// A transformation error (a construct it cannot differentiate yet).
pub type Ad<T> = Result<T, String>;

/// Forward-mode differentiation of `stms` (which bind, in order, what
/// `results` name) with respect to the variables of `seeds`, whose
/// tangents are given. Gives the transformed statements and the tangent of
/// each result (zeros materialised where it has none).
pub fn jvp(
    prog: &mut Program,
    stms: Vec<Stm>,
    seeds: &[(VarId, SubExp)],
    results: &[SubExp],
) -> Ad<(Vec<Stm>, Vec<SubExp>)> {
    let mut fwd = Fwd {
        prog,
        tan: HashMap::default(),
        local: HashSet::default(),
        out: Vec::new(),
        loc: None,
    };
    for (v, d) in seeds {
        fwd.set(*v, Some(*d));
    }
    fwd.stms(stms)?;
    let tans = results.iter().map(|r| fwd.tangent_or_zero(*r)).collect();
    Ok((fwd.out, tans))
}

/// A transformed body: its statements, its results and their tangents
/// (`None`: zero).
type Transformed = (Vec<Stm>, Vec<SubExp>, Vec<Option<SubExp>>);

/// The state of one forward-mode transformation.
struct Fwd<'p> {
    prog: &'p mut Program,
    /// The tangent of each variable that has one.
    tan: HashMap<VarId, SubExp>,
    /// Tangent arrays bound by the transformation itself (which an
    /// in-place update may consume; others are copied first).
    local: HashSet<VarId>,
    /// The statements of the body being built.
    out: Vec<Stm>,
    /// The location of the statement being transformed.
    loc: Option<Loc>,
}

impl Fwd<'_> {
    fn ty(&self, s: SubExp) -> Type {
        self.prog.subexp_type(s)
    }

    /// A fresh variable of the type of `like` (a tangent's), bound by the
    /// transformation.
    fn fresh(&mut self, like: VarId) -> VarId {
        let name = format!("{}_tan", self.prog.vars[like].name);
        let ty = self.prog.ty(like).clone();
        let v = self.prog.new_var(&name, ty);
        self.local.insert(v);
        v
    }

    /// Adds a statement of one result.
    fn bind(&mut self, name: &str, exp: Exp, ty: Type) -> SubExp {
        let v = self.prog.new_var(name, ty);
        self.local.insert(v);
        self.push(
            Pat {
                ctx: Vec::new(),
                vals: vec![v],
            },
            exp,
        );
        SubExp::Var(v)
    }

    fn push(&mut self, pat: Pat, exp: Exp) {
        self.out.push(Stm {
            pat,
            exp,
            loc: self.loc.clone(),
        });
    }

    /// The tangent of an operand (`None`: zero).
    fn tangent(&self, s: SubExp) -> Option<SubExp> {
        match s {
            SubExp::Var(v) => self.tan.get(&v).copied(),
            SubExp::Const(_) => None,
        }
    }

    /// Records (or clears) the tangent of a variable.
    fn set(&mut self, v: VarId, d: Option<SubExp>) {
        match d {
            Some(d) => {
                self.tan.insert(v, d);
            }
            _ => {
                self.tan.remove(&v);
            }
        }
    }

    /// A zero of a type (an array of zeros for an array type).
    fn zero(&mut self, t: &Type) -> SubExp {
        let z = SubExp::Const(Prim::zero(t.prim));
        if t.dims.is_empty() {
            return z;
        }
        let ty = Type::array(t.prim, t.dims.clone());
        self.bind("zeros", Exp::Replicate(t.dims.clone(), z), ty)
    }

    fn tangent_or_zero(&mut self, s: SubExp) -> SubExp {
        match self.tangent(s) {
            Some(d) => d,
            None => {
                let t = self.ty(s);
                self.zero(&t)
            }
        }
    }

    /// The tangent array of `a` for a statement that consumes it: its own
    /// when the transformation bound it, else a copy (or zeros).
    fn consumable_tangent(&mut self, a: VarId) -> Ad<VarId> {
        let d = self.tangent_or_zero(SubExp::Var(a));
        let SubExp::Var(d) = d else {
            return Err("the tangent of an array is a scalar".into());
        };
        if self.local.contains(&d) {
            return Ok(d);
        }
        let ty = self.prog.ty(d).clone();
        let copy = self.bind("tan_copy", Exp::Copy(d), ty);
        Ok(copy.var().expect("bound above"))
    }

    /// A scalar operation, folded on constants.
    fn op(&mut self, b: Builtin, args: Vec<SubExp>) -> SubExp {
        if let Some(c) = crate::simplify::folded(b, &args) {
            return SubExp::Const(c);
        }
        let prims: Vec<PrimType> = args.iter().map(|a| self.ty(*a).prim).collect();
        let t = scalar_result(b, &prims);
        self.bind("d", Exp::Scalar(b, args), Type::scalar(t))
    }

    fn bin(&mut self, op: BinOp, a: SubExp, b: SubExp) -> SubExp {
        self.op(Builtin::Bin(op), vec![a, b])
    }

    fn stms(&mut self, stms: Vec<Stm>) -> Ad<()> {
        for s in stms {
            self.stm(s)?;
        }
        Ok(())
    }

    /// Transforms a body in a fresh statement list: its statements, its
    /// results, and their tangents.
    fn body(&mut self, body: Body) -> Ad<Transformed> {
        let saved = std::mem::take(&mut self.out);
        let r = self.stms(body.stms);
        let stms = std::mem::replace(&mut self.out, saved);
        r?;
        let tans = body.result.iter().map(|s| self.tangent(*s)).collect();
        Ok((stms, body.result, tans))
    }

    /// A body from transformed statements, with results that `f` adds to
    /// them (zeros it materialises go into the body).
    fn close(&mut self, stms: Vec<Stm>, f: impl FnOnce(&mut Self) -> Vec<SubExp>) -> Body {
        let saved = std::mem::replace(&mut self.out, stms);
        let result = f(self);
        let stms = std::mem::replace(&mut self.out, saved);
        Body { stms, result }
    }

    /// A tangent of the same type for each variable, recorded.
    fn tangent_vars(&mut self, vs: &[VarId]) -> Vec<VarId> {
        vs.iter()
            .map(|v| {
                let d = self.fresh(*v);
                self.set(*v, Some(SubExp::Var(d)));
                d
            })
            .collect()
    }

    fn stm(&mut self, stm: Stm) -> Ad<()> {
        self.loc = stm.loc.clone();
        let Stm { pat, exp, loc } = stm;
        let exp = match exp {
            Exp::If {
                cond,
                then_body,
                else_body,
            } => return self.if_(pat, cond, then_body, else_body),
            Exp::Loop {
                ctx,
                params,
                form,
                body,
            } => return self.loop_(pat, ctx, params, form, body),
            Exp::Screma(s) => return self.screma(pat, *s),
            Exp::Hist(h) => return self.hist(pat, *h),
            Exp::Scatter(s) => return self.scatter(pat, *s),
            Exp::Stream(_) => return Err("the derivative of a stream".into()),
            Exp::Apply(..) => return Err("the derivative of a recursive function".into()),
            other => other,
        };
        let v = pat.vals.first().copied();
        let primal = |fwd: &mut Self, exp: Exp| {
            fwd.out.push(Stm {
                pat: pat.clone(),
                exp,
                loc: loc.clone(),
            })
        };
        match exp {
            Exp::If { .. }
            | Exp::Loop { .. }
            | Exp::Screma(_)
            | Exp::Hist(_)
            | Exp::Scatter(_)
            | Exp::Stream(_)
            | Exp::Apply(..) => unreachable!("handled above"),
            Exp::SubExp(s) => {
                let d = self.tangent(s);
                primal(self, exp);
                let digamma = v.is_some_and(|v| &*self.prog.vars[v].name == special::INPUT);
                if digamma && d.is_some() {
                    // A second derivative of `gamma` or `lgamma`.
                    let at = self.loc.clone().unwrap_or_else(|| std::rc::Rc::from(""));
                    let msg = vec![MsgPart::Text(
                        "cannot differentiate gamma or lgamma twice".into(),
                    )];
                    self.push(
                        Pat::default(),
                        Exp::Assert(SubExp::Const(Prim::Bool(false)), msg, at),
                    );
                    return Ok(());
                }
                if let Some(v) = v {
                    self.set(v, d);
                }
            }
            Exp::Scalar(b, ref args) => {
                let args = args.clone();
                primal(self, exp);
                if let Some(v) = v {
                    let d = self.scalar_tangent(b, &args, SubExp::Var(v))?;
                    self.set(v, d);
                }
            }
            Exp::ArrayLit(ref items, ref row) => {
                let (items, row) = (items.clone(), row.clone());
                primal(self, exp);
                if let Some(v) = v {
                    if items.iter().any(|i| self.tangent(*i).is_some()) {
                        let ds = items.iter().map(|i| self.tangent_or_zero(*i)).collect();
                        let ty = self.prog.ty(v).clone();
                        let d = self.bind("tan", Exp::ArrayLit(ds, row), ty);
                        self.set(v, Some(d));
                    }
                }
            }
            Exp::Update(a, ref idx, x) => {
                let idx = idx.clone();
                let active = self.tangent(SubExp::Var(a)).is_some() || self.tangent(x).is_some();
                let darr = if active {
                    Some(self.consumable_tangent(a)?)
                } else {
                    None
                };
                let dx = if active {
                    Some(self.tangent_or_zero(x))
                } else {
                    None
                };
                primal(self, exp);
                if let (Some(v), Some(darr), Some(dx)) = (v, darr, dx) {
                    let ty = self.prog.ty(v).clone();
                    let d = self.bind("tan", Exp::Update(darr, idx, dx), ty);
                    self.set(v, Some(d));
                }
            }
            Exp::Iota(_) | Exp::Assert(..) => primal(self, exp),
            Exp::Trace(ref args) => {
                let ds: Vec<Option<SubExp>> = args.iter().map(|a| self.tangent(*a)).collect();
                primal(self, exp);
                for (v, d) in pat.vals.iter().zip(ds) {
                    self.set(*v, d);
                }
            }
            Exp::Concat(ref arrs) => {
                let arrs = arrs.clone();
                primal(self, exp);
                if let Some(v) = v {
                    if arrs.iter().any(|a| self.tangent(SubExp::Var(*a)).is_some()) {
                        let mut ds = Vec::new();
                        for a in &arrs {
                            match self.tangent_or_zero(SubExp::Var(*a)) {
                                SubExp::Var(d) => ds.push(d),
                                SubExp::Const(_) => return Err("concatenating scalars".into()),
                            }
                        }
                        let ty = self.prog.ty(v).clone();
                        let d = self.bind("tan", Exp::Concat(ds), ty);
                        self.set(v, Some(d));
                    }
                }
            }
            // Operations that rearrange or select elements do the same to
            // the tangent.
            Exp::Index(a, _)
            | Exp::Copy(a)
            | Exp::Reshape(_, a)
            | Exp::Rearrange(_, a)
            | Exp::Rotate(_, a) => {
                let d = self.tangent(SubExp::Var(a)).and_then(SubExp::var);
                let on_tangent = d.map(|d| match &exp {
                    Exp::Index(_, idx) => Exp::Index(d, idx.clone()),
                    Exp::Copy(_) => Exp::Copy(d),
                    Exp::Reshape(shape, _) => Exp::Reshape(shape.clone(), d),
                    Exp::Rearrange(perm, _) => Exp::Rearrange(perm.clone(), d),
                    Exp::Rotate(r, _) => Exp::Rotate(*r, d),
                    _ => unreachable!("matched above"),
                });
                primal(self, exp);
                if let (Some(v), Some(e)) = (v, on_tangent) {
                    let ty = self.prog.ty(v).clone();
                    let d = self.bind("tan", e, ty);
                    self.set(v, Some(d));
                }
            }
            Exp::Replicate(ref shape, x) => {
                let shape = shape.clone();
                primal(self, exp);
                if let (Some(v), Some(dx)) = (v, self.tangent(x)) {
                    let ty = self.prog.ty(v).clone();
                    let d = self.bind("tan", Exp::Replicate(shape, dx), ty);
                    self.set(v, Some(d));
                }
            }
        }
        Ok(())
    }
}
