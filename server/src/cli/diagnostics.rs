//! Rendering diagnostics with codespan-reporting: file name, `line:column`,
//! the source line with the problem underlined, related places as secondary
//! labels.
//!
//! Colours are used only when stderr is a terminal.

use std::io::IsTerminal;

use codespan_reporting::diagnostic::{Diagnostic as Report, Label, Severity as ReportSeverity};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::termcolor::{ColorChoice, StandardStream};
use codespan_reporting::term::{self, Config, Styles, StylesWriter};
use runic_queries::{Diagnostic, Severity, TextRange};

/// Where diagnostics go: a terminal-aware stderr stream.
pub struct Reporter {
    stream: StandardStream,
    config: Config,
    styles: Styles,
}

impl Reporter {
    /// A reporter on stderr, coloured if stderr is a terminal.
    pub fn stderr() -> Reporter {
        let choice = if std::io::stderr().is_terminal() {
            ColorChoice::Auto
        } else {
            ColorChoice::Never
        };
        Reporter {
            stream: StandardStream::stderr(choice),
            config: Config::default(),
            styles: Styles::default(),
        }
    }

    /// Prints `diagnostics` of the file `name` with contents `text`, in order.
    pub fn report(&mut self, name: &str, text: &str, diagnostics: &[Diagnostic]) {
        let files = SimpleFile::new(name, text);
        let mut lock = self.stream.lock();
        let mut writer = StylesWriter::new(&mut lock, &self.styles);
        for diagnostic in diagnostics {
            let report = to_report(text, diagnostic);
            // A failure to write to stderr leaves nothing better to do than carry on.
            let _ = term::emit_to_write_style(&mut writer, &self.config, &files, &report);
        }
    }
}

/// Whether any of `diagnostics` is an error (warnings and hints do not fail a check).
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(|d| d.severity == Severity::Error)
}

/// Renders `diagnostics` as plain text (no colours), as `check` prints them.
#[cfg(test)]
pub fn render_to_string(name: &str, text: &str, diagnostics: &[Diagnostic]) -> String {
    let files = SimpleFile::new(name, text);
    let config = Config::default();
    diagnostics
        .iter()
        .map(|d| term::emit_into_string(&config, &files, &to_report(text, d)).unwrap_or_default())
        .collect()
}

/// The codespan report for one diagnostic, its ranges clamped onto `text`.
fn to_report(text: &str, diagnostic: &Diagnostic) -> Report<()> {
    let primary = Label::primary((), clamp(text, diagnostic.range));
    let related = diagnostic
        .related
        .iter()
        .map(|r| Label::secondary((), clamp(text, r.range)).with_message(r.message.clone()));
    let report = Report::new(severity(diagnostic.severity))
        .with_message(diagnostic.message.clone())
        .with_labels(std::iter::once(primary).chain(related).collect());
    match diagnostic.code {
        Some(code) => report.with_code(code),
        None => report,
    }
}

fn severity(severity: Severity) -> ReportSeverity {
    match severity {
        Severity::Error => ReportSeverity::Error,
        Severity::Warning => ReportSeverity::Warning,
        Severity::Info => ReportSeverity::Note,
        Severity::Hint => ReportSeverity::Help,
    }
}

/// `range` as a byte range of `text`, both ends moved onto char boundaries inside it.
fn clamp(text: &str, range: TextRange) -> std::ops::Range<usize> {
    let start = floor_char_boundary(text, u32::from(range.start()) as usize);
    let end = floor_char_boundary(text, u32::from(range.end()) as usize).max(start);
    start..end
}

/// The largest char boundary of `text` at or before `offset`.
fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;
    use runic_queries::TextSize;

    fn range(start: u32, end: u32) -> TextRange {
        TextRange::new(TextSize::new(start), TextSize::new(end))
    }

    #[test]
    fn ranges_outside_or_inside_chars_are_clamped() {
        // 5 is inside the two-byte `é`; 100 is past the end.
        let diagnostic = Diagnostic::error(range(5, 100), "boom");
        let out = render_to_string("x.fut", "def é = 1", &[diagnostic]);
        assert!(out.contains("x.fut:1:5"), "{out}");
    }

    #[test]
    fn related_places_become_secondary_labels() {
        let diagnostic = Diagnostic::error(range(8, 9), "`x` is bound more than once")
            .with_code("duplicate-binding")
            .with_related(range(6, 7), "`x` is first bound here");
        let out = render_to_string("x.fut", "def f x x = x", &[diagnostic]);
        // codespan pads some lines with spaces; the snapshot ignores them.
        let out: String = out.lines().map(|l| format!("{}\n", l.trim_end())).collect();
        expect_test::expect![[r#"
            error[duplicate-binding]: `x` is bound more than once
              ┌─ x.fut:1:9
              │
            1 │ def f x x = x
              │       - ^
              │       │
              │       `x` is first bound here

        "#]]
        .assert_eq(&out);
    }

    #[test]
    fn warnings_do_not_count_as_errors() {
        let mut warning = Diagnostic::error(range(0, 1), "meh");
        warning.severity = Severity::Warning;
        assert!(!has_errors(&[warning.clone()]));
        assert!(has_errors(&[
            warning,
            Diagnostic::error(range(0, 1), "bad")
        ]));
    }
}
