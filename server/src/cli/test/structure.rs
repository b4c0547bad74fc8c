//! `structure { NAME COUNT ... }` blocks: the program's entry points are
//! compiled down to the fused core IR and the constructs counted as
//! `futhark test` counts them (`runic_core::metrics`); each block passes
//! when every named count matches (a name that does not occur counts 0).
//! `structure gpu { ... }` blocks count the kernel IR's constructs
//! (`runic_kernels::metrics`).

use runic_core::metrics::Metrics;
use runic_core::Stage;
use runic_eval::testspec::Structure;

use super::Tally;

/// Checks the plain structure blocks of one program.
pub(super) fn check(
    name: &str,
    program: &runic_eval::Program,
    blocks: &[&Structure],
    tally: &mut Tally,
) {
    judge_blocks(name, "structure", fused_metrics(program), blocks, tally);
}

/// Checks the `structure gpu` blocks of one program.
pub(super) fn check_gpu(
    name: &str,
    program: &runic_eval::Program,
    blocks: &[&Structure],
    tally: &mut Tally,
) {
    judge_blocks(
        name,
        "structure gpu",
        kernel_metrics(program),
        blocks,
        tally,
    );
}

/// Judges blocks against the metrics; failures start with `what:`.
fn judge_blocks(
    name: &str,
    what: &str,
    metrics: Result<Metrics, String>,
    blocks: &[&Structure],
    tally: &mut Tally,
) {
    let metrics = match metrics {
        Ok(m) => m,
        Err(e) => {
            for _ in blocks {
                tally.fail(name, &format!("{what}: {e}"));
            }
            return;
        }
    };
    for block in blocks {
        match mismatch(&metrics, block) {
            None => tally.passed += 1,
            Some(why) => tally.fail(name, &format!("{what}: {why}")),
        }
    }
}

/// The metrics of every entry point of the program, fused, together.
pub(crate) fn fused_metrics(program: &runic_eval::Program) -> Result<Metrics, String> {
    entry_metrics(program, |core| Ok(runic_core::metrics::program(&core)))
}

/// The metrics of the kernel programs of every entry point, together.
fn kernel_metrics(program: &runic_eval::Program) -> Result<Metrics, String> {
    entry_metrics(program, |core| {
        Ok(runic_kernels::metrics::program(&runic_kernels::compile(
            core,
        )?))
    })
}

/// The sum over the entry points of the metrics `count` gives of each
/// one's fused core program.
fn entry_metrics(
    program: &runic_eval::Program,
    count: impl Fn(runic_core::Program) -> Result<Metrics, String>,
) -> Result<Metrics, String> {
    let mut total = Metrics::new();
    for entry in &program.entries {
        let layouts = runic_core::declared_layouts(program, &entry.name)?;
        let compiled =
            runic_core::compile_entry_to(program, &entry.name, &layouts, Stage::Fused)
                .map_err(|e| format!("entry point `{}` cannot be compiled: {e}", entry.name))?;
        for (k, n) in count(compiled.program)? {
            *total.entry(k).or_default() += n;
        }
    }
    Ok(total)
}

/// The first count of the block that the metrics contradict, worded as
/// `futhark test` words it.
fn mismatch(metrics: &Metrics, block: &Structure) -> Option<String> {
    for (key, want) in &block.counts {
        let got = metrics.get(key).copied().unwrap_or(0);
        if got != *want {
            return Some(if got == 0 {
                format!("{key} should have occurred {want} times, but did not occur at all in the optimised program")
            } else {
                format!("{key} should have occurred {want} times, but occurred {got} times")
            });
        }
    }
    None
}
