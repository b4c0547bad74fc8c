//! Fusion on small programs: the fused IR (snapshots) and the decisions
//! recorded for each SOAC.

use expect_test::{expect, Expect};

use crate::{check, compile_entry_to, declared_layouts, print, Stage};

/// The fused IR of entry point `main` and the decisions, one per line.
fn fused(text: &str) -> (String, String) {
    let program = runic_eval::run::load_single("test.fut", text).expect("the program loads");
    let layouts = declared_layouts(&program, "main").expect("declared layouts");
    let c = compile_entry_to(&program, "main", &layouts, Stage::Fused).expect("compiles");
    check::program(&c.program).expect("the IR checks");
    let mut decisions = String::new();
    for d in &c.fusion.decisions {
        let at = |l: &Option<crate::ir::Loc>| l.as_deref().unwrap_or("?").replace("test.fut:", "");
        decisions.push_str(&format!(
            "{} -> {}: {:?}\n",
            at(&d.loc),
            at(&d.other),
            d.verdict
        ));
    }
    (print::program(&c.program), decisions)
}

fn decisions(text: &str, expected: Expect) {
    expected.assert_eq(&fused(text).1);
}

#[test]
fn map_map_reduce_is_one_screma() {
    let (ir, decided) = fused("entry main (xs: []i32) : i32 = i32.sum (map (*2) (map (+1) xs))");
    expect![[r#"
        entry main (n_0: i64) (xs_1: [n_0]i32): {i32} = {
          let {red_12: i32} = screma(n_0, {xs_1},
            reduce({0i32}, \ (p_8: i32) (p_9: i32): {i32} -> {
              let {x_10: i32} = add(p_8, p_9)
              in {x_10}
            }),
            map( \ (p_2: i32): {i32} -> {
              let {x_3: i32} = add(p_2, 1i32)
              let {x_6: i32} = mul(x_3, 2i32)
              in {x_6}
            }))
          in {red_12}
        }
    "#]]
    .assert_eq(&ir);
    expect![[r#"
        1:51-62 -> 1:41-63: Fused(MapIntoMap)
        1:41-63 -> 1:32-64: Fused(IntoScrema)
    "#]]
    .assert_eq(&decided);
}

#[test]
fn a_producer_used_after_its_consumer_is_still_returned() {
    let (ir, _) =
        fused("entry main (xs: []i32) : ([]i32, i32) = let ys = map (+1) xs in (ys, i32.sum ys)");
    assert_eq!(ir.matches("screma(").count(), 1, "{ir}");
}

#[test]
fn an_in_place_update_in_between_keeps_them_apart() {
    decisions(
        "entry main (xs: *[]i32) = let ys = map (+2) xs let xs[0] = 2 let zs = map (*xs[1]) ys in (xs, zs)",
        expect![[r#"
            1:36-47 -> 1:71-86: NotFused(InPlaceUpdateBetween)
        "#]],
    );
}

#[test]
fn a_use_in_between_means_several_consumers() {
    decisions(
        "entry main (xs: []i32) = let ys = map (+2) xs let k = ys[0] in map (+k) ys",
        expect![[r#"
            1:35-46 -> 1:64-75: NotFused(SeveralConsumers)
        "#]],
    );
}

#[test]
fn a_consumer_indexing_the_whole_array_is_not_fused() {
    decisions(
        "entry main (xs: []i32) = let ys = map (+2) xs in map (\\y -> y + ys[0]) ys",
        expect![[r#"
            1:35-46 -> 1:50-74: NotFused(WholeArray)
        "#]],
    );
}

#[test]
fn a_use_inside_a_loop_is_a_dependency_through_a_loop() {
    decisions(
        "entry main (xs: []i32) = let ys = map (+2) xs in loop acc = 0 for i < 3 do acc + i32.sum ys",
        expect![[r#"
            1:35-46 -> ?: NotFused(ThroughLoop)
        "#]],
    );
}

#[test]
fn independent_reductions_over_one_input_fuse_horizontally() {
    decisions(
        "entry main (xs: []i32) = (i32.sum xs, i32.product xs)",
        expect![[r#"
            1:27-37 -> 1:39-53: Fused(Horizontal)
        "#]],
    );
}

#[test]
fn maps_fuse_into_a_scatter_and_scatters_horizontally() {
    let (ir, _) = fused(
        "entry main (is: []i64) (vs: []i32) (a: *[]i32) (b: *[]i32) =
           let a' = scatter a is (map (+1) vs)
           let b' = scatter b is (map (+2) vs)
           in (a', b')",
    );
    assert_eq!(ir.matches("scatter(").count(), 1, "{ir}");
    assert_eq!(ir.matches("screma(").count(), 0, "{ir}");
}

#[test]
fn soac_invariant_code_leaves_the_nest() {
    // A pixel grid as in bench/mandelbrot.fut: `iota w` and its size
    // check move out of the outer map (the check guarded: it holds when
    // there are no rows), and so do the scalars that depend on neither
    // row; the outer map's function is then only the inner map, after
    // the cheap work of its own row.
    let (ir, _) = fused(
        "entry main (w: i64) (h: i64) : [h][w]f32 =
           map (\\j -> map (\\i -> f32.i64 i / f32.i64 w + f32.i64 j / f32.i64 h) (iota w)) (iota h)",
    );
    expect![[r#"
        entry main (x_0: i64) (x_1: i64): {[x_1][x_0]f32} = {
          let {x_2: bool} = le(0i64, x_1)
          let {} = assert(x_2, "Range 0..1..<" ++ x_1 ++ " is invalid.", "/prelude/array.fut:93:3-20")
          let {iota_3: [x_1]i64} = iota(x_1)
          let {x_5: bool} = le(0i64, x_0)
          let {empty_17: bool} = eq(x_1, 0i64)
          let {holds_18: bool} = or(empty_17, x_5)
          let {} = assert(holds_18, "Range 0..1..<" ++ x_0 ++ " is invalid.", "/prelude/array.fut:93:3-20")
          let {iota_6: [x_0]i64} = iota(x_0)
          let {x_9: f32} = to_f32(x_0)
          let {x_12: f32} = to_f32(x_1)
          let {map_16: [x_1][x_0]f32} = screma(x_1, {iota_3},
            map( \ (p_4: i64): {[x_0]f32} -> {
              let {x_11: f32} = to_f32(p_4)
              let {map_15: [x_0]f32} = screma(x_0, {iota_6},
                map( \ (p_7: i64): {f32} -> {
                  let {x_8: f32} = to_f32(p_7)
                  let {x_10: f32} = div(x_8, x_9)
                  let {x_13: f32} = div(x_11, x_12)
                  let {x_14: f32} = add(x_10, x_13)
                  in {x_14}
                }))
              in {map_15}
            }))
          in {map_16}
        }
    "#]].assert_eq(&ir);
}

#[test]
fn a_check_that_may_fail_after_the_row_work_stays() {
    // The division may fail first on some row, so the check after it
    // stays inside, and so does the division (it may fail).
    let (ir, _) = fused(
        "entry main (xs: []i64) (k: i64) : []i64 =
           map (\\x -> let q = x / k in assert (k < 100) (q + 100 / k)) xs",
    );
    expect![[r#"
        entry main (n_0: i64) (xs_1: [n_0]i64) (x_2: i64): {[n_0]i64} = {
          let {x_5: bool} = lt(x_2, 100i64)
          let {map_8: [n_0]i64} = screma(n_0, {xs_1},
            map( \ (p_3: i64): {i64} -> {
              let {x_4: i64} = div(p_3, x_2)
              let {} = assert(x_5, "(k < 100)", "test.fut:2:40-70")
              let {x_6: i64} = div(100i64, x_2)
              let {x_7: i64} = add(x_4, x_6)
              in {x_7}
            }))
          in {map_8}
        }
    "#]]
    .assert_eq(&ir);
}

/// The program of entry point `main` at the `soacs` stage, then the
/// rounds of fusion as the `fused` stage runs them, with the IR checker
/// run right after each fusion (whatever the build's assertions); the
/// fused IR.
fn fused_and_checked_after_each_round(text: &str) -> String {
    let program = runic_eval::run::load_single("test.fut", text).expect("the program loads");
    let layouts = declared_layouts(&program, "main").expect("declared layouts");
    let mut p = compile_entry_to(&program, "main", &layouts, Stage::Soacs)
        .expect("compiles")
        .program;
    crate::cse::program(&mut p);
    crate::simplify::program(&mut p);
    for round in 0..2 {
        crate::soacs::program(&mut p);
        crate::simplify::program(&mut p);
        crate::fuse::program(&mut p);
        if let Err(e) = check::program(&p) {
            panic!(
                "the IR is invalid after fusion round {round}: {e}\n{}",
                print::program(&p)
            );
        }
        crate::simplify::program(&mut p);
    }
    print::program(&p)
}

#[test]
fn a_kept_inner_result_is_bound_before_the_copy_an_outer_fusion_left() {
    // The outer maps fuse, with the inner producer's result copied into
    // the consumer's parameter; the inner maps then fuse too, and since
    // the inner result is also returned, the fused inner map binds it: the
    // copy must not stay above it.
    let ir = fused_and_checked_after_each_round(
        "entry main [n][m] (rows: [n][m]i32) (s: i32) : ([n][m]i32, [n][m]i32) =
           let up = map (\\r -> map (+ 1) r) rows
           in (up, map (\\r -> map (* s) r) up)",
    );
    assert_eq!(ir.matches("screma(").count(), 2, "{ir}");
}

#[test]
fn a_kept_result_of_a_three_deep_nest_fuses_at_every_level() {
    let ir = fused_and_checked_after_each_round(
        "entry main [a][b][c] (xs: [a][b][c]i64) : ([a][b][c]i64, [a][b][c]i64) =
           let ys = map (\\p -> map (\\r -> map (* 3) r) p) xs
           let zs = map (\\p -> map (\\r -> map (\\y -> y - 1) r) p) ys
           let ys[0, 0, 0] = 7
           in (ys, zs)",
    );
    assert_eq!(ir.matches("screma(").count(), 3, "{ir}");
}

#[test]
fn a_coerced_nest_takes_the_sizes_of_the_coercion_before_fusion_inlines_it() {
    // The joined rows' size is bound inside the row function; past the
    // coercion the plane must be `[k][m]`, or once the outer maps fuse its
    // type names a size that is out of scope there.
    let ir = fused_and_checked_after_each_round(
        "entry main [n][k][m] (by: [n]i64) (xss: [n][k][m]i32) : [n][k][m]i32 =
           map2 (\\i xs -> let a = map (\\r -> r[i:]) xs
                          let b = map (\\r -> r[:i]) xs
                          in (map2 (++) a b) :> [k][m]i32) by xss",
    );
    assert!(ir.contains("reshape("), "{ir}");
}
