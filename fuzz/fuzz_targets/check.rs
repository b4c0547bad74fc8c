//! Fuzz target `check`: any UTF-8 text, parsed (errors and all) and
//! checked against the prelude, gives diagnostics without panicking, each
//! inside the input.

#![no_main]

use libfuzzer_sys::fuzz_target;

/// Imports that find nothing but say `cycle.fut` leads back to the file.
struct FuzzImports;

impl runic_sema::Imports for FuzzImports {
    fn import(&self, _path: &str) -> Option<std::sync::Arc<runic_sema::env::ModEnv>> {
        None
    }

    fn cycle(&self, path: &str) -> Option<Vec<String>> {
        (path == "cycle").then(|| vec!["fuzz.fut".into(), "cycle.fut".into(), "fuzz.fut".into()])
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parse = runic_syntax::parse(text);
    let prelude = runic_sema::Prelude::builtin();
    let checked = runic_sema::check_program(&parse.syntax(), &prelude, &FuzzImports);
    for d in &checked.diagnostics {
        assert!(
            u32::from(d.range.end()) as usize <= text.len(),
            "diagnostic {:?} past the end: {}",
            d.range,
            d.message
        );
    }
});
