//! Semantic analysis of Futhark programs: name resolution, the module
//! system, type inference with sizes, and (to come) uniqueness checking.
//!
//! The entry point is [`check_program`]: it takes a parsed file and the
//! [`Prelude`] and returns diagnostics. Like every compiler crate it does no
//! IO: imported files reach it through the [`Imports`] callback, which the
//! query layer implements over its database.

mod check;
pub mod diagnostic;
pub mod env;
pub mod interrupt;
mod map;
mod prelude;
pub mod types;
pub mod unify;

use std::sync::Arc;

use runic_syntax::{SyntaxNode, TextSize};

pub use check::ide::{NameTarget, NameUse, SizeArgs};
pub use diagnostic::{resolve_citations, Diagnostic, Loc, Origin, Severity};
pub use prelude::{Prelude, PreludeFile};

use check::{Checker, Frame};
use env::ModEnv;

/// Resolves `import "path"` to the checked environment of that file.
pub trait Imports {
    fn import(&self, path: &str) -> Option<Arc<ModEnv>>;

    /// When `path` cannot be imported because it leads back to the
    /// importer: the chain of files, from the importer back to itself.
    fn cycle(&self, _path: &str) -> Option<Vec<String>> {
        None
    }

    /// The binding of `name` made by the top-level definition at `at`
    /// (whose origin is the caller's id for that declaration), where the
    /// state held it deferred ([`env::Value::deferred`]): the caller checks
    /// that declaration and gives what it defines.
    fn deferred_value(&self, _at: Loc, _name: &str) -> Option<env::Value> {
        None
    }
}

/// No imports available.
pub struct NoImports;

impl Imports for NoImports {
    fn import(&self, _path: &str) -> Option<Arc<ModEnv>> {
        None
    }
}

/// The result of checking one file.
pub struct Checked {
    pub diagnostics: Vec<Diagnostic>,
    /// What the file exports (for files that import it).
    pub exports: Arc<ModEnv>,
    /// Everything visible at the end of the file, `open`ed names included.
    pub visible: Arc<ModEnv>,
    /// The solved type of every expression in the file's definitions, by
    /// the expression's range. Types of overloaded literals are concrete
    /// (defaults applied), so an interpreter can read a literal's type here.
    pub types: Arc<TypeTable>,
}

/// Types of expressions by their range in the file.
pub type TypeTable = rustc_hash::FxHashMap<runic_syntax::TextRange, types::Type>;

/// Checks a whole file (its `SOURCE_FILE` root) after the prelude.
pub fn check_program(root: &SyntaxNode, prelude: &Prelude, imports: &dyn Imports) -> Checked {
    check_with_env(root, prelude.env(), imports)
}

pub(crate) fn check_with_env(
    root: &SyntaxNode,
    outer: Arc<ModEnv>,
    imports: &dyn Imports,
) -> Checked {
    let mut checker = Checker::new(outer, imports);
    for (index, decl) in root.children().enumerate() {
        // Each top-level declaration starts afresh, as when checked alone
        // (no inference variable outlives one).
        checker.start_top_level(index as u64 + 1);
        runic_syntax::with_stack_for(&decl, || checker.decl(&decl, false));
    }
    let mut diagnostics = std::mem::take(&mut checker.diagnostics);
    sort_diagnostics(&mut diagnostics);
    // Only messages need the file's text (for the places they cite):
    // writing it out token by token was a sixth of the prelude's check.
    if !diagnostics.is_empty() {
        let text = root.text().to_string();
        resolve_file_citations(&mut diagnostics, &text);
    }
    let frame = checker.frames.pop().unwrap_or_default();
    Checked {
        diagnostics,
        exports: Arc::new(frame.exports),
        visible: Arc::new(frame.lookup),
        types: Arc::new(std::mem::take(&mut checker.solved_types)),
    }
}

/// Position first; the message breaks ties so the order never depends on
/// hash-map iteration.
fn sort_diagnostics(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by(|a, b| {
        (a.range.start(), a.range.end(), &a.message).cmp(&(
            b.range.start(),
            b.range.end(),
            &b.message,
        ))
    });
}

/// Fills in the places messages cite, for a whole-file check (where every
/// range is a file offset).
fn resolve_file_citations(diagnostics: &mut [Diagnostic], text: &str) {
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let locate =
        |_origin, offset: TextSize| Some(diagnostic::line_col_of(&line_starts, offset.into()));
    for d in diagnostics {
        d.message = resolve_citations(&d.message, &locate);
    }
}

/// What checking a file has established between two of its top-level
/// declarations: the names defined so far, visible and exported. Equal
/// states mean the declarations after them see the same program, which is
/// what lets a caller skip re-checking them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeclState {
    frame: Frame,
}

impl DeclState {
    /// What the file exports so far.
    pub fn exports(&self) -> &ModEnv {
        &self.frame.exports
    }

    /// Everything the file has made visible so far.
    pub fn visible(&self) -> &ModEnv {
        &self.frame.lookup
    }
}

/// The result of checking one top-level declaration.
pub struct DeclChecked {
    /// The state after the declaration.
    pub state: DeclState,
    /// Its problems, with ranges relative to the declaration and citations
    /// to resolve (see [`diagnostic::resolve_citations`]).
    pub diagnostics: Vec<Diagnostic>,
}

/// Checks one top-level declaration `decl` (the root of its own tree, so
/// ranges are relative to it) after the declarations that led to `before`.
/// `origin` is the caller's id for the declaration: it marks the places
/// recorded in the resulting state and cited in messages.
pub fn check_decl(
    before: &DeclState,
    decl: &SyntaxNode,
    origin: Origin,
    prelude: &Prelude,
    imports: &dyn Imports,
) -> DeclChecked {
    let (mut checker, diagnostics) =
        checked_with_diagnostics(before, decl, origin, prelude, imports, false);
    DeclChecked {
        state: DeclState {
            frame: checker.frames.pop().unwrap_or_default(),
        },
        diagnostics,
    }
}

/// The diagnostics of one top-level declaration, as [`check_decl`] finds
/// them, for a caller that takes the state after it from
/// [`state_after_decl`]: what the declaration defines is not worked out
/// twice.
pub fn check_decl_diagnostics(
    before: &DeclState,
    decl: &SyntaxNode,
    origin: Origin,
    prelude: &Prelude,
    imports: &dyn Imports,
) -> Vec<Diagnostic> {
    checked_with_diagnostics(before, decl, origin, prelude, imports, true).1
}

/// Checks `decl` collecting its diagnostics (sorted); `diagnostics_only`
/// when what it defines is not needed. Gives the checker back too.
fn checked_with_diagnostics<'a>(
    before: &DeclState,
    decl: &SyntaxNode,
    origin: Origin,
    prelude: &Prelude,
    imports: &'a dyn Imports,
    diagnostics_only: bool,
) -> (Checker<'a>, Vec<Diagnostic>) {
    let mut checker = decl_checker(before, origin, prelude, imports);
    checker.record_types = false;
    checker.diagnostics_only = diagnostics_only;
    runic_syntax::with_stack_for(decl, || checker.decl(decl, false));
    let mut diagnostics = std::mem::take(&mut checker.diagnostics);
    sort_diagnostics(&mut diagnostics);
    (checker, diagnostics)
}

/// A checker for the top-level declaration `origin` after `before`.
fn decl_checker<'a>(
    before: &DeclState,
    origin: Origin,
    prelude: &Prelude,
    imports: &'a dyn Imports,
) -> Checker<'a> {
    let mut checker = Checker::with_frame(prelude.env(), imports, before.frame.clone());
    checker.origin = origin;
    checker.start_top_level(origin);
    checker
}

/// Whether [`state_after_decl`] on `decl` checks its body as
/// [`check_decl`] does (a value definition whose types are not all
/// written out): then one [`check_decl`] is cheaper than both.
pub fn state_needs_body(decl: &SyntaxNode) -> bool {
    check::decls::state_needs_body(decl)
}

/// The state after `decl`, as [`check_decl`] leaves it after `before`,
/// found without collecting diagnostics, and so without checking what
/// only diagnostics need: the bodies of definitions whose types are
/// written out, and of parametric modules. Those are most of a program's
/// checking, so a caller can find the states of a file's declarations in
/// order quickly, then check the declarations independently (in parallel).
pub fn state_after_decl(
    before: &DeclState,
    decl: &SyntaxNode,
    origin: Origin,
    prelude: &Prelude,
    imports: &dyn Imports,
) -> DeclState {
    let mut checker = decl_checker(before, origin, prelude, imports);
    checker.record_types = false;
    checker.quiet = 1;
    runic_syntax::with_stack_for(decl, || checker.decl(decl, false));
    DeclState {
        frame: checker.frames.pop().unwrap_or_default(),
    }
}

/// The state after `decl` without checking it, where `decl` is a top-level
/// value definition whose type needs its body ([`state_needs_body`]): the
/// definition enters the state deferred ([`env::Value::deferred`]), so the
/// chain of states need not check its body. A later declaration that uses
/// the name asks [`Imports::deferred_value`] for its type. `None` for
/// every other declaration (and for a definition without a name).
pub fn deferred_state_after_decl(
    before: &DeclState,
    decl: &SyntaxNode,
    origin: Origin,
) -> Option<DeclState> {
    let mut frame = before.frame.clone();
    check::decls::defer_value_decl(&mut frame, decl, origin).then_some(DeclState { frame })
}

/// The name the top-level value definition `decl` defines (`None` for
/// other declarations).
pub fn value_definition_name(decl: &SyntaxNode) -> Option<String> {
    check::decls::defined_name(decl).map(|(name, _)| check::name_text(&name))
}

/// What an IDE needs of one top-level declaration: the solved types of
/// its expressions and of the names its patterns bind, and what each value
/// name in it refers to. Ranges are relative to the declaration.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeclAnalysis {
    pub types: TypeTable,
    pub uses: Vec<NameUse>,
    /// The ranges of variables consumed where they are written (passed
    /// for a unique parameter, updated in place).
    pub consumed: Vec<runic_syntax::TextRange>,
    /// The sizes each use of a function gives its size parameters.
    pub size_args: Vec<SizeArgs>,
}

/// Checks `decl` as [`check_decl`] does, recording a [`DeclAnalysis`]
/// (slower: for requests about one declaration, not for diagnostics).
pub fn analyse_decl(
    before: &DeclState,
    decl: &SyntaxNode,
    origin: Origin,
    prelude: &Prelude,
    imports: &dyn Imports,
) -> DeclAnalysis {
    let mut checker = decl_checker(before, origin, prelude, imports);
    checker.record_names = true;
    runic_syntax::with_stack_for(decl, || checker.decl(decl, false));
    DeclAnalysis {
        types: std::mem::take(&mut checker.solved_types),
        uses: std::mem::take(&mut checker.name_uses),
        consumed: std::mem::take(&mut checker.consumed_at),
        size_args: std::mem::take(&mut checker.size_args),
    }
}

/// The path `import "path"` in the file at `importer` refers to: relative
/// to the importer's folder, with `.fut` added. Works on paths and URIs.
pub fn resolve_import(importer: &str, path: &str) -> String {
    let folder = match importer.rfind('/') {
        Some(i) => &importer[..i],
        None => "",
    };
    let mut parts: Vec<&str> = if folder.is_empty() {
        Vec::new()
    } else {
        folder.split('/').collect()
    };
    for segment in path.split('/') {
        match segment {
            "." | "" => {}
            ".." if parts
                .last()
                .is_some_and(|p| *p != ".." && !p.is_empty() && !p.ends_with(':')) =>
            {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    let joined = parts.join("/");
    if joined.ends_with(".fut") {
        joined
    } else {
        format!("{joined}.fut")
    }
}

#[cfg(test)]
mod tests;
