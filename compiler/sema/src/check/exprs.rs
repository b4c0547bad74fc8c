//! Expressions: inference of each expression form, with Futhark's rules for
//! overloaded literals, slicing, `match` and in-place updates (application,
//! operators and the binding forms have their own modules).

use std::collections::BTreeMap;

use runic_syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use super::functional::FirstOrderPlace;
use super::{child_nodes, direct_tokens, name_text, path_segments, token_of_kind, Checker};
use crate::diagnostic::citation;
use crate::env::{Scheme, TypeParam};
use crate::types::{PrimType, Size, Type};
use crate::unify::{substitute_size, Constraint};

pub(super) const INTEGRAL: [PrimType; 8] = PrimType::INTEGRAL;
/// The sizes of the dimensions of `ty`'s arrays (and size arguments), in
/// the order [`with_dims`] replaces them.
pub(crate) fn dims(ty: &Type) -> Vec<Size> {
    let found = std::cell::RefCell::new(Vec::new());
    substitute_size(ty, &|s| {
        found.borrow_mut().push(s.clone());
        Some(s.clone())
    });
    found.into_inner()
}

/// `ty` with its dimensions (as [`dims`] lists them) replaced by `sizes`.
pub(crate) fn with_dims(ty: &Type, sizes: &[Size]) -> Type {
    let next = std::cell::Cell::new(0usize);
    substitute_size(ty, &|_| {
        let i = next.get();
        next.set(i + 1);
        sizes.get(i).cloned()
    })
}

/// The size names the parameter types of a function type mention.
pub(super) fn param_size_names(ty: &Type) -> Vec<String> {
    let mut in_params = Vec::new();
    let mut result = ty;
    while let Type::Arrow { param, ret, .. } = result {
        super::types::collect_sizes(param, &mut |s| {
            if let Size::Named(n) = s {
                in_params.push(n.clone());
            }
        });
        result = ret;
    }
    in_params
}

/// The invented sizes of a function type's final result that none of its
/// parameters mention: its existential sizes.
pub(super) fn existential_result_sizes(ty: &Type) -> Vec<String> {
    let in_params = param_size_names(ty);
    let mut result = ty;
    while let Type::Arrow { ret, .. } = result {
        result = ret;
    }
    let mut existential = Vec::new();
    if std::ptr::eq(result, ty) {
        return existential;
    }
    super::types::collect_sizes(result, &mut |s| {
        if let Size::Named(n) = s {
            if n.starts_with('?') && !in_params.contains(n) && !existential.contains(n) {
                existential.push(n.clone());
            }
        }
    });
    existential
}

const SIGNED: [PrimType; 4] = [PrimType::I8, PrimType::I16, PrimType::I32, PrimType::I64];
const FLOATS: [PrimType; 3] = [PrimType::F16, PrimType::F32, PrimType::F64];

pub(super) fn numeric() -> Vec<PrimType> {
    INTEGRAL.iter().chain(FLOATS.iter()).copied().collect()
}

impl Checker<'_> {
    /// The type of an expression node.
    pub fn expr(&mut self, node: &SyntaxNode) -> Type {
        crate::interrupt::poll();
        let existentials_before = self.existentials.len();
        let ty = runic_syntax::with_stack(|| self.expr_form(node));
        // Existential sizes of branches and loops are computed by the
        // expression that made them (applications note their function).
        for (_, made_at) in &mut self.existentials[existentials_before..] {
            made_at.get_or_insert(node.text_range());
        }
        // The uniqueness check reads these once the definition is solved.
        self.expr_types.insert(node.text_range(), ty.clone());
        ty
    }

    fn expr_form(&mut self, node: &SyntaxNode) -> Type {
        match node.kind() {
            LITERAL => self.literal(node),
            PATH_EXPR => self.path_expr(node),
            PAREN_EXPR => self.last_expr_child(node),
            ATTR_EXPR => {
                let ty = self.last_expr_child(node);
                self.check_expr_attributes(node);
                ty
            }
            TUPLE_EXPR => Type::tuple(child_nodes(node).map(|e| self.expr(&e)).collect()),
            RECORD_EXPR => self.record_expr(node),
            ARRAY_EXPR => self.array_expr(node),
            INDEX_EXPR => self.index_expr(node),
            FIELD_EXPR => self.field_expr(node),
            QUAL_PAREN_EXPR => self.qual_paren_expr(node),
            APP_EXPR => self.app_expr(node),
            BIN_EXPR => self.bin_expr(node),
            PREFIX_EXPR => self.prefix_expr(node),
            ASCRIPTION_EXPR | COERCE_EXPR => self.ascription(node),
            RANGE_EXPR => self.range_expr(node),
            IF_EXPR => self.if_expr(node),
            LET_EXPR => self.let_expr(node),
            LET_FUN_EXPR => self.let_fun_expr(node),
            LET_UPDATE_EXPR => self.let_update_expr(node),
            LAMBDA_EXPR => self.lambda(node),
            LOOP_EXPR => self.loop_expr(node),
            UPDATE_EXPR => self.update_expr(node),
            RECORD_UPDATE_EXPR => self.update_expr(node),
            MATCH_EXPR => self.match_expr(node),
            CONSTRUCTOR_EXPR => self.constructor_expr(node),
            ASSERT_EXPR => self.assert_expr(node),
            OP_SECTION | LEFT_SECTION | RIGHT_SECTION => self.section(node),
            PROJECT_SECTION => self.project_section(node),
            INDEX_SECTION => self.index_section(node),
            HOLE_EXPR => {
                // Reported once the definition's types are solved.
                let ty = self.u.fresh();
                self.pending_holes.push((node.text_range(), ty.clone()));
                ty
            }
            _ => self.u.fresh(),
        }
    }

    fn last_expr_child(&mut self, node: &SyntaxNode) -> Type {
        match child_nodes(node).filter(|c| c.kind() != ATTR).last() {
            Some(inner) => self.expr(&inner),
            None => self.u.fresh(),
        }
    }

    /// The type of a numeric literal: its suffix, or an overloaded variable.
    pub fn number_type(&mut self, text: &str, is_float: bool) -> Type {
        if let Some(prim) = super::literals::number_suffix(text) {
            return Type::Prim(prim);
        }
        if is_float {
            self.u.fresh_numeric_because(
                FLOATS.to_vec(),
                Some(PrimType::F64),
                "float literal".into(),
            )
        } else {
            self.u
                .fresh_numeric_because(numeric(), Some(PrimType::I32), "integer literal".into())
        }
    }

    fn literal(&mut self, node: &SyntaxNode) -> Type {
        let Some(token) = direct_tokens(node).next() else {
            return self.u.fresh();
        };
        match token.kind() {
            TRUE_KW | FALSE_KW => Type::bool(),
            INT_NUMBER => {
                let ty = self.number_type(token.text(), false);
                self.record_literal(node.text_range(), token.text(), &ty);
                ty
            }
            FLOAT_NUMBER => {
                let ty = self.number_type(token.text(), true);
                self.record_float_literal(node.text_range(), token.text(), &ty);
                ty
            }
            CHAR => self.u.fresh_numeric(INTEGRAL.to_vec(), Some(PrimType::I32)),
            STRING => {
                let len = string_length(token.text());
                Type::array_of(Type::Prim(PrimType::U8), vec![Size::Const(len)], false)
            }
            _ => self.u.fresh(),
        }
    }

    /// Instantiates a scheme: fresh variables for its parameters and for the
    /// invented (anonymous and existential) sizes of its type.
    pub fn instantiate(&mut self, scheme: &Scheme) -> Type {
        let ty = self.instantiate_params(scheme);
        let existential = existential_result_sizes(&ty);
        // Anonymous sizes of parameters are inferred at each use; any
        // other invented size (of a variable's value) is a size known only
        // at run time.
        let in_params = param_size_names(&ty);
        let ty = self.fresh_sizes_except(ty, &existential, &|n| in_params.iter().any(|p| p == n));
        // Each use of the function gets its own unknown result sizes, equal
        // to no other (Futhark's `d₁`), instead of sizes to infer.
        let renames: BTreeMap<String, Size> = existential
            .into_iter()
            .map(|n| (n, self.fresh_existential()))
            .collect();
        if renames.is_empty() {
            return ty;
        }
        substitute_size(&ty, &|s| match s {
            Size::Named(n) => renames.get(n).cloned(),
            _ => None,
        })
    }

    /// The scheme's type with a fresh variable for each of its type and
    /// size parameters: one pass over the type for all type parameters and
    /// one for all size parameters.
    pub(super) fn instantiate_params(&mut self, scheme: &Scheme) -> Type {
        let mut types: Vec<(&str, Type)> = Vec::new();
        let mut sizes: BTreeMap<&str, Size> = BTreeMap::new();
        for param in &scheme.params {
            match param {
                TypeParam::Type { name, lifted } => {
                    // Only a lifted parameter ('^a) may stand for a function.
                    let fresh = if *lifted == crate::env::Liftedness::Lifted {
                        self.u.fresh()
                    } else {
                        self.u.fresh_with(Constraint::Unlifted(name.clone()))
                    };
                    if *lifted == crate::env::Liftedness::Unlifted {
                        self.pending_unlifted
                            .push((fresh.clone(), name.clone(), None));
                    }
                    types.push((name, fresh));
                }
                TypeParam::Size(name) => {
                    sizes.insert(name, self.u.fresh_size());
                }
            }
        }
        let ty = if types.is_empty() {
            scheme.ty.clone()
        } else {
            crate::env::map_named(&scheme.ty, &|n, args, unique| {
                let (_, with) = types.iter().find(|(name, _)| *name == n)?;
                args.is_empty()
                    .then(|| with.clone().with_uniqueness(unique || with.is_unique()))
            })
        };
        if sizes.is_empty() {
            return ty;
        }
        substitute_size(&ty, &|s| match s {
            Size::Named(n) => sizes.get(n.as_str()).cloned(),
            _ => None,
        })
    }

    /// Replaces each invented `?` size by a fresh size variable.
    pub fn fresh_invented_sizes(&mut self, ty: &Type) -> Type {
        self.fresh_sizes_except(ty.clone(), &[], &|_| true)
    }

    /// Replaces each invented `?` size but those in `keep` by a fresh size
    /// variable: one to infer where `inferred` holds of the name, else a
    /// run-time unknown.
    pub(super) fn fresh_sizes_except(
        &mut self,
        ty: Type,
        keep: &[String],
        inferred: &dyn Fn(&str) -> bool,
    ) -> Type {
        let mut names = Vec::new();
        super::types::collect_sizes(&ty, &mut |s| {
            if let Size::Named(n) = s {
                if n.starts_with('?') && !names.contains(n) && !keep.contains(n) {
                    names.push(n.clone());
                }
            }
        });
        let fresh: BTreeMap<String, Size> = names
            .into_iter()
            .map(|n| {
                let size = if inferred(&n) {
                    self.u.fresh_size()
                } else {
                    self.fresh_stand_in(&n)
                };
                (n, size)
            })
            .collect();
        if fresh.is_empty() {
            return ty;
        }
        substitute_size(&ty, &|s| match s {
            Size::Named(n) => fresh.get(n).cloned(),
            _ => None,
        })
    }

    fn path_expr(&mut self, node: &SyntaxNode) -> Type {
        let Some(path) = child_nodes(node).next() else {
            return self.u.fresh();
        };
        let segments = path_segments(&path);
        self.resolve_path_value(&segments, node.text_range())
    }

    /// A dotted name: a variable followed by field projections, or a value
    /// inside (nested) modules, possibly followed by projections.
    pub fn resolve_path_value(&mut self, segments: &[String], range: TextRange) -> Type {
        let Some(first) = segments.first() else {
            return self.u.fresh();
        };
        // `M.x` names a module's member when `M` is a module and no local
        // variable `M` hides it (the prelude's value `r32` does not hide a
        // module `r32`).
        let names_module = segments.len() > 1
            && self.lookup_local(first).is_none()
            && self.module_prefix_len(segments) > 0;
        let value = if names_module {
            None
        } else {
            self.lookup_value(first)
        };
        let (mut ty, rest) = if let Some(resolved) = value {
            self.note_use(segments, 0, range.start(), resolved.target());
            if let super::names::Resolved::Local(local) = &resolved {
                self.note_recursive_use(local.def, range);
            }
            if first.starts_with('_') {
                self.error(
                    "underscore-use",
                    range,
                    format!("Use of \"{first}\": variables prefixed with underscore may not be accessed."),
                );
            }
            let scheme = resolved.shared_scheme().clone();
            (
                self.instantiate_named(&scheme, first, range),
                &segments[1..],
            )
        } else {
            let modules = self.module_prefix_len(segments);
            if modules == 0 && self.names_functor(first) && segments.len() > 1 {
                self.error("module-error", range, "Cannot have parametric module here.");
                return self.u.fresh();
            }
            if modules == 0 || modules == segments.len() {
                let message = format!("Unknown name \"{}\".", segments.join("."));
                self.error("unknown-name", range, message);
                return self.u.fresh();
            }
            let env = self
                .lookup_module_path(&segments[..modules])
                .expect("module prefix");
            let name = &segments[modules];
            let Some(value) = env.values.get(name.as_str()).cloned() else {
                self.error(
                    "unknown-name",
                    range,
                    format!("Unknown name \"{}\".", segments.join(".")),
                );
                return self.u.fresh();
            };
            self.note_use(segments, modules, range.start(), value.target());
            (
                self.instantiate_named(&value.scheme, name, range),
                &segments[modules + 1..],
            )
        };
        for field in rest {
            ty = self.project(&ty, field, range);
        }
        ty
    }

    /// The type of field `field` of a value of type `ty`.
    pub fn project(&mut self, ty: &Type, field: &str, range: TextRange) -> Type {
        match self.u.shallow(ty) {
            Type::Record(fields) => match fields.get(field) {
                Some(t) => t.clone(),
                None => {
                    let shown = self.u.resolve(ty);
                    self.error(
                        "unknown-field",
                        range,
                        format!("Attempt to access field \"{field}\"  of value of type {shown}."),
                    );
                    self.u.fresh()
                }
            },
            Type::Var(_) => {
                let field_ty = self.u.fresh();
                let wanted = self.u.fresh_with(Constraint::HasFields(BTreeMap::from([(
                    field.to_string(),
                    field_ty.clone(),
                )])));
                self.expect_type(range, &wanted, ty);
                field_ty
            }
            other => {
                let field_ty = self.u.fresh();
                let record = Type::Record(BTreeMap::from([(field.to_string(), field_ty.clone())]));
                self.expect_type(range, &other, &record);
                field_ty
            }
        }
    }

    fn record_expr(&mut self, node: &SyntaxNode) -> Type {
        let mut fields = BTreeMap::new();
        let mut defined_at = rustc_hash::FxHashMap::default();
        for field in child_nodes(node).filter(|c| c.kind() == RECORD_FIELD) {
            let mut parts = child_nodes(&field);
            let Some(name) = parts.next() else { continue };
            let name_str = name_text(&name);
            let ty = match parts.next() {
                Some(value) => self.expr(&value),
                None => self.resolve_path_value(std::slice::from_ref(&name_str), name.text_range()),
            };
            fields.insert(name_str.clone(), ty);
            if let Some(previous) = defined_at.insert(name_str.clone(), field.text_range()) {
                let cited = citation(self.loc(previous));
                self.error(
                    "duplicate-field",
                    field.text_range(),
                    format!("Field \"{name_str}\" previously defined at {cited}."),
                );
            }
        }
        Type::Record(fields)
    }

    fn array_expr(&mut self, node: &SyntaxNode) -> Type {
        let elem_ty = self.u.fresh();
        let mut count = 0i64;
        let mut shared = super::literals::SharedLiterals::default();
        for elem in child_nodes(node) {
            count += 1;
            if !self.shared_literal_element(&elem, &mut shared) {
                let ty = self.expr(&elem);
                let unified = self.expect_array_element(elem.text_range(), &elem_ty, &ty);
                shared.offer(&elem, ty, unified);
            }
        }
        let elem_ty = self.u.shallow(&elem_ty);
        self.require_first_order(node.text_range(), &elem_ty, FirstOrderPlace::ArrayElement);
        Type::Array {
            elem: Box::new(elem_ty),
            shape: vec![Size::Const(count)],
            unique: true,
        }
    }

    /// `a[i, j:k]`: each plain index removes a dimension, each slice keeps one.
    fn index_expr(&mut self, node: &SyntaxNode) -> Type {
        let mut parts = child_nodes(node);
        let (Some(base), Some(slice)) = (parts.next(), parts.next()) else {
            return self.u.fresh();
        };
        let base_ty = self.expr(&base);
        self.apply_slice(&base_ty, &slice, node.text_range(), true)
    }

    /// The type of slicing a value of type `base_ty` with `slice`; where
    /// `rigid` (a slice expression, not the target of an update), a range
    /// whose length is not a size gets a new existential size.
    pub fn apply_slice(
        &mut self,
        base_ty: &Type,
        slice: &SyntaxNode,
        range: TextRange,
        rigid: bool,
    ) -> Type {
        let items: Vec<SyntaxNode> = child_nodes(slice).collect();
        let base = self.u.resolve(base_ty);
        let (elem, shape) = match &base {
            Type::Array { elem, shape, .. } => ((**elem).clone(), shape.clone()),
            Type::Var(_) => {
                // Unknown so far: assume an array of exactly the indexed rank.
                let elem = self.u.fresh();
                let shape: Vec<Size> = items.iter().map(|_| self.u.fresh_size()).collect();
                let array = Type::array_of(elem.clone(), shape.clone(), false);
                self.expect_type(range, &array, &base);
                (elem, shape)
            }
            other => {
                // Futhark unifies the value with an array of the indexed rank.
                let array = self.array_of_rank(items.len());
                self.expect_type(range, &array, other);
                return self.u.fresh();
            }
        };
        if items.len() > shape.len() {
            // The element left after the array's dimensions is no array.
            let rest = self.array_of_rank(items.len() - shape.len());
            self.expect_type(range, &rest, &elem);
            return self.u.fresh();
        }
        let mut kept = Vec::new();
        for (item, size) in items.iter().zip(&shape) {
            if item.kind() == SLICE_RANGE {
                let strided = direct_tokens(item).filter(|t| t.kind() == COLON).count() > 1;
                for bound in child_nodes(item) {
                    if !strided {
                        self.warn_if_size_binds(&bound);
                    }
                    let ty = self.expr(&bound);
                    self.expect_type(bound.text_range(), &Type::i64(), &ty);
                }
                let whole = child_nodes(item).next().is_none() && direct_tokens(item).count() == 1;
                kept.push(if whole {
                    size.clone()
                } else {
                    self.slice_length(item, size, rigid)
                });
            } else {
                let ty = self.expr(item);
                // An index of no other known type is an `i32`, as Futhark
                // defaults an ambiguous integer type.
                let index = self.u.fresh_numeric(SIGNED.to_vec(), Some(PrimType::I32));
                self.expect_type(item.text_range(), &index, &ty);
            }
        }
        kept.extend(shape[items.len()..].iter().cloned());
        Type::array_of(elem, kept, false)
    }

    /// The length of the slice range `range` of a dimension of size
    /// `dim`, as Futhark 0.28 knows it: with a unit stride, `i:j` has
    /// length `j - i` (`j` when `i` is absent or zero; `j` defaults to
    /// `dim`); with a stride of -1, `::-1` has length `dim` and `i:j:-1`
    /// has `i - j`. Any other range has a new existential length. The
    /// target of an update (not `rigid`) has a length inferred from the
    /// value, whatever its bounds. A bound that is no size expression we can write (a
    /// function call, say) gives an unknown length that is inferred.
    fn slice_length(&mut self, range: &SyntaxNode, dim: &Size, rigid: bool) -> Size {
        if !rigid {
            return self.u.fresh_unknown_size();
        }
        // The start, end and stride slots, split at the colons.
        let mut slots: [Option<SyntaxNode>; 3] = [None, None, None];
        let mut slot = 0;
        for child in range.children_with_tokens() {
            if child.kind() == COLON {
                slot += 1;
            } else if let (Some(node), true) = (child.into_node(), slot < 3) {
                slots[slot] = Some(node);
            }
        }
        let [start, end, stride] = slots;
        let stride_value = match &stride {
            None => Some(1),
            Some(node) => int_literal(node),
        };
        let size_of = |this: &Self, node: &Option<SyntaxNode>, default: &Size| match node {
            None => Some(default.clone()),
            Some(n) => this.size_of_expression(n),
        };
        let minus = |a: Size, b: Size| Size::Op("-".to_string(), Box::new(a), Box::new(b));
        let starts_at_zero = start.as_ref().is_none_or(|n| int_literal(n) == Some(0));
        let known = match stride_value {
            Some(1) if starts_at_zero => size_of(self, &end, dim),
            Some(1) => size_of(self, &end, dim)
                .zip(size_of(self, &start, dim))
                .map(|(j, i)| minus(j, i)),
            Some(-1) if start.is_none() && end.is_none() => Some(dim.clone()),
            Some(-1) if start.is_some() && end.is_some() => size_of(self, &start, dim)
                .zip(size_of(self, &end, dim))
                .map(|(i, j)| minus(i, j)),
            _ => {
                let size = self.fresh_existential();
                let at = range.text_range();
                self.note_size_origin(&size, super::size_origins::SizeOrigin::Slice { at });
                Some(size)
            }
        };
        known.unwrap_or_else(|| self.u.fresh_unknown_size())
    }

    /// An array of `rank` dimensions of unknown sizes and element type.
    fn array_of_rank(&mut self, rank: usize) -> Type {
        let shape = (0..rank).map(|_| self.u.fresh_size()).collect();
        Type::array_of(self.u.fresh(), shape, false)
    }

    fn field_expr(&mut self, node: &SyntaxNode) -> Type {
        let Some(base) = child_nodes(node).next() else {
            return self.u.fresh();
        };
        let Some(field) = direct_tokens(node).filter(|t| t.kind() != DOT).last() else {
            return self.u.fresh();
        };
        let base_ty = self.expr(&base);
        self.project(&base_ty, field.text(), node.text_range())
    }

    /// `M.(e)`: `e` with the module's bindings in scope.
    fn qual_paren_expr(&mut self, node: &SyntaxNode) -> Type {
        let mut parts = child_nodes(node);
        let (Some(path), Some(inner)) = (parts.next(), parts.next()) else {
            return self.u.fresh();
        };
        let segments = path_segments(&path);
        let Some(env) = self.lookup_module_path(&segments) else {
            self.error(
                "unknown-name",
                path.text_range(),
                format!("Unknown name \"{}\".", segments.join(".")),
            );
            return self.expr(&inner);
        };
        // The module's values hide local variables of the same names.
        let saved_locals = self.locals.clone();
        for scope in &mut self.locals {
            scope.retain(|name, _| !env.values.contains_key(name.as_str()));
        }
        self.frames.push(super::Frame::opened(env));
        let ty = self.expr(&inner);
        self.frames.pop();
        self.locals = saved_locals;
        ty
    }

    /// `e : t` (types must match exactly) and `e :> t` (sizes may differ).
    fn ascription(&mut self, node: &SyntaxNode) -> Type {
        let mut parts = child_nodes(node);
        let (Some(inner), Some(ty_node)) = (parts.next(), parts.next()) else {
            return self.u.fresh();
        };
        let actual = self.expr(&inner);
        let written = self.type_exp(&ty_node);
        let annotated = self.fresh_invented_sizes(&written);
        if node.kind() == COERCE_EXPR {
            // `e :> [][n]t`: the written sizes are checked at run time; an
            // anonymous one is the size `e` has.
            let loose: Vec<Size> = dims(&written)
                .iter()
                .zip(dims(&annotated))
                .map(|(w, a)| match w {
                    Size::Named(name) if name.starts_with('?') => a,
                    _ => self.u.fresh_size(),
                })
                .collect();
            let loose = with_dims(&annotated, &loose);
            self.expect_in(
                inner.text_range(),
                super::Context::Ascription,
                &loose,
                &actual,
            );
        } else {
            self.expect_in(
                inner.text_range(),
                super::Context::Ascription,
                &annotated,
                &actual,
            );
        }
        annotated
    }

    /// `ty` with every size replaced by a fresh variable.
    pub fn loosen_sizes(&mut self, ty: &Type) -> Type {
        let fresh: Vec<Size> = dims(ty).iter().map(|_| self.u.fresh_size()).collect();
        with_dims(ty, &fresh)
    }

    /// Two types of one shape whose sizes differ somewhere: sizes that can
    /// agree stay, each other one becomes a new existential size (rigid:
    /// it equals no size but itself). As in Futhark, one pair of differing
    /// sizes makes one existential wherever it occurs (`if b then (xs,
    /// ys) else (zs, ws)` keeps the two results' sizes equal where theirs
    /// are in each branch).
    fn existential_join(&mut self, at: TextRange, a: &Type, b: &Type) -> Type {
        let (a, b) = (self.u.resolve(a), self.u.resolve(b));
        let (sizes_a, sizes_b) = (dims(&a), dims(&b));
        if sizes_a.len() != sizes_b.len() {
            return self.loosen_sizes(&a);
        }
        let origin = super::size_origins::SizeOrigin::Branches {
            at,
            former: self.u.display(&a).to_string(),
            latter: self.u.display(&b).to_string(),
        };
        let mut made: Vec<((Size, Size), Size)> = Vec::new();
        let joined: Vec<Size> = sizes_a
            .iter()
            .zip(&sizes_b)
            .map(|(x, y)| {
                let pair = (self.u.resolve_size(x), self.u.resolve_size(y));
                if let Some((_, size)) = made.iter().find(|(p, _)| *p == pair) {
                    return size.clone();
                }
                let joined = if self.separate_sizes(x, y) {
                    self.fresh_existential()
                } else {
                    match self.u.unify_size(x, y) {
                        Ok(()) => return self.u.resolve_size(x),
                        Err(_) => self.fresh_existential(),
                    }
                };
                self.note_size_origin(&joined, origin.clone());
                made.push((pair, joined.clone()));
                joined
            })
            .collect();
        with_dims(&a, &joined)
    }

    /// Whether two branches' types pair a parameter's anonymous size at a
    /// use (a stand-in) with a size only the body computes: as in Futhark,
    /// where branches never equate differing sizes, the join is a new
    /// existential size, and the parameter's size stays its own.
    fn stand_in_meets_existential(&self, a: &Type, b: &Type) -> bool {
        let (a, b) = (dims(&self.u.resolve(a)), dims(&self.u.resolve(b)));
        a.len() == b.len() && a.iter().zip(&b).any(|(x, y)| self.separate_sizes(x, y))
    }

    fn separate_sizes(&self, x: &Size, y: &Size) -> bool {
        let stand_in_of = |s: &Size| match self.u.resolve_size(s) {
            Size::Var(v) => self
                .stand_ins
                .iter()
                .find(|(_, w)| self.u.resolve_size(&Size::Var(*w)) == Size::Var(v))
                .map(|(name, _)| name.clone()),
            _ => None,
        };
        let is_stand_in = |s: &Size| stand_in_of(s).is_some();
        let inner_to = |s: &Size, other: &Size| {
            stand_in_of(s)
                .is_some_and(|name| self.mentions_inner_name(&self.u.resolve_size(other), &name))
        };
        if inner_to(x, y) || inner_to(y, x) {
            return true;
        }
        let is_existential = |s: &Size| {
            matches!(self.u.resolve_size(s), Size::Named(n)
                if self.existentials.iter().any(|(e, _)| *e == n))
        };
        (is_stand_in(x) && is_existential(y)) || (is_stand_in(y) && is_existential(x))
    }

    fn range_expr(&mut self, node: &SyntaxNode) -> Type {
        let elem = self.u.fresh_numeric(INTEGRAL.to_vec(), Some(PrimType::I32));
        let bounds: Vec<SyntaxNode> = child_nodes(node).collect();
        for bound in &bounds {
            let ty = self.expr(bound);
            self.expect_type(bound.text_range(), &elem, &ty);
        }
        let length = self.range_length(node, &bounds, &elem);
        Type::Array {
            elem: Box::new(elem),
            shape: vec![length],
            unique: true,
        }
    }

    fn if_expr(&mut self, node: &SyntaxNode) -> Type {
        let parts: Vec<SyntaxNode> = child_nodes(node).collect();
        let Some(cond) = parts.first() else {
            return self.u.fresh();
        };
        let cond_ty = self.expr(cond);
        if self.u.unify(&Type::bool(), &cond_ty).is_err() {
            let shown = self.u.display(&cond_ty);
            self.error(
                "type-mismatch",
                cond.text_range(),
                format!("Expression must have type bool.\nActual type: {shown}"),
            );
        }
        let branches: Vec<(TextRange, Type)> = parts[1..]
            .iter()
            .map(|b| (b.text_range(), self.expr(b)))
            .collect();
        let result = self.join_branches(node.text_range(), &branches);
        self.check_not_lifted(&result, node.text_range(), "returned from branch");
        self.require_first_order(node.text_range(), &result, FirstOrderPlace::Conditional);
        result
    }

    /// The type of a value that comes from one of several branches: they
    /// must agree on the type; where they disagree on a size, the result
    /// has an unknown size (as in Futhark, which makes it existential).
    pub fn join_branches(&mut self, at: TextRange, branches: &[(TextRange, Type)]) -> Type {
        let Some((_, first)) = branches.first() else {
            return self.u.fresh();
        };
        let mut result = first.clone();
        for (range, ty) in &branches[1..] {
            let unified = if self.stand_in_meets_existential(&result, ty) {
                Err(crate::unify::Mismatch::Sizes(
                    Size::Const(0),
                    Size::Const(1),
                ))
            } else {
                self.u.unify(&result, ty)
            };
            match unified {
                Ok(()) => {}
                // Sizes that differ, or a size that would contain itself
                // (`xs` and `xs ++ xs`): a new existential size.
                Err(crate::unify::Mismatch::Sizes(..) | crate::unify::Mismatch::Infinite) => {
                    let loose = self.loosen_sizes(&self.u.resolve(&result));
                    let other = self.loosen_sizes(&self.u.resolve(ty));
                    if self.expect_type(*range, &loose, &other) {
                        result = self.existential_join(at, &result, ty);
                    } else {
                        result = loose;
                    }
                }
                Err(why) => {
                    let (former, latter) = (self.u.display(&result), self.u.display(ty));
                    let detail = match why {
                        crate::unify::Mismatch::Detail(detail) => format!("\n{detail}"),
                        _ => String::new(),
                    };
                    self.error(
                        "type-mismatch",
                        *range,
                        format!(
                            "Branches differ in type.\nFormer: {former}\nLatter: {latter}{detail}"
                        ),
                    );
                }
            }
        }
        result
    }

    fn lambda(&mut self, node: &SyntaxNode) -> Type {
        let params: Vec<SyntaxNode> = child_nodes(node).filter(super::decls::is_pattern).collect();
        let ret = child_nodes(node).find(|c| c.kind() == RET_TYPE);
        let body = child_nodes(node).find(super::decls::is_expr);
        let mark = self.scope_mark();
        self.push_scope();
        // A lambda has no size parameters: the anonymous sizes of its
        // parameters are inferred from its use, as a `let`'s are.
        let outer = std::mem::replace(&mut self.in_let_pattern, true);
        let param_tys = self.bind_params(&params);
        let param_tys = self.with_declared_param_uniqueness(&params, param_tys);
        for (param, ty) in params.iter().zip(&param_tys) {
            self.pending_refutable.push((param.clone(), ty.clone()));
        }
        self.in_let_pattern = outer;
        let mut body_ty = self.expr_or_fresh(body);
        if let Some(ret) = ret.and_then(|r| child_nodes(&r).next()) {
            // Its anonymous sizes (`[]`) stand for whatever the body gives.
            let annotated = self.type_exp(&ret);
            let mut written = ret.clone();
            while written.kind() == PAREN_TYPE {
                match child_nodes(&written).next() {
                    Some(inner) => written = inner,
                    None => break,
                }
            }
            let loose = self.fresh_invented_sizes(&annotated);
            let fits = self.expect_type(ret.text_range(), &loose, &body_ty);
            // `: ?[m].[m]t` hides the body's size: the lambda returns the
            // declared existential.
            if fits && written.kind() == EXISTENTIAL_TYPE {
                body_ty = annotated;
            }
        }
        self.check_scope_levels(&mark, &super::levels::bound_in(&params));
        self.check_param_size_links(&params, &param_tys);
        self.pop_scope();
        let ty = param_tys
            .into_iter()
            .rev()
            .fold(body_ty, |acc, p| Type::arrow(p, acc));
        // `\n (xs: [n]t) -> ...` is a `(n: i64) -> [n]t -> ...`.
        let names: Vec<Option<String>> = params
            .iter()
            .map(super::param_sizes::whole_param_name)
            .collect();
        if names.iter().all(Option::is_none) {
            return ty;
        }
        super::decls::attach_param_names(self.u.resolve(&ty), &names)
    }

    /// `a with [i].f = v` and `r with f[i] = v`: the base, then a path of
    /// index and field steps, then the value.
    fn update_expr(&mut self, node: &SyntaxNode) -> Type {
        let parts: Vec<SyntaxNode> = child_nodes(node).collect();
        let (Some(base), Some(value)) = (parts.first(), parts.last()) else {
            return self.u.fresh();
        };
        let steps = path_steps(node);
        if parts.len() < 3 || steps.is_empty() {
            return self.u.fresh();
        }
        let base_ty = self.expr(base);
        // A record whose type is not yet known gets the updated fields as
        // constraints, as a projection would.
        let target = self.path_target(&base_ty, &steps, node.text_range());
        let value_ty = self.expr(value);
        // Futhark words an array update's mismatch value first, a record
        // update's field first.
        if steps[0].kind() == SLICE {
            self.expect_type(value.text_range(), &value_ty, &target);
            return base_ty;
        }
        if steps.iter().any(|s| s.kind() == SLICE) {
            self.expect_type(value.text_range(), &target, &value_ty);
            return base_ty;
        }
        // `r with a.b = v` may change the sizes of the field: the result
        // has `v`'s.
        let resolved = self.u.resolve(&target);
        let loose = self.loosen_sizes(&resolved);
        let fields: Vec<String> = steps
            .iter()
            .flat_map(|s| direct_tokens(s).filter(|t| t.kind() != DOT))
            .map(|t| t.text().to_string())
            .collect();
        if self.u.unify(&loose, &value_ty).is_err() {
            let (given, field) = (self.u.display(&value_ty), self.u.display(&resolved));
            self.error(
                "type-mismatch",
                value.text_range(),
                format!(
                    "The value given to record field \"{}\" has type\n  {given}\nbut the field has type\n  {field}",
                    fields.join(".")
                ),
            );
            return base_ty;
        }
        let base_resolved = self.u.resolve(&base_ty);
        replace_field(&base_resolved, &fields, &value_ty).unwrap_or(base_ty)
    }

    /// The type at the end of a path of index (`[i]`) and field (`.a.b`)
    /// steps from a value of type `base`.
    pub(super) fn path_target(
        &mut self,
        base: &Type,
        steps: &[SyntaxNode],
        range: TextRange,
    ) -> Type {
        let mut target = base.clone();
        for step in steps {
            if step.kind() == SLICE {
                target = self.apply_slice(&target, step, range, false);
            } else {
                for field in direct_tokens(step).filter(|t| t.kind() != DOT) {
                    target = self.project(&target, field.text(), step.text_range());
                }
            }
        }
        target
    }

    fn match_expr(&mut self, node: &SyntaxNode) -> Type {
        let Some(scrutinee) = child_nodes(node).next() else {
            return self.u.fresh();
        };
        let scrutinee_ty = self.expr(&scrutinee);
        let mut bodies = Vec::new();
        let cases: Vec<SyntaxNode> = child_nodes(node)
            .filter(|c| c.kind() == MATCH_CASE)
            .collect();
        for case in &cases {
            let parts: Vec<SyntaxNode> = child_nodes(case).collect();
            self.push_scope();
            if let Some(pattern) = parts.first() {
                self.bind_pattern(pattern, &scrutinee_ty);
            }
            if let Some(body) = parts.get(1) {
                bodies.push((body.text_range(), self.expr(body)));
            }
            self.pop_scope();
        }
        let result = self.join_branches(node.text_range(), &bodies);
        self.require_first_order(node.text_range(), &result, FirstOrderPlace::Match);
        let patterns: Vec<SyntaxNode> =
            cases.iter().filter_map(|c| child_nodes(c).next()).collect();
        // Decided once the whole definition is checked, when the
        // scrutinee's type is known.
        self.pending_matches
            .push((node.clone(), scrutinee_ty, patterns));
        result
    }

    fn constructor_expr(&mut self, node: &SyntaxNode) -> Type {
        let Some(token) = token_of_kind(node, CONSTRUCTOR) else {
            return self.u.fresh();
        };
        let name = token.text().trim_start_matches('#').to_string();
        let payload: Vec<Type> = child_nodes(node).map(|a| self.expr(&a)).collect();
        self.u
            .fresh_with(Constraint::HasConstructors(BTreeMap::from([(
                name, payload,
            )])))
    }

    fn assert_expr(&mut self, node: &SyntaxNode) -> Type {
        let parts: Vec<SyntaxNode> = child_nodes(node).collect();
        if let Some(cond) = parts.first() {
            let ty = self.expr(cond);
            self.expect_type(cond.text_range(), &Type::bool(), &ty);
        }
        self.expr_or_fresh(parts.get(1))
    }
}

/// Number of bytes a string literal denotes (escapes count as one).
fn string_length(literal: &str) -> i64 {
    let inner = literal.trim_start_matches('"').trim_end_matches('"');
    let mut count = 0;
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            chars.next();
            count += 1;
        } else {
            count += c.len_utf8() as i64;
        }
    }
    count
}

/// The text of a node on one line, as messages quote expressions.
pub(crate) fn compact_text(node: &SyntaxNode) -> String {
    node.text()
        .to_string()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The index (`SLICE`) and field (`FIELD_PATH`) steps of an update or
/// projection path, in order.
pub(crate) fn path_steps(node: &SyntaxNode) -> Vec<SyntaxNode> {
    child_nodes(node)
        .filter(|c| matches!(c.kind(), SLICE | FIELD_PATH))
        .collect()
}

/// `ty`, a record, with the field at the end of `path` replaced by `new`
/// (`None` where `ty` is not a record along the path).
fn replace_field(ty: &Type, path: &[String], new: &Type) -> Option<Type> {
    let Some((first, rest)) = path.split_first() else {
        return Some(new.clone());
    };
    let Type::Record(fields) = ty else {
        return None;
    };
    let mut fields = fields.clone();
    let field = fields.get_mut(first)?;
    *field = replace_field(field, rest, new)?;
    Some(Type::Record(fields))
}

/// The value of an integer literal (in parentheses, negated or not): a
/// range's or a slice's bound.
pub(super) fn int_literal(node: &SyntaxNode) -> Option<i128> {
    match node.kind() {
        LITERAL => direct_tokens(node)
            .next()
            .filter(|t| t.kind() == INT_NUMBER)
            .and_then(|t| super::literals::literal_value(t.text())),
        PREFIX_EXPR => {
            let negated = direct_tokens(node).any(|t| t.text() == "-");
            let inner = child_nodes(node).next()?;
            negated.then(|| int_literal(&inner)).flatten().map(|v| -v)
        }
        PAREN_EXPR => int_literal(&child_nodes(node).next()?),
        _ => None,
    }
}
