//! `runic/viewIr` for the GPU back end's stages (`kernels`, `opencl`): what
//! `runic ir --stage kernels|opencl` prints, for the entry point at the
//! cursor (or named, or every entry point). "Show generated kernel" in the
//! editors is this view. Printing needs no OpenCL device.

use runic_queries::{file_diagnostics, Severity};
use tower_lsp::jsonrpc::Result;

use super::core_view::chosen_entries;
use super::ext::ViewIrParams;
use super::owner::Snapshot;
use crate::cli::ir::{entry_stage_text, Stage};

/// The kernel IR or the OpenCL C (then the host code) of the chosen entry
/// points; problems show as `--` comments in the text, as in `core_view`.
pub fn view(snapshot: &Snapshot, params: &ViewIrParams, stage: Stage) -> Result<String> {
    let db = &snapshot.db;
    let errors = file_diagnostics(db, snapshot.file)
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    if errors > 0 {
        return Ok(format!(
            "-- the program has {errors} error(s): it is compiled once they are fixed\n"
        ));
    }
    let lowered = match runic_queries::middle::lower(db, snapshot.file) {
        Ok(lowered) => lowered,
        Err(e) => return Ok(format!("-- cannot compile this program: {e}\n")),
    };
    let names: Vec<&str> = lowered.entries.iter().map(|e| e.name.as_str()).collect();
    let mut text = String::new();
    for name in chosen_entries(snapshot, params, &names)? {
        if !text.is_empty() {
            text.push('\n');
        }
        match entry_stage_text(&lowered, name, stage) {
            Ok(printed) => text.push_str(&printed),
            Err(e) => text.push_str(&format!("-- {e}\n")),
        }
    }
    Ok(text)
}
