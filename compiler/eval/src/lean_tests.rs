//! The fast paths of `map`, `reduce` and `scan` (kernels over typed
//! buffers, tuples of buffers) against the general evaluator: each program
//! runs twice, with and without kernels ([`Limits::kernels`]), and must
//! give the same results, or the same error at the same place.

use crate::binary::read_all;
use crate::run::{call_entry, load_single, show_results};
use crate::Limits;

/// The results of entry `main` (or the error), with or without kernels.
fn run(program: &str, input: &str, kernels: bool) -> String {
    let program = load_single("t.fut", program).expect("the program loads");
    let args = read_all(input.as_bytes()).expect("the input reads");
    let limits = Limits {
        kernels,
        ..Limits::default()
    };
    match call_entry(&program, "main", &args, limits) {
        Ok(values) => show_results(&program, "main", &values).join("\n"),
        Err(e) => e.to_string(),
    }
}

/// Both ways agree on `input`; what they give.
fn same(program: &str, input: &str) -> String {
    let fast = run(program, input, true);
    assert_eq!(fast, run(program, input, false), "{program}\non {input}");
    fast
}

#[test]
fn indexing_inside_a_map() {
    let reversed =
        "entry main (xs: []i64) = let n = length xs in map (\\i -> xs[n - 1 - i]) (iota n)";
    assert_eq!(same(reversed, "[1i64, 2i64, 3i64]"), "[3i64, 2i64, 1i64]");
    let gather = "entry main (xs: []f64) (is: []i64) = map (\\i -> xs[i] * 2) is";
    assert_eq!(
        same(gather, "[1f64, 2f64] [1i64, 0i64, 1i64]"),
        "[4.0f64, 2.0f64, 4.0f64]"
    );
    let error = same(gather, "[1f64, 2f64] [1i64, 2i64]");
    assert!(
        error.contains("Index [2] out of bounds for array of shape [2]"),
        "{error}"
    );
    assert!(error.contains("t.fut:1:"), "{error}");
    let negative = same(gather, "[1f64, 2f64] [-1i64]");
    assert!(negative.contains("Index [-1] out of bounds"), "{negative}");
    let narrow = "entry main (xs: []u8) (is: []i32) = map (\\i -> xs[i64.i32 i]) is";
    assert_eq!(same(narrow, "[7u8, 8u8] [1i32, 1i32]"), "[8u8, 8u8]");
    let guarded =
        "entry main (xs: []i32) = map (\\i -> if i < 2 then xs[i + 1] else 0) (indices xs)";
    assert_eq!(same(guarded, "[1i32, 2i32, 3i32]"), "[2i32, 3i32, 0i32]");
    let global =
        "def table = [10i32, 20i32, 30i32]\nentry main (is: []i64) = map (\\i -> table[i]) is";
    assert_eq!(same(global, "[2i64, 0i64]"), "[30i32, 10i32]");
}

#[test]
fn several_operands() {
    let added = "entry main (xs: []i64) (ys: []i64) = map2 (+) xs ys";
    assert_eq!(same(added, "[1i64, 2i64] [10i64, 20i64]"), "[11i64, 22i64]");
    let lambda = "entry main (xs: []f32) (ys: []f32) = map2 (\\x y -> x * y + 1) xs ys";
    assert_eq!(
        same(lambda, "[1f32, 2f32] [3f32, 4f32]"),
        "[4.0f32, 9.0f32]"
    );
    let three = "entry main (a: []i32) (b: []i32) (c: []i32) = map3 (\\x y z -> x * y - z) a b c";
    assert_eq!(
        same(three, "[1i32, 2i32] [3i32, 4i32] [5i32, 6i32]"),
        "[-2i32, 2i32]"
    );
    let captured = "entry main (k: i32) (xs: []i32) (ys: []i32) = map2 (\\x y -> x * k + y) xs ys";
    assert_eq!(
        same(captured, "3i32 [1i32, 2i32] [1i32, 1i32]"),
        "[4i32, 7i32]"
    );
    let nested = "entry main (a: []i8) (b: []i8) (c: []i8) = map (\\(x, (y, z)) -> x + y * z) (zip a (zip b c))";
    assert_eq!(
        same(nested, "[1i8, 2i8] [3i8, 4i8] [5i8, 100i8]"),
        "[16i8, -110i8]"
    );
    let division = "entry main (xs: []i32) (ys: []i32) = map2 (/) xs ys";
    let error = same(division, "[4i32, 5i32] [2i32, 0i32]");
    assert!(error.contains("t.fut:1:"), "{error}");
}

#[test]
fn conversions() {
    let cases = [
        ("f64.i64", "[1i64, -9007199254740993i64]"),
        ("f32.i64", "[16777217i64, -1i64]"),
        ("f32.i8", "[-128i8, 127i8]"),
        ("i8.i64", "[300i64, -129i64]"),
        ("i64.i16", "[-32768i16, 5i16]"),
        ("u64.i32", "[-1i32, 7i32]"),
        ("u8.i64", "[-1i64, 256i64]"),
        ("i32.f64", "[1.9f64, -1.9f64, 3e10f64]"),
        ("f64.f32", "[1.5f32, -0.1f32]"),
        ("f32.f64", "[0.1f64, 1e300f64]"),
        ("f16.f64", "[0.1f64, 70000f64]"),
        ("f64.u32", "[4294967295u32]"),
        ("i32.bool", "[true, false]"),
        ("bool.i64", "[0i64, 5i64]"),
    ];
    for (f, input) in cases {
        let program = format!("entry main xs = map (\\x -> {f} x) xs");
        let shown = same(&program, input);
        assert!(!shown.contains("rror"), "{f}: {shown}");
    }
    let negated = "entry main (xs: []i16) (ys: []f32) = (map (\\x -> -x) xs, map (\\y -> -y) ys)";
    assert_eq!(
        same(negated, "[-32768i16, 3i16] [0f32, 2f32]"),
        "[-32768i16, -3i16]\n[-0.0f32, -2.0f32]"
    );
}

#[test]
fn zips_keep_buffers() {
    let round = "entry main (xs: []i32) (ys: []bool) = unzip (zip xs ys)";
    assert_eq!(
        same(round, "[1i32, 2i32] [true, false]"),
        "[1i32, 2i32]\n[true, false]"
    );
    let pairs = "entry main (xs: []i64) = unzip (map (\\x -> (x, f64.i64 x)) xs)";
    assert_eq!(
        same(pairs, "[1i64, 2i64]"),
        "[1i64, 2i64]\n[1.0f64, 2.0f64]"
    );
    let updated = "entry main (xs: []i32) = let ps = zip xs xs with [0] = (7, 8) in unzip ps";
    assert_eq!(same(updated, "[1i32, 2i32]"), "[7i32, 2i32]\n[8i32, 2i32]");
    let sliced = "entry main (xs: []i32) = let ps = zip xs (map (+1) xs) in (ps[1:], ps[0])";
    assert_eq!(
        same(sliced, "[1i32, 2i32, 3i32]"),
        "[(2i32, 3i32), (3i32, 4i32)]\n(1i32,\n 2i32)"
    );
    let concat = "entry main (xs: []i32) = let ps = zip xs xs in unzip (ps ++ ps)";
    assert_eq!(same(concat, "[1i32]"), "[1i32, 1i32]\n[1i32, 1i32]");
    let boxed = "entry main (xs: []i32) = let ps = zip xs (map (\\x -> [x]) xs) in map (\\(a, b) -> a + b[0]) ps";
    assert_eq!(same(boxed, "[1i32, 2i32]"), "[2i32, 4i32]");
    let sums =
        "entry main (xs: []i32) = reduce (\\(a, b) (c, d) -> (a + c, b * d)) (0, 1) (zip xs xs)";
    assert_eq!(same(sums, "[2i32, 3i32]"), "5i32\n6i32");
}

#[test]
fn reductions_and_scans() {
    let lambda = "entry main (xs: []i64) = (reduce (\\a b -> a + b * 3) 0 xs, scan (\\a b -> a * 2 + b) 0 xs)";
    assert_eq!(
        same(lambda, "[1i64, 2i64, 3i64]"),
        "18i64\n[1i64, 4i64, 11i64]"
    );
    let failing = "entry main (xs: []i32) = reduce (\\a b -> a / b) 100 xs";
    let error = same(failing, "[2i32, 0i32]");
    assert!(error.contains("t.fut:1:"), "{error}");
}
