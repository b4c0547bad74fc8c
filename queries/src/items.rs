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
//! its own (see [`crate::sources`]), so the queries of the other
//! declarations are not re-run either. An edit that keeps every
//! declaration's kind and name builds the next tree from the last one
//! ([`ItemTree::from_green`]), sharing its keys.

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

/// The top-level declarations of a file, in source order. Cheap to clone
/// (shared vectors).
#[derive(Clone, Default)]
pub struct ItemTree {
    items: Arc<[ItemData]>,
    /// The green node of each item, to recognise it in the next tree.
    greens: Arc<[ItemGreen]>,
    by_key: Arc<FxHashMap<ItemKey, usize>>,
}

/// The items alone: the rest follows from them.
impl PartialEq for ItemTree {
    fn eq(&self, other: &ItemTree) -> bool {
        self.items == other.items
    }
}

impl Eq for ItemTree {}

/// Only the items, in order (the key index is derived from them).
impl std::fmt::Debug for ItemTree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.items.iter()).finish()
    }
}

/// What an item tree keeps of one declaration, found from its node alone.
struct DeclInfo {
    kind: ItemKind,
    local: bool,
    name: Option<String>,
    /// Relative to the declaration's start.
    name_range: Option<TextRange>,
}

impl DeclInfo {
    /// The declaration `green` (`None` for a node that declares nothing).
    fn of(green: &GreenNodeData) -> Option<DeclInfo> {
        let decl = Decl::cast(SyntaxNode::new_root(green.to_owned()))?;
        let (kind, local) = decl_kind(&decl)?;
        let name = decl.name();
        Some(DeclInfo {
            kind,
            local,
            name: name.as_ref().map(|n| n.text()),
            name_range: name.map(|n| n.syntax().text_range()),
        })
    }

    /// What `previous` recorded of its item `index`.
    fn reused(previous: &ItemTree, index: usize) -> DeclInfo {
        let data = &previous.items[index];
        DeclInfo {
            kind: data.key.kind,
            local: data.local,
            name: data.key.name.clone(),
            name_range: data.name_range.map(|r| r - data.range.start()),
        }
    }
}

/// How many items of the previous tree a declaration is looked for
/// ahead of the last one reused (declarations an edit removed).
const LOOK_AHEAD: usize = 8;

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
        ItemTree::from_green(&root.green(), None)
    }

    /// Builds the item tree of a file's root node, taking what it can from
    /// `previous` (the tree of an earlier text): a declaration whose green
    /// node is the very node of a previous item (a reparse shares the nodes
    /// of the declarations an edit did not touch) is not looked at again.
    /// Equal to [`ItemTree::from_root`].
    pub fn from_green(root: &GreenNodeData, previous: Option<&ItemTree>) -> ItemTree {
        if let Some(tree) = previous.and_then(|previous| ItemTree::same_keys(root, previous)) {
            return tree;
        }
        let mut items = Vec::new();
        let mut greens = Vec::new();
        let mut by_key = FxHashMap::default();
        // How many declarations of each kind and name came before: the
        // key with index 0 stands for the kind and name.
        let mut counts: FxHashMap<ItemKey, u32> = FxHashMap::default();
        let mut next_previous = 0;
        for (child_index, start, node) in declarations(root) {
            let found = previous.and_then(|previous| {
                let end = previous.greens.len().min(next_previous + LOOK_AHEAD);
                (next_previous..end)
                    .find(|&i| std::ptr::eq::<GreenNodeData>(&*previous.greens[i].0, node))
            });
            let info = match (previous, found) {
                (Some(previous), Some(index)) => {
                    next_previous = index + 1;
                    DeclInfo::reused(previous, index)
                }
                _ => match DeclInfo::of(node) {
                    Some(info) => info,
                    None => continue,
                },
            };
            let mut key = ItemKey {
                kind: info.kind,
                name: info.name,
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
            by_key.insert(key.clone(), items.len());
            items.push(ItemData {
                key,
                local: info.local,
                range: TextRange::at(start, node.text_len()),
                name_range: info.name_range.map(|r| r + start),
                child_index: child_index as u32,
            });
            greens.push(ItemGreen(node.to_owned()));
        }
        ItemTree {
            items: items.into(),
            greens: greens.into(),
            by_key: Arc::new(by_key),
        }
    }

    /// The item tree of `root` where its declarations have the same kinds
    /// and names, in the same order, as those of `previous` (an edit
    /// inside declarations): then the keys are those of `previous`, and
    /// only the offsets and the changed declarations are looked at.
    /// `None` where the declarations differ.
    fn same_keys(root: &GreenNodeData, previous: &ItemTree) -> Option<ItemTree> {
        let mut items = Vec::with_capacity(previous.items.len());
        let mut greens = Vec::with_capacity(previous.items.len());
        for (child_index, start, node) in declarations(root) {
            let index = items.len();
            let same = previous
                .greens
                .get(index)
                .is_some_and(|old| std::ptr::eq::<GreenNodeData>(&*old.0, node));
            let (local, name_range) = if same {
                let old = &previous.items[index];
                let relative = old.name_range.map(|r| r - old.range.start());
                (old.local, relative)
            } else {
                let Some(info) = DeclInfo::of(node) else {
                    continue;
                };
                let old = previous.items.get(index)?;
                if info.kind != old.key.kind || info.name != old.key.name {
                    return None;
                }
                (info.local, info.name_range)
            };
            items.push(ItemData {
                key: previous.items[index].key.clone(),
                local,
                range: TextRange::at(start, node.text_len()),
                name_range: name_range.map(|r| r + start),
                child_index: child_index as u32,
            });
            greens.push(ItemGreen(node.to_owned()));
        }
        (items.len() == previous.items.len()).then(|| ItemTree {
            items: items.into(),
            greens: greens.into(),
            by_key: previous.by_key.clone(),
        })
    }

    /// The green node of the item at `index` (in source order).
    pub(crate) fn green(&self, index: usize) -> Option<&ItemGreen> {
        self.greens.get(index)
    }
}

/// The nodes among the children of a file's root `root` (its
/// declarations, where the tree has no errors), each with its index among
/// the children and its offset.
fn declarations(root: &GreenNodeData) -> impl Iterator<Item = (usize, TextSize, &GreenNodeData)> {
    let mut offset = TextSize::from(0);
    root.children()
        .enumerate()
        .filter_map(move |(child_index, element)| {
            let start = offset;
            offset += element.text_len();
            Some((child_index, start, element.into_node()?))
        })
}

/// The last item tree built for each file, to build the next one from
/// ([`ItemTree::from_green`]). Only a memo of a pure function, as
/// [`crate::ParseCache`] is.
#[derive(Default)]
pub struct ItemTreeCache {
    last: std::sync::Mutex<std::collections::HashMap<File, ItemTree>>,
}

impl ItemTreeCache {
    /// The item tree of `root` for `file`, re-using the file's last one.
    pub fn build(&self, file: File, root: &GreenNodeData) -> ItemTree {
        let previous = self
            .last
            .lock()
            .ok()
            .and_then(|last| last.get(&file).cloned());
        let tree = ItemTree::from_green(root, previous.as_ref());
        if let Ok(mut last) = self.last.lock() {
            last.insert(file, tree.clone());
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
    let parse = parse(db, file);
    match db.item_tree_cache() {
        Some(cache) => cache.build(file, parse.green()),
        None => ItemTree::from_green(parse.green(), None),
    }
}

/// A top-level declaration of a file, identified by its [`ItemKey`].
#[salsa::interned(debug)]
pub struct Item<'db> {
    #[returns(copy)]
    pub file: File,
    #[returns(ref)]
    pub key: ItemKey,
}

/// The keys of a file's declarations, in source order: the item tree
/// without offsets, equal after any edit that adds, removes or renames no
/// declaration, so the queries reading it are not re-run for an edit
/// inside a declaration. Where a [`Workspace`](crate::Workspace) wrote the
/// file, read from its [`FileSources`](crate::FileSources), an input of
/// high durability set only when declarations come or go: then neither
/// this nor what reads only such inputs is even re-verified after an edit
/// inside a declaration (see [`crate::sources`]).
#[salsa::tracked(returns(clone))]
pub fn item_list(db: &dyn Db, file: File) -> Arc<[ItemKey]> {
    if let Some(sources) = db.file_sources(file) {
        return sources.keys(db).clone();
    }
    item_tree(db, file)
        .items()
        .iter()
        .map(|data| data.key.clone())
        .collect()
}

/// The items of a file, in source order, interned once per change of
/// [`item_list`].
#[salsa::tracked(returns(ref))]
pub fn file_items(db: &dyn Db, file: File) -> Vec<Item<'_>> {
    item_list(db, file)
        .iter()
        .map(|key| Item::new(db, file, key.clone()))
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
