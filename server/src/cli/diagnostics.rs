//! Rendering diagnostics with codespan-reporting: file name, `line:column`,
//! the source line with the problem underlined, related places as secondary
//! labels.
//!
//! Colours are used only when stderr is a terminal. A long source line is
//! shown as a window around the underlined part ([`window`]); a file prints
//! at most [`MAX_DIAGNOSTICS`] diagnostics and one line counting the rest.

use std::io::IsTerminal;

use codespan_reporting::diagnostic::{Diagnostic as Report, Label, Severity as ReportSeverity};
use codespan_reporting::files::{self, Files, SimpleFile};
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

    /// Prints `diagnostics` of the file `name` with contents `text`, in
    /// order: the first [`MAX_DIAGNOSTICS`], then a count of the rest.
    pub fn report(&mut self, name: &str, text: &str, diagnostics: &[Diagnostic]) {
        let mut lock = self.stream.lock();
        let mut writer = StylesWriter::new(&mut lock, &self.styles);
        for diagnostic in diagnostics.iter().take(MAX_DIAGNOSTICS) {
            let (file, report) = windowed_report(name, text, diagnostic);
            // A failure to write to stderr leaves nothing better to do than carry on.
            let _ = term::emit_to_write_style(&mut writer, &self.config, &file, &report);
        }
        if let Some(line) = rest_line(diagnostics.len()) {
            use std::io::Write;
            let _ = writeln!(lock, "{line}");
        }
    }
}

/// Whether any of `diagnostics` is an error (warnings and hints do not fail a check).
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(|d| d.severity == Severity::Error)
}

/// The most diagnostics printed for one file.
pub const MAX_DIAGNOSTICS: usize = 200;

/// The line that counts the diagnostics past [`MAX_DIAGNOSTICS`], if any.
fn rest_line(count: usize) -> Option<String> {
    (count > MAX_DIAGNOSTICS).then(|| {
        let rest = count - MAX_DIAGNOSTICS;
        let s = if rest == 1 { "" } else { "s" };
        format!("... and {rest} more diagnostic{s} in this file, not shown")
    })
}

/// Renders `diagnostics` as plain text (no colours), as `check` prints them.
#[cfg(test)]
pub fn render_to_string(name: &str, text: &str, diagnostics: &[Diagnostic]) -> String {
    let config = Config::default();
    let mut out: String = diagnostics
        .iter()
        .take(MAX_DIAGNOSTICS)
        .map(|d| {
            let (file, report) = windowed_report(name, text, d);
            term::emit_into_string(&config, &file, &report).unwrap_or_default()
        })
        .collect();
    if let Some(line) = rest_line(diagnostics.len()) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Lines longer than this (in bytes) are shown as a window.
const LONG_LINE: usize = 240;
/// Bytes shown on each side of a label in a window, and the most of a
/// label itself.
const CONTEXT: usize = 60;
const MAX_LABEL: usize = 120;

/// The file to render `diagnostic` against and its report: the whole text
/// when its lines are short, else only the lines of its labels, each cut
/// to a window around them ([`window`]).
fn windowed_report<'a>(
    name: &'a str,
    text: &'a str,
    diagnostic: &Diagnostic,
) -> (Window<'a>, Report<()>) {
    let report = to_report(text, diagnostic);
    let long = report.labels.iter().any(|label| {
        let (start, end) = line_bounds(text, label.range.start);
        end - start > LONG_LINE || label.range.end > end
    });
    if !long {
        return (Window::Whole(SimpleFile::new(name, text)), report);
    }
    window(name, text, report)
}

/// The start and end (before the newline) of the line holding `offset`.
fn line_bounds(text: &str, offset: usize) -> (usize, usize) {
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    (start, end)
}

/// One shown line of a window: which line of the text, where its shown
/// part starts in the text, and where it starts in the window's source.
struct ShownLine {
    number: usize,
    text_start: usize,
    source_start: usize,
    source_end: usize,
}

/// What a diagnostic is rendered against.
enum Window<'a> {
    Whole(SimpleFile<&'a str, &'a str>),
    /// Only the labels' lines, cut around them; line and column numbers
    /// are those of the whole text.
    Cut {
        name: &'a str,
        text: &'a str,
        source: String,
        lines: Vec<ShownLine>,
    },
}

/// The window of `report`'s labels: each label's line cut to [`CONTEXT`]
/// bytes around the label (labels longer than [`MAX_LABEL`] cut too, and
/// kept on their first line), with `…` where text was cut.
fn window<'a>(name: &'a str, text: &'a str, mut report: Report<()>) -> (Window<'a>, Report<()>) {
    // Each label's line and the part of it to show.
    let mut parts: Vec<(usize, usize, usize)> = Vec::new(); // (line start, from, to)
    for label in &mut report.labels {
        let (line_start, line_end) = line_bounds(text, label.range.start);
        let end = label
            .range
            .end
            .min(line_end)
            .min(label.range.start + MAX_LABEL);
        label.range.end = floor_char_boundary(text, end).max(label.range.start);
        let from = floor_char_boundary(
            text,
            label.range.start.saturating_sub(CONTEXT).max(line_start),
        );
        let to = floor_char_boundary(text, (label.range.end + CONTEXT).min(line_end));
        match parts.iter_mut().find(|(start, ..)| *start == line_start) {
            Some(part) => {
                part.1 = part.1.min(from);
                part.2 = part.2.max(to);
            }
            None => parts.push((line_start, from, to)),
        }
    }
    parts.sort();
    let mut source = String::new();
    let mut lines = Vec::new();
    for &(line_start, from, to) in &parts {
        let line_end = line_bounds(text, line_start).1;
        if from > line_start {
            source.push('…');
        }
        let source_start = source.len();
        source.push_str(&text[from..to]);
        let source_end = source.len();
        if to < line_end {
            source.push('…');
        }
        source.push('\n');
        lines.push(ShownLine {
            number: text[..line_start].matches('\n').count(),
            text_start: from,
            source_start,
            source_end,
        });
    }
    for label in &mut report.labels {
        let line = lines
            .iter()
            .rev()
            .find(|l| l.text_start <= label.range.start)
            .unwrap_or(&lines[0]);
        let map =
            |offset: usize| (offset - line.text_start + line.source_start).min(line.source_end);
        label.range = map(label.range.start)..map(label.range.end);
    }
    (
        Window::Cut {
            name,
            text,
            source,
            lines,
        },
        report,
    )
}

impl<'f, 'a: 'f> Files<'f> for Window<'a> {
    type FileId = ();
    type Name = &'f str;
    type Source = &'f str;

    fn name(&'f self, id: ()) -> Result<&'f str, files::Error> {
        match self {
            Window::Whole(file) => Files::name(file, id),
            Window::Cut { name, .. } => Ok(name),
        }
    }

    fn source(&'f self, id: ()) -> Result<&'f str, files::Error> {
        match self {
            Window::Whole(file) => Files::source(file, id),
            Window::Cut { source, .. } => Ok(source),
        }
    }

    fn line_index(&'f self, id: (), byte_index: usize) -> Result<usize, files::Error> {
        match self {
            Window::Whole(file) => file.line_index(id, byte_index),
            Window::Cut { lines, .. } => Ok(lines
                .iter()
                .rposition(|l| l.source_start <= byte_index)
                .unwrap_or(0)),
        }
    }

    fn line_number(&'f self, id: (), line_index: usize) -> Result<usize, files::Error> {
        match self {
            Window::Whole(file) => file.line_number(id, line_index),
            Window::Cut { lines, .. } => Ok(lines.get(line_index).map_or(1, |l| l.number + 1)),
        }
    }

    fn column_number(
        &'f self,
        id: (),
        line_index: usize,
        byte_index: usize,
    ) -> Result<usize, files::Error> {
        match self {
            Window::Whole(file) => file.column_number(id, line_index, byte_index),
            Window::Cut {
                text,
                source,
                lines,
                ..
            } => {
                let Some(line) = lines.get(line_index) else {
                    return Ok(1);
                };
                let line_start = line_bounds(text, line.text_start).0;
                let before = text[line_start..line.text_start].chars().count();
                let byte_index = byte_index.clamp(line.source_start, line.source_end);
                let within = source[line.source_start..byte_index].chars().count();
                Ok(before + within + 1)
            }
        }
    }

    fn line_range(
        &'f self,
        id: (),
        line_index: usize,
    ) -> Result<std::ops::Range<usize>, files::Error> {
        match self {
            Window::Whole(file) => file.line_range(id, line_index),
            Window::Cut { source, lines, .. } => {
                let Some(line) = lines.get(line_index) else {
                    return Err(files::Error::LineTooLarge {
                        given: line_index,
                        max: lines.len().saturating_sub(1),
                    });
                };
                // The whole shown line, `…` marks included.
                let start = source[..line.source_start].rfind('\n').map_or(0, |i| i + 1);
                let end = source[line.source_end..]
                    .find('\n')
                    .map_or(source.len(), |i| line.source_end + i + 1);
                Ok(start..end)
            }
        }
    }
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
    fn long_lines_show_a_window_around_the_problem() {
        let text = format!("def main = {}x{}\n", "(".repeat(5000), ")".repeat(5000));
        let at = 11 + 5000;
        let diagnostic = Diagnostic::error(range(at, at + 1), "Unknown name \"x\"");
        let out = render_to_string("x.fut", &text, &[diagnostic]);
        assert!(out.contains(&format!("x.fut:1:{}", at + 1)), "{out}");
        assert!(out.len() < 1000, "{out}");
        assert!(out.contains("…((((") && out.contains("x))))"), "{out}");
    }

    #[test]
    fn many_diagnostics_end_with_a_count() {
        let diagnostics: Vec<_> = (0..MAX_DIAGNOSTICS as u32 + 7)
            .map(|i| Diagnostic::error(range(i, i + 1), "bad"))
            .collect();
        let out = render_to_string("x.fut", &"x".repeat(1000), &diagnostics);
        assert_eq!(out.matches("error: bad").count(), MAX_DIAGNOSTICS);
        assert!(
            out.ends_with("... and 7 more diagnostics in this file, not shown\n"),
            "{out}"
        );
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
