//! The command-line subcommands other than `lsp`: `check` and `ir`.
//!
//! Each subcommand returns an [`ExitCode`] following the contract in the
//! design: 0 when the program is fine, 1 when it has errors (printed on
//! stderr), 2 when the command itself could not run (unreadable file, unknown
//! stage, unknown function).

mod diagnostics;
mod input;
mod ir;

use std::path::Path;
use std::process::ExitCode;

pub use ir::Stage;

use diagnostics::Reporter;
use input::SourceFile;

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

/// `runic check FILE`: parses (later: type-checks) the file and reports every error.
pub fn check(path: &Path) -> ExitCode {
    let file = match SourceFile::read(path) {
        Ok(file) => file,
        Err(error) => return error.report(),
    };
    let parse = runic_syntax::parse(&file.text);
    Reporter::stderr().report_syntax_errors(&file, parse.errors());
    exit_for(parse.errors().is_empty())
}

/// `runic ir FILE --stage STAGE [-f FUNCTION]`: prints a stage of the pipeline on stdout.
pub fn ir(path: &Path, stage: &str, function: Option<&str>) -> ExitCode {
    match ir_inner(path, stage, function) {
        Ok(code) => code,
        Err(error) => error.report(),
    }
}

fn ir_inner(path: &Path, stage: &str, function: Option<&str>) -> Result<ExitCode, CliError> {
    let stage: Stage = stage.parse()?;
    let file = SourceFile::read(path)?;
    let parse = runic_syntax::parse(&file.text);
    let text = ir::print(stage, &parse, function)?;
    print!("{text}");
    Reporter::stderr().report_syntax_errors(&file, parse.errors());
    Ok(exit_for(parse.errors().is_empty()))
}

fn exit_for(ok: bool) -> ExitCode {
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
