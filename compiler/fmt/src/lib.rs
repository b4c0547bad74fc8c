//! The Futhark formatter: lays a file out from its syntax tree.
//!
//! Each construct has a layout function (`decls`, `exprs`, `collections`,
//! `bindings`, `types`; everything else gets `layout::generic`) that turns a node into
//! a [`doc::Doc`]; `doc::render` fits it into 80 columns. Comments travel
//! with the parts of the tree next to them (`parts`). The result is checked
//! against the input (`equiv`): if it is not the same program with the same
//! comments, the formatter returns an error instead.
//!
//! Files with syntax errors are refused. [`format_range`] formats only the
//! top-level declarations a range touches, for editors' range formatting.

mod bindings;
mod collections;
mod decls;
pub mod doc;
pub mod equiv;
mod exprs;
mod layout;
mod parts;
mod types;

use runic_syntax::{parse, Parse, SyntaxError, TextRange, TextSize};

/// Why a file was not formatted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormatError {
    /// The file does not parse; nothing was changed.
    Syntax(Vec<SyntaxError>),
    /// The layout would have changed the program (a formatter bug).
    Unstable(String),
}

impl std::fmt::Display for FormatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FormatError::Syntax(errors) => {
                write!(f, "the file has {} syntax error(s)", errors.len())
            }
            FormatError::Unstable(why) => write!(f, "formatting would change the program: {why}"),
        }
    }
}

impl std::error::Error for FormatError {}

/// A replacement of a range of the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub range: TextRange,
    pub text: String,
}

/// A top-level part of the file (a declaration with its comments, or
/// comments alone), laid out.
struct Item {
    range: TextRange,
    blank_above: bool,
    /// The text starts with a comment that ends the previous item's line.
    hangs: bool,
    text: String,
}

/// The whole file, formatted.
pub fn format(text: &str) -> Result<String, FormatError> {
    let parse = parse(text);
    on_stack_for(&parse, || format_parsed(text, &parse))
}

/// Runs `f` on a stack deep enough for `parse`'s tree. The root node is
/// dropped before `parse`, whose drop frees a deep tree on a stack of its
/// own (a temporary root outliving it would free the tree here).
fn on_stack_for<R>(parse: &Parse, f: impl FnOnce() -> R) -> R {
    let root = parse.syntax();
    let result = runic_syntax::with_stack_for(&root, f);
    drop(root);
    result
}

fn format_parsed(text: &str, parse: &Parse) -> Result<String, FormatError> {
    let items = items(parse)?;
    let mut out = join(&items);
    if !out.is_empty() {
        out.push('\n');
    }
    checked(text, out)
}

/// The edit that formats the top-level declarations `range` touches, or
/// `None` if it touches none.
pub fn format_range(text: &str, range: TextRange) -> Result<Option<Edit>, FormatError> {
    let parse = parse(text);
    on_stack_for(&parse, || format_range_parsed(text, &parse, range))
}

fn format_range_parsed(
    text: &str,
    parse: &Parse,
    range: TextRange,
) -> Result<Option<Edit>, FormatError> {
    let items = items(parse)?;
    let touches =
        |item: &Item| item.range.start() <= range.end() && range.start() <= item.range.end();
    let Some(first) = items.iter().position(touches) else {
        return Ok(None);
    };
    let last = items.iter().rposition(touches).unwrap_or(first);
    let edit = Edit {
        range: TextRange::new(items[first].range.start(), items[last].range.end()),
        text: join(&items[first..=last]).trim_start().to_string(),
    };
    let mut after = text.to_string();
    after.replace_range(std::ops::Range::<usize>::from(edit.range), &edit.text);
    checked(text, after)?;
    Ok(Some(edit))
}

/// `after` if it is the program `before` is.
fn checked(before: &str, after: String) -> Result<String, FormatError> {
    match equiv::difference(before, &after) {
        None => Ok(after),
        Some(why) => Err(FormatError::Unstable(why)),
    }
}

/// The file's top-level items, each laid out on its own.
fn items(parse: &Parse) -> Result<Vec<Item>, FormatError> {
    if !parse.errors().is_empty() {
        return Err(FormatError::Syntax(parse.errors().to_vec()));
    }
    let all = parts::parts(&parse.syntax());
    let mut items: Vec<Item> = all
        .parts
        .iter()
        .map(|part| Item {
            range: part.range,
            blank_above: part.blank_above(),
            hangs: part.hang.is_some(),
            text: doc::render(&part.wrap(layout::elem(&part.elem), true)),
        })
        .collect();
    items.extend(all.rest.iter().map(|comment| Item {
        range: comment.range,
        blank_above: comment.blank_before,
        hangs: false,
        text: comment.text.clone(),
    }));
    Ok(items)
}

/// Items one after another: a newline between two, a blank line where the
/// source had at least one.
fn join(items: &[Item]) -> String {
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 && !item.hangs {
            out.push_str(if item.blank_above { "\n\n" } else { "\n" });
        }
        out.push_str(&item.text);
    }
    out
}

/// The byte range from `start` to `end`, for callers with plain offsets.
pub fn range(start: usize, end: usize) -> TextRange {
    TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32))
}

#[cfg(test)]
mod tests;
