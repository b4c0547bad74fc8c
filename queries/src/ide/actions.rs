//! Code actions:
//! - for a use after consumption, insert `copy` where the variable was
//!   consumed (the diagnostic's "consumed here" place);
//! - for a name bound without a type, add the inferred type annotation;
//! - for an unknown name that another workspace file defines, import
//!   that file.

use runic_syntax::{SyntaxKind, SyntaxNode, TextRange, TextSize};

use super::{inlay_hints, InlayKind};
use crate::items::item_tree;
use crate::semantic::{file_exports, resolve_import, semantic_diagnostics};
use crate::{parse, Db, File};

/// What an action is, for the client's menus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActionKind {
    QuickFix,
    Rewrite,
}

/// One text edit of an action: in `path`, replace `range` by `text`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub path: String,
    pub range: TextRange,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Action {
    pub title: String,
    pub kind: ActionKind,
    pub edits: Vec<Edit>,
}

/// The actions for the selection `range` of `file`.
pub fn code_actions(db: &dyn Db, file: File, range: TextRange) -> Vec<Action> {
    let mut out = Vec::new();
    insert_copy(db, file, range, &mut out);
    import_file(db, file, range, &mut out);
    annotate(db, file, range, &mut out);
    out
}

fn edit(db: &dyn Db, file: File, range: TextRange, text: String) -> Edit {
    Edit {
        path: file.path(db).clone(),
        range,
        text,
    }
}

fn insert_copy(db: &dyn Db, file: File, range: TextRange, out: &mut Vec<Action>) {
    let text = file.text(db);
    for d in semantic_diagnostics(db, file) {
        if d.code != Some("use-after-consume") || d.range.intersect(range).is_none() {
            continue;
        }
        let Some(consumed) = d
            .related
            .iter()
            .find(|r| r.message.contains("consumed here"))
        else {
            continue;
        };
        let Some(written) = text.get(std::ops::Range::<usize>::from(consumed.range)) else {
            continue;
        };
        out.push(Action {
            title: format!("Insert `copy` where `{written}` is consumed"),
            kind: ActionKind::QuickFix,
            edits: vec![edit(db, file, consumed.range, format!("(copy {written})"))],
        });
    }
}

fn import_file(db: &dyn Db, file: File, range: TextRange, out: &mut Vec<Action>) {
    let Some(root) = db.source_root() else {
        return;
    };
    let importer = file.path(db);
    for d in semantic_diagnostics(db, file) {
        if d.code != Some("unknown-name") || d.range.intersect(range).is_none() {
            continue;
        }
        let Some(name) = d.message.split('"').nth(1) else {
            continue;
        };
        for (path, other) in root.files(db) {
            if *other == file || !file_exports(db, *other).values.contains_key(name) {
                continue;
            }
            let Some(relative) = relative_import(importer, path) else {
                continue;
            };
            let at = import_position(&parse(db, file).syntax());
            out.push(Action {
                title: format!("Import \"{relative}\" (defines `{name}`)"),
                kind: ActionKind::QuickFix,
                edits: vec![edit(
                    db,
                    file,
                    TextRange::empty(at),
                    format!("import \"{relative}\"\n"),
                )],
            });
        }
    }
}

/// The import path that leads from `importer` to `target` (both paths or
/// URIs of the same scheme), without `.fut`; checked by resolving it back.
fn relative_import(importer: &str, target: &str) -> Option<String> {
    let from: Vec<&str> = importer.split('/').collect();
    let to: Vec<&str> = target.split('/').collect();
    let from_dir = &from[..from.len().saturating_sub(1)];
    let common = from_dir.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<&str> = vec![".."; from_dir.len() - common];
    parts.extend(&to[common..]);
    let joined = parts.join("/");
    let relative = joined.strip_suffix(".fut").unwrap_or(&joined).to_string();
    (resolve_import(importer, &relative) == target).then_some(relative)
}

/// After the file's last top-level `import`, else at the start.
fn import_position(root: &SyntaxNode) -> TextSize {
    root.children()
        .filter(|n| n.kind() == SyntaxKind::IMPORT_DECL)
        .last()
        .map_or(TextSize::new(0), |n| {
            n.text_range().end() + TextSize::new(1)
        })
        .min(root.text_range().end())
}

fn annotate(db: &dyn Db, file: File, range: TextRange, out: &mut Vec<Action>) {
    let root = parse(db, file).syntax();
    let Some(item) = item_tree(db, file).item_at(range.start()).map(|i| i.range) else {
        return;
    };
    let hints = inlay_hints(db, file, item);
    for hint in hints.iter().filter(|h| h.kind == InlayKind::Binding) {
        let Some(name_pat) = name_pattern_ending_at(&root, hint.offset) else {
            continue;
        };
        let at = name_pat.text_range();
        if !at.contains_range(range) && !range.contains_range(at) {
            continue;
        }
        let name = name_pat.text().to_string();
        let ty = hint.label.trim_start_matches(": ");
        // A parameter needs parentheses around its annotation.
        let in_pattern = name_pat
            .parent()
            .is_some_and(|p| p.kind().is_pattern() || p.kind() == SyntaxKind::LET_EXPR);
        let (at, text) = if in_pattern {
            (TextRange::empty(hint.offset), hint.label.clone())
        } else {
            (name_pat.text_range(), format!("({name}: {ty})"))
        };
        out.push(Action {
            title: format!("Add type annotation `{name}: {ty}`"),
            kind: ActionKind::Rewrite,
            edits: vec![edit(db, file, at, text)],
        });
    }
}

/// The `NAME_PAT` whose name ends at `offset`.
fn name_pattern_ending_at(root: &SyntaxNode, offset: TextSize) -> Option<SyntaxNode> {
    let token = super::token_at_offset(root, offset).left_biased()?;
    token
        .parent_ancestors()
        .find(|n| n.kind() == SyntaxKind::NAME_PAT)
        .filter(|n| n.text_range().end() == offset)
}
