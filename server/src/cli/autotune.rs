//! `runic autotune FILE`: the thresholds of the incremental flattening's
//! versions (`runic_kernels::thresholds`) chosen by timing the datasets of
//! the program's test blocks on the OpenCL device, written to
//! `FILE.tuning` in Futhark's format, which `run`, `test` and `bench`
//! then read.
//!
//! One threshold at a time, in the order the runs first compare with
//! them: its candidates are the sizes the datasets compared with it
//! (`size >= T` holds for exactly the datasets at or above each) and
//! "never"; every dataset runs under each candidate and the smallest sum
//! of medians wins, the smaller value on a tie, so the same timings give
//! the same file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use runic_eval::testspec;
use runic_eval::Typed;
use runic_opencl::{Compared, Tuning};

use super::run::{load, with_big_stack, Loaded};
use super::test::{case_input, CaseOutcome};

/// `runic autotune`'s options.
pub struct AutotuneOptions {
    pub file: PathBuf,
    pub runs: usize,
    /// Cases with any of these tags are left out.
    pub exclude: Vec<String>,
}

/// The value that makes a threshold's comparison never hold.
const NEVER: i64 = i64::MAX;

/// `runic autotune`.
pub fn autotune(options: AutotuneOptions) -> ExitCode {
    with_big_stack(move || match tune(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("runic: error: {e}");
            ExitCode::FAILURE
        }
    })
}

/// A dataset to time: its entry point, its name and its input.
struct Dataset {
    entry: String,
    name: String,
    input: Vec<Typed>,
}

fn tune(options: &AutotuneOptions) -> Result<(), String> {
    let file = &options.file;
    let name = file.display().to_string();
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read `{name}`: {e}"))?;
    let program = match load(file) {
        Ok(Loaded::Ready(p)) => p,
        Ok(Loaded::Errors { .. }) => return Err(format!("`{name}` does not compile")),
        Err(_) => return Err(format!("cannot load `{name}`")),
    };
    let device = super::gpu::device_name().map_err(|e| e.to_string())?;
    println!("{name} on {device}: tuning");
    let datasets = datasets(file, &text, &options.exclude)?;
    if datasets.is_empty() {
        return Err(format!("`{name}` has no datasets to tune with"));
    }
    let time = |tuning: &Tuning| -> Result<(u128, Vec<Vec<Compared>>), String> {
        super::gpu::set_tuning(tuning.clone());
        let mut total = 0;
        let mut seen = Vec::new();
        for d in &datasets {
            let b = super::gpu::bench(&program, &d.entry, &d.input, 1, options.runs.max(1))
                .map_err(|e| format!("{} {}: {e}", d.entry, d.name))?;
            total += median(&b.times);
            seen.push(b.observed);
        }
        Ok((total, seen))
    };
    let mut tuning = Tuning::default();
    let mut done: Vec<String> = Vec::new();
    // The comparisons of the runs under the values chosen so far.
    let (_, mut seen) = time(&tuning)?;
    while let Some(next) = seen
        .iter()
        .flatten()
        .map(|c| c.name.clone())
        .find(|n| !done.contains(n))
    {
        let mut candidates: Vec<i64> = seen
            .iter()
            .flatten()
            .filter(|c| c.name == next)
            .map(|c| c.size)
            .collect();
        candidates.push(NEVER);
        candidates.sort_unstable();
        candidates.dedup();
        let mut best: Option<(u128, i64, Vec<Vec<Compared>>)> = None;
        for c in candidates {
            let mut trial = tuning.clone();
            trial.values.insert(next.clone(), c);
            let (total, trial_seen) = time(&trial)?;
            println!(
                "  {next} = {c}: {total} us over {} datasets",
                datasets.len()
            );
            if best.as_ref().is_none_or(|(t, _, _)| total < *t) {
                best = Some((total, c, trial_seen));
            }
        }
        let (_, value, best_seen) = best.expect("a threshold has a candidate");
        tuning.values.insert(next.clone(), value);
        seen = best_seen;
        done.push(next);
    }
    report(&datasets, &tuning, &seen);
    let out = super::gpu::tuning_path(file);
    std::fs::write(&out, tuning.to_text())
        .map_err(|e| format!("cannot write `{}`: {e}", out.display()))?;
    println!("wrote {}", out.display());
    Ok(())
}

/// The datasets of the program's test blocks with an input, tags not
/// excluded.
fn datasets(file: &Path, text: &str, exclude: &[String]) -> Result<Vec<Dataset>, String> {
    let spec = testspec::parse(text);
    let folder = file.parent().unwrap_or(Path::new("."));
    let skipped = |tags: &[String]| {
        tags.iter()
            .any(|t| t == "disable" || t == "notune" || exclude.contains(t))
    };
    let mut out = Vec::new();
    for (i, case) in spec.cases.iter().enumerate() {
        if skipped(&case.tags) || skipped(&spec.tags) {
            continue;
        }
        let input = case_input(folder, case, i).map_err(|o| match o {
            CaseOutcome::Failed(why) | CaseOutcome::Skipped(why) => why,
        })?;
        for entry in &case.entries {
            out.push(Dataset {
                entry: entry.clone(),
                name: super::bench::dataset_key(case, i),
                input: input.clone(),
            });
        }
    }
    Ok(out)
}

/// Which version each dataset takes at each threshold, by the final
/// values.
fn report(datasets: &[Dataset], tuning: &Tuning, seen: &[Vec<Compared>]) {
    let mut lines: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (d, seen) in datasets.iter().zip(seen) {
        for c in seen {
            let side = if c.chosen {
                "first version"
            } else {
                "second version"
            };
            lines.entry(c.name.clone()).or_default().push(format!(
                "    {} {}: size {}, {side}",
                d.entry, d.name, c.size
            ));
        }
    }
    for (name, value) in &tuning.values {
        println!("  {name}={value}");
        for l in lines.get(name).into_iter().flatten() {
            println!("{l}");
        }
    }
}

fn median(times: &[u128]) -> u128 {
    let mut t = times.to_vec();
    t.sort_unstable();
    t.get(t.len() / 2).copied().unwrap_or(0)
}
