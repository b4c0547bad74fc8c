//! Document symbols: the outline of a file (declarations, with module members
//! and module type specs nested), in neutral types.
//!
//! [`item_symbols`] computes one declaration's symbol from its own green node
//! (ranges relative to the declaration), so it re-runs only when that
//! declaration changes; [`document_symbols`] shifts them into place.

use runic_syntax::ast::{AstNode, Decl, Name, ValueDecl};
use runic_syntax::{SyntaxKind, SyntaxKind::*, SyntaxNode, TextRange, TextSize};

use crate::items::{item_tree, Item};
use crate::sources::item_syntax;
use crate::{Db, File};

/// What a symbol names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SymbolKind {
    /// A definition with parameters, or a `val` spec of function type.
    Function,
    /// A definition without parameters (a constant), or a `val` spec.
    Value,
    /// An `entry` point.
    Entry,
    Type,
    Module,
    ModuleType,
}

/// One entry of the outline.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Symbol {
    /// The name as shown: operators in parentheses, e.g. `(+^)`.
    pub name: String,
    pub kind: SymbolKind,
    /// A short description: the parameters and return type, or a spec's type.
    pub detail: Option<String>,
    /// The whole declaration.
    pub range: TextRange,
    /// The bound name (inside `range`).
    pub name_range: TextRange,
    pub children: Vec<Symbol>,
}

impl Symbol {
    /// The same symbol (and its children) moved forward by `offset`.
    pub fn shifted(&self, offset: TextSize) -> Symbol {
        Symbol {
            name: self.name.clone(),
            kind: self.kind,
            detail: self.detail.clone(),
            range: self.range + offset,
            name_range: self.name_range + offset,
            children: self.children.iter().map(|c| c.shifted(offset)).collect(),
        }
    }
}

/// The outline of a file.
#[salsa::tracked(returns(ref))]
pub fn document_symbols(db: &dyn Db, file: File) -> Vec<Symbol> {
    item_tree(db, file)
        .items()
        .iter()
        .filter_map(|data| {
            let item = Item::new(db, file, data.key.clone());
            let symbol = item_symbols(db, item).as_ref()?;
            Some(symbol.shifted(data.range.start()))
        })
        .collect()
}

/// The symbol of one declaration, relative to its start. Re-runs only when the
/// declaration's own text changes.
#[salsa::tracked(returns(ref))]
pub fn item_symbols<'db>(db: &'db dyn Db, item: Item<'db>) -> Option<Symbol> {
    let green = item_syntax(db, item)?;
    symbol_of(&SyntaxNode::new_root(green.0))
}

/// The symbol of a declaration or spec node, if it binds a name.
/// [`symbol_of_unguarded`] with enough stack for any depth.
pub(crate) fn symbol_of(node: &SyntaxNode) -> Option<Symbol> {
    runic_syntax::with_stack(|| symbol_of_unguarded(node))
}

fn symbol_of_unguarded(node: &SyntaxNode) -> Option<Symbol> {
    match node.kind() {
        LOCAL_DECL => {
            let inner = node.children().find(|c| Decl::can_cast(c.kind()))?;
            let symbol = symbol_of(&inner)?;
            Some(Symbol {
                range: node.text_range(),
                ..symbol
            })
        }
        VALUE_DECL => value_symbol(node),
        TYPE_DECL | TYPE_SPEC => named(node, SymbolKind::Type, None, Vec::new()),
        MODULE_DECL => named(node, SymbolKind::Module, None, members(node)),
        MODULE_SPEC | MODULE_TYPE_DECL => {
            let kind = if node.kind() == MODULE_SPEC {
                SymbolKind::Module
            } else {
                SymbolKind::ModuleType
            };
            named(node, kind, None, specs(node))
        }
        VAL_SPEC => val_spec_symbol(node),
        _ => None,
    }
}

fn value_symbol(node: &SyntaxNode) -> Option<Symbol> {
    let decl = ValueDecl::cast(node.clone())?;
    let kind = if decl.is_entry() {
        SymbolKind::Entry
    } else if decl.params().next().is_some() {
        SymbolKind::Function
    } else {
        SymbolKind::Value
    };
    let name = decl.name()?;
    let name_end = name.syntax().text_range().end();
    let signature_end = child_token_start(node, EQ).unwrap_or(node.text_range().end());
    let signature = TextRange::new(name_end, signature_end.max(name_end));
    named(node, kind, detail_text(node, signature), Vec::new())
}

fn val_spec_symbol(node: &SyntaxNode) -> Option<Symbol> {
    let ty = node.children().last();
    let kind = match ty.as_ref().map(|t| t.kind()) {
        Some(FUNCTION_TYPE) => SymbolKind::Function,
        _ => SymbolKind::Value,
    };
    let detail = ty.and_then(|t| detail_text(node, t.text_range()));
    named(node, kind, detail, Vec::new())
}

/// A symbol for `node` named by its `NAME` child.
fn named(
    node: &SyntaxNode,
    kind: SymbolKind,
    detail: Option<String>,
    children: Vec<Symbol>,
) -> Option<Symbol> {
    let name = node.children().find_map(Name::cast)?;
    Some(Symbol {
        name: display_name(&name),
        kind,
        detail,
        range: node.text_range(),
        name_range: name.syntax().text_range(),
        children,
    })
}

/// Operators are shown in parentheses, as they are written when defined.
fn display_name(name: &Name) -> String {
    let text = name.text();
    let is_operator = name
        .syntax()
        .children_with_tokens()
        .any(|e| e.kind() == OPERATOR);
    if is_operator {
        format!("({text})")
    } else {
        text
    }
}

fn child_token_start(node: &SyntaxNode, kind: SyntaxKind) -> Option<TextSize> {
    node.children_with_tokens()
        .find(|e| e.kind() == kind)
        .map(|e| e.text_range().start())
}

/// The text of `range` within `node`, whitespace collapsed, or `None` if empty.
fn detail_text(node: &SyntaxNode, range: TextRange) -> Option<String> {
    const MAX: usize = 120;
    let node_range = node.text_range();
    let range = range.intersect(node_range)?;
    let text = node.text().slice(range - node_range.start()).to_string();
    let mut detail = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if detail.is_empty() {
        return None;
    }
    if detail.len() > MAX {
        let cut = (0..=MAX)
            .rev()
            .find(|&i| detail.is_char_boundary(i))
            .unwrap_or(0);
        detail.truncate(cut);
        detail.push('…');
    }
    Some(detail)
}

/// The members of a module declaration whose body is a `{ ... }` struct.
fn members(node: &SyntaxNode) -> Vec<Symbol> {
    module_body(
        node,
        &[MOD_STRUCT],
        &[MOD_ASCRIPTION, MOD_PAREN, MOD_LAMBDA],
    )
}

/// The specs of a module type (or module spec) whose signature is `{ ... }`.
fn specs(node: &SyntaxNode) -> Vec<Symbol> {
    module_body(node, &[SIG_STRUCT], &[SIG_PAREN, SIG_WITH, SIG_ARROW])
}

/// Symbols of the first `body` node found through `wrappers` below `node`.
fn module_body(node: &SyntaxNode, body: &[SyntaxKind], wrappers: &[SyntaxKind]) -> Vec<Symbol> {
    for child in node.children() {
        if body.contains(&child.kind()) {
            return child.children().filter_map(|c| symbol_of(&c)).collect();
        }
        if wrappers.contains(&child.kind()) {
            let found = module_body(&child, body, wrappers);
            if !found.is_empty() {
                return found;
            }
        }
    }
    Vec::new()
}
