//! Accumulators: `scatter_stream`, `hist_stream` and `acc_write`.
//!
//! An accumulator is a sum value with the internal constructor
//! [`ACC`] (no source program can name it) whose payload is the array it
//! stands for and, for `hist_stream`, the operator that combines a written
//! value with the element already there. The checker makes accumulators
//! unique, so a write updates the array in place.

use std::rc::Rc;

use super::soacs::operator;
use super::{Eval, Interp};
use crate::ir::Loc;
use crate::value::Value;

/// The constructor of accumulator values.
pub const ACC: &str = "<acc>";

impl Interp<'_> {
    /// `scatter_stream dest f bs` and `hist_stream dest op ne f bs`: `f` is
    /// folded over the rows of `bs`, from an accumulator for `dest`.
    pub(super) fn acc_stream(
        &mut self,
        hist: bool,
        mut args: Vec<Value>,
        loc: &Loc,
    ) -> Eval<Value> {
        let (f, bs) = if hist { (3, 4) } else { (1, 2) };
        let bs = self.array_arg(&args[bs], loc)?;
        let f = args[f].clone();
        let dest = std::mem::replace(&mut args[0], Value::unit());
        if !matches!(dest, Value::Array(_)) {
            return Err(self.error(loc, "an accumulator for a value that is not an array"));
        }
        let mut payload = vec![dest];
        if hist {
            payload.push(args[1].clone());
        }
        let mut acc = Value::Sum(Rc::new((Rc::from(ACC), payload)));
        for i in 0..bs.len() as usize {
            acc = self.apply(&f, vec![acc, bs.row(i)], loc)?;
        }
        match acc {
            Value::Sum(sum) if &*sum.0 == ACC => Ok(sum.1[0].clone()),
            _ => Err(self.error(
                loc,
                "the function of an accumulator stream returned no accumulator",
            )),
        }
    }

    /// `acc_write acc i v`: element `i` of the accumulator's array becomes
    /// `v`, or the operator applied to it and `v`; out of bounds, nothing.
    pub(super) fn acc_write(&mut self, mut args: Vec<Value>, loc: &Loc) -> Eval<Value> {
        let i = self.size_arg(&args[1], loc)?;
        let v = args.pop().expect("three arguments");
        let acc = std::mem::replace(&mut args[0], Value::unit());
        let Value::Sum(sum) = acc else {
            return Err(self.error(loc, "acc_write on a value that is not an accumulator"));
        };
        let (name, mut payload) = Rc::try_unwrap(sum).unwrap_or_else(|s| (*s).clone());
        let dest = std::mem::replace(&mut payload[0], Value::unit());
        let Value::Array(mut dest) = dest else {
            return Err(self.error(loc, "acc_write on a value that is not an accumulator"));
        };
        if (0..dest.len()).contains(&i) {
            let row_len = dest.row_len();
            let start = i as usize * row_len;
            let value = match payload.get(1) {
                Some(op) => {
                    let op = op.clone();
                    let current = dest.row(i as usize);
                    self.combine(&operator(&op), current, v, loc)?
                }
                None => v,
            };
            let target = Rc::make_mut(&mut dest);
            match value {
                Value::Array(row) if target.shape[1..] == row.shape[..] => {
                    target.data.write_from(start, &row.data, 0..row_len);
                }
                Value::Array(_) => {
                    return Err(
                        self.error(loc, "acc_write: the value does not have the shape of a row")
                    );
                }
                scalar if row_len == 1 && target.shape.len() == 1 => target.data.set(start, scalar),
                _ => {
                    return Err(
                        self.error(loc, "acc_write: the value does not have the shape of a row")
                    )
                }
            }
        }
        payload[0] = Value::Array(dest);
        Ok(Value::Sum(Rc::new((name, payload))))
    }
}
