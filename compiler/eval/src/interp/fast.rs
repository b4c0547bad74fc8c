//! Fast paths of `map`, `reduce` and `scan` over one-dimensional arrays of
//! scalars (and `map` over arrays of tuples of them, one buffer per
//! field): a built-in operator runs in a loop over the typed buffer, a
//! function with a scalar body runs as a [`Kernel`]. Either gives what the
//! ordinary path gives; when a kernel cannot run to the end (a run-time
//! error, a budget that would run out), the ordinary path runs instead
//! and reports as it always has.

use std::rc::Rc;
use std::sync::atomic::Ordering;

use super::fold::Folding;
use super::kernel::{leaves, Kernel, Layout};
use super::soacs::{operator, Operator};
use super::{Eval, Interp, CANCELLED};
use crate::data::{Builder, Data};
use crate::ir::Loc;
use crate::prim;
use crate::value::{Array, Prim, Value};

/// Elements between checks of the time limit, cancellation and memory.
pub(super) const CHUNK: usize = 4096;

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
    pub(super) fn between_chunks(&self, loc: &Loc) -> Eval<()> {
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

    /// `map f xs` without a call per element, when it can be done so (the
    /// elements scalars, or tuples of them taken apart by the function's
    /// parameter); in the place of `xs` when nothing else refers to it.
    pub(super) fn map_fast(
        &mut self,
        f: &Value,
        xs: &mut Rc<Array>,
        loc: &Loc,
    ) -> Eval<Option<Value>> {
        if !self.kernels {
            return Ok(None);
        }
        let elem = xs.data.prim_type();
        let Some(layout) = Layout::of(&xs.data).filter(|_| xs.shape.len() == 1) else {
            return Ok(None);
        };
        let Some(mut kernel) = self.kernel(f, 1).filter(|k| k.layouts == [layout]) else {
            return Ok(None);
        };
        let n = xs.data.len();
        if !self.kernel_fits(&kernel, n) {
            return Ok(None);
        }
        let mut out = Builder::with_capacity(n);
        let mut in_place = elem.is_some() && Rc::get_mut(xs).is_some();
        for start in (0..n).step_by(CHUNK) {
            self.between_chunks(loc)?;
            let end = (start + CHUNK).min(n);
            let mut args = Vec::new();
            leaves(xs.data.slice(start..end), &mut args);
            let ys = match kernel.run_columns(args, end - start) {
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
        let mut fields = Vec::new();
        leaves(xs.slice(range.clone()), &mut fields);
        let mut args = Vec::with_capacity(fields.len());
        for (k, i) in range.enumerate() {
            args.clear();
            args.extend(fields.iter().map(|d| d.prim(k).expect("a typed buffer")));
            let before = kernel.calls;
            match kernel.run(&args) {
                Some(y) => out.push(Value::Prim(y)),
                None => {
                    // The call counts its own steps.
                    kernel.calls = 0;
                    self.steps_left -= before;
                    out.push(self.apply(f, vec![xs.get(i)], loc)?);
                }
            }
        }
        Ok(out.finish())
    }

    /// `scan op ne xs` with a built-in operator that cannot fail, in the
    /// place of `xs` when nothing else refers to it.
    pub(super) fn scan_in_place(
        &mut self,
        op: &Value,
        ne: &Value,
        xs: &mut Rc<Array>,
    ) -> Option<Value> {
        let (Operator::Scalar(bin), Value::Prim(ne)) = (operator(op), ne) else {
            return None;
        };
        if xs.shape.len() != 1 || self.ad_depth > 0 || !self.kernels {
            return None;
        }
        let target = Rc::get_mut(xs)?;
        scan_typed(bin, *ne, &mut target.data).then(|| Value::Array(xs.clone()))
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
        if !self.kernels {
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
                let scalars = [Layout::Scalar, Layout::Scalar];
                let Some(kernel) = self.kernel(f, 2).filter(|k| k.layouts == scalars) else {
                    return Ok(None);
                };
                if !self.kernel_fits(&kernel, n) {
                    return Ok(None);
                }
                let steps = scan.then(|| std::mem::replace(&mut out, Builder::with_capacity(0)));
                let mut fold = Folding { f, acc, steps };
                self.fold_kernel(&mut fold, kernel, &xs.data, loc)?;
                acc = fold.acc;
                if let Some(steps) = fold.steps {
                    out = steps;
                }
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

/// Runs `$run!(buffer, ne, Prim constructor, combine)` for a built-in
/// operator that cannot fail on a typed buffer and a neutral element of
/// its type; `false` where there is no such loop.
macro_rules! typed_ops {
    ($op:expr, $ne:expr, $data:expr, $run:ident) => {{
        use prim::BinOp::{Add, Max, Min, Mul};
        macro_rules! int {
            ($v:expr, $n:expr, $c:path, $t:ty) => {
                match $op {
                    Add => $run!($v, $n, $c, |a: $t, b: $t| a.wrapping_add(b)),
                    Mul => $run!($v, $n, $c, |a: $t, b: $t| a.wrapping_mul(b)),
                    Min => $run!($v, $n, $c, |a: $t, b: $t| a.min(b)),
                    Max => $run!($v, $n, $c, |a: $t, b: $t| a.max(b)),
                    _ => false,
                }
            };
        }
        macro_rules! float {
            ($v:expr, $n:expr, $c:path, $t:ty) => {
                match $op {
                    Add => $run!($v, $n, $c, |a: $t, b: $t| a + b),
                    Mul => $run!($v, $n, $c, |a: $t, b: $t| a * b),
                    _ => false,
                }
            };
        }
        match ($data, $ne) {
            (Data::I8(v), Prim::I8(n)) => int!(v, n, Prim::I8, i8),
            (Data::I16(v), Prim::I16(n)) => int!(v, n, Prim::I16, i16),
            (Data::I32(v), Prim::I32(n)) => int!(v, n, Prim::I32, i32),
            (Data::I64(v), Prim::I64(n)) => int!(v, n, Prim::I64, i64),
            (Data::U8(v), Prim::U8(n)) => int!(v, n, Prim::U8, u8),
            (Data::U16(v), Prim::U16(n)) => int!(v, n, Prim::U16, u16),
            (Data::U32(v), Prim::U32(n)) => int!(v, n, Prim::U32, u32),
            (Data::U64(v), Prim::U64(n)) => int!(v, n, Prim::U64, u64),
            (Data::F32(v), Prim::F32(n)) => float!(v, n, Prim::F32, f32),
            (Data::F64(v), Prim::F64(n)) => float!(v, n, Prim::F64, f64),
            _ => false,
        }
    }};
}

/// A reduction (or, with `scan`, a scan) with a built-in operator that
/// cannot fail, as a loop over the typed buffer, combining in order as
/// the ordinary path does: the result, or the scan's array.
pub(super) fn fold_typed(
    op: prim::BinOp,
    ne: Prim,
    data: &Data,
    scan: bool,
) -> Option<Result<Prim, Data>> {
    if scan {
        let mut out = data.clone();
        return scan_typed(op, ne, &mut out).then_some(Err(out));
    }
    let mut acc = None;
    macro_rules! run {
        ($v:expr, $ne:expr, $ctor:path, $f:expr) => {{
            let f = $f;
            let mut a = $ne;
            for x in $v.iter() {
                a = f(a, *x);
            }
            acc = Some($ctor(a));
            true
        }};
    }
    typed_ops!(op, ne, data, run).then_some(()).and(acc).map(Ok)
}

/// A scan with a built-in operator that cannot fail, in the place of
/// `data`; false (and `data` unchanged) where there is no such loop.
pub(super) fn scan_typed(op: prim::BinOp, ne: Prim, data: &mut Data) -> bool {
    macro_rules! run {
        ($v:expr, $ne:expr, $ctor:path, $f:expr) => {{
            let f = $f;
            let mut a = $ne;
            for x in $v.iter_mut() {
                a = f(a, *x);
                *x = a;
            }
            true
        }};
    }
    typed_ops!(op, ne, data, run)
}
