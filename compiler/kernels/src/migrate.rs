//! Migration of host scalar code to the device, as Futhark's reduction
//! of device-host synchronisation does it: every single-element read of
//! a device array (and every scalar a single-thread kernel computes) is a
//! transfer; scalar code that only combines such values can run in a
//! single-thread kernel ([`KernelKind::Seq`], Futhark's `GPUBody`)
//! instead, so that only what the host needs is read back.
//!
//! Per host body, in straight-line order: the scalars bound by reads,
//! by scalar operations, asserts and single-thread launches with scalar
//! results are the vertices of a graph; a read or launch is fed by the
//! source, a use by anything else the host does (a branch, loop, kernel
//! launch, allocation, write, the body's result) drains to the sink. A
//! minimum vertex cut (each scalar costs one read) that lies closest to
//! the source names what is read; what the source still reaches after it
//! moves to the device. So reads are migrated only when that saves a
//! transfer, and an assertion on a migrated value moves with it. The
//! migrated statements of a run, with the single-thread kernels among
//! them, become one kernel placed before the first host use of what it
//! computes. Bodies of host branches and loops are migrated on their own.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

use runic_core::ir::{Body, DimIndex, Exp, Pat, Stm, SubExp, Type, VarId};

use crate::feed;
use crate::free::{self, Free};
use crate::ir::*;

/// Migrates the host code of every function of a kernel program.
pub fn program(kp: &mut KernelProgram) {
    let mut funs = std::mem::take(&mut kp.funs);
    for f in &mut funs {
        body(kp, &mut f.body);
    }
    kp.funs = funs;
    compact(kp);
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
        _ => Vec::new(),
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

/// A flow network of unit and unbounded capacities.
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
            // Every path has a unit edge (a vertex's), so push one.
            let mut b = t;
            while let Some((a, i)) = prev[b] {
                let (_, _, r) = self.adj[a][i];
                self.adj[a][i].1 -= 1;
                self.adj[b][r].1 += 1;
                b = a;
            }
        }
    }
}

/// Migrates one host body and, first, the bodies nested in it.
fn body(kp: &mut KernelProgram, b: &mut HostBody) {
    for inner in b.inner_bodies_mut() {
        body(kp, inner);
    }
    let roles: Vec<Role> = b.stms.iter().map(|s| role(kp, s)).collect();
    if !roles
        .iter()
        .any(|r| matches!(r, Role::Movable { source: true }))
    {
        return;
    }
    // The network: a node per movable statement, two per scalar it binds.
    let mut net = Net { adj: Vec::new() };
    let (src, sink) = (net.node(), net.node());
    let mut vertex: HashMap<VarId, (usize, usize)> = HashMap::new();
    let mut stm_node: Vec<Option<usize>> = Vec::new();
    let mut needed: BTreeSet<VarId> = BTreeSet::new();
    // Scalars that kernels launched here use as values only: they may
    // stay on the device (`feed`).
    let mut device_uses: HashMap<VarId, Vec<KernelId>> = HashMap::new();
    for (s, r) in b.stms.iter().zip(&roles) {
        let mut used = BTreeSet::new();
        uses(kp, s, &mut used);
        match r {
            Role::Movable { source } => {
                let n = net.node();
                if *source {
                    net.edge(src, n, INF);
                }
                for u in &used {
                    if let Some(&(_, out)) = vertex.get(u) {
                        net.edge(out, n, INF);
                    }
                }
                for d in defs(s) {
                    let (i, o) = (net.node(), net.node());
                    net.edge(n, i, INF);
                    net.edge(i, o, 1);
                    vertex.insert(d, (i, o));
                }
                stm_node.push(Some(n));
            }
            Role::Host => {
                let values = match s {
                    HostStm::Launch { kernel, .. } => feed::value_inputs(kp, *kernel),
                    _ => BTreeSet::new(),
                };
                for u in used {
                    match s {
                        HostStm::Launch { kernel, .. } if values.contains(&u) => {
                            device_uses.entry(u).or_default().push(*kernel)
                        }
                        _ => {
                            needed.insert(u);
                        }
                    }
                }
                stm_node.push(None);
            }
        }
    }
    for r in &b.result {
        if let SubExp::Var(v) = r {
            needed.insert(*v);
        }
    }
    for v in &needed {
        if let Some(&(_, out)) = vertex.get(v) {
            net.edge(out, sink, INF);
        }
    }
    let reached = net.cut(src, sink);
    let mut moved: Vec<bool> = stm_node
        .iter()
        .map(|n| n.is_some_and(|n| reached[n]))
        .collect();
    // Computed on the device and read back.
    let cut: HashSet<VarId> = vertex
        .iter()
        .filter(|(_, &(i, o))| reached[i] && !reached[o])
        .map(|(v, _)| *v)
        .collect();
    let on_device = |v: &VarId| vertex.get(v).is_some_and(|&(_, o)| reached[o]);
    let (arr_of, dropped) = feed_kernels(kp, b, &moved, &device_uses, &on_device);
    for (m, d) in moved.iter_mut().zip(&dropped) {
        *m &= !d;
    }
    rebuild(kp, b, &moved, &cut, &arr_of, &dropped);
}

/// Delivers the scalars computed or read on the device that only kernels
/// use. A value read from an array the host has is read again by each
/// kernel that uses it, and one that a few reads and scalar operations
/// compute by each single-thread kernel that uses it (the
/// statements are dropped from the host when nothing else uses them);
/// any other leaves its single-thread kernel as a one-element array the
/// kernels load from. Gives the arrays by value and the statements
/// dropped.
fn feed_kernels(
    kp: &mut KernelProgram,
    b: &HostBody,
    moved: &[bool],
    device_uses: &HashMap<VarId, Vec<KernelId>>,
    on_device: &dyn Fn(&VarId) -> bool,
) -> (HashMap<VarId, VarId>, Vec<bool>) {
    let mut arr_of = HashMap::new();
    // The moved statement defining each variable.
    let mut def_of: HashMap<VarId, usize> = HashMap::new();
    for (i, s) in b.stms.iter().enumerate() {
        if moved[i] {
            for d in defs(s) {
                def_of.insert(d, i);
            }
        }
    }
    let mut candidates: BTreeSet<usize> = BTreeSet::new();
    // The statements each kernel runs first (slices may share some).
    let mut per_kernel: BTreeMap<KernelId, BTreeSet<usize>> = BTreeMap::new();
    let mut vars: Vec<&VarId> = device_uses.keys().collect();
    vars.sort();
    for v in vars {
        if !on_device(v) {
            continue;
        }
        let kernels = &device_uses[v];
        // Threads of a grid kernel read values; a single-thread kernel
        // also computes them (Futhark merges such GPUBody code).
        let ops = kernels
            .iter()
            .all(|k| matches!(kp.kernels[*k].kind, KernelKind::Seq { .. }));
        match slice(kp, b, &def_of, *v, ops, on_device) {
            Some(stms) => {
                for k in kernels {
                    per_kernel.entry(*k).or_default().extend(&stms);
                }
                candidates.extend(stms);
            }
            None => {
                let t = kp.core.ty(*v).clone();
                let name = format!("{}_dev", kp.core.vars[*v].name);
                let a = kp
                    .core
                    .new_var(&name, Type::array(t.prim, vec![SubExp::i64(1)]));
                for k in kernels {
                    feed::load_inside(kp, *k, *v, a, &[SubExp::i64(0)]);
                }
                arr_of.insert(*v, a);
            }
        }
    }
    for (k, stms) in per_kernel {
        let core: Vec<Stm> = stms.iter().map(|&i| core_stm(&b.stms[i])).collect();
        feed::prepend(kp, k, &core);
    }
    // Drop the statements whose values nothing left uses, last first.
    let mut used: BTreeSet<VarId> = b.result.iter().filter_map(|r| r.var()).collect();
    for (i, s) in b.stms.iter().enumerate() {
        if !candidates.contains(&i) {
            uses(kp, s, &mut used);
        }
    }
    let mut dropped = vec![false; b.stms.len()];
    for &i in candidates.iter().rev() {
        let s = &b.stms[i];
        if defs(s)
            .iter()
            .any(|d| used.contains(d) || arr_of.contains_key(d))
        {
            uses(kp, s, &mut used);
        } else {
            dropped[i] = true;
        }
    }
    (arr_of, dropped)
}

/// The moved statements (in order) that compute `v` from what the host
/// has, when they are few reads (and scalar operations, with `ops`).
fn slice(
    kp: &KernelProgram,
    b: &HostBody,
    def_of: &HashMap<VarId, usize>,
    v: VarId,
    ops: bool,
    on_device: &dyn Fn(&VarId) -> bool,
) -> Option<Vec<usize>> {
    const MOST: usize = 8;
    let mut found: BTreeSet<usize> = BTreeSet::new();
    let mut todo = vec![v];
    while let Some(x) = todo.pop() {
        let Some(&i) = def_of.get(&x) else {
            // Not computed by a moved statement: the host must have it.
            if on_device(&x) {
                return None;
            }
            continue;
        };
        if !found.insert(i) {
            continue;
        }
        let s = &b.stms[i];
        let ok = match s {
            HostStm::Read { .. } => true,
            HostStm::Scalar(stm) => ops && matches!(stm.exp, Exp::Scalar(..) | Exp::SubExp(_)),
            _ => false,
        };
        if !ok || found.len() > MOST {
            return None;
        }
        let mut u = BTreeSet::new();
        uses(kp, s, &mut u);
        todo.extend(u.into_iter().filter(|y| kp.core.ty(*y).rank() == 0));
    }
    Some(found.into_iter().collect())
}

/// A movable host statement as the core statement a kernel runs.
fn core_stm(s: &HostStm) -> Stm {
    match s {
        HostStm::Read { dest, arr, idx } => Stm::single(
            *dest,
            Exp::Index(*arr, idx.iter().map(|i| DimIndex::Fix(*i)).collect()),
        ),
        HostStm::Scalar(stm) => stm.clone(),
        _ => unreachable!("only reads and scalar statements are computed again"),
    }
}

/// Rewrites a body: the moved statements gathered into single-thread
/// kernels, each launched before the first statement that needs what it
/// binds.
fn rebuild(
    kp: &mut KernelProgram,
    b: &mut HostBody,
    moved: &[bool],
    cut: &HashSet<VarId>,
    arr_of: &HashMap<VarId, VarId>,
    dropped: &[bool],
) {
    let old = std::mem::take(&mut b.stms);
    // What each statement mentions, and what the rest of the body does
    // after it (for the exports of each group).
    let mentions: Vec<BTreeSet<VarId>> = old
        .iter()
        .map(|s| {
            let mut u = BTreeSet::new();
            uses(kp, s, &mut u);
            u
        })
        .collect();
    let mut group: Vec<HostStm> = Vec::new();
    // What the pending run binds, and the arrays it reads (which a host
    // statement may update in place: the run must read them first).
    let mut bound: HashSet<VarId> = HashSet::new();
    for (i, s) in old.into_iter().enumerate() {
        if dropped[i] {
            continue;
        }
        // A read of what the host has stays a read, when it is all the
        // device would do with it.
        let keep_read = matches!(s, HostStm::Read { .. })
            && defs(&s).iter().all(|d| cut.contains(d))
            && mentions[i].iter().all(|u| !bound.contains(u));
        if moved[i] && !keep_read {
            bound.extend(defs(&s));
            bound.extend(defs(&s).iter().filter_map(|d| arr_of.get(d)));
            bound.extend(
                mentions[i]
                    .iter()
                    .filter(|v| kp.core.ty(**v).rank() > 0)
                    .copied(),
            );
            group.push(s);
            continue;
        }
        if mentions[i].iter().any(|u| bound.contains(u)) {
            let later = later_uses(&mentions[i..], &b.result);
            flush(kp, &mut group, &mut bound, &later, arr_of, &mut b.stms);
        }
        b.stms.push(s);
    }
    let later = later_uses(&[], &b.result);
    flush(kp, &mut group, &mut bound, &later, arr_of, &mut b.stms);
}

fn later_uses(rest: &[BTreeSet<VarId>], result: &[SubExp]) -> BTreeSet<VarId> {
    let mut out: BTreeSet<VarId> = rest.iter().flatten().copied().collect();
    out.extend(result.iter().filter_map(|r| r.var()));
    out
}

/// One single-thread kernel of the moved statements of a run; it gives
/// what is used after it. A run of a single launch stays as it was.
fn flush(
    kp: &mut KernelProgram,
    group: &mut Vec<HostStm>,
    bound: &mut HashSet<VarId>,
    later: &BTreeSet<VarId>,
    arr_of: &HashMap<VarId, VarId>,
    out: &mut Vec<HostStm>,
) {
    bound.clear();
    if group.is_empty() {
        return;
    }
    let run = std::mem::take(group);
    if let [only @ HostStm::Launch { pat, .. }] = run.as_slice() {
        if pat.vals.iter().all(|v| !arr_of.contains_key(v)) {
            out.push(only.clone());
            return;
        }
    }
    let mut stms = Vec::new();
    let mut exported = Vec::new();
    // One-element arrays of values that kernels load.
    let mut boxed = Vec::new();
    for s in run {
        for d in defs(&s) {
            if later.contains(&d) {
                exported.push(d);
            }
            if let Some(a) = arr_of.get(&d).filter(|a| later.contains(a)) {
                let t = kp.core.ty(d).clone();
                boxed.push(Stm::single(
                    *a,
                    Exp::ArrayLit(vec![SubExp::Var(d)], runic_core::ir::Type::scalar(t.prim)),
                ));
                exported.push(*a);
            }
        }
        match s {
            s @ (HostStm::Read { .. } | HostStm::Scalar(_)) => stms.push(core_stm(&s)),
            HostStm::Launch { kernel, pat } => {
                let KernelKind::Seq { body } = &kp.kernels[kernel].kind else {
                    unreachable!("only single-thread launches move")
                };
                let body = body.clone();
                stms.extend(body.stms);
                for (v, r) in pat.vals.iter().zip(body.result) {
                    if r != SubExp::Var(*v) {
                        stms.push(Stm::copy(*v, r));
                    }
                }
            }
            _ => unreachable!("only reads, scalar code and launches move"),
        }
    }
    stms.extend(boxed);
    let body = Body {
        stms,
        result: exported.iter().map(|v| SubExp::Var(*v)).collect(),
    };
    let inputs = free::of_body(&kp.core, &body);
    let kernel = kp.kernels.len();
    kp.kernels.push(Kernel {
        name: format!("gpubody_{kernel}"),
        inputs,
        kind: KernelKind::Seq { body },
        part_of: None,
        intra: false,
    });
    out.push(HostStm::Launch {
        kernel,
        pat: Pat {
            ctx: Vec::new(),
            vals: exported,
        },
    });
}

/// Drops the kernels no host code launches any more (those merged into
/// others) and renumbers the rest.
fn compact(kp: &mut KernelProgram) {
    let mut used = vec![false; kp.kernels.len()];
    for f in &kp.funs {
        mark(&f.body, &mut used);
    }
    if used.iter().all(|u| *u) {
        return;
    }
    let mut new_id = vec![usize::MAX; used.len()];
    let mut kept = Vec::new();
    for (i, k) in std::mem::take(&mut kp.kernels).into_iter().enumerate() {
        if used[i] {
            new_id[i] = kept.len();
            kept.push(k);
        }
    }
    for (i, k) in kept.iter_mut().enumerate() {
        let stem = k.name.rsplit_once('_').map_or(k.name.as_str(), |(s, _)| s);
        k.name = format!("{stem}_{i}");
    }
    kp.kernels = kept;
    let mut funs = std::mem::take(&mut kp.funs);
    for f in &mut funs {
        renumber(&mut f.body, &new_id);
    }
    kp.funs = funs;
}

fn mark(b: &HostBody, used: &mut [bool]) {
    for s in &b.stms {
        match s {
            HostStm::Launch { kernel, .. } => used[*kernel] = true,
            HostStm::If {
                then_body,
                else_body,
                ..
            } => {
                mark(then_body, used);
                mark(else_body, used);
            }
            HostStm::Loop { body, .. } => mark(body, used),
            _ => {}
        }
    }
}

fn renumber(b: &mut HostBody, new_id: &[usize]) {
    for s in &mut b.stms {
        match s {
            HostStm::Launch { kernel, .. } => *kernel = new_id[*kernel],
            HostStm::If {
                then_body,
                else_body,
                ..
            } => {
                renumber(then_body, new_id);
                renumber(else_body, new_id);
            }
            HostStm::Loop { body, .. } => renumber(body, new_id),
            _ => {}
        }
    }
}
