//! Foldable regions in byte ranges: declarations, `let` bindings, loops,
//! matches and other block-like expressions, runs of line comments and runs
//! of imports. Which of them span several lines is for the caller to decide
//! (it knows the lines); ranges start and end at non-trivia tokens.

use rowan::{NodeOrToken, WalkEvent};
use runic_syntax::{SyntaxElement, SyntaxKind, SyntaxKind::*, SyntaxNode, TextRange, TextSize};

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
    let mut folds: Vec<Fold> = regions(root)
        .into_iter()
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

/// A node being walked by [`regions`]: what it has shown so far.
struct Open {
    kind: SyntaxKind,
    /// Where its first non-trivia token starts.
    first: Option<TextSize>,
    /// Where its last non-trivia token so far ends.
    last: Option<TextSize>,
    /// Whether an `=` of its own has been seen.
    after_eq: bool,
    /// For a `let`: where the significant part of the first node after
    /// its `=` (the bound value) ends, once that node is done.
    value_end: Option<Option<TextSize>>,
}

/// The foldable range of every node whose kind folds, in one walk of the
/// tree: each node's first and last non-trivia tokens are handed up to
/// its parent when it is done, so a chain of nested `let`s costs its
/// length, not its length squared (as looking through each node's
/// tokens would).
fn regions(root: &SyntaxNode) -> Vec<TextRange> {
    let mut found = Vec::new();
    let mut open: Vec<Open> = Vec::new();
    for event in root.preorder_with_tokens() {
        match event {
            WalkEvent::Enter(NodeOrToken::Node(node)) => open.push(Open {
                kind: node.kind(),
                first: None,
                last: None,
                after_eq: false,
                value_end: None,
            }),
            WalkEvent::Enter(NodeOrToken::Token(token)) => {
                let Some(parent) = open.last_mut() else {
                    continue;
                };
                parent.after_eq |= token.kind() == EQ;
                if !token.kind().is_trivia() {
                    let range = token.text_range();
                    parent.first.get_or_insert(range.start());
                    parent.last = Some(range.end());
                }
            }
            WalkEvent::Leave(NodeOrToken::Node(_)) => {
                let Some(done) = open.pop() else {
                    continue;
                };
                found.extend(region(&done));
                if let Some(parent) = open.last_mut() {
                    parent.first = parent.first.or(done.first);
                    parent.last = done.last.or(parent.last);
                    if parent.after_eq && parent.value_end.is_none() {
                        parent.value_end = Some(done.last);
                    }
                }
            }
            WalkEvent::Leave(NodeOrToken::Token(_)) => {}
        }
    }
    found
}

/// The foldable range of a node, if its kind folds: from its first to its
/// last non-trivia token; for a `let`, from its keyword to the end of the
/// bound value (the body after `in` is folded on its own).
fn region(node: &Open) -> Option<TextRange> {
    match node.kind {
        VALUE_DECL | TYPE_DECL | MODULE_DECL | MODULE_TYPE_DECL | MODULE_SPEC | LOOP_EXPR
        | MATCH_EXPR | MATCH_CASE | IF_EXPR | LAMBDA_EXPR | ARRAY_EXPR | RECORD_EXPR
        | RECORD_TYPE => Some(TextRange::new(node.first?, node.last?)),
        LET_EXPR | LET_FUN_EXPR | LET_UPDATE_EXPR => {
            let start = node.first?;
            let end = node.value_end??;
            Some(TextRange::new(start, end.max(start)))
        }
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
