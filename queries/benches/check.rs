//! The cost of type checking through the database, on a generated
//! 5,000-line program of realistic Futhark (small functions with maps,
//! reductions, scans, histograms, loops, records, sum types and matches,
//! module types, modules, functors, pipelines, in-place updates), which
//! checks without a diagnostic:
//!
//! - `check/full_5k_lines`: a check from scratch: a fresh workspace, the
//!   file's text set, then `file_diagnostics` (parse, item tree, the type
//!   checker on the whole file). The shipped prelude is checked once per
//!   process and is not part of this (see `check/prelude`).
//! - `check/recheck_after_one_char_edit`: what the editor pays after typing
//!   one character inside one function body: set the edited text (alternately
//!   the edited and the original one, so each iteration is a real change),
//!   then `file_diagnostics`.
//! - `check/recheck_50k_lines`: the same on a 50,000-line program (the
//!   editor's latency must not grow with the file).
//! - `check/prelude`: checking the shipped prelude, as the first check of a
//!   process does.
//! - `scale/array_literal/N`: a fresh check of one definition whose body is
//!   an array literal of N unsuffixed integers (N = 10,000, 100,000 and
//!   1,000,000: linear time shows as a ten times larger figure each time,
//!   not a hundred).
//! - `scale/negative_array_literal/N`: the same with negated integers
//!   (`[-1, -2, ...]`, N = 100,000 and 1,000,000), once quadratic, then
//!   five times the cost of plain numbers (a fresh type variable and a
//!   numeric constraint per negation).
//! - `scale/let_chain/N`: a fresh check of one body made of N `let`s.
//!
//! Run with `cargo bench -p runic-queries --bench check`.

use std::hint::black_box;

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use runic_queries::{file_diagnostics, Workspace};

mod program;
use program::{one_char_edit, program};

/// The allocator the `runic` binary uses, so the figures are the binary's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const PATH: &str = "bench.fut";

/// Asserts that `text` checks without a diagnostic.
fn assert_clean(text: &str) {
    let mut workspace = Workspace::new();
    let file = workspace.set_text(PATH, text.to_string());
    let diagnostics = file_diagnostics(workspace.db(), file);
    assert!(
        diagnostics.is_empty(),
        "the generated program has {} diagnostics, the first: {:?}",
        diagnostics.len(),
        diagnostics.first()
    );
}

fn check(c: &mut Criterion) {
    let text = program(5_000);
    let edited = one_char_edit(&text);
    assert_clean(&text);
    assert_clean(&edited);
    eprintln!(
        "check bench: {} lines, {} bytes",
        text.lines().count(),
        text.len()
    );

    let mut group = c.benchmark_group("check");
    group.bench_function("full_5k_lines", |b| {
        b.iter_batched(
            Workspace::new,
            |mut workspace| {
                let file = workspace.set_text(PATH, text.clone());
                black_box(file_diagnostics(workspace.db(), file).len());
                // Dropping the database is not part of a check.
                workspace
            },
            BatchSize::PerIteration,
        )
    });

    recheck(&mut group, "recheck_after_one_char_edit", [edited, text]);
    let large = program(50_000);
    let large_edited = one_char_edit(&large);
    assert_clean(&large);
    recheck(&mut group, "recheck_50k_lines", [large_edited, large]);

    group.bench_function("prelude", |b| {
        b.iter(|| {
            black_box(runic_sema::Prelude::check_shipped())
                .diagnostics
                .len()
        })
    });
    group.finish();
}

/// Times setting one of `texts` (alternately, so each iteration is a real
/// change) and asking for the file's diagnostics.
fn recheck(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    texts: [String; 2],
) {
    // Criterion calls the closure once per sample: the workspace and which
    // text comes next live outside it, so every iteration changes the text.
    let mut workspace = Workspace::new();
    let file = workspace.set_text(PATH, texts[1].clone());
    let _ = file_diagnostics(workspace.db(), file);
    let mut next = 1;
    group.bench_function(name, |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                next = 1 - next;
                let new_text = texts[next].clone();
                debug_assert_ne!(&new_text, file.text(workspace.db()));
                let start = Instant::now();
                workspace.set_text(PATH, new_text);
                black_box(file_diagnostics(workspace.db(), file).len());
                total += start.elapsed();
            }
            total
        })
    });
}

/// A fresh check of `text`, which must be clean.
fn fresh_check(text: &str) -> usize {
    let mut workspace = Workspace::new();
    let file = workspace.set_text(PATH, text.to_string());
    file_diagnostics(workspace.db(), file).len()
}

fn scale(c: &mut Criterion) {
    let mut group = c.benchmark_group("scale");
    group.sample_size(10);
    for n in [10_000usize, 100_000, 1_000_000] {
        let elements: Vec<String> = (0..n).map(|i| (i % 1000).to_string()).collect();
        let array = format!("def main : []i32 = [{}]\n", elements.join(", "));
        assert_clean(&array);
        group.bench_function(format!("array_literal/{n}"), |b| {
            b.iter(|| black_box(fresh_check(&array)))
        });
        if n >= 100_000 {
            let negated = format!("def main : []i32 = [-{}]\n", elements.join(", -"));
            assert_clean(&negated);
            group.bench_function(format!("negative_array_literal/{n}"), |b| {
                b.iter(|| black_box(fresh_check(&negated)))
            });
        }
        if n == 1_000_000 {
            break;
        }
        let lets: String = (0..n)
            .map(|i| format!("  let x{i} = x + {}\n", i % 7))
            .collect();
        let chain = format!("def main (x: i32) : i32 =\n{lets}  in x{}\n", n - 1);
        assert_clean(&chain);
        group.bench_function(format!("let_chain/{n}"), |b| {
            b.iter(|| black_box(fresh_check(&chain)))
        });
    }
    group.finish();
}

criterion_group!(benches, check, scale);
criterion_main!(benches);
