//! Patterns (binding a static value's parts to frame slots, and the tests
//! of `match` cases), the run-time part of type annotations (sizes bound
//! or checked by assertions), and indexing with its bounds checks.

use std::rc::Rc;

use runic_eval::ir::{Dim, Expr, IndexSpec, Loc as SrcLoc, Pat as SrcPat, Shape, TypeNote};
use runic_eval::prim::BinOp;
use runic_eval::value::Prim;
use runic_sema::types::PrimType;

use super::exprs::Idx;
use super::{i64c, Frame, Internaliser, SVal, R};
use crate::ir::*;

impl Internaliser<'_> {
    /// Binds the parts of `v` that `pat` names (an irrefutable pattern, or
    /// one whose test already passed).
    pub(crate) fn bind_pat(
        &mut self,
        pat: &SrcPat,
        v: SVal,
        frame: &mut Frame,
        loc: Option<&SrcLoc>,
    ) -> R<()> {
        match pat {
            SrcPat::Bind(slot) => {
                if let Some(place) = frame.get_mut(*slot as usize) {
                    *place = Some(v);
                }
                Ok(())
            }
            SrcPat::Wild | SrcPat::Lit(_) => Ok(()),
            SrcPat::Tuple(items) => {
                if items.is_empty() {
                    return Ok(());
                }
                let SVal::Tuple(values) = v else {
                    return self.error(loc, "a tuple pattern on a value that is not a tuple");
                };
                for (p, v) in items.iter().zip(values.iter()) {
                    self.bind_pat(p, v.clone(), frame, loc)?;
                }
                Ok(())
            }
            SrcPat::Record(fields) => {
                for (name, p) in fields {
                    let Some(field) = v.field(name) else {
                        return self.error(loc, format!("no field `{name}`"));
                    };
                    self.bind_pat(p, field, frame, loc)?;
                }
                Ok(())
            }
            SrcPat::Ctor(name, pats) => {
                let SVal::Sum(_, ctors) = &v else {
                    return self.error(loc, "a constructor pattern on a value not of a sum type");
                };
                // A constructor the value cannot hold binds nothing (the
                // case is dead).
                if let Some((_, payload)) = ctors.iter().find(|(n, _)| n == name) {
                    for (p, x) in pats.iter().zip(payload.clone()) {
                        self.bind_pat(p, x, frame, loc)?;
                    }
                }
                Ok(())
            }
            SrcPat::Typed(inner, shape, note) => {
                self.match_shape(shape, &v, note, frame, false)?;
                self.bind_pat(inner, v, frame, loc)
            }
        }
    }

    /// Whether `v` matches `pat` (as a boolean operand).
    fn test_pat(&mut self, pat: &SrcPat, v: &SVal) -> R<SubExp> {
        let yes = SubExp::Const(Prim::Bool(true));
        match pat {
            SrcPat::Bind(_) | SrcPat::Wild => Ok(yes),
            SrcPat::Lit(lit) => {
                let SVal::Leaf(x) = v else {
                    return self.error(None, "a literal pattern on a value that is not a scalar");
                };
                let t = self.ty(*x).prim;
                let lit = SubExp::Const(runic_eval::prim::convert(*lit, t));
                Ok(self.binop(BinOp::Eq, *x, lit, None))
            }
            SrcPat::Tuple(items) => {
                let mut acc = yes;
                for (i, p) in items.iter().enumerate() {
                    let Some(part) = v.field(&i.to_string()) else {
                        continue;
                    };
                    let t = self.test_pat(p, &part)?;
                    acc = self.and(acc, t);
                }
                Ok(acc)
            }
            SrcPat::Record(fields) => {
                let mut acc = yes;
                for (name, p) in fields {
                    let Some(part) = v.field(name) else {
                        continue;
                    };
                    let t = self.test_pat(p, &part)?;
                    acc = self.and(acc, t);
                }
                Ok(acc)
            }
            SrcPat::Ctor(name, pats) => {
                let SVal::Sum(tag, ctors) = v else {
                    return self.error(None, "a constructor pattern on a value not of a sum type");
                };
                let Some((_, payload)) = ctors.iter().find(|(n, _)| n == name) else {
                    return Ok(SubExp::Const(Prim::Bool(false)));
                };
                let mut acc = if ctors.len() == 1 {
                    yes
                } else {
                    let want = self.tag_of(name);
                    self.binop(BinOp::Eq, *tag, want, None)
                };
                for (p, x) in pats.iter().zip(payload.clone()) {
                    let t = self.test_pat(p, &x)?;
                    acc = self.and(acc, t);
                }
                Ok(acc)
            }
            SrcPat::Typed(inner, _, _) => self.test_pat(inner, v),
        }
    }

    /// `if c then a else b` on scalars (decided here when `c` is known).
    pub(crate) fn select(&mut self, c: SubExp, a: SubExp, b: SubExp) -> R<SubExp> {
        match c {
            SubExp::Const(Prim::Bool(true)) => Ok(a),
            SubExp::Const(Prim::Bool(false)) => Ok(b),
            _ if a.same(b) => Ok(a),
            _ => match self.if_value(c, |_| Ok(SVal::Leaf(a)), |_| Ok(SVal::Leaf(b)))? {
                SVal::Leaf(x) => Ok(x),
                _ => self.error(None, "a selection of a non-scalar"),
            },
        }
    }

    pub(crate) fn and(&mut self, a: SubExp, b: SubExp) -> SubExp {
        match (a, b) {
            (SubExp::Const(Prim::Bool(false)), _) | (_, SubExp::Const(Prim::Bool(false))) => {
                SubExp::Const(Prim::Bool(false))
            }
            (SubExp::Const(Prim::Bool(true)), x) | (x, SubExp::Const(Prim::Bool(true))) => x,
            _ => self.binop(BinOp::And, a, b, None),
        }
    }

    /// `match v` from case `i` on: a chain of conditionals (the checker
    /// proved the cases exhaustive, so the last one needs no test).
    pub(crate) fn match_cases(
        &mut self,
        v: &SVal,
        cases: &[(SrcPat, Expr)],
        i: usize,
        frame: &mut Frame,
        loc: &SrcLoc,
    ) -> R<SVal> {
        let Some((pat, body)) = cases.get(i) else {
            return self.error(Some(loc), "a match without cases");
        };
        let cond = if i + 1 == cases.len() {
            SubExp::Const(Prim::Bool(true))
        } else {
            self.test_pat(pat, v)?
        };
        if let SubExp::Const(Prim::Bool(false)) = cond {
            return self.match_cases(v, cases, i + 1, frame, loc);
        }
        if let SubExp::Const(Prim::Bool(true)) = cond {
            self.bind_pat(pat, v.clone(), frame, Some(loc))?;
            return self.exp(body, frame);
        }
        let mut then_frame = frame.clone();
        let mut else_frame = frame.clone();
        self.if_value(
            cond,
            |int| {
                int.bind_pat(pat, v.clone(), &mut then_frame, Some(loc))?;
                int.exp(body, &mut then_frame)
            },
            |int| int.match_cases(v, cases, i + 1, &mut else_frame, loc),
        )
    }

    /// Binds the sizes a type annotation names from `v`'s dimensions and
    /// asserts the ones it checks. A coercion (`e :> t`) gives back the
    /// value in the annotation's sizes where it matters: past the assertion
    /// each array with a checked size bound deeper than the required one is
    /// reshaped to it, so that its type names the sizes the checker gave the
    /// coercion (and not a size bound inside a function that fusion later
    /// inlines, out of scope there).
    pub(crate) fn match_shape(
        &mut self,
        shape: &Shape,
        v: &SVal,
        note: &TypeNote,
        frame: &mut Frame,
        coercion: bool,
    ) -> R<SVal> {
        let mut checks = Vec::new();
        let mut retyped = Vec::new();
        self.shape_at(shape, v, 0, frame, &mut checks, &[], &mut retyped)?;
        if checks.is_empty() {
            return Ok(v.clone());
        }
        self.assert_shape(&checks, v, note);
        if !coercion || retyped.is_empty() {
            return Ok(v.clone());
        }
        let mut renamed: Vec<(VarId, SubExp)> = Vec::new();
        for (leaf, dims) in retyped {
            if renamed.iter().any(|(old, _)| *old == leaf) {
                continue;
            }
            let ty = Type::array(self.ty(SubExp::Var(leaf)).prim, dims.clone());
            let new = self.bind1("coerced", Exp::Reshape(dims, leaf), ty, Some(&note.loc));
            renamed.push((leaf, new));
        }
        let mut leaves = Vec::new();
        v.leaves(&mut leaves);
        let mut leaves = leaves.into_iter().map(|leaf| {
            leaf.var()
                .and_then(|var| renamed.iter().find(|(old, _)| *old == var))
                .map_or(leaf, |(_, new)| *new)
        });
        Ok(v.rebuild(&mut leaves))
    }

    /// Whether size `actual` is a variable bound in a body nested deeper than
    /// size `want`: a value of that size can leave the body where its size
    /// is known (a function's result that fusion or inlining moves), so a
    /// coercion to `want` must retype it. Sizes of the same body are left as
    /// they are, which keeps the coerced value the statement that made it
    /// (a concatenation that fuses into its consumer).
    fn bound_deeper(&self, actual: SubExp, want: SubExp) -> bool {
        let level = |s: SubExp| s.var().map_or(0, |v| self.var_level(v));
        actual.var().is_some() && level(actual) > level(want)
    }

    /// Asserts the `(actual, required, dimensions before)` size checks of an
    /// annotation on `v`, with the interpreter's message.
    fn assert_shape(
        &mut self,
        checks: &[(SubExp, SubExp, Vec<SubExp>)],
        v: &SVal,
        note: &TypeNote,
    ) {
        let mut ok = SubExp::Const(Prim::Bool(true));
        for (got, want, before) in checks {
            let mut fine = self.binop(BinOp::Eq, *got, *want, Some(&note.loc));
            // Dimensions after an empty one are not checked: an empty
            // array does not know its rows' sizes.
            for d in before {
                let empty = self.binop(BinOp::Eq, *d, i64c(0), Some(&note.loc));
                fine = self.binop(BinOp::Or, fine, empty, Some(&note.loc));
            }
            ok = self.and(ok, fine);
        }
        if self.entry_params {
            let msg = vec![MsgPart::Text(
                "entry point arguments have invalid sizes.".into(),
            )];
            self.emit(Exp::Assert(ok, msg, note.loc.0.clone()), Some(&note.loc));
            return;
        }
        let mut leaves = Vec::new();
        v.leaves(&mut leaves);
        let mut msg = vec![MsgPart::Text("Value of shape \"".into())];
        if let Some(first) = leaves.first() {
            msg.extend(shape_parts(&self.ty(*first).dims));
        }
        msg.push(MsgPart::Text(format!(
            "\" cannot match shape of type \"{}\" (\"",
            note.text
        )));
        // Then the annotation with its sizes filled in, as the interpreter
        // says it.
        let mut expected = match leaves.first() {
            Some(first) => self.ty(*first).dims,
            None => Vec::new(),
        };
        for (_, want, before) in checks {
            if let Some(d) = expected.get_mut(before.len()) {
                *d = *want;
            }
        }
        msg.extend(shape_parts(&expected));
        let elem = match note.text.starts_with('[') {
            true => note.text.rsplit(']').next().unwrap_or(""),
            false => "",
        };
        msg.push(MsgPart::Text(format!("{elem}\")")));
        self.emit(Exp::Assert(ok, msg, note.loc.0.clone()), Some(&note.loc));
    }

    /// `shape` against `v`, whose dimensions before `offset` belong to
    /// enclosing array annotations; collects `(actual, required, dimensions
    /// before)` checks, and in `retyped` each array leaf with the
    /// dimensions it has past the checks, where they differ: `fixed` holds
    /// the required sizes of the enclosing annotations, by dimension.
    #[allow(clippy::too_many_arguments)]
    fn shape_at(
        &mut self,
        shape: &Shape,
        v: &SVal,
        offset: usize,
        frame: &mut Frame,
        checks: &mut Vec<(SubExp, SubExp, Vec<SubExp>)>,
        fixed: &[(usize, SubExp)],
        retyped: &mut Vec<(VarId, Vec<SubExp>)>,
    ) -> R<()> {
        match (shape, v) {
            (Shape::Array(dims, elem), _) => {
                let mut leaves = Vec::new();
                v.leaves(&mut leaves);
                let Some(first) = leaves.first() else {
                    return Ok(());
                };
                let t = self.ty(*first);
                let mut fixed = fixed.to_vec();
                for (i, dim) in dims.iter().enumerate() {
                    let Some(actual) = t.dims.get(offset + i).copied() else {
                        break;
                    };
                    match dim {
                        Dim::Bind(slot) => {
                            if let Some(place) = frame.get_mut(*slot as usize) {
                                *place = Some(SVal::Leaf(actual));
                            }
                        }
                        Dim::Check(e) => {
                            let want = self.scalar(e, frame)?;
                            let want = self.convert(want, PrimType::I64);
                            if !want.same(actual) {
                                let before = t.dims[..offset + i].to_vec();
                                checks.push((actual, want, before));
                                if self.bound_deeper(actual, want) {
                                    fixed.push((offset + i, want));
                                }
                            }
                        }
                        Dim::Any => {}
                    }
                }
                let offset = offset + dims.len();
                self.shape_at(elem, v, offset, frame, checks, &fixed, retyped)
            }
            (Shape::Tuple(items), SVal::Tuple(values)) => {
                for (s, part) in items.iter().zip(values.iter()) {
                    self.shape_at(s, part, offset, frame, checks, fixed, retyped)?;
                }
                Ok(())
            }
            (Shape::Record(fields), _) => {
                for (name, s) in fields {
                    if let Some(part) = v.field(name) {
                        self.shape_at(s, &part, offset, frame, checks, fixed, retyped)?;
                    }
                }
                Ok(())
            }
            // An accumulator is its destination's arrays (`accs.rs`).
            (Shape::Acc(inner), _) => {
                self.shape_at(inner, v, offset, frame, checks, fixed, retyped)
            }
            _ => {
                if fixed.is_empty() {
                    return Ok(());
                }
                let mut leaves = Vec::new();
                v.leaves(&mut leaves);
                for leaf in leaves {
                    let Some(var) = leaf.var() else { continue };
                    let have = self.ty(leaf).dims;
                    let mut dims = have.clone();
                    for &(at, want) in fixed {
                        if let Some(d) = dims.get_mut(at) {
                            *d = want;
                        }
                    }
                    if dims.iter().zip(&have).any(|(a, b)| !a.same(*b)) {
                        retyped.push((var, dims));
                    }
                }
                Ok(())
            }
        }
    }

    /// `v` with each empty array literal given the row sizes an
    /// annotation `shape` names (`[0][d]t`): the checker's are constants or
    /// 0; and an untyped one (`[]` of unknown element type) the rank, so
    /// that the entry point's declared type later gives it its element type
    /// (`empty([0][d]t)`).
    pub(crate) fn widen_untyped(&mut self, shape: &Shape, v: &SVal, frame: &mut Frame) -> R<SVal> {
        match (shape, v) {
            (Shape::Array(..), SVal::Leaf(s))
                if self.is_untyped(*s) || s.var().is_some_and(|v| self.empty_lits.contains(&v)) =>
            {
                let mut dims = Vec::new();
                let mut at = shape;
                while let Shape::Array(ds, elem) = at {
                    dims.extend(ds.iter());
                    at = elem;
                }
                let have = self.ty(*s).dims;
                if dims.len() < have.len() || dims.iter().all(|d| !matches!(d, Dim::Check(_))) {
                    return Ok(v.clone());
                }
                // The annotation's sizes win over the literal's (a row
                // size the checker did not know as a constant is 0 there).
                let mut row = Vec::new();
                for (k, dim) in dims.iter().enumerate().skip(1) {
                    row.push(match (dim, have.get(k)) {
                        (Dim::Check(e), _) => {
                            let want = self.scalar(e, frame)?;
                            self.convert(want, PrimType::I64)
                        }
                        (_, Some(d)) => *d,
                        (_, None) => i64c(0),
                    });
                }
                let untyped = self.is_untyped(*s);
                let row = Type::array(self.ty(*s).prim, row);
                let ty = row.with_outer(i64c(0));
                let e = self.bind1("empty", Exp::ArrayLit(Vec::new(), row), ty, None);
                if let SubExp::Var(x) = e {
                    if untyped {
                        self.untyped.insert(x);
                    } else {
                        self.empty_lits.insert(x);
                    }
                }
                Ok(SVal::Leaf(e))
            }
            (Shape::Tuple(items), SVal::Tuple(values)) if items.len() == values.len() => {
                let parts = items
                    .iter()
                    .zip(values.iter())
                    .map(|(s, part)| self.widen_untyped(s, part, frame))
                    .collect::<R<Vec<_>>>()?;
                Ok(SVal::Tuple(Rc::from(parts)))
            }
            _ => Ok(v.clone()),
        }
    }

    /// The indices of an index or update expression.
    pub(crate) fn indices(&mut self, specs: &[IndexSpec], frame: &mut Frame) -> R<Vec<Idx>> {
        let mut out = Vec::with_capacity(specs.len());
        for spec in specs {
            out.push(match spec {
                IndexSpec::Point(e) => {
                    let i = self.scalar(e, frame)?;
                    Idx::Fix(self.convert(i, PrimType::I64))
                }
                IndexSpec::Slice { start, end, stride } => {
                    let mut part = |e: &Option<Expr>, int: &mut Self| -> R<Option<SubExp>> {
                        match e {
                            Some(e) => {
                                let x = int.scalar(e, frame)?;
                                Ok(Some(int.convert(x, PrimType::I64)))
                            }
                            None => Ok(None),
                        }
                    };
                    Idx::Slice(part(start, self)?, part(end, self)?, part(stride, self)?)
                }
            });
        }
        Ok(out)
    }

    /// The core indices of `idx` into an array of dimensions `dims`, with
    /// the assertion that they are in bounds.
    fn checked_indices(
        &mut self,
        idx: &[Idx],
        dims: &[SubExp],
        loc: &SrcLoc,
        update: bool,
    ) -> R<Vec<DimIndex>> {
        if idx.len() > dims.len() {
            return self.error(Some(loc), "too many indices");
        }
        let l = Some(loc);
        let mut ok = SubExp::Const(Prim::Bool(true));
        let mut out = Vec::new();
        let mut msg = vec![MsgPart::Text(
            if update {
                "Bad update: Index ["
            } else {
                "Index ["
            }
            .into(),
        )];
        for (k, (i, n)) in idx.iter().zip(dims).enumerate() {
            if k > 0 {
                msg.push(MsgPart::Text(", ".into()));
            }
            match *i {
                Idx::Fix(i) => {
                    let lo = self.binop(BinOp::Le, i64c(0), i, l);
                    let hi = self.binop(BinOp::Lt, i, *n, l);
                    let both = self.and(lo, hi);
                    ok = self.and(ok, both);
                    msg.push(MsgPart::Value(i));
                    out.push(DimIndex::Fix(i));
                }
                Idx::Slice(start, end, stride) => {
                    // Strides known at compile time choose their arithmetic
                    // here; others through `select`.
                    let s = stride.unwrap_or(i64c(1));
                    let pos = self.binop(BinOp::Gt, s, i64c(0), l);
                    let last_n = self.binop(BinOp::Sub, *n, i64c(1), l);
                    let default_start = self.select(pos, i64c(0), last_n)?;
                    let default_end = self.select(pos, *n, i64c(-1))?;
                    let i = start.unwrap_or(default_start);
                    let j = end.unwrap_or(default_end);
                    // count = (|j - i| + |s| - 1) / |s| towards the stride.
                    let fwd = self.binop(BinOp::Sub, j, i, l);
                    let bwd = self.binop(BinOp::Sub, i, j, l);
                    let span = self.select(pos, fwd, bwd)?;
                    let a = self.scalar_op(runic_eval::builtins::Builtin::Abs, vec![s], l);
                    let a1 = self.binop(BinOp::Max, a, i64c(1), l);
                    let span = self.binop(BinOp::Add, span, a1, l);
                    let span = self.binop(BinOp::Sub, span, i64c(1), l);
                    let count = self.binop(BinOp::Div, span, a1, l);
                    let last = {
                        let c1 = self.binop(BinOp::Sub, count, i64c(1), l);
                        let off = self.binop(BinOp::Mul, c1, s, l);
                        self.binop(BinOp::Add, i, off, l)
                    };
                    let towards_fwd = {
                        let a = self.binop(BinOp::Le, i64c(0), i, l);
                        let b = self.binop(BinOp::Le, i, j, l);
                        self.and(a, b)
                    };
                    let towards_bwd = {
                        let a = self.binop(BinOp::Le, i64c(-1), j, l);
                        let b = self.binop(BinOp::Le, j, i, l);
                        self.and(a, b)
                    };
                    let towards = self.select(pos, towards_fwd, towards_bwd)?;
                    let in_n = |int: &mut Self, x: SubExp| {
                        let a = int.binop(BinOp::Le, i64c(0), x, l);
                        let b = int.binop(BinOp::Lt, x, *n, l);
                        int.and(a, b)
                    };
                    let first_in = in_n(self, i);
                    let last_in = in_n(self, last);
                    let positive = self.binop(BinOp::Gt, count, i64c(0), l);
                    let good = self.and(positive, towards);
                    let good = self.and(good, first_in);
                    let good = self.and(good, last_in);
                    let empty = self.binop(BinOp::Eq, count, i64c(0), l);
                    let valid = self.binop(BinOp::Or, empty, good, l);
                    let nonzero = self.binop(BinOp::Neq, s, i64c(0), l);
                    let valid = self.and(valid, nonzero);
                    ok = self.and(ok, valid);
                    for (p, part) in [start, end].into_iter().enumerate() {
                        if p > 0 {
                            msg.push(MsgPart::Text(":".into()));
                        }
                        if let Some(x) = part {
                            msg.push(MsgPart::Value(x));
                        }
                    }
                    if let Some(st) = stride {
                        msg.push(MsgPart::Text(":".into()));
                        msg.push(MsgPart::Value(st));
                    }
                    let len = self.binop(BinOp::Max, count, i64c(0), l);
                    out.push(DimIndex::Slice {
                        start: i,
                        len,
                        stride: s,
                    });
                }
            }
        }
        msg.push(MsgPart::Text("] out of bounds for array of shape ".into()));
        msg.extend(shape_parts(dims));
        msg.push(MsgPart::Text(".".into()));
        if ok != SubExp::Const(Prim::Bool(true)) && !self.unchecked {
            self.emit(Exp::Assert(ok, msg, loc.0.clone()), l);
        }
        Ok(out)
    }

    /// `v[idx]` (every array of an array of tuples indexed alike).
    pub(crate) fn index(&mut self, v: &SVal, idx: &[Idx], loc: &SrcLoc) -> R<SVal> {
        let mut leaves = Vec::new();
        if !v.leaves(&mut leaves) || leaves.is_empty() {
            return self.error(Some(loc), "indexing a value that is not an array");
        }
        let t0 = self.ty(leaves[0]);
        let core = self.checked_indices(idx, &t0.dims, loc, false)?;
        let mut out = Vec::new();
        for leaf in leaves {
            let Some(a) = leaf.var() else {
                return self.error(Some(loc), "indexing a value that is not an array");
            };
            let t = self.ty(leaf);
            let ty = Type::array(t.prim, sliced_dims(core.as_slice(), &t.dims));
            out.push(self.bind1("elem", Exp::Index(a, core.clone()), ty, Some(loc)));
        }
        Ok(self.settle(v.rebuild(&mut out.into_iter())))
    }

    /// `v with [idx] = value`.
    pub(crate) fn update(&mut self, v: &SVal, idx: &[Idx], value: &SVal, loc: &SrcLoc) -> R<SVal> {
        let (mut leaves, mut values) = (Vec::new(), Vec::new());
        if !v.leaves(&mut leaves) || !value.leaves(&mut values) || leaves.is_empty() {
            return self.error(Some(loc), "updating a value that is not an array");
        }
        let t0 = self.ty(leaves[0]);
        let core = self.checked_indices(idx, &t0.dims, loc, true)?;
        let mut out = Vec::new();
        for (leaf, x) in leaves.into_iter().zip(values) {
            let Some(a) = leaf.var() else {
                return self.error(Some(loc), "updating a value that is not an array");
            };
            let ty = self.ty(leaf);
            let x = self.fit_to_slice(x, &core, &ty, loc);
            out.push(self.bind1("upd", Exp::Update(a, core.clone(), x), ty, Some(loc)));
        }
        Ok(v.rebuild(&mut out.into_iter()))
    }

    /// The value of an update of a slice, where its shape and the slice's
    /// have different constant sizes: checked (the interpreter's message)
    /// and typed with the slice's shape.
    fn fit_to_slice(&mut self, x: SubExp, core: &[DimIndex], ty: &Type, loc: &SrcLoc) -> SubExp {
        let want = sliced_dims(core, &ty.dims);
        let SubExp::Var(var) = x else {
            return x;
        };
        let got = self.ty(x).dims;
        // Sizes that are not both constants are compared by the update
        // itself when it runs; two different constants would make an IR
        // whose update does not type, so the failure is made explicit.
        let conflict = |(g, w): (&SubExp, &SubExp)| {
            matches!((g, w), (SubExp::Const(_), SubExp::Const(_))) && g != w
        };
        if got.len() != want.len() || !got.iter().zip(&want).any(conflict) {
            return x;
        }
        let mut ok = SubExp::Const(Prim::Bool(true));
        for (g, w) in got.iter().zip(&want) {
            let same = self.binop(BinOp::Eq, *g, *w, Some(loc));
            ok = self.and(ok, same);
        }
        let mut msg = vec![MsgPart::Text("Cannot update a slice of shape ".into())];
        msg.extend(shape_parts(&want));
        msg.push(MsgPart::Text(" with a value of shape ".into()));
        msg.extend(shape_parts(&got));
        msg.push(MsgPart::Text(".".into()));
        self.emit(Exp::Assert(ok, msg, loc.0.clone()), Some(loc));
        let fitted = Type::array(ty.prim, want.clone());
        self.bind1("fit", Exp::Reshape(want, var), fitted, Some(loc))
    }
}

/// The dimensions of `dims` indexed by `core`: the slices' lengths, then
/// the dimensions no index reaches.
fn sliced_dims(core: &[DimIndex], dims: &[SubExp]) -> Vec<SubExp> {
    let mut out: Vec<SubExp> = core
        .iter()
        .filter_map(|d| match d {
            DimIndex::Slice { len, .. } => Some(*len),
            DimIndex::Fix(_) => None,
        })
        .collect();
    out.extend(dims.get(core.len()..).unwrap_or(&[]).iter().copied());
    out
}

/// A shape in a run-time message: `[d]` per dimension, with its value.
pub(crate) fn shape_parts(dims: &[SubExp]) -> impl Iterator<Item = MsgPart> + '_ {
    dims.iter().flat_map(|d| {
        [
            MsgPart::Text("[".into()),
            MsgPart::Value(*d),
            MsgPart::Text("]".into()),
        ]
    })
}
