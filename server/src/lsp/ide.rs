//! The IDE requests (hover, definition, type definition, references,
//! document highlight, rename, workspace symbols, inlay hints, completion,
//! signature help, code actions): LSP positions to byte offsets, the neutral answers
//! of `runic_queries::ide` back to LSP. A position past the end or on no
//! name answers empty, never an error.

use std::collections::HashMap;

use runic_queries::ide::{self, Place};
use runic_queries::{RootDatabase, TextSize};
use tower_lsp::jsonrpc::{Error, Result};
use tower_lsp::lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionResponse, CompletionItem,
    CompletionItemKind, CompletionResponse, Documentation, InsertTextFormat, ParameterInformation,
    ParameterLabel, SignatureHelp, SignatureInformation,
};
use tower_lsp::lsp_types::{
    DocumentHighlight, DocumentHighlightKind, GotoDefinitionResponse, Hover, HoverContents,
    InlayHint, InlayHintKind, InlayHintLabel, InlayHintTooltip, Location, MarkupContent,
    MarkupKind, Position, Range, SymbolInformation, TextEdit, Url, WorkspaceEdit,
};

use super::line_index::LineIndex;
use super::owner::Snapshot;
use super::prelude_files;

/// The byte offset of `position` in the snapshot's document; `None` for
/// a stale position (past the end of its line or of the text), which the
/// requests answer with nothing.
fn offset(snapshot: &Snapshot, position: Position) -> Option<TextSize> {
    let index = LineIndex::new(snapshot.file.text(&snapshot.db));
    let line = position.line as usize;
    let inside = line < index.line_count() && position.character <= index.line_len_utf16(line);
    inside.then(|| TextSize::new(index.offset(position) as u32))
}

pub fn hover(snapshot: &Snapshot, position: Position) -> Result<Option<Hover>> {
    let db = &snapshot.db;
    let found = offset(snapshot, position).and_then(|at| ide::hover(db, snapshot.file, at));
    let Some(mut found) = found else {
        return Ok(None);
    };
    // On a SOAC call: what fusion did with it.
    let text = snapshot.file.text(db);
    let word = &text[usize::from(found.range.start())..usize::from(found.range.end())];
    let word = word.rsplit('.').next().unwrap_or(word);
    if let Some(note) =
        super::core_view::fusion_note(snapshot, word, position.line, position.character)
    {
        found.markdown.push_str("\n\n---\n\n");
        found.markdown.push_str(&note);
    }
    let index = LineIndex::new(text);
    Ok(Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: found.markdown,
        }),
        range: Some(index.range(found.range)),
    }))
}

pub fn definition(
    snapshot: &Snapshot,
    position: Position,
) -> Result<Option<GotoDefinitionResponse>> {
    Ok(go_to(snapshot, position, ide::definition))
}

pub fn type_definition(
    snapshot: &Snapshot,
    position: Position,
) -> Result<Option<GotoDefinitionResponse>> {
    Ok(go_to(snapshot, position, ide::type_definition))
}

/// The location `find` gives for what is at `position`.
fn go_to(
    snapshot: &Snapshot,
    position: Position,
    find: fn(&dyn runic_queries::Db, runic_queries::File, TextSize) -> Option<Place>,
) -> Option<GotoDefinitionResponse> {
    let place = offset(snapshot, position).and_then(|at| find(&snapshot.db, snapshot.file, at))?;
    location(&snapshot.db, &place).map(GotoDefinitionResponse::Scalar)
}

pub fn references(
    snapshot: &Snapshot,
    position: Position,
    include_declaration: bool,
) -> Result<Vec<Location>> {
    let db = &snapshot.db;
    let Some(at) = offset(snapshot, position) else {
        return Ok(Vec::new());
    };
    let declaration = if include_declaration {
        None
    } else {
        ide::definition(db, snapshot.file, at)
    };
    Ok(ide::references(db, snapshot.file, at)
        .into_iter()
        .filter(|place| Some(place) != declaration.as_ref())
        .filter_map(|place| location(db, &place))
        .collect())
}

pub fn highlights(snapshot: &Snapshot, position: Position) -> Result<Vec<DocumentHighlight>> {
    let db = &snapshot.db;
    let index = LineIndex::new(snapshot.file.text(db));
    let Some(at) = offset(snapshot, position) else {
        return Ok(Vec::new());
    };
    Ok(ide::highlights_at(db, snapshot.file, at)
        .into_iter()
        .map(|range| DocumentHighlight {
            range: index.range(range),
            kind: Some(DocumentHighlightKind::TEXT),
        })
        .collect())
}

/// The edits of a rename; a refused rename is an error whose message says
/// why (clients show it); a stale position renames nothing.
pub fn rename(
    snapshot: &Snapshot,
    position: Position,
    new_name: &str,
) -> Result<Option<WorkspaceEdit>> {
    let db = &snapshot.db;
    let Some(at) = offset(snapshot, position) else {
        return Ok(None);
    };
    let places = ide::rename(db, snapshot.file, at, new_name).map_err(Error::invalid_params)?;
    let mut changes: HashMap<Url, Vec<TextEdit>> = HashMap::new();
    for place in places {
        if let Some(at) = location(db, &place) {
            changes
                .entry(at.uri)
                .or_default()
                .push(TextEdit::new(at.range, new_name.to_string()));
        }
    }
    Ok(Some(WorkspaceEdit::new(changes)))
}

/// The workspace's declarations matching `query`.
#[allow(deprecated)] // `SymbolInformation::deprecated` must be written, as `None`.
pub fn workspace_symbols(db: &RootDatabase, query: &str) -> Vec<SymbolInformation> {
    ide::workspace_symbols(db, query)
        .into_iter()
        .filter_map(|symbol| {
            let place = Place::File {
                path: symbol.path,
                range: symbol.range,
            };
            Some(SymbolInformation {
                name: symbol.name,
                kind: super::convert::symbol_kind(symbol.kind),
                tags: None,
                deprecated: None,
                location: location(db, &place)?,
                container_name: symbol.container,
            })
        })
        .collect()
}

/// The inlay hints of the declarations that overlap `range`.
pub fn inlay_hints(snapshot: &Snapshot, range: Range) -> Result<Vec<InlayHint>> {
    let db = &snapshot.db;
    let index = LineIndex::new(snapshot.file.text(db));
    let (start, end) = index.byte_range(range);
    let range =
        runic_queries::TextRange::new(TextSize::new(start as u32), TextSize::new(end as u32));
    let mut hints: Vec<InlayHint> = ide::inlay_hints(db, snapshot.file, range)
        .into_iter()
        .map(|hint| InlayHint {
            position: index.position(hint.offset.into()),
            label: InlayHintLabel::String(hint.label),
            kind: Some(match hint.kind {
                ide::InlayKind::SizeArguments => InlayHintKind::PARAMETER,
                ide::InlayKind::Binding | ide::InlayKind::Result => InlayHintKind::TYPE,
            }),
            text_edits: None,
            tooltip: Some(InlayHintTooltip::MarkupContent(MarkupContent {
                kind: MarkupKind::Markdown,
                value: hint.tooltip,
            })),
            padding_left: None,
            padding_right: None,
            data: None,
        })
        .collect();
    // After each fused chain of SOACs: how many it became one of.
    for (line, character, members) in super::core_view::fused_chains(snapshot) {
        let position = Position { line, character };
        let offset = index.offset(position);
        if offset < start || offset > end {
            continue;
        }
        hints.push(InlayHint {
            position,
            label: InlayHintLabel::String(format!("fused: {members} SOACs → 1")),
            kind: None,
            text_edits: None,
            tooltip: Some(InlayHintTooltip::String(format!(
                "fusion made one SOAC of {members} (see `runic/viewIr` stage `fused`)"
            ))),
            padding_left: Some(true),
            padding_right: None,
            data: None,
        });
    }
    Ok(hints)
}

pub fn completion(snapshot: &Snapshot, position: Position) -> Result<CompletionResponse> {
    let found = offset(snapshot, position)
        .map(|at| ide::completions(&snapshot.db, snapshot.file, at))
        .unwrap_or_default();
    let items = found
        .into_iter()
        .map(|c| CompletionItem {
            kind: Some(completion_kind(c.kind)),
            detail: c.detail,
            insert_text_format: c.snippet.as_ref().map(|_| InsertTextFormat::SNIPPET),
            insert_text: c.snippet,
            label: c.label,
            ..CompletionItem::default()
        })
        .collect();
    Ok(CompletionResponse::Array(items))
}

fn completion_kind(kind: ide::CompletionKind) -> CompletionItemKind {
    use ide::CompletionKind as K;
    match kind {
        K::Variable => CompletionItemKind::VARIABLE,
        K::Function => CompletionItemKind::FUNCTION,
        K::Field => CompletionItemKind::FIELD,
        K::Type => CompletionItemKind::STRUCT,
        K::Module => CompletionItemKind::MODULE,
        K::Keyword => CompletionItemKind::KEYWORD,
        K::Snippet => CompletionItemKind::SNIPPET,
    }
}

pub fn signature_help(snapshot: &Snapshot, position: Position) -> Result<Option<SignatureHelp>> {
    let found = offset(snapshot, position)
        .and_then(|at| ide::signature_help(&snapshot.db, snapshot.file, at));
    let Some(found) = found else {
        return Ok(None);
    };
    // Parameter labels are UTF-16 offsets into the label.
    let utf16 = |byte: usize| found.label[..byte].encode_utf16().count() as u32;
    let parameters = found
        .parameters
        .iter()
        .map(|&(from, to)| ParameterInformation {
            label: ParameterLabel::LabelOffsets([utf16(from), utf16(to)]),
            documentation: None,
        })
        .collect();
    let active = Some(found.active as u32);
    Ok(Some(SignatureHelp {
        signatures: vec![SignatureInformation {
            label: found.label,
            documentation: found.documentation.map(|value| {
                Documentation::MarkupContent(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value,
                })
            }),
            parameters: Some(parameters),
            active_parameter: active,
        }],
        active_signature: Some(0),
        active_parameter: active,
    }))
}

pub fn code_actions(snapshot: &Snapshot, range: Range) -> Result<CodeActionResponse> {
    let db = &snapshot.db;
    let index = LineIndex::new(snapshot.file.text(db));
    let (start, end) = index.byte_range(range);
    let range =
        runic_queries::TextRange::new(TextSize::new(start as u32), TextSize::new(end as u32));
    Ok(ide::code_actions(db, snapshot.file, range)
        .into_iter()
        .map(|action| {
            let mut changes: HashMap<Url, Vec<TextEdit>> = HashMap::new();
            for edit in action.edits {
                let place = Place::File {
                    path: edit.path,
                    range: edit.range,
                };
                if let Some(at) = location(db, &place) {
                    changes
                        .entry(at.uri)
                        .or_default()
                        .push(TextEdit::new(at.range, edit.text));
                }
            }
            CodeActionOrCommand::CodeAction(CodeAction {
                title: action.title,
                kind: Some(match action.kind {
                    ide::ActionKind::QuickFix => CodeActionKind::QUICKFIX,
                    ide::ActionKind::Rewrite => CodeActionKind::REFACTOR_REWRITE,
                }),
                edit: Some(WorkspaceEdit::new(changes)),
                ..CodeAction::default()
            })
        })
        .collect())
}

/// A place as an LSP location: workspace files by their URI (the path the
/// server gave them), prelude files as the read-only copies of
/// [`prelude_files`].
pub fn location(db: &RootDatabase, place: &Place) -> Option<Location> {
    match place {
        Place::File { path, range } => {
            let root = runic_queries::Db::source_root(db)?;
            let file = *root.files(db).get(path)?;
            let index = LineIndex::new(file.text(db));
            Some(Location::new(Url::parse(path).ok()?, index.range(*range)))
        }
        Place::Prelude { file, range } => {
            let index = LineIndex::new(ide::prelude_source(file)?);
            Some(Location::new(
                prelude_files::uri(file)?,
                index.range(*range),
            ))
        }
    }
}
