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
        /// Print the results in Futhark's binary data format.
        #[arg(short = 'b', long = "binary-output")]
        binary: bool,
        /// The thresholds of the OpenCL versions, in Futhark's `.tuning`
        /// format (default: the program's own `FILE.tuning` if it exists).
        #[arg(long)]
        tuning: Option<std::path::PathBuf>,
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
        /// The seed of the candidates of `property:` tests (from the clock
        /// if not given; a counterexample's report names it).
        #[arg(long)]
        seed: Option<u64>,
        /// The thresholds of the OpenCL versions, in Futhark's `.tuning`
        /// format (default: the program's own `FILE.tuning` if it exists).
        #[arg(long)]
        tuning: Option<std::path::PathBuf>,
    },
    /// Benchmark an entry point on the datasets of its `-- ==` blocks: a
    /// warm-up run, then timed runs; the median and spread per dataset.
    Bench {
        file: std::path::PathBuf,
        /// Only this entry point (all of the blocks' entry points if not
        /// given).
        #[arg(short = 'e', long = "entry-point")]
        entry: Option<String>,
        /// auto (opencl when a device exists, else the interpreter),
        /// interp, core or opencl.
        #[arg(long, default_value = "auto")]
        backend: String,
        /// The OpenCL device: the first whose name or platform contains NAME.
        #[arg(long)]
        device: Option<String>,
        /// Timed runs per dataset.
        #[arg(short = 'r', long, default_value_t = 10)]
        runs: usize,
        /// Untimed runs before them.
        #[arg(long, default_value_t = 1)]
        warmup: usize,
        /// Write the times in `futhark bench`'s JSON format.
        #[arg(long)]
        json: Option<std::path::PathBuf>,
        /// Leave out cases with this tag (repeatable).
        #[arg(long = "exclude-case")]
        exclude: Vec<String>,
        /// The thresholds of the OpenCL versions, in Futhark's `.tuning`
        /// format (default: the program's own `FILE.tuning` if it exists).
        #[arg(long)]
        tuning: Option<std::path::PathBuf>,
    },
    /// Choose the thresholds of the OpenCL versions by timing the
    /// datasets of the program's `-- ==` blocks; writes `FILE.tuning`.
    Autotune {
        file: std::path::PathBuf,
        /// The OpenCL device: the first whose name or platform contains NAME.
        #[arg(long)]
        device: Option<String>,
        /// Timed runs per dataset and setting.
        #[arg(short = 'r', long, default_value_t = 5)]
        runs: usize,
        /// Leave out cases with this tag (repeatable).
        #[arg(long = "exclude-case")]
        exclude: Vec<String>,
    },
    /// Serve the Language Server Protocol on stdio.
    Lsp,
    /// Manage the packages of futhark.pkg and lib/, as `futhark pkg` does.
    Pkg {
        #[command(subcommand)]
        command: Pkg,
    },
    /// Serve a program's entry points over Futhark's server protocol on
    /// stdin and stdout, run by the interpreter.
    Serve {
        file: std::path::PathBuf,
        /// auto (the interpreter, for now), interp or core.
        #[arg(long, default_value = "auto")]
        backend: String,
        /// The most memory the interpreter may hold, in MiB.
        #[arg(long, default_value_t = cli::DEFAULT_MEMORY_MIB)]
        memory_limit: u64,
    },
    /// Format programs in place (with --check, list those that would change).
    Fmt {
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Change nothing; list the files that would change and exit 1 if any.
        #[arg(long)]
        check: bool,
    },
}

/// The subcommands of `runic pkg`.
#[derive(Subcommand)]
enum Pkg {
    /// Require a package (the newest version if none is given).
    Add {
        path: String,
        version: Option<String>,
    },
    /// Stop requiring a package (lib/ changes at the next sync).
    Remove { path: String },
    /// Start a package: futhark.pkg naming it, and its folder in lib/.
    Init { path: String },
    /// Populate lib/ with the required packages and their dependencies.
    Sync,
    /// Require the newest version (same major version) of every package.
    Upgrade,
    /// List a package's versions.
    Versions { path: String },
    /// Check that every required version exists with its commit.
    Check,
    /// Rewrite futhark.pkg in the standard layout.
    Fmt,
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
            binary,
            tuning,
        } => {
            let format = if binary {
                cli::OutputFormat::Binary
            } else {
                cli::OutputFormat::Text
            };
            cli::gpu::configure(device, verbose);
            cli::gpu::configure_tuning(tuning);
            cli::run(&file, &entry, &backend, memory_limit, format)
        }
        Command::Test {
            paths,
            backend,
            device,
            exclude,
            seed,
            tuning,
        } => {
            cli::gpu::configure(device, false);
            cli::gpu::configure_tuning(tuning);
            cli::test(paths, &backend, exclude, seed)
        }
        Command::Bench {
            file,
            entry,
            backend,
            device,
            runs,
            warmup,
            json,
            exclude,
            tuning,
        } => {
            cli::gpu::configure(device, false);
            cli::gpu::configure_tuning(tuning);
            cli::bench(cli::BenchOptions {
                file,
                entry,
                backend,
                runs,
                warmup,
                json,
                exclude,
            })
        }
        Command::Autotune {
            file,
            device,
            runs,
            exclude,
        } => {
            cli::gpu::configure(device, false);
            cli::autotune(cli::AutotuneOptions {
                file,
                runs,
                exclude,
            })
        }
        Command::Lsp => lsp::run(),
        Command::Pkg { command } => cli::pkg(match command {
            Pkg::Add { path, version } => cli::PkgCommand::Add { path, version },
            Pkg::Remove { path } => cli::PkgCommand::Remove { path },
            Pkg::Init { path } => cli::PkgCommand::Init { path },
            Pkg::Sync => cli::PkgCommand::Sync,
            Pkg::Upgrade => cli::PkgCommand::Upgrade,
            Pkg::Versions { path } => cli::PkgCommand::Versions { path },
            Pkg::Check => cli::PkgCommand::Check,
            Pkg::Fmt => cli::PkgCommand::Fmt,
        }),
        Command::Serve {
            file,
            backend,
            memory_limit,
        } => cli::serve(&file, &backend, memory_limit),
        Command::Fmt { files, check } => cli::fmt(&files, check),
    }
}
