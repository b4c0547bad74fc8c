//! In-place updates whose value is a view of the array being updated
//! (`xs with [:k] = xs[i:]`, once the simplifier dropped the `copy` the
//! source program wrote): on the device the update is a kernel whose
//! threads write the destination while others still read it, so the
//! value is first copied to memory of its own, as Futhark keeps the
//! `copy`. The host copies with `memmove` semantics and needs none.

use runic_core::ir::{Body, Exp, Stm, SubExp, VarId};
use runic_core::Program;
use rustc_hash::FxHashMap;

/// Rewrites the updates of a body and of the bodies nested in it; `root`
/// maps the arrays of enclosing bodies to the array whose memory they
/// view.
pub fn body(p: &mut Program, b: &mut Body, root: &FxHashMap<VarId, VarId>) {
    let mut root = root.clone();
    let find = |root: &FxHashMap<VarId, VarId>, v: VarId| root.get(&v).copied().unwrap_or(v);
    let mut k = 0;
    while k < b.stms.len() {
        b.stms[k]
            .exp
            .for_each_body_mut(|inner| body(p, inner, &root));
        let s = &b.stms[k];
        let v = s.pat.vals.first().copied();
        match (&s.exp, v) {
            (
                Exp::Index(x, _)
                | Exp::Rearrange(_, x)
                | Exp::Reshape(_, x)
                | Exp::SubExp(SubExp::Var(x)),
                Some(v),
            ) if !p.ty(v).dims.is_empty() => {
                root.insert(v, find(&root, *x));
            }
            (Exp::Update(x, idx, SubExp::Var(val)), Some(v))
                if !p.ty(*val).dims.is_empty() && find(&root, *val) == find(&root, *x) =>
            {
                let (x, idx, val) = (*x, idx.clone(), *val);
                let ty = p.ty(val).clone();
                let tmp = p.new_var("copy", ty);
                let loc = s.loc.clone();
                root.insert(v, find(&root, x));
                b.stms[k].exp = Exp::Update(x, idx, SubExp::Var(tmp));
                let mut copy = Stm::single(tmp, Exp::Copy(val));
                copy.loc = loc;
                b.stms.insert(k, copy);
                k += 1;
            }
            (Exp::Update(x, ..), Some(v)) => {
                root.insert(v, find(&root, *x));
            }
            _ => {}
        }
        k += 1;
    }
}
