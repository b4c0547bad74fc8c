//! Accumulators (`scatter_stream`, `hist_stream` and `acc_write`, behind
//! the test suite's `accs/intrinsics.fut`), run sequentially as the
//! interpreter runs them: the stream becomes a `for` loop over the input
//! rows whose state is the destination arrays, and `acc_write acc i v` an
//! in-place update of row `i` (combined with the histogram's operator for
//! `hist_stream`; nothing out of bounds).
//!
//! An accumulator is its destination's arrays here; the operator of the
//! stream it belongs to is kept on a stack while the stream's function is
//! inlined, and a write uses the innermost stream whose destination has
//! the accumulator's types.

use runic_eval::ir::Loc as SrcLoc;
use runic_eval::prim::BinOp;
use runic_sema::types::PrimType;

use super::exprs::Idx;
use super::{i64c, Internaliser, SVal, R};
use crate::ir::*;

/// A stream being inlined: its destination's element types and ranks,
/// and its operator (`None` for a scatter).
pub(crate) struct AccStream {
    types: Vec<(PrimType, usize)>,
    op: Option<SVal>,
}

impl Internaliser<'_> {
    fn acc_types(&self, v: &SVal) -> Vec<(PrimType, usize)> {
        let mut leaves = Vec::new();
        v.leaves(&mut leaves);
        leaves
            .iter()
            .map(|l| {
                let t = self.ty(*l);
                (t.prim, t.rank())
            })
            .collect()
    }

    /// `scatter_stream dest f bs` or `hist_stream dest op ne f bs`.
    pub(crate) fn acc_stream(
        &mut self,
        hist: bool,
        args: Vec<SVal>,
        loc: Option<&SrcLoc>,
    ) -> R<SVal> {
        let (f, bs) = if hist { (3, 4) } else { (1, 2) };
        let (dest, f, bs) = (args[0].clone(), args[f].clone(), args[bs].clone());
        let mut dests = Vec::new();
        if !dest.leaves(&mut dests) || dests.iter().any(|d| self.ty(*d).rank() == 0) {
            return self.error(loc, "an accumulator for a value that is not an array");
        }
        let mut rows = Vec::new();
        bs.leaves(&mut rows);
        let Some(w) = rows.first().and_then(|r| self.ty(*r).dims.first().copied()) else {
            return self.error(
                loc,
                "an accumulator stream over a value that is not an array",
            );
        };
        self.push_body(Vec::new());
        let params: Vec<VarId> = dests
            .iter()
            .map(|d| {
                let t = self.ty(*d);
                self.var("acc", t)
            })
            .collect();
        let i = self.var("i", Type::scalar(PrimType::I64));
        self.pop_body();
        let state = dest.rebuild(&mut params.iter().map(|p| SubExp::Var(*p)));
        self.accs.push(AccStream {
            types: self.acc_types(&dest),
            op: hist.then(|| args[1].clone()),
        });
        let at = loc
            .cloned()
            .unwrap_or_else(|| SrcLoc(std::rc::Rc::from("")));
        let body = self.nested(|int| {
            let row = int.index(&bs, &[Idx::Fix(SubExp::Var(i))], &at)?;
            int.apply(f, vec![state, row], loc)
        });
        self.accs.pop();
        let (stms, next) = body?;
        let mut result = Vec::new();
        if !next.leaves(&mut result) || result.len() != params.len() {
            return self.error(
                loc,
                "the function of an accumulator stream returned no accumulator",
            );
        }
        let types = dests.iter().map(|d| self.ty(*d)).collect();
        let exp = Exp::Loop {
            ctx: Vec::new(),
            params: params.into_iter().zip(dests).collect(),
            form: LoopForm::For { i, bound: w },
            body: Body { stms, result },
        };
        let out = self.bind("accs", exp, types, loc);
        Ok(dest.rebuild(&mut out.into_iter()))
    }

    /// `acc_write acc i v`.
    pub(crate) fn acc_write(&mut self, args: Vec<SVal>, loc: Option<&SrcLoc>) -> R<SVal> {
        let [acc, i, v] = <[SVal; 3]>::try_from(args).map_err(|_| {
            self.error::<()>(loc, "acc_write takes three arguments")
                .unwrap_err()
        })?;
        let types = self.acc_types(&acc);
        let Some(stream) = self
            .accs
            .iter()
            .rev()
            .find(|s| s.types == types)
            .or(self.accs.last())
        else {
            return self.missing(loc, "an accumulator outside its stream");
        };
        let op = stream.op.clone();
        let SVal::Leaf(i) = i else {
            return self.error(loc, "an accumulator index that is not a scalar");
        };
        let i = self.convert(i, PrimType::I64);
        let mut leaves = Vec::new();
        acc.leaves(&mut leaves);
        let Some(n) = leaves
            .first()
            .and_then(|l| self.ty(*l).dims.first().copied())
        else {
            return self.error(loc, "an accumulator that is not an array");
        };
        let low = self.binop(BinOp::Le, i64c(0), i, loc);
        let high = self.binop(BinOp::Lt, i, n, loc);
        let inside = self.binop(BinOp::And, low, high, loc);
        let at = loc
            .cloned()
            .unwrap_or_else(|| SrcLoc(std::rc::Rc::from("")));
        let kept = acc.clone();
        self.if_value(
            inside,
            |int| {
                let value = match op {
                    Some(op) => {
                        let current = int.index(&acc, &[Idx::Fix(i)], &at)?;
                        int.apply(op, vec![current, v], loc)?
                    }
                    None => v,
                };
                let mut values = Vec::new();
                value.leaves(&mut values);
                let mut out = Vec::new();
                for (a, x) in leaves.iter().zip(values) {
                    let (SubExp::Var(a), t) = (*a, int.ty(*a)) else {
                        return int.error(loc, "an accumulator that is not an array");
                    };
                    out.push(int.bind1("acc", Exp::Update(a, vec![DimIndex::Fix(i)], x), t, loc));
                }
                Ok(acc.rebuild(&mut out.into_iter()))
            },
            |_| Ok(kept),
        )
    }
}
