//! The `runic` binary: command-line subcommands and the language server.
//!
//! Only this crate does IO and knows about LSP, JSON and terminals; it talks
//! to the compiler through the `runic-queries` database.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cli;
mod lsp;

/// The checker allocates many small, short-lived values (types, persistent
/// map nodes); mimalloc serves them about twice as fast as the system
/// allocator (see `queries/benches/check.rs`). Counted per thread, for the
/// interpreter's memory limit.
#[global_allocator]
static ALLOCATOR: runic_eval::memory::Counting<mimalloc::MiMalloc> =
    runic_eval::memory::Counting(mimalloc::MiMalloc);

#[derive(Parser)]
#[command(
    name = "runic",
    version,
    about = "Compiler and language server for Futhark"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check a program; print diagnostics and exit 1 if it has errors.
    Check { file: std::path::PathBuf },
    /// Print an intermediate representation of a program.
    Ir {
        file: std::path::PathBuf,
        /// The stage to print (available now: syntax).
        #[arg(long, default_value = "syntax")]
        stage: String,
        /// Only this function.
        #[arg(short = 'f', long)]
        function: Option<String>,
    },
    /// Run an entry point on arguments read from stdin; print the results.
    Run {
        file: std::path::PathBuf,
        /// The entry point to run.
        #[arg(short = 'e', long = "entry-point", default_value = "main")]
        entry: String,
        /// interp (the default for now: traces, stacks and memory limits are
        /// the interpreter's), auto (opencl when a device exists, else the
        /// interpreter), core (the core IR after the middle end, for
        /// differential testing) or opencl.
        #[arg(long, default_value = "interp")]
        backend: String,
        /// The OpenCL device: the first whose name or platform contains NAME.
        #[arg(long)]
        device: Option<String>,
        /// Name the device used on stderr.
        #[arg(long)]
        verbose: bool,
        /// The most memory the interpreter may hold, in MiB.
        #[arg(long, default_value_t = cli::DEFAULT_MEMORY_MIB)]
        memory_limit: u64,
    },
    /// Run the `-- ==` test blocks of programs (directories recursively).
    Test {
        #[arg(required = true)]
        paths: Vec<std::path::PathBuf>,
        /// auto (means interp), interp, core or opencl.
        #[arg(long, default_value = "auto")]
        backend: String,
        /// The OpenCL device: the first whose name or platform contains NAME.
        #[arg(long)]
        device: Option<String>,
        /// Skip test cases with this tag (repeatable).
        #[arg(long)]
        exclude: Vec<String>,
    },
    /// Serve the Language Server Protocol on stdio.
    Lsp,
    /// Format programs in place (with --check, list those that would change).
    Fmt {
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Change nothing; list the files that would change and exit 1 if any.
        #[arg(long)]
        check: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if !matches!(cli.command, Command::Lsp) {
        cli::stop_quietly_on_closed_stdout();
    }
    match cli.command {
        Command::Check { file } => cli::check(&file),
        Command::Ir {
            file,
            stage,
            function,
        } => cli::ir(&file, &stage, function.as_deref()),
        Command::Run {
            file,
            entry,
            backend,
            device,
            verbose,
            memory_limit,
        } => {
            cli::gpu::configure(device, verbose);
            cli::run(&file, &entry, &backend, memory_limit)
        }
        Command::Test {
            paths,
            backend,
            device,
            exclude,
        } => {
            cli::gpu::configure(device, false);
            cli::test(paths, &backend, exclude)
        }
        Command::Lsp => lsp::run(),
        Command::Fmt { files, check } => cli::fmt(&files, check),
    }
}
