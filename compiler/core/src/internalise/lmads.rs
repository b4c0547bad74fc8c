//! Flat views (`flat_index_Nd`, `flat_update_Nd`): the rows of an array
//! that an LMAD (an offset and, per dimension, a size and a stride) picks
//! out. A read is a `map` over the view's flat positions that indexes the
//! row each names; a write a `scatter` of the values' rows to those rows.
//! Both first assert that the view lies inside the array, with the
//! interpreter's message.

use runic_eval::ir::Loc as SrcLoc;
use runic_eval::prim::BinOp;
use runic_sema::types::PrimType;

use super::{i64c, Internaliser, SVal, R};
use crate::ir::*;

/// An LMAD's dimensions: size and stride of each.
type Dims = Vec<(SubExp, SubExp)>;

impl Internaliser<'_> {
    fn size_leaf(&mut self, v: &SVal, loc: Option<&SrcLoc>) -> R<SubExp> {
        match v {
            SVal::Leaf(s) => Ok(self.convert(*s, PrimType::I64)),
            _ => self.error(loc, "a flat view's size or stride that is not a scalar"),
        }
    }

    /// The arrays of a value (all of one outer size).
    fn arrays_of(&self, v: &SVal, loc: Option<&SrcLoc>) -> R<Vec<VarId>> {
        let mut leaves = Vec::new();
        v.leaves(&mut leaves);
        let arrays: Option<Vec<VarId>> = leaves
            .iter()
            .map(|l| l.var().filter(|_| self.ty(*l).rank() > 0))
            .collect();
        match arrays {
            Some(a) if !a.is_empty() => Ok(a),
            _ => self.error(loc, "a flat view of a value that is not an array"),
        }
    }

    /// Asserts that the view lies in `0..n` (unless it is empty).
    fn lmad_bounds(&mut self, offset: SubExp, dims: &Dims, shape: &[SubExp], loc: Option<&SrcLoc>) {
        let (mut lo, mut hi) = (offset, offset);
        let mut empty = SubExp::Const(runic_eval::value::Prim::Bool(false));
        for (size, stride) in dims {
            let last = self.binop(BinOp::Sub, *size, i64c(1), loc);
            let span = self.binop(BinOp::Mul, last, *stride, loc);
            let down = self.binop(BinOp::Min, span, i64c(0), loc);
            let up = self.binop(BinOp::Max, span, i64c(0), loc);
            lo = self.binop(BinOp::Add, lo, down, loc);
            hi = self.binop(BinOp::Add, hi, up, loc);
            let zero = self.binop(BinOp::Eq, *size, i64c(0), loc);
            empty = self.binop(BinOp::Or, empty, zero, loc);
        }
        let lo_ok = self.binop(BinOp::Le, i64c(0), lo, loc);
        let hi_ok = self.binop(BinOp::Lt, hi, shape[0], loc);
        let inside = self.binop(BinOp::And, lo_ok, hi_ok, loc);
        let ok = self.binop(BinOp::Or, empty, inside, loc);
        let mut msg = vec![
            MsgPart::Text("Index [".into()),
            MsgPart::Value(offset),
            MsgPart::Text("; ".into()),
        ];
        for (k, (size, stride)) in dims.iter().enumerate() {
            if k > 0 {
                msg.push(MsgPart::Text(", ".into()));
            }
            msg.push(MsgPart::Value(*size));
            msg.push(MsgPart::Text(":".into()));
            msg.push(MsgPart::Value(*stride));
        }
        msg.push(MsgPart::Text("] out of bounds for array of shape ".into()));
        msg.extend(super::patterns::shape_parts(shape));
        msg.push(MsgPart::Text(".".into()));
        let at = loc
            .map(|l| l.0.clone())
            .unwrap_or_else(|| std::rc::Rc::from(""));
        self.emit(Exp::Assert(ok, msg, at), loc);
    }

    /// The number of positions of a view.
    fn lmad_count(&mut self, dims: &Dims, loc: Option<&SrcLoc>) -> SubExp {
        let mut total = i64c(1);
        for (size, _) in dims {
            total = self.binop(BinOp::Mul, total, *size, loc);
        }
        total
    }

    /// The row that flat position `k` of a view names.
    fn lmad_row(&mut self, k: SubExp, offset: SubExp, dims: &Dims, loc: Option<&SrcLoc>) -> SubExp {
        let mut row = offset;
        let mut inner = i64c(1);
        for (size, stride) in dims.iter().rev() {
            let q = self.binop(BinOp::Div, k, inner, loc);
            let i = self.binop(BinOp::Mod, q, *size, loc);
            let step = self.binop(BinOp::Mul, i, *stride, loc);
            row = self.binop(BinOp::Add, row, step, loc);
            inner = self.binop(BinOp::Mul, inner, *size, loc);
        }
        row
    }

    /// `flat_index_Nd as offset n1 s1 ... nN sN`.
    pub(crate) fn flat_index(
        &mut self,
        rank: usize,
        args: Vec<SVal>,
        loc: Option<&SrcLoc>,
    ) -> R<SVal> {
        let xs = args[0].clone();
        let arrays = self.arrays_of(&xs, loc)?;
        let offset = self.size_leaf(&args[1], loc)?;
        let mut dims = Vec::with_capacity(rank);
        for d in 0..rank {
            let size = self.size_leaf(&args[2 + 2 * d], loc)?;
            let stride = self.size_leaf(&args[3 + 2 * d], loc)?;
            let ok = self.binop(BinOp::Le, i64c(0), size, loc);
            let msg = vec![
                MsgPart::Text("Invalid flat slice size ".into()),
                MsgPart::Value(size),
                MsgPart::Text(".".into()),
            ];
            let at = loc
                .map(|l| l.0.clone())
                .unwrap_or_else(|| std::rc::Rc::from(""));
            self.emit(Exp::Assert(ok, msg, at), loc);
            dims.push((size, stride));
        }
        let shape = self.ty(SubExp::Var(arrays[0])).dims;
        self.lmad_bounds(offset, &dims, &shape, loc);
        let total = self.lmad_count(&dims, loc);
        let iota = self.bind1(
            "iota",
            Exp::Iota(total),
            Type::array(PrimType::I64, vec![total]),
            loc,
        );
        let dims2 = dims.clone();
        let picked = self.map_fn(&SVal::Leaf(iota), loc, |int, k| {
            let SVal::Leaf(k) = k else {
                return int.error(loc, "a flat position");
            };
            let row = int.lmad_row(k, offset, &dims2, loc);
            let rows: Vec<SubExp> = arrays
                .iter()
                .map(|a| {
                    let t = int.ty(SubExp::Var(*a)).row();
                    int.bind1("row", Exp::Index(*a, vec![DimIndex::Fix(row)]), t, loc)
                })
                .collect();
            Ok(xs.rebuild(&mut rows.into_iter()))
        })?;
        let mut flat = Vec::new();
        picked.leaves(&mut flat);
        let mut out = Vec::new();
        for f in flat {
            let t = self.ty(f);
            let mut new_dims: Vec<SubExp> = dims.iter().map(|(n, _)| *n).collect();
            new_dims.extend(t.dims[1..].iter().copied());
            let Some(f) = f.var() else {
                return self.error(loc, "a flat view");
            };
            out.push(self.bind1(
                "view",
                Exp::Reshape(new_dims.clone(), f),
                Type::array(t.prim, new_dims),
                loc,
            ));
        }
        Ok(picked.rebuild(&mut out.into_iter()))
    }

    /// `flat_update_Nd as offset s1 ... sN vs`, in place.
    pub(crate) fn flat_update(
        &mut self,
        rank: usize,
        args: Vec<SVal>,
        loc: Option<&SrcLoc>,
    ) -> R<SVal> {
        let xs = args[0].clone();
        let dests = self.arrays_of(&xs, loc)?;
        let offset = self.size_leaf(&args[1], loc)?;
        let vs = args[2 + rank].clone();
        let values = self.arrays_of(&vs, loc)?;
        let vt = self.ty(SubExp::Var(values[0]));
        if vt.rank() < rank {
            return self.error(loc, "flat_update: too few dimensions in the values");
        }
        let mut dims = Vec::with_capacity(rank);
        for d in 0..rank {
            let stride = self.size_leaf(&args[2 + d], loc)?;
            dims.push((vt.dims[d], stride));
        }
        let shape = self.ty(SubExp::Var(dests[0])).dims;
        self.lmad_bounds(offset, &dims, &shape, loc);
        let total = self.lmad_count(&dims, loc);
        let iota = self.bind1(
            "iota",
            Exp::Iota(total),
            Type::array(PrimType::I64, vec![total]),
            loc,
        );
        let mut arrs = vec![iota.var().expect("bound above")];
        let mut row_types = vec![Type::scalar(PrimType::I64)];
        for v in &values {
            let t = self.ty(SubExp::Var(*v));
            let mut new_dims = vec![total];
            new_dims.extend(t.dims[rank..].iter().copied());
            let flat = self.bind1(
                "flat",
                Exp::Reshape(new_dims.clone(), *v),
                Type::array(t.prim, new_dims),
                loc,
            );
            arrs.push(flat.var().expect("bound above"));
            row_types.push(Type::array(t.prim, t.dims[rank..].to_vec()));
        }
        let params: Vec<(SVal, Vec<Type>)> = row_types
            .iter()
            .map(|t| (SVal::Leaf(i64c(0)), vec![t.clone()]))
            .collect();
        let n_dests = dests.len();
        let (lambda, _) = self.lambda(&params, |int, ps| {
            let SVal::Leaf(k) = ps[0] else {
                return int.error(loc, "a flat position");
            };
            let row = int.lmad_row(k, offset, &dims, loc);
            let mut out = vec![SVal::Leaf(row); n_dests];
            out.extend(ps.into_iter().skip(1));
            Ok(SVal::Tuple(out.into()))
        })?;
        let types: Vec<Type> = dests.iter().map(|d| self.ty(SubExp::Var(*d))).collect();
        let exp = Exp::Scatter(Box::new(Scatter {
            w: total,
            arrs,
            dests: dests.iter().map(|d| (1, *d)).collect(),
            lambda,
            rounds: 1,
        }));
        let out = self.bind("flat_update", exp, types, loc);
        Ok(xs.rebuild(&mut out.into_iter()))
    }
}
