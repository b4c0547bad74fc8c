//! The value reader (`runic run`'s input): one array of N `i32`s, N =
//! 10^6 and 10^7, as text (`[0i32, 1i32, ...]`, the first suffixed and
//! the rest taking its type) and in the binary data format, read by
//! `runic_eval::binary::read_all`. Reported in elements a second: a reader
//! linear in the size of its input shows the same rate at both sizes.
//! `values/nested/D`: a value nested D arrays deep (`[[...[1i32]...]]`):
//! the deepest the reader accepts ([`MAX_NESTING`]), and 100,000, which it
//! refuses at that depth (the time to the error).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use runic_eval::binary::{read_all, type_tag};
use runic_eval::text::MAX_NESTING;
use runic_sema::types::PrimType;

fn text(n: usize) -> Vec<u8> {
    let mut out = String::with_capacity(n * 6);
    out.push('[');
    for i in 0..n {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&(i % 1000).to_string());
        if i == 0 {
            out.push_str("i32");
        }
    }
    out.push(']');
    out.into_bytes()
}

/// The binary data format: `b`, version 2, rank 1, the type, the length,
/// the elements little-endian.
fn binary(n: usize) -> Vec<u8> {
    let mut out = vec![b'b', 2, 1];
    out.extend_from_slice(type_tag(PrimType::I32).as_bytes());
    out.extend_from_slice(&(n as u64).to_le_bytes());
    for i in 0..n {
        out.extend_from_slice(&((i % 1000) as i32).to_le_bytes());
    }
    out
}

fn values(c: &mut Criterion) {
    let mut group = c.benchmark_group("values");
    group.sample_size(10);
    for n in [1_000_000usize, 10_000_000] {
        group.throughput(Throughput::Elements(n as u64));
        for (format, bytes) in [("text", text(n)), ("binary", binary(n))] {
            let read = read_all(&bytes).expect("the benchmark input reads");
            assert_eq!(read.len(), 1);
            drop(read);
            group.bench_function(format!("{format}/{n}"), |b| {
                b.iter(|| read_all(&bytes).expect("reads"))
            });
        }
    }
    group.throughput(Throughput::Elements(1));
    for depth in [MAX_NESTING, 100_000] {
        let nested = format!("{}1i32{}", "[".repeat(depth), "]".repeat(depth)).into_bytes();
        assert_eq!(read_all(&nested).is_ok(), depth <= MAX_NESTING);
        group.bench_function(format!("nested/{depth}"), |b| {
            b.iter(|| read_all(&nested).map(|v| v.len()))
        });
    }
    group.finish();
}

criterion_group!(benches, values);
criterion_main!(benches);
