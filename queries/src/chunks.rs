//! A file's declarations in chunks of [`CHUNK`], so that collecting its
//! diagnostics, or bringing the states before a declaration up to date
//! ([`states_walked`]), after an edit verifies a few memos, not one per
//! declaration.
//!
//! [`crate::semantic_diagnostics`] reads the diagnostics of each chunk
//! ([`chunk_diagnostics`]), and each chunk those of its declarations
//! ([`item_checked`]). After an edit inside one declaration, only the
//! declaration's tree is written, with low durability, and every other
//! chunk has inputs of higher durability only (see [`crate::sources`]):
//! salsa takes those chunks as valid without walking their dependencies,
//! and walks the declarations of the edited chunk alone. A chunk's result
//! is its declarations' diagnostics relative to each declaration, so it
//! stays equal (and the file's result is not recomputed) when the edit
//! moves text without changing what the checker says.

use crate::items::{file_items, Item};
use crate::semantic::{item_checked, item_state};
use crate::{Db, File};

/// How many consecutive declarations a chunk holds: after an edit, about
/// `n / CHUNK` chunks and `CHUNK` declarations are verified, which is
/// least near the square root of `n` (about 12,000 declarations in a
/// 50,000-line file).
pub(crate) const CHUNK: usize = 64;

/// The chunk `index` of a file: its declarations `index * CHUNK ..`.
#[salsa::interned(debug)]
pub(crate) struct Chunk<'db> {
    #[returns(copy)]
    pub file: File,
    #[returns(copy)]
    pub index: u32,
}

/// The chunks of a file, in order (one per [`CHUNK`] declarations).
#[salsa::tracked(returns(ref))]
pub(crate) fn file_chunks(db: &dyn Db, file: File) -> Vec<Chunk<'_>> {
    let count = file_items(db, file).len().div_ceil(CHUNK);
    (0..count as u32)
        .map(|index| Chunk::new(db, file, index))
        .collect()
}

/// The declarations of `chunk`.
pub(crate) fn chunk_items<'db>(db: &'db dyn Db, chunk: Chunk<'db>) -> &'db [Item<'db>] {
    let items = file_items(db, chunk.file(db));
    let start = (chunk.index(db) as usize * CHUNK).min(items.len());
    let end = (start + CHUNK).min(items.len());
    &items[start..end]
}

/// The checker's diagnostics of the declarations of `chunk` that have
/// some: each declaration's index in the file, with its diagnostics
/// relative to it.
#[salsa::tracked(returns(ref))]
pub(crate) fn chunk_diagnostics<'db>(
    db: &'db dyn Db,
    chunk: Chunk<'db>,
) -> Vec<(u32, Vec<runic_sema::Diagnostic>)> {
    let first = chunk.index(db) as usize * CHUNK;
    chunk_items(db, chunk)
        .iter()
        .enumerate()
        .filter_map(|(i, item)| {
            let diagnostics = &item_checked(db, *item).diagnostics;
            (!diagnostics.is_empty()).then(|| ((first + i) as u32, diagnostics.clone()))
        })
        .collect()
}

/// Brings the states of the declarations of `chunk` up to date, in order
/// (see [`crate::semantic::walk_states_before`], which walks the chunks
/// before a declaration in order): its memo depends on those states, so
/// after an edit that leaves every input they read as durable as before
/// (an edit inside one body), it is valid at once, and the walk of a
/// file verifies one memo per chunk. Where a state may have changed, salsa
/// checks them in order; the states of the chunk before are checked by
/// then, so that does not recurse further. Holds nothing but its
/// dependencies.
#[salsa::tracked]
pub(crate) fn states_walked<'db>(db: &'db dyn Db, chunk: Chunk<'db>) {
    for item in chunk_items(db, chunk) {
        let _ = item_state(db, *item);
    }
}
