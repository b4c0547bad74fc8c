//! Publishing diagnostics: jobs that compute them on snapshots, and one task
//! that sends them to the client, newest only.
//!
//! Every job carries a generation number, increasing per document. A job
//! cancelled by a newer write asks the owner to recheck; the owner reruns it
//! only if no newer job was scheduled since. The publisher drops any result
//! older than one it already sent, so the last diagnostics the client sees are
//! always those of the latest text.

use std::collections::HashMap;
use std::panic::{self, AssertUnwindSafe};

use runic_queries::file_diagnostics;
use tokio::sync::mpsc;
use tower_lsp::lsp_types::{Diagnostic, Url};
use tower_lsp::Client;

use super::convert;
use super::line_index::LineIndex;
use super::owner::{Message, Snapshot};
use super::related::RelatedSupport;

/// Diagnostics ready to be sent.
pub struct Publication {
    pub uri: Url,
    /// The document version they describe (`None` after a close).
    pub version: Option<i32>,
    pub generation: u64,
    pub diagnostics: Vec<Diagnostic>,
}

/// Computes a document's diagnostics on a snapshot (on a blocking thread).
pub fn run_job(
    snapshot: Snapshot,
    generation: u64,
    publications: &mpsc::UnboundedSender<Publication>,
    owner: &mpsc::UnboundedSender<Message>,
) {
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| compute(&snapshot)));
    let Snapshot {
        db, uri, version, ..
    } = snapshot;
    // Drop the database handle first: a pending write is waiting for it.
    drop(db);
    match outcome {
        Ok(diagnostics) => {
            let _ = publications.send(Publication {
                uri,
                version: Some(version),
                generation,
                diagnostics,
            });
        }
        Err(payload) if payload.is::<runic_queries::Cancelled>() => {
            let _ = owner.send(Message::Recheck { uri, generation });
        }
        Err(payload) => eprintln!(
            "runic lsp: internal error computing diagnostics for {uri}: {}",
            super::panic_message(&payload)
        ),
    }
}

fn compute(snapshot: &Snapshot) -> Vec<Diagnostic> {
    // The prelude's read-only copies are part of the compiler, not the
    // user's program (and `intrinsics.fut` is only specs).
    if super::prelude_files::is_prelude(&snapshot.uri) {
        return Vec::new();
    }
    let db = &snapshot.db;
    let all = file_diagnostics(db, snapshot.file);
    if all.is_empty() {
        // No line index to build: a walk over the whole text per edit.
        return Vec::new();
    }
    let index = LineIndex::new(snapshot.file.text(db));
    let mut diagnostics: Vec<Diagnostic> = all
        .iter()
        .take(MAX_PUBLISHED)
        .map(|d| convert::diagnostic(&index, &snapshot.uri, d))
        .collect();
    if all.len() > MAX_PUBLISHED {
        let rest = all.len() - MAX_PUBLISHED;
        let first_left_out = convert::diagnostic(&index, &snapshot.uri, &all[MAX_PUBLISHED]);
        diagnostics.push(Diagnostic {
            range: first_left_out.range,
            severity: Some(tower_lsp::lsp_types::DiagnosticSeverity::INFORMATION),
            source: first_left_out.source,
            message: format!("... and {rest} more diagnostics in this file, not shown"),
            ..Diagnostic::default()
        });
    }
    diagnostics
}

/// The most diagnostics published for one document; one more counts the rest.
pub const MAX_PUBLISHED: usize = 200;

/// What was last sent for a document.
struct Sent {
    generation: u64,
    version: Option<i32>,
    diagnostics: Vec<Diagnostic>,
}

/// Sends publications to the client in order, skipping any older than one
/// already sent for the same document, and any that repeats the last one
/// sent (same version, same diagnostics: a document rechecked because a
/// file it imports changed, without effect). Related notes go as the
/// client can show them ([`RelatedSupport`]).
pub async fn publish_loop(
    client: Client,
    mut publications: mpsc::UnboundedReceiver<Publication>,
    related: RelatedSupport,
) {
    let mut sent: HashMap<Url, Sent> = HashMap::new();
    while let Some(publication) = publications.recv().await {
        if let Some(last) = sent.get_mut(&publication.uri) {
            if publication.generation <= last.generation {
                continue;
            }
            last.generation = publication.generation;
            if last.version == publication.version && last.diagnostics == publication.diagnostics {
                continue;
            }
        }
        sent.insert(
            publication.uri.clone(),
            Sent {
                generation: publication.generation,
                version: publication.version,
                diagnostics: publication.diagnostics.clone(),
            },
        );
        client
            .publish_diagnostics(
                publication.uri,
                related.for_client(publication.diagnostics),
                publication.version,
            )
            .await;
    }
}
