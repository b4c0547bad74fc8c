//! Run-time values of the interpreter: scalars, arrays (flat, row-major,
//! with a shape), tuples, records, sum values and closures.
//!
//! Arrays keep their elements flat: an array of shape `[2][3]` holds six
//! non-array values. Arrays are reference-counted, so `Rc::make_mut` turns an
//! update of a uniquely referenced array into an in-place write.

use std::rc::Rc;

use runic_sema::types::PrimType;

use crate::data::{Builder, Data};
use crate::interp::Closure;

/// A scalar. `F16` values are kept as `f32` rounded to half precision.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Prim {
    I8(i8),
    I16(i16),
    I32(i32),
    I64(i64),
    U8(u8),
    U16(u16),
    U32(u32),
    U64(u64),
    F16(f32),
    F32(f32),
    F64(f64),
    Bool(bool),
}

impl Prim {
    pub fn prim_type(self) -> PrimType {
        match self {
            Prim::I8(_) => PrimType::I8,
            Prim::I16(_) => PrimType::I16,
            Prim::I32(_) => PrimType::I32,
            Prim::I64(_) => PrimType::I64,
            Prim::U8(_) => PrimType::U8,
            Prim::U16(_) => PrimType::U16,
            Prim::U32(_) => PrimType::U32,
            Prim::U64(_) => PrimType::U64,
            Prim::F16(_) => PrimType::F16,
            Prim::F32(_) => PrimType::F32,
            Prim::F64(_) => PrimType::F64,
            Prim::Bool(_) => PrimType::Bool,
        }
    }

    /// The value as a (wrapped) 64-bit integer; floats truncate, bools are 0/1.
    pub fn as_i64(self) -> i64 {
        match self {
            Prim::I8(x) => x as i64,
            Prim::I16(x) => x as i64,
            Prim::I32(x) => x as i64,
            Prim::I64(x) => x,
            Prim::U8(x) => x as i64,
            Prim::U16(x) => x as i64,
            Prim::U32(x) => x as i64,
            Prim::U64(x) => x as i64,
            Prim::F16(x) | Prim::F32(x) => x as i64,
            Prim::F64(x) => x as i64,
            Prim::Bool(b) => b as i64,
        }
    }

    /// The value as a float (integers converted, bools 0/1).
    pub fn as_f64(self) -> f64 {
        match self {
            Prim::F16(x) | Prim::F32(x) => x as f64,
            Prim::F64(x) => x,
            Prim::U64(x) => x as f64,
            other => other.as_i64() as f64,
        }
    }

    /// The zero (or `false`) of a type.
    pub fn zero(t: PrimType) -> Prim {
        crate::prim::convert(Prim::I64(0), t)
    }
}

/// An array: shape (outermost first) and the flat row-major elements, none
/// of which is an array; scalars of one type are kept unboxed (see
/// [`Data`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Array {
    pub shape: Vec<i64>,
    pub data: Data,
}

impl Array {
    /// An array of `data` (unboxed when the values are scalars of one type).
    pub fn new(shape: Vec<i64>, data: Vec<Value>) -> Array {
        Array {
            shape,
            data: Data::from_values(data),
        }
    }

    pub fn from_data(shape: Vec<i64>, data: Data) -> Array {
        Array { shape, data }
    }

    /// The number of rows (the outermost dimension).
    pub fn len(&self) -> i64 {
        self.shape[0]
    }

    pub fn is_empty(&self) -> bool {
        self.shape[0] == 0
    }

    /// The number of flat elements in one row.
    pub fn row_len(&self) -> usize {
        self.shape[1..].iter().product::<i64>() as usize
    }

    /// Row `i` as a value (a scalar for one-dimensional arrays).
    pub fn row(&self, i: usize) -> Value {
        if self.shape.len() == 1 {
            return self.data.get(i);
        }
        let n = self.row_len();
        Value::Array(Rc::new(Array {
            shape: self.shape[1..].to_vec(),
            data: self.data.slice(i * n..(i + 1) * n),
        }))
    }

    /// All rows as values.
    pub fn rows(&self) -> Vec<Value> {
        (0..self.len() as usize).map(|i| self.row(i)).collect()
    }

    /// Builds an array from rows of equal shape; `row_shape` gives the
    /// shape of a row when there are none.
    pub fn from_rows(rows: Vec<Value>, row_shape: &[i64]) -> Result<Array, String> {
        let mut builder = Rows::new(rows.len(), row_shape);
        for row in rows {
            builder.push(row);
        }
        builder.finish()
    }
}

/// Builds an array from rows given one at a time, each taken into one
/// buffer as it comes (no list of rows beside the result): the result of
/// [`Array::from_rows`] on all of them.
pub struct Rows {
    /// Room for this many rows.
    capacity: usize,
    pushed: usize,
    /// The row shape: the first row's, or the one given while none came.
    row_shape: Vec<i64>,
    data: Builder,
    /// Why the rows make no array (the first reason).
    error: Option<String>,
}

impl Rows {
    /// Room for `rows` rows; `row_shape` is the shape of a row if none
    /// comes.
    pub fn new(rows: usize, row_shape: &[i64]) -> Rows {
        Rows {
            capacity: rows,
            pushed: 0,
            row_shape: row_shape.to_vec(),
            data: Builder::with_capacity(0),
            error: None,
        }
    }

    pub fn push(&mut self, row: Value) {
        if self.pushed == 0 {
            self.row_shape = match &row {
                Value::Array(a) => a.shape.clone(),
                _ => Vec::new(),
            };
            let row_len: i64 = self.row_shape.iter().product();
            self.data =
                Builder::with_capacity(self.capacity.saturating_mul(row_len.max(0) as usize));
        }
        self.pushed += 1;
        if self.error.is_some() {
            return;
        }
        match row {
            Value::Array(a) => {
                if a.shape != self.row_shape {
                    self.error = Some(format!(
                        "rows of shapes {} and {} in one array",
                        show_shape(&self.row_shape),
                        show_shape(&a.shape)
                    ));
                    return;
                }
                self.data.extend_from(&a.data, 0..a.data.len());
            }
            // A scalar among rows that are arrays (`[[1], 2]`).
            _ if !self.row_shape.is_empty() => {
                self.error = Some(format!(
                    "rows of shape {} and scalars in one array",
                    show_shape(&self.row_shape)
                ))
            }
            scalar => self.data.push(scalar),
        }
    }

    pub fn finish(self) -> Result<Array, String> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let mut shape = vec![self.pushed as i64];
        shape.extend_from_slice(&self.row_shape);
        Ok(Array {
            shape,
            data: self.data.finish(),
        })
    }
}

/// A shape as Futhark writes it: `[2][3]`.
pub fn show_shape(shape: &[i64]) -> String {
    shape.iter().map(|d| format!("[{d}]")).collect()
}

/// How a record value is laid out, whatever holds its fields (values here,
/// static values in the core IR's internalisation): fields named `0..n`
/// (for `n` other than 1) make a tuple, in order; others a record, sorted
/// by name.
pub enum RecordLayout<V> {
    Tuple(Vec<V>),
    Record(Vec<(Rc<str>, V)>),
}

impl<V> RecordLayout<V> {
    /// The layout of a record with `fields`, given in any order.
    pub fn of(mut fields: Vec<(Rc<str>, V)>) -> Self {
        let n = fields.len();
        let is_tuple = n != 1
            && fields
                .iter()
                .all(|(name, _)| name.parse::<usize>().is_ok_and(|i| i < n));
        if is_tuple {
            fields.sort_by_key(|(name, _)| name.parse::<usize>().unwrap_or(0));
            return RecordLayout::Tuple(fields.into_iter().map(|(_, v)| v).collect());
        }
        fields.sort_by(|a, b| a.0.cmp(&b.0));
        RecordLayout::Record(fields)
    }
}

/// A value.
#[derive(Debug, Clone)]
pub enum Value {
    Prim(Prim),
    Array(Rc<Array>),
    /// A tuple (a record with fields `0`, `1`, ...; never one field).
    Tuple(Rc<[Value]>),
    /// A record other than a tuple, fields sorted by name.
    Record(Rc<[(Rc<str>, Value)]>),
    /// A constructor of a sum type with its payload.
    Sum(Rc<(Rc<str>, Vec<Value>)>),
    /// A function value.
    Fun(Rc<Closure>),
    /// A scalar carrying a tangent for forward-mode differentiation
    /// (`jvp`): see [`crate::ad`].
    Dual(Rc<crate::ad::Dual>),
}

impl Value {
    pub fn unit() -> Value {
        Value::Tuple(Rc::from(Vec::new()))
    }

    pub fn bool(b: bool) -> Value {
        Value::Prim(Prim::Bool(b))
    }

    pub fn i64(x: i64) -> Value {
        Value::Prim(Prim::I64(x))
    }

    /// A tuple, or the value itself when there is exactly one.
    pub fn tuple(mut items: Vec<Value>) -> Value {
        if items.len() == 1 {
            return items.pop().expect("one item");
        }
        Value::Tuple(Rc::from(items))
    }

    /// A record from fields in any order; fields `0..n` make a tuple.
    pub fn record(fields: Vec<(Rc<str>, Value)>) -> Value {
        match RecordLayout::of(fields) {
            RecordLayout::Tuple(items) => Value::Tuple(Rc::from(items)),
            RecordLayout::Record(fields) => Value::Record(Rc::from(fields)),
        }
    }

    /// The fields of a tuple or record as `(name, value)` pairs.
    pub fn fields(&self) -> Vec<(Rc<str>, Value)> {
        match self {
            Value::Tuple(items) => items
                .iter()
                .enumerate()
                .map(|(i, v)| (Rc::from(i.to_string()), v.clone()))
                .collect(),
            Value::Record(fields) => fields.to_vec(),
            _ => Vec::new(),
        }
    }

    /// The field called `name`, for tuples (numeric names) and records.
    pub fn field(&self, name: &str) -> Option<Value> {
        match self {
            Value::Tuple(items) => items.get(name.parse::<usize>().ok()?).cloned(),
            Value::Record(fields) => fields
                .iter()
                .find(|(n, _)| &**n == name)
                .map(|(_, v)| v.clone()),
            _ => None,
        }
    }

    /// The scalar (the primal value of a dual number).
    pub fn as_prim(&self) -> Option<Prim> {
        match self {
            Value::Prim(p) => Some(*p),
            Value::Dual(d) => d.primal.as_prim(),
            _ => None,
        }
    }

    /// The shape of an array value (empty for non-arrays).
    pub fn shape(&self) -> &[i64] {
        match self {
            Value::Array(a) => &a.shape,
            _ => &[],
        }
    }

    /// A one-dimensional array of scalars.
    pub fn array_of(data: Vec<Value>) -> Value {
        Value::Array(Rc::new(Array::new(vec![data.len() as i64], data)))
    }
}

/// Structural equality, as Futhark's `==` on arrays, tuples and records:
/// floats compare as IEEE numbers (NaN differs from itself); dual numbers
/// compare by their primal values.
impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Prim(a), Value::Prim(b)) => crate::prim::prim_eq(*a, *b),
            (Value::Array(a), Value::Array(b)) => a.shape == b.shape && a.data == b.data,
            (Value::Tuple(a), Value::Tuple(b)) => a == b,
            (Value::Record(a), Value::Record(b)) => a == b,
            (Value::Sum(a), Value::Sum(b)) => a.0 == b.0 && a.1 == b.1,
            (Value::Dual(a), b) => a.primal == *b,
            (a, Value::Dual(b)) => *a == b.primal,
            _ => false,
        }
    }
}
