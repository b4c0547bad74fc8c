//! Branches that give back an array updated in place: the branch's result
//! is that array's memory, not fresh existential memory.
//!
//! When every branch of an `if` returns (at one position) the same array
//! bound before the `if`, updated in place or not (`if c then let z[0] = x
//! in z else let z[1] = x in z`), the result lives where that array
//! lives, at its index function: it is an alias of the array's root, and
//! a later short-circuiting point can build the root in its destination
//! (Futhark: the memory of the branch's result is not existential).

use runic_core::ir::{Exp, Stm, SubExp};

use super::Analysis;

impl Analysis {
    /// Records the results of branch `s` that alias one root in every
    /// branch (called once the branches' own facts are known).
    pub(super) fn branch_aliases(&mut self, s: &Stm) {
        let Exp::If {
            then_body,
            else_body,
            ..
        } = &s.exp
        else {
            return;
        };
        for (k, &v) in s.pat.vals.iter().enumerate() {
            let (Some(SubExp::Var(a)), Some(SubExp::Var(b))) =
                (then_body.result.get(k), else_body.result.get(k))
            else {
                continue;
            };
            let root = self.root(*a);
            if root != self.root(*b)
                || !self.chain_only_in_place(*a, root)
                || !self.chain_only_in_place(*b, root)
            {
                continue;
            }
            self.root.insert(v, root);
            if let Some(r) = self.region_of(root) {
                self.region.insert(v, r);
            }
        }
    }
}
