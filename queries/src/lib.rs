//! The salsa database of Runic: inputs hold the ground truth (file texts),
//! tracked functions derive everything else.
//!
//! # Shape
//!
//! - [`File`] is the only input: a path (any string: a file system path or a
//!   URI) and the file's text. [`Workspace`] keeps the path-to-[`File`]
//!   registry next to the database, so the CLI and the language server create
//!   and update files by path. Compiler crates never do IO: text reaches them
//!   only through this database.
//! - [`parse`] turns a file into a [`Parse`]; [`item_tree`] lists the file's
//!   top-level declarations ([`ItemTree`]).
//! - Every declaration gets an identity, [`Item`], interned from its kind, name
//!   and index among declarations of the same kind and name. That identity
//!   survives edits elsewhere in the file. [`item_syntax`] is the firewall: it
//!   returns the declaration's green node, which compares equal when only
//!   *other* declarations changed, so the per-item queries behind it
//!   ([`item_symbols`]) re-run only for the edited
//!   declaration. Their results use ranges relative to the declaration's start;
//!   the file-level queries shift them to absolute byte offsets.
//! - For a file written through the [`Workspace`], the declarations' trees
//!   are inputs of their own, with durabilities chosen so that after an
//!   edit inside one body salsa re-verifies only that declaration and its
//!   chunk of diagnostics, not every declaration of the file (`sources.rs`,
//!   `chunks.rs`).
//! - [`file_diagnostics`], [`document_symbols`], [`highlights`] and
//!   [`folding_ranges`] answer in neutral types (byte ranges, plain enums):
//!   no LSP and no terminal types live here.
//! - [`ide`] answers questions about a position (hover, definitions,
//!   references, rename, completion, inlay hints, ...) over the checker's
//!   per-declaration record, [`ide::item_analysis`].

mod chunks;
mod db;
mod diagnostics;
mod folding;
mod highlight;
pub mod ide;
mod items;
pub mod middle;
pub mod middle_deps;
pub mod middle_unit;
mod parallel;
mod semantic;
mod sources;
mod symbols;
#[cfg(test)]
mod tests;

pub use db::{Db, ExecutedQuery, ParseCache, RootDatabase, Workspace};
pub use diagnostics::{file_diagnostics, Diagnostic, Related, Severity};
pub use folding::{fold_syntax, folding_ranges, Fold, FoldKind};
pub use highlight::{highlight_syntax, highlights, Highlight, HighlightTag};
pub use items::{
    file_items, item_list, item_tree, items, Item, ItemData, ItemGreen, ItemKey, ItemKind, ItemTree,
};
pub use runic_syntax::{Parse, TextRange, TextSize};
/// The panic payload of a query cancelled by a write on another handle.
pub use salsa::Cancelled;
pub use semantic::{check_file, imports_of, resolve_import, semantic_diagnostics};
pub use sources::{item_head, item_syntax, same_head, FileSources, ItemSource};
pub use symbols::{document_symbols, item_symbols, Symbol, SymbolKind};

/// A source file: the ground truth every query derives from.
///
/// `path` names the file (a file system path for the CLI, a URI for the
/// language server); `text` is its current contents.
#[salsa::input(debug)]
pub struct File {
    #[returns(ref)]
    pub path: String,
    #[returns(ref)]
    pub text: String,
}

/// Every file the workspace knows, by path: what imports resolve against.
#[salsa::input(debug)]
pub struct SourceRoot {
    #[returns(ref)]
    pub files: std::collections::BTreeMap<String, File>,
}

/// The syntax tree and syntax errors of a file.
///
/// `no_eq`: any edit changes the tree, so comparing old and new trees would
/// only cost time; the firewall is [`item_syntax`]. After an edit, only the
/// declarations the edit touched are parsed again ([`ParseCache`]).
#[salsa::tracked(returns(ref), no_eq)]
pub fn parse(db: &dyn Db, file: File) -> Parse {
    let text = file.text(db);
    match db.parse_cache() {
        Some(cache) => cache.parse(file, text),
        None => runic_syntax::parse(text),
    }
}
