//! Conversions from the neutral answers of `runic-queries` (byte ranges,
//! plain enums) to LSP types (UTF-16 positions, LSP kinds).

use runic_queries::{Diagnostic, Fold, FoldKind, Severity, Symbol, SymbolKind};
use tower_lsp::lsp_types::{self as lsp, Url};

use super::line_index::LineIndex;

/// The `source` field of every diagnostic the server publishes.
pub const SOURCE: &str = "runic";

pub fn diagnostic(index: &LineIndex, uri: &Url, diagnostic: &Diagnostic) -> lsp::Diagnostic {
    let related = diagnostic
        .related
        .iter()
        .map(|related| lsp::DiagnosticRelatedInformation {
            location: lsp::Location::new(uri.clone(), index.range(related.range)),
            message: related.message.clone(),
        })
        .collect::<Vec<_>>();
    lsp::Diagnostic {
        range: index.range(diagnostic.range),
        severity: Some(severity(diagnostic.severity)),
        code: diagnostic
            .code
            .map(|code| lsp::NumberOrString::String(code.to_string())),
        source: Some(SOURCE.to_string()),
        message: diagnostic.message.clone(),
        related_information: (!related.is_empty()).then_some(related),
        ..lsp::Diagnostic::default()
    }
}

fn severity(severity: Severity) -> lsp::DiagnosticSeverity {
    match severity {
        Severity::Error => lsp::DiagnosticSeverity::ERROR,
        Severity::Warning => lsp::DiagnosticSeverity::WARNING,
        Severity::Info => lsp::DiagnosticSeverity::INFORMATION,
        Severity::Hint => lsp::DiagnosticSeverity::HINT,
    }
}

#[allow(deprecated)] // `DocumentSymbol::deprecated` must be written, as `None`.
pub fn document_symbol(index: &LineIndex, symbol: &Symbol) -> lsp::DocumentSymbol {
    let children = symbol
        .children
        .iter()
        .map(|child| document_symbol(index, child))
        .collect::<Vec<_>>();
    let detail = match symbol.kind {
        SymbolKind::Entry => Some(format!("entry {}", symbol.detail.as_deref().unwrap_or(""))),
        _ => symbol.detail.clone(),
    };
    lsp::DocumentSymbol {
        name: symbol.name.clone(),
        detail: detail.map(|d| d.trim_end().to_string()),
        kind: symbol_kind(symbol.kind),
        tags: None,
        deprecated: None,
        range: index.range(symbol.range),
        selection_range: index.range(symbol.name_range),
        children: (!children.is_empty()).then_some(children),
    }
}

pub fn symbol_kind(kind: SymbolKind) -> lsp::SymbolKind {
    match kind {
        SymbolKind::Function | SymbolKind::Entry => lsp::SymbolKind::FUNCTION,
        SymbolKind::Value => lsp::SymbolKind::CONSTANT,
        SymbolKind::Type => lsp::SymbolKind::STRUCT,
        SymbolKind::Module => lsp::SymbolKind::MODULE,
        SymbolKind::ModuleType => lsp::SymbolKind::INTERFACE,
    }
}

/// Line folds: those spanning one line are dropped, and of several starting on
/// the same line only the widest is kept.
pub fn folding_ranges(index: &LineIndex, folds: &[Fold]) -> Vec<lsp::FoldingRange> {
    let mut ranges: Vec<lsp::FoldingRange> = folds
        .iter()
        .filter_map(|fold| {
            let range = index.range(fold.range);
            (range.start.line < range.end.line).then(|| lsp::FoldingRange {
                start_line: range.start.line,
                end_line: range.end.line,
                kind: Some(fold_kind(fold.kind)),
                ..lsp::FoldingRange::default()
            })
        })
        .collect();
    ranges.sort_by_key(|r| (r.start_line, std::cmp::Reverse(r.end_line)));
    ranges.dedup_by_key(|r| r.start_line);
    ranges
}

fn fold_kind(kind: FoldKind) -> lsp::FoldingRangeKind {
    match kind {
        FoldKind::Region => lsp::FoldingRangeKind::Region,
        FoldKind::Comment => lsp::FoldingRangeKind::Comment,
        FoldKind::Imports => lsp::FoldingRangeKind::Imports,
    }
}
