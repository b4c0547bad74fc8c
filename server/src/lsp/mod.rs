//! `runic lsp`: the language server, on stdio.
//!
//! Threads and tasks:
//! - tower-lsp reads and writes JSON-RPC on the tokio runtime and calls the
//!   handlers in [`server`];
//! - one thread owns the database ([`owner`]) and applies document changes in
//!   arrival order;
//! - requests and diagnostics run on snapshots on blocking threads;
//! - one task sends diagnostics to the client ([`diagnostics`]);
//! - [`framing`] reads and writes the stdio frames around tower-lsp.
//!
//! Exits with 0 after `shutdown` then `exit`, and 1 if the stream ends or
//! `exit` comes without `shutdown`, as the LSP specification asks; when
//! stdin ends, runs in flight end with the process.

mod convert;
mod core_view;
mod diagnostics;
mod eval_lens;
pub mod ext;
mod formatting;
mod framing;
mod gpu_view;
mod ide;
pub mod line_index;
mod owner;
mod prelude_files;
mod related;
mod requests;
mod run_command;
mod run_lens;
mod semantic_tokens;
mod server;

use std::any::Any;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use std::task::{Context, Poll};

use tokio::sync::{mpsc, Notify};
use tower_lsp::jsonrpc::Request;
use tower_lsp::{LspService, Server};
use tower_service::Service;

use server::Backend;

/// How long requests in flight may still answer after stdin closes.
const CLOSING_GRACE: std::time::Duration = std::time::Duration::from_secs(1);

/// Stack of each of the server's threads.
const REQUEST_STACK: usize = 64 << 20;

/// Serves LSP on stdin/stdout until the client says `exit`.
pub fn run() -> ExitCode {
    // Requests walk syntax trees as deep as the parser's nesting limit
    // allows, on the runtime's threads (blocking ones included): the
    // default 2 MiB stack is not enough for that in a debug build.
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_stack_size(REQUEST_STACK)
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("runic lsp: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    let shut_down = Arc::new(AtomicBool::new(false));
    let served = runtime.block_on(serve(shut_down.clone()));
    // Blocking tasks (the stdin reader among them) are not waited for.
    runtime.shutdown_background();
    match served {
        Ok(()) if shut_down.load(Ordering::SeqCst) => ExitCode::SUCCESS,
        Ok(()) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("runic lsp: {error}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(shut_down: Arc<AtomicBool>) -> std::io::Result<()> {
    serve_on(tokio::io::stdin(), tokio::io::stdout(), shut_down).await
}

/// Serves LSP over any byte streams until `exit` or the end of `input`
/// (what [`run`] does on stdio; the fuzz target `lsp` feeds it bytes).
pub async fn serve_on<I, O>(input: I, output: O, shut_down: Arc<AtomicBool>) -> std::io::Result<()>
where
    I: tokio::io::AsyncRead + Unpin + Send + 'static,
    O: tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let (publications, published) = mpsc::unbounded_channel();
    let owner = owner::Owner::spawn(publications, tokio::runtime::Handle::current())?;
    let (service, socket) = build_service(owner, shut_down, published);
    let exited = Arc::new(Notify::new());
    let service = ExitWatch {
        inner: service,
        exited: exited.clone(),
    };
    let transport = framing::start(input, output);
    // tower-lsp keeps serving until stdin closes, even after `exit`; stop at
    // `exit`. When stdin closes, it waits for every request in flight; give
    // those a moment, then stop (ending the runs with the process).
    let mut served =
        Box::pin(Server::new(transport.input, transport.output, socket).serve(service));
    let stdin_closed = transport.stdin_closed;
    tokio::select! {
        _ = &mut served => {}
        _ = exited.notified() => return Ok(()),
        _ = stdin_closed => {
            let _ = tokio::time::timeout(CLOSING_GRACE, &mut served).await;
        }
    }
    // The server's end of the pipe closes with it, so the writer ends as
    // soon as the last frame is out rather than at the timeout.
    drop(served);
    let _ = tokio::time::timeout(CLOSING_GRACE, transport.written).await;
    Ok(())
}

fn build_service(
    owner: mpsc::UnboundedSender<owner::Message>,
    shut_down: Arc<AtomicBool>,
    published: mpsc::UnboundedReceiver<diagnostics::Publication>,
) -> (LspService<Backend>, tower_lsp::ClientSocket) {
    let mut builder = LspService::build(move |client| {
        let related = related::RelatedSupport::default();
        tokio::spawn(diagnostics::publish_loop(
            client.clone(),
            published,
            related.clone(),
        ));
        Backend::new(client, owner, shut_down, related)
    })
    .custom_method(ext::VIEW_IR, Backend::view_ir);
    if std::env::var(ext::DEBUG_ENV).is_ok_and(|value| value == "1") {
        builder = builder
            .custom_method(ext::DEBUG_PANIC, Backend::debug_panic)
            .custom_method(ext::DEBUG_TEXT, Backend::debug_text);
    }
    builder.finish()
}

/// Passes every message to the LSP service and signals when `exit` arrives.
struct ExitWatch<S> {
    inner: S,
    exited: Arc<Notify>,
}

impl<S: Service<Request>> Service<Request> for ExitWatch<S> {
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> S::Future {
        let is_exit = request.method() == "exit";
        let future = self.inner.call(request);
        if is_exit {
            self.exited.notify_one();
        }
        future
    }
}

/// The message of a panic payload, for error replies and logs.
fn panic_message(payload: &Box<dyn Any + Send>) -> String {
    if let Some(message) = payload.downcast_ref::<&str>() {
        message.to_string()
    } else if let Some(message) = payload.downcast_ref::<String>() {
        message.clone()
    } else {
        "a panic without a message".to_string()
    }
}
