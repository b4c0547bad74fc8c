//! A device rule of short-circuiting: element reads that feed only the
//! kernel creating the source run inside that kernel.
//!
//! On the device, a single-element read whose value only one kernel uses
//! is migrated into that kernel (Futhark's reduction of device-host
//! synchronisation; `runic_kernels::migrate` does the same): every thread
//! then reads it while the kernel writes its result. So when the source
//! would be built in the destination's memory, such a read of the
//! destination is a read *by the creating kernel*, not at the row each
//! thread writes: the source then needs memory of its own.

use runic_core::ir::{Exp, VarId};
use runic_core::Program;
use rustc_hash::FxHashSet;

use super::{Analysis, Scope};

impl Analysis {
    /// Whether no element read that only statement `c` (the creation
    /// point) uses reads the destinations `dests`: in the kernel, such a
    /// read is not at the row the thread writes, which the device rule
    /// of [`Analysis::creation_reads_ok`] requires.
    pub(super) fn migrated_reads_ok(
        &self,
        p: &Program,
        scope: &Scope,
        c: usize,
        dests: &FxHashSet<VarId>,
    ) -> bool {
        (0..c).all(|j| {
            let s = &scope.body.stms[j];
            let Exp::Index(x, _) = &s.exp else {
                return true;
            };
            let (&[v], true) = (s.pat.vals.as_slice(), dests.contains(&self.root(*x))) else {
                return true;
            };
            !p.ty(v).dims.is_empty() || !self.only_used_by(scope, v, c)
        })
    }

    /// Whether statement `c` is the only one that uses `v` (and the body
    /// does not return it).
    fn only_used_by(&self, scope: &Scope, v: VarId, c: usize) -> bool {
        scope.uses[c].contains(&v)
            && !scope.body.result.iter().any(|r| r.var() == Some(v))
            && scope
                .uses
                .iter()
                .enumerate()
                .all(|(j, u)| j == c || !u.contains(&v))
    }
}
