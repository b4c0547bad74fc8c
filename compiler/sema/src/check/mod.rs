//! The type checker: one [`Checker`] walks a file's declarations in order
//! (Futhark has no recursion, so each declaration sees only earlier ones),
//! inferring types with unification and reporting problems as diagnostics.
//!
//! Submodules: `decls` (value and type declarations, generalisation,
//! exhaustiveness), `exprs` (expression forms), `application` (function
//! application and size-dependent parameters), `bindings` (`let` and `loop`),
//! `patterns`, `literals` (bounds of integer literals), `types` (type
//! expressions to types), `modules` and `sigmatch` (module expressions,
//! signatures and matching), `names` (scopes and lookup), `uniqueness`,
//! `entry` (the rules for entry points), `loop_sizes` (loop results),
//! `param_sizes` (sizes parameters may name), `escape` (local type
//! parameters that escape), `size_scope` (sizes leaving their scope),
//! `size_links` (parameter sizes linked to expressions), `ambiguity` (sizes nothing
//! determines), `causality` and `causal_order` (sizes needed before they
//! are computed).

mod ambiguity;
mod application;
mod attributes;
mod bindings;
mod causal_order;
mod causality;
pub(crate) mod decls;
mod entry;
mod escape;
mod exhaustive;
mod exprs;
mod functional;
mod green;
pub(crate) mod ide;
mod levels;
mod liftedness;
mod literals;
mod loop_sizes;
mod modules;
mod names;
mod operators;
mod param_sizes;
mod patterns;
mod recursion;
mod sigmatch;
mod size_links;
mod size_origins;
mod size_scope;
mod type_decls;
mod types;
mod uniqueness;
mod valmatch;

use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

use runic_syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange};

use crate::diagnostic::{citation, Diagnostic, Loc, Origin};
use crate::env::{ModEnv, Scheme, TypeDef};
use crate::types::{TyVar, Type};
use crate::unify::{Mismatch, Unifier};

pub(crate) use names::Frame;
pub(crate) use types::collect_sizes;

/// A variable bound inside a definition (parameter, `let`, pattern).
#[derive(Debug, Clone)]
pub(crate) struct Local {
    /// Shared, so that looking a variable up copies no type.
    pub scheme: Arc<Scheme>,
    /// The range of the binding name, where known (for the IDE).
    pub def: Option<TextRange>,
}

/// The checking state of one file.
pub(crate) struct Checker<'a> {
    /// Resolves `import`s.
    pub imports: &'a dyn crate::Imports,
    pub u: Unifier,
    pub diagnostics: Vec<Diagnostic>,
    /// Module scopes, outermost (the prelude) first.
    pub frames: Vec<Frame>,
    /// Local value scopes inside the definition being checked.
    pub locals: Vec<HashMap<String, Local>>,
    /// For each scope of `locals`, how many names had been invented when
    /// it began (see `levels`).
    pub scope_marks: Vec<u32>,
    /// For each name bound in `locals`, the indices of the scopes that
    /// bind it, innermost last (kept by `bind_local_at` and `pop_scope`).
    pub local_index: HashMap<String, Vec<usize>>,
    /// Type parameters in scope inside the definition being checked.
    pub type_locals: Vec<HashMap<String, TypeDef>>,
    /// Counter for invented names (anonymous sizes, abstract types).
    pub fresh_names: u32,
    /// `match` expressions whose exhaustiveness is checked at the end of the
    /// enclosing top-level definition: node, scrutinee type, case patterns.
    pub pending_matches: Vec<(SyntaxNode, Type, Vec<SyntaxNode>)>,
    /// Lifted type parameters (`'^a`) in scope, with where they are bound:
    /// their values may be functions, which loops and branches may not carry.
    pub lifted_params: Vec<(String, TextRange)>,
    /// The size variables that instantiating a function's size parameters
    /// made in the definition being checked, with the function's name and
    /// where it is used (an ambiguous one is reported at the end).
    pub size_instances: Vec<(crate::types::SizeVar, String, TextRange)>,
    /// The run-time unknown size variables that stand in for a variable's
    /// invented size at a use, with that size's name (see `size_scope`).
    pub stand_ins: Vec<(String, crate::types::SizeVar)>,
    /// The existential sizes made in the definition being checked (the
    /// unknown result sizes of applications, branches and loops), with
    /// the application that made each, where known.
    pub existentials: Vec<(String, Option<TextRange>)>,
    /// Where each existential size of `existentials` came from, for the
    /// notes of size mismatches (see `size_origins`).
    pub size_origins: HashMap<String, size_origins::SizeOrigin>,
    /// The invented names of the anonymous sizes `[]` read in type
    /// expressions so far (a function's return type infers them).
    pub anonymous_dims: Vec<String>,
    /// The type variables each local function already checked made (its
    /// own: a type parameter of the same name elsewhere is another type).
    pub local_function_vars: Vec<std::ops::Range<u32>>,
    /// `let`-bound values with sizes still to infer, for the causality
    /// check at the end of the definition.
    pub pending_causality: Vec<causality::PendingCausality>,
    /// The sizes arguments compute in the definition being checked.
    pub size_expressions: Vec<size_links::SizeExpression>,
    /// While a `let [n] p = e` binds its pattern: its size parameters,
    /// each a size to infer from `e` (see `ambiguity`).
    pub let_size_vars: Vec<(String, crate::types::Size)>,
    /// Typed holes `???`, reported with their type at the same point.
    pub pending_holes: Vec<(TextRange, Type)>,
    /// Values that may not be functions (`functional`), checked once the
    /// definition's types are solved.
    pub pending_first_order: Vec<(TextRange, Type, functional::FirstOrderPlace)>,
    /// What the non-lifted type parameters of used values were instantiated
    /// to (the parameter, the value's name, the use), checked once solved.
    pub pending_unlifted: Vec<liftedness::UnliftedInstance>,
    /// `let` patterns, which must match every value of their type.
    pub pending_refutable: Vec<(SyntaxNode, Type)>,
    /// The type inferred for each expression of the definition being
    /// checked, by range (read by the uniqueness check).
    pub expr_types: HashMap<TextRange, Type>,
    /// The number literals of array literals that share their type
    /// variable with an earlier element (see `array_expr`): kept out of
    /// `expr_types` (a table entry per element is most of the cost of a
    /// long literal), entered in `solved_types` with the rest.
    pub shared_literal_types: Vec<(TextRange, TyVar)>,
    /// The solved type of every expression of the file's definitions (not
    /// of functor bodies re-elaborated at an application), by range.
    pub solved_types: HashMap<TextRange, Type>,
    /// Whether to fill `solved_types` (stages that run the program need
    /// them; diagnostics alone do not).
    pub record_types: bool,
    /// Whether to record name uses and binding types for the IDE (`ide`).
    pub record_names: bool,
    /// The value names met so far, with what each refers to (`ide`).
    pub name_uses: Vec<ide::NameUse>,
    /// Where variables are consumed (the variable's range; `ide`).
    pub consumed_at: Vec<TextRange>,
    /// The sizes function uses instantiate size parameters with (`ide`).
    pub size_args: Vec<ide::SizeArgs>,
    /// Whether the pattern being bound is a `let`'s or a lambda's (whose
    /// anonymous sizes are inferred from the value bound, not invented).
    pub in_let_pattern: bool,
    /// Integer literals of the definition being checked (where, value,
    /// type), checked against their type's range once it is known.
    pub pending_literals: Vec<(TextRange, i128, TyVar)>,
    /// Float literals likewise (where, text with any `-`, type).
    pub pending_float_literals: Vec<(TextRange, String, TyVar)>,
    /// The caller's id for the declaration being checked (0 when checking
    /// a whole file, whose ranges are then file offsets).
    pub origin: Origin,
    /// Marks the names invented in the declaration being checked, so
    /// that they differ from those of other declarations (0: unmarked).
    pub namespace: u64,
    /// Whether diagnostics are being collected (off while re-elaborating a
    /// functor body, whose errors were reported at its definition).
    pub quiet: u32,
    /// The path (`M.N.`) of the submodule whose functor is being matched
    /// against its spec: names in mismatch messages are qualified by it.
    pub match_path: String,
    /// Whether a definition's body is skipped: set on the checker that
    /// finds a definition's declared scheme (see `Checker::declared_scheme`).
    pub skip_body: bool,
    /// Whether what the top-level declaration defines is not needed (only
    /// its diagnostics are): a fully annotated top-level definition then
    /// skips finding its declared scheme (see `Checker::declared_scheme`).
    pub diagnostics_only: bool,
    /// The top-level function whose body is being checked, in scope in
    /// that body (`recursion`).
    pub recursive_self: Option<recursion::RecursiveSelf>,
}

impl<'a> Checker<'a> {
    pub fn new(outer: Arc<ModEnv>, imports: &'a dyn crate::Imports) -> Checker<'a> {
        Checker::with_frame(outer, imports, Frame::default())
    }

    /// A checker whose top-level frame is `frame` (what earlier top-level
    /// declarations defined).
    pub fn with_frame(
        outer: Arc<ModEnv>,
        imports: &'a dyn crate::Imports,
        frame: Frame,
    ) -> Checker<'a> {
        Checker::with_frames(vec![Frame::opened(outer), frame], imports)
    }

    /// A checker, fresh but for its scopes `frames` (outermost first).
    pub fn with_frames(frames: Vec<Frame>, imports: &'a dyn crate::Imports) -> Checker<'a> {
        Checker {
            imports,
            u: Unifier::default(),
            diagnostics: Vec::new(),
            frames,
            locals: Vec::new(),
            scope_marks: Vec::new(),
            local_index: HashMap::default(),
            type_locals: Vec::new(),
            fresh_names: 0,
            pending_matches: Vec::new(),
            pending_holes: Vec::new(),
            pending_first_order: Vec::new(),
            pending_unlifted: Vec::new(),
            size_instances: Vec::new(),
            stand_ins: Vec::new(),
            existentials: Vec::new(),
            size_origins: HashMap::default(),
            anonymous_dims: Vec::new(),
            local_function_vars: Vec::new(),
            pending_causality: Vec::new(),
            size_expressions: Vec::new(),
            let_size_vars: Vec::new(),
            lifted_params: Vec::new(),
            pending_refutable: Vec::new(),
            origin: 0,
            namespace: 0,
            pending_literals: Vec::new(),
            pending_float_literals: Vec::new(),
            expr_types: HashMap::default(),
            shared_literal_types: Vec::new(),
            solved_types: HashMap::default(),
            record_types: true,
            record_names: false,
            name_uses: Vec::new(),
            consumed_at: Vec::new(),
            size_args: Vec::new(),
            in_let_pattern: false,
            quiet: 0,
            match_path: String::new(),
            skip_body: false,
            diagnostics_only: false,
            recursive_self: None,
        }
    }

    /// Resets the per-declaration state before a top-level declaration.
    pub fn start_top_level(&mut self, namespace: u64) {
        self.u = Unifier::default();
        self.fresh_names = 0;
        self.namespace = namespace;
        self.size_instances.clear();
        self.stand_ins.clear();
        self.existentials.clear();
        self.size_origins.clear();
        self.anonymous_dims.clear();
        self.local_function_vars.clear();
        self.pending_causality.clear();
        self.size_expressions.clear();
    }

    pub fn report(&mut self, diagnostic: Diagnostic) {
        if self.quiet == 0 {
            self.diagnostics.push(diagnostic);
        }
    }

    pub fn error(&mut self, code: &'static str, range: TextRange, message: impl Into<String>) {
        self.report(Diagnostic::error(code, range, message));
    }

    /// Unifies `actual` with `expected`, reporting a mismatch at `range`.
    pub fn expect_type(&mut self, range: TextRange, expected: &Type, actual: &Type) -> bool {
        self.expect_in(range, Context::Plain, expected, actual)
    }

    /// Like [`Self::expect_type`], with the message saying where it happened.
    pub fn expect_in(
        &mut self,
        range: TextRange,
        context: Context,
        expected: &Type,
        actual: &Type,
    ) -> bool {
        match self.u.unify(expected, actual) {
            Ok(()) => true,
            Err(mismatch) => {
                let expected = self.u.display(expected);
                let actual = self.u.display(actual);
                self.report_mismatch(range, context, &expected, &actual, mismatch);
                false
            }
        }
    }

    /// Unifies an array literal's element type `ty` with that of the
    /// elements before it: a literal's constraint that fails is reported
    /// as due to the first element's type, as Futhark does.
    /// Unifies an array element's type `ty` with the element type of the
    /// array, reporting a mismatch at `range`; whether they unified.
    pub fn expect_array_element(&mut self, range: TextRange, elem_ty: &Type, ty: &Type) -> bool {
        let unified = self.u.unify(elem_ty, ty);
        let ok = unified.is_ok();
        if let Err(mismatch) = unified {
            let why = match mismatch {
                Mismatch::Constraint(t, wanted, Some(_)) => {
                    Mismatch::Constraint(t, wanted, Some("type of first array element".to_string()))
                }
                other => other,
            };
            let (expected, actual) = (self.u.display(elem_ty), self.u.display(ty));
            self.report_mismatch(range, Context::Plain, &expected, &actual, why);
        }
        ok
    }

    pub fn report_mismatch(
        &mut self,
        range: TextRange,
        context: Context,
        expected: &Type,
        actual: &Type,
        why: Mismatch,
    ) {
        let (code, message) = match why {
            Mismatch::Constraint(ty, wanted, reason) => {
                let detail = self.constraint_message(&ty, &wanted, reason);
                let message = match context {
                    Context::Plain => detail,
                    _ => context.message(expected, actual, &detail, false),
                };
                ("type-mismatch", message)
            }
            Mismatch::Consumption(a, b) => {
                let detail = format!(
                    "Parameters\n  {}\nand\n  {}\nare incompatible regarding consuming their arguments.",
                    self.u.display(&a),
                    self.u.display(&b)
                );
                (
                    "type-mismatch",
                    context.message(expected, actual, &detail, false),
                )
            }
            Mismatch::Infinite => (
                "type-mismatch",
                format!("Occurs check: cannot instantiate \"{expected}\" with \"{actual}\"."),
            ),
            Mismatch::Sizes(a, b) => {
                let detail = format!(
                    "Sizes \"{}\" and \"{}\" do not match.{}",
                    show_size(&a),
                    show_size(&b),
                    self.size_origin_notes(&[&a, &b])
                );
                (
                    "size-mismatch",
                    context.message(expected, actual, &detail, true),
                )
            }
            Mismatch::AnonymousSizes(param, ty) => {
                let detail = format!(
                    "Type variable {param} cannot be instantiated with type containing anonymous sizes:\n  {}\nThis is usually because the size of an array returned by a higher-order function argument cannot be determined statically, or because the return size is a value parameter. Add a type annotation to clarify.",
                    self.u.display(&ty)
                );
                (
                    "anonymous-sizes",
                    context.message(expected, actual, &detail, false),
                )
            }
            Mismatch::Detail(detail) => {
                let message = match context {
                    Context::Plain => detail,
                    _ => context.message(expected, actual, &detail, false),
                };
                ("type-mismatch", message)
            }
            Mismatch::Types(x, y) => {
                let mut detail = structural_detail(expected, actual);
                if detail.is_empty() {
                    // The parts of the types that differ, found inside them.
                    detail = structural_detail(&self.u.display(&x), &self.u.display(&y));
                }
                (
                    "type-mismatch",
                    context.message(expected, actual, &detail, false),
                )
            }
        };
        self.report(Diagnostic::error(code, range, message));
    }

    fn constraint_message(&self, ty: &Type, wanted: &str, reason: Option<String>) -> String {
        let ty = self.u.display(ty);
        if wanted.starts_with("constrained to ") {
            let due = reason.map(|r| format!(" due to {r}")).unwrap_or_default();
            return format!("Type {wanted}{due}.");
        }
        if let Some(param) = wanted.strip_prefix("unlifted ") {
            return format!(
                "Type\n  {ty}\nfound to be functional.\nWhen verifying that \"{param}\" is not instantiated with a function type."
            );
        }
        if wanted == "a type with equality" {
            return format!("Type \"{ty}\" does not support equality (may contain function).");
        }
        match (wanted.strip_prefix("one of "), reason) {
            (Some(list), Some(reason)) => format!(
                "Cannot instantiate \"t\" with type\n  {ty}\nas \"t\" must be one of {list}\ndue to {reason}."
            ),
            (Some(list), None) => format!("Cannot unify type \"{ty}\" with any of {list}."),
            (None, _) => format!("Type {ty} is not {wanted}."),
        }
    }

    /// A place in the declaration being checked.
    pub fn loc(&self, range: TextRange) -> Loc {
        Loc {
            origin: self.origin,
            range,
        }
    }

    /// Reports a value of a lifted type parameter where functions may not be.
    pub fn check_not_lifted(&mut self, ty: &Type, range: TextRange, context: &str) {
        let resolved = self.u.resolve(ty);
        let Some((name, at)) = self
            .lifted_params
            .iter()
            .find(|(name, _)| mentions_named(&resolved, name))
            .cloned()
        else {
            return;
        };
        let cited = citation(self.loc(at));
        self.error(
            "lifted-type",
            range,
            format!("Type parameter \"{name}\" at {cited} may be a function.\nWhen checking type {context}."),
        );
    }

    /// A name no other invented name equals: numbered within the top-level
    /// declaration and marked with its namespace (messages show only the
    /// number).
    pub fn fresh_name(&mut self, prefix: &str) -> String {
        self.fresh_names += 1;
        invented_name(prefix, self.fresh_names, self.namespace)
    }

    /// Runs `f` with a source of fresh invented size names (`?N`) that
    /// needs no access to the checker.
    pub(super) fn inventing<R>(&mut self, f: impl FnOnce(&dyn Fn() -> String) -> R) -> R {
        let next = std::cell::Cell::new(self.fresh_names);
        let namespace = self.namespace;
        let namer = || {
            next.set(next.get() + 1);
            invented_name("?", next.get(), namespace)
        };
        let result = f(&namer);
        self.fresh_names = next.get();
        result
    }
}

fn invented_name(prefix: &str, number: u32, namespace: u64) -> String {
    match namespace {
        0 => format!("{prefix}{number}"),
        namespace => format!("{prefix}{number}@{namespace}"),
    }
}

/// Where a type mismatch happened: decides the first line of the message.
pub(crate) enum Context {
    /// No particular place: "Types ... do not match."
    Plain,
    /// A function's body against its declared return type.
    Body,
    /// An expression against its `:` or `:>` annotation.
    Ascription,
    /// A loop body against the loop parameter.
    LoopBody,
    /// An argument of an application (the texts are only made for a message).
    Apply { func: SyntaxNode, arg: SyntaxNode },
    /// A pattern against the type of the value it matches (its text is
    /// only made for a message).
    Pattern(SyntaxNode),
}

impl Context {
    /// The message for a mismatch of `expected` and `actual`, `detail`
    /// saying what differs.
    fn message(&self, expected: &Type, actual: &Type, detail: &str, sizes: bool) -> String {
        let header = match self {
            Context::Plain if sizes => {
                return format!("{detail}\nExpected: {expected}\nActual:   {actual}")
            }
            Context::Pattern(pattern) => {
                let pattern = exprs::compact_text(pattern);
                let text =
                    format!("Pattern\n  {pattern}\ncannot match value of type\n  {expected}");
                return if detail.is_empty() {
                    text
                } else {
                    format!("{text}\n\n{detail}")
                };
            }
            Context::Plain => {
                let text = format!("Types\n  {expected}\nand\n  {actual}\ndo not match.");
                return if detail.is_empty() {
                    text
                } else {
                    format!("{text}\n{detail}")
                };
            }
            Context::Body => "Function body does not have expected type.".to_string(),
            Context::Ascription => {
                "Expression does not have expected type from explicit ascription.".to_string()
            }
            Context::LoopBody => "Loop body does not have expected type.".to_string(),
            // Futhark names the function only when it has a name.
            Context::Apply { func, arg } if is_anonymous_function(func) => format!(
                "Cannot apply function to \"{}\" (invalid type).",
                exprs::compact_text(arg)
            ),
            Context::Apply { func, arg } => format!(
                "Cannot apply \"{}\" to \"{}\" (invalid type).",
                exprs::compact_text(func),
                exprs::compact_text(arg)
            ),
        };
        let mut text = format!("{header}\nExpected: {expected}\nActual:   {actual}");
        if !detail.is_empty() {
            text.push('\n');
            text.push_str(detail);
        }
        text
    }
}

/// Whether `func` is a function without a name: a lambda or a projection
/// or index section, possibly in parentheses.
fn is_anonymous_function(func: &SyntaxNode) -> bool {
    match func.kind() {
        SyntaxKind::LAMBDA_EXPR | SyntaxKind::PROJECT_SECTION | SyntaxKind::INDEX_SECTION => true,
        SyntaxKind::PAREN_EXPR => child_nodes(func)
            .last()
            .is_some_and(|inner| is_anonymous_function(&inner)),
        _ => false,
    }
}

/// What differs between two types that do not unify: unshared record fields
/// or constructors, or the first record field whose types differ.
fn structural_detail(expected: &Type, actual: &Type) -> String {
    match (expected, actual) {
        (Type::Record(a), Type::Record(b)) => {
            let mut unshared: Vec<&String> = a
                .keys()
                .filter(|k| !b.contains_key(*k))
                .chain(b.keys().filter(|k| !a.contains_key(*k)))
                .collect();
            unshared.sort();
            if !unshared.is_empty() {
                let names: Vec<&str> = unshared.iter().map(|s| s.as_str()).collect();
                return format!("Unshared fields: {}.", names.join(", "));
            }
            a.iter()
                .find(|(k, t)| b.get(*k).is_some_and(|u| u != *t))
                .map(|(k, _)| format!("When matching types of record field \"{k}\"."))
                .unwrap_or_default()
        }
        (Type::Sum(a), Type::Sum(b)) => {
            let mut unshared: Vec<String> = a
                .keys()
                .filter(|k| !b.contains_key(*k))
                .chain(b.keys().filter(|k| !a.contains_key(*k)))
                .map(|k| format!("#{k}"))
                .collect();
            unshared.sort();
            if !unshared.is_empty() {
                return format!("Unshared constructors: {}.", unshared.join(", "));
            }
            a.iter()
                .find(|(k, ts)| b.get(*k).is_some_and(|us| us.len() != ts.len()))
                .map(|(k, _)| format!("Cannot unify constructor \"{k}\"."))
                .unwrap_or_default()
        }
        _ => String::new(),
    }
}

pub(super) fn show_size(size: &crate::types::Size) -> String {
    size.map(&|s| crate::unify::show_unknown_size(s).map(crate::types::Size::Named))
        .to_string()
}

// ---- small syntax helpers shared by the submodules ----

/// Child nodes of `node` (in order).
pub(crate) fn child_nodes(node: &SyntaxNode) -> impl Iterator<Item = SyntaxNode> {
    node.children()
}

pub(crate) fn token_of_kind(node: &SyntaxNode, kind: SyntaxKind) -> Option<SyntaxToken> {
    node.children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == kind)
}

/// Significant tokens directly under `node`.
pub(crate) fn direct_tokens(node: &SyntaxNode) -> impl Iterator<Item = SyntaxToken> {
    node.children_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia())
}

/// The text of a `NAME` node (operators without their parentheses).
pub(crate) fn name_text(name: &SyntaxNode) -> String {
    direct_tokens(name)
        .find(|t| {
            matches!(
                t.kind(),
                SyntaxKind::IDENT | SyntaxKind::OPERATOR | SyntaxKind::INT_NUMBER
            )
        })
        .map(|t| t.text().to_string())
        .unwrap_or_default()
}

/// The segments of a `PATH` node: `M.N.x` gives `["M", "N", "x"]`.
pub(crate) fn path_segments(path: &SyntaxNode) -> Vec<String> {
    direct_tokens(path)
        .filter(|t| matches!(t.kind(), SyntaxKind::IDENT | SyntaxKind::OPERATOR))
        .map(|t| t.text().to_string())
        .collect()
}

impl Checker<'_> {
    /// The type of an expression that may be missing from a broken tree.
    pub fn expr_or_fresh<N: std::borrow::Borrow<SyntaxNode>>(&mut self, node: Option<N>) -> Type {
        match node {
            Some(node) => self.expr(node.borrow()),
            None => self.u.fresh(),
        }
    }

    /// The type a type expression denotes, if the tree has one there.
    pub fn type_or_fresh<N: std::borrow::Borrow<SyntaxNode>>(&mut self, node: Option<N>) -> Type {
        match node {
            Some(node) => self.type_exp(node.borrow()),
            None => self.u.fresh(),
        }
    }
}

/// Whether `ty` mentions the named type `name` (a type parameter).
fn mentions_named(ty: &Type, name: &str) -> bool {
    ty.any(&|t| matches!(t, Type::Named { name: n, .. } if n == name))
}
