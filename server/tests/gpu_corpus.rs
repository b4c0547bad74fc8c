//! The GPU corpus (`testdata/run/gpu`) through `runic test --backend
//! opencl`: no failures. Skipped, with a notice, only where no OpenCL
//! platform exists at all (CI installs PoCL, so it runs there).

use std::path::Path;
use std::process::Command;

#[test]
fn gpu_corpus_passes_on_opencl() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let output = Command::new(env!("CARGO_BIN_EXE_runic"))
        .args(["test", "--backend", "opencl", "testdata/run/gpu"])
        .current_dir(&root)
        .output()
        .expect("run the runic binary");
    let stderr = String::from_utf8_lossy(&output.stderr);
    if stderr.contains("no OpenCL device is available") {
        eprintln!("note: no OpenCL platform; skipping the GPU corpus");
        return;
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let last = stdout.lines().last().unwrap_or_default();
    assert!(
        last.ends_with(" 0 failed") && !last.starts_with("0 passed"),
        "runic test --backend opencl testdata/run/gpu: {last}\n{stdout}{stderr}"
    );
    assert!(output.status.success(), "{stdout}");
}
