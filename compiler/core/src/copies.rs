//! Copies that change nothing: `let b = copy a` is `a` itself where
//! neither `a` nor `b` may be consumed (updated in place, a scatter or
//! histogram destination, a loop's initial value, a recursive call's
//! argument), nor anything that may alias them (a slice, a reshaped or
//! rearranged view, a branch's or loop's result). Internalising `zip`
//! copies its arguments, since its result is unique, and relies on this
//! to cost nothing where the pairs are only read.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::fuse::vars::{exp_consumes, substitute_body, uses_of};
use crate::ir::*;

/// Removes the copies no consumption needs in every function.
pub fn program(p: &mut Program) {
    for f in &mut p.funs {
        let consumed = may_be_consumed(&f.body);
        let mut subst: HashMap<VarId, SubExp> = HashMap::default();
        collect(&f.body, &consumed, &mut subst);
        if !subst.is_empty() {
            remove(&mut f.body, &subst);
            substitute_body(&mut f.body, &subst);
        }
    }
}

/// Every statement of a body, nested ones included, in order.
fn statements<'b>(b: &'b Body, out: &mut Vec<&'b Stm>) {
    for s in &b.stms {
        out.push(s);
        s.exp.for_each_body(|inner| statements(inner, out));
    }
}

/// The variables that may be consumed, directly or through an alias.
fn may_be_consumed(b: &Body) -> HashSet<VarId> {
    let mut stms = Vec::new();
    statements(b, &mut stms);
    let mut set = HashSet::default();
    for s in &stms {
        exp_consumes(&s.exp, &mut set);
        match &s.exp {
            Exp::Loop { params, .. } => set.extend(params.iter().filter_map(|(_, i)| i.var())),
            Exp::Apply(_, args) => set.extend(args.iter().filter_map(|a| a.var())),
            _ => {}
        }
    }
    // An alias is bound after what it aliases: backwards, until stable.
    loop {
        let before = set.len();
        for s in stms.iter().rev() {
            let aliases = matches!(
                s.exp,
                Exp::SubExp(_)
                    | Exp::Index(..)
                    | Exp::Reshape(..)
                    | Exp::Rearrange(..)
                    | Exp::Rotate(..)
                    | Exp::If { .. }
                    | Exp::Loop { .. }
                    | Exp::Apply(..)
            );
            if aliases && s.pat.vals.iter().any(|v| set.contains(v)) {
                set.extend(uses_of(&s.exp));
            }
        }
        if set.len() == before {
            return set;
        }
    }
}

/// The copies to remove, each mapped to its source (through chains of
/// copies).
fn collect(b: &Body, consumed: &HashSet<VarId>, subst: &mut HashMap<VarId, SubExp>) {
    for s in &b.stms {
        if let (Exp::Copy(a), [v], []) = (&s.exp, &s.pat.vals[..], &s.pat.ctx[..]) {
            if !consumed.contains(a) && !consumed.contains(v) {
                let source = subst.get(a).copied().unwrap_or(SubExp::Var(*a));
                subst.insert(*v, source);
            }
        }
        s.exp.for_each_body(|inner| collect(inner, consumed, subst));
    }
}

/// Drops the statements binding the copies removed.
fn remove(b: &mut Body, subst: &HashMap<VarId, SubExp>) {
    b.stms.retain(
        |s| !matches!((&s.exp, &s.pat.vals[..]), (Exp::Copy(_), [v]) if subst.contains_key(v)),
    );
    for s in &mut b.stms {
        s.exp.for_each_body_mut(|inner| remove(inner, subst));
    }
}
