//! Inlay hints: the inferred types of names bound without a type (`let`
//! patterns, lambda and function parameters), of function results
//! without a written return type, and the sizes each use of a function
//! gives its size parameters (`map[n=k]`); each with a tooltip saying
//! what it is.

use runic_sema::types::Type;
use runic_sema::{DeclAnalysis, NameTarget};
use runic_syntax::{SyntaxKind, SyntaxNode, TextRange, TextSize};

use super::docs::decl_name;
use super::item_analysis;
use crate::items::{item_tree, items};
use crate::{parse, Db, File};

/// What a hint gives the type of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InlayKind {
    /// A name a pattern binds.
    Binding,
    /// A function's result.
    Result,
    /// The sizes a use of a function gives its size parameters.
    SizeArguments,
}

/// One inlay hint: its text, where it goes (the label is shown after the
/// byte at `offset - 1`), and a tooltip (Markdown).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlayHint {
    pub offset: TextSize,
    pub label: String,
    pub kind: InlayKind,
    pub tooltip: String,
}

/// The hints of the declarations of `file` that overlap `range`.
pub fn inlay_hints(db: &dyn Db, file: File, range: TextRange) -> Vec<InlayHint> {
    let root = parse(db, file).syntax();
    let tree = item_tree(db, file);
    let mut hints = Vec::new();
    for (item, data) in items(db, file).into_iter().zip(tree.items()) {
        if data.range.intersect(range).is_none() {
            continue;
        }
        let Some(node) = root.children().find(|n| n.text_range() == data.range) else {
            continue;
        };
        let analysis = item_analysis(db, item);
        let start = data.range.start();
        item_hints(&node, &analysis, start, &mut hints);
    }
    hints.retain(|h| range.contains_inclusive(h.offset));
    hints.sort_by_key(|h| h.offset);
    hints
}

fn item_hints(
    node: &SyntaxNode,
    analysis: &DeclAnalysis,
    start: TextSize,
    out: &mut Vec<InlayHint>,
) {
    for name_pat in node
        .descendants()
        .filter(|n| n.kind() == SyntaxKind::NAME_PAT)
    {
        if let Some(hint) = binding_hint(&name_pat, analysis, start) {
            out.push(hint);
        }
    }
    out.extend(
        analysis
            .size_args
            .iter()
            .filter_map(|args| size_hint(node, args, start)),
    );
    for decl in node
        .descendants()
        .filter(|n| n.kind() == SyntaxKind::VALUE_DECL)
    {
        out.extend(definition_hint(&decl, analysis, start));
    }
}

/// `: type` after a name a pattern binds without a type annotation.
fn binding_hint(
    name_pat: &SyntaxNode,
    analysis: &DeclAnalysis,
    start: TextSize,
) -> Option<InlayHint> {
    let annotated = name_pat
        .ancestors()
        .take_while(|n| n.kind().is_pattern())
        .any(|n| n.kind() == SyntaxKind::TYPED_PAT);
    if annotated {
        return None;
    }
    let name = name_pat.children().find(|c| c.kind() == SyntaxKind::NAME)?;
    let range = name.text_range();
    let ty = analysis.types.get(&(range - start))?;
    let text = name.text().to_string();
    Some(InlayHint {
        offset: range.end(),
        label: format!(": {ty}"),
        kind: InlayKind::Binding,
        tooltip: format!("The inferred type of `{text}`:\n```futhark\n{text}: {ty}\n```"),
    })
}

/// The result type of a `def` that does not write it.
fn definition_hint(
    decl: &SyntaxNode,
    analysis: &DeclAnalysis,
    start: TextSize,
) -> Option<InlayHint> {
    let (name, name_range) = decl_name(decl)?;
    let children: Vec<SyntaxNode> = decl.children().collect();
    if children.iter().any(|c| c.kind() == SyntaxKind::RET_TYPE) {
        return None;
    }
    let scheme = analysis.uses.iter().find_map(|u| match &u.target {
        NameTarget::Global { scheme, .. } if u.range + start == name_range => Some(scheme),
        _ => None,
    })?;
    let params: Vec<&SyntaxNode> = children.iter().filter(|c| c.kind().is_pattern()).collect();
    let after = params
        .last()
        .map_or(name_range.end(), |p| p.text_range().end());
    let result = strip_params(&scheme.ty, params.len());
    Some(InlayHint {
        offset: after,
        label: format!(": {result}"),
        kind: InlayKind::Result,
        tooltip: format!("The inferred result type of `{name}`:\n```futhark\n{result}\n```"),
    })
}

/// `[n=k]...` after a use of a function with size parameters (sizes
/// without a name, such as a `filter` result's, are left out).
fn size_hint(node: &SyntaxNode, args: &runic_sema::SizeArgs, start: TextSize) -> Option<InlayHint> {
    let sizes: Vec<(&String, String)> = args
        .sizes
        .iter()
        .map(|(n, s)| (n, s.to_string()))
        .filter(|(_, s)| !s.is_empty())
        .collect();
    if sizes.is_empty() {
        return None;
    }
    let range = args.range + start;
    let relative = std::ops::Range::<usize>::from(args.range);
    let text = node.text().to_string();
    let name = text.get(relative).unwrap_or("the function");
    let shown: Vec<String> = sizes.iter().map(|(n, s)| format!("[{n}={s}]")).collect();
    let listed: Vec<String> = sizes.iter().map(|(n, s)| format!("{n} = {s}")).collect();
    Some(InlayHint {
        offset: range.end(),
        label: shown.join(""),
        kind: InlayKind::SizeArguments,
        tooltip: format!(
            "The sizes inferred for the size parameters of `{name}` here: {}",
            listed.join(", ")
        ),
    })
}

/// The type after `n` parameters of a function type.
fn strip_params(ty: &Type, n: usize) -> &Type {
    match ty {
        Type::Arrow { ret, .. } if n > 0 => strip_params(ret, n - 1),
        other => other,
    }
}
