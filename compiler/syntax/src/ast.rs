//! Typed views over the untyped syntax tree.
//!
//! Each wrapper holds a [`SyntaxNode`] of one kind (or one of a few kinds, for
//! the `Decl`, `Expr`, `Pattern` and `Type` enums) and offers accessors that
//! return `Option`s, since a tree built from broken text may lack any part.

use crate::{SyntaxKind, SyntaxKind::*, SyntaxNode, SyntaxToken};

/// A typed wrapper around a syntax node.
pub trait AstNode: Sized {
    fn can_cast(kind: SyntaxKind) -> bool;
    fn cast(node: SyntaxNode) -> Option<Self>;
    fn syntax(&self) -> &SyntaxNode;
}

macro_rules! ast_node {
    ($(#[$doc:meta])* $name:ident, $kind:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name(SyntaxNode);
        impl AstNode for $name {
            fn can_cast(kind: SyntaxKind) -> bool {
                kind == $kind
            }
            fn cast(node: SyntaxNode) -> Option<Self> {
                Self::can_cast(node.kind()).then(|| $name(node))
            }
            fn syntax(&self) -> &SyntaxNode {
                &self.0
            }
        }
    };
}

macro_rules! ast_enum {
    ($(#[$doc:meta])* $name:ident { $($variant:ident),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum $name { $($variant($variant)),* }
        impl AstNode for $name {
            fn can_cast(kind: SyntaxKind) -> bool {
                $($variant::can_cast(kind))||*
            }
            fn cast(node: SyntaxNode) -> Option<Self> {
                $(if $variant::can_cast(node.kind()) { return Some($name::$variant($variant(node))); })*
                None
            }
            fn syntax(&self) -> &SyntaxNode {
                match self { $($name::$variant(it) => it.syntax()),* }
            }
        }
    };
}

fn child<N: AstNode>(node: &SyntaxNode) -> Option<N> {
    node.children().find_map(N::cast)
}

fn children<N: AstNode>(node: &SyntaxNode) -> impl Iterator<Item = N> {
    node.children().filter_map(N::cast)
}

fn token(node: &SyntaxNode, kind: SyntaxKind) -> Option<SyntaxToken> {
    node.children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == kind)
}

/// Doc comment lines (`-- |` and the `--` lines continuing it) directly inside `node`.
fn doc_comment(node: &SyntaxNode) -> Option<String> {
    let mut lines = Vec::new();
    let mut in_doc = false;
    for token in node.children_with_tokens().filter_map(|e| e.into_token()) {
        match token.kind() {
            DOC_COMMENT => {
                in_doc = true;
                lines.push(token.text()["-- |".len()..].trim().to_string());
            }
            COMMENT if in_doc => lines.push(token.text()["--".len()..].trim().to_string()),
            WHITESPACE | COMMENT => {}
            _ => break,
        }
    }
    (!lines.is_empty()).then(|| lines.join("\n"))
}

ast_node!(
    /// The root of a file.
    SourceFile, SOURCE_FILE
);

impl SourceFile {
    pub(crate) fn cast_root(node: SyntaxNode) -> SourceFile {
        SourceFile(node)
    }

    pub fn decls(&self) -> impl Iterator<Item = Decl> {
        children(&self.0)
    }
}

ast_node!(ValueDecl, VALUE_DECL);
ast_node!(TypeDecl, TYPE_DECL);
ast_node!(ModuleDecl, MODULE_DECL);
ast_node!(ModuleTypeDecl, MODULE_TYPE_DECL);
ast_node!(OpenDecl, OPEN_DECL);
ast_node!(ImportDecl, IMPORT_DECL);
ast_node!(LocalDecl, LOCAL_DECL);
ast_node!(IncludeDecl, INCLUDE_DECL);
ast_enum!(
    /// A declaration at the top level or inside a module.
    Decl { ValueDecl, TypeDecl, ModuleDecl, ModuleTypeDecl, OpenDecl, ImportDecl, LocalDecl, IncludeDecl }
);

impl Decl {
    /// The bound name, for declarations that bind one (`local` looks inside).
    pub fn name(&self) -> Option<Name> {
        match self {
            Decl::ValueDecl(d) => d.name(),
            Decl::TypeDecl(d) => child(&d.0),
            Decl::ModuleDecl(d) => child(&d.0),
            Decl::ModuleTypeDecl(d) => child(&d.0),
            Decl::LocalDecl(d) => d.decl()?.name(),
            Decl::OpenDecl(_) | Decl::ImportDecl(_) | Decl::IncludeDecl(_) => None,
        }
    }

    pub fn doc_comment(&self) -> Option<String> {
        doc_comment(self.syntax())
    }

    pub fn attrs(&self) -> impl Iterator<Item = Attr> {
        children(self.syntax())
    }
}

impl ValueDecl {
    pub fn name(&self) -> Option<Name> {
        child(&self.0)
    }

    pub fn is_entry(&self) -> bool {
        token(&self.0, ENTRY_KW).is_some()
    }

    pub fn type_params(&self) -> impl Iterator<Item = SyntaxNode> {
        self.0
            .children()
            .filter(|n| matches!(n.kind(), TYPE_PARAM | SIZE_PARAM))
    }

    pub fn params(&self) -> impl Iterator<Item = Pattern> {
        children(&self.0)
    }

    pub fn ret_type(&self) -> Option<Type> {
        child::<RetType>(&self.0)?.ty()
    }

    pub fn body(&self) -> Option<Expr> {
        child(&self.0)
    }
}

impl LocalDecl {
    pub fn decl(&self) -> Option<Decl> {
        child(&self.0)
    }
}

impl ImportDecl {
    /// The imported path, without quotes.
    pub fn path(&self) -> Option<String> {
        let text = token(&self.0, STRING)?.text().to_string();
        Some(text.trim_matches('"').to_string())
    }
}

ast_node!(
    /// A binding occurrence of a name (identifier or parenthesised operator).
    Name, NAME
);

impl Name {
    /// The name as written, without parentheses around operators.
    pub fn text(&self) -> String {
        self.0
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| matches!(t.kind(), IDENT | OPERATOR | INT_NUMBER))
            .map(|t| t.text().to_string())
            .unwrap_or_default()
    }
}

ast_node!(Attr, ATTR);
ast_node!(RetType, RET_TYPE);

impl RetType {
    pub fn ty(&self) -> Option<Type> {
        child(&self.0)
    }
}

ast_node!(Literal, LITERAL);
ast_node!(PathExpr, PATH_EXPR);
ast_node!(ParenExpr, PAREN_EXPR);
ast_node!(TupleExpr, TUPLE_EXPR);
ast_node!(RecordExpr, RECORD_EXPR);
ast_node!(ArrayExpr, ARRAY_EXPR);
ast_node!(IndexExpr, INDEX_EXPR);
ast_node!(FieldExpr, FIELD_EXPR);
ast_node!(QualParenExpr, QUAL_PAREN_EXPR);
ast_node!(AppExpr, APP_EXPR);
ast_node!(BinExpr, BIN_EXPR);
ast_node!(PrefixExpr, PREFIX_EXPR);
ast_node!(AscriptionExpr, ASCRIPTION_EXPR);
ast_node!(CoerceExpr, COERCE_EXPR);
ast_node!(RangeExpr, RANGE_EXPR);
ast_node!(IfExpr, IF_EXPR);
ast_node!(LetExpr, LET_EXPR);
ast_node!(LetFunExpr, LET_FUN_EXPR);
ast_node!(LetUpdateExpr, LET_UPDATE_EXPR);
ast_node!(LambdaExpr, LAMBDA_EXPR);
ast_node!(LoopExpr, LOOP_EXPR);
ast_node!(UpdateExpr, UPDATE_EXPR);
ast_node!(RecordUpdateExpr, RECORD_UPDATE_EXPR);
ast_node!(MatchExpr, MATCH_EXPR);
ast_node!(ConstructorExpr, CONSTRUCTOR_EXPR);
ast_node!(AssertExpr, ASSERT_EXPR);
ast_node!(AttrExpr, ATTR_EXPR);
ast_node!(OpSection, OP_SECTION);
ast_node!(LeftSection, LEFT_SECTION);
ast_node!(RightSection, RIGHT_SECTION);
ast_node!(ProjectSection, PROJECT_SECTION);
ast_node!(IndexSection, INDEX_SECTION);
ast_node!(HoleExpr, HOLE_EXPR);
ast_enum!(
    /// An expression.
    Expr {
        Literal, PathExpr, ParenExpr, TupleExpr, RecordExpr, ArrayExpr, IndexExpr, FieldExpr,
        QualParenExpr, AppExpr, BinExpr, PrefixExpr, AscriptionExpr, CoerceExpr, RangeExpr,
        IfExpr, LetExpr, LetFunExpr, LetUpdateExpr, LambdaExpr, LoopExpr, UpdateExpr,
        RecordUpdateExpr, MatchExpr, ConstructorExpr, AssertExpr, AttrExpr, OpSection,
        LeftSection, RightSection, ProjectSection, IndexSection, HoleExpr,
    }
);

impl BinExpr {
    pub fn lhs(&self) -> Option<Expr> {
        children(&self.0).next()
    }

    pub fn rhs(&self) -> Option<Expr> {
        children(&self.0).nth(1)
    }

    /// The operator as written (`+`, or the name inside backticks).
    pub fn op_text(&self) -> Option<String> {
        let op = self.0.children().find(|n| n.kind() == BIN_OP)?;
        Some(op.text().to_string().trim_matches('`').to_string())
    }
}

impl AppExpr {
    pub fn func(&self) -> Option<Expr> {
        children(&self.0).next()
    }

    pub fn args(&self) -> impl Iterator<Item = Expr> {
        children(&self.0).skip(1)
    }
}

impl IfExpr {
    pub fn condition(&self) -> Option<Expr> {
        children(&self.0).next()
    }

    pub fn then_branch(&self) -> Option<Expr> {
        children(&self.0).nth(1)
    }

    pub fn else_branch(&self) -> Option<Expr> {
        children(&self.0).nth(2)
    }
}

impl LetExpr {
    pub fn pattern(&self) -> Option<Pattern> {
        child(&self.0)
    }

    pub fn value(&self) -> Option<Expr> {
        children(&self.0).next()
    }

    pub fn body(&self) -> Option<Expr> {
        children(&self.0).nth(1)
    }
}

impl PathExpr {
    /// The dotted segments of the name: `["M", "x"]` for `M.x`.
    pub fn segments(&self) -> Vec<String> {
        let Some(path) = self.0.children().find(|n| n.kind() == PATH) else {
            return Vec::new();
        };
        path.children_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind() == IDENT)
            .map(|t| t.text().to_string())
            .collect()
    }
}

impl Literal {
    pub fn token(&self) -> Option<SyntaxToken> {
        self.0.first_token()
    }
}

ast_node!(NamePat, NAME_PAT);
ast_node!(WildcardPat, WILDCARD_PAT);
ast_node!(LiteralPat, LITERAL_PAT);
ast_node!(TuplePat, TUPLE_PAT);
ast_node!(ParenPat, PAREN_PAT);
ast_node!(RecordPat, RECORD_PAT);
ast_node!(ConstructorPat, CONSTRUCTOR_PAT);
ast_node!(TypedPat, TYPED_PAT);
ast_node!(AttrPat, ATTR_PAT);
ast_enum!(
    /// A pattern.
    Pattern { NamePat, WildcardPat, LiteralPat, TuplePat, ParenPat, RecordPat, ConstructorPat, TypedPat, AttrPat }
);

impl Pattern {
    /// Every name the pattern binds, left to right.
    pub fn bound_names(&self) -> Vec<Name> {
        self.syntax()
            .descendants()
            .filter(|n| n.kind() == NAME_PAT || n.kind() == RECORD_PAT_FIELD)
            .filter(|n| n.kind() == NAME_PAT || !n.children().any(|c| Pattern::can_cast(c.kind())))
            .filter_map(|n| n.children().find_map(Name::cast))
            .collect()
    }
}

ast_node!(PathType, PATH_TYPE);
ast_node!(ArrayType, ARRAY_TYPE);
ast_node!(TupleType, TUPLE_TYPE);
ast_node!(ParenType, PAREN_TYPE);
ast_node!(RecordType, RECORD_TYPE);
ast_node!(SumType, SUM_TYPE);
ast_node!(FunctionType, FUNCTION_TYPE);
ast_node!(NamedParamType, NAMED_PARAM_TYPE);
ast_node!(TypeApp, TYPE_APP);
ast_node!(UniqueType, UNIQUE_TYPE);
ast_node!(ExistentialType, EXISTENTIAL_TYPE);
ast_enum!(
    /// A type expression.
    Type {
        PathType, ArrayType, TupleType, ParenType, RecordType, SumType, FunctionType,
        NamedParamType, TypeApp, UniqueType, ExistentialType,
    }
);
