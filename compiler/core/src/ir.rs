//! The core SOAC IR: typed, first-order, monomorphic, in let-normal form.
//!
//! Every variable lives in one [`Arena`] of the [`Program`] and is named by
//! a typed [`Handle`] (naga's style): a `VarId` is four bytes, copies
//! freely and indexes the arena directly. A variable's [`Type`] is a
//! primitive type with zero or more dimensions; each dimension is a
//! [`SubExp`], an `i64` constant or an `i64` variable in scope. There are no
//! tuples, records or sums here: internalisation flattened them into several
//! variables, and an array of tuples into several arrays.
//!
//! Expressions ([`Exp`]) take only sub-expressions (constants and
//! variables) as operands; nesting happens only through [`Body`] (a list of
//! statements and its results) and [`Lambda`]. A statement's pattern may bind
//! *existential* sizes (`ctx`) before its values: sizes only known once the
//! expression has run (a `filter`'s result, an `if` whose branches give
//! arrays of different sizes); they are read off the values' shapes.
//!
//! The second-order array combinators are named as in Futhark's IR:
//! [`Screma`] (maps, scans and reductions at once), [`Hist`], [`Scatter`],
//! [`Stream`]; sequential loops are [`Exp::Loop`]; in-place updates
//! [`Exp::Update`]. Bounds and size checks are explicit [`Exp::Assert`]
//! statements with the source location of the check.

use std::fmt;
use std::marker::PhantomData;
use std::rc::Rc;

use runic_eval::builtins::Builtin;
use runic_eval::value::Prim;
use runic_sema::types::PrimType;

pub use crate::attrs::Attrs;

/// A typed index into an [`Arena`].
pub struct Handle<T> {
    index: u32,
    marker: PhantomData<fn() -> T>,
}

impl<T> Handle<T> {
    pub fn index(self) -> usize {
        self.index as usize
    }
}

impl<T> Clone for Handle<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Handle<T> {}
impl<T> PartialEq for Handle<T> {
    fn eq(&self, other: &Self) -> bool {
        self.index == other.index
    }
}
impl<T> Eq for Handle<T> {}
impl<T> std::hash::Hash for Handle<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.index.hash(state)
    }
}
impl<T> PartialOrd for Handle<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for Handle<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.index.cmp(&other.index)
    }
}
impl<T> fmt::Debug for Handle<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.index)
    }
}

/// Values of one kind, addressed by [`Handle`]s; only ever appended to.
pub struct Arena<T> {
    items: Vec<T>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena { items: Vec::new() }
    }
}

impl<T> Arena<T> {
    pub fn append(&mut self, item: T) -> Handle<T> {
        let index = u32::try_from(self.items.len()).expect("arena overflow");
        self.items.push(item);
        Handle {
            index,
            marker: PhantomData,
        }
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// The handles of every entry, in order.
    pub fn handles(&self) -> impl Iterator<Item = Handle<T>> + use<T> {
        (0..self.items.len() as u32).map(|index| Handle {
            index,
            marker: PhantomData,
        })
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

impl<T> std::ops::Index<Handle<T>> for Arena<T> {
    type Output = T;
    fn index(&self, h: Handle<T>) -> &T {
        &self.items[h.index()]
    }
}

impl<T> std::ops::IndexMut<Handle<T>> for Arena<T> {
    fn index_mut(&mut self, h: Handle<T>) -> &mut T {
        &mut self.items[h.index()]
    }
}

/// A variable: a name for printing (made unique by its handle) and a type.
#[derive(Debug, Clone)]
pub struct Var {
    pub name: Rc<str>,
    pub ty: Type,
}

pub type VarId = Handle<Var>;

/// An operand: a constant or a variable.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SubExp {
    Const(Prim),
    Var(VarId),
}

impl SubExp {
    pub fn i64(x: i64) -> SubExp {
        SubExp::Const(Prim::I64(x))
    }

    pub fn var(self) -> Option<VarId> {
        match self {
            SubExp::Var(v) => Some(v),
            SubExp::Const(_) => None,
        }
    }

    /// Whether two operands are the same constant or variable (floats by
    /// their bits).
    pub fn same(self, other: SubExp) -> bool {
        match (self, other) {
            (SubExp::Var(a), SubExp::Var(b)) => a == b,
            (SubExp::Const(a), SubExp::Const(b)) => a.prim_type() == b.prim_type() && a == b,
            _ => false,
        }
    }
}

/// A scalar (no dimensions) or an array of scalars.
#[derive(Debug, Clone, PartialEq)]
pub struct Type {
    pub prim: PrimType,
    /// Outermost first; each an `i64` constant or variable.
    pub dims: Vec<SubExp>,
    /// A unique array (`*[n]t`) in a parameter or result.
    pub unique: bool,
}

impl Type {
    pub fn scalar(prim: PrimType) -> Type {
        Type {
            prim,
            dims: Vec::new(),
            unique: false,
        }
    }

    pub fn array(prim: PrimType, dims: Vec<SubExp>) -> Type {
        Type {
            prim,
            dims,
            unique: false,
        }
    }

    pub fn rank(&self) -> usize {
        self.dims.len()
    }

    /// The type of one row (drops the outermost dimension).
    pub fn row(&self) -> Type {
        Type::array(self.prim, self.dims.get(1..).unwrap_or(&[]).to_vec())
    }

    /// This type with `outer` prepended as the new outermost dimension.
    pub fn with_outer(&self, outer: SubExp) -> Type {
        let mut dims = vec![outer];
        dims.extend(self.dims.iter().copied());
        Type::array(self.prim, dims)
    }
}

/// A source location (`file:line:col-endcol`).
pub type Loc = Rc<str>;

/// The frames of a location: its own, then the call sites an
/// assertion was inlined through (see [`Exp::Assert`]).
pub fn loc_frames(at: &str) -> impl Iterator<Item = &str> {
    at.split('\n')
}

/// A location followed by call sites, innermost first, as one [`Loc`].
pub fn loc_with_calls(at: &str, calls: impl Iterator<Item = impl AsRef<str>>) -> Loc {
    let mut text = at.to_string();
    for c in calls {
        text.push('\n');
        text.push_str(c.as_ref());
    }
    Loc::from(text)
}

/// A piece of an assertion's message: text, or an operand's value.
#[derive(Debug, Clone, PartialEq)]
pub enum MsgPart {
    Text(String),
    Value(SubExp),
}

/// One index of an [`Exp::Index`] or [`Exp::Update`].
#[derive(Debug, Clone, PartialEq)]
pub enum DimIndex {
    /// A single position: removes the dimension.
    Fix(SubExp),
    /// `len` positions from `start`, `stride` apart.
    Slice {
        start: SubExp,
        len: SubExp,
        stride: SubExp,
    },
}

/// A function of several parameters to several results: the operand of a
/// SOAC.
#[derive(Debug, Clone)]
pub struct Lambda {
    pub params: Vec<VarId>,
    pub body: Body,
    pub ret: Vec<Type>,
}

/// Statements and the results they compute.
#[derive(Debug, Clone, Default)]
pub struct Body {
    pub stms: Vec<Stm>,
    pub result: Vec<SubExp>,
}

/// What a statement binds: existential sizes first, then the values.
#[derive(Debug, Clone, Default)]
pub struct Pat {
    pub ctx: Vec<VarId>,
    pub vals: Vec<VarId>,
}

/// `let pat = exp`.
#[derive(Debug, Clone)]
pub struct Stm {
    pub pat: Pat,
    pub exp: Exp,
    pub loc: Option<Loc>,
}

impl Stm {
    /// `let v = exp`, one value and no size context, without a location.
    pub fn single(v: VarId, exp: Exp) -> Stm {
        Stm {
            pat: Pat {
                ctx: Vec::new(),
                vals: vec![v],
            },
            exp,
            loc: None,
        }
    }

    /// `let v = value`: a copy.
    pub fn copy(v: VarId, value: SubExp) -> Stm {
        Stm::single(v, Exp::SubExp(value))
    }
}

/// How a loop runs.
#[derive(Debug, Clone)]
pub enum LoopForm {
    /// `for i < bound`, `i` an `i64`.
    For { i: VarId, bound: SubExp },
    /// `while cond`, `cond` a `bool` loop parameter.
    While(VarId),
}

/// A reduction of a [`Screma`]: an operator of `2k` parameters to `k`
/// results and its `k` neutral elements.
#[derive(Debug, Clone)]
pub struct Reduce {
    pub commutative: bool,
    pub lambda: Lambda,
    pub neutral: Vec<SubExp>,
}

/// A scan of a [`Screma`] (inclusive).
#[derive(Debug, Clone)]
pub struct Scan {
    pub lambda: Lambda,
    pub neutral: Vec<SubExp>,
}

/// The combined map, scans and reductions over `w` rows of `arrs`: the
/// map lambda runs on each row, its first results feed the scans, the
/// next the reductions, and the rest are mapped results. Results: the
/// scanned arrays, the reduced values, then the mapped arrays.
///
/// A `post` lambda (Futhark's post-lambda; only fusion makes one) runs on
/// each row once the scans are done: it takes the scanned values of the
/// row then the map lambda's mapped values, and its results are the
/// mapped arrays in their place (a map after a scan, fused).
#[derive(Debug, Clone)]
pub struct Screma {
    pub w: SubExp,
    pub arrs: Vec<VarId>,
    pub scans: Vec<Scan>,
    pub reds: Vec<Reduce>,
    pub map: Lambda,
    pub post: Option<Lambda>,
    /// The source's attributes steering how it is compiled
    /// (`#[flattening(...)]`): see [`crate::attrs`].
    pub attrs: Attrs,
}

impl Screma {
    /// The row types of the mapped results: the post lambda's results
    /// where there is one, else the map lambda's after those of the scans
    /// and reductions.
    pub fn mapped_ret(&self) -> &[Type] {
        match &self.post {
            Some(post) => &post.ret,
            None => {
                let n: usize = self.scans.iter().map(|x| x.neutral.len()).sum::<usize>()
                    + self.reds.iter().map(|x| x.neutral.len()).sum::<usize>();
                &self.map.ret[n..]
            }
        }
    }
}

/// One histogram of a [`Hist`]: destination arrays (consumed) of `rank`
/// dimensions, updated with `op` from `neutral`.
#[derive(Debug, Clone)]
pub struct HistOp {
    pub rank: usize,
    pub dests: Vec<VarId>,
    pub neutral: Vec<SubExp>,
    pub op: Lambda,
}

/// Generalised histograms: `bucket` runs on each row of `arrs` and gives,
/// for each op, `rank` indices then one value per destination; values at
/// an index inside the destination are combined into it.
#[derive(Debug, Clone)]
pub struct Hist {
    pub w: SubExp,
    pub arrs: Vec<VarId>,
    pub ops: Vec<HistOp>,
    pub bucket: Lambda,
}

/// Writes into destination arrays (consumed): `lambda` runs on each row of
/// `arrs` and gives, for each destination, `rank` indices, then one value
/// per destination; writes out of bounds are ignored. With `rounds` above
/// one (a scatter of concatenated arrays, fused) each row writes that many
/// times into every destination: the indices of every round first (round
/// by round, destination by destination), then the values alike; the
/// writes happen round by round over all rows, as the concatenation
/// would. Any further results of `lambda` are mapped values (only fusion makes them, as Futhark's
/// map inside an accumulator returns more than the accumulators): the
/// statement gives the destinations then those mapped arrays.
#[derive(Debug, Clone)]
pub struct Scatter {
    pub w: SubExp,
    pub arrs: Vec<VarId>,
    pub dests: Vec<(usize, VarId)>,
    pub lambda: Lambda,
    pub rounds: usize,
}

impl Scatter {
    /// How many of the lambda's results are indices and values to write.
    pub fn writes(&self) -> usize {
        self.rounds * self.dests.iter().map(|(r, _)| *r + 1).sum::<usize>()
    }
}

/// A sequential stream (`stream_seq`): `lambda` takes a chunk size, the
/// accumulators and chunks of `arrs`, and gives new accumulators then
/// chunks of mapped arrays.
#[derive(Debug, Clone)]
pub struct Stream {
    pub w: SubExp,
    pub arrs: Vec<VarId>,
    pub accs: Vec<SubExp>,
    pub lambda: Lambda,
}

/// An expression.
#[derive(Debug, Clone)]
pub enum Exp {
    /// A copy of an operand (what copy propagation removes).
    SubExp(SubExp),
    /// A scalar operation of the prelude's intrinsics (binary operators,
    /// conversions, math functions) on scalar operands.
    Scalar(Builtin, Vec<SubExp>),
    /// An array of the given operands, each of type `row`.
    ArrayLit(Vec<SubExp>, Type),
    Index(VarId, Vec<DimIndex>),
    /// `arr with [idx] = value`: consumes `arr`.
    Update(VarId, Vec<DimIndex>, SubExp),
    /// `[0, 1, ..., n-1]` as `i64`s.
    Iota(SubExp),
    /// An array of the given shape, every element `value`.
    Replicate(Vec<SubExp>, SubExp),
    /// A fresh copy of an array.
    Copy(VarId),
    /// The arrays one after the other along the outermost dimension.
    Concat(Vec<VarId>),
    /// The same elements in row-major order, in a new shape.
    Reshape(Vec<SubExp>, VarId),
    /// Dimensions permuted: result dimension `i` is dimension `perm[i]`.
    Rearrange(Vec<usize>, VarId),
    /// The rows rotated left by an amount.
    Rotate(SubExp, VarId),
    /// Fails with the message at the location unless the condition holds.
    /// The location is the check's own, then, one per line, the call
    /// sites it was inlined through, innermost first ([`loc_frames`]): the
    /// stack an error reports.
    Assert(SubExp, Vec<MsgPart>, Loc),
    /// Prints the operands (`trace`) and gives them back.
    Trace(Vec<SubExp>),
    If {
        cond: SubExp,
        then_body: Body,
        else_body: Body,
    },
    /// A loop: `ctx` are the sizes of the array parameters, read off their
    /// values at every iteration; `params` start at their initial values and
    /// the body's results are their next values.
    Loop {
        ctx: Vec<VarId>,
        params: Vec<(VarId, SubExp)>,
        form: LoopForm,
        body: Body,
    },
    /// A call of a function of the program: only recursive functions are
    /// not inlined. Its results are as the statement's pattern says.
    Apply(Rc<str>, Vec<SubExp>),
    Screma(Box<Screma>),
    Hist(Box<Hist>),
    Scatter(Box<Scatter>),
    Stream(Box<Stream>),
}

impl Exp {
    /// Calls `f` on every body directly inside the expression, in the
    /// order of [`Exp::for_each_body_mut`].
    pub fn for_each_body<'a>(&'a self, mut f: impl FnMut(&'a Body)) {
        match self {
            Exp::If {
                then_body,
                else_body,
                ..
            } => {
                f(then_body);
                f(else_body);
            }
            Exp::Loop { body, .. } => f(body),
            Exp::Screma(s) => {
                f(&s.map.body);
                s.scans.iter().for_each(|x| f(&x.lambda.body));
                s.reds.iter().for_each(|x| f(&x.lambda.body));
                if let Some(post) = &s.post {
                    f(&post.body);
                }
            }
            Exp::Hist(h) => {
                f(&h.bucket.body);
                h.ops.iter().for_each(|o| f(&o.op.body));
            }
            Exp::Scatter(s) => f(&s.lambda.body),
            Exp::Stream(s) => f(&s.lambda.body),
            _ => {}
        }
    }

    /// Calls `f` on every body directly inside the expression (branches,
    /// a loop's body, the functions of SOACs), in a fixed order.
    pub fn for_each_body_mut(&mut self, mut f: impl FnMut(&mut Body)) {
        match self {
            Exp::If {
                then_body,
                else_body,
                ..
            } => {
                f(then_body);
                f(else_body);
            }
            Exp::Loop { body, .. } => f(body),
            Exp::Screma(s) => {
                f(&mut s.map.body);
                s.scans.iter_mut().for_each(|x| f(&mut x.lambda.body));
                s.reds.iter_mut().for_each(|x| f(&mut x.lambda.body));
                if let Some(post) = &mut s.post {
                    f(&mut post.body);
                }
            }
            Exp::Hist(h) => {
                f(&mut h.bucket.body);
                h.ops.iter_mut().for_each(|o| f(&mut o.op.body));
            }
            Exp::Scatter(s) => f(&mut s.lambda.body),
            Exp::Stream(s) => f(&mut s.lambda.body),
            _ => {}
        }
    }
}

/// A function: parameters, result types, body.
#[derive(Debug, Clone)]
pub struct FunDef {
    pub name: Rc<str>,
    pub entry: bool,
    pub params: Vec<VarId>,
    pub ret: Vec<Type>,
    pub body: Body,
    /// Made for `#[noinline]`: later passes keep its calls as calls.
    pub noinline: bool,
}

/// A whole program: the variables of all its functions and the functions.
#[derive(Default)]
pub struct Program {
    pub vars: Arena<Var>,
    pub funs: Vec<FunDef>,
}

impl Program {
    pub fn new_var(&mut self, name: &str, ty: Type) -> VarId {
        self.vars.append(Var {
            name: Rc::from(name),
            ty,
        })
    }

    pub fn ty(&self, v: VarId) -> &Type {
        &self.vars[v].ty
    }

    /// The type of an operand.
    pub fn subexp_type(&self, s: SubExp) -> Type {
        match s {
            SubExp::Const(p) => Type::scalar(p.prim_type()),
            SubExp::Var(v) => self.vars[v].ty.clone(),
        }
    }

    pub fn fun(&self, name: &str) -> Option<&FunDef> {
        self.funs.iter().find(|f| &*f.name == name)
    }
}

/// The result type of a scalar operation on operands of the given types.
pub fn scalar_result(op: Builtin, args: &[PrimType]) -> PrimType {
    use runic_eval::prim::BinOp;
    let first = args.first().copied().unwrap_or(PrimType::Bool);
    match op {
        Builtin::Bin(BinOp::Eq | BinOp::Neq | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge)
        | Builtin::IsNan
        | Builtin::IsInf => PrimType::Bool,
        Builtin::Popc | Builtin::Clz | Builtin::Ctz => PrimType::I32,
        Builtin::ToBits => match first {
            PrimType::F16 => PrimType::U16,
            PrimType::F32 => PrimType::U32,
            _ => PrimType::U64,
        },
        Builtin::FromBits(t) | Builtin::Convert(t) => t,
        _ => first,
    }
}
