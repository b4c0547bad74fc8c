//! What the checker records for an IDE: which definition each value name
//! refers to ([`NameUse`]), the types of the names patterns bind, and
//! where variables are consumed.
//! Recorded only when [`Checker::record_names`] is set (by
//! [`crate::analyse_decl`]); checking for diagnostics pays nothing.

use std::sync::Arc;

use runic_syntax::{TextRange, TextSize};

use super::Checker;
use crate::diagnostic::Loc;
use crate::env::Scheme;
use crate::types::{Size, SizeVar, Type};

/// One occurrence of a value name (a use or the name of a definition).
#[derive(Debug, Clone, PartialEq)]
pub struct NameUse {
    /// The name's own range (one segment of a dotted path).
    pub range: TextRange,
    pub name: String,
    pub target: NameTarget,
}

/// What a name refers to.
#[derive(Debug, Clone, PartialEq)]
pub enum NameTarget {
    /// A variable bound inside the same top-level declaration, at `def`
    /// (the binding name's range), where known.
    Local { def: Option<TextRange> },
    /// A definition of a module scope (the file, an import, the prelude):
    /// where it was defined, if in a checked program, and its type scheme.
    Global {
        def: Option<Loc>,
        scheme: Arc<Scheme>,
    },
}

impl Checker<'_> {
    /// Records that segment `index` of the dotted name `segments`, which
    /// starts at `start`, refers to `target`.
    pub(crate) fn note_use(
        &mut self,
        segments: &[String],
        index: usize,
        start: TextSize,
        target: NameTarget,
    ) {
        if !self.record_names || self.quiet > 0 {
            return;
        }
        let Some(name) = segments.get(index) else {
            return;
        };
        let offset: usize = segments[..index].iter().map(|s| s.len() + 1).sum();
        let range = TextRange::at(start + TextSize::from(offset as u32), text_len(name));
        self.name_uses.push(NameUse {
            range,
            name: name.clone(),
            target,
        });
    }

    /// Records a binding name at `range` and its type (solved with the
    /// definition's expression types).
    pub(crate) fn note_binding(&mut self, name: &str, range: TextRange, ty: &Type) {
        if self.record_names && self.quiet == 0 {
            self.expr_types.insert(range, ty.clone());
            self.name_uses.push(NameUse {
                range,
                name: name.to_string(),
                target: NameTarget::Local { def: Some(range) },
            });
        }
    }
}

impl Checker<'_> {
    /// Records that the variable written at `at` is consumed there.
    pub(crate) fn note_consumed(&mut self, at: TextRange) {
        if self.record_names && self.quiet == 0 && !self.consumed_at.contains(&at) {
            self.consumed_at.push(at);
        }
    }
}

/// The sizes a use of a function instantiates its size parameters with.
#[derive(Debug, Clone, PartialEq)]
pub struct SizeArgs {
    /// The function's name at the use.
    pub range: TextRange,
    /// Each size parameter and its solved size (those still unknown at
    /// the end of the definition are left out).
    pub sizes: Vec<(String, crate::types::Size)>,
}

impl Checker<'_> {
    /// After `scheme` was instantiated at `range`, with the first size
    /// variable it made numbered `first`: records its size parameters'
    /// variables, solved at the end of the definition.
    pub(crate) fn note_size_instances(&mut self, scheme: &Scheme, range: TextRange, first: u32) {
        if !self.record_names || self.quiet > 0 {
            return;
        }
        let sizes = scheme
            .params
            .iter()
            .filter_map(|p| match p {
                crate::env::TypeParam::Size(name) => Some(name.clone()),
                crate::env::TypeParam::Type { .. } => None,
            })
            .enumerate()
            .map(|(i, name)| (name, Size::Var(SizeVar(first + i as u32))))
            .collect::<Vec<_>>();
        if !sizes.is_empty() {
            self.size_args.push(SizeArgs { range, sizes });
        }
    }

    /// Solves the recorded size arguments of the definition just checked.
    pub(crate) fn solve_size_args(&mut self) {
        for args in &mut self.size_args {
            for (_, size) in &mut args.sizes {
                *size = self.u.resolve_size(size);
            }
            args.sizes.retain(|(_, size)| !matches!(size, Size::Var(_)));
        }
        self.size_args.retain(|args| !args.sizes.is_empty());
    }
}

fn text_len(text: &str) -> TextSize {
    TextSize::from(text.len() as u32)
}
