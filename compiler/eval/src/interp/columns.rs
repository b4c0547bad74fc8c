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

use crate::builtins;
use crate::data::{Builder, Data};
use crate::prim::{self, BinOp};
use crate::value::{Prim, Value};

use super::kernel::K;

/// A column: one value for every element, or one for all.
#[derive(Clone)]
pub(super) enum Col {
    All(Prim),
    Each(Data),
}

impl Col {
    fn prim(&self, i: usize) -> Prim {
        match self {
            Col::All(p) => *p,
            Col::Each(d) => d.prim(i).expect("a typed column"),
        }
    }

    /// The values as a typed buffer of `n`.
    pub(super) fn data(self, n: usize) -> Data {
        match self {
            Col::Each(d) => d,
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
pub(super) fn eval(k: &K, regs: &mut [Option<Col>], n: usize) -> Option<Col> {
    Some(match k {
        K::Reg(r) => regs[*r as usize].clone()?,
        K::Const(p) => Col::All(*p),
        K::Bin(op, a, b) => {
            let x = eval(a, regs, n)?;
            let y = eval(b, regs, n)?;
            bin(*op, x, y, n)?
        }
        K::Neg(a) => each(n, &[eval(a, regs, n)?], |p| Some(prim::neg(p[0])))?,
        K::Not(a) => each(n, &[eval(a, regs, n)?], |p| Some(prim::not(p[0])))?,
        K::And(a, b) => {
            let x = eval(a, regs, n)?;
            let y = eval(b, regs, n)?;
            each(n, &[x, y], |p| {
                Some(Prim::Bool(as_bool(p[0]) && as_bool(p[1])))
            })?
        }
        K::Or(a, b) => {
            let x = eval(a, regs, n)?;
            let y = eval(b, regs, n)?;
            each(n, &[x, y], |p| {
                Some(Prim::Bool(as_bool(p[0]) || as_bool(p[1])))
            })?
        }
        K::Equal(positive, a, b) => {
            let x = eval(a, regs, n)?;
            let y = eval(b, regs, n)?;
            each(n, &[x, y], |p| {
                Some(Prim::Bool(prim::prim_eq(p[0], p[1]) == *positive))
            })?
        }
        K::If(c, t, f) => {
            let c = eval(c, regs, n)?;
            let t = eval(t, regs, n)?;
            let f = eval(f, regs, n)?;
            each(n, &[c, t, f], |p| {
                Some(if as_bool(p[0]) { p[1] } else { p[2] })
            })?
        }
        K::Let(r, v, body) => {
            regs[*r as usize] = Some(eval(v, regs, n)?);
            eval(body, regs, n)?
        }
        K::Call(binds, body) => {
            for (r, v) in binds {
                regs[*r as usize] = Some(eval(v, regs, n)?);
            }
            eval(body, regs, n)?
        }
        K::Convert(a, t) => {
            let t = *t;
            each(n, &[eval(a, regs, n)?], |p| Some(prim::convert(p[0], t)))?
        }
        K::Builtin(b, args) => {
            let cols = args
                .iter()
                .map(|a| eval(a, regs, n))
                .collect::<Option<Vec<_>>>()?;
            let b = *b;
            each(n, &cols, |p| builtins::apply_scalar(b, p).ok())?
        }
        K::Assert(c, body) => {
            let c = eval(c, regs, n)?;
            if (0..n).any(|i| !as_bool(c.prim(i))) {
                return None;
            }
            eval(body, regs, n)?
        }
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
    Some(Col::Each(out.finish()))
}

fn zip<T: Copy, U>(a: &[T], b: &[T], f: impl Fn(T, T) -> U) -> Vec<U> {
    a.iter().zip(b).map(|(x, y)| f(*x, *y)).collect()
}

/// A binary operator over columns: a typed loop for the operators that
/// cannot fail, element by element otherwise.
fn bin(op: BinOp, x: Col, y: Col, n: usize) -> Option<Col> {
    use BinOp::*;
    if let (Col::All(a), Col::All(b)) = (&x, &y) {
        return prim::binop(op, *a, *b).ok().map(Col::All);
    }
    let (a, b) = (x.clone().data(n), y.clone().data(n));
    macro_rules! ints {
        ($a:expr, $b:expr, $ctor:path) => {
            match op {
                Add => Some($ctor(zip($a, $b, |p, q| p.wrapping_add(q)))),
                Sub => Some($ctor(zip($a, $b, |p, q| p.wrapping_sub(q)))),
                Mul => Some($ctor(zip($a, $b, |p, q| p.wrapping_mul(q)))),
                And => Some($ctor(zip($a, $b, |p, q| p & q))),
                Or => Some($ctor(zip($a, $b, |p, q| p | q))),
                Xor => Some($ctor(zip($a, $b, |p, q| p ^ q))),
                Min => Some($ctor(zip($a, $b, |p, q| p.min(q)))),
                Max => Some($ctor(zip($a, $b, |p, q| p.max(q)))),
                _ => compare(op, $a, $b),
            }
        };
    }
    macro_rules! floats {
        ($a:expr, $b:expr, $ctor:path) => {
            match op {
                Add => Some($ctor(zip($a, $b, |p, q| p + q))),
                Sub => Some($ctor(zip($a, $b, |p, q| p - q))),
                Mul => Some($ctor(zip($a, $b, |p, q| p * q))),
                Div | Quot => Some($ctor(zip($a, $b, |p, q| p / q))),
                _ => compare(op, $a, $b),
            }
        };
    }
    let typed = match (&a, &b) {
        (Data::I8(p), Data::I8(q)) => ints!(p, q, Data::I8),
        (Data::I16(p), Data::I16(q)) => ints!(p, q, Data::I16),
        (Data::I32(p), Data::I32(q)) => ints!(p, q, Data::I32),
        (Data::I64(p), Data::I64(q)) => ints!(p, q, Data::I64),
        (Data::U8(p), Data::U8(q)) => ints!(p, q, Data::U8),
        (Data::U16(p), Data::U16(q)) => ints!(p, q, Data::U16),
        (Data::U32(p), Data::U32(q)) => ints!(p, q, Data::U32),
        (Data::U64(p), Data::U64(q)) => ints!(p, q, Data::U64),
        (Data::F32(p), Data::F32(q)) => floats!(p, q, Data::F32),
        (Data::F64(p), Data::F64(q)) => floats!(p, q, Data::F64),
        _ => None,
    };
    if let Some(data) = typed {
        return Some(Col::Each(data));
    }
    each(n, &[x, y], |p| prim::binop(op, p[0], p[1]).ok())
}

/// A comparison as a typed loop, for types whose `<` is Futhark's.
fn compare<T: Copy + PartialOrd>(op: BinOp, a: &[T], b: &[T]) -> Option<Data> {
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
