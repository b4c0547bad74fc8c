//! Workspace symbols: the declarations of every file of the workspace
//! (modules' members included) whose name matches a query, fuzzily: the
//! query's characters appear in the name in order, ignoring case.

use crate::{document_symbols, Db, Symbol, SymbolKind, TextRange};

/// A declaration found by [`workspace_symbols`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkspaceSymbol {
    pub name: String,
    pub kind: SymbolKind,
    /// The file's path (a URI in the language server).
    pub path: String,
    /// The bound name's range.
    pub range: TextRange,
    /// The enclosing module, if any.
    pub container: Option<String>,
}

/// The declarations matching `query`, by file then position.
pub fn workspace_symbols(db: &dyn Db, query: &str) -> Vec<WorkspaceSymbol> {
    let Some(root) = db.source_root() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (path, file) in root.files(db) {
        for symbol in document_symbols(db, *file) {
            collect(symbol, path, None, query, &mut out);
        }
    }
    out
}

fn collect(
    symbol: &Symbol,
    path: &str,
    container: Option<&str>,
    query: &str,
    out: &mut Vec<WorkspaceSymbol>,
) {
    if matches_fuzzily(&symbol.name, query) {
        out.push(WorkspaceSymbol {
            name: symbol.name.clone(),
            kind: symbol.kind,
            path: path.to_string(),
            range: symbol.name_range,
            container: container.map(str::to_string),
        });
    }
    for child in &symbol.children {
        collect(child, path, Some(&symbol.name), query, out);
    }
}

fn matches_fuzzily(name: &str, query: &str) -> bool {
    let mut chars = name.chars().flat_map(char::to_lowercase);
    query
        .chars()
        .flat_map(char::to_lowercase)
        .all(|q| chars.any(|c| c == q))
}
