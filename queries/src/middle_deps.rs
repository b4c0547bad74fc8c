//! What each entry point of a file may reach, found from the syntax alone,
//! and a fingerprint of it: the middle end's firewall, computed without
//! checking or elaborating the program.
//!
//! [`item_words`] (per declaration, behind [`item_syntax`]'s firewall, so
//! it re-runs only for an edited declaration) hashes the declaration's text
//! and lists (hashes of) the words it uses (every token that is not
//! trivia).
//! [`entry_fingerprints`] then finds, for each entry point, the top-level
//! declarations it may reach: those whose bound name is a word of the entry
//! point or of a declaration reached before, and every declaration that
//! binds no name (`open`, `import`, `include`: what they bring in is
//! reachable under names that are not theirs). Modules are reached whole
//! by their name. This over-approximates the real references (a word may
//! be a local variable or a record field of the same name), which only
//! costs a re-run and a larger elaboration: the middle end elaborates an
//! entry point from the declarations it reaches
//! ([`crate::middle_unit`]), so the reach must hold every declaration the
//! entry point needs.
//!
//! The fingerprint of an entry point hashes each declaration it reaches:
//! its key, its text, and where it starts (line and column: the IR's
//! locations are absolute, so a declaration moved by an edit above it
//! compiles to different text), and the texts of the workspace's other
//! files (its imports).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use rustc_hash::{FxHashMap, FxHasher};

use rowan::{Language, NodeOrToken};
use runic_syntax::{FutharkLanguage, TextSize};

use crate::{item_syntax, item_tree, items, Db, File, Item, ItemKey, ItemKind};

/// What the middle end's fingerprint reads of one declaration.
#[derive(Debug, PartialEq, Eq)]
pub struct ItemWords {
    /// A hash of the declaration's whole text.
    pub hash: u64,
    /// Hashes ([`word`]) of the texts of its tokens other than trivia,
    /// sorted, without duplicates. Two words with the same hash only make
    /// a declaration reached that need not be.
    pub words: Vec<u64>,
}

/// The hash of a word, as [`ItemWords::words`] holds it.
fn word(text: &str) -> u64 {
    let mut h = FxHasher::default();
    text.hash(&mut h);
    h.finish()
}

/// The hash and words of one declaration.
#[salsa::tracked(returns(ref))]
pub fn item_words<'db>(db: &'db dyn Db, item: Item<'db>) -> ItemWords {
    let Some(green) = item_syntax(db, item) else {
        return ItemWords {
            hash: 0,
            words: Vec::new(),
        };
    };
    // The green tree's tokens in order (no red nodes built).
    let mut h = FxHasher::default();
    let mut words = Vec::new();
    let mut stack: Vec<rowan::Children<'_>> = vec![green.0.children()];
    while let Some(top) = stack.last_mut() {
        match top.next() {
            None => {
                stack.pop();
            }
            Some(NodeOrToken::Node(node)) => stack.push(node.children()),
            Some(NodeOrToken::Token(token)) => {
                token.text().hash(&mut h);
                if !FutharkLanguage::kind_from_raw(token.kind()).is_trivia() {
                    words.push(word(token.text()));
                }
            }
        }
    }
    words.sort_unstable();
    words.dedup();
    ItemWords {
        hash: h.finish(),
        words,
    }
}

/// What one entry point of a file may reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryReach {
    pub name: String,
    /// A hash of everything below, of the reached declarations' texts and
    /// of the workspace's other files.
    pub fingerprint: u64,
    /// The declarations it may reach, in source order.
    pub reached: Vec<Reached>,
}

/// A declaration an entry point may reach, and where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reached {
    pub key: ItemKey,
    /// Its first line (from 0) and the column (in bytes) it starts at.
    pub line: usize,
    pub col: u32,
}

/// Each entry point of `file` (in source order), what it may reach and the
/// fingerprint of that; `others` is a hash of the workspace's other files.
pub fn entry_fingerprints(db: &dyn Db, file: File, others: u64) -> Vec<EntryReach> {
    let tree = item_tree(db, file);
    let data = tree.items();
    let file_items = items(db, file);
    let words: Vec<&ItemWords> = file_items.iter().map(|i| item_words(db, *i)).collect();
    let mut by_name: FxHashMap<u64, Vec<usize>> = FxHashMap::default();
    let mut unnamed = Vec::new();
    for (k, d) in data.iter().enumerate() {
        match &d.key.name {
            Some(name) => by_name.entry(word(name)).or_default().push(k),
            None => unnamed.push(k),
        }
    }
    let lines = LineStarts::new(file.text(db));
    let mut out = Vec::new();
    for (k, d) in data.iter().enumerate() {
        let (ItemKind::Entry, Some(name)) = (d.key.kind, &d.key.name) else {
            continue;
        };
        let mut reached = vec![false; data.len()];
        let mut todo: Vec<usize> = unnamed.clone();
        todo.push(k);
        while let Some(i) = todo.pop() {
            if std::mem::replace(&mut reached[i], true) {
                continue;
            }
            for w in &words[i].words {
                if let Some(defs) = by_name.get(w) {
                    todo.extend(defs.iter().copied().filter(|&j| !reached[j]));
                }
            }
        }
        let mut h = DefaultHasher::new();
        others.hash(&mut h);
        name.hash(&mut h);
        let mut list = Vec::new();
        for (i, _) in reached.iter().enumerate().filter(|(_, r)| **r) {
            let (line, col) = lines.line_col(data[i].range.start());
            data[i].key.hash(&mut h);
            words[i].hash.hash(&mut h);
            (line, col).hash(&mut h);
            list.push(Reached {
                key: data[i].key.clone(),
                line,
                col,
            });
        }
        out.push(EntryReach {
            name: name.clone(),
            fingerprint: h.finish(),
            reached: list,
        });
    }
    out
}

/// Where each line of a text starts.
struct LineStarts(Vec<u32>);

impl LineStarts {
    fn new(text: &str) -> LineStarts {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i as u32 + 1),
        );
        LineStarts(starts)
    }

    /// The line and column (in bytes) of an offset.
    fn line_col(&self, offset: TextSize) -> (usize, u32) {
        let offset = u32::from(offset);
        let line = self.0.partition_point(|&s| s <= offset) - 1;
        (line, offset - self.0[line])
    }
}
