//! Recursive top-level functions, as Futhark 0.28 allows them: a function
//! is in scope in its own body (and only there: no mutual recursion, no
//! recursive local functions; an operator's definition sees the operator
//! it redefines, not itself). Recursion is monomorphic in the type
//! parameters; the explicit size parameters are instantiated afresh at
//! each recursive call, so size-polymorphic recursion works where the
//! sizes are named. Three restrictions keep defunctionalisation possible:
//! the result is first-order, and a function with a higher-order
//! parameter is only used in fully applied recursive calls that pass each
//! higher-order argument unchanged.

use runic_syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use super::{child_nodes, name_text, Checker};
use crate::env::{Scheme, TypeParam};
use crate::types::Type;

/// The function being defined, while its body is checked.
#[derive(Debug, Clone)]
pub struct RecursiveSelf {
    /// Where the function's name is written (its binding's `def`).
    pub def: TextRange,
    /// The ranges of the body's references to it.
    pub uses: Vec<TextRange>,
}

impl Checker<'_> {
    /// Binds the top-level function `node` in its own body, with the
    /// parameter types `param_tys` and result `result`, after its
    /// parameters (which hide it when one has its name).
    pub(super) fn bind_recursive_self(
        &mut self,
        node: &SyntaxNode,
        param_tys: &[Type],
        result: &Type,
        named_params: &[Option<String>],
    ) {
        let Some(name) = child_nodes(node).find(|c| c.kind() == NAME) else {
            return;
        };
        let text = name_text(&name);
        // An operator's definition (`def (a: t) + (b: t) = ... a.0 + b.0`)
        // uses the operator it redefines: only named functions recur.
        if !text.starts_with(|c: char| c.is_alphabetic() || c == '_') {
            return;
        }
        if self
            .locals
            .last()
            .is_some_and(|scope| scope.contains_key(&text))
        {
            return;
        }
        let ty = param_tys
            .iter()
            .rev()
            .fold(result.clone(), |acc, p| Type::arrow(p.clone(), acc));
        let ty = super::decls::attach_param_names(self.u.resolve(&ty), named_params);
        let params = super::decls::size_param_names(node)
            .into_iter()
            .map(|(n, _)| TypeParam::Size(n))
            .collect();
        self.bind_local_at(text, Scheme { params, ty }, Some(name.text_range()));
        self.recursive_self = Some(RecursiveSelf {
            def: name.text_range(),
            uses: Vec::new(),
        });
    }

    /// Notes a use of a local binding defined at `def`, if it is the
    /// function being defined.
    pub(super) fn note_recursive_use(&mut self, def: Option<TextRange>, range: TextRange) {
        if let Some(this) = &mut self.recursive_self {
            if def == Some(this.def) {
                this.uses.push(range);
            }
        }
    }

    /// Reports the recursive uses in `node`'s body that Futhark refuses,
    /// once the definition's types are solved.
    pub(super) fn check_recursion(
        &mut self,
        node: &SyntaxNode,
        this: RecursiveSelf,
        params: &[SyntaxNode],
        param_tys: &[Type],
        result: &Type,
    ) {
        if this.uses.is_empty() {
            return;
        }
        let name = node
            .children()
            .find(|c| c.kind() == NAME)
            .map(|n| name_text(&n))
            .unwrap_or_default();
        let result = self.u.resolve(result);
        if result.is_functional() {
            let shown = self.u.display(&result);
            self.error(
                "recursion",
                this.def,
                format!(
                    "The return type of recursive function \"{name}\" is not first-order:\n  {shown}\nPass what the function would be applied to as further parameters."
                ),
            );
            return;
        }
        let lifted: Vec<String> = child_nodes(node)
            .filter(|p| p.kind() == TYPE_PARAM)
            .filter(|p| super::direct_tokens(p).any(|t| t.kind() == APOSTROPHE_CARET))
            .filter_map(|p| child_nodes(&p).next().map(|n| name_text(&n)))
            .collect();
        let higher_order: Vec<usize> = param_tys
            .iter()
            .enumerate()
            .filter(|(_, ty)| self.is_higher_order(ty, &lifted))
            .map(|(i, _)| i)
            .collect();
        if higher_order.is_empty() {
            return;
        }
        for range in this.uses {
            self.check_recursive_call(node, &name, range, params, &higher_order);
        }
    }

    /// Whether a parameter of type `ty` may be a function: it contains one,
    /// or it is a lifted type parameter.
    fn is_higher_order(&mut self, ty: &Type, lifted: &[String]) -> bool {
        let ty = self.u.resolve(ty);
        ty.is_functional()
            || ty.any(&|t| matches!(t, Type::Named { name, .. } if lifted.contains(name)))
    }

    fn check_recursive_call(
        &mut self,
        def: &SyntaxNode,
        name: &str,
        range: TextRange,
        params: &[SyntaxNode],
        higher_order: &[usize],
    ) {
        let Some(head) = expr_at(def, range) else {
            return;
        };
        let application = head
            .parent()
            .filter(|p| p.kind() == APP_EXPR && p.first_child().as_ref() == Some(&head));
        let Some(application) = application else {
            self.error(
                "recursion",
                range,
                format!(
                    "\"{name}\" has a higher-order parameter, so in its own body it may only be applied to all its arguments."
                ),
            );
            return;
        };
        let args: Vec<SyntaxNode> = child_nodes(&application).skip(1).collect();
        if args.len() < params.len() {
            self.error(
                "recursion",
                application.text_range(),
                format!(
                    "Recursive call of \"{name}\" is not fully saturated: it takes {} arguments, and has a higher-order parameter.",
                    params.len()
                ),
            );
            return;
        }
        for &i in higher_order {
            let param_name = param_variable(&params[i]);
            let unchanged = param_name
                .as_ref()
                .is_some_and(|p| variable_name(&args[i]).as_ref() == Some(p));
            if !unchanged {
                let shown = param_name.unwrap_or_else(|| format!("number {}", i + 1));
                self.error(
                    "recursion",
                    args[i].text_range(),
                    format!(
                        "The higher-order argument \"{shown}\" of \"{name}\" must be passed unchanged in a recursive call."
                    ),
                );
            }
        }
    }
}

/// The `PATH_EXPR` at `range` inside `node`.
fn expr_at(node: &SyntaxNode, range: TextRange) -> Option<SyntaxNode> {
    node.descendants()
        .find(|n| n.kind() == PATH_EXPR && n.text_range() == range)
        .or_else(|| {
            node.descendants()
                .find(|n| n.kind() == PATH && n.text_range() == range)
                .and_then(|p| p.parent())
        })
}

/// The variable a parameter pattern binds, when it binds just one name.
fn param_variable(param: &SyntaxNode) -> Option<String> {
    match param.kind() {
        NAME_PAT => child_nodes(param).next().map(|n| name_text(&n)),
        PAREN_PAT | TYPED_PAT | ATTR_PAT => child_nodes(param)
            .find(|c| c.kind() != ATTR)
            .and_then(|inner| param_variable(&inner)),
        _ => None,
    }
}

/// The variable an argument is, when it is one (in parentheses or not).
fn variable_name(arg: &SyntaxNode) -> Option<String> {
    match arg.kind() {
        PATH_EXPR => Some(arg.text().to_string().trim().to_string()),
        PAREN_EXPR => child_nodes(arg).next().and_then(|e| variable_name(&e)),
        _ => None,
    }
}
