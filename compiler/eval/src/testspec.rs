//! The `-- ==` test blocks of `futhark test`: finding them in a program's
//! comments and parsing their cases (`input`/`output`, `error:`, `entry:`,
//! `random input`, `@ file`, `tags`, `compiled`/`nobench`/`notest`,
//! `structure`, `script`, file-level `error:`, `property:`).

/// Where a case's values come from.
#[derive(Debug, Clone, PartialEq)]
pub enum Values {
    /// Values written in the block.
    Inline(String),
    /// `@ file`, relative to the program.
    File(String),
    /// `random input { [10]i32 f32 }`: the types to generate.
    Random(String),
    /// `script input { ... }`: a FutharkScript expression.
    Script(String),
}

/// What a case expects.
#[derive(Debug, Clone, PartialEq)]
pub enum Expected {
    Output(Values),
    /// `error: REGEX`: a run-time error matching the regex.
    Error(String),
    /// Nothing (or `auto output`): only that it runs.
    Success,
}

/// One input/output case.
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    pub name: Option<String>,
    pub entries: Vec<String>,
    pub input: Values,
    pub expected: Expected,
    /// `compiled`: never run by the interpreter.
    pub compiled_only: bool,
    /// Tags of the case and of its block.
    pub tags: Vec<String>,
    /// The line of the case's `input`, from 1.
    pub line: usize,
}

/// Everything the test blocks of one program say.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Spec {
    pub cases: Vec<Case>,
    /// `error: REGEX` without input: the program must not compile.
    pub compile_error: Option<String>,
    /// `warning: REGEX`: the program compiles with a warning matching it.
    pub warnings: Vec<String>,
    /// `structure [PIPELINE] { NAME COUNT ... }` blocks.
    pub structures: Vec<Structure>,
    /// Program-wide tags (`tags { ... }` of any block).
    pub tags: Vec<String>,
    /// Problems in the blocks themselves.
    pub errors: Vec<String>,
    /// `property: NAME...`: entry points tested as properties.
    pub properties: Vec<Property>,
}

/// A property named by a `property:` line.
#[derive(Debug, Clone, PartialEq)]
pub struct Property {
    /// The entry point (a `#[prop]` entry of type `t -> bool`).
    pub name: String,
    /// The line of the `property:` line, from 1.
    pub line: usize,
    /// Tags of its block.
    pub tags: Vec<String>,
}

/// A `structure` block: how many times each construct (by name or nested
/// path, `Screma/Screma`, `/Screma`) occurs in the program once compiled by
/// the pipeline (`None`: the default one, up to fusion).
#[derive(Debug, Clone, PartialEq)]
pub struct Structure {
    pub pipeline: Option<String>,
    pub counts: Vec<(String, usize)>,
}

/// The `NAME COUNT` pairs of a structure block; a name given twice
/// counts as its last count says (`futhark test` reads the block into a
/// map).
fn structure_counts(inner: &str) -> Result<Vec<(String, usize)>, String> {
    let words: Vec<&str> = inner.split_whitespace().collect();
    if !words.len().is_multiple_of(2) {
        return Err(format!("malformed structure block: `{}`", inner.trim()));
    }
    let mut counts: Vec<(String, usize)> = Vec::new();
    for pair in words.chunks(2) {
        let Ok(n) = pair[1].parse() else {
            return Err(format!("structure block: `{}` is not a count", pair[1]));
        };
        counts.retain(|(name, _)| name != pair[0]);
        counts.push((pair[0].to_string(), n));
    }
    Ok(counts)
}

/// The text of each test block (after its `==` line) with the line number
/// where it starts.
fn blocks(program: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let lines: Vec<&str> = program.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        if !lines[i].starts_with("--") {
            i += 1;
            continue;
        }
        let start = i;
        while i < lines.len() && lines[i].starts_with("--") {
            i += 1;
        }
        let comment: Vec<&str> = lines[start..i]
            .iter()
            .map(|l| l[2..].trim_start())
            .collect();
        if let Some(sep) = comment.iter().position(|l| l.trim_end() == "==") {
            let body = comment[sep + 1..].join("\n");
            out.push((start + sep + 2, body));
        }
    }
    out
}

/// A tiny cursor over a block's text.
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    first_line: usize,
}

impl<'a> Cursor<'a> {
    fn skip_space(&mut self) {
        let rest = &self.text[self.pos..];
        self.pos += rest.len() - rest.trim_start().len();
    }

    fn at_end(&mut self) -> bool {
        self.skip_space();
        self.pos >= self.text.len()
    }

    fn line(&self) -> usize {
        self.first_line + self.text[..self.pos].matches('\n').count()
    }

    fn eat(&mut self, word: &str) -> bool {
        self.skip_space();
        let rest = &self.text[self.pos..];
        let boundary = rest[word.len().min(rest.len())..]
            .chars()
            .next()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        if rest.starts_with(word) && (boundary || !word.chars().all(char::is_alphanumeric)) {
            self.pos += word.len();
            true
        } else {
            false
        }
    }

    fn rest_of_line(&mut self) -> String {
        self.skip_space_inline();
        let rest = &self.text[self.pos..];
        let end = rest.find('\n').unwrap_or(rest.len());
        self.pos += end;
        rest[..end].trim().to_string()
    }

    fn skip_space_inline(&mut self) {
        let rest = &self.text[self.pos..];
        let trimmed = rest.trim_start_matches([' ', '\t']);
        self.pos += rest.len() - trimmed.len();
    }

    /// `{ ... }` with nesting; the text inside.
    fn braced(&mut self) -> Option<String> {
        self.skip_space();
        if !self.text[self.pos..].starts_with('{') {
            return None;
        }
        let mut depth = 0;
        for (i, c) in self.text[self.pos..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        let inner = self.text[self.pos + 1..self.pos + i].to_string();
                        self.pos += i + 1;
                        return Some(inner);
                    }
                }
                _ => {}
            }
        }
        None
    }

    fn word(&mut self) -> String {
        self.skip_space();
        let rest = &self.text[self.pos..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        self.pos += end;
        rest[..end].to_string()
    }

    /// `{ ... }` or `@ file`.
    fn values(&mut self) -> Option<Values> {
        if self.eat("@") {
            return Some(Values::File(self.word()));
        }
        self.braced().map(Values::Inline)
    }
}

/// Parses every test block of a program.
pub fn parse(program: &str) -> Spec {
    let mut spec = Spec::default();
    for (line, body) in blocks(program) {
        parse_block(&mut spec, &body, line);
    }
    spec
}

fn parse_block(spec: &mut Spec, body: &str, line: usize) {
    let mut c = Cursor {
        text: body,
        pos: 0,
        first_line: line,
    };
    let mut entries = vec!["main".to_string()];
    let mut block_tags: Vec<String> = Vec::new();
    while !c.at_end() {
        if c.eat("tags") {
            let tags = c.braced().unwrap_or_default();
            block_tags.extend(tags.split_whitespace().map(str::to_string));
            spec.tags
                .extend(tags.split_whitespace().map(str::to_string));
            continue;
        }
        if c.eat("entry:") {
            entries = c
                .rest_of_line()
                .split_whitespace()
                .map(str::to_string)
                .collect();
            continue;
        }
        if c.eat("structure") {
            // `structure { ... }` or `structure gpu { ... }`.
            let (pipeline, inner) = match c.braced() {
                Some(inner) => (None, inner),
                None => {
                    let pipeline = c.word();
                    (Some(pipeline), c.braced().unwrap_or_default())
                }
            };
            match structure_counts(&inner) {
                Ok(counts) => spec.structures.push(Structure { pipeline, counts }),
                Err(e) => spec.errors.push(e),
            }
            continue;
        }
        if c.eat("property:") {
            let line = c.line();
            for name in c.rest_of_line().split_whitespace() {
                spec.properties.push(Property {
                    name: name.to_string(),
                    line,
                    tags: block_tags.clone(),
                });
            }
            continue;
        }
        if c.eat("error:") {
            spec.compile_error = Some(c.rest_of_line());
            continue;
        }
        if c.eat("warning:") {
            spec.warnings.push(c.rest_of_line());
            continue;
        }
        match parse_case(&mut c, &entries, &block_tags) {
            Some(case) => spec.cases.push(case),
            None => {
                let found = c.word();
                spec.errors.push(format!(
                    "line {}: unexpected `{found}` in a test block",
                    c.line()
                ));
                if found.is_empty() {
                    break;
                }
            }
        }
    }
}

fn parse_case(c: &mut Cursor, entries: &[String], block_tags: &[String]) -> Option<Case> {
    let start = c.pos;
    let mut name = None;
    c.skip_space();
    if c.text[c.pos..].starts_with('"') {
        let rest = &c.text[c.pos + 1..];
        let end = rest.find('"')?;
        name = Some(rest[..end].to_string());
        c.pos += end + 2;
    }
    let mut tags = block_tags.to_vec();
    let mut compiled_only = false;
    let mut kind = "";
    loop {
        if c.eat("compiled") {
            compiled_only = true;
        } else if c.eat("nobench") {
            tags.push("nobench".into());
        } else if c.eat("notest") {
            tags.push("notest".into());
        } else if c.eat("random") {
            kind = "random";
        } else if c.eat("script") {
            kind = "script";
        } else {
            break;
        }
    }
    let line = c.line();
    if !c.eat("input") {
        c.pos = start;
        return None;
    }
    let input = match kind {
        "random" => Values::Random(c.braced()?),
        "script" => match c.values()? {
            Values::Inline(text) => Values::Script(text),
            other => other,
        },
        _ => c.values()?,
    };
    let expected = if c.eat("output") {
        Expected::Output(c.values()?)
    } else if c.eat("auto") {
        c.eat("output");
        Expected::Success
    } else if c.eat("error:") {
        Expected::Error(c.rest_of_line())
    } else {
        Expected::Success
    };
    Some(Case {
        name,
        entries: entries.to_vec(),
        input,
        expected,
        compiled_only,
        tags,
        line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_structure_name_given_twice_counts_as_its_last_count() {
        let counts = structure_counts("A/B 4 C 1 A/B 2").unwrap();
        assert_eq!(counts, vec![("C".to_string(), 1), ("A/B".to_string(), 2)]);
    }

    #[test]
    fn cases_entries_tags_and_errors() {
        let program = "\
-- Indexing.
-- ==
-- tags { slow gpu }
-- entry: f g
-- input { [1,2] 1i64 } output { 2 }
-- \"big\" compiled input @ data/big.in
-- output @ data/big.out
-- input { [1] 5i64 }
-- error: out of bounds
-- random input { [10]f32 }
-- structure { Map 1 }
entry f (xs: []i32) (i: i64) = xs[i]
";
        let spec = parse(program);
        assert_eq!(spec.errors, Vec::<String>::new());
        assert_eq!(spec.tags, vec!["slow", "gpu"]);
        assert_eq!(
            spec.structures,
            vec![Structure {
                pipeline: None,
                counts: vec![("Map".into(), 1)]
            }]
        );
        assert_eq!(spec.cases.len(), 4);
        let first = &spec.cases[0];
        assert_eq!(first.entries, vec!["f", "g"]);
        assert_eq!(first.input, Values::Inline(" [1,2] 1i64 ".into()));
        assert_eq!(
            first.expected,
            Expected::Output(Values::Inline(" 2 ".into()))
        );
        assert_eq!(first.line, 5);
        let big = &spec.cases[1];
        assert_eq!(big.name.as_deref(), Some("big"));
        assert!(big.compiled_only);
        assert_eq!(big.input, Values::File("data/big.in".into()));
        assert_eq!(
            big.expected,
            Expected::Output(Values::File("data/big.out".into()))
        );
        assert_eq!(
            spec.cases[2].expected,
            Expected::Error("out of bounds".into())
        );
        assert_eq!(spec.cases[3].input, Values::Random(" [10]f32 ".into()));
    }

    #[test]
    fn file_level_compile_error() {
        let spec = parse("-- ==\n-- error: Unknown name\ndef f = x\n");
        assert_eq!(spec.compile_error.as_deref(), Some("Unknown name"));
        assert!(spec.cases.is_empty());
    }

    #[test]
    fn warnings_expected_of_a_program() {
        let spec = parse("-- ==\n-- warning: deprecated\n-- warning: Defaulting\ndef f = 1\n");
        assert_eq!(spec.warnings, ["deprecated", "Defaulting"]);
        assert!(spec.errors.is_empty() && spec.cases.is_empty());
    }

    #[test]
    fn comments_without_a_separator_are_not_blocks() {
        let spec = parse("-- just a comment\n-- input { 1 }\ndef main = 1\n");
        assert_eq!(spec, Spec::default());
    }
}
