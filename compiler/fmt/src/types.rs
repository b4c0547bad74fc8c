//! Types that may need more than a line: sums break before each `|`,
//! function types before each `->`.
//!
//! ```text
//! type shape =
//!   #circle f32
//!   | #rect f32 f32
//! ```

use runic_syntax::{SyntaxKind, SyntaxNode};

use crate::doc::Doc;
use crate::layout;
use crate::parts::{parts, Part, Parts};

/// `#a t | #b | ...`.
pub fn sum_type(node: &SyntaxNode) -> Doc {
    separated(&parts(node), |p| p.kind() != SyntaxKind::SUM_VARIANT, 0)
}

/// `a -> b -> c`, flattened along the right spine.
pub fn function_type(node: &SyntaxNode) -> Doc {
    let mut chain = Parts::default();
    flatten(node, &mut chain);
    separated(&chain, |p| p.kind() == SyntaxKind::ARROW, 2)
}

/// The parts of `a -> b -> c` along the right spine.
fn flatten(node: &SyntaxNode, out: &mut Parts) {
    let all = parts(node);
    let count = all.parts.len();
    for (i, part) in all.parts.into_iter().enumerate() {
        let plain = part.leading.is_empty() && part.trailing.is_none();
        match part.node() {
            Some(inner) if i + 1 == count && plain && inner.kind() == SyntaxKind::FUNCTION_TYPE => {
                flatten(&inner.clone(), out)
            }
            _ => out.parts.push(part),
        }
    }
    out.rest.extend(all.rest);
}

/// Parts on one line if they fit, else a new line (indented by `indent`)
/// before each separator part (those for which `is_separator` holds).
fn separated(parts: &Parts, is_separator: impl Fn(&Part) -> bool, indent: usize) -> Doc {
    let doc = layout::join(parts, |_, next| match is_separator(next) {
        true => Doc::line(),
        false => Doc::text(" "),
    });
    doc.nest(indent).group()
}
