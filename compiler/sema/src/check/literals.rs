//! Integer and float literals out of the range of the type inferred for them: known
//! only once the definition's types are solved (and defaults applied); the
//! type variable the unsuffixed numbers of one array literal share.

use rowan::{Language, NodeOrToken};
use runic_syntax::{FutharkLanguage, SyntaxKind::*, SyntaxNode, TextRange, TextSize};

use super::green::green_kind;
use super::Checker;
use crate::types::{PrimType, TyVar, Type};

/// The range of values of an integer type.
fn bounds(prim: PrimType) -> Option<(i128, i128)> {
    let bits = |n: u32| (-(1i128 << (n - 1)), (1i128 << (n - 1)) - 1);
    let unsigned = |n: u32| (0, (1i128 << n) - 1);
    Some(match prim {
        PrimType::I8 => bits(8),
        PrimType::I16 => bits(16),
        PrimType::I32 => bits(32),
        PrimType::I64 => bits(64),
        PrimType::U8 => unsigned(8),
        PrimType::U16 => unsigned(16),
        PrimType::U32 => unsigned(32),
        PrimType::U64 => unsigned(64),
        _ => return None,
    })
}

/// The value an integer literal's text denotes (suffix and `_` ignored).
pub(crate) fn literal_value(text: &str) -> Option<i128> {
    let unscored;
    let text = if text.contains('_') {
        unscored = text.replace('_', "");
        unscored.as_str()
    } else {
        text
    };
    let (digits, radix) = if let Some(hex) = text.strip_prefix("0x").or(text.strip_prefix("0X")) {
        (hex, 16)
    } else if let Some(bin) = text.strip_prefix("0b").or(text.strip_prefix("0B")) {
        (bin, 2)
    } else {
        (text, 10)
    };
    let end = digits
        .find(|c: char| !c.is_digit(radix))
        .unwrap_or(digits.len());
    i128::from_str_radix(&digits[..end], radix).ok()
}

/// The type variables unsuffixed integer (slot 0) and float (slot 1)
/// literals of one array literal share.
#[derive(Default)]
pub(super) struct SharedLiterals {
    slots: [Option<TyVar>; 2],
}

impl SharedLiterals {
    /// `elem`, of type `ty`, was checked as an element on its own: an
    /// unsuffixed number whose variable unified with the element type
    /// without error lends it to the later numbers of its kind.
    pub(super) fn offer(&mut self, elem: &SyntaxNode, ty: Type, unified: bool) {
        if let Some(number) = unsuffixed_number(elem) {
            if let (true, Type::Var(var)) = (unified, ty) {
                let slot = number.slot;
                self.slots[slot] = Some(var);
            }
        }
    }
}

/// Resolves type variables one after the other, once per run of the same
/// variable: the numbers of one array literal share one, so a literal of
/// 10^6 numbers resolves it once, not 10^6 times.
#[derive(Default)]
pub(super) struct SameVarRun {
    last: Option<(TyVar, Type)>,
}

impl SameVarRun {
    pub(super) fn resolve(&mut self, u: &crate::unify::Unifier, var: TyVar) -> Type {
        match &self.last {
            Some((v, ty)) if *v == var => ty.clone(),
            _ => {
                let ty = u.resolve(&Type::Var(var));
                self.last = Some((var, ty.clone()));
                ty
            }
        }
    }
}

/// An array element that is a number literal without a type suffix (a
/// suffixed one has a known type), or such a literal negated (`-3`).
struct UnsuffixedNumber {
    /// 0 for integers, 1 for floats.
    slot: usize,
    /// The literal's value (its digits, without the `-`).
    value: NumberValue,
    /// The range of the literal itself, inside the element where negated.
    literal: TextRange,
    negated: bool,
}

/// What [`Checker::check_literal_bounds`] needs of a number: an integer's
/// value (none if it does not fit in an `i128`), a float's text.
enum NumberValue {
    Int(Option<i128>),
    Float(String),
}

/// Reads the element's green tree rather than walking it with cursors: an
/// array of 10^6 numbers asks this of every element, and each cursor step
/// allocates.
fn unsuffixed_number(elem: &SyntaxNode) -> Option<UnsuffixedNumber> {
    let green = elem.green();
    let start = elem.text_range().start();
    let (literal, offset, negated) = match elem.kind() {
        LITERAL => (green.as_ref(), TextSize::from(0), false),
        PREFIX_EXPR => {
            let mut offset = TextSize::from(0);
            let mut minus = false;
            let mut literal = None;
            for child in green.children() {
                match child {
                    NodeOrToken::Token(t) if green_kind(&child).is_trivia() => {
                        offset += t.text_len();
                    }
                    NodeOrToken::Token(t) if !minus && literal.is_none() && t.text() == "-" => {
                        minus = true;
                        offset += t.text_len();
                    }
                    NodeOrToken::Node(n)
                        if minus && literal.is_none() && green_kind(&child) == LITERAL =>
                    {
                        literal = Some((n, offset));
                    }
                    _ => return None,
                }
            }
            let (literal, offset) = literal?;
            (literal, offset, true)
        }
        _ => return None,
    };
    let token = literal.children().find_map(|c| match c {
        NodeOrToken::Token(t) if !green_kind(&c).is_trivia() => Some(t),
        _ => None,
    })?;
    let text = token.text();
    if number_suffix(text).is_some() {
        return None;
    }
    let (slot, value) = match FutharkLanguage::kind_from_raw(token.kind()) {
        INT_NUMBER => (0, NumberValue::Int(literal_value(text))),
        FLOAT_NUMBER => (1, NumberValue::Float(text.replace('_', ""))),
        _ => return None,
    };
    let literal_start = start + offset;
    Some(UnsuffixedNumber {
        slot,
        value,
        literal: TextRange::at(literal_start, literal.text_len()),
        negated,
    })
}

/// `-1`, `!true`: a prefix operator applied to a literal (a scalar).
pub(super) fn is_negated_literal(node: &SyntaxNode) -> bool {
    node.kind() == PREFIX_EXPR
        && node
            .green()
            .children()
            .find_map(|c| c.into_node())
            .is_some_and(|n| FutharkLanguage::kind_from_raw(n.kind()) == LITERAL)
}

/// The type a number literal's suffix names (`1i64`, `2.5f32`), if any.
pub(super) fn number_suffix(text: &str) -> Option<PrimType> {
    // Plain decimal digits (most literals of a long array): no suffix.
    if text.bytes().all(|b| b.is_ascii_digit() || b == b'_') {
        return None;
    }
    // In a hex integer, `f32` would be digits; a hex float's decimal
    // exponent (`0x1.0p-2f32`) ends before its suffix.
    let hex = text.starts_with("0x") || text.starts_with("0X");
    let hex_digits_end = hex && !text.contains(['p', 'P']);
    runic_syntax::lexer::NUMBER_SUFFIXES
        .iter()
        .copied()
        .find(|s| text.ends_with(s) && !(hex_digits_end && s.starts_with('f')))
        .and_then(PrimType::from_name)
}

impl Checker<'_> {
    /// An unsuffixed number literal among an array's elements, of a kind
    /// (integer or float) an earlier element already gave a type variable
    /// to: it gets that variable, already unified with the element type
    /// (what a fresh variable per element, unified with it, would come to),
    /// so a literal of 10^6 numbers makes two variables, not 10^6. A
    /// negated number (`-3`) shares it too: negation asks for a numeric
    /// type, which a number literal's variable already has.
    pub(super) fn shared_literal_element(
        &mut self,
        elem: &SyntaxNode,
        shared: &mut SharedLiterals,
    ) -> bool {
        let Some(number) = unsuffixed_number(elem) else {
            return false;
        };
        let Some(var) = shared.slots[number.slot] else {
            return false;
        };
        let range = number.literal;
        match number.value {
            NumberValue::Int(Some(value)) => self.pending_literals.push((range, value, var)),
            NumberValue::Int(None) => {}
            NumberValue::Float(text) => self.pending_float_literals.push((range, text, var)),
        }
        self.shared_literal_types.push((range, var));
        if number.negated {
            self.negate_literal(range, elem.text_range());
            self.shared_literal_types.push((elem.text_range(), var));
        }
        true
    }

    /// Remembers an integer literal without a type suffix (those wrap
    /// around silently) for [`Self::check_literal_bounds`].
    pub(super) fn record_literal(&mut self, range: TextRange, text: &str, ty: &Type) {
        let Type::Var(var) = ty else {
            return;
        };
        if let Some(value) = literal_value(text) {
            self.pending_literals.push((range, value, *var));
        }
    }

    /// Remembers a float literal without a type suffix for
    /// [`Self::check_literal_bounds`]: one too large for its type.
    pub(super) fn record_float_literal(&mut self, range: TextRange, text: &str, ty: &Type) {
        if let Type::Var(var) = ty {
            self.pending_float_literals
                .push((range, text.replace('_', ""), *var));
        }
    }

    /// `-` applied directly to the literal at `literal`: the literal is
    /// negative. The literal was checked just before, so its entry (if it
    /// has one) is the last (only that one is looked at: searching all
    /// literals so far made `[-1, -2, ...]` quadratic).
    pub(super) fn negate_literal(&mut self, literal: TextRange, whole: TextRange) {
        if let Some(entry) = self
            .pending_float_literals
            .last_mut()
            .filter(|e| e.0 == literal)
        {
            entry.0 = whole;
            entry.1.insert(0, '-');
        }
        if let Some(entry) = self.pending_literals.last_mut().filter(|e| e.0 == literal) {
            entry.0 = whole;
            entry.1 = -entry.1;
        }
    }

    /// Reports the literals whose value the inferred type cannot hold.
    pub(super) fn check_literal_bounds(&mut self) {
        let mut run = SameVarRun::default();
        for (range, text, var) in std::mem::take(&mut self.pending_float_literals) {
            let Type::Prim(prim) = run.resolve(&self.u, var) else {
                continue;
            };
            // Hexadecimal floats are not parsed here (nor are they large).
            let infinite = match prim {
                PrimType::F32 => text.parse::<f32>().is_ok_and(f32::is_infinite),
                PrimType::F64 => text.parse::<f64>().is_ok_and(f64::is_infinite),
                // Halves round to infinity from 65520 on.
                PrimType::F16 => text.parse::<f64>().is_ok_and(|v| v.abs() >= 65520.0),
                _ => false,
            };
            if infinite {
                self.error(
                    "literal-out-of-bounds",
                    range,
                    format!(
                        "Literal {text} out of bounds for inferred type {}.",
                        prim.name()
                    ),
                );
            }
        }
        for (range, value, var) in std::mem::take(&mut self.pending_literals) {
            let Type::Prim(prim) = run.resolve(&self.u, var) else {
                continue;
            };
            let Some((low, high)) = bounds(prim) else {
                continue;
            };
            if value < low || value > high {
                self.error(
                    "literal-out-of-bounds",
                    range,
                    format!(
                        "Literal {value} out of bounds for inferred type {}.",
                        prim.name()
                    ),
                );
            }
        }
    }
}
