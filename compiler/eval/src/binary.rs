//! Futhark's binary data format: `b`, version 2, the rank, a four-character
//! type name (` i32`, `bool`, ...), each dimension as a little-endian `u64`,
//! then the elements little-endian. Values in a stream may mix this with the
//! textual format.

use std::io::Write;
use std::rc::Rc;

use runic_sema::types::PrimType;

use crate::data::Data;
use crate::prim;
use crate::text::Typed;
use crate::value::{Array, Prim, Value};

/// The four-character name of a type in the binary format.
pub fn type_tag(t: PrimType) -> &'static str {
    match t {
        PrimType::I8 => "  i8",
        PrimType::I16 => " i16",
        PrimType::I32 => " i32",
        PrimType::I64 => " i64",
        PrimType::U8 => "  u8",
        PrimType::U16 => " u16",
        PrimType::U32 => " u32",
        PrimType::U64 => " u64",
        PrimType::F16 => " f16",
        PrimType::F32 => " f32",
        PrimType::F64 => " f64",
        PrimType::Bool => "bool",
    }
}

fn byte_width(t: PrimType) -> usize {
    match t {
        PrimType::I8 | PrimType::U8 | PrimType::Bool => 1,
        PrimType::I16 | PrimType::U16 | PrimType::F16 => 2,
        PrimType::I32 | PrimType::U32 | PrimType::F32 => 4,
        PrimType::I64 | PrimType::U64 | PrimType::F64 => 8,
    }
}

/// Writes the binary encoding of a scalar or an array of scalars (a
/// typed buffer straight from its elements).
pub fn write(out: &mut impl Write, value: &Value, elem: PrimType) -> Result<(), String> {
    let io = |e: std::io::Error| format!("cannot write: {e}");
    let (shape, data): (&[i64], Option<&Data>) = match value {
        Value::Prim(_) => (&[], None),
        Value::Array(a) => (&a.shape, Some(&a.data)),
        _ => return Err("only scalars and arrays have a binary form".into()),
    };
    let elem = match (value, data) {
        (Value::Prim(p), _) => p.prim_type(),
        (_, Some(Data::Zip(_))) => return Err("only arrays of scalars have a binary form".into()),
        (_, Some(Data::Boxed(values))) => {
            if values.iter().any(|v| !matches!(v, Value::Prim(_))) {
                return Err("only arrays of scalars have a binary form".into());
            }
            values
                .first()
                .and_then(Value::as_prim)
                .map_or(elem, Prim::prim_type)
        }
        (_, Some(typed)) => (!typed.is_empty())
            .then(|| typed.prim(0))
            .flatten()
            .map_or(elem, Prim::prim_type),
        _ => elem,
    };
    let mut header = vec![b'b', 2, shape.len() as u8];
    header.extend_from_slice(type_tag(elem).as_bytes());
    for d in shape {
        header.extend_from_slice(&(*d as u64).to_le_bytes());
    }
    out.write_all(&header).map_err(io)?;
    let mut buf = Vec::with_capacity(1 << 16);
    let mut flush = |buf: &mut Vec<u8>, last: bool| -> Result<(), String> {
        if last || buf.len() >= 1 << 16 {
            out.write_all(buf).map_err(io)?;
            buf.clear();
        }
        Ok(())
    };
    match (value, data) {
        (Value::Prim(p), _) => write_prim(&mut buf, *p),
        (_, Some(Data::Boxed(values))) => {
            for v in values {
                write_prim(&mut buf, v.as_prim().expect("checked above"));
                flush(&mut buf, false)?;
            }
        }
        (_, Some(typed)) => {
            for i in 0..typed.len() {
                write_prim(&mut buf, typed.prim(i).expect("a typed buffer"));
                flush(&mut buf, false)?;
            }
        }
        _ => {}
    }
    flush(&mut buf, true)
}

fn write_prim(out: &mut Vec<u8>, p: Prim) {
    match p {
        Prim::I8(x) => out.extend_from_slice(&x.to_le_bytes()),
        Prim::I16(x) => out.extend_from_slice(&x.to_le_bytes()),
        Prim::I32(x) => out.extend_from_slice(&x.to_le_bytes()),
        Prim::I64(x) => out.extend_from_slice(&x.to_le_bytes()),
        Prim::U8(x) => out.extend_from_slice(&x.to_le_bytes()),
        Prim::U16(x) => out.extend_from_slice(&x.to_le_bytes()),
        Prim::U32(x) => out.extend_from_slice(&x.to_le_bytes()),
        Prim::U64(x) => out.extend_from_slice(&x.to_le_bytes()),
        Prim::F16(x) => out.extend_from_slice(&prim::f32_to_f16_bits(x).to_le_bytes()),
        Prim::F32(x) => out.extend_from_slice(&x.to_le_bytes()),
        Prim::F64(x) => out.extend_from_slice(&x.to_le_bytes()),
        Prim::Bool(b) => out.push(b as u8),
    }
}

/// Reads one binary value starting at `*pos` (which points at the `b`).
pub fn read(bytes: &[u8], pos: &mut usize) -> Result<Typed, String> {
    let start = *pos;
    let (elem, shape, count) = header(bytes, pos)?;
    let body = take(bytes, pos, count.saturating_mul(byte_width(elem)), start)?;
    let value = if shape.is_empty() {
        Value::Prim(decode(elem, body))
    } else {
        let mut data = zeroed(elem, count);
        decode_into(body, &mut data, 0);
        Value::Array(Rc::new(Array::from_data(shape, data)))
    };
    Ok(Typed { value, prim: elem })
}

/// The header of a binary value starting at `*pos`: the element type,
/// the shape and the number of elements; `*pos` is moved past it.
fn header(bytes: &[u8], pos: &mut usize) -> Result<(PrimType, Vec<i64>, usize), String> {
    let start = *pos;
    let header = take(bytes, pos, 7, start)?;
    if header[0] != b'b' {
        return Err(format!("byte {start}: not a binary value"));
    }
    if header[1] != 2 {
        return Err(format!(
            "byte {start}: unsupported binary format version {}",
            header[1]
        ));
    }
    let rank = header[2] as usize;
    let tag = String::from_utf8_lossy(&header[3..7]).into_owned();
    let elem = PrimType::ALL
        .into_iter()
        .find(|t| type_tag(*t) == tag)
        .ok_or_else(|| format!("byte {start}: unknown binary type `{tag}`"))?;
    let mut shape = Vec::with_capacity(rank);
    for _ in 0..rank {
        let d = take(bytes, pos, 8, start)?;
        let d = u64::from_le_bytes(d.try_into().expect("eight bytes"));
        shape.push(i64::try_from(d).map_err(|_| format!("byte {start}: dimension {d} too large"))?);
    }
    let count = shape
        .iter()
        .try_fold(1i64, |acc, d| acc.checked_mul(*d))
        .ok_or_else(|| format!("byte {start}: array too large"))? as usize;
    Ok((elem, shape, count))
}

/// A buffer of `n` zeros of type `t` (pages the system gives on first
/// write).
fn zeroed(t: PrimType, n: usize) -> Data {
    match t {
        PrimType::I8 => Data::I8(vec![0; n]),
        PrimType::I16 => Data::I16(vec![0; n]),
        PrimType::I32 => Data::I32(vec![0; n]),
        PrimType::I64 => Data::I64(vec![0; n]),
        PrimType::U8 => Data::U8(vec![0; n]),
        PrimType::U16 => Data::U16(vec![0; n]),
        PrimType::U32 => Data::U32(vec![0; n]),
        PrimType::U64 => Data::U64(vec![0; n]),
        PrimType::F16 => Data::F16(vec![0.0; n]),
        PrimType::F32 => Data::F32(vec![0.0; n]),
        PrimType::F64 => Data::F64(vec![0.0; n]),
        PrimType::Bool => Data::Bool(vec![false; n]),
    }
}

/// Decodes the elements of `body` into `data` from element `from` on (no
/// value per element).
fn decode_into(body: &[u8], data: &mut Data, from: usize) {
    macro_rules! le {
        ($v:expr, $ty:ty) => {{
            let width = std::mem::size_of::<$ty>();
            for (x, b) in $v[from..].iter_mut().zip(body.chunks_exact(width)) {
                *x = <$ty>::from_le_bytes(b.try_into().expect("width checked"));
            }
        }};
    }
    match data {
        Data::I8(v) => le!(v, i8),
        Data::I16(v) => le!(v, i16),
        Data::I32(v) => le!(v, i32),
        Data::I64(v) => le!(v, i64),
        Data::U8(v) => le!(v, u8),
        Data::U16(v) => le!(v, u16),
        Data::U32(v) => le!(v, u32),
        Data::U64(v) => le!(v, u64),
        Data::F16(v) => {
            for (x, b) in v[from..].iter_mut().zip(body.chunks_exact(2)) {
                *x = prim::f16_bits_to_f32(u16::from_le_bytes([b[0], b[1]]));
            }
        }
        Data::F32(v) => le!(v, f32),
        Data::F64(v) => le!(v, f64),
        Data::Bool(v) => {
            for (x, b) in v[from..].iter_mut().zip(body) {
                *x = *b != 0;
            }
        }
        Data::Boxed(_) | Data::Zip(_) => unreachable!("a typed buffer"),
    }
}

/// Binary arrays of at least this many bytes are decoded after the rest
/// of the stream, from its end back ([`read_all_owned`]).
const LARGE: usize = 1 << 20;

/// [`read_all`] on bytes it may free as it goes: the bodies of large
/// binary arrays are decoded last, from the end of the stream back, a
/// chunk at a time, the bytes of each chunk freed once decoded, so that
/// the bytes and the arrays made of them are not both held in full.
pub fn read_all_owned(mut bytes: Vec<u8>) -> Result<Vec<Typed>, String> {
    let mut values = Vec::new();
    // The large arrays: where in `values`, their shape, where their
    // elements start and how many.
    let mut large = Vec::new();
    let mut reader = crate::text::TextReader::new(&bytes);
    while reader.skip_space() {
        if !is_binary(&bytes, reader.pos) {
            values.push(reader.read()?);
            continue;
        }
        let mut pos = reader.pos;
        let (elem, shape, count) = header(&bytes, &mut pos)?;
        let size = count.saturating_mul(byte_width(elem));
        if shape.is_empty() || size < LARGE {
            pos = reader.pos;
            values.push(read(&bytes, &mut pos)?);
        } else {
            take(&bytes, &mut pos, size, reader.pos)?;
            large.push((values.len(), shape, pos - size, count));
            values.push(Typed {
                value: Value::unit(),
                prim: elem,
            });
        }
        reader.pos = pos;
    }
    for (i, shape, start, count) in large.into_iter().rev() {
        let width = byte_width(values[i].prim);
        let mut data = zeroed(values[i].prim, count);
        let mut end = count;
        while end > 0 {
            let from = end.saturating_sub(LARGE / width);
            decode_into(
                &bytes[start + from * width..start + end * width],
                &mut data,
                from,
            );
            bytes.truncate(start + from * width);
            bytes.shrink_to_fit();
            end = from;
        }
        values[i].value = Value::Array(Rc::new(Array::from_data(shape, data)));
    }
    Ok(values)
}

/// Whether a binary value starts at `pos`.
fn is_binary(bytes: &[u8], pos: usize) -> bool {
    bytes[pos] == b'b' && bytes.get(pos + 1) == Some(&2)
}

fn take<'a>(bytes: &'a [u8], pos: &mut usize, n: usize, start: usize) -> Result<&'a [u8], String> {
    let end = pos.checked_add(n).filter(|&end| end <= bytes.len());
    let end = end.ok_or_else(|| format!("byte {start}: binary value ends early"))?;
    let slice = &bytes[*pos..end];
    *pos = end;
    Ok(slice)
}

fn decode(t: PrimType, b: &[u8]) -> Prim {
    macro_rules! le {
        ($ty:ty) => {
            <$ty>::from_le_bytes(b.try_into().expect("width checked"))
        };
    }
    match t {
        PrimType::I8 => Prim::I8(le!(i8)),
        PrimType::I16 => Prim::I16(le!(i16)),
        PrimType::I32 => Prim::I32(le!(i32)),
        PrimType::I64 => Prim::I64(le!(i64)),
        PrimType::U8 => Prim::U8(le!(u8)),
        PrimType::U16 => Prim::U16(le!(u16)),
        PrimType::U32 => Prim::U32(le!(u32)),
        PrimType::U64 => Prim::U64(le!(u64)),
        PrimType::F16 => Prim::F16(prim::f16_bits_to_f32(le!(u16))),
        PrimType::F32 => Prim::F32(le!(f32)),
        PrimType::F64 => Prim::F64(le!(f64)),
        PrimType::Bool => Prim::Bool(b[0] != 0),
    }
}

/// Reads every value of a stream, each in either format.
pub fn read_all(bytes: &[u8]) -> Result<Vec<Typed>, String> {
    let mut values = Vec::new();
    let mut reader = crate::text::TextReader::new(bytes);
    while reader.skip_space() {
        if is_binary(bytes, reader.pos) {
            let mut pos = reader.pos;
            values.push(read(bytes, &mut pos)?);
            reader.pos = pos;
        } else {
            values.push(reader.read()?);
        }
    }
    Ok(values)
}
