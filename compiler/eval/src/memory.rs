//! The bytes each thread holds, for the interpreter's memory limit
//! ([`crate::Limits::memory`]).
//!
//! [`Counting`] wraps the program's global allocator and keeps, per thread,
//! the bytes allocated minus the bytes freed there; the interpreter runs on
//! one thread, so the growth of that count during a run is what the run
//! holds. Without [`Counting`] installed, [`held`] stays 0 and only the
//! sizes of the arrays about to be allocated count against the limit.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;

thread_local! {
    // Const-initialised and without a destructor: usable from the allocator.
    static HELD: Cell<isize> = const { Cell::new(0) };
}

fn add(bytes: isize) {
    let _ = HELD.try_with(|held| held.set(held.get().wrapping_add(bytes)));
}

/// The bytes this thread holds, as far as [`Counting`] has seen.
pub fn held() -> isize {
    HELD.try_with(Cell::get).unwrap_or(0)
}

/// A global allocator that counts, per thread, the bytes held.
pub struct Counting<A>(pub A);

unsafe impl<A: GlobalAlloc> GlobalAlloc for Counting<A> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { self.0.alloc(layout) };
        if !p.is_null() {
            add(layout.size() as isize);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { self.0.alloc_zeroed(layout) };
        if !p.is_null() {
            add(layout.size() as isize);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { self.0.dealloc(ptr, layout) };
        add(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { self.0.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            add(new_size as isize - layout.size() as isize);
        }
        p
    }
}
