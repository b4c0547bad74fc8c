//! Fuzz target `lsp`: a client's byte stream, fed in-process to the
//! language server's transport and handlers (the server's own `cli` and
//! `lsp` modules are compiled into this target), never makes a panic
//! (libFuzzer aborts on any, also one the server would catch) nor a hang.
//!
//! Input: if it starts with `Content-Length`, the raw stream; else one
//! message body a line, each framed here, so that mutations keep the
//! framing valid and reach the handlers.

#![no_main]

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use libfuzzer_sys::fuzz_target;

#[allow(dead_code, unused_imports)]
#[path = "../../server/src/cli/mod.rs"]
mod cli;
#[allow(dead_code, unused_imports)]
#[path = "../../server/src/lsp/mod.rs"]
mod lsp;

/// As in the server: counted per thread, for the interpreter's limit.
#[global_allocator]
static ALLOCATOR: runic_eval::memory::Counting<std::alloc::System> =
    runic_eval::memory::Counting(std::alloc::System);

fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a tokio runtime")
    })
}

/// The stream the server reads.
fn stream(data: &[u8]) -> Vec<u8> {
    if data.starts_with(b"Content-Length") {
        return data.to_vec();
    }
    let mut out = Vec::new();
    for line in data.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        out.extend_from_slice(format!("Content-Length: {}\r\n\r\n", line.len()).as_bytes());
        out.extend_from_slice(line);
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let input = std::io::Cursor::new(stream(data));
    let shut_down = Arc::new(AtomicBool::new(false));
    let served = runtime().block_on(async {
        tokio::time::timeout(
            Duration::from_secs(20),
            lsp::serve_on(input, tokio::io::sink(), shut_down),
        )
        .await
    });
    assert!(
        served.is_ok(),
        "the server did not stop when its input ended"
    );
});
