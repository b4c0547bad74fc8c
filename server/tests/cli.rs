//! End-to-end tests of the `runic` command line: run the real binary on files
//! written to a scratch folder, check exit codes, stdout and stderr.

use std::path::PathBuf;
use std::process::{Command, Output};

use expect_test::{expect, Expect};

const VALID: &str = "\
-- | Adds one to each element.
def inc (xs: []i32) : []i32 = map (+1) xs

entry main (n: i64) = reduce (+) 0 (inc (iota n |> map i32.i64))
";

const BROKEN: &str = "\
def f (x: i32) = x +

def g = (1, 2
";

/// A fresh scratch folder for one test, holding the given files.
fn scratch(test: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cli")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch folder");
    for (name, text) in files {
        std::fs::write(dir.join(name), text).expect("write scratch file");
    }
    dir
}

/// Runs `runic ARGS` in `dir` (so file names in diagnostics are relative).
fn runic(dir: &PathBuf, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_runic"))
        .args(args)
        .current_dir(dir)
        .env_remove("CLICOLOR_FORCE")
        .output()
        .expect("run the runic binary")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn assert_run(output: &Output, code: i32, stdout: Expect, stderr: Expect) {
    stdout.assert_eq(&text(&output.stdout));
    stderr.assert_eq(&text(&output.stderr));
    assert_eq!(output.status.code(), Some(code), "exit code");
}

#[test]
fn check_valid_file_exits_0_silently() {
    let dir = scratch("check_valid", &[("ok.fut", VALID)]);
    let output = runic(&dir, &["check", "ok.fut"]);
    assert_run(&output, 0, expect![""], expect![""]);
}

#[test]
fn check_broken_file_renders_diagnostics_and_exits_1() {
    let dir = scratch("check_broken", &[("broken.fut", BROKEN)]);
    let output = runic(&dir, &["check", "broken.fut"]);
    let stderr = text(&output.stderr);
    assert!(stderr.contains("expected an expression"), "{stderr}");
    assert!(stderr.contains("broken.fut:3:1"), "{stderr}");
    assert_run(
        &output,
        1,
        expect![""],
        expect![[r#"
            error[syntax-error]: Unexpected token: 'def', expected an expression.
              ┌─ broken.fut:3:1
              │
            3 │ def g = (1, 2
              │ ^^^

            error[syntax-error]: Unexpected end of file, expected `)`.
              ┌─ broken.fut:3:14
              │
            3 │ def g = (1, 2
              │              ^

        "#]],
    );
}

#[test]
fn check_reports_related_places() {
    let dir = scratch(
        "check_related",
        &[("dup.fut", "def f (x: i32) (x: i32) = x\n")],
    );
    let output = runic(&dir, &["check", "dup.fut"]);
    let stderr: String = text(&output.stderr)
        .lines()
        .map(|line| format!("{}\n", line.trim_end()))
        .collect();
    expect![[r#"
        error[bound-twice]: Name "x" also bound at 1:8.
          ┌─ dup.fut:1:17
          │
        1 │ def f (x: i32) (x: i32) = x
          │        -        ^
          │        │
          │        "x" first bound here

    "#]]
    .assert_eq(&stderr);
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn check_missing_file_exits_2() {
    let dir = scratch("check_missing", &[]);
    let output = runic(&dir, &["check", "missing.fut"]);
    assert_run(
        &output,
        2,
        expect![""],
        expect![[r#"
            runic: error: cannot read `missing.fut`: no such file
        "#]],
    );
}

#[test]
fn check_directory_and_non_utf8_exit_2() {
    let dir = scratch("check_unreadable", &[]);
    std::fs::write(dir.join("bytes.fut"), b"def x = 1 -- \xff\n").expect("write");
    let output = runic(&dir, &["check", "."]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("cannot read `.`"));
    let output = runic(&dir, &["check", "bytes.fut"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("not valid UTF-8"));
}

#[test]
fn ir_syntax_prints_the_tree() {
    let dir = scratch("ir_syntax", &[("small.fut", "def x = 1\n")]);
    let output = runic(&dir, &["ir", "--stage", "syntax", "small.fut"]);
    assert_run(
        &output,
        0,
        expect![[r#"
            SOURCE_FILE@0..10
              VALUE_DECL@0..9
                DEF_KW@0..3 "def"
                NAME@4..5
                  IDENT@4..5 "x"
                EQ@6..7 "="
                LITERAL@8..9
                  INT_NUMBER@8..9 "1"
        "#]],
        expect![""],
    );
}

#[test]
fn ir_syntax_of_one_function() {
    let dir = scratch("ir_function", &[("two.fut", "def a = 1\ndef b = 2\n")]);
    let output = runic(&dir, &["ir", "two.fut", "--stage", "syntax", "-f", "b"]);
    assert_run(
        &output,
        0,
        expect![[r#"
            VALUE_DECL@10..19
              DEF_KW@10..13 "def"
              NAME@14..15
                IDENT@14..15 "b"
              EQ@16..17 "="
              LITERAL@18..19
                INT_NUMBER@18..19 "2"
        "#]],
        expect![""],
    );
}

#[test]
fn ir_unknown_function_lists_the_declarations() {
    let dir = scratch(
        "ir_unknown_function",
        &[("two.fut", "def a = 1\ndef b = 2\n")],
    );
    let output = runic(&dir, &["ir", "two.fut", "-f", "c"]);
    assert_run(
        &output,
        2,
        expect![""],
        expect![[r#"
            runic: error: no top-level declaration named `c`; the file declares: a, b
        "#]],
    );
}

#[test]
fn ir_of_broken_file_prints_tree_and_exits_1() {
    let dir = scratch("ir_broken", &[("broken.fut", BROKEN)]);
    let output = runic(&dir, &["ir", "--stage", "syntax", "broken.fut"]);
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("SOURCE_FILE@0.."), "{stdout}");
    assert!(
        stdout.contains("error 22..25: Unexpected token: 'def', expected an expression."),
        "{stdout}"
    );
    assert!(text(&output.stderr).contains("broken.fut:3:1"));
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn ir_bad_stage_lists_available_stages() {
    let dir = scratch("ir_bad_stage", &[("small.fut", "def x = 1\n")]);
    let output = runic(&dir, &["ir", "--stage", "bogus", "small.fut"]);
    assert_run(
        &output,
        2,
        expect![""],
        expect![[r#"
            runic: error: stage `bogus` does not exist; available stages: syntax, soacs, fused, kernels, mem, seq-mem, opencl
        "#]],
    );
    let output = runic(&dir, &["ir", "--stage", "typed", "small.fut"]);
    assert!(text(&output.stderr).contains("`typed` is not implemented yet"));
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn ir_mem_prints_blocks_and_index_functions() {
    let program =
        "entry main [n] (m: *[n][n]i32) (xs: [n]i32) : *[n][n]i32 = m with [0] = map (+ 1) xs\n";
    let dir = scratch("ir_mem", &[("m.fut", program)]);
    for stage in ["mem", "seq-mem"] {
        let output = runic(&dir, &["ir", "--stage", stage, "m.fut"]);
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        let out = text(&output.stdout);
        // The map's result is built in row 0 of `m`: no allocation.
        assert!(
            out.contains("param xs_2: *[n_0][n_1]i32 @ mem_xs_2"),
            "{out}"
        );
        assert!(out.contains("@ mem_xs_2 -> 0 + {(n_1 : 1)}"), "{out}");
        assert!(!out.contains("alloc("), "{out}");
    }
}

#[test]
fn ir_soacs_prints_the_core_ir_of_an_entry_point() {
    let program = "entry main (xs: []i32) : i32 = reduce (+) 0 xs\nentry other (x: i32) = x\n";
    let dir = scratch("ir_soacs", &[("s.fut", program)]);
    let output = runic(&dir, &["ir", "--stage", "soacs", "-f", "main", "s.fut"]);
    assert_run(
        &output,
        0,
        expect![[r#"
            entry main (n_0: i64) (xs_1: [n_0]i32): {i32} = {
              let {red_6: i32} = screma(n_0, {xs_1},
                reduce({0i32}, \ (p_2: i32) (p_3: i32): {i32} -> {
                  let {x_4: i32} = add(p_2, p_3)
                  in {x_4}
                }),
                map( \ (p_5: i32): {i32} -> {
                  in {p_5}
                }))
              in {red_6}
            }
        "#]],
        expect![""],
    );
}

#[test]
fn check_renders_a_uniqueness_error_with_its_story() {
    let program = "\
def update (xs: *[]i32) : *[]i32 = xs with [0] = 0

def f (xs: *[]i32) : i32 =
  let ys = xs
  let zs = update ys
  in xs[0] + zs[0]
";
    let dir = scratch("check_uniqueness", &[("u.fut", program)]);
    let output = runic(&dir, &["check", "u.fut"]);
    assert_run(
        &output,
        1,
        expect![""],
        expect![[r#"
        error[use-after-consume]: Using variable "xs", but this was consumed at 5:19-21.  (Possibly through aliases.)
          ┌─ u.fut:6:6
          │
        4 │   let ys = xs
          │       -- "ys" aliases "xs" through this binding
        5 │   let zs = update ys
          │                   -- "ys" consumed here, by argument #1 of "update", a unique parameter
        6 │   in xs[0] + zs[0]
          │      ^^
          │      │
          │      "xs" used again here

    "#]],
    );
}

#[test]
fn check_renders_type_and_size_errors_and_warnings() {
    let program = "\
def f (x: i32) : bool = x

def g [n][m] (xs: [n]i32) (ys: [m]i32) = map2 (+) xs ys

def h (x: i32) : i32 = if x > 0 then x else ???
";
    let dir = scratch("check_types", &[("t.fut", program)]);
    let output = runic(&dir, &["check", "t.fut"]);
    assert_run(
        &output,
        1,
        expect![""],
        expect![[r#"
            error[type-mismatch]: Function body does not have expected type.
            Expected: bool
            Actual:   i32
              ┌─ t.fut:1:25
              │
            1 │ def f (x: i32) : bool = x
              │                         ^

            error[size-mismatch]: Cannot apply "map2" to "ys" (invalid type).
            Expected: [n]i32
            Actual:   [m]i32
            Sizes "n" and "m" do not match.
              ┌─ t.fut:3:54
              │
            3 │ def g [n][m] (xs: [n]i32) (ys: [m]i32) = map2 (+) xs ys
              │                                                      ^^

            warning[hole]: Hole of type: i32
              ┌─ t.fut:5:45
              │
            5 │ def h (x: i32) : i32 = if x > 0 then x else ???
              │                                             ^^^

        "#]],
    );
}

#[test]
fn check_follows_imports() {
    let main = "import \"lib\"\n\ndef main (x: i32) : i32 = twice x\n";
    let lib = "def twice (x: i32) : i32 = x * 2\n";
    let dir = scratch("check_imports", &[("main.fut", main), ("lib.fut", lib)]);
    let output = runic(&dir, &["check", "main.fut"]);
    assert_run(&output, 0, expect![""], expect![""]);
    let bad = "import \"lib\"\n\ndef main (x: f32) : f32 = twice x\n";
    let dir = scratch("check_imports_bad", &[("main.fut", bad), ("lib.fut", lib)]);
    let output = runic(&dir, &["check", "main.fut"]);
    assert_run(
        &output,
        1,
        expect![""],
        expect![[r#"
        error[type-mismatch]: Function body does not have expected type.
        Expected: f32
        Actual:   i32
          ┌─ main.fut:3:27
          │
        3 │ def main (x: f32) : f32 = twice x
          │                           ^^^^^^^

        error[type-mismatch]: Cannot apply "twice" to "x" (invalid type).
        Expected: i32
        Actual:   f32
          ┌─ main.fut:3:33
          │
        3 │ def main (x: f32) : f32 = twice x
          │                                 ^

    "#]],
    );
}

/// A reader that stops early (`runic ir ... | head`) ends the command
/// quietly: no panic message about a broken pipe.
#[test]
fn ir_into_a_closed_pipe_ends_quietly() {
    use std::io::Read;
    use std::process::Stdio;

    let program: String = (0..2000).map(|i| format!("def f{i} = {i}\n")).collect();
    let dir = scratch("ir_closed_pipe", &[("big.fut", &program)]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_runic"))
        .args(["ir", "big.fut", "--stage", "syntax"])
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the runic binary");
    let mut first = [0u8; 64];
    let mut stdout = child.stdout.take().expect("stdout");
    stdout
        .read_exact(&mut first)
        .expect("read the start of the tree");
    drop(stdout);
    let output = child.wait_with_output().expect("wait for runic");
    assert!(text(&first).starts_with("SOURCE_FILE"), "{}", text(&first));
    assert_eq!(text(&output.stderr), "", "stderr");
}

const UNFORMATTED: &str = "def  inc(x:i32)=x+1\n";
const FORMATTED: &str = "def inc (x: i32) = x + 1\n";

#[test]
fn fmt_check_lists_files_that_would_change_and_changes_nothing() {
    let dir = scratch(
        "fmt_check",
        &[("messy.fut", UNFORMATTED), ("tidy.fut", FORMATTED)],
    );
    let output = runic(&dir, &["fmt", "--check", "messy.fut", "tidy.fut"]);
    assert_run(
        &output,
        1,
        expect![[r#"
        messy.fut
    "#]],
        expect![""],
    );
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    assert_eq!(read("messy.fut"), UNFORMATTED);
    let output = runic(&dir, &["fmt", "--check", "tidy.fut"]);
    assert_run(&output, 0, expect![""], expect![""]);
}

#[test]
fn fmt_formats_in_place() {
    let dir = scratch("fmt_in_place", &[("messy.fut", UNFORMATTED)]);
    let output = runic(&dir, &["fmt", "messy.fut"]);
    assert_run(&output, 0, expect![""], expect![""]);
    assert_eq!(
        std::fs::read_to_string(dir.join("messy.fut")).unwrap(),
        FORMATTED
    );
    let output = runic(&dir, &["fmt", "--check", "messy.fut"]);
    assert_run(&output, 0, expect![""], expect![""]);
}

#[test]
fn fmt_refuses_syntax_errors_and_unreadable_files() {
    let dir = scratch("fmt_refuses", &[("broken.fut", BROKEN)]);
    let output = runic(&dir, &["fmt", "broken.fut"]);
    assert_run(
        &output,
        1,
        expect![""],
        expect![[r#"
        error[syntax-error]: Unexpected token: 'def', expected an expression.
          ┌─ broken.fut:3:1
          │
        3 │ def g = (1, 2
          │ ^^^

        error[syntax-error]: Unexpected end of file, expected `)`.
          ┌─ broken.fut:3:14
          │
        3 │ def g = (1, 2
          │              ^

    "#]],
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("broken.fut")).unwrap(),
        BROKEN
    );
    let output = runic(&dir, &["fmt", "broken.fut", "missing.fut"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("cannot read `missing.fut`: no such file"));
}
