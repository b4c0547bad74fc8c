//! The command `runic.run` (behind the Run lenses of [`super::run_lens`]):
//! `workspace/executeCommand` with `{uri, entry, dataset}` checks and lowers
//! the document, reads the dataset's input, runs the entry point in the
//! interpreter and answers
//! `{results, trace?, timings: {compile_ms, run_ms}, backend, device?,
//! dataset, passed?, mismatch?, error?, location?, stack?}`.
//!
//! The backend is the request's `backend` argument, else the `runic.backend`
//! setting (initialization options or `workspace/didChangeConfiguration`):
//! `interp` (the default), `core`, `opencl` or `auto` (OpenCL when a
//! device exists); `backend` in the answer names the one that ran
//! (`interpreter`, `core` or `opencl`) and `device` the OpenCL device.
//!
//! `dataset` is a case index (as the lenses send it), a case's name or
//! label, or null: the entry's first dataset, or no arguments when no test
//! block names the entry. `passed` is there when the case expects an
//! output or an error. A failure (compile error, run-time error with its
//! location, a bad dataset) is an answer with `error`, never an LSP error.
//!
//! The work runs on its own thread, never on the async runtime, under a
//! time limit, with `$/progress` (begin "compiling", report "running",
//! end) when the client gave a token or supports work-done progress. A
//! run stops (through [`Limits::cancel`]) when its request is cancelled
//! (tower-lsp drops the request's future) or when a newer run of the same
//! entry point of the same document starts; the older one then answers
//! `{error: "cancelled…", cancelled: true}`.

use std::collections::HashMap;
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use runic_eval::run::{call_entry_traced, show_results, RunError};
use runic_eval::testspec::{self, Case, Expected};
use runic_eval::{Limits, Typed, CANCELLED};
use serde_json::{json, Map, Value};
use tokio::sync::mpsc;
use tower_lsp::jsonrpc::{Error, Result};
use tower_lsp::lsp_types::notification::Progress as ProgressNotification;
use tower_lsp::lsp_types::request::WorkDoneProgressCreate;
use tower_lsp::lsp_types::*;
use tower_lsp::Client;

use super::eval_lens::{load, Sources};
use super::run_lens::{cases_of, COMMAND};
use crate::cli::run::Backend;
use crate::cli::test::{case_input, dataset_name, judge, CaseOutcome};

/// How long one run may take.
const TIME_LIMIT: Duration = Duration::from_secs(60);
/// How much memory one run may hold.
const MEMORY_LIMIT: u64 = 2 << 30;

/// Which dataset to run.
#[derive(Debug, Clone, PartialEq)]
pub enum Dataset {
    /// The index of a case among all the cases of the file.
    Index(usize),
    /// A case's name or label (`"name"`, a data file, `#0`).
    Label(String),
}

/// The arguments of one `runic.run`.
pub struct RunRequest {
    pub uri: Url,
    pub entry: String,
    pub dataset: Option<Dataset>,
    /// The backend asked for in the request itself.
    pub backend: Option<String>,
    token: Option<ProgressToken>,
}

impl RunRequest {
    /// Reads `workspace/executeCommand`'s parameters.
    pub fn from_params(params: ExecuteCommandParams) -> Result<RunRequest> {
        if params.command != COMMAND {
            return Err(Error::invalid_params(format!(
                "unknown command `{}` (this server runs {COMMAND})",
                params.command
            )));
        }
        let bad = || Error::invalid_params("runic.run takes one argument {uri, entry, dataset}");
        let args = params.arguments.first().ok_or_else(bad)?;
        let uri = args["uri"].as_str().and_then(|u| Url::parse(u).ok());
        let (Some(uri), Some(entry)) = (uri, args["entry"].as_str()) else {
            return Err(bad());
        };
        let dataset = match &args["dataset"] {
            Value::Null => None,
            Value::Number(n) => Some(Dataset::Index(n.as_u64().ok_or_else(bad)? as usize)),
            Value::String(s) => Some(match s.parse::<usize>() {
                Ok(i) => Dataset::Index(i),
                Err(_) => Dataset::Label(s.clone()),
            }),
            _ => return Err(bad()),
        };
        Ok(RunRequest {
            uri,
            entry: entry.to_string(),
            dataset,
            backend: args["backend"].as_str().map(str::to_string),
            token: params.work_done_progress_params.work_done_token,
        })
    }
}

/// The runs in flight, by document and entry point, and whether the
/// client supports server-created progress.
#[derive(Default)]
pub struct Runs {
    running: Mutex<HashMap<(Url, String), Arc<AtomicBool>>>,
    progress: AtomicBool,
    tokens: AtomicU64,
    /// The `runic.backend` setting.
    backend: Mutex<Option<String>>,
}

/// One run in flight: cancelled when dropped (by the end of the run, or by
/// tower-lsp when the request is cancelled).
struct Running<'r> {
    runs: &'r Runs,
    key: (Url, String),
    cancel: Arc<AtomicBool>,
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::SeqCst);
        let mut running = self.runs.running.lock().unwrap_or_else(|e| e.into_inner());
        if running
            .get(&self.key)
            .is_some_and(|c| Arc::ptr_eq(c, &self.cancel))
        {
            running.remove(&self.key);
        }
    }
}

impl Runs {
    /// Remembers whether the client announced `window.workDoneProgress`.
    pub fn set_progress_support(&self, capabilities: &ClientCapabilities) {
        let supported = capabilities
            .window
            .as_ref()
            .and_then(|w| w.work_done_progress)
            .unwrap_or(false);
        self.progress.store(supported, Ordering::SeqCst);
    }

    /// Reads the `runic.backend` setting from initialization options or
    /// configuration settings (`{runic: {backend}}`, `{"runic.backend"}`
    /// or `{backend}`); other settings leave it as it is.
    pub fn set_backend(&self, settings: &Value) {
        let found = [
            &settings["runic"]["backend"],
            &settings["runic.backend"],
            &settings["backend"],
        ]
        .into_iter()
        .find_map(|v| v.as_str());
        if let Some(b) = found {
            *self.backend.lock().unwrap_or_else(|e| e.into_inner()) = Some(b.to_string());
        }
    }

    /// What runs the Run lens's programs, for
    /// `capabilities.experimental.runicDevice`: the OpenCL device's name
    /// when the `runic.backend` setting picks OpenCL (`auto` where a device
    /// exists), else the interpreter.
    pub fn announced_device(&self) -> String {
        let setting = self
            .backend
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let backend = setting
            .as_deref()
            .unwrap_or("interp")
            .parse::<Backend>()
            .unwrap_or(Backend::Interp);
        match backend {
            Backend::Interp | Backend::Core => super::ext::INTERPRETER.to_string(),
            Backend::Auto => crate::cli::gpu::probe_device_name()
                .unwrap_or_else(|_| super::ext::INTERPRETER.to_string()),
            Backend::OpenCl => crate::cli::gpu::probe_device_name().unwrap_or_else(|why| why),
        }
    }

    /// The backend of a request: its own, the setting's, or the
    /// interpreter; `auto` resolved.
    fn backend_of(&self, request: &RunRequest) -> std::result::Result<Backend, String> {
        let setting = self
            .backend
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let name = request.backend.clone().or(setting);
        let backend = name.as_deref().unwrap_or("interp").parse::<Backend>()?;
        if let Some(why) = crate::cli::run::backend_unavailable(backend) {
            return Err(why);
        }
        Ok(match backend {
            Backend::Auto if crate::cli::gpu::available() => Backend::OpenCl,
            Backend::Auto => Backend::Interp,
            b => b,
        })
    }

    /// Registers a run, cancelling an older run of the same entry.
    fn start(&self, request: &RunRequest) -> Running<'_> {
        let key = (request.uri.clone(), request.entry.clone());
        let cancel = Arc::new(AtomicBool::new(false));
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(older) = running.insert(key.clone(), cancel.clone()) {
            older.store(true, Ordering::SeqCst);
        }
        Running {
            runs: self,
            key,
            cancel,
        }
    }

    /// Runs `request` on `sources` and answers as the module doc says.
    pub async fn run(
        &self,
        client: &Client,
        request: RunRequest,
        sources: Sources,
    ) -> Result<Value> {
        let backend = match self.backend_of(&request) {
            Ok(b) => b,
            Err(why) => return Ok(failure(&why)),
        };
        let running = self.start(&request);
        let mut progress = self.progress(client, request.token.clone()).await;
        progress.send(begin(&request.entry)).await;
        let (events, mut received) = mpsc::unbounded_channel();
        let job = Job {
            folder: folder_of(&request.uri),
            entry: request.entry,
            dataset: request.dataset,
            sources,
            cancel: running.cancel.clone(),
            backend,
        };
        if let Err(e) = spawn_worker(job, events) {
            let answer = failure(&format!("cannot start a thread for the run: {e}"));
            progress.finish(end(&answer)).await;
            return Ok(answer);
        }
        let mut answer = None;
        while let Some(event) = received.recv().await {
            match event {
                Event::Running => progress.send(report("running")).await,
                Event::Done(value) => answer = Some(value),
            }
        }
        let answer = answer.unwrap_or_else(|| failure("the run stopped without an answer"));
        progress.finish(end(&answer)).await;
        Ok(answer)
    }

    /// Where to report progress: the client's token, or one we create when
    /// the client supports that.
    async fn progress(&self, client: &Client, token: Option<ProgressToken>) -> Reporter {
        let token = match token {
            Some(token) => Some(token),
            None if self.progress.load(Ordering::SeqCst) => {
                let n = self.tokens.fetch_add(1, Ordering::SeqCst);
                let token = ProgressToken::String(format!("runic-run-{n}"));
                let params = WorkDoneProgressCreateParams {
                    token: token.clone(),
                };
                let created = client.send_request::<WorkDoneProgressCreate>(params).await;
                created.ok().map(|()| token)
            }
            None => None,
        };
        Reporter {
            client: client.clone(),
            token,
            ended: false,
        }
    }
}

/// Sends `$/progress` for one token, or nothing without one. Dropped
/// before the end (the request was cancelled), it ends the progress.
struct Reporter {
    client: Client,
    token: Option<ProgressToken>,
    ended: bool,
}

impl Reporter {
    async fn send(&self, value: WorkDoneProgress) {
        if let Some(params) = self.params(value) {
            self.client
                .send_notification::<ProgressNotification>(params)
                .await;
        }
    }

    async fn finish(&mut self, value: WorkDoneProgress) {
        self.send(value).await;
        self.ended = true;
    }

    fn params(&self, value: WorkDoneProgress) -> Option<ProgressParams> {
        Some(ProgressParams {
            token: self.token.clone()?,
            value: ProgressParamsValue::WorkDone(value),
        })
    }
}

impl Drop for Reporter {
    fn drop(&mut self) {
        let ended = WorkDoneProgress::End(WorkDoneProgressEnd {
            message: Some("cancelled".into()),
        });
        let (Some(params), false) = (self.params(ended), self.ended) else {
            return;
        };
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            let client = self.client.clone();
            runtime.spawn(async move {
                client
                    .send_notification::<ProgressNotification>(params)
                    .await
            });
        }
    }
}

fn begin(entry: &str) -> WorkDoneProgress {
    WorkDoneProgress::Begin(WorkDoneProgressBegin {
        title: format!("Running {entry}"),
        cancellable: Some(false),
        message: Some("compiling".into()),
        percentage: None,
    })
}

fn report(message: &str) -> WorkDoneProgress {
    WorkDoneProgress::Report(WorkDoneProgressReport {
        cancellable: Some(false),
        message: Some(message.into()),
        percentage: None,
    })
}

fn end(answer: &Value) -> WorkDoneProgress {
    let message = if answer.get("error").is_some() {
        "failed"
    } else {
        "done"
    };
    WorkDoneProgress::End(WorkDoneProgressEnd {
        message: Some(message.into()),
    })
}

/// The folder data files are read from: the document's, on disk.
fn folder_of(uri: &Url) -> PathBuf {
    uri.to_file_path()
        .ok()
        .and_then(|p| p.parent().map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("."))
}

/// Everything the worker needs.
struct Job {
    folder: PathBuf,
    entry: String,
    dataset: Option<Dataset>,
    sources: Sources,
    cancel: Arc<AtomicBool>,
    backend: Backend,
}

enum Event {
    /// Compiled; running now.
    Running,
    Done(Value),
}

/// Starts the worker thread (with a large stack, as the interpreter needs
/// for deep programs); a panic in it becomes a failure answer.
fn spawn_worker(job: Job, events: mpsc::UnboundedSender<Event>) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("runic-run".into())
        .stack_size(512 << 20)
        .spawn(move || {
            let answer = panic::catch_unwind(AssertUnwindSafe(|| run_job(&job, &events)))
                .unwrap_or_else(|p| {
                    failure(&format!("internal error: {}", super::panic_message(&p)))
                });
            let _ = events.send(Event::Done(answer));
        })
        .map(drop)
}

/// An answer that only says what went wrong.
fn failure(message: &str) -> Value {
    json!({ "error": message, "backend": "interpreter" })
}

fn cancelled() -> Value {
    json!({
        "error": "cancelled: the request was cancelled or a newer run of this entry started",
        "cancelled": true,
        "backend": "interpreter",
    })
}

fn millis(since: Instant) -> f64 {
    (since.elapsed().as_secs_f64() * 1e4).round() / 10.0
}

/// Compiles and runs one job.
fn run_job(job: &Job, events: &mpsc::UnboundedSender<Event>) -> Value {
    let started = Instant::now();
    let loaded = load(&job.sources, job.sources.text.clone());
    let compile_ms = millis(started);
    let program = match loaded {
        Ok(program) => program,
        Err(e) => {
            let mut answer = failure(&format!("compile error: {}", e.message));
            answer["location"] = json!(e.location);
            answer["timings"] = json!({ "compile_ms": compile_ms });
            return answer;
        }
    };
    if job.cancel.load(Ordering::SeqCst) {
        return cancelled();
    }
    let spec = testspec::parse(&job.sources.text);
    let case = match pick_case(&spec, &job.entry, job.dataset.as_ref()) {
        Ok(case) => case,
        Err(message) => return failure(&message),
    };
    let input = match case.map(|(i, c)| case_input(&job.folder, c, i)) {
        None => Vec::new(),
        Some(Ok(input)) => input,
        Some(Err(CaseOutcome::Failed(why) | CaseOutcome::Skipped(why))) => {
            return failure(&format!("cannot read the dataset: {why}"))
        }
    };
    let _ = events.send(Event::Running);
    let mut answer = execute(job, &program, &input, case.map(|(_, c)| c));
    answer["timings"]["compile_ms"] = json!(compile_ms);
    answer["dataset"] = json!(case.map(|(i, c)| dataset_name(c, i)));
    answer
}

/// The case to run: the one asked for, or the entry's first, or none.
fn pick_case<'s>(
    spec: &'s testspec::Spec,
    entry: &'s str,
    dataset: Option<&Dataset>,
) -> std::result::Result<Option<(usize, &'s Case)>, String> {
    let mut cases = cases_of(spec, entry);
    let found = match dataset {
        None => return Ok(cases.next()),
        Some(Dataset::Index(index)) => cases.find(|(i, _)| i == index),
        Some(Dataset::Label(label)) => cases.find(|(i, c)| {
            c.name.as_deref() == Some(label.as_str()) || dataset_name(c, *i) == *label
        }),
    };
    match (found, dataset) {
        (Some(case), _) => Ok(Some(case)),
        (None, Some(Dataset::Index(i))) => Err(format!("no dataset #{i} for entry `{entry}`")),
        (None, _) => Err(format!("no such dataset for entry `{entry}`")),
    }
}

/// Runs the entry point on `input` and describes the outcome.
fn execute(
    job: &Job,
    program: &runic_eval::Program,
    input: &[Typed],
    case: Option<&Case>,
) -> Value {
    let limits = Limits {
        deadline: Some(Instant::now() + TIME_LIMIT),
        cancel: Some(job.cancel.clone()),
        memory: Some(MEMORY_LIMIT),
        ..Limits::default()
    };
    let started = Instant::now();
    let (result, trace) = match job.backend {
        Backend::OpenCl => (
            crate::cli::gpu::call(program, &job.entry, input),
            Vec::new(),
        ),
        Backend::Core => (
            runic_core::call_entry(program, &job.entry, input),
            Vec::new(),
        ),
        _ => call_entry_traced(program, &job.entry, input, limits),
    };
    let run_ms = millis(started);
    let mut answer = Map::new();
    match &result {
        Err(RunError::Runtime(e)) if e.message == CANCELLED => return cancelled(),
        Ok(values) => {
            answer.insert(
                "results".into(),
                json!(show_results(program, &job.entry, values)),
            );
        }
        Err(RunError::Runtime(e)) => {
            answer.insert("error".into(), json!(e.message));
            let stack: Vec<String> = e.stack.iter().map(ToString::to_string).collect();
            answer.insert("location".into(), json!(stack.first()));
            answer.insert("stack".into(), json!(stack));
        }
        Err(other) => {
            answer.insert("error".into(), json!(other.to_string()));
        }
    }
    if !trace.is_empty() {
        answer.insert("trace".into(), json!(trace));
    }
    if let Some(case) = case.filter(|c| !matches!(c.expected, Expected::Success)) {
        let verdict = judge(&job.folder, &case.expected, result);
        answer.insert("passed".into(), json!(verdict.is_ok()));
        if let Err(CaseOutcome::Failed(why) | CaseOutcome::Skipped(why)) = verdict {
            answer.insert("mismatch".into(), json!(why));
        }
    }
    answer.insert("timings".into(), json!({ "run_ms": run_ms }));
    let backend = match job.backend {
        Backend::OpenCl => {
            if let Ok(device) = crate::cli::gpu::device_name() {
                answer.insert("device".into(), json!(device));
            }
            "opencl"
        }
        Backend::Core => "core",
        _ => "interpreter",
    };
    answer.insert("backend".into(), json!(backend));
    Value::Object(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> testspec::Spec {
        testspec::parse(
            "-- ==\n-- input { 1 } output { 1 }\n-- \"big\" input { 2 } output { 2 }\n-- ==\n-- entry: other\n-- input { 3 }\nentry main (x: i32) = x\nentry other (x: i32) = x\n",
        )
    }

    #[test]
    fn datasets_by_index_label_or_default() {
        let spec = spec();
        let index = |d: Option<Dataset>, entry: &str| {
            pick_case(&spec, entry, d.as_ref()).map(|c| c.map(|(i, _)| i))
        };
        assert_eq!(index(None, "main"), Ok(Some(0)));
        assert_eq!(index(None, "other"), Ok(Some(2)));
        assert_eq!(index(None, "third"), Ok(None));
        assert_eq!(index(Some(Dataset::Index(1)), "main"), Ok(Some(1)));
        assert_eq!(
            index(Some(Dataset::Label("big".into())), "main"),
            Ok(Some(1))
        );
        assert_eq!(
            index(Some(Dataset::Label("#0".into())), "main"),
            Ok(Some(0))
        );
        assert!(index(Some(Dataset::Index(2)), "main").is_err());
    }
}
