//! Patterns and the run-time part of type annotations: which array
//! dimensions bind size parameters (`[n]` in a parameter) and which must be
//! checked (`:> [n]t`).

use std::rc::Rc;

use runic_syntax::{SyntaxKind, SyntaxNode};
use SyntaxKind::*;

use super::{name_of, nodes, Lowered, Lowerer, Scope, SizedAbbrev};
use crate::ir::{Dim, Expr, Pat, Shape, TypeNote};
use crate::text::parse_scalar;

impl Lowerer<'_> {
    /// Lowers a pattern, binding its names in the current function.
    /// [`Self::pattern_unguarded`] with enough stack for any depth.
    pub(super) fn pattern(&mut self, node: &SyntaxNode) -> Lowered<Pat> {
        runic_syntax::with_stack(|| self.pattern_unguarded(node))
    }

    fn pattern_unguarded(&mut self, node: &SyntaxNode) -> Lowered<Pat> {
        Ok(match node.kind() {
            NAME_PAT => Pat::Bind(self.bind(&name_of(node).unwrap_or_default())),
            WILDCARD_PAT => Pat::Wild,
            PAREN_PAT | ATTR_PAT => match nodes(node).find(|c| c.kind().is_pattern()) {
                Some(inner) => self.pattern(&inner)?,
                None => Pat::Tuple(Vec::new()),
            },
            TUPLE_PAT => {
                let items = nodes(node)
                    .filter(|c| c.kind().is_pattern())
                    .map(|c| self.pattern(&c))
                    .collect::<Lowered<Vec<_>>>()?;
                if items.len() == 1 {
                    items.into_iter().next().expect("one")
                } else {
                    Pat::Tuple(items)
                }
            }
            RECORD_PAT => {
                let mut fields = Vec::new();
                for field in nodes(node).filter(|c| c.kind() == RECORD_PAT_FIELD) {
                    let name = name_of(&field).unwrap_or_default();
                    let pat = match nodes(&field).find(|c| c.kind().is_pattern()) {
                        Some(p) => self.pattern(&p)?,
                        None => Pat::Bind(self.bind(&name)),
                    };
                    fields.push((Rc::from(name.as_str()), pat));
                }
                Pat::Record(fields)
            }
            LITERAL_PAT => self.literal_pattern(node)?,
            CONSTRUCTOR_PAT => {
                let ctor = super::token(node, CONSTRUCTOR)
                    .map(|t| t.text().trim_start_matches('#').to_string())
                    .unwrap_or_default();
                let payload = nodes(node)
                    .filter(|c| c.kind().is_pattern())
                    .map(|c| self.pattern(&c))
                    .collect::<Lowered<Vec<_>>>()?;
                Pat::Ctor(Rc::from(ctor.as_str()), payload)
            }
            TYPED_PAT => {
                let inner = nodes(node).find(|c| c.kind().is_pattern());
                let ty = nodes(node).find(|c| !c.kind().is_pattern());
                let shape = match &ty {
                    Some(t) => self.shape(t, false)?,
                    None => Shape::Other,
                };
                let inner = match inner {
                    Some(p) => self.pattern(&p)?,
                    None => Pat::Wild,
                };
                match (shape, ty) {
                    (Shape::Other, _) | (_, None) => inner,
                    (shape, Some(ty)) => {
                        Pat::Typed(Box::new(inner), Rc::new(shape), self.type_note(&ty))
                    }
                }
            }
            _ => return self.error(node, "unsupported pattern"),
        })
    }

    fn literal_pattern(&mut self, node: &SyntaxNode) -> Lowered<Pat> {
        let negative = super::token(node, OPERATOR).is_some_and(|t| t.text() == "-");
        let Some(lit) = node
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| !t.kind().is_trivia() && t.kind() != OPERATOR)
        else {
            return self.error(node, "empty literal pattern");
        };
        let text = lit.text();
        let prim = match lit.kind() {
            CHAR => char_value(text).map(|c| crate::value::Prim::I32(c as i32)),
            // Unsuffixed integers are read as 64 bits and converted to the
            // scrutinee's type when matching.
            _ => {
                crate::text::parse_scalar_as(text, negative, Some(runic_sema::types::PrimType::I64))
                    .or_else(|| parse_scalar(text, negative))
            }
        };
        match prim {
            Some(p) => Ok(Pat::Lit(p)),
            None => self.error(node, format!("unsupported literal pattern `{text}`")),
        }
    }

    /// The run-time shape of a type annotation. In parameters
    /// (`checking == false`), a dimension naming a not yet bound size
    /// parameter binds it; in coercions every named or computed dimension
    /// is checked.
    pub(super) fn shape(&mut self, ty: &SyntaxNode, checking: bool) -> Lowered<Shape> {
        Ok(match ty.kind() {
            ARRAY_TYPE => {
                let mut dims = Vec::new();
                for dim in nodes(ty).filter(|c| c.kind() == DIM) {
                    dims.push(self.dim(&dim, checking)?);
                }
                let elem = match nodes(ty).find(|c| c.kind() != DIM) {
                    Some(e) => self.shape(&e, checking)?,
                    None => Shape::Other,
                };
                if dims.iter().all(|d| matches!(d, Dim::Any)) && matches!(elem, Shape::Other) {
                    Shape::Other
                } else {
                    Shape::Array(dims, Box::new(elem))
                }
            }
            UNIQUE_TYPE | PAREN_TYPE => match nodes(ty).next() {
                Some(inner) => self.shape(&inner, checking)?,
                None => Shape::Other,
            },
            TUPLE_TYPE => {
                let items = nodes(ty)
                    .map(|c| self.shape(&c, checking))
                    .collect::<Lowered<Vec<_>>>()?;
                if items.iter().all(|s| matches!(s, Shape::Other)) {
                    Shape::Other
                } else {
                    Shape::Tuple(items)
                }
            }
            RECORD_TYPE => {
                let mut fields = Vec::new();
                for field in nodes(ty).filter(|c| c.kind() == RECORD_TYPE_FIELD) {
                    let name = name_of(&field).unwrap_or_default();
                    let shape = match nodes(&field).find(|c| c.kind() != NAME) {
                        Some(t) => self.shape(&t, checking)?,
                        None => Shape::Other,
                    };
                    fields.push((Rc::from(name.as_str()), shape));
                }
                if fields.iter().all(|(_, s)| matches!(s, Shape::Other)) {
                    Shape::Other
                } else {
                    Shape::Record(fields)
                }
            }
            TYPE_APP => self.abbreviation_shape(ty, checking)?,
            PATH_TYPE if ty.text().to_string().contains('.') => {
                self.qualified_abbreviation_shape(ty, checking)?
            }
            _ => Shape::Other,
        })
    }

    /// The shape of `name [a][b]` for an abbreviation with size parameters:
    /// its body's shape with the parameters replaced by the arguments.
    fn abbreviation_shape(&mut self, ty: &SyntaxNode, checking: bool) -> Lowered<Shape> {
        let name = nodes(ty)
            .next()
            .map(|p| p.text().to_string())
            .unwrap_or_default();
        let name = name.trim();
        let abbrev = self.type_abbrev(name);
        let names_acc = match &abbrev {
            Some((abbrev, _)) => abbrev.acc,
            None => name == "intrinsics.acc",
        };
        if names_acc {
            // `intrinsics.acc t`, or an abbreviation of it: `t`'s shape.
            return match nodes(ty).skip(1).find(|c| c.kind() != SIZE_ARG) {
                Some(arg) => Ok(Shape::Acc(Box::new(self.shape(&arg, checking)?))),
                None => Ok(Shape::Other),
            };
        }
        let Some((abbrev, module)) = abbrev else {
            return Ok(Shape::Other);
        };
        let args: Vec<SyntaxNode> = nodes(ty)
            .filter(|c| c.kind() == SIZE_ARG)
            .filter_map(|a| nodes(&a).find(|c| c.kind() == DIM))
            .collect();
        let substitution: Vec<(String, SyntaxNode)> =
            abbrev.params.iter().cloned().zip(args).collect();
        let saved = std::mem::replace(&mut self.size_substitution, substitution);
        let shape = self.expand(&abbrev, module, checking);
        self.size_substitution = saved;
        shape
    }

    /// The shape of an abbreviation's body, in its module's scope; nothing
    /// for one already being expanded.
    fn expand(
        &mut self,
        abbrev: &Rc<SizedAbbrev>,
        module: Option<Rc<Scope>>,
        checking: bool,
    ) -> Lowered<Shape> {
        if self.expanding.iter().any(|a| Rc::ptr_eq(a, abbrev)) {
            return Ok(Shape::Other);
        }
        self.expanding.push(abbrev.clone());
        let shape = self.in_module_scope(module, |l| l.shape(&abbrev.body, checking));
        self.expanding.pop();
        shape
    }

    /// A module's abbreviation without parameters named with its module
    /// (`M.t`): its body's shape, in the module's scope. (Unqualified
    /// names are left alone: a type parameter may hide an abbreviation.)
    fn qualified_abbreviation_shape(&mut self, ty: &SyntaxNode, checking: bool) -> Lowered<Shape> {
        let name = ty.text().to_string();
        match self.type_abbrev(name.trim()) {
            Some((abbrev, Some(module))) if abbrev.params.is_empty() && !abbrev.acc => {
                self.expand(&abbrev, Some(module), checking)
            }
            _ => Ok(Shape::Other),
        }
    }

    /// Runs `f` (the expansion of an abbreviation) with the names of
    /// `module` in scope, keeping the scope of the use for the
    /// abbreviation's arguments.
    fn in_module_scope<T>(
        &mut self,
        module: Option<Rc<Scope>>,
        f: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let outer = self.scope.clone();
        if let Some(module) = module {
            self.scope.extend(&module);
        }
        self.use_scopes.push(outer.clone());
        let result = f(self);
        self.use_scopes.pop();
        self.scope = outer;
        result
    }

    /// The text and place of a type annotation.
    pub(super) fn type_note(&self, ty: &SyntaxNode) -> Rc<TypeNote> {
        Rc::new(TypeNote {
            text: Rc::from(ty.text().to_string().trim()),
            loc: self.loc(ty),
        })
    }

    fn dim(&mut self, dim: &SyntaxNode, checking: bool) -> Lowered<Dim> {
        let Some(size) = nodes(dim).next() else {
            return Ok(Dim::Any);
        };
        if size.kind() == PATH_EXPR {
            let name = size.text().to_string();
            // A size parameter of the abbreviation being expanded: the
            // argument's dimension, in the scope of the use.
            let arg = self
                .size_substitution
                .iter()
                .find(|(p, _)| *p == name)
                .map(|(_, a)| a.clone());
            if let Some(arg) = arg {
                let saved = std::mem::take(&mut self.size_substitution);
                let use_scope = self.use_scopes.last().cloned();
                let inner = use_scope.map(|s| std::mem::replace(&mut self.scope, s));
                let dim = self.dim(&arg, checking);
                if let Some(inner) = inner {
                    self.scope = inner;
                }
                self.size_substitution = saved;
                return dim;
            }
            if let Some(i) = self.unbound_sizes.iter().position(|(n, _)| **n == *name) {
                let (_, slot) = self.unbound_sizes.remove(i);
                return Ok(Dim::Bind(slot));
            }
            // A size bound before (a size parameter or a parameter such as
            // `n: i64`): checked at run time.
            if !checking {
                return Ok(match self.local(name.trim()) {
                    Some(slot) => Dim::Check(Expr::Local(slot)),
                    None => Dim::Any,
                });
            }
        }
        if !checking {
            return Ok(Dim::Any);
        }
        Ok(Dim::Check(sizes_are_i64(self.expr(&size)?)))
    }
}

/// The code point of a character literal such as `'a'` or `'\n'`.
pub(super) fn char_value(text: &str) -> Option<char> {
    let inner = text.strip_prefix('\'')?.strip_suffix('\'')?;
    unescape(inner).and_then(|s| s.chars().next())
}

/// Resolves the escapes of a string or character literal's contents.
pub(super) fn unescape(inner: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next()? {
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            '0' => '\0',
            '\\' => '\\',
            '\'' => '\'',
            '"' => '"',
            'x' => {
                let hex: String = chars.by_ref().take(2).collect();
                char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?
            }
            'u' => {
                let rest: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let hex = rest.trim_start_matches('{');
                char::from_u32(u32::from_str_radix(hex, 16).ok()?)?
            }
            other => other,
        });
    }
    Some(out)
}

/// A size expression with its integer literals made `i64`: sizes are
/// `i64`, and literals inside types have no entry in the type table.
pub(super) fn sizes_are_i64(e: Expr) -> Expr {
    use crate::value::Value;
    match e {
        Expr::Const(Value::Prim(p)) if p.prim_type().is_integral() => {
            Expr::Const(Value::i64(p.as_i64()))
        }
        Expr::BinOp(op, a, b, loc) => Expr::BinOp(
            op,
            Box::new(sizes_are_i64(*a)),
            Box::new(sizes_are_i64(*b)),
            loc,
        ),
        Expr::Neg(a) => Expr::Neg(Box::new(sizes_are_i64(*a))),
        other => other,
    }
}
