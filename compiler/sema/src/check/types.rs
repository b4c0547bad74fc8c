//! Type expressions (syntax) to types: names and applications resolved in
//! scope, array sizes read from their dimension expressions.
//!
//! Anonymous sizes `[]` and existential sizes `?[n].` become invented names
//! starting with `?`: rigid inside the definition that declares them, and
//! instantiated afresh wherever the definition is used.

use std::collections::BTreeMap;

use runic_syntax::{SyntaxKind::*, SyntaxNode};

use super::{child_nodes, name_text, path_segments, Checker};
use crate::env::TypeDef;
use crate::types::{PrimType, Size, Type, TypeArg};

impl Checker<'_> {
    /// The type denoted by a type expression node.
    /// [`Self::type_exp_unguarded`] with enough stack for any depth.
    pub fn type_exp(&mut self, node: &SyntaxNode) -> Type {
        runic_syntax::with_stack(|| self.type_exp_unguarded(node))
    }

    fn type_exp_unguarded(&mut self, node: &SyntaxNode) -> Type {
        match node.kind() {
            PATH_TYPE => self.named_type(node, Vec::new()),
            TYPE_APP => {
                let mut parts = child_nodes(node);
                let Some(head) = parts.next() else {
                    return self.u.fresh();
                };
                let args: Vec<TypeArg> = parts.map(|arg| self.type_arg(&arg)).collect();
                if head.kind() == PATH_TYPE {
                    self.named_type(&head, args)
                } else {
                    self.error(
                        "type-error",
                        node.text_range(),
                        "Only named types can be applied to arguments.",
                    );
                    self.u.fresh()
                }
            }
            ARRAY_TYPE => {
                let mut parts = child_nodes(node);
                let size = parts.next().map_or(Size::Const(0), |dim| self.dim(&dim));
                let elem_node = parts.next();
                let elem = self.type_or_fresh(elem_node.clone());
                let written = elem_node
                    .as_ref()
                    .map_or_else(String::new, |e| e.text().to_string());
                let liftedness = elem_node.as_ref().and_then(|e| self.named_liftedness(e));
                if liftedness == Some(crate::env::Liftedness::Lifted) {
                    self.error(
                        "type-error",
                        node.text_range(),
                        format!("Cannot create array with elements of lifted type \"{written}\" (might contain function)."),
                    );
                } else if liftedness == Some(crate::env::Liftedness::SizeLifted) {
                    self.error(
                        "type-error",
                        node.text_range(),
                        format!("Cannot create array with elements of size-lifted type \"{written}\" (might cause irregular array)."),
                    );
                } else if elem.is_functional() {
                    self.error(
                        "type-error",
                        node.text_range(),
                        format!("Cannot create array with elements of lifted type \"{elem}\"."),
                    );
                }
                Type::array_of(elem, vec![size], false)
            }
            TUPLE_TYPE => Type::tuple(child_nodes(node).map(|t| self.type_exp(&t)).collect()),
            PAREN_TYPE => child_nodes(node)
                .next()
                .map_or_else(Type::unit, |t| self.type_exp(&t)),
            RECORD_TYPE => self.record_type(node),
            SUM_TYPE => self.sum_type(node),
            FUNCTION_TYPE => self.function_type(node),
            UNIQUE_TYPE => {
                let inner_node = child_nodes(node).next();
                let inner = self.type_or_fresh(inner_node.clone());
                if !may_contain_array(&inner) {
                    let written = inner_node.map_or_else(String::new, |n| n.text().to_string());
                    self.report(crate::Diagnostic::warning(
                        "uniqueness",
                        node.text_range(),
                        format!("Declaring \"{written}\" as unique has no effect: a value of type {inner} holds no array."),
                    ));
                }
                inner.with_uniqueness(true)
            }
            EXISTENTIAL_TYPE => self.existential_type(node),
            NAMED_PARAM_TYPE => self.type_or_fresh(child_nodes(node).find(|c| c.kind() != NAME)),
            _ => self.u.fresh(),
        }
    }

    fn type_arg(&mut self, node: &SyntaxNode) -> TypeArg {
        if node.kind() == SIZE_ARG {
            let size = child_nodes(node)
                .next()
                .map_or(Size::Const(0), |dim| self.dim(&dim));
            TypeArg::Size(size)
        } else {
            TypeArg::Type(self.type_exp(node))
        }
    }

    /// The declared liftedness of the type a type expression names, if it
    /// is a named type.
    pub(super) fn named_liftedness(&self, node: &SyntaxNode) -> Option<crate::env::Liftedness> {
        let head = match node.kind() {
            PATH_TYPE => node.clone(),
            TYPE_APP | PAREN_TYPE => return self.named_liftedness(&child_nodes(node).next()?),
            _ => return None,
        };
        let segments = path_segments(&child_nodes(&head).next()?);
        match self.lookup_qualified_type(&segments)? {
            crate::env::TypeDef::Abstract { lifted, .. }
            | crate::env::TypeDef::Alias { lifted, .. } => Some(lifted),
        }
    }

    /// The size written in a `DIM` node: `[n]`, `[3]`, `[]` or `[n*m]`.
    pub fn dim(&mut self, dim: &SyntaxNode) -> Size {
        let Some(expr) = child_nodes(dim).next() else {
            let name = self.fresh_name("?");
            self.anonymous_dims.push(name.clone());
            return Size::Named(name);
        };
        self.size_exp(&expr)
    }

    /// A size expression: names and constants, combined with arithmetic.
    fn size_exp(&mut self, expr: &SyntaxNode) -> Size {
        match expr.kind() {
            LITERAL => {
                let text = expr.text().to_string();
                match text.trim_end_matches("i64").replace('_', "").parse::<i64>() {
                    Ok(n) => Size::Const(n),
                    Err(_) => Size::Expr(text),
                }
            }
            PATH_EXPR => {
                let segments = child_nodes(expr)
                    .next()
                    .map(|p| path_segments(&p))
                    .unwrap_or_default();
                let name = segments.join(".");
                if let Some((_, size)) = self.let_size_vars.iter().find(|(n, _)| *n == name) {
                    // A size parameter of the `let` being bound: inferred.
                    return size.clone();
                }
                match self.lookup_value(&segments[0]) {
                    None if segments.len() == 1 => {
                        self.error(
                            "unknown-name",
                            expr.text_range(),
                            format!("Unknown name \"{name}\"."),
                        );
                    }
                    _ => {
                        let ty = self.expr(expr);
                        self.expect_type(expr.text_range(), &Type::i64(), &ty);
                    }
                }
                Size::Named(name)
            }
            PAREN_EXPR => match child_nodes(expr).next() {
                Some(inner) => self.size_exp(&inner),
                None => Size::Const(0),
            },
            BIN_EXPR => {
                let parts: Vec<SyntaxNode> = child_nodes(expr).collect();
                if let [a, op, b] = parts.as_slice() {
                    let op_text = super::operators::operator_text(op);
                    if ["+", "-", "*", "/", "%", "//", "%%", "**"].contains(&op_text.as_str()) {
                        let (a, b) = (self.size_exp(a), self.size_exp(b));
                        return Size::Op(op_text, Box::new(a), Box::new(b));
                    }
                }
                self.opaque_size(expr)
            }
            _ => self.opaque_size(expr),
        }
    }

    /// A size expression the checker does not analyse: typed, kept as text.
    fn opaque_size(&mut self, expr: &SyntaxNode) -> Size {
        let ty = self.expr(expr);
        self.expect_type(expr.text_range(), &Type::i64(), &ty);
        Size::Expr(
            expr.text()
                .to_string()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" "),
        )
    }

    fn named_type(&mut self, path_type: &SyntaxNode, args: Vec<TypeArg>) -> Type {
        let segments = child_nodes(path_type)
            .next()
            .map(|p| path_segments(&p))
            .unwrap_or_default();
        let range = path_type.text_range();
        if let [name] = segments.as_slice() {
            if let Some(prim) = PrimType::from_name(name) {
                if self.lookup_type(name).is_none() {
                    return Type::Prim(prim);
                }
            }
        }
        let Some(def) = self.lookup_qualified_type(&segments) else {
            self.error(
                "unknown-name",
                range,
                format!("Unknown type \"{}\".", segments.join(".")),
            );
            return self.u.fresh();
        };
        if args.is_empty() && !def.params().is_empty() {
            let params: String = def
                .params()
                .iter()
                .map(|p| match p {
                    crate::env::TypeParam::Type { name, .. } => format!(" '{name}"),
                    crate::env::TypeParam::Size(name) => format!(" [{name}]"),
                })
                .collect();
            let name = segments.join(".");
            self.error(
                "type-error",
                range,
                format!("Type constructor \"{name}{params}\" used without any arguments."),
            );
            return self.u.fresh();
        }
        if def.params().len() != args.len() {
            self.error(
                "type-error",
                range,
                format!(
                    "Type constructor \"{}\" requires {} arguments, but provided {}.",
                    segments.join("."),
                    def.params().len(),
                    args.len()
                ),
            );
            return self.u.fresh();
        }
        self.instantiate_type_def(&def, &args)
    }

    /// Applies a type definition, giving invented `?` sizes fresh names so
    /// two uses of one abbreviation do not share them.
    fn instantiate_type_def(&mut self, def: &TypeDef, args: &[TypeArg]) -> Type {
        let ty = def.apply(args);
        if matches!(def, TypeDef::Alias { .. }) {
            self.refresh_anonymous_sizes(&ty)
        } else {
            ty
        }
    }

    /// Renames every invented `?` size in `ty` to a new invented name.
    pub fn refresh_anonymous_sizes(&mut self, ty: &Type) -> Type {
        let mut renames: BTreeMap<String, String> = BTreeMap::new();
        collect_sizes(ty, &mut |s| {
            if let Size::Named(n) = s {
                if n.starts_with('?') && !renames.contains_key(n) {
                    renames.insert(n.clone(), String::new());
                }
            }
        });
        for value in renames.values_mut() {
            *value = self.fresh_name("?");
        }
        crate::unify::substitute_size(ty, &|s| match s {
            Size::Named(n) => renames.get(n).map(|new| Size::Named(new.clone())),
            _ => None,
        })
    }

    fn record_type(&mut self, node: &SyntaxNode) -> Type {
        let mut fields = BTreeMap::new();
        for field in child_nodes(node).filter(|c| c.kind() == RECORD_TYPE_FIELD) {
            let mut parts = child_nodes(&field);
            let Some(name) = parts.next() else { continue };
            let name = name_text(&name);
            let ty = self.type_or_fresh(parts.next());
            if fields.insert(name.clone(), ty).is_some() {
                self.error(
                    "duplicate-field",
                    field.text_range(),
                    format!("Field \"{name}\" defined more than once."),
                );
            }
        }
        Type::Record(fields)
    }

    fn sum_type(&mut self, node: &SyntaxNode) -> Type {
        let mut constructors = BTreeMap::new();
        for variant in child_nodes(node).filter(|c| c.kind() == SUM_VARIANT) {
            let Some(name) = super::token_of_kind(&variant, CONSTRUCTOR) else {
                continue;
            };
            let name = name.text().trim_start_matches('#').to_string();
            let payload: Vec<Type> = child_nodes(&variant).map(|t| self.type_exp(&t)).collect();
            if constructors.insert(name.clone(), payload).is_some() {
                let text = super::exprs::compact_text(node);
                self.error(
                    "duplicate-constructor",
                    variant.text_range(),
                    format!("Duplicate constructors in {text}"),
                );
            }
        }
        // Futhark stores a constructor's tag in a byte.
        if constructors.len() >= 256 {
            self.error(
                "type-error",
                node.text_range(),
                format!(
                    "Sum types must have less than 256 constructors (this one has {}).",
                    constructors.len()
                ),
            );
        }
        Type::Sum(constructors)
    }

    fn function_type(&mut self, node: &SyntaxNode) -> Type {
        let mut parts = child_nodes(node);
        let (Some(param), Some(ret)) = (parts.next(), parts.next()) else {
            return self.u.fresh();
        };
        if param.kind() == NAMED_PARAM_TYPE {
            let name = child_nodes(&param)
                .find(|c| c.kind() == NAME)
                .map(|n| name_text(&n));
            if let Some(name) = &name {
                self.check_param_name_unique(&param, name, &ret);
            }
            let param_ty = self.type_exp(&param);
            // The parameter's name is a size in scope for the result type.
            self.push_scope();
            if let Some(name) = &name {
                self.bind_local(name.clone(), crate::env::Scheme::mono(param_ty.clone()));
            }
            let ret_ty = self.type_exp(&ret);
            self.pop_scope();
            return Type::Arrow {
                param_name: name,
                param: Box::new(param_ty),
                ret: Box::new(ret_ty.clone()),
                unique_ret: ret_ty.is_unique(),
            };
        }
        let param_ty = self.type_exp(&param);
        let ret_ty = self.type_exp(&ret);
        Type::Arrow {
            param_name: None,
            param: Box::new(param_ty),
            ret: Box::new(ret_ty.clone()),
            unique_ret: ret_ty.is_unique(),
        }
    }

    /// Reports a later parameter of the function type `rest` named `name`
    /// again (as `named`, the earlier one, is).
    fn check_param_name_unique(&mut self, named: &SyntaxNode, name: &str, rest: &SyntaxNode) {
        let mut rest = rest.clone();
        while rest.kind() == FUNCTION_TYPE {
            let mut parts = child_nodes(&rest);
            let (Some(param), Some(ret)) = (parts.next(), parts.next()) else {
                return;
            };
            let again = (param.kind() == NAMED_PARAM_TYPE)
                .then(|| child_nodes(&param).find(|c| c.kind() == NAME))
                .flatten()
                .filter(|n| name_text(n) == name);
            if let Some(again) = again {
                let first = child_nodes(named)
                    .find(|c| c.kind() == NAME)
                    .map_or(named.text_range(), |n| n.text_range());
                let cited = crate::diagnostic::citation(self.loc(first));
                self.error(
                    "bound-twice",
                    again.text_range(),
                    format!("Name \"{name}\" also bound at {cited}."),
                );
                return;
            }
            rest = ret;
        }
    }

    /// `?[n][m].t`: the names become invented existential sizes.
    fn existential_type(&mut self, node: &SyntaxNode) -> Type {
        let names: Vec<String> = child_nodes(node)
            .filter(|c| c.kind() == SIZE_PARAM)
            .filter_map(|p| child_nodes(&p).next().map(|n| name_text(&n)))
            .collect();
        self.push_scope();
        for name in &names {
            self.bind_local(name.clone(), crate::env::Scheme::mono(Type::i64()));
        }
        let body = child_nodes(node).find(|c| c.kind() != SIZE_PARAM);
        let ty = self.type_or_fresh(body);
        self.pop_scope();
        for name in &names {
            let mut used = false;
            collect_sizes(&ty, &mut |s| {
                used |= matches!(s, Size::Named(n) if n == name)
            });
            if !used {
                self.error(
                    "unused-size",
                    node.text_range(),
                    format!("Existential size \"{name}\" not used as array size."),
                );
            }
        }
        let renames: BTreeMap<String, String> = names
            .into_iter()
            .map(|n| (n, self.fresh_name("?")))
            .collect();
        crate::unify::substitute_size(&ty, &|s| match s {
            Size::Named(n) => renames.get(n).map(|new| Size::Named(new.clone())),
            _ => None,
        })
    }
}

/// Calls `f` on every size in `ty`.
pub(crate) fn collect_sizes(ty: &Type, f: &mut dyn FnMut(&Size)) {
    match ty {
        Type::Array { elem, shape, .. } => {
            shape.iter().for_each(|s| s.visit(f));
            collect_sizes(elem, f);
        }
        Type::Record(fields) => fields.values().for_each(|t| collect_sizes(t, f)),
        Type::Sum(cs) => cs.values().flatten().for_each(|t| collect_sizes(t, f)),
        Type::Arrow { param, ret, .. } => {
            collect_sizes(param, f);
            collect_sizes(ret, f);
        }
        Type::Named { args, .. } => {
            for arg in args {
                match arg {
                    TypeArg::Type(t) => collect_sizes(t, f),
                    TypeArg::Size(s) => s.visit(f),
                }
            }
        }
        Type::Prim(_) | Type::Var(_) => {}
    }
}

impl Checker<'_> {
    /// Opens a scope where `params` are in scope: type parameters as
    /// abstract types, size parameters as `i64` variables. Close it with
    /// [`Self::leave_type_params`].
    pub fn enter_type_params(&mut self, params: &[crate::env::TypeParam]) {
        let mut scope = rustc_hash::FxHashMap::default();
        self.push_scope();
        for param in params {
            match param {
                crate::env::TypeParam::Type { name, lifted } => {
                    scope.insert(
                        name.clone(),
                        TypeDef::Abstract {
                            params: Vec::new(),
                            name: name.clone(),
                            lifted: *lifted,
                        },
                    );
                }
                crate::env::TypeParam::Size(size) => {
                    self.bind_local(size.clone(), crate::env::Scheme::mono(Type::i64()))
                }
            }
        }
        self.type_locals.push(scope);
    }

    pub fn leave_type_params(&mut self) {
        self.type_locals.pop();
        self.pop_scope();
    }

    /// The type `node` denotes with the type and size parameters `params`
    /// in scope (as in `S with t 'a = [1]a`).
    pub fn with_type_params(
        &mut self,
        params: &[crate::env::TypeParam],
        node: &SyntaxNode,
    ) -> Type {
        self.enter_type_params(params);
        let ty = self.type_exp(node);
        self.leave_type_params();
        ty
    }
}

/// The liftedness written after `type` in a declaration or spec: `type^`,
/// `type~` or plain `type`.
pub(crate) fn declared_liftedness(node: &SyntaxNode) -> crate::env::Liftedness {
    match super::direct_tokens(node)
        .nth(1)
        .map(|t| t.text().to_string())
        .as_deref()
    {
        Some("^") => crate::env::Liftedness::Lifted,
        Some("~") => crate::env::Liftedness::SizeLifted,
        _ => crate::env::Liftedness::Unlifted,
    }
}

impl Checker<'_> {
    /// In a type abbreviation, each anonymous size `[]` stands for a size
    /// that some value of the type carries: one that occurs only inside a
    /// function type (`type^ t = []f32 -> f32`) is carried by nothing.
    pub(super) fn check_anonymous_sizes_constructive(&mut self, body: &SyntaxNode) {
        let nonconstructive = body.descendants().find(|d| {
            d.kind() == DIM
                && child_nodes(d).next().is_none()
                && d.ancestors().any(|a| a.kind() == FUNCTION_TYPE)
        });
        if let Some(dim) = nonconstructive {
            self.error(
                "anonymous-nonconstructive",
                dim.text_range(),
                "Type abbreviation contains an anonymous size not used constructively as an array size.",
            );
        }
    }
}

/// Whether a value of type `ty` may hold an array (what a uniqueness
/// annotation is about); type parameters and abstract types may.
fn may_contain_array(ty: &Type) -> bool {
    match ty {
        Type::Prim(_) => false,
        Type::Record(fields) => fields.values().any(may_contain_array),
        Type::Sum(constructors) => constructors.values().flatten().any(may_contain_array),
        Type::Array { .. } | Type::Arrow { .. } | Type::Named { .. } | Type::Var(_) => true,
    }
}
