//! The causality check: a size must be computed before a value whose type
//! needs it is bound. A `let`-bound value whose type has a size still to
//! infer (as `[] : [][]i32` has an inner size) may not have that size
//! inferred as an existential size made later in the definition (by a
//! `filter` after it): at run time the size does not yet exist when the
//! value is made.

use runic_syntax::TextRange;

use super::Checker;
use crate::diagnostic::Diagnostic;
use crate::types::{Size, SizeVar, Type};

/// A `let`-bound value's sizes still to infer when it was bound.
pub(crate) struct PendingCausality {
    /// The `let`'s pattern.
    pub pattern: TextRange,
    pub pattern_text: String,
    pub vars: Vec<SizeVar>,
    /// How many names had been invented when the value was bound.
    pub invented_before: u32,
}

/// The number of an invented name (`?3` or `?3@ns` is 3).
fn invented_number(name: &str) -> Option<u32> {
    let number = name.strip_prefix('?')?;
    number
        .split_once('@')
        .map_or(number, |(n, _)| n)
        .parse()
        .ok()
}

impl Checker<'_> {
    /// Remembers the sizes to infer of a value of type `ty` bound by the
    /// `let` pattern `pattern`.
    pub(super) fn note_let_sizes(&mut self, pattern: &runic_syntax::SyntaxNode, ty: &Type) {
        let mut vars = Vec::new();
        super::types::collect_sizes(&self.u.resolve(ty), &mut |s| {
            if let Size::Var(v) = s {
                vars.push(*v);
            }
        });
        vars.retain(|v| !self.u.is_unknown_size(*v));
        if vars.is_empty() || matches!(self.u.resolve(ty), Type::Arrow { .. }) {
            return;
        }
        self.pending_causality.push(PendingCausality {
            pattern: pattern.text_range(),
            pattern_text: super::exprs::compact_text(pattern),
            vars,
            invented_before: self.fresh_names,
        });
    }

    /// The name of a (resolved) size: its own, or the invented name of a
    /// run-time unknown unified with it.
    fn size_name(&self, size: &Size) -> Option<String> {
        match size {
            Size::Named(name) => Some(name.clone()),
            Size::Var(_) => self
                .stand_ins
                .iter()
                .find(|(_, var)| self.u.resolve_size(&Size::Var(*var)) == *size)
                .map(|(name, _)| name.clone()),
            _ => None,
        }
    }

    /// At the end of a definition: reports a bound value whose size was
    /// inferred to be an existential size made after it.
    pub(super) fn check_causality(&mut self) {
        for pending in std::mem::take(&mut self.pending_causality) {
            let later = pending.vars.iter().find_map(|v| {
                let name = self.size_name(&self.u.resolve_size(&Size::Var(*v)))?;
                let (_, made_at) = self.existentials.iter().find(|(e, _)| *e == name)?;
                let made_later =
                    invented_number(&name).is_some_and(|n| n > pending.invented_before);
                made_later.then_some((name, *made_at))
            });
            let Some((name, made_at)) = later else {
                continue;
            };
            let shown = crate::unify::show_unknown_size(&Size::Named(name)).unwrap_or_default();
            let mut diagnostic = Diagnostic::error(
                "causality",
                pending.pattern,
                format!(
                    "Causality check: size \"{shown}\" needed for the type of \"{}\", but it is computed only later.\nHint: bind the expression producing \"{shown}\" with \"let\" beforehand.",
                    pending.pattern_text
                ),
            );
            if let Some(at) = made_at {
                diagnostic = diagnostic.with_related(
                    at,
                    format!(
                        "\"{shown}\" is computed here, after \"{}\" is bound",
                        pending.pattern_text
                    ),
                );
            }
            self.report(diagnostic);
        }
    }
}
