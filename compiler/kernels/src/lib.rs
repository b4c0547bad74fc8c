//! Kernel extraction for Runic's GPU back end: from the core SOAC IR
//! (`runic-core`) to the kernel IR ([`ir`]): grid-level segmented
//! operations, single-thread kernels for what has no parallel form yet,
//! and host code that launches them. [`extract`] is the pass, [`print`]
//! the printer (`runic ir --stage kernels`), [`check`] the checker.
//!
//! Like every compiler crate it does no IO.

pub mod check;
pub mod extract;
pub mod feed;
pub mod free;
pub mod group;
pub mod inline;
pub mod ir;
pub mod metrics;
pub mod migrate;
pub mod print;
pub mod thresholds;
pub mod tile;
pub mod views;

pub use ir::KernelProgram;

/// The kernel program of a core program, checked in debug builds.
pub fn compile(mut core: runic_core::Program) -> Result<KernelProgram, String> {
    inline::program(&mut core);
    let mut program = extract::program(core);
    views::program(&mut program);
    migrate::program(&mut program);
    thresholds::retain_used(&mut program);
    tile::program(&mut program);
    if cfg!(debug_assertions) {
        check::program(&program)
            .map_err(|e| format!("internal error: the kernel IR is invalid: {e}"))?;
    }
    Ok(program)
}
