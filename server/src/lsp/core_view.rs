//! `runic/viewIr` for the middle end's stages (`soacs`, `fused`): the core
//! IR of the entry point at the cursor (or named, or every entry point),
//! and for `fused` the fusion decisions as comments after it.

use runic_core::fuse::Verdict;
use runic_core::Stage;
use runic_queries::{item_tree, TextSize};
use tower_lsp::jsonrpc::{Error, Result};

use super::eval_lens::{load, Sources};
use super::ext::ViewIrParams;
use super::line_index::LineIndex;
use super::owner::Snapshot;

/// The text of the core IR at `stage`.
pub fn view(snapshot: &Snapshot, params: &ViewIrParams, stage: Stage) -> Result<String> {
    let db = &snapshot.db;
    let sources = Sources::of(snapshot);
    let lowered = match load(&sources, sources.text.clone()) {
        Ok(p) => p,
        Err(e) => return Ok(format!("-- cannot compile this program: {}\n", e.message)),
    };
    let wanted = match (&params.function, params.position) {
        (Some(name), _) => Some(name.clone()),
        (None, Some(position)) => {
            let offset = LineIndex::new(snapshot.file.text(db)).offset(position);
            item_tree(db, snapshot.file)
                .item_at(TextSize::new(offset as u32))
                .and_then(|item| item.key.name.clone())
        }
        (None, None) => None,
    };
    let names: Vec<&str> = lowered.entries.iter().map(|e| e.name.as_str()).collect();
    let chosen: Vec<&str> = match &wanted {
        Some(name) if names.contains(&name.as_str()) => vec![name.as_str()],
        Some(name) if params.function.is_some() => {
            return Err(Error::invalid_params(format!(
                "no entry point named `{name}`; entry points: {}",
                names.join(", ")
            )))
        }
        _ => names.clone(),
    };
    let mut text = String::new();
    for name in chosen {
        let compiled = runic_core::declared_layouts(&lowered, name)
            .and_then(|layouts| runic_core::compile_entry_to(&lowered, name, &layouts, stage));
        if !text.is_empty() {
            text.push('\n');
        }
        match compiled {
            Ok(c) => {
                text.push_str(&runic_core::print::program(&c.program));
                for d in &c.fusion.decisions {
                    let at =
                        |l: &Option<runic_core::ir::Loc>| l.as_deref().unwrap_or("?").to_string();
                    let what = match &d.verdict {
                        Verdict::Fused(rule) => format!("fused into {} ({rule})", at(&d.other)),
                        Verdict::NotFused(reason) => {
                            format!("not fused with {}: {reason}", at(&d.other))
                        }
                    };
                    text.push_str(&format!("-- {}: {what}\n", at(&d.loc)));
                }
            }
            Err(e) => text.push_str(&format!(
                "-- entry point `{name}` cannot be compiled: {e}\n"
            )),
        }
    }
    Ok(text)
}

/// Names of the prelude's functions that build SOACs, for hovering.
const SOAC_NAMES: &[&str] = &[
    "map",
    "map1",
    "map2",
    "map3",
    "map4",
    "map5",
    "reduce",
    "reduce_comm",
    "scan",
    "filter",
    "partition",
    "hist",
    "reduce_by_index",
    "scatter",
    "scatter_2d",
    "scatter_3d",
    "tabulate",
    "tabulate_2d",
    "tabulate_3d",
    "sum",
    "product",
    "maximum",
    "minimum",
    "all",
    "any",
];

/// What fusion did with the SOAC call whose name is `word` at `position`
/// (0-based line, UTF-16 column), as Markdown; `None` when the word is no
/// SOAC or no decision covers the place.
pub fn fusion_note(snapshot: &Snapshot, word: &str, line: u32, column: u32) -> Option<String> {
    if !SOAC_NAMES.contains(&word) {
        return None;
    }
    let sources = Sources::of(snapshot);
    let lowered = load(&sources, sources.text.clone()).ok()?;
    let (line, column) = (line as usize + 1, column as usize + 1);
    let mut best: Option<(usize, String)> = None;
    for entry in &lowered.entries {
        let Ok(layouts) = runic_core::declared_layouts(&lowered, &entry.name) else {
            continue;
        };
        let Ok(c) = runic_core::compile_entry_to(&lowered, &entry.name, &layouts, Stage::Fused)
        else {
            continue;
        };
        let mut consider = |loc: &Option<runic_core::ir::Loc>, note: String| {
            let Some(span) = loc
                .as_deref()
                .and_then(|l| covers(l, &sources.main, line, column))
            else {
                return;
            };
            if best.as_ref().is_none_or(|(s, _)| span < *s) {
                best = Some((span, note));
            }
        };
        for d in &c.fusion.decisions {
            let other = d
                .other
                .as_deref()
                .map_or("?".into(), |o| short(o, &sources.main));
            let note = match &d.verdict {
                Verdict::Fused(rule) => format!("fused into the SOAC at {other} ({rule})"),
                Verdict::NotFused(reason) => {
                    format!("not fused with the SOAC at {other}: {reason}")
                }
            };
            consider(&d.loc, note);
        }
        for chain in &c.fusion.chains {
            consider(
                &chain.loc,
                format!("{} SOACs fused into this one", chain.members),
            );
        }
    }
    best.map(|(_, note)| format!("**fusion**: {note}"))
}

/// A location without the main file's path.
fn short(loc: &str, main: &str) -> String {
    loc.strip_prefix(main)
        .and_then(|l| l.strip_prefix(':'))
        .unwrap_or(loc)
        .to_string()
}

/// The length of `loc` (`path:line:col-endcol` or
/// `path:line:col-endline:endcol`, 1-based) when it is in `main` and covers
/// the place, counted in lines times a large number plus columns.
fn covers(loc: &str, main: &str, line: usize, column: usize) -> Option<usize> {
    let rest = loc.strip_prefix(main)?.strip_prefix(':')?;
    let (start, end) = rest.split_once('-')?;
    let (l1, c1) = start.split_once(':')?;
    let (l1, c1): (usize, usize) = (l1.parse().ok()?, c1.parse().ok()?);
    let (l2, c2): (usize, usize) = match end.split_once(':') {
        Some((l, c)) => (l.parse().ok()?, c.parse().ok()?),
        None => (l1, end.parse().ok()?),
    };
    let inside = (line, column) >= (l1, c1) && (line, column) <= (l2, c2);
    inside.then_some((l2 - l1) * 100_000 + c2.abs_diff(c1))
}

/// Beyond this many bytes a document gets no fusion hints: they compile
/// every entry point on each request, which must stay quick.
const FUSION_HINT_LIMIT: usize = 20_000;

/// The fused chains of the document: where each ends (0-based line and
/// column just after the SOAC call) and how many SOACs it became one of.
pub fn fused_chains(snapshot: &Snapshot) -> Vec<(u32, u32, usize)> {
    let sources = Sources::of(snapshot);
    if sources.text.len() > FUSION_HINT_LIMIT {
        return Vec::new();
    }
    let Ok(lowered) = load(&sources, sources.text.clone()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for entry in &lowered.entries {
        let Ok(layouts) = runic_core::declared_layouts(&lowered, &entry.name) else {
            continue;
        };
        let Ok(c) = runic_core::compile_entry_to(&lowered, &entry.name, &layouts, Stage::Fused)
        else {
            continue;
        };
        for chain in &c.fusion.chains {
            let Some((line, column)) = chain.loc.as_deref().and_then(|l| end_of(l, &sources.main))
            else {
                continue;
            };
            let hint = (line, column, chain.members);
            if !out.contains(&hint) {
                out.push(hint);
            }
        }
    }
    out
}

/// The 0-based end of a location of the main file.
fn end_of(loc: &str, main: &str) -> Option<(u32, u32)> {
    let rest = loc.strip_prefix(main)?.strip_prefix(':')?;
    let (start, end) = rest.split_once('-')?;
    let line: u32 = start.split_once(':')?.0.parse().ok()?;
    let (line, column): (u32, u32) = match end.split_once(':') {
        Some((l, c)) => (l.parse().ok()?, c.parse().ok()?),
        None => (line, end.parse().ok()?),
    };
    Some((line.checked_sub(1)?, column.checked_sub(1)?))
}
