//! The document algebra and its width-fitting renderer.
//!
//! A [`Doc`] is text with optional line breaks: a [`Doc::Line`] is a space
//! (or nothing) when its enclosing [`Doc::Group`] fits on the rest of the
//! line, and a newline at the current indentation otherwise. Groups decide
//! outermost first, in the style of Wadler's "prettier printer".
//!
//! Line comments are special: a [`Doc::Comment`] must be followed by a
//! newline, so a group containing one never renders flat, and after one the
//! renderer starts a new line before the next visible text (spaces meant for
//! the same line are dropped).

/// The target line width.
pub const WIDTH: usize = 80;

/// The rightmost column [`Doc::Align`] aligns to: deeper alignment would
/// leave too little of the line.
pub const MAX_ALIGN: usize = 40;

/// A document to lay out.
#[derive(Debug, Clone)]
pub enum Doc {
    Nil,
    /// Text without newlines.
    Text(String),
    /// `flat` when the enclosing group is flat, a newline otherwise.
    Line {
        flat: &'static str,
    },
    /// Always a newline.
    Hard,
    /// A line comment (ends its line).
    Comment(String),
    /// `flat` in a flat group, `broken` in a broken one.
    Alt {
        flat: &'static str,
        broken: &'static str,
    },
    Concat(Vec<Doc>),
    /// Lines inside are indented by this many more spaces.
    Nest(usize, Box<Doc>),
    /// Lines inside start at the column where this document starts, or,
    /// past [`MAX_ALIGN`], two columns in from the current indentation.
    Align(Box<Doc>),
    /// Flat if it fits and `broken` is false.
    Group {
        doc: Box<Doc>,
        broken: bool,
    },
}

impl Doc {
    pub fn text(text: impl Into<String>) -> Doc {
        Doc::Text(text.into())
    }

    /// A space when flat.
    pub fn line() -> Doc {
        Doc::Line { flat: " " }
    }

    /// Nothing when flat.
    pub fn soft() -> Doc {
        Doc::Line { flat: "" }
    }

    pub fn concat(docs: impl IntoIterator<Item = Doc>) -> Doc {
        Doc::Concat(docs.into_iter().collect())
    }

    pub fn nest(self, by: usize) -> Doc {
        Doc::Nest(by, Box::new(self))
    }

    pub fn align(self) -> Doc {
        Doc::Align(Box::new(self))
    }

    pub fn group(self) -> Doc {
        self.group_if_broken(false)
    }

    /// A group that is broken whatever its width when `broken` holds.
    pub fn group_if_broken(self, broken: bool) -> Doc {
        Doc::Group {
            doc: Box::new(self),
            broken,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Flat,
    Break,
}

/// Lays `doc` out at [`WIDTH`] columns.
pub fn render(doc: &Doc) -> String {
    let mut printer = Printer::default();
    let mut stack = vec![(0, Mode::Break, doc)];
    while let Some((indent, mode, doc)) = stack.pop() {
        match doc {
            Doc::Nil => {}
            Doc::Text(text) => printer.text(text),
            Doc::Line { flat } if mode == Mode::Flat && printer.needs_newline.is_none() => {
                printer.text(flat)
            }
            Doc::Line { .. } | Doc::Hard => printer.newline(indent),
            Doc::Comment(text) => printer.comment(indent, text),
            Doc::Alt { flat, broken } => {
                printer.text(if mode == Mode::Flat { flat } else { broken })
            }
            Doc::Concat(docs) => stack.extend(docs.iter().rev().map(|d| (indent, mode, d))),
            Doc::Nest(by, inner) => stack.push((indent + by, mode, inner)),
            Doc::Align(inner) => {
                let column = printer.next_column();
                let column = if column <= MAX_ALIGN {
                    column
                } else {
                    indent + 2
                };
                stack.push((column, mode, inner))
            }
            Doc::Group { doc, broken } => {
                let flat = mode == Mode::Flat
                    || (!broken && fits(doc, &stack, WIDTH.saturating_sub(printer.next_column())));
                stack.push((indent, if flat { Mode::Flat } else { Mode::Break }, doc));
            }
        }
    }
    printer.finish()
}

/// Whether `doc` laid out flat, followed by what comes after it up to the
/// end of its line (`rest`, a render stack: its top is last), takes at
/// most `width` columns.
fn fits(doc: &Doc, rest: &[(usize, Mode, &Doc)], width: usize) -> bool {
    match flat_width_left(doc, width as isize) {
        Some(left) => rest_fits(rest, left),
        None => false,
    }
}

/// The width left after `doc` laid out flat, or `None` if it cannot be
/// flat (a line comment, a hard line, a broken group) or does not fit.
/// Looks at no more of `doc` than fits: long concatenations are walked
/// lazily, so fitting costs the width, not the size of the document.
fn flat_width_left(doc: &Doc, mut left: isize) -> Option<isize> {
    let mut stack = vec![std::slice::from_ref(doc).iter()];
    while let Some(top) = stack.last_mut() {
        let Some(doc) = top.next() else {
            stack.pop();
            continue;
        };
        match doc {
            Doc::Nil => {}
            Doc::Text(text) => left -= text.chars().count() as isize,
            Doc::Line { flat } | Doc::Alt { flat, .. } => left -= flat.len() as isize,
            Doc::Hard | Doc::Comment(_) | Doc::Group { broken: true, .. } => return None,
            Doc::Concat(docs) => stack.push(docs.iter()),
            Doc::Nest(_, inner) | Doc::Align(inner) | Doc::Group { doc: inner, .. } => {
                stack.push(std::slice::from_ref(&**inner).iter())
            }
        }
        if left < 0 {
            return None;
        }
    }
    Some(left)
}

/// Whether what follows on the current line, up to its first line break,
/// fits in `left` columns. Walks `rest` from its top lazily, never copying
/// it: the render stack of a long chain is long.
fn rest_fits(rest: &[(usize, Mode, &Doc)], mut left: isize) -> bool {
    let mut pending = rest.iter().rev();
    let mut stack: Vec<(Mode, std::slice::Iter<Doc>)> = Vec::new();
    loop {
        let (mode, doc) = match stack.last_mut() {
            Some((mode, top)) => match top.next() {
                Some(doc) => (*mode, doc),
                None => {
                    stack.pop();
                    continue;
                }
            },
            None => match pending.next() {
                Some((_, mode, doc)) => (*mode, *doc),
                None => return true,
            },
        };
        match doc {
            Doc::Nil => {}
            Doc::Text(text) => left -= text.chars().count() as isize,
            Doc::Line { flat } if mode == Mode::Flat => left -= flat.len() as isize,
            // A line comment ends the line wherever the code before it
            // ends: its own length never breaks that code (which would lay
            // out otherwise once the comment had moved; fuzz finding
            // `format_array_argument_then_comment`).
            Doc::Line { .. } | Doc::Hard | Doc::Comment(_) => return true,
            Doc::Alt { flat, broken } => {
                left -= if mode == Mode::Flat {
                    flat.len()
                } else {
                    broken.len()
                } as isize
            }
            Doc::Concat(docs) => stack.push((mode, docs.iter())),
            Doc::Nest(_, inner) | Doc::Align(inner) | Doc::Group { doc: inner, .. } => {
                stack.push((mode, std::slice::from_ref(&**inner).iter()))
            }
        }
        if left < 0 {
            return false;
        }
    }
}

/// The output being built: indentation is written lazily, so blank lines
/// stay empty and no line ends in spaces.
#[derive(Default)]
struct Printer {
    out: String,
    column: usize,
    /// At the start of a line whose indentation (this many spaces) is not
    /// written yet.
    at_line_start: Option<usize>,
    /// A comment ended the line: the next visible text starts a new one,
    /// indented as the comment was.
    needs_newline: Option<usize>,
}

impl Printer {
    fn text(&mut self, text: &str) {
        if text.chars().all(|c| c == ' ')
            && (self.needs_newline.is_some() || self.at_line_start.is_some())
        {
            return;
        }
        self.pending_newline();
        self.indent();
        self.out.push_str(text);
        self.column += text.chars().count();
    }

    fn comment(&mut self, indent: usize, text: &str) {
        self.pending_newline();
        if self.at_line_start.is_none() && !self.out.ends_with([' ', '\n']) && !self.out.is_empty()
        {
            self.out.push(' ');
        }
        self.indent();
        self.out.push_str(text);
        self.needs_newline = Some(indent);
    }

    fn pending_newline(&mut self) {
        if let Some(indent) = self.needs_newline {
            self.newline(indent);
        }
    }

    /// The column the next text will start at.
    fn next_column(&self) -> usize {
        self.at_line_start.unwrap_or(self.column)
    }

    fn indent(&mut self) {
        if let Some(indent) = self.at_line_start.take() {
            self.out.extend(std::iter::repeat_n(' ', indent));
            self.column = indent;
        }
    }

    /// Ends the line; the next starts `indent` spaces in.
    fn newline(&mut self, indent: usize) {
        let trimmed = self.out.trim_end_matches(' ').len();
        self.out.truncate(trimmed);
        self.out.push('\n');
        self.column = 0;
        self.at_line_start = Some(indent);
        self.needs_newline = None;
    }

    fn finish(mut self) -> String {
        let trimmed = self.out.trim_end().len();
        self.out.truncate(trimmed);
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(n: usize) -> Doc {
        let parts = (0..n).map(|i| Doc::concat([Doc::line(), Doc::text(format!("w{i}"))]));
        Doc::concat([Doc::text("f"), Doc::concat(parts).nest(2)]).group()
    }

    #[test]
    fn a_group_is_flat_when_it_fits_and_broken_otherwise() {
        assert_eq!(render(&words(3)), "f w0 w1 w2");
        let long = render(&words(30));
        assert!(long.starts_with("f\n  w0\n  w1\n"), "{long}");
        assert!(long.lines().all(|l| l.len() <= WIDTH));
    }

    #[test]
    fn a_group_fits_only_with_what_follows_it_on_its_line() {
        let inner = Doc::concat([Doc::text("x".repeat(70)), Doc::line(), Doc::text("y")]).group();
        let doc = Doc::concat([inner.clone(), Doc::text(" ".to_string() + &"z".repeat(10))]);
        assert!(render(&doc).starts_with(&format!("{}\ny", "x".repeat(70))));
        let doc = Doc::concat([inner, Doc::Hard, Doc::text("z".repeat(10))]);
        assert!(render(&doc).starts_with(&format!("{} y\n", "x".repeat(70))));
    }

    #[test]
    fn a_group_on_an_indented_line_counts_the_indentation() {
        let inner = Doc::concat([Doc::text("x".repeat(78)), Doc::line(), Doc::text("y")]).group();
        let doc = Doc::concat([Doc::text("f"), Doc::concat([Doc::Hard, inner]).nest(4)]);
        assert_eq!(render(&doc), format!("f\n    {}\n    y", "x".repeat(78)));
    }

    #[test]
    fn a_comment_ends_its_line_and_breaks_its_group() {
        let doc = Doc::concat([
            Doc::text("a"),
            Doc::Comment("-- c".into()),
            Doc::text(" "),
            Doc::text("b"),
        ]);
        assert_eq!(render(&doc), "a -- c\nb");
        let grouped = Doc::concat([Doc::Comment("-- c".into()), Doc::line(), Doc::text("x")]);
        assert_eq!(render(&grouped.group()), "-- c\nx");
    }

    #[test]
    fn aligned_lines_start_under_the_first() {
        let args = Doc::concat([Doc::text("a"), Doc::Hard, Doc::text("b")]);
        let doc = Doc::concat([Doc::text("fun "), args.clone().align()]).nest(2);
        assert_eq!(render(&doc), "fun a\n    b");
        let doc = Doc::concat([
            Doc::text("  f "),
            Doc::concat([Doc::text("a"), Doc::Hard, Doc::text("b")]).align(),
        ]);
        assert_eq!(render(&doc), "  f a\n    b");
        let deep = Doc::concat([Doc::text("x".repeat(50)), args.align()]).nest(2);
        assert_eq!(render(&deep), format!("{}a\n    b", "x".repeat(50)));
    }

    #[test]
    fn blank_lines_carry_no_indentation() {
        let doc = Doc::concat([Doc::text("a"), Doc::Hard, Doc::Hard, Doc::text("b")]).nest(4);
        assert_eq!(render(&doc), "a\n\n    b");
        let outside = Doc::concat([Doc::text("a"), Doc::Hard, Doc::text("b").nest(4)]);
        assert_eq!(render(&outside), "a\nb", "indentation is the line break's");
    }
}
