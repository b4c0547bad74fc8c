//! Declarations: value definitions (top-level and local functions share
//! [`Checker::function_definition`]), type abbreviations, and dispatch to
//! the module declarations.

use std::sync::Arc;

use runic_syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use rowan::GreenNodeData;

use super::green::{green_any, green_children, node_kind};
use super::Frame;
use super::{child_nodes, direct_tokens, name_text, Checker};
use crate::diagnostic::{citation, Diagnostic, Loc, Origin, Severity};
use crate::env::{Liftedness, Scheme, TypeParam, Value};
use crate::types::{PrimType, Size, Type};

pub(crate) fn is_expr(node: &SyntaxNode) -> bool {
    node.kind().is_expr()
}

pub(crate) fn is_pattern(node: &SyntaxNode) -> bool {
    node.kind().is_pattern()
}

/// The type and size parameters written on a definition or type.
pub(crate) fn type_params(node: &SyntaxNode) -> Vec<TypeParam> {
    if !super::green::has_child_of_kind(node, &[SIZE_PARAM, TYPE_PARAM]) {
        return Vec::new();
    }
    child_nodes(node)
        .filter(|p| matches!(p.kind(), SIZE_PARAM | TYPE_PARAM))
        .filter_map(|p| {
            let name = name_text(&child_nodes(&p).next()?);
            match p.kind() {
                SIZE_PARAM => Some(TypeParam::Size(name)),
                TYPE_PARAM => {
                    let lifted = match direct_tokens(&p).next()?.kind() {
                        APOSTROPHE_CARET => Liftedness::Lifted,
                        APOSTROPHE_TILDE => Liftedness::SizeLifted,
                        _ => Liftedness::Unlifted,
                    };
                    Some(TypeParam::Type { name, lifted })
                }
                _ => None,
            }
        })
        .collect()
}

impl Checker<'_> {
    /// Checks one declaration in the current module frame.
    pub fn decl(&mut self, node: &SyntaxNode, local: bool) {
        match node.kind() {
            VALUE_DECL => self.value_decl(node, local),
            TYPE_DECL => self.type_decl(node, local),
            LOCAL_DECL => {
                if let Some(inner) = child_nodes(node).find(|c| c.kind() != ATTR) {
                    self.decl(&inner, true);
                }
            }
            MODULE_DECL => self.module_decl(node, local),
            MODULE_TYPE_DECL => self.module_type_decl(node, local),
            OPEN_DECL => self.open_decl(node, local),
            INCLUDE_DECL => self.include_decl(node, local),
            IMPORT_DECL => self.import_decl(node),
            _ => {}
        }
    }

    fn value_decl(&mut self, node: &SyntaxNode, local: bool) {
        let Some(name) = child_nodes(node).find(|c| c.kind() == NAME) else {
            return;
        };
        let text = name_text(&name);
        self.check_not_defined_twice("name", &text, name.text_range());
        let infix = direct_tokens(&name)
            .next()
            .is_some_and(|t| t.kind() == OPERATOR);
        if infix && text == "!" {
            self.error(
                "prefix-operator-as-infix",
                name.text_range(),
                "The prefix operator ! cannot be used as infix operator.",
            );
        }
        if text == "&&" || text == "||" {
            self.error(
                "may-not-be-redefined",
                node.text_range(),
                format!("The {text} operator may not be redefined."),
            );
        }
        if super::green::has_direct_token(node, ENTRY_KW) && self.frames.len() > 2 {
            self.error(
                "entry-point",
                node.text_range(),
                "Entry points may not be declared inside modules.",
            );
        }
        // A definition with its type written out is known by that type;
        // its body only needs checking where diagnostics are collected
        // (and where only they are, that type is not needed).
        let declared_needed = !(self.diagnostics_only && self.frames.len() <= 2);
        let scheme = if declared_needed && fully_annotated(node) {
            let declared = self.declared_scheme(node);
            if self.quiet == 0 {
                self.checked_definition(node, &name);
            }
            declared
        } else {
            self.checked_definition(node, &name)
        };
        let value = Value {
            scheme: Arc::new(scheme),
            range: Some(self.loc(name.text_range())),
            deferred: false,
        };
        self.note_use(
            std::slice::from_ref(&text),
            0,
            name.text_range().start(),
            value.target(),
        );
        self.define(local, |env| {
            env.values.insert(text.as_str(), value.clone());
        });
    }

    /// Whether the value declaration `node` is an entry point: declared
    /// with `entry`, or a top-level function named `main`, which Futhark
    /// treats as if it had been.
    pub(super) fn is_entry_point(&self, node: &SyntaxNode) -> bool {
        super::green::has_direct_token(node, ENTRY_KW)
            || (self.frames.len() <= 2
                && child_nodes(node)
                    .find(|c| c.kind() == NAME)
                    .is_some_and(|n| name_text(&n) == "main"))
    }

    /// Checks a value definition, body included, and returns the scheme
    /// inferred for it.
    fn checked_definition(&mut self, node: &SyntaxNode, name: &SyntaxNode) -> Scheme {
        let errors_before = self.diagnostics.len();
        self.expr_types.clear();
        self.shared_literal_types.clear();
        let children: Vec<SyntaxNode> = child_nodes(node).collect();
        let size_params: Vec<SyntaxNode> = children
            .iter()
            .filter(|c| c.kind() == SIZE_PARAM)
            .cloned()
            .collect();
        let uses: Vec<SyntaxNode> = children
            .iter()
            .filter(|c| is_pattern(c) || c.kind() == RET_TYPE)
            .cloned()
            .collect();
        // A value binding's size parameters may be used by its inferred type.
        let inferred_value = uses.is_empty();
        if !inferred_value {
            for unused in unused_size_params(&size_params, &uses) {
                self.report_unused_size(&unused);
            }
        }
        let mut scheme = self.function_definition(node, false);
        if inferred_value && !size_params.is_empty() {
            self.check_size_polymorphic_value(node, &size_params, &scheme);
        }
        // Uniqueness needs well-typed code: a definition with type errors
        // gets no uniqueness diagnostics. The uniqueness inferred for its
        // result belongs to its type, however it is checked.
        let silenced = self.quiet == 0 && self.errors_since(errors_before);
        // A quiet check needs the walk only for what it infers of an
        // unwritten result type.
        let declared_result = children.iter().any(|c| c.kind() == RET_TYPE);
        if self.quiet == 0 || !declared_result {
            self.quiet += u32::from(silenced);
            if let Some(inferred) = self.check_uniqueness(node) {
                let params = children.iter().filter(|c| is_pattern(c)).count();
                scheme.ty = super::uniqueness::apply_inferred(&scheme.ty, params, &inferred);
            }
            self.quiet -= u32::from(silenced);
        }
        self.record_solved_types();
        if self.quiet == 0 && self.is_entry_point(node) {
            self.check_entry_point(node, name, &scheme, errors_before);
        }
        scheme
    }

    /// The scheme a fully annotated definition's signature declares, found
    /// as if it had no body, on a checker of its own that sees only the
    /// scopes around the definition: what the rest of the program sees of
    /// it. Taking this scheme (and not the one its body's check infers)
    /// makes what a declaration defines a function of what came before
    /// and of its signatures, so [`crate::state_after_decl`] finds it
    /// without checking bodies. The check with the body reports the
    /// signature's problems.
    fn declared_scheme(&mut self, node: &SyntaxNode) -> Scheme {
        let mut signature = Checker::with_frames(self.frames.clone(), self.imports);
        signature.origin = self.origin;
        // Invented names differ from those of other definitions.
        signature.namespace = self
            .namespace
            .wrapping_mul(1_000_003)
            .wrapping_add(u64::from(u32::from(node.text_range().start())) + 1);
        signature.skip_body = true;
        signature.quiet = 1;
        signature.function_definition(node, false)
    }

    /// Moves the types of the definition just checked, solved, into the
    /// file's table (skipped while re-elaborating a functor body).
    fn record_solved_types(&mut self) {
        self.solve_size_args();
        let shared = std::mem::take(&mut self.shared_literal_types);
        if self.quiet > 0 || !self.record_types {
            self.expr_types.clear();
            return;
        }
        self.solved_types
            .reserve(self.expr_types.len() + shared.len());
        for (range, ty) in std::mem::take(&mut self.expr_types) {
            let solved = self.u.resolve(&ty);
            self.solved_types.insert(range, solved);
        }
        let mut run = super::literals::SameVarRun::default();
        for (range, var) in shared {
            let solved = run.resolve(&self.u, var);
            self.solved_types.insert(range, solved);
        }
    }

    /// The types of the parameters `params`, with the `*` of their
    /// annotations (or of parts of them): it belongs to the function's
    /// type, which a type variable cannot carry.
    pub(super) fn with_declared_param_uniqueness(
        &self,
        params: &[SyntaxNode],
        tys: Vec<Type>,
    ) -> Vec<Type> {
        tys.into_iter()
            .zip(params)
            .map(|(ty, param)| {
                if super::green::contains_kind(param, UNIQUE_TYPE) {
                    super::uniqueness::with_declared_uniqueness(param, self.u.resolve(&ty))
                } else {
                    ty
                }
            })
            .collect()
    }

    /// A value binding with size parameters (`def zeros [n] = ...`) may
    /// not have a type with an existential size (Futhark 0.28).
    fn check_size_polymorphic_value(
        &mut self,
        node: &SyntaxNode,
        size_params: &[SyntaxNode],
        scheme: &Scheme,
    ) {
        let ty = self.u.resolve(&scheme.ty);
        let mut existential = false;
        super::types::collect_sizes(&ty, &mut |size| {
            size.visit(&mut |s| {
                existential |= matches!(s, Size::Named(n)
                    if self.existentials.iter().any(|(e, _)| e == n));
            })
        });
        if !existential {
            return;
        }
        let params: Vec<String> = size_params.iter().map(super::exprs::compact_text).collect();
        let at = child_nodes(node)
            .find(|c| c.kind() == NAME)
            .map_or(node.text_range(), |n| n.text_range());
        let shown = self.u.display(&ty);
        self.error(
            "size-polymorphic-value",
            at,
            format!(
                "A size-polymorphic value binding may not have a type with an existential size.\nType of this binding is:\n  {shown}\nwith the following type parameters:\n  {}",
                params.join(" ")
            ),
        );
    }

    pub(super) fn report_unused_size(&mut self, size_param: &SyntaxNode) {
        let name = child_nodes(size_param)
            .next()
            .map(|n| name_text(&n))
            .unwrap_or_default();
        self.error(
            "unused-size",
            size_param.text_range(),
            format!("Size [{name}] unused in pattern."),
        );
    }

    /// Futhark forbids defining a name (or type) twice in one module.
    pub(super) fn check_not_defined_twice(&mut self, what: &str, name: &str, range: TextRange) {
        let key = format!("{what} {name}");
        let here = self.loc(range);
        let frame = self.frames.last_mut().expect("a frame");
        let previous = frame.defined.get(key.as_str()).copied();
        frame.defined.insert(key, here);
        if let Some(previous) = previous {
            let cited = citation(previous);
            self.report(
                Diagnostic::error(
                    "duplicate-definition",
                    range,
                    format!(
                        "Duplicate definition of {what} {name}.\nPreviously defined at {cited}."
                    ),
                )
                .with_related_at(previous, format!("\"{name}\" first defined here")),
            );
        }
    }

    /// Whether errors (not warnings) were reported since there were
    /// `before` diagnostics.
    pub(super) fn errors_since(&self, before: usize) -> bool {
        self.diagnostics
            .get(before..)
            .is_some_and(|new| new.iter().any(|d| d.severity == Severity::Error))
    }

    /// Checks a definition with parameters (`def`, `entry`, local `let f`)
    /// and returns its generalised type scheme.
    pub fn function_definition(&mut self, node: &SyntaxNode, local: bool) -> Scheme {
        let explicit = type_params(node);
        let outer_unifier_vars = local;
        let vars_before = self.u.type_var_count();
        let mark = self.scope_mark();
        let errors_before = self.diagnostics.len();
        self.type_params_distinct(node, true);
        self.enter_type_params(&explicit);
        let lifted_before = self.lifted_params.len();
        // The definition's parts, found in one walk of its children.
        let children: Vec<SyntaxNode> = child_nodes(node).collect();
        for param in children.iter().filter(|c| c.kind() == TYPE_PARAM) {
            let lifted = direct_tokens(param)
                .next()
                .is_some_and(|t| t.kind() == APOSTROPHE_CARET);
            if let (true, Some(name)) = (lifted, child_nodes(param).next()) {
                self.lifted_params
                    .push((name_text(&name), param.text_range()));
            }
        }
        let params: Vec<SyntaxNode> = children.iter().filter(|c| is_pattern(c)).cloned().collect();
        let param_tys = self.bind_params_after_sizes(&size_param_names(node), &params);
        let param_tys = self.with_declared_param_uniqueness(&params, param_tys);
        // Parameters must match every argument, as `let` patterns must.
        for (param, ty) in params.iter().zip(&param_tys) {
            self.pending_refutable.push((param.clone(), ty.clone()));
        }
        let ret = children
            .iter()
            .find(|c| c.kind() == RET_TYPE)
            .and_then(|r| child_nodes(r).next());
        let anonymous_before = self.anonymous_dims.len();
        let ret_ty = ret.as_ref().map(|r| self.type_exp(r));
        let ret_anonymous = self.anonymous_dims.split_off(anonymous_before);
        let body = children
            .iter()
            .find(|c| is_expr(c))
            .filter(|_| !self.skip_body)
            .cloned();
        // A top-level function is in scope in its own body.
        let outer_self = if local {
            None
        } else {
            self.recursive_self.take()
        };
        let self_result = (!local && !params.is_empty() && body.is_some()).then(|| {
            let result = ret_ty.clone().unwrap_or_else(|| self.u.fresh());
            let named: Vec<Option<String>> = params
                .iter()
                .map(super::param_sizes::whole_param_name)
                .collect();
            self.bind_recursive_self(node, &param_tys, &result, &named);
            result
        });
        let body_ty = self.expr_or_fresh(body.as_ref());
        if let (Some(result), None, Some(body)) = (&self_result, &ret_ty, &body) {
            self.expect_in(body.text_range(), super::Context::Body, result, &body_ty);
        }
        let this = if local {
            None
        } else {
            std::mem::replace(&mut self.recursive_self, outer_self)
        };
        let result = match (&ret_ty, &body) {
            (Some(annotated), Some(body)) => {
                let (loose, inferred) = self.loose_return_type(annotated, &ret_anonymous);
                self.expect_in(body.text_range(), super::Context::Body, &loose, &body_ty);
                self.unknown_out_of_scope(&inferred)
            }
            (Some(annotated), None) if self.skip_body => annotated.clone(),
            _ => body_ty.clone(),
        };
        self.lifted_params.truncate(lifted_before);
        self.leave_type_params();
        if local {
            let bound = super::levels::bound_in(&super::levels::function_binders(node));
            self.check_scope_levels(&mark, &bound);
            self.check_type_params_stay_local(node, vars_before);
            let made = vars_before..self.u.type_var_count();
            self.local_function_vars.push(made);
        }
        // The rules below only report: a quiet check skips them.
        if self.quiet == 0 {
            self.check_function_sizes(node, &params, &param_tys, &body_ty, local);
            if let Some(this) = this {
                self.check_recursion(node, this, &params, &param_tys, &result);
            }
        }
        self.settle_param_stand_ins(&param_tys);
        // The arrow remembers a unique result, which a type variable cannot.
        let unique_result = result.is_unique();
        let ty = param_tys
            .into_iter()
            .rev()
            .enumerate()
            .fold(result, |acc, (i, p)| Type::Arrow {
                param_name: None,
                param: Box::new(p),
                ret: Box::new(acc),
                unique_ret: i == 0 && unique_result,
            });
        let ty = self.name_size_parameters(node, ty, &params);
        let at = children
            .iter()
            .find(|c| c.kind() == NAME)
            .map_or(node.text_range(), |n| n.text_range());
        if !outer_unifier_vars {
            let overloaded = self.overloaded_vars(&ty);
            self.u.apply_defaults();
            self.warn_defaulted(&overloaded, at);
            if self.quiet == 0 {
                self.report_definition_problems(node, &ty, errors_before);
            } else {
                self.pending_literals.clear();
                self.pending_float_literals.clear();
                self.pending_matches.clear();
                self.pending_refutable.clear();
                self.pending_holes.clear();
                self.pending_first_order.clear();
                self.pending_unlifted.clear();
            }
            self.pending_causality.clear();
        }
        // The definition's own type, its size parameters by name, at its
        // name: an interpreter reads there where a call's type gives the
        // sizes no argument's value carries.
        if at != node.text_range() {
            self.expr_types.insert(at, ty.clone());
        }
        self.generalise(explicit, ty, local, at)
    }

    /// A written return type with each invented size replaced by a size
    /// variable (what the body must match), and the return type the
    /// function has: its anonymous sizes (`anonymous`) are inferred from
    /// the body, while its existential sizes (`?[k].`, or those of a
    /// size-lifted abbreviation) stay existential.
    fn loose_return_type(&mut self, annotated: &Type, anonymous: &[String]) -> (Type, Type) {
        let mut names = Vec::new();
        super::types::collect_sizes(annotated, &mut |s| {
            if let Size::Named(n) = s {
                if n.starts_with('?') && !names.contains(n) {
                    names.push(n.clone());
                }
            }
        });
        if names.is_empty() {
            // Nothing existential or invented: both are the written type.
            return (annotated.clone(), annotated.clone());
        }
        let vars: std::collections::BTreeMap<String, Size> = names
            .into_iter()
            .map(|n| (n, self.u.fresh_size()))
            .collect();
        let loose = crate::unify::substitute_size(annotated, &|s| match s {
            Size::Named(n) => vars.get(n).cloned(),
            _ => None,
        });
        let inferred = crate::unify::substitute_size(annotated, &|s| match s {
            Size::Named(n) if anonymous.contains(n) => vars.get(n).cloned(),
            _ => None,
        });
        (loose, inferred)
    }

    /// `ty` with each size that names a variable no longer in scope (one
    /// the body bound) replaced by a new unknown size.
    fn unknown_out_of_scope(&mut self, ty: &Type) -> Type {
        let ty = self.u.resolve(ty);
        let mut escaping: Vec<Size> = Vec::new();
        super::types::collect_sizes(&ty, &mut |s| {
            let mut unbound = false;
            s.visit(&mut |part| {
                unbound |= matches!(part, Size::Named(n)
                    if !n.starts_with('?') && !n.contains('.') && self.lookup_value(n).is_none());
            });
            if unbound && !escaping.contains(s) {
                escaping.push(s.clone());
            }
        });
        if escaping.is_empty() {
            return ty;
        }
        let unknown: Vec<(Size, Size)> = escaping
            .into_iter()
            .map(|s| (s, self.fresh_existential()))
            .collect();
        crate::unify::substitute_size(&ty, &|s| {
            unknown
                .iter()
                .find(|(from, _)| from == s)
                .map(|(_, to)| to.clone())
        })
    }

    /// The problems of a definition (of type `ty`) found once its types are
    /// solved: literals out of range, inexhaustive matches, holes, and for
    /// well-typed code ambiguous sizes and causality.
    fn report_definition_problems(&mut self, node: &SyntaxNode, ty: &Type, errors_before: usize) {
        self.check_literal_bounds();
        // The variables of the definition's type, found when first needed.
        let mut in_type: Option<Vec<_>> = None;
        for (node, scrutinee, patterns) in std::mem::take(&mut self.pending_matches) {
            // A scrutinee known only by its constructors, that the
            // definition's type does not quantify over, is never resolved.
            if let Type::Var(var) = self.u.resolve(&scrutinee) {
                let in_type = in_type.get_or_insert_with(|| {
                    let mut vars = Vec::new();
                    collect_vars(&self.u.resolve(ty), &mut vars);
                    vars
                });
                if !in_type.contains(&var)
                    && matches!(
                        self.u.constraint(var),
                        crate::unify::Constraint::HasConstructors(_)
                    )
                {
                    in_type.push(var);
                    self.report_ambiguity(var, node.text_range());
                }
            }
            self.check_exhaustive(&node, &scrutinee, &patterns);
        }
        for (pattern, ty) in std::mem::take(&mut self.pending_refutable) {
            self.check_irrefutable(&pattern, &ty);
        }
        for (range, ty) in std::mem::take(&mut self.pending_holes) {
            let shown = self.u.display(&ty);
            self.report(Diagnostic::warning(
                "hole",
                range,
                format!("Hole of type: {shown}"),
            ));
        }
        // Ambiguity follows from the types: only for well-typed code.
        if !self.errors_since(errors_before) {
            let type_params: Vec<String> = type_params(node)
                .into_iter()
                .filter_map(|p| match p {
                    TypeParam::Type { name, .. } => Some(name),
                    TypeParam::Size(_) => None,
                })
                .collect();
            self.check_first_order(&type_params, node);
            self.check_lifted_instances(node);
            self.check_ambiguous_sizes(ty);
            if self.check_evaluation_order(node) {
                self.pending_causality.clear();
            }
            self.check_causality();
        }
        self.pending_first_order.clear();
        self.pending_unlifted.clear();
    }

    /// Records in the arrow type which parameters name sizes: `(n: i64) -> [n]t`.
    fn name_size_parameters(
        &mut self,
        _node: &SyntaxNode,
        ty: Type,
        params: &[SyntaxNode],
    ) -> Type {
        let names: Vec<Option<String>> = params
            .iter()
            .map(super::param_sizes::whole_param_name)
            .collect();
        let resolved = self.u.resolve(&ty);
        attach_param_names(resolved, &names)
    }

    /// Gives every unsolved size in `ty` an invented `?` name, so each use
    /// of the definition gets its own.
    pub fn name_unsolved_sizes(&mut self, ty: &Type) -> Type {
        let mut unsolved = Vec::new();
        super::types::collect_sizes(ty, &mut |s| {
            if matches!(s, Size::Var(_)) && !unsolved.contains(s) {
                unsolved.push(s.clone());
            }
        });
        for size in unsolved {
            let name = Size::Named(self.fresh_name("?"));
            let _ = self.u.unify_size(&size, &name);
        }
        self.u.resolve(ty)
    }

    /// Quantifies over the explicit parameters and any type variables left
    /// unsolved (Futhark infers polymorphic types for definitions).
    fn generalise(
        &mut self,
        mut params: Vec<TypeParam>,
        ty: Type,
        local: bool,
        at: TextRange,
    ) -> Scheme {
        let ty = self.u.resolve(&ty);
        if local {
            return Scheme { params, ty };
        }
        let mut vars = Vec::new();
        collect_vars(&ty, &mut vars);
        // A variable only known to be numeric (`def f x y = x * y`) takes
        // Futhark's default, as a literal would: i32, else f64.
        let mut ty = ty;
        let overloaded = self.overloaded_vars(&ty);
        // Whether defaulting changed the unifier (else `ty` stays resolved).
        let mut defaulted = false;
        vars.retain(|var| {
            let crate::unify::Constraint::OneOf { prims, .. } = self.u.constraint(*var) else {
                return true;
            };
            let default = [PrimType::I32, PrimType::F64]
                .into_iter()
                .find(|p| prims.contains(p))
                .or_else(|| prims.first().copied());
            match default {
                Some(prim) => {
                    defaulted = true;
                    self.u.unify(&Type::Var(*var), &Type::Prim(prim)).is_err()
                }
                None => true,
            }
        });
        if defaulted {
            ty = self.u.resolve(&ty);
        }
        self.warn_defaulted(&overloaded, at);
        for var in &vars {
            self.report_ambiguity(*var, at);
        }
        // `ty` is resolved: without unsolved sizes, naming them changes nothing.
        let mut ty = if has_size_var(&ty) {
            self.name_unsolved_sizes(&ty)
        } else {
            ty
        };
        for (i, var) in vars.into_iter().enumerate() {
            let name = format!("'{}", (b'a' + (i % 26) as u8) as char);
            let named = Type::Named {
                name: name.clone(),
                args: Vec::new(),
                unique: false,
            };
            let _ = self.u.unify(&Type::Var(var), &named);
            params.push(TypeParam::Type {
                name,
                lifted: Liftedness::Lifted,
            });
            ty = self.u.resolve(&ty);
        }
        // A variable unification would not name (an ambiguous record type,
        // already reported) must not outlive the definition's unifier.
        Scheme {
            params,
            ty: without_vars(&ty),
        }
    }

    /// The type variables of `ty` only known to be of some primitive types
    /// (numeric literals and operators), which a definition defaults.
    fn overloaded_vars(&self, ty: &Type) -> Vec<crate::types::TyVar> {
        let mut vars = Vec::new();
        self.u.for_each_free_var(ty, &mut |v| {
            let overloaded = matches!(
                self.u.constraint(v),
                crate::unify::Constraint::OneOf { prims, .. } if prims.len() > 1
            );
            if overloaded && !vars.contains(&v) {
                vars.push(v);
            }
        });
        vars
    }

    /// Warns, as Futhark does, that overloaded type variables of a top-level
    /// definition's type took their default (`def plus x y = x + y`).
    fn warn_defaulted(&mut self, overloaded: &[crate::types::TyVar], at: TextRange) {
        for var in overloaded {
            // Only Futhark's own defaults: an index's integer type is i64
            // by Futhark's rules, not by defaulting.
            if let Type::Prim(prim @ (PrimType::I32 | PrimType::F64)) =
                self.u.resolve(&Type::Var(*var))
            {
                self.report(Diagnostic::warning(
                    "ambiguous-type",
                    at,
                    format!("Defaulting ambiguous type to {}.", prim.name()),
                ));
            }
        }
    }

    /// A type known only by the fields or constructors used on it cannot be
    /// generalised: Futhark asks for its full type.
    fn report_ambiguity(&mut self, var: crate::types::TyVar, at: TextRange) {
        let message = match self.u.constraint(var) {
            crate::unify::Constraint::HasFields(fields) => {
                let shown: Vec<String> = fields
                    .iter()
                    .map(|(k, t)| format!("{k}: {}", self.u.display(t)))
                    .collect();
                format!(
                    "Type is ambiguous.  Must be record with fields:\n  {{{}}}",
                    shown.join(", ")
                )
            }
            crate::unify::Constraint::HasConstructors(constructors) => {
                let shown: Vec<String> = constructors.keys().map(|k| format!("#{k}")).collect();
                format!(
                    "Type is ambiguous (must be a sum type with constructors: {}).",
                    shown.join(" | ")
                )
            }
            _ => return,
        };
        self.error(
            "ambiguous-type",
            at,
            format!("{message}\nAdd a type annotation to disambiguate the type."),
        );
    }
}

/// Enters the top-level value definition `decl` into `frame` deferred
/// (see [`crate::deferred_state_after_decl`]), as checking it would enter
/// it, but without its type; false (and `frame` untouched) when `decl` is
/// not a value definition whose type needs its body.
pub(crate) fn defer_value_decl(frame: &mut Frame, decl: &SyntaxNode, origin: Origin) -> bool {
    if !state_needs_body(decl) {
        return false;
    }
    let Some((name, local)) = defined_name(decl) else {
        return false;
    };
    let text = name_text(&name);
    let at = Loc {
        origin,
        range: name.text_range(),
    };
    frame.defined.insert(format!("name {text}"), at);
    let value = Value::deferred_at(at, &text);
    frame.lookup.values.insert(text.as_str(), value.clone());
    if !local {
        frame.exports.values.insert(text.as_str(), value);
    }
    true
}

/// The name node of the top-level value definition `decl` (`local` or
/// not), and whether it is `local`.
pub(crate) fn defined_name(decl: &SyntaxNode) -> Option<(SyntaxNode, bool)> {
    let (definition, local) = match decl.kind() {
        LOCAL_DECL => (child_nodes(decl).find(|c| c.kind() != ATTR)?, true),
        _ => (decl.clone(), false),
    };
    if definition.kind() != VALUE_DECL {
        return None;
    }
    let name = child_nodes(&definition).find(|c| c.kind() == NAME)?;
    Some((name, local))
}

/// Whether what the top-level declaration `decl` defines needs its body
/// checked (a value definition whose types are not all written out):
/// then [`crate::state_after_decl`] costs as much as [`crate::check_decl`].
pub(crate) fn state_needs_body(decl: &SyntaxNode) -> bool {
    green_needs_body(&decl.green())
}

/// [`state_needs_body`] on the green tree (asked of every declaration of a
/// file on each check, so read without cursors).
fn green_needs_body(decl: &GreenNodeData) -> bool {
    match node_kind(decl) {
        VALUE_DECL => !green_fully_annotated(decl),
        LOCAL_DECL => green_children(decl)
            .find(|c| node_kind(c) != ATTR)
            .is_some_and(green_needs_body),
        _ => false,
    }
}

/// Whether a definition's type is written out whole: a return type, and
/// every parameter's pattern typed down to its leaves.
fn fully_annotated(node: &SyntaxNode) -> bool {
    green_fully_annotated(&node.green())
}

/// [`fully_annotated`] on the green tree.
fn green_fully_annotated(node: &GreenNodeData) -> bool {
    // An anonymous size `[]` of the return type is inferred from the body.
    let ret = green_children(node).find(|c| node_kind(c) == RET_TYPE);
    ret.is_some_and(|r| {
        !green_any(r, |d| {
            node_kind(d) == DIM && green_children(d).next().is_none()
        })
    }) && green_children(node)
        .filter(|c| node_kind(c).is_pattern())
        .all(pattern_typed)
}

/// Whether every name a pattern binds has a written type.
fn pattern_typed(pattern: &GreenNodeData) -> bool {
    match node_kind(pattern) {
        TYPED_PAT => true,
        PAREN_PAT | ATTR_PAT | TUPLE_PAT => green_children(pattern)
            .filter(|c| node_kind(c).is_pattern())
            .all(pattern_typed),
        RECORD_PAT => green_children(pattern).all(|field| {
            node_kind(field) != RECORD_PAT_FIELD
                || green_children(field)
                    .find(|c| node_kind(c).is_pattern())
                    .is_some_and(pattern_typed)
        }),
        _ => false,
    }
}

/// The size parameters `[n]` among `nodes` that no array size in `uses`
/// mentions (Futhark: "Size [n] unused in pattern.").
pub(crate) fn unused_size_params(
    size_params: &[SyntaxNode],
    uses: &[SyntaxNode],
) -> Vec<SyntaxNode> {
    if size_params.is_empty() {
        return Vec::new();
    }
    let mentioned: std::collections::HashSet<String> = uses
        .iter()
        .flat_map(|u| u.descendants())
        .filter(|n| n.kind() == DIM || n.kind() == SIZE_ARG)
        .flat_map(|dim| dim.descendants())
        .filter(|n| n.kind() == PATH)
        .map(|p| name_text_of_path(&p))
        .collect();
    size_params
        .iter()
        .filter(|p| {
            child_nodes(p)
                .next()
                .is_some_and(|n| !mentioned.contains(&name_text(&n)))
        })
        .cloned()
        .collect()
}

fn name_text_of_path(path: &SyntaxNode) -> String {
    super::path_segments(path).join(".")
}

/// The size parameters written on a definition, with where each is.
pub(super) fn size_param_names(node: &SyntaxNode) -> Vec<(String, TextRange)> {
    if !super::green::has_child_of_kind(node, &[SIZE_PARAM]) {
        return Vec::new();
    }
    child_nodes(node)
        .filter(|p| p.kind() == SIZE_PARAM)
        .filter_map(|p| Some((name_text(&child_nodes(&p).next()?), p.text_range())))
        .collect()
}

/// Whether `ty` has an anonymous or existential size (an invented `?` name).
pub(crate) fn has_invented_size(ty: &Type) -> bool {
    let mut found = false;
    super::types::collect_sizes(ty, &mut |s| {
        found |= matches!(s, Size::Named(n) if n.starts_with('?'));
    });
    found
}

/// Puts the names of size-giving parameters into the arrow type.
pub(super) fn attach_param_names(ty: Type, names: &[Option<String>]) -> Type {
    let Some((first, rest)) = names.split_first() else {
        return ty;
    };
    match ty {
        Type::Arrow {
            param,
            ret,
            unique_ret,
            ..
        } => {
            let mentions = first.as_ref().is_some_and(|n| mentions_size(&ret, n));
            Type::Arrow {
                param_name: if mentions { first.clone() } else { None },
                param,
                ret: Box::new(attach_param_names(*ret, rest)),
                unique_ret,
            }
        }
        other => other,
    }
}

fn mentions_size(ty: &Type, name: &str) -> bool {
    let mut found = false;
    super::types::collect_sizes(ty, &mut |s| {
        if matches!(s, Size::Named(n) if n == name) {
            found = true;
        }
    });
    found
}

/// `ty` with each type variable left in it replaced by a named type.
fn without_vars(ty: &Type) -> Type {
    match ty {
        Type::Var(v) => Type::Named {
            name: format!("'unknown{}", v.0),
            args: Vec::new(),
            unique: false,
        },
        other => other.rebuild(&mut without_vars, &mut |s| s.clone()),
    }
}

/// Whether `ty` holds a size variable anywhere.
fn has_size_var(ty: &Type) -> bool {
    let mut found = false;
    super::types::collect_sizes(ty, &mut |s| found |= matches!(s, Size::Var(_)));
    found
}

fn collect_vars(ty: &Type, out: &mut Vec<crate::types::TyVar>) {
    if let Type::Var(v) = ty {
        if !out.contains(v) {
            out.push(*v);
        }
    }
    ty.for_each_component(&mut |component| collect_vars(component, out));
}
