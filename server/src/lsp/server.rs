//! The tower-lsp front: capabilities, notification handlers that forward to
//! the database owner, and request handlers that run queries on snapshots.
//!
//! Every request goes through [`Backend::query`]: ask the owner for a snapshot
//! (synchronously, so the request is ordered after the changes sent before
//! it), compute on a blocking thread, turn a panic into an internal error for
//! that request only, and retry a computation cancelled by a newer change
//! (answering `ContentModified` if changes keep coming).

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde_json::json;
use tokio::sync::{mpsc, oneshot};
use tower_lsp::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp::lsp_types::*;
use tower_lsp::{Client, LanguageServer};

use super::ext::{DebugTextResult, DocumentParams, ViewIrParams, ViewIrResult, STAGES};
use super::owner::{Message, Snapshot};
use super::related::RelatedSupport;
use super::run_command::{RunRequest, Runs};
use super::{eval_lens, ide, requests, run_lens, semantic_tokens};
use runic_queries::RootDatabase;

/// How often a request cancelled by newer changes is computed again.
const ATTEMPTS: usize = 3;

pub struct Backend {
    client: Client,
    owner: mpsc::UnboundedSender<Message>,
    shut_down: Arc<AtomicBool>,
    /// The client can watch files for us (dynamic registration of
    /// `workspace/didChangeWatchedFiles`).
    can_watch_files: AtomicBool,
    /// The `runic.run` commands in flight.
    runs: Runs,
    /// Whether the client shows related notes (set at `initialize`).
    related: RelatedSupport,
}

impl Backend {
    pub fn new(
        client: Client,
        owner: mpsc::UnboundedSender<Message>,
        shut_down: Arc<AtomicBool>,
        related: RelatedSupport,
    ) -> Self {
        Backend {
            client,
            owner,
            shut_down,
            can_watch_files: AtomicBool::new(false),
            runs: Runs::default(),
            related,
        }
    }

    fn send(&self, message: Message) {
        if self.owner.send(message).is_err() {
            eprintln!("runic lsp: the database thread has stopped");
        }
    }

    /// Runs `compute` on a snapshot with `uri`'s document; `Ok(None)` when the
    /// document is not open. Must be called before the handler's first await.
    async fn query<T, F>(&self, uri: &Url, compute: F) -> Result<Option<T>>
    where
        T: Send + 'static,
        F: Fn(&Snapshot) -> Result<T> + Send + Sync + 'static,
    {
        let compute = Arc::new(compute);
        let mut reply = self.request_snapshot(uri)?;
        for _ in 0..ATTEMPTS {
            let Some(snapshot) = reply.await.map_err(|_| stopped())? else {
                return Ok(None);
            };
            match run_blocking(snapshot, compute.clone()).await {
                Outcome::Done(result) => return result.map(Some),
                Outcome::Cancelled => reply = self.request_snapshot(uri)?,
            }
        }
        Err(Error {
            code: ErrorCode::ContentModified,
            message: "the document changed while the request was computed".into(),
            data: None,
        })
    }

    /// [`Self::query`] for a computation that may find nothing: `Ok(None)`
    /// both when the document is not open and when nothing was found.
    async fn query_found<T, F>(&self, uri: &Url, compute: F) -> Result<Option<T>>
    where
        T: Send + 'static,
        F: Fn(&Snapshot) -> Result<Option<T>> + Send + Sync + 'static,
    {
        Ok(self.query(uri, compute).await?.flatten())
    }

    /// Runs `compute` on a snapshot of the workspace (through any open
    /// document); empty when no document is open.
    async fn query_workspace<T, F>(&self, compute: F) -> Result<Vec<T>>
    where
        T: Send + 'static,
        F: Fn(&RootDatabase) -> Result<Vec<T>> + Send + Sync + 'static,
    {
        let (reply, receiver) = oneshot::channel();
        self.owner
            .send(Message::AnyDocument { reply })
            .map_err(|_| stopped())?;
        let Some(uri) = receiver.await.map_err(|_| stopped())? else {
            return Ok(Vec::new());
        };
        let answer = self.query(&uri, move |s| compute(&s.db)).await?;
        Ok(answer.unwrap_or_default())
    }

    fn request_snapshot(&self, uri: &Url) -> Result<oneshot::Receiver<Option<Snapshot>>> {
        let (reply, receiver) = oneshot::channel();
        let message = Message::Snapshot {
            uri: uri.clone(),
            reply,
        };
        self.owner.send(message).map_err(|_| stopped())?;
        Ok(receiver)
    }

    pub async fn view_ir(&self, params: ViewIrParams) -> Result<ViewIrResult> {
        let uri = params.text_document.uri.clone();
        let answer = self
            .query(&uri, move |snapshot| requests::view_ir(snapshot, &params))
            .await?;
        answer.ok_or_else(|| unknown_document(&uri))
    }

    pub async fn debug_panic(&self, params: DocumentParams) -> Result<()> {
        let uri = params.text_document.uri;
        let answer = self
            .query(&uri, |_| -> Result<()> {
                panic!("runic/debugPanic was asked to panic")
            })
            .await?;
        answer.ok_or_else(|| unknown_document(&uri))
    }

    pub async fn debug_text(&self, params: DocumentParams) -> Result<DebugTextResult> {
        let uri = params.text_document.uri;
        let answer = self.query(&uri, requests::debug_text).await?;
        answer.ok_or_else(|| unknown_document(&uri))
    }
}

enum Outcome<T> {
    Done(Result<T>),
    Cancelled,
}

/// Computes on a blocking thread; a panic becomes an internal error.
async fn run_blocking<T, F>(snapshot: Snapshot, compute: Arc<F>) -> Outcome<T>
where
    T: Send + 'static,
    F: Fn(&Snapshot) -> Result<T> + Send + Sync + 'static,
{
    let joined = tokio::task::spawn_blocking(move || {
        let outcome = panic::catch_unwind(AssertUnwindSafe(|| compute(&snapshot)));
        drop(snapshot);
        outcome
    })
    .await;
    match joined {
        Ok(Ok(result)) => Outcome::Done(result),
        Ok(Err(payload)) if payload.is::<runic_queries::Cancelled>() => Outcome::Cancelled,
        Ok(Err(payload)) => Outcome::Done(Err(internal(&super::panic_message(&payload)))),
        Err(error) => Outcome::Done(Err(internal(&error.to_string()))),
    }
}

fn internal(message: &str) -> Error {
    Error {
        code: ErrorCode::InternalError,
        message: format!("internal error: {message}").into(),
        data: None,
    }
}

fn stopped() -> Error {
    internal("the database thread has stopped")
}

fn unknown_document(uri: &Url) -> Error {
    Error::invalid_params(format!("document not open: {uri}"))
}

fn capabilities(device: &str) -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                ..TextDocumentSyncOptions::default()
            },
        )),
        document_symbol_provider: Some(OneOf::Left(true)),
        semantic_tokens_provider: Some(
            SemanticTokensOptions {
                legend: semantic_tokens::legend(),
                full: Some(SemanticTokensFullOptions::Bool(true)),
                range: None,
                work_done_progress_options: WorkDoneProgressOptions::default(),
            }
            .into(),
        ),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        code_lens_provider: Some(CodeLensOptions {
            resolve_provider: Some(false),
        }),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_range_formatting_provider: Some(OneOf::Left(true)),
        execute_command_provider: Some(ExecuteCommandOptions {
            commands: vec![run_lens::COMMAND.into()],
            work_done_progress_options: WorkDoneProgressOptions::default(),
        }),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        type_definition_provider: Some(TypeDefinitionProviderCapability::Simple(true)),
        references_provider: Some(OneOf::Left(true)),
        document_highlight_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Left(true)),
        workspace_symbol_provider: Some(OneOf::Left(true)),
        inlay_hint_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![".".into()]),
            ..CompletionOptions::default()
        }),
        signature_help_provider: Some(SignatureHelpOptions {
            trigger_characters: Some(vec![" ".into(), "(".into()]),
            retrigger_characters: None,
            work_done_progress_options: WorkDoneProgressOptions::default(),
        }),
        experimental: Some(json!({ "runicStages": STAGES, "runicDevice": device })),
        ..ServerCapabilities::default()
    }
}

#[tower_lsp::async_trait]
impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        self.runs.set_progress_support(&params.capabilities);
        if let Some(options) = &params.initialization_options {
            self.runs.set_backend(options);
            // The OpenCL device (`runic.device`), chosen once per process.
            let device = options["device"].as_str().filter(|d| !d.is_empty());
            crate::cli::gpu::configure(device.map(str::to_string), false);
        }
        self.related.set_from(&params.capabilities);
        let can_watch = params
            .capabilities
            .workspace
            .and_then(|workspace| workspace.did_change_watched_files)
            .and_then(|watched| watched.dynamic_registration)
            .unwrap_or(false);
        self.can_watch_files.store(can_watch, Ordering::SeqCst);
        // Probing OpenCL's platforms takes a moment only when the setting
        // asks for OpenCL.
        let device = self.runs.announced_device();
        Ok(InitializeResult {
            capabilities: capabilities(&device),
            server_info: Some(ServerInfo {
                name: "runic".into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
            }),
        })
    }

    /// Asks the client to report changes to `.fut` files on disk, so that
    /// files loaded from disk for imports stay current.
    async fn initialized(&self, _: InitializedParams) {
        if !self.can_watch_files.load(Ordering::SeqCst) {
            return;
        }
        let options = DidChangeWatchedFilesRegistrationOptions {
            watchers: vec![FileSystemWatcher {
                glob_pattern: GlobPattern::String("**/*.fut".into()),
                kind: None,
            }],
        };
        let registration = Registration {
            id: "runic-watch-fut".into(),
            method: "workspace/didChangeWatchedFiles".into(),
            register_options: serde_json::to_value(options).ok(),
        };
        if let Err(error) = self.client.register_capability(vec![registration]).await {
            eprintln!("runic lsp: the client refused to watch .fut files: {error}");
        }
    }

    async fn shutdown(&self) -> Result<()> {
        self.shut_down.store(true, Ordering::SeqCst);
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let document = params.text_document;
        self.send(Message::Open {
            uri: document.uri,
            version: document.version,
            text: document.text,
        });
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        self.send(Message::Change {
            uri: params.text_document.uri,
            version: params.text_document.version,
            changes: params.content_changes,
        });
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        self.send(Message::Close {
            uri: params.text_document.uri,
        });
    }

    /// The `runic.backend` setting of the Run lens.
    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        self.runs.set_backend(&params.settings);
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        self.send(Message::FilesChanged {
            uris: params
                .changes
                .into_iter()
                .map(|change| change.uri)
                .collect(),
        });
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        self.query(&params.text_document.uri, requests::document_symbols)
            .await
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        self.query(&params.text_document.uri, requests::semantic_tokens)
            .await
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        self.query(&params.text_document.uri, requests::folding_ranges)
            .await
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let at = params.text_document_position_params;
        let position = at.position;
        self.query_found(&at.text_document.uri, move |s| ide::hover(s, position))
            .await
    }

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        let at = params.text_document_position_params;
        let position = at.position;
        self.query_found(&at.text_document.uri, move |s| ide::definition(s, position))
            .await
    }

    async fn goto_type_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        let at = params.text_document_position_params;
        let position = at.position;
        self.query_found(&at.text_document.uri, move |s| {
            ide::type_definition(s, position)
        })
        .await
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        let at = params.text_document_position;
        let (position, declaration) = (at.position, params.context.include_declaration);
        self.query(&at.text_document.uri, move |s| {
            ide::references(s, position, declaration)
        })
        .await
    }

    async fn document_highlight(
        &self,
        params: DocumentHighlightParams,
    ) -> Result<Option<Vec<DocumentHighlight>>> {
        let at = params.text_document_position_params;
        let position = at.position;
        self.query(&at.text_document.uri, move |s| ide::highlights(s, position))
            .await
    }

    async fn rename(&self, params: RenameParams) -> Result<Option<WorkspaceEdit>> {
        let at = params.text_document_position;
        let (position, name) = (at.position, params.new_name);
        self.query_found(&at.text_document.uri, move |s| {
            ide::rename(s, position, &name)
        })
        .await
    }

    async fn symbol(
        &self,
        params: WorkspaceSymbolParams,
    ) -> Result<Option<Vec<SymbolInformation>>> {
        let query = params.query;
        self.query_workspace(move |db| Ok(ide::workspace_symbols(db, &query)))
            .await
            .map(Some)
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        let range = params.range;
        self.query(&params.text_document.uri, move |s| {
            ide::inlay_hints(s, range)
        })
        .await
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let at = params.text_document_position;
        let position = at.position;
        self.query(&at.text_document.uri, move |s| ide::completion(s, position))
            .await
    }

    async fn signature_help(&self, params: SignatureHelpParams) -> Result<Option<SignatureHelp>> {
        let at = params.text_document_position_params;
        let position = at.position;
        self.query_found(&at.text_document.uri, move |s| {
            ide::signature_help(s, position)
        })
        .await
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let range = params.range;
        self.query(&params.text_document.uri, move |s| {
            ide::code_actions(s, range)
        })
        .await
    }

    async fn code_lens(&self, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        self.query(&params.text_document.uri, |snapshot| {
            let mut lenses = run_lens::code_lenses(snapshot)?;
            lenses.extend(eval_lens::code_lenses(snapshot)?);
            Ok(lenses)
        })
        .await
    }

    async fn execute_command(
        &self,
        params: ExecuteCommandParams,
    ) -> Result<Option<serde_json::Value>> {
        let request = RunRequest::from_params(params)?;
        let uri = request.uri.clone();
        let sources = self
            .query(&uri, |snapshot| Ok(eval_lens::Sources::of(snapshot)))
            .await?
            .ok_or_else(|| unknown_document(&uri))?;
        let answer = self.runs.run(&self.client, request, sources).await?;
        Ok(Some(answer))
    }

    async fn formatting(&self, params: DocumentFormattingParams) -> Result<Option<Vec<TextEdit>>> {
        self.query(
            &params.text_document.uri,
            super::formatting::format_document,
        )
        .await
    }

    async fn range_formatting(
        &self,
        params: DocumentRangeFormattingParams,
    ) -> Result<Option<Vec<TextEdit>>> {
        let range = params.range;
        self.query(&params.text_document.uri, move |snapshot| {
            super::formatting::format_range(snapshot, range)
        })
        .await
    }
}
