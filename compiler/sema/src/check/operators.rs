//! Operators: binary operators and pipes, prefix operators, sections
//! (`(+ 1)`, `(.field)`, `(.[i])`), and the types of operator names, the
//! built-in ones included.

use runic_syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use super::exprs::{numeric, INTEGRAL};
use super::{child_nodes, direct_tokens, path_segments, token_of_kind, Checker};
use crate::types::{PrimType, Type};
use crate::unify::Constraint;

impl Checker<'_> {
    pub(super) fn bin_expr(&mut self, node: &SyntaxNode) -> Type {
        let parts: Vec<SyntaxNode> = child_nodes(node).collect();
        let [lhs, op, rhs] = parts.as_slice() else {
            // A broken operand: check what is there.
            for part in parts.iter().filter(|p| p.kind() != BIN_OP) {
                self.expr(part);
            }
            return self.u.fresh();
        };
        let op_text = operator_text(op);
        match op_text.as_str() {
            "|>" => return self.pipe(rhs, lhs, node.text_range()),
            "<|" => return self.pipe(lhs, rhs, node.text_range()),
            _ => {}
        }
        let op_ty = self.operator_type(op, &op_text);
        self.expr_types.insert(op.text_range(), op_ty.clone());
        let lhs_ty = self.expr(lhs);
        let partial = self.apply_one(op_ty, op, lhs, &lhs_ty, 0, node.text_range());
        let rhs_ty = self.expr(rhs);
        self.apply_one(partial, op, rhs, &rhs_ty, 1, node.text_range())
    }

    /// `x |> f` and `f <| x`: applying `f` to `x`.
    fn pipe(&mut self, func: &SyntaxNode, arg: &SyntaxNode, range: TextRange) -> Type {
        let arg_ty = self.expr(arg);
        let func_ty = self.expr(func);
        self.apply_one(func_ty, func, arg, &arg_ty, 0, range)
    }

    /// The type of an infix operator: a user or prelude definition of that
    /// name if one is in scope, else Futhark's overloaded built-in.
    pub fn operator_type(&mut self, op: &SyntaxNode, text: &str) -> Type {
        if let Some(path) = child_nodes(op).find(|c| c.kind() == PATH) {
            let segments = path_segments(&path);
            return self.resolve_path_value(&segments, op.text_range());
        }
        if let Some(resolved) = self.lookup_value(text) {
            let scheme = resolved.shared_scheme().clone();
            return self.instantiate_named(&scheme, text, op.text_range());
        }
        match self.builtin_operator(text) {
            Some(ty) => {
                if let ("==" | "!=", Type::Arrow { param, .. }) = (text, &ty) {
                    let place = super::functional::FirstOrderPlace::Equality;
                    self.require_first_order(op.text_range(), param, place);
                }
                ty
            }
            None => {
                self.error(
                    "unknown-name",
                    op.text_range(),
                    format!("Unknown name \"{text}\"."),
                );
                self.u.fresh()
            }
        }
    }

    /// Futhark's built-in overloaded operators, instantiated.
    pub fn builtin_operator(&mut self, op: &str) -> Option<Type> {
        let binary = |t: Type, result: Type| Type::arrow(t.clone(), Type::arrow(t, result));
        let all_prims = PrimType::ALL.to_vec();
        let ty = match op {
            "+" | "-" | "*" | "/" | "%" | "**" => {
                let t = self
                    .u
                    .fresh_numeric_because(numeric(), None, format!("use of \"{op}\""));
                binary(t.clone(), t)
            }
            "//" | "%%" | "&" | "|" | "^" | "<<" | ">>" | ">>>" => {
                let t = self.u.fresh_numeric_because(
                    INTEGRAL.to_vec(),
                    None,
                    format!("use of \"{op}\""),
                );
                binary(t.clone(), t)
            }
            "==" | "!=" => {
                let t = self.u.fresh_with(Constraint::Equality);
                binary(t, Type::bool())
            }
            "<" | "<=" | ">" | ">=" => {
                let t = self
                    .u
                    .fresh_numeric_because(all_prims, None, format!("use of \"{op}\""));
                binary(t, Type::bool())
            }
            "&&" | "||" => binary(Type::bool(), Type::bool()),
            _ => return None,
        };
        Some(ty)
    }

    pub(super) fn prefix_expr(&mut self, node: &SyntaxNode) -> Type {
        let op = token_of_kind(node, OPERATOR)
            .map(|t| t.text().to_string())
            .unwrap_or_default();
        let Some(operand) = child_nodes(node).next() else {
            return self.u.fresh();
        };
        let ty = self.expr(&operand);
        if op == "-" && operand.kind() == LITERAL {
            self.negate_literal(operand.text_range(), node.text_range());
        }
        let allowed = if op == "!" {
            std::iter::once(PrimType::Bool).chain(INTEGRAL).collect()
        } else {
            numeric()
        };
        let reason = if op == "!" {
            "logical negation"
        } else {
            "numeric negation"
        };
        let wanted = self.u.fresh_numeric_because(allowed, None, reason.into());
        self.expect_type(operand.text_range(), &wanted, &ty);
        ty
    }

    /// `(+)`, `(x +)` and `(+ y)`.
    pub(super) fn section(&mut self, node: &SyntaxNode) -> Type {
        let Some(op) = child_nodes(node).find(|c| c.kind() == BIN_OP) else {
            return self.u.fresh();
        };
        let text = operator_text(&op);
        let op_ty = match text.as_str() {
            "|>" | "<|" => {
                let (a, b) = (self.u.fresh(), self.u.fresh());
                let f = Type::arrow(a.clone(), b.clone());
                if text == "|>" {
                    Type::arrow(a, Type::arrow(f, b))
                } else {
                    Type::arrow(f, Type::arrow(a, b))
                }
            }
            _ => self.operator_type(&op, &text),
        };
        let operand = child_nodes(node).find(|c| c.kind() != BIN_OP);
        match (node.kind(), operand) {
            (LEFT_SECTION, Some(x)) => {
                let x_ty = self.expr(&x);
                self.apply_one(op_ty, &op, &x, &x_ty, 0, node.text_range())
            }
            (RIGHT_SECTION, Some(y)) => {
                let (a, b, r) = (self.u.fresh(), self.u.fresh(), self.u.fresh());
                let wanted = Type::arrow(a.clone(), Type::arrow(b.clone(), r.clone()));
                self.expect_type(op.text_range(), &wanted, &op_ty);
                let y_ty = self.expr(&y);
                self.expect_type(y.text_range(), &b, &y_ty);
                Type::arrow(a, r)
            }
            _ => op_ty,
        }
    }

    /// `(.a.b)`: a function projecting fields.
    pub(super) fn project_section(&mut self, node: &SyntaxNode) -> Type {
        self.path_section(node)
    }

    /// `(.[i])`, `(.[i].a)`: a function indexing an array.
    pub(super) fn index_section(&mut self, node: &SyntaxNode) -> Type {
        self.path_section(node)
    }

    /// A function following a path of field and index steps.
    fn path_section(&mut self, node: &SyntaxNode) -> Type {
        let base = self.u.fresh();
        let steps = super::exprs::path_steps(node);
        if steps.is_empty() {
            return self.u.fresh();
        }
        let result = self.path_target(&base, &steps, node.text_range());
        Type::arrow(base, result)
    }
}

/// The operator's name as written inside a `BIN_OP` node.
pub(crate) fn operator_text(op: &SyntaxNode) -> String {
    if let Some(path) = child_nodes(op).find(|c| c.kind() == PATH) {
        return path_segments(&path).join(".");
    }
    direct_tokens(op)
        .find(|t| t.kind() == OPERATOR)
        .map(|t| t.text().to_string())
        .unwrap_or_default()
}
