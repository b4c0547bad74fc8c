//! The lexer: source text to a flat list of tokens, trivia included.
//!
//! Lexing never fails. Text that forms no token becomes an `ERROR_TOKEN`, and
//! malformed tokens (an unterminated string, a bad literal suffix) carry an
//! error message; the token lengths always add up to the input length, which
//! is what makes the tree lossless.

use crate::SyntaxKind::{self, *};

/// One token: its kind, its length in bytes, and a problem found while
/// lexing it. Eight bytes: a file has about one token for every four
/// bytes of text, and one for every two in long array literals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub kind: SyntaxKind,
    pub error: Option<LexError>,
    pub len: u32,
}

const _: () = assert!(std::mem::size_of::<Token>() == 8);

/// A problem with a token, found while lexing it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LexError {
    UnexpectedCharacter,
    InvalidSuffix,
    UnterminatedString,
    NoConstructorName,
}

impl LexError {
    pub fn message(self) -> &'static str {
        match self {
            LexError::UnexpectedCharacter => "unexpected character",
            LexError::InvalidSuffix => "invalid suffix on numeric literal",
            LexError::UnterminatedString => "unterminated string literal",
            LexError::NoConstructorName => "expected a constructor name or `[` after `#`",
        }
    }
}

impl std::fmt::Display for LexError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

/// Splits `text` into tokens covering it byte for byte.
pub fn lex(text: &str) -> Vec<Token> {
    let mut lexer = Lexer {
        text,
        pos: 0,
        prev: None,
        // Real programs average well over four bytes a token.
        tokens: Vec::with_capacity(text.len() / 4 + 1),
    };
    while lexer.pos < text.len() {
        let start = lexer.pos;
        let (kind, error) = lexer.next_token();
        debug_assert!(lexer.pos > start, "lexer made no progress");
        let len = (lexer.pos - start) as u32;
        lexer.tokens.push(Token { kind, error, len });
        if !kind.is_trivia() {
            lexer.prev = Some(kind);
        } else {
            lexer.prev = None;
        }
    }
    lexer.tokens
}

/// The suffixes that give a numeric literal its type.
pub const NUMBER_SUFFIXES: &[&str] = &[
    "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f16", "f32", "f64",
];

fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_ident_continue(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '\''
}

/// Characters operators are made of (a `.` may continue one, not start it).
pub fn is_operator_char(c: char) -> bool {
    matches!(
        c,
        '+' | '-' | '*' | '/' | '%' | '=' | '!' | '>' | '<' | '|' | '&' | '^'
    )
}

struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    /// The previous token if no trivia separates it from the current one.
    prev: Option<SyntaxKind>,
    tokens: Vec<Token>,
}

impl Lexer<'_> {
    fn rest(&self) -> &str {
        &self.text[self.pos..]
    }

    /// The next character; ASCII (the common case) is read as a byte.
    fn peek(&self) -> Option<char> {
        let byte = *self.text.as_bytes().get(self.pos)?;
        if byte.is_ascii() {
            Some(byte as char)
        } else {
            self.rest().chars().next()
        }
    }

    /// The byte `n` places ahead, as a char. Callers only compare it with ASCII
    /// characters, which a byte of a multi-byte character never equals.
    fn peek_nth(&self, n: usize) -> Option<char> {
        self.text.as_bytes().get(self.pos + n).map(|&b| b as char)
    }

    fn bump_while(&mut self, pred: impl Fn(char) -> bool) {
        let bytes = self.text.as_bytes();
        while let Some(&byte) = bytes.get(self.pos) {
            let c = if byte.is_ascii() {
                byte as char
            } else {
                self.rest()
                    .chars()
                    .next()
                    .unwrap_or(char::REPLACEMENT_CHARACTER)
            };
            if !pred(c) {
                break;
            }
            self.pos += c.len_utf8();
        }
    }

    /// Moves past the bytes (ASCII, so whole characters) that `pred` accepts:
    /// the fast path for the long runs of spaces and name characters.
    fn bump_ascii_while(&mut self, pred: impl Fn(u8) -> bool) {
        let rest = &self.text.as_bytes()[self.pos..];
        self.pos += rest.iter().position(|&b| !pred(b)).unwrap_or(rest.len());
    }

    fn bump_char(&mut self) {
        if let Some(c) = self.peek() {
            self.pos += c.len_utf8();
        }
    }

    fn next_token(&mut self) -> (SyntaxKind, Option<LexError>) {
        let c = self.peek().expect("next_token at end of input");
        if c.is_whitespace() {
            self.bump_ascii_while(|b| b == b' ' || b == b'\n');
            self.bump_while(char::is_whitespace);
            return (WHITESPACE, None);
        }
        if self.rest().starts_with("--") {
            let doc = self.rest().starts_with("-- |");
            self.bump_while(|c| c != '\n');
            return (if doc { DOC_COMMENT } else { COMMENT }, None);
        }
        if is_ident_start(c) {
            let start = self.pos;
            self.bump_ascii_while(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'\'');
            let word = &self.text[start..self.pos];
            if word == "_" {
                return (UNDERSCORE, None);
            }
            // Keywords are 2 to 7 lower-case letters.
            let maybe_keyword = (2..=7).contains(&word.len()) && c.is_ascii_lowercase();
            let keyword = maybe_keyword
                .then(|| SyntaxKind::from_keyword(word))
                .flatten();
            return (keyword.unwrap_or(IDENT), None);
        }
        if c.is_ascii_digit() {
            return self.number();
        }
        match c {
            '\'' => return self.apostrophe(),
            '"' => return self.string(),
            '#' => return self.hash(),
            '.' => return self.dots(),
            ':' => {
                self.pos += 1;
                if self.peek() == Some('>') && !self.peek_nth(1).is_some_and(is_operator_char) {
                    self.pos += 1;
                    return (COLON_GT, None);
                }
                return (COLON, None);
            }
            '?' => {
                if self.rest().starts_with("???") {
                    self.pos += 3;
                    return (HOLE, None);
                }
                self.pos += 1;
                return (QUESTION, None);
            }
            _ => {}
        }
        if is_operator_char(c) {
            let start = self.pos;
            self.pos += 1;
            self.bump_while(|c| is_operator_char(c) || c == '.');
            return match &self.text[start..self.pos] {
                "=" => (EQ, None),
                "->" => (ARROW, None),
                _ => (OPERATOR, None),
            };
        }
        let kind = match c {
            '(' => L_PAREN,
            ')' => R_PAREN,
            '[' => L_BRACK,
            ']' => R_BRACK,
            '{' => L_BRACE,
            '}' => R_BRACE,
            ',' => COMMA,
            '\\' => BACKSLASH,
            '`' => BACKTICK,
            '~' => TILDE,
            _ => {
                self.bump_char();
                return (ERROR_TOKEN, Some(LexError::UnexpectedCharacter));
            }
        };
        self.pos += 1;
        (kind, None)
    }

    fn number(&mut self) -> (SyntaxKind, Option<LexError>) {
        // Right after a `.`, digits are a tuple field (`t.0.1`), never a float.
        let after_dot = self.prev == Some(DOT);
        let mut kind = INT_NUMBER;
        let rest = self.rest();
        if rest.starts_with("0x") || rest.starts_with("0X") {
            self.pos += 2;
            self.bump_while(|c| c.is_ascii_hexdigit() || c == '_');
            if self.peek() == Some('.') && self.peek_nth(1).is_some_and(|c| c.is_ascii_hexdigit()) {
                self.pos += 1;
                self.bump_while(|c| c.is_ascii_hexdigit() || c == '_');
                kind = FLOAT_NUMBER;
            }
            if matches!(self.peek(), Some('p' | 'P')) {
                self.exponent();
                kind = FLOAT_NUMBER;
            }
        } else if rest.starts_with("0b") || rest.starts_with("0B") {
            self.pos += 2;
            self.bump_while(|c| c == '0' || c == '1' || c == '_');
        } else {
            self.bump_while(|c| c.is_ascii_digit() || c == '_');
            if after_dot {
                return (INT_NUMBER, None);
            }
            if self.peek() == Some('.') && self.peek_nth(1).is_some_and(|c| c.is_ascii_digit()) {
                self.pos += 1;
                self.bump_while(|c| c.is_ascii_digit() || c == '_');
                kind = FLOAT_NUMBER;
            }
            if matches!(self.peek(), Some('e' | 'E')) && self.exponent_follows() {
                self.exponent();
                kind = FLOAT_NUMBER;
            }
        }
        // Every suffix starts with `i`, `u` or `f`.
        let may_have_suffix = matches!(self.peek(), Some('i' | 'u' | 'f'));
        if let Some(suffix) = NUMBER_SUFFIXES
            .iter()
            .filter(|_| may_have_suffix)
            .find(|s| self.rest().starts_with(**s))
        {
            let after = self.rest()[suffix.len()..].chars().next();
            if !after.is_some_and(is_ident_continue) {
                self.pos += suffix.len();
                if suffix.starts_with('f') {
                    kind = FLOAT_NUMBER;
                }
                return (kind, None);
            }
        }
        if self.peek().is_some_and(is_ident_continue) {
            self.bump_while(is_ident_continue);
            return (kind, Some(LexError::InvalidSuffix));
        }
        (kind, None)
    }

    fn exponent_follows(&self) -> bool {
        match self.peek_nth(1) {
            Some(c) if c.is_ascii_digit() => true,
            Some('+' | '-') => self.peek_nth(2).is_some_and(|c| c.is_ascii_digit()),
            _ => false,
        }
    }

    fn exponent(&mut self) {
        self.pos += 1;
        if matches!(self.peek(), Some('+' | '-')) {
            self.pos += 1;
        }
        self.bump_while(|c| c.is_ascii_digit() || c == '_');
    }

    /// `'x'` is a character literal; otherwise `'`, `'^` or `'~` start a type parameter.
    fn apostrophe(&mut self) -> (SyntaxKind, Option<LexError>) {
        if let Some(len) = char_literal_len(self.rest()) {
            self.pos += len;
            return (CHAR, None);
        }
        self.pos += 1;
        match self.peek() {
            Some('^') => {
                self.pos += 1;
                (APOSTROPHE_CARET, None)
            }
            Some('~') => {
                self.pos += 1;
                (APOSTROPHE_TILDE, None)
            }
            _ => (APOSTROPHE, None),
        }
    }

    fn string(&mut self) -> (SyntaxKind, Option<LexError>) {
        self.pos += 1;
        loop {
            match self.peek() {
                None | Some('\n') => return (STRING, Some(LexError::UnterminatedString)),
                Some('"') => {
                    self.pos += 1;
                    return (STRING, None);
                }
                Some('\\') => {
                    self.pos += 1;
                    if self.peek().is_some_and(|c| c != '\n') {
                        self.bump_char();
                    }
                }
                Some(_) => self.bump_char(),
            }
        }
    }

    fn hash(&mut self) -> (SyntaxKind, Option<LexError>) {
        self.pos += 1;
        match self.peek() {
            Some('[') => {
                self.pos += 1;
                (HASH_BRACK, None)
            }
            Some(c) if is_ident_start(c) || c.is_ascii_digit() => {
                self.bump_while(is_ident_continue);
                (CONSTRUCTOR, None)
            }
            _ => (ERROR_TOKEN, Some(LexError::NoConstructorName)),
        }
    }

    fn dots(&mut self) -> (SyntaxKind, Option<LexError>) {
        let rest = self.rest();
        let (kind, len) = if rest.starts_with("...") {
            (DOT_DOT_DOT, 3)
        } else if rest.starts_with("..<") {
            (DOT_DOT_LT, 3)
        } else if rest.starts_with("..>") {
            (DOT_DOT_GT, 3)
        } else if rest.starts_with("..") {
            (DOT_DOT, 2)
        } else {
            (DOT, 1)
        };
        self.pos += len;
        (kind, None)
    }
}

/// Length of the character literal at the start of `text` (which begins with `'`), if any.
fn char_literal_len(text: &str) -> Option<usize> {
    let mut chars = text.char_indices().skip(1);
    let (_, first) = chars.next()?;
    match first {
        '\'' | '\n' => None,
        '\\' => {
            // An escape: scan to the closing quote on this line.
            for (i, c) in chars {
                match c {
                    '\'' if i > 2 => return Some(i + 1),
                    '\n' => return None,
                    _ if i > 12 => return None,
                    _ => {}
                }
            }
            None
        }
        _ => {
            let (i, close) = chars.next()?;
            (close == '\'').then_some(i + 1)
        }
    }
}

#[cfg(test)]
mod tests;
