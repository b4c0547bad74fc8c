//! Runic's extensions to the protocol: the `runic/viewIr` request, and the
//! hidden debug requests registered only when `RUNIC_LSP_DEBUG=1`.

use serde::{Deserialize, Serialize};
use tower_lsp::lsp_types::{Position, TextDocumentIdentifier};

/// The stages `runic/viewIr` can show, announced in
/// `capabilities.experimental.runicStages`.
pub const STAGES: &[&str] = &["syntax", "soacs", "fused", "kernels", "mem", "opencl"];

/// What `capabilities.experimental.runicDevice` says when the Run lens runs
/// programs in the interpreter (else it names the OpenCL device).
pub const INTERPRETER: &str = "interpreter";

pub const VIEW_IR: &str = "runic/viewIr";
/// Debug request: panics inside a query, to test that the server survives.
pub const DEBUG_PANIC: &str = "runic/debugPanic";
/// Debug request: the server's current text and version of a document.
pub const DEBUG_TEXT: &str = "runic/debugText";

/// Set to `1` to register the debug requests.
pub const DEBUG_ENV: &str = "RUNIC_LSP_DEBUG";

/// `runic/viewIr` parameters: which document, which function (by name, or the
/// declaration at `position`; the whole file when neither), which stage.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ViewIrParams {
    pub text_document: TextDocumentIdentifier,
    #[serde(default)]
    pub position: Option<Position>,
    #[serde(default)]
    pub function: Option<String>,
    pub stage: String,
}

/// `runic/viewIr` result: the text to show and the language to show it as.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct ViewIrResult {
    pub text: String,
    pub language: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DocumentParams {
    pub text_document: TextDocumentIdentifier,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct DebugTextResult {
    pub text: String,
    pub version: i32,
}
