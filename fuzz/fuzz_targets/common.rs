//! What the targets `run`, `core` and `kernels` share: an input is a
//! program, then optionally a NUL byte and the arguments as a value stream
//! (text or binary); the program is checked and lowered, and each entry
//! point that takes as many values as the stream holds runs under small
//! limits (`kernels` compiles every entry point, and ignores the stream).

#![allow(dead_code)] // each target uses part of it

use std::time::{Duration, Instant};

use runic_eval::{Limits, Program, Typed};

/// Counts the bytes each thread holds, so the memory limit sees them.
#[global_allocator]
static ALLOCATOR: runic_eval::memory::Counting<std::alloc::System> =
    runic_eval::memory::Counting(std::alloc::System);

/// The most entry points run per input.
const ENTRIES: usize = 3;

/// The program text and the argument bytes of an input.
pub fn split(data: &[u8]) -> Option<(&str, &[u8])> {
    let (program, input) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    Some((std::str::from_utf8(program).ok()?, input))
}

/// The program checked and lowered, if it has no errors.
pub fn load(text: &str) -> Option<Program> {
    runic_eval::run::load_single("fuzz.fut", text).ok()
}

/// Small limits: a few thousand steps, a shallow stack, 64 MiB, a second.
pub fn limits() -> Limits {
    Limits {
        steps: 20_000,
        depth: 200,
        deadline: Some(Instant::now() + Duration::from_secs(1)),
        cancel: None,
        memory: Some(64 << 20),
        ..Limits::default()
    }
}

/// The entry points to run on `args`: those taking that many values.
pub fn entries<'p>(program: &'p Program, args: &[Typed]) -> Vec<&'p str> {
    program
        .entries
        .iter()
        .filter(|e| {
            let arity: usize = e
                .params
                .iter()
                .map(|p| match p {
                    runic_eval::lower::modules::ValueType::Tuple(items) => items.len(),
                    _ => 1,
                })
                .sum();
            arity == args.len()
        })
        .map(|e| e.name.as_str())
        .take(ENTRIES)
        .collect()
}

/// The first few entry points, whatever they take.
pub fn all_entries(program: &Program) -> Vec<&str> {
    program
        .entries
        .iter()
        .map(|e| e.name.as_str())
        .take(ENTRIES)
        .collect()
}

/// Fails on an error that reports a compiler bug (an IR checker's
/// complaint) rather than a program the pass does not take.
pub fn no_internal_error<T>(stage: &str, result: Result<T, String>) -> Option<T> {
    match result {
        Ok(t) => Some(t),
        Err(e) => {
            assert!(!e.contains("internal error"), "{stage}: {e}");
            None
        }
    }
}

/// The arguments, if the stream reads (and is small enough to matter).
pub fn args(input: &[u8]) -> Option<Vec<Typed>> {
    runic_eval::binary::read_all(input).ok()
}
