//! Module expressions (`{...}`, paths, functor application and lambdas,
//! ascription, `import`) and module types (signatures, specs, `with`
//! refinements, functor types).

use super::{decls, types, Parser, DECL_START};
use crate::SyntaxKind::{self, *};

/// A module expression.
pub(super) fn mod_exp(p: &mut Parser) {
    super::with_stack(|| mod_exp_unguarded(p))
}

fn mod_exp_unguarded(p: &mut Parser) {
    if !p.enter() {
        return;
    }
    let checkpoint = p.checkpoint();
    if p.at(BACKSLASH) {
        p.start_node(MOD_LAMBDA);
        p.bump();
        while p.at(L_PAREN) {
            mod_param(p);
        }
        if p.at(COLON) {
            p.bump();
            sig_atom_with(p);
        }
        p.expect(ARROW);
        mod_exp(p);
        p.finish_node();
    } else {
        mod_app(p);
        while p.at(COLON) {
            p.start_node_at(checkpoint, MOD_ASCRIPTION);
            p.bump();
            sig_exp(p);
            p.finish_node();
        }
    }
    p.leave();
}

/// Whether an argument of a functor application starts here (`import` only
/// heads a module expression, so `open M import "x"` is two declarations).
fn at_mod_atom_start(p: &Parser) -> bool {
    matches!(p.current(), IDENT | L_PAREN | L_BRACE)
}

fn mod_app(p: &mut Parser) {
    let checkpoint = p.checkpoint();
    mod_atom(p);
    while at_mod_atom_start(p) {
        p.start_node_at(checkpoint, MOD_APP);
        mod_atom(p);
        p.finish_node();
    }
}

fn mod_atom(p: &mut Parser) {
    match p.current() {
        IDENT => {
            p.start_node(MOD_PATH);
            path(p);
            p.finish_node();
        }
        L_PAREN => {
            p.start_node(MOD_PAREN);
            p.bump();
            mod_exp(p);
            p.expect(R_PAREN);
            p.finish_node();
        }
        L_BRACE => {
            p.start_node(MOD_STRUCT);
            p.bump();
            while !p.at(R_BRACE) && !p.at(EOF) {
                decls::decl_or_recover(p, &[R_BRACE]);
            }
            p.expect(R_BRACE);
            p.finish_node();
        }
        IMPORT_KW => {
            p.start_node(MOD_IMPORT);
            p.bump();
            p.expect(STRING);
            p.finish_node();
        }
        _ => p.recover_expected("a module expression"),
    }
}

/// `(P: S)`: a functor parameter.
pub(super) fn mod_param(p: &mut Parser) {
    p.start_node(MOD_PARAM);
    p.bump(); // (
    decls::binding_name(p);
    p.expect(COLON);
    sig_exp(p);
    p.expect(R_PAREN);
    p.finish_node();
}

/// A qualified name `A.B.c` (also `A.B.+` for a qualified operator).
pub(super) fn path(p: &mut Parser) {
    p.start_node(PATH);
    p.bump();
    while p.at(DOT) && matches!(p.nth(1), IDENT) {
        p.bump();
        p.bump();
    }
    p.finish_node();
}

/// A module type.
pub(super) fn sig_exp(p: &mut Parser) {
    super::with_stack(|| sig_exp_unguarded(p))
}

fn sig_exp_unguarded(p: &mut Parser) {
    if !p.enter() {
        return;
    }
    let checkpoint = p.checkpoint();
    if p.at(L_PAREN) && p.nth(1) == IDENT && p.nth(2) == COLON {
        // (P: S) -> T
        mod_param(p);
        p.start_node_at(checkpoint, SIG_ARROW);
        p.expect(ARROW);
        sig_exp(p);
        p.finish_node();
    } else {
        sig_atom_with(p);
        if p.at(ARROW) {
            p.start_node_at(checkpoint, SIG_ARROW);
            p.bump();
            sig_exp(p);
            p.finish_node();
        }
    }
    p.leave();
}

/// A module type atom with any `with t = ...` refinements.
fn sig_atom_with(p: &mut Parser) {
    let checkpoint = p.checkpoint();
    sig_atom(p);
    while p.at(WITH_KW) {
        p.start_node_at(checkpoint, SIG_WITH);
        p.bump();
        if p.at(IDENT) {
            path(p);
        } else {
            p.recover_expected("a type name to refine");
        }
        decls::type_params(p);
        if p.expect(EQ) {
            types::ty(p);
        }
        p.finish_node();
    }
}

fn sig_atom(p: &mut Parser) {
    match p.current() {
        IDENT => {
            p.start_node(SIG_PATH);
            path(p);
            p.finish_node();
        }
        L_PAREN => {
            p.start_node(SIG_PAREN);
            p.bump();
            sig_exp(p);
            p.expect(R_PAREN);
            p.finish_node();
        }
        L_BRACE => {
            p.start_node(SIG_STRUCT);
            p.bump();
            while !p.at(R_BRACE) && !p.at(EOF) {
                spec_or_recover(p);
            }
            p.expect(R_BRACE);
            p.finish_node();
        }
        _ => p.recover_expected("a module type"),
    }
}

const SPEC_START: &[SyntaxKind] = &[VAL_KW, TYPE_KW, MODULE_KW, INCLUDE_KW, HASH_BRACK];

fn spec_or_recover(p: &mut Parser) {
    if p.at_any(SPEC_START) {
        spec(p);
        return;
    }
    let message = p.unexpected("a specification (`val`, `type`, `module` or `include`)");
    p.error(message);
    p.start_node(ERROR);
    p.bump();
    while !p.at(EOF) && !p.at(R_BRACE) && !p.at_any(SPEC_START) && !p.at_any(DECL_START) {
        p.bump();
    }
    p.finish_node();
}

fn spec(p: &mut Parser) {
    let checkpoint = p.checkpoint_with_docs();
    while p.at(HASH_BRACK) {
        decls::attr(p);
    }
    let kind = match p.current() {
        VAL_KW => {
            p.bump();
            if p.at(OPERATOR) {
                // `val +: t -> t -> t`: specs may name an operator bare.
                p.start_node(NAME);
                p.bump();
                p.finish_node();
            } else {
                decls::binding_name(p);
            }
            decls::type_params(p);
            if p.expect(COLON) {
                types::ty(p);
            }
            VAL_SPEC
        }
        TYPE_KW => {
            decls::type_keyword(p);
            decls::binding_name(p);
            decls::type_params(p);
            if p.eat(EQ) {
                types::ty(p);
            }
            TYPE_SPEC
        }
        MODULE_KW => {
            p.bump();
            decls::binding_name(p);
            if p.expect(COLON) {
                sig_exp(p);
            }
            MODULE_SPEC
        }
        INCLUDE_KW => {
            p.bump();
            sig_exp(p);
            INCLUDE_SPEC
        }
        _ => {
            p.error_expected("a specification after the attribute");
            ERROR
        }
    };
    p.start_node_at(checkpoint, kind);
    p.finish_node();
}
