//! Interpreter tests: whole programs run on textual input, results (or the
//! error) compared with inline snapshots. Expected values come from
//! reasoning about Futhark's semantics (and were checked against the
//! reference implementation's `futhark run` where noted).

use expect_test::{expect, Expect};

use crate::binary::read_all;
use crate::run::{call_entry, load_single, show_results};
use crate::Limits;

/// Runs entry `main` of `program` on `input`; the results one per line, or
/// the error.
fn run(program: &str, input: &str) -> String {
    let program = match load_single("t.fut", program) {
        Ok(p) => p,
        Err(e) => return format!("load error: {e}"),
    };
    let args = match read_all(input.as_bytes()) {
        Ok(a) => a,
        Err(e) => return format!("input error: {e}"),
    };
    match call_entry(&program, "main", &args, Limits::default()) {
        Ok(values) => show_results(&program, "main", &values).join("\n"),
        Err(e) => e.to_string(),
    }
}

fn check(program: &str, input: &str, expect: Expect) {
    expect.assert_eq(&(run(program, input) + "\n"));
}

#[test]
fn integer_arithmetic_wraps() {
    check(
        r#"entry main (x: i8) (y: u16) (z: i32) = (x + 100, y * 1000, z * z, -x)
"#,
        "100i8 70u16 65536",
        expect![[r#"
            -56i8
            4464u16
            0i32
            -100i8
        "#]],
    );
}

#[test]
fn division_rounds_towards_negative_infinity() {
    check(
        r#"entry main (x: i32) (y: i32) = (x / y, x % y, x // y, x %% y)
"#,
        "-7 2",
        expect![[r#"
            -4i32
            1i32
            -3i32
            -1i32
        "#]],
    );
}

#[test]
fn shifts_saturate_and_negative_shifts_reverse() {
    check(
        r#"entry main (x: i32) (y: i32) = (x << y, x >> y, x << 40, x >> 40)
"#,
        "-8 -1",
        expect![[r#"
            -4i32
            -16i32
            0i32
            -1i32
        "#]],
    );
}

#[test]
fn float_to_int_conversions_truncate_and_wrap() {
    check(
        r#"entry main (x: f64) = (i32.f64 x, u8.f64 x, i64.f64 x, i8.f64 f64.nan)
"#,
        "-300.7",
        expect![[r#"
            -300i32
            212u8
            -300i64
            0i8
        "#]],
    );
}

#[test]
fn signed_to_unsigned_zero_extends() {
    check(
        r#"entry main (x: i8) = (u32.i8 x, i64.i8 x, u64.i16 (i16.i8 x))
"#,
        "-1i8",
        expect![[r#"
            255u32
            -1i64
            65535u64
        "#]],
    );
}

#[test]
fn float_printing() {
    check(
        r#"entry main (x: f32) = (x, x / 3, x * 1e10, f32.nan, -f32.inf, 0.0f64, -0.0f64, 1e7f64)
"#,
        "2f32",
        expect![[r#"
            2.0f32
            0.6666667f32
            2.0e10f32
            f32.nan
            -f32.inf
            0.0f64
            -0.0f64
            1.0e7f64
        "#]],
    );
}

#[test]
fn arrays_print_rows_on_lines() {
    check(
        r#"entry main (n: i64) = (tabulate_2d n 2 (\i j -> i * 2 + j), replicate 0 (replicate 3 1f32), [true])
"#,
        "2i64",
        expect![[r#"
            [[0i64, 1i64],
             [2i64, 3i64]]
            empty([0][3]f32)
            [true]
        "#]],
    );
}

#[test]
fn records_tuples_and_sums_print_structurally() {
    check(
        r#"entry main (x: i32) = ({b = x, a = (x, [x])}, #some x : (#none | #some i32))
"#,
        "7",
        expect![[r#"
            {a = (7i32,
                  [7i32]),
             b = 7i32}
            #some 7i32
        "#]],
    );
}

#[test]
fn match_on_sums_and_literals() {
    check(
        r#"type shape = #circle f64 | #rect f64 f64
def area (s: shape) = match s case #circle r -> r * r case #rect w h -> w * h
entry main (x: f64) (k: i32) = (area (#circle x), area (#rect x 2), match k case 0 -> "zero" case -1 -> "neg" case _ -> "other")
"#,
        "3.0 -1",
        expect![[r#"
            9.0f64
            6.0f64
            [110u8, 101u8, 103u8]
        "#]],
    );
}

#[test]
fn loops_of_every_form() {
    check(
        r#"entry main (n: i32) = (loop (a, b) = (0, 1) for _i < n do (b, a + b), loop i = 1 while i < n do i * 3, loop s = 0 for x in [1, 2, 3] do s + x)
"#,
        "10",
        expect![[r#"
            (55i32,
             89i32)
            27i32
            6i32
        "#]],
    );
}

#[test]
fn modules_and_functors() {
    check(
        r#"module type num = { type t val add: t -> t -> t val zero: t }
module sum_of (N: num) = { def sum (xs: []N.t) = reduce N.add N.zero xs }
module I = sum_of { type t = i32 def add (a: i32) (b: i32) = a + b def zero = 0i32 }
module F = sum_of { type t = f64 def add = (f64.+) def zero = 1f64 }
entry main (xs: []i32) = (I.sum xs, F.sum (map f64.i32 xs))
"#,
        "[1, 2, 3]",
        expect![[r#"
            6i32
            7.0f64
        "#]],
    );
}

#[test]
fn higher_order_functions_and_sections() {
    check(
        r#"def twice 'a (f: a -> a) (x: a) = f (f x)
entry main (xs: []i32) = (map (twice (* 2)) xs, map (10 -) xs, (.1) (1, 2), xs |> map (+1) |> i32.sum, (flip (-)) 1 10)
"#,
        "[1, 2]",
        expect![[r#"
            [4i32, 8i32]
            [9i32, 8i32]
            2i32
            5i32
            9i32
        "#]],
    );
}

#[test]
fn size_parameters_bound_from_arguments() {
    check(
        r#"def pairs [n] 't (xs: [n]t) : [n](t, i64) = zip xs (iota n)
entry main [m] (xs: [m]f32) = (pairs xs |> map (.1), m, unflatten (iota 6 :> [2 * 3]i64))
"#,
        "[1f32, 2f32, 3f32]",
        expect![[r#"
            [0i64, 1i64, 2i64]
            3i64
            [[0i64, 1i64, 2i64],
             [3i64, 4i64, 5i64]]
        "#]],
    );
}

#[test]
fn slices_with_strides() {
    check(
        r#"entry main (xs: []i32) = (xs[1:4], xs[::2], xs[::-1], xs[4:1:-1], xs[2:2])
"#,
        "[0, 1, 2, 3, 4, 5]",
        expect![[r#"
            [1i32, 2i32, 3i32]
            [0i32, 2i32, 4i32]
            [5i32, 4i32, 3i32, 2i32, 1i32, 0i32]
            [4i32, 3i32, 2i32]
            empty([0]i32)
        "#]],
    );
}

#[test]
fn in_place_updates() {
    check(
        r#"entry main (n: i64) = let xs = replicate n 0i32 let xs = loop xs for i < n do xs with [i] = i32.i64 (i * i) let xs[0] = 7 in (xs, copy xs with [1:3] = [9, 9])
"#,
        "4i64",
        expect![[r#"
            [7i32, 1i32, 4i32, 9i32]
            [7i32, 9i32, 9i32, 9i32]
        "#]],
    );
}

#[test]
fn soacs() {
    check(
        r#"entry main (xs: []i32) = (scan (+) 0 xs, reduce (*) 1 xs, filter (> 1) xs, hist (+) 0 3 [0, 1, 1] xs, scatter (replicate 4 0) [3, 9, 0] xs, partition (< 2) xs)
"#,
        "[1, 2, 3]",
        expect![[r#"
            [1i32, 3i32, 6i32]
            6i32
            [2i32, 3i32]
            [1i32, 5i32, 0i32]
            [3i32, 0i32, 0i32, 1i32]
            ([1i32],
             [2i32, 3i32])
        "#]],
    );
}

#[test]
fn index_out_of_bounds() {
    check(
        r#"def get (xs: []i32) (i: i64) = xs[i]
entry main (xs: []i32) (i: i64) = get xs i
"#,
        "[1, 2, 3] 3i64",
        expect![[r#"
            Error at
            -> #0  t.fut:1:32-37
               #1  t.fut:2:35-43
            Index [3] out of bounds for array of shape [3].
        "#]],
    );
}

#[test]
fn invalid_slice() {
    check(
        r#"entry main (xs: []i32) (i: i64) = xs[i:1]
"#,
        "[1, 2, 3] 2i64",
        expect![[r#"
            Error at
            -> #0  t.fut:1:35-42
            Index [2:1] out of bounds for array of shape [3].
        "#]],
    );
}

#[test]
fn coercion_size_mismatch() {
    check(
        r#"entry main (xs: []i32) = xs :> [3]i32
"#,
        "[1, 2]",
        expect![[r#"
            Error at
            -> #0  t.fut:1:26-38
            Value "[1, 2]" of shape "[2]" cannot match shape of type "[3]i32" ("[3]i32")
        "#]],
    );
}

#[test]
fn failed_assertion() {
    check(
        r#"entry main (x: i32) = assert (x > 0) (x * 2)
"#,
        "-1",
        expect![[r#"
            Error at
            -> #0  t.fut:1:23-45
            (x > 0)
        "#]],
    );
}

#[test]
fn division_by_zero() {
    check(
        r#"entry main (x: i32) (y: i32) = x / y
"#,
        "1 0",
        expect![[r#"
            Error at
            -> #0  t.fut:1:32-37
            Cannot apply operator to arguments "1" and "0".
        "#]],
    );
}

#[test]
fn ranges() {
    check(
        r#"entry main (n: i64) = (1..<n, n..>1, 0..2...n, 1...n)
"#,
        "5i64",
        expect![[r#"
            [1i64, 2i64, 3i64, 4i64]
            [5i64, 4i64, 3i64, 2i64]
            [0i64, 2i64, 4i64]
            [1i64, 2i64, 3i64, 4i64, 5i64]
        "#]],
    );
}

#[test]
fn strings_and_chars() {
    check(
        r#"entry main (x: i32) = ("aé", 'a' + x, length "abc")
"#,
        "1",
        expect![[r#"
            [97u8, 195u8, 169u8]
            98i32
            3i64
        "#]],
    );
}

/// In-place updates in a loop must not copy the array each time: with
/// copies, 100,000 updates of a 100,000-element array would take minutes and
/// hit the time limit; without, well under a second.
#[test]
fn in_place_updates_in_loops_do_not_copy() {
    let program = load_single(
        "t.fut",
        "entry main (n: i64) =
           let xs = replicate n 0i64
           let ys = loop xs for i < n do (let xs[i] = i in xs)
           let last = ys[n - 1]
           let zs = loop ys for i < n do ys with [i] = ys[i] + 1
           in (last, zs[n - 1])",
    )
    .expect("loads");
    let args = read_all(b"100000i64").unwrap();
    let limits = Limits {
        deadline: Some(std::time::Instant::now() + std::time::Duration::from_secs(30)),
        ..Limits::default()
    };
    let values = call_entry(&program, "main", &args, limits).expect("runs in time");
    assert_eq!(
        show_results(&program, "main", &values),
        vec!["99999i64", "100000i64"]
    );
}

/// Lowers a program whatever the checker says of it (its types are still
/// recorded), to reach run-time checks that a checked program never fails.
fn run_unchecked(program: &str, input: &str) -> String {
    let root = runic_syntax::parse(program).syntax();
    let prelude = runic_sema::Prelude::builtin();
    let checked = runic_sema::check_program(&root, &prelude, &runic_sema::NoImports);
    let unit = crate::Unit {
        path: "t.fut".into(),
        text: std::rc::Rc::from(program),
        root,
        types: checked.types.clone(),
    };
    let units = std::collections::HashMap::from([("t.fut".to_string(), unit)]);
    let resolve = crate::run::resolve_import;
    let program = crate::Program::load(&units, "t.fut", &resolve).expect("lowers");
    let args = read_all(input.as_bytes()).expect("input");
    match call_entry(&program, "main", &args, Limits::default()) {
        Ok(values) => show_results(&program, "main", &values).join("\n"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn function_results_are_checked_against_declared_sizes() {
    let program = r#"def f (n: i64) : [n]i32 = map i32.i64 (iota 3)
entry main (n: i64) = f n
"#;
    expect![[r#"
        Error at
        -> #0  t.fut:1:18-24
           #1  t.fut:2:23-26
        Value "[0, 1, 2]" of shape "[3]" cannot match shape of type "[n]i32" ("[2]i32")"#]]
    .assert_eq(&run_unchecked(program, "2i64"));
    expect!["[0i32, 1i32, 2i32]"].assert_eq(&run_unchecked(program, "3i64"));
}

#[test]
fn entry_arguments_must_agree_on_sizes() {
    let program = r#"entry main [n] (xs: [n]i32) (ys: [n]i32) = map2 (+) xs ys
"#;
    check(
        program,
        "[1, 2] [3, 4]",
        expect![[r#"
        [4i32, 6i32]
    "#]],
    );
    check(
        program,
        "[1, 2] [3, 4, 5]",
        expect![[r#"
        Error at
        -> #0  t.fut:1:34-40
        entry point arguments have invalid sizes.
    "#]],
    );
    let dependent = "entry main (n: i64) (xs: [n]i32) = xs\n";
    check(
        dependent,
        "3i64 [1, 2]",
        expect![[r#"
        Error at
        -> #0  t.fut:1:26-32
        entry point arguments have invalid sizes.
    "#]],
    );
}

#[test]
fn size_dependent_parameters_are_checked() {
    let program = r#"def f (n: i64) (xs: [n]i32) = xs
entry main (k: i64) = f k [1, 2, 3]
"#;
    expect![[r#"
        Error at
        -> #0  t.fut:1:21-27
           #1  t.fut:2:23-36
        Value "[1, 2, 3]" of shape "[3]" cannot match shape of type "[n]i32" ("[2]i32")"#]]
    .assert_eq(&run_unchecked(program, "2i64"));
}

/// Binary values read straight into typed buffers give back the same
/// bytes when written, for every element type and rank; a binary input
/// array taken by an entry point (and mapped in its place) prints as the
/// textual one does.
#[test]
fn binary_values_round_trip() {
    let mut bytes = Vec::new();
    let mut value = |tag: &str, dims: &[u64], body: Vec<u8>| {
        bytes.extend_from_slice(&[b'b', 2, dims.len() as u8]);
        bytes.extend_from_slice(tag.as_bytes());
        for d in dims {
            bytes.extend_from_slice(&d.to_le_bytes());
        }
        bytes.extend_from_slice(&body);
    };
    value(
        " f64",
        &[2],
        [1.5f64, -2.0]
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect(),
    );
    value(
        " i32",
        &[2, 2],
        [1i32, -2, 3, 4]
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect(),
    );
    value("bool", &[3], vec![1, 0, 1]);
    value(" f16", &[1], 0x3c00u16.to_le_bytes().to_vec());
    value("  u8", &[], vec![200]);
    value(" i64", &[0], Vec::new());
    let values = read_all(&bytes).expect("reads");
    let mut out = Vec::new();
    for v in &values {
        crate::binary::write(&mut out, &v.value, v.prim).expect("writes");
    }
    assert_eq!(out, bytes);
    let program = "entry main (xs: []f64) (ys: [][]i32) = (map (*2) xs, map (map (+1)) ys)\n";
    let mut args = read_all(&bytes).expect("reads");
    args.truncate(2);
    let loaded = load_single("t.fut", program).expect("loads");
    let (result, _) = crate::run::call_entry_owned(&loaded, "main", args, Limits::default());
    let shown = show_results(&loaded, "main", &result.expect("runs"));
    assert_eq!(
        shown,
        ["[3.0f64, -4.0f64]", "[[2i32, -1i32],\n [4i32, 5i32]]"]
    );
}
