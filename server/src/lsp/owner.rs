//! The single owner of the database: one thread that applies every document
//! change in arrival order and hands out snapshots.
//!
//! The LSP handlers never touch the database themselves. They send
//! [`Message`]s over one unbounded channel, synchronously, before their first
//! `await`; tower-lsp starts handlers in arrival order, so the channel holds
//! opens, changes, closes and snapshot requests in the order the client sent
//! them. The owner drains everything queued, writes the changed texts into the
//! database once per document, and then schedules diagnostics for the changed
//! documents on snapshots (see [`super::diagnostics`]). A snapshot request
//! first writes pending changes, so a request always sees every change sent
//! before it.
//!
//! Imports: after writing a document, the owner loads the files it imports,
//! directly or not, from disk ([`Workspace::load_imports`]), except those the
//! client has open, whose text comes from the client. Files loaded from disk
//! are re-read when a document importing them is opened and when the client
//! reports them changed (`workspace/didChangeWatchedFiles`), take their disk
//! text back when the client closes them, and are dropped once no open
//! document imports them. Since a document's diagnostics depend on the files
//! it imports, every open document's diagnostics are recomputed after a
//! change (salsa answers from memory for those the change does not touch;
//! the publisher drops repeats).

use std::collections::{HashMap, HashSet};
use std::panic::{self, AssertUnwindSafe};

use runic_queries::{File, RootDatabase, Workspace};
use tokio::sync::{mpsc, oneshot};
use tower_lsp::lsp_types::{TextDocumentContentChangeEvent, Url};

use super::diagnostics::{self, Publication};
use super::line_index::LineIndex;

/// What the handlers and the diagnostics jobs ask of the owner.
pub enum Message {
    Open {
        uri: Url,
        version: i32,
        text: String,
    },
    Change {
        uri: Url,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
    },
    Close {
        uri: Url,
    },
    /// Files on disk changed, appeared or disappeared.
    FilesChanged {
        uris: Vec<Url>,
    },
    /// A snapshot of the database with `uri`'s file, or `None` if it is not open.
    Snapshot {
        uri: Url,
        reply: oneshot::Sender<Option<Snapshot>>,
    },
    /// Some open document (the first by URI), for requests about the whole
    /// workspace; `None` when none is open.
    AnyDocument {
        reply: oneshot::Sender<Option<Url>>,
    },
    /// A diagnostics job of this generation was cancelled; run it again if it
    /// is still the latest.
    Recheck {
        uri: Url,
        generation: u64,
    },
}

/// A read-only view of the database at one revision, with one open document.
pub struct Snapshot {
    pub db: RootDatabase,
    pub file: File,
    pub uri: Url,
    pub version: i32,
}

/// An open document as the owner tracks it.
struct Document {
    version: i32,
    text: String,
    /// The text changed since it was last written to the database.
    unwritten: bool,
    /// Diagnostics must be computed (again) at the end of this round.
    needs_diagnostics: bool,
    /// Just opened: the files it imports are read from disk again.
    refresh_imports: bool,
}

/// The owner's state; lives on its own thread.
pub struct Owner {
    workspace: Workspace,
    documents: HashMap<Url, Document>,
    /// The workspace paths (URIs) of the files loaded from disk because an
    /// open document imports them; never an open document.
    disk: HashSet<String>,
    /// The latest diagnostics generation per URI; never reset, so a stale job
    /// for a closed and reopened document cannot publish over a newer one.
    generations: HashMap<Url, u64>,
    /// For diagnostics jobs to send `Recheck`; weak, so that the channel closes
    /// when the server drops its sender.
    inbox: mpsc::WeakUnboundedSender<Message>,
    publications: mpsc::UnboundedSender<Publication>,
    runtime: tokio::runtime::Handle,
}

impl Owner {
    /// Starts the owner thread; returns the sender the handlers use.
    pub fn spawn(
        publications: mpsc::UnboundedSender<Publication>,
        runtime: tokio::runtime::Handle,
    ) -> std::io::Result<mpsc::UnboundedSender<Message>> {
        let (sender, receiver) = mpsc::unbounded_channel();
        let owner = Owner {
            workspace: Workspace::new(),
            documents: HashMap::new(),
            disk: HashSet::new(),
            generations: HashMap::new(),
            inbox: sender.downgrade(),
            publications,
            runtime,
        };
        std::thread::Builder::new()
            .name("runic-db".into())
            .spawn(move || owner.run(receiver))?;
        Ok(sender)
    }

    fn run(mut self, mut receiver: mpsc::UnboundedReceiver<Message>) {
        while let Some(message) = receiver.blocking_recv() {
            self.handle_guarded(message);
            while let Ok(message) = receiver.try_recv() {
                self.handle_guarded(message);
            }
            self.write_changes();
            self.schedule_diagnostics();
        }
    }

    /// Handles one message; a panic is reported and the owner goes on.
    fn handle_guarded(&mut self, message: Message) {
        let outcome = panic::catch_unwind(AssertUnwindSafe(|| self.handle(message)));
        if let Err(payload) = outcome {
            eprintln!(
                "runic lsp: internal error while applying a change: {}",
                super::panic_message(&payload)
            );
        }
    }

    fn handle(&mut self, message: Message) {
        match message {
            Message::Open { uri, version, text } => self.open(uri, version, text),
            Message::Change {
                uri,
                version,
                changes,
            } => self.change(&uri, version, &changes),
            Message::Close { uri } => self.close(uri),
            Message::FilesChanged { uris } => self.files_changed(&uris),
            Message::Snapshot { uri, reply } => {
                self.write_changes();
                // The requester may have gone (cancelled); then the snapshot is dropped.
                let _ = reply.send(self.snapshot(&uri));
            }
            Message::AnyDocument { reply } => {
                let _ = reply.send(self.documents.keys().min().cloned());
            }
            Message::Recheck { uri, generation } => {
                let latest = self.generations.get(&uri) == Some(&generation);
                if let (true, Some(document)) = (latest, self.documents.get_mut(&uri)) {
                    document.needs_diagnostics = true;
                }
            }
        }
    }

    fn open(&mut self, uri: Url, version: i32, text: String) {
        self.disk.remove(uri.as_str());
        self.documents.insert(
            uri,
            Document {
                version,
                text,
                unwritten: true,
                needs_diagnostics: true,
                refresh_imports: true,
            },
        );
    }

    fn change(&mut self, uri: &Url, version: i32, changes: &[TextDocumentContentChangeEvent]) {
        let Some(document) = self.documents.get_mut(uri) else {
            eprintln!("runic lsp: change to a document that is not open: {uri}");
            return;
        };
        if version <= document.version {
            eprintln!(
                "runic lsp: {uri}: version {version} after {}; applying in arrival order",
                document.version
            );
        }
        for change in changes {
            apply_change(&mut document.text, change);
        }
        document.version = version;
        document.unwritten = true;
        document.needs_diagnostics = true;
    }

    fn close(&mut self, uri: Url) {
        if self.documents.remove(&uri).is_none() {
            eprintln!("runic lsp: close of a document that is not open: {uri}");
        }
        self.write_changes();
        // A file another document imports goes back to its text on disk.
        let reached = self.load_all_imports();
        let on_disk = reached
            .contains(uri.as_str())
            .then(|| read_disk(uri.as_str()))
            .flatten();
        match on_disk {
            Some(text) => {
                self.workspace.set_text(uri.as_str(), text);
                self.disk.insert(uri.to_string());
            }
            None => {
                self.workspace.remove(uri.as_str());
            }
        }
        self.forget_unreached(&reached);
        self.invalidate_all();
        let generation = self.next_generation(&uri);
        let _ = self.publications.send(Publication {
            uri,
            version: None,
            generation,
            diagnostics: Vec::new(),
        });
    }

    /// Writes every changed text into the database (one revision per
    /// document), then loads what the changed documents import.
    fn write_changes(&mut self) {
        let mut written = Vec::new();
        for (uri, document) in &mut self.documents {
            if document.unwritten {
                document.unwritten = false;
                self.workspace.set_text(uri.as_str(), document.text.clone());
                written.push((uri.clone(), std::mem::take(&mut document.refresh_imports)));
            }
        }
        if written.is_empty() {
            return;
        }
        for (uri, refresh) in &written {
            let reached = self.load_imports(uri.as_str());
            if *refresh {
                self.refresh(reached.iter().map(String::as_str));
            }
        }
        self.invalidate_all();
    }

    /// Loads what the document at `uri` imports; returns every file reached.
    fn load_imports(&mut self, uri: &str) -> Vec<String> {
        let disk = &mut self.disk;
        self.workspace.load_imports(uri, |path| {
            let text = read_disk(path)?;
            disk.insert(path.to_string());
            Some(text)
        })
    }

    /// Loads the imports of every open document; returns every file reached.
    fn load_all_imports(&mut self) -> HashSet<String> {
        let open: Vec<String> = self.documents.keys().map(Url::to_string).collect();
        open.iter().flat_map(|uri| self.load_imports(uri)).collect()
    }

    /// Reads again those of `paths` that were loaded from disk; a file that
    /// is gone is forgotten (the checker then reports the import).
    fn refresh<'a>(&mut self, paths: impl IntoIterator<Item = &'a str>) {
        for path in paths {
            if !self.disk.contains(path) {
                continue;
            }
            match read_disk(path) {
                Some(text) => {
                    self.workspace.set_text(path, text);
                }
                None => {
                    self.disk.remove(path);
                    self.workspace.remove(path);
                }
            }
        }
    }

    /// Drops the files loaded from disk that no open document imports.
    fn forget_unreached(&mut self, reached: &HashSet<String>) {
        let unreached: Vec<String> = self
            .disk
            .iter()
            .filter(|path| !reached.contains(*path))
            .cloned()
            .collect();
        for path in unreached {
            self.disk.remove(&path);
            self.workspace.remove(&path);
        }
    }

    /// Files changed on disk: re-read those loaded from there, and look again
    /// for imports that could not be read before.
    fn files_changed(&mut self, uris: &[Url]) {
        self.write_changes();
        let changed: Vec<String> = uris.iter().map(Url::to_string).collect();
        self.refresh(changed.iter().map(String::as_str));
        let reached = self.load_all_imports();
        self.forget_unreached(&reached);
        self.invalidate_all();
    }

    /// Every open document's diagnostics may have changed (through imports).
    fn invalidate_all(&mut self) {
        for document in self.documents.values_mut() {
            document.needs_diagnostics = true;
        }
    }

    fn snapshot(&self, uri: &Url) -> Option<Snapshot> {
        let document = self.documents.get(uri)?;
        Some(Snapshot {
            db: self.workspace.snapshot(),
            file: self.workspace.file(uri.as_str())?,
            uri: uri.clone(),
            version: document.version,
        })
    }

    fn next_generation(&mut self, uri: &Url) -> u64 {
        let generation = self.generations.entry(uri.clone()).or_insert(0);
        *generation += 1;
        *generation
    }

    /// Starts a diagnostics job for every document that needs one.
    fn schedule_diagnostics(&mut self) {
        let pending: Vec<Url> = self
            .documents
            .iter_mut()
            .filter_map(|(uri, document)| {
                std::mem::take(&mut document.needs_diagnostics).then(|| uri.clone())
            })
            .collect();
        for uri in pending {
            let generation = self.next_generation(&uri);
            let (Some(snapshot), Some(inbox)) = (self.snapshot(&uri), self.inbox.upgrade()) else {
                continue;
            };
            let publications = self.publications.clone();
            self.runtime.spawn_blocking(move || {
                diagnostics::run_job(snapshot, generation, &publications, &inbox)
            });
        }
    }
}

/// The text of the file a `file://` URI names, if it can be read.
fn read_disk(uri: &str) -> Option<String> {
    let path = Url::parse(uri).ok()?.to_file_path().ok()?;
    std::fs::read_to_string(path).ok()
}

/// Applies one LSP content change (a range replacement, or the whole text).
pub fn apply_change(text: &mut String, change: &TextDocumentContentChangeEvent) {
    match change.range {
        None => *text = change.text.clone(),
        Some(range) => {
            let (start, end) = LineIndex::new(text).byte_range(range);
            text.replace_range(start..end, &change.text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower_lsp::lsp_types::{Position, Range};

    fn edit(text: &str, range: ((u32, u32), (u32, u32)), new: &str) -> String {
        let mut text = text.to_string();
        let change = TextDocumentContentChangeEvent {
            range: Some(Range::new(
                Position::new(range.0 .0, range.0 .1),
                Position::new(range.1 .0, range.1 .1),
            )),
            range_length: None,
            text: new.to_string(),
        };
        apply_change(&mut text, &change);
        text
    }

    #[test]
    fn incremental_changes() {
        assert_eq!(edit("def f = 1", ((0, 8), (0, 9)), "42"), "def f = 42");
        assert_eq!(edit("a\nb\nc", ((0, 1), (2, 0)), ""), "ac");
        assert_eq!(edit("λx", ((0, 1), (0, 1)), "y"), "λyx");
        // Out-of-range positions clamp instead of panicking.
        assert_eq!(edit("ab", ((5, 0), (9, 9)), "!"), "ab!");
        assert_eq!(edit("ab", ((0, 9), (0, 0)), ""), "");
    }

    #[test]
    fn whole_text_change() {
        let mut text = "old".to_string();
        let change = TextDocumentContentChangeEvent {
            range: None,
            range_length: None,
            text: "new".into(),
        };
        apply_change(&mut text, &change);
        assert_eq!(text, "new");
    }
}
