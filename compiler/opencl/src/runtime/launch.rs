//! Launching kernels: arguments in the order `codegen` declares them,
//! work sizes, the heap of thread-local arrays (grown and launched again
//! when a thread runs out), and the failures kernels report.

use std::collections::HashMap;
use std::rc::Rc;

use opencl3::kernel::{ExecuteKernel, Kernel};
use opencl3::memory::ClMem;
use opencl3::program::Program;
use opencl3::types::{cl_mem, CL_BLOCKING};
use runic_core::eval::Arr;
use runic_core::ir::SubExp;
use runic_eval::value::Prim;
use runic_sema::types::PrimType;

/// The most threads one launch may have: 2^40, far beyond any device's
/// memory for the data they would touch.
const MAX_THREADS: usize = 1 << 40;

use super::device::Device;
use super::exec::{
    buffer, bytes_of, cl_error, decode, fail, from_bits, read_bytes, DArr, Exec, HVal,
};
use crate::codegen::scalar::size_of;
use crate::Compiled;

/// Where a reduction's operands come from: its input arrays, or a fused
/// map of them that gives operands of these types.
pub enum Operands {
    Given,
    Mapped(Vec<PrimType>),
}

/// A kernel argument.
#[derive(Clone)]
enum Arg {
    Mem(cl_mem),
    Prim(Prim),
    Long(i64),
    Local(usize),
}

/// What runs kernels for one entry point's run.
pub struct Launcher<'a> {
    pub dev: &'a Device,
    pub c: &'a Compiled,
    program: Rc<Program>,
    kernels: HashMap<String, Kernel>,
    errflag: super::pool::PooledBuffer,
    errdata: super::pool::PooledBuffer,
    /// The heap of per-thread arrays and its size.
    heap: Option<super::pool::PooledBuffer>,
    heap_bytes: usize,
    /// Whether a kernel ran since the error flag was last looked at.
    unchecked: bool,
}

const ERRDATA_SLOTS: usize = 64;

/// Rows of at most this many elements are reduced or scanned by a thread
/// each.
const SMALL_SEGMENT: i64 = 64;
/// So many rows fill the device with a thread each.
const MANY_SEGMENTS: i64 = 1 << 16;
/// The most work-groups a segmented operation launches (each takes rows
/// in turn).
const MAX_SEGMENT_GROUPS: usize = 1 << 12;

impl<'a> Launcher<'a> {
    pub fn new(dev: &'a Device, c: &'a Compiled, program: Rc<Program>) -> Exec<Self> {
        let mut errflag = buffer(dev, 8)?;
        let errdata = buffer(dev, ERRDATA_SLOTS * 8)?;
        unsafe {
            dev.queue
                .enqueue_write_buffer(&mut errflag, CL_BLOCKING, 0, &[0u8; 8], &[])
        }
        .map_err(|e| cl_error("writing to the device", e))?;
        Ok(Launcher {
            dev,
            c,
            program,
            kernels: HashMap::new(),
            errflag,
            errdata,
            heap: None,
            heap_bytes: 0,
            unchecked: false,
        })
    }

    pub fn upload(&mut self, a: &Arr) -> Exec<DArr> {
        let mut bytes = Vec::with_capacity(a.data.len() * size_of(a.prim));
        for p in &a.data {
            bytes_of(*p, &mut bytes);
        }
        let mut buf = buffer(self.dev, bytes.len())?;
        if !bytes.is_empty() {
            unsafe {
                self.dev
                    .queue
                    .enqueue_write_buffer(&mut buf, CL_BLOCKING, 0, &bytes, &[])
            }
            .map_err(|e| cl_error("writing to the device", e))?;
        }
        Ok(DArr {
            buf,
            prim: a.prim,
            shape: a.shape.clone(),
        })
    }

    pub fn download(&mut self, a: &DArr) -> Exec<Arr> {
        self.sync()?;
        let bytes = read_bytes(self.dev, &a.buf, 0, a.bytes())?;
        Ok(decode(a.prim, a.shape.clone(), &bytes))
    }

    pub fn alloc(&mut self, prim: PrimType, shape: Vec<i64>) -> Exec<DArr> {
        // A size past the address space is refused, as the interpreter
        // refuses an array too large to allocate.
        let Some(bytes) = shape
            .iter()
            .try_fold(size_of(prim) as i64, |n, d| n.checked_mul((*d).max(0)))
        else {
            return Err(cl_error(
                "allocating",
                format!("an array of shape {shape:?} is too large for the device"),
            ));
        };
        let buf = buffer(self.dev, bytes as usize)?;
        Ok(DArr { buf, prim, shape })
    }

    pub fn copy(&mut self, a: &DArr) -> Exec<DArr> {
        let mut b = self.alloc(a.prim, a.shape.clone())?;
        self.copy_into(&a.buf, 0, &mut b.buf, a.bytes())?;
        Ok(b)
    }

    fn copy_into(
        &mut self,
        from: &opencl3::memory::Buffer<u8>,
        offset: usize,
        to: &mut opencl3::memory::Buffer<u8>,
        len: usize,
    ) -> Exec<()> {
        if len > 0 {
            unsafe {
                self.dev
                    .queue
                    .enqueue_copy_buffer(from, to, offset, 0, len, &[])
            }
            .map_err(|e| cl_error("copying on the device", e))?;
        }
        Ok(())
    }

    pub fn read(&mut self, a: &DArr, off: usize) -> Exec<Prim> {
        self.sync()?;
        let size = size_of(a.prim);
        let bytes = read_bytes(self.dev, &a.buf, off * size, size)?;
        Ok(super::exec::prim_of(a.prim, &bytes))
    }

    pub fn write(&mut self, a: &mut DArr, off: usize, p: Prim) -> Exec<()> {
        let mut bytes = Vec::new();
        bytes_of(p, &mut bytes);
        unsafe {
            self.dev.queue.enqueue_write_buffer(
                &mut a.buf,
                CL_BLOCKING,
                off * bytes.len(),
                &bytes,
                &[],
            )
        }
        .map_err(|e| cl_error("writing to the device", e))?;
        Ok(())
    }

    fn kernel(&mut self, name: &str) -> Exec<&Kernel> {
        if !self.kernels.contains_key(name) {
            let k = Kernel::create(&self.program, name)
                .map_err(|e| cl_error(&format!("creating kernel {name}"), e))?;
            self.kernels.insert(name.to_string(), k);
        }
        Ok(&self.kernels[name])
    }

    /// The common arguments, then the inputs (all, or only scalars).
    fn head(&self, inputs: &[HVal], scalars_only: bool) -> Vec<Arg> {
        let mut args = vec![Arg::Mem(self.errflag.get()), Arg::Mem(self.errdata.get())];
        push_inputs(&mut args, inputs, scalars_only);
        args
    }

    /// Launches `name` over `global` threads in groups of `local`.
    fn enqueue(&mut self, name: &str, args: &[Arg], global: usize, local: usize) -> Exec<()> {
        let queue = &self.dev.queue;
        let kernel = self.kernel(name)?;
        let mut ex = ExecuteKernel::new(kernel);
        for a in args {
            unsafe {
                match a {
                    Arg::Mem(m) => ex.set_arg(m),
                    Arg::Long(x) => ex.set_arg(x),
                    Arg::Local(n) => ex.set_arg_local_buffer(*n),
                    Arg::Prim(p) => match *p {
                        Prim::I8(x) => ex.set_arg(&x),
                        Prim::I16(x) => ex.set_arg(&x),
                        Prim::I32(x) => ex.set_arg(&x),
                        Prim::I64(x) => ex.set_arg(&x),
                        Prim::U8(x) => ex.set_arg(&x),
                        Prim::U16(x) => ex.set_arg(&x),
                        Prim::U32(x) => ex.set_arg(&x),
                        Prim::U64(x) => ex.set_arg(&x),
                        Prim::F16(x) | Prim::F32(x) => ex.set_arg(&x),
                        Prim::F64(x) => ex.set_arg(&x),
                        Prim::Bool(b) => ex.set_arg(&(b as u8)),
                    },
                };
            }
        }
        let local = local.max(1);
        if global > MAX_THREADS {
            // An OpenCL runtime cannot even count that many work-groups
            // (PoCL aborts the process): refused, as the interpreter refuses
            // an array too large to allocate.
            return Err(cl_error(
                &format!("launching {name}"),
                format!("{global} threads are too large a launch for the device"),
            ));
        }
        let global = global.max(1).div_ceil(local) * local;
        ex.set_global_work_size(global).set_local_work_size(local);
        unsafe { ex.enqueue_nd_range(queue) }
            .map_err(|e| cl_error(&format!("launching {name}"), e))?;
        Ok(())
    }

    /// Reports the failure of a kernel launched since the flag was last
    /// looked at, if one failed: kernels after a failed one do nothing
    /// (`codegen::SKIP_AFTER_FAILURE`), so the first failure is the one
    /// flagged. Called before the host uses a value from the device and
    /// at the end of a call; a blocking read only when a kernel ran.
    pub fn sync(&mut self) -> Exec<()> {
        if !self.unchecked {
            return Ok(());
        }
        match self.check()? {
            None => Ok(()),
            Some(_) => fail(
                "internal error: a kernel without arrays of its own asked for heap".into(),
                None,
            ),
        }
    }

    /// The failure a kernel reported: `Ok(None)` when it succeeded,
    /// `Ok(Some(bytes))` when a thread needed more heap.
    fn check(&mut self) -> Exec<Option<i64>> {
        self.unchecked = false;
        let flag = read_bytes(self.dev, &self.errflag, 0, 4)?;
        let flag = i32::from_le_bytes([flag[0], flag[1], flag[2], flag[3]]);
        if flag == 0 {
            return Ok(None);
        }
        let data = read_bytes(self.dev, &self.errdata, 0, ERRDATA_SLOTS * 8)?;
        let slot = |k: usize| i64::from_le_bytes(data[k * 8..k * 8 + 8].try_into().unwrap());
        unsafe {
            self.dev
                .queue
                .enqueue_write_buffer(&mut self.errflag, CL_BLOCKING, 0, &[0u8; 4], &[])
        }
        .map_err(|e| cl_error("writing to the device", e))?;
        match flag {
            -1 => Ok(Some(slot(0))),
            -2 => fail("Irregular array: rows of different shapes.".into(), None),
            k => {
                let Some(info) = self.c.generated.asserts.get(k as usize - 1) else {
                    return fail(format!("a kernel failed (code {k})"), None);
                };
                let values: Vec<Prim> = info
                    .value_types
                    .iter()
                    .enumerate()
                    .map(|(j, t)| from_bits(*t, slot(j)))
                    .collect();
                let message = match info.op {
                    Some(op) => runic_eval::prim::binop(op, values[0], values[1])
                        .err()
                        .unwrap_or_else(|| "an arithmetic operation failed".into()),
                    None => super::exec::message(&info.msg, &values),
                };
                fail(message, info.loc.as_ref())
            }
        }
    }

    /// Launches a thread kernel, growing the heap until every thread (or
    /// work-group, for a kernel of groups) has what it needs.
    fn with_heap(
        &mut self,
        k: usize,
        threads: usize,
        build: impl Fn(&Self, cl_mem, i64) -> Vec<Arg>,
    ) -> Exec<()> {
        let code = &self.c.generated.kernels[k];
        let name = code.entries[0].clone();
        // Per thread: 4 KiB to start (1 MiB for a single thread), within
        // 256 MiB for all; more when a thread says it needs more.
        let mut quota: usize = if !code.allocates {
            0
        } else if threads <= 1 {
            1 << 20
        } else {
            ((1usize << 28) / threads).clamp(64, 1 << 12) & !7
        };
        loop {
            let need = quota.saturating_mul(threads).max(8);
            if self.heap.is_none() || self.heap_bytes < need {
                self.heap = None;
                self.heap = Some(buffer(self.dev, need)?);
                self.heap_bytes = need;
            }
            let heap = self
                .heap
                .as_ref()
                .map(|h| h.get())
                .unwrap_or(std::ptr::null_mut());
            let args = build(self, heap, quota as i64);
            // A kernel of work-groups has a part of the heap per group.
            let group = self.group_of(k);
            let local = if group > 1 {
                group
            } else {
                self.dev.max_group.min(threads.max(1))
            };
            self.enqueue(&name, &args, threads * group, local)?;
            if quota == 0 {
                // No thread can ask for heap: the flag is looked at later.
                self.unchecked = true;
                return Ok(());
            }
            match self.check()? {
                None => return Ok(()),
                Some(needed) => {
                    quota = (quota * 2).max(needed.max(0) as usize * 2);
                    if quota.saturating_mul(threads) > (1usize << 34) {
                        return fail(
                            "out of memory on the device: the threads' arrays do not fit".into(),
                            None,
                        );
                    }
                }
            }
        }
    }

    pub fn seg_map(&mut self, k: usize, n: i64, inputs: &[HVal], outs: &[HVal]) -> Exec<()> {
        if n <= 0 {
            return Ok(());
        }
        self.with_heap(k, n as usize, |me, heap, quota| {
            let mut args = vec![
                Arg::Mem(me.errflag.get()),
                Arg::Mem(me.errdata.get()),
                Arg::Mem(heap),
                Arg::Long(quota),
            ];
            push_inputs(&mut args, inputs, false);
            push_inputs(&mut args, outs, false);
            args
        })
    }

    /// The threads of a work-group of a kernel: one unless it runs a
    /// group per point (`codegen::intra`).
    fn group_of(&self, k: usize) -> usize {
        if let Some(t) = &self.c.kp.kernels[k].tile {
            t.group_size() as usize
        } else if self.c.generated.kernels[k].group {
            self.dev.max_group.min(crate::codegen::intra::GROUP)
        } else {
            1
        }
    }

    pub fn seq(&mut self, k: usize, inputs: &[HVal], results: &[SubExp]) -> Exec<Vec<HVal>> {
        let p = &self.c.kp.core;
        let slots = crate::codegen::outinfo_slots(p, results).max(1);
        let outinfo = buffer(self.dev, slots * 8)?;
        let info_mem = outinfo.get();
        self.with_heap(k, 1, |me, heap, quota| {
            let mut args = vec![
                Arg::Mem(me.errflag.get()),
                Arg::Mem(me.errdata.get()),
                Arg::Mem(heap),
                Arg::Long(quota),
            ];
            push_inputs(&mut args, inputs, false);
            args.push(Arg::Mem(info_mem));
            args
        })?;
        self.sync()?;
        let info = read_bytes(self.dev, &outinfo, 0, slots * 8)?;
        let slot = |k: usize| i64::from_le_bytes(info[k * 8..k * 8 + 8].try_into().unwrap());
        let mut at = 0;
        let mut out = Vec::new();
        for r in results {
            let t = p.subexp_type(*r);
            if t.rank() == 0 {
                out.push(HVal::S(from_bits(t.prim, slot(at))));
                at += 1;
            } else {
                let offset = slot(at) as usize;
                let shape: Vec<i64> = (0..t.rank()).map(|d| slot(at + 1 + d)).collect();
                at += 1 + t.rank();
                let mut a = self.alloc(t.prim, shape)?;
                let heap = self.heap.take();
                if let Some(h) = &heap {
                    let len = a.bytes();
                    self.copy_into(h, offset, &mut a.buf, len)?;
                }
                self.heap = heap;
                out.push(HVal::A(Rc::new(a)));
            }
        }
        Ok(out)
    }

    /// A reduction: its results as one-element device arrays.
    pub fn seg_red(
        &mut self,
        k: usize,
        n: i64,
        inputs: &[HVal],
        arrs: &[Rc<DArr>],
        operands: Operands,
    ) -> Exec<Vec<DArr>> {
        let names = &self.c.generated.kernels[k].entries;
        let (first, last) = (names[0].clone(), names[names.len() - 1].clone());
        let g = self.dev.max_group;
        // Enough groups to fill every compute unit several times over;
        // the second launch folds their results with one group.
        let groups = (n.max(1) as usize)
            .div_ceil(g)
            .clamp(1, g.max(self.dev.compute_units * 8));
        let prims = match operands {
            Operands::Given => arrs.iter().map(|a| a.prim).collect::<Vec<_>>(),
            Operands::Mapped(prims) => prims,
        };
        let partial = prims
            .iter()
            .map(|t| self.alloc(*t, vec![groups as i64]))
            .collect::<Exec<Vec<_>>>()?;
        let result = prims
            .iter()
            .map(|t| self.alloc(*t, vec![1]))
            .collect::<Exec<Vec<_>>>()?;
        for (name, count, from, to, threads) in [
            (
                &first,
                n,
                arrs.iter().map(|a| a.buf.get()).collect::<Vec<_>>(),
                &partial,
                groups * g,
            ),
            (
                &last,
                groups as i64,
                partial.iter().map(|a| a.buf.get()).collect(),
                &result,
                g,
            ),
        ] {
            let mut args = self.head(inputs, false);
            args.push(Arg::Long(count));
            args.extend(from.into_iter().map(Arg::Mem));
            args.extend(to.iter().map(|a| Arg::Mem(a.buf.get())));
            args.extend(prims.iter().map(|t| Arg::Local(size_of(*t) * g)));
            self.enqueue(name, &args, threads, g)?;
        }
        // The flag is looked at when a result is read (a failure in the
        // first launch stays flagged; the second does nothing).
        self.unchecked = true;
        Ok(result)
    }

    /// A segmented reduction or scan of `nseg` rows of `m` elements
    /// (`codegen::segmented`): a thread per row when rows are short or
    /// numerous, else a work-group per row; a reduction of too few rows
    /// to fill the device takes several work-groups per row, then folds
    /// their partial results.
    pub fn segmented(
        &mut self,
        k: usize,
        (nseg, m): (i64, i64),
        inputs: &[HVal],
        (arrs, outs): (&[Rc<DArr>], &[Rc<DArr>]),
    ) -> Exec<()> {
        if nseg <= 0 {
            return Ok(());
        }
        let entries = self.c.generated.kernels[k].entries.clone();
        let g = self.dev.max_group;
        let mut args = self.head(inputs, false);
        args.extend([Arg::Long(nseg), Arg::Long(m)]);
        args.extend(arrs.iter().map(|a| Arg::Mem(a.buf.get())));
        args.extend(outs.iter().map(|a| Arg::Mem(a.buf.get())));
        if m <= SMALL_SEGMENT || nseg >= MANY_SEGMENTS {
            let threads = (nseg as usize).div_ceil(g) * g;
            self.enqueue(&entries[0], &args, threads, g)?;
            self.unchecked = true;
            return Ok(());
        }
        let locals = outs.iter().map(|a| Arg::Local(size_of(a.prim) * g));
        let chunks = self.parts_per_row(nseg, m, entries.len());
        if chunks == 1 {
            args.extend(locals);
            if entries.len() > 2 {
                // A reduction's kernel: one part a row.
                args.push(Arg::Long(1));
            }
            let groups = (nseg as usize).min(MAX_SEGMENT_GROUPS);
            self.enqueue(&entries[1], &args, groups * g, g)?;
            self.unchecked = true;
            return Ok(());
        }
        // Partial results of `chunks` parts per row, then a fold of each
        // row's partials.
        let parts = nseg * chunks as i64;
        let partials = outs
            .iter()
            .map(|a| self.alloc(a.prim, vec![parts]))
            .collect::<Exec<Vec<_>>>()?;
        let given = args.len() - outs.len();
        args.truncate(given);
        args.extend(partials.iter().map(|a| Arg::Mem(a.buf.get())));
        args.extend(locals);
        args.push(Arg::Long(chunks as i64));
        self.enqueue(
            &entries[1],
            &args,
            (parts as usize).min(MAX_SEGMENT_GROUPS * 8) * g,
            g,
        )?;
        let mut args = self.head(inputs, false);
        args.extend([Arg::Long(nseg), Arg::Long(chunks as i64)]);
        args.extend(partials.iter().map(|a| Arg::Mem(a.buf.get())));
        args.extend(outs.iter().map(|a| Arg::Mem(a.buf.get())));
        self.enqueue(&entries[2], &args, (nseg as usize).div_ceil(g) * g, g)?;
        self.unchecked = true;
        Ok(())
    }

    /// How many work-groups reduce each of `nseg` rows of `m` elements:
    /// enough for every compute unit to have several groups, while each
    /// group still has many elements a thread. One for scans (a kernel of
    /// two entries) and for rows that already fill the device.
    fn parts_per_row(&self, nseg: i64, m: i64, entries: usize) -> usize {
        let g = self.dev.max_group as i64;
        let wanted = (self.dev.compute_units * 8) as i64;
        if entries < 3 || nseg >= wanted {
            return 1;
        }
        // At least 16 elements a thread in every part.
        let most = (m / (16 * g)).max(1);
        ((wanted + nseg - 1) / nseg).min(most).clamp(1, 1024) as usize
    }

    pub fn seg_scan(
        &mut self,
        k: usize,
        n: i64,
        inputs: &[HVal],
        arrs: &[Rc<DArr>],
        outs: &[Rc<DArr>],
    ) -> Exec<()> {
        if n <= 0 {
            return Ok(());
        }
        let entries = self.c.generated.kernels[k].entries.clone();
        let g = self.dev.max_group;
        let prims: Vec<PrimType> = arrs.iter().map(|a| a.prim).collect();
        let shape = ScanShape::new(n as usize, g, &prims, self.dev);
        let totals = prims
            .iter()
            .map(|t| self.alloc(*t, vec![shape.blocks as i64]))
            .collect::<Exec<Vec<_>>>()?;
        let mems = |xs: &[Rc<DArr>]| xs.iter().map(|a| Arg::Mem(a.buf.get())).collect::<Vec<_>>();
        let tots: Vec<Arg> = totals.iter().map(|a| Arg::Mem(a.buf.get())).collect();
        let locals: Vec<Arg> = [shape.tile(), g]
            .iter()
            .flat_map(|len| prims.iter().map(move |t| Arg::Local(size_of(*t) * len)))
            .collect();
        let dims = [n, shape.per_block as i64, shape.per_thread as i64].map(Arg::Long);
        let mut args = self.head(inputs, false);
        args.extend(dims.clone());
        args.extend(mems(arrs));
        args.extend(tots.clone());
        args.extend(locals.clone());
        self.enqueue(&entries[0], &args, shape.blocks * g, g)?;
        let mut args = self.head(inputs, false);
        args.push(Arg::Long(shape.blocks as i64));
        args.extend(tots.clone());
        self.enqueue(&entries[1], &args, 1, 1)?;
        let mut args = self.head(inputs, false);
        args.extend(dims);
        args.extend(mems(arrs));
        args.extend(mems(outs));
        args.extend(tots);
        args.extend(locals);
        self.enqueue(&entries[2], &args, shape.blocks * g, g)?;
        self.unchecked = true;
        Ok(())
    }

    pub fn seg_hist(
        &mut self,
        k: usize,
        n: i64,
        inputs: &[HVal],
        idx: &[Rc<DArr>],
        val: &Rc<DArr>,
        dest: DArr,
    ) -> Exec<DArr> {
        if n > 0 {
            let name = self.c.generated.kernels[k].entries[0].clone();
            let mut args = self.head(inputs, false);
            args.push(Arg::Long(n));
            args.extend(idx.iter().map(|a| Arg::Mem(a.buf.get())));
            args.push(Arg::Mem(val.buf.get()));
            args.push(Arg::Mem(dest.buf.get()));
            let dims = &dest.shape[..idx.len().min(dest.shape.len())];
            args.extend(dims.iter().map(|d| Arg::Long(*d)));
            let bins: i64 = dims.iter().product();
            let (threads, local_bytes) = self.hist_shape(n, bins, size_of(val.prim));
            args.push(Arg::Long(bins));
            args.push(Arg::Local(local_bytes.unwrap_or(size_of(val.prim))));
            args.push(Arg::Prim(Prim::I32(local_bytes.is_some() as i32)));
            self.enqueue(&name, &args, threads, self.dev.max_group)?;
            self.unchecked = true;
        }
        Ok(dest)
    }

    /// The threads of a histogram over `n` values into `bins` bins of
    /// `elem` bytes, and the bytes of each group's sub-histogram when the
    /// bins fit in local memory (half of it, for occupancy) and combining
    /// every group's bins costs no more than the updates themselves.
    fn hist_shape(&self, n: i64, bins: i64, elem: usize) -> (usize, Option<usize>) {
        let g = self.dev.max_group;
        let n = n.max(1) as usize;
        let groups = n.div_ceil(g).min(self.dev.compute_units * 4).max(1);
        let bytes = (bins.max(1) as usize).saturating_mul(elem);
        let fits = bytes <= self.dev.local_mem / 2;
        let cheap = (bins.max(1) as usize).saturating_mul(groups) <= n;
        if fits && cheap {
            (groups * g, Some(bytes))
        } else {
            (n, None)
        }
    }

    pub fn seg_scatter(
        &mut self,
        k: usize,
        n: i64,
        inputs: &[HVal],
        idx: &[Vec<Rc<DArr>>],
        val: &[Rc<DArr>],
        dests: Vec<DArr>,
    ) -> Exec<Vec<DArr>> {
        if n > 0 {
            let name = self.c.generated.kernels[k].entries[0].clone();
            let mut args = self.head(inputs, false);
            args.push(Arg::Long(n));
            for (j, d) in dests.iter().enumerate() {
                args.extend(idx[j].iter().map(|a| Arg::Mem(a.buf.get())));
                args.push(Arg::Mem(val[j].buf.get()));
                args.push(Arg::Mem(d.buf.get()));
                args.extend(d.shape.iter().take(idx[j].len()).map(|x| Arg::Long(*x)));
            }
            self.enqueue(&name, &args, n as usize, self.dev.max_group)?;
            self.unchecked = true;
        }
        Ok(dests)
    }
}

/// Inputs as arguments: scalars by value, arrays as a buffer and sizes.
fn push_inputs(args: &mut Vec<Arg>, inputs: &[HVal], scalars_only: bool) {
    for x in inputs {
        match x {
            HVal::S(p) => args.push(Arg::Prim(*p)),
            HVal::A(a) if !scalars_only => {
                args.push(Arg::Mem(a.buf.get()));
                args.extend(a.shape.iter().map(|d| Arg::Long(*d)));
            }
            HVal::A(_) => {}
        }
    }
}

/// How a scan is cut (see [`crate::codegen::scan`]): `blocks` work-groups
/// of `G` threads, each thread `per_thread` elements of a tile, each
/// group `per_block` elements (whole tiles).
struct ScanShape {
    blocks: usize,
    per_thread: usize,
    per_block: usize,
    group: usize,
}

impl ScanShape {
    fn new(n: usize, group: usize, prims: &[PrimType], dev: &Device) -> Self {
        let bytes: usize = prims.iter().map(|t| size_of(*t)).sum::<usize>().max(1);
        // The tile and the partials in half the local memory, at most 8
        // elements a thread.
        let per_thread = (dev.local_mem / 2 / (group * bytes))
            .saturating_sub(1)
            .clamp(1, 8);
        let tile = group * per_thread;
        let blocks = n.div_ceil(tile).clamp(1, dev.compute_units * 8);
        let per_block = n.div_ceil(blocks).div_ceil(tile) * tile;
        ScanShape {
            blocks: n.div_ceil(per_block).max(1),
            per_thread,
            per_block,
            group,
        }
    }

    fn tile(&self) -> usize {
        self.group * self.per_thread
    }
}
