//! Sizes that the checker's solved types know but values may not carry:
//! expressions computing a size of a type (named sizes, and the invented
//! names of anonymous sizes, read off a variable of that size), the sizes a
//! call passes to a definition that only its result type determines, and
//! the row shape of empty results (`[0][m]` when no row exists to tell
//! `m`).

use std::rc::Rc;

use runic_sema::types::{Size, Type};
use runic_syntax::SyntaxNode;

use super::{GlobalDef, Lowered, Lowerer, ValRef, ValueTarget};
use crate::ir::{Dim, Expr, GlobalId, Loc, Shape, Slot, TypeNote};
use crate::prim::BinOp;
use crate::value::Value;

impl Lowerer<'_> {
    /// Remembers, for each invented size in the type of a use of variable
    /// `name`, that the variable's dimension has it (the first of these
    /// variables in scope gives the size where it is needed).
    pub(super) fn note_invented_sizes(&mut self, node: &SyntaxNode, name: &str) {
        let Some(Type::Array { shape, .. }) = self.file.types.get(&node.text_range()) else {
            return;
        };
        for (d, size) in shape.iter().enumerate() {
            if let Size::Named(n) = size {
                if n.starts_with('?') {
                    let key = self.invented_key(n);
                    let sources = self.invented_sizes.entry(key).or_default();
                    if !sources.iter().any(|(v, _)| &**v == name) {
                        sources.push((Rc::from(name), d));
                    }
                }
            }
        }
    }

    fn invented_key(&self, name: &str) -> String {
        format!("{}#{name}", self.file.path)
    }

    /// An expression computing a size of a solved type, where its names are
    /// in scope.
    pub(super) fn size_expr(&mut self, size: &Size) -> Option<Expr> {
        match size {
            Size::Const(n) => Some(Expr::Const(Value::i64(*n))),
            Size::Named(name) if name.starts_with('?') => {
                let sources = self.invented_sizes.get(&self.invented_key(name))?.clone();
                sources.iter().find_map(|(var, d)| {
                    let slot = self.local(var)?;
                    Some(Expr::DimOf(Box::new(Expr::Local(slot)), *d))
                })
            }
            Size::Named(name) => {
                let segments: Vec<String> = name.split('.').map(str::to_string).collect();
                if let Some(slot) = self.local(&segments[0]) {
                    return (segments.len() == 1).then_some(Expr::Local(slot));
                }
                let names: Vec<&str> = segments.iter().map(String::as_str).collect();
                match self.module_value(&names)? {
                    ValueTarget::Val(ValRef::Global(g)) => Some(Expr::Global(g)),
                    _ => None,
                }
            }
            Size::Op(op, a, b) => {
                let op = BinOp::from_symbol(op)?;
                let (a, b) = (self.size_expr(a)?, self.size_expr(b)?);
                Some(Expr::BinOp(op, Box::new(a), Box::new(b), Loc(Rc::from(""))))
            }
            Size::Expr(text) => self.size_text_expr(text),
            _ => None,
        }
    }

    /// A size the checker keeps as the text of an expression (`intsqrt n`,
    /// `i64.i32 m`): that text lowered where it is needed, if its names are
    /// in scope there. Its literals get no types from the file's table
    /// (their ranges are not the file's); a plain integer literal is `i64`.
    fn size_text_expr(&mut self, text: &str) -> Option<Expr> {
        let parse = runic_syntax::parse(&format!("def size_expression = ({text})"));
        if !parse.errors().is_empty() {
            return None;
        }
        let decl = parse.syntax().children().next()?;
        let body = decl.children().filter(|c| c.kind().is_expr()).last()?;
        let untyped = Rc::new(self.file.without_types());
        let file = std::mem::replace(&mut self.file, untyped);
        let lowered = self.expr(&body);
        self.file = file;
        lowered.ok().map(super::patterns::sizes_are_i64)
    }

    /// The sizes a call of global `g` with `arity` arguments passes because
    /// only the call's type `t` determines them (`def zeros [n] : [n]i32`).
    pub(super) fn implicit_size_args(
        &mut self,
        g: GlobalId,
        arity: usize,
        t: &Type,
    ) -> Vec<(Slot, Expr)> {
        let implicit = match &self.globals[g as usize] {
            GlobalDef::Func(f) if f.params.len() == arity => f.implicit_sizes.clone(),
            _ => Vec::new(),
        };
        let mut sizes = Vec::new();
        for (component, dim, slot) in implicit {
            let part = match component {
                Some(i) => match t {
                    Type::Record(fields) => fields.get(&i.to_string()).cloned(),
                    _ => None,
                },
                None => Some(t.clone()),
            };
            if let Some(Type::Array { shape, .. }) = part {
                if let Some(e) = shape.get(dim).and_then(|s| self.size_expr(s)) {
                    sizes.push((slot, e));
                }
            }
        }
        sizes
    }

    /// A use of global `g` by name: a definition with size parameters but
    /// no parameters runs here, with the sizes the use's type gives; a
    /// function that takes sizes only its result type determines, used
    /// other than as the callee of an application (`xs |> unflatten`, `map
    /// unflatten`), becomes a lambda that calls it with the sizes of this
    /// use's type.
    pub(super) fn global_use(&mut self, node: &SyntaxNode, g: GlobalId) -> Lowered<Expr> {
        let (arity, implicit) = match &self.globals[g as usize] {
            GlobalDef::Func(f) => (
                f.params.len(),
                !f.implicit_sizes.is_empty() || !f.type_sizes.is_empty(),
            ),
            _ => return Ok(Expr::Global(g)),
        };
        let Some(ty) = self.file.types.get(&node.text_range()).cloned() else {
            return Ok(Expr::Global(g));
        };
        if arity == 0 {
            let mut sizes = self.implicit_size_args(g, 0, &ty);
            sizes.extend(self.type_size_args(g, 0, &ty));
            return Ok(Expr::CallGlobal(g, Vec::new(), sizes, self.loc(node)));
        }
        if !implicit || is_callee(node) {
            return Ok(Expr::Global(g));
        }
        let mut result = &ty;
        for _ in 0..arity {
            match result {
                Type::Arrow { ret, .. } => result = ret,
                _ => return Ok(Expr::Global(g)),
            }
        }
        let result = result.clone();
        let loc = self.loc(node);
        self.synthetic_lambda(node, arity, None, |l, params| {
            let mut sizes = l.implicit_size_args(g, arity, &result);
            sizes.extend(l.type_size_args(g, arity, &ty));
            let args = params.iter().map(|p| Expr::Local(*p)).collect();
            Ok(Expr::CallGlobal(g, args, sizes, loc))
        })
    }

    /// The run-time checks of a solved type: its named sizes (not invented
    /// ones, which any size matches), computed where they are in scope.
    pub(super) fn solved_shape(&mut self, t: &Type) -> Shape {
        match t {
            Type::Array { shape, elem, .. } => {
                let dims: Vec<Dim> = shape
                    .iter()
                    .map(|s| match s {
                        Size::Named(n) if n.starts_with('?') => Dim::Any,
                        Size::Var(_) => Dim::Any,
                        s => self.size_expr(s).map_or(Dim::Any, Dim::Check),
                    })
                    .collect();
                let elem = self.solved_shape(elem);
                if dims.iter().all(|d| matches!(d, Dim::Any)) && matches!(elem, Shape::Other) {
                    Shape::Other
                } else {
                    Shape::Array(dims, Box::new(elem))
                }
            }
            Type::Record(fields) => {
                let tuple = fields.len() != 1
                    && (0..fields.len()).all(|i| fields.contains_key(&i.to_string()));
                let shapes: Vec<(Rc<str>, Shape)> = fields
                    .iter()
                    .map(|(name, t)| (Rc::from(name.as_str()), self.solved_shape(t)))
                    .collect();
                if shapes.iter().all(|(_, s)| matches!(s, Shape::Other)) {
                    Shape::Other
                } else if tuple {
                    let mut shapes = shapes;
                    shapes.sort_by_key(|(n, _)| n.parse::<usize>().unwrap_or(0));
                    Shape::Tuple(shapes.into_iter().map(|(_, s)| s).collect())
                } else {
                    Shape::Record(shapes)
                }
            }
            _ => Shape::Other,
        }
    }

    /// The sizes of a declared return type to check results against: those
    /// the parameters bound (not those the caller's type gives).
    pub(super) fn return_check(
        &mut self,
        ret: &SyntaxNode,
        implicit: &[(Option<usize>, usize, Slot)],
    ) -> Lowered<Option<(Rc<Shape>, Rc<TypeNote>)>> {
        let Some(ty) = ret.children().next() else {
            return Ok(None);
        };
        let mut shape = self.shape(&ty, false)?;
        let implicit: Vec<Slot> = implicit.iter().map(|(_, _, slot)| *slot).collect();
        if !keep_checks(&mut shape, &implicit) {
            return Ok(None);
        }
        Ok(Some((Rc::new(shape), self.type_note(&ty))))
    }

    /// Wraps a call whose result is an array (or a tuple of arrays) so
    /// that an empty result gets the row shape its type gives.
    pub(super) fn with_empty_rows(&mut self, call: Expr, ty: Option<&Type>) -> Expr {
        let components: Vec<(Option<usize>, &Type)> = match ty {
            Some(t @ Type::Array { .. }) => vec![(None, t)],
            Some(Type::Record(fields)) => (0..fields.len())
                .filter_map(|i| fields.get(&i.to_string()).map(|t| (Some(i), t)))
                .collect(),
            _ => Vec::new(),
        };
        let mut fixes = Vec::new();
        for (component, t) in components {
            let Type::Array { shape, .. } = t else {
                continue;
            };
            if shape.len() < 2 {
                continue;
            }
            let dims: Option<Vec<Expr>> = shape[1..].iter().map(|s| self.size_expr(s)).collect();
            if let Some(dims) = dims {
                fixes.push((component, dims));
            }
        }
        if fixes.is_empty() {
            return call;
        }
        Expr::EmptyRows(Box::new(call), fixes)
    }
}

/// Whether `node` is the function of an application.
fn is_callee(node: &SyntaxNode) -> bool {
    node.parent().is_some_and(|p| {
        p.kind() == runic_syntax::SyntaxKind::APP_EXPR
            && p.children().find(|c| c.kind().is_expr()).as_ref() == Some(node)
    })
}

/// Drops the checks of `shape` against the `implicit` slots and any
/// binding; whether a check remains.
fn keep_checks(shape: &mut Shape, implicit: &[Slot]) -> bool {
    match shape {
        Shape::Array(dims, elem) => {
            let mut any = false;
            for dim in dims.iter_mut() {
                let keep = match dim {
                    Dim::Check(Expr::Local(slot)) => !implicit.contains(slot),
                    Dim::Check(_) => true,
                    _ => false,
                };
                if !keep {
                    *dim = Dim::Any;
                }
                any |= keep;
            }
            keep_checks(elem, implicit) || any
        }
        Shape::Tuple(items) => {
            let mut any = false;
            for s in items.iter_mut() {
                any |= keep_checks(s, implicit);
            }
            any
        }
        Shape::Record(fields) => {
            let mut any = false;
            for (_, s) in fields.iter_mut() {
                any |= keep_checks(s, implicit);
            }
            any
        }
        Shape::Acc(inner) => keep_checks(inner, implicit),
        Shape::Other => false,
    }
}
