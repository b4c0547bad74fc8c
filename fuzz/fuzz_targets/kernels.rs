//! Fuzz target `kernels`: the GPU back end as text, no device needed
//! (what `runic ir --stage kernels|opencl` does): each entry point of a
//! checked program compiled to the fused core IR for its declared layouts,
//! then kernel extraction, the kernel IR checker (debug assertions are on),
//! the kernel IR's printer and OpenCL C generation. Refusals are fine; a
//! panic or an IR checker's complaint is a finding.
//! Input: as `run` (see `common`); the value stream is ignored.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Some((text, _)) = common::split(data) else {
        return;
    };
    let Some(program) = common::load(text) else {
        return;
    };
    for entry in common::all_entries(&program) {
        let Ok(layouts) = runic_core::declared_layouts(&program, entry) else {
            continue;
        };
        let compiled = runic_core::compile_entry_to(
            &program,
            entry,
            &layouts,
            runic_core::Stage::Fused,
        );
        let Some(compiled) = common::no_internal_error("core", compiled) else {
            continue;
        };
        let Some(kp) = common::no_internal_error("kernels", runic_kernels::compile(compiled.program))
        else {
            continue;
        };
        let _ = runic_kernels::print::program(&kp);
        let generated = runic_opencl::codegen::generate(&kp);
        if common::no_internal_error("opencl", generated).is_some() {
            for f in &kp.funs {
                let _ = runic_kernels::print::host_fun(&kp, f);
            }
        }
    }
});
