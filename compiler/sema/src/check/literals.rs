//! Integer and float literals out of the range of the type inferred for them: known
//! only once the definition's types are solved (and defaults applied).

use runic_syntax::TextRange;

use super::Checker;
use crate::types::{PrimType, Type};

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
    let text = text.replace('_', "");
    let (digits, radix) = if let Some(hex) = text.strip_prefix("0x").or(text.strip_prefix("0X")) {
        (hex, 16)
    } else if let Some(bin) = text.strip_prefix("0b").or(text.strip_prefix("0B")) {
        (bin, 2)
    } else {
        (text.as_str(), 10)
    };
    let end = digits
        .find(|c: char| !c.is_digit(radix))
        .unwrap_or(digits.len());
    i128::from_str_radix(&digits[..end], radix).ok()
}

impl Checker<'_> {
    /// Remembers an integer literal without a type suffix (those wrap
    /// around silently) for [`Self::check_literal_bounds`].
    pub(super) fn record_literal(&mut self, range: TextRange, text: &str, ty: &Type) {
        if !matches!(ty, Type::Var(_)) {
            return;
        }
        if let Some(value) = literal_value(text) {
            self.pending_literals.push((range, value, ty.clone()));
        }
    }

    /// Remembers a float literal without a type suffix for
    /// [`Self::check_literal_bounds`]: one too large for its type.
    pub(super) fn record_float_literal(&mut self, range: TextRange, text: &str, ty: &Type) {
        if matches!(ty, Type::Var(_)) {
            self.pending_float_literals
                .push((range, text.replace('_', ""), ty.clone()));
        }
    }

    /// `-` applied directly to the literal at `literal`: the literal is negative.
    pub(super) fn negate_literal(&mut self, literal: TextRange, whole: TextRange) {
        if let Some(entry) = self
            .pending_float_literals
            .iter_mut()
            .find(|e| e.0 == literal)
        {
            entry.0 = whole;
            entry.1.insert(0, '-');
        }
        if let Some(entry) = self.pending_literals.iter_mut().find(|e| e.0 == literal) {
            entry.0 = whole;
            entry.1 = -entry.1;
        }
    }

    /// Reports the literals whose value the inferred type cannot hold.
    pub(super) fn check_literal_bounds(&mut self) {
        for (range, text, ty) in std::mem::take(&mut self.pending_float_literals) {
            let Type::Prim(prim) = self.u.resolve(&ty) else {
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
        for (range, value, ty) in std::mem::take(&mut self.pending_literals) {
            let Type::Prim(prim) = self.u.resolve(&ty) else {
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
