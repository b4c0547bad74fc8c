//! The real binary on inputs 100,000 deep: `check` (parser and checker)
//! runs without a stack overflow, and a nesting too deep for the parser is
//! one located error, its long line shown as a window; a line of many
//! errors gets a bounded report. (`cli_chains.rs` runs every command on
//! long chains.)

mod cli_support;

use cli_support::runic;

use std::path::PathBuf;
use std::process::Output;

/// Deep enough to need many times a thread's stack; smaller without
/// optimisations, where checking is many times slower.
const N: usize = if cfg!(debug_assertions) {
    20_000
} else {
    100_000
};

fn scratch(test: &str, text: &str) -> PathBuf {
    cli_support::scratch("cli_deep", test, text)
}

fn assert_ok(output: &Output, what: &str) {
    assert!(
        output.status.success(),
        "{what}: {:?}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The checker on one program.
fn all_passes(test: &str, text: &str) {
    let dir = scratch(test, text);
    assert_ok(&runic(&dir, &["check", "p.fut"], ""), "check");
}

#[test]
fn let_chains() {
    let mut text = String::from("entry main (x: i32) : i32 =\n");
    for i in 0..N {
        let previous = if i == 0 {
            "x".to_string()
        } else {
            format!("x{}", i - 1)
        };
        text.push_str(&format!("  let x{i} = {previous} + 1\n"));
    }
    text.push_str(&format!("  in x{}\n", N - 1));
    all_passes("lets", &text);
}

#[test]
fn operator_chains_and_else_if_chains() {
    let sum = format!(
        "entry main (x: i32) : i32 =\n  {}\n",
        vec!["x"; N].join(" + ")
    );
    all_passes("sum", &sum);
    let arms: String = (0..N)
        .map(|i| format!("if x == {i} then {i} else "))
        .collect();
    let ifs = format!("entry main (x: i32) : i32 =\n  {arms}0\n");
    all_passes("ifs", &ifs);
}

#[test]
fn too_deep_nesting_is_one_located_error() {
    let text = format!(
        "entry main (x: i32) : i32 =\n  {}x{}\n",
        "(".repeat(N),
        ")".repeat(N)
    );
    let dir = scratch("parens", &text);
    let output = runic(&dir, &["check", "p.fut"], "");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.matches("error[").count(), 1, "{stderr}");
    assert!(
        stderr.contains("nesting too deep") && stderr.contains("p.fut:2:"),
        "{stderr}"
    );
    assert!(
        stderr.len() < 2000,
        "the long line is shown as a window: {stderr}"
    );
}

/// A line of 2,000 nested calls of an unknown function: at most 200
/// errors, then a count of the rest, each showing a window of the line
/// (each once repeated the whole line: megabytes of output).
#[test]
fn a_line_of_nested_calls_gets_a_bounded_report() {
    let calls = 2_000;
    let text = format!(
        "def f (x: i32) : i32 = x\nentry main (x: i32) : i32 = {}x{}\n",
        "f (g ".repeat(calls),
        ")".repeat(calls)
    );
    let dir = scratch("calls", &text);
    let output = runic(&dir, &["check", "p.fut"], "");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{}", &stderr[..2000]);
    assert_eq!(stderr.matches("error[").count(), 200);
    assert!(
        stderr.contains("1800 more diagnostics"),
        "{}",
        &stderr[stderr.len() - 500..]
    );
    assert!(
        stderr.len() < 200 * 400,
        "{} bytes of diagnostics",
        stderr.len()
    );
}
