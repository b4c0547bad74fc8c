//! Flat views of one-dimensional arrays: `flat_index_Nd` reads and
//! `flat_update_Nd` writes the elements that an LMAD (an offset and, per
//! dimension, a size and a stride) picks out of an array's rows.

use std::rc::Rc;

use super::{Eval, Interp};
use crate::ir::Loc;
use crate::value::{show_shape, Array, Value};

/// The row numbers an LMAD covers, in row-major order of its dimensions,
/// or `None` if any is out of `0..n` (an LMAD with an empty dimension
/// covers nothing).
fn lmad_rows(offset: i64, dims: &[(i64, i64)], n: i64) -> Option<Vec<i64>> {
    if dims.iter().any(|&(size, _)| size == 0) {
        return Some(Vec::new());
    }
    // The extreme offsets: each dimension adds its first or its last step.
    let (mut lo, mut hi) = (offset as i128, offset as i128);
    for &(size, stride) in dims {
        let span = (size as i128 - 1) * stride as i128;
        lo += span.min(0);
        hi += span.max(0);
    }
    if lo < 0 || hi >= n as i128 {
        return None;
    }
    let mut rows = vec![offset];
    for &(size, stride) in dims {
        rows = rows
            .iter()
            .flat_map(|&r| (0..size).map(move |i| r + i * stride))
            .collect();
    }
    Some(rows)
}

/// How an out-of-bounds LMAD is shown: `[offset; size:stride, ...]`.
fn show_lmad(offset: i64, dims: &[(i64, i64)]) -> String {
    let dims: Vec<String> = dims.iter().map(|(n, s)| format!("{n}:{s}")).collect();
    format!("[{offset}; {}]", dims.join(", "))
}

impl Interp<'_> {
    /// `flat_index_Nd as offset n1 s1 ... nN sN`.
    pub(super) fn flat_index(&mut self, rank: usize, args: &[Value], loc: &Loc) -> Eval<Value> {
        let xs = self.array_arg(&args[0], loc)?;
        let offset = self.size_arg(&args[1], loc)?;
        let mut dims = Vec::with_capacity(rank);
        for d in 0..rank {
            let size = self.size_arg(&args[2 + 2 * d], loc)?;
            let stride = self.size_arg(&args[3 + 2 * d], loc)?;
            if size < 0 {
                return Err(self.error(loc, format!("Invalid flat slice size {size}.")));
            }
            dims.push((size, stride));
        }
        let count = dims
            .iter()
            .try_fold(1i64, |acc, &(n, _)| acc.checked_mul(n));
        self.check_allocation(count.unwrap_or(i64::MAX), xs.row_len() as i64, loc)?;
        let Some(rows) = lmad_rows(offset, &dims, xs.len()) else {
            return Err(self.error(loc, out_of_bounds(offset, &dims, &xs.shape)));
        };
        let row_len = xs.row_len();
        let mut data = xs.data.slice(0..0);
        for r in rows {
            let start = r as usize * row_len;
            data.extend_from(&xs.data, start..start + row_len);
        }
        let mut shape: Vec<i64> = dims.iter().map(|&(n, _)| n).collect();
        shape.extend_from_slice(&xs.shape[1..]);
        Ok(Value::Array(Rc::new(Array::from_data(shape, data))))
    }

    /// `flat_update_Nd as offset s1 ... sN vs`, in place.
    pub(super) fn flat_update(
        &mut self,
        rank: usize,
        mut args: Vec<Value>,
        loc: &Loc,
    ) -> Eval<Value> {
        let offset = self.size_arg(&args[1], loc)?;
        let vs = self.array_arg(&args[2 + rank], loc)?;
        if vs.shape.len() < rank {
            return Err(self.error(loc, "flat_update: too few dimensions in the values"));
        }
        let mut dims = Vec::with_capacity(rank);
        for d in 0..rank {
            dims.push((vs.shape[d], self.size_arg(&args[2 + d], loc)?));
        }
        let Value::Array(mut xs) = std::mem::replace(&mut args[0], Value::unit()) else {
            return Err(self.error(loc, "flat_update of a value that is not an array"));
        };
        let Some(rows) = lmad_rows(offset, &dims, xs.len()) else {
            return Err(self.error(loc, out_of_bounds(offset, &dims, &xs.shape)));
        };
        if vs.shape[rank..] != xs.shape[1..] {
            return Err(self.error(
                loc,
                format!(
                    "Cannot write values of shape {} to rows of shape {}.",
                    show_shape(&vs.shape[rank..]),
                    show_shape(&xs.shape[1..])
                ),
            ));
        }
        let row_len = xs.row_len();
        let target = Rc::make_mut(&mut xs);
        for (k, r) in rows.into_iter().enumerate() {
            let start = r as usize * row_len;
            target
                .data
                .write_from(start, &vs.data, k * row_len..(k + 1) * row_len);
        }
        Ok(Value::Array(xs))
    }
}

/// The error message of a flat view that reaches outside the array.
fn out_of_bounds(offset: i64, dims: &[(i64, i64)], shape: &[i64]) -> String {
    format!(
        "Index {} out of bounds for array of shape {}.",
        show_lmad(offset, dims),
        show_shape(shape)
    )
}
