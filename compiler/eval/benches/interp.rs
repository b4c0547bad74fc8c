//! Interpreter benchmarks: a scalar-heavy program (Mandelbrot, 256x256
//! pixels, at most 255 iterations each), an array-heavy one (map, scan
//! and reduce over a million elements, several rounds), single maps,
//! reductions and scans over 10^7 scalars, and one array operation at a
//! time (map, reduce, scan, map-reduce, iota, replicate, zip/unzip,
//! indexing) over input arrays of 10^7 `i32`, `i64`, `f32` and `f64`
//! (reported in elements a second).
//!
//! `LEAN_FILTER=map_i64 cargo bench ...` picks the per-type cases whose
//! name contains the text (criterion's own filter still applies).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use runic_eval::binary::read_all;
use runic_eval::run::{call_entry, load_single};
use runic_eval::Limits;

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

/// One SOAC over `n` scalars per entry point.
const LEAN: &str = "
entry map_sum (n: i64) : i64 = i64.sum (map (*2) (iota n))
entry map_f64 (n: i64) : f64 = f64.sum (map (\\i -> f64.i64 i * 0.5 + 1) (iota n))
entry map_if (n: i64) : i64 = i64.sum (map (\\i -> if i % 3 == 0 then i / 3 else -i) (iota n))
entry scan_last (n: i64) : i64 = last (scan (+) 0 (iota n))
entry reduce_lambda (n: i64) : i64 = reduce (\\a b -> a + b * 3) 0 (iota n)
";

/// One operation per entry point, over an input array of the type `T`.
const TYPED: &str = "
entry map_op (xs: []T) : []T = map (* 3) xs
entry map_lambda (xs: []T) : []T = map (\\x -> x * 2 + 1) xs
entry reduce (xs: []T) : T = reduce (+) 0 xs
entry scan (xs: []T) : []T = scan (+) 0 xs
entry map_reduce (xs: []T) : T = reduce (+) 0 (map (\\x -> x * 2) xs)
entry replicate (xs: []T) : []T = replicate (length xs) xs[0]
entry zip_unzip (xs: []T) : ([]T, []T) = unzip (zip xs xs)
entry index (xs: []T) : []T = let n = length xs in map (\\i -> xs[n - 1 - i]) (iota n)
";

/// The binary encoding of `n` elements of type `tag` (` i32`, ...), each
/// `width` bytes, element `i` being `i % 1000`.
fn binary_input(tag: &str, n: usize, elem: impl Fn(usize) -> Vec<u8>) -> Vec<u8> {
    let mut out = vec![b'b', 2, 1];
    out.extend_from_slice(tag.as_bytes());
    out.extend_from_slice(&(n as u64).to_le_bytes());
    for i in 0..n {
        out.extend_from_slice(&elem(i % 1000));
    }
    out
}

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
    let n = 10_000_000;
    for entry in ["map_sum", "map_f64", "map_if", "scan_last", "reduce_lambda"] {
        let name = format!("{entry}_1e7");
        bench(c, &name, LEAN, entry, &format!("{n}i64"), n);
    }
    bench(
        c,
        "iota_1e7",
        "entry main (n: i64) : []i64 = iota n",
        "main",
        &format!("{n}i64"),
        n,
    );
    let filter = std::env::var("LEAN_FILTER").unwrap_or_default();
    let types: [(&str, &str, fn(usize) -> Vec<u8>); 4] = [
        ("i32", " i32", |i| (i as i32).to_le_bytes().to_vec()),
        ("i64", " i64", |i| (i as i64).to_le_bytes().to_vec()),
        ("f32", " f32", |i| (i as f32).to_le_bytes().to_vec()),
        ("f64", " f64", |i| (i as f64).to_le_bytes().to_vec()),
    ];
    for (t, tag, elem) in types {
        let program = TYPED.replace('T', t);
        let input = binary_input(tag, n as usize, elem);
        for entry in [
            "map_op",
            "map_lambda",
            "reduce",
            "scan",
            "map_reduce",
            "replicate",
            "zip_unzip",
            "index",
        ] {
            let name = format!("{entry}_{t}_1e7");
            if name.contains(&filter) {
                bench_bytes(c, &name, &program, entry, &input, n);
            }
        }
    }
}

criterion_group!(interp, benches);
criterion_main!(interp);
