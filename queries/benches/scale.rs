//! The editor at scale: a generated 50,000-line program (the blocks of
//! `check.rs`), an edit inside one function body in the middle of the file
//! that inserts or deletes one character (alternately, so every iteration
//! is a real change and every later declaration moves), then one request
//! as an editor makes right after typing:
//!
//! - `scale/diagnostics_after_edit_50k`: the file's diagnostics;
//! - `scale/hover_after_edit_50k`: a hover on a use of a function further
//!   down;
//! - `scale/completion_after_edit_50k`: the completion list in a function
//!   body further down.
//!
//! The target is under 10 ms each, as on a 5,000-line file: the work of an
//! edit must follow the edit, not the file. Run with
//! `cargo bench -p runic-queries --bench scale`; `examples/edit_scale.rs`
//! does the same outside criterion, for profilers.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use runic_queries::ide::{completions, hover};
use runic_queries::{file_diagnostics, File, TextSize, Workspace};

mod program;
use program::{one_char_insert, program, time_alternating_edits};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const PATH: &str = "scale.fut";
const LINES: usize = 50_000;

/// The offset of the last occurrence of `needle` in `text`, plus `skip`.
fn last_offset(text: &str, needle: &str, skip: usize) -> TextSize {
    let at = text.rfind(needle).expect("the needle is in the program") + skip;
    TextSize::new(at as u32)
}

/// A workspace holding `texts[1]`, checked once.
fn checked(texts: &[String; 2]) -> (Workspace, File) {
    let mut workspace = Workspace::new();
    let file = workspace.set_text(PATH, texts[1].clone());
    assert!(file_diagnostics(workspace.db(), file).is_empty());
    (workspace, file)
}

/// Times an edit (alternating the two texts) and `request` after it.
fn bench_after_edits(
    c: &mut Criterion,
    name: &str,
    texts: &[String; 2],
    request: &dyn Fn(&Workspace, File, usize),
) {
    let (mut workspace, file) = checked(texts);
    let mut next = 1;
    c.benchmark_group("scale")
        .sample_size(30)
        .bench_function(name, |b| {
            b.iter_custom(|iters| {
                time_alternating_edits(iters, &mut workspace, PATH, texts, &mut next, |ws, i| {
                    request(ws, file, i)
                })
            })
        });
}

fn scale(c: &mut Criterion) {
    let text = program(LINES);
    let edited = one_char_insert(&text);
    let texts = [edited, text];
    // Offsets after the edit differ by one character between the texts.
    let uses = texts
        .each_ref()
        .map(|t| last_offset(t, "let m = mean_", "let m = ".len() + 2));
    let bodies = texts
        .each_ref()
        .map(|t| last_offset(t, "let ds = map", "let ds = ".len()));
    eprintln!("scale bench: {} lines", texts[1].lines().count());

    bench_after_edits(c, "diagnostics_after_edit_50k", &texts, &|ws, file, _| {
        black_box(file_diagnostics(ws.db(), file).len());
    });
    bench_after_edits(c, "hover_after_edit_50k", &texts, &|ws, file, i| {
        let shown = hover(ws.db(), file, uses[i]).expect("a hover");
        black_box(shown);
    });
    bench_after_edits(c, "completion_after_edit_50k", &texts, &|ws, file, i| {
        black_box(completions(ws.db(), file, bodies[i]).len());
    });
}

criterion_group!(benches, scale);
criterion_main!(benches);
