//! Helpers shared by the syntax integration tests: finding the `.fut` programs
//! of `testdata/` and checking the lossless round trip.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The repository's `testdata/` folder.
pub fn testdata_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

/// Every file under `dir`, recursively, sorted (an absent folder has none).
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The texts of the `.fut` programs under `testdata/syntax`.
pub fn syntax_programs() -> Vec<String> {
    files_under(&testdata_dir().join("syntax"))
        .into_iter()
        .filter(|path| path.extension().is_some_and(|ext| ext == "fut"))
        .filter_map(|path| std::fs::read_to_string(path).ok())
        .collect()
}

/// Parses `text` and checks that the tree's text is exactly `text`.
pub fn assert_round_trip(text: &str) {
    let parse = runic_syntax::parse(text);
    let printed = parse.syntax().to_string();
    assert!(
        printed == text,
        "round trip lost text\ninput:  {text:?}\noutput: {printed:?}"
    );
}
