//! `runic bench FILE [-e ENTRY] [--backend B] [--runs N] [--json FILE]
//! [--exclude TAG]`:
//! runs the datasets of a program's `-- ==` blocks (inline values, data
//! files, `random input { [1000]f32 }` generated as `futhark dataset`
//! does) several times after a warm-up run, and prints per dataset the
//! median time and its spread. As `futhark bench` measures, on the OpenCL
//! backend a run's time leaves out building the program, uploading the
//! arguments and downloading the results; the interpreters' times are of
//! whole calls. `--json` writes `futhark bench`'s JSON: per program (the
//! file, `FILE:ENTRY` for an entry point other than `main`) its datasets,
//! each with `runtimes` in microseconds, `bytes` and `stderr`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use runic_eval::run::RunError;
use runic_eval::testspec::{self, Case, Values};
use runic_eval::{Limits, Typed, Value};

use super::run::{call_with, load, usable_backend, with_big_stack, Backend, Loaded};
use super::test::{case_input, judge, CaseOutcome};

/// What `runic bench` was asked.
pub struct BenchOptions {
    pub file: PathBuf,
    pub entry: Option<String>,
    pub backend: String,
    pub runs: usize,
    pub warmup: usize,
    pub json: Option<PathBuf>,
    /// Cases with any of these tags are left out.
    pub exclude: Vec<String>,
}

/// The measurements of one dataset.
struct Measured {
    runtimes: Vec<u128>,
}

/// `runic bench`.
pub fn bench(options: BenchOptions) -> ExitCode {
    let backend = match usable_backend(&options.backend) {
        Ok(Backend::Auto) if super::gpu::available() => Backend::OpenCl,
        Ok(Backend::Auto) => Backend::Interp,
        Ok(b) => b,
        Err(code) => return code,
    };
    with_big_stack(move || bench_file(&options, backend))
}

fn bench_file(options: &BenchOptions, backend: Backend) -> ExitCode {
    let file = &options.file;
    let name = file.display().to_string();
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("runic: error: cannot read `{name}`: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = super::gpu::load_tuning(file) {
        eprintln!("runic: error: {e}");
        return ExitCode::from(2);
    }
    let spec = testspec::parse(&text);
    let program = match load(file) {
        Ok(Loaded::Ready(p)) => p,
        Ok(Loaded::Errors { diagnostics, .. }) => {
            let first = diagnostics.first().map(|d| d.message.clone());
            eprintln!(
                "runic: error: `{name}` does not compile: {}",
                first.unwrap_or_default()
            );
            return ExitCode::FAILURE;
        }
        Err(e) => return e.report(),
    };
    if backend == Backend::OpenCl {
        match super::gpu::device_name() {
            Ok(d) => println!("{name} on {d} (opencl):"),
            Err(e) => {
                eprintln!("runic: error: {e}");
                return ExitCode::from(2);
            }
        }
    } else {
        println!("{name} ({}):", backend.name());
    }
    let skipped = |tags: &[String]| {
        tags.iter().any(|t| {
            t == "disable"
                || t == "nobench"
                || backend.excluded_by(t)
                || options.exclude.contains(t)
        })
    };
    if skipped(&spec.tags) {
        println!("  skipped (tags)");
        return ExitCode::SUCCESS;
    }
    let folder = file.parent().unwrap_or(Path::new("."));
    // Program key, then dataset name, then measurements.
    let mut results: BTreeMap<String, Vec<(String, Measured)>> = BTreeMap::new();
    let mut failed = false;
    for (i, case) in spec.cases.iter().enumerate() {
        if skipped(&case.tags) {
            continue;
        }
        let entries = case
            .entries
            .iter()
            .filter(|e| options.entry.as_ref().is_none_or(|w| w == *e));
        for entry in entries {
            let dataset = dataset_key(case, i);
            let key = if entry == "main" {
                name.clone()
            } else {
                format!("{name}:{entry}")
            };
            match bench_case(options, backend, &program, folder, case, entry, i) {
                Ok(m) => {
                    println!("  {}", summary(entry, &dataset, &m.runtimes));
                    results.entry(key).or_default().push((dataset, m));
                }
                Err(why) => {
                    failed = true;
                    println!("  {entry} {dataset}: FAILED: {why}");
                }
            }
        }
    }
    if let Some(path) = &options.json {
        if let Err(e) = std::fs::write(path, json(&results)) {
            eprintln!("runic: error: cannot write `{}`: {e}", path.display());
            return ExitCode::from(2);
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// A dataset's name as `futhark bench` gives it: the case's name, its
/// data file, its random types, or `#INDEX`.
pub(super) fn dataset_key(case: &Case, index: usize) -> String {
    if let Some(name) = &case.name {
        return name.clone();
    }
    match &case.input {
        Values::File(f) => f.clone(),
        Values::Random(t) => t.split_whitespace().collect::<Vec<_>>().join(" "),
        _ => format!("#{index}"),
    }
}

/// Warm-up, then the timed runs of one entry point on one dataset; the
/// last run's results are checked against the case's expected output.
fn bench_case(
    options: &BenchOptions,
    backend: Backend,
    program: &runic_eval::Program,
    folder: &Path,
    case: &Case,
    entry: &str,
    index: usize,
) -> Result<Measured, String> {
    let input = case_input(folder, case, index).map_err(|o| match o {
        CaseOutcome::Failed(why) | CaseOutcome::Skipped(why) => why,
    })?;
    let runs = options.runs.max(1);
    let (runtimes, last) = if backend == Backend::OpenCl {
        let b = super::gpu::bench(program, entry, &input, options.warmup, runs)
            .map_err(|e| e.to_string())?;
        (b.times, b.values)
    } else {
        timed_calls(backend, program, entry, &input, options.warmup, runs)?
    };
    // Random inputs have no expected output to check.
    if !matches!(case.input, Values::Random(_)) {
        judge(folder, &case.expected, Ok(last)).map_err(|o| match o {
            CaseOutcome::Failed(why) | CaseOutcome::Skipped(why) => why,
        })?;
    }
    Ok(Measured { runtimes })
}

/// Whole calls of the interpreter or the core IR's evaluator, timed.
fn timed_calls(
    backend: Backend,
    program: &runic_eval::Program,
    entry: &str,
    input: &[Typed],
    warmup: usize,
    runs: usize,
) -> Result<(Vec<u128>, Vec<Value>), String> {
    let mut times = Vec::new();
    let mut last = Vec::new();
    for k in 0..warmup + runs {
        let limits = Limits {
            memory: Some(super::DEFAULT_MEMORY_MIB << 20),
            ..Limits::default()
        };
        let start = Instant::now();
        let result: Result<_, RunError> = call_with(backend, program, entry, input, limits).0;
        let elapsed = start.elapsed().as_micros();
        last = result.map_err(|e| e.to_string())?;
        if k >= warmup {
            times.push(elapsed);
        }
    }
    Ok((times, last))
}

/// The median of some times.
pub fn median(times: &[u128]) -> u128 {
    let mut sorted = times.to_vec();
    sorted.sort_unstable();
    match sorted.len() {
        0 => 0,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
    }
}

/// One line: median, the range of the runs and the relative standard
/// deviation.
fn summary(entry: &str, dataset: &str, times: &[u128]) -> String {
    let min = times.iter().min().copied().unwrap_or(0);
    let max = times.iter().max().copied().unwrap_or(0);
    let n = times.len().max(1) as f64;
    let mean = times.iter().sum::<u128>() as f64 / n;
    let var = times
        .iter()
        .map(|t| (*t as f64 - mean).powi(2))
        .sum::<f64>()
        / n;
    let rsd = if mean > 0.0 {
        var.sqrt() / mean * 100.0
    } else {
        0.0
    };
    format!(
        "{entry} {dataset}: {}μs median ({min}μs .. {max}μs, rsd {rsd:.1}%, {} runs)",
        median(times),
        times.len()
    )
}

/// `futhark bench --json`'s shape.
fn json(results: &BTreeMap<String, Vec<(String, Measured)>>) -> String {
    let programs: serde_json::Map<String, serde_json::Value> = results
        .iter()
        .map(|(program, datasets)| {
            let sets: serde_json::Map<String, serde_json::Value> = datasets
                .iter()
                .map(|(name, m)| {
                    (
                        name.clone(),
                        serde_json::json!({
                            "runtimes": m.runtimes,
                            "bytes": {},
                            "stderr": "",
                        }),
                    )
                })
                .collect();
            (
                program.clone(),
                serde_json::json!({ "datasets": serde_json::Value::Object(sets) }),
            )
        })
        .collect();
    let mut text = serde_json::to_string_pretty(&serde_json::Value::Object(programs))
        .unwrap_or_else(|_| "{}".into());
    text.push('\n');
    text
}
