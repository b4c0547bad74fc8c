//! Fuzz target `run`: checked programs run in the interpreter under small
//! step, depth, time and memory limits never panic (errors are values).
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
        if let Ok(values) = runic_eval::run::call_entry(&program, entry, &args, common::limits()) {
            let _ = runic_eval::run::show_results(&program, entry, &values);
        }
    }
});
