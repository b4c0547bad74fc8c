//! The kinds of tokens and nodes in a Futhark syntax tree.
//!
//! One enum covers both, as rowan wants: token kinds come first, then node
//! kinds. The parser produces every node kind listed here; the typed AST in
//! [`crate::ast`] wraps them.

/// Kind of a token or node in the Futhark syntax tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u16)]
#[allow(non_camel_case_types)]
pub enum SyntaxKind {
    // ---- trivia ----
    WHITESPACE = 0,
    COMMENT,
    DOC_COMMENT,

    // ---- literals and names ----
    IDENT,
    INT_NUMBER,
    FLOAT_NUMBER,
    CHAR,
    STRING,
    /// `#name`: a constructor of a sum type.
    CONSTRUCTOR,
    /// Any operator spelt with Futhark's operator characters (`+`, `|>`, `<*>`, ...).
    OPERATOR,

    // ---- keywords ----
    TRUE_KW,
    FALSE_KW,
    IF_KW,
    THEN_KW,
    ELSE_KW,
    DEF_KW,
    LET_KW,
    LOOP_KW,
    IN_KW,
    VAL_KW,
    FOR_KW,
    DO_KW,
    WITH_KW,
    LOCAL_KW,
    OPEN_KW,
    INCLUDE_KW,
    IMPORT_KW,
    TYPE_KW,
    ENTRY_KW,
    MODULE_KW,
    WHILE_KW,
    ASSERT_KW,
    MATCH_KW,
    CASE_KW,

    // ---- punctuation ----
    L_PAREN,
    R_PAREN,
    L_BRACK,
    R_BRACK,
    L_BRACE,
    R_BRACE,
    COMMA,
    COLON,
    /// `:>`
    COLON_GT,
    DOT,
    /// `..`
    DOT_DOT,
    /// `...`
    DOT_DOT_DOT,
    /// `..<`
    DOT_DOT_LT,
    /// `..>`
    DOT_DOT_GT,
    EQ,
    /// `->`
    ARROW,
    BACKSLASH,
    BACKTICK,
    /// `'` before a type parameter name.
    APOSTROPHE,
    /// `'^` before a lifted type parameter name.
    APOSTROPHE_CARET,
    /// `'~` before a size-lifted type parameter name.
    APOSTROPHE_TILDE,
    /// `#[` opening an attribute.
    HASH_BRACK,
    /// `?` opening existential sizes.
    QUESTION,
    /// `???`: a typed hole.
    HOLE,
    /// `_` alone: a wildcard.
    UNDERSCORE,
    /// `~`, only meaningful in `type~`.
    TILDE,
    /// A character no token starts with.
    ERROR_TOKEN,
    /// End of input: what the parser sees past the last token (never in a tree).
    EOF,

    // ---- nodes: file and declarations ----
    SOURCE_FILE,
    /// Tokens the parser could not place, wrapped so the tree stays lossless.
    ERROR,
    /// `def`, `let` (top level) and `entry` declarations.
    VALUE_DECL,
    TYPE_DECL,
    MODULE_DECL,
    MODULE_TYPE_DECL,
    OPEN_DECL,
    IMPORT_DECL,
    LOCAL_DECL,
    INCLUDE_DECL,
    /// `#[attr]`
    ATTR,
    /// One item inside an attribute: `inline`, `trace(foo)`, `3`.
    ATTR_ITEM,
    /// A binding occurrence: an identifier or a parenthesised operator.
    NAME,
    /// A (possibly qualified) reference: `x`, `M.N.x`, `f32.+`.
    PATH,
    /// `'a`, `'^a`, `'~a`
    TYPE_PARAM,
    /// `[n]` as a parameter of a definition or type.
    SIZE_PARAM,
    /// `: type` after a definition's parameters or a lambda's.
    RET_TYPE,

    // ---- module types and specs ----
    SIG_PATH,
    SIG_STRUCT,
    SIG_WITH,
    SIG_ARROW,
    SIG_PAREN,
    VAL_SPEC,
    TYPE_SPEC,
    MODULE_SPEC,
    INCLUDE_SPEC,
    /// `(P: S)`: a functor parameter, also the named argument of a functor type.
    MOD_PARAM,

    // ---- module expressions ----
    MOD_PATH,
    MOD_STRUCT,
    MOD_APP,
    MOD_ASCRIPTION,
    MOD_LAMBDA,
    MOD_PAREN,
    MOD_IMPORT,

    // ---- types ----
    PATH_TYPE,
    ARRAY_TYPE,
    /// The size between the brackets of an array type, or of a size argument.
    DIM,
    TUPLE_TYPE,
    PAREN_TYPE,
    RECORD_TYPE,
    RECORD_TYPE_FIELD,
    SUM_TYPE,
    SUM_VARIANT,
    FUNCTION_TYPE,
    /// `(x: t)` on the left of a function type arrow.
    NAMED_PARAM_TYPE,
    TYPE_APP,
    /// `[n]` or `[]` as an argument of a type application.
    SIZE_ARG,
    UNIQUE_TYPE,
    EXISTENTIAL_TYPE,

    // ---- patterns ----
    NAME_PAT,
    WILDCARD_PAT,
    LITERAL_PAT,
    TUPLE_PAT,
    PAREN_PAT,
    RECORD_PAT,
    RECORD_PAT_FIELD,
    CONSTRUCTOR_PAT,
    TYPED_PAT,
    ATTR_PAT,

    // ---- expressions ----
    LITERAL,
    PATH_EXPR,
    PAREN_EXPR,
    TUPLE_EXPR,
    RECORD_EXPR,
    RECORD_FIELD,
    ARRAY_EXPR,
    INDEX_EXPR,
    /// The bracketed index list of an indexing, slice or `with` update.
    SLICE,
    /// `a:b:c` inside a slice (any part may be missing).
    SLICE_RANGE,
    FIELD_EXPR,
    /// `M.(e)`
    QUAL_PAREN_EXPR,
    APP_EXPR,
    BIN_EXPR,
    PREFIX_EXPR,
    ASCRIPTION_EXPR,
    COERCE_EXPR,
    RANGE_EXPR,
    IF_EXPR,
    LET_EXPR,
    /// `let f x y = e in body`
    LET_FUN_EXPR,
    /// `let x[i] = v in body`
    LET_UPDATE_EXPR,
    LAMBDA_EXPR,
    LOOP_EXPR,
    FOR_LT_FORM,
    FOR_IN_FORM,
    WHILE_FORM,
    /// `xs with [i] = v`
    UPDATE_EXPR,
    /// `r with a.b = v`
    RECORD_UPDATE_EXPR,
    /// `a.b.c` as the target of a record update or projection section.
    FIELD_PATH,
    MATCH_EXPR,
    MATCH_CASE,
    CONSTRUCTOR_EXPR,
    ASSERT_EXPR,
    ATTR_EXPR,
    /// An infix operator in use: an operator token or `` `f` ``.
    BIN_OP,
    /// `(+)`
    OP_SECTION,
    /// `(x +)`
    LEFT_SECTION,
    /// `(+ x)`
    RIGHT_SECTION,
    /// `(.a.b)`
    PROJECT_SECTION,
    /// `(.[i])`
    INDEX_SECTION,
    HOLE_EXPR,

    #[doc(hidden)]
    __LAST,
}

use SyntaxKind::*;

impl SyntaxKind {
    /// Whitespace and comments: tokens the parser skips.
    pub fn is_trivia(self) -> bool {
        matches!(self, WHITESPACE | COMMENT | DOC_COMMENT)
    }

    /// Whether this kind is a token (as opposed to a node).
    pub fn is_token(self) -> bool {
        (self as u16) < (SOURCE_FILE as u16)
    }

    /// Whether nodes of this kind are patterns.
    pub fn is_pattern(self) -> bool {
        matches!(
            self,
            NAME_PAT
                | WILDCARD_PAT
                | LITERAL_PAT
                | TUPLE_PAT
                | PAREN_PAT
                | RECORD_PAT
                | CONSTRUCTOR_PAT
                | TYPED_PAT
                | ATTR_PAT
        )
    }

    /// Whether nodes of this kind are expressions.
    /// Whether this kind is a module expression (`M`, `{...}`, `F M`,
    /// `M : S`, `\(P: S) -> ...`, `(M)`, `import "f"`).
    pub fn is_module_expr(self) -> bool {
        matches!(
            self,
            MOD_PATH | MOD_STRUCT | MOD_APP | MOD_ASCRIPTION | MOD_LAMBDA | MOD_PAREN | MOD_IMPORT
        )
    }

    pub fn is_expr(self) -> bool {
        matches!(
            self,
            LITERAL
                | PATH_EXPR
                | PAREN_EXPR
                | TUPLE_EXPR
                | RECORD_EXPR
                | ARRAY_EXPR
                | INDEX_EXPR
                | FIELD_EXPR
                | QUAL_PAREN_EXPR
                | APP_EXPR
                | BIN_EXPR
                | PREFIX_EXPR
                | ASCRIPTION_EXPR
                | COERCE_EXPR
                | RANGE_EXPR
                | IF_EXPR
                | LET_EXPR
                | LET_FUN_EXPR
                | LET_UPDATE_EXPR
                | LAMBDA_EXPR
                | LOOP_EXPR
                | UPDATE_EXPR
                | RECORD_UPDATE_EXPR
                | MATCH_EXPR
                | CONSTRUCTOR_EXPR
                | ASSERT_EXPR
                | ATTR_EXPR
                | OP_SECTION
                | LEFT_SECTION
                | RIGHT_SECTION
                | PROJECT_SECTION
                | INDEX_SECTION
                | HOLE_EXPR
        )
    }

    pub fn is_keyword(self) -> bool {
        (self as u16) >= (TRUE_KW as u16) && (self as u16) <= (CASE_KW as u16)
    }

    /// The keyword spelt `text`, if it is one.
    pub fn from_keyword(text: &str) -> Option<SyntaxKind> {
        let kind = match text {
            "true" => TRUE_KW,
            "false" => FALSE_KW,
            "if" => IF_KW,
            "then" => THEN_KW,
            "else" => ELSE_KW,
            "def" => DEF_KW,
            "let" => LET_KW,
            "loop" => LOOP_KW,
            "in" => IN_KW,
            "val" => VAL_KW,
            "for" => FOR_KW,
            "do" => DO_KW,
            "with" => WITH_KW,
            "local" => LOCAL_KW,
            "open" => OPEN_KW,
            "include" => INCLUDE_KW,
            "import" => IMPORT_KW,
            "type" => TYPE_KW,
            "entry" => ENTRY_KW,
            "module" => MODULE_KW,
            "while" => WHILE_KW,
            "assert" => ASSERT_KW,
            "match" => MATCH_KW,
            "case" => CASE_KW,
            _ => return None,
        };
        Some(kind)
    }

    /// A short human description used in "expected ..." messages.
    pub fn describe(self) -> &'static str {
        match self {
            IDENT => "a name",
            INT_NUMBER | FLOAT_NUMBER => "a number",
            STRING => "a string",
            CHAR => "a character",
            CONSTRUCTOR => "a constructor",
            OPERATOR => "an operator",
            L_PAREN => "`(`",
            R_PAREN => "`)`",
            L_BRACK => "`[`",
            R_BRACK => "`]`",
            L_BRACE => "`{`",
            R_BRACE => "`}`",
            COMMA => "`,`",
            COLON => "`:`",
            COLON_GT => "`:>`",
            DOT => "`.`",
            EQ => "`=`",
            ARROW => "`->`",
            BACKTICK => "`` ` ``",
            IN_KW => "`in`",
            THEN_KW => "`then`",
            ELSE_KW => "`else`",
            DO_KW => "`do`",
            CASE_KW => "`case`",
            _ => "a token",
        }
    }
}

impl From<SyntaxKind> for rowan::SyntaxKind {
    fn from(kind: SyntaxKind) -> Self {
        rowan::SyntaxKind(kind as u16)
    }
}

/// The rowan language tag for Futhark trees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FutharkLanguage {}

impl rowan::Language for FutharkLanguage {
    type Kind = SyntaxKind;

    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        assert!(raw.0 < __LAST as u16, "invalid syntax kind {}", raw.0);
        // SAFETY: SyntaxKind is repr(u16) and every value below __LAST is a variant.
        unsafe { std::mem::transmute::<u16, SyntaxKind>(raw.0) }
    }

    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        kind.into()
    }
}

pub type SyntaxNode = rowan::SyntaxNode<FutharkLanguage>;
pub type SyntaxToken = rowan::SyntaxToken<FutharkLanguage>;
pub type SyntaxElement = rowan::SyntaxElement<FutharkLanguage>;
