//! The item tree: a file's top-level declarations, and their stable identities.
//!
//! [`item_tree`] re-runs on every edit (ranges move), but it is small. Each
//! declaration's identity is an [`ItemKey`] (kind, name, index among the
//! declarations with the same kind and name), interned as an [`Item`]. The
//! key does not mention offsets, so an edit in one declaration leaves the
//! other declarations' items, and the queries keyed on them, untouched.
//!
//! Per edit, the work here is proportional to the number of declarations
//! only in cheap steps (one walk of the root's children, pointer
//! comparisons): [`item_list`] and [`file_items`], without offsets, compare
//! equal after an edit that adds or removes no declaration, so what reads
//! them is not re-run; and where the file was written through a
//! [`Workspace`](crate::Workspace), each declaration's tree is an input of
//! its own ([`ItemSource`], set only when that declaration's tree changed),
//! so [`item_syntax`] of the other declarations is not re-run either.

use std::sync::Arc;

use rowan::GreenNodeData;
use runic_syntax::ast::{AstNode, Decl};
use runic_syntax::{GreenNode, SyntaxNode, TextRange, TextSize};

use crate::{parse, Db, File};

/// What a top-level declaration declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ItemKind {
    /// `def` or `let`.
    Value,
    /// `entry`.
    Entry,
    Type,
    Module,
    ModuleType,
    Open,
    Import,
    Include,
}

/// The identity of a declaration within its file, independent of offsets.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ItemKey {
    pub kind: ItemKind,
    /// The bound name; `None` for `open`, `import` and `include`.
    pub name: Option<String>,
    /// How many earlier declarations of the file have the same kind and name.
    pub index: u32,
}

/// One top-level declaration as the item tree records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemData {
    pub key: ItemKey,
    /// Whether the declaration is wrapped in `local`.
    pub local: bool,
    /// The whole declaration, doc comment included.
    pub range: TextRange,
    /// The bound name, where there is one.
    pub name_range: Option<TextRange>,
    /// Position among the root node's children (nodes and tokens).
    child_index: u32,
}

type FxHashMap<K, V> = std::collections::HashMap<K, V, rustc_hash::FxBuildHasher>;

/// The top-level declarations of a file, in source order.
#[derive(Clone, Default)]
pub struct ItemTree {
    items: Vec<ItemData>,
    by_key: FxHashMap<ItemKey, usize>,
}

/// The items alone: the index by key follows from them.
impl PartialEq for ItemTree {
    fn eq(&self, other: &ItemTree) -> bool {
        self.items == other.items
    }
}

impl Eq for ItemTree {}

/// Only the items, in order (the key index is derived from them).
impl std::fmt::Debug for ItemTree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(&self.items).finish()
    }
}

impl ItemTree {
    pub fn items(&self) -> &[ItemData] {
        &self.items
    }

    pub fn get(&self, key: &ItemKey) -> Option<&ItemData> {
        self.by_key.get(key).map(|&i| &self.items[i])
    }

    /// The position of the item with `key` in source order.
    pub fn index_of(&self, key: &ItemKey) -> Option<usize> {
        self.by_key.get(key).copied()
    }

    /// The declaration whose range contains `offset` (its end included).
    pub fn item_at(&self, offset: TextSize) -> Option<&ItemData> {
        self.items
            .iter()
            .find(|item| item.range.contains_inclusive(offset))
    }

    /// The first declaration binding `name`.
    pub fn find_by_name(&self, name: &str) -> Option<&ItemData> {
        self.items
            .iter()
            .find(|item| item.key.name.as_deref() == Some(name))
    }

    /// Builds the item tree of a file's root node.
    pub fn from_root(root: &SyntaxNode) -> ItemTree {
        let mut tree = ItemTree::default();
        // How many declarations of each kind and name came before: the
        // key with index 0 stands for the kind and name.
        let mut counts: FxHashMap<ItemKey, u32> = FxHashMap::default();
        for (child_index, element) in root.children_with_tokens().enumerate() {
            let Some(decl) = element.into_node().and_then(Decl::cast) else {
                continue;
            };
            let Some((kind, local)) = decl_kind(&decl) else {
                continue;
            };
            let name = decl.name();
            let mut key = ItemKey {
                kind,
                name: name.as_ref().map(|n| n.text()),
                index: 0,
            };
            match counts.get_mut(&key) {
                Some(count) => {
                    key.index = *count;
                    *count += 1;
                }
                None => {
                    counts.insert(key.clone(), 1);
                }
            }
            tree.by_key.insert(key.clone(), tree.items.len());
            tree.items.push(ItemData {
                key,
                local,
                range: decl.syntax().text_range(),
                name_range: name.map(|n| n.syntax().text_range()),
                child_index: child_index as u32,
            });
        }
        tree
    }
}

/// The item kind of a declaration and whether it is `local`.
fn decl_kind(decl: &Decl) -> Option<(ItemKind, bool)> {
    let kind = match decl {
        Decl::ValueDecl(d) if d.is_entry() => ItemKind::Entry,
        Decl::ValueDecl(_) => ItemKind::Value,
        Decl::TypeDecl(_) => ItemKind::Type,
        Decl::ModuleDecl(_) => ItemKind::Module,
        Decl::ModuleTypeDecl(_) => ItemKind::ModuleType,
        Decl::OpenDecl(_) => ItemKind::Open,
        Decl::ImportDecl(_) => ItemKind::Import,
        Decl::IncludeDecl(_) => ItemKind::Include,
        Decl::LocalDecl(d) => return Some((decl_kind(&d.decl()?)?.0, true)),
    };
    Some((kind, false))
}

/// The item tree of a file.
#[salsa::tracked(returns(ref))]
pub fn item_tree(db: &dyn Db, file: File) -> ItemTree {
    ItemTree::from_root(&parse(db, file).syntax())
}

/// A top-level declaration of a file, identified by its [`ItemKey`].
#[salsa::interned(debug)]
pub struct Item<'db> {
    #[returns(copy)]
    pub file: File,
    #[returns(ref)]
    pub key: ItemKey,
}

/// One declaration of [`item_list`]: its key and its position among the
/// root node's children (nodes and tokens).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemEntry {
    pub key: ItemKey,
    pub child_index: u32,
}

/// The item tree without offsets: equal after any edit that adds, removes
/// or renames no declaration (and adds no comment between two), so the
/// queries reading it are not re-run for an edit inside a declaration.
#[salsa::tracked(returns(clone))]
pub fn item_list(db: &dyn Db, file: File) -> Arc<[ItemEntry]> {
    item_tree(db, file)
        .items()
        .iter()
        .map(|data| ItemEntry {
            key: data.key.clone(),
            child_index: data.child_index,
        })
        .collect()
}

/// The items of a file, in source order, interned once per change of
/// [`item_list`].
#[salsa::tracked(returns(ref))]
pub fn file_items(db: &dyn Db, file: File) -> Vec<Item<'_>> {
    item_list(db, file)
        .iter()
        .map(|entry| Item::new(db, file, entry.key.clone()))
        .collect()
}

/// The items of a file, in source order (the same order as
/// [`ItemTree::items`]).
pub fn items(db: &dyn Db, file: File) -> Vec<Item<'_>> {
    file_items(db, file).clone()
}

/// A declaration's green node, compared by identity first: a reparse
/// shares the nodes of untouched declarations, so most comparisons end
/// there instead of walking two equal trees.
#[derive(Debug, Clone, Eq)]
pub struct ItemGreen(pub GreenNode);

impl PartialEq for ItemGreen {
    fn eq(&self, other: &ItemGreen) -> bool {
        std::ptr::eq::<GreenNodeData>(&*self.0, &*other.0) || self.0 == other.0
    }
}

impl std::ops::Deref for ItemGreen {
    type Target = GreenNode;
    fn deref(&self) -> &GreenNode {
        &self.0
    }
}

/// The tree of one declaration, as an input: set by the
/// [`Workspace`](crate::Workspace) when a new text changes it (`None` once
/// the file no longer has the declaration).
#[salsa::input(debug)]
pub struct ItemSource {
    #[returns(clone)]
    pub green: Option<ItemGreen>,
}

/// The [`ItemSource`] of each declaration of a file, by key: set by the
/// [`Workspace`](crate::Workspace) only when declarations come or go.
#[salsa::input(debug)]
pub struct FileSources {
    #[returns(ref)]
    pub sources: Arc<FxHashMap<ItemKey, ItemSource>>,
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
    let list = item_list(db, file);
    let entry = list.iter().find(|entry| &entry.key == item.key(db))?;
    green_child(parse(db, file).green(), entry.child_index)
}

/// The declaration node at `child_index` among `root`'s children.
fn green_child(root: &GreenNodeData, child_index: u32) -> Option<ItemGreen> {
    let child = root.children().nth(child_index as usize)?;
    child.into_node().map(|node| ItemGreen(node.to_owned()))
}

/// Brings the [`ItemSource`]s of `file` up to date with its text: called
/// after each write of the text. Only the sources of declarations whose
/// tree changed are set (a pointer comparison for the others, whose nodes a
/// reparse shares), so the queries behind [`item_syntax`] of the other
/// declarations stay valid without re-running.
pub(crate) fn sync_sources(
    db: &mut crate::RootDatabase,
    file: File,
    registered: Option<FileSources>,
) -> FileSources {
    use salsa::Setter;
    let root = parse(db, file).green().to_owned();
    let tree = item_tree(db, file).clone();
    let old = registered
        .map(|s| s.sources(db).clone())
        .unwrap_or_default();
    let mut sources: FxHashMap<ItemKey, ItemSource> = FxHashMap::default();
    sources.reserve(tree.items().len());
    let mut changed = Vec::new();
    for data in tree.items() {
        let green = green_child(&root, data.child_index);
        match old.get(&data.key) {
            Some(&source) => {
                if source.green(db) != green {
                    changed.push((source, green));
                }
                sources.insert(data.key.clone(), source);
            }
            None => {
                sources.insert(data.key.clone(), ItemSource::new(db, green));
            }
        }
    }
    for (key, source) in old.iter() {
        if !sources.contains_key(key) && source.green(db).is_some() {
            changed.push((*source, None));
        }
    }
    for (source, green) in changed {
        source.set_green(db).to(green);
    }
    let same_keys = sources.len() == old.len() && sources.keys().all(|k| old.contains_key(k));
    match registered {
        Some(registered) if same_keys => registered,
        Some(registered) => {
            registered.set_sources(db).to(Arc::new(sources));
            registered
        }
        None => FileSources::new(db, Arc::new(sources)),
    }
}
