//! The IR checker: run after internalisation and after every pass in tests
//! (and in debug builds). It checks that
//!
//! - every variable is bound before it is used, once, and only in scope
//!   (dimensions of types included: a type may only name sizes in scope);
//! - operands have the types their operation needs (primitive type and
//!   rank; dimensions are compared only where they are both constants);
//! - each statement binds as many values as its expression gives, of the
//!   same primitive types and ranks;
//! - an array consumed (updated in place, a scatter or histogram
//!   destination) is not used afterwards, and a lambda consumes nothing
//!   bound outside it.

use rustc_hash::FxHashSet as HashSet;

use runic_eval::builtins::Builtin;
use runic_sema::types::PrimType;

use crate::ir::*;

/// What is wrong with a program: the function and the problem.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckError(pub String);

impl std::fmt::Display for CheckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

type Checked<T = ()> = Result<T, CheckError>;

/// Checks every function of a program.
pub fn program(p: &Program) -> Checked {
    for f in &p.funs {
        Checker::new(p)
            .fun(f)
            .map_err(|e| CheckError(format!("in {}: {}", f.name, e.0)))?;
    }
    Ok(())
}

struct Checker<'a> {
    p: &'a Program,
    bound: HashSet<VarId>,
    in_scope: Vec<VarId>,
    consumed: HashSet<VarId>,
    /// The scope length where the innermost lambda starts.
    lambda_floor: Vec<usize>,
}

fn err<T>(message: String) -> Checked<T> {
    Err(CheckError(message))
}

impl<'a> Checker<'a> {
    fn new(p: &'a Program) -> Checker<'a> {
        Checker {
            p,
            bound: HashSet::default(),
            in_scope: Vec::new(),
            consumed: HashSet::default(),
            lambda_floor: Vec::new(),
        }
    }

    fn name(&self, v: VarId) -> String {
        format!("{}_{}", self.p.vars[v].name, v.index())
    }

    fn scope_has(&self, v: VarId) -> bool {
        self.in_scope.contains(&v)
    }

    fn bind(&mut self, v: VarId) -> Checked {
        if v.index() >= self.p.vars.len() {
            return err(format!("variable #{} has no entry in the arena", v.index()));
        }
        if !self.bound.insert(v) {
            return err(format!("{} is bound twice", self.name(v)));
        }
        for d in &self.p.vars[v].ty.dims {
            if let SubExp::Var(d) = d {
                if !self.scope_has(*d) {
                    return err(format!(
                        "the type of {} names the size {}, not in scope",
                        self.name(v),
                        self.name(*d)
                    ));
                }
                if self.p.vars[*d].ty != Type::scalar(PrimType::I64) {
                    return err(format!("size {} is not an i64", self.name(*d)));
                }
            }
        }
        self.in_scope.push(v);
        Ok(())
    }

    fn use_var(&self, v: VarId) -> Checked<&'a Type> {
        if !self.scope_has(v) {
            return err(format!("{} is used out of scope", self.name(v)));
        }
        if self.consumed.contains(&v) {
            return err(format!("{} is used after it was consumed", self.name(v)));
        }
        Ok(&self.p.vars[v].ty)
    }

    fn use_sub(&self, s: SubExp) -> Checked<Type> {
        match s {
            SubExp::Const(c) => Ok(Type::scalar(c.prim_type())),
            SubExp::Var(v) => self.use_var(v).cloned(),
        }
    }

    fn scalar(&self, s: SubExp, prim: PrimType, what: &str) -> Checked {
        let t = self.use_sub(s)?;
        if t.rank() != 0 || t.prim != prim {
            return err(format!("{what} should be a {} scalar", prim.name()));
        }
        Ok(())
    }

    fn consume(&mut self, v: VarId) -> Checked {
        self.use_var(v)?;
        if let Some(&floor) = self.lambda_floor.last() {
            if !self.in_scope[floor..].contains(&v) {
                return err(format!(
                    "{} is bound outside a lambda that consumes it",
                    self.name(v)
                ));
            }
        }
        self.consumed.insert(v);
        Ok(())
    }

    fn fun(&mut self, f: &FunDef) -> Checked {
        for v in &f.params {
            self.bind(*v)?;
        }
        let result = self.body(&f.body)?;
        same_shapes(&result, &f.ret, "the function's results")
    }

    /// Checks a body in its own scope; gives its results' types.
    fn body(&mut self, b: &Body) -> Checked<Vec<Type>> {
        let mark = self.in_scope.len();
        for s in &b.stms {
            self.stm(s)?;
        }
        let result = b
            .result
            .iter()
            .map(|s| self.use_sub(*s))
            .collect::<Checked<Vec<_>>>()?;
        self.in_scope.truncate(mark);
        Ok(result)
    }

    fn lambda(&mut self, l: &Lambda, params: &[Type], what: &str) -> Checked<Vec<Type>> {
        if l.params.len() != params.len() {
            return err(format!(
                "{what}: the lambda takes {} parameters, given {}",
                l.params.len(),
                params.len()
            ));
        }
        let mark = self.in_scope.len();
        self.lambda_floor.push(mark);
        for (v, t) in l.params.iter().zip(params) {
            self.bind(*v)?;
            same_shapes(
                std::slice::from_ref(&self.p.vars[*v].ty),
                std::slice::from_ref(t),
                what,
            )?;
        }
        let result = self.body(&l.body);
        self.lambda_floor.pop();
        self.in_scope.truncate(mark);
        let result = result?;
        same_shapes(&result, &l.ret, what)?;
        Ok(l.ret.clone())
    }

    fn stm(&mut self, s: &Stm) -> Checked {
        let types = self.exp(&s.exp)?;
        for v in &s.pat.ctx {
            if self.p.vars[*v].ty != Type::scalar(PrimType::I64) {
                return err(format!("existential size {} is not an i64", self.name(*v)));
            }
            self.bind(*v)?;
        }
        let bound: Vec<Type> = s
            .pat
            .vals
            .iter()
            .map(|v| self.p.vars[*v].ty.clone())
            .collect();
        if let Some(types) = types {
            same_shapes(&types, &bound, "a statement's pattern")?;
        }
        for v in &s.pat.vals {
            self.bind(*v)?;
        }
        Ok(())
    }

    /// The types an expression gives (`None` where only the pattern knows
    /// them precisely enough).
    /// [`Self::exp_unguarded`] with enough stack for any depth.
    fn exp(&mut self, e: &Exp) -> Checked<Option<Vec<Type>>> {
        runic_syntax::with_stack(|| self.exp_unguarded(e))
    }

    fn exp_unguarded(&mut self, e: &Exp) -> Checked<Option<Vec<Type>>> {
        Ok(Some(match e {
            Exp::SubExp(s) => vec![self.use_sub(*s)?],
            Exp::Scalar(op, args) => {
                let types = args
                    .iter()
                    .map(|a| self.use_sub(*a))
                    .collect::<Checked<Vec<_>>>()?;
                if types.iter().any(|t| t.rank() != 0) {
                    return err(format!("{op:?} applied to an array"));
                }
                if let Builtin::Bin(_) = op {
                    if types.len() != 2 || types[0].prim != types[1].prim {
                        return err(format!("{op:?} on operands of different types"));
                    }
                }
                let prims: Vec<PrimType> = types.iter().map(|t| t.prim).collect();
                vec![Type::scalar(scalar_result(*op, &prims))]
            }
            Exp::ArrayLit(items, row) => {
                for i in items {
                    let t = self.use_sub(*i)?;
                    same_shapes(
                        &[t],
                        std::slice::from_ref(row),
                        "an array literal's element",
                    )?;
                }
                for d in &row.dims {
                    self.use_sub(*d)?;
                }
                vec![row.with_outer(SubExp::i64(items.len() as i64))]
            }
            Exp::Index(a, idx) => {
                let t = self.use_var(*a)?.clone();
                vec![self.indexed(&t, idx)?]
            }
            Exp::Update(a, idx, v) => {
                let t = self.use_var(*a)?.clone();
                let elem = self.indexed(&t, idx)?;
                let vt = self.use_sub(*v)?;
                same_shapes(&[vt], &[elem], "an in-place update's value")?;
                self.consume(*a)?;
                vec![t]
            }
            Exp::Iota(n) => {
                self.scalar(*n, PrimType::I64, "iota's size")?;
                vec![Type::array(PrimType::I64, vec![*n])]
            }
            Exp::Replicate(shape, v) => {
                for d in shape {
                    self.scalar(*d, PrimType::I64, "a replicate size")?;
                }
                let t = self.use_sub(*v)?;
                let mut dims = shape.clone();
                dims.extend(t.dims.iter().copied());
                vec![Type::array(t.prim, dims)]
            }
            Exp::Copy(a) => vec![self.use_var(*a)?.clone()],
            Exp::Concat(arrs) => {
                let mut first: Option<Type> = None;
                for a in arrs {
                    let t = self.use_var(*a)?.clone();
                    if t.rank() == 0 {
                        return err("concat of a scalar".into());
                    }
                    if let Some(f) = &first {
                        same_shapes(&[f.row()], &[t.row()], "concatenated rows")?;
                    } else {
                        first = Some(t);
                    }
                }
                return Ok(None);
            }
            Exp::Reshape(shape, a) => {
                for d in shape {
                    self.scalar(*d, PrimType::I64, "a reshape size")?;
                }
                let t = self.use_var(*a)?;
                vec![Type::array(t.prim, shape.clone())]
            }
            Exp::Rearrange(perm, a) => {
                let t = self.use_var(*a)?.clone();
                let mut sorted = perm.clone();
                sorted.sort_unstable();
                if sorted != (0..t.rank()).collect::<Vec<_>>() {
                    return err("rearrange by a permutation of the wrong rank".into());
                }
                vec![Type::array(
                    t.prim,
                    perm.iter().map(|&i| t.dims[i]).collect(),
                )]
            }
            Exp::Rotate(r, a) => {
                self.scalar(*r, PrimType::I64, "a rotation")?;
                vec![self.use_var(*a)?.clone()]
            }
            Exp::Assert(c, msg, _) => {
                self.scalar(*c, PrimType::Bool, "an assertion")?;
                for part in msg {
                    if let MsgPart::Value(v) = part {
                        self.use_sub(*v)?;
                    }
                }
                vec![]
            }
            Exp::Trace(args) => args
                .iter()
                .map(|a| self.use_sub(*a))
                .collect::<Checked<Vec<_>>>()?,
            Exp::If {
                cond,
                then_body,
                else_body,
            } => {
                self.scalar(*cond, PrimType::Bool, "a condition")?;
                let consumed = self.consumed.clone();
                let a = self.body(then_body)?;
                let after_then = std::mem::replace(&mut self.consumed, consumed);
                let b = self.body(else_body)?;
                self.consumed.extend(after_then);
                // The branches' sizes may differ where the pattern binds
                // them as existential sizes: only ranks and types must agree.
                let ranks = |ts: &[Type]| -> Vec<Type> {
                    ts.iter()
                        .map(|t| Type::array(t.prim, vec![SubExp::i64(0); t.rank()]))
                        .collect()
                };
                same_shapes(&ranks(&a), &ranks(&b), "the branches of an if")?;
                return Ok(None);
            }
            Exp::Loop {
                ctx,
                params,
                form,
                body,
            } => {
                let mark = self.in_scope.len();
                for (_, init) in params {
                    self.use_sub(*init)?;
                }
                for v in ctx {
                    self.bind(*v)?;
                }
                for (v, init) in params {
                    let t = self.use_sub(*init)?;
                    same_shapes(
                        &[t],
                        std::slice::from_ref(&self.p.vars[*v].ty),
                        "a loop's initial value",
                    )?;
                    self.bind(*v)?;
                }
                if let LoopForm::For { i, bound } = form {
                    self.scalar(*bound, PrimType::I64, "a loop bound")?;
                    self.bind(*i)?;
                }
                let result = self.body(body)?;
                self.in_scope.truncate(mark);
                let types: Vec<Type> = params
                    .iter()
                    .map(|(v, _)| self.p.vars[*v].ty.clone())
                    .collect();
                same_shapes(&result, &types, "a loop body's results")?;
                return Ok(None);
            }
            Exp::Apply(name, args) => {
                for a in args {
                    self.use_sub(*a)?;
                }
                match self.p.fun(name) {
                    Some(f) if f.params.len() == args.len() => {}
                    Some(_) => {
                        return err(format!(
                            "a call of {name} with the wrong number of arguments"
                        ))
                    }
                    None => return err(format!("a call of an unknown function {name}")),
                }
                return Ok(None);
            }
            Exp::Screma(s) => return self.screma(s).map(|_| None),
            Exp::Hist(h) => {
                let rows = self.rows(h.w, &h.arrs)?;
                let mut bucket_ret = Vec::new();
                for op in &h.ops {
                    bucket_ret.extend(std::iter::repeat_n(Type::scalar(PrimType::I64), op.rank));
                }
                for op in &h.ops {
                    let mut elems = Vec::new();
                    for d in &op.dests {
                        let t = self.use_var(*d)?;
                        if t.rank() < op.rank {
                            return err("a histogram's destination has too few dimensions".into());
                        }
                        elems.push(Type::array(t.prim, t.dims[op.rank..].to_vec()));
                    }
                    let mut params = elems.clone();
                    params.extend(elems.iter().cloned());
                    self.lambda(&op.op, &params, "a histogram operator")?;
                    bucket_ret.extend(elems);
                }
                let ret = self.lambda(&h.bucket, &rows, "a histogram's bucket function")?;
                same_shapes(&ret, &bucket_ret, "a histogram's bucket function")?;
                for op in &h.ops {
                    for d in &op.dests {
                        self.consume(*d)?;
                    }
                }
                return Ok(None);
            }
            Exp::Scatter(s) => {
                let rows = self.rows(s.w, &s.arrs)?;
                let mut want = Vec::new();
                for _ in 0..s.rounds {
                    for (rank, _) in &s.dests {
                        want.extend(std::iter::repeat_n(Type::scalar(PrimType::I64), *rank));
                    }
                }
                let mut values = Vec::new();
                for (rank, d) in &s.dests {
                    let t = self.use_var(*d)?;
                    if t.rank() < *rank {
                        return err("a scatter destination has too few dimensions".into());
                    }
                    values.push(Type::array(t.prim, t.dims[*rank..].to_vec()));
                }
                for _ in 0..s.rounds {
                    want.extend(values.iter().cloned());
                }
                let ret = self.lambda(&s.lambda, &rows, "a scatter's function")?;
                let writes = ret.len().min(want.len());
                same_shapes(&ret[..writes], &want, "a scatter's function")?;
                for (_, d) in &s.dests {
                    self.consume(*d)?;
                }
                return Ok(None);
            }
            Exp::Stream(s) => {
                self.rows(s.w, &s.arrs)?;
                for a in &s.accs {
                    self.use_sub(*a)?;
                }
                if s.lambda.params.len() != 1 + s.accs.len() + s.arrs.len() {
                    return err("a stream's lambda takes the wrong number of parameters".into());
                }
                let params: Vec<Type> = s
                    .lambda
                    .params
                    .iter()
                    .map(|v| self.p.vars[*v].ty.clone())
                    .collect();
                self.lambda(&s.lambda, &params, "a stream's function")?;
                return Ok(None);
            }
        }))
    }

    /// The row types of the input arrays of a SOAC of width `w`.
    fn rows(&self, w: SubExp, arrs: &[VarId]) -> Checked<Vec<Type>> {
        self.scalar(w, PrimType::I64, "a SOAC's width")?;
        arrs.iter()
            .map(|a| {
                let t = self.use_var(*a)?;
                if t.rank() == 0 {
                    return err(format!(
                        "{} is a SOAC input but not an array",
                        self.name(*a)
                    ));
                }
                Ok(t.row())
            })
            .collect()
    }

    fn screma(&mut self, s: &Screma) -> Checked {
        let rows = self.rows(s.w, &s.arrs)?;
        let ret = self.lambda(&s.map, &rows, "a screma's map function")?;
        let mut at = 0;
        for scan in &s.scans {
            let k = scan.neutral.len();
            let nes = self.operator(&scan.lambda, &scan.neutral, "a scan operator")?;
            let Some(got) = ret.get(at..at + k) else {
                return err("a screma's map gives too few results for its scans".into());
            };
            same_shapes(got, &nes, "a scan's input")?;
            at += k;
        }
        for red in &s.reds {
            let k = red.neutral.len();
            let nes = self.operator(&red.lambda, &red.neutral, "a reduction operator")?;
            let Some(got) = ret.get(at..at + k) else {
                return err("a screma's map gives too few results for its reductions".into());
            };
            same_shapes(got, &nes, "a reduction's input")?;
            at += k;
        }
        if let Some(post) = &s.post {
            let mut params = ret[..s.scans.iter().map(|x| x.neutral.len()).sum()].to_vec();
            params.extend(ret[at..].iter().cloned());
            self.lambda(post, &params, "a screma's post function")?;
        }
        Ok(())
    }

    /// Checks an associative operator on values like `neutral`.
    fn operator(&mut self, l: &Lambda, neutral: &[SubExp], what: &str) -> Checked<Vec<Type>> {
        let nes = neutral
            .iter()
            .map(|n| self.use_sub(*n))
            .collect::<Checked<Vec<_>>>()?;
        let mut params = nes.clone();
        params.extend(nes.iter().cloned());
        let ret = self.lambda(l, &params, what)?;
        same_shapes(&ret, &nes, what)?;
        Ok(nes)
    }

    fn indexed(&self, t: &Type, idx: &[DimIndex]) -> Checked<Type> {
        if idx.len() > t.rank() {
            return err("too many indices".into());
        }
        let mut dims = Vec::new();
        for (i, d) in idx.iter().enumerate() {
            match d {
                DimIndex::Fix(s) => self.scalar(*s, PrimType::I64, "an index")?,
                DimIndex::Slice { start, len, stride } => {
                    self.scalar(*start, PrimType::I64, "a slice start")?;
                    self.scalar(*len, PrimType::I64, "a slice length")?;
                    self.scalar(*stride, PrimType::I64, "a slice stride")?;
                    let _ = i;
                    dims.push(*len);
                }
            }
        }
        dims.extend(t.dims[idx.len()..].iter().copied());
        Ok(Type::array(t.prim, dims))
    }
}

/// Same primitive types and ranks, and equal dimensions where both are
/// constants.
fn same_shapes(got: &[Type], want: &[Type], what: &str) -> Checked {
    if got.len() != want.len() {
        return err(format!(
            "{what}: {} values where {} are expected",
            got.len(),
            want.len()
        ));
    }
    for (g, w) in got.iter().zip(want) {
        if g.prim != w.prim || g.rank() != w.rank() {
            return err(format!(
                "{what}: a {}-dimensional {} where a {}-dimensional {} is expected",
                g.rank(),
                g.prim.name(),
                w.rank(),
                w.prim.name()
            ));
        }
        for (a, b) in g.dims.iter().zip(&w.dims) {
            if let (SubExp::Const(a), SubExp::Const(b)) = (a, b) {
                if a != b {
                    return err(format!(
                        "{what}: a dimension of {a:?} where {b:?} is expected"
                    ));
                }
            }
        }
    }
    Ok(())
}
