//! Syntax highlighting from the tree alone (no name resolution yet): every
//! token gets a [`HighlightTag`] from its kind and its place in the tree.
//!
//! Names at their binding sites are classified by what binds them (function,
//! type, module, parameter, ...) and marked `declaration`; in paths, the
//! qualifiers are modules and the last part is classified by the path's use
//! (type, module type, module or value).

use runic_syntax::{SyntaxKind, SyntaxKind::*, SyntaxNode, SyntaxToken, TextRange};

use crate::{parse, Db, File};

/// The class of a highlighted token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HighlightTag {
    Keyword,
    Number,
    String,
    Comment,
    Operator,
    Function,
    Variable,
    Parameter,
    Type,
    TypeParameter,
    Module,
    ModuleType,
    Constructor,
    Property,
    Attribute,
}

/// A highlighted token: byte range, class and modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Highlight {
    pub range: TextRange,
    pub tag: HighlightTag,
    /// The token is a name at its binding site.
    pub declaration: bool,
    /// The token is a doc comment.
    pub documentation: bool,
    /// The token is a variable consumed there (set by the checked
    /// highlights, `ide::semantic_highlights`).
    pub consumed: bool,
}

/// The highlights of a file, in source order.
pub fn highlights(db: &dyn Db, file: File) -> Vec<Highlight> {
    highlight_syntax(&parse(db, file).syntax())
}

/// The highlights of a tree, in source order, never overlapping.
pub fn highlight_syntax(root: &SyntaxNode) -> Vec<Highlight> {
    root.descendants_with_tokens()
        .filter_map(|element| element.into_token())
        .filter_map(|token| classify(&token))
        .collect()
}

fn classify(token: &SyntaxToken) -> Option<Highlight> {
    let (tag, declaration) = match token.kind() {
        kind if kind.is_keyword() => (HighlightTag::Keyword, false),
        COMMENT | DOC_COMMENT => (HighlightTag::Comment, false),
        INT_NUMBER | FLOAT_NUMBER => (HighlightTag::Number, false),
        STRING | CHAR => (HighlightTag::String, false),
        CONSTRUCTOR => (HighlightTag::Constructor, false),
        OPERATOR => (HighlightTag::Operator, parent_kind(token) == Some(NAME)),
        IDENT => classify_ident(token)?,
        _ => return None,
    };
    Some(Highlight {
        range: token.text_range(),
        tag,
        declaration,
        documentation: token.kind() == DOC_COMMENT,
        consumed: false,
    })
}

fn parent_kind(token: &SyntaxToken) -> Option<SyntaxKind> {
    token.parent().map(|p| p.kind())
}

/// An identifier's class and whether it is a binding occurrence.
fn classify_ident(token: &SyntaxToken) -> Option<(HighlightTag, bool)> {
    let parent = token.parent()?;
    match parent.kind() {
        NAME => Some((classify_binding(&parent)?, true)),
        PATH => classify_path_part(token, &parent).map(|tag| (tag, false)),
        FIELD_EXPR | RECORD_FIELD | RECORD_TYPE_FIELD | FIELD_PATH | RECORD_PAT_FIELD
        | PROJECT_SECTION => Some((HighlightTag::Property, false)),
        BIN_OP => Some((HighlightTag::Function, false)),
        ATTR_ITEM => Some((HighlightTag::Attribute, false)),
        _ => None,
    }
}

/// The class of the name bound by the `NAME` node `name`.
fn classify_binding(name: &SyntaxNode) -> Option<HighlightTag> {
    let binder = name.parent()?;
    let tag = match binder.kind() {
        VALUE_DECL => value_decl_tag(&binder),
        VAL_SPEC | LET_FUN_EXPR => HighlightTag::Function,
        TYPE_DECL | TYPE_SPEC => HighlightTag::Type,
        MODULE_DECL | MODULE_SPEC | MOD_PARAM => HighlightTag::Module,
        MODULE_TYPE_DECL => HighlightTag::ModuleType,
        TYPE_PARAM | SIZE_PARAM => HighlightTag::TypeParameter,
        NAME_PAT | RECORD_PAT_FIELD if is_parameter(&binder) => HighlightTag::Parameter,
        _ => HighlightTag::Variable,
    };
    Some(tag)
}

/// Definitions with parameters are functions; those without are values.
fn value_decl_tag(decl: &SyntaxNode) -> HighlightTag {
    let has_params = decl.children().any(|c| c.kind().is_pattern());
    if has_params {
        HighlightTag::Function
    } else {
        HighlightTag::Variable
    }
}

/// Whether the pattern `node` is (inside) a parameter of a function or lambda.
fn is_parameter(node: &SyntaxNode) -> bool {
    let mut current = node.clone();
    while let Some(parent) = current.parent() {
        match parent.kind() {
            kind if kind.is_pattern() || kind == RECORD_PAT_FIELD => current = parent,
            VALUE_DECL | LET_FUN_EXPR | LAMBDA_EXPR => return true,
            _ => return false,
        }
    }
    false
}

/// Qualifiers are modules; the last part is classified by what the path names.
fn classify_path_part(token: &SyntaxToken, path: &SyntaxNode) -> Option<HighlightTag> {
    let is_last = !path
        .children_with_tokens()
        .filter(|e| matches!(e.kind(), IDENT | OPERATOR))
        .any(|e| e.text_range().start() > token.text_range().start());
    if !is_last {
        return Some(HighlightTag::Module);
    }
    let tag = match path.parent()?.kind() {
        PATH_TYPE => HighlightTag::Type,
        SIG_PATH => HighlightTag::ModuleType,
        MOD_PATH => HighlightTag::Module,
        _ => HighlightTag::Variable,
    };
    Some(tag)
}
