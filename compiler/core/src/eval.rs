//! An evaluator for the core IR: what `runic run --backend core` runs, so
//! that every middle-end pass can be tested against the interpreter on the
//! same programs (differential testing).
//!
//! Values are scalars or flat row-major arrays of scalars with a shape;
//! every variable has one slot (variables are bound once in the whole
//! program). Scalar semantics are the interpreter's (`runic_eval::prim`,
//! `runic_eval::builtins::apply_scalar`), so a difference between the two
//! back ends points at internalisation or a pass, not at arithmetic. An
//! in-place update takes its array out of its slot (the checker proved it
//! is not used again) and writes without copying when no one shares it.

use std::rc::Rc;

use runic_eval::builtins::apply_scalar;
use runic_eval::interp::RuntimeError;
use runic_eval::ir::Loc as SrcLoc;
use runic_eval::value::{Array, Prim, Value};
use runic_sema::types::PrimType;

use crate::internalise::Layout;
use crate::ir::*;

/// A run-time value.
#[derive(Debug, Clone)]
pub enum CVal {
    Scalar(Prim),
    Array(Rc<Arr>),
}

/// A flat row-major array.
#[derive(Debug, Clone, PartialEq)]
pub struct Arr {
    pub prim: PrimType,
    pub shape: Vec<i64>,
    pub data: Vec<Prim>,
}

impl Arr {
    fn row_len(&self) -> usize {
        self.shape[1..].iter().product::<i64>() as usize
    }

    fn row(&self, i: usize) -> CVal {
        if self.shape.len() == 1 {
            return CVal::Scalar(self.data[i]);
        }
        let n = self.row_len();
        CVal::Array(Rc::new(Arr {
            prim: self.prim,
            shape: self.shape[1..].to_vec(),
            data: self.data[i * n..(i + 1) * n].to_vec(),
        }))
    }
}

impl CVal {
    fn shape(&self) -> &[i64] {
        match self {
            CVal::Scalar(_) => &[],
            CVal::Array(a) => &a.shape,
        }
    }
}

type Run<T> = Result<T, RuntimeError>;

fn fail<T>(loc: &Option<Loc>, message: impl Into<String>) -> Run<T> {
    Err(RuntimeError {
        message: message.into(),
        stack: loc
            .iter()
            .flat_map(|l| loc_frames(l))
            .map(|l| SrcLoc(l.into()))
            .collect(),
    })
}

/// Runs the entry function `name` on core values.
pub fn run(p: &Program, name: &str, args: Vec<CVal>) -> Run<Vec<CVal>> {
    let Some(f) = p.fun(name) else {
        return fail(&None, format!("no function `{name}`"));
    };
    let mut ev = Evaluator {
        p,
        env: vec![None; p.vars.len()],
        loc: None,
    };
    if args.len() != f.params.len() {
        return fail(&None, "wrong number of arguments");
    }
    for (v, a) in f.params.iter().zip(args) {
        ev.env[v.index()] = Some(a);
    }
    ev.body(&f.body)
}

/// Evaluates a body of the program with the given variables bound (what a
/// GPU program's host runs itself: recursion no device can run).
pub fn eval_body(
    p: &Program,
    bound: Vec<(VarId, CVal)>,
    body: &Body,
) -> Result<Vec<CVal>, RuntimeError> {
    let mut ev = Evaluator {
        p,
        env: vec![None; p.vars.len()],
        loc: None,
    };
    for (v, x) in bound {
        ev.env[v.index()] = Some(x);
    }
    ev.body(body)
}

struct Evaluator<'a> {
    p: &'a Program,
    env: Vec<Option<CVal>>,
    loc: Option<Loc>,
}

impl Evaluator<'_> {
    fn get(&self, v: VarId) -> Run<CVal> {
        match &self.env[v.index()] {
            Some(x) => Ok(x.clone()),
            None => fail(&self.loc, format!("variable {} has no value", v.index())),
        }
    }

    fn sub(&self, s: SubExp) -> Run<CVal> {
        match s {
            SubExp::Const(c) => Ok(CVal::Scalar(c)),
            SubExp::Var(v) => self.get(v),
        }
    }

    fn prim(&self, s: SubExp) -> Run<Prim> {
        match self.sub(s)? {
            CVal::Scalar(p) => Ok(p),
            CVal::Array(_) => fail(&self.loc, "expected a scalar"),
        }
    }

    fn size(&self, s: SubExp) -> Run<i64> {
        Ok(self.prim(s)?.as_i64())
    }

    fn array(&self, v: VarId) -> Run<Rc<Arr>> {
        match self.get(v)? {
            CVal::Array(a) => Ok(a),
            CVal::Scalar(_) => fail(&self.loc, "expected an array"),
        }
    }

    fn set(&mut self, v: VarId, x: CVal) {
        self.env[v.index()] = Some(x);
    }

    fn body(&mut self, b: &Body) -> Run<Vec<CVal>> {
        for s in &b.stms {
            self.stm(s)?;
        }
        b.result.iter().map(|s| self.sub(*s)).collect()
    }

    fn stm(&mut self, s: &Stm) -> Run<()> {
        if s.loc.is_some() {
            self.loc = s.loc.clone();
        }
        let values = self.exp(&s.exp, &s.loc)?;
        self.bind_pat(&s.pat, values)
    }

    /// Binds a pattern: the existential sizes from the values' shapes.
    fn bind_pat(&mut self, pat: &Pat, values: Vec<CVal>) -> Run<()> {
        for c in &pat.ctx {
            let mut found = 0;
            'find: for (v, x) in pat.vals.iter().zip(&values) {
                for (i, d) in self.p.ty(*v).dims.iter().enumerate() {
                    if *d == SubExp::Var(*c) {
                        found = x.shape().get(i).copied().unwrap_or(0);
                        break 'find;
                    }
                }
            }
            self.set(*c, CVal::Scalar(Prim::I64(found)));
        }
        for (v, x) in pat.vals.iter().zip(values) {
            self.set(*v, x);
        }
        Ok(())
    }

    fn lambda(&mut self, l: &Lambda, args: Vec<CVal>) -> Run<Vec<CVal>> {
        for (v, a) in l.params.iter().zip(args) {
            self.set(*v, a);
        }
        self.body(&l.body)
    }

    /// [`Self::exp_unguarded`] with enough stack for any depth.
    fn exp(&mut self, e: &Exp, loc: &Option<Loc>) -> Run<Vec<CVal>> {
        runic_syntax::with_stack(|| self.exp_unguarded(e, loc))
    }

    fn exp_unguarded(&mut self, e: &Exp, loc: &Option<Loc>) -> Run<Vec<CVal>> {
        Ok(vec![match e {
            Exp::SubExp(s) => self.sub(*s)?,
            Exp::Scalar(op, args) => {
                let args = args
                    .iter()
                    .map(|a| self.prim(*a))
                    .collect::<Run<Vec<_>>>()?;
                match apply_scalar(*op, &args) {
                    Ok(p) => CVal::Scalar(p),
                    Err(m) => return fail(loc, m),
                }
            }
            Exp::ArrayLit(items, row) => {
                let rows = items
                    .iter()
                    .map(|i| self.sub(*i))
                    .collect::<Run<Vec<_>>>()?;
                let row_shape = row
                    .dims
                    .iter()
                    .map(|d| self.size(*d))
                    .collect::<Run<Vec<_>>>()?;
                from_rows(row.prim, rows, &row_shape, loc)?
            }
            Exp::Index(a, idx) => {
                let a = self.array(*a)?;
                let (offsets, shape) = self.select(&a, idx)?;
                if shape.is_empty() {
                    CVal::Scalar(a.data[offsets[0]])
                } else {
                    CVal::Array(Rc::new(Arr {
                        prim: a.prim,
                        shape,
                        data: offsets.iter().map(|&o| a.data[o]).collect(),
                    }))
                }
            }
            Exp::Update(a, idx, v) => {
                let mut arr = self.array(*a)?;
                self.env[a.index()] = None;
                let (offsets, shape) = self.select(&arr, idx)?;
                let value = self.sub(*v)?;
                let target = Rc::make_mut(&mut arr);
                match value {
                    CVal::Scalar(p) => {
                        for o in offsets {
                            target.data[o] = p;
                        }
                    }
                    CVal::Array(src) => {
                        if src.shape != shape {
                            let show =
                                |s: &[i64]| s.iter().map(|d| format!("[{d}]")).collect::<String>();
                            return fail(
                                loc,
                                format!(
                                    "Cannot update a slice of shape {} with a value of shape {}.",
                                    show(&shape),
                                    show(&src.shape)
                                ),
                            );
                        }
                        if src.data.len() != offsets.len() {
                            return fail(loc, "update value does not fit the slice");
                        }
                        for (o, x) in offsets.into_iter().zip(&src.data) {
                            target.data[o] = *x;
                        }
                    }
                }
                CVal::Array(arr)
            }
            Exp::Iota(n) => {
                let n = self.size(*n)?;
                CVal::Array(Rc::new(Arr {
                    prim: PrimType::I64,
                    shape: vec![n.max(0)],
                    data: (0..n).map(Prim::I64).collect(),
                }))
            }
            Exp::Replicate(shape, v) => {
                let shape = shape
                    .iter()
                    .map(|d| self.size(*d))
                    .collect::<Run<Vec<_>>>()?;
                let count: i64 = shape.iter().product();
                let (prim, mut full, data) = match self.sub(*v)? {
                    CVal::Scalar(p) => {
                        (p.prim_type(), shape.clone(), vec![p; count.max(0) as usize])
                    }
                    CVal::Array(a) => {
                        let mut data = Vec::with_capacity(a.data.len() * count.max(0) as usize);
                        for _ in 0..count {
                            data.extend_from_slice(&a.data);
                        }
                        (a.prim, shape.clone(), data)
                    }
                };
                if let CVal::Array(a) = self.sub(*v)? {
                    full.extend_from_slice(&a.shape);
                }
                CVal::Array(Rc::new(Arr {
                    prim,
                    shape: full,
                    data,
                }))
            }
            Exp::Copy(a) => CVal::Array(Rc::new((*self.array(*a)?).clone())),
            Exp::Concat(arrs) => {
                let arrays = arrs
                    .iter()
                    .map(|a| self.array(*a))
                    .collect::<Run<Vec<_>>>()?;
                let first = &arrays[0];
                let mut shape = first.shape.clone();
                shape[0] = 0;
                let mut data = Vec::new();
                for a in &arrays {
                    if a.shape[1..] != first.shape[1..] {
                        return fail(loc, "Cannot concatenate arrays of different shapes.");
                    }
                    shape[0] += a.shape[0];
                    data.extend_from_slice(&a.data);
                }
                CVal::Array(Rc::new(Arr {
                    prim: first.prim,
                    shape,
                    data,
                }))
            }
            Exp::Reshape(shape, a) => {
                let shape = shape
                    .iter()
                    .map(|d| self.size(*d))
                    .collect::<Run<Vec<_>>>()?;
                let a = self.array(*a)?;
                if shape.iter().product::<i64>() != a.data.len() as i64 {
                    return fail(loc, "reshape to a shape of a different size");
                }
                CVal::Array(Rc::new(Arr {
                    prim: a.prim,
                    shape,
                    data: a.data.clone(),
                }))
            }
            Exp::Rearrange(perm, a) => {
                let a = self.array(*a)?;
                CVal::Array(Rc::new(rearrange(&a, perm)))
            }
            Exp::Rotate(r, a) => {
                let r = self.size(*r)?;
                let a = self.array(*a)?;
                let n = a.shape[0];
                if n == 0 {
                    CVal::Array(a)
                } else {
                    let shift = r.rem_euclid(n) as usize * a.row_len();
                    let mut data = a.data[shift..].to_vec();
                    data.extend_from_slice(&a.data[..shift]);
                    CVal::Array(Rc::new(Arr {
                        prim: a.prim,
                        shape: a.shape.clone(),
                        data,
                    }))
                }
            }
            Exp::Assert(c, msg, at) => {
                if let Prim::Bool(false) = self.prim(*c)? {
                    let mut text = String::new();
                    for part in msg {
                        match part {
                            MsgPart::Text(t) => text.push_str(t),
                            MsgPart::Value(v) => match self.sub(*v)? {
                                CVal::Scalar(p) => {
                                    text.push_str(&runic_eval::text::show_prim_bare(p))
                                }
                                CVal::Array(a) => {
                                    text.push_str(&runic_eval::text::show_value_bare(&to_value(&a)))
                                }
                            },
                        }
                    }
                    return fail(&Some(at.clone()), text);
                }
                return Ok(Vec::new());
            }
            Exp::Trace(args) => {
                return args.iter().map(|a| self.sub(*a)).collect();
            }
            Exp::If {
                cond,
                then_body,
                else_body,
            } => {
                return if let Prim::Bool(true) = self.prim(*cond)? {
                    self.body(then_body)
                } else {
                    self.body(else_body)
                };
            }
            Exp::Loop {
                ctx,
                params,
                form,
                body,
            } => return self.run_loop(ctx, params, form, body),
            Exp::Apply(name, args) => {
                let values = args.iter().map(|a| self.sub(*a)).collect::<Run<Vec<_>>>()?;
                let Some(f) = self.p.fun(name) else {
                    return fail(loc, format!("no function `{name}`"));
                };
                // A recursive call binds the callee's variables again: the
                // caller's are restored after it.
                let saved = self.env.clone();
                for (p, v) in f.params.iter().zip(values) {
                    self.set(*p, v);
                }
                let result = self.body(&f.body);
                self.env = saved;
                return result;
            }
            Exp::Screma(s) => return self.screma(s, loc),
            Exp::Hist(h) => return self.hist(h, loc),
            Exp::Scatter(s) => return self.scatter(s, loc),
            Exp::Stream(s) => {
                let w = self.size(s.w)?;
                let mut args = vec![CVal::Scalar(Prim::I64(w))];
                for a in &s.accs {
                    args.push(self.sub(*a)?);
                }
                for a in &s.arrs {
                    args.push(self.get(*a)?);
                }
                return self.lambda(&s.lambda, args);
            }
        }])
    }

    fn run_loop(
        &mut self,
        ctx: &[VarId],
        params: &[(VarId, SubExp)],
        form: &LoopForm,
        body: &Body,
    ) -> Run<Vec<CVal>> {
        let mut values = params
            .iter()
            .map(|(_, init)| self.sub(*init))
            .collect::<Run<Vec<_>>>()?;
        let mut i = 0;
        loop {
            let go = match form {
                LoopForm::For { bound, .. } => i < self.size(*bound)?,
                LoopForm::While(_) => matches!(values[0], CVal::Scalar(Prim::Bool(true))),
            };
            if !go {
                return Ok(values);
            }
            let pat = Pat {
                ctx: ctx.to_vec(),
                vals: params.iter().map(|(v, _)| *v).collect(),
            };
            self.bind_pat(&pat, values)?;
            if let LoopForm::For { i: var, .. } = form {
                self.set(*var, CVal::Scalar(Prim::I64(i)));
            }
            values = self.body(body)?;
            i += 1;
        }
    }

    /// The width of a SOAC and its input arrays. A width beyond what the
    /// interpreter allocates is refused as it refuses it (before any
    /// result is allocated).
    fn rows_of(&self, w: SubExp, arrs: &[VarId], loc: &Option<Loc>) -> Run<(i64, Vec<Rc<Arr>>)> {
        const MAX_ROWS: i64 = 1 << 28;
        let w = self.size(w)?;
        if w > MAX_ROWS {
            return fail(
                loc,
                format!("Cannot allocate an array of {w} rows: too large for the core evaluator."),
            );
        }
        let arrays = arrs
            .iter()
            .map(|a| self.array(*a))
            .collect::<Run<Vec<_>>>()?;
        Ok((w, arrays))
    }

    fn screma(&mut self, s: &Screma, loc: &Option<Loc>) -> Run<Vec<CVal>> {
        let (w, arrays) = self.rows_of(s.w, &s.arrs, loc)?;
        let mut scan_accs: Vec<Vec<CVal>> = s
            .scans
            .iter()
            .map(|sc| sc.neutral.iter().map(|n| self.sub(*n)).collect())
            .collect::<Run<_>>()?;
        let mut red_accs: Vec<Vec<CVal>> = s
            .reds
            .iter()
            .map(|r| r.neutral.iter().map(|n| self.sub(*n)).collect())
            .collect::<Run<_>>()?;
        let n_scan: usize = s.scans.iter().map(|sc| sc.neutral.len()).sum();
        let n_red: usize = s.reds.iter().map(|r| r.neutral.len()).sum();
        let n_map = s.map.ret.len() - n_scan - n_red;
        let mut scanned: Vec<Vec<CVal>> = vec![Vec::with_capacity(w as usize); n_scan];
        let mut mapped: Vec<Vec<CVal>> = vec![Vec::with_capacity(w as usize); n_map];
        for i in 0..w as usize {
            let args = arrays.iter().map(|a| a.row(i)).collect();
            let mut out = self.lambda(&s.map, args)?.into_iter();
            let mut at = 0;
            for (sc, acc) in s.scans.iter().zip(scan_accs.iter_mut()) {
                let mut args = std::mem::take(acc);
                args.extend(out.by_ref().take(sc.neutral.len()));
                *acc = self.lambda(&sc.lambda, args)?;
                for x in acc.iter() {
                    scanned[at].push(x.clone());
                    at += 1;
                }
            }
            for (r, acc) in s.reds.iter().zip(red_accs.iter_mut()) {
                let mut args = std::mem::take(acc);
                args.extend(out.by_ref().take(r.neutral.len()));
                *acc = self.lambda(&r.lambda, args)?;
            }
            for (j, x) in out.enumerate() {
                mapped[j].push(x);
            }
        }
        if let Some(post) = &s.post {
            let mut after: Vec<Vec<CVal>> = vec![Vec::with_capacity(w as usize); post.ret.len()];
            for i in 0..w as usize {
                let args = scanned
                    .iter()
                    .chain(&mapped)
                    .map(|col| col[i].clone())
                    .collect();
                for (j, x) in self.lambda(post, args)?.into_iter().enumerate() {
                    after[j].push(x);
                }
            }
            mapped = after;
        }
        let mut results = Vec::new();
        let ret = &s.map.ret;
        for (j, rows) in scanned.into_iter().enumerate() {
            results.push(self.stack(&ret[j], rows, loc)?);
        }
        results.extend(red_accs.into_iter().flatten());
        let mapped_ret = s.mapped_ret();
        for (j, rows) in mapped.into_iter().enumerate() {
            results.push(self.stack(&mapped_ret[j], rows, loc)?);
        }
        Ok(results)
    }

    /// An array of rows of type `row` (its shape, where no row tells it,
    /// from the type as far as its sizes are known).
    fn stack(&self, row: &Type, rows: Vec<CVal>, loc: &Option<Loc>) -> Run<CVal> {
        let row_shape: Vec<i64> = row
            .dims
            .iter()
            .map(|d| self.size(*d).unwrap_or(0))
            .collect();
        from_rows(row.prim, rows, &row_shape, loc)
    }

    fn hist(&mut self, h: &Hist, loc: &Option<Loc>) -> Run<Vec<CVal>> {
        let (w, arrays) = self.rows_of(h.w, &h.arrs, loc)?;
        let mut dests: Vec<Vec<Rc<Arr>>> = Vec::new();
        for op in &h.ops {
            let mut ds = Vec::new();
            for d in &op.dests {
                ds.push(self.array(*d)?);
                self.env[d.index()] = None;
            }
            dests.push(ds);
        }
        for i in 0..w as usize {
            let args = arrays.iter().map(|a| a.row(i)).collect();
            let out = self.lambda(&h.bucket, args)?;
            let mut at = 0;
            let mut places = Vec::new();
            for (op, ds) in h.ops.iter().zip(&dests) {
                let idx: Vec<i64> = out[at..at + op.rank]
                    .iter()
                    .map(|x| match x {
                        CVal::Scalar(p) => p.as_i64(),
                        _ => -1,
                    })
                    .collect();
                at += op.rank;
                places.push(flat_place(&ds[0].shape, &idx));
            }
            for ((op, ds), place) in h.ops.iter().zip(dests.iter_mut()).zip(places) {
                let values: Vec<CVal> = out[at..at + ds.len()].to_vec();
                at += ds.len();
                let Some((offset, _)) = place else {
                    continue;
                };
                let mut args: Vec<CVal> = ds.iter().map(|d| read_at(d, offset, op.rank)).collect();
                args.extend(values);
                let combined = self.lambda(&op.op, args)?;
                for (d, x) in ds.iter_mut().zip(combined) {
                    write_at(Rc::make_mut(d), offset, &x, loc)?;
                }
            }
        }
        Ok(dests.into_iter().flatten().map(CVal::Array).collect())
    }

    fn scatter(&mut self, s: &Scatter, loc: &Option<Loc>) -> Run<Vec<CVal>> {
        let (w, arrays) = self.rows_of(s.w, &s.arrs, loc)?;
        let mut dests = Vec::new();
        for (_, d) in &s.dests {
            dests.push(self.array(*d)?);
            self.env[d.index()] = None;
        }
        let n_idx: usize = s.rounds * s.dests.iter().map(|(r, _)| *r).sum::<usize>();
        let writes = s.writes();
        let mut mapped: Vec<Vec<CVal>> =
            vec![Vec::with_capacity(w as usize); s.lambda.ret.len() - writes];
        let mut outs = Vec::with_capacity(w as usize);
        for i in 0..w as usize {
            let args = arrays.iter().map(|a| a.row(i)).collect();
            let out = self.lambda(&s.lambda, args)?;
            for (col, x) in mapped.iter_mut().zip(&out[writes..]) {
                col.push(x.clone());
            }
            outs.push(out);
        }
        let mut at = 0;
        let mut value = n_idx;
        for _ in 0..s.rounds {
            for (k, (rank, _)) in s.dests.iter().enumerate() {
                for out in &outs {
                    let idx: Vec<i64> = out[at..at + rank]
                        .iter()
                        .map(|x| match x {
                            CVal::Scalar(p) => p.as_i64(),
                            _ => -1,
                        })
                        .collect();
                    if let Some((offset, _)) = flat_place(&dests[k].shape, &idx) {
                        write_at(Rc::make_mut(&mut dests[k]), offset, &out[value], loc)?;
                    }
                }
                at += rank;
                value += 1;
            }
        }
        let mut results: Vec<CVal> = dests.into_iter().map(CVal::Array).collect();
        for (rows, t) in mapped.into_iter().zip(&s.lambda.ret[writes..]) {
            results.push(self.stack(t, rows, loc)?);
        }
        Ok(results)
    }

    /// The flat offsets an index selects and the result's shape (bounds
    /// were asserted before).
    fn select(&self, a: &Arr, idx: &[DimIndex]) -> Run<(Vec<usize>, Vec<i64>)> {
        let mut offsets = vec![0usize];
        let mut shape = Vec::new();
        for (d, i) in idx.iter().enumerate() {
            let n = a.shape[d];
            let stride: usize = a.shape[d + 1..].iter().product::<i64>() as usize;
            let picked: Vec<i64> = match i {
                DimIndex::Fix(i) => {
                    let i = self.size(*i)?;
                    if !(0..n).contains(&i) {
                        return fail(&self.loc, "index out of bounds");
                    }
                    vec![i]
                }
                DimIndex::Slice { start, len, stride } => {
                    let (s, l, st) = (self.size(*start)?, self.size(*len)?, self.size(*stride)?);
                    let picked: Vec<i64> = (0..l).map(|k| s + k * st).collect();
                    if picked.iter().any(|p| !(0..n).contains(p)) {
                        return fail(&self.loc, "slice out of bounds");
                    }
                    shape.push(l);
                    picked
                }
            };
            offsets = offsets
                .iter()
                .flat_map(|base| picked.iter().map(move |p| base + *p as usize * stride))
                .collect();
        }
        let inner: usize = a.shape[idx.len()..].iter().product::<i64>() as usize;
        shape.extend_from_slice(&a.shape[idx.len()..]);
        if inner != 1 || idx.len() < a.shape.len() {
            offsets = offsets
                .iter()
                .flat_map(|base| (0..inner).map(move |k| base + k))
                .collect();
        }
        Ok((offsets, shape))
    }
}

/// The flat offset and length of the element at `idx` (a prefix of the
/// shape's dimensions), if in bounds.
fn flat_place(shape: &[i64], idx: &[i64]) -> Option<(usize, usize)> {
    let mut offset = 0usize;
    for (d, i) in idx.iter().enumerate() {
        if !(0..*shape.get(d)?).contains(i) {
            return None;
        }
        let stride: usize = shape[d + 1..].iter().product::<i64>() as usize;
        offset += *i as usize * stride;
    }
    let len = shape[idx.len()..].iter().product::<i64>() as usize;
    Some((offset, len))
}

/// The element at a flat offset of an array whose first `rank`
/// dimensions were indexed.
fn read_at(a: &Arr, offset: usize, rank: usize) -> CVal {
    let elem_shape = a.shape[rank..].to_vec();
    if elem_shape.is_empty() {
        return CVal::Scalar(a.data[offset]);
    }
    let len = elem_shape.iter().product::<i64>() as usize;
    CVal::Array(Rc::new(Arr {
        prim: a.prim,
        shape: elem_shape,
        data: a.data[offset..offset + len].to_vec(),
    }))
}

fn write_at(a: &mut Arr, offset: usize, x: &CVal, loc: &Option<Loc>) -> Run<()> {
    match x {
        CVal::Scalar(p) => a.data[offset] = *p,
        CVal::Array(src) => {
            if offset + src.data.len() > a.data.len() {
                return fail(loc, "a written value does not fit its destination");
            }
            a.data[offset..offset + src.data.len()].copy_from_slice(&src.data);
        }
    }
    Ok(())
}

fn from_rows(prim: PrimType, rows: Vec<CVal>, row_shape: &[i64], loc: &Option<Loc>) -> Run<CVal> {
    let mut shape = vec![rows.len() as i64];
    match rows.first() {
        Some(first) => shape.extend_from_slice(first.shape()),
        None => shape.extend_from_slice(row_shape),
    }
    let mut data = Vec::new();
    for r in rows {
        match r {
            CVal::Scalar(p) => data.push(p),
            CVal::Array(a) => {
                if a.shape[..] != shape[1..] {
                    return fail(loc, "Irregular array: rows of different shapes.");
                }
                data.extend_from_slice(&a.data);
            }
        }
    }
    Ok(CVal::Array(Rc::new(Arr { prim, shape, data })))
}

fn rearrange(a: &Arr, perm: &[usize]) -> Arr {
    let shape: Vec<i64> = perm.iter().map(|&i| a.shape[i]).collect();
    let rank = a.shape.len();
    let mut strides = vec![1usize; rank];
    for d in (0..rank.saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * a.shape[d + 1] as usize;
    }
    let total = a.data.len();
    let mut data = Vec::with_capacity(total);
    let mut index = vec![0i64; rank];
    for _ in 0..total {
        let offset: usize = (0..rank)
            .map(|k| index[k] as usize * strides[perm[k]])
            .sum();
        data.push(a.data[offset]);
        for k in (0..rank).rev() {
            index[k] += 1;
            if index[k] < shape[k] {
                break;
            }
            index[k] = 0;
        }
    }
    Arr {
        prim: a.prim,
        shape,
        data,
    }
}

/// An interpreter value for a core array.
fn to_value(a: &Arr) -> Value {
    Value::Array(Rc::new(Array::new(
        a.shape.clone(),
        a.data.iter().map(|p| Value::Prim(*p)).collect(),
    )))
}

/// The core values of an interpreter value of a layout (each array
/// preceded by its sizes).
pub fn flatten_value(v: &Value, layout: &Layout, out: &mut Vec<CVal>) -> Result<(), String> {
    match layout {
        Layout::Prim { rank: 0, .. } => match v.as_prim() {
            Some(p) => out.push(CVal::Scalar(p)),
            None => return Err("expected a scalar".into()),
        },
        Layout::Prim { prim, .. } => {
            let Value::Array(a) = v else {
                return Err("expected an array".into());
            };
            let data = a
                .data
                .iter()
                .map(|x| x.as_prim().ok_or("expected an array of scalars"))
                .collect::<Result<Vec<_>, _>>()?;
            // The array's sizes are parameters of their own, before it.
            out.extend(a.shape.iter().map(|d| CVal::Scalar(Prim::I64(*d))));
            out.push(CVal::Array(Rc::new(Arr {
                prim: *prim,
                shape: a.shape.clone(),
                data,
            })));
        }
        Layout::Units { .. } => {
            let Value::Array(a) = v else {
                return Err("expected an array".into());
            };
            out.extend(a.shape.iter().map(|d| CVal::Scalar(Prim::I64(*d))));
            out.push(CVal::Array(Rc::new(Arr {
                prim: PrimType::Bool,
                shape: a.shape.clone(),
                data: vec![Prim::Bool(false); a.shape.iter().product::<i64>().max(0) as usize],
            })));
        }
        Layout::Tuple(items) => {
            for (i, l) in items.iter().enumerate() {
                let part = component(v, &i.to_string())?;
                flatten_value(&part, l, out)?;
            }
        }
        Layout::Record(fields) => {
            for (name, l) in fields {
                let part = component(v, name)?;
                flatten_value(&part, l, out)?;
            }
        }
    }
    Ok(())
}

/// A component of a tuple or record, or of every element of an array of
/// them (as an array).
fn component(v: &Value, name: &str) -> Result<Value, String> {
    match v {
        Value::Array(a) => {
            let parts = a
                .data
                .iter()
                .map(|e| e.field(name).ok_or("no such component"))
                .collect::<Result<Vec<_>, _>>()?;
            let mut shape = a.shape.clone();
            if let Some(Value::Array(first)) = parts.first() {
                shape.extend_from_slice(&first.shape);
            }
            let mut data = Vec::new();
            for p in parts {
                match p {
                    Value::Array(x) => data.extend(x.data.iter()),
                    other => data.push(other),
                }
            }
            Ok(Value::Array(Rc::new(Array::new(shape, data))))
        }
        other => other
            .field(name)
            .ok_or_else(|| "no such component".to_string()),
    }
}

/// An interpreter value from core values of a layout.
pub fn unflatten_value(layout: &Layout, values: &mut impl Iterator<Item = CVal>) -> Value {
    match layout {
        Layout::Prim { .. } => match values.next() {
            Some(CVal::Scalar(p)) => Value::Prim(p),
            Some(CVal::Array(a)) => to_value(&a),
            None => Value::unit(),
        },
        Layout::Units { .. } => match values.next() {
            Some(CVal::Array(a)) => {
                let count = a.shape.iter().product::<i64>().max(0) as usize;
                Value::Array(Rc::new(Array::new(
                    a.shape.clone(),
                    vec![Value::unit(); count],
                )))
            }
            _ => Value::unit(),
        },
        Layout::Tuple(items) => {
            Value::Tuple(items.iter().map(|l| unflatten_value(l, values)).collect())
        }
        Layout::Record(fields) => Value::record(
            fields
                .iter()
                .map(|(n, l)| (n.clone(), unflatten_value(l, values)))
                .collect(),
        ),
    }
}
