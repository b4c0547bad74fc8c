//! Snapshots of tiled SegMaps (`runic_kernels::tile`): the kernel IR of a
//! matrix multiplication tiled in 2-D and of a reduction tiled in 1-D,
//! the structure Futhark's metrics see in them (and in a work-group's
//! views), and their OpenCL C.

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

const MATMUL_PLUS: &str = "entry main [n][m][p] (a: [n][m]f32) (b: [m][p]f32) (ks: [n]f32) =
  map2 (\\row k -> map (\\col -> k * f32.sum (map2 (\\x y -> x * y + k) row col)) (transpose b)) a ks";

const ROWS_1D: &str = "entry main [m][k] (xss: [m][k]i32) (ys: []i32) =
  map (\\xs -> map (\\y -> i32.sum (map (\\x -> x * y) xs)) ys) xss";

#[test]
fn a_matrix_multiplication_is_tiled_in_two_dimensions() {
    // With a prelude (`k`, read inside the fold) and a postlude.
    first_kernel(
        MATMUL_PLUS,
        expect![[r#"
            kernel segmap_0 (n_0: i64, n_1: i64, xs_2: [n_0][n_1]f32, n_3: i64, n_4: i64, n_6: i64, xs_7: [n_6]f32, xs_5: [n_3][n_4]f32) {
              segmap tiled 64x64 (row, col) (gtid_54 < n_0, gtid_55 < n_4) rows of () \ : {f32} -> {
                let {tr_17: [n_4][n_3]f32} = rearrange((1, 0), xs_5)
                let {p_15: [n_1]f32} = xs_2[gtid_54]
                let {p_16: f32} = xs_7[gtid_54]
                let {p_18: [n_3]f32} = tr_17[gtid_55]
                let {red_33: f32} = screma(n_1, {p_15, p_18},
                  reduce({0.0f32}, \ (p_29: f32) (p_30: f32): {f32} -> {
                    let {x_31: f32} = add(p_29, p_30)
                    in {x_31}
                  }),
                  map( \ (p_24: f32) (p_25: f32): {f32} -> {
                    let {x_26: f32} = mul(p_24, p_25)
                    let {x_27: f32} = add(x_26, p_16)
                    in {x_27}
                  }))
                let {x_34: f32} = mul(p_16, red_33)
                in {x_34}
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
    // The tiled kernel's local memory, copies, barriers and loops, and
    // the first point's reads of a tile.
    let generated = codegen::generate(&kernels_of(MATMUL)).expect("code generation");
    let start = generated.source.find("__kernel").unwrap_or(0);
    let end = generated.source[start + 1..]
        .find("__kernel")
        .map_or(generated.source.len(), |e| start + 1 + e);
    let wanted = ["__local", "tile", "barrier", "for (", "if (t0", "e1"];
    let lines: Vec<&str> = generated.source[start..end]
        .lines()
        .filter(|l| wanted.iter().any(|w| l.contains(w)))
        .map(str::trim)
        .take(24)
        .collect();
    expect![[r#"
        __local float tile0[1024];
        __local float tile1[1024];
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
        v15_f0 = e17;
        v16_f0 = e18;
        float e21 = tile1[k * 64 + (lx + 16)];
        v15_f1 = e17;
        float e24 = tile1[k * 64 + (lx + 32)];
        v15_f2 = e17;
        float e27 = tile1[k * 64 + (lx + 48)];
        v15_f3 = e17;"#]].assert_eq(&lines.join("\n"));
}

#[test]
fn tiled_kernels_compute_as_the_plain_ones_on_a_device() {
    // Sizes past the parallelism threshold (the tiled version runs), not
    // multiples of the tile.
    let program = "#[noinline]
    def matmul [n][m][p] (a: [n][m]i32) (b: [m][p]i32) : [n][p]i32 =
      map (\\r -> map (\\c -> i32.sum (map2 (*) r c)) (transpose b)) a
    #[noinline]
    def by_loops [n][m][p] (a: [n][m]i32) (b: [m][p]i32) : [n][p]i32 =
      tabulate_2d n p (\\i j -> loop s = 0 for l < m do s + a[i, l] * b[l, j])
    entry main (n: i64) (m: i64) (p: i64) : i32 =
      let a = tabulate_2d n m (\\i j -> i32.i64 ((i * 7 + j) % 5) - 2)
      let b = tabulate_2d m p (\\i j -> i32.i64 ((i + j * 3) % 7) - 3)
      let c = matmul a b
      let d = by_loops a b
      in i32.sum (map2 (\\x y -> if x == y then 0 else 1) (flatten c) (flatten d))";
    assert!(runic_kernels::print::program(&kernels_of(program)).contains("segmap tiled"));
    let Some(out) = super::tests::on_device(program, "190i64 37i64 181i64") else {
        return;
    };
    assert_eq!(out, Ok(vec!["0i32".to_string()]));
}

#[test]
fn a_rotation_in_a_work_group_is_a_view_not_a_segmap() {
    // The row's rotation is an index offset of the group's map, which is
    // one SegMap inside the intra-block kernel.
    let program = "entry main (xsss: [][][]i32) =
      #[flattening(only_intra)]
      map (\\xss -> map (\\xs -> map2 (+) xs (rotate 1 xs)) xss) xsss";
    let m = runic_kernels::metrics::program(&kernels_of(program));
    assert_eq!(m.get("/SegMap/SegMap").copied(), Some(1));
}
