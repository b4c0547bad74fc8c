//! Diagnostics in a neutral form (byte ranges, no LSP or terminal types), and
//! the queries producing them.
//!
//! [`file_diagnostics`] = the parser's errors + the type checker's
//! ([`crate::semantic_diagnostics`]), except inside declarations that do not
//! parse.

use runic_syntax::{TextRange, TextSize};

use crate::{parse, Db, File};

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
    Info,
    Hint,
}

/// A secondary place that explains a diagnostic ("first bound here").
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Related {
    pub range: TextRange,
    pub message: String,
}

/// A problem in a file, with its primary range and related places.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    /// Byte range in the file.
    pub range: TextRange,
    /// A stable name for the kind of problem, e.g. `syntax-error`.
    pub code: Option<&'static str>,
    pub related: Vec<Related>,
}

impl Diagnostic {
    pub fn error(range: TextRange, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            range,
            code: None,
            related: Vec::new(),
        }
    }

    pub fn with_code(mut self, code: &'static str) -> Self {
        self.code = Some(code);
        self
    }

    pub fn with_related(mut self, range: TextRange, message: impl Into<String>) -> Self {
        self.related.push(Related {
            range,
            message: message.into(),
        });
        self
    }

    /// The same diagnostic with every range moved forward by `offset`.
    pub fn shifted(&self, offset: TextSize) -> Diagnostic {
        let mut shifted = self.clone();
        shifted.range += offset;
        for related in &mut shifted.related {
            related.range += offset;
        }
        shifted
    }
}

/// All diagnostics of a file, sorted by position.
#[salsa::tracked(returns(ref))]
pub fn file_diagnostics(db: &dyn Db, file: File) -> Vec<Diagnostic> {
    let parse = parse(db, file);
    let mut diagnostics: Vec<Diagnostic> = parse
        .errors()
        .iter()
        .map(|error| Diagnostic::error(error.range, &error.message).with_code("syntax-error"))
        .collect();
    // A declaration with a syntax error shows that error alone: type errors
    // in a half-typed declaration are noise.
    let broken: Vec<TextRange> = if parse.errors().is_empty() {
        Vec::new()
    } else {
        parse
            .syntax()
            .children()
            .map(|decl| decl.text_range())
            .filter(|range| parse.errors().iter().any(|e| range.contains_range(e.range)))
            .collect()
    };
    diagnostics.extend(
        crate::semantic_diagnostics(db, file)
            .iter()
            .filter(|d| !broken.iter().any(|range| range.contains_range(d.range)))
            .cloned(),
    );
    diagnostics.sort_by_key(|d| (d.range.start(), d.range.end()));
    diagnostics
}
