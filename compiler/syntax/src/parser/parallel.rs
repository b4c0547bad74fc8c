//! Parsing a large file on several threads: the file is cut into runs of
//! whole top-level declarations, each run is lexed and parsed on a thread of
//! rayon's pool, and the runs' top-level children are joined under one root.
//!
//! A cut goes just before a declaration keyword (`def`, `entry`, `type`,
//! `module`, `open`, `import`, `local`, `include`) that starts a line after
//! an empty line. There a token always starts (only whitespace tokens hold
//! line breaks), and no comment directly above belongs to the declaration,
//! so the whitespace before the cut is a direct child of the root in the
//! sequential parse as in the run's.
//!
//! Why the joined tree is the sequential parse's: the lexer restarts after
//! whitespace, so each run's tokens are the file's. The parser's decisions on
//! a run's tokens are the sequential parser's, except where it looks past the
//! run's end and sees the end of input instead of a declaration keyword. If a
//! run parses without any error, everything it opened was closed before its
//! end, with the end of input as the only follower; none of Futhark's
//! constructs can continue with one of the cut keywords either (`let` is not
//! among them, since a `let` can follow a `let` binding inside an
//! expression), so the sequential parser, at the same token, is back at the
//! top level too. Any error in any run, lexical or syntactic, and the whole
//! file is parsed again sequentially, so errors and their recovery are
//! always the sequential parser's. `tests/mutations.rs` checks the equality
//! on mutated programs.

use rayon::prelude::*;
use rowan::GreenNode;

use crate::SyntaxKind::SOURCE_FILE;

/// Files shorter than this are parsed on one thread: a thread costs more
/// than it saves below a few tens of kilobytes.
pub(crate) const MIN_RUN_LEN: usize = 32 * 1024;

/// The keywords a run may start with.
const CUT_KEYWORDS: &[&str] = &[
    "def", "entry", "type", "module", "open", "import", "local", "include",
];

/// Parses `text` with up to `threads` threads, in runs of at least
/// `min_run_len` bytes; the result equals the sequential parse's.
pub(crate) fn parse_source_file(text: &str, threads: usize, min_run_len: usize) -> super::Built {
    let cuts = cuts(text, threads, min_run_len);
    if cuts.is_empty() {
        return super::parse_sequential(text);
    }
    parse_runs(text, &cuts).unwrap_or_else(|| super::parse_sequential(text))
}

/// Where to cut `text` into at most `threads` runs of about equal length,
/// each at least `min_run_len` long.
fn cuts(text: &str, threads: usize, min_run_len: usize) -> Vec<usize> {
    let run_len = (text.len() / threads.max(1)).max(min_run_len).max(1);
    let mut cuts = Vec::new();
    let mut from = run_len;
    while from < text.len() {
        let Some(cut) = next_cut(text, from) else {
            break;
        };
        if text.len() - cut < min_run_len / 2 {
            break;
        }
        cuts.push(cut);
        from = cut + run_len;
    }
    cuts
}

/// The first place at or after `from` where a run may start.
fn next_cut(text: &str, from: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = from;
    loop {
        let found = text.get(at..)?.find("\n\n")?;
        let line = at + found + 2;
        if starts_with_cut_keyword(&bytes[line..]) {
            return Some(line);
        }
        at = line - 1;
    }
}

fn starts_with_cut_keyword(rest: &[u8]) -> bool {
    CUT_KEYWORDS.iter().any(|keyword| {
        rest.starts_with(keyword.as_bytes())
            && rest
                .get(keyword.len())
                .is_some_and(|&next| next == b' ' || next == b'\n' || next == b'\t')
    })
}

/// Parses the runs between `cuts` on their own threads and joins them, or
/// `None` if any run had an error.
fn parse_runs(text: &str, cuts: &[usize]) -> Option<super::Built> {
    let bounds: Vec<usize> = std::iter::once(0)
        .chain(cuts.iter().copied())
        .chain(std::iter::once(text.len()))
        .collect();
    let runs: Vec<&str> = bounds.windows(2).map(|w| &text[w[0]..w[1]]).collect();
    // rayon's pool: threads (and their allocator heaps) stay warm between
    // parses, and a run waits for no thread to start.
    let roots: Vec<_> = runs
        .par_iter()
        .map(|run| super::parse_sequential(run))
        .collect();
    if roots.iter().any(|(_, errors, _)| !errors.is_empty()) {
        return None;
    }
    let children: Vec<_> = roots
        .iter()
        .flat_map(|(root, _, _)| root.children().map(|child| child.to_owned()))
        .collect();
    let depth = roots.iter().map(|(_, _, depth)| *depth).max().unwrap_or(1);
    Some((
        GreenNode::new(SOURCE_FILE.into(), children),
        Vec::new(),
        depth,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(text: &str, min_run_len: usize) -> Vec<&str> {
        let cuts = cuts(text, 64, min_run_len);
        let mut bounds = vec![0];
        bounds.extend(cuts);
        bounds.push(text.len());
        bounds.windows(2).map(|w| &text[w[0]..w[1]]).collect()
    }

    #[test]
    fn cuts_only_before_keywords_after_an_empty_line() {
        let text = "def a = 1\ndef b = 2\n\n-- | c\ndef c = 3\n\nlet d = 4\n\nentry e = 5\n\ndefinitely\n\ntype t = i32\n";
        assert_eq!(
            runs(text, 1),
            [
                "def a = 1\ndef b = 2\n\n-- | c\ndef c = 3\n\nlet d = 4\n\n",
                "entry e = 5\n\ndefinitely\n\n",
                "type t = i32\n",
            ]
        );
    }

    #[test]
    fn short_files_are_one_run() {
        let text = "def a = 1\n\ndef b = 2\n";
        assert_eq!(runs(text, MIN_RUN_LEN), [text]);
    }

    #[test]
    fn runs_parse_to_the_sequential_tree() {
        let text = "def a = 1\n\nmodule m = {\n  def x = 2\n}\n\ntype t = i32\n\nentry main (xs: []i32) = map (+1) xs\n";
        let (green, errors, _) = parse_source_file(text, 8, 1);
        assert!(errors.is_empty());
        let (seq_green, seq_errors, _) = super::super::parse_sequential(text);
        assert_eq!((green, errors), (seq_green, seq_errors));
    }

    #[test]
    fn an_error_in_a_run_gives_the_sequential_parse() {
        // The second run starts inside the module body, which the first
        // run leaves open: both runs have errors, the file has none.
        let text = "module m = {\n  def x = 2\n\ndef y = 3\n}\n\ndef z = 4\n";
        assert_eq!(runs(text, 1).len(), 3);
        let (green, errors, _) = parse_source_file(text, 8, 1);
        assert!(errors.is_empty(), "{errors:?}");
        let (seq_green, seq_errors, _) = super::super::parse_sequential(text);
        assert_eq!((green, errors), (seq_green, seq_errors));
    }
}
