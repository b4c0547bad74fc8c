//! Snapshots of the kernel IR and of the generated OpenCL C for small
//! programs, and runs on a device (skipped, with a notice, only where no
//! OpenCL platform exists at all).

use expect_test::{expect, Expect};
use runic_core::{compile_entry_to, declared_layouts, Stage};

use crate::codegen;

pub(crate) fn kernels_of(text: &str) -> runic_kernels::KernelProgram {
    let program = runic_eval::run::load_single("test.fut", text).expect("the program loads");
    let layouts = declared_layouts(&program, "main").expect("declared layouts");
    let core = compile_entry_to(&program, "main", &layouts, Stage::Fused)
        .expect("internalises")
        .program;
    runic_kernels::compile(core).expect("kernel extraction")
}

fn kernel_ir(text: &str, expected: Expect) {
    expected.assert_eq(&runic_kernels::print::program(&kernels_of(text)));
}

/// The generated kernels, without the prelude.
fn opencl(text: &str, expected: Expect) {
    let generated = codegen::generate(&kernels_of(text)).expect("code generation");
    let start = generated.source.find("__kernel").unwrap_or(0);
    expected.assert_eq(&generated.source[start..]);
}

#[test]
fn a_map_into_a_reduction_runs_in_the_reduction_kernel() {
    // Futhark's redomap: each thread maps the elements it folds, and no
    // array of operands is built.
    kernel_ir(
        "entry main (xs: []i32) : i32 = reduce (+) 0 (map (\\x -> x * 2) xs)",
        expect![[r#"
            kernel segred_0 (n_0: i64, xs_1: [n_0]i32) {
              map (xs_1) \ (p_2: i32): {i32} -> {
                let {x_3: i32} = mul(p_2, 2i32)
                in {x_3}
              }
              segred ordered n_0 (xs_1) from (0i32) \ (p_5: i32) (p_6: i32): {i32} -> {
                let {x_7: i32} = add(p_5, p_6)
                in {x_7}
              }
            }

            host main (n_0: i64) (xs_1: [n_0]i32) = {
              let {red_9: i32} = launch segred_0
              in {red_9}
            }
        "#]],
    );
}

#[test]
fn nested_parallelism_runs_inside_a_thread() {
    kernel_ir(
        "entry main (xss: [][]f32) : []f32 = map (\\xs -> f32.sum xs * 2) xss",
        expect![[r#"
            kernel segmap_0 (n_0: i64, n_1: i64, xs_2: [n_0][n_1]f32) {
              segmap (gtid_13 < n_0) rows of (xs_2) \ (p_3: [n_1]f32): {f32} -> {
                let {red_8: f32} = screma(n_1, {p_3},
                  reduce({0.0f32}, \ (p_4: f32) (p_5: f32): {f32} -> {
                    let {x_6: f32} = add(p_4, p_5)
                    in {x_6}
                  }),
                  map( \ (p_7: f32): {f32} -> {
                    in {p_7}
                  }))
                let {x_9: f32} = mul(red_8, 2.0f32)
                in {x_9}
              }
            }

            kernel segred_1 (n_0: i64, n_1: i64, xs_2: [n_0][n_1]f32) {
              segred ordered segments n_0 of n_1 (xs_2) from (0.0f32) \ (p_4: f32) (p_5: f32): {f32} -> {
                let {x_6: f32} = add(p_4, p_5)
                in {x_6}
              }
            }

            kernel segmap_2 (n_0: i64, n_1: i64, xs_2: [n_0][n_1]f32, seg_res_14: [n_0]f32) {
              segmap (gtid_15 < n_0) rows of (xs_2, seg_res_14) \ (p_3: [n_1]f32) (red_8: f32): {f32} -> {
                let {x_9: f32} = mul(red_8, 2.0f32)
                in {x_9}
              }
            }

            host main (n_0: i64) (n_1: i64) (xs_2: [n_0][n_1]f32) = {
              let {suff_outer_par_16: bool} = ge(n_0, 32768i64)
              let {map_10: [n_0]f32} = if suff_outer_par_16 then {
                alloc alt_11: [n_0]f32
                let {alt_11: [n_0]f32} = launch segmap_0
                in {alt_11}
              } else {
                alloc seg_res_14: [n_0]f32
                let {seg_res_14: [n_0]f32} = launch segred_1
                alloc alt_12: [n_0]f32
                let {alt_12: [n_0]f32} = launch segmap_2
                in {alt_12}
              }
              in {map_10}
            }
            threshold main.suff_outer_par_0 = 32768 (binds suff_outer_par_16)
        "#]],
    );
}

#[test]
fn a_reduction_in_a_map_is_one_segmented_reduction() {
    kernel_ir(
        "entry main (xss: [][]f32) : []f32 = map (\\xs -> f32.sum xs) xss",
        expect![[r#"
            kernel segmap_0 (n_0: i64, n_1: i64, xs_2: [n_0][n_1]f32) {
              segmap (gtid_12 < n_0) rows of (xs_2) \ (p_3: [n_1]f32): {f32} -> {
                let {red_8: f32} = screma(n_1, {p_3},
                  reduce({0.0f32}, \ (p_4: f32) (p_5: f32): {f32} -> {
                    let {x_6: f32} = add(p_4, p_5)
                    in {x_6}
                  }),
                  map( \ (p_7: f32): {f32} -> {
                    in {p_7}
                  }))
                in {red_8}
              }
            }

            kernel segred_1 (n_0: i64, n_1: i64, xs_2: [n_0][n_1]f32) {
              segred ordered segments n_0 of n_1 (xs_2) from (0.0f32) \ (p_4: f32) (p_5: f32): {f32} -> {
                let {x_6: f32} = add(p_4, p_5)
                in {x_6}
              }
            }

            host main (n_0: i64) (n_1: i64) (xs_2: [n_0][n_1]f32) = {
              let {suff_outer_par_13: bool} = ge(n_0, 32768i64)
              let {map_9: [n_0]f32} = if suff_outer_par_13 then {
                alloc alt_10: [n_0]f32
                let {alt_10: [n_0]f32} = launch segmap_0
                in {alt_10}
              } else {
                alloc alt_11: [n_0]f32
                let {alt_11: [n_0]f32} = launch segred_1
                in {alt_11}
              }
              in {map_9}
            }
            threshold main.suff_outer_par_0 = 32768 (binds suff_outer_par_13)
        "#]],
    );
}

#[test]
fn array_operations_without_a_parallel_form_run_in_one_thread() {
    kernel_ir(
        "entry main (n: i64) : []i64 = reverse (iota n)",
        expect![[r#"
            kernel seq_0 (x_0: i64, iota_2: [x_0]i64, x_3: i64, x_28: i64) {
              sequential {
                let {elem_29: [x_28]i64} = iota_2[x_3:+x_28*-1i64]
                in {elem_29}
              }
            }

            kernel iota_1 (x_0: i64) {
              segmap (gtid_31 < x_0) rows of () \ : {i64} -> {
                in {gtid_31}
              }
            }

            host main (x_0: i64) = {
              let {x_1: bool} = le(0i64, x_0)
              let {} = assert(x_1, "Range 0..1..<" ++ x_0 ++ " is invalid.", "/prelude/array.fut:93:3-20")
              alloc iota_2: [x_0]i64
              let {iota_2: [x_0]i64} = launch iota_1
              let {x_3: i64} = sub(x_0, 1i64)
              let {x_5: i64} = sub(x_3, -1i64)
              let {x_6: i64} = add(x_5, 1i64)
              let {x_7: i64} = sub(x_6, 1i64)
              let {x_9: i64} = sub(x_7, 1i64)
              let {x_10: i64} = mul(x_9, -1i64)
              let {x_11: i64} = add(x_3, x_10)
              let {x_15: bool} = le(-1i64, x_3)
              let {x_16: bool} = le(0i64, x_3)
              let {x_17: bool} = lt(x_3, x_0)
              let {x_18: bool} = and(x_16, x_17)
              let {x_19: bool} = le(0i64, x_11)
              let {x_20: bool} = lt(x_11, x_0)
              let {x_21: bool} = and(x_19, x_20)
              let {x_22: bool} = gt(x_7, 0i64)
              let {x_23: bool} = and(x_22, x_15)
              let {x_24: bool} = and(x_23, x_18)
              let {x_25: bool} = and(x_24, x_21)
              let {x_26: bool} = eq(x_7, 0i64)
              let {x_27: bool} = or(x_26, x_25)
              let {x_28: i64} = max(x_7, 0i64)
              let {} = assert(x_27, "Index [" ++ ":" ++ ":" ++ -1i64 ++ "] out of bounds for array of shape " ++ "[" ++ x_0 ++ "]" ++ ".", "/prelude/array.fut:75:3-10")
              let {elem_29: [x_28]i64} = launch seq_0
              let {x_30: bool} = eq(x_28, x_0)
              let {} = assert(x_30, "Value of shape \"" ++ "[" ++ x_28 ++ "]" ++ "\" cannot match shape of type \"[n]t\" (\"" ++ "[" ++ x_0 ++ "]" ++ "t\")", "/prelude/array.fut:74:31-35")
              in {elem_29}
            }
        "#]],
    );
}

#[test]
fn histograms_update_atomically() {
    kernel_ir(
        "entry main (is: []i64) : []i32 = hist (+) 0 10 is (map (const 1) is)",
        expect![[r#"
            kernel replicate_0 (n_0: i64) {
              segmap (gtid_11 < n_0) rows of () \ : {i32} -> {
                in {1i32}
              }
            }

            kernel replicate_1 () {
              segmap (gtid_12 < 10i64) rows of () \ : {i32} -> {
                in {0i32}
              }
            }

            kernel seghist_2 (n_0: i64, xs_1: [n_0]i64, map_3: [n_0]i32, rep_4: [10i64]i32) {
              seghist n_0 into (rep_4) at (xs_1) values (map_3) atomically \ (p_5: i32) (p_6: i32): {i32} -> {
                let {x_7: i32} = add(p_5, p_6)
                in {x_7}
              }
            }

            host main (n_0: i64) (xs_1: [n_0]i64) = {
              alloc map_3: [n_0]i32
              let {map_3: [n_0]i32} = launch replicate_0
              alloc rep_4: [10i64]i32
              let {rep_4: [10i64]i32} = launch replicate_1
              let {hist_10: [10i64]i32} = launch seghist_2
              in {hist_10}
            }
        "#]],
    );
}

#[test]
fn a_transposition_only_maps_read_is_read_through() {
    // Each thread walks a row of `transpose b`: a column of `b`, which its
    // neighbours' columns sit beside (coalesced), and nothing is built.
    kernel_ir(
        "entry main [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =\n\
         map (\\r -> map (\\c -> f32.sum (map2 (*) r c)) (transpose b)) a",
        expect![[r#"
            kernel segmap_0 (n_0: i64, n_1: i64, xs_2: [n_0][n_1]f32, n_3: i64, n_4: i64, xs_5: [n_3][n_4]f32) {
              segmap tiled 64x64 (row, col) (gtid_43 < n_0, gtid_44 < n_4) rows of () \ : {f32} -> {
                let {tr_8: [n_4][n_3]f32} = rearrange((1, 0), xs_5)
                let {p_7: [n_1]f32} = xs_2[gtid_43]
                let {p_9: [n_3]f32} = tr_8[gtid_44]
                let {red_23: f32} = screma(n_1, {p_7, p_9},
                  reduce({0.0f32}, \ (p_19: f32) (p_20: f32): {f32} -> {
                    let {x_21: f32} = add(p_19, p_20)
                    in {x_21}
                  }),
                  map( \ (p_15: f32) (p_16: f32): {f32} -> {
                    let {x_17: f32} = mul(p_15, p_16)
                    in {x_17}
                  }))
                in {red_23}
              }
            }

            kernel segred_1 (n_0: i64, n_1: i64, n_4: i64, nest_size_45: i64, xs_2: [n_0][n_1]f32, n_3: i64, xs_5: [n_3][n_4]f32) {
              map at (gtid_49 < n_0, gtid_50 < n_4, gtid_51 < n_1) \ : {f32} -> {
                let {tr_8: [n_4][n_3]f32} = rearrange((1, 0), xs_5)
                let {p_7: [n_1]f32} = xs_2[gtid_49]
                let {p_9: [n_3]f32} = tr_8[gtid_50]
                let {p_15: f32} = p_7[gtid_51]
                let {p_16: f32} = p_9[gtid_51]
                let {x_17: f32} = mul(p_15, p_16)
                in {x_17}
              }
              segred ordered segments nest_size_45 of n_1 () from (0.0f32) \ (p_19: f32) (p_20: f32): {f32} -> {
                let {x_21: f32} = add(p_19, p_20)
                in {x_21}
              }
            }

            host main (n_0: i64) (n_1: i64) (xs_2: [n_0][n_1]f32) (n_3: i64) (n_4: i64) (xs_5: [n_3][n_4]f32) = {
              let {x_6: bool} = eq(n_3, n_1)
              let {} = assert(x_6, "entry point arguments have invalid sizes.", "test.fut:1:41-50")
              let {empty_26: bool} = eq(n_4, 0i64)
              let {holds_27: bool} = or(empty_26, x_6)
              let {empty_32: bool} = eq(n_0, 0i64)
              let {holds_33: bool} = or(empty_32, holds_27)
              let {} = assert(holds_33, "Value of shape \"" ++ "[" ++ n_3 ++ "]" ++ "\" cannot match shape of type \"[n]b\" (\"" ++ "[" ++ n_1 ++ "]" ++ "b\")", "/prelude/soacs.fut:32:56-60")
              let {empty_28: bool} = eq(n_4, 0i64)
              let {holds_29: bool} = or(empty_28, x_6)
              let {empty_34: bool} = eq(n_0, 0i64)
              let {holds_35: bool} = or(empty_34, holds_29)
              let {} = assert(holds_35, "Value of shape \"" ++ "[" ++ n_3 ++ "]" ++ "\" cannot match shape of type \"[n]b\" (\"" ++ "[" ++ n_1 ++ "]" ++ "b\")", "/prelude/zip.fut:7:35-39")
              let {x_12: bool} = eq(n_1, n_3)
              let {empty_30: bool} = eq(n_4, 0i64)
              let {holds_31: bool} = or(empty_30, x_12)
              let {empty_36: bool} = eq(n_0, 0i64)
              let {holds_37: bool} = or(empty_36, holds_31)
              let {} = assert(holds_37, "Cannot zip arrays of shapes [" ++ n_1 ++ "] and [" ++ n_3 ++ "].", "/prelude/zip.fut:8:3-23")
              let {nest_size_52: i64} = mul(n_0, n_4)
              let {suff_outer_par_53: bool} = ge(nest_size_52, 32768i64)
              let {map_25: [n_0][n_4]f32} = if suff_outer_par_53 then {
                alloc alt_41: [n_0][n_4]f32
                let {alt_41: [n_0][n_4]f32} = launch segmap_0
                in {alt_41}
              } else {
                let {nest_size_45: i64} = mul(n_0, n_4)
                alloc alt_42: [n_0][n_4]f32
                let {alt_42: [n_0][n_4]f32} = launch segred_1
                in {alt_42}
              }
              in {map_25}
            }
            threshold main.suff_outer_par_0 = 32768 (binds suff_outer_par_53)
        "#]],
    );
}

#[test]
fn a_transposition_also_returned_is_built() {
    kernel_ir(
        "entry main [n][m] (b: [m][n]i32) : ([n][m]i32, [n]i32) =\n\
         let t = transpose b in (t, map (\\r -> r[0] + r[m - 1]) t)",
        expect![[r#"
            kernel segmap_0 (n_0: i64, n_1: i64, xs_2: [n_0][n_1]i32) {
              segmap (gtid_18 < n_1, gtid_19 < n_0) rows of () \ : {i32} -> {
                let {elem_20: i32} = xs_2[gtid_19, gtid_18]
                in {elem_20}
              }
            }

            kernel segmap_1 (n_0: i64, n_1: i64, tr_3: [n_1][n_0]i32, x_7: i64) {
              segmap (gtid_21 < n_1) rows of (tr_3) \ (p_4: [n_0]i32): {i32} -> {
                let {elem_6: i32} = p_4[0i64]
                let {elem_11: i32} = p_4[x_7]
                let {x_12: i32} = add(elem_6, elem_11)
                in {x_12}
              }
            }

            host main (n_0: i64) (n_1: i64) (xs_2: [n_0][n_1]i32) = {
              alloc tr_3: [n_1][n_0]i32
              let {tr_3: [n_1][n_0]i32} = launch segmap_0
              let {x_5: bool} = lt(0i64, n_0)
              let {empty_14: bool} = eq(n_1, 0i64)
              let {holds_15: bool} = or(empty_14, x_5)
              let {} = assert(holds_15, "Index [" ++ 0i64 ++ "] out of bounds for array of shape " ++ "[" ++ n_0 ++ "]" ++ ".", "test.fut:2:39-43")
              let {x_7: i64} = sub(n_0, 1i64)
              let {x_8: bool} = le(0i64, x_7)
              let {x_9: bool} = lt(x_7, n_0)
              let {x_10: bool} = and(x_8, x_9)
              let {empty_16: bool} = eq(n_1, 0i64)
              let {holds_17: bool} = or(empty_16, x_10)
              let {} = assert(holds_17, "Index [" ++ x_7 ++ "] out of bounds for array of shape " ++ "[" ++ n_0 ++ "]" ++ ".", "test.fut:2:46-54")
              alloc map_13: [n_1]i32
              let {map_13: [n_1]i32} = launch segmap_1
              in {tr_3, map_13}
            }
        "#]],
    );
}

#[test]
fn a_scatter_into_each_row_is_one_scatter_over_all_rows() {
    kernel_ir(
        "def main [n][m][k] (xss: [n][m]i32) (iss: [n][k]i64) (vss: [n][k]i32) =
           map3 (\\xs is vs -> scatter (copy xs) is vs) xss iss vss",
        expect![[r#"
            kernel segmap_0 (n_0: i64, n_1: i64, xs_2: [n_0][n_1]i32, n_3: i64, n_4: i64, xs_5: [n_3][n_4]i64, n_6: i64, n_7: i64, xs_8: [n_6][n_7]i32) {
              segmap (gtid_52 < n_0) rows of (xs_2, xs_5, xs_8) \ (p_34: [n_1]i32) (p_35: [n_4]i64) (p_36: [n_7]i32): {[n_1]i32} -> {
                let {copy_37: [n_1]i32} = copy(p_34)
                in {copy_37}
              }
            }

            kernel segmap_1 (n_3: i64, n_4: i64, xs_5: [n_3][n_4]i64, n_6: i64, n_7: i64, xs_8: [n_6][n_7]i32, flat_w_46: i64) {
              segmap (gtid_56 < flat_w_46) rows of () \ : {i64, i64, i32} -> {
                let {flat_i_47: i64} = gtid_56
                let {coord_48: i64} = mod(flat_i_47, n_4)
                let {flat_q_49: i64} = div(flat_i_47, n_4)
                let {row_50: i64} = flat_q_49
                let {p_39: i64} = xs_5[row_50, coord_48]
                let {p_40: i32} = xs_8[row_50, coord_48]
                in {row_50, p_39, p_40}
              }
            }

            kernel segscatter_2 (n_0: i64, n_1: i64, split_rows_45: [n_0][n_1]i32, flat_w_46: i64, write_53: [flat_w_46]i64, write_54: [flat_w_46]i64, write_55: [flat_w_46]i32) {
              segscatter flat_w_46
                split_rows_45[write_53, write_54] = write_55
            }

            host main (n_0: i64) (n_1: i64) (xs_2: [n_0][n_1]i32) (n_3: i64) (n_4: i64) (xs_5: [n_3][n_4]i64) (n_6: i64) (n_7: i64) (xs_8: [n_6][n_7]i32) = {
              let {x_9: bool} = eq(n_3, n_0)
              let {} = assert(x_9, "entry point arguments have invalid sizes.", "test.fut:1:43-52")
              let {x_10: bool} = eq(n_6, n_0)
              let {x_11: bool} = eq(n_7, n_4)
              let {x_12: bool} = eq(n_6, 0i64)
              let {x_13: bool} = or(x_11, x_12)
              let {x_14: bool} = and(x_10, x_13)
              let {} = assert(x_14, "entry point arguments have invalid sizes.", "test.fut:1:60-69")
              let {} = assert(x_9, "Value of shape \"" ++ "[" ++ n_3 ++ "]" ++ "[" ++ n_4 ++ "]" ++ "\" cannot match shape of type \"[n]b\" (\"" ++ "[" ++ n_0 ++ "]" ++ "[" ++ n_4 ++ "]" ++ "b\")", "/prelude/soacs.fut:39:64-68")
              let {} = assert(x_10, "Value of shape \"" ++ "[" ++ n_6 ++ "]" ++ "[" ++ n_7 ++ "]" ++ "\" cannot match shape of type \"[n]c\" (\"" ++ "[" ++ n_0 ++ "]" ++ "[" ++ n_7 ++ "]" ++ "c\")", "/prelude/soacs.fut:39:75-79")
              let {} = assert(x_9, "Value of shape \"" ++ "[" ++ n_3 ++ "]" ++ "[" ++ n_4 ++ "]" ++ "\" cannot match shape of type \"[n]b\" (\"" ++ "[" ++ n_0 ++ "]" ++ "[" ++ n_4 ++ "]" ++ "b\")", "/prelude/zip.fut:15:39-43")
              let {} = assert(x_10, "Value of shape \"" ++ "[" ++ n_6 ++ "]" ++ "[" ++ n_7 ++ "]" ++ "\" cannot match shape of type \"[n]c\" (\"" ++ "[" ++ n_0 ++ "]" ++ "[" ++ n_7 ++ "]" ++ "c\")", "/prelude/zip.fut:15:50-54")
              let {x_19: bool} = eq(n_6, n_3)
              let {} = assert(x_19, "Value of shape \"" ++ "[" ++ n_6 ++ "]" ++ "[" ++ n_7 ++ "]" ++ "\" cannot match shape of type \"[n]b\" (\"" ++ "[" ++ n_3 ++ "]" ++ "[" ++ n_7 ++ "]" ++ "b\")", "/prelude/zip.fut:7:35-39")
              let {x_20: bool} = eq(n_3, n_6)
              let {} = assert(x_20, "Cannot zip arrays of shapes [" ++ n_3 ++ "] and [" ++ n_6 ++ "].", "/prelude/zip.fut:8:3-23")
              let {} = assert(x_9, "Value of shape \"" ++ "[" ++ n_3 ++ "]" ++ "[" ++ n_4 ++ "]" ++ "\" cannot match shape of type \"[n]b\" (\"" ++ "[" ++ n_0 ++ "]" ++ "[" ++ n_4 ++ "]" ++ "b\")", "/prelude/zip.fut:7:35-39")
              let {x_24: bool} = eq(n_0, n_3)
              let {} = assert(x_24, "Cannot zip arrays of shapes [" ++ n_0 ++ "] and [" ++ n_3 ++ "].", "/prelude/zip.fut:8:3-23")
              let {empty_43: bool} = eq(n_0, 0i64)
              let {holds_44: bool} = or(empty_43, x_11)
              let {} = assert(holds_44, "Value of shape \"" ++ "[" ++ n_7 ++ "]" ++ "\" cannot match shape of type \"[n]t\" (\"" ++ "[" ++ n_4 ++ "]" ++ "t\")", "/prelude/soacs.fut:147:56-60")
              alloc split_rows_45: [n_0][n_1]i32
              let {split_rows_45: [n_0][n_1]i32} = launch segmap_0
              let {flat_w_46: i64} = mul(n_0, n_4)
              alloc write_53: [flat_w_46]i64
              alloc write_54: [flat_w_46]i64
              alloc write_55: [flat_w_46]i32
              let {write_53: [flat_w_46]i64, write_54: [flat_w_46]i64, write_55: [flat_w_46]i32} = launch segmap_1
              let {map_42: [n_0][n_1]i32} = launch segscatter_2
              in {map_42}
            }
        "#]],
    );
}

#[test]
fn reduction_kernel_combines_neighbours_in_local_memory() {
    opencl(
        "entry main (xs: []f64) : f64 = reduce (+) 0 xs",
        expect![[r#"
            __kernel void segred_0(__global int* errflag, __global long* errdata, long v0, __global double* v1_p, long v1_d0, long n, __global double* in0, __global double* out0, __local double* loc0) {
              __local int runic_failed_before;
              if (get_local_id(0) == 0) runic_failed_before = *errflag;
              barrier(CLK_LOCAL_MEM_FENCE);
              if (runic_failed_before != 0) return;
              long gid = get_global_id(0), lid = get_local_id(0);
              long G = get_local_size(0), T = get_global_size(0);
              long start = gid, end = n, step = T;
              double acc0 = as_double((ulong)0x0ul);
              for (long i = start; i < end; i += step) {
                double r1;
                {
                  double v2;
                  v2 = acc0;
                  double v3;
                  v3 = in0[i];
                  double v4;
                  v4 = (v2 + v3);
                  r1 = v4;
                }
                acc0 = r1;
              }
              loc0[lid] = acc0;
              barrier(CLK_LOCAL_MEM_FENCE);
              for (long s = 1; s < G; s *= 2) {
                if (lid % (2 * s) == 0 && lid + s < G) {
                  double r2;
                  {
                    double v2;
                    v2 = loc0[lid];
                    double v3;
                    v3 = loc0[lid + s];
                    double v4;
                    v4 = (v2 + v3);
                    r2 = v4;
                  }
                  loc0[lid] = r2;
                }
                barrier(CLK_LOCAL_MEM_FENCE);
              }
              if (lid == 0) out0[get_group_id(0)] = loc0[0];
            }

        "#]],
    );
}

#[test]
fn bounds_checks_in_kernels_report_their_assertion() {
    opencl(
        "entry main (xs: []i32) (is: []i64) : []i32 = map (\\i -> xs[i]) is",
        expect![[r#"
            __kernel void segmap_0(__global int* errflag, __global long* errdata, __global uchar* heap, long quota, long v0, __global int* v1_p, long v1_d0, long v2, __global long* v3_p, long v3_d0, __global int* out0_p, long out0_d0) {
              if (*errflag != 0) return;
              long gflat = get_global_id(0);
              if (gflat >= (v2)) return;
              long hstart = gflat * quota, hp = hstart, hend = hstart + quota;
              long grest = gflat;
              long v10 = grest;
              long v4;
              v4 = v3_p[(0L + (v10) * 1L)];
              uchar v5;
              v5 = ((uchar)(((long)0x0ul) <= v4));
              uchar v6;
              v6 = ((uchar)(v4 < v0));
              uchar v7;
              v7 = ((uchar)(v5 & v6));
              if (!(v7)) { if (atomic_cmpxchg(errflag, 0, 1) == 0) { errdata[0] = (long)(v4); errdata[1] = (long)(v0); } return; }
              int v8;
              v8 = v1_p[((0L + (v4) * 1L))];
              out0_p[(0L + (v10) * 1L)] = v8;
            }

        "#]],
    );
}

/// Runs `main` of a program on the first device with arguments in
/// Futhark's value syntax; `None` (after a notice) when there is no
/// OpenCL platform.
pub(crate) fn on_device(text: &str, input: &str) -> Option<Result<Vec<String>, String>> {
    // One test on the device at a time (PoCL builds programs on the
    // calling thread).
    static DEVICE: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one = DEVICE.lock().unwrap_or_else(|e| e.into_inner());
    if !crate::runtime::device::available() {
        eprintln!("note: no OpenCL platform; skipping a device test");
        return None;
    }
    let device = crate::select_device(None).expect("a device");
    let program = runic_eval::run::load_single("test.fut", text).expect("the program loads");
    let args = runic_eval::binary::read_all(input.as_bytes()).expect("the input parses");
    Some(
        crate::call_entry(
            &device,
            &program,
            ("main", &args),
            &crate::Tuning::default(),
        )
        .map(|(vs, _)| {
            vs.iter()
                .map(|v| runic_eval::text::show_value(v, None))
                .collect()
        })
        .map_err(|e| e.to_string()),
    )
}

#[test]
fn runs_a_map_map_reduce_chain() {
    let text = "entry main (xs: []f32) : f32 = reduce (+) 0 (map (+1) (map (*2) xs))";
    if let Some(r) = on_device(text, "[1f32, 2, 3, 4]") {
        assert_eq!(r.unwrap(), vec!["24.0f32"]);
    }
}

#[test]
fn a_large_scan_crosses_work_groups() {
    let text = "entry main (n: i64) : i64 = last (scan (+) 0 (iota n))";
    if let Some(r) = on_device(text, "100000i64") {
        assert_eq!(r.unwrap(), vec!["4999950000i64"]);
    }
}

#[test]
fn threads_that_need_more_memory_get_it() {
    // Every thread builds an array larger than the first heap quota.
    let text = "entry main (n: i64) : []i64 = map (\\i -> i64.sum (map (+i) (iota n))) (iota 4)";
    if let Some(r) = on_device(text, "5000i64") {
        assert_eq!(
            r.unwrap(),
            vec!["[12497500i64, 12502500i64, 12507500i64, 12512500i64]"]
        );
    }
}

#[test]
fn a_failed_bounds_check_names_index_shape_and_place() {
    let text = "entry main (xs: []i32) (is: []i64) : []i32 = map (\\i -> xs[i]) is";
    if let Some(r) = on_device(text, "[1, 2, 3] [0i64, 7]") {
        let e = r.unwrap_err();
        assert!(
            e.contains("Index [7] out of bounds for array of shape [3]."),
            "{e}"
        );
        assert!(e.contains("test.fut:1:"), "{e}");
    }
}

#[test]
fn a_freed_buffer_is_reused_for_the_same_size_and_runs_keep_their_values() {
    let text = "entry main (xs: []i32) : []i32 = map (\\x -> x * 3) xs";
    let Some(first) = on_device(text, "[1, 2, 3]") else {
        return;
    };
    assert_eq!(first.unwrap(), vec!["[3i32, 6i32, 9i32]"]);
    let device = crate::select_device(None).expect("a device");
    use crate::runtime::exec::buffer;
    use opencl3::memory::ClMem;
    let a = buffer(&device, 4096).expect("a buffer");
    let address = a.get();
    drop(a);
    assert_eq!(device.pool.held(), 4096);
    let b = buffer(&device, 4096).expect("a buffer");
    assert_eq!(b.get(), address, "the freed buffer comes back");
    assert_eq!(device.pool.held(), 0);
    let c = buffer(&device, 8192).expect("a buffer");
    assert_ne!(c.get(), address, "a buffer of another size is not it");
    drop((b, c));
    assert_eq!(device.pool.held(), 4096 + 8192);
}
