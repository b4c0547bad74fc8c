//! Doc comments (`-- |` and the comment lines after it, above a
//! declaration or spec) and the index of the shipped prelude's
//! declarations, for hovers and go-to-definition into the prelude.

use std::sync::OnceLock;

use runic_sema::Prelude;
use runic_syntax::{SyntaxKind, SyntaxNode, TextRange};

/// The declaration kinds whose name a NAME child gives.
pub(crate) fn is_named_decl(kind: SyntaxKind) -> bool {
    use SyntaxKind::*;
    matches!(
        kind,
        VALUE_DECL
            | TYPE_DECL
            | MODULE_DECL
            | MODULE_TYPE_DECL
            | VAL_SPEC
            | TYPE_SPEC
            | MODULE_SPEC
    )
}

/// The text of a declaration's doc comment, without the comment markers.
pub(crate) fn doc_comment(decl: &SyntaxNode) -> Option<String> {
    let mut lines = Vec::new();
    let mut started = false;
    for element in decl.children_with_tokens() {
        let Some(token) = element.into_token() else {
            break;
        };
        match token.kind() {
            SyntaxKind::DOC_COMMENT => {
                started = true;
                lines.clear();
                lines.push(strip_marker(token.text(), "-- |").to_string());
            }
            SyntaxKind::COMMENT if started => {
                lines.push(strip_marker(token.text(), "--").to_string())
            }
            SyntaxKind::WHITESPACE | SyntaxKind::COMMENT => {}
            _ => break,
        }
    }
    let text = lines.join("\n").trim().to_string();
    if text.is_empty() {
        // A `local` declaration carries the comment on its wrapper.
        let parent = decl.parent()?;
        return (parent.kind() == SyntaxKind::LOCAL_DECL)
            .then(|| doc_comment(&parent))
            .flatten();
    }
    Some(text)
}

fn strip_marker<'a>(line: &'a str, marker: &str) -> &'a str {
    let rest = line.strip_prefix(marker).unwrap_or(line);
    rest.strip_prefix(' ').unwrap_or(rest)
}

/// The name a declaration binds (its NAME child) and that name's range.
pub(crate) fn decl_name(decl: &SyntaxNode) -> Option<(String, TextRange)> {
    let name = decl.children().find(|c| c.kind() == SyntaxKind::NAME)?;
    let token = name
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| matches!(t.kind(), SyntaxKind::IDENT | SyntaxKind::OPERATOR))?;
    Some((token.text().to_string(), token.text_range()))
}

/// A declaration or spec of the shipped prelude.
#[derive(Debug, Clone)]
pub struct PreludeDecl {
    /// The prelude file, without `.fut`.
    pub file: &'static str,
    pub name: String,
    pub kind: SyntaxKind,
    /// The name's range in that file.
    pub range: TextRange,
    pub doc: Option<String>,
    /// Whether it is a top-level declaration of its file.
    pub top_level: bool,
}

/// Every named declaration of the prelude's files, built once.
fn prelude_decls() -> &'static [PreludeDecl] {
    static DECLS: OnceLock<Vec<PreludeDecl>> = OnceLock::new();
    DECLS.get_or_init(|| {
        let mut decls = Vec::new();
        for (file, text) in Prelude::sources() {
            let root = runic_syntax::parse(text).syntax();
            for node in root.descendants().filter(|n| is_named_decl(n.kind())) {
                let Some((name, range)) = decl_name(&node) else {
                    continue;
                };
                let top_level = node.parent().is_some_and(|p| {
                    p.kind() == SyntaxKind::SOURCE_FILE
                        || p.parent()
                            .is_some_and(|g| g.kind() == SyntaxKind::SOURCE_FILE)
                });
                decls.push(PreludeDecl {
                    file,
                    name,
                    kind: node.kind(),
                    range,
                    doc: doc_comment(&node),
                    top_level,
                });
            }
        }
        decls
    })
}

/// The prelude declaration a name most likely refers to: a top-level one
/// outside `intrinsics` first, then any with a doc comment, then any.
pub fn prelude_decl(name: &str, kinds: &[SyntaxKind]) -> Option<&'static PreludeDecl> {
    let candidates = || {
        prelude_decls()
            .iter()
            .filter(move |d| d.name == name && kinds.contains(&d.kind))
    };
    candidates()
        .find(|d| d.top_level && d.file != "intrinsics")
        .or_else(|| candidates().find(|d| d.doc.is_some()))
        .or_else(|| candidates().next())
}

/// The doc comment of the prelude declaration whose name is at `range`.
pub(crate) fn prelude_doc_at(file: &str, range: TextRange) -> Option<String> {
    prelude_decls()
        .iter()
        .find(|d| d.file == file && d.range == range)?
        .doc
        .clone()
}

/// Every prelude file as `(name without .fut, text)`.
pub fn prelude_sources() -> &'static [(&'static str, &'static str)] {
    Prelude::sources()
}

/// The text of a prelude file, by name without `.fut`.
pub fn prelude_source(name: &str) -> Option<&'static str> {
    Prelude::sources()
        .iter()
        .find(|(file, _)| *file == name)
        .map(|(_, text)| *text)
}
