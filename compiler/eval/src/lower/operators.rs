//! Operators: user-defined ones are calls, built-in ones scalar
//! operations; sections (`(+)`, `(x +)`, `(+ y)`, `(.a)`) as small
//! lambdas.

use std::rc::Rc;

use runic_syntax::{SyntaxKind, SyntaxNode};
use SyntaxKind::*;

use super::exprs::exprs;
use super::{child, path_segments, Lowered, Lowerer, ValRef};
use crate::ir::{Expr, FuncDef, Pat};
use crate::prim::BinOp;
use crate::value::Value;

impl Lowerer<'_> {
    /// A user-defined or prelude operator in scope, as a callee.
    pub(super) fn operator_function(&mut self, op: &str) -> Option<Expr> {
        if let Some(slot) = self.local(op) {
            return Some(Expr::Local(slot));
        }
        match self.scope.vals.get(op)? {
            ValRef::Global(g) => Some(Expr::Global(*g)),
            ValRef::Const(p) => Some(Expr::Const(Value::Prim(*p))),
        }
    }

    pub(super) fn binary(&mut self, node: &SyntaxNode) -> Lowered<Expr> {
        let mut parts = exprs(node);
        let (Some(lhs), Some(rhs)) = (parts.next(), parts.next()) else {
            return self.error(node, "incomplete binary expression");
        };
        let Some(op) = child(node, BIN_OP) else {
            return self.error(node, "missing operator");
        };
        let lhs = self.expr(&lhs)?;
        let rhs = self.expr(&rhs)?;
        self.apply_operator(node, &op, lhs, rhs)
    }

    /// `lhs op rhs` for an operator node (`BIN_OP`: an operator, possibly
    /// qualified, or a backticked name).
    pub(super) fn apply_operator(
        &mut self,
        node: &SyntaxNode,
        op: &SyntaxNode,
        lhs: Expr,
        rhs: Expr,
    ) -> Lowered<Expr> {
        let loc = self.loc(node);
        if let Some(path) = child(op, PATH) {
            let callee = self.path(op, &path_segments(&path))?;
            return Ok(self.call(callee, vec![lhs, rhs], loc));
        }
        let symbol = path_segments(op).join(".");
        if let Some(callee) = self.operator_function(&symbol) {
            return Ok(self.call(callee, vec![lhs, rhs], loc));
        }
        if symbol.contains('.') {
            let segments: Vec<String> = symbol.split('.').map(str::to_string).collect();
            let callee = self.path(op, &segments)?;
            return Ok(self.call(callee, vec![lhs, rhs], loc));
        }
        let (l, r) = (Box::new(lhs), Box::new(rhs));
        Ok(match symbol.as_str() {
            "&&" => Expr::And(l, r),
            "||" => Expr::Or(l, r),
            "==" => Expr::Equal(true, l, r),
            "!=" => Expr::Equal(false, l, r),
            other => match BinOp::from_symbol(other) {
                Some(bin) => Expr::BinOp(bin, l, r, loc),
                None => return self.error(node, format!("unknown operator `{other}`")),
            },
        })
    }

    /// `(+)`, `(==)`, ...: the operator as a function value.
    pub(super) fn op_section(&mut self, node: &SyntaxNode) -> Lowered<Expr> {
        let Some(op) = child(node, BIN_OP) else {
            return self.error(node, "missing operator");
        };
        // A built-in scalar operator not redefined in scope is the builtin
        // itself, which `reduce`, `scan` and friends apply without a call.
        let symbol = path_segments(&op).join(".");
        let scalar = match symbol.as_str() {
            "&&" => Some(BinOp::And),
            "||" => Some(BinOp::Or),
            "==" | "!=" => None,
            other => BinOp::from_symbol(other),
        };
        if let Some(bin) = scalar {
            if child(&op, PATH).is_none() && self.operator_function(&symbol).is_none() {
                return Ok(Expr::Builtin(crate::builtins::Builtin::Bin(bin)));
            }
        }
        self.synthetic_lambda(node, 2, None, |l, params| {
            l.apply_operator(node, &op, Expr::Local(params[0]), Expr::Local(params[1]))
        })
    }

    /// A built-in operator named as a value (`(+)` written as a path).
    pub(super) fn builtin_operator_value(
        &mut self,
        node: &SyntaxNode,
        op: &str,
    ) -> Lowered<Option<Expr>> {
        if BinOp::from_symbol(op).is_none() && !matches!(op, "&&" | "||") {
            return Ok(None);
        }
        let Some(bin) = child(node, PATH).or_else(|| child(node, BIN_OP)) else {
            return Ok(None);
        };
        let _ = bin;
        let loc = self.loc(node);
        let op = op.to_string();
        self.synthetic_lambda(node, 2, None, move |_, p| {
            let (l, r) = (Box::new(Expr::Local(p[0])), Box::new(Expr::Local(p[1])));
            Ok(match op.as_str() {
                "&&" => Expr::And(l, r),
                "||" => Expr::Or(l, r),
                "==" => Expr::Equal(true, l, r),
                "!=" => Expr::Equal(false, l, r),
                other => Expr::BinOp(BinOp::from_symbol(other).expect("checked above"), l, r, loc),
            })
        })
        .map(Some)
    }

    /// `(x +)` and `(+ y)`: the operand is evaluated once, when the section
    /// is.
    pub(super) fn operand_section(&mut self, node: &SyntaxNode) -> Lowered<Expr> {
        let Some(op) = child(node, BIN_OP) else {
            return self.error(node, "missing operator");
        };
        let operand = self.first_expr(node)?;
        let left = node.kind() == LEFT_SECTION;
        let hidden = format!(" section{}", u32::from(node.text_range().start()));
        let slot = self.bind(&hidden);
        let lambda = self.synthetic_lambda(node, 1, Some(&hidden), |l, params| {
            let fixed = Expr::Local(l.local(&hidden).expect("bound above"));
            let param = Expr::Local(params[0]);
            let (lhs, rhs) = if left { (fixed, param) } else { (param, fixed) };
            l.apply_operator(node, &op, lhs, rhs)
        })?;
        Ok(Expr::Let(
            Pat::Bind(slot),
            Box::new(operand),
            Box::new(lambda),
        ))
    }

    /// A lambda with `arity` fresh parameters whose body `build` makes.
    pub(super) fn synthetic_lambda(
        &mut self,
        node: &SyntaxNode,
        arity: usize,
        _capture: Option<&str>,
        build: impl FnOnce(&mut Self, &[u32]) -> Lowered<Expr>,
    ) -> Lowered<Expr> {
        let loc = self.loc(node);
        let ((params, body), frame_size, inner, outer) = self.in_function(|l| {
            let params: Vec<u32> = (0..arity).map(|_| l.temp()).collect();
            let body = build(l, &params)?;
            Ok((params, body))
        })?;
        let func = FuncDef {
            name: Rc::from("section"),
            params: params.into_iter().map(Pat::Bind).collect(),
            body,
            frame_size,
            captures: inner,
            implicit_sizes: Vec::new(),
            type_sizes: Vec::new(),
            ret: None,
            loc,
            noinline: false,
        };
        Ok(Expr::Lambda(Rc::new(func), outer))
    }
}
