//! The rewrite of a function's host code once the cut is known
//! ([`super::Plan`]): migrated statements gathered into single-thread
//! kernels, each launched before the first host statement that needs
//! what it binds; a scalar the device keeps and something outside its
//! kernel uses left there as a one-element array (Futhark's `GPUBody`
//! results), loaded by the kernels that use it; branches and loops that
//! give or carry such scalars giving and carrying those arrays; writes
//! of them done on the device.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use runic_core::ir::{Body, DimIndex, Exp, Pat, Stm, SubExp, Type, VarId};

use super::{defs, unfold, uses, Ids, Plan, State};
use crate::feed;
use crate::free;
use crate::ir::*;

pub(super) struct Rebuild<'a> {
    kp: &'a mut KernelProgram,
    plan: &'a Plan,
    /// The one-element device array of each scalar the device keeps.
    boxes: HashMap<VarId, VarId>,
    /// The function's parameters.
    params: BTreeSet<VarId>,
    /// One-element arrays of constants and parameters, made once at the
    /// function's start (`first`), as Futhark hoists and merges them.
    hoisted: Vec<(SubExp, VarId)>,
    pub(super) first: Vec<HostStm>,
}

impl<'a> Rebuild<'a> {
    pub(super) fn new(kp: &'a mut KernelProgram, plan: &'a Plan, params: &[VarId]) -> Self {
        Rebuild {
            kp,
            plan,
            boxes: HashMap::new(),
            params: params.iter().copied().collect(),
            hoisted: Vec::new(),
            first: Vec::new(),
        }
    }

    fn state(&self, v: VarId) -> State {
        self.plan.state(v)
    }

    /// The one-element arrays made (never updated in place).
    pub(super) fn boxes(&self) -> BTreeSet<VarId> {
        let mut out: BTreeSet<VarId> = self.boxes.values().copied().collect();
        out.extend(self.hoisted.iter().map(|(_, b)| *b));
        out
    }

    fn box_of(&mut self, v: VarId) -> VarId {
        if let Some(b) = self.boxes.get(&v) {
            return *b;
        }
        let t = self.kp.core.ty(v).clone();
        let name = format!("{}_dev", self.kp.core.vars[v].name);
        let b = self
            .kp
            .core
            .new_var(&name, Type::array(t.prim, vec![SubExp::i64(1)]));
        self.boxes.insert(v, b);
        b
    }

    fn scalar(&self, v: VarId) -> bool {
        self.kp.core.ty(v).rank() == 0
    }

    /// Rewrites a body and the bodies inside it.
    pub(super) fn body(&mut self, b: &mut HostBody, ids: &Ids) {
        let old = std::mem::take(&mut b.stms);
        let moved: Vec<bool> = ids.stms.iter().map(|i| self.plan.moved(*i)).collect();
        // (What kernels use before they load values themselves.)
        let mentions: Vec<BTreeSet<VarId>> = old
            .iter()
            .map(|s| {
                let mut u = BTreeSet::new();
                uses(self.kp, s, &mut u);
                u
            })
            .collect();
        let dropped = self.feed_kernels(&old, &b.result, &moved);
        let mut group: Vec<(HostStm, usize)> = Vec::new();
        // What the pending run binds, and the arrays it reads (which a host
        // statement may update in place: the run must read them first).
        let mut bound: BTreeSet<VarId> = BTreeSet::new();
        for (k, s) in old.into_iter().enumerate() {
            if dropped[k] {
                continue;
            }
            // A read of what the host has stays a read, when it is all the
            // device would do with it.
            let keep_read = matches!(s, HostStm::Read { .. })
                && defs(&s).iter().all(|d| self.state(*d) != State::Device)
                && mentions[k].iter().all(|u| {
                    !bound.contains(u) && (!self.scalar(*u) || self.state(*u) != State::Device)
                });
            if moved[k] && !keep_read {
                bound.extend(defs(&s));
                bound.extend(mentions[k].iter().filter(|v| !self.scalar(**v)));
                group.push((s, k));
                continue;
            }
            if mentions[k].iter().any(|u| bound.contains(u)) {
                self.flush(&mut group, ids, &mut b.stms);
                bound.clear();
            }
            let inner = &ids.inner[k];
            let stms = self.host(s, inner);
            b.stms.extend(stms);
        }
        self.flush(&mut group, ids, &mut b.stms);
    }

    /// A host statement, with its bodies rewritten and the scalars it
    /// gives or carries on the device as one-element arrays.
    fn host(&mut self, s: HostStm, inner: &[Ids]) -> Vec<HostStm> {
        match s {
            HostStm::If {
                mut pat,
                cond,
                mut then_body,
                mut else_body,
            } => {
                self.body(&mut then_body, &inner[0]);
                self.body(&mut else_body, &inner[1]);
                let mut after = Vec::new();
                for k in 0..pat.vals.len() {
                    let r = pat.vals[k];
                    if !self.scalar(r) || self.state(r) == State::Host {
                        continue;
                    }
                    let bx = self.box_of(r);
                    for branch in [&mut then_body, &mut else_body] {
                        let x = branch.result[k];
                        branch.result[k] = self.boxed(&mut branch.stms, x);
                    }
                    pat.vals[k] = bx;
                    if self.state(r) == State::Cut {
                        after.push(read(r, bx));
                    }
                }
                let mut out = vec![HostStm::If {
                    pat,
                    cond,
                    then_body,
                    else_body,
                }];
                out.extend(after);
                out
            }
            HostStm::Loop {
                mut pat,
                ctx,
                mut params,
                form,
                mut body,
            } => {
                self.body(&mut body, &inner[0]);
                let (mut before, mut after) = (Vec::new(), Vec::new());
                for k in 0..params.len() {
                    let p = params[k].0;
                    let carried = pat.vals.len() == params.len()
                        && self.scalar(p)
                        && self.plan.vertex.contains_key(&p)
                        && self.state(p) != State::Host;
                    if !carried {
                        continue;
                    }
                    let bp = self.box_of(p);
                    let init = self.boxed(&mut before, params[k].1);
                    params[k] = (bp, init);
                    let x = body.result[k];
                    body.result[k] = self.boxed(&mut body.stms, x);
                    if self.state(p) == State::Cut {
                        body.stms.insert(0, read(p, bp));
                    }
                    let l = pat.vals[k];
                    let bl = self.box_of(l);
                    pat.vals[k] = bl;
                    if self.state(l) != State::Device {
                        after.push(read(l, bl));
                    }
                }
                before.push(HostStm::Loop {
                    pat,
                    ctx,
                    params,
                    form,
                    body,
                });
                before.extend(after);
                before
            }
            HostStm::Write {
                dest,
                arr,
                idx,
                value: SubExp::Var(v),
            } if self.state(v) == State::Device && !idx.is_empty() => {
                // The element written from its one-element array.
                let bx = self.box_of(v);
                let last = idx.len() - 1;
                let mut slice: Vec<DimIndex> =
                    idx[..last].iter().map(|i| DimIndex::Fix(*i)).collect();
                slice.push(DimIndex::Slice {
                    start: idx[last],
                    len: SubExp::i64(1),
                    stride: SubExp::i64(1),
                });
                let body = Body {
                    stms: vec![Stm::single(dest, Exp::Update(arr, slice, SubExp::Var(bx)))],
                    result: vec![SubExp::Var(dest)],
                };
                vec![self.launch("seq", body, vec![dest])]
            }
            s => vec![s],
        }
    }

    /// A single-thread kernel of `body`, launched binding `vals`.
    fn launch(&mut self, what: &str, body: Body, vals: Vec<VarId>) -> HostStm {
        let inputs = free::of_body(&self.kp.core, &body);
        let kernel = self.kp.kernels.len();
        self.kp.kernels.push(Kernel {
            name: format!("{what}_{kernel}"),
            inputs,
            kind: KernelKind::Seq { body },
            part_of: None,
            intra: false,
            tile: None,
        });
        HostStm::Launch {
            kernel,
            pat: Pat {
                ctx: Vec::new(),
                vals,
            },
        }
    }

    /// `x` as a one-element device array: its own when the device has it,
    /// else one made from the host's value by statements added to `out`.
    fn boxed(&mut self, out: &mut Vec<HostStm>, x: SubExp) -> SubExp {
        if let SubExp::Var(v) = x {
            if self.state(v) == State::Device || self.boxes.contains_key(&v) {
                return SubExp::Var(self.box_of(v));
            }
        }
        let hoist = x.var().is_none_or(|v| self.params.contains(&v));
        if hoist {
            if let Some((_, b)) = self.hoisted.iter().find(|(y, _)| y.same(x)) {
                return SubExp::Var(*b);
            }
        }
        let t = self.kp.core.subexp_type(x);
        let b = self
            .kp
            .core
            .new_var("box", Type::array(t.prim, vec![SubExp::i64(1)]));
        // A constant is replicated, a variable's value stored by a thread.
        let (what, exp) = match x {
            SubExp::Const(_) => ("replicate", Exp::Replicate(vec![SubExp::i64(1)], x)),
            SubExp::Var(_) => ("gpubody", Exp::ArrayLit(vec![x], Type::scalar(t.prim))),
        };
        let body = Body {
            stms: vec![Stm::single(b, exp)],
            result: vec![SubExp::Var(b)],
        };
        let launch = self.launch(what, body, vec![b]);
        if hoist {
            self.hoisted.push((x, b));
            self.first.push(launch);
        } else {
            out.push(launch);
        }
        SubExp::Var(b)
    }

    /// One single-thread kernel of the migrated statements of a run: it
    /// gives the scalars the host reads and the one-element arrays of
    /// those used outside it, and loads what it uses of other kernels'.
    fn flush(&mut self, group: &mut Vec<(HostStm, usize)>, ids: &Ids, out: &mut Vec<HostStm>) {
        let run = std::mem::take(group);
        for part in self.components(run) {
            self.flush_one(part, ids, out);
        }
    }

    /// The statements of a run split into those that depend on each
    /// other (Futhark makes a GPUBody of each statement and merges them
    /// after, `merge.rs`), in order.
    fn components(&self, run: Vec<(HostStm, usize)>) -> Vec<Vec<(HostStm, usize)>> {
        let n = run.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(p: &mut [usize], x: usize) -> usize {
            let mut r = x;
            while p[r] != r {
                r = p[r];
            }
            p[x] = r;
            r
        }
        let mentions: Vec<BTreeSet<VarId>> = run
            .iter()
            .map(|(s, _)| {
                let mut u = BTreeSet::new();
                uses(self.kp, s, &mut u);
                u.extend(defs(s));
                u
            })
            .collect();
        for j in 0..n {
            let makes_array = defs(&run[j].0).iter().any(|d| !self.scalar(*d));
            for i in 0..j {
                let linked = defs(&run[i].0).iter().any(|d| mentions[j].contains(d))
                    || ((makes_array || defs(&run[i].0).iter().any(|d| !self.scalar(*d)))
                        && mentions[i]
                            .iter()
                            .any(|v| !self.scalar(*v) && mentions[j].contains(v)));
                if linked {
                    let (a, b) = (find(&mut parent, i), find(&mut parent, j));
                    parent[a] = b;
                }
            }
        }
        let roots: Vec<usize> = (0..n).map(|i| find(&mut parent, i)).collect();
        let mut order: Vec<usize> = Vec::new();
        for r in &roots {
            if !order.contains(r) {
                order.push(*r);
            }
        }
        let mut parts: Vec<Vec<(HostStm, usize)>> = vec![Vec::new(); order.len()];
        for (x, r) in run.into_iter().zip(roots) {
            let at = order.iter().position(|o| *o == r).expect("a root");
            parts[at].push(x);
        }
        parts
    }

    fn flush_one(&mut self, run: Vec<(HostStm, usize)>, ids: &Ids, out: &mut Vec<HostStm>) {
        if run.is_empty() {
            return;
        }
        let mut inside: BTreeSet<usize> = BTreeSet::new();
        for (_, k) in &run {
            inside.insert(ids.stms[*k]);
            for i in &ids.inner[*k] {
                i.all(&mut inside);
            }
        }
        // Used outside the run; by a branch's or loop's body result.
        let outside = |v: &VarId, results: bool| {
            self.plan.users.get(v).is_some_and(|u| {
                u.iter()
                    .any(|i| !inside.contains(i) && (!results || self.plan.results.contains(i)))
            })
        };
        let mut scalars = Vec::new();
        let mut boxed = Vec::new();
        let mut arrays = Vec::new();
        for (s, _) in &run {
            for d in defs(s) {
                if !self.scalar(d) {
                    // Arrays a migrated branch updates in place.
                    if outside(&d, false) {
                        arrays.push(d);
                    }
                    continue;
                }
                let st = self.state(d);
                if st == State::Cut {
                    scalars.push(d);
                }
                // What the host reads back it has: the device's copy is
                // kept where a branch or loop gives it on.
                if (st == State::Device && outside(&d, false))
                    || (st == State::Cut && outside(&d, true))
                {
                    boxed.push(d);
                }
            }
        }
        let loads_needed = |me: &Self, stms: &[Stm]| {
            let body = Body {
                stms: stms.to_vec(),
                result: Vec::new(),
            };
            free::of_body(&me.kp.core, &body)
                .into_iter()
                .filter(|f| me.scalar(*f) && me.state(*f) == State::Device)
                .collect::<Vec<_>>()
        };
        let mut stms = Vec::new();
        for (s, _) in &run {
            stms.extend(unfold::to_core(self.kp, s).expect("only what a thread runs migrates"));
        }
        let loads = loads_needed(self, &stms);
        if let [(only @ HostStm::Launch { pat, .. }, _)] = run.as_slice() {
            if boxed.is_empty() && loads.is_empty() && pat.vals == scalars {
                out.push(only.clone());
                return;
            }
        }
        let mut first = Vec::new();
        for f in loads {
            let bx = self.box_of(f);
            first.push(Stm::single(
                f,
                Exp::Index(bx, vec![DimIndex::Fix(SubExp::i64(0))]),
            ));
        }
        first.extend(stms);
        let mut exported = scalars;
        exported.extend(arrays);
        for d in boxed {
            let bx = self.box_of(d);
            let t = self.kp.core.ty(d).clone();
            first.push(Stm::single(
                bx,
                Exp::ArrayLit(vec![SubExp::Var(d)], Type::scalar(t.prim)),
            ));
            exported.push(bx);
        }
        let body = Body {
            result: exported.iter().map(|v| SubExp::Var(*v)).collect(),
            stms: first,
        };
        let launch = self.launch("gpubody", body, exported);
        out.push(launch);
    }

    /// Delivers the scalars on the device that kernels launched here use.
    /// A value read from an array the host has is read again by each
    /// kernel that uses it, and one that a few reads and scalar
    /// operations compute by each single-thread kernel that uses it (the
    /// statements are dropped from the host when nothing else uses them);
    /// any other kernel loads it from its one-element array. Gives the
    /// statements dropped.
    fn feed_kernels(&mut self, stms: &[HostStm], result: &[SubExp], moved: &[bool]) -> Vec<bool> {
        let mut device_uses: BTreeMap<VarId, Vec<KernelId>> = BTreeMap::new();
        for (i, s) in stms.iter().enumerate() {
            if let (HostStm::Launch { kernel, .. }, false) = (s, moved[i]) {
                for v in feed::value_inputs(self.kp, *kernel) {
                    if self.state(v) == State::Device {
                        device_uses.entry(v).or_default().push(*kernel);
                    }
                }
            }
        }
        let mut dropped = vec![false; stms.len()];
        if device_uses.is_empty() {
            return dropped;
        }
        // The moved statement defining each variable.
        let mut def_of: HashMap<VarId, usize> = HashMap::new();
        for (i, s) in stms.iter().enumerate() {
            if moved[i] {
                for d in defs(s) {
                    def_of.insert(d, i);
                }
            }
        }
        let mut candidates: BTreeSet<usize> = BTreeSet::new();
        let mut per_kernel: BTreeMap<KernelId, BTreeSet<usize>> = BTreeMap::new();
        let mut loaded: BTreeSet<VarId> = BTreeSet::new();
        for (v, kernels) in &device_uses {
            // Threads of a grid kernel read values; a single-thread kernel
            // also computes them (Futhark merges such GPUBody code).
            let ops = kernels
                .iter()
                .all(|k| matches!(self.kp.kernels[*k].kind, KernelKind::Seq { .. }));
            match self.slice(stms, &def_of, *v, ops) {
                Some(found) => {
                    for k in kernels {
                        per_kernel.entry(*k).or_default().extend(&found);
                    }
                    candidates.extend(found);
                }
                None => {
                    let bx = self.box_of(*v);
                    for k in kernels {
                        feed::load_inside(self.kp, *k, *v, bx, &[SubExp::i64(0)]);
                    }
                    loaded.insert(*v);
                }
            }
        }
        for (k, found) in per_kernel {
            let core: Vec<Stm> = found
                .iter()
                .flat_map(|&i| unfold::to_core(self.kp, &stms[i]).unwrap_or_default())
                .collect();
            feed::prepend(self.kp, k, &core);
        }
        // Drop the statements whose values nothing left uses, last first.
        let mut used: BTreeSet<VarId> = result.iter().filter_map(|r| r.var()).collect();
        for (i, s) in stms.iter().enumerate() {
            if !candidates.contains(&i) {
                uses(self.kp, s, &mut used);
            }
        }
        for &i in candidates.iter().rev() {
            let s = &stms[i];
            if defs(s)
                .iter()
                .any(|d| used.contains(d) || loaded.contains(d))
            {
                uses(self.kp, s, &mut used);
            } else {
                dropped[i] = true;
            }
        }
        dropped
    }

    /// The moved statements (in order) that compute `v` from what the host
    /// has, when they are few reads (and scalar operations, with `ops`).
    fn slice(
        &self,
        stms: &[HostStm],
        def_of: &HashMap<VarId, usize>,
        v: VarId,
        ops: bool,
    ) -> Option<Vec<usize>> {
        const MOST: usize = 8;
        let mut found: BTreeSet<usize> = BTreeSet::new();
        let mut todo = vec![v];
        while let Some(x) = todo.pop() {
            let Some(&i) = def_of.get(&x) else {
                // Not computed by a moved statement: the host must have it.
                if self.state(x) == State::Device {
                    return None;
                }
                continue;
            };
            if !found.insert(i) {
                continue;
            }
            let s = &stms[i];
            let ok = match s {
                HostStm::Read { .. } => true,
                HostStm::Scalar(stm) => ops && matches!(stm.exp, Exp::Scalar(..) | Exp::SubExp(_)),
                _ => false,
            };
            if !ok || found.len() > MOST {
                return None;
            }
            let mut u = BTreeSet::new();
            uses(self.kp, s, &mut u);
            todo.extend(u.into_iter().filter(|y| self.scalar(*y)));
        }
        Some(found.into_iter().collect())
    }
}

fn read(dest: VarId, arr: VarId) -> HostStm {
    HostStm::Read {
        dest,
        arr,
        idx: vec![SubExp::i64(0)],
    }
}
