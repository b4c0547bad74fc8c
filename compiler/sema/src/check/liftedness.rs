//! Abstract types of modules declared lifted (`type^ t`, which may stand
//! for a function) or size-lifted (`type~ t`, whose values' sizes are not
//! part of the type): such a type may not instantiate a non-lifted type
//! parameter (`'a` of `copy`, `tabulate`), nor a lifted one be an entry
//! point's parameter or result.

use runic_syntax::TextRange;

use super::Checker;
use crate::env::{map_named, Liftedness, Scheme, TypeDef, TypeParam};
use crate::types::{TyVar, Type};

impl Checker<'_> {
    /// The greatest liftedness of the module abstract types `ty` mentions
    /// (none if it mentions none).
    pub(super) fn lifted_abstract_in(&self, ty: &Type) -> Option<Liftedness> {
        let found = std::cell::Cell::new(None);
        map_named(ty, &|name, _, _| {
            let lifted = name.rsplit_once('.').and_then(|(path, key)| {
                let segments: Vec<String> = path.split('.').map(str::to_string).collect();
                match self.lookup_module_path(&segments)?.types.get(key)? {
                    TypeDef::Abstract {
                        lifted, name: own, ..
                    } if own == name => Some(*lifted),
                    _ => None,
                }
            });
            if let Some(lifted) = lifted {
                let greater = match (found.get(), lifted) {
                    (Some(Liftedness::Lifted), _) => Liftedness::Lifted,
                    (Some(Liftedness::SizeLifted), Liftedness::Unlifted) => Liftedness::SizeLifted,
                    _ => lifted,
                };
                found.set(Some(greater));
            }
            None
        });
        found.get()
    }

    /// Remembers the variables the non-lifted type parameters of `scheme`
    /// (the value `name` used at `range`) became: the type variables made
    /// since `before`, one per type parameter, in order.
    pub(super) fn note_unlifted_instances(
        &mut self,
        scheme: &Scheme,
        name: &str,
        range: TextRange,
        before: u32,
    ) {
        let type_params: Vec<(&String, Liftedness)> = scheme
            .params
            .iter()
            .filter_map(|p| match p {
                TypeParam::Type { name, lifted } => Some((name, *lifted)),
                TypeParam::Size(_) => None,
            })
            .collect();
        if type_params.len() as u32 != self.u.type_var_count() - before {
            return;
        }
        for (index, (param, lifted)) in type_params.into_iter().enumerate() {
            if lifted == Liftedness::Unlifted {
                let var = TyVar(before + index as u32);
                self.unlifted_instances
                    .push((var, param.clone(), name.to_string(), range));
            }
        }
    }

    /// Reports a non-lifted type parameter instantiated with a type that
    /// mentions a lifted or size-lifted abstract type.
    pub(super) fn check_unlifted_instances(&mut self) {
        for (var, param, name, range) in std::mem::take(&mut self.unlifted_instances) {
            let ty = self.u.resolve(&Type::Var(var));
            if matches!(ty, Type::Var(_))
                || self
                    .lifted_abstract_in(&ty)
                    .is_none_or(|l| l == Liftedness::Unlifted)
            {
                continue;
            }
            let shown = self.u.display(&ty);
            self.error(
                "lifted-type",
                range,
                format!(
                    "Type \"{shown}\" is lifted and cannot instantiate the non-lifted type parameter \"{param}\" of \"{name}\"."
                ),
            );
        }
    }
}
