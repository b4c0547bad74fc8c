//! The middle end (internalisation, simplification, fusion) as salsa
//! queries, one per entry point, so that an edit inside one function
//! re-runs the middle end only for the entry points that reach it.
//!
//! # Shape
//!
//! - [`lower`] elaborates the whole workspace (modules and functors away)
//!   into the interpreter's internal form, from the files' trees and the
//!   whole-file check's types: what `runic run` and `runic test` run. It
//!   is a plain function: that form holds `Rc`s, so it cannot be a query's
//!   value.
//! - [`middle_plan`] (re-run on every edit of the workspace) gives each
//!   entry point the top-level declarations it may reach and a
//!   *fingerprint* of them, from the syntax alone ([`crate::middle_deps`]:
//!   the reached declarations' texts and where they start, memoised per
//!   declaration). It neither checks the whole file nor elaborates: an edit
//!   that no entry point reaches costs the incremental check (for errors)
//!   and the fingerprints.
//! - [`entry_input`] is the firewall: the plan's part for one entry point.
//!   Its value compares by fingerprint only, so when the fingerprint did not
//!   change salsa keeps the old value and [`entry_ir`] is not re-run.
//! - [`entry_ir`] runs the middle end for one entry point (both stages, the
//!   printed IR and fusion's decisions as plain data). It elaborates only
//!   the declarations the entry point may reach, from their own trees and
//!   their own checks' types ([`crate::middle_unit`]), with the same
//!   elaborator as [`lower`] (`runic_eval::Program::load`; the prelude is
//!   elaborated once per thread). So an edit inside a function re-checks
//!   that function's types alone, then elaborates and compiles the entry
//!   points that reach it, each from what it reaches.
//! - [`entry_irs`] compiles the entry points on the checker's workers.
//!
//! Internalisation inlines every call (it monomorphises and
//! defunctionalises on the way), so "a function and its callers" is "the
//! entry points that reach the function"; monomorphic instances are part of
//! their entry point's result rather than queries of their own.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::sync::Arc;

use runic_core::fuse::Verdict;
use runic_eval::Unit;
use salsa::plumbing::{AsId, FromId};

use crate::middle_deps::{entry_fingerprints, EntryReach, Reached};
use crate::middle_unit::{self, SentUnit};
use crate::{check_file, file_diagnostics, parse, Db, File, Severity};

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

/// What the middle end starts from in the current revision.
#[derive(Debug, PartialEq, Eq)]
pub struct MiddlePlan {
    /// Each entry point of the file, what it may reach and its
    /// fingerprint, in source order; or why the program cannot be
    /// compiled.
    pub entries: Result<Vec<EntryReach>, String>,
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
    if let Some(error) = file_diagnostics(db, file)
        .iter()
        .find(|d| d.severity == Severity::Error)
    {
        return MiddlePlan {
            entries: Err(error.message.clone()),
        };
    }
    // The other files' texts: a hash of them is part of every fingerprint.
    let mut h = DefaultHasher::new();
    if let Some(root) = db.source_root() {
        for (path, f) in root.files(db) {
            if *f != file {
                (path, f.text(db)).hash(&mut h);
            }
        }
    }
    MiddlePlan {
        entries: Ok(entry_fingerprints(db, file, h.finish())),
    }
}

/// The plan's part for one entry point. Equal to another when the
/// fingerprints are (which hash what `reached` says).
#[derive(Debug, Clone)]
pub struct EntryInput {
    pub fingerprint: u64,
    /// The declarations of the file the entry point may reach.
    pub reached: Arc<[Reached]>,
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
    let entry = entries.iter().find(|e| e.name == *key.name(db))?;
    Some(EntryInput {
        fingerprint: entry.fingerprint,
        reached: entry.reached.clone().into(),
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

/// Internalisation, simplification and fusion of one entry point, from
/// the declarations it may reach ([`middle_unit::reached_unit`]: their
/// trees and per-declaration types, so it re-runs only when one of those
/// changed), and the files the main one imports.
#[salsa::tracked(returns(ref))]
pub fn entry_ir<'db>(db: &'db dyn Db, key: EntryKey<'db>) -> Option<EntryIr> {
    let input = entry_input(db, key)?;
    let file = key.file(db);
    let name = key.name(db).clone();
    let reduced = middle_unit::reached_unit(db, file, &input.reached);
    if let Some(main) = reduced {
        let ir = compile_guarded(with_imports(db, main), file.path(db).clone(), name.clone());
        if !ir.unlowered {
            return Some(ir);
        }
    }
    // What the syntactic reach missed (or an elaboration error): the
    // whole file.
    let main = middle_unit::whole_unit(db, file);
    Some(compile_guarded(
        with_imports(db, main),
        file.path(db).clone(),
        name,
    ))
}

/// `main` and the files it imports.
fn with_imports(db: &dyn Db, main: SentUnit) -> Vec<SentUnit> {
    let mut units = middle_unit::imported_units(db, &main);
    units.push(main);
    units
}

/// [`compile`], with a panic turned into an error.
fn compile_guarded(units: Vec<SentUnit>, main: String, name: String) -> EntryIr {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        compile(units, &main, &name)
    }))
    .unwrap_or_else(|_| failed("internal error: the middle end panicked".into()))
}

/// Elaboration, internalisation, simplification and fusion of the entry
/// point `name` of `main` (on the worker thread).
fn compile(units: Vec<SentUnit>, main: &str, name: &str) -> EntryIr {
    let units: HashMap<String, Unit> = units
        .into_iter()
        .map(|u| (u.path.clone(), u.into_unit()))
        .collect();
    let program = match runic_eval::Program::load(&units, main, &crate::resolve_import) {
        Ok(p) => p,
        Err(e) => {
            let mut ir = failed(if e.loc.is_empty() {
                e.message
            } else {
                format!("{}: {}", e.loc, e.message)
            });
            ir.unlowered = true;
            return ir;
        }
    };
    let compiled = runic_core::declared_layouts(&program, name)
        .and_then(|layouts| runic_core::compile_entry_stages(&program, name, &layouts));
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

/// Entry points per job of [`compile_in_parallel`].
const BATCH: usize = 4;

/// Fills the memos of [`entry_ir`] for the entry points `keys`, on the
/// checker's workers where there are any (as [`crate::parallel`] fills the
/// declarations' checks): each job takes a few entry points on a fork of
/// the database.
fn compile_in_parallel(db: &dyn Db, keys: &[salsa::Id]) {
    if keys.len() < 2 || !db.checks_in_parallel() {
        return;
    }
    let Some(pool) = crate::parallel::pool() else {
        return;
    };
    pool.in_place_scope(|scope| {
        for batch in keys.chunks(BATCH) {
            let Some(fork) = db.fork() else {
                return;
            };
            let ids = batch.to_vec();
            scope.spawn(move |_| {
                for id in ids {
                    let _ = entry_ir(&*fork, EntryKey::from_id(id));
                }
            });
        }
    });
}

/// The entry points of `file` with their middle-end results, in source
/// order; or why the program cannot be compiled. Those to compute are
/// compiled on the checker's workers ([`crate::parallel`]), each on a fork
/// of the database; the results are then read here, which records the
/// dependencies as computing them here would.
pub fn entry_irs(db: &dyn Db, file: File) -> Result<Vec<(String, &EntryIr)>, String> {
    let plan = middle_plan(db, file);
    let entries = plan.entries.as_ref().map_err(Clone::clone)?;
    let keys: Vec<salsa::Id> = entries
        .iter()
        .map(|e| EntryKey::new(db, file, e.name.clone()).as_id())
        .collect();
    // The declarations' states, in order, here: the entry points' units
    // read only the analyses of what they reach (no dependency on the
    // other states), and find them without recursing up the file.
    if let Some(last) = crate::items::file_items(db, file).last() {
        crate::semantic::walk_states_before(db, *last);
    }
    compile_in_parallel(db, &keys);
    let irs: Vec<(String, &EntryIr)> = entries
        .iter()
        .filter_map(|e| {
            let key = EntryKey::new(db, file, e.name.clone());
            entry_ir(db, key).as_ref().map(|ir| (e.name.clone(), ir))
        })
        .collect();
    match irs.iter().find(|(_, ir)| ir.unlowered) {
        Some((_, ir)) => Err(ir.soacs.clone().err().unwrap_or_default()),
        None => Ok(irs),
    }
}
