//! The middle end on the generated 5,000-line program of the benchmarks,
//! for profilers: `cargo run --release -p runic-queries --example
//! middle_edit -- MODE [TIMES]`, MODE one of `whole` (every entry point
//! of a checked file, in a fresh workspace each time) and `reached` (an
//! edit inside a function that an entry point reaches, undone and done
//! again). Only [`timed`] does the measured work: under callgrind, give
//! `--toggle-collect='middle_edit::timed'`. Prints the median time.

use std::hint::black_box;
use std::time::{Duration, Instant};

use runic_queries::middle::entry_irs;
use runic_queries::{file_diagnostics, Workspace};

#[path = "../benches/program/mod.rs"]
#[allow(dead_code)]
mod program;

/// The allocator of the `runic` binary, so timings match what it does.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const PATH: &str = "bench.fut";

/// Sets `text` (when given) and runs the middle end for every entry point.
#[inline(never)]
fn timed(workspace: &mut Workspace, text: Option<String>) -> usize {
    if let Some(text) = text {
        workspace.set_text(PATH, text);
    }
    let file = workspace.file(PATH).expect("loaded");
    entry_irs(workspace.db(), file).map_or(0, |irs| irs.len())
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "whole".into());
    let times: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(5);
    let text = program::program(5_000);
    let middle = text.len() / 2;
    let at = middle + text[middle..].find("else x * 2").expect("a classify") + 9;
    let mut edited = text.clone();
    edited.replace_range(at..at + 1, "3");
    let mut samples: Vec<Duration> = Vec::new();
    let mut workspace = Workspace::new();
    let file = workspace.set_text(PATH, text.clone());
    black_box(file_diagnostics(workspace.db(), file).len());
    black_box(entry_irs(workspace.db(), file).is_ok());
    for k in 0..times {
        if mode == "whole" {
            workspace = Workspace::new();
            let file = workspace.set_text(PATH, text.clone());
            black_box(file_diagnostics(workspace.db(), file).len());
            let start = Instant::now();
            black_box(timed(&mut workspace, None));
            samples.push(start.elapsed());
        } else {
            let next = if k % 2 == 0 { &edited } else { &text };
            let start = Instant::now();
            black_box(timed(&mut workspace, Some(next.clone())));
            samples.push(start.elapsed());
        }
    }
    samples.sort();
    println!(
        "{mode}: median {:.2} ms of {}",
        samples[samples.len() / 2].as_secs_f64() * 1e3,
        samples.len()
    );
}
