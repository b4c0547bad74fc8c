//! Interpreter benchmarks: a scalar-heavy program (Mandelbrot, 256x256
//! pixels, at most 255 iterations each), an array-heavy one (map, scan
//! and reduce over a million elements, several rounds), single maps,
//! reductions and scans over 10^7 scalars, and one array operation at a
//! time (map, reduce, scan, map-reduce, iota, replicate, zip/unzip,
//! indexing) over input arrays of 10^7 `i32`, `i64`, `f32` and `f64`
//! (reported in elements a second).
//!
//! `LEAN_FILTER=map_i64 cargo bench ...` picks the one-operation cases
//! whose name contains the text (criterion's own filter still applies).
//! `cargo run --release -p runic-eval --example throughput` runs the same
//! cases timed by CPU time.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use runic_eval::binary::read_all;
use runic_eval::run::{call_entry, load_single};
use runic_eval::Limits;

mod lean_cases;

const MANDELBROT: &str = "
def escape (cr: f32) (ci: f32) : i32 =
  let (_, _, n) =
    loop (zr, zi, n) = (0f32, 0f32, 0) while n < 255 && zr * zr + zi * zi < 4 do
      (zr * zr - zi * zi + cr, 2 * zr * zi + ci, n + 1)
  in n

entry main (w: i64) (h: i64) : i32 =
  let rows = tabulate_2d h w (\\y x ->
    escape (f32.i64 x * 3 / f32.i64 w - 2) (f32.i64 y * 2 / f32.i64 h - 1))
  in i32.sum (flatten rows)
";

const ARRAYS: &str = "
entry main (n: i64) (rounds: i32) : f64 =
  loop acc = 0f64 for r < rounds do
    let xs = map (\\i -> f64.i64 (i % 1000) + f64.i32 r) (iota n)
    let ys = scan (+) 0 xs
    in acc + reduce (+) 0 (map2 (*) xs ys) / f64.i64 n
";

fn bench(c: &mut Criterion, name: &str, program: &str, entry: &str, input: &str, elements: u64) {
    bench_bytes(c, name, program, entry, input.as_bytes(), elements);
}

fn bench_bytes(
    c: &mut Criterion,
    name: &str,
    program: &str,
    entry: &str,
    input: &[u8],
    elements: u64,
) {
    let program = load_single("bench.fut", program).expect("the benchmark program loads");
    let args = read_all(input).expect("the benchmark input reads");
    let mut group = c.benchmark_group("interp");
    group.sample_size(10);
    group.warm_up_time(std::time::Duration::from_secs(1));
    group.measurement_time(std::time::Duration::from_secs(3));
    if elements > 0 {
        group.throughput(Throughput::Elements(elements));
    }
    group.bench_function(name, |b| {
        b.iter(|| call_entry(&program, entry, &args, Limits::default()).expect("runs"))
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench(
        c,
        "mandelbrot_256x256_255",
        MANDELBROT,
        "main",
        "256i64 256i64",
        0,
    );
    bench(
        c,
        "map_scan_reduce_1e6_x3",
        ARRAYS,
        "main",
        "1000000i64 3",
        0,
    );
    let filter = std::env::var("LEAN_FILTER").unwrap_or_default();
    for case in lean_cases::cases(10_000_000, &filter) {
        let n = 10_000_000;
        bench_bytes(c, &case.name, &case.program, case.entry, &case.input, n);
    }
}

criterion_group!(interp, benches);
criterion_main!(interp);
