//! Reading the values `runic run` takes on stdin: in chunks, checked as
//! they arrive, so that input that can be no value stream (`/dev/zero`)
//! fails at its first bad byte, and input larger than the memory limit
//! fails when it passes it, instead of being read without end. The bytes
//! read are then parsed by `runic_eval::binary::read_all`.

use std::io::Read;

/// Reads `input` to its end: its bytes, or why they are no value stream.
/// `size`: how many bytes are expected, if known (room for them is made
/// at once, instead of growing by copies).
pub fn read(mut input: impl Read, limit: u64, size: Option<u64>) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::with_capacity(size.unwrap_or(0).min(limit) as usize);
    let mut scan = Scanner::default();
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let n = match input.read(&mut chunk) {
            Ok(0) => return Ok(bytes),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(format!("cannot read stdin: {e}")),
        };
        if (bytes.len() + n) as u64 > limit {
            return Err(format!(
                "the input is larger than the memory limit ({} MiB)",
                limit.div_ceil(1 << 20)
            ));
        }
        bytes.extend_from_slice(&chunk[..n]);
        scan.advance(&bytes)?;
    }
}

/// Where the check stands in the bytes read so far.
#[derive(Default)]
struct Scanner {
    /// The bytes before this are checked.
    pos: usize,
    state: State,
}

#[derive(Default, PartialEq)]
enum State {
    #[default]
    Between,
    InString,
    Escaped,
    InComment,
}

impl Scanner {
    /// Checks what it can of `bytes`; stops where it needs more.
    fn advance(&mut self, bytes: &[u8]) -> Result<(), String> {
        while self.pos < bytes.len() {
            let b = bytes[self.pos];
            match self.state {
                State::InString => match b {
                    b'"' => self.state = State::Between,
                    b'\\' => self.state = State::Escaped,
                    _ => {}
                },
                State::Escaped => self.state = State::InString,
                State::InComment => {
                    if b == b'\n' {
                        self.state = State::Between;
                    }
                }
                State::Between => {
                    let next = bytes.get(self.pos + 1).copied();
                    match b {
                        b'b' | b'-' if next.is_none() => return Ok(()),
                        b'b' if next == Some(2) => match binary_len(&bytes[self.pos..])? {
                            Some(len) if len <= (bytes.len() - self.pos) as u64 => {
                                self.pos += len as usize;
                                continue;
                            }
                            _ => return Ok(()),
                        },
                        b'-' if next == Some(b'-') => self.state = State::InComment,
                        b'"' => self.state = State::InString,
                        _ if b.is_ascii_graphic() || b.is_ascii_whitespace() || b >= 0x80 => {}
                        _ => {
                            return Err(format!(
                                "byte {}: unexpected byte 0x{b:02x}, which no value contains",
                                self.pos
                            ))
                        }
                    }
                }
            }
            self.pos += 1;
        }
        Ok(())
    }
}

/// The length of the binary value at the start of `bytes`, once its header
/// is there.
fn binary_len(bytes: &[u8]) -> Result<Option<u64>, String> {
    let Some(header) = bytes.get(..7) else {
        return Ok(None);
    };
    let rank = header[2] as usize;
    let width = match &header[3..7] {
        b"  i8" | b"  u8" | b"bool" => 1,
        b" i16" | b" u16" | b" f16" => 2,
        b" i32" | b" u32" | b" f32" => 4,
        b" i64" | b" u64" | b" f64" => 8,
        other => {
            return Err(format!(
                "unknown binary type `{}`",
                String::from_utf8_lossy(other)
            ))
        }
    };
    let Some(dims) = bytes.get(7..7 + 8 * rank) else {
        return Ok(None);
    };
    let count = dims.chunks_exact(8).try_fold(1u64, |count, d| {
        count.checked_mul(u64::from_le_bytes(d.try_into().expect("eight bytes")))
    });
    count
        .and_then(|c| c.checked_mul(width))
        .and_then(|body| body.checked_add(7 + 8 * rank as u64))
        .map(Some)
        .ok_or_else(|| "a binary array too large".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endless_zeros_fail_at_once_and_values_pass() {
        let zeros = std::io::repeat(0);
        let error = read(zeros, 1 << 30, None).unwrap_err();
        assert!(error.starts_with("byte 0: unexpected byte 0x00"), "{error}");
        let ok = b"1 [2, 3] -- a comment \x01\n\"a\\\"\x02\" b\x02\x01 i32\x01\x00\x00\x00\x00\x00\x00\x00\x07\x00\x00\x00 4";
        assert_eq!(read(&ok[..], 1 << 30, None).unwrap(), ok);
        let endless_spaces = std::io::repeat(b' ');
        let error = read(endless_spaces, 1 << 20, None).unwrap_err();
        assert!(error.contains("memory limit (1 MiB)"), "{error}");
    }

    #[test]
    fn a_binary_length_near_the_largest_integer_waits_for_more_bytes() {
        // Found by the fuzz target `values`: the offset plus the announced
        // length overflowed.
        let mut bytes = vec![b' '; 20];
        bytes.extend_from_slice(b"b\x02\x01  i8");
        bytes.extend_from_slice(&(u64::MAX - 20).to_le_bytes());
        assert_eq!(read(&bytes[..], 1 << 20, None).unwrap(), bytes);
    }

    #[test]
    fn fuzz_regressions_scan_without_panicking() {
        let dir = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../testdata/fuzz-regressions/values"
        );
        for entry in std::fs::read_dir(dir)
            .expect("the regression inputs")
            .flatten()
        {
            let bytes = std::fs::read(entry.path()).expect("a regression input");
            let _ = read(&bytes[..], 1 << 20, None);
        }
    }
}
