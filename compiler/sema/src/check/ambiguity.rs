//! Ambiguous sizes: a size parameter of a function, instantiated at a use,
//! that nothing in the definition determines (Futhark's "Ambiguous size
//! ... arising from instantiated size parameter of ..."), as in
//! `length ???`, or `f (\xs -> xs[0])` where `f`'s size parameter appears
//! only in the type of its function parameter.

use runic_syntax::TextRange;

use super::Checker;
use crate::diagnostic::Diagnostic;
use crate::env::Scheme;
use crate::types::{Size, SizeVar, Type};

impl Checker<'_> {
    /// Instantiates the scheme of the value `name` used at `range`,
    /// remembering the size variables its size parameters became.
    pub fn instantiate_named(&mut self, scheme: &Scheme, name: &str, range: TextRange) -> Type {
        let before = self.u.size_var_count();
        let existentials_before = self.existentials.len();
        let unlifted_before = self.pending_unlifted.len();
        let ty = self.instantiate(scheme);
        for (_, _, used) in &mut self.pending_unlifted[unlifted_before..] {
            *used = Some((name.to_string(), range));
        }
        self.note_size_instances(scheme, range, before);
        let made: Vec<Size> = self.existentials[existentials_before..]
            .iter_mut()
            .map(|(existential, made_at)| {
                *made_at = Some(range);
                Size::Named(existential.clone())
            })
            .collect();
        for size in made {
            let function = Some(name.to_string());
            self.note_size_origin(
                &size,
                super::size_origins::SizeOrigin::Returned {
                    function,
                    at: range,
                },
            );
        }
        for index in before..self.u.size_var_count() {
            let var = SizeVar(index);
            if !self.u.is_unknown_size(var) {
                self.size_instances.push((var, name.to_string(), range));
            }
        }
        ty
    }

    /// After `let [n] ... = e` bound its pattern, with the size
    /// parameters (`nodes`) as sizes to infer (`vars`): each takes its
    /// name, and one the pattern uses but `e` does not determine is
    /// ambiguous (those in `unused` were reported already).
    pub(super) fn name_let_sizes(
        &mut self,
        nodes: &[runic_syntax::SyntaxNode],
        vars: &[(String, Size)],
        unused: &[runic_syntax::SyntaxNode],
    ) {
        let undetermined = self.u.undetermined_sizes();
        for (node, (name, var)) in nodes.iter().zip(vars) {
            let resolved = self.u.resolve_size(var);
            let used = !unused.contains(node);
            if used && matches!(resolved, Size::Var(v) if undetermined.contains(&v)) {
                self.error(
                    "ambiguous-size",
                    node.text_range(),
                    format!("Ambiguous size \"{name}\".\nNothing in the bound value determines it; add a type annotation to the value."),
                );
            }
            if let Size::Var(_) = resolved {
                let _ = self.u.unify_size(&resolved, &Size::Named(name.clone()));
            }
        }
    }

    /// At the end of a top-level definition whose type is `ty` (solved):
    /// reports each instantiated size that nothing determined and that
    /// the definition's type does not quantify over.
    pub(super) fn check_ambiguous_sizes(&mut self, ty: &Type) {
        // What the sizes need is found when first needed: most instances'
        // sizes are determined.
        let mut undetermined = None;
        let mut in_type: Option<Vec<Size>> = None;
        let mut reported = Vec::new();
        for (var, name, range) in std::mem::take(&mut self.size_instances) {
            let root = self.u.resolve_size(&Size::Var(var));
            let Size::Var(root_var) = root else {
                continue;
            };
            let undetermined = undetermined.get_or_insert_with(|| self.u.undetermined_sizes());
            if !undetermined.contains(&root_var) {
                continue;
            }
            let in_type = in_type.get_or_insert_with(|| {
                let mut sizes = Vec::new();
                super::types::collect_sizes(&self.u.resolve(ty), &mut |s| sizes.push(s.clone()));
                sizes
            });
            if in_type.contains(&root) {
                continue;
            }
            if reported.contains(&root_var) {
                continue;
            }
            reported.push(root_var);
            let shown = crate::unify::show_unknown_size(&root).unwrap_or_default();
            self.report(Diagnostic::error(
                "ambiguous-size",
                range,
                format!("Ambiguous size \"{shown}\" arising from instantiated size parameter of \"{name}\"."),
            ));
        }
    }
}
