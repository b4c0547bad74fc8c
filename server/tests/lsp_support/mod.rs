//! A small LSP client for protocol tests: spawns `runic lsp`, speaks JSON-RPC
//! with Content-Length framing over its stdio, and never waits without a
//! timeout, so a hung server fails the test instead of hanging it.
//!
//! Also an independent position converter (byte offset <-> line and UTF-16
//! column, for texts with `\n` line ends) to check the server's conversions.

#![allow(dead_code)] // Each test file uses a different part of this helper.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// How long any single wait for the server may take.
pub const TIMEOUT: Duration = Duration::from_secs(30);

pub struct LspClient {
    child: Child,
    /// `None` once [`LspClient::close_input`] closed it.
    stdin: Option<ChildStdin>,
    incoming: Receiver<Value>,
    /// Messages read while waiting for something else.
    stash: VecDeque<Value>,
    next_id: i64,
    stderr: Arc<Mutex<String>>,
}

impl LspClient {
    /// Starts `runic lsp` with the debug requests enabled.
    pub fn spawn() -> LspClient {
        LspClient::spawn_with_env(&[])
    }

    /// [`LspClient::spawn`] with these environment variables set.
    pub fn spawn_with_env(env: &[(&str, &str)]) -> LspClient {
        let mut child = Command::new(env!("CARGO_BIN_EXE_runic"))
            .arg("lsp")
            .env("RUNIC_LSP_DEBUG", "1")
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn runic lsp");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let stderr = child.stderr.take().expect("stderr");
        let (sender, incoming) = mpsc::channel();
        std::thread::spawn(move || read_messages(BufReader::new(stdout), sender));
        let log = Arc::new(Mutex::new(String::new()));
        let sink = log.clone();
        std::thread::spawn(move || collect(stderr, sink));
        LspClient {
            child,
            stdin: Some(stdin),
            incoming,
            stash: VecDeque::new(),
            next_id: 1,
            stderr: log,
        }
    }

    /// `initialize` then `initialized`; returns the initialize result.
    pub fn initialize(&mut self) -> Value {
        self.initialize_with(json!({}))
    }

    /// `initialize` as a client that shows related information itself (VS
    /// Code, Neovim), then `initialized`: diagnostics come as
    /// [`expected_diagnostics`] has them, notes in `relatedInformation` only.
    pub fn initialize_showing_related(&mut self) -> Value {
        self.initialize_with(
            json!({ "textDocument": { "publishDiagnostics": { "relatedInformation": true } } }),
        )
    }

    /// `initialize` with these client capabilities, then `initialized`.
    pub fn initialize_with(&mut self, capabilities: Value) -> Value {
        let result = self
            .request(
                "initialize",
                json!({ "processId": null, "rootUri": null, "capabilities": capabilities }),
            )
            .expect("initialize succeeds");
        self.notify("initialized", json!({}));
        result
    }

    pub fn send(&mut self, message: &Value) {
        let body = message.to_string();
        let framed = format!("Content-Length: {}\r\n\r\n{body}", body.len());
        self.send_bytes(framed.as_bytes());
    }

    /// Writes raw bytes (framing included) to the server's stdin.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin
            .write_all(bytes)
            .and_then(|_| stdin.flush())
            .expect("write to the server");
    }

    /// Closes the server's stdin, as a client that goes away does.
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Sends a notification (`params` left out when null).
    pub fn notify(&mut self, method: &str, params: Value) {
        let mut message = json!({ "jsonrpc": "2.0", "method": method });
        if !params.is_null() {
            message["params"] = params;
        }
        self.send(&message);
    }

    /// Sends a request (`params` left out when null) and waits for its response: `Ok(result)` or `Err(error)`.
    pub fn request(&mut self, method: &str, params: Value) -> Result<Value, Value> {
        let id = self.send_request(method, params);
        self.response(id)
    }

    /// Sends a request (`params` left out when null) without waiting; returns its id.
    pub fn send_request(&mut self, method: &str, params: Value) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        let mut message = json!({ "jsonrpc": "2.0", "id": id, "method": method });
        if !params.is_null() {
            message["params"] = params;
        }
        self.send(&message);
        id
    }

    /// Waits for the response to request `id`: `Ok(result)` or `Err(error)`.
    pub fn response(&mut self, id: i64) -> Result<Value, Value> {
        let response =
            self.wait_for(|m| m.get("id") == Some(&json!(id)) && m.get("method").is_none());
        match response.get("error") {
            Some(error) => Err(error.clone()),
            None => Ok(response.get("result").cloned().unwrap_or(Value::Null)),
        }
    }

    /// The next notification `method` whose params satisfy `accept`.
    pub fn notification(&mut self, method: &str, accept: impl Fn(&Value) -> bool) -> Value {
        let message =
            self.wait_for(|m| m.get("method") == Some(&json!(method)) && accept(&m["params"]));
        message["params"].clone()
    }

    /// Forgets the messages read so far but not yet asked for.
    pub fn clear_stash(&mut self) {
        self.stash.clear();
    }

    /// Every message arriving within `wait` (stashed ones excluded) that
    /// satisfies `accept`.
    pub fn collect_for(&mut self, wait: Duration, accept: impl Fn(&Value) -> bool) -> Vec<Value> {
        let deadline = Instant::now() + wait;
        let mut found: Vec<Value> = Vec::new();
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.incoming.recv_timeout(left) {
                Ok(message) if accept(&message) => found.push(message),
                Ok(message) => self.stash.push_back(message),
                Err(_) => break,
            }
        }
        found
    }

    /// Waits (with [`TIMEOUT`]) for a message satisfying `accept`, stashing others.
    pub fn wait_for(&mut self, accept: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.stash.iter().position(&accept) {
            return self.stash.remove(i).expect("stashed message");
        }
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.incoming.recv_timeout(left) {
                Ok(message) if accept(&message) => return message,
                Ok(message) => self.stash.push_back(message),
                Err(RecvTimeoutError::Timeout) => panic!("timed out waiting for the server"),
                Err(RecvTimeoutError::Disconnected) => panic!("the server closed its output"),
            }
        }
    }

    /// `shutdown` then `exit`; returns the exit status.
    pub fn shutdown_and_exit(mut self) -> ExitStatus {
        self.request("shutdown", Value::Null)
            .expect("shutdown succeeds");
        self.notify("exit", Value::Null);
        self.wait_exit()
    }

    /// Waits for the process to end, killing it after [`TIMEOUT`].
    pub fn wait_exit(&mut self) -> ExitStatus {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().expect("poll the server") {
                return status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("the server did not exit");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for LspClient {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            if let Ok(log) = self.stderr.lock() {
                eprintln!("--- runic lsp stderr ---\n{log}");
            }
        }
    }
}

/// Reads framed messages until the stream ends.
fn read_messages(mut reader: impl BufRead, sender: mpsc::Sender<Value>) {
    while let Some(body) = read_frame(&mut reader) {
        let Ok(message) = serde_json::from_slice::<Value>(&body) else {
            return;
        };
        if sender.send(message).is_err() {
            return;
        }
    }
}

fn read_frame(reader: &mut impl BufRead) -> Option<Vec<u8>> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(value) = line.strip_prefix("Content-Length:") {
            length = value.trim().parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    Some(body)
}

fn collect(mut stderr: impl Read, sink: Arc<Mutex<String>>) {
    let mut buffer = [0u8; 4096];
    while let Ok(n) = stderr.read(&mut buffer) {
        if n == 0 {
            return;
        }
        if let Ok(mut log) = sink.lock() {
            log.push_str(&String::from_utf8_lossy(&buffer[..n]));
        }
    }
}

/// The LSP position (line, UTF-16 column) of a byte offset in a `\n`-lined text.
pub fn position(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let character: usize = before[line_start..].chars().map(char::len_utf16).sum();
    json!({ "line": line, "character": character })
}

/// The LSP range of a byte range.
pub fn range(text: &str, start: usize, end: usize) -> Value {
    json!({ "start": position(text, start), "end": position(text, end) })
}

/// The diagnostics the server should publish for `text`, as JSON (range,
/// severity, code, message), computed through `runic-queries` directly.
pub fn expected_diagnostics(text: &str) -> Vec<Value> {
    let mut workspace = runic_queries::Workspace::new();
    let file = workspace.set_text("expected.fut", text.to_string());
    runic_queries::file_diagnostics(workspace.db(), file)
        .iter()
        .map(|d| {
            let start = usize::from(d.range.start());
            let end = usize::from(d.range.end());
            json!({
                "range": range(text, start, end),
                "message": d.message,
                "code": d.code,
            })
        })
        .collect()
}

/// The published diagnostics reduced to what [`expected_diagnostics`] gives.
pub fn published_summary(params: &Value) -> Vec<Value> {
    params["diagnostics"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|d| json!({ "range": d["range"], "message": d["message"], "code": d["code"] }))
        .collect()
}

pub fn open(client: &mut LspClient, uri: &str, text: &str) {
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "futhark", "version": 1, "text": text } }),
    );
}
