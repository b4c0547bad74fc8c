//! Patterns: names, wildcards, literals, tuples, records, constructors,
//! type ascriptions and attributes.

use super::{decls, types, Parser};
use crate::SyntaxKind::*;

/// Whether an atomic pattern (a function parameter) starts here.
pub(super) fn at_atomic_pattern_start(p: &Parser) -> bool {
    matches!(
        p.current(),
        IDENT | UNDERSCORE | L_PAREN | L_BRACE | HASH_BRACK
    )
}

/// Whether a function or lambda parameter starts here: an atomic pattern,
/// a literal or a constructor without payload (the checker refuses the
/// last two as refutable, as Futhark does).
pub(super) fn at_param_start(p: &Parser) -> bool {
    at_atomic_pattern_start(p) || p.at(CONSTRUCTOR) || (at_literal_start(p) && !p.at(OPERATOR))
}

/// A full pattern: constructor application or an atomic pattern, with an
/// optional `: type` (whose arrows are allowed only when `allow_arrow`).
pub(super) fn pattern_with(p: &mut Parser, allow_arrow: bool) {
    super::with_stack(|| pattern_with_unguarded(p, allow_arrow))
}

fn pattern_with_unguarded(p: &mut Parser, allow_arrow: bool) {
    if !p.enter() {
        return;
    }
    let checkpoint = p.checkpoint();
    if p.at(CONSTRUCTOR) {
        p.start_node(CONSTRUCTOR_PAT);
        p.bump();
        while at_atomic_pattern_start(p) || at_literal_start(p) || p.at(CONSTRUCTOR) {
            atomic_pattern(p);
        }
        p.finish_node();
    } else {
        atomic_pattern(p);
    }
    if p.at(COLON) {
        p.start_node_at(checkpoint, TYPED_PAT);
        p.bump();
        types::type_with(p, allow_arrow);
        p.finish_node();
    }
    p.leave();
}

pub(super) fn pattern(p: &mut Parser) {
    pattern_with(p, true);
}

fn at_literal_start(p: &Parser) -> bool {
    matches!(
        p.current(),
        INT_NUMBER | FLOAT_NUMBER | CHAR | STRING | TRUE_KW | FALSE_KW
    ) || (p.at_op("-") && matches!(p.nth(1), INT_NUMBER | FLOAT_NUMBER))
}

pub(super) fn atomic_pattern(p: &mut Parser) {
    super::with_stack(|| atomic_pattern_unguarded(p))
}

fn atomic_pattern_unguarded(p: &mut Parser) {
    if !p.enter() {
        return;
    }
    match p.current() {
        IDENT => {
            p.start_node(NAME_PAT);
            decls::binding_name(p);
            p.finish_node();
        }
        UNDERSCORE => {
            p.start_node(WILDCARD_PAT);
            p.bump();
            p.finish_node();
        }
        CONSTRUCTOR => {
            p.start_node(CONSTRUCTOR_PAT);
            p.bump();
            p.finish_node();
        }
        HASH_BRACK => {
            p.start_node(ATTR_PAT);
            decls::attr(p);
            atomic_pattern(p);
            p.finish_node();
        }
        L_PAREN if p.nth(1) == OPERATOR && p.nth(2) == R_PAREN => {
            p.start_node(NAME_PAT);
            decls::binding_name(p);
            p.finish_node();
        }
        L_PAREN => tuple_or_paren_pattern(p),
        L_BRACE => record_pattern(p),
        _ if at_literal_start(p) => {
            p.start_node(LITERAL_PAT);
            if p.at(OPERATOR) {
                p.bump();
            }
            p.bump();
            p.finish_node();
        }
        _ => p.recover_expected("a pattern"),
    }
    p.leave();
}

fn tuple_or_paren_pattern(p: &mut Parser) {
    super::parenthesised(p, pattern, PAREN_PAT, TUPLE_PAT);
}

/// `{a, b = p, c: t}`
fn record_pattern(p: &mut Parser) {
    super::record_fields(p, RECORD_PAT, RECORD_PAT_FIELD, |p| {
        if p.eat(EQ) {
            pattern(p);
        } else if p.eat(COLON) {
            types::ty(p);
        }
    });
}
