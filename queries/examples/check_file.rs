//! Checks a file a number of times through a fresh database each time, for
//! profilers (`perf`, `callgrind`) and one-off timings: `cargo run --release
//! -p runic-queries --example check_file -- FILE [TIMES]`. The prelude is
//! checked once before timing starts, as in a long-running process. Prints
//! the diagnostics count and the median time of one check.

use std::time::Instant;

use runic_queries::{file_diagnostics, Workspace};

/// The allocator of the `runic` binary, so timings match what it does.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: check_file FILE [TIMES]");
        std::process::exit(2);
    };
    let times: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("{path}: {error}");
            std::process::exit(2);
        }
    };
    // The prelude is checked once per process, on the first check.
    let mut warm = Workspace::new();
    let file = warm.set_text("warm.fut", "def x = 1\n".to_string());
    let _ = file_diagnostics(warm.db(), file);
    let mut samples = Vec::with_capacity(times);
    let mut diagnostics = 0;
    for _ in 0..times.max(1) {
        let mut workspace = Workspace::new();
        let start = Instant::now();
        let file = workspace.set_text("check.fut", text.clone());
        diagnostics = file_diagnostics(workspace.db(), file).len();
        samples.push(start.elapsed());
        drop(workspace);
    }
    samples.sort();
    let median = samples[samples.len() / 2];
    println!(
        "{} lines, {diagnostics} diagnostics, median {:.2} ms of {} checks",
        text.lines().count(),
        median.as_secs_f64() * 1e3,
        samples.len()
    );
}
