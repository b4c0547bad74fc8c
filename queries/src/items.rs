//! The item tree: a file's top-level declarations, and their stable identities.
//!
//! [`item_tree`] re-runs on every edit (ranges move), but it is small. Each
//! declaration's identity is an [`ItemKey`] (kind, name, index among the
//! declarations with the same kind and name), interned as an [`Item`]. The
//! key does not mention offsets, so an edit in one declaration leaves the
//! other declarations' items, and the queries keyed on them, untouched.

use std::collections::HashMap;

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

/// The top-level declarations of a file, in source order.
#[derive(Clone, PartialEq, Eq, Default)]
pub struct ItemTree {
    items: Vec<ItemData>,
    by_key: HashMap<ItemKey, usize>,
}

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
        let mut counts: HashMap<(ItemKind, Option<String>), u32> = HashMap::new();
        for (child_index, element) in root.children_with_tokens().enumerate() {
            let Some(decl) = element.into_node().and_then(Decl::cast) else {
                continue;
            };
            let Some((kind, local)) = decl_kind(&decl) else {
                continue;
            };
            let name = decl.name();
            let text = name.as_ref().map(|n| n.text());
            let count = counts.entry((kind, text.clone())).or_insert(0);
            let key = ItemKey {
                kind,
                name: text,
                index: *count,
            };
            *count += 1;
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

/// The items of a file, in source order.
pub fn items(db: &dyn Db, file: File) -> Vec<Item<'_>> {
    item_tree(db, file)
        .items()
        .iter()
        .map(|data| Item::new(db, file, data.key.clone()))
        .collect()
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

/// The firewall: the declaration's green node (offsets relative to its start),
/// or `None` when the file no longer has this item. Equal green nodes compare
/// equal, so queries that read only this re-run only when the item's own text
/// changes.
#[salsa::tracked(returns(clone))]
pub fn item_syntax<'db>(db: &'db dyn Db, item: Item<'db>) -> Option<ItemGreen> {
    let file = item.file(db);
    let data = item_tree(db, file).get(item.key(db))?;
    let root = parse(db, file).green();
    let child = root.children().nth(data.child_index as usize)?;
    child.into_node().map(|node| ItemGreen(node.to_owned()))
}
