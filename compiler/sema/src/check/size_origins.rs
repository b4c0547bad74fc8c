//! Where an unknown size comes from. Each existential size made while
//! checking a definition (a function's unknown result size, a branch join
//! of differing sizes, a range whose length is not a size, a loop's
//! changing size) remembers its origin, and a size mismatch that involves
//! it ends with a note saying where it came from, in Futhark's words:
//! `"d₁" is unknown due to conditional expression at 6:3-30.` followed by
//! the types of the two branches.

use runic_syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use super::{direct_tokens, show_size, Checker};
use crate::diagnostic::span_citation;
use crate::types::{PrimType, Size, Type};

/// What made an existential size.
#[derive(Debug, Clone)]
pub(crate) enum SizeOrigin {
    /// The unknown result size of applying `function` (when named).
    Returned {
        function: Option<String>,
        at: TextRange,
    },
    /// Branches whose results differ in size (their types as shown).
    Branches {
        at: TextRange,
        former: String,
        latter: String,
    },
    /// A range whose length is not known statically.
    Range { at: TextRange },
    /// A slice whose length is not known statically.
    Slice { at: TextRange },
}

impl Checker<'_> {
    /// Remembers where the existential `size` came from (the first origin
    /// noted for a size is kept).
    pub(super) fn note_size_origin(&mut self, size: &Size, origin: SizeOrigin) {
        if let Size::Named(name) = size {
            self.size_origins.entry(name.clone()).or_insert(origin);
        }
    }

    /// The notes explaining the existential sizes among `sizes`, one
    /// paragraph each ("" when none has a known origin).
    pub(super) fn size_origin_notes(&self, sizes: &[&Size]) -> String {
        let mut notes = String::new();
        let mut seen: Vec<String> = Vec::new();
        for size in sizes {
            size.visit(&mut |s| {
                let Size::Named(name) = s else { return };
                if seen.contains(name) {
                    return;
                }
                let Some(origin) = self.size_origins.get(name) else {
                    return;
                };
                seen.push(name.clone());
                let shown = show_size(s);
                notes.push_str(&format!(
                    "\n\nNote: \"{shown}\" {}",
                    self.origin_text(origin)
                ));
            });
        }
        notes
    }

    fn origin_text(&self, origin: &SizeOrigin) -> String {
        let cite = |at: &TextRange| span_citation(self.loc(*at));
        match origin {
            SizeOrigin::Returned {
                function: Some(f),
                at,
            } => format!("is unknown size returned by \"{f}\" at {}.", cite(at)),
            SizeOrigin::Returned { function: None, at } => {
                format!("is unknown size returned by function at {}.", cite(at))
            }
            SizeOrigin::Branches { at, former, latter } => format!(
                "is unknown due to conditional expression at {}.\nOne branch returns array of type: {former}\nThe other an array of type:       {latter}",
                cite(at)
            ),
            SizeOrigin::Range { at } => format!("is unknown length of range at {}.", cite(at)),
            SizeOrigin::Slice { at } => format!("is size produced by slice at {}.", cite(at)),
        }
    }

    /// The length of the range `node` with bounds `bounds` whose elements
    /// have type `elem`, as Futhark 0.28 knows it: `0..<e` and `0..1..<e`
    /// have length `e`, `1..2...e` too, `s..<e` has length `e - s` and
    /// `s...e` has `e - s + 1`, when these are sizes (`i64` expressions of sizes in scope
    /// and constants); any other range has a new existential length.
    pub(super) fn range_length(
        &mut self,
        node: &SyntaxNode,
        bounds: &[SyntaxNode],
        elem: &Type,
    ) -> Size {
        let operator = direct_tokens(node)
            .filter(|t| matches!(t.kind(), DOT_DOT_LT | DOT_DOT_DOT | DOT_DOT_GT))
            .map(|t| t.kind())
            .last();
        let literal = |n: &SyntaxNode| super::exprs::int_literal(n);
        let (start, stride, end) = match bounds {
            [start, end] => (start, None, end),
            [start, second, end] => (start, Some(literal(second)), end),
            _ => return self.u.fresh_unknown_size(),
        };
        let first = literal(start);
        let is_i64 = matches!(self.u.resolve(elem), Type::Prim(PrimType::I64));
        let as_size = |this: &Self, e: &SyntaxNode| {
            this.size_of_expression(e)
                .filter(|size| is_i64 || matches!(size, Size::Const(_)))
        };
        let length = match (operator, first, stride) {
            (Some(DOT_DOT_LT), Some(0), None | Some(Some(1))) => as_size(self, end),
            (Some(DOT_DOT_DOT), Some(1), Some(Some(2))) => as_size(self, end),
            (Some(DOT_DOT_DOT), _, None) => {
                as_size(self, end).zip(as_size(self, start)).map(|(e, s)| {
                    let span = Size::Op("-".to_string(), Box::new(e), Box::new(s));
                    Size::Op("+".to_string(), Box::new(span), Box::new(Size::Const(1)))
                })
            }
            (Some(DOT_DOT_LT), _, None) => as_size(self, end)
                .zip(as_size(self, start))
                .map(|(e, s)| Size::Op("-".to_string(), Box::new(e), Box::new(s))),
            _ => None,
        };
        if let Some(length) = length {
            return length;
        }
        let size = self.fresh_existential();
        self.note_size_origin(
            &size,
            SizeOrigin::Range {
                at: node.text_range(),
            },
        );
        size
    }
}
