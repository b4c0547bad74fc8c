//! The checker against the program corpora of `testdata/`:
//!
//! - every program in `testdata/syntax/` and `testdata/sema/` (all accepted
//!   by the Futhark compiler) must check without errors;
//! - every program in `testdata/errors/` is rejected by Futhark with a
//!   message matching its `-- error: REGEX` line (POSIX classes such as
//!   `[[:space:]]`, `.` matching newlines, as `futhark test` matches). Which
//!   of them Runic already rejects with such a message is kept in
//!   `testdata/errors/STATUS`, a snapshot: the test fails when a program's
//!   status changes, so progress and regressions both show in review;
//! - an accepted program with a `-- warning: REGEX` line must also get a
//!   warning matching it.

use std::path::{Path, PathBuf};

use runic_sema::{check_program, NoImports, Prelude, Severity};

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

fn programs(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("corpus folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "fut"))
        .collect();
    files.sort();
    files
}

/// Error messages of a program (warnings left out).
fn errors(text: &str, prelude: &Prelude) -> Vec<String> {
    messages(text, prelude, Severity::Error)
}

/// Messages of a program of one severity (parse errors count as errors).
fn messages(text: &str, prelude: &Prelude, severity: Severity) -> Vec<String> {
    let parse = runic_syntax::parse(text);
    let mut messages: Vec<String> = if severity == Severity::Error {
        parse.errors().iter().map(|e| e.message.clone()).collect()
    } else {
        Vec::new()
    };
    let checked = check_program(&parse.syntax(), prelude, &NoImports);
    messages.extend(
        checked
            .diagnostics
            .into_iter()
            .filter(|d| d.severity == severity)
            .map(|d| d.message),
    );
    messages
}

#[test]
fn accepted_programs_check_cleanly() {
    let prelude = Prelude::builtin();
    let mut failures = Vec::new();
    let mut count = 0;
    for dir in ["syntax", "sema"] {
        for file in programs(&testdata().join(dir)) {
            let text = std::fs::read_to_string(&file).expect("readable program");
            if text.contains("import \"") {
                continue; // needs other files: checked through the database
            }
            count += 1;
            let found = errors(&text, &prelude);
            if !found.is_empty() {
                failures.push(format!(
                    "{}: {}",
                    file.display(),
                    found[0].replace('\n', " / ")
                ));
            } else if let Some(expected) = expectation(&text, "-- warning:") {
                let warnings = messages(&text, &prelude, Severity::Warning);
                if !warnings.iter().any(|m| expected.is_match(m)) {
                    failures.push(format!("{}: no warning /{expected}/", file.display()));
                }
            }
        }
    }
    assert!(count >= 250, "only {count} accepted programs found");
    assert!(
        failures.is_empty(),
        "{} of {count} rejected:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The `-- error: REGEX` (or other `key`) expectation of a program, as a
/// Rust regex.
fn expectation(text: &str, key: &str) -> Option<regex::Regex> {
    let line = text
        .lines()
        .find_map(|l| l.trim_start().strip_prefix(key))?;
    regex::Regex::new(&format!("(?s){}", line.trim())).ok()
}

#[test]
fn rejected_programs_match_their_expected_errors() {
    let prelude = Prelude::builtin();
    let mut status = String::new();
    let (mut matched, mut total) = (0, 0);
    for file in programs(&testdata().join("errors")) {
        let text = std::fs::read_to_string(&file).expect("readable program");
        let Some(expected) = expectation(&text, "-- error:") else {
            continue;
        };
        total += 1;
        let found = errors(&text, &prelude);
        let verdict = if found.iter().any(|m| expected.is_match(m)) {
            matched += 1;
            "ok"
        } else if found.is_empty() {
            "accepted"
        } else {
            "other message"
        };
        let name = file
            .file_name()
            .expect("file name")
            .to_string_lossy()
            .to_string();
        status.push_str(&format!("{verdict:13} {name}\n"));
    }
    let header = format!("# {matched} of {total} rejected with the expected message\n");
    expect_test::expect_file![testdata().join("errors/STATUS")].assert_eq(&(header + &status));
    assert!(total >= 150, "only {total} error programs found");
}
