//! Memory reuse on the device (seed 004 chapter 5): a kernel's result
//! written over an input that dies there.

use runic_core::ir::Exp;
use runic_core::Program;
use runic_kernels::free::Free;
use rustc_hash::FxHashSet;

use super::{creates, Analysis, Into, Scope, View};

impl Analysis {
    /// Memory reuse on the device: a map's result takes the memory of an
    /// input of the same shape and element size that it reads row by row
    /// (the thread of row `i` reads row `i` and writes row `i`) and that
    /// is not used afterwards: a unique parameter, or an array made in
    /// this body.
    pub(super) fn reuse(&mut self, p: &Program, scope: &Scope, k: usize) {
        let s = &scope.body.stms[k];
        let Exp::Screma(sc) = &s.exp else {
            return;
        };
        if !sc.scans.is_empty() || !sc.reds.is_empty() || sc.post.is_some() {
            return;
        }
        let mut inner = Free::default();
        inner.lambda(p, &sc.map);
        let inner = inner.vars();
        let mut taken = FxHashSet::default();
        for &o in &s.pat.vals {
            if self.plan.into.contains_key(&o) || p.ty(o).dims.is_empty() {
                continue;
            }
            for &a in &sc.arrs {
                let root = self.root(a);
                let (ta, to) = (p.ty(a), p.ty(o));
                let same_shape = ta.dims.len() == to.dims.len()
                    && ta.dims.iter().zip(&to.dims).all(|(x, y)| x.same(*y))
                    && crate::ir::elem_bytes(ta.prim) == crate::ir::elem_bytes(to.prim);
                let owned = match scope.pos.get(&root) {
                    Some(&c) => c < k && creates(&scope.body.stms[c].exp),
                    None => self.unique_params.contains(&root),
                };
                if !same_shape
                    || !owned
                    || taken.contains(&root)
                    || inner.contains(&a)
                    || self.escaped.contains(&root)
                    || !self.chain_only_in_place(a, root)
                    || self.reused.contains(&root)
                {
                    continue;
                }
                let aliases = self.aliases_of(root, scope);
                let used_after = scope.uses[k + 1..]
                    .iter()
                    .any(|u| u.iter().any(|v| aliases.contains(v)))
                    || scope
                        .body
                        .result
                        .iter()
                        .any(|r| r.var().is_some_and(|v| aliases.contains(&v)));
                if used_after || sc.arrs.iter().filter(|x| self.root(**x) == root).count() > 1 {
                    continue;
                }
                taken.insert(root);
                self.reused.insert(root);
                self.plan.into.insert(
                    o,
                    Into {
                        dest: a,
                        view: View::Whole,
                    },
                );
                break;
            }
        }
    }
}
