//! Snapshots of the printed IR for small programs, and the checker on
//! hand-built programs that break each of its rules.

use expect_test::{expect, Expect};
use runic_eval::prim::BinOp;
use runic_eval::value::Prim;
use runic_sema::types::PrimType;

use crate::ir::*;
use crate::{call_entry, check, compile_entry, compile_entry_to, declared_layouts, print, Stage};

/// The printed core IR of entry point `main` of `text` at the `soacs`
/// stage (before fusion), after checking.
fn core_of(text: &str) -> String {
    let program = runic_eval::run::load_single("test.fut", text).expect("the program loads");
    let layouts = declared_layouts(&program, "main").expect("declared layouts");
    let core = compile_entry_to(&program, "main", &layouts, Stage::Soacs)
        .expect("internalises")
        .program;
    check::program(&core).expect("the IR checks");
    print::program(&core)
}

fn snapshot(text: &str, expected: Expect) {
    expected.assert_eq(&core_of(text));
}

#[test]
fn map_and_reduce_become_scremas() {
    snapshot(
        "entry main (xs: []i32) : i32 = reduce (+) 0 (map (\\x -> x * 2) xs)",
        expect![[r#"
            entry main (n_0: i64) (xs_1: [n_0]i32): {i32} = {
              let {map_4: [n_0]i32} = screma(n_0, {xs_1},
                map( \ (p_2: i32): {i32} -> {
                  let {x_3: i32} = mul(p_2, 2i32)
                  in {x_3}
                }))
              let {red_9: i32} = screma(n_0, {map_4},
                reduce({0i32}, \ (p_5: i32) (p_6: i32): {i32} -> {
                  let {x_7: i32} = add(p_5, p_6)
                  in {x_7}
                }),
                map( \ (p_8: i32): {i32} -> {
                  in {p_8}
                }))
              in {red_9}
            }
        "#]],
    );
}

#[test]
fn arrays_of_tuples_are_tuples_of_arrays() {
    // `zip` and `unzip` cost nothing; the map takes two arrays.
    snapshot(
        "entry main (xs: []i32) (ys: []f32) = unzip (map (\\(x, y) -> (y, x)) (zip xs ys))",
        expect![[r#"
            entry main (n_0: i64) (xs_1: [n_0]i32) (n_2: i64) (xs_3: [n_2]f32): {[n_0]f32, [n_0]i32} = {
              let {x_4: bool} = eq(n_2, n_0)
              let {} = assert(x_4, "Value of shape \"" ++ "[" ++ n_2 ++ "]" ++ "\" cannot match shape of type \"[n]b\" (\"" ++ "[" ++ n_0 ++ "]" ++ "b\")", "/prelude/zip.fut:7:35-39")
              let {x_5: bool} = eq(n_0, n_2)
              let {} = assert(x_5, "Cannot zip arrays of shapes [" ++ n_0 ++ "] and [" ++ n_2 ++ "].", "/prelude/zip.fut:8:3-23")
              let {map_10: [n_0]f32, map_11: [n_0]i32} = screma(n_0, {xs_1, xs_3},
                map( \ (p_8: i32) (p_9: f32): {f32, i32} -> {
                  in {p_9, p_8}
                }))
              in {map_10, map_11}
            }
        "#]],
    );
}

#[test]
fn indexing_is_checked_by_an_assertion_with_its_location() {
    snapshot(
        "entry main (xs: []i32) (i: i64) = xs[i]",
        expect![[r#"
            entry main (n_0: i64) (xs_1: [n_0]i32) (x_2: i64): {i32} = {
              let {x_3: bool} = le(0i64, x_2)
              let {x_4: bool} = lt(x_2, n_0)
              let {x_5: bool} = and(x_3, x_4)
              let {} = assert(x_5, "Index [" ++ x_2 ++ "] out of bounds for array of shape " ++ "[" ++ n_0 ++ "]" ++ ".", "test.fut:1:35-40")
              let {elem_6: i32} = xs_1[x_2]
              in {elem_6}
            }
        "#]],
    );
}

#[test]
fn sizes_only_known_inside_a_branch_are_existential() {
    snapshot(
        "entry main (b: bool) (n: i64) = if b then iota n else iota 3",
        expect![[r#"
            entry main (x_0: bool) (x_1: i64): {[d_6]i64} = {
              let [d_6] {r_7: [d_6]i64} = if x_0 then {
                let {x_2: bool} = le(0i64, x_1)
                let {} = assert(x_2, "Range 0..1..<" ++ x_1 ++ " is invalid.", "/prelude/array.fut:93:3-20")
                let {iota_3: [x_1]i64} = iota(x_1)
                in {iota_3}
              } else {
                let {iota_4: [3i64]i64} = iota(3i64)
                in {iota_4}
              }
              in {r_7}
            }
        "#]],
    );
}

#[test]
fn sums_are_a_tag_and_payloads() {
    snapshot(
        "type t = #a i32 | #b f32\n\
         entry main (x: i32) : f32 =\n\
           let v: t = if x > 0 then #a x else #b 1.5\n\
           in match v case #a y -> f32.i32 y case #b z -> z",
        expect![[r#"
            entry main (x_0: i32): {f32} = {
              let {x_1: bool} = gt(x_0, 0i32)
              let {r_2: i8, r_3: i32, r_4: f32} = if x_1 then {
                in {0i8, x_0, 0.0f32}
              } else {
                in {1i8, 0i32, 1.5f32}
              }
              let {x_5: bool} = eq(r_2, 0i8)
              let {r_7: f32} = if x_5 then {
                let {x_6: f32} = to_f32(r_3)
                in {x_6}
              } else {
                in {r_4}
              }
              in {r_7}
            }
        "#]],
    );
}

#[test]
fn unsupported_constructs_get_located_errors() {
    // Recursion passing a function that captures a value cannot become a
    // call; inlining it until it gives up nests deeply: a large stack, as
    // the CLI has.
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(recursion_gets_a_located_error)
        .expect("a thread")
        .join()
        .unwrap_or_else(|p| std::panic::resume_unwind(p));
}

fn recursion_gets_a_located_error() {
    let program = runic_eval::run::load_single(
        "test.fut",
        "def app (k: i64) (f: i64 -> i64) (x: i64) : i64 = if k == 0 then x else app (k - 1) f (f x)\n\
         entry main (a: i64) = app 3 (\\y -> y + a) 0",
    )
    .expect("loads");
    let layouts = declared_layouts(&program, "main").expect("layouts");
    let error = compile_entry(&program, "main", &layouts)
        .err()
        .expect("an error");
    assert!(error.contains("test.fut"), "{error}");
    assert!(
        error.contains("cannot be compiled to the core IR yet"),
        "{error}"
    );
}

#[test]
fn jvp_and_vjp_become_checked_ir_that_computes_derivatives() {
    let program = runic_eval::run::load_single(
        "test.fut",
        "entry main (xs: []f64) = (jvp (\\ys -> f64.sum (map (\\y -> y * y) ys)) xs xs, \
         vjp (\\ys -> reduce (*) 1 ys) xs 1)",
    )
    .expect("loads");
    let layouts = declared_layouts(&program, "main").expect("layouts");
    // `compile_entry` runs the IR checker after every pass in tests.
    let (core, _) = compile_entry(&program, "main", &layouts).expect("compiles");
    let text = crate::print::program(&core);
    assert!(text.contains("screma"), "{text}");
    let xs = runic_eval::Value::array_of(vec![
        runic_eval::Value::Prim(runic_eval::value::Prim::F64(2.0)),
        runic_eval::Value::Prim(runic_eval::value::Prim::F64(3.0)),
    ]);
    let args = [runic_eval::Typed {
        value: xs,
        prim: runic_sema::types::PrimType::F64,
    }];
    let out = call_entry(&program, "main", &args).expect("runs");
    let shown: Vec<String> = out
        .iter()
        .map(|v| runic_eval::text::show_value(v, None))
        .collect();
    // d/dt sum (x + t x)^2 = 2 sum x^2 = 26; the gradient of x0 x1 is (x1, x0).
    assert_eq!(shown, ["26.0f64", "[3.0f64, 2.0f64]"]);
}

#[test]
fn an_array_of_units_keeps_its_shape_as_a_result() {
    // The value format has no literal for `[()]`, so the run tests of
    // testdata/run/core4 cannot return one: it is checked here.
    let program = runic_eval::run::load_single(
        "test.fut",
        "entry main (n: i64) = (map (\\_ -> ()) (iota n), replicate 2 (replicate n {}))",
    )
    .expect("loads");
    let args = [runic_eval::Typed {
        value: runic_eval::Value::Prim(runic_eval::value::Prim::I64(3)),
        prim: runic_sema::types::PrimType::I64,
    }];
    let out = call_entry(&program, "main", &args).expect("runs");
    let shown: Vec<String> = out
        .iter()
        .map(|v| runic_eval::text::show_value(v, None))
        .collect();
    assert_eq!(
        shown,
        ["[(), (), ()]", "[[(), (), ()],\n [(), (), ()]]"],
        "{shown:?}"
    );
}

/// A program of one entry function with the given parameters and body.
fn one_fun(p: Program, params: Vec<VarId>, body: Body) -> Program {
    let mut p = p;
    p.funs.push(FunDef {
        name: "f".into(),
        entry: true,
        params,
        ret: body.result.iter().map(|s| p.subexp_type(*s)).collect(),
        body,
        noinline: false,
    });
    p
}

fn stm(vals: Vec<VarId>, exp: Exp) -> Stm {
    Stm {
        pat: Pat { ctx: vec![], vals },
        exp,
        loc: None,
    }
}

#[test]
fn the_checker_rejects_a_use_after_consumption() {
    let mut p = Program::default();
    let n = p.new_var("n", Type::scalar(PrimType::I64));
    let xs = p.new_var("xs", Type::array(PrimType::I32, vec![SubExp::Var(n)]));
    let ys = p.new_var("ys", Type::array(PrimType::I32, vec![SubExp::Var(n)]));
    let upd = Exp::Update(
        xs,
        vec![DimIndex::Fix(SubExp::i64(0))],
        SubExp::Const(Prim::I32(1)),
    );
    let body = Body {
        stms: vec![stm(vec![ys], upd)],
        result: vec![SubExp::Var(xs)],
    };
    let p = one_fun(p, vec![n, xs], body);
    let error = check::program(&p).expect_err("rejected");
    expect!["in f: xs_1 is used after it was consumed"].assert_eq(&error.to_string());
}

#[test]
fn the_checker_rejects_sizes_out_of_scope() {
    let mut p = Program::default();
    let n = p.new_var("n", Type::scalar(PrimType::I64));
    let xs = p.new_var("xs", Type::array(PrimType::I32, vec![SubExp::Var(n)]));
    let p = one_fun(
        p,
        vec![xs],
        Body {
            stms: vec![],
            result: vec![],
        },
    );
    let error = check::program(&p).expect_err("rejected");
    expect!["in f: the type of xs_1 names the size n_0, not in scope"]
        .assert_eq(&error.to_string());
}

#[test]
fn the_checker_rejects_ill_typed_operands() {
    let mut p = Program::default();
    let a = p.new_var("a", Type::scalar(PrimType::I32));
    let b = p.new_var("b", Type::scalar(PrimType::F32));
    let c = p.new_var("c", Type::scalar(PrimType::I32));
    let add = Exp::Scalar(
        runic_eval::builtins::Builtin::Bin(BinOp::Add),
        vec![SubExp::Var(a), SubExp::Var(b)],
    );
    let body = Body {
        stms: vec![stm(vec![c], add)],
        result: vec![SubExp::Var(c)],
    };
    let p = one_fun(p, vec![a, b], body);
    let error = check::program(&p).expect_err("rejected");
    expect!["in f: Bin(Add) on operands of different types"].assert_eq(&error.to_string());
}

#[test]
fn the_checker_rejects_a_lambda_consuming_a_free_variable() {
    let mut p = Program::default();
    let n = p.new_var("n", Type::scalar(PrimType::I64));
    let xs = p.new_var("xs", Type::array(PrimType::I32, vec![SubExp::Var(n)]));
    let x = p.new_var("x", Type::scalar(PrimType::I32));
    let ys = p.new_var("ys", Type::array(PrimType::I32, vec![SubExp::Var(n)]));
    let out = p.new_var("out", Type::array(PrimType::I32, vec![SubExp::Var(n)]));
    let upd = Exp::Update(ys, vec![DimIndex::Fix(SubExp::i64(0))], SubExp::Var(x));
    let lam_out = p.new_var("r", Type::array(PrimType::I32, vec![SubExp::Var(n)]));
    let map = Lambda {
        params: vec![x],
        body: Body {
            stms: vec![stm(vec![lam_out], upd)],
            result: vec![SubExp::Const(Prim::I32(0))],
        },
        ret: vec![Type::scalar(PrimType::I32)],
    };
    let screma = Exp::Screma(Box::new(Screma {
        post: None,
        w: SubExp::Var(n),
        arrs: vec![xs],
        scans: vec![],
        reds: vec![],
        map,
        attrs: Default::default(),
    }));
    let body = Body {
        stms: vec![stm(vec![out], screma)],
        result: vec![SubExp::Var(out)],
    };
    let p = one_fun(p, vec![n, xs, ys], body);
    let error = check::program(&p).expect_err("rejected");
    expect!["in f: ys_3 is bound outside a lambda that consumes it"].assert_eq(&error.to_string());
}

#[test]
fn the_simplifier_folds_propagates_copies_and_removes_dead_code() {
    snapshot(
        "entry main (x: i32) (n: i64) =\n\
           let y = x\n\
           let unused = map (+1) (iota n)\n\
           let k = 2 * 3 + 0\n\
           in (y * 1 + k, n + 0)",
        expect![[r#"
            entry main (x_0: i32) (x_1: i64): {i32, i64} = {
              let {x_2: bool} = le(0i64, x_1)
              let {} = assert(x_2, "Range 0..1..<" ++ x_1 ++ " is invalid.", "/prelude/array.fut:93:3-20")
              let {x_8: i32} = add(x_0, 6i32)
              in {x_8, x_1}
            }
        "#]],
    );
}

/// Common subexpression elimination shares an expression only where its
/// first binding is in scope: one bound in a branch is bound again in the
/// other branch and after the `if` (the IR checker, run after each pass
/// here, refuses a use out of scope).
#[test]
fn common_subexpressions_stay_in_their_scope() {
    let text = "entry main (x: i32) (b: bool) : i32 =\n  \
                let y = if b then x * 3 else x * 3 + 1\n  \
                let z = if b then x * 3 - 1 else 0\n  \
                in y + z + x * 3";
    let program = runic_eval::run::load_single("test.fut", text).expect("the program loads");
    let layouts = declared_layouts(&program, "main").expect("declared layouts");
    compile_entry(&program, "main", &layouts).expect("compiles");
    let args = [
        runic_eval::Typed {
            value: runic_eval::Value::Prim(Prim::I32(4)),
            prim: PrimType::I32,
        },
        runic_eval::Typed {
            value: runic_eval::Value::Prim(Prim::Bool(true)),
            prim: PrimType::Bool,
        },
    ];
    let out = call_entry(&program, "main", &args).expect("runs");
    let shown: Vec<String> = out
        .iter()
        .map(|v| runic_eval::text::show_value(v, None))
        .collect();
    assert_eq!(shown, ["35i32"]);
}

#[test]
fn flattening_attributes_reach_every_soac_made_under_them() {
    // The map nested in the attributed map and the sum's reduction get the
    // attribute too; the map outside it does not.
    snapshot(
        "entry main (xss: [][]i32) : []i32 =
           let ys = #[flattening(only_inner)] map (\\xs -> i32.sum (map (+1) xs)) xss
           in map (*2) ys",
        expect![[r#"
            entry main (n_0: i64) (n_1: i64) (xs_2: [n_0][n_1]i32): {[n_0]i32} = {
              #[flattening(only_inner)] let {map_12: [n_0]i32} = screma(n_0, {xs_2},
                map( \ (p_3: [n_1]i32): {i32} -> {
                  #[flattening(only_inner)] let {map_6: [n_1]i32} = screma(n_1, {p_3},
                    map( \ (p_4: i32): {i32} -> {
                      let {x_5: i32} = add(p_4, 1i32)
                      in {x_5}
                    }))
                  #[flattening(only_inner)] let {red_11: i32} = screma(n_1, {map_6},
                    reduce({0i32}, \ (p_7: i32) (p_8: i32): {i32} -> {
                      let {x_9: i32} = add(p_7, p_8)
                      in {x_9}
                    }),
                    map( \ (p_10: i32): {i32} -> {
                      in {p_10}
                    }))
                  in {red_11}
                }))
              let {map_15: [n_0]i32} = screma(n_0, {map_12},
                map( \ (p_13: i32): {i32} -> {
                  let {x_14: i32} = mul(p_13, 2i32)
                  in {x_14}
                }))
              in {map_15}
            }
        "#]],
    );
}
