//! Run lenses: every top-level entry point gets a code lens per dataset of
//! the `-- ==` test blocks that name it (`▶ Run main (dataset #0)`), each
//! running the command `runic.run` with `{uri, entry, dataset}` where
//! `dataset` is the case's index among all the cases of the file.
//!
//! An entry point no test block names gets `▶ Run main` (with `dataset`
//! null) when it takes no arguments; when it takes arguments there is
//! nothing to run it on, so its lens only says so and runs nothing (an
//! empty command, as the evaluation lenses use).

use runic_eval::testspec::{self, Case, Spec};
use runic_queries::{parse, TextRange};
use runic_syntax::ast::{AstNode, Decl};
use serde_json::json;
use tower_lsp::jsonrpc::Result;
use tower_lsp::lsp_types::{CodeLens, Command};

use super::line_index::LineIndex;
use super::owner::Snapshot;
use crate::cli::test::dataset_name;

/// The command behind the lenses, announced in `executeCommandProvider`.
pub const COMMAND: &str = "runic.run";

/// A top-level entry point: its name, the range of the name, and how many
/// parameters it takes.
pub struct EntryPoint {
    pub name: String,
    pub range: TextRange,
    pub params: usize,
}

/// The top-level entry points of a parsed file, in order.
pub fn entry_points(file: &runic_syntax::ast::SourceFile) -> Vec<EntryPoint> {
    file.decls()
        .filter_map(|decl| match decl {
            Decl::ValueDecl(value) if value.is_entry() => {
                let name = value.name()?;
                Some(EntryPoint {
                    name: name.text(),
                    range: name.syntax().text_range(),
                    params: value.params().count(),
                })
            }
            _ => None,
        })
        .collect()
}

/// The cases of `spec` that run `entry`, with their index among all cases.
pub fn cases_of<'s>(spec: &'s Spec, entry: &'s str) -> impl Iterator<Item = (usize, &'s Case)> {
    spec.cases
        .iter()
        .enumerate()
        .filter(move |(_, case)| case.entries.iter().any(|e| e == entry))
}

/// The title of the lens of one dataset.
pub fn dataset_title(entry: &str, case: &Case, index: usize) -> String {
    let name = dataset_name(case, index);
    if name.starts_with('#') {
        format!("▶ Run {entry} (dataset {name})")
    } else {
        format!("▶ Run {entry} ({name})")
    }
}

/// The Run lenses of the snapshot's document.
pub fn code_lenses(snapshot: &Snapshot) -> Result<Vec<CodeLens>> {
    let db = &snapshot.db;
    let text = snapshot.file.text(db);
    let index = LineIndex::new(text);
    let spec = testspec::parse(text);
    let uri = snapshot.uri.as_str();
    let mut lenses = Vec::new();
    for entry in entry_points(&parse(db, snapshot.file).tree()) {
        let range = index.range(entry.range);
        let lens = |title: String, command: &str, dataset: serde_json::Value| CodeLens {
            range,
            command: Some(Command {
                title,
                command: command.to_string(),
                arguments: (!command.is_empty())
                    .then(|| vec![json!({ "uri": uri, "entry": entry.name, "dataset": dataset })]),
            }),
            data: None,
        };
        let mut cases = cases_of(&spec, &entry.name).peekable();
        if cases.peek().is_none() {
            lenses.push(if entry.params == 0 {
                lens(format!("▶ Run {}", entry.name), COMMAND, json!(null))
            } else {
                let title = format!("Run {}: needs input (add a -- == test block)", entry.name);
                lens(title, "", json!(null))
            });
        }
        for (i, case) in cases {
            lenses.push(lens(dataset_title(&entry.name, case, i), COMMAND, json!(i)));
        }
    }
    Ok(lenses)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_points_with_their_parameters() {
        let text = "def f (x: i32) = x\nentry main (xs: []i32) (n: i64) = xs\nentry zero = 0i32\nmodule m = { entry inner = 1 }\n";
        let parsed = runic_syntax::parse(text);
        let found: Vec<(String, usize)> = entry_points(&parsed.tree())
            .into_iter()
            .map(|e| (e.name, e.params))
            .collect();
        assert_eq!(
            found,
            vec![("main".to_string(), 2), ("zero".to_string(), 0)]
        );
    }

    #[test]
    fn titles_name_the_dataset() {
        let spec = testspec::parse(
            "-- ==\n-- input { 1 } output { 1 }\n-- entry: other\n-- \"named\" input { 2 } output { 2 }\nentry main (x: i32) = x\n",
        );
        let main: Vec<String> = cases_of(&spec, "main")
            .map(|(i, c)| dataset_title("main", c, i))
            .collect();
        assert_eq!(main, vec!["▶ Run main (dataset #0)"]);
        let other: Vec<String> = cases_of(&spec, "other")
            .map(|(i, c)| dataset_title("other", c, i))
            .collect();
        assert_eq!(other, vec!["▶ Run other (\"named\")"]);
    }
}
