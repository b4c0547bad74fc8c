//! The green-tree builder the parser writes into.
//!
//! It does what rowan's `GreenNodeBuilder` does (a stack of open nodes over
//! a flat list of finished children, checkpoints to wrap what was already
//! built, identical tokens and small nodes shared) at a lower cost for one
//! parse of a whole file:
//!
//! - the interning tables keep each entry's key beside it (a token's kind and
//!   its text in the source, a small node's kind and child identities) and
//!   its hash, so a lookup never reads the green data it compares with, and
//!   growing a table never re-hashes texts or subtrees (rowan's cache re-hashes
//!   a node's whole subtree when its table grows);
//! - a small direct-mapped cache of recently used tokens answers most token
//!   lookups (spaces, keywords, punctuation, the names of a function repeat
//!   within a few lines) without hashing the text; numbers are shared
//!   through that cache only, not the table.
//!
//! As in rowan, a node is shared only if it has at most three children, all
//! of them shared: that covers the many identical `NAME`/`PATH`/literal
//! nodes, while large nodes are rarely equal. Unlike rowan, a node over a
//! token met for the first time (a name's definition, most numbers of a
//! long array literal) is neither looked up nor kept for sharing, nor are
//! the nodes above it: no equal node can have been built yet, and most such
//! tokens never recur. From a token's second use on, its nodes are shared
//! as usual. Trees are equal to those rowan's builder makes (green equality
//! is structural), so nothing downstream can tell which builder made them.

use std::hash::{BuildHasher, Hash, Hasher};

use hashbrown::HashTable;
use rowan::{GreenNode, GreenToken, NodeOrToken};
use rustc_hash::{FxBuildHasher, FxHasher};

use crate::SyntaxKind;

type GreenElement = NodeOrToken<GreenNode, GreenToken>;

/// Hash of a shared element; 0 marks an element that is not shared.
type ShareHash = u64;

/// A position in the builder's children to which a node can later be opened
/// ([`TreeBuilder::start_node_at`]), wrapping everything built since.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Checkpoint(usize);

/// Nodes with more children than this are built without being shared.
const MAX_SHARED_CHILDREN: usize = 3;

/// Slots of the recently-used token cache (a power of two).
const RECENT_TOKENS: usize = 1024;

/// A shared token and its key: the kind and the text it was made from.
#[derive(Clone)]
struct TokenEntry<'t> {
    hash: ShareHash,
    kind: SyntaxKind,
    text: &'t str,
    token: GreenToken,
}

/// A shared node and its key: the kind and the identities of its children.
struct NodeEntry {
    hash: ShareHash,
    kind: SyntaxKind,
    children: ChildIds,
    node: GreenNode,
}

/// The identities (addresses) of up to [`MAX_SHARED_CHILDREN`] shared children.
#[derive(PartialEq, Eq)]
struct ChildIds {
    len: usize,
    ids: [usize; MAX_SHARED_CHILDREN],
}

pub(crate) struct TreeBuilder<'t> {
    /// Each open node's kind and the index of its first child in `children`.
    parents: Vec<(SyntaxKind, usize)>,
    /// Finished children of the open nodes, innermost last, with their hashes.
    children: Vec<(ShareHash, GreenElement)>,
    tokens: HashTable<TokenEntry<'t>>,
    recent: Box<[Option<TokenEntry<'t>>; RECENT_TOKENS]>,
    nodes: HashTable<NodeEntry>,
    /// The depth of each element of `children` (tokens 0).
    depths: Vec<u32>,
}

impl<'t> TreeBuilder<'t> {
    /// A builder for a text of `token_count` tokens.
    pub(crate) fn new(token_count: usize) -> Self {
        TreeBuilder {
            parents: Vec::with_capacity(64),
            children: Vec::with_capacity(256),
            tokens: HashTable::with_capacity(token_count / 64),
            recent: Box::new([const { None }; RECENT_TOKENS]),
            nodes: HashTable::with_capacity(token_count / 64),
            depths: Vec::with_capacity(256),
        }
    }

    pub(crate) fn token(&mut self, kind: SyntaxKind, text: &'t str) {
        let slot = recent_slot(kind, text);
        let element = match &self.recent[slot] {
            Some(entry) if entry.kind == kind && entry.text == text => {
                (entry.hash, NodeOrToken::Token(entry.token.clone()))
            }
            _ => {
                let (entry, fresh) =
                    if matches!(kind, SyntaxKind::INT_NUMBER | SyntaxKind::FLOAT_NUMBER) {
                        (uninterned_token(kind, text), true)
                    } else {
                        self.interned_token(kind, text)
                    };
                // A token met for the first time is in no node built so
                // far: its parent is built without being looked up or
                // shared (see the module doc), which it marks with hash 0.
                let hash = if fresh { 0 } else { entry.hash };
                let element = (hash, NodeOrToken::Token(entry.token.clone()));
                self.recent[slot] = Some(entry);
                element
            }
        };
        self.children.push(element);
        self.depths.push(0);
    }

    /// The shared token of `kind` spelt `text`, made on first use, and
    /// whether this was its first use.
    fn interned_token(&mut self, kind: SyntaxKind, text: &'t str) -> (TokenEntry<'t>, bool) {
        let hash = nonzero(FxBuildHasher.hash_one((kind, text)));
        let mut fresh = false;
        let entry = self
            .tokens
            .entry(
                hash,
                |entry| entry.hash == hash && entry.kind == kind && entry.text == text,
                |entry| entry.hash,
            )
            .or_insert_with(|| {
                fresh = true;
                TokenEntry {
                    hash,
                    kind,
                    text,
                    token: GreenToken::new(kind.into(), text),
                }
            })
            .get()
            .clone();
        (entry, fresh)
    }

    pub(crate) fn start_node(&mut self, kind: SyntaxKind) {
        self.parents.push((kind, self.children.len()));
    }

    /// The depth of the last finished element: the root's, once finished.
    pub(crate) fn depth(&self) -> u32 {
        self.depths.last().copied().unwrap_or(0)
    }

    pub(crate) fn checkpoint(&self) -> Checkpoint {
        Checkpoint(self.children.len())
    }

    /// Opens a node of `kind` whose first child is what was built at `checkpoint`.
    pub(crate) fn start_node_at(&mut self, checkpoint: Checkpoint, kind: SyntaxKind) {
        let Checkpoint(first) = checkpoint;
        debug_assert!(first <= self.children.len(), "checkpoint past the end");
        debug_assert!(
            self.parents.last().is_none_or(|&(_, open)| open <= first),
            "checkpoint before the start of the innermost open node"
        );
        self.parents.push((kind, first));
    }

    pub(crate) fn finish_node(&mut self) {
        let (kind, first) = self.parents.pop().expect("finish_node without start_node");
        let depth = 1 + self.depths.drain(first..).max().unwrap_or(0);
        self.depths.push(depth);
        let element = match small_node_key(kind, &self.children[first..]) {
            Some((hash, children)) => {
                let node = self.shared_node(kind, first, hash, children);
                (hash, NodeOrToken::Node(node))
            }
            None => (0, NodeOrToken::Node(self.new_node(kind, first))),
        };
        self.children.push(element);
    }

    /// The root: the one node left once every node is finished.
    pub(crate) fn finish(mut self) -> GreenNode {
        debug_assert!(self.parents.is_empty(), "unfinished nodes");
        match self.children.pop() {
            Some((_, NodeOrToken::Node(root))) if self.children.is_empty() => root,
            _ => panic!("the builder must hold exactly one root node"),
        }
    }

    /// A node of the children from `first` on, made afresh.
    fn new_node(&mut self, kind: SyntaxKind, first: usize) -> GreenNode {
        GreenNode::new(
            kind.into(),
            self.children.drain(first..).map(|(_, element)| element),
        )
    }

    /// The node of the children from `first` on, shared with an equal one
    /// built before if there is one.
    fn shared_node(
        &mut self,
        kind: SyntaxKind,
        first: usize,
        hash: ShareHash,
        children: ChildIds,
    ) -> GreenNode {
        let same = |entry: &NodeEntry| {
            entry.hash == hash && entry.kind == kind && entry.children == children
        };
        if let Some(entry) = self.nodes.find(hash, same) {
            let node = entry.node.clone();
            self.children.truncate(first);
            return node;
        }
        let node = self.new_node(kind, first);
        let entry = NodeEntry {
            hash,
            kind,
            children,
            node: node.clone(),
        };
        self.nodes.insert_unique(hash, entry, |entry| entry.hash);
        node
    }
}

/// A token of `kind` spelt `text` kept in the recent-token cache only:
/// numbers, which mostly recur close by if at all (a long array literal of
/// distinct numbers would otherwise fill the table).
fn uninterned_token<'t>(kind: SyntaxKind, text: &'t str) -> TokenEntry<'t> {
    TokenEntry {
        hash: nonzero(FxBuildHasher.hash_one((kind, text))),
        kind,
        text,
        token: GreenToken::new(kind.into(), text),
    }
}

/// The recent-token slot of a token: a hash of its kind, length and first
/// and last bytes, which tells apart most tokens that differ.
fn recent_slot(kind: SyntaxKind, text: &str) -> usize {
    let bytes = text.as_bytes();
    let first = bytes.first().copied().unwrap_or(0) as usize;
    let last = bytes.last().copied().unwrap_or(0) as usize;
    let mix = (kind as usize).wrapping_mul(0x9E37)
        ^ bytes.len().wrapping_mul(0x85EB)
        ^ (first << 3)
        ^ (last << 7);
    mix & (RECENT_TOKENS - 1)
}

/// The hash and key a node of `kind` over `children` is shared under, if it
/// is small enough and every child is shared.
fn small_node_key(
    kind: SyntaxKind,
    children: &[(ShareHash, GreenElement)],
) -> Option<(ShareHash, ChildIds)> {
    if children.len() > MAX_SHARED_CHILDREN {
        return None;
    }
    let mut hasher = FxHasher::default();
    kind.hash(&mut hasher);
    let mut ids = ChildIds {
        len: children.len(),
        ids: [0; MAX_SHARED_CHILDREN],
    };
    for (slot, (hash, child)) in ids.ids.iter_mut().zip(children) {
        if *hash == 0 {
            return None;
        }
        hash.hash(&mut hasher);
        *slot = element_id(child);
    }
    Some((nonzero(hasher.finish()), ids))
}

/// The address of a shared element's green data: equal addresses, equal elements.
fn element_id(element: &GreenElement) -> usize {
    match element {
        NodeOrToken::Node(node) => &**node as *const _ as usize,
        NodeOrToken::Token(token) => &**token as *const _ as usize,
    }
}

/// `hash`, moved off 0 (which marks unshared elements).
fn nonzero(hash: u64) -> ShareHash {
    hash.max(1)
}

#[cfg(test)]
mod tests {
    use rowan::NodeOrToken;

    use crate::{SyntaxKind, SyntaxNode};

    /// The green data of every `kind` node in the parse of `text`.
    fn green_nodes(text: &str, kind: SyntaxKind) -> Vec<rowan::GreenNode> {
        let root = SyntaxNode::new_root(crate::parse(text).green().clone());
        root.descendants()
            .filter(|node| node.kind() == kind)
            .map(|node| node.green().into_owned())
            .collect()
    }

    #[test]
    fn equal_small_nodes_and_tokens_are_shared() {
        let paths = green_nodes("def f (x: i32) = x + x * x", SyntaxKind::PATH_EXPR);
        assert_eq!(paths.len(), 3);
        assert!(paths.windows(2).all(|pair| pair[0] == pair[1]));
        let ptr = |node: &rowan::GreenNode| &**node as *const rowan::GreenNodeData;
        assert!(paths.windows(2).all(|pair| ptr(&pair[0]) == ptr(&pair[1])));
    }

    #[test]
    fn large_nodes_are_equal_but_not_shared() {
        let text = "def a = f 1 2 3 4\ndef b = f 1 2 3 4\ndef c = f 1 2 3 4";
        let applications = green_nodes(text, SyntaxKind::APP_EXPR);
        assert_eq!(applications.len(), 3);
        assert!(applications.windows(2).all(|pair| pair[0] == pair[1]));
        let children = applications[0].children().count();
        assert!(children > super::MAX_SHARED_CHILDREN, "{children} children");
        let ptr = |node: &rowan::GreenNode| &**node as *const rowan::GreenNodeData;
        assert_ne!(ptr(&applications[1]), ptr(&applications[2]));
        let children = |node: &rowan::GreenNode| -> Vec<*const ()> {
            node.children()
                .map(|child| match child {
                    NodeOrToken::Node(node) => node as *const _ as *const (),
                    NodeOrToken::Token(token) => token as *const _ as *const (),
                })
                .collect()
        };
        // The first use of each token builds its nodes afresh; from the
        // second on, the small nodes are shared.
        assert_ne!(children(&applications[0]), children(&applications[1]));
        assert_eq!(children(&applications[1]), children(&applications[2]));
    }

    #[test]
    fn nodes_over_a_token_met_for_the_first_time_are_not_kept() {
        let text = "def a = [-7, -8, -7, -7]";
        let negations = green_nodes(text, SyntaxKind::PREFIX_EXPR);
        assert_eq!(negations.len(), 4);
        assert_eq!(negations[0], negations[2]);
        let ptr = |node: &rowan::GreenNode| &**node as *const rowan::GreenNodeData;
        // `-7` the first time is built afresh, the second time built and
        // kept, the third time shared with the second.
        assert_ne!(ptr(&negations[0]), ptr(&negations[2]));
        assert_eq!(ptr(&negations[2]), ptr(&negations[3]));
    }
}
