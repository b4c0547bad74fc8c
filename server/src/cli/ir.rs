//! `runic ir`: printing a stage of the pipeline, whole or for one function.

use std::str::FromStr;

use runic_queries::{item_tree, parse, Parse, TextRange};

use super::input::Program;
use super::CliError;

/// A stage of the pipeline that `runic ir` can print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// The lossless syntax tree, with parse errors.
    Syntax,
}

impl Stage {
    /// Every stage that can be printed today, in pipeline order.
    pub const AVAILABLE: &'static [Stage] = &[Stage::Syntax];

    pub fn name(self) -> &'static str {
        match self {
            Stage::Syntax => "syntax",
        }
    }
}

/// Stages of the design that are not implemented yet.
const PLANNED: &[&str] = &["typed", "soacs", "fused", "kernels", "mem", "opencl"];

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
    }
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
