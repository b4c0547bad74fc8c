//! Patterns: the type a pattern matches, and the names it binds (added to
//! the innermost local scope). A name bound twice in one pattern is an error.

use std::collections::BTreeMap;

use rustc_hash::FxHashMap as HashMap;

use runic_syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use super::{child_nodes, direct_tokens, name_text, token_of_kind, Checker};
use crate::diagnostic::{citation, Diagnostic};
use crate::env::Scheme;
use crate::types::{PrimType, Type};
use crate::unify::Constraint;

impl Checker<'_> {
    /// Checks `node` against `expected` and binds its names.
    pub fn bind_pattern(&mut self, node: &SyntaxNode, expected: &Type) {
        let mut seen = HashMap::default();
        self.pattern(node, expected, &mut seen);
    }

    /// Like [`Self::bind_pattern`], after the size parameters `sizes` of a
    /// `let` (name and where written), which share the pattern's namespace.
    pub fn bind_pattern_after_sizes(
        &mut self,
        sizes: &[(String, TextRange)],
        node: &SyntaxNode,
        expected: &Type,
    ) {
        let mut seen = HashMap::default();
        for (name, range) in sizes {
            self.note_bound(name, *range, &mut seen);
        }
        self.pattern(node, expected, &mut seen);
    }

    /// Binds the parameters of one function: a name may appear only once
    /// among all of them. Returns their types.
    pub fn bind_params(&mut self, params: &[SyntaxNode]) -> Vec<Type> {
        self.bind_params_after_sizes(&[], params)
    }

    /// Like [`Self::bind_params`], after the size parameters `sizes` (name
    /// and where written), which share the parameters' namespace.
    pub fn bind_params_after_sizes(
        &mut self,
        sizes: &[(String, TextRange)],
        params: &[SyntaxNode],
    ) -> Vec<Type> {
        let mut seen = HashMap::default();
        for (name, range) in sizes {
            self.note_bound(name, *range, &mut seen);
        }
        params
            .iter()
            .map(|param| {
                let ty = self.u.fresh();
                self.pattern(param, &ty, &mut seen);
                ty
            })
            .collect()
    }

    /// [`Self::pattern_unguarded`] with enough stack for any depth.
    fn pattern(
        &mut self,
        node: &SyntaxNode,
        expected: &Type,
        seen: &mut HashMap<String, TextRange>,
    ) {
        runic_syntax::with_stack(|| self.pattern_unguarded(node, expected, seen))
    }

    fn pattern_unguarded(
        &mut self,
        node: &SyntaxNode,
        expected: &Type,
        seen: &mut HashMap<String, TextRange>,
    ) {
        match node.kind() {
            NAME_PAT => {
                if let Some(name) = child_nodes(node).next() {
                    self.bind_name(&name, expected.clone(), seen);
                }
            }
            WILDCARD_PAT => {}
            PAREN_PAT => {
                if let Some(inner) = child_nodes(node).next() {
                    self.pattern(&inner, expected, seen);
                }
            }
            TUPLE_PAT => {
                let elems: Vec<SyntaxNode> = child_nodes(node).collect();
                let tys: Vec<Type> = elems.iter().map(|_| self.u.fresh()).collect();
                self.expect_pattern(node, expected, &Type::tuple(tys.clone()));
                for (elem, ty) in elems.iter().zip(&tys) {
                    self.pattern(elem, ty, seen);
                }
            }
            RECORD_PAT => self.record_pattern(node, expected, seen),
            TYPED_PAT => {
                let mut parts = child_nodes(node);
                let (Some(inner), Some(ty_node)) = (parts.next(), parts.next()) else {
                    return;
                };
                let mut ty = self.type_exp(&ty_node);
                // `let xs: []t = e`: the anonymous size is e's, whatever it
                // is; and an ascription inside (or around) another one
                // takes its anonymous sizes from the other's (`((_, xs:
                // [n]t): (i32, []t))`), as Futhark unifies them.
                if self.in_let_pattern || nested_ascription(node, &inner) {
                    ty = self.fresh_invented_sizes(&ty);
                }
                self.expect_pattern(node, expected, &ty);
                self.pattern(&inner, &ty, seen);
            }
            LITERAL_PAT => {
                let ty = self.literal_pattern_type(node);
                self.expect_pattern(node, expected, &ty);
            }
            CONSTRUCTOR_PAT => self.constructor_pattern(node, expected, seen),
            ATTR_PAT => {
                if let Some(inner) = child_nodes(node).find(|c| c.kind() != ATTR) {
                    self.pattern(&inner, expected, seen);
                }
            }
            _ => {}
        }
    }

    /// Unifies the type of the value matched with the type `pattern` has.
    fn expect_pattern(&mut self, pattern: &SyntaxNode, value: &Type, pattern_ty: &Type) {
        if let Err(mismatch) = self.u.unify(value, pattern_ty) {
            // Futhark compares the pattern's type with the value's, so a
            // size mismatch names the pattern's size first.
            let mismatch = match mismatch {
                crate::unify::Mismatch::Sizes(of_value, of_pattern) => {
                    crate::unify::Mismatch::Sizes(of_pattern, of_value)
                }
                other => other,
            };
            let (shown_value, shown_pattern) = (self.u.display(value), self.u.display(pattern_ty));
            let context = super::Context::Pattern(pattern.clone());
            self.report_mismatch(
                pattern.text_range(),
                context,
                &shown_value,
                &shown_pattern,
                mismatch,
            );
        }
    }

    fn record_pattern(
        &mut self,
        node: &SyntaxNode,
        expected: &Type,
        seen: &mut HashMap<String, TextRange>,
    ) {
        let mut fields = BTreeMap::new();
        let mut subpatterns = Vec::new();
        let mut field_at: HashMap<String, TextRange> = HashMap::default();
        for field in child_nodes(node).filter(|c| c.kind() == RECORD_PAT_FIELD) {
            let mut parts = child_nodes(&field);
            let Some(name_node) = parts.next() else {
                continue;
            };
            let name = name_text(&name_node);
            if let Some(first) = field_at.insert(name.clone(), field.text_range()) {
                let cited = citation(self.loc(first));
                self.error(
                    "duplicate-field",
                    field.text_range(),
                    format!(
                        "Duplicate fields in record pattern: \"{name}\" also matched at {cited}."
                    ),
                );
            }
            let ty = self.u.fresh();
            fields.insert(name.clone(), ty.clone());
            match parts.next() {
                Some(sub) if super::decls::is_pattern(&sub) => subpatterns.push((sub, ty)),
                Some(type_node) => {
                    let annotated = self.type_exp(&type_node);
                    self.expect_type(field.text_range(), &annotated, &ty);
                    self.bind_name(&name_node, ty, seen);
                }
                None => self.bind_name(&name_node, ty, seen),
            }
        }
        self.expect_pattern(node, expected, &Type::Record(fields));
        for (sub, ty) in subpatterns {
            self.pattern(&sub, &ty, seen);
        }
    }

    fn bind_name(&mut self, name: &SyntaxNode, ty: Type, seen: &mut HashMap<String, TextRange>) {
        let text = name_text(name);
        self.note_bound(&text, name.text_range(), seen);
        self.note_binding(&text, name.text_range(), &ty);
        self.bind_local_at(text, Scheme::mono(ty), Some(name.text_range()));
    }

    /// Records that `text` is bound at `range`, reporting an earlier binding
    /// in the same pattern or parameter list.
    fn note_bound(&mut self, text: &str, range: TextRange, seen: &mut HashMap<String, TextRange>) {
        if let Some(first) = seen.insert(text.to_string(), range) {
            self.report(
                Diagnostic::error("bound-twice", range, {
                    let cited = citation(self.loc(first));
                    format!("Name \"{text}\" also bound at {cited}.")
                })
                .with_related(first, format!("\"{text}\" first bound here")),
            );
        }
    }

    fn constructor_pattern(
        &mut self,
        node: &SyntaxNode,
        expected: &Type,
        seen: &mut HashMap<String, TextRange>,
    ) {
        let Some(token) = token_of_kind(node, CONSTRUCTOR) else {
            return;
        };
        let name = token.text().trim_start_matches('#').to_string();
        let args: Vec<SyntaxNode> = child_nodes(node).collect();
        let payload: Vec<Type> = args.iter().map(|_| self.u.fresh()).collect();
        if self.constructor_arity_differs(node, expected, &name, args.len()) {
            for (arg, ty) in args.iter().zip(&payload) {
                self.pattern(arg, ty, seen);
            }
            return;
        }
        let wanted = self
            .u
            .fresh_with(Constraint::HasConstructors(BTreeMap::from([(
                name,
                payload.clone(),
            )])));
        self.expect_pattern(node, expected, &wanted);
        for (arg, ty) in args.iter().zip(&payload) {
            self.pattern(arg, ty, seen);
        }
    }

    /// Reports a constructor pattern with another number of arguments than
    /// the (known) sum type gives its constructor.
    fn constructor_arity_differs(
        &mut self,
        node: &SyntaxNode,
        expected: &Type,
        name: &str,
        given: usize,
    ) -> bool {
        let Type::Sum(constructors) = self.u.resolve(expected) else {
            return false;
        };
        let Some(payload) = constructors.get(name).filter(|p| p.len() != given) else {
            return false;
        };
        let of_type = self.u.display(&Type::Sum(BTreeMap::from([(
            name.to_string(),
            payload.clone(),
        )])));
        let wanted = payload.len();
        let detail = format!(
            "Cannot unify type with constructor\n  #{name}\nwith type of constructor\n  {of_type}\nbecause they differ in arity.\nPattern #{name} expects {given} constructor arguments, but type provides {wanted} arguments."
        );
        let context = super::Context::Pattern(node.clone());
        let shown = self.u.display(expected);
        let message = context.message(&shown, &shown, &detail, false);
        self.error("type-mismatch", node.text_range(), message);
        true
    }

    fn literal_pattern_type(&mut self, node: &SyntaxNode) -> Type {
        let Some(token) = direct_tokens(node).last() else {
            return self.u.fresh();
        };
        match token.kind() {
            TRUE_KW | FALSE_KW => Type::bool(),
            CHAR => Type::Prim(PrimType::U8),
            STRING => Type::array_of(Type::Prim(PrimType::U8), vec![self.u.fresh_size()], false),
            INT_NUMBER | FLOAT_NUMBER => {
                self.number_type(token.text(), token.kind() == FLOAT_NUMBER)
            }
            _ => self.u.fresh(),
        }
    }
}

/// Whether the typed pattern `node` (with inner pattern `inner`) is inside
/// another typed pattern or has one inside.
fn nested_ascription(node: &SyntaxNode, inner: &SyntaxNode) -> bool {
    let outer = node
        .ancestors()
        .skip(1)
        .take_while(|a| a.kind().is_pattern())
        .any(|a| a.kind() == TYPED_PAT);
    outer || super::green::contains_kind(inner, TYPED_PAT)
}
