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
mod prelude;
pub mod types;
pub mod unify;

use std::rc::Rc;

use runic_syntax::SyntaxNode;

pub use diagnostic::{Diagnostic, Severity};
pub use prelude::{Prelude, PreludeFile};

use check::Checker;
use env::ModEnv;

/// Resolves `import "path"` to the checked environment of that file.
pub trait Imports {
    fn import(&self, path: &str) -> Option<Rc<ModEnv>>;
}

/// No imports available.
pub struct NoImports;

impl Imports for NoImports {
    fn import(&self, _path: &str) -> Option<Rc<ModEnv>> {
        None
    }
}

/// The result of checking one file.
pub struct Checked {
    pub diagnostics: Vec<Diagnostic>,
    /// What the file exports (for files that import it).
    pub exports: Rc<ModEnv>,
    /// Everything visible at the end of the file, `open`ed names included.
    pub visible: Rc<ModEnv>,
    /// The solved type of every expression in the file's definitions, by
    /// the expression's range. Types of overloaded literals are concrete
    /// (defaults applied), so an interpreter can read a literal's type here.
    pub types: Rc<TypeTable>,
}

/// Types of expressions by their range in the file.
pub type TypeTable = std::collections::HashMap<runic_syntax::TextRange, types::Type>;

/// Checks a whole file (its `SOURCE_FILE` root) after the prelude.
pub fn check_program(root: &SyntaxNode, prelude: &Prelude, imports: &dyn Imports) -> Checked {
    check_with_env(root, prelude.env(), imports)
}

pub(crate) fn check_with_env(
    root: &SyntaxNode,
    outer: Rc<ModEnv>,
    imports: &dyn Imports,
) -> Checked {
    let mut checker = Checker::new(outer, imports);
    checker.set_source(&root.text().to_string());
    for decl in root.children() {
        checker.decl(&decl, false);
    }
    let mut diagnostics = std::mem::take(&mut checker.diagnostics);
    // Position first; the message breaks ties so the order never depends on
    // hash-map iteration.
    diagnostics.sort_by(|a, b| {
        (a.range.start(), a.range.end(), &a.message).cmp(&(
            b.range.start(),
            b.range.end(),
            &b.message,
        ))
    });
    let frame = checker.frames.pop().unwrap_or_default();
    Checked {
        diagnostics,
        exports: Rc::new(frame.exports),
        visible: Rc::new(frame.lookup),
        types: Rc::new(std::mem::take(&mut checker.solved_types)),
    }
}

#[cfg(test)]
mod tests;
