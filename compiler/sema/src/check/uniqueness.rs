//! Uniqueness and aliasing (seed 000, section 3; Futhark's "In-place
//! updates" and the error index): in-place updates and unique (`*`)
//! parameters consume arrays; a consumed array, or anything aliasing it,
//! may not be used again; only what the definition owns may be consumed;
//! a unique result may not alias a non-unique parameter.
//!
//! Runs on a top-level definition once its types are solved, walking the
//! syntax with the types the checker recorded for each expression. Every
//! binding gets an id; an expression's value is described by the set of ids
//! it may alias. The result of a call that is not unique gets an id of its
//! own too (it aliases whatever the callee may have returned), as does a
//! function value for what it captures. Each diagnostic tells the whole
//! story in related locations: where the array was consumed and by what,
//! which binding made the used name an alias of the consumed one, and where
//! it is used again.

use std::collections::{BTreeMap, BTreeSet};

use rustc_hash::FxHashMap as HashMap;

use runic_syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use super::exprs::compact_text;
use super::{child_nodes, name_text, path_segments, Checker};
use crate::diagnostic::{span_citation, Diagnostic};
use crate::types::Type;

mod calls;
mod higher_order;
mod loops;
mod patterns;
mod results;

use patterns::{bound_names, declared_type, pattern_fields};
pub(super) use results::{apply_inferred, with_declared_uniqueness};

type Aliases = BTreeSet<usize>;

/// What each component of a tuple or record value may alias, by field
/// name (`0`, `1`, ... for tuples).
type Fields = BTreeMap<String, Aliases>;

/// One binding: a parameter, a `let`, loop or pattern variable, or a
/// value without a name (the result of a call).
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
    /// Whether the binding is still in scope; consumability is only
    /// checked for those (out of scope, an id only ties aliases together).
    live: bool,
    /// For a value without a name (the result of a call), the call, which
    /// messages describe as "result of applying ..." (rendered only for a
    /// message).
    described: Option<calls::Applied>,
    /// A local function whose result is unique (declared or inferred).
    fresh_result: bool,
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
    /// For each name in `scopes`, the ids bound to it, outermost scope
    /// first: lookups take time independent of the number of scopes.
    scope_index: HashMap<String, Vec<usize>>,
    consumed: HashMap<usize, Consumption>,
    level: usize,
    /// Uses already reported, so one consumption is not reported per use.
    reported: BTreeSet<usize>,
    /// For tuples, records and calls returning them: what each component
    /// may alias (unique components are fresh), by the expression's range.
    components: HashMap<TextRange, Fields>,
    /// Every variable use, in order (loops look at the uses in their body).
    uses: Vec<usize>,
    /// Top-level values met that alias nothing (functions, scalars), by
    /// their path: looked up once per definition.
    not_aliasable: std::collections::HashSet<String>,
}

impl Checker<'_> {
    /// Checks the uniqueness rules on the definition `node` (a `VALUE_DECL`).
    /// Returns, for a definition with parameters and no declared return
    /// type, which parts of its result are unique (Futhark infers it:
    /// a part is unique if it aliases only consumed parameters, and no
    /// other part).
    pub(super) fn check_uniqueness(&mut self, node: &SyntaxNode) -> Option<results::Inferred> {
        let mut walk = Walk {
            checker: self,
            bindings: Vec::new(),
            scopes: vec![HashMap::default()],
            scope_index: HashMap::default(),
            consumed: HashMap::default(),
            level: 0,
            reported: BTreeSet::new(),
            components: HashMap::default(),
            uses: Vec::new(),
            not_aliasable: Default::default(),
        };
        let params: Vec<SyntaxNode> = child_nodes(node).filter(super::decls::is_pattern).collect();
        let mut param_ids = Vec::new();
        for param in &params {
            walk.param_type_exprs(param);
            param_ids.extend(walk.bind_param(param));
        }
        let ret_type = child_nodes(node)
            .find(|c| c.kind() == RET_TYPE)
            .and_then(|r| child_nodes(&r).next());
        if params.is_empty() && ret_type.as_ref().is_some_and(is_unique_type) {
            let at = ret_type
                .as_ref()
                .map_or(node.text_range(), |t| t.text_range());
            walk.checker.report(Diagnostic::error(
                "unique-constant",
                at,
                "A top-level constant cannot have a unique type.",
            ));
        }
        let body = child_nodes(node).find(super::decls::is_expr)?;
        let result = walk.expr(&body);
        walk.check_function_result(&body, &result, ret_type.as_ref(), &params, &param_ids);
        if ret_type.is_none() && !params.is_empty() {
            return Some(walk.infer_unique_result(&body, &result, &param_ids));
        }
        None
    }
}

impl Walk<'_, '_> {
    fn lookup(&self, name: &str) -> Option<usize> {
        self.scope_index.get(name)?.last().copied()
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
            live: true,
            described: None,
            fresh_result: false,
        });
        let ids = self.scope_index.entry(name.clone()).or_default();
        match self.scopes.last_mut().expect("a scope").insert(name, id) {
            // Bound again in the same scope: the innermost id is replaced.
            Some(_) => *ids.last_mut().expect("indexed") = id,
            None => ids.push(id),
        }
        id
    }

    /// A value without a name (the result of the call `described`),
    /// aliasing `aliases` and itself.
    fn unnamed(&mut self, described: calls::Applied, aliases: Aliases, at: TextRange) -> usize {
        let id = self.bindings.len();
        let mut all = aliases;
        all.insert(id);
        self.bindings.push(Binding {
            free: false,
            name: String::new(),
            aliases: all,
            owned: true,
            level: self.level,
            bound_at: at,
            not_owned_because: "",
            live: false,
            described: Some(described),
            fresh_result: false,
        });
        id
    }

    /// How messages name the value of `id`: `variable "x"` or what an
    /// unnamed value is.
    fn describe(&self, id: usize) -> String {
        let b = &self.bindings[id];
        match &b.described {
            Some(applied) => applied.describe(self.checker, true),
            None => format!("variable \"{}\"", b.name),
        }
    }

    /// How a related note names the value of `id`: `"x"`, or what an
    /// unnamed value is, without its location.
    fn short_description(&self, id: usize) -> String {
        let b = &self.bindings[id];
        match &b.described {
            Some(applied) => applied.describe(self.checker, false),
            None => format!("\"{}\"", b.name),
        }
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

    /// Binds `pattern` to a value whose components alias `fields` (where
    /// the pattern takes a tuple or record apart), or `aliases` as a whole.
    fn bind_pattern_parts(
        &mut self,
        pattern: &SyntaxNode,
        fields: Option<&Fields>,
        aliases: &Aliases,
    ) -> Vec<usize> {
        match (pattern_fields(pattern), fields) {
            (Some(parts), Some(fields)) if parts.iter().all(|(k, _)| fields.contains_key(k)) => {
                let mut ids = Vec::new();
                for (key, part) in parts {
                    ids.extend(self.bind_pattern(&part, &fields[&key]));
                }
                ids
            }
            _ => self.bind_pattern(pattern, aliases),
        }
    }

    /// A function parameter: each name is owned only if its type is
    /// unique (`*`, or a tuple or record with a unique part).
    fn bind_param(&mut self, param: &SyntaxNode) -> Vec<usize> {
        bound_names(param)
            .map(|name| {
                let unique = declared_type(&name, param)
                    .is_some_and(|t| super::green::contains_kind(&t, UNIQUE_TYPE));
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
        !b.live || (b.owned && b.level == self.level)
    }

    fn scoped<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        self.scopes.push(HashMap::default());
        let result = f(self);
        if let Some(scope) = self.scopes.pop() {
            for (name, id) in scope {
                self.bindings[id].live = false;
                if let Some(ids) = self.scope_index.get_mut(&name) {
                    if let Some(at) = ids.iter().rposition(|&i| i == id) {
                        ids.remove(at);
                    }
                }
            }
        }
        result
    }

    /// The ids an expression's value may alias (none for scalars).
    fn expr(&mut self, node: &SyntaxNode) -> Aliases {
        if node.kind() == LITERAL || super::literals::is_negated_literal(node) {
            // A number, a character or a string (or a negated number):
            // nothing inside to walk, nothing aliased (and no look-up of
            // its type per element of a long array literal).
            return Aliases::new();
        }
        crate::interrupt::poll();
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
            OP_SECTION => self.operator_variable(node),
            PAREN_EXPR => {
                let aliases = self.children_union(node);
                self.forward_components(node, child_nodes(node).next().as_ref());
                aliases
            }
            _ => self.children_union(node),
        }
    }

    /// Gives `node` the components recorded for `inner` (its value).
    fn forward_components(&mut self, node: &SyntaxNode, inner: Option<&SyntaxNode>) {
        if let Some(fields) = inner.and_then(|i| self.components.get(&i.text_range()).cloned()) {
            self.components.insert(node.text_range(), fields);
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
        let fields = parts
            .into_iter()
            .enumerate()
            .map(|(i, a)| (i.to_string(), a))
            .collect();
        self.components.insert(node.text_range(), fields);
        all
    }

    /// `{a = e, b}`: the union of the fields, punned ones being variables.
    fn record(&mut self, node: &SyntaxNode) -> Aliases {
        let mut fields = Fields::new();
        for field in child_nodes(node).filter(|c| c.kind() == RECORD_FIELD) {
            let Some(name) = child_nodes(&field).find(|c| c.kind() == NAME) else {
                continue;
            };
            let aliases = match child_nodes(&field).find(super::decls::is_expr) {
                Some(value) => self.expr(&value),
                None => match self.lookup(&name_text(&name)) {
                    Some(id) => self.use_aliases(id, name.text_range()),
                    None => Aliases::new(),
                },
            };
            fields.insert(name_text(&name), aliases);
        }
        let all = fields.values().flatten().copied().collect();
        self.components.insert(node.text_range(), fields);
        all
    }

    /// A use of a variable: an error if it (or an alias) was consumed.
    fn use_path(&mut self, node: &SyntaxNode) -> Aliases {
        let Some(path) = child_nodes(node).next() else {
            return Aliases::new();
        };
        // `x.a` is a field of local `x`; `M.x` a top-level value.
        let local = {
            let green = path.green();
            let first = super::green::first_token_text(&green, &[IDENT, OPERATOR]);
            match first {
                Some(first) => self.lookup(first),
                None => return Aliases::new(),
            }
        };
        let Some(id) = local.or_else(|| self.free_variable(&path_segments(&path), node)) else {
            return Aliases::new();
        };
        self.use_aliases(id, node.text_range())
    }

    /// `(op)`: a use of a variable when a local binding has that name
    /// (a parameter may be named `(++)`).
    fn operator_variable(&mut self, node: &SyntaxNode) -> Aliases {
        let local = child_nodes(node)
            .find(|c| c.kind() == BIN_OP)
            .and_then(|op| self.lookup(&super::operators::operator_text(&op)));
        match local {
            Some(id) => self.use_aliases(id, node.text_range()),
            None => self.children_union(node),
        }
    }

    fn report_use_after_consume(
        &mut self,
        used_at: TextRange,
        used: usize,
        gone: usize,
        consumption: &Consumption,
    ) {
        // Futhark names the consumed value, even when the use is an alias.
        let name = self.describe(gone);
        let used_name = self.bindings[used].name.clone();
        let cited = span_citation(self.checker.loc(consumption.at));
        let mut diagnostic = Diagnostic::error(
            "use-after-consume",
            used_at,
            format!("Using {name}, but this was consumed at {cited}.  (Possibly through aliases.)"),
        )
        .with_related(consumption.at, {
            let written = self.short_description(consumption.via.unwrap_or(gone));
            format!("{written} consumed here, {}", consumption.how)
        });
        // The aliases that tie the consumed name and the used one to `gone`.
        for alias in [consumption.via, Some(used)].into_iter().flatten() {
            if alias != gone && self.bindings[alias].described.is_none() {
                let binding = &self.bindings[alias];
                diagnostic = diagnostic.with_related(
                    binding.bound_at,
                    format!(
                        "\"{}\" aliases {} through this binding",
                        binding.name,
                        self.short_description(gone)
                    ),
                );
            }
        }
        diagnostic = diagnostic.with_related(used_at, format!("\"{used_name}\" used again here"));
        self.checker.report(diagnostic);
    }

    /// A top-level value used as a variable (`x`, or `M.x` in a module):
    /// bound once, at the outermost scope, as a value no definition owns.
    fn free_variable(&mut self, segments: &[String], node: &SyntaxNode) -> Option<usize> {
        let key = segments.join(".");
        if let Some(&id) = self.scopes[0].get(&key) {
            return Some(id);
        }
        if self.not_aliasable.contains(&key) {
            return None;
        }
        let id = self.new_free_variable(segments, &key, node);
        if id.is_none() {
            self.not_aliasable.insert(key);
        }
        id
    }

    /// [`Self::free_variable`] for a name not met before in this definition.
    fn new_free_variable(
        &mut self,
        segments: &[String],
        key: &str,
        node: &SyntaxNode,
    ) -> Option<usize> {
        let (name, modules) = segments.split_last()?;
        // Shared, not copied: most free variables are functions.
        let scheme = if modules.is_empty() {
            self.checker.lookup_value(name)?.shared_scheme().clone()
        } else {
            if self.checker.module_prefix_len(segments) != modules.len() {
                return None;
            }
            let module = self.checker.lookup_module_path(modules)?;
            module.values.get(name.as_str())?.scheme.clone()
        };
        // Only arrays can be aliased: functions and scalars are not, nor
        // the result of a definition with size parameters (`def zeros [n] :
        // [n]i32`), which is computed anew for each use.
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
            live: true,
            described: None,
            fresh_result: false,
        });
        self.scope_index
            .entry(key.to_string())
            .or_default()
            .insert(0, id);
        self.scopes[0].insert(key.to_string(), id);
        Some(id)
    }

    /// The binding a plain variable expression refers to.
    fn var_id(&self, node: &SyntaxNode) -> Option<usize> {
        if node.kind() == OP_SECTION {
            let op = child_nodes(node).find(|c| c.kind() == BIN_OP)?;
            return self.lookup(&super::operators::operator_text(&op));
        }
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
                    format!("Consuming {}, which is not consumable.", self.describe(id)),
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

    /// The aliases of variable `id`, reporting a use after consumption.
    fn use_aliases(&mut self, id: usize, at: TextRange) -> Aliases {
        self.uses.push(id);
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
            walk.bind_pattern_parts(pattern, components.as_ref(), &value_aliases);
            let result = body.first().map_or_else(Aliases::new, |b| walk.expr(b));
            walk.forward_components(node, body.first());
            result
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
        if let (Some(value), Some(value_aliases)) = (exprs.first(), &value_aliases) {
            self.check_update_overlap(&name, &aliases, value, value_aliases);
        }
        self.consume(
            &aliases,
            name.text_range(),
            "by an in-place update".to_string(),
            Some(id),
        );
        self.scoped(|walk| {
            let because = "it aliases a value this definition does not own";
            walk.bind(target, Aliases::new(), true, name.text_range(), because);
            let result = exprs.get(1).map_or_else(Aliases::new, |b| walk.expr(b));
            walk.forward_components(node, exprs.get(1));
            result
        })
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
        // As in Futhark, the indices and the value are evaluated before
        // the array: `(xs with [0] = 1) with [1] = xs[1]` reads `xs` first.
        for slice in parts.iter().filter(|c| c.kind() == SLICE) {
            self.children_union(slice);
        }
        let value_aliases = self.expr(value);
        let aliases = self.expr(array);
        self.check_update_overlap(array, &aliases, value, &value_aliases);
        self.consume(
            &aliases,
            array.text_range(),
            "by an in-place update (\"with\")".to_string(),
            self.var_id(array),
        );
        Aliases::new()
    }

    /// The value written by an in-place update may not alias the array
    /// updated.
    fn check_update_overlap(
        &mut self,
        array: &SyntaxNode,
        array_aliases: &Aliases,
        value: &SyntaxNode,
        value_aliases: &Aliases,
    ) {
        if array_aliases.is_disjoint(value_aliases) {
            return;
        }
        self.checker.report(
            Diagnostic::error(
                "update-value-aliases-source",
                value.text_range(),
                format!(
                    "Source array for in-place update\n  {}\nmight alias update value\n  {}\nHint: use \"copy\" to remove aliases from the value.",
                    compact_text(array),
                    compact_text(value)
                ),
            )
            .with_related(array.text_range(), "the array updated in place"),
        );
    }

    fn let_fun(&mut self, node: &SyntaxNode) -> Aliases {
        let exprs: Vec<SyntaxNode> = child_nodes(node).filter(super::decls::is_expr).collect();
        let captured = exprs
            .first()
            .map(|body| self.captured(node, body))
            .unwrap_or_default();
        let fresh = exprs
            .first()
            .is_some_and(|body| self.function_body(node, body));
        let Some(name) = child_nodes(node).find(|c| c.kind() == NAME) else {
            return exprs.get(1).map_or_else(Aliases::new, |b| self.expr(b));
        };
        // The local function aliases what it captures: using it after
        // those are consumed is a use of them.
        self.scoped(|walk| {
            let because = "it is a local function";
            let id = walk.bind(
                name_text(&name),
                captured,
                false,
                name.text_range(),
                because,
            );
            walk.bindings[id].fresh_result = fresh;
            let result = exprs.get(1).map_or_else(Aliases::new, |b| walk.expr(b));
            walk.forward_components(node, exprs.get(1));
            result
        })
    }

    /// What the variables of the enclosing scopes that `body` mentions
    /// alias (the parameters of `node` excluded).
    fn captured(&self, node: &SyntaxNode, body: &SyntaxNode) -> Aliases {
        let params: Vec<String> = child_nodes(node)
            .filter(super::decls::is_pattern)
            .flat_map(|p| super::green::pattern_name_texts(&p, false))
            .collect();
        // Read from the green tree: no cursor per node of the body.
        let mut captured = Aliases::new();
        super::green::for_each_node(&body.green(), &mut |n| {
            if super::green::node_kind(n) != PATH_EXPR {
                return;
            }
            let Some(path) = n.children().find_map(|c| c.into_node()) else {
                return;
            };
            let Some(name) = super::green::first_token_text(path, &[IDENT, OPERATOR]) else {
                return;
            };
            if params.iter().any(|p| p == name) {
                return;
            }
            if let Some(id) = self.lookup(name) {
                captured.extend(self.bindings[id].aliases.iter().copied());
            }
        });
        captured
    }

    /// A lambda: its value aliases what it captures.
    fn lambda(&mut self, node: &SyntaxNode) -> Aliases {
        let Some(body) = child_nodes(node).find(super::decls::is_expr) else {
            return Aliases::new();
        };
        let captured = self.captured(node, &body);
        self.function_body(node, &body);
        captured
    }

    /// A local function's body: its free variables are not its own to
    /// consume, and what it consumes of its own is forgotten after it.
    /// Returns whether its result is unique (declared so, or inferred).
    fn function_body(&mut self, node: &SyntaxNode, body: &SyntaxNode) -> bool {
        self.level += 1;
        let before = self.consumed.clone();
        let params: Vec<SyntaxNode> = child_nodes(node).filter(super::decls::is_pattern).collect();
        let ret_type = child_nodes(node)
            .find(|c| c.kind() == RET_TYPE)
            .and_then(|r| child_nodes(&r).next());
        let fresh = self.scoped(|walk| {
            let mut ids = Vec::new();
            for param in &params {
                ids.extend(walk.bind_param(param));
            }
            let result = walk.expr(body);
            walk.check_function_result(body, &result, ret_type.as_ref(), &params, &ids);
            match &ret_type {
                Some(t) => is_unique_type(t),
                None => walk.infer_unique_result(body, &result, &ids).whole,
            }
        });
        self.consumed = before;
        self.level -= 1;
        fresh
    }

    /// `if` (first child the condition) and other forms with alternative
    /// branches: a consumption in any branch counts after them, and the
    /// result aliases nothing consumed in a branch.
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
        self.combine_components(node, &parts[skip.min(parts.len())..], &before, &after);
        self.consumed = after;
        result.retain(|a| before.contains_key(a) || !self.consumed.contains_key(a));
        result
    }

    /// The components of alternatives `branches` combined, for `node`,
    /// without what a branch consumed.
    fn combine_components(
        &mut self,
        node: &SyntaxNode,
        branches: &[SyntaxNode],
        before: &HashMap<usize, Consumption>,
        after: &HashMap<usize, Consumption>,
    ) {
        let mut combined: Option<Fields> = None;
        for branch in branches {
            let Some(fields) = self.components.get(&branch.text_range()) else {
                return;
            };
            match &mut combined {
                None => combined = Some(fields.clone()),
                Some(c) if c.keys().eq(fields.keys()) => {
                    for (k, v) in fields {
                        c.entry(k.clone()).or_default().extend(v.iter().copied());
                    }
                }
                Some(_) => return,
            }
        }
        if let Some(mut fields) = combined {
            for aliases in fields.values_mut() {
                aliases.retain(|a| before.contains_key(a) || !after.contains_key(a));
            }
            self.components.insert(node.text_range(), fields);
        }
    }

    fn match_expr(&mut self, node: &SyntaxNode) -> Aliases {
        let Some(scrutinee) = child_nodes(node).next() else {
            return Aliases::new();
        };
        let scrutinee_aliases = self.expr(&scrutinee);
        let components = self.components.get(&scrutinee.text_range()).cloned();
        let before = self.consumed.clone();
        let mut after = before.clone();
        let mut result = Aliases::new();
        let mut bodies = Vec::new();
        for case in child_nodes(node).filter(|c| c.kind() == MATCH_CASE) {
            self.consumed = before.clone();
            let parts: Vec<SyntaxNode> = child_nodes(&case).collect();
            result.extend(self.scoped(|walk| {
                if let Some(pattern) = parts.first() {
                    walk.bind_pattern_parts(pattern, components.as_ref(), &scrutinee_aliases);
                }
                parts.get(1).map_or_else(Aliases::new, |b| walk.expr(b))
            }));
            bodies.extend(parts.get(1).cloned());
            after.extend(self.consumed.drain());
        }
        self.combine_components(node, &bodies, &before, &after);
        self.consumed = after;
        result.retain(|a| before.contains_key(a) || !self.consumed.contains_key(a));
        result
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
}

/// Whether a type expression is unique at its top (`*t`, `(*t)`).
fn is_unique_type(ty: &SyntaxNode) -> bool {
    match ty.kind() {
        UNIQUE_TYPE => true,
        PAREN_TYPE => child_nodes(ty).next().is_some_and(|t| is_unique_type(&t)),
        _ => false,
    }
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
fn components_overlap(parts: &Fields) -> bool {
    let parts: Vec<&Aliases> = parts.values().collect();
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
