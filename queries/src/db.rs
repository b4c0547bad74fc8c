//! The concrete database ([`RootDatabase`]) and the path registry around it
//! ([`Workspace`]).
//!
//! A `RootDatabase` is a salsa handle: cloning it gives a snapshot that can
//! answer queries on another thread. A write through any handle (setting a
//! file's text) cancels the queries running on the other handles and waits
//! until those handles are dropped, so a snapshot always sees one consistent
//! revision. Queries cancelled that way unwind with [`salsa::Cancelled`].

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use salsa::{Durability, Setter};

use runic_syntax::{Indel, Parse};

use crate::items::{Item, ItemKey, ItemTree, ItemTreeCache};
use crate::semantic::{item_checked, item_state};
use crate::sources::{sync_sources, FileSources};
use crate::{imports_of, parse, File, SourceRoot};

/// The database trait every query takes; [`RootDatabase`] implements it.
#[salsa::db]
pub trait Db: salsa::Database {
    /// The registry of files, for resolving imports (absent in a bare database).
    fn source_root(&self) -> Option<SourceRoot>;

    /// The last parse of each file, which [`crate::parse`] re-parses
    /// incrementally (absent in a bare database).
    fn parse_cache(&self) -> Option<&ParseCache> {
        None
    }

    /// The last item tree of each file, which [`crate::item_tree`] builds
    /// the next one from (absent in a bare database).
    fn item_tree_cache(&self) -> Option<&ItemTreeCache> {
        None
    }

    /// The per-declaration inputs of `file`, where a [`Workspace`] keeps
    /// them (see [`crate::items`]); `None` in a bare database, where
    /// declarations are read from the file's parse.
    fn file_sources(&self, _file: File) -> Option<FileSources> {
        None
    }

    /// Another handle on this database, for answering queries on another
    /// thread (`None` where the database cannot be shared). Like every
    /// snapshot it is cancelled by a write, which waits for it to be dropped.
    fn fork(&self) -> Option<Box<dyn Db + Send>> {
        None
    }

    /// Whether a file's items are checked on several threads (see
    /// [`crate::parallel`]); either way every query gives the same result.
    fn checks_in_parallel(&self) -> bool {
        false
    }

    /// Whether the checks of `file`'s declarations are worth handing to
    /// the workers before its diagnostics are collected (see
    /// [`crate::parallel`]): the first time, and after a write that may
    /// change what declarations define. After an edit inside one body,
    /// one declaration is checked again, which the workers would not
    /// speed up. Only a matter of speed: the answers are the same.
    fn prefill_due(&self, _file: File) -> bool {
        true
    }

    /// Records that the checks of `file` were handed to the workers.
    fn prefill_done(&self, _file: File) {}
}

/// The last tree [`crate::parse`] built for each file, with the text it is
/// of. Only a memo of a pure function: a parse reusing it equals a parse
/// from scratch (`Parse::reparse` is property-tested to be exact), so
/// queries that read it stay deterministic.
#[derive(Default)]
pub struct ParseCache {
    last: Mutex<HashMap<File, (String, Parse)>>,
}

impl ParseCache {
    /// The parse of `text` for `file`, re-using the file's last parse when
    /// there is one.
    pub fn parse(&self, file: File, text: &str) -> Parse {
        let previous = self
            .last
            .lock()
            .ok()
            .and_then(|mut last| last.remove(&file));
        let parse = match previous {
            Some((old_text, old)) if old_text == text => old,
            Some((old_text, old)) => old.reparse(text, &Indel::between(&old_text, text)),
            None => runic_syntax::parse(text),
        };
        if let Ok(mut last) = self.last.lock() {
            last.insert(file, (text.to_string(), parse.clone()));
        }
        parse
    }
}

/// One query execution recorded by a database made with
/// [`RootDatabase::with_event_log`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExecutedQuery {
    /// The query's name, e.g. `item_symbols`.
    pub query: String,
    /// The salsa id of the query's key (compare with `salsa::plumbing::AsId::as_id`).
    pub key: salsa::Id,
}

type EventLog = Arc<Mutex<Vec<salsa::DatabaseKeyIndex>>>;

/// The database: salsa storage plus, for tests, a log of executed queries.
#[salsa::db]
#[derive(Clone)]
pub struct RootDatabase {
    storage: salsa::Storage<Self>,
    log: Option<EventLog>,
    /// How many memos salsa verified (with the event log only).
    verified: Arc<AtomicU64>,
    root: Option<SourceRoot>,
    /// Shared by every snapshot of the database.
    parses: Arc<ParseCache>,
    /// Shared by every snapshot of the database.
    item_trees: Arc<ItemTreeCache>,
    /// The per-declaration inputs of each file the [`Workspace`] wrote;
    /// shared by every snapshot. A file's entry is made once and never
    /// replaced (its fields change through salsa).
    /// With each, the item tree they were last set from.
    sources: Arc<Mutex<HashMap<File, (FileSources, ItemTree)>>>,
    /// Checks on the calling thread only (see [`RootDatabase::sequential`]).
    sequential: bool,
    /// How many writes of high durability (declarations added or removed,
    /// what one defines changed) the [`Workspace`] made, and for each
    /// file, how many there were when its checks were last handed to the
    /// workers ([`Db::prefill_due`]). Shared by every snapshot.
    structure: Arc<Structure>,
}

/// See [`RootDatabase::structure`].
#[derive(Default)]
struct Structure {
    writes: AtomicU64,
    prefilled: Mutex<HashMap<File, u64>>,
}

impl Default for RootDatabase {
    fn default() -> Self {
        RootDatabase {
            storage: salsa::Storage::new(None),
            log: None,
            verified: Arc::default(),
            root: None,
            parses: Arc::default(),
            item_trees: Arc::default(),
            sources: Arc::default(),
            sequential: false,
            structure: Arc::default(),
        }
    }
}

impl std::fmt::Debug for RootDatabase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RootDatabase").finish_non_exhaustive()
    }
}

impl RootDatabase {
    pub fn new() -> Self {
        Self::default()
    }

    /// A database that records every query execution (salsa's `WillExecute`
    /// event), for tests of incrementality; read it with [`Self::take_executed`].
    pub fn with_event_log() -> Self {
        let log = EventLog::default();
        let sink = log.clone();
        let verified = Arc::new(AtomicU64::new(0));
        let verified_sink = verified.clone();
        let callback = move |event: salsa::Event| match event.kind {
            salsa::EventKind::WillExecute { database_key } => {
                if let Ok(mut log) = sink.lock() {
                    log.push(database_key);
                }
            }
            salsa::EventKind::DidValidateMemoizedValue { .. } => {
                verified_sink.fetch_add(1, Ordering::Relaxed);
            }
            _ => {}
        };
        RootDatabase {
            storage: salsa::Storage::new(Some(Box::new(callback))),
            log: Some(log),
            verified,
            root: None,
            parses: Arc::default(),
            item_trees: Arc::default(),
            sources: Arc::default(),
            sequential: false,
            structure: Arc::default(),
        }
    }

    /// This database, checking every item on the calling thread (as a
    /// single-core machine or `RUNIC_CHECK_THREADS=1` does).
    pub fn sequential(mut self) -> Self {
        self.sequential = true;
        self
    }

    /// How many memos salsa found still valid since the last call, by
    /// walking their dependencies or by their durability (0 without an
    /// event log): the cost of an edit that re-runs nothing.
    pub fn take_verified(&self) -> u64 {
        self.verified.swap(0, Ordering::Relaxed)
    }

    /// The queries executed since the last call (empty without an event log).
    pub fn take_executed(&self) -> Vec<ExecutedQuery> {
        let Some(log) = &self.log else {
            return Vec::new();
        };
        let keys = match log.lock() {
            Ok(mut log) => std::mem::take(&mut *log),
            Err(_) => return Vec::new(),
        };
        keys.into_iter()
            .map(|key| ExecutedQuery {
                query: salsa::Database::ingredient_debug_name(self, key.ingredient_index())
                    .into_owned(),
                key: key.key_index(),
            })
            .collect()
    }
}

#[salsa::db]
impl salsa::Database for RootDatabase {}

#[salsa::db]
impl Db for RootDatabase {
    fn source_root(&self) -> Option<SourceRoot> {
        self.root
    }

    fn parse_cache(&self) -> Option<&ParseCache> {
        Some(&self.parses)
    }

    fn item_tree_cache(&self) -> Option<&ItemTreeCache> {
        Some(&self.item_trees)
    }

    fn file_sources(&self, file: File) -> Option<FileSources> {
        self.sources
            .lock()
            .ok()?
            .get(&file)
            .map(|(sources, _)| *sources)
    }

    fn fork(&self) -> Option<Box<dyn Db + Send>> {
        Some(Box::new(self.clone()))
    }

    fn checks_in_parallel(&self) -> bool {
        !self.sequential && crate::parallel::pool().is_some()
    }

    fn prefill_due(&self, file: File) -> bool {
        let writes = self.structure.writes.load(Ordering::Acquire);
        let prefilled = self.structure.prefilled.lock();
        prefilled.map_or(true, |map| map.get(&file) != Some(&writes))
    }

    fn prefill_done(&self, file: File) {
        let writes = self.structure.writes.load(Ordering::Acquire);
        if let Ok(mut map) = self.structure.prefilled.lock() {
            map.insert(file, writes);
        }
    }
}

/// The database together with the registry of files by path.
///
/// The registry lives outside salsa: it only maps names to [`File`] handles,
/// and every handle stays valid for the database's lifetime.
#[derive(Debug)]
pub struct Workspace {
    db: RootDatabase,
    files: HashMap<String, File>,
}

impl Default for Workspace {
    fn default() -> Self {
        Workspace::with_db(RootDatabase::default())
    }
}

impl Workspace {
    pub fn new() -> Self {
        Self::default()
    }

    /// Publishes the current registry to the database (for import resolution).
    fn publish_files(&mut self) {
        if let Some(root) = self.db.root {
            let files: BTreeMap<String, File> =
                self.files.iter().map(|(p, f)| (p.clone(), *f)).collect();
            root.set_files(&mut self.db)
                .with_durability(Durability::HIGH)
                .to(files);
            self.db.structure.writes.fetch_add(1, Ordering::AcqRel);
        }
    }

    /// A workspace over a given database (e.g. one with an event log).
    pub fn with_db(mut db: RootDatabase) -> Self {
        let root = SourceRoot::builder(BTreeMap::new())
            .durability(Durability::HIGH)
            .new(&db);
        db.root = Some(root);
        Workspace {
            db,
            files: HashMap::new(),
        }
    }

    pub fn db(&self) -> &RootDatabase {
        &self.db
    }

    /// A handle for queries on another thread; see the module docs on cancellation.
    pub fn snapshot(&self) -> RootDatabase {
        self.db.clone()
    }

    /// The file registered under `path`.
    pub fn file(&self, path: &str) -> Option<File> {
        self.files.get(path).copied()
    }

    /// Every registered path with its file, in no particular order.
    pub fn files(&self) -> impl Iterator<Item = (&str, File)> {
        self.files.iter().map(|(path, file)| (path.as_str(), *file))
    }

    /// Creates the file `path` or replaces its text. Setting the text it already
    /// has starts no new revision. The file is parsed now, and each of its
    /// declarations whose tree changed gets its new tree (see
    /// [`crate::items`]).
    pub fn set_text(&mut self, path: &str, text: String) -> File {
        match self.files.get(path) {
            Some(&file) => {
                if file.text(&self.db) != &text {
                    file.set_text(&mut self.db).to(text);
                    self.sync_sources(file);
                }
                file
            }
            None => {
                // The path never changes: what reads it (import
                // resolution) is not re-verified after an edit.
                let file = File::builder(path.to_string(), text)
                    .path_durability(Durability::HIGH)
                    .new(&self.db);
                self.files.insert(path.to_string(), file);
                self.publish_files();
                self.sync_sources(file);
                file
            }
        }
    }

    /// Sets the per-declaration inputs of `file` after a write of its text.
    fn sync_sources(&mut self, file: File) {
        let registered = self
            .db
            .sources
            .lock()
            .ok()
            .and_then(|map| map.get(&file).cloned());
        let (sources, previous) = registered.unzip();
        let synced = sync_sources(&mut self.db, file, sources, previous.as_ref());
        if synced.structural {
            self.db.structure.writes.fetch_add(1, Ordering::AcqRel);
        }
        self.release(file, &synced.gone);
        if let Ok(mut map) = self.db.sources.lock() {
            map.insert(file, (synced.sources, synced.tree));
        }
    }

    /// Re-runs the checks of the declarations of `file` that are `gone`.
    /// Nothing asks for them any more, so their memos would keep what
    /// they held: the state after a declaration is a whole version of the
    /// file's environment, which the states now in use no longer share.
    /// Re-run without a tree, they hold the empty state.
    fn release(&self, file: File, gone: &[ItemKey]) {
        for key in gone {
            let item = Item::new(&self.db, file, key.clone());
            let _ = item_state(&self.db, item);
            let _ = item_checked(&self.db, item);
            let _ = crate::ide::item_analysis_query(&self.db, item);
        }
    }

    /// Loads what `path` imports, directly or not: every imported file the
    /// workspace does not hold yet is asked of `read` (the caller does the IO;
    /// `None` means it cannot be read, which the checker then reports), and
    /// the files read are searched for imports in turn. Files already held
    /// (e.g. documents open in an editor) keep their text, but their imports
    /// are followed too.
    ///
    /// Returns every file reachable through imports that the workspace now
    /// holds (without `path` itself), in the order first reached.
    pub fn load_imports(
        &mut self,
        path: &str,
        mut read: impl FnMut(&str) -> Option<String>,
    ) -> Vec<String> {
        let mut seen: HashSet<String> = HashSet::from([path.to_string()]);
        let mut reached = Vec::new();
        let mut pending = vec![path.to_string()];
        while let Some(importer) = pending.pop() {
            let Some(file) = self.file(&importer) else {
                continue;
            };
            let tree = parse(&self.db, file).syntax();
            for import in imports_of(&importer, &tree) {
                if !seen.insert(import.clone()) {
                    continue;
                }
                if self.file(&import).is_none() {
                    match read(&import) {
                        Some(text) => {
                            self.set_text(&import, text);
                        }
                        None => continue,
                    }
                }
                reached.push(import.clone());
                pending.push(import);
            }
        }
        reached
    }

    /// Forgets `path`; its text is emptied so the database drops what it derived.
    pub fn remove(&mut self, path: &str) -> Option<File> {
        let file = self.files.remove(path)?;
        if !file.text(&self.db).is_empty() {
            file.set_text(&mut self.db).to(String::new());
            self.sync_sources(file);
        }
        self.publish_files();
        Some(file)
    }
}
