//! Matching a module's types against a module type's specs, and explaining
//! why a value's type does not match its spec, in Futhark's words.

use runic_syntax::TextRange;

use super::Checker;
use crate::env::{Liftedness, ModEnv, TypeDef, TypeParam};
use crate::types::{Size, Type, TypeArg};

fn liftedness(def: &TypeDef) -> Liftedness {
    match def {
        TypeDef::Alias { lifted, .. } | TypeDef::Abstract { lifted, .. } => *lifted,
    }
}

fn rank(lifted: Liftedness) -> u8 {
    match lifted {
        Liftedness::Unlifted => 0,
        Liftedness::SizeLifted => 1,
        Liftedness::Lifted => 2,
    }
}

/// A type definition as Futhark shows it: `type^ t 'a = body`.
fn show_def(name: &str, def: &TypeDef) -> String {
    let mark = match liftedness(def) {
        Liftedness::Unlifted => "",
        Liftedness::SizeLifted => "~",
        Liftedness::Lifted => "^",
    };
    let params: String = def
        .params()
        .iter()
        .map(|p| match p {
            TypeParam::Type { name, .. } => format!(" '{name}"),
            TypeParam::Size(name) => format!(" [{name}]"),
        })
        .collect();
    match def {
        TypeDef::Alias { body, .. } => format!("type{mark} {name}{params} = {body}"),
        TypeDef::Abstract { .. } => format!("type{mark} {name}{params}"),
    }
}

/// The parameters of a definition as arguments naming themselves.
fn params_as_args(params: &[TypeParam]) -> Vec<TypeArg> {
    params
        .iter()
        .map(|p| match p {
            TypeParam::Type { name, .. } => TypeArg::Type(Type::Named {
                name: name.clone(),
                args: Vec::new(),
                unique: false,
            }),
            TypeParam::Size(name) => TypeArg::Size(Size::Named(name.clone())),
        })
        .collect()
}

impl Checker<'_> {
    /// Reports each type of `env` that does not match its spec in `spec`
    /// (`instantiated`: the spec with its abstract types as `env` defines them).
    pub(super) fn match_sig_types(
        &mut self,
        env: &ModEnv,
        spec: &ModEnv,
        instantiated: &ModEnv,
        range: TextRange,
    ) {
        for (key, spec_def) in &spec.types {
            let Some(actual) = env.types.get(key) else {
                continue;
            };
            let wanted = instantiated.types.get(key).unwrap_or(spec_def);
            if let Some(problem) = self.type_def_mismatch(key, actual, wanted) {
                let message = format!(
                    "Module defines\n  {}\nbut module type requires{problem}",
                    show_def(key, actual)
                );
                self.error("module-error", range, message);
            }
        }
    }

    /// What the module type requires instead of `actual`, if it differs.
    fn type_def_mismatch(
        &mut self,
        key: &str,
        actual: &TypeDef,
        wanted: &TypeDef,
    ) -> Option<String> {
        let required = format!("\n  {}", show_def(key, wanted));
        if actual.params().len() != wanted.params().len() {
            return Some(required);
        }
        match liftedness(wanted) {
            _ if rank(liftedness(actual)) <= rank(liftedness(wanted)) => {}
            Liftedness::Unlifted => return Some(" a non-lifted type.".into()),
            _ => return Some(" a size-lifted type.".into()),
        }
        if let TypeDef::Alias { params, .. } = wanted {
            let args = params_as_args(params);
            let wanted_ty = self.fresh_invented_sizes(&wanted.apply(&args));
            let actual_ty = self.fresh_invented_sizes(&actual.apply(&args));
            if self.u.unify(&wanted_ty, &actual_ty).is_err() {
                return Some(required);
            }
        }
        None
    }

    /// Why a value of type `actual` does not match the spec's `wanted`: the
    /// first parameter or the final result type that differs.
    pub(super) fn explain_val_mismatch(&mut self, wanted: &Type, actual: &Type) -> String {
        let (mut wanted, mut actual) = (self.u.resolve(wanted), self.u.resolve(actual));
        let mut in_result = false;
        loop {
            match (wanted, actual) {
                (
                    Type::Arrow {
                        param: pw, ret: rw, ..
                    },
                    Type::Arrow {
                        param: pa, ret: ra, ..
                    },
                ) => {
                    if self.u.unify(&pw, &pa).is_err() {
                        let text = self.types_differ(&pw, &pa);
                        return format!("{text}\nWhen matching parameter types.");
                    }
                    (wanted, actual, in_result) = (*rw, *ra, true);
                }
                (w, a) => {
                    let text = self.types_differ(&w, &a);
                    return if in_result {
                        format!("{text}\nWhen matching return types.")
                    } else {
                        text
                    };
                }
            }
        }
    }

    fn types_differ(&self, a: &Type, b: &Type) -> String {
        let (a, b) = (self.u.display(a), self.u.display(b));
        format!("Types\n  {a}\nand\n  {b}\ndo not match.")
    }
}
