//! The digamma function (the derivative of `lgamma`, and with `gamma`'s
//! value the derivative of `gamma`) as core statements, computed as the
//! interpreter computes it (`runic_eval::special::digamma`), in `f64`:
//! the reflection `ψ(x) = ψ(1 - x) - π / tan(π x)` below 1/2, the
//! recurrence `ψ(x) = ψ(x + 1) - 1/x` up to 10, then the asymptotic
//! series. Differentiating it again is refused at run time, as in the
//! interpreter.

use std::f64::consts::PI;

use runic_eval::builtins::{Builtin, Float1};
use runic_eval::prim::BinOp;
use runic_eval::value::Prim;
use runic_sema::types::PrimType;

use super::Fwd;
use crate::ir::*;

/// The name of the variable digamma's code starts from (a statement
/// binding it from an operand with a tangent is a second derivative).
pub(super) const INPUT: &str = "digamma_x";

fn f64c(x: f64) -> SubExp {
    SubExp::Const(Prim::F64(x))
}

impl Fwd<'_> {
    /// `ψ(a)`, of `a`'s type.
    pub(super) fn digamma(&mut self, a: SubExp) -> SubExp {
        let prim = self.ty(a).prim;
        let start = self.bind(INPUT, Exp::SubExp(a), Type::scalar(prim));
        let x = if prim == PrimType::F64 {
            start
        } else {
            self.op(Builtin::Convert(PrimType::F64), vec![start])
        };
        let nan = self.op(Builtin::IsNan, vec![x]);
        let fl = self.op(Builtin::Float1(Float1::Floor), vec![x]);
        let integral = self.bin(BinOp::Eq, x, fl);
        let nonpositive = self.bin(BinOp::Le, x, f64c(0.0));
        let pole = self.bin(BinOp::And, integral, nonpositive);
        let undefined = self.bin(BinOp::Or, nan, pole);
        let small = self.bin(BinOp::Lt, x, f64c(0.5));
        let reflected = self.bin(BinOp::Sub, f64c(1.0), x);
        let y = self.select(small, reflected, x);
        let (z, shift) = self.shift_up(y);
        let zz = self.bin(BinOp::Mul, z, z);
        let r = self.bin(BinOp::Div, f64c(1.0), zz);
        // r (1/12 - r (1/120 - r (1/252 - r (1/240 - r / 132))))
        let mut series = self.bin(BinOp::Div, r, f64c(132.0));
        for c in [240.0, 252.0, 120.0, 12.0] {
            let inner = self.bin(BinOp::Sub, f64c(1.0 / c), series);
            series = self.bin(BinOp::Mul, r, inner);
        }
        let ln = self.op(Builtin::Float1(Float1::Log), vec![z]);
        let d = self.bin(BinOp::Add, shift, ln);
        let half = self.bin(BinOp::Div, f64c(0.5), z);
        let d = self.bin(BinOp::Sub, d, half);
        let d = self.bin(BinOp::Sub, d, series);
        let px = self.bin(BinOp::Mul, f64c(PI), x);
        let tan = self.op(Builtin::Float1(Float1::Tan), vec![px]);
        let cot = self.bin(BinOp::Div, f64c(PI), tan);
        let refl = self.bin(BinOp::Sub, d, cot);
        let d = self.select(small, refl, d);
        let d = self.select(undefined, f64c(f64::NAN), d);
        if prim == PrimType::F64 {
            d
        } else {
            self.op(Builtin::Convert(prim), vec![d])
        }
    }

    /// `while z < 10 do (z + 1, shift - 1/z)` from `(y, 0)`.
    fn shift_up(&mut self, y: SubExp) -> (SubExp, SubExp) {
        let f64t = Type::scalar(PrimType::F64);
        let c0 = self.bin(BinOp::Lt, y, f64c(10.0));
        let cond = self.prog.new_var("go", Type::scalar(PrimType::Bool));
        let z = self.prog.new_var("z", f64t.clone());
        let shift = self.prog.new_var("shift", f64t.clone());
        let saved = std::mem::take(&mut self.out);
        let step = self.bin(BinOp::Div, f64c(1.0), SubExp::Var(z));
        let shift2 = self.bin(BinOp::Sub, SubExp::Var(shift), step);
        let z2 = self.bin(BinOp::Add, SubExp::Var(z), f64c(1.0));
        let c2 = self.bin(BinOp::Lt, z2, f64c(10.0));
        let stms = std::mem::replace(&mut self.out, saved);
        let go = self.prog.new_var("go", Type::scalar(PrimType::Bool));
        let zo = self.prog.new_var("z", f64t.clone());
        let so = self.prog.new_var("shift", f64t);
        self.push(
            Pat {
                ctx: Vec::new(),
                vals: vec![go, zo, so],
            },
            Exp::Loop {
                ctx: Vec::new(),
                params: vec![(cond, c0), (z, y), (shift, f64c(0.0))],
                form: LoopForm::While(cond),
                body: Body {
                    stms,
                    result: vec![c2, z2, shift2],
                },
            },
        );
        (SubExp::Var(zo), SubExp::Var(so))
    }
}
