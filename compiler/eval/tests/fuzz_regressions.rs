//! Inputs the fuzz targets `values` and `run` (`fuzz/`) once crashed on,
//! kept in `testdata/fuzz-regressions/{values,run}/`: each must now read
//! (or fail to read) and run (or fail) without a panic, and every value
//! read must print and read back as itself.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use runic_eval::binary::read_all;
use runic_eval::text::show_value;
use runic_eval::Limits;

fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/fuzz-regressions")
        .join(target);
    let mut found: Vec<_> = std::fs::read_dir(&dir)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    found.sort();
    found
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).expect("a regression input");
            (path, bytes)
        })
        .collect()
}

#[test]
fn value_streams_read_or_fail_without_panicking() {
    for (path, bytes) in inputs("values") {
        let Ok(values) = read_all(&bytes) else {
            continue;
        };
        for typed in values {
            let text = show_value(&typed.value, Some(typed.prim));
            let again = read_all(text.as_bytes())
                .unwrap_or_else(|e| panic!("{}: `{text}` does not read back: {e}", path.display()));
            assert_eq!(again.len(), 1, "{}", path.display());
            assert_eq!(show_value(&again[0].value, Some(again[0].prim)), text);
        }
    }
}

#[test]
fn a_scalar_among_array_rows_is_no_regular_array() {
    for text in ["[[1, 2], 3]", "[[1.0], [2.0], 3.0]", "[1, [2]]"] {
        let error = read_all(text.as_bytes()).expect_err(text);
        assert!(error.contains("regular array"), "{text}: {error}");
    }
}

#[test]
fn programs_run_or_fail_without_panicking() {
    for (path, bytes) in inputs("run") {
        let (program, input) = match bytes.iter().position(|&b| b == 0) {
            Some(i) => (&bytes[..i], &bytes[i + 1..]),
            None => (&bytes[..], &[][..]),
        };
        let Ok(text) = std::str::from_utf8(program) else {
            continue;
        };
        let Ok(args) = read_all(input) else {
            continue;
        };
        let Ok(program) = runic_eval::run::load_single("fuzz.fut", text) else {
            continue;
        };
        for entry in &program.entries {
            let limits = Limits {
                steps: 20_000,
                depth: 200,
                deadline: Some(Instant::now() + Duration::from_secs(5)),
                cancel: None,
                memory: Some(64 << 20),
                ..Limits::default()
            };
            let _ = runic_eval::run::call_entry(&program, &entry.name, &args, limits);
            eprintln!("{}: ran {}", path.display(), entry.name);
        }
    }
}
