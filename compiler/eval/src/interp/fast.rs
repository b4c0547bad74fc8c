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

    /// `map f xs` without a call per element, when it can be done so.
    pub(super) fn map_fast(&mut self, f: &Value, xs: &Array, loc: &Loc) -> Eval<Option<Value>> {
        if xs.shape.len() != 1 || xs.data.prim_type().is_none() {
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
        for start in (0..n).step_by(CHUNK) {
            self.between_chunks(loc)?;
            for i in start..(start + CHUNK).min(n) {
                let x = xs.data.prim(i).expect("a typed buffer");
                let Some(y) = kernel.run(&[x]) else {
                    return Ok(None);
                };
                out.push(Value::Prim(y));
            }
        }
        self.steps_left -= kernel.calls;
        let data = out.finish();
        Ok(Some(Value::Array(Rc::new(Array::from_data(
            vec![n as i64],
            data,
        )))))
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
        let mut acc = *ne;
        match operator(op) {
            Operator::Scalar(bin) => {
                if !scan {
                    if let Some(sum) = fold_typed(bin, acc, &xs.data) {
                        return Ok(Some(Value::Prim(sum)));
                    }
                }
                for i in 0..n {
                    let x = xs.data.prim(i).expect("a typed buffer");
                    acc = prim::binop(bin, acc, x).map_err(|m| self.error(loc, m))?;
                    if scan {
                        out.push(Value::Prim(acc));
                    }
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
                        let Some(y) = kernel.run(&[acc, x]) else {
                            return Ok(None);
                        };
                        acc = y;
                        if scan {
                            out.push(Value::Prim(acc));
                        }
                    }
                }
                self.steps_left -= kernel.calls;
            }
        }
        if !scan {
            return Ok(Some(Value::Prim(acc)));
        }
        Ok(Some(Value::Array(Rc::new(Array::from_data(
            vec![n as i64],
            out.finish(),
        )))))
    }
}

/// A reduction with a built-in operator that cannot fail, as a loop over
/// the typed buffer (in order, as the ordinary path combines).
fn fold_typed(op: prim::BinOp, ne: Prim, data: &Data) -> Option<Prim> {
    use prim::BinOp::{Add, Max, Min, Mul};
    macro_rules! ints {
        ($v:expr, $ne:expr, $ctor:path) => {{
            let mut acc = $ne;
            match op {
                Add => $v.iter().for_each(|x| acc = acc.wrapping_add(*x)),
                Mul => $v.iter().for_each(|x| acc = acc.wrapping_mul(*x)),
                Min => $v.iter().for_each(|x| acc = acc.min(*x)),
                Max => $v.iter().for_each(|x| acc = acc.max(*x)),
                _ => return None,
            }
            Some($ctor(acc))
        }};
    }
    macro_rules! floats {
        ($v:expr, $ne:expr, $ctor:path) => {{
            let mut acc = $ne;
            match op {
                Add => $v.iter().for_each(|x| acc += *x),
                Mul => $v.iter().for_each(|x| acc *= *x),
                _ => return None,
            }
            Some($ctor(acc))
        }};
    }
    match (data, ne) {
        (Data::I8(v), Prim::I8(ne)) => ints!(v, ne, Prim::I8),
        (Data::I16(v), Prim::I16(ne)) => ints!(v, ne, Prim::I16),
        (Data::I32(v), Prim::I32(ne)) => ints!(v, ne, Prim::I32),
        (Data::I64(v), Prim::I64(ne)) => ints!(v, ne, Prim::I64),
        (Data::U8(v), Prim::U8(ne)) => ints!(v, ne, Prim::U8),
        (Data::U16(v), Prim::U16(ne)) => ints!(v, ne, Prim::U16),
        (Data::U32(v), Prim::U32(ne)) => ints!(v, ne, Prim::U32),
        (Data::U64(v), Prim::U64(ne)) => ints!(v, ne, Prim::U64),
        (Data::F32(v), Prim::F32(ne)) => floats!(v, ne, Prim::F32),
        (Data::F64(v), Prim::F64(ne)) => floats!(v, ne, Prim::F64),
        _ => None,
    }
}
