//! Applications, operator chains and conditionals.
//!
//! An application that does not fit puts its arguments one a line, aligned
//! under the first (or indented by two after a long function name). A chain of the same operator (`a + b + c`, `xs |> f |> g`)
//! breaks before each operator; pipelines break without indentation, one
//! stage a line, and stay broken if the source broke them. `if` stays on one
//! line when it fits and the source had it on one line; otherwise `then`
//! and `else` start lines of their own, with `else if` kept together.
//! Chains of `with` updates break before each `with`; an attribute keeps
//! the expression on its line unless the source put it below.

use runic_syntax::{SyntaxKind, SyntaxNode};

use crate::decls::body;
use crate::doc::Doc;
use crate::layout::{self, gap, multiline, space_if};
use crate::parts::{parts, rest_doc, Part};

/// `f a b c`. When it does not fit, the arguments go one a line, aligned
/// under the first (`map (\x -> ...)` then `xs` below `(`), or, after a long
/// function name, indented by two on the lines below it.
pub fn application(node: &SyntaxNode) -> Doc {
    let all = parts(node);
    let Some((f, args_parts)) = all.parts.split_first() else {
        return layout::inline(&all);
    };
    let args = args_parts.iter().enumerate().flat_map(|(i, a)| {
        let sep = if i == 0 { Doc::Nil } else { Doc::line() };
        [sep, layout::part(a)]
    });
    let args = Doc::concat(args);
    // A comment before the first argument would end up on `f`'s line,
    // trailing it, and the next pass would lay the call out otherwise.
    let comment_first = args_parts.first().is_some_and(|a| !a.leading.is_empty());
    let laid_out = if is_short(f) && !comment_first {
        Doc::concat([layout::part(f), Doc::text(" "), args.align()])
    } else {
        Doc::concat([layout::part(f), Doc::concat([Doc::line(), args]).nest(2)])
    };
    Doc::concat([laid_out.group(), rest_doc(&all.rest)])
}

/// Whether arguments aligned after `f` still leave room on the line.
/// Judged by `f` as formatted, not as written: a line break inside `f`
/// that formatting removes must not change the layout of the next pass.
fn is_short(f: &Part) -> bool {
    if !f.leading.is_empty() || f.trailing.is_some() {
        return false;
    }
    // Formatting keeps every character but whitespace: a head with more
    // than 16 others is long without being rendered (heads nest).
    let source = f.elem.to_string();
    if source.chars().filter(|c| !c.is_whitespace()).count() > 16 {
        return false;
    }
    let text = crate::doc::render(&layout::part(f));
    !text.trim_end().contains('\n') && text.trim_end().len() <= 16
}

/// `a op b op c`, flattened along the left spine for one operator.
pub fn binary(node: &SyntaxNode) -> Doc {
    let op = operator_text(node);
    let same_op = |inner: &SyntaxNode| {
        inner.kind() == SyntaxKind::BIN_EXPR && operator_text(inner) == op && !is_right_assoc(&op)
    };
    let all = layout::flatten_left(node, &same_op);
    let Some((first, rest)) = all.parts.split_first() else {
        return layout::generic(node);
    };
    let mut tail = Vec::new();
    for pair in rest.chunks(2) {
        tail.push(Doc::line());
        tail.push(layout::part(&pair[0]));
        if let Some(operand) = pair.get(1) {
            tail.push(Doc::text(" "));
            tail.push(layout::part(operand));
        }
    }
    tail.push(rest_doc(&all.rest));
    let tail = Doc::Concat(tail);
    if is_pipe(&op) {
        Doc::concat([layout::part(first), tail]).group_if_broken(multiline(node))
    } else {
        Doc::concat([layout::part(first), tail.nest(2)]).group()
    }
}

fn is_pipe(op: &str) -> bool {
    op == "|>"
}

/// The operator of a `BIN_EXPR`, as written (without trivia).
fn operator_text(node: &SyntaxNode) -> String {
    node.children()
        .find(|c| c.kind() == SyntaxKind::BIN_OP)
        .map(|op| {
            crate::parts::significant_tokens(&op)
                .map(|t| t.text().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// `<|` groups to the right: its left operand is never a chain of itself.
fn is_right_assoc(op: &str) -> bool {
    op == "<|"
}

/// `if c then a else b`; an `else if` chain is one group, broken as a
/// whole.
pub fn if_expr(node: &SyntaxNode) -> Doc {
    if_chain(node).group_if_broken(multiline(node))
}

/// The parts of an `if` and of the `if`s in its `else` branches, without
/// a group of their own.
fn if_chain(node: &SyntaxNode) -> Doc {
    let all = parts(node);
    let mut docs = Vec::new();
    let mut prev: Option<&Part> = None;
    for p in &all.parts {
        let prev_kind = prev.map(|p| p.kind());
        docs.push(match (prev_kind, p.kind()) {
            (_, SyntaxKind::THEN_KW | SyntaxKind::ELSE_KW) => {
                Doc::concat([Doc::line(), layout::part(p)])
            }
            (Some(SyntaxKind::ELSE_KW), SyntaxKind::IF_EXPR) => {
                let chain = p.node().map_or(Doc::Nil, if_chain);
                Doc::concat([Doc::text(" "), p.wrap(chain, false)])
            }
            (Some(SyntaxKind::IF_KW), _) => Doc::concat([Doc::text(" "), layout::part(p)]),
            (Some(SyntaxKind::THEN_KW | SyntaxKind::ELSE_KW), _) => body(p),
            (Some(_), _) => Doc::concat([space_if(gap(prev.unwrap(), p)), layout::part(p)]),
            (None, _) => layout::part(p),
        });
        prev = Some(p);
    }
    docs.push(rest_doc(&all.rest));
    Doc::Concat(docs)
}

/// `xs with [i] = v with [j] = w`, `r with a = x with b = y`: a chain of
/// updates breaks before each `with` but the first (indented by two) when
/// it does not fit or the source broke it.
pub fn update(node: &SyntaxNode) -> Doc {
    let chain = layout::flatten_left(node, &|inner| is_update(inner.kind()));
    let first_with = chain.parts.iter().find(|p| p.kind() == SyntaxKind::WITH_KW);
    let first_with = first_with.map(|p| p.elem.text_range());
    let doc = layout::join(&chain, |prev, next| match next.kind() {
        SyntaxKind::WITH_KW if Some(next.elem.text_range()) != first_with => Doc::line(),
        _ => space_if(gap(prev, next)),
    });
    doc.nest(2).group_if_broken(multiline(node))
}

fn is_update(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        SyntaxKind::UPDATE_EXPR | SyntaxKind::RECORD_UPDATE_EXPR
    )
}

/// `#[attr] e`: the expression stays on the attribute's line unless the
/// source put it on the next.
pub fn attributed(node: &SyntaxNode) -> Doc {
    layout::join(&parts(node), |prev, next| {
        if prev.kind() == SyntaxKind::ATTR && next.broken_before {
            Doc::Hard
        } else {
            space_if(gap(prev, next))
        }
    })
}
