//! `runic fmt` keeps programs' meaning: the run-test corpus (`testdata/run`),
//! formatted in a scratch copy, gives exactly the `runic test` report the
//! original gives (same cases, same passes and failures), and formatting the
//! copy again changes nothing (`--check` exits 0).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Copies the folder `from` into `to`, recursively; returns the `.fut`
/// files copied.
fn copy_tree(from: &Path, to: &Path) -> Vec<PathBuf> {
    std::fs::create_dir_all(to).expect("create scratch folder");
    let mut programs = Vec::new();
    for entry in std::fs::read_dir(from).expect("corpus folder") {
        let path = entry.expect("entry").path();
        let target = to.join(path.file_name().expect("a name"));
        if path.is_dir() {
            programs.extend(copy_tree(&path, &target));
        } else {
            std::fs::copy(&path, &target).expect("copy a corpus file");
            if target.extension().is_some_and(|e| e == "fut") {
                programs.push(target);
            }
        }
    }
    programs
}

fn runic(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_runic"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run the runic binary")
}

/// The `runic test` report for a folder: its lines, sorted, with the line
/// numbers of test blocks left out (blank lines collapsed by the formatter
/// may move a block).
fn test_report(dir: &Path) -> Vec<String> {
    let output = runic(dir, &["test", "."]);
    let mut lines: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(without_line_number)
        .collect();
    lines.sort();
    lines
}

/// `FAIL ./a.fut:12 entry ...` as `FAIL ./a.fut entry ...`.
fn without_line_number(line: &str) -> String {
    match line.split_once(".fut:") {
        Some((file, rest)) => {
            let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
            format!("{file}.fut{rest}")
        }
        None => line.to_string(),
    }
}

#[test]
fn formatted_run_corpus_tests_the_same() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/run");
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fmt_corpus");
    let _ = std::fs::remove_dir_all(&scratch);
    let programs = copy_tree(&corpus, &scratch);
    assert!(programs.len() >= 500, "only {} programs", programs.len());

    let names: Vec<String> = programs
        .iter()
        .map(|p| p.strip_prefix(&scratch).unwrap().display().to_string())
        .collect();
    let mut args = vec!["fmt"];
    args.extend(names.iter().map(String::as_str));
    let formatted = runic(&scratch, &args);
    assert!(formatted.status.success(), "{formatted:?}");
    let original = |p: &PathBuf| corpus.join(p.strip_prefix(&scratch).unwrap());
    let changed = programs
        .iter()
        .filter(|p| std::fs::read(p).ok() != std::fs::read(original(p)).ok())
        .count();
    assert!(
        changed >= 100,
        "only {changed} programs changed: is fmt formatting?"
    );

    let before = test_report(&corpus);
    assert!(before.iter().any(|l| l.ends_with(" failed")), "{before:?}");
    assert_eq!(test_report(&scratch), before);

    args.insert(1, "--check");
    let again = runic(&scratch, &args);
    assert!(again.status.success(), "{again:?}");
}
