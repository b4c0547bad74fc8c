//! Element reads sunk into the branch that uses them, as Futhark sinks
//! statements before migrating: a read whose value only one arm of a
//! later branch uses runs at that arm's start (and again, arms inside
//! it), so that no path reads what it does not need.

use std::collections::BTreeSet;

use runic_core::ir::{SubExp, VarId};

use super::uses;
use crate::ir::*;

/// Sinks the reads of a body, and then of the bodies inside it.
pub(super) fn body(kp: &KernelProgram, b: &mut HostBody) {
    let mut i = b.stms.len();
    while i > 0 {
        i -= 1;
        let HostStm::Read { dest, arr, .. } = &b.stms[i] else {
            continue;
        };
        let (dest, arr) = (*dest, *arr);
        if let Some((j, arm)) = target(kp, b, i, dest, arr) {
            let s = b.stms.remove(i);
            // The branch is now at `j - 1`.
            if let HostStm::If {
                then_body,
                else_body,
                ..
            } = &mut b.stms[j - 1]
            {
                let into = if arm { then_body } else { else_body };
                into.stms.insert(0, s);
            }
        }
    }
    for inner in b.inner_bodies_mut() {
        body(kp, inner);
    }
}

/// The later branch (its index, and whether its first arm) whose one arm
/// alone uses `dest`, with nothing between touching `arr`.
fn target(
    kp: &KernelProgram,
    b: &HostBody,
    i: usize,
    dest: VarId,
    arr: VarId,
) -> Option<(usize, bool)> {
    if b.result.contains(&SubExp::Var(dest)) {
        return None;
    }
    let mention = |s: &HostStm| {
        let mut u = BTreeSet::new();
        uses(kp, s, &mut u);
        u
    };
    for (j, s) in b.stms.iter().enumerate().skip(i + 1) {
        let u = mention(s);
        if !u.contains(&dest) {
            // Nothing between may update an array (`arr` or an alias of
            // it) in place.
            let makes_array = super::defs(s).iter().any(|d| kp.core.ty(*d).rank() > 0);
            if makes_array || (u.contains(&arr) && !matches!(s, HostStm::Read { .. })) {
                return None;
            }
            continue;
        }
        let HostStm::If {
            cond,
            then_body,
            else_body,
            ..
        } = s
        else {
            return None;
        };
        if *cond == SubExp::Var(dest) {
            return None;
        }
        let in_arm = |body: &HostBody| {
            let mut u = BTreeSet::new();
            for s in &body.stms {
                uses(kp, s, &mut u);
            }
            u.extend(body.result.iter().filter_map(|r| r.var()));
            u.contains(&dest)
        };
        let (t, e) = (in_arm(then_body), in_arm(else_body));
        // Nothing after the branch may use it either.
        let later = b.stms[j + 1..].iter().any(|s| mention(s).contains(&dest));
        return match (t, e, later) {
            (true, false, false) => Some((j, true)),
            (false, true, false) => Some((j, false)),
            _ => None,
        };
    }
    None
}
