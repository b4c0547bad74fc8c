//! The prelude's intrinsics: scalar operations become [`Exp::Scalar`]
//! statements, `map`/`reduce`/`scan` become [`Screma`]s, `scatter` a
//! [`Scatter`], `reduce_by_index` a [`Hist`], `partition` (behind `filter`
//! and `partition`) a screma of scans and reductions, a map and a scatter;
//! array shuffles (`zip`, `unzip`, `transpose`, `flatten`, ...) become the
//! IR's basic operations, or nothing at all for `zip` and `unzip`.

use std::rc::Rc;

use runic_eval::builtins::Builtin;
use runic_eval::ir::Loc as SrcLoc;
use runic_eval::prim::BinOp;
use runic_eval::value::Prim;
use runic_sema::types::PrimType;

use super::{i64c, Internaliser, SVal, R};
use crate::ir::*;

/// A SOAC's input: its width, its arrays, and the structure of a row
/// with the row type of each array.
type SoacInput = (SubExp, Vec<VarId>, RowType);

/// The type of one row of a SOAC's input: its structure and its arrays' types.
type RowType = (SVal, Vec<Type>);

impl Internaliser<'_> {
    /// Applies a builtin to all its arguments.
    pub(crate) fn builtin(
        &mut self,
        b: Builtin,
        mut args: Vec<SVal>,
        loc: Option<&SrcLoc>,
    ) -> R<SVal> {
        if b.is_scalar() {
            let mut ops = Vec::new();
            for a in &args {
                match a {
                    SVal::Leaf(s) => ops.push(*s),
                    _ => return self.error(loc, format!("{b:?} applied to a non-scalar")),
                }
            }
            if let (Builtin::Convert(t), [SubExp::Const(c)]) = (b, &ops[..]) {
                return Ok(SVal::Leaf(SubExp::Const(runic_eval::prim::convert(*c, t))));
            }
            return Ok(SVal::Leaf(self.scalar_op(b, ops, loc)));
        }
        match b {
            Builtin::Map => {
                let f = args[0].clone();
                self.map_fn(&args[1], loc, |int, row| int.apply(f, vec![row], loc))
            }
            Builtin::Reduce => self.reduce(&args[0], &args[1], &args[2], false, loc),
            Builtin::Scan => self.reduce(&args[0], &args[1], &args[2], true, loc),
            Builtin::Partition => self.partition(&args[0], &args[1], &args[2], loc),
            Builtin::Scatter(rank) => self.scatter(&args[0], &args[1], &args[2], rank, loc),
            Builtin::ReduceByIndex(rank) => {
                self.hist(&args[0], &args[1], &args[2], &args[3], &args[4], rank, loc)
            }
            Builtin::Iota => {
                let n = self.leaf(&args[0], loc)?;
                let n = self.convert(n, PrimType::I64);
                self.nonnegative(n, loc);
                Ok(SVal::Leaf(self.bind1(
                    "iota",
                    Exp::Iota(n),
                    Type::array(PrimType::I64, vec![n]),
                    loc,
                )))
            }
            Builtin::Replicate => {
                let n = self.leaf(&args[0], loc)?;
                let n = self.convert(n, PrimType::I64);
                self.nonnegative(n, loc);
                self.per_leaf(&Self::shaped(&args[1]), loc, |int, x| {
                    let t = int.ty(x).with_outer(n);
                    Ok(int.bind1("rep", Exp::Replicate(vec![n], x), t, loc))
                })
            }
            Builtin::Copy => self.per_leaf(&args[0], loc, |int, x| match x {
                SubExp::Var(a) if int.ty(x).rank() > 0 => {
                    let t = int.ty(x);
                    Ok(int.bind1("copy", Exp::Copy(a), t, loc))
                }
                other => Ok(other),
            }),
            Builtin::Flatten => self.per_array(&args[0], loc, |int, a, t| {
                if t.rank() < 2 {
                    return Ok(SubExp::Var(a));
                }
                let n = int.binop(BinOp::Mul, t.dims[0], t.dims[1], loc);
                let mut dims = vec![n];
                dims.extend(t.dims[2..].iter().copied());
                Ok(int.bind1(
                    "flat",
                    Exp::Reshape(dims.clone(), a),
                    Type::array(t.prim, dims),
                    loc,
                ))
            }),
            Builtin::Unflatten => {
                let (Some(n), Some(m)) = (args.get(1).cloned(), args.get(2).cloned()) else {
                    return self.missing(loc, "`unflatten` whose result sizes are unknown");
                };
                let n = self.leaf(&n, loc)?;
                let n = self.convert(n, PrimType::I64);
                let m = self.leaf(&m, loc)?;
                let m = self.convert(m, PrimType::I64);
                let first = self.first_leaf(&args[0], loc)?;
                let d0 = self.ty(first).dims[0];
                let nm = self.binop(BinOp::Mul, n, m, loc);
                let ok = self.binop(BinOp::Eq, nm, d0, loc);
                let n_ok = self.binop(BinOp::Le, i64c(0), n, loc);
                let m_ok = self.binop(BinOp::Le, i64c(0), m, loc);
                let ok = self.binop(BinOp::And, ok, n_ok, loc);
                let ok = self.binop(BinOp::And, ok, m_ok, loc);
                let msg = vec![
                    MsgPart::Text("Cannot unflatten array of shape [".into()),
                    MsgPart::Value(d0),
                    MsgPart::Text("] to shape [".into()),
                    MsgPart::Value(n),
                    MsgPart::Text("][".into()),
                    MsgPart::Value(m),
                    MsgPart::Text("].".into()),
                ];
                self.assert(ok, msg, loc);
                self.per_array(&args[0], loc, |int, a, t| {
                    let mut dims = vec![n, m];
                    dims.extend(t.dims[1..].iter().copied());
                    Ok(int.bind1(
                        "unflat",
                        Exp::Reshape(dims.clone(), a),
                        Type::array(t.prim, dims),
                        loc,
                    ))
                })
            }
            Builtin::Concat => {
                let ys = args.pop().expect("two arguments");
                let xs = args.pop().expect("two arguments");
                // Arrays of sums: both sides take the constructors of either.
                let (xs, ys) = if Self::same_structure(&xs, &ys) {
                    (xs, ys)
                } else {
                    let template = Self::merged(&xs, &ys);
                    (self.conform(&xs, &template)?, self.conform(&ys, &template)?)
                };
                let (mut xl, mut yl) = (Vec::new(), Vec::new());
                xs.leaves(&mut xl);
                ys.leaves(&mut yl);
                let mut out = Vec::new();
                for (x, y) in xl.into_iter().zip(yl) {
                    // `[] ++ ys` (an empty literal of unknown type) is a
                    // copy of `ys`, and the other way round.
                    let other = match (self.is_untyped(x), self.is_untyped(y)) {
                        (true, false) => Some(y),
                        (false, true) => Some(x),
                        _ => None,
                    };
                    if let Some(SubExp::Var(o)) = other {
                        let t = self.ty(SubExp::Var(o));
                        out.push(self.bind1("concat", Exp::Copy(o), t, loc));
                        continue;
                    }
                    let (tx, ty) = (self.ty(x), self.ty(y));
                    let mut ok = SubExp::Const(Prim::Bool(true));
                    for (a, b) in tx.dims[1..].iter().zip(&ty.dims[1..]) {
                        if !a.same(*b) {
                            let eq = self.binop(BinOp::Eq, *a, *b, loc);
                            ok = self.binop(BinOp::And, ok, eq, loc);
                        }
                    }
                    if ok != SubExp::Const(Prim::Bool(true)) {
                        let msg = vec![MsgPart::Text(
                            "Cannot concatenate arrays of different shapes.".into(),
                        )];
                        self.assert(ok, msg, loc);
                    }
                    let n = self.binop(BinOp::Add, tx.dims[0], ty.dims[0], loc);
                    let (Some(a), Some(b)) = (x.var(), y.var()) else {
                        return self.error(loc, "concatenating scalars");
                    };
                    out.push(self.bind1(
                        "concat",
                        Exp::Concat(vec![a, b]),
                        tx.row().with_outer(n),
                        loc,
                    ));
                }
                Ok(xs.rebuild(&mut out.into_iter()))
            }
            Builtin::Transpose => self.per_array(&args[0], loc, |int, a, t| {
                if t.rank() < 2 {
                    return Ok(SubExp::Var(a));
                }
                let mut perm: Vec<usize> = (0..t.rank()).collect();
                perm.swap(0, 1);
                let dims = perm.iter().map(|&i| t.dims[i]).collect();
                Ok(int.bind1(
                    "tr",
                    Exp::Rearrange(perm, a),
                    Type::array(t.prim, dims),
                    loc,
                ))
            }),
            Builtin::Rotate => {
                let r = self.leaf(&args[0], loc)?;
                let r = self.convert(r, PrimType::I64);
                self.per_array(&args[1], loc, |int, a, t| {
                    Ok(int.bind1("rot", Exp::Rotate(r, a), t, loc))
                })
            }
            Builtin::Zip => {
                let ys = args.pop().expect("two arguments");
                let xs = args.pop().expect("two arguments");
                let x0 = self.first_leaf(&xs, loc)?;
                let y0 = self.first_leaf(&ys, loc)?;
                let (n, m) = (self.ty(x0).dims[0], self.ty(y0).dims[0]);
                if !n.same(m) {
                    let ok = self.binop(BinOp::Eq, n, m, loc);
                    let msg = vec![
                        MsgPart::Text("Cannot zip arrays of shapes [".into()),
                        MsgPart::Value(n),
                        MsgPart::Text("] and [".into()),
                        MsgPart::Value(m),
                        MsgPart::Text("].".into()),
                    ];
                    self.assert(ok, msg, loc);
                }
                // The result is unique (it may be updated in place while
                // the arguments live on, or zip an array with itself):
                // copies, which `copies` removes where nothing is consumed.
                let copy = |int: &mut Self, v: &SVal| {
                    int.per_leaf(v, loc, |int, x| match x {
                        SubExp::Var(a) if int.ty(x).rank() > 0 => {
                            let t = int.ty(x);
                            Ok(int.bind1("zip_copy", Exp::Copy(a), t, loc))
                        }
                        other => Ok(other),
                    })
                };
                let (xs, ys) = (copy(self, &xs)?, copy(self, &ys)?);
                Ok(SVal::Tuple(Rc::from(vec![xs, ys])))
            }
            Builtin::Unzip | Builtin::Identity | Builtin::Trace => Ok(args.swap_remove(0)),
            Builtin::Jvp2 => self.jvp2(args, loc),
            Builtin::Vjp2 => self.vjp2(args, loc),
            Builtin::AccWrite => self.acc_write(args, loc),
            Builtin::AccStream { hist } => self.acc_stream(hist, args, loc),
            Builtin::FlatIndex(rank) => self.flat_index(rank as usize, args, loc),
            Builtin::FlatUpdate(rank) => self.flat_update(rank as usize, args, loc),
            other => self.missing(loc, &format!("the intrinsic {other:?}")),
        }
    }

    fn leaf(&self, v: &SVal, loc: Option<&SrcLoc>) -> R<SubExp> {
        match v {
            SVal::Leaf(s) => Ok(*s),
            _ => self.error(loc, "expected a scalar"),
        }
    }

    fn first_leaf(&self, v: &SVal, loc: Option<&SrcLoc>) -> R<SubExp> {
        let mut leaves = Vec::new();
        v.leaves(&mut leaves);
        match leaves.first() {
            Some(s) if self.ty(*s).rank() > 0 => Ok(*s),
            _ => self.error(loc, "expected an array"),
        }
    }

    fn assert(&mut self, ok: SubExp, msg: Vec<MsgPart>, loc: Option<&SrcLoc>) {
        let at = loc.map(|l| l.0.clone()).unwrap_or_else(|| Rc::from(""));
        self.emit(Exp::Assert(ok, msg, at), loc);
    }

    /// Asserts `n >= 0` as `iota` and `replicate` need.
    fn nonnegative(&mut self, n: SubExp, loc: Option<&SrcLoc>) {
        if let SubExp::Const(c) = n {
            if c.as_i64() >= 0 {
                return;
            }
        }
        let ok = self.binop(BinOp::Le, i64c(0), n, loc);
        let msg = vec![
            MsgPart::Text("Range 0..1..<".into()),
            MsgPart::Value(n),
            MsgPart::Text(" is invalid.".into()),
        ];
        self.assert(ok, msg, loc);
    }

    fn per_leaf(
        &mut self,
        v: &SVal,
        loc: Option<&SrcLoc>,
        mut f: impl FnMut(&mut Self, SubExp) -> R<SubExp>,
    ) -> R<SVal> {
        let mut leaves = Vec::new();
        if !v.leaves(&mut leaves) {
            return self.error(loc, "expected a value, found a function");
        }
        let mut out = Vec::with_capacity(leaves.len());
        for l in leaves {
            let r = f(self, l)?;
            // Shuffles of an empty literal of unknown type are as unknown.
            if let (true, SubExp::Var(x)) = (self.is_untyped(l), r) {
                self.untyped.insert(x);
            }
            out.push(r);
        }
        Ok(v.rebuild(&mut out.into_iter()))
    }

    fn per_array(
        &mut self,
        v: &SVal,
        loc: Option<&SrcLoc>,
        mut f: impl FnMut(&mut Self, VarId, Type) -> R<SubExp>,
    ) -> R<SVal> {
        self.per_leaf(v, loc, |int, x| match x {
            SubExp::Var(a) if int.ty(x).rank() > 0 => {
                let t = int.ty(x);
                f(int, a, t)
            }
            _ => int.error(loc, "expected an array"),
        })
    }

    /// A lambda whose parameters have the structures and leaf types given
    /// (fresh variables), and whose body is `body` applied to them.
    pub(crate) fn lambda(
        &mut self,
        params: &[(SVal, Vec<Type>)],
        body: impl FnOnce(&mut Self, Vec<SVal>) -> R<SVal>,
    ) -> R<(Lambda, SVal)> {
        let (stms, (vars, result, template)) = self.nested(|int| {
            let mut vars = Vec::new();
            let mut args = Vec::new();
            for (structure, types) in params {
                let vs: Vec<VarId> = types.iter().map(|t| int.var("p", t.clone())).collect();
                let arg = structure.rebuild(&mut vs.iter().map(|v| SubExp::Var(*v)));
                args.push(int.settle(arg));
                vars.extend(vs);
            }
            let r = Self::shaped(&body(int, args)?);
            let mut leaves = Vec::new();
            if !r.leaves(&mut leaves) {
                return int.missing(None, "a SOAC whose function returns a function");
            }
            Ok((vars, leaves, r))
        })?;
        let ret = result.iter().map(|s| self.ty(*s)).collect();
        Ok((
            Lambda {
                params: vars,
                body: Body { stms, result },
                ret,
            },
            template,
        ))
    }

    /// The input arrays of a SOAC over `v`: width, arrays, and the row
    /// structure with its leaf types.
    fn soac_input(&self, v: &SVal, loc: Option<&SrcLoc>) -> R<SoacInput> {
        let mut leaves = Vec::new();
        if !v.leaves(&mut leaves) || leaves.is_empty() {
            return self.error(loc, "a SOAC over a value that is not an array");
        }
        if leaves.iter().any(|l| self.is_untyped(*l)) {
            return self.missing(
                loc,
                "a SOAC over an empty array literal of unknown element type",
            );
        }
        let mut arrs = Vec::new();
        let mut rows = Vec::new();
        for l in &leaves {
            let t = self.ty(*l);
            match l.var() {
                Some(a) if t.rank() > 0 => arrs.push(a),
                _ => return self.error(loc, "a SOAC over a value that is not an array"),
            }
            rows.push(t.row());
        }
        let w = self.ty(leaves[0]).dims[0];
        Ok((w, arrs, (v.clone(), rows)))
    }

    /// `map f v` with `f` given as a closure over the row.
    pub(crate) fn map_fn(
        &mut self,
        v: &SVal,
        loc: Option<&SrcLoc>,
        f: impl FnOnce(&mut Self, SVal) -> R<SVal>,
    ) -> R<SVal> {
        let (w, arrs, row) = self.soac_input(v, loc)?;
        let (map, template) = self.lambda(&[row], |int, mut args| f(int, args.remove(0)))?;
        let types = map.ret.iter().map(|t| t.with_outer(w)).collect();
        let out = self.bind(
            "map",
            Exp::Screma(Box::new(Screma {
                post: None,
                w,
                arrs,
                scans: Vec::new(),
                reds: Vec::new(),
                map,
                attrs: self.attrs.clone(),
            })),
            types,
            loc,
        );
        Ok(template.rebuild(&mut out.into_iter()))
    }

    /// The identity on rows of `row`'s structure.
    fn identity(&mut self, row: &(SVal, Vec<Type>)) -> R<Lambda> {
        Ok(self
            .lambda(std::slice::from_ref(row), |_, mut args| Ok(args.remove(0)))?
            .0)
    }

    /// `reduce op ne v`, or `scan op ne v`.
    pub(crate) fn reduce(
        &mut self,
        op: &SVal,
        ne: &SVal,
        v: &SVal,
        scan: bool,
        loc: Option<&SrcLoc>,
    ) -> R<SVal> {
        let ne = &Self::shaped(ne);
        // An empty literal of unknown element type has rows of the neutral
        // element's type.
        let (mut rows, mut nes) = (Vec::new(), Vec::new());
        let v = &if v.leaves(&mut rows)
            && ne.leaves(&mut nes)
            && rows.len() == nes.len()
            && rows.iter().any(|r| self.is_untyped(*r))
        {
            let mut typed = Vec::new();
            for (r, n) in rows.iter().zip(&nes) {
                let like = self.ty(*n).with_outer(i64c(0));
                typed.push(if self.is_untyped(*r) {
                    self.retype(*r, &like)
                } else {
                    *r
                });
            }
            v.rebuild(&mut typed.into_iter())
        } else {
            v.clone()
        };
        // Sums: rows lacking constructors of the neutral element take them.
        let widened = Self::merged(v, ne);
        let v = &if Self::same_structure(&widened, v) {
            v.clone()
        } else {
            self.conform(v, &widened)?
        };
        let (w, arrs, row) = self.soac_input(v, loc)?;
        // Sums: the neutral element and the operator's results take the
        // constructors of the rows.
        let template = Self::merged(&Self::merged(&row.0, ne), &row.0);
        if !Self::same_structure(&template, &row.0) {
            return self.missing(
                loc,
                "a reduction whose neutral element has constructors its rows lack",
            );
        }
        let ne = self.conform(ne, &template)?;
        let mut neutral = Vec::new();
        ne.leaves(&mut neutral);
        let op = op.clone();
        let (lambda, _) = self.lambda(&[row.clone(), row.clone()], |int, args| {
            let r = int.apply(op, args, loc)?;
            int.conform(&r, &template)
        })?;
        let map = self.identity(&row)?;
        let (scans, reds, types) = if scan {
            let types = row.1.iter().map(|t| t.with_outer(w)).collect();
            (vec![Scan { lambda, neutral }], Vec::new(), types)
        } else {
            let types = row.1.clone();
            let red = Reduce {
                commutative: false,
                lambda,
                neutral,
            };
            (Vec::new(), vec![red], types)
        };
        let out = self.bind(
            if scan { "scan" } else { "red" },
            Exp::Screma(Box::new(Screma {
                post: None,
                w,
                arrs,
                scans,
                reds,
                map,
                attrs: self.attrs.clone(),
            })),
            types,
            loc,
        );
        Ok(self.settle(row.0.rebuild(&mut out.into_iter())))
    }

    /// The inputs of a scatter or histogram into `dest`: one SOAC input of
    /// the indices `is` then the values `vs` (its row type that of the
    /// indices), the values' row type, and the destination arrays.
    fn indexed_write_input(
        &self,
        dest: &SVal,
        is: &SVal,
        vs: &SVal,
        loc: Option<&SrcLoc>,
    ) -> R<(SoacInput, RowType, Vec<SubExp>)> {
        let (w, mut arrs, is_row) = self.soac_input(is, loc)?;
        let (_, vs_arrs, vs_row) = self.soac_input(vs, loc)?;
        arrs.extend(vs_arrs);
        let mut dests = Vec::new();
        dest.leaves(&mut dests);
        Ok(((w, arrs, is_row), vs_row, dests))
    }

    fn scatter(
        &mut self,
        dest: &SVal,
        is: &SVal,
        vs: &SVal,
        rank: u8,
        loc: Option<&SrcLoc>,
    ) -> R<SVal> {
        let rank = rank as usize;
        let ((w, arrs, is_row), vs_row, dests) = self.indexed_write_input(dest, is, vs, loc)?;
        let k = dests.len();
        let (lambda, _) = self.lambda(&[is_row, vs_row], |_, args| {
            let (mut idx, mut vals) = (Vec::new(), Vec::new());
            args[0].leaves(&mut idx);
            Self::shaped(&args[1]).leaves(&mut vals);
            let mut out = Vec::new();
            for _ in 0..k {
                out.extend(idx.iter().map(|i| SVal::Leaf(*i)));
            }
            out.extend(vals.into_iter().map(SVal::Leaf));
            Ok(SVal::Tuple(Rc::from(out)))
        })?;
        let mut dest_vars = Vec::new();
        let mut types = Vec::new();
        for d in &dests {
            let Some(a) = d.var() else {
                return self.error(loc, "scatter into a value that is not an array");
            };
            dest_vars.push((rank, a));
            types.push(self.ty(*d));
        }
        let out = self.bind(
            "scatter",
            Exp::Scatter(Box::new(Scatter {
                w,
                arrs,
                dests: dest_vars,
                lambda,
                rounds: 1,
            })),
            types,
            loc,
        );
        Ok(dest.rebuild(&mut out.into_iter()))
    }

    #[allow(clippy::too_many_arguments)]
    fn hist(
        &mut self,
        dest: &SVal,
        op: &SVal,
        ne: &SVal,
        is: &SVal,
        vs: &SVal,
        rank: u8,
        loc: Option<&SrcLoc>,
    ) -> R<SVal> {
        let rank = rank as usize;
        let ((w, arrs, is_row), vs_row, dests) = self.indexed_write_input(dest, is, vs, loc)?;
        let mut dest_vars = Vec::new();
        let mut types = Vec::new();
        let mut elems = Vec::new();
        for d in &dests {
            let t = self.ty(*d);
            let Some(a) = d.var() else {
                return self.error(loc, "a histogram into a value that is not an array");
            };
            if t.rank() < rank {
                return self.error(loc, "a histogram destination of too few dimensions");
            }
            elems.push(Type::array(t.prim, t.dims[rank..].to_vec()));
            dest_vars.push(a);
            types.push(t);
        }
        let mut neutral = Vec::new();
        Self::shaped(ne).leaves(&mut neutral);
        let op = op.clone();
        let elem = (vs_row.0.clone(), elems);
        let (op, _) = self.lambda(&[elem.clone(), elem], |int, args| int.apply(op, args, loc))?;
        let (bucket, _) = self.lambda(&[is_row, vs_row], |_, args| {
            let (mut idx, mut vals) = (Vec::new(), Vec::new());
            args[0].leaves(&mut idx);
            Self::shaped(&args[1]).leaves(&mut vals);
            idx.extend(vals);
            Ok(SVal::Tuple(idx.into_iter().map(SVal::Leaf).collect()))
        })?;
        let out = self.bind(
            "hist",
            Exp::Hist(Box::new(Hist {
                w,
                arrs,
                ops: vec![HistOp {
                    rank,
                    dests: dest_vars,
                    neutral,
                    op,
                }],
                bucket,
            })),
            types,
            loc,
        );
        Ok(dest.rebuild(&mut out.into_iter()))
    }

    /// `partition k f v`: the counts of the classes `0..k` and the rows
    /// grouped by class (others last), each class in its original order.
    /// One screma computes, for every class, the running count (a scan)
    /// and the total (a reduction) of its members; a map gives each row
    /// its place; a scatter moves the rows there.
    fn partition(&mut self, k: &SVal, f: &SVal, v: &SVal, loc: Option<&SrcLoc>) -> R<SVal> {
        let k = match k {
            SVal::Leaf(SubExp::Const(c)) if c.as_i64() >= 0 => c.as_i64() as usize,
            _ => {
                return self.missing(
                    loc,
                    "`partition` into a number of classes computed at run time",
                )
            }
        };
        let classes = k + 1;
        let (w, arrs, row) = self.soac_input(v, loc)?;
        let f = f.clone();
        let kc = i64c(k as i64);
        // Each row's class, `k` for rows in none.
        let class = self.map_fn(v, loc, |int, r| {
            let c = int.apply(f, vec![r], loc)?;
            let c = int.leaf(&c, loc)?;
            let c = int.convert(c, PrimType::I64);
            let lo = int.binop(BinOp::Le, i64c(0), c, loc);
            let hi = int.binop(BinOp::Lt, c, kc, loc);
            let inside = int.binop(BinOp::And, lo, hi, loc);
            int.if_value(inside, |_| Ok(SVal::Leaf(c)), |_| Ok(SVal::Leaf(kc)))
        })?;
        let class = self.leaf(&class, loc)?;
        let class_var = class.var().expect("a mapped array");
        let i64t = Type::scalar(PrimType::I64);
        let flag_row = (SVal::Leaf(i64c(0)), vec![i64t.clone()]);
        let (map, _) = self.lambda(std::slice::from_ref(&flag_row), |int, args| {
            let c = int.leaf(&args[0], loc)?;
            let mut flags = Vec::new();
            for j in 0..classes {
                let is = int.binop(BinOp::Eq, c, i64c(j as i64), loc);
                flags.push(int.convert(is, PrimType::I64));
            }
            let mut out: Vec<SVal> = flags.iter().map(|f| SVal::Leaf(*f)).collect();
            out.extend(flags.iter().map(|f| SVal::Leaf(*f)));
            Ok(SVal::Tuple(Rc::from(out)))
        })?;
        let plus = |int: &mut Self| -> R<Lambda> {
            Ok(int
                .lambda(&[flag_row.clone(), flag_row.clone()], |int, args| {
                    let a = int.leaf(&args[0], loc)?;
                    let b = int.leaf(&args[1], loc)?;
                    Ok(SVal::Leaf(int.binop(BinOp::Add, a, b, loc)))
                })?
                .0)
        };
        let mut scans = Vec::new();
        let mut reds = Vec::new();
        for _ in 0..classes {
            scans.push(Scan {
                lambda: plus(self)?,
                neutral: vec![i64c(0)],
            });
        }
        for _ in 0..classes {
            reds.push(Reduce {
                commutative: true,
                lambda: plus(self)?,
                neutral: vec![i64c(0)],
            });
        }
        let mut types: Vec<Type> = (0..classes)
            .map(|_| Type::array(PrimType::I64, vec![w]))
            .collect();
        types.extend((0..classes).map(|_| i64t.clone()));
        let out = self.bind(
            "counts",
            Exp::Screma(Box::new(Screma {
                post: None,
                w,
                arrs: vec![class_var],
                scans,
                reds,
                map,
                attrs: self.attrs.clone(),
            })),
            types,
            loc,
        );
        let (running, totals) = out.split_at(classes);
        // Where each class starts.
        let mut starts = vec![i64c(0)];
        for t in &totals[..classes - 1] {
            let last = *starts.last().expect("one start");
            starts.push(self.binop(BinOp::Add, last, *t, loc));
        }
        // Each row's place: its class's start plus its rank in the class.
        let mut inputs = vec![SVal::Leaf(class)];
        inputs.extend(running.iter().map(|r| SVal::Leaf(*r)));
        let inputs = SVal::Tuple(Rc::from(inputs));
        let places = self.map_fn(&inputs, loc, |int, r| {
            let c = int.leaf(&r.field("0").expect("the class"), loc)?;
            let mut place = i64c(0);
            for (j, start) in starts.iter().enumerate() {
                let rank = int.leaf(&r.field(&(j + 1).to_string()).expect("a count"), loc)?;
                let is = int.binop(BinOp::Eq, c, i64c(j as i64), loc);
                let is = int.convert(is, PrimType::I64);
                let at = int.binop(BinOp::Add, *start, rank, loc);
                let at = int.binop(BinOp::Sub, at, i64c(1), loc);
                let term = int.binop(BinOp::Mul, is, at, loc);
                place = int.binop(BinOp::Add, place, term, loc);
            }
            Ok(SVal::Leaf(place))
        })?;
        // The destination: a copy of the input, then every row moved.
        let dest = self.per_leaf(v, loc, |int, x| {
            let t = int.ty(x);
            Ok(int.bind1("dest", Exp::Copy(x.var().expect("an array")), t, loc))
        })?;
        let _ = (arrs, row);
        let parts = self.scatter(&dest, &places, v, 1, loc)?;
        let counts = self.bind1(
            "counts",
            Exp::ArrayLit(totals[..k].to_vec(), i64t),
            Type::array(PrimType::I64, vec![i64c(k as i64)]),
            loc,
        );
        Ok(SVal::Tuple(Rc::from(vec![SVal::Leaf(counts), parts])))
    }
}
