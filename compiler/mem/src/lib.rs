//! Runic's memory IR (seed 004 chapters 3 to 6): every array of a
//! program in a memory block at an LMAD index function ([`lmad`]), with
//! explicit allocations ([`ir`]). [`build`] makes it from the core IR
//! (the sequential pipeline, `structure seq-mem`) or from the core
//! program the kernel extraction starts from (`structure gpu-mem`);
//! [`plan`] decides which arrays are built directly in the memory of the
//! array they end up in (short-circuiting); [`check`] checks the result,
//! [`print`] prints it (`runic ir --stage mem`), [`metrics`] counts its
//! constructs.
//!
//! Dependencies go one way: this crate reads `runic-core` and
//! `runic-kernels`, never the reverse. Like every compiler crate it does
//! no IO.

pub mod build;
pub mod check;
pub mod dead;
pub mod iota;
pub mod ir;
pub mod lmad;
pub mod maps;
pub mod metrics;
pub mod overlap;
pub mod plan;
pub mod print;

pub use ir::MemProgram;

/// The memory program of a fused core program in the sequential
/// pipeline (calls of non-recursive functions inlined as in the GPU
/// pipeline, functions no longer called dropped), checked.
pub fn seq(mut core: runic_core::Program) -> Result<MemProgram, String> {
    runic_kernels::inline::program(&mut core);
    dead::remove(&mut core);
    checked(build::program(core, ir::Space::Host, true))
}

/// The memory program of the GPU pipeline: built from the core program
/// kernel extraction works on (after its inlining, functions no longer
/// called dropped), arrays in device memory, checked.
pub fn gpu(mut core: runic_core::Program) -> Result<MemProgram, String> {
    runic_kernels::inline::program(&mut core);
    dead::remove(&mut core);
    checked(build::program(core, ir::Space::Device, true))
}

fn checked(p: MemProgram) -> Result<MemProgram, String> {
    check::program(&p).map_err(|e| format!("internal error: the memory IR is invalid: {e}"))?;
    Ok(p)
}

#[cfg(test)]
mod tests;
