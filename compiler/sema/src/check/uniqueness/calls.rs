//! Calls: an argument passed for a unique (`*`) parameter, or for a unique
//! part of a tuple or record parameter, is consumed; the other arguments
//! and what the function value captures flow into the result, unless the
//! result is unique. A result that is not unique is a value of its own
//! ("result of applying f"), which every part of it aliases.

use super::*;
use crate::check::operators::operator_text;

impl Walk<'_, '_> {
    /// `f a b ...`: arguments passed for unique parameters are consumed.
    pub(super) fn application(&mut self, node: &SyntaxNode) -> Aliases {
        let parts: Vec<SyntaxNode> = child_nodes(node).collect();
        let Some((func, args)) = parts.split_first() else {
            return Aliases::new();
        };
        // Futhark evaluates (and consumes) arguments before the function.
        let arg_aliases: Vec<Aliases> = args.iter().rev().map(|a| self.argument(a)).collect();
        let arg_aliases: Vec<Aliases> = arg_aliases.into_iter().rev().collect();
        let func_aliases = self.expr(func);
        let func_ty = self.type_of(func);
        self.call(func, func_aliases, func_ty, args, arg_aliases, node)
    }

    pub(super) fn binary(&mut self, node: &SyntaxNode) -> Aliases {
        let parts: Vec<SyntaxNode> = child_nodes(node).collect();
        let [lhs, op, rhs] = parts.as_slice() else {
            return self.children_union(node);
        };
        match operator_text(op).as_str() {
            "|>" => {
                let arg = self.argument(lhs);
                let func_aliases = self.expr(rhs);
                let ty = self.type_of(rhs);
                self.call(
                    rhs,
                    func_aliases,
                    ty,
                    std::slice::from_ref(lhs),
                    vec![arg],
                    node,
                )
            }
            "<|" => {
                let arg = self.argument(rhs);
                let func_aliases = self.expr(lhs);
                let ty = self.type_of(lhs);
                self.call(
                    lhs,
                    func_aliases,
                    ty,
                    std::slice::from_ref(rhs),
                    vec![arg],
                    node,
                )
            }
            _ => {
                let ty = self.type_of(op);
                let args = [lhs.clone(), rhs.clone()];
                let arg_aliases = args.iter().map(|a| self.argument(a)).collect();
                self.call(op, Aliases::new(), ty, &args, arg_aliases, node)
            }
        }
    }

    fn call(
        &mut self,
        func: &SyntaxNode,
        func_aliases: Aliases,
        func_ty: Option<Type>,
        args: &[SyntaxNode],
        arg_aliases: Vec<Aliases>,
        node: &SyntaxNode,
    ) -> Aliases {
        let mut ty = func_ty;
        // A function value's result may alias what the function captures
        // (the functions inside a top-level value capture nothing).
        let mut result = func_aliases;
        result.retain(|&a| !self.bindings[a].free);
        let local_fresh = self
            .var_id(func)
            .is_some_and(|id| self.bindings[id].fresh_result);
        let mut fresh_result = local_fresh;
        for (i, (arg, aliases)) in args.iter().zip(&arg_aliases).enumerate() {
            let (param, rest) = match ty {
                Some(Type::Arrow {
                    param,
                    ret,
                    unique_ret,
                    ..
                }) => {
                    fresh_result |= unique_ret;
                    (Some(*param), Some(*ret))
                }
                _ => (None, None),
            };
            if let Some(param) = param.filter(has_unique_part) {
                self.check_not_self_aliased(arg);
                let overlapping = arg_aliases
                    .iter()
                    .enumerate()
                    .any(|(j, other)| j != i && !other.is_disjoint(aliases));
                if overlapping {
                    self.checker.report(Diagnostic::error(
                        "self-aliased-argument",
                        arg.text_range(),
                        format!("Argument is consumed, but aliases\n  {}\nwhich is also aliased by other argument.", compact_text(arg)),
                    ));
                }
                let consumed = self.consumed_part(arg, &param, aliases);
                self.consume(
                    &consumed,
                    arg.text_range(),
                    format!(
                        "by argument #{} of \"{}\", a unique parameter",
                        i + 1,
                        callee_name(func)
                    ),
                    self.var_id(arg),
                );
            } else {
                result.extend(aliases.iter().copied());
            }
            ty = rest;
        }
        let applied = !matches!(ty, Some(Type::Arrow { .. }));

        let unique_result = match &ty {
            // A record result is unique where its parts are.
            Some(Type::Record(fields)) if !local_fresh => {
                fields.values().all(|f| f.is_unique() || is_plain(f))
            }
            _ => fresh_result || self.type_of(node).is_some_and(|t| t.is_unique()),
        };
        let plain = self
            .checker
            .expr_types
            .get(&node.text_range())
            .is_some_and(|t| holds_no_array(&self.checker.u, t));
        if applied && !unique_result && !plain {
            let described = Applied {
                func: func.clone(),
                at: node.text_range(),
            };
            let id = self.unnamed(described, Aliases::new(), node.text_range());
            result.insert(id);
        }
        if let Some(Type::Record(fields)) = &ty {
            let parts = fields
                .iter()
                .map(|(name, field)| {
                    let fresh = unique_result || field.is_unique() || is_plain(field);
                    (
                        name.clone(),
                        if fresh {
                            Aliases::new()
                        } else {
                            result.clone()
                        },
                    )
                })
                .collect();
            self.components.insert(node.text_range(), parts);
        }
        if unique_result {
            Aliases::new()
        } else {
            result
        }
    }

    /// What an argument passed for `param` (which has a unique part)
    /// consumes: the parts of a tuple or record argument passed for unique
    /// parts, or all of it.
    fn consumed_part(&self, arg: &SyntaxNode, param: &Type, aliases: &Aliases) -> Aliases {
        let (Type::Record(params), Some(parts)) = (param, self.components.get(&arg.text_range()))
        else {
            return aliases.clone();
        };
        if !params.keys().eq(parts.keys()) {
            return aliases.clone();
        }
        params
            .iter()
            .filter(|(_, t)| has_unique_part(t))
            .flat_map(|(k, _)| parts[k].iter().copied())
            .collect()
    }

    /// An argument: a function-typed one may not consume anything while
    /// it is computed (as in passing `update xs` for a function).
    fn argument(&mut self, arg: &SyntaxNode) -> Aliases {
        let before = self.consumed.len();
        let aliases = self.expr(arg);
        if self.consumed.len() > before {
            self.check_function_argument(arg);
        }
        aliases
    }

    /// An argument for a consuming parameter whose components alias each other.
    fn check_not_self_aliased(&mut self, arg: &SyntaxNode) {
        let Some(parts) = self.components.get(&arg.text_range()).cloned() else {
            return;
        };
        if components_overlap(&parts) {
            self.checker.report(Diagnostic::error(
                "self-aliased-argument",
                arg.text_range(),
                "Argument passed for consuming parameter is self-aliased.",
            ));
        }
    }
}

/// A call whose result is a value of its own, kept to describe it in a
/// message (only then is the text built).
pub(super) struct Applied {
    func: SyntaxNode,
    at: TextRange,
}

impl Applied {
    /// `result of applying "f" (at L:C)` (without the location when not
    /// `located`), or `result of application at L:C`.
    pub(super) fn describe(&self, checker: &Checker<'_>, located: bool) -> String {
        let at = || span_citation(checker.loc(self.at));
        match callee_named(&self.func) {
            Some(name) if located => format!("result of applying \"{name}\" (at {})", at()),
            Some(name) => format!("result of applying \"{name}\""),
            None => format!("result of application at {}", at()),
        }
    }
}

/// Whether a parameter of this type consumes its argument, or part of it.
pub(super) fn has_unique_part(ty: &Type) -> bool {
    match ty {
        Type::Array { unique, .. } | Type::Named { unique, .. } => *unique,
        Type::Record(fields) => fields.values().any(has_unique_part),
        Type::Sum(cs) => cs.values().flatten().any(has_unique_part),
        _ => false,
    }
}

/// The called function as messages name it (only built for a message).
fn callee_name(func: &SyntaxNode) -> String {
    if func.kind() == BIN_OP {
        operator_text(func)
    } else {
        compact_text(func)
    }
}

/// The name of a called function, where it is a variable or operator.
fn callee_named(func: &SyntaxNode) -> Option<String> {
    match func.kind() {
        BIN_OP => Some(operator_text(func)),
        PATH_EXPR => Some(compact_text(func)),
        PAREN_EXPR => callee_named(&child_nodes(func).next()?),
        _ => None,
    }
}

/// Whether values of this (solved) type are made of primitives only.
fn is_plain(ty: &Type) -> bool {
    match ty {
        Type::Prim(_) => true,
        Type::Record(fields) => fields.values().all(is_plain),
        Type::Sum(cs) => cs.values().flatten().all(is_plain),
        _ => false,
    }
}
