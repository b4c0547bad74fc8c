//! Kernel extraction: the top-level parallel SOACs of each entry point
//! become grid-level segmented operations, the rest host code.
//!
//! Walking a function's body in order, each statement becomes
//!
//! - host code when it is scalar (operations, asserts, single-element
//!   reads and writes), or an `if`, `loop` or `stream_seq` with a parallel
//!   SOAC inside (its bodies are extracted in turn);
//! - a grid kernel when it is a `Screma`, `Hist` or `Scatter` whose
//!   operators are scalar: a [`KernelKind::SegMap`] for the map part, then
//!   one [`KernelKind::SegScan`] / [`KernelKind::SegRed`] per scan or
//!   reduction over the arrays the map produced, a
//!   [`KernelKind::SegHist`] or [`KernelKind::SegScatter`] for the writes;
//! - otherwise part of a run of statements that one thread executes
//!   ([`KernelKind::Seq`]): array operations without a parallel form here,
//!   SOACs with array operands, and everything nested, sequentially;
//! - a call of a (recursive) function runs on the host, which runs the
//!   callee's host code; a run of statements that calls one from inside a
//!   SOAC is evaluated by the host ([`HostStm::Eval`]): OpenCL has no
//!   recursion.
//!
//! Nested parallelism runs sequentially inside each thread.

use std::collections::{BTreeMap, BTreeSet};

use runic_core::ir::{Body, DimIndex, Exp, Lambda, Pat, Stm, SubExp, Type, VarId};
use runic_core::Program;
use runic_sema::types::PrimType;

use crate::free::{self, Free};
use crate::ir::*;

mod bounds;
mod distribute;
mod flatidx;
mod interchange;
mod intra;
mod iotas;
mod irregular;
mod loops;
mod redomap;
mod reuse;
mod segmented;
mod uniform;
mod updates;
mod versions;
mod writes;

/// Extracts the kernels and host code of every function of a program.
pub fn program(core: Program) -> KernelProgram {
    let funs = core.funs.clone();
    let mut x = Extractor {
        core,
        kernels: Vec::new(),
        iotas: BTreeMap::new(),
        replicates: BTreeMap::new(),
        fun: String::new(),
        thresholds: Vec::new(),
    };
    let mut hosts = Vec::new();
    for f in &funs {
        x.fun = f.name.to_string();
        let body = x.body(&f.body, &BTreeSet::new());
        hosts.push(HostFun {
            name: f.name.to_string(),
            params: f.params.clone(),
            body,
        });
    }
    KernelProgram {
        core: x.core,
        kernels: x.kernels,
        funs: hosts,
        thresholds: x.thresholds,
    }
}

struct Extractor {
    core: Program,
    kernels: Vec<Kernel>,
    /// The iotas not built (their widths): kernels over them take their
    /// thread indices instead (`iotas.rs`).
    iotas: BTreeMap<VarId, SubExp>,
    /// The one-dimensional replicates of the host code seen so far: their
    /// widths and values (neutral elements of operators over rows).
    replicates: BTreeMap<VarId, (SubExp, SubExp)>,
    /// The function being extracted (thresholds are named after it).
    fun: String,
    thresholds: Vec<crate::thresholds::Threshold>,
}

/// The variables a statement uses (free or not: an over-approximation of
/// what is live after a point is harmless).
fn used(p: &Program, s: &Stm) -> BTreeSet<VarId> {
    let mut f = Free::default();
    f.stm(p, s);
    f.used
}

impl Extractor {
    fn body(&mut self, b: &Body, live_out: &BTreeSet<VarId>) -> HostBody {
        let uses: Vec<BTreeSet<VarId>> = b.stms.iter().map(|s| used(&self.core, s)).collect();
        let mut tail_live = live_out.clone();
        for r in &b.result {
            if let SubExp::Var(v) = r {
                tail_live.insert(*v);
            }
        }
        // What is live after statement i: the uses of the rest and the
        // results.
        let live_after = |i: usize| -> BTreeSet<VarId> {
            let mut live = tail_live.clone();
            for u in &uses[i + 1..] {
                live.extend(u.iter().copied());
            }
            live
        };
        let mut out = HostBody {
            stms: Vec::new(),
            result: b.result.clone(),
        };
        let mut group: Vec<Stm> = Vec::new();
        let virtual_iotas = self.virtual_iotas(b, live_out);
        let mut iotas_at = Vec::new();
        for (i, s) in b.stms.iter().enumerate() {
            if let Exp::Replicate(shape, v) = &s.exp {
                if let [w] = shape[..] {
                    self.replicates.insert(s.pat.vals[0], (w, *v));
                }
            }
            if virtual_iotas.contains(&i) {
                if let Exp::Iota(n) = s.exp {
                    self.iotas.insert(s.pat.vals[0], n);
                    iotas_at.push((out.stms.len(), s.clone()));
                }
            } else if self.on_host(s) {
                self.flush(&mut group, &live_with(&live_after(i), &uses[i]), &mut out);
                let live = live_after(i);
                self.host_stm(s, &live, &mut out);
            } else if let Some(stms) = self.grid(s) {
                let live = live_with(&live_after(i), &uses[i]);
                self.flush(&mut group, &live, &mut out);
                out.stms.extend(stms);
            } else {
                group.push(s.clone());
            }
        }
        self.flush(&mut group, &tail_live, &mut out);
        self.build_needed_iotas(&iotas_at, &mut out);
        out
    }

    /// Whether a statement runs on the host.
    fn on_host(&self, s: &Stm) -> bool {
        let p = &self.core;
        let scalar = |x: &SubExp| p.subexp_type(*x).rank() == 0;
        match &s.exp {
            // A call runs the callee's host code (its SOACs as kernels).
            Exp::SubExp(_) | Exp::Scalar(..) | Exp::Apply(..) => true,
            Exp::Assert(c, msg, _) => {
                scalar(c)
                    && msg.iter().all(|m| match m {
                        runic_core::ir::MsgPart::Value(v) => scalar(v),
                        _ => true,
                    })
            }
            Exp::Index(a, idx) => {
                idx.len() == p.ty(*a).rank() && idx.iter().all(|i| matches!(i, DimIndex::Fix(_)))
            }
            Exp::Update(a, idx, v) => {
                scalar(v)
                    && idx.len() == p.ty(*a).rank()
                    && idx.iter().all(|i| matches!(i, DimIndex::Fix(_)))
            }
            Exp::If { .. } | Exp::Loop { .. } | Exp::Stream(_) => {
                free::has_soac(&s.exp)
                    || self.scalar_only(s)
                    || free::builds_arrays(&self.core, &s.exp)
                    || reuse::returns_outer(p, s)
            }
            _ => false,
        }
    }

    /// Whether a statement touches no arrays at all.
    fn scalar_only(&self, s: &Stm) -> bool {
        let mut f = Free::default();
        f.stm(&self.core, s);
        f.used.iter().all(|v| self.core.ty(*v).rank() == 0)
    }

    fn host_stm(&mut self, s: &Stm, live: &BTreeSet<VarId>, out: &mut HostBody) {
        let fixes = |idx: &[DimIndex]| -> Vec<SubExp> {
            idx.iter()
                .map(|i| match i {
                    DimIndex::Fix(x) => *x,
                    DimIndex::Slice { start, .. } => *start,
                })
                .collect()
        };
        let stm = match &s.exp {
            Exp::Index(a, idx) => HostStm::Read {
                dest: s.pat.vals[0],
                arr: *a,
                idx: fixes(idx),
            },
            Exp::Update(a, idx, v) => HostStm::Write {
                dest: s.pat.vals[0],
                arr: *a,
                idx: fixes(idx),
                value: *v,
            },
            Exp::If {
                cond,
                then_body,
                else_body,
            } => HostStm::If {
                pat: s.pat.clone(),
                cond: *cond,
                then_body: self.body(then_body, live),
                else_body: self.body(else_body, live),
            },
            Exp::Loop {
                ctx,
                params,
                form,
                body,
            } => {
                let mut inner = live.clone();
                inner.extend(params.iter().map(|(v, _)| *v));
                HostStm::Loop {
                    pat: s.pat.clone(),
                    ctx: ctx.clone(),
                    params: params.clone(),
                    form: form.clone(),
                    body: self.body(body, &inner),
                }
            }
            Exp::Stream(st) => {
                // Called once, on the whole input: bind its parameters,
                // then its body's results to the pattern.
                let l = &st.lambda;
                let mut args = vec![st.w];
                args.extend(st.accs.iter().copied());
                args.extend(st.arrs.iter().map(|a| SubExp::Var(*a)));
                for (p, a) in l.params.iter().zip(args) {
                    out.stms.push(HostStm::Scalar(Stm::copy(*p, a)));
                }
                let mut inner = live.clone();
                inner.extend(s.pat.vals.iter().copied());
                let body = self.body(&l.body, &inner);
                out.stms.extend(body.stms);
                for (v, r) in s.pat.vals.iter().zip(body.result) {
                    out.stms.push(HostStm::Scalar(Stm::copy(*v, r)));
                }
                return;
            }
            _ => HostStm::Scalar(s.clone()),
        };
        out.stms.push(stm);
    }

    /// Ends a run of sequential statements: one single-thread kernel whose
    /// results are what the run binds and the rest uses.
    fn flush(&mut self, group: &mut Vec<Stm>, live: &BTreeSet<VarId>, out: &mut HostBody) {
        if group.is_empty() {
            return;
        }
        let stms = std::mem::take(group);
        let mut exported = Vec::new();
        for s in &stms {
            for v in s.pat.ctx.iter().chain(&s.pat.vals) {
                if live.contains(v) {
                    exported.push(*v);
                }
            }
        }
        // The sizes the group binds in the types of what it exports go too.
        let bound: BTreeSet<VarId> = stms
            .iter()
            .flat_map(|s| s.pat.ctx.iter().chain(&s.pat.vals).copied())
            .collect();
        for v in exported.clone() {
            for d in &self.core.ty(v).dims {
                if let SubExp::Var(x) = d {
                    if bound.contains(x) && !exported.contains(x) {
                        exported.push(*x);
                    }
                }
            }
        }
        let body = Body {
            stms,
            result: exported.iter().map(|v| SubExp::Var(*v)).collect(),
        };
        let inputs = free::of_body(&self.core, &body);
        let pat = Pat {
            ctx: Vec::new(),
            vals: exported,
        };
        // A recursive call inside a SOAC: no device runs it; the host does.
        if body.stms.iter().any(|s| free::has_call(&self.core, &s.exp)) {
            out.stms.push(HostStm::Eval { inputs, body, pat });
            return;
        }
        let kernel = self.add_kernel("seq", inputs, KernelKind::Seq { body });
        out.stms.push(HostStm::Launch { kernel, pat });
    }

    fn add_kernel(&mut self, what: &str, inputs: Vec<VarId>, kind: KernelKind) -> KernelId {
        let id = self.kernels.len();
        self.kernels.push(Kernel {
            name: format!("{what}_{id}"),
            inputs,
            kind,
            part_of: None,
            intra: false,
            tile: None,
        });
        id
    }

    fn new_var(&mut self, name: &str, ty: Type) -> VarId {
        self.core.new_var(name, ty)
    }

    /// The grid kernels of a parallel SOAC whose operators are scalar, or
    /// `None` when it must run sequentially.
    fn grid(&mut self, s: &Stm) -> Option<Vec<HostStm>> {
        // Results whose sizes only the threads know (rows of sizes
        // computed inside) are built by one thread.
        if !s.pat.ctx.is_empty() || free::has_call(&self.core, &s.exp) {
            return None;
        }
        match &s.exp {
            Exp::Screma(sc) => self.screma(s, sc),
            Exp::Hist(h) => self.hist(s, h),
            Exp::Scatter(sc) => self.scatter(s, sc),
            Exp::Iota(_) | Exp::Replicate(..) | Exp::Copy(_) | Exp::Rearrange(..) => {
                self.array_op(s)
            }
            Exp::ArrayLit(..) if repeated_scalar(&s.exp).is_some() => self.array_op(s),
            _ => None,
        }
    }

    /// `iota`, `replicate`, `copy` and transpositions as a SegMap over
    /// the result's elements (or rows, for a replicated array).
    fn array_op(&mut self, s: &Stm) -> Option<Vec<HostStm>> {
        let out = *s.pat.vals.first()?;
        let t = self.core.ty(out).clone();
        // What each thread computes: its index, a value, or an element
        // of an array read through a permutation of the thread's indices.
        let (space_dims, elem): (Vec<SubExp>, Elem) = match &s.exp {
            Exp::Iota(n) => (vec![*n], Elem::Index),
            Exp::Replicate(shape, v) => (shape.clone(), Elem::Value(*v)),
            Exp::ArrayLit(items, _) => (
                vec![SubExp::i64(items.len() as i64)],
                Elem::Value(repeated_scalar(&s.exp)?),
            ),
            Exp::Copy(a) if t.rank() > 0 => {
                (t.dims.clone(), Elem::Read(*a, (0..t.rank()).collect()))
            }
            Exp::Rearrange(perm, a) if t.rank() > 0 => {
                (t.dims.clone(), Elem::Read(*a, perm.clone()))
            }
            _ => return None,
        };
        let gtids: Vec<VarId> = space_dims
            .iter()
            .map(|_| self.new_var("gtid", Type::scalar(PrimType::I64)))
            .collect();
        let (body_stms, res) = match elem {
            Elem::Index => (Vec::new(), SubExp::Var(gtids[0])),
            Elem::Value(v) => (Vec::new(), v),
            Elem::Read(a, perm) => {
                let x = self.new_var("elem", Type::scalar(t.prim));
                let mut idx = vec![DimIndex::Fix(SubExp::i64(0)); perm.len()];
                for (i, k) in perm.iter().enumerate() {
                    idx[*k] = DimIndex::Fix(SubExp::Var(gtids[i]));
                }
                let stm = Stm {
                    pat: Pat {
                        ctx: Vec::new(),
                        vals: vec![x],
                    },
                    exp: Exp::Index(a, idx),
                    loc: s.loc.clone(),
                };
                (vec![stm], SubExp::Var(x))
            }
        };
        let row = Type::array(t.prim, t.dims[space_dims.len().min(t.rank())..].to_vec());
        let lambda = Lambda {
            params: Vec::new(),
            body: Body {
                stms: body_stms,
                result: vec![res],
            },
            ret: vec![row],
        };
        let mut f = Free::default();
        f.lambda(&self.core, &lambda);
        for d in &space_dims {
            if let SubExp::Var(v) = d {
                f.var(&self.core, *v);
            }
        }
        f.bound.extend(gtids.iter().copied());
        let inputs = f.vars();
        // Named after the operation: Futhark counts these as host
        // operations (`metrics::array_op_name`).
        let what = match &s.exp {
            Exp::Iota(_) => "iota",
            Exp::Replicate(..) | Exp::ArrayLit(..) => "replicate",
            Exp::Copy(_) => "copy",
            _ => "segmap",
        };
        let kernel = self.add_kernel(
            what,
            inputs,
            KernelKind::SegMap {
                space: gtids.into_iter().zip(space_dims).collect(),
                arrs: Vec::new(),
                lambda,
            },
        );
        Some(vec![
            HostStm::Alloc(out),
            HostStm::Launch {
                kernel,
                pat: Pat {
                    ctx: Vec::new(),
                    vals: vec![out],
                },
            },
        ])
    }

    /// A SegMap over `w` rows of `arrs` whose results are fresh arrays;
    /// the statements allocating and launching it.
    fn seg_map(
        &mut self,
        w: SubExp,
        arrs: &[VarId],
        lambda: &Lambda,
        outs: &[VarId],
        part_of: Option<&'static [&'static str]>,
    ) -> Vec<HostStm> {
        let gtid = self.new_var("gtid", Type::scalar(PrimType::I64));
        let (arrs, mut lambda) = self.index_params(arrs, lambda, gtid);
        bounds::elide(&self.core, &mut lambda, &[(gtid, w)]);
        if outs.is_empty() && !lambda.body.stms.iter().any(|s| effects(&s.exp)) {
            return Vec::new();
        }
        let (arrs, lambda) = (&arrs, &lambda);
        let mut f = Free::default();
        f.lambda(&self.core, lambda);
        f.bound.insert(gtid);
        for a in arrs {
            f.var(&self.core, *a);
        }
        if let SubExp::Var(v) = w {
            f.var(&self.core, v);
        }
        let inputs = f.vars();
        let kernel = self.add_kernel(
            "segmap",
            inputs,
            KernelKind::SegMap {
                space: vec![(gtid, w)],
                arrs: arrs.to_vec(),
                lambda: lambda.clone(),
            },
        );
        self.kernels[kernel].part_of = part_of;
        let mut stms: Vec<HostStm> = outs.iter().map(|v| HostStm::Alloc(*v)).collect();
        stms.push(HostStm::Launch {
            kernel,
            pat: Pat {
                ctx: Vec::new(),
                vals: outs.to_vec(),
            },
        });
        stms
    }

    /// The arrays whose elements a lambda's results are, when it only
    /// passes on elements of one-dimensional arrays (nothing to compute).
    fn passed_through(&self, l: &Lambda, arrs: &[VarId]) -> Option<Vec<VarId>> {
        if !l.body.stms.is_empty() {
            return None;
        }
        l.body
            .result
            .iter()
            .map(|r| {
                let j = l.params.iter().position(|p| Some(*p) == r.var())?;
                (self.core.ty(arrs[j]).rank() == 1 && !self.is_virtual(arrs[j])).then_some(arrs[j])
            })
            .collect()
    }

    /// The arrays of a lambda's results over `w` rows of `arrs`: the
    /// inputs themselves when it only passes them on, else a SegMap's.
    fn materialise(
        &mut self,
        w: SubExp,
        arrs: &[VarId],
        l: &Lambda,
        name: &str,
        part_of: &'static [&'static str],
        stms: &mut Vec<HostStm>,
    ) -> Vec<VarId> {
        if let Some(passed) = self.passed_through(l, arrs) {
            return passed;
        }
        let temps = self.temporaries(w, &l.ret.clone(), name);
        stms.extend(self.seg_map(w, arrs, l, &temps, Some(part_of)));
        temps
    }

    /// Fresh `[w]t` arrays for the given lambda results.
    fn temporaries(&mut self, w: SubExp, types: &[Type], name: &str) -> Vec<VarId> {
        types
            .iter()
            .map(|t| self.new_var(name, t.with_outer(w)))
            .collect()
    }

    fn screma(&mut self, s: &Stm, sc: &runic_core::ir::Screma) -> Option<Vec<HostStm>> {
        // Nothing comes out of it and nothing it does can be seen: gone.
        if s.pat.vals.is_empty() && s.pat.ctx.is_empty() && !effects(&s.exp) {
            return Some(Vec::new());
        }
        if let Some(post) = &sc.post {
            return self.screma_post(s, sc, post);
        }
        let n_scan: usize = sc.scans.iter().map(|x| x.neutral.len()).sum();
        let n_red: usize = sc.reds.iter().map(|x| x.neutral.len()).sum();
        let ops_ok = sc.scans.iter().all(|x| simple_op(&self.core, &x.lambda))
            && sc.reds.iter().all(|x| simple_op(&self.core, &x.lambda))
            && sc.map.ret[..n_scan + n_red].iter().all(|t| t.rank() == 0);
        if !ops_ok {
            return self.interchanged(s, sc);
        }
        if n_scan + n_red == 0 {
            if sc.attrs.flattening("only_intra") {
                return self.only_intra(s, sc);
            }
            // `only_inner` keeps only the flattened version, `no_outer`
            // the intra-group and flattened ones.
            let seq = versions::worth_sequentialising(&sc.map) && versions::versions_allowed(sc);
            let intra_allowed =
                !sc.attrs.flattening("no_intra") && !sc.attrs.flattening("only_inner");
            if intra_allowed && self.worth_intra(sc) {
                if let Some(stms) = self.intra_versions(s, sc, seq) {
                    return Some(stms);
                }
            }
            if seq {
                let widths = self.nest_widths(sc);
                let alts = self.alternatives(
                    s,
                    &widths,
                    |x, s| Some(x.outer_map(s, sc)),
                    |x, s| x.flattened(s, sc),
                );
                if alts.is_some() {
                    return alts;
                }
            }
            if let Some(stms) = self.segmented(s, sc) {
                return Some(stms);
            }
            if let Some(stms) = self.update_split(s, sc) {
                return Some(stms);
            }
            if let Some(stms) = self.distributed(s, sc) {
                return Some(stms);
            }
            if let Some(stms) = self.interchanged(s, sc) {
                return Some(stms);
            }
            if !versions::versions_allowed(sc) {
                if let Some(stms) = self.loop_interchanged(s, sc) {
                    return Some(stms);
                }
                if let Some(stms) = self.irregular(s, sc) {
                    return Some(stms);
                }
            }
            return Some(self.outer_map(s, sc));
        }
        if versions::versionable_ops(sc) && versions::versions_allowed(sc) {
            let alts = self.alternatives(
                s,
                &[sc.w],
                |x, s| x.screma_ops(s, sc),
                |x, s| x.split_screma(s, sc),
            );
            if alts.is_some() {
                return alts;
            }
        }
        self.screma_ops(s, sc)
    }

    /// A screma of scans or reductions (operators of scalars): a SegMap
    /// computing the operands where the map lambda does more than pass
    /// rows on, then one SegScan or SegRed per operator.
    fn screma_ops(&mut self, s: &Stm, sc: &runic_core::ir::Screma) -> Option<Vec<HostStm>> {
        let n_scan: usize = sc.scans.iter().map(|x| x.neutral.len()).sum();
        let n_red: usize = sc.reds.iter().map(|x| x.neutral.len()).sum();
        let mut stms = Vec::new();
        // The operands: the input arrays themselves when the map lambda
        // only passes rows of one-dimensional arrays on.
        let only_operands = n_scan + n_red == sc.map.ret.len();
        let passed = only_operands.then(|| self.passed_through(&sc.map, &sc.arrs));
        if matches!(passed, Some(None)) && self.map_fuses_into_reduction(sc) {
            return Some(self.mapped_reduction(s, sc));
        }
        let operands = match passed.flatten() {
            Some(arrs) => arrs,
            None => {
                let ops = self.temporaries(sc.w, &sc.map.ret[..n_scan + n_red], "op");
                let mut outs = ops.clone();
                outs.extend_from_slice(&s.pat.vals[n_scan + n_red..]);
                let of: &[&str] = if n_red > 0 { &["SegRed"] } else { &["SegScan"] };
                stms.extend(self.seg_map(sc.w, &sc.arrs, &sc.map, &outs, Some(of)));
                ops
            }
        };
        let mut at = 0;
        for scan in &sc.scans {
            let k = scan.neutral.len();
            let arrs = operands[at..at + k].to_vec();
            let outs = s.pat.vals[at..at + k].to_vec();
            let inputs = self.op_inputs(&arrs, &scan.lambda, &scan.neutral, sc.w);
            let kernel = self.add_kernel(
                "segscan",
                inputs,
                KernelKind::SegScan {
                    w: sc.w,
                    segs: None,
                    arrs,
                    scan: scan.clone(),
                },
            );
            stms.extend(outs.iter().map(|v| HostStm::Alloc(*v)));
            stms.push(HostStm::Launch {
                kernel,
                pat: Pat {
                    ctx: Vec::new(),
                    vals: outs,
                },
            });
            at += k;
        }
        for red in &sc.reds {
            let k = red.neutral.len();
            let arrs = operands[at..at + k].to_vec();
            let outs = s.pat.vals[at..at + k].to_vec();
            let inputs = self.op_inputs(&arrs, &red.lambda, &red.neutral, sc.w);
            let kernel = self.add_kernel(
                "segred",
                inputs,
                KernelKind::SegRed {
                    w: sc.w,
                    segs: None,
                    arrs,
                    map: None,
                    red: red.clone(),
                },
            );
            if at > n_scan {
                self.kernels[kernel].part_of = Some(&["SegRed"]);
            }
            stms.push(HostStm::Launch {
                kernel,
                pat: Pat {
                    ctx: Vec::new(),
                    vals: outs,
                },
            });
            at += k;
        }
        Some(stms)
    }

    /// The flattened version of a map: a segmented operation, a
    /// distribution, or an interchange with an inner SOAC or with a loop,
    /// the first that applies.
    fn flattened(&mut self, s: &Stm, sc: &runic_core::ir::Screma) -> Option<Vec<HostStm>> {
        self.segmented(s, sc)
            .or_else(|| self.update_split(s, sc))
            .or_else(|| self.distributed(s, sc))
            .or_else(|| self.interchanged(s, sc))
            .or_else(|| self.loop_interchanged(s, sc))
            .or_else(|| self.irregular(s, sc))
    }

    /// A map with a thread per point of its perfect nest of maps (per
    /// row where there is none), what is inside run sequentially.
    fn outer_map(&mut self, s: &Stm, sc: &runic_core::ir::Screma) -> Vec<HostStm> {
        match self.flatten_nest(s, sc) {
            Some(stms) => stms,
            None => self.seg_map(sc.w, &sc.arrs, &sc.map, &s.pat.vals, None),
        }
    }

    /// A screma with a post function (a map fused after its scans): the
    /// screma without it into temporary mapped arrays, then the post
    /// function as a SegMap over the rows of the scanned and mapped
    /// arrays.
    fn screma_post(
        &mut self,
        s: &Stm,
        sc: &runic_core::ir::Screma,
        post: &Lambda,
    ) -> Option<Vec<HostStm>> {
        let n_scan: usize = sc.scans.iter().map(|x| x.neutral.len()).sum();
        let n_red: usize = sc.reds.iter().map(|x| x.neutral.len()).sum();
        let mapped = self.temporaries(sc.w, &sc.map.ret[n_scan + n_red..], "mapped");
        let mut vals = s.pat.vals[..n_scan + n_red].to_vec();
        vals.extend_from_slice(&mapped);
        let pre_sc = runic_core::ir::Screma {
            post: None,
            ..sc.clone()
        };
        let pre = Stm {
            pat: Pat {
                ctx: Vec::new(),
                vals,
            },
            exp: Exp::Screma(Box::new(pre_sc.clone())),
            loc: s.loc.clone(),
        };
        // (`None` when its operators need one thread: the whole statement
        // does then.)
        let mut stms = self.screma(&pre, &pre_sc)?;
        let mut arrs = s.pat.vals[..n_scan].to_vec();
        arrs.extend(mapped);
        stms.extend(self.seg_map(sc.w, &arrs, post, &s.pat.vals[n_scan + n_red..], None));
        Some(stms)
    }

    /// A nest of maps, each lambda a map of a width known outside (after
    /// cheap statements: operations, indexing, transpositions), as one
    /// SegMap over the product of the widths: a thread per innermost
    /// element.
    fn flatten_nest(&mut self, s: &Stm, outer: &runic_core::ir::Screma) -> Option<Vec<HostStm>> {
        if outer.arrs.iter().any(|a| self.core.ty(*a).rank() == 0) {
            return None;
        }
        // Each level: its width, its lambda's parameters and arrays, and
        // the statements before the nested map (all of them innermost).
        let mut levels: Vec<Level> = Vec::new();
        let mut bound_inside: BTreeSet<VarId> = BTreeSet::new();
        let (mut w, mut arrs, mut l) = (outer.w, &outer.arrs[..], &outer.map);
        loop {
            bound_inside.extend(l.params.iter().copied());
            let Some(inner) = self.nested_map(l, &bound_inside) else {
                levels.push((w, &l.params, arrs, &l.body.stms));
                break;
            };
            let before = &l.body.stms[..l.body.stms.len() - 1];
            bound_inside.extend(
                before
                    .iter()
                    .flat_map(|b| b.pat.ctx.iter().chain(&b.pat.vals)),
            );
            levels.push((w, &l.params, arrs, before));
            (w, arrs, l) = (inner.w, &inner.arrs[..], &inner.map);
        }
        if levels.len() < 2 {
            return None;
        }
        let i64t = Type::scalar(PrimType::I64);
        let gtids: Vec<VarId> = levels
            .iter()
            .map(|_| self.new_var("gtid", i64t.clone()))
            .collect();
        // Each level's parameters: rows of its arrays at its index; then
        // its statements.
        let mut stms: Vec<Stm> = Vec::new();
        for ((_, params, arrs, before), g) in levels.iter().zip(&gtids) {
            stms.extend(params.iter().zip(arrs.iter()).map(|(p, a)| Stm {
                pat: Pat {
                    ctx: Vec::new(),
                    vals: vec![*p],
                },
                exp: if self.is_virtual(*a) {
                    Exp::SubExp(SubExp::Var(*g))
                } else {
                    Exp::Index(*a, vec![DimIndex::Fix(SubExp::Var(*g))])
                },
                loc: None,
            }));
            stms.extend(before.iter().cloned());
        }
        let mut lambda = Lambda {
            params: Vec::new(),
            body: Body {
                stms,
                result: l.body.result.clone(),
            },
            ret: l.ret.clone(),
        };
        let space: Vec<(VarId, SubExp)> = gtids
            .iter()
            .copied()
            .zip(levels.iter().map(|l| l.0))
            .collect();
        bounds::elide(&self.core, &mut lambda, &space);
        let mut f = Free::default();
        f.lambda(&self.core, &lambda);
        for (_, w) in &space {
            if let SubExp::Var(v) = w {
                f.var(&self.core, *v);
            }
        }
        f.bound.extend(gtids.iter().copied());
        let kernel = self.add_kernel(
            "segmap",
            f.vars(),
            KernelKind::SegMap {
                space,
                arrs: Vec::new(),
                lambda,
            },
        );
        let mut out: Vec<HostStm> = s.pat.vals.iter().map(|v| HostStm::Alloc(*v)).collect();
        out.push(HostStm::Launch {
            kernel,
            pat: Pat {
                ctx: Vec::new(),
                vals: s.pat.vals.clone(),
            },
        });
        Some(out)
    }

    /// The map a lambda ends in, when it can be one more level of a
    /// flattened nest: cheap statements before it, a width not computed
    /// inside the nest (`bound_inside`), and the lambda's results exactly
    /// the map's.
    fn nested_map<'l>(
        &self,
        l: &'l Lambda,
        bound_inside: &BTreeSet<VarId>,
    ) -> Option<&'l runic_core::ir::Screma> {
        let (last, before) = l.body.stms.split_last()?;
        let Exp::Screma(inner) = &last.exp else {
            return None;
        };
        let cheap = before.iter().all(|b| cheap(&b.exp));
        let bound_before = |v: VarId| {
            bound_inside.contains(&v)
                || before
                    .iter()
                    .any(|b| b.pat.ctx.contains(&v) || b.pat.vals.contains(&v))
        };
        let regular = inner.w.var().is_none_or(|w| !bound_before(w));
        let results_are_inner = l.body.result.iter().map(|r| r.var()).eq(last
            .pat
            .vals
            .iter()
            .map(|v| Some(*v)));
        (cheap
            && regular
            && inner.scans.is_empty()
            && inner.reds.is_empty()
            && last.pat.ctx.is_empty()
            && results_are_inner)
            .then_some(inner.as_ref())
    }

    /// The inputs of an operator kernel: its arrays, the operator's free
    /// variables, the neutral elements and the width.
    fn op_inputs(&self, arrs: &[VarId], l: &Lambda, neutral: &[SubExp], w: SubExp) -> Vec<VarId> {
        let mut f = Free::default();
        f.lambda(&self.core, l);
        for a in arrs {
            f.var(&self.core, *a);
        }
        for n in neutral.iter().chain(std::iter::once(&w)) {
            if let SubExp::Var(v) = n {
                f.var(&self.core, *v);
            }
        }
        f.vars()
    }
}

/// One level of a map nest: its width, its lambda's parameters and
/// arrays, and the statements before the nested map.
type Level<'a> = (SubExp, &'a [VarId], &'a [VarId], &'a [Stm]);

/// The element a thread of an array operation's SegMap computes.
enum Elem {
    /// Its (outermost) index.
    Index,
    Value(SubExp),
    /// The element of an array at its indices permuted.
    Read(VarId, Vec<usize>),
}

/// The variable an array literal of scalars repeats in every element
/// (`[x]`, `[x, x]`): a `replicate`, as Futhark's simplifier makes it.
/// Literals of constants stay literals (copies of static data).
fn repeated_scalar(e: &Exp) -> Option<SubExp> {
    match e {
        Exp::ArrayLit(items, row) if row.rank() == 0 => {
            let first = *items.first()?;
            (first.var().is_some() && items.iter().all(|x| *x == first)).then_some(first)
        }
        _ => None,
    }
}

/// Whether a statement before a nested SOAC can be run by every thread
/// of a flattened nest: operations, indexing, transpositions, asserts.
fn cheap(e: &Exp) -> bool {
    matches!(
        e,
        Exp::SubExp(_) | Exp::Scalar(..) | Exp::Index(..) | Exp::Rearrange(..) | Exp::Assert(..)
    )
}

/// Whether an expression can do something seen outside it: fail an
/// assertion, trace, call a function (which might not return).
fn effects(e: &Exp) -> bool {
    if matches!(e, Exp::Assert(..) | Exp::Trace(_) | Exp::Apply(..)) {
        return true;
    }
    let mut found = false;
    e.for_each_body(|b| found = found || b.stms.iter().any(|s| effects(&s.exp)));
    found
}

fn live_with(live: &BTreeSet<VarId>, more: &BTreeSet<VarId>) -> BTreeSet<VarId> {
    let mut all = live.clone();
    all.extend(more.iter().copied());
    all
}

/// Whether the element type has atomic compare-and-swap in OpenCL (32 or
/// 64 bits).
pub fn atomic_prim(t: PrimType) -> bool {
    matches!(
        t,
        PrimType::I32
            | PrimType::U32
            | PrimType::I64
            | PrimType::U64
            | PrimType::F32
            | PrimType::F64
    )
}

/// Whether an operator works on scalars only, with no asserts and no
/// arrays inside (what the reduction, scan and histogram kernels inline).
pub fn simple_op(p: &Program, l: &Lambda) -> bool {
    l.params.iter().all(|v| p.ty(*v).rank() == 0)
        && l.ret.iter().all(|t| t.rank() == 0)
        && simple_body(p, &l.body)
}

fn simple_body(p: &Program, b: &Body) -> bool {
    b.stms.iter().all(|s| {
        s.pat.vals.iter().all(|v| p.ty(*v).rank() == 0)
            && match &s.exp {
                Exp::SubExp(x) => p.subexp_type(*x).rank() == 0,
                Exp::Scalar(..) => true,
                Exp::If {
                    then_body,
                    else_body,
                    ..
                } => simple_body(p, then_body) && simple_body(p, else_body),
                _ => false,
            }
    })
}
