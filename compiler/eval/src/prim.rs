//! Scalar operations with Futhark's semantics: wrapping integer arithmetic,
//! flooring `/` and `%` (truncating `//` and `%%`), shifts that saturate,
//! IEEE floats, and conversions between every pair of primitive types.

use runic_sema::types::PrimType;

use crate::value::Prim;

/// A binary operator on scalars.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Quot,
    Rem,
    Pow,
    Eq,
    Neq,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Xor,
    Shl,
    Shr,
    Lshr,
    Min,
    Max,
}

impl BinOp {
    /// The operator written infix in Futhark source.
    pub fn from_symbol(op: &str) -> Option<BinOp> {
        Some(match op {
            "+" => BinOp::Add,
            "-" => BinOp::Sub,
            "*" => BinOp::Mul,
            "/" => BinOp::Div,
            "%" => BinOp::Mod,
            "//" => BinOp::Quot,
            "%%" => BinOp::Rem,
            "**" => BinOp::Pow,
            "==" => BinOp::Eq,
            "!=" => BinOp::Neq,
            "<" => BinOp::Lt,
            "<=" => BinOp::Le,
            ">" => BinOp::Gt,
            ">=" => BinOp::Ge,
            "&" => BinOp::And,
            "|" => BinOp::Or,
            "^" => BinOp::Xor,
            "<<" => BinOp::Shl,
            ">>" => BinOp::Shr,
            ">>>" => BinOp::Lshr,
            _ => return None,
        })
    }

    /// The operator behind an intrinsic name such as `add` in `add_i32`.
    pub fn from_intrinsic(name: &str) -> Option<BinOp> {
        Some(match name {
            "add" => BinOp::Add,
            "sub" => BinOp::Sub,
            "mul" => BinOp::Mul,
            "div" => BinOp::Div,
            "mod" => BinOp::Mod,
            "quot" => BinOp::Quot,
            "rem" => BinOp::Rem,
            "pow" => BinOp::Pow,
            "eq" => BinOp::Eq,
            "neq" => BinOp::Neq,
            "lt" => BinOp::Lt,
            "le" => BinOp::Le,
            "gt" => BinOp::Gt,
            "ge" => BinOp::Ge,
            "and" => BinOp::And,
            "or" => BinOp::Or,
            "xor" => BinOp::Xor,
            "shl" => BinOp::Shl,
            "shr" => BinOp::Shr,
            "lshr" => BinOp::Lshr,
            "min" => BinOp::Min,
            "max" => BinOp::Max,
            _ => return None,
        })
    }
}

/// Why a scalar operation failed; the interpreter adds the location.
pub type OpError = String;

fn cannot_apply(a: Prim, b: Prim) -> OpError {
    format!(
        "Cannot apply operator to arguments \"{}\" and \"{}\".",
        crate::text::show_prim_bare(a),
        crate::text::show_prim_bare(b)
    )
}

/// Equality of scalars (IEEE for floats).
pub fn prim_eq(a: Prim, b: Prim) -> bool {
    match (a, b) {
        (Prim::F16(x), Prim::F16(y)) | (Prim::F32(x), Prim::F32(y)) => x == y,
        (Prim::F64(x), Prim::F64(y)) => x == y,
        _ => a == b,
    }
}

/// Integer division rounding down (`/` on integers); `y` is not zero.
macro_rules! floor_div {
    ($x:expr, $y:expr, $t:ty) => {{
        let (x, y): ($t, $t) = ($x, $y);
        let q = x.wrapping_div(y);
        let adjust = (x.wrapping_rem(y) != 0) && ((x < (0 as $t)) != (y < (0 as $t)));
        if adjust {
            q.wrapping_sub(1 as $t)
        } else {
            q
        }
    }};
}

/// The remainder of [`floor_div`] (`%` on integers), with the divisor's
/// sign; `y` is not zero.
macro_rules! floor_mod {
    ($x:expr, $y:expr, $t:ty) => {{
        let (x, y): ($t, $t) = ($x, $y);
        let r = x.wrapping_rem(y);
        let adjust = r != 0 && ((r < (0 as $t)) != (y < (0 as $t)));
        if adjust {
            r.wrapping_add(y)
        } else {
            r
        }
    }};
}

pub(crate) use {floor_div, floor_mod};

macro_rules! int_ops {
    ($op:expr, $x:expr, $y:expr, $a:expr, $b:expr, $ctor:path, $t:ty, $ut:ty) => {{
        let (x, y): ($t, $t) = ($x, $y);
        let bits = <$t>::BITS as i64;
        let r: Result<Prim, OpError> = match $op {
            BinOp::Add => Ok($ctor(x.wrapping_add(y))),
            BinOp::Sub => Ok($ctor(x.wrapping_sub(y))),
            BinOp::Mul => Ok($ctor(x.wrapping_mul(y))),
            BinOp::Div | BinOp::Mod | BinOp::Quot | BinOp::Rem if y == 0 => {
                Err(cannot_apply($a, $b))
            }
            BinOp::Div => Ok($ctor(floor_div!(x, y, $t))),
            BinOp::Mod => Ok($ctor(floor_mod!(x, y, $t))),
            BinOp::Quot => Ok($ctor(x.wrapping_div(y))),
            BinOp::Rem => Ok($ctor(x.wrapping_rem(y))),
            BinOp::Pow => {
                if y < (0 as $t) {
                    Err(cannot_apply($a, $b))
                } else {
                    let mut acc: $t = 1 as $t;
                    let mut base = x;
                    let mut e = y as u64;
                    while e > 0 {
                        if e & 1 == 1 {
                            acc = acc.wrapping_mul(base);
                        }
                        base = base.wrapping_mul(base);
                        e >>= 1;
                    }
                    Ok($ctor(acc))
                }
            }
            BinOp::Eq => Ok(Prim::Bool(x == y)),
            BinOp::Neq => Ok(Prim::Bool(x != y)),
            BinOp::Lt => Ok(Prim::Bool(x < y)),
            BinOp::Le => Ok(Prim::Bool(x <= y)),
            BinOp::Gt => Ok(Prim::Bool(x > y)),
            BinOp::Ge => Ok(Prim::Bool(x >= y)),
            BinOp::And => Ok($ctor(x & y)),
            BinOp::Or => Ok($ctor(x | y)),
            BinOp::Xor => Ok($ctor(x ^ y)),
            BinOp::Min => Ok($ctor(x.min(y))),
            BinOp::Max => Ok($ctor(x.max(y))),
            BinOp::Shl | BinOp::Shr | BinOp::Lshr => {
                let amount = y as i64;
                let (left, amount) = match $op {
                    BinOp::Shl => (amount >= 0, amount.unsigned_abs() as i64),
                    _ => (amount < 0, amount.unsigned_abs() as i64),
                };
                let logical = $op == BinOp::Lshr;
                Ok($ctor(if left {
                    if amount >= bits {
                        0 as $t
                    } else {
                        x << amount
                    }
                } else if logical {
                    if amount >= bits {
                        0 as $t
                    } else {
                        ((x as $ut) >> amount) as $t
                    }
                } else if amount >= bits {
                    if x < (0 as $t) {
                        (0 as $t).wrapping_sub(1 as $t)
                    } else {
                        0 as $t
                    }
                } else {
                    x >> amount
                }))
            }
        };
        r
    }};
}

macro_rules! float_ops {
    ($op:expr, $x:expr, $y:expr, $ctor:expr) => {{
        let (x, y) = ($x, $y);
        match $op {
            BinOp::Add => $ctor(x + y),
            BinOp::Sub => $ctor(x - y),
            BinOp::Mul => $ctor(x * y),
            BinOp::Div | BinOp::Quot => $ctor(x / y),
            BinOp::Mod => $ctor(x - y * (x / y).floor()),
            BinOp::Rem => $ctor(x % y),
            BinOp::Pow => $ctor(x.powf(y)),
            BinOp::Eq => Prim::Bool(x == y),
            BinOp::Neq => Prim::Bool(x != y),
            BinOp::Lt => Prim::Bool(x < y),
            BinOp::Le => Prim::Bool(x <= y),
            BinOp::Gt => Prim::Bool(x > y),
            BinOp::Ge => Prim::Bool(x >= y),
            BinOp::Min => $ctor(if x.is_nan() {
                y
            } else if y.is_nan() {
                x
            } else {
                x.min(y)
            }),
            BinOp::Max => $ctor(if x.is_nan() {
                y
            } else if y.is_nan() {
                x
            } else {
                x.max(y)
            }),
            BinOp::And | BinOp::Or | BinOp::Xor | BinOp::Shl | BinOp::Shr | BinOp::Lshr => {
                $ctor(f64::NAN as _)
            }
        }
    }};
}

/// Applies a binary operator; both operands have the same type (the checker
/// saw to it).
pub fn binop(op: BinOp, a: Prim, b: Prim) -> Result<Prim, OpError> {
    match (a, b) {
        (Prim::I8(x), Prim::I8(y)) => int_ops!(op, x, y, a, b, Prim::I8, i8, u8),
        (Prim::I16(x), Prim::I16(y)) => int_ops!(op, x, y, a, b, Prim::I16, i16, u16),
        (Prim::I32(x), Prim::I32(y)) => int_ops!(op, x, y, a, b, Prim::I32, i32, u32),
        (Prim::I64(x), Prim::I64(y)) => int_ops!(op, x, y, a, b, Prim::I64, i64, u64),
        (Prim::U8(x), Prim::U8(y)) => int_ops!(op, x, y, a, b, Prim::U8, u8, u8),
        (Prim::U16(x), Prim::U16(y)) => int_ops!(op, x, y, a, b, Prim::U16, u16, u16),
        (Prim::U32(x), Prim::U32(y)) => int_ops!(op, x, y, a, b, Prim::U32, u32, u32),
        (Prim::U64(x), Prim::U64(y)) => int_ops!(op, x, y, a, b, Prim::U64, u64, u64),
        (Prim::F16(x), Prim::F16(y)) => Ok(float_ops!(op, x, y, |v: f32| Prim::F16(round_f16(v)))),
        (Prim::F32(x), Prim::F32(y)) => Ok(float_ops!(op, x, y, Prim::F32)),
        (Prim::F64(x), Prim::F64(y)) => Ok(float_ops!(op, x, y, Prim::F64)),
        (Prim::Bool(x), Prim::Bool(y)) => Ok(match op {
            BinOp::Eq => Prim::Bool(x == y),
            BinOp::Neq => Prim::Bool(x != y),
            BinOp::Lt => Prim::Bool(!x & y),
            BinOp::Le => Prim::Bool(x <= y),
            BinOp::Gt => Prim::Bool(x & !y),
            BinOp::Ge => Prim::Bool(x >= y),
            BinOp::And | BinOp::Min => Prim::Bool(x & y),
            BinOp::Or | BinOp::Max => Prim::Bool(x | y),
            BinOp::Xor => Prim::Bool(x ^ y),
            _ => return Err(cannot_apply(a, b)),
        }),
        _ => Err(format!(
            "operator applied to values of different types: {} and {}",
            a.prim_type().name(),
            b.prim_type().name()
        )),
    }
}

/// Arithmetic negation (wrapping for integers; logical not for bools).
pub fn neg(a: Prim) -> Prim {
    match a {
        Prim::I8(x) => Prim::I8(x.wrapping_neg()),
        Prim::I16(x) => Prim::I16(x.wrapping_neg()),
        Prim::I32(x) => Prim::I32(x.wrapping_neg()),
        Prim::I64(x) => Prim::I64(x.wrapping_neg()),
        Prim::U8(x) => Prim::U8(x.wrapping_neg()),
        Prim::U16(x) => Prim::U16(x.wrapping_neg()),
        Prim::U32(x) => Prim::U32(x.wrapping_neg()),
        Prim::U64(x) => Prim::U64(x.wrapping_neg()),
        Prim::F16(x) => Prim::F16(-x),
        Prim::F32(x) => Prim::F32(-x),
        Prim::F64(x) => Prim::F64(-x),
        Prim::Bool(b) => Prim::Bool(!b),
    }
}

/// Bitwise complement (logical not for bools).
pub fn not(a: Prim) -> Prim {
    match a {
        Prim::I8(x) => Prim::I8(!x),
        Prim::I16(x) => Prim::I16(!x),
        Prim::I32(x) => Prim::I32(!x),
        Prim::I64(x) => Prim::I64(!x),
        Prim::U8(x) => Prim::U8(!x),
        Prim::U16(x) => Prim::U16(!x),
        Prim::U32(x) => Prim::U32(!x),
        Prim::U64(x) => Prim::U64(!x),
        Prim::Bool(b) => Prim::Bool(!b),
        float => float,
    }
}

/// Truncates a float towards zero and wraps it into 64 bits, as Futhark
/// converts floats to integers (NaN and infinities give zero).
fn float_to_bits64(x: f64) -> u64 {
    if !x.is_finite() {
        return 0;
    }
    let t = x.trunc();
    if (-9.2e18..9.2e18).contains(&t) {
        return t as i64 as u64;
    }
    let wrapped = x.trunc().rem_euclid(18446744073709551616.0);
    wrapped as u64
}

/// Converts a scalar to another primitive type.
pub fn convert(a: Prim, to: PrimType) -> Prim {
    if let Prim::Bool(b) = a {
        return match to {
            PrimType::Bool => Prim::Bool(b),
            t if t.is_float() => from_f64(b as u8 as f64, t),
            t => from_u64(b as u64, t),
        };
    }
    if to == PrimType::Bool {
        return Prim::Bool(match a {
            Prim::F16(x) | Prim::F32(x) => x != 0.0,
            Prim::F64(x) => x != 0.0,
            other => other.as_i64() != 0,
        });
    }
    if to.is_float() {
        return match a {
            Prim::U64(x) => from_f64(x as f64, to),
            Prim::F32(x) | Prim::F16(x) if to == PrimType::F32 => Prim::F32(x),
            other if !other.prim_type().is_float() => {
                // Large i64 to f32 must round once, not through f64.
                if to == PrimType::F32 {
                    Prim::F32(other.as_i64() as f32)
                } else {
                    from_f64(other.as_i64() as f64, to)
                }
            }
            other => from_f64(other.as_f64(), to),
        };
    }
    let bits = match a {
        Prim::F16(x) | Prim::F32(x) => float_to_bits64(x as f64),
        Prim::F64(x) => float_to_bits64(x),
        // Into an unsigned type, a signed source is zero-extended (`u32.i8
        // (-1)` is 255), as in Futhark.
        Prim::I8(x) if !to.is_signed() => x as u8 as u64,
        Prim::I16(x) if !to.is_signed() => x as u16 as u64,
        Prim::I32(x) if !to.is_signed() => x as u32 as u64,
        other => other.as_i64() as u64,
    };
    from_u64(bits, to)
}

fn from_u64(bits: u64, to: PrimType) -> Prim {
    match to {
        PrimType::I8 => Prim::I8(bits as i8),
        PrimType::I16 => Prim::I16(bits as i16),
        PrimType::I32 => Prim::I32(bits as i32),
        PrimType::I64 => Prim::I64(bits as i64),
        PrimType::U8 => Prim::U8(bits as u8),
        PrimType::U16 => Prim::U16(bits as u16),
        PrimType::U32 => Prim::U32(bits as u32),
        PrimType::U64 => Prim::U64(bits),
        PrimType::Bool => Prim::Bool(bits != 0),
        float => from_f64(bits as i64 as f64, float),
    }
}

/// A float of the given type from an `f64`.
pub fn from_f64(x: f64, to: PrimType) -> Prim {
    match to {
        PrimType::F16 => Prim::F16(round_f16(x as f32)),
        PrimType::F32 => Prim::F32(x as f32),
        PrimType::F64 => Prim::F64(x),
        other => convert(Prim::F64(x), other),
    }
}

/// Rounds an `f32` to the nearest half-precision value.
pub fn round_f16(x: f32) -> f32 {
    f16_bits_to_f32(f32_to_f16_bits(x))
}

/// The IEEE half-precision bit pattern nearest to `x` (ties to even).
pub fn f32_to_f16_bits(x: f32) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let mant = bits & 0x7f_ffff;
    if exp == 0xff {
        let nan = if mant != 0 { 0x200 } else { 0 };
        return sign | 0x7c00 | nan;
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = mant | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = m >> shift;
        let rest = m & ((1 << shift) - 1);
        let midpoint = 1 << (shift - 1);
        let round = rest > midpoint || (rest == midpoint && half & 1 == 1);
        return sign | (half + round as u32) as u16;
    }
    let half = ((e as u32) << 10) | (mant >> 13);
    let rest = mant & 0x1fff;
    let round = rest > 0x1000 || (rest == 0x1000 && half & 1 == 1);
    sign | (half + round as u32) as u16
}

/// The `f32` value of an IEEE half-precision bit pattern.
pub fn f16_bits_to_f32(h: u16) -> f32 {
    let sign = ((h & 0x8000) as u32) << 16;
    let exp = ((h >> 10) & 0x1f) as u32;
    let mant = (h & 0x3ff) as u32;
    let bits = if exp == 0 {
        if mant == 0 {
            sign
        } else {
            let value = mant as f32 / 1024.0 / 16384.0;
            return if sign != 0 { -value } else { value };
        }
    } else if exp == 0x1f {
        sign | 0x7f80_0000 | (mant << 13)
    } else {
        sign | ((exp + 127 - 15) << 23) | (mant << 13)
    };
    f32::from_bits(bits)
}
