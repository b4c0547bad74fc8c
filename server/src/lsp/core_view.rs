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
