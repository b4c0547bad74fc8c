//! Core statements as sequential OpenCL C for one thread: every
//! expression of the core IR, nested SOACs as loops. Arrays are views
//! (`values::View`); an in-place update writes into the array when this
//! thread allocated it and copies it first otherwise (inputs are never
//! written).

use std::collections::{HashMap, HashSet};

use runic_core::ir::*;
use runic_sema::types::PrimType;

use super::scalar;
use super::values::{row_major, var_name, Emitter, Val, View};
use super::AssertInfo;

/// The state of one kernel's thread code.
pub struct Thread<'a, 'b> {
    pub e: Emitter<'a>,
    vals: HashMap<VarId, Val>,
    owned: HashSet<VarId>,
    pub asserts: &'b mut Vec<AssertInfo>,
    /// The first construct that cannot be generated.
    pub error: Option<String>,
    /// The functions whose calls are being generated (inlined), to refuse
    /// recursion.
    calls: Vec<std::rc::Rc<str>>,
    /// What a thread does after a failed assertion has been recorded:
    /// leave the kernel, or, where the work-group still has barriers to
    /// reach, jump past its own work (`goto failed;`).
    pub on_fail: &'static str,
    /// Appended to the C names of the variables `bind` declares (code
    /// that binds the same statements more than once in one scope, as a
    /// register-tiled thread does per point, names each copy apart).
    pub suffix: String,
}

type Gen<T = ()> = Result<T, String>;

impl<'a, 'b> Thread<'a, 'b> {
    pub fn new(e: Emitter<'a>, asserts: &'b mut Vec<AssertInfo>) -> Self {
        Thread {
            e,
            vals: HashMap::new(),
            owned: HashSet::new(),
            asserts,
            error: None,
            calls: Vec::new(),
            on_fail: "return;",
            suffix: String::new(),
        }
    }

    fn p(&self) -> &'a runic_core::Program {
        self.e.p
    }

    /// Makes a variable's value known (a kernel input, a bound parameter).
    pub fn set(&mut self, v: VarId, val: Val) {
        self.vals.insert(v, val);
    }

    pub fn val(&self, s: SubExp) -> Gen<Val> {
        match s {
            SubExp::Const(c) => Ok(Val::S(scalar::constant(c), c.prim_type())),
            SubExp::Var(v) => {
                self.vals.get(&v).cloned().ok_or_else(|| {
                    format!("internal error: no value for {}", self.p().vars[v].name)
                })
            }
        }
    }

    fn view(&self, v: VarId) -> Gen<View> {
        match self.val(SubExp::Var(v))? {
            Val::A(view) => Ok(view),
            Val::S(..) => Err("internal error: expected an array".into()),
        }
    }

    fn size(&self, s: SubExp) -> Gen<String> {
        Ok(self.val(s)?.scalar())
    }

    /// Binds a variable to a value under its own C names.
    pub fn bind(&mut self, v: VarId, value: &Val) {
        let ty = self.p().ty(v).clone();
        let target = self
            .e
            .bind_new(&format!("{}{}", var_name(v), self.suffix), &ty, value);
        self.vals.insert(v, target);
    }

    /// Binds a pattern: values, then existential sizes read off them.
    fn bind_pat(&mut self, pat: &Pat, values: Vec<Val>, owned: bool) {
        for (v, x) in pat.vals.iter().zip(&values) {
            self.bind(*v, x);
            if owned && matches!(x, Val::A(_)) {
                self.owned.insert(*v);
            }
        }
        for c in &pat.ctx {
            let mut size = "0L".to_string();
            'find: for (v, x) in pat.vals.iter().zip(&values) {
                for (d, dim) in self.p().ty(*v).dims.iter().enumerate() {
                    if *dim == SubExp::Var(*c) {
                        if let Val::A(view) = x {
                            size = view.dims[d].clone();
                        }
                        break 'find;
                    }
                }
            }
            self.bind(*c, &Val::S(size, PrimType::I64));
        }
    }

    /// Emits a body in the current block; gives its results.
    pub fn body(&mut self, b: &Body) -> Gen<Vec<Val>> {
        for s in &b.stms {
            self.stm(s)?;
        }
        b.result.iter().map(|r| self.val(*r)).collect()
    }

    /// Applies a lambda to arguments in a block of its own; its results
    /// are assigned to fresh variables declared before the block.
    pub fn apply(&mut self, l: &Lambda, args: Vec<Val>) -> Gen<Vec<Val>> {
        let outs: Vec<Val> = l
            .ret
            .iter()
            .map(|t| {
                let name = self.e.fresh("r");
                let t = self.ret_type(t);
                self.e.declare(&name, &t)
            })
            .collect();
        self.e.open("{");
        for (p, a) in l.params.iter().zip(&args) {
            self.bind(*p, a);
        }
        let results = self.body(&l.body)?;
        for (o, r) in outs.iter().zip(&results) {
            self.e.assign(o, r);
        }
        self.e.close();
        Ok(outs)
    }

    /// A lambda's result type as declared (sizes are not needed to
    /// declare a view).
    fn ret_type(&self, t: &Type) -> Type {
        t.clone()
    }

    fn owned_copy(&mut self, a: VarId) -> Gen<View> {
        let view = self.view(a)?;
        if self.owned.contains(&a) {
            Ok(view)
        } else {
            Ok(self.e.fresh_copy(&view))
        }
    }

    /// Emits one statement (for the group code of `intra`).
    pub fn stm_pub(&mut self, s: &Stm) -> Gen {
        self.stm(s)
    }

    /// Binds a pattern to values computed elsewhere; `owned` when its
    /// arrays are fresh (the code may write them in place).
    pub fn bind_results(&mut self, pat: &Pat, values: Vec<Val>, owned: bool) {
        self.bind_pat(pat, values, owned);
    }

    /// Whether an array is fresh (its writer may update it in place).
    pub fn is_owned(&self, s: SubExp) -> bool {
        s.var().is_some_and(|v| self.owned.contains(&v))
    }

    fn stm(&mut self, s: &Stm) -> Gen {
        let (values, owned) = self.exp(&s.exp, s)?;
        self.bind_pat(&s.pat, values, owned);
        Ok(())
    }

    /// The values of an expression, and whether its arrays are fresh.
    fn exp(&mut self, e: &Exp, s: &Stm) -> Gen<(Vec<Val>, bool)> {
        let one = |v: Val| Ok((vec![v], true));
        match e {
            Exp::SubExp(x) => {
                let owned = x.var().is_some_and(|v| self.owned.contains(&v));
                Ok((vec![self.val(*x)?], owned))
            }
            Exp::Scalar(op, args) => {
                let vals = args
                    .iter()
                    .map(|a| self.val(*a).map(|v| v.scalar()))
                    .collect::<Gen<Vec<_>>>()?;
                let types: Vec<PrimType> =
                    args.iter().map(|a| self.p().subexp_type(*a).prim).collect();
                let t = scalar_result(*op, &types);
                if let Some(name) = scalar::checked(*op, types[0]) {
                    // Fails (as the interpreter does) on a zero divisor or
                    // a negative exponent: reported, and the thread goes on.
                    self.asserts.push(AssertInfo {
                        msg: Vec::new(),
                        loc: s.loc.clone(),
                        value_types: vec![types[0]; 2],
                        op: match op {
                            runic_eval::builtins::Builtin::Bin(b) => Some(*b),
                            _ => None,
                        },
                    });
                    let id = self.asserts.len();
                    let call = format!("{name}({}, {}, errflag, errdata, {id})", vals[0], vals[1]);
                    return one(Val::S(call, t));
                }
                one(Val::S(scalar::op(*op, &vals, &types)?, t))
            }
            Exp::ArrayLit(items, row) => {
                let mut dims = vec![format!("{}L", items.len())];
                for d in &row.dims {
                    dims.push(self.size(*d)?);
                }
                let dst = self.e.alloc(row.prim, dims);
                for (j, item) in items.iter().enumerate() {
                    let v = self.val(*item)?;
                    self.e.store(&dst.row(&[format!("{j}L")]), &v);
                }
                one(Val::A(dst))
            }
            Exp::Index(a, idx) => {
                let view = self.view(*a)?;
                Ok((vec![self.index(&view, idx)?], false))
            }
            Exp::Update(a, idx, v) => {
                let dst = self.owned_copy(*a)?;
                let target = self.index(&dst, idx)?;
                let value = self.val(*v)?;
                self.e.store(&target, &value);
                one(Val::A(dst))
            }
            Exp::Iota(n) => {
                let n = self.size(*n)?;
                let dst = self.e.alloc(PrimType::I64, vec![n]);
                let i = self.e.fresh("i");
                self.e.line(&format!(
                    "for (long {i} = 0; {i} < {}; {i}++) {}[{i}] = {i};",
                    dst.dims[0], dst.ptr
                ));
                one(Val::A(dst))
            }
            Exp::Replicate(shape, v) => {
                let value = self.val(*v)?;
                let mut dims = shape
                    .iter()
                    .map(|d| self.size(*d))
                    .collect::<Gen<Vec<_>>>()?;
                let outer = dims.len();
                let prim = match &value {
                    Val::S(_, t) => *t,
                    Val::A(view) => {
                        dims.extend(view.dims.iter().cloned());
                        view.prim
                    }
                };
                let dst = self.e.alloc(prim, dims);
                let row = View {
                    dims: dst.dims[outer..].to_vec(),
                    strides: dst.strides[outer..].to_vec(),
                    ..dst.clone()
                };
                let count = dst.dims[..outer]
                    .iter()
                    .fold("1L".to_string(), |a, d| format!("{a} * {d}"));
                let flat = View {
                    dims: [vec![count], row.dims.clone()].concat(),
                    strides: [vec![row.count()], row.strides.clone()].concat(),
                    ..dst.clone()
                };
                let i = self.e.fresh("i");
                self.e.open(&format!(
                    "for (long {i} = 0; {i} < {}; {i}++) {{",
                    flat.dims[0]
                ));
                let row = flat.row(&[i]);
                self.e.store(&row, &value);
                self.e.close();
                one(Val::A(dst))
            }
            Exp::Copy(a) => {
                let view = self.view(*a)?;
                one(Val::A(self.e.fresh_copy(&view)))
            }
            Exp::Concat(arrs) => {
                let views = arrs
                    .iter()
                    .map(|a| self.view(*a))
                    .collect::<Gen<Vec<_>>>()?;
                let total = views
                    .iter()
                    .map(|v| v.dims[0].clone())
                    .collect::<Vec<_>>()
                    .join(" + ");
                let mut dims = vec![format!("({total})")];
                dims.extend(views[0].dims[1..].iter().cloned());
                let dst = self.e.alloc(views[0].prim, dims);
                let mut at = "0L".to_string();
                for v in &views {
                    let part = View {
                        off: format!("({} + ({at}) * {})", dst.off, dst.strides[0]),
                        dims: v.dims.clone(),
                        ..dst.clone()
                    };
                    self.e.store(&Val::A(part), &Val::A(v.clone()));
                    at = format!("{at} + {}", v.dims[0]);
                }
                one(Val::A(dst))
            }
            Exp::Reshape(shape, a) => {
                let view = self.view(*a)?;
                let copy = self.e.fresh_copy(&view);
                let dims = shape
                    .iter()
                    .map(|d| self.size(*d))
                    .collect::<Gen<Vec<_>>>()?;
                one(Val::A(View {
                    strides: row_major(&dims),
                    dims,
                    ..copy
                }))
            }
            Exp::Rearrange(perm, a) => {
                let view = self.view(*a)?;
                Ok((
                    vec![Val::A(View {
                        dims: perm.iter().map(|&k| view.dims[k].clone()).collect(),
                        strides: perm.iter().map(|&k| view.strides[k].clone()).collect(),
                        ..view
                    })],
                    false,
                ))
            }
            Exp::Rotate(r, a) => {
                let view = self.view(*a)?;
                let r = self.size(*r)?;
                let dst = self.e.alloc(view.prim, view.dims.clone());
                let n = &dst.dims[0];
                let (i, src) = (self.e.fresh("i"), self.e.fresh("k"));
                self.e
                    .open(&format!("for (long {i} = 0; {i} < {n}; {i}++) {{"));
                self.e
                    .line(&format!("long {src} = mod_i64(add_i64({i}, {r}), {n});"));
                let to = dst.row(std::slice::from_ref(&i));
                let from = view.row(&[src]);
                self.e.store(&to, &from);
                self.e.close();
                one(Val::A(dst))
            }
            Exp::Assert(c, msg, loc) => {
                let cond = self.val(*c)?.scalar();
                let mut values = Vec::new();
                let mut types = Vec::new();
                for m in msg {
                    if let MsgPart::Value(v) = m {
                        let t = self.p().subexp_type(*v);
                        types.push(t.prim);
                        values.push(if t.rank() == 0 {
                            bits_of(&self.val(*v)?.scalar(), t.prim)
                        } else {
                            "0L".into()
                        });
                    }
                }
                let id = self.asserts.len() + 1;
                self.asserts.push(AssertInfo {
                    msg: msg.clone(),
                    loc: Some(loc.clone()),
                    value_types: types,
                    op: None,
                });
                let writes: String = values
                    .iter()
                    .enumerate()
                    .map(|(k, v)| format!(" errdata[{k}] = {v};"))
                    .collect();
                let on_fail = self.on_fail;
                self.e.line(&format!(
                    "if (!({cond})) {{ if (atomic_cmpxchg(errflag, 0, {id}) == 0) {{{writes} }} {on_fail} }}"
                ));
                Ok((Vec::new(), true))
            }
            Exp::Trace(args) => Ok((
                args.iter().map(|a| self.val(*a)).collect::<Gen<_>>()?,
                false,
            )),
            Exp::If {
                cond,
                then_body,
                else_body,
            } => {
                let c = self.val(*cond)?.scalar();
                let outs = self.declare_results(&s.pat);
                self.e.open(&format!("if ({c}) {{"));
                let r = self.body(then_body)?;
                self.assign_all(&outs, &r);
                self.e.close();
                self.e.open("else {");
                let r = self.body(else_body)?;
                self.assign_all(&outs, &r);
                self.e.close();
                Ok((outs, false))
            }
            Exp::Loop {
                ctx,
                params,
                form,
                body,
            } => self.loop_(ctx, params, form, body),
            Exp::Screma(sc) => self.screma(sc, &s.pat),
            Exp::Hist(h) => self.hist(h),
            Exp::Scatter(sc) => self.scatter(sc),
            Exp::Apply(name, args) => self.call(name, args),
            Exp::Stream(st) => {
                let mut args = vec![self.val(st.w)?];
                for a in &st.accs {
                    args.push(self.val(*a)?);
                }
                for a in &st.arrs {
                    args.push(self.val(SubExp::Var(*a))?);
                }
                Ok((self.apply(&st.lambda, args)?, false))
            }
        }
    }

    /// A call of a function that does not call itself (one kept by
    /// `#[noinline]`), inlined in a block of its own as a lambda is.
    fn call(&mut self, name: &std::rc::Rc<str>, args: &[SubExp]) -> Gen<(Vec<Val>, bool)> {
        let p = self.p();
        let callee = p.funs.iter().find(|f| f.name == *name);
        let Some(f) = callee.filter(|_| !self.calls.contains(name)) else {
            return Err(format!(
                "calls of the recursive function `{name}` cannot run on the GPU yet"
            ));
        };
        let args = args.iter().map(|a| self.val(*a)).collect::<Gen<Vec<_>>>()?;
        let outs: Vec<Val> = f
            .ret
            .iter()
            .map(|t| {
                let name = self.e.fresh("r");
                self.e.declare(&name, t)
            })
            .collect();
        self.calls.push(name.clone());
        self.e.open("{");
        for (p, a) in f.params.iter().zip(&args) {
            self.bind(*p, a);
        }
        let results = self.body(&f.body);
        self.calls.pop();
        let results = results?;
        for (o, r) in outs.iter().zip(&results) {
            self.e.assign(o, r);
        }
        self.e.close();
        Ok((outs, false))
    }

    fn declare_results(&mut self, pat: &Pat) -> Vec<Val> {
        pat.vals
            .iter()
            .map(|v| {
                let name = self.e.fresh("o");
                let t = self.p().ty(*v).clone();
                self.e.declare(&name, &t)
            })
            .collect()
    }

    fn assign_all(&mut self, targets: &[Val], values: &[Val]) {
        for (t, v) in targets.iter().zip(values) {
            self.e.assign(t, v);
        }
    }

    /// The element or view an index selects.
    fn index(&mut self, view: &View, idx: &[DimIndex]) -> Gen<Val> {
        let mut off = view.off.clone();
        let mut dims = Vec::new();
        let mut strides = Vec::new();
        for (k, i) in idx.iter().enumerate() {
            match i {
                DimIndex::Fix(x) => {
                    off = format!("{off} + ({}) * {}", self.size(*x)?, view.strides[k]);
                }
                DimIndex::Slice { start, len, stride } => {
                    off = format!("{off} + ({}) * {}", self.size(*start)?, view.strides[k]);
                    dims.push(self.size(*len)?);
                    strides.push(format!("(({}) * {})", self.size(*stride)?, view.strides[k]));
                }
            }
        }
        dims.extend(view.dims[idx.len()..].iter().cloned());
        strides.extend(view.strides[idx.len()..].iter().cloned());
        let sub = View {
            prim: view.prim,
            ptr: view.ptr.clone(),
            off: format!("({off})"),
            dims,
            strides,
        };
        if sub.dims.is_empty() {
            return Ok(Val::S(sub.at(&[]), view.prim));
        }
        Ok(Val::A(sub))
    }

    fn loop_(
        &mut self,
        ctx: &[VarId],
        params: &[(VarId, SubExp)],
        form: &LoopForm,
        body: &Body,
    ) -> Gen<(Vec<Val>, bool)> {
        // Loop parameters live in variables of their own; arrays among
        // them are always this thread's (copied in when not).
        let mut cells = Vec::new();
        for (v, init) in params {
            let name = self.e.fresh("l");
            let t = self.p().ty(*v).clone();
            let cell = self.e.declare(&name, &t);
            let value = self.fresh_unless_owned(*init)?;
            self.e.assign(&cell, &value);
            cells.push(cell);
        }
        match form {
            LoopForm::For { i, bound } => {
                let n = self.size(*bound)?;
                let iv = var_name(*i);
                self.e
                    .open(&format!("for (long {iv} = 0; {iv} < {n}; {iv}++) {{"));
                self.set(*i, Val::S(iv, PrimType::I64));
            }
            LoopForm::While(c) => {
                let k = params.iter().position(|(v, _)| v == c).unwrap_or(0);
                let cond = cells[k].scalar();
                self.e.open(&format!("while ({cond}) {{"));
            }
        }
        let pat = Pat {
            ctx: ctx.to_vec(),
            vals: params.iter().map(|(v, _)| *v).collect(),
        };
        self.bind_pat(&pat, cells.clone(), true);
        let results = self.body(body)?;
        // Next values: through temporaries (a result may name a parameter).
        let mut temps = Vec::new();
        for ((v, _), r) in params.iter().zip(&results) {
            let name = self.e.fresh("n");
            let t = self.p().ty(*v).clone();
            let owned_result = match r {
                Val::A(view) => {
                    let is_owned = body
                        .result
                        .get(temps.len())
                        .and_then(|s| s.var())
                        .is_some_and(|x| self.owned.contains(&x));
                    if is_owned {
                        r.clone()
                    } else {
                        Val::A(self.e.fresh_copy(view))
                    }
                }
                other => other.clone(),
            };
            temps.push(self.e.bind_new(&name, &t, &owned_result));
        }
        self.assign_all(&cells, &temps);
        self.e.close();
        Ok((cells, true))
    }

    /// An operand as an array this thread may write (a copy unless it
    /// already is), or a scalar.
    fn fresh_unless_owned(&mut self, s: SubExp) -> Gen<Val> {
        match (s, self.val(s)?) {
            (SubExp::Var(v), Val::A(view)) if !self.owned.contains(&v) => {
                Ok(Val::A(self.e.fresh_copy(&view)))
            }
            (_, other) => Ok(other),
        }
    }

    /// `[w]` arrays of the given row types, declared: allocated now when
    /// `w` is zero (sizes only the rows know are zero then), else by
    /// [`Self::fill`] once the first rows exist.
    fn outputs(&mut self, w: &str, rows: &[Type]) -> Gen<Vec<View>> {
        let mut outs = Vec::new();
        for t in rows {
            let name = self.e.fresh("sout");
            let Val::A(view) = self.e.declare(&name, &t.with_outer(SubExp::i64(0))) else {
                return Err("internal error: an output is an array".into());
            };
            let mut dims = vec![w.to_string()];
            for d in &t.dims {
                dims.push(self.size(*d).unwrap_or_else(|_| "0L".into()));
            }
            self.e.open(&format!("if ({w} == 0) {{"));
            let fresh = self.e.alloc(t.prim, dims);
            self.e.assign(&Val::A(view.clone()), &Val::A(fresh));
            self.e.close();
            outs.push(view);
        }
        Ok(outs)
    }

    /// Stores row `i` of an output, allocating the output at the first
    /// row with that row's shape.
    fn fill(&mut self, out: &View, w: &str, i: &str, row: &Val) {
        self.e.open(&format!("if ({i} == 0) {{"));
        let mut dims = vec![w.to_string()];
        if let Val::A(r) = row {
            dims.extend(r.dims.iter().cloned());
        }
        let fresh = self.e.alloc(out.prim, dims);
        self.e.assign(&Val::A(out.clone()), &Val::A(fresh));
        self.e.close();
        self.e.store(&out.row(&[i.to_string()]), row);
    }

    /// Opens a sequential loop over the `w` rows of `arrs` (a SOAC run by
    /// one thread): the loop's index and the rows of the iteration.
    fn open_row_loop(&mut self, w: &str, arrs: &[View]) -> (String, Vec<Val>) {
        let i = self.e.fresh("i");
        self.e
            .open(&format!("for (long {i} = 0; {i} < {w}; {i}++) {{"));
        let rows = arrs
            .iter()
            .map(|a| a.row(std::slice::from_ref(&i)))
            .collect();
        (i, rows)
    }

    fn cells(&mut self, neutral: &[SubExp], types: &[Type]) -> Gen<Vec<Val>> {
        let mut cells = Vec::new();
        for (n, t) in neutral.iter().zip(types) {
            let name = self.e.fresh("acc");
            let v = self.val(*n)?;
            cells.push(self.e.bind_new(&name, t, &v));
        }
        Ok(cells)
    }

    /// A screma run by one thread: one loop over the rows, the scans and
    /// reductions carried in accumulators; a post function runs on each
    /// row once its scans are done (the row's scanned values, then the
    /// map's mapped values) and gives the mapped results.
    fn screma(&mut self, sc: &Screma, _pat: &Pat) -> Gen<(Vec<Val>, bool)> {
        let w = self.size(sc.w)?;
        let arrs = sc
            .arrs
            .iter()
            .map(|a| self.view(*a))
            .collect::<Gen<Vec<_>>>()?;
        let n_scan: usize = sc.scans.iter().map(|x| x.neutral.len()).sum();
        let ret = &sc.map.ret;
        let scanned = self.outputs(&w, &ret[..n_scan])?;
        let mapped = self.outputs(&w, sc.mapped_ret())?;
        let mut scan_accs = Vec::new();
        for (k, scan) in sc.scans.iter().enumerate() {
            let at: usize = sc.scans[..k].iter().map(|x| x.neutral.len()).sum();
            scan_accs.push(self.cells(&scan.neutral, &ret[at..at + scan.neutral.len()])?);
        }
        let mut red_accs = Vec::new();
        for (k, red) in sc.reds.iter().enumerate() {
            let at: usize = n_scan + sc.reds[..k].iter().map(|x| x.neutral.len()).sum::<usize>();
            red_accs.push(self.cells(&red.neutral, &ret[at..at + red.neutral.len()])?);
        }
        let (i, rows) = self.open_row_loop(&w, &arrs);
        let out = self.apply(&sc.map, rows)?;
        let mut at = 0;
        let mut written = 0;
        for (scan, accs) in sc.scans.iter().zip(&scan_accs) {
            let k = scan.neutral.len();
            let mut args = accs.clone();
            args.extend(out[at..at + k].iter().cloned());
            let next = self.apply(&scan.lambda, args)?;
            self.assign_all(accs, &next);
            for acc in accs {
                let out = scanned[written].clone();
                self.fill(&out, &w, &i, acc);
                written += 1;
            }
            at += k;
        }
        for (red, accs) in sc.reds.iter().zip(&red_accs) {
            let k = red.neutral.len();
            let mut args = accs.clone();
            args.extend(out[at..at + k].iter().cloned());
            let next = self.apply(&red.lambda, args)?;
            self.assign_all(accs, &next);
            at += k;
        }
        let row_mapped = match &sc.post {
            Some(post) => {
                let mut args: Vec<Val> = scan_accs.iter().flatten().cloned().collect();
                args.extend(out[at..].iter().cloned());
                self.apply(post, args)?
            }
            None => out[at..].to_vec(),
        };
        for (m, x) in mapped.iter().zip(&row_mapped) {
            self.fill(m, &w, &i, x);
        }
        self.e.close();
        let mut results: Vec<Val> = scanned.into_iter().map(Val::A).collect();
        results.extend(red_accs.into_iter().flatten());
        results.extend(mapped.into_iter().map(Val::A));
        Ok((results, false))
    }

    /// The flat condition that indices fall inside a view's first
    /// dimensions.
    fn in_bounds(view: &View, idx: &[Val]) -> String {
        let mut conds: Vec<String> = idx
            .iter()
            .zip(&view.dims)
            .map(|(i, d)| {
                let i = i.scalar();
                format!("({i}) >= 0 && ({i}) < {d}")
            })
            .collect();
        if conds.is_empty() {
            conds.push("1".into());
        }
        conds.join(" && ")
    }

    fn hist(&mut self, h: &Hist) -> Gen<(Vec<Val>, bool)> {
        let w = self.size(h.w)?;
        let arrs = h
            .arrs
            .iter()
            .map(|a| self.view(*a))
            .collect::<Gen<Vec<_>>>()?;
        let mut dests = Vec::new();
        for op in &h.ops {
            let mut ds = Vec::new();
            for d in &op.dests {
                ds.push(self.owned_copy(*d)?);
            }
            dests.push(ds);
        }
        let (_, rows) = self.open_row_loop(&w, &arrs);
        let out = self.apply(&h.bucket, rows)?;
        let mut at = 0;
        let mut places = Vec::new();
        for op in &h.ops {
            places.push(out[at..at + op.rank].to_vec());
            at += op.rank;
        }
        for ((op, ds), idx) in h.ops.iter().zip(&dests).zip(places) {
            let values = out[at..at + ds.len()].to_vec();
            at += ds.len();
            let cond = Self::in_bounds(&ds[0], &idx);
            self.e.open(&format!("if ({cond}) {{"));
            let idx: Vec<String> = idx.iter().map(|x| x.scalar()).collect();
            let mut args: Vec<Val> = ds.iter().map(|d| d.row(&idx)).collect();
            args.extend(values);
            let combined = self.apply(&op.op, args)?;
            for (d, x) in ds.iter().zip(&combined) {
                self.e.store(&d.row(&idx), x);
            }
            self.e.close();
        }
        self.e.close();
        Ok((dests.into_iter().flatten().map(Val::A).collect(), true))
    }

    /// A scatter run by one thread: round by round (each a loop over the
    /// rows, as the concatenation it stands for writes), every
    /// destination's write of the row; the mapped results (what the
    /// lambda gives after the writes) are stored in the first round.
    fn scatter(&mut self, sc: &Scatter) -> Gen<(Vec<Val>, bool)> {
        let w = self.size(sc.w)?;
        let arrs = sc
            .arrs
            .iter()
            .map(|a| self.view(*a))
            .collect::<Gen<Vec<_>>>()?;
        let mut dests = Vec::new();
        for (_, d) in &sc.dests {
            dests.push(self.owned_copy(*d)?);
        }
        let writes = sc.writes();
        let mapped = self.outputs(&w, &sc.lambda.ret[writes..])?;
        let per_round: usize = sc.dests.iter().map(|(r, _)| *r).sum();
        let n_idx = sc.rounds * per_round;
        for round in 0..sc.rounds {
            let (i, rows) = self.open_row_loop(&w, &arrs);
            let out = self.apply(&sc.lambda, rows)?;
            if round == 0 {
                for (m, x) in mapped.iter().zip(&out[writes..]) {
                    self.fill(m, &w, &i, x);
                }
            }
            let mut at = round * per_round;
            for (k, (rank, _)) in sc.dests.iter().enumerate() {
                let idx = out[at..at + rank].to_vec();
                at += rank;
                let cond = Self::in_bounds(&dests[k], &idx);
                let idx: Vec<String> = idx.iter().map(|x| x.scalar()).collect();
                self.e.open(&format!("if ({cond}) {{"));
                let value = &out[n_idx + round * sc.dests.len() + k];
                self.e.store(&dests[k].row(&idx), value);
                self.e.close();
            }
            self.e.close();
        }
        let mut results: Vec<Val> = dests.into_iter().map(Val::A).collect();
        results.extend(mapped.into_iter().map(Val::A));
        Ok((results, true))
    }
}

/// A scalar's bits as a `long` (for error reports).
pub fn bits_of(x: &str, t: PrimType) -> String {
    match t {
        PrimType::F32 | PrimType::F16 => format!("(long)as_uint({x})"),
        PrimType::F64 => format!("as_long({x})"),
        _ => format!("(long)({x})"),
    }
}
