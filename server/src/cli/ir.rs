//! `runic ir`: printing a stage of the pipeline, whole or for one function.

use std::str::FromStr;

use runic_syntax::ast::{AstNode, Decl};
use runic_syntax::{debug_tree, Parse, SyntaxNode};

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

/// The text of `stage` for the whole file, or for the top-level declaration(s) named `function`.
pub fn print(stage: Stage, parse: &Parse, function: Option<&str>) -> Result<String, CliError> {
    match stage {
        Stage::Syntax => print_syntax(parse, function),
    }
}

fn print_syntax(parse: &Parse, function: Option<&str>) -> Result<String, CliError> {
    let Some(name) = function else {
        return Ok(parse.debug_dump());
    };
    let nodes = top_level_named(parse, name);
    if nodes.is_empty() {
        return Err(CliError::UnknownFunction {
            name: name.to_string(),
            available: top_level_names(parse),
        });
    }
    Ok(nodes
        .iter()
        .map(|node| dump_with_errors(parse, node))
        .collect())
}

/// The dump of `node` followed by the parse errors that lie inside it.
fn dump_with_errors(parse: &Parse, node: &SyntaxNode) -> String {
    let mut out = debug_tree(node);
    let range = node.text_range();
    for error in parse
        .errors()
        .iter()
        .filter(|e| range.contains_range(e.range))
    {
        out.push_str(&format!(
            "error {}..{}: {}\n",
            u32::from(error.range.start()),
            u32::from(error.range.end()),
            error.message
        ));
    }
    out
}

/// The syntax nodes of the top-level declarations named `name` (a name may be bound twice).
fn top_level_named(parse: &Parse, name: &str) -> Vec<SyntaxNode> {
    parse
        .tree()
        .decls()
        .filter(|decl| decl_name(decl).as_deref() == Some(name))
        .map(|decl| decl.syntax().clone())
        .collect()
}

/// The names bound by top-level declarations, in order, for "did you mean" lists.
fn top_level_names(parse: &Parse) -> Vec<String> {
    parse.tree().decls().filter_map(|d| decl_name(&d)).collect()
}

fn decl_name(decl: &Decl) -> Option<String> {
    decl.name()
        .map(|name| name.text())
        .filter(|t| !t.is_empty())
}
