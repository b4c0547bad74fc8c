//! Column-at-a-time evaluation of a [`super::kernel`] body for `map`: each
//! node of the body runs over a whole chunk of elements at once, common
//! operators as tight loops over typed buffers, so that a simple `map`
//! costs a few machine instructions per element.
//!
//! Both branches of an `if` and both operands of `&&`/`||` are evaluated
//! for every element, so an error may come from an element whose branch
//! the ordinary path would not take: every error here is only a failure,
//! after which the caller runs the kernel element by element (or the
//! ordinary path), which reports the real errors.

use std::rc::Rc;

use runic_sema::types::PrimType;

use crate::builtins;
use crate::data::{Builder, Data};
use crate::prim::{self, BinOp};
use crate::value::{Array, Prim, Value};

use super::kernel::{index_of, K};

/// A column: one value for every element (shared: reading a register
/// copies no element), or one for all.
#[derive(Clone)]
pub(super) enum Col {
    All(Prim),
    Each(Rc<Data>),
}

impl Col {
    fn prim(&self, i: usize) -> Prim {
        match self {
            Col::All(p) => *p,
            Col::Each(d) => d.prim(i).expect("a typed column"),
        }
    }

    /// The column of the values of `data`.
    pub(super) fn each(data: Data) -> Col {
        Col::Each(Rc::new(data))
    }

    /// The values as a typed buffer of `n`.
    pub(super) fn data(self, n: usize) -> Data {
        match self {
            Col::Each(d) => Rc::try_unwrap(d).unwrap_or_else(|d| (*d).clone()),
            Col::All(p) => {
                let mut b = Builder::with_capacity(n);
                for _ in 0..n {
                    b.push(Value::Prim(p));
                }
                b.finish()
            }
        }
    }
}

/// Evaluates `k` over `n` elements; registers hold columns. `None` on any
/// failure.
pub(super) fn eval(k: &K, regs: &mut [Option<Col>], arrays: &[Rc<Array>], n: usize) -> Option<Col> {
    Some(match k {
        K::Reg(r) => regs[*r as usize].clone()?,
        K::Const(p) => Col::All(*p),
        K::Bin(op, a, b) => {
            let x = eval(a, regs, arrays, n)?;
            let y = eval(b, regs, arrays, n)?;
            bin(*op, x, y, n)?
        }
        K::Neg(a) => {
            let x = eval(a, regs, arrays, n)?;
            if let Some(data) = typed_neg(&x) {
                return Some(Col::each(data));
            }
            each(n, &[x], |p| Some(prim::neg(p[0])))?
        }
        K::Not(a) => each(n, &[eval(a, regs, arrays, n)?], |p| Some(prim::not(p[0])))?,
        K::And(a, b) => {
            let x = eval(a, regs, arrays, n)?;
            let y = eval(b, regs, arrays, n)?;
            each(n, &[x, y], |p| {
                Some(Prim::Bool(as_bool(p[0]) && as_bool(p[1])))
            })?
        }
        K::Or(a, b) => {
            let x = eval(a, regs, arrays, n)?;
            let y = eval(b, regs, arrays, n)?;
            each(n, &[x, y], |p| {
                Some(Prim::Bool(as_bool(p[0]) || as_bool(p[1])))
            })?
        }
        K::Equal(positive, a, b) => {
            let x = eval(a, regs, arrays, n)?;
            let y = eval(b, regs, arrays, n)?;
            let op = if *positive { BinOp::Eq } else { BinOp::Neq };
            if let Some(data) = typed_bin(op, &x, &y) {
                return Some(Col::each(data));
            }
            each(n, &[x, y], |p| {
                Some(Prim::Bool(prim::prim_eq(p[0], p[1]) == *positive))
            })?
        }
        K::If(c, t, f) => {
            let c = eval(c, regs, arrays, n)?;
            let t = eval(t, regs, arrays, n)?;
            let f = eval(f, regs, arrays, n)?;
            if let Some(data) = select(&c, &t, &f) {
                return Some(Col::each(data));
            }
            each(n, &[c, t, f], |p| {
                Some(if as_bool(p[0]) { p[1] } else { p[2] })
            })?
        }
        K::Let(r, v, body) => {
            regs[*r as usize] = Some(eval(v, regs, arrays, n)?);
            eval(body, regs, arrays, n)?
        }
        K::Call(binds, body) => {
            for (r, v) in binds {
                regs[*r as usize] = Some(eval(v, regs, arrays, n)?);
            }
            eval(body, regs, arrays, n)?
        }
        K::Convert(a, t) => {
            let (x, t) = (eval(a, regs, arrays, n)?, *t);
            if let Some(data) = typed_convert(&x, t) {
                return Some(Col::each(data));
            }
            each(n, &[x], |p| Some(prim::convert(p[0], t)))?
        }
        K::Builtin(b, args) => {
            let cols = args
                .iter()
                .map(|a| eval(a, regs, arrays, n))
                .collect::<Option<Vec<_>>>()?;
            let b = *b;
            each(n, &cols, |p| builtins::apply_scalar(b, p).ok())?
        }
        K::Assert(c, body) => {
            let c = eval(c, regs, arrays, n)?;
            if (0..n).any(|i| !as_bool(c.prim(i))) {
                return None;
            }
            eval(body, regs, arrays, n)?
        }
        K::Index(a, i) => gather(&arrays[*a as usize].data, eval(i, regs, arrays, n)?)?,
    })
}

/// The elements of `data` at the indices of `i`; `None` if one is out of
/// bounds.
fn gather(data: &Data, i: Col) -> Option<Col> {
    let len = data.len();
    let offsets: Vec<usize> = match i {
        Col::All(p) => {
            let k = index_of(p).filter(|k| *k < len)?;
            return Some(Col::All(data.prim(k)?));
        }
        Col::Each(is) => match &*is {
            Data::I64(v) => {
                if v.iter().any(|k| *k as u64 >= len as u64) {
                    return None;
                }
                v.iter().map(|k| *k as usize).collect()
            }
            other => (0..other.len())
                .map(|j| index_of(other.prim(j)?).filter(|k| *k < len))
                .collect::<Option<_>>()?,
        },
    };
    Some(Col::each(data.gather(&offsets)))
}

/// `-x` for each element, as a typed loop.
fn typed_neg(x: &Col) -> Option<Data> {
    let Col::Each(x) = x else {
        return None;
    };
    Some(match &**x {
        Data::I8(v) => Data::I8(v.iter().map(|p| p.wrapping_neg()).collect()),
        Data::I16(v) => Data::I16(v.iter().map(|p| p.wrapping_neg()).collect()),
        Data::I32(v) => Data::I32(v.iter().map(|p| p.wrapping_neg()).collect()),
        Data::I64(v) => Data::I64(v.iter().map(|p| p.wrapping_neg()).collect()),
        Data::F32(v) => Data::F32(v.iter().map(|p| -p).collect()),
        Data::F64(v) => Data::F64(v.iter().map(|p| -p).collect()),
        _ => return None,
    })
}

/// A conversion of each element as a typed loop, where Rust's `as` is
/// [`prim::convert`]: from signed integers to signed integers and floats,
/// between `f32` and `f64`.
fn typed_convert(x: &Col, to: PrimType) -> Option<Data> {
    let Col::Each(data) = x else {
        return None;
    };
    let data: &Data = data;
    macro_rules! from {
        ($v:expr) => {
            match to {
                PrimType::I8 => Data::I8($v.iter().map(|p| *p as i8).collect()),
                PrimType::I16 => Data::I16($v.iter().map(|p| *p as i16).collect()),
                PrimType::I32 => Data::I32($v.iter().map(|p| *p as i32).collect()),
                PrimType::I64 => Data::I64($v.iter().map(|p| *p as i64).collect()),
                PrimType::F32 => Data::F32($v.iter().map(|p| *p as f32).collect()),
                PrimType::F64 => Data::F64($v.iter().map(|p| *p as f64).collect()),
                _ => return None,
            }
        };
    }
    Some(match data {
        Data::I8(v) => from!(v),
        Data::I16(v) => from!(v),
        Data::I32(v) => from!(v),
        Data::I64(v) => from!(v),
        Data::F32(v) if matches!(to, PrimType::F32 | PrimType::F64) => from!(v),
        Data::F64(v) if matches!(to, PrimType::F32 | PrimType::F64) => from!(v),
        _ => return None,
    })
}

fn as_bool(p: Prim) -> bool {
    matches!(p, Prim::Bool(true))
}

/// Applies `f` to the values of each element of `cols`.
fn each(n: usize, cols: &[Col], f: impl Fn(&[Prim]) -> Option<Prim>) -> Option<Col> {
    let mut args = [Prim::Bool(false); 4];
    if cols.iter().all(|c| matches!(c, Col::All(_))) {
        for (a, c) in args.iter_mut().zip(cols) {
            *a = c.prim(0);
        }
        return Some(Col::All(f(&args[..cols.len()])?));
    }
    let mut out = Builder::with_capacity(n);
    for i in 0..n {
        for (a, c) in args.iter_mut().zip(cols) {
            *a = c.prim(i);
        }
        out.push(Value::Prim(f(&args[..cols.len()])?));
    }
    Some(Col::each(out.finish()))
}

/// One operand of a typed loop: a column of values, or one for all.
#[derive(Clone, Copy)]
enum Arg<'a, T> {
    Each(&'a [T]),
    All(T),
}

/// The operand `c` as values of type `T`, if it holds them.
trait Elem: Copy + Sized {
    fn arg(c: &Col) -> Option<Arg<'_, Self>>;
}

macro_rules! elem {
    ($t:ty, $data:path, $prim:path) => {
        impl Elem for $t {
            fn arg(c: &Col) -> Option<Arg<'_, $t>> {
                match c {
                    Col::Each(d) => match &**d {
                        $data(v) => Some(Arg::Each(v)),
                        _ => None,
                    },
                    Col::All($prim(x)) => Some(Arg::All(*x)),
                    _ => None,
                }
            }
        }
    };
}

elem!(i8, Data::I8, Prim::I8);
elem!(i16, Data::I16, Prim::I16);
elem!(i32, Data::I32, Prim::I32);
elem!(i64, Data::I64, Prim::I64);
elem!(u8, Data::U8, Prim::U8);
elem!(u16, Data::U16, Prim::U16);
elem!(u32, Data::U32, Prim::U32);
elem!(u64, Data::U64, Prim::U64);
elem!(f32, Data::F32, Prim::F32);
elem!(f64, Data::F64, Prim::F64);

/// `f` over the elements of two operands (not both single values).
#[inline]
fn zip<T: Copy, U>(a: Arg<T>, b: Arg<T>, f: impl Fn(T, T) -> U) -> Vec<U> {
    match (a, b) {
        (Arg::Each(a), Arg::Each(b)) => a.iter().zip(b).map(|(x, y)| f(*x, *y)).collect(),
        (Arg::Each(a), Arg::All(y)) => a.iter().map(|x| f(*x, y)).collect(),
        (Arg::All(x), Arg::Each(b)) => b.iter().map(|y| f(x, *y)).collect(),
        (Arg::All(x), Arg::All(y)) => vec![f(x, y)],
    }
}

/// The type of the values of a column.
fn col_type(c: &Col) -> Option<runic_sema::types::PrimType> {
    match c {
        Col::All(p) => Some(p.prim_type()),
        Col::Each(d) => d.prim_type(),
    }
}

/// A binary operator over columns: a typed loop for the operators that
/// cannot fail (and integer division by a non-zero constant), element by
/// element otherwise.
fn bin(op: BinOp, x: Col, y: Col, n: usize) -> Option<Col> {
    if let (Col::All(a), Col::All(b)) = (&x, &y) {
        return prim::binop(op, *a, *b).ok().map(Col::All);
    }
    if let Some(data) = typed_bin(op, &x, &y) {
        return Some(Col::each(data));
    }
    each(n, &[x, y], |p| prim::binop(op, p[0], p[1]).ok())
}

/// [`bin`] as a typed loop, when the operator and the types have one.
fn typed_bin(op: BinOp, x: &Col, y: &Col) -> Option<Data> {
    use runic_sema::types::PrimType as T;
    use BinOp::*;
    let t = col_type(x)?;
    if col_type(y)? != t || matches!((x, y), (Col::All(_), Col::All(_))) {
        return None;
    }
    macro_rules! ints {
        ($t:ty, $ctor:path) => {{
            let (a, b) = (<$t>::arg(x)?, <$t>::arg(y)?);
            let nonzero = matches!(b, Arg::All(q) if q != 0);
            match op {
                Add => Some($ctor(zip(a, b, |p, q| p.wrapping_add(q)))),
                Sub => Some($ctor(zip(a, b, |p, q| p.wrapping_sub(q)))),
                Mul => Some($ctor(zip(a, b, |p, q| p.wrapping_mul(q)))),
                And => Some($ctor(zip(a, b, |p, q| p & q))),
                Or => Some($ctor(zip(a, b, |p, q| p | q))),
                Xor => Some($ctor(zip(a, b, |p, q| p ^ q))),
                Min => Some($ctor(zip(a, b, |p, q| p.min(q)))),
                Max => Some($ctor(zip(a, b, |p, q| p.max(q)))),
                Div if nonzero => Some($ctor(zip(a, b, |p, q| prim::floor_div!(p, q, $t)))),
                Mod if nonzero => Some($ctor(zip(a, b, |p, q| prim::floor_mod!(p, q, $t)))),
                Quot if nonzero => Some($ctor(zip(a, b, |p, q| p.wrapping_div(q)))),
                Rem if nonzero => Some($ctor(zip(a, b, |p, q| p.wrapping_rem(q)))),
                _ => compare(op, a, b),
            }
        }};
    }
    macro_rules! floats {
        ($t:ty, $ctor:path) => {{
            let (a, b) = (<$t>::arg(x)?, <$t>::arg(y)?);
            match op {
                Add => Some($ctor(zip(a, b, |p, q| p + q))),
                Sub => Some($ctor(zip(a, b, |p, q| p - q))),
                Mul => Some($ctor(zip(a, b, |p, q| p * q))),
                Div | Quot => Some($ctor(zip(a, b, |p, q| p / q))),
                _ => compare(op, a, b),
            }
        }};
    }
    match t {
        T::I8 => ints!(i8, Data::I8),
        T::I16 => ints!(i16, Data::I16),
        T::I32 => ints!(i32, Data::I32),
        T::I64 => ints!(i64, Data::I64),
        T::U8 => ints!(u8, Data::U8),
        T::U16 => ints!(u16, Data::U16),
        T::U32 => ints!(u32, Data::U32),
        T::U64 => ints!(u64, Data::U64),
        T::F32 => floats!(f32, Data::F32),
        T::F64 => floats!(f64, Data::F64),
        _ => None,
    }
}

/// `if c then t else f` for each element, as a typed loop when the
/// branches have one type.
fn select(c: &Col, t: &Col, f: &Col) -> Option<Data> {
    use runic_sema::types::PrimType as T;
    let Col::Each(c) = c else {
        return None;
    };
    let Data::Bool(cs) = &**c else {
        return None;
    };
    let ty = col_type(t)?;
    if col_type(f)? != ty {
        return None;
    }
    #[inline]
    fn get<T: Copy>(a: Arg<T>, i: usize) -> T {
        match a {
            Arg::Each(v) => v[i],
            Arg::All(x) => x,
        }
    }
    macro_rules! sel {
        ($t:ty, $ctor:path) => {{
            let (a, b) = (<$t>::arg(t)?, <$t>::arg(f)?);
            let pick = |(i, c): (usize, &bool)| if *c { get(a, i) } else { get(b, i) };
            Some($ctor(cs.iter().enumerate().map(pick).collect()))
        }};
    }
    match ty {
        T::I8 => sel!(i8, Data::I8),
        T::I16 => sel!(i16, Data::I16),
        T::I32 => sel!(i32, Data::I32),
        T::I64 => sel!(i64, Data::I64),
        T::U8 => sel!(u8, Data::U8),
        T::U16 => sel!(u16, Data::U16),
        T::U32 => sel!(u32, Data::U32),
        T::U64 => sel!(u64, Data::U64),
        T::F32 => sel!(f32, Data::F32),
        T::F64 => sel!(f64, Data::F64),
        _ => None,
    }
}

/// A comparison as a typed loop, for types whose `<` is Futhark's.
fn compare<T: Copy + PartialOrd>(op: BinOp, a: Arg<T>, b: Arg<T>) -> Option<Data> {
    use BinOp::*;
    Some(Data::Bool(match op {
        Eq => zip(a, b, |p, q| p == q),
        Neq => zip(a, b, |p, q| p != q),
        Lt => zip(a, b, |p, q| p < q),
        Le => zip(a, b, |p, q| p <= q),
        Gt => zip(a, b, |p, q| p > q),
        Ge => zip(a, b, |p, q| p >= q),
        _ => return None,
    }))
}
