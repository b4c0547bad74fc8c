//! The causality check over a definition's evaluation order. Once its
//! types are solved, a definition is walked in the order its expressions
//! are evaluated, with the existential sizes (of applications, branches,
//! loops) computed so far. A section, empty array, hole, constructor or
//! lambda parameter whose type needs an existential size not yet computed
//! is an error: at run time the size does not exist when
//! the value is made. The order follows Futhark's: a `let` binds its value
//! before its body; an application evaluates its arguments last to first,
//! then the function; a binary operator its left operand, then its right;
//! a `match` its scrutinee first; the sizes a lambda's body computes are
//! not known outside it; the other forms' parts all see what was known
//! before the form. (Futhark checks variables too; here a variable's type
//! may name a size its definition invented where Futhark infers one, so
//! variables are not checked.)

use std::collections::BTreeSet;

use runic_syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use super::exprs::compact_text;
use super::{child_nodes, Checker};
use crate::diagnostic::Diagnostic;
use crate::types::{Size, Type};

/// A value whose type needs a size computed only later.
struct Violation {
    at: TextRange,
    what: String,
    size: String,
    ty: Type,
}

type Known = BTreeSet<String>;

/// The walk's state: the definition's existential sizes with where each
/// is computed, and those already counted as computed.
struct Walk<'c, 'a> {
    checker: &'c Checker<'a>,
    existentials: Vec<(String, TextRange)>,
    counted: BTreeSet<String>,
}

impl Walk<'_, '_> {
    /// The existential sizes computed by `node` (made where it is, and
    /// not counted yet), added to `new`.
    fn finish(&mut self, node: &SyntaxNode, new: &mut Known) {
        let range = node.text_range();
        for (name, at) in &self.existentials {
            if range.contains_range(*at) && self.counted.insert(name.clone()) {
                new.insert(name.clone());
            }
        }
    }

    /// The first existential size of `ty` neither known nor in `own`.
    fn unknown_in(&self, ty: &Type, known: &Known, own: &[String]) -> Option<String> {
        let mut found = None;
        super::types::collect_sizes(&self.checker.u.resolve(ty), &mut |s| {
            if let Size::Named(n) = s {
                let existential = self.existentials.iter().any(|(e, _)| e == n);
                if found.is_none() && existential && !known.contains(n) && !own.contains(n) {
                    found = Some(n.clone());
                }
            }
        });
        found
    }

    /// Checks the recorded type of `node`, described as `what`.
    fn check(&self, node: &SyntaxNode, what: String, known: &Known) -> Result<(), Violation> {
        let Some(ty) = self.checker.expr_types.get(&node.text_range()) else {
            return Ok(());
        };
        // An operator's own result sizes are bound by its type: those made
        // in the section but outside its operand.
        let range = node.text_range();
        let operands: Vec<TextRange> = child_nodes(node)
            .filter(|c| c.kind().is_expr())
            .map(|c| c.text_range())
            .collect();
        let own: Vec<String> = self
            .existentials
            .iter()
            .filter(|(_, at)| {
                range.contains_range(*at) && !operands.iter().any(|o| o.contains_range(*at))
            })
            .map(|(n, _)| n.clone())
            .collect();
        self.check_type(node.text_range(), ty, what, known, &own)
    }

    fn check_type(
        &self,
        at: TextRange,
        ty: &Type,
        what: String,
        known: &Known,
        own: &[String],
    ) -> Result<(), Violation> {
        match self.unknown_in(ty, known, own) {
            Some(size) => Err(Violation {
                at,
                what,
                size,
                ty: ty.clone(),
            }),
            None => Ok(()),
        }
    }

    /// Walks `node` with the sizes `known`, adding those it computes to `new`.
    fn visit(
        &mut self,
        node: &SyntaxNode,
        known: &Known,
        new: &mut Known,
    ) -> Result<(), Violation> {
        match node.kind() {
            OP_SECTION | LEFT_SECTION | RIGHT_SECTION => {
                self.check(node, "operator section".into(), known)?;
                self.children(node, known, new)?;
            }
            PROJECT_SECTION | INDEX_SECTION => {
                self.check(node, "projection section".into(), known)?;
                self.children(node, known, new)?;
            }
            ARRAY_EXPR if !child_nodes(node).any(|c| c.kind().is_expr()) => {
                self.check(node, "empty array".into(), known)?;
            }
            HOLE_EXPR => self.check(node, "hole".into(), known)?,
            LAMBDA_EXPR => {
                self.lambda_params(node, known)?;
                // Sizes the body computes are not known outside it.
                let mut inner = Known::new();
                for body in child_nodes(node).filter(|c| c.kind().is_expr()) {
                    self.visit(&body, known, &mut inner)?;
                }
            }
            LET_FUN_EXPR => {
                let exprs: Vec<SyntaxNode> =
                    child_nodes(node).filter(|c| c.kind().is_expr()).collect();
                if let [function_body, rest @ ..] = exprs.as_slice() {
                    self.visit(function_body, known, &mut Known::new())?;
                    self.in_order(rest, known, new)?;
                }
            }
            LET_EXPR | LET_UPDATE_EXPR | LOOP_EXPR | BIN_EXPR => {
                let exprs: Vec<SyntaxNode> =
                    child_nodes(node).filter(|c| c.kind().is_expr()).collect();
                self.in_order(&exprs, known, new)?;
            }
            MATCH_EXPR => {
                let mut parts = child_nodes(node);
                let mut scrutinee_known = Known::new();
                if let Some(scrutinee) = parts.next() {
                    self.visit(&scrutinee, known, &mut scrutinee_known)?;
                }
                let known: Known = known.union(&scrutinee_known).cloned().collect();
                new.extend(scrutinee_known);
                for case in parts {
                    self.children(&case, &known, new)?;
                }
            }
            IF_EXPR => {
                let mut parts = child_nodes(node).filter(|c| c.kind().is_expr());
                let mut cond_known = Known::new();
                if let Some(cond) = parts.next() {
                    self.visit(&cond, known, &mut cond_known)?;
                }
                let known: Known = known.union(&cond_known).cloned().collect();
                new.extend(cond_known);
                for branch in parts {
                    self.visit(&branch, &known, new)?;
                }
            }
            APP_EXPR => {
                let parts: Vec<SyntaxNode> = child_nodes(node).collect();
                if let [func, args @ ..] = parts.as_slice() {
                    let mut reversed: Vec<SyntaxNode> = args.iter().rev().cloned().collect();
                    reversed.push(func.clone());
                    self.in_order(&reversed, known, new)?;
                }
            }
            CONSTRUCTOR_EXPR => {
                let args: Vec<SyntaxNode> =
                    child_nodes(node).filter(|c| c.kind().is_expr()).collect();
                let mut args_known = Known::new();
                self.in_order(&args, known, &mut args_known)?;
                let known: Known = known.union(&args_known).cloned().collect();
                new.extend(args_known);
                let name = compact_text(node);
                let name = name
                    .split_whitespace()
                    .next()
                    .unwrap_or_default()
                    .to_string();
                self.check(node, format!("\"{name}\""), &known)?;
            }
            _ => self.children(node, known, new)?,
        }
        self.finish(node, new);
        Ok(())
    }

    /// The parts of `node`, each seeing only what was known before it.
    fn children(
        &mut self,
        node: &SyntaxNode,
        known: &Known,
        new: &mut Known,
    ) -> Result<(), Violation> {
        for child in child_nodes(node) {
            self.visit(&child, known, new)?;
        }
        Ok(())
    }

    /// `parts` evaluated one after another: each sees what the earlier computed.
    fn in_order(
        &mut self,
        parts: &[SyntaxNode],
        known: &Known,
        new: &mut Known,
    ) -> Result<(), Violation> {
        let mut known = known.clone();
        for part in parts {
            let mut computed = Known::new();
            self.visit(part, &known, &mut computed)?;
            known.extend(computed.iter().cloned());
            new.extend(computed);
        }
        Ok(())
    }

    /// A lambda's parameters may only have sizes computed before it.
    fn lambda_params(&self, node: &SyntaxNode, known: &Known) -> Result<(), Violation> {
        let Some(mut ty) = self.checker.expr_types.get(&node.text_range()).cloned() else {
            return Ok(());
        };
        for param in child_nodes(node).filter(|c| c.kind().is_pattern()) {
            let Type::Arrow {
                param: param_ty,
                ret,
                ..
            } = self.checker.u.shallow(&ty)
            else {
                return Ok(());
            };
            let what = compact_text(&param);
            self.check_type(param.text_range(), &param_ty, what, known, &[])?;
            ty = *ret;
        }
        Ok(())
    }
}

impl Checker<'_> {
    /// Walks the definition `node` (its types solved) in evaluation order
    /// and reports the first value whose type needs an existential size
    /// computed after it. Returns whether it reported.
    pub(super) fn check_evaluation_order(&mut self, node: &SyntaxNode) -> bool {
        let existentials: Vec<(String, TextRange)> = self
            .existentials
            .iter()
            .filter_map(|(name, at)| Some((name.clone(), (*at)?)))
            .collect();
        if existentials.is_empty() {
            return false;
        }
        let mut walk = Walk {
            checker: self,
            existentials,
            counted: BTreeSet::new(),
        };
        let violation = walk.visit(node, &Known::new(), &mut Known::new()).err();
        let made_at = violation.as_ref().and_then(|v| {
            walk.existentials
                .iter()
                .find(|(name, _)| *name == v.size)
                .map(|(_, at)| *at)
        });
        let Some(violation) = violation else {
            return false;
        };
        let shown = crate::unify::show_unknown_size(&Size::Named(violation.size.clone()))
            .unwrap_or_else(|| violation.size.clone());
        let ty = self.u.display(&violation.ty);
        let mut diagnostic = Diagnostic::error(
            "causality",
            violation.at,
            format!(
                "Causality check: size \"{shown}\" needed for type of {}:\n  {ty}\nBut \"{shown}\" is computed only later.\nHint: Bind the expression producing \"{shown}\" with 'let' beforehand.",
                violation.what
            ),
        );
        if let Some(at) = made_at {
            diagnostic = diagnostic.with_related(at, format!("\"{shown}\" is computed here"));
        }
        self.report(diagnostic);
        true
    }
}
