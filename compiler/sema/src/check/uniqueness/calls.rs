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
        let mut arg_aliases: Vec<Aliases> = args.iter().rev().map(|a| self.argument(a)).collect();
        arg_aliases.reverse();
        let func_aliases = self.expr(func);
        self.call(func, func_aliases, args, arg_aliases, node)
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
                self.call(
                    rhs,
                    func_aliases,
                    std::slice::from_ref(lhs),
                    vec![arg],
                    node,
                )
            }
            "<|" => {
                let arg = self.argument(rhs);
                let func_aliases = self.expr(lhs);
                self.call(
                    lhs,
                    func_aliases,
                    std::slice::from_ref(rhs),
                    vec![arg],
                    node,
                )
            }
            _ => {
                let args = [lhs.clone(), rhs.clone()];
                let arg_aliases = args.iter().map(|a| self.argument(a)).collect();
                self.call(op, Aliases::new(), &args, arg_aliases, node)
            }
        }
    }

    /// The call `node` of `func` (whose recorded type is the function's)
    /// to `args`.
    fn call(
        &mut self,
        func: &SyntaxNode,
        func_aliases: Aliases,
        args: &[SyntaxNode],
        arg_aliases: Vec<Aliases>,
        node: &SyntaxNode,
    ) -> Aliases {
        let shape = self.call_shape(func, args.len());
        // A function value's result may alias what the function captures
        // (the functions inside a top-level value capture nothing).
        let mut result = func_aliases;
        result.retain(|&a| !self.bindings[a].free);
        let local_fresh = self
            .var_id(func)
            .is_some_and(|id| self.bindings[id].fresh_result);
        let fresh_result = local_fresh || shape.unique_ret;
        for (i, ((arg, aliases), param)) in args
            .iter()
            .zip(&arg_aliases)
            .zip(&shape.consuming)
            .enumerate()
        {
            if let Some(param) = param {
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
                let consumed = self.consumed_part(arg, param, aliases);
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
        }
        let unique_result = match &shape.record {
            // A record result is unique where its parts are.
            Some(fields) if !local_fresh => fields.iter().all(|(_, fresh)| *fresh),
            _ => {
                fresh_result
                    || self
                        .checker
                        .expr_types
                        .get(&node.text_range())
                        .is_some_and(|t| is_unique_in(&self.checker.u, t))
            }
        };
        let plain = self
            .checker
            .expr_types
            .get(&node.text_range())
            .is_some_and(|t| holds_no_array(&self.checker.u, t));
        if shape.applied && !unique_result && !plain {
            let described = Applied {
                func: func.clone(),
                at: node.text_range(),
            };
            let id = self.unnamed(described, Aliases::new(), node.text_range());
            result.insert(id);
        }
        if let Some(fields) = &shape.record {
            let parts = fields
                .iter()
                .map(|(name, field_fresh)| {
                    let fresh = unique_result || *field_fresh;
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

    /// What the call of `func` to `args` arguments needs of the
    /// function's type, read through the unifier's bindings: only the
    /// parameters that consume are copied out, solved.
    fn call_shape(&self, func: &SyntaxNode, args: usize) -> Shape {
        let u = &self.checker.u;
        let mut ty = self
            .checker
            .expr_types
            .get(&func.text_range())
            .map(|t| u.shallow_ref(t));
        let mut shape = Shape {
            consuming: Vec::with_capacity(args),
            unique_ret: false,
            applied: true,
            record: None,
        };
        for _ in 0..args {
            match ty {
                Some(Type::Arrow {
                    param,
                    ret,
                    unique_ret,
                    ..
                }) => {
                    shape.unique_ret |= unique_ret;
                    let consuming = has_unique_part(u, param).then(|| u.resolve(param));
                    shape.consuming.push(consuming);
                    ty = Some(u.shallow_ref(ret));
                }
                _ => {
                    shape.consuming.push(None);
                    ty = None;
                }
            }
        }
        shape.applied = !matches!(ty, Some(Type::Arrow { .. }));
        if let Some(Type::Record(fields)) = ty {
            let fresh = |t: &Type| is_unique_in(u, t) || holds_no_array(u, t);
            shape.record = Some(fields.iter().map(|(k, t)| (k.clone(), fresh(t))).collect());
        }
        shape
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
            .filter(|(_, t)| has_unique_part(&self.checker.u, t))
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

/// What a call needs of the called function's type.
struct Shape {
    /// For each argument, the (solved) type of its parameter if that has a
    /// unique part (the argument is consumed), else `None`.
    consuming: Vec<Option<Type>>,
    /// Whether an arrow the arguments apply has a unique result.
    unique_ret: bool,
    /// Whether the call is complete (its result is no function).
    applied: bool,
    /// For a record result: each field's name and whether it is fresh
    /// (unique, or made of primitives only).
    record: Option<Vec<(String, bool)>>,
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

/// Whether a parameter of this type consumes its argument, or part of it
/// (the unifier's bindings followed).
pub(super) fn has_unique_part(u: &crate::unify::Unifier, ty: &Type) -> bool {
    match u.shallow_ref(ty) {
        Type::Array { unique, .. } | Type::Named { unique, .. } => *unique,
        Type::Record(fields) => fields.values().any(|t| has_unique_part(u, t)),
        Type::Sum(cs) => cs.values().flatten().any(|t| has_unique_part(u, t)),
        _ => false,
    }
}

/// [`Type::is_unique`], the unifier's bindings followed.
fn is_unique_in(u: &crate::unify::Unifier, ty: &Type) -> bool {
    match u.shallow_ref(ty) {
        Type::Array { unique, .. } | Type::Named { unique, .. } => *unique,
        Type::Record(fields) => fields.values().any(|t| is_unique_in(u, t)),
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
