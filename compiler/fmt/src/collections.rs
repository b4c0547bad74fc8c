//! Tuples, records and arrays: as expressions, and tuple and record types
//! and patterns.
//!
//! Flat when they fit, `(a, b, c)`; otherwise one element a line with the
//! commas in front, as Futhark code usually writes long records:
//!
//! ```text
//! { x = 1
//! , y = 2
//! }
//! ```
//!
//! Records (values and types) written over several lines stay broken.

use runic_syntax::{SyntaxKind, SyntaxNode};

use crate::doc::Doc;
use crate::layout::{self, multiline};
use crate::parts::{parts, rest_doc};

/// A bracketed, comma-separated collection.
pub fn collection(node: &SyntaxNode) -> Doc {
    let all = parts(node);
    if all.parts.len() <= 2 {
        return layout::inline(&all);
    }
    let last = all.parts.len() - 1;
    let mut docs = vec![
        layout::part(&all.parts[0]),
        Doc::Alt {
            flat: "",
            broken: " ",
        },
    ];
    for (i, p) in all.parts.iter().enumerate().skip(1) {
        match p.kind() {
            SyntaxKind::COMMA if i + 1 == last => docs.extend([Doc::soft(), layout::part(p)]),
            SyntaxKind::COMMA => {
                docs.extend([Doc::soft(), layout::part(p), Doc::text(" ")]);
            }
            _ if i == last => docs.extend([Doc::soft(), layout::part(p)]),
            _ => docs.push(layout::part(p).nest(2)),
        }
    }
    docs.push(rest_doc(&all.rest));
    let record = matches!(
        node.kind(),
        SyntaxKind::RECORD_EXPR | SyntaxKind::RECORD_TYPE
    );
    let keep_broken = record && multiline(node);
    Doc::Concat(docs).group_if_broken(keep_broken)
}
