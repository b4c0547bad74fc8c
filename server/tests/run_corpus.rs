//! The run-test corpus (`testdata/run`): `runic test` must report no
//! failures. This is how `cargo test` (and so CI) covers the corpus.
//!
//! Programs the checker wrongly rejects are listed in `CHECKER_GAPS` and
//! left out until the checker accepts them (each is a valid Futhark program
//! that `futhark` accepts); programs the interpreter still gets wrong are in
//! `INTERPRETER_GAPS`. Both lists must only shrink.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Corpus programs the type checker rejects although Futhark accepts them.
const CHECKER_GAPS: &[&str] = &[];

/// Corpus programs the interpreter gets wrong, with the reason.
const INTERPRETER_GAPS: &[&str] = &[];

fn programs(dir: &Path, corpus: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            programs(&path, corpus, out);
        } else if path.extension().is_some_and(|e| e == "fut") {
            let relative = path
                .strip_prefix(corpus)
                .unwrap_or(&path)
                .to_string_lossy()
                .replace('\\', "/");
            let known = CHECKER_GAPS.contains(&relative.as_str())
                || INTERPRETER_GAPS.contains(&relative.as_str());
            if !known {
                out.push(path);
            }
        }
    }
}

#[test]
fn run_corpus_has_no_failures() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let corpus = root.join("testdata/run");
    let mut files = Vec::new();
    programs(&corpus, &corpus, &mut files);
    if files.is_empty() {
        return;
    }
    let output = Command::new(env!("CARGO_BIN_EXE_runic"))
        .arg("test")
        .args(&files)
        .current_dir(&root)
        .output()
        .expect("run the runic binary");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let last = stdout.lines().last().unwrap_or_default();
    assert!(
        last.ends_with(" 0 failed"),
        "runic test testdata/run:\n{stdout}"
    );
    assert!(output.status.success(), "{stdout}");
}
