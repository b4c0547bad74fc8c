//! Fast paths of `map`, `reduce` and `scan` over one-dimensional arrays of
//! scalars: a built-in operator runs in a loop over the typed buffer, a
//! function with a scalar body runs as a [`Kernel`]. Either gives what the
//! ordinary path gives; when a kernel cannot run to the end (a run-time
//! error, a budget that would run out), the ordinary path runs instead
//! and reports as it always has.

use std::rc::Rc;
use std::sync::atomic::Ordering;

use super::kernel::Kernel;
use super::soacs::{operator, Operator};
use super::{Eval, Interp, CANCELLED};
use crate::data::{Builder, Data};
use crate::ir::Loc;
use crate::prim;
use crate::value::{Array, Prim, Value};

/// Elements between checks of the time limit, cancellation and memory.
const CHUNK: usize = 4096;

/// How many more nested calls a kernel may stand for (its inlined calls).
const KERNEL_DEPTH: usize = 10;

impl Interp<'_> {
    /// Whether `n` runs of a kernel fit the step budget and the call depth.
    fn kernel_fits(&self, kernel: &Kernel, n: usize) -> bool {
        kernel.max_calls.saturating_mul(n as u64) < self.steps_left
            && self.calls.len() + KERNEL_DEPTH < self.max_depth
    }

    /// The checks [`Interp::step`] makes now and then: time, cancellation,
    /// memory.
    fn between_chunks(&self, loc: &Loc) -> Eval<()> {
        if let Some(deadline) = self.deadline {
            if std::time::Instant::now() >= deadline {
                return Err(self.error(loc, "evaluation stopped: time limit reached"));
            }
        }
        if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            return Err(self.error(loc, CANCELLED));
        }
        self.check_memory(0, loc)
    }

    /// `map f xs` without a call per element, when it can be done so;
    /// in the place of `xs` when nothing else refers to it.
    pub(super) fn map_fast(
        &mut self,
        f: &Value,
        xs: &mut Rc<Array>,
        loc: &Loc,
    ) -> Eval<Option<Value>> {
        let elem = xs.data.prim_type();
        if xs.shape.len() != 1 || elem.is_none() {
            return Ok(None);
        }
        let Some(mut kernel) = self.kernel(f, 1) else {
            return Ok(None);
        };
        let n = xs.data.len();
        if !self.kernel_fits(&kernel, n) {
            return Ok(None);
        }
        let mut out = Builder::with_capacity(n);
        let mut in_place = Rc::get_mut(xs).is_some();
        for start in (0..n).step_by(CHUNK) {
            self.between_chunks(loc)?;
            let end = (start + CHUNK).min(n);
            let chunk = xs.data.slice(start..end);
            let ys = match kernel.run_columns(chunk, end - start) {
                Some(ys) => ys,
                None => self.map_elements(f, &mut kernel, &xs.data, start..end, loc)?,
            };
            in_place &= ys.prim_type() == elem;
            match Rc::get_mut(xs) {
                Some(target) if in_place => target.data.write_from(start, &ys, 0..ys.len()),
                _ => {
                    if start > 0 && out.is_empty() {
                        // Written in place so far: those elements first.
                        out.extend_from(&xs.data, 0..start);
                    }
                    out.extend_from(&ys, 0..ys.len());
                }
            }
        }
        self.steps_left -= std::mem::take(&mut kernel.calls);
        if in_place {
            return Ok(Some(Value::Array(xs.clone())));
        }
        let data = out.finish();
        Ok(Some(Value::Array(Rc::new(Array::from_data(
            vec![n as i64],
            data,
        )))))
    }

    /// `f` on the elements of `range` one at a time: by the kernel, or,
    /// where it fails, by a call (which reports the error if there is one).
    fn map_elements(
        &mut self,
        f: &Value,
        kernel: &mut Kernel,
        xs: &Data,
        range: std::ops::Range<usize>,
        loc: &Loc,
    ) -> Eval<Data> {
        let mut out = Builder::with_capacity(range.len());
        for i in range {
            let x = xs.prim(i).expect("a typed buffer");
            let before = kernel.calls;
            match kernel.run(&[x]) {
                Some(y) => out.push(Value::Prim(y)),
                None => {
                    // The call counts its own steps.
                    kernel.calls = 0;
                    self.steps_left -= before;
                    out.push(self.apply(f, vec![Value::Prim(x)], loc)?);
                }
            }
        }
        Ok(out.finish())
    }

    /// `reduce op ne xs` (`scan` when `scan`) without a call per element,
    /// when it can be done so.
    pub(super) fn fold_fast(
        &mut self,
        op: &Value,
        ne: &Value,
        xs: &Array,
        scan: bool,
        loc: &Loc,
    ) -> Eval<Option<Value>> {
        let Value::Prim(ne) = ne else {
            return Ok(None);
        };
        if xs.shape.len() != 1 || xs.data.prim_type().is_none() || self.ad_depth > 0 {
            return Ok(None);
        }
        let n = xs.data.len();
        let mut out = Builder::with_capacity(if scan { n } else { 0 });
        let mut acc = Value::Prim(*ne);
        match operator(op) {
            Operator::Scalar(bin) => {
                if let Some(result) = fold_typed(bin, *ne, &xs.data, scan) {
                    return Ok(Some(match result {
                        Ok(acc) => Value::Prim(acc),
                        Err(data) => Value::Array(Rc::new(Array::from_data(vec![n as i64], data))),
                    }));
                }
                let mut acc = *ne;
                for i in 0..n {
                    let x = xs.data.prim(i).expect("a typed buffer");
                    acc = prim::binop(bin, acc, x).map_err(|m| self.error(loc, m))?;
                    if scan {
                        out.push(Value::Prim(acc));
                    }
                }
                if !scan {
                    return Ok(Some(Value::Prim(acc)));
                }
            }
            Operator::Value(f) => {
                let Some(mut kernel) = self.kernel(f, 2) else {
                    return Ok(None);
                };
                if !self.kernel_fits(&kernel, n) {
                    return Ok(None);
                }
                for start in (0..n).step_by(CHUNK) {
                    self.between_chunks(loc)?;
                    for i in start..(start + CHUNK).min(n) {
                        let x = xs.data.prim(i).expect("a typed buffer");
                        let before = kernel.calls;
                        let next = match acc {
                            Value::Prim(a) => kernel.run(&[a, x]),
                            _ => None,
                        };
                        acc = match next {
                            Some(y) => Value::Prim(y),
                            None => {
                                kernel.calls = 0;
                                self.steps_left -= before;
                                self.apply(f, vec![acc, Value::Prim(x)], loc)?
                            }
                        };
                        if scan {
                            out.push(acc.clone());
                        }
                    }
                }
                self.steps_left -= kernel.calls;
            }
        }
        if !scan {
            return Ok(Some(acc));
        }
        Ok(Some(Value::Array(Rc::new(Array::from_data(
            vec![n as i64],
            out.finish(),
        )))))
    }
}

/// A reduction (or, with `scan`, a scan) with a built-in operator that
/// cannot fail, as a loop over the typed buffer, combining in order as
/// the ordinary path does: the result, or the scan's array.
fn fold_typed(op: prim::BinOp, ne: Prim, data: &Data, scan: bool) -> Option<Result<Prim, Data>> {
    use prim::BinOp::{Add, Max, Min, Mul};
    fn run<T: Copy>(
        v: &[T],
        mut acc: T,
        scan: bool,
        f: impl Fn(T, T) -> T,
        wrap: impl Fn(T) -> Prim,
        wrap_all: impl Fn(Vec<T>) -> Data,
    ) -> Result<Prim, Data> {
        if scan {
            let out = v
                .iter()
                .map(|x| {
                    acc = f(acc, *x);
                    acc
                })
                .collect();
            return Err(wrap_all(out));
        }
        for x in v {
            acc = f(acc, *x);
        }
        Ok(wrap(acc))
    }
    macro_rules! typed {
        ($v:expr, $ne:expr, $ctor:path, $data:path, int) => {
            match op {
                Add => Some(run($v, $ne, scan, |a, b| a.wrapping_add(b), $ctor, $data)),
                Mul => Some(run($v, $ne, scan, |a, b| a.wrapping_mul(b), $ctor, $data)),
                Min => Some(run($v, $ne, scan, |a, b| a.min(b), $ctor, $data)),
                Max => Some(run($v, $ne, scan, |a, b| a.max(b), $ctor, $data)),
                _ => None,
            }
        };
        ($v:expr, $ne:expr, $ctor:path, $data:path, float) => {
            match op {
                Add => Some(run($v, $ne, scan, |a, b| a + b, $ctor, $data)),
                Mul => Some(run($v, $ne, scan, |a, b| a * b, $ctor, $data)),
                _ => None,
            }
        };
    }
    match (data, ne) {
        (Data::I8(v), Prim::I8(ne)) => typed!(v, ne, Prim::I8, Data::I8, int),
        (Data::I16(v), Prim::I16(ne)) => typed!(v, ne, Prim::I16, Data::I16, int),
        (Data::I32(v), Prim::I32(ne)) => typed!(v, ne, Prim::I32, Data::I32, int),
        (Data::I64(v), Prim::I64(ne)) => typed!(v, ne, Prim::I64, Data::I64, int),
        (Data::U8(v), Prim::U8(ne)) => typed!(v, ne, Prim::U8, Data::U8, int),
        (Data::U16(v), Prim::U16(ne)) => typed!(v, ne, Prim::U16, Data::U16, int),
        (Data::U32(v), Prim::U32(ne)) => typed!(v, ne, Prim::U32, Data::U32, int),
        (Data::U64(v), Prim::U64(ne)) => typed!(v, ne, Prim::U64, Data::U64, int),
        (Data::F32(v), Prim::F32(ne)) => typed!(v, ne, Prim::F32, Data::F32, float),
        (Data::F64(v), Prim::F64(ne)) => typed!(v, ne, Prim::F64, Data::F64, float),
        _ => None,
    }
}
