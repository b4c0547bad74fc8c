//! Expressions, by precedence from loosest to tightest: ascriptions (`:`,
//! `:>`), ranges, `with` updates, infix operators (fixity from the leading
//! characters, see [`infix_power`]), prefix `-`/`!`, application, and atoms
//! with their postfix field accesses and indexing. Keyword-led expressions
//! (`if`, `let`, `loop`, `match`, lambdas) extend as far right as possible.

use super::{decls, modules, patterns, types, Parser};
use crate::SyntaxKind::{self, *};

/// A full expression.
pub(super) fn expr(p: &mut Parser) {
    if literal_item(p) {
        return;
    }
    super::with_stack(|| expr_unguarded(p))
}

/// The common items of long array literals and argument lists: a literal,
/// or `-`/`!` then a literal, right before `,`, `]` or `)`. None of the
/// precedence levels would add anything to them, so their nodes are built
/// directly (the tree is the one the levels build: `PREFIX_EXPR` over
/// `LITERAL`); false, with nothing consumed, for anything else.
fn literal_item(p: &mut Parser) -> bool {
    const LITERALS: &[SyntaxKind] = &[INT_NUMBER, FLOAT_NUMBER, CHAR, STRING, TRUE_KW, FALSE_KW];
    const ENDS: &[SyntaxKind] = &[COMMA, R_BRACK, R_PAREN];
    // The levels would enter four nested constructs.
    if !p.can_enter(4) {
        return false;
    }
    let prefix = match p.current() {
        OPERATOR => matches!(p.current_text(), "-" | "!"),
        kind if LITERALS.contains(&kind) => false,
        _ => return false,
    };
    let at = usize::from(prefix);
    if !(LITERALS.contains(&p.nth(at)) && ENDS.contains(&p.nth(at + 1))) {
        return false;
    }
    if prefix {
        p.start_node(PREFIX_EXPR);
        p.bump();
    }
    p.start_node(LITERAL);
    p.bump();
    p.finish_node();
    if prefix {
        p.finish_node();
    }
    true
}

fn expr_unguarded(p: &mut Parser) {
    if !p.enter() {
        return;
    }
    let checkpoint = p.checkpoint();
    range_level(p);
    while p.at(COLON) || p.at(COLON_GT) {
        let kind = if p.at(COLON) {
            ASCRIPTION_EXPR
        } else {
            COERCE_EXPR
        };
        p.start_node_at(checkpoint, kind);
        p.bump();
        types::ty(p);
        p.finish_node();
    }
    p.leave();
}

const RANGE_ENDS: &[SyntaxKind] = &[DOT_DOT_DOT, DOT_DOT_LT, DOT_DOT_GT];

/// `a...b`, `a..<b`, `a..>b`, and the stepped `a..s...b` forms.
fn range_level(p: &mut Parser) {
    let checkpoint = p.checkpoint();
    with_level(p);
    if p.at(DOT_DOT) || p.at_any(RANGE_ENDS) {
        p.start_node_at(checkpoint, RANGE_EXPR);
        if p.eat(DOT_DOT) {
            with_level(p);
        }
        if p.at_any(RANGE_ENDS) {
            p.bump();
            with_level(p);
        } else {
            // `a..b` is the most common slip: say what Futhark says.
            let message = p.unexpected("`...`, `..<` or `..>` (use '...' for ranges, not '..')");
            p.error(message);
        }
        p.finish_node();
    }
}

/// `e with [i] = v` and `e with a.b = v`.
fn with_level(p: &mut Parser) {
    let checkpoint = p.checkpoint();
    infix(p, 0);
    while p.at(WITH_KW) {
        with_update(p, checkpoint);
    }
}

fn with_update(p: &mut Parser, checkpoint: super::Checkpoint) {
    let kind = if p.nth(1) == L_BRACK {
        UPDATE_EXPR
    } else {
        RECORD_UPDATE_EXPR
    };
    p.start_node_at(checkpoint, kind);
    p.bump(); // with
    if p.at(L_BRACK) {
        slice(p);
    } else {
        field_path(p);
    }
    path_steps(p);
    if p.expect(EQ) {
        infix(p, 0);
    }
    p.finish_node();
}

/// The steps of an update or projection path after its first: `[i]` (a
/// `SLICE`) and `.a.b` (a `FIELD_PATH` that starts with its dot), in any
/// order, as in `xs with [i].a[j] = v` and `(.[0].a)`.
pub(super) fn path_steps(p: &mut Parser) {
    loop {
        if p.at(L_BRACK) {
            slice(p);
        } else if p.at(DOT) && matches!(p.nth(1), IDENT | INT_NUMBER) {
            p.start_node(FIELD_PATH);
            while p.at(DOT) && matches!(p.nth(1), IDENT | INT_NUMBER) {
                p.bump();
                p.bump();
            }
            p.finish_node();
        } else {
            break;
        }
    }
}

/// `a.b.c` naming a (nested) record field.
fn field_path(p: &mut Parser) {
    p.start_node(FIELD_PATH);
    if matches!(p.current(), IDENT | INT_NUMBER) {
        p.bump();
        while p.at(DOT) && matches!(p.nth(1), IDENT | INT_NUMBER) {
            p.bump();
            p.bump();
        }
    } else {
        p.recover_expected("a field name or `[`");
    }
    p.finish_node();
}

/// Left and right binding power of the infix operator spelt `op`, decided by
/// its leading characters as in Futhark; `None` if it cannot be infix.
pub(crate) fn infix_power(op: &str) -> Option<(u8, u8)> {
    let left = |level: u8| Some((level, level + 1));
    let right = |level: u8| Some((level + 1, level));
    if op.starts_with("|>") {
        left(4)
    } else if op.starts_with("<|") {
        right(6)
    } else if op.starts_with("||") {
        left(8)
    } else if op.starts_with("&&") {
        left(10)
    } else if op.starts_with("<<") || op.starts_with(">>") {
        left(16)
    } else if ["<", ">", "==", "!=", "!", "="]
        .iter()
        .any(|s| op.starts_with(s))
    {
        left(12)
    } else if ["&", "^", "|"].iter().any(|s| op.starts_with(s)) {
        left(14)
    } else if op.starts_with('+') || op.starts_with('-') {
        left(18)
    } else if op.starts_with("**") {
        left(22)
    } else if ["*", "/", "%"].iter().any(|s| op.starts_with(s)) {
        left(20)
    } else {
        None
    }
}

/// Binding power of backtick infix application `` x `f` y ``.
const BACKTICK_POWER: (u8, u8) = (2, 3);

/// The binding powers of the infix operator at the cursor, if there is one.
/// An operator right before `)` is left alone: it ends a section `(x +)`.
fn current_infix(p: &Parser) -> Option<(u8, u8)> {
    match p.current() {
        OPERATOR if p.nth(1) != R_PAREN => infix_power(p.current_text()),
        IDENT => {
            let len = qualified_operator_len(p)?;
            if p.nth(len) == R_PAREN {
                return None;
            }
            infix_power(p.nth_text(len - 1))
        }
        BACKTICK => {
            // `` `f` `` or `` `M.f` ``: find the closing backtick.
            let mut n = 1;
            while matches!(p.nth(n), IDENT | DOT) {
                n += 1;
            }
            if p.nth(n) == BACKTICK && p.nth(n + 1) != R_PAREN {
                Some(BACKTICK_POWER)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Operator-precedence parsing of infix expressions above binding power `min`.
fn infix(p: &mut Parser, min: u8) {
    super::with_stack(|| infix_unguarded(p, min))
}

fn infix_unguarded(p: &mut Parser, min: u8) {
    if !p.enter() {
        return;
    }
    let checkpoint = p.checkpoint();
    let keyword_led = operand(p);
    if !keyword_led {
        while let Some((left, right)) = current_infix(p) {
            if left < min {
                break;
            }
            p.start_node_at(checkpoint, BIN_EXPR);
            bin_op(p);
            infix(p, right);
            p.finish_node();
        }
    }
    p.leave();
}

/// Number of tokens in a qualified operator `M.N.+` at the cursor, written
/// without spaces, if there is one.
fn qualified_operator_len(p: &Parser) -> Option<usize> {
    let mut n = 0;
    while p.nth(n) == IDENT && p.nth(n + 1) == DOT && p.nth_is_adjacent(n + 1) {
        n += 2;
    }
    (n > 0 && p.nth(n) == OPERATOR && p.nth_is_adjacent(n)).then_some(n + 1)
}

/// An operand of an infix operator. Returns true for keyword-led expressions,
/// which swallow everything to their right.
fn operand(p: &mut Parser) -> bool {
    match p.current() {
        IF_KW => if_expr(p),
        LET_KW => let_expr(p),
        LOOP_KW => loop_expr(p),
        MATCH_KW => match_expr(p),
        BACKSLASH => lambda(p),
        HASH_BRACK => {
            p.start_node(ATTR_EXPR);
            decls::attr(p);
            expr(p);
            p.finish_node();
        }
        OPERATOR if matches!(p.current_text(), "-" | "!") => {
            p.start_node(PREFIX_EXPR);
            p.bump();
            if p.enter() {
                application(p);
                p.leave();
            }
            p.finish_node();
            return false;
        }
        _ => return application(p),
    }
    true
}

/// Juxtaposition: `f a b`, `#c a b`, `assert c e`; the last argument may
/// be a lambda without parentheses (`tabulate n \i -> e`), which extends as
/// far right as it can. Returns true in that case.
fn application(p: &mut Parser) -> bool {
    match p.current() {
        CONSTRUCTOR => {
            p.start_node(CONSTRUCTOR_EXPR);
            p.bump();
            while at_atom_start(p) {
                postfix_atom(p);
            }
            p.finish_node();
        }
        ASSERT_KW => {
            p.start_node(ASSERT_EXPR);
            p.bump();
            postfix_atom(p);
            postfix_atom(p);
            p.finish_node();
        }
        _ => {
            let checkpoint = p.checkpoint();
            postfix_atom(p);
            if at_atom_start(p) || p.at(BACKSLASH) {
                p.start_node_at(checkpoint, APP_EXPR);
                while at_atom_start(p) {
                    postfix_atom(p);
                }
                let trailing_lambda = p.at(BACKSLASH);
                if trailing_lambda {
                    lambda(p);
                }
                p.finish_node();
                return trailing_lambda;
            }
        }
    }
    false
}

/// Whether an atom (an argument of an application) starts here.
fn at_atom_start(p: &Parser) -> bool {
    match p.current() {
        IDENT => qualified_operator_len(p).is_none(),
        INT_NUMBER | FLOAT_NUMBER | CHAR | STRING | TRUE_KW | FALSE_KW | L_PAREN | L_BRACE
        | HOLE => true,
        // An adjacent `[` indexes the previous atom; a separate one is an array literal.
        L_BRACK => !p.nth_is_adjacent(0),
        CONSTRUCTOR => true,
        _ => false,
    }
}

/// An atom followed by field accesses `.x`, `.0` and adjacent indexing `[i]`.
fn postfix_atom(p: &mut Parser) {
    if !p.enter() {
        return;
    }
    let checkpoint = p.checkpoint();
    atom(p);
    loop {
        let field = p.at(DOT) && matches!(p.nth(1), IDENT | INT_NUMBER);
        let index = p.at(L_BRACK) && p.nth_is_adjacent(0);
        if !(field || index) {
            break;
        }
        if field {
            p.start_node_at(checkpoint, FIELD_EXPR);
            p.bump();
            p.bump();
            p.finish_node();
        } else {
            p.start_node_at(checkpoint, INDEX_EXPR);
            slice(p);
            p.finish_node();
        }
    }
    p.leave();
}

fn atom(p: &mut Parser) {
    match p.current() {
        INT_NUMBER | FLOAT_NUMBER | CHAR | STRING | TRUE_KW | FALSE_KW => {
            p.start_node(LITERAL);
            p.bump();
            p.finish_node();
        }
        HOLE => {
            p.start_node(HOLE_EXPR);
            p.bump();
            p.finish_node();
        }
        CONSTRUCTOR => {
            p.start_node(CONSTRUCTOR_EXPR);
            p.bump();
            p.finish_node();
        }
        IDENT => path_expr(p),
        L_PAREN => paren_expr(p),
        L_BRACK => array_expr(p),
        L_BRACE => record_expr(p),
        _ => p.recover_expected("an expression"),
    }
}

/// `x`, `M.x`, and `M.(e)`.
fn path_expr(p: &mut Parser) {
    let checkpoint = p.checkpoint();
    modules::path(p);
    if p.at(DOT) && p.nth(1) == L_PAREN {
        p.start_node_at(checkpoint, QUAL_PAREN_EXPR);
        p.bump();
        p.bump();
        expr(p);
        p.expect(R_PAREN);
        p.finish_node();
    } else {
        p.start_node_at(checkpoint, PATH_EXPR);
        p.finish_node();
    }
}

/// Whether the cursor is at an operator that can start a section `(op ...)`.
fn at_section_operator(p: &Parser) -> bool {
    match p.current() {
        OPERATOR => true,
        BACKTICK => true,
        IDENT => qualified_operator_len(p).is_some(),
        _ => false,
    }
}

/// An infix operator: `+`, `` `f` ``, `M.+`.
fn bin_op(p: &mut Parser) {
    p.start_node(BIN_OP);
    match p.current() {
        BACKTICK => {
            p.bump();
            modules::path(p);
            p.expect(BACKTICK);
        }
        IDENT => {
            p.start_node(PATH);
            while p.at(IDENT) {
                p.bump();
                p.bump(); // .
            }
            p.bump(); // operator
            p.finish_node();
        }
        _ => p.bump(),
    }
    p.finish_node();
}

/// Everything that starts with `(`: unit, parentheses, tuples and sections.
fn paren_expr(p: &mut Parser) {
    let checkpoint = p.checkpoint();
    p.bump(); // (
    if p.eat(R_PAREN) {
        p.start_node_at(checkpoint, TUPLE_EXPR);
        p.finish_node();
        return;
    }
    if p.at(DOT) {
        projection_section(p, checkpoint);
        return;
    }
    let prefix_minus =
        p.at(OPERATOR) && matches!(p.current_text(), "-" | "!") && p.nth(1) != R_PAREN;
    if at_section_operator(p) && !prefix_minus {
        bin_op(p);
        if p.eat(R_PAREN) {
            p.start_node_at(checkpoint, OP_SECTION);
        } else {
            expr(p);
            p.expect(R_PAREN);
            p.start_node_at(checkpoint, RIGHT_SECTION);
        }
        p.finish_node();
        return;
    }
    expr(p);
    if at_section_operator(p) {
        // Only an operator right before `)` is left over by `expr`: `(e op)`.
        bin_op(p);
        p.expect(R_PAREN);
        p.start_node_at(checkpoint, LEFT_SECTION);
        p.finish_node();
        return;
    }
    let mut kind = PAREN_EXPR;
    while p.eat(COMMA) {
        kind = TUPLE_EXPR;
        if p.at(R_PAREN) {
            break;
        }
        expr(p);
    }
    p.expect(R_PAREN);
    p.start_node_at(checkpoint, kind);
    p.finish_node();
}

/// `(.a.b)` and `(.[i])`.
fn projection_section(p: &mut Parser, checkpoint: super::Checkpoint) {
    if p.nth(1) == L_BRACK {
        p.bump();
        slice(p);
        path_steps(p);
        p.expect(R_PAREN);
        p.start_node_at(checkpoint, INDEX_SECTION);
    } else {
        p.start_node(FIELD_PATH);
        while p.at(DOT) {
            p.bump();
            if matches!(p.current(), IDENT | INT_NUMBER) {
                p.bump();
            } else {
                p.recover_expected("a field name");
                break;
            }
            if !(p.at(DOT) && matches!(p.nth(1), IDENT | INT_NUMBER)) {
                break;
            }
        }
        p.finish_node();
        path_steps(p);
        p.expect(R_PAREN);
        p.start_node_at(checkpoint, PROJECT_SECTION);
    }
    p.finish_node();
}

/// Parses `open expr (, expr)* [,] close` items with `item`.
fn comma_list(p: &mut Parser, close: SyntaxKind, mut item: impl FnMut(&mut Parser)) {
    while !p.at(close) && !p.at(EOF) {
        let before = p.cursor;
        item(p);
        if !p.eat(COMMA) {
            break;
        }
        if p.cursor == before {
            break;
        }
    }
    p.expect(close);
}

fn array_expr(p: &mut Parser) {
    p.start_node(ARRAY_EXPR);
    p.bump(); // [
    comma_list(p, R_BRACK, expr);
    p.finish_node();
}

fn record_expr(p: &mut Parser) {
    p.start_node(RECORD_EXPR);
    p.bump(); // {
    comma_list(p, R_BRACE, record_field);
    p.finish_node();
}

/// `name = e` or a punned `name`.
fn record_field(p: &mut Parser) {
    p.start_node(RECORD_FIELD);
    if matches!(p.current(), IDENT | INT_NUMBER) {
        p.start_node(NAME);
        p.bump();
        p.finish_node();
        if p.eat(EQ) {
            expr(p);
        }
    } else {
        p.recover_expected("a field name");
    }
    p.finish_node();
}

/// `[i, j:k, ::s]`: the index list of indexing, slicing and `with`.
fn slice(p: &mut Parser) {
    p.start_node(SLICE);
    p.bump(); // [
    if p.at(R_BRACK) {
        // Futhark's grammar has at least one index in a slice.
        p.error_expected("an index");
    }
    comma_list(p, R_BRACK, slice_item);
    p.finish_node();
}

/// One index `e`, or a range `a:b:c` with any part missing.
fn slice_item(p: &mut Parser) {
    let checkpoint = p.checkpoint();
    if !p.at(COLON) {
        // A plain index; the expression parser would read `:` as an ascription,
        // so parse the operand without it.
        range_level(p);
    }
    if p.at(COLON) {
        p.start_node_at(checkpoint, SLICE_RANGE);
        p.bump();
        if !p.at_any(&[COLON, COMMA, R_BRACK]) {
            range_level(p);
        }
        if p.eat(COLON) && !p.at_any(&[COMMA, R_BRACK]) {
            range_level(p);
        }
        p.finish_node();
    }
}

/// `if c then a else b`; an `else if` chain is parsed by a loop (the tree
/// is the one recursion would build: each `if` inside the previous one's
/// `else`), so chains of any length do not count as nesting.
fn if_expr(p: &mut Parser) {
    let mut open = 0usize;
    loop {
        p.start_node(IF_EXPR);
        open += 1;
        p.bump();
        expr(p);
        if p.expect(THEN_KW) {
            expr(p);
        }
        if !p.expect(ELSE_KW) {
            break;
        }
        if !p.at(IF_KW) {
            expr(p);
            break;
        }
    }
    for _ in 0..open {
        p.finish_node();
    }
}

/// The three `let` forms: patterns, local functions, and in-place updates.
/// A chain of `let`s is parsed by a loop (each following `let` is the body
/// of the one before, as recursion would build it), so chains of any length
/// do not count as nesting.
fn let_expr(p: &mut Parser) {
    let mut open = 0usize;
    while let_header(p) {
        open += 1;
    }
    for _ in 0..=open {
        p.finish_node();
    }
}

/// One `let` up to its body, with its node left open; true when the body
/// is another `let`, which the caller parses next.
fn let_header(p: &mut Parser) -> bool {
    let checkpoint = p.checkpoint();
    p.bump(); // let
    let kind = if let_update_ahead(p) {
        decls::binding_name(p);
        path_steps(p);
        LET_UPDATE_EXPR
    } else if local_function_ahead(p) {
        decls::binding_name(p);
        decls::type_params(p);
        while patterns::at_param_start(p) {
            patterns::atomic_pattern(p);
        }
        decls::ret_type(p, true);
        LET_FUN_EXPR
    } else {
        while p.at(L_BRACK) && p.nth(1) == IDENT && p.nth(2) == R_BRACK {
            decls::size_param(p);
        }
        patterns::pattern(p);
        LET_EXPR
    };
    p.start_node_at(checkpoint, kind);
    if p.expect(EQ) {
        expr(p);
    }
    let_body(p)
}

/// After `let`: `x[i]` or `x.a` (no space before `[` or `.`) updates `x` in
/// place: `let x[i].a = v`.
fn let_update_ahead(p: &Parser) -> bool {
    p.at(IDENT)
        && p.nth_is_adjacent(1)
        && (p.nth(1) == L_BRACK || (p.nth(1) == DOT && matches!(p.nth(2), IDENT | INT_NUMBER)))
}

/// After `let f`: parameters or type parameters follow, so it defines a function.
fn local_function_ahead(p: &Parser) -> bool {
    let named = p.at(IDENT) || (p.at(L_PAREN) && p.nth(1) == OPERATOR && p.nth(2) == R_PAREN);
    if !named {
        return false;
    }
    let next = if p.at(IDENT) { 1 } else { 3 };
    matches!(
        p.nth(next),
        IDENT
            | UNDERSCORE
            | L_PAREN
            | L_BRACE
            | APOSTROPHE
            | APOSTROPHE_CARET
            | APOSTROPHE_TILDE
            | L_BRACK
    )
}

/// `in body`, or a following `let`/`loop` with the `in` left out; true
/// (with nothing consumed of it) when the body is a `let`.
fn let_body(p: &mut Parser) -> bool {
    if p.eat(IN_KW) || p.at(LET_KW) {
        if p.at(LET_KW) {
            return true;
        }
        expr(p);
    } else if p.at(DEF_KW) {
        // Futhark's wording for the common slip of a `let` left without `in`.
        p.error("Unexpected \"def\", expected `in` (a `let` must be followed by `in`).");
    } else {
        p.error_expected("`in`");
    }
    false
}

fn lambda(p: &mut Parser) {
    p.start_node(LAMBDA_EXPR);
    p.bump(); // \
    if !patterns::at_param_start(p) {
        p.error_expected("a parameter");
    }
    while patterns::at_param_start(p) {
        patterns::atomic_pattern(p);
    }
    decls::ret_type(p, false);
    if p.expect(ARROW) {
        expr(p);
    }
    p.finish_node();
}

/// `loop pat [= init] (for i < n | for x in xs | while c) do body`
fn loop_expr(p: &mut Parser) {
    p.start_node(LOOP_EXPR);
    p.bump(); // loop
    while p.at(L_BRACK) && p.nth(1) == IDENT && p.nth(2) == R_BRACK {
        decls::size_param(p);
    }
    patterns::pattern(p);
    if p.eat(EQ) {
        expr(p);
    }
    match p.current() {
        FOR_KW if p.nth(1) == IDENT && p.nth(2) == OPERATOR && p.nth_text(2) == "<" => {
            p.start_node(FOR_LT_FORM);
            p.bump();
            decls::binding_name(p);
            p.bump(); // <
            expr(p);
            p.finish_node();
        }
        FOR_KW => {
            p.start_node(FOR_IN_FORM);
            p.bump();
            patterns::pattern(p);
            if p.expect(IN_KW) {
                expr(p);
            }
            p.finish_node();
        }
        WHILE_KW => {
            p.start_node(WHILE_FORM);
            p.bump();
            expr(p);
            p.finish_node();
        }
        _ => p.error_expected("`for` or `while`"),
    }
    if p.expect(DO_KW) {
        expr(p);
    }
    p.finish_node();
}

fn match_expr(p: &mut Parser) {
    p.start_node(MATCH_EXPR);
    p.bump(); // match
    expr(p);
    if !p.at(CASE_KW) {
        p.error_expected("`case`");
    }
    while p.at(CASE_KW) {
        p.start_node(MATCH_CASE);
        p.bump();
        patterns::pattern_with(p, false);
        if p.expect(ARROW) {
            expr(p);
        }
        p.finish_node();
    }
    p.finish_node();
}
