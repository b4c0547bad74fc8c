//! Fuzz target `parse`: any UTF-8 text parses without panicking, and the tree
//! gives back exactly the input.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parse = runic_syntax::parse(text);
    assert_eq!(parse.syntax().to_string(), text, "the tree lost text");
    for error in parse.errors() {
        assert!(
            u32::from(error.range.end()) as usize <= text.len(),
            "error range {:?} past the end",
            error.range
        );
    }
});
