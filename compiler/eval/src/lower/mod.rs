//! Lowering checked syntax trees into the interpreter's internal form
//! (`ir`). Modules disappear here: every definition of every module (and of
//! every functor application, whose body is lowered again with the argument
//! bound) becomes a global; names resolve to frame slots or globals once,
//! so evaluation never looks a name up.

mod exprs;
pub mod modules;
mod operators;
mod patterns;
mod sizes;
mod type_sizes;
pub use type_sizes::TypeStep;

use std::collections::HashMap;
use std::rc::Rc;

use runic_sema::TypeTable;
use runic_syntax::{SyntaxKind, SyntaxNode, TextRange};

use crate::ir::{Expr, FuncDef, GlobalId, Loc, Slot};

pub use modules::Program;

/// One source file to run: its path (as imports resolve it), text, tree and
/// the checker's type table.
#[derive(Clone)]
pub struct Unit {
    pub path: String,
    pub text: Rc<str>,
    pub root: SyntaxNode,
    pub types: std::sync::Arc<TypeTable>,
}

/// A problem found while lowering (a construct the interpreter lacks, or a
/// tree the checker should have rejected).
#[derive(Debug, Clone, PartialEq)]
pub struct LowerError {
    pub loc: String,
    pub message: String,
}

impl std::fmt::Display for LowerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.loc, self.message)
    }
}

pub type Lowered<T> = Result<T, LowerError>;

/// What a value name denotes at module level.
#[derive(Clone)]
pub enum ValRef {
    Global(GlobalId),
    Const(crate::value::Prim),
}

/// A module's names.
#[derive(Clone, Default)]
pub struct Scope {
    pub vals: HashMap<Rc<str>, ValRef>,
    pub mods: HashMap<Rc<str>, ModVal>,
    /// Type abbreviations with size parameters (`type vec [n] = [n]f32`),
    /// whose dimensions can bind sizes.
    pub types: HashMap<Rc<str>, Rc<SizedAbbrev>>,
}

/// A type abbreviation: its size parameters and body; `acc` when it
/// abbreviates `intrinsics.acc`.
pub struct SizedAbbrev {
    pub params: Vec<String>,
    pub body: SyntaxNode,
    pub acc: bool,
}

impl Scope {
    fn extend(&mut self, other: &Scope) {
        self.vals
            .extend(other.vals.iter().map(|(k, v)| (k.clone(), v.clone())));
        self.mods
            .extend(other.mods.iter().map(|(k, v)| (k.clone(), v.clone())));
        self.types
            .extend(other.types.iter().map(|(k, v)| (k.clone(), v.clone())));
    }
}

/// A module value.
#[derive(Clone)]
pub enum ModVal {
    Struct(Rc<Scope>),
    Functor(Rc<Functor>),
    /// The `intrinsics` module of the prelude.
    Intrinsics,
}

/// A parametric module: its parameters still to bind, its body and the
/// scope it was defined in.
pub struct Functor {
    params: Vec<Rc<str>>,
    body: SyntaxNode,
    closure: Scope,
    file: Rc<FileCtx>,
}

/// The file being lowered: for locations and literal types.
pub struct FileCtx {
    pub path: Rc<str>,
    line_starts: Vec<u32>,
    pub types: std::sync::Arc<TypeTable>,
}

impl FileCtx {
    fn new(unit: &Unit) -> FileCtx {
        let mut line_starts = vec![0];
        for (i, b) in unit.text.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(i as u32 + 1);
            }
        }
        FileCtx {
            path: Rc::from(unit.path.as_str()),
            line_starts,
            types: unit.types.clone(),
        }
    }

    /// The same file with an empty type table (for trees that are not the
    /// file's own).
    fn without_types(&self) -> FileCtx {
        FileCtx {
            path: self.path.clone(),
            line_starts: self.line_starts.clone(),
            types: Default::default(),
        }
    }

    /// `(line, column)` of an offset, both from 1.
    fn line_col(&self, offset: u32) -> (usize, usize) {
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        (line + 1, (offset - self.line_starts[line]) as usize + 1)
    }

    /// `file:line:col-endcol` as Futhark writes locations.
    pub fn loc(&self, range: TextRange) -> Loc {
        let (line, col) = self.line_col(range.start().into());
        let (end_line, end_col) = self.line_col(range.end().into());
        let text = if end_line == line {
            format!("{}:{line}:{col}-{end_col}", self.path)
        } else {
            format!("{}:{line}:{col}-{end_line}:{end_col}", self.path)
        };
        Loc(Rc::from(text))
    }
}

/// The variables of one function being lowered.
#[derive(Default)]
struct FnScope {
    /// Names in scope, innermost last.
    vars: Vec<(Rc<str>, Slot)>,
    /// The slots of `vars` by name, innermost last (a look-up of a global
    /// name searched all of `vars`: a let chain was quadratic).
    by_name: HashMap<Rc<str>, Vec<Slot>>,
    /// Variables of enclosing functions this one captures: name, slot here,
    /// slot in the enclosing function.
    captured: Vec<(Rc<str>, Slot, Slot)>,
    /// The slot here of each captured name (its first capture).
    captured_by_name: HashMap<Rc<str>, Slot>,
    next_slot: Slot,
}

impl FnScope {
    fn alloc(&mut self) -> Slot {
        let slot = self.next_slot;
        self.next_slot += 1;
        slot
    }

    fn push_var(&mut self, name: &str, slot: Slot) {
        let name: Rc<str> = Rc::from(name);
        self.by_name.entry(name.clone()).or_default().push(slot);
        self.vars.push((name, slot));
    }

    /// Takes the names bound after the first `len` out of scope.
    fn truncate_vars(&mut self, len: usize) {
        while self.vars.len() > len {
            let Some((name, _)) = self.vars.pop() else {
                break;
            };
            if let Some(slots) = self.by_name.get_mut(&name) {
                slots.pop();
                if slots.is_empty() {
                    self.by_name.remove(&name);
                }
            }
        }
    }

    fn capture(&mut self, name: &str, slot: Slot, outer: Slot) {
        let name: Rc<str> = Rc::from(name);
        self.captured_by_name.entry(name.clone()).or_insert(slot);
        self.captured.push((name, slot, outer));
    }

    fn find(&self, name: &str) -> Option<Slot> {
        self.by_name
            .get(name)
            .and_then(|slots| slots.last().copied())
            .or_else(|| self.captured_by_name.get(name).copied())
    }
}

/// A global definition as lowered.
#[derive(Clone)]
pub enum GlobalDef {
    /// A constant, evaluated on first use in a frame of `frame_size`.
    Const {
        body: Expr,
        frame_size: u32,
        name: Rc<str>,
    },
    Func(Rc<FuncDef>),
}

/// The lowering state for a whole program.
pub struct Lowerer<'a> {
    units: &'a HashMap<String, Unit>,
    resolve: &'a dyn Fn(&str, &str) -> String,
    pub globals: Vec<GlobalDef>,
    /// Each file's exports once lowered, by path.
    files: HashMap<String, Rc<Scope>>,
    file: Rc<FileCtx>,
    fns: Vec<FnScope>,
    /// Names visible at module level.
    scope: Scope,
    /// Names the module being lowered exports.
    exports: Scope,
    /// Size parameters of the function being lowered not yet bound by a
    /// parameter pattern.
    unbound_sizes: Vec<(Rc<str>, Slot)>,
    /// Nesting depth of lowering, to stop runaway recursion.
    depth: u32,
    /// The names a file starts with (the prelude's, or only `intrinsics`
    /// inside the prelude).
    prelude_scope: Scope,
    /// While expanding a type abbreviation: its size parameters and the
    /// dimensions given for them.
    size_substitution: Vec<(String, SyntaxNode)>,
    /// While the body of a module's abbreviation is lowered in the
    /// module's scope: the scope of the use, where its arguments belong.
    use_scopes: Vec<Scope>,
    /// The abbreviations being expanded (a module's `type t = P.t` may
    /// name itself through a functor's argument): not expanded again.
    expanding: Vec<Rc<SizedAbbrev>>,
    /// The local opens `M.(e)` being lowered: the function depth and the
    /// number of its variables at the open, and the module's names, which
    /// hide the local variables bound before the open.
    opens: Vec<(usize, usize, Rc<Scope>)>,
    /// Invented (anonymous) sizes, by file and name: the variables whose
    /// type has it as a dimension, and which dimension.
    invented_sizes: HashMap<String, Vec<(Rc<str>, usize)>>,
    /// Set by a `let` whose body is the `let` lowered next: the first slot
    /// of the outer one's scope, so the chain's innermost scope moves the
    /// tail once for all of them (see `Lowerer::scoped_chain`).
    chain_first: Option<u32>,
}

impl<'a> Lowerer<'a> {
    fn error<T>(&self, node: &SyntaxNode, message: impl Into<String>) -> Lowered<T> {
        Err(LowerError {
            loc: self.file.loc(node.text_range()).0.to_string(),
            message: message.into(),
        })
    }

    fn loc(&self, node: &SyntaxNode) -> Loc {
        self.file.loc(node.text_range())
    }

    /// Binds a name to a new slot of the current function.
    fn bind(&mut self, name: &str) -> Slot {
        let f = self.fns.last_mut().expect("inside a function");
        let slot = f.alloc();
        f.push_var(name, slot);
        slot
    }

    /// A fresh slot not visible by name.
    fn temp(&mut self) -> Slot {
        self.fns.last_mut().expect("inside a function").alloc()
    }

    /// The slot of a local variable, capturing it from enclosing functions
    /// when needed.
    fn local(&mut self, name: &str) -> Option<Slot> {
        let depth = self.fns.len();
        if depth == 0 {
            return None;
        }
        // Inside `M.(e)`, `M`'s names hide the variables bound before.
        let open = self
            .opens
            .iter()
            .rev()
            .find(|(_, _, names)| names.vals.contains_key(name))
            .map(|(level, len, _)| (*level, *len));
        if let Some((level, len)) = open {
            let newer = (level..depth).any(|l| {
                let vars = &self.fns[l].vars;
                let from = if l == level { len.min(vars.len()) } else { 0 };
                vars[from..].iter().any(|(n, _)| &**n == name)
            });
            if !newer {
                return None;
            }
        }
        self.local_at(depth - 1, name)
    }

    fn local_at(&mut self, level: usize, name: &str) -> Option<Slot> {
        if let Some(slot) = self.fns[level].find(name) {
            return Some(slot);
        }
        if level == 0 {
            return None;
        }
        let outer = self.local_at(level - 1, name)?;
        let f = &mut self.fns[level];
        let slot = f.alloc();
        f.capture(name, slot, outer);
        Some(slot)
    }

    /// Runs `body` in a new function scope; returns its result, the frame
    /// size and the enclosing slots to capture (in capture order, which is
    /// also the order of the first slots).
    fn in_function<T>(
        &mut self,
        body: impl FnOnce(&mut Self) -> Lowered<T>,
    ) -> Lowered<(T, u32, Vec<Slot>, Vec<Slot>)> {
        self.depth += 1;
        if self.depth > 400 {
            self.depth -= 1;
            return Err(LowerError {
                loc: self.file.path.to_string(),
                message: "program nested too deeply to run".into(),
            });
        }
        self.fns.push(FnScope::default());
        let saved_sizes = std::mem::take(&mut self.unbound_sizes);
        let result = body(self);
        self.unbound_sizes = saved_sizes;
        let f = self.fns.pop().expect("pushed above");
        self.depth -= 1;
        let result = result?;
        let inner = f.captured.iter().map(|(_, s, _)| *s).collect();
        let outer = f.captured.iter().map(|(_, _, o)| *o).collect();
        Ok((result, f.next_slot, inner, outer))
    }

    fn new_global(&mut self, def: GlobalDef) -> GlobalId {
        self.globals.push(def);
        (self.globals.len() - 1) as GlobalId
    }

    /// The module at a path of module names (`["M", "N"]`) at module level.
    fn module_at(&self, mods: &[&str]) -> Option<ModVal> {
        let (first, rest) = mods.split_first()?;
        let mut module = self.scope.mods.get(*first)?.clone();
        for m in rest {
            module = match module {
                ModVal::Struct(s) => s.mods.get(*m)?.clone(),
                _ => return None,
            };
        }
        Some(module)
    }

    /// The abbreviation a (possibly qualified) type name denotes, with the
    /// scope of the module that defines it when qualified.
    fn type_abbrev(&self, name: &str) -> Option<(Rc<SizedAbbrev>, Option<Rc<Scope>>)> {
        let segments: Vec<&str> = name.split('.').map(str::trim).collect();
        let (last, mods) = segments.split_last()?;
        if mods.is_empty() {
            return self.scope.types.get(*last).cloned().map(|a| (a, None));
        }
        let module = self.module_at(mods)?;
        match module {
            ModVal::Struct(s) => s.types.get(*last).cloned().map(|a| (a, Some(s))),
            _ => None,
        }
    }

    /// Looks up a value by module path (`["M", "N", "x"]`) at module level.
    fn module_value(&self, segments: &[&str]) -> Option<ValueTarget> {
        let (last, mods) = segments.split_last()?;
        if mods.is_empty() {
            return self.scope.vals.get(*last).cloned().map(ValueTarget::Val);
        }
        let module = self.module_at(mods)?;
        match module {
            ModVal::Struct(s) => s.vals.get(*last).cloned().map(ValueTarget::Val),
            ModVal::Intrinsics => crate::builtins::lookup(last).map(ValueTarget::Intrinsic),
            ModVal::Functor(_) => None,
        }
    }
}

/// What a qualified value name resolves to.
enum ValueTarget {
    Val(ValRef),
    Intrinsic(crate::builtins::Intrinsic),
}

/// The child nodes of a node.
fn nodes(node: &SyntaxNode) -> impl Iterator<Item = SyntaxNode> {
    node.children()
}

/// The first child node of a kind.
fn child(node: &SyntaxNode, kind: SyntaxKind) -> Option<SyntaxNode> {
    node.children().find(|c| c.kind() == kind)
}

/// The text of the `NAME` child (or of a `NAME` node itself).
fn name_of(node: &SyntaxNode) -> Option<String> {
    let name = if node.kind() == SyntaxKind::NAME {
        node.clone()
    } else {
        child(node, SyntaxKind::NAME)?
    };
    let token = name
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| {
            !t.kind().is_trivia()
                && t.kind() != SyntaxKind::L_PAREN
                && t.kind() != SyntaxKind::R_PAREN
        })?;
    Some(token.text().to_string())
}

/// The first token of a kind directly under a node.
fn token(node: &SyntaxNode, kind: SyntaxKind) -> Option<runic_syntax::SyntaxToken> {
    node.children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == kind)
}

/// The dotted segments of a `PATH` node (identifiers and operators).
fn path_segments(path: &SyntaxNode) -> Vec<String> {
    path.children_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia() && t.kind() != SyntaxKind::DOT)
        .map(|t| t.text().to_string())
        .collect()
}
