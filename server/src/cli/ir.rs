//! `runic ir`: printing a stage of the pipeline, whole or for one function.

use std::str::FromStr;

use runic_queries::{file_diagnostics, item_tree, parse, Diagnostic, Parse, TextRange};

use super::diagnostics::has_errors;
use super::input::Program;
use super::run::lower_workspace;
use super::CliError;

/// A stage of the pipeline that `runic ir` can print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// The lossless syntax tree, with parse errors.
    Syntax,
    /// The core SOAC IR of each entry point, after internalisation and
    /// simplification.
    Soacs,
    /// The core SOAC IR after fusion (and simplification again).
    Fused,
    /// The kernel IR: kernels and host code.
    Kernels,
    /// The memory IR of the GPU pipeline: every array in a device memory
    /// block at an index function, allocations explicit.
    Mem,
    /// The memory IR of the sequential pipeline.
    SeqMem,
    /// The generated OpenCL C and the host code.
    OpenCl,
}

impl Stage {
    /// Every stage that can be printed today, in pipeline order.
    pub const AVAILABLE: &'static [Stage] = &[
        Stage::Syntax,
        Stage::Soacs,
        Stage::Fused,
        Stage::Kernels,
        Stage::Mem,
        Stage::SeqMem,
        Stage::OpenCl,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Stage::Syntax => "syntax",
            Stage::Soacs => "soacs",
            Stage::Fused => "fused",
            Stage::Kernels => "kernels",
            Stage::Mem => "mem",
            Stage::SeqMem => "seq-mem",
            Stage::OpenCl => "opencl",
        }
    }

    /// The stage of the middle end this stage starts from (none for the
    /// syntax tree).
    pub fn core_stage(self) -> Option<runic_core::Stage> {
        match self {
            Stage::Syntax => None,
            Stage::Soacs => Some(runic_core::Stage::Soacs),
            // The GPU back end starts from the fused IR.
            Stage::Fused | Stage::Kernels | Stage::Mem | Stage::SeqMem | Stage::OpenCl => {
                Some(runic_core::Stage::Fused)
            }
        }
    }
}

/// Stages of the design that are not implemented yet.
const PLANNED: &[&str] = &["typed"];

impl FromStr for Stage {
    type Err = CliError;

    fn from_str(s: &str) -> Result<Stage, CliError> {
        Stage::AVAILABLE
            .iter()
            .copied()
            .find(|stage| stage.name() == s)
            .ok_or_else(|| CliError::UnknownStage(s.to_string()))
    }
}

/// The message for an unknown `--stage` value, listing the available stages.
pub fn unknown_stage_message(stage: &str) -> String {
    let available: Vec<&str> = Stage::AVAILABLE.iter().map(|s| s.name()).collect();
    let what = if PLANNED.contains(&stage) {
        "is not implemented yet"
    } else {
        "does not exist"
    };
    format!(
        "stage `{stage}` {what}; available stages: {}",
        available.join(", ")
    )
}

/// The text of `stage` for the whole program, or for its top-level declaration(s) named `function`.
pub fn print(stage: Stage, program: &Program, function: Option<&str>) -> Result<String, CliError> {
    match stage {
        Stage::Syntax => print_syntax(program, function),
        _ => Ok(core_ir(program, function, stage)?.0),
    }
}

/// The core IR of the entry points (or of the one named `function`) at a
/// stage after the syntax tree (the middle end's, or what the GPU back end
/// makes of the fused IR), and the problems that kept any from it: the
/// file's errors, or a construct internalisation lacks.
pub fn core_ir(
    program: &Program,
    function: Option<&str>,
    stage: Stage,
) -> Result<(String, Vec<Diagnostic>), CliError> {
    let db = program.workspace.db();
    let diagnostics = file_diagnostics(db, program.file);
    if has_errors(diagnostics) {
        return Ok((String::new(), diagnostics.clone()));
    }
    let lowered = match lower_workspace(&program.workspace, &program.name) {
        Ok(p) => p,
        Err(e) => {
            let d = Diagnostic::error(
                Default::default(),
                format!("cannot compile this program: {e}"),
            );
            return Ok((String::new(), vec![d]));
        }
    };
    let names: Vec<String> = lowered.entries.iter().map(|e| e.name.clone()).collect();
    let chosen: Vec<&String> = names
        .iter()
        .filter(|n| function.is_none_or(|f| f == n.as_str()))
        .collect();
    if let (Some(name), true) = (function, chosen.is_empty()) {
        return Err(CliError::UnknownFunction {
            name: name.to_string(),
            available: names.clone(),
        });
    }
    let mut text = String::new();
    let mut problems = Vec::new();
    for name in chosen {
        match entry_stage_text(&lowered, name, stage) {
            Ok(t) => {
                if !text.is_empty() {
                    text.push('\n');
                }
                text.push_str(&t);
            }
            Err(e) => problems.push(Diagnostic::error(Default::default(), e)),
        }
    }
    // The lowered program nests as deep as the source's chains: dropped on
    // the pass stack too.
    runic_core::on_pass_stack(move || drop(lowered));
    Ok((text, problems))
}

/// The text of `stage` (after the syntax tree) for the entry point `name`
/// of a lowered program, or what stopped it (a message naming the entry
/// point). Compiled, printed and dropped on a stack for deep programs.
pub fn entry_stage_text(
    lowered: &runic_eval::Program,
    name: &str,
    stage: Stage,
) -> Result<String, String> {
    let core_stage = stage.core_stage().unwrap_or(runic_core::Stage::Soacs);
    runic_core::on_pass_stack(|| {
        let compiled = runic_core::declared_layouts(lowered, name)
            .and_then(|layouts| runic_core::compile_entry_to(lowered, name, &layouts, core_stage));
        match compiled {
            Ok(core) => super::gpu::stage_text(stage, core.program)
                .map_err(|e| format!("entry point `{name}`: {e}")),
            Err(e) => Err(format!(
                "entry point `{name}` cannot be compiled to the core IR: {e}"
            )),
        }
    })
}

fn print_syntax(program: &Program, function: Option<&str>) -> Result<String, CliError> {
    let db = program.workspace.db();
    let parse = parse(db, program.file);
    let Some(name) = function else {
        return Ok(parse.debug_dump());
    };
    let items = item_tree(db, program.file).items();
    let ranges: Vec<TextRange> = items
        .iter()
        .filter(|item| item.key.name.as_deref() == Some(name))
        .map(|item| item.range)
        .collect();
    if ranges.is_empty() {
        return Err(CliError::UnknownFunction {
            name: name.to_string(),
            available: items.iter().filter_map(|i| i.key.name.clone()).collect(),
        });
    }
    Ok(ranges.iter().map(|&r| dump_declaration(parse, r)).collect())
}

/// The dump of the top-level declaration spanning `range`, then the parse errors inside it.
fn dump_declaration(parse: &Parse, range: TextRange) -> String {
    match parse
        .syntax()
        .children()
        .find(|node| node.text_range() == range)
    {
        Some(node) => parse.debug_dump_of(&node),
        None => String::new(),
    }
}
