//! Device buffers kept for reuse. Allocating device memory costs time in
//! proportion to its size on some drivers (NVIDIA's maps it at first use),
//! which a program that builds the same arrays on every run would pay every
//! time: a buffer whose last user goes returns to its device's pool, and
//! the next request for the same number of bytes takes it back (as
//! Futhark's runtime keeps freed blocks). The pool holds at most a quarter
//! of the device's memory; past that, freed buffers are released. Reused
//! buffers hold old data, as fresh OpenCL buffers may too.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::ops::{Deref, DerefMut};
use std::rc::Rc;

use opencl3::memory::Buffer;

/// Free buffers by size in bytes.
pub struct Pool {
    free: RefCell<HashMap<usize, Vec<Buffer<u8>>>>,
    held: Cell<usize>,
    cap: usize,
}

impl Pool {
    pub fn new(cap: usize) -> Rc<Pool> {
        Rc::new(Pool {
            free: RefCell::new(HashMap::new()),
            held: Cell::new(0),
            cap,
        })
    }

    /// A free buffer of exactly `bytes` bytes, if the pool holds one.
    pub fn take(&self, bytes: usize) -> Option<Buffer<u8>> {
        let buf = self.free.borrow_mut().get_mut(&bytes)?.pop()?;
        self.held.set(self.held.get() - bytes);
        Some(buf)
    }

    /// The bytes the pool holds now.
    pub fn held(&self) -> usize {
        self.held.get()
    }

    fn give(&self, bytes: usize, buf: Buffer<u8>) {
        if self.held.get() + bytes <= self.cap {
            self.held.set(self.held.get() + bytes);
            self.free.borrow_mut().entry(bytes).or_default().push(buf);
        }
    }
}

/// A device buffer that returns to its pool when dropped.
pub struct PooledBuffer {
    buf: Option<Buffer<u8>>,
    bytes: usize,
    pool: Rc<Pool>,
}

impl PooledBuffer {
    pub fn new(buf: Buffer<u8>, bytes: usize, pool: Rc<Pool>) -> Self {
        PooledBuffer {
            buf: Some(buf),
            bytes,
            pool,
        }
    }
}

impl Deref for PooledBuffer {
    type Target = Buffer<u8>;
    fn deref(&self) -> &Buffer<u8> {
        self.buf
            .as_ref()
            .expect("a pooled buffer is held until dropped")
    }
}

impl DerefMut for PooledBuffer {
    fn deref_mut(&mut self) -> &mut Buffer<u8> {
        self.buf
            .as_mut()
            .expect("a pooled buffer is held until dropped")
    }
}

impl Drop for PooledBuffer {
    fn drop(&mut self) {
        if let Some(buf) = self.buf.take() {
            self.pool.give(self.bytes, buf);
        }
    }
}
