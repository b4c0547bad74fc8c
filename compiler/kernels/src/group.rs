//! The work-group level of an intra-block kernel (a SegMap with
//! [`crate::ir::Kernel::intra`] set): which statements of its lambda the
//! threads of a group run together, how wide they are, and how Futhark
//! names them.
//!
//! At group level, a `map` is a `SegMap` (a map whose lambda holds SOACs
//! is flattened: its SOACs are segmented operations of the group, what is
//! left a `SegMap`), the scans of a screma one `SegScan` and its
//! reductions one `SegRed` (an operator each, `SegBinOp`), a histogram a
//! `SegHist`, a scatter a `WithAcc` around a `SegMap`, a `replicate` or
//! `copy` a `SegMap`; loops and branches stay, their bodies at group
//! level too. Everything inside those operators' lambdas is thread code.

use std::collections::BTreeSet;

use runic_core::ir::{Body, Exp, Lambda, LoopForm, Screma, SubExp, VarId};
use runic_core::metrics::Counter;
use runic_core::Program;

/// Whether an expression is a parallel SOAC the group runs together.
pub fn is_group_op(e: &Exp) -> bool {
    matches!(
        e,
        Exp::Screma(_) | Exp::Hist(_) | Exp::Scatter(_) | Exp::Replicate(..) | Exp::Copy(_)
    )
}

/// Counts a group-level body as Futhark's metrics name its constructs.
pub fn count_body(m: &mut Counter, b: &Body) {
    for s in &b.stms {
        count_exp(m, &s.exp);
    }
}

fn count_exp(m: &mut Counter, e: &Exp) {
    match e {
        Exp::Screma(sc) => count_screma(m, sc),
        Exp::Hist(h) => m.inside("SegHist", |m| {
            for op in &h.ops {
                m.inside("SegBinOp", |m| m.lambda(&op.op));
            }
        }),
        Exp::Scatter(sc) => m.inside("WithAcc", |m| m.inside("SegMap", |m| m.lambda(&sc.lambda))),
        Exp::Replicate(..) | Exp::Copy(_) => m.seen("SegMap"),
        Exp::Loop { form, body, .. } => m.inside("Loop", |m| {
            m.seen(match form {
                LoopForm::For { .. } => "ForLoop",
                LoopForm::While(_) => "WhileLoop",
            });
            count_body(m, body);
        }),
        Exp::If {
            then_body,
            else_body,
            ..
        } => m.inside("If", |m| {
            m.inside("True", |m| count_body(m, then_body));
            m.inside("False", |m| count_body(m, else_body));
        }),
        e => m.exp(e),
    }
}

/// Whether a lambda holds group-level operations of widths it does not
/// compute itself: a map of it is flattened within the group (else each
/// thread runs it, what is inside sequentially).
fn nested(l: &Lambda) -> bool {
    let inside: BTreeSet<VarId> = l.params.iter().copied().collect();
    l.body.stms.iter().any(|s| is_group_op(&s.exp))
        && body_widths(None, &l.body, &[], &mut inside.clone(), &mut Vec::new()).is_some()
}

fn count_screma(m: &mut Counter, sc: &Screma) {
    let ops = !sc.scans.is_empty() || !sc.reds.is_empty();
    if nested(&sc.map) {
        // Distributed: the inner operations, then what is left.
        count_body(m, &sc.map.body);
        let rest = sc
            .map
            .body
            .stms
            .iter()
            .any(|s| !is_group_op(&s.exp) && !trivial(&s.exp));
        if rest {
            m.seen("SegMap");
        }
    } else if !ops {
        m.inside("SegMap", |m| m.lambda(&sc.map));
    }
    if !sc.scans.is_empty() {
        m.inside("SegScan", |m| {
            for x in &sc.scans {
                m.inside("SegBinOp", |m| m.lambda(&x.lambda));
            }
        });
    }
    if !sc.reds.is_empty() {
        m.inside("SegRed", |m| {
            for x in &sc.reds {
                m.inside("SegBinOp", |m| m.lambda(&x.lambda));
            }
        });
    }
    if let Some(post) = &sc.post {
        m.inside("SegMap", |m| m.lambda(post));
    }
}

/// Statements that compute nothing a thread would run (renamings,
/// indexing, views: a rotation is an index offset).
fn trivial(e: &Exp) -> bool {
    matches!(
        e,
        Exp::SubExp(_) | Exp::Index(..) | Exp::Rearrange(..) | Exp::Reshape(..) | Exp::Rotate(..)
    )
}

/// The widths of the group-level operations of a body (for a nest, the
/// product of its widths, as a list of factors), when every one is known
/// outside the kernel (not bound in `inside`); `None` when one is not:
/// the group's size must be known before the launch.
pub fn widths(p: &Program, b: &Body, inside: &BTreeSet<VarId>) -> Option<Vec<Vec<SubExp>>> {
    let mut out = Vec::new();
    let mut bound = inside.clone();
    body_widths(Some(p), b, &[], &mut bound, &mut out)?;
    Some(out)
}

fn body_widths(
    p: Option<&Program>,
    b: &Body,
    outer: &[SubExp],
    bound: &mut BTreeSet<VarId>,
    out: &mut Vec<Vec<SubExp>>,
) -> Option<()> {
    for s in &b.stms {
        let known =
            |w: &SubExp, bound: &BTreeSet<VarId>| w.var().is_none_or(|v| !bound.contains(&v));
        let op = |w: SubExp, bound: &BTreeSet<VarId>, out: &mut Vec<Vec<SubExp>>| {
            if !known(&w, bound) {
                return None;
            }
            let mut ws = outer.to_vec();
            ws.push(w);
            out.push(ws);
            Some(())
        };
        match &s.exp {
            Exp::Screma(sc) => {
                op(sc.w, bound, out)?;
                if nested(&sc.map) {
                    bound.extend(sc.map.params.iter().copied());
                    let mut ws = outer.to_vec();
                    ws.push(sc.w);
                    body_widths(p, &sc.map.body, &ws, bound, out)?;
                }
            }
            Exp::Hist(h) => op(h.w, bound, out)?,
            Exp::Scatter(sc) => op(sc.w, bound, out)?,
            Exp::Replicate(shape, _) => {
                for w in shape {
                    op(*w, bound, out)?;
                }
            }
            Exp::Copy(a) => {
                if let Some(w) = p.and_then(|p| p.ty(*a).dims.first()) {
                    op(*w, bound, out)?;
                }
            }
            Exp::Loop {
                params, form, body, ..
            } => {
                bound.extend(params.iter().map(|(v, _)| *v));
                if let LoopForm::For { i, .. } = form {
                    bound.insert(*i);
                }
                body_widths(p, body, outer, bound, out)?;
            }
            Exp::If {
                then_body,
                else_body,
                ..
            } => {
                body_widths(p, then_body, outer, bound, out)?;
                body_widths(p, else_body, outer, bound, out)?;
            }
            _ => {}
        }
        bound.extend(s.pat.ctx.iter().chain(&s.pat.vals).copied());
    }
    Some(())
}

/// How much parallelism of interest a body offers a work-group
/// (Futhark's measure for an intra-block version being worth building):
/// every SOAC of a width not known to be below 32 counts one, plus what
/// its lambda holds; loops ten times their bodies, branches their larger
/// one.
pub fn interest(b: &Body) -> usize {
    let wide = |w: &SubExp| match w {
        SubExp::Const(c) => usize::from(c.as_i64() >= 32),
        SubExp::Var(_) => 1,
    };
    b.stms
        .iter()
        .map(|s| match &s.exp {
            Exp::Screma(sc) if sc.scans.is_empty() && sc.reds.is_empty() => {
                wide(&sc.w).max(interest(&sc.map.body))
            }
            Exp::Screma(sc) => wide(&sc.w) + interest(&sc.map.body),
            Exp::Scatter(sc) => wide(&sc.w).max(interest(&sc.lambda.body)),
            Exp::Loop { body, .. } => interest(body) * 10,
            Exp::If {
                then_body,
                else_body,
                ..
            } => interest(then_body).max(interest(else_body)),
            Exp::Stream(st) => interest(&st.lambda.body),
            _ => 0,
        })
        .sum()
}
