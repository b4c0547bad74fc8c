//! `runic/viewIr` for the middle end's stages (`soacs`, `fused`): the core
//! IR of the entry point at the cursor (or named, or every entry point),
//! and for `fused` the fusion decisions as comments after it.

use runic_core::Stage;
use runic_queries::middle::{entry_irs, EntryIr, FusionDecision};
use runic_queries::{item_tree, TextSize};
use tower_lsp::jsonrpc::{Error, Result};

use super::ext::ViewIrParams;
use super::line_index::LineIndex;
use super::owner::Snapshot;

/// The entry points of the snapshot's document with their middle-end
/// results (cached per entry point by the database).
fn entries(snapshot: &Snapshot) -> std::result::Result<Vec<(String, &EntryIr)>, String> {
    entry_irs(&snapshot.db, snapshot.file)
}

/// The entry point a `runic/viewIr` request asks for: the one named, or
/// the top-level declaration at the cursor (`None`: every entry point).
fn wanted_entry(snapshot: &Snapshot, params: &ViewIrParams) -> Option<String> {
    let db = &snapshot.db;
    match (&params.function, params.position) {
        (Some(name), _) => Some(name.clone()),
        (None, Some(position)) => {
            let offset = LineIndex::new(snapshot.file.text(db)).offset(position);
            item_tree(db, snapshot.file)
                .item_at(TextSize::new(offset as u32))
                .and_then(|item| item.key.name.clone())
        }
        (None, None) => None,
    }
}

/// The entry points of `names` that a request wants: the one it names or
/// is at, else every one; an error for a name that is no entry point.
pub(super) fn chosen_entries<'n>(
    snapshot: &Snapshot,
    params: &ViewIrParams,
    names: &[&'n str],
) -> Result<Vec<&'n str>> {
    match wanted_entry(snapshot, params) {
        Some(name) if names.contains(&name.as_str()) => {
            Ok(names.iter().copied().filter(|n| *n == name).collect())
        }
        Some(name) if params.function.is_some() => Err(Error::invalid_params(format!(
            "no entry point named `{name}`; entry points: {}",
            names.join(", ")
        ))),
        _ => Ok(names.to_vec()),
    }
}

/// The text of the core IR at `stage`.
pub fn view(snapshot: &Snapshot, params: &ViewIrParams, stage: Stage) -> Result<String> {
    let entries = match entries(snapshot) {
        Ok(e) => e,
        Err(e) => return Ok(format!("-- cannot compile this program: {e}\n")),
    };
    let names: Vec<&str> = entries.iter().map(|(n, _)| n.as_str()).collect();
    let wanted = chosen_entries(snapshot, params, &names)?;
    let chosen: Vec<&(String, &EntryIr)> = entries
        .iter()
        .filter(|(n, _)| wanted.contains(&n.as_str()))
        .collect();
    let mut text = String::new();
    for (name, ir) in chosen {
        if !text.is_empty() {
            text.push('\n');
        }
        let printed = match stage {
            Stage::Soacs => &ir.soacs,
            Stage::Fused => &ir.fused,
        };
        match printed {
            Ok(printed) => {
                text.push_str(printed);
                if stage == Stage::Fused {
                    for d in &ir.decisions {
                        let at = |l: &Option<String>| l.as_deref().unwrap_or("?").to_string();
                        let what = match &d.verdict {
                            Ok(rule) => format!("fused into {} ({rule})", at(&d.other)),
                            Err(reason) => format!("not fused with {}: {reason}", at(&d.other)),
                        };
                        text.push_str(&format!("-- {}: {what}\n", at(&d.loc)));
                    }
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
    let main = snapshot.file.path(&snapshot.db).as_str();
    let entries = entries(snapshot).ok()?;
    let (line, column) = (line as usize + 1, column as usize + 1);
    let mut best: Option<(usize, String)> = None;
    for (_, ir) in entries {
        let mut consider = |loc: &Option<String>, note: String| {
            let Some(span) = loc.as_deref().and_then(|l| covers(l, main, line, column)) else {
                return;
            };
            if best.as_ref().is_none_or(|(s, _)| span < *s) {
                best = Some((span, note));
            }
        };
        for d in &ir.decisions {
            consider(&d.loc, decision_note(d, main));
        }
        for (loc, members) in &ir.chains {
            consider(loc, format!("{members} SOACs fused into this one"));
        }
    }
    best.map(|(_, note)| format!("**fusion**: {note}"))
}

/// What a hover says of one decision.
fn decision_note(d: &FusionDecision, main: &str) -> String {
    let other = d.other.as_deref().map_or("?".into(), |o| short(o, main));
    match &d.verdict {
        Ok(rule) => format!("fused into the SOAC at {other} ({rule})"),
        Err(reason) => format!("not fused with the SOAC at {other}: {reason}"),
    }
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

/// The fused chains of the document: where each ends (0-based line and
/// column just after the SOAC call) and how many SOACs it became one of.
/// The middle end's results are cached per entry point, so this is cheap
/// after the first request of a revision, whatever the document's size.
pub fn fused_chains(snapshot: &Snapshot) -> Vec<(u32, u32, usize)> {
    let main = snapshot.file.path(&snapshot.db).as_str();
    let Ok(entries) = entries(snapshot) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (_, ir) in entries {
        for (loc, members) in &ir.chains {
            let Some((line, column)) = loc.as_deref().and_then(|l| end_of(l, main)) else {
                continue;
            };
            let hint = (line, column, *members);
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
