//! Latency of the IDE requests after an edit, on the generated 5,000-line
//! program of `check.rs`: each iteration sets the text (alternately the
//! edited and the original one, a one-character change inside a function
//! body in the middle of the file) and then answers one request about a
//! function further down, as an editor asks right after typing:
//!
//! - `ide/hover_after_edit`: the hover on a use of a function;
//! - `ide/definition_after_edit`: go to definition on the same use;
//! - `ide/completion_after_edit`: the completion list in a function body.
//!
//! Run with `cargo bench -p runic-queries --bench ide`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use runic_queries::ide::{completions, definition, hover};
use runic_queries::{file_diagnostics, TextSize, Workspace};

mod program;
use program::{one_char_edit, program};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const PATH: &str = "bench.fut";

/// The offset of the last occurrence of `needle` in `text`, plus `skip`.
fn last_offset(text: &str, needle: &str, skip: usize) -> TextSize {
    let at = text.rfind(needle).expect("the needle is in the program") + skip;
    TextSize::new(at as u32)
}

/// Times `request` after each edit, alternating the two texts.
fn after_edits(
    workspace: &mut Workspace,
    texts: &[String; 2],
    iters: u64,
    request: &dyn Fn(&Workspace),
) -> Duration {
    let mut total = Duration::ZERO;
    for i in 0..iters {
        let new_text = texts[(i % 2) as usize].clone();
        let start = Instant::now();
        workspace.set_text(PATH, new_text);
        request(workspace);
        total += start.elapsed();
    }
    total
}

fn ide(c: &mut Criterion) {
    let text = program(5_000);
    let edited = one_char_edit(&text);
    // Both texts have the same length, so the offsets hold in both.
    let texts = [edited, text.clone()];
    let use_at = last_offset(&text, "let m = mean_", "let m = ".len() + 2);
    let body_at = last_offset(&text, "let ds = map", "let ds = ".len());

    let mut workspace = Workspace::new();
    let file = workspace.set_text(PATH, text.clone());
    assert!(file_diagnostics(workspace.db(), file).is_empty());
    let shown = hover(workspace.db(), file, use_at).expect("a hover on the use");
    assert!(shown.markdown.contains("val mean_"), "{}", shown.markdown);
    assert!(definition(workspace.db(), file, use_at).is_some());
    assert!(completions(workspace.db(), file, body_at)
        .iter()
        .any(|c| c.label == "variance_0"));

    let mut group = c.benchmark_group("ide");
    group.bench_function("hover_after_edit", |b| {
        b.iter_custom(|iters| {
            after_edits(&mut workspace, &texts, iters, &|ws| {
                black_box(hover(ws.db(), file, use_at));
            })
        })
    });
    group.bench_function("definition_after_edit", |b| {
        b.iter_custom(|iters| {
            after_edits(&mut workspace, &texts, iters, &|ws| {
                black_box(definition(ws.db(), file, use_at));
            })
        })
    });
    group.bench_function("completion_after_edit", |b| {
        b.iter_custom(|iters| {
            after_edits(&mut workspace, &texts, iters, &|ws| {
                black_box(completions(ws.db(), file, body_at).len());
            })
        })
    });
    group.finish();
}

criterion_group!(benches, ide);
criterion_main!(benches);
