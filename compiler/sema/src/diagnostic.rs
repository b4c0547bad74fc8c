//! The checker's neutral diagnostic: a message at a byte range with a code
//! and related locations that tell the whole story. Converted to LSP or
//! terminal output by the crates that do IO.

use runic_syntax::TextRange;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    pub severity: Severity,
    pub range: TextRange,
    pub message: String,
    /// A stable name for the kind of problem, e.g. `unknown-name`.
    pub code: &'static str,
    /// Other places that explain the problem, each with a short note.
    pub related: Vec<(TextRange, String)>,
}

impl Diagnostic {
    pub fn error(code: &'static str, range: TextRange, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            range,
            message: message.into(),
            code,
            related: Vec::new(),
        }
    }

    pub fn warning(code: &'static str, range: TextRange, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, range, message)
        }
    }

    pub fn with_related(mut self, range: TextRange, note: impl Into<String>) -> Self {
        self.related.push((range, note.into()));
        self
    }
}
