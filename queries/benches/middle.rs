//! The cost of the middle end (internalisation, simplification, fusion) on
//! the 5,000-line program of the check benchmark (`program/`), every entry
//! point at both stages (`soacs` and `fused`):
//!
//! - `middle/full_5k_lines`: from scratch through the database: a fresh
//!   workspace, the text set, then `middle::entry_irs` (parse, check,
//!   elaboration, and the middle end of every entry point). Each run's text
//!   ends in a comment of its own, so that nothing memoised across
//!   workspaces serves it (as in `whole_after_check`).
//! - `middle/whole_after_check`: the middle end's own cost for the whole
//!   program: `entry_irs` on a fresh workspace whose file was checked
//!   (`file_diagnostics`) before timing: the declarations' analyses (their
//!   types), elaboration and the passes of every entry point.
//! - `middle/after_one_char_edit`: what the editor pays for the fused view
//!   after typing one character inside one function body: set the edited
//!   text (alternately the edited and the original one), then `entry_irs`.
//!   The edit is checked (incrementally) and the entry points'
//!   syntactic fingerprints recomputed; elaboration and the middle end
//!   re-run only if some entry point reaches the edited function (none
//!   does here: the edited `collatz_*` is called by no entry point).
//! - `middle/after_reached_edit`: the same for an edit that an entry point
//!   reaches (`x * 2` becomes `x * 3` in a `classify_*` that a `main_*`
//!   maps): the edited declaration is analysed again, and that entry point
//!   elaborated (from what it reaches) and compiled again.
//! - `middle/lower_5k_lines`: what an edit reaching an entry point costs
//!   before the middle end: `middle::lower` on a database that has parsed
//!   the file (the whole-file type check `check_file`, which is not
//!   memoised, and elaboration).
//! - `middle/passes_only_5k_lines`: the middle end's passes alone, for every
//!   entry point, on a program elaborated once (no database).
//!
//! Run with `cargo bench -p runic-queries --bench middle`.

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkGroup, Criterion};
use runic_queries::middle::{entry_irs, lower};
use runic_queries::{file_diagnostics, Workspace};

mod program;
use program::{one_char_edit, program, time_alternating_edits};

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

    // A text of its own for each run from scratch (a comment at the end),
    // so that no memo kept across workspaces (the middle end once kept the
    // last elaborated program by the hash of the texts) serves a run.
    let mut run = 0usize;
    let mut fresh_text = || {
        run += 1;
        format!("{text}-- run {run}\n")
    };
    let mut group = c.benchmark_group("middle");
    group.bench_function("full_5k_lines", |b| {
        b.iter_batched(
            || (Workspace::new(), fresh_text()),
            |(mut workspace, text)| {
                workspace.set_text(PATH, text);
                black_box(compiled(&workspace));
                workspace
            },
            BatchSize::PerIteration,
        )
    });

    group.bench_function("whole_after_check", |b| {
        b.iter_batched(
            || {
                let mut workspace = Workspace::new();
                let file = workspace.set_text(PATH, fresh_text());
                black_box(file_diagnostics(workspace.db(), file).len());
                workspace
            },
            |workspace| {
                black_box(compiled(&workspace));
                workspace
            },
            BatchSize::PerIteration,
        )
    });

    for (row, edited) in [
        ("after_one_char_edit", edited.clone()),
        ("after_reached_edit", reached_edit(&text)),
    ] {
        edits(&mut group, row, &mut workspace, [edited, text.clone()]);
    }

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

/// A row timing `entry_irs` after setting `texts` alternately.
fn edits(
    group: &mut BenchmarkGroup<'_, WallTime>,
    row: &str,
    workspace: &mut Workspace,
    texts: [String; 2],
) {
    let mut next = 1;
    group.bench_function(row, |b| {
        b.iter_custom(|iters| {
            time_alternating_edits(iters, workspace, PATH, &texts, &mut next, |ws, _| {
                black_box(compiled(ws));
            })
        })
    });
    // Back to the original text.
    workspace.set_text(PATH, texts[1].clone());
    black_box(compiled(workspace));
}

/// `text` with one character changed inside a function that an entry point
/// reaches: `x * 2` becomes `x * 3` in a `classify_*` in the middle.
fn reached_edit(text: &str) -> String {
    let middle = text.len() / 2;
    let at = middle
        + text[middle..]
            .find("else x * 2")
            .expect("a classify after the middle")
        + "else x * ".len();
    let mut edited = text.to_string();
    edited.replace_range(at..at + 1, "3");
    edited
}

criterion_group!(benches, middle);
criterion_main!(benches);
