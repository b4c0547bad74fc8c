//! The one-operation cases of the interpreter benchmark
//! (`benches/lean_cases.rs`), each run a few times and reported in
//! elements a second of this thread's CPU time (the median run), which a
//! machine loaded by other work disturbs less than wall time:
//! `cargo run --release -p runic-eval --example throughput [-- FILTER [RUNS]]`.

#[path = "../benches/lean_cases.rs"]
mod lean_cases;

use runic_eval::binary::read_all;
use runic_eval::run::{call_entry, load_single};
use runic_eval::Limits;

/// This thread's CPU time in nanoseconds (Linux), if known.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let filter = args.get(1).map_or("", String::as_str);
    let runs: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(5);
    let n = 10_000_000;
    println!("case                      CPU ms   wall ms   Melem/s (CPU), median of {runs}");
    for case in lean_cases::cases(n, filter) {
        let program = load_single("bench.fut", &case.program).expect("the program loads");
        let input = read_all(&case.input).expect("the input reads");
        let mut times = Vec::new();
        for _ in 0..runs {
            let (cpu, wall) = (cpu_ns().unwrap_or(0), std::time::Instant::now());
            call_entry(&program, case.entry, &input, Limits::default()).expect("runs");
            times.push((
                cpu_ns().unwrap_or(0) - cpu,
                wall.elapsed().as_nanos() as u64,
            ));
        }
        times.sort();
        let (cpu, wall) = times[runs / 2];
        println!(
            "{:<24} {:>8.1} {:>9.1} {:>9.1}",
            case.name,
            cpu as f64 / 1e6,
            wall as f64 / 1e6,
            n as f64 / (cpu as f64 / 1e9) / 1e6
        );
    }
}
