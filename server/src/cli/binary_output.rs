//! `runic run -b`: results in Futhark's binary data format, as a compiled
//! Futhark program's `-b` writes them: one value after another, each a `b`,
//! the format version 2, the rank, the four-character type name, each
//! dimension as a little-endian 64-bit integer, then the elements
//! little-endian in row-major order (booleans one byte each). Only scalars
//! and arrays of scalars have this form; opaque results are refused.

use runic_eval::lower::modules::ValueType;
use runic_eval::value::Value;

/// The binary encoding of an entry point's results, one value after the
/// other; the element type of each result comes from the entry point's
/// declared result types (an empty array has no element to tell it).
pub fn encode_results(
    program: &runic_eval::Program,
    entry: &str,
    values: &[Value],
) -> Result<Vec<u8>, String> {
    let results = program.entry(entry).map(|e| e.results.as_slice());
    let mut out = Vec::new();
    for (i, value) in values.iter().enumerate() {
        match results.and_then(|r| r.get(i)) {
            Some(ValueType::Prim { prim, .. }) => {
                runic_eval::binary::write(&mut out, value, *prim)?
            }
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
    Ok(out)
}
