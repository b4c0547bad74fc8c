//! Foldable regions in byte ranges: declarations, `let` bindings, loops,
//! matches and other block-like expressions, runs of line comments and runs
//! of imports. Which of them span several lines is for the caller to decide
//! (it knows the lines); ranges start and end at non-trivia tokens.

use runic_syntax::{SyntaxElement, SyntaxKind, SyntaxKind::*, SyntaxNode, TextRange};

use crate::{parse, Db, File};

/// What a fold hides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FoldKind {
    /// A declaration or a block-like expression.
    Region,
    /// Consecutive line comments.
    Comment,
    /// Consecutive `import` declarations.
    Imports,
}

/// A foldable range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fold {
    pub range: TextRange,
    pub kind: FoldKind,
}

/// The folds of a file, sorted by start.
pub fn folding_ranges(db: &dyn Db, file: File) -> Vec<Fold> {
    fold_syntax(&parse(db, file).syntax())
}

/// The folds of a tree, sorted by start (longer first on ties).
pub fn fold_syntax(root: &SyntaxNode) -> Vec<Fold> {
    let mut folds: Vec<Fold> = root
        .descendants()
        .filter_map(|node| region(&node))
        .map(|range| Fold {
            range,
            kind: FoldKind::Region,
        })
        .collect();
    folds.extend(comment_blocks(root));
    folds.extend(import_runs(root));
    folds.sort_by_key(|f| (f.range.start(), std::cmp::Reverse(f.range.end())));
    folds
}

/// The foldable range of a node, if its kind folds.
fn region(node: &SyntaxNode) -> Option<TextRange> {
    match node.kind() {
        VALUE_DECL | TYPE_DECL | MODULE_DECL | MODULE_TYPE_DECL | MODULE_SPEC | LOOP_EXPR
        | MATCH_EXPR | MATCH_CASE | IF_EXPR | LAMBDA_EXPR | ARRAY_EXPR | RECORD_EXPR
        | RECORD_TYPE => significant_range(node),
        LET_EXPR | LET_FUN_EXPR | LET_UPDATE_EXPR => let_binding(node),
        _ => None,
    }
}

/// From the first to the last non-trivia token of `node`.
fn significant_range(node: &SyntaxNode) -> Option<TextRange> {
    let mut tokens = node
        .descendants_with_tokens()
        .filter_map(SyntaxElement::into_token)
        .filter(|t| !t.kind().is_trivia());
    let first = tokens.next()?;
    let last = tokens.last().unwrap_or_else(|| first.clone());
    Some(TextRange::new(
        first.text_range().start(),
        last.text_range().end(),
    ))
}

/// A `let` from its keyword to the end of the bound value (the body after
/// `in` is folded on its own).
fn let_binding(node: &SyntaxNode) -> Option<TextRange> {
    let start = significant_range(node)?.start();
    let mut after_eq = false;
    for element in node.children_with_tokens() {
        match element {
            SyntaxElement::Token(token) if token.kind() == EQ => after_eq = true,
            SyntaxElement::Node(value) if after_eq => {
                let end = significant_range(&value)?.end();
                return Some(TextRange::new(start, end.max(start)));
            }
            _ => {}
        }
    }
    None
}

/// Runs of line comments on consecutive lines.
fn comment_blocks(root: &SyntaxNode) -> Vec<Fold> {
    let mut folds = Vec::new();
    let mut block: Option<(TextRange, usize)> = None;
    let tokens = root
        .descendants_with_tokens()
        .filter_map(SyntaxElement::into_token);
    for token in tokens {
        match token.kind() {
            COMMENT | DOC_COMMENT => {
                block = Some(match block {
                    Some((range, count)) => (range.cover(token.text_range()), count + 1),
                    None => (token.text_range(), 1),
                });
            }
            WHITESPACE if token.text().matches('\n').count() <= 1 => {}
            _ => push_comment_block(&mut folds, block.take()),
        }
    }
    push_comment_block(&mut folds, block);
    folds
}

fn push_comment_block(folds: &mut Vec<Fold>, block: Option<(TextRange, usize)>) {
    if let Some((range, count)) = block {
        if count > 1 {
            folds.push(Fold {
                range,
                kind: FoldKind::Comment,
            });
        }
    }
}

/// Runs of two or more consecutive top-level `import` declarations.
fn import_runs(root: &SyntaxNode) -> Vec<Fold> {
    let mut folds = Vec::new();
    let mut run: Vec<TextRange> = Vec::new();
    for child in root.children() {
        if child.kind() == SyntaxKind::IMPORT_DECL {
            run.extend(significant_range(&child));
            continue;
        }
        push_import_run(&mut folds, std::mem::take(&mut run));
    }
    push_import_run(&mut folds, run);
    folds
}

fn push_import_run(folds: &mut Vec<Fold>, run: Vec<TextRange>) {
    if let (Some(first), Some(last)) = (run.first(), run.last()) {
        if run.len() > 1 {
            folds.push(Fold {
                range: first.cover(*last),
                kind: FoldKind::Imports,
            });
        }
    }
}
