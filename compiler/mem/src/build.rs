//! From the core IR to the memory IR: every array gets a block and an
//! index function, fresh arrays an [`MemStm::Alloc`] (unless the
//! short-circuiting [`Plan`] puts them in their destination's memory),
//! views (slices, transposes, reshapes of row-major arrays) their
//! operand's block at a changed index function, in-place updates their
//! operand's place. Allocations of a loop's or SOAC's body whose sizes do
//! not depend on the iteration and whose arrays do not flow out of it
//! move before the loop or SOAC (on the device, expanded to a part per
//! thread).

use runic_core::ir::{Arena, Body, Exp, FunDef, Stm, SubExp, VarId};
use runic_core::Program;
use rustc_hash::{FxHashMap, FxHashSet};

use crate::ir::*;
use crate::lmad::{Lmad, Poly};
use crate::plan::{self, Plan, View};

/// The memory program of a core program.
pub fn program(mut core: Program, space: Space, short_circuit: bool) -> MemProgram {
    let funs = std::mem::take(&mut core.funs);
    let mut b = Builder {
        p: core,
        blocks: Arena::default(),
        arrays: FxHashMap::default(),
        plan: Plan::default(),
        space,
        out: Vec::new(),
        emitted: FxHashSet::default(),
        ctx: FxHashSet::default(),
        elems: FxHashMap::default(),
    };
    let mut out = Vec::new();
    for mut f in funs {
        let mut index = FxHashMap::default();
        match space {
            Space::Host => crate::maps::body(&mut f.body),
            Space::Device => crate::overlap::body(&mut b.p, &mut f.body, &FxHashMap::default()),
        }
        crate::iota::body(&mut b.p, &mut f.body, &mut index);
        b.plan = plan::function(&mut b.p, &f.params, &f.body, short_circuit, space, index);
        out.push(b.fun(f));
    }
    MemProgram {
        core: b.p,
        blocks: b.blocks,
        arrays: b.arrays,
        funs: out,
    }
}

struct Builder {
    p: Program,
    blocks: Arena<Block>,
    arrays: FxHashMap<VarId, ArrayMem>,
    plan: Plan,
    space: Space,
    /// The statements of the body being built.
    out: Vec<MemStm>,
    /// Lifted statements already emitted.
    emitted: FxHashSet<VarId>,
    /// The existential sizes the statement being built binds.
    ctx: FxHashSet<VarId>,
    /// The elements each allocated block holds.
    elems: FxHashMap<BlockId, Poly>,
}

fn shape(p: &Program, v: VarId) -> Vec<Poly> {
    p.ty(v)
        .dims
        .iter()
        .map(|d| Poly::of_subexp(*d).unwrap_or_default())
        .collect()
}

impl Builder {
    fn is_array(&self, v: VarId) -> bool {
        !self.p.ty(v).dims.is_empty()
    }

    fn block(&mut self, v: VarId, origin: Origin) -> BlockId {
        let name = format!("mem_{}", runic_core::print::parts::var(&self.p, v));
        self.blocks.append(Block {
            name: name.into(),
            space: self.space,
            origin,
        })
    }

    /// A block of the given origin holding `v` row-major.
    fn own(&mut self, v: VarId, origin: Origin) -> ArrayMem {
        let block = self.block(v, origin);
        let m = ArrayMem {
            block,
            lmad: Lmad::iota(&shape(&self.p, v)),
        };
        self.arrays.insert(v, m.clone());
        m
    }

    /// Fresh memory for `v`, allocated here (or made by the statement
    /// itself when its shape is only known once it ran).
    fn fresh(&mut self, v: VarId) -> ArrayMem {
        if shape(&self.p, v)
            .iter()
            .any(|d| d.vars().any(|x| self.ctx.contains(&x)))
        {
            return self.own(v, Origin::Existential);
        }
        let m = self.own(v, Origin::Alloc);
        let ty = self.p.ty(v);
        let mut elems = Poly::constant(1);
        for d in shape(&self.p, v) {
            elems = elems.mul(&d);
        }
        let bytes = elems.mul(&Poly::constant(elem_bytes(ty.prim)));
        self.elems.insert(m.block, elems);
        self.out.push(MemStm::Alloc {
            block: m.block,
            bytes,
        });
        m
    }

    /// Where `v` lives, deciding it now if it was not: in its
    /// destination's memory when the plan says so, else fresh.
    fn planned(&mut self, v: VarId) -> ArrayMem {
        if let Some(m) = self.arrays.get(&v) {
            return m.clone();
        }
        if let Some(into) = self.plan.into.get(&v).cloned() {
            let d = self.planned(into.dest);
            let lmad = match &into.view {
                View::Slice(idx) => d.lmad.slice(idx),
                View::Rows { start, len } if d.lmad.rank() > 0 => Some(d.lmad.rows(start, len)),
                View::Row(i) if d.lmad.rank() > 0 => Some(d.lmad.fix(&Poly::var(*i))),
                View::Whole => Some(d.lmad.clone()),
                _ => None,
            };
            if let Some(lmad) = lmad.filter(|l| l.rank() == self.p.ty(v).rank()) {
                let m = ArrayMem {
                    block: d.block,
                    lmad,
                };
                self.arrays.insert(v, m.clone());
                return m;
            }
        }
        self.fresh(v)
    }

    /// Where an operand array lives (memory of unknown origin if the
    /// builder never placed it).
    fn mem_of(&mut self, v: VarId) -> ArrayMem {
        match self.arrays.get(&v) {
            Some(m) => m.clone(),
            None => self.own(v, Origin::Existential),
        }
    }

    fn view(&mut self, v: VarId, of: VarId, f: impl FnOnce(&Lmad) -> Option<Lmad>) {
        let m = self.mem_of(of);
        match f(&m.lmad).filter(|l| l.rank() == self.p.ty(v).rank()) {
            Some(lmad) => {
                self.arrays.insert(
                    v,
                    ArrayMem {
                        block: m.block,
                        lmad,
                    },
                );
            }
            None => {
                self.fresh(v);
            }
        }
    }

    fn fun(&mut self, f: FunDef) -> MemFun {
        for &v in &f.params {
            if self.is_array(v) {
                self.own(v, Origin::Param);
            }
        }
        let mut body = self.body(&f.body);
        if f.entry {
            // Entry points return row-major arrays from offset 0.
            let mut extra = Vec::new();
            for r in body.result.iter_mut() {
                let SubExp::Var(v) = *r else { continue };
                if !self.is_array(v) || self.mem_of(v).lmad.is_direct() {
                    continue;
                }
                let ty = self.p.ty(v).clone();
                let name = format!("{}_direct", self.p.vars[v].name);
                let c = self.p.new_var(&name, ty);
                let saved = std::mem::take(&mut self.out);
                self.fresh(c);
                extra.append(&mut self.out);
                self.out = saved;
                extra.push(MemStm::Let {
                    stm: Stm::single(c, Exp::Copy(v)),
                    bodies: Vec::new(),
                    index: None,
                });
                *r = SubExp::Var(c);
            }
            body.stms.extend(extra);
        }
        MemFun {
            name: f.name,
            entry: f.entry,
            params: f.params,
            body,
        }
    }

    fn body(&mut self, b: &Body) -> MemBody {
        let saved = std::mem::take(&mut self.out);
        let pos: FxHashMap<VarId, usize> = b
            .stms
            .iter()
            .enumerate()
            .flat_map(|(k, s)| s.pat.vals.iter().map(move |v| (*v, k)))
            .collect();
        for s in &b.stms {
            if s.pat.vals.iter().any(|v| self.emitted.contains(v)) {
                continue;
            }
            for v in &s.pat.vals {
                let Some(lift) = self.plan.lift.get(v).cloned() else {
                    continue;
                };
                for l in lift {
                    if let Some(&k) = pos.get(&l) {
                        if self.emitted.insert(l) {
                            self.stm(&b.stms[k]);
                        }
                    }
                }
            }
            self.stm(s);
        }
        let stms = std::mem::replace(&mut self.out, saved);
        MemBody {
            stms,
            result: b.result.clone(),
        }
    }

    fn stm(&mut self, s: &Stm) {
        let mut shell = s.clone();
        let mut inner = Vec::new();
        shell
            .exp
            .for_each_body_mut(|b| inner.push(std::mem::take(b)));
        let vals = s.pat.vals.clone();
        let index = vals.first().and_then(|v| self.plan.index.get(v)).copied();
        self.ctx = s.pat.ctx.iter().copied().collect();
        self.before(s, index);
        self.ctx.clear();
        let bodies: Vec<MemBody> = inner.iter().map(|b| self.body(b)).collect();
        let mut bodies = bodies;
        self.ctx = s.pat.ctx.iter().copied().collect();
        self.after(s, &bodies);
        self.ctx.clear();
        self.hoist(s, &mut bodies, index);
        self.out.push(MemStm::Let {
            stm: shell,
            bodies,
            index,
        });
    }

    /// Placements known before the statement's bodies are built.
    fn before(&mut self, s: &Stm, index: Option<VarId>) {
        let vals = &s.pat.vals;
        let first = vals.first().copied();
        let arrays: Vec<VarId> = vals.iter().copied().filter(|v| self.is_array(*v)).collect();
        match &s.exp {
            Exp::Iota(_)
            | Exp::Replicate(..)
            | Exp::Copy(_)
            | Exp::Concat(_)
            | Exp::ArrayLit(..)
            | Exp::Rotate(..) => {
                for v in arrays {
                    self.planned(v);
                }
            }
            Exp::SubExp(SubExp::Var(x)) | Exp::Update(x, _, _) => {
                if let Some(v) = first.filter(|v| self.is_array(*v)) {
                    let m = self.mem_of(*x);
                    self.arrays.insert(v, m);
                }
            }
            Exp::Index(x, idx) => {
                if let Some(v) = first.filter(|v| self.is_array(*v)) {
                    self.view(v, *x, |l| l.slice(idx));
                }
            }
            Exp::Rearrange(perm, x) => {
                if let Some(v) = first {
                    self.view(v, *x, |l| l.permute(perm));
                }
            }
            Exp::Reshape(dims, x) => {
                if let Some(v) = first {
                    let shape: Vec<Poly> = dims
                        .iter()
                        .map(|d| Poly::of_subexp(*d).unwrap_or_default())
                        .collect();
                    self.view(v, *x, |l| l.reshape(&shape));
                }
            }
            Exp::Trace(args) => {
                for (v, a) in vals.iter().zip(args) {
                    if let (true, SubExp::Var(a)) = (self.is_array(*v), a) {
                        let m = self.mem_of(*a);
                        self.arrays.insert(*v, m);
                    }
                }
            }
            Exp::Screma(sc) => {
                for v in arrays {
                    self.planned(v);
                }
                self.rows_of(&sc.map.params, &sc.arrs, index);
                let ops = sc
                    .scans
                    .iter()
                    .map(|x| &x.lambda)
                    .chain(sc.reds.iter().map(|x| &x.lambda));
                let params: Vec<VarId> = ops
                    .chain(sc.post.iter())
                    .flat_map(|l| l.params.iter().copied())
                    .collect();
                self.existential(&params);
            }
            Exp::Hist(h) => {
                let dests: Vec<VarId> =
                    h.ops.iter().flat_map(|o| o.dests.iter().copied()).collect();
                self.in_place(vals, &dests);
                self.rows_of(&h.bucket.params, &h.arrs, index);
                let params: Vec<VarId> = h
                    .ops
                    .iter()
                    .flat_map(|o| o.op.params.iter().copied())
                    .collect();
                self.existential(&params);
            }
            Exp::Scatter(sc) => {
                let dests: Vec<VarId> = sc.dests.iter().map(|(_, d)| *d).collect();
                self.in_place(vals, &dests);
                self.rows_of(&sc.lambda.params, &sc.arrs, index);
            }
            Exp::Stream(st) => {
                for v in arrays {
                    self.planned(v);
                }
                self.existential(&st.lambda.params);
            }
            Exp::Loop { params, body, .. } => {
                for (k, (param, init)) in params.iter().enumerate() {
                    if !self.is_array(*param) {
                        continue;
                    }
                    match init {
                        SubExp::Var(init) if plan::in_place(body, k, *param) => {
                            let m = self.mem_of(*init);
                            self.arrays.insert(*param, m);
                        }
                        _ => {
                            self.own(*param, Origin::Existential);
                        }
                    }
                }
            }
            Exp::If { .. } => {
                for v in arrays {
                    if self.plan.into.contains_key(&v) {
                        self.planned(v);
                    }
                }
            }
            _ => {}
        }
    }

    /// Placements known once the bodies are built.
    fn after(&mut self, s: &Stm, bodies: &[MemBody]) {
        let vals = &s.pat.vals;
        match &s.exp {
            Exp::If { .. } => {
                for (k, v) in vals.iter().enumerate() {
                    if !self.is_array(*v) || self.arrays.contains_key(v) {
                        continue;
                    }
                    let mems: Vec<Option<ArrayMem>> = bodies
                        .iter()
                        .map(|b| match b.result.get(k) {
                            Some(SubExp::Var(r)) => self.arrays.get(r).cloned(),
                            _ => None,
                        })
                        .collect();
                    match (&mems[0], &mems[1]) {
                        (Some(a), Some(b)) if a == b => {
                            self.arrays.insert(*v, a.clone());
                        }
                        _ => {
                            self.own(*v, Origin::Existential);
                        }
                    }
                }
            }
            Exp::Loop { params, .. } => {
                for (v, (param, _)) in vals.iter().zip(params) {
                    if self.is_array(*v) {
                        let m = self.mem_of(*param);
                        self.arrays.insert(*v, m);
                    }
                }
            }
            _ => {
                for v in vals.clone() {
                    if self.is_array(v) && !self.arrays.contains_key(&v) {
                        self.own(v, Origin::Existential);
                    }
                }
            }
        }
    }

    fn rows_of(&mut self, params: &[VarId], arrs: &[VarId], index: Option<VarId>) {
        for (param, arr) in params.iter().zip(arrs) {
            if !self.is_array(*param) {
                continue;
            }
            let m = self.mem_of(*arr);
            let row = index
                .filter(|_| m.lmad.rank() > 0)
                .map(|i| m.lmad.fix(&Poly::var(i)));
            match row.filter(|l| l.rank() == self.p.ty(*param).rank()) {
                Some(lmad) => {
                    self.arrays.insert(
                        *param,
                        ArrayMem {
                            block: m.block,
                            lmad,
                        },
                    );
                }
                None => {
                    self.own(*param, Origin::Existential);
                }
            }
        }
    }

    fn existential(&mut self, params: &[VarId]) {
        for &v in params {
            if self.is_array(v) && !self.arrays.contains_key(&v) {
                self.own(v, Origin::Existential);
            }
        }
    }

    fn in_place(&mut self, vals: &[VarId], dests: &[VarId]) {
        for (k, v) in vals.iter().enumerate() {
            if !self.is_array(*v) {
                continue;
            }
            match dests.get(k) {
                Some(d) => {
                    let m = self.mem_of(*d);
                    self.arrays.insert(*v, m);
                }
                None => {
                    self.planned(*v);
                }
            }
        }
    }

    /// Moves before a loop or SOAC the allocations of its bodies whose
    /// sizes the bodies do not compute and whose memory does not flow out
    /// of an iteration (a loop's next iteration or a SOAC's row of its
    /// result take fresh memory in each). A SOAC's row runs sequentially
    /// on the host, so one block serves every row; on the device the rows
    /// run at once, so the block is expanded to one part per row, at
    /// `row * size`.
    fn hoist(&mut self, s: &Stm, bodies: &mut [MemBody], index: Option<VarId>) {
        let (w, expand) = match &s.exp {
            Exp::Loop { .. } => (None, false),
            Exp::Screma(sc) => (Some(sc.w), self.space == Space::Device),
            Exp::Hist(h) => (Some(h.w), self.space == Space::Device),
            Exp::Scatter(sc) => (Some(sc.w), self.space == Space::Device),
            _ => return,
        };
        if expand && index.is_none() {
            return;
        }
        let mut params = Vec::new();
        crate::check::collect_params(&s.exp, &mut params);
        for body in bodies.iter_mut() {
            let mut bound: FxHashSet<VarId> = params.iter().copied().chain(index).collect();
            for st in &body.stms {
                if let MemStm::Let { stm, .. } = st {
                    bound.extend(stm.pat.ctx.iter().chain(&stm.pat.vals).copied());
                }
            }
            let carried: FxHashSet<BlockId> = body
                .result
                .iter()
                .filter_map(|r| r.var())
                .filter_map(|v| self.arrays.get(&v).map(|m| m.block))
                .collect();
            let mut kept = Vec::new();
            for st in std::mem::take(&mut body.stms) {
                match st {
                    MemStm::Alloc { block, bytes }
                        if !carried.contains(&block)
                            && bytes.vars().all(|v| !bound.contains(&v)) =>
                    {
                        let bytes = match (expand, w.and_then(Poly::of_subexp), index) {
                            (false, _, _) => bytes,
                            (true, Some(w), Some(i)) => {
                                self.expand(block, &Poly::var(i));
                                bytes.mul(&w)
                            }
                            _ => {
                                kept.push(MemStm::Alloc { block, bytes });
                                continue;
                            }
                        };
                        self.out.push(MemStm::Alloc { block, bytes });
                    }
                    st => kept.push(st),
                }
            }
            body.stms = kept;
        }
    }

    /// Gives each row its own part of an expanded block: every array in it
    /// moves by `row` times the elements one row's part holds.
    fn expand(&mut self, block: BlockId, row: &Poly) {
        let Some(elems) = self.elems.get(&block).cloned() else {
            return;
        };
        let shift = row.mul(&elems);
        for m in self.arrays.values_mut() {
            if m.block == block {
                m.lmad.offset = m.lmad.offset.add(&shift);
            }
        }
    }
}
