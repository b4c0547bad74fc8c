//! Evaluation of the internal form. Each function call gets a frame (a
//! vector of slots); closures carry the values they capture and the
//! arguments applied so far. Constants are evaluated on first use.
//!
//! Run-time errors carry the failing location and the stack of call sites,
//! printed as Futhark prints them. A step budget and a call-depth limit
//! keep every evaluation finite in resources.

pub(crate) mod accs;
mod ad;
mod columns;
mod fast;
mod fold;
mod index;
mod kernel;
mod lmads;
mod shapes;
mod soacs;

use std::rc::Rc;
use std::sync::atomic::Ordering;

use crate::builtins::{self, Builtin};
use crate::ir::{Expr, FuncDef, Loc, LoopForm, Pat, RangeEnd};
use crate::lower::{GlobalDef, Program};
use crate::prim;
use crate::text::show_value_bare;
use crate::value::{Array, Prim, Value};

/// What a closure calls.
#[derive(Debug, Clone)]
pub enum Callee {
    Func(Rc<FuncDef>),
    Builtin(Builtin),
}

/// A function value: the callee, its captured variables and the arguments
/// applied so far.
#[derive(Debug, Clone)]
pub struct Closure {
    pub callee: Callee,
    pub captured: Rc<[Value]>,
    pub args: Vec<Value>,
}

impl Closure {
    fn arity(&self) -> usize {
        match &self.callee {
            Callee::Func(f) => f.params.len(),
            Callee::Builtin(b) => b.arity(),
        }
    }
}

/// A run-time error: message, where it happened, and the call sites that
/// led there (innermost first).
#[derive(Debug, Clone, PartialEq)]
pub struct RuntimeError {
    pub message: String,
    pub stack: Vec<Loc>,
}

impl std::fmt::Display for RuntimeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if !self.stack.is_empty() {
            writeln!(f, "Error at")?;
            for (i, loc) in self.stack.iter().enumerate() {
                let arrow = if i == 0 { "->" } else { "  " };
                writeln!(f, "{arrow} #{i}  {loc}")?;
            }
        }
        write!(f, "{}", self.message)
    }
}

pub type Eval<T> = Result<T, RuntimeError>;

/// The message of an evaluation stopped through [`Limits::cancel`].
pub const CANCELLED: &str = "evaluation stopped: cancelled";

/// Limits on one evaluation.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Function calls plus loop iterations allowed.
    pub steps: u64,
    /// Nested calls allowed.
    pub depth: usize,
    /// When to give up (checked every few thousand steps).
    pub deadline: Option<std::time::Instant>,
    /// Set by someone else to stop the evaluation (checked with the
    /// deadline).
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// The bytes the evaluation may hold beyond what its thread held when
    /// it started (see [`crate::memory`]); arrays whose size alone passes
    /// it are refused before they are allocated.
    pub memory: Option<u64>,
    /// Whether `map`, `reduce` and `scan` over scalars may take their
    /// fast paths (kernels, typed loops); `false` runs every element
    /// through the general evaluator (tests compare the two).
    pub kernels: bool,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            steps: u64::MAX,
            depth: 4000,
            deadline: None,
            cancel: None,
            memory: None,
            kernels: true,
        }
    }
}

/// The state of one evaluation.
pub struct Interp<'p> {
    program: &'p Program,
    consts: Vec<Option<Value>>,
    /// Call sites of the active calls, outermost first.
    calls: Vec<Loc>,
    steps_left: u64,
    max_depth: usize,
    deadline: Option<std::time::Instant>,
    cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// The memory limit in bytes, and what the thread held at the start.
    memory: Option<(u64, isize)>,
    /// What `trace` printed.
    pub traces: Vec<String>,
    /// Frames of finished calls, for reuse.
    frames: Vec<Vec<Value>>,
    /// Set while the next call is an entry point's, whose arguments come
    /// from outside: their size errors are worded as Futhark words them.
    entry_call: bool,
    /// The tag of the latest `jvp` (see `crate::ad`).
    ad_tag: u32,
    /// How many `jvp`/`vjp` runs are active: outside them no scalar is a
    /// dual number and arithmetic takes the fast path.
    ad_depth: u32,
    /// See [`Limits::kernels`].
    kernels: bool,
}

fn placeholder() -> Value {
    Value::Prim(Prim::Bool(false))
}

impl<'p> Interp<'p> {
    pub fn new(program: &'p Program, limits: Limits) -> Interp<'p> {
        Interp {
            program,
            consts: vec![None; program.globals.len()],
            calls: Vec::new(),
            steps_left: limits.steps,
            max_depth: limits.depth,
            deadline: limits.deadline,
            cancel: limits.cancel,
            memory: limits.memory.map(|limit| (limit, crate::memory::held())),
            traces: Vec::new(),
            frames: Vec::new(),
            entry_call: false,
            ad_tag: 0,
            ad_depth: 0,
            kernels: limits.kernels,
        }
    }

    /// An error at `loc` with the current call stack.
    pub fn error(&self, loc: &Loc, message: impl Into<String>) -> RuntimeError {
        let mut stack = vec![loc.clone()];
        stack.extend(self.calls.iter().rev().cloned());
        RuntimeError {
            message: message.into(),
            stack,
        }
    }

    fn step(&mut self, loc: &Loc) -> Eval<()> {
        if self.steps_left == 0 {
            return Err(self.error(loc, "evaluation stopped: step limit reached"));
        }
        self.steps_left -= 1;
        self.check_memory(0, loc)?;
        if self.steps_left.is_multiple_of(4096) {
            if let Some(deadline) = self.deadline {
                if std::time::Instant::now() >= deadline {
                    return Err(self.error(loc, "evaluation stopped: time limit reached"));
                }
            }
            let cancelled = self
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::Relaxed));
            if cancelled {
                return Err(self.error(loc, CANCELLED));
            }
        }
        Ok(())
    }

    /// Fails when what the evaluation holds, plus `more` bytes about to be
    /// allocated, passes the memory limit.
    pub(super) fn check_memory(&self, more: u64, loc: &Loc) -> Eval<()> {
        let Some((limit, base)) = self.memory else {
            return Ok(());
        };
        let held = crate::memory::held().saturating_sub(base).max(0) as u64;
        if held.saturating_add(more) > limit {
            return Err(self.error(
                loc,
                format!(
                    "evaluation stopped: memory limit ({} MiB) reached",
                    limit.div_ceil(1 << 20)
                ),
            ));
        }
        Ok(())
    }

    /// The value of a global: a function value or a (cached) constant.
    pub fn global(&mut self, id: u32) -> Eval<Value> {
        if let Some(v) = &self.consts[id as usize] {
            return Ok(v.clone());
        }
        let value = match &self.program.globals[id as usize] {
            GlobalDef::Func(f) => Value::Fun(Rc::new(Closure {
                callee: Callee::Func(f.clone()),
                captured: Rc::from(Vec::new()),
                args: Vec::new(),
            })),
            GlobalDef::Const {
                body, frame_size, ..
            } => {
                let mut frame = vec![placeholder(); *frame_size as usize];
                self.eval(body, &mut frame)?
            }
        };
        self.consts[id as usize] = Some(value.clone());
        Ok(value)
    }

    /// Calls a function value on arguments.
    pub fn apply(&mut self, f: &Value, args: Vec<Value>, loc: &Loc) -> Eval<Value> {
        let Value::Fun(closure) = f else {
            return Err(self.error(loc, "applying a value that is not a function"));
        };
        self.apply_closure(closure, args, loc)
    }

    fn apply_closure(&mut self, closure: &Closure, mut args: Vec<Value>, loc: &Loc) -> Eval<Value> {
        let arity = closure.arity();
        let have = closure.args.len() + args.len();
        if have < arity {
            let mut all = closure.args.clone();
            all.append(&mut args);
            return Ok(Value::Fun(Rc::new(Closure {
                callee: closure.callee.clone(),
                captured: closure.captured.clone(),
                args: all,
            })));
        }
        let rest = args.split_off(arity - closure.args.len());
        let all = if closure.args.is_empty() {
            args
        } else {
            let mut all = closure.args.clone();
            all.append(&mut args);
            all
        };
        let result = match &closure.callee {
            Callee::Func(f) => self.invoke(f, &closure.captured, all, Vec::new(), loc)?,
            Callee::Builtin(b) => self.builtin(*b, all, loc)?,
        };
        if rest.is_empty() {
            Ok(result)
        } else {
            self.apply(&result, rest, loc)
        }
    }

    /// Runs a function body on exactly its arguments.
    pub fn invoke(
        &mut self,
        f: &FuncDef,
        captured: &[Value],
        args: Vec<Value>,
        sizes: Vec<(u32, Value)>,
        loc: &Loc,
    ) -> Eval<Value> {
        self.step(loc)?;
        if self.calls.len() >= self.max_depth {
            return Err(self.error(loc, "evaluation stopped: calls nested too deeply"));
        }
        // Frames are recycled: most calls are small functions applied
        // element by element.
        let mut frame = self.frames.pop().unwrap_or_default();
        frame.resize(f.frame_size as usize, placeholder());
        for (slot, value) in f.captures.iter().zip(captured) {
            frame[*slot as usize] = value.clone();
        }
        for (slot, value) in sizes {
            frame[slot as usize] = value;
        }
        self.calls.push(loc.clone());
        let result = self
            .bind_params(f, args, &mut frame)
            .and_then(|()| self.eval(&f.body, &mut frame))
            .and_then(|v| self.check_return(f, v, &mut frame));
        self.calls.pop();
        frame.clear();
        if self.frames.len() < 64 {
            self.frames.push(frame);
        }
        result
    }

    /// Calls an entry point's function value on arguments from outside.
    pub fn apply_entry(&mut self, f: &Value, args: Vec<Value>, loc: &Loc) -> Eval<Value> {
        self.entry_call = true;
        let result = self.apply(f, args, loc);
        self.entry_call = false;
        result
    }

    fn bind_params(&mut self, f: &FuncDef, args: Vec<Value>, frame: &mut [Value]) -> Eval<()> {
        let entry = std::mem::take(&mut self.entry_call);
        for (pat, arg) in f.params.iter().zip(args) {
            match self.bind(pat, arg, frame) {
                Ok(true) => {}
                Ok(false) => {
                    return Err(
                        self.error(&f.loc, "argument does not match the parameter's pattern")
                    )
                }
                Err(mut e) if entry => {
                    e.message = "entry point arguments have invalid sizes.".into();
                    return Err(e);
                }
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Matches a value against a pattern, binding its names; false if a
    /// literal or constructor does not match.
    pub fn bind(&mut self, pat: &Pat, value: Value, frame: &mut [Value]) -> Eval<bool> {
        match pat {
            Pat::Bind(slot) => {
                frame[*slot as usize] = value;
                Ok(true)
            }
            Pat::Wild => Ok(true),
            Pat::Tuple(items) => {
                let Value::Tuple(values) = value else {
                    return Ok(items.is_empty());
                };
                for (p, v) in items.iter().zip(values.iter()) {
                    if !self.bind(p, v.clone(), frame)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Pat::Record(fields) => {
                for (name, p) in fields {
                    let Some(v) = value.field(name) else {
                        return Ok(false);
                    };
                    if !self.bind(p, v, frame)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Pat::Lit(lit) => Ok(match value.as_prim() {
                Some(v) => prim::prim_eq(prim::convert(*lit, v.prim_type()), v),
                None => false,
            }),
            Pat::Ctor(name, payload) => {
                let Value::Sum(sum) = value else {
                    return Ok(false);
                };
                if sum.0 != *name || sum.1.len() != payload.len() {
                    return Ok(false);
                }
                for (p, v) in payload.iter().zip(sum.1.iter()) {
                    if !self.bind(p, v.clone(), frame)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Pat::Typed(inner, shape, note) => {
                if !self.match_shape(shape, &value, frame)? {
                    return Err(self.shape_error(&value, shape, note, frame));
                }
                self.bind(inner, value, frame)
            }
        }
    }

    /// Evaluates an expression in a frame.
    /// [`Self::eval_unguarded`] with enough stack for any depth.
    pub fn eval(&mut self, e: &Expr, frame: &mut [Value]) -> Eval<Value> {
        runic_syntax::with_stack(|| self.eval_unguarded(e, frame))
    }

    fn eval_unguarded(&mut self, e: &Expr, frame: &mut [Value]) -> Eval<Value> {
        match e {
            Expr::Const(v) => Ok(v.clone()),
            Expr::Local(slot) => Ok(frame[*slot as usize].clone()),
            Expr::Move(slot) => Ok(std::mem::replace(&mut frame[*slot as usize], placeholder())),
            Expr::Global(g) => self.global(*g),
            Expr::Builtin(b) => Ok(Value::Fun(Rc::new(Closure {
                callee: Callee::Builtin(*b),
                captured: Rc::from(Vec::new()),
                args: Vec::new(),
            }))),
            Expr::Tuple(items) => {
                let values = self.eval_all(items, frame)?;
                Ok(Value::Tuple(Rc::from(values)))
            }
            Expr::Record(fields) => {
                let mut values = Vec::with_capacity(fields.len());
                for (name, e) in fields {
                    values.push((name.clone(), self.eval(e, frame)?));
                }
                Ok(Value::record(values))
            }
            Expr::Array(items, row_shape, _, loc) => {
                let rows = self.eval_all(items, frame)?;
                match Array::from_rows(rows, row_shape) {
                    Ok(a) => Ok(Value::Array(Rc::new(a))),
                    Err(e) => Err(self.error(loc, format!("Irregular array: {e}."))),
                }
            }
            Expr::Range {
                start,
                next,
                end,
                kind,
                loc,
            } => {
                let start = self.eval_prim(start, frame)?;
                let next = match next {
                    Some(n) => Some(self.eval_prim(n, frame)?),
                    None => None,
                };
                let end = self.eval_prim(end, frame)?;
                self.range(start, next, end, *kind, loc)
            }
            Expr::Field(base, name) => {
                let v = self.eval(base, frame)?;
                v.field(name)
                    .ok_or_else(|| self.error(&Loc(Rc::from("")), format!("no field `{name}`")))
            }
            Expr::Index(base, specs, loc) => {
                let array = self.eval(base, frame)?;
                let indices = self.eval_indices(specs, frame)?;
                self.index(&array, &indices, loc)
            }
            Expr::Update {
                array,
                index,
                value,
                loc,
            } => {
                let indices = self.eval_indices(index, frame)?;
                let value = self.eval(value, frame)?;
                // The updated variable is consumed (the checker saw to it),
                // so take it out of its slot: the array is then unique and
                // the update happens in place.
                let target = match &**array {
                    Expr::Local(slot) => {
                        std::mem::replace(&mut frame[*slot as usize], placeholder())
                    }
                    other => self.eval(other, frame)?,
                };
                self.update(target, &indices, value, loc)
            }
            Expr::RecordUpdate(record, path, value) => {
                let record = self.eval(record, frame)?;
                let value = self.eval(value, frame)?;
                Ok(update_field(record, path, value))
            }
            Expr::Apply(f, args, loc) => {
                let f = self.eval(f, frame)?;
                let args = self.eval_all(args, frame)?;
                self.apply(&f, args, loc)
            }
            Expr::CallGlobal(g, args, sizes, loc) => {
                let args = self.eval_all(args, frame)?;
                let mut size_values = Vec::with_capacity(sizes.len());
                for (slot, e) in sizes {
                    size_values.push((*slot, self.eval(e, frame)?));
                }
                let GlobalDef::Func(f) = &self.program.globals[*g as usize] else {
                    let f = self.global(*g)?;
                    return self.apply(&f, args, loc);
                };
                self.invoke(f, &[], args, size_values, loc)
            }
            Expr::CallBuiltin(b, args, loc) => {
                let args = self.eval_all(args, frame)?;
                self.builtin(*b, args, loc)
            }
            Expr::BinOp(..) | Expr::Neg(_) | Expr::Not(_) | Expr::And(..) | Expr::Or(..) => {
                if self.ad_depth > 0 {
                    self.eval_scalar(e, frame)
                } else {
                    self.eval_prim(e, frame).map(Value::Prim)
                }
            }
            Expr::Equal(positive, a, b) => {
                let x = self.eval(a, frame)?;
                let y = self.eval(b, frame)?;
                Ok(Value::bool((x == y) == *positive))
            }
            Expr::If(c, t, f) => {
                if self.eval_bool(c, frame)? {
                    self.eval(t, frame)
                } else {
                    self.eval(f, frame)
                }
            }
            Expr::Let(pat, value, body) => {
                let v = self.eval(value, frame)?;
                self.bind(pat, v, frame)?;
                self.eval(body, frame)
            }
            Expr::Lambda(f, captures) => {
                let captured: Vec<Value> = captures
                    .iter()
                    .map(|s| frame[*s as usize].clone())
                    .collect();
                Ok(Value::Fun(Rc::new(Closure {
                    callee: Callee::Func(f.clone()),
                    captured: Rc::from(captured),
                    args: Vec::new(),
                })))
            }
            Expr::Loop {
                pat,
                init,
                form,
                body,
            } => self.run_loop(pat, init, form, body, frame),
            Expr::Match(scrutinee, cases, loc) => {
                let v = self.eval(scrutinee, frame)?;
                for (pat, body) in cases {
                    if self.bind(pat, v.clone(), frame)? {
                        return self.eval(body, frame);
                    }
                }
                Err(self.error(loc, format!("No case matches `{}`.", show_value_bare(&v))))
            }
            Expr::Ctor(name, payload) => {
                let values = self.eval_all(payload, frame)?;
                Ok(Value::Sum(Rc::new((name.clone(), values))))
            }
            Expr::Assert(cond, body, text, loc) => {
                if !self.eval_bool(cond, frame)? {
                    return Err(self.error(loc, text.to_string()));
                }
                self.eval(body, frame)
            }
            Expr::Coerce(inner, shape, text, loc) => {
                let v = self.eval(inner, frame)?;
                self.coerce(v, shape, text, loc, frame)
            }
            Expr::Convert(inner, t) => match self.eval_scalar(inner, frame)? {
                Value::Prim(p) => Ok(Value::Prim(prim::convert(p, *t))),
                other => {
                    crate::ad::convert(&other, *t).map_err(|m| self.error(&Loc(Rc::from("")), m))
                }
            },
            Expr::DimOf(inner, d) => {
                let v = self.eval(inner, frame)?;
                Ok(Value::i64(v.shape().get(*d).copied().unwrap_or(0)))
            }
            Expr::EmptyRows(inner, fixes) => {
                let v = self.eval(inner, frame)?;
                self.empty_rows(v, fixes, frame)
            }
            Expr::Unsafe(inner)
            | Expr::NoInline(inner)
            | Expr::Sequential(_, inner)
            | Expr::Attrs(_, inner) => self.eval(inner, frame),
        }
    }

    fn eval_all(&mut self, items: &[Expr], frame: &mut [Value]) -> Eval<Vec<Value>> {
        items.iter().map(|e| self.eval(e, frame)).collect()
    }

    /// Evaluates an expression of scalar type inside `jvp`/`vjp`: a
    /// `Prim`, or a dual number.
    fn eval_scalar(&mut self, e: &Expr, frame: &mut [Value]) -> Eval<Value> {
        match e {
            Expr::Local(slot) => Ok(frame[*slot as usize].clone()),
            Expr::Const(v) => Ok(v.clone()),
            Expr::BinOp(op, a, b, loc) => {
                let x = self.eval_scalar(a, frame)?;
                let y = self.eval_scalar(b, frame)?;
                let result = match (&x, &y) {
                    (Value::Prim(p), Value::Prim(q)) => prim::binop(*op, *p, *q).map(Value::Prim),
                    _ => crate::ad::binop(*op, &x, &y),
                };
                result.map_err(|m| self.error(loc, m))
            }
            Expr::Neg(a) => match self.eval_scalar(a, frame)? {
                Value::Prim(p) => Ok(Value::Prim(prim::neg(p))),
                other => crate::ad::neg(&other).map_err(|m| self.error(&Loc(Rc::from("")), m)),
            },
            Expr::Not(a) => match self.eval_scalar(a, frame)? {
                Value::Prim(p) => Ok(Value::Prim(prim::not(p))),
                other => crate::ad::builtin(Builtin::Not, &[other])
                    .map_err(|m| self.error(&Loc(Rc::from("")), m)),
            },
            Expr::And(..) | Expr::Or(..) => self.eval_prim(e, frame).map(Value::Prim),
            _ => self.eval(e, frame),
        }
    }

    /// Evaluates an expression of scalar type to its value (the primal
    /// value of a dual number): conditions, sizes, indices, and all scalar
    /// arithmetic outside `jvp`/`vjp`. It stays on `Prim`s, without
    /// building `Value`s (the hot path of numeric code).
    fn eval_prim(&mut self, e: &Expr, frame: &mut [Value]) -> Eval<Prim> {
        match e {
            Expr::Local(slot) => {
                if let Value::Prim(p) = &frame[*slot as usize] {
                    return Ok(*p);
                }
            }
            Expr::Const(Value::Prim(p)) => return Ok(*p),
            Expr::BinOp(op, a, b, loc) => {
                let x = self.eval_prim(a, frame)?;
                let y = self.eval_prim(b, frame)?;
                return prim::binop(*op, x, y).map_err(|m| self.error(loc, m));
            }
            Expr::Neg(a) => return Ok(prim::neg(self.eval_prim(a, frame)?)),
            Expr::Not(a) => return Ok(prim::not(self.eval_prim(a, frame)?)),
            Expr::And(a, b) => {
                let x = self.eval_bool(a, frame)? && self.eval_bool(b, frame)?;
                return Ok(Prim::Bool(x));
            }
            Expr::Or(a, b) => {
                let x = self.eval_bool(a, frame)? || self.eval_bool(b, frame)?;
                return Ok(Prim::Bool(x));
            }
            _ => {}
        }
        let v = self.eval(e, frame)?;
        v.as_prim().ok_or_else(|| {
            self.error(
                &Loc(Rc::from("")),
                format!("expected a scalar, got `{}`", show_value_bare(&v)),
            )
        })
    }

    fn eval_bool(&mut self, e: &Expr, frame: &mut [Value]) -> Eval<bool> {
        Ok(matches!(self.eval_prim(e, frame)?, Prim::Bool(true)))
    }

    fn run_loop(
        &mut self,
        pat: &Pat,
        init: &Expr,
        form: &LoopForm,
        body: &Expr,
        frame: &mut [Value],
    ) -> Eval<Value> {
        let mut acc = self.eval(init, frame)?;
        let loc = Loc(Rc::from("loop"));
        match form {
            LoopForm::For { var, bound } => {
                let bound = self.eval_prim(bound, frame)?;
                let n = bound.as_i64();
                let t = bound.prim_type();
                for i in 0..n.max(0) {
                    self.step(&loc)?;
                    self.bind(pat, acc, frame)?;
                    frame[*var as usize] = Value::Prim(prim::convert(Prim::I64(i), t));
                    acc = self.eval(body, frame)?;
                }
            }
            LoopForm::ForIn { pat: elem, array } => {
                let Value::Array(array) = self.eval(array, frame)? else {
                    return Err(self.error(&loc, "for-in loop over a value that is not an array"));
                };
                for i in 0..array.len() as usize {
                    self.step(&loc)?;
                    self.bind(pat, acc, frame)?;
                    self.bind(elem, array.row(i), frame)?;
                    acc = self.eval(body, frame)?;
                }
            }
            LoopForm::While(cond) => loop {
                self.step(&loc)?;
                self.bind(pat, acc.clone(), frame)?;
                if !self.eval_bool(cond, frame)? {
                    break;
                }
                drop(std::mem::replace(&mut acc, placeholder()));
                acc = self.eval(body, frame)?;
            },
        }
        Ok(acc)
    }

    fn range(
        &self,
        start: Prim,
        next: Option<Prim>,
        end: Prim,
        kind: RangeEnd,
        loc: &Loc,
    ) -> Eval<Value> {
        let t = start.prim_type();
        let (a, z) = (start.as_i64(), end.as_i64());
        let step = match next {
            Some(n) => n.as_i64().wrapping_sub(a),
            None if kind == RangeEnd::DownExclusive => -1,
            None => 1,
        };
        let invalid = || {
            let shown = match next {
                Some(n) => format!(
                    "{}..{}",
                    prim::convert(Prim::I64(a), t).as_i64(),
                    n.as_i64()
                ),
                None => a.to_string(),
            };
            let op = match kind {
                RangeEnd::Inclusive => "...",
                RangeEnd::UpExclusive => "..<",
                RangeEnd::DownExclusive => "..>",
            };
            self.error(loc, format!("Range {shown}{op}{z} is invalid."))
        };
        let valid = match kind {
            RangeEnd::Inclusive => step != 0 && (if step > 0 { a <= z } else { a >= z }),
            RangeEnd::UpExclusive => step > 0 && a <= z,
            RangeEnd::DownExclusive => step < 0 && a >= z,
        };
        if !valid {
            return Err(invalid());
        }
        let count = (z as i128 - a as i128).abs() / (step as i128).abs().max(1);
        self.check_allocation(count.min(i64::MAX as i128) as i64, 1, loc)?;
        let mut data = Vec::new();
        let mut i = a;
        loop {
            let inside = match kind {
                RangeEnd::Inclusive => {
                    if step > 0 {
                        i <= z
                    } else {
                        i >= z
                    }
                }
                RangeEnd::UpExclusive => i < z,
                RangeEnd::DownExclusive => i > z,
            };
            if !inside {
                break;
            }
            data.push(Value::Prim(prim::convert(Prim::I64(i), t)));
            match i.checked_add(step) {
                Some(next) => i = next,
                None => break,
            }
        }
        Ok(Value::array_of(data))
    }

    /// Runs a builtin on exactly its arguments.
    pub fn builtin(&mut self, b: Builtin, args: Vec<Value>, loc: &Loc) -> Eval<Value> {
        if b.is_scalar() {
            let mut prims = Vec::with_capacity(args.len());
            for a in &args {
                match a {
                    Value::Prim(p) => prims.push(*p),
                    Value::Dual(_) => {
                        return crate::ad::builtin(b, &args).map_err(|m| self.error(loc, m));
                    }
                    _ => return Err(self.error(loc, format!("{b:?} applied to a non-scalar"))),
                }
            }
            return builtins::apply_scalar(b, &prims)
                .map(Value::Prim)
                .map_err(|m| self.error(loc, m));
        }
        self.array_builtin(b, args, loc)
    }
}

/// A record with the field at `path` replaced.
fn update_field(record: Value, path: &[Rc<str>], value: Value) -> Value {
    let Some((first, rest)) = path.split_first() else {
        return value;
    };
    let mut fields = record.fields();
    for (name, v) in fields.iter_mut() {
        if name == first {
            let old = std::mem::replace(v, placeholder());
            *v = update_field(old, rest, value.clone());
        }
    }
    Value::record(fields)
}
