//! Declarations: `def`/`let`/`entry`, `type`, `module`, `module type`,
//! `open`, `import`, `local`, `include`, and attributes on them.

use super::{exprs, modules, patterns, types, Parser, DECL_START};
use crate::SyntaxKind::*;

pub(super) fn source_file(p: &mut Parser) {
    while !p.at(EOF) {
        decl_or_recover(p, &[]);
    }
}

/// Parses one declaration; on anything else, skips tokens into an error node
/// until a declaration (or one of `stop`) starts.
pub(super) fn decl_or_recover(p: &mut Parser, stop: &[crate::SyntaxKind]) {
    if p.at_any(DECL_START) {
        decl(p);
        return;
    }
    let message = p.unexpected("a declaration");
    p.error(message);
    p.start_node(ERROR);
    while !p.at(EOF) && !p.at_any(DECL_START) && !p.at_any(stop) {
        p.bump();
    }
    p.finish_node();
}

pub(super) fn decl(p: &mut Parser) {
    super::with_stack(|| decl_unguarded(p))
}

fn decl_unguarded(p: &mut Parser) {
    if !p.enter() {
        return;
    }
    let checkpoint = p.checkpoint_with_docs();
    while p.at(HASH_BRACK) {
        attr(p);
    }
    let kind = match p.current() {
        DEF_KW | LET_KW | ENTRY_KW => {
            value_decl(p);
            VALUE_DECL
        }
        TYPE_KW => {
            type_decl(p);
            TYPE_DECL
        }
        MODULE_KW if p.nth(1) == TYPE_KW => {
            module_type_decl(p);
            MODULE_TYPE_DECL
        }
        MODULE_KW => {
            module_decl(p);
            MODULE_DECL
        }
        OPEN_KW => {
            p.bump();
            modules::mod_exp(p);
            OPEN_DECL
        }
        IMPORT_KW => {
            p.bump();
            p.expect(STRING);
            IMPORT_DECL
        }
        INCLUDE_KW => {
            p.bump();
            modules::mod_exp(p);
            INCLUDE_DECL
        }
        LOCAL_KW => {
            p.bump();
            if p.at_any(DECL_START) {
                decl(p);
            } else {
                p.error_expected("a declaration after `local`");
            }
            LOCAL_DECL
        }
        _ => {
            p.error_expected("a declaration after the attribute");
            ERROR
        }
    };
    p.start_node_at(checkpoint, kind);
    p.finish_node();
    p.leave();
}

/// `#[name]`, `#[name(args)]`, ... : an attribute.
pub(super) fn attr(p: &mut Parser) {
    p.start_node(ATTR);
    p.bump(); // #[
    attr_item(p);
    p.expect(R_BRACK);
    p.finish_node();
}

fn attr_item(p: &mut Parser) {
    p.start_node(ATTR_ITEM);
    match p.current() {
        IDENT | INT_NUMBER | STRING => {
            p.bump();
            if p.at(L_PAREN) {
                p.bump();
                while !p.at(R_PAREN) && !p.at(EOF) && !p.at(R_BRACK) {
                    attr_item(p);
                    if !p.eat(COMMA) {
                        break;
                    }
                }
                p.expect(R_PAREN);
            }
        }
        _ if p.current().is_keyword() => p.bump(),
        _ => p.recover_expected("an attribute"),
    }
    p.finish_node();
}

/// `def name tparams params [: type] = exp`, also the infix form `def x <op> y = exp`.
fn value_decl(p: &mut Parser) {
    p.bump(); // def / let / entry
    if infix_definition_ahead(p) {
        patterns::atomic_pattern(p);
        p.start_node(NAME);
        p.bump();
        p.finish_node();
        patterns::atomic_pattern(p);
    } else {
        binding_name(p);
        type_params(p);
        while patterns::at_param_start(p) {
            patterns::atomic_pattern(p);
        }
    }
    ret_type(p, true);
    if p.expect(EQ) {
        exprs::expr(p);
    }
}

/// Whether the definition is written infix: `def x +^ y = ...`.
fn infix_definition_ahead(p: &Parser) -> bool {
    match p.current() {
        IDENT | UNDERSCORE => p.nth(1) == OPERATOR,
        L_PAREN if p.nth(1) != OPERATOR => {
            let mut depth = 0usize;
            for n in 0.. {
                match p.nth(n) {
                    L_PAREN | L_BRACK | L_BRACE => depth += 1,
                    R_PAREN | R_BRACK | R_BRACE => {
                        depth -= 1;
                        if depth == 0 {
                            return p.nth(n + 1) == OPERATOR;
                        }
                    }
                    EOF | EQ | DEF_KW | ENTRY_KW => return false,
                    _ => {}
                }
            }
            false
        }
        _ => false,
    }
}

/// The name being bound: an identifier or a parenthesised operator `(+^)`.
pub(super) fn binding_name(p: &mut Parser) {
    match p.current() {
        IDENT => {
            p.start_node(NAME);
            p.bump();
            p.finish_node();
        }
        L_PAREN if p.nth(1) == OPERATOR && p.nth(2) == R_PAREN => {
            p.start_node(NAME);
            p.bump();
            p.bump();
            p.bump();
            p.finish_node();
        }
        _ => p.recover_expected("a name"),
    }
}

/// Type and size parameters: `'a`, `'^a`, `'~a`, `[n]`.
pub(super) fn type_params(p: &mut Parser) {
    loop {
        match p.current() {
            APOSTROPHE | APOSTROPHE_CARET | APOSTROPHE_TILDE => {
                p.start_node(TYPE_PARAM);
                p.bump();
                binding_name(p);
                p.finish_node();
            }
            L_BRACK if p.nth(1) == IDENT && p.nth(2) == R_BRACK => size_param(p),
            _ => break,
        }
    }
}

pub(super) fn size_param(p: &mut Parser) {
    p.start_node(SIZE_PARAM);
    p.bump();
    binding_name(p);
    p.expect(R_BRACK);
    p.finish_node();
}

/// `: type` before the `=` of a definition.
pub(super) fn ret_type(p: &mut Parser, allow_arrow: bool) {
    if p.at(COLON) {
        p.start_node(RET_TYPE);
        p.bump();
        types::type_with(p, allow_arrow);
        p.finish_node();
    }
}

/// `type`, `type^` or `type~` with its liftedness marker.
pub(super) fn type_keyword(p: &mut Parser) {
    p.bump(); // type
    if (p.at_op("^") || p.at(TILDE)) && p.nth_is_adjacent(0) {
        p.bump();
    }
}

fn type_decl(p: &mut Parser) {
    type_keyword(p);
    binding_name(p);
    type_params(p);
    if p.expect(EQ) {
        types::ty(p);
    }
}

fn module_type_decl(p: &mut Parser) {
    p.bump(); // module
    p.bump(); // type
    binding_name(p);
    if p.expect(EQ) {
        modules::sig_exp(p);
    }
}

fn module_decl(p: &mut Parser) {
    p.bump(); // module
    binding_name(p);
    while p.at(L_PAREN) {
        modules::mod_param(p);
    }
    if p.at(COLON) {
        p.bump();
        modules::sig_exp(p);
    }
    if p.expect(EQ) {
        modules::mod_exp(p);
    }
}
