//! Futhark concrete syntax: lexer, lossless error-recovering parser and typed AST.
//!
//! [`parse`] turns any text into a rowan tree whose text is exactly the input,
//! plus a list of [`SyntaxError`]s. It never panics and never gives up: what it
//! cannot make sense of lands in `ERROR` nodes. The [`ast`] module gives typed
//! views over the untyped tree for the rest of the compiler.

pub mod ast;
mod dump;
pub mod lexer;
mod parser;
mod reparse;
mod syntax_kind;

use std::sync::Arc;

pub use dump::{debug_sexp, debug_tree};
pub use reparse::Indel;
pub use rowan::{GreenNode, TextRange, TextSize};
pub use syntax_kind::{FutharkLanguage, SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken};

/// A problem found while lexing or parsing, at a place in the text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SyntaxError {
    pub range: TextRange,
    pub message: String,
}

impl SyntaxError {
    pub fn new(range: TextRange, message: impl Into<String>) -> Self {
        SyntaxError {
            range,
            message: message.into(),
        }
    }
}

/// The result of parsing: a green tree (always) and the errors found.
///
/// Cheap to clone and comparable, so it can be the value of an incremental query.
/// Dropping the last one of a deep tree happens on a stack grown for it
/// (rowan frees a tree recursively).
#[derive(Debug, Clone)]
pub struct Parse {
    green: GreenNode,
    errors: Arc<[SyntaxError]>,
    /// An upper bound of the tree's depth.
    depth: u32,
}

impl PartialEq for Parse {
    fn eq(&self, other: &Self) -> bool {
        self.green == other.green && self.errors == other.errors
    }
}

impl Eq for Parse {}

impl std::hash::Hash for Parse {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.green.hash(state);
        self.errors.hash(state);
    }
}

impl Drop for Parse {
    fn drop(&mut self) {
        if self.depth > DEEP_TREE {
            let green = std::mem::replace(&mut self.green, empty_root());
            drop_deep(green, self.depth);
        }
    }
}

/// Depth above which dropping a tree gets a stack of its own.
const DEEP_TREE: u32 = 1000;

fn empty_root() -> GreenNode {
    GreenNode::new(SyntaxKind::SOURCE_FILE.into(), std::iter::empty())
}

/// Drops a tree `depth` deep on a new stack segment large enough for
/// rowan's recursive free (a few frames per level).
pub fn drop_deep(green: GreenNode, depth: u32) {
    let per_level = if cfg!(debug_assertions) { 2048 } else { 512 };
    stacker::grow(depth as usize * per_level + (1 << 20), move || drop(green));
}

impl Parse {
    /// The root `SOURCE_FILE` node.
    pub fn syntax(&self) -> SyntaxNode {
        SyntaxNode::new_root(self.green.clone())
    }

    pub fn green(&self) -> &GreenNode {
        &self.green
    }

    pub fn errors(&self) -> &[SyntaxError] {
        &self.errors
    }

    pub fn tree(&self) -> ast::SourceFile {
        ast::SourceFile::cast_root(self.syntax())
    }

    /// The tree dump followed by the errors, as `runic ir --stage syntax` prints it.
    pub fn debug_dump(&self) -> String {
        self.debug_dump_of(&self.syntax())
    }

    /// The dump of one node of this tree (a declaration, say) followed by
    /// the errors inside it.
    pub fn debug_dump_of(&self, node: &SyntaxNode) -> String {
        let mut out = debug_tree(node);
        let range = node.text_range();
        for error in self.errors.iter().filter(|e| range.contains_range(e.range)) {
            let range = error.range;
            out.push_str(&format!(
                "error {}..{}: {}\n",
                u32::from(range.start()),
                u32::from(range.end()),
                error.message
            ));
        }
        out
    }
}

/// Parses a whole Futhark source file (a large one on several threads,
/// with the same result as on one).
pub fn parse(text: &str) -> Parse {
    Parse::new(parser::parse_source_file(text))
}

impl Parse {
    fn new((green, errors, depth): parser::Built) -> Parse {
        Parse {
            green,
            errors: errors.into(),
            depth,
        }
    }
}

/// Entry points for tests of the parser's equivalences; not for other uses.
#[doc(hidden)]
pub mod testing {
    use crate::{parser, Parse};

    /// The parse of `text` on the calling thread alone.
    pub fn parse_sequential(text: &str) -> Parse {
        Parse::new(parser::parse_sequential(text))
    }

    /// The parse of `text` cut into runs of declarations of at least
    /// `min_run_len` bytes, on up to `threads` threads.
    pub fn parse_in_runs(text: &str, threads: usize, min_run_len: usize) -> Parse {
        Parse::new(parser::parse_in_runs(text, threads, min_run_len))
    }
}

/// Runs `f` with enough stack for a recursive pass over a tree of any depth:
/// when less than a red zone is left, `f` runs on a new stack segment (see
/// the `stacker` crate). Passes call it at their recursive entry points.
pub fn with_stack<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(256 * 1024, 4 * 1024 * 1024, f)
}

/// Stack a recursive pass may use per level of the tree it walks: what
/// the checker's deepest walks take, with room to spare (frames are much
/// larger without optimisations).
const STACK_PER_LEVEL: usize = if cfg!(debug_assertions) {
    48 * 1024
} else {
    8 * 1024
};

/// Runs `f`, a recursive pass over the tree under `node`, with a stack
/// deep enough for that tree: on this one when it has room, else on a new
/// segment sized for the tree's depth. Passes call it where they start on
/// a declaration or a file, so none of their walks overflows.
pub fn with_stack_for<R>(node: &SyntaxNode, f: impl FnOnce() -> R) -> R {
    // Where the stack has room for the deepest tree the text could make,
    // the tree is not walked to find its depth.
    let deepest = depth_bound(usize::from(node.text_range().len()));
    if stacker::remaining_stack().is_some_and(|left| left > deepest * STACK_PER_LEVEL + (1 << 20)) {
        return f();
    }
    let depth = tree_depth(&node.green());
    if depth < 64 {
        return with_stack(f);
    }
    let need = depth * STACK_PER_LEVEL + (1 << 20);
    match stacker::remaining_stack() {
        Some(left) if left > need => f(),
        _ => stacker::grow(need, f),
    }
}

/// An upper bound of the depth of a tree whose text is `len` bytes long:
/// each level of nesting the parser opens takes at least one token, apart
/// from a few wrapping levels (a declaration around an expression, ...),
/// so twice the length with room to spare.
pub fn depth_bound(len: usize) -> usize {
    2 * len + 16
}

/// The depth of a green tree, found without recursion.
pub fn tree_depth(root: &rowan::GreenNodeData) -> usize {
    let mut deepest = 1;
    let mut stack = vec![root.children()];
    while let Some(top) = stack.last_mut() {
        match top.next() {
            Some(rowan::NodeOrToken::Node(child)) => {
                stack.push(child.children());
                deepest = deepest.max(stack.len());
            }
            Some(rowan::NodeOrToken::Token(_)) => {}
            None => {
                stack.pop();
            }
        }
    }
    deepest
}
