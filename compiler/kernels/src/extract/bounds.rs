//! Bounds checks a kernel's index space proves: in a SegMap, a thread's
//! index `gtid < w` (and any variable bound to it) is at least 0 and
//! less than `w`, so `0 <= i`, `i < w` and their conjunction are true,
//! and an assertion of a true condition goes, with the comparisons that
//! only fed it. Futhark's simplifier removes such checks the same way
//! (`tabulate n (\i -> xs[i])` checks nothing).

use std::collections::{BTreeMap, BTreeSet};

use runic_core::ir::{Exp, Lambda, SubExp, VarId};
use runic_core::Program;
use runic_eval::builtins::Builtin;
use runic_eval::prim::BinOp;
use runic_eval::value::Prim;

use crate::free::Free;

/// Removes the bounds checks of a SegMap's lambda over `space` that the
/// space makes true.
pub(super) fn elide(p: &Program, lambda: &mut Lambda, space: &[(VarId, SubExp)]) {
    // Variables known to lie in [0, bound).
    let mut within: BTreeMap<VarId, SubExp> = space.iter().copied().collect();
    let mut truths: BTreeSet<VarId> = BTreeSet::new();
    let is_true = |truths: &BTreeSet<VarId>, x: &SubExp| match x {
        SubExp::Var(v) => truths.contains(v),
        SubExp::Const(c) => *c == Prim::Bool(true),
    };
    let mut elided = false;
    for s in &lambda.body.stms {
        let [v] = s.pat.vals[..] else { continue };
        match &s.exp {
            Exp::SubExp(SubExp::Var(g)) => {
                if let Some(w) = within.get(g).copied() {
                    within.insert(v, w);
                }
            }
            Exp::Scalar(Builtin::Bin(op), args) if args.len() == 2 => {
                let holds = match op {
                    BinOp::Le => {
                        args[0].same(SubExp::i64(0))
                            && args[1].var().is_some_and(|i| within.contains_key(&i))
                    }
                    BinOp::Lt => args[0]
                        .var()
                        .and_then(|i| within.get(&i))
                        .is_some_and(|w| w.same(args[1])),
                    BinOp::And => is_true(&truths, &args[0]) && is_true(&truths, &args[1]),
                    _ => false,
                };
                if holds {
                    truths.insert(v);
                }
            }
            _ => {}
        }
    }
    lambda.body.stms.retain(|s| match &s.exp {
        Exp::Assert(c, ..) if is_true(&truths, c) => {
            elided = true;
            false
        }
        _ => true,
    });
    if !elided {
        return;
    }
    // The comparisons that only fed the checks.
    let mut live: BTreeSet<VarId> = lambda.body.result.iter().filter_map(|r| r.var()).collect();
    let mut keep = vec![true; lambda.body.stms.len()];
    for (i, s) in lambda.body.stms.iter().enumerate().rev() {
        let pure = matches!(s.exp, Exp::Scalar(..) | Exp::SubExp(_));
        let vals = s.pat.ctx.iter().chain(&s.pat.vals);
        if pure && !s.pat.vals.is_empty() && vals.clone().all(|v| !live.contains(v)) {
            keep[i] = false;
            continue;
        }
        let mut f = Free::default();
        f.stm(p, s);
        live.extend(f.used);
    }
    let mut it = keep.into_iter();
    lambda.body.stms.retain(|_| it.next().unwrap_or(true));
}
