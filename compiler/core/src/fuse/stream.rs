//! Vertical fusion of a scan into a reduction that reads the scanned
//! array, inside a SOAC's function (where the work is sequential anyway):
//! the two become one sequential stream (Futhark's `stream_seq`).
//!
//! The stream's accumulators are the scans' running values and the
//! reductions' values; for each chunk its function runs a loop over the
//! chunk's rows that computes the producer's mapped values, advances the
//! scans, runs the producer's post function (a map after the scan, fused
//! before), gives the row (with the consumer's other inputs) to the
//! consumer's function and folds its results into the reductions. No
//! scanned array is ever built.

use runic_sema::types::PrimType;

use super::rules::screma_counts;
use crate::ir::*;

fn fresh(vars: &mut Arena<Var>, name: &str, ty: Type) -> VarId {
    vars.append(Var {
        name: name.into(),
        ty,
    })
}

/// Whether a producer `ps` and a consumer `cs` (binding `c_vals`) have
/// the shapes the rule takes: the producer scans (and maps, maybe after
/// its scans) but does not reduce, the consumer only reduces, every
/// operator on scalars.
pub(super) fn applies(ps: &Screma, c_vals: &[VarId], cs: &Screma) -> bool {
    let (p_scans, p_reds) = screma_counts(ps);
    let (c_scans, c_reds) = screma_counts(cs);
    let scalar_ops = ps
        .scans
        .iter()
        .map(|x| &x.lambda)
        .chain(cs.reds.iter().map(|x| &x.lambda))
        .all(|l| l.ret.iter().all(|t| t.rank() == 0));
    p_scans > 0
        && p_reds == 0
        && c_scans == 0
        && c_reds > 0
        && cs.post.is_none()
        && c_vals.len() == c_reds
        && scalar_ops
}

/// The stream replacing producer `ps` (binding `p_vals`) and consumer
/// `cs` (binding `c_vals`), where the rule [`applies`]; its pattern binds
/// the scans' final values (unused) then the consumer's results.
pub(super) fn scan_into_reduce(
    vars: &mut Arena<Var>,
    p_vals: &[VarId],
    ps: &Screma,
    c_vals: &[VarId],
    cs: &Screma,
) -> (Pat, Stream) {
    let i64t = Type::scalar(PrimType::I64);
    let chunk = fresh(vars, "chunk", i64t.clone());
    let ty = |vars: &Arena<Var>, v: VarId| vars[v].ty.clone();
    // The stream's inputs: the producer's, then the consumer's own.
    let mut arrs = ps.arrs.clone();
    for a in &cs.arrs {
        if !p_vals.contains(a) && !arrs.contains(a) {
            arrs.push(*a);
        }
    }
    let chunks: Vec<VarId> = arrs
        .iter()
        .map(|a| {
            let t = ty(vars, *a).row().with_outer(SubExp::Var(chunk));
            fresh(vars, "chunk", t)
        })
        .collect();
    let n_scan = screma_counts(ps).0;
    let acc_types: Vec<Type> = ps.map.ret[..n_scan]
        .iter()
        .chain(&cs.map.ret)
        .cloned()
        .collect();
    let acc_params: Vec<VarId> = acc_types
        .iter()
        .map(|t| fresh(vars, "acc", t.clone()))
        .collect();
    let loop_params: Vec<VarId> = acc_types
        .iter()
        .map(|t| fresh(vars, "acc", t.clone()))
        .collect();
    let i = fresh(vars, "i", i64t.clone());
    let row_of = |a: VarId| -> Stm {
        let k = arrs.iter().position(|x| *x == a).expect("a stream input");
        Stm {
            pat: Pat::default(),
            exp: Exp::Index(chunks[k], vec![DimIndex::Fix(SubExp::Var(i))]),
            loc: None,
        }
    };
    let mut stms = Vec::new();
    // The producer's function on row `i`.
    for (q, a) in ps.map.params.iter().zip(&ps.arrs) {
        let mut s = row_of(*a);
        s.pat.vals.push(*q);
        stms.push(s);
    }
    stms.extend(ps.map.body.stms.iter().cloned());
    // The scans advance: each operator's first parameters are the running
    // values, the rest the row's values.
    let mut scanned = Vec::new();
    let mut at = 0;
    for scan in &ps.scans {
        let k = scan.neutral.len();
        fold(
            &mut stms,
            &scan.lambda,
            &loop_params[at..at + k],
            &ps.map.body.result[at..at + k],
            &mut scanned,
        );
        at += k;
    }
    // The producer's row: the scanned values, then the mapped ones (from
    // its post function where it has one).
    let mapped = &ps.map.body.result[n_scan..];
    let mut row = scanned.clone();
    match &ps.post {
        Some(post) => {
            let args = scanned.iter().chain(mapped).copied();
            for (q, a) in post.params.iter().zip(args) {
                stms.push(Stm::copy(*q, a));
            }
            stms.extend(post.body.stms.iter().cloned());
            row.extend(post.body.result.iter().copied());
        }
        None => row.extend_from_slice(mapped),
    }
    // The consumer's function on the producer's row and its own rows.
    for (q, a) in cs.map.params.iter().zip(&cs.arrs) {
        match p_vals.iter().position(|v| v == a) {
            Some(k) => stms.push(Stm::copy(*q, row[k])),
            None => {
                let mut s = row_of(*a);
                s.pat.vals.push(*q);
                stms.push(s);
            }
        }
    }
    stms.extend(cs.map.body.stms.iter().cloned());
    let mut reduced = Vec::new();
    let mut at = 0;
    for red in &cs.reds {
        let k = red.neutral.len();
        fold(
            &mut stms,
            &red.lambda,
            &loop_params[n_scan + at..n_scan + at + k],
            &cs.map.body.result[at..at + k],
            &mut reduced,
        );
        at += k;
    }
    let finals: Vec<VarId> = acc_types
        .iter()
        .map(|t| fresh(vars, "acc", t.clone()))
        .collect();
    let lp = Stm {
        pat: Pat {
            ctx: Vec::new(),
            vals: finals.clone(),
        },
        exp: Exp::Loop {
            ctx: Vec::new(),
            params: loop_params
                .iter()
                .zip(&acc_params)
                .map(|(l, a)| (*l, SubExp::Var(*a)))
                .collect(),
            form: LoopForm::For {
                i,
                bound: SubExp::Var(chunk),
            },
            body: Body {
                stms,
                result: scanned.into_iter().chain(reduced).collect(),
            },
        },
        loc: None,
    };
    let mut params = vec![chunk];
    params.extend(&acc_params);
    params.extend(&chunks);
    let lambda = Lambda {
        params,
        body: Body {
            stms: vec![lp],
            result: finals.iter().map(|v| SubExp::Var(*v)).collect(),
        },
        ret: acc_types.clone(),
    };
    let mut pat_vals: Vec<VarId> = acc_types[..n_scan]
        .iter()
        .map(|t| fresh(vars, "scan", t.clone()))
        .collect();
    pat_vals.extend_from_slice(c_vals);
    let accs = ps
        .scans
        .iter()
        .flat_map(|x| x.neutral.iter().copied())
        .chain(cs.reds.iter().flat_map(|x| x.neutral.iter().copied()))
        .collect();
    (
        Pat {
            ctx: Vec::new(),
            vals: pat_vals,
        },
        Stream {
            w: ps.w,
            arrs,
            accs,
            lambda,
        },
    )
}

/// One step of a scan or reduction: the operator's parameters bound to
/// the running values then the new ones, its body, its results pushed to
/// `out`.
fn fold(
    stms: &mut Vec<Stm>,
    op: &Lambda,
    running: &[VarId],
    new: &[SubExp],
    out: &mut Vec<SubExp>,
) {
    let args = running
        .iter()
        .map(|v| SubExp::Var(*v))
        .chain(new.iter().copied());
    for (q, a) in op.params.iter().zip(args) {
        stms.push(Stm::copy(*q, a));
    }
    stms.extend(op.body.stms.iter().cloned());
    out.extend(op.body.result.iter().copied());
}
