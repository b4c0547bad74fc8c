//! The formatter on every `.fut` program of `testdata/` (and the prelude):
//!
//! - a program with syntax errors is refused;
//! - any other is formatted without the self-check failing (same tree modulo
//!   trivia, same comments), and formatting the result changes nothing;
//! - every program that type-checks still type-checks once formatted;
//! - no line of the output ends in spaces and the output ends in one newline.

use std::path::{Path, PathBuf};

use runic_fmt::{equiv, format, FormatError};
use runic_sema::{check_program, NoImports, Prelude, Severity};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `.fut` file under `dir`, recursively, sorted.
fn programs(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("corpus folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            programs(&path, out);
        } else if path.extension().is_some_and(|e| e == "fut") {
            out.push(path);
        }
    }
}

fn corpus() -> Vec<PathBuf> {
    let mut files = Vec::new();
    programs(&root().join("testdata"), &mut files);
    programs(&root().join("compiler/sema/prelude"), &mut files);
    programs(&root().join("examples"), &mut files);
    files.sort();
    files
}

fn type_checks(text: &str, prelude: &Prelude) -> bool {
    let parse = runic_syntax::parse(text);
    let checked = check_program(&parse.syntax(), prelude, &NoImports);
    parse.errors().is_empty()
        && !checked
            .diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
}

/// What is wrong with formatting `text`, if anything.
fn problem(text: &str, prelude: &Prelude, checked: &mut usize) -> Option<String> {
    let has_errors = !runic_syntax::parse(text).errors().is_empty();
    let once = match format(text) {
        Err(FormatError::Syntax(_)) if has_errors => return None,
        Err(error) => return Some(error.to_string()),
        Ok(_) if has_errors => return Some("a file with syntax errors was formatted".into()),
        Ok(once) => once,
    };
    if let Some(why) = equiv::difference(text, &once) {
        return Some(why);
    }
    if equiv::comments(text) != equiv::comments(&once) {
        return Some("comments changed".into());
    }
    match format(&once) {
        Ok(twice) if twice == once => {}
        Ok(twice) => return Some(format!("not idempotent:\n{once}\n---- then ----\n{twice}")),
        Err(error) => return Some(format!("second pass: {error}")),
    }
    if once.lines().any(|l| l.ends_with(' ')) || (!once.is_empty() && !once.ends_with('\n')) {
        return Some("trailing spaces or no final newline".into());
    }
    let self_contained = !text.contains("import \"");
    if self_contained && type_checks(text, prelude) {
        *checked += 1;
        if !type_checks(&once, prelude) {
            return Some(format!("no longer type-checks:\n{once}"));
        }
    }
    None
}

#[test]
fn every_program_formats_stably_and_keeps_its_meaning() {
    let prelude = Prelude::builtin();
    let files = corpus();
    assert!(files.len() >= 1000, "only {} programs found", files.len());
    let mut checked = 0;
    let failures: Vec<String> = files
        .iter()
        .filter_map(|file| {
            let text = std::fs::read_to_string(file).expect("readable program");
            problem(&text, &prelude, &mut checked).map(|why| format!("{}: {why}", file.display()))
        })
        .collect();
    assert!(
        checked >= 800,
        "only {checked} formatted programs type-checked"
    );
    assert!(
        failures.is_empty(),
        "{} of {} programs:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}

/// `text` with every run of whitespace replaced by `with(run)`: the same
/// tokens, laid out differently.
fn respace(text: &str, with: impl Fn(&str) -> String) -> String {
    let mut out = String::new();
    let mut start = 0;
    for token in runic_syntax::lexer::lex(text) {
        let piece = &text[start..start + token.len as usize];
        start += token.len as usize;
        match token.kind {
            runic_syntax::SyntaxKind::WHITESPACE => out.push_str(&with(piece)),
            _ => out.push_str(piece),
        }
    }
    out
}

/// The same programs with line breaks indented at random-looking depths,
/// with a comment ending every line, and with a comment (so a line break)
/// between any two tokens that had space between them: the formatter must still give the same program (with the same
/// comments), stable under a second pass.
#[test]
fn reshaped_programs_format_stably() {
    let files = corpus();
    let mut failures = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable program");
        if !runic_syntax::parse(&text).errors().is_empty() {
            continue;
        }
        let ragged = respace(&text, |ws| {
            let depth = ws.len() * 7 % 11;
            if ws.contains('\n') {
                format!("\n{}", " ".repeat(depth))
            } else {
                " ".repeat(1 + depth % 3)
            }
        });
        let commented = respace(&text, |ws| ws.replace('\n', " -- note\n"));
        let riddled = respace(&text, |_| " --\n".to_string());
        for variant in [ragged, commented, riddled] {
            let outcome = format(&variant).and_then(|once| format(&once).map(|t| (once, t)));
            match outcome {
                Ok((once, twice)) if once == twice => {}
                Ok((once, twice)) => failures.push(format!(
                    "{}: not idempotent:\n{once}\n---- then ----\n{twice}",
                    file.display()
                )),
                Err(error) => failures.push(format!("{}: {error}", file.display())),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
