//! Scalars in OpenCL C: types, constants, and the prelude of functions
//! that give every scalar operation the interpreter's semantics (integer
//! arithmetic wraps, `/` and `%` round towards negative infinity, shifts by
//! any amount, conversions of floats to integers through 64 bits; division
//! by zero gives zero instead of failing).

use std::fmt::Write;

use runic_eval::builtins::{Builtin, Float1, Float2};
use runic_eval::prim::BinOp;
use runic_eval::value::Prim;
use runic_sema::types::PrimType;

/// The OpenCL C type that holds a primitive type (`bool` as `uchar`).
pub fn c_type(t: PrimType) -> &'static str {
    match t {
        PrimType::I8 => "char",
        PrimType::I16 => "short",
        PrimType::I32 => "int",
        PrimType::I64 => "long",
        PrimType::U8 | PrimType::Bool => "uchar",
        PrimType::U16 => "ushort",
        PrimType::U32 => "uint",
        PrimType::U64 => "ulong",
        PrimType::F16 | PrimType::F32 => "float",
        PrimType::F64 => "double",
    }
}

/// The suffix of the prelude's functions for a type.
fn suffix(t: PrimType) -> &'static str {
    t.name()
}

/// The unsigned type of an integer type's width.
fn unsigned(t: PrimType) -> &'static str {
    match t {
        PrimType::I8 | PrimType::U8 | PrimType::Bool => "uchar",
        PrimType::I16 | PrimType::U16 => "ushort",
        PrimType::I32 | PrimType::U32 => "uint",
        _ => "ulong",
    }
}

fn bits(t: PrimType) -> u32 {
    match t {
        PrimType::I8 | PrimType::U8 | PrimType::Bool => 8,
        PrimType::I16 | PrimType::U16 | PrimType::F16 => 16,
        PrimType::I32 | PrimType::U32 | PrimType::F32 => 32,
        _ => 64,
    }
}

/// The size in bytes of an element as stored on the device.
pub fn size_of(t: PrimType) -> usize {
    match t {
        PrimType::F16 => 4,
        other => bits(other) as usize / 8,
    }
}

/// A constant, exact (floats by their bits).
pub fn constant(c: Prim) -> String {
    let t = c.prim_type();
    match c {
        Prim::Bool(b) => format!("((uchar){})", b as u8),
        Prim::F16(x) | Prim::F32(x) => format!("as_float((uint)0x{:x}u)", x.to_bits()),
        Prim::F64(x) => format!("as_double((ulong)0x{:x}ul)", x.to_bits()),
        other => format!("(({})0x{:x}ul)", c_type(t), other.as_i64() as u64 & mask(t)),
    }
}

fn mask(t: PrimType) -> u64 {
    match bits(t) {
        64 => u64::MAX,
        b => (1u64 << b) - 1,
    }
}

/// The prelude every program starts with.
pub fn prelude() -> String {
    let mut s = String::from(
        "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n\
         #pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n\
         static inline float rf16(float x) { ushort b; vstore_half_rte(x, 0, (__private half*)&b); return vload_half(0, (__private const half*)&b); }\n\
         static inline ushort f16bits(float x) { ushort b; vstore_half_rte(x, 0, (__private half*)&b); return b; }\n\
         static inline float f16from(ushort b) { return vload_half(0, (__private const half*)&b); }\n\
         static inline ulong f2bits(double x) {\n\
         \x20 if (isnan(x) || isinf(x)) return 0;\n\
         \x20 double t = trunc(x);\n\
         \x20 if (t > -9.2e18 && t < 9.2e18) return (ulong)(long)t;\n\
         \x20 double w = fmod(t, 18446744073709551616.0);\n\
         \x20 if (w < 0) w += 18446744073709551616.0;\n\
         \x20 return (ulong)w;\n\
         }\n",
    );
    for t in PrimType::INTEGRAL {
        int_ops(&mut s, t);
    }
    for t in [PrimType::F32, PrimType::F64] {
        float_ops(&mut s, t);
    }
    s
}

fn int_ops(s: &mut String, t: PrimType) {
    let (ty, ut, sx, b) = (c_type(t), unsigned(t), suffix(t), bits(t));
    let signed = t.is_signed();
    let _ = writeln!(
        s,
        "static inline {ty} add_{sx}({ty} x, {ty} y) {{ return ({ty})(({ut})x + ({ut})y); }}\n\
         static inline {ty} sub_{sx}({ty} x, {ty} y) {{ return ({ty})(({ut})x - ({ut})y); }}\n\
         static inline {ty} mul_{sx}({ty} x, {ty} y) {{ return ({ty})(({ut})x * ({ut})y); }}\n\
         static inline {ty} neg_{sx}({ty} x) {{ return ({ty})(-({ut})x); }}\n\
         static inline {ty} pow_{sx}({ty} x, {ty} y) {{ {ty} acc = 1; ulong e = (ulong)y; if (y < 0) return 0; while (e > 0) {{ if (e & 1) acc = mul_{sx}(acc, x); x = mul_{sx}(x, x); e >>= 1; }} return acc; }}\n\
         static inline {ty} shift_{sx}({ty} x, long a, int left, int logical) {{\n\
         \x20 if (left) return a >= {b} ? 0 : ({ty})(({ut})x << a);\n\
         \x20 if (logical) return a >= {b} ? 0 : ({ty})(({ut})x >> a);\n\
         \x20 if (a >= {b}) return x < 0 ? ({ty})-1 : 0;\n\
         \x20 return x >> a; }}\n\
         static inline {ty} shl_{sx}({ty} x, {ty} y) {{ long a = (long)y; return a >= 0 ? shift_{sx}(x, a, 1, 0) : shift_{sx}(x, -a, 0, 0); }}\n\
         static inline {ty} shr_{sx}({ty} x, {ty} y) {{ long a = (long)y; return a >= 0 ? shift_{sx}(x, a, 0, 0) : shift_{sx}(x, -a, 1, 0); }}\n\
         static inline {ty} lshr_{sx}({ty} x, {ty} y) {{ long a = (long)y; return a >= 0 ? shift_{sx}(x, a, 0, 1) : shift_{sx}(x, -a, 1, 0); }}\n\
         static inline int ctz_{sx}({ty} x) {{ return x == 0 ? {b} : (int)popcount(({ut})((({ut})x & -({ut})x) - 1)); }}"
    );
    if signed {
        let _ = writeln!(
            s,
            "static inline {ty} div_{sx}({ty} x, {ty} y) {{ if (y == 0) return 0; if (y == -1) return neg_{sx}(x); {ty} q = x / y; {ty} r = x % y; return (r != 0 && ((r < 0) != (y < 0))) ? q - 1 : q; }}\n\
             static inline {ty} mod_{sx}({ty} x, {ty} y) {{ if (y == 0 || y == -1) return 0; {ty} r = x % y; return (r != 0 && ((r < 0) != (y < 0))) ? r + y : r; }}\n\
             static inline {ty} quot_{sx}({ty} x, {ty} y) {{ if (y == 0) return 0; if (y == -1) return neg_{sx}(x); return x / y; }}\n\
             static inline {ty} rem_{sx}({ty} x, {ty} y) {{ if (y == 0 || y == -1) return 0; return x % y; }}\n\
             static inline {ty} abs_{sx}({ty} x) {{ return x < 0 ? neg_{sx}(x) : x; }}\n\
             static inline {ty} sgn_{sx}({ty} x) {{ return ({ty})((x > 0) - (x < 0)); }}"
        );
    } else {
        let _ = writeln!(
            s,
            "static inline {ty} div_{sx}({ty} x, {ty} y) {{ return y == 0 ? 0 : x / y; }}\n\
             static inline {ty} mod_{sx}({ty} x, {ty} y) {{ return y == 0 ? 0 : x % y; }}\n\
             static inline {ty} quot_{sx}({ty} x, {ty} y) {{ return y == 0 ? 0 : x / y; }}\n\
             static inline {ty} rem_{sx}({ty} x, {ty} y) {{ return y == 0 ? 0 : x % y; }}\n\
             static inline {ty} abs_{sx}({ty} x) {{ return x; }}\n\
             static inline {ty} sgn_{sx}({ty} x) {{ return ({ty})(x > 0); }}"
        );
    }
    for (name, bad) in [
        ("div", "y == 0"),
        ("mod", "y == 0"),
        ("quot", "y == 0"),
        ("rem", "y == 0"),
        ("pow", "y < 0"),
    ] {
        let _ = writeln!(
            s,
            "static inline {ty} {name}_chk_{sx}({ty} x, {ty} y, __global int* f, __global long* d, int id) {{ if (({bad}) && atomic_cmpxchg(f, 0, id) == 0) {{ d[0] = (long)x; d[1] = (long)y; }} return {name}_{sx}(x, y); }}"
        );
    }
}

/// The checked function of an integer operation that can fail, if `op`
/// is one.
pub fn checked(op: Builtin, t: PrimType) -> Option<String> {
    let Builtin::Bin(b) = op else {
        return None;
    };
    if !PrimType::INTEGRAL.contains(&t) {
        return None;
    }
    let name = match b {
        BinOp::Div => "div",
        BinOp::Mod => "mod",
        BinOp::Quot => "quot",
        BinOp::Rem => "rem",
        BinOp::Pow if t.is_signed() => "pow",
        _ => return None,
    };
    Some(format!("{name}_chk_{}", suffix(t)))
}

fn float_ops(s: &mut String, t: PrimType) {
    let (ty, sx) = (c_type(t), suffix(t));
    let _ = writeln!(
        s,
        "static inline {ty} mod_{sx}({ty} x, {ty} y) {{ return x - y * floor(x / y); }}\n\
         static inline {ty} sgn_{sx}({ty} x) {{ return isnan(x) ? x : (x > 0 ? 1 : (x < 0 ? -1 : 0)); }}\n\
         static inline {ty} lerp_{sx}({ty} a, {ty} b, {ty} t) {{ return a + (b - a) * t; }}"
    );
}

/// The C expression of a scalar operation on operands of the given types.
pub fn op(op: Builtin, args: &[String], types: &[PrimType]) -> Result<String, String> {
    let t = types.first().copied().unwrap_or(PrimType::Bool);
    let a = |i: usize| args[i].as_str();
    let sx = suffix(t);
    let ty = c_type(t);
    if types.contains(&PrimType::F16)
        || matches!(
            op,
            Builtin::Convert(PrimType::F16) | Builtin::FromBits(PrimType::F16)
        )
    {
        return half(op, args, types);
    }
    let float = t.is_float();
    let boolean = t == PrimType::Bool;
    Ok(match op {
        Builtin::Bin(b) => {
            let (x, y) = (a(0), a(1));
            let cmp = |o: &str| format!("((uchar)({x} {o} {y}))");
            match b {
                BinOp::Eq => cmp("=="),
                BinOp::Neq => cmp("!="),
                BinOp::Lt if boolean => format!("((uchar)(!{x} & {y}))"),
                BinOp::Gt if boolean => format!("((uchar)({x} & !{y}))"),
                BinOp::Lt => cmp("<"),
                BinOp::Le => cmp("<="),
                BinOp::Gt => cmp(">"),
                BinOp::Ge => cmp(">="),
                BinOp::And | BinOp::Min if boolean => format!("((uchar)({x} & {y}))"),
                BinOp::Or | BinOp::Max if boolean => format!("((uchar)({x} | {y}))"),
                BinOp::Xor if boolean => format!("((uchar)({x} ^ {y}))"),
                _ if boolean => return Err(format!("{b:?} on booleans")),
                BinOp::Add if float => format!("({x} + {y})"),
                BinOp::Sub if float => format!("({x} - {y})"),
                BinOp::Mul if float => format!("({x} * {y})"),
                BinOp::Div | BinOp::Quot if float => format!("({x} / {y})"),
                BinOp::Rem if float => format!("fmod({x}, {y})"),
                BinOp::Pow if float => format!("pow({x}, {y})"),
                BinOp::Min if float => format!("fmin({x}, {y})"),
                BinOp::Max if float => format!("fmax({x}, {y})"),
                BinOp::And | BinOp::Or | BinOp::Xor | BinOp::Shl | BinOp::Shr | BinOp::Lshr
                    if float =>
                {
                    format!("(({ty})NAN)")
                }
                BinOp::And => format!("(({ty})({x} & {y}))"),
                BinOp::Or => format!("(({ty})({x} | {y}))"),
                BinOp::Xor => format!("(({ty})({x} ^ {y}))"),
                BinOp::Min => format!("min({x}, {y})"),
                BinOp::Max => format!("max({x}, {y})"),
                other => {
                    let name = format!("{other:?}").to_lowercase();
                    format!("{name}_{sx}({x}, {y})")
                }
            }
        }
        Builtin::Neg | Builtin::Not if boolean => format!("((uchar)!{})", a(0)),
        Builtin::Neg if float => format!("(-{})", a(0)),
        Builtin::Neg => format!("neg_{sx}({})", a(0)),
        Builtin::Not if float => a(0).to_string(),
        Builtin::Not => format!("(({ty})~{})", a(0)),
        Builtin::Abs if float => format!("fabs({})", a(0)),
        Builtin::Abs if boolean => a(0).to_string(),
        Builtin::Abs => format!("abs_{sx}({})", a(0)),
        Builtin::Sgn if boolean => a(0).to_string(),
        Builtin::Sgn => format!("sgn_{sx}({})", a(0)),
        Builtin::Popc => format!("((int)popcount(({})({})))", unsigned(t), a(0)),
        Builtin::Clz => format!("((int)clz(({})({})))", unsigned(t), a(0)),
        Builtin::Ctz => format!("ctz_{sx}({})", a(0)),
        Builtin::MulHi => format!("mul_hi({}, {})", a(0), a(1)),
        Builtin::MadHi => format!("add_{sx}(mul_hi({}, {}), {})", a(0), a(1), a(2)),
        Builtin::Float1(f) => {
            let name = match f {
                Float1::Round => "rint",
                Float1::Gamma => "tgamma",
                other => return Ok(format!("{}({})", format!("{other:?}").to_lowercase(), a(0))),
            };
            format!("{name}({})", a(0))
        }
        Builtin::Float2(f) => match f {
            Float2::Ldexp => format!(
                "ldexp({}, (int)clamp((long)({}), -2000L, 2000L))",
                a(0),
                a(1)
            ),
            other => format!(
                "{}({}, {})",
                format!("{other:?}").to_lowercase(),
                a(0),
                a(1)
            ),
        },
        Builtin::Fma => format!("({} * {} + {})", a(0), a(1), a(2)),
        Builtin::Lerp => format!("lerp_{sx}({}, {}, {})", a(0), a(1), a(2)),
        Builtin::IsNan => format!("((uchar)isnan({}))", a(0)),
        Builtin::IsInf => format!("((uchar)isinf({}))", a(0)),
        Builtin::ToBits => match t {
            PrimType::F32 => format!("as_uint({})", a(0)),
            PrimType::F64 => format!("as_ulong({})", a(0)),
            _ => a(0).to_string(),
        },
        Builtin::FromBits(to) => match to {
            PrimType::F32 => format!("as_float((uint)({}))", a(0)),
            _ => format!("as_double((ulong)({}))", a(0)),
        },
        Builtin::Convert(to) => convert(a(0), t, to),
        other => return Err(format!("{other:?} is not a scalar operation")),
    })
}

/// An operation on `f16` operands or giving an `f16`: computed in `float`,
/// rounded to half precision after every operation, as the interpreter
/// rounds.
fn half(op: Builtin, args: &[String], types: &[PrimType]) -> Result<String, String> {
    let single: Vec<PrimType> = types
        .iter()
        .map(|t| {
            if *t == PrimType::F16 {
                PrimType::F32
            } else {
                *t
            }
        })
        .collect();
    let x = || args[0].as_str();
    Ok(match op {
        Builtin::ToBits => format!("f16bits({})", x()),
        Builtin::FromBits(PrimType::F16) => format!("f16from((ushort)({}))", x()),
        Builtin::Convert(PrimType::F16) => format!("rf16((float)({}))", x()),
        other => {
            let e = self::op(other, args, &single)?;
            if runic_core::ir::scalar_result(other, types) == PrimType::F16 {
                format!("rf16({e})")
            } else {
                e
            }
        }
    })
}

fn convert(x: &str, from: PrimType, to: PrimType) -> String {
    let tt = c_type(to);
    if to == PrimType::Bool {
        return format!("((uchar)({x} != 0))");
    }
    if from.is_float() && !to.is_float() {
        return format!("(({tt})f2bits((double)({x})))");
    }
    if !from.is_float() && from.is_signed() && !to.is_signed() && !to.is_float() {
        return format!("(({tt})({})({x}))", unsigned(from));
    }
    format!("(({tt})({x}))")
}
