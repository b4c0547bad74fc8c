//! Forward-mode automatic differentiation with dual numbers, the scalar
//! half of `jvp` and `vjp` (the drivers are in `interp::ad`).
//!
//! Under `jvp f x x'`, each scalar of `x` becomes a [`Dual`]: its value
//! (the primal) and its tangent (the matching scalar of `x'`). Every scalar
//! operation on duals computes the primal as usual and the tangent by the
//! chain rule, so the tangent of `f x` is `J x'`. Each `jvp` has its own
//! tag, larger than those of the `jvp`s around it; an operation works on
//! the largest tag among its operands and treats duals of smaller tags as
//! constants whose own arithmetic is again dual, which keeps nested
//! differentiation (derivatives of derivatives, or a `jvp` inside the
//! function of another) correct.
//!
//! Tangents that are known to be zero are plain zeros and are not
//! multiplied out (`0 * inf` adds nothing, as in other AD systems); a dual
//! whose tangent is zero is its primal. Operations without a derivative
//! (comparisons, bit operations, integer division, rounding, `sgn`) give
//! the primal result only. On integers, `+`, `-`, `*`, `min`, `max`, `abs`
//! and negation carry tangents.

use std::rc::Rc;

use runic_sema::types::PrimType;

use crate::builtins::{apply_scalar, Builtin, Float1, Float2};
use crate::prim::{self, BinOp};
use crate::value::{Array, Prim, Value};

/// A dual number: a primal value and its tangent for the `jvp` of `tag`.
/// Both are scalars, possibly duals of smaller tags.
#[derive(Debug, Clone)]
pub struct Dual {
    pub tag: u32,
    pub primal: Value,
    pub tangent: Value,
}

type Ad<T> = Result<T, String>;

/// The tag of a scalar (0 for a plain one).
fn tag(v: &Value) -> u32 {
    match v {
        Value::Dual(d) => d.tag,
        _ => 0,
    }
}

/// The primitive type of a scalar.
fn ty(v: &Value) -> PrimType {
    v.as_prim().map_or(PrimType::F64, Prim::prim_type)
}

fn zero_like(v: &Value) -> Value {
    Value::Prim(Prim::zero(ty(v)))
}

/// A constant of the type of `like`.
fn lit(x: f64, like: &Value) -> Value {
    Value::Prim(prim::from_f64(x, ty(like)))
}

/// Whether a tangent is zero (`false` for booleans).
fn is_zero(v: &Value) -> bool {
    match v {
        Value::Prim(Prim::Bool(b)) => !b,
        Value::Prim(p) => p.as_f64() == 0.0,
        _ => false,
    }
}

/// The primal and tangent of `v` for tag `t`.
fn split(v: &Value, t: u32) -> (Value, Value) {
    match v {
        Value::Dual(d) if d.tag == t => (d.primal.clone(), d.tangent.clone()),
        other => (other.clone(), zero_like(other)),
    }
}

/// A dual of tag `t`, or the primal alone when the tangent is zero.
fn make(t: u32, primal: Value, tangent: Value) -> Value {
    if is_zero(&tangent) {
        primal
    } else {
        Value::Dual(Rc::new(Dual {
            tag: t,
            primal,
            tangent,
        }))
    }
}

fn add(a: &Value, b: &Value) -> Ad<Value> {
    binop(BinOp::Add, a, b)
}

fn sub(a: &Value, b: &Value) -> Ad<Value> {
    binop(BinOp::Sub, a, b)
}

fn mul(a: &Value, b: &Value) -> Ad<Value> {
    binop(BinOp::Mul, a, b)
}

fn div(a: &Value, b: &Value) -> Ad<Value> {
    binop(BinOp::Div, a, b)
}

/// `d * factor`, with a zero tangent staying zero.
fn scale(d: &Value, factor: &Value) -> Ad<Value> {
    if is_zero(d) {
        Ok(d.clone())
    } else {
        mul(d, factor)
    }
}

fn f1(f: Float1, a: &Value) -> Ad<Value> {
    builtin(Builtin::Float1(f), std::slice::from_ref(a))
}

/// A binary operator on scalars, plain or dual.
pub fn binop(op: BinOp, x: &Value, y: &Value) -> Ad<Value> {
    if let (Value::Prim(a), Value::Prim(b)) = (x, y) {
        return prim::binop(op, *a, *b).map(Value::Prim);
    }
    let t = tag(x).max(tag(y));
    let (a, da) = split(x, t);
    let (b, db) = split(y, t);
    let p = binop(op, &a, &b)?;
    let float = ty(&a).is_float();
    let d = match op {
        BinOp::Add => add(&da, &db)?,
        BinOp::Sub => sub(&da, &db)?,
        BinOp::Mul => add(&scale(&da, &b)?, &scale(&db, &a)?)?,
        BinOp::Min | BinOp::Max => {
            if p == a {
                da
            } else {
                db
            }
        }
        BinOp::Div if float => {
            let numerator = sub(&scale(&da, &b)?, &scale(&db, &a)?)?;
            div(&numerator, &mul(&b, &b)?)?
        }
        BinOp::Pow if float => pow_tangent(&a, &b, &p, &da, &db)?,
        BinOp::Mod | BinOp::Rem if float => {
            // a mod b = a - floor(a / b) * b, the quotient being constant
            // almost everywhere (trunc for the remainder).
            let rounding = if op == BinOp::Mod {
                Float1::Floor
            } else {
                Float1::Trunc
            };
            let q = f1(rounding, &div(&a, &b)?)?;
            sub(&da, &scale(&db, &q)?)?
        }
        _ => return Ok(p),
    };
    Ok(make(t, p, d))
}

/// The tangent of `p = a ** b`: `b * a**(b-1) * da + p * ln a * db`, where,
/// as in Futhark, the first partial derivative is 0 where `b` is 0 and the
/// second where `a` is 0 (not the NaN or infinity of the formulas).
fn pow_tangent(a: &Value, b: &Value, p: &Value, da: &Value, db: &Value) -> Ad<Value> {
    let at_zero = |v: &Value| v.as_prim().is_some_and(|x| x.as_f64() == 0.0);
    let da = &if at_zero(b) {
        zero_like(da)
    } else {
        da.clone()
    };
    let db = &if at_zero(a) {
        zero_like(db)
    } else {
        db.clone()
    };
    let by_base = if is_zero(da) {
        da.clone()
    } else {
        let power = binop(BinOp::Pow, a, &sub(b, &lit(1.0, b))?)?;
        mul(da, &mul(b, &power)?)?
    };
    if is_zero(db) {
        return Ok(by_base);
    }
    let by_exponent = mul(db, &mul(p, &f1(Float1::Log, a)?)?)?;
    add(&by_base, &by_exponent)
}

/// Negation, plain or dual.
pub fn neg(x: &Value) -> Ad<Value> {
    builtin(Builtin::Neg, std::slice::from_ref(x))
}

/// A conversion to `to`, plain or dual: the tangent converts along.
pub fn convert(x: &Value, to: PrimType) -> Ad<Value> {
    builtin(Builtin::Convert(to), std::slice::from_ref(x))
}

/// A scalar builtin on arguments that may be duals.
pub fn builtin(b: Builtin, args: &[Value]) -> Ad<Value> {
    if let Some(prims) = args.iter().map(plain).collect::<Option<Vec<Prim>>>() {
        return apply_scalar(b, &prims).map(Value::Prim);
    }
    let arg = |i: usize| &args[i];
    match b {
        Builtin::Bin(op) => binop(op, arg(0), arg(1)),
        Builtin::Fma => add(&mul(arg(0), arg(1))?, arg(2)),
        Builtin::Lerp => add(arg(0), &mul(&sub(arg(1), arg(0))?, arg(2))?),
        Builtin::Neg
        | Builtin::Abs
        | Builtin::Not
        | Builtin::Convert(_)
        | Builtin::ToBits
        | Builtin::FromBits(_)
        | Builtin::Float1(_) => unary(b, arg(0)),
        Builtin::Float2(f) => float2(f, arg(0), arg(1)),
        _ => {
            let prims: Vec<Prim> = args.iter().filter_map(Value::as_prim).collect();
            apply_scalar(b, &prims).map(Value::Prim)
        }
    }
}

fn plain(v: &Value) -> Option<Prim> {
    match v {
        Value::Prim(p) => Some(*p),
        _ => None,
    }
}

/// A one-argument differentiable builtin on a dual.
fn unary(b: Builtin, x: &Value) -> Ad<Value> {
    let t = tag(x);
    let (a, da) = split(x, t);
    let p = builtin(b, std::slice::from_ref(&a))?;
    let d = match b {
        Builtin::Neg => neg(&da)?,
        Builtin::Abs => scale(&da, &builtin(Builtin::Sgn, std::slice::from_ref(&a))?)?,
        // As in Futhark, the tangent of a conversion or a bit cast is the
        // tangent converted or cast the same way.
        Builtin::Convert(to) => convert(&da, to)?,
        Builtin::ToBits | Builtin::FromBits(_) => builtin(b, std::slice::from_ref(&da))?,
        // Futhark's derivative of `!x` is `x`: the tangent is `x && dx`.
        Builtin::Not if ty(&a) == PrimType::Bool => binop(BinOp::And, &a, &da)?,
        Builtin::Float1(f) => match float1_tangent(f, &a, &p, &da)? {
            Some(d) => d,
            None => return Ok(p),
        },
        _ => return Ok(p),
    };
    Ok(make(t, p, d))
}

/// The tangent of `p = f a`; `None` where the derivative is zero.
fn float1_tangent(f: Float1, a: &Value, p: &Value, da: &Value) -> Ad<Option<Value>> {
    use Float1::*;
    let one = lit(1.0, a);
    let square = mul(a, a)?;
    let d = match f {
        Sqrt => div(da, &mul(&lit(2.0, a), p)?)?,
        Cbrt => div(da, &mul(&lit(3.0, a), &mul(p, p)?)?)?,
        Exp => scale(da, p)?,
        Log => div(da, a)?,
        Log2 => div(da, &mul(a, &lit(std::f64::consts::LN_2, a))?)?,
        Log10 => div(da, &mul(a, &lit(std::f64::consts::LN_10, a))?)?,
        Log1p => div(da, &add(&one, a)?)?,
        Sin => scale(da, &f1(Cos, a)?)?,
        Cos => neg(&scale(da, &f1(Sin, a)?)?)?,
        Tan => {
            let c = f1(Cos, a)?;
            div(da, &mul(&c, &c)?)?
        }
        Asin => div(da, &f1(Sqrt, &sub(&one, &square)?)?)?,
        Acos => neg(&div(da, &f1(Sqrt, &sub(&one, &square)?)?)?)?,
        Atan => div(da, &add(&one, &square)?)?,
        Sinh => scale(da, &f1(Cosh, a)?)?,
        Cosh => scale(da, &f1(Sinh, a)?)?,
        Tanh => scale(da, &sub(&one, &mul(p, p)?)?)?,
        Asinh => div(da, &f1(Sqrt, &add(&square, &one)?)?)?,
        Acosh => div(da, &f1(Sqrt, &sub(&square, &one)?)?)?,
        Atanh => div(da, &sub(&one, &square)?)?,
        Erf | Erfc => {
            let gauss = f1(Exp, &neg(&square)?)?;
            let d = scale(da, &mul(&lit(std::f64::consts::FRAC_2_SQRT_PI, a), &gauss)?)?;
            if f == Erf {
                d
            } else {
                neg(&d)?
            }
        }
        Gamma => scale(da, &mul(p, &digamma(a)?)?)?,
        Lgamma => scale(da, &digamma(a)?)?,
        Round | Ceil | Floor | Trunc => return Ok(None),
    };
    Ok(Some(d))
}

/// The digamma function (the derivative of `lgamma`) at a scalar that is
/// not itself differentiated.
fn digamma(a: &Value) -> Ad<Value> {
    match a {
        Value::Prim(p) => Ok(lit(crate::special::digamma(p.as_f64()), a)),
        _ => Err("the interpreter cannot differentiate gamma or lgamma twice".into()),
    }
}

/// A two-argument float builtin on duals.
fn float2(f: Float2, x: &Value, y: &Value) -> Ad<Value> {
    let t = tag(x).max(tag(y));
    let (a, da) = split(x, t);
    let (b, db) = split(y, t);
    let p = builtin(Builtin::Float2(f), &[a.clone(), b.clone()])?;
    let d = match f {
        Float2::Atan2 => {
            let norm = add(&mul(&a, &a)?, &mul(&b, &b)?)?;
            div(&sub(&scale(&da, &b)?, &scale(&db, &a)?)?, &norm)?
        }
        Float2::Hypot => div(&add(&scale(&da, &a)?, &scale(&db, &b)?)?, &p)?,
        Float2::Copysign => {
            let same = sign_bit(&a) == sign_bit(&p);
            if same {
                da
            } else {
                neg(&da)?
            }
        }
        Float2::Nextafter => da,
        Float2::Ldexp => builtin(Builtin::Float2(Float2::Ldexp), &[da, b])?,
    };
    Ok(make(t, p, d))
}

fn sign_bit(v: &Value) -> bool {
    v.as_prim().is_some_and(|p| p.as_f64().is_sign_negative())
}

/// Applies `f` to every scalar of a value (array elements, tuple and
/// record fields, constructor payloads).
fn map_leaves(v: &Value, f: &mut dyn FnMut(&Value) -> Ad<Value>) -> Ad<Value> {
    Ok(match v {
        Value::Prim(_) | Value::Dual(_) => f(v)?,
        Value::Array(a) => {
            let data = a
                .data
                .iter()
                .map(|x| map_leaves(&x, f))
                .collect::<Ad<_>>()?;
            Value::Array(Rc::new(Array::new(a.shape.clone(), data)))
        }
        Value::Tuple(items) => {
            Value::Tuple(items.iter().map(|x| map_leaves(x, f)).collect::<Ad<_>>()?)
        }
        Value::Record(fields) => Value::Record(
            fields
                .iter()
                .map(|(n, x)| Ok((n.clone(), map_leaves(x, f)?)))
                .collect::<Ad<_>>()?,
        ),
        Value::Sum(s) => {
            let payload = s.1.iter().map(|x| map_leaves(x, f)).collect::<Ad<_>>()?;
            Value::Sum(Rc::new((s.0.clone(), payload)))
        }
        Value::Fun(_) => return Err("automatic differentiation of a function value".into()),
    })
}

/// The scalars of a value, in order.
pub fn leaves(v: &Value) -> Ad<Vec<Value>> {
    let mut out = Vec::new();
    map_leaves(v, &mut |x| {
        out.push(x.clone());
        Ok(x.clone())
    })?;
    Ok(out)
}

/// `v` with its scalars replaced, in order, by `new`.
pub fn with_leaves(v: &Value, new: Vec<Value>) -> Ad<Value> {
    let mut new = new.into_iter();
    map_leaves(v, &mut |_| {
        new.next().ok_or_else(|| "too few scalars".to_string())
    })
}

/// `x` with each scalar made a dual of tag `t` whose tangent is the
/// matching scalar of `dx` (which must have the same shape).
pub fn seed(x: &Value, dx: &Value, t: u32) -> Ad<Value> {
    same_shapes(dx, x, "the tangent", "the point")?;
    let tangents = leaves(dx)?;
    let primals = leaves(x)?;
    let duals = primals
        .into_iter()
        .zip(tangents)
        .map(|(p, d)| seed_leaf(p, d, t))
        .collect();
    with_leaves(x, duals)
}

/// Fails unless `a` and `b` have arrays of the same shapes in the same
/// places (as a point and its tangent must).
pub fn same_shapes(a: &Value, b: &Value, what_a: &str, what_b: &str) -> Ad<()> {
    let (sa, sb) = (array_shapes(a), array_shapes(b));
    if sa == sb && leaves(a)?.len() == leaves(b)?.len() {
        return Ok(());
    }
    let show = |s: &[Vec<i64>]| {
        s.iter()
            .map(|d| crate::value::show_shape(d))
            .collect::<Vec<_>>()
            .join(" ")
    };
    Err(format!(
        "{what_a} does not have the shape of {what_b} (arrays of shapes `{}` and `{}`)",
        show(&sa),
        show(&sb)
    ))
}

/// The shapes of the arrays in a value, in order.
fn array_shapes(v: &Value) -> Vec<Vec<i64>> {
    match v {
        Value::Array(a) => vec![a.shape.clone()],
        Value::Tuple(items) => items.iter().flat_map(array_shapes).collect(),
        Value::Record(fields) => fields.iter().flat_map(|(_, v)| array_shapes(v)).collect(),
        Value::Sum(s) => s.1.iter().flat_map(array_shapes).collect(),
        _ => Vec::new(),
    }
}

/// A scalar made a dual of tag `t`.
pub fn seed_leaf(primal: Value, tangent: Value, t: u32) -> Value {
    let tangent = convert(&tangent, ty(&primal)).unwrap_or(tangent);
    make(t, primal, tangent)
}

/// The value of a result of a `jvp` of tag `t`, without its tangents.
pub fn primal_at(v: &Value, t: u32) -> Ad<Value> {
    map_leaves(v, &mut |x| Ok(split(x, t).0))
}

/// The tangent of a result of a `jvp` of tag `t` (zeros where it does not
/// depend on the point).
pub fn tangent_at(v: &Value, t: u32) -> Ad<Value> {
    map_leaves(v, &mut |x| Ok(split(x, t).1))
}

/// The one of a scalar's type (the seed of its own derivative).
pub fn one_like(v: &Value) -> Value {
    lit(1.0, v)
}

/// The zero of a scalar's type.
pub fn zero_of(v: &Value) -> Value {
    zero_like(v)
}

/// Whether a scalar is a boolean (which has no derivative).
pub fn is_bool(v: &Value) -> bool {
    ty(v) == PrimType::Bool
}

/// `sum (ybar * t)` over the scalars of two values of one shape, as a
/// scalar of the type of `like`.
pub fn dot(ybar: &Value, t: &Value, like: &Value) -> Ad<Value> {
    let target = ty(like);
    let mut sum = zero_like(like);
    for (a, b) in leaves(ybar)?.iter().zip(leaves(t)?.iter()) {
        if is_bool(a) {
            continue;
        }
        sum = add(&sum, &convert(&mul(a, b)?, target)?)?;
    }
    Ok(sum)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f64v(x: f64) -> Value {
        Value::Prim(Prim::F64(x))
    }

    fn dual(t: u32, p: Value, d: Value) -> Value {
        Value::Dual(Rc::new(Dual {
            tag: t,
            primal: p,
            tangent: d,
        }))
    }

    fn show(v: &Value) -> String {
        match v {
            Value::Dual(d) => format!("<{} {} {}>", d.tag, show(&d.primal), show(&d.tangent)),
            other => crate::text::show_value_bare(other),
        }
    }

    #[test]
    fn product_rule_on_one_tag() {
        // x = 3 + 1e, y = 4 + 2e: x y = 12 + (1*4 + 3*2)e.
        let x = dual(1, f64v(3.0), f64v(1.0));
        let y = dual(1, f64v(4.0), f64v(2.0));
        assert_eq!(show(&binop(BinOp::Mul, &x, &y).unwrap()), "<1 12.0 10.0>");
    }

    #[test]
    fn nested_tags_do_not_mix() {
        // x = 2 + 1a (outer), y = 5 + 1b (inner): x y = 10 + 5a + (2 + 1a)b.
        let x = dual(1, f64v(2.0), f64v(1.0));
        let y = dual(2, f64v(5.0), f64v(1.0));
        let r = binop(BinOp::Mul, &x, &y).unwrap();
        assert_eq!(show(&r), "<2 <1 10.0 5.0> <1 2.0 1.0>>");
        assert_eq!(show(&tangent_at(&r, 2).unwrap()), "<1 2.0 1.0>");
        assert_eq!(show(&primal_at(&r, 2).unwrap()), "<1 10.0 5.0>");
    }

    #[test]
    fn zero_tangents_vanish_and_comparisons_are_plain() {
        let x = dual(1, f64v(0.0), f64v(1.0));
        // inf * x: the constant's zero tangent is not multiplied out (no
        // 0 * inf = NaN term), so the tangent is inf * 1.
        let r = binop(BinOp::Mul, &f64v(f64::INFINITY), &x).unwrap();
        assert_eq!(show(&r), "<1 f64.nan f64.inf>");
        let c = binop(BinOp::Lt, &x, &f64v(1.0)).unwrap();
        assert_eq!(show(&c), "true");
        // floor has no derivative: the result is no dual.
        let f = builtin(Builtin::Float1(Float1::Floor), &[x]).unwrap();
        assert_eq!(show(&f), "0.0");
    }

    #[test]
    fn seeding_needs_matching_shapes() {
        let point = Value::Tuple(Rc::from(vec![
            Value::array_of(vec![f64v(1.0), f64v(2.0)]),
            Value::array_of(vec![f64v(3.0)]),
        ]));
        let tangent = Value::Tuple(Rc::from(vec![
            Value::array_of(vec![f64v(1.0)]),
            Value::array_of(vec![f64v(0.0), f64v(1.0)]),
        ]));
        let error = seed(&point, &tangent, 1).unwrap_err();
        assert_eq!(
            error,
            "the tangent does not have the shape of the point (arrays of shapes `[1] [2]` and `[2] [1]`)"
        );
        let seeded = seed(&point, &point, 1).unwrap();
        assert_eq!(leaves(&tangent_at(&seeded, 1).unwrap()).unwrap().len(), 3);
    }

    /// The derivative of `f` at `x` by dual numbers and by a central
    /// difference agree.
    fn agrees_with_differences(f: &dyn Fn(&Value) -> Value, x: f64, what: &str) {
        let h = 1e-6;
        let exact = tangent_at(&f(&dual(1, f64v(x), f64v(1.0))), 1).unwrap();
        let exact = exact.as_prim().unwrap().as_f64();
        let at = |x: f64| f(&f64v(x)).as_prim().unwrap().as_f64();
        let estimate = (at(x + h) - at(x - h)) / (2.0 * h);
        let scale = exact.abs().max(1.0);
        assert!(
            (exact - estimate).abs() < 1e-5 * scale,
            "{what} at {x}: {exact} by dual numbers, {estimate} by differences"
        );
    }

    #[test]
    fn every_float_function_agrees_with_finite_differences() {
        use Float1::*;
        let cases = [
            (Sqrt, 2.0),
            (Cbrt, 3.0),
            (Exp, 0.7),
            (Log, 1.5),
            (Log2, 1.5),
            (Log10, 1.5),
            (Log1p, 0.5),
            (Sin, 0.3),
            (Cos, 0.3),
            (Tan, 0.3),
            (Asin, 0.4),
            (Acos, 0.4),
            (Atan, 0.4),
            (Sinh, 0.6),
            (Cosh, 0.6),
            (Tanh, 0.6),
            (Asinh, 0.6),
            (Acosh, 1.6),
            (Atanh, 0.6),
            (Gamma, 2.5),
            (Lgamma, 3.5),
            (Erf, 0.8),
            (Erfc, 0.8),
            (Floor, 0.5),
        ];
        for (g, x) in cases {
            let f = |v: &Value| builtin(Builtin::Float1(g), std::slice::from_ref(v)).unwrap();
            agrees_with_differences(&f, x, &format!("{g:?}"));
        }
        for g in [Float2::Atan2, Float2::Hypot, Float2::Copysign] {
            let first = |v: &Value| builtin(Builtin::Float2(g), &[v.clone(), f64v(-0.8)]).unwrap();
            agrees_with_differences(&first, 0.6, &format!("{g:?} in its first argument"));
            let second = |v: &Value| builtin(Builtin::Float2(g), &[f64v(0.6), v.clone()]).unwrap();
            agrees_with_differences(&second, -0.8, &format!("{g:?} in its second argument"));
        }
        for op in [
            BinOp::Div,
            BinOp::Pow,
            BinOp::Mod,
            BinOp::Rem,
            BinOp::Min,
            BinOp::Max,
        ] {
            let first = |v: &Value| binop(op, v, &f64v(1.3)).unwrap();
            agrees_with_differences(&first, 2.9, &format!("{op:?} in its first argument"));
            let second = |v: &Value| binop(op, &f64v(2.9), v).unwrap();
            agrees_with_differences(&second, 1.3, &format!("{op:?} in its second argument"));
        }
    }

    #[test]
    fn second_derivatives_agree_with_finite_differences() {
        // d/dx of (d/dy f y at y = x), with the inner derivative on tag 2.
        for g in [
            Float1::Sin,
            Float1::Exp,
            Float1::Atan,
            Float1::Sqrt,
            Float1::Tanh,
        ] {
            let derivative = |v: &Value| {
                let y = dual(2, v.clone(), f64v(1.0));
                let r = builtin(Builtin::Float1(g), &[y]).unwrap();
                tangent_at(&r, 2).unwrap()
            };
            agrees_with_differences(&derivative, 0.7, &format!("{g:?}'"));
        }
    }

    #[test]
    fn digamma_at_known_points() {
        // ψ(1) = -γ, ψ(1/2) = -γ - 2 ln 2.
        let gamma = 0.577_215_664_901_532_9;
        assert!((crate::special::digamma(1.0) + gamma).abs() < 1e-12);
        let half = -gamma - 2.0 * std::f64::consts::LN_2;
        assert!((crate::special::digamma(0.5) - half).abs() < 1e-12);
        assert!((crate::special::digamma(-0.5) - (half + 2.0)).abs() < 1e-12);
    }
}
