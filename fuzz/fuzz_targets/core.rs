//! Fuzz target `core`: the middle end (internalisation, simplification,
//! fusion, the IR checker after each pass) and the core evaluator never
//! panic on checked programs. The core evaluator has no step limit, so
//! it runs only entry points the interpreter finished within its limits.
//! Input: a program, then optionally NUL and the arguments (see `common`).

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Some((text, input)) = common::split(data) else {
        return;
    };
    let Some(args) = common::args(input) else {
        return;
    };
    let Some(program) = common::load(text) else {
        return;
    };
    for entry in common::entries(&program, &args) {
        // Compiling alone, for the declared layouts (what `runic ir` does).
        if let Ok(layouts) = runic_core::declared_layouts(&program, entry) {
            common::no_internal_error(
                "core",
                runic_core::compile_entry(&program, entry, &layouts),
            );
        }
        let interpreted = runic_eval::run::call_entry(&program, entry, &args, common::limits());
        if interpreted.is_ok() {
            // The core evaluator compiles for the arguments' layouts.
            if let Err(e) = runic_core::call_entry(&program, entry, &args) {
                assert!(!e.to_string().contains("internal error"), "core: {e}");
            }
        }
    }
});
