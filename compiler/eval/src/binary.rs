//! Futhark's binary data format: `b`, version 2, the rank, a four-character
//! type name (` i32`, `bool`, ...), each dimension as a little-endian `u64`,
//! then the elements little-endian. Values in a stream may mix this with the
//! textual format.

use std::rc::Rc;

use runic_sema::types::PrimType;

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

/// Appends the binary encoding of a scalar or an array of scalars.
pub fn write(out: &mut Vec<u8>, value: &Value, elem: PrimType) -> Result<(), String> {
    let (shape, data): (&[i64], Vec<Prim>) = match value {
        Value::Prim(p) => (&[], vec![*p]),
        Value::Array(a) => {
            let data = a
                .data
                .iter()
                .map(|v| {
                    v.as_prim()
                        .ok_or("only arrays of scalars have a binary form")
                })
                .collect::<Result<_, _>>()?;
            (&a.shape, data)
        }
        _ => return Err("only scalars and arrays have a binary form".into()),
    };
    let elem = data.first().map(|p| p.prim_type()).unwrap_or(elem);
    out.push(b'b');
    out.push(2);
    out.push(shape.len() as u8);
    out.extend_from_slice(type_tag(elem).as_bytes());
    for d in shape {
        out.extend_from_slice(&(*d as u64).to_le_bytes());
    }
    for p in data {
        write_prim(out, p);
    }
    Ok(())
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
    let width = byte_width(elem);
    let body = take(bytes, pos, count.saturating_mul(width), start)?;
    let data: Vec<Value> = body
        .chunks_exact(width)
        .map(|chunk| Value::Prim(decode(elem, chunk)))
        .collect();
    let value = if rank == 0 {
        data.into_iter().next().expect("one scalar")
    } else {
        Value::Array(Rc::new(Array::new(shape, data)))
    };
    Ok(Typed { value, prim: elem })
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
        if bytes[reader.pos] == b'b' && bytes.get(reader.pos + 1) == Some(&2) {
            let mut pos = reader.pos;
            values.push(read(bytes, &mut pos)?);
            reader.pos = pos;
        } else {
            values.push(reader.read()?);
        }
    }
    Ok(values)
}
