//! `reduce` and `scan` over a typed buffer with an operator that runs as a
//! [`Kernel`]. The accumulator makes each step wait for the one before,
//! but the parts of the operator that do not read it need not wait: they
//! run first over a chunk of elements as columns ([`Split`]), and only the
//! rest runs element by element, or, when the rest is a built-in operator
//! on the accumulator (`\a b -> a + b * 3` leaves `a + t`), as a typed
//! loop. Any failure runs the chunk, or the element, the ordinary way,
//! which reports errors as before.

use super::fast::{fold_typed, CHUNK};
use super::kernel::{Kernel, Split};
use super::{Eval, Interp};
use crate::data::{Builder, Data};
use crate::ir::Loc;
use crate::value::Value;

/// A reduction or scan in progress.
pub(super) struct Folding<'a> {
    /// The operator.
    pub f: &'a Value,
    /// The value so far.
    pub acc: Value,
    /// The values of every step, for a scan.
    pub steps: Option<Builder>,
}

impl Folding<'_> {
    fn push(&mut self) {
        if let Some(out) = &mut self.steps {
            out.push(self.acc.clone());
        }
    }
}

impl Interp<'_> {
    /// Folds the elements of `xs` into `fold` by `kernel`, the kernel of
    /// `fold.f`.
    pub(super) fn fold_kernel(
        &mut self,
        fold: &mut Folding,
        mut kernel: Kernel,
        xs: &Data,
        loc: &Loc,
    ) -> Eval<()> {
        let mut split = kernel.split_accumulator();
        let n = xs.len();
        for start in (0..n).step_by(CHUNK) {
            self.between_chunks(loc)?;
            let range = start..(start + CHUNK).min(n);
            if let Some(split) = &mut split {
                if self.fold_split(fold, split, xs, range.clone(), loc)? {
                    continue;
                }
            }
            for i in range {
                let x = xs.prim(i).expect("a typed buffer");
                let before = kernel.calls;
                let next = match fold.acc {
                    Value::Prim(a) => kernel.run(&[a, x]),
                    _ => None,
                };
                fold.acc = match next {
                    Some(y) => Value::Prim(y),
                    None => {
                        // The call counts its own steps.
                        kernel.calls = 0;
                        self.steps_left -= before;
                        let acc = std::mem::replace(&mut fold.acc, Value::unit());
                        self.apply(fold.f, vec![acc, Value::Prim(x)], loc)?
                    }
                };
                fold.push();
            }
        }
        self.steps_left -= kernel.calls;
        Ok(())
    }

    /// Folds the elements of `range` by `split`: false (and nothing done)
    /// where its columns cannot be made.
    fn fold_split(
        &mut self,
        fold: &mut Folding,
        split: &mut Split,
        xs: &Data,
        range: std::ops::Range<usize>,
        loc: &Loc,
    ) -> Eval<bool> {
        let len = range.len();
        let Value::Prim(acc) = fold.acc else {
            return Ok(false);
        };
        let Some(columns) = split.columns(xs.slice(range.clone()), len) else {
            return Ok(false);
        };
        let calls = split.rest.max_calls;
        if let Some((op, k)) = split.fold {
            if let Some(result) = fold_typed(op, acc, &columns[k], fold.steps.is_some()) {
                self.steps_left -= calls * len as u64;
                fold.acc = match result {
                    Ok(acc) => Value::Prim(acc),
                    Err(values) => {
                        let last = values.get(len - 1);
                        if let Some(out) = &mut fold.steps {
                            out.extend_from(&values, 0..len);
                        }
                        last
                    }
                };
                return Ok(true);
            }
        }
        for (k, i) in range.enumerate() {
            let x = xs.prim(i).expect("a typed buffer");
            let next = match fold.acc {
                Value::Prim(a) => split.run(a, x, &columns, k),
                _ => None,
            };
            fold.acc = match next {
                Some(y) => {
                    self.steps_left -= calls;
                    Value::Prim(y)
                }
                None => {
                    let acc = std::mem::replace(&mut fold.acc, Value::unit());
                    self.apply(fold.f, vec![acc, Value::Prim(x)], loc)?
                }
            };
            fold.push();
        }
        Ok(true)
    }
}
