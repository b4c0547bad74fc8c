//! What the command-line tests on generated programs share: a scratch
//! folder holding the program as `p.fut`, and a run of the `runic` binary
//! in it with a given standard input.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A fresh folder `suite/name` under the test target's scratch folder,
/// holding `text` as `p.fut`.
#[allow(dead_code)] // Not every test that includes this module uses it.
pub fn scratch(suite: &str, name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(suite)
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch folder");
    std::fs::write(dir.join("p.fut"), text).expect("write scratch file");
    dir
}

/// Runs `runic args` in `dir` with `input` on its standard input.
pub fn runic(dir: &Path, args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_runic"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the runic binary");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_ref())
        .expect("write stdin");
    child.wait_with_output().expect("wait for runic")
}
