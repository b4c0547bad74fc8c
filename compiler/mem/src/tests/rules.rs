//! The memory rules one at a time, each on a small program: the lines of
//! the printed memory IR that show the rule (allocations and the
//! placements of the arrays concerned).

use expect_test::{expect, Expect};

use super::mem_of;

/// The allocations and the placements of the arrays whose names start
/// with one of `names`, in pipeline `gpu` or not.
fn lines(text: &str, gpu: bool, names: &[&str]) -> String {
    let p = mem_of(text, gpu);
    crate::print::program(&p)
        .lines()
        .map(str::trim)
        .filter(|l| {
            l.contains("= alloc(")
                || l.contains("iota(")
                || names.iter().any(|n| l.starts_with(&format!("-- {n}")))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn check(text: &str, gpu: bool, names: &[&str], expected: Expect) {
    expected.assert_eq(&lines(text, gpu, names));
}

#[test]
fn an_iota_read_row_by_row_by_nested_maps_needs_no_memory() {
    // `tabulate_2d` reads one `iota n` in the outer map and again in the
    // inner one: both rows are the maps' row indices.
    check(
        "entry main (n: i64) : [n][n]i64 = tabulate_2d n n (\\i j -> i * n + j)",
        false,
        &["map"],
        expect![[r#"
            let mem_map_10 = alloc(8*x_0*x_0 bytes, Host)
            -- map_9: [x_0]i64 @ mem_map_10 -> x_0*gtid_14 + {(x_0 : 1)}
            -- map_10: [x_0][x_0]i64 @ mem_map_10 -> 0 + {(x_0 : x_0), (x_0 : 1)}"#]],
    );
}

#[test]
fn a_branch_updating_one_array_in_place_gives_back_its_memory() {
    // Both branches update `z` in place: the branch's result is `z`'s
    // memory, so `z` itself is built in row 1 of `y` and only `x2` needs
    // memory of its own.
    check(
        "entry main [n] (y: *[n][n][n]i32) (a: [n]i32) : *[n][n][n]i32 =
           let z = replicate n (replicate n 0)
           let x2 = map (* 2) a
           let z2 = if n > 3 then (let z[0] = x2 in z) else (let z[1] = x2 in z)
           let y[1] = z2
           in y",
        false,
        &["rep", "upd", "r_"],
        expect![[r#"
            -- rep_19: [n_0][n_0]i32 @ mem_xs_3 -> n_1*n_2 + {(n_1 : n_2), (n_2 : 1)}
            let mem_map_22 = alloc(4*n_4 bytes, Host)
            -- upd_25: [n_0][n_0]i32 @ mem_xs_3 -> n_1*n_2 + {(n_1 : n_2), (n_2 : 1)}
            -- upd_27: [n_0][n_0]i32 @ mem_xs_3 -> n_1*n_2 + {(n_1 : n_2), (n_2 : 1)}
            -- r_28: [n_0][n_0]i32 @ mem_xs_3 -> n_1*n_2 + {(n_1 : n_2), (n_2 : 1)}
            -- upd_30: *[n_0][n_1][n_2]i32 @ mem_xs_3 -> 0 + {(n_0 : n_1*n_2), (n_1 : n_2), (n_2 : 1)}"#]],
    );
}

#[test]
fn a_kernel_reads_its_destination_only_at_the_rows_it_writes() {
    // The map reads row `i - 1` of the matrix and writes row `i`: on the
    // host the rows are shown apart and the map's result is built in row
    // `i`; a kernel's reads of its destination must be at the very rows
    // it writes (Futhark's device rule), so there it gets memory of its
    // own.
    let text = "entry main [n] (xss: *[n][n]i32) (i: i64) =
                  let xs = map2 (+) xss[i] xss[i - 1]
                  in xss with [i] = xs";
    check(
        text,
        false,
        &["map"],
        expect!["-- map_21: [n_1]i32 @ mem_xs_2 -> n_1*x_3 + {(n_1 : 1)}"],
    );
    check(
        text,
        true,
        &["map"],
        expect![[r#"
        let mem_map_21 = alloc(4*n_1 bytes, Device)
        -- map_21: [n_1]i32 @ mem_map_21 -> 0 + {(n_1 : 1)}"#]],
    );
}

#[test]
fn an_element_read_of_the_destination_moves_into_the_kernel() {
    // `k` is read from the destination and used only by the map: on the
    // device the map's kernel reads it, while writing row `i`, which may
    // be row 0; so the map's result gets memory of its own there, and is
    // built in place on the host.
    let text = "entry main [n] (i: i64) (ns: [n]i32) (mss: [n][n]i32) : [n][n]i32 =
                  let t1 = map (map (+ 1)) mss
                  let k = t1[0, 1]
                  let t0 = map (+ k) ns
                  let t1[i] = t0
                  in t1";
    check(
        text,
        false,
        &["map"],
        expect![[r#"
        let mem_map_15 = alloc(4*n_3*n_4 bytes, Host)
        -- map_14: [n_4]i32 @ mem_map_15 -> n_4*gtid_32 + {(n_4 : 1)}
        -- map_15: [n_3][n_4]i32 @ mem_map_15 -> 0 + {(n_3 : n_4), (n_4 : 1)}
        -- map_22: [n_1]i32 @ mem_map_15 -> x_0*n_4 + {(n_4 : 1)}"#]],
    );
    check(
        text,
        true,
        &["map"],
        expect![[r#"
        let mem_map_15 = alloc(4*n_3*n_4 bytes, Device)
        -- map_14: [n_4]i32 @ mem_map_15 -> n_4*gtid_32 + {(n_4 : 1)}
        -- map_15: [n_3][n_4]i32 @ mem_map_15 -> 0 + {(n_3 : n_4), (n_4 : 1)}
        let mem_map_22 = alloc(4*n_1 bytes, Device)
        -- map_22: [n_1]i32 @ mem_map_22 -> 0 + {(n_1 : 1)}"#]],
    );
}

#[test]
fn functions_whose_calls_were_all_inlined_are_not_in_the_memory_program() {
    // The composition `psum >-> psum >-> psum` is a core function of its own until
    // its calls are inlined; then only the entry point is left.
    let text = "def psum = scan (+) 0i32
                entry main (xss: [][]i32) = map (psum >-> psum >-> psum) xss";
    for gpu in [false, true] {
        let p = mem_of(text, gpu);
        let names: Vec<&str> = p.funs.iter().map(|f| &*f.name).collect();
        assert_eq!(names, ["main"], "gpu: {gpu}");
    }
}

#[test]
fn a_map_of_transposes_is_a_transpose_of_the_whole_array() {
    let text =
        "entry main [m][n] (xsss: [m][n][n]f32) : f32 = let t = map transpose xsss in t[1, 2, 0]";
    // No memory: the result is the input at a permuted index function.
    check(text, false, &["map", "tr"], expect!["-- map_11: [n_0][n_2][n_1]f32 @ mem_xs_3 -> 0 + {(n_0 : n_1*n_2), (n_2 : 1), (n_1 : n_2)}"]);
    // On the device the transposed rows are a row-major copy.
    check(
        text,
        true,
        &["map"],
        expect![[r#"
            let mem_map_11 = alloc(4*n_0*n_1*n_2 bytes, Device)
            -- map_11: [n_0][n_2][n_1]f32 @ mem_map_11 -> 0 + {(n_0 : n_1*n_2), (n_2 : n_1), (n_1 : 1)}"#]],
    );
}

#[test]
fn an_update_from_a_view_of_itself_copies_the_view_first_on_the_device() {
    // The rows written overlap the rows read: a kernel cannot move them in
    // place, so the view is copied to memory of its own first; the host
    // moves them in place.
    let text =
        "entry main [n] (xs: *[n]i32) : [n]i32 = let i = n / 3 in xs with [:2 * i] = copy xs[i:]";
    check(
        text,
        false,
        &["elem", "copy", "upd"],
        expect![[r#"
        -- elem_32: [x_31]i32 @ mem_xs_1 -> x_2 + {(x_31 : 1)}
        -- upd_58: *[n_0]i32 @ mem_xs_1 -> 0 + {(n_0 : 1)}"#]],
    );
    check(
        text,
        true,
        &["elem", "copy", "upd"],
        expect![[r#"
        -- elem_32: [x_31]i32 @ mem_xs_1 -> x_2 + {(x_31 : 1)}
        let mem_copy_59 = alloc(4*x_31 bytes, Device)
        -- copy_59: [x_31]i32 @ mem_copy_59 -> 0 + {(x_31 : 1)}
        -- upd_58: *[n_0]i32 @ mem_xs_1 -> 0 + {(n_0 : 1)}"#]],
    );
}
