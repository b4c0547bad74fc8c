//! What each entry point of a file may reach, found from the syntax alone,
//! and a fingerprint of it: the middle end's firewall, computed without
//! checking or elaborating the program.
//!
//! [`item_words`] (per declaration, behind [`item_syntax`]'s firewall, so
//! it re-runs only for an edited declaration) hashes the declaration's text
//! and lists the words it uses (every token that is not trivia).
//! [`entry_fingerprints`] then finds, for each entry point, the top-level
//! declarations it may reach: those whose bound name is a word of the entry
//! point or of a declaration reached before, and every declaration that
//! binds no name (`open`, `import`, `include`: what they bring in is
//! reachable under names that are not theirs). Modules are reached whole
//! by their name. This over-approximates the real references (a word may
//! be a local variable or a record field of the same name), which only
//! costs a re-run.
//!
//! The fingerprint of an entry point hashes each declaration it reaches:
//! its key, its text, and where it starts (line and column: the IR's
//! locations are absolute, so a declaration moved by an edit above it
//! compiles to different text), and the texts of the workspace's other
//! files (its imports).

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use runic_syntax::{SyntaxNode, TextSize};

use crate::{item_syntax, item_tree, items, Db, File, Item, ItemKind};

/// What the middle end's fingerprint reads of one declaration.
#[derive(Debug, PartialEq, Eq)]
pub struct ItemWords {
    /// A hash of the declaration's whole text.
    pub hash: u64,
    /// The texts of its tokens other than trivia, sorted, without
    /// duplicates.
    pub words: Vec<String>,
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
    let node = SyntaxNode::new_root(green.0.clone());
    let mut h = DefaultHasher::new();
    let mut words = Vec::new();
    for token in node
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
    {
        token.text().hash(&mut h);
        if !token.kind().is_trivia() {
            words.push(token.text().to_string());
        }
    }
    words.sort_unstable();
    words.dedup();
    ItemWords {
        hash: h.finish(),
        words,
    }
}

/// Each entry point of `file` (in source order) and the fingerprint of
/// what it may reach; `others` is a hash of the workspace's other files.
pub fn entry_fingerprints(db: &dyn Db, file: File, others: u64) -> Vec<(String, u64)> {
    let tree = item_tree(db, file);
    let data = tree.items();
    let file_items = items(db, file);
    let words: Vec<&ItemWords> = file_items.iter().map(|i| item_words(db, *i)).collect();
    let mut by_name: HashMap<&str, Vec<usize>> = HashMap::new();
    let mut unnamed = Vec::new();
    for (k, d) in data.iter().enumerate() {
        match &d.key.name {
            Some(name) => by_name.entry(name.as_str()).or_default().push(k),
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
                if let Some(defs) = by_name.get(w.as_str()) {
                    todo.extend(defs.iter().copied().filter(|&j| !reached[j]));
                }
            }
        }
        let mut h = DefaultHasher::new();
        others.hash(&mut h);
        name.hash(&mut h);
        for (i, _) in reached.iter().enumerate().filter(|(_, r)| **r) {
            data[i].key.hash(&mut h);
            words[i].hash.hash(&mut h);
            lines.line_col(data[i].range.start()).hash(&mut h);
        }
        out.push((name.clone(), h.finish()));
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
