//! Hover: the symbol under the cursor as Markdown, its type (sizes
//! included) in a code block and its doc comment below. On a field name
//! or a literal, the type of the smallest expression around it.

use runic_syntax::{TextRange, TextSize};

use super::docs::{decl_name, doc_comment, is_named_decl};
use super::{render, symbol_at, Place, Symbol};
use crate::{parse, Db, File};

/// A hover's text (Markdown) and the range it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hover {
    pub range: TextRange,
    pub markdown: String,
}

/// The hover at `offset` of `file`, if a name or literal is there.
pub fn hover(db: &dyn Db, file: File, offset: TextSize) -> Option<Hover> {
    let Some(occurrence) = symbol_at(db, file, offset) else {
        return expression_hover(db, file, offset);
    };
    let (code, doc) = match &occurrence.symbol {
        Symbol::Local { name, ty, .. } => {
            let ty = ty.as_ref().map_or("?".to_string(), |t| t.to_string());
            (format!("{name}: {ty}"), None)
        }
        Symbol::Global { name, def, scheme } => (
            render::value(name, scheme),
            def.as_ref().and_then(|d| doc_at(db, d)),
        ),
        Symbol::Type { name, def } => (
            render::type_def(name, def),
            super::named_place(db, file, name, false).and_then(|d| doc_at(db, &d)),
        ),
        Symbol::Module { name, module } => (
            render::module(name, module),
            super::named_place(db, file, name, true).and_then(|d| doc_at(db, &d)),
        ),
    };
    let mut markdown = format!("```futhark\n{code}\n```");
    if let Some(doc) = doc {
        markdown.push_str("\n\n---\n\n");
        markdown.push_str(&doc);
    }
    Some(Hover {
        range: occurrence.range,
        markdown,
    })
}

/// The type of the smallest checked expression around a field name or a
/// literal at `offset`.
fn expression_hover(db: &dyn Db, file: File, offset: TextSize) -> Option<Hover> {
    use runic_syntax::SyntaxKind::*;
    let root = parse(db, file).syntax();
    if offset > root.text_range().end() {
        return None;
    }
    let token = super::token_at_offset(&root, offset).find(|t| {
        matches!(
            t.kind(),
            IDENT | INT_NUMBER | FLOAT_NUMBER | STRING | CHAR | TRUE_KW | FALSE_KW
        )
    })?;
    let (item, start) = super::item_at(db, file, offset)?;
    let analysis = super::item_analysis(db, item);
    let relative = token.text_range() - start;
    let (range, ty) = analysis
        .types
        .iter()
        .filter(|(range, _)| range.contains_range(relative))
        .min_by_key(|(range, _)| range.len())?;
    Some(Hover {
        range: *range + start,
        markdown: format!("```futhark\n{ty}\n```"),
    })
}

/// The doc comment of the declaration whose name is at `place`.
fn doc_at(db: &dyn Db, place: &Place) -> Option<String> {
    match place {
        Place::Prelude { file, range } => super::docs::prelude_doc_at(file, *range),
        Place::File { path, range } => {
            let root = db.source_root()?;
            let file = *root.files(db).get(path)?;
            let tree = parse(db, file).syntax();
            let token = super::token_at_offset(&tree, range.start()).right_biased()?;
            let decl = token.parent_ancestors().find(|n| is_named_decl(n.kind()))?;
            let (_, name_range) = decl_name(&decl)?;
            (name_range == *range).then(|| doc_comment(&decl)).flatten()
        }
    }
}
