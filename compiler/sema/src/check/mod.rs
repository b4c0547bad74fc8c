//! The type checker: one [`Checker`] walks a file's declarations in order
//! (Futhark has no recursion, so each declaration sees only earlier ones),
//! inferring types with unification and reporting problems as diagnostics.
//!
//! Submodules: `decls` (value, type and module declarations), `exprs`,
//! `patterns`, `types` (type expressions to types), `modules` (module
//! expressions, signatures and matching), `names` (scopes and lookup).

mod decls;
mod exprs;
mod modules;
mod names;
mod patterns;
mod types;

use std::collections::HashMap;
use std::rc::Rc;

use runic_syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange};

use crate::diagnostic::Diagnostic;
use crate::env::{ModEnv, Scheme, TypeDef};
use crate::types::Type;
use crate::unify::{Mismatch, Unifier};

pub(crate) use names::Frame;

/// A variable bound inside a definition (parameter, `let`, pattern).
#[derive(Debug, Clone)]
pub(crate) struct Local {
    pub scheme: Scheme,
}

/// The checking state of one file.
pub(crate) struct Checker<'a> {
    /// Resolves `import`s.
    pub imports: &'a dyn crate::Imports,
    pub u: Unifier,
    pub diagnostics: Vec<Diagnostic>,
    /// Module scopes, outermost (the prelude) first.
    pub frames: Vec<Frame>,
    /// Local value scopes inside the definition being checked.
    pub locals: Vec<HashMap<String, Local>>,
    /// Type parameters in scope inside the definition being checked.
    pub type_locals: Vec<HashMap<String, TypeDef>>,
    /// Counter for invented names (anonymous sizes, abstract types).
    pub fresh_names: u32,
    /// `match` expressions whose exhaustiveness is checked at the end of the
    /// enclosing top-level definition: node, scrutinee type, case patterns.
    pub pending_matches: Vec<(SyntaxNode, Type, Vec<SyntaxNode>)>,
    /// Whether diagnostics are being collected (off while re-elaborating a
    /// functor body, whose errors were reported at its definition).
    pub quiet: u32,
}

impl<'a> Checker<'a> {
    pub fn new(outer: Rc<ModEnv>, imports: &'a dyn crate::Imports) -> Checker<'a> {
        Checker {
            imports,
            u: Unifier::default(),
            diagnostics: Vec::new(),
            frames: vec![Frame::opened(outer), Frame::default()],
            locals: Vec::new(),
            type_locals: Vec::new(),
            fresh_names: 0,
            pending_matches: Vec::new(),
            quiet: 0,
        }
    }

    pub fn report(&mut self, diagnostic: Diagnostic) {
        if self.quiet == 0 {
            self.diagnostics.push(diagnostic);
        }
    }

    pub fn error(&mut self, code: &'static str, range: TextRange, message: impl Into<String>) {
        self.report(Diagnostic::error(code, range, message));
    }

    /// Unifies `actual` with `expected`, reporting a mismatch at `range`.
    pub fn expect_type(&mut self, range: TextRange, expected: &Type, actual: &Type) -> bool {
        match self.u.unify(expected, actual) {
            Ok(()) => true,
            Err(mismatch) => {
                let expected = self.u.display(expected);
                let actual = self.u.display(actual);
                self.report_mismatch(range, &expected, &actual, mismatch);
                false
            }
        }
    }

    pub fn report_mismatch(
        &mut self,
        range: TextRange,
        expected: &Type,
        actual: &Type,
        why: Mismatch,
    ) {
        let diagnostic = match why {
            Mismatch::Sizes(a, b) => Diagnostic::error(
                "size-mismatch",
                range,
                format!(
                    "Sizes \"{}\" and \"{}\" do not match.\nExpected: {expected}\nActual:   {actual}",
                    show_size(&a),
                    show_size(&b)
                ),
            ),
            Mismatch::Constraint(..) if !matches!(expected, Type::Var(_)) && !matches!(actual, Type::Var(_)) => {
                Diagnostic::error(
                    "type-mismatch",
                    range,
                    format!("Type mismatch.\nExpected: {expected}\nActual:   {actual}"),
                )
            }
            Mismatch::Constraint(ty, wanted) => Diagnostic::error(
                "type-mismatch",
                range,
                format!("Type {} is not {wanted}.", self.u.display(&ty)),
            ),
            Mismatch::MissingField(field) => Diagnostic::error(
                "unknown-field",
                range,
                format!("Record type {actual} has no field \"{field}\"."),
            ),
            Mismatch::Infinite => Diagnostic::error(
                "type-mismatch",
                range,
                format!("Occurs check: cannot instantiate {expected} with {actual}."),
            ),
            Mismatch::Types(..) => Diagnostic::error(
                "type-mismatch",
                range,
                format!("Type mismatch.\nExpected: {expected}\nActual:   {actual}"),
            ),
        };
        self.report(diagnostic);
    }

    pub fn fresh_name(&mut self, prefix: &str) -> String {
        self.fresh_names += 1;
        format!("{prefix}{}", self.fresh_names)
    }
}

fn show_size(size: &crate::types::Size) -> String {
    let text = size.to_string();
    if text.is_empty() {
        "?".to_string()
    } else {
        text
    }
}

// ---- small syntax helpers shared by the submodules ----

/// Child nodes of `node` (in order).
pub(crate) fn child_nodes(node: &SyntaxNode) -> impl Iterator<Item = SyntaxNode> {
    node.children()
}

pub(crate) fn token_of_kind(node: &SyntaxNode, kind: SyntaxKind) -> Option<SyntaxToken> {
    node.children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == kind)
}

/// Significant tokens directly under `node`.
pub(crate) fn direct_tokens(node: &SyntaxNode) -> impl Iterator<Item = SyntaxToken> {
    node.children_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia())
}

/// The text of a `NAME` node (operators without their parentheses).
pub(crate) fn name_text(name: &SyntaxNode) -> String {
    direct_tokens(name)
        .find(|t| {
            matches!(
                t.kind(),
                SyntaxKind::IDENT | SyntaxKind::OPERATOR | SyntaxKind::INT_NUMBER
            )
        })
        .map(|t| t.text().to_string())
        .unwrap_or_default()
}

/// The segments of a `PATH` node: `M.N.x` gives `["M", "N", "x"]`.
pub(crate) fn path_segments(path: &SyntaxNode) -> Vec<String> {
    direct_tokens(path)
        .filter(|t| matches!(t.kind(), SyntaxKind::IDENT | SyntaxKind::OPERATOR))
        .map(|t| t.text().to_string())
        .collect()
}

impl Checker<'_> {
    /// The type of an expression that may be missing from a broken tree.
    pub fn expr_or_fresh<N: std::borrow::Borrow<SyntaxNode>>(&mut self, node: Option<N>) -> Type {
        match node {
            Some(node) => self.expr(node.borrow()),
            None => self.u.fresh(),
        }
    }

    /// The type a type expression denotes, if the tree has one there.
    pub fn type_or_fresh<N: std::borrow::Borrow<SyntaxNode>>(&mut self, node: Option<N>) -> Type {
        match node {
            Some(node) => self.type_exp(node.borrow()),
            None => self.u.fresh(),
        }
    }
}
