//! Scalar kernels: a function value whose body is scalar arithmetic
//! (operators, conversions, `if`, `let`, scalar builtins, calls of global
//! functions of the same kind) compiled once per `map`, `reduce` or `scan`
//! into a tree over a register file of unboxed scalars, then run on every
//! element without building a `Value`, a frame or a call.
//!
//! A kernel gives the same results as calling the function, or fails; on
//! failure (a run-time error, a value that is not a scalar) the caller
//! runs the operation again the ordinary way, which reports the error
//! with its location and call stack as before.

use runic_sema::types::PrimType;

use super::columns::{self, Col};
use super::{Callee, Interp};
use crate::builtins::{self, Builtin};
use crate::data::Data;
use crate::ir::{Expr, FuncDef, Pat, Shape, Slot};
use crate::lower::GlobalDef;
use crate::prim::{self, BinOp};
use crate::value::{Prim, Value};

/// How deep calls of global functions are inlined into a kernel.
const MAX_INLINE: u32 = 8;

/// Nodes a kernel may have (beyond this, the ordinary path is as good).
const MAX_NODES: u32 = 256;

/// A compiled scalar expression.
#[derive(Debug)]
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
}

/// A scalar function ready to run on unboxed arguments.
pub(super) struct Kernel {
    body: K,
    /// The register file: captured values and arguments applied in
    /// advance are filled in, parameters are written per run.
    regs: Vec<Prim>,
    /// The registers of the remaining parameters (`None`: a wildcard).
    params: Vec<Option<u32>>,
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
}

impl Kernel {
    /// Runs the kernel on one column of `n` arguments at once (a kernel of
    /// one parameter), if it can run so; `None` on any failure.
    pub fn run_columns(&mut self, arg: Data, n: usize) -> Option<Data> {
        if !self.columnar || self.params.len() != 1 {
            return None;
        }
        let mut regs: Vec<Option<Col>> = self.regs.iter().map(|p| Some(Col::All(*p))).collect();
        if let Some(r) = self.params[0] {
            regs[r as usize] = Some(Col::Each(arg));
        }
        let result = columns::eval(&self.body, &mut regs, n)?.data(n);
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
        eval(&self.body, &mut self.regs, &mut self.calls)
    }
}

#[inline]
fn as_bool(p: Prim) -> bool {
    matches!(p, Prim::Bool(true))
}

fn eval(k: &K, regs: &mut [Prim], calls: &mut u64) -> Option<Prim> {
    Some(match k {
        K::Reg(r) => regs[*r as usize],
        K::Const(p) => *p,
        K::Bin(op, a, b) => {
            let x = eval(a, regs, calls)?;
            let y = eval(b, regs, calls)?;
            prim::binop(*op, x, y).ok()?
        }
        K::Neg(a) => prim::neg(eval(a, regs, calls)?),
        K::Not(a) => prim::not(eval(a, regs, calls)?),
        K::And(a, b) => {
            Prim::Bool(as_bool(eval(a, regs, calls)?) && as_bool(eval(b, regs, calls)?))
        }
        K::Or(a, b) => Prim::Bool(as_bool(eval(a, regs, calls)?) || as_bool(eval(b, regs, calls)?)),
        K::Equal(positive, a, b) => {
            let x = eval(a, regs, calls)?;
            let y = eval(b, regs, calls)?;
            Prim::Bool(prim::prim_eq(x, y) == *positive)
        }
        K::If(c, t, f) => {
            if as_bool(eval(c, regs, calls)?) {
                eval(t, regs, calls)?
            } else {
                eval(f, regs, calls)?
            }
        }
        K::Let(r, v, body) => {
            regs[*r as usize] = eval(v, regs, calls)?;
            eval(body, regs, calls)?
        }
        K::Call(binds, body) => {
            *calls += 1;
            for (r, v) in binds {
                regs[*r as usize] = eval(v, regs, calls)?;
            }
            eval(body, regs, calls)?
        }
        K::Convert(a, t) => prim::convert(eval(a, regs, calls)?, *t),
        K::Builtin(b, args) => {
            let mut values = [Prim::Bool(false); 4];
            for (slot, a) in values.iter_mut().zip(args) {
                *slot = eval(a, regs, calls)?;
            }
            builtins::apply_scalar(*b, &values[..args.len()]).ok()?
        }
        K::Assert(c, body) => {
            if !as_bool(eval(c, regs, calls)?) {
                return None;
            }
            eval(body, regs, calls)?
        }
    })
}

/// Whether `k` makes a call only some evaluations make (`inside`: `k`
/// itself is evaluated only sometimes).
fn conditional_calls(k: &K, inside: bool) -> bool {
    match k {
        K::Reg(_) | K::Const(_) => false,
        K::Call(..) if inside => true,
        K::Neg(a) | K::Not(a) | K::Convert(a, _) => conditional_calls(a, inside),
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
        K::Neg(a) | K::Not(a) | K::Convert(a, _) => max_calls(a),
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
    /// The kernel of a function value taking `arity` more scalar
    /// arguments, if it has one.
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
        };
        let mut regs = Vec::new();
        let (body, params) = match &closure.callee {
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
                regs.resize(arity, Prim::Bool(false));
                (K::Builtin(*b, args), params)
            }
            Callee::Func(f) => {
                if !simple_function(f) || f.params.len() != closure.args.len() + arity {
                    return None;
                }
                c.next = f.frame_size;
                c.known = vec![false; f.frame_size as usize];
                regs.resize(f.frame_size as usize, Prim::Bool(false));
                for (slot, v) in f.captures.iter().zip(closure.captured.iter()) {
                    if let Value::Prim(p) = v {
                        regs[*slot as usize] = *p;
                        c.known[*slot as usize] = true;
                    }
                }
                let (applied, rest) = f.params.split_at(closure.args.len());
                for (pat, v) in applied.iter().zip(&closure.args) {
                    if let (Some(Some(slot)), Value::Prim(p)) = (simple_param(pat), v) {
                        regs[slot as usize] = *p;
                        c.known[slot as usize] = true;
                    }
                }
                let mut params = Vec::new();
                for pat in rest {
                    let slot = simple_param(pat)?;
                    if let Some(slot) = slot {
                        c.known[slot as usize] = true;
                    }
                    params.push(slot);
                }
                (c.expr(&f.body, 0, 0)?, params)
            }
        };
        regs.resize(c.next.max(regs.len() as u32) as usize, Prim::Bool(false));
        let own_call = matches!(closure.callee, Callee::Func(_)) as u64;
        Some(Kernel {
            columnar: !conditional_calls(&body, false),
            own_call,
            max_calls: own_call + max_calls(&body),
            body,
            regs,
            params,
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
        Some(K::Builtin(b, args))
    }

    /// A call of a global function, inlined.
    fn call(&mut self, g: u32, args: &[Expr], base: u32, depth: u32) -> Option<K> {
        if depth >= MAX_INLINE {
            return None;
        }
        let GlobalDef::Func(f) = self.interp.program.globals.get(g as usize)? else {
            return None;
        };
        if !simple_function(f) || !f.captures.is_empty() || f.params.len() != args.len() {
            return None;
        }
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            values.push(self.expr(a, base, depth)?);
        }
        let inner = self.next;
        self.next += f.frame_size;
        self.known.resize(self.next as usize, false);
        let mut binds = Vec::with_capacity(args.len());
        for (pat, v) in f.params.iter().zip(values) {
            let r = match simple_param(pat)? {
                Some(slot) => self.bind(slot, inner),
                None => self.scratch(),
            };
            binds.push((r, v));
        }
        let body = self.expr(&f.body, inner, depth + 1)?;
        Some(K::Call(binds, Box::new(body)))
    }
}
