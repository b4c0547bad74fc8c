//! Grammar tests: each parses a snippet and compares a compact S-expression
//! rendering of the tree (trivia left out) with an inline snapshot.

use expect_test::{expect, Expect};

use crate::{ast::AstNode, parse, SyntaxKind};

use crate::debug_sexp as sexp;

fn render(text: &str) -> String {
    let parse = parse(text);
    assert_eq!(parse.syntax().to_string(), text, "lossless");
    let mut out = String::new();
    for child in parse.syntax().children() {
        out.push_str(&sexp(&child));
        out.push('\n');
    }
    for error in parse.errors() {
        out.push_str(&format!("error {:?}: {}\n", error.range, error.message));
    }
    out
}

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&render(text));
}

/// Parses `def x = EXPR` and renders only the expression.
fn check_expr(text: &str, expect: Expect) {
    let source = format!("def x = {text}");
    let parse = parse(&source);
    let decl = parse.syntax().children().next().unwrap();
    let body = decl.children().last().unwrap();
    let mut out = sexp(&body);
    for error in parse.errors() {
        out.push_str(&format!("\nerror {:?}: {}", error.range, error.message));
    }
    expect.assert_eq(&out);
}

#[test]
fn arithmetic_precedence() {
    check_expr(
        "1 + 2 * 3 ** 4 - 5",
        expect![[
            r#"(BIN_EXPR (BIN_EXPR (LITERAL 1) (BIN_OP +) (BIN_EXPR (LITERAL 2) (BIN_OP *) (BIN_EXPR (LITERAL 3) (BIN_OP **) (LITERAL 4)))) (BIN_OP -) (LITERAL 5))"#
        ]],
    );
}

#[test]
fn pipes_are_loosest_and_backward_pipe_is_right_associative() {
    check_expr(
        "xs |> map f |> g",
        expect![[
            r#"(BIN_EXPR (BIN_EXPR (PATH_EXPR (PATH xs)) (BIN_OP |>) (APP_EXPR (PATH_EXPR (PATH map)) (PATH_EXPR (PATH f)))) (BIN_OP |>) (PATH_EXPR (PATH g)))"#
        ]],
    );
    check_expr(
        "f <| g <| a + 1",
        expect![[
            r#"(BIN_EXPR (PATH_EXPR (PATH f)) (BIN_OP <|) (BIN_EXPR (PATH_EXPR (PATH g)) (BIN_OP <|) (BIN_EXPR (PATH_EXPR (PATH a)) (BIN_OP +) (LITERAL 1))))"#
        ]],
    );
}

#[test]
fn user_operators_take_fixity_from_leading_characters() {
    check_expr(
        "a +^ b *^ c == d &&& e",
        expect![[
            r#"(BIN_EXPR (BIN_EXPR (BIN_EXPR (PATH_EXPR (PATH a)) (BIN_OP +^) (BIN_EXPR (PATH_EXPR (PATH b)) (BIN_OP *^) (PATH_EXPR (PATH c)))) (BIN_OP ==) (PATH_EXPR (PATH d))) (BIN_OP &&&) (PATH_EXPR (PATH e)))"#
        ]],
    );
}

#[test]
fn comparison_logic_and_bitwise() {
    check_expr(
        "a < b && c | d << 1 || !e",
        expect![[
            r#"(BIN_EXPR (BIN_EXPR (BIN_EXPR (PATH_EXPR (PATH a)) (BIN_OP <) (PATH_EXPR (PATH b))) (BIN_OP &&) (BIN_EXPR (PATH_EXPR (PATH c)) (BIN_OP |) (BIN_EXPR (PATH_EXPR (PATH d)) (BIN_OP <<) (LITERAL 1)))) (BIN_OP ||) (PREFIX_EXPR ! (PATH_EXPR (PATH e))))"#
        ]],
    );
}

#[test]
fn backticks_and_qualified_operators() {
    check_expr(
        "a `max` b + 1",
        expect![[
            r#"(BIN_EXPR (PATH_EXPR (PATH a)) (BIN_OP ` (PATH max) `) (BIN_EXPR (PATH_EXPR (PATH b)) (BIN_OP +) (LITERAL 1)))"#
        ]],
    );
    check_expr(
        "a v.+ b v.* c",
        expect![[
            r#"(BIN_EXPR (PATH_EXPR (PATH a)) (BIN_OP (PATH v . +)) (BIN_EXPR (PATH_EXPR (PATH b)) (BIN_OP (PATH v . *)) (PATH_EXPR (PATH c))))"#
        ]],
    );
}

#[test]
fn unary_minus_binds_looser_than_application() {
    check_expr(
        "-f x + 1",
        expect![[
            r#"(BIN_EXPR (PREFIX_EXPR - (APP_EXPR (PATH_EXPR (PATH f)) (PATH_EXPR (PATH x)))) (BIN_OP +) (LITERAL 1))"#
        ]],
    );
    check_expr(
        "f x -1",
        expect![[
            r#"(BIN_EXPR (APP_EXPR (PATH_EXPR (PATH f)) (PATH_EXPR (PATH x))) (BIN_OP -) (LITERAL 1))"#
        ]],
    );
}

/// Literal items before `,`, `]` or `)` take a short cut past the
/// precedence levels; their trees are the ones the levels build, and an
/// item that goes on (`-1 + x`, `-1.a`, `1 : i32`) takes the long way.
#[test]
fn literal_items_of_arrays_tuples_and_arguments() {
    check_expr(
        "([-1, !true, 'c', \"s\", 2.5f32, -0x1], (-1), f (-2) (3))",
        expect![[
            r#"(TUPLE_EXPR ( (ARRAY_EXPR [ (PREFIX_EXPR - (LITERAL 1)) , (PREFIX_EXPR ! (LITERAL true)) , (LITERAL 'c') , (LITERAL "s") , (LITERAL 2.5f32) , (PREFIX_EXPR - (LITERAL 0x1)) ]) , (PAREN_EXPR ( (PREFIX_EXPR - (LITERAL 1)) )) , (APP_EXPR (PATH_EXPR (PATH f)) (PAREN_EXPR ( (PREFIX_EXPR - (LITERAL 2)) )) (PAREN_EXPR ( (LITERAL 3) ))) ))"#
        ]],
    );
    check_expr(
        "[-1 + x, -1.a, 1 : i32, - 1, -x, 1 2]",
        expect!["(ARRAY_EXPR [ (BIN_EXPR (PREFIX_EXPR - (LITERAL 1)) (BIN_OP +) (PATH_EXPR (PATH x))) , (PREFIX_EXPR - (FIELD_EXPR (LITERAL 1) . a)) , (ASCRIPTION_EXPR (LITERAL 1) : (PATH_TYPE (PATH i32))) , (PREFIX_EXPR - (LITERAL 1)) , (PREFIX_EXPR - (PATH_EXPR (PATH x))) , (APP_EXPR (LITERAL 1) (LITERAL 2)) ])"],
    );
}

#[test]
fn sections() {
    check_expr(
        "((+), (+ 1), (1 +), (.a.b), (.0), (.[1]), (`f` 2), (M.+), (-1))",
        expect![[
            r#"(TUPLE_EXPR ( (OP_SECTION ( (BIN_OP +) )) , (RIGHT_SECTION ( (BIN_OP +) (LITERAL 1) )) , (LEFT_SECTION ( (LITERAL 1) (BIN_OP +) )) , (PROJECT_SECTION ( (FIELD_PATH . a . b) )) , (PROJECT_SECTION ( (FIELD_PATH . 0) )) , (INDEX_SECTION ( . (SLICE [ (LITERAL 1) ]) )) , (RIGHT_SECTION ( (BIN_OP ` (PATH f) `) (LITERAL 2) )) , (OP_SECTION ( (BIN_OP (PATH M . +)) )) , (PAREN_EXPR ( (PREFIX_EXPR - (LITERAL 1)) )) ))"#
        ]],
    );
}

#[test]
fn indexing_needs_adjacency() {
    check_expr(
        "f a[1] [2, 3]",
        expect![[
            r#"(APP_EXPR (PATH_EXPR (PATH f)) (INDEX_EXPR (PATH_EXPR (PATH a)) (SLICE [ (LITERAL 1) ])) (ARRAY_EXPR [ (LITERAL 2) , (LITERAL 3) ]))"#
        ]],
    );
}

#[test]
fn slices_with_strides() {
    check_expr(
        "a[1:, :n, i:j:2, ::-1, i, :]",
        expect![[
            r#"(INDEX_EXPR (PATH_EXPR (PATH a)) (SLICE [ (SLICE_RANGE (LITERAL 1) :) , (SLICE_RANGE : (PATH_EXPR (PATH n))) , (SLICE_RANGE (PATH_EXPR (PATH i)) : (PATH_EXPR (PATH j)) : (LITERAL 2)) , (SLICE_RANGE : : (PREFIX_EXPR - (LITERAL 1))) , (PATH_EXPR (PATH i)) , (SLICE_RANGE :) ]))"#
        ]],
    );
}

#[test]
fn field_access_and_tuple_projection() {
    check_expr(
        "(f r).a.b + t.0.1",
        expect![[
            r#"(BIN_EXPR (FIELD_EXPR (FIELD_EXPR (PAREN_EXPR ( (APP_EXPR (PATH_EXPR (PATH f)) (PATH_EXPR (PATH r))) )) . a) . b) (BIN_OP +) (FIELD_EXPR (FIELD_EXPR (PATH_EXPR (PATH t)) . 0) . 1))"#
        ]],
    );
}

#[test]
fn ranges() {
    check_expr(
        "(0..<n, 1...n, n..>0, 0..2..<n, 10..8...0)",
        expect![[
            r#"(TUPLE_EXPR ( (RANGE_EXPR (LITERAL 0) ..< (PATH_EXPR (PATH n))) , (RANGE_EXPR (LITERAL 1) ... (PATH_EXPR (PATH n))) , (RANGE_EXPR (PATH_EXPR (PATH n)) ..> (LITERAL 0)) , (RANGE_EXPR (LITERAL 0) .. (LITERAL 2) ..< (PATH_EXPR (PATH n))) , (RANGE_EXPR (LITERAL 10) .. (LITERAL 8) ... (LITERAL 0)) ))"#
        ]],
    );
}

#[test]
fn let_forms() {
    check_expr(
        "let [n] (xs: [n]i32) = ys let x[i] = 2 let f 'a (y: a) : a = y in f x",
        expect![[
            r#"(LET_EXPR let (SIZE_PARAM [ (NAME n) ]) (PAREN_PAT ( (TYPED_PAT (NAME_PAT (NAME xs)) : (ARRAY_TYPE (DIM [ (PATH_EXPR (PATH n)) ]) (PATH_TYPE (PATH i32)))) )) = (PATH_EXPR (PATH ys)) (LET_UPDATE_EXPR let (NAME x) (SLICE [ (PATH_EXPR (PATH i)) ]) = (LITERAL 2) (LET_FUN_EXPR let (NAME f) (TYPE_PARAM ' (NAME a)) (PAREN_PAT ( (TYPED_PAT (NAME_PAT (NAME y)) : (PATH_TYPE (PATH a))) )) (RET_TYPE : (PATH_TYPE (PATH a))) = (PATH_EXPR (PATH y)) in (APP_EXPR (PATH_EXPR (PATH f)) (PATH_EXPR (PATH x))))))"#
        ]],
    );
}

#[test]
fn with_updates() {
    check_expr(
        "xs with [i, j] = v + 1 with [0] = 0",
        expect![[
            r#"(UPDATE_EXPR (UPDATE_EXPR (PATH_EXPR (PATH xs)) with (SLICE [ (PATH_EXPR (PATH i)) , (PATH_EXPR (PATH j)) ]) = (BIN_EXPR (PATH_EXPR (PATH v)) (BIN_OP +) (LITERAL 1))) with (SLICE [ (LITERAL 0) ]) = (LITERAL 0))"#
        ]],
    );
    check_expr(
        "r with a.b = 2",
        expect![[
            r#"(RECORD_UPDATE_EXPR (PATH_EXPR (PATH r)) with (FIELD_PATH a . b) = (LITERAL 2))"#
        ]],
    );
}

#[test]
fn loops() {
    check_expr(
        "loop acc = 0 for i < n do loop (a, b) = (acc, 1) while a < b do loop x for y in ys do x + y",
        expect![[r#"(LOOP_EXPR loop (NAME_PAT (NAME acc)) = (LITERAL 0) (FOR_LT_FORM for (NAME i) < (PATH_EXPR (PATH n))) do (LOOP_EXPR loop (TUPLE_PAT ( (NAME_PAT (NAME a)) , (NAME_PAT (NAME b)) )) = (TUPLE_EXPR ( (PATH_EXPR (PATH acc)) , (LITERAL 1) )) (WHILE_FORM while (BIN_EXPR (PATH_EXPR (PATH a)) (BIN_OP <) (PATH_EXPR (PATH b)))) do (LOOP_EXPR loop (NAME_PAT (NAME x)) (FOR_IN_FORM for (NAME_PAT (NAME y)) in (PATH_EXPR (PATH ys))) do (BIN_EXPR (PATH_EXPR (PATH x)) (BIN_OP +) (PATH_EXPR (PATH y))))))"#]],
    );
}

#[test]
fn match_with_every_pattern_form() {
    check_expr(
        "match v case #some (x: i32) -> x case {a, b = (_, -1)} -> a case 'c' -> 1 case #node l #leaf -> 2 case _ -> 0",
        expect![[r#"(MATCH_EXPR match (PATH_EXPR (PATH v)) (MATCH_CASE case (CONSTRUCTOR_PAT #some (PAREN_PAT ( (TYPED_PAT (NAME_PAT (NAME x)) : (PATH_TYPE (PATH i32))) ))) -> (PATH_EXPR (PATH x))) (MATCH_CASE case (RECORD_PAT { (RECORD_PAT_FIELD (NAME a)) , (RECORD_PAT_FIELD (NAME b) = (TUPLE_PAT ( (WILDCARD_PAT _) , (LITERAL_PAT - 1) ))) }) -> (PATH_EXPR (PATH a))) (MATCH_CASE case (LITERAL_PAT 'c') -> (LITERAL 1)) (MATCH_CASE case (CONSTRUCTOR_PAT #node (NAME_PAT (NAME l)) (CONSTRUCTOR_PAT #leaf)) -> (LITERAL 2)) (MATCH_CASE case (WILDCARD_PAT _) -> (LITERAL 0)))"#]],
    );
}

#[test]
fn lambdas_constructors_ascriptions() {
    check_expr(
        r"(\(x: i32) : i32 -> x, #some 1 2, [] : []i32, xs :> [n]i32, assert (n > 0) x, #[unsafe] a[i], ???)",
        expect![[
            r#"(TUPLE_EXPR ( (LAMBDA_EXPR \ (PAREN_PAT ( (TYPED_PAT (NAME_PAT (NAME x)) : (PATH_TYPE (PATH i32))) )) (RET_TYPE : (PATH_TYPE (PATH i32))) -> (PATH_EXPR (PATH x))) , (CONSTRUCTOR_EXPR #some (LITERAL 1) (LITERAL 2)) , (ASCRIPTION_EXPR (ARRAY_EXPR [ ]) : (ARRAY_TYPE (DIM [ ]) (PATH_TYPE (PATH i32)))) , (COERCE_EXPR (PATH_EXPR (PATH xs)) :> (ARRAY_TYPE (DIM [ (PATH_EXPR (PATH n)) ]) (PATH_TYPE (PATH i32)))) , (ASSERT_EXPR assert (PAREN_EXPR ( (BIN_EXPR (PATH_EXPR (PATH n)) (BIN_OP >) (LITERAL 0)) )) (PATH_EXPR (PATH x))) , (ATTR_EXPR (ATTR #[ (ATTR_ITEM unsafe) ]) (INDEX_EXPR (PATH_EXPR (PATH a)) (SLICE [ (PATH_EXPR (PATH i)) ]))) , (HOLE_EXPR ???) ))"#
        ]],
    );
}

#[test]
fn records_and_qualified_parens() {
    check_expr(
        "({x = 1, y}, M.N.(x + 1), {})",
        expect![[
            r#"(TUPLE_EXPR ( (RECORD_EXPR { (RECORD_FIELD (NAME x) = (LITERAL 1)) , (RECORD_FIELD (NAME y)) }) , (QUAL_PAREN_EXPR (PATH M . N) . ( (BIN_EXPR (PATH_EXPR (PATH x)) (BIN_OP +) (LITERAL 1)) )) , (RECORD_EXPR { }) ))"#
        ]],
    );
}

#[test]
fn value_declarations() {
    check(
        "-- | Doc.\n#[inline]\nentry f [n] 'a '^b '~c (x: *[n]a) : ?[m].[m]a = x\ndef (+^) a b = a\ndef x <*> y = x",
        expect![[r#"
            (VALUE_DECL (ATTR #[ (ATTR_ITEM inline) ]) entry (NAME f) (SIZE_PARAM [ (NAME n) ]) (TYPE_PARAM ' (NAME a)) (TYPE_PARAM '^ (NAME b)) (TYPE_PARAM '~ (NAME c)) (PAREN_PAT ( (TYPED_PAT (NAME_PAT (NAME x)) : (UNIQUE_TYPE * (ARRAY_TYPE (DIM [ (PATH_EXPR (PATH n)) ]) (PATH_TYPE (PATH a))))) )) (RET_TYPE : (EXISTENTIAL_TYPE ? (SIZE_PARAM [ (NAME m) ]) . (ARRAY_TYPE (DIM [ (PATH_EXPR (PATH m)) ]) (PATH_TYPE (PATH a))))) = (PATH_EXPR (PATH x)))
            (VALUE_DECL def (NAME ( +^ )) (NAME_PAT (NAME a)) (NAME_PAT (NAME b)) = (PATH_EXPR (PATH a)))
            (VALUE_DECL def (NAME_PAT (NAME x)) (NAME <*>) (NAME_PAT (NAME y)) = (PATH_EXPR (PATH x)))
        "#]],
    );
}

#[test]
fn type_declarations() {
    check(
        "type t [n] 'a = ([n]a, {x: f32, y: (i32) -> [2]i32})\ntype^ f = (n: i64) -> [n]i32\ntype~ s = #a i32 [3]f32 | #b | #c (list i32)\ntype v = vec [3] f32",
        expect![[r#"
            (TYPE_DECL type (NAME t) (SIZE_PARAM [ (NAME n) ]) (TYPE_PARAM ' (NAME a)) = (TUPLE_TYPE ( (ARRAY_TYPE (DIM [ (PATH_EXPR (PATH n)) ]) (PATH_TYPE (PATH a))) , (RECORD_TYPE { (RECORD_TYPE_FIELD (NAME x) : (PATH_TYPE (PATH f32))) , (RECORD_TYPE_FIELD (NAME y) : (FUNCTION_TYPE (PAREN_TYPE ( (PATH_TYPE (PATH i32)) )) -> (ARRAY_TYPE (DIM [ (LITERAL 2) ]) (PATH_TYPE (PATH i32))))) }) )))
            (TYPE_DECL type ^ (NAME f) = (FUNCTION_TYPE (NAMED_PARAM_TYPE ( (NAME n) : (PATH_TYPE (PATH i64)) )) -> (ARRAY_TYPE (DIM [ (PATH_EXPR (PATH n)) ]) (PATH_TYPE (PATH i32)))))
            (TYPE_DECL type ~ (NAME s) = (SUM_TYPE (SUM_VARIANT #a (PATH_TYPE (PATH i32)) (ARRAY_TYPE (DIM [ (LITERAL 3) ]) (PATH_TYPE (PATH f32)))) | (SUM_VARIANT #b) | (SUM_VARIANT #c (PAREN_TYPE ( (TYPE_APP (PATH_TYPE (PATH list)) (PATH_TYPE (PATH i32))) )))))
            (TYPE_DECL type (NAME v) = (TYPE_APP (PATH_TYPE (PATH vec)) (SIZE_ARG (DIM [ (LITERAL 3) ])) (PATH_TYPE (PATH f32))))
        "#]],
    );
}

#[test]
fn modules_and_signatures() {
    check(
        "module type S = { type t val (+): t -> t -> t include T module N: U }\nmodule F (P: S) : S with t = P.t = { open P local def x = 1 }\nmodule G = F (M) : S\nmodule H = import \"lib\"\nmodule type FT = (P: S) -> S",
        expect![[r#"
            (MODULE_TYPE_DECL module type (NAME S) = (SIG_STRUCT { (TYPE_SPEC type (NAME t)) (VAL_SPEC val (NAME ( + )) : (FUNCTION_TYPE (PATH_TYPE (PATH t)) -> (FUNCTION_TYPE (PATH_TYPE (PATH t)) -> (PATH_TYPE (PATH t))))) (INCLUDE_SPEC include (SIG_PATH (PATH T))) (MODULE_SPEC module (NAME N) : (SIG_PATH (PATH U))) }))
            (MODULE_DECL module (NAME F) (MOD_PARAM ( (NAME P) : (SIG_PATH (PATH S)) )) : (SIG_WITH (SIG_PATH (PATH S)) with (PATH t) = (PATH_TYPE (PATH P . t))) = (MOD_STRUCT { (OPEN_DECL open (MOD_PATH (PATH P))) (LOCAL_DECL local (VALUE_DECL def (NAME x) = (LITERAL 1))) }))
            (MODULE_DECL module (NAME G) = (MOD_ASCRIPTION (MOD_APP (MOD_PATH (PATH F)) (MOD_PAREN ( (MOD_PATH (PATH M)) ))) : (SIG_PATH (PATH S))))
            (MODULE_DECL module (NAME H) = (MOD_IMPORT import "lib"))
            (MODULE_TYPE_DECL module type (NAME FT) = (SIG_ARROW (MOD_PARAM ( (NAME P) : (SIG_PATH (PATH S)) )) -> (SIG_PATH (PATH S))))
        "#]],
    );
}

#[test]
fn errors_recover_at_the_next_declaration() {
    check(
        "def f x = x +\ndef g = (1, \ndef h = 3",
        expect![[r#"
            (VALUE_DECL def (NAME f) (NAME_PAT (NAME x)) = (BIN_EXPR (PATH_EXPR (PATH x)) (BIN_OP +)))
            (VALUE_DECL def (NAME g) = (TUPLE_EXPR ( (LITERAL 1) ,))
            (VALUE_DECL def (NAME h) = (LITERAL 3))
            error 14..17: Unexpected token: 'def', expected an expression.
            error 27..30: Unexpected token: 'def', expected an expression.
        "#]],
    );
}

#[test]
fn missing_in_and_stray_tokens() {
    check(
        "def f = let x = 1\n) ] def g = if x then 1",
        expect![[r#"
            (VALUE_DECL def (NAME f) = (LET_EXPR let (NAME_PAT (NAME x)) = (LITERAL 1)))
            (ERROR ) ])
            (VALUE_DECL def (NAME g) = (IF_EXPR if (PATH_EXPR (PATH x)) then (LITERAL 1)))
            error 18..19: Unexpected token: ')', expected `in`.
            error 41..41: Unexpected end of file, expected `else`.
        "#]],
    );
}

#[test]
fn every_syntax_kind_node_is_reachable_by_the_ast() {
    // A smoke test that the typed AST sees declarations and their parts.
    let parse = parse("-- | Adds.\ndef add (x: i32) (y: i32) : i32 = x + y\nentry main = add 1 2");
    let decls: Vec<_> = parse.tree().decls().collect();
    assert_eq!(decls.len(), 2);
    assert_eq!(decls[0].name().unwrap().text(), "add");
    assert_eq!(decls[0].doc_comment().as_deref(), Some("Adds."));
    let crate::ast::Decl::ValueDecl(add) = &decls[0] else {
        panic!("not a value decl")
    };
    assert_eq!(add.params().count(), 2);
    assert!(add.ret_type().is_some());
    assert!(!add.is_entry());
    let crate::ast::Decl::ValueDecl(main) = &decls[1] else {
        panic!("not a value decl")
    };
    assert!(main.is_entry());
    assert_eq!(main.body().unwrap().syntax().kind(), SyntaxKind::APP_EXPR);
}

#[test]
fn a_comment_after_code_is_no_doc_comment_of_the_next_declaration() {
    let parse = parse("def a = 1 -- | about a\ndef b = 2\n-- | about c\ndef c = 3\n");
    let decls: Vec<_> = parse.tree().decls().collect();
    assert_eq!(decls.len(), 3);
    assert_eq!(decls[1].doc_comment(), None);
    assert_eq!(decls[2].doc_comment().as_deref(), Some("about c"));
    // The trailing comment stays outside both declarations.
    assert!(!decls[1].syntax().text().to_string().contains("about a"));
}
