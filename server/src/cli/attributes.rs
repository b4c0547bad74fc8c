//! The attributes written before each entry point (`#[prop(gen(g))] entry
//! f ...`), read from the source text: `runic serve`'s `attributes`
//! command prints them, and `runic test` finds property entry points
//! (`#[prop]`) by them.

use std::collections::HashMap;

/// Each entry point's attributes, without the `#[` `]` brackets, in the
/// order written.
pub fn entry_attributes(source: &str) -> HashMap<String, Vec<String>> {
    let re = regex::Regex::new(
        r"(?m)((?:#\[[^\]\n]*\][ \t\r\n]*)+)entry[ \t\r\n]+([A-Za-z_][A-Za-z0-9_']*)",
    )
    .expect("a valid regex");
    let attr = regex::Regex::new(r"#\[([^\]\n]*)\]").expect("a valid regex");
    let mut out: HashMap<String, Vec<String>> = HashMap::new();
    for found in re.captures_iter(source) {
        let attrs = attr
            .captures_iter(&found[1])
            .map(|a| a[1].trim().to_string())
            .collect();
        out.insert(found[2].to_string(), attrs);
    }
    out
}

/// An attribute's name and its arguments: `prop(gen(g), size(10))` gives
/// `("prop", ["gen(g)", "size(10)"])`; `prop` gives `("prop", [])`.
pub fn split_attribute(attr: &str) -> (String, Vec<String>) {
    let Some(open) = attr.find('(') else {
        return (attr.trim().to_string(), Vec::new());
    };
    let name = attr[..open].trim().to_string();
    let inner = attr[open + 1..].trim_end();
    let inner = inner.strip_suffix(')').unwrap_or(inner);
    let mut args = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in inner.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                args.push(inner[start..i].trim().to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    if !inner[start..].trim().is_empty() {
        args.push(inner[start..].trim().to_string());
    }
    (name, args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_before_entry_points() {
        let source = "#[prop(gen(g), size(3))]\n#[inline]\nentry p (x: i32) = true\nentry q = 1\n#[noinline] def r = 2";
        let attrs = entry_attributes(source);
        assert_eq!(attrs["p"], ["prop(gen(g), size(3))", "inline"]);
        assert!(!attrs.contains_key("q"));
        assert_eq!(
            split_attribute(&attrs["p"][0]),
            (
                "prop".to_string(),
                vec!["gen(g)".to_string(), "size(3)".to_string()]
            )
        );
        assert_eq!(split_attribute("prop"), ("prop".to_string(), vec![]));
    }
}
