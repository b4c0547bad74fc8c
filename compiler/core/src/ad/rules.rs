//! The derivative rules of scalar operations: the tangent of `p = op args`
//! from the arguments' tangents, as statements. They follow the
//! interpreter's (`runic_eval::ad`), which follow Futhark's.

use runic_eval::builtins::{Builtin, Float1, Float2};
use runic_eval::prim::{from_f64, BinOp};
use runic_sema::types::PrimType;

use super::{Ad, Fwd};
use crate::ir::*;

impl Fwd<'_> {
    fn lit(&self, x: f64, like: SubExp) -> SubExp {
        SubExp::Const(from_f64(x, self.ty(like).prim))
    }

    fn f1(&mut self, f: Float1, a: SubExp) -> SubExp {
        self.op(Builtin::Float1(f), vec![a])
    }

    fn mul(&mut self, a: SubExp, b: SubExp) -> SubExp {
        self.bin(BinOp::Mul, a, b)
    }

    fn div(&mut self, a: SubExp, b: SubExp) -> SubExp {
        self.bin(BinOp::Div, a, b)
    }

    fn neg(&mut self, a: SubExp) -> SubExp {
        self.op(Builtin::Neg, vec![a])
    }

    /// `d * factor`, `None` staying zero.
    fn scale(&mut self, d: Option<SubExp>, factor: SubExp) -> Option<SubExp> {
        d.map(|d| self.mul(d, factor))
    }

    fn add_opt(&mut self, a: Option<SubExp>, b: Option<SubExp>) -> Option<SubExp> {
        match (a, b) {
            (Some(a), Some(b)) => Some(self.bin(BinOp::Add, a, b)),
            (a, None) => a,
            (None, b) => b,
        }
    }

    fn sub_opt(&mut self, a: Option<SubExp>, b: Option<SubExp>) -> Option<SubExp> {
        match (a, b) {
            (Some(a), Some(b)) => Some(self.bin(BinOp::Sub, a, b)),
            (a, None) => a,
            (None, Some(b)) => Some(self.neg(b)),
        }
    }

    /// `if c then a else b` on scalars.
    pub(super) fn select(&mut self, c: SubExp, a: SubExp, b: SubExp) -> SubExp {
        let ty = self.ty(a);
        let exp = Exp::If {
            cond: c,
            then_body: Body {
                stms: Vec::new(),
                result: vec![a],
            },
            else_body: Body {
                stms: Vec::new(),
                result: vec![b],
            },
        };
        self.bind("sel", exp, ty)
    }

    /// `d`, or zero where `at` is zero (Futhark's convention for the
    /// partial derivatives of `**`).
    fn unless_zero(&mut self, at: SubExp, d: SubExp) -> SubExp {
        let zero = self.lit(0.0, at);
        let is_zero = self.bin(BinOp::Eq, at, zero);
        let z = self.lit(0.0, d);
        self.select(is_zero, z, d)
    }

    /// The tangent of `p = b args` (`None`: zero).
    pub(super) fn scalar_tangent(
        &mut self,
        b: Builtin,
        args: &[SubExp],
        p: SubExp,
    ) -> Ad<Option<SubExp>> {
        let ds: Vec<Option<SubExp>> = args.iter().map(|a| self.tangent(*a)).collect();
        if ds.iter().all(Option::is_none) {
            return Ok(None);
        }
        let arg = |i: usize| args[i];
        let d = |i: usize| ds[i];
        Ok(match b {
            Builtin::Bin(op) => self.binop_tangent(op, arg(0), arg(1), d(0), d(1), p)?,
            Builtin::Neg => d(0).map(|d| self.neg(d)),
            Builtin::Not if self.ty(arg(0)).prim == PrimType::Bool => {
                d(0).map(|d| self.bin(BinOp::And, arg(0), d))
            }
            Builtin::Abs => {
                let s = self.op(Builtin::Sgn, vec![arg(0)]);
                self.scale(d(0), s)
            }
            Builtin::Convert(to) if to != PrimType::Bool => {
                d(0).map(|d| self.op(Builtin::Convert(to), vec![d]))
            }
            Builtin::ToBits | Builtin::FromBits(_) => d(0).map(|d| self.op(b, vec![d])),
            Builtin::Float1(f) => match d(0) {
                Some(da) => self.float1_tangent(f, arg(0), p, da)?,
                None => None,
            },
            Builtin::Float2(f) => self.float2_tangent(f, arg(0), arg(1), d(0), d(1), p),
            Builtin::Fma => {
                let ab = self.scale(d(0), arg(1));
                let ba = self.scale(d(1), arg(0));
                let s = self.add_opt(ab, ba);
                self.add_opt(s, d(2))
            }
            Builtin::Lerp => {
                // a + (b - a) t
                let (a, bb, t) = (arg(0), arg(1), arg(2));
                let dba = self.sub_opt(d(1), d(0));
                let dba = self.scale(dba, t);
                let ba = self.bin(BinOp::Sub, bb, a);
                let dt = self.scale(d(2), ba);
                let s = self.add_opt(d(0), dba);
                self.add_opt(s, dt)
            }
            _ => None,
        })
    }

    fn binop_tangent(
        &mut self,
        op: BinOp,
        a: SubExp,
        b: SubExp,
        da: Option<SubExp>,
        db: Option<SubExp>,
        p: SubExp,
    ) -> Ad<Option<SubExp>> {
        let float = self.ty(a).prim.is_float();
        Ok(match op {
            BinOp::Add => self.add_opt(da, db),
            BinOp::Sub => self.sub_opt(da, db),
            BinOp::Mul => {
                let x = self.scale(da, b);
                let y = self.scale(db, a);
                self.add_opt(x, y)
            }
            BinOp::Min | BinOp::Max => {
                let first = self.bin(BinOp::Eq, p, a);
                let da = da.unwrap_or_else(|| self.lit(0.0, a));
                let db = db.unwrap_or_else(|| self.lit(0.0, b));
                Some(self.select(first, da, db))
            }
            BinOp::Div if float => {
                let x = self.scale(da, b);
                let y = self.scale(db, a);
                let num = self.sub_opt(x, y).expect("a tangent");
                let bb = self.mul(b, b);
                Some(self.div(num, bb))
            }
            BinOp::Pow if float => {
                let by_base = da.map(|da| {
                    let one = self.lit(1.0, b);
                    let b1 = self.bin(BinOp::Sub, b, one);
                    let power = self.bin(BinOp::Pow, a, b1);
                    let f = self.mul(b, power);
                    let t = self.mul(da, f);
                    self.unless_zero(b, t)
                });
                let by_exp = db.map(|db| {
                    let l = self.f1(Float1::Log, a);
                    let f = self.mul(p, l);
                    let t = self.mul(db, f);
                    self.unless_zero(a, t)
                });
                self.add_opt(by_base, by_exp)
            }
            BinOp::Mod | BinOp::Rem if float => {
                let rounding = if op == BinOp::Mod {
                    Float1::Floor
                } else {
                    Float1::Trunc
                };
                let q = self.div(a, b);
                let q = self.f1(rounding, q);
                let y = self.scale(db, q);
                self.sub_opt(da, y)
            }
            _ => None,
        })
    }

    fn float1_tangent(
        &mut self,
        f: Float1,
        a: SubExp,
        p: SubExp,
        da: SubExp,
    ) -> Ad<Option<SubExp>> {
        use Float1::*;
        let one = self.lit(1.0, a);
        let square = |fwd: &mut Self| fwd.mul(a, a);
        let d = match f {
            Sqrt => {
                let two = self.lit(2.0, a);
                let x = self.mul(two, p);
                self.div(da, x)
            }
            Cbrt => {
                let three = self.lit(3.0, a);
                let pp = self.mul(p, p);
                let x = self.mul(three, pp);
                self.div(da, x)
            }
            Exp => self.mul(da, p),
            Log => self.div(da, a),
            Log2 | Log10 => {
                let ln = if f == Log2 {
                    std::f64::consts::LN_2
                } else {
                    std::f64::consts::LN_10
                };
                let ln = self.lit(ln, a);
                let x = self.mul(a, ln);
                self.div(da, x)
            }
            Log1p => {
                let x = self.bin(BinOp::Add, one, a);
                self.div(da, x)
            }
            Sin => {
                let c = self.f1(Cos, a);
                self.mul(da, c)
            }
            Cos => {
                let s = self.f1(Sin, a);
                let x = self.mul(da, s);
                self.neg(x)
            }
            Tan => {
                let c = self.f1(Cos, a);
                let cc = self.mul(c, c);
                self.div(da, cc)
            }
            Asin | Acos => {
                let sq = square(self);
                let x = self.bin(BinOp::Sub, one, sq);
                let r = self.f1(Sqrt, x);
                let d = self.div(da, r);
                if f == Asin {
                    d
                } else {
                    self.neg(d)
                }
            }
            Atan => {
                let sq = square(self);
                let x = self.bin(BinOp::Add, one, sq);
                self.div(da, x)
            }
            Sinh => {
                let c = self.f1(Cosh, a);
                self.mul(da, c)
            }
            Cosh => {
                let s = self.f1(Sinh, a);
                self.mul(da, s)
            }
            Tanh => {
                let pp = self.mul(p, p);
                let x = self.bin(BinOp::Sub, one, pp);
                self.mul(da, x)
            }
            Asinh | Acosh => {
                let sq = square(self);
                let op = if f == Asinh { BinOp::Add } else { BinOp::Sub };
                let x = self.bin(op, sq, one);
                let r = self.f1(Sqrt, x);
                self.div(da, r)
            }
            Atanh => {
                let sq = square(self);
                let x = self.bin(BinOp::Sub, one, sq);
                self.div(da, x)
            }
            Erf | Erfc => {
                let sq = square(self);
                let nsq = self.neg(sq);
                let gauss = self.f1(Exp, nsq);
                let k = self.lit(std::f64::consts::FRAC_2_SQRT_PI, a);
                let x = self.mul(k, gauss);
                let d = self.mul(da, x);
                if f == Erf {
                    d
                } else {
                    self.neg(d)
                }
            }
            Gamma => {
                let psi = self.digamma(a);
                let f = self.mul(p, psi);
                self.mul(da, f)
            }
            Lgamma => {
                let psi = self.digamma(a);
                self.mul(da, psi)
            }
            Round | Ceil | Floor | Trunc => return Ok(None),
        };
        Ok(Some(d))
    }

    fn float2_tangent(
        &mut self,
        f: Float2,
        a: SubExp,
        b: SubExp,
        da: Option<SubExp>,
        db: Option<SubExp>,
        p: SubExp,
    ) -> Option<SubExp> {
        match f {
            Float2::Atan2 => {
                let x = self.scale(da, b);
                let y = self.scale(db, a);
                let num = self.sub_opt(x, y)?;
                let aa = self.mul(a, a);
                let bb = self.mul(b, b);
                let norm = self.bin(BinOp::Add, aa, bb);
                Some(self.div(num, norm))
            }
            Float2::Hypot => {
                let x = self.scale(da, a);
                let y = self.scale(db, b);
                let num = self.add_opt(x, y)?;
                Some(self.div(num, p))
            }
            Float2::Copysign => {
                // The sign flips where the result's sign differs from `a`'s.
                let one = self.lit(1.0, a);
                let sa = self.op(Builtin::Float2(Float2::Copysign), vec![one, a]);
                let sp = self.op(Builtin::Float2(Float2::Copysign), vec![one, p]);
                let flip = self.mul(sa, sp);
                self.scale(da, flip)
            }
            Float2::Nextafter => da,
            Float2::Ldexp => da.map(|da| self.op(Builtin::Float2(Float2::Ldexp), vec![da, b])),
        }
    }
}
