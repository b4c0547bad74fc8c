//! Index spaces instead of `iota` arrays: an `iota n` (what `tabulate`
//! and `indices` become) is not built where it is made; each thread of a
//! kernel mapping over it takes its own index for the element instead,
//! at any depth of a flattened nest. Futhark's simplifier does the same,
//! so such a map is one kernel, not two.
//!
//! Where the array is needed after all (a kernel that reads it, one
//! thread running a SOAC over it, a host read), it is built where it was
//! made, once extraction of its body is done.

use std::collections::BTreeSet;

use runic_core::ir::{Body, Exp, Lambda, Stm, SubExp, VarId};

use super::{used, Extractor};
use crate::ir::{HostBody, HostStm};

impl Extractor {
    /// The iota statements of a body whose arrays need not be built
    /// unless something asks for them: those not among the body's
    /// results nor live after it.
    pub(super) fn virtual_iotas(&self, b: &Body, live_out: &BTreeSet<VarId>) -> BTreeSet<usize> {
        b.stms
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s.exp, Exp::Iota(_)) && s.pat.ctx.is_empty())
            .filter(|(_, s)| {
                let v = s.pat.vals[0];
                !live_out.contains(&v) && b.result.iter().all(|r| r.var() != Some(v))
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// Whether an array is an iota that may not be built.
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

    /// Builds the virtual iotas that the host code of their body uses
    /// after all, each where its statement was (`at`: the number of host
    /// statements before it, in order).
    pub(super) fn build_needed_iotas(&mut self, at: &[(usize, Stm)], out: &mut HostBody) {
        let mut uses = BTreeSet::new();
        for s in &out.stms {
            self.host_uses(s, &mut uses);
        }
        for (pos, stm) in at.iter().rev() {
            if uses.contains(&stm.pat.vals[0]) {
                let stms = self.array_op(stm).unwrap_or_default();
                out.stms.splice(*pos..*pos, stms);
            }
        }
    }

    /// The variables host statements read (kernels' inputs included).
    fn host_uses(&self, s: &HostStm, uses: &mut BTreeSet<VarId>) {
        let body = |b: &HostBody, uses: &mut BTreeSet<VarId>| {
            for s in &b.stms {
                self.host_uses(s, uses);
            }
            uses.extend(b.result.iter().filter_map(|r| r.var()));
        };
        match s {
            HostStm::Scalar(stm) => uses.extend(used(&self.core, stm)),
            HostStm::Alloc(_) => {}
            HostStm::Read { arr, idx, .. } => {
                uses.insert(*arr);
                uses.extend(idx.iter().filter_map(|x| x.var()));
            }
            HostStm::Write {
                arr, idx, value, ..
            } => {
                uses.insert(*arr);
                uses.extend(idx.iter().chain([value]).filter_map(|x| x.var()));
            }
            HostStm::Launch { kernel, .. } => {
                uses.extend(self.kernels[*kernel].inputs.iter().copied())
            }
            HostStm::Eval { inputs, .. } => uses.extend(inputs.iter().copied()),
            HostStm::If {
                cond,
                then_body,
                else_body,
                ..
            } => {
                uses.extend(cond.var());
                body(then_body, uses);
                body(else_body, uses);
            }
            HostStm::Loop {
                params,
                form,
                body: b,
                ..
            } => {
                uses.extend(params.iter().filter_map(|(_, x)| x.var()));
                if let runic_core::ir::LoopForm::For { bound, .. } = form {
                    uses.extend(bound.var());
                }
                body(b, uses);
            }
        }
    }
}
