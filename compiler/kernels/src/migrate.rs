//! Migration of host scalar code to the device, as Futhark's reduction
//! of device-host synchronisation does it: every single-element read of
//! a device array (and every scalar a single-thread kernel computes) is a
//! transfer; scalar code that only combines such values can run in a
//! single-thread kernel ([`KernelKind::Seq`], Futhark's `GPUBody`)
//! instead, so that only what the host needs is read back.
//!
//! One graph per function, its branches and loops included: the scalars
//! bound by reads, scalar operations, asserts and single-thread launches
//! with scalar results are its vertices, and so are the scalar results
//! of branches and loops and the scalar parameters of loops (each fed by
//! what a branch gives or a loop starts with and carries on). A read or
//! launch is fed by the source, a use by anything else the host does (a
//! branch's condition, a loop's bound, an allocation, the function's
//! result) drains to the sink; kernels, writes and results of branches
//! and loops can take a value on the device. A minimum vertex cut (a
//! scalar read in a loop costs more, ten times per level) lying closest
//! to the source names what is read; what the source still reaches after
//! it stays on the device. A branch or `for` loop of scalar code is one
//! more vertex, fed by its condition or bound: it migrates whole when
//! that is on the device. Otherwise a branch stays on the host with the
//! reads in it delayed out (its scalar results one-element device arrays,
//! Futhark's form), and a loop with a single-thread kernel per iteration,
//! its parameters carried on the device. Single-thread kernels of such
//! branches and loops are made host code first ([`unfold`]); the rewrite
//! is [`rebuild`].

use std::collections::{BTreeSet, HashMap, VecDeque};

use runic_core::ir::{Body, Exp, LoopForm, Stm, SubExp, VarId};

use crate::feed;
use crate::free::Free;
use crate::ir::*;

mod compact;
mod merge;
mod rebuild;
mod reduced;
mod replicate;
mod sink;
mod unfold;

/// Migrates the host code of every function of a kernel program.
pub fn program(kp: &mut KernelProgram) {
    let mut funs = std::mem::take(&mut kp.funs);
    for f in &mut funs {
        unfold::body(kp, &mut f.body);
        sink::body(kp, &mut f.body);
        let mut boxes_made = BTreeSet::new();
        reduced::boxed(kp, &mut f.body, &mut boxes_made);
        let mut g = Graph::new(kp);
        let ids = g.body(&f.body, 0, true);
        if !g.sources {
            reduced::unboxed(kp, &mut f.body, &boxes_made);
            continue;
        }
        let plan = g.solve();
        let mut r = rebuild::Rebuild::new(kp, &plan, &f.params);
        r.body(&mut f.body, &ids);
        let first = std::mem::take(&mut r.first);
        let boxes = r.boxes();
        f.body.stms.splice(0..0, first);
        replicate::body(kp, &mut f.body);
        merge::body(kp, &mut f.body, &boxes);
        reduced::unboxed(kp, &mut f.body, &boxes_made);
    }
    kp.funs = funs;
    compact::program(kp);
}
/// What a host statement is to the analysis.
enum Role {
    /// Runs on the device when migrated; `source` when it transfers.
    Movable { source: bool },
    /// Stays on the host: what it uses is needed there.
    Host,
}

fn role(kp: &KernelProgram, s: &HostStm) -> Role {
    let scalar = |v: &VarId| kp.core.ty(*v).rank() == 0;
    match s {
        HostStm::Read { dest, .. } if scalar(dest) => Role::Movable { source: true },
        HostStm::Scalar(stm)
            if matches!(stm.exp, Exp::Scalar(..) | Exp::SubExp(_) | Exp::Assert(..))
                && stm.pat.ctx.iter().chain(&stm.pat.vals).all(scalar) =>
        {
            Role::Movable { source: false }
        }
        // A call of a function that works with scalars only.
        HostStm::Scalar(Stm {
            exp: Exp::Apply(name, _),
            pat,
            ..
        }) if pat.ctx.is_empty() && scalar_fun(&kp.core, name, 0) => {
            Role::Movable { source: false }
        }
        HostStm::Launch { kernel, pat } => match &kp.kernels[*kernel].kind {
            KernelKind::Seq { body }
                if pat.ctx.is_empty()
                    && pat.vals.iter().all(scalar)
                    && !crate::metrics::host_op(body) =>
            {
                Role::Movable { source: true }
            }
            _ => Role::Host,
        },
        _ => Role::Host,
    }
}

/// Whether a function (one kept by `#[noinline]`) takes, makes and
/// gives scalars only, so that a device can run its calls.
fn scalar_fun(p: &runic_core::Program, name: &str, depth: usize) -> bool {
    let Some(f) = p.funs.iter().find(|f| &*f.name == name) else {
        return false;
    };
    let scalar = |v: &VarId| p.ty(*v).rank() == 0;
    f.noinline
        && depth < 32
        && f.params.iter().all(scalar)
        && f.ret.iter().all(|t| t.rank() == 0)
        && scalar_body(p, &f.body, depth)
}

fn scalar_body(p: &runic_core::Program, b: &Body, depth: usize) -> bool {
    b.stms.iter().all(|s| {
        s.pat
            .ctx
            .iter()
            .chain(&s.pat.vals)
            .all(|v| p.ty(*v).rank() == 0)
            && match &s.exp {
                Exp::Scalar(..) | Exp::SubExp(_) | Exp::Assert(..) => true,
                Exp::Apply(name, _) => scalar_fun(p, name, depth + 1),
                Exp::If {
                    then_body,
                    else_body,
                    ..
                } => scalar_body(p, then_body, depth) && scalar_body(p, else_body, depth),
                Exp::Loop { params, body, .. } => {
                    params.iter().all(|(v, _)| p.ty(*v).rank() == 0) && scalar_body(p, body, depth)
                }
                _ => false,
            }
    })
}

/// The variables a host statement binds.
fn defs(s: &HostStm) -> Vec<VarId> {
    match s {
        HostStm::Read { dest, .. } => vec![*dest],
        HostStm::Scalar(stm) => stm.pat.ctx.iter().chain(&stm.pat.vals).copied().collect(),
        HostStm::Launch { pat, .. } => pat.vals.clone(),
        HostStm::If { pat, .. } | HostStm::Loop { pat, .. } | HostStm::Eval { pat, .. } => {
            pat.ctx.iter().chain(&pat.vals).copied().collect()
        }
        HostStm::Write { dest, .. } | HostStm::Alloc(dest) => vec![*dest],
    }
}

/// Every variable a host statement mentions (an over-approximation of
/// what it uses is harmless: it only keeps values on the host).
pub(crate) fn uses(kp: &KernelProgram, s: &HostStm, out: &mut BTreeSet<VarId>) {
    let sub = |x: &SubExp, out: &mut BTreeSet<VarId>| {
        if let SubExp::Var(v) = x {
            out.insert(*v);
        }
    };
    match s {
        HostStm::Scalar(stm) => {
            let mut f = Free::default();
            f.stm(&kp.core, stm);
            out.extend(f.used);
        }
        HostStm::Alloc(v) => {
            for d in &kp.core.ty(*v).dims {
                sub(d, out);
            }
        }
        HostStm::Read { arr, idx, .. } => {
            out.insert(*arr);
            idx.iter().for_each(|i| sub(i, out));
        }
        HostStm::Write {
            arr, idx, value, ..
        } => {
            out.insert(*arr);
            idx.iter().for_each(|i| sub(i, out));
            sub(value, out);
        }
        HostStm::Launch { kernel, .. } => out.extend(kp.kernels[*kernel].inputs.iter().copied()),
        HostStm::Eval { inputs, .. } => out.extend(inputs.iter().copied()),
        HostStm::If {
            cond,
            then_body,
            else_body,
            ..
        } => {
            sub(cond, out);
            body_uses(kp, then_body, out);
            body_uses(kp, else_body, out);
        }
        HostStm::Loop {
            params, form, body, ..
        } => {
            params.iter().for_each(|(_, x)| sub(x, out));
            match form {
                runic_core::ir::LoopForm::For { bound, .. } => sub(bound, out),
                runic_core::ir::LoopForm::While(c) => {
                    out.insert(*c);
                }
            }
            body_uses(kp, body, out);
        }
    }
}

fn body_uses(kp: &KernelProgram, b: &HostBody, out: &mut BTreeSet<VarId>) {
    for s in &b.stms {
        uses(kp, s, out);
    }
    for r in &b.result {
        if let SubExp::Var(v) = r {
            out.insert(*v);
        }
    }
}

/// The variables a host statement uses itself: those of a branch's
/// condition or a loop's start and bound, not of the bodies inside.
fn flat_uses(kp: &KernelProgram, s: &HostStm, out: &mut BTreeSet<VarId>) {
    match s {
        HostStm::If { cond, .. } => out.extend(cond.var()),
        HostStm::Loop { params, form, .. } => {
            out.extend(params.iter().filter_map(|(_, x)| x.var()));
            if let LoopForm::For { bound, .. } = form {
                out.extend(bound.var());
            }
        }
        _ => uses(kp, s, out),
    }
}

/// Whether a branch or loop of scalar results does nothing a single
/// thread could not (so it may migrate whole).
fn whole(kp: &KernelProgram, s: &HostStm) -> bool {
    let scalar = |v: &VarId| kp.core.ty(*v).rank() == 0;
    let movable = |b: &HostBody, writes: bool| {
        b.stms.iter().all(|s| {
            matches!(role(kp, s), Role::Movable { .. })
                || whole(kp, s)
                || (writes && matches!(s, HostStm::Write { .. }))
        })
    };
    match s {
        // A branch may give arrays it writes elements of in place (a
        // single thread did so before migration).
        HostStm::If {
            pat,
            then_body,
            else_body,
            ..
        } => {
            let writes = !pat.vals.iter().all(scalar);
            pat.ctx.is_empty() && movable(then_body, writes) && movable(else_body, writes)
        }
        HostStm::Loop {
            pat,
            ctx,
            params,
            body,
            ..
        } => {
            ctx.is_empty()
                && pat.ctx.is_empty()
                && pat.vals.iter().all(scalar)
                && params.iter().all(|(v, _)| scalar(v))
                && movable(body, false)
        }
        _ => false,
    }
}

/// A flow network of bounded and unbounded capacities.
struct Net {
    /// Per node: (target, capacity, reverse edge's index in the target).
    adj: Vec<Vec<(usize, u32, usize)>>,
}

const INF: u32 = u32::MAX / 4;

impl Net {
    fn node(&mut self) -> usize {
        self.adj.push(Vec::new());
        self.adj.len() - 1
    }

    fn edge(&mut self, a: usize, b: usize, cap: u32) {
        let (ra, rb) = (self.adj[b].len(), self.adj[a].len());
        self.adj[a].push((b, cap, ra));
        self.adj[b].push((a, 0, rb));
    }

    /// Saturates the network from `s` to `t` (augmenting paths found
    /// breadth-first), then gives what `s` still reaches.
    fn cut(&mut self, s: usize, t: usize) -> Vec<bool> {
        loop {
            let mut prev: Vec<Option<(usize, usize)>> = vec![None; self.adj.len()];
            let mut seen = vec![false; self.adj.len()];
            seen[s] = true;
            let mut queue = VecDeque::from([s]);
            while let Some(a) = queue.pop_front() {
                for (i, &(b, cap, _)) in self.adj[a].iter().enumerate() {
                    if cap > 0 && !seen[b] {
                        seen[b] = true;
                        prev[b] = Some((a, i));
                        queue.push_back(b);
                    }
                }
            }
            if !seen[t] {
                return seen;
            }
            let mut push = INF;
            let mut b = t;
            while let Some((a, i)) = prev[b] {
                push = push.min(self.adj[a][i].1);
                b = a;
            }
            if push >= INF {
                // Nothing bounds the flow: every node the source reaches
                // reaches the sink (cannot happen: uses have vertices).
                return seen;
            }
            let mut b = t;
            while let Some((a, i)) = prev[b] {
                let (_, _, r) = self.adj[a][i];
                self.adj[a][i].1 -= push;
                self.adj[b][r].1 += push;
                b = a;
            }
        }
    }
}

/// The statement ids of a body, in its shape: each statement's, the
/// ids of the bodies inside it, and one for the body's result.
pub(super) struct Ids {
    stms: Vec<usize>,
    inner: Vec<Vec<Ids>>,
    result: usize,
}

impl Ids {
    /// Every id in it, nested ones too.
    fn all(&self, out: &mut BTreeSet<usize>) {
        out.extend(&self.stms);
        out.insert(self.result);
        for i in self.inner.iter().flatten() {
            i.all(out);
        }
    }
}

/// Where a scalar lives once migrated.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    /// On the host only (no vertex, or nothing on the device makes it).
    Host,
    /// Made on the device and read back.
    Cut,
    /// On the device only.
    Device,
}

/// What the cut decided.
pub(super) struct Plan {
    reached: Vec<bool>,
    vertex: HashMap<VarId, (usize, usize)>,
    /// Per statement id, its node (movable statements, whole branches).
    node: Vec<Option<usize>>,
    /// Per variable, the ids of the statements (and results) using it.
    users: HashMap<VarId, BTreeSet<usize>>,
    /// The ids of the results of branches' and loops' bodies.
    results: BTreeSet<usize>,
}

impl Plan {
    fn state(&self, v: VarId) -> State {
        match self.vertex.get(&v) {
            Some(&(_, o)) if self.reached[o] => State::Device,
            Some(&(i, _)) if self.reached[i] => State::Cut,
            _ => State::Host,
        }
    }

    fn moved(&self, id: usize) -> bool {
        self.node[id].is_some_and(|n| self.reached[n])
    }
}

/// The graph of one function.
struct Graph<'a> {
    kp: &'a KernelProgram,
    net: Net,
    src: usize,
    sink: usize,
    vertex: HashMap<VarId, (usize, usize)>,
    node: Vec<Option<usize>>,
    users: HashMap<VarId, BTreeSet<usize>>,
    needed: BTreeSet<VarId>,
    results: BTreeSet<usize>,
    /// Whether anything reads from the device.
    sources: bool,
}

/// The cost of reading a scalar bound `depth` loops deep.
fn weight(depth: u32) -> u32 {
    10u32.saturating_pow(depth).min(10_000)
}

impl<'a> Graph<'a> {
    fn new(kp: &'a KernelProgram) -> Self {
        let mut net = Net { adj: Vec::new() };
        let (src, sink) = (net.node(), net.node());
        Graph {
            kp,
            net,
            src,
            sink,
            vertex: HashMap::new(),
            node: Vec::new(),
            users: HashMap::new(),
            needed: BTreeSet::new(),
            results: BTreeSet::new(),
            sources: false,
        }
    }

    fn id(&mut self) -> usize {
        self.node.push(None);
        self.node.len() - 1
    }

    fn vertex(&mut self, v: VarId, depth: u32) {
        let (i, o) = (self.net.node(), self.net.node());
        self.net.edge(i, o, weight(depth));
        self.vertex.insert(v, (i, o));
    }

    /// `to` may take its value from `from` on the device.
    fn feed(&mut self, from: SubExp, to: VarId) {
        if let (Some(&(_, o)), Some(&(i, _))) = (
            from.var().and_then(|f| self.vertex.get(&f)),
            self.vertex.get(&to),
        ) {
            self.net.edge(o, i, INF);
        }
    }

    fn need(&mut self, x: SubExp) {
        self.needed.extend(x.var());
    }

    /// The graph of a body's statements; gives their ids.
    fn body(&mut self, b: &HostBody, depth: u32, top: bool) -> Ids {
        let mut ids = Ids {
            stms: Vec::new(),
            inner: Vec::new(),
            result: 0,
        };
        for s in &b.stms {
            let id = self.id();
            let mut flat = BTreeSet::new();
            flat_uses(self.kp, s, &mut flat);
            for u in &flat {
                self.users.entry(*u).or_default().insert(id);
            }
            let inner = match s {
                HostStm::If { .. } => self.branch(s, id, depth),
                HostStm::Loop { .. } => self.lp(s, id, depth),
                _ => {
                    self.stm(s, id, &flat, depth);
                    Vec::new()
                }
            };
            ids.stms.push(id);
            ids.inner.push(inner);
        }
        ids.result = self.id();
        if !top {
            self.results.insert(ids.result);
        }
        for r in &b.result {
            if let SubExp::Var(v) = r {
                self.users.entry(*v).or_default().insert(ids.result);
                if top {
                    self.needed.insert(*v);
                }
            }
        }
        ids
    }

    fn stm(&mut self, s: &HostStm, id: usize, used: &BTreeSet<VarId>, depth: u32) {
        match role(self.kp, s) {
            Role::Movable { source } => {
                let n = self.net.node();
                if source {
                    self.sources = true;
                    self.net.edge(self.src, n, INF);
                }
                for u in used {
                    if let Some(&(_, o)) = self.vertex.get(u) {
                        self.net.edge(o, n, INF);
                    }
                }
                for d in defs(s) {
                    self.vertex(d, depth);
                    let (i, _) = self.vertex[&d];
                    self.net.edge(n, i, INF);
                }
                self.node[id] = Some(n);
            }
            Role::Host => {
                // Values kernels and writes can take on the device.
                let values = match s {
                    HostStm::Launch { kernel, .. } => feed::value_inputs(self.kp, *kernel),
                    HostStm::Write {
                        value: SubExp::Var(v),
                        ..
                    } => BTreeSet::from([*v]),
                    _ => BTreeSet::new(),
                };
                self.needed
                    .extend(used.iter().filter(|u| !values.contains(u)));
            }
        }
    }

    /// A whole-migration vertex for a branch or loop, fed by `by`.
    fn whole_node(&mut self, id: usize, by: &[SubExp], inner: &[Ids], pat: &[VarId]) {
        let n = self.net.node();
        for x in by {
            if let Some(&(_, o)) = x.var().and_then(|v| self.vertex.get(&v)) {
                self.net.edge(o, n, INF);
            }
        }
        let mut all = BTreeSet::new();
        for i in inner {
            i.all(&mut all);
        }
        for m in all.into_iter().filter_map(|i| self.node[i]) {
            self.net.edge(n, m, INF);
        }
        for v in pat {
            if let Some(&(i, _)) = self.vertex.get(v) {
                self.net.edge(n, i, INF);
            }
        }
        self.node[id] = Some(n);
    }

    fn branch(&mut self, s: &HostStm, id: usize, depth: u32) -> Vec<Ids> {
        let HostStm::If {
            pat,
            cond,
            then_body,
            else_body,
        } = s
        else {
            unreachable!()
        };
        let t = self.body(then_body, depth, false);
        let e = self.body(else_body, depth, false);
        for (k, v) in pat.vals.iter().enumerate() {
            if self.kp.core.ty(*v).rank() == 0 {
                self.vertex(*v, depth);
                self.feed(then_body.result[k], *v);
                self.feed(else_body.result[k], *v);
            }
        }
        let inner = vec![t, e];
        if whole(self.kp, s) {
            self.whole_node(id, &[*cond], &inner, &pat.vals);
        } else {
            self.need(*cond);
        }
        inner
    }

    fn lp(&mut self, s: &HostStm, id: usize, depth: u32) -> Vec<Ids> {
        let HostStm::Loop {
            pat,
            params,
            form,
            body,
            ..
        } = s
        else {
            unreachable!()
        };
        let cond = match form {
            LoopForm::While(c) => Some(*c),
            LoopForm::For { .. } => None,
        };
        let whole = whole(self.kp, s);
        // A `while` loop's condition: needed on the host, unless the loop
        // migrates whole when it is on the device.
        let cond_at = cond.and_then(|c| params.iter().position(|(p, _)| *p == c));
        let mut by = Vec::new();
        let carried: Vec<bool> = params
            .iter()
            .map(|(p, _)| {
                pat.vals.len() == params.len()
                    && self.kp.core.ty(*p).rank() == 0
                    && Some(*p) != cond
            })
            .collect();
        for (k, (p, init)) in params.iter().enumerate() {
            if carried[k] {
                self.vertex(*p, depth + 1);
                self.vertex(pat.vals[k], depth);
                self.feed(*init, *p);
                self.feed(*init, pat.vals[k]);
            } else if whole && cond_at == Some(k) {
                by.push(*init);
            } else {
                self.need(*init);
            }
        }
        let b = self.body(body, depth + 1, false);
        for (k, r) in body.result.iter().enumerate() {
            if carried.get(k) == Some(&true) {
                self.feed(*r, params[k].0);
                self.feed(*r, pat.vals[k]);
            } else if whole && cond_at == Some(k) {
                by.push(*r);
            } else {
                self.need(*r);
            }
        }
        let inner = vec![b];
        match form {
            LoopForm::For { bound, .. } if whole => {
                self.whole_node(id, &[*bound], &inner, &pat.vals)
            }
            LoopForm::For { bound, .. } => self.need(*bound),
            LoopForm::While(_) if whole => self.whole_node(id, &by, &inner, &pat.vals),
            LoopForm::While(_) => {}
        }
        inner
    }

    fn solve(mut self) -> Plan {
        for v in std::mem::take(&mut self.needed) {
            if let Some(&(_, o)) = self.vertex.get(&v) {
                self.net.edge(o, self.sink, INF);
            }
        }
        let reached = self.net.cut(self.src, self.sink);
        Plan {
            reached,
            vertex: self.vertex,
            node: self.node,
            users: self.users,
            results: self.results,
        }
    }
}
