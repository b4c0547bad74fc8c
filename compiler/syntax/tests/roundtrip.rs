//! Losslessness on real programs: every file under `testdata/` (recursively,
//! whatever its extension) parses to a tree whose text is the file, byte for byte.

mod common;

#[test]
fn every_testdata_file_round_trips() {
    let files = common::files_under(&common::testdata_dir());
    let mut checked = 0;
    for path in &files {
        // Binary data files (Futhark's binary value format) are not source text.
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let printed = runic_syntax::parse(&text).syntax().to_string();
        assert!(printed == text, "{} does not round-trip", path.display());
        checked += 1;
    }
    eprintln!("{checked} files round-tripped");
}
