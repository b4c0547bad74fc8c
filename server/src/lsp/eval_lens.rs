//! Evaluation lenses: a comment `-- >>> EXPR` gets a code lens whose title
//! is the value of `EXPR`, evaluated by the interpreter in the scope of the
//! file (as a constant entry point appended to it). Evaluation runs on its
//! own thread under a step budget, a time limit and a memory limit, so a
//! long, endless or greedy computation costs at most the limit and never
//! blocks the server.

use std::time::{Duration, Instant};

use runic_eval::run::{call_entry, show_results};
use runic_eval::Limits;
use runic_queries::{file_diagnostics, Db, Severity, TextRange, TextSize, Workspace};
use tower_lsp::jsonrpc::Result;
use tower_lsp::lsp_types::{CodeLens, Command};

use super::line_index::LineIndex;
use super::owner::Snapshot;
use crate::cli::run::lower_workspace;

/// How long all the lenses of a file may take together.
const TIME_LIMIT: Duration = Duration::from_secs(2);
/// Function calls and loop iterations allowed per expression.
const STEP_LIMIT: u64 = 20_000_000;
/// The memory one expression may hold.
const MEMORY_LIMIT: u64 = 512 << 20;
/// Titles longer than this are cut.
const TITLE_LIMIT: usize = 200;

/// The `-- >>> EXPR` comments of a text: the comment's range and `EXPR`.
pub fn probes(text: &str) -> Vec<(TextRange, String)> {
    let mut found = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if let Some(expr) = trimmed.strip_prefix("-- >>>") {
            let start = offset + (line.len() - trimmed.len());
            let end = offset + line.trim_end().len();
            let range = TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32));
            found.push((range, expr.trim().to_string()));
        }
        offset += line.len();
    }
    found
}

/// The lenses of the snapshot's document.
pub fn code_lenses(snapshot: &Snapshot) -> Result<Vec<CodeLens>> {
    let db = &snapshot.db;
    let text = snapshot.file.text(db).to_string();
    let probes = probes(&text);
    if probes.is_empty() {
        return Ok(Vec::new());
    }
    let exprs: Vec<String> = probes.iter().map(|(_, e)| e.clone()).collect();
    let titles = evaluate(Sources::of(snapshot), exprs);
    let index = LineIndex::new(&text);
    Ok(probes
        .iter()
        .zip(titles)
        .map(|((range, _), title)| CodeLens {
            range: index.range(*range),
            command: Some(Command {
                title,
                command: String::new(),
                arguments: None,
            }),
            data: None,
        })
        .collect())
}

/// The document (its path and text) and the other files of the workspace.
pub struct Sources {
    pub main: String,
    pub text: String,
    pub files: Vec<(String, String)>,
}

impl Sources {
    /// The snapshot's document and every file the workspace holds, for the
    /// document's imports.
    pub fn of(snapshot: &Snapshot) -> Sources {
        let db = &snapshot.db;
        let files = db
            .source_root()
            .map(|root| {
                root.files(db)
                    .iter()
                    .map(|(path, file)| (path.clone(), file.text(db).to_string()))
                    .collect()
            })
            .unwrap_or_default();
        Sources {
            main: snapshot.file.path(db).to_string(),
            text: snapshot.file.text(db).to_string(),
            files,
        }
    }
}

/// Why a program could not be loaded: the first compile error, with its
/// place (`path:line:column`, from 1) when it has one.
pub struct LoadError {
    pub message: String,
    pub location: Option<String>,
}

/// The title of each expression's lens, computed on a separate thread
/// within the time limit.
pub fn evaluate(sources: Sources, exprs: Vec<String>) -> Vec<String> {
    let count = exprs.len();
    let (send, receive) = std::sync::mpsc::channel();
    let deadline = Instant::now() + TIME_LIMIT;
    let spawned = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            let _ = send.send(evaluate_all(&sources, &exprs, deadline));
        });
    if spawned.is_err() {
        return vec!["cannot evaluate: no thread".to_string(); count];
    }
    // The thread stops by itself at the deadline; a little slack for
    // setting up.
    match receive.recv_timeout(TIME_LIMIT + Duration::from_secs(1)) {
        Ok(titles) => titles,
        Err(_) => vec![
            format!(
                "evaluation stopped: time limit ({} s) reached",
                TIME_LIMIT.as_secs()
            );
            count
        ],
    }
}

fn evaluate_all(sources: &Sources, exprs: &[String], deadline: Instant) -> Vec<String> {
    let mut program = sources.text.clone();
    for (i, expr) in exprs.iter().enumerate() {
        program.push_str(&format!("\nentry runic_lens_{i} = ({expr})\n"));
    }
    let loaded = match load(sources, program) {
        Ok(p) => p,
        Err(e) => {
            let title = shorten(&format!("cannot evaluate: {}", e.message));
            return vec![title; exprs.len()];
        }
    };
    (0..exprs.len())
        .map(|i| {
            let name = format!("runic_lens_{i}");
            let limits = Limits {
                steps: STEP_LIMIT,
                deadline: Some(deadline),
                memory: Some(MEMORY_LIMIT),
                ..Limits::default()
            };
            let title = match call_entry(&loaded, &name, &[], limits) {
                Ok(values) => format!("= {}", show_results(&loaded, &name, &values).join(", ")),
                Err(runic_eval::run::RunError::Runtime(e)) => format!("error: {}", e.message),
                Err(e) => format!("error: {e}"),
            };
            shorten(&title.replace('\n', " "))
        })
        .collect()
}

/// Checks and lowers the document, with its text replaced by `program`.
pub fn load(
    sources: &Sources,
    program: String,
) -> std::result::Result<runic_eval::Program, LoadError> {
    let mut workspace = Workspace::new();
    for (path, text) in &sources.files {
        if *path != sources.main {
            workspace.set_text(path, text.clone());
        }
    }
    let file = workspace.set_text(&sources.main, program.clone());
    let diagnostics = file_diagnostics(workspace.db(), file);
    if let Some(error) = diagnostics.iter().find(|d| d.severity == Severity::Error) {
        let at = LineIndex::new(&program).position(usize::from(error.range.start()));
        return Err(LoadError {
            message: error.message.clone(),
            location: Some(format!(
                "{}:{}:{}",
                sources.main,
                at.line + 1,
                at.character + 1
            )),
        });
    }
    lower_workspace(&workspace, &sources.main).map_err(|e| LoadError {
        location: (!e.loc.is_empty()).then_some(e.loc),
        message: e.message,
    })
}

fn shorten(title: &str) -> String {
    if title.chars().count() <= TITLE_LIMIT {
        return title.to_string();
    }
    let cut: String = title.chars().take(TITLE_LIMIT).collect();
    format!("{cut}…")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probes_are_comments_starting_with_three_angles() {
        let text =
            "def f (x: i32) = x + 1\n-- >>> f 41\n  -- >>>  map f [1, 2]\n-- >> not a probe\n";
        let found: Vec<String> = probes(text).into_iter().map(|(_, e)| e).collect();
        assert_eq!(found, vec!["f 41", "map f [1, 2]"]);
    }

    #[test]
    fn values_errors_and_endless_loops() {
        let sources = Sources {
            main: "dir/m.fut".into(),
            text: "import \"lib\"\ndef f (x: i32) = x + 1\n".into(),
            files: vec![("dir/lib.fut".into(), "def g (x: i32) = x * 2\n".into())],
        };
        let exprs = vec![
            "f (g 20)".to_string(),
            "[1, 2][3]".to_string(),
            "loop i = 0i64 while true do i + 1".to_string(),
        ];
        let started = Instant::now();
        let titles = evaluate(sources, exprs);
        assert!(started.elapsed() < TIME_LIMIT + Duration::from_secs(2));
        assert_eq!(titles[0], "= 41i32");
        assert_eq!(
            titles[1],
            "error: Index [3] out of bounds for array of shape [2]."
        );
        assert!(
            titles[2].starts_with("error: evaluation stopped"),
            "{}",
            titles[2]
        );
    }
}
