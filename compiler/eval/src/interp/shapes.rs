//! Sizes at run time: binding the size parameters a type annotation
//! names from a value, checking the sizes it names that are already bound
//! (parameters, declared return types, `:>` coercions) with Futhark's
//! message when they differ, and giving empty results their row sizes.

use std::rc::Rc;

use super::{update_field, Eval, Interp, RuntimeError};
use crate::ir::{Dim, Expr, FuncDef, Loc, Shape, TypeNote};
use crate::text::show_value_bare;
use crate::value::{Array, Value};

impl Interp<'_> {
    /// Checks a function's result against the sizes its declared return
    /// type names.
    pub(super) fn check_return(
        &mut self,
        f: &FuncDef,
        v: Value,
        frame: &mut [Value],
    ) -> Eval<Value> {
        let Some((shape, note)) = &f.ret else {
            return Ok(v);
        };
        if self.match_shape(shape, &v, frame)? {
            return Ok(v);
        }
        Err(self.shape_error(&v, shape, note, frame))
    }

    /// Binds the size parameters a type annotation mentions from a value
    /// and checks the sizes it names that are already bound; false if one
    /// differs. Dimensions after an empty one are not checked: an empty
    /// array does not know the sizes of its rows.
    pub(super) fn match_shape(
        &mut self,
        shape: &Shape,
        value: &Value,
        frame: &mut [Value],
    ) -> Eval<bool> {
        match (shape, value) {
            (Shape::Array(dims, elem), Value::Array(a)) => {
                for (i, (dim, n)) in dims.iter().zip(&a.shape).enumerate() {
                    match dim {
                        Dim::Bind(slot) => frame[*slot as usize] = Value::i64(*n),
                        Dim::Check(e)
                            if !a.shape[..i].contains(&0)
                                && self.eval_prim(e, frame)?.as_i64() != *n =>
                        {
                            return Ok(false);
                        }
                        _ => {}
                    }
                }
                if matches!(**elem, Shape::Other) {
                    return Ok(true);
                }
                let inner = a.shape.get(dims.len()..).unwrap_or(&[]);
                if !inner.is_empty() {
                    let row = Value::Array(Rc::new(Array::new(inner.to_vec(), Vec::new())));
                    let matches = self.match_shape(elem, &row, frame)?;
                    // Rows of an empty array bind sizes but are not checked.
                    return Ok(matches || a.shape[..dims.len().min(a.shape.len())].contains(&0));
                }
                match a.data.first() {
                    Some(first) => self.match_shape(elem, &first, frame),
                    None => Ok(true),
                }
            }
            (Shape::Tuple(items), Value::Tuple(values)) => {
                for (s, v) in items.iter().zip(values.iter()) {
                    if !self.match_shape(s, v, frame)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            (Shape::Acc(inner), Value::Sum(sum)) if &*sum.0 == super::accs::ACC => {
                self.match_shape(inner, &sum.1[0], frame)
            }
            (Shape::Record(fields), v) => {
                for (name, s) in fields {
                    if let Some(field) = v.field(name) {
                        if !self.match_shape(s, &field, frame)? {
                            return Ok(false);
                        }
                    }
                }
                Ok(true)
            }
            _ => Ok(true),
        }
    }

    /// The error for a value whose sizes differ from its annotation's.
    pub(super) fn shape_error(
        &mut self,
        value: &Value,
        shape: &Shape,
        note: &TypeNote,
        frame: &mut [Value],
    ) -> RuntimeError {
        let expected = match self.expected_dims(shape, value, frame) {
            Ok(dims) => dims,
            Err(e) => return e,
        };
        self.error(&note.loc, mismatch_message(value, &expected, &note.text))
    }

    /// The dimensions an annotation requires of a value (the value's own
    /// where the annotation does not say).
    fn expected_dims(&mut self, shape: &Shape, v: &Value, frame: &mut [Value]) -> Eval<Vec<i64>> {
        let mut dims: Vec<&Dim> = Vec::new();
        let mut part = shape;
        while let Shape::Array(outer, elem) = part {
            dims.extend(outer.iter());
            part = elem;
        }
        let actual = v.shape();
        let mut expected = Vec::with_capacity(dims.len());
        for (i, dim) in dims.iter().enumerate() {
            let want = match dim {
                Dim::Check(e) => Some(self.eval_prim(e, frame)?.as_i64()),
                _ => None,
            };
            expected.push(want.or(actual.get(i).copied()).unwrap_or(0));
        }
        Ok(expected)
    }

    pub(super) fn coerce(
        &mut self,
        v: Value,
        shape: &Shape,
        text: &str,
        loc: &Loc,
        frame: &mut [Value],
    ) -> Eval<Value> {
        // Tuples and records: each component against its type.
        match (shape, &v) {
            (Shape::Tuple(items), Value::Tuple(values)) => {
                for (s, part) in items.iter().zip(values.iter()) {
                    self.coerce(part.clone(), s, text, loc, frame)?;
                }
                return Ok(v);
            }
            (Shape::Record(fields), _) => {
                for (name, s) in fields {
                    if let Some(part) = v.field(name) {
                        self.coerce(part, s, text, loc, frame)?;
                    }
                }
                return Ok(v);
            }
            _ => {}
        }
        // `[n][m]t` may nest as `[n]` of `[m]t`: check every dimension.
        let expected = self.expected_dims(shape, &v, frame)?;
        let actual = v.shape();
        for (i, want) in expected.iter().enumerate() {
            match actual.get(i) {
                Some(n) if n != want => break,
                // The rows of an empty array have no sizes to check.
                Some(0) => return Ok(v),
                Some(_) => {}
                None if actual.contains(&0) => return Ok(v),
                None => break,
            }
            if i + 1 == expected.len() {
                return Ok(v);
            }
        }
        if expected.is_empty() {
            return Ok(v);
        }
        Err(self.error(loc, mismatch_message(&v, &expected, text)))
    }

    /// Gives empty arrays among `v` (or its components) the row sizes of
    /// `fixes`.
    pub(super) fn empty_rows(
        &mut self,
        v: Value,
        fixes: &[(Option<usize>, Vec<Expr>)],
        frame: &mut [Value],
    ) -> Eval<Value> {
        let mut v = v;
        for (component, dims) in fixes {
            let part = match component {
                Some(i) => v.field(&i.to_string()),
                None => Some(v.clone()),
            };
            let Some(Value::Array(a)) = part else {
                continue;
            };
            if a.shape[0] != 0 || !a.data.is_empty() {
                continue;
            }
            let mut shape = vec![0];
            for d in dims {
                shape.push(self.eval_prim(d, frame)?.as_i64());
            }
            let fixed = Value::Array(Rc::new(Array::new(shape, Vec::new())));
            v = match component {
                Some(i) => update_field(v, &[Rc::from(i.to_string())], fixed),
                None => fixed,
            };
        }
        Ok(v)
    }
}

/// Futhark's message for a value that does not have the sizes of its type
/// annotation: the annotation as written, then with the sizes filled in.
fn mismatch_message(v: &Value, expected: &[i64], text: &str) -> String {
    // The element type as written, when the type is written as an array.
    let elem = match text.starts_with('[') {
        true => text.rsplit(']').next().unwrap_or(""),
        false => "",
    };
    format!(
        "Value \"{}\" of shape \"{}\" cannot match shape of type \"{text}\" (\"{}{elem}\")",
        show_value_bare(v),
        crate::value::show_shape(v.shape()),
        crate::value::show_shape(expected),
    )
}
