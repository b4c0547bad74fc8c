//! The built-in operations behind `intrinsics.NAME` (typed in the prelude's
//! `intrinsics.fut`): names to [`Builtin`]s, their arities, and the scalar
//! ones' implementations. Array operations that call functions (map,
//! reduce, ...) run in `interp::soacs`.

use runic_sema::types::PrimType;

use crate::prim::{self, BinOp};
use crate::value::Prim;

/// A unary floating-point function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Float1 {
    Sqrt,
    Cbrt,
    Exp,
    Log,
    Log2,
    Log10,
    Log1p,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Sinh,
    Cosh,
    Tanh,
    Asinh,
    Acosh,
    Atanh,
    Round,
    Ceil,
    Floor,
    Trunc,
    Gamma,
    Lgamma,
    Erf,
    Erfc,
}

/// A binary floating-point function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Float2 {
    Atan2,
    Hypot,
    Copysign,
    Nextafter,
    Ldexp,
}

/// A built-in operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Builtin {
    Bin(BinOp),
    Neg,
    Not,
    Abs,
    Sgn,
    Popc,
    Clz,
    Ctz,
    MulHi,
    MadHi,
    Float1(Float1),
    Float2(Float2),
    Fma,
    Lerp,
    IsNan,
    IsInf,
    ToBits,
    FromBits(PrimType),
    Convert(PrimType),
    Map,
    Reduce,
    /// `reduce_comm`: a reduction whose operator the programmer declares
    /// commutative (evaluated as `reduce`; backends may reorder).
    ReduceComm,
    Scan,
    Partition,
    Scatter(u8),
    ReduceByIndex(u8),
    Iota,
    Replicate,
    Copy,
    Flatten,
    Unflatten,
    Concat,
    Transpose,
    Rotate,
    Zip,
    Unzip,
    Identity,
    Trace,
    Jvp2,
    Vjp2,
    /// `acc_write`: a write through an accumulator.
    AccWrite,
    /// `scatter_stream` (no operator) and `hist_stream` (with one).
    AccStream {
        hist: bool,
    },
    /// `flat_index_Nd`, with N dimensions.
    FlatIndex(u8),
    /// `flat_update_Nd`, with N dimensions.
    FlatUpdate(u8),
}

/// What `intrinsics.NAME` denotes: an operation or a constant.
pub enum Intrinsic {
    Op(Builtin),
    Const(Prim),
}

impl Builtin {
    /// How many arguments the operation takes before it runs.
    pub fn arity(self) -> usize {
        match self {
            Builtin::Bin(_)
            | Builtin::MulHi
            | Builtin::Float2(_)
            | Builtin::Map
            | Builtin::Replicate
            | Builtin::Concat
            | Builtin::Rotate
            | Builtin::Zip => 2,
            Builtin::MadHi
            | Builtin::Fma
            | Builtin::Lerp
            | Builtin::Reduce
            | Builtin::ReduceComm
            | Builtin::Scan
            | Builtin::Partition
            | Builtin::Scatter(_)
            | Builtin::Jvp2
            | Builtin::Vjp2
            | Builtin::AccWrite
            | Builtin::AccStream { hist: false } => 3,
            Builtin::ReduceByIndex(_) | Builtin::AccStream { hist: true } => 5,
            Builtin::FlatIndex(rank) => 2 + 2 * rank as usize,
            Builtin::FlatUpdate(rank) => 3 + rank as usize,
            _ => 1,
        }
    }

    /// Whether the operation works on scalars only.
    pub fn is_scalar(self) -> bool {
        !matches!(
            self,
            Builtin::Map
                | Builtin::Reduce
                | Builtin::ReduceComm
                | Builtin::Scan
                | Builtin::Partition
                | Builtin::Scatter(_)
                | Builtin::ReduceByIndex(_)
                | Builtin::Iota
                | Builtin::Replicate
                | Builtin::Copy
                | Builtin::Flatten
                | Builtin::Unflatten
                | Builtin::Concat
                | Builtin::Transpose
                | Builtin::Rotate
                | Builtin::Zip
                | Builtin::Unzip
                | Builtin::Identity
                | Builtin::Trace
                | Builtin::Jvp2
                | Builtin::Vjp2
                | Builtin::AccWrite
                | Builtin::AccStream { .. }
                | Builtin::FlatIndex(_)
                | Builtin::FlatUpdate(_)
        )
    }
}

/// Resolves an intrinsic's name.
pub fn lookup(name: &str) -> Option<Intrinsic> {
    let array_op = match name {
        "map" => Some(Builtin::Map),
        "reduce" => Some(Builtin::Reduce),
        "reduce_comm" => Some(Builtin::ReduceComm),
        "scan" => Some(Builtin::Scan),
        "partition" => Some(Builtin::Partition),
        "scatter" => Some(Builtin::Scatter(1)),
        "scatter_2d" => Some(Builtin::Scatter(2)),
        "scatter_3d" => Some(Builtin::Scatter(3)),
        "reduce_by_index" => Some(Builtin::ReduceByIndex(1)),
        "reduce_by_index_2d" => Some(Builtin::ReduceByIndex(2)),
        "reduce_by_index_3d" => Some(Builtin::ReduceByIndex(3)),
        "iota" => Some(Builtin::Iota),
        "replicate" => Some(Builtin::Replicate),
        "copy" | "manifest" => Some(Builtin::Copy),
        "flatten" => Some(Builtin::Flatten),
        "unflatten" => Some(Builtin::Unflatten),
        "concat" => Some(Builtin::Concat),
        "transpose" => Some(Builtin::Transpose),
        "rotate" => Some(Builtin::Rotate),
        "zip" => Some(Builtin::Zip),
        "unzip" => Some(Builtin::Unzip),
        "opaque" | "break" => Some(Builtin::Identity),
        "trace" => Some(Builtin::Trace),
        "jvp2" => Some(Builtin::Jvp2),
        "vjp2" => Some(Builtin::Vjp2),
        "acc_write" => Some(Builtin::AccWrite),
        "scatter_stream" => Some(Builtin::AccStream { hist: false }),
        "hist_stream" => Some(Builtin::AccStream { hist: true }),
        "flat_index_2d" => Some(Builtin::FlatIndex(2)),
        "flat_index_3d" => Some(Builtin::FlatIndex(3)),
        "flat_index_4d" => Some(Builtin::FlatIndex(4)),
        "flat_update_2d" => Some(Builtin::FlatUpdate(2)),
        "flat_update_3d" => Some(Builtin::FlatUpdate(3)),
        "flat_update_4d" => Some(Builtin::FlatUpdate(4)),
        _ => None,
    };
    if let Some(op) = array_op {
        return Some(Intrinsic::Op(op));
    }
    let (op, ty) = name.rsplit_once('_')?;
    let t = PrimType::from_name(ty)?;
    if let Some(source) = op.strip_prefix("from_") {
        if source == "bits" {
            return Some(Intrinsic::Op(Builtin::FromBits(t)));
        }
        PrimType::from_name(source)?;
        return Some(Intrinsic::Op(Builtin::Convert(t)));
    }
    scalar_op(op, t)
}

fn scalar_op(op: &str, t: PrimType) -> Option<Intrinsic> {
    use Float1::*;
    let constant = |p: Prim| Some(Intrinsic::Const(p));
    let builtin = match op {
        "highest" => return constant(extreme(t, true)),
        "lowest" => return constant(extreme(t, false)),
        "nan" => return constant(prim::from_f64(f64::NAN, t)),
        "inf" => return constant(prim::from_f64(f64::INFINITY, t)),
        "neg" => Builtin::Neg,
        "not" => Builtin::Not,
        "abs" => Builtin::Abs,
        "sgn" => Builtin::Sgn,
        "popc" => Builtin::Popc,
        "clz" => Builtin::Clz,
        "ctz" => Builtin::Ctz,
        "mul_hi" => Builtin::MulHi,
        "mad_hi" => Builtin::MadHi,
        "fma" | "mad" => Builtin::Fma,
        "lerp" => Builtin::Lerp,
        "isnan" => Builtin::IsNan,
        "isinf" => Builtin::IsInf,
        "to_bits" => Builtin::ToBits,
        "atan2" => Builtin::Float2(Float2::Atan2),
        "hypot" => Builtin::Float2(Float2::Hypot),
        "copysign" => Builtin::Float2(Float2::Copysign),
        "nextafter" => Builtin::Float2(Float2::Nextafter),
        "ldexp" => Builtin::Float2(Float2::Ldexp),
        other => {
            if let Some(bin) = BinOp::from_intrinsic(other) {
                Builtin::Bin(bin)
            } else {
                Builtin::Float1(match other {
                    "sqrt" => Sqrt,
                    "cbrt" => Cbrt,
                    "exp" => Exp,
                    "log" => Log,
                    "log2" => Log2,
                    "log10" => Log10,
                    "log1p" => Log1p,
                    "sin" => Sin,
                    "cos" => Cos,
                    "tan" => Tan,
                    "asin" => Asin,
                    "acos" => Acos,
                    "atan" => Atan,
                    "sinh" => Sinh,
                    "cosh" => Cosh,
                    "tanh" => Tanh,
                    "asinh" => Asinh,
                    "acosh" => Acosh,
                    "atanh" => Atanh,
                    "round" => Round,
                    "ceil" => Ceil,
                    "floor" => Floor,
                    "trunc" => Trunc,
                    "gamma" => Gamma,
                    "lgamma" => Lgamma,
                    "erf" => Erf,
                    "erfc" => Erfc,
                    _ => return None,
                })
            }
        }
    };
    Some(Intrinsic::Op(builtin))
}

/// The largest (or smallest) value of a type; infinities for floats.
fn extreme(t: PrimType, highest: bool) -> Prim {
    let inf = if highest {
        f64::INFINITY
    } else {
        f64::NEG_INFINITY
    };
    match (t, highest) {
        (PrimType::I8, true) => Prim::I8(i8::MAX),
        (PrimType::I8, false) => Prim::I8(i8::MIN),
        (PrimType::I16, true) => Prim::I16(i16::MAX),
        (PrimType::I16, false) => Prim::I16(i16::MIN),
        (PrimType::I32, true) => Prim::I32(i32::MAX),
        (PrimType::I32, false) => Prim::I32(i32::MIN),
        (PrimType::I64, true) => Prim::I64(i64::MAX),
        (PrimType::I64, false) => Prim::I64(i64::MIN),
        (PrimType::U8, true) => Prim::U8(u8::MAX),
        (PrimType::U16, true) => Prim::U16(u16::MAX),
        (PrimType::U32, true) => Prim::U32(u32::MAX),
        (PrimType::U64, true) => Prim::U64(u64::MAX),
        (PrimType::Bool, h) => Prim::Bool(h),
        (t, _) if t.is_float() => prim::from_f64(inf, t),
        (t, _) => Prim::zero(t),
    }
}

/// Runs a scalar builtin on its arguments.
pub fn apply_scalar(op: Builtin, args: &[Prim]) -> Result<Prim, String> {
    let a = args[0];
    Ok(match op {
        Builtin::Bin(bin) => prim::binop(bin, a, args[1])?,
        Builtin::Neg => prim::neg(a),
        Builtin::Not => prim::not(a),
        Builtin::Abs => abs(a),
        Builtin::Sgn => sgn(a),
        Builtin::Popc | Builtin::Clz | Builtin::Ctz => Prim::I32(bit_count(op, a)),
        Builtin::MulHi => mul_hi(a, args[1]),
        Builtin::MadHi => prim::binop(BinOp::Add, mul_hi(a, args[1]), args[2])?,
        Builtin::Float1(f) => float1(f, a),
        Builtin::Float2(f) => float2(f, a, args[1]),
        Builtin::Fma => prim::binop(BinOp::Add, prim::binop(BinOp::Mul, a, args[1])?, args[2])?,
        Builtin::Lerp => {
            let (v0, v1, t) = (a.as_f64(), args[1].as_f64(), args[2].as_f64());
            prim::from_f64(v0 + (v1 - v0) * t, a.prim_type())
        }
        Builtin::IsNan => Prim::Bool(a.as_f64().is_nan()),
        Builtin::IsInf => Prim::Bool(a.as_f64().is_infinite()),
        Builtin::ToBits => match a {
            Prim::F16(x) => Prim::U16(prim::f32_to_f16_bits(x)),
            Prim::F32(x) => Prim::U32(x.to_bits()),
            Prim::F64(x) => Prim::U64(x.to_bits()),
            other => other,
        },
        Builtin::FromBits(t) => match (t, a) {
            (PrimType::F16, p) => Prim::F16(prim::f16_bits_to_f32(p.as_i64() as u16)),
            (PrimType::F32, p) => Prim::F32(f32::from_bits(p.as_i64() as u32)),
            (_, p) => Prim::F64(f64::from_bits(p.as_i64() as u64)),
        },
        Builtin::Convert(t) => prim::convert(a, t),
        other => return Err(format!("{other:?} is not a scalar operation")),
    })
}

fn abs(a: Prim) -> Prim {
    match a {
        Prim::I8(x) => Prim::I8(x.wrapping_abs()),
        Prim::I16(x) => Prim::I16(x.wrapping_abs()),
        Prim::I32(x) => Prim::I32(x.wrapping_abs()),
        Prim::I64(x) => Prim::I64(x.wrapping_abs()),
        Prim::F16(x) => Prim::F16(x.abs()),
        Prim::F32(x) => Prim::F32(x.abs()),
        Prim::F64(x) => Prim::F64(x.abs()),
        unsigned => unsigned,
    }
}

fn sgn(a: Prim) -> Prim {
    let t = a.prim_type();
    if t.is_float() {
        let x = a.as_f64();
        let s = if x.is_nan() {
            x
        } else if x > 0.0 {
            1.0
        } else if x < 0.0 {
            -1.0
        } else {
            0.0
        };
        return prim::from_f64(s, t);
    }
    let s = if t.is_signed() {
        a.as_i64().signum()
    } else {
        (a.as_i64() != 0) as i64
    };
    prim::convert(Prim::I64(s), t)
}

fn bit_count(op: Builtin, a: Prim) -> i32 {
    let (bits, width) = match a {
        Prim::I8(x) => (x as u8 as u64, 8),
        Prim::U8(x) => (x as u64, 8),
        Prim::I16(x) => (x as u16 as u64, 16),
        Prim::U16(x) => (x as u64, 16),
        Prim::I32(x) => (x as u32 as u64, 32),
        Prim::U32(x) => (x as u64, 32),
        Prim::I64(x) => (x as u64, 64),
        Prim::U64(x) => (x, 64),
        _ => (0, 64),
    };
    match op {
        Builtin::Popc => bits.count_ones() as i32,
        Builtin::Clz => (bits.leading_zeros() - (64 - width)) as i32,
        _ => bits.trailing_zeros().min(width) as i32,
    }
}

fn mul_hi(a: Prim, b: Prim) -> Prim {
    let t = a.prim_type();
    let width = match t {
        PrimType::I8 | PrimType::U8 => 8,
        PrimType::I16 | PrimType::U16 => 16,
        PrimType::I32 | PrimType::U32 => 32,
        _ => 64,
    };
    let wide = if t.is_signed() {
        (a.as_i64() as i128 * b.as_i64() as i128) >> width
    } else {
        let (x, y) = (
            a.as_i64() as u64 as u128 & mask(width),
            b.as_i64() as u64 as u128 & mask(width),
        );
        ((x * y) >> width) as i128
    };
    prim::convert(Prim::U64(wide as u64), t)
}

fn mask(width: u32) -> u128 {
    (1u128 << width) - 1
}

fn float1(f: Float1, a: Prim) -> Prim {
    use Float1::*;
    let x = a.as_f64();
    let y = match f {
        Sqrt => x.sqrt(),
        Cbrt => x.cbrt(),
        Exp => x.exp(),
        Log => x.ln(),
        Log2 => x.log2(),
        Log10 => x.log10(),
        Log1p => x.ln_1p(),
        Sin => x.sin(),
        Cos => x.cos(),
        Tan => x.tan(),
        Asin => x.asin(),
        Acos => x.acos(),
        Atan => x.atan(),
        Sinh => x.sinh(),
        Cosh => x.cosh(),
        Tanh => x.tanh(),
        Asinh => x.asinh(),
        Acosh => x.acosh(),
        Atanh => x.atanh(),
        Round => x.round_ties_even(),
        Ceil => x.ceil(),
        Floor => x.floor(),
        Trunc => x.trunc(),
        Gamma => crate::special::gamma(x),
        Lgamma => crate::special::lgamma(x),
        Erf => crate::special::erf(x),
        Erfc => crate::special::erfc(x),
    };
    prim::from_f64(y, a.prim_type())
}

fn float2(f: Float2, a: Prim, b: Prim) -> Prim {
    let t = a.prim_type();
    let (x, y) = (a.as_f64(), b.as_f64());
    let r = match f {
        Float2::Atan2 => x.atan2(y),
        Float2::Hypot => x.hypot(y),
        Float2::Copysign => x.copysign(y),
        Float2::Ldexp => x * 2f64.powi(b.as_i64().clamp(-2000, 2000) as i32),
        Float2::Nextafter => return nextafter(a, b),
    };
    prim::from_f64(r, t)
}

fn nextafter(a: Prim, b: Prim) -> Prim {
    match (a, b) {
        (Prim::F32(x), Prim::F32(y)) => Prim::F32(step_f32(x, y)),
        (Prim::F64(x), Prim::F64(y)) => {
            let r = if x.is_nan() || y.is_nan() {
                f64::NAN
            } else if x == y {
                y
            } else if x == 0.0 {
                f64::from_bits(1).copysign(y)
            } else if (y > x) == (x > 0.0) {
                f64::from_bits(x.to_bits() + 1)
            } else {
                f64::from_bits(x.to_bits() - 1)
            };
            Prim::F64(r)
        }
        (Prim::F16(x), Prim::F16(y)) => {
            let bits = prim::f32_to_f16_bits(x);
            let r = if x.is_nan() || y.is_nan() || x == y {
                if x.is_nan() {
                    x
                } else {
                    y
                }
            } else if x == 0.0 {
                prim::f16_bits_to_f32(1).copysign(y)
            } else if (y > x) == (x > 0.0) {
                prim::f16_bits_to_f32(bits + 1)
            } else {
                prim::f16_bits_to_f32(bits - 1)
            };
            Prim::F16(r)
        }
        (other, _) => other,
    }
}

fn step_f32(x: f32, y: f32) -> f32 {
    if x.is_nan() || y.is_nan() {
        f32::NAN
    } else if x == y {
        y
    } else if x == 0.0 {
        f32::from_bits(1).copysign(y)
    } else if (y > x) == (x > 0.0) {
        f32::from_bits(x.to_bits() + 1)
    } else {
        f32::from_bits(x.to_bits() - 1)
    }
}
