//! Issue 16, item 7: the interpreter holds an array of scalars in one
//! buffer, so a map, a reduction and a zip over 10^7 elements run within
//! twice the memory of their data. The bytes are counted as the `runic`
//! binary counts them ([`Counting`] allocator) against the interpreter's
//! memory limit, set here to twice the data: a run that held more (a boxed
//! value per element, a copy too many) stops with "memory limit reached".

use std::alloc::System;

use runic_eval::binary::read_all;
use runic_eval::memory::Counting;
use runic_eval::run::{call_entry, load_single};
use runic_eval::Limits;

#[global_allocator]
static ALLOCATOR: Counting<System> = Counting(System);

const N: usize = 10_000_000;

/// Runs `main` of `program` on `input` under a memory limit of `limit`
/// bytes: the error, if any.
fn run(program: &str, input: &str, limit: u64) -> Result<String, String> {
    let program = load_single("m.fut", program).expect("loads");
    let args = read_all(input.as_bytes()).expect("reads");
    let limits = Limits {
        memory: Some(limit),
        ..Limits::default()
    };
    call_entry(&program, "main", &args, limits)
        .map(|v| format!("{v:?}"))
        .map_err(|e| e.to_string())
}

#[test]
fn a_map_and_a_sum_stay_within_twice_their_data() {
    let data = (N * 8) as u64;
    let program = "entry main (n: i64) : i64 = i64.sum (map (*2) (iota n))";
    let input = format!("{N}i64");
    let sum = run(program, &input, 2 * data).expect("within twice the data");
    assert!(
        sum.contains(&format!("{}", (N as i64) * (N as i64 - 1))),
        "{sum}"
    );
    // The limit counts: less than the data is refused.
    let refused = run(program, &input, data / 2).expect_err("below the data");
    assert!(refused.contains("memory limit"), "{refused}");
}

#[test]
fn zips_and_maps_of_two_operands_stay_within_twice_their_data() {
    // Two arrays of 10^7 f64 and their zip: 160 MB of data.
    let data = (2 * N * 8) as u64;
    let program = "entry main (n: i64) : f64 =
      let xs = map f64.i64 (iota n)
      let ys = map (\\i -> f64.i64 (n - i)) (iota n)
      let (as, bs) = unzip (zip xs ys)
      in f64.sum (map2 (+) as bs)";
    let total = run(program, &format!("{N}i64"), 2 * data).expect("within twice the data");
    assert!(
        total.contains(&format!("{:?}", (N as f64) * (N as f64))),
        "{total}"
    );
}
