//! `runic run FILE [-e ENTRY] [--backend B]`: runs an entry point on
//! arguments read from stdin (textual or binary values) and prints the
//! results one per line. Also the loading shared with `runic test`: check
//! the program, then lower it and its imports for the interpreter.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use runic_eval::run::{call_entry_owned, call_entry_traced, show_results, RunError};
use runic_eval::Limits;
use runic_queries::{file_diagnostics, Diagnostic, Workspace};

use super::diagnostics::{has_errors, Reporter};
use super::input::Program;
use super::CliError;

/// The backends `--backend` accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Auto,
    Interp,
    /// The core IR after the middle end, run by `runic_core::eval`.
    Core,
    OpenCl,
}

impl Backend {
    /// The name `--backend` takes.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Auto => "auto",
            Backend::Interp => "interp",
            Backend::Core => "core",
            Backend::OpenCl => "opencl",
        }
    }

    /// Whether a test tag keeps a program or case off this backend:
    /// `no_NAME`, as `futhark test` reads `no_foo` for its backend `foo`
    /// (`no_interp` for the interpreter, `no_opencl` for OpenCL). `auto`
    /// may run either of those, so either tag keeps a case off it.
    pub fn excluded_by(self, tag: &str) -> bool {
        let Some(name) = tag.strip_prefix("no_") else {
            return false;
        };
        match self {
            Backend::Auto => name == "interp" || name == "opencl",
            other => name == other.name(),
        }
    }
}

impl std::str::FromStr for Backend {
    type Err = String;
    fn from_str(s: &str) -> Result<Backend, String> {
        match s {
            "auto" => Ok(Backend::Auto),
            "interp" => Ok(Backend::Interp),
            "core" => Ok(Backend::Core),
            "opencl" => Ok(Backend::OpenCl),
            other => Err(format!(
                "unknown backend `{other}` (expected auto, interp, core or opencl)"
            )),
        }
    }
}

/// The backend named on the command line, if it exists and can run now;
/// otherwise the error is printed and the exit code returned.
pub fn usable_backend(name: &str) -> Result<Backend, ExitCode> {
    let message = match name.parse::<Backend>() {
        Ok(backend) => match backend_unavailable(backend) {
            None => return Ok(backend),
            Some(message) => message,
        },
        Err(message) => message.to_string(),
    };
    eprintln!("runic: error: {message}");
    Err(ExitCode::from(2))
}

/// The error for backends that cannot run here (`None` if usable).
pub fn backend_unavailable(backend: Backend) -> Option<String> {
    (backend == Backend::OpenCl && !super::gpu::available())
        .then(|| "no OpenCL device is available; use --backend interp (or auto)".to_string())
}

/// A program checked and lowered for the interpreter, or the diagnostics
/// that stopped it.
pub enum Loaded {
    Ready(runic_eval::Program),
    /// Compile errors of the main file (with its name and text).
    Errors {
        name: String,
        text: String,
        diagnostics: Vec<Diagnostic>,
    },
}

/// Reads, checks and lowers the program at `path`.
pub fn load(path: &Path) -> Result<Loaded, CliError> {
    let program = Program::load(path)?;
    let db = program.workspace.db();
    let diagnostics = file_diagnostics(db, program.file);
    if has_errors(diagnostics) {
        return Ok(Loaded::Errors {
            name: program.name.clone(),
            text: program.text().to_string(),
            diagnostics: diagnostics.clone(),
        });
    }
    match lower_workspace(&program.workspace, &program.name) {
        Ok(p) => Ok(Loaded::Ready(p)),
        Err(e) => Ok(Loaded::Errors {
            name: program.name.clone(),
            text: program.text().to_string(),
            diagnostics: vec![Diagnostic::error(
                Default::default(),
                format!("cannot run this program: {e}"),
            )],
        }),
    }
}

/// Lowers the file `main` of a workspace, and every file it holds, for the
/// interpreter (the files must check without errors).
pub fn lower_workspace(
    workspace: &Workspace,
    main: &str,
) -> Result<runic_eval::Program, runic_eval::lower::LowerError> {
    match workspace.file(main) {
        Some(file) => runic_queries::middle::lower(workspace.db(), file),
        None => Err(runic_eval::lower::LowerError {
            loc: String::new(),
            message: format!("no file `{main}` in the workspace"),
        }),
    }
}

/// Runs `f` on a thread with a large stack (deeply nested programs recurse
/// deeply in the interpreter).
pub fn with_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(f)
        .expect("spawning the interpreter thread")
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// How `runic run` prints results.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputFormat {
    /// `futhark run`'s textual values, one per line.
    Text,
    /// Futhark's binary data format (`-b`).
    Binary,
}

/// `runic run`.
pub fn run(
    path: &Path,
    entry: &str,
    backend: &str,
    memory_mib: u64,
    format: OutputFormat,
) -> ExitCode {
    let backend = match usable_backend(backend) {
        Ok(Backend::Auto) if super::gpu::available() => {
            super::gpu::fall_back_to_interpreter();
            Backend::OpenCl
        }
        Ok(b) => b,
        Err(code) => return code,
    };
    let memory = memory_mib.saturating_mul(1 << 20);
    let input = match super::values_input::read(std::io::stdin().lock(), memory, stdin_size()) {
        Ok(input) => input,
        Err(e) => {
            eprintln!("runic: error: invalid input: {e}");
            return ExitCode::from(2);
        }
    };
    let path = path.to_path_buf();
    let entry = entry.to_string();
    with_big_stack(move || run_inner(&path, &entry, input, backend, memory, format))
}

/// The size of stdin when it is a file (`runic run < FILE`).
fn stdin_size() -> Option<u64> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let fd = std::io::stdin().as_fd().try_clone_to_owned().ok()?;
        let meta = std::fs::File::from(fd).metadata().ok()?;
        meta.is_file().then_some(meta.len())
    }
    #[cfg(not(unix))]
    None
}

/// Calls an entry point with the backend chosen (the interpreter, or the
/// core IR) within `limits`; also gives what `trace` printed.
pub fn call_with(
    backend: Backend,
    program: &runic_eval::Program,
    entry: &str,
    args: &[runic_eval::Typed],
    limits: Limits,
) -> (Result<Vec<runic_eval::Value>, RunError>, Vec<String>) {
    match backend {
        Backend::Core => (runic_core::call_entry(program, entry, args), Vec::new()),
        Backend::OpenCl => match super::gpu::call(program, entry, args) {
            // `auto`: what the OpenCL backend cannot compile runs in the
            // interpreter.
            Err(RunError::BadInput(why)) if super::gpu::falls_back() => {
                super::gpu::note_fallback(&why);
                call_entry_traced(program, entry, args, limits)
            }
            other => (other, Vec::new()),
        },
        _ => call_entry_traced(program, entry, args, limits),
    }
}

fn run_inner(
    path: &Path,
    entry: &str,
    input: Vec<u8>,
    backend: Backend,
    memory: u64,
    format: OutputFormat,
) -> ExitCode {
    if let Err(e) = super::gpu::load_tuning(path) {
        eprintln!("runic: error: {e}");
        return ExitCode::from(2);
    }
    let program = match load(path) {
        Ok(Loaded::Ready(p)) => p,
        Ok(Loaded::Errors {
            name,
            text,
            diagnostics,
        }) => {
            Reporter::stderr().report(&name, &text, &diagnostics);
            return ExitCode::FAILURE;
        }
        Err(error) => return error.report(),
    };
    // Large binary arrays free their bytes as they are decoded.
    let args = match runic_eval::binary::read_all_owned(input) {
        Ok(args) => args,
        Err(message) => {
            eprintln!("runic: error: invalid input: {message}");
            return ExitCode::from(2);
        }
    };
    let limits = Limits {
        memory: Some(memory),
        ..Limits::default()
    };
    let (result, traces) = match backend {
        Backend::Interp | Backend::Auto => call_entry_owned(&program, entry, args, limits),
        _ => call_with(backend, &program, entry, &args, limits),
    };
    for line in traces {
        eprintln!("{line}");
    }
    match result {
        Ok(values) if format == OutputFormat::Binary => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            match super::binary_output::write_results(&program, entry, &values, &mut out) {
                Ok(()) => ExitCode::SUCCESS,
                Err(message) => {
                    eprintln!("runic: error: {message}");
                    ExitCode::FAILURE
                }
            }
        }
        Ok(values) => {
            let mut out = std::io::stdout().lock();
            for line in show_results(&program, entry, &values) {
                let _ = writeln!(out, "{line}");
            }
            ExitCode::SUCCESS
        }
        Err(RunError::Runtime(e)) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
        Err(other) => {
            eprintln!("runic: error: {other}");
            ExitCode::from(2)
        }
    }
}
