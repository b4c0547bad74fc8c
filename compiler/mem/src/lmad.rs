//! Sizes and index functions of the memory IR.
//!
//! A [`Poly`] is an `i64` expression over the program's variables: a sum
//! of integer multiples of products of variables, kept in normal form so
//! that two sizes compare by equality and their difference is exact (a
//! division or anything else not polynomial is a variable the core IR
//! already bound). An [`Lmad`] (linear memory access descriptor, seed 004
//! chapter 3) maps an index `(i_0, ..., i_k)` of an array to the element
//! `offset + i_0 * stride_0 + ... + i_k * stride_k` of its memory block;
//! slicing, fixing, transposing and reshaping a row-major array change
//! only the LMAD.

use std::collections::BTreeMap;
use std::fmt::Write;

use runic_core::ir::{DimIndex, SubExp, VarId};
use runic_core::Program;
use runic_eval::value::Prim;

/// An `i64` polynomial: each monomial (a sorted list of variables, empty
/// for the constant) with its non-zero coefficient.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Poly {
    terms: BTreeMap<Vec<VarId>, i64>,
}

impl Poly {
    pub fn constant(c: i64) -> Poly {
        let mut p = Poly::default();
        if c != 0 {
            p.terms.insert(Vec::new(), c);
        }
        p
    }

    pub fn var(v: VarId) -> Poly {
        let mut p = Poly::default();
        p.terms.insert(vec![v], 1);
        p
    }

    /// An `i64` operand (constants of other integer types too); `None`
    /// for anything else.
    pub fn of_subexp(s: SubExp) -> Option<Poly> {
        match s {
            SubExp::Var(v) => Some(Poly::var(v)),
            SubExp::Const(c) => as_i64(c).map(Poly::constant),
        }
    }

    /// The constant, if the polynomial is one.
    pub fn as_const(&self) -> Option<i64> {
        match self.terms.len() {
            0 => Some(0),
            1 => self.terms.get(&Vec::new()).copied(),
            _ => None,
        }
    }

    pub fn add(&self, o: &Poly) -> Poly {
        let mut r = self.clone();
        for (m, c) in &o.terms {
            let e = r.terms.entry(m.clone()).or_insert(0);
            *e = e.wrapping_add(*c);
            if *e == 0 {
                r.terms.remove(m);
            }
        }
        r
    }

    pub fn neg(&self) -> Poly {
        Poly {
            terms: self
                .terms
                .iter()
                .map(|(m, c)| (m.clone(), c.wrapping_neg()))
                .collect(),
        }
    }

    pub fn sub(&self, o: &Poly) -> Poly {
        self.add(&o.neg())
    }

    pub fn mul(&self, o: &Poly) -> Poly {
        let mut r = Poly::default();
        for (m1, c1) in &self.terms {
            for (m2, c2) in &o.terms {
                let mut m: Vec<VarId> = m1.iter().chain(m2).copied().collect();
                m.sort();
                let mut t = Poly::default();
                t.terms.insert(m, c1.wrapping_mul(*c2));
                r = r.add(&t);
            }
        }
        r
    }

    /// The variables the polynomial mentions.
    pub fn vars(&self) -> impl Iterator<Item = VarId> + '_ {
        self.terms.keys().flatten().copied()
    }

    /// The polynomial with each variable `v` that `f` maps replaced.
    pub fn substitute(&self, f: &impl Fn(VarId) -> Option<Poly>) -> Poly {
        let mut r = Poly::default();
        for (m, c) in &self.terms {
            let mut t = Poly::constant(*c);
            for v in m {
                t = t.mul(&f(*v).unwrap_or_else(|| Poly::var(*v)));
            }
            r = r.add(&t);
        }
        r
    }

    /// As text, variables named by the core printer (`n_1 * 4 + 8`).
    pub fn show(&self, p: &Program) -> String {
        if self.terms.is_empty() {
            return "0".to_string();
        }
        let mut out = String::new();
        // Highest degree first, the constant last.
        let mut terms: Vec<_> = self.terms.iter().collect();
        terms.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.0.cmp(b.0)));
        for (i, (m, c)) in terms.into_iter().enumerate() {
            let (sign, c) = if *c < 0 {
                ("-", c.unsigned_abs())
            } else {
                ("+", *c as u64)
            };
            if i == 0 {
                if sign == "-" {
                    out.push('-');
                }
            } else {
                let _ = write!(out, " {sign} ");
            }
            let names: Vec<String> = m
                .iter()
                .map(|v| runic_core::print::parts::var(p, *v))
                .collect();
            match (names.is_empty(), c) {
                (true, c) => {
                    let _ = write!(out, "{c}");
                }
                (false, 1) => out.push_str(&names.join("*")),
                (false, c) => {
                    let _ = write!(out, "{c}*{}", names.join("*"));
                }
            }
        }
        out
    }
}

fn as_i64(c: Prim) -> Option<i64> {
    match c {
        Prim::I64(x) => Some(x),
        Prim::I32(x) => Some(x.into()),
        Prim::I16(x) => Some(x.into()),
        Prim::I8(x) => Some(x.into()),
        Prim::U8(x) => Some(x.into()),
        Prim::U16(x) => Some(x.into()),
        Prim::U32(x) => Some(x.into()),
        _ => None,
    }
}

/// One dimension of an [`Lmad`]: how far apart consecutive indices lie,
/// and how many there are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dim {
    pub stride: Poly,
    pub size: Poly,
}

/// An index function: element offset and one [`Dim`] per array
/// dimension, outermost first (offsets and strides in elements).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lmad {
    pub offset: Poly,
    pub dims: Vec<Dim>,
}

impl Lmad {
    /// The row-major layout of an array of the given shape at offset 0.
    pub fn iota(shape: &[Poly]) -> Lmad {
        Lmad::iota_at(Poly::default(), shape)
    }

    /// The row-major layout of the given shape from `offset`.
    pub fn iota_at(offset: Poly, shape: &[Poly]) -> Lmad {
        let mut dims = Vec::with_capacity(shape.len());
        let mut stride = Poly::constant(1);
        for size in shape.iter().rev() {
            dims.push(Dim {
                stride: stride.clone(),
                size: size.clone(),
            });
            stride = stride.mul(size);
        }
        dims.reverse();
        Lmad { offset, dims }
    }

    pub fn rank(&self) -> usize {
        self.dims.len()
    }

    pub fn shape(&self) -> Vec<Poly> {
        self.dims.iter().map(|d| d.size.clone()).collect()
    }

    /// Whether this is the row-major layout of its shape from its offset.
    pub fn is_row_major(&self) -> bool {
        *self == Lmad::iota_at(self.offset.clone(), &self.shape())
    }

    /// Row-major from offset 0: what an entry point returns.
    pub fn is_direct(&self) -> bool {
        self.offset == Poly::default() && self.is_row_major()
    }

    /// The outermost dimension fixed at `i`.
    pub fn fix(&self, i: &Poly) -> Lmad {
        let mut r = self.clone();
        let d = r.dims.remove(0);
        r.offset = r.offset.add(&d.stride.mul(i));
        r
    }

    /// The outermost dimension cut to `len` rows from `start`.
    pub fn rows(&self, start: &Poly, len: &Poly) -> Lmad {
        let mut r = self.clone();
        r.offset = r.offset.add(&r.dims[0].stride.mul(start));
        r.dims[0].size = len.clone();
        r
    }

    /// The index function of `arr[idx]`: fixed dimensions disappear,
    /// sliced ones keep their place. `None` when an index is not an
    /// integer or there are more indices than dimensions.
    pub fn slice(&self, idx: &[DimIndex]) -> Option<Lmad> {
        if idx.len() > self.dims.len() {
            return None;
        }
        let mut offset = self.offset.clone();
        let mut dims = Vec::new();
        for (k, d) in self.dims.iter().enumerate() {
            match idx.get(k) {
                None => dims.push(d.clone()),
                Some(DimIndex::Fix(i)) => {
                    offset = offset.add(&d.stride.mul(&Poly::of_subexp(*i)?));
                }
                Some(DimIndex::Slice { start, len, stride }) => {
                    offset = offset.add(&d.stride.mul(&Poly::of_subexp(*start)?));
                    dims.push(Dim {
                        stride: d.stride.mul(&Poly::of_subexp(*stride)?),
                        size: Poly::of_subexp(*len)?,
                    });
                }
            }
        }
        Some(Lmad { offset, dims })
    }

    /// Dimensions permuted: dimension `i` of the result is `perm[i]`.
    pub fn permute(&self, perm: &[usize]) -> Option<Lmad> {
        let dims = perm
            .iter()
            .map(|&k| self.dims.get(k).cloned())
            .collect::<Option<Vec<_>>>()?;
        Some(Lmad {
            offset: self.offset.clone(),
            dims,
        })
    }

    /// A new shape over the same elements: only a row-major layout can be
    /// reshaped without a copy.
    pub fn reshape(&self, shape: &[Poly]) -> Option<Lmad> {
        self.is_row_major()
            .then(|| Lmad::iota_at(self.offset.clone(), shape))
    }

    /// The variables the index function mentions.
    pub fn vars(&self) -> Vec<VarId> {
        let mut out: Vec<VarId> = self.offset.vars().collect();
        for d in &self.dims {
            out.extend(d.stride.vars());
            out.extend(d.size.vars());
        }
        out
    }

    /// As text: `offset + {(size : stride), ...}` (seed 004's notation).
    pub fn show(&self, p: &Program) -> String {
        let dims: Vec<String> = self
            .dims
            .iter()
            .map(|d| format!("({} : {})", d.size.show(p), d.stride.show(p)))
            .collect();
        format!("{} + {{{}}}", self.offset.show(p), dims.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use runic_core::ir::Type;
    use runic_sema::types::PrimType;

    #[test]
    fn slicing_a_row_major_array_moves_the_offset() {
        let mut p = Program::default();
        let n = p.new_var("n", Type::scalar(PrimType::I64));
        let i = p.new_var("i", Type::scalar(PrimType::I64));
        let l = Lmad::iota(&[Poly::var(n), Poly::constant(4)]);
        assert_eq!(l.show(&p), "0 + {(n_0 : 4), (4 : 1)}");
        let row = l.fix(&Poly::var(i).add(&Poly::constant(1)));
        assert_eq!(row.show(&p), "4*i_1 + 4 + {(4 : 1)}");
        let t = l.permute(&[1, 0]).unwrap();
        assert_eq!(t.show(&p), "0 + {(4 : 1), (n_0 : 4)}");
        assert!(!t.is_row_major());
        assert!(l
            .rows(&Poly::constant(2), &Poly::constant(3))
            .is_row_major());
        let diff = Poly::var(i).add(&Poly::constant(1)).sub(&Poly::var(i));
        assert_eq!(diff.as_const(), Some(1));
    }
}
