//! Size parameters that no argument's value carries and the result's
//! shape does not give either: one only in a function parameter's type
//! (`def f [n] (g: i32 -> [n]i32)`), or only inside a size expression
//! (`def f [n] [m] (xs: [n + m]t)`). The checker's type of a call's callee
//! has them solved: each call passes them, read off that type at the place
//! where the definition's own type names them.

use runic_sema::types::{Size, Type};
use runic_syntax::{SyntaxKind::NAME, SyntaxNode};

use super::{GlobalDef, Lowerer};
use crate::ir::{Expr, GlobalId, Slot};

/// One step from a type into a part of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TypeStep {
    Field(String),
    Param,
    Ret,
    Elem,
    /// A dimension of an array (outermost first).
    Dim(usize),
    /// An operand of an arithmetic size (`n + m`), with the operator.
    Left(String),
    Right(String),
}

/// Where each of `names` first occurs in `ty` as a size, preferring places
/// outside arithmetic.
fn size_paths(ty: &Type, names: &[&str]) -> Vec<(String, Vec<TypeStep>)> {
    let mut all = Vec::new();
    collect_type(ty, &mut Vec::new(), &mut all);
    let depth = |p: &[TypeStep]| {
        p.iter()
            .filter(|s| matches!(s, TypeStep::Left(_) | TypeStep::Right(_)))
            .count()
    };
    names
        .iter()
        .filter_map(|n| {
            all.iter()
                .filter(|(m, _)| m == n)
                .min_by_key(|(_, p)| depth(p))
                .cloned()
        })
        .collect()
}

fn collect_type(ty: &Type, path: &mut Vec<TypeStep>, out: &mut Vec<(String, Vec<TypeStep>)>) {
    let parts: Vec<(TypeStep, &Type)> = match ty {
        Type::Array { elem, shape, .. } => {
            for (d, size) in shape.iter().enumerate() {
                path.push(TypeStep::Dim(d));
                collect_size(size, path, out);
                path.pop();
            }
            vec![(TypeStep::Elem, &**elem)]
        }
        Type::Record(fields) => fields
            .iter()
            .map(|(name, t)| (TypeStep::Field(name.clone()), t))
            .collect(),
        Type::Arrow { param, ret, .. } => {
            vec![(TypeStep::Param, &**param), (TypeStep::Ret, &**ret)]
        }
        _ => Vec::new(),
    };
    for (step, t) in parts {
        path.push(step);
        collect_type(t, path, out);
        path.pop();
    }
}

fn collect_size(size: &Size, path: &mut Vec<TypeStep>, out: &mut Vec<(String, Vec<TypeStep>)>) {
    match size {
        Size::Named(n) => out.push((n.clone(), path.clone())),
        Size::Op(op, a, b) => {
            path.push(TypeStep::Left(op.clone()));
            collect_size(a, path, out);
            path.pop();
            path.push(TypeStep::Right(op.clone()));
            collect_size(b, path, out);
            path.pop();
        }
        _ => {}
    }
}

/// The size at `path` in `ty`, if `ty` has that structure.
fn size_at(ty: &Type, path: &[TypeStep]) -> Option<Size> {
    let (first, rest) = path.split_first()?;
    match (first, ty) {
        (TypeStep::Field(f), Type::Record(fields)) => size_at(fields.get(f)?, rest),
        (TypeStep::Param, Type::Arrow { param, .. }) => size_at(param, rest),
        (TypeStep::Ret, Type::Arrow { ret, .. }) => size_at(ret, rest),
        (TypeStep::Elem, Type::Array { elem, .. }) => size_at(elem, rest),
        (TypeStep::Dim(d), Type::Array { shape, .. }) => operand_at(shape.get(*d)?, rest),
        _ => None,
    }
}

fn operand_at(size: &Size, path: &[TypeStep]) -> Option<Size> {
    match (path.split_first(), size) {
        (None, s) => Some(s.clone()),
        (Some((TypeStep::Left(op), rest)), Size::Op(o, a, _)) if op == o => operand_at(a, rest),
        (Some((TypeStep::Right(op), rest)), Size::Op(o, _, b)) if op == o => operand_at(b, rest),
        _ => None,
    }
}

impl Lowerer<'_> {
    /// The size parameters still unbound in the function `body` belongs
    /// to, each with where the definition's type names it.
    pub(super) fn type_sizes(&mut self, body: &SyntaxNode) -> Vec<(Vec<TypeStep>, Slot)> {
        if self.unbound_sizes.is_empty() {
            return Vec::new();
        }
        let Some(def) = body.parent() else {
            return Vec::new();
        };
        let Some(name) = def.children().find(|c| c.kind() == NAME) else {
            return Vec::new();
        };
        let Some(ty) = self.file.types.get(&name.text_range()).cloned() else {
            return Vec::new();
        };
        let names: Vec<&str> = self.unbound_sizes.iter().map(|(n, _)| &**n).collect();
        let paths = size_paths(&ty, &names);
        let mut found = Vec::new();
        for (name, path) in paths {
            if let Some(i) = self.unbound_sizes.iter().position(|(n, _)| **n == *name) {
                let (_, slot) = self.unbound_sizes.remove(i);
                found.push((path, slot));
            }
        }
        found
    }

    /// The sizes a call of global `g` with `arity` arguments passes that
    /// only the callee's type (`callee`, as the checker solved it at this
    /// use) gives.
    pub(super) fn type_size_args(
        &mut self,
        g: GlobalId,
        arity: usize,
        callee: &Type,
    ) -> Vec<(Slot, Expr)> {
        let paths = match &self.globals[g as usize] {
            GlobalDef::Func(f) if f.params.len() == arity => f.type_sizes.clone(),
            _ => return Vec::new(),
        };
        paths
            .iter()
            .filter_map(|(path, slot)| {
                let size = size_at(callee, path)?;
                Some((*slot, self.size_expr(&size)?))
            })
            .collect()
    }
}
