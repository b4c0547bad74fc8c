//! Type declarations: `type` abbreviations (their parameters, sizes and
//! liftedness).

use runic_syntax::{SyntaxKind::*, SyntaxNode};

use super::decls::{has_invented_size, type_params};
use super::{child_nodes, name_text, Checker};
use crate::env::{Liftedness, TypeDef};
use crate::types::Type;

impl Checker<'_> {
    pub(super) fn type_decl(&mut self, node: &SyntaxNode, local: bool) {
        let Some(name) = child_nodes(node).find(|c| c.kind() == NAME) else {
            return;
        };
        self.check_not_defined_twice("type", &name_text(&name), node.text_range());
        self.check_type_params_distinct(node);
        let params = type_params(node);
        let lifted = super::types::declared_liftedness(node);
        self.enter_type_params(&params);
        let body = child_nodes(node)
            .filter(|c| !matches!(c.kind(), NAME | TYPE_PARAM | SIZE_PARAM))
            .last();
        let ty = body.as_ref().map_or_else(Type::unit, |b| self.type_exp(b));
        if let Some(body) = &body {
            self.check_anonymous_sizes_constructive(body);
            self.check_size_params_used(node, body, &ty);
        }
        // The most lifted of the named types the body mentions.
        let inner = body
            .iter()
            .flat_map(|b| b.descendants())
            .filter(|d| d.kind() == PATH_TYPE);
        let mentions = inner
            .filter_map(|d| self.named_liftedness(&d))
            .max_by_key(|l| match l {
                Liftedness::Unlifted => 0,
                Liftedness::SizeLifted => 1,
                Liftedness::Lifted => 2,
            });
        self.leave_type_params();
        self.check_abbreviation_liftedness(node, &name_text(&name), lifted, &ty, mentions);
        let def = TypeDef::Alias {
            params,
            body: ty,
            lifted,
        };
        let text = name_text(&name);
        self.define(local, |env| {
            env.types.insert(text.as_str(), def.clone());
        });
    }

    /// A type's parameters have distinct names.
    pub(super) fn check_type_params_distinct(&mut self, node: &SyntaxNode) {
        self.type_params_distinct(node, false);
    }

    /// The parameters of `node` have distinct names: those of a type
    /// abbreviation, or (`value`) the type parameters of a value definition
    /// (its size parameters are checked along with its value parameters).
    pub(super) fn type_params_distinct(&mut self, node: &SyntaxNode, value: bool) {
        // One parameter or none cannot be bound twice.
        let parameters = super::green::green_children(&node.green())
            .filter(|c| matches!(super::green::node_kind(c), TYPE_PARAM | SIZE_PARAM))
            .count();
        if parameters < 2 {
            return;
        }
        let mut seen: Vec<(String, runic_syntax::TextRange, bool)> = Vec::new();
        for param in child_nodes(node).filter(|c| matches!(c.kind(), TYPE_PARAM | SIZE_PARAM)) {
            let Some(name) = child_nodes(&param).next().map(|n| name_text(&n)) else {
                continue;
            };
            let is_type = param.kind() == TYPE_PARAM;
            if let Some((_, previous, previous_is_type)) = seen.iter().find(|(n, ..)| *n == name) {
                if value && !is_type && !previous_is_type {
                    continue;
                }
                let cited = crate::diagnostic::citation(self.loc(*previous));
                let message = if value {
                    format!("Type parameter \"{name}\" also bound at {cited}.")
                } else {
                    format!("Type parameter \"{name}\" previously defined at {cited}.")
                };
                self.error("type-error", param.text_range(), message);
            } else {
                seen.push((name, param.text_range(), is_type));
            }
        }
    }

    /// Each size parameter of a type abbreviation must be used in it.
    fn check_size_params_used(&mut self, node: &SyntaxNode, body: &SyntaxNode, ty: &Type) {
        let mut used = Vec::new();
        super::types::collect_sizes(ty, &mut |s| {
            if let crate::types::Size::Named(n) = s {
                used.push(n.clone());
            }
        });
        for param in child_nodes(node).filter(|c| c.kind() == SIZE_PARAM) {
            let Some(name) = child_nodes(&param).next().map(|n| name_text(&n)) else {
                continue;
            };
            let written = body
                .descendants_with_tokens()
                .filter_map(|e| e.into_token())
                .any(|t| t.kind() == IDENT && t.text() == name);
            if !written && !used.contains(&name) {
                self.error(
                    "unused-size",
                    param.text_range(),
                    format!("Size parameter \"[{name}]\" unused in the type abbreviation."),
                );
            }
        }
    }

    /// A non-lifted abbreviation may contain neither functions nor sizes
    /// its parameters do not bind (anonymous or existential).
    fn check_abbreviation_liftedness(
        &mut self,
        node: &SyntaxNode,
        name: &str,
        lifted: Liftedness,
        ty: &Type,
        mentions: Option<Liftedness>,
    ) {
        if lifted == Liftedness::Lifted {
            return;
        }
        if ty.is_functional() || mentions == Some(Liftedness::Lifted) {
            self.error(
                "type-error",
                node.text_range(),
                "Non-lifted type abbreviations may not contain functions.\nHint: consider using 'type^'.",
            );
        } else if lifted == Liftedness::Unlifted && mentions == Some(Liftedness::SizeLifted) {
            self.error(
                "type-error",
                node.text_range(),
                "Non-lifted type abbreviations may not contain size-lifted types.\nHint: consider using 'type~'.",
            );
        } else if lifted == Liftedness::Unlifted && has_invented_size(ty) {
            self.error(
                "type-error",
                node.text_range(),
                format!("Non-lifted type abbreviations may not use existential sizes in their definition.\nHint: use 'type~' or add size parameters to \"{name}\"."),
            );
        }
    }
}
