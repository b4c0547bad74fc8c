//! `runic fmt FILE... [--check]`: formats programs in place with
//! `runic-fmt`, or with `--check` lists those that would change.
//!
//! Exit codes: 0 when every file is (or now is) formatted; 1 when `--check`
//! found a file to change or a file has syntax errors (reported as `runic
//! check` reports them; such files are left alone); 2 when a file could not
//! be read or written.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use runic_fmt::FormatError;
use runic_queries::Diagnostic;

use super::diagnostics::Reporter;
use super::input::read_text;
use super::CliError;

/// What became of one file.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    Unchanged,
    /// Rewritten, or with `--check` listed as needing it.
    Changed,
    SyntaxErrors,
    Failed,
}

/// Formats each of `paths`; see the module documentation for exit codes.
pub fn fmt(paths: &[PathBuf], check: bool) -> ExitCode {
    let outcomes: Vec<Outcome> = paths.iter().map(|path| fmt_file(path, check)).collect();
    let worst = outcomes.iter().copied().max().unwrap_or(Outcome::Unchanged);
    match worst {
        Outcome::Failed => ExitCode::from(2),
        Outcome::SyntaxErrors => ExitCode::FAILURE,
        Outcome::Changed if check => ExitCode::FAILURE,
        Outcome::Changed | Outcome::Unchanged => ExitCode::SUCCESS,
    }
}

fn fmt_file(path: &Path, check: bool) -> Outcome {
    let name = path.display().to_string();
    let text = match read_text(path, &name) {
        Ok(text) => text,
        Err(error) => return failed(&error),
    };
    let formatted = match runic_fmt::format(&text) {
        Ok(formatted) => formatted,
        Err(FormatError::Syntax(errors)) => {
            let diagnostics: Vec<Diagnostic> = errors
                .iter()
                .map(|e| Diagnostic::error(e.range, &e.message).with_code("syntax-error"))
                .collect();
            Reporter::stderr().report(&name, &text, &diagnostics);
            return Outcome::SyntaxErrors;
        }
        Err(error) => {
            eprintln!("runic: error: cannot format `{name}`: {error}");
            return Outcome::Failed;
        }
    };
    if formatted == text {
        return Outcome::Unchanged;
    }
    if check {
        println!("{name}");
        return Outcome::Changed;
    }
    match std::fs::write(path, formatted) {
        Ok(()) => Outcome::Changed,
        Err(error) => {
            eprintln!("runic: error: cannot write `{name}`: {error}");
            Outcome::Failed
        }
    }
}

fn failed(error: &CliError) -> Outcome {
    error.report();
    Outcome::Failed
}
