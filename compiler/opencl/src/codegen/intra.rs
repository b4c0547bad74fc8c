//! Intra-block kernels (a SegMap at work-group level, `Kernel::intra`):
//! a work-group per point of the space, whose threads run the screma
//! statements at the top of the row's computation together.
//!
//! Statements between those run in every thread alike (scalars and views
//! only: the same values everywhere, so a failing assertion stops the
//! whole group). A screma of scalars is one pass over contiguous chunks
//! of its rows, a chunk per thread (order kept for operators that do not
//! commute): the map's results go to arrays of the group (allocated alike
//! by every thread from the group's part of the heap), each thread's
//! partial scan and reduction to local memory; a tree combines the
//! reductions' partials of neighbours, one thread scans the chunks'
//! totals, and a second pass adds each chunk's prefix to its scanned
//! elements. Barriers separate the phases.
//!
//! Rows whose computation has anything else at group level (loops,
//! in-place updates, histograms, nested maps) or whose operators allocate
//! or check are generated as a thread per point instead ([`supported`]
//! says which): the same results, without the group's parallelism.
//!
//! Arguments as a SegMap's; the runtime launches a group of
//! `GROUP` threads per point.

use runic_core::ir::{
    Body, DimIndex, Exp, Lambda, LoopForm, Pat, Screma, Stm, SubExp, Type, VarId,
};
use runic_core::Program;
use runic_kernels::ir::{Kernel, KernelKind};
use runic_sema::types::PrimType;

use super::scalar::c_type;
use super::thread::Thread;
use super::values::{var_name, Emitter, Val, View};
use super::{bind_inputs, product, AssertInfo, KernelCode};

/// The largest work-group the generated code declares local memory for
/// (the runtime launches groups of at most this many threads).
pub const GROUP: usize = 256;

type Gen<T = ()> = Result<T, String>;

/// Whether a kernel's rows can run at group level here.
pub fn supported(p: &Program, k: &Kernel) -> bool {
    let KernelKind::SegMap { space, lambda, .. } = &k.kind else {
        return false;
    };
    k.intra && space.len() == 1 && group_body(p, &k.inputs, &lambda.body)
}

fn group_body(p: &Program, inputs: &[VarId], b: &Body) -> bool {
    b.stms.iter().all(|s| group_stm(p, inputs, s))
}

/// Whether a body has no statement the group synchronises in (barriers
/// only sit where every thread of every group gets: PoCL, for one, hangs
/// on a barrier under a branch whose condition it reads from memory).
fn no_barrier(b: &Body) -> bool {
    b.stms.iter().all(|s| match &s.exp {
        Exp::Screma(_) | Exp::Update(..) => false,
        e => {
            let mut ok = true;
            e.for_each_body(|b| ok = ok && no_barrier(b));
            ok
        }
    })
}

fn group_stm(p: &Program, inputs: &[VarId], s: &Stm) -> bool {
    match &s.exp {
        Exp::If {
            then_body,
            else_body,
            ..
        } => {
            no_barrier(then_body)
                && no_barrier(else_body)
                && group_body(p, inputs, then_body)
                && group_body(p, inputs, else_body)
        }
        // A loop synchronising the group runs a count of iterations every
        // thread knows from the start.
        Exp::Loop { form, body, .. } => {
            let uniform = match form {
                LoopForm::For { bound, .. } => bound.var().is_none_or(|v| inputs.contains(&v)),
                LoopForm::While(_) => false,
            };
            (uniform || no_barrier(body)) && group_body(p, inputs, body)
        }
        Exp::Update(a, idx, v) => {
            p.subexp_type(*v).rank() == 0
                && idx.len() == p.ty(*a).rank()
                && idx.iter().all(|i| matches!(i, DimIndex::Fix(_)))
        }
        Exp::Screma(sc) => {
            sc.post.is_none()
                && sc.arrs.iter().all(|a| p.ty(*a).rank() > 0)
                && sc.map.ret.iter().all(|t| t.rank() == 0)
                && thread_lambda(p, &sc.map)
                && sc
                    .scans
                    .iter()
                    .all(|x| runic_kernels::extract::simple_op(p, &x.lambda))
                && sc
                    .reds
                    .iter()
                    .all(|x| runic_kernels::extract::simple_op(p, &x.lambda))
        }
        // Everything else every thread runs alike: arrays it builds are
        // built by each thread into the same memory, with the same values.
        e => !matches!(e, Exp::Apply(..)) && no_soac(e),
    }
}

/// A statement that binds only scalars, or a view of an array.
fn view_or_scalar(p: &Program, s: &Stm) -> bool {
    matches!(s.exp, Exp::Index(..) | Exp::Rearrange(..))
        || matches!(s.exp, Exp::SubExp(SubExp::Var(_)))
        || s.pat.vals.iter().all(|v| p.ty(*v).rank() == 0)
}

fn no_soac(e: &Exp) -> bool {
    !runic_kernels::free::has_soac(e)
}

/// A lambda each thread runs for its elements: nothing allocated, nothing
/// checked (a thread must not leave the group early), no calls.
fn thread_lambda(p: &Program, l: &Lambda) -> bool {
    thread_body(p, &l.body)
}

fn thread_body(p: &Program, b: &Body) -> bool {
    b.stms.iter().all(|s| {
        view_or_scalar(p, s) && !matches!(s.exp, Exp::Assert(..) | Exp::Apply(..)) && {
            let mut ok = true;
            s.exp.for_each_body(|b| ok = ok && thread_body(p, b));
            ok
        }
    })
}

/// The kernel of a supported intra-block SegMap.
pub fn kernel(p: &Program, k: &Kernel, asserts: &mut Vec<AssertInfo>) -> Gen<(String, KernelCode)> {
    let KernelKind::SegMap {
        space,
        arrs,
        lambda,
    } = &k.kind
    else {
        return Err("internal error: an intra-block kernel is a segmap".into());
    };
    let mut params = super::heap_params(p, k);
    let mut g = Group {
        t: Thread::new(Emitter::new(p), asserts),
        locals: Vec::new(),
        pool: Vec::new(),
    };
    bind_inputs(&mut g.t, &k.inputs);
    let outs: Vec<(PrimType, usize)> = lambda.ret.iter().map(|r| (r.prim, r.rank() + 1)).collect();
    for (j, (prim, rank)) in outs.iter().enumerate() {
        params.push(format!("__global {}* out{j}_p", c_type(*prim)));
        for d in 0..*rank {
            params.push(format!("long out{j}_d{d}"));
        }
    }
    let (gtid, n) = space[0];
    let n = g.t.val(n)?.scalar();
    let e = &mut g.t.e;
    e.line("long grp = get_group_id(0), lid = get_local_id(0), gsz = get_local_size(0);");
    e.line(&format!("if (grp >= {}) return;", product(&[n])));
    e.line("long hstart = grp * quota, hp = hstart, hend = hstart + quota;");
    let gname = var_name(gtid);
    e.line(&format!("long {gname} = grp;"));
    g.t.set(gtid, Val::S(gname.clone(), PrimType::I64));
    for (prm, a) in lambda.params.iter().zip(arrs) {
        let Val::A(view) = g.t.val(SubExp::Var(*a))? else {
            return Err("internal error: a segmap over a scalar".into());
        };
        g.t.bind(*prm, &view.row(std::slice::from_ref(&gname)));
    }
    let results = g.body(&lambda.body)?;
    for (j, ((prim, rank), r)) in outs.iter().zip(&results).enumerate() {
        let out = super::out_view(j, *prim, *rank);
        g.store(&out.row(std::slice::from_ref(&gname)), r);
    }
    let allocates = g.t.e.allocates;
    let text = format!(
        "__kernel void {}({}) {{\n{}{}{}}}\n\n",
        k.name,
        params.join(", "),
        g.locals.concat(),
        super::GROUP_SKIP_AFTER_FAILURE,
        g.t.e.out
    );
    Ok((
        text,
        KernelCode {
            entries: vec![k.name.clone()],
            allocates,
            group: true,
        },
    ))
}

/// A group's code in progress: the thread code, and the local memory it
/// declares (at the kernel's scope, as OpenCL requires): arrays of each
/// element type, shared by the scremas one after the other (each ends
/// with a barrier once its partials are read).
struct Group<'a, 'b> {
    t: Thread<'a, 'b>,
    locals: Vec<String>,
    pool: Vec<(PrimType, String)>,
}

impl Group<'_, '_> {
    fn barrier(&mut self) {
        self.t
            .e
            .line("barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);");
    }

    /// A local array of `GROUP` elements not among `taken`.
    fn local(&mut self, prim: PrimType, taken: &[String]) -> String {
        if let Some((_, name)) = self
            .pool
            .iter()
            .find(|(p, name)| *p == prim && !taken.contains(name))
        {
            return name.clone();
        }
        let name = self.t.e.fresh("loc");
        self.locals
            .push(format!("  __local {} {name}[{GROUP}];\n", c_type(prim)));
        self.pool.push((prim, name.clone()));
        name
    }

    /// Copies `src` into `dst` (same shape), the group's threads sharing
    /// the innermost dimension.
    fn copy(&mut self, d: &View, v: &View) {
        let e = &mut self.t.e;
        let idx: Vec<String> = (0..d.rank()).map(|_| e.fresh("c")).collect();
        let last = d.rank().saturating_sub(1);
        for (k, i) in idx.iter().enumerate() {
            let (start, step) = if k == last {
                ("lid", "gsz")
            } else {
                ("0", "1")
            };
            e.open(&format!(
                "for (long {i} = {start}; {i} < {}; {i} += {step}) {{",
                d.dims[k]
            ));
        }
        e.line(&format!("{} = {};", d.at(&idx), v.at(&idx)));
        for _ in &idx {
            e.close();
        }
    }

    /// A fresh array of the group holding a copy of a view.
    fn fresh_copy(&mut self, src: &View) -> View {
        let dst = self.t.e.alloc(src.prim, src.dims.clone());
        self.copy(&dst, src);
        self.barrier();
        dst
    }

    /// A value the group may write: arrays copied unless fresh.
    fn owned(&mut self, x: SubExp) -> Gen<Val> {
        match self.t.val(x)? {
            Val::A(view) if !self.t.is_owned(x) => Ok(Val::A(self.fresh_copy(&view))),
            other => Ok(other),
        }
    }

    /// Stores a value into a row of an output, the group's threads
    /// sharing the innermost dimension.
    fn store(&mut self, dst: &Val, value: &Val) {
        match (dst, value) {
            (Val::A(d), Val::A(v)) if d.rank() > 0 => {
                let differs: Vec<String> = d
                    .dims
                    .iter()
                    .zip(&v.dims)
                    .map(|(a, b)| format!("{a} != {b}"))
                    .collect();
                self.t
                    .e
                    .line(&format!("if ({}) FAIL_SHAPE();", differs.join(" || ")));
                self.copy(d, v);
            }
            _ => {
                self.t.e.open("if (lid == 0) {");
                self.t.e.store(dst, value);
                self.t.e.close();
            }
        }
    }

    /// A body at group level; its results.
    fn body(&mut self, b: &Body) -> Gen<Vec<Val>> {
        for s in &b.stms {
            match &s.exp {
                Exp::Screma(sc) => self.screma(s, sc)?,
                Exp::If {
                    cond,
                    then_body,
                    else_body,
                } => self.if_(s, *cond, then_body, else_body)?,
                Exp::Loop {
                    ctx,
                    params,
                    form,
                    body,
                } => self.loop_(s, ctx, params, form, body)?,
                Exp::Update(a, idx, v) => self.update(s, *a, idx, *v)?,
                _ => self.t.stm_pub(s)?,
            }
        }
        b.result.iter().map(|r| self.t.val(*r)).collect()
    }

    /// Variables for a pattern's values, declared.
    fn declare(&mut self, vars: &[VarId]) -> Vec<Val> {
        vars.iter()
            .map(|v| {
                let name = self.t.e.fresh("o");
                let t = self.t.e.p.ty(*v).clone();
                self.t.e.declare(&name, &t)
            })
            .collect()
    }

    /// A branch of the group (its condition is the same in every
    /// thread).
    fn if_(&mut self, s: &Stm, cond: SubExp, then_body: &Body, else_body: &Body) -> Gen {
        let outs = self.declare(&s.pat.vals);
        let c = self.t.val(cond)?.scalar();
        self.t.e.open(&format!("if ({c}) {{"));
        let vals = self.body(then_body)?;
        for (o, v) in outs.iter().zip(&vals) {
            self.t.e.assign(o, v);
        }
        self.t.e.close();
        self.t.e.open("else {");
        let vals = self.body(else_body)?;
        for (o, v) in outs.iter().zip(&vals) {
            self.t.e.assign(o, v);
        }
        self.t.e.close();
        self.t.bind_results(&s.pat, outs, false);
        Ok(())
    }

    /// A loop of the group: its array parameters the group's own (copied
    /// in unless fresh), each iteration's arrays fresh.
    fn loop_(
        &mut self,
        s: &Stm,
        ctx: &[VarId],
        params: &[(VarId, SubExp)],
        form: &LoopForm,
        body: &Body,
    ) -> Gen {
        let vars: Vec<VarId> = params.iter().map(|(v, _)| *v).collect();
        let cells = self.declare(&vars);
        for ((_, init), cell) in params.iter().zip(&cells) {
            let value = self.owned(*init)?;
            self.t.e.assign(cell, &value);
        }
        match form {
            LoopForm::For { i, bound } => {
                let n = self.t.val(*bound)?.scalar();
                let iv = var_name(*i);
                self.t
                    .e
                    .open(&format!("for (long {iv} = 0; {iv} < {n}; {iv}++) {{"));
                self.t.set(*i, Val::S(iv, PrimType::I64));
            }
            LoopForm::While(c) => {
                let k = vars.iter().position(|v| v == c).unwrap_or(0);
                let cond = cells[k].scalar();
                self.t.e.open(&format!("while ({cond}) {{"));
            }
        }
        let pat = Pat {
            ctx: ctx.to_vec(),
            vals: vars.clone(),
        };
        self.t.bind_results(&pat, cells.clone(), true);
        self.body(body)?;
        // Next values through temporaries (a result may name a parameter).
        let mut temps = Vec::new();
        for (v, r) in vars.iter().zip(&body.result) {
            let value = self.owned(*r)?;
            let name = self.t.e.fresh("n");
            let t = self.t.e.p.ty(*v).clone();
            temps.push(self.t.e.bind_new(&name, &t, &value));
        }
        for (c, t) in cells.iter().zip(&temps) {
            self.t.e.assign(c, t);
        }
        self.barrier();
        self.t.e.close();
        self.t.bind_results(&s.pat, cells, true);
        Ok(())
    }

    /// `a with [idx] = v` by one thread of the group, once every thread
    /// is done with `a`.
    fn update(&mut self, s: &Stm, a: VarId, idx: &[DimIndex], v: SubExp) -> Gen {
        let Val::A(dst) = self.owned(SubExp::Var(a))? else {
            return Err("internal error: an update of a scalar".into());
        };
        let at = idx
            .iter()
            .map(|i| match i {
                DimIndex::Fix(x) => self.t.val(*x).map(|x| x.scalar()),
                DimIndex::Slice { .. } => Err("internal error: a sliced update".to_string()),
            })
            .collect::<Gen<Vec<_>>>()?;
        let value = self.t.val(v)?.scalar();
        self.barrier();
        self.t
            .e
            .line(&format!("if (lid == 0) {} = {value};", dst.at(&at)));
        self.barrier();
        self.t.bind_results(&s.pat, vec![Val::A(dst)], true);
        Ok(())
    }

    /// A screma of scalars by the whole group (see the module's doc).
    fn screma(&mut self, s: &Stm, sc: &Screma) -> Gen {
        let w = self.t.val(sc.w)?.scalar();
        let views = sc
            .arrs
            .iter()
            .map(|a| match self.t.val(SubExp::Var(*a))? {
                Val::A(v) => Ok(v),
                Val::S(..) => Err("internal error: a screma over a scalar".to_string()),
            })
            .collect::<Gen<Vec<_>>>()?;
        let ret = &sc.map.ret;
        let n_scan: usize = sc.scans.iter().map(|x| x.neutral.len()).sum();
        let n_red: usize = sc.reds.iter().map(|x| x.neutral.len()).sum();
        // Arrays of the group: scanned, then mapped results.
        let mut arrays = Vec::new();
        for t in ret[..n_scan].iter().chain(&ret[n_scan + n_red..]) {
            arrays.push(self.t.e.alloc(t.prim, vec![w.clone()]));
        }
        let (scanned, mapped) = arrays.split_at(n_scan);
        // Accumulators: each thread's running scans and reductions.
        let neutral: Vec<Val> = sc
            .scans
            .iter()
            .map(|x| &x.neutral)
            .chain(sc.reds.iter().map(|x| &x.neutral))
            .flatten()
            .map(|n| self.t.val(*n))
            .collect::<Gen<_>>()?;
        let accs: Vec<Val> = ret[..n_scan + n_red]
            .iter()
            .zip(&neutral)
            .map(|(t, n)| {
                let name = self.t.e.fresh("acc");
                self.t.e.bind_new(&name, t, n)
            })
            .collect();
        let e = &mut self.t.e;
        let chunk = e.fresh("chunk");
        e.line(&format!("long {chunk} = ({w} + gsz - 1) / gsz;"));
        e.line(&format!(
            "long {chunk}_lo = min(lid * {chunk}, (long)({w})), {chunk}_hi = min({chunk}_lo + {chunk}, (long)({w}));"
        ));
        let i = e.fresh("i");
        e.open(&format!(
            "for (long {i} = {chunk}_lo; {i} < {chunk}_hi; {i}++) {{"
        ));
        let rows: Vec<Val> = views
            .iter()
            .map(|v| v.row(std::slice::from_ref(&i)))
            .collect();
        let out = self.t.apply(&sc.map, rows)?;
        let mut at = 0;
        for scan in &sc.scans {
            let k = scan.neutral.len();
            self.combine_into(&scan.lambda, &accs[at..at + k], &out[at..at + k])?;
            for j in at..at + k {
                let dst = scanned[j].row(std::slice::from_ref(&i));
                self.t.e.store(&dst, &accs[j]);
            }
            at += k;
        }
        for red in &sc.reds {
            let k = red.neutral.len();
            self.combine_into(&red.lambda, &accs[at..at + k], &out[at..at + k])?;
            at += k;
        }
        for (m, x) in mapped.iter().zip(&out[at..]) {
            self.t.e.store(&m.row(std::slice::from_ref(&i)), x);
        }
        self.t.e.close();
        // Each thread's partials in local memory.
        let mut parts: Vec<String> = Vec::new();
        for t in &ret[..n_scan + n_red] {
            let name = self.local(t.prim, &parts);
            parts.push(name);
        }
        for (part, acc) in parts.iter().zip(&accs) {
            self.t.e.line(&format!("{part}[lid] = {};", acc.scalar()));
        }
        self.barrier();
        let mut results: Vec<Val> = scanned.iter().cloned().map(Val::A).collect();
        // Scans: one thread scans the chunks' totals (exclusively, into
        // the partials), then every thread adds its prefix.
        let mut at = 0;
        for scan in &sc.scans {
            let k = scan.neutral.len();
            let prims: Vec<PrimType> = ret[at..at + k].iter().map(|t| t.prim).collect();
            let cells = &parts[at..at + k];
            self.t.e.open("if (lid == 0) {");
            let run = self.cells(&prims, &neutral[at..at + k]);
            let t = self.t.e.fresh("t");
            self.t
                .e
                .open(&format!("for (long {t} = 0; {t} < gsz; {t}++) {{"));
            let here: Vec<Val> = cells
                .iter()
                .zip(&prims)
                .map(|(c, p)| Val::S(format!("{c}[{t}]"), *p))
                .collect();
            let saved = self.cells(&prims, &here);
            for (c, r) in cells.iter().zip(&run) {
                self.t.e.line(&format!("{c}[{t}] = {};", r.scalar()));
            }
            self.combine_into(&scan.lambda, &run, &saved)?;
            self.t.e.close();
            self.t.e.close();
            self.barrier();
            self.t.e.open("if (lid > 0) {");
            let prefix: Vec<Val> = cells
                .iter()
                .zip(&prims)
                .map(|(c, p)| Val::S(format!("{c}[lid]"), *p))
                .collect();
            let prefix = self.cells(&prims, &prefix);
            let i = self.t.e.fresh("i");
            self.t.e.open(&format!(
                "for (long {i} = {chunk}_lo; {i} < {chunk}_hi; {i}++) {{"
            ));
            let elems: Vec<Val> = scanned[at..at + k]
                .iter()
                .map(|a| a.row(std::slice::from_ref(&i)))
                .collect();
            let mut args = prefix.clone();
            args.extend(elems.iter().cloned());
            let next = self.t.apply(&scan.lambda, args)?;
            for (dst, x) in elems.iter().zip(&next) {
                self.t.e.store(dst, x);
            }
            self.t.e.close();
            self.t.e.close();
            at += k;
        }
        // Reductions: a tree over neighbours' partials.
        for red in &sc.reds {
            let k = red.neutral.len();
            let prims: Vec<PrimType> = ret[at..at + k].iter().map(|t| t.prim).collect();
            let cells = &parts[at..at + k];
            let st = self.t.e.fresh("st");
            self.t
                .e
                .open(&format!("for (long {st} = 1; {st} < gsz; {st} *= 2) {{"));
            self.t.e.open(&format!(
                "if (lid % (2 * {st}) == 0 && lid + {st} < gsz) {{"
            ));
            let mut args: Vec<Val> = cells
                .iter()
                .zip(&prims)
                .map(|(c, p)| Val::S(format!("{c}[lid]"), *p))
                .collect();
            args.extend(
                cells
                    .iter()
                    .zip(&prims)
                    .map(|(c, p)| Val::S(format!("{c}[lid + {st}]"), *p)),
            );
            let next = self.t.apply(&red.lambda, args)?;
            for (c, x) in cells.iter().zip(&next) {
                self.t.e.line(&format!("{c}[lid] = {};", x.scalar()));
            }
            self.t.e.close();
            self.barrier();
            self.t.e.close();
            let totals: Vec<Val> = cells
                .iter()
                .zip(&prims)
                .map(|(c, p)| Val::S(format!("{c}[0]"), *p))
                .collect();
            results.extend(self.cells(&prims, &totals));
            at += k;
        }
        self.barrier();
        results.extend(mapped.iter().cloned().map(Val::A));
        self.t.bind_results(&s.pat, results, true);
        Ok(())
    }

    /// Fresh variables holding values.
    fn cells(&mut self, prims: &[PrimType], values: &[Val]) -> Vec<Val> {
        prims
            .iter()
            .zip(values)
            .map(|(p, v)| {
                let name = self.t.e.fresh("x");
                self.t.e.bind_new(&name, &Type::scalar(*p), v)
            })
            .collect()
    }

    /// `accs = op(accs, xs)`.
    fn combine_into(&mut self, op: &Lambda, accs: &[Val], xs: &[Val]) -> Gen {
        let mut args = accs.to_vec();
        args.extend(xs.iter().cloned());
        let next = self.t.apply(op, args)?;
        for (a, x) in accs.iter().zip(&next) {
            self.t.e.assign(a, x);
        }
        Ok(())
    }
}
