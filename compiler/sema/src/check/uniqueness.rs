//! Uniqueness and aliasing (seed 000, section 3): in-place updates and
//! unique (`*`) parameters consume arrays; a consumed array, or anything
//! aliasing it, may not be used again; only what the definition owns may be
//! consumed; a unique result may not alias a non-unique parameter.
//!
//! Runs on a top-level definition once its types are solved, walking the
//! syntax with the types the checker recorded for each expression. Every
//! binding gets an id; an expression's value is described by the set of ids
//! it may alias. Each diagnostic tells the whole story in related
//! locations: where the array was consumed and by what, which binding made
//! the used name an alias of the consumed one, and where it is used again.

use std::collections::BTreeSet;

use rustc_hash::FxHashMap as HashMap;

use runic_syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use super::exprs::compact_text;
use super::operators::operator_text;
use super::{child_nodes, name_text, path_segments, Checker};
use crate::diagnostic::{span_citation, Diagnostic};
use crate::types::Type;

mod higher_order;
mod loops;

type Aliases = BTreeSet<usize>;

/// One binding: a parameter, a `let`, loop or pattern variable.
struct Binding {
    name: String,
    /// The ids this binding's value may alias (its own included).
    aliases: Aliases,
    /// Whether the definition owns the value: a unique parameter, or a
    /// binding whose every alias is owned.
    owned: bool,
    /// How deep in lambdas and loop bodies it was bound.
    level: usize,
    bound_at: TextRange,
    /// Why it is not owned, for messages.
    not_owned_because: &'static str,
    /// A top-level value the definition refers to.
    free: bool,
}

/// Where and how an id was consumed.
#[derive(Clone)]
struct Consumption {
    at: TextRange,
    how: String,
    /// The variable written at the consumption, if it was one.
    via: Option<usize>,
}

struct Walk<'c, 'a> {
    checker: &'c mut Checker<'a>,
    bindings: Vec<Binding>,
    scopes: Vec<HashMap<String, usize>>,
    consumed: HashMap<usize, Consumption>,
    level: usize,
    /// Uses already reported, so one consumption is not reported per use.
    reported: BTreeSet<usize>,
    /// For calls returning tuples: what each component may alias (unique
    /// components are fresh), by the call's range.
    components: HashMap<TextRange, Vec<Aliases>>,
}

impl Checker<'_> {
    /// Checks the uniqueness rules on the definition `node` (a `VALUE_DECL`).
    pub(super) fn check_uniqueness(&mut self, node: &SyntaxNode) {
        let mut walk = Walk {
            checker: self,
            bindings: Vec::new(),
            scopes: vec![HashMap::default()],
            consumed: HashMap::default(),
            level: 0,
            reported: BTreeSet::new(),
            components: HashMap::default(),
        };
        let params: Vec<SyntaxNode> = child_nodes(node).filter(super::decls::is_pattern).collect();
        let mut param_ids = Vec::new();
        for param in &params {
            param_ids.extend(walk.bind_param(param));
        }
        let Some(body) = child_nodes(node).find(super::decls::is_expr) else {
            return;
        };
        let result = walk.expr(&body);
        let unique_result = child_nodes(node)
            .find(|c| c.kind() == RET_TYPE)
            .and_then(|r| child_nodes(&r).next())
            .is_some_and(|t| t.kind() == UNIQUE_TYPE);
        if unique_result {
            walk.check_unique_result(&body, &result, &param_ids);
        }
        let ret_type = child_nodes(node)
            .find(|c| c.kind() == RET_TYPE)
            .and_then(|r| child_nodes(&r).next());
        if ret_type.as_ref().is_some_and(|t| {
            t.kind() == TUPLE_TYPE && child_nodes(t).any(|c| c.kind() == UNIQUE_TYPE)
        }) {
            walk.check_unique_components(&body);
        }
        if !params.is_empty() {
            walk.check_result_not_free(&body, &result);
        }
    }
}

impl Walk<'_, '_> {
    fn lookup(&self, name: &str) -> Option<usize> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }

    fn bind(
        &mut self,
        name: String,
        aliases: Aliases,
        owned: bool,
        at: TextRange,
        because: &'static str,
    ) -> usize {
        let id = self.bindings.len();
        let mut all = aliases;
        all.insert(id);
        self.bindings.push(Binding {
            free: false,
            name: name.clone(),
            aliases: all,
            owned,
            level: self.level,
            bound_at: at,
            not_owned_because: because,
        });
        self.scopes.last_mut().expect("a scope").insert(name, id);
        id
    }

    /// Binds every name of `pattern` to a value aliasing `aliases`.
    fn bind_pattern(&mut self, pattern: &SyntaxNode, aliases: &Aliases) -> Vec<usize> {
        let owned = aliases.iter().all(|&a| self.owned_here(a));
        bound_names(pattern)
            .map(|name| {
                let because = "it aliases a value this definition does not own";
                self.bind(
                    name_text(&name),
                    aliases.clone(),
                    owned,
                    name.text_range(),
                    because,
                )
            })
            .collect()
    }

    /// A function parameter: owned only if its type is unique (`*`).
    fn bind_param(&mut self, param: &SyntaxNode) -> Vec<usize> {
        let unique = param.descendants().any(|n| n.kind() == UNIQUE_TYPE);
        bound_names(param)
            .map(|name| {
                let because = "it is a parameter without a unique type (\"*\")";
                self.bind(
                    name_text(&name),
                    Aliases::new(),
                    unique,
                    name.text_range(),
                    because,
                )
            })
            .collect()
    }

    /// Whether the binding `id` may be consumed at the current point.
    fn owned_here(&self, id: usize) -> bool {
        let b = &self.bindings[id];
        b.owned && b.level == self.level
    }

    fn scoped<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        self.scopes.push(HashMap::default());
        let result = f(self);
        self.scopes.pop();
        result
    }

    /// The ids an expression's value may alias (none for scalars).
    fn expr(&mut self, node: &SyntaxNode) -> Aliases {
        let aliases = self.expr_form(node);
        // A value without arrays (a number, a tuple or record of numbers)
        // is copied, not shared: it aliases nothing.
        let plain = self
            .checker
            .expr_types
            .get(&node.text_range())
            .is_some_and(|t| holds_no_array(&self.checker.u, t));
        if plain {
            Aliases::new()
        } else {
            aliases
        }
    }

    fn type_of(&self, node: &SyntaxNode) -> Option<Type> {
        self.checker
            .expr_types
            .get(&node.text_range())
            .map(|t| self.checker.u.resolve(t))
    }

    fn children_union(&mut self, node: &SyntaxNode) -> Aliases {
        let mut all = Aliases::new();
        for child in child_nodes(node).filter(super::decls::is_expr) {
            all.extend(self.expr(&child));
        }
        all
    }

    fn expr_form(&mut self, node: &SyntaxNode) -> Aliases {
        match node.kind() {
            PATH_EXPR => self.use_path(node),
            LITERAL | ARRAY_EXPR | RANGE_EXPR | HOLE_EXPR => {
                self.children_union(node);
                Aliases::new()
            }
            APP_EXPR => self.application(node),
            BIN_EXPR => self.binary(node),
            LET_EXPR => self.let_expr(node),
            LET_UPDATE_EXPR => self.let_update(node),
            LET_FUN_EXPR => self.let_fun(node),
            UPDATE_EXPR => self.update(node),
            RECORD_UPDATE_EXPR if has_index_step(node) => self.update(node),
            IF_EXPR => self.branches(node, 1),
            MATCH_EXPR => self.match_expr(node),
            LOOP_EXPR => self.loop_expr(node),
            LAMBDA_EXPR => self.lambda(node),
            RECORD_EXPR => self.record(node),
            TUPLE_EXPR => self.tuple(node),
            _ => self.children_union(node),
        }
    }

    /// `(a, b)`: the union of the elements, each remembered for bindings
    /// and checks that look at components.
    fn tuple(&mut self, node: &SyntaxNode) -> Aliases {
        let parts: Vec<Aliases> = child_nodes(node)
            .filter(super::decls::is_expr)
            .map(|e| self.expr(&e))
            .collect();
        let all = parts.iter().flatten().copied().collect();
        self.components.insert(node.text_range(), parts);
        all
    }

    /// `{a = e, b}`: the union of the fields, punned ones being variables.
    fn record(&mut self, node: &SyntaxNode) -> Aliases {
        let mut all = Aliases::new();
        for field in child_nodes(node).filter(|c| c.kind() == RECORD_FIELD) {
            match child_nodes(&field).find(super::decls::is_expr) {
                Some(value) => all.extend(self.expr(&value)),
                None => {
                    let Some(name) = child_nodes(&field).find(|c| c.kind() == NAME) else {
                        continue;
                    };
                    if let Some(id) = self.lookup(&name_text(&name)) {
                        all.extend(self.use_aliases(id, name.text_range()));
                    }
                }
            }
        }
        all
    }

    /// A use of a variable: an error if it (or an alias) was consumed.
    fn use_path(&mut self, node: &SyntaxNode) -> Aliases {
        let Some(path) = child_nodes(node).next() else {
            return Aliases::new();
        };
        let segments = path_segments(&path);
        let Some(first) = segments.first() else {
            return Aliases::new();
        };
        let Some(id) = self
            .lookup(first)
            .or_else(|| self.free_variable(first, node))
        else {
            return Aliases::new();
        };
        self.use_aliases(id, node.text_range())
    }

    fn report_use_after_consume(
        &mut self,
        used_at: TextRange,
        used: usize,
        gone: usize,
        consumption: &Consumption,
    ) {
        // Futhark names the consumed variable, even when the use is an alias.
        let name = self.bindings[gone].name.clone();
        let used_name = self.bindings[used].name.clone();
        let cited = span_citation(self.checker.loc(consumption.at));
        let mut diagnostic = Diagnostic::error(
            "use-after-consume",
            used_at,
            format!(
                "Using variable \"{name}\", but this was consumed at {cited}.  (Possibly through aliases.)"
            ),
        )
        .with_related(consumption.at, {
            let written = consumption.via.map_or(name.clone(), |v| self.bindings[v].name.clone());
            format!("\"{written}\" consumed here, {}", consumption.how)
        });
        // The aliases that tie the consumed name and the used one to `gone`.
        for alias in [consumption.via, Some(used)].into_iter().flatten() {
            if alias != gone {
                let binding = &self.bindings[alias];
                diagnostic = diagnostic.with_related(
                    binding.bound_at,
                    format!(
                        "\"{}\" aliases \"{}\" through this binding",
                        binding.name, self.bindings[gone].name
                    ),
                );
            }
        }
        diagnostic = diagnostic.with_related(used_at, format!("\"{used_name}\" used again here"));
        self.checker.report(diagnostic);
    }

    /// A top-level value used as a variable: bound once, at the outermost
    /// scope, as a value no definition owns.
    fn free_variable(&mut self, name: &str, node: &SyntaxNode) -> Option<usize> {
        // Only arrays can be aliased: functions and scalars are not, nor
        // the result of a definition with size parameters (`def zeros [n] :
        // [n]i32`), which is computed anew for each use.
        let resolved = self.checker.lookup_value(name)?;
        let scheme = resolved.scheme();
        let size_polymorphic = scheme
            .params
            .iter()
            .any(|p| matches!(p, crate::env::TypeParam::Size(_)));
        if !holds_array(&scheme.ty) || size_polymorphic {
            return None;
        }
        let id = self.bindings.len();
        self.bindings.push(Binding {
            free: true,
            name: name.to_string(),
            aliases: Aliases::from([id]),
            owned: false,
            level: 0,
            bound_at: node.text_range(),
            not_owned_because: "it is a free variable of the definition",
        });
        self.scopes[0].insert(name.to_string(), id);
        Some(id)
    }

    /// The binding a plain variable expression refers to.
    fn var_id(&self, node: &SyntaxNode) -> Option<usize> {
        if node.kind() != PATH_EXPR {
            return None;
        }
        let segments = path_segments(&child_nodes(node).next()?);
        match segments.as_slice() {
            [name] => self.lookup(name),
            _ => None,
        }
    }

    /// Consumes everything `aliases` may refer to.
    fn consume(&mut self, aliases: &Aliases, at: TextRange, how: String, via: Option<usize>) {
        if via.is_some() {
            self.checker.note_consumed(at);
        }
        for &id in aliases {
            if !self.owned_here(id) {
                let b = &self.bindings[id];
                let because = if b.owned {
                    "it is bound outside this function or loop body"
                } else {
                    b.not_owned_because
                };
                let diagnostic = Diagnostic::error(
                    "not-consumable",
                    at,
                    format!(
                        "Consuming variable \"{}\", which is not consumable.",
                        b.name
                    ),
                )
                .with_related(
                    b.bound_at,
                    format!("\"{}\" is not consumable: {because}", b.name),
                );
                self.checker.report(diagnostic);
                continue;
            }
            self.consumed.entry(id).or_insert(Consumption {
                at,
                how: how.clone(),
                via,
            });
        }
    }

    /// `f a b ...`: arguments passed for unique parameters are consumed.
    fn application(&mut self, node: &SyntaxNode) -> Aliases {
        let parts: Vec<SyntaxNode> = child_nodes(node).collect();
        let Some((func, args)) = parts.split_first() else {
            return Aliases::new();
        };
        self.expr(func);
        let func_ty = self.type_of(func);
        self.call(func, func_ty, args, node)
    }

    fn call(
        &mut self,
        func: &SyntaxNode,
        func_ty: Option<Type>,
        args: &[SyntaxNode],
        node: &SyntaxNode,
    ) -> Aliases {
        let arg_aliases: Vec<Aliases> = args.iter().map(|a| self.expr(a)).collect();
        let mut ty = func_ty;
        let mut result = Aliases::new();
        let mut fresh_result = false;
        for (i, (arg, aliases)) in args.iter().zip(&arg_aliases).enumerate() {
            let (unique_param, rest) = match ty {
                Some(Type::Arrow {
                    param,
                    ret,
                    unique_ret,
                    ..
                }) => {
                    fresh_result = unique_ret;
                    (param.is_unique(), Some(*ret))
                }
                _ => (false, None),
            };
            if unique_param {
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
                self.consume(
                    aliases,
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
        if let Some(Type::Record(fields)) = &ty {
            let parts = fields
                .values()
                .map(|field| {
                    if field.is_unique() || matches!(field, Type::Prim(_)) {
                        Aliases::new()
                    } else {
                        result.clone()
                    }
                })
                .collect();
            self.components.insert(node.text_range(), parts);
        }
        let unique_result = fresh_result || self.type_of(node).is_some_and(|t| t.is_unique());
        if unique_result {
            Aliases::new()
        } else {
            result
        }
    }

    fn binary(&mut self, node: &SyntaxNode) -> Aliases {
        let parts: Vec<SyntaxNode> = child_nodes(node).collect();
        let [lhs, op, rhs] = parts.as_slice() else {
            return self.children_union(node);
        };
        match operator_text(op).as_str() {
            "|>" => {
                self.expr(rhs);
                let ty = self.type_of(rhs);
                self.call(rhs, ty, std::slice::from_ref(lhs), node)
            }
            "<|" => {
                self.expr(lhs);
                let ty = self.type_of(lhs);
                self.call(lhs, ty, std::slice::from_ref(rhs), node)
            }
            _ => {
                let ty = self.type_of(op);
                self.call(op, ty, &[lhs.clone(), rhs.clone()], node)
            }
        }
    }

    fn let_expr(&mut self, node: &SyntaxNode) -> Aliases {
        let rest: Vec<SyntaxNode> = child_nodes(node)
            .filter(|c| c.kind() != SIZE_PARAM)
            .collect();
        let [pattern, value, body @ ..] = rest.as_slice() else {
            return Aliases::new();
        };
        let value_aliases = self.expr(value);
        self.check_let_function_consumes_nothing(value);
        let components = self.components.get(&value.text_range()).cloned();
        self.scoped(|walk| {
            let elements: Vec<SyntaxNode> = match pattern.kind() {
                TUPLE_PAT => child_nodes(pattern).collect(),
                _ => Vec::new(),
            };
            match components {
                Some(parts) if parts.len() == elements.len() => {
                    for (element, aliases) in elements.iter().zip(&parts) {
                        walk.bind_pattern(element, aliases);
                    }
                }
                _ => {
                    walk.bind_pattern(pattern, &value_aliases);
                }
            }
            body.first().map_or_else(Aliases::new, |b| walk.expr(b))
        })
    }

    /// `let x[i] = v in body`: consumes `x`.
    fn let_update(&mut self, node: &SyntaxNode) -> Aliases {
        let Some(name) = child_nodes(node).find(|c| c.kind() == NAME) else {
            return Aliases::new();
        };
        let exprs: Vec<SyntaxNode> = child_nodes(node).filter(super::decls::is_expr).collect();
        for slice in child_nodes(node).filter(|c| c.kind() == SLICE) {
            self.children_union(&slice);
        }
        let value_aliases = exprs.first().map(|value| self.expr(value));
        let target = name_text(&name);
        let Some(id) = self.lookup(&target) else {
            return Aliases::new();
        };
        if !has_index_step(node) {
            // `let r.a = v`: a new record sharing the other fields.
            let mut aliases = self.use_aliases(id, name.text_range());
            aliases.extend(value_aliases.unwrap_or_default());
            let owned = self.bindings[id].owned;
            let because = self.bindings[id].not_owned_because;
            return self.scoped(|walk| {
                walk.bind(target, aliases, owned, name.text_range(), because);
                exprs.get(1).map_or_else(Aliases::new, |b| walk.expr(b))
            });
        }
        let aliases = self.use_aliases(id, name.text_range());
        self.consume(
            &aliases,
            name.text_range(),
            "by an in-place update".to_string(),
            Some(id),
        );
        self.scoped(|walk| {
            let because = "it aliases a value this definition does not own";
            walk.bind(target, Aliases::new(), true, name.text_range(), because);
            exprs.get(1).map_or_else(Aliases::new, |b| walk.expr(b))
        })
    }

    /// The aliases of variable `id`, reporting a use after consumption.
    fn use_aliases(&mut self, id: usize, at: TextRange) -> Aliases {
        let aliases = self.bindings[id].aliases.clone();
        if let Some((gone, consumption)) = aliases
            .iter()
            .find_map(|a| self.consumed.get(a).map(|c| (*a, c.clone())))
        {
            if self.reported.insert(id) {
                self.report_use_after_consume(at, id, gone, &consumption);
            }
        }
        aliases
    }

    /// `a with [i] = v`: consumes `a`; the result is the updated array.
    fn update(&mut self, node: &SyntaxNode) -> Aliases {
        let parts: Vec<SyntaxNode> = child_nodes(node).collect();
        let (Some(array), Some(value)) = (parts.first(), parts.last()) else {
            return self.children_union(node);
        };
        if parts.len() < 3 {
            return self.children_union(node);
        }
        let aliases = self.expr(array);
        for slice in parts.iter().filter(|c| c.kind() == SLICE) {
            self.children_union(slice);
        }
        self.expr(value);
        self.consume(
            &aliases,
            array.text_range(),
            "by an in-place update (\"with\")".to_string(),
            self.var_id(array),
        );
        Aliases::new()
    }

    fn let_fun(&mut self, node: &SyntaxNode) -> Aliases {
        let exprs: Vec<SyntaxNode> = child_nodes(node).filter(super::decls::is_expr).collect();
        let captured = exprs
            .first()
            .map(|body| self.captured(node, body))
            .unwrap_or_default();
        if let Some(body) = exprs.first() {
            self.function_body(node, body);
        }
        let Some(name) = child_nodes(node).find(|c| c.kind() == NAME) else {
            return exprs.get(1).map_or_else(Aliases::new, |b| self.expr(b));
        };
        // The local function aliases what it captures: using it after
        // those are consumed is a use of them.
        self.scoped(|walk| {
            let because = "it is a local function";
            walk.bind(
                name_text(&name),
                captured,
                false,
                name.text_range(),
                because,
            );
            exprs.get(1).map_or_else(Aliases::new, |b| walk.expr(b))
        })
    }

    /// What the variables of the enclosing scopes that `body` mentions
    /// alias (the parameters of `node` excluded).
    fn captured(&self, node: &SyntaxNode, body: &SyntaxNode) -> Aliases {
        let params: std::collections::HashSet<String> = child_nodes(node)
            .filter(super::decls::is_pattern)
            .flat_map(|p| bound_names(&p).map(|n| name_text(&n)).collect::<Vec<_>>())
            .collect();
        body.descendants()
            .filter(|n| n.kind() == PATH_EXPR)
            .filter_map(|n| child_nodes(&n).next().map(|p| path_segments(&p)))
            .filter_map(|segments| segments.into_iter().next())
            .filter(|name| !params.contains(name))
            .filter_map(|name| self.lookup(&name))
            .flat_map(|id| self.bindings[id].aliases.clone())
            .collect()
    }

    fn lambda(&mut self, node: &SyntaxNode) -> Aliases {
        if let Some(body) = child_nodes(node).find(super::decls::is_expr) {
            self.function_body(node, &body);
        }
        Aliases::new()
    }

    /// A local function's body: its free variables are not its own to consume.
    fn function_body(&mut self, node: &SyntaxNode, body: &SyntaxNode) {
        self.level += 1;
        self.scoped(|walk| {
            for param in child_nodes(node).filter(super::decls::is_pattern) {
                walk.bind_param(&param);
            }
            walk.expr(body);
        });
        self.level -= 1;
    }

    /// `if` (first child the condition) and other forms with alternative
    /// branches: a consumption in any branch counts after them.
    fn branches(&mut self, node: &SyntaxNode, skip: usize) -> Aliases {
        let parts: Vec<SyntaxNode> = child_nodes(node).filter(super::decls::is_expr).collect();
        for guard in parts.iter().take(skip) {
            self.expr(guard);
        }
        let before = self.consumed.clone();
        let mut after = before.clone();
        let mut result = Aliases::new();
        for branch in parts.iter().skip(skip) {
            self.consumed = before.clone();
            result.extend(self.expr(branch));
            after.extend(self.consumed.drain());
        }
        self.consumed = after;
        result
    }

    fn match_expr(&mut self, node: &SyntaxNode) -> Aliases {
        let Some(scrutinee) = child_nodes(node).next() else {
            return Aliases::new();
        };
        let scrutinee_aliases = self.expr(&scrutinee);
        let before = self.consumed.clone();
        let mut after = before.clone();
        let mut result = Aliases::new();
        for case in child_nodes(node).filter(|c| c.kind() == MATCH_CASE) {
            self.consumed = before.clone();
            let parts: Vec<SyntaxNode> = child_nodes(&case).collect();
            result.extend(self.scoped(|walk| {
                if let Some(pattern) = parts.first() {
                    walk.bind_pattern(pattern, &scrutinee_aliases);
                }
                parts.get(1).map_or_else(Aliases::new, |b| walk.expr(b))
            }));
            after.extend(self.consumed.drain());
        }
        self.consumed = after;
        result
    }

    /// An argument for a consuming parameter whose components alias each other.
    fn check_not_self_aliased(&mut self, arg: &SyntaxNode) {
        let inner = if arg.kind() == PAREN_EXPR {
            child_nodes(arg).next()
        } else {
            Some(arg.clone())
        };
        let Some(parts) = inner.and_then(|n| self.components.get(&n.text_range()).cloned()) else {
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

    /// What a definition's body finally evaluates to, past its `let`s.
    fn tail_expr(body: &SyntaxNode) -> SyntaxNode {
        let mut node = body.clone();
        loop {
            let next = match node.kind() {
                LET_EXPR | LET_FUN_EXPR | LET_UPDATE_EXPR => {
                    child_nodes(&node).filter(super::decls::is_expr).last()
                }
                PAREN_EXPR => child_nodes(&node).next(),
                _ => None,
            };
            match next {
                Some(inner) if inner != node => node = inner,
                _ => return node,
            }
        }
    }

    /// A function's result may not alias a top-level value.
    fn check_result_not_free(&mut self, body: &SyntaxNode, result: &Aliases) {
        for &id in result {
            let b = &self.bindings[id];
            if b.free {
                let message = format!("Function result aliases the free variable \"{}\".", b.name);
                self.checker.report(
                    Diagnostic::error("result-aliases-free-variable", body.text_range(), message)
                        .with_related(b.bound_at, format!("\"{}\" used here", b.name)),
                );
            }
        }
    }

    /// Unique components of a tuple result may not alias each other.
    fn check_unique_components(&mut self, body: &SyntaxNode) {
        let tail = Self::tail_expr(body);
        let Some(parts) = self.components.get(&tail.text_range()).cloned() else {
            return;
        };
        if components_overlap(&parts) {
            self.checker.report(Diagnostic::error(
                "unique-components-alias",
                tail.text_range(),
                "A unique-typed component of the return value is aliased to some other component.",
            ));
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
}

/// The called function as messages name it (only built for a message).
fn callee_name(func: &SyntaxNode) -> String {
    if func.kind() == BIN_OP {
        operator_text(func)
    } else {
        compact_text(func)
    }
}

/// The `NAME`s a pattern binds.
fn bound_names(pattern: &SyntaxNode) -> impl Iterator<Item = SyntaxNode> {
    pattern.descendants().filter(|n| {
        n.kind() == NAME
            && n.parent()
                .is_some_and(|p| matches!(p.kind(), NAME_PAT | RECORD_PAT_FIELD))
    })
}

/// Whether a value of this type holds an array (outside any function).
fn holds_array(ty: &Type) -> bool {
    match ty {
        Type::Array { .. } => true,
        Type::Record(fields) => fields.values().any(holds_array),
        Type::Sum(cs) => cs.values().flatten().any(holds_array),
        _ => false,
    }
}

/// Whether two of the components may alias each other.
fn components_overlap(parts: &[Aliases]) -> bool {
    parts
        .iter()
        .enumerate()
        .any(|(i, a)| parts[i + 1..].iter().any(|b| !a.is_disjoint(b)))
}

/// Whether values of `ty` are made of primitives only (so they alias nothing).
/// Follows the unifier's bindings as it goes, so no solved copy of the type
/// is made.
fn holds_no_array(u: &crate::unify::Unifier, ty: &Type) -> bool {
    match u.shallow_ref(ty) {
        Type::Prim(_) => true,
        Type::Record(fields) => fields.values().all(|t| holds_no_array(u, t)),
        Type::Sum(constructors) => constructors
            .values()
            .flatten()
            .all(|t| holds_no_array(u, t)),
        _ => false,
    }
}

/// Whether an update path has an index step (`[i]`), which makes the
/// update in place.
fn has_index_step(node: &SyntaxNode) -> bool {
    child_nodes(node).any(|c| c.kind() == SLICE)
}
