//! The per-declaration inputs of a file, and their durabilities.
//!
//! Where a file is written through a [`Workspace`](crate::Workspace), the
//! database does not derive its declarations' trees from its text: the
//! workspace sets them as inputs after each write ([`sync_sources`]), and
//! only for the declarations whose tree changed. Each declaration has an
//! [`ItemSource`] with two trees:
//!
//! - `green`, its current tree, which its own checks read
//!   ([`item_syntax`]);
//! - `head`, its tree as of the last change to anything but the body of a
//!   definition whose types are all written out. What a declaration
//!   defines (the state the declarations after it are checked in) is a
//!   function of its head alone ([`runic_sema::state_after_decl`] does not
//!   look at such a body, and [`same_head`] keeps the full tree for every
//!   other declaration), so the chain of states reads heads only
//!   ([`item_head`]).
//!
//! Their durabilities are what keeps an edit's cost in proportion to the
//! edit, not to the file. Salsa skips re-verifying a memo whose inputs all
//! have a durability no write has touched since the memo was last
//! verified. So:
//!
//! - what changes the structure of a file (its list of declarations,
//!   [`FileSources`]) or what a declaration defines (a head) is
//!   [`Durability::HIGH`];
//! - a declaration's tree starts [`Durability::MEDIUM`] and becomes
//!   [`Durability::LOW`] once edited.
//!
//! After an edit inside the body of one definition, only that definition's
//! `green` is written (low): the states, the other declarations' checks and
//! the chunks of [`crate::chunks`] other than the edited one are valid at
//! once, without walking their dependencies. The first edit of a
//! declaration lowers its tree from medium, which makes salsa re-verify
//! the medium memos (the checks, not the states) once.

use std::sync::Arc;

use rowan::{GreenNodeData, NodeOrToken};
use runic_syntax::ast::{AstNode, Expr};
use runic_syntax::{SyntaxKind, SyntaxNode};
use salsa::{Durability, Setter};

use crate::items::{item_tree, Item, ItemGreen, ItemKey, ItemTree};
use crate::{Db, File};

type FxHashMap<K, V> = std::collections::HashMap<K, V, rustc_hash::FxBuildHasher>;

/// The trees of one declaration, as inputs: set by the
/// [`Workspace`](crate::Workspace) when a new text changes them (`None`
/// once the file no longer has the declaration). See the module docs.
#[salsa::input(debug)]
pub struct ItemSource {
    /// What the declaration defines depends on this tree alone.
    #[returns(clone)]
    pub head: Option<ItemGreen>,
    /// The declaration's current tree.
    #[returns(clone)]
    pub green: Option<ItemGreen>,
}

/// The declarations of a file: their keys in source order and the
/// [`ItemSource`] of each. Set by the [`Workspace`](crate::Workspace) only
/// when declarations come or go, with high durability.
#[salsa::input(debug)]
pub struct FileSources {
    #[returns(ref)]
    pub sources: Arc<FxHashMap<ItemKey, ItemSource>>,
    #[returns(ref)]
    pub keys: Arc<[ItemKey]>,
}

/// The firewall: the declaration's green node (offsets relative to its start),
/// or `None` when the file no longer has this item. Equal green nodes compare
/// equal, so queries that read only this re-run only when the item's own text
/// changes.
#[salsa::tracked(returns(clone))]
pub fn item_syntax<'db>(db: &'db dyn Db, item: Item<'db>) -> Option<ItemGreen> {
    let file = item.file(db);
    if let Some(sources) = db.file_sources(file) {
        let source = *sources.sources(db).get(item.key(db))?;
        return source.green(db);
    }
    let tree = item_tree(db, file);
    tree.green(tree.index_of(item.key(db))?).cloned()
}

/// The tree that decides what the declaration defines: its tree as of the
/// last change outside the body of a fully annotated definition (see the
/// module docs). In a database without per-declaration inputs, its
/// current tree.
#[salsa::tracked(returns(clone))]
pub fn item_head<'db>(db: &'db dyn Db, item: Item<'db>) -> Option<ItemGreen> {
    let file = item.file(db);
    if let Some(sources) = db.file_sources(file) {
        let source = *sources.sources(db).get(item.key(db))?;
        return source.head(db);
    }
    let tree = item_tree(db, file);
    tree.green(tree.index_of(item.key(db))?).cloned()
}

/// Whether what `old` and `new` (two trees of one declaration) define is
/// the same whatever their bodies: equal but for the body of a value
/// definition whose types are all written out (directly or under
/// `local`). Every other difference counts, as does any difference where
/// the state after the definition needs its body
/// ([`runic_sema::state_needs_body`]).
pub fn same_head(old: &GreenNodeData, new: &GreenNodeData) -> bool {
    if std::ptr::eq(old, new) {
        return true;
    }
    let old = SyntaxNode::new_root(old.to_owned());
    let new = SyntaxNode::new_root(new.to_owned());
    if runic_sema::state_needs_body(&old) || runic_sema::state_needs_body(&new) {
        return old.green() == new.green();
    }
    same_parts(&old, &new)
}

/// [`same_head`] of two nodes of the same declaration.
fn same_parts(old: &SyntaxNode, new: &SyntaxNode) -> bool {
    if old.kind() != new.kind() {
        return false;
    }
    let wrapper = match new.kind() {
        SyntaxKind::VALUE_DECL => false,
        SyntaxKind::LOCAL_DECL => true,
        _ => return old.green() == new.green(),
    };
    let parts = |node: &SyntaxNode| {
        let mut body_seen = wrapper;
        node.children_with_tokens()
            .filter(move |part| {
                let body = !body_seen && part.as_node().is_some_and(|n| Expr::can_cast(n.kind()));
                body_seen |= body;
                !body
            })
            .collect::<Vec<_>>()
    };
    let (old_parts, new_parts) = (parts(old), parts(new));
    old_parts.len() == new_parts.len()
        && old_parts.iter().zip(&new_parts).all(|pair| match pair {
            (NodeOrToken::Node(a), NodeOrToken::Node(b)) if wrapper => same_parts(a, b),
            (NodeOrToken::Node(a), NodeOrToken::Node(b)) => a.green() == b.green(),
            (NodeOrToken::Token(a), NodeOrToken::Token(b)) => a.green() == b.green(),
            _ => false,
        })
}

/// What [`sync_sources`] leaves: the inputs of the file, the item tree
/// they were set from, and whether a high-durability input was written
/// (a declaration came, went, or changed what it defines).
pub(crate) struct Synced {
    pub sources: FileSources,
    pub tree: ItemTree,
    pub structural: bool,
    /// The keys of the declarations the text no longer has.
    pub gone: Vec<ItemKey>,
}

/// Brings the [`ItemSource`]s of `file` up to date with its text: called
/// after each write of the text, with the item tree of the text before
/// (`previous`). Only the sources of declarations whose tree changed are
/// set; the others are recognised by a pointer comparison (a reparse shares
/// their nodes), so the queries behind [`item_syntax`] of the other
/// declarations stay valid without re-running.
pub(crate) fn sync_sources(
    db: &mut crate::RootDatabase,
    file: File,
    registered: Option<FileSources>,
    previous: Option<&ItemTree>,
) -> Synced {
    let tree = item_tree(db, file).clone();
    let same_keys = previous.is_some_and(|previous| {
        previous.items().len() == tree.items().len()
            && previous
                .items()
                .iter()
                .zip(tree.items().iter())
                .all(|(a, b)| a.key == b.key)
    });
    if let (Some(registered), Some(previous), true) = (registered, previous, same_keys) {
        let sources = registered.sources(db).clone();
        let changed: Vec<(ItemSource, ItemGreen)> = (0..tree.items().len())
            .filter_map(|i| Some((tree.green(i)?, previous.green(i)?, &tree.items()[i])))
            .filter(|(new, old, _)| !std::ptr::eq::<GreenNodeData>(&*new.0, &*old.0))
            .filter_map(|(new, _, data)| Some((*sources.get(&data.key)?, new.clone())))
            .collect();
        let mut structural = false;
        for (source, green) in changed {
            structural |= update(db, source, Some(green));
        }
        return Synced {
            sources: registered,
            tree,
            structural,
            gone: Vec::new(),
        };
    }
    let old = registered
        .map(|s| s.sources(db).clone())
        .unwrap_or_default();
    let mut sources: FxHashMap<ItemKey, ItemSource> = FxHashMap::default();
    sources.reserve(tree.items().len());
    for (index, data) in tree.items().iter().enumerate() {
        let green = tree.green(index).cloned();
        let source = match old.get(&data.key) {
            Some(&source) => {
                update(db, source, green);
                source
            }
            None => ItemSource::builder(green.clone(), green)
                .head_durability(Durability::HIGH)
                .green_durability(Durability::MEDIUM)
                .new(db),
        };
        sources.insert(data.key.clone(), source);
    }
    // Declarations that are gone: their trees are dropped.
    let mut gone = Vec::new();
    for (key, source) in old.iter() {
        if !sources.contains_key(key) {
            update(db, *source, None);
            gone.push(key.clone());
        }
    }
    let keys: Arc<[ItemKey]> = tree.items().iter().map(|d| d.key.clone()).collect();
    let sources = Arc::new(sources);
    let registered = match registered {
        Some(registered) => {
            registered
                .set_sources(db)
                .with_durability(Durability::HIGH)
                .to(sources);
            registered
                .set_keys(db)
                .with_durability(Durability::HIGH)
                .to(keys);
            registered
        }
        None => FileSources::builder(sources, keys)
            .durability(Durability::HIGH)
            .new(db),
    };
    Synced {
        sources: registered,
        tree,
        structural: true,
        gone,
    }
}

/// Sets the trees of `source` for the declaration's new tree `green`:
/// the tree itself (low durability from now on) where it changed, and the
/// head (high) where what the declaration defines may have changed.
/// Returns whether the head was written.
fn update(db: &mut crate::RootDatabase, source: ItemSource, green: Option<ItemGreen>) -> bool {
    let old = source.green(db);
    if old == green {
        return false;
    }
    let head_kept = match (&old, &green) {
        (Some(old), Some(new)) => same_head(old, new),
        (None, None) => true,
        _ => false,
    };
    source
        .set_green(db)
        .with_durability(Durability::LOW)
        .to(green.clone());
    if !head_kept {
        source
            .set_head(db)
            .with_durability(Durability::HIGH)
            .to(green);
    }
    !head_kept
}
