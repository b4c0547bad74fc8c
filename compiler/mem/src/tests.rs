//! Snapshots of the printed memory IR of small programs, and the checker
//! on programs broken by hand.

use expect_test::{expect, Expect};

use crate::ir::*;

fn mem_of(text: &str, gpu: bool) -> MemProgram {
    let program = runic_eval::run::load_single("test.fut", text).expect("the program loads");
    let layouts = runic_core::declared_layouts(&program, "main").expect("declared layouts");
    let core = runic_core::compile_entry_to(&program, "main", &layouts, runic_core::Stage::Fused)
        .expect("compiles")
        .program;
    if gpu {
        crate::gpu(core).expect("builds")
    } else {
        crate::seq(core).expect("builds")
    }
}

fn snapshot(text: &str, expected: Expect) {
    expected.assert_eq(&crate::print::program(&mem_of(text, false)));
}

#[test]
fn slices_and_transposes_change_only_the_index_function() {
    snapshot(
        "entry main [n] (xs: [n][n]i32) : i32 = let t = transpose xs in t[1, 0] + xs[1:, 0][0]",
        expect![[r#"
            entry main {
              param n_0: i64
              param n_1: i64
              param xs_2: [n_0][n_1]i32 @ mem_xs_2 -> 0 + {(n_0 : n_1), (n_1 : 1)}
              let {x_3: bool} = eq(n_1, n_0)
              let {x_4: bool} = eq(n_0, 0i64)
              let {x_5: bool} = or(x_3, x_4)
              let {} = assert(x_5, "entry point arguments have invalid sizes.", "test.fut:1:21-30")
              let {tr_6: [n_1][n_0]i32} = rearrange((1, 0), xs_2)
              -- tr_6: [n_1][n_0]i32 @ mem_xs_2 -> 0 + {(n_1 : 1), (n_0 : n_1)}
              let {x_7: bool} = lt(1i64, n_1)
              let {x_8: bool} = lt(0i64, n_0)
              let {x_9: bool} = and(x_7, x_8)
              let {} = assert(x_9, "Index [" ++ 1i64 ++ ", " ++ 0i64 ++ "] out of bounds for array of shape " ++ "[" ++ n_1 ++ "]" ++ "[" ++ n_0 ++ "]" ++ ".", "test.fut:1:64-71")
              let {elem_10: i32} = tr_6[1i64, 0i64]
              let {x_12: i64} = sub(n_0, 1i64)
              let {x_14: i64} = add(x_12, 1i64)
              let {x_15: i64} = sub(x_14, 1i64)
              let {x_17: i64} = sub(x_15, 1i64)
              let {x_19: i64} = add(1i64, x_17)
              let {x_20: bool} = le(1i64, n_0)
              let {x_24: bool} = lt(1i64, n_0)
              let {x_25: bool} = le(0i64, x_19)
              let {x_26: bool} = lt(x_19, n_0)
              let {x_27: bool} = and(x_25, x_26)
              let {x_28: bool} = gt(x_15, 0i64)
              let {x_29: bool} = and(x_28, x_20)
              let {x_30: bool} = and(x_29, x_24)
              let {x_31: bool} = and(x_30, x_27)
              let {x_32: bool} = eq(x_15, 0i64)
              let {x_33: bool} = or(x_32, x_31)
              let {x_34: i64} = max(x_15, 0i64)
              let {x_35: bool} = lt(0i64, n_1)
              let {x_36: bool} = and(x_33, x_35)
              let {} = assert(x_36, "Index [" ++ 1i64 ++ ":" ++ ", " ++ 0i64 ++ "] out of bounds for array of shape " ++ "[" ++ n_0 ++ "]" ++ "[" ++ n_1 ++ "]" ++ ".", "test.fut:1:74-83")
              let {elem_37: [x_34]i32} = xs_2[1i64:+x_34*1i64, 0i64]
              -- elem_37: [x_34]i32 @ mem_xs_2 -> n_1 + {(x_34 : n_1)}
              let {x_38: bool} = lt(0i64, x_34)
              let {} = assert(x_38, "Index [" ++ 0i64 ++ "] out of bounds for array of shape " ++ "[" ++ x_34 ++ "]" ++ ".", "test.fut:1:74-86")
              let {elem_39: i32} = elem_37[0i64]
              let {x_40: i32} = add(elem_10, elem_39)
              in {x_40}
            }
        "#]],
    );
}

#[test]
fn a_concatenation_is_built_in_place() {
    snapshot(
        "entry main (a: i64) (b: i64) : []i64 = concat (iota a) (iota b)",
        expect![[r#"
            entry main {
              param x_0: i64
              param x_1: i64
              let {x_2: bool} = le(0i64, x_0)
              let {} = assert(x_2, "Range 0..1..<" ++ x_0 ++ " is invalid.", "/prelude/array.fut:93:3-20")
              let {x_6: i64} = add(x_0, x_1)
              let mem_concat_7 = alloc(8*x_6 bytes, Host)
              let {iota_3: [x_0]i64} = iota(x_0)
              -- iota_3: [x_0]i64 @ mem_concat_7 -> 0 + {(x_0 : 1)}
              let {x_4: bool} = le(0i64, x_1)
              let {} = assert(x_4, "Range 0..1..<" ++ x_1 ++ " is invalid.", "/prelude/array.fut:93:3-20")
              let {iota_5: [x_1]i64} = iota(x_1)
              -- iota_5: [x_1]i64 @ mem_concat_7 -> x_0 + {(x_1 : 1)}
              let {concat_7: [x_6]i64} = concat(iota_3, iota_5)
              -- concat_7: [x_6]i64 @ mem_concat_7 -> 0 + {(x_6 : 1)}
              in {concat_7}
            }
        "#]],
    );
}

#[test]
fn a_row_made_by_a_map_goes_into_the_updated_matrix() {
    snapshot(
        "entry main [n] (m: *[n][n]i32) (i: i64) (xs: [n]i32) : *[n][n]i32 = m with [i] = map (+ 1) xs",
        expect![[r#"
            entry main {
              param n_0: i64
              param n_1: i64
              param xs_2: *[n_0][n_1]i32 @ mem_xs_2 -> 0 + {(n_0 : n_1), (n_1 : 1)}
              param x_3: i64
              param n_4: i64
              param xs_5: [n_4]i32 @ mem_xs_5 -> 0 + {(n_4 : 1)}
              let {x_6: bool} = eq(n_1, n_0)
              let {x_7: bool} = eq(n_0, 0i64)
              let {x_8: bool} = or(x_6, x_7)
              let {} = assert(x_8, "entry point arguments have invalid sizes.", "test.fut:1:20-30")
              let {x_9: bool} = eq(n_4, n_0)
              let {} = assert(x_9, "entry point arguments have invalid sizes.", "test.fut:1:46-52")
              let {map_12: [n_4]i32} = screma(n_4, {xs_5}) (row gtid_20)
              {
                let {x_11: i32} = add(p_10, 1i32)
                in {x_11}
              }
              -- map_12: [n_4]i32 @ mem_xs_2 -> n_1*x_3 + {(n_1 : 1)}
              let {x_13: bool} = le(0i64, x_3)
              let {x_14: bool} = lt(x_3, n_0)
              let {x_15: bool} = and(x_13, x_14)
              let {} = assert(x_15, "Bad update: Index [" ++ x_3 ++ "] out of bounds for array of shape " ++ "[" ++ n_0 ++ "]" ++ "[" ++ n_1 ++ "]" ++ ".", "test.fut:1:69-94")
              let {upd_16: *[n_0][n_1]i32} = xs_2 with [x_3] = map_12
              -- upd_16: *[n_0][n_1]i32 @ mem_xs_2 -> 0 + {(n_0 : n_1), (n_1 : 1)}
              let {x_19: bool} = or(x_6, x_7)
              let {} = assert(x_19, "Value of shape \"" ++ "[" ++ n_0 ++ "]" ++ "[" ++ n_1 ++ "]" ++ "\" cannot match shape of type \"*[n][n]i32\" (\"" ++ "[" ++ n_0 ++ "]" ++ "[" ++ n_0 ++ "]" ++ "\")", "test.fut:1:56-66")
              in {upd_16}
            }
        "#]],
    );
}

#[test]
fn loop_allocations_of_invariant_size_move_before_the_loop() {
    snapshot(
        "entry main (n: i64) (k: i64) : i64 = loop s = 0 for i < k do s + reduce (+) 0 (map (+ i) (iota n))",
        expect![[r#"
            entry main {
              param x_0: i64
              param x_1: i64
              let {loop_15: i64} = loop {p_2 = 0i64} for i_3 < x_1
              {
                let {x_4: bool} = le(0i64, x_0)
                let {} = assert(x_4, "Range 0..1..<" ++ x_0 ++ " is invalid.", "/prelude/array.fut:93:3-20")
                let {red_13: i64} = screma(x_0, {}) (row gtid_16)
                {
                  let {p_6: i64} = gtid_16
                  let {x_7: i64} = add(p_6, i_3)
                  in {x_7}
                }
                {
                  let {x_11: i64} = add(p_9, p_10)
                  in {x_11}
                }
                let {x_14: i64} = add(p_2, red_13)
                in {x_14}
              }
              in {loop_15}
            }
        "#]],
    );
}

#[test]
fn the_checker_rejects_an_array_without_memory_and_a_wrong_rank() {
    let mut p = mem_of("entry main [n] (xs: [n]i32) : [n]i32 = map (+ 1) xs", false);
    assert!(crate::check::program(&p).is_ok());
    let arr = *p.arrays.keys().max().expect("an array");
    let saved = p.arrays.remove(&arr).expect("placed");
    let e = crate::check::program(&p).expect_err("missing memory");
    assert!(e.contains("has no memory"), "{e}");
    let mut wrong = saved.clone();
    wrong.lmad = wrong.lmad.fix(&crate::lmad::Poly::constant(0));
    p.arrays.insert(arr, wrong);
    let e = crate::check::program(&p).expect_err("wrong rank");
    assert!(e.contains("has rank 0"), "{e}");
}

#[test]
fn the_checker_rejects_a_block_used_out_of_scope() {
    let mut p = mem_of("entry main [n] (xs: [n]i32) : [n]i32 = map (+ 1) xs", false);
    // Drop the allocation: the map's result lives in a block never made.
    let f = &mut p.funs[0];
    f.body.stms.retain(|s| !matches!(s, MemStm::Alloc { .. }));
    let e = crate::check::program(&p).expect_err("out of scope");
    assert!(e.contains("not allocated in scope"), "{e}");
}

#[test]
fn per_row_memory_is_hoisted_on_the_host_and_expanded_on_the_device() {
    let text = "entry main (xs: []i64) : []i64 = map (\\x -> let t = replicate 3 x let t[1] = 0 in reduce (+) 0 t) xs";
    let show = |gpu| {
        let p = mem_of(text, gpu);
        crate::print::program(&p)
            .lines()
            .filter(|l| l.contains("alloc") || l.contains("-- rep") || l.contains("-- upd"))
            .map(|l| l.trim().to_string())
            .collect::<Vec<_>>()
            .join("\n")
    };
    expect![[r#"
        let mem_map_10 = alloc(8*n_0 bytes, Host)
        let mem_rep_3 = alloc(24 bytes, Host)
        -- rep_3: [3i64]i64 @ mem_rep_3 -> 0 + {(3 : 1)}
        -- upd_4: [3i64]i64 @ mem_rep_3 -> 0 + {(3 : 1)}"#]]
    .assert_eq(&show(false));
    expect![[r#"
        let mem_map_10 = alloc(8*n_0 bytes, Device)
        let mem_rep_3 = alloc(24*n_0 bytes, Device)
        -- rep_3: [3i64]i64 @ mem_rep_3 -> 3*gtid_11 + {(3 : 1)}
        -- upd_4: [3i64]i64 @ mem_rep_3 -> 3*gtid_11 + {(3 : 1)}"#]]
    .assert_eq(&show(true));
}

mod rules;
