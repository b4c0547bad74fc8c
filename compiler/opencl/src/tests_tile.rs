//! Snapshots of tiled SegMaps (`runic_kernels::tile`): the kernel IR of a
//! matrix multiplication tiled in 2-D and of a reduction tiled in 1-D,
//! the structure Futhark's metrics see in them, and their OpenCL C.

use expect_test::{expect, Expect};

use crate::codegen;

fn kernels_of(text: &str) -> runic_kernels::KernelProgram {
    super::tests::kernels_of(text)
}

/// The first kernel's IR.
fn first_kernel(text: &str, expected: Expect) {
    let kp = kernels_of(text);
    expected.assert_eq(&runic_kernels::print::kernel(&kp, &kp.kernels[0]));
}

const MATMUL: &str = "entry main [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
  map (\\row -> map (\\col -> f32.sum (map2 (*) row col)) (transpose b)) a";

const ROWS_1D: &str = "entry main [m][k] (xss: [m][k]i32) (ys: []i32) =
  map (\\xs -> map (\\y -> i32.sum (map (\\x -> x * y) xs)) ys) xss";

#[test]
fn a_matrix_multiplication_is_tiled_in_two_dimensions() {
    first_kernel(
        MATMUL,
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
    "#]],
    );
}

#[test]
fn a_reduction_of_a_row_shared_by_the_group_is_tiled_in_one_dimension() {
    first_kernel(
        ROWS_1D,
        expect![[r#"
        kernel segmap_0 (n_0: i64, n_1: i64, xs_2: [n_0][n_1]i32, n_3: i64, xs_4: [n_3]i32) {
          segmap tiled 256 (row) (gtid_19 < n_0, gtid_20 < n_3) rows of () \ : {i32} -> {
            let {p_5: [n_1]i32} = xs_2[gtid_19]
            let {p_6: i32} = xs_4[gtid_20]
            let {red_14: i32} = screma(n_1, {p_5},
              reduce({0i32}, \ (p_10: i32) (p_11: i32): {i32} -> {
                let {x_12: i32} = add(p_10, p_11)
                in {x_12}
              }),
              map( \ (p_7: i32): {i32} -> {
                let {x_8: i32} = mul(p_7, p_6)
                in {x_8}
              }))
            in {red_14}
          }
        }
    "#]],
    );
}

#[test]
fn a_tiled_kernel_counts_a_copy_and_a_fold_per_tile() {
    let m = runic_kernels::metrics::program(&kernels_of(ROWS_1D));
    assert_eq!(m.get("SegMap/Loop/SegMap").copied(), Some(2));
    assert_eq!(m.get("SegMap/Loop").copied(), Some(1));
}

#[test]
fn a_tiled_matrix_multiplication_folds_from_local_memory() {
    let generated = codegen::generate(&kernels_of(MATMUL)).expect("code generation");
    let start = generated.source.find("__kernel").unwrap_or(0);
    let end = generated.source[start + 1..]
        .find("__kernel")
        .map_or(generated.source.len(), |e| start + 1 + e);
    expect![[r#"
        __kernel void segmap_0(__global int* errflag, __global long* errdata, __global uchar* heap, long quota, long v0, long v1, __global float* v2_p, long v2_d0, long v2_d1, long v3, long v4, __global float* v5_p, long v5_d0, long v5_d1, __global float* out0_p, long out0_d0, long out0_d1) {
          __local float tile0[1024];
          __local float tile1[1024];
          long grest = get_group_id(0), ltid = get_local_id(0);
          long ly = ltid / 16, lx = ltid % 16;
          long hstart = 0, hp = 0, hend = 0;
          long blk1 = grest % (((v4) + 64 - 1) / 64); grest /= (((v4) + 64 - 1) / 64);
          long blk0 = grest;
          long v43_q0 = blk0 * 64 + ly + 0;
          v43_q0 = min(v43_q0, (v0) - 1);
          long v44_q0 = blk1 * 64 + lx + 0;
          v44_q0 = min(v44_q0, (v4) - 1);
          bool in_range_q0 = v43_q0 < (v0) && v44_q0 < (v4);
          __global float* v8_q0_p;
          long v8_q0_o, v8_q0_d0, v8_q0_d1, v8_q0_s0, v8_q0_s1;
          v8_q0_p = v5_p; v8_q0_o = 0L;
          v8_q0_d0 = v5_d1; v8_q0_s0 = 1L;
          v8_q0_d1 = v5_d0; v8_q0_s1 = (1L * v5_d1);
          __global float* v7_q0_p;
          long v7_q0_o, v7_q0_d0, v7_q0_s0;
          v7_q0_p = v2_p; v7_q0_o = (0L + (v43_q0) * (1L * v2_d1));
          v7_q0_d0 = v2_d1; v7_q0_s0 = 1L;
          __global float* v9_q0_p;
          long v9_q0_o, v9_q0_d0, v9_q0_s0;
          v9_q0_p = v8_q0_p; v9_q0_o = (v8_q0_o + (v44_q0) * v8_q0_s0);
          v9_q0_d0 = v8_q0_d1; v9_q0_s0 = v8_q0_s1;
          long v43_q1 = blk0 * 64 + ly + 0;
          v43_q1 = min(v43_q1, (v0) - 1);
          long v44_q1 = blk1 * 64 + lx + 16;
          v44_q1 = min(v44_q1, (v4) - 1);
          bool in_range_q1 = v43_q1 < (v0) && v44_q1 < (v4);
          __global float* v8_q1_p;
          long v8_q1_o, v8_q1_d0, v8_q1_d1, v8_q1_s0, v8_q1_s1;
          v8_q1_p = v5_p; v8_q1_o = 0L;
          v8_q1_d0 = v5_d1; v8_q1_s0 = 1L;
          v8_q1_d1 = v5_d0; v8_q1_s1 = (1L * v5_d1);
          __global float* v7_q1_p;
          long v7_q1_o, v7_q1_d0, v7_q1_s0;
          v7_q1_p = v2_p; v7_q1_o = (0L + (v43_q1) * (1L * v2_d1));
          v7_q1_d0 = v2_d1; v7_q1_s0 = 1L;
          __global float* v9_q1_p;
          long v9_q1_o, v9_q1_d0, v9_q1_s0;
          v9_q1_p = v8_q1_p; v9_q1_o = (v8_q1_o + (v44_q1) * v8_q1_s0);
          v9_q1_d0 = v8_q1_d1; v9_q1_s0 = v8_q1_s1;
          long v43_q2 = blk0 * 64 + ly + 0;
          v43_q2 = min(v43_q2, (v0) - 1);
          long v44_q2 = blk1 * 64 + lx + 32;
          v44_q2 = min(v44_q2, (v4) - 1);
          bool in_range_q2 = v43_q2 < (v0) && v44_q2 < (v4);
          __global float* v8_q2_p;
          long v8_q2_o, v8_q2_d0, v8_q2_d1, v8_q2_s0, v8_q2_s1;
          v8_q2_p = v5_p; v8_q2_o = 0L;
          v8_q2_d0 = v5_d1; v8_q2_s0 = 1L;
          v8_q2_d1 = v5_d0; v8_q2_s1 = (1L * v5_d1);
          __global float* v7_q2_p;
          long v7_q2_o, v7_q2_d0, v7_q2_s0;
          v7_q2_p = v2_p; v7_q2_o = (0L + (v43_q2) * (1L * v2_d1));
          v7_q2_d0 = v2_d1; v7_q2_s0 = 1L;
          __global float* v9_q2_p;
          long v9_q2_o, v9_q2_d0, v9_q2_s0;
          v9_q2_p = v8_q2_p; v9_q2_o = (v8_q2_o + (v44_q2) * v8_q2_s0);
          v9_q2_d0 = v8_q2_d1; v9_q2_s0 = v8_q2_s1;
          long v43_q3 = blk0 * 64 + ly + 0;
          v43_q3 = min(v43_q3, (v0) - 1);
          long v44_q3 = blk1 * 64 + lx + 48;
          v44_q3 = min(v44_q3, (v4) - 1);
          bool in_range_q3 = v43_q3 < (v0) && v44_q3 < (v4);
          __global float* v8_q3_p;
          long v8_q3_o, v8_q3_d0, v8_q3_d1, v8_q3_s0, v8_q3_s1;
          v8_q3_p = v5_p; v8_q3_o = 0L;
          v8_q3_d0 = v5_d1; v8_q3_s0 = 1L;
          v8_q3_d1 = v5_d0; v8_q3_s1 = (1L * v5_d1);
          __global float* v7_q3_p;
          long v7_q3_o, v7_q3_d0, v7_q3_s0;
          v7_q3_p = v2_p; v7_q3_o = (0L + (v43_q3) * (1L * v2_d1));
          v7_q3_d0 = v2_d1; v7_q3_s0 = 1L;
          __global float* v9_q3_p;
          long v9_q3_o, v9_q3_d0, v9_q3_s0;
          v9_q3_p = v8_q3_p; v9_q3_o = (v8_q3_o + (v44_q3) * v8_q3_s0);
          v9_q3_d0 = v8_q3_d1; v9_q3_s0 = v8_q3_s1;
          long v43_q4 = blk0 * 64 + ly + 16;
          v43_q4 = min(v43_q4, (v0) - 1);
          long v44_q4 = blk1 * 64 + lx + 0;
          v44_q4 = min(v44_q4, (v4) - 1);
          bool in_range_q4 = v43_q4 < (v0) && v44_q4 < (v4);
          __global float* v8_q4_p;
          long v8_q4_o, v8_q4_d0, v8_q4_d1, v8_q4_s0, v8_q4_s1;
          v8_q4_p = v5_p; v8_q4_o = 0L;
          v8_q4_d0 = v5_d1; v8_q4_s0 = 1L;
          v8_q4_d1 = v5_d0; v8_q4_s1 = (1L * v5_d1);
          __global float* v7_q4_p;
          long v7_q4_o, v7_q4_d0, v7_q4_s0;
          v7_q4_p = v2_p; v7_q4_o = (0L + (v43_q4) * (1L * v2_d1));
          v7_q4_d0 = v2_d1; v7_q4_s0 = 1L;
          __global float* v9_q4_p;
          long v9_q4_o, v9_q4_d0, v9_q4_s0;
          v9_q4_p = v8_q4_p; v9_q4_o = (v8_q4_o + (v44_q4) * v8_q4_s0);
          v9_q4_d0 = v8_q4_d1; v9_q4_s0 = v8_q4_s1;
          long v43_q5 = blk0 * 64 + ly + 16;
          v43_q5 = min(v43_q5, (v0) - 1);
          long v44_q5 = blk1 * 64 + lx + 16;
          v44_q5 = min(v44_q5, (v4) - 1);
          bool in_range_q5 = v43_q5 < (v0) && v44_q5 < (v4);
          __global float* v8_q5_p;
          long v8_q5_o, v8_q5_d0, v8_q5_d1, v8_q5_s0, v8_q5_s1;
          v8_q5_p = v5_p; v8_q5_o = 0L;
          v8_q5_d0 = v5_d1; v8_q5_s0 = 1L;
          v8_q5_d1 = v5_d0; v8_q5_s1 = (1L * v5_d1);
          __global float* v7_q5_p;
          long v7_q5_o, v7_q5_d0, v7_q5_s0;
          v7_q5_p = v2_p; v7_q5_o = (0L + (v43_q5) * (1L * v2_d1));
          v7_q5_d0 = v2_d1; v7_q5_s0 = 1L;
          __global float* v9_q5_p;
          long v9_q5_o, v9_q5_d0, v9_q5_s0;
          v9_q5_p = v8_q5_p; v9_q5_o = (v8_q5_o + (v44_q5) * v8_q5_s0);
          v9_q5_d0 = v8_q5_d1; v9_q5_s0 = v8_q5_s1;
          long v43_q6 = blk0 * 64 + ly + 16;
          v43_q6 = min(v43_q6, (v0) - 1);
          long v44_q6 = blk1 * 64 + lx + 32;
          v44_q6 = min(v44_q6, (v4) - 1);
          bool in_range_q6 = v43_q6 < (v0) && v44_q6 < (v4);
          __global float* v8_q6_p;
          long v8_q6_o, v8_q6_d0, v8_q6_d1, v8_q6_s0, v8_q6_s1;
          v8_q6_p = v5_p; v8_q6_o = 0L;
          v8_q6_d0 = v5_d1; v8_q6_s0 = 1L;
          v8_q6_d1 = v5_d0; v8_q6_s1 = (1L * v5_d1);
          __global float* v7_q6_p;
          long v7_q6_o, v7_q6_d0, v7_q6_s0;
          v7_q6_p = v2_p; v7_q6_o = (0L + (v43_q6) * (1L * v2_d1));
          v7_q6_d0 = v2_d1; v7_q6_s0 = 1L;
          __global float* v9_q6_p;
          long v9_q6_o, v9_q6_d0, v9_q6_s0;
          v9_q6_p = v8_q6_p; v9_q6_o = (v8_q6_o + (v44_q6) * v8_q6_s0);
          v9_q6_d0 = v8_q6_d1; v9_q6_s0 = v8_q6_s1;
          long v43_q7 = blk0 * 64 + ly + 16;
          v43_q7 = min(v43_q7, (v0) - 1);
          long v44_q7 = blk1 * 64 + lx + 48;
          v44_q7 = min(v44_q7, (v4) - 1);
          bool in_range_q7 = v43_q7 < (v0) && v44_q7 < (v4);
          __global float* v8_q7_p;
          long v8_q7_o, v8_q7_d0, v8_q7_d1, v8_q7_s0, v8_q7_s1;
          v8_q7_p = v5_p; v8_q7_o = 0L;
          v8_q7_d0 = v5_d1; v8_q7_s0 = 1L;
          v8_q7_d1 = v5_d0; v8_q7_s1 = (1L * v5_d1);
          __global float* v7_q7_p;
          long v7_q7_o, v7_q7_d0, v7_q7_s0;
          v7_q7_p = v2_p; v7_q7_o = (0L + (v43_q7) * (1L * v2_d1));
          v7_q7_d0 = v2_d1; v7_q7_s0 = 1L;
          __global float* v9_q7_p;
          long v9_q7_o, v9_q7_d0, v9_q7_s0;
          v9_q7_p = v8_q7_p; v9_q7_o = (v8_q7_o + (v44_q7) * v8_q7_s0);
          v9_q7_d0 = v8_q7_d1; v9_q7_s0 = v8_q7_s1;
          long v43_q8 = blk0 * 64 + ly + 32;
          v43_q8 = min(v43_q8, (v0) - 1);
          long v44_q8 = blk1 * 64 + lx + 0;
          v44_q8 = min(v44_q8, (v4) - 1);
          bool in_range_q8 = v43_q8 < (v0) && v44_q8 < (v4);
          __global float* v8_q8_p;
          long v8_q8_o, v8_q8_d0, v8_q8_d1, v8_q8_s0, v8_q8_s1;
          v8_q8_p = v5_p; v8_q8_o = 0L;
          v8_q8_d0 = v5_d1; v8_q8_s0 = 1L;
          v8_q8_d1 = v5_d0; v8_q8_s1 = (1L * v5_d1);
          __global float* v7_q8_p;
          long v7_q8_o, v7_q8_d0, v7_q8_s0;
          v7_q8_p = v2_p; v7_q8_o = (0L + (v43_q8) * (1L * v2_d1));
          v7_q8_d0 = v2_d1; v7_q8_s0 = 1L;
          __global float* v9_q8_p;
          long v9_q8_o, v9_q8_d0, v9_q8_s0;
          v9_q8_p = v8_q8_p; v9_q8_o = (v8_q8_o + (v44_q8) * v8_q8_s0);
          v9_q8_d0 = v8_q8_d1; v9_q8_s0 = v8_q8_s1;
          long v43_q9 = blk0 * 64 + ly + 32;
          v43_q9 = min(v43_q9, (v0) - 1);
          long v44_q9 = blk1 * 64 + lx + 16;
          v44_q9 = min(v44_q9, (v4) - 1);
          bool in_range_q9 = v43_q9 < (v0) && v44_q9 < (v4);
          __global float* v8_q9_p;
          long v8_q9_o, v8_q9_d0, v8_q9_d1, v8_q9_s0, v8_q9_s1;
          v8_q9_p = v5_p; v8_q9_o = 0L;
          v8_q9_d0 = v5_d1; v8_q9_s0 = 1L;
          v8_q9_d1 = v5_d0; v8_q9_s1 = (1L * v5_d1);
          __global float* v7_q9_p;
          long v7_q9_o, v7_q9_d0, v7_q9_s0;
          v7_q9_p = v2_p; v7_q9_o = (0L + (v43_q9) * (1L * v2_d1));
          v7_q9_d0 = v2_d1; v7_q9_s0 = 1L;
          __global float* v9_q9_p;
          long v9_q9_o, v9_q9_d0, v9_q9_s0;
          v9_q9_p = v8_q9_p; v9_q9_o = (v8_q9_o + (v44_q9) * v8_q9_s0);
          v9_q9_d0 = v8_q9_d1; v9_q9_s0 = v8_q9_s1;
          long v43_q10 = blk0 * 64 + ly + 32;
          v43_q10 = min(v43_q10, (v0) - 1);
          long v44_q10 = blk1 * 64 + lx + 32;
          v44_q10 = min(v44_q10, (v4) - 1);
          bool in_range_q10 = v43_q10 < (v0) && v44_q10 < (v4);
          __global float* v8_q10_p;
          long v8_q10_o, v8_q10_d0, v8_q10_d1, v8_q10_s0, v8_q10_s1;
          v8_q10_p = v5_p; v8_q10_o = 0L;
          v8_q10_d0 = v5_d1; v8_q10_s0 = 1L;
          v8_q10_d1 = v5_d0; v8_q10_s1 = (1L * v5_d1);
          __global float* v7_q10_p;
          long v7_q10_o, v7_q10_d0, v7_q10_s0;
          v7_q10_p = v2_p; v7_q10_o = (0L + (v43_q10) * (1L * v2_d1));
          v7_q10_d0 = v2_d1; v7_q10_s0 = 1L;
          __global float* v9_q10_p;
          long v9_q10_o, v9_q10_d0, v9_q10_s0;
          v9_q10_p = v8_q10_p; v9_q10_o = (v8_q10_o + (v44_q10) * v8_q10_s0);
          v9_q10_d0 = v8_q10_d1; v9_q10_s0 = v8_q10_s1;
          long v43_q11 = blk0 * 64 + ly + 32;
          v43_q11 = min(v43_q11, (v0) - 1);
          long v44_q11 = blk1 * 64 + lx + 48;
          v44_q11 = min(v44_q11, (v4) - 1);
          bool in_range_q11 = v43_q11 < (v0) && v44_q11 < (v4);
          __global float* v8_q11_p;
          long v8_q11_o, v8_q11_d0, v8_q11_d1, v8_q11_s0, v8_q11_s1;
          v8_q11_p = v5_p; v8_q11_o = 0L;
          v8_q11_d0 = v5_d1; v8_q11_s0 = 1L;
          v8_q11_d1 = v5_d0; v8_q11_s1 = (1L * v5_d1);
          __global float* v7_q11_p;
          long v7_q11_o, v7_q11_d0, v7_q11_s0;
          v7_q11_p = v2_p; v7_q11_o = (0L + (v43_q11) * (1L * v2_d1));
          v7_q11_d0 = v2_d1; v7_q11_s0 = 1L;
          __global float* v9_q11_p;
          long v9_q11_o, v9_q11_d0, v9_q11_s0;
          v9_q11_p = v8_q11_p; v9_q11_o = (v8_q11_o + (v44_q11) * v8_q11_s0);
          v9_q11_d0 = v8_q11_d1; v9_q11_s0 = v8_q11_s1;
          long v43_q12 = blk0 * 64 + ly + 48;
          v43_q12 = min(v43_q12, (v0) - 1);
          long v44_q12 = blk1 * 64 + lx + 0;
          v44_q12 = min(v44_q12, (v4) - 1);
          bool in_range_q12 = v43_q12 < (v0) && v44_q12 < (v4);
          __global float* v8_q12_p;
          long v8_q12_o, v8_q12_d0, v8_q12_d1, v8_q12_s0, v8_q12_s1;
          v8_q12_p = v5_p; v8_q12_o = 0L;
          v8_q12_d0 = v5_d1; v8_q12_s0 = 1L;
          v8_q12_d1 = v5_d0; v8_q12_s1 = (1L * v5_d1);
          __global float* v7_q12_p;
          long v7_q12_o, v7_q12_d0, v7_q12_s0;
          v7_q12_p = v2_p; v7_q12_o = (0L + (v43_q12) * (1L * v2_d1));
          v7_q12_d0 = v2_d1; v7_q12_s0 = 1L;
          __global float* v9_q12_p;
          long v9_q12_o, v9_q12_d0, v9_q12_s0;
          v9_q12_p = v8_q12_p; v9_q12_o = (v8_q12_o + (v44_q12) * v8_q12_s0);
          v9_q12_d0 = v8_q12_d1; v9_q12_s0 = v8_q12_s1;
          long v43_q13 = blk0 * 64 + ly + 48;
          v43_q13 = min(v43_q13, (v0) - 1);
          long v44_q13 = blk1 * 64 + lx + 16;
          v44_q13 = min(v44_q13, (v4) - 1);
          bool in_range_q13 = v43_q13 < (v0) && v44_q13 < (v4);
          __global float* v8_q13_p;
          long v8_q13_o, v8_q13_d0, v8_q13_d1, v8_q13_s0, v8_q13_s1;
          v8_q13_p = v5_p; v8_q13_o = 0L;
          v8_q13_d0 = v5_d1; v8_q13_s0 = 1L;
          v8_q13_d1 = v5_d0; v8_q13_s1 = (1L * v5_d1);
          __global float* v7_q13_p;
          long v7_q13_o, v7_q13_d0, v7_q13_s0;
          v7_q13_p = v2_p; v7_q13_o = (0L + (v43_q13) * (1L * v2_d1));
          v7_q13_d0 = v2_d1; v7_q13_s0 = 1L;
          __global float* v9_q13_p;
          long v9_q13_o, v9_q13_d0, v9_q13_s0;
          v9_q13_p = v8_q13_p; v9_q13_o = (v8_q13_o + (v44_q13) * v8_q13_s0);
          v9_q13_d0 = v8_q13_d1; v9_q13_s0 = v8_q13_s1;
          long v43_q14 = blk0 * 64 + ly + 48;
          v43_q14 = min(v43_q14, (v0) - 1);
          long v44_q14 = blk1 * 64 + lx + 32;
          v44_q14 = min(v44_q14, (v4) - 1);
          bool in_range_q14 = v43_q14 < (v0) && v44_q14 < (v4);
          __global float* v8_q14_p;
          long v8_q14_o, v8_q14_d0, v8_q14_d1, v8_q14_s0, v8_q14_s1;
          v8_q14_p = v5_p; v8_q14_o = 0L;
          v8_q14_d0 = v5_d1; v8_q14_s0 = 1L;
          v8_q14_d1 = v5_d0; v8_q14_s1 = (1L * v5_d1);
          __global float* v7_q14_p;
          long v7_q14_o, v7_q14_d0, v7_q14_s0;
          v7_q14_p = v2_p; v7_q14_o = (0L + (v43_q14) * (1L * v2_d1));
          v7_q14_d0 = v2_d1; v7_q14_s0 = 1L;
          __global float* v9_q14_p;
          long v9_q14_o, v9_q14_d0, v9_q14_s0;
          v9_q14_p = v8_q14_p; v9_q14_o = (v8_q14_o + (v44_q14) * v8_q14_s0);
          v9_q14_d0 = v8_q14_d1; v9_q14_s0 = v8_q14_s1;
          long v43_q15 = blk0 * 64 + ly + 48;
          v43_q15 = min(v43_q15, (v0) - 1);
          long v44_q15 = blk1 * 64 + lx + 48;
          v44_q15 = min(v44_q15, (v4) - 1);
          bool in_range_q15 = v43_q15 < (v0) && v44_q15 < (v4);
          __global float* v8_q15_p;
          long v8_q15_o, v8_q15_d0, v8_q15_d1, v8_q15_s0, v8_q15_s1;
          v8_q15_p = v5_p; v8_q15_o = 0L;
          v8_q15_d0 = v5_d1; v8_q15_s0 = 1L;
          v8_q15_d1 = v5_d0; v8_q15_s1 = (1L * v5_d1);
          __global float* v7_q15_p;
          long v7_q15_o, v7_q15_d0, v7_q15_s0;
          v7_q15_p = v2_p; v7_q15_o = (0L + (v43_q15) * (1L * v2_d1));
          v7_q15_d0 = v2_d1; v7_q15_s0 = 1L;
          __global float* v9_q15_p;
          long v9_q15_o, v9_q15_d0, v9_q15_s0;
          v9_q15_p = v8_q15_p; v9_q15_o = (v8_q15_o + (v44_q15) * v8_q15_s0);
          v9_q15_d0 = v8_q15_d1; v9_q15_s0 = v8_q15_s1;
          float acc1;
          acc1 = as_float((uint)0x0u);
          float acc2;
          acc2 = as_float((uint)0x0u);
          float acc3;
          acc3 = as_float((uint)0x0u);
          float acc4;
          acc4 = as_float((uint)0x0u);
          float acc5;
          acc5 = as_float((uint)0x0u);
          float acc6;
          acc6 = as_float((uint)0x0u);
          float acc7;
          acc7 = as_float((uint)0x0u);
          float acc8;
          acc8 = as_float((uint)0x0u);
          float acc9;
          acc9 = as_float((uint)0x0u);
          float acc10;
          acc10 = as_float((uint)0x0u);
          float acc11;
          acc11 = as_float((uint)0x0u);
          float acc12;
          acc12 = as_float((uint)0x0u);
          float acc13;
          acc13 = as_float((uint)0x0u);
          float acc14;
          acc14 = as_float((uint)0x0u);
          float acc15;
          acc15 = as_float((uint)0x0u);
          float acc16;
          acc16 = as_float((uint)0x0u);
          for (long t0 = 0; t0 < (v1); t0 += 16) {
            tile0[(ly + 0) * 16 + lx] = (t0 + lx < (v1)) ? v7_q0_p[(v7_q0_o + (t0 + lx) * v7_q0_s0)] : 0;
            tile0[(ly + 16) * 16 + lx] = (t0 + lx < (v1)) ? v7_q4_p[(v7_q4_o + (t0 + lx) * v7_q4_s0)] : 0;
            tile0[(ly + 32) * 16 + lx] = (t0 + lx < (v1)) ? v7_q8_p[(v7_q8_o + (t0 + lx) * v7_q8_s0)] : 0;
            tile0[(ly + 48) * 16 + lx] = (t0 + lx < (v1)) ? v7_q12_p[(v7_q12_o + (t0 + lx) * v7_q12_s0)] : 0;
            tile1[ly * 64 + (lx + 0)] = (t0 + ly < (v1)) ? v9_q0_p[(v9_q0_o + (t0 + ly) * v9_q0_s0)] : 0;
            tile1[ly * 64 + (lx + 16)] = (t0 + ly < (v1)) ? v9_q1_p[(v9_q1_o + (t0 + ly) * v9_q1_s0)] : 0;
            tile1[ly * 64 + (lx + 32)] = (t0 + ly < (v1)) ? v9_q2_p[(v9_q2_o + (t0 + ly) * v9_q2_s0)] : 0;
            tile1[ly * 64 + (lx + 48)] = (t0 + ly < (v1)) ? v9_q3_p[(v9_q3_o + (t0 + ly) * v9_q3_s0)] : 0;
            barrier(CLK_LOCAL_MEM_FENCE);
            if (t0 + 16 <= (v1)) {
              for (long k = 0; k < 16; k++) {
                float e17 = tile0[(ly + 0) * 16 + k];
                float e18 = tile1[k * 64 + (lx + 0)];
                float r19;
                {
                  float v15_f0;
                  v15_f0 = e17;
                  float v16_f0;
                  v16_f0 = e18;
                  float v17_f0;
                  v17_f0 = (v15_f0 * v16_f0);
                  r19 = v17_f0;
                }
                float r20;
                {
                  float v19_f0;
                  v19_f0 = acc1;
                  float v20_f0;
                  v20_f0 = r19;
                  float v21_f0;
                  v21_f0 = (v19_f0 + v20_f0);
                  r20 = v21_f0;
                }
                acc1 = r20;
                float e21 = tile1[k * 64 + (lx + 16)];
                float r22;
                {
                  float v15_f1;
                  v15_f1 = e17;
                  float v16_f1;
                  v16_f1 = e21;
                  float v17_f1;
                  v17_f1 = (v15_f1 * v16_f1);
                  r22 = v17_f1;
                }
                float r23;
                {
                  float v19_f1;
                  v19_f1 = acc2;
                  float v20_f1;
                  v20_f1 = r22;
                  float v21_f1;
                  v21_f1 = (v19_f1 + v20_f1);
                  r23 = v21_f1;
                }
                acc2 = r23;
                float e24 = tile1[k * 64 + (lx + 32)];
                float r25;
                {
                  float v15_f2;
                  v15_f2 = e17;
                  float v16_f2;
                  v16_f2 = e24;
                  float v17_f2;
                  v17_f2 = (v15_f2 * v16_f2);
                  r25 = v17_f2;
                }
                float r26;
                {
                  float v19_f2;
                  v19_f2 = acc3;
                  float v20_f2;
                  v20_f2 = r25;
                  float v21_f2;
                  v21_f2 = (v19_f2 + v20_f2);
                  r26 = v21_f2;
                }
                acc3 = r26;
                float e27 = tile1[k * 64 + (lx + 48)];
                float r28;
                {
                  float v15_f3;
                  v15_f3 = e17;
                  float v16_f3;
                  v16_f3 = e27;
                  float v17_f3;
                  v17_f3 = (v15_f3 * v16_f3);
                  r28 = v17_f3;
                }
                float r29;
                {
                  float v19_f3;
                  v19_f3 = acc4;
                  float v20_f3;
                  v20_f3 = r28;
                  float v21_f3;
                  v21_f3 = (v19_f3 + v20_f3);
                  r29 = v21_f3;
                }
                acc4 = r29;
                float e30 = tile0[(ly + 16) * 16 + k];
                float r31;
                {
                  float v15_f4;
                  v15_f4 = e30;
                  float v16_f4;
                  v16_f4 = e18;
                  float v17_f4;
                  v17_f4 = (v15_f4 * v16_f4);
                  r31 = v17_f4;
                }
                float r32;
                {
                  float v19_f4;
                  v19_f4 = acc5;
                  float v20_f4;
                  v20_f4 = r31;
                  float v21_f4;
                  v21_f4 = (v19_f4 + v20_f4);
                  r32 = v21_f4;
                }
                acc5 = r32;
                float r33;
                {
                  float v15_f5;
                  v15_f5 = e30;
                  float v16_f5;
                  v16_f5 = e21;
                  float v17_f5;
                  v17_f5 = (v15_f5 * v16_f5);
                  r33 = v17_f5;
                }
                float r34;
                {
                  float v19_f5;
                  v19_f5 = acc6;
                  float v20_f5;
                  v20_f5 = r33;
                  float v21_f5;
                  v21_f5 = (v19_f5 + v20_f5);
                  r34 = v21_f5;
                }
                acc6 = r34;
                float r35;
                {
                  float v15_f6;
                  v15_f6 = e30;
                  float v16_f6;
                  v16_f6 = e24;
                  float v17_f6;
                  v17_f6 = (v15_f6 * v16_f6);
                  r35 = v17_f6;
                }
                float r36;
                {
                  float v19_f6;
                  v19_f6 = acc7;
                  float v20_f6;
                  v20_f6 = r35;
                  float v21_f6;
                  v21_f6 = (v19_f6 + v20_f6);
                  r36 = v21_f6;
                }
                acc7 = r36;
                float r37;
                {
                  float v15_f7;
                  v15_f7 = e30;
                  float v16_f7;
                  v16_f7 = e27;
                  float v17_f7;
                  v17_f7 = (v15_f7 * v16_f7);
                  r37 = v17_f7;
                }
                float r38;
                {
                  float v19_f7;
                  v19_f7 = acc8;
                  float v20_f7;
                  v20_f7 = r37;
                  float v21_f7;
                  v21_f7 = (v19_f7 + v20_f7);
                  r38 = v21_f7;
                }
                acc8 = r38;
                float e39 = tile0[(ly + 32) * 16 + k];
                float r40;
                {
                  float v15_f8;
                  v15_f8 = e39;
                  float v16_f8;
                  v16_f8 = e18;
                  float v17_f8;
                  v17_f8 = (v15_f8 * v16_f8);
                  r40 = v17_f8;
                }
                float r41;
                {
                  float v19_f8;
                  v19_f8 = acc9;
                  float v20_f8;
                  v20_f8 = r40;
                  float v21_f8;
                  v21_f8 = (v19_f8 + v20_f8);
                  r41 = v21_f8;
                }
                acc9 = r41;
                float r42;
                {
                  float v15_f9;
                  v15_f9 = e39;
                  float v16_f9;
                  v16_f9 = e21;
                  float v17_f9;
                  v17_f9 = (v15_f9 * v16_f9);
                  r42 = v17_f9;
                }
                float r43;
                {
                  float v19_f9;
                  v19_f9 = acc10;
                  float v20_f9;
                  v20_f9 = r42;
                  float v21_f9;
                  v21_f9 = (v19_f9 + v20_f9);
                  r43 = v21_f9;
                }
                acc10 = r43;
                float r44;
                {
                  float v15_f10;
                  v15_f10 = e39;
                  float v16_f10;
                  v16_f10 = e24;
                  float v17_f10;
                  v17_f10 = (v15_f10 * v16_f10);
                  r44 = v17_f10;
                }
                float r45;
                {
                  float v19_f10;
                  v19_f10 = acc11;
                  float v20_f10;
                  v20_f10 = r44;
                  float v21_f10;
                  v21_f10 = (v19_f10 + v20_f10);
                  r45 = v21_f10;
                }
                acc11 = r45;
                float r46;
                {
                  float v15_f11;
                  v15_f11 = e39;
                  float v16_f11;
                  v16_f11 = e27;
                  float v17_f11;
                  v17_f11 = (v15_f11 * v16_f11);
                  r46 = v17_f11;
                }
                float r47;
                {
                  float v19_f11;
                  v19_f11 = acc12;
                  float v20_f11;
                  v20_f11 = r46;
                  float v21_f11;
                  v21_f11 = (v19_f11 + v20_f11);
                  r47 = v21_f11;
                }
                acc12 = r47;
                float e48 = tile0[(ly + 48) * 16 + k];
                float r49;
                {
                  float v15_f12;
                  v15_f12 = e48;
                  float v16_f12;
                  v16_f12 = e18;
                  float v17_f12;
                  v17_f12 = (v15_f12 * v16_f12);
                  r49 = v17_f12;
                }
                float r50;
                {
                  float v19_f12;
                  v19_f12 = acc13;
                  float v20_f12;
                  v20_f12 = r49;
                  float v21_f12;
                  v21_f12 = (v19_f12 + v20_f12);
                  r50 = v21_f12;
                }
                acc13 = r50;
                float r51;
                {
                  float v15_f13;
                  v15_f13 = e48;
                  float v16_f13;
                  v16_f13 = e21;
                  float v17_f13;
                  v17_f13 = (v15_f13 * v16_f13);
                  r51 = v17_f13;
                }
                float r52;
                {
                  float v19_f13;
                  v19_f13 = acc14;
                  float v20_f13;
                  v20_f13 = r51;
                  float v21_f13;
                  v21_f13 = (v19_f13 + v20_f13);
                  r52 = v21_f13;
                }
                acc14 = r52;
                float r53;
                {
                  float v15_f14;
                  v15_f14 = e48;
                  float v16_f14;
                  v16_f14 = e24;
                  float v17_f14;
                  v17_f14 = (v15_f14 * v16_f14);
                  r53 = v17_f14;
                }
                float r54;
                {
                  float v19_f14;
                  v19_f14 = acc15;
                  float v20_f14;
                  v20_f14 = r53;
                  float v21_f14;
                  v21_f14 = (v19_f14 + v20_f14);
                  r54 = v21_f14;
                }
                acc15 = r54;
                float r55;
                {
                  float v15_f15;
                  v15_f15 = e48;
                  float v16_f15;
                  v16_f15 = e27;
                  float v17_f15;
                  v17_f15 = (v15_f15 * v16_f15);
                  r55 = v17_f15;
                }
                float r56;
                {
                  float v19_f15;
                  v19_f15 = acc16;
                  float v20_f15;
                  v20_f15 = r55;
                  float v21_f15;
                  v21_f15 = (v19_f15 + v20_f15);
                  r56 = v21_f15;
                }
                acc16 = r56;
              }
            }
            else {
              for (long k = 0; k < (v1) - t0; k++) {
                float e57 = tile0[(ly + 0) * 16 + k];
                float e58 = tile1[k * 64 + (lx + 0)];
                float r59;
                {
                  float v15_f0;
                  v15_f0 = e57;
                  float v16_f0;
                  v16_f0 = e58;
                  float v17_f0;
                  v17_f0 = (v15_f0 * v16_f0);
                  r59 = v17_f0;
                }
                float r60;
                {
                  float v19_f0;
                  v19_f0 = acc1;
                  float v20_f0;
                  v20_f0 = r59;
                  float v21_f0;
                  v21_f0 = (v19_f0 + v20_f0);
                  r60 = v21_f0;
                }
                acc1 = r60;
                float e61 = tile1[k * 64 + (lx + 16)];
                float r62;
                {
                  float v15_f1;
                  v15_f1 = e57;
                  float v16_f1;
                  v16_f1 = e61;
                  float v17_f1;
                  v17_f1 = (v15_f1 * v16_f1);
                  r62 = v17_f1;
                }
                float r63;
                {
                  float v19_f1;
                  v19_f1 = acc2;
                  float v20_f1;
                  v20_f1 = r62;
                  float v21_f1;
                  v21_f1 = (v19_f1 + v20_f1);
                  r63 = v21_f1;
                }
                acc2 = r63;
                float e64 = tile1[k * 64 + (lx + 32)];
                float r65;
                {
                  float v15_f2;
                  v15_f2 = e57;
                  float v16_f2;
                  v16_f2 = e64;
                  float v17_f2;
                  v17_f2 = (v15_f2 * v16_f2);
                  r65 = v17_f2;
                }
                float r66;
                {
                  float v19_f2;
                  v19_f2 = acc3;
                  float v20_f2;
                  v20_f2 = r65;
                  float v21_f2;
                  v21_f2 = (v19_f2 + v20_f2);
                  r66 = v21_f2;
                }
                acc3 = r66;
                float e67 = tile1[k * 64 + (lx + 48)];
                float r68;
                {
                  float v15_f3;
                  v15_f3 = e57;
                  float v16_f3;
                  v16_f3 = e67;
                  float v17_f3;
                  v17_f3 = (v15_f3 * v16_f3);
                  r68 = v17_f3;
                }
                float r69;
                {
                  float v19_f3;
                  v19_f3 = acc4;
                  float v20_f3;
                  v20_f3 = r68;
                  float v21_f3;
                  v21_f3 = (v19_f3 + v20_f3);
                  r69 = v21_f3;
                }
                acc4 = r69;
                float e70 = tile0[(ly + 16) * 16 + k];
                float r71;
                {
                  float v15_f4;
                  v15_f4 = e70;
                  float v16_f4;
                  v16_f4 = e58;
                  float v17_f4;
                  v17_f4 = (v15_f4 * v16_f4);
                  r71 = v17_f4;
                }
                float r72;
                {
                  float v19_f4;
                  v19_f4 = acc5;
                  float v20_f4;
                  v20_f4 = r71;
                  float v21_f4;
                  v21_f4 = (v19_f4 + v20_f4);
                  r72 = v21_f4;
                }
                acc5 = r72;
                float r73;
                {
                  float v15_f5;
                  v15_f5 = e70;
                  float v16_f5;
                  v16_f5 = e61;
                  float v17_f5;
                  v17_f5 = (v15_f5 * v16_f5);
                  r73 = v17_f5;
                }
                float r74;
                {
                  float v19_f5;
                  v19_f5 = acc6;
                  float v20_f5;
                  v20_f5 = r73;
                  float v21_f5;
                  v21_f5 = (v19_f5 + v20_f5);
                  r74 = v21_f5;
                }
                acc6 = r74;
                float r75;
                {
                  float v15_f6;
                  v15_f6 = e70;
                  float v16_f6;
                  v16_f6 = e64;
                  float v17_f6;
                  v17_f6 = (v15_f6 * v16_f6);
                  r75 = v17_f6;
                }
                float r76;
                {
                  float v19_f6;
                  v19_f6 = acc7;
                  float v20_f6;
                  v20_f6 = r75;
                  float v21_f6;
                  v21_f6 = (v19_f6 + v20_f6);
                  r76 = v21_f6;
                }
                acc7 = r76;
                float r77;
                {
                  float v15_f7;
                  v15_f7 = e70;
                  float v16_f7;
                  v16_f7 = e67;
                  float v17_f7;
                  v17_f7 = (v15_f7 * v16_f7);
                  r77 = v17_f7;
                }
                float r78;
                {
                  float v19_f7;
                  v19_f7 = acc8;
                  float v20_f7;
                  v20_f7 = r77;
                  float v21_f7;
                  v21_f7 = (v19_f7 + v20_f7);
                  r78 = v21_f7;
                }
                acc8 = r78;
                float e79 = tile0[(ly + 32) * 16 + k];
                float r80;
                {
                  float v15_f8;
                  v15_f8 = e79;
                  float v16_f8;
                  v16_f8 = e58;
                  float v17_f8;
                  v17_f8 = (v15_f8 * v16_f8);
                  r80 = v17_f8;
                }
                float r81;
                {
                  float v19_f8;
                  v19_f8 = acc9;
                  float v20_f8;
                  v20_f8 = r80;
                  float v21_f8;
                  v21_f8 = (v19_f8 + v20_f8);
                  r81 = v21_f8;
                }
                acc9 = r81;
                float r82;
                {
                  float v15_f9;
                  v15_f9 = e79;
                  float v16_f9;
                  v16_f9 = e61;
                  float v17_f9;
                  v17_f9 = (v15_f9 * v16_f9);
                  r82 = v17_f9;
                }
                float r83;
                {
                  float v19_f9;
                  v19_f9 = acc10;
                  float v20_f9;
                  v20_f9 = r82;
                  float v21_f9;
                  v21_f9 = (v19_f9 + v20_f9);
                  r83 = v21_f9;
                }
                acc10 = r83;
                float r84;
                {
                  float v15_f10;
                  v15_f10 = e79;
                  float v16_f10;
                  v16_f10 = e64;
                  float v17_f10;
                  v17_f10 = (v15_f10 * v16_f10);
                  r84 = v17_f10;
                }
                float r85;
                {
                  float v19_f10;
                  v19_f10 = acc11;
                  float v20_f10;
                  v20_f10 = r84;
                  float v21_f10;
                  v21_f10 = (v19_f10 + v20_f10);
                  r85 = v21_f10;
                }
                acc11 = r85;
                float r86;
                {
                  float v15_f11;
                  v15_f11 = e79;
                  float v16_f11;
                  v16_f11 = e67;
                  float v17_f11;
                  v17_f11 = (v15_f11 * v16_f11);
                  r86 = v17_f11;
                }
                float r87;
                {
                  float v19_f11;
                  v19_f11 = acc12;
                  float v20_f11;
                  v20_f11 = r86;
                  float v21_f11;
                  v21_f11 = (v19_f11 + v20_f11);
                  r87 = v21_f11;
                }
                acc12 = r87;
                float e88 = tile0[(ly + 48) * 16 + k];
                float r89;
                {
                  float v15_f12;
                  v15_f12 = e88;
                  float v16_f12;
                  v16_f12 = e58;
                  float v17_f12;
                  v17_f12 = (v15_f12 * v16_f12);
                  r89 = v17_f12;
                }
                float r90;
                {
                  float v19_f12;
                  v19_f12 = acc13;
                  float v20_f12;
                  v20_f12 = r89;
                  float v21_f12;
                  v21_f12 = (v19_f12 + v20_f12);
                  r90 = v21_f12;
                }
                acc13 = r90;
                float r91;
                {
                  float v15_f13;
                  v15_f13 = e88;
                  float v16_f13;
                  v16_f13 = e61;
                  float v17_f13;
                  v17_f13 = (v15_f13 * v16_f13);
                  r91 = v17_f13;
                }
                float r92;
                {
                  float v19_f13;
                  v19_f13 = acc14;
                  float v20_f13;
                  v20_f13 = r91;
                  float v21_f13;
                  v21_f13 = (v19_f13 + v20_f13);
                  r92 = v21_f13;
                }
                acc14 = r92;
                float r93;
                {
                  float v15_f14;
                  v15_f14 = e88;
                  float v16_f14;
                  v16_f14 = e64;
                  float v17_f14;
                  v17_f14 = (v15_f14 * v16_f14);
                  r93 = v17_f14;
                }
                float r94;
                {
                  float v19_f14;
                  v19_f14 = acc15;
                  float v20_f14;
                  v20_f14 = r93;
                  float v21_f14;
                  v21_f14 = (v19_f14 + v20_f14);
                  r94 = v21_f14;
                }
                acc15 = r94;
                float r95;
                {
                  float v15_f15;
                  v15_f15 = e88;
                  float v16_f15;
                  v16_f15 = e67;
                  float v17_f15;
                  v17_f15 = (v15_f15 * v16_f15);
                  r95 = v17_f15;
                }
                float r96;
                {
                  float v19_f15;
                  v19_f15 = acc16;
                  float v20_f15;
                  v20_f15 = r95;
                  float v21_f15;
                  v21_f15 = (v19_f15 + v20_f15);
                  r96 = v21_f15;
                }
                acc16 = r96;
              }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
          }
          float v23_r0;
          v23_r0 = acc1;
          if (in_range_q0) {
            out0_p[(0L + (v43_q0) * (1L * out0_d1) + (v44_q0) * 1L)] = v23_r0;
          }
          float v23_r1;
          v23_r1 = acc2;
          if (in_range_q1) {
            out0_p[(0L + (v43_q1) * (1L * out0_d1) + (v44_q1) * 1L)] = v23_r1;
          }
          float v23_r2;
          v23_r2 = acc3;
          if (in_range_q2) {
            out0_p[(0L + (v43_q2) * (1L * out0_d1) + (v44_q2) * 1L)] = v23_r2;
          }
          float v23_r3;
          v23_r3 = acc4;
          if (in_range_q3) {
            out0_p[(0L + (v43_q3) * (1L * out0_d1) + (v44_q3) * 1L)] = v23_r3;
          }
          float v23_r4;
          v23_r4 = acc5;
          if (in_range_q4) {
            out0_p[(0L + (v43_q4) * (1L * out0_d1) + (v44_q4) * 1L)] = v23_r4;
          }
          float v23_r5;
          v23_r5 = acc6;
          if (in_range_q5) {
            out0_p[(0L + (v43_q5) * (1L * out0_d1) + (v44_q5) * 1L)] = v23_r5;
          }
          float v23_r6;
          v23_r6 = acc7;
          if (in_range_q6) {
            out0_p[(0L + (v43_q6) * (1L * out0_d1) + (v44_q6) * 1L)] = v23_r6;
          }
          float v23_r7;
          v23_r7 = acc8;
          if (in_range_q7) {
            out0_p[(0L + (v43_q7) * (1L * out0_d1) + (v44_q7) * 1L)] = v23_r7;
          }
          float v23_r8;
          v23_r8 = acc9;
          if (in_range_q8) {
            out0_p[(0L + (v43_q8) * (1L * out0_d1) + (v44_q8) * 1L)] = v23_r8;
          }
          float v23_r9;
          v23_r9 = acc10;
          if (in_range_q9) {
            out0_p[(0L + (v43_q9) * (1L * out0_d1) + (v44_q9) * 1L)] = v23_r9;
          }
          float v23_r10;
          v23_r10 = acc11;
          if (in_range_q10) {
            out0_p[(0L + (v43_q10) * (1L * out0_d1) + (v44_q10) * 1L)] = v23_r10;
          }
          float v23_r11;
          v23_r11 = acc12;
          if (in_range_q11) {
            out0_p[(0L + (v43_q11) * (1L * out0_d1) + (v44_q11) * 1L)] = v23_r11;
          }
          float v23_r12;
          v23_r12 = acc13;
          if (in_range_q12) {
            out0_p[(0L + (v43_q12) * (1L * out0_d1) + (v44_q12) * 1L)] = v23_r12;
          }
          float v23_r13;
          v23_r13 = acc14;
          if (in_range_q13) {
            out0_p[(0L + (v43_q13) * (1L * out0_d1) + (v44_q13) * 1L)] = v23_r13;
          }
          float v23_r14;
          v23_r14 = acc15;
          if (in_range_q14) {
            out0_p[(0L + (v43_q14) * (1L * out0_d1) + (v44_q14) * 1L)] = v23_r14;
          }
          float v23_r15;
          v23_r15 = acc16;
          if (in_range_q15) {
            out0_p[(0L + (v43_q15) * (1L * out0_d1) + (v44_q15) * 1L)] = v23_r15;
          }
        }

    "#]].assert_eq(&generated.source[start..end]);
}

#[test]
fn tiled_kernels_compute_as_the_plain_ones_on_a_device() {
    // Sizes past the parallelism threshold (the tiled version runs), not
    // multiples of the tile.
    let program = "entry main (n: i64) (m: i64) (p: i64) : i32 =
      let a = tabulate_2d n m (\\i j -> i32.i64 ((i * 7 + j) % 5) - 2)
      let b = tabulate_2d m p (\\i j -> i32.i64 ((i + j * 3) % 7) - 3)
      let c = map (\\r -> map (\\c -> i32.sum (map2 (*) r c)) (transpose b)) a
      let d = tabulate_2d n p (\\i j -> loop s = 0 for l < m do s + a[i, l] * b[l, j])
      in i32.sum (map2 (\\x y -> if x == y then 0 else 1) (flatten c) (flatten d))";
    let Some(out) = super::tests::on_device(program, "190i64 37i64 181i64") else {
        return;
    };
    assert_eq!(out, Ok(vec!["0i32".to_string()]));
}
