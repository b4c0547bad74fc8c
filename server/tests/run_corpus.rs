//! The whole test corpus (`testdata/`): `runic test testdata` must report no
//! failures. That covers the run tests of `testdata/run` (every block form,
//! through the interpreter) and the file-level `-- error:` expectations of
//! `testdata/errors` (checked against the checker's messages). This is how
//! `cargo test` (and so CI) covers the corpus.

use std::path::Path;
use std::process::Command;

/// Fewer cases than this means the corpus went missing, not that it passed.
const MIN_CASES: usize = 1400;

#[test]
fn whole_corpus_has_no_failures() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let output = Command::new(env!("CARGO_BIN_EXE_runic"))
        .args(["test", "testdata"])
        .current_dir(&root)
        .output()
        .expect("run the runic binary");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let last = stdout.lines().last().unwrap_or_default();
    let counts: Vec<usize> = last
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect();
    assert!(
        matches!(counts[..], [passed, 0] if passed >= MIN_CASES),
        "runic test testdata: {last}\n{stdout}"
    );
    assert!(output.status.success(), "{stdout}");
}
