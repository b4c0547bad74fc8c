//! The middle end (internalisation, simplification, fusion) as salsa
//! queries, one per entry point, so that an edit inside one function
//! re-runs the middle end only for the entry points that reach it.
//!
//! # Shape
//!
//! - [`lower`] elaborates the workspace (modules and functors away) into
//!   the interpreter's internal form, from the files' trees and types. It is
//!   a plain function: that form holds `Rc`s, so it cannot be a query's
//!   value.
//! - [`middle_plan`] (re-run on every edit of the workspace) gives each
//!   entry point a *fingerprint* from the syntax alone
//!   ([`crate::middle_deps`]: a hash of the top-level declarations the entry
//!   point may reach, their texts and where they start, memoised per
//!   declaration), so it changes when what the middle end reads for that
//!   entry point may have changed. It neither checks the whole file nor
//!   elaborates: an edit that no entry point reaches costs the incremental
//!   check (for errors) and the fingerprints.
//! - [`entry_input`] is the firewall: the plan's part for one entry point.
//!   Its value compares by fingerprint only, so when the fingerprint did not
//!   change salsa keeps the old value and [`entry_ir`] is not re-run.
//! - [`entry_ir`] runs the middle end for one entry point (both stages, the
//!   printed IR and fusion's decisions as plain data) on the middle end's
//!   worker thread ([`WORKER`]), which elaborates the sources the input
//!   carries in a database of its own (untracked: the fingerprint covers
//!   them), once per revision ([`LOWERED`]). So an edit that no entry
//!   point reaches elaborates nothing; one that some reach elaborates the
//!   workspace once, then runs the passes for those entry points only.
//!
//! Internalisation inlines every call (it monomorphises and
//! defunctionalises on the way), so "a function and its callers" is "the
//! entry points that reach the function"; monomorphic instances are part of
//! their entry point's result rather than queries of their own.

use std::cell::RefCell;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::sync::{mpsc, Arc, Mutex, OnceLock};

use runic_core::fuse::Verdict;
use runic_eval::Unit;

use crate::middle_deps::entry_fingerprints;
use crate::{check_file, file_diagnostics, parse, Db, File, Severity, Workspace};

/// Elaborates the workspace of `file` (the file and every file the
/// database knows, for its imports) into the interpreter's internal form.
pub fn lower(
    db: &dyn Db,
    file: File,
) -> Result<runic_eval::Program, runic_eval::lower::LowerError> {
    let mut files: Vec<File> = db
        .source_root()
        .map(|root| root.files(db).values().copied().collect())
        .unwrap_or_default();
    if !files.contains(&file) {
        files.push(file);
    }
    let mut units = HashMap::new();
    for f in files {
        let checked = check_file(db, f);
        units.insert(
            f.path(db).clone(),
            Unit {
                path: f.path(db).clone(),
                text: Rc::from(f.text(db).as_str()),
                root: parse(db, f).syntax(),
                types: checked.types.clone(),
            },
        );
    }
    runic_eval::Program::load(&units, file.path(db), &crate::resolve_import)
}

/// The texts of a workspace: the main file's path and every file's path
/// and text, and a hash of them all.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Sources {
    pub main: String,
    pub files: Vec<(String, String)>,
    /// A hash of every path and text: the key of [`LOWERED`].
    pub generation: u64,
}

impl Sources {
    fn new(main: String, files: Vec<(String, String)>) -> Sources {
        let mut h = DefaultHasher::new();
        main.hash(&mut h);
        files.hash(&mut h);
        Sources {
            main,
            files,
            generation: h.finish(),
        }
    }

    /// A hash of the files other than the main one.
    fn others(&self) -> u64 {
        let mut h = DefaultHasher::new();
        for (path, text) in &self.files {
            if *path != self.main {
                (path, text).hash(&mut h);
            }
        }
        h.finish()
    }

    /// The lowered program, elaborated in a database of its own (so that
    /// no query reading it depends on more than its fingerprint). Runs on
    /// the middle end's worker thread (salsa allows one database per
    /// thread at a time).
    fn lower_again(&self) -> Result<runic_eval::Program, String> {
        let mut workspace = Workspace::new();
        let mut main = None;
        for (path, text) in &self.files {
            let file = workspace.set_text(path, text.clone());
            if *path == self.main {
                main = Some(file);
            }
        }
        let main = main.ok_or("the main file is missing")?;
        // Called inside a query of another database: salsa allows one
        // attached database per thread unless told of the change.
        salsa::attach_allow_change(workspace.db(), || lower(workspace.db(), main)).map_err(|e| {
            if e.loc.is_empty() {
                e.message
            } else {
                format!("{}: {}", e.loc, e.message)
            }
        })
    }

    /// The lowered program of these sources: the one this thread lowered
    /// last if it was of the same sources, else lowered again.
    fn lowered(&self) -> Lowered {
        let cached = LOWERED.with(|cell| {
            cell.borrow()
                .as_ref()
                .filter(|(g, _)| *g == self.generation)
                .map(|(_, p)| p.clone())
        });
        cached.unwrap_or_else(|| {
            let program = Rc::new(self.lower_again());
            LOWERED.with(|cell| *cell.borrow_mut() = Some((self.generation, program.clone())));
            program
        })
    }
}

/// An elaborated program, or why elaboration failed.
type Lowered = Rc<Result<runic_eval::Program, String>>;

thread_local! {
    /// The last program [`entry_ir`] lowered on this thread, with the
    /// generation of its sources. A memo of a pure function, like
    /// [`crate::ParseCache`]: a hit equals lowering again.
    static LOWERED: RefCell<Option<(u64, Lowered)>> =
        const { RefCell::new(None) };
}

/// What the middle end starts from in the current revision.
#[derive(Debug, PartialEq, Eq)]
pub struct MiddlePlan {
    /// The texts, shared with every [`EntryInput`].
    pub sources: Arc<Sources>,
    /// Each entry point of the file and its fingerprint, in source order;
    /// or why the program cannot be compiled.
    pub entries: Result<Vec<(String, u64)>, String>,
}

/// An entry point of a file, the key of the per-entry queries.
#[salsa::interned(debug)]
pub struct EntryKey<'db> {
    #[returns(copy)]
    pub file: File,
    #[returns(ref)]
    pub name: String,
}

/// The entry points of `file` and their fingerprints, from the syntax of
/// what each may reach (`middle_deps`); nothing is elaborated here.
#[salsa::tracked(returns(ref))]
pub fn middle_plan(db: &dyn Db, file: File) -> MiddlePlan {
    let mut files: Vec<(String, String)> = db
        .source_root()
        .map(|root| {
            root.files(db)
                .iter()
                .map(|(path, f)| (path.clone(), f.text(db).clone()))
                .collect()
        })
        .unwrap_or_default();
    if !files.iter().any(|(path, _)| path == file.path(db)) {
        files.push((file.path(db).clone(), file.text(db).clone()));
    }
    let sources = Arc::new(Sources::new(file.path(db).clone(), files));
    if let Some(error) = file_diagnostics(db, file)
        .iter()
        .find(|d| d.severity == Severity::Error)
    {
        return MiddlePlan {
            sources,
            entries: Err(error.message.clone()),
        };
    }
    let entries = entry_fingerprints(db, file, sources.others());
    MiddlePlan {
        sources,
        entries: Ok(entries),
    }
}

/// The plan's part for one entry point. Equal to another when the
/// fingerprints are: the sources only say where to lower from again.
#[derive(Debug, Clone)]
pub struct EntryInput {
    pub fingerprint: u64,
    pub sources: Arc<Sources>,
}

impl PartialEq for EntryInput {
    fn eq(&self, other: &Self) -> bool {
        self.fingerprint == other.fingerprint
    }
}

impl Eq for EntryInput {}

/// The firewall in front of [`entry_ir`]: `None` when the file has no
/// such entry point or cannot be compiled.
#[salsa::tracked(returns(clone))]
pub fn entry_input<'db>(db: &'db dyn Db, key: EntryKey<'db>) -> Option<EntryInput> {
    let plan = middle_plan(db, key.file(db));
    let entries = plan.entries.as_ref().ok()?;
    let (_, fingerprint) = entries.iter().find(|(name, _)| name == key.name(db))?;
    Some(EntryInput {
        fingerprint: *fingerprint,
        sources: plan.sources.clone(),
    })
}

/// What fusion decided about one SOAC, in plain data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FusionDecision {
    /// The SOAC (`path:line:col-...`), when known.
    pub loc: Option<String>,
    /// The SOAC it was, or would have been, fused with.
    pub other: Option<String>,
    /// `Ok(rule)` when fused, `Err(reason)` when not.
    pub verdict: Result<String, String>,
}

/// The middle end's result for one entry point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryIr {
    /// The printed IR after internalisation and simplification.
    pub soacs: Result<String, String>,
    /// The printed IR after fusion.
    pub fused: Result<String, String>,
    pub decisions: Vec<FusionDecision>,
    /// Each SOAC that several became: where it is and how many.
    pub chains: Vec<(Option<String>, usize)>,
    /// Whether the program could not be elaborated (the errors say why).
    pub unlowered: bool,
}

/// Internalisation, simplification and fusion of one entry point.
#[salsa::tracked(returns(ref))]
pub fn entry_ir<'db>(db: &'db dyn Db, key: EntryKey<'db>) -> Option<EntryIr> {
    let input = entry_input(db, key)?;
    Some(on_worker(input.sources, key.name(db).clone()))
}

/// A request to the middle end's worker: compile one entry point of
/// these sources, and send the result back.
struct Job {
    sources: Arc<Sources>,
    name: String,
    reply: mpsc::Sender<EntryIr>,
}

/// The channel to the middle end's worker thread, started on first use.
/// The worker owns the lowered program ([`LOWERED`]: it holds `Rc`s, so it
/// stays on one thread) and lowers in databases of its own, which salsa
/// would refuse on a thread already running a query.
static WORKER: OnceLock<Mutex<mpsc::Sender<Job>>> = OnceLock::new();

/// Compiles an entry point on the worker thread and waits for the result.
fn on_worker(sources: Arc<Sources>, name: String) -> EntryIr {
    let worker = WORKER.get_or_init(|| {
        let (tx, rx) = mpsc::channel::<Job>();
        let started = std::thread::Builder::new()
            .name("runic-middle-end".into())
            .stack_size(64 << 20)
            .spawn(move || {
                for job in rx {
                    let ir = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        compile(&job.sources, &job.name)
                    }))
                    .unwrap_or_else(|_| failed("internal error: the middle end panicked".into()));
                    let _ = job.reply.send(ir);
                }
            });
        if let Err(e) = started {
            eprintln!("runic: cannot start the middle end's thread: {e}");
        }
        Mutex::new(tx)
    });
    let (reply, answer) = mpsc::channel();
    let sent = worker.lock().map_err(|_| ()).and_then(|tx| {
        tx.send(Job {
            sources,
            name,
            reply,
        })
        .map_err(|_| ())
    });
    match sent.ok().and_then(|()| answer.recv().ok()) {
        Some(ir) => ir,
        None => failed("internal error: the middle end's thread is gone".into()),
    }
}

/// Internalisation, simplification and fusion of the entry point `name`
/// (on the worker thread).
fn compile(sources: &Sources, name: &str) -> EntryIr {
    let lowered = sources.lowered();
    let program = match &*lowered {
        Ok(p) => p,
        Err(e) => {
            let mut ir = failed(e.clone());
            ir.unlowered = true;
            return ir;
        }
    };
    let compiled = runic_core::declared_layouts(program, name)
        .and_then(|layouts| runic_core::compile_entry_stages(program, name, &layouts));
    let (soacs, fused) = match compiled {
        Ok(c) => c,
        Err(e) => return failed(e),
    };
    let text = |l: &Option<runic_core::ir::Loc>| l.as_deref().map(str::to_string);
    EntryIr {
        soacs: Ok(soacs),
        fused: Ok(runic_core::print::program(&fused.program)),
        decisions: fused
            .fusion
            .decisions
            .iter()
            .map(|d| FusionDecision {
                loc: text(&d.loc),
                other: text(&d.other),
                verdict: match &d.verdict {
                    Verdict::Fused(rule) => Ok(rule.to_string()),
                    Verdict::NotFused(reason) => Err(reason.to_string()),
                },
            })
            .collect(),
        chains: fused
            .fusion
            .chains
            .iter()
            .map(|c| (text(&c.loc), c.members))
            .collect(),
        unlowered: false,
    }
}

fn failed(error: String) -> EntryIr {
    EntryIr {
        soacs: Err(error.clone()),
        fused: Err(error),
        decisions: Vec::new(),
        chains: Vec::new(),
        unlowered: false,
    }
}

/// The entry points of `file` with their middle-end results, in source
/// order; or why the program cannot be compiled.
pub fn entry_irs(db: &dyn Db, file: File) -> Result<Vec<(String, &EntryIr)>, String> {
    let plan = middle_plan(db, file);
    let entries = plan.entries.as_ref().map_err(Clone::clone)?;
    let irs: Vec<(String, &EntryIr)> = entries
        .iter()
        .filter_map(|(name, _)| {
            let key = EntryKey::new(db, file, name.clone());
            entry_ir(db, key).as_ref().map(|ir| (name.clone(), ir))
        })
        .collect();
    match irs.iter().find(|(_, ir)| ir.unlowered) {
        Some((_, ir)) => Err(ir.soacs.clone().err().unwrap_or_default()),
        None => Ok(irs),
    }
}
