//! Type expressions: names and applications, arrays with sizes, tuples,
//! records, sum types, functions (with named parameters), uniqueness and
//! existential sizes.

use super::{decls, exprs, modules, Parser};
use crate::SyntaxKind::*;

/// A full type, function arrows included.
pub(super) fn ty(p: &mut Parser) {
    type_with(p, true);
}

/// A type; with `allow_arrow` false, a top-level `->` ends it (lambda return types).
pub(super) fn type_with(p: &mut Parser, allow_arrow: bool) {
    super::with_stack(|| type_with_unguarded(p, allow_arrow))
}

fn type_with_unguarded(p: &mut Parser, allow_arrow: bool) {
    if !p.enter() {
        return;
    }
    let checkpoint = p.checkpoint();
    if allow_arrow && p.at(L_PAREN) && p.nth(1) == IDENT && p.nth(2) == COLON {
        p.start_node(NAMED_PARAM_TYPE);
        p.bump();
        decls::binding_name(p);
        p.bump(); // :
        ty(p);
        p.expect(R_PAREN);
        p.finish_node();
        p.start_node_at(checkpoint, FUNCTION_TYPE);
        p.expect(ARROW);
        ty(p);
        p.finish_node();
    } else {
        non_arrow_type(p);
        if allow_arrow && p.at(ARROW) {
            p.start_node_at(checkpoint, FUNCTION_TYPE);
            p.bump();
            ty(p);
            p.finish_node();
        }
    }
    p.leave();
}

/// A type without a top-level arrow: sums, uniqueness, arrays, existentials, applications.
fn non_arrow_type(p: &mut Parser) {
    super::with_stack(|| non_arrow_type_unguarded(p))
}

fn non_arrow_type_unguarded(p: &mut Parser) {
    match p.current() {
        CONSTRUCTOR => sum_type(p),
        OPERATOR if p.current_text() == "*" => {
            p.start_node(UNIQUE_TYPE);
            p.bump();
            non_arrow_type(p);
            p.finish_node();
        }
        QUESTION => {
            p.start_node(EXISTENTIAL_TYPE);
            p.bump();
            while p.at(L_BRACK) {
                decls::size_param(p);
            }
            p.expect(DOT);
            ty(p);
            p.finish_node();
        }
        L_BRACK => {
            p.start_node(ARRAY_TYPE);
            dim(p);
            if p.enter() {
                non_arrow_type(p);
                p.leave();
            }
            p.finish_node();
        }
        _ => type_app(p),
    }
}

/// `[size]` or `[]`, as a `DIM` node.
fn dim(p: &mut Parser) {
    p.start_node(DIM);
    p.bump(); // [
    if !p.at(R_BRACK) {
        exprs::expr(p);
    }
    p.expect(R_BRACK);
    p.finish_node();
}

fn type_app(p: &mut Parser) {
    let checkpoint = p.checkpoint();
    type_atom(p);
    let mut applied = false;
    while at_type_arg_start(p) {
        if !applied {
            p.start_node_at(checkpoint, TYPE_APP);
            applied = true;
        }
        if p.at(L_BRACK) {
            p.start_node(SIZE_ARG);
            dim(p);
            p.finish_node();
        } else {
            type_atom(p);
        }
    }
    if applied {
        p.finish_node();
    }
}

fn at_type_arg_start(p: &Parser) -> bool {
    matches!(p.current(), IDENT | L_PAREN | L_BRACE | L_BRACK)
}

fn type_atom(p: &mut Parser) {
    match p.current() {
        IDENT => {
            p.start_node(PATH_TYPE);
            modules::path(p);
            p.finish_node();
        }
        L_PAREN => tuple_or_paren_type(p),
        L_BRACE => record_type(p),
        _ => p.recover_expected("a type"),
    }
}

fn tuple_or_paren_type(p: &mut Parser) {
    super::parenthesised(p, ty, PAREN_TYPE, TUPLE_TYPE);
}

fn record_type(p: &mut Parser) {
    super::record_fields(p, RECORD_TYPE, RECORD_TYPE_FIELD, |p| {
        if p.expect(COLON) {
            ty(p);
        }
    });
}

/// `#a t1 t2 | #b | ...`
fn sum_type(p: &mut Parser) {
    p.start_node(SUM_TYPE);
    loop {
        p.start_node(SUM_VARIANT);
        p.expect(CONSTRUCTOR);
        while at_type_arg_start(p) {
            // Array payloads such as `#v [3]f32`.
            if p.at(L_BRACK) {
                p.start_node(ARRAY_TYPE);
                dim(p);
                if p.enter() {
                    non_arrow_type_atomic(p);
                    p.leave();
                }
                p.finish_node();
            } else {
                type_atom(p);
            }
        }
        p.finish_node();
        if p.at_op("|") {
            p.bump();
        } else {
            break;
        }
    }
    p.finish_node();
}

/// Element type of an array payload in a sum variant: an array or an atom, no application.
fn non_arrow_type_atomic(p: &mut Parser) {
    super::with_stack(|| non_arrow_type_atomic_unguarded(p))
}

fn non_arrow_type_atomic_unguarded(p: &mut Parser) {
    if p.at(L_BRACK) {
        p.start_node(ARRAY_TYPE);
        dim(p);
        if p.enter() {
            non_arrow_type_atomic(p);
            p.leave();
        }
        p.finish_node();
    } else {
        type_atom(p);
    }
}
