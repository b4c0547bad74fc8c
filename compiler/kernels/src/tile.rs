//! Block tiling of a grid SegMap's reduction (Futhark's TileLoops, seed
//! `000-*` section 5.2): when every thread of a SegMap folds a redomap
//! over arrays that the neighbouring threads read too, a work-group of
//! neighbouring threads copies each tile of those arrays once into local
//! memory, together, and each thread folds the tile from there.
//!
//! The rule: the first top-level statement of the SegMap's lambda that is
//! a redomap (one reduction, no mapped results, scalar elements of
//! one-dimensional arrays, a width the same for the group) is tiled along
//! the innermost dimensions of the space:
//!
//! - 2-D, over the last two dimensions `(y, x)` in tiles of
//!   [`TILE_2D`]`²` threads, when some of its arrays do not vary with `x`
//!   (rows, [`TileRead::Row`]: a thread `(ly, lx)` copies element
//!   `t + lx` of its own array to `tile[ly][lx]`) and others do not vary
//!   with `y` (columns, [`TileRead::Col`]: element `t + ly` to
//!   `tile[ly][lx]`, read back as `tile[k][lx]`), as the two matrices of
//!   a matrix multiplication;
//! - else 1-D, over the last dimension in groups of [`TILE_1D`] threads,
//!   when some arrays do not vary with it (the whole group reads the same
//!   ones: [`TileRead::Row`] with one row).
//!
//! Arrays that vary with every tiled dimension are read from global
//! memory by each thread ([`TileRead::Direct`]). What the lambda computes
//! before the redomap (the prelude) and its lambdas may only bind scalars
//! and views, without checks or calls: a thread must not leave its group
//! before the group's last barrier. Threads past the edge of the space
//! run on the last point of it and store nothing. The meaning of the
//! kernel is the plain SegMap's.

use std::collections::{BTreeMap, BTreeSet};

use runic_core::ir::{Body, Exp, Lambda, Screma, Stm, SubExp, VarId};
use runic_core::metrics::Counter;
use runic_core::Program;

use crate::ir::{Kernel, KernelKind, KernelProgram};

/// The side of a 2-D tile (a work-group of `TILE_2D * TILE_2D` threads).
pub const TILE_2D: i64 = 16;
/// The length of a 1-D tile (a work-group of as many threads).
pub const TILE_1D: i64 = 256;
/// The points of each dimension a thread computes in a 2-D tiling of
/// rows and columns only (a matrix multiplication): a work-group of
/// `16 x 16` threads covers `64 x 64` points.
pub const REG_2D: i64 = 4;

/// How a SegMap's redomap is tiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tiling {
    /// The index of the redomap among the lambda body's statements.
    pub at: usize,
    /// How many innermost dimensions of the space are tiled (1 or 2).
    pub dims: usize,
    /// How each of the redomap's arrays is read.
    pub reads: Vec<TileRead>,
    /// The points of each tiled dimension a thread computes (register
    /// tiling: a thread folds `reg` rows of a row tile with `reg` columns
    /// of a column tile), strided by the tile's side.
    pub reg: i64,
}

/// How the threads of a group read one array of a tiled redomap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TileRead {
    /// Shared by a row of the group (the whole group in 1-D).
    Row,
    /// Shared by a column of the group.
    Col,
    /// Each thread's own, from global memory.
    Direct,
}

impl Tiling {
    /// The points of the space a work-group covers along each tiled
    /// dimension, outermost first.
    pub fn block(&self) -> Vec<i64> {
        self.sides().iter().map(|s| s * self.reg).collect()
    }

    /// The threads of a work-group along each tiled dimension, outermost
    /// first.
    pub fn sides(&self) -> Vec<i64> {
        if self.dims == 2 {
            vec![TILE_2D, TILE_2D]
        } else {
            vec![TILE_1D]
        }
    }

    /// The threads of a work-group.
    pub fn group_size(&self) -> i64 {
        self.sides().iter().product()
    }

    /// The work-groups a space of the given sizes takes.
    pub fn groups(&self, sizes: &[i64]) -> i64 {
        let outer = sizes.len() - self.dims;
        let tiled: i64 = sizes[outer..]
            .iter()
            .zip(self.block())
            .map(|(n, t)| (n.max(&0) + t - 1) / t)
            .product();
        sizes[..outer].iter().product::<i64>() * tiled
    }

    /// As the printer shows it: `tiled 64x64 (row, col)`.
    pub fn describe(&self) -> String {
        let sides: Vec<String> = self.block().iter().map(|s| s.to_string()).collect();
        let reads: Vec<&str> = self
            .reads
            .iter()
            .map(|r| match r {
                TileRead::Row => "row",
                TileRead::Col => "col",
                TileRead::Direct => "direct",
            })
            .collect();
        format!("tiled {} ({})", sides.join("x"), reads.join(", "))
    }
}

/// Tiles every SegMap of a kernel program that can be.
pub fn program(kp: &mut KernelProgram) {
    for i in 0..kp.kernels.len() {
        let tiling = plan(&kp.core, &kp.kernels[i]);
        kp.kernels[i].tile = tiling;
    }
}

/// The checker's rule: a kernel's tiling is the one its SegMap allows.
pub fn check(p: &Program, k: &Kernel) -> Result<(), String> {
    match &k.tile {
        Some(t) if plan(p, k).as_ref() != Some(t) => {
            Err(format!("{} is tiled as its SegMap does not allow", k.name))
        }
        _ => Ok(()),
    }
}

/// The tiling of a grid SegMap, if it has one.
pub fn plan(p: &Program, k: &Kernel) -> Option<Tiling> {
    if k.intra || k.part_of.is_some() {
        return None;
    }
    let KernelKind::SegMap {
        space,
        arrs,
        lambda,
    } = &k.kind
    else {
        return None;
    };
    let gtids: Vec<VarId> = space.iter().map(|(g, _)| *g).collect();
    let mut deps: BTreeMap<VarId, BTreeSet<VarId>> =
        gtids.iter().map(|g| (*g, BTreeSet::from([*g]))).collect();
    if !arrs.is_empty() {
        for prm in &lambda.params {
            deps.insert(*prm, BTreeSet::from([gtids[0]]));
        }
    }
    let stms = &lambda.body.stms;
    for (at, s) in stms.iter().enumerate() {
        if let Exp::Screma(sc) = &s.exp {
            if let Some(reads) = redomap_reads(p, sc, &deps, &gtids) {
                let ok = stms[..at].iter().all(|s| quiet_stm(p, s))
                    && stms.iter().all(|s| !crate::free::builds_arrays(p, &s.exp));
                let dims = if reads.contains(&TileRead::Col) { 2 } else { 1 };
                let reg = if dims == 2 && !reads.contains(&TileRead::Direct) {
                    REG_2D
                } else {
                    1
                };
                return ok.then_some(Tiling {
                    at,
                    dims,
                    reads,
                    reg,
                });
            }
        }
        let free = crate::free::of_body(
            p,
            &Body {
                stms: vec![s.clone()],
                result: Vec::new(),
            },
        );
        let d: BTreeSet<VarId> = free
            .iter()
            .flat_map(|v| deps.get(v).cloned().unwrap_or_default())
            .collect();
        for v in s.pat.ctx.iter().chain(&s.pat.vals) {
            deps.insert(*v, d.clone());
        }
    }
    None
}

/// How each array of a redomap is read when tiled, if it can be.
fn redomap_reads(
    p: &Program,
    sc: &Screma,
    deps: &BTreeMap<VarId, BTreeSet<VarId>>,
    gtids: &[VarId],
) -> Option<Vec<TileRead>> {
    let [red] = &sc.reds[..] else { return None };
    let simple = sc.scans.is_empty()
        && sc.post.is_none()
        && !sc.arrs.is_empty()
        && sc.map.ret.len() == red.neutral.len()
        && sc.map.ret.iter().all(|t| t.rank() == 0)
        && sc.arrs.iter().all(|a| p.ty(*a).rank() == 1)
        && quiet_lambda(p, &sc.map)
        && quiet_lambda(p, &red.lambda);
    if !simple {
        return None;
    }
    let varies = |s: SubExp, g: VarId| {
        s.var()
            .is_some_and(|v| deps.get(&v).is_some_and(|d| d.contains(&g)))
    };
    let n = gtids.len();
    let x = gtids[n - 1];
    let y = (n >= 2).then(|| gtids[n - 2]);
    let two_d = |a: VarId| match y {
        Some(_) if !varies(SubExp::Var(a), x) => TileRead::Row,
        Some(y) if !varies(SubExp::Var(a), y) => TileRead::Col,
        _ => TileRead::Direct,
    };
    let reads2: Vec<TileRead> = sc.arrs.iter().map(|a| two_d(*a)).collect();
    let uniform2 = y.is_some_and(|y| !varies(sc.w, x) && !varies(sc.w, y));
    if uniform2 && reads2.contains(&TileRead::Row) && reads2.contains(&TileRead::Col) {
        return Some(reads2);
    }
    let reads1: Vec<TileRead> = sc
        .arrs
        .iter()
        .map(|a| {
            if varies(SubExp::Var(*a), x) {
                TileRead::Direct
            } else {
                TileRead::Row
            }
        })
        .collect();
    (!varies(sc.w, x) && reads1.contains(&TileRead::Row)).then_some(reads1)
}

/// A lambda a thread runs between barriers.
fn quiet_lambda(p: &Program, l: &Lambda) -> bool {
    l.body.stms.iter().all(|s| quiet_stm(p, s))
}

/// A statement a thread runs between barriers: it binds scalars or views,
/// checks nothing and calls nothing.
fn quiet_stm(p: &Program, s: &Stm) -> bool {
    let binds = matches!(
        s.exp,
        Exp::Index(..) | Exp::Rearrange(..) | Exp::SubExp(SubExp::Var(_))
    ) || s.pat.vals.iter().all(|v| p.ty(*v).rank() == 0);
    let mut ok = binds
        && !matches!(s.exp, Exp::Assert(..) | Exp::Apply(..))
        && !crate::free::has_soac(&s.exp);
    s.exp
        .for_each_body(|b| ok = ok && b.stms.iter().all(|s| quiet_stm(p, s)));
    ok
}

/// Counts a tiled SegMap's lambda as Futhark's metrics name what its
/// work-group runs: the prelude, the loop over the tiles, the postlude.
/// A 2-D tiling of rows and columns only is Futhark's block tiling of a
/// matrix multiplication (`BlkRegTiling`): the accumulators set up by one
/// SegMap, per tile each array copied into local memory by a scatter
/// (`WithAcc/SegMap`) and folded by a SegMap, the results given by
/// another. Any other is its generic tiling (`TileLoops`): per tile, a
/// SegMap copying the tiles and a SegMap folding them.
pub fn count(m: &mut Counter, lambda: &Lambda, t: &Tiling) {
    let stms = &lambda.body.stms;
    for s in &stms[..t.at] {
        m.exp(&s.exp);
    }
    let Exp::Screma(sc) = &stms[t.at].exp else {
        return;
    };
    let matmul = t.dims == 2 && !t.reads.contains(&TileRead::Direct);
    if matmul {
        m.seen("SegMap");
    }
    m.inside("Loop", |m| {
        m.seen("ForLoop");
        if matmul {
            for _ in &t.reads {
                m.inside("WithAcc", |m| m.seen("SegMap"));
            }
        } else {
            m.seen("SegMap");
        }
        m.inside("SegMap", |m| {
            m.lambda(&sc.map);
            for r in &sc.reds {
                m.lambda(&r.lambda);
            }
        });
    });
    if matmul {
        m.seen("SegMap");
    }
    for s in &stms[t.at + 1..] {
        m.exp(&s.exp);
    }
}
