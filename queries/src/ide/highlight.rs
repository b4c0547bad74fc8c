//! Semantic highlighting from the checked program: the syntactic
//! highlights ([`crate::highlights`]) refined by what each value name
//! refers to. A name bound to a function is a function (a parameter or
//! `let` holding one too), a use of a parameter is a parameter, a use of a
//! size parameter is a type parameter, and a variable consumed where it is
//! written is marked `consumed`.

use std::collections::HashMap;

use runic_sema::types::Type;
use runic_sema::{DeclAnalysis, NameTarget};
use runic_syntax::{SyntaxKind, SyntaxNode, TextRange, TextSize};

use super::item_analysis;
use crate::items::{item_tree, items};
use crate::{highlights, parse, Db, File, Highlight, HighlightTag};

/// The highlights of `file`, refined by the checker's record of each
/// declaration.
pub fn semantic_highlights(db: &dyn Db, file: File) -> Vec<Highlight> {
    let mut out = highlights(db, file).clone();
    let root = parse(db, file).syntax();
    let tree = item_tree(db, file);
    let by_start: HashMap<TextSize, usize> = out
        .iter()
        .enumerate()
        .map(|(i, h)| (h.range.start(), i))
        .collect();
    for (item, data) in items(db, file).into_iter().zip(tree.items()) {
        let analysis = item_analysis(db, item);
        let start = data.range.start();
        let tags = Tagger {
            root: &root,
            analysis: &analysis,
            start,
            syntactic: &out,
            by_start: &by_start,
        }
        .refinements();
        for (range, tag, consumed) in tags {
            if let Some(&i) = by_start.get(&range.start()) {
                if out[i].range == range {
                    out[i].tag = tag;
                    out[i].consumed = consumed;
                }
            }
        }
    }
    out
}

struct Tagger<'a> {
    root: &'a SyntaxNode,
    analysis: &'a DeclAnalysis,
    start: TextSize,
    syntactic: &'a [Highlight],
    by_start: &'a HashMap<TextSize, usize>,
}

impl Tagger<'_> {
    /// The new tag of each value name of the item (file ranges).
    fn refinements(&self) -> Vec<(TextRange, HighlightTag, bool)> {
        let mut out = Vec::new();
        for name_use in &self.analysis.uses {
            let range = name_use.range + self.start;
            let Some(current) = self.tag_at(range) else {
                continue;
            };
            if !matches!(
                current,
                HighlightTag::Variable | HighlightTag::Parameter | HighlightTag::Function
            ) {
                continue;
            }
            let consumed = self.analysis.consumed.contains(&name_use.range);
            let tag = match &name_use.target {
                NameTarget::Global { scheme, .. } => {
                    function_or(&scheme.ty, HighlightTag::Variable)
                }
                NameTarget::Local { def: None } if self.is_size_param(range, &name_use.name) => {
                    HighlightTag::TypeParameter
                }
                NameTarget::Local { def } => {
                    let at_def = def
                        .and_then(|d| self.tag_at(d + self.start))
                        .unwrap_or(HighlightTag::Variable);
                    let ty = def.and_then(|d| self.analysis.types.get(&d));
                    match ty {
                        Some(ty) => function_or(ty, at_def),
                        None => at_def,
                    }
                }
            };
            out.push((range, tag, consumed));
        }
        out
    }

    fn tag_at(&self, range: TextRange) -> Option<HighlightTag> {
        let i = *self.by_start.get(&range.start())?;
        let h = self.syntactic.get(i)?;
        (h.range == range).then_some(h.tag)
    }

    /// Whether `name` at `range` names a size parameter of an enclosing
    /// definition.
    fn is_size_param(&self, range: TextRange, name: &str) -> bool {
        let Some(token) = super::token_at_offset(self.root, range.start()).right_biased() else {
            return false;
        };
        token
            .parent_ancestors()
            .filter(|n| matches!(n.kind(), SyntaxKind::VALUE_DECL | SyntaxKind::LET_FUN_EXPR))
            .flat_map(|decl| {
                decl.children()
                    .filter(|c| c.kind() == SyntaxKind::SIZE_PARAM)
            })
            .any(|param| {
                param
                    .descendants_with_tokens()
                    .filter_map(|e| e.into_token())
                    .any(|t| t.kind() == SyntaxKind::IDENT && t.text() == name)
            })
    }
}

/// `Function` for a value of function type, else `otherwise`.
fn function_or(ty: &Type, otherwise: HighlightTag) -> HighlightTag {
    if matches!(ty, Type::Arrow { .. }) {
        HighlightTag::Function
    } else {
        otherwise
    }
}
