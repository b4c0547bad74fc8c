//! The request computations: each takes a [`Snapshot`] and answers in LSP
//! types. They run on blocking threads, may be cancelled by a write (salsa
//! unwinds with `Cancelled`), and must not panic on any client input.

use runic_queries::{
    document_symbols as symbols, folding_ranges as folds, item_tree, parse, ItemData, TextSize,
};
use tower_lsp::jsonrpc::{Error, Result};
use tower_lsp::lsp_types::{
    DocumentSymbolResponse, FoldingRange, SemanticTokens, SemanticTokensResult,
};

use super::ext::{DebugTextResult, ViewIrParams, ViewIrResult, STAGES};
use super::line_index::LineIndex;
use super::owner::Snapshot;
use super::{convert, semantic_tokens};

pub fn document_symbols(snapshot: &Snapshot) -> Result<DocumentSymbolResponse> {
    let db = &snapshot.db;
    let index = LineIndex::new(snapshot.file.text(db));
    let symbols = symbols(db, snapshot.file)
        .iter()
        .map(|symbol| convert::document_symbol(&index, symbol))
        .collect();
    Ok(DocumentSymbolResponse::Nested(symbols))
}

pub fn semantic_tokens(snapshot: &Snapshot) -> Result<SemanticTokensResult> {
    let db = &snapshot.db;
    let index = LineIndex::new(snapshot.file.text(db));
    let checked = runic_queries::ide::semantic_highlights(db, snapshot.file);
    let data = semantic_tokens::encode(&index, &checked);
    Ok(SemanticTokensResult::Tokens(SemanticTokens {
        result_id: None,
        data,
    }))
}

pub fn folding_ranges(snapshot: &Snapshot) -> Result<Vec<FoldingRange>> {
    let db = &snapshot.db;
    let index = LineIndex::new(snapshot.file.text(db));
    Ok(convert::folding_ranges(&index, &folds(db, snapshot.file)))
}

pub fn view_ir(snapshot: &Snapshot, params: &ViewIrParams) -> Result<ViewIrResult> {
    let text = match params.stage.as_str() {
        "syntax" => syntax_view(snapshot, params)?,
        "soacs" => super::core_view::view(snapshot, params, runic_core::Stage::Soacs)?,
        "fused" => super::core_view::view(snapshot, params, runic_core::Stage::Fused)?,
        "kernels" => super::gpu_view::view(snapshot, params, crate::cli::ir::Stage::Kernels)?,
        "mem" => super::gpu_view::view(snapshot, params, crate::cli::ir::Stage::Mem)?,
        "opencl" => super::gpu_view::view(snapshot, params, crate::cli::ir::Stage::OpenCl)?,
        other => {
            return Err(Error::invalid_params(format!(
                "unknown stage `{other}`; this server shows: {}",
                STAGES.join(", ")
            )))
        }
    };
    let language = if params.stage == "opencl" {
        "opencl"
    } else {
        "plaintext"
    };
    Ok(ViewIrResult {
        text,
        language: language.into(),
    })
}

/// The tree dump of the whole file, or of the one declaration asked for.
fn syntax_view(snapshot: &Snapshot, params: &ViewIrParams) -> Result<String> {
    let db = &snapshot.db;
    let parse = parse(db, snapshot.file);
    let tree = item_tree(db, snapshot.file);
    let item = if let Some(name) = &params.function {
        let item = tree.find_by_name(name).ok_or_else(|| {
            Error::invalid_params(format!("no top-level declaration named `{name}`"))
        })?;
        Some(item)
    } else if let Some(position) = params.position {
        let offset = LineIndex::new(snapshot.file.text(db)).offset(position);
        tree.item_at(TextSize::new(offset as u32))
    } else {
        None
    };
    Ok(match item {
        Some(item) => item_dump(parse, item),
        None => parse.debug_dump(),
    })
}

/// The dump of one declaration and the syntax errors inside it.
fn item_dump(parse: &runic_queries::Parse, item: &ItemData) -> String {
    let root = parse.syntax();
    let node = root
        .children()
        .find(|node| node.text_range() == item.range)
        .unwrap_or(root);
    parse.debug_dump_of(&node)
}

pub fn debug_text(snapshot: &Snapshot) -> Result<DebugTextResult> {
    Ok(DebugTextResult {
        text: snapshot.file.text(&snapshot.db).clone(),
        version: snapshot.version,
    })
}
