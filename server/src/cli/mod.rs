//! The command-line subcommands other than `lsp`: `check`, `ir`, `run`,
//! `test`, `bench`, `serve`, `pkg` and `fmt`.
//!
//! Each command reads its file into a `runic-queries` workspace and asks the
//! database for what it prints, like the language server does.
//!
//! Each subcommand returns an [`ExitCode`] following the contract in the
//! design: 0 when the program is fine, 1 when it has errors (printed on
//! stderr), 2 when the command itself could not run (unreadable file, unknown
//! stage, unknown function).

mod attributes;
mod autotune;
mod bench;
mod binary_output;
mod diagnostics;
mod fmt;
pub mod gpu;
mod input;
pub mod ir;
mod pkg;
mod property;
pub(crate) mod run;
mod serve;
pub(crate) mod test;
mod values_input;

use std::path::Path;
use std::process::ExitCode;

use runic_queries::{file_diagnostics, parse, Diagnostic};

use diagnostics::{has_errors, Reporter};
use input::Program;
use ir::Stage;

pub use autotune::{autotune, AutotuneOptions};
pub use bench::{bench, BenchOptions};
pub use fmt::fmt;
pub use pkg::{pkg, PkgCommand};
pub use run::{run, OutputFormat};
pub use serve::serve;

/// The default memory limit of the interpreter, in MiB.
pub const DEFAULT_MEMORY_MIB: u64 = 4096;
pub use test::test;

/// A failure to run a command at all (as opposed to errors in the program).
#[derive(Debug)]
pub enum CliError {
    /// The input file could not be read.
    Unreadable { path: String, reason: String },
    /// `--stage` named a stage that does not exist or is not implemented yet.
    UnknownStage(String),
    /// `-f` named a function that the file does not declare at the top level.
    UnknownFunction {
        name: String,
        available: Vec<String>,
    },
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CliError::Unreadable { path, reason } => write!(f, "cannot read `{path}`: {reason}"),
            CliError::UnknownStage(stage) => write!(f, "{}", ir::unknown_stage_message(stage)),
            CliError::UnknownFunction { name, available } => {
                write!(f, "no top-level declaration named `{name}`")?;
                if available.is_empty() {
                    write!(f, " (the file declares no named items)")
                } else {
                    write!(f, "; the file declares: {}", available.join(", "))
                }
            }
        }
    }
}

impl CliError {
    /// Prints the error on stderr and gives exit code 2.
    pub fn report(&self) -> ExitCode {
        eprintln!("runic: error: {self}");
        ExitCode::from(2)
    }
}

/// `runic check FILE`: every diagnostic of the file (syntax errors, then
/// whatever later stages find), rendered on stderr.
pub fn check(path: &Path) -> ExitCode {
    let program = match Program::load(path) {
        Ok(program) => program,
        Err(error) => return error.report(),
    };
    let diagnostics = file_diagnostics(program.workspace.db(), program.file);
    Reporter::stderr().report(&program.name, program.text(), diagnostics);
    exit_for(!has_errors(diagnostics))
}

/// Lets a closed standard output (`runic ir ... | head`) end the process
/// quietly, as it ends other command-line tools, instead of a panic in the
/// next `print!`. Rust ignores `SIGPIPE` by default; this restores the
/// default action.
pub fn stop_quietly_on_closed_stdout() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to the default action, before
    // any other thread exists, races with nothing.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// `runic ir FILE --stage STAGE [-f FUNCTION]`: prints a stage of the pipeline
/// on stdout, and the errors of the stages up to it on stderr.
pub fn ir(path: &Path, stage: &str, function: Option<&str>) -> ExitCode {
    match ir_inner(path, stage, function) {
        Ok(code) => code,
        Err(error) => error.report(),
    }
}

fn ir_inner(path: &Path, stage: &str, function: Option<&str>) -> Result<ExitCode, CliError> {
    let stage: Stage = stage.parse()?;
    let program = Program::load(path)?;
    if stage != Stage::Syntax {
        let (text, diagnostics) = ir::core_ir(&program, function, stage)?;
        print!("{text}");
        Reporter::stderr().report(&program.name, program.text(), &diagnostics);
        return Ok(exit_for(!has_errors(&diagnostics)));
    }
    print!("{}", ir::print(stage, &program, function)?);
    let diagnostics = stage_diagnostics(stage, &program);
    Reporter::stderr().report(&program.name, program.text(), &diagnostics);
    Ok(exit_for(!has_errors(&diagnostics)))
}

/// The diagnostics of the stages up to and including `stage`.
fn stage_diagnostics(stage: Stage, program: &Program) -> Vec<Diagnostic> {
    match stage {
        Stage::Soacs
        | Stage::Fused
        | Stage::Kernels
        | Stage::Mem
        | Stage::SeqMem
        | Stage::OpenCl => Vec::new(),
        Stage::Syntax => parse(program.workspace.db(), program.file)
            .errors()
            .iter()
            .map(|e| Diagnostic::error(e.range, &e.message).with_code("syntax-error"))
            .collect(),
    }
}

fn exit_for(ok: bool) -> ExitCode {
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
