//! The elements of an array, as the binary data format lays them out: one
//! typed buffer for an array of scalars of one type (`Vec<i64>`,
//! `Vec<f32>`, ...), boxed [`Value`]s for anything else (tuples, records,
//! sums, functions, dual numbers, or scalars of mixed types).
//!
//! A typed buffer holds its scalars unboxed: an `i64` element takes eight
//! bytes instead of a whole `Value`. Writing a value that does not fit a
//! typed buffer (a dual number inside `jvp`, say) turns the buffer into
//! boxed values first, so every operation works on either form.
//!
//! An array of tuples whose fields are scalars (or such tuples) is a tuple
//! of buffers ([`Data::Zip`]), as Futhark lays out arrays of tuples: `zip`
//! and `unzip` of typed buffers move buffers and box no element.

use std::ops::Range;

use runic_sema::types::PrimType;

use crate::value::{Prim, Value};

/// The flat, row-major elements of an array.
#[derive(Debug, Clone)]
pub enum Data {
    Boxed(Vec<Value>),
    I8(Vec<i8>),
    I16(Vec<i16>),
    I32(Vec<i32>),
    I64(Vec<i64>),
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
    U64(Vec<u64>),
    /// Half-precision floats, kept as `f32` rounded to half precision.
    F16(Vec<f32>),
    F32(Vec<f32>),
    F64(Vec<f64>),
    Bool(Vec<bool>),
    /// An array of tuples as one buffer per field: element `i` is the
    /// tuple of element `i` of each (two or more, all of one length).
    Zip(Vec<Data>),
}

/// Applies a generic expression to the buffer of any variant, giving a
/// buffer of the same variant.
macro_rules! same_variant {
    ($data:expr, $v:ident => $e:expr) => {
        match $data {
            Data::Boxed($v) => Data::Boxed($e),
            Data::I8($v) => Data::I8($e),
            Data::I16($v) => Data::I16($e),
            Data::I32($v) => Data::I32($e),
            Data::I64($v) => Data::I64($e),
            Data::U8($v) => Data::U8($e),
            Data::U16($v) => Data::U16($e),
            Data::U32($v) => Data::U32($e),
            Data::U64($v) => Data::U64($e),
            Data::F16($v) => Data::F16($e),
            Data::F32($v) => Data::F32($e),
            Data::F64($v) => Data::F64($e),
            Data::Bool($v) => Data::Bool($e),
            Data::Zip(_) => unreachable!("a tuple of buffers is handled before"),
        }
    };
}

/// Evaluates a generic expression on the buffer of any variant.
macro_rules! any_variant {
    ($data:expr, $v:ident => $e:expr) => {
        match $data {
            Data::Boxed($v) => $e,
            Data::I8($v) => $e,
            Data::I16($v) => $e,
            Data::I32($v) => $e,
            Data::I64($v) => $e,
            Data::U8($v) => $e,
            Data::U16($v) => $e,
            Data::U32($v) => $e,
            Data::U64($v) => $e,
            Data::F16($v) => $e,
            Data::F32($v) => $e,
            Data::F64($v) => $e,
            Data::Bool($v) => $e,
            Data::Zip(_) => unreachable!("a tuple of buffers is handled before"),
        }
    };
}

/// Evaluates a generic expression on two buffers of the same variant;
/// `None` when the variants differ.
macro_rules! pair_variant {
    ($a:expr, $b:expr, $x:ident, $y:ident => $e:expr) => {
        match ($a, $b) {
            (Data::Boxed($x), Data::Boxed($y)) => Some($e),
            (Data::I8($x), Data::I8($y)) => Some($e),
            (Data::I16($x), Data::I16($y)) => Some($e),
            (Data::I32($x), Data::I32($y)) => Some($e),
            (Data::I64($x), Data::I64($y)) => Some($e),
            (Data::U8($x), Data::U8($y)) => Some($e),
            (Data::U16($x), Data::U16($y)) => Some($e),
            (Data::U32($x), Data::U32($y)) => Some($e),
            (Data::U64($x), Data::U64($y)) => Some($e),
            (Data::F16($x), Data::F16($y)) => Some($e),
            (Data::F32($x), Data::F32($y)) => Some($e),
            (Data::F64($x), Data::F64($y)) => Some($e),
            (Data::Bool($x), Data::Bool($y)) => Some($e),
            _ => None,
        }
    };
}

pub(crate) use same_variant;

impl Default for Data {
    fn default() -> Data {
        Data::Boxed(Vec::new())
    }
}

impl Data {
    /// An empty buffer for elements of type `t`, with room for `capacity`.
    pub fn with_capacity(t: PrimType, capacity: usize) -> Data {
        match t {
            PrimType::I8 => Data::I8(Vec::with_capacity(capacity)),
            PrimType::I16 => Data::I16(Vec::with_capacity(capacity)),
            PrimType::I32 => Data::I32(Vec::with_capacity(capacity)),
            PrimType::I64 => Data::I64(Vec::with_capacity(capacity)),
            PrimType::U8 => Data::U8(Vec::with_capacity(capacity)),
            PrimType::U16 => Data::U16(Vec::with_capacity(capacity)),
            PrimType::U32 => Data::U32(Vec::with_capacity(capacity)),
            PrimType::U64 => Data::U64(Vec::with_capacity(capacity)),
            PrimType::F16 => Data::F16(Vec::with_capacity(capacity)),
            PrimType::F32 => Data::F32(Vec::with_capacity(capacity)),
            PrimType::F64 => Data::F64(Vec::with_capacity(capacity)),
            PrimType::Bool => Data::Bool(Vec::with_capacity(capacity)),
        }
    }

    /// The elements of `values`, unboxed when they are scalars of one type
    /// (or tuples of them).
    pub fn from_values(values: Vec<Value>) -> Data {
        if matches!(values.first(), Some(Value::Tuple(_))) {
            let mut builder = Builder::with_capacity(values.len());
            values.into_iter().for_each(|v| builder.push(v));
            return builder.finish();
        }
        let Some(t) = values.first().and_then(prim_of).map(Prim::prim_type) else {
            return Data::Boxed(values);
        };
        if !values
            .iter()
            .all(|v| prim_of(v).is_some_and(|p| p.prim_type() == t))
        {
            return Data::Boxed(values);
        }
        let mut data = Data::with_capacity(t, values.len());
        for v in &values {
            if let Value::Prim(p) = v {
                data.push_prim(*p);
            }
        }
        data
    }

    /// The elements of `prims` (all of one type), unboxed.
    pub fn from_prims(prims: &[Prim]) -> Data {
        let mut builder = Builder::with_capacity(prims.len());
        for p in prims {
            builder.push(Value::Prim(*p));
        }
        builder.finish()
    }

    pub fn len(&self) -> usize {
        if let Data::Zip(fields) = self {
            return fields[0].len();
        }
        any_variant!(self, v => v.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The scalar type of a typed buffer.
    pub fn prim_type(&self) -> Option<PrimType> {
        Some(match self {
            Data::Boxed(_) | Data::Zip(_) => return None,
            Data::I8(_) => PrimType::I8,
            Data::I16(_) => PrimType::I16,
            Data::I32(_) => PrimType::I32,
            Data::I64(_) => PrimType::I64,
            Data::U8(_) => PrimType::U8,
            Data::U16(_) => PrimType::U16,
            Data::U32(_) => PrimType::U32,
            Data::U64(_) => PrimType::U64,
            Data::F16(_) => PrimType::F16,
            Data::F32(_) => PrimType::F32,
            Data::F64(_) => PrimType::F64,
            Data::Bool(_) => PrimType::Bool,
        })
    }

    /// Element `i` of a typed buffer (`None` for boxed values).
    #[inline]
    pub fn prim(&self, i: usize) -> Option<Prim> {
        Some(match self {
            Data::Boxed(_) | Data::Zip(_) => return None,
            Data::I8(v) => Prim::I8(v[i]),
            Data::I16(v) => Prim::I16(v[i]),
            Data::I32(v) => Prim::I32(v[i]),
            Data::I64(v) => Prim::I64(v[i]),
            Data::U8(v) => Prim::U8(v[i]),
            Data::U16(v) => Prim::U16(v[i]),
            Data::U32(v) => Prim::U32(v[i]),
            Data::U64(v) => Prim::U64(v[i]),
            Data::F16(v) => Prim::F16(v[i]),
            Data::F32(v) => Prim::F32(v[i]),
            Data::F64(v) => Prim::F64(v[i]),
            Data::Bool(v) => Prim::Bool(v[i]),
        })
    }

    /// Element `i` as a value.
    #[inline]
    pub fn get(&self, i: usize) -> Value {
        match self {
            Data::Boxed(v) => v[i].clone(),
            Data::Zip(fields) => Value::Tuple(fields.iter().map(|f| f.get(i)).collect()),
            typed => Value::Prim(typed.prim(i).expect("a typed buffer")),
        }
    }

    /// The first element, if any.
    pub fn first(&self) -> Option<Value> {
        (!self.is_empty()).then(|| self.get(0))
    }

    /// All elements as values.
    pub fn iter(&self) -> impl Iterator<Item = Value> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// The elements as boxed values.
    pub fn to_values(&self) -> Vec<Value> {
        match self {
            Data::Boxed(v) => v.clone(),
            typed => typed.iter().collect(),
        }
    }

    /// Appends a scalar; the caller knows it has the buffer's type.
    #[inline]
    fn push_prim(&mut self, p: Prim) -> bool {
        match (self, p) {
            (Data::I8(v), Prim::I8(x)) => v.push(x),
            (Data::I16(v), Prim::I16(x)) => v.push(x),
            (Data::I32(v), Prim::I32(x)) => v.push(x),
            (Data::I64(v), Prim::I64(x)) => v.push(x),
            (Data::U8(v), Prim::U8(x)) => v.push(x),
            (Data::U16(v), Prim::U16(x)) => v.push(x),
            (Data::U32(v), Prim::U32(x)) => v.push(x),
            (Data::U64(v), Prim::U64(x)) => v.push(x),
            (Data::F16(v), Prim::F16(x)) => v.push(x),
            (Data::F32(v), Prim::F32(x)) => v.push(x),
            (Data::F64(v), Prim::F64(x)) => v.push(x),
            (Data::Bool(v), Prim::Bool(x)) => v.push(x),
            (Data::Boxed(v), p) => v.push(Value::Prim(p)),
            _ => return false,
        }
        true
    }

    /// Writes a scalar at `i` if it has the buffer's type.
    #[inline]
    fn set_prim(&mut self, i: usize, p: Prim) -> bool {
        match (self, p) {
            (Data::I8(v), Prim::I8(x)) => v[i] = x,
            (Data::I16(v), Prim::I16(x)) => v[i] = x,
            (Data::I32(v), Prim::I32(x)) => v[i] = x,
            (Data::I64(v), Prim::I64(x)) => v[i] = x,
            (Data::U8(v), Prim::U8(x)) => v[i] = x,
            (Data::U16(v), Prim::U16(x)) => v[i] = x,
            (Data::U32(v), Prim::U32(x)) => v[i] = x,
            (Data::U64(v), Prim::U64(x)) => v[i] = x,
            (Data::F16(v), Prim::F16(x)) => v[i] = x,
            (Data::F32(v), Prim::F32(x)) => v[i] = x,
            (Data::F64(v), Prim::F64(x)) => v[i] = x,
            (Data::Bool(v), Prim::Bool(x)) => v[i] = x,
            (Data::Boxed(v), p) => v[i] = Value::Prim(p),
            _ => return false,
        }
        true
    }

    /// An empty buffer for elements like `value`, with room for
    /// `capacity`: typed for a scalar, a tuple of buffers for a tuple of
    /// two or more such fields, boxed otherwise.
    fn for_value(value: &Value, capacity: usize) -> Data {
        let fields = match value {
            Value::Prim(p) => return Data::with_capacity(p.prim_type(), capacity),
            Value::Tuple(items) if items.len() >= 2 => items
                .iter()
                .map(|v| {
                    Some(Data::for_value(v, capacity)).filter(|d| !matches!(d, Data::Boxed(_)))
                })
                .collect::<Option<Vec<_>>>(),
            _ => None,
        };
        fields.map_or_else(|| Data::Boxed(Vec::with_capacity(capacity)), Data::Zip)
    }

    /// Turns a typed buffer into boxed values.
    pub fn make_boxed(&mut self) -> &mut Vec<Value> {
        if !matches!(self, Data::Boxed(_)) {
            *self = Data::Boxed(self.to_values());
        }
        match self {
            Data::Boxed(v) => v,
            _ => unreachable!("boxed just now"),
        }
    }

    /// Appends a value, boxing the buffer if the value does not fit it.
    pub fn push(&mut self, value: Value) {
        if let Value::Prim(p) = value {
            if self.push_prim(p) {
                return;
            }
        }
        if let Some(fields) = self.fields_for(&value) {
            fields.for_each(|(f, v)| f.push(v.clone()));
            return;
        }
        self.make_boxed().push(value);
    }

    /// Writes a value at `i`, boxing the buffer if the value does not fit.
    pub fn set(&mut self, i: usize, value: Value) {
        if let Value::Prim(p) = value {
            if self.set_prim(i, p) {
                return;
            }
        }
        if let Some(fields) = self.fields_for(&value) {
            fields.for_each(|(f, v)| f.set(i, v.clone()));
            return;
        }
        self.make_boxed()[i] = value;
    }

    /// The buffers of a tuple of buffers, each with its field of
    /// `value`, when `value` is a tuple of that width.
    fn fields_for<'a>(
        &'a mut self,
        value: &'a Value,
    ) -> Option<impl Iterator<Item = (&'a mut Data, &'a Value)>> {
        match (self, value) {
            (Data::Zip(fields), Value::Tuple(items)) if items.len() == fields.len() => {
                Some(fields.iter_mut().zip(items.iter()))
            }
            _ => None,
        }
    }

    /// The elements in `range`.
    pub fn slice(&self, range: Range<usize>) -> Data {
        if let Data::Zip(fields) = self {
            return Data::Zip(fields.iter().map(|f| f.slice(range.clone())).collect());
        }
        same_variant!(self, v => v[range].to_vec())
    }

    /// The elements at `offsets`, in order.
    #[allow(clippy::clone_on_copy)]
    pub fn gather(&self, offsets: &[usize]) -> Data {
        if let Data::Zip(fields) = self {
            return Data::Zip(fields.iter().map(|f| f.gather(offsets)).collect());
        }
        same_variant!(self, v => offsets.iter().map(|&k| v[k].clone()).collect())
    }

    /// The fields of two tuples of buffers of one width.
    fn zip_pair<'a>(&'a mut self, other: &'a Data) -> Option<Vec<(&'a mut Data, &'a Data)>> {
        match (self, other) {
            (Data::Zip(x), Data::Zip(y)) if x.len() == y.len() => {
                Some(x.iter_mut().zip(y).collect())
            }
            _ => None,
        }
    }

    /// Appends the elements of `other` in `range`.
    pub fn extend_from(&mut self, other: &Data, range: Range<usize>) {
        if self.is_empty() && !matches!(other, Data::Boxed(_)) && matches!(self, Data::Boxed(_)) {
            *self = other.slice(range);
            return;
        }
        if let Some(fields) = self.zip_pair(other) {
            fields
                .into_iter()
                .for_each(|(x, y)| x.extend_from(y, range.clone()));
            return;
        }
        let done = pair_variant!(&mut *self, other, x, y => x.extend_from_slice(&y[range.clone()]));
        if done.is_none() {
            let boxed = self.make_boxed();
            boxed.extend((range).map(|k| other.get(k)));
        }
    }

    /// Overwrites the elements from `start` with those of `other` in
    /// `range`.
    pub fn write_from(&mut self, start: usize, other: &Data, range: Range<usize>) {
        if let Some(fields) = self.zip_pair(other) {
            fields
                .into_iter()
                .for_each(|(x, y)| x.write_from(start, y, range.clone()));
            return;
        }
        let n = range.len();
        let done = pair_variant!(&mut *self, other, x, y =>
            x[start..start + n].clone_from_slice(&y[range.clone()]));
        if done.is_none() {
            let boxed = self.make_boxed();
            for (k, j) in range.enumerate() {
                boxed[start + k] = other.get(j);
            }
        }
    }
}

/// The scalar a value is, when it is a plain scalar.
fn prim_of(v: &Value) -> Option<Prim> {
    match v {
        Value::Prim(p) => Some(*p),
        _ => None,
    }
}

/// Elementwise equality as `==` on values: floats as IEEE numbers.
impl PartialEq for Data {
    fn eq(&self, other: &Data) -> bool {
        if let Some(same) = pair_variant!(self, other, x, y => x == y) {
            return same;
        }
        self.len() == other.len() && self.iter().zip(other.iter()).all(|(a, b)| a == b)
    }
}

/// Builds a buffer from values pushed one at a time: typed after a first
/// scalar, boxed from the first value that does not fit.
pub struct Builder {
    data: Option<Data>,
    capacity: usize,
}

impl Builder {
    pub fn with_capacity(capacity: usize) -> Builder {
        Builder {
            data: None,
            capacity,
        }
    }

    #[inline]
    pub fn push(&mut self, value: Value) {
        match &mut self.data {
            Some(data) => data.push(value),
            None => {
                let mut data = Data::for_value(&value, self.capacity);
                data.push(value);
                self.data = Some(data);
            }
        }
    }

    /// Appends the elements of `other` in `range`.
    pub fn extend_from(&mut self, other: &Data, range: Range<usize>) {
        match &mut self.data {
            Some(data) => data.extend_from(other, range),
            None => {
                let mut data = other.slice(range);
                data.reserve(self.capacity.saturating_sub(data.len()));
                self.data = Some(data);
            }
        }
    }

    /// Whether nothing was pushed yet.
    pub fn is_empty(&self) -> bool {
        self.data.as_ref().is_none_or(Data::is_empty)
    }

    pub fn finish(self) -> Data {
        self.data.unwrap_or_default()
    }
}

impl Data {
    fn reserve(&mut self, more: usize) {
        if let Data::Zip(fields) = self {
            return fields.iter_mut().for_each(|f| f.reserve(more));
        }
        any_variant!(self, v => v.reserve(more))
    }
}
