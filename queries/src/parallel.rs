//! Checking a file's declarations on several threads.
//!
//! The state between two declarations ([`item_state`]) is a chain: each
//! needs the one before. But for a definition with a written signature the
//! state after it follows from the signature alone
//! ([`runic_sema::state_after_decl`]), so the chain is cheap where most of a
//! file is such definitions, and their bodies, the bulk of the work, are
//! independent of each other. [`check_items`] walks the chain in order on
//! the calling thread and hands each item's full check ([`item_checked`])
//! to a worker as soon as the state before it is known.
//!
//! The workers answer on forks of the database ([`Db::fork`]): they only
//! fill salsa's memos. The caller then reads every result through its own
//! handle, which records the dependencies as a sequential check would, so
//! the results and their incrementality do not depend on the threads.
//!
//! The workers form a pool of their own, not rayon's global one that the
//! parser uses, so a worker waiting in the parser never picks up a check.

use std::sync::OnceLock;

use salsa::plumbing::{AsId, FromId};

use crate::items::{file_items, Item};
use crate::semantic::{item_checked, item_state};
use crate::{Db, File};

/// Items per worker job: one fork of the database and one job for a few
/// items, as after an edit most of them are only memo lookups.
const BATCH: usize = 8;

/// Stack for each worker: the checker recurses on nesting, and the main
/// threads of the binary have large stacks too.
const WORKER_STACK: usize = 64 << 20;

/// How many workers check items: `RUNIC_CHECK_THREADS` where set (as
/// `RAYON_NUM_THREADS` sets rayon's), else one per core.
fn worker_count() -> usize {
    std::env::var("RUNIC_CHECK_THREADS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The workers' pool, `None` with fewer than two workers (or where threads
/// cannot be started): then everything is checked on the calling thread.
pub(crate) fn pool() -> Option<&'static rayon::ThreadPool> {
    static POOL: OnceLock<Option<rayon::ThreadPool>> = OnceLock::new();
    POOL.get_or_init(|| {
        let threads = worker_count();
        if threads < 2 {
            return None;
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("runic-check-{i}"))
            .stack_size(WORKER_STACK)
            .build()
            .ok()
    })
    .as_ref()
}

/// Fills the memos of [`item_checked`] for the items of `file`, on the
/// workers where there are any. A write to the database meanwhile cancels
/// the workers; the cancellation then unwinds here.
///
/// Everything runs on forks of the database, on the workers (salsa holds
/// one handle per thread while a query runs), so a query calling this
/// records no dependency on the items' memos: it reads what it needs
/// afterwards, through its own handle.
pub(crate) fn check_items(db: &dyn Db, file: File) {
    if !db.checks_in_parallel() {
        return;
    }
    let Some(pool) = pool() else {
        return;
    };
    let Some(chain) = db.fork() else {
        return;
    };
    pool.in_place_scope(|scope| {
        scope.spawn(move |scope| {
            let file_items = file_items(&*chain, file);
            for batch in file_items.chunks(BATCH) {
                // The chain, in order, here: when the workers ask for the
                // state before their item, it is already known.
                for item in batch {
                    let _ = item_state(&*chain, *item);
                }
                let Some(fork) = chain.fork() else {
                    return;
                };
                let ids: Vec<salsa::Id> = batch.iter().map(|item| item.as_id()).collect();
                scope.spawn(move |_| {
                    for id in ids {
                        let _ = item_checked(&*fork, Item::from_id(id));
                    }
                });
            }
        });
    });
}
