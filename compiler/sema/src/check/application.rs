//! Function application: each argument checked against its parameter (with
//! Futhark's "Cannot apply" messages), size-dependent parameters `(n: i64)`
//! substituted by the size the argument denotes, without capturing names.

use runic_syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use super::exprs::compact_text;
use super::operators::operator_text;
use super::{child_nodes, path_segments, Checker};
use crate::diagnostic::Diagnostic;
use crate::types::{Size, Type};
use crate::unify::{substitute_size, Constraint};

impl Checker<'_> {
    pub(super) fn app_expr(&mut self, node: &SyntaxNode) -> Type {
        let mut parts = child_nodes(node);
        let Some(func) = parts.next() else {
            return self.u.fresh();
        };
        let args: Vec<SyntaxNode> = parts.collect();
        let func_ty = self.expr(&func);
        self.apply(func_ty, &func, &args, node.text_range())
    }

    /// Applies a function of type `func_ty` to `args` one at a time.
    pub fn apply(
        &mut self,
        func_ty: Type,
        func: &SyntaxNode,
        args: &[SyntaxNode],
        range: TextRange,
    ) -> Type {
        let mut ty = func_ty;
        for (i, arg) in args.iter().enumerate() {
            let arg_ty = self.expr(arg);
            ty = self.apply_one(ty, func, arg, &arg_ty, i, range);
        }
        ty
    }

    /// One application step; `arg` is the argument's syntax (for sizes named
    /// by the argument and for messages).
    pub fn apply_one(
        &mut self,
        func_ty: Type,
        func: &SyntaxNode,
        arg: &SyntaxNode,
        arg_ty: &Type,
        index: usize,
        range: TextRange,
    ) -> Type {
        // Only a variable is looked through: an arrow is taken apart as it is.
        let func_ty = match func_ty {
            Type::Var(_) => self.u.shallow(&func_ty),
            other => other,
        };
        let (param_name, param, ret) = match func_ty {
            Type::Arrow {
                param_name,
                param,
                ret,
                ..
            } => (param_name, *param, *ret),
            Type::Var(v) if *self.u.constraint(v) == Constraint::None => {
                let (param, ret) = (self.u.fresh(), self.u.fresh());
                self.expect_type(
                    range,
                    &Type::Var(v),
                    &Type::arrow(param.clone(), ret.clone()),
                );
                (None, param, ret)
            }
            other => {
                let shown = self.u.display(&other);
                let name = compact_text(func);
                let compared = matches!(other, Type::Var(v)
                    if matches!(self.u.constraint(v), Constraint::Equality));
                let message = if index == 0 && compared {
                    format!("Cannot apply expression as function: \"{name}\" has type {shown}, and it is compared for equality, which functions do not support.")
                } else if index == 0 {
                    format!("Cannot apply expression as function: \"{name}\" has type {shown}.")
                } else {
                    format!(
                        "Cannot apply \"{name}\" to argument #{} \"{}\",\nas \"{name}\" only takes {index} argument{}.",
                        index + 1,
                        compact_text(arg),
                        if index == 1 { "" } else { "s" }
                    )
                };
                self.error("type-mismatch", arg.text_range(), message);
                return self.u.fresh();
            }
        };
        let context = super::Context::Apply {
            func: func.clone(),
            arg: arg.clone(),
        };
        if self.expect_in(arg.text_range(), context, &param, arg_ty) {
            self.check_no_existential_in_params(func, arg, arg_ty, &ret);
        }
        match param_name {
            Some(name) => {
                let size = self.size_of_argument(arg);
                let ret = self.avoid_capture(&ret, &size);
                substitute_size(&ret, &|s| match s {
                    Size::Named(n) if *n == name => Some(size.clone()),
                    _ => None,
                })
            }
            None => ret,
        }
    }

    /// A function argument whose result has existential sizes (`filter
    /// p`, of type `[n]t -> ?[m].[m]t`) may not make them appear in a
    /// parameter of the application's result (as `filter p >-> length`
    /// would): no such size exists before the function is applied.
    fn check_no_existential_in_params(
        &mut self,
        func: &SyntaxNode,
        arg: &SyntaxNode,
        arg_ty: &Type,
        ret: &Type,
    ) {
        let arg_ty = self.u.resolve(arg_ty);
        if !matches!(arg_ty, Type::Arrow { .. }) {
            return;
        }
        // The sizes that exist only inside the argument: its existential
        // results and the names its own parameters bind (`(n: i64) -> ...`).
        let mut problematic = super::exprs::existential_result_sizes(&arg_ty);
        problematic.extend(names_bound_inside(&arg_ty));
        let ret = self.u.resolve(ret);
        let mut produced = Vec::new();
        if !matches!(ret, Type::Arrow { .. }) {
            super::types::collect_sizes(&ret, &mut |s| {
                if let Size::Named(n) = s {
                    produced.push(n.clone());
                }
            });
        }
        let mut in_params = super::exprs::param_size_names(&ret);
        in_params.retain(|n| problematic.contains(n) && !produced.contains(n));
        if in_params.is_empty() {
            return;
        }
        let shown = self.u.display(&ret);
        let (func, argument) = (compact_text(func), compact_text(arg));
        self.report(
            Diagnostic::error(
                "existential-param",
                arg.text_range(),
                format!("Cannot apply \"{func}\" to \"{argument}\".\nExistential size would appear in function parameter of return type:\n  {shown}\nThe argument returns an array whose size is known only once it is applied, or names a size with a parameter of its own, and that size would be needed before it exists; apply the argument first (e.g. with \"|>\") instead of passing it on."),
            ),
        );
    }

    /// Renames the size parameters of the arrows in `ty` that `size` mentions,
    /// so substituting `size` into `ty` cannot capture its names.
    fn avoid_capture(&mut self, ty: &Type, size: &Size) -> Type {
        let mut free = Vec::new();
        size.visit(&mut |s| {
            if let Size::Named(n) = s {
                free.push(n.clone());
            }
        });
        match ty {
            Type::Arrow {
                param_name: Some(name),
                param,
                ret,
                unique_ret,
            } if free.contains(name) => {
                let fresh = self.fresh_name("~");
                let ret = crate::unify::rename_size(ret, name, &fresh);
                Type::Arrow {
                    param_name: Some(fresh),
                    param: param.clone(),
                    ret: Box::new(self.avoid_capture(&ret, size)),
                    unique_ret: *unique_ret,
                }
            }
            Type::Arrow {
                param_name,
                param,
                ret,
                unique_ret,
            } => Type::Arrow {
                param_name: param_name.clone(),
                param: param.clone(),
                ret: Box::new(self.avoid_capture(ret, size)),
                unique_ret: *unique_ret,
            },
            other => other.clone(),
        }
    }

    /// The size an argument stands for when passed as a size parameter.
    fn size_of_argument(&mut self, arg: &SyntaxNode) -> Size {
        self.warn_if_size_binds(arg);
        self.size_of_expression(arg)
            .unwrap_or_else(|| self.size_computed_by(arg))
    }

    /// Futhark's warning for an expression that gives a size (a size
    /// argument, a slice bound) but binds names: a size cannot hold the
    /// binding, so the size is unknown.
    pub(super) fn warn_if_size_binds(&mut self, expr: &SyntaxNode) {
        let binds = super::green::any_node(expr, |n| {
            matches!(
                super::green::node_kind(n),
                LAMBDA_EXPR | LET_EXPR | LET_FUN_EXPR | LOOP_EXPR | LET_UPDATE_EXPR | MATCH_EXPR
            )
        });
        if binds {
            self.report(crate::Diagnostic::warning(
                "size-expression-bind",
                expr.text_range(),
                "Size expression with binding is replaced by unknown size.",
            ));
        }
    }

    /// The size an expression denotes, when it is made of sizes in scope,
    /// constants and arithmetic (`n`, `3`, `k + 1`, `n * m`).
    pub(super) fn size_of_expression(&self, expr: &SyntaxNode) -> Option<Size> {
        match expr.kind() {
            PATH_EXPR => {
                let segments = path_segments(&child_nodes(expr).next()?);
                match segments.as_slice() {
                    [name] if self.lookup_local(name).is_some() => Some(Size::Named(name.clone())),
                    // A module-level `i64` (`n`, `M.n`) names a size too.
                    _ if self.names_global_i64(&segments) => Some(Size::Named(segments.join("."))),
                    _ => None,
                }
            }
            LITERAL => {
                let token = super::direct_tokens(expr).next()?;
                if token.kind() != INT_NUMBER {
                    return None;
                }
                let value = super::literals::literal_value(token.text())?;
                i64::try_from(value).ok().map(Size::Const)
            }
            PAREN_EXPR => self.size_of_expression(&child_nodes(expr).next()?),
            BIN_EXPR => {
                let parts: Vec<SyntaxNode> = child_nodes(expr).collect();
                let [a, op, b] = parts.as_slice() else {
                    return None;
                };
                let op = operator_text(op);
                if !["+", "-", "*", "/", "%", "//"].contains(&op.as_str()) {
                    return None;
                }
                let (a, b) = (self.size_of_expression(a)?, self.size_of_expression(b)?);
                Some(Size::Op(op, Box::new(a), Box::new(b)))
            }
            _ => None,
        }
    }
}

/// The size names that the arrows inside `ty` bind for their parameters
/// (`n` in `(n: i64) -> [n]t -> t`).
fn names_bound_inside(ty: &Type) -> Vec<String> {
    let mut names = Vec::new();
    let mut visit = vec![ty];
    while let Some(ty) = visit.pop() {
        match ty {
            Type::Arrow {
                param_name,
                param,
                ret,
                ..
            } => {
                names.extend(param_name.iter().cloned());
                visit.push(param);
                visit.push(ret);
            }
            Type::Array { elem, .. } => visit.push(elem),
            Type::Record(fields) => visit.extend(fields.values()),
            Type::Sum(cases) => visit.extend(cases.values().flatten()),
            _ => {}
        }
    }
    names
}
