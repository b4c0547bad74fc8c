//! Rendering diagnostics with codespan-reporting: file name, `line:column`,
//! the source line with the problem underlined.
//!
//! Colours are used only when stderr is a terminal (and `NO_COLOR` is unset).

use std::io::IsTerminal;

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::termcolor::{ColorChoice, StandardStream};
use codespan_reporting::term::{self, Config, Styles, StylesWriter};
use runic_syntax::SyntaxError;

use super::input::SourceFile;

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

    /// Prints every syntax error of `file`, in order.
    pub fn report_syntax_errors(&mut self, file: &SourceFile, errors: &[SyntaxError]) {
        let files = SimpleFile::new(file.name.as_str(), file.text.as_str());
        let mut lock = self.stream.lock();
        let mut writer = StylesWriter::new(&mut lock, &self.styles);
        for error in errors {
            let diagnostic = syntax_diagnostic(&file.text, error);
            // A failure to write to stderr leaves nothing better to do than carry on.
            let _ = term::emit_to_write_style(&mut writer, &self.config, &files, &diagnostic);
        }
    }
}

/// Renders the syntax errors of `file` as plain text (no colours), as `check` prints them.
#[cfg(test)]
pub fn render_to_string(file: &SourceFile, errors: &[SyntaxError]) -> String {
    let files = SimpleFile::new(file.name.as_str(), file.text.as_str());
    let config = Config::default();
    errors
        .iter()
        .map(|error| {
            term::emit_into_string(&config, &files, &syntax_diagnostic(&file.text, error))
                .unwrap_or_default()
        })
        .collect()
}

/// A codespan diagnostic for one syntax error, its range clamped onto `text`.
fn syntax_diagnostic(text: &str, error: &SyntaxError) -> Diagnostic<()> {
    let start = clamp_to_char_boundary(text, u32::from(error.range.start()) as usize);
    let end = clamp_to_char_boundary(text, u32::from(error.range.end()) as usize).max(start);
    Diagnostic::error()
        .with_message(error.message.clone())
        .with_labels(vec![Label::primary((), start..end)])
}

/// The largest char boundary of `text` at or before `offset`.
fn clamp_to_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;
    use runic_syntax::{TextRange, TextSize};

    fn error(start: u32, end: u32) -> SyntaxError {
        SyntaxError::new(
            TextRange::new(TextSize::new(start), TextSize::new(end)),
            "boom",
        )
    }

    #[test]
    fn ranges_outside_or_inside_chars_are_clamped() {
        let file = SourceFile {
            name: "x.fut".into(),
            text: "def é = 1".into(),
        };
        // 5 is inside the two-byte `é`; 100 is past the end.
        let out = render_to_string(&file, &[error(5, 100)]);
        assert!(out.contains("x.fut:1:5"), "{out}");
    }
}
