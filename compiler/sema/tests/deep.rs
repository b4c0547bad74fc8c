//! The checker on inputs 100,000 deep (chains of `let`, `else if`,
//! operators and pipelines, deeply nested types and patterns) and on long
//! array literals: no stack overflow, in time linear in the input. Runs in
//! the test harness's threads (2 MiB stacks).

use runic_sema::{check_program, NoImports, Prelude, Severity};

/// Deep enough to need many times a thread's stack; smaller without
/// optimisations, where checking is many times slower.
const N: usize = if cfg!(debug_assertions) {
    20_000
} else {
    100_000
};

fn errors(text: &str) -> Vec<String> {
    let parse = runic_syntax::parse(text);
    let mut messages: Vec<String> = parse.errors().iter().map(|e| e.message.clone()).collect();
    let checked = check_program(&parse.syntax(), &Prelude::builtin(), &NoImports);
    messages.extend(
        checked
            .diagnostics
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.message),
    );
    messages
}

fn clean(text: &str) {
    let errors = errors(text);
    assert!(errors.is_empty(), "{:?}", &errors[..1]);
}

fn body(expr: &str) -> String {
    format!("def main (x: i32) : i32 =\n  {expr}\n")
}

#[test]
fn long_chains_check() {
    let lets: String = (0..N)
        .map(|i| format!("let x{i} = x + {}\n", i % 7))
        .collect();
    clean(&body(&format!("{lets} in x{}", N - 1)));
    let arms: String = (0..N)
        .map(|i| format!("if x == {i} then {i} else "))
        .collect();
    clean(&body(&format!("{arms}0")));
    clean(&body(&vec!["x"; N].join(" + ")));
    clean(&body(&format!("x{}", " |> (+1)".repeat(N))));
}

#[test]
fn deep_nesting_checks() {
    let depth = 2000;
    clean(&body(&format!(
        "{}x{}",
        "(".repeat(depth),
        ")".repeat(depth)
    )));
    clean(&format!(
        "def f (x: {}i32) : i32 = 0\n",
        "[1]".repeat(depth)
    ));
    clean(&format!(
        "def f {}x{} : i32 = x\n",
        "(".repeat(depth),
        " : i32)".repeat(depth)
    ));
}

#[test]
fn long_array_literals_check_in_linear_time() {
    let elements = vec!["1"; N].join(", ");
    let text = format!("def main : []i32 = [{elements}]\n");
    clean(&text);
    let nested = format!(
        "def main : [][]i32 = [{}]\n",
        vec!["[1, 2]"; N / 2].join(", ")
    );
    clean(&nested);
}

/// This thread's CPU time in seconds (Linux; 0 where it is not known).
fn cpu_seconds() -> f64 {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    let ns: u64 = text
        .split_whitespace()
        .next()
        .and_then(|t| t.parse().ok())
        .unwrap_or(0);
    ns as f64 / 1e9
}

/// Issue 16: an array literal of 10^6 unsuffixed integers, negated ones
/// too, parses and checks in under a second of CPU time in an optimised
/// build (ten in a debug build, many times slower). It once took over 20
/// seconds at 10^5.
#[test]
fn a_million_element_literal_checks_within_a_second() {
    let limit = if cfg!(debug_assertions) { 10.0 } else { 1.0 };
    let prelude = Prelude::builtin();
    for sign in ["", "-"] {
        let elements: Vec<String> = (0..1_000_000)
            .map(|i| format!("{sign}{}", i % 1000))
            .collect();
        let text = format!("def main : []i32 = [{}]\n", elements.join(", "));
        let start = cpu_seconds();
        let parse = runic_syntax::parse(&text);
        let checked = check_program(&parse.syntax(), &prelude, &NoImports);
        let spent = cpu_seconds() - start;
        assert!(parse.errors().is_empty());
        assert!(
            checked
                .diagnostics
                .iter()
                .all(|d| d.severity != Severity::Error),
            "{sign}: {:?}",
            checked.diagnostics.first().map(|d| &d.message)
        );
        assert!(spent < limit, "{sign}: {spent:.2} s of CPU time");
    }
}
