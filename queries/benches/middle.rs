//! The cost of the middle end (internalisation, simplification, fusion) on
//! the 5,000-line program of the check benchmark (`program/`), every entry
//! point at both stages (`soacs` and `fused`):
//!
//! - `middle/full_5k_lines`: from scratch through the database: a fresh
//!   workspace, the text set, then `middle::entry_irs` (parse, check,
//!   elaboration, and the middle end of every entry point).
//! - `middle/after_one_char_edit`: what the editor pays for the fused view
//!   after typing one character inside one function body: set the edited
//!   text (alternately the edited and the original one), then `entry_irs`.
//!   The edit is checked (incrementally) and the entry points'
//!   syntactic fingerprints recomputed; elaboration and the middle end
//!   re-run only if some entry point reaches the edited function (none
//!   does here: the edited `collatz_*` is called by no entry point).
//! - `middle/lower_5k_lines`: what an edit reaching an entry point costs
//!   before the middle end: `middle::lower` on a database that has parsed
//!   the file (the whole-file type check `check_file`, which is not
//!   memoised, and elaboration).
//! - `middle/passes_only_5k_lines`: the middle end's passes alone, for every
//!   entry point, on a program elaborated once (no database).
//!
//! Run with `cargo bench -p runic-queries --bench middle`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use runic_queries::middle::{entry_irs, lower};
use runic_queries::Workspace;

mod program;
use program::{one_char_edit, program};

/// The allocator the `runic` binary uses, so the figures are the binary's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const PATH: &str = "bench.fut";

/// How many entry points compile, and how many there are.
fn compiled(workspace: &Workspace) -> (usize, usize) {
    let file = workspace.file(PATH).expect("loaded");
    let irs = entry_irs(workspace.db(), file).expect("the program compiles");
    let ok = irs.iter().filter(|(_, ir)| ir.fused.is_ok()).count();
    (ok, irs.len())
}

fn middle(c: &mut Criterion) {
    let text = program(5_000);
    let edited = one_char_edit(&text);
    let mut workspace = Workspace::new();
    let file = workspace.set_text(PATH, text.clone());
    let (ok, all) = compiled(&workspace);
    eprintln!(
        "middle bench: {} lines, {ok} of {all} entry points compile",
        text.lines().count()
    );
    if let Some((name, ir)) = entry_irs(workspace.db(), file)
        .expect("compiles")
        .into_iter()
        .find(|(_, ir)| ir.fused.is_err())
    {
        eprintln!("  e.g. {name}: {:?}", ir.fused);
    }

    let mut group = c.benchmark_group("middle");
    group.bench_function("full_5k_lines", |b| {
        b.iter_batched(
            Workspace::new,
            |mut workspace| {
                workspace.set_text(PATH, text.clone());
                black_box(compiled(&workspace));
                workspace
            },
            BatchSize::PerIteration,
        )
    });

    let texts = [edited.clone(), text.clone()];
    let mut next = 1;
    group.bench_function("after_one_char_edit", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                next = 1 - next;
                let new_text = texts[next].clone();
                let start = Instant::now();
                workspace.set_text(PATH, new_text);
                black_box(compiled(&workspace));
                total += start.elapsed();
            }
            total
        })
    });

    group.bench_function("lower_5k_lines", |b| {
        b.iter(|| black_box(lower(workspace.db(), file).is_ok()))
    });

    let program = lower(workspace.db(), file).expect("elaborates");
    group.bench_function("passes_only_5k_lines", |b| {
        b.iter(|| {
            for entry in &program.entries {
                let compiled =
                    runic_core::declared_layouts(&program, &entry.name).and_then(|layouts| {
                        runic_core::compile_entry_stages(&program, &entry.name, &layouts)
                    });
                black_box(compiled.is_ok());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, middle);
criterion_main!(benches);
