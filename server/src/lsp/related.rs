//! Related notes for every client: a client that declares support for
//! `relatedInformation` (`textDocument.publishDiagnostics.relatedInformation`)
//! gets each diagnostic's notes there; any other client (Helix, for one)
//! does not render them, so it gets each note as a hint-severity diagnostic
//! of its own, at the note's range, whose message says which error it
//! explains. A note at the error's own range is left out for those
//! clients: the error is shown there already.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use tower_lsp::lsp_types::{ClientCapabilities, Diagnostic, DiagnosticSeverity};

/// Whether the client renders `relatedInformation`: set once, from the
/// client's capabilities at `initialize`, read when diagnostics are sent.
#[derive(Clone, Default)]
pub struct RelatedSupport(Arc<AtomicBool>);

impl RelatedSupport {
    /// Records what the client declared.
    pub fn set_from(&self, capabilities: &ClientCapabilities) {
        let declared = capabilities
            .text_document
            .as_ref()
            .and_then(|text| text.publish_diagnostics.as_ref())
            .and_then(|publish| publish.related_information)
            .unwrap_or(false);
        self.0.store(declared, Ordering::SeqCst);
    }

    /// The diagnostics as this client should receive them.
    pub fn for_client(&self, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
        if self.0.load(Ordering::SeqCst) {
            diagnostics
        } else {
            notes_as_hints(diagnostics)
        }
    }
}

/// Each diagnostic without its related information, followed by its notes
/// as hints.
pub fn notes_as_hints(diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut out = Vec::with_capacity(diagnostics.len());
    for mut diagnostic in diagnostics {
        let related = diagnostic.related_information.take().unwrap_or_default();
        let hints: Vec<Diagnostic> = related
            .into_iter()
            .filter(|note| note.location.range != diagnostic.range)
            .map(|note| Diagnostic {
                range: note.location.range,
                severity: Some(DiagnosticSeverity::HINT),
                source: diagnostic.source.clone(),
                message: format!(
                    "{} (explains the error at {})",
                    note.message,
                    at(&diagnostic)
                ),
                ..Diagnostic::default()
            })
            .collect();
        out.push(diagnostic);
        out.extend(hints);
    }
    out
}

/// Where a diagnostic starts, as `line:column` counted from 1, as the
/// checker's messages cite places.
fn at(diagnostic: &Diagnostic) -> String {
    let start = diagnostic.range.start;
    format!("{}:{}", start.line + 1, start.character + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower_lsp::lsp_types::{
        DiagnosticRelatedInformation, Location, Position, PublishDiagnosticsClientCapabilities,
        Range, TextDocumentClientCapabilities, Url,
    };

    fn range(line: u32, from: u32, to: u32) -> Range {
        Range::new(Position::new(line, from), Position::new(line, to))
    }

    fn error_with_notes() -> Diagnostic {
        let uri = Url::parse("file:///a.fut").unwrap();
        let note = |range, message: &str| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), range),
            message: message.into(),
        };
        Diagnostic {
            range: range(5, 5, 7),
            severity: Some(DiagnosticSeverity::ERROR),
            source: Some("runic".into()),
            message: "Using variable \"xs\", but this was consumed at 5:20-22.".into(),
            related_information: Some(vec![
                note(range(4, 19, 21), "\"xs\" consumed here"),
                note(range(5, 5, 7), "\"xs\" used again here"),
            ]),
            ..Diagnostic::default()
        }
    }

    #[test]
    fn a_client_without_related_information_gets_hints_that_name_the_error() {
        let support = RelatedSupport::default();
        support.set_from(&ClientCapabilities::default());
        let sent = support.for_client(vec![error_with_notes()]);
        let shown: Vec<String> = sent
            .iter()
            .map(|d| {
                let at = d.range.start;
                let related = d.related_information.as_ref().map_or(0, Vec::len);
                format!(
                    "{}:{} {:?} related={related} {}",
                    at.line, at.character, d.severity, d.message
                )
            })
            .collect();
        expect_test::expect![[r#"
            5:5 Some(Error) related=0 Using variable "xs", but this was consumed at 5:20-22.
            4:19 Some(Hint) related=0 "xs" consumed here (explains the error at 6:6)"#]]
        .assert_eq(&shown.join("\n"));
    }

    #[test]
    fn a_client_with_related_information_gets_the_notes_there_only() {
        let support = RelatedSupport::default();
        let capabilities = ClientCapabilities {
            text_document: Some(TextDocumentClientCapabilities {
                publish_diagnostics: Some(PublishDiagnosticsClientCapabilities {
                    related_information: Some(true),
                    ..Default::default()
                }),
                ..Default::default()
            }),
            ..Default::default()
        };
        support.set_from(&capabilities);
        assert_eq!(
            support.for_client(vec![error_with_notes()]),
            vec![error_with_notes()]
        );
    }
}
