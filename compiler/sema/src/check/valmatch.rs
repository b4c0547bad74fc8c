//! Matching one value of a module against its spec in a module type: the
//! module's value seen with its own size and type parameters to infer (and
//! the existential sizes of its results, which any size may meet), the
//! spec's parameters rigid; then uniqueness (a module may not consume what
//! the spec does not, nor return shared what the spec says is unique), and
//! the sizes an abstract type's definition brings in, which may not end up
//! outside every function type (`val empty : t` for `type~ t = []bool`).

use runic_syntax::TextRange;

use super::Checker;
use crate::env::{Liftedness, Scheme, TypeDef, TypeParam, Value};
use crate::types::{Size, Type, TypeArg};
use crate::unify::Mismatch;

impl Checker<'_> {
    /// Reports how the module's value `actual` fails the spec `spec` (its
    /// type already with the module's definitions of abstract types);
    /// `name` qualified by the submodules it is in.
    pub(super) fn match_value(
        &mut self,
        name: &str,
        spec: &Value,
        actual: &Value,
        range: TextRange,
    ) {
        let actual_ty = self.instantiate_for_match(&actual.scheme);
        let wanted = self.rigid(&spec.scheme);
        let why = match self.u.unify(&wanted, &actual_ty) {
            Ok(()) => {
                let (wanted, actual_ty) = (self.u.resolve(&wanted), self.u.resolve(&actual_ty));
                if less_unique(&wanted, &actual_ty) {
                    "Uniqueness does not match.".to_string()
                } else if let Some(param) = too_lifted(
                    &spec.scheme,
                    &actual.scheme,
                    &spec.scheme.ty,
                    &actual.scheme.ty,
                ) {
                    format!("Type parameter \"{param}\" would be instantiated with a type of greater liftedness.")
                } else {
                    return;
                }
            }
            Err(Mismatch::Consumption(..)) => "Uniqueness does not match.".to_string(),
            Err(_) => {
                let (wanted, fresh_actual) = (
                    self.rigid(&spec.scheme),
                    self.instantiate_for_match(&actual.scheme),
                );
                self.explain_val_mismatch(&wanted, &fresh_actual)
            }
        };
        let shown = self.u.resolve(&actual_ty);
        self.error(
            "module-error",
            range,
            format!(
                "Module type specifies\n  val {name} : {}\nbut module provides\n  val {name} : {shown}\n{why}",
                spec.scheme.ty
            ),
        );
    }

    /// A module's value as matched against a spec: its parameters (and the
    /// anonymous sizes of its parameters) to infer, likewise the existential
    /// sizes of its result; any other size it has is fixed.
    fn instantiate_for_match(&mut self, scheme: &Scheme) -> Type {
        let ty = self.instantiate_params(scheme);
        let mut flexible = super::exprs::existential_result_sizes(&ty);
        flexible.extend(super::exprs::param_size_names(&ty));
        let mut fixed = Vec::new();
        super::types::collect_sizes(&ty, &mut |s| {
            if let Size::Named(n) = s {
                if n.starts_with('?') && !flexible.contains(n) && !fixed.contains(n) {
                    fixed.push(n.clone());
                }
            }
        });
        self.fresh_sizes_except(ty, &fixed, &|_| true)
    }

    /// The text after "Types ... do not match." for a size that differs.
    pub(super) fn size_detail(&mut self, wanted: &Type, actual: &Type) -> String {
        match self.u.unify(wanted, actual) {
            Err(Mismatch::Sizes(a, b)) => format!(
                "\nSizes \"{}\" and \"{}\" do not match.",
                super::show_size(&a),
                super::show_size(&b)
            ),
            _ => String::new(),
        }
    }
}

fn rank(lifted: Liftedness) -> u8 {
    match lifted {
        Liftedness::Unlifted => 0,
        Liftedness::SizeLifted => 1,
        Liftedness::Lifted => 2,
    }
}

/// The liftedness of the type parameter `name` of `scheme`, if it is one.
fn param_liftedness(scheme: &Scheme, name: &str) -> Option<Liftedness> {
    scheme.params.iter().find_map(|p| match p {
        TypeParam::Type { name: n, lifted } if n == name => Some(*lifted),
        _ => None,
    })
}

/// A type parameter of the module's value that stands, at the same place
/// of the two types, where the spec has a function type or one of its own
/// type parameters of greater liftedness (`'a` for a spec's `'^a`).
fn too_lifted(
    spec_scheme: &Scheme,
    actual_scheme: &Scheme,
    spec: &Type,
    actual: &Type,
) -> Option<String> {
    let recurse = |s: &Type, a: &Type| too_lifted(spec_scheme, actual_scheme, s, a);
    match (spec, actual) {
        (_, Type::Named { name, args, .. }) if args.is_empty() => {
            let own = rank(param_liftedness(actual_scheme, name)?);
            let needed = match spec {
                Type::Arrow { .. } => 2,
                Type::Named { name: s, .. } => param_liftedness(spec_scheme, s).map_or(0, rank),
                _ => 0,
            };
            (needed > own).then(|| name.clone())
        }
        (
            Type::Arrow {
                param: sp, ret: sr, ..
            },
            Type::Arrow {
                param: ap, ret: ar, ..
            },
        ) => recurse(sp, ap).or_else(|| recurse(sr, ar)),
        (Type::Array { elem: se, .. }, Type::Array { elem: ae, .. }) => recurse(se, ae),
        (Type::Record(sf), Type::Record(af)) => sf
            .iter()
            .find_map(|(k, t)| af.get(k).and_then(|a| recurse(t, a))),
        _ => None,
    }
}

/// Whether `actual` is less unique than `spec` where it matters: it
/// consumes a parameter the spec does not, or returns a shared value where
/// the spec's result is unique.
fn less_unique(spec: &Type, actual: &Type) -> bool {
    match (spec, actual) {
        (
            Type::Arrow {
                param: spec_param,
                ret: spec_ret,
                ..
            },
            Type::Arrow {
                param: actual_param,
                ret: actual_ret,
                ..
            },
        ) => {
            (actual_param.is_unique() && !spec_param.is_unique())
                || less_unique(spec_ret, actual_ret)
        }
        (Type::Arrow { .. }, _) | (_, Type::Arrow { .. }) => false,
        _ => result_less_unique(spec, actual),
    }
}

/// Whether some part of the result `spec` is unique where `actual` is not.
fn result_less_unique(spec: &Type, actual: &Type) -> bool {
    match (spec, actual) {
        (Type::Record(spec_fields), Type::Record(actual_fields)) => {
            spec_fields.iter().any(|(k, t)| {
                actual_fields
                    .get(k)
                    .is_some_and(|a| result_less_unique(t, a))
            })
        }
        (Type::Record(_), _) | (_, Type::Record(_)) => false,
        _ => spec.is_unique() && !actual.is_unique(),
    }
}

/// Whether putting the definitions `bindings` of abstract types into the
/// spec type `ty` brings an invented size of a definition outside every
/// function type (where no value could say what it is).
pub(super) fn gives_top_level_size(ty: &Type, bindings: &[(String, TypeDef)]) -> bool {
    match ty {
        Type::Arrow { .. } => false,
        Type::Array { elem, .. } => gives_top_level_size(elem, bindings),
        Type::Record(fields) => fields.values().any(|t| gives_top_level_size(t, bindings)),
        Type::Sum(cs) => cs
            .values()
            .flatten()
            .any(|t| gives_top_level_size(t, bindings)),
        Type::Named { name, args, .. } => {
            let own = bindings.iter().find(|(n, _)| n == name).is_some_and(|(_, def)| {
                matches!(def, TypeDef::Alias { body, .. } if has_top_level_invented(body))
            });
            own || args.iter().any(|arg| match arg {
                TypeArg::Type(t) => gives_top_level_size(t, bindings),
                TypeArg::Size(_) => false,
            })
        }
        Type::Prim(_) | Type::Var(_) => false,
    }
}

/// Whether `ty` has an invented size outside every function type in it.
fn has_top_level_invented(ty: &Type) -> bool {
    match ty {
        Type::Arrow { .. } => false,
        Type::Array { elem, shape, .. } => {
            let mut found = false;
            for s in shape {
                s.visit(&mut |s| found |= matches!(s, Size::Named(n) if n.starts_with('?')));
            }
            found || has_top_level_invented(elem)
        }
        Type::Record(fields) => fields.values().any(has_top_level_invented),
        Type::Sum(cs) => cs.values().flatten().any(has_top_level_invented),
        Type::Named { args, .. } => args.iter().any(|arg| match arg {
            TypeArg::Type(t) => has_top_level_invented(t),
            TypeArg::Size(s) => matches!(s, Size::Named(n) if n.starts_with('?')),
        }),
        Type::Prim(_) | Type::Var(_) => false,
    }
}
