//! Values for `random input { [100][20]f32 i64 }`: a small deterministic
//! generator (xorshift) so test runs are reproducible. Integers range over
//! their whole type, floats over [0, 1), as `futhark dataset` does by
//! default. Constants (`10i64`, `2.5f32`) stand for themselves.

use std::rc::Rc;

use runic_sema::types::PrimType;

use crate::prim;
use crate::text::{parse_scalar, Typed};
use crate::value::{Array, Prim, Value};

/// A xorshift64* generator.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn prim(&mut self, t: PrimType) -> Prim {
        let bits = self.next();
        match t {
            PrimType::Bool => Prim::Bool(bits & 1 == 1),
            t if t.is_float() => prim::from_f64((bits >> 11) as f64 / (1u64 << 53) as f64, t),
            t => prim::convert(Prim::U64(bits), t),
        }
    }
}

/// Generates one value per type in `types` (whitespace-separated).
pub fn generate(types: &str, rng: &mut Rng) -> Result<Vec<Typed>, String> {
    types
        .split_whitespace()
        .map(|t| generate_one(t, rng))
        .collect()
}

fn generate_one(text: &str, rng: &mut Rng) -> Result<Typed, String> {
    let mut shape = Vec::new();
    let mut rest = text;
    while let Some(after) = rest.strip_prefix('[') {
        let end = after
            .find(']')
            .ok_or_else(|| format!("unclosed `[` in `{text}`"))?;
        let dim: i64 = after[..end]
            .trim()
            .trim_end_matches("i64")
            .parse()
            .map_err(|_| format!("bad dimension in `{text}`"))?;
        shape.push(dim);
        rest = &after[end + 1..];
    }
    if let Some(t) = PrimType::from_name(rest) {
        let count: i64 = shape.iter().product();
        let data: Vec<Value> = (0..count).map(|_| Value::Prim(rng.prim(t))).collect();
        let value = if shape.is_empty() {
            data.into_iter().next().expect("one scalar")
        } else {
            Value::Array(Rc::new(Array::new(shape, data)))
        };
        return Ok(Typed { value, prim: t });
    }
    if shape.is_empty() {
        let negative = rest.starts_with('-');
        if let Some(p) = parse_scalar(rest.trim_start_matches('-'), negative) {
            return Ok(Typed {
                value: Value::Prim(p),
                prim: p.prim_type(),
            });
        }
    }
    Err(format!("cannot generate a random value of type `{text}`"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_types_and_ranges() {
        let mut rng = Rng::new(7);
        let values = generate("[3][2]f32 i64 5i32", &mut rng).unwrap();
        assert_eq!(values[0].value.shape(), &[3, 2]);
        assert_eq!(values[0].prim, PrimType::F32);
        let Value::Array(a) = &values[0].value else {
            panic!("not an array")
        };
        assert!(a
            .data
            .iter()
            .all(|v| matches!(v, Value::Prim(Prim::F32(x)) if (0.0..1.0).contains(&x))));
        assert_eq!(values[1].prim, PrimType::I64);
        assert_eq!(values[2].value, Value::Prim(Prim::I32(5)));
        assert!(generate("[2]foo", &mut rng).is_err());
    }
}
