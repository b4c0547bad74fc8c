//! Sum types as a tag and payloads (seed 001): a constructor application
//! is a [`SVal::Sum`] of one constructor with a constant tag; where values
//! of different constructors meet (the branches of an `if` or `match`, the
//! rows of an array literal, a loop's state, the sides of `==`) both are
//! widened to the constructors of either, the missing payloads filled with
//! blanks (zeros, empty arrays). Constructors are told apart by a tag
//! numbered per program.

use std::rc::Rc;

use runic_eval::value::Prim;

use super::{Internaliser, SVal, R};
use crate::ir::*;

impl Internaliser<'_> {
    /// The tag of a constructor.
    pub(crate) fn tag_of(&mut self, name: &str) -> SubExp {
        let id = match self.ctors.iter().position(|c| &**c == name) {
            Some(i) => i,
            None => {
                self.ctors.push(Rc::from(name));
                self.ctors.len() - 1
            }
        };
        SubExp::Const(Prim::I8(id as i8))
    }

    /// A value of one constructor.
    pub(crate) fn ctor(&mut self, name: &Rc<str>, payload: Vec<SVal>) -> SVal {
        let tag = self.tag_of(name);
        SVal::Sum(tag, Rc::from(vec![(name.clone(), payload)]))
    }

    /// Whether two values have the same structure (as far as sums go).
    pub(crate) fn same_structure(a: &SVal, b: &SVal) -> bool {
        match (a, b) {
            (SVal::Leaf(_), SVal::Leaf(_)) | (SVal::Units(_), SVal::Units(_)) => true,
            (SVal::Tuple(x), SVal::Tuple(y)) => {
                x.len() == y.len()
                    && x.iter()
                        .zip(y.iter())
                        .all(|(a, b)| Self::same_structure(a, b))
            }
            (SVal::Record(x), SVal::Record(y)) => {
                x.len() == y.len()
                    && x.iter()
                        .zip(y.iter())
                        .all(|((n, a), (m, b))| n == m && Self::same_structure(a, b))
            }
            (SVal::Sum(_, x), SVal::Sum(_, y)) => {
                x.len() == y.len()
                    && x.iter().zip(y.iter()).all(|((n, a), (m, b))| {
                        n == m
                            && a.len() == b.len()
                            && a.iter().zip(b).all(|(a, b)| Self::same_structure(a, b))
                    })
            }
            (SVal::Fun(..), SVal::Fun(..)) => true,
            _ => false,
        }
    }

    /// A value with the constructors of both `a` and `b` (payload leaves
    /// from either, used only for their types).
    pub(crate) fn merged(a: &SVal, b: &SVal) -> SVal {
        match (a, b) {
            (SVal::Tuple(x), SVal::Tuple(y)) if x.len() == y.len() => SVal::Tuple(
                x.iter()
                    .zip(y.iter())
                    .map(|(a, b)| Self::merged(a, b))
                    .collect(),
            ),
            (SVal::Record(x), SVal::Record(y)) if x.len() == y.len() => SVal::Record(
                x.iter()
                    .zip(y.iter())
                    .map(|((n, a), (_, b))| (n.clone(), Self::merged(a, b)))
                    .collect(),
            ),
            (SVal::Sum(tag, x), SVal::Sum(_, y)) => {
                let mut ctors: Vec<(Rc<str>, Vec<SVal>)> = x.to_vec();
                for (name, payload) in y.iter() {
                    match ctors.iter_mut().find(|(n, _)| n == name) {
                        Some((_, mine)) => {
                            *mine = mine
                                .iter()
                                .zip(payload)
                                .map(|(a, b)| Self::merged(a, b))
                                .collect();
                        }
                        None => ctors.push((name.clone(), payload.clone())),
                    }
                }
                ctors.sort_by(|a, b| a.0.cmp(&b.0));
                SVal::Sum(*tag, Rc::from(ctors))
            }
            _ => a.clone(),
        }
    }

    /// `v` widened to the structure of `template` (a merge of it with
    /// others): missing constructors get blank payloads, built by
    /// statements of the current body.
    pub(crate) fn conform(&mut self, v: &SVal, template: &SVal) -> R<SVal> {
        Ok(match (v, template) {
            (SVal::Tuple(x), SVal::Tuple(t)) => SVal::Tuple(
                x.iter()
                    .zip(t.iter())
                    .map(|(a, b)| self.conform(a, b))
                    .collect::<R<Vec<_>>>()?
                    .into(),
            ),
            (SVal::Record(x), SVal::Record(t)) => SVal::Record(
                x.iter()
                    .zip(t.iter())
                    .map(|((n, a), (_, b))| Ok((n.clone(), self.conform(a, b)?)))
                    .collect::<R<Vec<_>>>()?
                    .into(),
            ),
            (SVal::Sum(tag, x), SVal::Sum(t_tag, t)) => {
                let t_rank = self.ty(*t_tag).rank();
                let mut ctors = Vec::new();
                for (name, payload_t) in t.iter() {
                    let payload = match x.iter().find(|(n, _)| n == name) {
                        Some((_, mine)) => mine
                            .iter()
                            .zip(payload_t)
                            .map(|(a, b)| self.conform(a, b))
                            .collect::<R<Vec<_>>>()?,
                        None => payload_t
                            .iter()
                            .map(|p| self.blank(p, *tag, t_rank))
                            .collect::<R<Vec<_>>>()?,
                    };
                    ctors.push((name.clone(), payload));
                }
                SVal::Sum(*tag, Rc::from(ctors))
            }
            _ => v.clone(),
        })
    }

    /// A value of the structure and leaf types of `template` (a payload
    /// of a sum whose tag has `t_rank` dimensions) holding zeros; for an
    /// array of sums (`tag` an array) every leaf gets the tag's outer
    /// dimensions, and inner arrays the template's sizes where known.
    pub(crate) fn blank(&mut self, template: &SVal, tag: SubExp, t_rank: usize) -> R<SVal> {
        let mut leaves = Vec::new();
        if !template.leaves(&mut leaves) {
            return self.missing(None, "a constructor with a function payload");
        }
        let outer = self.ty(tag).dims;
        let mut out = Vec::new();
        for l in leaves {
            let t = self.ty(l);
            let rank = t.rank() - t_rank.min(t.rank()) + outer.len();
            let zero = SubExp::Const(runic_eval::prim::convert(Prim::I64(0), t.prim));
            if rank == 0 {
                out.push(zero);
                continue;
            }
            // The leaf's own dimensions beyond the array-of-sums ones are
            // the template's where they are in scope (so that the rows of
            // an array literal stay regular), else empty.
            let inner = &t.dims[t_rank.min(t.rank())..];
            let mut dims = outer.clone();
            for k in 0..rank - outer.len() {
                dims.push(match inner.get(k) {
                    Some(d) if self.bound_outside(*d) => *d,
                    _ => SubExp::i64(0),
                });
            }
            let ty = Type::array(t.prim, dims.clone());
            out.push(self.bind1("blank", Exp::Replicate(dims, zero), ty, None));
        }
        Ok(template.rebuild(&mut out.into_iter()))
    }

    /// Whether statements fail for certain (a hole, `???`): their value
    /// may then take any structure.
    pub(crate) fn diverges(stms: &[Stm]) -> bool {
        stms.iter()
            .any(|s| matches!(s.exp, Exp::Assert(SubExp::Const(Prim::Bool(false)), _, _)))
    }

    /// The value `v` of the body `stms` given the structure of `template`:
    /// widened, or blank when the body fails for certain.
    pub(crate) fn fit(&mut self, stms: &mut Vec<Stm>, v: &SVal, template: &SVal) -> R<SVal> {
        if Self::same_structure(v, template) {
            return Ok(v.clone());
        }
        if Self::diverges(stms) {
            // Zeros of the template's types (its sizes where they are in
            // scope here).
            return self.in_body(stms, |int| {
                let mut leaves = Vec::new();
                template.leaves(&mut leaves);
                let mut out = Vec::new();
                for l in leaves {
                    let t = int.ty(l);
                    let zero = SubExp::Const(runic_eval::prim::convert(Prim::I64(0), t.prim));
                    if t.rank() == 0 {
                        out.push(zero);
                        continue;
                    }
                    let dims: Vec<SubExp> = t
                        .dims
                        .iter()
                        .map(|d| {
                            if int.bound_outside(*d) {
                                *d
                            } else {
                                SubExp::i64(0)
                            }
                        })
                        .collect();
                    let ty = Type::array(t.prim, dims.clone());
                    out.push(int.bind1("blank", Exp::Replicate(dims, zero), ty, None));
                }
                Ok(template.rebuild(&mut out.into_iter()))
            });
        }
        self.in_body(stms, |int| int.conform(v, template))
    }

    /// Runs `f` with `stms` as the current body (statements it adds go
    /// after them).
    pub(crate) fn in_body<T>(
        &mut self,
        stms: &mut Vec<Stm>,
        f: impl FnOnce(&mut Self) -> R<T>,
    ) -> R<T> {
        self.push_body(std::mem::take(stms));
        let result = f(self);
        *stms = self.pop_body();
        result
    }
}
