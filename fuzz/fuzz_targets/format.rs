//! Fuzz target `format`: formatting any UTF-8 text never panics; a text
//! that parses cleanly formats to one that parses cleanly too, and
//! formatting that again changes nothing. A range format of the middle of
//! the text gives an edit inside it.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let clean = runic_syntax::parse(text).errors().is_empty();
    match runic_fmt::format(text) {
        Ok(once) => {
            assert!(clean, "a text with syntax errors was formatted");
            let errors = runic_syntax::parse(&once).errors().to_vec();
            assert!(
                errors.is_empty(),
                "formatting made syntax errors: {errors:?}\n{once}"
            );
            match runic_fmt::format(&once) {
                Ok(twice) => assert_eq!(once, twice, "formatting is not idempotent"),
                Err(e) => panic!("the formatted text does not format again: {e}\n{once}"),
            }
        }
        Err(runic_fmt::FormatError::Syntax(_)) => assert!(!clean),
        // The formatter refusing its own layout: reported, not a crash.
        Err(runic_fmt::FormatError::Unstable(_)) => {}
    }
    let mut middle = text.len() / 2;
    while !text.is_char_boundary(middle) {
        middle -= 1;
    }
    if let Ok(Some(edit)) = runic_fmt::format_range(text, runic_fmt::range(middle, middle)) {
        assert!(u32::from(edit.range.end()) as usize <= text.len());
    }
});
