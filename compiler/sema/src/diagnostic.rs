//! The checker's neutral diagnostic: a message at a byte range with a code
//! and related locations that tell the whole story. Converted to LSP or
//! terminal output by the crates that do IO.
//!
//! Places are [`Loc`]s: a range within a checked declaration, named by the
//! [`Origin`] its caller gave it. Checked one declaration at a time, ranges
//! are relative to the declaration, so a declaration's diagnostics and
//! environment stay the same when text before it moves; the caller turns
//! them into file positions. Messages that cite a place by line and column
//! (as Futhark's do) hold a placeholder until then ([`resolve_citations`]).

use runic_syntax::{TextRange, TextSize};

/// Which declaration a range is relative to: an id chosen by the caller of
/// the checker (0 when ranges are file offsets).
pub type Origin = u64;

/// The declaration of the diagnostic that holds the location.
pub const SAME_DECL: Origin = u64::MAX;

/// A place in the program: a range within the declaration `origin`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Loc {
    pub origin: Origin,
    pub range: TextRange,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Where, within the checked declaration.
    pub range: TextRange,
    /// The message; see [`resolve_citations`] for the places it cites.
    pub message: String,
    /// A stable name for the kind of problem, e.g. `unknown-name`.
    pub code: &'static str,
    /// Other places that explain the problem, each with a short note.
    pub related: Vec<(Loc, String)>,
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

    /// A related place in the diagnostic's own declaration.
    pub fn with_related(self, range: TextRange, note: impl Into<String>) -> Self {
        self.with_related_at(
            Loc {
                origin: SAME_DECL,
                range,
            },
            note,
        )
    }

    /// A related place anywhere.
    pub fn with_related_at(mut self, loc: Loc, note: impl Into<String>) -> Self {
        self.related.push((loc, note.into()));
        self
    }
}

const CITE_OPEN: char = '\u{F8F0}';
const CITE_CLOSE: char = '\u{F8F1}';

/// The placeholder a message holds for "line:column of the start of `loc`".
pub fn citation(loc: Loc) -> String {
    format!(
        "{CITE_OPEN}{}:{}{CITE_CLOSE}",
        loc.origin,
        u32::from(loc.range.start())
    )
}

/// The placeholder for "line:column-endcolumn" of `loc` (a one-line span).
pub fn span_citation(loc: Loc) -> String {
    format!(
        "{CITE_OPEN}{}:{}+{}{CITE_CLOSE}",
        loc.origin,
        u32::from(loc.range.start()),
        u32::from(loc.range.len())
    )
}

/// Replaces each citation placeholder of `message` by `line:column` (or
/// `line:column-endcolumn`), as `locate` gives them (one-based), or by `?`
/// where it cannot.
pub fn resolve_citations(
    message: &str,
    locate: &dyn Fn(Origin, TextSize) -> Option<(usize, usize)>,
) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(open) = rest.find(CITE_OPEN) {
        out.push_str(&rest[..open]);
        let after = &rest[open + CITE_OPEN.len_utf8()..];
        let Some(close) = after.find(CITE_CLOSE) else {
            rest = after;
            break;
        };
        let place = after[..close].split_once(':').and_then(|(origin, offset)| {
            let (offset, len) = offset.split_once('+').unwrap_or((offset, ""));
            let origin = origin.parse().ok()?;
            let (line, column) = locate(origin, TextSize::from(offset.parse::<u32>().ok()?))?;
            Some(match len.parse::<usize>() {
                Ok(len) => format!("{line}:{column}-{}", column + len),
                Err(_) => format!("{line}:{column}"),
            })
        });
        out.push_str(place.as_deref().unwrap_or("?"));
        rest = &after[close + CITE_CLOSE.len_utf8()..];
    }
    out.push_str(rest);
    out
}

/// One-based line and column of `offset`, given the start offsets of lines.
pub fn line_col_of(line_starts: &[usize], offset: usize) -> (usize, usize) {
    let line = line_starts.partition_point(|&start| start <= offset).max(1);
    (line, offset - line_starts[line - 1] + 1)
}
