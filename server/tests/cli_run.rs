//! End-to-end tests of `runic run` and `runic test`: the real binary on
//! files in a scratch folder, with input on stdin. Expected outputs are
//! what `futhark run` prints for the same programs.

mod cli_support;

use cli_support::runic;

use std::io::Write;
use std::path::PathBuf;
use std::process::Output;

use expect_test::{expect, Expect};

/// A fresh scratch folder for one test, holding the given files.
fn scratch(test: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cli_run")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("create scratch folder");
        std::fs::write(path, text).expect("write scratch file");
    }
    dir
}

fn assert_run(output: &Output, code: i32, stdout: Expect, stderr: Expect) {
    stdout.assert_eq(&String::from_utf8_lossy(&output.stdout));
    stderr.assert_eq(&String::from_utf8_lossy(&output.stderr));
    assert_eq!(output.status.code(), Some(code), "exit code");
}

const PROGRAM: &str = "\
def get (xs: []i32) (i: i64) = xs[i]

entry main (xs: []i32) (i: i64) = (get xs i, map (*2) xs)

entry sum (xs: [][]f32) = map f32.sum xs
";

#[test]
fn run_reads_text_input_and_prints_each_result() {
    let dir = scratch("text", &[("p.fut", PROGRAM)]);
    let output = runic(&dir, &["run", "p.fut"], b"[1, 2, 3] 1i64");
    assert_run(
        &output,
        0,
        expect![[r#"
        2i32
        [2i32, 4i32, 6i32]
    "#]],
        expect![""],
    );
}

#[test]
fn run_reads_binary_input() {
    let dir = scratch("binary", &[("p.fut", PROGRAM)]);
    // A [2][2]f32 array in the binary format.
    let mut input = vec![b'b', 2, 2, b' ', b'f', b'3', b'2'];
    input.extend_from_slice(&2u64.to_le_bytes());
    input.extend_from_slice(&2u64.to_le_bytes());
    for x in [1.0f32, 2.5, -1.0, 0.25] {
        input.extend_from_slice(&x.to_le_bytes());
    }
    let output = runic(&dir, &["run", "p.fut", "-e", "sum"], &input);
    assert_run(
        &output,
        0,
        expect![[r#"
        [3.5f32, -0.75f32]
    "#]],
        expect![""],
    );
}

#[test]
fn run_time_error_prints_location_and_stack_and_exits_1() {
    let dir = scratch("runtime_error", &[("p.fut", PROGRAM)]);
    let output = runic(&dir, &["run", "p.fut"], b"[1, 2, 3] 3i64");
    assert_run(
        &output,
        1,
        expect![""],
        expect![[r#"
        Error at
        -> #0  p.fut:1:32-37
           #1  p.fut:3:36-44
        Index [3] out of bounds for array of shape [3].
    "#]],
    );
}

#[test]
fn bad_input_and_unknown_entry_exit_2() {
    let dir = scratch("bad_input", &[("p.fut", PROGRAM)]);
    let output = runic(&dir, &["run", "p.fut"], b"[1, 2, 3] 3i32");
    assert_run(
        &output,
        2,
        expect![""],
        expect![[r#"
        runic: error: entry point `main`: argument 2 should have type i64 but has type i32
    "#]],
    );
    let output = runic(&dir, &["run", "p.fut", "-e", "nope"], b"");
    assert_run(
        &output,
        2,
        expect![""],
        expect![[r#"
        runic: error: no entry point named `nope`; entry points: main, sum
    "#]],
    );
    let output = runic(&dir, &["run", "p.fut"], b"[1, 2");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("invalid input"));
}

#[test]
fn an_unannotated_parameter_takes_the_inferred_type_for_its_argument() {
    // `n` bounds a `for` loop and nothing else fixes its type: an i32.
    let program = "entry main n x = loop acc = 1 for _i < n do acc * x\n";
    let dir = scratch("inferred_param", &[("p.fut", program)]);
    for backend in ["interp", "core"] {
        let output = runic(&dir, &["run", "p.fut", "--backend", backend], b"3 2");
        assert_run(&output, 0, expect!["8i32\n"], expect![""]);
        let output = runic(&dir, &["run", "p.fut", "--backend", backend], b"3i64 2");
        assert_run(
            &output,
            2,
            expect![""],
            expect![[r#"
            runic: error: entry point `main`: argument 1 should have type i32 but has type i64
        "#]],
        );
    }
}

#[test]
fn compile_errors_are_rendered_like_check() {
    let dir = scratch(
        "compile_error",
        &[("bad.fut", "entry main (x: i32) = x + true\n")],
    );
    let output = runic(&dir, &["run", "bad.fut"], b"1");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("error"), "{stderr}");
    assert!(stderr.contains("bad.fut:1:"), "{stderr}");
}

#[test]
fn opencl_backend_gives_the_interpreters_results() {
    let dir = scratch("opencl", &[("p.fut", PROGRAM)]);
    let interp = runic(
        &dir,
        &["run", "p.fut", "--backend", "interp"],
        b"[1, 2, 3] 1i64",
    );
    let opencl = runic(
        &dir,
        &["run", "p.fut", "--backend", "opencl"],
        b"[1, 2, 3] 1i64",
    );
    let stderr = String::from_utf8_lossy(&opencl.stderr);
    if stderr.contains("no OpenCL device is available") {
        eprintln!("note: no OpenCL platform; skipping the opencl backend");
        return;
    }
    assert_eq!(opencl.status.code(), Some(0), "{stderr}");
    assert_eq!(opencl.stdout, interp.stdout);
}

const TESTED: &str = "\
-- ==
-- input { [1, 2, 3] } output { 6 }
-- input { empty([0]i32) } output { 0 }
-- input { [1] } error: out of bounds
-- compiled input { [1] } output { 0 }
-- random input { [10]i32 }
-- input @ data/in.txt output @ data/out.txt

def main (xs: []i32) = if length xs == 1 then xs[1] else i32.sum xs

-- ==
-- entry: halve
-- tags { slowish }
-- input { [1f32, 3f32] } output { [0.5f32, 1.5f32] }

entry halve (xs: []f32) = map (/ 2) xs

-- ==
-- error: Unknown name
";

#[test]
fn test_passing_fixture() {
    let files = [
        (
            "tests/ok.fut",
            TESTED.trim_end_matches("-- ==\n-- error: Unknown name\n"),
        ),
        ("tests/data/in.txt", "[4, 5]"),
        ("tests/data/out.txt", "9"),
        (
            "tests/bad_compile.fut",
            "-- ==\n-- error: Unknown name\ndef main = x\n",
        ),
    ];
    let dir = scratch("test_pass", &files);
    let output = runic(&dir, &["test", "tests"], b"");
    assert_run(
        &output,
        0,
        expect![[r#"
        1 skipped
        7 passed, 0 failed
    "#]],
        expect![""],
    );
    // Tags classify the whole program: excluding one skips all its cases.
    let output = runic(&dir, &["test", "tests", "--exclude", "slowish"], b"");
    assert_run(
        &output,
        0,
        expect![[r#"
        7 skipped
        1 passed, 0 failed
    "#]],
        expect![""],
    );
}

#[test]
fn test_reports_a_wrong_expected_output() {
    let wrong = TESTED
        .trim_end_matches("-- ==\n-- error: Unknown name\n")
        .replace("output { 6 }", "output { 7 }");
    let files = [
        ("ok.fut", wrong.as_str()),
        ("data/in.txt", "[4, 5]"),
        ("data/out.txt", "9"),
    ];
    let dir = scratch("test_fail", &files);
    let output = runic(&dir, &["test", "ok.fut"], b"");
    assert_run(
        &output,
        1,
        expect![[r#"
        FAIL ok.fut:2 entry main dataset #0: value #0: got 6i32, expected 7i32
        1 skipped
        5 passed, 1 failed
    "#]],
        expect![""],
    );
}

#[test]
fn test_expected_compile_error_that_compiles_fails() {
    let dir = scratch(
        "test_compile_error",
        &[(
            "c.fut",
            "-- ==\n-- error: Unknown name\ndef main (x: i32) = x\n",
        )],
    );
    let output = runic(&dir, &["test", "c.fut"], b"");
    assert_run(
        &output,
        1,
        expect![[r#"
        FAIL c.fut: expected a compile error matching `Unknown name`, but the program compiles
        0 passed, 1 failed
    "#]],
        expect![""],
    );
}

#[test]
fn trace_prints_its_value_on_stderr() {
    let dir = scratch(
        "trace",
        &[("t.fut", "entry main (x: i32) = trace (x + 1) * 2\n")],
    );
    let output = runic(&dir, &["run", "t.fut"], b"3");
    assert_run(
        &output,
        0,
        expect![[r#"
        8i32
    "#]],
        expect![[r#"
        trace: 4
    "#]],
    );
}

#[test]
fn test_reads_gzip_compressed_data_files() {
    use flate2::write::GzEncoder;
    let program = "\
-- ==
-- input @ data/in.gz output @ data/out.txt.gz
-- input @ data/bad.gz output { 0 }

entry main (xs: []i32) = i32.sum xs
";
    let dir = scratch("test_gzip", &[("gz.fut", program)]);
    let gzip = |text: &[u8]| {
        let mut encoder = GzEncoder::new(Vec::new(), flate2::Compression::default());
        encoder.write_all(text).expect("compress");
        encoder.finish().expect("compress")
    };
    std::fs::create_dir_all(dir.join("data")).expect("data folder");
    std::fs::write(dir.join("data/in.gz"), gzip(b"[1, 2, 3, 4]")).expect("write");
    std::fs::write(dir.join("data/out.txt.gz"), gzip(b"10")).expect("write");
    // Not gzip at all: a clear failure, not a panic.
    std::fs::write(dir.join("data/bad.gz"), b"[1, 2]").expect("write");
    let output = runic(&dir, &["test", "gz.fut"], b"");
    assert_run(
        &output,
        1,
        expect![[r#"
            FAIL gz.fut:3 entry main dataset data/bad.gz: cannot decompress `data/bad.gz` (gzip): unexpected end of file
            1 passed, 1 failed
        "#]],
        expect![""],
    );
}

#[test]
fn run_with_the_core_backend_gives_the_interpreters_results() {
    let program = "entry main (xs: []i32) = (map (*2) xs, reduce (+) 0 xs)\n";
    let dir = scratch("core", &[("r.fut", program)]);
    for backend in ["interp", "core"] {
        let output = runic(&dir, &["run", "--backend", backend, "r.fut"], b"[1, 2, 3]");
        assert_run(
            &output,
            0,
            expect![[r#"
                [2i32, 4i32, 6i32]
                6i32
            "#]],
            expect![""],
        );
    }
    // Bounds checks are assertions of the core IR, with the location.
    let dir = scratch(
        "core_oob",
        &[("o.fut", "entry main (xs: []i32) (i: i64) = xs[i]\n")],
    );
    let output = runic(&dir, &["run", "--backend", "core", "o.fut"], b"[1, 2] 5i64");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("Index [5] out of bounds for array of shape [2]."),
        "{stderr}"
    );
    assert!(stderr.contains("o.fut:1:"), "{stderr}");
    // Derivatives are core IR transformations.
    let dir = scratch(
        "core_ad",
        &[("ad.fut", "entry main (x: f64) = jvp (\\y -> y * y) x 1\n")],
    );
    let output = runic(&dir, &["run", "--backend", "core", "ad.fut"], b"3.0");
    assert_run(
        &output,
        0,
        expect![[r#"
        6.0f64
    "#]],
        expect![""],
    );
    // A construct internalisation lacks is a located error, not a panic:
    // recursion passing a function that captures a value.
    let dir = scratch(
        "core_rec",
        &[(
            "rec.fut",
            "def app (k: i64) (f: i64 -> i64) (x: i64) : i64 = if k == 0 then x else app (k - 1) f (f x)\n\
             entry main (a: i64) = app 3 (\\y -> y + a) 0\n",
        )],
    );
    let output = runic(&dir, &["run", "--backend", "core", "rec.fut"], b"1i64");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("rec.fut:"));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("cannot be compiled to the core IR yet"),
        "{stderr}"
    );
}
