//! The dispatch from node kinds to their layouts, and the generic layout
//! that every construct without one of its own gets.
//!
//! The generic layout keeps the node's parts on one line and decides each
//! gap by [`gap`]: no space inside brackets or before a comma, one space
//! after a comma and around `=`, `->`, `:>` and (mostly) `:`, otherwise a
//! space exactly where the source had whitespace, since some tokens must
//! keep touching (`a[i]` indexes, `a [i]` applies).

use runic_syntax::{SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken};

use crate::doc::Doc;
use crate::parts::{parts, rest_doc, Part, Parts};
use crate::{bindings, collections, decls, exprs, types};

/// The layout of any node.
pub fn node(node: &SyntaxNode) -> Doc {
    use SyntaxKind::*;
    match node.kind() {
        VALUE_DECL => decls::value_decl(node),
        TYPE_DECL | MODULE_DECL | MODULE_TYPE_DECL => decls::binding_decl(node),
        MOD_STRUCT | SIG_STRUCT => decls::structure(node),
        APP_EXPR => exprs::application(node),
        BIN_EXPR => exprs::binary(node),
        UPDATE_EXPR | RECORD_UPDATE_EXPR => exprs::update(node),
        ATTR_EXPR => exprs::attributed(node),
        IF_EXPR => exprs::if_expr(node),
        TUPLE_EXPR | RECORD_EXPR | ARRAY_EXPR | TUPLE_TYPE | RECORD_TYPE | TUPLE_PAT
        | RECORD_PAT => collections::collection(node),
        SUM_TYPE => types::sum_type(node),
        FUNCTION_TYPE => types::function_type(node),
        LET_EXPR | LET_FUN_EXPR | LET_UPDATE_EXPR => bindings::let_expr(node),
        LOOP_EXPR => bindings::loop_expr(node),
        LAMBDA_EXPR => bindings::lambda(node),
        MATCH_EXPR => bindings::match_expr(node),
        MATCH_CASE => bindings::match_case(node),
        _ => generic(node),
    }
}

/// A part's own layout (a token's text, a node's layout), without comments.
pub fn elem(elem: &SyntaxElement) -> Doc {
    match elem {
        SyntaxElement::Token(token) => Doc::text(token.text()),
        SyntaxElement::Node(child) => node(child),
    }
}

/// A part with its comments.
pub fn part(part: &Part) -> Doc {
    part.wrap(elem(&part.elem), false)
}

/// Parts on one line, gaps decided by [`gap`].
pub fn generic(node: &SyntaxNode) -> Doc {
    inline(&parts(node))
}

/// Parts on one line, gaps decided by [`gap`], then the comments left over.
pub fn inline(parts: &Parts) -> Doc {
    join(parts, |prev, next| space_if(gap(prev, next)))
}

/// Parts with a separator between each two, chosen by `sep(prev, next)`,
/// then the comments left over.
pub fn join(parts: &Parts, sep: impl Fn(&Part, &Part) -> Doc) -> Doc {
    let mut docs = Vec::new();
    for (i, p) in parts.parts.iter().enumerate() {
        if i > 0 {
            docs.push(sep(&parts.parts[i - 1], p));
        }
        docs.push(part(p));
    }
    docs.push(rest_doc(&parts.rest));
    Doc::Concat(docs)
}

/// A space if `space`.
pub fn space_if(space: bool) -> Doc {
    if space {
        Doc::text(" ")
    } else {
        Doc::Nil
    }
}

/// Whether a space goes between two neighbouring parts.
pub fn gap(prev: &Part, next: &Part) -> bool {
    let (Some(a), Some(b)) = (prev.last_token(), next.first_token()) else {
        return next.spaced;
    };
    use SyntaxKind::*;
    match (a.kind(), b.kind()) {
        (L_PAREN | L_BRACK | L_BRACE | HASH_BRACK, _) => false,
        (_, R_PAREN | R_BRACK | R_BRACE | COMMA) => false,
        (COMMA | EQ | ARROW | COLON_GT, _) | (_, EQ | ARROW | COLON_GT) => true,
        (COLON, _) => colon_spacing(&a).unwrap_or(next.spaced),
        (_, COLON) => colon_spacing(&b).map_or(next.spaced, |_| space_before_colon(&b)),
        _ => next.spaced,
    }
}

/// `Some(true)` where a colon takes a space after it, `None` where the
/// source's spacing stays (slices).
fn colon_spacing(colon: &SyntaxToken) -> Option<bool> {
    match colon.parent().map(|p| p.kind()) {
        Some(SyntaxKind::SLICE_RANGE) => None,
        _ => Some(true),
    }
}

/// `x: t` in typed patterns and fields, `f : t` elsewhere (return types,
/// specs, ascriptions).
fn space_before_colon(colon: &SyntaxToken) -> bool {
    use SyntaxKind::*;
    !matches!(
        colon.parent().map(|p| p.kind()),
        Some(TYPED_PAT | RECORD_TYPE_FIELD | NAMED_PARAM_TYPE | MOD_PARAM | RECORD_PAT_FIELD)
    )
}

/// The parts of `node`, with those of its first child spliced in (and
/// theirs, recursively) while that child satisfies `splice` and has no
/// comments of its own: the operands of `a + b + c`, the updates of
/// `r with a = x with b = y`.
pub fn flatten_left(node: &SyntaxNode, splice: &dyn Fn(&SyntaxNode) -> bool) -> Parts {
    let all = parts(node);
    let mut items = all.parts.into_iter();
    let mut out = Parts::default();
    if let Some(first) = items.next() {
        let plain = first.leading.is_empty() && first.trailing.is_none() && first.hang.is_none();
        match first.node() {
            Some(inner) if plain && splice(inner) => out = flatten_left(inner, splice),
            _ => out.parts.push(first),
        }
    }
    out.parts.extend(items);
    out.rest.extend(all.rest);
    out
}

/// Whether the source text of `node` spans several lines: such constructs
/// stay broken, as `futhark fmt` keeps them.
pub fn multiline(node: &SyntaxNode) -> bool {
    node.text().contains_char('\n')
}
