//! Runic's OpenCL back end: OpenCL C generation for the kernel IR
//! ([`codegen`]) and the runtime that runs a kernel program's host code on
//! a device through `opencl3`, loaded dynamically so that a machine
//! without OpenCL still builds and runs Runic ([`runtime`]).

pub mod codegen;
pub mod runtime;

use runic_eval::run::RunError;
use runic_eval::{Typed, Value};

pub use runic_kernels::thresholds::Tuning;
pub use runtime::device::{device_name, select_device, Device};
pub use runtime::exec::Compared;

/// The kernel program and OpenCL source of an entry point, compiled for
/// the given arguments' layouts.
pub fn compile_entry(
    src: &runic_eval::Program,
    name: &str,
    args: &[Typed],
    tuning: &Tuning,
) -> Result<Compiled, RunError> {
    // `prepare_entry` checks the arguments as the interpreter does.
    // Kernels are extracted from the fused IR: a fused chain of maps and
    // reductions becomes one kernel.
    let (core, results, flat) =
        runic_core::prepare_entry(src, name, args, runic_core::Stage::Fused)?;
    let kp = runic_kernels::compile(core).map_err(RunError::BadInput)?;
    let generated = codegen::generate(&kp).map_err(|e| {
        RunError::BadInput(format!(
            "the opencl backend cannot compile this program: {e}"
        ))
    })?;
    Ok(Compiled {
        kp,
        generated,
        results,
        args: flat,
        entry: name.to_string(),
        tuning: tuning.clone(),
    })
}

/// Benchmarks an entry point on a device (`runtime::exec::bench`): the
/// times of `runs` runs after `warmup` discarded ones, in microseconds,
/// and the last run's results.
pub fn bench_entry(
    device: &Device,
    src: &runic_eval::Program,
    (name, args): (&str, &[Typed]),
    (warmup, runs): (usize, usize),
    tuning: &Tuning,
) -> Result<Benched, RunError> {
    let compiled = compile_entry(src, name, args, tuning)?;
    let m = runtime::exec::bench(device, &compiled, warmup, runs)?;
    let values = runic_core::entry_results(src, name, &compiled.results, m.results);
    Ok(Benched {
        times: m.times,
        values,
        observed: m.observed,
    })
}

/// A benchmark's times (microseconds), the last run's results, and the
/// sizes it compared with each tunable threshold (by name, in order).
pub struct Benched {
    pub times: Vec<u128>,
    pub values: Vec<Value>,
    pub observed: Vec<Compared>,
}

/// An entry point ready to run.
pub struct Compiled {
    pub kp: runic_kernels::KernelProgram,
    pub generated: codegen::Generated,
    pub results: Vec<runic_core::internalise::Layout>,
    pub args: Vec<runic_core::eval::CVal>,
    pub entry: String,
    /// The thresholds' values this run takes.
    pub tuning: Tuning,
}

/// Runs an entry point on a device: compiled, its kernels built (or taken
/// from the cache), arguments uploaded, host code run, results read back.
pub fn call_entry(
    device: &Device,
    src: &runic_eval::Program,
    (name, args): (&str, &[Typed]),
    tuning: &Tuning,
) -> Result<(Vec<Value>, Vec<Compared>), RunError> {
    let compiled = compile_entry(src, name, args, tuning)?;
    let (out, observed) = runtime::exec::run(device, &compiled)?;
    let values = runic_core::entry_results(src, name, &compiled.results, out);
    Ok((values, observed))
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_tile;
