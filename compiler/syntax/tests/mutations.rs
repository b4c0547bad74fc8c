//! Robustness of the parser under mutation: take real programs, break them
//! (delete, duplicate and insert tokens, insert odd characters, cut them
//! short) and check that parsing never panics and always round-trips.
//!
//! The seeds are the programs of `testdata/syntax/*.fut` plus a few inline ones.

mod common;

use std::sync::OnceLock;

use proptest::prelude::*;
use proptest::sample::Index;

/// Inline seeds, so the test means something even without `testdata/`.
const INLINE_SEEDS: &[&str] = &[
    "def main (xs: []i32) : i32 = reduce (+) 0 (map (*2) xs)\n",
    "let f x = loop (acc, i) = (0, 0) while i < x do (acc + i, i + 1)\n",
    "type point = {x: f32, y: f32}\ndef norm (p: point) = f32.sqrt (p.x*p.x + p.y*p.y)\n",
    "module M = { def x = 1 }\nopen M\n-- | doc\nentry e = match x case 1 -> \"one\" case _ -> 'c'\n",
    "def a = [1,2,3] with [0] = 4\ndef b = \\x -> x |> (+1)\ndef c = a[1:2]\n",
];

/// Odd characters worth inserting: brackets, quotes, non-ASCII, controls.
const ODD_CHARS: &[char] = &[
    '(', ')', '[', ']', '{', '}', '"', '\'', '`', '\\', '#', '$', '@', '-', '|', '.', ',', ':',
    '=', '\n', '\t', '\r', '\0', ' ', 'é', 'λ', '→', '∀', '𝔘', '\u{FEFF}', '\u{200B}', '\u{7F}',
    'ß', '你',
];

/// All the seeds: testdata programs first, then the inline ones.
fn seeds() -> &'static [String] {
    static SEEDS: OnceLock<Vec<String>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let mut seeds = common::syntax_programs();
        seeds.extend(INLINE_SEEDS.iter().map(|s| s.to_string()));
        seeds
    })
}

/// One edit to a program. Indices are resolved against the text at the time
/// the edit is applied, so every edit is valid whatever came before it.
#[derive(Debug, Clone)]
enum Mutation {
    DeleteToken(Index),
    DuplicateToken(Index),
    /// Copies a token of the text to before another token.
    MoveTokenCopy {
        from: Index,
        to: Index,
    },
    /// Inserts the text of a token from another seed program.
    InsertForeignToken {
        seed: Index,
        token: Index,
        to: Index,
    },
    InsertChar {
        at: Index,
        c: char,
    },
    DeleteBytes {
        at: Index,
        len: usize,
    },
    CutAt(Index),
}

fn any_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => proptest::sample::select(ODD_CHARS),
        1 => any::<char>(),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => any::<Index>().prop_map(Mutation::DeleteToken),
        2 => any::<Index>().prop_map(Mutation::DuplicateToken),
        2 => (any::<Index>(), any::<Index>()).prop_map(|(from, to)| Mutation::MoveTokenCopy { from, to }),
        2 => (any::<Index>(), any::<Index>(), any::<Index>())
            .prop_map(|(seed, token, to)| Mutation::InsertForeignToken { seed, token, to }),
        4 => (any::<Index>(), any_char()).prop_map(|(at, c)| Mutation::InsertChar { at, c }),
        1 => (any::<Index>(), 1usize..40).prop_map(|(at, len)| Mutation::DeleteBytes { at, len }),
        1 => any::<Index>().prop_map(Mutation::CutAt),
    ]
}

/// The byte ranges of the tokens of `text`, as the lexer splits it.
fn token_ranges(text: &str) -> Vec<(usize, usize)> {
    let mut start = 0;
    runic_syntax::lexer::lex(text)
        .iter()
        .map(|token| {
            let range = (start, start + token.len as usize);
            start = range.1;
            range
        })
        .collect()
}

/// The char boundary of `text` at or before `offset`.
fn floor_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// A byte offset (char boundary) of `text` picked by `at`, end of text included.
fn offset(text: &str, at: &Index) -> usize {
    floor_boundary(text, at.index(text.len() + 1))
}

/// The range of a token of `text` picked by `at`, if there is any token.
fn pick_token(text: &str, at: &Index) -> Option<(usize, usize)> {
    let tokens = token_ranges(text);
    (!tokens.is_empty()).then(|| tokens[at.index(tokens.len())])
}

fn apply(text: &mut String, mutation: &Mutation) {
    match mutation {
        Mutation::DeleteToken(at) => {
            if let Some((start, end)) = pick_token(text, at) {
                text.replace_range(start..end, "");
            }
        }
        Mutation::DuplicateToken(at) => {
            if let Some((start, end)) = pick_token(text, at) {
                let token = text[start..end].to_string();
                text.insert_str(start, &token);
            }
        }
        Mutation::MoveTokenCopy { from, to } => {
            if let (Some((start, end)), Some((to, _))) =
                (pick_token(text, from), pick_token(text, to))
            {
                let token = text[start..end].to_string();
                text.insert_str(to, &token);
            }
        }
        Mutation::InsertForeignToken { seed, token, to } => {
            let other = &seeds()[seed.index(seeds().len())];
            if let Some((start, end)) = pick_token(other, token) {
                let at = offset(text, to);
                text.insert_str(at, &other[start..end]);
            }
        }
        Mutation::InsertChar { at, c } => {
            let at = offset(text, at);
            text.insert(at, *c);
        }
        Mutation::DeleteBytes { at, len } => {
            let start = offset(text, at);
            let end = floor_boundary(text, start + len);
            text.replace_range(start..end, "");
        }
        Mutation::CutAt(at) => {
            let at = offset(text, at);
            text.truncate(at);
        }
    }
}

/// A mutated program: a seed and the edits applied to it, in order.
fn mutated_program() -> impl Strategy<Value = String> {
    (any::<Index>(), prop::collection::vec(mutation(), 1..12)).prop_map(|(seed, mutations)| {
        let mut text = seeds()[seed.index(seeds().len())].clone();
        for mutation in &mutations {
            apply(&mut text, mutation);
        }
        text
    })
}

/// Several seeds in one file, separated by empty lines, then mutated (or
/// not): a file the parser can cut into runs of declarations.
fn mutated_multi_program() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(any::<Index>(), 2..6),
        prop::collection::vec(mutation(), 0..6),
    )
        .prop_map(|(picks, mutations)| {
            let parts: Vec<&str> = picks
                .iter()
                .map(|pick| seeds()[pick.index(seeds().len())].as_str())
                .collect();
            let mut text = parts.join("\n\n");
            for mutation in &mutations {
                apply(&mut text, mutation);
            }
            text
        })
}

/// Cases per property: 3000 by default (a few seconds in debug mode), or
/// `RUNIC_PROPTEST_CASES` for a longer hunt.
fn config() -> ProptestConfig {
    let cases = std::env::var("RUNIC_PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3000);
    ProptestConfig::with_cases(cases)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn mutated_programs_round_trip(text in mutated_program()) {
        common::assert_round_trip(&text);
    }

    /// Parsing in runs of declarations on several threads (as `parse`
    /// does for large files) gives the sequential parse, errors included.
    #[test]
    fn runs_parse_like_the_sequential_parser(text in mutated_multi_program()) {
        let sequential = runic_syntax::testing::parse_sequential(&text);
        prop_assert_eq!(runic_syntax::testing::parse_in_runs(&text, 8, 1), sequential);
    }

    #[test]
    fn arbitrary_text_round_trips(text in "\\PC{0,200}") {
        common::assert_round_trip(&text);
    }

    #[test]
    fn bracket_soup_round_trips(text in "[()\\[\\]{}\"'`\\\\ a1.,|=-]{0,300}") {
        common::assert_round_trip(&text);
    }
}

/// Every seed itself round-trips, and so does every prefix cut at a token boundary.
#[test]
fn seeds_and_their_token_prefixes_round_trip() {
    for seed in seeds().iter().take(40) {
        for (_, end) in token_ranges(seed) {
            common::assert_round_trip(&seed[..end]);
        }
    }
}

/// All the seeds without syntax errors in one file: every run parses
/// without errors, so the runs' trees are joined, and the result is the
/// sequential parse's.
#[test]
fn all_seeds_parse_in_runs_like_the_sequential_parser() {
    let valid: Vec<&str> = seeds()
        .iter()
        .map(String::as_str)
        .filter(|seed| runic_syntax::parse(seed).errors().is_empty())
        .collect();
    assert!(valid.len() > 100, "only {} valid seeds", valid.len());
    let text = valid.join("\n\n");
    let sequential = runic_syntax::testing::parse_sequential(&text);
    assert_eq!(sequential.errors(), &[]);
    assert_eq!(
        runic_syntax::testing::parse_in_runs(&text, 16, 1),
        sequential
    );
    assert_eq!(runic_syntax::parse(&text), sequential);
}

/// Deep nesting must end in error nodes, not a stack overflow (the parser
/// bounds its recursion and turns what is deeper into `ERROR` nodes).
#[test]
fn deep_nesting_does_not_overflow_the_stack() {
    const DEPTH: usize = 100_000;
    let shapes = [
        "(".repeat(DEPTH),
        "[".repeat(DEPTH),
        "{".repeat(DEPTH),
        format!("def x = {}", "(".repeat(DEPTH)),
        format!("def x = {}1{}", "(".repeat(DEPTH), ")".repeat(DEPTH)),
        format!("def x = {}", "-".repeat(DEPTH)),
        format!("def x = {}a", "!".repeat(DEPTH)),
        format!("def x = {}", "(a, ".repeat(DEPTH / 10)),
        format!("def x = {}", "if a then ".repeat(DEPTH / 10)),
        format!("def x = {}", "let a = ".repeat(DEPTH / 10)),
        format!("def x = {}", "\\a -> ".repeat(DEPTH / 10)),
        format!("def x : {}", "[]".repeat(DEPTH / 10)),
        format!("def x : {}", "(".repeat(DEPTH / 10)),
        format!("def x : {}", "i32 -> ".repeat(DEPTH / 10)),
        format!("def f {} = 1", "(".repeat(DEPTH / 10)),
        format!("module M = {}", "{ module N = ".repeat(DEPTH / 10)),
        format!("def x = {}", "f ".repeat(DEPTH / 10)),
        format!("def x = {}", "#a ".repeat(DEPTH / 10)),
    ];
    for text in &shapes {
        common::assert_round_trip(text);
    }
}

/// Long left-associative chains would build trees as deep as the chain,
/// which rowan drops recursively (a stack overflow from ~10,000 links) and
/// re-hashes quadratically; the parser bounds their depth like recursion.
#[test]
fn long_left_assoc_chains_do_not_overflow_the_stack() {
    const LINKS: usize = 20_000;
    let shapes = [
        format!("def x = {}1", "1 + ".repeat(LINKS)),
        format!("def x = a{}", "[0]".repeat(LINKS)),
        format!("def x = {}", "[".repeat(LINKS)),
        format!("def x = (a){}", ".b".repeat(LINKS)),
        format!("def x = {}a", "a |> ".repeat(LINKS)),
        format!("def x = {}a", "a <| ".repeat(LINKS)),
        format!("def x = {}a", "a ** ".repeat(LINKS)),
        format!("def x = {}a", "a :: ".repeat(LINKS)),
        format!("def x = {}a", "a `f` ".repeat(LINKS)),
        format!("def x = {}a", "a with b = ".repeat(LINKS)),
        format!("def x = a{}", " : i32".repeat(LINKS)),
    ];
    for text in &shapes {
        common::assert_round_trip(text);
    }
}
