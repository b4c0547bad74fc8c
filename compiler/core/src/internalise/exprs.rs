//! Expressions of the elaborated program to statements of the core IR:
//! constants, variables, tuples and records (static structure only),
//! arithmetic, `if`, `let` (loops in `loops.rs`), indexing and in-place updates with
//! their bounds checks, and applications of known functions (inlined).

use std::rc::Rc;

use runic_eval::builtins::Builtin;
use runic_eval::ir::{Expr, Loc as SrcLoc, RangeEnd};
use runic_eval::lower::GlobalDef;
use runic_eval::prim::BinOp;
use runic_eval::value::{Prim, Value};
use runic_sema::types::PrimType;

use super::{i64c, Frame, Fun, Internaliser, SVal, R};
use crate::ir::*;

impl Internaliser<'_> {
    /// The static value of an expression.
    /// [`Self::exp_unguarded`] with enough stack for any depth.
    pub(crate) fn exp(&mut self, e: &Expr, frame: &mut Frame) -> R<SVal> {
        runic_syntax::with_stack(|| self.exp_unguarded(e, frame))
    }

    fn exp_unguarded(&mut self, e: &Expr, frame: &mut Frame) -> R<SVal> {
        match e {
            Expr::Const(v) => self.constant(v),
            Expr::Local(slot) | Expr::Move(slot) => match frame.get(*slot as usize) {
                Some(Some(v)) => Ok(v.clone()),
                _ => self.error(None, "a variable used before it is bound"),
            },
            Expr::Global(g) => self.global(*g, None),
            Expr::Builtin(b) => Ok(SVal::Fun(Rc::new(Fun::Builtin(*b)), Rc::from(Vec::new()))),
            Expr::Tuple(items) => {
                let items = items
                    .iter()
                    .map(|i| self.exp(i, frame))
                    .collect::<R<Vec<_>>>()?;
                Ok(SVal::Tuple(Rc::from(items)))
            }
            Expr::Record(fields) => {
                let mut values = Vec::with_capacity(fields.len());
                for (name, e) in fields {
                    values.push((name.clone(), self.exp(e, frame)?));
                }
                Ok(SVal::record(values))
            }
            Expr::Array(items, row_shape, elem, loc) => {
                if items.is_empty() {
                    return Ok(SVal::Leaf(match elem {
                        Some(prim) => {
                            let row =
                                Type::array(*prim, row_shape.iter().map(|d| i64c(*d)).collect());
                            let ty = row.with_outer(i64c(0));
                            let e =
                                self.bind1("empty", Exp::ArrayLit(Vec::new(), row), ty, Some(loc));
                            if let SubExp::Var(x) = e {
                                self.empty_lits.insert(x);
                            }
                            e
                        }
                        None => self.untyped_empty(row_shape, loc),
                    }));
                }
                let items = items
                    .iter()
                    .map(|i| self.exp(i, frame))
                    .collect::<R<Vec<_>>>()?;
                self.array_literal(items, loc)
            }
            Expr::Range {
                start,
                next,
                end,
                kind,
                loc,
            } => {
                let start = self.scalar(start, frame)?;
                let next = match next {
                    Some(n) => Some(self.scalar(n, frame)?),
                    None => None,
                };
                let end = self.scalar(end, frame)?;
                self.range(start, next, end, *kind, loc)
            }
            Expr::Field(base, name) => {
                let v = self.exp(base, frame)?;
                match v.field(name) {
                    Some(f) => Ok(f),
                    None => self.error(None, format!("no field `{name}`")),
                }
            }
            Expr::Index(base, specs, loc) => {
                let v = self.exp(base, frame)?;
                let idx = self.indices(specs, frame)?;
                self.index(&v, &idx, loc)
            }
            Expr::Update {
                array,
                index,
                value,
                loc,
            } => {
                let idx = self.indices(index, frame)?;
                let value = self.exp(value, frame)?;
                let array = self.exp(array, frame)?;
                self.update(&array, &idx, &value, loc)
            }
            Expr::RecordUpdate(record, path, value) => {
                let record = self.exp(record, frame)?;
                let value = self.exp(value, frame)?;
                Ok(update_field(&record, path, value))
            }
            Expr::Apply(f, args, loc) => {
                let f = self.exp(f, frame)?;
                let args = args
                    .iter()
                    .map(|a| self.exp(a, frame))
                    .collect::<R<Vec<_>>>()?;
                self.apply(f, args, Some(loc))
            }
            Expr::CallGlobal(g, args, sizes, loc) => {
                let args = args
                    .iter()
                    .map(|a| self.exp(a, frame))
                    .collect::<R<Vec<_>>>()?;
                let mut size_values = Vec::with_capacity(sizes.len());
                for (slot, e) in sizes {
                    size_values.push((*slot, self.exp(e, frame)?));
                }
                let src = self.src;
                match src.globals.get(*g as usize) {
                    Some(GlobalDef::Func(f)) => {
                        let f = f.clone();
                        if f.noinline && size_values.is_empty() && f.params.len() == args.len() {
                            if let Some(v) = self.noinline_call(*g, &f, &args, Some(loc))? {
                                return Ok(v);
                            }
                        }
                        self.inline(&f, &[], args, size_values, Some(loc))
                    }
                    _ => {
                        let f = self.global(*g, Some(loc))?;
                        self.apply(f, args, Some(loc))
                    }
                }
            }
            Expr::CallBuiltin(b, args, loc) => {
                let args = args
                    .iter()
                    .map(|a| self.exp(a, frame))
                    .collect::<R<Vec<_>>>()?;
                self.builtin(*b, args, Some(loc))
            }
            Expr::BinOp(op, a, b, loc) => {
                let a = self.scalar(a, frame)?;
                let b = self.scalar(b, frame)?;
                Ok(SVal::Leaf(self.binop(*op, a, b, Some(loc))))
            }
            Expr::Equal(positive, a, b) => {
                let a = self.exp(a, frame)?;
                let b = self.exp(b, frame)?;
                let eq = self.equal(&a, &b)?;
                Ok(SVal::Leaf(if *positive { eq } else { self.not(eq) }))
            }
            Expr::And(a, b) => {
                let a = self.scalar(a, frame)?;
                let mut bf = frame.clone();
                self.if_value(
                    a,
                    |int| int.exp(b, &mut bf),
                    |_| Ok(SVal::Leaf(SubExp::Const(Prim::Bool(false)))),
                )
            }
            Expr::Or(a, b) => {
                let a = self.scalar(a, frame)?;
                let mut bf = frame.clone();
                self.if_value(
                    a,
                    |_| Ok(SVal::Leaf(SubExp::Const(Prim::Bool(true)))),
                    |int| int.exp(b, &mut bf),
                )
            }
            Expr::Neg(a) => {
                let a = self.scalar(a, frame)?;
                Ok(SVal::Leaf(self.scalar_op(Builtin::Neg, vec![a], None)))
            }
            Expr::Not(a) => {
                let a = self.scalar(a, frame)?;
                Ok(SVal::Leaf(self.not(a)))
            }
            Expr::If(c, t, f) => {
                let c = self.scalar(c, frame)?;
                let mut then_frame = frame.clone();
                let mut else_frame = frame.clone();
                self.if_value(
                    c,
                    |int| int.exp(t, &mut then_frame),
                    |int| int.exp(f, &mut else_frame),
                )
            }
            Expr::Let(pat, value, body) => {
                let v = self.exp(value, frame)?;
                self.bind_pat(pat, v, frame, None)?;
                self.exp(body, frame)
            }
            Expr::Lambda(f, captures) => {
                let captured = captures
                    .iter()
                    .map(|s| frame.get(*s as usize).cloned().flatten())
                    .collect::<Option<Vec<_>>>();
                let Some(captured) = captured else {
                    return self.error(Some(&f.loc), "a lambda captures an unbound variable");
                };
                Ok(SVal::Fun(
                    Rc::new(Fun::Closure(f.clone(), captured)),
                    Rc::from(Vec::new()),
                ))
            }
            Expr::Loop {
                pat,
                init,
                form,
                body,
            } => self.run_loop(pat, init, form, body, frame),
            Expr::Match(scrutinee, cases, loc) => {
                let v = self.exp(scrutinee, frame)?;
                self.match_cases(&v, cases, 0, frame, loc)
            }
            Expr::Ctor(name, payload) => {
                let payload = payload
                    .iter()
                    .map(|p| self.exp(p, frame))
                    .collect::<R<Vec<_>>>()?;
                Ok(self.ctor(name, payload))
            }
            Expr::Assert(cond, body, text, loc) => {
                let c = self.scalar(cond, frame)?;
                self.emit(
                    Exp::Assert(c, vec![MsgPart::Text(text.to_string())], loc.0.clone()),
                    Some(loc),
                );
                self.exp(body, frame)
            }
            Expr::Coerce(inner, shape, text, loc) => {
                let v = self.exp(inner, frame)?;
                let note = runic_eval::ir::TypeNote {
                    text: text.clone(),
                    loc: loc.clone(),
                };
                self.match_shape(shape, &v, &note, frame, true)
            }
            Expr::Convert(inner, t) => {
                let a = self.scalar(inner, frame)?;
                Ok(SVal::Leaf(self.convert(a, *t)))
            }
            Expr::DimOf(inner, d) => {
                let v = self.exp(inner, frame)?;
                let mut leaves = Vec::new();
                v.leaves(&mut leaves);
                let dim = leaves
                    .first()
                    .and_then(|l| self.ty(*l).dims.get(*d).copied())
                    .unwrap_or(i64c(0));
                Ok(SVal::Leaf(dim))
            }
            Expr::EmptyRows(inner, _) => self.exp(inner, frame),
            Expr::NoInline(inner) => self.noinline_exp(inner, frame),
            Expr::Sequential(kind, inner) => self.sequential_exp(*kind, inner, frame),
            Expr::Attrs(attrs, inner) => {
                let outer = self.attrs.clone();
                self.attrs.extend(attrs.iter().cloned());
                let v = self.exp(inner, frame);
                self.attrs = outer;
                v
            }
            Expr::Unsafe(inner) => {
                let was = std::mem::replace(&mut self.unchecked, true);
                let v = self.exp(inner, frame);
                self.unchecked = was;
                v
            }
        }
    }

    /// An expression that must give a scalar operand.
    pub(crate) fn scalar(&mut self, e: &Expr, frame: &mut Frame) -> R<SubExp> {
        match self.exp(e, frame)? {
            SVal::Leaf(s) => Ok(s),
            _ => self.error(None, "expected a scalar"),
        }
    }

    /// A constant value of the interpreter's (from literals folded by the
    /// elaborator).
    pub(crate) fn constant(&mut self, v: &Value) -> R<SVal> {
        Ok(match v {
            Value::Prim(p) => SVal::Leaf(SubExp::Const(*p)),
            Value::Tuple(items) => SVal::Tuple(
                items
                    .iter()
                    .map(|i| self.constant(i))
                    .collect::<R<Vec<_>>>()?
                    .into(),
            ),
            Value::Record(fields) => SVal::Record(
                fields
                    .iter()
                    .map(|(n, v)| Ok((n.clone(), self.constant(v)?)))
                    .collect::<R<Vec<_>>>()?
                    .into(),
            ),
            Value::Array(a) => {
                if a.data.is_empty() {
                    return self.missing(None, "an empty array constant");
                }
                let rows = a
                    .rows()
                    .iter()
                    .map(|r| self.constant(r))
                    .collect::<R<Vec<_>>>()?;
                self.array_literal(rows, &SrcLoc(Rc::from("")))?
            }
            _ => return self.missing(None, "a constant of this type"),
        })
    }

    /// `[]` whose element type is not known here: a placeholder of
    /// booleans, given its real type where it meets a typed array (the
    /// other branch of an `if`, a loop's body, `++`).
    fn untyped_empty(&mut self, row_shape: &[i64], loc: &SrcLoc) -> SubExp {
        let row = Type::array(PrimType::Bool, row_shape.iter().map(|d| i64c(*d)).collect());
        let ty = row.with_outer(i64c(0));
        let v = self.bind1("empty", Exp::ArrayLit(Vec::new(), row), ty, Some(loc));
        if let SubExp::Var(x) = v {
            self.untyped.insert(x);
        }
        v
    }

    pub(crate) fn is_untyped(&self, s: SubExp) -> bool {
        s.var().is_some_and(|v| self.untyped.contains(&v))
    }

    /// Same primitive type and rank.
    pub(crate) fn same_kind(&self, a: SubExp, b: SubExp) -> bool {
        let (x, y) = (self.ty(a), self.ty(b));
        x.prim == y.prim && x.rank() == y.rank()
    }

    /// An empty array of the type `like` (its sizes where in scope) in
    /// place of the untyped `[]` `s`; other operands unchanged.
    pub(crate) fn retype(&mut self, s: SubExp, like: &Type) -> SubExp {
        if !self.is_untyped(s) || like.rank() == 0 {
            return s;
        }
        let row_dims: Vec<SubExp> = like.dims[1..]
            .iter()
            .map(|d| if self.bound_outside(*d) { *d } else { i64c(0) })
            .collect();
        let row = Type::array(like.prim, row_dims);
        let ty = row.with_outer(i64c(0));
        self.bind1("empty", Exp::ArrayLit(Vec::new(), row), ty, None)
    }

    /// `v` with each untyped empty array that stands where `like` has a
    /// tuple or record (an empty array of tuples) split into one untyped
    /// empty array per component.
    pub(crate) fn spread_untyped(&mut self, v: &SVal, like: &SVal) -> R<SVal> {
        match (v, like) {
            (SVal::Leaf(s), SVal::Tuple(_) | SVal::Record(_)) if self.is_untyped(*s) => {
                let row = self.ty(*s).row();
                let mut leaves = Vec::new();
                if !like.leaves(&mut leaves) {
                    return Ok(v.clone());
                }
                let mut fresh = Vec::new();
                for _ in &leaves {
                    let ty = row.with_outer(i64c(0));
                    let e = self.bind1("empty", Exp::ArrayLit(Vec::new(), row.clone()), ty, None);
                    if let SubExp::Var(x) = e {
                        self.untyped.insert(x);
                    }
                    fresh.push(e);
                }
                Ok(like.rebuild(&mut fresh.into_iter()))
            }
            (SVal::Tuple(items), SVal::Tuple(others)) if items.len() == others.len() => {
                let parts = items
                    .iter()
                    .zip(others.iter())
                    .map(|(i, o)| self.spread_untyped(i, o))
                    .collect::<R<Vec<_>>>()?;
                Ok(SVal::Tuple(Rc::from(parts)))
            }
            _ => Ok(v.clone()),
        }
    }

    /// `v` with its untyped empty arrays given the types of the
    /// corresponding leaves of `other` (of the same structure).
    pub(crate) fn retyped_like(&mut self, v: &SVal, other: &SVal) -> R<SVal> {
        let (mut mine, mut theirs) = (Vec::new(), Vec::new());
        if !v.leaves(&mut mine) || !other.leaves(&mut theirs) || mine.len() != theirs.len() {
            return Ok(v.clone());
        }
        if !mine.iter().any(|m| self.is_untyped(*m)) {
            return Ok(v.clone());
        }
        let mut out = Vec::new();
        for (m, t) in mine.iter().zip(&theirs) {
            let like = self.ty(*t);
            out.push(if self.same_kind(*m, *t) {
                *m
            } else {
                self.retype(*m, &like)
            });
        }
        Ok(v.rebuild(&mut out.into_iter()))
    }

    /// An array of the given rows (all of one structure).
    fn array_literal(&mut self, rows: Vec<SVal>, loc: &SrcLoc) -> R<SVal> {
        let rows: Vec<SVal> = rows.iter().map(Self::shaped).collect();
        let Some(mut first) = rows.first().cloned() else {
            return self.missing(Some(loc), "an empty array literal");
        };
        let rows = if rows.iter().all(|r| Self::same_structure(r, &first)) {
            rows
        } else {
            for r in &rows {
                first = Self::merged(&Self::merged(&first, r), &first);
            }
            let template = first.clone();
            rows.iter()
                .map(|r| self.conform(r, &template))
                .collect::<R<Vec<_>>>()?
        };
        let mut columns: Vec<Vec<SubExp>> = Vec::new();
        for row in &rows {
            let mut leaves = Vec::new();
            if !row.leaves(&mut leaves) {
                return self.error(Some(loc), "an array of functions");
            }
            if columns.is_empty() {
                columns = vec![Vec::new(); leaves.len()];
            }
            for (c, l) in columns.iter_mut().zip(leaves) {
                c.push(l);
            }
        }
        let mut result = Vec::new();
        for mut column in columns {
            let row_ty = self.ty(column[0]);
            for other in column[1..].iter_mut() {
                let t = self.ty(*other);
                let mut differs = false;
                for (a, b) in row_ty.dims.iter().zip(&t.dims) {
                    if !a.same(*b) {
                        differs = true;
                        let ok = self.binop(BinOp::Eq, *a, *b, Some(loc));
                        self.emit(
                            Exp::Assert(
                                ok,
                                vec![MsgPart::Text(
                                    "Irregular array: rows of different shapes.".into(),
                                )],
                                loc.0.clone(),
                            ),
                            Some(loc),
                        );
                    }
                }
                // Past the checks the row has the first row's shape, which
                // its type then says (the IR checker compares types).
                if let (true, SubExp::Var(a)) = (differs, *other) {
                    let shape = Exp::Reshape(row_ty.dims.clone(), a);
                    *other = self.bind1("row", shape, row_ty.clone(), Some(loc));
                }
            }
            let ty = row_ty.with_outer(i64c(column.len() as i64));
            result.push(self.bind1("arr", Exp::ArrayLit(column, row_ty), ty, Some(loc)));
        }
        Ok(first.rebuild(&mut result.into_iter()))
    }

    fn range(
        &mut self,
        start: SubExp,
        next: Option<SubExp>,
        end: SubExp,
        kind: RangeEnd,
        loc: &SrcLoc,
    ) -> R<SVal> {
        let t = self.ty(start).prim;
        let one = SubExp::Const(runic_eval::prim::convert(Prim::I64(1), t));
        let a = self.convert(start, PrimType::I64);
        let z = self.convert(end, PrimType::I64);
        let step = match next {
            Some(n) => {
                let n = self.convert(n, PrimType::I64);
                self.binop(BinOp::Sub, n, a, Some(loc))
            }
            None if kind == RangeEnd::DownExclusive => i64c(-1),
            None => i64c(1),
        };
        let _ = one;
        // The number of elements: towards `z` by `step`, `z` included for
        // `...`; the range is invalid when the step goes the other way.
        let diff = self.binop(BinOp::Sub, z, a, Some(loc));
        let (adjust, ok_dir) = match kind {
            RangeEnd::Inclusive => (None, None),
            RangeEnd::UpExclusive => (Some(i64c(-1)), Some(BinOp::Gt)),
            RangeEnd::DownExclusive => (Some(i64c(1)), Some(BinOp::Lt)),
        };
        let span = match adjust {
            Some(adj) => self.binop(BinOp::Add, diff, adj, Some(loc)),
            None => diff,
        };
        // Valid: step non-zero and pointing from `a` towards `z` (or an
        // empty exclusive range).
        let step_ok = self.binop(BinOp::Neq, step, i64c(0), Some(loc));
        let sign_span = self.scalar_op(Builtin::Sgn, vec![diff], None);
        let sign_step = self.scalar_op(Builtin::Sgn, vec![step], None);
        let same_sign = self.binop(BinOp::Eq, sign_span, sign_step, Some(loc));
        let zero_span = self.binop(BinOp::Eq, diff, i64c(0), Some(loc));
        let dir_ok = match (kind, ok_dir) {
            (RangeEnd::Inclusive, _) => self.binop(BinOp::Or, same_sign, zero_span, Some(loc)),
            (_, Some(_)) => {
                let towards = self.binop(BinOp::Or, same_sign, zero_span, Some(loc));
                let want = if kind == RangeEnd::UpExclusive { 1 } else { -1 };
                let dir = self.binop(BinOp::Eq, sign_step, i64c(want), Some(loc));
                self.binop(BinOp::And, towards, dir, Some(loc))
            }
            _ => same_sign,
        };
        let ok = self.binop(BinOp::And, step_ok, dir_ok, Some(loc));
        let op = match kind {
            RangeEnd::Inclusive => "...",
            RangeEnd::UpExclusive => "..<",
            RangeEnd::DownExclusive => "..>",
        };
        let mut msg = vec![MsgPart::Text("Range ".into()), MsgPart::Value(start)];
        if let Some(n) = next {
            msg.push(MsgPart::Text("..".into()));
            msg.push(MsgPart::Value(n));
        }
        msg.push(MsgPart::Text(op.into()));
        msg.push(MsgPart::Value(end));
        msg.push(MsgPart::Text(" is invalid.".into()));
        self.emit(Exp::Assert(ok, msg, loc.0.clone()), Some(loc));
        // Counted only once the range is known valid (a zero step would
        // divide by zero).
        let steps = self.binop(BinOp::Quot, span, step, Some(loc));
        let count0 = self.binop(BinOp::Add, steps, i64c(1), Some(loc));
        let count = self.binop(BinOp::Max, count0, i64c(0), Some(loc));
        let iota = self.bind1(
            "iota",
            Exp::Iota(count),
            Type::array(PrimType::I64, vec![count]),
            Some(loc),
        );
        // start + i * step, in the element type.
        let (i, body) = {
            let i = self.var("i", Type::scalar(PrimType::I64));
            let (stms, r) = self.nested(|int| {
                let off = int.binop(BinOp::Mul, SubExp::Var(i), step, None);
                let x = int.binop(BinOp::Add, a, off, None);
                Ok(int.convert(x, t))
            })?;
            (
                i,
                Body {
                    stms,
                    result: vec![r],
                },
            )
        };
        let map = Lambda {
            params: vec![i],
            body,
            ret: vec![Type::scalar(t)],
        };
        let out = self.bind1(
            "range",
            Exp::Screma(Box::new(Screma {
                post: None,
                w: count,
                arrs: vec![iota.var().expect("a variable")],
                scans: Vec::new(),
                reds: Vec::new(),
                map,
                attrs: self.attrs.clone(),
            })),
            Type::array(t, vec![count]),
            Some(loc),
        );
        Ok(SVal::Leaf(out))
    }

    /// Applies a known function to arguments, inlining it once it has
    /// all of them.
    pub(crate) fn apply(&mut self, f: SVal, args: Vec<SVal>, loc: Option<&SrcLoc>) -> R<SVal> {
        let SVal::Fun(fun, given) = f else {
            return self.error(loc, "applying a value that is not a function");
        };
        let mut all: Vec<SVal> = given.to_vec();
        all.extend(args);
        let arity = match &*fun {
            Fun::Closure(def, _) => def.params.len(),
            Fun::Global(g) => match self.src.globals.get(*g as usize) {
                Some(GlobalDef::Func(def)) => def.params.len(),
                _ => return self.error(loc, "applying a constant"),
            },
            Fun::Builtin(b) => b.arity(),
        };
        if all.len() < arity {
            return Ok(SVal::Fun(fun, Rc::from(all)));
        }
        let rest = all.split_off(arity);
        let result = self.apply_now(&fun, all, loc)?;
        if rest.is_empty() {
            Ok(result)
        } else {
            self.apply(result, rest, loc)
        }
    }

    /// Applies a function to exactly its arity of arguments.
    fn apply_now(&mut self, fun: &Fun, all: Vec<SVal>, loc: Option<&SrcLoc>) -> R<SVal> {
        Ok(match fun {
            Fun::Closure(def, captured) => self.inline(def, captured, all, Vec::new(), loc)?,
            Fun::Global(g) => {
                let Some(GlobalDef::Func(def)) = self.src.globals.get(*g as usize) else {
                    return self.error(loc, "applying a constant");
                };
                let def = def.clone();
                // A call of a global being inlined may be recursion (or a
                // higher-order function applied inside its own argument:
                // that one is inlined, as is recursion that cannot become a
                // call, until the depth limit).
                let called = if self.inlining.contains(g) && self.ad_depth == 0 {
                    self.recursive_call(*g, &def, all.clone(), loc).ok()
                } else if def.noinline {
                    self.noinline_call(*g, &def, &all, loc)?
                } else {
                    None
                };
                match called {
                    Some(v) => v,
                    None => {
                        self.inlining.push(*g);
                        let r = self.inline(&def, &[], all, Vec::new(), loc);
                        self.inlining.pop();
                        r?
                    }
                }
            }
            Fun::Builtin(b) => self.builtin(*b, all, loc)?,
        })
    }

    pub(crate) fn binop(
        &mut self,
        op: BinOp,
        a: SubExp,
        b: SubExp,
        loc: Option<&SrcLoc>,
    ) -> SubExp {
        self.scalar_op(Builtin::Bin(op), vec![a, b], loc)
    }

    pub(crate) fn scalar_op(
        &mut self,
        op: Builtin,
        args: Vec<SubExp>,
        loc: Option<&SrcLoc>,
    ) -> SubExp {
        let mut args = args;
        // A literal whose type the lowered program left at its default
        // (`1` in a size expression, `opaque 1 * n`) takes the type of the
        // other operand.
        if let (Builtin::Bin(_), [a, b]) = (op, &mut args[..]) {
            let (ta, tb) = (self.ty(*a).prim, self.ty(*b).prim);
            if ta != tb && self.ty(*a).rank() == 0 && self.ty(*b).rank() == 0 {
                match (*a, *b) {
                    (SubExp::Const(c), SubExp::Var(_)) => {
                        *a = SubExp::Const(runic_eval::prim::convert(c, tb))
                    }
                    (SubExp::Var(_), SubExp::Const(c)) => {
                        *b = SubExp::Const(runic_eval::prim::convert(c, ta))
                    }
                    _ => {}
                }
            }
        }
        // Operations on constants are folded (unless they fail: a division
        // by zero stays a run-time error).
        if let Some(c) = crate::simplify::folded(op, &args) {
            return SubExp::Const(c);
        }
        let prims: Vec<PrimType> = args.iter().map(|a| self.ty(*a).prim).collect();
        let t = scalar_result(op, &prims);
        self.bind1("x", Exp::Scalar(op, args), Type::scalar(t), loc)
    }

    pub(crate) fn not(&mut self, a: SubExp) -> SubExp {
        self.scalar_op(Builtin::Not, vec![a], None)
    }

    pub(crate) fn convert(&mut self, a: SubExp, t: PrimType) -> SubExp {
        if self.ty(a).prim == t {
            return a;
        }
        if let SubExp::Const(c) = a {
            return SubExp::Const(runic_eval::prim::convert(c, t));
        }
        self.scalar_op(Builtin::Convert(t), vec![a], None)
    }

    /// `if c then t else f` of static values of one structure.
    pub(crate) fn if_value(
        &mut self,
        c: SubExp,
        t: impl FnOnce(&mut Self) -> R<SVal>,
        f: impl FnOnce(&mut Self) -> R<SVal>,
    ) -> R<SVal> {
        let (mut then_stms, tv) = self.nested(t)?;
        let (mut else_stms, fv) = self.nested(f)?;
        // `[]` of unknown element type against an array of tuples: a `[]`
        // for each component.
        let tv = self.in_body(&mut then_stms, |int| int.spread_untyped(&tv, &fv))?;
        let fv = self.in_body(&mut else_stms, |int| int.spread_untyped(&fv, &tv))?;
        let (tv, fv) = if Self::same_structure(&tv, &fv) {
            (tv, fv)
        } else if Self::diverges(&then_stms) {
            let tv = self.fit(&mut then_stms, &tv, &fv)?;
            (tv, fv)
        } else if Self::diverges(&else_stms) {
            let fv = self.fit(&mut else_stms, &fv, &tv)?;
            (tv, fv)
        } else {
            let template = Self::merged(&Self::merged(&tv, &fv), &tv);
            let tv = self.fit(&mut then_stms, &tv, &template)?;
            let fv = self.fit(&mut else_stms, &fv, &template)?;
            (tv, fv)
        };
        let tv = self.in_body(&mut then_stms, |int| int.retyped_like(&tv, &fv))?;
        let fv = self.in_body(&mut else_stms, |int| int.retyped_like(&fv, &tv))?;
        let (mut tl, mut fl) = (Vec::new(), Vec::new());
        if !tv.leaves(&mut tl) || !fv.leaves(&mut fl) {
            return self.missing(None, "a conditional giving a function");
        }
        if tl.len() != fl.len() {
            return self.error(None, "branches of different structure");
        }
        let mut types = Vec::new();
        for (a, b) in tl.iter().zip(&fl) {
            let (ta, tb) = (self.ty(*a), self.ty(*b));
            let mut t = ta.clone();
            for (i, d) in t.dims.iter_mut().enumerate() {
                let other = tb.dims.get(i).copied().unwrap_or(i64c(0));
                if !(d.same(other) && self.visible(*d)) {
                    // Differing or inner sizes: existential.
                    *d = SubExp::Var(self.ext_marker());
                }
            }
            types.push(t);
        }
        let exp = Exp::If {
            cond: c,
            then_body: Body {
                stms: then_stms,
                result: tl,
            },
            else_body: Body {
                stms: else_stms,
                result: fl,
            },
        };
        let out = self.bind("r", exp, types, None);
        Ok(tv.rebuild(&mut out.into_iter()))
    }

    /// A fresh size variable one level in, which [`Self::bind`] turns into
    /// an existential size of the statement.
    pub(crate) fn ext_marker(&mut self) -> VarId {
        self.bodies.push(Vec::new());
        let v = self.var("d", Type::scalar(PrimType::I64));
        self.bodies.pop();
        v
    }

    /// Structural equality of two values, as one boolean.
    fn equal(&mut self, a: &SVal, b: &SVal) -> R<SubExp> {
        let (a, b) = if Self::same_structure(a, b) {
            (a.clone(), b.clone())
        } else {
            let template = Self::merged(&Self::merged(a, b), a);
            (self.conform(a, &template)?, self.conform(b, &template)?)
        };
        let (mut al, mut bl) = (Vec::new(), Vec::new());
        if !a.leaves(&mut al) || !b.leaves(&mut bl) {
            return self.error(None, "comparing functions");
        }
        let mut acc = SubExp::Const(Prim::Bool(true));
        for (x, y) in al.into_iter().zip(bl) {
            let eq = if self.ty(x).rank() == 0 {
                self.binop(BinOp::Eq, x, y, None)
            } else {
                self.array_equal(x, y)?
            };
            acc = self.binop(BinOp::And, acc, eq, None);
        }
        Ok(acc)
    }

    /// Whether two arrays have the same shape and elements.
    fn array_equal(&mut self, x: SubExp, y: SubExp) -> R<SubExp> {
        let (tx, ty) = (self.ty(x), self.ty(y));
        let mut same_shape = SubExp::Const(Prim::Bool(tx.rank() == ty.rank()));
        for (a, b) in tx.dims.iter().zip(&ty.dims) {
            let eq = self.binop(BinOp::Eq, *a, *b, None);
            same_shape = self.binop(BinOp::And, same_shape, eq, None);
        }
        let (x, y) = (x.var(), y.var());
        let (Some(x), Some(y)) = (x, y) else {
            return self.error(None, "comparing arrays");
        };
        self.if_value(
            same_shape,
            |int| {
                let mut total = i64c(1);
                for d in &tx.dims {
                    total = int.binop(BinOp::Mul, total, *d, None);
                }
                let fx = int.bind1(
                    "flat",
                    Exp::Reshape(vec![total], x),
                    Type::array(tx.prim, vec![total]),
                    None,
                );
                let fy = int.bind1(
                    "flat",
                    Exp::Reshape(vec![total], y),
                    Type::array(ty.prim, vec![total]),
                    None,
                );
                let pairs = SVal::Tuple(Rc::from(vec![SVal::Leaf(fx), SVal::Leaf(fy)]));
                let eqs = int.map_fn(&pairs, None, |int, r| {
                    let (Some(SVal::Leaf(a)), Some(SVal::Leaf(b))) = (r.field("0"), r.field("1"))
                    else {
                        return int.error(None, "comparing arrays");
                    };
                    Ok(SVal::Leaf(int.binop(BinOp::Eq, a, b, None)))
                })?;
                let and = SVal::Fun(
                    Rc::new(Fun::Builtin(Builtin::Bin(BinOp::And))),
                    Rc::from(Vec::new()),
                );
                let yes = SVal::Leaf(SubExp::Const(Prim::Bool(true)));
                int.reduce(&and, &yes, &eqs, false, None)
            },
            |_| Ok(SVal::Leaf(SubExp::Const(Prim::Bool(false)))),
        )
        .map(|v| match v {
            SVal::Leaf(s) => s,
            _ => SubExp::Const(Prim::Bool(false)),
        })
    }
}

/// An index as internalised: a point, or a slice (start, length, stride).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Idx {
    Fix(SubExp),
    Slice(Option<SubExp>, Option<SubExp>, Option<SubExp>),
}

/// A record with the field at `path` replaced.
fn update_field(record: &SVal, path: &[Rc<str>], value: SVal) -> SVal {
    let Some((first, rest)) = path.split_first() else {
        return value;
    };
    match record {
        SVal::Tuple(items) => {
            let i: usize = first.parse().unwrap_or(usize::MAX);
            SVal::Tuple(
                items
                    .iter()
                    .enumerate()
                    .map(|(j, v)| {
                        if j == i {
                            update_field(v, rest, value.clone())
                        } else {
                            v.clone()
                        }
                    })
                    .collect(),
            )
        }
        SVal::Record(fields) => SVal::Record(
            fields
                .iter()
                .map(|(n, v)| {
                    if n == first {
                        (n.clone(), update_field(v, rest, value.clone()))
                    } else {
                        (n.clone(), v.clone())
                    }
                })
                .collect(),
        ),
        other => other.clone(),
    }
}
