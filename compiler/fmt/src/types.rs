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
use crate::parts::{parts, rest_doc, Part};

/// `#a t | #b | ...`.
pub fn sum_type(node: &SyntaxNode) -> Doc {
    let all = parts(node);
    separated(
        &all.parts,
        |p| p.kind() != SyntaxKind::SUM_VARIANT,
        0,
        &all.rest,
    )
}

/// `a -> b -> c`, flattened along the right spine.
pub fn function_type(node: &SyntaxNode) -> Doc {
    let mut chain = Vec::new();
    let mut rest = Vec::new();
    flatten(node, &mut chain, &mut rest);
    separated(&chain, |p| p.kind() == SyntaxKind::ARROW, 2, &rest)
}

fn flatten(node: &SyntaxNode, out: &mut Vec<Part>, rest: &mut Vec<crate::parts::Comment>) {
    let all = parts(node);
    let count = all.parts.len();
    for (i, part) in all.parts.into_iter().enumerate() {
        let plain = part.leading.is_empty() && part.trailing.is_none();
        match part.node() {
            Some(inner) if i + 1 == count && plain && inner.kind() == SyntaxKind::FUNCTION_TYPE => {
                flatten(&inner.clone(), out, rest)
            }
            _ => out.push(part),
        }
    }
    rest.extend(all.rest);
}

/// Parts on one line if they fit, else a new line (indented by `indent`)
/// before each separator part (those for which `is_separator` holds).
fn separated(
    parts: &[Part],
    is_separator: impl Fn(&Part) -> bool,
    indent: usize,
    rest: &[crate::parts::Comment],
) -> Doc {
    let mut docs = Vec::new();
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            docs.push(if is_separator(p) {
                Doc::line()
            } else {
                Doc::text(" ")
            });
        }
        docs.push(layout::part(p));
    }
    docs.push(rest_doc(rest));
    Doc::Concat(docs).nest(indent).group()
}
