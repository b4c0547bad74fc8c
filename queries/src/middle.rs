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
//! - [`middle_plan`] (re-run on every edit of the workspace) lowers, then
//!   gives each entry point a *fingerprint*: a hash of the entry point and of
//!   every global it reaches, so it changes exactly when what the middle end
//!   reads for that entry point changes (locations included: an edit that
//!   adds a line moves the functions after it, which re-run too). It keeps
//!   the lowered program in a per-thread cache ([`LOWERED`]) for the queries
//!   below.
//! - [`entry_input`] is the firewall: the plan's part for one entry point.
//!   Its value compares by fingerprint only, so when the fingerprint did not
//!   change salsa keeps the old value and [`entry_ir`] is not re-run.
//! - [`entry_ir`] runs the middle end for one entry point (both stages, the
//!   printed IR and fusion's decisions as plain data). It takes the lowered
//!   program from [`LOWERED`] (or, on another thread, lowers the sources the
//!   input carries again, untracked: the fingerprint already covers them).
//!
//! Internalisation inlines every call (it monomorphises and
//! defunctionalises on the way), so "a function and its callers" is "the
//! entry points that reach the function"; monomorphic instances are part of
//! their entry point's result rather than queries of their own.

use std::cell::RefCell;
use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeSet, HashMap};
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::sync::Arc;

use runic_core::fuse::Verdict;
use runic_eval::lower::GlobalDef;
use runic_eval::Unit;

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
/// and text.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Sources {
    pub main: String,
    pub files: Vec<(String, String)>,
}

impl Sources {
    /// A hash of every text: the key of [`LOWERED`].
    fn generation(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.hash(&mut h);
        h.finish()
    }

    /// The lowered program, elaborated again in a database of its own.
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
        salsa::attach_allow_change(workspace.db(), || lower(workspace.db(), main))
            .map_err(|e| e.message)
    }
}

thread_local! {
    /// The last program [`middle_plan`] lowered on this thread, with the
    /// generation of its sources. A memo of a pure function, like
    /// [`crate::ParseCache`]: a hit equals lowering again.
    static LOWERED: RefCell<Option<(u64, Rc<runic_eval::Program>)>> = const { RefCell::new(None) };
}

/// What the middle end starts from in the current revision.
#[derive(Debug, PartialEq, Eq)]
pub struct MiddlePlan {
    /// The texts lowered, shared with every [`EntryInput`].
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

/// Lowers the workspace of `file` and fingerprints its entry points.
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
    let sources = Arc::new(Sources {
        main: file.path(db).clone(),
        files,
    });
    if let Some(error) = file_diagnostics(db, file)
        .iter()
        .find(|d| d.severity == Severity::Error)
    {
        return MiddlePlan {
            sources,
            entries: Err(error.message.clone()),
        };
    }
    let program = match lower(db, file) {
        Ok(p) => p,
        Err(e) if e.loc.is_empty() => {
            return MiddlePlan {
                sources,
                entries: Err(e.message),
            }
        }
        Err(e) => {
            return MiddlePlan {
                sources,
                entries: Err(format!("{}: {}", e.loc, e.message)),
            }
        }
    };
    let entries = fingerprints(&program);
    LOWERED.with(|cell| *cell.borrow_mut() = Some((sources.generation(), Rc::new(program))));
    MiddlePlan {
        sources,
        entries: Ok(entries),
    }
}

/// Each entry point's fingerprint: a hash of its description and of every
/// global it reaches (found through the globals' references in their
/// debug text, `Global(N)` and `CallGlobal(N, ...)`; an over-approximation
/// only costs a re-run).
fn fingerprints(program: &runic_eval::Program) -> Vec<(String, u64)> {
    let globals: Vec<(u64, Vec<u32>)> = program
        .globals
        .iter()
        .map(|g| {
            let text = match g {
                GlobalDef::Const { body, name, .. } => format!("const {name} {body:?}"),
                GlobalDef::Func(f) => format!("fun {f:?}"),
            };
            let mut h = DefaultHasher::new();
            text.hash(&mut h);
            (h.finish(), referenced_globals(&text))
        })
        .collect();
    program
        .entries
        .iter()
        .map(|entry| {
            let mut reached = BTreeSet::new();
            let mut todo = vec![entry.global];
            while let Some(g) = todo.pop() {
                if reached.insert(g) {
                    if let Some((_, refs)) = globals.get(g as usize) {
                        todo.extend(refs.iter().copied());
                    }
                }
            }
            let mut h = DefaultHasher::new();
            format!("{entry:?}").hash(&mut h);
            for g in reached {
                g.hash(&mut h);
                globals.get(g as usize).map(|(hash, _)| *hash).hash(&mut h);
            }
            (entry.name.clone(), h.finish())
        })
        .collect()
}

/// The global ids a debug text names (`Global(N)`, `CallGlobal(N, ...)`).
fn referenced_globals(text: &str) -> Vec<u32> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices("Global(") {
        let digits: String = text[at + "Global(".len()..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if let Ok(id) = digits.parse() {
            out.push(id);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
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
}

/// Internalisation, simplification and fusion of one entry point.
#[salsa::tracked(returns(ref))]
pub fn entry_ir<'db>(db: &'db dyn Db, key: EntryKey<'db>) -> Option<EntryIr> {
    let input = entry_input(db, key)?;
    let name = key.name(db);
    let generation = input.sources.generation();
    let cached = LOWERED.with(|cell| {
        cell.borrow()
            .as_ref()
            .filter(|(g, _)| *g == generation)
            .map(|(_, p)| p.clone())
    });
    let program = match cached {
        Some(p) => p,
        None => match input.sources.lower_again() {
            Ok(p) => Rc::new(p),
            Err(e) => return Some(failed(e)),
        },
    };
    let compiled = runic_core::declared_layouts(&program, name)
        .and_then(|layouts| runic_core::compile_entry_stages(&program, name, &layouts));
    let (soacs, fused) = match compiled {
        Ok(c) => c,
        Err(e) => return Some(failed(e)),
    };
    let text = |l: &Option<runic_core::ir::Loc>| l.as_deref().map(str::to_string);
    Some(EntryIr {
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
    })
}

fn failed(error: String) -> EntryIr {
    EntryIr {
        soacs: Err(error.clone()),
        fused: Err(error),
        decisions: Vec::new(),
        chains: Vec::new(),
    }
}

/// The entry points of `file` with their middle-end results, in source
/// order; or why the program cannot be compiled.
pub fn entry_irs(db: &dyn Db, file: File) -> Result<Vec<(String, &EntryIr)>, String> {
    let plan = middle_plan(db, file);
    let entries = plan.entries.as_ref().map_err(Clone::clone)?;
    Ok(entries
        .iter()
        .filter_map(|(name, _)| {
            let key = EntryKey::new(db, file, name.clone());
            entry_ir(db, key).as_ref().map(|ir| (name.clone(), ir))
        })
        .collect())
}
