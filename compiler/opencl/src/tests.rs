//! Snapshots of the kernel IR and of the generated OpenCL C for small
//! programs, and runs on a device (skipped, with a notice, only where no
//! OpenCL platform exists at all).

use expect_test::{expect, Expect};
use runic_core::{compile_entry_to, declared_layouts, Stage};

use crate::codegen;

fn kernels_of(text: &str) -> runic_kernels::KernelProgram {
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
fn a_map_is_a_segmap_and_a_reduction_a_segred() {
    kernel_ir(
        "entry main (xs: []i32) : i32 = reduce (+) 0 (map (\\x -> x * 2) xs)",
        expect![[r#"
            kernel segmap_0 (n_0: i64, xs_1: [n_0]i32) {
              segmap (gtid_11 < n_0) rows of (xs_1) \ (p_2: i32): {i32} -> {
                let {x_3: i32} = mul(p_2, 2i32)
                in {x_3}
              }
            }

            kernel segred_1 (n_0: i64, op_10: [n_0]i32) {
              segred ordered n_0 (op_10) from (0i32) \ (p_5: i32) (p_6: i32): {i32} -> {
                let {x_7: i32} = add(p_5, p_6)
                in {x_7}
              }
            }

            host main (n_0: i64) (xs_1: [n_0]i32) = {
              alloc op_10: [n_0]i32
              let {op_10: [n_0]i32} = launch segmap_0
              let {red_9: i32} = launch segred_1
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

            kernel segmap_1 (x_0: i64) {
              segmap (gtid_31 < x_0) rows of () \ : {i64} -> {
                in {gtid_31}
              }
            }

            host main (x_0: i64) = {
              let {x_1: bool} = le(0i64, x_0)
              let {} = assert(x_1, "Range 0..1..<" ++ x_0 ++ " is invalid.", "/prelude/array.fut:93:3-20")
              alloc iota_2: [x_0]i64
              let {iota_2: [x_0]i64} = launch segmap_1
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
            kernel segmap_0 (n_0: i64) {
              segmap (gtid_11 < n_0) rows of () \ : {i32} -> {
                in {1i32}
              }
            }

            kernel segmap_1 () {
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
              let {map_3: [n_0]i32} = launch segmap_0
              alloc rep_4: [10i64]i32
              let {rep_4: [10i64]i32} = launch segmap_1
              let {hist_10: [10i64]i32} = launch seghist_2
              in {hist_10}
            }
        "#]],
    );
}

#[test]
fn reduction_kernel_combines_neighbours_in_local_memory() {
    opencl(
        "entry main (xs: []f64) : f64 = reduce (+) 0 xs",
        expect![[r#"
            __kernel void segred_0(__global int* errflag, __global long* errdata, long v0, long n, __global double* in0, __global double* out0, __local double* loc0) {
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
              long gflat = get_global_id(0);
              if (gflat >= (v2)) return;
              long hstart = gflat * quota, hp = hstart, hend = hstart + quota;
              long grest = gflat;
              long v10 = grest % (v2); grest /= (v2);
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
fn on_device(text: &str, input: &str) -> Option<Result<Vec<String>, String>> {
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
        crate::call_entry(&device, &program, "main", &args)
            .map(|vs| {
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
