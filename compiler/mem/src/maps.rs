//! Maps that only rearrange their rows are rearrangements of the whole
//! input: `map transpose xss` is `rearrange (0, 2, 1) xss`, a change of
//! index function rather than an array built row by row in fresh memory
//! (Futhark's simplifier turns a map of such an operation into the
//! operation on the whole array). Sequential pipeline only: on the
//! device, a kernel reading the rearranged array across its innermost
//! dimension gets a row-major copy of it to read coalesced (Futhark's
//! kernel babysitting), which is the memory the map's result takes.

use runic_core::ir::{Body, Exp, SubExp};

/// Rewrites the maps of a body, and of the bodies nested in it.
pub fn body(b: &mut Body) {
    for s in b.stms.iter_mut() {
        s.exp.for_each_body_mut(body);
        if let Some(e) = whole(&s.exp) {
            s.exp = e;
        }
    }
}

/// The rearrangement of a whole input that a map of one rearrangement
/// of its row parameter is.
fn whole(e: &Exp) -> Option<Exp> {
    let Exp::Screma(sc) = e else {
        return None;
    };
    if !sc.scans.is_empty() || !sc.reds.is_empty() || sc.post.is_some() {
        return None;
    }
    let body = &sc.map.body;
    let ([s], [SubExp::Var(r)]) = (body.stms.as_slice(), body.result.as_slice()) else {
        return None;
    };
    let (Exp::Rearrange(perm, x), [v]) = (&s.exp, s.pat.vals.as_slice()) else {
        return None;
    };
    if v != r || !s.pat.ctx.is_empty() {
        return None;
    }
    let k = sc.map.params.iter().position(|p| p == x)?;
    let perm = std::iter::once(0)
        .chain(perm.iter().map(|d| d + 1))
        .collect();
    Some(Exp::Rearrange(perm, *sc.arrs.get(k)?))
}
