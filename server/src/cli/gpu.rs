//! The OpenCL backend from the command line: the device chosen once per
//! process (`--device NAME`, else a GPU, else a CPU device), named on
//! stderr with `--verbose`, and `--backend auto`'s choice.

use std::cell::OnceCell;
use std::sync::OnceLock;

use runic_eval::run::RunError;
use runic_eval::{Typed, Value};
use runic_opencl::Device;

/// `--device` and `--verbose`, set once by `main`.
static OPTIONS: OnceLock<(Option<String>, bool)> = OnceLock::new();

/// Records the device options of this run.
pub fn configure(device: Option<String>, verbose: bool) {
    let _ = OPTIONS.set((device, verbose));
}

fn options() -> &'static (Option<String>, bool) {
    OPTIONS.get_or_init(|| (None, false))
}

thread_local! {
    static DEVICE: OnceCell<Result<Device, String>> = const { OnceCell::new() };
}

/// Whether programs the OpenCL backend cannot compile run in the
/// interpreter (`--backend auto`).
static FALLBACK: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Makes `auto`'s choice: OpenCL, and the interpreter for what it cannot
/// compile.
pub fn fall_back_to_interpreter() {
    FALLBACK.store(true, std::sync::atomic::Ordering::Relaxed);
}

pub fn falls_back() -> bool {
    FALLBACK.load(std::sync::atomic::Ordering::Relaxed)
}

/// Says, with `--verbose`, why the interpreter runs instead.
pub fn note_fallback(why: &str) {
    if options().1 {
        eprintln!("runic: running in the interpreter: {why}");
    }
}

/// Whether an OpenCL device exists (what `--backend auto` asks).
pub fn available() -> bool {
    runic_opencl::runtime::device::available()
}

/// The name of the device programs would run on (the `--device` or
/// `runic.device` choice, else a GPU, else a CPU device), or why none,
/// without opening it.
pub fn probe_device_name() -> Result<String, String> {
    runic_opencl::device_name(options().0.as_deref())
}

/// Runs `f` on the device chosen for this process (named on stderr with
/// `--verbose` the first time).
fn with_device<T>(f: impl FnOnce(&Device) -> Result<T, RunError>) -> Result<T, RunError> {
    DEVICE.with(|cell| {
        let device = cell.get_or_init(|| {
            let (wanted, verbose) = options();
            let device = runic_opencl::select_device(wanted.as_deref());
            if let (Ok(d), true) = (&device, verbose) {
                eprintln!("runic: running on {}", d.name);
            }
            device
        });
        match device {
            Ok(d) => f(d),
            Err(e) => Err(RunError::BadInput(e.clone())),
        }
    })
}

/// Runs an entry point on the chosen device.
pub fn call(
    program: &runic_eval::Program,
    entry: &str,
    args: &[Typed],
) -> Result<Vec<Value>, RunError> {
    with_device(|d| runic_opencl::call_entry(d, program, entry, args))
}

/// The name of the chosen device.
pub fn device_name() -> Result<String, RunError> {
    with_device(|d| Ok(d.name.clone()))
}

/// Benchmarks an entry point on the chosen device: the times of `runs`
/// runs after `warmup` (microseconds) and the last results.
pub fn bench(
    program: &runic_eval::Program,
    entry: &str,
    args: &[Typed],
    warmup: usize,
    runs: usize,
) -> Result<(Vec<u128>, Vec<Value>), RunError> {
    with_device(|d| runic_opencl::bench_entry(d, program, entry, args, warmup, runs))
}

/// The text of a stage after the core IR: the core IR itself, the kernel
/// IR, or the OpenCL C followed by the host code.
pub fn stage_text(stage: super::ir::Stage, core: runic_core::Program) -> Result<String, String> {
    use super::ir::Stage;
    if matches!(stage, Stage::Soacs | Stage::Fused | Stage::Syntax) {
        return Ok(runic_core::print::program(&core));
    }
    if stage == Stage::SeqMem {
        return Ok(runic_mem::print::program(&runic_mem::seq(core)?));
    }
    if stage == Stage::Mem {
        return Ok(runic_mem::print::program(&runic_mem::gpu(core)?));
    }
    let kp = runic_kernels::compile(core)?;
    if stage == Stage::Kernels {
        return Ok(runic_kernels::print::program(&kp));
    }
    let generated = runic_opencl::codegen::generate(&kp)?;
    let mut text = generated.source;
    for f in &kp.funs {
        text.push('\n');
        text.push_str(&runic_kernels::print::host_fun(&kp, f));
    }
    Ok(text)
}
