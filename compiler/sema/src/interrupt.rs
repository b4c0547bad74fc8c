//! Interrupting a long check from outside: the caller installs a poll
//! function for the duration of a check ([`with_interrupt`]) and the
//! checker calls it now and then ([`poll`], every [`EVERY`]th expression).
//! The poll function stops the check by unwinding (the query layer's one
//! unwinds with salsa's `Cancelled` once a newer text is written), so a
//! stale check of a large declaration ends within a fraction of a
//! millisecond instead of running to its end.
//!
//! The checker keeps no state across the unwind: what it built is dropped
//! with its stack frames, and the poll is uninstalled on the way out.

use std::cell::Cell;
use std::ptr::NonNull;

/// How many polls make one call of the installed function.
pub const EVERY: u32 = 256;

/// The installed function, lifetime erased: valid while the
/// [`with_interrupt`] call that installed it runs, which uninstalls it on
/// every way out.
type Poll = NonNull<dyn Fn() + 'static>;

thread_local! {
    static POLL: Cell<Option<Poll>> = const { Cell::new(None) };
    static COUNT: Cell<u32> = const { Cell::new(0) };
}

/// Runs `run` with `poll` called every [`EVERY`] polls of the checker on
/// this thread; `poll` may unwind to stop the check. Nested calls install
/// the inner function until they return.
pub fn with_interrupt<R>(poll: &dyn Fn(), run: impl FnOnce() -> R) -> R {
    /// Puts back the poll that was installed before, also when unwinding.
    struct Restore(Option<Poll>);
    impl Drop for Restore {
        fn drop(&mut self) {
            POLL.with(|p| p.set(self.0));
        }
    }
    // SAFETY: only the lifetime is erased; `Restore` uninstalls the pointer
    // before `poll`'s borrow ends, on return and on unwind alike.
    let erased: Poll = unsafe { std::mem::transmute(NonNull::from(poll)) };
    let _restore = Restore(POLL.with(|p| p.replace(Some(erased))));
    run()
}

/// Called by the checker at regular points: every [`EVERY`]th call runs the
/// installed poll function, if any.
#[inline]
pub(crate) fn poll() {
    let count = COUNT.with(|c| {
        let n = c.get().wrapping_add(1);
        c.set(n);
        n
    });
    if count.is_multiple_of(EVERY) {
        if let Some(poll) = POLL.with(Cell::get) {
            // SAFETY: installed by a `with_interrupt` still running on this
            // thread (see there).
            unsafe { poll.as_ref()() }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_installed_function_runs_every_so_many_polls_and_only_while_installed() {
        let calls = Cell::new(0);
        with_interrupt(&|| calls.set(calls.get() + 1), || {
            for _ in 0..EVERY * 3 {
                poll();
            }
        });
        assert_eq!(calls.get(), 3);
        for _ in 0..EVERY * 2 {
            poll();
        }
        assert_eq!(calls.get(), 3);
    }

    #[test]
    fn an_unwinding_poll_stops_the_run_and_is_uninstalled() {
        let stopped = std::panic::catch_unwind(|| {
            with_interrupt(&|| panic!("stop"), || {
                for _ in 0..EVERY * 2 {
                    poll();
                }
            })
        });
        assert!(stopped.is_err());
        assert!(POLL.with(Cell::get).is_none());
    }
}
