//! Constructs that bind names around a body: `let` (all three forms),
//! `loop`, lambdas and `match`.
//!
//! A `let` chain puts one binding a line and `in` at the start of the line
//! under its `let` (or, in a chain of `let ... in` written that way, at the
//! end of each binding's line); a value too long for its line moves under
//! the `let`, indented by two. `loop ... do`, `\x ->` and `case p ->` end their line
//! when the body does not fit after them; the body is indented by two. Each
//! construct stays on one line if it fits and the source had it on one.

use runic_syntax::{SyntaxKind, SyntaxNode};

use crate::decls::body;
use crate::doc::Doc;
use crate::layout::{self, multiline};
use crate::parts::{parts, rest_doc, Part, Parts};

/// `let p = v in e`, `let f x = v in e`, `let a[i] = v in e`; `in` is
/// absent before a further `let`, and ends the line when one follows
/// (`let a = x in` above `let b = y in`).
pub fn let_expr(node: &SyntaxNode) -> Doc {
    let all = parts(node);
    let Some(eq) = position(&all, SyntaxKind::EQ) else {
        return layout::inline(&all);
    };
    let Some(value) = all.parts.get(eq + 1) else {
        return layout::inline(&all);
    };
    let binding = Doc::concat([
        head(&all.parts[..eq]),
        Doc::text(" "),
        layout::part(&all.parts[eq]),
        body(value),
    ]);
    let rest = &all.parts[eq + 2..];
    let tail = match rest {
        [in_kw, body]
            if in_kw.kind() == SyntaxKind::IN_KW
                && (is_let(body.kind()) || ends_in_chain(node)) =>
        {
            Doc::concat([
                Doc::text(" "),
                layout::part(in_kw),
                Doc::line(),
                layout::part(body),
            ])
        }
        [in_kw, body] if in_kw.kind() == SyntaxKind::IN_KW => Doc::concat([
            Doc::line(),
            layout::part(in_kw),
            Doc::text(" "),
            layout::part(body).nest(3),
        ]),
        [next] => Doc::concat([
            Doc::Hard,
            if next.blank_above() {
                Doc::Hard
            } else {
                Doc::Nil
            },
            next.wrap(layout::elem(&next.elem), true),
        ]),
        _ => Doc::concat(
            rest.iter()
                .map(|p| Doc::concat([Doc::text(" "), layout::part(p)])),
        ),
    };
    let broken = multiline(node) || continues_chain(node);
    Doc::concat([binding, tail, rest_doc(&all.rest)]).group_if_broken(broken)
}

fn is_let(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        SyntaxKind::LET_EXPR | SyntaxKind::LET_FUN_EXPR | SyntaxKind::LET_UPDATE_EXPR
    )
}

/// Whether `node` is the body of a `let` with `in` (`let a = x in let b =
/// y in e`): each `in` of such a chain ends its line.
fn ends_in_chain(node: &SyntaxNode) -> bool {
    node.parent().is_some_and(|parent| {
        is_let(parent.kind())
            && parent.last_child().as_ref() == Some(node)
            && parent
                .children_with_tokens()
                .any(|e| e.kind() == SyntaxKind::IN_KW)
    })
}

/// Whether `node` is the body of a `let` without `in` (`let a = x let b =
/// y in e`): a chain of bindings is one a line.
fn continues_chain(node: &SyntaxNode) -> bool {
    node.parent().is_some_and(|parent| {
        is_let(parent.kind())
            && parent.last_child().as_ref() == Some(node)
            && !parent
                .children_with_tokens()
                .any(|e| e.kind() == SyntaxKind::IN_KW)
    })
}

/// `loop p = init for i < n do body`; a head too long for its line breaks
/// before `for`/`while`.
pub fn loop_expr(node: &SyntaxNode) -> Doc {
    headed_body(node, SyntaxKind::DO_KW)
}

fn is_loop_form(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        SyntaxKind::FOR_LT_FORM | SyntaxKind::FOR_IN_FORM | SyntaxKind::WHILE_FORM
    )
}

/// `\p q : t -> body`.
pub fn lambda(node: &SyntaxNode) -> Doc {
    headed_body(node, SyntaxKind::ARROW)
}

/// `case p -> body`.
pub fn match_case(node: &SyntaxNode) -> Doc {
    headed_body(node, SyntaxKind::ARROW)
}

/// `match e case ... case ...`: cases one a line unless all fit on one
/// (and the source had them on one).
pub fn match_expr(node: &SyntaxNode) -> Doc {
    let cases = layout::join(&parts(node), |_, next| match next.kind() {
        SyntaxKind::MATCH_CASE => Doc::line(),
        _ => Doc::text(" "),
    });
    cases.group_if_broken(multiline(node))
}

/// A head up to the keyword `kw`, the keyword, then the body (on the next
/// line, indented, unless it fits).
fn headed_body(node: &SyntaxNode, kw: SyntaxKind) -> Doc {
    let all = parts(node);
    let Some(at) = position(&all, kw) else {
        return layout::inline(&all);
    };
    let body = Doc::concat(
        all.parts[at + 1..]
            .iter()
            .flat_map(|p| [Doc::line(), layout::part(p)]),
    );
    Doc::concat([
        head(&all.parts[..at]),
        Doc::text(" "),
        layout::part(&all.parts[at]),
        body.nest(2),
        rest_doc(&all.rest),
    ])
    .group_if_broken(multiline(node))
}

/// Parts on one line with the generic gaps, except that a loop's form
/// (`for ...`, `while ...`) moves to the next line if the head is too long.
fn head(parts: &[Part]) -> Doc {
    let Some(form) = parts.iter().position(|p| is_loop_form(p.kind())) else {
        return inline(parts);
    };
    Doc::concat([inline(&parts[..form]), Doc::line(), inline(&parts[form..])]).group()
}

fn inline(parts: &[Part]) -> Doc {
    layout::inline(&Parts {
        parts: parts.to_vec(),
        rest: Vec::new(),
    })
}

fn position(parts: &Parts, kind: SyntaxKind) -> Option<usize> {
    parts.parts.iter().position(|p| p.kind() == kind)
}
