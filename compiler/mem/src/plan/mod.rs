//! Array short-circuiting (memory-block merging, seed 004 chapter 6),
//! decided on the core IR before memory is assigned.
//!
//! A *short-circuiting point* writes a source array into a destination:
//! `x with [idx] = v` (into `x[idx]`), `concat a b` (each operand into its
//! rows of the result), `copy v` (into the copy), a branch whose result
//! goes somewhere (each branch's result into the same place), and a
//! SOAC's function whose per-row result array becomes row `i` of the
//! SOAC's result. When it is safe, the source is built directly in the
//! destination's memory, at the *projected* index function, and needs no
//! allocation of its own. Safe means (seed 004 section 6.2):
//!
//! 1. the source's memory comes from an *array creation point* in the same
//!    body (a SOAC, `iota`, `replicate`, `copy`, `concat`, an array
//!    literal, or a branch whose results are such), reached from the source
//!    only through aliases and in-place updates (loops among them);
//! 2. the destination's memory exists before that point (it was created
//!    earlier, or it is the result being made, whose allocation is
//!    hoisted);
//! 3. every variable of the projected index function is in scope at the
//!    creation point, or is computed by scalar statements that can be
//!    lifted there;
//! 4. nothing reads or writes the destination (or the destinations it is
//!    itself short-circuited into) between the creation point and the
//!    short-circuiting point, except a SOAC creating the source that reads
//!    the destination row by row at the very rows it writes, or at rows
//!    provably apart from them;
//! 5. the source and its aliases are not used after the point.
//!
//! One statement writes at most one of its results into a given
//! destination (Futhark's rule: the non-overlap of two results of one
//! statement is not shown).

use runic_core::ir::{Body, DimIndex, Exp, Lambda, Stm, SubExp, VarId};
use runic_core::Program;
use runic_eval::builtins::Builtin;
use runic_eval::prim::BinOp;
use runic_kernels::free::Free;
use rustc_hash::{FxHashMap, FxHashSet};

use crate::ir::Space;
use crate::lmad::Poly;

mod alias;
mod device;
mod region;
mod reuse;

use region::{apply_ix, disjoint, unmark, Region};

/// Where a source goes, relative to its destination's index function.
#[derive(Debug, Clone)]
pub enum View {
    /// `dest[idx]`.
    Slice(Vec<DimIndex>),
    /// Rows `start ..< start + len`.
    Rows { start: Poly, len: Poly },
    /// The whole destination.
    Whole,
    /// Row `i` (a SOAC's per-row result; `i` the SOAC's row index).
    Row(VarId),
}

/// A decision: the array (a creation point's result) lives in `dest`'s
/// memory at `view`.
#[derive(Debug, Clone)]
pub struct Into {
    pub dest: VarId,
    pub view: View,
}

/// What the analysis decided for a function.
#[derive(Default)]
pub struct Plan {
    pub into: FxHashMap<VarId, Into>,
    /// Scalar statements (by the variable they bind) to emit just before
    /// the creation point binding the key.
    pub lift: FxHashMap<VarId, Vec<VarId>>,
    /// Every variable some `lift` moves.
    pub lifted: FxHashSet<VarId>,
    /// The row index of each SOAC statement, by its first value.
    pub index: FxHashMap<VarId, VarId>,
}

/// The plan of one function body.
/// `space` chooses the pipeline's rules: on the device a SOAC is a
/// kernel whose threads each write their own row of every result, so
/// several of its results may go into one destination, and a map's
/// result may take the memory of an input it reads row by row and that
/// dies there (memory reuse); its reads of the destination must be at the
/// very rows it writes.
pub fn function(
    p: &mut Program,
    params: &[VarId],
    body: &Body,
    short_circuit: bool,
    space: Space,
    index: FxHashMap<VarId, VarId>,
) -> Plan {
    let mut a = Analysis {
        plan: Plan {
            index,
            ..Plan::default()
        },
        root: FxHashMap::default(),
        polys: FxHashMap::default(),
        region: FxHashMap::default(),
        escaped: FxHashSet::default(),
        viewed: FxHashSet::default(),
        short_circuit,
        gpu: space == Space::Device,
        unique_params: params
            .iter()
            .copied()
            .filter(|v| p.ty(*v).unique && !p.ty(*v).dims.is_empty())
            .collect(),
        reused: FxHashSet::default(),
    };
    a.body(p, body);
    a.plan
}

struct Analysis {
    plan: Plan,
    /// The variable whose creation made an array's memory (views, aliases
    /// and in-place updates share their operand's root).
    root: FxHashMap<VarId, VarId>,
    /// `i64` scalars known as polynomials of others.
    polys: FxHashMap<VarId, Poly>,
    /// Roots of arrays that a branch or loop gives back as its result:
    /// their memory is then also reached through the result's existential
    /// memory, whose index function is not projected.
    escaped: FxHashSet<VarId>,
    /// The part of its root each array is, where known.
    region: FxHashMap<VarId, Region>,
    /// Arrays whose layout differs from their root's (slices, transposes,
    /// reshapes).
    viewed: FxHashSet<VarId>,
    short_circuit: bool,
    gpu: bool,
    /// The function's unique array parameters (theirs to overwrite).
    unique_params: FxHashSet<VarId>,
    /// Roots whose memory a later array took over.
    reused: FxHashSet<VarId>,
}

/// A body being analysed: where each of its variables is bound, and what
/// each statement uses.
struct Scope<'b> {
    body: &'b Body,
    pos: FxHashMap<VarId, usize>,
    uses: Vec<FxHashSet<VarId>>,
}

impl Analysis {
    fn root(&self, v: VarId) -> VarId {
        let mut v = v;
        while let Some(&r) = self.root.get(&v) {
            if r == v {
                break;
            }
            v = r;
        }
        v
    }

    fn poly(&self, s: SubExp) -> Option<Poly> {
        match s {
            SubExp::Var(v) => Some(self.polys.get(&v).cloned().unwrap_or_else(|| Poly::var(v))),
            c => Poly::of_subexp(c),
        }
    }

    fn body(&mut self, p: &mut Program, b: &Body) {
        for s in &b.stms {
            self.facts(p, s);
            s.exp.for_each_body(|inner| self.body(p, inner));
            self.branch_aliases(s);
            if let Exp::If { .. } | Exp::Loop { .. } = &s.exp {
                let mut results = Vec::new();
                s.exp.for_each_body(|inner| {
                    results.extend(inner.result.iter().filter_map(|r| r.var()))
                });
                for r in results {
                    let root = self.root(r);
                    if !s.pat.vals.iter().any(|v| self.root(*v) == root) {
                        self.escaped.insert(root);
                    }
                }
            }
        }
        if self.short_circuit {
            let scope = scope(p, b);
            for s in &b.stms {
                if let Exp::Screma(_) = &s.exp {
                    self.rows(p, s);
                }
            }
            for k in (0..b.stms.len()).rev() {
                self.points(p, &scope, k);
            }
            if self.gpu {
                for k in 0..b.stms.len() {
                    self.reuse(p, &scope, k);
                }
            }
        }
    }

    /// Roots, polynomials and row indices bound by one statement.
    fn facts(&mut self, p: &mut Program, s: &Stm) {
        let vals = &s.pat.vals;
        let alias = |a: &mut Self, v: VarId, of: VarId| {
            a.root.insert(v, of);
        };
        match &s.exp {
            Exp::SubExp(SubExp::Var(x))
            | Exp::Index(x, _)
            | Exp::Update(x, _, _)
            | Exp::Rearrange(_, x)
            | Exp::Reshape(_, x) => {
                if let Some(&v) = vals.first() {
                    if !p.ty(v).dims.is_empty() {
                        alias(self, v, *x);
                        if matches!(
                            s.exp,
                            Exp::Index(..) | Exp::Rearrange(..) | Exp::Reshape(..)
                        ) {
                            self.viewed.insert(v);
                        }
                        let region = match &s.exp {
                            Exp::Index(_, idx) => {
                                self.region_of(*x).and_then(|r| self.apply(r, idx))
                            }
                            Exp::SubExp(_) | Exp::Update(..) => self.region_of(*x),
                            _ => None,
                        };
                        if let Some(r) = region {
                            self.region.insert(v, r);
                        }
                    }
                }
            }
            Exp::Scalar(Builtin::Bin(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul)), args)
                if args.len() == 2 =>
            {
                if let (Some(&v), Some(a), Some(b)) =
                    (vals.first(), self.poly(args[0]), self.poly(args[1]))
                {
                    let r = match op {
                        BinOp::Add => a.add(&b),
                        BinOp::Sub => a.sub(&b),
                        _ => a.mul(&b),
                    };
                    self.polys.insert(v, r);
                }
            }
            Exp::Loop { params, body, .. } => {
                for (k, (param, init)) in params.iter().enumerate() {
                    let (Some(&v), SubExp::Var(init)) = (vals.get(k), init) else {
                        continue;
                    };
                    if in_place(body, k, *param) {
                        alias(self, *param, *init);
                        alias(self, v, *init);
                    }
                }
            }
            Exp::Hist(h) => {
                let dests = h.ops.iter().flat_map(|o| o.dests.iter());
                for (v, d) in vals.iter().zip(dests) {
                    alias(self, *v, *d);
                }
            }
            Exp::Scatter(sc) => {
                for (v, (_, d)) in vals.iter().zip(&sc.dests) {
                    alias(self, *v, *d);
                }
            }
            Exp::Trace(args) => {
                for (v, a) in vals.iter().zip(args) {
                    if let SubExp::Var(a) = a {
                        if !p.ty(*v).dims.is_empty() {
                            alias(self, *v, *a);
                        }
                    }
                }
            }
            _ => {}
        }
        if matches!(
            s.exp,
            Exp::Screma(_) | Exp::Hist(_) | Exp::Scatter(_) | Exp::Stream(_)
        ) {
            if let Some(&first) = vals.first() {
                self.plan.index.entry(first).or_insert_with(|| row_index(p));
            }
        }
    }

    /// The kernel case: a SOAC function's per-row result arrays, made in
    /// the function, are built in their rows of the SOAC's results.
    fn rows(&mut self, p: &Program, s: &Stm) {
        let Some(&first) = s.pat.vals.first() else {
            return;
        };
        let i = self.plan.index[&first];
        let (lambda, outs): (&Lambda, Vec<(usize, VarId)>) = match &s.exp {
            Exp::Screma(sc) if sc.post.is_none() => {
                let n: usize = sc.scans.iter().map(|x| x.neutral.len()).sum::<usize>()
                    + sc.reds.iter().map(|x| x.neutral.len()).sum::<usize>();
                let outs = s.pat.vals.iter().enumerate().skip(n);
                (&sc.map, outs.map(|(k, v)| (k, *v)).collect())
            }
            _ => return,
        };
        let inner = scope(p, &lambda.body);
        let mut seen = FxHashSet::default();
        for (k, out) in outs {
            let Some(SubExp::Var(r)) = lambda.body.result.get(k) else {
                continue;
            };
            let root = self.root(*r);
            if !seen.insert(root) || self.plan.into.contains_key(&root) {
                continue;
            }
            let Some(&c) = inner.pos.get(&root) else {
                continue;
            };
            if !creates(&lambda.body.stms[c].exp) || !self.chain_only_in_place(*r, root) {
                continue;
            }
            self.plan.into.insert(
                root,
                Into {
                    dest: out,
                    view: View::Row(i),
                },
            );
        }
    }

    /// Whether `v` reaches `root` through aliases and in-place updates
    /// only (no slice or change of layout, which cannot be projected
    /// back).
    fn chain_only_in_place(&self, v: VarId, root: VarId) -> bool {
        let mut v = v;
        while v != root {
            if self.viewed.contains(&v) {
                return false;
            }
            match self.root.get(&v) {
                Some(&r) => v = r,
                None => return false,
            }
        }
        true
    }

    /// The short-circuiting points of statement `k`.
    fn points(&mut self, p: &Program, scope: &Scope, k: usize) {
        let s = &scope.body.stms[k];
        let Some(&z) = s.pat.vals.first() else {
            return;
        };
        match &s.exp {
            Exp::Update(x, idx, SubExp::Var(v)) if !p.ty(*v).dims.is_empty() => {
                self.attempt(p, scope, k, *v, *x, View::Slice(idx.clone()));
            }
            Exp::Concat(arrs) => {
                let mut start = Poly::default();
                let mut done = FxHashSet::default();
                for a in arrs {
                    let len = p
                        .ty(*a)
                        .dims
                        .first()
                        .and_then(|d| self.poly(*d))
                        .unwrap_or_default();
                    if done.insert(*a) {
                        let view = View::Rows {
                            start: start.clone(),
                            len: len.clone(),
                        };
                        self.attempt(p, scope, k, *a, z, view);
                    }
                    start = start.add(&len);
                }
            }
            Exp::Copy(v) => self.attempt(p, scope, k, *v, z, View::Whole),
            _ => {}
        }
    }

    /// Tries to build `src` in `dest` at `view` (statement `k` the point).
    fn attempt(
        &mut self,
        p: &Program,
        scope: &Scope,
        k: usize,
        src: VarId,
        dest: VarId,
        view: View,
    ) {
        let root = self.root(src);
        if self.plan.into.contains_key(&root)
            || self.escaped.contains(&root)
            || !self.chain_only_in_place(src, root)
        {
            return;
        }
        let Some(&c) = scope.pos.get(&root) else {
            return;
        };
        if c >= k {
            return;
        }
        let creation = &scope.body.stms[c];
        // The destinations the source's memory would be part of.
        let dests = self.dest_roots(dest);
        // 5: the source is not used after the point.
        let source_vars: FxHashSet<VarId> = self.aliases_of(root, scope);
        let used_after = scope.uses[k + 1..]
            .iter()
            .any(|u| u.iter().any(|v| source_vars.contains(v)))
            || scope
                .body
                .result
                .iter()
                .any(|r| r.var().is_some_and(|v| source_vars.contains(&v)));
        if used_after {
            return;
        }
        // 2: the destination's memory exists before the creation point.
        let dest_root = self.root(dest);
        if (dest_root != dest || matches!(view, View::Slice(_)))
            && scope.pos.get(&dest_root).is_some_and(|&d| d >= c)
        {
            return;
        }
        // 4: nothing uses the destinations in between.
        let target = self.target(dest, &view);
        for j in c + 1..k {
            if !self.between_ok(&scope.body.stms[j], &scope.uses[j], &dests, &target) {
                return;
            }
        }
        if dests
            .iter()
            .any(|d| scope.pos.get(d).is_some_and(|&at| at > c && at < k))
        {
            return;
        }
        if !self.creation_reads_ok(p, creation, &scope.uses[c], &dests, dest, &view)
            || (self.gpu && !self.migrated_reads_ok(p, scope, c, &dests))
        {
            return;
        }
        // One result of a statement per destination.
        let sibling = !self.gpu
            && creation.pat.vals.iter().any(|v| {
                *v != root
                    && self.plan.into.get(v).is_some_and(|i| {
                        dests.contains(&self.root(i.dest))
                            || self.dest_roots(i.dest).iter().any(|d| dests.contains(d))
                    })
            });
        if sibling {
            return;
        }
        // 3: the projected index function's variables in scope at `c`.
        let mut needed: Vec<VarId> = Vec::new();
        let mut free = Free::default();
        match &view {
            View::Slice(idx) => free.exp(p, &Exp::Index(dest, idx.clone())),
            View::Rows { start, len } => {
                needed.extend(start.vars());
                needed.extend(len.vars());
            }
            View::Whole | View::Row(_) => {}
        }
        for d in &p.ty(dest).dims {
            if let SubExp::Var(v) = d {
                needed.push(*v);
            }
        }
        needed.extend(free.vars().into_iter().filter(|v| *v != dest));
        // The destination's own placement, when it is short-circuited in
        // turn, must be known at the creation point too.
        let mut d = self.root(dest);
        let mut hops = 0;
        while let Some(into) = self.plan.into.get(&d) {
            hops += 1;
            if hops > self.plan.into.len() {
                break;
            }
            needed.extend(view_vars(p, &into.view, into.dest));
            d = self.root(into.dest);
        }
        let mut lift = Vec::new();
        for v in needed {
            if !self.liftable(scope, v, c, &source_vars, &mut lift) {
                return;
            }
        }
        // A branch: each branch's result is built where the branch's
        // result goes.
        let mut nested = Vec::new();
        if let Exp::If {
            then_body,
            else_body,
            ..
        } = &creation.exp
        {
            let Some(pos) = creation.pat.vals.iter().position(|v| *v == root) else {
                return;
            };
            for b in [then_body, else_body] {
                match self.branch_result(p, b, pos, &dests) {
                    Some(r) => nested.push(r),
                    None => return,
                }
            }
        } else if !creates(&creation.exp) {
            return;
        }
        for r in nested {
            self.plan.into.insert(
                r,
                Into {
                    dest: root,
                    view: View::Whole,
                },
            );
        }
        lift.sort_by_key(|v| scope.pos[v]);
        lift.dedup();
        self.plan.lifted.extend(lift.iter().copied());
        if !lift.is_empty() {
            self.plan.lift.entry(root).or_default().extend(lift);
        }
        self.plan.into.insert(root, Into { dest, view });
    }

    /// The root of a branch's result at `pos`, when the branch creates it
    /// and uses none of `dests` after that.
    fn branch_result(
        &mut self,
        p: &Program,
        b: &Body,
        pos: usize,
        dests: &FxHashSet<VarId>,
    ) -> Option<VarId> {
        let SubExp::Var(r) = *b.result.get(pos)? else {
            return None;
        };
        let root = self.root(r);
        let sc = scope(p, b);
        let &c = sc.pos.get(&root)?;
        if self.plan.into.contains_key(&root) {
            return None;
        }
        for u in &sc.uses[c + 1..] {
            if u.iter().any(|v| dests.contains(&self.root(*v))) {
                return None;
            }
        }
        let others = b
            .result
            .iter()
            .enumerate()
            .filter(|(k, _)| *k != pos)
            .filter_map(|(_, r)| r.var());
        for o in others {
            if dests.contains(&self.root(o)) || self.root(o) == root {
                return None;
            }
        }
        let creation = &b.stms[c];
        if let Exp::If {
            then_body,
            else_body,
            ..
        } = &creation.exp
        {
            let inner_pos = creation.pat.vals.iter().position(|v| *v == root)?;
            let mut nested = Vec::new();
            for inner in [then_body, else_body] {
                nested.push(self.branch_result(p, inner, inner_pos, dests)?);
            }
            for n in nested {
                self.plan.into.insert(
                    n,
                    Into {
                        dest: root,
                        view: View::Whole,
                    },
                );
            }
            return Some(root);
        }
        (creates(&creation.exp) && !sc.uses[c].iter().any(|v| dests.contains(&self.root(*v))))
            .then_some(root)
    }

    /// The roots of `dest` and of every destination its memory is itself
    /// short-circuited into.
    fn dest_roots(&self, dest: VarId) -> FxHashSet<VarId> {
        let mut out = FxHashSet::default();
        let mut d = self.root(dest);
        while out.insert(d) {
            match self.plan.into.get(&d) {
                Some(i) => d = self.root(i.dest),
                None => break,
            }
        }
        out
    }

    /// The variables of the body whose root is `root`.
    fn aliases_of(&self, root: VarId, scope: &Scope) -> FxHashSet<VarId> {
        let mut out: FxHashSet<VarId> = scope
            .pos
            .keys()
            .copied()
            .filter(|v| self.root(*v) == root)
            .collect();
        out.insert(root);
        out
    }

    /// Whether the creation statement's reads of the destinations are
    /// safe: only a SOAC reading them row by row through its input arrays,
    /// each at the very rows the source's row goes to or provably apart.
    fn creation_reads_ok(
        &self,
        p: &Program,
        creation: &Stm,
        uses: &FxHashSet<VarId>,
        dests: &FxHashSet<VarId>,
        dest: VarId,
        view: &View,
    ) -> bool {
        let touching: Vec<VarId> = uses
            .iter()
            .copied()
            .filter(|v| dests.contains(&self.root(*v)))
            .collect();
        if touching.is_empty() {
            return true;
        }
        let Exp::Screma(sc) = &creation.exp else {
            return false;
        };
        let mut in_lambdas = Free::default();
        in_lambdas.lambda(p, &sc.map);
        let inner = in_lambdas.vars();
        let Some(target) = self.target(dest, view) else {
            return false;
        };
        touching.iter().all(|v| {
            sc.arrs.contains(v)
                && !inner.contains(v)
                && self.region_of(*v).is_some_and(|r| {
                    r.0 == target.0 && (r.1 == target.1 || (!self.gpu && disjoint(&r.1, &target.1)))
                })
        })
    }

    /// The region of the destination's root a source at `view` occupies.
    fn target(&self, dest: VarId, view: &View) -> Option<Region> {
        let r = self.region_of(dest)?;
        match view {
            View::Slice(idx) => self.apply(r, idx),
            View::Rows { start, len } => {
                Some(unmark(apply_ix(r, start.clone(), Some(len.clone()), true)))
            }
            View::Whole => Some(r),
            View::Row(_) => None,
        }
    }

    /// The region of an array: its root and the part of it, where known.
    fn region_of(&self, v: VarId) -> Option<Region> {
        if self.root(v) == v {
            return Some((v, Vec::new()));
        }
        self.region.get(&v).cloned()
    }

    /// A region indexed further (`None` for a stride other than one).
    fn apply(&self, r: Region, idx: &[DimIndex]) -> Option<Region> {
        let mut r = r;
        for i in idx {
            r = match i {
                DimIndex::Fix(x) => apply_ix(r, self.poly(*x)?, Some(Poly::constant(1)), false),
                DimIndex::Slice { start, len, stride } => {
                    if self.poly(*stride)?.as_const() != Some(1) {
                        return None;
                    }
                    apply_ix(r, self.poly(*start)?, Some(self.poly(*len)?), true)
                }
            };
        }
        // Later indices apply to later kept dimensions: done by apply_ix
        // marking what it consumed.
        Some(unmark(r))
    }

    /// Whether statement `j` (between a creation point and its
    /// short-circuiting point) touches the destinations only outside
    /// `target` (reads or in-place writes of other parts of the
    /// immediate destination).
    fn between_ok(
        &self,
        s: &Stm,
        uses: &FxHashSet<VarId>,
        dests: &FxHashSet<VarId>,
        target: &Option<Region>,
    ) -> bool {
        uses.iter().all(|u| {
            let root = self.root(*u);
            if !dests.contains(&root) {
                return true;
            }
            let Some(target) = target.as_ref().filter(|t| t.0 == root) else {
                return false;
            };
            let access = match &s.exp {
                Exp::Index(x, idx) | Exp::Update(x, idx, _) if x == u => {
                    self.region_of(*u).and_then(|r| self.apply(r, idx))
                }
                _ => self.region_of(*u),
            };
            access.is_some_and(|a| disjoint(&a.1, &target.1))
        })
    }

    /// Whether variable `v` is in scope at statement `c`, or is bound by
    /// scalar statements after it that can move before it (collected in
    /// `lift`).
    fn liftable(
        &self,
        scope: &Scope,
        v: VarId,
        c: usize,
        source: &FxHashSet<VarId>,
        lift: &mut Vec<VarId>,
    ) -> bool {
        let Some(&at) = scope.pos.get(&v) else {
            return true;
        };
        if at < c || lift.contains(&v) {
            return true;
        }
        let s = &scope.body.stms[at];
        let Exp::Scalar(op, args) = &s.exp else {
            return false;
        };
        if s.pat.vals.len() != 1 || !s.pat.ctx.is_empty() {
            return false;
        }
        let can_fail = matches!(
            op,
            Builtin::Bin(BinOp::Div | BinOp::Mod | BinOp::Quot | BinOp::Rem)
        ) && !matches!(args.get(1), Some(c @ SubExp::Const(_)) if Poly::of_subexp(*c).and_then(|p| p.as_const()).is_some_and(|x| x != 0));
        if can_fail {
            return false;
        }
        for a in args {
            if let SubExp::Var(a) = a {
                if source.contains(a) || !self.liftable(scope, *a, c, source, lift) {
                    return false;
                }
            }
        }
        lift.push(v);
        true
    }
}

/// The variables a placement at `view` in `dest` mentions: the view's
/// indices and the destination's shape.
fn view_vars(p: &Program, view: &View, dest: VarId) -> Vec<VarId> {
    let mut out: Vec<VarId> = p.ty(dest).dims.iter().filter_map(|d| d.var()).collect();
    match view {
        View::Slice(idx) => {
            let mut free = Free::default();
            free.exp(p, &Exp::Index(dest, idx.clone()));
            out.extend(free.vars().into_iter().filter(|v| *v != dest));
        }
        View::Rows { start, len } => {
            out.extend(start.vars());
            out.extend(len.vars());
        }
        View::Whole | View::Row(_) => {}
    }
    out
}

/// A fresh row index for a SOAC.
pub fn row_index(p: &mut Program) -> VarId {
    p.new_var(
        "gtid",
        runic_core::ir::Type::scalar(runic_sema::types::PrimType::I64),
    )
}

/// Where each variable of the body is bound, and what each statement uses.
fn scope<'b>(p: &Program, b: &'b Body) -> Scope<'b> {
    let mut pos = FxHashMap::default();
    let mut uses = Vec::with_capacity(b.stms.len());
    for (k, s) in b.stms.iter().enumerate() {
        for v in s.pat.ctx.iter().chain(&s.pat.vals) {
            pos.insert(*v, k);
        }
        let mut f = Free::default();
        f.exp(p, &s.exp);
        uses.push(f.vars().into_iter().collect());
    }
    Scope { body: b, pos, uses }
}

/// Whether an expression makes its array results in fresh memory.
pub fn creates(e: &Exp) -> bool {
    matches!(
        e,
        Exp::Iota(_)
            | Exp::Replicate(..)
            | Exp::Copy(_)
            | Exp::Concat(_)
            | Exp::ArrayLit(..)
            | Exp::Rotate(..)
            | Exp::Screma(_)
    )
}

/// Whether a loop's body gives back its `k`th parameter's array updated
/// in place (so the loop's result lives where its initial value does).
pub fn in_place(body: &Body, k: usize, param: VarId) -> bool {
    let Some(SubExp::Var(mut r)) = body.result.get(k).copied() else {
        return false;
    };
    let mut seen = 0;
    while r != param {
        seen += 1;
        if seen > body.stms.len() + 1 {
            return false;
        }
        let Some(s) = body.stms.iter().find(|s| s.pat.vals.contains(&r)) else {
            return false;
        };
        let at = s.pat.vals.iter().position(|v| *v == r).unwrap_or(0);
        r = match &s.exp {
            Exp::Update(x, _, _) | Exp::SubExp(SubExp::Var(x)) => *x,
            Exp::Scatter(sc) => match sc.dests.get(at) {
                Some((_, d)) => *d,
                None => return false,
            },
            Exp::Hist(h) => match h.ops.iter().flat_map(|o| o.dests.iter()).nth(at) {
                Some(d) => *d,
                None => return false,
            },
            Exp::Loop { params, body, .. } => match params.get(at) {
                Some((inner, SubExp::Var(init))) if in_place(body, at, *inner) => *init,
                _ => return false,
            },
            _ => return false,
        };
    }
    true
}
