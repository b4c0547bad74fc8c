//! The fusion rules: how two SOAC statements become one. Each rule takes
//! the producer `p` (earlier) and the consumer `c` (later) and builds the
//! statement that replaces both at the consumer's place; the caller has
//! already checked that the rule is legal there.
//!
//! The fused lambda runs the producer's body, then binds each of the
//! consumer's parameters that read a producer result (or an input the two
//! share) to that value with a copy statement, then runs the consumer's
//! body; the simplifier's copy propagation removes the copies afterwards.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::vars::substitute_body;
use crate::ir::*;

/// The inputs and lambda parameters of a fused SOAC, and the copies that
/// bind the consumer's parameters reading the producer's results or a
/// shared input.
pub struct Joined {
    pub arrs: Vec<VarId>,
    pub params: Vec<VarId>,
    pub bridge: Vec<Stm>,
}

/// Joins the inputs of `p` and `c`; `from_p(a)` gives the lambda result of
/// the producer that row-wise defines input `a` of the consumer, if any.
/// The consumer's body must then read the bridged parameters' values
/// directly ([`Joined::substitute`]): the copies stay only for the types
/// that may mention them, so fusion inside the new body sees the producer
/// and the consumer next to each other.
pub fn join_inputs(
    p_arrs: &[VarId],
    p_params: &[VarId],
    c_arrs: &[VarId],
    c_params: &[VarId],
    from_p: impl Fn(VarId) -> Option<SubExp>,
) -> Joined {
    let mut arrs = p_arrs.to_vec();
    let mut params = p_params.to_vec();
    let mut bridge = Vec::new();
    for (a, cp) in c_arrs.iter().zip(c_params) {
        let value = match from_p(*a) {
            Some(r) => Some(r),
            None => arrs
                .iter()
                .position(|x| x == a)
                .map(|q| SubExp::Var(params[q])),
        };
        match value {
            Some(value) => bridge.push(Stm::copy(*cp, value)),
            None => {
                arrs.push(*a);
                params.push(*cp);
            }
        }
    }
    Joined {
        arrs,
        params,
        bridge,
    }
}

impl Joined {
    /// The consumer's body reading the bridged values directly.
    pub fn substitute(&self, c: &Body) -> Body {
        let mut map = HashMap::default();
        for st in &self.bridge {
            if let Exp::SubExp(value) = st.exp {
                map.insert(st.pat.vals[0], value);
            }
        }
        let mut c = c.clone();
        substitute_body(&mut c, &map);
        c
    }
}

/// How many results of a screma's lambda feed its scans and reductions.
pub fn screma_counts(s: &Screma) -> (usize, usize) {
    let scans = s.scans.iter().map(|x| x.neutral.len()).sum();
    let reds = s.reds.iter().map(|x| x.neutral.len()).sum();
    (scans, reds)
}

/// Splits a screma's lambda results (or its pattern) into scanned,
/// reduced and mapped parts.
fn split3<T: Clone>(xs: &[T], scans: usize, reds: usize) -> (Vec<T>, Vec<T>, Vec<T>) {
    (
        xs[..scans].to_vec(),
        xs[scans..scans + reds].to_vec(),
        xs[scans + reds..].to_vec(),
    )
}

/// Two scremas as one: the producer's map results the consumer reads
/// become copies into the consumer's parameters; `keep` says which of the
/// producer's mapped results are still returned (used elsewhere). Where
/// either has a post function, the fused one's post function runs both
/// (an identity one standing for a screma without).
pub fn screma_screma(
    vars: &mut Arena<Var>,
    p_pat: &Pat,
    p: &Screma,
    c_pat: &Pat,
    c: &Screma,
    keep: &HashSet<VarId>,
) -> (Pat, Screma) {
    let (ps, pr) = screma_counts(p);
    let (cs, cr) = screma_counts(c);
    let (p_scan_v, p_red_v, p_map_v) = split3(&p_pat.vals, ps, pr);
    let (c_scan_v, c_red_v, c_map_v) = split3(&c_pat.vals, cs, cr);
    let (p_scan_r, p_red_r, p_map_r) = split3(&p.map.body.result, ps, pr);
    let (p_scan_t, p_red_t, p_map_t) = split3(&p.map.ret, ps, pr);
    let (c_scan_t, c_red_t, c_map_t) = split3(&c.map.ret, cs, cr);
    let joined = join_inputs(&p.arrs, &p.map.params, &c.arrs, &c.map.params, |a| {
        p_map_v.iter().position(|v| *v == a).map(|k| p_map_r[k])
    });
    let c_body = joined.substitute(&c.map.body);
    let (c_map_r, c_red_r, c_scan_r) = {
        let (a, b, m) = split3(&c_body.result, cs, cr);
        (m, b, a)
    };
    let mut stms = p.map.body.stms.clone();
    stms.extend(joined.bridge);
    stms.extend(c_body.stms);
    let mut vals = Vec::new();
    let mut result = Vec::new();
    let mut ret = Vec::new();
    vals.extend(
        p_scan_v
            .iter()
            .chain(&c_scan_v)
            .chain(&p_red_v)
            .chain(&c_red_v),
    );
    result.extend(
        p_scan_r
            .iter()
            .chain(&c_scan_r)
            .chain(&p_red_r)
            .chain(&c_red_r),
    );
    ret.extend(
        p_scan_t
            .iter()
            .chain(&c_scan_t)
            .chain(&p_red_t)
            .chain(&c_red_t)
            .cloned(),
    );
    let post = if p.post.is_none() && c.post.is_none() {
        for (k, v) in p_map_v.iter().enumerate() {
            if keep.contains(v) {
                vals.push(*v);
                result.push(p_map_r[k]);
                ret.push(p_map_t[k].clone());
            }
        }
        None
    } else {
        // Every mapped value of both goes to the post function, which
        // returns those of the producer still used.
        result.extend(&p_map_r);
        ret.extend(p_map_t.iter().cloned());
        let pp = post_or_identity(vars, p);
        let cp = post_or_identity(vars, c);
        let mut params = pp.params[..ps].to_vec();
        params.extend(&cp.params[..cs]);
        params.extend(&pp.params[ps..]);
        params.extend(&cp.params[cs..]);
        let mut post_stms = pp.body.stms;
        post_stms.extend(cp.body.stms);
        let mut post_result = Vec::new();
        let mut post_ret = Vec::new();
        for (k, v) in p_map_v.iter().enumerate() {
            if keep.contains(v) {
                vals.push(*v);
                post_result.push(pp.body.result[k]);
                post_ret.push(pp.ret[k].clone());
            }
        }
        post_result.extend(cp.body.result);
        post_ret.extend(cp.ret);
        Some(Lambda {
            params,
            body: Body {
                stms: post_stms,
                result: post_result,
            },
            ret: post_ret,
        })
    };
    vals.extend(&c_map_v);
    result.extend(&c_map_r);
    ret.extend(c_map_t);
    let mut scans = p.scans.clone();
    scans.extend(c.scans.iter().cloned());
    let mut reds = p.reds.clone();
    reds.extend(c.reds.iter().cloned());
    let fused = Screma {
        w: c.w,
        arrs: joined.arrs,
        scans,
        reds,
        map: Lambda {
            params: joined.params,
            body: Body { stms, result },
            ret,
        },
        post,
        attrs: c.attrs.union(&p.attrs),
    };
    (
        Pat {
            ctx: Vec::new(),
            vals,
        },
        fused,
    )
}

/// A screma's post function, or one that passes the mapped values on
/// (its parameters fresh variables): the scanned values then the mapped
/// values of a row to its mapped results.
pub fn post_or_identity(vars: &mut Arena<Var>, s: &Screma) -> Lambda {
    if let Some(post) = &s.post {
        return post.clone();
    }
    let (scans, reds) = screma_counts(s);
    let mut params = Vec::new();
    let mut mapped = Vec::new();
    for (k, t) in s.map.ret.iter().enumerate() {
        if k >= scans && k < scans + reds {
            continue;
        }
        let v = vars.append(Var {
            name: "post".into(),
            ty: t.clone(),
        });
        params.push(v);
        if k >= scans {
            mapped.push(v);
        }
    }
    Lambda {
        params,
        body: Body {
            stms: Vec::new(),
            result: mapped.iter().map(|v| SubExp::Var(*v)).collect(),
        },
        ret: s.map.ret[scans + reds..].to_vec(),
    }
}

/// The producer's lambda inlined before a consumer lambda that reads
/// (some of) its results row by row: for a map-only producer all of whose
/// results only the consumer reads (into a histogram or a scatter).
pub fn map_into_lambda(
    p_pat: &Pat,
    p: &Screma,
    c_arrs: &[VarId],
    c_lambda: &Lambda,
) -> (Vec<VarId>, Lambda) {
    let joined = join_inputs(&p.arrs, &p.map.params, c_arrs, &c_lambda.params, |a| {
        p_pat
            .vals
            .iter()
            .position(|v| *v == a)
            .map(|k| p.map.body.result[k])
    });
    let c_body = joined.substitute(&c_lambda.body);
    let mut stms = p.map.body.stms.clone();
    stms.extend(joined.bridge);
    stms.extend(c_body.stms);
    (
        joined.arrs,
        Lambda {
            params: joined.params,
            body: Body {
                stms,
                result: c_body.result,
            },
            ret: c_lambda.ret.clone(),
        },
    )
}

/// Two lambdas over the joined inputs of `p` and `c`, run one after the
/// other; the first `pi` results of `p` and `ci` of `c` (indices) come
/// first, then the rest of both (values).
fn side_by_side(
    p_arrs: &[VarId],
    p: &Lambda,
    c_arrs: &[VarId],
    c: &Lambda,
    pi: usize,
    ci: usize,
) -> (Vec<VarId>, Lambda) {
    let joined = join_inputs(p_arrs, &p.params, c_arrs, &c.params, |_| None);
    let c_body = joined.substitute(&c.body);
    let mut stms = p.body.stms.clone();
    stms.extend(joined.bridge);
    stms.extend(c_body.stms);
    (
        joined.arrs,
        Lambda {
            params: joined.params,
            body: Body {
                stms,
                result: interleave(&p.body.result, pi, &c_body.result, ci),
            },
            ret: interleave(&p.ret, pi, &c.ret, ci),
        },
    )
}

/// The results of a horizontally fused pair: the producer's, then the
/// consumer's.
fn both_results(p_pat: &Pat, c_pat: &Pat) -> Pat {
    let mut vals = p_pat.vals.clone();
    vals.extend(&c_pat.vals);
    Pat {
        ctx: Vec::new(),
        vals,
    }
}

/// Two scatters over shared inputs as one: the indices of both first,
/// then the values of both.
pub fn scatter_scatter(p_pat: &Pat, p: &Scatter, c_pat: &Pat, c: &Scatter) -> (Pat, Scatter) {
    let pi: usize = p.dests.iter().map(|(r, _)| *r).sum();
    let ci: usize = c.dests.iter().map(|(r, _)| *r).sum();
    let (arrs, lambda) = side_by_side(&p.arrs, &p.lambda, &c.arrs, &c.lambda, pi, ci);
    let mut dests = p.dests.clone();
    dests.extend(c.dests.iter().copied());
    (
        both_results(p_pat, c_pat),
        Scatter {
            w: c.w,
            arrs,
            dests,
            lambda,
            rounds: 1,
        },
    )
}

/// Two histograms over shared inputs as one: the bucket indices of both
/// first, then the values of both.
pub fn hist_hist(p_pat: &Pat, p: &Hist, c_pat: &Pat, c: &Hist) -> (Pat, Hist) {
    let pi: usize = p.ops.iter().map(|o| o.rank).sum();
    let ci: usize = c.ops.iter().map(|o| o.rank).sum();
    let (arrs, bucket) = side_by_side(&p.arrs, &p.bucket, &c.arrs, &c.bucket, pi, ci);
    let mut ops = p.ops.clone();
    ops.extend(c.ops.iter().cloned());
    (
        both_results(p_pat, c_pat),
        Hist {
            w: c.w,
            arrs,
            ops,
            bucket,
        },
    )
}

/// `a[..ka] ++ b[..kb] ++ a[ka..] ++ b[kb..]`.
fn interleave<T: Clone>(a: &[T], ka: usize, b: &[T], kb: usize) -> Vec<T> {
    let mut out = a[..ka].to_vec();
    out.extend_from_slice(&b[..kb]);
    out.extend_from_slice(&a[ka..]);
    out.extend_from_slice(&b[kb..]);
    out
}
