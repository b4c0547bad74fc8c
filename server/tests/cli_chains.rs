//! Every command of the real binary on long chains and deep nesting: `let`
//! chains, `else if` chains, operator chains, pipelines, nested parentheses
//! and nested array literals, each through `check`, `run`, `run --backend
//! core`, `fmt`, `ir --stage soacs` and `ir --stage fused`. A test per
//! command, so a pass that turns quadratic or overflows the stack names
//! itself. The sizes here keep each test to seconds without optimisations;
//! the ignored `*_at_scale` tests take the chains to 100,000 (run them with
//! `cargo test --release -p runic --test cli_chains -- --ignored`).

mod cli_support;

use cli_support::runic;

use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

/// The program shapes, each with the value its `main` returns for 5.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// `let x1 = x0 + 1 ... in xN`.
    Lets,
    /// `if x == 0 then 0 else if x == 1 then 1 ... else 0`.
    ElseIfs,
    /// `x + x + ... + x`.
    Operators,
    /// `x |> (+1) |> (+1) ...`.
    Pipeline,
    /// `((((x))))`.
    Parentheses,
    /// `let a = [[[x]]] in a[0][0][0]`.
    Arrays,
}

const SHAPES: [Shape; 6] = [
    Shape::Lets,
    Shape::ElseIfs,
    Shape::Operators,
    Shape::Pipeline,
    Shape::Parentheses,
    Shape::Arrays,
];

/// How long each shape is in the routine tests: chains at 2,000 links;
/// nesting (which has a limit, and whose types grow with the depth) less.
fn routine_size(shape: Shape) -> usize {
    match shape {
        Shape::Parentheses => 1_000,
        Shape::Arrays => 100,
        _ => 2_000,
    }
}

/// The sizes of the ignored tests: chains at 100,000 links, nesting near
/// the parser's limit of 10,000 levels (about 3,000 parentheses).
fn scale_size(shape: Shape) -> usize {
    match shape {
        Shape::Parentheses => 3_000,
        Shape::Arrays => 1_000,
        _ => 100_000,
    }
}

/// The program of `shape` and size `n`, and what `main 5` gives.
fn program(shape: Shape, n: usize) -> (String, String) {
    let head = "entry main (x: i32) : i32 =\n  ";
    match shape {
        Shape::Lets => {
            let mut text = String::from("entry main (x: i32) : i32 =\n  let x0 = x\n");
            for i in 1..=n {
                text.push_str(&format!("  let x{i} = x{} + 1\n", i - 1));
            }
            text.push_str(&format!("  in x{n}\n"));
            (text, format!("{}i32", 5 + n))
        }
        Shape::ElseIfs => {
            let arms: String = (0..n)
                .map(|i| format!("if x == {i} then {i} else "))
                .collect();
            (format!("{head}{arms}0\n"), "5i32".into())
        }
        Shape::Operators => (
            format!("{head}{}\n", vec!["x"; n].join(" + ")),
            format!("{}i32", 5 * n),
        ),
        Shape::Pipeline => (
            format!("{head}x{}\n", " |> (+ 1)".repeat(n)),
            format!("{}i32", 5 + n),
        ),
        Shape::Parentheses => (
            format!("{head}{}x{}\n", "(".repeat(n), ")".repeat(n)),
            "5i32".into(),
        ),
        Shape::Arrays => (
            format!(
                "{head}let a = {}x{}\n  in a{}\n",
                "[".repeat(n),
                "]".repeat(n),
                "[0]".repeat(n)
            ),
            "5i32".into(),
        ),
    }
}

fn scratch(test: &str, shape: Shape, text: &str) -> PathBuf {
    cli_support::scratch("cli_chains", &format!("{test}_{shape:?}"), text)
}

fn assert_ok(output: &Output, what: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{what}: {:?}\n{}",
        output.status,
        &stderr[..stderr.len().min(4000)]
    );
}

/// Runs `args` (then `p.fut`) on every shape at its size, checks the result
/// with `check`, and prints each shape's time.
fn each_shape(
    test: &str,
    args: &[&str],
    size: fn(Shape) -> usize,
    check: impl Fn(&Path, &Output, &str, &str),
) {
    for shape in SHAPES {
        let n = size(shape);
        let (text, expected) = program(shape, n);
        let dir = scratch(test, shape, &text);
        let mut full: Vec<&str> = args.to_vec();
        full.push("p.fut");
        let start = Instant::now();
        let output = runic(&dir, &full, "5\n");
        let took = start.elapsed();
        eprintln!("{test}: {shape:?} {n}: {took:?}");
        let what = format!("{} on {shape:?} {n}", args.join(" "));
        assert_ok(&output, &what);
        check(&dir, &output, &text, &expected);
        let _ = std::fs::remove_dir_all(&dir);
        assert!(took < Duration::from_secs(600), "{what} took {took:?}");
    }
}

/// The entry point's result is the one expected.
fn prints(_: &Path, output: &Output, _: &str, expected: &str) {
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(stdout.trim(), expected);
}

fn nothing(_: &Path, _: &Output, _: &str, _: &str) {}

/// The IR printed is in proportion to the program (the indentation of
/// deeply nested bodies is capped).
fn bounded_ir(_: &Path, output: &Output, text: &str, _: &str) {
    assert!(
        output.stdout.len() < 200 * text.len() + 10_000,
        "{} bytes of IR for {} bytes of program",
        output.stdout.len(),
        text.len()
    );
}

/// Formatting keeps the program valid and is stable.
fn formatted(dir: &Path, _: &Output, _: &str, _: &str) {
    assert_ok(&runic(dir, &["fmt", "--check", "p.fut"], ""), "fmt --check");
}

fn check(size: fn(Shape) -> usize) {
    each_shape("check", &["check"], size, nothing);
}

fn run(size: fn(Shape) -> usize) {
    each_shape("run", &["run"], size, prints);
}

fn run_core(size: fn(Shape) -> usize) {
    each_shape("run_core", &["run", "--backend", "core"], size, prints);
}

fn fmt(size: fn(Shape) -> usize) {
    each_shape("fmt", &["fmt"], size, formatted);
}

fn ir_soacs(size: fn(Shape) -> usize) {
    each_shape("ir_soacs", &["ir", "--stage", "soacs"], size, bounded_ir);
}

fn ir_fused(size: fn(Shape) -> usize) {
    each_shape("ir_fused", &["ir", "--stage", "fused"], size, bounded_ir);
}

#[test]
fn check_chains() {
    check(routine_size);
}

#[test]
fn run_chains() {
    run(routine_size);
}

#[test]
fn run_core_chains() {
    run_core(routine_size);
}

#[test]
fn fmt_chains() {
    fmt(routine_size);
}

#[test]
fn ir_soacs_chains() {
    ir_soacs(routine_size);
}

#[test]
fn ir_fused_chains() {
    ir_fused(routine_size);
}

#[test]
#[ignore = "minutes without optimisations"]
fn check_chains_at_scale() {
    check(scale_size);
}

#[test]
#[ignore = "minutes without optimisations"]
fn run_chains_at_scale() {
    run(scale_size);
}

#[test]
#[ignore = "minutes without optimisations"]
fn run_core_chains_at_scale() {
    run_core(scale_size);
}

#[test]
#[ignore = "minutes without optimisations"]
fn fmt_chains_at_scale() {
    fmt(scale_size);
}

#[test]
#[ignore = "minutes without optimisations"]
fn ir_soacs_chains_at_scale() {
    ir_soacs(scale_size);
}

#[test]
#[ignore = "minutes without optimisations"]
fn ir_fused_chains_at_scale() {
    ir_fused(scale_size);
}
