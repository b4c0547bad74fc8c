//! `match` exhaustiveness and irrefutable `let` patterns: patterns reduced
//! to constructors, tuples and wildcards, and a search for a value no row
//! matches.

use std::collections::BTreeMap;

use runic_syntax::{SyntaxKind::*, SyntaxNode};

use super::decls::is_pattern;
use super::{child_nodes, name_text, token_of_kind, Checker};
use crate::diagnostic::Diagnostic;
use crate::types::Type;

impl Checker<'_> {
    /// A `let` pattern must match every value: "Refutable pattern not allowed here."
    pub(super) fn check_irrefutable(&mut self, pattern: &SyntaxNode, ty: &Type) {
        let ty = self.u.resolve(ty);
        let rows = vec![vec![Pat::from_syntax(pattern, &ty)]];
        if find_unmatched(&rows, &[ty]).is_some() {
            self.error(
                "refutable-pattern",
                pattern.text_range(),
                "Refutable pattern not allowed here.",
            );
        }
    }

    /// Reports the constructors (or values) a `match` does not cover.
    pub fn check_exhaustive(
        &mut self,
        node: &SyntaxNode,
        scrutinee: &Type,
        patterns: &[SyntaxNode],
    ) {
        let ty = match self.u.resolve(scrutinee) {
            // Only the constructors used are known: they make up the type.
            Type::Var(v) => match self.u.constraint(v) {
                crate::unify::Constraint::HasConstructors(cs) => Type::Sum(cs.clone()),
                _ => Type::Var(v),
            },
            other => other,
        };
        let rows: Vec<Vec<Pat>> = patterns
            .iter()
            .map(|p| vec![Pat::from_syntax(p, &ty)])
            .collect();
        if let Some(missing) = find_unmatched(&rows, &[ty]) {
            self.report(Diagnostic::error(
                "non-exhaustive",
                node.text_range(),
                format!(
                    "Unmatched cases in match expression:\n  {}",
                    missing.join(" ")
                ),
            ));
        }
    }
}

/// A pattern reduced to what exhaustiveness needs.
#[derive(Debug, Clone)]
enum Pat {
    Wild,
    /// A constructor (sum constructor, `true`/`false`) or any other literal.
    Ctor(String, Vec<Pat>),
    /// Tuples and records, fields in the type's order.
    Tuple(Vec<Pat>),
}

impl Pat {
    fn from_syntax(node: &SyntaxNode, ty: &Type) -> Pat {
        match node.kind() {
            NAME_PAT | WILDCARD_PAT => Pat::Wild,
            PAREN_PAT | ATTR_PAT => child_nodes(node)
                .find(is_pattern)
                .map_or(Pat::Wild, |p| Pat::from_syntax(&p, ty)),
            TYPED_PAT => child_nodes(node)
                .next()
                .map_or(Pat::Wild, |p| Pat::from_syntax(&p, ty)),
            LITERAL_PAT => Pat::Ctor(node.text().to_string(), Vec::new()),
            CONSTRUCTOR_PAT => {
                let name = token_of_kind(node, CONSTRUCTOR)
                    .map(|t| t.text().trim_start_matches('#').to_string())
                    .unwrap_or_default();
                let payload = match ty {
                    Type::Sum(cs) => cs.get(&name).cloned().unwrap_or_default(),
                    _ => Vec::new(),
                };
                let args = child_nodes(node)
                    .enumerate()
                    .map(|(i, a)| Pat::from_syntax(&a, payload.get(i).unwrap_or(&Type::unit())))
                    .collect();
                Pat::Ctor(name, args)
            }
            TUPLE_PAT => {
                let elems: Vec<SyntaxNode> = child_nodes(node).collect();
                let field_tys: Vec<Type> = match ty {
                    Type::Record(fields) => fields.values().cloned().collect(),
                    _ => Vec::new(),
                };
                Pat::Tuple(
                    elems
                        .iter()
                        .enumerate()
                        .map(|(i, e)| {
                            Pat::from_syntax(e, field_tys.get(i).unwrap_or(&Type::unit()))
                        })
                        .collect(),
                )
            }
            RECORD_PAT => {
                let Type::Record(fields) = ty else {
                    return Pat::Wild;
                };
                let mut given: BTreeMap<String, Pat> = BTreeMap::new();
                for field in child_nodes(node).filter(|c| c.kind() == RECORD_PAT_FIELD) {
                    let parts: Vec<SyntaxNode> = child_nodes(&field).collect();
                    let Some(name) = parts.first().map(name_text) else {
                        continue;
                    };
                    let field_ty = fields.get(&name).cloned().unwrap_or_else(Type::unit);
                    let pat = parts
                        .get(1)
                        .filter(|p| is_pattern(p))
                        .map_or(Pat::Wild, |p| Pat::from_syntax(p, &field_ty));
                    given.insert(name, pat);
                }
                Pat::Tuple(
                    fields
                        .keys()
                        .map(|k| given.remove(k).unwrap_or(Pat::Wild))
                        .collect(),
                )
            }
            _ => Pat::Wild,
        }
    }
}

/// The constructors of a type, with payload types, if it is finite.
fn constructors(ty: &Type) -> Option<Vec<(String, Vec<Type>)>> {
    match ty {
        Type::Sum(cs) => Some(cs.iter().map(|(k, v)| (k.clone(), v.clone())).collect()),
        Type::Prim(crate::types::PrimType::Bool) => Some(vec![
            ("false".into(), Vec::new()),
            ("true".into(), Vec::new()),
        ]),
        _ => None,
    }
}

/// A value shape no row matches (as text), or `None` if the rows cover all.
fn find_unmatched(rows: &[Vec<Pat>], types: &[Type]) -> Option<Vec<String>> {
    let Some((ty, rest_tys)) = types.split_first() else {
        return if rows.is_empty() {
            Some(Vec::new())
        } else {
            None
        };
    };
    if let Type::Record(fields) = ty {
        let field_tys: Vec<Type> = fields.values().cloned().collect();
        let expanded: Vec<Vec<Pat>> = rows
            .iter()
            .map(|row| {
                let head = match &row[0] {
                    Pat::Tuple(ps) if ps.len() == field_tys.len() => ps.clone(),
                    _ => vec![Pat::Wild; field_tys.len()],
                };
                head.into_iter().chain(row[1..].iter().cloned()).collect()
            })
            .collect();
        let all: Vec<Type> = field_tys
            .iter()
            .cloned()
            .chain(rest_tys.iter().cloned())
            .collect();
        return find_unmatched(&expanded, &all).map(|mut missing| {
            let n = field_tys.len().min(missing.len());
            let inner: Vec<String> = missing.drain(..n).collect();
            let mut out = vec![format!("({})", inner.join(", "))];
            out.extend(missing);
            out
        });
    }
    match constructors(ty) {
        Some(ctors) => {
            for (name, payload) in ctors {
                let specialised: Vec<Vec<Pat>> = rows
                    .iter()
                    .filter_map(|row| match &row[0] {
                        // A pattern with the wrong number of arguments was
                        // reported already; pad or cut it to the type's arity.
                        Pat::Ctor(c, args) if *c == name => Some(
                            args.iter()
                                .cloned()
                                .chain(std::iter::repeat(Pat::Wild))
                                .take(payload.len())
                                .chain(row[1..].iter().cloned())
                                .collect(),
                        ),
                        Pat::Wild => Some(
                            vec![Pat::Wild; payload.len()]
                                .into_iter()
                                .chain(row[1..].iter().cloned())
                                .collect(),
                        ),
                        _ => None,
                    })
                    .collect();
                let all: Vec<Type> = payload
                    .iter()
                    .cloned()
                    .chain(rest_tys.iter().cloned())
                    .collect();
                if let Some(mut missing) = find_unmatched(&specialised, &all) {
                    let args: Vec<String> =
                        missing.drain(..payload.len().min(missing.len())).collect();
                    let shown = if matches!(ty, Type::Sum(_)) {
                        std::iter::once(format!("#{name}"))
                            .chain(args)
                            .collect::<Vec<_>>()
                            .join(" ")
                    } else {
                        name.clone()
                    };
                    let mut out = vec![if payload.is_empty() {
                        shown
                    } else {
                        format!("({shown})")
                    }];
                    out.extend(missing);
                    return Some(out);
                }
            }
            None
        }
        None => {
            let defaults: Vec<Vec<Pat>> = rows
                .iter()
                .filter(|row| matches!(row[0], Pat::Wild))
                .map(|row| row[1..].to_vec())
                .collect();
            find_unmatched(&defaults, rest_tys).map(|mut missing| {
                missing.insert(0, "_".to_string());
                missing
            })
        }
    }
}
