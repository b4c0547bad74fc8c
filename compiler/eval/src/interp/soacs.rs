//! The array builtins: `map`, `reduce`, `scan`, `partition`, `scatter`,
//! `reduce_by_index`, `iota`, `replicate`, reshaping (`flatten`,
//! `unflatten`, `transpose`, `rotate`, `concat`), `zip`/`unzip`, `copy`.
//! Operators that are built-in binary operations run without a call.

use std::rc::Rc;

use super::{Callee, Eval, Interp};
use crate::builtins::Builtin;
use crate::data::Data;
use crate::ir::Loc;
use crate::prim;
use crate::value::{show_shape, Array, Prim, Rows, Value};

/// A binary operator argument: a built-in scalar operation runs directly.
pub(super) enum Operator<'v> {
    Scalar(prim::BinOp),
    Value(&'v Value),
}

pub(super) fn operator(f: &Value) -> Operator<'_> {
    if let Value::Fun(c) = f {
        if let (Callee::Builtin(Builtin::Bin(op)), true) = (&c.callee, c.args.is_empty()) {
            return Operator::Scalar(*op);
        }
    }
    Operator::Value(f)
}

impl Interp<'_> {
    pub(super) fn combine(&mut self, op: &Operator, a: Value, b: Value, loc: &Loc) -> Eval<Value> {
        match (op, &a, &b) {
            (Operator::Scalar(bin), Value::Prim(x), Value::Prim(y)) => prim::binop(*bin, *x, *y)
                .map(Value::Prim)
                .map_err(|m| self.error(loc, m)),
            (Operator::Scalar(bin), Value::Dual(_), _)
            | (Operator::Scalar(bin), _, Value::Dual(_)) => {
                crate::ad::binop(*bin, &a, &b).map_err(|m| self.error(loc, m))
            }
            (Operator::Scalar(_), _, _) => Err(self.error(loc, "scalar operator on non-scalars")),
            (Operator::Value(f), _, _) => self.apply(f, vec![a, b], loc),
        }
    }

    pub(super) fn array_arg(&self, v: &Value, loc: &Loc) -> Eval<Rc<Array>> {
        match v {
            Value::Array(a) => Ok(a.clone()),
            _ => Err(self.error(loc, "expected an array")),
        }
    }

    pub(super) fn size_arg(&self, v: &Value, loc: &Loc) -> Eval<i64> {
        match v.as_prim() {
            Some(p) => Ok(p.as_i64()),
            None => Err(self.error(loc, "expected a size")),
        }
    }

    fn rows_to_array(&self, rows: Vec<Value>, row_shape: &[i64], loc: &Loc) -> Eval<Value> {
        Array::from_rows(rows, row_shape)
            .map(|a| Value::Array(Rc::new(a)))
            .map_err(|e| self.error(loc, format!("Irregular array: {e}.")))
    }

    fn finish_rows(&self, rows: Rows, loc: &Loc) -> Eval<Value> {
        rows.finish()
            .map(|a| Value::Array(Rc::new(a)))
            .map_err(|e| self.error(loc, format!("Irregular array: {e}.")))
    }

    /// Refuses arrays too large to represent (instead of aborting on a
    /// failed allocation).
    pub(super) fn check_allocation(&self, rows: i64, row_len: i64, loc: &Loc) -> Eval<()> {
        const MAX_ELEMENTS: i64 = 1 << 28;
        match rows.checked_mul(row_len.max(1)) {
            Some(n) if n <= MAX_ELEMENTS => {
                self.check_memory(
                (n.max(0) as u64).saturating_mul(std::mem::size_of::<Value>() as u64),
                loc,
            )
            }
            _ => Err(self.error(
                loc,
                format!("Cannot allocate an array of {rows} rows of {row_len} elements: too large for the interpreter."),
            )),
        }
    }

    pub(super) fn array_builtin(
        &mut self,
        b: Builtin,
        mut args: Vec<Value>,
        loc: &Loc,
    ) -> Eval<Value> {
        match b {
            Builtin::Map => {
                let mut xs = self.array_arg(&args[1], loc)?;
                // Only `xs` refers to the array now, if nothing else does.
                args[1] = Value::unit();
                self.check_allocation(xs.len(), 1, loc)?;
                if let Some(result) = self.map_fast(&args[0], &mut xs, loc)? {
                    return Ok(result);
                }
                // Each result joins the array as it comes.
                let mut rows = Rows::new(xs.len() as usize, &[]);
                for i in 0..xs.len() as usize {
                    rows.push(self.apply(&args[0], vec![xs.row(i)], loc)?);
                }
                self.finish_rows(rows, loc)
            }
            Builtin::Reduce | Builtin::ReduceComm => {
                let xs = self.array_arg(&args[2], loc)?;
                if let Some(result) = self.fold_fast(&args[0], &args[1], &xs, false, loc)? {
                    return Ok(result);
                }
                let op = operator(&args[0]);
                let mut acc = args[1].clone();
                for i in 0..xs.len() as usize {
                    acc = self.combine(&op, acc, xs.row(i), loc)?;
                }
                Ok(acc)
            }
            Builtin::Scan => {
                let mut xs = self.array_arg(&args[2], loc)?;
                // Only `xs` refers to the array now, if nothing else does.
                args[2] = Value::unit();
                self.check_allocation(xs.len(), 1, loc)?;
                if let Some(result) = self.scan_in_place(&args[0], &args[1], &mut xs) {
                    return Ok(result);
                }
                if let Some(result) = self.fold_fast(&args[0], &args[1], &xs, true, loc)? {
                    return Ok(result);
                }
                let op = operator(&args[0]);
                let mut acc = args[1].clone();
                let mut rows = Rows::new(xs.len() as usize, &xs.shape[1..]);
                for i in 0..xs.len() as usize {
                    acc = self.combine(&op, acc, xs.row(i), loc)?;
                    rows.push(acc.clone());
                }
                self.finish_rows(rows, loc)
            }
            Builtin::Partition => self.partition(&args, loc),
            Builtin::Scatter(rank) => {
                let dest = std::mem::replace(&mut args[0], Value::unit());
                self.scatter(dest, &args[1], &args[2], rank as usize, None, loc)
            }
            Builtin::ReduceByIndex(rank) => {
                let dest = std::mem::replace(&mut args[0], Value::unit());
                let op = (args[1].clone(), args[2].clone());
                self.scatter(dest, &args[3], &args[4], rank as usize, Some(op), loc)
            }
            Builtin::Iota => {
                let n = self.size_arg(&args[0], loc)?;
                self.check_allocation(n, 1, loc)?;
                if n < 0 {
                    // Futhark's `iota n` is the range `0..1..<n`.
                    return Err(self.error(loc, format!("Range 0..1..<{n} is invalid.")));
                }
                Ok(Value::Array(Rc::new(Array::from_data(
                    vec![n],
                    Data::I64((0..n).collect()),
                ))))
            }
            Builtin::Replicate => {
                let n = self.size_arg(&args[0], loc)?;
                if n < 0 {
                    // Futhark's `replicate` maps over `iota n`.
                    return Err(self.error(loc, format!("Range 0..1..<{n} is invalid.")));
                }
                let row_shape = args[1].shape().to_vec();
                self.check_allocation(n, row_shape.iter().product(), loc)?;
                Ok(Value::Array(Rc::new(replicate(n as usize, &args[1]))))
            }
            Builtin::Copy => Ok(deep_copy(&args[0])),
            Builtin::Flatten => {
                let xs = self.array_arg(&args[0], loc)?;
                if xs.shape.len() < 2 {
                    return Ok(args[0].clone());
                }
                let mut shape = vec![xs.shape[0] * xs.shape[1]];
                shape.extend_from_slice(&xs.shape[2..]);
                args[0] = Value::unit();
                Ok(Value::Array(Rc::new(Array::from_data(
                    shape,
                    take_data(xs),
                ))))
            }
            Builtin::Unflatten => {
                let xs = self.array_arg(&args[0], loc)?;
                let (n, m) = match (args.get(1), args.get(2)) {
                    (Some(n), Some(m)) => (self.size_arg(n, loc)?, self.size_arg(m, loc)?),
                    _ => {
                        return Err(self.error(loc, "unflatten: the result sizes are unknown here"))
                    }
                };
                if n.checked_mul(m) != Some(xs.len()) || n < 0 || m < 0 {
                    return Err(self.error(
                        loc,
                        format!(
                            "Cannot unflatten array of shape {} to shape [{n}][{m}].",
                            show_shape(&xs.shape)
                        ),
                    ));
                }
                let mut shape = vec![n, m];
                shape.extend_from_slice(&xs.shape[1..]);
                args[0] = Value::unit();
                Ok(Value::Array(Rc::new(Array::from_data(
                    shape,
                    take_data(xs),
                ))))
            }
            Builtin::Concat => {
                let xs = self.array_arg(&args[0], loc)?;
                let ys = self.array_arg(&args[1], loc)?;
                if xs.shape[1..] != ys.shape[1..] {
                    return Err(self.error(
                        loc,
                        format!(
                            "Cannot concatenate arrays of shapes {} and {}.",
                            show_shape(&xs.shape),
                            show_shape(&ys.shape)
                        ),
                    ));
                }
                let mut shape = xs.shape.clone();
                shape[0] += ys.shape[0];
                self.check_allocation(1, (xs.data.len() + ys.data.len()) as i64, loc)?;
                let mut data = xs.data.clone();
                data.extend_from(&ys.data, 0..ys.data.len());
                Ok(Value::Array(Rc::new(Array::from_data(shape, data))))
            }
            Builtin::Transpose => {
                let xs = self.array_arg(&args[0], loc)?;
                if xs.shape.len() < 2 {
                    return Ok(args[0].clone());
                }
                let (n, m) = (xs.shape[0] as usize, xs.shape[1] as usize);
                let inner: usize = xs.shape[2..].iter().product::<i64>() as usize;
                let mut offsets = Vec::with_capacity(xs.data.len());
                for j in 0..m {
                    for i in 0..n {
                        let start = (i * m + j) * inner;
                        offsets.extend(start..start + inner);
                    }
                }
                let mut shape = vec![m as i64, n as i64];
                shape.extend_from_slice(&xs.shape[2..]);
                Ok(Value::Array(Rc::new(Array::from_data(
                    shape,
                    xs.data.gather(&offsets),
                ))))
            }
            Builtin::Rotate => {
                let r = self.size_arg(&args[0], loc)?;
                let xs = self.array_arg(&args[1], loc)?;
                let n = xs.len();
                if n == 0 {
                    return Ok(args[1].clone());
                }
                let row = xs.row_len();
                let shift = r.rem_euclid(n) as usize * row;
                let mut data = xs.data.slice(shift..xs.data.len());
                data.extend_from(&xs.data, 0..shift);
                Ok(Value::Array(Rc::new(Array::from_data(
                    xs.shape.clone(),
                    data,
                ))))
            }
            Builtin::Zip => {
                let xs = self.array_arg(&args[0], loc)?;
                let ys = self.array_arg(&args[1], loc)?;
                if xs.len() != ys.len() {
                    return Err(self.error(
                        loc,
                        format!(
                            "Cannot zip arrays of shapes {} and {}.",
                            show_shape(&xs.shape),
                            show_shape(&ys.shape)
                        ),
                    ));
                }
                if xs.shape.len() == 1 && ys.shape.len() == 1 && !xs.is_empty() {
                    // A tuple of the two buffers.
                    args.clear();
                    let fields = vec![take_data(xs), take_data(ys)];
                    let shape = vec![fields[0].len() as i64];
                    return Ok(Value::Array(Rc::new(Array::from_data(
                        shape,
                        Data::Zip(fields),
                    ))));
                }
                let rows = (0..xs.len() as usize)
                    .map(|i| Value::Tuple(Rc::from(vec![xs.row(i), ys.row(i)])))
                    .collect();
                Ok(Value::Array(Rc::new(Array::new(vec![xs.len()], rows))))
            }
            Builtin::Unzip => {
                let xs = self.array_arg(&args[0], loc)?;
                let pair = matches!(&xs.data, Data::Zip(fields) if fields.len() == 2);
                if pair && xs.shape.len() == 1 {
                    // The two buffers, as they are.
                    let n = xs.len();
                    args.clear();
                    let Data::Zip(fields) = take_data(xs) else {
                        unreachable!("a tuple of buffers")
                    };
                    let arrays = fields
                        .into_iter()
                        .map(|f| Value::Array(Rc::new(Array::from_data(vec![n], f))));
                    return Ok(Value::Tuple(arrays.collect()));
                }
                let (mut firsts, mut seconds) = (Vec::new(), Vec::new());
                for i in 0..xs.len() as usize {
                    let pair = xs.row(i);
                    firsts.push(pair.field("0").unwrap_or(Value::unit()));
                    seconds.push(pair.field("1").unwrap_or(Value::unit()));
                }
                let a = self.rows_to_array(firsts, &xs.shape[1..], loc)?;
                let b = self.rows_to_array(seconds, &xs.shape[1..], loc)?;
                Ok(Value::Tuple(Rc::from(vec![a, b])))
            }
            Builtin::Identity => Ok(args.swap_remove(0)),
            Builtin::Trace => {
                let shown = crate::text::show_value_bare(&args[0]);
                self.traces.push(format!("trace: {shown}"));
                Ok(args.swap_remove(0))
            }
            Builtin::Jvp2 => self.jvp2(args, loc),
            Builtin::Vjp2 => self.vjp2(args, loc),
            Builtin::AccWrite => self.acc_write(args, loc),
            Builtin::AccStream { hist } => self.acc_stream(hist, args, loc),
            Builtin::FlatIndex(rank) => self.flat_index(rank as usize, &args, loc),
            Builtin::FlatUpdate(rank) => self.flat_update(rank as usize, args, loc),
            other => Err(self.error(loc, format!("{other:?} is not an array operation"))),
        }
    }

    fn partition(&mut self, args: &[Value], loc: &Loc) -> Eval<Value> {
        let k = self.size_arg(&args[0], loc)?.max(0) as usize;
        let xs = self.array_arg(&args[2], loc)?;
        let mut classes: Vec<Vec<Value>> = vec![Vec::new(); k + 1];
        for i in 0..xs.len() as usize {
            let row = xs.row(i);
            let class = self.apply(&args[1], vec![row.clone()], loc)?;
            let c = class.as_prim().map(Prim::as_i64).unwrap_or(-1);
            let slot = if (0..k as i64).contains(&c) {
                c as usize
            } else {
                k
            };
            classes[slot].push(row);
        }
        let counts = classes[..k]
            .iter()
            .map(|c| Value::i64(c.len() as i64))
            .collect();
        let rows: Vec<Value> = classes.into_iter().flatten().collect();
        let parts = self.rows_to_array(rows, &xs.shape[1..], loc)?;
        Ok(Value::Tuple(Rc::from(vec![Value::array_of(counts), parts])))
    }

    /// `scatter` (without an operator) and `reduce_by_index` (with one).
    fn scatter(
        &mut self,
        dest: Value,
        is: &Value,
        vs: &Value,
        rank: usize,
        op: Option<(Value, Value)>,
        loc: &Loc,
    ) -> Eval<Value> {
        let Value::Array(mut dest) = dest else {
            return Err(self.error(loc, "scatter into a value that is not an array"));
        };
        let is = self.array_arg(is, loc)?;
        let vs = self.array_arg(vs, loc)?;
        let op = op.map(|(f, _)| f);
        let operator = op.as_ref().map(operator);
        let shape = dest.shape.clone();
        if shape.len() < rank {
            return Err(self.error(loc, "scatter: destination has too few dimensions"));
        }
        let inner: usize = shape[rank..].iter().product::<i64>() as usize;
        for k in 0..is.len().min(vs.len()) as usize {
            let index = is.row(k);
            let coords: Vec<i64> = if rank == 1 {
                vec![index.as_prim().map(Prim::as_i64).unwrap_or(-1)]
            } else {
                (0..rank)
                    .map(|d| {
                        index
                            .field(&d.to_string())
                            .and_then(|v| v.as_prim())
                            .map(Prim::as_i64)
                            .unwrap_or(-1)
                    })
                    .collect()
            };
            if coords.iter().zip(&shape).any(|(c, n)| !(0..*n).contains(c)) {
                continue;
            }
            let mut offset = 0usize;
            for (c, n) in coords.iter().zip(&shape) {
                offset = offset * *n as usize + *c as usize;
            }
            let offset = offset * inner;
            let value = vs.row(k);
            let value = match &operator {
                Some(f) => {
                    let current = if inner == 1 && shape.len() == rank {
                        dest.data.get(offset)
                    } else {
                        let sub = dest.data.slice(offset..offset + inner);
                        Value::Array(Rc::new(Array::from_data(shape[rank..].to_vec(), sub)))
                    };
                    self.combine(f, current, value, loc)?
                }
                None => value,
            };
            let target = Rc::make_mut(&mut dest);
            match value {
                Value::Array(v) if v.data.len() == inner => {
                    target.data.write_from(offset, &v.data, 0..inner);
                }
                scalar => target.data.set(offset, scalar),
            }
        }
        Ok(Value::Array(dest))
    }
}

/// The elements of `xs`: its own buffer when nothing else refers to it,
/// else a copy.
fn take_data(xs: Rc<Array>) -> Data {
    Rc::try_unwrap(xs)
        .map(|a| a.data)
        .unwrap_or_else(|xs| xs.data.clone())
}

/// A copy sharing nothing with the original at the top level, so that
/// later in-place updates need not copy again.
fn deep_copy(v: &Value) -> Value {
    match v {
        Value::Array(a) => Value::Array(Rc::new(Array::from_data(a.shape.clone(), a.data.clone()))),
        Value::Tuple(items) => Value::Tuple(items.iter().map(deep_copy).collect()),
        Value::Record(fields) => Value::Record(
            fields
                .iter()
                .map(|(n, v)| (n.clone(), deep_copy(v)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// `n` copies of `row` as an array.
#[allow(clippy::clone_on_copy)]
fn replicate(n: usize, row: &Value) -> Array {
    let (row_shape, row_data) = match row {
        Value::Array(a) => (a.shape.clone(), a.data.clone()),
        scalar => (Vec::new(), Data::from_values(vec![scalar.clone()])),
    };
    let width = row_data.len();
    let data = match (&row_data, row) {
        (Data::Boxed(_) | Data::Zip(_), _) | (_, Value::Array(_)) => {
            let mut data = row_data.slice(0..0);
            for _ in 0..n {
                data.extend_from(&row_data, 0..width);
            }
            data
        }
        _ => crate::data::same_variant!(&row_data, v => vec![v[0].clone(); n]),
    };
    let mut shape = vec![n as i64];
    shape.extend(row_shape);
    Array::from_data(shape, data)
}
