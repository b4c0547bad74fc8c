//! Loops: the loop parameters belong to the body, the body may consume
//! nothing bound outside the loop, a consumed parameter consumes the
//! initial value, and the loop's results may not alias what the body
//! consumed.

use super::*;

impl Walk<'_, '_> {
    /// `loop pat = init ... do body`: the loop parameters belong to the
    /// body; the body may not consume anything bound outside the loop; if it
    /// consumes a parameter, the initial value is consumed by the loop.
    pub(super) fn loop_expr(&mut self, node: &SyntaxNode) -> Aliases {
        let children: Vec<SyntaxNode> = child_nodes(node)
            .filter(|c| c.kind() != SIZE_PARAM)
            .collect();
        let Some(pattern) = children.first() else {
            return Aliases::new();
        };
        let init = children.get(1).filter(|c| crate::check::decls::is_expr(c));
        let init_aliases = match init {
            Some(init) => self.expr(init),
            None => pattern
                .descendants()
                .filter(|n| n.kind() == NAME)
                .filter_map(|n| {
                    self.lookup(&name_text(&n))
                        .map(|id| self.use_aliases(id, n.text_range()))
                })
                .flatten()
                .collect(),
        };
        self.level += 1;
        let consumed_inside = self.scoped(|walk| {
            let params = walk.bind_pattern_owned(pattern);
            for form in children
                .iter()
                .filter(|c| matches!(c.kind(), FOR_LT_FORM | FOR_IN_FORM | WHILE_FORM))
            {
                walk.loop_form(form);
            }
            if let Some(body) = children.last().filter(|c| crate::check::decls::is_expr(c)) {
                walk.expr(body);
                walk.check_loop_results(pattern, body);
            }
            params.iter().any(|id| walk.consumed.contains_key(id))
        });
        self.level -= 1;
        if consumed_inside {
            let at = init.map_or(pattern.text_range(), |i| i.text_range());
            self.consume(
                &init_aliases,
                at,
                "by the loop, whose body consumes its parameter".to_string(),
                init.and_then(|i| self.var_id(i)),
            );
            return Aliases::new();
        }
        // The loop's result may be its initial value.
        init_aliases
    }

    /// The values a loop body returns for its consuming parameters may not
    /// alias what it returns for the other parameters.
    pub(super) fn check_loop_results(&mut self, pattern: &SyntaxNode, body: &SyntaxNode) {
        if pattern.kind() != TUPLE_PAT && pattern.kind() != PAREN_PAT {
            return;
        }
        let params: Vec<SyntaxNode> = child_nodes(pattern)
            .filter(crate::check::decls::is_pattern)
            .collect();
        let tail = Self::tail_expr(body);
        let Some(parts) = self.components.get(&tail.text_range()).cloned() else {
            return;
        };
        if parts.len() != params.len() {
            return;
        }
        let consuming: Vec<bool> = params
            .iter()
            .map(|p| p.descendants().any(|n| n.kind() == UNIQUE_TYPE))
            .collect();
        let name = |p: &SyntaxNode| {
            p.descendants()
                .find(|n| n.kind() == NAME)
                .map(|n| name_text(&n))
                .unwrap_or_default()
        };
        for j in 1..parts.len() {
            let Some(i) = (0..j).find(|&i| !parts[i].is_disjoint(&parts[j])) else {
                continue;
            };
            if !consuming[j] {
                continue;
            }
            let message = if consuming[i] {
                format!(
                    "Return value for loop parameter \"{}\" aliases other consumed loop parameter.",
                    name(&params[j])
                )
            } else {
                format!(
                    "Return value for consuming loop parameter \"{}\" aliases previously returned value.",
                    name(&params[j])
                )
            };
            self.checker.report(Diagnostic::error(
                "loop-result-aliases",
                tail.text_range(),
                message,
            ));
            return;
        }
    }

    /// Loop parameters: owned by the loop body.
    pub(super) fn bind_pattern_owned(&mut self, pattern: &SyntaxNode) -> Vec<usize> {
        bound_names(pattern)
            .map(|name| {
                self.bind(
                    name_text(&name),
                    Aliases::new(),
                    true,
                    name.text_range(),
                    "it is a loop parameter",
                )
            })
            .collect()
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
