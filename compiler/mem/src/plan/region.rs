//! Regions: which part of its root an array is (an interval per outer
//! dimension), to show two uses of one memory block apart.

use crate::lmad::Poly;
use runic_core::ir::VarId;

/// A part of an array's root: one interval per outer dimension of the
/// root (from `start`, `len` long, `None` for the rest), and whether the
/// view keeps that dimension.
#[derive(Debug, Clone, PartialEq)]
pub struct Ix {
    start: Poly,
    len: Option<Poly>,
    kept: bool,
    /// Consumed by the index being applied (cleared after).
    used: bool,
}

/// An array's root and the part of it the array is.
pub type Region = (VarId, Vec<Ix>);

/// Applies one index to the first kept dimension the current index has
/// not consumed yet.
pub fn apply_ix(r: Region, start: Poly, len: Option<Poly>, kept: bool) -> Region {
    let (root, mut ixs) = r;
    let k = match ixs.iter().position(|x| x.kept && !x.used) {
        Some(k) => k,
        None => {
            ixs.push(Ix {
                start: Poly::default(),
                len: None,
                kept: true,
                used: false,
            });
            ixs.len() - 1
        }
    };
    let d = &mut ixs[k];
    d.start = d.start.add(&start);
    d.len = len;
    d.kept = kept;
    d.used = true;
    (root, ixs)
}

pub fn unmark(r: Region) -> Region {
    let (root, mut ixs) = r;
    for x in &mut ixs {
        x.used = false;
    }
    (root, ixs)
}

/// Whether two parts of a root provably share no element: some
/// dimension's intervals lie apart.
pub fn disjoint(a: &[Ix], b: &[Ix]) -> bool {
    let before = |x: &Ix, y: &Ix| {
        x.len.as_ref().is_some_and(|l| {
            y.start
                .sub(&x.start.add(l))
                .as_const()
                .is_some_and(|d| d >= 0)
        })
    };
    a.iter().zip(b).any(|(x, y)| before(x, y) || before(y, x))
}
