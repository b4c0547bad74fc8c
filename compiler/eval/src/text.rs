//! Futhark's textual value format: reading (`1i32`, `[1.5f32, f32.nan]`,
//! `empty([0][3]i64)`, `true`, underscores and hex in integers, `--`
//! comments) and printing, as `futhark run` prints results (`1.0f32`,
//! `1.7777778e-2f32`, `-f64.inf`).

use std::rc::Rc;

use runic_sema::types::PrimType;

use crate::data::Data;
use crate::prim;
use crate::value::{Array, Prim, Value};

/// A value read from text, with the element type of arrays (needed to tell
/// `empty([0]i32)` from `empty([0]f32)`).
#[derive(Debug, Clone, PartialEq)]
pub struct Typed {
    pub value: Value,
    /// The primitive type of the value or of its elements; `None` for
    /// nothing but empty arrays without elements (never from the reader).
    pub prim: PrimType,
}

/// Prints a scalar without its type suffix, as run-time errors quote values.
pub fn show_prim_bare(p: Prim) -> String {
    let full = show_prim(p);
    let suffix = p.prim_type().name();
    match p {
        Prim::Bool(_) => full,
        _ if full.ends_with(suffix)
            && !full.starts_with(suffix)
            && !full.contains(".nan")
            && !full.contains(".inf") =>
        {
            full[..full.len() - suffix.len()].to_string()
        }
        _ => full,
    }
}

/// Prints a scalar in the textual value format.
pub fn show_prim(p: Prim) -> String {
    match p {
        Prim::I8(x) => format!("{x}i8"),
        Prim::I16(x) => format!("{x}i16"),
        Prim::I32(x) => format!("{x}i32"),
        Prim::I64(x) => format!("{x}i64"),
        Prim::U8(x) => format!("{x}u8"),
        Prim::U16(x) => format!("{x}u16"),
        Prim::U32(x) => format!("{x}u32"),
        Prim::U64(x) => format!("{x}u64"),
        Prim::F16(x) => show_float(x as f64, &format!("{x:?}"), &format!("{x:e}"), "f16"),
        Prim::F32(x) => show_float(x as f64, &format!("{x:?}"), &format!("{x:e}"), "f32"),
        Prim::F64(x) => show_float(x, &format!("{x:?}"), &format!("{x:e}"), "f64"),
        Prim::Bool(b) => b.to_string(),
    }
}

/// Haskell's float notation: plain decimals for magnitudes in [0.1, 10^7),
/// scientific (`1.0e-2`) otherwise; the digits are the shortest that read
/// back (given as Rust's `{:?}` and `{:e}` renderings).
fn show_float(x: f64, plain: &str, sci: &str, suffix: &str) -> String {
    if x.is_nan() {
        return format!("{suffix}.nan");
    }
    if x.is_infinite() {
        let sign = if x < 0.0 { "-" } else { "" };
        return format!("{sign}{suffix}.inf");
    }
    let magnitude = x.abs();
    if x == 0.0 || (0.1..1e7).contains(&magnitude) {
        let mut text = plain.to_string();
        if !text.contains('.') {
            text.push_str(".0");
        }
        return format!("{text}{suffix}");
    }
    let (mantissa, exponent) = sci.split_once('e').unwrap_or((sci, "0"));
    let mantissa = if mantissa.contains('.') {
        mantissa.to_string()
    } else {
        format!("{mantissa}.0")
    };
    format!("{mantissa}e{exponent}{suffix}")
}

/// Prints a value; `elem` is the primitive element type, used for empty
/// arrays.
pub fn show_value(v: &Value, elem: Option<PrimType>) -> String {
    let mut out = String::new();
    write_value(&mut out, v, elem, false);
    out
}

/// Prints a value with scalars bare (`[1, 2]`), as run-time errors quote
/// values.
pub fn show_value_bare(v: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, v, None, true);
    out
}

fn write_value(out: &mut String, v: &Value, elem: Option<PrimType>, bare: bool) {
    out.push_str(&render(v, elem, bare));
}

/// Indents every line but the first by `n` spaces.
fn indent_rest(text: &str, n: usize) -> String {
    text.replace('\n', &format!("\n{}", " ".repeat(n)))
}

/// Renders a value in `futhark run`'s layout: rows of multi-dimensional
/// arrays, record fields and tuple components go one per line, aligned
/// after the opening bracket, except inside one-dimensional arrays, whose
/// elements are written on one line (`flat`).
fn render(v: &Value, elem: Option<PrimType>, bare: bool) -> String {
    render_in(v, elem, bare, false)
}

fn render_in(v: &Value, elem: Option<PrimType>, bare: bool, flat: bool) -> String {
    match v {
        Value::Prim(p) if bare => show_prim_bare(*p),
        Value::Prim(p) => show_prim(*p),
        Value::Array(a) => render_array(&a.shape, &a.data, 0, elem, bare),
        Value::Tuple(items) => {
            let parts: Vec<String> = items
                .iter()
                .map(|i| render_in(i, None, bare, flat))
                .collect();
            bracketed('(', ')', parts, !flat)
        }
        Value::Record(fields) => {
            let parts = fields
                .iter()
                .map(|(name, item)| {
                    let prefix = format!("{name} = ");
                    let shown = indent_rest(&render_in(item, None, bare, flat), prefix.len());
                    format!("{prefix}{shown}")
                })
                .collect();
            bracketed('{', '}', parts, !flat)
        }
        Value::Sum(s) => {
            let mut text = format!("#{}", s.0);
            for item in &s.1 {
                let shown = render_in(item, None, bare, flat);
                match item {
                    Value::Sum(inner) if !inner.1.is_empty() => {
                        text.push_str(&format!(" ({shown})"))
                    }
                    _ => text.push_str(&format!(" {shown}")),
                }
            }
            text
        }
        Value::Fun(_) => "#<fun>".to_string(),
        Value::Dual(d) => render_in(&d.primal, elem, bare, flat),
    }
}

/// `open` + parts + `close`, one part per line (aligned after `open`) when
/// `vertical`.
fn bracketed(open: char, close: char, parts: Vec<String>, vertical: bool) -> String {
    let parts: Vec<String> = parts.iter().map(|p| indent_rest(p, 1)).collect();
    let separator = if vertical { ",\n " } else { ", " };
    format!("{open}{}{close}", parts.join(separator))
}

/// The array of `shape` whose elements start at `start` in `data`.
fn render_array(
    shape: &[i64],
    data: &Data,
    start: usize,
    elem: Option<PrimType>,
    bare: bool,
) -> String {
    if shape.contains(&0) {
        let elem = elem
            .or_else(|| data.first().and_then(|v| v.as_prim()).map(Prim::prim_type))
            .unwrap_or(PrimType::I32);
        return format!("empty({}{})", crate::value::show_shape(shape), elem.name());
    }
    let rows = shape[0] as usize;
    let row_len = shape[1..].iter().product::<i64>() as usize;
    let parts = (0..rows)
        .map(|i| {
            let at = start + i * row_len;
            if shape.len() == 1 {
                render_in(&data.get(at), elem, bare, true)
            } else {
                render_array(&shape[1..], data, at, elem, bare)
            }
        })
        .collect();
    bracketed('[', ']', parts, shape.len() > 1)
}

/// The deepest nesting of array brackets read (far beyond the rank of any
/// real array; it bounds the reader's recursion).
pub const MAX_NESTING: usize = 1000;

/// Reads values from text one after another.
pub struct TextReader<'a> {
    text: &'a [u8],
    pub pos: usize,
    /// How many array brackets are open.
    depth: usize,
}

impl<'a> TextReader<'a> {
    pub fn new(text: &'a [u8]) -> TextReader<'a> {
        TextReader {
            text,
            pos: 0,
            depth: 0,
        }
    }

    /// Skips whitespace and `--` comments; true if input remains.
    pub fn skip_space(&mut self) -> bool {
        loop {
            while self.pos < self.text.len() && self.text[self.pos].is_ascii_whitespace() {
                self.pos += 1;
            }
            if self.text[self.pos..].starts_with(b"--") {
                while self.pos < self.text.len() && self.text[self.pos] != b'\n' {
                    self.pos += 1;
                }
                continue;
            }
            return self.pos < self.text.len();
        }
    }

    fn error(&self, what: &str) -> String {
        let line = self.text[..self.pos]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        let found: String = String::from_utf8_lossy(&self.text[self.pos..])
            .chars()
            .take(12)
            .collect();
        format!("line {line}: expected {what}, found `{found}`")
    }

    fn eat(&mut self, s: &str) -> bool {
        if self.text[self.pos..].starts_with(s.as_bytes()) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    /// Reads one value (scalar or array).
    pub fn read(&mut self) -> Result<Typed, String> {
        self.read_with(None)
    }

    /// Reads one value; scalars without a suffix get type `default` (the
    /// type of an array's first element) when given.
    fn read_with(&mut self, default: Option<PrimType>) -> Result<Typed, String> {
        self.skip_space();
        if self.eat("[") {
            if self.depth >= MAX_NESTING {
                self.pos -= 1;
                return Err(self.error(&format!(
                    "at most {MAX_NESTING} nested arrays (the rank of any array type)"
                )));
            }
            self.depth += 1;
            let array = self.read_array_rest(default);
            self.depth -= 1;
            return array;
        }
        if self.eat("empty(") {
            return self.read_empty();
        }
        if self.text[self.pos..].starts_with(b"\"") {
            return self.read_string();
        }
        let prim = self.read_prim(default)?;
        Ok(Typed {
            prim: prim.prim_type(),
            value: Value::Prim(prim),
        })
    }

    fn read_array_rest(&mut self, default: Option<PrimType>) -> Result<Typed, String> {
        let mut rows = Vec::new();
        let mut prim = None;
        loop {
            self.skip_space();
            if self.eat("]") && rows.is_empty() {
                return Err(self.error("an element (write empty arrays as `empty([0]t)`)"));
            }
            let row = self.read_with(prim.or(default))?;
            if prim.is_some_and(|p| p != row.prim) {
                return Err(self.error("elements of one type"));
            }
            prim = Some(row.prim);
            rows.push(row.value);
            self.skip_space();
            if self.eat(",") {
                continue;
            }
            if self.eat("]") {
                break;
            }
            return Err(self.error("`,` or `]`"));
        }
        let array = Array::from_rows(rows, &[])
            .map_err(|e| self.error(&format!("a regular array ({e})")))?;
        Ok(Typed {
            value: Value::Array(Rc::new(array)),
            prim: prim.expect("a non-empty array"),
        })
    }

    /// A string literal, which stands for its UTF-8 bytes (`[]u8`).
    fn read_string(&mut self) -> Result<Typed, String> {
        let start = self.pos;
        self.pos += 1;
        let mut bytes = Vec::new();
        loop {
            let Some(&b) = self.text.get(self.pos) else {
                self.pos = start;
                return Err(self.error("a closing `\"`"));
            };
            self.pos += 1;
            match b {
                b'"' => break,
                b'\\' => {
                    let escaped = self.text.get(self.pos).copied().unwrap_or(b'\\');
                    self.pos += 1;
                    bytes.push(match escaped {
                        b'n' => b'\n',
                        b't' => b'\t',
                        b'r' => b'\r',
                        b'0' => 0,
                        other => other,
                    });
                }
                other => bytes.push(other),
            }
        }
        let data: Vec<Value> = bytes
            .into_iter()
            .map(|b| Value::Prim(Prim::U8(b)))
            .collect();
        let value = if data.is_empty() {
            Value::Array(Rc::new(Array::new(vec![0], Vec::new())))
        } else {
            Value::array_of(data)
        };
        Ok(Typed {
            value,
            prim: PrimType::U8,
        })
    }

    fn read_empty(&mut self) -> Result<Typed, String> {
        let mut shape = Vec::new();
        loop {
            self.skip_space();
            if !self.eat("[") {
                break;
            }
            self.skip_space();
            let start = self.pos;
            while self.pos < self.text.len() && self.text[self.pos].is_ascii_digit() {
                self.pos += 1;
            }
            let dim = std::str::from_utf8(&self.text[start..self.pos])
                .ok()
                .and_then(|d| d.parse::<i64>().ok())
                .ok_or_else(|| self.error("a dimension"))?;
            self.skip_space();
            if !self.eat("]") {
                return Err(self.error("`]`"));
            }
            shape.push(dim);
        }
        let word = self.word();
        let prim = PrimType::from_name(&word).ok_or_else(|| self.error("a primitive type"))?;
        self.skip_space();
        if !self.eat(")") {
            return Err(self.error("`)`"));
        }
        if shape.is_empty() || !shape.contains(&0) {
            return Err(self.error("a shape with a zero dimension in `empty`"));
        }
        Ok(Typed {
            value: Value::Array(Rc::new(Array::new(shape, Vec::new()))),
            prim,
        })
    }

    fn word(&mut self) -> String {
        let start = self.pos;
        while self.pos < self.text.len()
            && (self.text[self.pos].is_ascii_alphanumeric()
                || b"_.+-".contains(&self.text[self.pos]))
        {
            // A sign only inside an exponent (`e` in decimal, `p` in hex).
            let hex = self.text[start..self.pos].starts_with(b"0x");
            let exponent: &[u8] = if hex { b"pP" } else { b"eE" };
            if b"+-".contains(&self.text[self.pos])
                && !(self.pos > start && exponent.contains(&self.text[self.pos - 1]))
            {
                break;
            }
            self.pos += 1;
        }
        String::from_utf8_lossy(&self.text[start..self.pos]).into_owned()
    }

    fn read_prim(&mut self, default: Option<PrimType>) -> Result<Prim, String> {
        let start = self.pos;
        let negative = self.eat("-");
        let word = self.word();
        let default = default.filter(|t| {
            // An unsuffixed `1.5` cannot become an integer.
            t.is_float()
                || !(word.contains('.') || (word.contains(['e', 'E']) && !word.starts_with("0x")))
        });
        let parsed = parse_scalar_as(&word, negative, default);
        let prim = parsed.ok_or_else(|| {
            self.pos = start;
            self.error("a value")
        })?;
        if let Some(out_of_range) = decimal_out_of_range(&word, negative, prim.prim_type()) {
            self.pos = start;
            return Err(self.error(&format!(
                "a value of type {} (`{out_of_range}` is out of its range)",
                prim.prim_type().name()
            )));
        }
        Ok(prim)
    }
}

/// The literal, when `word` is a decimal integer literal too large (or too
/// small) for `t`, which would otherwise wrap around silently; hexadecimal
/// and binary literals are bit patterns and may fill the whole width.
fn decimal_out_of_range(word: &str, negative: bool, t: PrimType) -> Option<String> {
    if t.is_float() || t == PrimType::Bool {
        return None;
    }
    let (digits, _) = split_suffix(word);
    let digits = digits.replace('_', "");
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude: u128 = digits.parse().ok()?;
    let bits = match t {
        PrimType::I8 | PrimType::U8 => 8,
        PrimType::I16 | PrimType::U16 => 16,
        PrimType::I32 | PrimType::U32 => 32,
        _ => 64,
    };
    let signed = matches!(
        t,
        PrimType::I8 | PrimType::I16 | PrimType::I32 | PrimType::I64
    );
    let limit: u128 = match (signed, negative) {
        (true, false) => (1 << (bits - 1)) - 1,
        (true, true) => 1 << (bits - 1),
        // `-1u8` is 255, as in programs.
        (false, _) => (1 << bits) - 1,
    };
    (magnitude > limit).then(|| format!("{}{word}", if negative { "-" } else { "" }))
}

/// Parses a scalar literal such as `12i32`, `0xffu8`, `1.5e3f32`, `true`,
/// `f32.nan`, `f64.inf` (the sign given separately).
pub fn parse_scalar(word: &str, negative: bool) -> Option<Prim> {
    parse_scalar_as(word, negative, None)
}

/// Like [`parse_scalar`], but a literal without a suffix gets type
/// `default` (as the checker solved it) instead of `i32`/`f64`.
pub fn parse_scalar_as(word: &str, negative: bool, default: Option<PrimType>) -> Option<Prim> {
    match word {
        "true" if !negative => return Some(Prim::Bool(true)),
        "false" if !negative => return Some(Prim::Bool(false)),
        _ => {}
    }
    for (name, t) in [
        ("f16", PrimType::F16),
        ("f32", PrimType::F32),
        ("f64", PrimType::F64),
    ] {
        if let Some(rest) = word.strip_prefix(name).and_then(|r| r.strip_prefix('.')) {
            let x = match rest {
                "nan" => f64::NAN,
                "inf" => f64::INFINITY,
                _ => return None,
            };
            return Some(prim::from_f64(if negative { -x } else { x }, t));
        }
    }
    let (digits, suffix) = split_suffix(word);
    let digits = digits.replace('_', "");
    if digits.is_empty() {
        return None;
    }
    let is_hex = digits.starts_with("0x") || digits.starts_with("0X");
    if is_hex && digits.contains(['p', 'P']) {
        let x = hex_float(&digits[2..])?;
        let t = suffix
            .or(default)
            .filter(|t| t.is_float())
            .unwrap_or(PrimType::F64);
        return Some(prim::from_f64(if negative { -x } else { x }, t));
    }
    let looks_float = !is_hex && (digits.contains('.') || digits.contains(['e', 'E']));
    let prim_type = match suffix {
        Some(t) => t,
        None if default.is_some() => default.expect("checked"),
        None if looks_float => PrimType::F64,
        None => PrimType::I32,
    };
    if prim_type.is_float() {
        let x: f64 = if is_hex {
            u64::from_str_radix(&digits[2..], 16).ok()? as f64
        } else {
            digits.parse().ok()?
        };
        return Some(prim::from_f64(if negative { -x } else { x }, prim_type));
    }
    if looks_float || prim_type == PrimType::Bool {
        return None;
    }
    let magnitude: u128 = if is_hex {
        u128::from_str_radix(&digits[2..], 16).ok()?
    } else if let Some(bin) = digits.strip_prefix("0b") {
        u128::from_str_radix(bin, 2).ok()?
    } else {
        digits.parse().ok()?
    };
    let value = if negative {
        (magnitude as i128).wrapping_neg()
    } else {
        magnitude as i128
    };
    Some(prim::convert(Prim::U64(value as u64), prim_type))
}

/// The value of a hexadecimal float such as `1.8p1` (after `0x`).
fn hex_float(text: &str) -> Option<f64> {
    let (mantissa, exponent) = text.split_once(['p', 'P'])?;
    let exponent: i32 = exponent.parse().ok()?;
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut value = if whole.is_empty() {
        0.0
    } else {
        u64::from_str_radix(whole, 16).ok()? as f64
    };
    let mut scale = 1.0 / 16.0;
    for digit in fraction.chars() {
        value += digit.to_digit(16)? as f64 * scale;
        scale /= 16.0;
    }
    Some(value * 2f64.powi(exponent))
}

/// Splits a type suffix (`i32`, `u8`, `f64`, ...) off a numeric literal.
pub(crate) fn split_suffix(word: &str) -> (&str, Option<PrimType>) {
    for t in PrimType::ALL {
        if t == PrimType::Bool {
            continue;
        }
        if let Some(digits) = word.strip_suffix(t.name()) {
            // `0x1f32` is the hex number 0x1f32, not 0x1 as f32; hex floats
            // are not in the format.
            let hex = digits.starts_with("0x") || digits.starts_with("0X");
            if hex && t.is_float() && !digits.contains(['p', 'P']) {
                continue;
            }
            return (digits, Some(t));
        }
    }
    (word, None)
}
