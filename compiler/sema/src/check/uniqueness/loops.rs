//! Loops: the loop parameters belong to the body, which may consume
//! nothing bound outside the loop. A parameter is consuming if its type
//! says so (`*`) or, without a type, if the body consumes it; then the
//! loop consumes the initial value given for it, before the body runs, so
//! the body may not use what that consumes. What the body returns for a
//! consuming parameter may alias nothing bound outside the loop, no other
//! consuming parameter's value and nothing returned before it (Futhark's
//! error index: consuming-loop-param-aliases, loop-parameter-aliases-other,
//! aliases-previously-returned).

use super::*;

/// One part of a loop's parameter pattern (a tuple or record field, or
/// the whole pattern).
struct Part {
    key: String,
    ids: Vec<usize>,
    /// Whether its type is declared unique.
    declared_unique: bool,
    /// The initial value's aliases.
    init: Aliases,
    /// What the body returns for it.
    returned: Aliases,
}

impl Walk<'_, '_> {
    /// `loop pat = init ... do body`.
    pub(super) fn loop_expr(&mut self, node: &SyntaxNode) -> Aliases {
        let children: Vec<SyntaxNode> = child_nodes(node)
            .filter(|c| c.kind() != SIZE_PARAM)
            .collect();
        let Some(pattern) = children.first() else {
            return Aliases::new();
        };
        let init = children.get(1).filter(|c| crate::check::decls::is_expr(c));
        let pattern_parts = pattern_fields(pattern);
        let (init_aliases, init_fields) = match init {
            Some(init) => {
                let aliases = self.expr(init);
                (aliases, self.components.get(&init.text_range()).cloned())
            }
            None => {
                // `loop x ...`: the initial value is the variable of that name.
                let mut fields = Fields::new();
                for (key, part) in pattern_parts.iter().flatten() {
                    let aliases = self.names_in(part);
                    fields.insert(key.clone(), aliases);
                }
                let aliases = self.names_in(pattern);
                (aliases, pattern_parts.as_ref().map(|_| fields))
            }
        };
        let start = self.bindings.len();
        let uses_start = self.uses.len();
        let consumed_before = self.consumed.clone();
        self.level += 1;
        let (mut parts, body_consumed) = self.scoped(|walk| {
            let mut parts: Vec<Part> = match &pattern_parts {
                Some(fields) => fields
                    .iter()
                    .map(|(key, part)| walk.loop_part(key.clone(), part, pattern))
                    .collect(),
                None => vec![walk.loop_part(String::new(), pattern, pattern)],
            };
            for form in children
                .iter()
                .filter(|c| matches!(c.kind(), FOR_LT_FORM | FOR_IN_FORM | WHILE_FORM))
            {
                walk.loop_form(form);
            }
            if let Some(body) = children.last().filter(|c| crate::check::decls::is_expr(c)) {
                let aliases = walk.expr(body);
                let fields = walk.components.get(&body.text_range()).cloned();
                let matching = fields
                    .as_ref()
                    .is_some_and(|f| parts.iter().all(|p| f.contains_key(&p.key)));
                for part in &mut parts {
                    part.returned = match &fields {
                        Some(f) if matching => f[&part.key].clone(),
                        _ => aliases.clone(),
                    };
                }
            }
            let consumed: Aliases = walk.consumed.keys().copied().collect();
            (parts, consumed)
        });
        self.level -= 1;
        // What the body consumed of its own is not consumed after the loop.
        self.consumed = consumed_before;
        let init_matching = init_fields
            .as_ref()
            .is_some_and(|f| parts.iter().all(|p| f.contains_key(&p.key)));
        for part in &mut parts {
            part.init = match &init_fields {
                Some(f) if init_matching => f[&part.key].clone(),
                _ => init_aliases.clone(),
            };
        }
        let consuming = self.check_loop_results(node, &mut parts, &body_consumed);
        let mut consumed_init = Aliases::new();
        for (part, consuming) in parts.iter().zip(&consuming) {
            if *consuming {
                consumed_init.extend(part.init.iter().copied());
            }
        }
        if !consumed_init.is_empty() {
            self.check_body_uses(node, start, uses_start, &consumed_init);
            let at = init.map_or(pattern.text_range(), |i| i.text_range());
            self.consume(
                &consumed_init,
                at,
                "by the loop, whose body consumes its parameter".to_string(),
                init.and_then(|i| self.var_id(i)),
            );
        }
        // The loop's result: what the body returns, or the initial value
        // for a parameter it does not consume.
        let mut fields = Fields::new();
        let mut all = Aliases::new();
        for (part, consuming) in parts.iter().zip(&consuming) {
            let mut aliases = part.returned.clone();
            if !consuming {
                aliases.extend(part.init.iter().copied());
            }
            all.extend(aliases.iter().copied());
            fields.insert(part.key.clone(), aliases);
        }
        if pattern_parts.is_some() {
            self.components.insert(node.text_range(), fields);
        }
        all
    }

    /// The aliases of the variables that `pattern` names, as uses.
    fn names_in(&mut self, pattern: &SyntaxNode) -> Aliases {
        bound_names(pattern)
            .filter_map(|n| {
                self.lookup(&name_text(&n))
                    .map(|id| self.use_aliases(id, n.text_range()))
            })
            .flatten()
            .collect()
    }

    /// Binds the names of one part of a loop's parameter pattern: owned
    /// by the body, unless a type without `*` is declared for them.
    fn loop_part(&mut self, key: String, part: &SyntaxNode, pattern: &SyntaxNode) -> Part {
        let mut ids = Vec::new();
        let mut declared_unique = false;
        for name in bound_names(part).collect::<Vec<_>>() {
            let declared = declared_type(&name, pattern);
            let unique = declared
                .as_ref()
                .is_some_and(|t| crate::check::green::contains_kind(t, UNIQUE_TYPE));
            declared_unique |= unique;
            let because = "it is a loop parameter whose declared type is not unique (\"*\")";
            ids.push(self.bind(
                name_text(&name),
                Aliases::new(),
                declared.is_none() || unique,
                name.text_range(),
                because,
            ));
        }
        Part {
            key,
            ids,
            declared_unique,
            init: Aliases::new(),
            returned: Aliases::new(),
        }
    }

    /// Which parts are consuming (declared unique, consumed by the body,
    /// or given what another consuming part returns), reporting returned
    /// values that break the rules.
    fn check_loop_results(
        &mut self,
        node: &SyntaxNode,
        parts: &mut [Part],
        body_consumed: &Aliases,
    ) -> Vec<bool> {
        let mut consuming: Vec<bool> = parts
            .iter()
            .map(|p| p.declared_unique || p.ids.iter().any(|id| body_consumed.contains(id)))
            .collect();
        loop {
            let mut cons = Aliases::new();
            let mut obs = Aliases::new();
            let mut errors = Vec::new();
            for (part, &consuming) in parts.iter().zip(&consuming) {
                let name = part
                    .ids
                    .first()
                    .map(|&id| self.bindings[id].name.clone())
                    .unwrap_or_default();
                let outside = part.returned.iter().copied().find(|&a| {
                    let b = &self.bindings[a];
                    b.live && b.described.is_none()
                });
                let error = match outside {
                    Some(v) if consuming => Some((
                        format!(
                            "Return value for consuming loop parameter \"{name}\" aliases \"{}\".",
                            self.bindings[v].name
                        ),
                        "consuming-loop-param-aliases",
                    )),
                    _ if !part.returned.is_disjoint(&cons) => Some((
                        format!("Return value for loop parameter \"{name}\" aliases other consumed loop parameter."),
                        "loop-parameter-aliases-other",
                    )),
                    _ if consuming && !part.returned.is_disjoint(&obs) => Some((
                        format!("Return value for consuming loop parameter \"{name}\" aliases previously returned value."),
                        "aliases-previously-returned",
                    )),
                    _ => None,
                };
                errors.extend(error);
                if consuming {
                    cons.extend(part.returned.iter().copied());
                } else {
                    obs.extend(part.returned.iter().copied());
                }
            }
            let next: Vec<bool> = parts
                .iter()
                .zip(&consuming)
                .map(|(p, &c)| c || p.ids.iter().any(|id| cons.contains(id)))
                .collect();
            if next == consuming {
                for (message, link) in errors {
                    self.checker.report(Diagnostic::error(
                        "loop-result-aliases",
                        node.text_range(),
                        with_index_link(message, link),
                    ));
                }
                return consuming;
            }
            consuming = next;
        }
    }

    /// The body (and condition) of a loop may not use what its initial
    /// value consumes (`consumed`): the uses since `uses_start` of
    /// variables bound before the loop's parameters (ids below `start`).
    fn check_body_uses(
        &mut self,
        node: &SyntaxNode,
        start: usize,
        uses_start: usize,
        consumed: &Aliases,
    ) {
        let used: BTreeSet<usize> = self.uses[uses_start..]
            .iter()
            .copied()
            .filter(|&id| id < start)
            .collect();
        for id in used {
            if self.bindings[id].aliases.is_disjoint(consumed) {
                continue;
            }
            let b = &self.bindings[id];
            let diagnostic = Diagnostic::error(
                "loop-body-uses-consumed",
                node.text_range(),
                format!(
                    "Loop body uses {} (or an alias),\nbut this is consumed by the initial loop argument.",
                    self.describe(id)
                ),
            )
            .with_related(b.bound_at, format!("\"{}\" bound here", b.name));
            self.checker.report(diagnostic);
        }
    }

    pub(super) fn loop_form(&mut self, form: &SyntaxNode) {
        match form.kind() {
            FOR_LT_FORM => {
                if let Some(bound) = child_nodes(form).find(crate::check::decls::is_expr) {
                    self.expr(&bound);
                }
                if let Some(name) = child_nodes(form).find(|c| c.kind() == NAME) {
                    self.bind(
                        name_text(&name),
                        Aliases::new(),
                        false,
                        name.text_range(),
                        "it is a loop counter",
                    );
                }
            }
            FOR_IN_FORM => {
                let parts: Vec<SyntaxNode> = child_nodes(form).collect();
                if let [pattern, array] = parts.as_slice() {
                    let aliases = self.expr(array);
                    self.bind_pattern(pattern, &aliases);
                }
            }
            _ => {
                self.children_union(form);
            }
        }
    }
}

/// `message` followed by the address of its entry in Futhark's error index.
fn with_index_link(message: String, name: &str) -> String {
    format!(
        "{message}\n\nFor more information, see:\n  https://futhark.readthedocs.io/en/latest/error-index.html#{name}"
    )
}
