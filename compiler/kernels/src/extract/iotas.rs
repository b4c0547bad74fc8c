//! Index spaces instead of `iota` arrays: an `iota n` whose only uses
//! are as inputs of SOACs at the same level (`map f (iota n)`, what
//! `tabulate` becomes) is not built; each thread of a kernel over it
//! takes its own index for the element. Futhark's simplifier does the
//! same, so such a map is one kernel, not two.
//!
//! An iota read by a SOAC that one thread runs (its results' sizes
//! known only inside, a call in it) is built as before. Where a virtual
//! one is needed after all (a SOAC whose operators one thread runs), the
//! single-thread kernel computes it itself.

use std::collections::BTreeSet;

use runic_core::ir::{Body, Exp, Lambda, Pat, Stm, SubExp, VarId};

use super::{used, Extractor};
use crate::free::Free;

impl Extractor {
    /// The iota statements of a body that need not be built: those whose
    /// variable the rest of the body (and what is live after it) uses
    /// only as an input array of a SOAC statement.
    pub(super) fn virtual_iotas(&self, b: &Body, live_out: &BTreeSet<VarId>) -> BTreeSet<usize> {
        let mut found = BTreeSet::new();
        for (i, s) in b.stms.iter().enumerate() {
            let Exp::Iota(_) = s.exp else { continue };
            let [v] = s.pat.vals[..] else { continue };
            if live_out.contains(&v) || b.result.iter().any(|r| r.var() == Some(v)) {
                continue;
            }
            let mut as_input = false;
            let only_inputs = b.stms[i + 1..].iter().all(|t| {
                if let Exp::Screma(sc) = &t.exp {
                    if sc.arrs.contains(&v) {
                        // One that a single thread runs needs the array.
                        if !t.pat.ctx.is_empty() || crate::free::has_call(&t.exp) {
                            return false;
                        }
                        as_input = true;
                        let mut without = sc.as_ref().clone();
                        without.arrs.retain(|a| *a != v);
                        let stm = Stm {
                            pat: t.pat.clone(),
                            exp: Exp::Screma(Box::new(without)),
                            loc: None,
                        };
                        return !used(&self.core, &stm).contains(&v);
                    }
                }
                !used(&self.core, t).contains(&v)
            });
            if only_inputs && as_input {
                found.insert(i);
            }
        }
        found
    }

    /// Whether an array is an iota that was not built.
    pub(super) fn is_virtual(&self, a: VarId) -> bool {
        self.iotas.contains_key(&a)
    }

    /// A lambda over rows of `arrs` with the rows of virtual iotas taken
    /// from the thread's index `gtid` instead, and the arrays left.
    pub(super) fn index_params(
        &self,
        arrs: &[VarId],
        l: &Lambda,
        gtid: VarId,
    ) -> (Vec<VarId>, Lambda) {
        let mut kept = Vec::new();
        let mut lambda = l.clone();
        lambda.params.clear();
        let mut binds = Vec::new();
        for (p, a) in l.params.iter().zip(arrs) {
            if self.is_virtual(*a) {
                binds.push(Stm::copy(*p, SubExp::Var(gtid)));
            } else {
                kept.push(*a);
                lambda.params.push(*p);
            }
        }
        binds.append(&mut lambda.body.stms);
        lambda.body.stms = binds;
        (kept, lambda)
    }

    /// The iota statements a run of statements needs, for the virtual
    /// iotas it reads.
    pub(super) fn needed_iotas(&self, stms: &[Stm]) -> Vec<Stm> {
        let mut f = Free::default();
        for s in stms {
            f.stm(&self.core, s);
        }
        f.vars()
            .into_iter()
            .filter_map(|v| {
                let n = self.iotas.get(&v)?;
                Some(Stm {
                    pat: Pat {
                        ctx: Vec::new(),
                        vals: vec![v],
                    },
                    exp: Exp::Iota(*n),
                    loc: None,
                })
            })
            .collect()
    }
}
