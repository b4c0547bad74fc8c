//! The kernel IR: what kernel extraction makes of a core program.
//!
//! A [`KernelProgram`] owns the core program it came from (its variables'
//! arena, extended with the intermediate arrays extraction introduces) and
//! adds two things: [`Kernel`]s, the code that runs on the device, and one
//! [`HostFun`] per entry point, an imperative host program that allocates
//! arrays, launches kernels, reads and writes single elements, and runs
//! scalar code, loops and branches on the host.
//!
//! Grid-level kernels are segmented operations over one flat space:
//! [`KernelKind::SegMap`] (a thread per point, each running a core lambda
//! sequentially), [`KernelKind::SegRed`] and [`KernelKind::SegScan`] (over
//! arrays of scalars, an operator of several operands, commutative or
//! not), [`KernelKind::SegHist`] (atomic updates) and
//! [`KernelKind::SegScatter`]. [`KernelKind::Seq`] runs statements that
//! have no parallel form here in a single thread: nothing is refused.

use runic_core::ir::{Body, HistOp, Lambda, LoopForm, Pat, Reduce, Scan, Stm, SubExp, VarId};
use runic_core::Program;

/// A kernel's index in [`KernelProgram::kernels`].
pub type KernelId = usize;

/// A core program with its kernels and host code.
pub struct KernelProgram {
    pub core: Program,
    pub kernels: Vec<Kernel>,
    pub funs: Vec<HostFun>,
    /// The tunable thresholds of the host code's versioned nests.
    pub thresholds: Vec<crate::thresholds::Threshold>,
}

/// One kernel: its name, what it reads from the host's variables, and
/// what it does.
#[derive(Debug, Clone)]
pub struct Kernel {
    pub name: String,
    /// Host variables the kernel reads (scalars by value, arrays as
    /// buffers with their shapes), in a fixed order.
    pub inputs: Vec<VarId>,
    pub kind: KernelKind,
    /// For a kernel that is part of a construct another kernel of the
    /// same SOAC stands for (a SegMap computing a reduction's, scan's,
    /// histogram's or scatter's operands; the second reduction of a
    /// screma with two): that construct's chain of names (`SegRed`,
    /// `WithAcc/SegMap`). Futhark makes one construct of them; the metrics
    /// count it so.
    pub part_of: Option<&'static [&'static str]>,
    /// A [`KernelKind::SegMap`] at work-group level (Futhark's intra-block
    /// kernels): a work-group per point of its space, whose threads run
    /// the parallel SOACs at the top of the lambda's body (and of the
    /// loops and branches there) together, as segmented operations of the
    /// group (`SegMap`, `SegRed`, `SegScan`, `SegHist`), their
    /// intermediate arrays shared by the group. Its meaning is the plain
    /// SegMap's.
    pub intra: bool,
    /// A grid SegMap whose redomap work-groups fold tile by tile from
    /// local memory (`tile.rs`); its meaning is the plain SegMap's.
    pub tile: Option<crate::tile::Tiling>,
}

/// What a kernel computes; its results are the host variables of the
/// launching [`HostStm::Launch`]'s pattern.
#[derive(Debug, Clone)]
pub enum KernelKind {
    /// One thread per point of `space` (outermost first); the lambda's
    /// parameters are bound to the rows of `arrs` at the first index, and
    /// each of its results becomes a row of an output of shape `space`
    /// followed by the result's own shape.
    SegMap {
        space: Vec<(VarId, SubExp)>,
        arrs: Vec<VarId>,
        lambda: Lambda,
    },
    /// A reduction of `w` elements of `arrs` (one array per operand,
    /// scalars) to one value per operand: a work-group stage, then one
    /// group over the groups' partial results. Segmented when `segs` is
    /// `Some(n)`: `arrs` are `[n][w]` and each row is reduced, into
    /// arrays `[n]` (a thread per row for short rows, a work-group per
    /// row for long ones).
    ///
    /// With a `map` (a map fused into the reduction, Futhark's redomap),
    /// each element's operands are the map's scalar results and no array
    /// of operands is built: see [`PreMap`].
    SegRed {
        w: SubExp,
        segs: Option<SubExp>,
        arrs: Vec<VarId>,
        map: Option<PreMap>,
        red: Reduce,
    },
    /// An inclusive scan of `w` elements of `arrs` (one per operand);
    /// with `segs` `Some(n)`, of each row of `[n][w]` arrays.
    SegScan {
        w: SubExp,
        segs: Option<SubExp>,
        arrs: Vec<VarId>,
        scan: Scan,
    },
    /// A histogram: element `i` adds `vals[i]` at index `idxs[..][i]` of the
    /// destination (updated in place), combined atomically with the op.
    SegHist {
        w: SubExp,
        idxs: Vec<VarId>,
        vals: Vec<VarId>,
        op: HistOp,
    },
    /// Writes `vals[k][i]` at index `idxs[k][..][i]` of destination `k`
    /// (in place); writes out of bounds are ignored.
    SegScatter {
        w: SubExp,
        idxs: Vec<Vec<VarId>>,
        vals: Vec<VarId>,
        dests: Vec<VarId>,
    },
    /// Statements run by a single thread; its results are `body.result`
    /// (variables bound by the statements, sizes read off arrays). Its
    /// scalar results are read back to the host after the launch (one
    /// transfer each, an `Index` in the metrics). Besides the runs
    /// extraction makes, `migrate` makes Seq kernels named `gpubody_N`
    /// (Futhark's GPUBody) of host scalar code and element reads whose
    /// migration saves reads.
    Seq { body: Body },
}

/// The map a [`KernelKind::SegRed`] applies to each element before
/// folding it. Unsegmented: `space` is empty, and the lambda takes one
/// scalar element of each of the reduction's `arrs` (one-dimensional) at
/// the element's index. Segmented: `arrs` is empty, the lambda takes no
/// parameters, and the indices of `space` are bound to the element's
/// place in the nest the reduction came from (the segment, numbered
/// row-major over all but the last level, then the index in it; the
/// lambda reads what it needs through them).
#[derive(Debug, Clone)]
pub struct PreMap {
    pub space: Vec<(VarId, SubExp)>,
    pub lambda: Lambda,
}

/// An entry point's host program.
#[derive(Debug, Clone)]
pub struct HostFun {
    pub name: String,
    pub params: Vec<VarId>,
    pub body: HostBody,
}

/// Host statements and the results they compute.
#[derive(Debug, Clone, Default)]
pub struct HostBody {
    pub stms: Vec<HostStm>,
    pub result: Vec<SubExp>,
}

impl HostBody {
    /// The bodies of its branches and loops (one level down).
    pub fn inner_bodies_mut(&mut self) -> impl Iterator<Item = &mut HostBody> {
        self.stms.iter_mut().flat_map(|s| match s {
            HostStm::If {
                then_body,
                else_body,
                ..
            } => vec![then_body, else_body],
            HostStm::Loop { body, .. } => vec![body],
            _ => Vec::new(),
        })
    }
}

/// A host statement.
#[derive(Debug, Clone)]
pub enum HostStm {
    /// A scalar core statement run on the host (operations, asserts), or
    /// a call of a (recursive) function, whose host code the host runs.
    Scalar(Stm),
    /// A device array of the variable's type (sizes evaluated on the host).
    Alloc(VarId),
    /// Reads one element of a device array.
    Read {
        dest: VarId,
        arr: VarId,
        idx: Vec<SubExp>,
    },
    /// `dest = arr with [idx] = value` in place (a copy first when the
    /// array is shared).
    Write {
        dest: VarId,
        arr: VarId,
        idx: Vec<SubExp>,
        value: SubExp,
    },
    /// Runs a kernel; binds its results (allocated before it where their
    /// shapes are known, by the runtime otherwise).
    Launch { kernel: KernelId, pat: Pat },
    /// Statements the host evaluates itself (core semantics, on its own
    /// copies of `inputs`), their results bound to `pat`: those that call
    /// a recursive function from inside a SOAC, which no device runs.
    Eval {
        inputs: Vec<VarId>,
        body: Body,
        pat: Pat,
    },
    If {
        pat: Pat,
        cond: SubExp,
        then_body: HostBody,
        else_body: HostBody,
    },
    Loop {
        pat: Pat,
        ctx: Vec<VarId>,
        params: Vec<(VarId, SubExp)>,
        form: LoopForm,
        body: HostBody,
    },
}
