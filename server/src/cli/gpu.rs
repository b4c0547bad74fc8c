//! The OpenCL backend from the command line: the device chosen once per
//! process (`--device NAME`, else a GPU, else a CPU device), named on
//! stderr with `--verbose`, and `--backend auto`'s choice.

use std::cell::{OnceCell, RefCell};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use runic_eval::run::RunError;
use runic_eval::{Typed, Value};
use runic_opencl::{Device, Tuning};

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
    /// The thresholds of the program this thread runs.
    static TUNING: RefCell<Tuning> = RefCell::new(Tuning::default());
}

/// `--tuning FILE`, set once by `main`; without it each program takes
/// its own `.tuning` file.
static TUNING_FILE: OnceLock<Option<PathBuf>> = OnceLock::new();

/// Records the `--tuning` option of this run.
pub fn configure_tuning(file: Option<PathBuf>) {
    let _ = TUNING_FILE.set(file);
}

/// Where a program's own tuning file is: `PROGRAM.fut.tuning`, as
/// `futhark bench` and `futhark test` look for it.
pub fn tuning_path(program: &Path) -> PathBuf {
    let mut name = program.as_os_str().to_owned();
    name.push(".tuning");
    PathBuf::from(name)
}

/// Takes this thread's thresholds for the program at `program`: the
/// `--tuning` file, else the program's own when it exists, else the
/// defaults. A file that cannot be read or parsed is an error naming it.
pub fn load_tuning(program: &Path) -> Result<(), String> {
    let own = tuning_path(program);
    let file = match TUNING_FILE.get().cloned().flatten() {
        Some(f) => Some(f),
        None => own.exists().then_some(own),
    };
    let tuning = match file {
        None => Tuning::default(),
        Some(f) => std::fs::read_to_string(&f)
            .map_err(|e| e.to_string())
            .and_then(|text| Tuning::parse(&text))
            .map_err(|e| format!("tuning file `{}`: {e}", f.display()))?,
    };
    set_tuning(tuning);
    Ok(())
}

/// Sets this thread's thresholds (the autotuner tries settings so).
pub fn set_tuning(tuning: Tuning) {
    TUNING.with(|t| *t.borrow_mut() = tuning);
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
    let (values, observed) = with_device(|d| {
        TUNING.with(|t| runic_opencl::call_entry(d, program, (entry, args), &t.borrow()))
    })?;
    if options().1 {
        for c in observed {
            let version = if c.chosen { "first" } else { "second" };
            eprintln!("runic: {}: size {}, the {version} version", c.name, c.size);
        }
    }
    Ok(values)
}

/// The name of the chosen device.
pub fn device_name() -> Result<String, RunError> {
    with_device(|d| Ok(d.name.clone()))
}

/// Benchmarks an entry point on the chosen device: the times of `runs`
/// runs after `warmup` (microseconds), the last results, and the sizes
/// compared with each threshold.
pub fn bench(
    program: &runic_eval::Program,
    entry: &str,
    args: &[Typed],
    warmup: usize,
    runs: usize,
) -> Result<runic_opencl::Benched, RunError> {
    with_device(|d| {
        TUNING.with(|t| {
            runic_opencl::bench_entry(d, program, (entry, args), (warmup, runs), &t.borrow())
        })
    })
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
