//! Parses a file a number of times, for profilers (`perf`, `callgrind`)
//! and one-off timings: `cargo run --release -p runic-syntax --example
//! parse_file -- FILE [TIMES]`. Prints the bytes parsed, the syntax errors and
//! the median time of one parse.

use std::time::Instant;

/// The allocator of the `runic` binary, so timings match what it does.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: parse_file FILE [TIMES]");
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
    let mut samples = Vec::with_capacity(times);
    let mut errors = 0;
    for _ in 0..times.max(1) {
        let start = Instant::now();
        let parse = runic_syntax::parse(&text);
        errors = parse.errors().len();
        drop(parse);
        samples.push(start.elapsed());
    }
    samples.sort();
    let median = samples[samples.len() / 2];
    let mib_per_s = text.len() as f64 / median.as_secs_f64() / (1024.0 * 1024.0);
    println!(
        "{} bytes, {errors} errors, median {:.2} ms of {} parses ({mib_per_s:.1} MiB/s)",
        text.len(),
        median.as_secs_f64() * 1e3,
        samples.len()
    );
}
