//! The editor's latency at scale, for profilers (`perf`, `callgrind`) and
//! one-off timings: `cargo run --release -p runic-queries --example
//! edit_scale -- [LINES] [EDITS] [WHAT]`. Builds the benchmarks' generated
//! program of LINES lines (default 50,000), checks it once, then makes
//! EDITS one-character edits inside one function body (alternately
//! inserting and deleting a character, so later declarations move) and after each asks WHAT: `diagnostics`
//! (the default), `hover` or `completion`. Prints the median and the 95th
//! percentile of one edit plus its request.

use std::time::{Duration, Instant};

use runic_queries::ide::{completions, hover};
use runic_queries::{file_diagnostics, TextSize, Workspace};

#[path = "../benches/program/mod.rs"]
mod program;

/// The allocator of the `runic` binary, so timings match what it does.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut args = std::env::args().skip(1);
    let lines: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(50_000);
    let edits: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(20);
    let what = args.next().unwrap_or_else(|| "diagnostics".to_string());
    let text = program::program(lines);
    let texts = [program::one_char_insert(&text), text.clone()];
    let use_at = texts
        .each_ref()
        .map(|t| last_offset(t, "let m = mean_", "let m = ".len() + 2));
    let body_at = texts
        .each_ref()
        .map(|t| last_offset(t, "let ds = map", "let ds = ".len()));

    let mut workspace = Workspace::new();
    let file = workspace.set_text("scale.fut", text.clone());
    let start = Instant::now();
    let count = file_diagnostics(workspace.db(), file).len();
    eprintln!(
        "{} lines, {count} diagnostics, first check {:.1} ms",
        text.lines().count(),
        start.elapsed().as_secs_f64() * 1e3
    );
    // The first edit of the function lowers the durability of its tree
    // (see `sources.rs`), which costs a walk of the file's checks once:
    // timed apart from the edits that follow.
    let start = Instant::now();
    let file = workspace.set_text("scale.fut", texts[0].clone());
    std::hint::black_box(file_diagnostics(workspace.db(), file).len());
    let first = start.elapsed();
    workspace.set_text("scale.fut", texts[1].clone());
    std::hint::black_box(file_diagnostics(workspace.db(), file).len());
    eprintln!(
        "first edit of the function: {:.1} ms",
        first.as_secs_f64() * 1e3
    );
    let mut samples: Vec<Duration> = Vec::with_capacity(edits);
    for i in 0..edits {
        let start = Instant::now();
        edit_and_ask(
            &mut workspace,
            &texts[i % 2],
            &what,
            use_at[i % 2],
            body_at[i % 2],
        );
        samples.push(start.elapsed());
    }
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{what} after an edit: median {:.2} ms, p95 {:.2} ms of {} edits",
        ms(samples[samples.len() / 2]),
        ms(samples[(samples.len() * 95 / 100).min(samples.len() - 1)]),
        samples.len()
    );
}

/// One edit and one request: what `callgrind --toggle-collect=*edit_and_ask*`
/// measures, leaving out the first check.
#[inline(never)]
fn edit_and_ask(
    workspace: &mut Workspace,
    text: &str,
    what: &str,
    use_at: TextSize,
    body_at: TextSize,
) {
    let file = workspace.set_text("scale.fut", text.to_string());
    match what {
        "hover" => {
            std::hint::black_box(hover(workspace.db(), file, use_at));
        }
        "completion" => {
            std::hint::black_box(completions(workspace.db(), file, body_at).len());
        }
        _ => {
            std::hint::black_box(file_diagnostics(workspace.db(), file).len());
        }
    }
}

/// The offset of the last occurrence of `needle` in `text`, plus `skip`.
fn last_offset(text: &str, needle: &str, skip: usize) -> TextSize {
    let at = text.rfind(needle).expect("the needle is in the program") + skip;
    TextSize::new(at as u32)
}
