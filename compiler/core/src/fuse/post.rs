//! Scan-then-map fusion: a map that reads, row by row, the scanned
//! arrays of a screma (or the mapped results of one that already has a
//! post function) becomes part of that screma's post function, which runs
//! on each row once the scans are done (Futhark's post-lambda).
//!
//! The consumer's other inputs travel through the producer: its map
//! function takes each as one more input and passes the row on as one more
//! mapped value, which the post function receives.

use rustc_hash::FxHashSet as HashSet;

use super::rules::{post_or_identity, screma_counts, Joined};
use crate::ir::*;

/// The map `c` (no scans, reductions or post function) fused into the
/// post function of the screma `p` of the same width; `keep` says which
/// of the producer's mapped results are still returned.
pub fn map_into_post(
    vars: &mut Arena<Var>,
    p_pat: &Pat,
    p: &Screma,
    c_pat: &Pat,
    c: &Screma,
    keep: &HashSet<VarId>,
) -> (Pat, Screma) {
    let (scans, reds) = screma_counts(p);
    let post = post_or_identity(vars, p);
    let mut fused = p.clone();
    let mut params = post.params.clone();
    let mut bridge = Vec::new();
    // Arrays the consumer reads that the producer does not make: which
    // post parameter receives their rows.
    let mut through: Vec<(VarId, VarId)> = Vec::new();
    for (a, cp) in c.arrs.iter().zip(&c.map.params) {
        let value = if let Some(k) = p_pat.vals[..scans].iter().position(|v| v == a) {
            SubExp::Var(post.params[k])
        } else if let Some(k) = p_pat.vals[scans + reds..].iter().position(|v| v == a) {
            post.body.result[k]
        } else if let Some((_, q)) = through.iter().find(|(x, _)| x == a) {
            SubExp::Var(*q)
        } else {
            let row = vars[*cp].ty.clone();
            let pre = vars.append(Var {
                name: vars[*cp].name.clone(),
                ty: row.clone(),
            });
            fused.arrs.push(*a);
            fused.map.params.push(pre);
            fused.map.body.result.push(SubExp::Var(pre));
            fused.map.ret.push(row);
            params.push(*cp);
            through.push((*a, *cp));
            continue;
        };
        bridge.push(Stm {
            pat: Pat {
                ctx: Vec::new(),
                vals: vec![*cp],
            },
            exp: Exp::SubExp(value),
            loc: None,
        });
    }
    let joined = Joined {
        arrs: Vec::new(),
        params: Vec::new(),
        bridge,
    };
    let c_body = joined.substitute(&c.map.body);
    let mut stms = post.body.stms.clone();
    stms.extend(joined.bridge);
    stms.extend(c_body.stms);
    let mut vals = p_pat.vals[..scans + reds].to_vec();
    let mut result = Vec::new();
    let mut ret = Vec::new();
    for (k, v) in p_pat.vals[scans + reds..].iter().enumerate() {
        if keep.contains(v) {
            vals.push(*v);
            result.push(post.body.result[k]);
            ret.push(post.ret[k].clone());
        }
    }
    vals.extend(&c_pat.vals);
    result.extend(c_body.result);
    ret.extend(c.map.ret.iter().cloned());
    fused.post = Some(Lambda {
        params,
        body: Body { stms, result },
        ret,
    });
    (
        Pat {
            ctx: Vec::new(),
            vals,
        },
        fused,
    )
}
