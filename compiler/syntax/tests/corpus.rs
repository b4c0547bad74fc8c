//! Snapshot tests over `testdata/syntax`: every program's tree dump is kept
//! beside it as `NAME.tree`, and the test fails when the parser's output
//! drifts from it. Programs under `testdata/syntax/errors/` must produce
//! errors; all others must parse cleanly. Regenerate with
//! `UPDATE_EXPECT=1 cargo test -p runic-syntax --test corpus`.

use std::path::{Path, PathBuf};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/syntax")
}

fn programs(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("readable corpus directory") {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "fut") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

#[test]
fn corpus_trees_match_their_snapshots() {
    let files = programs(&corpus_dir());
    assert!(
        files.len() >= 150,
        "the syntax corpus has only {} programs",
        files.len()
    );
    let mut unexpected = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable program");
        let parse = runic_syntax::parse(&text);
        assert_eq!(
            parse.syntax().to_string(),
            text,
            "{} does not round-trip",
            file.display()
        );
        let expects_errors = file.components().any(|c| c.as_os_str() == "errors");
        if parse.errors().is_empty() == expects_errors {
            unexpected.push(format!("{}: {:?}", file.display(), parse.errors()));
        }
        expect_test::expect_file![file.with_extension("tree")].assert_eq(&parse.debug_dump());
    }
    assert!(
        unexpected.is_empty(),
        "unexpected parse results:\n{}",
        unexpected.join("\n")
    );
}
