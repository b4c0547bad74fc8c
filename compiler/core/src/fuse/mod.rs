//! Fusion of SOACs (seed 000, section 4): greedy, bottom-up, inside each
//! body of the program.
//!
//! - **Vertical** (producer-consumer): a screma whose mapped results a
//!   later SOAC of the same width reads row by row (as inputs) is merged
//!   into it: map into map, into the map part of a screma with scans and
//!   reductions, into a histogram's bucket function, into a scatter. A
//!   producer whose results are also used after the consumer still fuses
//!   when the fused SOAC can return them (a screma), so no work is done
//!   twice.
//! - **Horizontal**: two independent SOACs of the same kind and width that
//!   read a common input become one.
//! - **Streams**: inside a SOAC's function, a scan whose scanned array
//!   only a reduction reads becomes, with it, one sequential stream
//!   ([`stream`]).
//!
//! The fused statement takes the consumer's place, so the producer moves
//! down: that is refused when a statement in between uses the producer's
//! results or consumes (updates in place) anything the producer reads.
//! SOACs in different bodies are never fused (a producer outside a loop
//! and a consumer inside it stay apart). Every decision is recorded by
//! source location ([`Decision`]) for the command line and the editor.

pub(crate) mod post;
pub(crate) mod rules;
pub(crate) mod sizes;
pub(crate) mod stream;
pub(crate) mod vars;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::fmt;

use runic_eval::builtins::Builtin;
use runic_eval::prim::BinOp;

use crate::ir::*;
use vars::{consumes_of, uses_of};

/// Why two SOACs were fused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// A map into a map.
    MapIntoMap,
    /// A screma into a screma with scans or reductions (a redomap or
    /// scanomap).
    IntoScrema,
    /// A map into a histogram's bucket function.
    IntoHist,
    /// A map into a scatter's function.
    IntoScatter,
    /// A map after a scan into the scan's post function.
    IntoPost,
    /// Two independent SOACs reading a common input.
    Horizontal,
    /// A scan into a reduction reading the scanned array, inside a SOAC's
    /// function: one sequential stream.
    ScanIntoReduce,
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rule::MapIntoMap => "vertical: map into map",
            Rule::IntoScrema => "vertical: into the map part of a scan/reduce",
            Rule::IntoHist => "vertical: map into a histogram",
            Rule::IntoScatter => "vertical: map into a scatter",
            Rule::IntoPost => "vertical: a map after a scan, into its post function",
            Rule::Horizontal => "horizontal: independent SOACs over a common input",
            Rule::ScanIntoReduce => {
                "vertical: a scan into a reduction of the scanned array, as a sequential stream"
            }
        })
    }
}

/// Why a producer was not fused into a SOAC that reads its result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// A statement between the two also uses the result.
    SeveralConsumers,
    /// A statement between the two updates in place an array the producer
    /// reads.
    InPlaceUpdateBetween,
    /// One of the two consumes an array the other reads.
    ConsumesInput,
    /// The consumer uses the whole array (indexes it, or passes it on), not
    /// row by row.
    WholeArray,
    /// The consumer reads the result of a scan or reduction.
    ScanOrReduceResult,
    /// The producer is a scatter or histogram (its results are whole
    /// arrays).
    NotAMap,
    /// The two have different widths.
    DifferentWidth,
    /// The result is also used elsewhere, and a histogram cannot return it.
    UsedElsewhere,
    /// The producer also scans or reduces, which a histogram's or a
    /// scatter's function cannot.
    ProducerScans,
    /// The result's size is only known once it has run.
    ExistentialSize,
    /// The result is used inside a loop.
    ThroughLoop,
    /// The result is used inside a branch.
    InBranch,
    /// The producer computes the result after its scans, and the consumer
    /// needs it before its own scans or reductions.
    AfterScan,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::SeveralConsumers => {
                "several consumers: a statement in between also uses the result"
            }
            Reason::InPlaceUpdateBetween => {
                "an in-place update in between consumes an array it reads"
            }
            Reason::ConsumesInput => "one of them consumes an array the other reads",
            Reason::WholeArray => "the consumer uses the whole array, not row by row",
            Reason::ScanOrReduceResult => "the consumer reads the result of a scan or reduction",
            Reason::NotAMap => "the producer is a scatter or histogram",
            Reason::DifferentWidth => "the two have different widths",
            Reason::UsedElsewhere => {
                "the result is also used elsewhere and a histogram cannot return it"
            }
            Reason::ProducerScans => {
                "the producer also scans or reduces, which a histogram or scatter cannot"
            }
            Reason::ExistentialSize => "the result's size is only known once it has run",
            Reason::ThroughLoop => "dependency through a loop: the result is used inside a loop",
            Reason::InBranch => "the result is used inside a branch",
            Reason::AfterScan => {
                "the producer computes the result after its scans, which the consumer's scan or reduction would need first"
            }
        })
    }
}

/// What fusion did with one SOAC.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Fused(Rule),
    NotFused(Reason),
}

/// One decision: the SOAC at `loc` (the producer) and the one it was (or
/// would have been) fused with.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    pub loc: Option<Loc>,
    pub other: Option<Loc>,
    pub verdict: Verdict,
}

/// A SOAC that the fusion of several became: its location (the last of
/// the chain) and how many SOACs of the source it stands for.
#[derive(Debug, Clone, PartialEq)]
pub struct Chain {
    pub loc: Option<Loc>,
    pub members: usize,
}

/// Everything the pass decided.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Fusion {
    pub decisions: Vec<Decision>,
    pub chains: Vec<Chain>,
}

impl Fusion {
    /// Adds the decisions of a later round (once each) and its chains.
    pub fn merge(&mut self, later: Fusion) {
        for d in later.decisions {
            if !self.decisions.contains(&d) {
                self.decisions.push(d);
            }
        }
        self.chains.extend(later.chains);
    }
}

/// Fuses the SOACs of every function of the program.
pub fn program(p: &mut Program) -> Fusion {
    sizes::program(p);
    let mut out = Fusion::default();
    for f in &mut p.funs {
        let mut conds = Conds::default();
        conditions(&f.body, &mut conds);
        let mut cx = Cx {
            out: &mut out,
            conds,
            vars: &mut p.vars,
            in_soac: false,
        };
        body(&mut f.body, &Vec::new(), &mut cx);
    }
    // Bodies fused again after their SOACs merged repeat some decisions.
    let mut seen = Vec::new();
    out.decisions.retain(|d| {
        let new = !seen.contains(d);
        if new {
            seen.push(d.clone());
        }
        new
    });
    out
}

/// Sizes known equal (by an assertion that ran before); the third part,
/// where there is one, is the width of a SOAC only inside whose function
/// the equality is known (an assertion hoisted out of it holds where the
/// SOAC has no rows: `w == 0 || a == b`).
type Equal = Vec<(SubExp, SubExp, Option<SubExp>)>;

/// Conditions by the variable they are bound to: `a == b`, `x && y`,
/// `x || y`.
type Conds = HashMap<VarId, (BinOp, SubExp, SubExp)>;

/// The equality and conjunction tests of a body and of the bodies in it.
fn conditions(b: &Body, out: &mut Conds) {
    for s in &b.stms {
        if let (Exp::Scalar(Builtin::Bin(op @ (BinOp::Eq | BinOp::And | BinOp::Or)), args), [v]) =
            (&s.exp, &s.pat.vals[..])
        {
            if args.len() == 2 {
                out.insert(*v, (*op, args[0], args[1]));
            }
        }
        let mut inner = |b: &Body| conditions(b, out);
        match &s.exp {
            Exp::If {
                then_body,
                else_body,
                ..
            } => {
                inner(then_body);
                inner(else_body);
            }
            Exp::Loop { body, .. } => inner(body),
            Exp::Screma(x) => {
                inner(&x.map.body);
                if let Some(post) = &x.post {
                    inner(&post.body);
                }
            }
            Exp::Hist(x) => inner(&x.bucket.body),
            Exp::Scatter(x) => inner(&x.lambda.body),
            Exp::Stream(x) => inner(&x.lambda.body),
            _ => {}
        }
    }
}

/// The equalities a condition that holds implies (inside the SOAC of
/// width `guard` only, where there is one).
fn implied(c: SubExp, conds: &Conds, guard: Option<SubExp>, out: &mut Equal) {
    let Some(v) = c.var() else { return };
    match conds.get(&v) {
        Some((BinOp::Eq, a, b)) => out.push((*a, *b, guard)),
        Some((BinOp::And, x, y)) => {
            implied(*x, conds, guard, out);
            implied(*y, conds, guard, out);
        }
        Some((BinOp::Or, x, y)) if guard.is_none() => {
            let empty = |e: SubExp| match e.var().and_then(|e| conds.get(&e)) {
                Some((BinOp::Eq, w, z)) if z.same(SubExp::i64(0)) => Some(*w),
                _ => None,
            };
            if let Some(w) = empty(*x) {
                implied(*y, conds, Some(w), out);
            }
        }
        _ => {}
    }
}

/// The equalities asserted by the first `upto` statements of a body,
/// after those known outside.
fn asserted(b: &Body, upto: usize, known: &Equal, conds: &Conds) -> Equal {
    let mut eqs = known.clone();
    for s in &b.stms[..upto] {
        if let Exp::Assert(c, _, _) = &s.exp {
            implied(*c, conds, None, &mut eqs);
        }
    }
    eqs
}

/// Whether two widths are the same, or known equal.
fn same_width(a: SubExp, b: SubExp, eqs: &Equal) -> bool {
    let mut seen = vec![a];
    let mut k = 0;
    while k < seen.len() {
        let x = seen[k];
        if x.same(b) {
            return true;
        }
        for (l, r, _) in eqs.iter().filter(|e| e.2.is_none()) {
            for (from, to) in [(l, r), (r, l)] {
                if from.same(x) && !seen.iter().any(|y| y.same(*to)) {
                    seen.push(*to);
                }
            }
        }
        k += 1;
    }
    false
}

fn is_soac(e: &Exp) -> bool {
    matches!(
        e,
        Exp::Screma(_) | Exp::Hist(_) | Exp::Scatter(_) | Exp::Stream(_)
    )
}

/// What the pass carries through a function: its decisions so far, and
/// the function's conditions (for widths asserted equal).
struct Cx<'a> {
    out: &'a mut Fusion,
    conds: Conds,
    vars: &'a mut Arena<Var>,
    /// Whether the body being fused is inside a SOAC's function.
    in_soac: bool,
}

/// Fuses inside the bodies nested in an expression.
fn nested(e: &mut Exp, known: &Equal, out: &mut Cx) {
    let body = |b: &mut Body, out: &mut Cx| body(b, known, out);
    match e {
        Exp::If {
            then_body,
            else_body,
            ..
        } => {
            body(then_body, out);
            body(else_body, out);
        }
        Exp::Loop { body: b, .. } => body(b, out),
        e => {
            let was = std::mem::replace(&mut out.in_soac, true);
            soac_bodies(e, known, out);
            out.in_soac = was;
        }
    }
}

/// Fuses inside the functions of a SOAC, where the equalities known only
/// inside it hold.
fn soac_bodies(e: &mut Exp, known: &Equal, out: &mut Cx) {
    let w = match e {
        Exp::Screma(s) => Some(s.w),
        Exp::Hist(h) => Some(h.w),
        Exp::Scatter(s) => Some(s.w),
        Exp::Stream(s) => Some(s.w),
        _ => None,
    };
    let inside: Equal = known
        .iter()
        .map(|&(a, b, g)| match (g, w) {
            (Some(g), Some(w)) if g.same(w) => (a, b, None),
            _ => (a, b, g),
        })
        .collect();
    e.for_each_body_mut(|b| body(b, &inside, out));
}

/// Fuses the nested bodies first, then the SOACs of this body, pairwise
/// until nothing changes.
fn body(b: &mut Body, known: &Equal, cx: &mut Cx) {
    // The equalities asserted before each statement, gathered as the walk
    // goes (gathering them anew for each made a let chain quadratic).
    let mut eqs = known.clone();
    for k in 0..b.stms.len() {
        nested(&mut b.stms[k].exp, &eqs, cx);
        if let Exp::Assert(c, _, _) = &b.stms[k].exp {
            implied(*c, &cx.conds, None, &mut eqs);
        }
    }
    let mut members: Vec<usize> = vec![1; b.stms.len()];
    let mut refused: HashMap<VarId, Decision> = HashMap::default();
    // Vertical fusion first, to a fixed point; then one horizontal
    // fusion at a time, each followed by vertical fusion again.
    let mut horizontal = false;
    'again: loop {
        for j in 0..b.stms.len() {
            if !is_soac(&b.stms[j].exp) {
                continue;
            }
            // What the consumer uses and the equalities known before it,
            // for every producer it is tried with.
            let c_uses = uses_of(&b.stms[j].exp);
            let mut eqs = None;
            for i in (0..j).rev() {
                if !is_soac(&b.stms[i].exp) {
                    continue;
                }
                let key = b.stms[i].pat.vals.first().copied();
                let vertical = b.stms[i]
                    .pat
                    .vals
                    .iter()
                    .chain(&b.stms[i].pat.ctx)
                    .any(|v| c_uses.contains(v));
                if !(vertical || horizontal && shares_input(&b.stms[i].exp, &b.stms[j].exp)) {
                    continue;
                }
                let eqs = eqs.get_or_insert_with(|| asserted(b, j, known, &cx.conds));
                match try_fuse(cx.vars, b, (i, j), horizontal, cx.in_soac, eqs, &c_uses) {
                    Attempt::Unrelated => {}
                    Attempt::Refused(reason) => {
                        if let Some(key) = key {
                            refused.entry(key).or_insert(Decision {
                                loc: b.stms[i].loc.clone(),
                                other: b.stms[j].loc.clone(),
                                verdict: Verdict::NotFused(reason),
                            });
                        }
                    }
                    Attempt::Fused(stm, rule, place) => {
                        if let Some(key) = key {
                            refused.remove(&key);
                        }
                        cx.out.decisions.push(Decision {
                            loc: b.stms[i].loc.clone(),
                            other: b.stms[j].loc.clone(),
                            verdict: Verdict::Fused(rule),
                        });
                        let (keep, gone) = match place {
                            Place::Consumer => (j, i),
                            Place::Producer => (i, j),
                        };
                        let before: HashSet<VarId> = b.stms[i]
                            .pat
                            .vals
                            .iter()
                            .chain(&b.stms[j].pat.vals)
                            .copied()
                            .collect();
                        let first = stm.pat.vals.first().copied();
                        let gone_vals: HashSet<VarId> = before
                            .into_iter()
                            .filter(|v| !stm.pat.vals.contains(v))
                            .collect();
                        let p_out: HashSet<VarId> = b.stms[i]
                            .pat
                            .vals
                            .iter()
                            .chain(&b.stms[i].pat.ctx)
                            .copied()
                            .collect();
                        b.stms[keep] = stm;
                        members[keep] += members[gone];
                        b.stms.remove(gone);
                        members.remove(gone);
                        if place == Place::Consumer {
                            after_fused(b, &mut members, i, j - 1, &p_out);
                        }
                        // Copies of results no longer returned were dead.
                        let mut k = 0;
                        while k < b.stms.len() {
                            match &b.stms[k].exp {
                                Exp::SubExp(SubExp::Var(x)) if gone_vals.contains(x) => {
                                    b.stms.remove(k);
                                    members.remove(k);
                                }
                                _ => k += 1,
                            }
                        }
                        // (Copies of results still returned moved after
                        // the fused statement: `after_fused`.) The two
                        // functions' bodies now sit side by side: their
                        // SOACs may fuse in turn.
                        let at = b
                            .stms
                            .iter()
                            .position(|s| s.pat.vals.first().copied() == first)
                            .unwrap_or(0);
                        let eqs = asserted(b, at, known, &cx.conds);
                        nested(&mut b.stms[at].exp, &eqs, cx);
                        horizontal = false;
                        continue 'again;
                    }
                }
            }
        }
        if horizontal {
            break;
        }
        horizontal = true;
    }
    // Producers whose results are read inside a loop or branch after them.
    for (i, s) in b.stms.iter().enumerate() {
        if !is_soac(&s.exp) {
            continue;
        }
        let Some(key) = s.pat.vals.first().copied() else {
            continue;
        };
        if refused.contains_key(&key) {
            continue;
        }
        let outs: HashSet<VarId> = s.pat.vals.iter().copied().collect();
        for later in &b.stms[i + 1..] {
            let reason = match &later.exp {
                Exp::Loop { .. } => Reason::ThroughLoop,
                Exp::If { .. } => Reason::InBranch,
                _ => continue,
            };
            if uses_of(&later.exp).iter().any(|v| outs.contains(v)) {
                refused.insert(
                    key,
                    Decision {
                        loc: s.loc.clone(),
                        other: later.loc.clone(),
                        verdict: Verdict::NotFused(reason),
                    },
                );
                break;
            }
        }
    }
    let mut refused: Vec<Decision> = refused.into_values().collect();
    refused.sort_by(|a, b| a.loc.cmp(&b.loc));
    cx.out.decisions.extend(refused);
    for (s, n) in b.stms.iter().zip(members) {
        if n > 1 {
            cx.out.chains.push(Chain {
                loc: s.loc.clone(),
                members: n,
            });
        }
    }
}

/// After a fusion at the consumer's place (the fused statement now at
/// `at`, the producer was at `from`): the statements left in between that
/// read the producer's results (the dead copies [`try_fuse`] let through,
/// such as the bridge copy of an earlier fusion) move to just after the
/// fused statement. A result the fused SOAC still returns is bound there
/// now, so a copy left above it would read it before it is bound.
fn after_fused(
    b: &mut Body,
    members: &mut Vec<usize>,
    from: usize,
    at: usize,
    p_out: &HashSet<VarId>,
) {
    let mut moved = Vec::new();
    let mut k = from;
    let mut at = at;
    while k < at {
        if uses_of(&b.stms[k].exp).iter().any(|v| p_out.contains(v)) {
            moved.push((b.stms.remove(k), members.remove(k)));
            at -= 1;
        } else {
            k += 1;
        }
    }
    for (n, (s, m)) in moved.into_iter().enumerate() {
        b.stms.insert(at + 1 + n, s);
        members.insert(at + 1 + n, m);
    }
}

enum Attempt {
    /// The two have nothing to do with each other.
    Unrelated,
    Refused(Reason),
    /// The fused statement and where it goes.
    Fused(Stm, Rule, Place),
}

/// A copy of one of `arrays` whose variable no expression of the body uses
/// (left by an earlier fusion): not a consumer. (An array is never a size,
/// so no type mentions it either.)
fn dead_copy(b: &Body, s: &Stm, arrays: &HashSet<VarId>) -> bool {
    let (Exp::SubExp(SubExp::Var(x)), [v]) = (&s.exp, &s.pat.vals[..]) else {
        return false;
    };
    if !arrays.contains(x) {
        return false;
    }
    !b.result.iter().any(|r| r.var() == Some(*v))
        && !b.stms.iter().any(|t| uses_of(&t.exp).contains(v))
}

/// Every variable an expression uses except its SOAC's input arrays.
fn non_input_uses(e: &Exp) -> HashSet<VarId> {
    let mut e = e.clone();
    match &mut e {
        Exp::Screma(s) => s.arrs.clear(),
        Exp::Hist(h) => h.arrs.clear(),
        Exp::Scatter(s) => s.arrs.clear(),
        Exp::Stream(s) => s.arrs.clear(),
        _ => {}
    }
    uses_of(&e)
}

/// Whether two SOACs read an input array in common.
fn shares_input(p: &Exp, c: &Exp) -> bool {
    let (_, p_arrs) = soac_shape(p);
    let (_, c_arrs) = soac_shape(c);
    p_arrs.iter().any(|a| c_arrs.contains(a))
}

fn soac_shape(e: &Exp) -> (SubExp, &[VarId]) {
    match e {
        Exp::Screma(s) => (s.w, &s.arrs),
        Exp::Hist(h) => (h.w, &h.arrs),
        Exp::Scatter(s) => (s.w, &s.arrs),
        Exp::Stream(s) => (s.w, &s.arrs),
        _ => unreachable!("only SOACs are fused"),
    }
}

/// Whether statement `i` (producer) and `j` (consumer) of `b` fuse, and
/// into what; two independent SOACs only when `horizontal`.
fn try_fuse(
    vars: &mut Arena<Var>,
    b: &Body,
    (i, j): (usize, usize),
    horizontal: bool,
    in_soac: bool,
    eqs: &Equal,
    c_uses: &HashSet<VarId>,
) -> Attempt {
    let (p, c) = (&b.stms[i], &b.stms[j]);
    let p_out: HashSet<VarId> = p.pat.vals.iter().chain(&p.pat.ctx).copied().collect();
    let vertical = c_uses.iter().any(|v| p_out.contains(v));
    let (pw, p_arrs) = soac_shape(&p.exp);
    let (cw, c_arrs) = soac_shape(&c.exp);
    let refuse = |r| {
        if vertical {
            Attempt::Refused(r)
        } else {
            Attempt::Unrelated
        }
    };
    if !vertical && (!horizontal || !p_arrs.iter().any(|a| c_arrs.contains(a))) {
        return Attempt::Unrelated;
    }
    if !p.pat.ctx.is_empty() || !c.pat.ctx.is_empty() {
        return refuse(Reason::ExistentialSize);
    }
    if !same_width(pw, cw, eqs) {
        return refuse(Reason::DifferentWidth);
    }
    let between = &b.stms[i + 1..j];
    let p_arrays: HashSet<VarId> = match &p.exp {
        Exp::Screma(ps) => {
            let (scans, reds) = rules::screma_counts(ps);
            p.pat.vals[..scans]
                .iter()
                .chain(&p.pat.vals[scans + reds..])
                .copied()
                .collect()
        }
        _ => p.pat.vals.iter().copied().collect(),
    };
    if between
        .iter()
        .filter(|s| !dead_copy(b, s, &p_arrays))
        .any(|s| uses_of(&s.exp).iter().any(|v| p_out.contains(v)))
    {
        if !vertical && horizontal && movable_up(b, i, j, c_uses) {
            return fuse_horizontally(vars, b, i, j, Place::Producer);
        }
        return refuse(Reason::SeveralConsumers);
    }
    let p_uses = uses_of(&p.exp);
    if between
        .iter()
        .any(|s| consumes_of(&s.exp).iter().any(|v| p_uses.contains(v)))
    {
        return refuse(Reason::InPlaceUpdateBetween);
    }
    if consumes_of(&c.exp).iter().any(|v| p_uses.contains(v))
        || consumes_of(&p.exp).iter().any(|v| c_uses.contains(v))
    {
        return refuse(Reason::ConsumesInput);
    }
    if vertical {
        let mut after: HashSet<VarId> = HashSet::default();
        for s in &b.stms[j + 1..] {
            vars::exp_uses(&s.exp, &mut after);
        }
        after.extend(b.result.iter().filter_map(|r| r.var()));
        if non_input_uses(&c.exp).iter().any(|v| p_out.contains(v)) {
            return Attempt::Refused(Reason::WholeArray);
        }
        let Exp::Screma(ps) = &p.exp else {
            return Attempt::Refused(Reason::NotAMap);
        };
        let (scans, reds) = rules::screma_counts(ps);
        let keep: HashSet<VarId> = p.pat.vals[scans + reds..]
            .iter()
            .copied()
            .filter(|v| after.contains(v))
            .collect();
        let reads_scan = c_arrs.iter().any(|a| p.pat.vals[..scans].contains(a));
        if c_arrs
            .iter()
            .any(|a| p.pat.vals[scans..scans + reds].contains(a))
        {
            return Attempt::Refused(Reason::ScanOrReduceResult);
        }
        if let Exp::Screma(cs) = &c.exp {
            let c_map = cs.scans.is_empty() && cs.reds.is_empty() && cs.post.is_none();
            if c_map && (reads_scan || ps.post.is_some()) {
                let (pat, fused) = post::map_into_post(vars, &p.pat, ps, &c.pat, cs, &keep);
                return Attempt::Fused(
                    stm(pat, Exp::Screma(Box::new(fused)), c),
                    Rule::IntoPost,
                    Place::Consumer,
                );
            }
        }
        let after_scan = reads_scan || ps.post.is_some();
        if let (true, Exp::Screma(cs)) = (after_scan && in_soac, &c.exp) {
            if !p.pat.vals.iter().any(|v| after.contains(v)) && stream::applies(ps, &c.pat.vals, cs)
            {
                let (pat, s) = stream::scan_into_reduce(vars, &p.pat.vals, ps, &c.pat.vals, cs);
                return Attempt::Fused(
                    stm(pat, Exp::Stream(Box::new(s)), c),
                    Rule::ScanIntoReduce,
                    Place::Consumer,
                );
            }
        }
        if reads_scan {
            return Attempt::Refused(Reason::ScanOrReduceResult);
        }
        if ps.post.is_some() {
            return Attempt::Refused(Reason::AfterScan);
        }
        let map_only = scans + reds == 0;
        return match &c.exp {
            Exp::Screma(cs) => {
                let (pat, fused) = rules::screma_screma(vars, &p.pat, ps, &c.pat, cs, &keep);
                let rule = if map_only && cs.scans.is_empty() && cs.reds.is_empty() {
                    Rule::MapIntoMap
                } else {
                    Rule::IntoScrema
                };
                Attempt::Fused(
                    stm(pat, Exp::Screma(Box::new(fused)), c),
                    rule,
                    Place::Consumer,
                )
            }
            Exp::Hist(h) if map_only && keep.is_empty() => {
                let (arrs, bucket) = rules::map_into_lambda(&p.pat, ps, &h.arrs, &h.bucket);
                let fused = Hist {
                    w: h.w,
                    arrs,
                    ops: h.ops.clone(),
                    bucket,
                };
                Attempt::Fused(
                    stm(c.pat.clone(), Exp::Hist(Box::new(fused)), c),
                    Rule::IntoHist,
                    Place::Consumer,
                )
            }
            // Results kept for a later SOAC: better fused with that one.
            Exp::Scatter(_)
                if map_only
                    && b.stms[j + 1..].iter().any(|t| {
                        is_soac(&t.exp) && uses_of(&t.exp).iter().any(|v| keep.contains(v))
                    }) =>
            {
                Attempt::Refused(Reason::SeveralConsumers)
            }
            Exp::Scatter(s) if map_only => {
                // The producer's results still used elsewhere become
                // mapped results of the scatter.
                let (arrs, mut lambda) = rules::map_into_lambda(&p.pat, ps, &s.arrs, &s.lambda);
                let mut pat = c.pat.clone();
                for (k, v) in p.pat.vals.iter().enumerate() {
                    if keep.contains(v) {
                        pat.vals.push(*v);
                        lambda.body.result.push(ps.map.body.result[k]);
                        lambda.ret.push(ps.map.ret[k].clone());
                    }
                }
                let fused = Scatter {
                    w: s.w,
                    arrs,
                    dests: s.dests.clone(),
                    lambda,
                    rounds: s.rounds,
                };
                Attempt::Fused(
                    stm(pat, Exp::Scatter(Box::new(fused)), c),
                    Rule::IntoScatter,
                    Place::Consumer,
                )
            }
            Exp::Hist(_) if map_only => Attempt::Refused(Reason::UsedElsewhere),
            Exp::Hist(_) | Exp::Scatter(_) => Attempt::Refused(Reason::ProducerScans),
            _ => Attempt::Refused(Reason::NotAMap),
        };
    }
    fuse_horizontally(vars, b, i, j, Place::Consumer)
}

/// Whether the consumer at `j` (using `c_uses`) may move up to the
/// producer's place `i`: everything it uses is bound before `i`, and no
/// statement in between consumes what it uses or uses what it consumes.
fn movable_up(b: &Body, i: usize, j: usize, c_uses: &HashSet<VarId>) -> bool {
    let c_consumes = consumes_of(&b.stms[j].exp);
    b.stms[i + 1..j].iter().all(|s| {
        !s.pat
            .vals
            .iter()
            .chain(&s.pat.ctx)
            .any(|v| c_uses.contains(v))
            && !consumes_of(&s.exp).iter().any(|v| c_uses.contains(v))
            && !uses_of(&s.exp).iter().any(|v| c_consumes.contains(v))
    })
}

/// Where a fused statement goes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Producer,
    Consumer,
}

/// Two independent SOACs with a common input as one, at `place`.
fn fuse_horizontally(vars: &mut Arena<Var>, b: &Body, i: usize, j: usize, place: Place) -> Attempt {
    let (p, c) = (&b.stms[i], &b.stms[j]);
    if consumes_of(&c.exp)
        .iter()
        .any(|v| uses_of(&p.exp).contains(v))
        || consumes_of(&p.exp)
            .iter()
            .any(|v| uses_of(&c.exp).contains(v))
    {
        return Attempt::Unrelated;
    }
    let mut after: HashSet<VarId> = HashSet::default();
    let from = if place == Place::Producer {
        i + 1
    } else {
        j + 1
    };
    for s in &b.stms[from..] {
        vars::exp_uses(&s.exp, &mut after);
    }
    after.extend(b.result.iter().filter_map(|r| r.var()));
    let fused = match (&p.exp, &c.exp) {
        (Exp::Screma(ps), Exp::Screma(cs)) => {
            let (scans, reds) = rules::screma_counts(ps);
            let keep: HashSet<VarId> = p.pat.vals[scans + reds..]
                .iter()
                .copied()
                .filter(|v| after.contains(v))
                .collect();
            let (pat, fused) = rules::screma_screma(vars, &p.pat, ps, &c.pat, cs, &keep);
            stm(pat, Exp::Screma(Box::new(fused)), c)
        }
        (Exp::Scatter(ps), Exp::Scatter(cs))
            if ps.lambda.ret.len() == ps.writes()
                && cs.lambda.ret.len() == cs.writes()
                && ps.rounds == 1
                && cs.rounds == 1 =>
        {
            let (pat, fused) = rules::scatter_scatter(&p.pat, ps, &c.pat, cs);
            stm(pat, Exp::Scatter(Box::new(fused)), c)
        }
        (Exp::Hist(ph), Exp::Hist(ch)) => {
            let (pat, fused) = rules::hist_hist(&p.pat, ph, &c.pat, ch);
            stm(pat, Exp::Hist(Box::new(fused)), c)
        }
        _ => return Attempt::Unrelated,
    };
    Attempt::Fused(fused, Rule::Horizontal, place)
}

fn stm(pat: Pat, exp: Exp, consumer: &Stm) -> Stm {
    Stm {
        pat,
        exp,
        loc: consumer.loc.clone(),
    }
}

#[cfg(test)]
mod tests;
