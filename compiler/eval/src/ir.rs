//! The interpreter's internal form: expressions with every variable resolved
//! to a slot of the current frame or to a global, every module reference
//! resolved away, and source locations attached where run-time errors can
//! happen. Produced by `lower`, run by `interp`.

use std::rc::Rc;

use runic_sema::types::PrimType;

use crate::builtins::Builtin;
use crate::prim::BinOp;
use crate::value::{Prim, Value};

/// A local variable: an index into the frame of the running function.
pub type Slot = u32;

/// A global (a top-level or module-level definition) by index.
pub type GlobalId = u32;

/// A source location for error messages: `file:line:col-endcol`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loc(pub Rc<str>);

impl std::fmt::Display for Loc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// One index of an index or slice expression.
#[derive(Debug, Clone)]
pub enum IndexSpec {
    Point(Expr),
    Slice {
        start: Option<Expr>,
        end: Option<Expr>,
        stride: Option<Expr>,
    },
}

/// The shape part of a type annotation, as far as run time cares.
#[derive(Debug, Clone)]
pub enum Shape {
    /// Arrays: one entry per dimension, then the element.
    Array(Vec<Dim>, Box<Shape>),
    Tuple(Vec<Shape>),
    Record(Vec<(Rc<str>, Shape)>),
    /// An accumulator (`intrinsics.acc t`): the shape of the array it
    /// stands for.
    Acc(Box<Shape>),
    /// Scalars, type parameters, functions, sums: nothing to bind or check.
    Other,
}

/// One array dimension of a type annotation.
#[derive(Debug, Clone)]
pub enum Dim {
    /// Binds a size parameter from the value's shape.
    Bind(Slot),
    /// Must equal this expression's value (in a coercion `:>`).
    Check(Expr),
    /// Neither binds nor is checked: `[]`, or a size not known here.
    Any,
}

/// A pattern.
#[derive(Debug, Clone)]
pub enum Pat {
    Bind(Slot),
    Wild,
    Tuple(Vec<Pat>),
    Record(Vec<(Rc<str>, Pat)>),
    /// A literal: `negate` for `-1`; compared after conversion to the
    /// scrutinee's type.
    Lit(Prim),
    Ctor(Rc<str>, Vec<Pat>),
    /// A pattern with a type annotation whose sizes bind size parameters
    /// or are checked against sizes already bound.
    Typed(Box<Pat>, Rc<Shape>, Rc<TypeNote>),
}

/// A type annotation as written, and where, for size errors.
#[derive(Debug, Clone)]
pub struct TypeNote {
    pub text: Rc<str>,
    pub loc: Loc,
}

/// How a loop runs.
#[derive(Debug, Clone)]
pub enum LoopForm {
    For { var: Slot, bound: Expr },
    ForIn { pat: Pat, array: Expr },
    While(Expr),
}

/// A function: parameters, body, and the frame layout. The first
/// `captures` slots hold captured variables.
#[derive(Debug)]
pub struct FuncDef {
    pub name: Rc<str>,
    pub params: Vec<Pat>,
    pub body: Expr,
    pub frame_size: u32,
    /// The slots that receive captured values, in capture order.
    pub captures: Vec<Slot>,
    /// Size parameters no parameter binds, found in the return type: the
    /// tuple component (if the return type is a tuple), the dimension, and
    /// the slot.
    pub implicit_sizes: Vec<(Option<usize>, usize, Slot)>,
    /// Size parameters that only the callee's type at a call gives: where
    /// the definition's type names each, and its slot.
    pub type_sizes: Vec<(Vec<crate::lower::TypeStep>, Slot)>,
    /// The declared return type's sizes to check the result against, when
    /// it names sizes that the parameters bind.
    pub ret: Option<(Rc<Shape>, Rc<TypeNote>)>,
    pub loc: Loc,
    /// Declared `#[noinline]`: the compiler keeps its calls as calls.
    pub noinline: bool,
}

/// How a range expression ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeEnd {
    /// `a..b`
    Inclusive,
    /// `a..<b`
    UpExclusive,
    /// `a..>b`
    DownExclusive,
}

/// An expression of the internal form.
#[derive(Debug, Clone)]
pub enum Expr {
    Const(Value),
    Local(Slot),
    /// A variable's last use: its value is taken out of the slot, so that
    /// an array it holds stays uniquely referenced.
    Move(Slot),
    Global(GlobalId),
    Builtin(Builtin),
    Tuple(Vec<Expr>),
    Record(Vec<(Rc<str>, Expr)>),
    /// An array literal; `row_shape` for an empty one, and its element
    /// type where the checker knows it as a primitive type.
    Array(Vec<Expr>, Vec<i64>, Option<PrimType>, Loc),
    Range {
        start: Box<Expr>,
        next: Option<Box<Expr>>,
        end: Box<Expr>,
        kind: RangeEnd,
        loc: Loc,
    },
    Field(Box<Expr>, Rc<str>),
    Index(Box<Expr>, Vec<IndexSpec>, Loc),
    Update {
        array: Box<Expr>,
        index: Vec<IndexSpec>,
        value: Box<Expr>,
        loc: Loc,
    },
    RecordUpdate(Box<Expr>, Vec<Rc<str>>, Box<Expr>),
    /// Applies a function value to arguments, one at a time.
    Apply(Box<Expr>, Vec<Expr>, Loc),
    /// Calls a global function with exactly its number of parameters;
    /// also sets size parameters only the call's result type determines.
    CallGlobal(GlobalId, Vec<Expr>, Vec<(Slot, Expr)>, Loc),
    /// Calls a builtin with exactly its number of arguments.
    CallBuiltin(Builtin, Vec<Expr>, Loc),
    BinOp(BinOp, Box<Expr>, Box<Expr>, Loc),
    /// `==`/`!=` on values of any type.
    Equal(bool, Box<Expr>, Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    Let(Pat, Box<Expr>, Box<Expr>),
    Lambda(Rc<FuncDef>, Vec<Slot>),
    Loop {
        pat: Pat,
        init: Box<Expr>,
        form: Box<LoopForm>,
        body: Box<Expr>,
    },
    Match(Box<Expr>, Vec<(Pat, Expr)>, Loc),
    Ctor(Rc<str>, Vec<Expr>),
    Assert(Box<Expr>, Box<Expr>, Rc<str>, Loc),
    Coerce(Box<Expr>, Rc<Shape>, Rc<str>, Loc),
    /// A default element type for literals used as values.
    Convert(Box<Expr>, PrimType),
    /// The size of dimension `d` of an array value.
    DimOf(Box<Expr>, usize),
    /// A call whose result (or the tuple components given) gets the row
    /// sizes given when it is an empty array: the rows of an empty result
    /// tell nothing of their shape.
    EmptyRows(Box<Expr>, Vec<(Option<usize>, Vec<Expr>)>),
    /// An expression under `#[unsafe]`: its run makes no bounds checks
    /// (the compiler leaves them out; the interpreter checks anyway, an
    /// index out of bounds having no meaning to give it).
    Unsafe(Box<Expr>),
    /// A call under `#[noinline]`: the compiler keeps it a call of the
    /// function instead of inlining it; the interpreter runs it as any.
    NoInline(Box<Expr>),
    /// A SOAC under `#[sequential]`, `#[sequential_inner]` or
    /// `#[sequential_outer]`: the compiler runs it (all of it, what is
    /// nested in it, or its outer level) as loops.
    Sequential(Sequential, Box<Expr>),
    /// An expression under attributes the compiler passes on to the SOACs
    /// it makes (`#[flattening(only_inner)]` and the like, each as written
    /// without `#[` `]` and without blanks); the interpreter ignores them.
    Attrs(Vec<String>, Box<Expr>),
}

/// Which levels of a SOAC `#[sequential...]` makes sequential.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sequential {
    All,
    Inner,
    Outer,
}
