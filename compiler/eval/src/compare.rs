//! Comparing results with expected values as `futhark test` does: shapes
//! and types exactly, integers exactly, floats within a relative tolerance
//! of 0.2% of the largest finite expected value (NaN equals NaN, infinities
//! of one sign are equal).

use crate::text::{show_prim, Typed};
use crate::value::{show_shape, Prim, Value};

/// The relative tolerance of float comparisons.
pub const TOLERANCE: f64 = 0.002;

/// The first difference between results and expected values, described.
pub fn first_mismatch(got: &[Value], expected: &[Typed]) -> Option<String> {
    if got.len() != expected.len() {
        return Some(format!(
            "expected {} values, got {}",
            expected.len(),
            got.len()
        ));
    }
    for (i, (g, e)) in got.iter().zip(expected).enumerate() {
        if let Some(why) = compare_value(g, &e.value) {
            return Some(format!("value #{i}: {why}"));
        }
    }
    None
}

fn flat(v: &Value) -> (Vec<i64>, Vec<Prim>) {
    match v {
        Value::Prim(p) => (Vec::new(), vec![*p]),
        Value::Array(a) => (
            a.shape.clone(),
            a.data.iter().filter_map(|v| v.as_prim()).collect(),
        ),
        _ => (Vec::new(), Vec::new()),
    }
}

/// Why two values differ, if they do.
pub fn compare_value(got: &Value, expected: &Value) -> Option<String> {
    let (got_shape, got_data) = flat(got);
    let (exp_shape, exp_data) = flat(expected);
    if got_shape != exp_shape {
        return Some(format!(
            "got an array of shape {}, expected shape {}",
            show_shape(&got_shape),
            show_shape(&exp_shape)
        ));
    }
    if let (Some(g), Some(e)) = (got_data.first(), exp_data.first()) {
        if g.prim_type() != e.prim_type() {
            return Some(format!(
                "got a value of type {}, expected {}",
                g.prim_type().name(),
                e.prim_type().name()
            ));
        }
    }
    let tolerance = exp_data
        .iter()
        .map(|p| p.as_f64())
        .filter(|x| x.is_finite())
        .fold(TOLERANCE, |t, x| t.max(TOLERANCE * x));
    for (j, (g, e)) in got_data.iter().zip(&exp_data).enumerate() {
        if !prims_match(*g, *e, tolerance) {
            let at = if got_shape.is_empty() {
                String::new()
            } else {
                format!("at {} ", index_of(j, &got_shape))
            };
            return Some(format!(
                "{at}got {}, expected {}",
                show_prim(*g),
                show_prim(*e)
            ));
        }
    }
    None
}

fn prims_match(got: Prim, expected: Prim, tolerance: f64) -> bool {
    if !got.prim_type().is_float() {
        return got == expected;
    }
    let (g, e) = (got.as_f64(), expected.as_f64());
    if g.is_nan() && e.is_nan() {
        return true;
    }
    if g.is_infinite() && e.is_infinite() {
        return g.signum() == e.signum();
    }
    (g - e).abs() <= tolerance
}

/// A flat index as a multi-dimensional one: `[1, 2]`.
fn index_of(mut flat: usize, shape: &[i64]) -> String {
    let mut index = vec![0; shape.len()];
    for d in (0..shape.len()).rev() {
        let n = shape[d].max(1) as usize;
        index[d] = flat % n;
        flat /= n;
    }
    format!("{index:?}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::binary::read_all;

    fn mismatch(got: &str, expected: &str) -> Option<String> {
        let got: Vec<Value> = read_all(got.as_bytes())
            .unwrap()
            .into_iter()
            .map(|t| t.value)
            .collect();
        first_mismatch(&got, &read_all(expected.as_bytes()).unwrap())
    }

    #[test]
    fn floats_within_tolerance_match() {
        // 0.2% of 1000 is 2: 1001.5 is close enough, 1003 is not.
        assert_eq!(mismatch("[1001.5f32, 0.0f32]", "[1000f32, 0.001f32]"), None);
        assert_eq!(
            mismatch("[1003f32, 0f32]", "[1000f32, 0f32]"),
            Some("value #0: at [0] got 1003.0f32, expected 1000.0f32".into())
        );
        assert_eq!(mismatch("f64.nan -f64.inf", "f64.nan -f64.inf"), None);
    }

    #[test]
    fn integers_shapes_and_types_must_match_exactly() {
        assert_eq!(
            mismatch("[[1,2],[3,5]]", "[[1,2],[3,4]]"),
            Some("value #0: at [1, 1] got 5i32, expected 4i32".into())
        );
        assert_eq!(
            mismatch("[1,2]", "[1,2,3]"),
            Some("value #0: got an array of shape [2], expected shape [3]".into())
        );
        assert_eq!(
            mismatch("1i64", "1i32"),
            Some("value #0: got a value of type i64, expected i32".into())
        );
        assert_eq!(
            mismatch("1 2", "1"),
            Some("expected 1 values, got 2".into())
        );
    }
}
