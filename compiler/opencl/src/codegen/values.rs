//! Values inside generated kernels: scalars as C expressions, arrays as
//! views (a global pointer, an element offset, and a size and a stride per
//! dimension, all C expressions), and the emitter that declares, assigns,
//! allocates and copies them.
//!
//! Views make slicing, row selection and transposition free: only
//! operations that build new arrays allocate, from the thread's part of
//! the heap (a bump allocator; running out reports how much was needed
//! and the runtime launches again with more).

use std::fmt::Write;

use runic_core::ir::{SubExp, Type, VarId};
use runic_core::Program;
use runic_sema::types::PrimType;

use super::scalar::{c_type, constant};

/// An array in a kernel.
#[derive(Debug, Clone)]
pub struct View {
    pub prim: PrimType,
    pub ptr: String,
    pub off: String,
    pub dims: Vec<String>,
    pub strides: Vec<String>,
}

impl View {
    /// The element at the given indices (one per dimension).
    pub fn at(&self, idx: &[String]) -> String {
        format!("{}[{}]", self.ptr, self.offset_of(idx))
    }

    /// The flat offset of a (prefix of) indices.
    pub fn offset_of(&self, idx: &[String]) -> String {
        let mut s = self.off.clone();
        for (i, st) in idx.iter().zip(&self.strides) {
            let _ = write!(s, " + ({i}) * {st}");
        }
        format!("({s})")
    }

    /// The row (or element) at the given indices, as a value.
    pub fn row(&self, idx: &[String]) -> Val {
        if idx.len() == self.dims.len() {
            return Val::S(self.at(idx), self.prim);
        }
        Val::A(View {
            prim: self.prim,
            ptr: self.ptr.clone(),
            off: self.offset_of(idx),
            dims: self.dims[idx.len()..].to_vec(),
            strides: self.strides[idx.len()..].to_vec(),
        })
    }

    pub fn rank(&self) -> usize {
        self.dims.len()
    }

    /// The number of elements.
    pub fn count(&self) -> String {
        if self.dims.is_empty() {
            return "1L".into();
        }
        format!("({})", self.dims.join(" * "))
    }
}

/// A value in a kernel.
#[derive(Debug, Clone)]
pub enum Val {
    S(String, PrimType),
    A(View),
}

impl Val {
    pub fn scalar(&self) -> String {
        match self {
            Val::S(e, _) => e.clone(),
            Val::A(v) => v.at(&[]),
        }
    }
}

/// Row-major strides of the given dimensions.
pub fn row_major(dims: &[String]) -> Vec<String> {
    let mut strides = vec!["1L".to_string(); dims.len()];
    for d in (0..dims.len().saturating_sub(1)).rev() {
        strides[d] = format!("({} * {})", strides[d + 1], dims[d + 1]);
    }
    strides
}

/// The text of a kernel being written, with fresh names and indentation.
pub struct Emitter<'a> {
    pub p: &'a Program,
    pub out: String,
    pub indent: usize,
    fresh: usize,
    /// Whether the code allocates from the heap.
    pub allocates: bool,
}

impl<'a> Emitter<'a> {
    pub fn new(p: &'a Program) -> Self {
        Emitter {
            p,
            out: String::new(),
            indent: 1,
            fresh: 0,
            allocates: false,
        }
    }

    pub fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    pub fn open(&mut self, text: &str) {
        self.line(text);
        self.indent += 1;
    }

    pub fn close(&mut self) {
        self.indent -= 1;
        self.line("}");
    }

    pub fn fresh(&mut self, base: &str) -> String {
        self.fresh += 1;
        format!("{base}{}", self.fresh)
    }

    /// A scalar operand.
    pub fn sub(&self, s: SubExp) -> String {
        match s {
            SubExp::Const(c) => constant(c),
            SubExp::Var(v) => var_name(v),
        }
    }

    /// Declares C variables named after `base` for a value of type `ty`,
    /// uninitialised.
    pub fn declare(&mut self, base: &str, ty: &Type) -> Val {
        let ct = c_type(ty.prim);
        if ty.rank() == 0 {
            self.line(&format!("{ct} {base};"));
            return Val::S(base.to_string(), ty.prim);
        }
        let view = View {
            prim: ty.prim,
            ptr: format!("{base}_p"),
            off: format!("{base}_o"),
            dims: (0..ty.rank()).map(|k| format!("{base}_d{k}")).collect(),
            strides: (0..ty.rank()).map(|k| format!("{base}_s{k}")).collect(),
        };
        self.line(&format!("__global {ct}* {};", view.ptr));
        let mut longs = vec![view.off.clone()];
        longs.extend(view.dims.iter().cloned());
        longs.extend(view.strides.iter().cloned());
        self.line(&format!("long {};", longs.join(", ")));
        Val::A(view)
    }

    /// `target = value` component-wise.
    pub fn assign(&mut self, target: &Val, value: &Val) {
        match (target, value) {
            (Val::S(t, _), v) => self.line(&format!("{t} = {};", v.scalar())),
            (Val::A(t), Val::A(v)) => {
                self.line(&format!("{} = {}; {} = {};", t.ptr, v.ptr, t.off, v.off));
                for k in 0..t.rank() {
                    self.line(&format!(
                        "{} = {}; {} = {};",
                        t.dims[k], v.dims[k], t.strides[k], v.strides[k]
                    ));
                }
            }
            (Val::A(_), Val::S(..)) => self.line("/* a scalar where an array was expected */"),
        }
    }

    /// Declares and initialises C variables for a value.
    pub fn bind_new(&mut self, base: &str, ty: &Type, value: &Val) -> Val {
        let target = self.declare(base, ty);
        self.assign(&target, value);
        target
    }

    /// A fresh contiguous array of the given element type and dimensions
    /// from the thread's heap.
    pub fn alloc(&mut self, prim: PrimType, dims: Vec<String>) -> View {
        self.allocates = true;
        let name = self.fresh("mem");
        let ct = c_type(prim);
        let count = if dims.is_empty() {
            "1L".to_string()
        } else {
            format!("({})", dims.join(" * "))
        };
        self.line(&format!("long {name}_o;"));
        self.line(&format!("ALLOC({name}_o, {count} * (long)sizeof({ct}));"));
        self.line(&format!(
            "__global {ct}* {name}_p = (__global {ct}*)(heap + {name}_o);"
        ));
        let dims: Vec<String> = dims
            .into_iter()
            .enumerate()
            .map(|(k, d)| {
                let n = format!("{name}_d{k}");
                self.line(&format!("long {n} = {d};"));
                n
            })
            .collect();
        View {
            prim,
            ptr: format!("{name}_p"),
            off: "0L".into(),
            strides: row_major(&dims),
            dims,
        }
    }

    /// Copies `src` into `dst` (same shape) element by element.
    pub fn copy(&mut self, dst: &View, src: &View) {
        let idx: Vec<String> = (0..dst.rank()).map(|_| self.fresh("c")).collect();
        for (k, i) in idx.iter().enumerate() {
            self.open(&format!(
                "for (long {i} = 0; {i} < {}; {i}++) {{",
                dst.dims[k]
            ));
        }
        self.line(&format!("{} = {};", dst.at(&idx), src.at(&idx)));
        for _ in &idx {
            self.close();
        }
    }

    /// Stores a value into `dst` (an element or a row of the same shape),
    /// failing with an irregular-shape error when the shapes differ.
    pub fn store(&mut self, dst: &Val, value: &Val) {
        match (dst, value) {
            (Val::A(d), Val::A(v)) => {
                if d.rank() > 0 {
                    let differs: Vec<String> = d
                        .dims
                        .iter()
                        .zip(&v.dims)
                        .map(|(a, b)| format!("{a} != {b}"))
                        .collect();
                    self.line(&format!("if ({}) FAIL_SHAPE();", differs.join(" || ")));
                }
                self.copy(d, v);
            }
            (Val::A(d), Val::S(s, _)) => {
                // A scalar into every element.
                let full = View { ..d.clone() };
                let idx: Vec<String> = (0..full.rank()).map(|_| self.fresh("c")).collect();
                for (k, i) in idx.iter().enumerate() {
                    self.open(&format!(
                        "for (long {i} = 0; {i} < {}; {i}++) {{",
                        full.dims[k]
                    ));
                }
                self.line(&format!("{} = {s};", full.at(&idx)));
                for _ in &idx {
                    self.close();
                }
            }
            (Val::S(d, _), v) => self.line(&format!("{d} = {};", v.scalar())),
        }
    }

    /// A contiguous copy of a view.
    pub fn fresh_copy(&mut self, src: &View) -> View {
        let dst = self.alloc(src.prim, src.dims.clone());
        self.copy(&dst, src);
        dst
    }
}

/// The C name of a core variable (arrays add `_p`, `_o`, `_dK`, `_sK`).
pub fn var_name(v: VarId) -> String {
    format!("v{}", v.index())
}
