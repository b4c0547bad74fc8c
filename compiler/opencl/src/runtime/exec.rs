//! The host program's interpreter: scalars on the host (with the
//! interpreter's semantics, `runic_eval::builtins::apply_scalar`), arrays
//! in device buffers, kernels launched as `launch` describes. Buffers are
//! reference-counted: an in-place write or a kernel that consumes an
//! array copies it first when it is shared, and every buffer is released
//! when its last user goes.

use std::rc::Rc;

use opencl3::memory::{Buffer, CL_MEM_READ_WRITE};
use opencl3::types::CL_BLOCKING;
use runic_core::eval::{Arr, CVal};
use runic_core::ir::{Exp, LoopForm, MsgPart, Pat, SubExp, VarId};
use runic_eval::builtins::apply_scalar;
use runic_eval::interp::RuntimeError;
use runic_eval::ir::Loc as SrcLoc;
use runic_eval::run::RunError;
use runic_eval::value::Prim;
use runic_kernels::ir::{HostBody, HostStm};
use runic_sema::types::PrimType;

use super::device::Device;
use super::launch::{Launcher, Operands};
use super::pool::PooledBuffer;
use crate::codegen::scalar::size_of;
use crate::Compiled;

/// An array on the device.
pub struct DArr {
    pub buf: PooledBuffer,
    pub prim: PrimType,
    pub shape: Vec<i64>,
}

impl DArr {
    pub fn count(&self) -> usize {
        self.shape.iter().product::<i64>().max(0) as usize
    }

    pub fn bytes(&self) -> usize {
        self.count() * size_of(self.prim)
    }
}

/// A host value.
#[derive(Clone)]
pub enum HVal {
    S(Prim),
    A(Rc<DArr>),
}

pub type Exec<T> = Result<T, RunError>;

pub fn cl_error(what: &str, e: impl std::fmt::Display) -> RunError {
    RunError::Runtime(RuntimeError {
        message: format!("{what}: {e}"),
        stack: Vec::new(),
    })
}

pub fn fail<T>(message: String, loc: Option<&runic_core::ir::Loc>) -> Exec<T> {
    Err(RunError::Runtime(RuntimeError {
        message,
        stack: loc
            .iter()
            .flat_map(|l| runic_core::ir::loc_frames(l))
            .map(|l| SrcLoc(l.into()))
            .collect(),
    }))
}

/// Runs the compiled entry point on the device; its results as core values.
pub fn run(dev: &Device, c: &Compiled) -> Exec<(Vec<CVal>, Vec<Compared>)> {
    let mut session = Session::new(dev, c)?;
    let results = session.call()?;
    let results = session.download(results)?;
    Ok((results, std::mem::take(&mut session.h.observed)))
}

/// Times of a benchmark: one per run, in microseconds.
pub type Timings = Vec<u128>;

/// What a benchmark measured: the times, the last run's results, and the
/// last run's comparisons with tunable thresholds.
pub struct Measured {
    pub times: Timings,
    pub results: Vec<CVal>,
    pub observed: Vec<Compared>,
}

/// A comparison with a tunable threshold: its name, the size compared,
/// and whether the first version (`size >= threshold`) was chosen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compared {
    pub name: String,
    pub size: i64,
    pub chosen: bool,
}

/// Runs the compiled entry point `warmup + runs` times on arguments
/// uploaded once, as `futhark bench` measures: each run's time is the host
/// code's until the device is idle, without building the program,
/// uploading the arguments or downloading the results; the last run's
/// results are downloaded after the clock stops.
pub fn bench(dev: &Device, c: &Compiled, warmup: usize, runs: usize) -> Exec<Measured> {
    let mut session = Session::new(dev, c)?;
    let mut times = Vec::with_capacity(runs);
    let mut last = Vec::new();
    for k in 0..warmup + runs.max(1) {
        let start = std::time::Instant::now();
        session.h.observed.clear();
        last = session.call()?;
        dev.queue.finish().map_err(|e| cl_error("OpenCL", e))?;
        if k >= warmup {
            times.push(start.elapsed().as_micros());
        }
    }
    let results = session.download(last)?;
    Ok(Measured {
        times,
        results,
        observed: std::mem::take(&mut session.h.observed),
    })
}

/// An entry point on a device with its arguments uploaded: called any
/// number of times.
struct Session<'a> {
    h: Host<'a>,
    params: Vec<(VarId, HVal)>,
    body: &'a HostBody,
}

impl<'a> Session<'a> {
    fn new(dev: &'a Device, c: &'a Compiled) -> Exec<Self> {
        let program = dev
            .program(&c.generated.source)
            .map_err(RunError::BadInput)?;
        let Some(f) = c.kp.funs.iter().find(|f| f.name == c.entry) else {
            return Err(RunError::BadInput(format!("no function `{}`", c.entry)));
        };
        let mut h = Host {
            l: Launcher::new(dev, c, program)?,
            env: vec![None; c.kp.core.vars.len()],
            observed: Vec::new(),
        };
        if f.params.len() != c.args.len() {
            return Err(RunError::BadInput("wrong number of arguments".into()));
        }
        let mut params = Vec::new();
        for (v, a) in f.params.iter().zip(&c.args) {
            let value = match a {
                CVal::Scalar(p) => HVal::S(*p),
                CVal::Array(arr) => HVal::A(Rc::new(h.l.upload(arr)?)),
            };
            params.push((*v, value));
        }
        Ok(Session {
            h,
            params,
            body: &f.body,
        })
    }

    /// One call on the uploaded arguments (an argument the entry point
    /// consumes is copied first, since the session keeps it).
    ///
    /// The device's error flag is looked at once more at the end, and
    /// before a failure of the host is reported: a kernel launched before
    /// it may have failed first.
    fn call(&mut self) -> Exec<Vec<HVal>> {
        for (v, value) in &self.params {
            self.h.env[v.index()] = Some(value.clone());
        }
        let results = self.h.body(self.body);
        if let Err(RunError::Runtime(_)) = &results {
            self.h.l.sync()?;
        }
        let results = results?;
        self.h.l.sync()?;
        Ok(results)
    }

    fn download(&mut self, results: Vec<HVal>) -> Exec<Vec<CVal>> {
        let out = results
            .into_iter()
            .map(|r| match r {
                HVal::S(p) => Ok(CVal::Scalar(p)),
                HVal::A(a) => Ok(CVal::Array(Rc::new(self.h.l.download(&a)?))),
            })
            .collect();
        self.h
            .l
            .dev
            .queue
            .finish()
            .map_err(|e| cl_error("OpenCL", e))?;
        out
    }
}

struct Host<'a> {
    l: Launcher<'a>,
    env: Vec<Option<HVal>>,
    /// The comparisons with thresholds, in the order made.
    observed: Vec<Compared>,
}

impl<'a> Host<'a> {
    /// The tunable threshold a host statement compares with, if it is one.
    fn threshold(
        &self,
        stm: &runic_core::ir::Stm,
    ) -> Option<&'a runic_kernels::thresholds::Threshold> {
        let c: &'a Compiled = self.l.c;
        let [v] = stm.pat.vals[..] else {
            return None;
        };
        c.kp.thresholds.iter().find(|t| t.cond == v)
    }

    fn get(&self, v: VarId) -> Exec<HVal> {
        self.env[v.index()].clone().ok_or_else(|| {
            RunError::BadInput(format!("internal error: {} has no value", v.index()))
        })
    }

    fn sub(&self, s: SubExp) -> Exec<HVal> {
        match s {
            SubExp::Const(c) => Ok(HVal::S(c)),
            SubExp::Var(v) => self.get(v),
        }
    }

    fn prim(&self, s: SubExp) -> Exec<Prim> {
        match self.sub(s)? {
            HVal::S(p) => Ok(p),
            HVal::A(_) => Err(RunError::BadInput(
                "internal error: expected a scalar".into(),
            )),
        }
    }

    fn set(&mut self, v: VarId, x: HVal) {
        self.env[v.index()] = Some(x);
    }

    fn body(&mut self, b: &HostBody) -> Exec<Vec<HVal>> {
        for s in &b.stms {
            self.stm(s)?;
        }
        b.result.iter().map(|r| self.sub(*r)).collect()
    }

    fn bind_pat(&mut self, pat: &Pat, values: Vec<HVal>) {
        let p = &self.l.c.kp.core;
        for c in &pat.ctx {
            let mut found = 0;
            'find: for (v, x) in pat.vals.iter().zip(&values) {
                for (i, d) in p.ty(*v).dims.iter().enumerate() {
                    if *d == SubExp::Var(*c) {
                        if let HVal::A(a) = x {
                            found = a.shape.get(i).copied().unwrap_or(0);
                        }
                        break 'find;
                    }
                }
            }
            self.env[c.index()] = Some(HVal::S(Prim::I64(found)));
        }
        for (v, x) in pat.vals.iter().zip(values) {
            self.set(*v, x);
        }
    }

    /// A flat element offset, if in bounds.
    fn offset(a: &DArr, idx: &[i64]) -> Option<usize> {
        let mut off = 0i64;
        for (i, n) in idx.iter().zip(&a.shape) {
            if !(0..*n).contains(i) {
                return None;
            }
            off = off * n + i;
        }
        Some(off as usize)
    }

    /// Takes an array out of its variable (it is consumed), copying it
    /// when someone else still holds it.
    fn take(&mut self, v: VarId) -> Exec<DArr> {
        let HVal::A(a) = self.get(v)? else {
            return Err(RunError::BadInput(
                "internal error: expected an array".into(),
            ));
        };
        self.env[v.index()] = None;
        match Rc::try_unwrap(a) {
            Ok(a) => Ok(a),
            Err(shared) => {
                let copy = self.l.copy(&shared)?;
                self.env[v.index()] = Some(HVal::A(shared));
                Ok(copy)
            }
        }
    }

    fn stm(&mut self, s: &HostStm) -> Exec<()> {
        match s {
            HostStm::Scalar(stm) => {
                if let Some(t) = self.threshold(stm) {
                    let size = self.prim(t.size)?.as_i64();
                    let chosen = size >= self.l.c.tuning.value(t);
                    self.observed.push(Compared {
                        name: t.name.clone(),
                        size,
                        chosen,
                    });
                    self.set(t.cond, HVal::S(Prim::Bool(chosen)));
                    return Ok(());
                }
                let values = self.scalar(&stm.exp, stm.loc.as_ref())?;
                self.bind_pat(&stm.pat, values);
            }
            HostStm::Alloc(v) => {
                let t = self.l.c.kp.core.ty(*v).clone();
                let shape = t
                    .dims
                    .iter()
                    .map(|d| self.prim(*d).map(|p| p.as_i64()))
                    .collect::<Exec<Vec<_>>>()?;
                let a = self.l.alloc(t.prim, shape)?;
                self.set(*v, HVal::A(Rc::new(a)));
            }
            HostStm::Read { dest, arr, idx } => {
                let HVal::A(a) = self.get(*arr)? else {
                    return Err(RunError::BadInput(
                        "internal error: read of a scalar".into(),
                    ));
                };
                let idx = idx
                    .iter()
                    .map(|i| self.prim(*i).map(|p| p.as_i64()))
                    .collect::<Exec<Vec<_>>>()?;
                let Some(off) = Self::offset(&a, &idx) else {
                    return fail(
                        format!(
                            "Index {idx:?} out of bounds for array of shape {:?}.",
                            a.shape
                        ),
                        None,
                    );
                };
                let p = self.l.read(&a, off)?;
                self.set(*dest, HVal::S(p));
            }
            HostStm::Write {
                dest,
                arr,
                idx,
                value,
            } => {
                let idx = idx
                    .iter()
                    .map(|i| self.prim(*i).map(|p| p.as_i64()))
                    .collect::<Exec<Vec<_>>>()?;
                let value = self.prim(*value)?;
                let mut a = self.take(*arr)?;
                if let Some(off) = Self::offset(&a, &idx) {
                    self.l.write(&mut a, off, value)?;
                }
                self.set(*dest, HVal::A(Rc::new(a)));
            }
            HostStm::Launch { kernel, pat } => {
                let values = self.launch(*kernel, pat)?;
                self.bind_pat(pat, values);
            }
            HostStm::Eval { inputs, body, pat } => {
                let values = self.eval(inputs, body)?;
                self.bind_pat(pat, values);
            }
            HostStm::If {
                pat,
                cond,
                then_body,
                else_body,
            } => {
                let values = if let Prim::Bool(true) = self.prim(*cond)? {
                    self.body(then_body)?
                } else {
                    self.body(else_body)?
                };
                self.bind_pat(pat, values);
            }
            HostStm::Loop {
                pat,
                ctx,
                params,
                form,
                body,
            } => {
                let mut values = params
                    .iter()
                    .map(|(_, init)| self.sub(*init))
                    .collect::<Exec<Vec<_>>>()?;
                let mut i = 0;
                loop {
                    let go = match form {
                        LoopForm::For { bound, .. } => i < self.prim(*bound)?.as_i64(),
                        LoopForm::While(_) => matches!(values[0], HVal::S(Prim::Bool(true))),
                    };
                    if !go {
                        break;
                    }
                    let inner = Pat {
                        ctx: ctx.clone(),
                        vals: params.iter().map(|(v, _)| *v).collect(),
                    };
                    self.bind_pat(&inner, values);
                    if let LoopForm::For { i: var, .. } = form {
                        self.set(*var, HVal::S(Prim::I64(i)));
                    }
                    values = self.body(body)?;
                    i += 1;
                }
                self.bind_pat(pat, values);
            }
        }
        Ok(())
    }

    fn scalar(&mut self, e: &Exp, loc: Option<&runic_core::ir::Loc>) -> Exec<Vec<HVal>> {
        Ok(match e {
            Exp::SubExp(s) => vec![self.sub(*s)?],
            Exp::Scalar(op, args) => {
                let args = args
                    .iter()
                    .map(|a| self.prim(*a))
                    .collect::<Exec<Vec<_>>>()?;
                match apply_scalar(*op, &args) {
                    Ok(p) => vec![HVal::S(p)],
                    Err(m) => return fail(m, loc),
                }
            }
            Exp::Assert(c, msg, at) => {
                if let Prim::Bool(false) = self.prim(*c)? {
                    let mut values = Vec::new();
                    for m in msg {
                        if let MsgPart::Value(v) = m {
                            values.push(self.prim(*v)?);
                        }
                    }
                    return fail(message(msg, &values), Some(at));
                }
                Vec::new()
            }
            Exp::Trace(args) => args.iter().map(|a| self.sub(*a)).collect::<Exec<_>>()?,
            Exp::Apply(name, args) => {
                let values = args
                    .iter()
                    .map(|a| self.sub(*a))
                    .collect::<Exec<Vec<_>>>()?;
                let c = self.l.c;
                let Some(f) = c.kp.funs.iter().find(|f| *f.name == **name) else {
                    return Err(RunError::BadInput(format!("no function `{name}`")));
                };
                // The callee binds its variables again when it is the
                // caller: the caller's are restored after it.
                let saved = std::mem::replace(&mut self.env, vec![None; c.kp.core.vars.len()]);
                for (p, v) in f.params.iter().zip(values) {
                    self.set(*p, v);
                }
                let result = self.body(&f.body);
                self.env = saved;
                result?
            }
            _ => {
                return Err(RunError::BadInput(
                    "internal error: not a host statement".into(),
                ))
            }
        })
    }

    fn launch(&mut self, k: usize, pat: &Pat) -> Exec<Vec<HVal>> {
        let c = self.l.c;
        let kernel = &c.kp.kernels[k];
        let inputs = crate::codegen::grid::passed(&c.kp.core, kernel)
            .iter()
            .map(|v| self.get(*v))
            .collect::<Exec<Vec<_>>>()?;
        use runic_kernels::ir::KernelKind as K;
        match &kernel.kind {
            K::SegMap { space, .. } => {
                let sizes = space
                    .iter()
                    .map(|(_, d)| self.prim(*d).map(|p| p.as_i64()))
                    .collect::<Exec<Vec<_>>>()?;
                // A tiled SegMap runs a group per tile of its space.
                let n: i64 = match &kernel.tile {
                    Some(t) if sizes.iter().all(|n| *n > 0) => t.groups(&sizes),
                    _ => sizes.iter().product(),
                };
                let outs = pat
                    .vals
                    .iter()
                    .map(|v| self.get(*v))
                    .collect::<Exec<Vec<_>>>()?;
                self.l.seg_map(k, n, &inputs, &outs)?;
                Ok(outs)
            }
            K::Seq { body } => self.l.seq(k, &inputs, &body.result),
            K::SegRed {
                w,
                segs: Some(segs),
                arrs,
                ..
            }
            | K::SegScan {
                w,
                segs: Some(segs),
                arrs,
                ..
            } => {
                let nseg = self.prim(*segs)?.as_i64();
                let m = self.prim(*w)?.as_i64();
                let arrays = self.arrays(arrs)?;
                let outs = self.arrays(&pat.vals)?;
                self.l.segmented(k, (nseg, m), &inputs, (&arrays, &outs))?;
                Ok(outs.into_iter().map(HVal::A).collect())
            }
            K::SegRed { w, arrs, map, .. } => {
                let n = self.prim(*w)?.as_i64();
                let arrays = self.arrays(arrs)?;
                let operands = match map {
                    Some(map) => Operands::Mapped(map.lambda.ret.iter().map(|t| t.prim).collect()),
                    None => Operands::Given,
                };
                // A scalar result is read back; one that migration keeps
                // on the device stays a one-element array.
                let results = self.l.seg_red(k, n, &inputs, &arrays, operands)?;
                results
                    .into_iter()
                    .zip(&pat.vals)
                    .map(|(a, v)| match c.kp.core.ty(*v).rank() {
                        0 => self.l.read(&a, 0).map(HVal::S),
                        _ => Ok(HVal::A(Rc::new(a))),
                    })
                    .collect()
            }
            K::SegScan { w, arrs, .. } => {
                let n = self.prim(*w)?.as_i64();
                let arrays = self.arrays(arrs)?;
                let outs = self.arrays(&pat.vals)?;
                self.l.seg_scan(k, n, &inputs, &arrays, &outs)?;
                Ok(outs.into_iter().map(HVal::A).collect())
            }
            K::SegHist { w, idxs, vals, op } => {
                // The destination is not among the inputs: it must not
                // stay shared.
                let n = self.prim(*w)?.as_i64();
                let idx = self.arrays(idxs)?;
                let val = self.arrays(vals)?;
                let dest = self.take(op.dests[0])?;
                let dest = self.l.seg_hist(k, n, &inputs, &idx, &val[0], dest)?;
                Ok(vec![HVal::A(Rc::new(dest))])
            }
            K::SegScatter {
                w,
                idxs,
                vals,
                dests,
            } => {
                let n = self.prim(*w)?.as_i64();
                let idx = idxs
                    .iter()
                    .map(|is| self.arrays(is))
                    .collect::<Exec<Vec<_>>>()?;
                let val = self.arrays(vals)?;
                let mut taken = Vec::new();
                for d in dests {
                    taken.push(self.take(*d)?);
                }
                let done = self.l.seg_scatter(k, n, &inputs, &idx, &val, taken)?;
                Ok(done.into_iter().map(|a| HVal::A(Rc::new(a))).collect())
            }
        }
    }

    /// Evaluates statements on the host (core semantics) on copies of
    /// their inputs; their results go back to the device.
    fn eval(&mut self, inputs: &[VarId], body: &runic_core::ir::Body) -> Exec<Vec<HVal>> {
        let mut bound = Vec::new();
        for v in inputs {
            let x = match self.get(*v)? {
                HVal::S(p) => CVal::Scalar(p),
                HVal::A(a) => CVal::Array(Rc::new(self.l.download(&a)?)),
            };
            bound.push((*v, x));
        }
        let values = runic_core::eval::eval_body(&self.l.c.kp.core, bound, body)
            .map_err(RunError::Runtime)?;
        values
            .into_iter()
            .map(|x| match x {
                CVal::Scalar(p) => Ok(HVal::S(p)),
                CVal::Array(a) => Ok(HVal::A(Rc::new(self.l.upload(&a)?))),
            })
            .collect()
    }

    fn arrays(&self, vs: &[VarId]) -> Exec<Vec<Rc<DArr>>> {
        vs.iter()
            .map(|v| match self.get(*v)? {
                HVal::A(a) => Ok(a),
                HVal::S(_) => Err(RunError::BadInput(
                    "internal error: expected an array".into(),
                )),
            })
            .collect()
    }
}

/// An assertion's message with its values, as the core evaluator words it.
pub fn message(msg: &[MsgPart], values: &[Prim]) -> String {
    let mut text = String::new();
    let mut values = values.iter();
    for part in msg {
        match part {
            MsgPart::Text(t) => text.push_str(t),
            MsgPart::Value(_) => {
                if let Some(p) = values.next() {
                    text.push_str(&runic_eval::text::show_prim_bare(*p));
                }
            }
        }
    }
    text
}

/// A core array from its bytes on the device.
pub fn decode(prim: PrimType, shape: Vec<i64>, bytes: &[u8]) -> Arr {
    let size = size_of(prim);
    let data = bytes.chunks_exact(size).map(|b| prim_of(prim, b)).collect();
    Arr { prim, shape, data }
}

/// One element from its bytes.
pub fn prim_of(prim: PrimType, b: &[u8]) -> Prim {
    let mut w = [0u8; 8];
    w[..b.len()].copy_from_slice(b);
    let bits = u64::from_le_bytes(w);
    from_bits(prim, bits as i64)
}

/// A scalar from the bits a kernel wrote (as `long`).
pub fn from_bits(prim: PrimType, bits: i64) -> Prim {
    match prim {
        PrimType::I8 => Prim::I8(bits as i8),
        PrimType::I16 => Prim::I16(bits as i16),
        PrimType::I32 => Prim::I32(bits as i32),
        PrimType::I64 => Prim::I64(bits),
        PrimType::U8 => Prim::U8(bits as u8),
        PrimType::U16 => Prim::U16(bits as u16),
        PrimType::U32 => Prim::U32(bits as u32),
        PrimType::U64 => Prim::U64(bits as u64),
        PrimType::F16 => Prim::F16(f32::from_bits(bits as u32)),
        PrimType::F32 => Prim::F32(f32::from_bits(bits as u32)),
        PrimType::F64 => Prim::F64(f64::from_bits(bits as u64)),
        PrimType::Bool => Prim::Bool(bits & 0xff != 0),
    }
}

/// The bytes of one element.
pub fn bytes_of(p: Prim, out: &mut Vec<u8>) {
    match p {
        Prim::I8(x) => out.extend(x.to_le_bytes()),
        Prim::I16(x) => out.extend(x.to_le_bytes()),
        Prim::I32(x) => out.extend(x.to_le_bytes()),
        Prim::I64(x) => out.extend(x.to_le_bytes()),
        Prim::U8(x) => out.extend(x.to_le_bytes()),
        Prim::U16(x) => out.extend(x.to_le_bytes()),
        Prim::U32(x) => out.extend(x.to_le_bytes()),
        Prim::U64(x) => out.extend(x.to_le_bytes()),
        Prim::F16(x) | Prim::F32(x) => out.extend(x.to_le_bytes()),
        Prim::F64(x) => out.extend(x.to_le_bytes()),
        Prim::Bool(b) => out.push(b as u8),
    }
}

/// Reads a whole buffer's bytes (blocking).
pub fn read_bytes(dev: &Device, buf: &Buffer<u8>, offset: usize, len: usize) -> Exec<Vec<u8>> {
    let mut out = vec![0u8; len];
    if len > 0 {
        unsafe {
            dev.queue
                .enqueue_read_buffer(buf, CL_BLOCKING, offset, &mut out, &[])
        }
        .map_err(|e| cl_error("reading from the device", e))?;
    }
    Ok(out)
}

/// A device buffer of at least one byte: a freed one of that size from
/// the device's pool, or a new one.
pub fn buffer(dev: &Device, bytes: usize) -> Exec<PooledBuffer> {
    let bytes = bytes.max(8);
    if let Some(buf) = dev.pool.take(bytes) {
        return Ok(PooledBuffer::new(buf, bytes, dev.pool.clone()));
    }
    let buf = unsafe {
        Buffer::<u8>::create(&dev.context, CL_MEM_READ_WRITE, bytes, std::ptr::null_mut())
    }
    .map_err(|e| {
        RunError::Runtime(RuntimeError {
            message: format!("out of memory on the device: allocating {bytes} bytes failed ({e})"),
            stack: Vec::new(),
        })
    })?;
    Ok(PooledBuffer::new(buf, bytes, dev.pool.clone()))
}
