//! Applications, operator chains and conditionals.
//!
//! An application wraps its arguments one a line (indented by two) when it
//! does not fit. A chain of the same operator (`a + b + c`, `xs |> f |> g`)
//! breaks before each operator; pipelines break without indentation, one
//! stage a line, and stay broken if the source broke them. `if` stays on one
//! line when it fits and the source had it on one line; otherwise `then`
//! and `else` start lines of their own, with `else if` kept together.

use runic_syntax::{SyntaxKind, SyntaxNode};

use crate::decls::body;
use crate::doc::Doc;
use crate::layout::{self, gap, multiline, space_if};
use crate::parts::{parts, rest_doc, Part};

/// `f a b c`. A last argument that is a lambda in parentheses hangs off
/// the line of the others (`map (\x ->` with the body below) instead of
/// taking lines of its own.
pub fn application(node: &SyntaxNode) -> Doc {
    let all = parts(node);
    let Some((f, args)) = all.parts.split_first() else {
        return layout::inline(&all);
    };
    let (args, hanging) = match args.split_last() {
        Some((last, init)) if is_paren_lambda(last) => (init, Some(last)),
        _ => (args, None),
    };
    let args = args
        .iter()
        .flat_map(|a| [Doc::line(), layout::part(a)])
        .collect::<Vec<_>>();
    let head = Doc::concat([layout::part(f), Doc::Concat(args).nest(2)]).group();
    let hanging = hanging.map_or(Doc::Nil, |last| {
        Doc::concat([Doc::text(" "), layout::part(last)])
    });
    Doc::concat([head, hanging, rest_doc(&all.rest)])
}

/// `(\x -> ...)` without comments around the lambda.
fn is_paren_lambda(part: &Part) -> bool {
    let Some(paren) = part.node().filter(|n| n.kind() == SyntaxKind::PAREN_EXPR) else {
        return false;
    };
    let inner = parts(paren);
    let comments = inner
        .parts
        .iter()
        .any(|p| !p.leading.is_empty() || p.trailing.is_some());
    inner.parts.len() == 3
        && inner.parts[1].kind() == SyntaxKind::LAMBDA_EXPR
        && !comments
        && inner.rest.is_empty()
}

/// `a op b op c`, flattened along the left spine for one operator.
pub fn binary(node: &SyntaxNode) -> Doc {
    let op = operator_text(node);
    let mut chain = Vec::new();
    flatten(node, &op, &mut chain);
    let Some((first, rest)) = chain.split_first() else {
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

/// Operands and operators of the chain of `op` rooted at `node`, in order.
/// A left operand with comments of its own is not flattened (its comments
/// would have nowhere to go).
fn flatten(node: &SyntaxNode, op: &str, out: &mut Vec<Part>) {
    let all = parts(node);
    let mut items = all.parts.into_iter();
    if let Some(first) = items.next() {
        match first.node() {
            Some(left)
                if left.kind() == SyntaxKind::BIN_EXPR
                    && operator_text(left) == op
                    && first.leading.is_empty()
                    && first.trailing.is_none()
                    && !is_right_assoc(op) =>
            {
                flatten(&left.clone(), op, out)
            }
            _ => out.push(first),
        }
    }
    out.extend(items);
}

/// `<|` groups to the right: its left operand is never a chain of itself.
fn is_right_assoc(op: &str) -> bool {
    op == "<|"
}

/// `if c then a else b`.
pub fn if_expr(node: &SyntaxNode) -> Doc {
    let all = parts(node);
    let mut docs = Vec::new();
    let mut prev: Option<&Part> = None;
    for p in &all.parts {
        let prev_kind = prev.map(|p| p.kind());
        docs.push(match (prev_kind, p.kind()) {
            (_, SyntaxKind::THEN_KW | SyntaxKind::ELSE_KW) => {
                Doc::concat([Doc::line(), layout::part(p)])
            }
            (Some(SyntaxKind::ELSE_KW), SyntaxKind::IF_EXPR) | (Some(SyntaxKind::IF_KW), _) => {
                Doc::concat([Doc::text(" "), layout::part(p)])
            }
            (Some(SyntaxKind::THEN_KW | SyntaxKind::ELSE_KW), _) => body(p),
            (Some(_), _) => Doc::concat([space_if(gap(prev.unwrap(), p)), layout::part(p)]),
            (None, _) => layout::part(p),
        });
        prev = Some(p);
    }
    docs.push(rest_doc(&all.rest));
    Doc::Concat(docs).group_if_broken(multiline(&else_if_root(node)))
}

/// The first `if` of an `else if` chain `node` belongs to: the chain breaks
/// as one.
fn else_if_root(node: &SyntaxNode) -> SyntaxNode {
    let mut root = node.clone();
    while let Some(parent) = root.parent() {
        let is_else_branch = parent.kind() == SyntaxKind::IF_EXPR
            && parent.last_child().as_ref() == Some(&root)
            && root.kind() == SyntaxKind::IF_EXPR;
        if !is_else_branch {
            break;
        }
        root = parent;
    }
    root
}
