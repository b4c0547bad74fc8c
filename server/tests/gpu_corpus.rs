//! The run corpus (`testdata/run`, every directory) through `runic test
//! --backend opencl`: no failures. Programs or cases tagged `no_opencl`
//! (with the reason beside the tag) are skipped by `runic test` itself.
//! The directories are dealt round-robin into [`PARTS`] tests, which
//! `cargo test` runs in parallel (on PoCL with a cold kernel cache the
//! whole corpus takes minutes of CPU). Skipped, with a notice, only where
//! no OpenCL platform exists at all (CI installs PoCL, so it runs there).

use std::path::{Path, PathBuf};
use std::process::Command;

/// How many tests share the corpus.
const PARTS: usize = 4;

/// The directories of `testdata/run` of part `k`, sorted; each directory
/// is in exactly one part.
fn part(k: usize) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/run");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("testdata/run")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .map(|p| Path::new("testdata/run").join(p.file_name().unwrap()))
        .collect();
    dirs.sort();
    dirs.into_iter().skip(k).step_by(PARTS).collect()
}

fn corpus_part_passes_on_opencl(k: usize) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let dirs = part(k);
    assert!(!dirs.is_empty(), "part {k} of testdata/run is empty");
    let output = Command::new(env!("CARGO_BIN_EXE_runic"))
        .args(["test", "--backend", "opencl"])
        .args(&dirs)
        .current_dir(&root)
        .output()
        .expect("run the runic binary");
    let stderr = String::from_utf8_lossy(&output.stderr);
    if stderr.contains("no OpenCL device is available") {
        eprintln!("note: no OpenCL platform; skipping the run corpus on OpenCL");
        return;
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let last = stdout.lines().last().unwrap_or_default();
    assert!(
        last.ends_with(" 0 failed") && !last.starts_with("0 passed"),
        "runic test --backend opencl {dirs:?}: {last}\n{stdout}{stderr}"
    );
    assert!(output.status.success(), "{stdout}");
}

#[test]
fn run_corpus_part_0_passes_on_opencl() {
    corpus_part_passes_on_opencl(0);
}

#[test]
fn run_corpus_part_1_passes_on_opencl() {
    corpus_part_passes_on_opencl(1);
}

#[test]
fn run_corpus_part_2_passes_on_opencl() {
    corpus_part_passes_on_opencl(2);
}

#[test]
fn run_corpus_part_3_passes_on_opencl() {
    corpus_part_passes_on_opencl(3);
}

/// Runs `runic bench` on a program of bench/ (small datasets only) and
/// gives its stdout and the JSON it wrote; `None` where OpenCL is asked
/// for and no platform exists.
fn bench(backend: &str, program: &str) -> Option<(String, serde_json::Value)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let json =
        std::env::temp_dir().join(format!("runic-bench-{backend}-{}.json", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_runic"))
        .args(["bench", "--backend", backend, "-r", "3"])
        .args(["--exclude-case", "notest", "--json"])
        .arg(&json)
        .arg(program)
        .current_dir(&root)
        .output()
        .expect("run the runic binary");
    let stderr = String::from_utf8_lossy(&output.stderr);
    if stderr.contains("no OpenCL device is available") {
        eprintln!("note: no OpenCL platform; skipping the benchmark on it");
        return None;
    }
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(output.status.success(), "{stdout}{stderr}");
    let text = std::fs::read_to_string(&json).expect("the JSON file");
    let _ = std::fs::remove_file(&json);
    Some((stdout, serde_json::from_str(&text).expect("valid JSON")))
}

/// `futhark bench`'s JSON: program, `datasets`, dataset name, `runtimes`
/// (one per run, microseconds).
fn assert_bench_json(json: &serde_json::Value, program: &str, datasets: &[&str]) {
    let sets = &json[program]["datasets"];
    for name in datasets {
        let runtimes = sets[name]["runtimes"]
            .as_array()
            .unwrap_or_else(|| panic!("no runtimes for {program} {name}: {json}"));
        assert_eq!(runtimes.len(), 3, "{json}");
        assert!(runtimes.iter().all(|t| t.as_u64().is_some()), "{json}");
        assert!(sets[name]["stderr"].is_string(), "{json}");
    }
    assert_eq!(sets.as_object().map(|o| o.len()), Some(datasets.len()));
}

#[test]
fn bench_times_the_datasets_on_opencl_in_futhark_bench_json() {
    let Some((stdout, json)) = bench("opencl", "bench/sum.fut") else {
        return;
    };
    assert!(stdout.contains("(opencl):"), "{stdout}");
    assert!(stdout.contains("median"), "{stdout}");
    assert_bench_json(&json, "bench/sum.fut", &["#0", "[1000]f32"]);
}

#[test]
fn bench_times_the_interpreter_too() {
    let (stdout, json) = bench("interp", "bench/prefix_sum.fut").expect("no device needed");
    assert!(
        stdout.contains("bench/prefix_sum.fut (interp):"),
        "{stdout}"
    );
    assert_bench_json(&json, "bench/prefix_sum.fut", &["#0", "[1000]i32"]);
}
