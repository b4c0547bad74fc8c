//! Inputs the fuzz targets `core` and `kernels` (`fuzz/`) once found a
//! bug with, kept in `testdata/fuzz-regressions/core/` as the targets
//! take them (a program, then optionally a NUL byte and its arguments):
//! each entry point compiles for its declared layouts without an internal
//! error, and where the interpreter runs it on the arguments the core IR's
//! evaluator gives the same values.

use std::path::Path;
use std::time::{Duration, Instant};

use runic_eval::binary::read_all;
use runic_eval::run::{call_entry, load_single};
use runic_eval::text::show_value;
use runic_eval::Limits;

fn limits() -> Limits {
    Limits {
        steps: 1_000_000,
        depth: 200,
        deadline: Some(Instant::now() + Duration::from_secs(10)),
        cancel: None,
        memory: Some(256 << 20),
        ..Limits::default()
    }
}

fn show(values: &[runic_eval::value::Value]) -> Vec<String> {
    values.iter().map(|v| show_value(v, None)).collect()
}

#[test]
fn core_regressions_compile_and_agree_with_the_interpreter() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/fuzz-regressions/core");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("testdata/fuzz-regressions/core")
        .flatten()
        .map(|e| e.path())
        .collect();
    paths.sort();
    assert!(!paths.is_empty());
    for path in paths {
        let bytes = std::fs::read(&path).expect("a regression input");
        let (text, input) = match bytes.iter().position(|&b| b == 0) {
            Some(i) => (&bytes[..i], &bytes[i + 1..]),
            None => (&bytes[..], &[][..]),
        };
        let name = path.display();
        let text = std::str::from_utf8(text).expect("UTF-8");
        let program = load_single("fuzz.fut", text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let args = read_all(input).unwrap_or_else(|e| panic!("{name}: {e}"));
        for entry in &program.entries {
            let layouts = runic_core::declared_layouts(&program, &entry.name);
            if let Ok(layouts) = layouts {
                if let Err(e) = runic_core::compile_entry(&program, &entry.name, &layouts) {
                    assert!(!e.contains("internal error"), "{name}: {e}");
                }
            }
            let Ok(expected) = call_entry(&program, &entry.name, &args, limits()) else {
                continue;
            };
            let got = runic_core::call_entry(&program, &entry.name, &args)
                .unwrap_or_else(|e| panic!("{name}: the core IR fails: {e}"));
            assert_eq!(show(&got), show(&expected), "{name}");
        }
    }
}
