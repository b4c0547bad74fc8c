//! Internalisation: the elaborated program (the interpreter's internal
//! form, where modules and functors are gone and every name is resolved)
//! to the core IR.
//!
//! It works as a partial evaluator. Each expression becomes a *static
//! value* ([`SVal`]): a tree of tuples and records whose leaves are core
//! operands, or a function known at compile time (a lambda with its
//! captured static values, a global, a builtin, partially applied). Calls
//! of known functions are inlined with their parameters bound to the
//! arguments' static values, which monomorphises (types come from the
//! operands, bottom-up) and defunctionalises (a function argument is never
//! a run-time value) at once; Futhark forbids recursion, so inlining ends.
//! An array of tuples is a tuple of arrays here, so `zip` and `unzip` cost
//! nothing. The prelude's SOAC intrinsics become SOACs (`builtins.rs`).
//!
//! Sizes: every array operand's type carries its dimensions as operands
//! in scope. A size that only exists inside a nested body (a lambda's,
//! a branch's, a loop's) becomes an existential size of the statement
//! that binds the result (`Pat::ctx`).
//!
//! A construct not supported yet gives a located [`InternaliseError`]
//! naming it, never a panic.

mod accs;
mod ad;
mod builtins;
mod exprs;
mod lmads;
mod loops;
mod noinline;
mod patterns;
mod recursion;
mod sequential;
mod sums;

use std::rc::Rc;

use runic_eval::ir::{FuncDef, Loc as SrcLoc};
use runic_eval::lower::modules::{Entry, ValueType};
use runic_eval::lower::GlobalDef;
use runic_eval::value::{Prim, RecordLayout};
use runic_sema::types::PrimType;

use crate::ir::*;

/// Why a program (or an entry point) could not be internalised.
#[derive(Debug, Clone, PartialEq)]
pub struct InternaliseError {
    pub loc: String,
    pub message: String,
}

impl std::fmt::Display for InternaliseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.loc.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.loc, self.message)
        }
    }
}

pub type R<T> = Result<T, InternaliseError>;

/// A value known at compile time as far as its structure goes.
#[derive(Clone, Debug)]
pub enum SVal {
    /// A scalar or an array of scalars.
    Leaf(SubExp),
    /// A tuple (or an array of tuples, as a tuple of arrays).
    Tuple(Rc<[SVal]>),
    /// A record, fields sorted by name (or an array of records).
    Record(Rc<[(Rc<str>, SVal)]>),
    /// A value of a sum type (or an array of them): the tag (an `i8`,
    /// or an array of them) and the payload of each constructor it may
    /// hold, sorted by name; the payloads of the others are blanks.
    Sum(SubExp, Rc<[(Rc<str>, Vec<SVal>)]>),
    /// A function and the arguments given it so far.
    Fun(Rc<Fun>, Rc<[SVal]>),
    /// An array of units (`[n]()`, `[n][m]{}`): a leaf standing for a
    /// `bool` array of the same shape, there only to carry that shape
    /// (the sizes it binds, its length, the width of a SOAC over it).
    /// Taken down to rank 0 (a row of a row, an element) it is a plain
    /// unit again ([`Internaliser::settle`]).
    Units(SubExp),
}

/// A function known at compile time.
#[derive(Debug)]
pub enum Fun {
    Closure(Rc<FuncDef>, Vec<SVal>),
    Global(u32),
    Builtin(runic_eval::builtins::Builtin),
}

impl SVal {
    pub fn unit() -> SVal {
        SVal::Tuple(Rc::from(Vec::new()))
    }

    /// A tuple, or the value itself for one component.
    pub fn tuple(mut items: Vec<SVal>) -> SVal {
        if items.len() == 1 {
            return items.pop().expect("one item");
        }
        SVal::Tuple(Rc::from(items))
    }

    /// A record from fields in any order; fields `0..n` make a tuple (as
    /// `runic_eval::Value::record` decides).
    pub fn record(fields: Vec<(Rc<str>, SVal)>) -> SVal {
        match RecordLayout::of(fields) {
            RecordLayout::Tuple(items) => SVal::Tuple(Rc::from(items)),
            RecordLayout::Record(fields) => SVal::Record(Rc::from(fields)),
        }
    }

    /// The leaves, depth first.
    pub fn leaves(&self, out: &mut Vec<SubExp>) -> bool {
        match self {
            SVal::Leaf(s) | SVal::Units(s) => out.push(*s),
            SVal::Tuple(items) => {
                for i in items.iter() {
                    if !i.leaves(out) {
                        return false;
                    }
                }
            }
            SVal::Record(fields) => {
                for (_, v) in fields.iter() {
                    if !v.leaves(out) {
                        return false;
                    }
                }
            }
            SVal::Sum(tag, ctors) => {
                out.push(*tag);
                for (_, payload) in ctors.iter() {
                    for v in payload {
                        if !v.leaves(out) {
                            return false;
                        }
                    }
                }
            }
            SVal::Fun(..) => return false,
        }
        true
    }

    /// The same structure with new leaves (taken in order).
    pub fn rebuild(&self, leaves: &mut impl Iterator<Item = SubExp>) -> SVal {
        match self {
            SVal::Leaf(_) => SVal::Leaf(leaves.next().unwrap_or(SubExp::i64(0))),
            SVal::Units(_) => SVal::Units(leaves.next().unwrap_or(SubExp::i64(0))),
            SVal::Tuple(items) => SVal::Tuple(items.iter().map(|i| i.rebuild(leaves)).collect()),
            SVal::Record(fields) => SVal::Record(
                fields
                    .iter()
                    .map(|(n, v)| (n.clone(), v.rebuild(leaves)))
                    .collect(),
            ),
            SVal::Sum(_, ctors) => {
                let tag = leaves.next().unwrap_or(SubExp::i64(0));
                SVal::Sum(
                    tag,
                    ctors
                        .iter()
                        .map(|(n, p)| (n.clone(), p.iter().map(|v| v.rebuild(leaves)).collect()))
                        .collect(),
                )
            }
            SVal::Fun(..) => self.clone(),
        }
    }

    /// The component `name` of a tuple (`0`, `1`, ...) or record.
    pub fn field(&self, name: &str) -> Option<SVal> {
        match self {
            SVal::Tuple(items) => items.get(name.parse::<usize>().ok()?).cloned(),
            SVal::Record(fields) => fields
                .iter()
                .find(|(n, _)| &**n == name)
                .map(|(_, v)| v.clone()),
            _ => None,
        }
    }
}

/// The internaliser's state: the program being built, the statements of
/// the bodies being built (innermost last) and the nesting level of each
/// variable.
pub struct Internaliser<'a> {
    pub(crate) src: &'a runic_eval::Program,
    pub prog: Program,
    bodies: Vec<Vec<Stm>>,
    /// The body nesting level each variable was bound at, by index.
    levels: Vec<usize>,
    /// Inlining depth, to stop runaway programs.
    depth: u32,
    /// The location of the call being inlined outermost (for errors).
    loc: Option<Loc>,
    /// The innermost call in the program's own files (not the prelude)
    /// being inlined: the location SOACs built inside the prelude's
    /// functions take, so fusion's decisions point at the user's call.
    pub(crate) user_site: Option<Loc>,
    /// The call sites of the functions being inlined, outermost first
    /// (the entry point's own call left out): an assertion's stack.
    calls: Vec<Loc>,
    /// Inside an `#[unsafe]` expression: no bounds checks.
    pub(crate) unchecked: bool,
    /// The attributes of the attributed expressions enclosing the current
    /// point (`Expr::Attrs`): every SOAC made here gets them.
    pub(crate) attrs: Attrs,
    /// Constructor names by tag.
    ctors: Vec<Rc<str>>,
    /// Set for the entry point's own call: its parameters' size checks
    /// say "entry point arguments have invalid sizes." as Futhark does.
    entry_call: bool,
    pub(crate) entry_params: bool,
    /// Empty array literals whose element type is not known yet.
    pub(crate) untyped: std::collections::HashSet<VarId>,
    /// Empty array literals of a known element type: their row sizes are
    /// the checker's constants (0 where unknown), so an annotation's sizes
    /// replace them (`widen_untyped`).
    pub(crate) empty_lits: std::collections::HashSet<VarId>,
    /// The accumulator streams being inlined, innermost last.
    accs: Vec<accs::AccStream>,
    /// The globals being inlined (a call of one of them is recursive).
    inlining: Vec<u32>,
    /// Recursive functions compiled to core functions.
    recursive: Vec<recursion::RecFun>,
    /// Globals whose recursive calls could not become core functions.
    not_recursive: std::collections::HashSet<u32>,
    /// `#[noinline]` functions compiled to core functions.
    noinline: Vec<noinline::NoInlineFun>,
    /// How many functions being differentiated enclose the current
    /// point: calls of core functions cannot be differentiated yet, so
    /// there every call is inlined.
    ad_depth: u32,
}

type Frame = Vec<Option<SVal>>;

impl<'a> Internaliser<'a> {
    pub fn new(src: &'a runic_eval::Program) -> Internaliser<'a> {
        Internaliser {
            src,
            prog: Program::default(),
            bodies: vec![Vec::new()],
            levels: Vec::new(),
            depth: 0,
            loc: None,
            user_site: None,
            calls: Vec::new(),
            unchecked: false,
            attrs: Attrs::default(),
            ctors: Vec::new(),
            entry_call: false,
            entry_params: false,
            untyped: Default::default(),
            empty_lits: Default::default(),
            accs: Vec::new(),
            inlining: Vec::new(),
            recursive: Vec::new(),
            not_recursive: Default::default(),
            noinline: Vec::new(),
            ad_depth: 0,
        }
    }

    fn level(&self) -> usize {
        self.bodies.len()
    }

    pub(crate) fn error<T>(&self, loc: Option<&SrcLoc>, message: impl Into<String>) -> R<T> {
        Err(InternaliseError {
            loc: loc
                .map(|l| l.0.to_string())
                .or_else(|| self.loc.as_ref().map(|l| l.to_string()))
                .unwrap_or_default(),
            message: message.into(),
        })
    }

    pub(crate) fn missing<T>(&self, loc: Option<&SrcLoc>, what: &str) -> R<T> {
        self.error(
            loc,
            format!("{what} cannot be compiled to the core IR yet (use --backend interp)"),
        )
    }

    /// A fresh variable at the current level.
    pub(crate) fn var(&mut self, name: &str, ty: Type) -> VarId {
        let v = self.prog.new_var(name, ty);
        if self.levels.len() <= v.index() {
            self.levels.resize(v.index() + 1, 0);
        }
        self.levels[v.index()] = self.level();
        v
    }

    fn var_level(&self, v: VarId) -> usize {
        self.levels.get(v.index()).copied().unwrap_or(0)
    }

    pub(crate) fn ty(&self, s: SubExp) -> Type {
        self.prog.subexp_type(s)
    }

    /// Adds a statement binding `exp` to fresh variables of the given
    /// types; sizes in those types bound only in nested bodies become
    /// existential sizes of the statement.
    pub(crate) fn bind(
        &mut self,
        name: &str,
        exp: Exp,
        types: Vec<Type>,
        loc: Option<&SrcLoc>,
    ) -> Vec<SubExp> {
        let mut ctx: Vec<(VarId, VarId)> = Vec::new();
        let level = self.level();
        let mut vals = Vec::with_capacity(types.len());
        let mut fixed_types = Vec::with_capacity(types.len());
        for t in types {
            let mut t = t;
            for d in t.dims.iter_mut() {
                if let SubExp::Var(v) = *d {
                    if self.var_level(v) > level {
                        let ext = match ctx.iter().find(|(inner, _)| *inner == v) {
                            Some((_, ext)) => *ext,
                            None => {
                                let ext = self.var("d", Type::scalar(PrimType::I64));
                                ctx.push((v, ext));
                                ext
                            }
                        };
                        *d = SubExp::Var(ext);
                    }
                }
            }
            fixed_types.push(t);
        }
        for t in fixed_types {
            vals.push(self.var(name, t));
        }
        let mut exp = exp;
        if let (Exp::Assert(_, _, at), false) = (&mut exp, self.calls.is_empty()) {
            *at = loc_with_calls(at, self.calls.iter().rev());
        }
        let stm = Stm {
            pat: Pat {
                ctx: ctx.into_iter().map(|(_, e)| e).collect(),
                vals: vals.clone(),
            },
            loc: match (&exp, loc) {
                (Exp::Screma(_) | Exp::Hist(_) | Exp::Scatter(_) | Exp::Stream(_), Some(l))
                    if l.0.starts_with("/prelude/") =>
                {
                    self.user_site.clone().or_else(|| Some(l.0.clone()))
                }
                _ => loc.map(|l| l.0.clone()),
            },
            exp,
        };
        self.bodies.last_mut().expect("a body").push(stm);
        vals.into_iter().map(SubExp::Var).collect()
    }

    /// A statement of one result.
    pub(crate) fn bind1(&mut self, name: &str, exp: Exp, ty: Type, loc: Option<&SrcLoc>) -> SubExp {
        self.bind(name, exp, vec![ty], loc)[0]
    }

    /// A statement of no results (an assertion).
    pub(crate) fn emit(&mut self, exp: Exp, loc: Option<&SrcLoc>) {
        self.bind("_", exp, Vec::new(), loc);
    }

    /// Runs `f` in a new body; gives its statements and `f`'s result.
    pub(crate) fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> R<T>) -> R<(Vec<Stm>, T)> {
        self.bodies.push(Vec::new());
        let result = f(self);
        let stms = self.bodies.pop().expect("pushed above");
        Ok((stms, result?))
    }

    pub(crate) fn push_body(&mut self, stms: Vec<Stm>) {
        self.bodies.push(stms);
    }

    pub(crate) fn pop_body(&mut self) -> Vec<Stm> {
        self.bodies.pop().expect("a body pushed")
    }

    /// Whether an operand is bound outside the current body.
    pub(crate) fn bound_outside(&self, s: SubExp) -> bool {
        match s {
            SubExp::Var(v) => self.var_level(v) < self.level(),
            SubExp::Const(_) => true,
        }
    }

    /// Whether an operand is bound at the current level or outside it.
    pub(crate) fn visible(&self, s: SubExp) -> bool {
        match s {
            SubExp::Var(v) => self.var_level(v) <= self.level(),
            SubExp::Const(_) => true,
        }
    }

    /// Runs a function body inlined: parameters (and captured values and
    /// size arguments) bound in a fresh frame.
    pub(crate) fn inline(
        &mut self,
        f: &FuncDef,
        captured: &[SVal],
        args: Vec<SVal>,
        sizes: Vec<(u32, SVal)>,
        loc: Option<&SrcLoc>,
    ) -> R<SVal> {
        let outer_site = match loc.filter(|l| !l.0.starts_with("/prelude/")) {
            Some(l) => self.user_site.replace(l.0.clone()),
            None => self.user_site.clone(),
        };
        let site = loc.filter(|_| !self.entry_call).map(|l| l.0.clone());
        let pushed = site.is_some();
        self.calls.extend(site);
        let result = self.inline_body(f, captured, args, sizes, loc);
        if pushed {
            self.calls.pop();
        }
        self.user_site = outer_site;
        result
    }

    fn inline_body(
        &mut self,
        f: &FuncDef,
        captured: &[SVal],
        args: Vec<SVal>,
        sizes: Vec<(u32, SVal)>,
        loc: Option<&SrcLoc>,
    ) -> R<SVal> {
        self.depth += 1;
        if self.depth > 200 {
            self.depth -= 1;
            return self.missing(loc, "recursion (calls nested too deeply to inline)");
        }
        let mut frame: Frame = vec![None; f.frame_size as usize];
        for (slot, v) in f.captures.iter().zip(captured) {
            frame[*slot as usize] = Some(v.clone());
        }
        for (slot, v) in sizes {
            frame[slot as usize] = Some(v);
        }
        let entry = std::mem::take(&mut self.entry_call);
        let result = (|| {
            self.entry_params = entry;
            for (pat, arg) in f.params.iter().zip(args) {
                self.bind_pat(pat, arg, &mut frame, Some(&f.loc))?;
            }
            self.entry_params = false;
            let v = self.exp(&f.body, &mut frame)?;
            match &f.ret {
                Some((shape, note)) => {
                    self.match_shape(shape, &v, note, &mut frame, false)?;
                    self.widen_untyped(shape, &v, &mut frame)
                }
                None => Ok(v),
            }
        })();
        self.depth -= 1;
        result
    }

    /// `v` as an element of an array being built (a `map`'s or an array
    /// literal's row, a replicated value): each unit in it becomes a
    /// [`SVal::Units`] of rank 0, so that the array keeps its shape.
    pub(crate) fn shaped(v: &SVal) -> SVal {
        match v {
            SVal::Tuple(items) if items.is_empty() => SVal::Units(SubExp::Const(Prim::Bool(false))),
            SVal::Tuple(items) => SVal::Tuple(items.iter().map(Self::shaped).collect()),
            SVal::Record(fields) => SVal::Record(
                fields
                    .iter()
                    .map(|(n, x)| (n.clone(), Self::shaped(x)))
                    .collect(),
            ),
            _ => v.clone(),
        }
    }

    /// `v` with each [`SVal::Units`] of rank 0 (an element of an array of
    /// units) a plain unit again.
    pub(crate) fn settle(&self, v: SVal) -> SVal {
        match v {
            SVal::Units(s) if self.ty(s).rank() == 0 => SVal::unit(),
            SVal::Tuple(items) => {
                SVal::Tuple(items.iter().map(|x| self.settle(x.clone())).collect())
            }
            SVal::Record(fields) => SVal::Record(
                fields
                    .iter()
                    .map(|(n, x)| (n.clone(), self.settle(x.clone())))
                    .collect(),
            ),
            other => other,
        }
    }

    /// The value of a global: a function, or a constant's body inlined.
    pub(crate) fn global(&mut self, g: u32, loc: Option<&SrcLoc>) -> R<SVal> {
        match self.src.globals.get(g as usize) {
            Some(GlobalDef::Func(_)) => {
                Ok(SVal::Fun(Rc::new(Fun::Global(g)), Rc::from(Vec::new())))
            }
            Some(GlobalDef::Const {
                body, frame_size, ..
            }) => {
                let mut frame: Frame = vec![None; *frame_size as usize];
                self.depth += 1;
                let v = if self.depth > 200 {
                    self.error(loc, "definitions nested too deeply to inline")
                } else {
                    self.exp(body, &mut frame)
                };
                self.depth -= 1;
                v
            }
            None => self.error(loc, "unknown global"),
        }
    }
}

/// The structure of an entry point's parameter or result, from its type
/// or from an argument's value.
#[derive(Debug, Clone)]
pub enum Layout {
    Prim {
        rank: usize,
        prim: PrimType,
    },
    Tuple(Vec<Layout>),
    Record(Vec<(Rc<str>, Layout)>),
    /// An array of units of `rank` dimensions: a `bool` array of its
    /// shape in the core IR ([`SVal::Units`]).
    Units {
        rank: usize,
    },
}

impl Layout {
    /// The layout of a value (`None` for values the core IR lacks: sums,
    /// functions, empty arrays of unknown element type).
    pub fn of_value(v: &runic_eval::Value) -> Option<Layout> {
        use runic_eval::Value;
        Some(match v {
            Value::Prim(p) => Layout::Prim {
                rank: 0,
                prim: p.prim_type(),
            },
            Value::Array(a) => match Layout::of_value(&a.data.first()?)? {
                Layout::Prim { prim, .. } => Layout::Prim {
                    rank: a.shape.len(),
                    prim,
                },
                Layout::Units { rank } => Layout::Units {
                    rank: rank + a.shape.len(),
                },
                other => lift(other, a.shape.len()),
            },
            Value::Tuple(items) => {
                Layout::Tuple(items.iter().map(Layout::of_value).collect::<Option<_>>()?)
            }
            Value::Record(fields) => Layout::Record(
                fields
                    .iter()
                    .map(|(n, v)| Some((n.clone(), Layout::of_value(v)?)))
                    .collect::<Option<_>>()?,
            ),
            _ => return None,
        })
    }

    /// The number of core values it takes.
    pub fn width(&self) -> usize {
        match self {
            Layout::Prim { .. } | Layout::Units { .. } => 1,
            Layout::Tuple(items) => items.iter().map(Layout::width).sum(),
            Layout::Record(fields) => fields.iter().map(|(_, l)| l.width()).sum(),
        }
    }
}

/// An array of `rank` dimensions of elements of a layout.
fn lift(l: Layout, rank: usize) -> Layout {
    match l {
        Layout::Prim { rank: r, prim } => Layout::Prim {
            rank: r + rank,
            prim,
        },
        Layout::Units { rank: r } => Layout::Units { rank: r + rank },
        Layout::Tuple(items) if items.is_empty() && rank > 0 => Layout::Units { rank },
        Layout::Tuple(items) => Layout::Tuple(items.into_iter().map(|i| lift(i, rank)).collect()),
        Layout::Record(fields) => Layout::Record(
            fields
                .into_iter()
                .map(|(n, l)| (n, lift(l, rank)))
                .collect(),
        ),
    }
}

/// The layout an entry point's declared type gives, where it says enough.
pub fn layout_of_type(t: &ValueType) -> Option<Layout> {
    match t {
        ValueType::Prim { rank, prim } => Some(Layout::Prim {
            rank: *rank,
            prim: *prim,
        }),
        ValueType::Tuple(items) => Some(Layout::Tuple(
            items.iter().map(layout_of_type).collect::<Option<_>>()?,
        )),
        ValueType::Opaque(text) => layout_of_text(text),
    }
}

/// The layout a type's text gives when it is made of primitive types,
/// arrays, tuples and records only (`*[n](i64, {x: f32})`); `None` for
/// anything else (a named type, a sum).
fn layout_of_text(text: &str) -> Option<Layout> {
    let mut rest = text.trim().trim_start_matches('*').trim_start();
    let mut rank = 0;
    while let Some(after) = rest.strip_prefix('[') {
        rest = after[after.find(']')? + 1..].trim_start();
        rank += 1;
    }
    let elem = if let Some(inner) = rest.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        let items = top_level_items(inner);
        match items.len() {
            0 => return None,
            1 => layout_of_text(items[0])?,
            _ => Layout::Tuple(
                items
                    .into_iter()
                    .map(layout_of_text)
                    .collect::<Option<_>>()?,
            ),
        }
    } else if let Some(inner) = rest.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
        let mut fields = top_level_items(inner)
            .into_iter()
            .map(|f| {
                let (name, t) = f.split_once(':')?;
                Some((Rc::<str>::from(name.trim()), layout_of_text(t)?))
            })
            .collect::<Option<Vec<_>>>()?;
        if fields.is_empty() {
            return None;
        }
        fields.sort_by(|a, b| a.0.cmp(&b.0));
        Layout::Record(fields)
    } else {
        Layout::Prim {
            rank: 0,
            prim: PrimType::from_name(rest)?,
        }
    };
    Some(lift(elem, rank))
}

/// The comma-separated items of a tuple's or record's text, commas inside
/// brackets left alone.
fn top_level_items(text: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (k, c) in text.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(text[start..k].trim());
                start = k + 1;
            }
            _ => {}
        }
    }
    if !text[start..].trim().is_empty() {
        items.push(text[start..].trim());
    }
    items
}

/// Internalises one entry point whose parameters have the given layouts
/// (one per parameter of the source function); the core function takes
/// the leaves of each in order, each array with its own size parameters.
pub fn entry(
    src: &runic_eval::Program,
    entry: &Entry,
    params: &[Layout],
) -> R<(Program, Vec<Layout>)> {
    let mut int = Internaliser::new(src);
    int.loc = Some(entry.loc.0.clone());
    let mut core_params = Vec::new();
    let mut args = Vec::new();
    for (k, layout) in params.iter().enumerate() {
        let before = core_params.len();
        args.push(int.param(layout, &mut core_params));
        // A consumed parameter's arrays are the entry point's to overwrite.
        if entry.consumed.get(k).copied().unwrap_or(false) {
            for &v in &core_params[before..] {
                let ty = &mut int.prog.vars[v].ty;
                ty.unique = !ty.dims.is_empty();
            }
        }
    }
    let (stms, (result, results)) = int.nested(|int| {
        let f = int.global(entry.global, Some(&entry.loc))?;
        let v = if args.is_empty() {
            f
        } else {
            int.entry_call = true;
            int.apply(f, args, Some(&entry.loc))?
        };
        let v = int.type_results(v, &entry.results);
        let layouts = int.result_layouts(&v, entry.results.len())?;
        let mut leaves = Vec::new();
        if !v.leaves(&mut leaves) {
            return int.error(Some(&entry.loc), "an entry point may not return a function");
        }
        if leaves.iter().any(|l| int.is_untyped(*l)) {
            return int.missing(
                Some(&entry.loc),
                "an entry point result that is an empty array literal of unknown element type",
            );
        }
        Ok((leaves, layouts))
    })?;
    let ret = result.iter().map(|s| int.ty(*s)).collect();
    let mut stms = stms;
    stms.splice(0..0, std::mem::take(&mut int.bodies[0]));
    int.prog.funs.push(FunDef {
        name: Rc::from(entry.name.as_str()),
        entry: true,
        params: core_params,
        ret,
        body: Body { stms, result },
        noinline: false,
    });
    Ok((int.prog, results))
}

impl Internaliser<'_> {
    /// Parameters for a value of a layout: sizes first, then the arrays.
    fn param(&mut self, layout: &Layout, params: &mut Vec<VarId>) -> SVal {
        match layout {
            Layout::Units { rank } => {
                let shape = Layout::Prim {
                    rank: *rank,
                    prim: PrimType::Bool,
                };
                match self.param(&shape, params) {
                    SVal::Leaf(x) => SVal::Units(x),
                    other => other,
                }
            }
            Layout::Prim { rank, prim } => {
                let dims: Vec<SubExp> = (0..*rank)
                    .map(|_| {
                        let d = self.var("n", Type::scalar(PrimType::I64));
                        params.push(d);
                        SubExp::Var(d)
                    })
                    .collect();
                let v = self.var(
                    if *rank == 0 { "x" } else { "xs" },
                    Type::array(*prim, dims),
                );
                params.push(v);
                SVal::Leaf(SubExp::Var(v))
            }
            Layout::Tuple(items) => {
                SVal::Tuple(items.iter().map(|l| self.param(l, params)).collect())
            }
            Layout::Record(fields) => SVal::Record(
                fields
                    .iter()
                    .map(|(n, l)| (n.clone(), self.param(l, params)))
                    .collect(),
            ),
        }
    }

    /// An entry point's results with each untyped empty array given the
    /// element type its declared result type names (`[][d]i32`).
    fn type_results(&mut self, v: SVal, declared: &[ValueType]) -> SVal {
        let retype = |int: &mut Self, s: &SVal, t: &ValueType| match (s, t) {
            (SVal::Leaf(x), ValueType::Prim { rank, prim }) if int.is_untyped(*x) && *rank > 0 => {
                let mut dims = int.ty(*x).dims;
                dims.resize(*rank, i64c(0));
                let row = Type::array(*prim, dims[1..].to_vec());
                SVal::Leaf(int.bind1(
                    "empty",
                    Exp::ArrayLit(Vec::new(), row.clone()),
                    row.with_outer(i64c(0)),
                    None,
                ))
            }
            _ => s.clone(),
        };
        match &v {
            SVal::Tuple(items) if items.len() == declared.len() && declared.len() != 1 => {
                SVal::Tuple(
                    items
                        .iter()
                        .zip(declared)
                        .map(|(s, t)| retype(self, s, t))
                        .collect(),
                )
            }
            _ => match declared {
                [t] => retype(self, &v, t),
                _ => v,
            },
        }
    }

    /// The layouts of an entry point's results (`count` as its type says).
    fn result_layouts(&self, v: &SVal, count: usize) -> R<Vec<Layout>> {
        match v {
            SVal::Tuple(items) if count == items.len() && count != 1 => {
                items.iter().map(|i| self.layout(i)).collect()
            }
            other => Ok(vec![self.layout(other)?]),
        }
    }

    fn layout(&self, v: &SVal) -> R<Layout> {
        Ok(match v {
            SVal::Leaf(s) => {
                let t = self.ty(*s);
                Layout::Prim {
                    rank: t.rank(),
                    prim: t.prim,
                }
            }
            SVal::Tuple(items) => {
                Layout::Tuple(items.iter().map(|i| self.layout(i)).collect::<R<_>>()?)
            }
            SVal::Record(fields) => Layout::Record(
                fields
                    .iter()
                    .map(|(n, v)| Ok((n.clone(), self.layout(v)?)))
                    .collect::<R<_>>()?,
            ),
            SVal::Sum(..) => return self.missing(None, "an entry point result of a sum type"),
            SVal::Units(s) => Layout::Units {
                rank: self.ty(*s).rank(),
            },
            SVal::Fun(..) => return self.error(None, "an entry point may not return a function"),
        })
    }
}

/// An `i64` constant operand.
pub(crate) fn i64c(x: i64) -> SubExp {
    SubExp::Const(Prim::I64(x))
}
