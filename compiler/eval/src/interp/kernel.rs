//! Scalar kernels: a function value whose body is scalar arithmetic
//! (operators, conversions, `if`, `let`, scalar builtins, calls of global
//! functions of the same kind) compiled once per `map`, `reduce` or `scan`
//! into a tree over a register file of unboxed scalars, then run on every
//! element without building a `Value`, a frame or a call.
//!
//! A kernel may also index one-dimensional arrays of scalars it captures
//! (`xs[n - 1 - i]`), call the function values it captures (`map2`'s
//! `f a b`), and take tuples of scalars (the elements of a `zip`) as
//! parameters, one register per field.
//!
//! A kernel gives the same results as calling the function, or fails; on
//! failure (a run-time error, a value that is not a scalar) the caller
//! runs the operation again the ordinary way, which reports the error
//! with its location and call stack as before.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use runic_sema::types::PrimType;

use super::columns::{self, Col};
use super::{Callee, Closure, Interp};
use crate::builtins::{self, Builtin};
use crate::data::Data;
use crate::ir::{Expr, FuncDef, IndexSpec, Pat, Shape, Slot};
use crate::lower::GlobalDef;
use crate::prim::{self, BinOp};
use crate::value::{Array, Prim, Value};

/// How deep calls of global functions are inlined into a kernel.
const MAX_INLINE: u32 = 8;

/// Nodes a kernel may have (beyond this, the ordinary path is as good).
const MAX_NODES: u32 = 256;

/// A compiled scalar expression.
#[derive(Debug, Clone)]
pub(super) enum K {
    Reg(u32),
    Const(Prim),
    Bin(BinOp, Box<K>, Box<K>),
    Neg(Box<K>),
    Not(Box<K>),
    And(Box<K>, Box<K>),
    Or(Box<K>, Box<K>),
    Equal(bool, Box<K>, Box<K>),
    If(Box<K>, Box<K>, Box<K>),
    /// Evaluates the first into a register, then the second.
    Let(u32, Box<K>, Box<K>),
    /// As `Let`, for an inlined call: counts as a call (a step).
    Call(Vec<(u32, K)>, Box<K>),
    Convert(Box<K>, PrimType),
    Builtin(Builtin, Vec<K>),
    Assert(Box<K>, Box<K>),
    /// Element `i` of the kernel's one-dimensional array of scalars
    /// number `a` (fails out of bounds).
    Index(u32, Box<K>),
}

/// How the values a parameter takes are laid out: a scalar, or a tuple.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Layout {
    Scalar,
    Tuple(Vec<Layout>),
}

impl Layout {
    /// The layout of the elements of `data`, if they are scalars or
    /// tuples of them.
    pub fn of(data: &Data) -> Option<Layout> {
        match data {
            Data::Zip(fields) => fields
                .iter()
                .map(Layout::of)
                .collect::<Option<_>>()
                .map(Layout::Tuple),
            other => other.prim_type().map(|_| Layout::Scalar),
        }
    }
}

/// The typed buffers of the fields of `data`, depth first.
pub(super) fn leaves(data: Data, out: &mut Vec<Data>) {
    match data {
        Data::Zip(fields) => fields.into_iter().for_each(|f| leaves(f, out)),
        typed => out.push(typed),
    }
}

/// A scalar function ready to run on unboxed arguments.
#[derive(Clone)]
pub(super) struct Kernel {
    body: K,
    /// The register file: captured values and arguments applied in
    /// advance are filled in, parameters are written per run.
    regs: Vec<Prim>,
    /// The registers of the remaining parameters, the fields of tuple
    /// parameters flattened (`None`: a wildcard).
    params: Vec<Option<u32>>,
    /// How the values of each remaining parameter are laid out.
    pub layouts: Vec<Layout>,
    /// The arrays the body indexes.
    arrays: Vec<Rc<Array>>,
    /// The most calls one run makes (the closure's own included).
    pub max_calls: u64,
    /// Calls made by runs so far (the closure's own included).
    pub calls: u64,
    /// 1 when the function is a call of its own (not a builtin's).
    own_call: u64,
    /// Whether every run makes `max_calls` calls (no call is
    /// conditional), so that runs over columns can count them.
    columnar: bool,
}

/// The state of compiling one kernel.
struct Compiler<'a, 'p> {
    interp: &'a Interp<'p>,
    /// Registers allocated so far.
    next: u32,
    /// The registers that hold a scalar, by register.
    known: Vec<bool>,
    nodes: u32,
    /// Registers whose values are known now: scalars (written into the
    /// register file once), arrays and functions (used by the body).
    fixed: HashMap<u32, Value>,
    /// The arrays the body indexes, by number.
    arrays: Vec<Rc<Array>>,
}

impl Kernel {
    /// Runs the kernel on columns of `n` arguments at once (one column per
    /// flattened parameter), if it can run so; `None` on any failure.
    pub fn run_columns(&mut self, args: Vec<Data>, n: usize) -> Option<Data> {
        if !self.columnar || self.params.len() != args.len() {
            return None;
        }
        let mut regs: Vec<Option<Col>> = self.regs.iter().map(|p| Some(Col::All(*p))).collect();
        for (reg, arg) in self.params.iter().zip(args) {
            if let Some(r) = reg {
                regs[*r as usize] = Some(Col::each(arg));
            }
        }
        let result = columns::eval(&self.body, &mut regs, &self.arrays, n)?.data(n);
        self.calls += self.max_calls * n as u64;
        Some(result)
    }

    /// Runs the kernel on its remaining arguments; `None` on any failure.
    #[inline]
    pub fn run(&mut self, args: &[Prim]) -> Option<Prim> {
        for (reg, arg) in self.params.iter().zip(args) {
            if let Some(r) = reg {
                self.regs[*r as usize] = *arg;
            }
        }
        self.calls += self.own_call;
        eval(&self.body, &mut self.regs, &mut self.calls, &self.arrays)
    }
}

/// A reduction operator's kernel taken apart: the subtrees of its body
/// that do not read the accumulator (its first parameter), to run over
/// columns of elements first, and the rest, which reads their values from
/// registers.
pub(super) struct Split {
    /// The subtrees, each with the register its value goes to.
    hoisted: Vec<(u32, K)>,
    /// The rest of the body, as a kernel of the same parameters.
    pub rest: Kernel,
    /// When the rest is `acc op t` with `t` hoisted: `op` and the number
    /// of `t` among the hoisted subtrees.
    pub fold: Option<(BinOp, usize)>,
}

impl Kernel {
    /// The kernel split at its accumulator, if a subtree of its body does
    /// not read it (and every run makes every call, so that steps count
    /// per element).
    pub fn split_accumulator(&self) -> Option<Split> {
        let (Some(acc), 2, true) = (self.params[0], self.params.len(), self.columnar) else {
            return None;
        };
        let mut bound = HashSet::new();
        binds(&self.body, &mut bound);
        let free = |r: u32| r != acc && !bound.contains(&r);
        let mut next = self.regs.len() as u32;
        let mut hoisted = Vec::new();
        let body = hoist(&self.body, &free, &mut next, &mut hoisted);
        if hoisted.is_empty() {
            return None;
        }
        let fold = match &body {
            K::Bin(op, a, b) => match (&**a, &**b) {
                (K::Reg(x), K::Reg(t)) if *x == acc => hoisted.iter().position(|(r, _)| r == t),
                _ => None,
            }
            .map(|k| (*op, k)),
            _ => None,
        };
        let mut rest = self.clone();
        rest.body = body;
        rest.regs.resize(next as usize, Prim::Bool(false));
        Some(Split {
            hoisted,
            rest,
            fold,
        })
    }
}

impl Split {
    /// The values of the hoisted subtrees over `n` elements whose second
    /// operands are `xs`; `None` on any failure.
    pub fn columns(&self, xs: Data, n: usize) -> Option<Vec<Data>> {
        let k = &self.rest;
        let mut regs: Vec<Option<Col>> = k.regs.iter().map(|p| Some(Col::All(*p))).collect();
        if let Some(r) = k.params[1] {
            regs[r as usize] = Some(Col::each(xs));
        }
        let hoisted = self.hoisted.iter();
        hoisted
            .map(|(_, t)| columns::eval(t, &mut regs, &k.arrays, n).map(|c| c.data(n)))
            .collect()
    }

    /// Runs the rest on the accumulator, an element and the values of the
    /// hoisted subtrees at `k` in `columns`; `None` on any failure.
    pub fn run(&mut self, acc: Prim, x: Prim, columns: &[Data], k: usize) -> Option<Prim> {
        for ((r, _), c) in self.hoisted.iter().zip(columns) {
            self.rest.regs[*r as usize] = c.prim(k)?;
        }
        self.rest.run(&[acc, x])
    }
}

/// The subexpressions of `k`.
fn children(k: &K) -> Vec<&K> {
    match k {
        K::Reg(_) | K::Const(_) => Vec::new(),
        K::Neg(a) | K::Not(a) | K::Convert(a, _) | K::Index(_, a) => vec![a],
        K::Bin(_, a, b)
        | K::And(a, b)
        | K::Or(a, b)
        | K::Equal(_, a, b)
        | K::Let(_, a, b)
        | K::Assert(a, b) => vec![a, b],
        K::If(c, t, f) => vec![c, t, f],
        K::Call(binds, body) => binds.iter().map(|(_, v)| v).chain([&**body]).collect(),
        K::Builtin(_, args) => args.iter().collect(),
    }
}

/// Adds the registers `k` writes (`let`s, inlined calls' parameters).
fn binds(k: &K, out: &mut HashSet<u32>) {
    match k {
        K::Let(r, ..) => {
            out.insert(*r);
        }
        K::Call(params, _) => out.extend(params.iter().map(|(r, _)| *r)),
        _ => {}
    }
    children(k).into_iter().for_each(|c| binds(c, out));
}

/// Whether `k` reads only registers that are `free` or that it writes
/// itself before (`local`).
fn reads_only(k: &K, free: &dyn Fn(u32) -> bool, local: &mut Vec<u32>) -> bool {
    let scoped = |local: &mut Vec<u32>, regs: Vec<u32>, body: &K| {
        let depth = local.len();
        local.extend(regs);
        let ok = reads_only(body, free, local);
        local.truncate(depth);
        ok
    };
    match k {
        K::Reg(r) => free(*r) || local.contains(r),
        K::Let(r, v, body) => reads_only(v, free, local) && scoped(local, vec![*r], body),
        K::Call(params, body) => {
            params.iter().all(|(_, v)| reads_only(v, free, local))
                && scoped(local, params.iter().map(|(r, _)| *r).collect(), body)
        }
        other => children(other)
            .into_iter()
            .all(|c| reads_only(c, free, local)),
    }
}

/// `k` with each largest subtree that reads only `free` registers (and
/// is evaluated whenever `k` is) replaced by a new register, the subtree
/// added to `out`.
fn hoist(k: &K, free: &dyn Fn(u32) -> bool, next: &mut u32, out: &mut Vec<(u32, K)>) -> K {
    if !matches!(k, K::Reg(_) | K::Const(_)) && reads_only(k, free, &mut Vec::new()) {
        out.push((*next, k.clone()));
        *next += 1;
        return K::Reg(*next - 1);
    }
    let mut h = |a: &K| Box::new(hoist(a, free, next, out));
    match k {
        K::Bin(op, a, b) => K::Bin(*op, h(a), h(b)),
        K::Neg(a) => K::Neg(h(a)),
        K::Not(a) => K::Not(h(a)),
        K::Convert(a, t) => K::Convert(h(a), *t),
        K::Index(n, a) => K::Index(*n, h(a)),
        K::Equal(p, a, b) => K::Equal(*p, h(a), h(b)),
        K::Let(r, v, body) => K::Let(*r, h(v), h(body)),
        K::Assert(c, body) => K::Assert(h(c), h(body)),
        // Only what every evaluation evaluates.
        K::And(a, b) => K::And(h(a), b.clone()),
        K::Or(a, b) => K::Or(h(a), b.clone()),
        K::If(c, t, f) => K::If(h(c), t.clone(), f.clone()),
        K::Call(params, body) => {
            K::Call(params.iter().map(|(r, v)| (*r, *h(v))).collect(), h(body))
        }
        K::Builtin(b, args) => K::Builtin(*b, args.iter().map(|a| *h(a)).collect()),
        K::Reg(_) | K::Const(_) => k.clone(),
    }
}

#[inline]
fn as_bool(p: Prim) -> bool {
    matches!(p, Prim::Bool(true))
}

fn eval(k: &K, regs: &mut [Prim], calls: &mut u64, arrays: &[Rc<Array>]) -> Option<Prim> {
    Some(match k {
        K::Reg(r) => regs[*r as usize],
        K::Const(p) => *p,
        K::Bin(op, a, b) => {
            let x = eval(a, regs, calls, arrays)?;
            let y = eval(b, regs, calls, arrays)?;
            prim::binop(*op, x, y).ok()?
        }
        K::Neg(a) => prim::neg(eval(a, regs, calls, arrays)?),
        K::Not(a) => prim::not(eval(a, regs, calls, arrays)?),
        K::And(a, b) => Prim::Bool(
            as_bool(eval(a, regs, calls, arrays)?) && as_bool(eval(b, regs, calls, arrays)?),
        ),
        K::Or(a, b) => Prim::Bool(
            as_bool(eval(a, regs, calls, arrays)?) || as_bool(eval(b, regs, calls, arrays)?),
        ),
        K::Equal(positive, a, b) => {
            let x = eval(a, regs, calls, arrays)?;
            let y = eval(b, regs, calls, arrays)?;
            Prim::Bool(prim::prim_eq(x, y) == *positive)
        }
        K::If(c, t, f) => {
            if as_bool(eval(c, regs, calls, arrays)?) {
                eval(t, regs, calls, arrays)?
            } else {
                eval(f, regs, calls, arrays)?
            }
        }
        K::Let(r, v, body) => {
            regs[*r as usize] = eval(v, regs, calls, arrays)?;
            eval(body, regs, calls, arrays)?
        }
        K::Call(binds, body) => {
            *calls += 1;
            for (r, v) in binds {
                regs[*r as usize] = eval(v, regs, calls, arrays)?;
            }
            eval(body, regs, calls, arrays)?
        }
        K::Convert(a, t) => prim::convert(eval(a, regs, calls, arrays)?, *t),
        K::Builtin(b, args) => {
            let mut values = [Prim::Bool(false); 4];
            for (slot, a) in values.iter_mut().zip(args) {
                *slot = eval(a, regs, calls, arrays)?;
            }
            builtins::apply_scalar(*b, &values[..args.len()]).ok()?
        }
        K::Assert(c, body) => {
            if !as_bool(eval(c, regs, calls, arrays)?) {
                return None;
            }
            eval(body, regs, calls, arrays)?
        }
        K::Index(a, i) => {
            let data = &arrays[*a as usize].data;
            let i = index_of(eval(i, regs, calls, arrays)?).filter(|i| *i < data.len())?;
            data.prim(i)?
        }
    })
}

/// A scalar builtin on `args`: as the node of its operation where there
/// is one (operators, conversions, negation), which runs over columns as
/// typed loops.
fn builtin_node(b: Builtin, mut args: Vec<K>) -> K {
    let last = |args: &mut Vec<K>| Box::new(args.pop().expect("an operand"));
    match (b, args.len()) {
        (Builtin::Bin(op), 2) => {
            let y = last(&mut args);
            K::Bin(op, last(&mut args), y)
        }
        (Builtin::Convert(t), 1) => K::Convert(last(&mut args), t),
        (Builtin::Neg, 1) => K::Neg(last(&mut args)),
        (Builtin::Not, 1) => K::Not(last(&mut args)),
        _ => K::Builtin(b, args),
    }
}

/// An index as an offset, if it is an integer in range of one.
#[inline]
pub(super) fn index_of(p: Prim) -> Option<usize> {
    if !p.prim_type().is_integral() {
        return None;
    }
    usize::try_from(p.as_i64()).ok()
}

/// Whether `k` makes a call only some evaluations make (`inside`: `k`
/// itself is evaluated only sometimes).
fn conditional_calls(k: &K, inside: bool) -> bool {
    match k {
        K::Reg(_) | K::Const(_) => false,
        K::Call(..) if inside => true,
        K::Neg(a) | K::Not(a) | K::Convert(a, _) | K::Index(_, a) => conditional_calls(a, inside),
        K::Bin(_, a, b) | K::Equal(_, a, b) | K::Let(_, a, b) | K::Assert(a, b) => {
            conditional_calls(a, inside) || conditional_calls(b, inside)
        }
        K::And(a, b) | K::Or(a, b) => conditional_calls(a, inside) || conditional_calls(b, true),
        K::If(c, t, f) => {
            conditional_calls(c, inside) || conditional_calls(t, true) || conditional_calls(f, true)
        }
        K::Call(binds, body) => {
            binds.iter().any(|(_, v)| conditional_calls(v, inside))
                || conditional_calls(body, inside)
        }
        K::Builtin(_, args) => args.iter().any(|a| conditional_calls(a, inside)),
    }
}

/// The most calls one evaluation of `k` makes.
fn max_calls(k: &K) -> u64 {
    match k {
        K::Reg(_) | K::Const(_) => 0,
        K::Neg(a) | K::Not(a) | K::Convert(a, _) | K::Index(_, a) => max_calls(a),
        K::Bin(_, a, b)
        | K::And(a, b)
        | K::Or(a, b)
        | K::Equal(_, a, b)
        | K::Let(_, a, b)
        | K::Assert(a, b) => max_calls(a) + max_calls(b),
        K::If(c, t, f) => max_calls(c) + max_calls(t).max(max_calls(f)),
        K::Call(binds, body) => {
            1 + binds.iter().map(|(_, v)| max_calls(v)).sum::<u64>() + max_calls(body)
        }
        K::Builtin(_, args) => args.iter().map(max_calls).sum(),
    }
}

/// The slot a simple parameter pattern binds (`Some(None)` for a
/// wildcard), if it is one.
fn simple_param(pat: &Pat) -> Option<Option<Slot>> {
    match pat {
        Pat::Bind(slot) => Some(Some(*slot)),
        Pat::Wild => Some(None),
        Pat::Typed(inner, shape, _) if matches!(**shape, Shape::Other) => simple_param(inner),
        _ => None,
    }
}

/// Whether a function can be compiled as a kernel body: simple
/// parameters, no sizes to bind or check.
fn simple_function(f: &FuncDef) -> bool {
    f.implicit_sizes.is_empty()
        && f.type_sizes.is_empty()
        && f.ret
            .as_ref()
            .is_none_or(|(shape, _)| matches!(**shape, Shape::Other))
        && f.params.iter().all(|p| simple_param(p).is_some())
}

impl<'p> Interp<'p> {
    /// The kernel of a function value taking `arity` more arguments (each
    /// a scalar or a tuple of them: see [`Kernel::layouts`]), if it has one.
    pub(super) fn kernel(&self, f: &Value, arity: usize) -> Option<Kernel> {
        if self.ad_depth > 0 {
            return None;
        }
        let Value::Fun(closure) = f else {
            return None;
        };
        let mut c = Compiler {
            interp: self,
            next: 0,
            known: Vec::new(),
            nodes: 0,
            fixed: HashMap::new(),
            arrays: Vec::new(),
        };
        let (body, params, layouts) = match &closure.callee {
            Callee::Builtin(b) => {
                if !b.is_scalar() || b.arity() != closure.args.len() + arity {
                    return None;
                }
                let mut args = Vec::new();
                for v in &closure.args {
                    args.push(K::Const(
                        v.as_prim().filter(|_| matches!(v, Value::Prim(_)))?,
                    ));
                }
                let params: Vec<Option<u32>> = (0..arity as u32).map(Some).collect();
                args.extend((0..arity as u32).map(K::Reg));
                c.next = arity as u32;
                (builtin_node(*b, args), params, vec![Layout::Scalar; arity])
            }
            Callee::Func(f) => {
                if !simple_function(f) || f.params.len() != closure.args.len() + arity {
                    return None;
                }
                c.next = f.frame_size;
                c.known = vec![false; f.frame_size as usize];
                c.preset(f, &closure.captured, &closure.args, 0);
                let mut params = Vec::new();
                let mut layouts = Vec::new();
                for pat in &f.params[closure.args.len()..] {
                    layouts.push(c.param(pat, &mut params)?);
                }
                (c.expr(&f.body, 0, 0)?, params, layouts)
            }
        };
        let mut regs = vec![Prim::Bool(false); c.next as usize];
        for (r, v) in &c.fixed {
            if let Value::Prim(p) = v {
                regs[*r as usize] = *p;
            }
        }
        let own_call = matches!(closure.callee, Callee::Func(_)) as u64;
        Some(Kernel {
            columnar: !conditional_calls(&body, false),
            own_call,
            max_calls: own_call + max_calls(&body),
            body,
            regs,
            params,
            layouts,
            arrays: c.arrays,
            calls: 0,
        })
    }
}

impl Compiler<'_, '_> {
    fn reg(&self, slot: Slot, base: u32) -> Option<u32> {
        let r = base + slot;
        self.known.get(r as usize).copied()?.then_some(r)
    }

    fn bind(&mut self, slot: Slot, base: u32) -> u32 {
        let r = base + slot;
        self.known[r as usize] = true;
        r
    }

    fn boxed(&mut self, e: &Expr, base: u32, depth: u32) -> Option<Box<K>> {
        self.expr(e, base, depth).map(Box::new)
    }

    /// Compiles `e`, whose slots are registers from `base`, at call depth
    /// `depth`.
    fn expr(&mut self, e: &Expr, base: u32, depth: u32) -> Option<K> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return None;
        }
        Some(match e {
            Expr::Local(slot) | Expr::Move(slot) => K::Reg(self.reg(*slot, base)?),
            Expr::Const(Value::Prim(p)) => K::Const(*p),
            Expr::Global(g) => match self.interp.consts.get(*g as usize)? {
                Some(Value::Prim(p)) => K::Const(*p),
                _ => return None,
            },
            Expr::BinOp(op, a, b, _) => K::Bin(
                *op,
                self.boxed(a, base, depth)?,
                self.boxed(b, base, depth)?,
            ),
            Expr::Neg(a) => K::Neg(self.boxed(a, base, depth)?),
            Expr::Unsafe(a) | Expr::NoInline(a) | Expr::Sequential(_, a) | Expr::Attrs(_, a) => {
                self.expr(a, base, depth)?
            }
            Expr::Not(a) => K::Not(self.boxed(a, base, depth)?),
            Expr::And(a, b) => K::And(self.boxed(a, base, depth)?, self.boxed(b, base, depth)?),
            Expr::Or(a, b) => K::Or(self.boxed(a, base, depth)?, self.boxed(b, base, depth)?),
            Expr::Equal(positive, a, b) => K::Equal(
                *positive,
                self.boxed(a, base, depth)?,
                self.boxed(b, base, depth)?,
            ),
            Expr::If(c, t, f) => K::If(
                self.boxed(c, base, depth)?,
                self.boxed(t, base, depth)?,
                self.boxed(f, base, depth)?,
            ),
            Expr::Let(pat, v, body) => {
                let v = self.boxed(v, base, depth)?;
                match simple_param(pat)? {
                    Some(slot) => {
                        let r = self.bind(slot, base);
                        K::Let(r, v, self.boxed(body, base, depth)?)
                    }
                    // The value is still evaluated: it may fail.
                    None => K::Let(self.scratch(), v, self.boxed(body, base, depth)?),
                }
            }
            Expr::Convert(a, t) => K::Convert(self.boxed(a, base, depth)?, *t),
            Expr::Assert(c, body, _, _) => {
                K::Assert(self.boxed(c, base, depth)?, self.boxed(body, base, depth)?)
            }
            Expr::CallBuiltin(b, args, _) => self.builtin(*b, args, base, depth)?,
            Expr::Apply(f, args, _) => match &**f {
                Expr::Builtin(b) => self.builtin(*b, args, base, depth)?,
                Expr::Global(g) => self.call(*g, args, base, depth)?,
                Expr::Local(slot) | Expr::Move(slot) => {
                    let Some(Value::Fun(f)) = self.fixed.get(&(base + slot)).cloned() else {
                        return None;
                    };
                    self.closure(&f, args, base, depth)?
                }
                _ => return None,
            },
            Expr::Index(a, specs, _) => match specs.as_slice() {
                [IndexSpec::Point(i)] => {
                    let a = self.array(a, base)?;
                    K::Index(a, self.boxed(i, base, depth)?)
                }
                _ => return None,
            },
            Expr::CallGlobal(g, args, sizes, _) if sizes.is_empty() => {
                self.call(*g, args, base, depth)?
            }
            _ => return None,
        })
    }

    /// A register for a value nobody reads.
    fn scratch(&mut self) -> u32 {
        self.next += 1;
        self.known.push(true);
        self.next - 1
    }

    fn builtin(&mut self, b: Builtin, args: &[Expr], base: u32, depth: u32) -> Option<K> {
        if !b.is_scalar() || b.arity() != args.len() || args.len() > 4 {
            return None;
        }
        let args = args
            .iter()
            .map(|a| self.expr(a, base, depth))
            .collect::<Option<_>>()?;
        Some(builtin_node(b, args))
    }

    /// A call of a global function, inlined.
    fn call(&mut self, g: u32, args: &[Expr], base: u32, depth: u32) -> Option<K> {
        let GlobalDef::Func(f) = self.interp.program.globals.get(g as usize)? else {
            return None;
        };
        if !f.captures.is_empty() {
            return None;
        }
        self.inline(f, &[], &[], args, base, depth)
    }

    /// A call of a function value the kernel knows, inlined.
    fn closure(&mut self, f: &Closure, args: &[Expr], base: u32, depth: u32) -> Option<K> {
        match &f.callee {
            Callee::Func(def) => self.inline(def, &f.captured, &f.args, args, base, depth),
            Callee::Builtin(b) => {
                if !b.is_scalar() || b.arity() != f.args.len() + args.len() || b.arity() > 4 {
                    return None;
                }
                let mut ks = Vec::new();
                for v in &f.args {
                    ks.push(K::Const(
                        v.as_prim().filter(|_| matches!(v, Value::Prim(_)))?,
                    ));
                }
                for a in args {
                    ks.push(self.expr(a, base, depth)?);
                }
                Some(builtin_node(*b, ks))
            }
        }
    }

    /// A call of `f` (with `captured` values and `applied` arguments) on
    /// `args`, inlined into a frame of registers of its own.
    fn inline(
        &mut self,
        f: &FuncDef,
        captured: &[Value],
        applied: &[Value],
        args: &[Expr],
        base: u32,
        depth: u32,
    ) -> Option<K> {
        if depth >= MAX_INLINE
            || !simple_function(f)
            || f.params.len() != applied.len() + args.len()
        {
            return None;
        }
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            values.push(self.expr(a, base, depth)?);
        }
        let inner = self.next;
        self.next += f.frame_size;
        self.known.resize(self.next as usize, false);
        self.preset(f, captured, applied, inner);
        let mut binds = Vec::with_capacity(args.len());
        for (pat, v) in f.params[applied.len()..].iter().zip(values) {
            let r = match simple_param(pat)? {
                Some(slot) => self.bind(slot, inner),
                None => self.scratch(),
            };
            binds.push((r, v));
        }
        let body = self.expr(&f.body, inner, depth + 1)?;
        Some(K::Call(binds, Box::new(body)))
    }

    /// Fixes the registers of `f`'s frame at `base` that its captured
    /// values and the arguments applied in advance bind.
    fn preset(&mut self, f: &FuncDef, captured: &[Value], applied: &[Value], base: u32) {
        for (slot, v) in f.captures.iter().zip(captured) {
            self.fix(base + slot, v);
        }
        for (pat, v) in f.params.iter().zip(applied) {
            if let Some(Some(slot)) = simple_param(pat) {
                self.fix(base + slot, v);
            }
        }
    }

    /// Register `r` holds `v` in every run: a scalar is known; a
    /// one-dimensional array of scalars may be indexed, a function called.
    fn fix(&mut self, r: u32, v: &Value) {
        let usable = match v {
            Value::Prim(_) => {
                self.known[r as usize] = true;
                true
            }
            Value::Array(a) => a.shape.len() == 1 && a.data.prim_type().is_some(),
            Value::Fun(_) => true,
            _ => false,
        };
        if usable {
            self.fixed.insert(r, v.clone());
        }
    }

    /// The number of the array `e` names (a captured variable or a
    /// global constant), if it is one the kernel may index.
    fn array(&mut self, e: &Expr, base: u32) -> Option<u32> {
        let a = match e {
            Expr::Local(slot) | Expr::Move(slot) => match self.fixed.get(&(base + slot))? {
                Value::Array(a) => a.clone(),
                _ => return None,
            },
            Expr::Global(g) => match self.interp.consts.get(*g as usize)? {
                Some(Value::Array(a)) if a.shape.len() == 1 && a.data.prim_type().is_some() => {
                    a.clone()
                }
                _ => return None,
            },
            _ => return None,
        };
        let known = self.arrays.iter().position(|b| Rc::ptr_eq(b, &a));
        let n = known.unwrap_or_else(|| {
            self.arrays.push(a);
            self.arrays.len() - 1
        });
        Some(n as u32)
    }

    /// Registers for a parameter of the kernel (one per field of a tuple
    /// pattern), appended to `params`; the layout of its values.
    fn param(&mut self, pat: &Pat, params: &mut Vec<Option<u32>>) -> Option<Layout> {
        match pat {
            Pat::Tuple(items) if items.len() >= 2 => {
                let fields = items.iter().map(|p| self.param(p, params));
                fields.collect::<Option<_>>().map(Layout::Tuple)
            }
            Pat::Tuple(_) | Pat::Record(_) | Pat::Lit(_) | Pat::Ctor(..) => None,
            other => {
                let slot = simple_param(other)?;
                params.push(slot.map(|slot| self.bind(slot, 0)));
                Some(Layout::Scalar)
            }
        }
    }
}
