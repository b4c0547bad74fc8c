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
    expect.assert_eq(&run(program, input));
}

#[test]
fn scalar_arithmetic() {
    check(
        "entry main (x: i32) (y: i32) = x + y * 2",
        "1 2",
        expect![[""]],
    );
}
