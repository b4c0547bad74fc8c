//! Lifted (`type^ t`, `'^a`: may stand for a function) and size-lifted
//! (`type~ t`, `'~a`: values' sizes not part of the type) abstract types
//! of modules and type parameters of definitions: such a type may not
//! instantiate a non-lifted type parameter (`'a` of `copy`, `tabulate`,
//! which may become an array element), nor a lifted one be an entry
//! point's parameter or result.

use runic_syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use super::{child_nodes, direct_tokens, name_text, Checker};
use crate::env::{map_named, Liftedness, TypeDef};
use crate::types::Type;

/// What a non-lifted type parameter of a used value was instantiated to:
/// the type, the parameter's name, and the value's name and use (once
/// known).
pub(crate) type UnliftedInstance = (Type, String, Option<(String, TextRange)>);

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

    /// A non-lifted type parameter (`'a`) of a used function stands for
    /// types that may be array elements: it may not be instantiated with a
    /// lifted or size-lifted type parameter of the definition `node`, nor
    /// with a type mentioning a lifted or size-lifted abstract type of a
    /// module. The instances were noted at each use (`pending_unlifted`).
    pub(super) fn check_lifted_instances(&mut self, node: &SyntaxNode) {
        if self
            .pending_unlifted
            .iter()
            .all(|(_, _, used)| used.is_none())
        {
            self.pending_unlifted.clear();
            return;
        }
        let mut lifted = None;
        for (ty, param, used) in std::mem::take(&mut self.pending_unlifted) {
            let Some((function, range)) = used else {
                continue;
            };
            let ty = self.u.resolve(&ty);
            if let Some((name, how)) = lifted_param_named(&mut lifted, node, &ty) {
                self.error(
                    "lifted-type",
                    range,
                    format!("Type parameter \"{name}\" is {how}, but \"{function}\" may use its type parameter \"{param}\" as an array element."),
                );
            } else if !matches!(ty, Type::Var(_))
                && self
                    .lifted_abstract_in(&ty)
                    .is_some_and(|l| l != Liftedness::Unlifted)
            {
                let shown = self.u.display(&ty);
                self.error(
                    "lifted-type",
                    range,
                    format!(
                        "Type \"{shown}\" is lifted and cannot instantiate the non-lifted type parameter \"{param}\" of \"{function}\"."
                    ),
                );
            }
        }
    }
}

/// The lifted (`'^a`) and size-lifted (`'~a`) type parameters of a
/// definition and of the functions local to it, by name, with how they
/// are lifted.
pub(super) fn lifted_type_params(node: &SyntaxNode) -> Vec<(String, &'static str)> {
    node.descendants()
        .filter(|n| n.kind() == TYPE_PARAM)
        .filter_map(|param| {
            let how = match direct_tokens(&param).next()?.kind() {
                APOSTROPHE_CARET => "lifted",
                APOSTROPHE_TILDE => "size-lifted",
                _ => return None,
            };
            Some((name_text(&child_nodes(&param).next()?), how))
        })
        .collect()
}

/// The lifted type parameter of `node` that `ty` is, if any, with how it
/// is lifted. `lifted` caches [`lifted_type_params`] (a walk of the whole
/// definition), found only for a type that could be a parameter.
pub(super) fn lifted_param_named(
    lifted: &mut Option<Vec<(String, &'static str)>>,
    node: &SyntaxNode,
    ty: &Type,
) -> Option<(String, &'static str)> {
    if !matches!(ty, Type::Named { args, .. } if args.is_empty()) {
        return None;
    }
    lifted
        .get_or_insert_with(|| lifted_type_params(node))
        .iter()
        .find(|(n, _)| names_param(ty, n))
        .cloned()
}

/// Whether `ty` is the type parameter `name` (possibly unique).
pub(super) fn names_param(ty: &Type, name: &str) -> bool {
    matches!(ty, Type::Named { name: n, args, .. } if n == name && args.is_empty())
}
