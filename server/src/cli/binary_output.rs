//! `runic run -b`: results in Futhark's binary data format, as a compiled
//! Futhark program's `-b` writes them: one value after another, each a `b`,
//! the format version 2, the rank, the four-character type name, each
//! dimension as a little-endian 64-bit integer, then the elements
//! little-endian in row-major order (booleans one byte each). Only scalars
//! and arrays of scalars have this form; opaque results are refused.

use runic_eval::lower::modules::ValueType;
use runic_eval::value::Value;

/// Writes the binary encoding of an entry point's results to `out`, one
/// value after the other, straight from their buffers; the element type of
/// each result comes from the entry point's declared result types (an
/// empty array has no element to tell it). Nothing is written when a
/// result has no binary form.
pub fn write_results(
    program: &runic_eval::Program,
    entry: &str,
    values: &[Value],
    out: &mut impl std::io::Write,
) -> Result<(), String> {
    let results = program.entry(entry).map(|e| e.results.as_slice());
    let mut prims = Vec::with_capacity(values.len());
    for i in 0..values.len() {
        match results.and_then(|r| r.get(i)) {
            Some(ValueType::Prim { prim, .. }) => prims.push(*prim),
            Some(ValueType::Opaque(name)) => {
                return Err(format!(
                    "result {} has the opaque type `{}`, which has no binary form",
                    i + 1,
                    name.trim()
                ))
            }
            _ => {
                return Err(format!(
                    "result {} is not a scalar or an array of scalars, which has no binary form",
                    i + 1
                ))
            }
        }
    }
    for (value, prim) in values.iter().zip(prims) {
        runic_eval::binary::write(out, value, prim)?;
    }
    out.flush().map_err(|e| format!("cannot write: {e}"))
}
