//! What a function returns: a unique (`*`) result, or unique part of a
//! tuple or record result, may alias neither a parameter the function
//! does not own nor another part of the result; no result may alias a
//! top-level value. A definition without a declared return type gets the
//! uniqueness Futhark infers: a part of the result is unique if it aliases
//! only consumed parameters, and no other part. Also: the uniqueness that
//! the annotations inside a parameter pattern declare, for the function's
//! type, and the rule that expressions in parameter types consume nothing.

use super::*;

/// The uniqueness inferred for a definition's result: as a whole, and
/// part by part for a tuple or record.
pub(in crate::check) struct Inferred {
    pub(super) whole: bool,
    parts: Option<BTreeMap<String, bool>>,
}

impl Walk<'_, '_> {
    /// Expressions in the types of parameter `param` (sizes such as
    /// `[f xs]`) may not consume anything, the parameters included.
    pub(super) fn param_type_exprs(&mut self, param: &SyntaxNode) {
        if !crate::check::green::contains_kind(param, DIM) {
            return;
        }
        let dims: Vec<SyntaxNode> = param.descendants().filter(|n| n.kind() == DIM).collect();
        self.level += 1;
        for dim in dims {
            for e in child_nodes(&dim).filter(crate::check::decls::is_expr) {
                self.expr(&e);
            }
        }
        self.level -= 1;
    }

    /// The rules on a function's result (`result`, what `body` aliases).
    pub(super) fn check_function_result(
        &mut self,
        body: &SyntaxNode,
        result: &Aliases,
        ret_type: Option<&SyntaxNode>,
        params: &[SyntaxNode],
        param_ids: &[usize],
    ) {
        if let Some(ret) = ret_type {
            self.check_return_aliases(body, result, ret, param_ids);
        }
        if !params.is_empty() {
            self.check_result_not_free(body, result);
        }
    }

    /// Unique parts of the result alias no other part, and no parameter
    /// the function may not consume.
    fn check_return_aliases(
        &mut self,
        body: &SyntaxNode,
        result: &Aliases,
        ret: &SyntaxNode,
        param_ids: &[usize],
    ) {
        let tail = Self::tail_expr(body);
        let declared = type_parts(ret);
        let parts: Vec<(bool, Aliases)> = match (&declared, self.components.get(&tail.text_range()))
        {
            (Some(declared), Some(fields)) if declared.keys().eq(fields.keys()) => declared
                .iter()
                .map(|(k, unique)| (*unique, fields[k].clone()))
                .collect(),
            (Some(declared), _) if declared.values().any(|u| *u) && !is_unique_type(ret) => {
                return;
            }
            _ => vec![(is_unique_type(ret), result.clone())],
        };
        let mut seen_unique = Aliases::new();
        let mut seen = Aliases::new();
        let mut overlap = false;
        for (unique, aliases) in &parts {
            if *unique {
                overlap |= !aliases.is_disjoint(&seen);
                self.check_unique_result(body, aliases, param_ids);
                seen_unique.extend(aliases.iter().copied());
            } else {
                overlap |= !aliases.is_disjoint(&seen_unique);
            }
            seen.extend(aliases.iter().copied());
        }
        if overlap {
            self.checker.report(Diagnostic::error(
                "unique-components-alias",
                tail.text_range(),
                "A unique-typed component of the return value is aliased to some other component.",
            ));
        }
    }

    /// A function's result may not alias a top-level value.
    fn check_result_not_free(&mut self, body: &SyntaxNode, result: &Aliases) {
        for &id in result {
            let b = &self.bindings[id];
            if b.free {
                let message = format!(
                    "Function result aliases the free variable \"{}\".\nUse \"copy\" to break the aliasing.",
                    b.name
                );
                self.checker.report(
                    Diagnostic::error("result-aliases-free-variable", body.text_range(), message)
                        .with_related(b.bound_at, format!("\"{}\" used here", b.name)),
                );
            }
        }
    }

    /// A unique result may not alias a parameter the definition does not own.
    fn check_unique_result(&mut self, body: &SyntaxNode, result: &Aliases, params: &[usize]) {
        for &id in result.iter().filter(|id| params.contains(id)) {
            let b = &self.bindings[id];
            if b.owned {
                continue;
            }
            let diagnostic = Diagnostic::error(
                "unique-result-aliases-parameter",
                body.text_range(),
                format!(
                    "Unique-typed return value is aliased to \"{}\", which is not consumable.",
                    b.name
                ),
            )
            .with_related(
                b.bound_at,
                format!("\"{}\" is not consumable: {}", b.name, b.not_owned_because),
            );
            self.checker.report(diagnostic);
        }
    }

    /// The uniqueness of a result with no declared type (`result`, what
    /// `body` aliases): a part is unique if the variables in scope that it
    /// aliases are all consumed parameters, and it shares no alias with
    /// another part.
    pub(super) fn infer_unique_result(
        &self,
        body: &SyntaxNode,
        result: &Aliases,
        param_ids: &[usize],
    ) -> Inferred {
        let unique = |aliases: &Aliases, forbidden: &Aliases| {
            aliases.iter().all(|&a| {
                let b = &self.bindings[a];
                let in_scope = b.live && b.described.is_none();
                (!in_scope || (param_ids.contains(&a) && b.owned)) && !forbidden.contains(&a)
            })
        };
        let tail = Self::tail_expr(body);
        match self.components.get(&tail.text_range()) {
            Some(fields) => {
                let mut once = Aliases::new();
                let mut forbidden = Aliases::new();
                for &a in fields.values().flatten() {
                    if !once.insert(a) {
                        forbidden.insert(a);
                    }
                }
                let parts: BTreeMap<String, bool> = fields
                    .iter()
                    .map(|(k, aliases)| (k.clone(), unique(aliases, &forbidden)))
                    .collect();
                Inferred {
                    whole: parts.values().all(|u| *u),
                    parts: Some(parts),
                }
            }
            None => Inferred {
                whole: unique(result, &Aliases::new()),
                parts: None,
            },
        }
    }
}

/// The type of a function with `params` parameters, its result made as
/// unique as `inferred` says.
pub(in crate::check) fn apply_inferred(ty: &Type, params: usize, inferred: &Inferred) -> Type {
    match ty {
        Type::Arrow {
            param_name,
            param,
            ret,
            unique_ret,
        } if params > 0 => {
            let (ret, unique_ret) = if params == 1 {
                let ret = match (&**ret, &inferred.parts) {
                    (Type::Record(fields), Some(parts)) => Type::Record(
                        fields
                            .iter()
                            .map(|(k, t)| {
                                let unique = parts.get(k).copied().unwrap_or(false);
                                (k.clone(), set_uniqueness(t, unique))
                            })
                            .collect(),
                    ),
                    (ret, _) => set_uniqueness(ret, inferred.whole),
                };
                // Only what may hold an array has a uniqueness.
                let whole =
                    inferred.whole && matches!(ret, Type::Array { .. } | Type::Named { .. });
                (ret, whole)
            } else {
                (apply_inferred(ret, params - 1, inferred), *unique_ret)
            };
            Type::Arrow {
                param_name: param_name.clone(),
                param: param.clone(),
                ret: Box::new(ret),
                unique_ret,
            }
        }
        other => other.clone(),
    }
}

/// The type of parameter `pattern` with the uniqueness its annotations
/// declare, on the parts they annotate (`(a: *[]i32, n: i64)`).
pub(in crate::check) fn with_declared_uniqueness(pattern: &SyntaxNode, ty: Type) -> Type {
    match (pattern.kind(), ty) {
        (PAREN_PAT, ty) => match child_nodes(pattern).next() {
            Some(inner) => with_declared_uniqueness(&inner, ty),
            None => ty,
        },
        (TYPED_PAT, ty) => match child_nodes(pattern).nth(1) {
            Some(annotation) => annotated_uniqueness(&annotation, ty),
            None => ty,
        },
        (TUPLE_PAT, Type::Record(mut fields)) => {
            for (i, part) in child_nodes(pattern)
                .filter(|c| c.kind().is_pattern())
                .enumerate()
            {
                if let Some(t) = fields.remove(&i.to_string()) {
                    fields.insert(i.to_string(), with_declared_uniqueness(&part, t));
                }
            }
            Type::Record(fields)
        }
        (RECORD_PAT, Type::Record(mut fields)) => {
            for field in child_nodes(pattern).filter(|c| c.kind() == RECORD_PAT_FIELD) {
                let Some(label) = child_nodes(&field).find(|c| c.kind() == NAME) else {
                    continue;
                };
                let Some(t) = fields.remove(&name_text(&label)) else {
                    continue;
                };
                let t = match child_nodes(&field).find(|c| c.kind() != NAME) {
                    Some(p) if p.kind().is_pattern() => with_declared_uniqueness(&p, t),
                    Some(annotation) => annotated_uniqueness(&annotation, t),
                    None => t,
                };
                fields.insert(name_text(&label), t);
            }
            Type::Record(fields)
        }
        (_, ty) => ty,
    }
}

/// `ty` with the uniqueness that the type expression `annotation` declares.
fn annotated_uniqueness(annotation: &SyntaxNode, ty: Type) -> Type {
    match (annotation.kind(), ty) {
        (UNIQUE_TYPE, ty) => set_uniqueness(&ty, true),
        (PAREN_TYPE, ty) => match child_nodes(annotation).next() {
            Some(inner) => annotated_uniqueness(&inner, ty),
            None => ty,
        },
        (TUPLE_TYPE, Type::Record(mut fields)) => {
            for (i, part) in child_nodes(annotation).enumerate() {
                if let Some(t) = fields.remove(&i.to_string()) {
                    fields.insert(i.to_string(), annotated_uniqueness(&part, t));
                }
            }
            Type::Record(fields)
        }
        (RECORD_TYPE, Type::Record(mut fields)) => {
            for field in child_nodes(annotation).filter(|c| c.kind() == RECORD_TYPE_FIELD) {
                let (Some(label), Some(part)) = (
                    child_nodes(&field).find(|c| c.kind() == NAME),
                    child_nodes(&field).find(|c| c.kind() != NAME),
                ) else {
                    continue;
                };
                if let Some(t) = fields.remove(&name_text(&label)) {
                    fields.insert(name_text(&label), annotated_uniqueness(&part, t));
                }
            }
            Type::Record(fields)
        }
        (_, ty) => ty,
    }
}

/// `ty` made unique or not, through tuples, records and the payloads of
/// sums.
fn set_uniqueness(ty: &Type, unique: bool) -> Type {
    match ty {
        Type::Record(fields) => Type::Record(
            fields
                .iter()
                .map(|(k, t)| (k.clone(), set_uniqueness(t, unique)))
                .collect(),
        ),
        Type::Sum(cs) => Type::Sum(
            cs.iter()
                .map(|(k, ts)| {
                    let ts = ts.iter().map(|t| set_uniqueness(t, unique)).collect();
                    (k.clone(), ts)
                })
                .collect(),
        ),
        other => other.clone().with_uniqueness(unique),
    }
}

/// The uniqueness of each part of a tuple or record type expression.
fn type_parts(ty: &SyntaxNode) -> Option<BTreeMap<String, bool>> {
    match ty.kind() {
        PAREN_TYPE => type_parts(&child_nodes(ty).next()?),
        TUPLE_TYPE => Some(
            child_nodes(ty)
                .enumerate()
                .map(|(i, t)| (i.to_string(), is_unique_type(&t)))
                .collect(),
        ),
        RECORD_TYPE => Some(
            child_nodes(ty)
                .filter(|f| f.kind() == RECORD_TYPE_FIELD)
                .filter_map(|f| {
                    let label = child_nodes(&f).find(|c| c.kind() == NAME)?;
                    let part = child_nodes(&f).find(|c| c.kind() != NAME)?;
                    Some((name_text(&label), is_unique_type(&part)))
                })
                .collect(),
        ),
        _ => None,
    }
}
