//! Incremental reparsing must give exactly what a full parse of the edited
//! text gives: the same tree and the same errors, whether or not it managed
//! to reuse the old tree. Checked on random edits of the corpus programs,
//! and on edits that are known to take the incremental path.

mod common;

use proptest::prelude::*;
use runic_syntax::{parse, Indel, Parse, TextRange, TextSize};

fn assert_same(reparsed: &Parse, text: &str) {
    let full = parse(text);
    assert_eq!(reparsed.syntax().to_string(), text, "reparse lost text");
    assert_eq!(
        reparsed.debug_dump(),
        full.debug_dump(),
        "reparse differs from a full parse"
    );
}

fn edit_at(text: &str, start: usize, len: usize, insert: &str) -> Option<(Indel, String)> {
    let start = (0..=start.min(text.len()))
        .rev()
        .find(|&i| text.is_char_boundary(i))?;
    let end = (start + len).min(text.len());
    let end = (end..=text.len()).find(|&i| text.is_char_boundary(i))?;
    let delete = TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32));
    let indel = Indel {
        delete,
        insert: insert.to_string(),
    };
    let new_text = indel.apply(text)?;
    Some((indel, new_text))
}

fn programs() -> &'static [String] {
    static PROGRAMS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    PROGRAMS.get_or_init(common::syntax_programs)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_edits_reparse_like_a_full_parse(
        program in any::<prop::sample::Index>(),
        at in any::<prop::sample::Index>(),
        len in 0usize..4,
        insert in prop::sample::select(vec!["", "x", "1", " ", "\n", "(", ")", "+", "let", "in", "def y = 1\n", "--", "\"", "[", "#[", "é"]),
    ) {
        let text = &programs()[program.index(programs().len())];
        let start = at.index(text.len() + 1);
        if let Some((indel, new_text)) = edit_at(text, start, len, insert) {
            let old = parse(text);
            assert_same(&old.reparse(&new_text, &indel), &new_text);
            // The edit recovered from the two texts works as well.
            let found = Indel::between(text, &new_text);
            prop_assert_eq!(found.apply(text), Some(new_text.clone()));
            prop_assert!(found.delete.len() <= indel.delete.len());
            assert_same(&old.reparse(&new_text, &found), &new_text);
        }
    }

    #[test]
    fn the_edit_between_two_texts_turns_one_into_the_other(
        old in "[ab\u{e9}\n]{0,12}",
        new in "[ab\u{e9}\n]{0,12}",
    ) {
        let edit = Indel::between(&old, &new);
        prop_assert_eq!(edit.apply(&old), Some(new));
    }
}

#[test]
fn an_edit_inside_one_body_reuses_the_other_declarations() {
    let text = "def a = 1\n\ndef b (x: i32) = x + 2\n\ndef c = 3\n";
    let old = parse(text);
    let at = text.find("+ 2").unwrap() + 2;
    let (indel, new_text) = edit_at(text, at, 1, "20").unwrap();
    let new = old.reparse(&new_text, &indel);
    assert_same(&new, &new_text);
    // The untouched declarations are the very same green nodes.
    let old_decls: Vec<_> = old.syntax().children().collect();
    let new_decls: Vec<_> = new.syntax().children().collect();
    assert_eq!(old_decls[0].green(), new_decls[0].green());
    assert_eq!(old_decls[2].green(), new_decls[2].green());
    assert_ne!(old_decls[1].green(), new_decls[1].green());
}

#[test]
fn fixing_an_error_inside_a_declaration_keeps_errors_elsewhere() {
    let text = "def a = (1,\ndef b = 1 +\ndef c = )\n";
    let old = parse(text);
    assert_eq!(old.errors().len(), 3);
    let at = text.find("1 +").unwrap() + 3;
    let (indel, new_text) = edit_at(text, at, 0, " 2").unwrap();
    let new = old.reparse(&new_text, &indel);
    assert_same(&new, &new_text);
    assert_eq!(new.errors().len(), 2);
}
