//! `runic test PATH...`: runs the `-- ==` test blocks of every `.fut`
//! program found (directories recursively) with the interpreter and ends
//! with the line `N passed, M failed`.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use runic_eval::random::{generate, Rng};
use runic_eval::run::RunError;
use runic_eval::testspec::{self, Case, Expected, Values};
use runic_eval::Limits;
use runic_eval::Typed;

mod structure;

use super::property::PropertyTest;
use super::run::{call_with, load, usable_backend, with_big_stack, Backend, Loaded};

/// Counts of one run.
#[derive(Default)]
pub(crate) struct Tally {
    passed: usize,
    failed: usize,
    skipped: usize,
}

impl Tally {
    pub(crate) fn fail(&mut self, what: &str, why: &str) {
        self.failed += 1;
        println!("FAIL {what}: {why}");
    }
}

/// `runic test`.
///
/// `seed` seeds the candidates of property tests (a seed from the clock
/// when `None`, printed with any counterexample).
pub fn test(
    paths: Vec<PathBuf>,
    backend: &str,
    exclude: Vec<String>,
    seed: Option<u64>,
) -> ExitCode {
    let backend = match usable_backend(backend) {
        Ok(b) => b,
        Err(code) => return code,
    };
    with_big_stack(move || {
        let mut files = Vec::new();
        for path in &paths {
            if let Err(e) = collect(path, &mut files) {
                eprintln!("runic: error: cannot read `{}`: {e}", path.display());
                return ExitCode::from(2);
            }
        }
        let mut tally = Tally::default();
        let seed = seed.unwrap_or_else(clock_seed);
        for file in &files {
            test_file(file, &exclude, backend, seed, &mut tally);
        }
        if tally.skipped > 0 {
            println!("{} skipped", tally.skipped);
        }
        println!("{} passed, {} failed", tally.passed, tally.failed);
        if tally.failed > 0 {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        }
    })
}

/// The `.fut` files under `path`, sorted.
fn collect(path: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if !path.is_dir() {
        std::fs::metadata(path)?;
        out.push(path.to_path_buf());
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for entry in entries {
        if entry.is_dir() {
            collect(&entry, out)?;
        } else if entry.extension().is_some_and(|e| e == "fut") {
            out.push(entry);
        }
    }
    Ok(())
}

/// A seed from the clock.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

fn test_file(file: &Path, exclude: &[String], backend: Backend, seed: u64, tally: &mut Tally) {
    let name = file.display().to_string();
    let Ok(text) = std::fs::read_to_string(file) else {
        tally.fail(&name, "cannot read the file");
        return;
    };
    if let Err(e) = super::gpu::load_tuning(file) {
        tally.fail(&name, &e);
        return;
    }
    let spec = testspec::parse(&text);
    for error in &spec.errors {
        tally.fail(&name, error);
    }
    // `no_interp`, `no_opencl`: off the backend named only.
    let excluded = |tags: &[String]| {
        tags.iter().any(|t| {
            t == "disable" || t == "notest" || backend.excluded_by(t) || exclude.contains(t)
        })
    };
    if excluded(&spec.tags) {
        tally.skipped += spec.cases.len();
        return;
    }
    let (plain, other): (Vec<_>, Vec<_>) =
        spec.structures.iter().partition(|s| s.pipeline.is_none());
    let (gpu, other): (Vec<_>, Vec<_>) = other
        .into_iter()
        .partition(|s| s.pipeline.as_deref() == Some("gpu"));
    let (seq_mem, other): (Vec<_>, Vec<_>) = other
        .into_iter()
        .partition(|s| s.pipeline.as_deref() == Some("seq-mem"));
    let (gpu_mem, other): (Vec<_>, Vec<_>) = other
        .into_iter()
        .partition(|s| s.pipeline.as_deref() == Some("gpu-mem"));
    if !other.is_empty() {
        println!(
            "SKIP {name}: {} structure block(s) of another pipeline",
            other.len()
        );
        tally.skipped += other.len();
    }
    if !spec.warnings.is_empty() {
        check_warnings(file, &name, &spec.warnings, tally);
    }
    if spec.cases.is_empty()
        && spec.compile_error.is_none()
        && plain.is_empty()
        && gpu.is_empty()
        && seq_mem.is_empty()
        && gpu_mem.is_empty()
        && spec.properties.is_empty()
    {
        return;
    }
    let loaded = match load(file) {
        Ok(l) => l,
        Err(e) => {
            tally.fail(&name, &e.to_string());
            return;
        }
    };
    if let Some(pattern) = &spec.compile_error {
        check_compile_error(&name, pattern, &loaded, tally);
        return;
    }
    let program = match loaded {
        Loaded::Ready(p) => p,
        Loaded::Errors { diagnostics, .. } => {
            let first = diagnostics
                .first()
                .map(|d| d.message.clone())
                .unwrap_or_default();
            tally.fail(&name, &format!("does not compile: {first}"));
            return;
        }
    };
    if !plain.is_empty() {
        structure::check(&name, &program, &plain, tally);
    }
    if !gpu.is_empty() {
        structure::check_gpu(&name, &program, &gpu, tally);
    }
    if !seq_mem.is_empty() {
        structure::check_mem(&name, &program, &seq_mem, false, tally);
    }
    if !gpu_mem.is_empty() {
        structure::check_mem(&name, &program, &gpu_mem, true, tally);
    }
    let folder = file.parent().unwrap_or(Path::new("."));
    for (i, case) in spec.cases.iter().enumerate() {
        if case.compiled_only || excluded(&case.tags) {
            tally.skipped += case.entries.len();
            continue;
        }
        for entry in &case.entries {
            let what = format!(
                "{name}:{} entry {entry} dataset {}",
                case.line,
                dataset_name(case, i)
            );
            match run_case(backend, &program, folder, case, entry, i) {
                Ok(()) => tally.passed += 1,
                Err(CaseOutcome::Skipped(why)) => {
                    println!("SKIP {what}: {why}");
                    tally.skipped += 1;
                }
                Err(CaseOutcome::Failed(why)) => tally.fail(&what, &why),
            }
        }
    }
    let attributes = super::attributes::entry_attributes(&text);
    let properties = PropertyTest {
        program: &program,
        backend,
        attributes: &attributes,
        seed,
    };
    for property in &spec.properties {
        if excluded(&property.tags) {
            tally.skipped += 1;
            continue;
        }
        let what = format!("{name}:{} property {}", property.line, property.name);
        match properties.check(&property.name) {
            Ok(()) => tally.passed += 1,
            Err(why) => tally.fail(&what, &why),
        }
    }
}

/// How a case is named in reports and lens titles: its name, its data
/// file, its random types, or `#INDEX`.
pub(crate) fn dataset_name(case: &Case, index: usize) -> String {
    if let Some(name) = &case.name {
        return format!("\"{name}\"");
    }
    match &case.input {
        Values::File(f) => f.clone(),
        Values::Random(t) => format!("random {{{}}}", t.trim()),
        _ => format!("#{index}"),
    }
}

/// `warning: REGEX` lines: the program has no errors and, for each, a
/// warning whose message matches.
fn check_warnings(file: &Path, name: &str, patterns: &[String], tally: &mut Tally) {
    let program = match super::input::Program::load(file) {
        Ok(p) => p,
        Err(e) => return tally.fail(name, &e.to_string()),
    };
    let diagnostics = runic_queries::file_diagnostics(program.workspace.db(), program.file);
    if super::diagnostics::has_errors(diagnostics) {
        return tally.fail(name, "expected warnings, but the program has errors");
    }
    for pattern in patterns {
        let warned = diagnostics.iter().any(|d| {
            d.severity == runic_queries::Severity::Warning && matches(pattern, &d.message)
        });
        if warned {
            tally.passed += 1;
        } else {
            tally.fail(name, &format!("expected a warning matching `{pattern}`"));
        }
    }
}

fn check_compile_error(name: &str, pattern: &str, loaded: &Loaded, tally: &mut Tally) {
    match loaded {
        Loaded::Errors { diagnostics, .. } => {
            if diagnostics.iter().any(|d| matches(pattern, &d.message)) {
                tally.passed += 1;
            } else {
                let got: Vec<&str> = diagnostics.iter().map(|d| d.message.as_str()).collect();
                tally.fail(
                    name,
                    &format!(
                        "expected a compile error matching `{pattern}`, got: {}",
                        got.join(" / ")
                    ),
                );
            }
        }
        Loaded::Ready(_) => tally.fail(
            name,
            &format!("expected a compile error matching `{pattern}`, but the program compiles"),
        ),
    }
}

/// Whether `text` matches the regex `pattern` anywhere, `.` matching
/// newlines too as in `futhark test` (a message's parts are on several
/// lines); a pattern that is not a valid regex is looked for as plain text.
pub(crate) fn matches(pattern: &str, text: &str) -> bool {
    match regex::Regex::new(&format!("(?s){pattern}")) {
        Ok(re) => re.is_match(text),
        Err(_) => text.contains(pattern),
    }
}

/// Why a case did not pass.
pub(crate) enum CaseOutcome {
    Failed(String),
    Skipped(String),
}

fn read_values(folder: &Path, values: &Values, seed: u64) -> Result<Vec<Typed>, CaseOutcome> {
    let failed = |e: String| CaseOutcome::Failed(e);
    match values {
        Values::Inline(text) => runic_eval::binary::read_all(text.as_bytes())
            .map_err(|e| failed(format!("bad values: {e}"))),
        Values::File(path) => {
            let bytes = read_data_file(folder, path).map_err(failed)?;
            runic_eval::binary::read_all(&bytes)
                .map_err(|e| failed(format!("bad values in `{path}`: {e}")))
        }
        Values::Random(types) => generate(types, &mut Rng::new(seed)).map_err(failed),
        Values::Script(_) => Err(CaseOutcome::Skipped(
            "script inputs are not supported yet".into(),
        )),
    }
}

/// The bytes of a data file; a `.gz` file is decompressed (gzip, as
/// `futhark test` accepts it).
fn read_data_file(folder: &Path, path: &str) -> Result<Vec<u8>, String> {
    let bytes =
        std::fs::read(folder.join(path)).map_err(|e| format!("cannot read `{path}`: {e}"))?;
    if !path.ends_with(".gz") {
        return Ok(bytes);
    }
    let mut text = Vec::new();
    flate2::read::MultiGzDecoder::new(&bytes[..])
        .read_to_end(&mut text)
        .map_err(|e| format!("cannot decompress `{path}` (gzip): {e}"))?;
    Ok(text)
}

/// The input values of the case at `index` (random ones seeded by the
/// index); data files are read relative to `folder`.
pub(crate) fn case_input(
    folder: &Path,
    case: &Case,
    index: usize,
) -> Result<Vec<Typed>, CaseOutcome> {
    read_values(folder, &case.input, 0x5eed + index as u64)
}

fn run_case(
    backend: Backend,
    program: &runic_eval::Program,
    folder: &Path,
    case: &Case,
    entry: &str,
    index: usize,
) -> Result<(), CaseOutcome> {
    let input = case_input(folder, case, index)?;
    let limits = Limits {
        memory: Some(super::DEFAULT_MEMORY_MIB << 20),
        ..Limits::default()
    };
    let result = call_with(backend, program, entry, &input, limits).0;
    judge(folder, &case.expected, result)
}

/// Whether a run's result is what the case expects.
pub(crate) fn judge(
    folder: &Path,
    expected: &Expected,
    result: Result<Vec<runic_eval::value::Value>, RunError>,
) -> Result<(), CaseOutcome> {
    match (expected, result) {
        (Expected::Output(values), Ok(got)) => {
            let expected = read_values(folder, values, 0)?;
            match runic_eval::compare::first_mismatch(&got, &expected) {
                None => Ok(()),
                Some(why) => Err(CaseOutcome::Failed(why)),
            }
        }
        (Expected::Success, Ok(_)) => Ok(()),
        (Expected::Error(pattern), Ok(_)) => Err(CaseOutcome::Failed(format!(
            "expected an error matching `{pattern}`, but it ran successfully"
        ))),
        (Expected::Error(pattern), Err(RunError::Runtime(e))) => {
            if matches(pattern, &e.message) || matches(pattern, &e.to_string()) {
                Ok(())
            } else {
                Err(CaseOutcome::Failed(format!(
                    "expected an error matching `{pattern}`, got: {}",
                    e.message
                )))
            }
        }
        (_, Err(e)) => Err(CaseOutcome::Failed(e.to_string().replace('\n', "\n    "))),
    }
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn expected_error_patterns_span_lines_as_in_futhark_test() {
        let message = "Return value for loop parameter \"acc\" aliases \"other\".\n\nFor more information, see:\n  https://example/error-index.html#consuming-loop-param-aliases";
        assert!(matches(
            "aliases \"other\".*consuming-loop-param-aliases",
            message
        ));
        assert!(!matches("aliases \"another\"", message));
        // Not a valid regex: looked for as text.
        assert!(matches("\"acc\" aliases (", "x \"acc\" aliases ( y"));
    }
}
