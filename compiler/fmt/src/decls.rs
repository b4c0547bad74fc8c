//! Declarations: `def`/`entry`/`let` definitions, `type`, `module` and
//! `module type` bindings, and the bodies of modules and signatures.
//!
//! A definition's head stays on one line while it fits (parameters wrap,
//! indented by four); its body follows `=` on the same line when it fits
//! there and the source had it there, and goes on the next line indented by
//! two otherwise. Module and signature bodies put one declaration per line,
//! indented by two, with the source's blank lines between them (at most
//! one), unless the source had the whole body on one line and it fits.

use runic_syntax::{SyntaxKind, SyntaxNode};

use crate::doc::Doc;
use crate::layout::{self, gap, multiline};
use crate::parts::{parts, rest_doc, Part};

/// `def f params : t = body`, attributes on lines of their own.
pub fn value_decl(node: &SyntaxNode) -> Doc {
    let (comments, parts) = hoist_comments(node);
    let attrs = parts
        .iter()
        .take_while(|p| p.kind() == SyntaxKind::ATTR)
        .count();
    let mut docs = vec![comments];
    for attr in &parts[..attrs] {
        docs.extend([layout::part(attr), Doc::Hard]);
    }
    docs.push(equation(&parts[attrs..], body));
    Doc::Concat(docs)
}

/// `type t = ...`, `module M = ...`, `module type S = ...`.
pub fn binding_decl(node: &SyntaxNode) -> Doc {
    let (comments, parts) = hoist_comments(node);
    let hangs = node.kind() != SyntaxKind::TYPE_DECL;
    let rhs = |p: &Part| match hangs {
        true => Doc::concat([Doc::text(" "), layout::part(p)]),
        false => body(p),
    };
    Doc::concat([comments, equation(&parts, rhs)])
}

/// A declaration's parts, the doc comments above it taken off its first
/// part and laid out on lines of their own.
fn hoist_comments(node: &SyntaxNode) -> (Doc, Vec<Part>) {
    let mut parts = parts(node).parts;
    let Some(first) = parts.first_mut() else {
        return (Doc::Nil, parts);
    };
    let above = Part {
        trailing: None,
        hang: None,
        ..first.clone()
    };
    first.leading.clear();
    first.blank_before = false;
    (above.wrap(Doc::Nil, true), parts)
}

/// A head, `=` and a right-hand side laid out by `rhs`; without `=`, the
/// head alone.
fn equation(parts: &[Part], rhs: impl Fn(&Part) -> Doc) -> Doc {
    let Some(eq) = parts.iter().position(|p| p.kind() == SyntaxKind::EQ) else {
        return head(parts);
    };
    let mut docs = vec![head(&parts[..eq]), Doc::text(" "), layout::part(&parts[eq])];
    docs.extend(parts[eq + 1..].iter().map(&rhs));
    Doc::Concat(docs)
}

/// Keyword, name and parameters: as many parameters a line as fit, the
/// following lines indented by four. Parameters (nodes) are always spaced;
/// keyword tokens (`type~`) keep the generic gaps.
pub fn head(parts: &[Part]) -> Doc {
    let mut docs = Vec::new();
    for (i, p) in parts.iter().enumerate() {
        let prev = &parts[i.saturating_sub(1)];
        let sizes = [prev.kind(), p.kind()] == [SyntaxKind::SIZE_PARAM; 2];
        let spaced = (p.node().is_some() && !sizes) || gap(prev, p);
        docs.push(match i {
            0 => layout::part(p),
            1 => Doc::concat([layout::space_if(spaced), layout::part(p)]),
            _ if spaced => Doc::concat([Doc::line(), layout::part(p)]).group(),
            _ => layout::part(p),
        });
    }
    Doc::Concat(docs).nest(4)
}

/// A body after `=`: on the same line if it fits and was there in the
/// source, else on the next, indented by two.
pub fn body(part: &Part) -> Doc {
    Doc::concat([Doc::line(), layout::part(part)])
        .nest(2)
        .group_if_broken(part.broken_before)
}

/// `{ decl ... }` of a module or signature: one item a line, unless the
/// source had it all on one line and it fits there.
pub fn structure(node: &SyntaxNode) -> Doc {
    let all = parts(node);
    let (Some(open), Some(close)) = (all.parts.first(), all.parts.last()) else {
        return layout::inline(&all);
    };
    let items = &all.parts[1..all.parts.len() - 1];
    let empty = items.is_empty() && close.leading.is_empty() && open.trailing.is_none();
    if empty || close.kind() != SyntaxKind::R_BRACE {
        return layout::inline(&all);
    }
    let mut inner = vec![Doc::line(), sequence(items)];
    if !close.leading.is_empty() {
        if !items.is_empty() {
            inner.push(Doc::Hard);
        }
        inner.push(rest_doc(&close.leading));
    }
    Doc::concat([
        layout::part(open),
        Doc::Concat(inner).nest(2),
        Doc::line(),
        Doc::text("}"),
        close.trailing_doc(),
    ])
    .group_if_broken(multiline(node))
}

/// Items one a line, keeping single blank lines between them.
pub fn sequence(items: &[Part]) -> Doc {
    let mut docs = Vec::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 && item.hang.is_none() {
            docs.push(Doc::line());
            if item.blank_above() {
                docs.push(Doc::Hard);
            }
        }
        docs.push(item.wrap(layout::elem(&item.elem), true));
    }
    Doc::Concat(docs)
}
