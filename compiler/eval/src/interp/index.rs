//! Indexing, slicing (with strides) and in-place updates of arrays, with
//! Futhark's bounds checks and error messages.

use std::rc::Rc;

use super::{Eval, Interp};
use crate::data::Data;
use crate::ir::{IndexSpec, Loc};
use crate::value::{show_shape, Array, Value};

/// An evaluated index: a point or a slice `start:end:stride` (each part as
/// written, `None` when omitted).
#[derive(Debug, Clone, Copy)]
pub enum Idx {
    Point(i64),
    Slice(Option<i64>, Option<i64>, Option<i64>),
}

/// The positions one index selects in a dimension of length `n`; `None`
/// for a point (the dimension disappears).
fn positions(idx: Idx, n: i64) -> Option<(Option<Vec<i64>>, bool)> {
    match idx {
        Idx::Point(i) => (0..n).contains(&i).then_some((None, false)),
        Idx::Slice(start, end, stride) => {
            let s = stride.unwrap_or(1);
            if s == 0 {
                return None;
            }
            let (i, j) = if s > 0 {
                (start.unwrap_or(0), end.unwrap_or(n))
            } else {
                (start.unwrap_or(n - 1), end.unwrap_or(-1))
            };
            // As Futhark checks a slice: it is valid if it selects nothing,
            // or if it runs from `i` towards `j` and its first and last
            // elements are in bounds (`j` itself may lie beyond the end).
            let (i, j, s, n) = (i as i128, j as i128, s as i128, n as i128);
            let count = if s > 0 {
                (j - i + s - 1).div_euclid(s)
            } else {
                (i - j - s - 1).div_euclid(-s)
            };
            if count != 0 {
                let last = i + (count - 1) * s;
                let towards = if s > 0 {
                    0 <= i && i <= j
                } else {
                    -1 <= j && j <= i
                };
                if count < 0 || !towards || !(0..n).contains(&i) || !(0..n).contains(&last) {
                    return None;
                }
            }
            let count = count.max(0) as i64;
            let (i, s) = (i as i64, s as i64);
            Some((Some((0..count).map(|k| i + k * s).collect()), true))
        }
    }
}

fn show_index(indices: &[Idx]) -> String {
    let parts: Vec<String> = indices
        .iter()
        .map(|idx| match idx {
            Idx::Point(i) => i.to_string(),
            Idx::Slice(a, b, s) => {
                let show = |x: &Option<i64>| x.map(|v| v.to_string()).unwrap_or_default();
                match s {
                    Some(s) => format!("{}:{}:{s}", show(a), show(b)),
                    None => format!("{}:{}", show(a), show(b)),
                }
            }
        })
        .collect();
    format!("[{}]", parts.join(", "))
}

/// The flat offsets an index selects and the shape of the result.
fn select(array: &Array, indices: &[Idx]) -> Option<(Vec<usize>, Vec<i64>)> {
    if indices.len() > array.shape.len() {
        return None;
    }
    let inner: i64 = array.shape[indices.len()..].iter().product();
    let mut result_shape = Vec::new();
    let mut offsets = vec![0usize];
    for (d, idx) in indices.iter().enumerate() {
        let n = array.shape[d];
        let stride: usize = array.shape[d + 1..].iter().product::<i64>() as usize;
        let (picked, keeps) = positions(*idx, n)?;
        let picked = picked.unwrap_or_else(|| match idx {
            Idx::Point(i) => vec![*i],
            _ => Vec::new(),
        });
        if keeps {
            result_shape.push(picked.len() as i64);
        }
        offsets = offsets
            .iter()
            .flat_map(|base| picked.iter().map(move |p| base + *p as usize * stride))
            .collect();
    }
    result_shape.extend_from_slice(&array.shape[indices.len()..]);
    let inner = inner as usize;
    let flat = offsets
        .iter()
        .flat_map(|base| (0..inner).map(move |k| base + k))
        .collect();
    Some((flat, result_shape))
}

impl Interp<'_> {
    pub(super) fn eval_indices(
        &mut self,
        specs: &[IndexSpec],
        frame: &mut [Value],
    ) -> Eval<Vec<Idx>> {
        let mut out = Vec::with_capacity(specs.len());
        for spec in specs {
            out.push(match spec {
                IndexSpec::Point(e) => Idx::Point(self.eval_prim(e, frame)?.as_i64()),
                IndexSpec::Slice { start, end, stride } => {
                    let mut part =
                        |e: &Option<crate::ir::Expr>, me: &mut Self| -> Eval<Option<i64>> {
                            match e {
                                Some(e) => Ok(Some(me.eval_prim(e, frame)?.as_i64())),
                                None => Ok(None),
                            }
                        };
                    Idx::Slice(part(start, self)?, part(end, self)?, part(stride, self)?)
                }
            });
        }
        Ok(out)
    }

    fn out_of_bounds(&self, indices: &[Idx], shape: &[i64], loc: &Loc) -> super::RuntimeError {
        self.error(
            loc,
            format!(
                "Index {} out of bounds for array of shape {}.",
                show_index(indices),
                show_shape(shape)
            ),
        )
    }

    /// Futhark's interpreter says only "Bad update"; the index and shape
    /// follow.
    fn bad_update(&self, indices: &[Idx], shape: &[i64], loc: &Loc) -> super::RuntimeError {
        let mut error = self.out_of_bounds(indices, shape, loc);
        error.message = format!("Bad update: {}", error.message);
        error
    }

    /// `array[indices]`.
    pub fn index(&self, array: &Value, indices: &[Idx], loc: &Loc) -> Eval<Value> {
        let Value::Array(a) = array else {
            return Err(self.error(loc, "indexing a value that is not an array"));
        };
        if let [Idx::Point(i)] = indices {
            if (0..a.len()).contains(i) {
                return Ok(a.row(*i as usize));
            }
            return Err(self.out_of_bounds(indices, &a.shape, loc));
        }
        let Some((flat, shape)) = select(a, indices) else {
            return Err(self.out_of_bounds(indices, &a.shape, loc));
        };
        if shape.is_empty() {
            return Ok(flat.first().map_or(Value::unit(), |&k| a.data.get(k)));
        }
        Ok(Value::Array(Rc::new(Array::from_data(
            shape,
            a.data.gather(&flat),
        ))))
    }

    /// `array with [indices] = value`, in place when `array` is the only
    /// reference to its elements.
    pub fn update(&self, array: Value, indices: &[Idx], value: Value, loc: &Loc) -> Eval<Value> {
        let Value::Array(mut a) = array else {
            return Err(self.error(loc, "updating a value that is not an array"));
        };
        if let ([Idx::Point(i)], 1) = (indices, a.shape.len()) {
            if !(0..a.len()).contains(i) {
                return Err(self.bad_update(indices, &a.shape, loc));
            }
            Rc::make_mut(&mut a).data.set(*i as usize, value);
            return Ok(Value::Array(a));
        }
        let Some((flat, shape)) = select(&a, indices) else {
            return Err(self.bad_update(indices, &a.shape, loc));
        };
        let source: Data = match value {
            Value::Array(v) if !shape.is_empty() => {
                if v.shape != shape {
                    return Err(self.error(
                        loc,
                        format!(
                            "Cannot update a slice of shape {} with a value of shape {}.",
                            show_shape(&shape),
                            show_shape(&v.shape)
                        ),
                    ));
                }
                v.data.clone()
            }
            scalar => Data::from_values(vec![scalar]),
        };
        if source.len() != flat.len() {
            return Err(self.error(loc, "update value does not fit the slice"));
        }
        let target = Rc::make_mut(&mut a);
        for (j, k) in flat.into_iter().enumerate() {
            target.data.write_from(k, &source, j..j + 1);
        }
        Ok(Value::Array(a))
    }
}
