//! The parser: tokens to a rowan green tree, with error recovery.
//!
//! The [`Parser`] owns the token list and a `GreenNodeBuilder`. Grammar
//! functions (in the `grammar` submodules) look at the next significant token
//! and open, fill and close nodes. Trivia is attached lazily: whitespace and
//! comments go into the tree just before the next token or node start, so a
//! node never begins or ends with trivia, except declarations, which take the
//! doc comment right above them.
//!
//! Invariants: every token of the input reaches the tree exactly once and in
//! order (lossless); every loop either consumes a token or stops. Chains
//! (`let` and `else if` chains, operator chains, pipelines, postfix steps)
//! are parsed by loops and do not count as nesting; genuine nesting is
//! bounded by [`MAX_DEPTH`], beyond which the rest of the construct becomes
//! one error node (reported once). Recursive rules run under
//! [`with_stack`], which grows the stack, so no depth overflows it.

mod builder;
mod decls;
mod exprs;
mod modules;
mod parallel;
mod patterns;
mod types;

use std::cell::Cell;

use rowan::{GreenNode, TextRange, TextSize};

pub(crate) use builder::Checkpoint;
use builder::TreeBuilder;

use crate::{
    lexer::{lex, Token},
    SyntaxError,
    SyntaxKind::{self, *},
};

/// How deeply constructs may nest before the parser stops descending: each
/// pair of parentheses costs three levels (expression, operand, atom), so
/// about 3,000 nested parentheses are accepted.
const MAX_DEPTH: u32 = 10_000;

/// Runs a recursive grammar rule with enough stack: a new stack segment is
/// allocated when less than the red zone is left (see the `stacker` crate).
pub(crate) fn with_stack<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, f)
}

/// A parsed tree, its errors, and its depth (an upper bound after joining
/// runs).
pub(crate) type Built = (GreenNode, Vec<SyntaxError>, u32);

/// Parses a whole file, on several threads if it is large (see
/// [`parallel`]); the result is the same either way.
pub(crate) fn parse_source_file(text: &str) -> Built {
    if text.len() < 2 * parallel::MIN_RUN_LEN {
        return parse_sequential(text);
    }
    // As many runs as the pool that parses them has threads.
    parallel::parse_source_file(text, rayon::current_num_threads(), parallel::MIN_RUN_LEN)
}

/// Parses `text` in runs of at least `min_run_len` bytes on up to `threads`
/// threads: what [`parse_source_file`] does for large files, for tests.
pub(crate) fn parse_in_runs(text: &str, threads: usize, min_run_len: usize) -> Built {
    parallel::parse_source_file(text, threads, min_run_len)
}

/// Parses `text` on this thread.
pub(crate) fn parse_sequential(text: &str) -> Built {
    let mut p = Parser::new(text);
    decls::source_file(&mut p);
    p.finish()
}

pub(crate) struct Parser<'t> {
    text: &'t str,
    tokens: Vec<Token>,
    /// Start offset of each token.
    starts: Vec<u32>,
    /// Indices (into `tokens`) of the significant, non-trivia tokens.
    significant: Vec<u32>,
    /// The next significant token, as an index into `significant`.
    cursor: usize,
    /// Tokens before this index are already in the tree.
    emitted: usize,
    builder: TreeBuilder<'t>,
    errors: Vec<SyntaxError>,
    depth: u32,
    /// Whether "nesting too deep" was reported.
    too_deep: bool,
    /// Look-aheads left before the next bump. Each bump refills it; if a bug
    /// made a loop spin without consuming, it runs out and the parser sees
    /// `EOF`, which ends every loop.
    fuel: Cell<u32>,
}

/// Look-aheads allowed between two bumps: far more than any rule needs.
const FUEL: u32 = 4096;

impl<'t> Parser<'t> {
    fn new(text: &'t str) -> Self {
        let tokens = lex(text);
        let mut starts = Vec::with_capacity(tokens.len());
        let mut offset = 0u32;
        for token in &tokens {
            starts.push(offset);
            offset += token.len;
        }
        let significant = tokens
            .iter()
            .enumerate()
            .filter(|(_, t)| !t.kind.is_trivia())
            .map(|(i, _)| i as u32)
            .collect();
        let mut builder = TreeBuilder::new(tokens.len());
        builder.start_node(SOURCE_FILE);
        Parser {
            text,
            tokens,
            starts,
            significant,
            cursor: 0,
            emitted: 0,
            builder,
            errors: Vec::new(),
            depth: 0,
            too_deep: false,
            fuel: Cell::new(FUEL),
        }
    }

    fn finish(mut self) -> Built {
        self.fuel.set(FUEL);
        while !self.at(EOF) {
            self.bump_as_error("unexpected input at the end of the file");
        }
        self.emit_until(self.tokens.len());
        self.builder.finish_node();
        self.errors.sort_by_key(|e| e.range.start());
        let depth = self.builder.depth();
        (self.builder.finish(), self.errors, depth)
    }

    // ---- looking ahead ----

    /// Kind of the `n`th significant token from the cursor (`EOF` past the end).
    pub(crate) fn nth(&self, n: usize) -> SyntaxKind {
        let fuel = self.fuel.get();
        if fuel == 0 {
            return EOF;
        }
        self.fuel.set(fuel - 1);
        self.significant
            .get(self.cursor + n)
            .map_or(EOF, |&i| self.tokens[i as usize].kind)
    }

    pub(crate) fn current(&self) -> SyntaxKind {
        self.nth(0)
    }

    pub(crate) fn at(&self, kind: SyntaxKind) -> bool {
        self.current() == kind
    }

    pub(crate) fn at_any(&self, kinds: &[SyntaxKind]) -> bool {
        kinds.contains(&self.current())
    }

    /// Text of the `n`th significant token from the cursor.
    pub(crate) fn nth_text(&self, n: usize) -> &'t str {
        match self.significant.get(self.cursor + n) {
            Some(&i) => self.token_text(i as usize),
            None => "",
        }
    }

    pub(crate) fn current_text(&self) -> &'t str {
        self.nth_text(0)
    }

    /// Whether the current token is an operator spelt exactly `op`.
    pub(crate) fn at_op(&self, op: &str) -> bool {
        self.at(OPERATOR) && self.current_text() == op
    }

    /// Whether the `n`th token touches the one before it (no trivia between).
    pub(crate) fn nth_is_adjacent(&self, n: usize) -> bool {
        let index = self.cursor + n;
        match (
            index.checked_sub(1).and_then(|i| self.significant.get(i)),
            self.significant.get(index),
        ) {
            (Some(&prev), Some(&next)) => next == prev + 1,
            _ => false,
        }
    }

    // ---- building the tree ----

    /// Adds the tokens before index `end` that are not in the tree yet.
    #[inline]
    fn emit_until(&mut self, end: usize) {
        if self.emitted < end {
            self.emit_tokens(end);
        }
    }

    fn emit_tokens(&mut self, end: usize) {
        while self.emitted < end {
            let token = self.tokens[self.emitted];
            let start = self.starts[self.emitted] as usize;
            let text = &self.text[start..start + token.len as usize];
            if let Some(message) = token.error {
                let range = TextRange::at(TextSize::from(start as u32), TextSize::from(token.len));
                self.errors.push(SyntaxError::new(range, message.message()));
            }
            self.builder.token(token.kind, text);
            self.emitted += 1;
        }
    }

    /// Index (into `tokens`) of the next significant token, or the end.
    fn next_token_index(&self) -> usize {
        self.significant
            .get(self.cursor)
            .map_or(self.tokens.len(), |&i| i as usize)
    }

    fn flush_trivia(&mut self) {
        self.emit_until(self.next_token_index());
    }

    pub(crate) fn start_node(&mut self, kind: SyntaxKind) {
        self.flush_trivia();
        self.builder.start_node(kind);
    }

    pub(crate) fn finish_node(&mut self) {
        self.builder.finish_node();
    }

    pub(crate) fn checkpoint(&mut self) -> Checkpoint {
        self.flush_trivia();
        self.builder.checkpoint()
    }

    /// A checkpoint before the comments directly above the next token, so a
    /// declaration node can take its doc comment.
    pub(crate) fn checkpoint_with_docs(&mut self) -> Checkpoint {
        let next = self.next_token_index();
        let mut first = next;
        let mut i = next;
        while i > self.emitted {
            let token = self.tokens[i - 1];
            match token.kind {
                COMMENT | DOC_COMMENT if self.starts_line(i - 1) => first = i - 1,
                WHITESPACE if self.token_text(i - 1).matches('\n').count() <= 1 => {}
                _ => break,
            }
            i -= 1;
        }
        self.emit_until(first);
        self.builder.checkpoint()
    }

    /// Whether token `index` is the first on its line (a comment after code
    /// on the same line belongs to that code, not to what follows).
    fn starts_line(&self, index: usize) -> bool {
        index == 0
            || self.tokens[index - 1].kind == WHITESPACE
                && (index == 1 || self.token_text(index - 1).contains('\n'))
    }

    fn token_text(&self, index: usize) -> &'t str {
        let start = self.starts[index] as usize;
        &self.text[start..start + self.tokens[index].len as usize]
    }

    pub(crate) fn start_node_at(&mut self, checkpoint: Checkpoint, kind: SyntaxKind) {
        self.builder.start_node_at(checkpoint, kind);
    }

    /// Adds the current token to the tree and moves past it.
    pub(crate) fn bump(&mut self) {
        if self.at(EOF) {
            return;
        }
        let index = self.next_token_index();
        self.emit_until(index + 1);
        self.cursor += 1;
        self.fuel.set(FUEL);
    }

    /// Bumps the current token if it has `kind`.
    pub(crate) fn eat(&mut self, kind: SyntaxKind) -> bool {
        if self.at(kind) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Bumps a token of `kind`, or reports what was expected.
    pub(crate) fn expect(&mut self, kind: SyntaxKind) -> bool {
        if self.eat(kind) {
            return true;
        }
        self.error_expected(kind.describe());
        false
    }

    // ---- errors ----

    /// The range of the current token, or an empty range after the last one at the end.
    fn current_range(&self) -> TextRange {
        match self.significant.get(self.cursor) {
            Some(&i) => {
                let i = i as usize;
                TextRange::at(self.starts[i].into(), self.tokens[i].len.into())
            }
            None => {
                let end = self
                    .cursor
                    .checked_sub(1)
                    .and_then(|c| self.significant.get(c))
                    .map_or(0, |&i| {
                        self.starts[i as usize] + self.tokens[i as usize].len
                    });
                TextRange::empty(end.into())
            }
        }
    }

    /// Reports `message` at the current token; a second error at the same
    /// place is dropped, since it only restates the first from further out.
    pub(crate) fn error(&mut self, message: impl Into<String>) {
        let range = self.current_range();
        if self
            .errors
            .last()
            .is_some_and(|last| last.range.start() == range.start())
        {
            return;
        }
        self.errors.push(SyntaxError::new(range, message));
    }

    /// Reports "Unexpected token: 'X', expected WHAT." at the current token
    /// (Futhark's wording for parse errors).
    pub(crate) fn error_expected(&mut self, what: &str) {
        let message = self.unexpected(what);
        self.error(message);
    }

    /// The message for the current token where `what` was expected.
    pub(crate) fn unexpected(&self, what: &str) -> String {
        if self.at(EOF) {
            format!("Unexpected end of file, expected {what}.")
        } else {
            format!(
                "Unexpected token: '{}', expected {what}.",
                self.current_text()
            )
        }
    }

    /// Wraps the current token in an `ERROR` node and reports `message`.
    pub(crate) fn bump_as_error(&mut self, message: impl Into<String>) {
        self.error(message);
        self.start_node(ERROR);
        self.bump();
        self.finish_node();
    }

    /// Reports that `what` was expected; consumes the token into an error node
    /// unless it is one a surrounding construct can resume at.
    pub(crate) fn recover_expected(&mut self, what: &str) {
        if self.at(EOF) || self.at_any(RECOVERY) {
            self.error_expected(what);
        } else {
            let message = self.unexpected(what);
            self.bump_as_error(message);
        }
    }

    // ---- nesting ----

    /// Enters a nested construct; false when nesting is too deep, after
    /// reporting it (once a file) and skipping the rest of the construct (up to the
    /// bracket that closes the enclosing one, or the next declaration) into
    /// one error node.
    pub(crate) fn enter(&mut self) -> bool {
        if self.depth >= MAX_DEPTH {
            if !self.at(EOF) {
                if !self.too_deep {
                    self.too_deep = true;
                    self.error("nesting too deep");
                }
                self.start_node(ERROR);
                self.skip_nested();
                self.finish_node();
            }
            return false;
        }
        self.depth += 1;
        true
    }

    /// Consumes tokens up to a closing bracket that is not balanced by one
    /// consumed here, a declaration keyword outside brackets, or the end.
    fn skip_nested(&mut self) {
        let mut open = 0usize;
        loop {
            match self.current() {
                EOF => break,
                L_PAREN | L_BRACK | L_BRACE | HASH_BRACK => open += 1,
                R_PAREN | R_BRACK | R_BRACE => {
                    if open == 0 {
                        break;
                    }
                    open -= 1;
                }
                DEF_KW | ENTRY_KW | TYPE_KW | MODULE_KW | OPEN_KW | IMPORT_KW | LOCAL_KW
                | INCLUDE_KW
                    if open == 0 =>
                {
                    break
                }
                _ => {}
            }
            self.bump();
        }
    }

    /// Whether `levels` more nested constructs can be entered without
    /// reaching the nesting limit.
    pub(crate) fn can_enter(&self, levels: u32) -> bool {
        self.depth + levels < MAX_DEPTH
    }

    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }
}

/// `()`, `(x)` or `(x, y, ...)` with items parsed by `item`: one item
/// without a comma is a `paren` node, anything else a `tuple` node.
fn parenthesised(p: &mut Parser, item: fn(&mut Parser), paren: SyntaxKind, tuple: SyntaxKind) {
    let checkpoint = p.checkpoint();
    p.bump(); // (
    if p.eat(R_PAREN) {
        p.start_node_at(checkpoint, tuple);
        p.finish_node();
        return;
    }
    item(p);
    let mut kind = paren;
    while p.eat(COMMA) {
        kind = tuple;
        if p.at(R_PAREN) {
            break;
        }
        item(p);
    }
    p.expect(R_PAREN);
    p.start_node_at(checkpoint, kind);
    p.finish_node();
}

/// `{ a ..., b ... }`: a `node` of `field` nodes, each a field name
/// followed by what `rest` parses (`: type`, `= pattern`, ...).
fn record_fields(p: &mut Parser, node: SyntaxKind, field: SyntaxKind, rest: fn(&mut Parser)) {
    p.start_node(node);
    p.bump(); // {
    while !p.at(R_BRACE) && !p.at(EOF) {
        if !matches!(p.current(), IDENT | INT_NUMBER) {
            p.recover_expected("a field name");
            if !p.eat(COMMA) {
                break;
            }
            continue;
        }
        p.start_node(field);
        p.start_node(NAME);
        p.bump();
        p.finish_node();
        rest(p);
        p.finish_node();
        if !p.eat(COMMA) {
            break;
        }
    }
    p.expect(R_BRACE);
    p.finish_node();
}

/// Tokens where a construct stops consuming on error, so an enclosing one can resume.
const RECOVERY: &[SyntaxKind] = &[
    R_PAREN, R_BRACK, R_BRACE, COMMA, IN_KW, THEN_KW, ELSE_KW, DO_KW, CASE_KW, DEF_KW, ENTRY_KW,
    TYPE_KW, MODULE_KW, OPEN_KW, IMPORT_KW, LOCAL_KW, INCLUDE_KW, VAL_KW, EQ,
];

/// Tokens that begin a declaration.
pub(crate) const DECL_START: &[SyntaxKind] = &[
    DEF_KW, LET_KW, ENTRY_KW, TYPE_KW, MODULE_KW, OPEN_KW, IMPORT_KW, LOCAL_KW, INCLUDE_KW,
    HASH_BRACK,
];

#[cfg(test)]
mod tests;
