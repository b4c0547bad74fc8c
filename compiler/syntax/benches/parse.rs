//! Parser throughput and the cost of re-parsing after an edit.
//!
//! - `parse/full_20k_lines`: a generated 20,000-line program of realistic
//!   Futhark (defs with lets, loops, maps, matches, records, sum types,
//!   modules), with throughput in bytes so criterion prints MB/s.
//! - `edit/*`: what the IDE pays after typing one character in a 5,000-line
//!   file: the full re-parse of the edited text, the incremental
//!   `Parse::reparse` of the one declaration the edit touches, and the
//!   database path (set the file's text, re-run `parse` and `item_tree`, then
//!   every item's diagnostics, of which only the edited item's re-run).
//! - `literal/negative_array/N`: one definition whose body is an array
//!   literal of N distinct negated integers (`[-1, -2, ...]`, N = 100,000
//!   and 1,000,000): linear time shows as a ten times larger figure.
//!
//! Run with `cargo bench -p runic-syntax --bench parse`. For a profiler or a
//! one-off timing of any file: `cargo run --release -p runic-syntax --example
//! parse_file -- FILE [TIMES]`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use runic_syntax::{Indel, TextRange, TextSize};

/// The allocator of the `runic` binary (and of the check benchmark), so the
/// figures are those of the parser as the language server and CLI run it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// One block of declarations (~36 lines), parameterised by `i` so blocks differ.
fn block(i: usize) -> String {
    format!(
        r#"-- | Sum of squares of the elements, shifted by {i}.
def sum_sq_{i} [n] (xs: [n]f32) : f32 =
  let ys = map (\x -> x * x + {i}f32) xs
  let total = reduce (+) 0f32 ys
  in total / f32.i64 n

def count_{i} (n: i64) : i64 =
  loop acc = 0 for j < n do
    if j % 2 == 0 then acc + j * {i} else acc - 1

type shape_{i} = #circle f64 | #rect f64 f64

def area_{i} (s: shape_{i}) : f64 =
  match s
  case #circle r -> 3.14 * r * r
  case #rect w h -> w * h

def point_{i} = {{x = 1.0f32, y = {i}.5f32, zs = [1, 2, 3]}}

module m_{i} = {{
  def get (p: {{x: f32, y: f32}}) = p.x + p.y
  def grid = [[1, 2], [3, 4]] with [0, 1] = {i}
}}

entry main_{i} (xs: []i32) : ([]i32, i32) =
  let (prefix, total) = (scan (+) 0 xs, i32.sum xs)
  let zs = zip prefix (iota (length xs))
           |> map (\(a, b) -> a + i32.i64 b)
  in (filter (> total) zs, total)

def dot_{i} [n] (a: [n]f64) (b: [n]f64) : f64 =
  f64.sum (map2 (*) a b)

"#
    )
}

/// A program of at least `lines` lines, made of consecutive blocks.
fn program(lines: usize) -> String {
    let mut text = String::new();
    let mut i = 0;
    while text.lines().count() < lines {
        text.push_str(&block(i));
        i += 1;
    }
    text
}

/// The edit of one character in the middle of `text` (a digit of a literal),
/// as if typed in the editor, and the edited text.
fn one_char_edit(text: &str) -> (Indel, String) {
    let middle = text.len() / 2;
    let at = text[middle..]
        .find("1, 2, 3")
        .map_or(middle, |offset| middle + offset);
    let range = TextRange::at(TextSize::new(at as u32), TextSize::new(1));
    let indel = Indel {
        delete: range,
        insert: "7".to_string(),
    };
    let edited = indel.apply(text).unwrap_or_else(|| text.to_string());
    (indel, edited)
}

/// Reports (without failing the benchmark) if the generated program does not
/// parse cleanly, since the numbers then measure error recovery too.
fn warn_on_errors(what: &str, text: &str) {
    let errors = runic_syntax::parse(text).errors().len();
    if errors > 0 {
        eprintln!("warning: the generated {what} has {errors} syntax errors");
    }
}

fn bench_full_parse(c: &mut Criterion) {
    let text = program(20_000);
    warn_on_errors("20,000-line program", &text);
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(20);
    group.bench_function("full_20k_lines", |b| {
        b.iter(|| runic_syntax::parse(black_box(&text)))
    });
    group.finish();
}

fn bench_edit(c: &mut Criterion) {
    let original = program(5_000);
    let (indel, edited) = one_char_edit(&original);
    warn_on_errors("5,000-line program", &original);
    let mut group = c.benchmark_group("edit");
    group.throughput(Throughput::Bytes(edited.len() as u64));
    group.bench_function("full_reparse_5k_lines", |b| {
        b.iter(|| runic_syntax::parse(black_box(&edited)))
    });
    let old = runic_syntax::parse(&original);
    if old.reparse(&edited, &indel) != runic_syntax::parse(&edited) {
        eprintln!("warning: the incremental reparse differs from the full parse");
    }
    group.bench_function("incremental_reparse_5k_lines", |b| {
        b.iter(|| old.reparse(black_box(&edited), black_box(&indel)))
    });
    bench_edit_db(&mut group, &original, &edited);
    group.finish();
}

/// Alternates the file between the two texts in a warm database, so each
/// iteration is one edit; measures set_text + parse + item_tree, and the
/// same plus the file's diagnostics (the LSP's work on an edit).
fn bench_edit_db(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    original: &str,
    edited: &str,
) {
    use runic_queries::{file_diagnostics, item_tree, parse, Workspace};

    let mut workspace = Workspace::new();
    let file = workspace.set_text("bench.fut", original.to_string());
    let _ = file_diagnostics(workspace.db(), file);
    let texts = [original.to_string(), edited.to_string()];
    let mut turn = 0;
    group.bench_function("db_set_text_parse_item_tree_5k_lines", |b| {
        b.iter_batched(
            || {
                turn += 1;
                texts[turn % 2].clone()
            },
            |text| {
                workspace.set_text("bench.fut", text);
                let db = workspace.db();
                black_box(parse(db, file).errors().len());
                black_box(item_tree(db, file).items().len());
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function("db_set_text_diagnostics_5k_lines", |b| {
        b.iter_batched(
            || {
                turn += 1;
                texts[turn % 2].clone()
            },
            |text| {
                workspace.set_text("bench.fut", text);
                black_box(file_diagnostics(workspace.db(), file).len());
            },
            BatchSize::SmallInput,
        )
    });
}

fn bench_array_literal(c: &mut Criterion) {
    let mut group = c.benchmark_group("literal");
    group.sample_size(10);
    for n in [100_000, 1_000_000] {
        let items: Vec<String> = (1..=n).map(|i| format!("-{i}")).collect();
        let text = format!("def xs = [{}]\n", items.join(", "));
        warn_on_errors("array literal", &text);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_function(format!("negative_array/{n}"), |b| {
            b.iter(|| runic_syntax::parse(black_box(&text)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_full_parse, bench_edit, bench_array_literal);
criterion_main!(benches);
