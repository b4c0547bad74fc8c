//! Binding forms: `let` (patterns, local functions, in-place updates) and
//! `loop` (state, forms, sizes that may change between iterations).

use runic_syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use super::exprs::INTEGRAL;
use super::{child_nodes, name_text, Checker};
use crate::env::Scheme;
use crate::types::{PrimType, Size, Type};

impl Checker<'_> {
    pub(super) fn let_expr(&mut self, node: &SyntaxNode) -> Type {
        let sizes: Vec<String> = child_nodes(node)
            .filter(|c| c.kind() == SIZE_PARAM)
            .filter_map(|p| child_nodes(&p).next().map(|n| name_text(&n)))
            .collect();
        let rest: Vec<SyntaxNode> = child_nodes(node)
            .filter(|c| c.kind() != SIZE_PARAM)
            .collect();
        let [pattern, value, body @ ..] = rest.as_slice() else {
            return self.u.fresh();
        };
        let mark = self.scope_mark();
        let value_ty = self.expr(value);
        self.push_scope();
        for size in &sizes {
            self.bind_local(size.clone(), Scheme::mono(Type::i64()));
        }
        let value_ty = self.name_unknown_sizes(&value_ty, &sizes);
        let size_params: Vec<SyntaxNode> = child_nodes(node)
            .filter(|c| c.kind() == SIZE_PARAM)
            .collect();
        let unused = super::decls::unused_size_params(&size_params, std::slice::from_ref(pattern));
        for size_param in &unused {
            self.report_unused_size(size_param);
        }
        self.check_let_sizes_concrete(&size_params, &unused, pattern);
        let size_vars: Vec<(String, Size)> = sizes
            .iter()
            .map(|name| (name.clone(), self.u.fresh_size()))
            .collect();
        let outer_size_vars = std::mem::replace(&mut self.let_size_vars, size_vars.clone());
        let size_names: Vec<(String, TextRange)> = size_params
            .iter()
            .filter_map(|p| child_nodes(p).next())
            .map(|n| (name_text(&n), n.text_range()))
            .collect();
        self.in_let_pattern = true;
        self.bind_pattern_after_sizes(&size_names, pattern, &value_ty);
        self.in_let_pattern = false;
        self.let_size_vars = outer_size_vars;
        self.name_let_sizes(&size_params, &size_vars, &unused);
        self.note_let_sizes(pattern, &value_ty);
        self.pending_refutable
            .push((pattern.clone(), value_ty.clone()));
        let ty = match body.first() {
            Some(body) => self.expr(body),
            None => self.u.fresh(),
        };
        // The size parameters of a `let` name the value's sizes, which
        // are outer ones: only the pattern's variables are new here.
        self.check_scope_levels(
            &mark,
            &super::levels::bound_in(std::slice::from_ref(pattern)),
        );
        let ty = self.replace_let_bound_size(pattern, value, ty);
        self.pop_scope();
        self.check_sizes_stay_in_let(node, &ty);
        ty
    }

    /// `let m = n + 1 in iota m`: a size named by a variable the `let`
    /// binds to a size expression becomes that expression once the
    /// variable goes out of scope (`[n + 1]`), as in Futhark.
    fn replace_let_bound_size(
        &mut self,
        pattern: &SyntaxNode,
        value: &SyntaxNode,
        ty: Type,
    ) -> Type {
        let Some(name) = super::param_sizes::whole_param_name(pattern) else {
            return ty;
        };
        let Some(size) = self.size_of_expression(value) else {
            return ty;
        };
        let mut mentions = false;
        size.visit(&mut |s| mentions |= matches!(s, Size::Named(n) if *n == name));
        if mentions {
            return ty;
        }
        let resolved = self.u.resolve(&ty);
        crate::unify::substitute_size(&resolved, &|s| match s {
            Size::Named(n) if *n == name => Some(size.clone()),
            _ => None,
        })
    }

    /// Gives `let [n] x = e` its meaning: the unknown sizes of `e` (still
    /// to infer, or existential results) get the names listed, outermost
    /// first.
    fn name_unknown_sizes(&mut self, ty: &Type, names: &[String]) -> Type {
        if names.is_empty() {
            return ty.clone();
        }
        let resolved = self.u.resolve(ty);
        let mut unknown = Vec::new();
        super::types::collect_sizes(&resolved, &mut |s| {
            let existential = matches!(s, Size::Named(n) if n.starts_with('?'));
            if (existential || matches!(s, Size::Var(_))) && !unknown.contains(s) {
                unknown.push(s.clone());
            }
        });
        let mut existentials = Vec::new();
        for (size, name) in unknown.iter().zip(names) {
            match size {
                Size::Var(_) => {
                    let _ = self.u.unify_size(size, &Size::Named(name.clone()));
                }
                _ => existentials.push((size.clone(), Size::Named(name.clone()))),
            }
        }
        let named = self.u.resolve(&resolved);
        crate::unify::substitute_size(&named, &|s| {
            existentials
                .iter()
                .find(|(from, _)| from == s)
                .map(|(_, to)| to.clone())
        })
    }

    pub(super) fn let_fun_expr(&mut self, node: &SyntaxNode) -> Type {
        let Some(name) = child_nodes(node).find(|c| c.kind() == NAME) else {
            return self.u.fresh();
        };
        let scheme = self.function_definition(node, true);
        let body = child_nodes(node).filter(super::decls::is_expr).nth(1);
        self.push_scope();
        self.note_binding(&name_text(&name), name.text_range(), &scheme.ty);
        self.bind_local_at(name_text(&name), scheme, Some(name.text_range()));
        let ty = self.expr_or_fresh(body);
        self.pop_scope();
        ty
    }

    /// `let x[i] = v in body`, `let r.a = v in body`, `let x[i].a = v in
    /// body`.
    pub(super) fn let_update_expr(&mut self, node: &SyntaxNode) -> Type {
        let Some(name) = child_nodes(node).find(|c| c.kind() == NAME) else {
            return self.u.fresh();
        };
        let steps = super::exprs::path_steps(node);
        if steps.is_empty() {
            return self.u.fresh();
        }
        let exprs: Vec<SyntaxNode> = child_nodes(node).filter(super::decls::is_expr).collect();
        let var = name_text(&name);
        let array_ty = self.resolve_path_value(std::slice::from_ref(&var), name.text_range());
        let target = self.path_target(&array_ty, &steps, node.text_range());
        if let Some(value) = exprs.first() {
            let value_ty = self.expr(value);
            self.expect_type(value.text_range(), &target, &value_ty);
        }
        self.push_scope();
        self.bind_local(var, Scheme::mono(array_ty));
        let ty = self.expr_or_fresh(exprs.get(1));
        self.pop_scope();
        ty
    }

    pub(super) fn loop_expr(&mut self, node: &SyntaxNode) -> Type {
        let children: Vec<SyntaxNode> = child_nodes(node)
            .filter(|c| c.kind() != SIZE_PARAM)
            .collect();
        let Some(pattern) = children.first() else {
            return self.u.fresh();
        };
        let form_index = children
            .iter()
            .position(|c| matches!(c.kind(), FOR_LT_FORM | FOR_IN_FORM | WHILE_FORM));
        let init = children
            .get(1)
            .filter(|c| super::decls::is_expr(c) && Some(1) != form_index);
        let state_ty = match init {
            Some(init) => self.expr(init),
            None => self.loop_state_from_scope(pattern),
        };
        // Sizes of the loop state may change between iterations: they are
        // unknown unless the pattern's annotation or the body fixes them.
        let resolved_state = self.u.resolve(&state_ty);
        let state_ty = self.loosen_sizes(&resolved_state);
        self.check_not_lifted(&state_ty, pattern.text_range(), "used as loop variable");
        self.require_first_order(
            pattern.text_range(),
            &state_ty,
            super::functional::FirstOrderPlace::LoopParameter,
        );
        self.push_scope();
        self.bind_pattern(pattern, &state_ty);
        if let Some(form) = form_index.map(|i| children[i].clone()) {
            self.loop_form(&form);
        } else {
            self.error(
                "syntax",
                node.text_range(),
                "Loop without `for` or `while`.",
            );
        }
        let mut result = state_ty.clone();
        if let Some(body) = children.last().filter(|c| super::decls::is_expr(c)) {
            let body_ty = self.expr(body);
            // Sizes the pattern names stay fixed; the others may change.
            let expected = self.loosen_unnamed_sizes(&self.u.resolve(&state_ty));
            if self.expect_in(
                body.text_range(),
                super::Context::LoopBody,
                &expected,
                &body_ty,
            ) {
                result = self.loop_result(&resolved_state, &state_ty, &body_ty);
            }
        }
        self.pop_scope();
        result
    }

    /// `ty` with each size that is not a name given in the program (an
    /// unknown or invented one) replaced by a fresh size variable.
    fn loosen_unnamed_sizes(&mut self, ty: &Type) -> Type {
        let sizes: Vec<Size> = super::exprs::dims(ty)
            .into_iter()
            .map(|size| match size {
                Size::Named(n) if !n.starts_with('?') => Size::Named(n),
                Size::Const(_) | Size::Op(..) | Size::Expr(_) => size,
                _ => self.u.fresh_size(),
            })
            .collect();
        super::exprs::with_dims(ty, &sizes)
    }

    /// `loop x for ...` without `= init`: the state starts as the variables of the same names.
    fn loop_state_from_scope(&mut self, pattern: &SyntaxNode) -> Type {
        let names: Vec<SyntaxNode> = pattern.descendants().filter(|d| d.kind() == NAME).collect();
        let tys: Vec<Type> = names
            .iter()
            .map(|n| self.resolve_path_value(&[name_text(n)], n.text_range()))
            .collect();
        if tys.len() == 1 {
            tys.into_iter().next().expect("one")
        } else {
            Type::tuple(tys)
        }
    }

    fn loop_form(&mut self, form: &SyntaxNode) {
        match form.kind() {
            FOR_LT_FORM => {
                let Some(name) = child_nodes(form).find(|c| c.kind() == NAME) else {
                    return;
                };
                let Some(bound) = child_nodes(form).find(super::decls::is_expr) else {
                    return;
                };
                let bound_ty = self.expr(&bound);
                // `for i < n` is `for i in 0..<n`: any integer type, and
                // like the range's literal `0`, i32 when nothing fixes it.
                let wanted = self.u.fresh_numeric(INTEGRAL.to_vec(), Some(PrimType::I32));
                self.expect_type(bound.text_range(), &wanted, &bound_ty);
                self.bind_local(name_text(&name), Scheme::mono(bound_ty));
            }
            FOR_IN_FORM => {
                let parts: Vec<SyntaxNode> = child_nodes(form).collect();
                let [pattern, array] = parts.as_slice() else {
                    return;
                };
                let array_ty = self.expr(array);
                let elem = self.u.fresh();
                let wanted = Type::array_of(elem.clone(), vec![self.u.fresh_size()], false);
                self.expect_type(array.text_range(), &wanted, &array_ty);
                self.bind_pattern(pattern, &elem);
            }
            WHILE_FORM => {
                if let Some(cond) = child_nodes(form).next() {
                    let ty = self.expr(&cond);
                    self.expect_type(cond.text_range(), &Type::bool(), &ty);
                }
            }
            _ => {}
        }
    }
}

impl Checker<'_> {
    /// A `let` size parameter must be the size of some value that is not
    /// a function: one used only inside function types (`let [n] (f: [n]t
    /// -> [n]t) = ...`) could not be read off the bound value.
    fn check_let_sizes_concrete(
        &mut self,
        size_params: &[SyntaxNode],
        unused: &[SyntaxNode],
        pattern: &SyntaxNode,
    ) {
        for size_param in size_params.iter().filter(|p| !unused.contains(p)) {
            let Some(name) = child_nodes(size_param).next().map(|n| name_text(&n)) else {
                continue;
            };
            let concrete = pattern
                .descendants()
                .filter(|n| n.kind() == DIM)
                .filter(|dim| {
                    dim.descendants()
                        .any(|p| p.kind() == PATH && p.text() == name.as_str())
                })
                .any(|dim| !dim.ancestors().any(|a| a.kind() == FUNCTION_TYPE));
            if !concrete {
                self.error(
                    "unused-size",
                    size_param.text_range(),
                    format!("Cannot bind [{name}] as it is never used as the size of a concrete (non-function) value."),
                );
            }
        }
    }
}
