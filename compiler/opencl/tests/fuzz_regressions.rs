//! Inputs the fuzz target `kernels` (`fuzz/`) once found a bug with, kept
//! in `testdata/fuzz-regressions/kernels/` as the target takes them (a
//! program, then optionally a NUL byte and values it ignores): every entry
//! point compiles to kernels and to OpenCL C without an internal error.

use std::path::Path;

#[test]
fn kernel_regressions_generate_opencl_without_an_internal_error() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/fuzz-regressions/kernels");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("testdata/fuzz-regressions/kernels")
        .flatten()
        .map(|e| e.path())
        .collect();
    paths.sort();
    assert!(!paths.is_empty());
    for path in paths {
        let bytes = std::fs::read(&path).expect("a regression input");
        let text = bytes.split(|&b| b == 0).next().unwrap_or_default();
        let name = path.display();
        let text = std::str::from_utf8(text).expect("UTF-8");
        let program = runic_eval::run::load_single("fuzz.fut", text)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        for entry in &program.entries {
            let layouts = runic_core::declared_layouts(&program, &entry.name)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let compiled = runic_core::compile_entry_to(
                &program,
                &entry.name,
                &layouts,
                runic_core::Stage::Fused,
            )
            .unwrap_or_else(|e| panic!("{name}: {e}"));
            let kp =
                runic_kernels::compile(compiled.program).unwrap_or_else(|e| panic!("{name}: {e}"));
            if let Err(e) = runic_opencl::codegen::generate(&kp) {
                assert!(!e.contains("internal error"), "{name}: {e}");
            }
        }
    }
}
