//! Diagnostics in a neutral form (byte ranges, no LSP or terminal types), and
//! the queries producing them.
//!
//! [`file_diagnostics`] = the parser's errors + every item's
//! [`item_diagnostics`], shifted from item-relative to file offsets. The
//! per-item checks so far are syntactic: names bound twice by the parameters
//! of one function or by one pattern.

use std::collections::HashMap;

use runic_syntax::ast::{AstNode, Pattern};
use runic_syntax::{SyntaxKind, SyntaxNode, TextRange, TextSize};

use crate::items::{item_syntax, item_tree, Item};
use crate::{parse, Db, File};

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
    Info,
    Hint,
}

/// A secondary place that explains a diagnostic ("first bound here").
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Related {
    pub range: TextRange,
    pub message: String,
}

/// A problem in a file, with its primary range and related places.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    /// Byte range in the file (or in the item, for [`item_diagnostics`]).
    pub range: TextRange,
    /// A stable name for the kind of problem, e.g. `syntax-error`.
    pub code: Option<&'static str>,
    pub related: Vec<Related>,
}

impl Diagnostic {
    pub fn error(range: TextRange, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            range,
            code: None,
            related: Vec::new(),
        }
    }

    pub fn with_code(mut self, code: &'static str) -> Self {
        self.code = Some(code);
        self
    }

    pub fn with_related(mut self, range: TextRange, message: impl Into<String>) -> Self {
        self.related.push(Related {
            range,
            message: message.into(),
        });
        self
    }

    /// The same diagnostic with every range moved forward by `offset`.
    pub fn shifted(&self, offset: TextSize) -> Diagnostic {
        let mut shifted = self.clone();
        shifted.range += offset;
        for related in &mut shifted.related {
            related.range += offset;
        }
        shifted
    }
}

/// All diagnostics of a file, sorted by position.
#[salsa::tracked(returns(ref))]
pub fn file_diagnostics(db: &dyn Db, file: File) -> Vec<Diagnostic> {
    let mut diagnostics: Vec<Diagnostic> = parse(db, file)
        .errors()
        .iter()
        .map(|error| Diagnostic::error(error.range, &error.message).with_code("syntax-error"))
        .collect();
    for data in item_tree(db, file).items() {
        let item = Item::new(db, file, data.key.clone());
        let start = data.range.start();
        diagnostics.extend(item_diagnostics(db, item).iter().map(|d| d.shifted(start)));
    }
    // A declaration with a syntax error shows that error alone: type errors
    // in a half-typed declaration are noise.
    let broken: Vec<TextRange> = parse(db, file)
        .syntax()
        .children()
        .map(|decl| decl.text_range())
        .filter(|range| {
            parse(db, file)
                .errors()
                .iter()
                .any(|e| range.contains_range(e.range))
        })
        .collect();
    // The syntactic checks and the type checker may both see one problem
    // (a name bound twice): report it once.
    let already: Vec<TextRange> = diagnostics.iter().map(|d| d.range).collect();
    diagnostics.extend(
        crate::semantic_diagnostics(db, file)
            .iter()
            .filter(|d| !broken.iter().any(|range| range.contains_range(d.range)))
            .filter(|d| !already.contains(&d.range))
            .cloned(),
    );
    diagnostics.sort_by_key(|d| (d.range.start(), d.range.end()));
    diagnostics
}

/// The diagnostics of one declaration, with ranges relative to its start.
/// Re-runs only when the declaration's own text changes.
#[salsa::tracked(returns(ref))]
pub fn item_diagnostics<'db>(db: &'db dyn Db, item: Item<'db>) -> Vec<Diagnostic> {
    match item_syntax(db, item) {
        Some(green) => check_syntax(&SyntaxNode::new_root(green)),
        None => Vec::new(),
    }
}

/// The syntactic checks on one declaration's tree.
pub(crate) fn check_syntax(root: &SyntaxNode) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    for node in root.descendants() {
        if binds_patterns_together(node.kind()) {
            check_duplicate_bindings(&node, &mut diagnostics);
        }
    }
    diagnostics
}

/// Nodes whose pattern children bind into one scope, where a name may appear once.
fn binds_patterns_together(kind: SyntaxKind) -> bool {
    use SyntaxKind::*;
    matches!(
        kind,
        VALUE_DECL | LET_FUN_EXPR | LAMBDA_EXPR | LET_EXPR | LOOP_EXPR | FOR_IN_FORM | MATCH_CASE
    )
}

/// Reports each name bound again by the pattern children of `node`.
fn check_duplicate_bindings(node: &SyntaxNode, out: &mut Vec<Diagnostic>) {
    let mut first: HashMap<String, TextRange> = HashMap::new();
    let names = node
        .children()
        .filter_map(Pattern::cast)
        .flat_map(|pattern| pattern.bound_names());
    for name in names {
        let text = name.text();
        let range = name.syntax().text_range();
        if text.is_empty() {
            continue;
        }
        match first.get(&text) {
            Some(&earlier) => out.push(
                Diagnostic::error(range, format!("`{text}` is bound more than once"))
                    .with_code("duplicate-binding")
                    .with_related(earlier, format!("`{text}` is first bound here")),
            ),
            None => {
                first.insert(text, range);
            }
        }
    }
}
