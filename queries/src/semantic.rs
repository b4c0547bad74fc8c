//! Semantic checking as a query: the type checker of `runic-sema` run on a
//! file's tree, with the shipped prelude and with `import`s resolved against
//! the files of the [`SourceRoot`](crate::SourceRoot).
//!
//! The checker's environments are not thread-safe values, so they are not
//! stored in the database; an imported file is checked again (from its
//! memoised parse) by each file that imports it. Its own diagnostics are
//! reported when that file itself is checked.

use std::cell::RefCell;
use std::rc::Rc;

use runic_sema::env::ModEnv;
use runic_sema::{Imports, Prelude};
use runic_syntax::{SyntaxKind, SyntaxNode};

use crate::{parse, Db, Diagnostic, File, Severity};

/// The type, size and module errors of a file.
#[salsa::tracked(returns(ref))]
pub fn semantic_diagnostics(db: &dyn Db, file: File) -> Vec<Diagnostic> {
    check_file(db, file)
        .diagnostics
        .into_iter()
        .map(convert)
        .collect()
}

/// The type checker's whole result for a file (environments and the solved
/// type of every expression), computed now and not memoised: the
/// environments are not thread-safe values. For stages that need a file's
/// typed program, such as the interpreter.
pub fn check_file(db: &dyn Db, file: File) -> runic_sema::Checked {
    let parse = parse(db, file);
    let prelude = Prelude::builtin();
    let imports = DbImports {
        db,
        importer: file.path(db).clone(),
        prelude: &prelude,
        active: RefCell::default(),
    };
    runic_sema::check_program(&parse.syntax(), &prelude, &imports)
}

fn convert(d: runic_sema::Diagnostic) -> Diagnostic {
    let mut out = Diagnostic::error(d.range, d.message).with_code(d.code);
    if d.severity == runic_sema::Severity::Warning {
        out.severity = Severity::Warning;
    }
    for (range, note) in d.related {
        out = out.with_related(range, note);
    }
    out
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

/// The paths a file's `import`s name, resolved (for loading them).
///
/// Imports live among declarations and in module expressions, never inside
/// value, type or module type declarations, whose subtrees (most of a file)
/// are skipped: the language server calls this after every edit.
pub fn imports_of(importer: &str, root: &SyntaxNode) -> Vec<String> {
    let mut imports = Vec::new();
    let mut walk = root.preorder();
    while let Some(event) = walk.next() {
        let rowan::WalkEvent::Enter(node) = event else {
            continue;
        };
        match node.kind() {
            SyntaxKind::IMPORT_DECL | SyntaxKind::MOD_IMPORT => imports.push(node),
            SyntaxKind::VALUE_DECL | SyntaxKind::TYPE_DECL | SyntaxKind::MODULE_TYPE_DECL => {
                walk.skip_subtree()
            }
            _ => {}
        }
    }
    imports
        .into_iter()
        .filter_map(|n| {
            n.children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| t.kind() == SyntaxKind::STRING)
        })
        .map(|t| resolve_import(importer, t.text().trim_matches('"')))
        .collect()
}

/// Resolves imports by checking the imported file from the database.
struct DbImports<'a> {
    db: &'a dyn Db,
    importer: String,
    prelude: &'a Prelude,
    /// Files being checked up the import chain (to stop cycles).
    active: RefCell<Vec<String>>,
}

impl Imports for DbImports<'_> {
    fn import(&self, path: &str) -> Option<Rc<ModEnv>> {
        let target = resolve_import(&self.importer, path);
        let root = self.db.source_root()?;
        let file = *root.files(self.db).get(&target)?;
        if self.active.borrow().contains(&target) {
            return None;
        }
        let mut active = self.active.borrow().clone();
        active.push(self.importer.clone());
        let nested = DbImports {
            db: self.db,
            importer: target,
            prelude: self.prelude,
            active: RefCell::new(active),
        };
        let parse = parse(self.db, file);
        Some(runic_sema::check_program(&parse.syntax(), self.prelude, &nested).exports)
    }
}

#[cfg(test)]
mod tests {
    use super::resolve_import;

    #[test]
    fn imports_resolve_relative_to_the_importer() {
        assert_eq!(
            resolve_import("src/main.fut", "lib/util"),
            "src/lib/util.fut"
        );
        assert_eq!(resolve_import("src/main.fut", "../shared"), "shared.fut");
        assert_eq!(resolve_import("main.fut", "./x.fut"), "x.fut");
        assert_eq!(
            resolve_import("file:///home/u/p/a.fut", "b"),
            "file:///home/u/p/b.fut"
        );
        assert_eq!(
            resolve_import("file:///home/u/p/a.fut", "../q/c"),
            "file:///home/u/q/c.fut"
        );
    }
}
