//! End-to-end tests of the command line on hostile or careless input:
//! import cycles, values too large for their type or for memory, deep or
//! endless input, and programs that allocate without bound. Each must end
//! in a clear error, never a crash or an unbounded wait.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A fresh scratch folder for one test, holding the given files.
fn scratch(test: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cli_limits")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch folder");
    for (name, text) in files {
        std::fs::write(dir.join(name), text).expect("write scratch file");
    }
    dir
}

/// Runs `runic ARGS` in `dir` with `input` on stdin.
fn runic(dir: &PathBuf, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_runic"))
        .args(args)
        .current_dir(dir)
        .env_remove("CLICOLOR_FORCE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the runic binary");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    // The process may stop reading early (and close its end).
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("wait for runic");
    let _ = writer.join();
    output
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn import_cycles_are_reported_with_their_chain() {
    let dir = scratch(
        "import_cycle",
        &[
            ("a.fut", "import \"b\"\ndef x = 1i32\n"),
            ("b.fut", "import \"c\"\ndef y = 2i32\n"),
            ("c.fut", "import \"a\"\ndef z = 3i32\n"),
            ("self.fut", "import \"self\"\ndef w = 4i32\n"),
        ],
    );
    let output = runic(&dir, &["check", "a.fut"], b"");
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains("Import cycle: a.fut -> b.fut -> c.fut -> a.fut."),
        "{err}"
    );
    assert!(!err.contains("Could not find import"), "{err}");

    let output = runic(&dir, &["check", "self.fut"], b"");
    let err = stderr(&output);
    assert!(err.contains("Import cycle: self.fut -> self.fut."), "{err}");
}
