//! Lexer tests: token kinds and texts for every literal and operator form.

use expect_test::{expect, Expect};

use super::lex;

fn check(text: &str, expect: Expect) {
    let mut out = String::new();
    let mut offset = 0usize;
    for token in lex(text) {
        let end = offset + token.len as usize;
        if !token.kind.is_trivia() || token.kind != crate::SyntaxKind::WHITESPACE {
            out.push_str(&format!("{:?} {:?}", token.kind, &text[offset..end]));
            if let Some(error) = token.error {
                out.push_str(&format!(" error: {error}"));
            }
            out.push('\n');
        }
        offset = end;
    }
    assert_eq!(offset, text.len(), "tokens cover the input");
    expect.assert_eq(&out);
}

#[test]
fn integer_literals() {
    check(
        "42 1_000_000 0xFF 0b1010 7i8 8u64 0xffu8 0b11i16 3abc",
        expect![[r##"
            INT_NUMBER "42"
            INT_NUMBER "1_000_000"
            INT_NUMBER "0xFF"
            INT_NUMBER "0b1010"
            INT_NUMBER "7i8"
            INT_NUMBER "8u64"
            INT_NUMBER "0xffu8"
            INT_NUMBER "0b11i16"
            INT_NUMBER "3abc" error: invalid suffix on numeric literal
        "##]],
    );
}

#[test]
fn float_literals() {
    check(
        "3.14 1e3 2.5e-3f32 1.0E10 1f64 2f16 0x1.8p3 6.02e+23",
        expect![[r##"
            FLOAT_NUMBER "3.14"
            FLOAT_NUMBER "1e3"
            FLOAT_NUMBER "2.5e-3f32"
            FLOAT_NUMBER "1.0E10"
            FLOAT_NUMBER "1f64"
            FLOAT_NUMBER "2f16"
            FLOAT_NUMBER "0x1.8p3"
            FLOAT_NUMBER "6.02e+23"
        "##]],
    );
}

#[test]
fn tuple_projections_are_not_floats() {
    check(
        "t.0.1 x.1",
        expect![[r##"
            IDENT "t"
            DOT "."
            INT_NUMBER "0"
            DOT "."
            INT_NUMBER "1"
            IDENT "x"
            DOT "."
            INT_NUMBER "1"
        "##]],
    );
}

#[test]
fn chars_strings_and_type_parameters() {
    check(
        r##"'a' '\n' '\'' "a\"b\n" 'x '^y '~z "open"##,
        expect![[r##"
            CHAR "'a'"
            CHAR "'\\n'"
            CHAR "'\\''"
            STRING "\"a\\\"b\\n\""
            APOSTROPHE "'"
            IDENT "x"
            APOSTROPHE_CARET "'^"
            IDENT "y"
            APOSTROPHE_TILDE "'~"
            IDENT "z"
            STRING "\"open" error: unterminated string literal
        "##]],
    );
}

#[test]
fn identifiers_keywords_constructors_and_attributes() {
    check(
        "x' acc'' _tmp _ def entry #some #[inline] ???",
        expect![[r##"
            IDENT "x'"
            IDENT "acc''"
            IDENT "_tmp"
            UNDERSCORE "_"
            DEF_KW "def"
            ENTRY_KW "entry"
            CONSTRUCTOR "#some"
            HASH_BRACK "#["
            IDENT "inline"
            R_BRACK "]"
            HOLE "???"
        "##]],
    );
}

#[test]
fn operators_and_punctuation() {
    check(
        "|> <| ** %% // >>> = == -> : :> .. ... ..< ..> +^ ? ` \\ ~ ยง",
        expect![[r#"
            OPERATOR "|>"
            OPERATOR "<|"
            OPERATOR "**"
            OPERATOR "%%"
            OPERATOR "//"
            OPERATOR ">>>"
            EQ "="
            OPERATOR "=="
            ARROW "->"
            COLON ":"
            COLON_GT ":>"
            DOT_DOT ".."
            DOT_DOT_DOT "..."
            DOT_DOT_LT "..<"
            DOT_DOT_GT "..>"
            OPERATOR "+^"
            QUESTION "?"
            BACKTICK "`"
            BACKSLASH "\\"
            TILDE "~"
            ERROR_TOKEN "ย" error: unexpected character
            ERROR_TOKEN "ง" error: unexpected character
        "#]],
    );
}

#[test]
fn comments() {
    check(
        "-- plain\n-- | doc\nx -- trailing",
        expect![[r##"
            COMMENT "-- plain"
            DOC_COMMENT "-- | doc"
            IDENT "x"
            COMMENT "-- trailing"
        "##]],
    );
}
