//! Fuzz target `values`: the value reader never panics on any bytes. The
//! stream reader of `runic run` (chunks checked as they arrive) accepts
//! every stream the parser reads; each value read prints as text and
//! writes as binary that read back to the same value.

#![no_main]

use std::io::Read;

use libfuzzer_sys::fuzz_target;
use runic_eval::text::show_value;

#[allow(dead_code)]
#[path = "../../server/src/cli/values_input.rs"]
mod values_input;

/// Gives its bytes a few at a time, as a pipe may.
struct Trickle<'a>(&'a [u8]);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.0.len().min(buf.len()).min(7);
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

fuzz_target!(|data: &[u8]| {
    let streamed = values_input::read(Trickle(data), 1 << 20, None);
    let Ok(values) = runic_eval::binary::read_all(data) else {
        return;
    };
    if let Err(e) = &streamed {
        panic!("the stream reader refused a stream that reads: {e}");
    }
    for typed in &values {
        let text = show_value(&typed.value, Some(typed.prim));
        let again = runic_eval::binary::read_all(text.as_bytes())
            .unwrap_or_else(|e| panic!("`{text}` does not read back: {e}"));
        assert_eq!(again.len(), 1, "`{text}` reads as {} values", again.len());
        assert_eq!(
            show_value(&again[0].value, Some(again[0].prim)),
            text,
            "text round trip"
        );
        let mut bytes = Vec::new();
        if runic_eval::binary::write(&mut bytes, &typed.value, typed.prim).is_ok() {
            let back = runic_eval::binary::read_all(&bytes)
                .unwrap_or_else(|e| panic!("the binary of `{text}` does not read back: {e}"));
            assert_eq!(back.len(), 1);
            assert_eq!(
                show_value(&back[0].value, Some(back[0].prim)),
                text,
                "binary round trip"
            );
        }
    }
});
