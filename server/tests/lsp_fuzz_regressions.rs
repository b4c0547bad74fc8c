//! Client streams the fuzz target `lsp` (`fuzz/`) once crashed the server
//! on, kept in `testdata/fuzz-regressions/lsp/` (one message body a line,
//! framed here as the target frames them): the server answers them without
//! a panic (not even one it catches) and stops when the stream ends.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

fn framed(lines: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for line in lines.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        out.extend_from_slice(format!("Content-Length: {}\r\n\r\n", line.len()).as_bytes());
        out.extend_from_slice(line);
    }
    out
}

#[test]
fn fuzz_regression_streams_end_without_a_panic() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../testdata/fuzz-regressions/lsp"
    );
    for entry in std::fs::read_dir(dir)
        .expect("the regression inputs")
        .flatten()
    {
        let bytes = std::fs::read(entry.path()).expect("a regression input");
        let mut server = Command::new(env!("CARGO_BIN_EXE_runic"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runic lsp starts");
        let mut stdin = server.stdin.take().expect("stdin");
        stdin
            .write_all(&framed(&bytes))
            .expect("the stream is written");
        drop(stdin);
        let mut stderr = String::new();
        server
            .stderr
            .take()
            .expect("stderr")
            .read_to_string(&mut stderr)
            .expect("stderr reads");
        server.wait().expect("the server stops");
        assert!(
            !stderr.contains("panicked") && !stderr.contains("internal error"),
            "{}: {stderr}",
            entry.path().display()
        );
    }
}
