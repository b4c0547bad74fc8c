//! Semantic checking as queries: the type checker of `runic-sema`, one
//! top-level declaration at a time, with the shipped prelude and with
//! `import`s resolved against the files of the [`SourceRoot`](crate::SourceRoot).
//!
//! Each item is checked by [`item_checked`] from its own tree (the
//! [`item_syntax`] firewall, offsets relative to the item) and the state
//! the items before it left ([`item_state`], a firewall of its own: an edit
//! inside a function body usually leaves that state equal, so the items
//! after it are not checked again). The states are found without checking
//! most bodies, so the items' checks are independent of each other and
//! [`semantic_diagnostics`] runs them in parallel ([`crate::parallel`]).
//! Ranges and citations in the results are
//! relative to their item; [`semantic_diagnostics`] turns them into file
//! positions, which is cheap and the only part that re-runs for every edit.
//!
//! An imported file's exports are the state after its last item
//! ([`file_exports`]); its own diagnostics are reported when that file is
//! checked.

use std::collections::HashMap;
use std::sync::Arc;

use runic_sema::env::ModEnv;
use runic_sema::{DeclState, Imports, Origin, Prelude};
use runic_syntax::{SyntaxKind, SyntaxNode, TextSize};
use rustc_hash::FxHashMap;
use salsa::plumbing::{AsId, FromId};

use crate::chunks::{chunk_diagnostics, file_chunks, states_walked, CHUNK};
use crate::items::{file_items, item_tree, Item, ItemGreen};
use crate::sources::{item_head, item_syntax};
use crate::{parse, Db, Diagnostic, File, Severity};

/// The checking result of one top-level declaration.
#[derive(Debug, Clone, PartialEq)]
pub struct ItemChecked {
    /// What the file has defined after this item (equal to what
    /// [`runic_sema::state_after_decl`] finds).
    pub state: Arc<DeclState>,
    /// The item's problems, relative to the item.
    pub diagnostics: Vec<runic_sema::Diagnostic>,
}

/// Checks one top-level declaration after the state its predecessors left
/// (what it leaves is [`item_state`]'s). `no_eq`: its results are only read
/// to be shown.
///
/// A definition whose state needs its body is checked whole, once, for
/// both its state and its diagnostics, from its head (which for such a
/// declaration is its current tree, see [`crate::sources`]); any other
/// declaration from its current tree, for its diagnostics only.
#[salsa::tracked(returns(ref), no_eq)]
pub fn item_checked<'db>(db: &'db dyn Db, item: Item<'db>) -> ItemChecked {
    if state_needs_body(db, item) {
        return match on_tree(db, item, item_head(db, item), runic_sema::check_decl) {
            Some(checked) => ItemChecked {
                state: Arc::new(checked.state),
                diagnostics: checked.diagnostics,
            },
            None => ItemChecked {
                state: state_before(db, item),
                diagnostics: Vec::new(),
            },
        };
    }
    ItemChecked {
        state: item_state(db, item),
        diagnostics: on_item(db, item, runic_sema::check_decl_diagnostics).unwrap_or_default(),
    }
}

/// The signature of the `runic_sema` functions that take one top-level
/// declaration after a state: [`runic_sema::check_decl`] and its kin.
type DeclFn<T> = fn(&DeclState, &SyntaxNode, Origin, &Prelude, &dyn Imports) -> T;

/// Runs `check` on `item`'s own tree after the state the items before it
/// left, with the shipped prelude and the imports of its file; `None` for
/// an item without a tree.
pub(crate) fn on_item<'db, T>(db: &'db dyn Db, item: Item<'db>, check: DeclFn<T>) -> Option<T> {
    on_tree(db, item, item_syntax(db, item), check)
}

/// Runs `check` on `green`, a tree of `item`, as [`on_item`] does.
fn on_tree<'db, T>(
    db: &'db dyn Db,
    item: Item<'db>,
    green: Option<ItemGreen>,
    check: DeclFn<T>,
) -> Option<T> {
    let green = green?;
    let before = state_before(db, item);
    let imports = DbImports {
        db,
        importer: item.file(db),
    };
    // A write of a newer text stops the check mid-way (see
    // `runic_sema::interrupt`), not only at the next query.
    let cancelled = || db.unwind_if_revision_cancelled();
    Some(runic_sema::interrupt::with_interrupt(&cancelled, || {
        check(
            &before,
            &SyntaxNode::new_root(green.0),
            origin_of(item),
            &Prelude::builtin(),
            &imports,
        )
    }))
}

/// The firewall between items: only the state after `item`, which stays
/// equal (and so is backdated) when an edit changes nothing later items see.
///
/// Found from the item's head alone ([`item_head`]) by
/// [`runic_sema::state_after_decl`], which skips what only diagnostics
/// need (most bodies): the states of a file are a chain, each needing the
/// one before, and this keeps the chain short next to [`item_checked`],
/// whose runs are then independent of each other. The heads are inputs
/// of high durability, so after an edit inside a body the chain is valid
/// without being walked. An item whose quick state would check its body
/// (a definition whose type is inferred) enters the state deferred
/// ([`runic_sema::deferred_state_after_decl`]).
#[salsa::tracked(returns(clone))]
pub fn item_state<'db>(db: &'db dyn Db, item: Item<'db>) -> Arc<DeclState> {
    if state_needs_body(db, item) {
        // Deferred: the definition's body is checked off the chain, by
        // `item_checked` on a worker or when a later item first uses it.
        let deferred = item_head(db, item).and_then(|green| {
            runic_sema::deferred_state_after_decl(
                &state_before(db, item),
                &SyntaxNode::new_root(green.0),
                origin_of(item),
            )
        });
        return match deferred {
            Some(state) => Arc::new(state),
            None => item_checked(db, item).state.clone(),
        };
    }
    match on_tree(db, item, item_head(db, item), runic_sema::state_after_decl) {
        Some(state) => Arc::new(state),
        None => state_before(db, item),
    }
}

/// Whether the quick state of `item` would check its body
/// ([`runic_sema::state_needs_body`]): then [`item_state`] enters the
/// definition deferred, and [`item_checked`]'s full check (off the chain)
/// gives its type to the items that use it ([`deferred_value`]). Read from
/// the head, which decides it.
fn state_needs_body(db: &dyn Db, item: Item<'_>) -> bool {
    item_head(db, item)
        .is_some_and(|green| runic_sema::state_needs_body(&SyntaxNode::new_root(green.0)))
}

/// The item before `item` in its file (stable while the items' order is:
/// it reads only [`file_items`], which changes with the offset-free
/// [`item_list`](crate::items::item_list)).
#[salsa::tracked]
fn item_predecessor<'db>(db: &'db dyn Db, item: Item<'db>) -> Option<Item<'db>> {
    let file = item.file(db);
    let index = *item_positions(db, file).get(&item)?;
    file_items(db, file).get(index.checked_sub(1)?).copied()
}

/// The position of each item of `file` in source order, so that finding
/// an item's predecessor is one look-up, not a walk of the list (which
/// made the chain of states quadratic in the number of declarations).
#[salsa::tracked(returns(ref))]
fn item_positions(db: &dyn Db, file: File) -> FxHashMap<Item<'_>, usize> {
    file_items(db, file)
        .iter()
        .enumerate()
        .map(|(index, item)| (*item, index))
        .collect()
}

/// The item before `item` in its file, if any.
pub(crate) fn item_before<'db>(db: &'db dyn Db, item: Item<'db>) -> Option<Item<'db>> {
    *item_predecessor(db, item)
}

pub(crate) fn state_before<'db>(db: &'db dyn Db, item: Item<'db>) -> Arc<DeclState> {
    match item_predecessor(db, item) {
        Some(previous) => item_state(db, *previous),
        None => Arc::default(),
    }
}

/// Brings the states of the items before `item` up to date in source
/// order. Salsa checks a memo's dependencies recursively, and the state
/// before an item depends on the state before the previous one, and so on
/// to the top of the file: without this walk, the first request about a
/// declaration far down a large file after an edit would recurse as deep
/// as the file has declarations. With it, each state is checked once, its
/// predecessor already checked. The chunks of declarations before the
/// item's are walked a chunk at a time ([`states_walked`]), then the
/// declarations of its chunk before it.
pub(crate) fn walk_states_before(db: &dyn Db, item: Item<'_>) {
    let file = item.file(db);
    let Some(&index) = item_positions(db, file).get(&item) else {
        return;
    };
    let chunks = file_chunks(db, file);
    for chunk in &chunks[..index / CHUNK] {
        states_walked(db, *chunk);
    }
    let items = file_items(db, file);
    for previous in &items[index / CHUNK * CHUNK..index] {
        let _ = item_state(db, *previous);
    }
}

/// The id the checker marks an item's places with.
pub(crate) fn origin_of(item: Item<'_>) -> Origin {
    item.as_id().as_bits()
}

/// What a file exports: the state after its last item.
#[salsa::tracked(returns(clone))]
pub fn file_exports(db: &dyn Db, file: File) -> Arc<ModEnv> {
    match file_items(db, file).last() {
        Some(last) => Arc::new(resolved_env(db, item_state(db, *last).exports())),
        None => Arc::default(),
    }
}

/// `env` with its deferred values ([`runic_sema::env::Value::deferred`])
/// resolved, for readers outside the file's chain of states (importers,
/// the IDE).
pub(crate) fn resolved_env(db: &dyn Db, env: &ModEnv) -> ModEnv {
    let mut resolved = env.clone();
    for (name, value) in env.values.iter().filter(|(_, value)| value.deferred) {
        if let Some(real) = value.range.and_then(|at| deferred_value(db, at, name)) {
            resolved.values.insert(name.clone(), real);
        }
    }
    resolved
}

/// What the definition at `at` (an item's origin and a range in it)
/// binds `name` to, checking that item: the resolution of a deferred value.
pub(crate) fn deferred_value(
    db: &dyn Db,
    at: runic_sema::Loc,
    name: &str,
) -> Option<runic_sema::env::Value> {
    let item = Item::from_id(salsa::Id::from_bits(at.origin));
    let (defined, value) = deferred_binding(db, item)?;
    (defined == name).then(|| (*value).clone())
}

/// The name a value definition that needs its body defines, and its
/// binding once checked: the firewall between a deferred definition and
/// its users, equal (so they are not checked again) when an edit of its
/// body leaves its type as it was.
#[salsa::tracked(returns(clone))]
fn deferred_binding<'db>(
    db: &'db dyn Db,
    item: Item<'db>,
) -> Option<(String, Arc<runic_sema::env::Value>)> {
    let green = item_syntax(db, item)?;
    let name = runic_sema::value_definition_name(&SyntaxNode::new_root(green.0))?;
    let checked = item_checked(db, item);
    let value = checked.state.visible().values.get(name.as_str())?;
    (!value.deferred).then(|| (name, Arc::new(value.clone())))
}

/// The type, size and module errors of a file, in file positions.
///
/// Where items are checked in parallel and a write may have changed what
/// declarations define ([`Db::prefill_due`]), their checks are handed to
/// the workers first ([`crate::parallel`]); then the memo below.
pub fn semantic_diagnostics(db: &dyn Db, file: File) -> &Vec<Diagnostic> {
    if db.checks_in_parallel() && db.prefill_due(file) {
        crate::parallel::check_items(db, file);
        db.prefill_done(file);
    }
    semantic_diagnostics_query(db, file)
}

/// The memo behind [`semantic_diagnostics`]. It reads the diagnostics of
/// chunks of declarations ([`crate::chunks`]), relative to each
/// declaration: after an edit that changes none of them it is valid
/// without re-running. Where there are some, it places them (which
/// depends on the offsets, so it then re-runs after every edit); the
/// positions of declarations and lines are computed only then.
#[salsa::tracked(returns(ref))]
pub(crate) fn semantic_diagnostics_query(db: &dyn Db, file: File) -> Vec<Diagnostic> {
    let with_problems: Vec<&(u32, Vec<runic_sema::Diagnostic>)> = file_chunks(db, file)
        .iter()
        .flat_map(|chunk| chunk_diagnostics(db, *chunk))
        .collect();
    if with_problems.is_empty() {
        return Vec::new();
    }
    let file_items = file_items(db, file);
    let tree = item_tree(db, file);
    let starts: HashMap<Origin, TextSize> = file_items
        .iter()
        .zip(tree.items())
        .map(|(item, data)| (origin_of(*item), data.range.start()))
        .collect();
    let text = file.text(db);
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let locate = |origin: Origin, offset: TextSize| {
        let start = starts.get(&origin)?;
        Some(runic_sema::diagnostic::line_col_of(
            &line_starts,
            usize::from(*start + offset),
        ))
    };
    let mut out = Vec::new();
    for (index, diagnostics) in with_problems {
        let origin = origin_of(file_items[*index as usize]);
        let start = starts[&origin];
        for d in diagnostics {
            out.push(convert(d, origin, start, &starts, &locate));
        }
    }
    out
}

/// A checker diagnostic of the item at `start`, in file positions.
fn convert(
    d: &runic_sema::Diagnostic,
    origin: Origin,
    start: TextSize,
    starts: &HashMap<Origin, TextSize>,
    locate: &dyn Fn(Origin, TextSize) -> Option<(usize, usize)>,
) -> Diagnostic {
    let message = runic_sema::resolve_citations(&d.message, &|o, offset| {
        locate(
            if o == runic_sema::diagnostic::SAME_DECL {
                origin
            } else {
                o
            },
            offset,
        )
    });
    let mut out = Diagnostic::error(d.range + start, message).with_code(d.code);
    if d.severity == runic_sema::Severity::Warning {
        out.severity = Severity::Warning;
    }
    for (loc, note) in &d.related {
        let base = match loc.origin {
            runic_sema::diagnostic::SAME_DECL => Some(start),
            other => starts.get(&other).copied(),
        };
        // Places in other files are left out for now.
        if let Some(base) = base {
            out = out.with_related(loc.range + base, note.clone());
        }
    }
    out
}

/// The type checker's whole result for a file (environments and the solved
/// type of every expression), computed now and not memoised, checking the
/// file as a whole. For stages that need a file's typed program, such as
/// the interpreter.
pub fn check_file(db: &dyn Db, file: File) -> runic_sema::Checked {
    let parse = parse(db, file);
    let prelude = Prelude::builtin();
    let imports = DbImports { db, importer: file };
    let mut checked = runic_sema::check_program(&parse.syntax(), &prelude, &imports);
    for d in &mut checked.diagnostics {
        d.related
            .retain(|(loc, _)| loc.origin == 0 || loc.origin == runic_sema::diagnostic::SAME_DECL);
    }
    checked
}

pub use runic_sema::resolve_import;

/// The paths a file's `import`s name, resolved (for loading them).
///
/// Imports live among declarations and in module expressions, never inside
/// value, type or module type declarations, whose subtrees (most of a file)
/// are skipped: the language server calls this after every edit.
pub fn imports_of(importer: &str, root: &SyntaxNode) -> Vec<String> {
    let mut imports = Vec::new();
    let mut walk = root.preorder();
    while let Some(event) = walk.next() {
        let rowan::WalkEvent::Enter(node) = event else {
            continue;
        };
        match node.kind() {
            SyntaxKind::IMPORT_DECL | SyntaxKind::MOD_IMPORT => imports.push(node),
            SyntaxKind::VALUE_DECL | SyntaxKind::TYPE_DECL | SyntaxKind::MODULE_TYPE_DECL => {
                walk.skip_subtree()
            }
            _ => {}
        }
    }
    imports
        .into_iter()
        .filter_map(|n| {
            n.children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| t.kind() == SyntaxKind::STRING)
        })
        .map(|t| resolve_import(importer, t.text().trim_matches('"')))
        .collect()
}

/// Resolves imports to the exports of files of the source root, refusing
/// an import that would lead back to the importer (a cycle).
pub(crate) struct DbImports<'a> {
    pub db: &'a dyn Db,
    pub importer: File,
}

impl Imports for DbImports<'_> {
    fn import(&self, path: &str) -> Option<Arc<ModEnv>> {
        let target = resolve_import(self.importer.path(self.db), path);
        let root = self.db.source_root()?;
        let file = *root.files(self.db).get(&target)?;
        if reaches(self.db, file, self.importer) {
            return None;
        }
        Some(file_exports(self.db, file))
    }

    fn cycle(&self, path: &str) -> Option<Vec<String>> {
        let target = resolve_import(self.importer.path(self.db), path);
        let root = self.db.source_root()?;
        let file = *root.files(self.db).get(&target)?;
        let chain = import_chain(self.db, file, self.importer)?;
        let mut names = vec![self.importer.path(self.db).to_string()];
        names.extend(chain.iter().map(|f| f.path(self.db).to_string()));
        Some(names)
    }

    fn deferred_value(&self, at: runic_sema::Loc, name: &str) -> Option<runic_sema::env::Value> {
        deferred_value(self.db, at, name)
    }
}

/// The paths `file` imports, as [`imports_of`] finds them, read from its
/// declarations' heads ([`item_head`]): imports are never inside the
/// bodies a head may lag behind on, and heads are inputs of high
/// durability, so what reads this (every check of an import) stays valid
/// after an edit inside a body.
#[salsa::tracked(returns(ref))]
fn file_imports(db: &dyn Db, file: File) -> Vec<String> {
    let path = file.path(db);
    file_items(db, file)
        .iter()
        .filter_map(|item| item_head(db, *item))
        .flat_map(|green| imports_of(path, &SyntaxNode::new_root(green.0)))
        .collect()
}

/// Whether `from` imports `to`, directly or through other files.
fn reaches(db: &dyn Db, from: File, to: File) -> bool {
    import_chain(db, from, to).is_some()
}

/// The shortest chain of imports from `from` to `to`, both included.
fn import_chain(db: &dyn Db, from: File, to: File) -> Option<Vec<File>> {
    let root = db.source_root()?;
    let files = root.files(db);
    // Breadth first, each file with the file it was reached from.
    let mut reached: Vec<(File, Option<usize>)> = vec![(from, None)];
    let mut next = 0;
    while let Some(&(file, _)) = reached.get(next) {
        if file == to {
            let mut chain = Vec::new();
            let mut at = Some(next);
            while let Some(i) = at {
                chain.push(reached[i].0);
                at = reached[i].1;
            }
            chain.reverse();
            return Some(chain);
        }
        for path in file_imports(db, file) {
            if let Some(found) = files.get(path) {
                if !reached.iter().any(|(f, _)| f == found) {
                    reached.push((*found, Some(next)));
                }
            }
        }
        next += 1;
    }
    None
}
